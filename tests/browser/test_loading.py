"""While the engine loads, every widget page's controls are disabled (and say so) and the loading notice
counts the bytes that have come; once the engine is ready, the controls work.

The site is served by a server that holds back Pyodide's WebAssembly (the largest file) at a quarter
and at a half of it until the test lets it go on, so the page is caught mid-load deterministically.
"""

from __future__ import annotations

import functools
import json
import re
import shutil
import threading
from collections.abc import Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any, BinaryIO

import pytest

from tarot_core.exercises import right_answers
from tests.browser.widget_testing import BOOT_TIMEOUT_MS, QuietHandler, wait_ready

pytestmark = pytest.mark.browser
LESSONS = Path(__file__).resolve().parents[2] / "tutorial" / "lessons"
GATE_TIMEOUT_S = 120
ANSWER_TIMEOUT_MS = 20_000
WORDS = re.compile(r"^Loading the game engine: (\d+\.\d) of (\d+\.\d) MB$")


class GatedHandler(QuietHandler):
    """Sends pyodide.asm.wasm in three parts, the second and third once their gates are open."""

    def copyfile(self, source: BinaryIO, outputfile: BinaryIO) -> None:  # type: ignore[override]
        if not self.path.split("?")[0].endswith("pyodide.asm.wasm"):
            shutil.copyfileobj(source, outputfile)
            return
        gates: list[threading.Event] = self.server.gates  # type: ignore[attr-defined]
        data = source.read()
        cuts = [0, len(data) // 4, len(data) // 2, len(data)]
        for index in range(3):
            if index:
                gates[index - 1].wait(GATE_TIMEOUT_S)
            outputfile.write(data[cuts[index] : cuts[index + 1]])
            outputfile.flush()


@pytest.fixture
def gated(site: Path) -> Iterator[tuple[str, list[threading.Event]]]:
    handler = functools.partial(GatedHandler, directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    gates = [threading.Event(), threading.Event()]
    server.gates = gates  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", gates
    finally:
        for gate in gates:
            gate.set()
        server.shutdown()
        server.server_close()


LIVE_CONTROLS = """() => [...document.querySelectorAll(
  '[data-tarot-widget] :is(button, input, select, textarea)')]
  .filter((c) => !c.disabled).map((c) => c.outerHTML)"""
HELD_CONTROLS = """() => [...document.querySelectorAll('[data-tw-held]')]
  .filter((c) => !c.disabled || c.getAttribute('aria-disabled') !== 'true').length"""
PROGRESS = """() => { const bar = document.querySelector('.tw-progress');
  const line = bar && bar.closest('.tw-progress-line');
  return bar && !line.hidden ? [bar.value, bar.max, line.querySelector('.tw-progress-text').textContent,
    bar.getAttribute('aria-valuetext'), bar.closest('[role=status]').getAttribute('aria-live')] : null; }"""


def progress(page: Any) -> tuple[float, float, str, str, str]:
    value, total, words, valuetext, live = page.evaluate(PROGRESS)
    return value, total, words, valuetext, live


def check_held(page: Any) -> None:
    assert page.evaluate(LIVE_CONTROLS) == []
    assert page.evaluate(HELD_CONTROLS) == 0


def use_the_page(page: Any, path: str) -> None:
    """Once ready, the page's controls answer."""
    from playwright.sync_api import expect

    if path == "play.html":
        root = page.locator('[data-tarot-widget="play"]')
        before = int(root.get_attribute("data-actions") or "0")
        root.locator("[data-stage] .tp-actions button[data-action]").first.click()
        page.wait_for_function(
            "(n) => Number(document.querySelector('[data-tarot-widget=play]').dataset.actions) > n",
            arg=before,
            timeout=ANSWER_TIMEOUT_MS,
        )
    elif path == "how-to/calculator.html":
        root = page.locator('[data-tarot-widget="calculator"]')
        root.locator('[name="points"]').fill("61")
        root.locator('[name="points"]').press("Tab")
        expect(root).to_have_attribute("data-computed", "1", timeout=ANSWER_TIMEOUT_MS)
    elif path == "how-to/score-sheet.html":
        names = page.locator('.tw-sheet-setup [name="player"]')
        for index in range(names.count()):
            names.nth(index).fill(f"Player {index + 1}")
        page.locator('[data-action="new-session"]').click()
        expect(page.locator('[data-tarot-widget="score-sheet"]')).not_to_have_attribute(
            "data-session", "", timeout=ANSWER_TIMEOUT_MS
        )
    elif path == "tutorial/cards.html":
        item = json.loads((LESSONS / "cards.json").read_text(encoding="utf-8"))["exercises"][0]
        exercise = page.locator(f"#{item['id']}")
        exercise.locator("input").fill(str(right_answers(item)[0]))
        exercise.locator("input").press("Enter")
        expect(exercise).to_have_attribute("data-verdict", "right", timeout=ANSWER_TIMEOUT_MS)
    elif path == "how-to/replay.html":
        replay = page.locator('[data-tarot-widget="replay"]').first
        step = int(replay.get_attribute("data-step") or "0")
        replay.locator('button[data-action="forward"]').click()
        expect(replay).to_have_attribute("data-step", str(step + 1), timeout=ANSWER_TIMEOUT_MS)


@pytest.mark.parametrize(
    "path",
    [
        "play.html",
        "how-to/calculator.html",
        "how-to/score-sheet.html",
        "tutorial/cards.html",
        "how-to/replay.html",
    ],
)
def test_controls_wait_for_the_engine_and_the_notice_counts_the_bytes(
    chromium: Any, gated: tuple[str, list[threading.Event]], path: str
) -> None:
    base, gates = gated
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(base + path, wait_until="domcontentloaded")
        page.wait_for_function(f"({PROGRESS})() && ({PROGRESS})()[0] > 0", timeout=BOOT_TIMEOUT_MS)
        first, total, words, valuetext, live = progress(page)
        match = WORDS.match(words)
        assert match, words
        assert valuetext == words and live == "polite"
        assert 0 < first < total and float(match.group(2)) == round(total / 1e6, 1)
        check_held(page)
        # The engine is not ready: a control clicked through its disabled state does nothing.
        gates[0].set()
        page.wait_for_function(f"(v) => ({PROGRESS})()[0] > v", arg=first, timeout=BOOT_TIMEOUT_MS)
        assert page.evaluate("document.documentElement.dataset.tarotEngineState") is None
        check_held(page)
        gates[1].set()
        wait_ready(page)
        assert page.evaluate("document.querySelectorAll('[data-tw-held]').length") == 0
        use_the_page(page, path)
        assert errors == []
    finally:
        for gate in gates:
            gate.set()
        context.close()
