"""The theme as the site serves it: the theme's own script (theme toggle, header shadow, back-to-top
button, current section in the table of contents) with the site's additions beside it
(tutorial/web/theme/tarot-theme.js), and the page layout they work on. Pages without widgets, so Pyodide
never starts."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.widget_testing import landed_at

pytestmark = pytest.mark.browser

PAGE = "tutorial/first-hand-play.html"


@pytest.fixture
def page(chromium: Any, site_url: str) -> Iterator[Any]:
    # No service worker: the requests it answers from its cache would pass by the routes of the tests.
    context = chromium.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    opened = context.new_page()
    # The page's widgets are not under test here: their script is not loaded.
    opened.route("**/tarot-widgets.mjs*", lambda route: route.abort())
    try:
        yield opened
    finally:
        context.close()


def test_the_site_serves_the_themes_own_script(site: Path) -> None:
    """A rewritten copy of the theme's script would be silently broken by a theme upgrade; once the long
    pages were split it no longer made their first load any shorter (developers/performance), so the
    theme's script is served as the theme ships it and the site's additions are a script of their own."""
    import importlib.util

    spec = importlib.util.find_spec("furo")
    assert spec is not None and spec.origin is not None
    theme = Path(spec.origin).parent / "theme" / "furo" / "static" / "scripts" / "furo.js"
    served = site / "_static" / "scripts" / "furo.js"
    assert served.read_bytes() == theme.read_bytes()
    page = (site / "rules" / "play.html").read_text(encoding="utf-8")
    assert re.search(r'<script defer="defer" src="[./]*_static/tarot-theme\.js', page), "no tarot-theme.js"


def test_the_theme_toggle_cycles_and_is_remembered(page: Any, site_url: str) -> None:
    page.goto(site_url + PAGE, wait_until="load")
    assert page.evaluate("document.documentElement.classList.contains('no-js')") is False
    assert page.evaluate("document.body.dataset.theme") == "auto"
    button = page.locator(".theme-toggle:visible").first
    seen = []
    for _ in range(3):
        button.click()
        seen.append(page.evaluate("document.body.dataset.theme"))
    # Auto (light) -> dark -> light -> auto, as the theme does when the system prefers light.
    assert seen == ["dark", "light", "auto"]
    page.locator(".theme-toggle:visible").first.click()
    page.reload(wait_until="load")
    assert page.evaluate("document.body.dataset.theme") == "dark"


def test_scrolling_marks_the_header_and_the_current_section(page: Any, site_url: str) -> None:
    page.goto(site_url + PAGE, wait_until="load")
    header = "document.querySelector('header').classList.contains('scrolled')"
    current = "document.querySelector('.toc-tree .scroll-current > a')?.getAttribute('href') ?? null"
    page.wait_for_timeout(300)
    # At the top of the page no section is current yet (as with the theme's own script).
    assert page.evaluate(header) is False
    assert page.evaluate(current) is None
    page.mouse.wheel(0, 3000)
    page.wait_for_function(f"({current}) !== null")
    page.wait_for_function(header)
    assert page.evaluate(current) in page.evaluate(
        "[...document.querySelectorAll('.toc-tree a')].map((a) => a.getAttribute('href'))"
    )
    # Scrolling back up a little shows the back-to-top button.
    page.mouse.wheel(0, -300)
    page.wait_for_function("document.documentElement.classList.contains('show-back-to-top')")


def test_a_link_to_a_section_lands_on_it(page: Any, site_url: str) -> None:
    """Blocks laid out only near the view (content-visibility) must not make a link stop short."""
    page.goto(site_url + PAGE, wait_until="load")
    targets = page.evaluate(
        "[...document.querySelectorAll('.toc-tree a')].map((a) => a.getAttribute('href'))"
    )
    assert len(targets) > 3
    landed = (
        "(id) => { const target = document.getElementById(id);"
        " const margin = parseFloat(getComputedStyle(target).scrollMarginTop) || 0;"
        " return Math.abs(target.getBoundingClientRect().top - margin) <= 4; }"
    )
    # Opened from another page: the last section, far below blocks never laid out yet.
    last = targets[-1][1:]
    page.goto(site_url + "index.html", wait_until="load")
    page.goto(f"{site_url}{PAGE}#{last}", wait_until="load")
    page.wait_for_function(landed, arg=last, timeout=15_000)
    # Followed within the page: a section in the middle, from the top.
    page.evaluate("window.scrollTo({ top: 0, behavior: 'instant' })")
    middle = targets[len(targets) // 2][1:]
    page.evaluate("(id) => document.querySelector(`.toc-tree a[href='#${id}']`).click()", middle)
    page.wait_for_function(landed, arg=middle, timeout=15_000)


#: What the page tells its scripts of the scrolls: no scrollend event ever reaches them, as when a busy
#: machine has run the frames in which a scroll ended before the script started to listen.
_NO_SCROLLEND = """window.addEventListener("scrollend", (event) => event.stopImmediatePropagation(), true);"""

#: Where a section is from its place at the top of the view, less its scroll margin (0: on it).
_GAP = """(id) => { const target = document.getElementById(id);
  const margin = parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
  return target.getBoundingClientRect().top - margin; }"""


def _middle_section(page: Any) -> str:
    """The id of the section in the middle of a page's table of contents."""
    targets: list[str] = page.evaluate(
        "[...document.querySelectorAll('.toc-tree a')].map((a) => a.getAttribute('href'))"
        ".filter((href) => href.length > 1)"
    )
    return targets[len(targets) // 2][1:]


#: A long page whose blocks above its middle section are far from their estimated heights.
LONG_PAGE = "developers/performance.html"


def test_a_link_lands_although_no_scrollend_comes(page: Any, site_url: str) -> None:
    """The landing reads the end of a scroll from the view's position, frame by frame: with the
    scrollend event gone, a link followed from the top of a long page still lands on its section,
    where the browser's own scroll stops short of it (checked first, so that the test can fail)."""
    page.add_init_script(_NO_SCROLLEND)
    page.goto(site_url + LONG_PAGE, wait_until="load")
    middle = _middle_section(page)
    page.evaluate("(id) => document.getElementById(id).scrollIntoView()", middle)
    short = landed_at(page, f"[id='{middle}']")
    assert abs(short["top"]) > 4, short
    # A fresh page, whose blocks have their estimated heights again (opened anew: a reload would
    # restore the scroll position).
    page.goto(site_url + "index.html", wait_until="load")
    page.goto(site_url + LONG_PAGE, wait_until="load")
    assert page.evaluate("window.scrollY") == 0
    page.evaluate("(id) => document.querySelector(`.toc-tree a[href='#${id}']`).click()", middle)
    assert abs(landed_at(page, f"[id='{middle}']")["top"]) <= 4, page.evaluate(_GAP, middle)


def test_a_link_from_another_page_lands_on_a_phone(page: Any, site_url: str) -> None:
    """On a phone the long page is three times as tall and its header takes a margin: a link from
    another page to its middle section still lands there, under the header."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + LONG_PAGE, wait_until="load")
    middle = _middle_section(page)
    page.goto(site_url + "index.html", wait_until="load")
    page.goto(f"{site_url}{LONG_PAGE}#{middle}", wait_until="load")
    landed = landed_at(page, f"[id='{middle}']")
    assert abs(landed["top"]) <= 4 and landed["margin"] > 0, (landed, page.evaluate(_GAP, middle))


def test_a_link_followed_again_lands_again(page: Any, site_url: str) -> None:
    """A link to the section already in the address makes no hashchange, yet the browser scrolls
    there again: it lands as the first time, on a page whose blocks were never laid out."""
    page.goto(site_url + LONG_PAGE, wait_until="load")
    middle = _middle_section(page)
    # The address names the section while the view stays at the top of a fresh page.
    page.evaluate("(id) => history.replaceState(null, '', '#' + id)", middle)
    assert page.evaluate("window.scrollY") == 0
    page.evaluate("(id) => document.querySelector(`.toc-tree a[href='#${id}']`).click()", middle)
    assert abs(landed_at(page, f"[id='{middle}']")["top"]) <= 4, page.evaluate(_GAP, middle)


def test_a_link_to_a_table_lands_on_it(page: Any, site_url: str) -> None:
    """A table's id is on the table (the theme's wrapper, the block laid out only near the view, has
    none), and a link to it, from another page or from its caption, brings it to the top of the view
    (less the theme's scroll margin) once the scroll has stopped."""
    page.goto(site_url + "index.html", wait_until="load")
    page.goto(f"{site_url}reference/deck.html#trumps-table", wait_until="load")
    assert page.evaluate("document.getElementById('trumps-table').tagName") == "TABLE"
    assert abs(landed_at(page, "#trumps-table")["top"]) <= 4
    page.evaluate("window.scrollTo({ top: 0, behavior: 'instant' })")
    page.evaluate("document.querySelector('#clubs-table caption a.headerlink').click()")
    assert abs(landed_at(page, "#clubs-table")["top"]) <= 4


#: Clicks the link to a section and notes the scroll position at each of the next 30 frames.
_POSITIONS_AFTER_CLICK = """(id) => new Promise((resolve) => {
  const positions = [];
  const look = () => {
    positions.push(Math.round(scrollY));
    if (positions.length < 30) requestAnimationFrame(look); else resolve(positions);
  };
  document.querySelector(`.toc-tree a[href='#${id}']`).click();
  requestAnimationFrame(look);
})"""

#: How the page moves things: the document's scroll behaviour and the transitions of the drawers (shut
#: and open) and of the skip link.
_MOTION_STYLES = """() => {
  const transition = (selector) => getComputedStyle(document.querySelector(selector)).transitionDuration;
  const read = () => ({ sidebar: transition(".sidebar-drawer"), toc: transition(".toc-drawer") });
  const shut = read();
  document.getElementById("__navigation").checked = true;
  document.getElementById("__toc").checked = true;
  const open = read();
  return {
    scroll: getComputedStyle(document.documentElement).scrollBehavior,
    shut, open, skip: transition(".skip-to-content"),
  };
}"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_page_moves_only_when_the_reader_allows_motion(chromium: Any, site_url: str, motion: str) -> None:
    """With the system's setting for less motion a link jumps to its section (and again, at once, if the
    blocks on the way took other heights than their estimates), and the drawers and the skip link appear
    without sliding; without it, the theme's smooth scroll and slides stay (checked too, so that the
    first check can fail)."""
    context = chromium.new_context(
        viewport={"width": 390, "height": 844}, reduced_motion=motion, service_workers="block"
    )
    try:
        page = context.new_page()
        page.route("**/tarot-widgets.mjs*", lambda route: route.abort())
        page.goto(site_url + LONG_PAGE, wait_until="load")
        styles = page.evaluate(_MOTION_STYLES)
        page.reload(wait_until="load")
        middle = _middle_section(page)
        positions = page.evaluate(_POSITIONS_AFTER_CLICK, middle)
        # The positions the view stopped at, with the frames it stayed at each, in order
        # (from the first frame that has left the top: the jump may wait for the next frame).
        stops = [(y, len(list(run))) for y, run in itertools.groupby(positions) if y > 0]
        if motion == "reduce":
            assert styles == {
                "scroll": "auto",
                "shut": {"sidebar": "0s", "toc": "0s"},
                "open": {"sidebar": "0s", "toc": "0s"},
                "skip": "0s",
            }
            # A jump, then the browser's own keeping of its place as the blocks near the view take their
            # real heights (in the next frame or the one after, by a sub-pixel step too), then one for
            # each of the landing's corrections: a handful of positions, where a smooth scroll passes
            # through one a frame. Steps of a pixel or two are the same position, rounded.
            moves: list[int] = []
            for y, _ in stops:
                if not moves or abs(y - moves[-1]) > 2:
                    moves.append(y)
            assert len(moves) <= 4 and stops[-1][1] > 1 and positions[-1] > 0, str(positions)
        else:
            assert styles["scroll"] == "smooth" and styles["skip"] != "0s", styles
            assert "0s" not in {*styles["shut"].values(), *styles["open"].values()}, styles
            # A smooth scroll over thousands of pixels passes through a position a frame.
            assert sum(frames == 1 for _, frames in stops) > 5, str(positions)
        assert abs(landed_at(page, f"[id='{middle}']")["top"]) <= 4
    finally:
        context.close()


# The sum of the layout shifts the browser reports for the page (the Layout Instability interface),
# all of them: the page is not touched.
_LAYOUT_SHIFT = """window.__layoutShift = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__layoutShift += entry.value;
}).observe({ type: "layout-shift", buffered: true });"""


@pytest.mark.parametrize(
    ("docname", "width", "height"),
    [
        *[
            (docname, 390, 844)
            for docname in [
                "tutorial/first-hand",
                "variants/chambery/index",
                "variants/chambery/deal-and-bidding",
                "explanation/excuse",
                "rules/scoring",
                "developers/formats",
                "explanation/counting",
                "developers/performance",
                "developers/api/deal",
                "genindex",
            ]
        ],
        ("tutorial/first-hand", 1280, 800),
        ("developers/performance", 1280, 800),
    ],
)
def test_a_page_does_not_move_while_it_loads(
    chromium: Any, site_url: str, docname: str, width: int, height: int
) -> None:
    """The paragraphs of a page's first screen are laid out with it, not first at an estimated height:
    the layout shifts of a load stay under 0.1 (what the web's usual measure of it calls good). On a
    phone these pages moved by 0.2 to 0.4 before the opening paragraphs (and an API page's first
    entry, and the index's first letters) were. (The widgets' script is left out: its loading
    notices go when Python is ready, a shift of their own.)"""
    context = chromium.new_context(viewport={"width": width, "height": height}, service_workers="block")
    try:
        opened = context.new_page()
        opened.route("**/tarot-widgets.mjs*", lambda route: route.abort())
        opened.add_init_script(_LAYOUT_SHIFT)
        opened.goto(f"{site_url}{docname}.html", wait_until="load")
        opened.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 300)))")
        shift: float = opened.evaluate("window.__layoutShift")
        assert shift < 0.1, f"{docname} at {width} px: layout shifts add up to {shift:.3f}"
    finally:
        context.close()


@pytest.mark.parametrize(
    "docname", ["variants/chambery/scoring-three", "rules/shares", "tutorial/first-hand-score"]
)
def test_no_form_control_waits_inside_a_skipped_block(page: Any, site_url: str, docname: str) -> None:
    """Chromium lays out the select lists just after DOMContentLoaded: one inside a block skipped with
    ``content-visibility: auto`` forces the whole block's style and layout there and then, block after
    block, in one long task. So the widgets' select lists stay outside skipped blocks (tabs that hold a
    widget are not skipped either), and only the widgets' boards and results are skipped."""
    page.goto(f"{site_url}{docname}.html", wait_until="load")
    report = page.evaluate(
        """() => {
          const inside = [];
          for (const control of document.querySelectorAll('[role="main"] select')) {
            for (let node = control.parentElement; node; node = node.parentElement) {
              if (getComputedStyle(node).contentVisibility === 'auto') {
                inside.push(`${control.id || control.name} in ${node.className || node.tagName}`);
                break;
              }
            }
          }
          const parts = '.tarot-widget > .tw-stage, .tarot-widget > .tw-result';
          const skipped = [...document.querySelectorAll(parts)]
            .filter((part) => getComputedStyle(part).contentVisibility === 'auto').length;
          return {
            controls: document.querySelectorAll('[role="main"] select').length,
            parts: document.querySelectorAll(parts).length,
            inside, skipped,
          };
        }"""
    )
    assert report["controls"] > 0 and report["parts"] > 0
    assert report["inside"] == []
    assert report["skipped"] == report["parts"]


