"""The measured bid model: what a hand is worth as taker of each contract, and as defender.

The model was measured by playing deals out (``python -m tutorial.tools.make_bid_model`` rewrites
``tarot_core.players.bid_data``): for every hand of every deal, the rule-based player played every
seat, the hand's holder once took each contract while the others passed, and once passed and defended
while the others bid as the club count says. For each rule set measured (French Tarot with 3, 4 and 5
players), and from a few features of the hand (:func:`features`), the model gives

* for each contract, the chance that it is made (a logistic regression) and the taker's mean score (a
  linear regression);
* the mean score of passing (defending, or 0 when everybody passes and the cards are dealt again);
* the chance of winning every trick after taking the dog (a logistic regression).

Why regressions rather than a table of buckets: a few thousand hands spread over a dozen features leave
most buckets of a table empty or nearly so, while a regression uses every hand for every estimate and
stays a few numbers per contract. The logistic form keeps each chance between 0 and 1, and the
features include the long high trumps and the club count, so a hand the count undervalues (many high
trumps) or overvalues (side honours and a long small suit without bouts) is read by what it made.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from ..cards import EXCUSE, KING, MONDE, PETIT, PLAIN_SUITS, QUEEN, Card
from ..messages import N_, Message, Noun, gettext_lazy, ngettext_lazy

#: The features' names, in the order of :func:`features` (the first is the constant term).
FEATURES: Final = (
    "one",
    "trumps",
    "high-trumps",
    "monde",
    "petit",
    "excuse",
    "petit-guarded",
    "kings",
    "queens",
    "voids",
    "singletons",
    "long",
    "trumps-by-bouts",
    "club-count",
)


def features(hand: Sequence[Card], club_count: float) -> tuple[float, ...]:
    """The hand's features, in the order of :data:`FEATURES`: the trumps (the 21 and the Petit among
    them, not the Excuse), the trumps from 16 to 20, each bout, the Petit with four other trumps, the
    Kings, the Queens, the plain suits held by no card or one, the cards past four in each plain suit,
    the trumps times the bouts, and the club count (``club_count``, scaled to 18 cards)."""
    trumps = sum(1 for c in hand if c.is_trump)
    high = sum(1 for c in hand if c.is_trump and 16 <= c.rank <= 20)
    monde = MONDE in hand
    petit = PETIT in hand
    excuse = EXCUSE in hand
    lengths = [sum(1 for c in hand if c.suit is suit) for suit in PLAIN_SUITS]
    kings = sum(1 for c in hand if not c.is_trump and c.rank == KING and c is not EXCUSE)
    queens = sum(1 for c in hand if not c.is_trump and c.rank == QUEEN and c is not EXCUSE)
    bouts = int(monde) + int(petit) + int(excuse)
    return (
        1.0,
        float(trumps),
        float(high),
        float(monde),
        float(petit),
        float(excuse),
        float(petit and trumps >= 5),
        float(kings),
        float(queens),
        float(sum(1 for n in lengths if n == 0)),
        float(sum(1 for n in lengths if n == 1)),
        float(sum(max(0, n - 4) for n in lengths)),
        float(trumps * bouts),
        float(club_count),
    )


def _dot(weights: Sequence[float], values: Sequence[float]) -> float:
    return sum(w * v for w, v in zip(weights, values, strict=True))


def _logistic(value: float) -> float:
    if value < -40:
        return 0.0
    if value > 40:
        return 1.0
    return 1.0 / (1.0 + math.exp(-value))


@dataclass(frozen=True, slots=True)
class ContractModel:
    """One contract's fit: the weights of its chance of being made (logistic) and of its mean score."""

    made: tuple[float, ...]
    score: tuple[float, ...]

    def chance(self, values: Sequence[float]) -> float:
        return _logistic(_dot(self.made, values))

    def mean(self, values: Sequence[float]) -> float:
        return _dot(self.score, values)


@dataclass(frozen=True, slots=True)
class BidModel:
    """A rule set's measured model (see the module's docstring)."""

    contracts: Mapping[str, ContractModel]
    defend: tuple[float, ...]
    slam: tuple[float, ...]

    def defence(self, values: Sequence[float]) -> float:
        """The mean score of passing."""
        return _dot(self.defend, values)

    def slam_chance(self, values: Sequence[float]) -> float:
        """The chance of winning every trick after taking the dog."""
        return _logistic(_dot(self.slam, values))


@dataclass(frozen=True, slots=True)
class Offer:
    """What the model says of one contract for one hand."""

    word: str
    chance: float
    mean: float


