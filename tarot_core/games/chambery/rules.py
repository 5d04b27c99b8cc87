"""Chambéry Tarot: the rules of the Club des Taroteurs of the Grand Café Coudurier (Chambéry, 1902).

This module holds every rule of the game as data and small pure functions: the deal for 3, 4 and 5
players with the full 78-card pack or the 62-card pack (*tarot simplifié*), the dealer's discard and
its limits, the solo bids with 2, 1 or 0 demanded cards, the dealer's called King, the Fou shown once
and kept, play without any obligation to overtrump, card points and payments.

Everything the old rulebook leaves open is a field of :class:`ChamberyOptions` with a documented
default. The playable round (deal, bidding, play) builds on these functions.

Card points are whole numbers here (Fou, 21, Pagat and Kings 4, Queens 3, Cavaliers 2, Jacks 1,
every trick 1 and the discard 1), so this module never uses the half-points of modern French Tarot.

>>> layout(5, 78).total, layout(4, 78).total, layout(3, 78).total
(68, 72, 78)
>>> [str(c) for c in legal_plays(parse_cards("HK H2 T5"), parse_cards("H10"))]
['HK', 'H2']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from enum import StrEnum
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar, Final, Literal, TypedDict, cast, get_args

from ...actions import PLAYS, Action
from ...cards import (
    EXCUSE,
    FULL_PACK,
    JACK,
    KING,
    KNIGHT,
    MONDE,
    PETIT,
    PLAIN_SUITS,
    QUEEN,
    Card,
    Suit,
    pack_62,
    parse_cards,  # noqa: F401  (the doctests use it)
    sort_hand,
)
from ...engine.request import required, shown, whole_number
from ...engine.result import Score, Seated, Term
from ...engine.round import Phase, Round
from ...engine.trick import Counting, ExcuseNote, Trick
from ...engine.variant import Options, Variant, register
from ...engine.variant import options_table as variant_options_table
from ...errors import Illegal, Refusal, RequestError, TarotError
from ...seats import ATTACK, DEFENCE, SEATS, Seat, order_from

if TYPE_CHECKING:
    from ...engine.round import RoundRules
    from ...engine.view import Pile

__all__ = [
    "BIDS",
    "CONTRACTS",
    "FOU",
    "PAGAT",
    "VARIANT_NAME",
    "Bid",
    "ChamberyOptions",
    "Layout",
    "Payment",
    "call_candidates",
    "called_rank",
    "card_points",
    "count_points",
    "deal_table",
    "discard_refusal",
    "factors_table",
    "forced_trump_discards",
    "layout",
    "legal_plays",
    "options_from_mapping",
    "options_table",
    "pack_cards",
    "pay_partnership",
    "pay_three",
    "payments_table",
    "play_refusal",
    "points_table",
    "score_request",
    "suit_order_table",
    "trick_winner",
]

VARIANT_NAME: Final = "chambery"

#: The Fou is the card the rest of the project calls the Excuse; the Pagat (*baga*) is trump 1.
FOU: Final = EXCUSE
PAGAT: Final = PETIT
VINGT_ET_UN: Final = MONDE

PlayerCount = Literal[3, 4, 5]
PackSize = Literal[78, 62]

# ---------------------------------------------------------------------------------------------- options

PaymentReading = Literal["seed", "dummett"]
ShareRounding = Literal["down", "up"]
FourPlayerFormat = Literal["call", "fixed"]
ForcedDiscard = Literal["plain-trumps", "any-trumps"]
DemandInDiscard = Literal["name-again", "lost"]


def _help(text: str) -> dict[str, str]:
    """Field metadata read by ``Options.describe``."""
    return {"help": text}


@dataclass(frozen=True)
class ChamberyOptions(Options):
    """The rule options of Chambéry Tarot. The defaults follow the rulebook as the seed reads it.

    ``payment``
        ``"seed"`` (default): each player of the side that did not reach the tie pays, or each
        opponent of the dealer's side or of the soloist pays, the difference times the game factor,
        and the other side shares the total (zero-sum, the usual tarot way). ``"dummett"``: a loser
        always pays the simple difference times the game factor and the winners share it, so a
        soloist gains four times what he would lose by the same margin.
    ``share_rounding``
        Only with Dummett's reading: when an amount cannot be shared equally among three or four
        winners, ``"down"`` (default) rounds each share down and the payer keeps the remainder;
        ``"up"`` rounds each share up and the payer pays the difference. (The rulebook's own odd-point
        rule, the dealer takes or pays the extra point, needs no option.)
    ``four_player``
        ``"call"`` (default): the four-player game has solos and the dealer's called King, like the
        five-player game. ``"fixed"``: fixed partnerships of players sitting opposite, no solo.
    ``fou_lead``
        ``True`` (default): the Fou may be led; the next card then sets the suit to follow.
        ``False``: the Fou may not lead a trick.
    ``forced_discard``
        When the dealer holds too many Kings and tarots to discard legally: ``"plain-trumps"``
        (default) lets him lay away tarots other than the Pagat and the 21, as few as he must;
        ``"any-trumps"`` also allows the Pagat (announced).
    ``demand_in_discard``
        When a soloist demands a card that lies in the dealer's discard: ``"name-again"`` (default):
        he is told so and names another card; ``"lost"``: that demand is spent and he gets nothing.
    """

    payment: PaymentReading = field(
        default="seed",
        metadata=_help("how losers pay: the usual zero-sum reading (seed) or Dummett's"),
    )
    share_rounding: ShareRounding = field(
        default="down",
        metadata=_help("Dummett's reading only: round uneven shares down (the payer keeps the rest) or up"),
    )
    four_player: FourPlayerFormat = field(
        default="call",
        metadata=_help(
            "four players: solos and a called King (call) or fixed partners sitting opposite (fixed)"
        ),
    )
    fou_lead: bool = field(
        default=True, metadata=_help("whether the Fou may lead a trick (the next card then sets the suit)")
    )
    forced_discard: ForcedDiscard = field(
        default="plain-trumps",
        metadata=_help("which tarots a dealer with too many Kings and tarots lays away"),
    )
    demand_in_discard: DemandInDiscard = field(
        default="name-again",
        metadata=_help("a demanded card found in the discard: name another (name-again) or lose it (lost)"),
    )

    def __post_init__(self) -> None:
        for item in fields(self):
            if item.name not in _OPTION_CHOICES:
                continue
            value = getattr(self, item.name)
            allowed = _OPTION_CHOICES[item.name]
            if isinstance(value, bool) is not isinstance(allowed[0], bool) or value not in allowed:
                shown = ", ".join(_show_choice(choice) for choice in allowed)
                raise RequestError(
                    f"options.{item.name}",
                    f"the option {item.name} can be {shown}, not {_show_choice(value)}",
                )


_OPTION_CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "payment": get_args(PaymentReading),
    "share_rounding": get_args(ShareRounding),
    "four_player": get_args(FourPlayerFormat),
    "fou_lead": (True, False),
    "forced_discard": get_args(ForcedDiscard),
    "demand_in_discard": get_args(DemandInDiscard),
}


def _show_choice(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return f'"{value}"' if isinstance(value, str) else repr(value)


def options_from_mapping(data: object, prefix: str = "options") -> ChamberyOptions:
    """Read options from JSON-like data (``{"payment": "dummett"}``); unknown names are refused."""
    if data is None:
        return ChamberyOptions()
    if isinstance(data, ChamberyOptions):
        return data
    if not isinstance(data, Mapping):
        raise RequestError(prefix, 'options must be an object such as {"payment": "dummett"}')
    known = set(_OPTION_CHOICES)
    for key in data:
        if key not in known:
            names = ", ".join(sorted(known))
            raise RequestError(
                f"{prefix}.{key}", f"Chambéry Tarot has no option {key!r}; its options are {names}"
            )
    return ChamberyOptions(**{str(key): value for key, value in data.items()})


# ---------------------------------------------------------------------------------------------- cards

_COURT_POINTS: Final = {KING: 4, QUEEN: 3, KNIGHT: 2, JACK: 1}

#: Rank of the suit cards from low to high: 2 ... 10, then the Ace, then Jack, Cavalier, Queen, King.
_SUIT_STRENGTH: Final = {rank: rank for rank in range(2, 11)} | {
    1: 11,
    JACK: 12,
    KNIGHT: 13,
    QUEEN: 14,
    KING: 15,
}


def card_points(card: Card) -> int:
    """Chambéry card points: Fou, 21, Pagat and Kings 4, Queens 3, Cavaliers 2, Jacks 1, others 0.

    >>> [card_points(Card.parse(c)) for c in ("EX", "T21", "T1", "T20", "SK", "SQ", "SC", "SJ", "S1")]
    [4, 4, 4, 0, 4, 3, 2, 1, 0]
    """
    if card.is_bout:
        return 4
    if card.suit in PLAIN_SUITS:
        return _COURT_POINTS.get(card.rank, 0)
    return 0


def count_points(cards: Iterable[Card]) -> int:
    """Card points of some cards, without the trick and discard points."""
    return sum(card_points(card) for card in cards)


def pack_cards(pack: int) -> tuple[Card, ...]:
    """The 78 cards, or the 62 of the *tarot simplifié* (2 to 5 of each suit removed)."""
    return FULL_PACK if pack == 78 else pack_62()


def strength(card: Card) -> int:
    """Order of the cards within their suit: in every suit King, Queen, Cavalier, Jack, Ace, 10 ... 2.

    >>> sorted(parse_cards("S1 SJ S10 S2"), key=strength)
    [Card.parse('S2'), Card.parse('S10'), Card.parse('S1'), Card.parse('SJ')]
    """
    if card.is_trump:
        return card.rank
    if card.is_excuse:
        return 0
    return _SUIT_STRENGTH[card.rank]


# ---------------------------------------------------------------------------------------------- layout


@dataclass(frozen=True, slots=True)
class Layout:
    """The shape of one game: deal, discard, tricks and the card points that decide it."""

    players: int
    pack: int
    hand_size: int
    packets: tuple[int, ...]
    dealer_extra: int
    tricks: int
    discard_point: bool
    counting_cards: int
    total: int
    #: The tie: half the total (3 players: a third), the score each player or side aims at.
    par: int
    #: Below this a loser pays double (half of ``par``).
    double_below: int

    @property
    def discard_size(self) -> int:
        return self.dealer_extra

    @property
    def sides(self) -> bool:
        """Whether the game is played by two sides (4 and 5 players) rather than each for himself."""
        return self.players >= 4


def _make_layout(players: int, pack: int) -> Layout:
    size = len(pack_cards(pack))
    hand, extra = divmod(size, players)
    if extra == 0:  # 3 players with 78 cards: 25 each and 3 more for the dealer
        hand, extra = hand - 1, players
    # A player count the rulebook does not give with the short pack (5 players, 62 cards) is played
    # like the three-player short game: the discard has no extra point, so the total splits evenly.
    discard_point = not (pack == 62 and players in (3, 5))
    counting = count_points(pack_cards(pack))
    total = counting + hand + (1 if discard_point else 0)
    par = total // (3 if players == 3 else 2)
    packets = _PACKETS[(players, pack)]
    assert sum(packets) == hand
    return Layout(
        players=players,
        pack=pack,
        hand_size=hand,
        packets=packets,
        dealer_extra=extra,
        tricks=hand,
        discard_point=discard_point,
        counting_cards=counting,
        total=total,
        par=par,
        double_below=par // 2,
    )


#: Packets of the deal: the rulebook deals by fives; the dealer's extra cards come with his last packet.
_PACKETS: Final[dict[tuple[int, int], tuple[int, ...]]] = {
    (5, 78): (5, 5, 5),
    (4, 78): (5, 5, 5, 4),
    (3, 78): (5, 5, 5, 5, 5),
    (5, 62): (4, 4, 4),
    (4, 62): (5, 5, 5),
    (3, 62): (5, 5, 5, 5),
}

_LAYOUTS: Final = {key: _make_layout(*key) for key in _PACKETS}


def layout(players: int, pack: int = 78) -> Layout:
    """The layout for 3, 4 or 5 players and a pack of 78 or 62 cards.

    >>> lay = layout(3, 62)
    >>> lay.hand_size, lay.discard_size, lay.total, lay.par, lay.double_below
    (20, 2, 72, 24, 12)
    """
    try:
        return _LAYOUTS[(players, pack)]
    except KeyError:
        raise RequestError(
            "players" if pack in (78, 62) else "pack",
            "Chambéry Tarot is for 3, 4 or 5 players with a pack of 78 or 62 cards",
        ) from None


# ---------------------------------------------------------------------------------------------- discard


def _discardable_plain(hand: Iterable[Card]) -> list[Card]:
    return [card for card in hand if card.suit in PLAIN_SUITS and not card.is_king]


def forced_trump_discards(hand: Sequence[Card], size: int) -> int:
    """How many tarots a dealer must lay away because his suit cards other than Kings are too few.

    Zero in nearly every deal. When it is not zero, the rulebook's limits cannot be kept and the
    ``forced_discard`` option decides which tarots may go.
    """
    tarots = [card for card in hand if card.is_trump]
    plain = len(_discardable_plain(hand))
    if plain >= size:
        return 0
    # Discarding every tarot is allowed when the 21 is not among them and they fit in the discard.
    if MONDE not in tarots and plain + len(tarots) >= size and len(tarots) <= size:
        return 0
    return size - plain


def discard_refusal(
    hand: Sequence[Card], discard: Sequence[Card], size: int, options: ChamberyOptions | None = None
) -> Refusal | None:
    """Why the dealer may not lay away ``discard`` from ``hand`` (his dealt cards), or None.

    The rules: exactly ``size`` cards from his hand; never a King, the 21 or the Fou; a tarot only if
    he then keeps no tarot at all (the Fou is not a tarot for this). If he holds too many Kings and
    tarots to obey, he lays away as few tarots as he must (not the 21, nor the Pagat unless the
    ``forced_discard`` option allows it).
    """
    options = options or ChamberyOptions()
    if len(discard) != size:
        return Refusal(
            Illegal.DISCARD_SIZE, f"The dealer lays away exactly {size} cards, not {len(discard)}."
        )
    if len(set(discard)) != len(discard):
        return Refusal(Illegal.DISCARD_SIZE, "The same card cannot be laid away twice.")
    for card in discard:
        if card not in hand:
            return Refusal(Illegal.NOT_IN_HAND, f"The dealer does not hold the {card.name}.")
    for card in discard:
        if card.is_king:
            return Refusal(Illegal.DISCARD_KING, f"A King may never be laid away ({card.name}).")
        if card is MONDE:
            return Refusal(Illegal.DISCARD_BOUT, "The 21 may never be laid away.")
        if card is FOU:
            return Refusal(Illegal.DISCARD_BOUT, "The Fou may never be laid away.")
    tarots_out = [card for card in discard if card.is_trump]
    if not tarots_out:
        return None
    forced = forced_trump_discards(hand, size)
    if forced:
        if len(tarots_out) > forced:
            return Refusal(
                Illegal.DISCARD_TRUMP,
                f"With so many Kings and tarots the dealer lays away {forced} tarot(s), no more: "
                "his other cards must go first.",
            )
        if PAGAT in tarots_out and options.forced_discard == "plain-trumps":
            return Refusal(
                Illegal.DISCARD_BOUT,
                "When tarots must be laid away for lack of other cards, they are tarots without "
                "points: not the Pagat.",
            )
        return None
    kept = [card for card in hand if card.is_trump and card not in tarots_out]
    if kept:
        return Refusal(
            Illegal.DISCARD_TRUMP,
            "A tarot may be laid away only if the dealer then keeps no tarot at all in his hand.",
        )
    return None


def discard_choices(
    hand: Sequence[Card], chosen: Sequence[Card], size: int, options: ChamberyOptions | None = None
) -> list[Card]:
    """The cards the dealer may lay away next, one at a time, so that a legal discard can still be made.

    ``hand`` is every card he was dealt (the ones already laid away included), ``chosen`` those laid
    away so far. A card is offered only if some legal discard holds it together with ``chosen``.
    """
    return [
        card for card in hand if card not in chosen and _completable(hand, [*chosen, card], size, options)
    ]


def discard_card_refusal(
    hand: Sequence[Card],
    chosen: Sequence[Card],
    card: Card,
    size: int,
    options: ChamberyOptions | None = None,
) -> Refusal | None:
    """Why the dealer may not lay ``card`` away after ``chosen`` (see :func:`discard_choices`), or None."""
    if card not in hand or card in chosen:
        return Refusal(Illegal.NOT_IN_HAND, f"The dealer does not hold the {card.name}.")
    if len(chosen) >= size:
        return Refusal(Illegal.DISCARD_SIZE, f"The dealer lays away {size} cards and no more.")
    if _completable(hand, [*chosen, card], size, options):
        return None
    if card.is_king:
        return Refusal(Illegal.DISCARD_KING, f"A King may never be laid away ({card.name}).")
    if card is MONDE or card is FOU:
        what = "The 21" if card is MONDE else "The Fou"
        return Refusal(Illegal.DISCARD_BOUT, f"{what} may never be laid away.")
    forced = forced_trump_discards(hand, size)
    if forced and card is PAGAT:
        return Refusal(
            Illegal.DISCARD_BOUT,
            "When tarots must be laid away for lack of other cards, they are tarots without points: "
            "not the Pagat.",
        )
    if forced:
        return Refusal(
            Illegal.DISCARD_TRUMP,
            f"With so many Kings and tarots the dealer lays away {forced} tarot(s) "
            "and every other card he can.",
        )
    if MONDE in hand:
        return Refusal(
            Illegal.DISCARD_TRUMP,
            "Holding the 21, which never leaves the hand, the dealer may lay away no tarot at all.",
        )
    if card.is_trump:
        return Refusal(
            Illegal.DISCARD_TRUMP,
            "A tarot may be laid away only if every tarot goes, and they do not all fit in the discard.",
        )
    return Refusal(
        Illegal.DISCARD_TRUMP,
        "The tarots already laid away oblige the dealer to lay away all his tarots: "
        "there is no room for this card.",
    )


def _completable(
    hand: Sequence[Card], chosen: Sequence[Card], size: int, options: ChamberyOptions | None
) -> bool:
    """Whether ``chosen`` (distinct cards of ``hand``) is part of some legal discard of ``size`` cards."""
    options = options or ChamberyOptions()
    if len(chosen) > size or any(card.is_king or card is MONDE or card is FOU for card in chosen):
        return False
    plain = _discardable_plain(hand)
    tarots = [card for card in hand if card.is_trump]
    picked_tarots = [card for card in chosen if card.is_trump]
    picked_plain = len(chosen) - len(picked_tarots)
    forced = forced_trump_discards(hand, size)
    if forced:
        if PAGAT in picked_tarots and options.forced_discard == "plain-trumps":
            return False
        return len(picked_tarots) <= forced
    # Without tarots: enough suit cards other than Kings.
    if not picked_tarots and len(plain) >= size:
        return True
    # With every tarot: no 21, and the tarots plus the suit cards fill the discard exactly.
    return MONDE not in tarots and len(tarots) + picked_plain <= size <= len(tarots) + len(plain)


def discard_announcements(hand: Sequence[Card], discard: Sequence[Card]) -> list[str]:
    """What the dealer says aloud about his discard: the Pagat, or tarots laid away for lack of cards."""
    said: list[str] = []
    tarots = [card for card in discard if card.is_trump]
    if PAGAT in discard:
        said.append("Baga à l'écart: the Pagat is in the discard.")
    if tarots and any(card.is_trump for card in hand if card not in discard):
        said.append(f"{len(tarots)} tarot(s) laid away for lack of other cards.")
    return said


# ---------------------------------------------------------------------------------------------- bids


@dataclass(frozen=True, slots=True)
class Bid:
    """A solo bid: how many cards the soloist demands and the factor it puts on the payment."""

    word: str
    demanded: int
    factor: int
    french: str
    label: str


BIDS: Final = (
    Bid("solo-two-cards", 2, 1, "Je marche seul à deux cartes", "Solo with two demanded cards"),
    Bid("solo-one-card", 1, 2, "Je marche seul à une carte", "Solo with one demanded card"),
    Bid("solo-hand", 0, 4, "Je marche à point", "Hand solo, no card demanded"),
)
BIDS_BY_WORD: Final = {bid.word: bid for bid in BIDS}

#: Every contract of a score request: the three solos, the dealer's call and (4 players) fixed partners.
CONTRACTS: Final = ("call", "fixed", *BIDS_BY_WORD)


def bid_refusal(word: str, best: str | None) -> Refusal | None:
    """Why a solo bid is refused after the best bid so far (None if nobody bid yet)."""
    bid = BIDS_BY_WORD.get(word)
    if bid is None:
        names = ", ".join(BIDS_BY_WORD)
        return Refusal(
            Illegal.BID_NOT_ALLOWED, f"There is no bid {word!r} in Chambéry Tarot: bid {names}, or pass."
        )
    if best is not None and bid.demanded >= BIDS_BY_WORD[best].demanded:
        return Refusal(
            Illegal.BID_TOO_LOW,
            f"After a {BIDS_BY_WORD[best].label.lower()}, a solo must demand fewer cards.",
        )
    return None


def demand_refusal(
    soloist_hand: Sequence[Card], cards: Sequence[Card], bid: str, *, soloist_discard: Sequence[Card] = ()
) -> Refusal | None:
    """Why the soloist may not demand ``cards`` (his discard if he is the dealer), or None."""
    wanted = BIDS_BY_WORD[bid].demanded
    if len(cards) != wanted:
        return Refusal(
            Illegal.DEMAND_NOT_ALLOWED,
            f"This solo demands {wanted} card(s), not {len(cards)}.",
        )
    if len(set(cards)) != len(cards):
        return Refusal(Illegal.DEMAND_NOT_ALLOWED, "Name two different cards.")
    for card in cards:
        if card is FOU:
            return Refusal(Illegal.DEMAND_NOT_ALLOWED, "Nobody may demand the Fou.")
        if card in soloist_hand:
            return Refusal(Illegal.DEMAND_NOT_ALLOWED, f"You already hold the {card.name}.")
        if card in soloist_discard:
            return Refusal(Illegal.DEMAND_NOT_ALLOWED, f"You laid the {card.name} away yourself.")
    return None


# ---------------------------------------------------------------------------------------------- call

_CALL_RANKS: Final = (KING, QUEEN, KNIGHT, JACK)


def called_rank(dealer_cards: Iterable[Card]) -> int:
    """The rank the dealer calls: a King, or a Queen if he holds all four Kings, and so on down.

    ``dealer_cards`` are his hand and his discard: he cannot call a card he holds or laid away. The
    rulebook stops at the Queen; holding all four Queens as well, he calls a Cavalier.
    """
    held = set(dealer_cards)
    for rank in _CALL_RANKS:
        if any(Card(suit, rank) not in held for suit in PLAIN_SUITS):
            return rank
    return 10  # unreachable with 18 or more cards elsewhere; kept total


def call_candidates(dealer_cards: Iterable[Card]) -> list[Card]:
    """The cards the dealer may call, in suit order."""
    held = set(dealer_cards)
    rank = called_rank(held)
    return [Card(suit, rank) for suit in PLAIN_SUITS if Card(suit, rank) not in held]


# ---------------------------------------------------------------------------------------------- play


def led_suit(trick: Sequence[Card]) -> Suit | None:
    """The suit to follow: that of the first card other than the Fou (None if nothing sets it yet)."""
    for card in trick:
        if card is not FOU:
            return card.suit
    return None


def legal_plays(
    hand: Sequence[Card], trick: Sequence[Card], options: ChamberyOptions | None = None
) -> list[Card]:
    """The cards of ``hand`` that may go to the trick ``trick`` (cards already played, in order).

    Follow the suit led; without it, play a tarot; without tarots, anything. There is no duty to
    head the trick or to overtrump. The Fou may be shown instead of any card.
    """
    return [card for card in hand if play_refusal(hand, trick, card, options) is None]


def play_refusal(
    hand: Sequence[Card], trick: Sequence[Card], card: Card, options: ChamberyOptions | None = None
) -> Refusal | None:
    """Why ``card`` may not be played from ``hand`` to ``trick``, or None."""
    options = options or ChamberyOptions()
    if card not in hand:
        return Refusal(Illegal.NOT_IN_HAND, f"You do not hold the {card.name}.")
    if card is FOU:
        if not trick and not options.fou_lead and len(hand) > 1:
            return Refusal(Illegal.EXCUSE_LEAD, "With these rules the Fou may not lead a trick.")
        return None
    suit = led_suit(trick)
    if suit is None or card.suit is suit:
        return None
    if any(other.suit is suit for other in hand):
        what = "tarots" if suit is Suit.TRUMPS else suit.english
        return Refusal(Illegal.MUST_FOLLOW_SUIT, f"You must follow suit: you hold {what}.")
    if not card.is_trump and any(other.is_trump for other in hand):
        return Refusal(Illegal.MUST_TRUMP, f"You have no {suit.english}: you must play a tarot.")
    return None


def trick_winner(trick: Sequence[Card]) -> int:
    """Index in ``trick`` of the winning card: the highest tarot, else the highest card of the suit led.

    The Fou never wins. A trick made of the Fou alone cannot happen (3 players at least).

    >>> trick_winner(parse_cards("H1 H10 T2 HK"))
    2
    >>> trick_winner(parse_cards("EX S1 S10 SJ"))
    3
    """
    suit = led_suit(trick)
    best = -1
    for index, card in enumerate(trick):
        if card is FOU:
            continue
        if best < 0:
            best = index
            continue
        top = trick[best]
        if card.is_trump:
            beats = not top.is_trump or card.rank > top.rank
        else:
            beats = card.suit is suit and not top.is_trump and strength(card) > strength(top)
        if beats:
            best = index
    if best < 0:
        raise ValueError("a trick needs a card other than the Fou")
    return best


# ---------------------------------------------------------------------------------------------- payments


@dataclass(frozen=True, slots=True)
class Payment:
    """The outcome of a partnership or solo deal (4 or 5 players)."""

    outcome: Literal["won", "lost", "drawn"]
    difference: int
    factor: int
    unit: int
    #: Scores of the dealer's side: {"dealer", "partner"} for a call or fixed partners, {"soloist"}.
    attack: dict[str, int]
    #: What each defender scores (every defender scores the same).
    defender: int
    defenders: int
    terms: tuple[Term, ...]

    @property
    def won(self) -> bool:
        return self.outcome == "won"

    def scores(self) -> dict[str, int]:
        return {**self.attack, "defender": self.defender}


def _ceil_half(amount: int) -> int:
    return -((-amount) // 2)


def _share(total: int, people: int, rounding: ShareRounding) -> tuple[int, int]:
    """Each of ``people`` winners' whole share of ``total`` and the amount actually paid."""
    exact = Fraction(total, people)
    each = exact.numerator // exact.denominator
    if rounding == "up" and exact.denominator != 1:
        each += 1
    return each, each * people


