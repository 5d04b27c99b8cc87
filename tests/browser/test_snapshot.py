"""The widgets' Pyodide memory snapshot: made by the build, restored by the worker, with a fallback.

In Chromium: the calculator page boots from the snapshot (the worker's ready message says so) and
scores exactly as :func:`tarot_core.engine.variant.score_request`; in a copy of the built site whose snapshot
is missing, or is not a snapshot at all, the worker starts Python the plain way and scores the same.
Every request stays on the local server. Without a browser: the snapshot's name follows what it holds,
and a build without Node names none (a note, not a warning).
"""

from __future__ import annotations

import functools
import gzip
import json
import shutil
import threading
from collections.abc import Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from tarot_core.engine.variant import score_request
from tests.browser.widget_testing import (
    BOOT_TIMEOUT_MS,
    QuietHandler,
    WidgetPage,
    new_widget_page,
    wait_ready,
)
from tutorial.bridge.calculator import result_attributes
from tutorial.bridge.query import query_from_request
from tutorial.sphinxext import runtime, snapshot

PAGE = "how-to/calculator.html"
RESULT_TIMEOUT_MS = 20_000
#: Keeps the worker's ready message where the test can read it (the page's own handler is untouched).
READY_SPY = """
(() => {
  const Native = window.Worker;
  window.__tarotReady = null;
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        if (event.data && event.data.type === "ready") window.__tarotReady = event.data;
      });
    }
  };
})();
"""
FIRST: dict[str, Any] = {
    "variant": "fft",
    "players": 5,
    "contract": "garde-contre",
    "oudlers": 2,
    "points": 47,
    "petit_au_bout": "attack",
}
SECOND: dict[str, Any] = {**FIRST, "points": 62}


def expected_attributes(request: dict[str, Any]) -> dict[str, str]:
    return {f"data-{name}": value for name, value in result_attributes(score_request(request)).items()}


def snapshots(site: Path) -> list[Path]:
    return sorted((site / runtime.ASSETS).glob(f"{snapshot.PREFIX}*{snapshot.SUFFIX}"))


def runtime_config(site: Path) -> dict[str, str]:
    html = (site / PAGE).read_text(encoding="utf-8")
    start = html.index("data-runtime='") + len("data-runtime='")
    text = html[start : html.index("'", start)]
    config: dict[str, str] = json.loads(text.replace("&quot;", '"').replace("&amp;", "&"))
    return config


@pytest.fixture(scope="module")
def built(site: Path) -> Path:
    if shutil.which("node") is None:
        pytest.skip("Node is not installed: the build makes no snapshot")
    if not snapshots(site):
        pytest.fail(f"the build made no snapshot in {site / runtime.ASSETS}")
    return site


def serve(directory: Path) -> tuple[ThreadingHTTPServer, str]:
    handler = functools.partial(QuietHandler, directory=str(directory))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def open_calculator(chromium: Any, base_url: str, request: dict[str, Any]) -> WidgetPage:
    """The calculator page opened from a link holding ``request``, once every widget is ready."""
    opened = new_widget_page(chromium, base_url)
    opened.page.add_init_script(READY_SPY)
    query = urlencode(query_from_request(request), doseq=True)
    opened.page.goto(f"{base_url}{PAGE}?{query}")
    wait_ready(opened.page)
    opened.page.wait_for_function("() => window.__tarotReady !== null", timeout=BOOT_TIMEOUT_MS)
    return opened


def check_scores(opened: WidgetPage) -> None:
    """The result computed on load, then after the reader changes the points, is the engine's."""
    from playwright.sync_api import expect

    widget = opened.page.locator('[data-tarot-widget="calculator"]').first
    assert widget.get_attribute("data-state") == "ready"
    result = widget.locator(".tw-result")
    for name, value in expected_attributes(FIRST).items():
        expect(result).to_have_attribute(name, value, timeout=RESULT_TIMEOUT_MS)
    form = widget.locator("form.tw-form")
    form.locator('[name="points"]').fill(str(SECOND["points"]))
    form.evaluate("f => f.requestSubmit()")
    second = expected_attributes(SECOND)
    assert second != expected_attributes(FIRST)
    for name, value in second.items():
        expect(result).to_have_attribute(name, value, timeout=RESULT_TIMEOUT_MS)


def outside(opened: WidgetPage) -> list[str]:
    return [url for url in opened.requests if not url.startswith(opened.base_url)]


# ------------------------------------------------------------------------------------- browser
@pytest.fixture(scope="module")
def from_snapshot(chromium: Any, built: Path, site_url: str) -> Iterator[WidgetPage]:
    opened = open_calculator(chromium, site_url, FIRST)
    yield opened
    opened.page.context.close()


