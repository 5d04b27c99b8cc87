"""A trick as it is played, the French rules of following, and the counting of a finished round.

These are the pieces a round is made of that know no bidding: :class:`Trick` keeps who is ahead card
by card, :func:`following_cards` answers which cards may follow, :class:`Counting` and
:class:`ExcuseNote` say what each side won.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from ..cards import EXCUSE, FIRST_TRUMP_INDEX, SUIT_OF, Card, Suit
from ..errors import Said
from ..seats import Seat

#: For each card, the end of its suit's run of pack indexes when it is led (0 for a trump: then only a
#: higher trump can take the lead), see ``Trick.add``.
LED_END: Final[tuple[int, ...]] = tuple(
    0 if index >= FIRST_TRUMP_INDEX else index - index % 14 + 14 for index in range(EXCUSE + 1)
)


def following_cards(hand: list[Card], led_card: Card, best_card: int, must_overtrump: bool) -> list[Card]:
    """The cards of ``hand`` that may follow a trick led with ``led_card`` (the French rules).

    ``best_card`` is the card ahead in the trick so far (-1 for none). Follow suit; without that suit,
    trump, over ``best_card`` when it is a trump, ``must_overtrump`` and able; without trumps, anything.
    The Excuse may always be played. Hands are kept in pack order and a card is its pack index, so a
    suit is one slice of the hand found by bisection: no loop over the cards.
    """
    i, j = following_span(hand, led_card, best_card, must_overtrump)
    cards = hand[i:j]
    if j < len(hand) and hand[-1] is EXCUSE:
        cards.append(EXCUSE)
    return cards


def following_span(
    hand: Sequence[int], led_card: int, best_card: int, must_overtrump: bool
) -> tuple[int, int]:
    """Where :func:`following_cards` finds its cards in ``hand``: the slice ``hand[i:j]``, then the
    Excuse (the hand's last card) when the hand holds it outside that slice."""
    if led_card < FIRST_TRUMP_INDEX:
        end = LED_END[led_card]
        i = bisect_left(hand, end - 14)
        j = bisect_left(hand, end, i)
        if i != j:
            return i, j
    i = bisect_left(hand, FIRST_TRUMP_INDEX)
    j = bisect_left(hand, EXCUSE, i)
    if i == j:  # neither the suit led nor a trump: anything
        return 0, len(hand)
    if best_card >= FIRST_TRUMP_INDEX and must_overtrump:
        over = bisect_right(hand, best_card, i, j)
        if over < j:
            i = over
    return i, j


@dataclass(slots=True)
class Trick:
    """A trick: who led, the cards in playing order, and who won it (once complete).

    The French rules' facts about the cards played so far are kept up to date card by card: the card
    that set the suit and which play is ahead (the highest trump, or else the highest card of the suit
    led; the Excuse never), so neither the legal cards nor the winner need a loop over the plays.
    """

    number: int
    leader: Seat
    plays: list[tuple[Seat, Card]] = field(default_factory=list)
    winner: Seat | None = None
    #: The card that set the suit (the first card that is not the Excuse).
    led_card: Card | None = None
    #: The card ahead so far (-1 before the first card that is not the Excuse) and who played it.
    best_card: int = -1
    ahead: Seat | None = None

    def add(self, seat: Seat, card: Card) -> None:
        self.plays.append((seat, card))
        if card is EXCUSE:
            return
        best = self.best_card
        if best < 0:
            self.led_card = card
        elif card < best or (card < FIRST_TRUMP_INDEX and card >= LED_END[best]):
            return
        self.best_card = card
        self.ahead = seat

    @property
    def led(self) -> Suit | None:
        """The suit led: the suit of the first card that is not the Excuse."""
        led = self.led_card
        return None if led is None else SUIT_OF[led]

    @property
    def best_trump(self) -> int:
        """The rank of the highest trump played so far (0 for none)."""
        best = self.best_card
        return best - FIRST_TRUMP_INDEX + 1 if best >= FIRST_TRUMP_INDEX else 0

    @property
    def cards(self) -> list[Card]:
        return [card for _, card in self.plays]

    def card_of(self, seat: Seat) -> Card | None:
        for who, card in self.plays:
            if who == seat:
                return card
        return None


@dataclass(frozen=True, slots=True)
class ExcuseNote:
    """What happened to the Excuse: who played it, in which trick, where it went and the exchange;
    ``said`` is the sentence that tells it (rendered when shown), :attr:`explanation` its text now."""

    seat: Seat
    trick: int
    kept_by: str
    exchange_card: Card | None
    paid_in_trick: int | None
    said: Said

    @property
    def explanation(self) -> str:
        """What happened to the Excuse, in a sentence in the current language."""
        return str(self.said)


@dataclass(frozen=True, slots=True)
class Counting:
    """Card points per side at the end of a round (half-points, integers)."""

    attack_cards: tuple[Card, ...]
    defence_cards: tuple[Card, ...]
    attack_half_points: int
    defence_half_points: int
    attack_bouts: int
    tricks_won: dict[str, int]
    excuse: ExcuseNote | None
    dog_to: str
    petit_au_bout: str | None
    slam_by: str | None
