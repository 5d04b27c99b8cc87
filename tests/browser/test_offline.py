"""The site offline and lighter: gzip copies (sent by ``tutorial/tools/serve.py``), service worker, manifest.

Without a browser: every page links the manifest and registers the worker; the worker's list holds
every file a page can load, with its digest; the pages' trimmed standard library keeps every module the
engine and the bridge import; the manifest opens the score sheet in a window of its own, with its
icons; the project's server sends the gzip copies only to a browser that takes them. In
Chromium, each in a browser context of its own (the worker stays there): after one visit of the
calculator page, with the server stopped and the browser offline, that page, a replay and a page of
text still open and the calculator scores as the engine does; a new build replaces the cache whole;
Chromium finds the site installable on a home screen.
"""

from __future__ import annotations

import functools
import gzip
import json
import re
import shutil
import struct
import threading
import time
import urllib.request
from collections.abc import Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

import pytest

from tarot_core.engine.variant import score_request
from tests.browser.widget_testing import BOOT_TIMEOUT_MS, CHROMIUM, CHROMIUM_ARGS, wait_ready
from tutorial.bridge.calculator import result_attributes
from tutorial.bridge.query import query_from_request
from tutorial.sphinxext import offline, registry, runtime, snapshot, widgets
from tutorial.tools.serve import QuietCompressingHandler

pytestmark = pytest.mark.browser

CALCULATOR = "how-to/calculator.html"
SCORE_SHEET = "how-to/score-sheet.html"
REQUEST: dict[str, Any] = {"variant": "fft", "players": 4, "contract": "garde", "oudlers": 2, "points": 47}
RESULT_TIMEOUT_MS = 20_000


def pages(site: Path) -> list[Path]:
    return sorted(path for path in site.rglob("*.html") if "_static" not in path.parts and path.parts)


def worker_files(site: Path) -> dict[str, str]:
    """The service worker's list: path to integrity."""
    text = (site / offline.SERVICE_WORKER).read_text(encoding="utf-8")
    match = re.search(r"^const FILES = (\[.*\]);$", text, re.MULTILINE)
    assert match, "sw.js holds no list of files"
    return dict(json.loads(match.group(1)))


def worker_build(site: Path) -> str:
    text = (site / offline.SERVICE_WORKER).read_text(encoding="utf-8")
    match = re.search(r'^const BUILD = "([0-9a-f]+)";$', text, re.MULTILINE)
    assert match
    return match.group(1)


class Server:
    """The project's server (``tutorial/tools/serve.py``) over a folder, on a port of its own."""

    def __init__(self, folder: Path) -> None:
        handler = functools.partial(QuietCompressingHandler, directory=str(folder))
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def served(site: Path) -> Iterator[Server]:
    server = Server(site)
    yield server
    server.stop()


def expected_attributes(request: dict[str, Any]) -> dict[str, str]:
    return {f"data-{name}": value for name, value in result_attributes(score_request(request)).items()}


def check_calculator(page: Any) -> None:
    """The calculator opened from a link scores that link's deal as the engine does."""
    from playwright.sync_api import expect

    result = page.locator('[data-tarot-widget="calculator"] .tw-result').first
    for name, value in expected_attributes(REQUEST).items():
        expect(result).to_have_attribute(name, value, timeout=RESULT_TIMEOUT_MS)


def calculator_link(base: str) -> str:
    return f"{base}{CALCULATOR}?{urlencode(query_from_request(REQUEST), doseq=True)}"


def wait_worker_active(page: Any) -> str:
    """Wait until the page's service worker is installed (its cache filled) and active; its script URL."""
    # Bounded: a page that registers no worker fails here with a message instead of hanging the run.
    url: str = page.evaluate(
        "() => Promise.race([navigator.serviceWorker.ready.then(async (registration) => {"
        "  const worker = registration.active;"
        "  if (worker.state !== 'activated') await new Promise((resolve) =>"
        "    worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()));"
        "  return worker.scriptURL; }),"
        "  new Promise((_, reject) => setTimeout("
        "    () => reject(new Error('no service worker became active within 120 s')), 120000))])"
    )
    return url


