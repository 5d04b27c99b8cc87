"""French Tarot scoring through the calculator's request: targets, rounding, multipliers, bonuses,
slams, shares, the six worked examples of the beginner's guide, and the errors a bad request gets.

Facts and sources: docs/reference/rules-decisions.md#decision-fft-scoring and #example-fft-guide (the FFT's
rules; the beginner's guide, III. C and IV. Examples of Scoring).
"""

from __future__ import annotations

from typing import Any

import pytest

from tarot_core.engine.variant import score_request
from tarot_core.errors import RequestError
from tarot_core.games.fft import french_score


def score(**fields: Any) -> dict[str, Any]:
    request: dict[str, object] = {"variant": "fft", "players": 4, "contract": "prise", **fields}
    return score_request(request)


def terms(answer: dict[str, Any]) -> dict[str, Any]:
    """The breakdown as {term: value}; a term that appears twice keeps its last value."""
    return {t["term"]: t["value"] for t in answer["breakdown"]}


def payment(answer: dict[str, Any]) -> tuple[str, int]:
    """The breakdown's payment line: who pays whom, and how much."""
    (line,) = [t for t in answer["breakdown"] if t["term"] == "per_defender"]
    return line["label"], line["value"]


PAYS_TAKER = "Each defender pays the taker"
TAKER_PAYS = "The taker pays each defender"


def per_defender(answer: dict[str, Any]) -> int:
    value = answer["per_defender"]
    assert isinstance(value, int)
    return value


# ------------------------------------------------------------------ the guide's IV. Examples of Scoring


def test_guide_example_1_take_with_three_ends_and_exactly_36() -> None:
    """The guide (#example-fft-guide), IV. Examples of Scoring, first example: West takes (prise), 3 Ends,
    exactly 36 points: the game (25) and nothing else; each defender pays West 25."""
    answer = score(contract="prise", oudlers=3, points=36)
    assert answer["won"] is True
    assert terms(answer)["target"] == 36 and terms(answer)["difference"] == 0
    assert per_defender(answer) == 25 and payment(answer) == (PAYS_TAKER, 25)
    assert answer["scores"] == {"taker": 75, "partner": None, "defender": -25}


def test_guide_example_2_keep_with_two_ends_and_40_lost() -> None:
    """The guide (#example-fft-guide), IV. Examples of Scoring, second example: South keeps (garde) with 2
    Ends and 40 points against 41: (25 + 1) × 2; South pays each defender 52."""
    answer = score(contract="garde", oudlers=2, points=40)
    assert answer["won"] is False
    assert per_defender(answer) == -52 and payment(answer) == (TAKER_PAYS, 52)
    assert answer["scores"] == {"taker": -156, "partner": None, "defender": 52}


def test_guide_example_3_keep_with_two_ends_and_56() -> None:
    """The guide (#example-fft-guide), IV. Examples of Scoring, third example: North keeps with 2 Ends and 56
    points: (25 + 15) × 2; each defender pays North 80."""
    answer = score(contract="garde", oudlers=2, points=56)
    assert answer["won"] is True and terms(answer)["difference"] == 15
    assert per_defender(answer) == 80 and payment(answer) == (PAYS_TAKER, 80)
    assert answer["scores"]["taker"] == 240


def test_guide_example_4_keep_lost_and_pagat_ultimo_to_the_defence() -> None:
    """The guide (#example-fft-guide), IV. Examples of Scoring, fourth example: South keeps, 2 Ends, 40
    points, and the defenders win the last trick with the Petit: (25 + 1 + 10) × 2; South pays each defender
    72."""
    answer = score(contract="garde", oudlers=2, points=40, petit_au_bout="defence")
    assert answer["won"] is False
    assert terms(answer)["petit_au_bout"] == -10
    assert per_defender(answer) == -72 and payment(answer) == (TAKER_PAYS, 72)
    assert answer["scores"] == {"taker": -216, "partner": None, "defender": 72}


