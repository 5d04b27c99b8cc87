"""Engine benchmark: random four-player Garde sans rounds in CPython, in Pyodide and in magmacrunch-tarot.

    python benchmarks/bench_engine.py [--games 20000] [--seed 1] [--repeat 5] [--warmup 3000]
                                       [--skip pyodide,node-lts,chromium,magmacrunch,phases]

(``nox -s bench`` runs it.) The workload is the command line's

    python -m tarot_core simulate --variant fft --players 4 --games N --seed S --contract garde-sans --json

run with ``--warmup W``: W other rounds are played first, untimed, in the same process, so each engine
is measured at its running speed (Pyodide's WebAssembly is compiled by the JavaScript engine in tiers
while it runs; CPython specialises its bytecode as it goes). Every engine gets the same warm-up. The
timed batch is long, 20,000 rounds (about 2 s in CPython, 3 s in Pyodide): CPython runs at its speed
from the first thousand rounds, but Pyodide under Node 26 still gains a few per cent until eight or
ten thousand, as V8 compiles the interpreter loop again after its last deopts (below), and a short
batch after the warm-up would time that climb rather than the speed a long batch runs at.

* CPython: that very command, REPEAT times, each in a fresh interpreter; the rate is the one the
  command reports (its clock runs around the rounds only, not the interpreter's start-up). The same
  command with ``--step-by-step`` (every decision through ``legal_actions()`` and ``push()`` rather
  than the quick play-out of ``Round.play_at_random``) is measured alongside, for the record.
* Pyodide: the same command line inside the pinned runtime (``tutorial/node_modules/pyodide``), with the
  project's wheel, REPEAT times, each in a fresh runtime, through the Pyodide tests' own runner
  ``tests/pyodide/bench_pyodide.mjs``; the rate is again the command's own, the boot apart. It runs
  under the machine's ``node`` and under the Node.js long-term-support releases ``NODE_RELEASES``
  (the active line and the one before it), each installed from the npm registry's
  ``node-<os>-<cpu>`` package into a temporary folder for this run only; under the newest of them,
  also with V8's switch ``NO_WASM_DEOPT``. The JavaScript engine matters: Node 20's cannot compile the
  small WebAssembly module through which Pyodide calls C functions, and falls back to calling through
  JavaScript; the V8 of Node 26 and of current Chromium guesses where the WebAssembly's indirect calls
  go and compiles the guessed function in line, undoing the code when a guess fails ("deopts"), and a
  run of Python's interpreter loop under way then stays in the slower code until it returns (which is
  why ``simulate`` starts each round from C: see ``tarot_core.simulate._play_round``).
* magmacrunch-tarot: the same game played by that package (``magmacrunch_driver.py``), REPEAT times.
  The package has a non-commercial licence: it is installed only into a virtual environment created
  for this run in a temporary folder and deleted afterwards, and nothing of it enters the project.

Each repetition runs CPython, magmacrunch and Pyodide under each Node once, so a change in the shared
machine's load hits them alike; the CPython / Pyodide ratio is also given run by run (each Pyodide run
beside the CPython run of its repetition, then the median), which is steadier than the ratio of the
medians. The Chromium runs come after, in one browser, then as many in a browser started with
``--js-flags=NO_WASM_DEOPT`` (a switch a web page cannot set: for the record). Last,
``engine_phases.py`` times the parts of the same rounds (shuffle, deal, new round, bidding, first trick,
later tricks) once in CPython and once in Pyodide under each Node configuration, so the ratio can be
read part by part. The table goes to standard output and every figure, with the load average, to
``.cache/bench/engine.json``.
"""

from __future__ import annotations

import argparse
import json
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlencode

from benchlib import (
    ROOT,
    BenchError,
    load_average,
    log,
    machine,
    run_json,
    run_main,
    summary,
    table,
    write_results,
)

HERE: Final = Path(__file__).resolve().parent
MAGMACRUNCH: Final = "magmacrunch-tarot==0.1.1"
CONTRACT: Final = "garde-sans"
#: The Node.js releases Pyodide is also measured under: the active long-term-support line (26, since
#: October 2026) and the one before it, now in maintenance (24). The newest in the npm registry of each.
NODE_RELEASES: Final = ("26.10.0", "24.21.0")
#: The V8 switch that turns off WebAssembly deopts (see the module's docstring): Pyodide is measured
#: with it too, under the newest Node and in Chromium.
NO_WASM_DEOPT: Final = "--no-wasm-deopt"
#: The goal: Pyodide under Node no more than this many times slower than CPython.
PYODIDE_GOAL: Final = 1.5
SKIPPABLE: Final = ("pyodide", "node-lts", "chromium", "magmacrunch", "phases")


