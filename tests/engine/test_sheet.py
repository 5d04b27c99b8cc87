"""The score sheet (tarot_core.sheet): totals by player, zero-sum, dealer rotation, undo and edit, files.

Every expected score comes from ``score_request``: the sheet's job is to give each role's score to the
right player and add them up, and these tests check exactly that.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

import pytest

from tarot_core.engine.variant import score_request
from tarot_core.sheet import Deal, Sheet, SheetError, load_sheet

FIVE = ["Ana", "Ben", "Cléo", "Dan", "Eve"]
GARDE = {"contract": "garde", "oudlers": 2, "points": 56}
PRISE_LOST = {"contract": "prise", "oudlers": 1, "points": 40}


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
    sheet = sheet.add(Deal(request, taker="A", partner="E"))
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
