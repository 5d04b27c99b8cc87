"""The French rules' deals of the unseen cards, for the computer players (:mod:`tarot_core.engine.knowledge`).

A deal consistent with what a seat saw: each hand's size, the suits a player has shown he lacks, the
trumps he has shown he lacks (he played under a trump when he had to overtrump if he could), the cards
played, the dog when it was turned over, the seat's own discard, the trumps shown in a discard, a
handful's trumps. Then the dog and the discard are undone (the taker's hand as dealt), so that the
round can be replayed from the deal. The older French rules share it: only whether the trumps laid away
are shown differs.
"""

from __future__ import annotations

import random

from ...actions import Action, ActionKind
from ...cards import EXCUSE, Card
from ...engine.knowledge import DealShape, Determinization, Filler, Place, Sampler, trump_ceilings
from ...engine.view import SeatView
from ...seats import Seat


def french_sampler(discard_trumps_shown: bool) -> Sampler:
    """The sampler of a French rule set; ``discard_trumps_shown``: the rules make the taker show the
    trumps he lays away (so that a hidden discard holds none)."""

    def sample(view: SeatView, shape: DealShape, rng: random.Random) -> Determinization | None:
        return sample_french(view, shape, rng, discard_trumps_shown)

    return sample


class _Prepared:
    """What a view's deals share: where each unseen card may go, and what is known of each hand. A
    search draws many deals for one view, so the last view's is kept (:func:`_prepared`)."""

    __slots__ = (
        "discard_trumps_shown",
        "dog_shown",
        "dog_taken",
        "filler",
        "known",
        "my_discard",
        "shape",
        "shown_trumps",
        "view",
    )

    def __init__(self, view: SeatView, shape: DealShape, discard_trumps_shown: bool) -> None:
        self.view = view
        self.shape = shape
        self.discard_trumps_shown = discard_trumps_shown
        me = view.seat
        taker = view.taker
        played = view.all_played()
        hidden = dict(view.hidden)
        dog_shown = next((p.cards for p in view.shown if p.name == "dog"), None)
        self.dog_shown = dog_shown
        self.dog_taken = dog_taken = dog_shown is not None and any(a.kind == "discard" for a in view.history)
        self.my_discard = my_discard = next(
            (p.cards for p in view.shown if p.name == "discard" and p.seat == me), ()
        )
        self.shown_trumps = shown_trumps = next(
            (p.cards for p in view.shown if p.name == "discard-trumps"), ()
        )
        known: dict[Seat, list[Card]] = {s: [] for s in view.seats}
        floor: dict[Seat, int] = {}
        for pile in view.shown:
            if pile.name == "handful" and pile.seat is not None and pile.seat != me:
                known[pile.seat].extend(c for c in pile.cards if c not in played)
                floor[pile.seat] = 22 if EXCUSE in pile.cards else max(c.rank for c in pile.cards)
        self.known = known
        located = set(view.hand) | played | set(my_discard) | set(shown_trumps)
        for cards in known.values():
            located.update(cards)
        if dog_shown is not None and not dog_taken:
            located.update(dog_shown)  # turned over and left where it is
        with_taker: set[Card] = set()
        if dog_taken and dog_shown is not None and me != taker:
            with_taker = {c for c in dog_shown if c not in located}
        places: list[Place] = []
        ceilings = trump_ceilings(view)
        for seat in view.seats:
            if seat != me:
                room = view.hand_sizes[seat] - len(known[seat])
                places.append(
                    Place(
                        str(seat),
                        seat,
                        room,
                        view.voids[seat],
                        trump_floor=floor.get(seat, 0),
                        trump_ceiling=ceilings.get(seat, 21),
                    )
                )
        if hidden.get("dog"):
            places.append(Place("dog", None, hidden["dog"], frozenset()))
        if hidden.get("discard"):
            places.append(Place("discard", None, hidden["discard"], frozenset(), True, discard_trumps_shown))

        def allowed(card: Card, place: Place) -> bool:
            """A card of the dog taken up is in the taker's hand or in his discard."""
            return card not in with_taker or place.seat == taker or place.name == "discard"

        self.filler = Filler([c for c in shape.pack if c not in located], places, allowed)


_LAST: list[_Prepared] = []


def _prepared(view: SeatView, shape: DealShape, discard_trumps_shown: bool) -> _Prepared:
    """The preparation of ``view``'s deals, kept for the last view asked about."""
    if _LAST:
        found = _LAST[0]
        if found.view is view and found.shape is shape and found.discard_trumps_shown == discard_trumps_shown:
            return found
    found = _Prepared(view, shape, discard_trumps_shown)
    _LAST[:] = [found]
    return found


def sample_french(
    view: SeatView, shape: DealShape, rng: random.Random, discard_trumps_shown: bool
) -> Determinization | None:
    """A deal of the French rule sets consistent with ``view``, or None if this draw failed."""
    prepared = _prepared(view, shape, discard_trumps_shown)
    given = prepared.filler.draw(rng)
    if given is None:
        return None
    me = view.seat
    taker = view.taker
    known = prepared.known
    shown_trumps = prepared.shown_trumps
    dog_shown = prepared.dog_shown
    hands: list[list[Card]] = []
    for seat in view.seats:
        hand = list(view.hand) if seat == me else [*known[seat], *given[str(seat)]]
        hands.append([*hand, *view.played[seat]])
    discard: list[Card] = (
        list(prepared.my_discard) if me == taker else [*shown_trumps, *given.get("discard", [])]
    )
    dog = list(dog_shown) if dog_shown is not None else given.get("dog", [])
    if prepared.dog_taken and taker is not None:
        hand = hands[taker]
        hand.extend(discard)
        for card in dog:
            if card not in hand:
                return None
            hand.remove(card)
    if any(len(hand) != shape.hand_size for hand in hands) or len(dog) != shape.dog_size:
        return None
    # The record, the hidden discard filled in.
    hidden_discard = [c for c in discard if c not in shown_trumps]
    actions: list[Action] = []
    for seen in view.history:
        if seen.kind == "discard" and not seen.cards:
            if not hidden_discard:
                return None
            actions.append(Action(seen.seat, ActionKind.DISCARD, "", (hidden_discard.pop(),)))
        else:
            actions.append(seen)
    return Determinization(tuple(map(tuple, hands)), tuple(dog), tuple(actions))
