"""The score sheet (tarot_core.sheet): totals by player, zero-sum, dealer rotation, undo and edit, files.

Every expected score comes from ``score_request``: the sheet's job is to give each role's score to the
right player and add them up, and these tests check exactly that.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping

import pytest

from tarot_core.engine.variant import score_request
from tarot_core.sheet import Deal, Sheet, SheetError, load_sheet

FIVE = ["Ana", "Ben", "Cléo", "Dan", "Eve"]
GARDE = {"contract": "garde", "oudlers": 2, "points": 56}
PRISE_LOST = {"contract": "prise", "oudlers": 1, "points": 40}
CLASSIC_GUARD = {"contract": "guard", "oudlers": 2, "points": 50}


def roles(variant: str, players: int, request: Mapping[str, object]) -> dict[str, object]:
    answer = score_request({"variant": variant, "players": players, **request})
    scores = answer["scores"]
    assert isinstance(scores, dict)
    return scores


def five_player_sheet() -> Sheet:
    sheet = Sheet.new("fft", FIVE)
    sheet = sheet.add(Deal(GARDE, taker="Ben", partner="Dan"))
    return sheet.add(Deal(PRISE_LOST, taker="Ana", partner="Eve"))


def test_each_role_score_goes_to_the_player_who_held_it() -> None:
    sheet = five_player_sheet()
    first, second = roles("fft", 5, GARDE), roles("fft", 5, PRISE_LOST)
    assert sheet.scored()[0].scores == {
        "Ana": first["defender"],
        "Ben": first["taker"],
        "Cléo": first["defender"],
        "Dan": first["partner"],
        "Eve": first["defender"],
    }
    expected = {name: sheet.scored()[0].scores[name] + sheet.scored()[1].scores[name] for name in FIVE}
    assert sheet.totals() == expected
    assert expected["Ana"] == first["defender"] + second["taker"]  # type: ignore[operator]
    assert sheet.running()[-1] == sheet.totals()
    assert sheet.running()[0] == sheet.scored()[0].scores


@pytest.mark.parametrize(
    ("variant", "players", "deal"),
    [
        ("fft", 3, Deal(GARDE, taker="p2")),
        ("fft", 4, Deal({**GARDE, "handfuls": [{"side": "defence", "size": "simple"}]}, taker="p4")),
        ("fft", 5, Deal({**GARDE, "alone": True}, taker="p3")),
        ("classic", 3, Deal({"contract": "guard", "oudlers": 2, "points": 50}, taker="p1")),
        (
            "classic",
            5,
            Deal({"contract": "guard", "oudlers": 1, "points": 40}, taker="p2", partner="p5"),
        ),
        ("chambery", 3, Deal({"pack": 78, "points": [30, 20, 28]})),
        ("chambery", 4, Deal({"contract": "fixed", "points": 40}, partner="p3")),
        ("chambery", 5, Deal({"contract": "solo-hand", "points": 40}, taker="p4")),
    ],
)
def test_zero_sum_rules_sum_to_zero_after_every_deal(variant: str, players: int, deal: Deal) -> None:
    sheet = Sheet.new(variant, [f"p{n}" for n in range(1, players + 1)])
    assert sheet.zero_sum
    for _ in range(players + 1):
        if deal.partner is not None and deal.taker is None:  # the dealer takes: a partner beside them
            deal = Deal(deal.request, partner=sheet.dealer_of(len(sheet.deals) + 2))
        sheet = sheet.add(deal)
        assert sum(sheet.totals().values()) == 0
        assert sum(sheet.scored()[-1].scores.values()) == 0
        assert any(sheet.scored()[-1].scores.values())


def test_older_rules_give_each_defender_their_own_score_from_the_taker_round() -> None:
    request = {
        "contract": "guard",
        "oudlers": 2,
        "points": 50,
        "bonuses": [{"kind": "trumps-10", "holder": "defender-2"}],
    }
    sheet = Sheet.new("classic", ["A", "B", "C"]).add(Deal(request, taker="B"))
    scores = roles("classic", 3, request)
    # defender-1 plays right after the taker (C), defender-2 next (A)
    assert sheet.totals() == {"A": scores["defender-2"], "B": scores["taker"], "C": scores["defender-1"]}
    assert scores["defender-1"] != scores["defender-2"]


def test_chambery_call_the_dealer_takes() -> None:
    request = {"contract": "call", "points": 40}
    sheet = Sheet.new("chambery", ["A", "B", "C", "D", "E"], first_dealer="C")
    sheet = sheet.add(Deal(request, partner="E"))
    scores = roles("chambery", 5, request)
    assert sheet.scored()[0].dealer == "C"
    assert sheet.scored()[0].deal.taker is None
    assert sheet.totals()["C"] == scores["dealer"]
    assert sheet.totals()["E"] == scores["partner"]
    assert sheet.totals()["A"] == scores["defender"]


def test_mathers_scores_by_seat_and_is_not_zero_sum() -> None:
    request = {
        "hands": {
            "p1": {
                "tricks": {"tarot-trump": 3, "queen": 2, "knight": 2, "knave": 1, "plain": 6},
                "fool": True,
            },
            "p2": {"tricks": {"tarot-trump": 3, "queen": 1, "knight": 1, "knave": 2, "plain": 4}},
        }
    }
    sheet = Sheet.new("mathers", ["Moina", "Samuel"]).add(Deal(request)).add(Deal(request))
    scores = roles("mathers", 2, request)
    assert not sheet.zero_sum
    assert sheet.totals() == {"Moina": 2 * scores["p1"], "Samuel": 2 * scores["p2"]}  # type: ignore[operator]
    assert sheet.scored()[0].summary == "won by Moina"


def test_the_deal_goes_round_in_the_players_order() -> None:
    sheet = Sheet.new("fft", ["Ana", "Ben", "Cléo"], first_dealer="Ben")
    assert sheet.next_dealer() == "Ben"
    dealers = []
    for _ in range(4):
        sheet = sheet.add(Deal(GARDE, taker="Ana"))
        dealers.append(sheet.scored()[-1].dealer)
    assert dealers == ["Ben", "Cléo", "Ana", "Ben"]
    assert sheet.next_dealer() == "Cléo"
    assert sheet.undo().next_dealer() == "Ben"


def test_undo_and_edit_recompute_the_totals() -> None:
    sheet = five_player_sheet()
    one = Sheet.new("fft", FIVE).add(Deal(GARDE, taker="Ben", partner="Dan"))
    assert sheet.undo().totals() == one.totals()
    assert sheet.undo().undo().totals() == dict.fromkeys(FIVE, 0)
    edited = sheet.replace_deal(1, Deal(PRISE_LOST, taker="Ana", partner="Eve"))
    again = Sheet.new("fft", FIVE).add(Deal(PRISE_LOST, taker="Ana", partner="Eve"))
    again = again.add(Deal(PRISE_LOST, taker="Ana", partner="Eve"))
    assert edited.totals() == again.totals() != sheet.totals()
    removed = sheet.remove_deal(1)
    assert removed.totals() != sheet.totals()
    assert removed.scored()[0].dealer == "Ana"  # the second deal moved up, and so did its dealer
    with pytest.raises(SheetError, match="no deal to undo"):
        Sheet.new("fft", FIVE).undo()
    with pytest.raises(SheetError, match="no deal 3"):
        sheet.replace_deal(3, Deal(GARDE, taker="Ana", partner="Ben"))


def test_a_refused_deal_leaves_the_sheet_as_it_was() -> None:
    sheet = five_player_sheet()
    with pytest.raises(SheetError) as caught:
        sheet.add(Deal({**GARDE, "oudlers": 4}, taker="Ana", partner="Ben"))
    assert caught.value.where == "deal 3" and caught.value.field == "oudlers"
    with pytest.raises(SheetError, match="choose who was the partner") as caught:
        sheet.add(Deal(GARDE, taker="Ana"))
    assert caught.value.field == "partner"
    with pytest.raises(SheetError, match="their own partner"):
        sheet.add(Deal(GARDE, taker="Ana", partner="Ana"))
    with pytest.raises(SheetError, match="not one of the players"):
        sheet.add(Deal(GARDE, taker="Zoé", partner="Ana"))
    with pytest.raises(SheetError, match="chosen once") as caught:
        sheet.add(Deal({**GARDE, "players": 4}, taker="Ana", partner="Ben"))
    assert caught.value.field == "players"
    assert len(sheet.deals) == 2 and sheet.totals() == five_player_sheet().totals()


@pytest.mark.parametrize(
    ("variant", "players", "reason"),
    [
        ("fft", ["A", "B"], "3, 4 or 5 players, not 2"),
        ("mathers", ["A", "B", "C", "D"], "2 or 3 players, not 4"),
        ("classic", ["A", "B", "C", "D"], "3 or 5 players, not 4"),
        ("fft", ["Ana", "ana", "Ben"], "two players are called"),
        ("fft", ["Ana", " ", "Ben"], "player 2 has no name"),
        ("tarok", ["A", "B", "C"], "unknown rules"),
    ],
)
def test_a_session_needs_the_rules_player_count_and_distinct_names(
    variant: str, players: list[str], reason: str
) -> None:
    with pytest.raises(SheetError, match=reason):
        Sheet.new(variant, players)


def test_json_and_csv_round_trip() -> None:
    sheet = five_player_sheet().add(Deal({**GARDE, "alone": True, "petit_au_bout": "attack"}, taker="Cléo"))
    sheet = Sheet(sheet.variant, sheet.players, "Dan", sheet.deals, "Friday")
    from_json = load_sheet(sheet.to_json())
    assert from_json == sheet and from_json.totals() == sheet.totals()
    assert json.loads(sheet.to_json())["totals"] == sheet.totals()
    from_csv = load_sheet(sheet.to_csv())
    assert from_csv.totals() == sheet.totals()
    assert from_csv.deals == sheet.deals and from_csv.first_dealer == "Dan"
    assert from_csv.to_csv() == sheet.to_csv()
    empty = Sheet.new("mathers", ["A", "B", "C"], first_dealer="B")
    assert load_sheet(empty.to_csv()) == empty
    assert load_sheet(empty.to_json()) == empty


def test_csv_lists_each_deal_then_the_totals() -> None:
    sheet = five_player_sheet()
    lines = sheet.to_csv().splitlines()
    assert lines[0] == "deal,rules,dealer,taker,partner,Ana,Ben,Cléo,Dan,Eve,request"
    assert lines[1].startswith("1,fft,Ana,Ben,Dan,")
    totals = sheet.totals()
    assert lines[-1] == "total,fft,Cléo,,," + ",".join(str(totals[n]) for n in FIVE) + ","


def edited_json(change: dict[str, object]) -> str:
    data = five_player_sheet().to_dict()
    data.update(change)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "where", "fragment"),
    [
        ("", "", "empty"),
        ("{not json", "", "not valid JSON"),
        ('{"format": "tarot-hand"}', "", "not a score sheet"),
        (edited_json({"version": 9}), "", "version 9"),
        (edited_json({"colour": "red"}), "", "no field 'colour'"),
        (edited_json({"players": "Ana Ben"}), "", "as a list"),
        (edited_json({"totals": {"Ana": 1}}), "totals", "the file gives Ana +1 but the engine scores"),
        (
            edited_json({"deals": [{"taker": "Ben", "partner": "Dan", "request": {**GARDE, "points": 99}}]}),
            "deal 1",
            "91",
        ),
        (edited_json({"deals": [{"taker": "Ben", "request": GARDE}]}), "deal 1", "partner"),
        (edited_json({"deals": [{"taker": "Ben", "partner": "Dan"}]}), "deal 1", "no request"),
        ("name,score\nAna,3\n", "row 1", "starts with the columns"),
        ("deal,rules,dealer,taker,partner,A,B,C,request\n", "row 2", "no deal"),
        (
            'deal,rules,dealer,taker,partner,A,B,C,request\n1,fft,A,B,,,,,"{""contract"": ""garde""}"\n',
            "row 2",
            "oudlers",
        ),
        (
            "deal,rules,dealer,taker,partner,A,B,C,request\n"
            '1,fft,B,B,,,,,"{""contract"":""garde"",""oudlers"":2,""points"":56}"\n'
            '2,fft,A,B,,,,,"{""contract"":""garde"",""oudlers"":2,""points"":56}"\n',
            "row 3",
            "C deals deal 2",
        ),
        ("deal,rules,dealer,taker,partner,A,B,C,request\n1,fft,A,B,,,,\n", "row 2", "has 8 cells"),
    ],
)
def test_bad_files_are_refused_with_the_place_and_the_reason(text: str, where: str, fragment: str) -> None:
    with pytest.raises(SheetError) as caught:
        load_sheet(text)
    assert caught.value.where == where
    assert fragment in str(caught.value)


def test_csv_scores_changed_by_hand_are_refused_and_empty_ones_recomputed() -> None:
    sheet = five_player_sheet()
    rows = sheet.to_csv().splitlines()
    cells = rows[1].split(",")
    cells[5] = str(int(cells[5]) + 10)
    changed = "\n".join([rows[0], ",".join(cells), *rows[2:]])
    with pytest.raises(SheetError, match="the file gives Ana") as caught:
        load_sheet(changed)
    assert caught.value.where == "row 2"
    cells[5:10] = [""] * 5
    blank = "\n".join([rows[0], ",".join(cells), *rows[2:]])
    assert load_sheet(blank).totals() == sheet.totals()


# -------------------------------------------------------------------------------------- roles that contradict
CALL = {"contract": "call", "points": 40}
SOLO = {"contract": "solo-hand", "points": 40}
CLASSIC_SLAM = {"contract": "slam", "alone": True, "slam": "attack"}
MATHERS_HAND = {
    "hands": {
        "p1": {"tricks": {"tarot-trump": 3, "queen": 2, "knight": 2, "knave": 1, "plain": 6}, "fool": True},
        "p2": {"tricks": {"tarot-trump": 3, "queen": 1, "knight": 1, "knave": 2, "plain": 4}},
    }
}


@pytest.mark.parametrize(
    ("variant", "players", "deal", "field", "reason"),
    [
        ("fft", 5, Deal({**GARDE, "alone": True}, taker="p1", partner="p2"), "partner", "plays alone"),
        ("classic", 5, Deal(CLASSIC_SLAM, taker="p1", partner="p2"), "partner", "plays alone"),
        ("fft", 4, Deal(GARDE, taker="p1", partner="p2"), "partner", "with 4 players"),
        ("fft", 3, Deal(GARDE, taker="p1", partner="p2"), "partner", "with 3 players"),
        ("classic", 3, Deal(CLASSIC_GUARD, taker="p1", partner="p2"), "partner", "with 3 players"),
        ("chambery", 5, Deal(SOLO, taker="p2", partner="p3"), "partner", "without a partner"),
        ("chambery", 5, Deal(CALL, taker="p3", partner="p2"), "taker", "the dealer, p1, plays"),
        ("chambery", 4, Deal({**CALL, "contract": "fixed"}, taker="p1", partner="p3"), "taker", "dealer"),
        ("chambery", 3, Deal({"points": [30, 20, 28]}, partner="p2"), "partner", "with 3 players"),
        ("chambery", 3, Deal({"points": [30, 20, 28]}, taker="p2"), "taker", "nobody takes"),
        ("mathers", 2, Deal(MATHERS_HAND, partner="p2"), "partner", "no partner"),
        ("mathers", 2, Deal(MATHERS_HAND, taker="p1"), "taker", "nobody takes"),
    ],
)
def test_contradictory_roles_are_refused_on_the_field(
    variant: str, players: int, deal: Deal, field: str, reason: str
) -> None:
    """A role the deal cannot have is refused, not dropped: the partner of a taker who plays alone
    would otherwise be charged as a defender."""
    sheet = Sheet.new(variant, [f"p{n}" for n in range(1, players + 1)])
    with pytest.raises(SheetError) as caught:
        sheet.add(deal)
    assert (caught.value.where, caught.value.field) == ("deal 1", field)
    assert reason in caught.value.message
    assert sheet.deals == () and sheet.totals() == dict.fromkeys(sheet.players, 0)


def test_files_with_contradictory_roles_are_refused_too() -> None:
    alone = {"taker": "Ben", "partner": "Dan", "request": {**GARDE, "alone": True}}
    with pytest.raises(SheetError) as caught:
        load_sheet(edited_json({"deals": [alone], "totals": {}}))
    assert (caught.value.where, caught.value.field) == ("deal 1", "partner")
    rows = five_player_sheet().to_csv().splitlines()
    rows[1] = rows[1].replace('""points"":56', '""points"":56,""alone"":true')
    with pytest.raises(SheetError) as caught:
        load_sheet("\n".join(rows[:2]))
    assert (caught.value.where, caught.value.field) == ("row 2", "partner")
    assert "plays alone" in str(caught.value)


# -------------------------------------------------------------------------------------------------- CSV cells
FORMULA_NAMES = ["=1+2", "+Ben", "-Cléo", "@Dan", "'=Eve"]


def csv_cells(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_formula_like_names_are_written_as_quoted_text_and_read_back() -> None:
    sheet = Sheet.new("fft", FORMULA_NAMES, title="=HYPERLINK(1)")
    sheet = sheet.add(Deal(GARDE, taker="+Ben", partner="-Cléo"))
    sheet = sheet.add(Deal(PRISE_LOST, taker="=1+2", partner="'=Eve"))
    text = sheet.to_csv()
    rows = csv_cells(text)
    text_cells = [cell for row in rows for cell in row if not cell.lstrip("-").isdigit()]
    assert not [cell for cell in text_cells if cell[:1] in ("=", "+", "-", "@", "\t", "\r")]
    assert '"\'=1+2"' in text and '"\'+Ben"' in text and "\"''=Eve\"" in text
    assert rows[0][:2] == ["title", "'=HYPERLINK(1)"]
    # scores stay numbers, written bare: -80 is not a name
    scores = sheet.scored()[0].scores
    assert rows[2][5:10] == [str(scores[name]) for name in FORMULA_NAMES]
    assert f",{scores['@Dan']}," in text.splitlines()[2] and scores["@Dan"] < 0
    again = load_sheet(text)
    assert again == sheet and again.players == tuple(FORMULA_NAMES) and again.title == "=HYPERLINK(1)"
    assert again.to_csv() == text


def test_the_title_survives_a_csv_round_trip() -> None:
    sheet = Sheet.new("fft", FIVE, first_dealer="Cléo", title="Friday, at Cléo's")
    sheet = sheet.add(Deal(GARDE, taker="Ben", partner="Dan"))
    text = sheet.to_csv()
    assert csv_cells(text)[0] == ["title", "Friday, at Cléo's", *[""] * 9]
    assert load_sheet(text) == sheet and load_sheet(text).title == "Friday, at Cléo's"
    empty = Sheet.new("mathers", ["A", "B"], title="Golden Dawn")
    assert load_sheet(empty.to_csv()) == empty


def french(sheet: Sheet) -> str:
    """The sheet's CSV as a French spreadsheet saves it: semicolons, CRLF, a byte-order mark, and the
    scores formatted with a decimal comma."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    for row in csv_cells(sheet.to_csv()):
        writer.writerow(
            [f"{cell},0" if cell.lstrip("-").isdigit() and row[0] == "total" else cell for cell in row]
        )
    return "\ufeff" + out.getvalue()


