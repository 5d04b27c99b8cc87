"""The hand judge: what each bid is worth to the seat about to speak, found by playing the hand out.

:func:`judge_bid` reads only the :class:`~tarot_core.engine.view.SeatView` of a seat whose turn it is to bid
(French rule sets). It deals the cards that seat cannot see at random many times, consistently with what
it sees (:func:`~tarot_core.players.montecarlo.sample`), and for each deal and each action the seat may
take it plays the whole deal out: the seat bids, the players still to speak pass, and the rule-based
player (:mod:`tarot_core.players.rule`) does everything else for every seat (the call with five players,
the discard, the handfuls, every card). The seat's score is recorded. Passing is the zero mark: the judge
measures what the hand is worth to its holder as taker, and a pass scores nothing for him on this hand
(so it weighs only the rule sets that deal again when every player passes, as their knowledge says).

Every action is played on the same deals, so the differences between them are measured more precisely
than the averages themselves. The judge's uncertainty about the gap between an action and the best one
is twice the standard error of their difference over the deals (a 95 per cent margin): an action within
that margin of the best is :meth:`Judgement.acceptable`, since the sample cannot tell them apart.

The generator is seeded (``seed``), so a judgement is reproducible; with :data:`DEALS` deals the chosen
contract agrees across seeds on clear hands (see the tests), and a borderline hand shows it by accepting
two answers.

>>> from tarot_core import find_variant
>>> from tarot_core.seats import Seat
>>> rnd = find_variant("fft-4").deal_round(dealer=Seat.P4, seed=3)
>>> judgement = judge_bid(rnd.view(Seat.P1), deals=20)
>>> [e.word for e in judgement.estimates]
['pass', 'prise', 'garde', 'garde-sans', 'garde-contre']
>>> judgement.acceptable(judgement.best.word)
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Final

from ..actions import Action, ActionKind
from ..engine.round import Round
from ..engine.view import SeatView
from ..errors import TarotError
from ..messages import N_, _, gettext_lazy, ngettext
from .montecarlo import finish, rebuild, sample
from .rule import RulePlayer, hand_points, knowledge

#: Deals played out for each judgement (each one for every possible action).
DEALS: Final = 120
#: Attempts at a deal consistent with the view for each one kept.
ATTEMPTS: Final = 8
#: How many standard errors of a difference count as "too close to tell".
MARGIN_ERRORS: Final = 2.0
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


class JudgeError(TarotError):
    """The judge was asked about a position it cannot weigh (not a bid, or a rule set without bids)."""


@dataclass(frozen=True, slots=True)
class BidEstimate:
    """One action's result: its mean score for the seat over ``deals`` deals, and the scores' spread."""

    action: Action
    mean: float
    spread: float
    deals: int

    @property
    def word(self) -> str:
        """``pass`` or the contract's word, as plain text (a bid's word may be a rule set's contract enum)."""
        return "pass" if self.action.kind == "pass" else str(self.action.word)


