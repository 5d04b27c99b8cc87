"""``Round.play_at_random``: the quick play-out ends every round exactly as pushing the same random
choices one by one does, for every rule set (the French ones take the quick loop, the others the
plain one), and its rounds are ordinary rounds (records, results, refusals)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tarot_core import find_variant
from tarot_core import simulate as simulate_module
from tarot_core.cards import Card
from tarot_core.engine.round import Round
from tarot_core.engine.trick import following_cards
from tarot_core.errors import IllegalActionError
from tarot_core.records import HandRecord, load_record
from tarot_core.seats import SEATS
from tarot_core.simulate import SimulationStats, _force_contract, _record, simulate

FRENCH = ["fft-3", "fft-4", "fft-5", "classic-3", "classic-5"]
OTHERS = ["mathers-2", "mathers-3", "chambery-3", "chambery-4", "chambery-5"]
SETTINGS = settings(
    max_examples=40, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)


def fresh(key: str, seed: int, contract: str | None) -> tuple[Round, random.Random]:
    """A new round; with ``contract``, its first speaker takes it and the others pass."""
    variant = find_variant(key)
    rnd = variant.deal_round(SEATS[seed % variant.players], seed)
    if contract is not None:
        bid = next((a for a in rnd.legal_actions() if a.kind == "bid" and a.word == contract), None)
        if bid is not None:
            rnd.push(bid)
            while rnd.legal_actions() and rnd.legal_actions()[0].kind == "pass":
                rnd.push(rnd.legal_actions()[0])
    return rnd, random.Random(seed)


def push_one_by_one(rnd: Round, draw: random.Random) -> None:
    actions = rnd.legal_actions()
    while actions:
        rnd.push(actions[int(draw.random() * len(actions))])
        actions = rnd.legal_actions()


def same_round(quick: Round, plain: Round) -> None:
    assert quick.actions == plain.actions
    assert [(t.leader, t.plays, t.winner) for t in quick.tricks] == [
        (t.leader, t.plays, t.winner) for t in plain.tricks
    ]
    assert quick.hands == plain.hands and quick.phase is plain.phase and quick.to_move is plain.to_move
    assert quick.is_over
    assert quick.result_summary() == plain.result_summary()


@pytest.mark.heavy
@pytest.mark.parametrize("key", FRENCH + OTHERS)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), forced=st.booleans())
@SETTINGS
def test_quick_play_out_equals_pushing_the_same_draws(key: str, seed: int, forced: bool) -> None:
    contract = ("garde-sans" if key.startswith("fft") else None) if forced else None
    quick, rng_quick = fresh(key, seed, contract)
    plain, rng_plain = fresh(key, seed, contract)
    quick.play_at_random(rng_quick.random)
    push_one_by_one(plain, rng_plain)
    same_round(quick, plain)
    assert rng_quick.random() == rng_plain.random()  # the same number of draws


def test_which_rule_sets_take_the_quick_loop() -> None:
    """The quick loop is taken exactly where the French rules of play apply unchanged."""
    for key in FRENCH:
        rnd = find_variant(key).deal_round(SEATS[0], 1)
        assert rnd._quick_playout, key
    for key in OTHERS:
        rnd = find_variant(key).deal_round(SEATS[0], 1)
        assert not rnd._quick_playout, key
    # After the first trick the quick loop leads any card only where the French leads apply: the older
    # rules forbid leading the Excuse, and their own ``rule_legal_leads`` is asked.
    assert find_variant("fft-5").deal_round(SEATS[0], 1)._free_later_leads
    assert not find_variant("classic-3").deal_round(SEATS[0], 1)._free_later_leads


def test_the_quick_loop_runs_and_the_round_stays_usable() -> None:
    """A quick play-out leaves a finished round whose record replays, and which refuses more actions."""
    variant = find_variant("fft-4")
    for seed in range(30):
        rnd, rng = fresh("fft-4", seed, "garde-sans")
        if rnd.is_over:  # petit sec: nothing to play
            continue
        rnd.play_at_random(rng.random)
        assert rnd.is_over and len(rnd.tricks) == variant.hand_size
        assert rnd.legal_actions() == ()
        with pytest.raises(IllegalActionError, match="over"):
            rnd.push(rnd.actions[-1])
        record = HandRecord.from_round(rnd, title=f"play-out {seed}")
        replayed = load_record(record.to_json()).final_round()
        assert replayed.actions == rnd.actions and replayed.result_summary() == rnd.result_summary()
        last = rnd.pop()
        assert last.kind == "play" and not rnd.is_over and len(rnd.legal_actions()) == 1


def test_simulate_is_reproducible_and_counts_every_round() -> None:
    variant = find_variant("fft-4")
    first, second = SimulationStats(), SimulationStats()
    simulate(variant, 40, "seed", "garde-sans", first)
    simulate(variant, 40, "seed", "garde-sans", second)
    assert first.as_dict() == second.as_dict()
    assert first.played + sum(first.redeals.values()) == 40
    assert first.contracts["garde-sans"] == first.taken > 0


@pytest.mark.parametrize(("key", "contract"), [(key, None) for key in FRENCH + OTHERS] + [("fft-4", "garde")])
def test_simulate_plays_the_rounds_it_promises(
    key: str, contract: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``simulate`` is a loop over rounds written out here plainly: one generator for the whole batch,
    the dealer moving one seat to the right each round from p1, each round dealt with
    ``deal_round_from``, its bidding forced when a contract is given, then played at random. The
    rounds are compared whole (dealer, deal and actions): the statistics alone would not see a wrong
    dealer, since turning every seat round the table changes none of them."""
    variant = find_variant(key)
    games = 3 * variant.players + 2
    expected = SimulationStats()
    expected_rounds: list[tuple[object, ...]] = []
    rng = random.Random("simulate:7")
    dealer = SEATS[0]
    for _ in range(games):
        rnd = variant.deal_round_from(dealer, rng)
        if contract is not None:
            _force_contract(rnd, contract, rng)
        rnd.play_at_random(rng.random)
        assert rnd.is_over
        _record(rnd, expected)
        expected_rounds.append((rnd.dealer, rnd.initial_hands, rnd.actions))
        dealer = dealer.next(variant.players)

    rounds: list[tuple[object, ...]] = []

    def record(rnd: Round, stats: SimulationStats) -> None:
        rounds.append((rnd.dealer, rnd.initial_hands, rnd.actions))
        _record(rnd, stats)

    monkeypatch.setattr(simulate_module, "_record", record)
    got = SimulationStats()
    simulate(variant, games, 7, contract, got, warmup=3)
    assert got == expected
    assert rounds == expected_rounds
    assert [dealer for dealer, _, _ in rounds][: variant.players + 1] == [*SEATS[: variant.players], SEATS[0]]


