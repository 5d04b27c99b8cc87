"""Chambéry Tarot's tables for the site: the deal, the card points, the suit order, the factors, the
payments and the options."""

from __future__ import annotations

from typing import Final

from ...cards import (
    FULL_PACK,
    JACK,
    KING,
    KNIGHT,
    PLAIN_SUITS,
    QUEEN,
    Card,
    Suit,
)
from ...engine.options import options_table as variant_options_table
from ...engine.tables import TableDescription
from .options import FOU, PAGAT, VINGT_ET_UN, ChamberyOptions
from .play import BIDS, BIDS_BY_WORD, LAYOUTS, card_points, count_points, layout, pack_cards, strength
from .rules import ChamberyTableOptions
from .scoring import pay_partnership

# ---------------------------------------------------------------------------------------------- tables


def deal_table() -> TableDescription:
    """Every player count and pack: the deal, the discard and the card points that decide the game."""
    rows: list[list[object]] = []
    for (players, pack), lay in LAYOUTS.items():
        rows.append(
            [
                players,
                pack,
                lay.hand_size,
                " + ".join(str(n) for n in lay.packets),
                lay.dealer_extra,
                lay.tricks,
                "yes" if lay.discard_point else "no",
                lay.total,
                lay.par,
                lay.double_below,
                "no (by analogy)" if (players, pack) == (5, 62) else "yes",
            ]
        )
    return {
        "header": [
            "Players",
            "Pack",
            "Cards each",
            "Dealt in packets of",
            "Dealer's extra cards (laid away)",
            "Tricks",
            "Point for the discard",
            "Card points in all",
            "Tie, or par with three",
            "Losers pay double below",
            "In the rulebook",
        ],
        "rows": rows,
        "caption": "The deal and the card points for every table",
    }


def points_table(pack: int = 78) -> TableDescription:
    """The counting cards, what each is worth, and the extra points of tricks and discard."""
    groups: tuple[tuple[str, tuple[Card, ...]], ...] = (
        ("The Fou, the 21 and the Pagat (1 of tarots)", (FOU, VINGT_ET_UN, PAGAT)),
        ("Kings", tuple(Card(suit, KING) for suit in PLAIN_SUITS)),
        ("Queens", tuple(Card(suit, QUEEN) for suit in PLAIN_SUITS)),
        ("Cavaliers", tuple(Card(suit, KNIGHT) for suit in PLAIN_SUITS)),
        ("Jacks", tuple(Card(suit, JACK) for suit in PLAIN_SUITS)),
    )
    cards = pack_cards(pack)
    rows: list[list[object]] = [
        [name, len(members), card_points(members[0]), count_points(members)] for name, members in groups
    ]
    counted = sum(len(members) for _, members in groups)
    rows.append(["Every other card", len(cards) - counted, 0, 0])
    rows.append(["**All the cards**", len(cards), "", f"**{count_points(cards)}**"])
    return {
        "header": ["Cards", "How many", "Points each", "Points in all"],
        "rows": rows,
        "caption": f"Card points in the {pack}-card pack (each trick and the discard add 1 more)",
    }


_RANK_NAMES: Final = {KING: "King", QUEEN: "Queen", KNIGHT: "Cavalier (Knight)", JACK: "Jack", 1: "Ace"}


def suit_order_table() -> TableDescription:
    """The order of the cards in every suit, highest first, with their points."""
    hearts = sorted((card for card in FULL_PACK if card.suit is Suit.HEARTS), key=strength, reverse=True)
    rows: list[list[object]] = [
        [order, f"{{card}}`{card}`", _RANK_NAMES.get(card.rank, str(card.rank)), card_points(card)]
        for order, card in enumerate(hearts, start=1)
    ]
    return {
        "header": ["Order", "Card", "Rank", "Points"],
        "rows": rows,
        "caption": "Every suit, from the highest card to the lowest (Hearts shown)",
    }


def factors_table(players: int = 5, pack: int = 78) -> TableDescription:
    """The contracts of a 4- or 5-player game and the factors on their payment."""
    lay = layout(players, pack)
    rows: list[list[object]] = [["The dealer calls a King (nobody bid)", 0, 1, 2]]
    if players == 4:
        rows.append(["Fixed partners (option)", 0, 1, 2])
    rows.extend([f"{bid.label}: *{bid.french}*", bid.demanded, bid.factor, 2 * bid.factor] for bid in BIDS)
    return {
        "header": [
            "Contract",
            "Cards demanded",
            "Factor",
            f"Factor when the losers take fewer than {lay.double_below}",
        ],
        "rows": rows,
        "caption": f"Payment factors with {players} players ({pack} cards)",
    }


def payments_table(players: int = 5, contract: str = "call", pack: int = 78) -> TableDescription:
    """What everyone scores for a few results of one contract, under each reading of the payments."""
    lay = layout(players, pack)
    solo = contract in BIDS_BY_WORD
    margins = (lay.par + 1, lay.par + 5, lay.total - lay.double_below + 1, lay.par - 5, lay.double_below - 1)
    rows: list[list[object]] = []
    for points in margins:
        row: list[object] = [points]
        for reading in ("seed", "dummett"):
            pay = pay_partnership(players, contract, points, pack, ChamberyOptions(payment=reading))
            if reading == "seed":
                row.extend([pay.difference, pay.factor])
            scores = pay.scores()
            if solo:
                row.extend([scores["soloist"], scores["defender"]])
            else:
                row.extend([scores["dealer"], scores["partner"], scores["defender"]])
        rows.append(row)
    roles = ["soloist", "each opponent"] if solo else ["dealer", "partner", "each opponent"]
    side = "Soloist's" if solo else "Dealer's side's"
    header = [
        f"{side} card points",
        "Difference",
        "Factor",
        *(role.capitalize() for role in roles),
        *(f"{role.capitalize()} (Dummett)" for role in roles),
    ]
    name = BIDS_BY_WORD[contract].label if solo else "a called partner"
    return {
        "header": header,
        "rows": rows,
        "caption": f"Payments with {players} players, {name.lower()} "
        f"({lay.total} card points, tie at {lay.par})",
    }


def options_table() -> TableDescription:
    """Every rule option of the Chambéry rounds with its default, its choices and what it decides."""
    return variant_options_table(ChamberyTableOptions(), "Rule options of Chambéry Tarot")