@dataclass(frozen=True, slots=True)
class Judgement:
    """The judge's verdict on a hand: each action's estimate, the best, and each one's margin."""

    estimates: tuple[BidEstimate, ...]
    #: For each estimate, the uncertainty of its gap to the best (0 for the best itself).
    margins: tuple[float, ...]
    club_points: float
    deals: int
    seed: int

    @property
    def best(self) -> BidEstimate:
        return max(self.estimates, key=lambda e: e.mean)

    def estimate(self, word: str) -> BidEstimate:
        for estimate in self.estimates:
            if estimate.word == word:
                return estimate
        choices = ", ".join(e.word for e in self.estimates)
        raise JudgeError(
            gettext_lazy("{word!r} cannot be said now: the choices are {choices}", word=word, choices=choices)
        )

    def gap(self, word: str) -> float:
        """How much less than the best ``word`` scores on average."""
        return self.best.mean - self.estimate(word).mean

    def margin(self, word: str) -> float:
        """The judge's uncertainty about :meth:`gap`."""
        return self.margins[self.estimates.index(self.estimate(word))]

    def acceptable(self, word: str) -> bool:
        """Whether ``word`` is the best or too close to the best for the sample to tell them apart."""
        return self.gap(word) <= self.margin(word)

    def explain(self) -> str:
        """One sentence: the best action, every average, and the club count."""
        best = self.best
        points = int(self.club_points)
        others = [e for e in sorted(self.estimates, key=lambda e: -e.mean) if e is not best]
        scores = ", ".join(
            _("{contract} {score}", contract=_(CONTRACT_WORDS.get(e.word, e.word)), score=_signed(e.mean))
            for e in others
        )
        # The English says "1 points" for one: kept as it was written.
        if best.word == "pass":
            return ngettext(
                "Passing is best: played out over {deals} deals with you as taker, {scores} on average, all "
                "worse than passing (0); the club count gives this hand {n} points",
                "Passing is best: played out over {deals} deals with you as taker, {scores} on average, all "
                "worse than passing (0); the club count gives this hand {n} points",
                points,
                deals=self.deals,
                scores=scores,
            )
        subject = CONTRACT_SUBJECTS.get(best.word)
        # A word the tables do not know (another rule set's notation) starts the sentence as it is written.
        contract = _(subject) if subject is not None else best.word[:1].upper() + best.word[1:]
        return ngettext(
            "{contract} is best: played out over {deals} deals with you as taker, it scores {score} on "
            "average, against {scores}; the club count gives this hand {n} points",
            "{contract} is best: played out over {deals} deals with you as taker, it scores {score} on "
            "average, against {scores}; the club count gives this hand {n} points",
            points,
            contract=contract,
            deals=self.deals,
            score=_signed(best.mean),
            scores=scores,
        )


def _signed(value: float) -> str:
    number = round(value)
    if number == 0:
        return "0"
    return f"{number:+d}".replace("-", "−")


def _play_out(base: Round, view: SeatView, action: Action, rule: RulePlayer) -> int:
    """Bid (the later speakers pass) and play the deal out; the seat's score."""
    rnd = base.copy()
    rnd.push(action)
    while rnd.phase == "bidding" and rnd.to_move is not None and rnd.to_move != view.seat:
        rnd.push(Action(rnd.to_move, ActionKind.PASS))
    finish(rnd, rule)
    return rnd.result().by_seat[view.seat]


def judge_bid(view: SeatView, *, deals: int = DEALS, seed: int = 0) -> Judgement:
    """Weigh every action the seat may take in the bidding (see the module's docstring)."""
    if not knowledge(view).redeal_when_all_pass:
        raise JudgeError(
            gettext_lazy("the hand judge weighs the bids of French Tarot (modern or classic rules) only")
        )
    if view.phase != "bidding" or not view.my_turn:
        raise JudgeError(gettext_lazy("the hand judge weighs a hand when it is its holder's turn to bid"))
    if deals < 2:
        raise JudgeError(gettext_lazy("the hand judge needs at least two deals to measure its uncertainty"))
    actions = [a for a in view.legal if a.kind in ("pass", "bid")]
    rng = random.Random(seed)
    rule = RulePlayer()
    scores: list[list[int]] = [[] for _ in actions]
    kept = 0
    for _attempt in range(deals * ATTEMPTS):
        if kept == deals:
            break
        deal = sample(view, rng)
        base = rebuild(view, deal) if deal is not None else None
        if base is None:
            continue
        kept += 1
        for index, action in enumerate(actions):
            scores[index].append(0 if action.kind == "pass" else _play_out(base, view, action, rule))
    if kept < 2:
        raise JudgeError(gettext_lazy("no deal of the unseen cards fits what this seat has seen"))
    estimates = tuple(
        BidEstimate(action, sum(s) / kept, _stdev(s), kept) for action, s in zip(actions, scores, strict=True)
    )
    best = max(range(len(actions)), key=lambda i: estimates[i].mean)
    margins = tuple(
        0.0
        if index == best
        else MARGIN_ERRORS
        * _stdev([b - a for a, b in zip(scores[index], scores[best], strict=True)])
        / math.sqrt(kept)
        for index in range(len(actions))
    )
    return Judgement(estimates, margins, hand_points(view.hand), kept, seed)


def _stdev(values: list[int]) -> float:
    count = len(values)
    mean = sum(values) / count
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (count - 1))


__all__ = [
    "CONTRACT_SUBJECTS",
    "CONTRACT_WORDS",
    "DEALS",
    "BidEstimate",
    "JudgeError",
    "Judgement",
    "judge_bid",
]
