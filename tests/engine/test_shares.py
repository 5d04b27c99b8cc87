"""Each seat's score from a score answer: the one translation of every rule set's shape of scores."""

from __future__ import annotations

import pytest

from tarot_core.engine.shares import seat_scores
from tarot_core.engine.variant import score_request
from tarot_core.seats import SEATS

from .test_table_hooks import KEYS, random_round


@pytest.mark.parametrize("key", KEYS)
def test_a_played_deal_pays_each_seat_what_the_round_pays(key: str) -> None:
    """Given the seats of the taker and partner, the answer to the round's own request pays every seat as
    the round does, whatever shape the rule set gives its scores in (roles, seats, players in order)."""
    played = 0
    for seed in range(8):
        rnd = random_round(key, seed)
        request = rnd.rule_score_request()
        if request is None:
            continue
        scores = score_request(request)["scores"]
        assert isinstance(scores, dict)
        seats = [str(seat) for seat in SEATS[: rnd.players]]
        taker = str(rnd.taker) if rnd.taker is not None else None
        partner = str(rnd.partner) if rnd.partner is not None else None
        placed = seat_scores(scores, seats, taker, partner)
        assert placed is not None, scores
        by_seat = rnd.result().by_seat
        assert [row.score for row in placed] == [by_seat[seat] for seat in SEATS[: rnd.players]]
        assert [row.seat for row in placed] == seats
        played += 1
    assert played


def test_the_defenders_scored_one_by_one_are_counted_from_the_taker() -> None:
    scores = {"taker": 60, "defender-1": -10, "defender-2": -20, "defender-3": -30}
    placed = seat_scores(scores, ["p1", "p2", "p3", "p4"], taker="p3")
    assert placed is not None
    assert [(row.seat, row.role, row.score) for row in placed] == [
        ("p1", "defender", -20),
        ("p2", "defender", -30),
        ("p3", "taker", 60),
        ("p4", "defender", -10),
    ]


def test_a_partner_counts_only_where_the_answer_scores_one() -> None:
    scores = {"taker": 75, "partner": None, "defender": -25}
    placed = seat_scores(scores, ["p1", "p2", "p3", "p4"], taker="p1", partner="p2")
    assert placed is not None
    assert [row.role for row in placed] == ["taker", "defender", "defender", "defender"]
    assert seat_scores(scores, ["p1", "p2"], taker="p9") is None
