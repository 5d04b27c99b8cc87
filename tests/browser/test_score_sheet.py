"""The score sheet in Chromium, at desktop and phone sizes: a session kept as a score-keeper would.

Deals go in through the form (the calculator's field names), the totals in ``data-totals`` are compared
with the engine's ``score_request`` answers given to the players who held each role; then undo, edit,
a reload that keeps the session, export and import, the keyboard alone, and axe.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tarot_core.engine.variant import score_request
from tarot_core.sheet import Deal, Sheet, load_sheet
from tests.browser.widget_testing import WidgetPage, describe, new_widget_page, run_axe, wait_ready

pytestmark = pytest.mark.browser
PAGE = "how-to/score-sheet.html"
PLAYERS = ["Ana", "Ben", "Cléo", "Dan", "Eve"]
SIZES = {"desktop": (1280, 900), "phone": (390, 844)}
ROOT = '[data-tarot-widget="score-sheet"]'

#: The deals of the evening: the form's values, who took and who was called.
DEALS: list[dict[str, Any]] = [
    {"form": {"contract": "garde", "oudlers": "2", "points": "61"}, "taker": "Cléo", "partner": "Eve"},
    {"form": {"contract": "prise", "oudlers": "1", "points": "44"}, "taker": "Ana", "partner": "Ben"},
    {"form": {"contract": "garde-sans", "oudlers": "3", "points": "40"}, "taker": "Dan", "alone": True},
]

#: The first deal as corrected, and the session after that edit.
EDITED: dict[str, Any] = {**DEALS[0], "form": {**DEALS[0]["form"], "points": "38.5"}, "partner": "Ben"}
AFTER_EDIT = [EDITED, *DEALS[1:]]


def request_of(deal: dict[str, Any]) -> dict[str, Any]:
    form = deal["form"]
    request: dict[str, Any] = {
        "variant": "fft",
        "players": len(PLAYERS),
        "contract": form["contract"],
        "oudlers": int(form["oudlers"]),
        "points": float(form["points"]) if "." in form["points"] else int(form["points"]),
    }
    if deal.get("alone"):
        request["alone"] = True
    return request


def engine_scores(deal: dict[str, Any]) -> dict[str, int]:
    """Each player's score for the deal: the engine's role scores given to whoever held the role."""
    scores = score_request(request_of(deal))["scores"]
    assert isinstance(scores, dict)
    result: dict[str, int] = {}
    for name in PLAYERS:
        role = "taker" if name == deal["taker"] else "partner" if name == deal.get("partner") else "defender"
        result[name] = scores[role]
    return result


def engine_totals(deals: list[dict[str, Any]]) -> dict[str, int]:
    totals = dict.fromkeys(PLAYERS, 0)
    for deal in deals:
        for name, value in engine_scores(deal).items():
            totals[name] += value
    return totals


@pytest.fixture(scope="module", params=list(SIZES))
def sheet(request: pytest.FixtureRequest, chromium: Any, site_url: str) -> Iterator[WidgetPage]:
    width, height = SIZES[request.param]
    opened = new_widget_page(chromium, site_url, width, height)
    opened.open(PAGE)
    yield opened
    opened.page.context.close()


def widget(opened: WidgetPage) -> Any:
    return opened.page.locator(ROOT)


def totals(opened: WidgetPage) -> dict[str, int]:
    data: dict[str, int] = json.loads(widget(opened).get_attribute("data-totals"))
    return data


def wait_deals(opened: WidgetPage, count: int) -> None:
    """Wait until the sheet holds ``count`` deals and the engine has finished with the last input."""
    opened.page.wait_for_function(
        "([sel, n]) => { const r = document.querySelector(sel); "
        "return r.dataset.deals === String(n) && !r.dataset.busy; }",
        arg=[ROOT, count],
    )


def wait_idle(opened: WidgetPage) -> None:
    opened.page.wait_for_function("(sel) => !document.querySelector(sel).dataset.busy", arg=ROOT)


def fill_deal(opened: WidgetPage, deal: dict[str, Any]) -> None:
    form = widget(opened).locator(".tw-sheet-form")
    form.locator('[name="taker"]').select_option(deal["taker"])
    form.locator('[name="partner"]').select_option(deal.get("partner", ""))
    form.locator('[name="contract"]').select_option(deal["form"]["contract"])
    form.locator('[name="oudlers"]').fill(deal["form"]["oudlers"])
    form.locator('[name="points"]').fill(deal["form"]["points"])
    form.locator('[name="alone"]').set_checked(bool(deal.get("alone")))


def add(opened: WidgetPage, deal: dict[str, Any], count: int) -> None:
    fill_deal(opened, deal)
    widget(opened).locator('[data-action="add-deal"]').click()
    wait_deals(opened, count)


def test_start_a_session(sheet: WidgetPage) -> None:
    page = sheet.page
    root = widget(sheet)
    assert root.get_attribute("data-state") == "ready"
    assert root.locator(".tw-sheet-current").is_hidden()
    page.locator('.tw-sheet-setup [name="title"]').fill("Friday")
    names = page.locator('.tw-sheet-setup [name="player"]')
    assert names.count() == 5
    for index, name in enumerate(PLAYERS):
        names.nth(index).fill(name)
    page.locator('[data-action="new-session"]').click()
    page.wait_for_function("(sel) => document.querySelector(sel).dataset.session", arg=ROOT)
    wait_idle(sheet)
    assert totals(sheet) == dict.fromkeys(PLAYERS, 0)
    assert root.get_attribute("data-next-dealer") == "Ana"
    assert root.locator(".tw-sheet-next").inner_text() == "Next to deal: Ana"
    # the deal form carries the calculator's request field names
    for name in ("contract", "oudlers", "points", "petit_au_bout", "handful", "slam", "alone"):
        assert root.locator(f'.tw-sheet-form [name="{name}"]').count() >= 1, name
    assert sheet.errors == []


def test_add_deals_through_the_form(sheet: WidgetPage) -> None:
    root = widget(sheet)
    for count, deal in enumerate(DEALS, start=1):
        add(sheet, deal, count)
        assert totals(sheet) == engine_totals(DEALS[:count])
        assert sum(totals(sheet).values()) == 0
    assert root.get_attribute("data-next-dealer") == "Dan"
    assert "deals next" in root.locator('.tw-sheet-totals tr[data-player="Dan"]').inner_text()
    assert root.locator(".tw-sheet-deals tbody tr").count() == len(DEALS)
    # after a deal the sheet's title and totals are in view, and the form's first field has the focus
    box = root.locator(".tw-sheet-title").bounding_box()
    assert box is not None and 0 <= box["y"] < sheet.page.viewport_size["height"]
    assert sheet.page.evaluate("() => document.activeElement.name") == "taker"
    # the page itself never scrolls sideways: only the deals table does, in its own box
    assert sheet.page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")


def test_a_refused_deal_is_not_added(sheet: WidgetPage) -> None:
    root = widget(sheet)
    before = totals(sheet)
    fill_deal(sheet, {**DEALS[0], "form": {**DEALS[0]["form"], "oudlers": "4"}})
    root.locator('[data-action="add-deal"]').click()
    error = root.locator('.tw-sheet-form [data-error-for="oudlers"]')
    error.wait_for(state="visible")
    wait_idle(sheet)
    assert "0, 1, 2, 3" in error.inner_text()
    assert root.locator('.tw-sheet-form [name="oudlers"]').get_attribute("aria-invalid") == "true"
    assert root.locator('.tw-sheet-form [name="points"]').input_value() == DEALS[0]["form"]["points"]
    assert root.get_attribute("data-deals") == str(len(DEALS)) and totals(sheet) == before


def test_every_entry_at_fault_is_marked_at_once(sheet: WidgetPage) -> None:
    """Four bouts and 120 points: both reasons stand beside their entries at once, both entries are
    marked, the first takes the focus, and the form's line names both."""
    root = widget(sheet)
    before = totals(sheet)
    fill_deal(sheet, {**DEALS[0], "form": {**DEALS[0]["form"], "oudlers": "4", "points": "120"}})
    root.locator('[data-action="add-deal"]').click()
    form = root.locator(".tw-sheet-form")
    form.locator('[data-error-for="points"]').wait_for(state="visible")
    wait_idle(sheet)
    assert "0, 1, 2, 3" in form.locator('[data-error-for="oudlers"]').inner_text()
    assert "between 0 and 91" in form.locator('[data-error-for="points"]').inner_text()
    for name in ("oudlers", "points"):
        assert form.locator(f'[name="{name}"]').get_attribute("aria-invalid") == "true"
    assert sheet.page.evaluate("() => document.activeElement.name") == "oudlers"
    line = form.locator(".tw-form-error").inner_text()
    assert "0, 1, 2, 3" in line and "between 0 and 91" in line
    assert form.locator('[name="points"]').input_value() == "120"
    assert root.get_attribute("data-deals") == str(len(DEALS)) and totals(sheet) == before


