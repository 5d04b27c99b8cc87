"""Computer players benchmark: strength and time per move in CPython, through the arena command.

    python benchmarks/bench_players.py [--deals 200] [--mc-deals 10] [--playouts 60] [--seed 1]

(``nox -s bench -- players`` runs it.) Two runs of

    python -m tarot_core arena --variant fft --players 4 --deals N --seed S --seats ... --json

the rule-based player against the random one (``--deals`` duplicate deals), then the Monte Carlo
player against three rule-based ones (``--mc-deals``, its ``--playouts``). It reports each player's
mean score per deal with its 95 % interval, the Monte Carlo player's time per card choice (median and
95th percentile) and its play-outs per second, beside the engine's own random rounds per second
(``simulate``). The figures go to standard output and to ``.cache/bench/players.json``.
"""

from __future__ import annotations

import argparse
import sys

from benchlib import load_average, log, machine, run_json, run_main, table, write_results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--mc-deals", type=int, default=10)
    parser.add_argument("--playouts", type=int, default=60)
    parser.add_argument("--seed", default="1")
    args = parser.parse_args()
    arena = [sys.executable, "-m", "tarot_core", "arena", "--variant", "fft", "--players", "4", "--json"]
    log(f"rule against random, {args.deals} duplicate deals")
    rule = run_json(
        [*arena, "--deals", str(args.deals), "--seed", args.seed, "--seats", "rule,random,rule,random"]
    )
    log(f"mc against rule, {args.mc_deals} duplicate deals, {args.playouts} play-outs per move")
    mc = run_json(
        [
            *arena,
            "--deals",
            str(args.mc_deals),
            "--seed",
            args.seed,
            "--seats",
            "mc,rule,rule,rule",
            "--playouts",
            str(args.playouts),
        ]
    )
    simulate = run_json(
        [sys.executable, "-m", "tarot_core", "simulate", "--games", "2000", "--seed", args.seed, "--json"]
    )
    rows = []
    for name, report in (("rule - random", rule), ("mc - rule", mc)):
        gap = report["difference"]
        assert isinstance(gap, dict)
        rows.append(
            [name, str(report["deals"]), f"{gap['mean']:+.1f}", f"{gap['low']:+.1f} to {gap['high']:+.1f}"]
        )
    print(table(["players", "deals", "mean per deal", "95 % interval"], rows))
    timings = mc["timings"]
    assert isinstance(timings, dict)
    mc_time = timings.get("mc")
    if isinstance(mc_time, dict):
        print(
            f"mc ({args.playouts} play-outs): median {mc_time['median_ms']} ms, 95th percentile "
            f"{mc_time['p95_ms']} ms per card choice, {mc_time['playouts_per_second']} play-outs per "
            f"second; random rounds: {simulate['games_per_second']} per second"
        )
    else:
        print("mc: no card choice in these deals (every deal passed out)")
    path = write_results(
        "players",
        {
            "machine": machine(),
            "load_average": load_average(),
            "rule_vs_random": rule,
            "mc_vs_rule": mc,
            "simulate": simulate,
        },
    )
    log(f"results in {path}")
    return 0


if __name__ == "__main__":
    run_main(main)
