"""The review of a finished deal: the seat's decisions found, each judged from the seat's view at that
moment, a costly choice flagged with what was better and about how much it cost, reproducibly."""

from __future__ import annotations

import random
from itertools import islice

import pytest

from tarot_core import find_variant
from tarot_core.actions import Action
from tarot_core.describe import describe
from tarot_core.engine.round import Round
from tarot_core.players import make_player
from tarot_core.review import Decision, decisions, judge, review
from tarot_core.seats import Seat


def played_deal(seed: int, *, reader: str = "rule") -> Round:
    """A whole deal of French Tarot for four: p1 by ``reader`` (its card play), everything else by the
    rule-based player."""
    rnd = find_variant("fft-4").deal_round(dealer=Seat.P4, seed=seed)
    rule, own = make_player("rule"), make_player(reader)
    rng = random.Random(seed)
    while not rnd.is_over:
        seat = rnd.to_move
        assert seat is not None
        player = own if seat == Seat.P1 and rnd.phase == "play" else rule
        rnd.push(player.decide(rnd.view(seat), rng))
    return rnd


def test_the_decisions_are_the_moments_of_choice_and_a_discard_is_one() -> None:
    for seed in range(1, 40):
        rnd = played_deal(seed)
        if rnd.view(Seat.P1).taker is not None:
            break
    taker = rnd.view(Seat.P1).taker
    assert taker is not None
    found = decisions(rnd, taker)
    discards = [d for d in found if d.actions[0].kind == "discard"]
    assert len(discards) == 1 and len(discards[0].actions) == rnd.variant.dog_size
    replay = rnd.variant.new_round(rnd.dealer, rnd.initial_hands, rnd.initial_dog)
    steps = {d.step: d for d in found}
    for index, action in enumerate(rnd.actions):
        if action.seat == taker and action.kind == "play":
            # A card is a decision exactly when more than one card was legal.
            assert (index in steps) == (len(replay.legal_actions()) > 1), index
        replay.push(action)


def _throw_a_king(seed: int) -> tuple[Round, Decision] | None:
    """A moment where p1, a defender, follows a suit that the taker has trumped, holding its King and a
    low card of it: the position, and the decision to play the King there."""
    rnd = find_variant("fft-4").deal_round(dealer=Seat.P4, seed=seed)
    rule = make_player("rule")
    rng = random.Random(seed)
    while not rnd.is_over:
        seat = rnd.to_move
        assert seat is not None
        view = rnd.view(seat)
        trick = view.current
        if seat == Seat.P1 and view.phase == "playing" and view.taker not in (None, Seat.P1) and trick:
            led = trick.plays[0][1] if trick.plays else None
            ahead = next((card for who, card in trick.plays if who == trick.ahead), None)
            legal = [a.card for a in view.legal]
            if (
                led is not None
                and not led.is_trump
                and trick.ahead == view.taker
                and ahead
                and ahead.is_trump
            ):
                kings = [c for c in legal if c.rank == 14 and c.suit == led.suit]
                lows = [c for c in legal if c.suit == led.suit and c.rank <= 6]
                if kings and lows:
                    action = Action(Seat.P1, "play", cards=(kings[0],))
                    return rnd.copy(), Decision(len(rnd.actions), (action,))
        rnd.push(rule.decide(view, rng))
    return None


def test_a_king_thrown_to_the_taker_is_flagged_with_a_better_card() -> None:
    """A King thrown under the taker's trump where a low card of its suit would do is flagged in some
    of the first positions where it happens (not in all: where the King would be lost later anyway, it
    costs little), and where it is flagged, the better card is a lower one."""
    positions = (found for found in map(_throw_a_king, range(1, 400)) if found is not None)
    flagged = None
    for base, decision in islice(positions, 5):
        verdict = judge(base, Seat.P1, decision, random.Random(1))
        if verdict.costly:
            flagged = base, verdict
            break
    assert flagged is not None, "no King thrown to the taker was flagged"
    base, verdict = flagged
    assert verdict.better is not None, verdict
    assert verdict.cost > verdict.margin and verdict.cost >= 2  # about the King's points, for the defence
    better = verdict.better[0]
    assert better in base.legal_actions() and better.card is not None
    assert better.card.rank < 14  # a lower card goes under the taker's trump
    # Told to the reader, in the reader's words: what he did, and what he might have done instead.
    king = str(describe(decision.actions[0], None, style="review"))
    lower = str(describe(better, None, style="instead"))
    assert king.startswith("You played the King of ") and lower.startswith("play the ")
    assert str(verdict.words).startswith(f"{king}: about ") and f"Better: {lower}." in str(verdict.words)


@pytest.mark.heavy
def test_a_review_is_the_same_twice_and_costly_means_beyond_the_margin() -> None:
    rnd = played_deal(11, reader="random")
    first = review(rnd, Seat.P1, seed=11, budget=60)
    second = review(rnd, Seat.P1, seed=11, budget=60)
    assert [(v.step, v.cost, v.better) for v in first] == [(v.step, v.cost, v.better) for v in second]
    assert [v.step for v in first] == [d.step for d in decisions(rnd, Seat.P1)]
    for verdict in first:
        if verdict.costly:
            assert verdict.better is not None and verdict.cost > verdict.margin and verdict.cost >= 1
        else:
            assert verdict.cost <= verdict.margin or verdict.cost < 1 or verdict.better is None


def test_the_review_reads_only_the_seats_view() -> None:
    """Two deals that differ only in cards the seat cannot see get the same verdict on the same choice."""
    rnd = played_deal(11)
    decision = next(d for d in decisions(rnd, Seat.P1) if d.actions[0].kind == "play")
    base = rnd.variant.new_round(rnd.dealer, rnd.initial_hands, rnd.initial_dog)
    for action in rnd.actions[: decision.step]:
        base.push(action)
    view = base.view(Seat.P1)
    # Swap two cards between the other seats' hands where the view allows it: the same view.
    from tarot_core.players.montecarlo import rebuild, sample

    other = None
    for attempt in range(50):
        deal = sample(view, random.Random(attempt))
        rebuilt = rebuild(view, deal) if deal is not None else None
        if rebuilt is not None and rebuilt.hands != base.hands:
            other = rebuilt
            break
    assert other is not None and other.view(Seat.P1) == view
    one = judge(base, Seat.P1, decision, random.Random(5), budget=40)
    two = judge(other, Seat.P1, decision, random.Random(5), budget=40)
    assert (one.cost, one.better, one.margin) == (two.cost, two.better, two.margin)
