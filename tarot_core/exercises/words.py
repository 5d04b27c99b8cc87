"""The exercises' words: the kinds of exercise, the players' names, the verdict, and cards said the way
a teacher says them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..cards import PETIT, Card, Suit, parse_cards
from ..errors import TarotError
from ..messages import N_, NC_, Noun, Number, _, join_and, ngettext, pgettext
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
    "drill-play",
    "drill-discard",
)

#: The name of your seat at the lesson table (a message: see :func:`seat_name`).
YOU: Final = N_("You")
#: The players' names at the lesson table; you always sit in the first seat.
NAMES: Final = (YOU, "Bruno", "Chloé", "David", "Élodie")
#: The players of a deal you watch rather than play.
WATCHED_NAMES: Final = ("Alice", "Bruno", "Chloé", "David", "Élodie")
#: The sides' names (messages, translated where shown).
SIDE_NAMES: Final = {ATTACK: N_("the taker's side"), DEFENCE: N_("the defence")}
#: The contracts' names (messages, translated by :func:`contract_name`).
CONTRACT_NAMES: Final = {
    "pass": NC_("contract", "pass"),
    "prise": NC_("contract", "prise"),
    "garde": NC_("contract", "garde"),
    "garde-sans": NC_("contract", "garde sans"),
    "garde-contre": NC_("contract", "garde contre"),
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
#: The ranks said by name rather than by a number and a suit's symbol.
_FACES: Final = frozenset({1, 11, 12, 13, 14})


def seat_name(name: str) -> str:
    """A name at the lesson table as the reader reads it: your seat's in the reader's language."""
    return _(YOU) if name == YOU else name


def say(card: Card) -> str:
    """A card as players read it: ``10♠``, ``Knight of Hearts``, ``11 of trumps``, ``the Excuse``
    (the names in the reader's language; the small cards by their number and suit's symbol)."""
    if card.is_excuse:
        return f"{card.noun}"
    if card.rank == 1 and card.is_trump:
        return _("the Petit (1 of trumps)")
    if card.is_trump or card.rank in _FACES:
        return f"{card.noun:bare}"
    return f"{card.rank}{_SYMBOL[card.suit]}"


def say_the(card: Card) -> str:
    """:func:`say`, with its article where a card is named in words, for a card that is the subject of
    a sentence: ``the King of Hearts``, ``the 11 of trumps``, and ``10♠`` as before."""
    in_words = card.is_trump or card.rank in _FACES
    if not in_words or card is PETIT:  # the small cards by symbol; the Petit already has its article
        return say(card)
    return f"{card.noun}"


def say_all(cards: Sequence[Card]) -> str:
    """``10♠, King of Hearts and the Excuse``."""
    if not cards:
        return _("nothing")
    return str(join_and(say(card) for card in cards))


_CODE: Final = r"(?:T(?:2[01]|1[0-9]|[1-9])|[SHDC](?:10|[1-9]|[JCQK])|EX)"
_CODES: Final = re.compile(rf"\b{_CODE}(?: {_CODE})*\b")


def readable(message: str) -> str:
    """An engine sentence with its card codes written as players read them (``S1 SK`` -> ``Ace of
    Spades and King of Spades``); a card named twice (``HK (King of Hearts)``) is named once."""
    text = _CODES.sub(lambda match: say_all(parse_cards(match.group(0))), message)
    return re.sub(r"(\b[\w♠♥♦♣ ]+?) \(\1\)", r"\1", text)


def contract_name(word: str) -> str:
    """A contract's name in the reader's language: ``garde sans``."""
    name = CONTRACT_NAMES.get(word)
    return word.replace("-", " ") if name is None else pgettext("contract", name)


def contract_noun(word: str) -> Noun:
    """A contract as a noun a sentence puts an article before: ``{contract:a}`` is "a garde sans",
    "une garde sans" (the catalogue gives its gender)."""
    return Noun(CONTRACT_NAMES.get(word) or word.replace("-", " "), "contract")


def _points(half_points: int) -> str:
    """Card points in words: ``1 point``, ``4.5 points``."""
    whole, half = divmod(half_points, 2)
    if half:
        # Translators: a number of card points with a half (0.5, 4.5).
        return _("{points} points", points=Number(half_points / 2))
    return ngettext("{n} point", "{n} points", whole)


# ====================================================================================== sentences
def capitalized(sentence: str) -> str:
    """``sentence`` with a capital first letter: a sentence that starts with a name said with its
    article ("the Excuse"), a contract or the engine's clause, as a language writes its sentences."""
    return sentence[:1].upper() + sentence[1:]


def sentence(clause: object) -> str:
    """A clause (a refusal's, a working's) said as a sentence of its own: a capital, a full stop."""
    return capitalized(_("{clause}.", clause=clause))


def clauses(parts: Sequence[object]) -> str:
    """Clauses said one after the other in one sentence: ``a; b; c``."""
    if not parts:
        return ""
    joined = str(parts[-1])
    for part in reversed(parts[:-1]):
        joined = pgettext("clauses", "{first}; {rest}", first=part, rest=joined)
    return joined