@pytest.mark.browser
def test_the_page_names_the_snapshot_it_ships(built: Path) -> None:
    [made] = snapshots(built)
    config = runtime_config(built)
    assert config["snapshot"].endswith(f"{runtime.ASSETS.rsplit('/', 1)[-1]}/{made.name}")
    with gzip.open(made) as packed:
        assert len(packed.read(1 << 20)) == 1 << 20, "the snapshot is too small to hold a Python"


@pytest.mark.browser
def test_boots_from_the_snapshot_and_scores_like_the_engine(from_snapshot: WidgetPage) -> None:
    ready: dict[str, Any] = from_snapshot.page.evaluate("window.__tarotReady")
    assert ready["snapshot"] is True, ready
    assert "fallback" not in ready
    assert ready["python"].startswith("3.14")
    assert any(url.split("?")[0].endswith(snapshot.SUFFIX) for url in from_snapshot.requests)
    check_scores(from_snapshot)
    assert from_snapshot.errors == []


@pytest.mark.browser
def test_every_request_stays_local_with_the_snapshot(from_snapshot: WidgetPage) -> None:
    assert any("pyodide.asm.wasm" in url for url in from_snapshot.requests)
    assert outside(from_snapshot) == []


@pytest.mark.browser
@pytest.mark.parametrize("damage", ["missing", "not-a-snapshot"])
def test_falls_back_to_the_plain_start(
    chromium: Any, built: Path, tmp_path_factory: pytest.TempPathFactory, damage: str
) -> None:
    copy = tmp_path_factory.mktemp(f"site-{damage}") / "html"
    shutil.copytree(built, copy)
    [made] = snapshots(copy)
    if damage == "missing":
        made.unlink()
    else:
        made.write_bytes(gzip.compress(b"this is no memory snapshot" * 1000))
    server, base_url = serve(copy)
    opened = open_calculator(chromium, base_url, FIRST)
    try:
        ready: dict[str, Any] = opened.page.evaluate("window.__tarotReady")
        assert ready["snapshot"] is False, ready
        assert ready["fallback"], ready
        if damage == "missing":
            assert "404" in ready["fallback"]
        check_scores(opened)
        assert outside(opened) == []
        assert opened.errors == []
    finally:
        opened.page.context.close()
        server.shutdown()
        server.server_close()


# ---------------------------------------------------------------------------------- no browser
def test_the_name_follows_the_sources_and_the_runtime() -> None:
    name = snapshot.snapshot_name("0123456789ab", "314.0.7")
    assert name.startswith(f"{snapshot.PREFIX}0123456789ab-") and name.endswith(snapshot.SUFFIX)
    assert snapshot.snapshot_name("0123456789ab", "314.0.7") == name
    assert snapshot.snapshot_name("ba9876543210", "314.0.7") != name
    assert snapshot.snapshot_name("0123456789ab", "314.0.8") != name


class _App:
    tarot_snapshot_name: str | None = "unset"


class _Log:
    """Records what the extension logs, by level."""

    def __init__(self) -> None:
        self.records: list[tuple[str, str]] = []

    def info(self, message: str, *args: object) -> None:
        self.records.append(("info", message % args))

    def warning(self, message: str, *args: object) -> None:
        self.records.append(("warning", message % args))


def test_without_node_the_build_names_no_snapshot(monkeypatch: pytest.MonkeyPatch) -> None:
    log = _Log()
    monkeypatch.setattr(snapshot, "logger", log)
    monkeypatch.setattr(snapshot, "node_executable", lambda: None)
    app: Any = _App()
    assert snapshot.plan(app, "0123456789ab", "314.0.7") is None
    assert app.tarot_snapshot_name is None
    assert [level for level, message in log.records if "without a snapshot" in message] == ["info"]


def test_a_failed_snapshot_leaves_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assets = tmp_path / "assets"
    assets.mkdir()
    (assets / "bridge.json").write_text("{}", encoding="utf-8")
    stale = assets / f"{snapshot.PREFIX}000000000000-00000000{snapshot.SUFFIX}"
    stale.write_bytes(b"old")
    if shutil.which("node") is None:
        pytest.skip("Node is not installed")
    name = snapshot.snapshot_name("0123456789ab", "314.0.7")
    made = snapshot.make(assets, tmp_path / "no-runtime", tmp_path / "no.whl", name)
    assert made is None
    assert not stale.exists(), "an older snapshot was left behind"
    assert list(assets.glob(f"{snapshot.PREFIX}*")) == []
