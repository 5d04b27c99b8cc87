"""The hand judge: what each bid is worth to the seat about to speak, found by playing the hand out.

:func:`judge_bid` reads only the :class:`~tarot_core.engine.view.SeatView` of a seat whose turn it is to bid
(French rule sets). It deals the cards that seat cannot see at random many times, consistently with what
it sees (:func:`~tarot_core.players.montecarlo.sample`), and for each deal and each action the seat may
take it plays the whole deal out. A bid: the seat bids, the players still to speak pass, and the
rule-based player (:mod:`tarot_core.players.rule`) does everything else for every seat (the call with
five players, the discard, the handfuls, every card). A pass: the seat passes and defends, the players
still to speak bid as the rule-based player does (by the measured bid model,
:mod:`tarot_core.players.bidding`), and a deal where everybody passes scores 0 (it is dealt again). The
seat's score is recorded, and for a bid whether the contract was made.

Each action's estimate gives its mean score, its spread (the standard deviation, and the 10th and 90th
percentiles of the scores) and, for a bid, the share of deals where it was made. A prise and a garde are
played the same way, so they are made equally often and a garde always doubles the prise's stakes: it
is the better bid on average as soon as the prise is, and the worse when the contract fails. The judge
weighs the stakes as a club player does (:func:`~tarot_core.players.bidding.caution`): the best action
is the contract with the highest mean among those made at least as often as their stakes ask and
scoring more than passing; when there is none, passing.

Every action is played on the same deals, so the differences between them are measured more precisely
than the averages themselves. The judge's uncertainty about the gap between an action and the best one
is twice the standard error of their difference over the deals (a 95 per cent margin); its uncertainty
about a contract's chance is twice the standard error of the share made. An action is
:meth:`Judgement.acceptable` when it is the best, or when its mean is within that margin of the best
and its chance within its uncertainty of what its stakes ask: the sample cannot tell them apart.

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
import statistics
from dataclasses import dataclass
from typing import Final

from ..actions import Action, ActionKind
from ..engine.round import Round
from ..engine.view import SeatView
from ..errors import TarotError, quoted
from ..messages import _, gettext_lazy, ngettext
from .bidding import CONTRACT_SUBJECTS, CONTRACT_WORDS, caution, often, signed
from .facts import hand_points, knowledge
from .montecarlo import playout, rebuild, sample
from .rule import RulePlayer

#: Deals played out for each judgement (each one for every possible action).
DEALS: Final = 120
#: Attempts at a deal consistent with the view for each one kept.
ATTEMPTS: Final = 8
#: How many standard errors of a difference count as "too close to tell".
MARGIN_ERRORS: Final = 2.0


class JudgeError(TarotError):
    """The judge was asked about a position it cannot weigh (not a bid, or a rule set without bids)."""


@dataclass(frozen=True, slots=True)
class BidEstimate:
    """One action's result over ``deals`` deals: the seat's mean score, the scores' standard deviation
    (``spread``) and their 10th and 90th percentiles, and for a bid the share of deals it was made."""

    action: Action
    mean: float
    spread: float
    deals: int
    low: float = 0.0
    high: float = 0.0
    made: float | None = None
    #: The table's size, which sets the chance each contract's stakes ask.
    players: int = 4

    @property
    def word(self) -> str:
        """``pass`` or the contract's word, as plain text (a bid's word may be a rule set's contract enum)."""
        return "pass" if self.action.kind == "pass" else str(self.action.word)

    @property
    def made_margin(self) -> float:
        """The judge's uncertainty about :attr:`made` (0 for a pass)."""
        if self.made is None:
            return 0.0
        return MARGIN_ERRORS * math.sqrt(self.made * (1 - self.made) / self.deals)

    def cautious(self, *, within: bool = False) -> bool:
        """Whether the contract is made at least as often as its stakes ask (a pass always is);
        ``within``: or within the judge's uncertainty of it."""
        if self.made is None:
            return True
        needed = caution(self.players).get(self.word, 1.0)
        return self.made + (self.made_margin if within else 0.0) >= needed


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
        """The contract with the best mean among those made often enough for their stakes and scoring
        more than passing; else the pass (see the module's docstring)."""
        return _best(self.estimates)

    @property
    def passing(self) -> BidEstimate:
        return self.estimate("pass")

    def estimate(self, word: str) -> BidEstimate:
        for estimate in self.estimates:
            if estimate.word == word:
                return estimate
        choices = ", ".join(e.word for e in self.estimates)
        raise JudgeError(
            gettext_lazy(
                "{word} cannot be said now: the choices are {choices}", word=quoted(word), choices=choices
            )
        )

    def gap(self, word: str) -> float:
        """How much less than the best ``word`` scores on average (negative when it scores more but is
        made too seldom for its stakes)."""
        return self.best.mean - self.estimate(word).mean

    def margin(self, word: str) -> float:
        """The judge's uncertainty about :meth:`gap`."""
        return self.margins[self.estimates.index(self.estimate(word))]

    def acceptable(self, word: str) -> bool:
        """Whether ``word`` is the best or too close to the best for the sample to tell them apart: its
        mean within its margin of the best's (or above it), its chance of being made within its
        uncertainty of what its stakes ask."""
        if word == self.best.word:
            return True
        estimate = self.estimate(word)
        if estimate.made is not None and estimate.mean <= self.passing.mean:
            return self.passing.mean - estimate.mean <= self.margin(word) and self.best.word == "pass"
        return self.gap(word) <= self.margin(word) and estimate.cautious(within=True)

    def explain(self) -> str:
        """One sentence: the best action, what every action scores and how often each contract is made,
        and the club count."""
        best = self.best
        points = int(self.club_points)
        passing = self.passing
        bids = [
            e for e in sorted(self.estimates, key=lambda e: -e.mean) if e.made is not None and e is not best
        ]
        scores = ", ".join(
            _(
                "{contract} {score} (made {often})",
                contract=_(CONTRACT_WORDS.get(e.word, e.word)),
                score=signed(e.mean),
                often=often(e.made or 0.0),
            )
            for e in bids
        )
        # The English says "1 points" for one: kept as it was written.
        if best.word == "pass":
            return ngettext(
                "Passing is best: played out over {deals} deals, passing and defending scores {score} on "
                "average; with you as taker, {scores}: none is made often enough for its stakes and scores "
                "more; the club count gives this hand {n} points",
                "Passing is best: played out over {deals} deals, passing and defending scores {score} on "
                "average; with you as taker, {scores}: none is made often enough for its stakes and scores "
                "more; the club count gives this hand {n} points",
                points,
                deals=self.deals,
                score=signed(passing.mean),
                scores=scores,
            )
        said = self._best_contract(best, scores, points)
        risky = [e for e in bids if e.mean > best.mean]
        if not risky:
            return said
        return _(
            "{judgement}; {contract} would score more on average, but it is made too seldom to be worth its "
            "higher stakes",
            judgement=said,
            contract=_(CONTRACT_WORDS.get(risky[0].word, risky[0].word)),
        )

    def _best_contract(self, best: BidEstimate, scores: str, points: int) -> str:
        subject = CONTRACT_SUBJECTS.get(best.word)
        # A word the tables do not know (another rule set's notation) starts the sentence as it is written.
        contract = _(subject) if subject is not None else best.word[:1].upper() + best.word[1:]
        return ngettext(
            "{contract} is best: played out over {deals} deals with you as taker, it is made {often} and "
            "scores {score} on average (from {low} to {high} in four deals out of five), against "
            "{scores}, and {passing} by passing and defending; the club count gives this hand {n} points",
            "{contract} is best: played out over {deals} deals with you as taker, it is made {often} and "
            "scores {score} on average (from {low} to {high} in four deals out of five), against "
            "{scores}, and {passing} by passing and defending; the club count gives this hand {n} points",
            points,
            contract=contract,
            deals=self.deals,
            often=often(best.made or 0.0),
            score=signed(best.mean),
            low=signed(best.low),
            high=signed(best.high),
            scores=scores or _("no other contract"),
            passing=signed(self.passing.mean),
        )