#: Skipped blocks whose margins tarot.css sets so that, once shown, they move nothing: the first two
#: take the margins that ran out through their edges, the others hold no margin of their children.
_SKIPPED_WITHOUT_A_TRACE = (
    "dl.py:is(.method, .function, .attribute, .property, .data) > dd",
    '[role="main"] .tarot-hand-step',
    "dl.py:is(.class, .exception) > dd > p",
    "dl.py:is(.class, .exception) > dd > dl.field-list p",
    ".toc-tree li li li",
)
#: Where tarot.css's section on the rendering cost of long pages starts: it runs to the end of the file.
_SKIPPING_SECTION = "/* ---- rendering cost of long pages"


_API_SKIPS = (0, 2, 3, 4)  # the API pages skip all of these; the other pages, the hand steps (1)


@pytest.mark.parametrize(
    ("page_name", "skips"),
    [
        ("developers/api/actions", _API_SKIPS),
        ("tutorial/first-hand", (1,)),
        ("tutorial/first-hand-play", (1,)),
        ("examples/fft-five", (1,)),
    ],
)
def test_a_page_once_shown_stands_as_it_does_with_nothing_skipped(
    chromium: Any, site_url: str, page_name: str, skips: tuple[int, ...]
) -> None:
    """A skipped block keeps its children's margins inside it, and until it is shown it has an estimated
    height. Once each block has been shown (the page and its table of contents scrolled through), every
    heading, entry, description, paragraph and contents link stands where it stands when the stylesheet
    has no section on skipping at all: an API description and a step of a sample hand take the margins
    that ran out through their edges, the other skipped blocks hold no margin of their own children.
    The actions API page has descriptions of every kind and the tables whose values are hidden; the
    tutorial has steps that show cards; a worked example ends on a step that shows a score table.
    Widgets are left out of both pages: their parts are the widgets' own design, spaced as they are
    shown. (Wide enough for the theme to show the contents beside the text.)"""
    # No service worker: the stylesheet it would answer from its cache would pass by the route below.
    context = chromium.new_context(viewport={"width": 1440, "height": 900}, service_workers="block")
    try:
        _check_nothing_moves(context.new_page(), context.new_page(), site_url + page_name + ".html", skips)
    finally:
        context.close()


