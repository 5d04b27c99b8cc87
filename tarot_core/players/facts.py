"""What the rule-based player reads of the cards: the view it chooses on (:class:`TableView`), each
card's value and order in its rule set, how cards and suits are named in its reasons, which card beats
which, and the club count of a hand (the points for bidding described in :mod:`tarot_core.players.rule`).
Kept apart from the player's rules so that the other players and the hand judge read the same facts."""

from __future__ import annotations

from collections.abc import Callable, Sequence, Set
from functools import cache
from typing import Protocol

from ..cards import EXCUSE, JACK, KING, KNIGHT, MONDE, PETIT, PLAIN_SUITS, QUEEN, Card, Suit
from ..engine.knowledge import Knowledge
from ..engine.variant import knowledge_for
from ..engine.view import TrickView
from ..messages import Noun, _, ngettext
from ..seats import Seat


# ---------------------------------------------------------------------------------------- card facts
class Finished(Protocol):
    """A trick as the card choice reads it: who won it (None while it is played)."""

    @property
    def winner(self) -> Seat | None: ...


class Holding(Protocol):
    """What the rule-based player reads to lay a card away, and the card facts read: the rule set and
    the seat's hand."""

    @property
    def family(self) -> str: ...
    @property
    def hand(self) -> Sequence[Card]: ...


class Bidder(Holding, Protocol):
    """What the rule-based player reads to say its word in the bidding: besides the hand and the rule
    set, the rule set's key (``fft-4``, whose measured bid model it bids by) and the table's size."""

    @property
    def variant(self) -> str: ...
    @property
    def players(self) -> int: ...


class TableView(Protocol):
    """What the rule-based player reads of a seat's view to choose a card: a :class:`SeatView`, or the
    quicker view the Monte Carlo player's play-outs make (:mod:`tarot_core.players.montecarlo`)."""

    @property
    def family(self) -> str: ...
    @property
    def seat(self) -> Seat: ...
    @property
    def seats(self) -> tuple[Seat, ...]: ...
    @property
    def hand(self) -> Sequence[Card]: ...
    @property
    def taker(self) -> Seat | None: ...
    @property
    def current(self) -> TrickView | None: ...
    @property
    def tricks(self) -> Sequence[Finished]: ...
    @property
    def played(self) -> Sequence[Sequence[Card]]: ...
    @property
    def voids(self) -> Sequence[Set[Suit]]: ...
    def all_played(self) -> Set[Card]: ...
    def same_side(self, other: Seat) -> bool | None: ...


_KNOWN: dict[str, Knowledge] = {}


def knowledge(view: Holding) -> Knowledge:
    """What the view's rule set tells the players (:mod:`tarot_core.engine.knowledge`)."""
    found = _KNOWN.get(view.family)
    if found is None:
        found = _KNOWN[view.family] = knowledge_for(view.family)
    return found


def value(view: Holding, card: Card) -> int:
    """What a card is worth to the side that takes it, in the rule set's units."""
    return (_KNOWN.get(view.family) or knowledge(view)).card_value(card)


def order(view: Holding, card: Card) -> int:
    """The card's order inside its suit (trumps by number)."""
    return (_KNOWN.get(view.family) or knowledge(view)).card_order(card)


def card_noun(card: Card) -> Noun:
    """A card as a sentence names it, in each of its forms: ``{card}`` "the King of Hearts", "the Excuse"."""
    return card.noun


def suit_noun(suit: Suit) -> Noun:
    """A suit as a sentence names it: ``{suit}`` "the Hearts", ``{suit:bare}`` "Hearts"."""
    return Noun(suit.english, "suit")


def beats(view: TableView, card: Card, best: Card | None, led: Suit | None) -> bool:
    """Whether ``card`` would take the lead from ``best`` in a trick led in ``led``."""
    if card is EXCUSE:
        return False
    if best is None:
        return True
    if card.is_trump:
        return not best.is_trump or card.rank > best.rank
    if best.is_trump:
        return False
    return card.suit is led and order(view, card) > order(view, best)


def hand_count(hand: Sequence[Card]) -> list[tuple[str, int]]:
    """The club count of a hand, part by part (see the module's docstring), before scaling: each
    part's words and its points."""
    return [(say(), points) for say, points in _count_parts(hand)]