def wait_takeover(context: Any, build: str) -> list[str]:
    """Wait until the service worker of ``build`` is activated, asking the worker itself; the names of
    the caches it then sees."""
    deadline = time.monotonic() + BOOT_TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        for worker in context.service_workers:
            try:
                state = worker.evaluate(
                    "async () => typeof BUILD === 'string' && BUILD === "
                    + json.dumps(build)
                    + " && self.serviceWorker.state === 'activated' ? await caches.keys() : null"
                )
            except Exception:  # a worker stopped meanwhile: look again
                state = None
            if state is not None:
                return list(state)
        time.sleep(0.2)
    raise AssertionError(f"the worker of build {build} did not become active")


def cache_names(page: Any) -> list[str]:
    names: list[str] = page.evaluate("caches.keys()")
    return names


# ---------------------------------------------------------------------------------- no browser
def test_every_page_links_the_manifest_and_registers_the_worker(site: Path) -> None:
    for path in pages(site):
        text = path.read_text(encoding="utf-8")
        root = "../" * (len(path.relative_to(site).parts) - 1)
        assert f'<link rel="manifest" href="{root}{offline.MANIFEST}">' in text, path
        assert f'navigator.serviceWorker.register("{root}{offline.SERVICE_WORKER}")' in text, path
        assert '<meta name="theme-color"' in text, path


def test_the_worker_lists_every_file_a_page_loads_with_its_digest(site: Path) -> None:
    import base64
    import hashlib

    files = worker_files(site)
    for path in pages(site):
        assert path.relative_to(site).as_posix() in files, f"{path} is not kept for offline reading"
    # Pyodide's files but its standard library, which the widgets load trimmed, from their own folder.
    pyodide = [f"{runtime.pyodide_folder()}/{name}" for name in runtime.PYODIDE_FILES if ".zip" not in name]
    assert f"{runtime.pyodide_folder()}/python_stdlib.zip" not in files
    engine = [
        f"{runtime.ASSETS}/{name}" for name in (*runtime.WORKER_FILES, runtime.BRIDGE_FILE, "hands.json")
    ]
    engine += list(registry.web_files(widgets.WIDGETS))
    engine.append(f"{runtime.ASSETS}/{runtime.stdlib_name()}")
    made = sorted((site / runtime.ASSETS).glob(f"{snapshot.PREFIX}*{snapshot.SUFFIX}"))
    engine += [path.relative_to(site).as_posix() for path in made]
    engine.append(f"{runtime.ASSETS}/{runtime.wheel_name()}")
    for name in [*pyodide, *engine, offline.MANIFEST, *(src for src, _ in offline.ICONS)]:
        assert name in files, f"{name} is not kept for offline reading"
    for name, integrity in files.items():
        digest = base64.b64encode(hashlib.sha256((site / name).read_bytes()).digest()).decode()
        assert integrity == f"sha256-{digest}", f"{name} changed after the list was written"
        assert not name.endswith(".html.gz") and not name.endswith(".wasm.gz"), name
    assert offline.SERVICE_WORKER not in files


