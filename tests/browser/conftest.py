"""Fixtures of the browser tests: the site built once, a local HTTP server, Debian's Chromium.

The site is built once per session into a temporary folder (or taken from ``TAROT_SITE_DIR`` when
that names an already built site), served by ``http.server`` on 127.0.0.1, and opened in the
``chromium`` of the system through Playwright. Each test module shares one page, so Pyodide boots
once per module. Every request a page makes is recorded, to check that none leaves the server.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.browser.widget_testing import CHROMIUM, CHROMIUM_ARGS, QuietHandler

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built HTML site."""
    given = os.environ.get("TAROT_SITE_DIR")
    if given:
        path = Path(given)
        if not (path / "how-to" / "calculator.html").is_file():
            pytest.fail(f"TAROT_SITE_DIR={given} holds no built site with the widget pages")
        return path
    outdir = tmp_path_factory.mktemp("site") / "html"
    command = [sys.executable, "-m", "sphinx", "-q", "-b", "html", str(ROOT / "docs"), str(outdir)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=900, check=False)
    if done.returncode != 0:
        pytest.fail(f"the site did not build:\n{done.stdout}\n{done.stderr}")
    return outdir


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


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (``playwright install`` cannot download here)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    if not CHROMIUM.exists() and shutil.which("chromium") is None:
        pytest.skip("Chromium is not installed: apt-get install -y chromium")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()
