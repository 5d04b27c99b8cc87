"""The Monte Carlo player: determinized play-outs over the rule-based player.

For each card it may play, the player deals the cards it cannot see many times at random, consistently
with its view (each hand's size, the suits a player has shown he lacks, the cards played, a dog turned
over, its own discard, the trumps shown in a discard, a handful's trumps), rebuilds the round from each
such deal and the actions seen, plays the card, lets the rule-based player finish the round for every
seat, and keeps the card with the best mean score for its own seat. A deal that the record refuses
(a player could not have played as he did with those cards) is drawn again.

``playouts`` is the number of play-outs per decision, shared among the cards (at least two deals each).
When the cards it may play are more than ``playouts`` can try twice each (a small number, as in the
play page), it tries the rule-based player's card and, in each suit, its lowest and highest card, and
the Excuse: the cards between them rarely change a trick, and the budget stays what it was set to.
Bidding, calling, discarding, handfuls, declarations and exchanges are the rule-based player's. The
deals come from each rule set's own sampler (its ``knowledge``, :mod:`tarot_core.engine.knowledge`),
which also undoes what moved cards between hands (a dog, a discard, the cards handed over).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from ..actions import Action
from ..cards import EXCUSE, Suit
from ..engine.knowledge import Determinization
from ..engine.round import Round
from ..engine.variant import Variant, find_variant
from ..engine.view import SeatView
from ..errors import TarotError
from ..messages import gettext_lazy, ngettext
from .base import action_words, legal_or_fail
from .rule import RulePlayer, card_noun, knowledge, order

#: Attempts at a consistent deal for each one kept, before the player falls back on the rule-based play.
ATTEMPTS = 8


@dataclass(frozen=True, slots=True)
class Estimate:
    """What the play-outs said about one action: its mean score for the seat over ``deals`` deals."""

    action: Action
    mean: float
    deals: int


@cache
def _variant(key: str, options: tuple[tuple[str, object], ...]) -> Variant:
    return find_variant(key, **dict(options))


def sample(view: SeatView, rng: random.Random) -> Determinization | None:
    """A deal consistent with ``view``, drawn by its rule set's sampler, or None if this draw failed."""
    return knowledge(view).sample(view, _variant(view.variant, view.options), rng)


def rebuild(view: SeatView, deal: Determinization) -> Round | None:
    """The round of ``deal`` with its record replayed, or None if the record does not fit the deal."""
    variant = _variant(view.variant, view.options)
    try:
        rnd = variant.new_round(view.dealer, deal.hands, deal.dog)
        for action in deal.actions:
            rnd.push(action)
    except TarotError:
        return None
    # What was said aloud about the cards (a handful's trumps, a declaration, ...) must come out the same.
    return rnd if rnd.view(view.seat) == view else None


def finish(rnd: Round, player: RulePlayer) -> None:
    """Play ``rnd`` to its end, every seat by ``player``."""
    while not rnd.is_over:
        seat = rnd.to_move
        assert seat is not None
        rnd.push(player.choose(rnd.view(seat))[0])


class MonteCarloPlayer:
    """Determinized Monte Carlo over the rule-based player (see the module's docstring)."""

    name = "mc"

    def __init__(self, playouts: int = 60) -> None:
        if playouts < 1:
            raise TarotError(gettext_lazy("the Monte Carlo player needs at least one play-out per move"))
        self.playouts = playouts
        self.rule = RulePlayer()
        #: Play-outs run so far (for measuring their speed).
        self.playouts_run = 0
        self._last: tuple[SeatView, tuple[Estimate, ...]] | None = None

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        legal = legal_or_fail(view)
        ruled = self.rule.choose(view)[0]
        plays = [a for a in legal if a.kind == "play"]
        if ruled.kind != "play" or len(plays) < 2:
            return ruled
        estimates = self.estimate(view, self.candidates(view, plays, ruled), rng)
        self._last = (view, estimates)
        if not estimates:
            return ruled
        best = max(estimates, key=lambda e: (e.mean, e.action == ruled))
        return best.action

    def candidates(self, view: SeatView, plays: Sequence[Action], ruled: Action) -> list[Action]:
        """The plays worth trying within the budget: all of them when each can have two deals; else the
        rule-based choice, the Excuse and the lowest and highest card of each suit, at most half the
        budget of them (in that order: the rule's card, then the suits' ends)."""
        if len(plays) * 2 <= self.playouts:
            return list(plays)
        chosen = [ruled]
        by_suit: dict[Suit, list[Action]] = {}
        for action in plays:
            if action.card is EXCUSE:
                chosen.append(action)
            else:
                by_suit.setdefault(action.card.suit, []).append(action)
        for actions in by_suit.values():
            ranked = sorted(actions, key=lambda a: order(view, a.card))
            chosen.extend((ranked[0], ranked[-1]))
        unique = list(dict.fromkeys(chosen))
        return unique[: max(1, self.playouts // 2)]

    def estimate(self, view: SeatView, plays: Sequence[Action], rng: random.Random) -> tuple[Estimate, ...]:
        """Mean score for the seat of each play, over determinized play-outs."""
        deals = max(2, -(-self.playouts // len(plays)))
        totals = [0] * len(plays)
        kept = 0
        for _ in range(deals * ATTEMPTS):
            if kept == deals:
                break
            deal = sample(view, rng)
            base = rebuild(view, deal) if deal is not None else None
            if base is None:
                continue
            kept += 1
            for index, action in enumerate(plays):
                rnd = base.copy()
                rnd.push(action)
                finish(rnd, self.rule)
                self.playouts_run += 1
                totals[index] += rnd.result().by_seat[view.seat]
        if not kept:
            return ()
        return tuple(Estimate(a, total / kept, kept) for a, total in zip(plays, totals, strict=True))

    def explain(self, view: SeatView, action: Action) -> str:
        last = self._last
        if last is not None and last[0] is view:
            estimates = sorted(last[1], key=lambda e: -e.mean)
            mine = next((e for e in estimates if e.action == action), None)
            if mine is not None:
                others = [e for e in estimates if e.action != action]
                score = f"{mine.mean:+.0f}"
                # The English says "1 deals" for one: kept as it was written.
                if not others:
                    return ngettext(
                        "{action}: over {n} deals of the unseen cards played out, it scored {score} on "
                        "average.",
                        "{action}: over {n} deals of the unseen cards played out, it scored {score} on "
                        "average.",
                        mine.deals,
                        action=action_words(action),
                        score=score,
                    )
                runner = others[0]
                runner_score = f"{runner.mean:+.0f}"
                return ngettext(
                    "{action}: over {n} deals of the unseen cards played out, it scored {score} on average; "
                    "next best {card} at {other}.",
                    "{action}: over {n} deals of the unseen cards played out, it scored {score} on average; "
                    "next best {card} at {other}.",
                    mine.deals,
                    action=action_words(action),
                    score=score,
                    card=card_noun(runner.action.card),
                    other=runner_score,
                )
        return self.rule.explain(view, action)


__all__ = ["Determinization", "Estimate", "MonteCarloPlayer", "rebuild", "sample"]
