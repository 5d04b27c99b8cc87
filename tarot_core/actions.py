"""Actions: everything a player can do in a round, with a one-line notation.

``p2 bid garde``, ``p3 pass``, ``p2 call SK``, ``p2 discard H2 H3 S4 S5 C7 D1``, ``p4 handful simple``,
``p2 slam``, ``p1 petit-sec``, ``p1 play HK``. The notation is ``<seat> <kind> [word] [cards...]``;
the kinds of every rule set are the members of :class:`ActionKind`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from .cards import FULL_PACK, Card
from .errors import NotationError, quoted
from .messages import gettext_lazy
from .seats import SEATS, Seat


class ActionKind(StrEnum):
    """What an action does, by its notation: ``ActionKind.PLAY == "play"``, in JSON too. The French
    rules use the first eight; Mathers' game adds ``declare`` and ``give``, Chambéry Tarot ``demand``
    and ``give``; ``choose`` is read with a word, like ``bid``, and no rule set uses it yet."""

    PASS = "pass"
    BID = "bid"
    CALL = "call"
    DISCARD = "discard"
    HANDFUL = "handful"
    SLAM = "slam"
    PETIT_SEC = "petit-sec"
    PLAY = "play"
    DECLARE = "declare"
    CHOOSE = "choose"
    GIVE = "give"
    DEMAND = "demand"


#: The kinds by their notation, for reading actions.
_KINDS: Final[dict[str, ActionKind]] = {kind.value: kind for kind in ActionKind}

#: Kinds whose first argument is a word rather than cards.
WORD_KINDS: Final = frozenset({ActionKind.BID, ActionKind.HANDFUL, ActionKind.DECLARE, ActionKind.CHOOSE})


@dataclass(frozen=True, slots=True, eq=False)
class Action:
    """One action by one seat. ``word`` names a bid, a handful size, ...; ``cards`` are the cards involved.

    The engine's actions have an :class:`ActionKind` as ``kind``. A plain string equal to a kind's
    notation makes the same action; a word that names no kind (an action typed by a player) is kept as
    it was typed, for the round to refuse in its own words.
    """

    seat: Seat
    kind: ActionKind | str
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
        parts = text.split() if isinstance(text, str) else []
        if len(parts) < 2:
            raise NotationError(
                gettext_lazy(
                    "{text} is not an action: write a seat then what it does, like 'p1 play HK'",
                    text=quoted(text),
                )
            )
        seat = Seat.parse(parts[0], players)
        named = parts[1].lower()
        kind = _KINDS.get(named)
        if kind is None:
            raise NotationError(
                gettext_lazy(
                    "{text}: {word} is not what a player does; write {kinds} after the seat",
                    text=quoted(text),
                    word=quoted(parts[1], 12),
                    kinds=", ".join(_KINDS),
                )
            )
        rest = parts[2:]
        word = ""
        if kind in WORD_KINDS:
            if not rest:
                raise NotationError(
                    gettext_lazy(
                        "{text}: '{kind}' needs a word after it, like 'p1 {kind} ...'",
                        text=quoted(text),
                        kind=kind,
                    )
                )
            word, rest = rest[0].lower(), rest[1:]
        from .cards import parse_cards

        cards = tuple(parse_cards(rest))
        if kind is ActionKind.PLAY:
            if len(cards) != 1:
                raise NotationError(
                    gettext_lazy("{text}: play exactly one card, like 'p1 play HK'", text=quoted(text))
                )
            return PLAYS[seat][cards[0].index]
        return cls(seat, kind, word, cards)


#: Interned play actions: ``PLAYS[seat][card.index]``, so play-outs allocate nothing. Its value (a play
#: for each of the 5 seats and 78 cards, 390 actions) is not written out in the documentation.
#:
#: :meta hide-value:
PLAYS: Final[tuple[tuple[Action, ...], ...]] = tuple(
    tuple(Action(seat, ActionKind.PLAY, "", (card,)) for card in FULL_PACK) for seat in SEATS
)


_SIMPLE: dict[tuple[Seat, str, str], Action] = {}


def simple(seat: Seat, kind: ActionKind, word: str = "") -> Action:
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
    return Action(seat, ActionKind.BID, contract)


def pass_(seat: Seat) -> Action:
    return Action(seat, ActionKind.PASS)


def call(seat: Seat, card: Card) -> Action:
    return Action(seat, ActionKind.CALL, "", (card,))


def discard(seat: Seat, cards: tuple[Card, ...] | list[Card]) -> Action:
    return Action(seat, ActionKind.DISCARD, "", tuple(sorted(cards)))


def handful(seat: Seat, size: str) -> Action:
    return Action(seat, ActionKind.HANDFUL, size)


def slam(seat: Seat) -> Action:
    return Action(seat, ActionKind.SLAM)


def petit_sec(seat: Seat) -> Action:
    return Action(seat, ActionKind.PETIT_SEC)
