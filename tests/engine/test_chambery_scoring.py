"""Chambéry Tarot, payments and the score request.

Every worked example of the rules (the Chambéry rulebook of 1902 in English, with its comments on Dummett's
reading: docs/reference/rules-decisions.md#source-chambery and #decision-chambery-payments) is a test here,
named after the rule it checks.
"""

from __future__ import annotations

from typing import Any

import pytest

from tarot_core.errors import RequestError
from tarot_core.games import chambery as ch

DUMMETT = ch.ChamberyOptions(payment="dummett")


def request(**fields: Any) -> dict[str, Any]:
    return {"variant": "chambery", **fields}


# ------------------------------------------------------------------ five players, seed reading


def test_tie_at_34_all_is_a_draw() -> None:
    pay = ch.pay_partnership(5, "call", 34)
    assert pay.outcome == "drawn"
    assert pay.scores() == {"dealer": 0, "partner": 0, "defender": 0}


def test_called_partner_wins_each_defender_pays_the_difference_dealer_takes_the_odd_point() -> None:
    # 39 - 34 = 5: each of three defenders pays 5, the dealer and partner share 15 (dealer 8).
    pay = ch.pay_partnership(5, "call", 39)
    assert pay.scores() == {"dealer": 8, "partner": 7, "defender": -5}
    assert "odd-point" in [term.term for term in pay.terms]


def test_called_partner_loses_each_pays_one_and_a_half_times_dealer_pays_the_extra_point() -> None:
    pay = ch.pay_partnership(5, "call", 29)
    assert pay.scores() == {"dealer": -8, "partner": -7, "defender": 5}
    even = ch.pay_partnership(5, "call", 30)  # difference 4: 1.5 x 4 = 6 each
    assert even.scores() == {"dealer": -6, "partner": -6, "defender": 4}


def test_losers_under_17_pay_double() -> None:
    assert ch.pay_partnership(5, "call", 52).scores() == {"dealer": 54, "partner": 54, "defender": -36}
    assert ch.pay_partnership(5, "call", 51).factor == 1  # the losers have exactly 17: single
    assert ch.pay_partnership(5, "call", 16).factor == 2


def test_solo_soloist_receives_four_times_the_difference_each_opponent_pays_it_once() -> None:
    assert ch.pay_partnership(5, "solo-two-cards", 40).scores() == {"soloist": 24, "defender": -6}
    assert ch.pay_partnership(5, "solo-two-cards", 28).scores() == {"soloist": -24, "defender": 6}


def test_one_card_solo_doubles_and_hand_solo_quadruples() -> None:
    assert ch.pay_partnership(5, "solo-one-card", 40).unit == 12
    assert ch.pay_partnership(5, "solo-hand", 40).unit == 24


def test_maximum_multiplier_is_eightfold_hand_solo_against_fewer_than_17() -> None:
    pay = ch.pay_partnership(5, "solo-hand", 52)
    assert pay.factor == 8
    assert pay.scores() == {"soloist": 4 * 18 * 8, "defender": -18 * 8}
    lost = ch.pay_partnership(5, "solo-hand", 16)
    assert lost.factor == 8 and lost.scores() == {"soloist": -576, "defender": 144}


# ------------------------------------------------------------------ four players


def test_four_players_tie_at_36_and_double_under_18() -> None:
    assert ch.pay_partnership(4, "call", 36).outcome == "drawn"
    assert ch.pay_partnership(4, "call", 40).scores() == {"dealer": 4, "partner": 4, "defender": -4}
    assert ch.pay_partnership(4, "call", 55).factor == 2
    assert ch.pay_partnership(4, "call", 54).factor == 1


def test_four_players_one_card_solo_doubled_hand_solo_quadrupled_soloist_against_three() -> None:
    assert ch.pay_partnership(4, "solo-one-card", 40).scores() == {"soloist": 24, "defender": -8}
    assert ch.pay_partnership(4, "solo-hand", 32).scores() == {"soloist": -48, "defender": 16}


def test_four_players_fixed_partners_no_solo() -> None:
    assert ch.pay_partnership(4, "fixed", 30).scores() == {"dealer": -6, "partner": -6, "defender": 6}


