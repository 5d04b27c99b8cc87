"""A deal reviewed: each of one seat's decisions judged from that seat's view at that moment.

A decision is a moment where the seat had a choice: a bid, a call, a handful, a card with more than one
legal card, and its discard taken as a whole (the cards laid away one by one are one choice). Each is
judged as the strong computer player judges a card: the cards the seat could not see are dealt many
times consistently with what it had seen (the same sampler, weighted by how likely the others' bids
were), every candidate is played on the same deals and the rest of the deal is played out by the
computer players' quick policy; the seat's mean score for each candidate is compared with the one it
chose, the difference with its standard error over the same deals.

The candidates: every legal action (every card, every bid, every King that may be called), and for a
discard the seat's own and the rule-based player's. A choice is *costly* when a candidate beat it by
more than the margin (two standard errors, the 95 % interval) and by at least a point; it is *the only
good one* when it beat every other candidate by more than the margin. A deal's review lists the costly
choices, the costliest first, each with what was better, about how much it cost, and the principle in
words with the page that teaches it (:mod:`tarot_core.players.coach`).

The review reads only what the seat saw at each moment (its :class:`~tarot_core.engine.view.SeatView`):
the hidden cards of a finished deal never guide it. Its chance comes from a generator seeded by the deal
and the moment, so the same deal is always reviewed the same way.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from .actions import Action
from .describe import card_noun as table_card_noun
from .describe import describe
from .engine.round import Round
from .engine.variant import words_for
from .engine.view import SeatView
from .engine.words import Words
from .errors import TarotError
from .messages import Message, gettext_lazy, join_and, ngettext_lazy
from .players.coach import MARGIN, Principle, principle_for, rounded_points, rule_advice
from .players.montecarlo import MonteCarloPlayer, playout
from .players.rule import RulePlayer
from .seats import Seat

#: Play-outs spent on one decision (every candidate on the same deals): about a second of CPython for a
#: card with eight legal choices (``nox -s bench -- review`` measures a whole deal).
BUDGET: Final = 200
#: Deals each candidate is played on before the clearly worse ones are left out.
FIRST_DEALS: Final = 8
#: Points under which a difference is not worth a word, however sure.
SMALL: Final = 1.0


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the seat: its place in the deal's record (``step``, the index of its first
    action) and the actions it took there (one, or a discard's cards)."""

    step: int
    actions: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the review found of one decision.

    ``cost`` is how many points the choice lost on average against the best candidate (0 when it was
    the best), ``margin`` the 95 % margin of that difference; ``better`` the best candidate (``None``
    when the choice was the best). ``costly``: the loss is beyond its margin; ``only_good``: every
    other candidate lost by more than its margin. ``words`` say it, ``principle`` is the page that
    teaches the better choice (or the choice made, when it was the best).
    """

    decision: Decision
    better: tuple[Action, ...] | None
    cost: float
    margin: float
    costly: bool
    only_good: bool
    words: Message
    principle: Principle

    @property
    def step(self) -> int:
        return self.decision.step


def decisions(rnd: Round, seat: Seat) -> list[Decision]:
    """The seat's decisions in the finished (or unfinished) round ``rnd``: every moment it had a choice,
    in order."""
    replay = rnd.variant.new_round(rnd.dealer, rnd.initial_hands, rnd.initial_dog)
    found: list[Decision] = []
    actions = list(rnd.actions)
    index = 0
    while index < len(actions):
        action = actions[index]
        if action.seat != seat:
            replay.push(action)
            index += 1
            continue
        if action.kind == "discard":
            end = index
            while end < len(actions) and actions[end].seat == seat and actions[end].kind == "discard":
                end += 1
            group = tuple(actions[index:end])
            for each in group:
                replay.push(each)
            found.append(Decision(index, group))
            index = end
            continue
        if len(replay.legal_actions()) > 1:
            found.append(Decision(index, (action,)))
        replay.push(action)
        index += 1
    return found


def _candidates(
    view: SeatView, decision: Decision, rule: RulePlayer, base: Round
) -> list[tuple[Action, ...]]:
    """What the seat could have done instead: every legal action, or for a discard the seat's own and
    the rule-based player's (the cards it would have laid away one by one from the same moment)."""
    if decision.actions[0].kind != "discard":
        return [(action,) for action in view.legal]
    ruled: list[Action] = []
    rnd = base.copy()
    for _ in decision.actions:
        action = rule.choose(rnd.view(view.seat))[0]
        if action.kind != "discard":
            break
        ruled.append(action)
        rnd.push(action)
    own = decision.actions
    if tuple(ruled) == own or len(ruled) != len(own):
        return [own]
    return [own, tuple(ruled)]