def _check_nothing_moves(page: Any, plain_page: Any, url: str, skips: tuple[int, ...]) -> None:
    """``skips``: which of ``_SKIPPED_WITHOUT_A_TRACE`` the page must have skipped blocks of."""
    measure = """async () => {
      const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const toc = document.querySelector('.toc-scroll');
      for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight) {
        window.scrollTo({ top: y, behavior: 'instant' });
        await frame();
      }
      for (let y = 0; y < toc.scrollHeight; y += toc.clientHeight) {
        toc.scrollTo({ top: y, behavior: 'instant' });
        await frame();
      }
      window.scrollTo({ top: 0, behavior: 'instant' });
      await frame();
      const top = (element) => Math.round(element.getBoundingClientRect().top);
      return {
        // Measured from the article's top and from the top of the contents' list (the page's own entry,
        // first, stays in view: it is left out).
        article: [...document.querySelectorAll('article :is(h1, h2, h3, dt, dd, p, li)')].map(
          (element) => top(element) - top(document.querySelector('article')),
        ),
        toc: [...document.querySelectorAll('.toc-tree li li a')].map(
          (link) => top(link) - top(document.querySelector('.toc-tree')),
        ),
      };
    }"""
    no_widgets = ".tarot-widget { display: none !important; }"
    page.goto(url, wait_until="load")
    page.add_style_tag(content=no_widgets)
    skipped = page.evaluate(
        "(selectors) => selectors.map((s) => [...document.querySelectorAll(s)]"
        ".filter((e) => getComputedStyle(e).contentVisibility === 'auto').length)",
        list(_SKIPPED_WITHOUT_A_TRACE),
    )
    assert all(skipped[index] > 0 for index in skips), skipped
    served = page.evaluate(measure)

    def without_skipping(route: Any) -> None:
        stylesheet = route.fetch().text()
        assert _SKIPPING_SECTION in stylesheet
        route.fulfill(status=200, content_type="text/css", body=stylesheet.split(_SKIPPING_SECTION)[0])

    plain_page.route("**/_static/tarot.css*", without_skipping)
    plain_page.goto(url, wait_until="load")
    plain_page.add_style_tag(content=no_widgets)
    assert plain_page.evaluate(
        "() => [...document.querySelectorAll('dl.py > dd, .tarot-hand-step')].every("
        "(e) => getComputedStyle(e).contentVisibility === 'visible')"
    )
    plain = plain_page.evaluate(measure)
    assert len(served["article"]) == len(plain["article"]) > 20
    assert len(served["toc"]) == len(plain["toc"]) > 2
    moved = [
        (i, a, b) for i, (a, b) in enumerate(zip(served["article"], plain["article"], strict=True)) if a != b
    ]
    assert not moved, moved[:5]
    moved = [(i, a, b) for i, (a, b) in enumerate(zip(served["toc"], plain["toc"], strict=True)) if a != b]
    assert not moved, moved[:5]