def test_short_pack_four_players_tie_34_double_under_17() -> None:
    assert ch.pay_partnership(4, "call", 34, 62).outcome == "drawn"
    assert ch.pay_partnership(4, "call", 52, 62).factor == 2


# ------------------------------------------------------------------ three players


def test_three_players_amelie_beatrice_cecile_example() -> None:
    # Amélie 37, Béatrice 29, Cécile 12: differences +11, +3, -14; Cécile under 13 pays 28;
    # Amélie receives 22 and Béatrice 6.
    pay = ch.pay_three([37, 29, 12], names=["Amélie", "Béatrice", "Cécile"])
    assert pay.differences == (11, 3, -14)
    assert pay.scores == (22, 6, -28)


def test_three_players_pay_the_difference_below_26_single_above_13() -> None:
    assert ch.pay_three([30, 26, 22]).scores == (4, 0, -4)
    assert ch.pay_three([13, 40, 25]).scores == (-13, 14, -1)


def test_three_players_two_losers_one_doubled_all_to_the_winner() -> None:
    assert ch.pay_three([12, 20, 46]).scores == (-28, -6, 34)


def test_three_players_short_pack_lose_under_24_double_under_12() -> None:
    assert ch.pay_three([11, 30, 31], 62).scores == (-26, 12, 14)
    assert ch.pay_three([24, 24, 24], 62).scores == (0, 0, 0)


def test_three_player_shares_are_whole_and_zero_sum_for_every_split() -> None:
    for pack in (78, 62):
        total = ch.layout(3, pack).total
        for a in range(total + 1):
            for b in range(total + 1 - a):
                pay = ch.pay_three([a, b, total - a - b], pack)
                assert sum(pay.scores) == 0


# ------------------------------------------------------------------ Dummett's reading


def test_dummett_soloist_gains_four_times_what_he_would_lose_by_the_same_margin() -> None:
    win = ch.pay_partnership(5, "solo-two-cards", 40, options=DUMMETT)
    loss = ch.pay_partnership(5, "solo-two-cards", 28, options=DUMMETT)
    assert win.scores()["soloist"] == 24
    assert loss.scores()["soloist"] == -4  # 6 shared four ways, rounded down: 1 each
    assert ch.pay_partnership(5, "solo-two-cards", 26, options=DUMMETT).scores() == {
        "soloist": -8,
        "defender": 2,
    }


def test_dummett_share_rounding_up_option() -> None:
    up = ch.ChamberyOptions(payment="dummett", share_rounding="up")
    assert ch.pay_partnership(5, "solo-two-cards", 28, options=up).scores() == {"soloist": -8, "defender": 2}


def test_dummett_called_partner_loses_each_pays_the_simple_difference() -> None:
    # 29: difference 5, dealer and partner each pay 5, three defenders share 10 -> 3 each, 9 paid.
    assert ch.pay_partnership(5, "call", 29, options=DUMMETT).scores() == {
        "dealer": -5,
        "partner": -4,
        "defender": 3,
    }
    # A win is paid as in the English rules' reading.
    assert (
        ch.pay_partnership(5, "call", 39, options=DUMMETT).scores()
        == ch.pay_partnership(5, "call", 39).scores()
    )


@pytest.mark.parametrize(
    "options", [ch.ChamberyOptions(), DUMMETT, ch.ChamberyOptions(payment="dummett", share_rounding="up")]
)
@pytest.mark.parametrize(("players", "pack"), [(5, 78), (4, 78), (4, 62), (5, 62)])
def test_payments_are_zero_sum(options: ch.ChamberyOptions, players: int, pack: int) -> None:
    total = ch.layout(players, pack).total
    for contract in ("call", *ch.BIDS_BY_WORD):
        for points in range(total + 1):
            pay = ch.pay_partnership(players, contract, points, pack, options)
            assert sum(pay.attack.values()) + pay.defenders * pay.defender == 0


# ------------------------------------------------------------------ score requests


def test_score_request_call() -> None:
    answer = ch.score_request(request(players=5, pack=78, contract="call", points=39))
    assert answer["won"] is True
    assert answer["scores"] == {"dealer": 8, "partner": 7, "defender": -5}
    breakdown = answer["breakdown"]
    assert isinstance(breakdown, list)
    for term in breakdown:
        assert set(term) == {"term", "label", "value"}
        assert isinstance(term["value"], int | str)


