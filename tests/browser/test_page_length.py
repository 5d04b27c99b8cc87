"""Every page written for learners fits in about six phone screens.

A long page is hard to read on a phone: the reader loses the thread, the table of contents is out of
reach in the drawer, and the browser has a page's worth of boxes to lay out before the first frame,
which made the longest pages' first loads run tasks over 50 milliseconds. So the learner pages (the
tutorial, the rules, the worked examples, the historical rule sets, the how-to guides, the
explanations and the home page) are kept to about six screens of a 390 by 844 phone, split into pages
that follow one another when a topic needs more. The glossary (a lookup list with its A to Z jump
list), the reference tables and the developers' section are looked things up in, not read through,
and may be longer. So may the printable rules (print/): each is a whole rule set on one page by design,
made for paper, where it takes two to four sheets. The margin of half a screen keeps the test from
failing on a line more or less.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 390, 844
SCREENS = 6.5
NOT_READ_THROUGH = ("developers/", "reference/", "print/", "_static/", "_modules/", "_sources/", "_images/")
NOT_PAGES = {"glossary.html", "genindex.html", "search.html", "py-modindex.html"}

# Scrolls through the page so that every block skipped until near the view is laid out at its real
# height, then reads the document's height.
_LAID_OUT_HEIGHT = """async () => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  for (let y = 0; y <= document.documentElement.scrollHeight; y += innerHeight / 2) {
    scrollTo(0, y);
    await frame();
  }
  scrollTo(0, 0);
  await frame();
  return document.documentElement.scrollHeight;
}"""


def learner_pages(site: Path) -> list[str]:
    pages = []
    for path in sorted(site.rglob("*.html")):
        name = path.relative_to(site).as_posix()
        if name in NOT_PAGES or name.startswith(NOT_READ_THROUGH):
            continue
        pages.append(name)
    return pages


def test_every_learner_page_fits_in_about_six_phone_screens(chromium: Any, site: Path, site_url: str) -> None:
    pages = learner_pages(site)
    assert {"tutorial/first-hand.html", "variants/chambery/index.html", "rules/play.html"} <= set(pages)
    context = chromium.new_context(viewport={"width": WIDTH, "height": HEIGHT})
    try:
        page = context.new_page()
        # The widgets stay as they are before Python starts, as a reader first sees them.
        page.route("**/tarot-widgets.mjs*", lambda route: route.abort())
        too_long = {}
        for name in pages:
            page.goto(site_url + name, wait_until="load")
            screens = page.evaluate(_LAID_OUT_HEIGHT) / HEIGHT
            if screens > SCREENS:
                too_long[name] = round(screens, 1)
        assert not too_long, f"longer than {SCREENS} screens of {WIDTH} x {HEIGHT}: {too_long}"
    finally:
        context.close()
