"""Chambéry sample hands (tutorial/hands/chambery-*.json): they load, replay and state true results."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tarot_core.cli import main
from tarot_core.errors import RecordError
from tarot_core.games.chambery import ChamberyRound
from tarot_core.records import load_record

HANDS_DIR = Path(__file__).resolve().parents[2] / "tutorial" / "hands"
HANDS = sorted(HANDS_DIR.glob("chambery-*.json"))


def test_there_are_sample_hands_for_three_four_and_five_players() -> None:
    if not HANDS_DIR.is_dir() and sys.platform == "emscripten":
        pytest.skip("the sample hands are not copied into this runtime")
    keys = {json.loads(path.read_text(encoding="utf-8"))["variant"] for path in HANDS}
    assert keys == {"chambery-3", "chambery-4", "chambery-5"}


@pytest.mark.parametrize("path", HANDS, ids=lambda p: p.stem)
def test_sample_hand_loads_replays_and_matches_its_expected_result(path: Path) -> None:
    record = load_record(path)
    rnd = record.final_round()
    assert isinstance(rnd, ChamberyRound) and rnd.is_over
    assert record.expected == rnd.result_summary()
    assert record.description and record.title
    again = load_record(record.to_json())
    assert again.actions == record.actions


@pytest.mark.parametrize("path", HANDS, ids=lambda p: p.stem)
def test_sample_hand_replays_on_the_command_line(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Trick  1:" in out and "By seat:" in out


def test_a_record_with_a_wrong_expected_score_is_refused() -> None:
    if not HANDS:
        pytest.skip("the sample hands are not copied into this runtime")
    data = json.loads(HANDS[0].read_text(encoding="utf-8"))
    scores = data["expected"]["scores"]
    first = next(iter(scores))
    scores[first] += 1
    with pytest.raises(RecordError, match="expected scores"):
        load_record(data)


def test_a_record_with_an_illegal_discard_is_refused() -> None:
    if not HANDS:
        pytest.skip("the sample hands are not copied into this runtime")
    data = json.loads(HANDS[0].read_text(encoding="utf-8"))
    dealer = data["dealer"]
    king = next(card for card in data["deal"][dealer].split() if card.endswith("K"))
    data["actions"][0] = f"{dealer} discard {king}"
    data.pop("expected")
    with pytest.raises(RecordError, match="King"):
        load_record(data)