def simulate_command(
    python: str, games: int, seed: str, stats: bool = False, step_by_step: bool = False, warmup: int = 0
) -> list[str]:
    command = [python, "-m", "tarot_core", "simulate", "--variant", "fft", "--players", "4"]
    command += ["--games", str(games), "--seed", seed, "--contract", CONTRACT, "--json"]
    if step_by_step:
        command.append("--step-by-step")
    if warmup:
        command += ["--warmup", str(warmup)]
    return [*command, "--stats"] if stats else command


def rate(report: dict[str, object]) -> float:
    """Games per second from a report's games and seconds (not its rounded rate)."""
    games, seconds = report["games"], report["seconds"]
    if not isinstance(games, int) or not isinstance(seconds, int | float) or seconds <= 0:
        raise BenchError(f"a run reported no usable time: {report}")
    return games / seconds


def magmacrunch_python(folder: Path) -> str:
    """Create a virtual environment in ``folder`` with magmacrunch-tarot alone; return its python."""
    venv = folder / "venv"
    log(f"bench: installing {MAGMACRUNCH} into a throw-away virtual environment")
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    # Its rules module needs the standard library only; --no-deps skips the arcade it would pull in.
    command = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps"]
    result = subprocess.run([*command, MAGMACRUNCH], capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise BenchError(f"pip could not install {MAGMACRUNCH}:\n{result.stderr.strip()}")
    return str(python)


def prepare_pyodide() -> None:
    """Make sure the pinned runtime and the current project wheel are in place (fast when they are)."""
    command = [sys.executable, str(ROOT / "tests" / "pyodide" / "prepare.py"), "--quiet"]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise BenchError(f"tests/pyodide/prepare.py failed:\n{result.stderr.strip()}")


def node_version(node: str) -> str:
    result = subprocess.run([node, "--version"], capture_output=True, text=True, check=False)
    return result.stdout.strip().lstrip("v") or "?"


def node_release(folder: Path, release: str) -> str:
    """Install Node.js ``release`` from the npm registry into ``folder``; return its ``node`` binary."""
    systems = {"linux": "linux", "darwin": "darwin"}
    cpus = {"x86_64": "x64", "amd64": "x64", "aarch64": "arm64", "arm64": "arm64"}
    system, cpu = systems.get(sys.platform), cpus.get(platform.machine().lower())
    if system is None or cpu is None:
        raise BenchError(f"no npm package of Node.js for {sys.platform} on {platform.machine()}")
    package = f"node-{system}-{cpu}"
    npm = shutil.which("npm")
    if npm is None:
        raise BenchError("`npm` is not on PATH: it installs the Node.js release to measure under")
    log(f"bench: installing Node.js {release} ({package}) into a temporary folder")
    command = [npm, "install", "--no-save", "--no-audit", "--no-fund", "--prefix", str(folder)]
    result = subprocess.run([*command, f"{package}@{release}"], capture_output=True, text=True, check=False)
    node = folder / "node_modules" / package / "bin" / "node"
    if result.returncode != 0 or not node.is_file():
        raise BenchError(f"npm could not install {package}@{release}:\n{result.stderr.strip()}")
    return str(node)


def run_pyodide(games: int, seed: str, warmup: int, node: Sequence[str] = ("node",)) -> dict[str, object]:
    """One run of the workload in a fresh Pyodide under ``node`` (a ``node`` binary, then any of its
    switches), through the Pyodide tests' own runner."""
    command = [*node, str(ROOT / "tests" / "pyodide" / "bench_pyodide.mjs")]
    command += simulate_command("python", games, seed, warmup=warmup)[4:]
    try:
        result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False, timeout=900)
    except subprocess.TimeoutExpired:
        raise BenchError("the Pyodide run took more than 900 s") from None
    if result.returncode != 0:
        raise BenchError(f"`{' '.join(command)}` failed ({result.returncode}):\n{result.stderr.strip()}")
    report = json.loads(result.stdout.strip().splitlines()[-1])
    timings = {
        match.group(1): float(match.group(2))
        for match in re.finditer(r"^pyodide-timing: (\S+) ([0-9.]+) s$", result.stderr, re.MULTILINE)
    }
    if "boot" not in timings:
        raise BenchError(f"bench_pyodide.mjs reported no boot time:\n{result.stderr.strip()}")
    return {**report, "boot_seconds": timings["boot"], "timings": timings}