@pytest.mark.parametrize("key", FRENCH + OTHERS)
def test_a_seeded_deal_is_a_deal_from_the_seeded_generator(key: str) -> None:
    """``deal_round(dealer, seed)`` deals with the generator its rule set makes from the seed, so a run of
    deals sharing one generator (``simulate``) deals exactly as ``deal_round_from`` says."""
    variant = find_variant(key)
    for seed in (0, 7, "seed"):
        dealer = SEATS[1]
        seeded = variant.deal_round(dealer, seed)
        shared = variant.deal_round_from(dealer, random.Random(f"{variant.deal_salt}:{seed}"))
        assert seeded.initial_hands == shared.initial_hands and seeded.initial_dog == shared.initial_dog
    generator = random.Random(3)
    first, second = variant.deal_round_from(SEATS[0], generator), variant.deal_round_from(SEATS[0], generator)
    assert first.initial_hands != second.initial_hands  # the generator moves on


def test_following_cards_of_an_empty_hand() -> None:
    """A seat that has played its last card can still be asked what it may play: nothing."""
    hearts_king = Card.parse("HK")
    assert following_cards([], hearts_king, hearts_king, True) == []
    rnd, rng = fresh("fft-3", 4, "garde-sans")
    while rnd.current is None or rnd.current.number < rnd.variant.hand_size - 1 or not rnd.current.plays:
        actions = rnd.legal_actions()
        rnd.push(actions[int(rng.random() * len(actions))])
    assert rnd.current is not None
    leader = rnd.current.plays[0][0]
    assert rnd.hands[leader] == [] and rnd.legal_cards(leader) == []