def hand_points(hand: Sequence[Card]) -> float:
    """The club count of a hand (see the module's docstring), scaled to 18 cards (its parts' points,
    without their words: the bidders ask for it on every hand the search draws)."""
    if not hand:
        return 0.0
    return sum(points for _, points in _count_parts(hand)) * 18 / len(hand)


def _count_parts(hand: Sequence[Card]) -> list[tuple[Callable[[], str], int]]:
    """The club count's parts: each one's words (said only when asked for) and its points."""
    trumps = [c for c in hand if c.is_trump]
    parts: list[tuple[Callable[[], str], int]] = []
    majors = sum(1 for t in trumps if t.rank >= 16)
    # The English says "1 trumps" for one: kept as it was written.
    if trumps:
        count = len(trumps)
        parts.append((lambda: ngettext("{n} trumps, 2 each", "{n} trumps, 2 each", count), 2 * count))
    if majors:
        parts.append(
            (
                lambda: ngettext(
                    "{n} major trumps (16 to 21), 1 more each",
                    "{n} major trumps (16 to 21), 1 more each",
                    majors,
                ),
                majors,
            )
        )
    if MONDE in hand:
        parts.append((lambda: _("the 21 of trumps"), 10))
    if PETIT in hand:
        if len(trumps) >= 5:
            parts.append((lambda: _("the Petit, guarded by four other trumps or more"), 8))
        else:
            parts.append((lambda: _("the Petit, poorly guarded"), 5))
    if EXCUSE in hand:
        parts.append((lambda: _("the Excuse"), 7))
    for suit in PLAIN_SUITS:
        parts.extend(_suit_parts(suit, [c for c in hand if c.suit is suit], len(trumps)))
    return parts


def _suit_parts(suit: Suit, cards: Sequence[Card], trumps: int) -> list[tuple[Callable[[], str], int]]:
    """The club count's parts for one plain suit: its honours, and its length or shortness."""
    parts: list[tuple[Callable[[], str], int]] = []
    ranks = {c.rank for c in cards}
    if KING in ranks:
        parts.append((lambda: f"{card_noun(Card(suit, KING)):bare}", 6))
    if QUEEN in ranks:
        queen = Card(suit, QUEEN)
        if KING in ranks:
            parts.append((lambda: _("{card:bare}, with its King", card=card_noun(queen)), 4))
        else:
            parts.append((lambda: f"{card_noun(queen):bare}", 3))
    if KNIGHT in ranks:
        parts.append((lambda: f"{card_noun(Card(suit, KNIGHT)):bare}", 2))
    if JACK in ranks:
        parts.append((lambda: f"{card_noun(Card(suit, JACK)):bare}", 1))
    length = len(cards)
    if length >= 5:
        parts.append(
            (
                lambda: ngettext(
                    "{n} {suit:bare}: a long suit",
                    "{n} {suit:bare}: a long suit",
                    length,
                    suit=suit_noun(suit),
                ),
                5 + 2 * (length - 5),
            )
        )
    elif trumps >= 4 and length == 1:
        parts.append((lambda: _("one {suit:bare}: a singleton", suit=suit_noun(suit)), 3))
    elif trumps >= 4 and length == 0:
        parts.append((lambda: _("no {suit:bare}: a void", suit=suit_noun(suit)), 6))
    return parts


def suit_length(hand: Sequence[Card], suit: Suit) -> int:
    return sum(1 for c in hand if c.suit is suit)


#: The trumps, from the Petit up to the 21.
ALL_TRUMPS: tuple[Card, ...] = tuple(Card(Suit.TRUMPS, rank) for rank in range(1, 22))


def trumps_above(card: Card) -> tuple[Card, ...]:
    """The trumps higher than the trump ``card``."""
    return ALL_TRUMPS[card.rank :]


def suit_lengths(hand: Sequence[Card]) -> dict[Suit, int]:
    """How many cards of each suit ``hand`` holds (a suit it lacks: 0)."""
    lengths = dict.fromkeys(Suit, 0)
    for card in hand:
        lengths[card.suit] += 1
    return lengths


@cache
def suit_cards(suit: Suit) -> tuple[Card, ...]:
    """The fourteen cards of the plain suit ``suit``, the Ace first."""
    return tuple(Card(suit, rank) for rank in range(1, 15))
