"""Round hooks that replays use: what each finished trick is worth, under each rule set's own rules."""

from __future__ import annotations

import inspect
import random

import pytest

from tarot_core import all_variants, find_variant
from tarot_core.cards import EXCUSE, TOTAL_HALF_POINTS, Card, count_half_points
from tarot_core.engine.round import Round
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


#: Chambéry card points as the rulebook lists them
#: (docs/reference/rules-decisions.md#decision-chambery-counting): the Fou, the 21, the Pagat and the Kings
#: 4, Queens 3, Cavaliers 2, Jacks 1, every other card 0.
CHAMBERY_POINTS = {"EX": 4, "T21": 4, "T1": 4, "K": 4, "Q": 3, "C": 2, "J": 1}

#: Mathers' trick values (docs/reference/rules-decisions.md#decision-mathers): a Tarot Trump (the 21, the 1,
#: the Fool and the Kings) 5, a Queen 4, a Knight 3, a Knave 2, anything else 1; a trick scores its best
#: card.
MATHERS_TAROT_TRUMPS = {"T21", "T1", "EX", "SK", "HK", "DK", "CK"}
MATHERS_VALUES = {"Q": 4, "C": 3, "J": 2}


def chambery_points(card: Card) -> int:
    code = str(card)
    return CHAMBERY_POINTS.get(code, CHAMBERY_POINTS.get(code[1:], 0) if code[0] in "SHDC" else 0)


def mathers_value(card: Card) -> int:
    code = str(card)
    if code in MATHERS_TAROT_TRUMPS:
        return 5
    return MATHERS_VALUES.get(code[1:], 1) if code[0] in "SHDC" else 1


@pytest.mark.parametrize("key", ["chambery-3", "chambery-4", "chambery-5"])
def test_chambery_trick_value_is_its_card_points_and_one_for_the_trick(key: str) -> None:
    """A Chambéry trick brings its winner its cards' points and one point for the trick; the Fou's
    points stay with the player who showed it, so they are not in the trick's value."""
    for seed in range(3, 8):
        rnd = played(key, seed)
        for trick in rnd.tricks:
            expected = sum(chambery_points(card) for card in trick.cards if card is not EXCUSE) + 1
            assert rnd.trick_value(trick) == expected, (seed, trick.cards)


@pytest.mark.parametrize("key", ["mathers-2", "mathers-3"])
def test_mathers_trick_value_is_the_best_category(key: str) -> None:
    """By default a trick scores its best card's value, and the Fool scores for its holder, not in the
    trick it fell in (a trick holding only the Fool and plain cards scores 1)."""
    for seed in range(3, 8):
        rnd = played(key, seed)
        for trick in rnd.tricks:
            counted = [card for card in trick.cards if card is not EXCUSE]
            expected = max((mathers_value(card) for card in counted), default=1)
            assert rnd.trick_value(trick) == expected, (seed, trick.cards)


# ---------------------------------------------------------------------------------------------- hooks


def private_overrides(cls: type[Round]) -> list[str]:
    """The private methods (``_name``, not ``__dunder__``) of the engine's round that ``cls`` redefines."""
    engine = {name for klass in Round.__mro__ for name in vars(klass)}
    return sorted(
        name
        for name, value in vars(cls).items()
        if name.startswith("_")
        and not (name.startswith("__") and name.endswith("__"))
        and name in engine
        and (inspect.isfunction(value) or isinstance(value, property))
    )


def rule_set_rounds() -> list[type[Round]]:
    """Every subclass of Round that a rule set of the package defines."""
    all_variants()  # loads every rule set
    found: list[type[Round]] = []
    waiting = list(Round.__subclasses__())
    while waiting:
        cls = waiting.pop()
        waiting.extend(cls.__subclasses__())
        if cls.__module__.startswith("tarot_core."):
            found.append(cls)
    return sorted(found, key=lambda cls: cls.__qualname__)


def test_every_rule_set_has_a_round() -> None:
    names = {cls.__name__ for cls in rule_set_rounds()}
    assert {"ClassicRound", "MathersRound", "ChamberyRound"} <= names


@pytest.mark.parametrize("cls", rule_set_rounds(), ids=lambda cls: cls.__name__)
def test_rule_sets_extend_the_round_through_public_hooks(cls: type[Round]) -> None:
    """A rule set changes the round through its public hooks (``rule_...``), never by redefining a
    private method of the engine."""
    assert private_overrides(cls) == []


def test_a_private_override_is_found() -> None:
    class Meddling(Round):
        def _has_played(self, seat: Seat) -> bool:
            return False

        def rule_must_trump(self) -> bool:
            return False

    assert private_overrides(Meddling) == ["_has_played"]
