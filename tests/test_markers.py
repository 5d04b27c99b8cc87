"""The markers that sort the tests into lanes are right for every test collected in this run.

``tests/conftest.py`` gives them at collection; these checks read the run's own collected tests, so a
test added anywhere, in any way, is checked as soon as it is collected with this file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import run_order

TESTS = Path(__file__).resolve().parent
#: What the quick lane (``nox -s quick``) must never start: a site build, Chromium, Pyodide.
HEAVY_FIXTURES = {"site", "site_url", "site_build", "chromium", "run_node", "pyodide_prepared"}


def _marked(item: pytest.Item) -> set[str]:
    return {mark.name for mark in item.iter_markers()}


def _folder(item: pytest.Item) -> str:
    path = item.path.resolve()
    return path.relative_to(TESTS).parts[0] if path.is_relative_to(TESTS) else ""


def _uses(item: pytest.Item) -> set[str]:
    return set(getattr(item, "fixturenames", ()))


def test_every_test_in_a_marked_folder_carries_its_marker(request: pytest.FixtureRequest) -> None:
    folders = {"browser": "browser", "pyodide": "pyodide", "packaging": "install"}
    wrong = [
        f"{item.nodeid} lacks {folders[_folder(item)]}"
        for item in request.session.items
        if _folder(item) in folders and folders[_folder(item)] not in _marked(item)
    ]
    assert not wrong, "\n".join(wrong)


def test_every_test_that_opens_chromium_is_a_browser_test(request: pytest.FixtureRequest) -> None:
    wrong = [
        item.nodeid
        for item in request.session.items
        if "chromium" in _uses(item) and "browser" not in _marked(item)
    ]
    assert not wrong, "\n".join(wrong)


def test_every_test_of_the_built_site_is_a_site_test(request: pytest.FixtureRequest) -> None:
    wrong = [
        item.nodeid
        for item in request.session.items
        if _uses(item) & {"site", "site_url", "site_build"} and "site" not in _marked(item)
    ]
    assert not wrong, "\n".join(wrong)


def test_the_quick_lane_builds_no_site_and_starts_no_browser_or_pyodide(
    request: pytest.FixtureRequest,
) -> None:
    quick = [
        item
        for item in request.session.items
        if not _marked(item) & {"browser", "site", "pyodide", "install"}
    ]
    wrong = [
        f"{item.nodeid} uses {sorted(_uses(item) & HEAVY_FIXTURES)}"
        for item in quick
        if _uses(item) & HEAVY_FIXTURES
    ]
    assert not wrong, "\n".join(wrong)
    assert all(_folder(item) not in {"browser", "pyodide", "packaging"} for item in quick)


def test_the_site_is_built_first_and_its_other_tests_wait_until_the_rest_has_run() -> None:
    docs, engine, browser, cli = (Path(f"tests/{name}.py") for name in ("docs", "engine", "browser", "cli"))
    rank = run_order([docs, engine, browser, cli], needs_site={docs, browser})
    assert sorted([docs, engine, browser, cli], key=rank.__getitem__) == [docs, engine, cli, browser]
    assert set(run_order([engine, cli], needs_site=set()).values()) == {1}


def test_a_modules_tests_stay_together_in_the_run(request: pytest.FixtureRequest) -> None:
    """Its module-scoped fixtures (a page, a booted Pyodide) are set up once."""
    seen: list[Path] = []
    for item in request.session.items:
        if not seen or seen[-1] != item.path:
            assert item.path not in seen, f"{item.path} is split"
            seen.append(item.path)
