"""Random play-outs: whole rounds where every decision is drawn uniformly among the legal actions."""

from __future__ import annotations

import random
import time
from collections import Counter, deque
from dataclasses import dataclass, field
from functools import partial
from itertools import count, cycle, islice
from math import floor
from typing import Final

from .actions import ActionKind, simple
from .engine.round import Round
from .engine.variant import Variant
from .errors import TarotError, quoted
from .messages import gettext_lazy
from .seats import SEATS, Seat


@dataclass
class SimulationStats:
    """What a batch of random rounds did.

    Rounds with a taker count the contracts, how often the attack made it, the taker's mean score and
    the attack's bouts; rounds where every player plays for himself (Mathers' game, Chambéry Tarot for
    three) count each seat's mean score and the mean of the best score. :meth:`as_dict` reports only
    what the rounds played have, so a game without contracts shows no empty contract count.
    """

    played: int = 0
    taken: int = 0
    redeals: Counter[str] = field(default_factory=Counter)
    made: int = 0
    taker_score_total: int = 0
    bouts: Counter[int] = field(default_factory=Counter)
    contracts: Counter[str] = field(default_factory=Counter)
    #: Rounds played without a taker, every player for himself.
    individual: int = 0
    seat_score_totals: Counter[str] = field(default_factory=Counter)
    best_score_total: int = 0

    def as_dict(self) -> dict[str, object]:
        report: dict[str, object] = {
            "played": self.played,
            "redeals": dict(sorted(self.redeals.items())),
        }
        taken = self.taken
        if taken:
            if self.contracts:
                report["contracts"] = dict(sorted(self.contracts.items()))
            report["attack_made_rate"] = round(self.made / taken, 4)
            report["mean_taker_score"] = round(self.taker_score_total / taken, 2)
            if self.bouts:
                report["bouts"] = {str(k): self.bouts[k] for k in sorted(self.bouts)}
        if self.individual:
            report["each_for_himself"] = self.individual
            report["mean_score_by_seat"] = {
                seat: round(total / self.individual, 2)
                for seat, total in sorted(self.seat_score_totals.items())
            }
            report["mean_best_score"] = round(self.best_score_total / self.individual, 2)
        return report


def check_contract(variant: Variant, contract: str | None) -> None:
    """Refuse a contract that ``variant`` does not have, naming those it has (or saying it has none)."""
    if contract is None:
        return
    contracts: tuple[str, ...] = getattr(variant, "contracts", ())
    if not contracts:
        raise TarotError(
            gettext_lazy(
                "{variant} has no contracts to choose from: leave out the contract", variant=variant.title
            )
        )
    if contract not in contracts:
        raise TarotError(
            gettext_lazy(
                "{contract} is not a contract of {variant}: choose one of {known}",
                contract=quoted(contract),
                variant=variant.key,
                known=", ".join(contracts),
            )
        )


def simulate(
    variant: Variant,
    games: int,
    seed: int | str,
    contract: str | None = None,
    stats: SimulationStats | None = None,
    *,
    step_by_step: bool = False,
    warmup: int = 0,
) -> float:
    """Play ``games`` random rounds; return the seconds spent. With ``contract`` the first bidder takes it.

    Rounds are played out by :meth:`Round.play_at_random`; with ``step_by_step`` every decision goes
    through ``legal_actions()`` and ``push()`` instead, as a program playing the engine would: the same
    rounds, more slowly.

    ``warmup`` rounds are played first, neither timed nor counted in ``stats``, from a generator of
    their own, so the timed rounds are the same with or without them. They let an interpreter that
    compiles its hot code as it runs (Pyodide's WebAssembly in a JavaScript engine) reach its full
    speed before the clock starts.
    """
    if games < 0 or warmup < 0:
        raise TarotError(gettext_lazy("the number of games cannot be negative"))
    check_contract(variant, contract)
    if warmup:
        simulate(variant, warmup, f"warmup:{seed}", contract, step_by_step=step_by_step)
    rng = random.Random(f"simulate:{seed}")
    # The dealer moves one seat to the right each round: p1, p2, ... then p1 again.
    dealers = islice(cycle(SEATS[: variant.players]), games)
    play = partial(_play_round, variant, rng, contract, step_by_step, stats)
    start = time.perf_counter()
    # Every round is started from C and the results are dropped in C (a deque that keeps nothing): see
    # _play_round for why no Python code runs here between rounds.
    deque(map(play, count(), dealers), maxlen=0)
    return time.perf_counter() - start