def pay_partnership(
    players: int,
    contract: str,
    points: int,
    pack: int = 78,
    options: ChamberyOptions | None = None,
) -> Payment:
    """Payments of a 4- or 5-player deal from the card points of the dealer's side or the soloist.

    >>> pay_partnership(5, "call", 44).scores()
    {'dealer': 15, 'partner': 15, 'defender': -10}
    >>> pay_partnership(5, "solo-hand", 40).scores()
    {'soloist': 96, 'defender': -24}
    """
    options = options or ChamberyOptions()
    lay = layout(players, pack)
    if players == 3:
        raise RequestError("players", "with three players each plays alone: give each player's card points")
    solo = contract in BIDS_BY_WORD
    if contract == "fixed" and players != 4:
        raise RequestError("contract", "fixed partnerships are a four-player game")
    if contract not in CONTRACTS:
        raise RequestError("contract", f"the contract must be one of {', '.join(CONTRACTS)}")
    defenders = players - 1 if solo else players - 2
    if not 0 <= points <= lay.total:
        raise RequestError(
            "points", f"card points go from 0 to {lay.total} with {players} players and {pack} cards"
        )

    side = "the soloist" if solo else "the dealer's side"
    against = lay.total - points
    terms = [
        Term("total", f"Card points in the deal ({players} players, {pack} cards)", lay.total),
        Term("par", "A tie: each side has half", lay.par),
        Term("points", f"Card points of {side}", points),
        Term("opponents-points", "Card points of the opponents", against),
    ]
    difference = abs(points - lay.par)
    if difference == 0:
        terms.append(Term("outcome", "A tie: nobody pays", "drawn"))
        attack = {"soloist": 0} if solo else {"dealer": 0, "partner": 0}
        return Payment("drawn", 0, 1, 0, attack, 0, defenders, tuple(terms))

    won = points > lay.par
    sign = 1 if won else -1
    losers_points = min(points, against)
    terms.append(Term("outcome", f"{side.capitalize()} {'won' if won else 'lost'}", "won" if won else "lost"))
    terms.append(Term("difference", f"Difference from the tie of {lay.par}", difference))
    low = 2 if losers_points < lay.double_below else 1
    if low == 2:
        low_label = f"The losers took fewer than {lay.double_below}: doubled"
    else:
        low_label = f"The losers took {lay.double_below} or more: not doubled"
    terms.append(Term("low-score", low_label, low))
    contract_factor = BIDS_BY_WORD[contract].factor if solo else 1
    if players == 4 and contract == "fixed":
        contract_label = "Fixed partners: no contract factor"
    elif solo:
        contract_label = f"{BIDS_BY_WORD[contract].label}: factor"
    else:
        contract_label = "A called partner: no contract factor"
    terms.append(Term("contract-factor", contract_label, contract_factor))
    factor = low * contract_factor
    unit = difference * factor
    terms.append(Term("unit", "Difference times the factors", unit))

    dummett = options.payment == "dummett"
    if solo:
        if won or not dummett:
            defender = -sign * unit
            soloist = sign * unit * defenders
            terms.append(
                Term(
                    "defender",
                    f"Each of the {defenders} opponents {'pays' if won else 'receives'} {unit}",
                    defender,
                )
            )
            terms.append(
                Term("soloist", f"The soloist {'receives' if won else 'pays'} {defenders} × {unit}", soloist)
            )
        else:
            each, paid = _share(unit, defenders, options.share_rounding)
            defender = each
            soloist = -paid
            terms.append(Term("soloist", f"Dummett: the losing soloist pays the simple unit {unit}", -unit))
            terms.append(
                Term(
                    "defender",
                    f"The {defenders} opponents share it: {each} each"
                    + ("" if paid == unit else f", rounded {options.share_rounding}"),
                    defender,
                )
            )
            if paid != unit:
                terms.append(Term("rounding", "The soloist's payment after rounding the shares", soloist))
        return Payment(
            "won" if won else "lost",
            difference,
            factor,
            unit,
            {"soloist": soloist},
            defender,
            defenders,
            tuple(terms),
        )

    if won or not dummett or defenders == 2:
        defender = -sign * unit
        side_total = sign * unit * defenders
        terms.append(
            Term(
                "defender",
                f"Each of the {defenders} opponents {'pays' if won else 'receives'} {unit}",
                defender,
            )
        )
    else:
        each, paid = _share(2 * unit, defenders, options.share_rounding)
        defender = each
        side_total = -paid
        terms.append(
            Term("side", f"Dummett: the dealer and his partner each pay the simple unit {unit}", -2 * unit)
        )
        terms.append(
            Term(
                "defender",
                f"The {defenders} opponents share it: {each} each"
                + ("" if paid == 2 * unit else f", rounded {options.share_rounding}"),
                defender,
            )
        )
    big = _ceil_half(abs(side_total))
    dealer = big if side_total > 0 else -big
    partner = side_total - dealer
    verb = "receives" if won else "pays"
    terms.append(Term("side-total", f"The dealer's side {verb} in all", side_total))
    if abs(side_total) % 2:
        odd = "takes" if won else "pays"
        terms.append(Term("odd-point", f"The amount is odd: the dealer {odd} the extra point", sign))
    terms.append(Term("dealer", f"The dealer {verb}", dealer))
    terms.append(Term("partner", f"His partner {verb}", partner))
    return Payment(
        "won" if won else "lost",
        difference,
        factor,
        unit,
        {"dealer": dealer, "partner": partner},
        defender,
        defenders,
        tuple(terms),
    )