def test_the_widgets_load_a_standard_library_that_has_every_module_the_engine_imports(site: Path) -> None:
    import ast
    import sys
    import zipfile

    html = (site / CALCULATOR).read_text(encoding="utf-8")
    assert f"tarot-widgets/{runtime.stdlib_name()}&quot;" in html
    trimmed = site / runtime.ASSETS / runtime.stdlib_name()
    assert trimmed.stat().st_size < (runtime.PYODIDE_DIR / "python_stdlib.zip").stat().st_size * 0.7
    with zipfile.ZipFile(trimmed) as archive:
        members = set(archive.namelist())
    sources = [*sorted((runtime.ROOT / "tarot_core").glob("*.py")), *sorted(runtime.BRIDGE_DIR.glob("*.py"))]
    imported: set[str] = set()
    for source in sources:
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.split(".")[0])
    with zipfile.ZipFile(runtime.PYODIDE_DIR / "python_stdlib.zip") as archive:
        pyodide_has = set(archive.namelist())
    for name in sorted(imported & sys.stdlib_module_names):
        for member in (f"{name}.py", f"{name}/__init__.py"):
            if member in pyodide_has:
                assert member in members, (
                    f"the engine imports {name}: the pages' standard library left it out"
                )


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_opens_the_score_sheet_in_a_window_of_its_own(site: Path) -> None:
    manifest = json.loads((site / offline.MANIFEST).read_text(encoding="utf-8"))
    assert manifest["name"] == "Tarot card games"
    assert manifest["short_name"]
    assert manifest["display"] == "standalone"
    assert manifest["scope"] == "./"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    # The score sheet is the page a player at the table opens; the home page stands in until it exists.
    expected = SCORE_SHEET if (site / SCORE_SHEET).is_file() else "index.html"
    assert manifest["start_url"] == expected
    assert (site / manifest["start_url"]).is_file()
    sizes = set()
    for icon in manifest["icons"]:
        width, height = png_size(site / icon["src"])
        assert icon["sizes"] == f"{width}x{height}" and icon["type"] == "image/png"
        sizes.add(width)
    assert {192, 512} <= sizes
    assert png_size(site / offline.APPLE_ICON) == (180, 180)


