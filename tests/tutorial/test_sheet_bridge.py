"""The score sheet's bridge in CPython: the calculator's form in, the engine's totals out, no traceback."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tarot_core.engine.variant import score_request
from tarot_core.sheet import load_sheet
from tutorial.bridge import sheet as sheet_bridge

NAMES = ["Ana", "Ben", "Cléo", "Dan", "Eve"]


def ok(text: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(text)
    assert data["schema"] == sheet_bridge.SCHEMA
    assert data["ok"] is True, data
    return data


def refused(text: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(text)
    assert data["schema"] == sheet_bridge.SCHEMA
    assert data["ok"] is False, data
    assert data["message"] and "Traceback" not in data["message"]
    return data


def started(variant: str, players: list[str]) -> dict[str, Any]:
    return ok(sheet_bridge.start(json.dumps({"variant": variant, "players": players, "title": "Test"})))


def add(state: dict[str, Any], query: dict[str, Any]) -> str:
    return sheet_bridge.add_deal(json.dumps(state["sheet"]), json.dumps(query), '{"uid": "t"}')


def engine(variant: str, players: int, query: dict[str, Any]) -> dict[str, Any]:
    scores = score_request({"variant": variant, "players": players, **query})["scores"]
    assert isinstance(scores, dict)
    return scores


def test_the_deal_form_is_the_calculators_with_the_roles() -> None:
    state = started("fft", NAMES)
    html = state["html"]
    for name in (
        "contract",
        "oudlers",
        "points",
        "petit_au_bout",
        "handful",
        "slam",
        "alone",
        "taker",
        "partner",
    ):
        assert f'name="{name}"' in html, name
    assert 'data-action="add-deal"' in html and 'data-action="undo"' in html
    assert "Deal 1, dealt by Ana" in html
    assert state["totals"] == dict.fromkeys(NAMES, 0)
    # every control has a label pointing at it
    for ident in re.findall(r'<(?:select|input)[^>]* id="([^"]+)"', html):
        assert f'for="{ident}"' in html, ident


def test_a_five_player_deal_gives_each_role_to_its_player() -> None:
    state = started("fft", NAMES)
    query = {"contract": ["garde"], "oudlers": ["2"], "points": ["56"], "taker": ["Cléo"], "partner": ["Eve"]}
    after = ok(add(state, query))
    scores = engine("fft", 5, {"contract": "garde", "oudlers": 2, "points": 56})
    assert after["totals"] == {
        "Ana": scores["defender"],
        "Ben": scores["defender"],
        "Cléo": scores["taker"],
        "Dan": scores["defender"],
        "Eve": scores["partner"],
    }
    assert after["next_dealer"] == "Ben" and after["deals"] == 1
    assert "Deal 2, dealt by Ben" in after["html"]
    assert (
        'data-player="Ben"><th scope="row">Ben <span class="tw-badge tw-turn">deals next</span>'
        in after["html"]
    )
    # the next deal starts from the same values, with the roles to choose again
    assert 'value="56"' in after["html"]
    assert '<option value="Cléo" selected>' not in after["html"]


@pytest.mark.parametrize(
    ("variant", "players", "query", "request_fields"),
    [
        (
            "classic",
            3,
            {"contract": ["guard"], "oudlers": ["2"], "points": ["50"], "taker": ["Ben"]},
            {"contract": "guard", "oudlers": 2, "points": 50},
        ),
        (
            "chambery",
            5,
            {"contract": ["call"], "points": ["40"], "partner": ["Dan"]},
            {"contract": "call", "points": 40},
        ),
        ("chambery", 3, {"points": ["30", "20", "28"]}, {"points": [30, 20, 28]}),
    ],
)
def test_other_rules_are_scored_by_the_engine(
    variant: str, players: int, query: dict[str, Any], request_fields: dict[str, Any]
) -> None:
    state = started(variant, NAMES[:players])
    after = ok(add(state, query))
    assert sum(after["totals"].values()) == 0
    scores = engine(variant, players, request_fields)
    if "by_player" in scores:
        assert list(after["totals"].values()) == scores["by_player"]
    elif variant == "chambery":
        assert after["totals"]["Ana"] == scores["dealer"]  # the first dealer plays the call
        assert after["totals"]["Dan"] == scores["partner"]
    else:
        assert after["totals"]["Ben"] == scores["taker"]


def test_a_refused_deal_keeps_the_form_and_names_the_field() -> None:
    state = started("fft", NAMES[:4])
    query = {"contract": ["garde"], "oudlers": ["4"], "points": ["61.5"], "taker": ["Ana"]}
    answer = refused(add(state, query))
    assert answer["form_field"] == "oudlers"
    assert answer["message"].startswith("Bouts (oudlers) in the taker's cards: ")
    assert 'value="61.5"' in answer["html"] and '<option value="Ana" selected>' in answer["html"]
    no_taker = refused(add(state, {"contract": ["garde"], "oudlers": ["1"], "points": ["50"]}))
    assert no_taker["form_field"] == "taker" and "choose who took" in no_taker["message"]
    letters = refused(
        add(state, {"contract": ["garde"], "oudlers": ["1"], "points": ["lots"], "taker": ["Ana"]})
    )
    assert letters["form_field"] == "points"


def test_undo_edit_save_and_delete() -> None:
    state = started("fft", NAMES[:4])
    first = {"contract": ["garde"], "oudlers": ["2"], "points": ["56"], "taker": ["Cléo"]}
    second = {"contract": ["prise"], "oudlers": ["1"], "points": ["37.5"], "taker": ["Ana"]}
    one = ok(add(state, first))
    two = ok(add(one, second))
    undone = ok(sheet_bridge.undo(json.dumps(two["sheet"])))
    assert undone["totals"] == one["totals"] and undone["undone"] == 2
    assert 'value="37.5"' in undone["html"] and '<option value="Ana" selected>' in undone["html"]
    edit = ok(sheet_bridge.edit_deal(json.dumps(two["sheet"]), 1))
    assert edit["editing"] == 1 and 'data-action="save-deal" data-deal="1"' in edit["html"]
    assert '<option value="Cléo" selected>' in edit["html"]
    assert edit["html"].count("being changed") == 1
    saved = ok(sheet_bridge.save_deal(json.dumps(two["sheet"]), 1, json.dumps(second)))
    scores = engine("fft", 4, {"contract": "prise", "oudlers": 1, "points": 37.5})
    assert saved["totals"]["Ana"] == 2 * scores["taker"]
    assert saved["totals"]["Cléo"] == 2 * scores["defender"]
    deleted = ok(sheet_bridge.delete_deal(json.dumps(two["sheet"]), 1))
    assert deleted["deals"] == 1 and deleted["totals"]["Ana"] == scores["taker"]
    refused(sheet_bridge.undo(json.dumps(started("fft", NAMES[:3])["sheet"])))
    refused(sheet_bridge.save_deal(json.dumps(two["sheet"]), 7, json.dumps(first)))


def test_export_and_import_give_back_the_same_session() -> None:
    state = started("fft", NAMES[:3])
    state = ok(add(state, {"contract": ["garde"], "oudlers": ["2"], "points": ["56"], "taker": ["Ben"]}))
    for kind in ("csv", "json"):
        exported = ok(sheet_bridge.export(json.dumps(state["sheet"]), kind))
        assert exported["filename"] == f"test.{kind}"
        again = ok(sheet_bridge.import_sheet(exported["text"], "{}", f"evening.{kind}"))
        assert again["totals"] == state["totals"]
        assert load_sheet(again["sheet"]).deals == load_sheet(state["sheet"]).deals
    bad = refused(sheet_bridge.import_sheet("deal,rules\n1,fft\n"))
    assert bad["message"].startswith("row 1: ")
    refused(sheet_bridge.export(json.dumps(state["sheet"]), "pdf"))


def test_sessions_list_each_session_and_a_damaged_one() -> None:
    state = started("mathers", ["Moina", "Samuel"])
    answer = ok(sheet_bridge.sessions(json.dumps({"a": state["sheet"], "b": {"variant": "nope"}}), "a"))
    assert answer["count"] == 2
    assert "Mathers (1888), Moina, Samuel; 0 deals" in answer["html"]
    assert "open now" in answer["html"] and "A damaged session" in answer["html"]
    assert 'data-action="open-session" data-session="a"' in answer["html"]


@pytest.mark.parametrize(
    "setup",
    [
        {"variant": "fft", "players": ["Ana", "Ben"]},
        {"variant": "fft", "players": ["Ana", "ana", "Ben"]},
        {"variant": "whist", "players": ["A", "B", "C"]},
        {"variant": "fft", "players": "Ana, Ben, Cléo"},
        [],
    ],
)
def test_a_bad_session_is_refused(setup: object) -> None:
    refused(sheet_bridge.start(json.dumps(setup)))


@pytest.mark.parametrize("value", ["", "{", "[]", "null", '{"variant": "fft"}', "1e999", '"x"'])
def test_odd_input_answers_in_json(value: str) -> None:
    for text in (
        sheet_bridge.view(value),
        sheet_bridge.add_deal(value, value),
        sheet_bridge.undo(value),
        sheet_bridge.edit_deal(value, "x"),
        sheet_bridge.export(value, "csv"),
        sheet_bridge.import_sheet(value),
    ):
        refused(text)
    listed = json.loads(sheet_bridge.sessions(value))  # an odd store is listed as damaged, or refused
    assert listed["schema"] == sheet_bridge.SCHEMA
    if listed["ok"]:  # nothing saved yet, or one entry that is no sheet
        assert value in ("", '{"variant": "fft"}')


@pytest.mark.parametrize(
    ("variant", "players", "query", "form_field", "label"),
    [
        (
            "fft",
            5,
            {"contract": ["garde"], "oudlers": ["2"], "points": ["56"], "alone": ["1"], "taker": ["Cléo"]},
            "partner",
            "Partner (the called King): the deal says the taker plays alone",
        ),
        (
            "fft",
            4,
            {"contract": ["garde"], "oudlers": ["2"], "points": ["56"], "partner": ["Ben"]},
            "partner",
            "Partner: with 4 players nobody plays as partner",
        ),
        (
            "chambery",
            5,
            {"contract": ["call"], "points": ["40"], "taker": ["Ben"]},
            "taker",
            "Soloist: the dealer",
        ),
    ],
)
def test_contradictory_roles_are_refused_next_to_the_field(
    variant: str, players: int, query: dict[str, Any], form_field: str, label: str
) -> None:
    """Taker, partner and "plays alone" all entered: nothing is added, the message stands by the field
    and the form keeps what was chosen, the partner included."""
    state = started(variant, NAMES[:players])
    query = {"taker": ["Cléo"], "partner": ["Eve"], **query}
    answer = refused(add(state, query))
    assert (answer["field"], answer["form_field"]) == (form_field, form_field)
    assert answer["message"].startswith(label)
    assert load_sheet(answer.get("sheet", state["sheet"])).deals == ()
    # the form has a place for the message by the field, when it shows that field at all (a table of
    # four has no partner to choose: the message then stands over the form)
    assert (f'data-error-for="{form_field}"' in answer["html"]) == (players != 4)
    for name in ("taker", "partner"):  # the roles this table has, as chosen
        if f'name="{name}"' in answer["html"]:
            assert f'<option value="{query[name][0]}" selected>' in answer["html"]
    if "alone" in query:
        assert re.search(
            r'<input type="checkbox" value="1" id="t-alone" name="alone"[^>]* checked', answer["html"]
        )


def french_csv() -> str:
    """A sheet of two deals as a French spreadsheet saves it: semicolons, decimal commas, CRLF, a BOM."""
    return (
        "\ufefftitle;Vendredi, chez Cléo;;;;;;\r\n"
        "deal;rules;dealer;taker;partner;Ana;Ben;Cléo;request\r\n"
        '1;fft;Ana;Ben;;-80,0;160,0;-80,0;"{""contract"":""garde"",""oudlers"":2,""points"":56}"\r\n'
        '2;fft;Ben;Cléo;;;;;"{""contract"":""prise"",""oudlers"":1,""points"":40.5}"\r\n'
        "total;fft;Cléo;;;;;;\r\n"
    )


def test_a_french_spreadsheets_csv_is_imported_with_its_title() -> None:
    answer = ok(sheet_bridge.import_sheet(french_csv(), '{"uid": "t"}', "vendredi.csv"))
    assert answer["sheet"]["title"] == "Vendredi, chez Cléo"
    first = engine("fft", 3, {"contract": "garde", "oudlers": 2, "points": 56})
    second = engine("fft", 3, {"contract": "prise", "oudlers": 1, "points": 40.5})
    assert answer["totals"] == {
        "Ana": first["defender"] + second["defender"],
        "Ben": first["taker"] + second["defender"],
        "Cléo": first["defender"] + second["taker"],
    }
    assert answer["next_dealer"] == "Cléo"


def test_an_import_naming_the_wrong_next_dealer_is_refused_with_the_row() -> None:
    wrong = french_csv().replace("total;fft;Cléo;", "total;fft;Ana;")
    answer = refused(sheet_bridge.import_sheet(wrong, '{"uid": "t"}', "vendredi.csv"))
    assert answer["field"] == "dealer"
    assert answer["message"].startswith("row 5: the total row names Ana as the next dealer")
    assert "Cléo deals next" in answer["message"]


def test_a_formula_like_name_is_exported_as_text() -> None:
    state = started("fft", ["=1+2", "Ben", "Cléo"])
    state = ok(add(state, {"contract": ["garde"], "oudlers": ["2"], "points": ["56"], "taker": ["=1+2"]}))
    exported = ok(sheet_bridge.export(json.dumps(state["sheet"]), "csv"))
    assert '"\'=1+2"' in exported["text"] and ",=1+2" not in exported["text"]
    again = ok(sheet_bridge.import_sheet(exported["text"]))
    assert again["sheet"]["players"][0] == "=1+2" and again["totals"] == state["totals"]