@dataclass(frozen=True, slots=True)
class ThreePayment:
    """The outcome of a three-player deal, each player for himself."""

    points: tuple[int, ...]
    differences: tuple[int, ...]
    scores: tuple[int, ...]
    terms: tuple[Term, ...]

    @property
    def outcomes(self) -> tuple[str, ...]:
        return tuple("won" if d > 0 else "lost" if d < 0 else "level" for d in self.differences)


def pay_three(points: Sequence[int], pack: int = 78, names: Sequence[str] | None = None) -> ThreePayment:
    """Payments of a three-player deal from each player's card points.

    Below the par (a third of the total) a player pays the difference, twice over below half the
    par; the players above the par share everything paid in proportion to their differences. Shares
    are exact whole numbers: all points add up to three times the par, so the winners' differences
    add up to the losers' and each share is a difference times 1 or 2.

    >>> pay_three([37, 29, 12]).scores
    (22, 6, -28)
    """
    lay = layout(3, pack)
    names = list(names) if names is not None else [f"Player {i + 1}" for i in range(3)]
    if len(points) != 3:
        raise RequestError("points", "give the card points of the three players, in order")
    for index, value in enumerate(points):
        if not 0 <= value <= lay.total:
            raise RequestError(f"points[{index}]", f"card points go from 0 to {lay.total} with three players")
    if sum(points) != lay.total:
        raise RequestError(
            "points",
            f"the three players' card points must add up to {lay.total} with {pack} cards, not {sum(points)}",
        )
    terms = [
        Term("total", f"Card points in the deal (3 players, {pack} cards)", lay.total),
        Term("par", "The par: a third of the points", lay.par),
    ]
    diffs = tuple(value - lay.par for value in points)
    paid = [
        -diff * (2 if value < lay.double_below else 1) if diff < 0 else 0
        for value, diff in zip(points, diffs, strict=True)
    ]
    pot = sum(paid)
    gains = sum(diff for diff in diffs if diff > 0)
    scores: list[int] = []
    for index, (name, value, diff, out) in enumerate(zip(names, points, diffs, paid, strict=True)):
        if diff > 0:
            share = Fraction(pot * diff, gains)
            if share.denominator != 1:  # impossible: see the docstring
                raise AssertionError("three-player shares are whole numbers")
            score = int(share)
            label = f"{name} took {value}, {diff} above the par: receives {diff}/{gains} of the {pot} paid"
        elif diff < 0:
            score = -out
            twice = f", twice as under {lay.double_below}" if out != -diff else ""
            label = f"{name} took {value}, {-diff} under the par: pays {-diff}{twice}"
        else:
            score = 0
            label = f"{name} took exactly {lay.par}: neither pays nor receives"
        scores.append(score)
        terms.append(Term(f"player-{index + 1}", label, score))
    terms.insert(2, Term("paid", "Paid in all by the players under the par", pot))
    return ThreePayment(tuple(points), diffs, tuple(scores), tuple(terms))