def test_guide_example_5_keep_with_three_ends_49_and_pagat_ultimo() -> None:
    """The guide (#example-fft-guide), IV. Examples of Scoring, fifth example: West keeps, 3 Ends, 49 points
    and wins the last trick with the Petit: (25 + 13 + 10) × 2; each defender pays West 96."""
    answer = score(contract="garde", oudlers=3, points=49, petit_au_bout="attack")
    assert answer["won"] is True
    assert terms(answer)["difference"] == 13 and terms(answer)["petit_au_bout"] == 10
    assert per_defender(answer) == 96 and payment(answer) == (PAYS_TAKER, 96)


def test_guide_example_6_keep_against_the_talon_triple_handful_and_slam() -> None:
    """The guide (#example-fft-guide), IV. Examples of Scoring, sixth example: West keeps against the talon,
    announces a triple handful and a slam and makes it, 3 Ends and 88 points: (25 + 52) × 6 + 400 + 40; each
    defender pays West 902."""
    answer = score(
        contract="garde-contre",
        oudlers=3,
        points=88,
        handfuls=[{"side": "attack", "size": "triple"}],
        slam={"announced": True, "won_by": "attack"},
    )
    assert answer["won"] is True
    t = terms(answer)
    assert (t["difference"], t["multiplier"], t["contract_score"]) == (52, 6, 462)
    assert (t["handful"], t["slam"]) == (40, 400)
    assert per_defender(answer) == 902 and payment(answer) == (PAYS_TAKER, 902)
    assert answer["scores"] == {"taker": 2706, "partner": None, "defender": -902}


# ------------------------------------------------------------------ targets and rounding


@pytest.mark.parametrize(("bouts", "target"), [(0, 56), (1, 51), (2, 41), (3, 36)])
def test_targets_by_bouts_and_exactly_the_target_wins(bouts: int, target: int) -> None:
    made = score(oudlers=bouts, points=target)
    assert made["won"] is True and terms(made)["target"] == target and per_defender(made) == 25
    lost = score(oudlers=bouts, points=target - 1)
    assert lost["won"] is False and per_defender(lost) == -26


@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize(
    ("points", "won", "difference", "counted"),
    [(40.5, False, 1, "40.5 counts as 40"), (41.5, True, 1, "41.5 counts as 42"), (55.5, True, 15, None)],
)
def test_half_point_goes_to_the_winning_side_3_and_5_players(
    players: int, points: float, won: bool, difference: int, counted: str | None
) -> None:
    answer = score(players=players, contract="garde", oudlers=2, points=points)
    assert answer["won"] is won
    t = terms(answer)
    assert t["difference"] == difference
    if counted is not None and points != 55.5:
        assert t["rounding"] == counted
    assert per_defender(answer) == (1 if won else -1) * (25 + difference) * 2


def test_half_point_rounding_55_5_counts_as_56() -> None:
    answer = score(players=3, contract="prise", oudlers=2, points=55.5)
    assert terms(answer)["rounding"] == "55.5 counts as 56" and terms(answer)["difference"] == 15


def test_whole_points_have_no_rounding_term() -> None:
    answer = score(players=5, contract="prise", oudlers=1, points=60)
    assert "rounding" not in terms(answer) and terms(answer)["difference"] == 9


# ------------------------------------------------------------------ multipliers and bonuses


@pytest.mark.parametrize(
    ("contract", "multiplier"), [("prise", 1), ("garde", 2), ("garde-sans", 4), ("garde-contre", 6)]
)
def test_contract_multipliers(contract: str, multiplier: int) -> None:
    answer = score(contract=contract, oudlers=1, points=61)
    assert terms(answer)["multiplier"] == multiplier
    assert per_defender(answer) == (25 + 10) * multiplier
    lost = score(contract=contract, oudlers=1, points=41)
    assert per_defender(lost) == -(25 + 10) * multiplier


@pytest.mark.parametrize("contract", ["prise", "garde", "garde-sans", "garde-contre"])
@pytest.mark.parametrize(("side", "sign"), [("attack", 1), ("defence", -1)])
def test_petit_au_bout_is_multiplied(contract: str, side: str, sign: int) -> None:
    m = {"prise": 1, "garde": 2, "garde-sans": 4, "garde-contre": 6}[contract]
    won = score(contract=contract, oudlers=2, points=51, petit_au_bout=side)
    assert per_defender(won) == (25 + 10) * m + sign * 10 * m
    # Whatever the result: a lost contract with the Petit saved by the attack still earns its 10 × m.
    lost = score(contract=contract, oudlers=2, points=31, petit_au_bout=side)
    assert per_defender(lost) == -(25 + 10) * m + sign * 10 * m


