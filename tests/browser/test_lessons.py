"""The lesson path in Chromium: exercises answered right and wrong by clicking and typing, at a desktop's
and a phone's width: a first wrong answer points to the rule, a second shows the engine's answer and
reason; a lesson's end with its score, its best score and "Do it again"; the progress kept across a
reload and forgotten by the path's reset button; a drill of a "Playing well" page. The lessons' bridge
is checked in CPython first.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tarot_core.exercises import judge, right_answers
from tests.browser.widget_testing import BOOT_TIMEOUT_MS, click, describe, new_widget_page, run_axe
from tutorial.bridge import lessons as lesson_bridge

pytestmark = pytest.mark.browser
TIMEOUT_MS = 20_000
#: The hand judge plays a hand out hundreds of times in the browser before it answers.
PLAY_OUT_TIMEOUT_MS = 90_000
LESSONS = Path(__file__).resolve().parents[2] / "tutorial" / "lessons"
CODE = re.compile(r"\b(?:T(?:2[01]|1[0-9]|[1-9])|[SHDC](?:10|[1-9]|[JCQK])|EX)\b")


def _lesson(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((LESSONS / f"{name}.json").read_text(encoding="utf-8"))
    return data


def _exercise(name: str, exercise_id: str) -> dict[str, Any]:
    return next(item for item in _lesson(name)["exercises"] if item["id"] == exercise_id)


def _right_cards(item: dict[str, Any]) -> list[str]:
    """The cards of the engine's answer to a question that takes a set of cards."""
    answer = right_answers(item)[0]
    assert isinstance(answer, list)
    return [str(card) for card in answer]


def _visible_text(markup: str) -> str:
    text = re.sub(r"<[^>]+>", " ", markup)
    return re.sub(r"\s+", " ", text)


# ------------------------------------------------------------------ the lessons' bridge, in CPython
@pytest.mark.parametrize("name", sorted(path.stem for path in LESSONS.glob("*.json")))
def test_bridge_draws_every_exercise_with_stable_attributes(name: str) -> None:
    for item in _lesson(name)["exercises"]:
        answer = json.loads(lesson_bridge.exercise(json.dumps(item)))
        assert answer["ok"], (item["id"], answer)
        markup = answer["html"]
        assert not CODE.search(_visible_text(markup)), item["id"]
        kind = item["kind"]
        if kind in ("play", "legal", "winner", "discard", "discardable", "call"):
            assert 'data-card="' in markup and "<button" in markup
        elif kind in ("count", "target", "score"):
            assert "<input" in markup and 'type="submit"' in markup
        else:
            assert "data-choice=" in markup


def test_bridge_check_answers_with_the_engine_reason_and_the_rule_link() -> None:
    item = _exercise("following", "follow-play")
    rules = {"rule-must-follow-suit": "../rules/play.html#rule-must-follow-suit"}
    options = json.dumps({"rules": rules, "titles": {"rule-must-follow-suit": "Follow suit"}})
    answer = json.loads(lesson_bridge.check(json.dumps(item), json.dumps("HK"), options))
    assert answer["ok"] and answer["verdict"] == "wrong" and answer["reason"] == "must-follow-suit"
    assert answer["stage"] == "pointer"
    assert 'href="../rules/play.html#rule-must-follow-suit">Follow suit</a>' in answer["feedback_html"]
    assert "try again" in answer["feedback_html"] and answer["message"] not in answer["feedback_html"]
    again = json.loads(
        lesson_bridge.check(json.dumps(item), json.dumps("HK"), options[:-1] + ', "wrong_before": 1}')
    )
    assert again["stage"] == "shown" and "The right answers" in again["feedback_html"]
    right = right_answers(item)[0]
    answer = json.loads(lesson_bridge.check(json.dumps(item), json.dumps(right), options))
    assert answer["verdict"] == "right" and answer["message"] == judge(item, right).message
    refused = json.loads(
        lesson_bridge.check(json.dumps(_exercise("cards", "cards-king")), json.dumps(""), "{}")
    )
    assert not refused["ok"] and "number" in refused["message"]


# ------------------------------------------------------------------ in Chromium
def _answer_card(root: Any, card: str) -> None:
    click(root.locator(f'.tl-stage button[data-card="{card}"]').first)


