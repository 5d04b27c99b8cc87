"""Glossary links in Chromium: the definition opens on focus, hover and tap, closes with Escape, and is
read with the link; the glossary's letters jump to their entries; the search finds the rule words.

Each definition shown is compared with the glossary page's own entry, as built.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.widget_testing import landed_at, new_widget_page

pytestmark = pytest.mark.browser
TIMEOUT_MS = 20_000


def entry_text(page: Any, anchor: str) -> str:
    """The first sentence of the glossary entry at ``anchor``, as the glossary page shows it."""
    text: str = page.evaluate(
        """(id) => {
            let node = document.getElementById(id);
            while (node.tagName !== "DD") node = node.nextElementSibling;
            return node.textContent;
        }""",
        anchor,
    )
    flat = " ".join(text.split())
    match = re.match(r"(.+?[.!?])(?=\s|$)", flat)
    assert match is not None
    return match.group(1)


def test_a_term_link_opens_its_definition_on_focus_and_hover(chromium: Any, site_url: str) -> None:
    from playwright.sync_api import expect

    opened = new_widget_page(chromium, site_url)
    page = opened.page
    try:
        page.goto(site_url + "reference/deck.html")
        link = page.locator("a.tarot-term[href$='#term-bout']").first
        expect(link).to_have_attribute("aria-describedby", re.compile(r"tarot-term-pop-\d+"))
        assert link.get_attribute("title") is None, "the popover replaces the title tooltip"
        tip = page.locator("#" + str(link.get_attribute("aria-describedby")))
        expect(tip).to_be_hidden()
        expect(tip).to_have_attribute("role", "tooltip")

        link.focus()
        expect(tip).to_be_visible()
        page.keyboard.press("Escape")
        expect(tip).to_be_hidden()
        link.blur()

        link.hover()
        expect(tip).to_be_visible()
        # The popover stays open while the pointer moves onto it, and lies inside the view.
        tip.hover()
        page.wait_for_timeout(400)
        expect(tip).to_be_visible()
        box = tip.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 1200
        page.mouse.move(5, 5)
        expect(tip).to_be_hidden(timeout=TIMEOUT_MS)

        sentence = tip.text_content()
        page.goto(site_url + "glossary.html")
        assert sentence == entry_text(page, "term-bout")
        assert not opened.errors, opened.errors
    finally:
        page.context.close()


def test_a_tap_opens_the_definition_and_a_second_tap_follows_the_link(chromium: Any, site_url: str) -> None:
    from playwright.sync_api import expect

    context = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        page.goto(site_url + "reference/deck.html")
        link = page.locator("a.tarot-term[href$='#term-bout']").first
        link.scroll_into_view_if_needed()
        tip = page.locator("#" + str(link.get_attribute("aria-describedby")))
        link.tap()
        expect(tip).to_be_visible()
        assert page.url.endswith("reference/deck.html"), "the first tap stays on the page"
        box = tip.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        # A tap elsewhere closes it; tapped twice, the link goes to the glossary entry.
        page.locator("h1").first.tap()
        expect(tip).to_be_hidden()
        link.tap()
        expect(tip).to_be_visible()
        link.tap()
        page.wait_for_url(re.compile(r"glossary\.html#term-bout$"))
    finally:
        context.close()


def test_the_glossary_letters_jump_to_their_first_entry(chromium: Any, site_url: str) -> None:
    opened = new_widget_page(chromium, site_url)
    page = opened.page
    try:
        page.goto(site_url + "glossary.html")
        nav = page.get_by_role("navigation", name="Glossary entries by first letter")
        letters = nav.get_by_role("link")
        names = letters.all_text_contents()
        assert names == sorted(names) and len(names) >= 15, names
        # Every letter leads to an entry whose headword starts with that letter.
        for index in range(letters.count()):
            letter = letters.nth(index)
            target = str(letter.get_attribute("href")).lstrip("#")
            word: str = page.evaluate("(id) => document.getElementById(id).textContent.trim()", target)
            plain = word.upper().replace("É", "E")
            assert plain.startswith(letter.text_content() or "?"), (letter.text_content(), word)
        letter_p = letters.filter(has_text=re.compile("^P$")).first
        target = str(letter_p.get_attribute("href"))
        letter_p.click()
        page.wait_for_url(re.compile(re.escape(target) + "$"))
        assert 0 <= landed_at(page, f"[id='{target.lstrip('#')}']")["top"] < 200
    finally:
        page.context.close()


@pytest.mark.parametrize(
    ("query", "entry"),
    [("handful", "term-handful"), ("overtrump", "term-overtrump"), ("poignée", "term-handful")],
)
def test_the_search_puts_the_glossary_entry_first(
    chromium: Any, site_url: str, query: str, entry: str
) -> None:
    opened = new_widget_page(chromium, site_url)
    page = opened.page
    try:
        page.goto(site_url + f"search.html?q={query}")
        first = page.locator("#search-results ul.search li a").first
        first.wait_for(timeout=TIMEOUT_MS)
        href = str(first.get_attribute("href"))
        assert href.startswith("glossary.html#"), href
        anchor = href.split("#", 1)[1]
        page.goto(site_url + "glossary.html")
        # The result's anchor is a name of the expected entry: each name is a <dt> of its own, and the
        # names of one entry share the <dd> that follows them.
        same: bool = page.evaluate(
            """([a, b]) => {
                const definition = (id) => {
                    let node = document.getElementById(id);
                    while (node && node.tagName !== "DD") node = node.nextElementSibling;
                    return node;
                };
                return definition(a) !== null && definition(a) === definition(b);
            }""",
            [anchor, entry],
        )
        assert same, (anchor, entry)
    finally:
        page.context.close()


def test_the_search_finds_the_rule_first_and_marks_the_developers_entries(
    chromium: Any, site_url: str
) -> None:
    """A learner looking up a rule meets the rules page first; the engine's reference and the developers'
    pages come after every learner's page, each marked as theirs."""
    opened = new_widget_page(chromium, site_url)
    page = opened.page
    try:
        page.goto(site_url + "search.html?q=must%20trump")
        links = page.locator("#search-results ul.search > li > a")
        links.first.wait_for(timeout=TIMEOUT_MS)
        assert str(links.first.get_attribute("href")).startswith("rules/play.html")
        page.goto(site_url + "search.html?q=excuse")
        items = page.locator("#search-results ul.search > li")
        items.first.wait_for(timeout=TIMEOUT_MS)
        page.locator("#search-results").get_by_text("for developers").first.wait_for(timeout=TIMEOUT_MS)
        found: list[list[object]] = page.evaluate(
            """() => Array.from(document.querySelectorAll("#search-results ul.search > li")).map((li) =>
                [li.querySelector("a").getAttribute("href"), !!li.querySelector(".tarot-result-mark")])"""
        )
        developers = [str(href).startswith("developers/") for href, _mark in found]
        assert any(developers) and not all(developers), found
        assert developers == sorted(developers), found  # learners' pages first
        assert all(mark == developer for (_href, mark), developer in zip(found, developers, strict=True))
    finally:
        page.context.close()
