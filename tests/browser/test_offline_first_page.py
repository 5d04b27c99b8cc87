"""Offline whatever page a reader opens first: after one visit of the play page, of a rules page with no
widget or of the home page, the service worker is active with every file of the site in its cache.
After the play page (whose widget reports game states, not "ready", and once kept the worker from
registering), with the server stopped and the browser offline, every widget page opens and answers (the
calculator scores, the score sheet starts a session, a lesson judges an answer, a replay steps, the play
page deals). The pages open from the cache the same way whichever page filled it, so the other first
pages are checked by what their worker cached; tests/browser/test_offline.py browses offline after the
calculator's page.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tarot_core.exercises import right_answers
from tests.browser.test_offline import Server, calculator_link, check_calculator, worker_build, worker_files
from tests.browser.widget_testing import BOOT_TIMEOUT_MS, wait_ready

pytestmark = pytest.mark.browser
LESSONS = Path(__file__).resolve().parents[2] / "tutorial" / "lessons"
ANSWER_TIMEOUT_MS = 20_000


def wait_worker_active(page: Any) -> None:
    """Wait until the page has registered the service worker and it is active (its cache filled)."""
    active = page.evaluate(
        "(ms) => Promise.race([new Promise((resolve) => setTimeout(() => resolve(false), ms)),"
        " navigator.serviceWorker.ready.then(async (registration) => {"
        "  const worker = registration.active;"
        "  if (worker.state !== 'activated') await new Promise((resolve) =>"
        "    worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()));"
        "  return true; })])",
        BOOT_TIMEOUT_MS,
    )
    assert active, "the page registered no service worker"


def cached_paths(page: Any, cache: str) -> list[str]:
    """The paths of the files in the page's cache ``cache``, relative to the site."""
    paths: list[str] = page.evaluate(
        "async (name) => (await (await caches.open(name)).keys())"
        ".map((request) => decodeURIComponent(new URL(request.url).pathname.slice(1))).sort()",
        cache,
    )
    return paths


def rules_page_without_widgets(site: Path) -> str:
    for path in sorted((site / "rules").glob("*.html")):
        if 'data-tarot-widget="' not in path.read_text(encoding="utf-8"):
            return path.relative_to(site).as_posix()
    raise AssertionError("every rules page holds a widget")


def every_widget_page_answers(page: Any, base: str) -> None:
    from playwright.sync_api import expect

    page.goto(calculator_link(base))
    wait_ready(page)
    check_calculator(page)

    page.goto(base + "how-to/score-sheet.html")
    wait_ready(page)
    sheet = page.locator('[data-tarot-widget="score-sheet"]')
    names = page.locator('.tw-sheet-setup [name="player"]')
    for index in range(names.count()):
        names.nth(index).fill(f"Player {index + 1}")
    page.locator('[data-action="new-session"]').click()
    expect(sheet).not_to_have_attribute("data-session", "", timeout=ANSWER_TIMEOUT_MS)
    expect(sheet).to_have_attribute("data-deals", "0")

    lesson = json.loads((LESSONS / "cards.json").read_text(encoding="utf-8"))
    item = lesson["exercises"][0]
    page.goto(base + "tutorial/cards.html")
    wait_ready(page)
    exercise = page.locator(f"#{item['id']}")
    field = exercise.locator("input")
    field.fill(str(right_answers(item)[0]))
    field.press("Enter")
    expect(exercise).to_have_attribute("data-verdict", "right", timeout=ANSWER_TIMEOUT_MS)

    page.goto(base + "how-to/replay.html")
    wait_ready(page)
    replay = page.locator('[data-tarot-widget="replay"]').first
    before = replay.get_attribute("data-step")
    replay.locator('button[data-action="forward"]').click()
    expect(replay).to_have_attribute("data-step", str(int(before or 0) + 1), timeout=ANSWER_TIMEOUT_MS)

    page.goto(base + "play.html")
    wait_ready(page)
    play = page.locator('[data-tarot-widget="play"]')
    expect(play.locator(".tw-loading")).to_be_hidden()
    assert play.get_attribute("data-state") not in ("error", "loading", "idle")
    assert int(play.get_attribute("data-actions") or "0") >= 0
    assert page.locator("[data-tarot-widget][data-state=error]").count() == 0


@pytest.mark.parametrize("first", ["play.html", "rules", ""], ids=["play-page", "rules-page", "home-page"])
def test_any_first_page_leaves_every_widget_working_offline(chromium: Any, site: Path, first: str) -> None:
    server = Server(site)
    context = chromium.new_context()
    try:
        page = context.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        path = rules_page_without_widgets(site) if first == "rules" else first
        page.goto(server.url + path)
        wait_ready(page)
        wait_worker_active(page)
        assert cached_paths(page, f"tarot-site-{worker_build(site)}") == sorted(worker_files(site))
        if first != "play.html":
            return
        server.stop()
        context.set_offline(True)
        every_widget_page_answers(page, server.url)
    finally:
        context.close()
        server.stop()


#: Records when the page registers its service worker and when the engine marks the page's root element.
REGISTER_TIMES = """
window.__registeredAt = [];
const register = ServiceWorkerContainer.prototype.register;
ServiceWorkerContainer.prototype.register = function (...args) {
  window.__registeredAt.push(performance.now());
  return register.apply(this, args);
};
new MutationObserver(() => {
  if (document.documentElement.dataset.tarotEngineState && window.__engineAt === undefined)
    window.__engineAt = performance.now();
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-tarot-engine-state"] });
"""


def test_the_worker_registers_once_the_engine_has_settled(chromium: Any, site: Path) -> None:
    """A widget page registers the service worker once, no sooner than ``SETTLE_MS`` after the engine's
    start (its install beside the browser's compiling of the engine kept the first drawing of a deal
    waiting for a core), and the install completes."""
    from tutorial.sphinxext.offline import SETTLE_MS

    server = Server(site)
    context = chromium.new_context()
    try:
        context.add_init_script(REGISTER_TIMES)
        page = context.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        page.goto(server.url + "play.html")
        wait_ready(page)
        wait_worker_active(page)
        engine_at = page.evaluate("window.__engineAt")
        registered = page.evaluate("window.__registeredAt")
        assert engine_at is not None and len(registered) == 1
        assert registered[0] >= engine_at + SETTLE_MS
    finally:
        context.close()
        server.stop()
