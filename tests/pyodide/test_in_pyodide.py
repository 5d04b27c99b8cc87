"""The engine's own tests (tests/engine/) pass inside Pyodide, against the built wheel."""

from __future__ import annotations

import re

import pytest

from tests.pyodide import prepare
from tests.pyodide.pyodide_support import NodeRunner, show, timings

pytestmark = pytest.mark.pyodide

SUMMARY = re.compile(r"^=+ (.*) in [0-9.]+s(?: \([0-9:]+\))? =+$", re.MULTILINE)


def summary_counts(output: str) -> dict[str, int]:
    """``{"passed": 675, "failed": 1, ...}`` from pytest's closing line."""
    found = SUMMARY.findall(output)
    if not found:
        return {}
    return {word: int(number) for number, word in re.findall(r"(\d+) (\w+)", found[-1])}


def test_engine_tests_pass_inside_pyodide(run_node: NodeRunner) -> None:
    result = run_node("run_pytest.mjs")
    print(show(result, last_lines=30))
    if result.returncode != 0:
        pytest.fail("the engine tests fail inside Pyodide:\n" + show(result), pytrace=False)
    assert "Pyodide CPython 3.14." in result.stdout, show(result)
    counts = summary_counts(result.stdout)
    assert counts.get("passed", 0) > 0, show(result)
    assert not {"failed", "error", "errors"} & counts.keys(), show(result)
    assert {"boot", "install-wheels", "pytest"} <= timings(result).keys()


SELF_TEST = """
from hypothesis import settings


def test_the_pyodide_hypothesis_profile_is_loaded() -> None:
    assert settings.default.deadline is None
    assert settings.default.derandomize
    assert settings.default.database is None


def test_this_passes() -> None:
    assert sum(range(4)) == 6


def test_this_fails() -> None:
    assert sum(range(4)) == 7
"""


def test_the_runner_fails_when_a_test_fails_inside_pyodide(run_node: NodeRunner) -> None:
    """The Pyodide run cannot pass by accident: a failing test makes the runner exit 1."""
    folder = prepare.CACHE / "pyodide" / "self-test"
    folder.mkdir(parents=True, exist_ok=True)
    test_file = folder / "test_pyodide_self_test.py"
    test_file.write_text(SELF_TEST, encoding="utf-8")
    result = run_node("run_pytest.mjs", str(test_file.relative_to(prepare.ROOT)))
    assert result.returncode == 1, show(result)
    assert summary_counts(result.stdout) == {"failed": 1, "passed": 2}, show(result)
    assert "assert 6 == 7" in result.stdout, show(result)
