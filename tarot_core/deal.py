"""Seeded, reproducible shuffle and deal.

The dealer gives packets (of 3, or of 4 in the FFT three-player game) to each player in turn,
starting with the player on the dealer's right, and puts dog cards aside one at a time between
packets, never the first nor the last card of the pack.
"""

from __future__ import annotations

import random
from itertools import repeat, starmap
from operator import itemgetter
from typing import TYPE_CHECKING

from .cards import Card
from .seats import order_from

if TYPE_CHECKING:
    from .seats import Seat
    from .variant import Variant


def shuffled_pack(pack: tuple[Card, ...], rng: random.Random) -> list[Card]:
    """The pack in random order: each card gets a random key (in pack order) and the pack is sorted by
    the keys.

    The keys are drawn and the pairs sorted in C (``starmap`` calls ``rng.random`` with no argument), which
    is cheaper than ``random.shuffle``'s Python loop. Two equal keys (a chance of about 2**-41 per deal)
    keep the cards in pack order, as a stable sort by key alone would.
    """
    keys = starmap(rng.random, repeat((), len(pack)))
    return list(map(itemgetter(1), sorted(zip(keys, pack, strict=False))))


def deal(variant: Variant, dealer: Seat, seed: int | str) -> tuple[list[list[Card]], list[Card]]:
    """Hands (indexed by seat) and dog from a seeded shuffle: the same seed always gives the same deal."""
    rng = random.Random(f"tarot-deal:{seed}")
    pack = shuffled_pack(variant.pack, rng)
    return deal_pack(variant, dealer, pack, rng)


def deal_pack(
    variant: Variant, dealer: Seat, pack: list[Card], rng: random.Random
) -> tuple[list[list[Card]], list[Card]]:
    """Deal ``pack`` in packets; dog cards go singly into gaps chosen by ``rng``."""
    players = variant.players
    packet = variant.packet
    dog_size = variant.dog_size
    packets = players * variant.hand_size // packet
    # A dog card may follow any packet but the last, so it is never the pack's first or last card.
    gaps = sorted(rng.sample(range(1, packets), dog_size)) if dog_size else []
    hands: list[list[Card]] = [[] for _ in range(players)]
    # The packets go round the table starting on the dealer's right.
    receivers = [hands[seat] for seat in order_from(dealer.next(players), players)] * (packets // players + 1)
    dog: list[Card] = []
    position = 0
    gaps.append(-1)
    next_gap = gaps[0]
    taken = 0
    for number in range(packets):
        if next_gap == number:
            dog.append(pack[position])
            position += 1
            taken += 1
            next_gap = gaps[taken]
        receivers[number].extend(pack[position : position + packet])
        position += packet
    assert position == len(pack) and len(dog) == dog_size, "deal arithmetic"
    return [sorted(hand) for hand in hands], sorted(dog)
