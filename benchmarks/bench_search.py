"""Where the strong level's edge over the club level comes from, and how far its search could take it.

    python benchmarks/bench_search.py [--deals 200] [--seed 1] [--players 4] [--oracle] [--others club]
        [--workers 2]

Each deal of French Tarot is played once with a club player in every seat (the club game), then once for every
seat with the strong level in that seat and club players in the others, as the arena's duplicate deals
do. The strong level's change on a hand is its seat's score minus that seat's score in the club game on
the same cards; a deal's edge is the mean change over its seats. The scores of a deal add up to zero
and the club game's seats average zero, so the edge is the strong level's mean per deal in the arena,
and ``players / (players - 1)`` times it is the arena's difference between the two levels (the figure
``nox -s bench -- players`` prints). Each change is filed under the seat's role in both games (taker,
partner, defender, or a deal everyone passed), which shows where the edge is won: in the taker's play,
the defence, or a different contract.

``--others count`` seats players of another style around the measured seat: the rule-based player
bidding by the club count instead of the measured bid model (bolder, and not what the strong level's
reading of the bids expects). Each seat is then played twice beside them, once by the club level and
once by the strong level, and the change is the strong level's score minus the club level's in that
seat: how much of the strong level's edge holds against players it does not model.

``--oracle`` gives the strong level's search the real deal instead of deals drawn from what its seat
saw (it sees every card): the same play-outs and choices, perfect information. That is an upper
bound of what better inference can bring this search, and so tells how much of the gap to a goal is
the reading of the hidden cards and how much the play-outs' judgement.

The deals are spread over ``--workers`` processes. The figures go to standard output and to
``.cache/bench/search.json`` (``search-oracle.json`` with ``--oracle``).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from statistics import mean, median

from benchlib import load_average, log, machine, run_main, table, write_results

from tarot_core import find_variant
from tarot_core.arena import Interval
from tarot_core.engine.round import Round
from tarot_core.engine.view import SeatView
from tarot_core.players import STRONG_PLAYOUTS, CoachedPlayer, Player, make_player
from tarot_core.players.rule import RulePlayer
from tarot_core.seats import SEATS, Seat

ROLES = {"T": "taker", "P": "partner", "D": "defender", "-": "passed out"}


class OraclePlayer(CoachedPlayer):
    """The strong level whose search is handed the real deal (set before each decision)."""

    def __init__(self) -> None:
        super().__init__(playouts=STRONG_PLAYOUTS)
        self.table: Round | None = None

    def deals(self, view: SeatView, rng: random.Random, count: int) -> list[tuple[Round, float]]:
        assert self.table is not None
        return [(self.table.copy(), 1.0) for _ in range(count)]


def _role(rnd: Round, seat: Seat) -> str:
    if rnd.taker is None:
        return "-"
    return "T" if rnd.taker == seat else "P" if rnd.partner == seat else "D"


def _play(
    rnd: Round, seats: Sequence[Player], strong: Player, rng: random.Random, times: list[float]
) -> None:
    while not rnd.is_over:
        seat = rnd.to_move
        assert seat is not None
        view = rnd.view(seat)
        player = seats[int(seat)]
        if isinstance(player, OraclePlayer):
            player.table = rnd
        before = time.perf_counter()
        action = player.decide(view, rng)
        if player is strong and sum(1 for a in view.legal if a.kind == "play") > 1:
            times.append(time.perf_counter() - before)
        rnd.push(action)


#: One process's deals: each deal's edge and its seats' (roles, change); the strong level's times.
Found = tuple[list[tuple[float, list[tuple[str, int]]]], list[float]]


def _deals(job: tuple[int, Sequence[int], str, bool, str]) -> Found:
    """The deals ``numbers``: for each, its edge and each seat's (roles, change)."""
    players, numbers, seed, oracle, others = job
    variant = find_variant(f"fft-{players}")
    club = make_player("club")
    strong: Player = OraclePlayer() if oracle else make_player("strong")
    other: Player = club if others == "club" else RulePlayer(measured=False)
    times: list[float] = []
    out = []
    for number in numbers:
        dealer = SEATS[number % players]
        deal = variant.deal_round(dealer, f"arena:{seed}:{number}")
        base = variant.new_round(dealer, deal.initial_hands, deal.initial_dog)
        _play(base, [club] * players, strong, random.Random(f"arena:{seed}:{number}:club"), times)
        changes = []
        for index in range(players):
            seat = SEATS[index]
            if others != "club":  # the club level in this seat beside the same players
                base = variant.new_round(dealer, deal.initial_hands, deal.initial_dog)
                seats = [club if each == index else other for each in range(players)]
                _play(base, seats, strong, random.Random(f"arena:{seed}:{number}:{index}"), times)
            rnd = variant.new_round(dealer, deal.initial_hands, deal.initial_dog)
            seats = [strong if each == index else other for each in range(players)]
            _play(rnd, seats, strong, random.Random(f"arena:{seed}:{number}:{index}"), times)
            change = rnd.result().by_seat[seat] - base.result().by_seat[seat]
            changes.append((_role(rnd, seat) + _role(base, seat), change))
        out.append((mean(change for _, change in changes), changes))
    return out, times


