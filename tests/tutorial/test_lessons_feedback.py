"""The lessons' feedback, stage by stage, and the drills of the "Playing well" pages, in CPython.

A first wrong answer points to the rule that applies and says nothing of the answer; a second one shows
the engine's answer and why; a drill compares the reader's legal choice with the computer player's.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tarot_core.exercises import judge, readable, right_answers, say, table_for
from tarot_core.exercises.drills import OTHER_CHOICE, SAME_CHOICE, computer_choice
from tarot_core.records import HandRecord, load_record
from tutorial.bridge import lessons as lesson_bridge

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "tutorial" / "lessons"
DRILLS = ROOT / "tutorial" / "drills"
DOCS = ROOT / "docs"
#: Every rule label the pages define: ``(rule-must-follow-suit)=``.
LABELS = {
    label
    for path in DOCS.rglob("*.md")
    if "_build" not in path.parts
    for label in re.findall(r"^\((rule-[a-z-]+)\)=$", path.read_text(encoding="utf-8"), re.MULTILINE)
}
DRILL_DIRECTIVE = re.compile(r"^```\{tarot-drill\} (\S+) (\S+)$", re.MULTILINE)


def _records(name: str) -> HandRecord:
    return load_record(ROOT / "tutorial" / "hands" / f"{name}.json")


def _lessons() -> dict[str, dict[str, Any]]:
    return {
        path.stem: json.loads(path.read_text(encoding="utf-8")) for path in sorted(LESSONS.glob("*.json"))
    }


def _drills() -> list[dict[str, Any]]:
    return [
        item
        for path in sorted(DRILLS.glob("*.json"))
        for item in json.loads(path.read_text(encoding="utf-8"))["exercises"]
    ]


#: The exercises with a plausible wrong answer, quick to judge (the hand judge's are left to their test).
WRONG = [
    pytest.param(item, wrong["answer"], id=f"{item['id']}-{number}")
    for lesson in _lessons().values()
    for item in lesson["exercises"]
    if item["kind"] != "worth"
    for number, wrong in enumerate(item.get("wrong", []))
]
RULES = {label: f"../rules/page.html#{label}" for label in LABELS}
TITLES = {label: f"Title of {label}" for label in LABELS}


def _check(item: dict[str, Any], answer: object, wrong_before: int) -> dict[str, Any]:
    options = json.dumps({"rules": RULES, "titles": TITLES, "wrong_before": wrong_before})
    result: dict[str, Any] = json.loads(lesson_bridge.check(json.dumps(item), json.dumps(answer), options))
    assert result["ok"], result
    return result


def _text(markup: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)))


def test_every_exercise_names_its_rule_and_every_lesson_what_it_teaches() -> None:
    for name, lesson in _lessons().items():
        assert len(lesson["learnt"]) >= 2 and all(line.strip() for line in lesson["learnt"]), name
        for item in lesson["exercises"]:
            assert item.get("rule") in LABELS, (item["id"], item.get("rule"))


@pytest.mark.parametrize(("item", "answer"), WRONG)
def test_a_first_wrong_answer_points_to_the_rule_and_hides_the_answer(
    item: dict[str, Any], answer: object
) -> None:
    first = _check(item, answer, 0)
    assert first["verdict"] == "wrong" and first["stage"] == "pointer"
    html = first["feedback_html"]
    link = re.search(r'<a class="tl-rule tl-pointer" href="([^"]+)">([^<]+)</a>', html)
    assert link is not None, html
    label = link.group(1).split("#")[1]
    assert link.group(2) == TITLES[label]
    assert label == item["rule"]  # the exercise's own rule
    text = _text(html)
    assert first["message"] not in text  # the engine's reason comes with the answer, not before
    for right in right_answers(item, _records):
        if not isinstance(right, list) and item["kind"] in ("play", "winner", "call"):
            assert say(_card(right)) not in text
    second = _check(item, answer, 1)
    assert second["stage"] == "shown"
    shown = _text(second["feedback_html"])
    assert readable(second["message"]) in shown or second["message"] in shown
    assert "The answer" in shown or "The right answers" in shown or "One legal discard" in shown


def _card(code: object) -> Any:
    from tarot_core.cards import Card

    return Card.parse(str(code))


def test_a_right_answer_after_a_pointer_is_right_and_the_shown_answer_is_the_engine_s() -> None:
    item = next(i for i in _lessons()["following"]["exercises"] if i["id"] == "follow-highest")
    right = right_answers(item)[0]
    assert _check(item, right, 1)["stage"] == "right"
    shown = _text(_check(item, item["wrong"][0]["answer"], 1)["feedback_html"])
    assert f"The answer: {say(_card(right))}." in shown
    assert judge(item, right).message in shown


def test_a_lesson_about_another_player_says_their_name() -> None:
    """Where the exercise is another seat's hand, the engine's sentences name that player."""
    named = [item for lesson in _lessons().values() for item in lesson["exercises"] if "record" in item]
    assert named
    for item in named:
        table = table_for(item, _records)
        assert table is not None
        name = table.name(table.seat)
        assert name in item["question"]
        for wrong in item.get("wrong", []):
            message = judge(item, wrong["answer"], _records).message
            assert name in message and "you " not in message.lower().replace("your ", ""), message


def test_every_drill_on_the_pages_exists_and_every_drill_is_on_a_page() -> None:
    placed = {
        (name, exercise_id)
        for path in (DOCS / "strategy").glob("*.md")
        for name, exercise_id in DRILL_DIRECTIVE.findall(path.read_text(encoding="utf-8"))
    }
    known = {
        (path.stem, item["id"])
        for path in DRILLS.glob("*.json")
        for item in json.loads(path.read_text(encoding="utf-8"))["exercises"]
    }
    assert placed <= known
    assert known == placed  # every drill is on a page
    pages = {
        path.stem
        for path in (DOCS / "strategy").glob("*.md")
        if DRILL_DIRECTIVE.search(path.read_text("utf-8"))
    }
    assert {"discard", "excuse", "defence"} <= pages


@pytest.mark.parametrize("item", _drills(), ids=lambda item: item["id"])
def test_a_drill_compares_the_reader_s_choice_with_the_computer_player_s(item: dict[str, Any]) -> None:
    table = table_for(item)
    assert table is not None
    choice = computer_choice(item["kind"], table)
    assert choice.cards and len(choice.reasons) == len(choice.cards)
    best = right_answers(item)[0]
    same = _check(item, best, 0)
    assert same["verdict"] == "right" and same["reason"] == SAME_CHOICE and same["stage"] == "right"
    assert choice.reasons[0] in _text(same["feedback_html"])
    if item["kind"] == "drill-play":
        legal = [str(card) for card in table.round.legal_cards(table.seat)]
        other = next((code for code in legal if code != best), None)
        if other is not None:
            compared = _check(item, other, 0)
            assert compared["reason"] == OTHER_CHOICE and compared["stage"] == "compared"
            assert f"{choice.cards[0].noun}" in _text(compared["feedback_html"])
            assert "Read the rule" not in compared["feedback_html"]
        held = {str(card) for card in table.round.hands[table.seat]}
        refused = next((code for code in sorted(held) if code not in legal), None)
        if refused is not None:
            stopped = _check(item, refused, 0)
            assert stopped["stage"] == "refused" and "Try again" in stopped["feedback_html"]
    else:
        hand = table.round.hands[table.seat]
        kings = [str(card) for card in hand if card.rank == 14 and not card.is_trump]
        assert kings and isinstance(best, list)
        stopped = _check(item, [*kings[:1], *[c for c in best if c not in kings][:5]], 0)
        assert stopped["stage"] == "refused" and stopped["reason"] == "discard-king"
        assert same["feedback_html"].count("<li>") == len(choice.cards)
