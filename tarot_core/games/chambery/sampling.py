"""Chambéry Tarot's deals of the unseen cards, for the computer players (:mod:`tarot_core.engine.knowledge`).

A deal consistent with what a seat saw: the hands now (each hand's size, the suits a player has shown
he lacks, the cards played, the demanded cards handed to the soloist and those found in the discard,
the cards given back, the holder of the called King once he made himself known), then the deal before
the dealer's discard and the exchanges, so that the round can be replayed from it.
"""

from __future__ import annotations

import random

from ...actions import Action, ActionKind
from ...cards import Card, Suit
from ...engine.knowledge import DealShape, Determinization, Place, fill
from ...engine.view import SeatView
from ...seats import Seat


def sample_chambery(view: SeatView, shape: DealShape, rng: random.Random) -> Determinization | None:
    """Chambéry Tarot: the hands now, then the deal before the dealer's discard and the exchanges."""
    me, dealer, taker = view.seat, view.dealer, view.taker
    played = view.all_played()
    piles = {name: [p for p in view.shown if p.name == name] for name in ("received", "given")}
    received = [(p.cards[0], p.seat) for p in piles["received"] if p.seat is not None]
    given_seen = {p.cards[0]: Seat.parse(p.word) for p in piles["given"]}
    in_discard = [c for p in view.shown if p.name in ("discard-found", "discard-pagat") for c in p.cards]
    my_discard = next((p.cards for p in view.shown if p.name == "discard" and p.seat == me), ())
    known: dict[Seat, list[Card]] = {s: [] for s in view.seats}
    if taker is not None:
        known[taker].extend(c for c, _ in received if c not in played)
    for card, receiver in given_seen.items():
        if card not in played and receiver != me:
            known[receiver].append(card)
    called, partner = view.called, view.partner
    if called is not None and partner is not None and partner != me and called not in played:
        known[partner].append(called)  # the holder of the called card made himself known
    located = set(view.hand) | played | set(my_discard) | set(in_discard)
    for cards in known.values():
        located.update(cards)
    places = [
        Place(str(s), s, view.hand_sizes[s] - len(known[s]), view.voids[s]) for s in view.seats if s != me
    ]
    hidden = dict(view.hidden).get("discard", 0)
    if hidden:
        places.append(Place("discard", None, hidden, frozenset({Suit.TRUMPS, Suit.EXCUSE}), True))
    given = fill([c for c in shape.pack if c not in located], places, rng)
    if given is None:
        return None
    current = {s: list(view.hand) if s == me else [*known[s], *given[str(s)]] for s in view.seats}
    discard = list(my_discard) if me == dealer else [*in_discard, *given.get("discard", [])]
    # The cards the soloist gave back, in order: each went to the holder of the card received in turn.
    gives: list[Card] = []
    give_actions = [a for a in view.history if a.kind == "give"]
    for index, action in enumerate(give_actions):
        receiver = received[index][1]
        if action.cards:
            gives.append(action.card)
            continue
        pool = [
            c
            for c in [*current[receiver], *view.played[receiver]]
            if c not in gives and c not in known[receiver] and c not in {r for r, _ in received}
        ]
        if not pool:
            return None
        gives.append(pool[rng.randrange(len(pool))])
    hands: dict[Seat, list[Card]] = {s: [*current[s], *view.played[s]] for s in view.seats}
    hands[dealer].extend(discard)
    for card, holder in received:
        if taker is None or card not in hands[taker]:
            return None
        hands[taker].remove(card)
        hands[holder].append(card)
    for card, (_, receiver) in zip(gives, received, strict=False):
        if card not in hands[receiver] or taker is None:
            return None
        hands[receiver].remove(card)
        hands[taker].append(card)
    extras_count = shape.dog_size
    dealt = hands[dealer]
    rng.shuffle(dealt)
    extras, hands[dealer] = dealt[:extras_count], dealt[extras_count:]
    if any(len(hands[s]) != shape.hand_size for s in view.seats):
        return None
    hidden_discard = list(discard)
    rng.shuffle(hidden_discard)
    actions: list[Action] = []
    give_cards = iter(gives)
    for seen in view.history:
        if seen.kind == "discard" and not seen.cards:
            if not hidden_discard:
                return None
            actions.append(Action(seen.seat, ActionKind.DISCARD, "", (hidden_discard.pop(),)))
        elif seen.kind == "give":
            actions.append(Action(seen.seat, ActionKind.GIVE, "", (next(give_cards),)))
        else:
            if seen.kind == "discard" and seen.card in hidden_discard:
                hidden_discard.remove(seen.card)
            actions.append(seen)
    return Determinization(tuple(tuple(sorted(hands[s])) for s in view.seats), tuple(extras), tuple(actions))