# ---------------------------------------------------------------------------------------------- requests

_REQUEST_FIELDS: Final = ("variant", "players", "pack", "contract", "points", "options")


def _int_field(request: Mapping[str, object], name: str, what: str, choices: str) -> int:
    value = required(request, name, f"give {what}: {choices}")
    return whole_number(value, name, f"{what} as a whole number ({choices})")


def score_request(request: Mapping[str, object]) -> dict[str, object]:
    """Answer a Chambéry score request (JSON-like mapping); raise RequestError on bad input.

    >>> score_request({"variant": "chambery", "players": 5, "contract": "call", "points": 40})["scores"]
    {'dealer': 9, 'partner': 9, 'defender': -6}
    """
    if not isinstance(request, Mapping):
        raise RequestError("", "a score request is an object with variant, players, contract and points")
    for key in request:
        if key not in _REQUEST_FIELDS:
            raise RequestError(
                str(key), f"a Chambéry score request has no field {key!r}; use {', '.join(_REQUEST_FIELDS)}"
            )
    if request.get("variant") != VARIANT_NAME:
        raise RequestError("variant", f'this calculator scores "chambery", not {request.get("variant")!r}')
    players = _int_field(request, "players", "the number of players", "3, 4 or 5")
    if players not in (3, 4, 5):
        raise RequestError("players", f"Chambéry Tarot is for 3, 4 or 5 players, not {players}")
    pack = _int_field(request, "pack", "the cards in the pack", "78 or 62") if "pack" in request else 78
    if pack not in (78, 62):
        raise RequestError("pack", f"the pack has 78 cards or, for the tarot simplifié, 62; not {pack}")
    options = options_from_mapping(request.get("options"))
    lay = layout(players, pack)
    answer: dict[str, object] = {"variant": VARIANT_NAME, "players": players, "pack": pack}

    if players == 3:
        contract = request.get("contract", "individual")
        if contract != "individual":
            raise RequestError(
                "contract",
                'three players each play for themselves, with no solo and no call: leave "contract" out '
                'or write "individual"',
            )
        raw = required(
            request, "points", "give a list of the three players' card points, such as [37, 29, 12]"
        )
        if not isinstance(raw, list | tuple) or len(raw) != 3:
            raise RequestError("points", "with three players, give a list of the three players' card points")
        values: list[int] = []
        for index, value in enumerate(raw):
            values.append(whole_number(value, f"points[{index}]", "a player's card points, a whole number"))
        three = pay_three(values, pack)
        answer["won"] = [outcome == "won" for outcome in three.outcomes]
        answer["outcome"] = list(three.outcomes)
        answer["breakdown"] = [term.as_dict() for term in three.terms]
        answer["scores"] = {"by_player": list(three.scores)}
        return answer

    contract = required(request, "contract", f"choose one of {', '.join(CONTRACTS)}")
    if not isinstance(contract, str) or contract not in CONTRACTS:
        raise RequestError(
            "contract", f"the contract must be one of {', '.join(CONTRACTS)}, not {shown(contract)}"
        )
    if contract == "fixed" and players != 4:
        raise RequestError("contract", "fixed partnerships exist only in the four-player game")
    if players == 4 and options.four_player == "fixed" and contract != "fixed":
        raise RequestError("contract", 'with fixed partners (four_player "fixed") the contract is "fixed"')
    points = _int_field(
        request, "points", "the card points of the dealer's side or the soloist", f"0 to {lay.total}"
    )
    if not 0 <= points <= lay.total:
        raise RequestError(
            "points",
            f"the card points go from 0 to {lay.total} with {players} players and {pack} cards, not {points}",
        )
    if contract in ("call", "fixed") and lay.discard_point and points < 1:
        raise RequestError("points", "the dealer's side always has at least the point of its discard")
    payment = pay_partnership(players, contract, points, pack, options)
    answer["contract"] = contract
    answer["won"] = payment.won
    answer["outcome"] = payment.outcome
    answer["breakdown"] = [term.as_dict() for term in payment.terms]
    answer["scores"] = payment.scores()
    return answer


