"""Table descriptions built from the engine's card data, for the ``tarot-table`` directive.

Each function returns ``{"header": [...], "rows": [[...], ...], "caption": "..."}``. String cells are
read as inline markup by the directive (so a cell may hold ``{card}`HK```); numbers are plain text.
This module never imports Sphinx, so its tables are also tested as plain data.

>>> table = card_points_table()
>>> table["header"][0], len(table["rows"])  # six kinds of card, then the whole pack
('Cards', 7)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from tarot_core.cards import (
    BOUTS,
    FULL_PACK,
    JACK,
    KNIGHT,
    QUEEN,
    TOTAL_HALF_POINTS,
    Card,
    Suit,
    count_half_points,
    format_points,
)
from tarot_core.engine.tables import TableDescription
from tarot_core.errors import NotationError

from .cardsvg import alt_text, roman

_CATEGORIES: Final[tuple[tuple[str, Callable[[Card], bool]], ...]] = (
    ("Bouts (the 21, the Petit, the Excuse)", lambda card: card.is_bout),
    ("Kings", lambda card: card.is_king),
    ("Queens", lambda card: card.suit.is_plain and card.rank == QUEEN),
    ("Knights", lambda card: card.suit.is_plain and card.rank == KNIGHT),
    ("Jacks", lambda card: card.suit.is_plain and card.rank == JACK),
    ("Every other card (pip cards, trumps 2 to 20)", lambda card: card.is_low),
)


def _suit(letter: str) -> Suit:
    try:
        suit = Suit(letter.strip().upper())
    except ValueError:
        raise NotationError(f"{letter!r} is not a suit letter: write S, H, D or C") from None
    if not suit.is_plain:
        raise NotationError(f"{letter!r} is not one of the four plain suits S, H, D, C")
    return suit


def suit_table(suit: str) -> TableDescription:
    """The 14 cards of one suit, lowest first, with their names and card points."""
    chosen = _suit(suit)
    cards = [card for card in FULL_PACK if card.suit is chosen]
    rows: list[list[object]] = [
        [
            f"{{card}}`{card}`",
            f"`{card}`",
            alt_text(card),
            card.french,
            order,
            format_points(card.half_points),
        ]
        for order, card in enumerate(cards, start=1)
    ]
    return {
        "header": ["Card", "Notation", "English name", "French name", "Rank (1 = lowest)", "Points"],
        "rows": rows,
        "caption": f"{chosen.english} ({chosen.french}), from lowest to highest",
    }


def trumps_table() -> TableDescription:
    """The 21 trumps, lowest first."""
    rows: list[list[object]] = [
        [
            f"{{card}}`{card}`",
            f"`{card}`",
            roman(card.rank),
            alt_text(card),
            card.french,
            "yes" if card.is_bout else "",
            format_points(card.half_points),
        ]
        for card in FULL_PACK
        if card.is_trump
    ]
    return {
        "header": ["Card", "Notation", "Roman", "English name", "French name", "Bout", "Points"],
        "rows": rows,
        "caption": "The trumps (atouts), from lowest to highest",
    }


def bouts_table() -> TableDescription:
    """The three bouts, with their names and points."""
    rows: list[list[object]] = [
        [f"{{card}}`{card}`", f"`{card}`", alt_text(card), card.french, format_points(card.half_points)]
        for card in BOUTS
    ]
    return {
        "header": ["Card", "Notation", "English name", "French name", "Points"],
        "rows": rows,
        "caption": "The three bouts (oudlers)",
    }


def card_points_table() -> TableDescription:
    """How many cards of each kind the pack holds, what each is worth, and the totals."""
    rows: list[list[object]] = []
    counted = 0
    for label, belongs in _CATEGORIES:
        members = [card for card in FULL_PACK if belongs(card)]
        values = {card.half_points for card in members}
        if len(values) != 1:
            raise ValueError(f"the cards of {label!r} are not all worth the same")
        total = count_half_points(members)
        counted += len(members)
        rows.append([label, len(members), format_points(values.pop()), format_points(total)])
    if counted != len(FULL_PACK) or count_half_points(FULL_PACK) != TOTAL_HALF_POINTS:
        raise ValueError("the card categories do not add up to the whole pack")
    rows.append(["**The whole pack**", len(FULL_PACK), "", f"**{format_points(TOTAL_HALF_POINTS)}**"])
    return {
        "header": ["Cards", "How many", "Points each", "Points in all"],
        "rows": rows,
        "caption": "Card points in French Tarot",
    }