@pytest.mark.parametrize(
    ("page_name", "margin"),
    [
        ("developers/api/chambery", 0.2),
        ("developers/api/mathers", 0.2),
        ("developers/api/round", 0.2),
        ("tutorial/first-hand", 0.2),
        ("tutorial/first-hand-play", 0.2),
        # Tables from two rows to eighty, some with card pictures, and score sheets in a hand's steps:
        # each table and each sheet stands at the height the build estimated for it.
        ("reference/deck", 0.1),
        ("variants/classic/options", 0.1),
        ("variants/mathers/deal-and-declarations", 0.1),
        ("examples/fft-four-2", 0.1),
        ("examples/fft-three", 0.1),
    ],
)
def test_a_page_is_about_as_long_before_its_blocks_are_shown(
    page: Any, site_url: str, page_name: str, margin: float
) -> None:
    """Until a skipped block is shown it stands at its estimated height: estimates far from the usual
    heights make the scroll bar lie about the page's length and move what a reader jumped to. An API
    description with no text is an empty box, so it is not skipped at all."""
    page.goto(f"{site_url}{page_name}.html", wait_until="load")
    estimated = page.evaluate("document.documentElement.scrollHeight")
    real = page.evaluate(
        """() => {
          for (const element of document.querySelectorAll('*')) {
            const style = element.style;
            if (getComputedStyle(element).contentVisibility === 'auto') style.contentVisibility = 'visible';
          }
          return document.documentElement.scrollHeight;
        }"""
    )
    assert abs(estimated - real) <= margin * real, (estimated, real)