def _interval(values: Sequence[float], scale: float = 1.0) -> str:
    found = Interval.of([scale * value for value in values])
    return f"{found.mean:+.1f} ({found.low:+.1f} to {found.high:+.1f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--players", type=int, choices=(3, 4, 5), default=4)
    parser.add_argument("--oracle", action="store_true")
    parser.add_argument("--others", choices=("club", "count"), default="club")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    workers = max(1, args.workers)
    jobs = [
        (args.players, range(k, args.deals, workers), args.seed, args.oracle, args.others)
        for k in range(workers)
    ]
    what = "the strong level seeing every card" if args.oracle else "the strong level"
    against = "the club game" if args.others == "club" else f"the club level beside {args.others} bidders"
    log(f"{what} against {against}, {args.deals} deals of fft-{args.players}, {workers} processes")
    started = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        parts = list(pool.map(_deals, jobs))
    seconds = time.perf_counter() - started
    edges = [edge for found, _ in parts for edge, _ in found]
    hands = [change for found, _ in parts for _, changes in found for change in changes]
    times = sorted(t for _, spent in parts for t in spent)
    scale = args.players / (args.players - 1)
    by_role: dict[str, list[int]] = {}
    for roles, change in hands:
        by_role.setdefault(roles, []).append(change)
    rows = []
    for roles, changes in sorted(by_role.items(), key=lambda item: -abs(sum(item[1]))):
        strong_role, club_role = ROLES[roles[0]], ROLES[roles[1]]
        rows.append(
            [
                strong_role,
                club_role,
                str(len(changes)),
                f"{mean(changes):+.1f}",
                f"{sum(changes) / len(hands):+.2f}",
            ]
        )
    headers = ["strong's seat", "in the club game", "hands", "change a hand", "its part of the edge"]
    print(table(headers, rows))
    if args.others == "club":
        print(f"edge a deal: {_interval(edges)}; the arena's difference: {_interval(edges, scale)}")
    else:
        beside = f"beside {args.others} bidders"
        print(f"edge a deal over the club level in the same seat, {beside}: {_interval(edges)}")
    if times:
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(
            f"strong's card choices: {median(times) * 1000:.0f} ms median, "
            f"{p95 * 1000:.0f} ms at the 95th percentile"
        )
    path = write_results(
        ("search-oracle" if args.oracle else "search") + ("" if args.others == "club" else f"-{args.others}"),
        {
            "machine": machine(),
            "load_average": load_average(),
            "variant": f"fft-{args.players}",
            "deals": args.deals,
            "seed": args.seed,
            "oracle": args.oracle,
            "others": args.others,
            "seconds": round(seconds, 1),
            "edges": [round(edge, 3) for edge in edges],
            "by_role": {roles: [len(changes), sum(changes)] for roles, changes in by_role.items()},
        },
    )
    log(f"results in {path}")
    return 0


if __name__ == "__main__":
    run_main(main)