def _weighted(values: Sequence[float], weights: Sequence[float]) -> tuple[float, float]:
    """The weighted mean of ``values`` and its standard error (by the effective number of deals)."""
    total = sum(weights)
    if not values or total <= 0:
        return 0.0, math.inf
    centre = sum(w * v for w, v in zip(weights, values, strict=True)) / total
    effective = total * total / sum(w * w for w in weights)
    if effective < 2 - 1e-9:
        return centre, math.inf
    spread = sum(w * (v - centre) ** 2 for w, v in zip(weights, values, strict=True)) / total
    return centre, math.sqrt(spread / (effective - 1))


def judge(
    base: Round,
    seat: Seat,
    decision: Decision,
    rng: random.Random,
    budget: int = BUDGET,
    *,
    names: Mapping[Seat, str] | None = None,
) -> Verdict:
    """The verdict on ``decision``, taken in ``base`` (the round just before it) by ``seat``. Its
    words name the cards and bids as the rule set does, and the players by ``names`` (by seat
    without)."""
    view = base.view(seat)
    said = _Said(words_for(base.variant.family), names)
    rule = RulePlayer()
    candidates = _candidates(view, decision, rule, base)
    own = decision.actions
    if own not in candidates:
        candidates.insert(0, own)
    if len(candidates) < 2:
        return _verdict(view, decision, None, 0.0, 0.0, False, rule, said)
    searcher = MonteCarloPlayer(playouts=budget)
    first = max(2, min(FIRST_DEALS, budget // (2 * len(candidates))))
    deals = searcher.deals(view, rng, first)
    if len(deals) < 2:
        return _verdict(view, decision, None, 0.0, 0.0, False, rule, said)
    scores: dict[tuple[Action, ...], list[float]] = {c: [] for c in candidates}

    def play(candidate: tuple[Action, ...], bases: Sequence[tuple[Round, float]]) -> None:
        for start, _weight in bases:
            rnd = start.copy()
            try:
                for action in candidate:
                    rnd.push(action)
            except TarotError:
                scores[candidate].append(-math.inf)
                continue
            playout(rnd, rule)
            scores[candidate].append(rnd.result().by_seat[seat])

    for candidate in candidates:
        play(candidate, deals)
    weights = [w for _, w in deals]
    # Leave out what is clearly worse than the best so far (never the seat's own choice).
    means = {c: _weighted(scores[c], weights)[0] for c in candidates}
    leader = max(candidates, key=lambda c: means[c])
    alive = [own] + [
        c
        for c in candidates
        if c != own and _gap(scores, leader, c, weights)[0] <= 3 * _gap(scores, leader, c, weights)[1]
    ]
    spent = len(candidates) * len(deals)
    more = max(0, (budget - spent) // max(1, len(alive)))
    if more and len(alive) > 1:
        extra = searcher.deals(view, rng, more)
        for candidate in alive:
            play(candidate, extra)
        deals = deals + extra
        weights = [w for _, w in deals]
    finals = [c for c in alive if len(scores[c]) == len(deals)]
    best = max(finals, key=lambda c: _weighted(scores[c], weights)[0])
    if best == own:
        others = [c for c in candidates if c != own]
        only = all(
            _gap(scores, own, c, weights)[0] > MARGIN * _gap(scores, own, c, weights)[1] for c in others
        )
        least = min((_gap(scores, own, c, weights)[0] for c in others), default=0.0)
        return _verdict(view, decision, None, 0.0, least, only, rule, said)
    cost, error = _gap(scores, best, own, weights)
    return _verdict(view, decision, best, cost, MARGIN * error, False, rule, said)


def _gap(
    scores: dict[tuple[Action, ...], list[float]],
    top: tuple[Action, ...],
    other: tuple[Action, ...],
    weights: Sequence[float],
) -> tuple[float, float]:
    """How much ``top`` beat ``other`` on the deals both were played on, and the standard error."""
    pairs = list(zip(scores[top], scores[other], strict=False))
    if any(math.isinf(a) or math.isinf(b) for a, b in pairs):
        return math.inf, 0.0
    return _weighted([a - b for a, b in pairs], weights[: len(pairs)])


@dataclass(frozen=True)
class _Said:
    """How a verdict says a choice: the rule set's words for its cards and bids, the players' names."""

    words: Words
    names: Mapping[Seat, str] | None

    def __call__(self, actions: tuple[Action, ...], *, better: bool = False) -> str:
        """What the reader did (``You played the King of Hearts``, ``You laid away ...``), or with
        ``better`` what was better (``play the 9 of Diamonds``, ``bid a garde``)."""
        if len(actions) == 1:
            return str(describe(actions[0], self.words, self.names, style="instead" if better else "review"))
        nouns = join_and(table_card_noun(action.card, self.words) for action in actions)
        if better:
            return str(gettext_lazy("lay away {cards}", cards=nouns))
        return str(gettext_lazy("You laid away {cards}", cards=nouns))


def _verdict(
    view: SeatView,
    decision: Decision,
    better: tuple[Action, ...] | None,
    cost: float,
    margin: float,
    only_good: bool,
    rule: RulePlayer,
    said: _Said,
) -> Verdict:
    chosen = decision.actions
    if better is None:
        ruled, reason = rule_advice(view, rule)
        principle = principle_for(view, chosen[0], reason if ruled == chosen[0] else None)
        if only_good:
            words: Message = ngettext_lazy(
                "{action}: the only good choice here; any other lost about {n} point on average.",
                "{action}: the only good choice here; any other lost about {n} points on average.",
                rounded_points(margin),
                action=said(chosen),
            )
        else:
            words = gettext_lazy("{action}: as good as any choice here.", action=said(chosen))
        return Verdict(decision, None, 0.0, margin, False, only_good, words, principle)
    costly = cost > margin and cost >= SMALL
    ruled, reason = rule_advice(view, rule)
    principle = principle_for(view, better[0], reason if ruled == better[0] else None)
    if costly:
        words = ngettext_lazy(
            "{action}: about {n} point lost on average. Better: {better}.",
            "{action}: about {n} points lost on average. Better: {better}.",
            rounded_points(cost),
            action=said(chosen),
            better=said(better, better=True),
        )
        if ruled == better[0] and reason is not None:
            words = gettext_lazy("{verdict} Why: {reason}.", verdict=words, reason=reason)
    else:
        words = gettext_lazy("{action}: about as good as the best choice here.", action=said(chosen))
    return Verdict(decision, better, cost, margin, costly, False, words, principle)


def review(
    rnd: Round,
    seat: Seat,
    *,
    seed: object = 0,
    budget: int = BUDGET,
    names: Mapping[Seat, str] | None = None,
) -> list[Verdict]:
    """Every decision of ``seat`` in ``rnd``, judged (in the order of the deal)."""
    verdicts = []
    replay = rnd.variant.new_round(rnd.dealer, rnd.initial_hands, rnd.initial_dog)
    done = 0
    for decision in decisions(rnd, seat):
        for action in rnd.actions[done : decision.step]:
            replay.push(action)
        done = decision.step
        rng = random.Random(f"review:{seed}:{decision.step}")
        verdicts.append(judge(replay, seat, decision, rng, budget, names=names))
    return verdicts


__all__ = ["BUDGET", "Decision", "Verdict", "decisions", "judge", "review"]
