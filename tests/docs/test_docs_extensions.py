"""The project's Sphinx extensions on small projects: what they render; a wrong page stops the build."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Sequence
from pathlib import Path

import pytest
from docutils import nodes

from tarot_core.cards import Card
from tarot_core.engine.variant import score_request
from tests.docs.docs_testing import ROOT, Build, parse_page, sphinx_build
from tutorial.pages.tables import load_hand
from tutorial.sphinxext.cards import card_node
from tutorial.sphinxext.engine import estimated_height

FAKE_SCORING = '''
"""A stand-in scorer for these tests: 41 points needed, base 25, the taker is paid by three defenders."""

from tarot_core.errors import RequestError


def score_request(request):
    if "points" not in request:
        raise RequestError("points", "say how many card points the taker won")
    points = request["points"]
    amount = 25 + abs(points - 41)
    won = points >= 41
    per_defender = amount if won else -amount
    return {
        "won": won,
        "breakdown": [
            {"term": "base", "label": "Base value", "value": 25},
            {"term": "difference", "label": "Difference", "value": abs(points - 41), "detail": "from 41"},
        ],
        "scores": {"taker": 3 * per_defender, "partner": None, "defender": -per_defender},
    }


def rows():
    return {"header": ["Card", "Points"], "rows": [["{card}`HK`", 4.5], ["*plain*", "0.5"]], "caption": "Two"}


def bad_rows():
    return {"header": ["A", "B"], "rows": [["only one cell"]]}
'''

#: The extensions of the small projects (a build may add one with ``-D extensions=...``).
EXTENSIONS = [
    "myst_parser",
    "tutorial.sphinxext.engine",
    "tutorial.sphinxext.cards",
    "tutorial.sphinxext.glossary",
]

CONF = f"""
import sys
sys.path.insert(0, {str(ROOT)!r})
sys.path.insert(0, {{here!r}})
extensions = {EXTENSIONS!r}
myst_enable_extensions = ["colon_fence", "deflist"]
tarot_score_function = {{scorer!r}}
"""

GLOSSARY = """
# Words

```{glossary}
chien
dog
  The cards dealt face down to the table. More text follows here.
```
"""


FAKE = "fake_scoring:score_request"


def make_project(tmp_path: Path, index: str, *, scorer: str = FAKE) -> Path:
    source = tmp_path / "src"
    source.mkdir()
    (source / "fake_scoring.py").write_text(FAKE_SCORING, encoding="utf-8")
    (source / "conf.py").write_text(CONF.format(here=str(source), scorer=scorer), encoding="utf-8")
    (source / "index.md").write_text(textwrap.dedent(index), encoding="utf-8")
    (source / "words.md").write_text(GLOSSARY, encoding="utf-8")
    return source


def build(
    tmp_path: Path, index: str, *, builder: str = "html", scorer: str = FAKE, extra: tuple[str, ...] = ()
) -> Build:
    index = textwrap.dedent(index) + "\n```{toctree}\nwords\n```\n"
    source = make_project(tmp_path, index, scorer=scorer)
    return sphinx_build(source, tmp_path / "out", builder=builder, extra=extra)


GOOD_PAGE = """
# Test page

The pack holds {tarot-value}`len(FULL_PACK)` cards and {tarot-value}`format_points(TOTAL_HALF_POINTS)` points;
the garde multiplies by {tarot-value}`fft.FFT_MULTIPLIERS["garde"]`. The {term}`dog` is face down.
Here is a King: {card}`HK`.

```{cards} T21 T1 EX
:caption: The three bouts
:labels:
```

```{tarot-table} fake_scoring:rows
:name: two-rows
```