@pytest.mark.parametrize("contract", ["prise", "garde-contre"])
@pytest.mark.parametrize(("size", "bonus"), [("simple", 20), ("double", 30), ("triple", 40)])
def test_handful_never_multiplied(contract: str, size: str, bonus: int) -> None:
    m = {"prise": 1, "garde-contre": 6}[contract]
    answer = score(contract=contract, oudlers=1, points=56, handfuls=[{"side": "attack", "size": size}])
    assert terms(answer)["handful"] == bonus
    assert per_defender(answer) == (25 + 5) * m + bonus


@pytest.mark.parametrize(
    ("shown_by", "points", "expected"),
    [("defence", 61, 35 + 20), ("attack", 41, -35 - 20), ("defence", 41, -35 - 20), ("attack", 61, 35 + 20)],
)
def test_handful_bonus_goes_to_the_side_that_wins_the_deal(shown_by: str, points: int, expected: int) -> None:
    answer = score(oudlers=1, points=points, handfuls=[{"side": shown_by, "size": "simple"}])
    assert per_defender(answer) == expected


def test_two_handfuls_both_go_to_the_winner() -> None:
    answer = score(
        players=4,
        oudlers=1,
        points=61,
        handfuls=[{"side": "attack", "size": "simple"}, {"side": "defence", "size": "simple"}],
    )
    assert [t["value"] for t in answer["breakdown"] if t["term"] == "handful"] == [20, 20]
    assert per_defender(answer) == 35 + 40


@pytest.mark.parametrize(
    ("slam", "points", "slam_terms", "total"),
    [
        ({"announced": True, "won_by": "attack"}, 91, {"slam": 400}, (25 + 55) * 4 + 400),
        ({"announced": False, "won_by": "attack"}, 91, {"slam": 200}, (25 + 55) * 4 + 200),
        ({"announced": True, "won_by": None}, 80, {"slam": -200}, (25 + 44) * 4 - 200),
        ({"announced": True, "won_by": None}, 30, {"slam": -200}, -(25 + 6) * 4 - 200),
        # The defence won every trick: the taker keeps only the dog of garde sans, 6 cards of 0.5 at least.
        ({"announced": False, "won_by": "defence"}, 3, {"slam_defence": -200}, -(25 + 53) * 4 - 200),
        ({"announced": False, "won_by": None}, 80, {}, (25 + 44) * 4),
    ],
)
def test_slam_terms_never_multiplied(
    slam: dict[str, object], points: int, slam_terms: dict[str, int], total: int
) -> None:
    answer = score(contract="garde-sans", oudlers=3 if points > 13 else 0, points=points, slam=slam)
    t = terms(answer)
    for name in ("slam", "slam_defence"):
        assert t.get(name) == slam_terms.get(name)
    assert per_defender(answer) == total


def test_failed_slam_option_when_won_only_costs_a_winning_taker() -> None:
    options = {"failed_slam": "when-won"}
    lost = score(
        contract="garde", oudlers=3, points=30, slam={"announced": True, "won_by": None}, options=options
    )
    assert "slam" not in terms(lost) and per_defender(lost) == -(25 + 6) * 2
    won = score(
        contract="garde", oudlers=3, points=80, slam={"announced": True, "won_by": None}, options=options
    )
    assert terms(won)["slam"] == -200 and per_defender(won) == (25 + 44) * 2 - 200


# ------------------------------------------------------------------ shares


