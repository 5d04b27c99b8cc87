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
from tarot_core.messages import N_, _, gettext_lazy

from .cardsvg import alt_text, roman

_CATEGORIES: Final[tuple[tuple[str, Callable[[Card], bool]], ...]] = (
    (N_("Bouts (the 21, the Petit, the Excuse)"), lambda card: card.is_bout),
    (N_("Kings"), lambda card: card.is_king),
    (N_("Queens"), lambda card: card.suit.is_plain and card.rank == QUEEN),
    (N_("Knights"), lambda card: card.suit.is_plain and card.rank == KNIGHT),
    (N_("Jacks"), lambda card: card.suit.is_plain and card.rank == JACK),
    (N_("Every other card (pip cards, trumps 2 to 20)"), lambda card: card.is_low),
)


def _suit(letter: str) -> Suit:
    try:
        suit = Suit(letter.strip().upper())
    except ValueError:
        raise NotationError(
            gettext_lazy("{letter!r} is not a suit letter: write S, H, D or C", letter=letter)
        ) from None
    if not suit.is_plain:
        raise NotationError(
            gettext_lazy("{letter!r} is not one of the four plain suits S, H, D, C", letter=letter)
        )
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
        "header": [
            _("Card"),
            _("Notation"),
            _("English name"),
            _("French name"),
            _("Rank (1 = lowest)"),
            _("Points"),
        ],
        "rows": rows,
        "caption": _("{suit} ({french}), from lowest to highest", suit=chosen.english, french=chosen.french),
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
            _("yes") if card.is_bout else "",
            format_points(card.half_points),
        ]
        for card in FULL_PACK
        if card.is_trump
    ]
    return {
        "header": [
            _("Card"),
            _("Notation"),
            _("Roman"),
            _("English name"),
            _("French name"),
            _("Bout"),
            _("Points"),
        ],
        "rows": rows,
        "caption": _("The trumps (atouts), from lowest to highest"),
    }


def bouts_table() -> TableDescription:
    """The three bouts, with their names and points."""
    rows: list[list[object]] = [
        [f"{{card}}`{card}`", f"`{card}`", alt_text(card), card.french, format_points(card.half_points)]
        for card in BOUTS
    ]
    return {
        "header": [_("Card"), _("Notation"), _("English name"), _("French name"), _("Points")],
        "rows": rows,
        "caption": _("The three bouts (oudlers)"),
    }


def card_points_table() -> TableDescription:
    """How many cards of each kind the pack holds, what each is worth, and the totals."""
    rows: list[list[object]] = []
    counted = 0
    for label, belongs in _CATEGORIES:
        members = [card for card in FULL_PACK if belongs(card)]
        values = {card.half_points for card in members}
        if len(values) != 1:
            raise ValueError(gettext_lazy("the cards of {kind!r} are not all worth the same", kind=_(label)))
        total = count_half_points(members)
        counted += len(members)
        rows.append([_(label), len(members), format_points(values.pop()), format_points(total)])
    if counted != len(FULL_PACK) or count_half_points(FULL_PACK) != TOTAL_HALF_POINTS:
        raise ValueError(gettext_lazy("the card categories do not add up to the whole pack"))
    # A row in bold: the markup around each cell's text is the table's, not the sentence's.
    whole = _("The whole pack")
    rows.append([f"**{whole}**", len(FULL_PACK), "", f"**{format_points(TOTAL_HALF_POINTS)}**"])
    return {
        "header": [_("Cards"), _("How many"), _("Points each"), _("Points in all")],
        "rows": rows,
        "caption": _("Card points in French Tarot"),
    }
