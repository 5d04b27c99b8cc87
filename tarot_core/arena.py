"""Measuring the computer players against each other on duplicate deals.

Each deal is played once for every rotation of the players around the table (as in duplicate bridge),
so every player holds every hand once and the luck of the cards cancels out. A player's score on a deal
is the mean of its seats' scores over the rotations; the report gives each player's mean score per deal
with a 95 % confidence interval (normal approximation over the deals), and for two players the mean
difference between them with its own interval, which is the sharper test. The players are named as
:func:`~tarot_core.players.make_player` names them: ``random``, ``rule``, ``mc``, or the play page's
levels ``beginner``, ``club`` and ``strong`` (the strong level with the page's play-out budget, whatever
``playouts`` says).

>>> from tarot_core import find_variant
>>> report = run_arena(find_variant("fft-4"), ["rule", "random", "rule", "random"], deals=2, seed=1)
>>> sorted(report.results), report.deals
(['random', 'rule'], 2)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import sqrt
from statistics import mean, median, stdev

from .engine.variant import Variant
from .errors import TarotError, quoted
from .messages import _, gettext_lazy, ngettext
from .players import PLAYER_NAMES, MonteCarloPlayer, Player, make_player
from .seats import SEATS

#: The 95 % quantile of the normal distribution.
Z95 = 1.96


@dataclass(frozen=True, slots=True)
class Interval:
    """A mean and its 95 % confidence interval, over ``deals`` deals."""

    mean: float
    low: float
    high: float
    deals: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Interval:
        centre = mean(values) if values else 0.0
        half = Z95 * stdev(values) / sqrt(len(values)) if len(values) > 1 else float("inf")
        return cls(centre, centre - half, centre + half, len(values))

    def as_dict(self) -> dict[str, object]:
        return {
            "mean": round(self.mean, 2),
            "low": round(self.low, 2),
            "high": round(self.high, 2),
            "deals": self.deals,
        }

    def __str__(self) -> str:
        return _(
            "{mean:+.1f} (95 % interval {low:+.1f} to {high:+.1f})",
            mean=self.mean,
            low=self.low,
            high=self.high,
        )


@dataclass(frozen=True, slots=True)
class Timing:
    """How long a player took over its card plays with a choice (two legal cards or more), in ms."""

    decisions: int
    median_ms: float
    p95_ms: float
    playouts_per_second: float | None = None

    def as_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "decisions": self.decisions,
            "median_ms": round(self.median_ms, 2),
            "p95_ms": round(self.p95_ms, 2),
        }
        if self.playouts_per_second is not None:
            data["playouts_per_second"] = round(self.playouts_per_second, 1)
        return data


@dataclass(frozen=True, slots=True)
class ArenaReport:
    """What an arena run found: each player's mean per deal, the difference of two, the timings."""

    variant: str
    seats: tuple[str, ...]
    deals: int
    seed: str
    playouts: int | None
    results: dict[str, Interval]
    difference: tuple[str, str, Interval] | None
    timings: dict[str, Timing] = field(default_factory=dict)
    seconds: float = 0.0
    #: Each player's score on each deal (not in :meth:`as_dict`), to pool runs.
    per_deal: dict[str, tuple[float, ...]] = field(default_factory=dict)

    def as_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "variant": self.variant,
            "seats": list(self.seats),
            "deals": self.deals,
            "seed": self.seed,
            "results": {name: value.as_dict() for name, value in self.results.items()},
        }
        if self.playouts is not None:
            data["playouts"] = self.playouts
        if self.difference is not None:
            first, second, value = self.difference
            data["difference"] = {"of": first, "over": second, **value.as_dict()}
        data["timings"] = {name: value.as_dict() for name, value in self.timings.items()}
        data["seconds"] = round(self.seconds, 2)
        return data

    def lines(self, title: str) -> list[str]:
        rounds = len(self.seats)
        lines = [
            # The English says "deals" for one deal too (a plural form for the languages that need one).
            ngettext(
                "{n} duplicate deals of {title} (seed {seed}), each played {rounds} times with the players "
                "rotated; mean score per deal:",
                "{n} duplicate deals of {title} (seed {seed}), each played {rounds} times with the players "
                "rotated; mean score per deal:",
                self.deals,
                title=title,
                seed=self.seed,
                rounds=rounds,
            )
        ]
        width = max(len(name) for name in self.results)
        lines.extend(f"  {name:<{width}}  {value}" for name, value in self.results.items())
        if self.difference is not None:
            first, second, value = self.difference
            lines.append(f"  {first} - {second}: {value}")
        for name, timing in self.timings.items():
            if timing.playouts_per_second is None:
                said = _(
                    "  {name}: {decisions} card choices, median {median:.1f} ms, "
                    "95th percentile {p95:.1f} ms",
                    name=name,
                    decisions=timing.decisions,
                    median=timing.median_ms,
                    p95=timing.p95_ms,
                )
            else:
                said = _(
                    "  {name}: {decisions} card choices, median {median:.1f} ms, "
                    "95th percentile {p95:.1f} ms, {rate:.0f} play-outs per second",
                    name=name,
                    decisions=timing.decisions,
                    median=timing.median_ms,
                    p95=timing.p95_ms,
                    rate=timing.playouts_per_second,
                )
            lines.append(said)
        return lines


