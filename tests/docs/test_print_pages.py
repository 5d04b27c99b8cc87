"""The printable one-page rules: one per rule set, every part of the game, house rules marked as such,
cards written in words, and the print stylesheet linked for paper only."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tests.docs.docs_testing import DOCS, parse_page

#: The printable pages, by rule set.
PRINT_PAGES = ["french-tarot", "older-french", "mathers", "chambery"]

#: Every page covers these parts of the game, each under a heading of its own that names it.
REQUIRED_SECTIONS = ["deal", "bidding", "play", "counting", "scoring", "house rules"]

#: A card written in the notation (``HK``, ``S10``, ``T21``, ``EX``) instead of in words.
CARD_CODE = re.compile(r"\b(?:[SHDC](?:10|[1-9]|[JCQK])|T(?:2[01]|1[0-9]|[1-9])|EX)\b")


@pytest.fixture(scope="module")
def outdir(site: Path) -> Path:
    """The built site (``tests/conftest.py`` builds it once per run, strictly)."""
    assert (site / "print" / "index.html").is_file(), f"{site} holds no print/index.html"
    return site


def _main_html(path: Path) -> str:
    """The HTML of the page's own text (the theme's navigation left out)."""
    page = path.read_text(encoding="utf-8")
    match = re.search(r'<article[^>]*role="main"[^>]*>(.*)</article>', page, re.S)
    assert match, f"{path} has no main article"
    return match.group(1)


def _text(fragment: str) -> str:
    fragment = re.sub(r"<(script|style)\b.*?</\1>", " ", fragment, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment))


def _headings(fragment: str, level: int) -> list[str]:
    return [
        " ".join(_text(inner).replace("¶", "").split())
        for inner in re.findall(rf"<h{level}[^>]*>(.*?)</h{level}>", fragment, re.S)
    ]


def _section(fragment: str, anchor: str) -> str:
    """The section whose id ends with ``anchor`` (a label before a heading replaces its own id)."""
    match = re.search(rf'<section id="[^"]*{anchor}">(.*?)</section>', fragment, re.S)
    assert match, f"no section #...{anchor}"
    return match.group(1)


def test_print_index_lists_every_page(outdir: Path) -> None:
    index = _main_html(outdir / "print" / "index.html")
    for name in PRINT_PAGES:
        assert f'href="{name}.html"' in index, name


@pytest.mark.parametrize("name", PRINT_PAGES)
def test_page_has_every_part_of_the_game(outdir: Path, name: str) -> None:
    headings = [heading.lower() for heading in _headings(_main_html(outdir / "print" / f"{name}.html"), 2)]
    for part in REQUIRED_SECTIONS:
        assert any(part in heading for heading in headings), f"{name}: no heading on {part!r}: {headings}"


@pytest.mark.parametrize("name", PRINT_PAGES)
def test_page_has_a_worked_example_from_the_engine(outdir: Path, name: str) -> None:
    main = _main_html(outdir / "print" / f"{name}.html")
    assert "Example" in _headings(main, 3)
    assert 'class="tarot-score' in main, f"{name}: the example is not scored by the engine"


@pytest.mark.parametrize("name", PRINT_PAGES)
def test_every_house_rule_is_marked(outdir: Path, name: str) -> None:
    section = _section(_main_html(outdir / "print" / f"{name}.html"), "house-rules")
    items = [" ".join(_text(item).split()) for item in re.findall(r"<li>(.*?)</li>", section, re.S)]
    assert len(items) >= 3, f"{name}: only {len(items)} house rules"
    for item in items:
        assert item.startswith("House rule"), f"{name}: a house rule not marked as such: {item!r}"
    opening = re.search(r"<p>(.*?)</p>", section, re.S)
    assert opening and re.search(r"\bnot\b", _text(opening.group(1)), re.I), (
        f"{name}: the house rules do not say first that they are not the rule set's own"
    )


@pytest.mark.parametrize("name", [*PRINT_PAGES, "index"])
def test_no_card_codes_in_the_text(outdir: Path, name: str) -> None:
    text = _text(_main_html(outdir / "print" / f"{name}.html"))
    codes = sorted(set(CARD_CODE.findall(text)))
    assert not codes, f"{name}: cards written as codes: {codes}"


@pytest.mark.parametrize("name", [*PRINT_PAGES, "index"])
def test_print_stylesheet_is_for_paper_only(outdir: Path, name: str) -> None:
    links = [
        attrs
        for tag, attrs in parse_page(outdir / "print" / f"{name}.html").tags
        if tag == "link" and attrs.get("rel") == "stylesheet"
    ]
    printed = [attrs for attrs in links if attrs.get("href", "").split("?")[0].endswith("_static/print.css")]
    assert len(printed) == 1, f"{name}: print.css linked {len(printed)} times"
    assert printed[0].get("media") == "print"
    assert (outdir / "_static" / "print.css").is_file()


def test_print_stylesheet_hides_the_theme() -> None:
    css = (DOCS.parent / "tutorial" / "web" / "theme" / "print.css").read_text(encoding="utf-8")
    for selector in (".sidebar-drawer", ".toc-drawer", ".mobile-header", ".back-to-top", "footer"):
        assert selector in css, selector
    assert "break-inside: avoid" in css
    assert "@page" in css


def test_rules_and_variants_link_to_their_print_pages(outdir: Path) -> None:
    rules = _main_html(outdir / "rules" / "index.html")
    assert 'href="../print/french-tarot.html"' in rules
    variants = _main_html(outdir / "variants" / "index.html")
    for name in ("older-french", "mathers", "chambery"):
        assert f'href="../print/{name}.html"' in variants, name
