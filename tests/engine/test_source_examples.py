"""The sources' own worked examples, typed from the sources into ``tests/data/sources/`` with the result
each source states, scored by the engine and compared with that statement.

The sources and where each example stands in them are described on the rules decisions page
(``docs/reference/rules-decisions.md``): the beginner's guide to French Tarot (its counting examples and
its six scoring examples, section IV), and the rules of Chambéry Tarot (its card-point totals and its
three-player example). The older French rules and Mathers' *The Tarot* (1888) give tables of values but no
worked deal or worked score, so they have no record here.

A record gives the deal's facts as the source tells them, the calculator's request for those facts, and
the source's stated figures. Nothing in a record comes from the engine.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tarot_core.cards import FULL_PACK, count_half_points, parse_cards
from tarot_core.engine.variant import score_request
from tarot_core.games.chambery.play import count_points, pack_cards

SOURCES = Path(__file__).parent.parent / "data" / "sources"
GUIDE = json.loads((SOURCES / "french-tarot-beginners-guide.json").read_text(encoding="utf-8"))
CHAMBERY = json.loads((SOURCES / "chambery.json").read_text(encoding="utf-8"))


def terms(answer: dict[str, Any]) -> dict[str, Any]:
    return {term["term"]: term["value"] for term in answer["breakdown"]}


# ------------------------------------------------------------------ the beginner's guide to French Tarot


@pytest.mark.parametrize("example", GUIDE["counts"], ids=lambda e: e["place"])
def test_the_guides_counting_examples(example: dict[str, Any]) -> None:
    cards = FULL_PACK if example["cards"] == "the whole pack" else parse_cards(example["cards"])
    assert count_half_points(cards) == 2 * example["stated_points"]


@pytest.mark.parametrize("example", GUIDE["scoring"], ids=lambda e: e["place"])
def test_the_guides_scoring_examples(example: dict[str, Any]) -> None:
    """Each example's working (the game, the card points, the Pagat Ultimo, the bid's factor, the slam and
    the handful) and what each defender pays the taker or the taker pays each defender."""
    stated = example["stated"]
    answer: Any = score_request(example["request"])
    working = terms(answer)
    assert working["base"] == stated["game"]
    assert working["difference"] == stated["card_points"]
    assert working["multiplier"] == stated["bid_factor"]
    assert abs(working.get("petit_au_bout", 0)) == stated.get("pagat_ultimo", 0)
    assert working.get("slam", 0) == stated.get("slam", 0)
    assert working.get("handful", 0) == stated.get("handful", 0)
    taker_wins = stated["payer"] == "defenders"
    assert answer["won"] is taker_wins
    each = stated["each"] if taker_wins else -stated["each"]
    # Every member of the losing side pays every member of the winning side that amount.
    assert answer["scores"] == {"taker": 3 * each, "partner": None, "defender": -each}


# ------------------------------------------------------------------ Chambéry Tarot


@pytest.mark.parametrize("example", CHAMBERY["totals"], ids=lambda e: e["place"])
def test_chamberys_card_point_totals(example: dict[str, Any]) -> None:
    stated, request = example["stated"], example["request"]
    assert count_points(pack_cards(request["pack"])) == stated["counting_cards"]
    answer: Any = score_request(request)
    working = terms(answer)
    assert (working["total"], working["par"]) == (stated["total"], stated["par"])
    if stated.get("draw"):
        assert set(answer["scores"].values()) == {0}


@pytest.mark.parametrize("example", CHAMBERY["scoring"], ids=lambda e: e["place"])
def test_chamberys_three_player_example(example: dict[str, Any]) -> None:
    stated = example["stated"]
    answer: Any = score_request(example["request"])
    par = terms(answer)["par"]
    assert [points - par for points in example["request"]["points"]] == stated["differences"]
    assert answer["scores"]["by_player"] == stated["scores"]
