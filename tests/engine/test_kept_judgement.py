"""The hand judge's verdict on a "would you bid?" hand, worked out by the site's build and kept in the
exercise, so that the reader's browser does not play the hand out again (over ten seconds on a phone).

A kept verdict reads back whole and gives the very verdicts the judge gives afresh; a verdict kept for
another hand, or damaged, is set aside and the hand judged afresh: it can never give a wrong verdict.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tarot_core.exercises import judge, kept_work, table_for
from tarot_core.exercises import worth as worth_module
from tarot_core.players.judge import judgement_from_json, judgement_json

pytestmark = pytest.mark.heavy

LESSON = Path(__file__).resolve().parents[2] / "tutorial" / "lessons" / "worth.json"
EXERCISES: list[dict[str, Any]] = json.loads(LESSON.read_text(encoding="utf-8"))["exercises"]
FIRST, SECOND = EXERCISES[0], EXERCISES[1]


@pytest.fixture(autouse=True)
def _fresh() -> Iterator[None]:
    """Each test starts with no judgement remembered from an earlier one."""
    worth_module._JUDGEMENTS.clear()
    yield
    worth_module._JUDGEMENTS.clear()


def _answers(exercise: dict[str, Any]) -> list[str]:
    table = table_for(exercise)
    assert table is not None
    view = table.round.view(table.seat)
    return ["pass" if a.kind == "pass" else str(a.word) for a in view.legal if a.kind in ("pass", "bid")]


def _forbid_judging(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the hand was judged afresh")

    monkeypatch.setattr(worth_module, "judge_bid", refuse)


def test_a_kept_judgement_reads_back_whole() -> None:
    table = table_for(FIRST)
    assert table is not None
    judgement = worth_module.hand_judgement(table)
    data = json.loads(json.dumps(judgement_json(judgement)))
    assert judgement_from_json(data, table.round.view(table.seat)) == judgement


@pytest.mark.parametrize("exercise", EXERCISES[:3], ids=[e["id"] for e in EXERCISES[:3]])
def test_a_kept_judgement_gives_the_judges_own_verdicts_without_playing_out(
    exercise: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = _answers(exercise)
    fresh = [judge(exercise, answer).as_dict() for answer in answers]
    kept = json.loads(json.dumps(kept_work(exercise)))  # as the page sends it back
    worth_module._JUDGEMENTS.clear()
    _forbid_judging(monkeypatch)
    assert [judge({**exercise, **kept}, answer).as_dict() for answer in answers] == fresh


def test_other_kinds_keep_nothing() -> None:
    assert kept_work({"kind": "count", "cards": "HK T21 S3"}) == {}


def _spoiled_kept() -> Iterator[object]:
    kept: dict[str, Any] = kept_work(SECOND)["kept"]  # type: ignore[assignment]
    rows = kept["judgement"]["estimates"]
    yield None
    yield "kept"
    yield {"of": kept["of"]}
    yield {"of": kept["of"], "judgement": {**kept["judgement"], "estimates": rows[:-1]}}
    yield {"of": kept["of"], "judgement": {**kept["judgement"], "margins": ["wide"] * len(rows)}}
    yield {"of": kept["of"], "judgement": {**kept["judgement"], "deals": True}}
    yield {
        "of": kept["of"],
        "judgement": {**kept["judgement"], "estimates": [{**rows[0], "action": "p1 bid garde"}, *rows[1:]]},
    }
    yield {"of": kept["of"], "judgement": {**kept["judgement"], "estimates": [{**rows[0], "mean": 1e400}]}}


def test_a_judgement_kept_for_another_hand_or_damaged_is_set_aside(monkeypatch: pytest.MonkeyPatch) -> None:
    answers = _answers(FIRST)
    table = table_for(FIRST)
    assert table is not None
    own = worth_module.hand_judgement(table)
    fresh = [judge(FIRST, answer).as_dict() for answer in answers]
    other = kept_work(SECOND)  # the second hand's verdict, given to the first
    judged: list[object] = []

    def judge_afresh(view: object) -> object:  # the first hand's own judgement, without playing it again
        judged.append(view)
        return own

    monkeypatch.setattr(worth_module, "judge_bid", judge_afresh)
    spoiled = [other["kept"], *_spoiled_kept()]
    for kept in spoiled:
        worth_module._JUDGEMENTS.clear()
        assert [judge({**FIRST, "kept": kept}, answer).as_dict() for answer in answers] == fresh
    assert len(judged) == len(spoiled)  # each time, the hand was judged afresh
