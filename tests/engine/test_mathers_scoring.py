"""Declarations, trick values and hand scoring of Mathers' game.

Tests named "mathers_1888_..." check a statement of S. L. MacGregor Mathers, *The Tarot* (1888),
chapter 5 (docs/reference/rules-decisions.md#source-mathers); the others check the documented decisions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from tarot_core.cards import EXCUSE, parse_cards
from tarot_core.engine.variant import score_request as any_score_request
from tarot_core.errors import RequestError, TarotError
from tarot_core.games.mathers import (
    TAROT_TRUMPS,
    HandParts,
    MathersOptions,
    advance_game,
    category,
    declarations,
    kings_cut,
    legal_plays,
    may_ask,
    score_hand,
    score_request,
    sequences,
    small_cards,
    trick_points,
    trick_winner_index,
)

DEFAULT = MathersOptions()


def codes(hand: str, **options: Any) -> list[str]:
    return [d.code for d in declarations(parse_cards(hand), MathersOptions(**options))]


def hands(p1: Mapping[str, object], p2: Mapping[str, object], **extra: object) -> dict[str, object]:
    request: dict[str, object] = {"variant": "mathers", "players": 2, "hands": {"p1": p1, "p2": p2}}
    request.update(extra)
    return request


# ----------------------------------------------------------------------------------- declarations
@pytest.mark.parametrize(
    ("hand", "code", "value"),
    [
        ("T21 T20 T19", "greater-3", 5),
        ("T21 T20 T19 T18", "greater-4", 10),
        ("T21 T20 T19 T18 T17", "greater-5", 15),
        ("T1 T3 T5", "lesser-3", 5),
        ("T1 T2 T3 T5", "lesser-4", 10),
        ("T1 T2 T3 T4 T5", "lesser-5", 15),
    ],
)
def test_mathers_1888_greater_and_lesser_trumps(hand: str, code: str, value: int) -> None:
    found = [d for d in declarations(parse_cards(hand)) if d.code.startswith(code.split("-", maxsplit=1)[0])]
    assert [d.code for d in found] == [code]
    assert found[0].value == value


def test_mathers_1888_ten_trumps_10_and_thirteen_15() -> None:
    ten = declarations(parse_cards("T2 T4 T6 T8 T10 T12 T14 T16 T18 T20"))
    thirteen = declarations(parse_cards("T2 T4 T6 T8 T10 T12 T14 T16 T18 T20 T7 T9 T11"))
    assert [(d.code, d.value) for d in ten if d.code.startswith("trumps")] == [("trumps-10", 10)]
    assert [(d.code, d.value) for d in thirteen if d.code.startswith("trumps")] == [("trumps-13", 15)]


def test_thirteen_trumps_score_also_the_ten_under_option_both() -> None:
    hand = "T2 T4 T6 T8 T10 T12 T14 T16 T18 T20 T7 T9 T11"
    assert [c for c in codes(hand, trump_count="both") if c.startswith("trumps")] == [
        "trumps-13",
        "trumps-10",
    ]


def test_mathers_1888_declarations_are_independent() -> None:
    """'It does not matter if Greater or Lesser Trumps, which have been already scored, form part of
    such ten or thirteen; all scores are independent of other combinations.'"""
    hand = "T21 T20 T19 T18 T17 T1 T2 T3 T4 T5"
    assert codes(hand) == ["greater-5", "lesser-5", "trumps-10", "sequence-4", "sequence-4"]
    assert codes(hand, declarations_independent=False) == ["greater-5", "lesser-5"]


def test_mathers_1888_the_seven_tarot_trumps() -> None:
    """The Universe 21, the Fool 0, the Juggler 1 and the four Kings."""
    assert sorted(str(c) for c in TAROT_TRUMPS) == sorted(["T21", "EX", "T1", "SK", "HK", "DK", "CK"])


def test_mathers_1888_every_three_tarot_trumps_score_15() -> None:
    assert codes("T21 EX SK") == ["tarot-trumps-3"]
    assert codes("T21 EX T1 SK HK DK") == ["tarot-trumps-3", "tarot-trumps-3"]
    assert declarations(parse_cards("T21 EX SK"))[0].value == 15


