"""The hand judge: every bid of a hand played out over sampled deals, seeded, from the seat's view alone."""

from __future__ import annotations

import math
import random
import statistics
from collections import defaultdict
from typing import Any

import pytest

from tarot_core import find_variant
from tarot_core.actions import Action, ActionKind
from tarot_core.cards import FULL_PACK, parse_cards
from tarot_core.engine.round import Round
from tarot_core.engine.state import Phase
from tarot_core.engine.view import SeatView
from tarot_core.exercises import worth_table
from tarot_core.players import judge
from tarot_core.players.bidding import CAUTION
from tarot_core.players.facts import hand_count, hand_points
from tarot_core.players.judge import JudgeError, judge_bid
from tarot_core.players.rule import RulePlayer
from tarot_core.seats import Seat

STRONG = "T21 T1 EX T20 T19 T18 T17 T16 T15 T14 T12 T10 SK HK DK CK S2 H3"
#: The judging page's prise.
PRISE = "S7 S8 SC SK HQ HK D2 D9 DJ DC C7 CQ T8 T9 T10 T15 T16 T21"
WEAK = "S2 S3 S4 S5 H2 H3 H4 H7 D2 D3 D4 D6 C2 C3 C4 T2 T3 T5"


def _view(hand: str, shift: int = 0) -> SeatView:
    """The first speaker's view with ``hand``; ``shift`` deals the other cards differently."""
    variant = find_variant("fft-4")
    mine = parse_cards(hand)
    rest = [card for card in variant.pack if card not in set(mine)]
    rest = rest[shift:] + rest[:shift]
    hands = [mine, rest[0:18], rest[18:36], rest[36:54]]
    rnd = variant.new_round(Seat.P4, hands, rest[54:])
    assert rnd.phase is Phase.BIDDING
    return rnd.view(Seat.P1)


@pytest.mark.heavy
def test_a_judgement_is_reproducible_with_its_seed() -> None:
    view = _view(STRONG)
    first = judge_bid(view, deals=16, seed=5)
    again = judge_bid(view, deals=16, seed=5)
    other = judge_bid(view, deals=16, seed=6)
    assert first == again
    assert [e.mean for e in first.estimates] != [e.mean for e in other.estimates]


@pytest.mark.heavy
def test_the_hidden_hands_do_not_change_the_verdict() -> None:
    """Two deals that give the first speaker the same hand look alike from his seat: same judgement."""
    one, two = _view(WEAK), _view(WEAK, shift=7)
    assert one == two
    assert judge_bid(one, deals=12, seed=1) == judge_bid(two, deals=12, seed=1)


@pytest.mark.heavy
def test_a_very_strong_hand_is_worth_a_garde_or_more_and_a_weak_one_a_pass() -> None:
    strong = judge_bid(_view(STRONG), deals=40)
    assert strong.best.word in ("garde", "garde-sans", "garde-contre")
    assert not strong.acceptable("pass")
    assert strong.club_points == hand_points(parse_cards(STRONG)) >= 81
    weak = judge_bid(_view(WEAK), deals=40)
    assert weak.best.word == "pass"
    assert not weak.acceptable("garde")
    assert weak.estimate("prise").mean < 0


@pytest.mark.heavy
def test_a_clear_verdict_agrees_across_seeds() -> None:
    """The sample is big enough that a clear hand gets the same best contract whatever the seed."""
    table = worth_table({"seed": 3})
    view = table.round.view(table.seat)
    chosen = {judge_bid(view, seed=seed).best.word for seed in range(3)}
    assert chosen == {"garde"}


def test_the_explanation_names_every_average_and_the_club_count() -> None:
    judgement = judge_bid(_view(WEAK), deals=10)
    sentence = judgement.explain()
    assert sentence.startswith("Passing is best: played out over 10 deals")
    assert f"the club count gives this hand {int(judgement.club_points)} points" in sentence
    for estimate in judgement.estimates:
        figure = f"{round(estimate.mean):+d}".replace("-", "−") if round(estimate.mean) else "0"
        assert figure in sentence