def test_contradictory_roles_are_refused_next_to_the_partner(sheet: WidgetPage) -> None:
    """A partner chosen while the taker plays alone: the message stands under the partner's list, and
    everything chosen or typed stays in the form."""
    root = widget(sheet)
    before = totals(sheet)
    both = {**DEALS[0], "alone": True, "form": {**DEALS[0]["form"], "points": "47.5"}}
    fill_deal(sheet, both)
    root.locator('[data-action="add-deal"]').click()
    error = root.locator('.tw-sheet-form [data-error-for="partner"]')
    error.wait_for(state="visible")
    wait_idle(sheet)
    assert "the taker plays alone" in error.inner_text()
    form = root.locator(".tw-sheet-form")
    partner = form.locator('[name="partner"]')
    assert partner.get_attribute("aria-invalid") == "true"
    assert sheet.page.evaluate("() => document.activeElement.name") == "partner"
    assert partner.input_value() == both["partner"]
    assert form.locator('[name="taker"]').input_value() == both["taker"]
    assert form.locator('[name="alone"]').is_checked()
    assert form.locator('[name="points"]').input_value() == "47.5"
    assert root.get_attribute("data-deals") == str(len(DEALS)) and totals(sheet) == before


def test_undo_removes_the_last_deal(sheet: WidgetPage) -> None:
    root = widget(sheet)
    root.locator('[data-action="undo"]').click()
    wait_deals(sheet, len(DEALS) - 1)
    assert totals(sheet) == engine_totals(DEALS[:-1])
    # the undone deal's values are back in the form: adding it again restores the totals
    assert root.locator('.tw-sheet-form [name="contract"]').input_value() == DEALS[-1]["form"]["contract"]
    assert root.locator('.tw-sheet-form [name="taker"]').input_value() == DEALS[-1]["taker"]
    root.locator('[data-action="add-deal"]').click()
    wait_deals(sheet, len(DEALS))
    assert totals(sheet) == engine_totals(DEALS)


