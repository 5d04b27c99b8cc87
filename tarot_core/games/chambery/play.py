"""Chambéry Tarot: the rules of the Club des Taroteurs of the Grand Café Coudurier (Chambéry, 1902).

This module holds every rule of the game as data and small pure functions: the deal for 3, 4 and 5
players with the full 78-card pack or the 62-card pack (*tarot simplifié*), the dealer's discard and
its limits, the solo bids with 2, 1 or 0 demanded cards, the dealer's called King, the Fou shown once
and kept, play without any obligation to overtrump, card points and payments.

Everything the old rulebook leaves open is a field of :class:`.ChamberyOptions` with a documented
default. The playable round (deal, bidding, play) builds on these functions.

Card points are whole numbers here (Fou, 21, Pagat and Kings 4, Queens 3, Cavaliers 2, Jacks 1,
every trick 1 and the discard 1), so this module never uses the half-points of modern French Tarot.

>>> layout(5, 78).total, layout(4, 78).total, layout(3, 78).total
(68, 72, 78)
>>> [str(c) for c in legal_plays(parse_cards("HK H2 T5"), parse_cards("H10"))]
['HK', 'H2']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from ...cards import (
    FULL_PACK,
    JACK,
    KING,
    KNIGHT,
    MONDE,
    PLAIN_SUITS,
    QUEEN,
    Card,
    Suit,
    pack_62,
    parse_cards,  # noqa: F401  (the doctests use it)
)
from ...errors import Illegal, Refusal, RequestError
from ...messages import N_, Noun, _, gettext_lazy, ngettext, ngettext_lazy
from .contracts import ChamberyBid
from .options import FOU, PAGAT, ChamberyOptions

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

LAYOUTS: Final = {key: _make_layout(*key) for key in _PACKETS}


def layout(players: int, pack: int = 78) -> Layout:
    """The layout for 3, 4 or 5 players and a pack of 78 or 62 cards.

    >>> lay = layout(3, 62)
    >>> lay.hand_size, lay.discard_size, lay.total, lay.par, lay.double_below
    (20, 2, 72, 24, 12)
    """
    try:
        return LAYOUTS[(players, pack)]
    except KeyError:
        raise RequestError(
            "players" if pack in (78, 62) else "pack",
            gettext_lazy("Chambéry Tarot is for 3, 4 or 5 players with a pack of 78 or 62 cards"),
        ) from None


# ---------------------------------------------------------------------------------------------- words


def card_noun(card: Card) -> Noun:
    """A card as a sentence names it: ``{card}`` is "the King of Hearts", ``{card:bare}`` "King of Hearts"."""
    return card.noun


def suit_noun(suit: Suit) -> Noun:
    """A suit as a sentence names it, the trumps being the tarots: ``{suit:bare}`` is "Hearts"."""
    return Noun("tarots", "suit") if suit is Suit.TRUMPS else Noun(suit.english, "suit")


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


#: Why the Pagat may not go when tarots must be laid away for lack of other cards.
_PAGAT_FORCED: Final = N_(
    "When tarots must be laid away for lack of other cards, they are tarots without points: not the Pagat."
)


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
            Illegal.DISCARD_SIZE,
            ngettext_lazy(
                "The dealer lays away exactly {n} card, not {count}.",
                "The dealer lays away exactly {n} cards, not {count}.",
                size,
                count=len(discard),
            ),
        )
    if len(set(discard)) != len(discard):
        return Refusal(Illegal.DISCARD_SIZE, gettext_lazy("The same card cannot be laid away twice."))
    for card in discard:
        if card not in hand:
            return Refusal(
                Illegal.NOT_IN_HAND, gettext_lazy("The dealer does not hold {card}.", card=card_noun(card))
            )
    for card in discard:
        if card.is_king:
            return Refusal(
                Illegal.DISCARD_KING,
                gettext_lazy("A King may never be laid away ({card:bare}).", card=card_noun(card)),
            )
        if card is MONDE:
            return Refusal(Illegal.DISCARD_BOUT, gettext_lazy("The 21 may never be laid away."))
        if card is FOU:
            return Refusal(Illegal.DISCARD_BOUT, gettext_lazy("The Fou may never be laid away."))
    tarots_out = [card for card in discard if card.is_trump]
    if not tarots_out:
        return None
    forced = forced_trump_discards(hand, size)
    if forced:
        if len(tarots_out) > forced:
            return Refusal(
                Illegal.DISCARD_TRUMP,
                # The English says "tarot(s)" whatever the number; a translation may choose the form.
                ngettext_lazy(
                    "With so many Kings and tarots the dealer lays away {n} tarot(s), no more: his other "
                    "cards must go first.",
                    "With so many Kings and tarots the dealer lays away {n} tarot(s), no more: his other "
                    "cards must go first.",
                    forced,
                ),
            )
        if PAGAT in tarots_out and options.forced_discard == "plain-trumps":
            return Refusal(Illegal.DISCARD_BOUT, gettext_lazy(_PAGAT_FORCED))
        return None
    kept = [card for card in hand if card.is_trump and card not in tarots_out]
    if kept:
        return Refusal(
            Illegal.DISCARD_TRUMP,
            gettext_lazy(
                "A tarot may be laid away only if the dealer then keeps no tarot at all in his hand."
            ),
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
        return Refusal(
            Illegal.NOT_IN_HAND, gettext_lazy("The dealer does not hold {card}.", card=card_noun(card))
        )
    if len(chosen) >= size:
        return Refusal(
            Illegal.DISCARD_SIZE,
            ngettext_lazy(
                "The dealer lays away {n} card and no more.",
                "The dealer lays away {n} cards and no more.",
                size,
            ),
        )
    if _completable(hand, [*chosen, card], size, options):
        return None
    if card.is_king:
        return Refusal(
            Illegal.DISCARD_KING,
            gettext_lazy("A King may never be laid away ({card:bare}).", card=card_noun(card)),
        )
    if card is MONDE:
        return Refusal(Illegal.DISCARD_BOUT, gettext_lazy("The 21 may never be laid away."))
    if card is FOU:
        return Refusal(Illegal.DISCARD_BOUT, gettext_lazy("The Fou may never be laid away."))
    forced = forced_trump_discards(hand, size)
    if forced and card is PAGAT:
        return Refusal(Illegal.DISCARD_BOUT, gettext_lazy(_PAGAT_FORCED))
    if forced:
        return Refusal(
            Illegal.DISCARD_TRUMP,
            # The English says "tarot(s)" whatever the number; a translation may choose the form.
            ngettext_lazy(
                "With so many Kings and tarots the dealer lays away {n} tarot(s) and every other card he "
                "can.",
                "With so many Kings and tarots the dealer lays away {n} tarot(s) and every other card he "
                "can.",
                forced,
            ),
        )
    if MONDE in hand:
        return Refusal(
            Illegal.DISCARD_TRUMP,
            gettext_lazy(
                "Holding the 21, which never leaves the hand, the dealer may lay away no tarot at all."
            ),
        )
    if card.is_trump:
        return Refusal(
            Illegal.DISCARD_TRUMP,
            gettext_lazy(
                "A tarot may be laid away only if every tarot goes, and they do not all fit in the discard."
            ),
        )
    return Refusal(
        Illegal.DISCARD_TRUMP,
        gettext_lazy(
            "The tarots already laid away oblige the dealer to lay away all his tarots: there is no room for "
            "this card."
        ),
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
        said.append(_("Baga à l'écart: the Pagat is in the discard."))
    if tarots and any(card.is_trump for card in hand if card not in discard):
        # The English says "tarot(s)" whatever the number; a translation may choose the form.
        said.append(
            ngettext(
                "{n} tarot(s) laid away for lack of other cards.",
                "{n} tarot(s) laid away for lack of other cards.",
                len(tarots),
            )
        )
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
    # The French words are what the players say at the table, in every language.
    Bid(ChamberyBid.SOLO_TWO_CARDS, 2, 1, "Je marche seul à deux cartes", N_("Solo with two demanded cards")),
    Bid(ChamberyBid.SOLO_ONE_CARD, 1, 2, "Je marche seul à une carte", N_("Solo with one demanded card")),
    Bid(ChamberyBid.SOLO_HAND, 0, 4, "Je marche à point", N_("Hand solo, no card demanded")),
)
BIDS_BY_WORD: Final = {bid.word: bid for bid in BIDS}
#: The solo bids as a sentence names them.
BID_NAMES: Final[dict[str, str]] = {
    ChamberyBid.SOLO_TWO_CARDS: N_("solo with two demanded cards"),
    ChamberyBid.SOLO_ONE_CARD: N_("solo with one demanded card"),
    ChamberyBid.SOLO_HAND: N_("hand solo, no card demanded"),
}
#: A bid that demands no fewer cards than the best bid so far, by that best bid.
_DEMAND_FEWER: Final = {
    ChamberyBid.SOLO_TWO_CARDS: N_("After a solo with two demanded cards, a solo must demand fewer cards."),
    ChamberyBid.SOLO_ONE_CARD: N_("After a solo with one demanded card, a solo must demand fewer cards."),
    ChamberyBid.SOLO_HAND: N_("After a hand solo, no card demanded, a solo must demand fewer cards."),
}

#: Every contract of a score request: the three solos, the dealer's call and (4 players) fixed partners.
CONTRACTS: Final = ("call", "fixed", *BIDS_BY_WORD)


def bid_refusal(word: str, best: str | None) -> Refusal | None:
    """Why a solo bid is refused after the best bid so far (None if nobody bid yet)."""
    bid = BIDS_BY_WORD.get(word)
    if bid is None:
        names = ", ".join(BIDS_BY_WORD)
        return Refusal(
            Illegal.BID_NOT_ALLOWED,
            gettext_lazy(
                "There is no bid {word} in Chambéry Tarot: bid {names}, or pass.",
                word=repr(word),
                names=names,
            ),
        )
    if best is not None and bid.demanded >= BIDS_BY_WORD[best].demanded:
        return Refusal(Illegal.BID_TOO_LOW, gettext_lazy(_DEMAND_FEWER[ChamberyBid(best)]))
    return None


def demand_refusal(
    soloist_hand: Sequence[Card], cards: Sequence[Card], bid: str, *, soloist_discard: Sequence[Card] = ()
) -> Refusal | None:
    """Why the soloist may not demand ``cards`` (his discard if he is the dealer), or None."""
    wanted = BIDS_BY_WORD[bid].demanded
    if len(cards) != wanted:
        return Refusal(
            Illegal.DEMAND_NOT_ALLOWED,
            # The English says "card(s)" whatever the number; a translation may choose the form.
            ngettext_lazy(
                "This solo demands {n} card(s), not {count}.",
                "This solo demands {n} card(s), not {count}.",
                wanted,
                count=len(cards),
            ),
        )
    if len(set(cards)) != len(cards):
        return Refusal(Illegal.DEMAND_NOT_ALLOWED, gettext_lazy("Name two different cards."))
    for card in cards:
        if card is FOU:
            return Refusal(Illegal.DEMAND_NOT_ALLOWED, gettext_lazy("Nobody may demand the Fou."))
        if card in soloist_hand:
            return Refusal(
                Illegal.DEMAND_NOT_ALLOWED, gettext_lazy("You already hold {card}.", card=card_noun(card))
            )
        if card in soloist_discard:
            return Refusal(
                Illegal.DEMAND_NOT_ALLOWED,
                gettext_lazy("You laid {card} away yourself.", card=card_noun(card)),
            )
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


#: What the dealer is told to call, by the rank he must call.
_CALL_WHAT: Final = {
    KING: N_("Call a King."),
    QUEEN: N_("Call a Queen, as you hold all four Kings."),
    KNIGHT: N_("Call a Cavalier."),
}


def call_refusal(hand: Sequence[Card], discard: Sequence[Card], card: Card) -> Refusal:
    """Why the dealer may not call ``card`` (one that :func:`call_candidates` leaves out): he holds it in
    his ``hand``, laid it away in his ``discard``, or it is not of the rank he must call."""
    if card in hand:
        return Refusal(
            Illegal.CALL_NOT_ALLOWED,
            gettext_lazy("You hold {card} yourself: call a card you lack.", card=card_noun(card)),
        )
    if card in discard:
        return Refusal(
            Illegal.CALL_NOT_ALLOWED,
            gettext_lazy("You laid {card} away: call a card you lack.", card=card_noun(card)),
        )
    rank = called_rank([*hand, *discard])
    return Refusal(Illegal.CALL_NOT_ALLOWED, gettext_lazy(_CALL_WHAT.get(rank, N_("Call a Jack."))))


# ---------------------------------------------------------------------------------------------- steps

#: What an action of another kind is told, by the step of the deal (the round's ``Stage``).
_STAGE_TEXT: Final[dict[str, str]] = {
    "discard": N_("Not now: the dealer lays cards away one at a time ('discard H3')."),
    "bidding": N_("Not now: each player bids a solo or passes ('bid solo-one-card', 'pass')."),
    "demand": N_("Not now: the soloist names a card he wants ('demand T21')."),
    "exchange": N_("Not now: the soloist gives a card for each card received ('give H3')."),
    "call": N_("Not now: the dealer calls a King ('call SK')."),
    "playing": N_("Not now: each player plays a card ('play HK')."),
}


def stage_refusal(stage: str) -> Refusal:
    """An action of another kind than the step of the deal ``stage`` asks for."""
    return Refusal(Illegal.WRONG_PHASE, gettext_lazy(_STAGE_TEXT[stage]))


# ---------------------------------------------------------------------------------------------- play


def led_suit(trick: Sequence[Card]) -> Suit | None:
    """The suit to follow: that of the first card other than the Fou (None if nothing sets it yet)."""
    for card in trick:
        if card is not FOU:
            return card.suit
    return None


#: The default rule options, for the functions that take none.
_DEFAULT_OPTIONS: Final = ChamberyOptions()


def legal_plays(
    hand: Sequence[Card], trick: Sequence[Card], options: ChamberyOptions | None = None
) -> list[Card]:
    """The cards of ``hand`` that may go to the trick ``trick`` (cards already played, in order).

    Follow the suit led; without it, play a tarot; without tarots, anything. There is no duty to
    head the trick or to overtrump. The Fou may be shown instead of any card.
    """
    # The same answer as asking play_refusal of every card (tests/engine keeps the two identical), worked
    # out once for the hand: the computer players' play-outs ask this at every card.
    suit = led_suit(trick)
    if suit is None:
        if trick or len(hand) <= 1 or (options or _DEFAULT_OPTIONS).fou_lead:
            return list(hand)
        return [card for card in hand if card is not FOU]
    has_suit = any(other.suit is suit for other in hand)
    has_trump = any(other.is_trump for other in hand)
    return [
        card
        for card in hand
        if card is FOU or card.suit is suit or (not has_suit and (card.is_trump or not has_trump))
    ]


def play_refusal(
    hand: Sequence[Card], trick: Sequence[Card], card: Card, options: ChamberyOptions | None = None
) -> Refusal | None:
    """Why ``card`` may not be played from ``hand`` to ``trick``, or None."""
    options = options or ChamberyOptions()
    if card not in hand:
        return Refusal(Illegal.NOT_IN_HAND, gettext_lazy("You do not hold {card}.", card=card_noun(card)))
    if card is FOU:
        if not trick and not options.fou_lead and len(hand) > 1:
            return Refusal(
                Illegal.EXCUSE_LEAD, gettext_lazy("With these rules the Fou may not lead a trick.")
            )
        return None
    suit = led_suit(trick)
    if suit is None or card.suit is suit:
        return None
    if any(other.suit is suit for other in hand):
        return Refusal(
            Illegal.MUST_FOLLOW_SUIT,
            gettext_lazy("You must follow suit: you hold {suit:bare}.", suit=suit_noun(suit)),
        )
    if not card.is_trump and any(other.is_trump for other in hand):
        return Refusal(
            Illegal.MUST_TRUMP,
            gettext_lazy("You have no {suit:bare}: you must play a tarot.", suit=Noun(suit.english, "suit")),
        )
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
