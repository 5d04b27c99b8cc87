"""Every exercise of the lessons is a test: the engine's verdict on the answers it derives is "right",
on the file's plausible wrong answers "wrong" with the reason written beside them.

No answer key is typed anywhere: the right answers come from the rules (the legal cards, the card points,
the targets, the scores, where the Excuse goes), and only the wrong answers and their reasons are data.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tarot_core.cards import FULL_PACK
from tarot_core.exercises import (
    KINDS,
    NAMES,
    WATCHED_NAMES,
    ExerciseError,
    hand_judgement,
    judge,
    readable,
    right_answers,
    say,
    say_all,
    table_for,
)
from tarot_core.records import HandRecord, load_record

LESSONS = Path(__file__).resolve().parents[2] / "tutorial" / "lessons"
HANDS = LESSONS.parent / "hands"


def records(name: str) -> HandRecord:
    """A sample hand named by an exercise, read from the sample hands' folder."""
    return load_record(HANDS / f"{name}.json")


STRONG_HAND = "T21 T1 EX T20 T19 T18 T17 T16 T15 T14 T12 T10 SK HK DK CK S2 H3"
FILES = sorted(LESSONS.glob("*.json"))
ALL: list[dict[str, Any]] = [
    exercise for path in FILES for exercise in json.loads(path.read_text(encoding="utf-8"))["exercises"]
]
HEAVY = pytest.mark.heavy
#: A "worth" exercise plays its hand out many times over (the bid judge): heavy.
EXERCISES = [
    pytest.param(exercise, id=exercise["id"], marks=[HEAVY] if exercise["kind"] == "worth" else [])
    for exercise in ALL
]
#: A card code in a learner's sentence (``S10``, ``HC``, ``T11``, ``EX``) is a bug: they read names.
CODE = re.compile(r"\b(?:T(?:2[01]|1[0-9]|[1-9])|[SHDC](?:10|[1-9]|[JCQK])|EX)\b")
#: The fields an exercise may hold: a position, a question and its words; never an answer.
POSITION_FIELDS = {
    "variant",
    "hand",
    "trick",
    "cards",
    "dog",
    "bids",
    "choices",
    "contract",
    "request",
    "ask",
    "bouts",
    "seed",
    "excuse_trick",
    "called",
    "taker",
    "goal",
    "trick_number",
    "record",
    "step",
}
#: ``rule`` names the label of the rule's section that a first wrong answer points to.
WORD_FIELDS = {"id", "kind", "question", "teach", "wrong", "rule"}


def test_the_path_has_six_to_eight_lessons_and_forty_exercises() -> None:
    """The tutorial's path, plus the lessons of the "Playing well" section (strategy/)."""
    lessons = [json.loads(path.read_text(encoding="utf-8")) for path in FILES]
    path = [lesson for lesson in lessons if lesson["page"].startswith("tutorial/")]
    assert 6 <= len(path) <= 8
    assert sum(len(lesson["exercises"]) for lesson in path) >= 40
    for lesson in lessons:
        assert lesson["title"] and lesson["page"].startswith(("tutorial/", "strategy/"))
        assert 3 <= len(lesson["exercises"]) <= 10, lesson["title"]


def test_exercise_ids_are_unique() -> None:
    ids = [exercise["id"] for exercise in ALL]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("exercise", EXERCISES)
def test_exercise_holds_no_answer(exercise: dict[str, Any]) -> None:
    assert exercise["kind"] in KINDS
    assert set(exercise) <= POSITION_FIELDS | WORD_FIELDS, set(exercise) - POSITION_FIELDS - WORD_FIELDS
    for field in ("question", "teach"):
        assert not CODE.search(exercise.get(field, "")), f"{field} writes a card code"


@pytest.mark.parametrize("exercise", EXERCISES)
def test_engine_accepts_its_own_answers(exercise: dict[str, Any]) -> None:
    answers = right_answers(exercise, records)
    assert answers, "the engine finds no right answer"
    if exercise["kind"] in ("bid", "call", "worth"):
        assert set(answers) < set(exercise["choices"]), "some offered choice must be wrong"
    for answer in answers:
        verdict = judge(exercise, answer, records)
        assert verdict.right, (answer, verdict)
        assert verdict.message and not CODE.search(verdict.message), verdict.message
        assert verdict.rule


@pytest.mark.parametrize("exercise", EXERCISES)
def test_plausible_wrong_answers_are_wrong_for_the_rule_s_reason(exercise: dict[str, Any]) -> None:
    wrong = exercise.get("wrong", [])
    assert wrong, "each exercise names at least one plausible wrong answer"
    answers = right_answers(exercise, records)
    for item in wrong:
        assert item["answer"] not in answers
        verdict = judge(exercise, item["answer"], records)
        assert not verdict.right, item
        assert verdict.reason == item["reason"], (item, verdict)
        assert not CODE.search(verdict.message), verdict.message


def test_a_written_trick_is_checked() -> None:
    with pytest.raises(ExerciseError, match="both in the hand and in the trick"):
        table_for({"kind": "play", "hand": "SK S2", "trick": "SK"})
    with pytest.raises(ExerciseError, match="at most 3"):
        table_for({"kind": "play", "hand": "S2", "trick": "S3 S4 S5 S6"})
    with pytest.raises(ExerciseError, match="written twice"):
        table_for({"kind": "play", "hand": "S2 S2", "trick": ""})
    with pytest.raises(ExerciseError, match="hand of 18 cards"):
        table_for({"kind": "discard", "hand": "S2", "dog": "S3"})


