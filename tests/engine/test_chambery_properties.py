"""Chambéry Tarot, properties of random play-outs for every player count and pack.

Every seeded play-out picks uniformly among the legal actions. Along the way the legal plays are
compared with an independent statement of the rules, refused actions must leave the round exactly
as it was, and at the end every card point and every payment must be accounted for.
"""

from __future__ import annotations

import itertools
import random

import pytest

from tarot_core.actions import Action
from tarot_core.cards import EXCUSE, MONDE, PETIT, PLAIN_SUITS, Card
from tarot_core.errors import IllegalActionError
from tarot_core.games.chambery import (
    BIDS_BY_WORD,
    ChamberyCounting,
    ChamberyOptions,
    ChamberyRound,
    Stage,
    card_points,
    discard_choices,
    discard_refusal,
    pack_cards,
    pay_partnership,
    pay_three,
    strength,
)
from tarot_core.seats import SEATS
from tests.engine.rounds import dealt, snapshot

CONFIGS = [(key, pack) for key in ("chambery-5", "chambery-4", "chambery-3") for pack in (78, 62)]
OPTION_SETS: list[dict[str, object]] = [
    {},
    {"payment": "dummett", "fou_lead": False, "demand_in_discard": "lost"},
]
SEEDS = range(12)


def reference_plays(hand: list[Card], trick: list[Card], fou_lead: bool) -> set[Card]:
    """The rules of play restated: follow suit, else trump, else anything; the Fou at any time."""
    led = next((c.suit for c in trick if c is not EXCUSE), None)
    allowed: set[Card] = set()
    for card in hand:
        if card is EXCUSE:
            if trick or fou_lead or len(hand) == 1:
                allowed.add(card)
        elif led is None or card.suit is led:
            allowed.add(card)
        elif any(c.suit is led for c in hand):
            continue
        elif card.is_trump or not any(c.is_trump for c in hand):
            allowed.add(card)
    return allowed


def reference_winner(trick: list[Card]) -> int:
    cards = [(i, c) for i, c in enumerate(trick) if c is not EXCUSE]
    trumps = [(c.rank, i) for i, c in cards if c.is_trump]
    if trumps:
        return max(trumps)[1]
    led = cards[0][1].suit
    return max((strength(c), i) for i, c in cards if c.suit is led)[1]


def candidate_actions(rnd: ChamberyRound, rng: random.Random) -> list[Action]:
    """A sample of actions, legal or not, for the seat to move and another seat."""
    pack = pack_cards(rnd.layout.pack)
    seats = list(SEATS[: rnd.players])
    actions: list[Action] = []
    for seat in seats:
        for kind in ("play", "discard", "give", "demand", "call"):
            for card in rng.sample(pack, 4):
                actions.append(Action(seat, kind, "", (card,)))
        actions.append(Action(seat, "pass"))
        actions.extend(Action(seat, "bid", word) for word in (*BIDS_BY_WORD, "garde"))
        actions.append(Action(seat, "play", "", tuple(rng.sample(pack, 2))))
    if rnd.to_move is not None:
        for card in rnd.hands[rnd.to_move]:
            actions.extend(Action(rnd.to_move, kind, "", (card,)) for kind in ("play", "discard", "give"))
    return actions


def check_refusals(rnd: ChamberyRound, rng: random.Random) -> None:
    legal = set(rnd.legal_actions())
    before = snapshot(rnd)
    for action in candidate_actions(rnd, rng):
        refusal = rnd.why_illegal(action)
        if action in legal:
            assert refusal is None
            continue
        assert refusal is not None and refusal.message, action
        with pytest.raises(IllegalActionError) as info:
            rnd.push(action)
        assert info.value.reason is refusal.reason
    assert snapshot(rnd) == before  # no refusal changed the round


def recount(rnd: ChamberyRound) -> list[int]:
    """Each seat's card points counted again from the tricks and the discard."""
    points = [0] * rnd.players
    for trick in rnd.tricks:
        assert trick.winner is not None
        points[trick.winner] += 1
        for seat, card in trick.plays:
            points[seat if card is EXCUSE else trick.winner] += card_points(card)
    points[rnd.dealer] += sum(card_points(c) for c in rnd.discard) + (1 if rnd.layout.discard_point else 0)
    return points