def test_mathers_1888_two_tarot_trumps_may_ask_for_a_third() -> None:
    assert may_ask(parse_cards("T21 HK S2"))
    assert not may_ask(parse_cards("T21 S2"))
    assert not may_ask(parse_cards("T21 HK SK"))
    assert may_ask(parse_cards("T21 HK SK DK CK"))


def test_small_card_given_back_is_a_plain_card_from_1_to_10() -> None:
    assert small_cards(parse_cards("HK HQ S3 T4")) == parse_cards("S3")
    assert small_cards(parse_cards("HK HQ T4")) == parse_cards("HQ T4")


@pytest.mark.parametrize(
    ("hand", "found"),
    [
        ("S1 S2 S3 S4", ["sequence-4"]),
        ("S1 S2 S3", []),
        ("H8 H9 H10 HJ HC HQ HK", ["sequence-7"]),
        ("D1 D2 D3 D4 D5 D6 D7 D8 D9 D10", ["sequence-10"]),
        ("T6 T7 T8 T9", ["sequence-4"]),
        ("S1 S2 S3 S4 S6 S7 S8 S9", ["sequence-4", "sequence-4"]),
    ],
)
def test_mathers_1888_sequences_of_four_seven_and_ten(hand: str, found: list[str]) -> None:
    assert [d.code for d in sequences(parse_cards(hand), DEFAULT)] == found


def test_sequence_values_5_10_15() -> None:
    values = {
        d.code: d.value for d in declarations(parse_cards("D1 D2 D3 D4 D5 D6 D7 D8 D9 D10 S1 S2 S3 S4"))
    }
    assert values["sequence-10"] == 15 and values["sequence-4"] == 5
    assert declarations(parse_cards("C5 C6 C7 C8 C9 C10 CJ"))[0].value == 10


def test_the_fool_is_not_a_trump_in_declarations_by_default() -> None:
    nine_and_fool = "T2 T4 T6 T8 T10 T12 T14 T16 T18 EX"
    assert "trumps-10" not in codes(nine_and_fool)
    assert "trumps-10" in codes(nine_and_fool, fool_in_declarations=True)
    assert codes("EX T1 T2 T3", fool_in_declarations=True)[-1] == "sequence-4"
    assert "sequence-4" not in codes("EX T1 T2 T3")


# ----------------------------------------------------------------------------------------- tricks
@pytest.mark.parametrize(
    ("cards", "points"),
    [("T21 S2", 5), ("HK S2", 5), ("T1 S2", 5), ("SQ S2", 4), ("SC S2", 3), ("SJ S2", 2), ("S3 S2", 1)],
)
def test_mathers_1888_trick_values(cards: str, points: int) -> None:
    assert trick_points(parse_cards(cards), DEFAULT) == points


def test_a_trick_scores_its_best_card_only_by_default() -> None:
    assert trick_points(parse_cards("SQ SC SJ"), DEFAULT) == 4
    assert trick_points(parse_cards("SQ SC SJ"), MathersOptions(trick_value="sum")) == 9


def test_mathers_1888_the_fool_counts_to_its_holder_not_the_trick() -> None:
    assert trick_points(parse_cards("EX S2"), DEFAULT) == 1
    assert trick_points(parse_cards("EX S2"), MathersOptions(fool_to_holder=False)) == 5
    assert category(EXCUSE) == "tarot-trump"


def test_mathers_1888_king_highest_ace_lowest_trumps_beat_suits() -> None:
    assert trick_winner_index(parse_cards("S1 SK"), DEFAULT) == 1
    assert trick_winner_index(parse_cards("SK S1"), DEFAULT) == 0
    assert trick_winner_index(parse_cards("SK T1"), DEFAULT) == 1
    assert trick_winner_index(parse_cards("T2 T21 T20"), DEFAULT) == 1
    assert trick_winner_index(parse_cards("SK HQ"), DEFAULT) == 0


def test_mathers_1888_the_fool_takes_no_card() -> None:
    assert trick_winner_index(parse_cards("EX S1"), DEFAULT) == 1
    assert trick_winner_index(parse_cards("S1 EX"), DEFAULT) == 0


def test_the_fool_as_lowest_trump_under_its_option() -> None:
    options = MathersOptions(fool_play="lowest-trump")
    assert trick_winner_index(parse_cards("S1 EX"), options) == 1
    assert trick_winner_index(parse_cards("EX T1"), options) == 1


