"""Where a benchmark round's time goes: the workload of ``bench_engine.py`` timed part by part.

    python benchmarks/engine_phases.py [--games 4000] [--seed 1] [--warmup 3000] [--repeat 3]
    node tests/pyodide/run_python.mjs benchmarks/engine_phases.py [...]     (the same inside Pyodide)

The rounds are the ones ``simulate`` plays with ``--contract garde-sans`` (the same calls in the same
order, so the same random draws; the script checks first that 200 of its rounds count up as
``simulate``'s do): the shuffle, the deal, the new round (sorting and checking the deal), the forced
bidding (now and then a petit sec announced instead), the first trick (every card through
``legal_actions()`` and ``push()``, with the offers of handfuls and slam) and the later tricks (the
quick loop of ``Round.play_at_random``). Each part is timed with ``time.perf_counter`` around it,
which adds the same few calls to every part in both interpreters; the figures are for comparing one
interpreter with another, part by part. The smallest total of ``--repeat`` passes is kept. Prints one
JSON object: microseconds per round, by part.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from math import floor
from operator import call

from tarot_core import find_variant
from tarot_core.engine.deal import deal_pack, shuffled_pack
from tarot_core.engine.round import Round
from tarot_core.engine.variant import Variant
from tarot_core.seats import SEATS, Seat

# The very bidding ``simulate`` forces, and its way of counting a round.
from tarot_core.simulate import SimulationStats, _force_contract, _record, simulate

PARTS = ("shuffle", "deal", "new round", "bidding", "first trick", "later tricks")


def first_trick(rnd: Round, rng: random.Random) -> None:
    """The decisions of ``play_at_random`` before its quick loop: until the first trick is complete."""
    actions = rnd.legal_actions()
    while actions and not rnd.tricks:
        rnd.push(actions[floor(rng.random() * len(actions))])
        actions = rnd.legal_actions()


def timed_round(
    variant: Variant, dealer: Seat, rng: random.Random, totals: list[float], stats: SimulationStats | None
) -> None:
    """Play one round as ``simulate`` does, adding the seconds of each part to ``totals``."""
    clock = time.perf_counter
    t0 = clock()
    pack = shuffled_pack(variant.pack, rng)
    t1 = clock()
    hands, dog = deal_pack(variant, dealer, pack, rng, sort=False)
    t2 = clock()
    rnd = variant.new_round(dealer, hands, dog)
    t3 = clock()
    _force_contract(rnd, "garde-sans", rng)
    t4 = clock()
    first_trick(rnd, rng)
    t5 = clock()
    rnd.play_at_random(rng.random)
    t6 = clock()
    if not rnd.is_over:
        raise SystemExit("a round did not end")
    if stats is not None:
        _record(rnd, stats)
    for index, (start, end) in enumerate(((t0, t1), (t1, t2), (t2, t3), (t3, t4), (t4, t5), (t5, t6))):
        totals[index] += end - start


def timed_pass(games: int, seed: str, stats: SimulationStats | None = None) -> list[float]:
    """Seconds spent in each part over ``games`` rounds; with ``stats``, the rounds are also counted.

    Each round is started from C, through ``operator.call``, as ``simulate`` starts its rounds (see
    ``tarot_core.simulate._play_round``): in Pyodide under V8, a run of the interpreter loop that went
    on for the whole pass could stay in slower code from its first deopt to its end.
    """
    variant = find_variant("fft-4")
    rng = random.Random(f"simulate:{seed}")
    totals = [0.0] * len(PARTS)
    dealer = SEATS[0]
    for _ in range(games):
        call(timed_round, variant, dealer, rng, totals, stats)
        dealer = dealer.next(variant.players)
    return totals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--warmup", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    if args.games <= 0 or args.repeat <= 0 or args.warmup < 0:
        parser.error("--games and --repeat must be positive, --warmup not negative")
    # The parts must add up to simulate's own rounds: the same rounds give the same statistics.
    mine, theirs = SimulationStats(), SimulationStats()
    timed_pass(200, args.seed, mine)
    simulate(find_variant("fft-4"), 200, args.seed, "garde-sans", theirs)
    if mine.as_dict() != theirs.as_dict():
        raise SystemExit(f"these rounds are not simulate's: {mine.as_dict()} != {theirs.as_dict()}")
    if args.warmup:
        timed_pass(args.warmup, f"warmup:{args.seed}")
    best = min((timed_pass(args.games, args.seed) for _ in range(args.repeat)), key=sum)
    per_round = {
        part: round(seconds / args.games * 1e6, 2) for part, seconds in zip(PARTS, best, strict=True)
    }
    print(
        json.dumps(
            {
                "python": sys.version.split()[0],
                "platform": sys.platform,
                "games": args.games,
                "microseconds_per_round": per_round,
                "total": round(sum(per_round.values()), 2),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