# The fonts a page draws, each as a CSS ``font`` value (style, weight, size, families), for the text its
# first layout holds (nothing inside a block skipped until it comes near the view) and for all its text.
_FONTS_SET_UP = re.compile(r"<script>\(function\(fonts\)\{.*?\}\)\((\[.*?\])\)</script>")


def test_the_fonts_set_up_early_are_fonts_a_canvas_accepts(page: Any, site: Path, site_url: str) -> None:
    """Each font the head sets up is one a canvas accepts (a font the canvas refuses falls back to its
    default and sets nothing up), and the set-up script fails on no page kind. Which fonts are listed is
    checked against what every page draws first by tests/browser/test_every_page.py."""
    (listed,) = _FONTS_SET_UP.findall((site / "rules/scoring.html").read_text(encoding="utf-8"))
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    for name in ("index.html", "rules/scoring.html", "developers/api/cards.html", "glossary.html"):
        page.goto(site_url + name, wait_until="load")
    assert not errors, errors
    accepted = page.evaluate(
        """fonts => fonts.map(font => {
          const context = document.createElement('canvas').getContext('2d');
          context.font = font;
          return context.font;
        })""",
        json.loads(listed),
    )
    assert all(font != "10px sans-serif" for font in accepted), accepted


# Records each text measured on a canvas (its time and font) and the time of DOMContentLoaded, which
# comes in the task that ends the parsing, the task that lays out the page once everything is loaded.
_MEASURED = """(() => {
  const measured = (window.__measured = []);
  const measure = CanvasRenderingContext2D.prototype.measureText;
  CanvasRenderingContext2D.prototype.measureText = function (text) {
    measured.push([performance.now(), this.font]);
    return measure.call(this, text);
  };
  document.addEventListener('DOMContentLoaded', () => { window.__parsed = performance.now(); });
})();"""


