"""Actions: everything a player can do in a round, with a one-line notation.

``p2 bid garde``, ``p3 pass``, ``p2 call SK``, ``p2 discard H2 H3 S4 S5 C7 D1``, ``p4 handful simple``,
``p2 slam``, ``p1 petit-sec``, ``p1 play HK``. Variants may add their own kinds; the notation stays
``<seat> <kind> [word] [cards...]``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .cards import FULL_PACK, Card
from .errors import NotationError
from .seats import SEATS, Seat

#: Kinds whose first argument is a word rather than cards.
WORD_KINDS: Final = frozenset({"bid", "handful", "declare", "choose"})


@dataclass(frozen=True, slots=True, eq=False)
class Action:
    """One action by one seat. ``word`` names a bid, a handful size, ...; ``cards`` are the cards involved."""

    seat: Seat
    kind: str
    word: str = ""
    cards: tuple[Card, ...] = ()

    # Written by hand rather than generated: the identity test first makes ``action in legal_actions``
    # cheap, since the engine hands out interned actions.
    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Action):
            return NotImplemented
        return (
            self.kind == other.kind
            and self.seat == other.seat
            and self.word == other.word
            and self.cards == other.cards
        )

    def __hash__(self) -> int:
        return hash((self.seat, self.kind, self.word, self.cards))

    def __str__(self) -> str:
        parts = [str(self.seat), self.kind]
        if self.word:
            parts.append(self.word)
        parts.extend(str(card) for card in self.cards)
        return " ".join(parts)

    @property
    def card(self) -> Card:
        """The single card of a ``play`` or ``call`` action."""
        return self.cards[0]

    @classmethod
    def parse(cls, text: str, players: int | None = None) -> Action:
        """Read an action from its notation.

        >>> str(Action.parse("p2 bid garde")), Action.parse("p1 play HK").card.name
        ('p2 bid garde', 'King of Hearts')
        """
        parts = text.split()
        if len(parts) < 2:
            raise NotationError(
                f"{text!r} is not an action: write a seat then what it does, like 'p1 play HK'"
            )
        seat = Seat.parse(parts[0], players)
        kind = parts[1].lower()
        rest = parts[2:]
        word = ""
        if kind in WORD_KINDS:
            if not rest:
                raise NotationError(f"{text!r}: '{kind}' needs a word after it, like 'p1 {kind} ...'")
            word, rest = rest[0].lower(), rest[1:]
        from .cards import parse_cards

        cards = tuple(parse_cards(rest))
        if kind == "play":
            if len(cards) != 1:
                raise NotationError(f"{text!r}: play exactly one card, like 'p1 play HK'")
            return PLAYS[seat][cards[0].index]
        return cls(seat, kind, word, cards)


#: Interned play actions: ``PLAYS[seat][card.index]``, so play-outs allocate nothing. Its value (a play
#: for each of the 5 seats and 78 cards, 390 actions) is not written out in the documentation.
#:
#: :meta hide-value:
PLAYS: Final[tuple[tuple[Action, ...], ...]] = tuple(
    tuple(Action(seat, "play", "", (card,)) for card in FULL_PACK) for seat in SEATS
)


_SIMPLE: dict[tuple[Seat, str, str], Action] = {}


def simple(seat: Seat, kind: str, word: str = "") -> Action:
    """The action without cards (``p2 bid garde``, ``p3 pass``), interned so that building and comparing
    the bidding's legal actions allocates nothing."""
    key = (seat, kind, word)
    action = _SIMPLE.get(key)
    if action is None:
        action = _SIMPLE[key] = Action(seat, kind, word)
    return action


def play(seat: Seat, card: Card) -> Action:
    return PLAYS[seat][card.index]


def bid(seat: Seat, contract: str) -> Action:
    return Action(seat, "bid", contract)


def pass_(seat: Seat) -> Action:
    return Action(seat, "pass")


def call(seat: Seat, card: Card) -> Action:
    return Action(seat, "call", "", (card,))


def discard(seat: Seat, cards: tuple[Card, ...] | list[Card]) -> Action:
    return Action(seat, "discard", "", tuple(sorted(cards)))


def handful(seat: Seat, size: str) -> Action:
    return Action(seat, "handful", size)


def slam(seat: Seat) -> Action:
    return Action(seat, "slam")


def petit_sec(seat: Seat) -> Action:
    return Action(seat, "petit-sec")
