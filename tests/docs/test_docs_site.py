"""The built site: clean, every page reachable, a complete glossary, nothing fetched from elsewhere."""

from __future__ import annotations

import html
import json
import re
import shutil
import xml.etree.ElementTree as ET
from collections import Counter, deque
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlsplit

import pytest

from tarot_core.cards import FULL_PACK, Card
from tests.docs.docs_testing import DOCS, Build, parse_page, sphinx_build
from tutorial.sphinxext.cardsvg import alt_text
from tutorial.sphinxext.glossary import first_sentence

#: Terms the glossary must define (each a term of an entry, so that ``{term}`` finds it).
REQUIRED_TERMS = [
    # the cards
    "bout", "oudler", "end",
    "Petit", "Pagat", "1 of trumps",
    "Monde", "21", "World", "Mond",
    "Excuse", "Fool", "'Scuse", "Fou",
    "atout", "trump", "couleur", "suit",
    # the deal and the dog
    "chien", "dog", "talon", "kitty",
    "écart", "discard",
    "donne", "deal", "donneur", "dealer", "petit sec",
    # bidding
    "contrat", "contract",
    "prise", "petite", "small", "take",
    "garde", "guard", "keep",
    "garde sans", "garde sans le chien", "guard without",
    "garde contre", "garde contre le chien", "guard against",
    "preneur", "taker", "declarer",
    "défense", "defenders",
    "roi appelé", "called king",
    # announcements
    "poignée", "handful",
    "chelem", "slam", "grand slam",
    "petit au bout", "Pagat ultimo",
    # play
    "levée", "pli", "trick",
    "fournir", "follow suit",
    "couper", "to trump",
    "surcouper", "overtrump",
    "pisser", "sous-couper", "undertrump",
    "défausse", "discard in play",
    "entame", "lead",
    # Chambéry
    "solo", "demanded card", "tarot simplifié",
    # Mathers
    "Tarot Trumps", "Greater Trumps", "Lesser Trumps", "sequence",
]  # fmt: skip


@pytest.fixture(scope="module")
def clean_site(site: Path) -> Path:
    """The built site's folder (``tests/conftest.py`` builds it once per run). A build with warnings
    still writes every page: the tests below check those pages, and ``test_build_is_clean`` alone fails
    for the warnings."""
    assert (site / "index.html").is_file(), f"{site} holds no index.html"
    return site


PAGE_SECTIONS = [
    "tutorial",
    "strategy",
    "examples",
    "rules",
    "variants",
    "reference",
    "explanation",
    "developers",
]


def english_pages(site: Path) -> list[Path]:
    """The English edition's pages (the French edition under fr/ is checked by test_languages.py)."""
    return sorted(path for path in site.rglob("*.html") if path.relative_to(site).parts[0] != "fr")


def _source_pages() -> list[str]:
    """Every page the site is built from, as the HTML path it becomes."""
    pages = []
    for source in DOCS.rglob("*.md"):
        relative = source.relative_to(DOCS)
        if relative.parts[0].startswith("_") or relative.name == "README.md":
            continue
        pages.append(relative.with_suffix(".html").as_posix())
    return sorted(pages)


def test_build_is_clean(site_build: Build) -> None:
    assert site_build.returncode == 0, site_build.output
    assert "WARNING" not in site_build.output and "ERROR" not in site_build.output, site_build.output


def test_every_page_is_reachable_from_the_index(clean_site: Path) -> None:
    seen = {"index.html"}
    queue = deque(["index.html"])
    while queue:
        page = queue.popleft()
        for tag, attrs in parse_page(clean_site / page).tags:
            if tag != "a" or "href" not in attrs:
                continue
            href, _ = urldefrag(attrs["href"])
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or not parts.path.endswith(".html"):
                continue
            target = (Path(page).parent / unquote(parts.path)).as_posix()
            target = str(Path(target)).replace("\\", "/")
            # normalise "a/../b.html"
            resolved = (clean_site / target).resolve().relative_to(clean_site.resolve()).as_posix()
            if resolved not in seen and (clean_site / resolved).is_file():
                seen.add(resolved)
                queue.append(resolved)
    unreachable = [page for page in _source_pages() if page not in seen]
    assert not unreachable, f"pages no link leads to from the index: {unreachable}"


