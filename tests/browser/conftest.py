"""Fixtures of the browser tests: Debian's Chromium.

The site and its local server (``site``, ``site_url``) come from ``tests/conftest.py``, built once per
run. Pages open in the ``chromium`` of the system through Playwright. Each test module shares one page,
so Pyodide boots once per module. Every request a page makes is recorded, to check that none leaves
the server.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.widget_testing import CHROMIUM, CHROMIUM_ARGS


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