def test_score_request_solo_and_options() -> None:
    answer = ch.score_request(
        request(players=5, contract="solo-two-cards", points=28, options={"payment": "dummett"})
    )
    assert answer["won"] is False
    assert answer["scores"] == {"soloist": -4, "defender": 1}


def test_score_request_three_players_by_player() -> None:
    answer = ch.score_request(request(players=3, points=[37, 29, 12]))
    assert answer["scores"] == {"by_player": [22, 6, -28]}
    assert answer["won"] == [True, True, False]


def test_score_request_fixed_partners() -> None:
    answer = ch.score_request(request(players=4, contract="fixed", points=40))
    assert answer["scores"] == {"dealer": 4, "partner": 4, "defender": -4}


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"players": 5, "contract": "call", "points": 40, "oudlers": 2}, "oudlers"),
        ({"players": 6, "contract": "call", "points": 40}, "players"),
        ({"players": "5", "contract": "call", "points": 40}, "players"),
        ({"players": True, "contract": "call", "points": 40}, "players"),
        ({"players": 5, "pack": 52, "contract": "call", "points": 40}, "pack"),
        ({"players": 5, "contract": "garde", "points": 40}, "contract"),
        ({"players": 5, "contract": "fixed", "points": 40}, "contract"),
        ({"players": 5, "contract": "call", "points": 69}, "points"),
        ({"players": 5, "contract": "call", "points": -1}, "points"),
        ({"players": 5, "contract": "call", "points": 0}, "points"),
        ({"players": 5, "contract": "call", "points": 40.5}, "points"),
        ({"players": 4, "pack": 62, "contract": "call", "points": 69}, "points"),
        ({"players": 3, "points": [37, 29, 13]}, "points"),
        ({"players": 3, "points": [37, 29]}, "points"),
        ({"players": 3, "points": 37}, "points"),
        ({"players": 3, "points": [37, "29", 12]}, "points[1]"),
        ({"players": 3, "points": [79, -1, 0]}, "points[0]"),
        ({"players": 3, "contract": "call", "points": [37, 29, 12]}, "contract"),
        ({"players": 5, "contract": "call", "points": 40, "options": {"payment": "x"}}, "options.payment"),
        ({"players": 5, "contract": "call", "points": 40, "options": {"bonus": 1}}, "options.bonus"),
        ({"players": 4, "contract": "call", "points": 40, "options": {"four_player": "fixed"}}, "contract"),
    ],
)
def test_score_request_refuses_bad_input_with_a_sentence(fields: dict[str, Any], field: str) -> None:
    with pytest.raises(RequestError) as info:
        ch.score_request(request(**fields))
    assert info.value.field == field
    assert len(info.value.message) > 20


def test_score_request_refuses_another_variant() -> None:
    with pytest.raises(RequestError) as info:
        ch.score_request({"variant": "fft", "players": 5, "contract": "call", "points": 40})
    assert info.value.field == "variant"


def test_tables_for_the_rules_page() -> None:
    deals = ch.deal_table()
    assert [row[7] for row in deals["rows"]] == [68, 72, 78, 64, 68, 72]
    points = ch.points_table()["rows"]
    assert points[-1][1:] == [78, "", "**52**"]
    assert ch.points_table(62)["rows"][-1][1] == 62
    order = [row[1] for row in ch.suit_order_table()["rows"]]
    assert order[:6] == ["{card}`HK`", "{card}`HQ`", "{card}`HC`", "{card}`HJ`", "{card}`H1`", "{card}`H10`"]
    factors = ch.factors_table(5)["rows"]
    assert [row[2] for row in factors] == [1, 1, 2, 4]
    pays = ch.payments_table(5, "solo-two-cards")["rows"]
    assert pays[0] == [35, 1, 1, 4, -1, 4, -1]
    assert pays[3] == [29, 5, 1, -20, 5, -4, 1]
    options = ch.options_table()["rows"]
    assert options[0][0] == "`payment`"
    assert len(options) == 7
