"""Mathers' deals of the unseen cards, for the computer players (:mod:`tarot_core.engine.knowledge`).

A deal consistent with what a seat saw: the hands now (each hand's size, the suits a player has shown
he lacks, the cards played, the declarations shown, the dealer's discard and stock when the seat is the
dealer), then the deal before the dealer's exchange and the calls for a Tarot Trump (a card handed over
unseen is drawn from what its receiver holds or played), so that the round can be replayed from it.
"""

from __future__ import annotations

import random

from ...actions import Action, ActionKind
from ...cards import PLAIN_SUITS, Card
from ...engine.knowledge import DealShape, Determinization, Place, fill
from ...engine.view import SeatView
from ...seats import Seat
from .options import TAROT_TRUMPS


def sample_mathers(view: SeatView, shape: DealShape, rng: random.Random) -> Determinization | None:
    """Mathers' game: the hands now, then the deal before the dealer's exchange and the calls for a
    Tarot Trump (a card handed over unseen is drawn from what its receiver holds or played)."""
    me, dealer = view.seat, view.dealer
    played = view.all_played()
    my_discard = next((p.cards for p in view.shown if p.name == "discard" and p.seat == me), ())
    stock_seen = next((p.cards for p in view.shown if p.name == "stock"), ())
    known: dict[Seat, list[Card]] = {s: [] for s in view.seats}
    gave_unseen = {a.seat for a in view.history if a.kind == "give" and not a.cards}
    loose: set[Card] = set()
    for pile in view.shown:
        if pile.name == "declaration" and pile.seat is not None and pile.seat != me:
            for card in pile.cards:
                if card in played or card in view.hand:
                    continue
                if pile.seat in gave_unseen:
                    loose.add(card)  # perhaps handed over since
                elif card not in known[pile.seat]:
                    known[pile.seat].append(card)
    located = set(view.hand) | played | set(my_discard)
    for cards in known.values():
        located.update(cards)
    places = [
        Place(str(s), s, view.hand_sizes[s] - len(known[s]), view.voids[s]) for s in view.seats if s != me
    ]
    hidden = dict(view.hidden)
    for name in ("discard", "dead"):
        if hidden.get(name):
            places.append(Place(name, None, hidden[name], frozenset()))
    given = fill([c for c in shape.pack if c not in located], places, rng)
    if given is None:
        return None
    current = {s: list(view.hand) if s == me else [*known[s], *given[str(s)]] for s in view.seats}
    if any(c in given.get("dead", []) or c in given.get("discard", []) for c in loose):
        return None
    hands: dict[Seat, list[Card]] = {s: [*current[s], *view.played[s]] for s in view.seats}
    # The calls for a Tarot Trump, undone from the last: each card handed over goes back to its giver.
    actions = list(view.history)
    for index in range(len(actions) - 1, -1, -1):
        action = actions[index]
        if action.kind != "give":
            continue
        first = actions[index - 1].kind == "declare"  # the asked player's Tarot Trump, else the give back
        ask = actions[index - 1] if first else actions[index - 2]
        if ask.kind != "declare" or not ask.word.startswith("ask-"):
            return None
        receiver = ask.seat if first else Seat.parse(ask.word.removeprefix("ask-"))
        if action.cards:
            card = action.card
        else:
            if first:
                pool = [c for c in hands[receiver] if c in TAROT_TRUMPS]
            else:
                pool = [c for c in hands[receiver] if c.suit in PLAIN_SUITS and c.rank <= 10]
            if not pool:
                return None
            card = pool[rng.randrange(len(pool))]
            actions[index] = Action(action.seat, ActionKind.GIVE, "", (card,))
        if card not in hands[receiver]:
            return None
        hands[receiver].remove(card)
        hands[action.seat].append(card)
    # The dealer's exchange, undone: the three cards he took go back aside, his discard to his hand.
    if stock_seen:
        stock = list(stock_seen)
    else:
        pool = list(hands[dealer])
        rng.shuffle(pool)
        stock = pool[: shape.dog_size]
    for card in stock:
        if card not in hands[dealer]:
            return None
        hands[dealer].remove(card)
    discard = list(my_discard) if me == dealer else given.get("discard", [])
    hands[dealer].extend(discard)
    pending = list(discard)
    rng.shuffle(pending)
    for index, action in enumerate(actions):
        if action.kind == "discard" and not action.cards:
            if not pending:
                return None
            actions[index] = Action(action.seat, ActionKind.DISCARD, "", (pending.pop(),))
    if any(len(hands[s]) != shape.hand_size for s in view.seats):
        return None
    dealt = tuple(tuple(sorted(hands[s])) for s in view.seats)
    return Determinization(dealt, tuple(sorted(stock)), tuple(actions))
