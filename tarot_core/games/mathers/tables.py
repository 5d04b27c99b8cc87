"""Mathers' Tarot's tables for the site: the declarations, the tricks, the tarot trumps and the options."""

from __future__ import annotations

from typing import Final

from ...engine.options import options_table as variant_options_table
from ...engine.tables import TableDescription
from ...messages import N_, _
from .options import (
    CATEGORIES,
    CATEGORY_VALUES,
    DECLARATION_VALUES,
    KING_CUT,
    TAROT_TRUMPS,
    MathersOptions,
)

# ================================================================================== tables for pages
# Each returns {"header": [...], "rows": [[...], ...]}: the shape of the site's ``tarot-table``.

_TAROT_TRUMP_NAMES: Final = {
    "T21": N_("the Universe (21)"),
    "EX": N_("the Mat, or Foolish Man (0): the Fool"),
    "T1": N_("the Pagad, Juggler or Magician (1)"),
}
#: The declarations as a table's first column names them.
_DECLARATION_TITLES: Final = {
    "greater-3": N_("Three Greater Trumps"),
    "greater-4": N_("Four Greater Trumps"),
    "greater-5": N_("All five Greater Trumps"),
    "lesser-3": N_("Three Lesser Trumps"),
    "lesser-4": N_("Four Lesser Trumps"),
    "lesser-5": N_("All five Lesser Trumps"),
    "trumps-10": N_("Ten trumps"),
    "trumps-13": N_("Thirteen trumps"),
    "tarot-trumps-3": N_("Three Tarot Trumps"),
    "ask-unanswered": N_("Two Tarot Trumps, a third asked for and not shown"),
    "sequence-4": N_("A sequence of four"),
    "sequence-7": N_("A sequence of seven"),
    "sequence-10": N_("A sequence of ten"),
}
#: The tricks as a table's first column names them, by their best card.
_TRICK_TITLES: Final = {
    "tarot-trump": N_("A trick with a Tarot Trump"),
    "queen": N_("A trick with a Queen"),
    "knight": N_("A trick with a Knight"),
    "knave": N_("A trick with a Knave"),
    "plain": N_("A trick of plain cards only"),
}


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
    rows: list[list[object]] = [[_(_DECLARATION_TITLES[code]), DECLARATION_VALUES[code]] for code in order]
    return {"header": [_("Shown before play"), _("Points")], "rows": rows}


def tricks_table() -> TableDescription:
    rows: list[list[object]] = [[_(_TRICK_TITLES[name]), CATEGORY_VALUES[name]] for name in CATEGORIES]
    rows.append([_("A King cut (trumped), to whoever cuts it"), KING_CUT])
    return {"header": [_("Scored in play"), _("Points")], "rows": rows}


def tarot_trumps_table() -> TableDescription:
    rows: list[list[object]] = []
    for card in TAROT_TRUMPS:
        known = _TAROT_TRUMP_NAMES.get(str(card))
        rows.append([f"{{card}}`{card}`", card.name if known is None else _(known)])
    return {"header": [_("Card"), _("Name")], "rows": rows}


def options_table() -> TableDescription:
    """Every rule option: name, default, the other choices, what it decides."""
    return variant_options_table(MathersOptions())
