"""Helpers shared by the round tests of every rule set: deals from a seed, random play-outs, a search
for a deal with some feature, and a snapshot of a round's whole state (to check that a refused action
or a push and pop leaves it exactly as it was)."""

from __future__ import annotations

import enum
import random
from collections.abc import Callable
from typing import Final, TypeVar

from tarot_core.engine.round import Round
from tarot_core.engine.variant import Variant, find_variant
from tarot_core.seats import Seat

R = TypeVar("R", bound=Round)


def dealt(kind: type[R], key: str, seed: int | str, dealer: Seat = Seat.P1, **options: object) -> R:
    """The round of ``key`` dealt from ``seed``, checked to be of the rule set's class ``kind``."""
    rnd = find_variant(key, **options).deal_round(dealer, seed)
    assert isinstance(rnd, kind)
    return rnd


def play_out(rnd: Round, rng: random.Random) -> None:
    """Finish the round, every action drawn with ``rng`` among the legal ones."""
    guard = 0
    while not rnd.is_over:
        actions = rnd.legal_actions()
        assert actions, f"no legal action in phase {rnd.phase} of a round not over"
        rnd.push(actions[rng.randrange(len(actions))])
        guard += 1
        assert guard < 400, "the round does not finish"


def find(kind: type[R], key: str, predicate: Callable[[R], bool], **options: object) -> R:
    """The first deal (seeds 0, 1, ...) of ``key`` for which ``predicate`` holds."""
    for seed in range(1000):
        rnd = dealt(kind, key, seed, Seat.P1, **options)
        if predicate(rnd):
            return rnd
    raise AssertionError("no deal found")  # pragma: no cover


_FIELDS: dict[type, tuple[str, ...]] = {}


def _fields(kind: type) -> tuple[str, ...]:
    """The slots an object of ``kind`` may have (its ``__dict__`` is read besides)."""
    if kind not in _FIELDS:
        _FIELDS[kind] = tuple(name for klass in kind.__mro__ for name in getattr(klass, "__slots__", ()))
    return _FIELDS[kind]


#: The types whose objects compare as values (plain values, frozen dataclasses such as actions).
_VALUES: set[type] = {str, int, float, bool, type(None)}


def _is_value(kind: type) -> bool:
    if kind in _VALUES:
        return True
    frozen = getattr(getattr(kind, "__dataclass_params__", None), "frozen", False)
    if frozen or issubclass(kind, str | int | float | enum.Enum):
        _VALUES.add(kind)
        return True
    return False


def _frozen(value: object, depth: int = 0) -> object:
    """``value`` as nested tuples of plain values, for ``==``: lists, dicts, sets and objects (through
    their attributes) are opened, however deep. Frozen dataclasses (actions) compare as they are."""
    kind = type(value)
    if kind in _VALUES or _is_value(kind):
        return value
    assert depth < 20, f"a round's state is not a tree of values: {kind.__name__}"
    deeper = depth + 1
    if isinstance(value, list | tuple):
        if all(type(item) in _VALUES for item in value):  # cards, seats, actions: the commonest case
            return (kind.__name__, *value)
        return (kind.__name__, *(_frozen(item, deeper) for item in value))
    if isinstance(value, set | frozenset):
        return ("set", frozenset(_frozen(item, deeper) for item in value))
    if isinstance(value, dict):
        return ("dict", *((_frozen(k, deeper), _frozen(v, deeper)) for k, v in value.items()))
    if isinstance(value, Variant) or callable(value) or kind.__module__ == "builtins":
        return value  # a rule set compares by its key and options
    fields = {name: getattr(value, name) for name in _fields(kind) if hasattr(value, name)}
    fields.update(getattr(value, "__dict__", {}))
    return (kind.__name__, *((name, _frozen(item, deeper)) for name, item in sorted(fields.items())))


#: What a round keeps of its legal actions between two actions (the legal actions are compared as asked).
CACHES: Final = frozenset({"_legal", "_legal_cards"})


def snapshot(rnd: Round) -> object:
    """The round's whole state: every attribute but the caches, opened down to plain values, and its
    legal actions."""
    state = {name: value for name, value in vars(rnd).items() if name not in CACHES}
    variant = state.pop("variant")
    return (type(rnd).__name__, variant, _frozen(state), rnd.legal_actions())
