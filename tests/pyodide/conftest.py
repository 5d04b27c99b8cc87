"""Fixtures of the Pyodide tests: the prepared runtime and a way to run this folder's Node scripts.

These tests never skip: when Node, the npm runtime or the test wheels are missing they fail and say how
to prepare them (``nox -s tests`` does it before running pytest). The project wheel alone is rebuilt
here when ``tarot_core`` changed since the last build, so the tests never run stale engine code.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import prepare
import pytest

HERE = Path(__file__).resolve().parent
#: Generous: a loaded two-core machine boots Pyodide in 5-15 s and runs the engine tests in minutes.
NODE_TIMEOUT = 1800.0
TIMING = re.compile(r"^pyodide-timing: (\S+) ([0-9.]+) s$", re.MULTILINE)

NodeRunner = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture(scope="session")
def pyodide_prepared() -> None:
    """Fail (not skip) when the runtime is missing; rebuild the project wheel when stale."""
    problems = prepare.node_problems() + prepare.npm_problems() + prepare.wheel_problems()
    if problems:
        listed = "\n  ".join(problems)
        message = f"the Pyodide runtime is not prepared:\n  {listed}\nTo fix: {prepare.HOW_TO_FIX}"
        pytest.fail(message, pytrace=False)
    try:
        prepare.prepare(quiet=True)
    except prepare.PrepareError as error:
        pytest.fail(f"could not prepare the Pyodide tests: {error}", pytrace=False)


def timings(result: subprocess.CompletedProcess[str]) -> dict[str, float]:
    """The ``pyodide-timing:`` lines a runner printed on stderr, in seconds."""
    return {label: float(seconds) for label, seconds in TIMING.findall(result.stderr)}


def show(result: subprocess.CompletedProcess[str], last_lines: int = 400) -> str:
    """A runner's command, exit code and the end of its output, for a failure message."""
    lines = (result.stdout + result.stderr).splitlines()
    cut = f"[... {len(lines) - last_lines} lines above ...]\n" if len(lines) > last_lines else ""
    command = " ".join(str(part) for part in result.args)
    return f"$ {command}\nexit code {result.returncode}\n{cut}" + "\n".join(lines[-last_lines:])


@pytest.fixture(scope="session")
def run_node(pyodide_prepared: None) -> NodeRunner:
    """Run one of this folder's ``.mjs`` scripts with Node from the repository root."""
    node = shutil.which("node")
    assert node is not None  # pyodide_prepared checked it

    def run(script: str, *args: str, timeout: float = NODE_TIMEOUT) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, "NODE_NO_WARNINGS": "1"}
        return subprocess.run(
            [node, str(HERE / script), *args],
            cwd=prepare.ROOT,
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=timeout,
            env=env,
            check=False,
        )

    return run
