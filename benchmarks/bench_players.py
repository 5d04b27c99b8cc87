"""Computer players benchmark: each play page level's strength and time per move in CPython.

    python benchmarks/bench_players.py [--deals 200] [--strong-deals 40] [--seed 1]

(``nox -s bench -- players`` runs it.) Two runs of

    python -m tarot_core arena --variant fft --players 4 --deals N --seed S --seats ... --json

the page's levels by their names, played exactly as the page plays them: ``club,beginner,club,beginner``
(``--deals`` duplicate deals), then ``strong,club,club,club`` (``--strong-deals``, the page's play-out
budget). It prints one row a level: its mean score per deal against the other level of its run, with
the 95 % interval over the duplicate deals, and its time per card choice (median and 95th percentile)
in CPython, with the browser's estimate beside it (CPython's time times :data:`BROWSER_FACTOR`, the
ratio measured between Pyodide in Chromium and CPython on the play page's moves). The figures go to
standard output and to ``.cache/bench/players.json``.
"""

from __future__ import annotations

import argparse
import sys

from benchlib import load_average, log, machine, run_json, run_main, table, write_results

#: Pyodide in Chromium against CPython on the same moves (``nox -s bench -- play`` measures it).
BROWSER_FACTOR = 2.0


def _row(level: str, report: dict[str, object], against: str, sign: int) -> list[str]:
    gap = report["difference"]
    timings = report["timings"]
    assert isinstance(gap, dict) and isinstance(timings, dict)
    low, high = sign * gap["low"], sign * gap["high"]
    low, high = min(low, high), max(low, high)
    timing = timings.get(level)
    if isinstance(timing, dict):
        median, p95 = float(timing["median_ms"]), float(timing["p95_ms"])
        times = [f"{median:.1f}", f"{p95:.1f}", f"{p95 * BROWSER_FACTOR:.0f}"]
    else:
        times = ["-", "-", "-"]
    return [
        level,
        against,
        str(report["deals"]),
        f"{sign * gap['mean']:+.1f}",
        f"{low:+.1f} to {high:+.1f}",
        *times,
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--strong-deals", type=int, default=40)
    parser.add_argument("--seed", default="1")
    args = parser.parse_args()
    arena = [sys.executable, "-m", "tarot_core", "arena", "--variant", "fft", "--players", "4", "--json"]
    log(f"club against beginner, {args.deals} duplicate deals")
    club = run_json(
        [*arena, "--deals", str(args.deals), "--seed", args.seed, "--seats", "club,beginner,club,beginner"]
    )
    log(f"strong against club, {args.strong_deals} duplicate deals, the page's budget")
    strong = run_json(
        [*arena, "--deals", str(args.strong_deals), "--seed", args.seed, "--seats", "strong,club,club,club"],
        timeout=3600.0,
    )
    rows = [
        _row("beginner", club, "club", -1),
        _row("club", club, "beginner", 1),
        _row("strong", strong, "club", 1),
    ]
    print(
        table(
            [
                "level",
                "against",
                "deals",
                "mean per deal",
                "95 % interval",
                "median ms",
                "p95 ms",
                f"p95 ms in the browser (x{BROWSER_FACTOR:g})",
            ],
            rows,
        )
    )
    timings = strong["timings"]
    assert isinstance(timings, dict)
    rate = (
        timings.get("strong", {}).get("playouts_per_second")
        if isinstance(timings.get("strong"), dict)
        else None
    )
    if rate is not None:
        print(f"strong: {strong.get('playouts')} play-outs a decision, {rate} play-outs per second")
    path = write_results(
        "players",
        {
            "machine": machine(),
            "load_average": load_average(),
            "browser_factor": BROWSER_FACTOR,
            "club_vs_beginner": club,
            "strong_vs_club": strong,
        },
    )
    log(f"results in {path}")
    return 0


if __name__ == "__main__":
    run_main(main)
