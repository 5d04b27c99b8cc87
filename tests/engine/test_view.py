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


@pytest.mark.parametrize(("key", "options"), VARIANT_CASES, ids=[f"{k}{o or ''}" for k, o in VARIANT_CASES])
def test_view_shows_only_what_the_seat_may_see(key: str, options: dict[str, object]) -> None:
    swaps_checked = 0
    for rnd in stopped_rounds(key, options, 20, 1):
        rng = random.Random(len(rnd.actions))
        for seat in SEATS[: rnd.players]:
            view = rnd.view(seat)
            assert view.legal == (rnd.legal_actions() if rnd.to_move == seat else ())
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