```{tarot-score}
:expect-won: yes
:expect-taker: 135
:expect-defender: -45
:expect-term: base=25; difference=20
:show-request:
{"points": 61}
```
"""


def test_a_good_page_renders_everything(tmp_path: Path) -> None:
    # Two processes: Sphinx refuses (a warning, an error under -W) extensions not declared parallel-safe.
    result = build(tmp_path, GOOD_PAGE, extra=("-j", "2"))
    assert result.returncode == 0, result.output
    assert "WARNING" not in result.output, result.output
    page = tmp_path / "out" / "index.html"
    html = page.read_text(encoding="utf-8")
    # tarot-value: numbers from the engine
    assert '<span class="tarot-value">78</span>' in html
    assert '<span class="tarot-value">91</span>' in html
    assert '<span class="tarot-value">2</span>' in html
    # tarot-table: a real table, cells read as markup
    assert '<table class="tarot-table' in html and "<em>plain</em>" in html and "4.5" in html
    # tarot-score: verdict, breakdown with its detail column, shares without the absent partner
    assert "The taker wins." in html
    assert "Base value" in html and "from 41" in html
    assert "+135" in html and "\u221245" in html and "-45" not in html and "Partner" not in html
    assert "Each defender" in html
    assert "&quot;points&quot;" in html or '"points"' in html
    # card pictures with alt text, and the files they point to
    images = [attrs for tag, attrs in parse_page(page).tags if tag == "img"]
    alts = [attrs["alt"] for attrs in images]
    assert alts == [
        "King of Hearts",
        "21 of trumps (the Monde)",
        "1 of trumps (the Petit)",
        "The Excuse",
        "King of Hearts",
    ]
    for attrs in images:
        assert (page.parent / attrs["src"]).is_file()
        assert "Roi de cœur" in attrs["title"] or attrs["alt"] != "King of Hearts"
    assert html.count('class="tarot-card-label"') == 3
    # glossary tooltip: the definition's first sentence, and the link still goes to the entry
    links = [
        attrs for tag, attrs in parse_page(page).tags if tag == "a" and "tarot-term" in attrs.get("class", "")
    ]
    assert len(links) == 1
    assert links[0]["title"] == "The cards dealt face down to the table."
    assert links[0]["href"].startswith("words.html#term-")


def test_other_builders_get_card_names_as_text(tmp_path: Path) -> None:
    result = build(tmp_path, GOOD_PAGE, builder="text")
    assert result.returncode == 0, result.output
    text = (tmp_path / "out" / "index.txt").read_text(encoding="utf-8")
    assert "Here is a King: King of Hearts." in text
    assert "21 of trumps (the Monde)" in text


HAND_STEPS_PAGE = """
# Cards dealt apart and laid away

```{tarot-hand-step} fft-4-first-hand
:show: dog
```

```{tarot-hand-step} fft-4-first-hand
:show: discard
```

```{tarot-hand-step} mathers-2-ask
:show: deal
:dog:
```

```{tarot-hand-step} mathers-2-ask
:show: discard
```

```{tarot-hand-step} chambery-4-short-pack-solo
:show: dog
```

