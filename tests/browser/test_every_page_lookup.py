"""The other half of the pass over every page (tests/browser/test_every_page.py opens the learner
pages): the pages looked things up in (the glossary, the reference tables, the printable rules, the
developers' pages, Sphinx's indexes) with axe-core at both widths and nothing sticking out on a phone;
and the fonts every page of the site draws first, against the list each page's head sets up early.
The two halves are two modules so that the test run opens them side by side."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_every_page import (
    _FONTS_DRAWN,
    DESKTOP,
    FONTS_SET_UP,
    WIDTHS,
    SitePass,
    check_axe,
    check_overflow,
    learner_pages,
    run_pass,
    site_pages,
)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def lookup_pass(chromium: Any, site: Path, site_url: str) -> SitePass:
    pages = site_pages(site)
    read = set(learner_pages(pages))
    # Their length is theirs to have (tests/browser/test_every_page.py::NOT_READ_THROUGH): no heights.
    return run_pass(chromium, site, site_url, [name for name in pages if name not in read], heights=False)


@pytest.fixture(scope="module")
def fonts_first(chromium: Any, site: Path, site_url: str) -> dict[str, list[str]]:
    """The fonts each page of the site draws in its first layout, its widgets not started (as a reader
    first sees the page)."""
    context = chromium.new_context(viewport=DESKTOP, service_workers="block")
    page = context.new_page()
    page.route("**/tarot-widgets.mjs*", lambda route: route.abort())
    try:
        found: dict[str, list[str]] = {}
        for name in site_pages(site):
            page.goto(site_url + name, wait_until="load")
            found[name] = page.evaluate(_FONTS_DRAWN)[0]
        return found
    finally:
        context.close()


def test_the_pass_opens_the_pages_the_learner_pass_leaves(site: Path, lookup_pass: SitePass) -> None:
    pages = site_pages(site)
    assert sorted(lookup_pass.pages + learner_pages(pages)) == sorted(pages)
    assert "glossary.html" in lookup_pass.pages and "developers/api.html" in lookup_pass.pages


@pytest.mark.parametrize("width", list(WIDTHS))
def test_axe_finds_nothing_on_any_page(lookup_pass: SitePass, width: str) -> None:
    check_axe(lookup_pass, width)


def test_no_page_scrolls_sideways_or_is_cut_on_a_phone(lookup_pass: SitePass) -> None:
    check_overflow(lookup_pass)


def test_the_fonts_set_up_early_are_those_most_pages_draw_first(
    site: Path, fonts_first: dict[str, list[str]]
) -> None:
    """Every page's head sets up, one per task, the fonts that most pages draw in their first layout, so
    that a new tab's first layout does not wait for the browser's font service (docs/conf.py). The list
    must follow the theme: every font drawn first on three pages in five is in it, and every font in it
    is drawn first on at least two pages in five."""
    listed: list[str] | None = None
    for name in fonts_first:
        found = FONTS_SET_UP.findall((site / name).read_text(encoding="utf-8"))
        assert len(found) == 1, f"{name}: {len(found)} font set-up scripts"
        fonts = json.loads(found[0])
        assert listed is None or fonts == listed, f"{name} sets up other fonts"
        listed = fonts
    assert listed
    first_drawn: Counter[str] = Counter()
    for fonts in fonts_first.values():
        first_drawn.update(fonts)
    count = len(fonts_first)
    missing = sorted(font for font, seen in first_drawn.items() if seen >= 0.6 * count and font not in listed)
    rare = sorted(font for font in listed if first_drawn[font] < 0.4 * count)
    assert not missing, f"drawn first on most pages but not set up early: {missing}"
    assert not rare, f"set up early but drawn first on few pages: {rare}"