# ---------------------------------------------------------------------------------------------- tables


class TableDescription(TypedDict):
    """A table for the site's ``tarot-table`` directive."""

    header: list[str]
    rows: list[list[object]]
    caption: str


def deal_table() -> TableDescription:
    """Every player count and pack: the deal, the discard and the card points that decide the game."""
    rows: list[list[object]] = []
    for (players, pack), lay in _LAYOUTS.items():
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
    choices = {name: _OPTION_CHOICES.get(name, (78, 62)) for name, _, _ in ChamberyTableOptions().describe()}
    return cast(
        TableDescription,
        variant_options_table(ChamberyTableOptions(), choices, "Rule options of Chambéry Tarot"),
    )


# ---------------------------------------------------------------------------------------------- the round


@dataclass(frozen=True)
class ChamberyTableOptions(ChamberyOptions):
    """The options of a playable Chambéry round: the rule options and the pack."""

    pack: int = field(
        default=78,
        metadata=_help("the pack: 78 cards, or 62 for the tarot simplifié (no 2 to 5 in the suits)"),
    )

    def __post_init__(self) -> None:
        super().__post_init__()
        if isinstance(self.pack, bool) or self.pack not in (78, 62):
            raise RequestError(
                "pack", f"the pack has 78 cards or, for the tarot simplifié, 62; not {self.pack!r}"
            )

    def rules(self) -> ChamberyOptions:
        """The rule options alone (what the payment functions take)."""
        return ChamberyOptions(**{item.name: getattr(self, item.name) for item in fields(ChamberyOptions)})


class Stage(StrEnum):
    """The steps of a Chambéry deal. ``Round.phase`` shows the nearest common phase."""

    DISCARD = "discard"  # the dealer lays cards away (Phase.DISCARD)
    BIDDING = "bidding"  # one chance each to bid a solo (Phase.BIDDING)
    DEMAND = "demand"  # the soloist names the cards he wants (Phase.CALLING)
    EXCHANGE = "exchange"  # the soloist gives a card for each card received (Phase.DISCARD)
    CALL = "call"  # nobody bid: the dealer calls a King (Phase.CALLING)
    PLAYING = "playing"
    OVER = "over"


_STAGE_KINDS: Final = {
    Stage.DISCARD: ("discard",),
    Stage.BIDDING: ("bid", "pass"),
    Stage.DEMAND: ("demand",),
    Stage.EXCHANGE: ("give",),
    Stage.CALL: ("call",),
    Stage.PLAYING: ("play",),
}
_STAGE_TEXT: Final = {
    Stage.DISCARD: "the dealer lays cards away one at a time ('discard H3')",
    Stage.BIDDING: "each player bids a solo or passes ('bid solo-one-card', 'pass')",
    Stage.DEMAND: "the soloist names a card he wants ('demand T21')",
    Stage.EXCHANGE: "the soloist gives a card for each card received ('give H3')",
    Stage.CALL: "the dealer calls a King ('call SK')",
    Stage.PLAYING: "each player plays a card ('play HK')",
}