def part_times(report: dict[str, object]) -> dict[str, float]:
    """An engine_phases.py report as microseconds per round by part, with the total last."""
    parts = report.get("microseconds_per_round")
    if not isinstance(parts, dict) or not parts:
        raise BenchError(f"engine_phases.py reported no parts: {report}")
    times = {str(part): float(value) for part, value in parts.items()}
    times["total"] = sum(times.values())
    return times


def run_chromium(
    games: int,
    seed: str,
    warmup: int,
    repeat: int,
    stats: bool = False,
    browser: Any = None,
    js_flags: str = "",
) -> list[dict[str, object]]:
    """The workload inside Pyodide in a module Web Worker of headless Chromium, ``repeat`` fresh pages.

    The pinned runtime and the project's wheel are served from a temporary folder on 127.0.0.1, like the
    site's widgets are; one page per run, each in a fresh browser context. ``browser`` is a Playwright
    browser to use (one is launched when it is None, given ``--js-flags=js_flags`` when that is set).
    """
    from bench_site import CHROMIUM, CHROMIUM_ARGS, serve

    if browser is not None and js_flags:
        raise BenchError("js_flags are given to a browser this function launches, not to one it is given")

    manifest = json.loads((ROOT / ".cache" / "pyodide" / "manifest.json").read_text(encoding="utf-8"))
    args = simulate_command("python", games, seed, stats=stats, warmup=warmup)[4:]
    query = urlencode({"args": json.dumps(args)})
    with tempfile.TemporaryDirectory(prefix="tarot-bench-browser-") as folder:
        served = Path(folder)
        (served / "pyodide").symlink_to(Path(manifest["pyodide"]).resolve(), target_is_directory=True)
        shutil.copyfile(manifest["projectWheel"], served / "engine.whl")
        shutil.copyfile(HERE / "simulate_worker.mjs", served / "simulate_worker.mjs")
        (served / "index.html").write_text("<!doctype html><title>simulate</title>\n", encoding="utf-8")
        with serve(served) as base:
            worker = f"{base}simulate_worker.mjs?{query}"
            if browser is not None:
                return _worker_runs(browser, base, worker, repeat, js_flags)
            from playwright.sync_api import sync_playwright

            with sync_playwright() as playwright:
                flags = [f"--js-flags={js_flags}"] if js_flags else []
                launched = playwright.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *flags])
                try:
                    return _worker_runs(launched, base, worker, repeat, js_flags)
                finally:
                    launched.close()