```{tarot-hand-step} chambery-4-short-pack-solo
:show: discard
```
"""


def test_hand_steps_name_the_cards_apart_in_each_rule_sets_words(tmp_path: Path) -> None:
    """The cards dealt apart are the dog in French Tarot only: Mathers puts cards aside for the dealer,
    and the Chambéry dealer gets extra cards; in both it is the dealer who lays cards away, not a
    taker (Mathers has none)."""
    extensions = ",".join([*EXTENSIONS, "tutorial.sphinxext.handsteps"])
    result = build(tmp_path, HAND_STEPS_PAGE, builder="text", extra=("-D", f"extensions={extensions}"))
    assert result.returncode == 0, result.output
    page = (tmp_path / "out" / "index.txt").read_text(encoding="utf-8")
    text = " ".join(page.replace("**", "").split())  # a label is in bold: **The dog**
    first, mathers, chambery = (
        load_hand(name) for name in ("fft-4-first-hand", "mathers-2-ask", "chambery-4-short-pack-solo")
    )
    first_final = first.final_round()
    first_taker = first_final.taker
    assert first_taker is not None
    assert f"The dog ({len(first.dog)} cards)" in text
    laid = len(first_final.discard)
    assert f"The discard ({first.seat_name(first_taker)}’s {laid} cards, face down)" in text
    assert f"The cards put aside ({len(mathers.dog)} cards, face down, for the dealer)" in text
    assert f"Thrown out ({mathers.seat_name(mathers.dealer)}’s {len(mathers.dog)} cards, face down)" in text
    assert f"The dealer’s extra cards ({len(chambery.dog)} cards)" in text
    assert f"Laid away ({chambery.seat_name(chambery.dealer)}’s {len(chambery.dog)} cards, face down)" in text
    assert text.count("The dog") == 1


def test_the_real_engine_scores_a_garde(tmp_path: Path) -> None:
    request = {"variant": "fft", "players": 4, "contract": "garde", "oudlers": 2, "points": 56}
    answer = score_request(request)
    scores = answer["scores"]
    assert isinstance(scores, dict)
    page = f"""
    # A garde

    ```{{tarot-score}}
    :expect-won: yes
    :expect-taker: {scores["taker"]}
    :expect-defender: {scores["defender"]}
    {json.dumps(request)}
    ```
    """
    result = build(tmp_path, page, scorer="tarot_core.engine.variant:score_request")
    assert result.returncode == 0, result.output
    html = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert "Contract multiplier" in html and f"+{scores['taker']}" in html


FAILING_PAGES = {
    "won disagrees": (
        '```{tarot-score}\n:expect-won: no\n{"points": 61}\n```\n',
        "the page says won=False, the engine says won=True",
    ),
    "taker share disagrees": (
        '```{tarot-score}\n:expect-taker: 100\n{"points": 61}\n```\n',
        "the page says the taker gets 100, the engine says 135",
    ),
    "defender share disagrees": (
        '```{tarot-score}\n:expect-defender: 45\n{"points": 61}\n```\n',
        "the page says the defender gets 45, the engine says \u221245",
    ),
    "term disagrees": (
        '```{tarot-score}\n:expect-term: base=30\n{"points": 61}\n```\n',
        "the page says term base = 30, the engine says 25",
    ),
    "no partner": (
        '```{tarot-score}\n:expect-partner: 10\n{"points": 61}\n```\n',
        "expects a partner share of 10, the engine gives none",
    ),
    "engine refuses the request": (
        '```{tarot-score}\n{"contract": "garde"}\n```\n',
        "the engine refused the score request: points: say how many card points the taker won",
    ),
    "request is not JSON": ("```{tarot-score}\n{points: 61}\n```\n", "the score request is not valid JSON"),
    "bad expression": ("{tarot-value}`len(NO_SUCH_NAME)`\n", "NameError"),
    "expression syntax": ("{tarot-value}`1 +`\n", "is not a Python expression"),
    "bad card": ("{card}`HX`\n", "'HX' is not a card"),
    "two cards in the role": ("{card}`HK SK`\n", "the card role shows one card"),
    "bad card in a row": ("```{cards} HK ZZ\n```\n", "'ZZ' is not a card"),
    "table rows": ("```{tarot-table} fake_scoring:bad_rows\n```\n", "row 1 of the table has 1 cells but"),
    "table function": ("```{tarot-table} fake_scoring:nothing\n```\n", "has no 'nothing'"),
    "table args": ("```{tarot-table} fake_scoring:rows\n:args: [1]\n```\n", "must be a JSON object"),
}


@pytest.mark.parametrize("case", sorted(FAILING_PAGES))
def test_a_page_the_engine_disagrees_with_stops_the_build(tmp_path: Path, case: str) -> None:
    body, message = FAILING_PAGES[case]
    result = build(tmp_path, f"# Page\n\n{body}")
    assert result.returncode != 0, result.output
    assert message in result.output, result.output
    error_lines = [line for line in result.output.splitlines() if message in line]
    assert any("index.md:" in line and "ERROR" in line for line in error_lines), "the error names the page"


def test_every_disagreement_of_a_build_is_reported(tmp_path: Path) -> None:
    page = "# Page\n\n{tarot-value}`1 +`\n\n" + FAILING_PAGES["won disagrees"][0] + "\n{card}`ZZ`\n"
    result = build(tmp_path, page)
    assert result.returncode != 0
    for message in ("is not a Python expression", "the engine says won=True", "'ZZ' is not a card"):
        assert message in result.output, result.output


def test_a_disagreement_stops_the_build_even_without_w(tmp_path: Path) -> None:
    """Not a warning that a lenient build could ignore: sphinx-build without -W fails as well."""
    import subprocess
    import sys

    source = make_project(tmp_path, '# Page\n\n```{tarot-score}\n:expect-won: no\n{"points": 61}\n```\n')
    (source / "words.md").unlink()
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", "html", str(source), str(tmp_path / "out")],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "the engine disagrees with the page" in done.stderr
    assert "1 engine check(s) failed; the site must not be published" in done.stdout


def _table(rows: Sequence[Sequence[object]], caption: str = "") -> nodes.table:
    """A table as the engine's directives build it: a caption, a header row, the rows' cells."""
    table = nodes.table()
    if caption:
        table += nodes.title(caption, caption)
    group = nodes.tgroup(cols=len(rows[0]))
    table += group
    for kind, part in ((nodes.thead, rows[:1]), (nodes.tbody, rows[1:])):
        section = kind()
        for cells in part:
            row = nodes.row()
            for cell in cells:
                entry = nodes.entry()
                entry += cell if isinstance(cell, nodes.Node) else nodes.paragraph("", str(cell))
                row += entry
            section += row
        group += section
    return table


def test_a_tables_estimated_height_follows_its_rows_texts_and_pictures() -> None:
    one_line = _table([["Card", "Points"], ["King", "4.5"], ["Queen", "3.5"]])
    base = estimated_height(one_line)
    # A header and two rows of one line each, with the table's margins.
    assert base == pytest.approx(2.125 + 3 * 2.0625)
    longer = _table([["Card", "Points"], ["King", "4.5"], ["Queen", "x" * 200]])
    assert estimated_height(longer) == pytest.approx(base + 2 * 1.5)  # 80 characters a line in 2 columns
    more = _table([["Card", "Points"], *([["King", "4.5"]] * 12)])
    assert estimated_height(more) == pytest.approx(base + 10 * 2.0625)
    pictured = _table([["Card", "Points"], [card_node(Card.parse("HK")), "4.5"], ["Queen", "3.5"]])
    assert estimated_height(pictured) == pytest.approx(base - 2.0625 + 3.375)
    captioned = _table([["Card", "Points"], ["King", "4.5"], ["Queen", "3.5"]], caption="c" * 100)
    assert estimated_height(captioned) == pytest.approx(base + 2 * 1.3125)


def test_a_score_verdict_names_the_side_in_the_rule_sets_words() -> None:
    """Chambéry: a soloist plays a bid solo; when nobody bids, the dealer and his called partner play."""
    from tutorial.sphinxext.engine import _playing_side

    assert _playing_side({"variant": "fft", "contract": "garde"}) == "The taker"
    assert _playing_side({"variant": "chambery", "contract": "solo-two-cards"}) == "The soloist"
    assert _playing_side({"variant": "chambery", "contract": "call"}) == "The dealer's side"


NAVIGATION_PAGES = {
    "index.md": """
        # Home

        ```{toctree}
        :caption: Learn
        rules/index
        rules/deep/one
        ```

        ```{toctree}
        :hidden:
        :caption: Look up
        reference
        ```

        ```{toctree}
        https://example.org/
        ```
        """,
    "rules/index.md": """
        # Rules

        ## A section

        ```{toctree}
        play
        deep/two
        ```
        """,
    "rules/play.md": "# Play\n\n## Leading\n\n### Following\n\n## Trumping\n",
    "rules/deep/one.md": "# One\n\n## Inside one\n",
    "rules/deep/two.md": "# Two\n\n```{only} never\nHidden text.\n```\n",
    "reference.md": "# Reference\n\n## Terms\n\n## Tables\n\n### Deeper\n",
}


def test_the_navigation_tree_worked_out_once_is_the_one_sphinx_makes_on_every_page(tmp_path: Path) -> None:
    """tutorial/sphinxext/navigation.py resolves the theme's navigation once a build: on a project with
    captions, a hidden toctree, an outside link, nested folders and sections, every page it writes must
    be the page Sphinx writes by itself, byte for byte."""
    source = tmp_path / "src"
    for name, text in NAVIGATION_PAGES.items():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        (source / name).write_text(textwrap.dedent(text), encoding="utf-8")
    conf = (
        f'import sys\nsys.path.insert(0, {str(ROOT)!r})\nextensions = ["myst_parser"]\nhtml_theme = "furo"\n'
    )
    (source / "conf.py").write_text(conf, encoding="utf-8")
    plain = sphinx_build(source, tmp_path / "plain")
    cached = sphinx_build(
        source, tmp_path / "cached", extra=("-D", "extensions=myst_parser,tutorial.sphinxext.navigation")
    )
    assert plain.returncode == 0 and cached.returncode == 0, plain.output + cached.output
    pages = sorted(path.relative_to(plain.outdir) for path in plain.outdir.rglob("*.html"))
    assert len(pages) >= len(NAVIGATION_PAGES)
    assert pages == sorted(path.relative_to(cached.outdir) for path in cached.outdir.rglob("*.html"))
    for page in pages:
        assert (cached.outdir / page).read_bytes() == (plain.outdir / page).read_bytes(), page
    assert (
        'class="current reference internal" href="#">Play<' in (cached.outdir / "rules/play.html").read_text()
    )