class ChamberyVariant(Variant):
    """Chambéry Tarot for one player count; the pack (78 or 62 cards) is the option ``pack``."""

    family: ClassVar[str] = VARIANT_NAME
    options_class: ClassVar[type[Options]] = ChamberyTableOptions
    packet: ClassVar[int] = 5
    #: The solo bids (none with three players); with four, none either under fixed partners.
    contracts: ClassVar[tuple[str, ...]] = ()
    deal_salt = "chambery"

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        lay = layout(self.players, self.options.pack)
        self.layout = lay
        self.rules: ChamberyOptions = self.options.rules()
        with_bids = self.players == 5 or (self.players == 4 and self.rules.four_player == "call")
        # Facts that depend on the pack are instance values here (class-level facts elsewhere).
        vars(self).update(
            hand_size=lay.hand_size,
            dog_size=lay.dealer_extra,
            contracts=tuple(BIDS_BY_WORD) if with_bids else (),
            title=f"Chambéry Tarot, {self.players} players" + (", 62 cards" if lay.pack == 62 else ""),
        )

    @property
    def pack(self) -> tuple[Card, ...]:
        return pack_cards(self.layout.pack)

    def new_round(
        self,
        dealer: Seat,
        hands: list[list[Card]] | tuple[tuple[Card, ...], ...],
        dog: list[Card] | tuple[Card, ...],
    ) -> Round:
        """A round from a deal; ``dog`` holds the dealer's extra cards (dealt with his last packet)."""
        return ChamberyRound(self, dealer, hands, dog)

    def deal_round_from(self, dealer: Seat, rng: random.Random) -> Round:
        """A new round shuffled with ``rng``, dealt by fives from the dealer's right, his extras last."""
        pack = list(self.pack)
        rng.shuffle(pack)
        hands, extra = deal_packets(pack, dealer, self.layout)
        return self.new_round(dealer, hands, extra)

    def score_round(self, rnd: Round, counting: Counting) -> Score:
        assert isinstance(rnd, ChamberyRound) and isinstance(counting, ChamberyCounting)
        return score_counting(rnd, counting)


def deal_packets(pack: Sequence[Card], dealer: Seat, lay: Layout) -> tuple[list[list[Card]], list[Card]]:
    """Deal a shuffled pack: packets in turn from the dealer's right, the dealer's extra cards last."""
    players = lay.players
    order = order_from(dealer.next(players), players)
    hands: list[list[Card]] = [[] for _ in range(players)]
    position = 0
    for size in lay.packets:
        for seat in order:
            hands[seat].extend(pack[position : position + size])
            position += size
    extra = list(pack[position:])
    assert len(extra) == lay.dealer_extra
    return [sorted(hand) for hand in hands], sorted(extra)


@register
class Chambery5(ChamberyVariant):
    key = "chambery-5"
    title = "Chambéry Tarot, 5 players"
    players = 5
    hand_size = layout(5, 78).hand_size
    dog_size = layout(5, 78).dealer_extra
    contracts = tuple(BIDS_BY_WORD)


@register
class Chambery4(ChamberyVariant):
    key = "chambery-4"
    title = "Chambéry Tarot, 4 players"
    players = 4
    hand_size = layout(4, 78).hand_size
    dog_size = layout(4, 78).dealer_extra
    contracts = tuple(BIDS_BY_WORD)


@register
class Chambery3(ChamberyVariant):
    key = "chambery-3"
    title = "Chambéry Tarot, 3 players"
    players = 3
    hand_size = layout(3, 78).hand_size
    dog_size = layout(3, 78).dealer_extra
    contracts = ()


@dataclass(frozen=True, slots=True)
class ChamberyCounting(Counting):
    """The counting of a Chambéry deal: card points in whole points, per seat and per side.

    The inherited ``*_half_points`` fields hold twice the Chambéry points, so that generic displays
    of half-points show the right number. With three players the "attack" is the dealer.
    """

    seat_points: tuple[int, ...] = ()
    seat_tricks: tuple[int, ...] = ()
    attack_points: int = 0
    defence_points: int = 0
    discard_points: int = 0


@dataclass(frozen=True, slots=True)
class ChamberyScore(Score):
    """A scored Chambéry deal: the payment's working and every seat's score."""

    seat_scores: tuple[int, ...] = ()
    roles: tuple[tuple[str, int], ...] = ()

    def by_seat(self, rnd: Seated) -> dict[Seat, int]:
        return dict(zip(SEATS[: rnd.players], self.seat_scores, strict=True))

    def as_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "variant": self.variant,
            "won": self.won,
            "breakdown": [term.as_dict() for term in self.terms],
            "scores": dict(self.roles),
            "by_seat": {str(SEATS[i]): score for i, score in enumerate(self.seat_scores)},
        }
        data.update(self.extra)
        return data


