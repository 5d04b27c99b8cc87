"""Every learner page of the site, opened once: axe-core at a desktop's and a phone's width, nothing cut
or scrolling sideways on a phone, and the page's length (tests/browser/test_every_page_lookup.py opens
the other pages the same way, and checks the fonts every page draws first).

One pass opens each page of the built site once in a desktop-sized view (1280 px wide); it waits for
the page's widgets to be ready and runs axe-core on the whole
page, then narrows the same page to a phone's width (390 px): a page is laid out anew when its view
changes width, so the phone's layout is checked without booting the page's widgets a second time. There
axe-core runs again, the pass notes what sticks out of the text's column without a scrolling box of its
own (the theme's text column clips on phones, see tutorial/web/theme/tarot.css) and, scrolling through
the page, its height once every block skipped until near the view is laid out.

The French edition (``fr/``) is built from the same sources into the same layout: the pass opens one page
of each kind there (the home page, a rules page, a lesson, the calculator, the play page, the glossary).

The API reference pages are written by autodoc from one template, each in the same layout: axe-core
checks every one of them at a desktop's width and the shortest at a phone's width too (the phone's
layout of that template), which keeps the pass at a few minutes.

Why one pass: opening a page and booting its widgets is most of the cost of each check, and four
separate passes over the 115 pages took four times as long.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.browser.widget_testing import AXE, describe, new_widget_page, wait_ready

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
WIDTHS = {"desktop": DESKTOP, "phone": PHONE}

#: A learner page fits in about six phone screens (with half a screen of margin for a line more or less).
SCREENS = 6.5
#: Looked things up in, not read through, and so allowed to be longer: the glossary (a lookup list with
#: its A to Z jump list), the reference tables, the developers' section and the printable rules (each a
#: whole rule set on one page by design, made for paper, where it takes two to four sheets).
NOT_READ_THROUGH = ("developers/", "reference/", "print/")
NOT_READ_PAGES = {"glossary.html", "genindex.html", "search.html", "py-modindex.html"}
#: The pages autodoc writes from one template.
API = "developers/api/"

#: axe-core on the whole document, once the view has drawn a frame at its current size.
_AXE_RUN = """async () => {
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations;
}"""

#: What sticks out of the text's column at its right edge, outside every box that scrolls on its own.
_STICKING_OUT = """() => {
  const column = document.querySelector(".content").getBoundingClientRect();
  const out = [];
  for (const element of document.querySelectorAll(".content *")) {
    if (element.closest(".table-wrapper, pre")) continue;
    const box = element.getBoundingClientRect();
    if (box.width > 0 && box.right > column.right + 1) out.push(`${element.tagName}.${element.className}`);
  }
  return { page: document.documentElement.scrollWidth, view: innerWidth, out: out.slice(0, 5) };
}"""

# Scrolls through the page so that every block skipped until near the view is laid out at its real
# height, then reads the document's height. A page that draws no frame for five seconds fails the pass
# with where it stopped (a run once waited here for ever).
_LAID_OUT_HEIGHT = """async () => {
  const frame = () => new Promise((done, fail) => {
    const late = setTimeout(() => fail(new Error(`no frame drawn in 5 s at y=${scrollY}`)), 5000);
    requestAnimationFrame(() => requestAnimationFrame(() => { clearTimeout(late); done(); }));
  });
  for (let y = 0; y <= document.documentElement.scrollHeight; y += innerHeight / 2) {
    scrollTo(0, y);
    await frame();
  }
  scrollTo(0, 0);
  await frame();
  return document.documentElement.scrollHeight;
}"""

#: The fonts (shape, weight, size, family) of the text and controls a page shows, and of those its
#: first layout draws (outside every block skipped until near the view).
_FONTS_DRAWN = """() => {
  const first = new Set(), all = new Set();
  for (const element of document.querySelectorAll('body *')) {
    const control = element.matches('input:not([type=hidden]), select, textarea, button');
    if (!control && ![...element.childNodes].some(node => node.nodeType === 3 && node.data.trim())) continue;
    const style = getComputedStyle(element);
    if (style.display === 'none') continue;
    const shape = style.fontStyle === 'normal' ? '' : style.fontStyle + ' ';
    const font = `${shape}${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    all.add(font);
    if (element.checkVisibility({contentVisibilityAuto: true})) first.add(font);
  }
  return [[...first], [...all]];
}"""
FONTS_SET_UP = re.compile(r"<script>\(function\(fonts\)\{.*?\}\)\((\[.*?\])\)</script>")


#: One page of each kind in the French edition.
FRENCH_PAGES = (
    "fr/index.html",
    "fr/rules/play.html",
    "fr/tutorial/cards.html",
    "fr/how-to/calculator.html",
    "fr/play.html",
    "fr/glossary.html",
)


def site_pages(site: Path) -> list[str]:
    """Every HTML page of the English site (not the theme's files nor the sources), then the French
    edition's sample."""
    english = sorted(
        path.relative_to(site).as_posix()
        for path in site.rglob("*.html")
        if not {"_static", "_sources", "_modules", "_images", "fr"} & set(path.relative_to(site).parts)
    )
    return english + [name for name in FRENCH_PAGES if (site / name).is_file()]


def learner_pages(pages: list[str]) -> list[str]:
    """The pages a learner reads through."""
    return [
        name
        for name in pages
        if name.removeprefix("fr/") not in NOT_READ_PAGES
        and not name.removeprefix("fr/").startswith(NOT_READ_THROUGH)
    ]


def phone_checked(site: Path, pages: list[str]) -> set[str]:
    """The pages axe-core checks at a phone's width: all but the API pages, and the shortest of those."""
    api = [name for name in pages if name.startswith(API)]
    shortest = min(api, key=lambda name: (site / name).stat().st_size)
    return {name for name in pages if not name.startswith(API)} | {shortest}


@dataclass
class SitePass:
    """What the pass found on every page."""

    pages: list[str]
    violations: dict[str, dict[str, list[dict[str, Any]]]] = field(default_factory=dict)
    overflow: dict[str, dict[str, Any]] = field(default_factory=dict)
    heights: dict[str, float] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)


def run_pass(chromium: Any, site: Path, site_url: str, pages: list[str], *, heights: bool = True) -> SitePass:
    """Open each of ``pages`` once: axe at both widths, overflow and, with ``heights``, the laid-out
    height on a phone (scrolling through a long page frame by frame is the slowest step of the pass)."""
    if not AXE.is_file():
        pytest.fail(f"axe-core is missing ({AXE}): run npm ci in tutorial/")
    axe = AXE.read_text(encoding="utf-8")
    on_phone = phone_checked(site, site_pages(site))
    opened = new_widget_page(chromium, site_url, **DESKTOP)
    found = SitePass(pages, {name: {} for name in WIDTHS})
    page = opened.page
    # axe-core is set up in each page as it opens, before the page's own scripts (it only defines
    # ``axe`` until it is run): a script the browser compiles once and keeps, where a script tag added
    # to every page sent and compiled its half megabyte anew (a sixth of a second a page).
    page.context.add_init_script(script=axe)
    try:
        for path in pages:
            page.set_viewport_size(DESKTOP)
            page.goto(site_url + path, wait_until="load")
            wait_ready(page)
            found.violations["desktop"][path] = page.evaluate(_AXE_RUN)
            page.set_viewport_size(PHONE)
            if path in on_phone:
                found.violations["phone"][path] = page.evaluate(_AXE_RUN)
            found.overflow[path] = page.evaluate(_STICKING_OUT)
            if heights:
                found.heights[path] = page.evaluate(_LAID_OUT_HEIGHT) / PHONE["height"]
        found.errors = opened.errors
        return found
    finally:
        page.context.close()


@pytest.fixture(scope="module")
def site_pass(chromium: Any, site: Path, site_url: str) -> SitePass:
    """The learner pages (with the French edition's sample); the other pages are opened by
    tests/browser/test_every_page_lookup.py, so that the two halves run side by side."""
    return run_pass(chromium, site, site_url, learner_pages(site_pages(site)))


def check_axe(found: SitePass, width: str) -> None:
    """No page of the pass has an axe-core violation at ``width``, and no page's script failed."""
    pages = {path: violations for path, violations in found.violations[width].items() if violations}
    counts: dict[str, int] = {}
    for violations in pages.values():
        for violation in violations:
            counts[violation["id"]] = counts.get(violation["id"], 0) + len(violation["nodes"])
    report = "\n".join(f"{path}:\n{describe(violations)}" for path, violations in list(pages.items())[:8])
    assert pages == {}, f"{len(pages)} pages, nodes by rule {counts}\n{report}"
    assert found.errors == []


def check_overflow(found: SitePass) -> None:
    """No page of the pass scrolls sideways or sticks out of its column on a phone."""
    wide = {
        path: found for path, found in found.overflow.items() if found["view"] < found["page"] or found["out"]
    }
    assert wide == {}


def test_the_site_has_pages(site: Path) -> None:
    pages = site_pages(site)
    assert len(pages) > 40
    assert "index.html" in pages and "search.html" in pages and "how-to/replay.html" in pages
    assert {"tutorial/first-hand.html", "variants/chambery/index.html", "rules/play.html"} <= set(
        learner_pages(pages)
    )
    assert len(phone_checked(site, pages)) > len(pages) - 30
    assert set(FRENCH_PAGES) <= set(pages), "the French edition is not built"


@pytest.mark.parametrize("width", list(WIDTHS))
def test_axe_finds_nothing_on_any_page(site_pass: SitePass, width: str) -> None:
    check_axe(site_pass, width)


def test_no_page_scrolls_sideways_or_is_cut_on_a_phone(site_pass: SitePass) -> None:
    check_overflow(site_pass)


def test_every_learner_page_fits_in_about_six_phone_screens(site_pass: SitePass) -> None:
    """A long page is hard to read on a phone: the reader loses the thread, the table of contents is out
    of reach in the drawer, and the browser has a page's worth of boxes to lay out before the first
    frame, which made the longest pages' first loads run tasks over 50 milliseconds. So the learner pages
    are kept to about six screens of a 390 by 844 phone (widgets shown as they are once ready), split into
    pages that follow one another when a topic needs more."""
    too_long = {
        name: round(site_pass.heights[name], 1)
        for name in learner_pages(site_pass.pages)
        if site_pass.heights[name] > SCREENS
    }
    assert not too_long, f"longer than {SCREENS} phone screens: {too_long}"
