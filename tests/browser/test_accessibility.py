"""The site with a keyboard, on a phone and on a desktop: axe-core on the widgets' other states (a refused
card, impossible points, a replay at its end), the keyboard through the menu and the drawers, the wide
tables and the hand replay at both widths. Every page as it opens is checked with axe-core by
tests/browser/test_every_page.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tarot_core.actions import Action
from tarot_core.records import load_record
from tests.browser.widget_testing import (
    AXE,
    BOOT_TIMEOUT_MS,
    click,
    describe,
    new_widget_page,
    run_axe,
    settle_in_view,
)
from tutorial.bridge.common import HANDS_DIR

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
WIDTHS = {"desktop": DESKTOP, "phone": PHONE}
TIMEOUT_MS = 15_000

# ------------------------------------------------------------------------------- widget states


@pytest.fixture(scope="module")
def state_page(chromium: Any, site_url: str) -> Iterator[Any]:
    opened = new_widget_page(chromium, site_url, **DESKTOP)
    yield opened
    opened.page.context.close()


def refuse_a_card(opened: Any) -> None:
    """Try a card that the rules forbid in the first "May I play this card?" of the play page."""
    from playwright.sync_api import expect

    opened.open("rules/play.html")
    root = opened.page.locator('[data-tarot-widget="play-check"]').first
    record = load_record(HANDS_DIR / f"{root.get_attribute('data-record')}.json")
    rnd = record.round_at(int(str(root.get_attribute("data-step"))))
    seat = rnd.to_move
    assert seat is not None
    refused = next(card for card in rnd.hands[seat] if rnd.why_illegal(Action(seat, "play", "", (card,))))
    click(root.locator(f'button[data-card="{refused}"]'))
    expect(root).to_have_attribute("data-verdict", "refused", timeout=TIMEOUT_MS)


def enter_impossible_points(opened: Any) -> None:
    """Type card points that no deal can have into the calculator."""
    from playwright.sync_api import expect

    opened.open("how-to/calculator.html")
    field = opened.page.locator('[data-tarot-widget="calculator"] [name="points"]')
    field.fill("92")
    expect(field).to_have_attribute("aria-invalid", "true", timeout=TIMEOUT_MS)


def replay_to_the_end(opened: Any) -> None:
    from playwright.sync_api import expect

    opened.open("how-to/replay.html")
    root = opened.page.locator('[data-tarot-widget="replay"]').first
    click(root.locator('button[data-action="last"]'))
    expect(root.locator(".tw-final")).to_have_count(1, timeout=TIMEOUT_MS)


STATES = {
    "refused-card": refuse_a_card,
    "impossible-points": enter_impossible_points,
    "replay-end": replay_to_the_end,
}


@pytest.mark.parametrize("state", list(STATES))
def test_axe_finds_nothing_in_the_widgets_other_states(state_page: Any, state: str) -> None:
    page = state_page.page
    page.set_viewport_size(DESKTOP)
    STATES[state](state_page)
    for name, size in WIDTHS.items():
        page.set_viewport_size(size)
        violations = run_axe(page, "html")
        assert violations == [], f"{name}:\n{describe(violations)}"


# ------------------------------------------------------------------------------- keyboard, phone

_SCROLL_STILL = """() => new Promise((resolve) => {
  let last = -1, still = 0;
  const look = () => {
    still = scrollY === last ? still + 1 : 0;
    last = scrollY;
    if (still < 5) requestAnimationFrame(look); else resolve(scrollY);
  };
  requestAnimationFrame(look);
})"""


_FOCUSED = """() => {
  const element = document.activeElement;
  const drawer = element.closest(".sidebar-drawer, .toc-drawer");
  return {
    tag: element.tagName,
    label: element.getAttribute("aria-label") || element.textContent.trim().slice(0, 40),
    classes: element.className,
    drawer: drawer ? drawer.className : null,
    visible: element.checkVisibility({ visibilityProperty: true }),
  };
}"""


@pytest.fixture
def phone_page(chromium: Any, site_url: str) -> Iterator[Any]:
    context = chromium.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    # The keyboard is under test here, not the widgets: their script is not loaded.
    page.route("**/tarot-widgets.mjs*", lambda route: route.abort())
    try:
        yield page
    finally:
        context.close()


def test_on_a_phone_tab_reaches_the_menu_and_never_the_closed_drawers(phone_page: Any, site_url: str) -> None:
    page = phone_page
    page.goto(site_url + "rules/bidding-and-contracts.html")
    walked: list[dict[str, Any]] = []
    for _ in range(400):
        page.keyboard.press("Tab")
        focused = page.evaluate(_FOCUSED)
        if walked and focused == walked[0]:
            break
        walked.append(focused)
    menu = [item for item in walked if item["label"] == "Open the site navigation"]
    assert menu, f"Tab never reached the menu button: {[item['label'] for item in walked[:12]]}"
    assert walked.index(menu[0]) <= 2, "the menu button comes first, after the link that skips to the text"
    assert menu[0]["tag"] == "BUTTON"
    in_drawers = [item["label"] for item in walked if item["drawer"]]
    assert in_drawers == [], f"Tab walked the closed drawers: {in_drawers[:10]}"
    assert all(item["visible"] for item in walked), [item for item in walked if not item["visible"]][:5]


def test_the_menu_button_opens_and_closes_the_navigation_with_the_keyboard(
    phone_page: Any, site_url: str
) -> None:
    from playwright.sync_api import expect

    page = phone_page
    page.goto(site_url + "rules/scoring.html")
    button = page.get_by_role("button", name="Open the site navigation")
    expect(button).to_have_attribute("aria-expanded", "false")
    button.focus()
    page.keyboard.press("Enter")
    expect(button).to_have_attribute("aria-expanded", "true")
    drawer = page.get_by_role("complementary", name="Site navigation")
    expect(drawer).to_be_visible()
    # The next stops are the drawer's: its title, its search field, its links.
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate(_FOCUSED)["drawer"] is not None
    expect(drawer.get_by_role("link", name="Bidding and contracts")).to_be_in_viewport()
    page.keyboard.press("Escape")
    expect(button).to_be_focused()
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(drawer).to_be_hidden()


# ------------------------------------------------------------------------------- wide tables


def table_wrapper(page: Any, caption: str) -> Any:
    return page.locator(".table-wrapper", has=page.locator("caption", has_text=caption)).first


@pytest.mark.parametrize(
    ("path", "caption", "last_column"),
    [
        ("rules/bidding-and-contracts.html", "The contracts compared", "Made or lost by 10"),
        ("tutorial/first-hand-score.html", "Tricks 1 to 18", "Defence so far"),
    ],
)
def test_a_wide_table_on_a_phone_says_it_scrolls_and_scrolls_with_the_keys(
    phone_page: Any, site_url: str, path: str, caption: str, last_column: str
) -> None:
    from playwright.sync_api import expect

    page = phone_page
    page.goto(site_url + path)
    wrapper = table_wrapper(page, caption)
    wrapper.evaluate("(e) => e.scrollIntoView({ block: 'start', behavior: 'instant' })")
    page.evaluate(_SCROLL_STILL)
    # A region named by its caption, which Tab reaches.
    expect(wrapper).to_have_attribute("role", "region")
    expect(wrapper).to_have_attribute("tabindex", "0")
    assert caption in str(
        wrapper.evaluate(
            "e => e.ariaLabel || document.getElementById(e.getAttribute('aria-labelledby'))?.textContent"
        )
    )
    # Its right edge fades out: more columns that way.
    expect(wrapper).to_have_attribute("data-scroll", "right")
    assert wrapper.evaluate("e => getComputedStyle(e).maskImage") != "none"
    column = wrapper.locator("thead th").last
    assert last_column in column.inner_text().replace("\n", " ")
    assert not column_shown(wrapper, column)
    wrapper.focus()
    for _ in range(40):
        page.keyboard.press("ArrowRight")
    expect(wrapper).to_have_attribute("data-scroll", "left")
    assert column_shown(wrapper, column)


def column_shown(wrapper: Any, cell: Any) -> bool:
    box = wrapper.bounding_box()
    shown = cell.bounding_box()
    return bool(shown["x"] >= box["x"] - 1 and shown["x"] + shown["width"] <= box["x"] + box["width"] + 1)


@pytest.mark.parametrize(
    ("path", "caption"),
    [
        ("variants/chambery/deal-and-bidding.html", "The deal and the card points for every table"),
        ("variants/chambery/scoring.html", "Payments with 5 players"),
    ],
)
def test_the_chambery_tables_fit_a_desktop_and_are_no_tab_stop(
    chromium: Any, site_url: str, path: str, caption: str
) -> None:
    context = chromium.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.route("**/tarot-widgets.mjs*", lambda route: route.abort())
    try:
        page.goto(site_url + path)
        wrapper = table_wrapper(page, caption)
        settle_in_view(wrapper)
        assert wrapper.evaluate("e => e.scrollWidth <= e.clientWidth"), caption
        page.wait_for_function(
            "e => !e.hasAttribute('tabindex') && !e.hasAttribute('role')", arg=wrapper.element_handle()
        )
    finally:
        context.close()


_WRAPPER_AXE = """async (selector) => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const result = await axe.run(document.querySelectorAll(selector), { resultTypes: ["violations"] });
  return result.violations;
}"""


@pytest.mark.parametrize(
    ("path", "caption", "away", "scrolls", "back"),
    [
        # Taller on a phone, no wider than the text: left behind by scrolling back to the top.
        ("rules/counting.html", "the more bouts, the fewer points needed", "0", False, False),
        # Wider than the text on a phone: left behind by scrolling to the end of the page.
        ("tutorial/first-hand-score.html", "Tricks 1 to 18", "document.body.scrollHeight", True, False),
        # The phone turned back to the desktop's width while the table is still skipped: it fits again.
        ("tutorial/first-hand-score.html", "Tricks 1 to 18", "document.body.scrollHeight", False, True),
    ],
)
def test_a_table_shown_on_a_desktop_then_skipped_on_a_phone_is_no_scroll_trap(
    chromium: Any, site_url: str, path: str, caption: str, away: str, scrolls: bool, back: bool
) -> None:
    """A table shown on a desktop, where it fits, then left unshown while the page takes a phone's width
    (far from the view, so the browser skips it): a skipped box keeps its last height, and a script that
    asks where its cells are (axe-core does) gets them laid out at the new width inside that box.
    axe-core once found such a box scrolling and no tab stop. A table's box scrolls sideways only, a box
    skipped while the width changes is a tab stop until it is measured again, and once shown it is one
    only if it scrolls (also when the page went back to the width it had before, the box skipped all
    the while)."""
    context = chromium.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.route("**/tarot-widgets.mjs*", lambda route: route.abort())
    skipped = "e => !e.querySelector('table').checkVisibility({ contentVisibilityAuto: true })"
    try:
        page.goto(site_url + path)
        page.add_script_tag(path=str(AXE))
        wrapper = table_wrapper(page, caption)
        settle_in_view(wrapper)
        page.wait_for_function("e => !e.hasAttribute('tabindex')", arg=wrapper.element_handle())
        page.evaluate(f"() => scrollTo({{ top: {away}, behavior: 'instant' }})")
        page.wait_for_function(skipped, arg=wrapper.element_handle())
        page.set_viewport_size(PHONE)
        section = wrapper.evaluate("e => e.closest('section').id")
        violations = page.evaluate(_WRAPPER_AXE, f"#{section} > .table-wrapper")
        assert violations == [], describe(violations)
        if wrapper.evaluate(skipped):
            assert wrapper.get_attribute("tabindex") == "0"
        if back:
            page.evaluate(f"() => scrollTo({{ top: {away}, behavior: 'instant' }})")
            page.wait_for_function(skipped, arg=wrapper.element_handle())
            page.set_viewport_size(DESKTOP)
            page.evaluate(
                "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
            )
            assert wrapper.evaluate(skipped) and wrapper.get_attribute("tabindex") == "0"
        # Brought near the view, its contents are laid out at the page's width and measured.
        wrapper.evaluate("e => e.scrollIntoView({ block: 'start', behavior: 'instant' })")
        if scrolls:
            page.wait_for_function("e => e.dataset.scroll === 'right'", arg=wrapper.element_handle())
            assert wrapper.get_attribute("tabindex") == "0"
        else:
            page.wait_for_function("e => !e.hasAttribute('tabindex')", arg=wrapper.element_handle())
    finally:
        context.close()


# ------------------------------------------------------------------------------- the replay


@pytest.fixture(scope="module")
def replay(chromium: Any, site_url: str) -> Iterator[Any]:
    opened = new_widget_page(chromium, site_url, **PHONE)
    opened.open("how-to/replay.html")
    yield opened
    opened.page.context.close()


def scroll_by_wheel(page: Any, dy: int) -> None:
    """Scroll as a reader does with the mouse wheel, and wait until the page has stopped moving."""
    page.mouse.move(PHONE["width"] // 2, 400)
    page.mouse.wheel(0, dy)
    page.evaluate(_SCROLL_STILL)


def _in_view(page: Any, locator: Any) -> bool:
    """The whole element is in the view, below the theme's header, and nothing covers its middle."""
    return bool(
        locator.evaluate(
            """(element) => {
              const box = element.getBoundingClientRect();
              const header = document.querySelector(".mobile-header");
              const top = header && header.offsetParent ? header.getBoundingClientRect().bottom : 0;
              if (box.top < top - 1 || box.bottom > innerHeight + 1) return false;
              const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
              return hit !== null && (hit === element || element.contains(hit));
            }"""
        )
    )