def test_every_section_has_an_index_page(clean_site: Path) -> None:
    for section in PAGE_SECTIONS:
        assert (clean_site / section / "index.html").is_file(), section


def _glossary_terms(clean_site: Path) -> dict[str, str]:
    """Term text -> its anchor id, from the built glossary page."""
    page = (clean_site / "glossary.html").read_text(encoding="utf-8")
    terms = {}
    for match in re.finditer(r'<dt id="([^"]+)">(.*?)<a class="headerlink"', page, re.S):
        text = re.sub(r"<[^>]+>", "", match.group(2)).strip()
        # Sphinx's smart quotes turn 'Scuse into ’Scuse on the page.
        terms[html.unescape(text).replace("\u2018", "'").replace("\u2019", "'")] = match.group(1)
    return terms


def test_glossary_holds_the_required_terms(clean_site: Path) -> None:
    terms = {term.lower() for term in _glossary_terms(clean_site)}
    missing = [term for term in REQUIRED_TERMS if term.lower() not in terms]
    assert not missing, f"terms missing from the glossary: {missing}"


def test_glossary_links_show_the_definition_on_hover(clean_site: Path) -> None:
    page = parse_page(clean_site / "reference" / "deck.html")
    links = [attrs for tag, attrs in page.tags if tag == "a" and "tarot-term" in attrs.get("class", "")]
    assert links, "the deck page links glossary terms"
    for attrs in links:
        assert attrs["href"].startswith("../glossary.html#term-"), attrs
        assert attrs.get("title", "").endswith("."), attrs
    # The tooltip is the first sentence of the entry's definition, as the glossary page shows it.
    glossary = (clean_site / "glossary.html").read_text(encoding="utf-8")
    entry = re.search(r'<dt id="term-bout">.*?<dd>(.*?)</dd>', glossary, re.S)
    assert entry is not None
    definition = html.unescape(re.sub(r"<[^>]+>", "", entry.group(1)))
    bout = next(attrs for attrs in links if attrs["href"].endswith("#term-bout"))
    assert bout["title"] == first_sentence(definition)
    assert bout["title"].startswith("One of the three cards")


_ASSET_ATTRIBUTES = {
    "script": ("src",),
    "link": ("href",),
    "img": ("src", "srcset"),
    "source": ("src", "srcset"),
    "video": ("src", "poster"),
    "audio": ("src",),
    "iframe": ("src",),
    "embed": ("src",),
    "object": ("data",),
    "image": ("href", "xlink:href"),
    "use": ("href", "xlink:href"),
}
_EXTERNAL = re.compile(r"^\s*(https?:)?//", re.I)
_CSS_URL = re.compile(r"""(?:url\(\s*['"]?|@import\s+['"])\s*((?:https?:)?//[^'")\s]+)""", re.I)


def test_no_asset_is_fetched_from_another_site(clean_site: Path) -> None:
    problems: list[str] = []
    for path in sorted(clean_site.rglob("*.html")):
        page = parse_page(path)
        name = path.relative_to(clean_site).as_posix()
        for tag, attrs in page.tags:
            if tag == "link" and not (
                {"stylesheet", "preload", "icon", "modulepreload", "manifest"}
                & set(attrs.get("rel", "").lower().split())
            ):
                continue
            for attribute in _ASSET_ATTRIBUTES.get(tag, ()):
                if _EXTERNAL.match(attrs.get(attribute, "")):
                    problems.append(f"{name}: <{tag} {attribute}={attrs[attribute]!r}>")
            if _CSS_URL.search(attrs.get("style", "")):
                problems.append(f"{name}: <{tag} style> loads {_CSS_URL.search(attrs['style'])}")
        for style in page.styles:
            problems.extend(f"{name}: <style> loads {url}" for url in _CSS_URL.findall(style))
    for path in sorted(clean_site.rglob("*.css")):
        text = path.read_text(encoding="utf-8", errors="replace")
        problems.extend(f"{path.relative_to(clean_site)}: loads {url}" for url in _CSS_URL.findall(text))
    for path in sorted(clean_site.rglob("*.js")):
        text = path.read_text(encoding="utf-8", errors="replace")
        problems.extend(
            f"{path.relative_to(clean_site)}: imports {url}"
            for url in re.findall(r"""\bimport\s*(?:\(|[^'"]*from)\s*['"]((?:https?:)?//[^'"]+)""", text)
        )
    assert not problems, "\n".join(problems)


