"""Seeded, reproducible shuffle and deal.

The dealer gives packets (of 3, or of 4 in the FFT three-player game) to each player in turn,
starting with the player on the dealer's right, and puts dog cards aside one at a time between
packets, never the first nor the last card of the pack.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from operator import itemgetter
from typing import Any, Protocol

from ..cards import Card
from ..seats import NEXT_SEAT, Seat, order_from


class Dealt(Protocol):
    """What a deal needs to know of a rule set: the pack, the table and the sizes of hands, dog and
    packets (every :class:`~tarot_core.engine.variant.Variant` has them)."""

    @property
    def pack(self) -> tuple[Card, ...]: ...
    @property
    def players(self) -> int: ...
    @property
    def hand_size(self) -> int: ...
    @property
    def dog_size(self) -> int: ...
    @property
    def packet(self) -> int: ...


def shuffled_pack(pack: tuple[Card, ...], rng: random.Random) -> list[Card]:
    """The pack in random order: each card gets a random key and the pack is sorted by the keys.

    Measured cheaper than ``random.shuffle`` (one C call per card instead of a Python loop) and than
    drawing the keys first in C and sorting (key, card) pairs.
    """
    draw = rng.random
    return sorted(pack, key=lambda _card: draw())


@cache
def _packet_getters(players: int, hand_size: int, packet: int) -> tuple[Callable[[list[Card]], Any], ...]:
    """For each receiver in dealing order, a getter of the cards its packets hold in the pack without
    the dog cards (a tuple, since a hand has several cards): packet ``k`` goes to receiver
    ``k % players``."""
    positions: list[list[int]] = [[] for _ in range(players)]
    for index in range(players * hand_size):
        positions[index // packet % players].append(index)
    return tuple(itemgetter(*indexes) for indexes in positions)


def deal(variant: Dealt, dealer: Seat, seed: int | str) -> tuple[list[list[Card]], list[Card]]:
    """Hands (indexed by seat) and dog from a seeded shuffle: the same seed always gives the same deal."""
    return deal_from(variant, dealer, random.Random(f"tarot-deal:{seed}"))


def deal_from(
    variant: Dealt, dealer: Seat, rng: random.Random, *, sort: bool = True
) -> tuple[list[list[Card]], list[Card]]:
    """Hands (indexed by seat) and dog from a shuffle and deal drawn from ``rng``, see :func:`deal_pack`."""
    pack = shuffled_pack(variant.pack, rng)
    return deal_pack(variant, dealer, pack, rng, sort=sort)


def deal_pack(
    variant: Dealt, dealer: Seat, pack: list[Card], rng: random.Random, *, sort: bool = True
) -> tuple[list[list[Card]], list[Card]]:
    """Deal ``pack`` in packets; dog cards go singly into gaps chosen by ``rng``.

    The hands and the dog are in pack order, or with ``sort=False`` in the order they were dealt (for a
    caller that sorts them anyway, such as a new :class:`~tarot_core.engine.round.Round`)."""
    players = variant.players
    packet = variant.packet
    dog_size = variant.dog_size
    packets = players * variant.hand_size // packet
    # A dog card may follow any packet but the last, so it is never the pack's first or last card.
    gaps = sorted(rng.sample(range(1, packets), dog_size)) if dog_size else []
    # The k-th dog card lies after ``gaps[k]`` packets and the k dog cards before it.
    dog_positions = [gap * packet + k for k, gap in enumerate(gaps)]
    rest = list(pack)
    for position in reversed(dog_positions):
        del rest[position]
    assert len(rest) == players * variant.hand_size, "deal arithmetic"
    hands: list[list[Card]] = [[] for _ in range(players)]
    # The packets go round the table starting on the dealer's right.
    receivers = order_from(NEXT_SEAT[players][dealer], players)
    getters = _packet_getters(players, variant.hand_size, packet)
    dog = [pack[position] for position in dog_positions]
    if not sort:
        for seat, getter in zip(receivers, getters, strict=True):
            hands[seat] = list(getter(rest))
        return hands, dog
    for seat, getter in zip(receivers, getters, strict=True):
        hands[seat] = sorted(getter(rest))
    return hands, sorted(dog)
