"""Mathers' Tarot's tables for the site: the declarations, the tricks, the tarot trumps and the options."""

from __future__ import annotations

from typing import Final

from ...engine.options import options_table as variant_options_table
from ...engine.tables import TableDescription
from .options import (
    CATEGORIES,
    CATEGORY_NAMES,
    CATEGORY_VALUES,
    DECLARATION_NAMES,
    DECLARATION_VALUES,
    KING_CUT,
    TAROT_TRUMPS,
    MathersOptions,
)

# ================================================================================== tables for pages
# Each returns {"header": [...], "rows": [[...], ...]}: the shape of the site's ``tarot-table``.

_TAROT_TRUMP_NAMES: Final = {
    "T21": "the Universe (21)",
    "EX": "the Mat, or Foolish Man (0): the Fool",
    "T1": "the Pagad, Juggler or Magician (1)",
}


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def declarations_table() -> TableDescription:
    """What each declaration scores, in the book's order."""
    order = (
        "greater-3",
        "greater-4",
        "greater-5",
        "lesser-3",
        "lesser-4",
        "lesser-5",
        "trumps-10",
        "trumps-13",
        "ask-unanswered",
        "tarot-trumps-3",
        "sequence-4",
        "sequence-7",
        "sequence-10",
    )
    rows: list[list[object]] = [
        [_upper_first(DECLARATION_NAMES[code]), DECLARATION_VALUES[code]] for code in order
    ]
    return {"header": ["Shown before play", "Points"], "rows": rows}


def tricks_table() -> TableDescription:
    rows: list[list[object]] = [
        [f"A trick {CATEGORY_NAMES[name]}", CATEGORY_VALUES[name]] for name in CATEGORIES
    ]
    rows.append(["A King cut (trumped), to whoever cuts it", KING_CUT])
    return {"header": ["Scored in play", "Points"], "rows": rows}


def tarot_trumps_table() -> TableDescription:
    rows: list[list[object]] = []
    for card in TAROT_TRUMPS:
        name = _TAROT_TRUMP_NAMES.get(str(card), card.name)
        rows.append([f"{{card}}`{card}`", name])
    return {"header": ["Card", "Name"], "rows": rows}


def options_table() -> TableDescription:
    """Every rule option: name, default, the other choices, what it decides."""
    return variant_options_table(MathersOptions())
