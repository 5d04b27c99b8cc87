"""The hand replay and "May I play this card?" in Chromium, checked against the engine."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from tarot_core.actions import Action
from tarot_core.engine.round import Round
from tarot_core.engine.variant import score_request
from tarot_core.records import HandRecord, load_record
from tests.browser.widget_testing import WidgetPage, click, describe, new_widget_page, run_axe, settle_in_view
from tutorial.bridge.common import HANDS_DIR
from tutorial.bridge.playcheck import default_play_step
from tutorial.bridge.query import normalise_query, request_from_query
from tutorial.bridge.state import trick_steps

pytestmark = pytest.mark.browser
PAGE = "how-to/replay.html"
RECORD = "fft-4-first-hand"
STEP_TIMEOUT_MS = 15_000


@pytest.fixture(scope="module")
def record() -> HandRecord:
    return load_record(HANDS_DIR / f"{RECORD}.json")


@pytest.fixture(scope="module")
def replay_page(chromium: Any, site_url: str) -> Iterator[WidgetPage]:
    opened = new_widget_page(chromium, site_url)
    opened.open(PAGE)
    yield opened
    opened.page.context.close()


def replay_root(opened: WidgetPage) -> Any:
    return opened.page.locator('[data-tarot-widget="replay"]').first


def play_root(opened: WidgetPage) -> Any:
    return opened.page.locator('[data-tarot-widget="play-check"]').first


def wait_step(opened: WidgetPage, step: int) -> None:
    from playwright.sync_api import expect

    expect(replay_root(opened)).to_have_attribute("data-step", str(step), timeout=STEP_TIMEOUT_MS)
    # The table drawn for that step, and the step said once, beside the buttons.
    expect(replay_root(opened).locator(".tw-status")).to_have_attribute(
        "data-shown-step", str(step), timeout=STEP_TIMEOUT_MS
    )
    expect(replay_root(opened).locator(".tw-step")).to_have_text(re.compile(rf"^Step {step} of \d+$"))
    assert "Step" not in replay_root(opened).locator(".tw-status").inner_text()


def assert_tally(opened: WidgetPage, rnd: Round) -> None:
    """The running card points and bouts on the page are the engine's tally."""
    tally = replay_root(opened).locator(".tw-tally")
    if rnd.contract is None:
        assert tally.get_attribute("data-side") is None
        return
    counting = rnd.tally()
    attack = tally.locator('[data-side="attack"]')
    defence = tally.locator('[data-side="defence"]')
    assert float(attack.get_attribute("data-points")) * 2 == counting.attack_half_points
    assert float(defence.get_attribute("data-points")) * 2 == counting.defence_half_points
    assert int(attack.get_attribute("data-bouts")) == sum(c.is_bout for c in counting.attack_cards)
    assert int(defence.get_attribute("data-bouts")) == sum(c.is_bout for c in counting.defence_cards)


def test_widgets_boot(replay_page: WidgetPage) -> None:
    assert replay_root(replay_page).get_attribute("data-state") == "ready"
    assert play_root(replay_page).get_attribute("data-state") == "ready"
    assert replay_page.errors == []


def test_steps_forward_and_back_with_buttons_and_keys(replay_page: WidgetPage, record: HandRecord) -> None:
    root = replay_root(replay_page)
    forward = root.locator('button[data-action="forward"]')
    settle_in_view(forward)
    for _ in range(3):
        forward.click()
    wait_step(replay_page, 3)
    forward.focus()
    target = trick_steps(record)[1] + 2  # inside the third trick
    for _ in range(target - 3):
        replay_page.page.keyboard.press("ArrowRight")
    wait_step(replay_page, target)
    rnd = record.round_at(target)
    assert_tally(replay_page, rnd)
    plays = root.locator(".tw-trick-plays li .tw-card")
    assert rnd.current is not None
    assert [plays.nth(i).get_attribute("data-card") for i in range(plays.count())] == [
        str(card) for card in rnd.current.cards
    ]
    replay_page.page.keyboard.press("ArrowLeft")
    replay_page.page.keyboard.press("ArrowLeft")
    wait_step(replay_page, target - 2)
    assert_tally(replay_page, record.round_at(target - 2))
    click(root.locator('button[data-action="back"]'))
    wait_step(replay_page, target - 3)


def test_jump_to_a_trick_shows_who_won_each(replay_page: WidgetPage, record: HandRecord) -> None:
    root = replay_root(replay_page)
    steps = trick_steps(record)
    root.locator(".tw-jump").select_option(str(steps[5]))
    wait_step(replay_page, steps[5])
    rnd = record.round_at(steps[5])
    assert len(rnd.tricks) == 6
    click(root.locator(".tw-tricks summary"))
    items = root.locator(".tw-trick-list li")
    assert items.count() == 6
    for item, trick in zip(items.all(), rnd.tricks, strict=True):
        assert trick.winner is not None
        assert record.seat_name(trick.winner) in item.locator(".tw-trick-won").inner_text()
    assert_tally(replay_page, rnd)


