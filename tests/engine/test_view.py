"""The per-seat view: it shows only what its seat may see, and nothing it shows depends on the rest.

See :mod:`view_helpers` for what is checked and how.
"""

from __future__ import annotations

import random

import pytest

from tarot_core.cards import FULL_PACK
from tarot_core.engine.variant import find_variant
from tarot_core.seats import SEATS, Seat
from tests.engine.view_helpers import (
    VARIANT_CASES,
    location,
    seen_cards,
    shown_cards,
    stopped_rounds,
    swapped,
)


@pytest.mark.heavy
@pytest.mark.parametrize(("key", "options"), VARIANT_CASES, ids=[f"{k}{o or ''}" for k, o in VARIANT_CASES])
def test_view_shows_only_what_the_seat_may_see(key: str, options: dict[str, object]) -> None:
    swaps_checked = 0
    for rnd in stopped_rounds(key, options, 20, 1):
        rng = random.Random(len(rnd.actions))
        for seat in SEATS[: rnd.players]:
            view = rnd.view(seat)
            mine = tuple(a for a in rnd.legal_actions() if a.seat == seat)
            assert view.legal == (mine if rnd.to_move == seat else ())
            assert view.hand_sizes == tuple(len(h) for h in rnd.hands[: rnd.players])
            assert shown_cards(view) <= seen_cards(rnd, seat), (key, seat, rnd.actions)
            pack = [card for card in FULL_PACK if card not in shown_cards(view)]
            for _ in range(6):
                if len(pack) < 2:
                    break
                a, b = rng.sample(pack, 2)
                if location(rnd, a) == location(rnd, b):
                    continue
                other = swapped(rnd, a, b)
                if other is None:
                    continue
                swaps_checked += 1
                assert other.view(seat) == view, (key, seat, str(a), str(b), [str(x) for x in rnd.actions])
    assert swaps_checked >= 20


def test_partner_known_by_the_partner_first() -> None:
    variant = find_variant("fft-5")
    for number in range(40):
        rnd = variant.deal_round(Seat.P1, number)
        rng = random.Random(number)
        while not rnd.is_over and not (rnd.phase == "playing" and rnd.called is not None):
            legal = rnd.legal_actions()
            rnd.push(legal[rng.randrange(len(legal))])
        if rnd.is_over or rnd.partner is None or rnd.called in rnd.initial_dog:
            continue
        partner, taker = rnd.partner, rnd.taker
        assert taker is not None
        assert rnd.view(partner).partner == partner
        assert rnd.view(taker).partner is None and not rnd.view(taker).partner_known
        others = [s for s in SEATS[:5] if s not in (partner, taker)]
        assert all(rnd.view(s).same_side(taker) is False for s in others)
        while not rnd.partner_revealed:
            legal = rnd.legal_actions()
            rnd.push(legal[rng.randrange(len(legal))])
        assert all(rnd.view(s).partner == partner for s in SEATS[:5])
        return
    pytest.fail("no five-player deal with a hidden partner")


def test_voids_revealed_by_plays() -> None:
    rnd = find_variant("fft-4").deal_round(Seat.P1, 3)
    rng = random.Random(3)
    while not rnd.is_over:
        legal = rnd.legal_actions()
        rnd.push(legal[rng.randrange(len(legal))])
        view = rnd.view(Seat.P1)
        for seat in SEATS[:4]:
            for suit in view.voids[seat]:
                assert not any(c.suit is suit for c in rnd.hands[seat])


def test_a_seat_is_offered_only_its_own_actions() -> None:
    """The taker may announce a slam while the first leader is to move: that is the taker's action,
    never one the leader's view offers (a defender was offered "Announce a slam")."""
    found = 0
    for seed in range(1, 60):
        rnd = find_variant("fft-4").deal_round(dealer=Seat.P1, seed=seed)
        while rnd.phase != "playing" and rnd.to_move is not None:  # the second player takes
            legal = rnd.legal_actions()
            rnd.push(legal[-1] if rnd.phase == "bidding" and len(rnd.actions) == 1 else legal[0])
        leader = rnd.to_move
        if rnd.phase != "playing" or leader is None or leader == rnd.taker:
            continue
        slams = [a for a in rnd.legal_actions() if a.kind == "slam"]
        if not slams:
            continue
        found += 1
        assert all(a.seat == rnd.taker for a in slams)
        assert not [a for a in rnd.view(leader).legal if a.seat != leader], seed
    assert found
