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
from ...messages import N_, _
from .options import FOU, PAGAT, VINGT_ET_UN, ChamberyOptions
from .play import (
    BID_NAMES,
    BIDS,
    BIDS_BY_WORD,
    LAYOUTS,
    card_points,
    count_points,
    layout,
    pack_cards,
    strength,
)
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
                _("yes") if lay.discard_point else _("no"),
                lay.total,
                lay.par,
                lay.double_below,
                _("no (by analogy)") if (players, pack) == (5, 62) else _("yes"),
            ]
        )
    return {
        "header": [
            _("Players"),
            _("Pack"),
            _("Cards each"),
            _("Dealt in packets of"),
            _("Dealer's extra cards (laid away)"),
            _("Tricks"),
            _("Point for the discard"),
            _("Card points in all"),
            _("Tie, or par with three"),
            _("Losers pay double below"),
            _("In the rulebook"),
        ],
        "rows": rows,
        "caption": _("The deal and the card points for every table"),
    }


def points_table(pack: int = 78) -> TableDescription:
    """The counting cards, what each is worth, and the extra points of tricks and discard."""
    groups: tuple[tuple[str, tuple[Card, ...]], ...] = (
        (_("The Fou, the 21 and the Pagat (1 of tarots)"), (FOU, VINGT_ET_UN, PAGAT)),
        (_("Kings"), tuple(Card(suit, KING) for suit in PLAIN_SUITS)),
        (_("Queens"), tuple(Card(suit, QUEEN) for suit in PLAIN_SUITS)),
        (_("Cavaliers"), tuple(Card(suit, KNIGHT) for suit in PLAIN_SUITS)),
        (_("Jacks"), tuple(Card(suit, JACK) for suit in PLAIN_SUITS)),
    )
    cards = pack_cards(pack)
    rows: list[list[object]] = [
        [name, len(members), card_points(members[0]), count_points(members)] for name, members in groups
    ]
    counted = sum(len(members) for _, members in groups)
    rows.append([_("Every other card"), len(cards) - counted, 0, 0])
    rows.append([_("**All the cards**"), len(cards), "", f"**{count_points(cards)}**"])
    return {
        "header": [_("Cards"), _("How many"), _("Points each"), _("Points in all")],
        "rows": rows,
        "caption": _(
            "Card points in the {pack}-card pack (each trick and the discard add 1 more)", pack=pack
        ),
    }


_RANK_NAMES: Final = {
    KING: N_("King"),
    QUEEN: N_("Queen"),
    KNIGHT: N_("Cavalier (Knight)"),
    JACK: N_("Jack"),
    1: N_("Ace"),
}


def suit_order_table() -> TableDescription:
    """The order of the cards in every suit, highest first, with their points."""
    hearts = sorted((card for card in FULL_PACK if card.suit is Suit.HEARTS), key=strength, reverse=True)
    rows: list[list[object]] = [
        [
            order,
            f"{{card}}`{card}`",
            _(_RANK_NAMES[card.rank]) if card.rank in _RANK_NAMES else str(card.rank),
            card_points(card),
        ]
        for order, card in enumerate(hearts, start=1)
    ]
    return {
        "header": [_("Order"), _("Card"), _("Rank"), _("Points")],
        "rows": rows,
        "caption": _("Every suit, from the highest card to the lowest (Hearts shown)"),
    }


def factors_table(players: int = 5, pack: int = 78) -> TableDescription:
    """The contracts of a 4- or 5-player game and the factors on their payment."""
    lay = layout(players, pack)
    rows: list[list[object]] = [[_("The dealer calls a King (nobody bid)"), 0, 1, 2]]
    if players == 4:
        rows.append([_("Fixed partners (option)"), 0, 1, 2])
    rows.extend(
        [
            _("{bid}: *{french}*", bid=_(bid.label), french=bid.french),
            bid.demanded,
            bid.factor,
            2 * bid.factor,
        ]
        for bid in BIDS
    )
    return {
        "header": [
            _("Contract"),
            _("Cards demanded"),
            _("Factor"),
            _("Factor when the losers take fewer than {points}", points=lay.double_below),
        ],
        "rows": rows,
        "caption": _("Payment factors with {players} players ({pack} cards)", players=players, pack=pack),
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
    if solo:
        header = [
            _("Soloist's card points"),
            _("Difference"),
            _("Factor"),
            _("Soloist"),
            _("Each opponent"),
            _("Soloist (Dummett)"),
            _("Each opponent (Dummett)"),
        ]
    else:
        header = [
            _("Dealer's side's card points"),
            _("Difference"),
            _("Factor"),
            _("Dealer"),
            _("Partner"),
            _("Each opponent"),
            _("Dealer (Dummett)"),
            _("Partner (Dummett)"),
            _("Each opponent (Dummett)"),
        ]
    name = _(BID_NAMES[contract]) if solo else _("a called partner")
    return {
        "header": header,
        "rows": rows,
        "caption": _(
            "Payments with {players} players, {contract} ({total} card points, tie at {par})",
            players=players,
            contract=name,
            total=lay.total,
            par=lay.par,
        ),
    }


def options_table() -> TableDescription:
    """Every rule option of the Chambéry rounds with its default, its choices and what it decides."""
    return variant_options_table(ChamberyTableOptions(), _("Rule options of Chambéry Tarot"))