@pytest.mark.parametrize("width", list(WIDTHS))
def test_the_replay_keeps_its_trick_and_buttons_together(replay: Any, width: str) -> None:
    from playwright.sync_api import expect

    page = replay.page
    page.set_viewport_size(WIDTHS[width])
    root = page.locator('[data-tarot-widget="replay"]').first
    root.locator(".tw-jump").select_option(index=6)
    expect(root.locator(".tw-status")).to_contain_text("Playing the cards", timeout=TIMEOUT_MS)
    forward = root.locator('button[data-action="forward"]')
    last = root.locator('button[data-action="last"]')
    # Stepping forward from the buttons, the trick the step plays to is in view below them.
    forward.evaluate("(button) => button.scrollIntoView({ block: 'center', behavior: 'instant' })")
    click(forward)
    trick = root.locator(".tw-stage .tw-trick")
    expect(trick).to_have_count(1, timeout=TIMEOUT_MS)
    forward.evaluate("(button) => button.scrollIntoView({ block: 'start', behavior: 'instant' })")
    scroll_by_wheel(page, -60)
    assert _in_view(page, forward) and _in_view(page, trick)
    # Reading the last hand, the buttons are still in view, and nothing covers them, even the theme's
    # "back to top" button that scrolling up shows.
    root.locator(".tw-seat").last.evaluate(
        "(seat) => seat.scrollIntoView({ block: 'end', behavior: 'instant' })"
    )
    scroll_by_wheel(page, 200)
    scroll_by_wheel(page, -120)
    page.wait_for_function("() => document.documentElement.classList.contains('show-back-to-top')")
    for button in (forward, last):
        expect(button).to_be_in_viewport()
        assert _in_view(page, button), button