@pytest.mark.parametrize("docname", ["rules/announcements", "examples/other-rules", "rules/scoring"])
def test_a_new_tab_sets_up_its_fonts_before_the_parsing_ends(
    chromium: Any, site: Path, site_url: str, docname: str
) -> None:
    """The head's font set-up only helps if its tasks run before the first layout. Posted through a
    message channel, they often ran only after the parsing had ended: in 4 of 15 new-tab loads of these
    pages, 12 of the 13 fonts came after DOMContentLoaded. Posted through the scheduler with the highest
    priority, every font comes before it. Each case loads its page three times, each in a new tab."""
    (listed,) = _FONTS_SET_UP.findall((site / f"{docname}.html").read_text(encoding="utf-8"))
    fonts = json.loads(listed)
    for _ in range(3):
        context = chromium.new_context()
        try:
            opened = context.new_page()
            opened.add_init_script(_MEASURED)
            opened.goto(f"{site_url}{docname}.html", wait_until="load")
            measured, parsed = opened.evaluate("[window.__measured, window.__parsed]")
        finally:
            context.close()
        assert len(measured) == len(fonts), measured
        late = [font for time, font in measured if time > parsed]
        assert not late, f"{docname}: {len(late)} of {len(measured)} fonts set up after the parsing ended"


def test_without_the_scheduler_the_fonts_are_set_up_through_a_message_channel(
    page: Any, site: Path, site_url: str
) -> None:
    """A browser without ``scheduler.postTask`` still sets up every font, through a message channel."""
    (listed,) = _FONTS_SET_UP.findall((site / "rules/scoring.html").read_text(encoding="utf-8"))
    fonts = json.loads(listed)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.add_init_script("Object.defineProperty(window, 'scheduler', { value: undefined });" + _MEASURED)
    page.goto(f"{site_url}rules/scoring.html", wait_until="load")
    page.wait_for_function("count => window.__measured.length >= count", arg=len(fonts), timeout=10_000)
    assert not errors, errors
    assert len(page.evaluate("window.__measured")) == len(fonts)