def _expect_verdict(root: Any, item: dict[str, Any], answer: object, stage: str = "") -> None:
    """The engine's verdict on the page: a right one with its reason; a first wrong one as a pointer to
    the rule (nothing of the answer); a second wrong one with its reason and the answer."""
    from playwright.sync_api import expect

    verdict = judge(item, answer)
    stage = stage or ("right" if verdict.right else "pointer")
    expect(root).to_have_attribute("data-verdict", "right" if verdict.right else "wrong", timeout=TIMEOUT_MS)
    expect(root).to_have_attribute("data-reason", verdict.reason)
    expect(root).to_have_attribute("data-stage", stage)
    feedback = root.locator("[data-feedback]")
    if stage == "pointer":
        expect(feedback).to_contain_text("The rule that applies")
        expect(feedback).not_to_contain_text(verdict.message)
        expect(feedback.locator("a.tl-pointer")).to_have_count(1)
    else:
        expect(feedback).to_contain_text(verdict.message)


@pytest.mark.parametrize("width", [1280, 390])
def test_answer_exercises_right_and_wrong(chromium: Any, site_url: str, width: int) -> None:
    from playwright.sync_api import expect

    opened = new_widget_page(chromium, site_url, width=width, height=900)
    page = opened.page
    try:
        opened.open("tutorial/following.html")
        # play a card: a plausible wrong card, then a card the engine allows
        item = _exercise("following", "follow-play")
        root = page.locator('#follow-play[data-tarot-widget="exercise"]')
        wrong = item["wrong"][0]["answer"]
        _answer_card(root, wrong)
        _expect_verdict(root, item, wrong)
        pointer = root.locator("[data-feedback] a.tl-pointer")
        href = str(pointer.get_attribute("href"))
        assert href.endswith("#rule-must-follow-suit"), href
        assert pointer.inner_text() == "Follow suit"
        right = right_answers(item)[0]
        _answer_card(root, str(right))
        _expect_verdict(root, item, right)
        # pick every legal card: select with the buttons, then check
        item = _exercise("following", "follow-pick")
        root = page.locator("#follow-pick")
        for card in _right_cards(item):
            button = root.locator(f'.tl-stage button[data-card="{card}"]')
            click(button)
            assert button.get_attribute("aria-pressed") == "true"
        click(root.locator("button[data-submit]"))
        _expect_verdict(root, item, right_answers(item)[0])
        # which card wins: wrong twice, and the engine's answer is shown with its reason
        item = _exercise("following", "follow-off-suit")
        root = page.locator("#follow-off-suit")
        wrong = item["wrong"][0]["answer"]
        _answer_card(root, wrong)
        _expect_verdict(root, item, wrong)
        _answer_card(root, wrong)
        _expect_verdict(root, item, wrong, "shown")
        answer = right_answers(item)[0]
        expect(root.locator("[data-feedback] .tl-shown")).to_contain_text("The answer: Jack of Clubs.")
        expect(root.locator("[data-feedback]")).to_contain_text(judge(item, answer).message)
        expect(root).to_have_attribute("data-done", "true")
        progress = json.loads(page.evaluate("localStorage.getItem('tarot-lessons-progress')"))
        assert progress["following"]["follow-off-suit"]["stage"] == "shown"
        assert progress["following"]["follow-play"]["stage"] == "pointer"
        assert progress["following"]["follow-pick"]["stage"] == "first"
        assert opened.errors == []
        assert all(url.startswith(opened.base_url) for url in opened.requests)
    finally:
        page.context.close()


def test_numbers_and_choices_by_keyboard(chromium: Any, site_url: str) -> None:
    from playwright.sync_api import expect

    opened = new_widget_page(chromium, site_url, width=390, height=844)
    page = opened.page
    try:
        opened.open("tutorial/scoring.html")
        item = _exercise("scoring", "score-defender")
        root = page.locator("#score-defender")
        field = root.locator("input")
        field.fill(item["wrong"][0]["answer"])
        field.press("Enter")
        _expect_verdict(root, item, item["wrong"][0]["answer"])
        expect(field).to_be_focused()
        right = right_answers(item)[0]
        field.fill(str(right))
        field.press("Enter")
        _expect_verdict(root, item, right)
        opened.open("tutorial/bidding.html")
        item = _exercise("bidding", "bid-higher")
        root = page.locator("#bid-higher")
        choice = root.locator('button[data-choice="prise"]')
        choice.focus()
        page.keyboard.press("Enter")
        _expect_verdict(root, item, "prise")
        # the discard: cards chosen with the keyboard alone
        item = _exercise("bidding", "discard-make")
        root = page.locator("#discard-make")
        for card in _right_cards(item):
            root.locator(f'.tl-stage button[data-card="{card}"]').focus()
            page.keyboard.press("Space")
        root.locator("button[data-submit]").focus()
        page.keyboard.press("Enter")
        _expect_verdict(root, item, right_answers(item)[0])
        violations = run_axe(page, '[data-tarot-widget="exercise"]')
        assert violations == [], describe(violations)
        assert opened.errors == []
    finally:
        page.context.close()