def test_edit_a_deal_and_the_totals_follow(sheet: WidgetPage) -> None:
    root = widget(sheet)
    root.locator('.tw-sheet-deals [data-action="edit"][data-deal="1"]').click()
    sheet.page.wait_for_function("(sel) => document.querySelector(sel).dataset.editing === '1'", arg=ROOT)
    wait_idle(sheet)
    form = root.locator(".tw-sheet-form")
    assert form.locator('[name="taker"]').input_value() == DEALS[0]["taker"]
    assert form.locator('[name="points"]').input_value() == DEALS[0]["form"]["points"]
    fill_deal(sheet, EDITED)
    root.locator('[data-action="save-deal"]').click()
    sheet.page.wait_for_function("(sel) => !document.querySelector(sel).dataset.editing", arg=ROOT)
    wait_idle(sheet)
    assert totals(sheet) == engine_totals(AFTER_EDIT) != engine_totals(DEALS)


def test_reload_keeps_the_session(sheet: WidgetPage) -> None:
    before = totals(sheet)
    sheet.page.reload()
    wait_ready(sheet.page)
    wait_deals(sheet, len(DEALS))
    assert totals(sheet) == before == engine_totals(AFTER_EDIT)
    assert widget(sheet).locator(".tw-sheet-title").inner_text() == "Friday"
    assert widget(sheet).locator(".tw-sessions li").count() == 1


def test_export_and_import(sheet: WidgetPage, tmp_path: Path) -> None:
    page = sheet.page
    root = widget(sheet)
    saved: dict[str, Path] = {}
    for kind in ("csv", "json"):
        with page.expect_download() as info:
            root.locator(f'[data-action="export-{kind}"]').click()
        path = tmp_path / info.value.suggested_filename
        info.value.save_as(path)
        saved[kind] = path
        assert path.name == f"friday.{kind}"
        assert load_sheet(path.read_text(encoding="utf-8")).totals() == engine_totals(AFTER_EDIT)
    assert saved["csv"].read_text(encoding="utf-8").splitlines()[:2] == [
        "title,Friday,,,,,,,,,",
        "deal,rules,dealer,taker,partner,Ana,Ben,Cléo,Dan,Eve,request",
    ]
    root.locator('[data-action="import"]').set_input_files(str(saved["csv"]))
    page.wait_for_function(
        "(sel) => document.querySelectorAll(sel + ' .tw-sessions li').length === 2", arg=ROOT
    )
    wait_idle(sheet)
    assert totals(sheet) == engine_totals(AFTER_EDIT)
    assert root.locator(".tw-sheet-title").inner_text() == "Friday"  # the title travels in the CSV
    # a bad file is refused with the reason, and the open session stays as it was
    bad = tmp_path / "notes.csv"
    bad.write_text("name,score\nAna,3\n", encoding="utf-8")
    root.locator('[data-action="import"]').set_input_files(str(bad))
    message = root.locator(".tw-import-error")
    message.wait_for(state="visible")
    wait_idle(sheet)
    assert message.inner_text().startswith("notes.csv was not opened: row 1:")
    assert root.locator(".tw-sessions li").count() == 2


