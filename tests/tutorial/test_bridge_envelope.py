"""The bridges' one envelope: bad input refused in words by every bridge, no state left half-changed.

Each test is an input that once crashed a bridge, hung it, showed its internals or corrupted what it
keeps between calls.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tarot_core.errors import MESSAGE_LENGTH, QUOTE_LENGTH
from tarot_core.records import load_sample
from tutorial import bridge
from tutorial.bridge import envelope, play_table, state
from tutorial.bridge import lessons as lesson_bridge
from tutorial.bridge import play as play_bridge
from tutorial.bridge import sheet as sheet_bridge
from tutorial.bridge.common import _guarded

DEEP = "[" * 100_000


def refused(answer: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(answer)
    assert data["schema"] == 1 and data["ok"] is False, data
    assert isinstance(data["field"], str) and data["message"]
    assert len(data["message"]) <= MESSAGE_LENGTH
    return data


def accepted(answer: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(answer)
    assert data["schema"] == 1 and data["ok"] is True, data
    return data


def a_game() -> dict[str, Any]:
    setup = {"variant": "fft", "seed": 4, "level": "rule"}
    game: dict[str, Any] = accepted(play_bridge.start(json.dumps(setup)))["game"]
    return game


def a_sheet() -> str:
    setup = {"variant": "fft", "players": ["Ana", "Ben", "Cléo"]}
    return json.dumps(accepted(sheet_bridge.start(json.dumps(setup)))["sheet"])


# ====================================================================================== nesting
@pytest.mark.parametrize(
    "call",
    [
        lambda: lesson_bridge.check(DEEP, '"HK"'),
        lambda: lesson_bridge.check(json.dumps({"kind": "count", "cards": "HK"}), DEEP[:1_500]),
        lambda: lesson_bridge.exercise(DEEP),
        lambda: play_bridge.start(DEEP),
        lambda: play_bridge.act(DEEP, "{}"),
        lambda: play_bridge.act(json.dumps(a_game()), DEEP),
        lambda: bridge.score(DEEP),
        lambda: sheet_bridge.view(DEEP),
    ],
    ids=[
        "check",
        "check-answer",
        "exercise",
        "start",
        "act",
        "act-choice",
        "score",
        "sheet",
    ],
)
def test_deep_nesting_is_refused_in_words(call: Callable[[], str]) -> None:
    message = refused(call())["message"]
    assert "recursion" not in message and message != envelope.UNEXPECTED


def test_deep_nesting_names_the_text_refused_and_each_bridge_keeps_its_keys() -> None:
    assert (
        refused(play_bridge.start(DEEP))["message"] == "the setup is not valid JSON: it is nested too deeply"
    )
    assert "nested too deeply" in refused(lesson_bridge.exercise(DEEP))["message"]
    score = refused(bridge.score(DEEP))
    assert score["field"] == score["form_field"] == "request"  # the calculator's control at fault
    deal = refused(sheet_bridge.add_deal(a_sheet(), DEEP))
    assert deal["field"] == deal["form_field"] == "query"
    assert "form_field" not in refused(play_bridge.start(DEEP))
    sheet = json.loads(a_sheet())
    answer = refused(sheet_bridge.add_deal(json.dumps(sheet), json.dumps({"contract": ["garde"]})))
    assert answer["form_field"] == "taker" and "html" in answer  # the form drawn again, entries kept


# ====================================================================================== lessons
COUNT = json.dumps({"kind": "count", "cards": "HK T21"})


def test_a_number_answer_is_read_in_digits_and_never_takes_long() -> None:
    assert accepted(lesson_bridge.check(COUNT, json.dumps("9")))["verdict"] == "right"
    for typed in ("1e5", "1e1000000", "1" * 500, "4.5e0"):
        message = refused(lesson_bridge.check(COUNT, json.dumps(typed)))["message"]
        assert "digits" in message or "far too large" in message, (typed, message)
    # read as a number this once took minutes, with the CPU at full
    assert "digits" in refused(lesson_bridge.check(COUNT, json.dumps("1e100000000")))["message"]
    assert "far too large" in refused(lesson_bridge.check(COUNT, "1e308"))["message"]


@pytest.mark.parametrize(
    ("exercise", "field_words"),
    [
        ({"kind": "play", "hand": [1, 2, 3]}, "is not a card"),
        (
            {"kind": "play", "hand": "HK H2", "trick": "H5", "trick_number": None},
            "trick_number: a whole number",
        ),
        ({"kind": "play", "record": "a" * 1_000}, "is not the name of a sample hand"),
        ({"kind": "target", "bouts": "two"}, "bouts: a whole number"),
    ],
    ids=["hand-as-numbers", "null-trick-number", "long-record-name", "bouts-in-words"],
)
def test_an_exercise_with_a_bad_field_is_refused_in_words(exercise: dict[str, Any], field_words: str) -> None:
    message = refused(lesson_bridge.exercise(json.dumps(exercise)))["message"]
    assert field_words in message
    assert "/" not in message.replace("S/H/D/C", "").replace("1-10/J/C/Q/K", "")
    assert "File name" not in message and "aaaa" * 11 not in message


# ====================================================================================== messages
def test_a_deal_number_that_is_no_number_is_refused_in_words() -> None:
    sheet = a_sheet()
    for call in (sheet_bridge.edit_deal, sheet_bridge.delete_deal):
        data = refused(call(sheet, "three"))
        assert data["field"] == "deal" and "invalid literal" not in data["message"]
        assert data["message"] == "no deal 'three'"


def test_card_points_too_large_to_double_are_out_of_range() -> None:
    request = {"variant": "fft", "players": 4, "contract": "garde", "oudlers": 1, "points": 1e308}
    data = refused(bridge.score(json.dumps(request)))
    assert data["field"] == "points" and "between 0 and 91" in data["message"]


@pytest.mark.parametrize("size", [100_000, 1_000_000])
def test_a_long_action_is_quoted_short(size: int) -> None:
    answer = play_bridge.act(json.dumps(a_game()), json.dumps({"action": "p2 " + "x" * size}))
    assert len(answer) < 1_000
    message = refused(answer)["message"]
    assert "x" * (QUOTE_LENGTH + 1) not in message


def test_a_long_record_name_is_quoted_short() -> None:
    message = refused(bridge.replay("fft" * 20_000))["message"]
    assert "fft" * 14 not in message and "…" in message


@pytest.mark.parametrize(
    "guarded",
    [_guarded, play_bridge._guarded, sheet_bridge._guarded, lesson_bridge._guarded],
    ids=["bridge", "play", "sheet", "lesson"],
)
def test_an_unexpected_error_shows_none_of_its_words(guarded: Callable[[Callable[[], Any]], str]) -> None:
    def work() -> dict[str, Any]:
        raise OSError(36, "File name too long", "/srv/site/tutorial/hands/x.json")

    data = refused(guarded(work))
    assert data["message"] == envelope.UNEXPECTED


# ====================================================================================== kept state
def test_trick_steps_are_kept_by_what_the_record_holds_and_few_of_them() -> None:
    record = load_sample("fft-4-first-hand")
    whole = state._cached_trick_steps(record)
    assert whole == state.trick_steps(record)
    record.actions = record.actions[: whole[2]]  # the same object, another record
    assert state._cached_trick_steps(record) == whole[:3]
    for steps in range(100):
        shorter = load_sample("fft-4-first-hand")
        shorter.actions = shorter.actions[:steps]
        assert state._cached_trick_steps(shorter) == state.trick_steps(shorter)
    assert len(state._TRICK_STEPS) <= state.TRICK_STEPS_KEPT


def test_a_refused_game_leaves_no_half_applied_round() -> None:
    game = a_game()
    genuine = json.dumps(game)
    play_table.forget()
    fresh = accepted(play_bridge.show(genuine))
    rnd = play_table.round_of(play_table.read_game(game))
    before, first = list(rnd.actions), str(rnd.legal_actions()[0])
    tampered = {**game, "actions": [*game["actions"], first, first]}  # the second is out of turn
    refused(play_bridge.show(json.dumps(tampered)))
    again = accepted(play_bridge.show(genuine))
    assert again == fresh
    assert play_table.round_of(play_table.read_game(game)).actions == before


def test_after_a_refused_game_the_genuine_game_takes_its_legal_discard() -> None:
    play_table.forget()
    # A deal where the reader takes with a garde and the others pass.
    answer = accepted(play_bridge.start(json.dumps({"variant": "fft", "seed": 12, "seat": "p2"})))
    game = answer["game"]
    for _ in range(8):
        if answer["phase"] == "discard" and not answer["waiting"]:
            break
        if answer["waiting"]:
            answer = accepted(play_bridge.advance(json.dumps(game)))
        else:
            answer = accepted(play_bridge.act(json.dumps(game), json.dumps({"action": "p2 bid garde"})))
        game = answer["game"]
    assert answer["phase"] == "discard" and not answer["waiting"], answer["game"]
    rnd = play_table.round_of(play_table.read_game(game))
    discard = next(a for a in rnd.legal_actions() if a.kind == "discard")
    tampered = {**game, "actions": [*game["actions"], str(discard), str(discard)]}
    refused(play_bridge.show(json.dumps(tampered)))
    card = str(discard.cards[0])
    taken = accepted(play_bridge.act(json.dumps(game), json.dumps({"card": card})))
    assert taken["accepted"] is True, taken


def test_a_quotation_cut_short_inside_a_bracket_keeps_the_words_after_it() -> None:
    """A long record name that opens a bracket is quoted cut short, before its closing bracket: the
    refusal still says what is wrong (it used to end with the quotation, its words cut away)."""
    import json as _json

    from tutorial.bridge.replay import replay

    answer = _json.loads(replay(_json.dumps([None, None, ".py", 1.0000000000000002e16])))
    assert answer["ok"] is False
    assert answer["message"].endswith("' is not the name of a sample hand"), answer["message"]