def test_progress_survives_a_reload_and_the_reset_forgets_it(chromium: Any, site_url: str) -> None:
    from playwright.sync_api import expect

    opened = new_widget_page(chromium, site_url)
    page = opened.page
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    try:
        opened.open("tutorial/cards.html")
        lesson = _lesson("cards")
        total = len(lesson["exercises"])
        for item in lesson["exercises"]:
            root = page.locator(f"#{item['id']}")
            field = root.locator("input")
            field.fill(str(right_answers(item)[0]))
            field.press("Enter")
            expect(root).to_have_attribute("data-verdict", "right", timeout=TIMEOUT_MS)
        progress = page.locator('.tarot-lesson > [data-progress-for="cards"]')
        expect(progress).to_have_attribute("data-done", str(total))
        expect(progress).to_have_attribute("data-stars", "3")
        end = page.locator(".tarot-lesson [data-summary]")
        expect(end).to_be_visible()
        expect(end.locator('[data-score="first"]')).to_have_text(f"{total} right at the first try")
        page.reload()
        expect(page.locator("#cards-king")).to_have_attribute("data-done", "true")
        expect(end).to_be_visible()
        opened.open("tutorial/index.html")
        on_path = page.locator('.tl-path [data-progress-for="cards"]')
        expect(on_path).to_have_attribute("data-done", str(total))
        expect(on_path).to_have_attribute("data-stars", "3")
        expect(on_path).to_contain_text(f"All {total} exercises done")
        expect(on_path.locator(".tl-stars")).to_have_attribute("aria-label", "3 stars of 3")
        # the path lists "Your first hand" between two lessons, and ends with a whole deal to play
        links = page.locator(".tl-path a")
        assert "first-hand" in " ".join(str(links.nth(i).get_attribute("href")) for i in range(links.count()))
        click(page.locator('button.tl-reset[data-again="all"]'))
        click(page.locator('.tl-confirm button[data-confirm="yes"]'))
        expect(on_path).to_have_attribute("data-done", "0")
        page.reload()
        expect(page.locator('.tl-path [data-progress-for="cards"]')).to_have_attribute("data-done", "0")
        assert opened.errors == []
    finally:
        page.context.close()


def test_would_you_bid_is_judged_by_playing_the_hand_out(chromium: Any, site_url: str) -> None:
    """A plausible wrong bid, then the judge's own best, marked in the reader's browser with the hand
    judge's verdict that the build kept in the exercise (tests/engine/test_kept_judgement.py)."""
    from playwright.sync_api import expect

    opened = new_widget_page(chromium, site_url, width=390, height=844)
    page = opened.page
    try:
        opened.open("strategy/judging.html")
        item = _exercise("worth", "worth-garde")
        root = page.locator("#worth-garde")
        wrong = item["wrong"][0]["answer"]
        click(root.locator(f'button[data-choice="{wrong}"]'))
        verdict = judge(item, wrong)
        expect(root).to_have_attribute("data-verdict", "wrong", timeout=PLAY_OUT_TIMEOUT_MS)
        expect(root).to_have_attribute("data-reason", verdict.reason)
        expect(root).to_have_attribute("data-stage", "pointer")
        href = str(root.locator("[data-feedback] a.tl-pointer").get_attribute("href"))
        assert href.endswith("count.html#rule-hand-judging"), href
        right = right_answers(item)[0]
        click(root.locator(f'button[data-choice="{right}"]'))
        expect(root).to_have_attribute("data-verdict", "right", timeout=PLAY_OUT_TIMEOUT_MS)
        expect(root.locator("[data-feedback]")).to_contain_text(judge(item, right).message)
        expect(root).to_have_attribute("data-done", "true")
        assert opened.errors == []
    finally:
        page.context.close()


def _answer_right(page: Any, item: dict[str, Any]) -> None:
    from playwright.sync_api import expect

    root = page.locator(f"#{item['id']}")
    field = root.locator("input")
    field.fill(str(right_answers(item)[0]))
    field.press("Enter")
    expect(root).to_have_attribute("data-verdict", "right", timeout=TIMEOUT_MS)


