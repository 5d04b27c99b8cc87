"""The Excuse at the last trick of a slam, and the slam paths around it, from whole deals.

The FFT rule: the Excuse played to the last trick changes side, *except in a slam*. So when the side
that wins every trick plays its Excuse to the last trick under a partner's winning card, the Excuse
stays with that side. Each test plays a written deal to the end and checks the count and the score
against a result worked out by hand in its docstring.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tarot_core.actions import Action
from tarot_core.cards import EXCUSE, PETIT, Card
from tarot_core.engine.round import Round
from tarot_core.seats import Seat
from tests.engine.fft_helpers import (
    P1,
    P2,
    P3,
    P4,
    Policy,
    act,
    by_seat,
    excuse_last,
    highest_card,
    new_round,
    play_out,
    take,
)

# fft-4, dealer p1: p2 bids first and leads. p2 takes with no trump at all (and, here, no Excuse);
# p1 holds the eighteen trumps from the 4 up and wins every trick; p3 holds the Petit, the 2, the 3 and
# the Excuse. The rest is dealt in pack order (p3 then p4), the last six cards to the dog.
DEFENCE_SLAM4 = {
    "p2": "S1 S2 S3 S4 S5 H1 H2 H3 H4 H5 D1 D2 D3 D4 C1 C2 C3 C4",
    "p1": "T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21",
    "p3": "T1 T2 T3 EX",
}


def excuse_first(rnd: Round, legal: Sequence[Action]) -> Action:
    """Play the Excuse at the first chance, otherwise the first legal card."""
    for action in legal:
        if action.kind == "play" and action.card is EXCUSE:
            return action
    return excuse_last(rnd, legal)


def test_defence_slam_keeps_the_excuse_played_to_the_last_trick() -> None:
    """Garde contre, and the defence wins all 18 tricks; p3 plays the Excuse to the last one, which p1
    wins with the 21.

    The Excuse's side won every trick, so it keeps the Excuse. The taker has won no trick and the dog
    counts for the defence under garde contre: the attack holds nothing, 0 points and 0 bouts.
    Target 56, lost by 56: contract score -(25 + 56) × 6 = -486. Defence slam: -200. Each defender
    receives 686, and the taker pays 3 × 686 = 2058. (Handing the Excuse to the taker would give him
    4.5 points and a bout: target 51, lost by 47, and a loss of only 3 × 632.)
    """
    rnd = new_round("fft-4", DEFENCE_SLAM4)
    take(rnd, "p2", "garde-contre")
    play_out(rnd, excuse_last)
    last = rnd.tricks[-1]
    assert (P3, EXCUSE) in last.plays and last.winner == P1
    result = rnd.result()
    counting, score = result.counting, result.score
    assert counting is not None and score is not None and counting.excuse is not None
    assert counting.tricks_won == {"attack": 0, "defence": 18} and counting.slam_by == "defence"
    assert counting.excuse.kept_by == "defence" and counting.excuse.trick == 17
    assert "slam" in counting.excuse.explanation
    assert (counting.attack_half_points, counting.attack_bouts) == (0, 0)
    assert counting.defence_half_points == 182
    assert counting.petit_au_bout is None
    assert score.per_defender == -686
    assert result.by_seat == {P1: 686, P2: -2058, P3: 686, P4: 686}


@pytest.mark.parametrize("policy", [excuse_last, excuse_first], ids=["last-trick", "first-chance"])
def test_defence_slam_against_a_taker_who_holds_the_excuse(policy: Policy) -> None:
    """The same deal with the Excuse moved to the taker (for his S5): the side making the slam does
    not hold the Excuse. Whenever the taker plays it, even to the last trick, it stays with him, and
    since his side never wins a trick it never pays the exchange: it counts 4 points, and the half
    point goes to the defence.

    Attack: the Excuse alone, 4 points and 1 bout. Target 51; 4 against 51 is lost by 47:
    -(25 + 47) × 6 = -432, and -200 for the defence's slam: each defender receives 632, the taker
    pays 1896.
    """
    hands = dict(DEFENCE_SLAM4, p2=DEFENCE_SLAM4["p2"].replace("S5", "EX"), p3="T1 T2 T3 S5")
    rnd = new_round("fft-4", hands)
    take(rnd, "p2", "garde-contre")
    play_out(rnd, by_seat({P2: policy}, excuse_last))
    result = rnd.result()
    counting, score = result.counting, result.score
    assert counting is not None and score is not None and counting.excuse is not None
    assert counting.slam_by == "defence" and counting.excuse.kept_by == "attack"
    assert (counting.attack_half_points, counting.attack_bouts) == (8, 1)
    assert counting.defence_half_points == 174
    assert score.per_defender == -632 and result.by_seat[P2] == -1896


# fft-5, dealer p1: p2 bids and leads. p2 holds fifteen trumps and calls the King of Hearts, held by p4
# together with the Excuse and the other six trumps. p2 leads a trump to every trick and wins them all.
ATTACK_SLAM5 = {
    "p2": "T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21",
    "p4": "HK EX T1 T2 T3 T4 T5 T6",
}
# The same, with the Petit kept by p2 for the last trick (p4 holds the 2 to the 7 instead).
ATTACK_SLAM5_PETIT = {
    "p2": "T1 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21",
    "p4": "HK EX T2 T3 T4 T5 T6 T7",
}


def five_player_slam(hands: dict[str, str], policy: Policy, *, announced: bool) -> Round:
    rnd = new_round("fft-5", hands)
    take(rnd, "p2", "garde-sans")
    act(rnd, "p2 call HK")
    if announced:
        act(rnd, "p2 slam")
    return play_out(rnd, policy)


@pytest.mark.parametrize(("announced", "slam"), [(False, 200), (True, 400)])
def test_attack_slam_keeps_the_partners_excuse_played_to_the_last_trick(announced: bool, slam: int) -> None:
    """Garde sans with five players: the taker p2 leads his trumps from the lowest and wins every trick;
    his partner p4 (the King of Hearts) keeps the Excuse for the last trick, where p2 leads the 21.

    The attack won every trick, so the Excuse stays with it: every card of the tricks plus the dog
    (garde sans) is the attack's, 91 points and 3 bouts. Target 36, made by 55: (25 + 55) × 4 = 320; the
    Petit went in the first trick, so no petit au bout; slam 200 (400 announced). Each defender pays
    520 (720): the taker gets 2 × that, the partner 1 ×. (With the Excuse sent to the defence the
    attack would hold 86.5 points and 2 bouts: target 41, made by 46, 484 a defender.)
    """
    rnd = five_player_slam(ATTACK_SLAM5, excuse_last, announced=announced)
    last = rnd.tricks[-1]
    assert last.plays[0] == (P2, Card.parse("T21"))
    assert (Seat.P4, EXCUSE) in last.plays and last.winner == P2 and rnd.partner == Seat.P4
    result = rnd.result()
    counting, score = result.counting, result.score
    assert counting is not None and score is not None and counting.excuse is not None
    assert counting.tricks_won == {"attack": 15, "defence": 0} and counting.slam_by == "attack"
    assert counting.excuse.kept_by == "attack"
    assert (counting.attack_half_points, counting.attack_bouts) == (182, 3)
    assert counting.petit_au_bout is None
    per_defender = (25 + 55) * 4 + slam
    assert score.per_defender == per_defender
    assert result.by_seat == {
        Seat.P1: -per_defender,
        P2: 2 * per_defender,
        P3: -per_defender,
        Seat.P4: per_defender,
        Seat.P5: -per_defender,
    }


def test_attack_slam_with_the_petit_led_to_the_last_trick_under_the_partners_excuse() -> None:
    """As above, but p2 leads his trumps from the highest and keeps the Petit for the last trick, where
    nobody else has a trump left and p4 plays the Excuse: the Petit wins the last trick.

    91 points and 3 bouts: (25 + 55 + 10 for the petit au bout) × 4 = 360, slam 200: 560 a defender,
    the taker 1120 and the partner 560.
    """
    rnd = five_player_slam(ATTACK_SLAM5_PETIT, by_seat({P2: highest_card}, excuse_last), announced=False)
    last = rnd.tricks[-1]
    assert last.plays[0] == (P2, PETIT) and (Seat.P4, EXCUSE) in last.plays and last.winner == P2
    result = rnd.result()
    counting, score = result.counting, result.score
    assert counting is not None and score is not None and counting.excuse is not None
    assert counting.excuse.kept_by == "attack" and counting.slam_by == "attack"
    assert (counting.attack_half_points, counting.attack_bouts) == (182, 3)
    assert counting.petit_au_bout == "attack"
    assert score.per_defender == 560 and result.by_seat[P2] == 1120 and result.by_seat[Seat.P4] == 560


def test_the_excuse_still_changes_side_when_the_slam_side_loses_the_last_trick() -> None:
    """No slam, for contrast: p2 leads his fourteen trumps from the highest, then the Ace of Spades,
    which p3 beats with the King he kept (p3 plays his clubs from the highest until then). The attack's
    Excuse, which the partner p4 plays to that last trick, goes over to the defence as usual.
    """
    hands = {
        "p2": "S1 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21",
        "p3": "SK C1 C2 C3 C4 C5 C6 C7 C8 C9 C10 CJ CC CQ CK",
        "p4": "HK EX T1 T2 T3 T4 T5 T6 T7",
    }
    rnd = new_round("fft-5", hands)
    take(rnd, "p2", "garde-sans")
    act(rnd, "p2 call HK")
    play_out(rnd, by_seat({P2: highest_card, P3: highest_card}, excuse_last))
    last = rnd.tricks[-1]
    assert (Seat.P4, EXCUSE) in last.plays and last.winner == P3
    counting = rnd.result().counting
    assert counting is not None and counting.excuse is not None
    assert counting.tricks_won == {"attack": 14, "defence": 1} and counting.slam_by is None
    assert counting.excuse.kept_by == "defence"
    assert "goes over to the other side" in counting.excuse.explanation


# classic-3, dealer p1: p2 bids and leads (and may not lead the Excuse, which he does not hold here).
# p1 holds every trump from the 4 and the six highest clubs; p3 the Petit, the 2, the 3 and the Excuse.
DEFENCE_SLAM_CLASSIC = {
    "p2": "S1 S2 S3 S4 S5 S6 S7 H1 H2 H3 H4 H5 H6 H7 D1 D2 D3 D4 D5 D6 C1 C2 C3 C4",
    "p1": "T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 C9 C10 CJ CC CQ CK",
    "p3": "T1 T2 T3 EX",
}


@pytest.mark.parametrize(("slam_excuse", "kept_by"), [("wins-last-trick", "defence"), ("strict", "attack")])
def test_classic_defence_slam_and_the_excuse_at_the_last_trick(slam_excuse: str, kept_by: str) -> None:
    """The older rules, guard against the dog: p1 leads trumps from the highest, then his clubs, and the
    defence wins all 24 tricks; p3 plays the Excuse to the last one.

    By default (``slam_excuse="wins-last-trick"``, the modern reading of the slam) the Excuse stays
    with the side that won every trick, and the taker ends with no card at all: 0 bouts. Read
    strictly (the source: an Excuse played to the last trick goes to the opposition) it goes to the
    taker, who then holds 1 bout and a single card, which the count by pairs leaves out: 0 points.
    """
    rnd = new_round("classic-3", DEFENCE_SLAM_CLASSIC, slam_excuse=slam_excuse)
    take(rnd, "p2", "guard-against")
    play_out(rnd, by_seat({P1: highest_card}, excuse_last))
    last = rnd.tricks[-1]
    assert (P3, EXCUSE) in last.plays and last.winner == P1
    counting = rnd.result().counting
    assert counting is not None and counting.excuse is not None
    assert counting.tricks_won == {"attack": 0, "defence": 24} and counting.slam_by == "defence"
    assert counting.excuse.kept_by == kept_by
    assert counting.attack_bouts == (1 if kept_by == "attack" else 0)
    assert (EXCUSE in counting.attack_cards) == (kept_by == "attack")