def check_seats(variant: Variant, seats: Sequence[str]) -> list[str]:
    """The players' names, one per seat, checked."""
    names = [name.strip().lower() for name in seats]
    if len(names) != variant.players:
        raise TarotError(
            gettext_lazy(
                "--seats names {count} players but {variant} is played by {players}: "
                "give one player ({names}) for each seat, separated by commas",
                count=len(names),
                variant=variant.key,
                players=variant.players,
                names=", ".join(PLAYER_NAMES),
            )
        )
    for name in names:
        if name not in PLAYER_NAMES:
            raise TarotError(
                gettext_lazy(
                    "--seats: there is no player {name}: choose {names}",
                    name=quoted(name),
                    names=", ".join(PLAYER_NAMES),
                )
            )
    if len(set(names)) < 2:
        raise TarotError(gettext_lazy("--seats: name at least two different players to compare"))
    return names


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run_arena(
    variant: Variant,
    seats: Sequence[str],
    deals: int,
    seed: int | str,
    *,
    playouts: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> ArenaReport:
    """Play ``deals`` duplicate deals with the players ``seats`` (a name per seat), rotated."""
    names = check_seats(variant, seats)
    if deals < 1:
        raise TarotError(gettext_lazy("--deals: play at least one deal"))
    distinct = list(dict.fromkeys(names))
    players: dict[str, Player] = {name: make_player(name, playouts=playouts) for name in distinct}
    per_deal: dict[str, list[float]] = {name: [] for name in distinct}
    times: dict[str, list[float]] = {name: [] for name in distinct}
    size = variant.players
    started = time.perf_counter()
    for number in range(deals):
        dealer = SEATS[number % size]
        deal = variant.deal_round(dealer, f"arena:{seed}:{number}")
        scores: dict[str, list[int]] = {name: [] for name in distinct}
        for rotation in range(size):
            at_seat = [names[(index + rotation) % size] for index in range(size)]
            rnd = variant.new_round(dealer, deal.initial_hands, deal.initial_dog)
            rng = random.Random(f"arena:{seed}:{number}:{rotation}")
            while not rnd.is_over:
                seat = rnd.to_move
                assert seat is not None
                view = rnd.view(seat)
                name = at_seat[seat]
                choice = sum(1 for action in view.legal if action.kind == "play") > 1
                before = time.perf_counter()
                action = players[name].decide(view, rng)
                if choice:
                    times[name].append(time.perf_counter() - before)
                rnd.push(action)
            by_seat = rnd.result().by_seat
            for index, name in enumerate(at_seat):
                scores[name].append(by_seat[SEATS[index]])
        for name in distinct:
            per_deal[name].append(mean(scores[name]))
        if progress is not None:
            progress(number + 1)
    results = {name: Interval.of(values) for name, values in per_deal.items()}
    difference = None
    if len(distinct) == 2:
        first, second = distinct
        gaps = [a - b for a, b in zip(per_deal[first], per_deal[second], strict=True)]
        difference = (first, second, Interval.of(gaps))
    timings: dict[str, Timing] = {}
    for name, spent in times.items():
        if not spent:
            continue
        player = players[name]
        rate = None
        if isinstance(player, MonteCarloPlayer) and sum(spent) > 0:
            rate = player.playouts_run / sum(spent)
        timings[name] = Timing(len(spent), median(spent) * 1000, _percentile(spent, 0.95) * 1000, rate)
    return ArenaReport(
        variant=variant.key,
        seats=tuple(names),
        deals=deals,
        seed=str(seed),
        playouts=next((p.playouts for p in players.values() if isinstance(p, MonteCarloPlayer)), None),
        results=results,
        difference=difference,
        timings=timings,
        seconds=time.perf_counter() - started,
        per_deal={name: tuple(values) for name, values in per_deal.items()},
    )