@pytest.mark.parametrize(("hand", "seed"), [(STRONG, 4), (WEAK, 2)], ids=["strong", "weak"])
def test_every_figure_is_the_plain_statistics_of_the_deals_played_out(
    monkeypatch: pytest.MonkeyPatch, hand: str, seed: int
) -> None:
    """Each action's scores, as the deals are played out (a pass too: the seat defends), are recorded;
    the judge's figures are then worked out again with the standard library: the mean, the sample
    spread, the deciles and the share made of each action, the best by the club player's caution, and
    each action's margin, twice the standard error of its difference from the best, deal by deal."""
    played: dict[str, list[int]] = defaultdict(list)
    won: dict[str, list[bool]] = defaultdict(list)
    play_out = judge._play_out

    def recording(*args: Any) -> tuple[int, bool]:
        score, made = play_out(*args)
        word = "pass" if args[2].kind == "pass" else str(args[2].word)
        played[word].append(score)
        won[word].append(made)
        return score, made

    monkeypatch.setattr(judge, "_play_out", recording)
    deals = 8
    judgement = judge_bid(_view(hand), deals=deals, seed=seed)
    assert sorted(played) == sorted(e.word for e in judgement.estimates)
    means = {word: statistics.fmean(scores) for word, scores in played.items()}
    shares = {word: sum(made) / deals for word, made in won.items()}
    fit = [w for w in means if w != "pass" and shares[w] >= CAUTION[w] and means[w] > means["pass"]]
    best = max(fit, key=lambda word: means[word]) if fit else "pass"
    assert judgement.best.word == best
    for estimate in judgement.estimates:
        scores = played[estimate.word]
        assert estimate.deals == len(scores) == deals
        assert estimate.mean == pytest.approx(means[estimate.word])
        assert estimate.spread == pytest.approx(statistics.stdev(scores))
        deciles = statistics.quantiles(scores, n=10, method="inclusive")
        assert estimate.low == pytest.approx(deciles[0])
        assert estimate.high == pytest.approx(deciles[-1])
        assert estimate.made == (None if estimate.word == "pass" else pytest.approx(shares[estimate.word]))
        differences = [b - a for a, b in zip(scores, played[best], strict=True)]
        margin = 2 * statistics.stdev(differences) / math.sqrt(deals)
        assert judgement.margin(estimate.word) == pytest.approx(margin)
        assert judgement.gap(estimate.word) == pytest.approx(means[best] - means[estimate.word])
    assert judgement.acceptable(best)


def _estimate(word: str, mean: float, made: float | None, deals: int = 400) -> judge.BidEstimate:
    kind = "pass" if word == "pass" else "bid"
    action = Action(Seat.P1, kind, "" if word == "pass" else word)
    return judge.BidEstimate(action, mean, 50.0, deals, mean - 60, mean + 60, made)


def test_a_prise_is_best_when_a_garde_is_made_too_seldom_for_its_doubled_stakes() -> None:
    """A prise and a garde are played alike, so the garde doubles the prise's mean; the judge takes
    the garde only when the contract is made often enough for a doubled loss."""
    for made, expected in ((0.55, "prise"), (0.85, "garde"), (0.4, "pass")):
        estimates = (
            _estimate("pass", 20.0, None),
            _estimate("prise", 35.0, made),
            _estimate("garde", 70.0, made),
        )
        judgement = judge.Judgement(estimates, (0.0, 5.0, 5.0), 50.0, 400, 0)
        assert judgement.best.word == expected
        assert judgement.acceptable(expected)
    assert CAUTION["prise"] < 0.55 < CAUTION["garde"] < 0.85
    # A contract that scores no more than passing is never the best, however sure.
    sure = (_estimate("pass", 40.0, None), _estimate("prise", 30.0, 0.99), _estimate("garde", 38.0, 0.99))
    assert judge.Judgement(sure, (0.0, 5.0, 5.0), 50.0, 400, 0).best.word == "pass"


