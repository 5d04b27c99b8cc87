"""Shared by every test folder: the site built once per run, and the markers a test gets from where it
lives and what it uses.

The site
    ``site_build`` builds the whole site once per run, strictly as ``nox -s docs`` does (``-n -W
    --keep-going``), into a temporary folder, and keeps everything the build printed; ``site`` is the
    folder it wrote and ``site_url`` a local HTTP server of it. ``TAROT_SITE_DIR=PATH`` takes a site
    built beforehand instead (``sphinx-build -b html docs PATH``): then nothing is built, and the tests
    that read the build's log (``site_build``) skip, since that log is not known.

Markers, added at collection so that they cannot drift from the tests
    ``browser``: every test in ``tests/browser/`` and every test that opens Chromium.
    ``site``: every test that needs the built site (built once per run, also under pytest-xdist:
    ``nox -s tests`` runs ``-n auto --dist loadfile --no-loadscope-reorder``).
    ``pyodide``: every test in ``tests/pyodide/``; ``install``: every test in ``tests/packaging/``.
    ``nox -s quick`` runs what carries none of them: the engine, the bridges, the command line.
"""

from __future__ import annotations

import functools
import json
import os
import threading
from collections.abc import Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.browser.widget_testing import QuietHandler
from tests.docs.docs_testing import DOCS, Build, sphinx_build

TESTS = Path(__file__).resolve().parent

#: The fixtures that give the built site.
SITE_FIXTURES = frozenset({"site", "site_url", "site_build"})
#: The marker every test of a folder carries.
FOLDER_MARKERS = {"browser": "browser", "pyodide": "pyodide", "packaging": "install"}


def markers_of(path: Path, fixturenames: set[str]) -> set[str]:
    """The markers a test gets from its file's folder and the fixtures it uses."""
    found = set()
    if path.resolve().is_relative_to(TESTS):
        folder = path.resolve().relative_to(TESTS).parts[0]
        if folder in FOLDER_MARKERS:
            found.add(FOLDER_MARKERS[folder])
    if "chromium" in fixturenames:
        found.add("browser")
    if "run_node" in fixturenames:
        found.add("pyodide")
    if fixturenames & SITE_FIXTURES:
        found.add("site")
    return found


def run_order(modules: list[Path], needs_site: set[Path]) -> dict[Path, int]:
    """The rank of each test module in the run: the first module that needs the built site, then every
    module that does not, then the other modules of the site. Under pytest-xdist (``--dist loadfile
    --no-loadscope-reorder``: a module's tests on one worker, the modules handed out in this order) one
    worker builds the site while the others run the tests that do not need it, so that none waits for
    the build while such tests remain; a module's tests stay together, so its fixtures are set up once."""
    first = next((module for module in modules if module in needs_site), None)
    return {module: 0 if module == first else 2 if module in needs_site else 1 for module in modules}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    needs_site = set()
    for item in items:
        names = markers_of(item.path, set(getattr(item, "fixturenames", ())))
        for name in sorted(names):
            item.add_marker(name)
        if "site" in names:
            needs_site.add(item.path)
    rank = run_order(list(dict.fromkeys(item.path for item in items)), needs_site)
    items.sort(key=lambda item: rank[item.path])


def _given_site() -> Path | None:
    """The folder ``TAROT_SITE_DIR`` names, checked to hold a built site, or None."""
    given = os.environ.get("TAROT_SITE_DIR")
    if not given:
        return None
    path = Path(given)
    if not (path / "how-to" / "calculator.html").is_file():
        pytest.fail(f"TAROT_SITE_DIR={given} holds no built site with the widget pages", pytrace=False)
    return path


@pytest.fixture(scope="session")
def _site_built(tmp_path_factory: pytest.TempPathFactory) -> Build | None:
    """The one strict build of the run, or None when ``TAROT_SITE_DIR`` names a site built beforehand.
    Under pytest-xdist the first worker that needs it builds it; the others wait and read it."""
    if _given_site() is not None:
        return None
    from tests.locking import run_lock  # filelock: not in the Pyodide run of the engine's tests

    with run_lock(tmp_path_factory, "site") as folder:
        log = folder / "build.json"
        if log.is_file():
            done = json.loads(log.read_text(encoding="utf-8"))
            return Build(done["returncode"], done["output"], folder / "html")
        build = sphinx_build(DOCS, folder / "html")
        log.write_text(json.dumps({"returncode": build.returncode, "output": build.output}), encoding="utf-8")
        return build


@pytest.fixture(scope="session")
def site_build(_site_built: Build | None) -> Build:
    """The run's strict build of the site: its exit code, everything it printed, its folder."""
    if _site_built is None:
        pytest.skip("TAROT_SITE_DIR names a site built beforehand: its build log is not known")
    return _site_built


@pytest.fixture(scope="session")
def site(_site_built: Build | None) -> Path:
    """The built HTML site. A build with warnings still writes every page: the tests check those pages,
    and ``tests/docs/test_docs_site.py::test_build_is_clean`` alone fails for the warnings."""
    if _site_built is None:
        given = _given_site()
        assert given is not None
        return given
    if not (_site_built.outdir / "how-to" / "calculator.html").is_file():
        pytest.fail(f"the site did not build:\n{_site_built.output}", pytrace=False)
    return _site_built.outdir


@pytest.fixture(scope="session")
def site_url(site: Path) -> Iterator[str]:
    """A local HTTP server of the built site, stopped at the end of the session."""
    handler = functools.partial(QuietHandler, directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
