"""Playable hands of Mathers' game (Mathers, *The Tarot*, 1888, chapter 5, described in
docs/reference/rules-decisions.md#source-mathers), random play-outs."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from tarot_core.actions import Action
from tarot_core.cards import EXCUSE, FULL_PACK
from tarot_core.engine.state import Phase
from tarot_core.engine.variant import find_variant, variant_for
from tarot_core.errors import Illegal, IllegalActionError, TarotError
from tarot_core.games.mathers import (
    HAND_SIZE,
    MathersGame,
    MathersRound,
    MathersScore,
    MathersVariant,
    declarations,
    tarot_trumps_in,
    trick_points,
)
from tarot_core.records import load_record
from tarot_core.seats import Seat
from tests.engine.rounds import dealt, find, play_out, snapshot


def turn(rnd: MathersRound) -> Seat | None:
    return rnd.to_move


def phase(rnd: MathersRound) -> Phase:
    return rnd.phase


def exchange(rnd: MathersRound) -> None:
    while rnd.phase is Phase.DISCARD:
        rnd.push(rnd.legal_actions()[0])


def pass_all(rnd: MathersRound) -> None:
    while rnd.phase is Phase.CALLING:
        seat = rnd.to_move
        assert seat is not None
        rnd.push(Action(seat, "pass"))


# ------------------------------------------------------------------------------------- the deal
@pytest.mark.parametrize("key", ["mathers-2", "mathers-3"])
def test_mathers_1888_three_hands_of_25_and_three_cards_over(key: str) -> None:
    rnd = dealt(MathersRound, key, 1)
    assert all(len(hand) == 25 for hand in rnd.hands)
    assert len(rnd.dog) == 3
    dead = rnd.dead_hand
    assert len(dead) == (25 if key == "mathers-2" else 0)
    assert sorted([*dead, *rnd.dog, *(c for h in rnd.hands for c in h)]) == sorted(FULL_PACK)


def test_mathers_1888_the_dealer_throws_out_three_and_takes_the_three_cards() -> None:
    rnd = dealt(MathersRound, "mathers-2", 2, dealer=Seat.P2)
    assert rnd.phase is Phase.DISCARD and rnd.to_move == Seat.P2
    stock = list(rnd.dog)
    out = [a.card for a in rnd.legal_actions()[:3]]
    for card in out:
        rnd.push(Action(Seat.P2, "discard", "", (card,)))
    hand = rnd.hands[Seat.P2]
    assert len(hand) == 25 and set(stock) <= set(hand) and not set(out) & set(hand)
    assert phase(rnd) is Phase.CALLING


def test_mathers_1888_the_non_dealer_declares_and_leads_first_with_two() -> None:
    rnd = dealt(MathersRound, "mathers-2", 3, dealer=Seat.P1)
    exchange(rnd)
    assert turn(rnd) == Seat.P2
    pass_all(rnd)
    assert rnd.phase is Phase.PLAYING and rnd.to_move == Seat.P2


def test_mathers_1888_with_three_the_dealers_left_begins() -> None:
    """Clockwise (the default), the dealer's left-hand neighbour is the seat before him in the
    counter-clockwise numbering of the seats, and the dealer plays last."""
    rnd = dealt(MathersRound, "mathers-3", 4, dealer=Seat.P2)
    exchange(rnd)
    pass_all(rnd)
    assert turn(rnd) == Seat.P1
    rnd.push(rnd.legal_actions()[0])
    assert turn(rnd) == Seat.P3
    rnd.push(rnd.legal_actions()[0])
    assert turn(rnd) == Seat.P2


def test_counter_clockwise_option_turns_the_play_the_french_way() -> None:
    rnd = dealt(MathersRound, "mathers-3", 4, dealer=Seat.P2, direction="counter-clockwise")
    exchange(rnd)
    pass_all(rnd)
    assert turn(rnd) == Seat.P1
    rnd.push(rnd.legal_actions()[0])
    assert turn(rnd) == Seat.P2


# ------------------------------------------------------------------------------- declarations
def test_declare_all_shows_every_combination_and_it_is_scored() -> None:
    rnd = find(MathersRound, "mathers-2", lambda r: bool(declarations(r.hands[Seat.P2])))
    exchange(rnd)
    expected = [d.code for d in declarations(rnd.hands[Seat.P2])]
    declare = Action(Seat.P2, "declare", "all")
    assert declare in rnd.legal_actions()
    rnd.push(declare)
    assert [d.code for d in rnd.declared[Seat.P2]] == expected
    pass_all(rnd)
    play_out(rnd, random.Random(1))
    terms = {t.term for t in _score(rnd).terms}
    assert {f"p2.{code}" for code in expected} <= terms


def _score(rnd: MathersRound) -> MathersScore:
    score = rnd.result().score
    assert isinstance(score, MathersScore)
    return score


def test_nothing_to_declare_is_refused() -> None:
    rnd = find(
        MathersRound,
        "mathers-2",
        lambda r: not declarations(r.hands[Seat.P2]) and len(tarot_trumps_in(r.hands[1])) != 2,
    )
    exchange(rnd)
    if declarations(rnd.hands[Seat.P2]):
        pytest.skip("the dealer's exchange changed nothing here")  # pragma: no cover
    refusal = rnd.why_illegal(Action(Seat.P2, "declare", "all"))
    assert refusal is not None and refusal.reason is Illegal.DECLARATION_NOT_ALLOWED


def _two_tarot_trumps(seat: Seat, opponent_has: bool) -> Callable[[MathersRound], bool]:
    def predicate(rnd: MathersRound) -> bool:
        other = Seat.P1 if seat == Seat.P2 else Seat.P2
        return (
            len(tarot_trumps_in(rnd.hands[seat])) == 2
            and bool(tarot_trumps_in(rnd.hands[other])) == opponent_has
        )

    return predicate


def test_mathers_1888_an_answered_ask_hands_over_a_tarot_trump_for_a_small_card() -> None:
    rnd = find(MathersRound, "mathers-2", _two_tarot_trumps(Seat.P2, True))
    exchange(rnd)
    ask = Action(Seat.P2, "declare", "ask-p1")
    assert ask in rnd.legal_actions()
    rnd.push(ask)
    assert turn(rnd) == Seat.P1
    offered = [a.card for a in rnd.legal_actions()]
    assert offered == tarot_trumps_in(rnd.hands[Seat.P1])
    plain = next(c for c in rnd.hands[Seat.P1] if c not in offered)
    refusal = rnd.why_illegal(Action(Seat.P1, "give", "", (plain,)))
    assert refusal is not None and refusal.reason is Illegal.NOT_ALLOWED
    given = offered[0]
    rnd.push(Action(Seat.P1, "give", "", (given,)))
    assert given in rnd.hands[Seat.P2] and rnd.to_move == Seat.P2
    back = rnd.legal_actions()[0].card
    assert back.rank <= 10 and not back.is_trump
    rnd.push(Action(Seat.P2, "give", "", (back,)))
    assert back in rnd.hands[Seat.P1] and len(rnd.hands[Seat.P1]) == 25 and len(rnd.hands[Seat.P2]) == 25
    assert Action(Seat.P2, "declare", "ask-p1") not in rnd.legal_actions()
    refusal = rnd.why_illegal(Action(Seat.P2, "declare", "ask-p1"))
    assert refusal is not None and refusal.reason is Illegal.DECLARATION_NOT_ALLOWED
    assert "tarot-trumps-3" in [d.code for d in declarations(rnd.hands[Seat.P2])]


def test_mathers_1888_an_unanswered_ask_scores_5() -> None:
    rnd = find(MathersRound, "mathers-2", _two_tarot_trumps(Seat.P2, False))
    exchange(rnd)
    rnd.push(Action(Seat.P2, "declare", "ask-p1"))
    assert turn(rnd) == Seat.P2 and rnd.asks[0].answered is False
    pass_all(rnd)
    play_out(rnd, random.Random(2))
    terms = {t.term: t.value for t in _score(rnd).terms}
    assert terms["p2.ask-unanswered"] == 5


def test_asking_without_two_tarot_trumps_is_refused() -> None:
    rnd = find(MathersRound, "mathers-2", lambda r: len(tarot_trumps_in(r.hands[Seat.P2])) in (0, 1, 3))
    exchange(rnd)
    if len(tarot_trumps_in(rnd.hands[Seat.P2])) % 3 == 2:
        pytest.skip("the dealer's exchange gave two Tarot Trumps")  # pragma: no cover
    before = snapshot(rnd)
    with pytest.raises(IllegalActionError) as error:
        rnd.push(Action(Seat.P2, "declare", "ask-p1"))
    assert error.value.reason is Illegal.DECLARATION_NOT_ALLOWED
    assert snapshot(rnd) == before


# ------------------------------------------------------------------------------------ the play
def test_mathers_1888_follow_suit_trumping_optional_and_the_fool_any_time() -> None:
    checked_void = checked_follow = False
    for seed in range(30):
        rnd = dealt(MathersRound, "mathers-2", seed)
        exchange(rnd)
        pass_all(rnd)
        rng = random.Random(seed)
        while not rnd.is_over:
            trick = rnd.current
            seat = rnd.to_move
            assert trick is not None and seat is not None
            hand = rnd.hands[seat]
            legal = {a.card for a in rnd.legal_actions()}
            if trick.plays and trick.plays[0][1] is not EXCUSE:
                led = trick.plays[0][1].suit
                follow = {c for c in hand if c.suit is led}
                if follow:
                    checked_follow = True
                    assert legal == follow | ({EXCUSE} & set(hand))
                elif any(c.is_trump for c in hand) and any(not c.is_trump for c in hand):
                    checked_void = True
                    assert legal == set(hand)
            actions = rnd.legal_actions()
            rnd.push(actions[rng.randrange(len(actions))])
    assert checked_void and checked_follow


def test_must_trump_option() -> None:
    for seed in range(30):
        rnd = dealt(MathersRound, "mathers-2", seed, must_trump=True)
        exchange(rnd)
        pass_all(rnd)
        rng = random.Random(seed)
        while not rnd.is_over:
            trick = rnd.current
            seat = rnd.to_move
            assert trick is not None and seat is not None
            hand = rnd.hands[seat]
            if trick.plays and trick.plays[0][1].suit.is_plain:
                led = trick.plays[0][1].suit
                trumps = {c for c in hand if c.is_trump}
                if not any(c.suit is led for c in hand) and trumps and len(trumps) < len(hand) - 1:
                    legal = {a.card for a in rnd.legal_actions()}
                    assert legal == trumps | ({EXCUSE} & set(hand))
                    other = next(c for c in hand if not c.is_trump and c is not EXCUSE)
                    refusal = rnd.why_illegal(Action(seat, "play", "", (other,)))
                    assert refusal is not None and refusal.reason is Illegal.MUST_TRUMP
                    return
            actions = rnd.legal_actions()
            rnd.push(actions[rng.randrange(len(actions))])
    pytest.fail("no void seen")  # pragma: no cover


def test_the_fool_may_not_be_led_under_its_option() -> None:
    rnd = find(MathersRound, "mathers-2", lambda r: EXCUSE in r.hands[Seat.P2])
    rnd = dealt(MathersRound, "mathers-2", _seed_of(rnd), fool_lead=False)
    exchange(rnd)
    pass_all(rnd)
    assert turn(rnd) == Seat.P2 and EXCUSE in rnd.hands[Seat.P2]
    refusal = rnd.why_illegal(Action(Seat.P2, "play", "", (EXCUSE,)))
    assert refusal is not None and refusal.reason is Illegal.EXCUSE_LEAD


def _seed_of(rnd: MathersRound) -> int:
    for seed in range(1000):
        if dealt(MathersRound, "mathers-2", seed).initial_hands == rnd.initial_hands:
            return seed
    raise AssertionError  # pragma: no cover


def test_mathers_1888_the_fool_scores_for_its_holder() -> None:
    for seed in range(60):
        rnd = dealt(MathersRound, "mathers-2", seed)
        exchange(rnd)
        pass_all(rnd)
        holder = rnd.fool_holder
        play_out(rnd, random.Random(seed))
        if holder is None:
            continue
        trick = next(t for t in rnd.tricks if EXCUSE in t.cards)
        if trick.winner == holder:
            continue
        terms = {t.term: t.value for t in _score(rnd).terms}
        assert terms[f"{holder}.fool"] == 5
        return
    pytest.fail("no Fool lost in a trick")  # pragma: no cover


# ------------------------------------------------------------------------ random play-out properties
@pytest.mark.parametrize("key", ["mathers-2", "mathers-3"])
@pytest.mark.parametrize("seed", range(25))
def test_random_playouts_finish_and_add_up(key: str, seed: int) -> None:
    rng = random.Random(seed)
    rnd = dealt(MathersRound, key, seed)
    play_out(rnd, rng)
    assert len(rnd.tricks) == HAND_SIZE
    played = [c for t in rnd.tricks for c in t.cards]
    assert sorted([*played, *rnd.discard, *rnd.dead_hand]) == sorted(FULL_PACK)
    score = _score(rnd)
    parts = rnd.hand_parts()
    assert sum(p.trick_points for p in parts.values()) == sum(
        trick_points(t.cards, rnd.variant.options) for t in rnd.tricks
    )
    assert sum(sum(p.tricks.values()) for p in parts.values()) == HAND_SIZE
    totals = sorted(score.totals.values(), reverse=True)
    assert sum(score.seat_scores.values()) == totals[0] - totals[1]
    assert sum(1 for v in score.seat_scores.values() if v) <= 1


@pytest.mark.parametrize("key", ["mathers-2", "mathers-3"])
def test_mathers_1888_a_game_to_100_across_hands(key: str) -> None:
    variant = find_variant(key)
    assert isinstance(variant, MathersVariant)
    assert variant == variant_for("mathers", variant.players)
    game = MathersGame(variant)
    rng = random.Random(key)
    dealers: list[Seat] = []
    number = 0
    while not game.is_over:
        dealers.append(game.dealer)
        rnd = game.deal(number)
        play_out(rnd, rng)
        game.add(rnd)
        number += 1
        assert number < 200
    winner = game.winner
    assert winner is not None and game.totals[winner] >= 100
    assert game.totals[winner] == max(game.totals.values())
    assert len(set(dealers[: variant.players])) == variant.players
    with pytest.raises(TarotError):
        game.deal(number)


HANDS = sorted((Path(__file__).resolve().parents[2] / "tutorial" / "hands").glob("mathers-*.json"))


def test_there_are_sample_hands_for_two_and_three_players() -> None:
    keys = {load_record(path).variant.key for path in HANDS}
    assert keys == {"mathers-2", "mathers-3"} and len(HANDS) >= 2


@pytest.mark.parametrize("path", HANDS, ids=lambda p: p.name)
def test_sample_hands_replay_to_their_stated_result(path: Path) -> None:
    record = load_record(path)
    rnd = record.final_round()
    assert rnd.is_over and record.expected
    assert rnd.result_summary() == record.expected


def test_replay_lines_tell_each_trick_and_the_result() -> None:
    record = load_record(HANDS[0])
    rnd = record.final_round()
    assert isinstance(rnd, MathersRound)
    note = rnd.trick_note(rnd.tricks[0])
    assert note.startswith("for ") and "point" in note
    lines = rnd.result_lines(record.seat_name)
    assert lines[-1].startswith("Scored:") and record.players[0] in lines[-1]
