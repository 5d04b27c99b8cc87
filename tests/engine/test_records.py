"""Hand records: the French Tarot sample hands load and replay, records round-trip, and a bad record is
refused with a message naming the action and the rule."""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from tarot_core import find_variant
from tarot_core.actions import Action
from tarot_core.cards import FULL_PACK
from tarot_core.errors import RecordError
from tarot_core.records import HandRecord, load_record
from tests.engine.fft_helpers import P1, P2, act, new_round, play_out, take

HANDS = Path(__file__).resolve().parents[2] / "tutorial" / "hands"
FFT_RECORDS = sorted(HANDS.glob("fft-*.json"))


def test_there_are_french_tarot_hand_records() -> None:
    if not HANDS.is_dir() and sys.platform == "emscripten":
        pytest.skip("the sample hands are not copied into this runtime")
    assert FFT_RECORDS, f"no fft-*.json hand record in {HANDS}"
    keys = {load_record(path).variant.key for path in FFT_RECORDS}
    assert keys == {"fft-3", "fft-4", "fft-5"}, "a sample hand for each player count"


@pytest.mark.parametrize("path", FFT_RECORDS, ids=[p.stem for p in FFT_RECORDS])
def test_hand_record_loads_and_replays(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    record = load_record(path)
    assert record.variant.key == data["variant"] and record.variant.family == "fft"
    assert record.title and len(record.players) == record.variant.players
    # The deal uses the whole pack, once.
    dealt = sorted([*record.dog, *(c for hand in record.hands for c in hand)], key=lambda c: c.index)
    assert dealt == list(FULL_PACK)
    # Every step replays, one action at a time.
    steps = list(record.states())
    assert len(steps) == len(record.actions) + 1
    rnd = record.final_round()
    assert rnd.is_over, "a sample hand is played to the end"
    # The record states its result, and the engine agrees (load_record checks it; check it again).
    assert "expected" in data and data["expected"]["outcome"] == "played"
    summary = rnd.result_summary()
    for name, value in data["expected"].items():
        assert summary[name] == value
    result = rnd.result()
    assert sum(result.by_seat.values()) == 0
    assert result.counting is not None
    assert result.counting.attack_half_points + result.counting.defence_half_points == 182


@pytest.mark.parametrize("path", FFT_RECORDS, ids=[p.stem for p in FFT_RECORDS])
def test_hand_record_round_trips(path: Path) -> None:
    record = load_record(path)
    again = load_record(record.to_json())
    assert again.actions == record.actions
    assert again.hands == record.hands and again.dog == record.dog and again.dealer == record.dealer
    assert again.players == record.players and again.title == record.title
    assert again.final_round().result_summary() == record.final_round().result_summary()
    rebuilt = HandRecord.from_round(record.final_round(), players=record.players, title=record.title)
    assert json.loads(rebuilt.to_json())["actions"] == json.loads(path.read_text(encoding="utf-8"))["actions"]


def test_round_at_each_step_matches_the_replay() -> None:
    rnd = new_round("fft-4", {"p2": "T2 T3 T4"})
    take(rnd, "p2", "garde-sans")
    play_out(rnd)
    record = HandRecord.from_round(rnd)
    for step in (0, 1, 4, 10, len(record.actions)):
        at = record.round_at(step)
        assert at.actions == record.actions[:step]
    with pytest.raises(ValueError, match="step must be between 0 and"):
        record.round_at(len(record.actions) + 1)


def test_record_of_a_redeal_round_trips() -> None:
    rnd = new_round("fft-3", {"p1": "T2 T3"})
    act(rnd, "p2 pass", "p3 pass", "p1 pass")
    record = HandRecord.from_round(rnd, title="Everyone passes")
    assert record.expected == {"outcome": "redeal-all-passed", "scores": {"p1": 0, "p2": 0, "p3": 0}}
    again = load_record(record.to_json())
    assert again.final_round().result().outcome == "redeal-all-passed" and again.title == "Everyone passes"


def test_record_keeps_rule_options() -> None:
    variant = find_variant("fft-4", excuse_wins_unannounced_slam=False)
    rnd = variant.deal_round(P1, 5)
    record = HandRecord.from_round(rnd, seed=5)
    data = json.loads(record.to_json())
    assert data["options"] == {"excuse_wins_unannounced_slam": False} and data["seed"] == 5
    assert load_record(data).variant == variant


def test_save_and_load_a_file(tmp_path: Path) -> None:
    rnd = find_variant("fft-5").deal_round(P2, "save")
    take(rnd, "p3", "garde")
    rnd.push(rnd.legal_actions()[0])  # the call
    play_out(rnd)
    record = HandRecord.from_round(rnd, players=["A", "B", "C", "D", "E"])
    path = tmp_path / "hand.json"
    record.save(path)
    again = load_record(path)
    assert again.actions == record.actions and again.players == ["A", "B", "C", "D", "E"]
    assert again.expected == record.expected and again.expected["outcome"] == "played"


# ------------------------------------------------------------------ bad records


def good_record() -> dict[str, Any]:
    """A finished four-player record, as parsed JSON."""
    rnd = find_variant("fft-4").deal_round(P1, 11)
    take(rnd, "p3", "garde")
    play_out(rnd)
    data: dict[str, Any] = json.loads(HandRecord.from_round(rnd, title="Eleven").to_json())
    return data


def test_good_record_is_accepted() -> None:
    data = good_record()
    assert load_record(data).final_round().is_over
    assert load_record(json.dumps(data)).actions == load_record(data).actions


def test_illegal_action_names_the_action_number_and_the_rule() -> None:
    data = good_record()
    record = load_record(data)
    rnd = record.new_round()
    # Find the first play where the player could not play every card they hold, and break it.
    number = 0
    for action in record.actions:
        number += 1
        if action.kind == "play" and rnd.to_move is not None:
            legal = {a.card for a in rnd.legal_actions() if a.kind == "play"}
            illegal = [c for c in rnd.hands[rnd.to_move] if c not in legal]
            if illegal:
                bad = Action(rnd.to_move, "play", "", (illegal[0],))
                refusal = rnd.why_illegal(bad)
                assert refusal is not None
                break
        rnd.push(action)
    else:  # pragma: no cover - the seeded deal has such a play
        pytest.fail("no constrained play in the record")
    broken = copy.deepcopy(data)
    broken["actions"][number - 1] = str(bad)
    with pytest.raises(RecordError) as caught:
        load_record(broken)
    message = str(caught.value)
    assert message.startswith(f'action {number} "{bad}" is illegal: ')
    assert refusal.message in message
    assert message.endswith(f"(rule: {refusal.reason.code})")


@pytest.mark.parametrize(
    ("index", "text", "fragment"),
    [
        (0, "p3 pass", "action 1 \"p3 pass\" is illegal: it is p2's turn, not p3's (rule: not-your-turn)"),
        (0, "p2 bid chelem", "(rule: bid-not-allowed)"),
        (0, "p2 play HK", "(rule: wrong-phase)"),
        (0, "p9 pass", 'action 1 "p9 pass" cannot be read'),
        (0, "p2 play ZZ", 'action 1 "p2 play ZZ" cannot be read'),
        (0, "p2", "cannot be read"),
    ],
)
def test_bad_actions_are_named(index: int, text: str, fragment: str) -> None:
    data = good_record()
    data["actions"][index] = text
    with pytest.raises(RecordError) as caught:
        load_record(data)
    assert fragment in str(caught.value)


def test_discard_of_a_king_names_the_rule() -> None:
    rnd = new_round(
        "fft-4", {"p2": "SK HK S1 S2 S3 S4 H1 H2 H3 T1 T21 T5 T6 T7 T8 T9 T10 T11"}, dog="DK CK EX D1 D2 T12"
    )
    take(rnd, "p2", "garde")
    play_out(rnd)
    data = json.loads(HandRecord.from_round(rnd).to_json())
    number = next(i for i, text in enumerate(data["actions"], start=1) if " discard " in text)
    assert number == 5  # after the four bids
    data["actions"][number - 1] = "p2 discard SK"
    with pytest.raises(RecordError) as caught:
        load_record(data)
    assert str(caught.value) == (
        'action 5 "p2 discard SK" is illegal: a King may not go in the discard (King of Spades) '
        "(rule: discard-king)"
    )


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"colour": "red"}, "unknown field 'colour'"),
        ({"format": "chess-game"}, "not a tarot-hand record"),
        ({"version": 2}, "not a tarot-hand record of version 1"),
        ({"variant": None}, "must name its variant"),
        ({"variant": "fft-6"}, "unknown variant 'fft-6'"),
        ({"dealer": "p7"}, "is not a seat"),
        ({"deal": "S1 S2"}, "the record needs a deal"),
        ({"players": ["A", "B"]}, "players must list 4 names"),
        ({"actions": "p2 pass"}, "actions must be a list"),
        ({"options": {"misere": True}}, "misere"),
        ({"options": {"failed_slam": "never"}}, "bad record: "),
        ({"options": [1]}, "options must be an object"),
        (
            {"expected": {"outcome": "redeal-all-passed"}},
            "expected outcome 'redeal-all-passed' but the engine",
        ),
        ({"expected": {"winner": "p1"}}, "expected 'winner' is not a result field"),
        ({"expected": [1]}, "expected must be an object"),
    ],
)
def test_bad_records_are_refused_with_a_reason(change: dict[str, Any], fragment: str) -> None:
    data = good_record()
    data.update(change)
    with pytest.raises(RecordError) as caught:
        load_record(data)
    assert fragment in str(caught.value)