def test_numbers_are_read_as_learners_type_them() -> None:
    exercise = {"kind": "count", "cards": "HK"}
    for typed in ("4.5", "4,5", "4½", " 4.5 ", "+4.5"):
        assert judge(exercise, typed).right, typed
    with pytest.raises(ExerciseError, match="type a number"):
        judge(exercise, "four")


def test_cards_are_named_as_players_read_them() -> None:
    names = {str(card): say(card) for card in FULL_PACK}
    assert names["S10"] == "10♠"
    assert names["HC"] == "Knight of Hearts"
    assert names["T11"] == "11 of trumps"
    assert names["EX"] == "the Excuse"
    assert not any(CODE.search(name) for name in names.values())
    assert (
        say_all([FULL_PACK[0], FULL_PACK[13], FULL_PACK[77]])
        == "Ace of Spades, King of Spades and the Excuse"
    )
    assert readable("you hold S1 SK and T12") == "you hold Ace of Spades and King of Spades and 12 of trumps"
    assert (
        readable("a King may not go in the discard (HK)")
        == "a King may not go in the discard (King of Hearts)"
    )


def test_a_set_of_cards_names_the_first_mistake() -> None:
    exercise = {"kind": "legal", "hand": "H2 H8 S4", "trick": "H10"}
    verdict = judge(exercise, ["H2", "S4"])
    assert (verdict.right, verdict.reason) == (False, "must-follow-suit")
    assert verdict.message.startswith("Not 4♠:")
    verdict = judge(exercise, ["H2"])
    assert (verdict.right, verdict.reason) == (False, "missed-legal-card")
    assert "8♥" in verdict.message


def test_winning_the_trick_needs_a_legal_card_that_takes_the_lead() -> None:
    exercise = {"kind": "play", "goal": "win", "hand": "S2 SQ H4", "trick": "S10 SC S5"}
    assert right_answers(exercise, records) == ["SQ"]
    assert judge(exercise, "S2").reason == "not-ahead"
    assert judge(exercise, "H4").reason == "must-follow-suit"


TRICKS = [pytest.param(e, id=e["id"]) for e in ALL if e["kind"] in ("play", "legal", "winner")]


@pytest.mark.parametrize("exercise", TRICKS)
def test_the_words_name_the_players_who_played_the_cards(exercise: dict[str, Any]) -> None:
    """ "Chloé trumped with the 15", "Bruno led the Excuse": the words agree with the position."""
    table = table_for(exercise, records)
    assert table is not None and table.round.current is not None
    plays = {table.name(seat): card for seat, card in table.round.current.plays}
    words = f"{exercise.get('teach', '')} {exercise['question']}"
    players = "|".join(sorted({*NAMES, *WATCHED_NAMES}))
    for name, rank in re.findall(rf"\b({players}) trumped with the (\d+)", words):
        assert name in plays and plays[name].is_trump and plays[name].rank == int(rank), (name, rank)
    for name in re.findall(rf"\b({players}) led\b", words):
        leader = table.round.current.plays[0][0]
        assert table.name(leader) == name, name


@pytest.mark.heavy
def test_would_you_bid_accepts_every_answer_the_judge_cannot_tell_from_the_best() -> None:
    """A borderline hand: the best contract and one within the judge's uncertainty are both right."""
    exercise = {"kind": "worth", "seed": 5}
    table = table_for(exercise)
    assert table is not None
    judgement = hand_judgement(table)
    close = []
    for estimate in judgement.estimates:
        verdict = judge(exercise, estimate.word)
        assert verdict.right == judgement.acceptable(estimate.word)
        if estimate.word == judgement.best.word:
            assert verdict.reason == "best-bid"
        elif verdict.right:
            close.append(estimate.word)
            assert verdict.reason == "close-bid"
            assert "both are good answers" in verdict.message
        else:
            assert verdict.reason in ("bid-too-high", "bid-too-low")
    assert close, "this hand is borderline: a second contract is within the judge's uncertainty"


def test_would_you_bid_checks_its_position() -> None:
    with pytest.raises(ExerciseError, match="hand of 18 cards"):
        table_for({"kind": "worth", "hand": "S2 S3"})
    with pytest.raises(ExerciseError, match="petit sec"):
        table_for({"kind": "worth", "hand": "T1 S1 S2 S3 S4 S5 S6 S7 S8 S9 S10 SJ SC SQ SK H1 H2 H3"})
    with pytest.raises(ExerciseError, match="needs its cards"):
        table_for({"kind": "worth"})
    with pytest.raises(ExerciseError, match="French Tarot only"):
        table_for({"kind": "worth", "variant": "mathers-3", "seed": 1})
    with pytest.raises(ExerciseError, match="bids: prise: "):
        table_for({"kind": "worth", "hand": STRONG_HAND, "bids": ["garde", "prise"]})
    exercise = {"kind": "worth", "seed": 0, "bids": ["garde"]}
    with pytest.raises(ExerciseError, match="list the hand instead"):
        table_for(exercise)
    refused = judge({"kind": "worth", "hand": STRONG_HAND, "bids": ["garde"]}, "prise")
    assert (refused.right, refused.reason) == (False, "bid-too-low")
    assert "higher than the last one (garde)" in refused.message
