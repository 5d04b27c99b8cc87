"""The speed paths of :mod:`tarot_core.engine.round` change nothing but the time.

For every registered rule set and several seeds, the same random round is played with the paths on and
off (:func:`~tarot_core.engine.round.use_fast_paths`): the legal actions offered at every step, the
actions taken and the final result must be identical.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from math import floor

import pytest

from tarot_core.actions import Action
from tarot_core.engine.round import Round, use_fast_paths
from tarot_core.engine.variant import all_variants, find_variant
from tarot_core.seats import SEATS

VARIANTS = sorted(all_variants())
SEEDS = range(8)

Outcome = tuple[object, ...]


@pytest.fixture(autouse=True)
def _fast_paths_back_on() -> Iterator[None]:
    """Every test leaves the paths on, as the rest of the suite expects them."""
    yield
    use_fast_paths(True)


def _deal(key: str, seed: int) -> Round:
    variant = find_variant(key)
    return variant.deal_round(dealer=SEATS[seed % variant.players], seed=seed)


def _notation(offered: list[tuple[Action, ...]]) -> list[list[str]]:
    return [[str(action) for action in legal] for legal in offered]


def _outcome(rnd: Round) -> Outcome:
    result = rnd.result()
    score = None if result.score is None else result.score.as_dict()
    return result.outcome, result.by_seat, score, [str(line) for line in rnd.result_lines(str)]


def _step_by_step(key: str, seed: int, fast: bool) -> tuple[list[tuple[Action, ...]], list[Action], Outcome]:
    use_fast_paths(fast)
    rnd = _deal(key, seed)
    rng = random.Random(seed)
    offered: list[tuple[Action, ...]] = []
    legal = rnd.legal_actions()
    while legal:
        offered.append(legal)
        rnd.push(legal[floor(rng.random() * len(legal))])
        legal = rnd.legal_actions()
    return offered, list(rnd.actions), _outcome(rnd)


def _at_random(key: str, seed: int, fast: bool) -> tuple[list[Action], Outcome]:
    use_fast_paths(fast)
    rnd = _deal(key, seed)
    rnd.play_at_random(random.Random(seed).random)
    return list(rnd.actions), _outcome(rnd)


@pytest.mark.parametrize("key", VARIANTS)
def test_step_by_step_same_with_and_without_fast_paths(key: str) -> None:
    for seed in SEEDS:
        fast = _step_by_step(key, seed, fast=True)
        plain = _step_by_step(key, seed, fast=False)
        assert [[str(a) for a in legal] for legal in fast[0]] == [
            [str(a) for a in legal] for legal in plain[0]
        ]
        assert fast[0] == plain[0], f"{key}, seed {seed}: different legal actions"
        assert fast[1] == plain[1], f"{key}, seed {seed}: different actions taken"
        assert fast[2] == plain[2], f"{key}, seed {seed}: different results"


@pytest.mark.parametrize("key", VARIANTS)
def test_play_at_random_same_with_and_without_fast_paths(key: str) -> None:
    for seed in SEEDS:
        fast = _at_random(key, seed, fast=True)
        plain = _at_random(key, seed, fast=False)
        assert fast[0] == plain[0], f"{key}, seed {seed}: different actions taken"
        assert fast[1] == plain[1], f"{key}, seed {seed}: different results"


def _round_classes() -> list[type[Round]]:
    classes: list[type[Round]] = []
    waiting: list[type[Round]] = [Round]
    while waiting:
        cls = waiting.pop()
        classes.append(cls)
        waiting.extend(cls.__subclasses__())
    return classes


def test_switch_turns_every_path_off_and_back_on() -> None:
    before = {cls: (cls._french_plays, cls._quick_playout, cls._free_later_leads) for cls in _round_classes()}
    assert before[Round] == (True, True, True)
    use_fast_paths(False)
    assert all(
        not (cls._french_plays or cls._quick_playout or cls._free_later_leads) for cls in _round_classes()
    )
    use_fast_paths(True)
    after = {cls: (cls._french_plays, cls._quick_playout, cls._free_later_leads) for cls in _round_classes()}
    assert after == before


@pytest.mark.parametrize("key", VARIANTS)
def test_rounds_reach_the_play(key: str) -> None:
    """The comparisons above are worth something only if the random rounds get to the cards."""
    played = [seed for seed in SEEDS if any(a.kind == "play" for a in _at_random(key, seed, fast=True)[0])]
    assert len(played) >= len(SEEDS) // 2, f"{key}: only seeds {played} reach the play"
