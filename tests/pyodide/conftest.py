"""Fixtures of the Pyodide tests: the prepared runtime and a way to run this folder's Node scripts.

These tests never skip: when Node, the npm runtime or the test wheels are missing they fail and say how
to prepare them (``nox -s tests`` does it before running pytest). The project wheel alone is rebuilt
here when ``tarot_core`` changed since the last build, so the tests never run stale engine code.
"""

from __future__ import annotations

import pytest

from tests.pyodide import prepare, pyodide_support


@pytest.fixture(scope="session")
def pyodide_prepared(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Fail (not skip) when the runtime is missing; rebuild the project wheel when stale (one
    pytest-xdist worker at a time, so that two never write the same wheel)."""
    problems = prepare.node_problems() + prepare.npm_problems() + prepare.wheel_problems()
    if problems:
        listed = "\n  ".join(problems)
        pytest.fail(
            f"the Pyodide runtime is not prepared:\n  {listed}\nTo fix: {prepare.HOW_TO_FIX}", pytrace=False
        )
    from tests.locking import run_lock

    try:
        with run_lock(tmp_path_factory, "pyodide"):
            prepare.prepare(quiet=True)
    except prepare.PrepareError as error:
        pytest.fail(f"could not prepare the Pyodide tests: {error}", pytrace=False)


@pytest.fixture(scope="session")
def run_node(pyodide_prepared: None) -> pyodide_support.NodeRunner:
    """Run one of this folder's ``.mjs`` scripts with Node (after checking the runtime is ready)."""
    return pyodide_support.run_node
