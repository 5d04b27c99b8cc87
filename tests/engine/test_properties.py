"""Properties of French Tarot rounds, checked on seeded random play-outs (Hypothesis picks the seeds).

* every play-out of 3, 4 and 5 players finishes, every card is played once, and each trick goes to
  the card an independent reading of the rules says;
* each legal card list agrees with an independent reading of the rules of play;
* the 182 half-points are all counted, the scores sum to zero, and the played round's score equals
  the calculator's score of the same counted facts;
* every action outside ``legal_actions()`` is refused by ``push`` with a reason and leaves the round
  unchanged, and every action inside is accepted;
* ``pop()`` restores the previous state exactly; records round-trip.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tarot_core import find_variant
from tarot_core.actions import Action
from tarot_core.cards import EXCUSE, FULL_PACK, PETIT, Card, Suit
from tarot_core.engine.round import Round
from tarot_core.engine.state import Phase
from tarot_core.engine.trick import Trick
from tarot_core.engine.variant import score_request
from tarot_core.errors import IllegalActionError
from tarot_core.records import HandRecord, load_record
from tarot_core.seats import SEATS, Seat
from tests.engine.rounds import snapshot

KEYS = st.sampled_from(["fft-3", "fft-4", "fft-5"])
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FAST = settings(max_examples=30, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=8, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


def random_round(key: str, seed: int, **options: object) -> tuple[Round, random.Random]:
    variant = find_variant(key, **options)
    rng = random.Random(seed)
    dealer = SEATS[rng.randrange(variant.players)]
    return variant.deal_round(dealer, seed), rng


def forced_take(rnd: Round, rng: random.Random) -> None:
    """Random bidding would often end in a redeal; let a random bidder take a random contract."""
    if rnd.phase is not Phase.BIDDING:
        return
    assert rnd.to_move is not None
    taker = SEATS[rng.randrange(rnd.players)]
    contract = rng.choice(["prise", "garde", "garde-sans", "garde-contre"])
    while rnd.phase is Phase.BIDDING:
        mover = rnd.to_move
        assert mover is not None
        rnd.push(Action(mover, "bid", contract) if mover == taker else Action(mover, "pass"))


def step(rnd: Round, rng: random.Random) -> Action:
    legal = rnd.legal_actions()
    action = legal[rng.randrange(len(legal))]
    rnd.push(action)
    return action


# ------------------------------------------------------------------ an independent reading of the rules


def allowed_cards(rnd: Round, seat: Seat) -> set[Card]:
    """The cards ``seat`` may play now, from the rules as written (not from the engine's code)."""
    hand = set(rnd.hands[seat])
    trick = rnd.current
    assert trick is not None
    plays = [card for _, card in trick.plays]
    excuse = hand & {EXCUSE}
    if not plays:
        called = rnd.called
        if rnd.players == 5 and called is not None and not rnd.tricks:
            allowed = {c for c in hand if c.suit is not called.suit or c == called}
            return allowed or hand
        return hand
    led = next((c.suit for c in plays if c is not EXCUSE), None)
    if led is None:
        return hand
    if led is not Suit.TRUMPS:
        follow = {c for c in hand if c.suit is led}
        if follow:
            return follow | excuse
    trumps = {c for c in hand if c.is_trump}
    if not trumps:
        return hand
    best = max((c.rank for c in plays if c.is_trump), default=0)
    over = {c for c in trumps if c.rank > best}
    return (over or trumps) | excuse


def expected_winner(rnd: Round, trick: Trick, earlier: list[Trick]) -> Seat:
    plays = trick.plays
    first_seat, first_card = plays[0]
    if first_card is EXCUSE and trick.number == rnd.variant.hand_size - 1:
        side = rnd.side_of(first_seat)
        swept = all(t.winner is not None and rnd.side_of(t.winner) == side for t in earlier)
        if swept and (rnd.slam_announced or rnd.variant.excuse_wins_unannounced_slam):
            return first_seat
    trumps = [(card.rank, seat) for seat, card in plays if card.is_trump]
    if trumps:
        return max(trumps)[1]
    led = next(card.suit for _, card in plays if card is not EXCUSE)
    return max((card.rank, seat) for seat, card in plays if card.suit is led)[1]


def play_randomly_and_check(rnd: Round, rng: random.Random) -> None:
    """Finish ``rnd`` with random legal actions, checking every play and every trick on the way."""
    guard = 0
    while not rnd.is_over:
        if rnd.phase is Phase.PLAYING and rnd.to_move is not None:
            legal = {a.card for a in rnd.legal_actions() if a.kind == "play"}
            assert legal == allowed_cards(rnd, rnd.to_move)
        before = len(rnd.tricks)
        step(rnd, rng)
        if len(rnd.tricks) > before:
            trick = rnd.tricks[-1]
            assert len(trick.plays) == rnd.players
            assert trick.winner == expected_winner(rnd, trick, rnd.tricks[:-1])
        guard += 1
        assert guard < 200


def check_result(rnd: Round) -> None:
    result = rnd.result()
    assert sum(result.by_seat.values()) == 0
    assert set(result.by_seat) == set(SEATS[: rnd.players])
    if result.outcome != "played":
        assert result.counting is None and set(result.by_seat.values()) == {0}
        return
    counting, score = result.counting, result.score
    assert counting is not None and score is not None
    variant = rnd.variant
    # Every card is played once; the dog (or the discard) is the rest of the pack.
    played = [c for t in rnd.tricks for c in t.cards]
    assert len(rnd.tricks) == variant.hand_size and len(played) == len(set(played))
    assert sorted([*played, *(rnd.discard or rnd.dog)]) == sorted(FULL_PACK)
    # Every card is counted for one side; the 182 half-points are all there.
    assert sorted([*counting.attack_cards, *counting.defence_cards]) == sorted(FULL_PACK)
    assert counting.attack_half_points + counting.defence_half_points == 182
    pile = sum(c.half_points for c in counting.attack_cards)
    unpaid = counting.excuse is not None and counting.excuse.exchange_card is None
    assert counting.attack_half_points == pile or (unpaid and abs(counting.attack_half_points - pile) == 1)
    assert counting.attack_bouts == sum(1 for c in counting.attack_cards if c.is_bout)
    dog_cards = rnd.discard if rnd.contract in ("prise", "garde") else rnd.dog
    side_cards = counting.attack_cards if counting.dog_to == "attack" else counting.defence_cards
    assert set(dog_cards) <= set(side_cards)
    assert counting.dog_to == ("defence" if rnd.contract == "garde-contre" else "attack")
    # Slam, petit au bout, the Excuse and the handfuls, read again from the tricks.
    sides = [rnd.side_of(t.winner) for t in rnd.tricks if t.winner is not None]
    assert counting.slam_by == (
        "attack" if set(sides) == {"attack"} else "defence" if set(sides) == {"defence"} else None
    )
    last = rnd.tricks[-1]
    excuse_won_last = last.plays[0][1] is EXCUSE and last.winner == last.plays[0][0]
    petit_trick = next(
        (t for t in ([rnd.tricks[-2], last] if excuse_won_last else [last]) if PETIT in t.cards), None
    )
    assert counting.petit_au_bout == (
        None if petit_trick is None or petit_trick.winner is None else rnd.side_of(petit_trick.winner)
    )
    excuse_trick = next((t for t in rnd.tricks if EXCUSE in t.cards), None)
    if excuse_trick is not None:  # (else it lay in the dog, counted with the dog's side)
        excuse_seat = next(seat for seat, c in excuse_trick.plays if c is EXCUSE)
        own = rnd.side_of(excuse_seat)
        other = "defence" if own == "attack" else "attack"
        # Played to the last trick, outside a slam by the other side, the Excuse changes sides.
        changes = excuse_trick is last and not excuse_won_last and counting.slam_by != other
        excuse_side = other if changes else own
        assert EXCUSE in (counting.attack_cards if excuse_side == "attack" else counting.defence_cards)
    thresholds = rnd.variant.handfuls
    for seat, size, shown in rnd.handfuls:
        held = {c for t in rnd.tricks for who, c in t.plays if who == seat}
        assert len(shown) == thresholds[size] and set(shown) <= held
        if EXCUSE in shown:
            assert {c for c in held if c.is_trump} <= set(shown)
    # The calculator scores the same counted facts the same way.
    request: dict[str, object] = {
        "variant": "fft",
        "players": rnd.players,
        "contract": rnd.contract,
        "oudlers": counting.attack_bouts,
        "points": counting.attack_half_points / 2,
        "petit_au_bout": counting.petit_au_bout,
        "handfuls": [{"side": rnd.side_of(seat), "size": size} for seat, size, _ in rnd.handfuls],
        "slam": {"announced": rnd.slam_announced, "won_by": counting.slam_by},
    }
    if rnd.players == 5:
        request["alone"] = rnd.partner is None
    answer = score_request(request)
    assert answer["per_defender"] == score.per_defender
    assert answer["won"] == score.won
    assert answer["scores"] == {"taker": score.taker, "partner": score.partner, "defender": score.defender}
    # Shares: the taker, the partner (five players) and the defenders.
    assert rnd.taker is not None
    s = score.per_defender
    factor = {3: 2, 4: 3}.get(rnd.players, 2 if rnd.partner is not None else 4)
    assert result.by_seat[rnd.taker] == factor * s
    for seat, value in result.by_seat.items():
        if seat == rnd.partner:
            assert value == s
        elif seat != rnd.taker:
            assert value == -s


@FAST
@given(key=KEYS, seed=SEEDS)
def test_random_play_outs_finish_and_follow_the_rules(key: str, seed: int) -> None:
    rnd, rng = random_round(key, seed)
    if rng.random() < 0.8:
        forced_take(rnd, rng)
    play_randomly_and_check(rnd, rng)
    assert rnd.is_over and rnd.legal_actions() == () and rnd.to_move is None
    check_result(rnd)


@FAST
@given(key=KEYS, seed=SEEDS, option=st.booleans())
def test_random_play_outs_count_and_score_consistently(key: str, seed: int, option: bool) -> None:
    rnd, rng = random_round(key, seed, excuse_wins_unannounced_slam=option)
    forced_take(rnd, rng)
    play_randomly_and_check(rnd, rng)
    check_result(rnd)


# ------------------------------------------------------------------ accepted and refused actions


def candidates(rnd: Round) -> list[Action]:
    """Every action anyone could try: each card played, called or discarded by each seat, every bid,
    pass, handful size (and a wrong one), slam and petit sec."""
    result: list[Action] = []
    for seat in SEATS[: rnd.players]:
        result.append(Action(seat, "pass"))
        result.extend(
            Action(seat, "bid", word) for word in ("prise", "garde", "garde-sans", "garde-contre", "x")
        )
        result.extend(Action(seat, "handful", size) for size in ("simple", "double", "triple", "quadruple"))
        result.append(Action(seat, "slam"))
        result.append(Action(seat, "petit-sec"))
        for card in FULL_PACK:
            result.append(Action(seat, "play", "", (card,)))
            result.append(Action(seat, "call", "", (card,)))
            result.append(Action(seat, "discard", "", (card,)))
        result.append(Action(seat, "discard", "", tuple(FULL_PACK[:2])))
        result.append(Action(seat, "jump"))
    return result


def check_every_candidate(rnd: Round) -> None:
    before = snapshot(rnd)
    done = len(rnd.actions)
    legal = set(rnd.legal_actions())
    accepted = 0
    for action in candidates(rnd):
        refusal = rnd.why_illegal(action)
        if action in legal:
            assert refusal is None, f"{action} is listed as legal but refused: {refusal}"
            rnd.push(action)
            assert rnd.actions[-1] == action
            assert rnd.pop() == action
            accepted += 1
        else:
            assert refusal is not None, f"{action} is accepted but not listed"
            assert refusal.message
            try:
                rnd.push(action)
            except IllegalActionError as error:
                assert error.reason is refusal.reason and error.message == refusal.message
            else:  # pragma: no cover - a failure
                raise AssertionError(f"{action} was pushed although refused: {refusal}")
            assert len(rnd.actions) == done
    assert snapshot(rnd) == before
    # Legal actions that are not among the candidates (none expected for French Tarot).
    assert accepted == len(legal)


@pytest.mark.heavy
@SLOW
@given(key=KEYS, seed=SEEDS)
def test_every_action_outside_legal_actions_is_refused_and_inside_accepted(key: str, seed: int) -> None:
    rnd, rng = random_round(key, seed)
    if rng.random() < 0.7:
        forced_take(rnd, rng)
    checkpoints = 0
    while True:
        if rng.random() < 0.08 or rnd.is_over or rnd.phase is not Phase.PLAYING:
            check_every_candidate(rnd)
            checkpoints += 1
        if rnd.is_over or checkpoints > 12:
            break
        step(rnd, rng)


# ------------------------------------------------------------------ pop, copy and records


@pytest.mark.heavy
@SLOW
@given(key=KEYS, seed=SEEDS)
def test_pop_restores_the_previous_state_exactly(key: str, seed: int) -> None:
    rnd, rng = random_round(key, seed)
    forced_take(rnd, rng)
    states = [snapshot(rnd)]
    while not rnd.is_over:
        step(rnd, rng)
        states.append(snapshot(rnd))
    copy = rnd.copy()
    assert snapshot(copy) == states[-1]
    for expected in reversed(states[:-1]):
        rnd.pop()
        assert snapshot(rnd) == expected
    # Back where the random play started: replaying the same actions gives the same round.
    for action in copy.actions[len(rnd.actions) :]:
        rnd.push(action)
    assert snapshot(rnd) == states[-1]


@FAST
@given(key=KEYS, seed=SEEDS)
def test_records_round_trip(key: str, seed: int) -> None:
    rnd, rng = random_round(key, seed)
    if rng.random() < 0.9:
        forced_take(rnd, rng)
    while not rnd.is_over and rng.random() < 0.995:
        step(rnd, rng)
    record = HandRecord.from_round(rnd, seed=seed, title="random")
    again = load_record(record.to_json())
    assert again.actions == rnd.actions
    assert again.variant == rnd.variant and again.dealer == rnd.dealer and again.seed == seed
    final = again.final_round()
    assert snapshot(final) == snapshot(rnd)
    if rnd.is_over:
        assert final.result_summary() == rnd.result_summary() == again.expected
        assert final.result().by_seat == rnd.result().by_seat
