"""The printable rules in Chromium: on paper the theme's furniture is gone, the text takes the sheet,
and each rule set prints on two to four A4 sheets."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

PRINT_PAGES = ["french-tarot", "older-french", "mathers", "chambery"]


@pytest.fixture(scope="module")
def page(chromium: Any) -> Iterator[Any]:
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.mark.parametrize("name", PRINT_PAGES)
def test_printed_page_shows_only_the_text(page: Any, site_url: str, name: str) -> None:
    page.goto(f"{site_url}print/{name}.html")
    page.emulate_media(media="print")
    try:
        hidden = page.evaluate(
            """() => ['.sidebar-drawer', '.toc-drawer', '.mobile-header', '.back-to-top', 'footer']
                .flatMap((selector) => [...document.querySelectorAll(selector)])
                .filter((element) => getComputedStyle(element).display !== 'none')
                .map((element) => element.className || element.tagName)"""
        )
        assert hidden == [], f"{name}: still shown on paper: {hidden}"
        layout = page.evaluate(
            """() => {
                const main = document.querySelector('article[role="main"]');
                const style = getComputedStyle(document.body);
                return {main: main.getBoundingClientRect().width, page: document.documentElement.clientWidth,
                        color: style.color, background: style.backgroundColor};
            }"""
        )
        assert layout["main"] >= 0.9 * layout["page"], layout
        assert layout["color"] == "rgb(0, 0, 0)", layout
        assert layout["background"] == "rgb(255, 255, 255)", layout
    finally:
        # "null" ends the emulation: an emulated "screen" would also be what page.pdf() prints.
        page.emulate_media(media="null")


@pytest.mark.parametrize("name", PRINT_PAGES)
def test_each_rule_set_prints_on_two_to_four_sheets(page: Any, site_url: str, name: str) -> None:
    page.goto(f"{site_url}print/{name}.html")
    for paper in ("A4", "Letter"):
        pdf = page.pdf(format=paper)
        sheets = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
        assert 2 <= sheets <= 4, f"{name} prints on {sheets} {paper} sheets"