def test_wrong_expected_score_is_refused() -> None:
    data = good_record()
    scores = dict(data["expected"]["scores"])
    scores["p1"] += 1
    data["expected"]["scores"] = scores
    with pytest.raises(RecordError, match=r"expected scores .* but the engine finds"):
        load_record(data)


def test_expected_result_of_an_unfinished_round_is_refused() -> None:
    data = good_record()
    data["actions"] = data["actions"][:-1]
    with pytest.raises(RecordError, match="its round is not finished"):
        load_record(data)
    del data["expected"]
    assert not load_record(data).final_round().is_over


def test_bad_deals_are_refused() -> None:
    data = good_record()
    twice = copy.deepcopy(data)
    p1 = twice["deal"]["p1"].split()
    p2 = twice["deal"]["p2"].split()
    p2[0] = p1[0]
    twice["deal"]["p2"] = " ".join(p2)
    with pytest.raises(RecordError, match=r"bad deal: .*dealt twice"):
        load_record(twice)
    short = copy.deepcopy(data)
    short["deal"]["dog"] = " ".join(short["deal"]["dog"].split()[:5])
    with pytest.raises(RecordError, match="bad deal: the dog holds 5 cards"):
        load_record(short)
    unreadable = copy.deepcopy(data)
    unreadable["deal"]["p3"] = unreadable["deal"]["p3"].replace(unreadable["deal"]["p3"].split()[0], "X9")
    with pytest.raises(RecordError, match="is not a card"):
        load_record(unreadable)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("{not json", "the record is not valid JSON"),
        ("[1, 2]", "cannot read the record"),
        ("{}", "must name its variant"),
    ],
)
def test_bad_text_is_refused(text: str, fragment: str) -> None:
    with pytest.raises(RecordError) as caught:
        load_record(text)
    assert fragment in str(caught.value)


def test_missing_file_and_json_array_are_refused(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read the record"):
        load_record(tmp_path / "nowhere.json")
    path = tmp_path / "array.json"
    path.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(RecordError, match="a hand record is a JSON object"):
        load_record(path)
