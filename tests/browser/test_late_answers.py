"""Nothing the reader types is lost to a late answer. The engine's answers are held back in the page (a
wrapper of the page's Worker delays every answer it hands over), so each answer comes while the reader
is already typing on: the calculator's five names typed at a quick typist's pace with Tab between them
stay as typed (the form is redrawn around them, with focus and caret), the play page's choice of game
stays as chosen while the deal's moves come in, the score sheet keeps a deal being typed while the
answer to the previous one arrives, and a lesson's verdict leaves the focus in the next exercise the
reader is typing into.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tarot_core.exercises import right_answers
from tests.browser.widget_testing import BOOT_TIMEOUT_MS, CHROMIUM, wait_ready

pytestmark = pytest.mark.browser
LESSONS = Path(__file__).resolve().parents[2] / "tutorial" / "lessons"
NAMES = ["Annabelle", "Bob", "Catherine", "Dan", "Eve"]
#: Milliseconds between two key presses: a quick typist.
KEY_DELAY_MS = 60
#: Milliseconds every answer of the engine is held back once a test asks for it: longer than the
#: typing of a short name, so that each answer lands while the next name is being typed.
ANSWER_DELAY_MS = 400
ANSWER_TIMEOUT_MS = 30_000

#: Delays the engine worker's answers by window.tarotAnswerDelay milliseconds (in their order).
SLOW_ANSWERS = """(() => {
  const Native = window.Worker;
  window.tarotAnswerDelay = 0;
  window.Worker = class extends Native {
    set onmessage(handler) {
      super.onmessage = (event) => {
        const delay = event.data && event.data.type === "answer" ? window.tarotAnswerDelay : 0;
        if (delay) setTimeout(() => handler.call(this, event), delay);
        else handler.call(this, event);
      };
    }
    get onmessage() {
      return super.onmessage;
    }
  };
})();"""


@pytest.fixture
def base(site_url: str) -> str:
    return site_url


@pytest.fixture
def page(chromium: Any) -> Iterator[Any]:
    assert CHROMIUM.exists()
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(SLOW_ANSWERS)
    opened = context.new_page()
    opened.set_default_timeout(BOOT_TIMEOUT_MS)
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert errors == []


def idle(page: Any, selector: str) -> None:
    page.wait_for_function(
        "(sel) => !document.querySelector(sel).dataset.busy", arg=selector, timeout=ANSWER_TIMEOUT_MS
    )


def test_names_typed_with_tab_between_them_all_stay(page: Any, base: str) -> None:
    from playwright.sync_api import expect

    page.goto(base + "how-to/calculator.html")
    wait_ready(page)
    calculator = '[data-tarot-widget="calculator"]'
    form = page.locator(f"{calculator} form.tw-form").first
    form.locator('[name="players"]').select_option("5")
    expect(form.locator('[name="p5.name"]')).to_have_count(1, timeout=ANSWER_TIMEOUT_MS)
    idle(page, calculator)
    page.evaluate(f"window.tarotAnswerDelay = {ANSWER_DELAY_MS}")
    form.locator('[name="p1.name"]').click()
    for number, name in enumerate(NAMES, start=1):
        assert page.evaluate("document.activeElement.name") == f"p{number}.name"
        page.keyboard.type(name, delay=KEY_DELAY_MS)
        if number < len(NAMES):
            page.keyboard.press("Tab")
    # the caret stayed where the reader left it: at the end of the last name
    page.keyboard.type("lyn", delay=KEY_DELAY_MS)
    page.keyboard.press("Tab")
    idle(page, calculator)
    typed = [*NAMES[:-1], NAMES[-1] + "lyn"]
    for number, name in enumerate(typed, start=1):
        expect(form.locator(f'[name="p{number}.name"]')).to_have_value(name)
    # the last answer is for what the reader typed: the lists of seats name the players
    taker = form.locator('[name="taker"] option')
    expect(taker).to_have_text(typed)
    expect(page.locator(f"{calculator} .tw-result").first).not_to_have_class("tw-stale")


def test_the_game_chosen_in_the_play_form_stays_while_the_deal_goes_on(page: Any, base: str) -> None:
    from playwright.sync_api import expect

    page.goto(base + "play.html")
    wait_ready(page)
    root = page.locator('[data-tarot-widget="play"]')
    root.locator(".tp-setup-box summary").click()
    players = root.locator('[data-setup] [name="players"]')
    chosen = "5" if players.input_value() != "5" else "3"
    players.select_option(chosen)
    page.evaluate(f"window.tarotAnswerDelay = {ANSWER_DELAY_MS}")
    before = int(root.get_attribute("data-actions") or "0")
    root.locator("[data-stage] .tp-actions button[data-action]").first.click()
    page.wait_for_function(
        "([sel, n]) => Number(document.querySelector(sel).dataset.actions) > n + 1",
        arg=['[data-tarot-widget="play"]', before],
        timeout=ANSWER_TIMEOUT_MS,
    )
    expect(players).to_have_value(chosen)


SHEET = '[data-tarot-widget="score-sheet"]'


def send_a_deal_slowly(page: Any, base: str) -> Any:
    """A new session of five, and its first deal entered with Enter, its answer held back; the form."""
    page.goto(base + "how-to/score-sheet.html")
    page.evaluate("localStorage.clear()")
    page.reload()
    wait_ready(page)
    names = page.locator('.tw-sheet-setup [name="player"]')
    for index in range(names.count()):
        names.nth(index).fill(["Ana", "Ben", "Cléo", "Dan", "Eve"][index])
    page.locator('[data-action="new-session"]').click()
    page.wait_for_function("(sel) => document.querySelector(sel).dataset.session", arg=SHEET)
    idle(page, SHEET)
    form = page.locator(f"{SHEET} .tw-sheet-form")
    form.locator('[name="taker"]').select_option("Ana")
    form.locator('[name="partner"]').select_option("Ben")
    form.locator('[name="contract"]').select_option("garde")
    form.locator('[name="oudlers"]').fill("2")
    form.locator('[name="points"]').fill("61")
    page.evaluate(f"window.tarotAnswerDelay = {ANSWER_DELAY_MS}")
    form.locator('[name="points"]').press("Enter")
    return form


def test_a_deal_typed_while_the_previous_one_is_scored_stays(page: Any, base: str) -> None:
    from playwright.sync_api import expect

    form = send_a_deal_slowly(page, base)
    # the reader goes on at once with the next deal's points, before the first deal's answer is back
    form.locator('[name="points"]').click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type("44", delay=KEY_DELAY_MS)
    page.wait_for_function(
        "(sel) => document.querySelector(sel).dataset.deals === '1'", arg=SHEET, timeout=ANSWER_TIMEOUT_MS
    )
    idle(page, SHEET)
    expect(page.locator(f'{SHEET} .tw-sheet-form [name="points"]')).to_have_value("44")


def test_a_click_into_the_next_deal_keeps_the_focus_when_the_answer_comes(page: Any, base: str) -> None:
    """The other order of the same race: the reader clicks into a field of the next deal, the answer
    to the last one comes before the first key, and the keys still land in the field clicked."""
    from playwright.sync_api import expect

    form = send_a_deal_slowly(page, base)
    form.locator('[name="points"]').click()
    page.wait_for_function(
        "(sel) => document.querySelector(sel).dataset.deals === '1'", arg=SHEET, timeout=ANSWER_TIMEOUT_MS
    )
    idle(page, SHEET)
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type("44", delay=KEY_DELAY_MS)
    expect(page.locator(f'{SHEET} .tw-sheet-form [name="points"]')).to_have_value("44")


def test_an_answer_typed_into_the_next_exercise_stays_there(page: Any, base: str) -> None:
    """A lesson's verdict that comes while the reader types the next exercise's answer leaves the
    focus (and so the keys) where the reader is."""
    from playwright.sync_api import expect

    first, second = json.loads((LESSONS / "cards.json").read_text(encoding="utf-8"))["exercises"][:2]
    page.goto(base + "tutorial/cards.html")
    wait_ready(page)
    page.evaluate(f"window.tarotAnswerDelay = {ANSWER_DELAY_MS}")
    one = page.locator(f"#{first['id']}")
    one.locator("input").fill(str(right_answers(first)[0]))
    one.locator("input").press("Enter")
    page.locator(f"#{second['id']} input").click()
    # typed slowly enough that the first verdict lands in the middle of it
    page.keyboard.type("1234", delay=ANSWER_DELAY_MS // 2)
    expect(one).to_have_attribute("data-verdict", "right", timeout=ANSWER_TIMEOUT_MS)
    expect(page.locator(f"#{second['id']} input")).to_have_value("1234")
    expect(one.locator("input")).to_have_value(str(right_answers(first)[0]))
    expect(page.locator(f"#{second['id']} input")).to_be_focused()