@pytest.mark.heavy
@pytest.mark.parametrize("options", OPTION_SETS, ids=["defaults", "other-options"])
@pytest.mark.parametrize(("key", "pack"), CONFIGS)
def test_random_play_outs_finish_conserve_points_and_pay_zero_sum(
    key: str, pack: int, options: dict[str, object]
) -> None:
    for seed in SEEDS:
        rng = random.Random(f"{key}-{pack}-{seed}")
        rnd = dealt(ChamberyRound, key, seed, SEATS[seed % int(key[-1])], pack=pack, **options)
        steps = 0
        while not rnd.is_over:
            actions = rnd.legal_actions()
            assert actions and len(set(actions)) == len(actions)
            if rnd.stage is Stage.PLAYING:
                seat = rnd.to_move
                assert seat is not None and rnd.current is not None
                expected = reference_plays(rnd.hands[seat], rnd.current.cards, rnd.rules.fou_lead)
                assert {a.card for a in actions} == expected
            if steps % 7 == 0:
                check_refusals(rnd, rng)
            if steps % 11 == 0 and rnd.actions:
                before = snapshot(rnd)
                last = rnd.pop()
                rnd.push(last)
                assert snapshot(rnd) == before
            rnd.push(actions[rng.randrange(len(actions))])
            steps += 1
            assert steps < 400
        check_refusals(rnd, rng)
        lay = rnd.layout
        assert len(rnd.tricks) == lay.tricks
        for trick in rnd.tricks:
            assert trick.winner == trick.plays[reference_winner(trick.cards)][0]
        result = rnd.result()
        counting = result.counting
        assert isinstance(counting, ChamberyCounting)
        assert list(counting.seat_points) == recount(rnd)
        assert sum(counting.seat_points) == lay.total
        assert sorted([*counting.attack_cards, *counting.defence_cards]) == sorted(pack_cards(pack))
        assert sum(result.by_seat.values()) == 0
        rules = ChamberyOptions(**options)  # type: ignore[arg-type]
        if rnd.players == 3:
            assert tuple(result.by_seat.values()) == pay_three(counting.seat_points, pack).scores
        else:
            assert rnd.contract is not None
            pay = pay_partnership(rnd.players, rnd.contract, counting.attack_points, pack, rules)
            assert rnd.taker is not None
            assert result.by_seat[rnd.taker] == pay.attack.get("soloist", pay.attack.get("dealer"))
            for seat in SEATS[: rnd.players]:
                if seat not in (rnd.taker, rnd.partner):
                    assert result.by_seat[seat] == pay.defender


def all_discards(hand: list[Card], size: int, options: ChamberyOptions) -> list[frozenset[Card]]:
    return [
        frozenset(combo)
        for combo in itertools.combinations(hand, size)
        if discard_refusal(hand, list(combo), size, options) is None
    ]


def tricky_hands(rng: random.Random, count: int) -> list[list[Card]]:
    """Dealers' hands rich in Kings and tarots, where the discard rules bite."""
    pack = pack_cards(78)
    kings = [c for c in pack if c.is_king]
    tarots = [c for c in pack if c.is_trump]
    plain = [c for c in pack if c.suit in PLAIN_SUITS and not c.is_king]
    hands = []
    for _ in range(count):
        size = rng.choice((18, 21))
        k = rng.randint(0, 4)
        n_plain = rng.randint(0, 5)
        chosen = rng.sample(kings, k) + rng.sample(plain, n_plain) + rng.sample([EXCUSE], rng.randint(0, 1))
        chosen += rng.sample(tarots, size - len(chosen))
        hands.append(chosen)
    return hands


@pytest.mark.heavy
@pytest.mark.parametrize("forced", ["plain-trumps", "any-trumps"])
def test_discard_one_card_at_a_time_offers_exactly_the_cards_of_some_legal_discard(forced: str) -> None:
    rng = random.Random(forced)
    options = ChamberyOptions(forced_discard=forced)  # type: ignore[arg-type]
    pack = pack_cards(78)
    hands = tricky_hands(rng, 40) + [rng.sample(pack, 18) for _ in range(20)]
    for hand in hands:
        size = 3 if len(hand) == 18 else 2
        legal = all_discards(hand, size, options)
        assert legal, "a dealer can always discard"
        chosen: list[Card] = []
        while len(chosen) < size:
            offered = set(discard_choices(hand, chosen, size, options))
            expected = {c for d in legal if set(chosen) <= d for c in d - set(chosen)}
            assert offered == expected, (hand, chosen)
            chosen.append(rng.choice(sorted(offered)))
        assert frozenset(chosen) in legal
        assert MONDE not in chosen and EXCUSE not in chosen
        if PETIT in chosen and options.forced_discard == "plain-trumps":
            assert not any(c.is_trump for c in hand if c not in chosen)
