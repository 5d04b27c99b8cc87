"""Helpers of the browser tests: Chromium's flags, a page that records its requests, axe-core."""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("TAROT_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: Pyodide boots in about 6 s on two cores; leave room for a busy machine.
BOOT_TIMEOUT_MS = 90_000
AXE = ROOT / "tutorial" / "node_modules" / "axe-core" / "axe.min.js"


class QuietHandler(SimpleHTTPRequestHandler):
    """Serves the built site without logging every request, nor a traceback when the browser goes away
    while a file is on its way (a page closed or left mid-load: the offline cache's downloads)."""

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def handle(self) -> None:
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            super().handle()


@dataclass
class WidgetPage:
    """One open page and every URL it (and its worker) requested."""

    page: Any
    base_url: str
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def open(self, path: str) -> None:
        self.page.goto(self.base_url + path)
        wait_ready(self.page)


def wait_ready(page: Any) -> None:
    """Wait until every widget of the page has booted the engine (or failed to); a play widget until
    its deal waits for the reader (or is over)."""
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-tarot-widget]')]"
        ".every(e => e.dataset.tarotWidget === 'play'"
        " ? !['idle', 'loading', 'thinking'].includes(e.dataset.state)"
        " : e.dataset.state === 'ready' || e.dataset.state === 'error')",
        timeout=BOOT_TIMEOUT_MS,
    )


#: The frames an element's box must keep still before a test clicks it.
STILL_FRAMES = 5

_SETTLE = """async (element, frames) => {
  let last = "";
  let still = 0;
  for (let frame = 0; frame < 600 && still < frames; frame++) {
    const box = element.getBoundingClientRect();
    const fits = box.bottom <= innerHeight || box.height > innerHeight;
    const shown = box.top >= 0 && box.top < innerHeight && fits;
    if (!shown) {
      element.scrollIntoView({ block: "center", behavior: "instant" });
      last = "";
      still = 0;
    } else {
      const key = `${box.top} ${box.left} ${box.width} ${box.height}`;
      still = key === last ? still + 1 : 0;
      last = key;
    }
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  return still >= frames;
}"""


def settle_in_view(locator: Any) -> None:
    """Scroll the element into the view and wait until it stays put there.

    Most blocks of a page are laid out only when they come near the view (``content-visibility:
    auto``); until then they stand at an estimated height. Scrolled to in one jump, an element far
    down a page moves for a few frames while the blocks around it take their real heights: a click
    whose press and release fall on either side of such a frame is released elsewhere and never
    reaches the element. (A reader who scrolls brings the blocks near the view before they enter it.)
    So the element is scrolled back into the view until its box has kept still for STILL_FRAMES
    frames.
    """
    if not locator.evaluate(_SETTLE, STILL_FRAMES):
        pytest.fail(f"{locator} did not keep still in the view")


_LANDED = """(selector) => new Promise((resolve) => {
  let last = -1, still = 0;
  const look = () => {
    still = scrollY === last && scrollY > 0 ? still + 1 : 0;
    last = scrollY;
    if (still < 10) return requestAnimationFrame(look);
    const element = document.querySelector(selector);
    const margin = parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
    resolve({ top: element.getBoundingClientRect().top - margin, margin });
  };
  requestAnimationFrame(look);
})"""


def landed_at(page: Any, selector: str) -> dict[str, float]:
    """Where a page scrolled to an element has put it, once the scroll position has kept still for ten
    frames in a row: ``top`` is its distance from the top of the view less its scroll margin (0 for
    an element brought to the top of the view), ``margin`` that margin, in CSS pixels."""
    landed: dict[str, float] = page.evaluate(_LANDED, selector)
    return landed


def click(locator: Any) -> None:
    """Click the element once it is in the view and keeps still there."""
    settle_in_view(locator)
    locator.click()


def new_widget_page(chromium: Any, base_url: str, width: int = 1200, height: int = 900) -> WidgetPage:
    context = chromium.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    opened = WidgetPage(page, base_url)
    page.on("request", lambda request: opened.requests.append(request.url))
    page.on("pageerror", lambda error: opened.errors.append(str(error)))
    return opened


def run_axe(page: Any, selector: str = "[data-tarot-widget]") -> list[dict[str, Any]]:
    """The axe-core violations inside the widgets, or what ``selector`` picks (``"html"``: the whole page),
    once the view has drawn a frame at its current size (axe injected from the pinned npm package)."""
    if not AXE.is_file():
        pytest.fail(f"axe-core is missing ({AXE}): run npm ci in tutorial/")
    if not page.evaluate("() => typeof window.axe?.run === 'function'"):  # once a page: it is half a megabyte
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    result: dict[str, Any] = page.evaluate(
        "async (selector) => {"
        " await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));"
        " return await axe.run(document.querySelectorAll(selector), {resultTypes: ['violations']}); }",
        selector,
    )
    violations: list[dict[str, Any]] = result["violations"]
    return violations


def describe(violations: list[dict[str, Any]]) -> str:
    return "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in violations
    )


#: Two Mathers score requests (two and three players) used by the bridge and calculator tests.
MATHERS_REQUESTS: list[dict[str, Any]] = [
    {
        "variant": "mathers",
        "players": 2,
        "hands": {
            "p1": {
                "tricks": {"tarot-trump": 3, "queen": 2, "knight": 2, "knave": 1, "plain": 6},
                "kings_cut": 1,
                "fool": True,
                "declarations": ["greater-3", "trumps-10"],
            },
            "p2": {
                "tricks": {"tarot-trump": 3, "queen": 1, "knight": 1, "knave": 2, "plain": 4},
                "declarations": ["tarot-trumps-3"],
            },
        },
    },
    {
        "variant": "mathers",
        "players": 3,
        "hands": {
            "p1": {"tricks": {"tarot-trump": 2, "queen": 1, "knight": 1, "knave": 1, "plain": 3}},
            "p2": {
                "tricks": {"tarot-trump": 3, "queen": 2, "knight": 1, "knave": 1, "plain": 3},
                "fool": True,
            },
            "p3": {"tricks": {"tarot-trump": 1, "queen": 1, "knight": 2, "knave": 2, "plain": 1}},
        },
    },
]
