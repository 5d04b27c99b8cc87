"""The engine answers with the same JSON in CPython and in Pyodide.

Every case of ``json_cases.CASES`` runs here in CPython and, all in one Pyodide boot, in Pyodide (from the
built wheel); the JSON texts must be equal character for character. Add cases in ``json_cases.py``.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.pyodide import json_cases, prepare
from tests.pyodide.pyodide_support import NodeRunner, show

pytestmark = pytest.mark.pyodide


@pytest.fixture(scope="module")
def pyodide_answers(run_node: NodeRunner) -> dict[str, str]:
    result = run_node("run_python.mjs", "tests/pyodide/json_cases.py")
    if result.returncode != 0:
        pytest.fail("json_cases.py failed inside Pyodide:\n" + show(result), pytrace=False)
    answers = json.loads(result.stdout)
    assert isinstance(answers, dict)
    return answers


def first_difference(expected: str, found: str) -> str:
    position = next(
        (i for i, (a, b) in enumerate(zip(expected, found, strict=False)) if a != b),
        min(len(expected), len(found)),
    )
    start = max(0, position - 80)
    return (
        f"first difference at character {position}:\n"
        f"  CPython: ...{expected[start : position + 80]}...\n"
        f"  Pyodide: ...{found[start : position + 80]}..."
    )


def test_pyodide_computed_every_case(pyodide_answers: dict[str, str]) -> None:
    assert sorted(pyodide_answers) == sorted(json_cases.CASES)


@pytest.mark.parametrize("name", list(json_cases.CASES))
def test_same_json_in_cpython_and_pyodide(name: str, pyodide_answers: dict[str, str]) -> None:
    expected = json_cases.compute(name)
    found = pyodide_answers.get(name, "(missing)")
    assert not found.startswith("CRASH: "), f"{name} crashed inside Pyodide: {found}"
    assert found == expected, f"{name}: {first_difference(expected, found)}"


def test_simulate_gives_the_same_rounds_in_cpython_and_pyodide(run_node: NodeRunner) -> None:
    """bench_pyodide.mjs runs the simulate command; only its timing may differ from CPython's."""
    args = ["--variant", "fft", "--players", "4", "--games", "20", "--seed", "7", "--json", "--stats"]
    cpython = subprocess.run(
        [sys.executable, "-m", "tarot_core", "simulate", *args],
        cwd=prepare.ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert cpython.returncode == 0, cpython.stderr
    pyodide = run_node("bench_pyodide.mjs", *args)
    assert pyodide.returncode == 0, show(pyodide)
    timing_keys = {"seconds", "games_per_second"}
    expected = json.loads(cpython.stdout)
    found = json.loads(pyodide.stdout)
    assert expected["games"] == 20
    assert {key: value for key, value in found.items() if key not in timing_keys} == {
        key: value for key, value in expected.items() if key not in timing_keys
    }


def test_the_site_worked_examples_are_cases() -> None:
    """Every ``tarot-score`` block of the site is compared (the site has at least 12 worked examples)."""
    examples = [name for name in json_cases.CASES if name.startswith("example:")]
    assert len(examples) >= 12, examples
