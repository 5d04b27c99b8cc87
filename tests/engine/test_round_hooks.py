"""Round hooks that replays use: what each finished trick is worth, under each rule set's own rules."""

from __future__ import annotations

import random

import pytest

from tarot_core import find_variant
from tarot_core.cards import TOTAL_HALF_POINTS, count_half_points
from tarot_core.mathers import trick_points
from tarot_core.round import Round
from tarot_core.seats import Seat


def played(key: str, seed: int) -> Round:
    rnd = find_variant(key).deal_round(Seat.P1, seed)
    rng = random.Random(seed)
    while not rnd.is_over:
        actions = rnd.legal_actions()
        rnd.push(actions[rng.randrange(len(actions))])
    return rnd


@pytest.mark.parametrize("key", ["fft-3", "fft-4", "fft-5"])
def test_french_trick_values_and_the_dog_make_the_whole_pack(key: str) -> None:
    """French Tarot: a trick is worth its card points; the tricks and the cards set aside (the discard,
    or the dog when nobody took it) hold the whole pack."""
    for seed in range(20):
        rnd = played(key, seed)
        if rnd.outcome != "played":
            continue
        in_tricks = sum(rnd.trick_value(trick) for trick in rnd.tricks)
        aside = rnd.discard or rnd.initial_dog
        assert in_tricks * 2 + count_half_points(aside) == TOTAL_HALF_POINTS


@pytest.mark.parametrize("key", ["chambery-3", "chambery-4", "chambery-5"])
def test_chambery_trick_value_is_its_trick_points(key: str) -> None:
    rnd = played(key, 3)
    values = [rnd.trick_value(trick) for trick in rnd.tricks]
    assert values == [getattr(rnd, "trick_points")(trick) for trick in rnd.tricks]  # noqa: B009
    assert all(value >= 1 for value in values)  # a Chambéry trick is worth at least its trick point


@pytest.mark.parametrize("key", ["mathers-2", "mathers-3"])
def test_mathers_trick_value_is_the_best_category(key: str) -> None:
    rnd = played(key, 3)
    options = rnd.variant.options
    assert [rnd.trick_value(t) for t in rnd.tricks] == [trick_points(t.cards, options) for t in rnd.tricks]