def _best(estimates: tuple[BidEstimate, ...]) -> BidEstimate:
    passing = next(e for e in estimates if e.made is None)
    fit = [e for e in estimates if e.made is not None and e.cautious() and e.mean > passing.mean]
    return max(fit, key=lambda e: e.mean) if fit else passing


def _play_out(base: Round, view: SeatView, action: Action, rule: RulePlayer) -> tuple[int, bool]:
    """Bid (the later speakers pass) or pass (the later speakers bid as the rule-based player does), and
    play the deal out: the seat's score, and whether the taker's side made its contract."""
    rnd = base.copy()
    rnd.push(action)
    while rnd.phase == "bidding" and rnd.to_move is not None and rnd.to_move != view.seat:
        mover = rnd.to_move
        if action.kind == "pass":
            rnd.push(rule.choose(rnd.view(mover))[0])
        else:
            rnd.push(Action(mover, ActionKind.PASS))
    playout(rnd, rule)
    result = rnd.result()
    return result.by_seat[view.seat], result.score is not None and result.score.won


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
    made: list[int] = [0 for _ in actions]
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
            score, won = _play_out(base, view, action, rule)
            scores[index].append(score)
            made[index] += won
    if kept < 2:
        raise JudgeError(gettext_lazy("no deal of the unseen cards fits what this seat has seen"))
    estimates = tuple(
        _estimate(action, s, None if action.kind == "pass" else m / kept, view.players)
        for action, s, m in zip(actions, scores, made, strict=True)
    )
    best = estimates.index(_best(estimates))
    margins = tuple(
        0.0
        if index == best
        else MARGIN_ERRORS
        * _stdev([b - a for a, b in zip(scores[index], scores[best], strict=True)])
        / math.sqrt(kept)
        for index in range(len(actions))
    )
    return Judgement(estimates, margins, hand_points(view.hand), kept, seed)