def french_csv(deals: list[dict[str, Any]], next_dealer: str) -> bytes:
    """The evening's CSV as a spreadsheet set up for French saves it: a byte-order mark, semicolons
    between cells, Windows line ends, and the totals written with a decimal comma."""
    scored = Sheet.new("fft", PLAYERS, title="Vendredi, chez Cléo")
    for deal in deals:
        request = {k: v for k, v in request_of(deal).items() if k not in ("variant", "players")}
        scored = scored.add(Deal(request, deal["taker"], deal.get("partner")))
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    for row in csv.reader(io.StringIO(scored.to_csv())):
        if row[0] != "total":
            writer.writerow(row)
        else:
            writer.writerow([*row[:2], next_dealer, *row[3:5], *(f"{c},0" for c in row[5:-1]), row[-1]])
    return "\ufeff".encode() + out.getvalue().encode("utf-8")


def test_import_a_french_spreadsheets_csv(sheet: WidgetPage, tmp_path: Path) -> None:
    page = sheet.page
    root = widget(sheet)
    path = tmp_path / "vendredi.csv"
    path.write_bytes(french_csv(DEALS, "Dan"))
    assert b";" in path.read_bytes().splitlines()[1] and b",0;" in path.read_bytes()
    root.locator('[data-action="import"]').set_input_files(str(path))
    page.wait_for_function(
        "(sel) => document.querySelectorAll(sel + ' .tw-sessions li').length === 3", arg=ROOT
    )
    wait_idle(sheet)
    assert root.locator(".tw-sheet-title").inner_text() == "Vendredi, chez Cléo"
    assert totals(sheet) == engine_totals(DEALS)
    assert root.get_attribute("data-next-dealer") == "Dan"
    # the same file naming the wrong next dealer is refused by the file field, with the row and the
    # player the engine expects
    wrong = tmp_path / "mardi.csv"
    wrong.write_bytes(french_csv(DEALS, "Ana"))
    root.locator('[data-action="import"]').set_input_files(str(wrong))
    message = root.locator(".tw-import-error")
    page.wait_for_function(
        "(sel) => document.querySelector(sel + ' .tw-import-error').textContent.startsWith('mardi')",
        arg=ROOT,
    )
    wait_idle(sheet)
    assert message.inner_text().startswith("mardi.csv was not opened: row 6: the total row names Ana")
    assert "Dan deals next" in message.inner_text()
    assert root.locator(".tw-sessions li").count() == 3


def test_open_an_earlier_session(sheet: WidgetPage) -> None:
    root = widget(sheet)
    # the CSV opened above bears the same name: the session started first is the last in the list
    root.get_by_role("button", name="Open Friday", exact=True).last.click()
    sheet.page.wait_for_function(
        "(sel) => document.querySelector(sel + ' .tw-sheet-title').textContent === 'Friday'", arg=ROOT
    )
    wait_idle(sheet)
    assert totals(sheet) == engine_totals(AFTER_EDIT)


def test_a_deal_with_the_keyboard_alone(sheet: WidgetPage) -> None:
    page = sheet.page
    root = widget(sheet)
    count = len(DEALS)
    root.locator(".tw-sheet-form [name=taker]").focus()
    page.keyboard.press("ArrowDown")  # the first player: Ana
    page.keyboard.press("Tab")
    page.keyboard.press("ArrowDown")  # the partner: Ana would be refused, so one more
    page.keyboard.press("ArrowDown")  # Ben
    assert page.evaluate("() => document.activeElement.name") == "partner"
    focus_name = ""
    for _ in range(10):  # on to the card points
        page.keyboard.press("Tab")
        focus_name = page.evaluate("() => document.activeElement.name")
        if focus_name == "points":
            break
    assert focus_name == "points"
    page.keyboard.press("Control+A")
    page.keyboard.type("70")
    form = root.locator(".tw-sheet-form")
    values = {
        name: form.locator(f'[name="{name}"]').input_value() for name in ("contract", "oudlers", "points")
    }
    assert values["points"] == "70"
    page.keyboard.press("Enter")
    wait_deals(sheet, count + 1)
    latest = root.locator(".tw-sheet-deals tbody tr").first.locator("td").first.inner_text()
    assert latest.startswith(f"Ana: {values['contract'].replace('-', ' ')}")
    keyed = {"form": values, "taker": "Ana", "partner": "Ben"}
    assert totals(sheet) == engine_totals([*AFTER_EDIT, keyed])
    # the focus is back on the form's first field, ready for the next deal
    assert page.evaluate("() => document.activeElement.name") == "taker"


def test_no_axe_violations(sheet: WidgetPage) -> None:
    violations = run_axe(sheet.page, ROOT)
    assert violations == [], describe(violations)
    assert sheet.errors == []


def test_requests_stay_on_the_site(sheet: WidgetPage) -> None:
    assert any("/bridge.json" in url for url in sheet.requests)
    assert all(url.startswith((sheet.base_url, "blob:")) for url in sheet.requests)