def test_one_seat_view_hides_the_other_hands(replay_page: WidgetPage) -> None:
    from playwright.sync_api import expect

    root = replay_root(replay_page)
    root.locator(".tw-view").select_option("p2")
    expect(root).to_have_attribute("data-view", "p2", timeout=STEP_TIMEOUT_MS)
    for seat in ("p1", "p3", "p4"):
        expect(root.locator(f'.tw-seat[data-seat="{seat}"] [data-card]')).to_have_count(0)
        expect(root.locator(f'.tw-seat[data-seat="{seat}"] .tw-back').first).to_be_attached()
    assert root.locator('.tw-seat[data-seat="p2"] [data-card]').count() > 0
    root.locator(".tw-view").select_option("all")
    expect(root).to_have_attribute("data-view", "all", timeout=STEP_TIMEOUT_MS)
    expect(root.locator('.tw-seat[data-seat="p3"] [data-card]').first).to_be_attached()


def test_the_end_shows_the_score_and_links_to_the_calculator(
    replay_page: WidgetPage, record: HandRecord
) -> None:
    root = replay_root(replay_page)
    root.locator('button[data-action="forward"]').focus()
    replay_page.page.keyboard.press("End")
    last = len(record.actions)
    wait_step(replay_page, last)
    rnd = record.final_round()
    assert_tally(replay_page, rnd)
    by_seat = rnd.result().by_seat
    for seat, value in by_seat.items():
        cell = root.locator(f'.tw-final .tw-shares tr[data-seat="{seat}"] td')
        assert int(cell.inner_text().replace("−", "-").replace("+", "")) == value
    href = root.locator(".tw-final a.tw-link").get_attribute("href")
    assert href is not None and href.startswith("calculator.html?")
    query = parse_qs(urlsplit(href).query)
    answer = score_request(request_from_query(normalise_query(query)))
    score = rnd.result().score
    assert score is not None and answer["scores"]["taker"] == score.taker  # type: ignore[index]


def _position(record: HandRecord) -> tuple[int, Round]:
    step = int(default_play_step(record))
    return step, record.round_at(step)


def test_an_illegal_card_is_refused_with_its_reason(replay_page: WidgetPage, record: HandRecord) -> None:
    from playwright.sync_api import expect

    root = play_root(replay_page)
    step, rnd = _position(record)
    assert root.get_attribute("data-step") == str(step)
    seat = rnd.to_move
    assert seat is not None
    legal = rnd.legal_cards(seat)
    illegal = next(card for card in rnd.hands[seat] if card not in legal)
    refusal = rnd.why_illegal(Action(seat, "play", "", (illegal,)))
    assert refusal is not None
    click(root.locator(f'button[data-card="{illegal}"]'))
    expect(root).to_have_attribute("data-verdict", "refused", timeout=STEP_TIMEOUT_MS)
    expect(root).to_have_attribute("data-reason", refusal.reason.code)
    verdict = root.locator(".tw-verdict-region")
    expect(verdict).to_contain_text(refusal.message)
    link = verdict.locator("a")
    href = link.get_attribute("href")
    assert (href is not None and href.endswith(".html")) or "#" in str(href)
    response = replay_page.page.request.get(replay_page.page.url.rsplit("/", 1)[0] + "/" + str(href))
    assert response.ok
    # the hand is unchanged: every card still there, the refused one keeps the focus
    assert root.locator("button[data-card]").count() == len(rnd.hands[seat])
    expect(root.locator(f'button[data-card="{illegal}"]')).to_be_focused()


def test_a_legal_card_is_played(replay_page: WidgetPage, record: HandRecord) -> None:
    from playwright.sync_api import expect

    root = play_root(replay_page)
    _, rnd = _position(record)
    seat = rnd.to_move
    assert seat is not None
    card = rnd.legal_cards(seat)[-1]
    click(root.locator(f'button[data-card="{card}"]'))
    expect(root).to_have_attribute("data-verdict", "accepted", timeout=STEP_TIMEOUT_MS)
    expect(root.locator(f'.tw-trick [data-card="{card}"]')).to_have_count(1)
    expect(root.locator("button[data-card]")).to_have_count(0)
    reset = root.locator(".tw-reset")
    expect(reset).to_be_focused()
    click(reset)
    expect(root.locator("button[data-card]")).to_have_count(len(rnd.hands[seat]), timeout=STEP_TIMEOUT_MS)


def test_no_accessibility_violations(replay_page: WidgetPage) -> None:
    violations = run_axe(replay_page.page)
    assert violations == [], describe(violations)


def test_every_request_stays_on_the_site(replay_page: WidgetPage) -> None:
    outside = [url for url in replay_page.requests if not url.startswith(replay_page.base_url)]
    assert outside == []
    assert any("tarot_core-" in url and ".whl" in url for url in replay_page.requests)
