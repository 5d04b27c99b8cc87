"""The scoring calculator in Chromium: worked examples, links that compute on load, refusals, axe."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from tarot_core.engine.variant import score_request
from tarot_core.errors import RequestError
from tests.browser.widget_testing import (
    MATHERS_REQUESTS,
    WidgetPage,
    describe,
    landed_at,
    new_widget_page,
    run_axe,
    wait_ready,
)
from tutorial.bridge.common import name_seats
from tutorial.bridge.query import normalise_query, query_from_request, request_from_query

pytestmark = pytest.mark.browser
PAGE = "how-to/calculator.html"
RESULT_TIMEOUT_MS = 20_000

#: Each example with every player's score as the result shows it, worked out by hand from the rules (see
#: the rules decisions page, docs/reference/rules-decisions.md) or taken from a source's own example.
WORKED: list[tuple[dict[str, Any], dict[str, int]]] = [
    # The beginner's guide's third scoring example (rules decisions page, #example-fft-guide): a garde with
    # 2 bouts and 56 points against 41, (25 + 15) × 2 = 80 from each defender.
    (
        {"variant": "fft", "players": 4, "contract": "garde", "oudlers": 2, "points": 56},
        {"taker": 240, "defender": -80},
    ),
    # 48 against 51: the prise fails by 3, (25 + 3) × 1, and the Petit au bout goes to the defence,
    # 10 × 1: the taker pays 38 to each of three defenders.
    (
        {
            "variant": "fft",
            "players": 4,
            "contract": "prise",
            "oudlers": 1,
            "points": 48,
            "petit_au_bout": "defence",
        },
        {"taker": -114, "defender": 38},
    ),
    # 44 against 41: (25 + 3) × 4 = 112, and both handfuls (20 each) go to the side that wins the
    # deal, whoever showed them: 152 from each defender.
    (
        {
            "variant": "fft",
            "players": 4,
            "contract": "garde-sans",
            "oudlers": 2,
            "points": 44,
            "handfuls": [{"side": "attack", "size": "simple"}, {"side": "defence", "size": "simple"}],
        },
        {"taker": 456, "defender": -152},
    ),
    # Five players, 91 against 36: (25 + 55) × 2 + 400 (slam announced and made) = 560; the taker
    # gets 2 × 560, the partner 560.
    (
        {
            "variant": "fft",
            "players": 5,
            "contract": "garde",
            "oudlers": 3,
            "points": 91,
            "slam": {"announced": True, "won_by": "attack"},
        },
        {"taker": 1120, "partner": 560, "defender": -560},
    ),
    # Five players, the taker alone, 30 against 51: (25 + 21) × 6 = 276 to each of four defenders.
    (
        {
            "variant": "fft",
            "players": 5,
            "contract": "garde-contre",
            "oudlers": 1,
            "points": 30,
            "alone": True,
        },
        {"taker": -1104, "defender": 276},
    ),
    # The older rules, 45 against 41: 150 + 4 × 6 = 174 from each opponent.
    (
        {"variant": "classic", "players": 3, "contract": "guard-against", "oudlers": 2, "points": 45},
        {"taker": 348, "defender-1": -174, "defender-2": -174},
    ),
    # The older rules with five, 40 against 51: −(25 + 11) = −36 (taker 2 × −36, partner −36, each
    # defender +36); the partner's 10 trumps, 20 from each of the four others.
    (
        {
            "variant": "classic",
            "players": 5,
            "contract": "small",
            "oudlers": 1,
            "points": 40,
            "bonuses": [{"kind": "trumps-10", "holder": "partner"}],
        },
        {"taker": -92, "partner": 44, "defender-1": 16, "defender-2": 16, "defender-3": 16},
    ),
    # Chambéry, five players, 40 of 68: the three opponents have 28, 6 short of 34, and each pays 6;
    # the dealer and his partner share the 18.
    (
        {"variant": "chambery", "players": 5, "contract": "call", "points": 40},
        {"dealer": 9, "partner": 9, "defender": -6},
    ),
    # Chambéry, four players, 62 cards (68 points): 33 is 1 short of 34, doubled for a one-card solo:
    # the soloist pays 2 to each of three opponents.
    (
        {"variant": "chambery", "players": 4, "pack": 62, "contract": "solo-one-card", "points": 33},
        {"soloist": -6, "defender": 2},
    ),
    # Chambéry, three players (78 points, 26 each): 20 is 6 short and pays 6, shared 4 : 2 by the
    # players 4 and 2 over.
    (
        {"variant": "chambery", "players": 3, "points": [30, 20, 28]},
        {"player-1": 4, "player-2": -6, "player-3": 2},
    ),
    # Mathers, two players: p1 has 15 + 8 + 6 + 2 + 6 = 37 in tricks, 5 for a King cut, 5 for the
    # Fool, 5 + 10 declared: 62; p2 has 15 + 4 + 3 + 4 + 4 = 30 in tricks and 15 declared: 45.
    # Only the excess scores: p1 17.
    (MATHERS_REQUESTS[0], {"p1": 17, "p2": 0}),
    # Mathers, three players: p1 10 + 4 + 3 + 2 + 3 = 22, p2 15 + 8 + 3 + 2 + 3 + 5 (the Fool) = 36,
    # p3 5 + 4 + 6 + 4 + 1 = 20: p2 scores 36 − 22 = 14.
    (MATHERS_REQUESTS[1], {"p1": 0, "p2": 14, "p3": 0}),
]
EXAMPLES: list[dict[str, Any]] = [request for request, _ in WORKED]


@pytest.fixture(scope="module")
def calc(chromium: Any, site_url: str) -> Iterator[WidgetPage]:
    opened = new_widget_page(chromium, site_url)
    opened.open(PAGE)
    yield opened
    opened.page.context.close()


def root(opened: WidgetPage) -> Any:
    return opened.page.locator('[data-tarot-widget="calculator"]').first


def expected_attributes(answer: dict[str, Any]) -> dict[str, str]:
    scores = answer["scores"]
    if "by_player" in scores:
        return {f"data-player-{i + 1}": str(v) for i, v in enumerate(scores["by_player"])}
    return {f"data-{role}": str(value) for role, value in scores.items() if value is not None}


def fill(opened: WidgetPage, query: dict[str, list[str]]) -> None:
    """Set the form as a reader would: rules, players, then every other control."""
    widget = root(opened)
    form = widget.locator("form.tw-form")
    variant, players = query["variant"][0], query["players"][0]
    query = {"taker": ["p1"], "partner": ["p2"], **query}  # the form's seats, unless the test names others
    if form.locator('[name="variant"]').input_value() != variant:
        form.locator('[name="variant"]').select_option(variant)
        opened.page.wait_for_function(
            "(v) => document.querySelector('form.tw-form').dataset.formKey.startsWith(v + '-')", arg=variant
        )
    if form.locator('[name="players"]').input_value() != players:
        form.locator('[name="players"]').select_option(players)
    opened.page.wait_for_function(
        "(k) => document.querySelector('form.tw-form').dataset.formKey === k", arg=f"{variant}-{players}"
    )
    # The other controls in one go (each change would otherwise compute a score on its own).
    form.evaluate(
        """(f, query) => {
            const skip = ["variant", "players"];
            const names = new Set([...f.elements].map(e => e.name).filter(n => n && !skip.includes(n)));
            for (const name of names) {
                const values = query[name] || [];
                [...f.querySelectorAll(`[name="${name}"]`)].forEach((control, index) => {
                    const value = index < values.length ? values[index] : "";
                    if (control.type === "checkbox") control.checked = value !== "";
                    else if (control.tagName === "SELECT") {
                        const known = [...control.options].some(o => o.value === value);
                        control.value = known ? value : control.options[0].value;
                    } else control.value = value;
                });
            }
        }""",
        query,
    )
    form.evaluate("f => f.requestSubmit()")


def test_boots_in_a_module_worker(calc: WidgetPage) -> None:
    assert root(calc).get_attribute("data-state") == "ready"
    assert calc.errors == []
    assert any("tarot-worker.mjs" in url for url in calc.requests)


@pytest.mark.parametrize(
    ("request_data", "figures"), WORKED, ids=[json.dumps(r, sort_keys=True)[:60] for r, _ in WORKED]
)
def test_reproduces_worked_examples(
    calc: WidgetPage, request_data: dict[str, Any], figures: dict[str, int]
) -> None:
    from playwright.sync_api import expect

    answer = score_request(request_data)
    fill(calc, query_from_request(request_data))
    result = root(calc).locator(".tw-result")
    assert set(expected_attributes(answer)) == {f"data-{role}" for role in figures}  # every player's figure
    for role, value in figures.items():
        expect(result).to_have_attribute(f"data-{role}", str(value), timeout=RESULT_TIMEOUT_MS)
    expect(root(calc).locator(".tw-field-error:not(:empty)")).to_have_count(0)
    shares = result.locator(".tw-shares tbody tr")
    expect(shares).to_have_count(int(request_data["players"]))
    breakdown: Any = answer["breakdown"]
    labels = [str(term["label"]) for term in breakdown]
    rows = result.locator(".tw-breakdown tbody th")
    expect(rows).to_have_count(len(labels))
    # The working names the players as the shares table does (Mathers' "p1: ..." is "Player 1: ...").
    named = {
        str(row.get_attribute("data-seat")): row.locator("th").inner_text().split(" (")[0]
        for row in shares.all()
        if row.get_attribute("data-seat")
    }
    assert rows.nth(0).inner_text().startswith(name_seats(labels[0], named))


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"points": ["92"]}, "points"),
        ({"oudlers": ["4"]}, "oudlers"),
        ({"handful": ["attack:triple", "defence:triple"]}, "handful"),
    ],
)
def test_impossible_input_is_refused_next_to_the_field(
    calc: WidgetPage, change: dict[str, list[str]], field: str
) -> None:
    from playwright.sync_api import expect

    query = query_from_request(
        {"variant": "fft", "players": 4, "contract": "garde", "oudlers": 2, "points": 56}
    )
    query.update(change)
    request = request_from_query(normalise_query(query))
    with pytest.raises(RequestError) as refused:
        score_request(request)
    fill(calc, query)
    slot = root(calc).locator(f'[data-error-for="{field}"]')
    expect(slot).to_have_text(refused.value.message, timeout=RESULT_TIMEOUT_MS)
    expect(root(calc).locator(f'[name="{field}"][aria-invalid="true"]').first).to_be_visible()
    expect(root(calc).locator(".tw-result")).to_have_attribute("data-error", field)


def test_the_url_follows_the_form(calc: WidgetPage) -> None:
    from playwright.sync_api import expect

    request_data = EXAMPLES[2]
    fill(calc, query_from_request(request_data))
    scored: Any = score_request(request_data)
    taker = str(scored["scores"]["taker"])
    expect(root(calc).locator(".tw-result")).to_have_attribute("data-taker", taker, timeout=RESULT_TIMEOUT_MS)
    address = urlsplit(calc.page.url)
    params = parse_qs(address.query)
    assert params["handful"] == ["attack:simple", "defence:simple"]
    # A link copied from the address bar opens the page at the calculator.
    assert address.fragment == "calculator"
    assert root(calc).get_attribute("id") == "calculator"
    rebuilt = request_from_query(normalise_query(params))
    assert score_request(rebuilt) == score_request(request_data)


#: What the calculator shows before its engine is ready, read at one instant.
_BEFORE_READY = """w => {
  // Shown as Playwright means it: a box of some size, not hidden by its style.
  const seen = (e) => {
    const box = e.getBoundingClientRect();
    return e.checkVisibility({ visibilityProperty: true }) && box.width > 0 && box.height > 0;
  };
  const shown = (selector) => [...w.querySelectorAll(selector)].some(seen);
  return {
    state: w.dataset.state,
    form: shown(".tw-form"),
    inert: w.querySelector(".tw-form").inert,
    loading: w.querySelector(".tw-loading")?.textContent || "",
    result: w.querySelector(".tw-result")?.textContent || "",
    shares: shown(".tw-result .tw-shares"),
    bar: shown("[data-result-bar] > *"),
    float: shown("[data-result-bar-float]"),
  };
}"""


def test_a_link_opened_cold_computes_on_load(chromium: Any, site_url: str) -> None:
    from playwright.sync_api import expect

    request_data = {
        "variant": "fft",
        "players": 5,
        "contract": "garde-sans",
        "oudlers": 1,
        "points": 60.5,
        "petit_au_bout": "attack",
        "handfuls": [{"side": "attack", "size": "double"}],
    }
    query = query_from_request(request_data)
    opened = new_widget_page(chromium, site_url, width=390, height=844)
    # Long tasks on the page's main thread: Python boots in the worker, so the page never freezes.
    opened.page.add_init_script(
        "window.__longTasks = [];"
        "new PerformanceObserver(list => window.__longTasks.push(...list.getEntries().map(e => e.duration)))"
        ".observe({type: 'longtask', buffered: true});"
    )
    try:
        opened.page.goto(f"{site_url}{PAGE}?{urlencode(query, doseq=True)}", wait_until="domcontentloaded")
        widget = root(opened)
        # At once: the static form drawn at build time, and a clear loading notice. The scores drawn
        # with the page are those of the usual deal, not the link's: neither the result nor the result
        # bar shows them.
        # All read in one step, while the engine is still on its way: read one by one, the engine could
        # be ready between two readings on a busy machine, and the later ones would see the link's score.
        before = widget.evaluate(_BEFORE_READY)
        assert before["state"] in ("idle", "loading"), before
        assert before["form"] and "Getting ready" in before["loading"], before
        assert "The score for the values in this link comes" in before["result"], before
        assert (before["shares"], before["bar"], before["float"]) == (False, False, False), before
        # Nothing can be typed into the usual deal's form until the link's values replace it.
        assert before["inert"], before
        wait_ready(opened.page)
        result = root(opened).locator(".tw-result")
        for name, value in expected_attributes(score_request(request_data)).items():
            expect(result).to_have_attribute(name, value, timeout=RESULT_TIMEOUT_MS)
        expect(root(opened).locator('[name="players"]')).to_have_value("5")
        assert not widget.locator(".tw-form").evaluate("f => f.inert")
        scored: Any = score_request(request_data)
        expect(widget.locator("[data-result-bar]")).to_contain_text(f"+{scored['scores']['taker']}")
        assert opened.errors == []
        long_tasks: list[float] = opened.page.evaluate("window.__longTasks")
        assert max(long_tasks, default=0) < 1500, f"the page froze: long tasks of {long_tasks} ms"
    finally:
        opened.page.context.close()


@pytest.mark.parametrize(
    ("fragment", "width", "height"),
    [("", 1200, 900), ("", 390, 844), ("#calculator", 1200, 900)],
    ids=["no-fragment", "no-fragment-phone", "fragment"],
)
def test_a_link_opens_the_page_at_its_calculator(
    chromium: Any, site_url: str, fragment: str, width: int, height: int
) -> None:
    """On a rules page the calculator comes after the rules, far down: a link to a calculation opens
    the page with the calculator at the top of the view (below the header a phone keeps there), with
    the fragment the address now carries or without it, as links written before it were."""
    from playwright.sync_api import expect

    request_data = EXAMPLES[7]
    query = query_from_request(request_data)
    opened = new_widget_page(chromium, site_url, width=width, height=height)
    try:
        opened.page.goto(
            f"{site_url}variants/chambery/scoring-three.html?{urlencode(query, doseq=True)}{fragment}"
        )
        calculator = opened.page.locator("#calculator")
        if not fragment:
            # At once, while Python loads: the page script has brought the calculator into the view.
            opened.page.wait_for_function("document.querySelector('#calculator').dataset.state !== 'idle'")
            early = calculator.bounding_box()
            assert early is not None and 0 <= early["y"] < height / 2, early
        result = calculator.locator(".tw-result")
        for name, value in expected_attributes(score_request(request_data)).items():
            expect(result).to_have_attribute(name, value, timeout=RESULT_TIMEOUT_MS)
        landed = landed_at(opened.page, "#calculator")
        assert abs(landed["top"]) <= 4, landed
        if width < 800:  # the theme's header stays at the top of a phone's view: the margin clears it
            header = opened.page.locator(".mobile-header").bounding_box()
            assert header is not None and landed["margin"] > header["height"], (landed, header)
        assert urlsplit(opened.page.url).fragment == "calculator"
        assert opened.errors == []
    finally:
        opened.page.context.close()


def test_a_reader_who_scrolls_away_before_the_result_stays_there(chromium: Any, site_url: str) -> None:
    """The calculator is held at the top of the view while the page settles, but not against the
    reader: one who scrolls away before the result shows stays where they went."""
    from playwright.sync_api import expect

    request_data = EXAMPLES[7]
    query = query_from_request(request_data)
    opened = new_widget_page(chromium, site_url)
    try:
        opened.page.goto(f"{site_url}variants/chambery/scoring-three.html?{urlencode(query, doseq=True)}")
        calculator = opened.page.locator("#calculator")
        # The page script has set the calculator up (and scrolled to it): the reader scrolls back up.
        # (The wheel goes up by less than the page was scrolled, so the wait below can tell it moved
        # whatever the page's length.)
        opened.page.wait_for_function("document.querySelector('#calculator').dataset.state !== 'idle'")
        start = opened.page.evaluate("scrollY")
        assert start > 1000, f"the page was not scrolled to the calculator ({start} px)"
        opened.page.mouse.move(600, 450)
        opened.page.mouse.wheel(0, -800)
        opened.page.wait_for_function(f"scrollY < {start} - 400")
        for name, value in expected_attributes(score_request(request_data)).items():
            expect(calculator.locator(".tw-result")).to_have_attribute(name, value, timeout=RESULT_TIMEOUT_MS)
        opened.page.wait_for_timeout(300)
        top = opened.page.evaluate("document.querySelector('#calculator').getBoundingClientRect().top")
        assert top > 400, f"the calculator was brought back to {top} px"
        assert opened.errors == []
    finally:
        opened.page.context.close()


def test_no_accessibility_violations(calc: WidgetPage) -> None:
    fill(calc, query_from_request(EXAMPLES[3]))
    violations = run_axe(calc.page)
    assert violations == [], describe(violations)


def test_every_request_stays_on_the_site(calc: WidgetPage) -> None:
    assert calc.requests, "the page made no request at all"
    outside = [url for url in calc.requests if not url.startswith(calc.base_url)]
    assert outside == []
    assert any("pyodide.asm.wasm" in url for url in calc.requests)


# ------------------------------------------------------------------ a score-keeper at the table
PHONE = {"width": 390, "height": 844}
SIGNED_NUMBER = r"[+−-]\d"


def taker_score(request: dict[str, Any]) -> str:
    answer: Any = score_request(request)
    return str(answer["scores"]["taker"])


def opened_at(
    chromium: Any, site_url: str, query: str = "", width: int = 1200, height: int = 900
) -> WidgetPage:
    """A new page of the calculator (its own entries and address), Python ready."""
    opened = new_widget_page(chromium, site_url, width=width, height=height)
    opened.open(PAGE + query)
    return opened


def computed(opened: WidgetPage, before: str | None) -> None:
    """Wait for the answer after ``before`` (the widget's count of answers drawn then)."""
    opened.page.wait_for_function(
        "(n) => (document.querySelector('#calculator').dataset.computed || '') !== n", arg=before or ""
    )


def count(opened: WidgetPage) -> str | None:
    value: str | None = root(opened).get_attribute("data-computed")
    return value


def type_into(opened: WidgetPage, selector: str, text: str) -> None:
    """Type as a reader does: click the field, select what is there, type, leave with Tab."""
    field = root(opened).locator(selector).first
    field.click()
    opened.page.keyboard.press("Control+A")
    before = count(opened)
    if len(text) > 100:
        field.fill(text)  # typed key by key, ten thousand digits would take minutes
    else:
        opened.page.keyboard.type(text)
    opened.page.keyboard.press("Tab")
    computed(opened, before)


def test_an_invalid_entry_shows_no_score(chromium: Any, site_url: str) -> None:
    """After an impossible entry the last score must not stay on screen: it says there is none."""

    from playwright.sync_api import expect

    opened = opened_at(chromium, site_url)
    try:
        widget = root(opened)
        result = widget.locator(".tw-result")
        type_into(opened, '[name="points"]', "61")
        expect(result).to_have_attribute("data-taker", taker_score(EXAMPLES[0] | {"points": 61}))
        type_into(opened, '[name="points"]', "92")
        expect(result).to_have_attribute("data-no-score", "true")
        expect(result).to_contain_text("No score")
        expect(result.locator(".tw-shares")).to_have_count(0)
        assert not re.search(SIGNED_NUMBER, result.inner_text()), result.inner_text()
        bar = widget.locator("[data-result-bar]")
        expect(bar).to_contain_text("No score")
        assert not re.search(SIGNED_NUMBER, bar.inner_text()), bar.inner_text()
        assert opened.errors == []
        violations = run_axe(opened.page)
        assert violations == [], describe(violations)
    finally:
        opened.page.context.close()


def test_every_fields_message_is_shown_at_once(chromium: Any, site_url: str) -> None:
    """Letters in one number field and ten thousand nines in another: both say what they expect."""
    from playwright.sync_api import expect

    opened = opened_at(chromium, site_url)
    try:
        widget = root(opened)
        type_into(opened, '[name="oudlers"]', "9" * 10_000)
        type_into(opened, '[name="points"]', "forty")
        for name in ("oudlers", "points"):
            slot = widget.locator(f'[data-error-for="{name}"]')
            expect(slot).to_contain_text("must be a")
            text = slot.inner_text()
            assert "number" in text and "''" not in text and "inf" not in text, text
            expect(widget.locator(f'[name="{name}"]')).to_have_attribute("aria-invalid", "true")
        expect(widget.locator('[data-error-for="points"]')).to_contain_text("forty")
        expect(widget.locator(".tw-no-score-list li")).to_have_count(2)
    finally:
        opened.page.context.close()


def test_changing_the_rules_keeps_the_entries_they_can_use(chromium: Any, site_url: str) -> None:
    """Players, bouts and points survive a change of rules, also when the arrow keys walk the
    list over rules that cannot use them."""
    from playwright.sync_api import expect

    opened = opened_at(chromium, site_url)
    try:
        widget = root(opened)
        form = widget.locator("form.tw-form")
        before = count(opened)
        form.locator('[name="players"]').select_option("5")
        computed(opened, before)
        type_into(opened, '[name="oudlers"]', "3")
        type_into(opened, '[name="points"]', "61")

        def rules_now(variant: str) -> None:
            opened.page.wait_for_function(
                "(v) => document.querySelector('form.tw-form').dataset.formKey.startsWith(v + '-')",
                arg=variant,
            )

        def kept(*names: str) -> None:
            expect(form.locator('[name="players"]')).to_have_value("5")
            values = {"oudlers": "3", "points": "61"}
            for name in names:
                expect(form.locator(f'[name="{name}"]')).to_have_value(values[name])

        form.locator('[name="variant"]').select_option("classic")
        rules_now("classic")
        kept("oudlers", "points")
        # The keyboard: down to Chambéry over Mathers (three players at most), then back up.
        form.locator('[name="variant"]').focus()
        for key, variant in [("ArrowDown", "mathers"), ("ArrowDown", "chambery")]:
            opened.page.keyboard.press(key)
            rules_now(variant)
        kept("points")
        for key, variant in [("ArrowUp", "mathers"), ("ArrowUp", "classic"), ("ArrowUp", "fft")]:
            opened.page.keyboard.press(key)
            rules_now(variant)
        kept("oudlers", "points")
        request = {"variant": "fft", "players": 5, "contract": "garde", "oudlers": 3, "points": 61}
        taker = taker_score(request)
        expect(widget.locator(".tw-result")).to_have_attribute("data-taker", taker)
        assert opened.errors == []
    finally:
        opened.page.context.close()


def test_named_players_show_in_the_result_and_the_link(chromium: Any, site_url: str) -> None:
    from playwright.sync_api import expect

    opened = opened_at(chromium, site_url)
    try:
        widget = root(opened)
        type_into(opened, '[name="p1.name"]', "Alice")
        type_into(opened, '[name="p3.name"]', "Chloé")
        before = count(opened)
        widget.locator('[name="taker"]').select_option(label="Chloé")
        computed(opened, before)
        taker = taker_score(EXAMPLES[0])
        shares = widget.locator(".tw-shares")
        expect(shares.locator('tr[data-seat="p3"]')).to_contain_text("Chloé")
        expect(shares.locator('tr[data-seat="p3"] .tw-share')).to_have_text(f"+{taker}")
        expect(shares.locator('tr[data-seat="p1"]')).to_contain_text("Alice")
        expect(widget.locator("[data-result-bar]")).to_contain_text("Chloé")
        params = parse_qs(urlsplit(opened.page.url).query)
        assert params["p1.name"] == ["Alice"] and params["p3.name"] == ["Chloé"] and params["taker"] == ["p3"]
        link = opened.page.url
    finally:
        opened.page.context.close()
    again = new_widget_page(chromium, site_url)
    try:
        again.page.goto(link)
        wait_ready(again.page)
        row = root(again).locator('.tw-shares tr[data-seat="p3"]')
        expect(row).to_contain_text("Chloé", timeout=RESULT_TIMEOUT_MS)
        expect(row.locator(".tw-share")).to_have_text(f"+{taker}")
    finally:
        again.page.context.close()


@pytest.mark.parametrize("query", ["?constructor=1", "?__proto__=1", "?toString=1&valueOf=2&points=61"])
def test_odd_parameters_in_a_link_are_ignored(chromium: Any, site_url: str, query: str) -> None:
    from playwright.sync_api import expect

    opened = opened_at(chromium, site_url, query)
    try:
        widget = root(opened)
        assert widget.get_attribute("data-state") == "ready"
        expect(widget.locator(".tw-loading")).to_be_hidden()
        points = 61 if "points" in query else 56
        expected = taker_score(EXAMPLES[0] | {"points": points})
        expect(widget.locator(".tw-result")).to_have_attribute("data-taker", expected)
        opened.page.wait_for_function("location.search.includes('variant=fft')")
        params = parse_qs(urlsplit(opened.page.url).query)
        assert not set(params) & {"constructor", "__proto__", "toString", "valueOf"}, params
        assert opened.errors == []
    finally:
        opened.page.context.close()


@pytest.mark.parametrize(
    ("query", "fields"),
    [
        ("?variant=tarok&points=40", ["variant"]),
        ("?variant=fft&contract=grande&points=abc", ["contract", "points"]),
    ],
)
def test_unknown_values_in_a_link_get_their_fields_message(
    chromium: Any, site_url: str, query: str, fields: list[str]
) -> None:
    """An unknown rule set is not taken for French Tarot; each unknown value is refused at its field."""
    from playwright.sync_api import expect

    opened = opened_at(chromium, site_url, query)
    try:
        widget = root(opened)
        for name in fields:
            expect(widget.locator(f'[data-error-for="{name}"]')).not_to_be_empty()
        expect(widget.locator(".tw-result")).to_have_attribute("data-no-score", "true")
        expect(widget.locator(".tw-result .tw-shares")).to_have_count(0)
        if fields == ["variant"]:
            expect(widget.locator('[name="variant"]')).to_have_value("tarok")
            expect(widget.locator('[name="points"]')).to_have_count(0)
        assert opened.errors == []
    finally:
        opened.page.context.close()


def test_on_a_phone_the_scores_stay_in_view_while_editing(chromium: Any, site_url: str) -> None:
    """The result is far below the form on a phone: a bar at the bottom of the view gives each
    player's score while the reader types, and the fields are large enough that the phone does not
    zoom into them."""
    from playwright.sync_api import expect

    opened = opened_at(chromium, site_url, width=PHONE["width"], height=PHONE["height"])
    try:
        widget = root(opened)
        sizes = widget.locator("form.tw-form").evaluate(
            "f => [...f.querySelectorAll('input:not([type=checkbox]), select')]"
            ".map(e => parseFloat(getComputedStyle(e).fontSize))"
        )
        assert sizes and min(sizes) >= 16, sizes
        # The reader starts at the top of the form, where the result is out of sight, and types points.
        widget.locator("form.tw-form").evaluate(
            "f => f.scrollIntoView({block: 'start', behavior: 'instant'})"
        )
        floating = widget.locator("[data-result-bar-float]")
        expect(floating).to_be_visible()  # before any entry: the first score, drawn with the page
        expect(floating).to_contain_text(f"+{taker_score(EXAMPLES[0])}")
        field = widget.locator('[name="points"]')
        field.click()
        opened.page.keyboard.press("Control+A")
        before = count(opened)
        opened.page.keyboard.type("61")
        computed(opened, before)
        box = field.bounding_box()
        assert box is not None and 0 <= box["y"] < PHONE["height"], box
        result_box = widget.locator(".tw-result").bounding_box()
        assert result_box is not None and result_box["y"] > PHONE["height"], "the result is in view anyway"
        expect(floating).to_be_visible()
        bar = floating.bounding_box()
        assert bar is not None and bar["y"] + bar["height"] <= PHONE["height"] + 1, bar
        assert bar["y"] >= box["y"] + box["height"], (bar, box)  # below the field, not over it
        scored: Any = score_request(EXAMPLES[0] | {"points": 61})
        taker, defender = scored["scores"]["taker"], scored["scores"]["defender"]
        assert isinstance(taker, int) and isinstance(defender, int)
        text = floating.inner_text()
        assert f"+{taker}" in text and text.count(f"−{-defender}") == 3, text
        type_into(opened, '[name="points"]', "92")
        expect(floating).to_contain_text("No score")
    finally:
        opened.page.context.close()


def test_on_a_desktop_a_long_form_keeps_the_scores_in_view(chromium: Any, site_url: str) -> None:
    """Mathers with three players: five counts, kings and declarations for each, longer than a desktop
    view. The bar at the bottom of the view gives each player's score, as the result does."""
    from playwright.sync_api import expect

    opened = opened_at(chromium, site_url, "?variant=mathers&players=3&p2.name=Bruno")
    try:
        widget = root(opened)
        expect(widget.locator(".tw-result")).to_have_attribute("data-seat-scores", re.compile(".+"))
        sizes = widget.locator("form.tw-form").evaluate(
            "f => [...f.querySelectorAll('input:not([type=checkbox]), select')]"
            ".map(e => parseFloat(getComputedStyle(e).fontSize))"
        )
        assert sizes and min(sizes) >= 16, sizes
        widget.locator("form.tw-form").evaluate(
            "f => f.scrollIntoView({block: 'start', behavior: 'instant'})"
        )
        floating = widget.locator("[data-result-bar-float]")
        expect(floating).to_be_visible()
        box = floating.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 901, box
        scores = json.loads(widget.locator(".tw-result").get_attribute("data-seat-scores") or "{}")
        items = floating.locator("li")
        expect(items).to_have_count(3)
        for index, (seat, score) in enumerate(scores.items()):
            signed = f"+{score}" if score > 0 else f"−{-score}" if score < 0 else "+0"
            expect(items.nth(index)).to_have_attribute("data-seat", seat)
            expect(items.nth(index)).to_contain_text(signed)
        expect(items.nth(1)).to_contain_text("Bruno")
    finally:
        opened.page.context.close()
