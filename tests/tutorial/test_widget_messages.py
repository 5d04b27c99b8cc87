"""The calculator, the score sheet and the lessons speak through the message catalogue: in another
language, their sentences, labels and refusals change, and their data does not."""

from __future__ import annotations

import gettext
import html
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from tarot_core import messages
from tarot_core.messages import use_language
from tutorial import bridge
from tutorial.bridge import lessons as lesson_bridge
from tutorial.bridge import sheet as sheet_bridge


class _Marked(gettext.NullTranslations):
    """A stand-in language: every message between « and », its placeholders kept."""

    def gettext(self, message: str) -> str:
        return f"«{message}»"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"«{msgid1 if n == 1 else msgid2}»"

    def pgettext(self, context: str, message: str) -> str:
        return "" if context.endswith("gender") else f"«{message}»"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)


@pytest.fixture
def marked() -> Iterator[None]:
    messages._catalogues["zz"] = _Marked()
    messages.GRAMMAR["zz"] = messages.GRAMMAR["en"]
    with use_language("zz"):
        yield
    del messages._catalogues["zz"], messages.GRAMMAR["zz"]


def answer(text: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(text)
    return data


def texts(text: str) -> list[str]:
    """The words between the tags and in the attributes a reader meets (labels, titles)."""
    between = [part.strip() for part in re.split(r"<[^>]*>", text) if part.strip()]
    named = re.findall(r'(?:aria-label|title|placeholder)="([^"]*)"', text)
    return [html.unescape(part) for part in between + named]


def test_the_calculator_says_every_word_in_the_language_of_the_page(marked: None) -> None:
    data = answer(
        bridge.calculate(
            json.dumps({"variant": ["fft"], "players": ["5"], "taker": ["p2"], "partner": ["p4"]})
        )
    )
    assert data["ok"]
    result = texts(data["html"])
    for words in (
        "«The working»",
        "«Term»",
        "«Each player's score»",
        "«The contract is made»",
        "«(«taker»)»",
    ):
        assert words in result, words
    assert "«Each player's score»" in texts(data["bar_html"])
    form = texts(data["form_html"])
    assert {"«Rules»", "«Players»", "«5 players»", "«Players' names (optional)»", "«Player 1»"} <= set(form)
    # the data stays as it was: seats, roles and scores, not words
    assert [row["role"] for row in data["seats"]][:2] == ["defender", "taker"]
    assert data["seats"][0]["name"] == "«Player 1»"


def test_the_calculator_refuses_in_the_language_of_the_page(marked: None) -> None:
    data = answer(bridge.calculate(json.dumps({"variant": ["fft"], "points": ["forty"], "oudlers": [""]})))
    assert not data["ok"]
    said = [error["message"] for error in data["errors"]]
    assert "«must be a number such as 41 or 40.5, written in digits, not 'forty'»" in said
    assert "«must be a whole number such as 2: the field is empty»" in said
    assert "«No score yet»" in texts(data["html"])
    assert texts(data["bar_html"]) == ["«No score until the 2 entries marked in red are fixed»"]
    refused = answer(bridge.calculate("{"))
    assert "«calculator's form»" in refused["message"]  # a noun: the language gives it its article


def test_the_score_sheet_says_every_word_in_the_language_of_the_page(marked: None) -> None:
    setup = texts(sheet_bridge.setup_html("t"))
    assert {"«Start a new session»", "«Friday at Cléo's»", "«Player 5»"} <= set(setup)
    started = answer(
        sheet_bridge.start(json.dumps({"variant": "fft", "players": ["Ana", "Ben", "Cléo", "Dan"]}))
    )
    sheet = texts(started["html"])
    assert {"«Totals after 0 deals»", "«Next to deal: Ana»", "«Deal 1, dealt by Ana»", "«Add deal 1»"} <= set(
        sheet
    )
    refused = answer(sheet_bridge.undo(json.dumps(started["sheet"])))
    assert refused["message"] == "«there is no deal to undo»"
    listed = answer(sheet_bridge.sessions(json.dumps({"s1": started["sheet"], "s2": {"x": 1}})))
    assert "«A damaged session»" in texts(listed["html"])


def test_the_lessons_say_every_word_in_the_language_of_the_page(marked: None) -> None:
    dog = json.dumps({"id": "d", "kind": "dog", "contract": "garde"})
    drawn = texts(answer(lesson_bridge.exercise(dog))["html"])
    assert {"«The taker's side»", "«The defence»", "«Your answer»"} <= set(drawn)
    verdict = answer(lesson_bridge.check(dog, json.dumps("attack")))
    assert texts(verdict["feedback_html"])[0] in ("«Right!»", "«Not quite.»")
    count = json.dumps({"id": "c", "kind": "count", "cards": "HK"})
    assert answer(lesson_bridge.check(count, ""))["message"] == "«type a number first, such as 41 or 40.5»"


def test_a_french_refusal_keeps_its_quotes_and_no_break_spaces() -> None:
    """French sets the reader's words between « and » and puts a no-break space inside them and before
    a colon, so that neither mark is left alone at the start or end of a line on a phone: the refusal
    the score sheet sends keeps them (it once made every blank an ordinary space)."""
    with use_language("fr"):
        refused = answer(
            sheet_bridge.start(json.dumps({"variant": "fft", "players": ["Anne", "Bruno", "anne"]}))
        )
    assert not refused["ok"]
    assert "deux joueurs s’appellent «\u00a0anne\u00a0»\u00a0: donnez" in refused["message"]