def test_mathers_1888_a_king_cut_counts_5() -> None:
    assert kings_cut(parse_cards("SK T3"), 1, DEFAULT) == 1
    assert kings_cut(parse_cards("SK S3"), 0, DEFAULT) == 0
    assert kings_cut(parse_cards("S2 T3 HK"), 1, DEFAULT) == 0
    assert kings_cut(parse_cards("S2 T3 HK"), 1, MathersOptions(king_cut="any")) == 1


# ---------------------------------------------------------------------------------- hand scoring
def test_mathers_1888_only_the_excess_is_scored() -> None:
    result = score_hand(
        {
            "p1": HandParts(
                {"queen": 2, "plain": 10}, 18, kings_cut=1, fool=True, declarations=("greater-3",)
            ),
            "p2": HandParts({"tarot-trump": 2, "plain": 11}, 21),
        }
    )
    assert result.totals == {"p1": 18 + 5 + 5 + 5, "p2": 21}
    assert result.scores == {"p1": 33 - 21, "p2": 0}
    assert result.winner == "p1"


def test_mathers_1888_with_three_only_the_best_scores_over_the_second() -> None:
    result = score_hand(
        {
            "p1": HandParts({"plain": 9}, 30),
            "p2": HandParts({"plain": 8}, 22),
            "p3": HandParts({"plain": 8}, 10),
        }
    )
    assert result.scores == {"p1": 8, "p2": 0, "p3": 0}


def test_a_tie_at_the_top_scores_nothing() -> None:
    result = score_hand({"p1": HandParts({"plain": 13}, 13), "p2": HandParts({"plain": 12}, 13)})
    assert result.scores == {"p1": 0, "p2": 0} and result.winner is None


def test_excess_option_off_scores_whole_totals() -> None:
    result = score_hand(
        {"p1": HandParts({"plain": 13}, 13), "p2": HandParts({"plain": 12}, 12)}, MathersOptions(excess=False)
    )
    assert result.scores == {"p1": 13, "p2": 12}


def test_mathers_1888_game_is_100() -> None:
    assert advance_game({"p1": 90, "p2": 95}, {"p1": 12, "p2": 0}) == ({"p1": 102, "p2": 95}, "p1")
    assert advance_game({"p1": 50, "p2": 95}, {"p1": 12, "p2": 0}) == ({"p1": 62, "p2": 95}, None)


# ---------------------------------------------------------------------------------------- requests
def test_request_scores_a_hand_from_its_parts() -> None:
    answer = score_request(
        hands(
            {
                "tricks": {"tarot-trump": 3, "queen": 2, "knight": 2, "knave": 1, "plain": 6},
                "kings_cut": 1,
                "fool": True,
                "declarations": ["greater-3", "trumps-10", "sequence-4", "ask-unanswered"],
            },
            {
                "tricks": {"tarot-trump": 3, "queen": 1, "knight": 1, "knave": 2, "plain": 4},
                "declarations": ["tarot-trumps-3"],
            },
            game={"p1": 80, "p2": 40},
        )
    )
    p1 = 15 + 8 + 6 + 2 + 6 + 5 + 5 + 5 + 10 + 5 + 5
    p2 = 15 + 4 + 3 + 4 + 4 + 15
    assert answer["totals"] == {"p1": p1, "p2": p2}
    assert answer["scores"] == {"p1": p1 - p2, "p2": 0}
    assert answer["won"] == "p1"
    assert answer["game"] == {"p1": 80 + p1 - p2, "p2": 40}
    assert answer["game_over"] is True and answer["game_winner"] == "p1"


def test_request_with_listed_tricks_and_the_sum_option() -> None:
    tricks_p1 = ["SQ SC", "SJ S1", "HK T2", *[f"D{n} C{n}" for n in range(1, 11)]]
    tricks_p2 = [*[f"H{n} T{n + 2}" for n in range(1, 11)], "S2 S3", "S4 S5"]
    answer = score_request(
        hands({"tricks": tricks_p1}, {"tricks": tricks_p2}, options={"trick_value": "sum"})
    )
    assert answer["totals"] == {"p1": 7 + 2 + 5 + 10, "p2": 12}