def test_card_pictures_carry_alt_text(clean_site: Path) -> None:
    cards = {str(card): card for card in FULL_PACK}
    pictures = 0
    for path in english_pages(clean_site):
        for tag, attrs in parse_page(path).tags:
            if tag != "img" or "tarot-card" not in attrs.get("class", "").split():
                continue
            pictures += 1
            notation = Path(urlsplit(attrs["src"]).path).stem
            assert notation in cards, attrs
            assert attrs.get("alt") == alt_text(cards[notation]), attrs
            assert (path.parent / attrs["src"]).resolve().is_file(), f"{path.name}: missing {attrs['src']}"
    assert pictures >= len(FULL_PACK), "the deck page shows every card"


def test_every_card_has_an_svg_file_with_a_title(clean_site: Path) -> None:
    folder = clean_site / "_static" / "cards"
    for card in FULL_PACK:
        root = ET.parse(folder / f"{card}.svg").getroot()
        title = root.find("{http://www.w3.org/2000/svg}title")
        assert title is not None and title.text == alt_text(card)
        assert root.get("role") == "img" and root.get("aria-label") == alt_text(card)
        # Drawn by the project: no embedded raster images, no links out.
        assert root.find(".//{http://www.w3.org/2000/svg}image") is None


def test_numbers_on_the_deck_page_come_from_the_engine(clean_site: Path) -> None:
    html = (clean_site / "reference" / "deck.html").read_text(encoding="utf-8")
    assert f'<span class="tarot-value">{len(FULL_PACK)}</span>' in html
    king = Card.parse("HK")
    assert "King of Hearts" in html and king.french in html


def test_the_rule_sets_table_writes_keys_and_contracts_as_notation(clean_site: Path) -> None:
    """The engine's names for the rule sets and their contracts are what a request or a record writes:
    code, not words, in both editions."""
    for edition in ("", "fr/"):
        html = (clean_site / f"{edition}reference" / "fft-tables.html").read_text(encoding="utf-8")
        assert re.search(r"<code[^>]*><span class=\"pre\">fft-4</span></code>", html), edition
        assert re.search(r"<code[^>]*><span class=\"pre\">garde-sans</span></code>", html), edition
        assert "prise, garde, garde-sans" not in html


@pytest.mark.parametrize("section", PAGE_SECTIONS)
def test_section_index_lists_every_page_of_its_section(section: str) -> None:
    """A section's index gathers its pages, by a :glob: toctree or in an explicit reading order."""
    text = (DOCS / section / "index.md").read_text(encoding="utf-8")
    if ":glob:" in text:
        return
    pages = {path.stem for path in (DOCS / section).glob("*.md")} - {"index"}
    listed = set(text.split())
    missing = sorted(pages - listed)
    assert not missing, f"{section}/index.md does not list {', '.join(missing)}"


def test_doctests_in_the_site_pass(site: Path, tmp_path: Path) -> None:
    """The doctest builder starts from a copy of the HTML build's parsed pages, as ``make html doctest``
    shares them (the pages that use the engine are read again, as on every build)."""
    doctrees = tmp_path / "doctrees"
    extra: tuple[str, ...] = ()
    if (site / ".doctrees" / "environment.pickle").is_file():
        shutil.copytree(site / ".doctrees", doctrees)
        extra = ("-d", str(doctrees))
    build = sphinx_build(DOCS, tmp_path / "doctest", builder="doctest", extra=extra, fresh=not extra)
    assert build.returncode == 0, build.output
    report = (tmp_path / "doctest" / "output.txt").read_text(encoding="utf-8")
    assert "0 failures in tests" in report, report


_SIGNATURE = re.compile(r'<dt class="sig[^"]*"[^>]*id="([^"]+)"[^>]*>(.*?)</dt>', re.S)


def test_no_api_signature_spells_out_a_whole_table(clean_site: Path) -> None:
    """A module-level table (one entry per card, per seat and card...) is described in words, its value
    hidden (``:meta hide-value:``): written out, ``PLAYS`` alone was 82 kB of markup, thousands of
    boxes for the browser to lay out at the top of its page."""
    longest: dict[str, int] = {}
    for path in sorted((clean_site / "developers" / "api").glob("*.html")):
        for ident, markup in _SIGNATURE.findall(path.read_text(encoding="utf-8")):
            longest[ident] = len(markup)
    assert "tarot_core.actions.PLAYS" in longest and "tarot_core.cards.SUIT_OF" in longest
    too_long = {ident: size for ident, size in longest.items() if size > 5000}
    assert not too_long, too_long


