"""Play page benchmark: the computer players' time per move in Chromium (the Pyodide worker) and in
CPython, and the page's main thread while they think.

    python benchmarks/bench_play.py [--site docs/_build/html] [--deals 3] [--level mc] [--seed 1]
                                    [--reading 2]

(``nox -s bench -- play`` runs it on a fresh build.) The built site is served by ``http.server`` on
127.0.0.1 and its play page opened in headless Debian Chromium through Playwright, at the "fast"
pace. For each deal (French Tarot, 4 players, seeds from ``--seed``, the reader in the second seat,
the computer at ``--level``), the reader looks at the deal for ``--reading`` seconds (as a reader reads
a hand before the first bid; the page warms the strong level up meanwhile), then bids garde when it may
and plays the first card it is allowed, by clicking, as soon as it has the turn; the page marks each
computer move's time, from the call to the worker to its answer
(``performance.measure("tarot-play-move")``), and a ``PerformanceObserver`` records every main-thread
task over 50 ms. The same deals are then replayed through ``tutorial/bridge/play.py`` in CPython, timing
each computer move. It reports, for card plays and for every move, the median and the 95th percentile,
and the long tasks that began once the deal was on screen (those of the page's start-up, from opening
it to the deal drawn, apart: no computer has thought yet), and how many moves the page's time limit
stopped before their budget was spent. Goals: under 300 ms per move at the 95th
percentile in the browser at the page's default level and at the strong level, and no main-thread
task over 50 ms; and the Monte Carlo player's play-outs per second in each (the moves that played
deals out, over their whole time). Figures go to standard output and to ``.cache/bench/play.json``.
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import sys
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from benchlib import load_average, log, machine, run_main, table, write_results

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-dev-shm-usage"]

LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask", buffered: true });
"""
#: Resolves, once the deal is on screen (two animation frames after the page's state says so), with the
#: time from which the long tasks count as "while playing". An entry reaches the observer only after its
#: task ends, so the tasks are split by when they began, not by when they were reported.
ON_SCREEN = """
() => new Promise((resolve) =>
  requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now()))))
"""


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def summary(values: list[float]) -> dict[str, float]:
    if not values:
        return {"count": 0, "median_ms": 0.0, "p95_ms": 0.0, "max_ms": 0.0}
    return {
        "count": len(values),
        "median_ms": round(statistics.median(values), 1),
        "p95_ms": round(percentile(values, 0.95), 1),
        "max_ms": round(max(values), 1),
    }


def play_in_browser(
    site: str, seeds: list[int], level: str, reading: float = 2.0
) -> tuple[list[dict[str, Any]], list[float], list[float], list[float]]:
    from playwright.sync_api import sync_playwright

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=site))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/play.html"
    moves: list[dict[str, Any]] = []
    long_tasks: list[float] = []
    start_up: list[float] = []
    warm_ups: list[float] = []
    waiting = (
        "() => !['idle', 'loading', 'thinking']"
        ".includes(document.querySelector('[data-tarot-widget=play]').dataset.state)"
    )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for seed in seeds:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.add_init_script("localStorage.setItem('tarot-play-pace', JSON.stringify('fast'));")
            context.add_init_script(LONG_TASKS)
            page = context.new_page()
            page.set_default_timeout(180_000)
            page.goto(f"{url}?variant=fft&players=4&seed={seed}&seat=p2&level={level}")
            root = page.locator('[data-tarot-widget="play"]')
            page.wait_for_function(waiting)
            playing = page.evaluate(ON_SCREEN)  # the start-up is measured elsewhere
            page.wait_for_timeout(reading * 1000)
            for _ in range(200):
                state = root.get_attribute("data-state")
                if state == "over":
                    break
                before = root.get_attribute("data-actions")
                confirm = root.locator("[data-discard-confirm]")
                if confirm.count():  # the discard is complete: confirm it
                    confirm.click()
                    page.wait_for_function("() => !document.querySelector('[data-discard-confirm]')")
                    page.wait_for_function(waiting)
                    continue
                if state == "bidding":
                    garde = root.locator('[data-bid="garde"]')
                    (garde if garde.count() else root.locator("[data-bid]").first).click()
                else:
                    choice = root.locator('.tp-hand button[data-legal="true"], .tp-actions button')
                    choice.first.click()
                page.wait_for_function(
                    "(n) => document.querySelector('[data-tarot-widget=play]').dataset.actions !== n",
                    arg=before,
                )
                page.wait_for_function(waiting)
            entries = page.evaluate(
                "() => performance.getEntriesByName('tarot-play-move')"
                ".map(e => ({ms: e.duration, said: e.detail.said, playouts: e.detail.playouts,"
                " late: e.detail.late}))"
            )
            warm = page.evaluate("() => performance.getEntriesByName('tarot-warm-up').map(e => e.duration)")
            warm_ups.extend(warm)
            moves.extend(entries)
            tasks = page.evaluate("() => window.__longTasks")
            long_tasks.extend(duration for began, duration in tasks if began >= playing)
            start_up.extend(duration for began, duration in tasks if began < playing)
            log(f"seed {seed}: {len(entries)} computer moves in the browser, {len(warm)} warm-ups before")
            context.close()
        browser.close()
    server.shutdown()
    return moves, long_tasks, start_up, warm_ups