def test_the_common_calculator_routes_mathers_requests() -> None:
    answer = any_score_request(hands({"tricks": {"plain": 13}}, {"tricks": {"plain": 12}}))
    assert answer["variant"] == "mathers" and answer["scores"] == {"p1": 1, "p2": 0}


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        ({"variant": "mathers", "players": 4, "hands": {}}, "players"),
        ({"variant": "mathers", "players": 2, "hands": []}, "hands"),
        ({"variant": "mathers", "players": 2, "hands": {"p3": {}}}, "hands.p3"),
        (hands({"tricks": {"plain": 13}}, {"tricks": {"plain": 11}}), "hands"),
        (hands({"tricks": {"queen": 5, "plain": 8}}, {"tricks": {"plain": 12}}), "hands"),
        (hands({"tricks": {"royal": 13}}, {"tricks": {"plain": 12}}), "hands.p1.tricks.royal"),
        (hands({"tricks": {"plain": -1}}, {"tricks": {"plain": 12}}), "hands.p1.tricks.plain"),
        (hands({"tricks": {"plain": 13}, "fool": True}, {"tricks": {"plain": 12}, "fool": True}), "hands"),
        (hands({"tricks": {"plain": 13}, "kings_cut": 5}, {"tricks": {"plain": 12}}), "hands.p1.kings_cut"),
        (
            hands({"tricks": {"plain": 13}, "declarations": ["quint"]}, {"tricks": {"plain": 12}}),
            "hands.p1.declarations[0]",
        ),
        (
            hands(
                {"tricks": {"plain": 13}, "declarations": ["greater-3", "greater-4"]},
                {"tricks": {"plain": 12}},
            ),
            "hands.p1.declarations",
        ),
        (hands({"tricks": {"plain": 13}, "bonus": 3}, {"tricks": {"plain": 12}}), "hands.p1.bonus"),
        (hands({"tricks": ["SQ"]}, {"tricks": {"plain": 12}}), "hands.p1.tricks[0]"),
        (hands({"tricks": ["SQ ZZ"]}, {"tricks": {"plain": 12}}), "hands.p1.tricks[0]"),
        (
            hands({"tricks": {"plain": 13}}, {"tricks": {"plain": 12}}, options={"trick_value": "sum"}),
            "hands.p1.tricks",
        ),
        (hands({"tricks": {"plain": 13}}, {"tricks": {"plain": 12}}, options={"game": 77}), "options.game"),
        (hands({"tricks": {"plain": 13}}, {"tricks": {"plain": 12}}, game={"p9": 3}), "game"),
    ],
)
def test_bad_requests_are_refused_with_the_field_named(request_: dict[str, object], field: str) -> None:
    with pytest.raises(RequestError) as error:
        score_request(request_)
    assert error.value.field == field
    assert len(error.value.message) > 15


def test_bad_option_value_is_refused() -> None:
    with pytest.raises(TarotError):
        MathersOptions(direction="sideways")


def test_mathers_1888_the_fool_may_be_played_to_any_suit() -> None:
    """'May be played to a card of any suit': even by a player who could follow."""
    hand = sorted(parse_cards("HQ H2 T5 EX"))
    assert legal_plays(hand, parse_cards("HK"), DEFAULT) == sorted(parse_cards("H2 HQ")) + parse_cards("EX")
    assert legal_plays(hand, parse_cards("T9"), DEFAULT) == parse_cards("T5 EX")
    assert legal_plays(hand, parse_cards("SK"), DEFAULT) == hand


def test_the_fool_as_lowest_trump_follows_trumps_only() -> None:
    options = MathersOptions(fool_play="lowest-trump")
    hand = sorted(parse_cards("HQ H2 T5 EX"))
    assert legal_plays(hand, parse_cards("HK"), options) == sorted(parse_cards("H2 HQ"))
    assert legal_plays(hand, parse_cards("T9"), options) == parse_cards("T5 EX")


def test_mathers_1888_trumping_is_optional_unless_the_option_says_otherwise() -> None:
    hand = parse_cards("S2 T5 EX")
    assert legal_plays(hand, parse_cards("HK"), DEFAULT) == hand
    assert legal_plays(hand, parse_cards("HK"), MathersOptions(must_trump=True)) == parse_cards("T5 EX")


def test_the_next_card_sets_the_suit_after_a_led_fool() -> None:
    assert legal_plays(parse_cards("S2 H3"), parse_cards("EX"), DEFAULT) == parse_cards("S2 H3")
    assert legal_plays(parse_cards("S2 H3 S9"), parse_cards("EX H5"), DEFAULT) == parse_cards("H3")
