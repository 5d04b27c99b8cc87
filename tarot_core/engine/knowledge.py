"""What the computer players know of a rule set, as the rule set declares it.

A computer player decides from a seat's view (:mod:`tarot_core.engine.view`). Where the rule sets differ,
it asks the rule set rather than testing which one it is: what a card is worth and its order in its
suit, who plays with whom, how the cards a seat cannot see may lie (the dog, a discard, the cards
handed over), how far the bids go and what a hand needs for each, what the cards laid away count for,
what becomes of the Excuse. Each game's ``knowledge`` module declares one :class:`Knowledge`;
:func:`~tarot_core.engine.variant.knowledge_for` finds it through the registry, as
:func:`~tarot_core.engine.variant.words_for` finds a game's words, and every variant has its family's as
``variant.knowledge``.

The pieces the rule sets' samplers share are here too: :class:`Determinization` (a deal consistent with
a view, and the record to replay on it), :class:`Place` (somewhere unseen cards go) and :func:`fill`
(the unseen cards dealt to the places, the most constrained first).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Protocol

from ..actions import Action
from ..cards import Card, Suit
from ..seats import Seat
from .view import SeatView, Sides


class DealShape(Protocol):
    """What a sampler reads of the variant: its pack and the sizes of the hands and of the cards dealt
    apart."""

    @property
    def pack(self) -> tuple[Card, ...]: ...
    @property
    def hand_size(self) -> int: ...
    @property
    def dog_size(self) -> int: ...


@dataclass(frozen=True, slots=True)
class Determinization:
    """A deal consistent with a view (each seat's hand as dealt, the cards dealt apart), and the record
    to replay on it (the view's history, with the cards hidden from the seat filled in)."""

    hands: tuple[tuple[Card, ...], ...]
    dog: tuple[Card, ...]
    actions: tuple[Action, ...]


class Sampler(Protocol):
    """Deals the cards a seat cannot see at random, consistently with its view and the rules, or None
    when this draw failed (the caller draws again)."""

    def __call__(self, view: SeatView, shape: DealShape, rng: random.Random) -> Determinization | None: ...


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What one rule set tells the computer players (and the views) about itself."""

    #: Who plays with whom.
    sides: Sides
    #: How the cards a seat cannot see may lie.
    sample: Sampler
    #: What a card is worth to the side that takes it, in the rule set's own units.
    card_value: Callable[[Card], int]
    #: A card's order inside its suit (trumps by number).
    card_order: Callable[[Card], int]
    #: The club count of a hand (scaled to 18 cards) from which the rule-based player bids each
    #: contract, by the bid's word; a bid not named here is never made.
    bids: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    #: Whether a bid means playing alone against the rest of the table (a solo).
    solo_bids: bool = False
    #: Whether the cards are dealt again when every player passes (so that passing scores nothing).
    redeal_when_all_pass: bool = False
    #: Whether the cards laid away count for the player who lays them away (else for nobody).
    discard_scores: bool = True
    #: Besides trumps and the Excuse, the cards worth keeping out of a discard that counts for nobody.
    discard_keeps: frozenset[Card] = frozenset()
    #: Whether the Excuse played to the last trick is lost to its holder's side.
    excuse_lost_last: bool = False
    #: The value (in :attr:`card_value`'s units) from which the rule-based player plays the Excuse rather
    #: than lose the card in a trick it cannot win; None: it does not.
    excuse_saves_from: int | None = None
    #: Whether two cards of a suit (or two trumps) worth the same, with no card still to be played ranked
    #: between them, play alike: no card does more than its value and its order say (no King that cuts,
    #: no trump with a bonus of its own), so a search may weigh one for both.
    plain_ranks: bool = False
    #: How many times each contract counts a deal's score, by the bid's word (empty where the contracts
    #: are not a ladder of multiples).
    contract_factors: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))


# ---------------------------------------------------------------------------------------- sampling
@dataclass(slots=True)
class Place:
    """Somewhere unseen cards go: a hand (``seat``) or a hidden pile (``seat`` None), with room for
    ``room`` more cards."""

    name: str
    seat: Seat | None
    room: int
    void: frozenset[Suit]
    no_honours: bool = False
    no_trumps: bool = False
    #: No unseen trump under this number: a handful shows its holder's lowest trumps (all of them when
    #: it needs the Excuse).
    trump_floor: int = 0
    #: No unseen trump over this number: a player who played a lower trump to a trick held by a trump,
    #: where the rules say he must overtrump when he can, had no trump over it.
    trump_ceiling: int = 21

    def takes(self, card: Card) -> bool:
        if card.suit in self.void or (
            card.is_trump and (card.rank < self.trump_floor or card.rank > self.trump_ceiling)
        ):
            return False
        if self.no_honours and (card.is_king or card.is_bout):
            return False
        return not (self.no_trumps and card.is_trump)


def trump_ceilings(view: SeatView) -> dict[Seat, int]:
    """For each seat that has shown it, the number over which it holds no trump: it played a trump under
    the trick's best trump (the rules make a player overtrump when he can, so he could not)."""
    ceilings: dict[Seat, int] = {}
    tricks = [*view.tricks, view.current] if view.current is not None else view.tricks
    for trick in tricks:
        best = 0
        for seat, card in trick.plays:
            if not card.is_trump:
                continue
            if card.rank < best:
                ceilings[seat] = min(best, ceilings.get(seat, 21))
            else:
                best = card.rank
    return ceilings


class Filler:
    """Deals ``cards`` to ``places`` again and again (:meth:`draw`), the work that does not change from
    one draw to the next done once: which places each card may go to (``allowed`` narrows them
    further). A draw deals the most constrained cards first, each to a place drawn by the room left;
    the cards that may go anywhere come last, and since each of them then goes to a place drawn by the
    room left, they are simply shuffled and cut into the rooms (the same chances, in one step)."""

    __slots__ = ("_constrained", "_free", "_names", "_options", "_rooms")

    def __init__(
        self,
        cards: Sequence[Card],
        places: Sequence[Place],
        allowed: Callable[[Card, Place], bool] | None = None,
    ) -> None:
        self._names = [p.name for p in places]
        self._rooms = [p.room for p in places]
        everywhere = tuple(range(len(places)))
        self._options: dict[Card, tuple[int, ...]] = {}
        self._free: list[Card] = []
        self._constrained: list[Card] = []
        for card in cards:
            options = tuple(
                i for i, p in enumerate(places) if p.takes(card) and (allowed is None or allowed(card, p))
            )
            if options == everywhere:
                self._free.append(card)
            else:
                self._options[card] = options
                self._constrained.append(card)

    def draw(self, rng: random.Random) -> dict[str, list[Card]] | None:
        """One deal of the cards, by place name; None when a card finds no room."""
        rooms = list(self._rooms)
        given: list[list[Card]] = [[] for _ in rooms]
        options = self._options
        constrained = list(self._constrained)
        if constrained:
            rng.shuffle(constrained)
            constrained.sort(key=lambda c: len(options[c]))
        for card in constrained:
            open_places = [i for i in options[card] if rooms[i] > 0]
            if not open_places:
                return None
            pick = rng.randrange(sum(rooms[i] for i in open_places))
            for index in open_places:
                pick -= rooms[index]
                if pick < 0:
                    break
            rooms[index] -= 1
            given[index].append(card)
        free = list(self._free)
        if len(free) > sum(rooms):
            return None
        rng.shuffle(free)
        start = 0
        for index, room in enumerate(rooms):
            given[index].extend(free[start : start + room])
            start += room
        return dict(zip(self._names, given, strict=True))


def fill(
    cards: list[Card],
    places: list[Place],
    rng: random.Random,
    allowed: Callable[[Card, Place], bool] | None = None,
) -> dict[str, list[Card]] | None:
    """Deal ``cards`` to ``places`` once (see :class:`Filler`); None when a card finds no room."""
    return Filler(cards, places, allowed).draw(rng)


__all__ = [
    "DealShape",
    "Determinization",
    "Filler",
    "Knowledge",
    "Place",
    "Sampler",
    "Sides",
    "fill",
    "trump_ceilings",
]
