"""Scoring of the classic (older French) rules.

Statements quoted from the source are marked "source" (the English description of the older French game,
docs/reference/rules-decisions.md#source-older-french; the facts and decisions: #decision-classic-counting and
#decision-classic-scoring); the other tests check the documented decisions of :mod:`tarot_core.games.classic`.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from tarot_core.cards import FULL_PACK, parse_cards
from tarot_core.engine.variant import score_request as any_score_request
from tarot_core.errors import RequestError, TarotError
from tarot_core.games.classic import (
    ClassicOptions,
    hand_bonuses,
    pair_points,
    score_request,
    target,
)


def score(**fields: object) -> dict[str, object]:
    request: dict[str, object] = {"variant": "classic", "players": 3}
    request.update(fields)
    return score_request(request)


def scores_of(answer: Mapping[str, object]) -> dict[str, int]:
    scores = answer["scores"]
    assert isinstance(scores, dict)
    return scores


def contract_score(answer: Mapping[str, object]) -> int:
    value = answer["contract_score"]
    assert isinstance(value, int)
    return value


def terms(answer: Mapping[str, object]) -> dict[str, object]:
    breakdown = answer["breakdown"]
    assert isinstance(breakdown, list)
    return {item["term"]: item["value"] for item in breakdown}


# ------------------------------------------------------------------------------- counting by pairs
def test_source_pack_counts_91_points_by_pairs() -> None:
    """Source: 'In total there are 91 points.'"""
    assert pair_points(FULL_PACK) == 91


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        ("T21 S2", 5),  # source: special card + normal = 5
        ("HK S2", 5),  # King + normal = 5
        ("HQ S2", 4),  # Queen + normal = 4
        ("HC S2", 3),  # Cavalier + normal = 3
        ("HJ S2", 2),  # Jack + normal = 2
        ("S2 S3", 1),  # two normal cards = 1
    ],
)
def test_source_pair_values(cards: str, points: int) -> None:
    assert pair_points(parse_cards(cards)) == points


def test_source_odd_last_card_is_ignored() -> None:
    """Source: 'If there are an odd number of cards, the final one is ignored.'"""
    assert pair_points(parse_cards("S2 S3 S4")) == 1


def test_two_court_cards_together_count_their_values_less_one() -> None:
    assert pair_points(parse_cards("HK HQ")) == 8


# ---------------------------------------------------------------------------------------- targets
@pytest.mark.parametrize(("bouts", "points"), [(3, 36), (2, 41), (1, 51), (0, 56)])
def test_source_targets_by_special_cards(bouts: int, points: int) -> None:
    assert target(bouts) == points


def test_reaching_the_target_exactly_wins() -> None:
    """Source: 'If you get this number of points or more, you have won the round.'"""
    answer = score(contract="small", oudlers=1, points=51)
    assert answer["won"] is True
    assert contract_score(answer) == 25


# ------------------------------------------------------------------------- base and multipliers
@pytest.mark.parametrize(
    ("contract", "base", "multiplier"),
    [("small", 25, 1), ("guard", 50, 2), ("guard-without", 100, 4), ("guard-against", 150, 6)],
)
def test_source_base_plus_difference_times_multiplier(contract: str, base: int, multiplier: int) -> None:
    answer = score(contract=contract, oudlers=2, points=51)
    assert contract_score(answer) == base + 10 * multiplier


def test_failed_contract_mirrors_a_made_one_by_default() -> None:
    answer = score(contract="guard", oudlers=0, points=50)
    assert answer["won"] is False
    assert contract_score(answer) == -(50 + 6 * 2)


def test_failed_contract_option_nothing() -> None:
    answer = score(contract="guard", oudlers=0, points=50, options={"failed_contract": "nothing"})
    assert contract_score(answer) == 0
    assert set(scores_of(answer).values()) == {0}


# ------------------------------------------------------------------------------------------- slam
def test_source_slam_bid_and_made_600_nothing_added() -> None:
    answer = score(contract="slam", slam="attack")
    assert contract_score(answer) == 600
    assert "difference" not in terms(answer)


def test_slam_bid_and_failed_costs_600_by_default_and_300_with_half() -> None:
    assert contract_score(score(contract="slam", slam=None)) == -600
    assert contract_score(score(contract="slam", options={"failed_slam": "half"})) == -300


def test_source_unbid_slam_300_replaces_the_base_by_default() -> None:
    answer = score(contract="guard", oudlers=3, points=91, slam="attack")
    assert contract_score(answer) == 300 + (91 - 36) * 2


def test_unbid_slam_options_flat_and_added() -> None:
    flat = score(contract="guard", oudlers=3, points=91, slam="attack", options={"unbid_slam": "flat"})
    added = score(contract="guard", oudlers=3, points=91, slam="attack", options={"unbid_slam": "added"})
    assert contract_score(flat) == 300
    assert contract_score(added) == 50 + 55 * 2 + 300


def test_defence_slam_costs_nothing_extra_unless_the_option_says_so() -> None:
    # The taker won no trick: he has his discard, 6 cards of half a point at least, 3 points.
    plain = score(contract="small", oudlers=0, points=3, slam="defence")
    extra = score(
        contract="small", oudlers=0, points=3, slam="defence", options={"defence_slam": "unbid-slam"}
    )
    assert contract_score(plain) == -(25 + 53)
    assert contract_score(extra) == -(25 + 53) - 300


# ---------------------------------------------------------------------------------------- bonuses
def test_source_petit_on_last_trick_10_not_multiplied() -> None:
    plain = score(contract="guard-against", oudlers=1, points=51)
    with_petit = score(contract="guard-against", oudlers=1, points=51, petit_last_trick="attack")
    against = score(contract="guard-against", oudlers=1, points=51, petit_last_trick="defence")
    assert contract_score(with_petit) == contract_score(plain) + 10
    assert contract_score(against) == contract_score(plain) - 10


@pytest.mark.parametrize(
    ("kind", "value"),
    [("trumps-10", 20), ("trumps-13", 30), ("trumps-15", 40), ("no-trumps", 10), ("no-honours", 10)],
)
def test_source_hand_bonus_values_collected_by_the_holder(kind: str, value: int) -> None:
    base = scores_of(score(contract="small", oudlers=1, points=51))
    answer = scores_of(
        score(contract="small", oudlers=1, points=51, bonuses=[{"kind": kind, "holder": "defender-2"}])
    )
    assert answer["defender-2"] - base["defender-2"] == 2 * value
    assert answer["taker"] - base["taker"] == -value
    assert answer["defender-1"] - base["defender-1"] == -value


def test_hand_bonus_option_side_counts_in_the_contract_score() -> None:
    answer = score(
        contract="small",
        oudlers=1,
        points=51,
        bonuses=[{"kind": "no-trumps", "holder": "defender-1"}],
        options={"hand_bonuses": "side"},
    )
    assert contract_score(answer) == 25 - 10


def test_hand_bonus_option_winning_side() -> None:
    answer = score(
        contract="small",
        oudlers=1,
        points=50,
        bonuses=[{"kind": "trumps-10", "holder": "taker"}],
        options={"hand_bonuses": "winning-side"},
    )
    assert contract_score(answer) == -(25 + 1) - 20


def test_hand_bonuses_detected_from_a_hand() -> None:
    options = ClassicOptions()
    ten = parse_cards("T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 S1 S2")
    assert hand_bonuses(ten, 3, options) == ["trumps-10", "no-honours"]
    assert hand_bonuses(parse_cards("EX S1 HK"), 3, options) == ["no-trumps"]
    assert hand_bonuses(parse_cards("EX S1 HK"), 3, ClassicOptions(excuse_is_trump=True)) == []


def test_five_player_trump_thresholds_option() -> None:
    eight = parse_cards("T1 T2 T3 T4 T5 T6 T7 T8 S1 S2 HK")
    assert hand_bonuses(eight, 5, ClassicOptions()) == []
    assert hand_bonuses(eight, 5, ClassicOptions(trump_thresholds_5p="8-10-13")) == ["trumps-10"]


# ----------------------------------------------------------------------------------------- shares
@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("contract", ["small", "guard", "guard-without", "slam"])
@pytest.mark.parametrize("points", [12, 40, 41, 70, 84])
def test_shares_are_zero_sum(players: int, contract: str, points: int) -> None:
    answer = score(
        players=players,
        contract=contract,
        oudlers=2,
        points=points,
        petit_last_trick="defence",
        bonuses=[{"kind": "no-honours", "holder": "defender-1"}, {"kind": "trumps-13", "holder": "taker"}],
    )
    assert sum(scores_of(answer).values()) == 0


def test_three_players_taker_wins_from_each_opponent() -> None:
    assert scores_of(score(contract="guard", oudlers=2, points=51)) == {
        "taker": 140,
        "defender-1": -70,
        "defender-2": -70,
    }


def test_five_players_taker_two_shares_partner_one() -> None:
    answer = scores_of(score(players=5, contract="small", oudlers=3, points=46))
    assert answer == {"taker": 70, "partner": 35, "defender-1": -35, "defender-2": -35, "defender-3": -35}


def test_five_players_taker_alone_takes_four_shares() -> None:
    answer = scores_of(score(players=5, contract="slam", slam="attack", alone=True))
    assert answer == {
        "taker": 2400,
        "defender-1": -600,
        "defender-2": -600,
        "defender-3": -600,
        "defender-4": -600,
    }


def test_taker_only_option_moves_only_the_taker() -> None:
    answer = scores_of(score(contract="guard", oudlers=2, points=51, options={"shares": "taker-only"}))
    assert answer == {"taker": 70, "defender-1": 0, "defender-2": 0}


def test_the_common_calculator_routes_classic_requests() -> None:
    answer = any_score_request(
        {"variant": "classic", "players": 3, "contract": "small", "oudlers": 0, "points": 56}
    )
    assert answer["variant"] == "classic" and answer["won"] is True


# -------------------------------------------------------------------------------------- refusals
@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"players": 4}, "players"),
        ({"contract": "garde"}, "contract"),
        ({"players": 5, "contract": "guard-against", "oudlers": 1, "points": 50}, "contract"),
        ({"contract": "small", "oudlers": 4, "points": 50}, "oudlers"),
        ({"contract": "small", "oudlers": 1, "points": 40.5}, "points"),
        ({"contract": "small", "oudlers": 1, "points": 92}, "points"),
        ({"contract": "small", "oudlers": 1, "points": "many"}, "points"),
        ({"contract": "small", "oudlers": 1, "points": 50, "slam": "attack"}, "oudlers"),
        ({"contract": "small", "oudlers": 3, "points": 50, "slam": "attack"}, "points"),
        ({"contract": "small", "oudlers": 1, "points": 50, "slam": "yes"}, "slam"),
        ({"contract": "small", "oudlers": 1, "points": 50, "petit_last_trick": "me"}, "petit_last_trick"),
        ({"contract": "small", "oudlers": 1, "points": 50, "bonuses": "all"}, "bonuses"),
        (
            {"contract": "small", "oudlers": 1, "points": 50, "bonuses": [{"kind": "misere"}]},
            "bonuses[0].kind",
        ),
        (
            {
                "contract": "small",
                "oudlers": 1,
                "points": 50,
                "bonuses": [{"kind": "no-trumps", "holder": "partner"}],
            },
            "bonuses[0].holder",
        ),
        (
            {
                "contract": "small",
                "oudlers": 1,
                "points": 50,
                "bonuses": [
                    {"kind": "trumps-10", "holder": "taker"},
                    {"kind": "trumps-13", "holder": "taker"},
                ],
            },
            "bonuses[1]",
        ),
        (
            {
                "contract": "small",
                "oudlers": 1,
                "points": 50,
                "bonuses": [
                    {"kind": "no-trumps", "holder": "taker"},
                    {"kind": "trumps-13", "holder": "taker"},
                ],
            },
            "bonuses[1]",
        ),
        ({"contract": "small", "oudlers": 1, "points": 50, "options": {"shares": "split"}}, "options.shares"),
        ({"contract": "small", "oudlers": 1, "points": 50, "options": {"colour": "red"}}, "options.colour"),
        ({"contract": "small", "oudlers": 1, "points": 50, "alone": True}, "alone"),
        ({"variant": "fft", "contract": "small", "oudlers": 1, "points": 50}, "variant"),
    ],
)
def test_bad_requests_are_refused_with_the_field_named(fields: dict[str, object], field: str) -> None:
    with pytest.raises(RequestError) as error:
        score(**fields)
    assert error.value.field == field
    assert len(error.value.message) > 15


def test_bad_option_value_is_refused_when_building_options() -> None:
    with pytest.raises(TarotError):
        ClassicOptions(shares="everyone")