@pytest.mark.parametrize(
    ("players", "alone", "taker", "partner", "defenders"),
    [(3, False, 2, None, 2), (4, False, 3, None, 3), (5, False, 2, 1, 3), (5, True, 4, None, 4)],
)
def test_shares_for_3_4_5_players_and_alone(
    players: int, alone: bool, taker: int, partner: int | None, defenders: int
) -> None:
    fields: dict[str, Any] = {"players": players, "contract": "garde", "oudlers": 2, "points": 51}
    if alone:
        fields["alone"] = True
    for points in (51, 31):
        fields["points"] = points
        answer = score(**fields)
        s = per_defender(answer)
        assert answer["scores"]["taker"] == taker * s
        assert answer["scores"]["partner"] == (None if partner is None else partner * s)
        assert answer["scores"]["defender"] == -s
        total = answer["scores"]["taker"] + (answer["scores"]["partner"] or 0) - defenders * s
        assert total == 0  # zero-sum


def test_score_answer_fields() -> None:
    answer = score(players=5, contract="garde", oudlers=2, points=58.5)
    assert answer["variant"] == "fft" and answer["players"] == 5 and answer["won"] is True
    assert set(answer) >= {"won", "breakdown", "scores", "per_defender"}
    for item in answer["breakdown"]:
        assert set(item) <= {"term", "label", "value", "detail"} and item["label"]
    codes = [t["term"] for t in answer["breakdown"]]
    assert codes[:4] == ["contract", "bouts", "target", "points"]
    assert codes[-3:] == ["taker_share", "partner_share", "defender_share"]
    assert terms(answer)["points"] == 58.5 and terms(answer)["rounding"] == "58.5 counts as 59"
    assert answer["scores"] == {"taker": 172, "partner": 86, "defender": -86}


def test_french_score_matches_the_request() -> None:
    direct = french_score(players=4, contract="garde", bouts=2, half_points=112, petit_au_bout="attack")
    answer = score(contract="garde", oudlers=2, points=56, petit_au_bout="attack")
    assert direct.as_dict()["per_defender"] == answer["per_defender"] == (25 + 15 + 10) * 2


# ------------------------------------------------------------------ bad requests


@pytest.mark.parametrize(
    ("fields", "field", "fragment"),
    [
        ({"dealer": "p1"}, "dealer", "unknown field"),
        ({"players": 6}, "players", "must be one of 3, 4, 5"),
        ({"players": "four"}, "players", "whole number"),
        ({"players": True}, "players", "whole number"),
        ({"contract": "chelem"}, "contract", "must be one of prise, garde, garde-sans, garde-contre"),
        ({"oudlers": 4}, "oudlers", "must be one of 0, 1, 2, 3"),
        ({"oudlers": -1}, "oudlers", "must be one of"),
        ({"points": 92}, "points", "between 0 and 91"),
        ({"points": -1}, "points", "between 0 and 91"),
        ({"points": 40.25}, "points", "by halves"),
        ({"points": "forty"}, "points", "must be a number"),
        ({"points": None}, "points", "missing: give the card points"),
        ({"points": True}, "points", "must be a number"),
        ({"oudlers": 3, "points": 10}, "points", "holds at least 17 points, not 10"),
        ({"petit_au_bout": "taker"}, "petit_au_bout", "attack"),
        ({"handfuls": {"side": "attack"}}, "handfuls", "must be a list"),
        ({"handfuls": [{"side": "attack", "size": "huge"}]}, "handfuls", "simple, double or triple"),
        ({"handfuls": [{"size": "simple"}]}, "handfuls", "needs a side"),
        (
            {"handfuls": [{"side": "attack", "size": "triple"}, {"side": "defence", "size": "triple"}]},
            "handfuls",
            "only 21 trumps and the Excuse",
        ),
        ({"slam": True}, "slam", "announced"),
        ({"slam": {"announced": "yes"}}, "slam", "true or false"),
        ({"alone": True}, "alone", "only the five-player game"),
        ({"alone": "yes"}, "alone", "true or false"),
        ({"options": {"misere": True}}, "options", "failed_slam"),
        ({"options": ["when-won"]}, "options", "must be an object"),
        ({"handfuls": ["simple"]}, "handfuls", "each handful is"),
        (
            {"handfuls": [{"side": "defence", "size": "simple"}] * 5},
            "handfuls",
            "at most one handful: 4 at most",
        ),
        ({"slam": {"announced": True, "won_by": "taker"}}, "slam", "attack"),
        ({"variant": "fortune"}, "variant", "unknown variant"),
    ],
)
def test_bad_requests_name_the_field(fields: dict[str, Any], field: str, fragment: str) -> None:
    request: dict[str, Any] = {
        "variant": "fft",
        "players": 4,
        "contract": "prise",
        "oudlers": 1,
        "points": 50,
    }
    request.update(fields)
    with pytest.raises(RequestError) as caught:
        score_request(request)
    assert caught.value.field == field
    assert fragment in caught.value.message
    assert str(caught.value).startswith(f"{field}: ")


