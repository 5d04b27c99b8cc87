"""The scoring calculator in Chromium: worked examples, links that compute on load, refusals, axe."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from widget_testing import (
    MATHERS_REQUESTS,
    WidgetPage,
    describe,
    landed_at,
    new_widget_page,
    run_axe,
    wait_ready,
)

from tarot_core.errors import RequestError
from tarot_core.scoring import score_request
from tutorial import bridge

pytestmark = pytest.mark.browser
PAGE = "how-to/calculator.html"
RESULT_TIMEOUT_MS = 20_000

EXAMPLES: list[dict[str, Any]] = [
    {"variant": "fft", "players": 4, "contract": "garde", "oudlers": 2, "points": 56},
    {
        "variant": "fft",
        "players": 4,
        "contract": "prise",
        "oudlers": 1,
        "points": 48,
        "petit_au_bout": "defence",
    },
    {
        "variant": "fft",
        "players": 4,
        "contract": "garde-sans",
        "oudlers": 2,
        "points": 44,
        "handfuls": [{"side": "attack", "size": "simple"}, {"side": "defence", "size": "simple"}],
    },
    {
        "variant": "fft",
        "players": 5,
        "contract": "garde",
        "oudlers": 3,
        "points": 91,
        "slam": {"announced": True, "won_by": "attack"},
    },
    {"variant": "fft", "players": 5, "contract": "garde-contre", "oudlers": 1, "points": 30, "alone": True},
    {"variant": "classic", "players": 3, "contract": "guard-against", "oudlers": 2, "points": 45},
    {
        "variant": "classic",
        "players": 5,
        "contract": "small",
        "oudlers": 1,
        "points": 40,
        "bonuses": [{"kind": "trumps-10", "holder": "partner"}],
    },
    {"variant": "chambery", "players": 5, "contract": "call", "points": 40},
    {"variant": "chambery", "players": 4, "pack": 62, "contract": "solo-one-card", "points": 33},
    {"variant": "chambery", "players": 3, "points": [30, 20, 28]},
    *MATHERS_REQUESTS,
]


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


@pytest.mark.parametrize("request_data", EXAMPLES, ids=lambda r: json.dumps(r, sort_keys=True)[:60])
def test_reproduces_worked_examples(calc: WidgetPage, request_data: dict[str, Any]) -> None:
    from playwright.sync_api import expect

    answer = score_request(request_data)
    fill(calc, bridge.query_from_request(request_data))
    result = root(calc).locator(".tw-result")
    for name, value in expected_attributes(answer).items():
        expect(result).to_have_attribute(name, value, timeout=RESULT_TIMEOUT_MS)
    expect(root(calc).locator(".tw-field-error:not(:empty)")).to_have_count(0)
    shares = result.locator(".tw-shares tbody tr")
    expect(shares).to_have_count(int(request_data["players"]))
    breakdown: Any = answer["breakdown"]
    labels = [str(term["label"]) for term in breakdown]
    rows = result.locator(".tw-breakdown tbody th")
    expect(rows).to_have_count(len(labels))
    assert rows.nth(0).inner_text().startswith(labels[0])


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

    query = bridge.query_from_request(
        {"variant": "fft", "players": 4, "contract": "garde", "oudlers": 2, "points": 56}
    )
    query.update(change)
    request = bridge.request_from_query(bridge.normalise_query(query))
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
    fill(calc, bridge.query_from_request(request_data))
    scored: Any = score_request(request_data)
    taker = str(scored["scores"]["taker"])
    expect(root(calc).locator(".tw-result")).to_have_attribute("data-taker", taker, timeout=RESULT_TIMEOUT_MS)
    address = urlsplit(calc.page.url)
    params = parse_qs(address.query)
    assert params["handful"] == ["attack:simple", "defence:simple"]
    # A link copied from the address bar opens the page at the calculator.
    assert address.fragment == "calculator"
    assert root(calc).get_attribute("id") == "calculator"
    rebuilt = bridge.request_from_query(bridge.normalise_query(params))
    assert score_request(rebuilt) == score_request(request_data)


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
    query = bridge.query_from_request(request_data)
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
        # At once: the static form and result drawn at build time, and a clear loading notice.
        assert widget.get_attribute("data-state") in ("idle", "loading")
        expect(widget.locator(".tw-result .tw-shares")).to_be_visible()
        expect(widget.locator(".tw-loading")).to_contain_text("Python is loading")
        wait_ready(opened.page)
        result = root(opened).locator(".tw-result")
        for name, value in expected_attributes(score_request(request_data)).items():
            expect(result).to_have_attribute(name, value, timeout=RESULT_TIMEOUT_MS)
        expect(root(opened).locator('[name="players"]')).to_have_value("5")
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
    query = bridge.query_from_request(request_data)
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
    query = bridge.query_from_request(request_data)
    opened = new_widget_page(chromium, site_url)
    try:
        opened.page.goto(f"{site_url}variants/chambery/scoring-three.html?{urlencode(query, doseq=True)}")
        calculator = opened.page.locator("#calculator")
        # The page script has set the calculator up (and scrolled to it): the reader scrolls back up.
        opened.page.wait_for_function("document.querySelector('#calculator').dataset.state !== 'idle'")
        opened.page.mouse.move(600, 450)
        opened.page.mouse.wheel(0, -3000)
        opened.page.wait_for_function("scrollY > 0")
        for name, value in expected_attributes(score_request(request_data)).items():
            expect(calculator.locator(".tw-result")).to_have_attribute(name, value, timeout=RESULT_TIMEOUT_MS)
        opened.page.wait_for_timeout(300)
        top = opened.page.evaluate("document.querySelector('#calculator').getBoundingClientRect().top")
        assert top > 2000, f"the calculator was brought back to {top} px"
        assert opened.errors == []
    finally:
        opened.page.context.close()


def test_no_accessibility_violations(calc: WidgetPage) -> None:
    fill(calc, bridge.query_from_request(EXAMPLES[3]))
    violations = run_axe(calc.page)
    assert violations == [], describe(violations)


def test_every_request_stays_on_the_site(calc: WidgetPage) -> None:
    assert calc.requests, "the page made no request at all"
    outside = [url for url in calc.requests if not url.startswith(calc.base_url)]
    assert outside == []
    assert any("pyodide.asm.wasm" in url for url in calc.requests)