def _worker_runs(browser: Any, base: str, worker: str, repeat: int, js_flags: str) -> list[dict[str, object]]:
    runs: list[dict[str, object]] = []
    for number in range(repeat):
        log(f"bench: Pyodide in Chromium run {number + 1}/{repeat}")
        context = browser.new_context()
        try:
            page = context.new_page()
            page.goto(base + "index.html")
            answer = page.evaluate(
                """url => new Promise(resolve => {
                    const worker = new Worker(url, {type: "module"});
                    worker.onmessage = event => { resolve(event.data); worker.terminate(); };
                    worker.onerror = event => resolve({ok: false, error: event.message});
                })""",
                worker,
            )
        finally:
            context.close()
        if not answer.get("ok"):
            raise BenchError(f"the Chromium run failed:\n{answer.get('error')}")
        report = json.loads(str(answer["output"]).strip().splitlines()[-1])
        runs.append(
            {**report, "boot_seconds": answer["boot"], "chromium": browser.version, "js_flags": js_flags}
        )
    return runs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=20000, help="rounds per run (default 20000)")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--repeat", type=int, default=5, help="runs per engine (default 5)")
    parser.add_argument("--warmup", type=int, default=3000, help="untimed rounds before each run (3000)")
    parser.add_argument("--skip", default="", help=f"comma-separated: {', '.join(SKIPPABLE)}")
    args = parser.parse_args(argv)
    if args.games <= 0 or args.repeat <= 0 or args.warmup < 0:
        parser.error("--games and --repeat must be positive whole numbers, --warmup not negative")
    skip = {item.strip() for item in args.skip.split(",") if item.strip()}
    if unknown := skip - set(SKIPPABLE):
        parser.error(f"--skip knows {', '.join(SKIPPABLE)}, not {', '.join(sorted(unknown))}")
    warmup = args.warmup

    results: dict[str, object] = {
        "workload": " ".join(simulate_command("python", args.games, args.seed)),
        "games": args.games,
        "seed": args.seed,
        "repeat": args.repeat,
        "warmup": warmup,
        "machine": machine(),
        "load_average_start": load_average(),
    }
    cpython_runs: list[dict[str, object]] = []
    step_runs: list[dict[str, object]] = []
    magma_runs: list[dict[str, object]] = []
    pyodide_runs: dict[str, list[dict[str, object]]] = {}
    #: The Nodes Pyodide runs under, by label (a binary and its switches): their runs alternate with the
    #: CPython runs.
    nodes: dict[str, tuple[str, ...]] = {}
    #: Microseconds per round, part by part (engine_phases.py), by interpreter.
    phases: dict[str, dict[str, float]] = {}
    temp = Path(tempfile.mkdtemp(prefix="tarot-bench-"))
    try:
        magma_python = None if "magmacrunch" in skip else magmacrunch_python(temp)
        driver = str(HERE / "magmacrunch_driver.py")
        if "pyodide" not in skip:
            prepare_pyodide()
            nodes[f"Node {node_version('node')}"] = ("node",)
            if "node-lts" not in skip:
                for number, release in enumerate(NODE_RELEASES):
                    binary = node_release(temp / f"node-{release}", release)
                    nodes[f"Node {release} LTS"] = (binary,)
                    if number == 0:
                        nodes[f"Node {release} LTS, {NO_WASM_DEOPT}"] = (binary, NO_WASM_DEOPT)
            for label in nodes:
                pyodide_runs[label] = []
        # Each repetition runs every engine once, so that a change in the shared machine's load hits
        # them alike, and each Pyodide run can be set beside the CPython run of its repetition.
        for number in range(args.repeat):
            log(f"bench: CPython run {number + 1}/{args.repeat}")
            cpython_runs.append(
                run_json(simulate_command(sys.executable, args.games, args.seed, warmup=warmup))
            )
            log(f"bench: CPython step-by-step run {number + 1}/{args.repeat}")
            step_command = simulate_command(
                sys.executable, args.games, args.seed, step_by_step=True, warmup=warmup
            )
            step_runs.append(run_json(step_command))
            if magma_python is not None:
                log(f"bench: magmacrunch-tarot run {number + 1}/{args.repeat}")
                magma_command = [magma_python, driver, "--games", str(args.games), "--seed", args.seed]
                magma_runs.append(run_json([*magma_command, "--warmup", str(warmup)]))
            for label, node in nodes.items():
                log(f"bench: Pyodide under {label} run {number + 1}/{args.repeat}")
                pyodide_runs[label].append(run_pyodide(args.games, args.seed, warmup, node))
        if "phases" not in skip:
            phase_args = [str(HERE / "engine_phases.py"), "--seed", args.seed]
            log("bench: the parts of a round, CPython")
            phases["CPython"] = part_times(run_json([sys.executable, *phase_args]))
            runner = str(ROOT / "tests" / "pyodide" / "run_python.mjs")
            for label, node in nodes.items():
                log(f"bench: the parts of a round, Pyodide under {label}")
                phases[f"Pyodide, {label}"] = part_times(run_json([*node, runner, *phase_args]))
            results["phases_microseconds_per_round"] = phases
        stats = run_json(simulate_command(sys.executable, args.games, args.seed, stats=True))
        results["cpython_stats"] = stats.get("stats")
        if magma_runs:
            results["magmacrunch_stats"] = magma_runs[0].get("stats")
        if "pyodide" not in skip and "chromium" not in skip:
            for js_flags in ("", NO_WASM_DEOPT):
                chromium_runs = run_chromium(args.games, args.seed, warmup, args.repeat, js_flags=js_flags)
                label = f"Chromium {chromium_runs[0]['chromium']}, a worker"
                pyodide_runs[label + (f", --js-flags={js_flags}" if js_flags else "")] = chromium_runs
    finally:
        shutil.rmtree(temp, ignore_errors=True)

    cpython = summary([rate(run) for run in cpython_runs])
    results["cpython"] = {"python": sys.version.split()[0], "games_per_second": cpython, "runs": cpython_runs}
    rows = [
        ["CPython " + sys.version.split()[0], f"{cpython['median']:.0f}", f"{cpython['best']:.0f}", "1.00x"]
    ]
    steps = summary([rate(run) for run in step_runs])
    results["cpython_step_by_step"] = {"games_per_second": steps, "runs": step_runs}
    rows.append(
        [
            "CPython, --step-by-step",
            f"{steps['median']:.0f}",
            f"{steps['best']:.0f}",
            f"{steps['median'] / cpython['median']:.2f}x",
        ]
    )

    if magma_runs:
        magma = summary([rate(run) for run in magma_runs])
        ratio = cpython["median"] / magma["median"]
        results["magmacrunch"] = {"package": MAGMACRUNCH, "games_per_second": magma, "runs": magma_runs}
        results["ratio_project_over_magmacrunch"] = round(ratio, 2)
        rows.append(
            [
                "magmacrunch-tarot (CPython)",
                f"{magma['median']:.0f}",
                f"{magma['best']:.0f}",
                f"{1 / ratio:.2f}x",
            ]
        )

    pyodide_lines: list[str] = []
    if pyodide_runs:
        manifest = json.loads((ROOT / ".cache" / "pyodide" / "manifest.json").read_text(encoding="utf-8"))
        version = manifest.get("pyodideVersion")
        measured: dict[str, object] = {}
        #: The run-by-run ratio (the median of the paired ratios, unrounded: the goal is read on it), for
        #: each Node.
        paired_medians: dict[str, float] = {}
        for label, runs in pyodide_runs.items():
            pyodide_rate = summary([rate(run) for run in runs])
            boot = summary([float(str(run["boot_seconds"])) for run in runs], best="min")
            ratio = cpython["median"] / pyodide_rate["median"]
            entry: dict[str, object] = {
                "games_per_second": pyodide_rate,
                "boot_seconds": boot,
                "ratio_cpython_over_pyodide": round(ratio, 2),
                "runs": runs,
            }
            measured[label] = entry
            paired = ""
            if label in nodes:
                # Each run beside the CPython run of the same repetition, then the median: steadier
                # than the ratio of the medians when the machine's load drifts during the benchmark.
                ratios = [rate(c) / rate(p) for c, p in zip(cpython_runs, runs, strict=True)]
                entry["paired_ratios"] = [round(r, 3) for r in ratios]
                paired_medians[label] = statistics.median(ratios)
                entry["paired_ratio_median"] = round(paired_medians[label], 2)
                paired = f", run by run {statistics.median(ratios):.2f}x"
            rows.append(
                [
                    f"Pyodide {version} ({label})",
                    f"{pyodide_rate['median']:.0f}",
                    f"{pyodide_rate['best']:.0f}",
                    f"{1 / ratio:.2f}x",
                ]
            )
            pyodide_lines.append(
                f"CPython / Pyodide, {label} (median): {ratio:.2f}x{paired}; "
                f"boot before the engine: median {boot['median']} s, best {boot['best']} s"
            )
        results["pyodide"] = {
            "version": version,
            "runner": "tests/pyodide/bench_pyodide.mjs",
            "node_releases": list(NODE_RELEASES),
            "by_node": measured,
        }
        # The goal is read run by run (the steadier ratio), for each Node.
        within = [label for label, ratio in paired_medians.items() if ratio <= PYODIDE_GOAL]
        beyond = [label for label in paired_medians if label not in within]
        results["pyodide_goal"] = {"at_most": PYODIDE_GOAL, "met_under": within, "not_met_under": beyond}
        pyodide_lines.append(
            f"goal, Pyodide under Node at most {PYODIDE_GOAL}x slower than CPython (run by run): "
            f"met under {', '.join(within) or 'none'}; not met under {', '.join(beyond) or 'none'}"
        )

    results["load_average_end"] = load_average()
    path = write_results("engine", results)

    print(f"Engine: {results['workload']} --warmup {warmup}  ({args.repeat} runs each)")
    print(table(["engine", "median games/s", "best games/s", "vs CPython"], rows))
    if "ratio_project_over_magmacrunch" in results:
        print(
            f"tarot_core / magmacrunch-tarot (median, CPython): {results['ratio_project_over_magmacrunch']}x"
        )
    for line in pyodide_lines:
        print(line)
    if "CPython" in phases:
        print("Microseconds per round, part by part (engine_phases.py; Pyodide: its ratio to CPython):")
        base = phases["CPython"]
        others = [label for label in phases if label != "CPython"]
        phase_rows = [
            [
                part,
                f"{base[part]:.1f}",
                *[f"{phases[label][part]:.1f} ({phases[label][part] / base[part]:.2f}x)" for label in others],
            ]
            for part in base
        ]
        print(table(["part", "CPython", *others], phase_rows))
    print(f"--stats once (CPython): {results['cpython_stats']}")
    if "magmacrunch_stats" in results:
        print(f"magmacrunch-tarot, same rounds counted alike: {results['magmacrunch_stats']}")
    print(f"load average: start {results['load_average_start']}, end {results['load_average_end']}")
    print(f"results: {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    run_main(main)
