"""The built site ships what the worker draws the widgets' HTML with: the libraries' zip and the bridge's
templates, named by every widget page, counted by the loading progress and kept for offline reading."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from tutorial.sphinxext import libraries, offline, runtime

pytestmark = pytest.mark.browser

PAGES = ("how-to/calculator.html", "play.html")


def _runtime(page: Path) -> dict[str, str]:
    match = re.search(r"data-runtime='([^']*)'", page.read_text(encoding="utf-8"))
    assert match, f"{page} names no runtime"
    found: dict[str, str] = json.loads(html.unescape(match.group(1)))
    return found


def test_the_widget_pages_name_the_libraries_the_build_wrote(site: Path) -> None:
    name = libraries.libraries_name()
    for page in PAGES:
        libs = _runtime(site / page)["libs"]
        assert libs.endswith(f"tarot-widgets/{name}"), (page, libs)
        assert (site / page).parent.joinpath(libs).resolve() == (site / runtime.ASSETS / name).resolve()
    zips = sorted(
        path.name for path in (site / runtime.ASSETS).glob(f"{libraries.PREFIX}*{libraries.SUFFIX}")
    )
    assert zips == [name]


def test_the_loading_progress_counts_the_libraries_and_the_templates(site: Path) -> None:
    assets = site / runtime.ASSETS
    sizes = json.loads((assets / runtime.SIZES_FILE).read_text(encoding="utf-8"))
    name = libraries.libraries_name()
    assert sizes[name] == (assets / name).stat().st_size
    assert sizes[runtime.BRIDGE_FILE] == (assets / runtime.BRIDGE_FILE).stat().st_size
    served = json.loads((assets / runtime.BRIDGE_FILE).read_text(encoding="utf-8"))
    templates = [path for path in served if path.startswith("bridge/templates/") and path.endswith(".html")]
    assert "bridge/templates/pages/glossary-letters.html" in templates


def test_the_service_worker_keeps_the_libraries(site: Path) -> None:
    text = (site / offline.SERVICE_WORKER).read_text(encoding="utf-8")
    match = re.search(r"^const FILES = (\[.*\]);$", text, re.MULTILINE)
    assert match
    files = dict(json.loads(match.group(1)))
    assert f"{runtime.ASSETS}/{libraries.libraries_name()}" in files
    assert f"{runtime.ASSETS}/{runtime.BRIDGE_FILE}" in files