def fetch(url: str, coding: str | None) -> tuple[dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": coding} if coding else {})
    with urllib.request.urlopen(request, timeout=30) as response:
        return {key.lower(): value for key, value in response.headers.items()}, response.read()


def test_the_server_sends_the_gzip_copies_to_browsers_that_take_them(site: Path, served: Server) -> None:
    wasm = f"{runtime.pyodide_folder()}/pyodide.asm.wasm"
    plain = (site / wasm).read_bytes()
    headers, body = fetch(served.url + wasm, "gzip, deflate, br")
    assert headers.get("content-encoding") == "gzip"
    assert headers["content-type"] == "application/wasm"
    assert len(body) < len(plain) / 2 and gzip.decompress(body) == plain
    # The browser asks again before it uses a kept copy: no page of an earlier build without asking.
    assert headers["cache-control"] == "no-cache"
    headers, body = fetch(served.url + wasm, None)
    assert "content-encoding" not in headers and body == plain
    headers, body = fetch(served.url + wasm, "gzip;q=0, identity")
    assert "content-encoding" not in headers and body == plain
    headers, body = fetch(served.url, "gzip")
    assert headers.get("content-encoding") == "gzip"
    assert gzip.decompress(body) == (site / "index.html").read_bytes()
    # A file that is gzip itself (the snapshot, inflated by the worker) goes as it is.
    [made] = sorted((site / runtime.ASSETS).glob(f"{snapshot.PREFIX}*{snapshot.SUFFIX}"))
    headers, body = fetch(served.url + made.relative_to(site).as_posix(), "gzip")
    assert "content-encoding" not in headers and body == made.read_bytes()


# ------------------------------------------------------------------------------------- browser
@pytest.mark.parametrize(
    "screen",
    [
        {"viewport": {"width": 1200, "height": 900}},
        {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    ],
    ids=["desktop", "phone"],
)
def test_after_one_visit_the_pages_and_widgets_work_with_no_network(
    chromium: Any, site: Path, served: Server, screen: dict[str, Any]
) -> None:
    context = chromium.new_context(**screen)
    try:
        page = context.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        requested: list[str] = []
        page.on("request", lambda request: requested.append(request.url))
        page.goto(calculator_link(served.url))
        wait_ready(page)
        check_calculator(page)
        assert wait_worker_active(page) == served.url + offline.SERVICE_WORKER
        # Every file the widget page and its engine loaded is in this build's cache.
        files = worker_files(site)
        local = {urlsplit(url).path.lstrip("/") for url in requested if url.startswith(served.url)}
        assert [url for url in requested if not url.startswith(served.url)] == []
        assert sorted(local - set(files) - {"", offline.SERVICE_WORKER}) == []
        assert cache_names(page) == [f"tarot-site-{worker_build(site)}"]

        served.stop()
        context.set_offline(True)
        page.reload()
        wait_ready(page)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        assert page.locator("[data-tarot-widget][data-state=error]").count() == 0
        check_calculator(page)
        replay = next(
            path.relative_to(site).as_posix()
            for path in pages(site)
            if 'data-tarot-widget="replay"' in path.read_text(encoding="utf-8")
        )
        for path in (replay, "glossary.html", ""):
            page.goto(served.url + path)
            wait_ready(page)
            assert page.locator("[data-tarot-widget][data-state=error]").count() == 0, path
            assert page.title(), path
    finally:
        context.close()


def test_a_new_build_replaces_the_cache_whole(
    chromium: Any, site: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    copy = tmp_path_factory.mktemp("site-rebuilt") / "html"
    shutil.copytree(site, copy, ignore=shutil.ignore_patterns(".doctrees"))
    server = Server(copy)
    context = chromium.new_context()
    try:
        page = context.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        page.goto(server.url + "glossary.html")
        wait_worker_active(page)
        first = worker_build(copy)
        assert cache_names(page) == [f"tarot-site-{first}"]

        # A new build: one page changes, and so do the list and its digest.
        glossary = copy / "glossary.html"
        glossary.write_text(
            glossary.read_text(encoding="utf-8").replace("</body>", "<p id='rebuilt'>rebuilt</p></body>"),
            encoding="utf-8",
        )
        offline.compress(copy)
        second = offline.write_service_worker(copy)
        assert second != first
        # Until the new build takes over, the open site stays whole on the old one.
        page.reload()
        assert page.locator("#rebuilt").count() == 0
        page.evaluate(
            "() => navigator.serviceWorker.getRegistration().then(async (registration) => {"
            "  await registration.update();"
            "  const worker = registration.installing || registration.waiting;"
            "  if (worker && worker.state !== 'installed') await new Promise((resolve) =>"
            "    worker.addEventListener('statechange', () => worker.state === 'installed' && resolve())); })"
        )
        page.close()  # the old build's last page: the new one takes over
        # Seen from the new build's worker itself, with no page of the site open: it becomes the
        # active one and deletes the old build's cache (a page opened meanwhile would race with it).
        assert wait_takeover(context, second) == [f"tarot-site-{second}"]
        page = context.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        page.goto(server.url + "index.html")
        # The new build's worker is the active one, and its cache holds the new page.
        assert wait_worker_active(page) == server.url + offline.SERVICE_WORKER
        kept = page.evaluate(
            f"() => caches.open('tarot-site-{second}')"
            f"  .then((cache) => cache.match('{server.url}glossary.html'))"
            "  .then((found) => found ? found.text() : '')"
        )
        assert "id='rebuilt'" in kept
        page.goto(server.url + "glossary.html")
        controlled = page.evaluate("navigator.serviceWorker.controller !== null")
        assert (page.locator("#rebuilt").count(), controlled) == (1, True)
    finally:
        context.close()
        server.stop()


def test_chromium_can_put_the_site_on_a_home_screen(
    chromium: Any, served: Server, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Chromium reads the manifest without an error and finds nothing that keeps the site from being
    installed (in a profile of its own: a private context is never installable)."""
    profile = tmp_path_factory.mktemp("profile")
    context = chromium.browser_type.launch_persistent_context(
        str(profile), executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
    )
    try:
        page = context.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        page.goto(served.url + "glossary.html")
        wait_worker_active(page)
        session = context.new_cdp_session(page)
        manifest = session.send("Page.getAppManifest")
        assert manifest["url"] == served.url + offline.MANIFEST
        assert manifest["errors"] == []
        assert session.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()