def play_in_cpython(seeds: list[int], level: str) -> list[dict[str, Any]]:
    from tutorial.bridge import play as play_bridge

    moves: list[dict[str, Any]] = []
    for seed in seeds:
        setup = {"variant": "fft", "players": 4, "seed": seed, "seat": "p2", "level": level}
        answer = json.loads(play_bridge.start(json.dumps(setup)))
        while answer["state"] != "over":
            game = json.dumps(answer["game"])
            if answer["waiting"]:
                began = time.perf_counter()
                answer = json.loads(play_bridge.advance(game))
                moves.append(
                    {
                        "ms": (time.perf_counter() - began) * 1000,
                        "said": answer["said"],
                        "playouts": answer["playouts"],
                        "late": answer["stopped_early"],
                    }
                )
                continue
            legal = [
                part.split('"')[1]
                for part in answer["html"].split("data-card=")[1:]
                if 'data-legal="true"' in part.split(">")[0]
            ]
            if answer["state"] == "bidding":
                words = "garde" if 'data-bid="garde"' in answer["html"] else "pass"
                choice = {"action": f"p2 bid {words}" if words != "pass" else "p2 pass"}
            elif legal:
                choice = {"card": legal[0]}
            else:
                action = answer["html"].split('data-action="')[1].split('"')[0]
                choice = {"action": action}
            answer = json.loads(play_bridge.act(game, json.dumps(choice)))
    return moves


def plays(moves: list[dict[str, Any]]) -> list[float]:
    return [move["ms"] for move in moves if " plays " in str(move["said"])]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default="docs/_build/html")
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--level", default="mc")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reading", type=float, default=2.0, help="seconds the reader looks at a new deal")
    args = parser.parse_args()
    seeds = list(range(args.seed, args.seed + args.deals))
    log(f"{args.deals} deals at level {args.level} in Chromium, {args.reading:g} s to read each")
    browser_moves, long_tasks, start_up, warm_ups = play_in_browser(
        args.site, seeds, args.level, args.reading
    )
    log("the same deals in CPython")
    cpython_moves = play_in_cpython(seeds, args.level)
    rows = []
    results: dict[str, Any] = {}
    for where, moves in (("Chromium (Pyodide worker)", browser_moves), ("CPython", cpython_moves)):
        for what, values in (("card plays", plays(moves)), ("every move", [m["ms"] for m in moves])):
            figures = summary(values)
            results[f"{where}: {what}"] = figures
            rows.append(
                [
                    where,
                    what,
                    str(figures["count"]),
                    f"{figures['median_ms']:.0f}",
                    f"{figures['p95_ms']:.0f}",
                    f"{figures['max_ms']:.0f}",
                ]
            )
    print(table(["where", "moves", "count", "median ms", "95th pct ms", "max ms"], rows))
    for where, moves in (("Chromium (Pyodide worker)", browser_moves), ("CPython", cpython_moves)):
        thought = [m for m in moves if m.get("playouts")]
        seconds = sum(m["ms"] for m in thought) / 1000
        rate = sum(m["playouts"] for m in thought) / seconds if seconds else 0.0
        results[f"{where}: play-outs per second"] = round(rate, 1)
        print(f"{where}: {rate:.0f} play-outs per second over {len(thought)} moves that played deals out")
        late = sum(1 for m in moves if m.get("late"))
        results[f"{where}: moves stopped by the time limit"] = late
        print(f"{where}: {late} of {len(moves)} moves stopped by the page's time limit")
    longest = max(long_tasks, default=0.0)
    print(f"main-thread tasks over 50 ms while playing: {len(long_tasks)} (longest {longest:.0f} ms)")
    print(
        f"main-thread tasks over 50 ms from opening the page to the deal on screen: {len(start_up)}"
        f" (longest {max(start_up, default=0.0):.0f} ms)"
    )
    if warm_ups:
        print(f"warm-up searches while the reader read: {len(warm_ups)}, longest {max(warm_ups):.0f} ms")
    path = write_results(
        "play",
        {
            "machine": machine(),
            "load_average": load_average(),
            "level": args.level,
            "seeds": seeds,
            "reading_s": args.reading,
            "moves": results,
            "long_tasks_ms": long_tasks,
            "start_up_long_tasks_ms": start_up,
            "warm_ups_ms": warm_ups,
        },
    )
    log(f"results in {path}")
    return 0


if __name__ == "__main__":
    run_main(main)