_TABLE_WRAPPER = re.compile(r'<div class="table-wrapper tarot-table[^"]*"[^>]*>')
_SCORE_STEP = re.compile(r'<div class="tarot-hand-step tarot-hand-step-score[^"]*"[^>]*>')
_ESTIMATE = re.compile(r' style="--tarot-estimate: (\d+(?:\.\d+)?)rem"')


def test_every_engine_table_carries_its_estimated_height(clean_site: Path) -> None:
    """The block that waits to be laid out is the theme's wrapper of a table: it must carry the height
    the build estimated for its table (and a hand's score sheet, for its tables), or the page stands
    shorter than it is until the reader scrolls through it."""
    estimates: list[float] = []
    for path in sorted(clean_site.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        for tag in [*_TABLE_WRAPPER.findall(text), *_SCORE_STEP.findall(text)]:
            found = _ESTIMATE.search(tag)
            assert found, f"{path.relative_to(clean_site)}: {tag}"
            estimates.append(float(found.group(1)))
    assert len(estimates) > 100
    # From a two-row table to the eighty rows of the deck's: not one size for all.
    assert min(estimates) < 10 and max(estimates) > 40


_ID = re.compile(r'\sid="([^"]+)"')


def test_no_page_has_an_id_twice(clean_site: Path) -> None:
    """An id names one element: the theme's table wrapper used to repeat its table's."""
    repeated: dict[str, list[str]] = {}
    for path in sorted(clean_site.rglob("*.html")):
        if "_static" in path.parts:
            continue
        counts = Counter(_ID.findall(path.read_text(encoding="utf-8")))
        twice = sorted(name for name, count in counts.items() if count > 1)
        if twice:
            repeated[path.relative_to(clean_site).as_posix()] = twice[:5]
    assert not repeated, repeated


_CALCULATOR = re.compile(r'<section class="tarot-widget tw-calculator[^"]*" id="([^"]+)"[^>]*>')
_CONFIG = re.compile(r"data-config='([^']*)'")


def test_the_calculator_that_keeps_the_address_has_the_id_its_links_end_with(clean_site: Path) -> None:
    """The address a calculator writes ends with ``#calculator``: on each page exactly the calculator
    that writes it (the first one not marked ``:no-url:``) carries that id."""
    owners: dict[str, str] = {}
    for path in english_pages(clean_site):
        name = path.relative_to(clean_site).as_posix()
        calculators: list[tuple[str, bool]] = []
        for found in _CALCULATOR.finditer(path.read_text(encoding="utf-8")):
            config = _CONFIG.search(found.group(0))
            assert config, found.group(0)
            calculators.append((found.group(1), json.loads(html.unescape(config.group(1)))["url_state"]))
        keeping = [ident for ident, keeps in calculators if keeps]
        if keeping:
            owners[name] = keeping[0]
        others = [ident for ident, _ in calculators if ident != owners.get(name)]
        # The others keep the ids the widgets are numbered by (the scoring page has three of them).
        assert all(re.fullmatch(r"tw\d+-calculator", ident) for ident in others), (name, calculators)
    # The calculator's own page and the three pages of the historical rule sets.
    assert owners == {
        "how-to/calculator.html": "calculator",
        "variants/chambery/scoring-three.html": "calculator",
        "variants/classic/try-it.html": "calculator",
        "variants/mathers/options.html": "calculator",
    }


_ICON = re.compile(r'<link rel="(?:shortcut )?icon" href="([^"]+)"')


def test_every_page_names_the_sites_icon(clean_site: Path) -> None:
    """Without an icon named in the page, a browser asks the server for /favicon.ico, which is not there."""
    icons: set[Path] = set()
    for path in english_pages(clean_site):
        if "_static" in path.parts:
            continue
        found = _ICON.findall(path.read_text(encoding="utf-8"))
        assert len(found) == 1, f"{path.relative_to(clean_site)}: {found}"
        icons.add((path.parent / found[0]).resolve())
    assert icons == {(clean_site / "_static" / "favicon.svg").resolve()}
    drawing = ET.parse(clean_site / "_static" / "favicon.svg").getroot()
    assert drawing.tag == "{http://www.w3.org/2000/svg}svg"


# ------------------------------------------------------------------ tricks shown on the pages

_TRICK = re.compile(
    r'<div class="tarot-cards tarot-cards-medium tarot-trick[^"]*">.*?'
    r"<strong>Trick (\d+) of (\d+)</strong> of the deal “([^”]+)”(.*?)</div>",
    re.S,
)


def _tricks(page: Path) -> list[tuple[int, int, str, str]]:
    text = page.read_text(encoding="utf-8")
    return [
        (int(n), int(total), html.unescape(title), body) for n, total, title, body in _TRICK.findall(text)
    ]


def test_each_static_trick_names_its_deal_and_marks_the_engines_winner(clean_site: Path) -> None:
    from tutorial.pages.tables import load_hand

    titles = {}
    for record in (DOCS.parent / "tutorial" / "hands").glob("*.json"):
        hand = load_hand(record.stem)
        titles[hand.title] = hand
    seen = 0
    for page in english_pages(clean_site):
        for number, total, title, body in _tricks(page):
            assert title in titles, (page, title)
            final = titles[title].final_round()
            assert total == len(final.tricks)
            trick = final.tricks[number - 1]
            assert trick.winner is not None
            winners = re.findall(r'tarot-trick-winner"><strong>([^<]+)</strong>', body)
            assert winners == [html.escape(titles[title].seat_name(trick.winner), quote=False)], (
                page,
                number,
            )
            assert body.count(" wins</span>") == 1
            seen += 1
    assert seen >= 10


def test_the_tutorial_shows_its_tricks_in_the_order_they_were_played(clean_site: Path) -> None:
    numbers = [number for number, _, _, _ in _tricks(clean_site / "tutorial" / "first-hand-play.html")]
    assert len(numbers) >= 5 and numbers == sorted(numbers), numbers


def test_the_tutorials_handful_says_why_the_excuse_is_in_it(clean_site: Path) -> None:
    from tutorial.pages.tables import load_hand

    shown = load_hand("fft-4-first-hand").final_round().handfuls[0][2]
    assert any(card.is_excuse for card in shown), "the sample handful no longer shows the Excuse"
    text = (clean_site / "tutorial" / "first-hand-play.html").read_text(encoding="utf-8")
    assert "stand in" in text and "no other trump is left" in text
    # The handful's own label counts the trumps and the Excuse apart.
    trumps = sum(1 for card in shown if card.is_trump)
    assert f"handful: {trumps} trumps and the Excuse" in text


def test_the_home_page_names_the_rule_sets_and_the_nineteenth_century_book(clean_site: Path) -> None:
    text = html.unescape(re.sub(r"<[^>]+>", "", (clean_site / "index.html").read_text(encoding="utf-8")))
    assert "Mathers" in text and "1888" in text and "19th-century book" in text
    assert "Chambéry" in text and "Diátaxis" not in text and "the build stops" not in text


def test_learner_pages_show_no_card_codes_under_the_pictures(clean_site: Path) -> None:
    """The notation (SK, T21, EX) is shown under card pictures only in the deck reference, its key."""
    for section in ("tutorial", "strategy", "rules", "examples"):
        for page in (clean_site / section).rglob("*.html"):
            assert 'class="tarot-card-label"' not in page.read_text(encoding="utf-8"), page
    assert 'class="tarot-card-label"' in (clean_site / "reference" / "deck.html").read_text(encoding="utf-8")


def test_learner_pages_leave_the_engine_to_the_developers_section(clean_site: Path) -> None:
    """API calls, command lines and the action notation are on the developers' pages, not the learners'."""
    talk = re.compile(
        r"find_variant|python -m tarot_core|tarot_core\.|Diátaxis|the build stops|In the engine"
    )
    for section in ("tutorial", "strategy", "rules", "variants", "examples", "how-to", "explanation"):
        for page in (clean_site / section).rglob("*.html"):
            text = re.sub(r"<[^>]+>", " ", page.read_text(encoding="utf-8"))
            found = talk.search(html.unescape(text))
            assert found is None, (page, found.group(0) if found else "")