@pytest.mark.parametrize("width", [1280, 390])
def test_starting_again_asks_first_and_one_lesson_can_be_done_again(
    chromium: Any, site_url: str, width: int
) -> None:
    """The path's "Start again" and a lesson's "Do this lesson again" forget nothing until the reader
    says yes in the page (no browser dialog); Escape or "Keep" keeps all; doing one lesson again leaves
    the others' progress as it was."""
    from playwright.sync_api import expect

    opened = new_widget_page(chromium, site_url, width, 900)
    page = opened.page
    dialogs: list[str] = []

    def on_dialog(dialog: Any) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    try:
        opened.open("tutorial/cards.html")
        cards = _lesson("cards")["exercises"]
        again = page.locator('.tarot-lesson .tl-reset[data-again="lesson"]')
        expect(again).to_be_hidden()  # nothing done yet
        for item in cards[:2]:
            _answer_right(page, item)
        # another lesson, done in full earlier
        trumps = _lesson("trumps")["exercises"]
        page.evaluate(
            "(ids) => { const p = JSON.parse(localStorage.getItem('tarot-lessons-progress'));"
            " p.trumps = Object.fromEntries(ids.map((id) => [id, {tries: 1}]));"
            " localStorage.setItem('tarot-lessons-progress', JSON.stringify(p)); }",
            [item["id"] for item in trumps],
        )
        progress = page.locator('.tarot-lesson > [data-progress-for="cards"]')
        expect(progress).to_have_attribute("data-done", "2")
        # asked, then kept with Escape: the focus is back on the button
        click(again)
        confirm = page.locator(".tarot-lesson .tl-confirm")
        expect(confirm).to_have_attribute("role", "group")
        expect(confirm).to_have_accessible_name(re.compile("this lesson"))
        expect(confirm.locator('[data-confirm="no"]')).to_be_focused()
        violations = run_axe(page, ".tarot-lesson")
        assert violations == [], describe(violations)
        page.keyboard.press("Escape")
        expect(confirm).to_have_count(0)
        expect(again).to_be_focused()
        expect(progress).to_have_attribute("data-done", "2")
        expect(page.locator(f"#{cards[0]['id']}")).to_have_attribute("data-done", "true")
        # asked, then done again: this lesson only
        click(again)
        click(confirm.locator('[data-confirm="yes"]'))
        expect(progress).to_have_attribute("data-done", "0")
        for item in cards[:2]:
            root = page.locator(f"#{item['id']}")
            expect(root).not_to_have_attribute("data-done", "true")
            expect(root.locator(".tl-done-mark")).to_be_hidden()
            expect(root.locator("[data-feedback]")).to_have_text("")
        expect(page.locator(".tarot-lesson .tl-reset-note")).to_contain_text("starts afresh")
        expect(page.locator(f"#{cards[0]['id']} .tl-title")).to_be_focused()
        # the lesson can be answered again, and counts afresh
        _answer_right(page, cards[0])
        expect(progress).to_have_attribute("data-done", "1")

        opened.open("tutorial/index.html")
        on_path = page.locator('.tl-path [data-progress-for="trumps"]')
        expect(on_path).to_have_attribute("data-done", str(len(trumps)))
        reset = page.locator('button.tl-reset[data-again="all"]')
        click(reset)
        path_confirm = page.locator(".tarot-lesson-path .tl-confirm")
        expect(path_confirm.locator('[data-confirm="no"]')).to_be_focused()
        violations = run_axe(page, ".tarot-lesson-path")
        assert violations == [], describe(violations)
        click(path_confirm.locator('[data-confirm="no"]'))
        expect(reset).to_be_focused()
        expect(on_path).to_have_attribute("data-done", str(len(trumps)))
        expect(page.locator(".tarot-lesson-path .tl-reset-note")).to_have_text("Nothing was forgotten.")
        click(reset)
        click(path_confirm.locator('[data-confirm="yes"]'))
        expect(on_path).to_have_attribute("data-done", "0")
        expect(page.locator('.tl-path [data-progress-for="cards"]')).to_have_attribute("data-done", "0")
        assert dialogs == [] and opened.errors == []
    finally:
        page.context.close()