#: The smallest chance of making each contract at which the club player takes it: the higher the stakes,
#: the surer the hand must be (a lost garde costs twice a lost prise, a garde sans four times, ...). Set
#: by playing the model's bids against the club count's on 400 duplicate deals with four players: these
#: lines won 13 points a deal (95 % interval 10 to 17), higher ones less (7 at 0.75 to 0.9); lower ones
#: changed little, since a contract must also score more than passing.
CAUTION: Final[Mapping[str, float]] = {
    "prise": 0.5,
    "garde": 0.6,
    "garde-sans": 0.7,
    "garde-contre": 0.8,
}
#: The same at five players, where the prises the four-player line let through were made about one time
#: in two: a prise asks 0.55 there. Over 1,500 duplicate deals that made three contracts in four instead
#: of two in three, for 0.2 a deal less (95 % interval −0.6 to +0.1; docs/developers/performance.md).
FIVE_PLAYER_CAUTION: Final[Mapping[str, float]] = {**CAUTION, "prise": 0.55}


def caution(players: int) -> Mapping[str, float]:
    """The smallest chance of making each contract at which the club player takes it, at a table of
    ``players`` (:data:`CAUTION`, or :data:`FIVE_PLAYER_CAUTION` at five)."""
    return FIVE_PLAYER_CAUTION if players == 5 else CAUTION


#: The chance of winning every trick from which the taker announces a slam (an announced slam scores
#: 400 more when made and 200 less when not, so a third is the break-even point; the play-outs that
#: measured it did not announce, so the chance is if anything underestimated).
SLAM_CHANCE: Final = 0.5


@cache
def model_for(variant: str) -> BidModel | None:
    """The measured model of a rule set's key (``fft-4``), or None if it was not measured."""
    from .bid_data import CONTRACTS, DEFEND, SLAM

    found = CONTRACTS.get(variant)
    if found is None:
        return None
    contracts = {word: ContractModel(made, score) for word, (made, score) in found.items()}
    return BidModel(contracts, DEFEND[variant], SLAM[variant])


#: The contracts' names as a player says them (a word not here is said as it is written).
CONTRACT_WORDS: Final = {
    "pass": N_("passing"),
    "prise": N_("a prise"),
    "garde": N_("a garde"),
    "garde-sans": N_("a garde sans"),
    "garde-contre": N_("a garde contre"),
}
#: The same names at the start of a sentence.
CONTRACT_SUBJECTS: Final = {
    "prise": N_("A prise"),
    "garde": N_("A garde"),
    "garde-sans": N_("A garde sans"),
    "garde-contre": N_("A garde contre"),
}
#: The fractions a chance is said as ("about 3 times in 4").
_FRACTIONS: Final = ((1, 10), (1, 5), (1, 4), (1, 3), (2, 5), (1, 2), (3, 5), (2, 3), (3, 4), (4, 5), (9, 10))


def contract_words(word: str) -> Message | Said:
    """A contract as a sentence names it inside: "a garde" (``pass``: "passing"); a word of another rule
    set's notation by its noun with its article ("a small", "une petite")."""
    known = CONTRACT_WORDS.get(word)
    if known is not None:
        return gettext_lazy(known)
    return Said(Noun(word.replace("-", " "), "contract"))


@dataclass(frozen=True, slots=True)
class Said:
    """A noun said with its indefinite article in the language it is shown in ("a small", "une
    petite"), whatever form the sentence asks of it."""

    noun: Noun

    def __format__(self, spec: str) -> str:
        return format(self.noun, "a")

    def __str__(self) -> str:
        return format(self.noun, "a")


def often(chance: float) -> Message:
    """A chance in words: "about 3 times in 4", "almost always", "almost never"."""
    if chance >= 0.95:
        return gettext_lazy("almost always")
    if chance <= 0.05:
        return gettext_lazy("almost never")
    times, out_of = min(_FRACTIONS, key=lambda f: abs(f[0] / f[1] - chance))
    return ngettext_lazy("about {n} time in {m}", "about {n} times in {m}", times, m=out_of)


def signed(value: float) -> str:
    """A mean score as a reader sees it: ``+62``, ``−8``, ``0``."""
    number = round(value)
    if number == 0:
        return "0"
    return f"{number:+d}".replace("-", "\u2212")


__all__ = [
    "CAUTION",
    "CONTRACT_SUBJECTS",
    "CONTRACT_WORDS",
    "FEATURES",
    "FIVE_PLAYER_CAUTION",
    "SLAM_CHANCE",
    "BidModel",
    "ContractModel",
    "Offer",
    "Said",
    "caution",
    "contract_words",
    "features",
    "model_for",
    "often",
    "signed",
]