def test_two_three_player_handfuls_cannot_both_be_simple() -> None:
    with pytest.raises(RequestError, match="need 26 trumps"):
        score(
            players=3,
            oudlers=1,
            points=61,
            handfuls=[{"side": "attack", "size": "simple"}, {"side": "defence", "size": "simple"}],
        )


def test_request_must_be_an_object() -> None:
    with pytest.raises(RequestError, match="JSON object"):
        score_request([1, 2])  # type: ignore[arg-type]


@pytest.mark.parametrize(("oudlers", "points"), [(3, 16), (2, 12), (1, 6.5), (1, 4)])
def test_too_few_points_for_the_bouts_held(oudlers: int, points: float) -> None:
    """Three players, prise, no slam: the taker won a trick (3 cards) and has his discard (6 cards), 9
    cards at 0.5 at least, each bout 4.5: 3 bouts are at least 16.5 points, 2 at least 12.5, 1 at least
    8.5. (A lone Excuse counted 4 happens only when the taker won no trick: a slam by the defence.)"""
    with pytest.raises(RequestError) as caught:
        score(players=3, oudlers=oudlers, points=points)
    assert caught.value.field == "points"


@pytest.mark.parametrize(("oudlers", "points"), [(0, 78), (1, 82), (2, 86)])
def test_too_many_points_for_the_bouts_held(oudlers: int, points: float) -> None:
    """Three players, prise, no slam: the defence won a trick, so it holds its bouts and 3 cards or
    more: with 0 bouts the taker has at most 91 - 13.5 = 77.5; with 1 at most 91 - (9 + 0.5) = 81.5;
    with 2 at most 91 - (4.5 + 1) = 85.5."""
    with pytest.raises(RequestError) as caught:
        score(players=3, oudlers=oudlers, points=points)
    assert caught.value.field == "points"


@pytest.mark.parametrize(
    ("oudlers", "points", "slam"),
    [
        (3, 16.5, None),
        (2, 12.5, None),
        (1, 8.5, None),
        (0, 77.5, None),
        (1, 81.5, None),
        (2, 85.5, None),
        (1, 7, "defence"),
        (2, 87, "attack"),
    ],
)
def test_extreme_but_possible_points_are_accepted(oudlers: int, points: float, slam: str | None) -> None:
    """The limits of the two tests above are reached (three players, prise). With a slam: a taker who
    won no trick holds his discard (6 cards, 3 points at least) and the Excuse, counted 4 for want of a
    card to give in exchange: 7 points; a defence that won no trick and kept the Excuse leaves 87."""
    answer = score(players=3, oudlers=oudlers, points=points, slam={"won_by": slam})
    assert terms(answer)["points"] == points


@pytest.mark.parametrize(
    ("points", "petit_au_bout", "expected"),
    [
        (47, None, "(25 + 6) × 2"),
        (47, "attack", "(25 + 6 + 10) × 2"),
        (47, "defence", "(25 + 6 − 10) × 2"),
        (26, None, "−(25 + 15) × 2"),
        (26, "attack", "(−(25 + 15) + 10) × 2"),
    ],
)
def test_the_contract_score_is_worked_out_as_a_reader_writes_it(
    points: int, petit_au_bout: str | None, expected: str
) -> None:
    """The working of a contract's score writes a sign only where one is needed (it read
    "(+(25 + 6) +10) × 2")."""
    extra = {"petit_au_bout": petit_au_bout} if petit_au_bout else {}
    answer = score(contract="garde", oudlers=2, points=points, **extra)
    working = {term["term"]: term for term in answer["breakdown"]}
    assert working["contract_score"]["detail"] == expected
