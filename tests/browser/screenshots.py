"""Screenshots of every widget at desktop and phone widths, to look at after a change of style.

Usage: ``python -m tests.browser.screenshots SITE_DIR OUT_DIR`` (SITE_DIR: a built site). It serves
the site on 127.0.0.1, opens the widget pages in Chromium, drives each widget to a telling state and
writes one PNG per widget and width.
"""

from __future__ import annotations

import functools
import re
import sys
import threading
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

from playwright.sync_api import expect, sync_playwright

from tests.browser.widget_testing import (
    BOOT_TIMEOUT_MS,
    CHROMIUM,
    CHROMIUM_ARGS,
    QuietHandler,
    click,
    wait_ready,
)

WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}


def shoot(browser: Any, url: str, out: Path, width: str) -> None:
    w, h = WIDTHS[width]
    context = browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    query = "?variant=fft&players=5&contract=garde&oudlers=2&points=50.5&petit_au_bout=attack"
    query += "&handful=attack:simple"
    page.goto(f"{url}how-to/calculator.html{query}")
    wait_ready(page)
    page.wait_for_timeout(500)
    page.locator('[data-tarot-widget="calculator"]').screenshot(path=out / f"calculator-{width}.png")
    page.locator('[name="points"]').fill("92")
    page.wait_for_timeout(800)
    page.locator('[data-tarot-widget="calculator"] form').screenshot(
        path=out / f"calculator-error-{width}.png"
    )
    page.goto(f"{url}how-to/replay.html")
    wait_ready(page)
    replay = page.locator('[data-tarot-widget="replay"]').first
    replay.locator(".tw-jump").select_option(index=6)
    click(replay.locator('button[data-action="forward"]'))
    page.wait_for_timeout(800)
    replay.screenshot(path=out / f"replay-{width}.png")
    click(replay.locator('button[data-action="last"]'))
    page.wait_for_timeout(800)
    replay.locator(".tw-final").screenshot(path=out / f"replay-end-{width}.png")
    check = page.locator('[data-tarot-widget="play-check"]').first
    click(check.locator("button[data-card]").last)
    page.wait_for_timeout(800)
    check.screenshot(path=out / f"play-check-{width}.png")
    shoot_placements(page, url, out, width)
    shoot_strategy(page, url, out, width)
    context.close()


def shoot_placements(page: Any, url: str, out: Path, width: str) -> None:
    """The widgets of the rules pages and of the variant pages."""
    page.goto(f"{url}rules/shares.html")
    wait_ready(page)
    page.locator('[data-tarot-widget="calculator"]').first.screenshot(
        path=out / f"rules-calculator-{width}.png"
    )
    page.goto(f"{url}rules/play.html")
    wait_ready(page)
    check = page.locator('[data-tarot-widget="play-check"]').first
    click(check.locator('button[data-card^="T"]').first)
    page.wait_for_timeout(800)
    check.screenshot(path=out / f"rules-play-check-{width}.png")
    for doc, name in (
        ("variants/chambery/sample-hands", "chambery"),
        ("variants/mathers/play-and-scoring", "mathers"),
    ):
        page.goto(f"{url}{doc}.html")
        wait_ready(page)
        replay = page.locator('[data-tarot-widget="replay"]').first
        replay.locator(".tw-jump").select_option(index=6)
        page.wait_for_timeout(800)
        replay.screenshot(path=out / f"{name}-replay-{width}.png")
        click(replay.locator('button[data-action="last"]'))
        page.wait_for_timeout(800)
        replay.screenshot(path=out / f"{name}-replay-end-{width}.png")


STRATEGY_PAGES = (
    "index",
    "count",
    "judging",
    "discard",
    "excuse",
    "petit",
    "attack",
    "defence",
    "five-players",
)


def shoot_strategy(page: Any, url: str, out: Path, width: str) -> None:
    """The "Playing well" pages whole, and a "would you bid?" exercise answered."""
    for name in STRATEGY_PAGES:
        page.goto(f"{url}strategy/{name}.html")
        page.wait_for_timeout(300)
        page.screenshot(path=out / f"strategy-{name}-{width}.png", full_page=True)
    page.goto(f"{url}strategy/judging.html")
    wait_ready(page)
    exercise = page.locator('[data-tarot-widget="exercise"]').nth(1)
    click(exercise.locator('button[data-choice="pass"]'))
    expect(exercise).to_have_attribute("data-verdict", re.compile("right|wrong"), timeout=BOOT_TIMEOUT_MS)
    exercise.screenshot(path=out / f"strategy-worth-{width}.png")


def main(site: str, out_dir: str) -> None:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=site))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            for width in WIDTHS:
                shoot(browser, url, out, width)
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
