"""The engine benchmark's browser runner: Pyodide in a Chromium module worker plays CPython's rounds.

``benchmarks/bench_engine.py`` measures the simulate command inside a Web Worker, where the site's
widgets run the engine. This checks that runner end to end, and that the rounds it plays there are
the ones CPython plays: only the timing may differ.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "benchmarks"


def bench_engine() -> ModuleType:
    """The benchmark script as a module (it imports its neighbours by name)."""
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    return importlib.import_module("bench_engine")


def test_simulate_in_a_chromium_worker_plays_cpythons_rounds(chromium: Any) -> None:
    bench = bench_engine()
    bench.prepare_pyodide()
    (run,) = bench.run_chromium(games=12, seed="9", warmup=2, repeat=1, stats=True, browser=chromium)
    command = [sys.executable, "-m", "tarot_core", "simulate", "--variant", "fft", "--players", "4"]
    command += ["--games", "12", "--seed", "9", "--contract", "garde-sans", "--json", "--stats"]
    cpython = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
    expected = json.loads(cpython.stdout)
    assert run["games"] == 12 and run["warmup"] == 2
    assert run["stats"] == expected["stats"]
    assert run["stats"]["played"] + sum(run["stats"]["redeals"].values()) == 12
    assert run["chromium"] == chromium.version
    assert isinstance(run["boot_seconds"], float) and run["boot_seconds"] > 0