def test_a_csv_saved_by_a_french_spreadsheet_is_read() -> None:
    sheet = Sheet.new("fft", FIVE, title="Vendredi; chez Cléo, le soir")
    sheet = sheet.add(Deal({**GARDE, "points": 40.5}, taker="Ben", partner="Dan"))
    sheet = sheet.add(Deal(PRISE_LOST, taker="Ana", partner="Eve"))
    text = french(sheet)
    assert text.startswith('\ufefftitle;"Vendredi; chez Cléo, le soir";') and "\r\n" in text
    assert ";-" in text and ",0;" in text  # the totals as "-188,0"
    again = load_sheet(text)
    assert again == sheet and again.title == sheet.title and again.totals() == sheet.totals()
    assert load_sheet("sep=;\r\n" + text.lstrip("\ufeff")) == sheet  # the line some spreadsheets add
    # a decimal comma is understood as one: 40,5 is a score with a half, which no deal gives
    half = text.replace(f";{sheet.totals()['Ana']},0;", f";{sheet.totals()['Ana']},5;")
    with pytest.raises(SheetError, match=r"Ana's score must be a whole number, not '-?\d+,5'") as caught:
        load_sheet(half)
    assert caught.value.where == "row 5"


def test_a_total_row_naming_the_wrong_next_dealer_is_refused() -> None:
    sheet = five_player_sheet()
    rows = sheet.to_csv().splitlines()
    assert rows[-1].startswith("total,fft,Cléo,")
    wrong = "\n".join([*rows[:-1], rows[-1].replace("total,fft,Cléo,", "total,fft,Ben,")])
    with pytest.raises(SheetError) as caught:
        load_sheet(wrong)
    assert (caught.value.where, caught.value.field) == ("row 4", "dealer")
    assert "names Ben as the next dealer" in caught.value.message
    assert "Cléo deals next" in caught.value.message
    blank = "\n".join([*rows[:-1], rows[-1].replace("total,fft,Cléo,", "total,fft,,")])
    assert load_sheet(blank) == sheet


def test_rows_are_counted_as_a_spreadsheet_counts_them() -> None:
    rows = five_player_sheet().to_csv().splitlines()
    rows[2] = rows[2].replace("2,fft,Ben,", "2,fft,Dan,")
    with pytest.raises(SheetError) as caught:
        load_sheet("\n".join([rows[0], "", rows[1], rows[2]]))
    assert (caught.value.where, caught.value.field) == ("row 4", "dealer")