def test_a_lesson_ends_with_its_score_and_is_done_again_for_a_better_one(
    chromium: Any, site_url: str
) -> None:
    """The end of a lesson: what it taught, the score (right at the first try, after a pointer, shown),
    the best score kept in this browser; "Do it again" starts afresh and the best score follows."""
    from playwright.sync_api import expect

    opened = new_widget_page(chromium, site_url, width=390, height=844)
    page = opened.page
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    try:
        opened.open("tutorial/cards.html")
        lesson = _lesson("cards")
        items = lesson["exercises"]
        total = len(items)
        end = page.locator(".tarot-lesson [data-summary]")
        expect(end).to_be_hidden()
        # the first exercise wrong once (a pointer), then right; the second wrong twice (shown)
        for item, wrongs in zip(items, [1, 2] + [0] * (total - 2), strict=True):
            root = page.locator(f"#{item['id']}")
            field = root.locator("input")
            for number in range(wrongs):
                field.fill(str(item["wrong"][0]["answer"]))
                field.press("Enter")
                expect(root).to_have_attribute(
                    "data-stage", "pointer" if number == 0 else "shown", timeout=TIMEOUT_MS
                )
            if wrongs < 2:
                _answer_right(page, item)
        expect(end).to_be_visible()
        expect(end.locator(".tl-learnt li")).to_have_count(len(lesson["learnt"]))
        expect(end.locator('[data-score="first"]')).to_have_text(f"{total - 2} right at the first try")
        expect(end.locator('[data-score="pointer"]')).to_have_text("1 right after a pointer to the rule")
        expect(end.locator('[data-score="shown"]')).to_have_text("1 answer shown")
        expect(end.locator("[data-best]")).to_have_attribute("data-first", str(total - 2))
        violations = run_axe(page, ".tl-end")
        assert violations == [], describe(violations)
        # done again, every answer right at the first try: the best score follows
        click(end.locator('[data-again="restart"]'))
        expect(end).to_be_hidden()
        expect(page.locator(f"#{items[0]['id']} .tl-title")).to_be_focused()
        expect(page.locator('.tarot-lesson > [data-progress-for="cards"]')).to_have_attribute(
            "data-done", "0"
        )
        for item in items:
            _answer_right(page, item)
        expect(end).to_be_visible()
        expect(end.locator('[data-score="first"]')).to_have_text(f"{total} right at the first try")
        expect(end.locator("[data-best]")).to_have_text(
            f"Your best: {total} of {total} right at the first try, 0 after a pointer."
        )
        best = json.loads(page.evaluate("localStorage.getItem('tarot-lessons-best')"))
        assert best["cards"] == {"first": total, "pointer": 0, "shown": 0}
        assert opened.errors == []
    finally:
        page.context.close()


def test_a_drill_shows_the_computer_player_s_choice_after_the_reader_s(chromium: Any, site_url: str) -> None:
    """A drill of a "Playing well" page: a card the rules refuse is answered with the rule; any legal
    card ends the drill with the computer player's card and its reason."""
    from playwright.sync_api import expect

    from tarot_core.exercises import table_for
    from tarot_core.exercises.drills import computer_choice

    drills = json.loads((LESSONS.parent / "drills" / "defence.json").read_text(encoding="utf-8"))
    item = next(drill for drill in drills["exercises"] if drill["id"] == "defence-feed")
    table = table_for(item)
    assert table is not None
    choice = computer_choice(item["kind"], table)
    legal = [str(card) for card in table.round.legal_cards(table.seat)]
    other = next(code for code in legal if code != str(choice.cards[0]))
    refused = next(str(card) for card in table.round.hands[table.seat] if str(card) not in legal)
    opened = new_widget_page(chromium, site_url, width=390, height=844)
    page = opened.page
    try:
        opened.open("strategy/defence.html")
        root = page.locator("#defence-feed")
        expect(root.locator(".tl-stage .tl-who").first).to_have_text(re.compile("Chloé"))
        _answer_card(root, refused)
        expect(root).to_have_attribute("data-stage", "refused", timeout=TIMEOUT_MS)
        expect(root).not_to_have_attribute("data-done", "true")
        _answer_card(root, other)
        expect(root).to_have_attribute("data-stage", "compared", timeout=TIMEOUT_MS)
        feedback = root.locator("[data-feedback]")
        expect(feedback).to_contain_text(f"{choice.cards[0].noun}")
        expect(feedback).to_contain_text(choice.reasons[0])
        expect(root).to_have_attribute("data-done", "true")
        # the page's static table waits, folded, for a reader without the drill
        expect(page.locator("details.sd-dropdown").first).not_to_have_attribute("open", "")
        violations = run_axe(page, ".tl-drill")
        assert violations == [], describe(violations)
        assert opened.errors == []
    finally:
        page.context.close()
