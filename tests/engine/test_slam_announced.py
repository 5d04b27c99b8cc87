"""The computer player announces a slam when its hand wins every trick whoever holds the other cards,
and keeps the Excuse for the last trick while its side has won every trick; it does not announce one
when a single card could lose a trick."""

from __future__ import annotations

import random

import pytest

from tarot_core import find_variant
from tarot_core.cards import EXCUSE, FULL_PACK, parse_cards
from tarot_core.games.fft.scoring import FFT_SLAM_ANNOUNCED
from tarot_core.players import make_player
from tarot_core.players.rule import sure_slam
from tarot_core.seats import SEATS, Seat

#: Twelve trumps from the 21 down, the Excuse and the five best Spades: every trick is the taker's.
SURE = "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 EX SK SQ SC SJ S10"


@pytest.mark.parametrize(
    ("hand", "sure"),
    [
        (SURE, True),
        # The 10 of Spades for the 9: the Spades have a gap, and the 10 may win a trick.
        (SURE.replace("S10", "S9"), False),
        # The 10 of trumps for the 9: nine trumps are out and the run from the 21 stops at eleven.
        (SURE.replace("T10", "T9"), True),
        # Two runs broken: the 11 of trumps for the 1, ten trumps out, a run of ten.
        (SURE.replace("T11", "T1"), True),
        # The 20 for the 2: a run of one against nine trumps out.
        (SURE.replace("T20", "T2"), False),
        # No King of Spades: the defence's King wins a trick.
        (SURE.replace("SK", "T9"), False),
    ],
)
def test_a_sure_slam_is_one_no_deal_of_the_other_cards_can_break(hand: str, sure: bool) -> None:
    assert sure_slam(parse_cards(hand)) is sure


@pytest.mark.parametrize("player", ["club", "strong"])
@pytest.mark.parametrize("seed", range(3))
def test_a_sure_hand_announces_its_slam_and_makes_it(player: str, seed: int) -> None:
    """The hand above in the second seat, the other cards dealt at random: the computer player bids,
    announces the slam, wins every trick with the Excuse led last, and scores the announced slam."""
    variant = find_variant("fft-4")
    mine = parse_cards(SURE)
    rest = [c for c in FULL_PACK if c not in mine]
    random.Random(seed).shuffle(rest)
    hands = {Seat.P1: rest[0:18], Seat.P2: mine, Seat.P3: rest[18:36], Seat.P4: rest[36:54]}
    rnd = variant.new_round(Seat.P1, tuple(tuple(hands[s]) for s in SEATS[:4]), tuple(rest[54:60]))
    computer = make_player(player)
    club = make_player("club")
    rng = random.Random(seed)
    while not rnd.is_over:
        seat = rnd.to_move
        assert seat is not None
        who = computer if seat == Seat.P2 else club
        rnd.push(who.decide(rnd.view(seat), rng))
    assert rnd.taker == Seat.P2
    assert any(a.kind == "slam" for a in rnd.actions)
    result = rnd.result()
    assert result.counting is not None and result.counting.slam_by == "attack"
    assert result.counting.tricks_won["defence"] == 0
    last = rnd.actions[-4]
    assert last.seat == Seat.P2 and last.card is EXCUSE
    assert result.score is not None and result.score.won
    slam = {t.term: t.value for t in result.score.terms}.get("slam")
    assert slam == FFT_SLAM_ANNOUNCED, result.score.terms
