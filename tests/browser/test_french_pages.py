"""The French edition in Chromium: the widgets answer in French (a calculator from a shared link, an
exercise answered wrong then right, a replay, the play page's deal), the language switch goes both ways
and is remembered, and the home page suggests the browser's language once without leaving the page."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tarot_core.cards import Card
from tarot_core.exercises import judge, right_answers
from tarot_core.messages import use_language
from tests.browser.test_offline import REQUEST, RESULT_TIMEOUT_MS, calculator_link, expected_attributes
from tests.browser.widget_testing import click, new_widget_page, wait_ready
from tutorial.bridge.common import card_face

pytestmark = pytest.mark.browser

LESSONS = Path(__file__).resolve().parents[2] / "tutorial" / "lessons"
#: Words that English sentences are made of and French ones never hold.
ENGLISH = ("the taker", " the ", " and ", " you ", "points needed", "Each defender")


def english_in(text: str) -> list[str]:
    return [word for word in ENGLISH if word in f" {text} "]


@pytest.fixture(scope="module")
def opened(chromium: Any, site_url: str) -> Iterator[Any]:
    page = new_widget_page(chromium, site_url, width=1280, height=900)
    try:
        yield page
    finally:
        page.page.context.close()


def test_a_shared_calculator_link_scores_in_french(opened: Any) -> None:
    from playwright.sync_api import expect

    page = opened.page
    page.goto(calculator_link(opened.base_url + "fr/"))
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "fr"
    result = page.locator('[data-tarot-widget="calculator"] .tw-result').first
    for name, value in expected_attributes(REQUEST).items():
        expect(result).to_have_attribute(name, value, timeout=RESULT_TIMEOUT_MS)
    text = result.inner_text()
    assert "preneur" in text and english_in(text) == [], text
    assert opened.errors == []


def test_an_exercise_answered_wrong_then_right_in_french(opened: Any) -> None:
    from playwright.sync_api import expect

    page = opened.page
    lesson = json.loads((LESSONS / "following.json").read_text(encoding="utf-8"))
    item = next(item for item in lesson["exercises"] if item["id"] == "follow-play")
    page.goto(opened.base_url + "fr/tutorial/following.html")
    wait_ready(page)
    root = page.locator('#follow-play[data-tarot-widget="exercise"]')
    wrong = item["wrong"][0]["answer"]
    # a first wrong answer points to the rule, a second shows the answer, then a right one
    for answer, stage in ((wrong, "pointer"), (wrong, "shown"), (str(right_answers(item)[0]), "right")):
        click(root.locator(f'.tl-stage button[data-card="{answer}"]').first)
        with use_language("fr"):
            verdict = judge(item, answer)
            said = str(verdict.message)
        expect(root).to_have_attribute("data-verdict", "right" if verdict.right else "wrong", timeout=20_000)
        expect(root).to_have_attribute("data-stage", stage)
        if stage != "pointer":
            expect(root.locator("[data-feedback]")).to_contain_text(said)
        assert english_in(root.locator("[data-feedback]").inner_text()) == []
    assert opened.errors == []


def test_the_play_page_deals_in_french(opened: Any) -> None:
    page = opened.page
    # (a deal whose first hand holds a King, a Queen and a Jack)
    page.goto(opened.base_url + "fr/play.html?variant=fft&players=4&seed=2&seat=p1&level=rule")
    wait_ready(page)
    play = page.locator('[data-tarot-widget="play"]')
    assert play.get_attribute("data-state") not in ("error", "loading", "idle")
    text = play.inner_text()
    assert english_in(text) == [], text[:400]
    # The hand's chips mark the court cards as a French pack does (R, D, C, V), drawn in the browser.
    shown = play.locator(".tp-hand [data-card] > [aria-hidden]").evaluate_all(
        "(labels) => labels.map((label) => [label.parentElement.dataset.card, label.textContent])"
    )
    with use_language("fr"):
        expected = [[code, card_face(Card.parse(code))[0]] for code, _ in shown]
    assert shown == expected
    assert set("RDV") <= {label[0] for _, label in shown}, shown
    assert opened.errors == []


def test_the_language_switch_goes_both_ways_and_is_remembered(opened: Any) -> None:
    page = opened.page
    for start, other, lang in (
        ("rules/play.html", "fr/rules/play.html", "fr"),
        ("fr/glossary.html", "glossary.html", "en"),
    ):
        page.goto(opened.base_url + start, wait_until="load")
        page.locator(f'.tarot-languages a[hreflang="{lang}"]').click()
        page.wait_for_url(opened.base_url + other)
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.evaluate("localStorage.getItem('tarot-language')") == lang


def test_the_home_page_suggests_the_browsers_language_once(chromium: Any, site_url: str) -> None:
    context = chromium.new_context(locale="fr-FR")
    try:
        page = context.new_page()
        page.goto(site_url + "index.html", wait_until="load")
        suggestion = page.locator(".tarot-language-suggestion a")
        assert suggestion.get_attribute("hreflang") == "fr"
        assert suggestion.inner_text() == "Ce site existe aussi en français."
        assert page.url == site_url + "index.html"  # suggested, never redirected
        page.reload(wait_until="load")
        assert page.locator(".tarot-language-suggestion").count() == 0  # once
    finally:
        context.close()


def test_a_replay_steps_in_french(opened: Any) -> None:
    from playwright.sync_api import expect

    page = opened.page
    page.goto(opened.base_url + "fr/how-to/replay.html")
    wait_ready(page)
    replay = page.locator('[data-tarot-widget="replay"]').first
    click(replay.locator('button[data-action="forward"]').first)
    expect(replay).to_have_attribute("data-step", "1", timeout=20_000)
    expect(replay.locator(".tw-status")).to_have_attribute("data-shown-step", "1", timeout=20_000)
    step = replay.locator(".tw-step").inner_text()
    assert step.startswith("Étape 1 sur"), step
    assert english_in(replay.inner_text()) == [], replay.inner_text()[:400]
    assert opened.errors == []


def test_a_card_the_rules_refuse_is_refused_in_french_on_the_play_page(opened: Any) -> None:
    from tests.browser.test_play_page import _until_illegal

    setup = {"variant": "fft", "players": 4, "seed": 3, "seat": "p1", "level": "rule"}
    with use_language("fr"):
        answer, card = _until_illegal(setup)
    game = answer["game"]
    page = opened.page
    # The page goes on with the deal kept in the browser when the address names the same deal.
    page.goto(opened.base_url + "fr/index.html")
    page.evaluate("(game) => localStorage.setItem('tarot-play-game', JSON.stringify(game))", game)
    query = "&".join(
        f"{key}={game[key]}" for key in ("variant", "players", "seed", "seat", "level", "dealer")
    )
    page.goto(opened.base_url + f"fr/play.html?{query}")
    wait_ready(page)
    play = page.locator('[data-tarot-widget="play"]')
    page.wait_for_function(
        "(n) => document.querySelector('[data-tarot-widget=play]').dataset.actions === String(n)",
        arg=len(game["actions"]),
    )
    click(play.locator(f'.tp-hand button[data-card="{card}"]'))
    page.wait_for_function("() => document.querySelector('[data-refusal]').textContent.length > 0")
    refusal = play.locator("[data-refusal]").inner_text()
    assert "Vous devez" in refusal or "vous devez" in refusal, refusal
    assert english_in(refusal) == [], refusal
    assert opened.errors == []


def test_the_score_sheet_imports_a_file_in_french(opened: Any, tmp_path: Path) -> None:
    from tests.browser.test_score_sheet import DEALS, ROOT, engine_totals, french_csv

    page = opened.page
    page.goto(opened.base_url + "fr/how-to/score-sheet.html")
    wait_ready(page)
    root = page.locator(ROOT)
    path = tmp_path / "vendredi.csv"
    path.write_bytes(french_csv(DEALS, "Dan"))
    root.locator('[data-action="import"]').set_input_files(str(path))
    page.wait_for_function(
        "([sel, n]) => { const r = document.querySelector(sel); "
        "return r.dataset.deals === String(n) && !r.dataset.busy; }",
        arg=[ROOT, len(DEALS)],
    )
    assert json.loads(root.get_attribute("data-totals") or "{}") == engine_totals(DEALS)
    text = root.inner_text()
    assert "Totaux" in text and english_in(text) == [], text[:400]
    assert opened.errors == []