class ChamberyRound(Round):
    """A Chambéry deal: the dealer's discard, the solo bids, demands and exchanges or the dealer's call,
    then the play, where the Fou is shown once and kept and nobody has to overtrump.

    The dealer's extra cards are the round's ``dog`` as dealt; they join his hand at once.
    """

    def __init__(
        self,
        variant: ChamberyVariant,
        dealer: Seat,
        hands: Sequence[Iterable[Card]],
        dog: Iterable[Card],
    ) -> None:
        self.game = variant
        self.layout = variant.layout
        self.rules = variant.rules
        super().__init__(cast("RoundRules", variant), dealer, hands, dog)

    # ------------------------------------------------------------------ state
    def _reset(self) -> None:
        super()._reset()
        dealer = self.dealer
        self.hands[dealer] = sorted([*self.hands[dealer], *self.dog])
        self.dealt: tuple[tuple[Card, ...], ...] = tuple(tuple(hand) for hand in self.hands)
        self.dog = []
        self.phase = Phase.DISCARD
        self.to_move = dealer
        #: Cards the soloist named that are handed over, in order; and those found in the discard.
        self.demands: list[Card] = []
        self.misses: list[Card] = []
        #: (card, from whom) handed to the soloist; (card, to whom) he gave back.
        self.received: list[tuple[Card, Seat]] = []
        self.given: list[tuple[Card, Seat]] = []
        #: What was said aloud: the Pagat in the discard, a partner making himself known, ...
        self.announcements: list[str] = []

    def rule_petit_sec_seat(self) -> Seat | None:
        return None  # Chambéry Tarot has no petit sec

    @property
    def stage(self) -> Stage:
        phase = self.phase
        if phase is Phase.DISCARD:
            return Stage.DISCARD if self.contract is None else Stage.EXCHANGE
        if phase is Phase.CALLING:
            return Stage.DEMAND if self.contract in BIDS_BY_WORD else Stage.CALL
        if phase is Phase.BIDDING:
            return Stage.BIDDING
        return Stage.PLAYING if phase is Phase.PLAYING else Stage.OVER

    @property
    def partner_revealed(self) -> bool:
        return True  # the holder of the called card makes himself known at once

    def side_of(self, seat: Seat) -> str:
        if self.players == 3:
            return ATTACK if seat == self.dealer else DEFENCE
        return super().side_of(seat)

    def seat_holding(self, card: Card) -> Seat | None:
        for seat in SEATS[: self.players]:
            if card in self.hands[seat]:
                return seat
        return None

    # ------------------------------------------------------------------ what each seat sees
    def rule_partner_known(self, seat: Seat) -> bool:
        return True  # the holder of the called card makes himself known at once

    def rule_shown_piles(self, seat: Seat) -> list[Pile]:
        """The dealer sees his discard; everyone sees the demanded cards handed to the soloist and those
        found in the discard; a card the soloist gives back is seen by him and its receiver."""
        from ...engine.view import Pile

        piles: list[Pile] = []
        if seat == self.dealer and self.discard:
            piles.append(Pile("discard", seat, tuple(sorted(self.discard))))
        if self.misses:
            piles.append(Pile("discard-found", self.dealer, tuple(self.misses)))
        if seat != self.dealer and PAGAT in self.discard:
            piles.append(Pile("discard-pagat", self.dealer, (PAGAT,)))  # "Baga à l'écart", said aloud
        piles.extend(Pile("received", holder, (card,), str(self.taker)) for card, holder in self.received)
        for card, receiver in self.given:
            if seat in (self.taker, receiver):
                piles.append(Pile("given", self.taker, (card,), str(receiver)))
        return piles

    def rule_hidden_piles(self, seat: Seat) -> list[tuple[str, int]]:
        """The dealer's discard, for everyone else (less the demanded cards found in it and the Pagat,
        which the dealer announces)."""
        if not self.discard or seat == self.dealer:
            return []
        count = len(set(self.discard) - {*self.misses, PAGAT})
        return [("discard", count)] if count else []

    def rule_seen_action(self, seat: Seat, action: Action) -> Action:
        if action.seat == seat or action.kind not in ("discard", "give"):
            return action
        if action.kind == "give" and any(
            card == action.card and seat == receiver for card, receiver in self.given
        ):
            return action
        return Action(action.seat, action.kind)

    def rule_public_notes(self) -> list[str]:
        return list(self.announcements)

    @property
    def demands_left(self) -> int:
        if self.contract not in BIDS_BY_WORD:
            return 0
        spent = len(self.demands) + (len(self.misses) if self.rules.demand_in_discard == "lost" else 0)
        return BIDS_BY_WORD[self.contract].demanded - spent

    # ------------------------------------------------------------------ legal actions
    def _generate(self) -> list[Action]:
        seat = self.to_move
        stage = self.stage
        if seat is None or stage is Stage.OVER:
            return []
        if stage is Stage.PLAYING:
            row = PLAYS[seat]
            # The base round's fast path for plays reads ``_legal_cards``.
            cards = self._legal_cards = self.legal_cards(seat)
            return [row[card.index] for card in cards]
        if stage is Stage.DISCARD:
            full = [*self.hands[seat], *self.discard]
            choices = discard_choices(sorted(full), self.discard, self.layout.discard_size, self.rules)
            return [Action(seat, "discard", "", (card,)) for card in choices]
        if stage is Stage.BIDDING:
            best = self._highest_bid()
            words = [bid.word for bid in BIDS if bid_refusal(bid.word, best) is None]
            return [Action(seat, "pass"), *(Action(seat, "bid", word) for word in words)]
        if stage is Stage.DEMAND:
            return [
                Action(seat, "demand", "", (card,)) for card in self.pack_cards() if self._demand_ok(card)
            ]
        if stage is Stage.EXCHANGE:
            return [Action(seat, "give", "", (card,)) for card in self._givable()]
        return [Action(seat, "call", "", (card,)) for card in self._callable()]

    def pack_cards(self) -> tuple[Card, ...]:
        return pack_cards(self.layout.pack)

    def legal_cards(self, seat: Seat) -> list[Card]:
        trick = self.current
        if trick is None:
            return []
        return legal_plays(self.hands[seat], trick.cards, self.rules)

    def _demand_refusal(self, card: Card) -> Refusal | None:
        assert self.taker is not None
        discard = self.discard if self.taker == self.dealer else ()
        refusal = demand_refusal(self.hands[self.taker], [card], "solo-one-card", soloist_discard=discard)
        if refusal is not None:
            return refusal
        if card not in self.pack_cards():
            return Refusal(Illegal.DEMAND_NOT_ALLOWED, f"The {card.name} is not in this pack.")
        if card in self.demands:
            return Refusal(Illegal.DEMAND_NOT_ALLOWED, f"You have already asked for the {card.name}.")
        if card in self.misses:
            return Refusal(
                Illegal.DEMAND_NOT_ALLOWED, f"The {card.name} is in the discard: ask for another card."
            )
        return None

    def _demand_ok(self, card: Card) -> bool:
        return self._demand_refusal(card) is None

    def _givable(self) -> list[Card]:
        assert self.taker is not None
        received = {card for card, _ in self.received}
        return [card for card in self.hands[self.taker] if card not in received]

    def _callable(self) -> list[Card]:
        return call_candidates([*self.hands[self.dealer], *self.discard])

    # ------------------------------------------------------------------ refusals
    def _refusal(self, action: Action) -> Refusal:
        stage = self.stage
        if stage is Stage.OVER:
            return Refusal(Illegal.ROUND_OVER, "The deal is over: no more actions.")
        if action.seat != self.to_move:
            return Refusal(Illegal.NOT_YOUR_TURN, f"It is {self.to_move}'s turn, not {action.seat}'s.")
        kind = action.kind
        if kind not in _STAGE_KINDS[stage]:
            return Refusal(Illegal.WRONG_PHASE, f"Not now: {_STAGE_TEXT[stage]}.")
        if kind in ("bid", "pass"):
            if kind == "pass" and (action.word or action.cards):
                return Refusal(Illegal.NOT_ALLOWED, "Just say 'pass'.")
            if action.cards:
                return Refusal(
                    Illegal.NOT_ALLOWED, "A bid names no card: the demanded cards come after the bidding."
                )
            refusal = bid_refusal(action.word, self._highest_bid())
            return refusal or Refusal(Illegal.NOT_ALLOWED, f"{action} is not allowed now.")
        if len(action.cards) != 1 or action.word:
            return Refusal(Illegal.NOT_ALLOWED, f"Name exactly one card, like '{kind} {_EXAMPLE[kind]}'.")
        card = action.card
        seat = action.seat
        if kind == "discard":
            full = sorted([*self.hands[seat], *self.discard])
            refusal = discard_card_refusal(full, self.discard, card, self.layout.discard_size, self.rules)
        elif kind == "demand":
            refusal = self._demand_refusal(card)
        elif kind == "give":
            if card not in self.hands[seat]:
                refusal = Refusal(Illegal.NOT_IN_HAND, f"You do not hold the {card.name}.")
            else:
                refusal = Refusal(
                    Illegal.DEMAND_NOT_ALLOWED, f"You have just received the {card.name}: give another card."
                )
        elif kind == "call":
            refusal = self._call_refusal(card)
        else:
            assert self.current is not None
            refusal = play_refusal(self.hands[seat], self.current.cards, card, self.rules)
        return refusal or Refusal(Illegal.NOT_ALLOWED, f"{action} is not allowed now.")

    def _call_refusal(self, card: Card) -> Refusal:
        if card in self.hands[self.dealer]:
            return Refusal(
                Illegal.CALL_NOT_ALLOWED, f"You hold the {card.name} yourself: call a card you lack."
            )
        if card in self.discard:
            return Refusal(Illegal.CALL_NOT_ALLOWED, f"You laid the {card.name} away: call a card you lack.")
        rank = called_rank([*self.hands[self.dealer], *self.discard])
        names = {KING: "a King", QUEEN: "a Queen, as you hold all four Kings", KNIGHT: "a Cavalier"}
        return Refusal(Illegal.CALL_NOT_ALLOWED, f"Call {names.get(rank, 'a Jack')}.")

    # ------------------------------------------------------------------ applying actions
    def _apply(self, action: Action) -> None:
        kind = action.kind
        if kind == "play":
            self._apply_play(action.seat, action.cards[0])
        elif kind == "discard":
            self._apply_discard(action.cards[0])
        elif kind in ("bid", "pass"):
            self._apply_bid(action)
        elif kind == "demand":
            self._apply_demand(action.cards[0])
        elif kind == "give":
            self._apply_give(action.cards[0])
        elif kind == "call":
            self._apply_call(action.cards[0])
        else:  # pragma: no cover - refused earlier
            raise TarotError(f"unknown action {action}")

    def _apply_discard(self, card: Card) -> None:
        dealer = self.dealer
        self.hands[dealer].remove(card)
        self.discard.append(card)
        if len(self.discard) < self.layout.discard_size:
            return
        self.announcements.extend(discard_announcements(self.dealt[dealer], self.discard))
        if self.players == 3:
            self.contract = "individual"
            self._start_play()
        elif self.players == 4 and self.rules.four_player == "fixed":
            self.contract = "fixed"
            self.taker = dealer
            self.partner = dealer.next(4).next(4)
            self._start_play()
        else:
            self.phase = Phase.BIDDING
            self.to_move = dealer.next(self.players)

    def _apply_bid(self, action: Action) -> None:
        if action.kind == "bid":
            self.bids.append(action)
        spoken = sum(1 for a in self.actions if a.kind in ("bid", "pass")) + 1
        assert self.to_move is not None
        if spoken < self.players:
            self.to_move = self.to_move.next(self.players)
            return
        if self.bids:
            self.taker = self.bids[-1].seat
            self.contract = self.bids[-1].word
            if BIDS_BY_WORD[self.contract].demanded:
                self.phase = Phase.CALLING
                self.to_move = self.taker
            else:
                self._start_play()
        else:
            self.taker = self.dealer
            self.contract = "call"
            self.phase = Phase.CALLING
            self.to_move = self.dealer

    def _apply_demand(self, card: Card) -> None:
        if card in self.discard:
            self.misses.append(card)
            lost = self.rules.demand_in_discard == "lost"
            self.announcements.append(
                f"The {card.name} is in the discard: "
                + ("that demand is lost." if lost else "name another card.")
            )
        else:
            self.demands.append(card)
        if self.demands_left:
            return
        taker = self.taker
        assert taker is not None
        for wanted in self.demands:
            holder = self.seat_holding(wanted)
            assert holder is not None
            self.hands[holder].remove(wanted)
            self.hands[taker] = sorted([*self.hands[taker], wanted])
            self.received.append((wanted, holder))
            self.announcements.append(f"{holder} hands the {wanted.name} to {taker}.")
        if self.received:
            self.phase = Phase.DISCARD
        else:
            self._start_play()

    def _apply_give(self, card: Card) -> None:
        taker = self.taker
        assert taker is not None
        receiver = self.received[len(self.given)][1]
        self.hands[taker].remove(card)
        self.hands[receiver] = sorted([*self.hands[receiver], card])
        self.given.append((card, receiver))
        if len(self.given) == len(self.received):
            self._start_play()

    def _apply_call(self, card: Card) -> None:
        self.called = card
        self.partner = self.seat_holding(card)
        self.announcements.append(
            f"{self.partner} holds the {card.name} and plays with the dealer {self.dealer}."
        )
        self._start_play()

    def rule_trick_winner(self, trick: Trick) -> Seat:
        return trick.plays[trick_winner(trick.cards)][0]

    def points_of(self, cards: Iterable[Card]) -> int:
        """Chambéry card points of some cards (whole points; tricks and discard not included)."""
        return count_points(cards)

    def trick_points(self, trick: Trick) -> int:
        """What a finished trick brings its winner: its cards but the Fou, and one point for the trick."""
        return count_points(card for card in trick.cards if card is not FOU) + 1

    def trick_value(self, trick: Trick) -> int:
        return self.trick_points(trick)

    def current_winner(self) -> Seat | None:
        trick = self.current
        if trick is not None and all(card is FOU for card in trick.cards):
            return None  # the Fou alone wins nothing
        return super().current_winner()

    # ------------------------------------------------------------------ counting
    def count(self) -> ChamberyCounting:
        """Card points at the end: the cards of the tricks each seat won, one point per trick, the Fou
        to the seat that showed it, the discard (and its point) to the dealer."""
        if self.outcome != "played":
            raise TarotError("the round has not been played to the end")
        return self.tally()

    def tally(self) -> ChamberyCounting:
        """Card points so far (completed tricks); the discard joins the dealer's side at the end."""
        if self.stage in (Stage.DISCARD, Stage.BIDDING):
            raise TarotError("the play has not started: there is nothing to count")
        finished = self.outcome == "played"
        piles: list[list[Card]] = [[] for _ in range(self.players)]
        tricks = [0] * self.players
        fou: ExcuseNote | None = None
        for trick in self.tricks:
            assert trick.winner is not None
            tricks[trick.winner] += 1
            for seat, card in trick.plays:
                if card is FOU:
                    piles[seat].append(card)
                    fou = ExcuseNote(
                        seat,
                        trick.number,
                        self.side_of(seat),
                        None,
                        None,
                        f"the Fou was shown in trick {trick.number + 1} and stays with "
                        + (f"{seat}" if self.players == 3 else f"{seat}'s side"),
                    )
                else:
                    piles[trick.winner].append(card)
        discard_points = 0
        if finished:
            piles[self.dealer].extend(self.discard)
            discard_points = count_points(self.discard) + (1 if self.layout.discard_point else 0)
        seat_points = [count_points(pile) + won for pile, won in zip(piles, tricks, strict=True)]
        if finished and self.layout.discard_point:
            seat_points[self.dealer] += 1
        attack = [seat for seat in SEATS[: self.players] if self.side_of(seat) == ATTACK]
        attack_cards = [card for seat in attack for card in piles[seat]]
        defence_cards = [card for seat in SEATS[: self.players] if seat not in attack for card in piles[seat]]
        attack_points = sum(seat_points[seat] for seat in attack)
        defence_points = sum(seat_points) - attack_points
        attack_tricks = sum(tricks[seat] for seat in attack)
        defence_tricks = len(self.tricks) - attack_tricks
        return ChamberyCounting(
            attack_cards=tuple(sort_hand(attack_cards)),
            defence_cards=tuple(sort_hand(defence_cards)),
            attack_half_points=2 * attack_points,
            defence_half_points=2 * defence_points,
            attack_bouts=sum(1 for card in attack_cards if card.is_bout),
            tricks_won={ATTACK: attack_tricks, DEFENCE: defence_tricks},
            excuse=fou,
            dog_to=self.side_of(self.dealer),
            petit_au_bout=None,
            slam_by=None
            if not finished
            else ATTACK
            if defence_tricks == 0
            else DEFENCE
            if attack_tricks == 0
            else None,
            seat_points=tuple(seat_points),
            seat_tricks=tuple(tricks),
            attack_points=attack_points,
            defence_points=defence_points,
            discard_points=discard_points,
        )

    # ------------------------------------------------------------------ telling the deal
    def _side_names(self) -> tuple[str, str]:
        if self.contract in BIDS_BY_WORD:
            return "soloist", "opponents"
        return "dealer's side", "opponents"

    def trick_note(self, trick: Trick) -> str:
        """What a replay prints after a trick's winner: his side and the card points so far."""
        assert trick.winner is not None
        tally = self.tally()
        if self.players == 3:
            so_far = ", ".join(f"{SEATS[i]} {points}" for i, points in enumerate(tally.seat_points))
            return f"({trick.winner} takes {self.trick_points(trick)}); card points so far: {so_far}"
        attack, defence = self._side_names()
        side = attack if self.side_of(trick.winner) == ATTACK else defence
        return (
            f"({side}, {self.trick_points(trick)}); card points so far: "
            f"{attack} {tally.attack_points}, {defence} {tally.defence_points}"
        )

    def result_lines(self, name: Callable[[Seat], str] = str) -> list[str]:
        """The end of a replay: what was announced, the counting, the working and every score."""
        result = self.result()
        counting = result.counting
        score = result.score
        assert isinstance(counting, ChamberyCounting) and score is not None
        lines = [f"Said aloud: {line}" for line in self.announcements]
        if counting.excuse is not None:
            lines.append(f"Fou: {counting.excuse.explanation}.")
        lines.append(
            "Card points: "
            + ", ".join(f"{name(SEATS[i])} {points}" for i, points in enumerate(counting.seat_points))
            + f" (the discard brings the dealer {counting.discard_points})"
        )
        if self.players > 3:
            attack, defence = self._side_names()
            lines.append(f"Counted: {attack} {counting.attack_points}, {defence} {counting.defence_points}")
        width = max(len(term.label) for term in score.terms) + 2
        lines.extend(f"  {term.label.ljust(width, '.')} {term.value}" for term in score.terms)
        lines.append(
            "By seat: " + ", ".join(f"{name(seat)} {value:+d}" for seat, value in result.by_seat.items())
        )
        return lines

    def result_summary(self) -> dict[str, object]:
        """Facts of a finished deal, as stated in a hand record's ``expected`` block."""
        result = self.result()
        counting = result.counting
        assert isinstance(counting, ChamberyCounting)
        summary: dict[str, object] = {"outcome": result.outcome, "contract": self.contract}
        summary["taker"] = None if self.taker is None else str(self.taker)
        summary["partner"] = None if self.partner is None else str(self.partner)
        summary["points"] = {str(SEATS[i]): points for i, points in enumerate(counting.seat_points)}
        if self.players > 3:
            summary["attack_points"] = counting.attack_points
        summary["scores"] = {str(seat): score for seat, score in result.by_seat.items()}
        return summary