# ------------------------------------------------------------------------------------ kept as JSON
def judgement_json(judgement: Judgement) -> dict[str, object]:
    """``judgement`` as JSON data (:func:`judgement_from_json` reads it back, the same to the last bit)."""
    return {
        "estimates": [
            {
                "action": str(e.action),
                "mean": e.mean,
                "spread": e.spread,
                "deals": e.deals,
                "low": e.low,
                "high": e.high,
                "made": e.made,
            }
            for e in judgement.estimates
        ],
        "margins": list(judgement.margins),
        "club_points": judgement.club_points,
        "deals": judgement.deals,
        "seed": judgement.seed,
    }


def _number(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise JudgeError(gettext_lazy("a kept judgement holds something that is not a number"))
    return float(value)


def _count(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 2:
        raise JudgeError(gettext_lazy("a kept judgement holds something that is not a number"))
    return value


def judgement_from_json(data: object, view: SeatView) -> Judgement:
    """The judgement :func:`judgement_json` wrote, for the hand of ``view``: each action it weighs must
    be one of the seat's bids or its pass, each once, or :class:`JudgeError`."""
    if not isinstance(data, dict):
        raise JudgeError(gettext_lazy("a kept judgement is a JSON object"))
    legal = {str(a): a for a in view.legal if a.kind in ("pass", "bid")}
    rows, margins = data.get("estimates"), data.get("margins")
    if not isinstance(rows, list) or not isinstance(margins, list) or len(rows) != len(margins):
        raise JudgeError(gettext_lazy("a kept judgement gives an estimate and a margin for each bid"))
    estimates = []
    for row in rows:
        if not isinstance(row, dict) or row.get("action") not in legal:
            raise JudgeError(gettext_lazy("a kept judgement weighs a bid this hand cannot make"))
        made = row.get("made")
        estimates.append(
            BidEstimate(
                legal[row["action"]],
                _number(row.get("mean")),
                _number(row.get("spread")),
                _count(row.get("deals")),
                _number(row.get("low")),
                _number(row.get("high")),
                None if made is None else _number(made),
                view.players,
            )
        )
    if sorted(str(e.action) for e in estimates) != sorted(legal):
        raise JudgeError(gettext_lazy("a kept judgement weighs a bid this hand cannot make"))
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise JudgeError(gettext_lazy("a kept judgement holds something that is not a number"))
    return Judgement(
        tuple(estimates),
        tuple(_number(m) for m in margins),
        _number(data.get("club_points")),
        _count(data.get("deals")),
        seed,
    )


def _estimate(action: Action, scores: list[int], made: float | None, players: int) -> BidEstimate:
    deciles = statistics.quantiles(scores, n=10, method="inclusive")
    return BidEstimate(
        action, sum(scores) / len(scores), _stdev(scores), len(scores), deciles[0], deciles[-1], made, players
    )


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
    "judgement_from_json",
    "judgement_json",
]
