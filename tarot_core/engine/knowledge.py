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
from collections.abc import Callable, Mapping
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


def fill(
    cards: list[Card],
    places: list[Place],
    rng: random.Random,
    allowed: Callable[[Card, Place], bool] | None = None,
) -> dict[str, list[Card]] | None:
    """Deal ``cards`` to ``places``, the most constrained cards first, each to a place drawn by the room
    left; None when a card finds no room. ``allowed`` narrows the places a card may go to further."""
    rng.shuffle(cards)
    options = {
        card: [p for p in places if p.takes(card) and (allowed is None or allowed(card, p))] for card in cards
    }
    cards.sort(key=lambda c: len(options[c]))
    given: dict[str, list[Card]] = {p.name: [] for p in places}
    for card in cards:
        open_places = [p for p in options[card] if p.room > 0]
        if not open_places:
            return None
        pick = rng.randrange(sum(p.room for p in open_places))
        for place in open_places:
            pick -= place.room
            if pick < 0:
                break
        place.room -= 1
        given[place.name].append(card)
    return given


__all__ = ["DealShape", "Determinization", "Knowledge", "Place", "Sampler", "Sides", "fill", "trump_ceilings"]