_EXAMPLE: Final = {"discard": "H3", "demand": "T21", "give": "H3", "call": "SK", "play": "HK"}


def score_counting(rnd: ChamberyRound, counting: ChamberyCounting) -> ChamberyScore:
    """The payments of a played deal, from its counting."""
    lay = rnd.layout
    players = lay.players
    seats = SEATS[:players]
    if players == 3:
        three = pay_three(counting.seat_points, lay.pack, names=[str(seat) for seat in seats])
        dealer_score = three.scores[rnd.dealer]
        return ChamberyScore(
            variant=VARIANT_NAME,
            won=three.outcomes[rnd.dealer] == "won",
            terms=three.terms,
            per_defender=0,
            taker=dealer_score,
            partner=None,
            defender=0,
            extra={"outcome": list(three.outcomes)},
            seat_scores=three.scores,
            roles=(("by_player", list(three.scores)),),  # type: ignore[arg-type]
        )
    assert rnd.contract is not None and rnd.taker is not None
    pay = pay_partnership(players, rnd.contract, counting.attack_points, lay.pack, rnd.rules)
    scores = pay.scores()
    taker_score = scores.get("soloist", scores.get("dealer", 0))
    partner_score = scores.get("partner")
    seat_scores = tuple(
        taker_score
        if seat == rnd.taker
        else partner_score
        if seat == rnd.partner and partner_score is not None
        else pay.defender
        for seat in seats
    )
    return ChamberyScore(
        variant=VARIANT_NAME,
        won=pay.won,
        terms=pay.terms,
        per_defender=-pay.defender,
        taker=taker_score,
        partner=partner_score,
        defender=pay.defender,
        extra={"outcome": pay.outcome, "contract": rnd.contract},
        seat_scores=seat_scores,
        roles=tuple(scores.items()),
    )