def test_passing_is_played_out_as_a_defence() -> None:
    """A pass is not worth 0: the seat defends against whoever takes, and the sentence says so."""
    judgement = judge_bid(_view(WEAK), deals=10, seed=3)
    passing = judgement.estimate("pass")
    assert passing.made is None
    assert passing.spread > 0
    assert "by passing and defending" in judgement.explain() or "passing and defending scores" in (
        judgement.explain()
    )


def _full_view_play_out(base: Round, seat: Seat, action: Action, rule: RulePlayer) -> tuple[int, bool]:
    """The judge's play-out done the plain way: every later word and card chosen by the rule-based player
    on its seat's full view (as the play page's computer players choose)."""
    rnd = base.copy()
    rnd.push(action)
    while not rnd.is_over:
        mover = rnd.to_move
        assert mover is not None
        if rnd.phase == "bidding" and action.kind != "pass":
            rnd.push(Action(mover, ActionKind.PASS))
        else:
            rnd.push(rule.choose(rnd.view(mover))[0])
    result = rnd.result()
    return result.by_seat[seat], result.score is not None and result.score.won


@pytest.mark.parametrize("variant", ["fft-3", "fft-4", "fft-5", "classic-3"])
def test_the_judge_plays_a_deal_out_as_the_rule_based_player_does_on_full_views(variant: str) -> None:
    """The judge plays its deals out with the search's quick play-out, where the rule-based player
    chooses each card on a light view of the table; every deal must end as it does when the same player
    chooses everything on its seat's full view."""
    rule = RulePlayer()
    for seed in range(6):
        rnd = find_variant(variant).deal_round(Seat.P1, f"judge-{seed}")
        seat = rnd.to_move
        assert seat is not None
        view = rnd.view(seat)
        for action in [a for a in rnd.legal_actions() if a.kind in ("bid", "pass")][:3]:
            assert judge._play_out(rnd, view, action, rule) == _full_view_play_out(rnd, seat, action, rule)


@pytest.mark.heavy
def test_the_prise_example_of_the_judging_page_is_a_prise() -> None:
    """docs/strategy/judging.md shows this hand as one where a garde scores more on average but a prise
    is the judge's choice: the contract is made too seldom for a doubled loss."""
    table = worth_table({"hand": PRISE})
    judgement = judge_bid(table.round.view(table.seat))
    assert judgement.best.word == "prise"
    assert judgement.estimate("garde").mean > judgement.estimate("prise").mean
    assert "too seldom" in judgement.explain()


def test_the_judge_refuses_what_it_cannot_weigh() -> None:
    variant = find_variant("fft-4")
    rnd = variant.deal_round(dealer=Seat.P4, seed=3)
    with pytest.raises(JudgeError, match="turn to bid"):
        judge_bid(rnd.view(Seat.P2))
    with pytest.raises(JudgeError, match="at least two deals"):
        judge_bid(rnd.view(Seat.P1), deals=1)
    rnd.push(Action(Seat.P1, "bid", "garde"))
    for seat in (Seat.P2, Seat.P3, Seat.P4):
        rnd.push(Action(seat, "pass"))
    with pytest.raises(JudgeError, match="turn to bid"):
        judge_bid(rnd.view(Seat.P1))
    mathers = find_variant("mathers-3").deal_round(dealer=Seat.P3, seed=1)
    with pytest.raises(JudgeError, match="French Tarot"):
        judge_bid(mathers.view(Seat.P1))
    with pytest.raises(JudgeError, match="cannot be said now"):
        judge_bid(_view(WEAK), deals=4).estimate("slam")


def test_the_club_count_part_by_part_adds_up_to_the_count() -> None:
    rng = random.Random(11)
    for size in (15, 18, 24):
        for _ in range(50):
            hand = rng.sample(FULL_PACK, size)
            parts = hand_count(hand)
            assert sum(points for _, points in parts) * 18 / size == hand_points(hand)
            assert all(words and points > 0 for words, points in parts)
    named = dict(hand_count(parse_cards(STRONG)))
    assert named["the 21 of trumps"] == 10 and named["the Excuse"] == 7 and named["King of Spades"] == 6
