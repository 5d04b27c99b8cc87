"""Shared pieces of the benchmarks: where results go, the machine's load, medians, tables."""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final, NoReturn

ROOT: Final = Path(__file__).resolve().parents[1]
RESULTS_DIR: Final = ROOT / ".cache" / "bench"


class BenchError(RuntimeError):
    """A benchmark could not run; the message says what is missing and how to get it."""


def load_average() -> list[float]:
    """The 1, 5 and 15 minute load averages (the machine is shared: every figure comes with them)."""
    try:
        return [round(value, 2) for value in os.getloadavg()]
    except OSError:
        return []


def machine() -> dict[str, object]:
    """What the figures were measured on."""
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpus": os.cpu_count(),
        "cpu_model": cpu,
        "platform": platform.platform(),
        "python": platform.python_version(),
        "date_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


def summary(values: Sequence[float], best: str = "max") -> dict[str, float]:
    """Median and best of repeated measurements (best is the highest rate or the shortest time)."""
    if not values:
        raise BenchError("no measurement to summarise")
    return {
        "median": round(statistics.median(values), 4),
        "best": round(max(values) if best == "max" else min(values), 4),
        "min": round(min(values), 4),
        "max": round(max(values), 4),
    }


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A plain text table, columns padded, numbers right-aligned."""
    widths = [max(len(str(cell)) for cell in column) for column in zip(headers, *rows, strict=False)]

    def line(cells: Sequence[str]) -> str:
        parts = []
        for cell, width in zip(cells, widths, strict=False):
            text = str(cell)
            numeric = text.lstrip("+-").replace(".", "", 1).replace("x", "").strip().isdigit()
            parts.append(text.rjust(width) if numeric else text.ljust(width))
        return "  ".join(parts).rstrip()

    rule = "  ".join("-" * width for width in widths)
    return "\n".join([line(headers), rule, *(line(row) for row in rows)])


def write_results(name: str, data: dict[str, object]) -> Path:
    """Write ``.cache/bench/<name>.json`` (ignored by git) and return its path."""
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    path = RESULTS_DIR / f"{name}.json"
    temp = path.with_suffix(f".{os.getpid()}.tmp")
    temp.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    temp.replace(path)
    return path


def run_json(command: Sequence[str], cwd: Path = ROOT, timeout: float = 900.0) -> dict[str, object]:
    """Run a command that prints one JSON object on its last line of stdout, and return that object."""
    try:
        result = subprocess.run(
            list(command), cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False
        )
    except FileNotFoundError:
        raise BenchError(f"cannot run {command[0]}: it is not installed or not on PATH") from None
    except subprocess.TimeoutExpired:
        raise BenchError(f"`{' '.join(command)}` took more than {timeout:.0f} s") from None
    if result.returncode != 0:
        raise BenchError(
            f"`{' '.join(command)}` failed with exit code {result.returncode}:\n{result.stderr.strip()}"
        )
    lines = [line for line in result.stdout.splitlines() if line.strip().startswith("{")]
    if not lines:
        raise BenchError(f"`{' '.join(command)}` printed no JSON:\n{result.stdout}{result.stderr}")
    data = json.loads(lines[-1])
    if not isinstance(data, dict):
        raise BenchError(f"`{' '.join(command)}` printed JSON that is not an object")
    return data


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def run_main(main: Callable[[], int]) -> NoReturn:
    """Run a benchmark's ``main`` as a script: a :class:`BenchError` is one line on stderr and status 1."""
    try:
        sys.exit(main())
    except BenchError as error:
        print(f"bench: {error}", file=sys.stderr)
        sys.exit(1)
