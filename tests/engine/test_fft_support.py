"""The French Tarot test helpers (``fft_helpers``) checked themselves: a mistake in a helper must not
make a rule test pass for the wrong reason."""

from __future__ import annotations

import pytest

from tarot_core import find_variant
from tarot_core.cards import EXCUSE, FULL_PACK
from tarot_core.errors import Illegal, TarotError
from tests.engine.fft_helpers import P1, assert_refused, build_deal, card, cards, new_round


def test_build_deal_fills_in_pack_order_and_keeps_written_cards() -> None:
    hands, dog = build_deal("fft-4", {"p2": "T21 EX"}, None)
    assert [len(h) for h in hands] == [18, 18, 18, 18] and len(dog) == 6
    assert card("T21") in hands[1] and EXCUSE in hands[1]
    assert hands[0] == cards("S1 S2 S3 S4 S5 S6 S7 S8 S9 S10 SJ SC SQ SK H1 H2 H3 H4")
    assert sorted([*(c for h in hands for c in h), *dog]) == list(FULL_PACK)


def test_build_deal_rejects_a_card_written_twice() -> None:
    with pytest.raises(AssertionError):
        build_deal("fft-4", {"p1": "HK", "p2": "HK"})


def test_round_rejects_a_deal_that_does_not_use_the_pack() -> None:
    hands, dog = build_deal("fft-4", {})
    hands[0][0] = hands[1][0]
    with pytest.raises(TarotError, match="dealt twice"):
        find_variant("fft-4").new_round(P1, hands, dog)


def test_assert_refused_notices_an_accepted_action() -> None:
    rnd = new_round("fft-4", {"p1": "T1 T2 EX"})
    with pytest.raises(AssertionError):
        assert_refused(rnd, "p2 pass", Illegal.NOT_YOUR_TURN)
