"""Helpers of the Pyodide tests: run this folder's Node scripts and read what they print."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

from tests.pyodide import prepare

HERE = Path(__file__).resolve().parent
#: Generous: a loaded two-core machine boots Pyodide in 5-15 s and runs the engine tests in minutes.
NODE_TIMEOUT = 1800.0
TIMING = re.compile(r"^pyodide-timing: (\S+) ([0-9.]+) s$", re.MULTILINE)

NodeRunner = Callable[..., subprocess.CompletedProcess[str]]


def run_node(script: str, *args: str, timeout: float = NODE_TIMEOUT) -> subprocess.CompletedProcess[str]:
    """Run one of this folder's ``.mjs`` scripts with Node from the repository root."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("`node` is not on PATH: install Node.js 18 or later")
    return subprocess.run(
        [node, str(HERE / script), *args],
        cwd=prepare.ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
        env={**os.environ, "NODE_NO_WARNINGS": "1"},
        check=False,
    )


def timings(result: subprocess.CompletedProcess[str]) -> dict[str, float]:
    """The ``pyodide-timing:`` lines a runner printed on stderr, in seconds."""
    return {label: float(seconds) for label, seconds in TIMING.findall(result.stderr)}


def show(result: subprocess.CompletedProcess[str], last_lines: int = 400) -> str:
    """A runner's command, exit code and the end of its output, for a failure message."""
    lines = (result.stdout + result.stderr).splitlines()
    cut = f"[... {len(lines) - last_lines} lines above ...]\n" if len(lines) > last_lines else ""
    command = " ".join(str(part) for part in result.args)
    return f"$ {command}\nexit code {result.returncode}\n{cut}" + "\n".join(lines[-last_lines:])