def _play_round(
    variant: Variant,
    rng: random.Random,
    contract: str | None,
    step_by_step: bool,
    stats: SimulationStats | None,
    number: int,
    dealer: Seat,
) -> Round:
    """Round ``number`` of :func:`simulate`, dealt by ``dealer`` and played with ``rng``, then checked
    and counted in ``stats``.

    :func:`simulate` calls this from C, through ``map``, and consumes the rounds in C too, so the timed
    loop runs no Python code of its own between rounds. In CPython that changes nothing measurable. In
    Pyodide under V8, starting each round from C keeps the batch out of slow code (a batch played in one
    run of the interpreter loop ran nearly a third slower), and leaving no Python code between rounds
    adds about 4 %. Python's interpreter loop is a single WebAssembly function: a call from Python code
    to a Python function runs inside the loop already running, while a call from C starts the loop anew.
    The JavaScript engine compiles that function in tiers as it runs, and the V8 of Node 26 and of
    current Chromium also drops its optimised code when one of its guesses about an indirect call proves
    wrong. A run of the function already under way cannot move to code compiled after it started, so it
    goes on in the slower code until it returns. The run that called :func:`simulate` started before any
    of that compiling, and stays in first-tier code to its end: whatever the batch's loop did there
    between rounds (a property, a method, a test) ran there, more slowly than in optimised code. Each
    round started from C takes the best code there is at its start.
    """
    rnd = variant.deal_round_from(dealer, rng)
    if contract is not None:
        _force_contract(rnd, contract, rng)
    if step_by_step:
        legal_actions, push, draw = rnd.legal_actions, rnd.push, rng.random
        actions = legal_actions()
        while actions:  # a round has no legal action exactly when it is over
            push(actions[floor(draw() * len(actions))])
            actions = legal_actions()
    else:
        rnd.play_at_random(rng.random)
    if not rnd.is_over:  # pragma: no cover - would be an engine bug
        raise TarotError(f"round {number} is stuck: not over but nothing is legal ({rnd!r})")
    if stats is not None:
        _record(rnd, stats)
    return rnd


def _force_contract(rnd: Round, contract: str, rng: random.Random) -> None:
    """Play the bidding so that the first player to speak takes ``contract`` and the others pass.

    Decisions that come before the bidding in some rule sets (the dealer's discard in Chambéry Tarot)
    are drawn at random like every other decision.
    """
    first = True
    bidding_seen = False
    actions = rnd.legal_actions()
    while actions:
        # In a bidding every legal action is a bid or a pass; elsewhere none is.
        seat = actions[0].seat
        if actions[0].kind in _SPEAKING:
            bidding_seen = True
            rnd.push(simple(seat, _BID, contract) if first else simple(seat, _PASS))
            first = False
        elif bidding_seen:
            return
        else:
            rnd.push(actions[floor(rng.random() * len(actions))])
        actions = rnd.legal_actions()


_BID: Final = ActionKind.BID
_PASS: Final = ActionKind.PASS
_SPEAKING: Final = frozenset({_BID, _PASS})


def _record(rnd: Round, stats: SimulationStats) -> None:
    result = rnd.result()
    if result.outcome != "played":
        stats.redeals[result.outcome] += 1
        return
    stats.played += 1
    if rnd.taker is None:  # every player for himself: each seat's score is what there is to count
        stats.individual += 1
        for seat, value in result.by_seat.items():
            stats.seat_score_totals[str(seat)] += value
        stats.best_score_total += max(result.by_seat.values(), default=0)
        return
    stats.taken += 1
    if rnd.contract is not None:
        stats.contracts[rnd.contract] += 1
    if result.score is not None:
        stats.made += 1 if result.score.won else 0
        stats.taker_score_total += result.score.taker
    if result.counting is not None:
        stats.bouts[result.counting.attack_bouts] += 1
