"""The exercises' words: the kinds of exercise, the players' names, the verdict, and cards said the way
a teacher says them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..cards import Card, Suit, format_points, parse_cards
from ..errors import TarotError
from ..seats import ATTACK, DEFENCE

KINDS: Final = (
    "play",
    "legal",
    "winner",
    "count",
    "target",
    "made",
    "discard",
    "discardable",
    "bid",
    "dog",
    "score",
    "excuse",
    "call",
    "worth",
)

#: The players' names at the lesson table; you always sit in the first seat.
NAMES: Final = ("You", "Bruno", "Chloé", "David", "Élodie")
#: The players of a deal you watch rather than play.
WATCHED_NAMES: Final = ("Alice", "Bruno", "Chloé", "David", "Élodie")
SIDE_NAMES: Final = {ATTACK: "the taker's side", DEFENCE: "the defence"}
CONTRACT_NAMES: Final = {
    "pass": "pass",
    "prise": "prise",
    "garde": "garde",
    "garde-sans": "garde sans",
    "garde-contre": "garde contre",
}


class ExerciseError(TarotError):
    """An exercise file that does not describe a position or a question the engine can judge."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The engine's verdict on one answer: right or wrong, a reason code, a sentence and a rule anchor."""

    right: bool
    reason: str
    message: str
    rule: str

    def as_dict(self) -> dict[str, object]:
        return {
            "verdict": "right" if self.right else "wrong",
            "reason": self.reason,
            "message": self.message,
            "rule": self.rule,
        }


# ====================================================================================== card words
_SYMBOL: Final = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_FACE: Final = {1: "Ace", 11: "Jack", 12: "Knight", 13: "Queen", 14: "King"}


def say(card: Card) -> str:
    """A card as players read it: ``10♠``, ``Knight of Hearts``, ``11 of trumps``, ``the Excuse``."""
    if card.is_excuse:
        return "the Excuse"
    if card.is_trump:
        if card.rank == 1:
            return "the Petit (1 of trumps)"
        return f"{card.rank} of trumps"
    if card.rank in _FACE:
        return f"{_FACE[card.rank]} of {card.suit.english}"
    return f"{card.rank}{_SYMBOL[card.suit]}"


def say_all(cards: Sequence[Card]) -> str:
    """``10♠, King of Hearts and the Excuse``."""
    names = [say(card) for card in cards]
    if len(names) <= 1:
        return "".join(names) or "nothing"
    return f"{', '.join(names[:-1])} and {names[-1]}"


_CODE: Final = r"(?:T(?:2[01]|1[0-9]|[1-9])|[SHDC](?:10|[1-9]|[JCQK])|EX)"
_CODES: Final = re.compile(rf"\b{_CODE}(?: {_CODE})*\b")


def readable(message: str) -> str:
    """An engine sentence with its card codes written as players read them (``S1 SK`` -> ``Ace of
    Spades and King of Spades``); a card named twice (``HK (King of Hearts)``) is named once."""
    text = _CODES.sub(lambda match: say_all(parse_cards(match.group(0))), message)
    return re.sub(r"(\b[\w♠♥♦♣ ]+?) \(\1\)", r"\1", text)


def contract_name(word: str) -> str:
    return CONTRACT_NAMES.get(word, word.replace("-", " "))


def _points(half_points: int) -> str:
    return f"{format_points(half_points)} point{'' if half_points == 2 else 's'}"
