"""Both editions in one built site: English at the root, French under fr/; every page says its language,
links to its twin (the switcher and hreflang links, each to a page that exists), the French pages are
in French, and the one service worker keeps both editions."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tarot_core.messages import _, use_language
from tests.browser.test_offline import worker_files
from tutorial.sphinxext.languages import SITE_TITLE, plain_title, twin_links
from tutorial.sphinxext.theme_words import NOTICE, THEME_WORDS

ALTERNATE = re.compile(r'<link rel="alternate" hreflang="([a-z]+)" href="([^"]+)">')
#: The pages Sphinx writes from its own templates, without the page body's switcher.
INDEXES = {"genindex.html", "py-modindex.html", "search.html"}
SWITCH = re.compile(r'<nav class="tarot-languages"[^>]*>(.*?)</nav>', re.S)


def pages(site: Path, folder: str = "") -> list[Path]:
    root = site / folder if folder else site
    return sorted(
        path
        for path in root.rglob("*.html")
        if not {"_static", "_sources", "_modules", "_images"} & set(path.relative_to(site).parts)
        and (folder or "fr" not in path.relative_to(site).parts)
    )


def test_twin_links_go_up_to_the_site_and_down_to_the_edition() -> None:
    links = {link["code"]: link["url"] for link in twin_links("rules/play", "rules/play.html", "fr")}
    assert links == {"en": "../../rules/play.html", "fr": "../../fr/rules/play.html"}
    links = {link["code"]: link["url"] for link in twin_links("index", "index.html", "en")}
    assert links == {"en": "index.html", "fr": "fr/index.html"}


def test_every_page_of_both_editions_says_its_language_and_links_its_twin(site: Path) -> None:
    english, french = pages(site), pages(site, "fr")
    assert len(french) == len(english) > 40
    for path in english + french:
        text = path.read_text(encoding="utf-8")
        parts = path.relative_to(site).parts
        language = "fr" if parts[0] == "fr" else "en"
        # The developers' pages stay in English in the French edition too.
        said = "en" if "developers" in parts else language
        assert re.search(rf'<html [^>]*lang="{said}"', text), path
        alternates = dict(ALTERNATE.findall(text))
        assert set(alternates) == {"en", "fr"}, path
        for url in alternates.values():
            assert (path.parent / url).resolve().is_file(), (path, url)
        if path.name in INDEXES:
            continue  # Sphinx's index pages draw their own body: their twin is in the head's links
        switch = SWITCH.search(text)
        assert switch, path
        other = "en" if language == "fr" else "fr"
        assert f'hreflang="{other}"' in switch.group(1) and f'hreflang="{language}"' not in switch.group(1)


def test_the_french_pages_are_in_french(site: Path) -> None:
    home = (site / "fr" / "index.html").read_text(encoding="utf-8")
    assert "Les jeux de cartes du tarot" in home
    rules = (site / "fr" / "rules" / "play.html").read_text(encoding="utf-8")
    assert "fournir" in rules and "Follow suit" not in rules
    calculator = (site / "fr" / "how-to" / "calculator.html").read_text(encoding="utf-8")
    assert "preneur" in calculator
    # The English home page is untouched by the translation.
    assert "Where to start" in (site / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("page", "title"),
    [
        (
            "fr/examples/fft-four.html",
            "Exemples commentés\u00a0: quatre joueurs, donnes 1 à 3 - Jeux de tarot",
        ),
        ("fr/strategy/judging.html", "Cette main vaut-elle une enchère\u00a0? - Jeux de tarot"),
        ("examples/fft-four.html", "Worked examples: four players, deals 1 to 3 - Tarot card games"),
    ],
)
def test_a_page_s_title_keeps_its_no_break_spaces(site: Path, page: str, title: str) -> None:
    """The title a browser's tab and bookmarks show keeps French's no-break space before a colon or a
    question mark (the theme's filter made it an ordinary one), and an English title reads as before."""
    found = re.search(r"<title>([^<]*)</title>", (site / page).read_text(encoding="utf-8"))
    assert found is not None and found[1] == title


def test_a_title_loses_its_tags_and_keeps_its_no_break_spaces() -> None:
    assert plain_title("Exemples commentés\u00a0: <em>quatre</em>\n  joueurs &amp; plus") == (
        "Exemples commentés\u00a0: quatre joueurs & plus"
    )


def test_the_theme_speaks_french_around_a_french_page(site: Path) -> None:
    """The theme's own words (buttons' names, icons' titles, the footer, the site's name) are French on
    every French page but the developers' (which stay in English); an English page keeps them."""
    with use_language("fr"):
        # A word the same in both languages ("Menu") is French too.
        words = [word for word in (*THEME_WORDS, SITE_TITLE) if _(word) != word]
    for path in pages(site, "fr"):
        if "developers" in path.relative_to(site).parts:
            continue
        text = re.sub(r"(?s)<article.*</article>|<script.*?</script>", "", path.read_text(encoding="utf-8"))
        said = {word for word in words if f">{word}<" in text or f'"{word}"' in text}
        said |= {words for words in ("Toggle navigation of", "Made with", NOTICE) if words in text}
        assert not said, (path, said)
    home = (site / "fr" / "index.html").read_text(encoding="utf-8")
    assert "<title>Jeux de tarot</title>" in home, re.findall("<title>[^<]*", home)[:1]
    assert "Back to top" in (site / "index.html").read_text(encoding="utf-8")
    # The search page's word to a reader without JavaScript, inside the page's text.
    search = (site / "fr" / "search.html").read_text(encoding="utf-8")
    assert "Activez JavaScript pour que la recherche fonctionne." in search
    assert "Please activate JavaScript" not in search


def test_the_french_edition_shares_the_runtime_and_the_service_worker(site: Path) -> None:
    assert not (site / "fr" / "sw.js").exists()
    assert not (site / "fr" / "_static" / "tarot-widgets" / "bridge.json").exists()
    listed = worker_files(site)
    assert "fr/index.html" in listed and "fr/how-to/calculator.html" in listed
    calculator = (site / "fr" / "how-to" / "calculator.html").read_text(encoding="utf-8")
    assert "../../_static/tarot-widgets/bridge.json" in calculator
    assert 'register("../sw.js' in (site / "fr" / "index.html").read_text(encoding="utf-8")
    assert (site / "fr" / "searchindex.js").is_file()


#: A number in a table's cell written with a hyphen for its minus (``-25``), or in French with a decimal
#: point (``40.5``) where a French reader writes a comma.
HYPHEN_MINUS = re.compile(r"(?<![\w.-])-\d")
DECIMAL_POINT = re.compile(r"(?<![\w.])\d+\.\d+(?![\w.])")
CELL = re.compile(r"(?s)<td[^>]*>(.*?)</td>")


def test_numbers_in_tables_are_written_as_each_language_writes_them(site: Path) -> None:
    """Scores and points in the pages' tables (worked examples, shares, score sheets): a negative number
    takes the minus sign (−25) in both editions, and a French half point a comma (40,5)."""
    wrong: list[tuple[str, str]] = []
    for path in pages(site) + pages(site, "fr"):
        parts = path.relative_to(site).parts
        if "developers" in parts or ("reference" in parts and "api" in path.stem):
            continue
        french = parts[0] == "fr"
        for cell in CELL.findall(path.read_text(encoding="utf-8")):
            text = re.sub(r"<[^>]+>", "", re.sub(r"(?s)<code.*?</code>", "", cell))
            if HYPHEN_MINUS.search(text) or (french and DECIMAL_POINT.search(text)):
                wrong.append(("/".join(parts), text.strip()))
    assert not wrong, wrong[:10]
