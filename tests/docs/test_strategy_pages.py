"""The "Playing well" pages: each example is the computer player's own choice, and the words around it
say what the engine does with that position (so a change in the computer player that makes a page's
words wrong fails here, not silently on the site)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tarot_core.cards import Card, parse_cards
from tarot_core.errors import TarotError
from tutorial.pages import strategy

PAGES = Path(__file__).resolve().parents[2] / "docs" / "strategy"
DIRECTIVE = re.compile(r"```\{tarot-table\} tutorial\.pages\.strategy:(\w+)\n(?::args: (.*)\n)?")
#: A card code outside a card picture's role is a bug: learners read names.
CODE = re.compile(r"\b(?:T(?:2[01]|1[0-9]|[1-9])|[SHDC](?:10|[1-9]|[JCQK])|EX)\b")


def examples(page: str) -> list[tuple[str, dict[str, Any]]]:
    text = (PAGES / f"{page}.md").read_text(encoding="utf-8")
    return [(name, json.loads(args) if args else {}) for name, args in DIRECTIVE.findall(text)]


def run(name: str, args: dict[str, Any]) -> Any:
    return getattr(strategy, name)(**args)


def played(table: Any) -> Card:
    """The card in the table's "You play" row."""
    row = next(row for row in table["rows"] if "You play" in str(row[0]))
    return Card.parse(re.search(r"`(\w+)`", str(row[1])).group(1))  # type: ignore[union-attr]


ALL = [
    pytest.param(name, args, id=f"{page}-{number}")
    for page in ("count", "judging", "discard", "excuse", "petit", "defence", "five-players")
    for number, (name, args) in enumerate(examples(page), start=1)
]


@pytest.mark.parametrize(("name", "args"), ALL)
def test_every_example_is_drawn_in_players_words(name: str, args: dict[str, Any]) -> None:
    table = run(name, args)
    assert table["rows"] and table["caption"]
    assert not CODE.search(table["caption"]), table["caption"]
    for row in table["rows"]:
        for cell in row:
            assert not CODE.search(re.sub(r"\{card\}`\w+`", "", str(cell))), cell


def test_the_discard_example_makes_the_two_voids_the_page_names() -> None:
    (name, args), *_ = examples("discard")
    laid = [Card.parse(re.search(r"`(\w+)`", str(row[0])).group(1)) for row in run(name, args)["rows"]]  # type: ignore[union-attr]
    whole = [*parse_cards(args["hand"]), *parse_cards(args["dog"])]
    short = [card for card in whole if card.suit.english in ("Clubs", "Diamonds")]
    assert sorted(laid) == sorted(short)


def test_the_excuse_petit_defence_and_call_examples_do_what_their_pages_say() -> None:
    excuse = [played(run(n, a)) for n, a in examples("excuse")]
    assert [str(card) for card in excuse] == ["EX", "EX", "EX", "EX"]
    saved_one, saved_two, ruffed, hunt = (played(run(n, a)) for n, a in examples("petit"))
    assert str(saved_one) == str(saved_two) == str(ruffed) == "T1"
    assert hunt.is_trump and hunt.rank == 21
    feed, low, cheap, draw = (played(run(n, a)) for n, a in examples("defence"))
    assert str(feed) == "CQ"
    hearts = sorted(c for c in parse_cards(examples("defence")[1][1]["hand"]) if c.suit.english == "Hearts")
    assert low == hearts[0]
    assert str(cheap) == "H8"
    trumps = [c for c in parse_cards(examples("defence")[3][1]["hand"]) if c.is_trump]
    assert draw == min(trumps, key=lambda c: c.rank) and str(draw) != "T1"
    for name, args in examples("five-players"):
        assert "King of Hearts" in str(run(name, args)["rows"][0][1])


def test_the_count_table_adds_up_to_the_count_and_names_the_contract() -> None:
    _, (name, args) = examples("count")
    table = run(name, args)
    parts = [int(row[1]) for row in table["rows"][:-1]]
    assert f"{sum(parts)} points" in table["caption"]


def test_a_position_without_the_asked_decision_is_refused() -> None:
    with pytest.raises(TarotError, match="no discard"):
        strategy.discard_table(
            "S4 S9 SK H2 H6 H9 HK D3 D9 C5 C7 CC T3 T7 T9 T12 T16 T21",
            "S6 H10 DJ T2 T6 T18",
            contract="garde-sans",
        )
