"""Seats around the table.

Tarot is played counter-clockwise: the deal, the bidding and the play all pass to the player on the
right. Seats are numbered in that order, so the player after ``Seat.P1`` is ``Seat.P2``; this module
is the one place that says so.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import Final

from .errors import NotationError, quoted
from .messages import NC_, Noun, gettext_lazy


class Seat(IntEnum):
    """A seat: ``Seat.P1`` (index 0) to ``Seat.P5`` (index 4); notation ``p1`` ... ``p5``."""

    P1 = 0
    P2 = 1
    P3 = 2
    P4 = 3
    P5 = 4

    def __str__(self) -> str:
        return _NAMES[self]

    def next(self, players: int) -> Seat:
        """The player on this seat's right, who plays after it (counter-clockwise)."""
        return SEATS[(self + 1) % players]

    def previous(self, players: int) -> Seat:
        """The player on this seat's left, who played before it."""
        return SEATS[(self - 1) % players]

    @classmethod
    def parse(cls, text: str, players: int | None = None) -> Seat:
        key = text.strip().lower() if isinstance(text, str) else ""
        if len(key) == 2 and key[0] == "p" and key[1] in "12345":
            seat = SEATS[int(key[1]) - 1]
            if players is None or seat < players:
                return seat
        limit = players or 5
        raise NotationError(
            gettext_lazy("{text} is not a seat: write p1 to p{limit}", text=quoted(text), limit=limit)
        )


class Side(StrEnum):
    """The two sides of a round, by their notation: the taker (and the partner) attack, the others
    defend. A side equals its notation (``Side.ATTACK == "attack"``), in JSON too."""

    ATTACK = "attack"
    DEFENCE = "defence"

    @property
    def noun(self) -> Noun:
        """The side's name as sentences use it: ``{side}`` is "the attack", ``{side:bare}`` "attack"."""
        return side_noun(self)


_SIDE_NOUN: Final = {
    "attack": Noun(NC_("side", "attack"), "side"),
    "defence": Noun(NC_("side", "defence"), "side"),
}


def side_noun(side: str) -> Noun:
    """The name of the side ``side`` (``"attack"``, ``"defence"``, or another word a rule set uses)."""
    return _SIDE_NOUN.get(side) or Noun(side, "side")


#: The sides as module constants, which the hot paths read faster than the enum's members.
ATTACK: Final = Side.ATTACK
DEFENCE: Final = Side.DEFENCE

SEATS: tuple[Seat, ...] = tuple(Seat)
_NAMES: tuple[str, ...] = tuple(f"p{i + 1}" for i in range(len(SEATS)))

#: ``NEXT_SEAT[players][seat]`` is ``seat.next(players)``, precomputed for speed.
NEXT_SEAT: tuple[tuple[Seat, ...], ...] = tuple(
    tuple(SEATS[(i + 1) % n] for i in range(n)) if n else () for n in range(6)
)


def seats(players: int) -> tuple[Seat, ...]:
    """The seats of a table of ``players``, in playing order."""
    return SEATS[:players]


def order_from(first: Seat, players: int) -> list[Seat]:
    """Every seat once, in playing order, starting with ``first``."""
    return [SEATS[(first + i) % players] for i in range(players)]
