"""The widgets placed on the rules pages and on the Chambéry page, in Chromium, against the engine.

One page per test (each boots Pyodide once): the scoring rules' calculator, the play rules' "May I play
this card?" on an overtrump, and the Chambéry replay stepped through to the end.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tarot_core.actions import Action
from tarot_core.engine.variant import score_request
from tarot_core.errors import Illegal
from tarot_core.games.chambery import ChamberyRound
from tarot_core.records import load_record
from tests.browser.widget_testing import (
    BOOT_TIMEOUT_MS,
    click,
    describe,
    new_widget_page,
    run_axe,
    settle_in_view,
)
from tutorial.bridge.common import HANDS_DIR
from tutorial.bridge.state import trick_steps

pytestmark = pytest.mark.browser
TIMEOUT_MS = 20_000


def test_scoring_rules_calculator_reproduces_the_engine(chromium: Any, site_url: str) -> None:
    from playwright.sync_api import expect

    opened = new_widget_page(chromium, site_url)
    try:
        opened.open("rules/shares.html")
        calculators = opened.page.locator('[data-tarot-widget="calculator"]')
        expect(calculators).to_have_count(3)
        # The tabs follow the page's table sizes: 3, 4 and 5 players, each starting on its example.
        for index, players in enumerate(("3", "4", "5")):
            widget = calculators.nth(index)
            assert widget.get_attribute("data-state") == "ready"
            expect(widget.locator('[name="players"]')).to_have_value(players)
        widget = calculators.nth(0)
        request_data: dict[str, Any] = {
            "variant": "fft",
            "players": 3,
            "contract": "garde-sans",
            "oudlers": 1,
            "points": 47.5,
            "petit_au_bout": "defence",
        }
        form = widget.locator("form.tw-form")
        form.locator('[name="contract"]').select_option("garde-sans")
        form.locator('[name="oudlers"]').fill("1")
        form.locator('[name="petit_au_bout"]').select_option("defence")
        form.locator('[name="points"]').fill("47.5")
        form.locator('[name="points"]').press("Enter")
        answer: Any = score_request(request_data)
        result = widget.locator(".tw-result")
        expect(result).to_have_attribute("data-taker", str(answer["scores"]["taker"]), timeout=TIMEOUT_MS)
        expect(result).to_have_attribute("data-defender", str(answer["scores"]["defender"]))
        expect(result).to_have_attribute("data-won", "true" if answer["won"] else "false")
        rows = result.locator(".tw-breakdown tbody th")
        expect(rows).to_have_count(len(answer["breakdown"]))
        # The rules page keeps its own address: only the calculator page writes the form into the URL.
        assert "?" not in opened.page.url
        violations = run_axe(opened.page)
        assert violations == [], describe(violations)
        assert opened.errors == []
        assert all(url.startswith(opened.base_url) for url in opened.requests)
    finally:
        opened.page.context.close()


def test_play_rules_refuse_a_card_with_the_engine_reason(chromium: Any, site_url: str) -> None:
    from playwright.sync_api import expect

    record = load_record(HANDS_DIR / "fft-4-garde-sans.json")
    opened = new_widget_page(chromium, site_url)
    try:
        opened.open("rules/play.html")
        root = opened.page.locator('[data-tarot-widget="play-check"]').first
        step = int(str(root.get_attribute("data-step")))
        rnd = record.round_at(step)
        seat = rnd.to_move
        assert seat is not None
        refusals = {card: rnd.why_illegal(Action(seat, "play", "", (card,))) for card in rnd.hands[seat]}
        # The position shows the overtrump obligation: a lower trump is refused for it.
        low_trump = next(
            card
            for card, refusal in refusals.items()
            if card.is_trump and refusal is not None and refusal.reason is Illegal.MUST_OVERTRUMP
        )
        refusal = refusals[low_trump]
        assert refusal is not None
        click(root.locator(f'button[data-card="{low_trump}"]'))
        expect(root).to_have_attribute("data-verdict", "refused", timeout=TIMEOUT_MS)
        expect(root).to_have_attribute("data-reason", refusal.reason.code)
        verdict = root.locator(".tw-verdict-region")
        expect(verdict).to_contain_text(refusal.message)
        href = str(verdict.locator("a").get_attribute("href"))
        assert href.endswith(f"#rule-{refusal.reason.code}"), href
        # A legal trump is played.
        legal = next(card for card, why in refusals.items() if why is None)
        click(root.locator(f'button[data-card="{legal}"]'))
        expect(root).to_have_attribute("data-verdict", "accepted", timeout=TIMEOUT_MS)
        expect(root.locator(f'.tw-trick [data-card="{legal}"]')).to_have_count(1)
        assert opened.errors == []
    finally:
        opened.page.context.close()


def test_chambery_replay_steps_to_the_engine_tally(chromium: Any, site_url: str) -> None:
    from playwright.sync_api import expect

    record = load_record(HANDS_DIR / "chambery-5-called-king.json")
    opened = new_widget_page(chromium, site_url)
    opened.page.set_default_timeout(BOOT_TIMEOUT_MS)
    try:
        opened.open("variants/chambery/sample-hands.html")
        root = opened.page.locator('[data-tarot-widget="replay"]').first
        assert root.get_attribute("data-state") == "ready"
        steps = trick_steps(record)
        forward = root.locator('button[data-action="forward"]')
        for target in (steps[0], steps[5]):
            settle_in_view(forward)
            while int(str(root.get_attribute("data-step"))) < target:
                current = int(str(root.get_attribute("data-step")))
                forward.click()
                expect(root).to_have_attribute("data-step", str(current + 1), timeout=TIMEOUT_MS)
            rnd = record.round_at(target)
            assert isinstance(rnd, ChamberyRound)
            counting = rnd.tally()
            tally = root.locator(".tw-tally")
            attack = tally.locator('[data-side="attack"]')
            defence = tally.locator('[data-side="defence"]')
            expect(attack).to_have_attribute("data-points", str(counting.attack_points))
            expect(defence).to_have_attribute("data-points", str(counting.defence_points))
            expect(attack).to_have_attribute("data-tricks", str(counting.tricks_won["attack"]))
        forward.focus()
        opened.page.keyboard.press("End")
        expect(root).to_have_attribute("data-step", str(len(record.actions)), timeout=TIMEOUT_MS)
        final = record.final_round()
        assert isinstance(final, ChamberyRound)
        counting = final.count()
        expect(root.locator('.tw-tally [data-side="attack"]')).to_have_attribute(
            "data-points", str(counting.attack_points)
        )
        items = root.locator(".tw-trick-list li")
        expect(items).to_have_count(len(final.tricks))
        for item, trick in zip(items.all(), final.tricks, strict=True):
            assert item.get_attribute("data-points") == str(final.trick_points(trick))
        for seat, value in final.result().by_seat.items():
            cell = root.locator(f'.tw-final .tw-shares tr[data-seat="{seat}"] td')
            assert int(cell.inner_text().replace("−", "-").replace("+", "")) == value
        assert not re.search(r"\b(bouts?|dog)\b", root.inner_text(), re.IGNORECASE)
        violations = run_axe(opened.page)
        assert violations == [], describe(violations)
        assert opened.errors == []
    finally:
        opened.page.context.close()
