"""Helpers of the per-seat view tests (and the players' tests): stopped random rounds, the cards a seat
may see by the rules, and rounds replayed with two hidden cards exchanged.

The view tests check:

Over random rounds of every registered rule set and player count, stopped at random moments:

* every card the view shows is one the seat may see (an oracle written here from the rules, apart
  from the rule sets' own hooks);
* swapping two cards the view does not show (between other hands, the unseen dog, another player's
  discard, the dead hand), in the deal and in the record, then replaying the round, leaves the view
  unchanged (swaps that make the record illegal, or that change what is said aloud about hidden
  cards, such as the lowest trumps of a handful or a petit sec, are set aside);
* the view's legal actions are the round's when it is the seat's turn, and none otherwise.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from tarot_core.actions import Action
from tarot_core.cards import PETIT, Card
from tarot_core.engine.round import Round
from tarot_core.engine.variant import all_variants, find_variant
from tarot_core.engine.view import SeatView
from tarot_core.errors import TarotError
from tarot_core.games.chambery import ChamberyRound
from tarot_core.games.mathers import MathersRound
from tarot_core.seats import SEATS, Seat

VARIANT_CASES: list[tuple[str, dict[str, object]]] = [(key, {}) for key in sorted(all_variants())] + [
    (f"chambery-{n}", {"pack": 62}) for n in (3, 4, 5)
]


def stopped_rounds(key: str, options: dict[str, object], count: int, seed: int) -> Iterator[Round]:
    """Random rounds of ``key``, each stopped at a random number of actions."""
    variant = find_variant(key, **options)
    rng = random.Random(f"{key}:{options}:{seed}")
    for number in range(count):
        rnd = variant.deal_round(SEATS[number % variant.players], f"{seed}-{number}")
        actions: list[Action] = []
        while not rnd.is_over:
            legal = rnd.legal_actions()
            action = legal[rng.randrange(len(legal))]
            actions.append(action)
            rnd.push(action)
        stop = rng.randrange(len(actions) + 1)
        rnd = variant.new_round(rnd.dealer, rnd.initial_hands, rnd.initial_dog)
        for action in actions[:stop]:
            rnd.push(action)
        yield rnd


def seen_cards(rnd: Round, seat: Seat) -> set[Card]:
    """Every card ``seat`` may have seen by now, by the rules (the oracle)."""
    cards: set[Card] = set(rnd.hands[seat])
    for trick in [*rnd.tricks, *([rnd.current] if rnd.current else [])]:
        cards.update(trick.cards)
    if rnd.called is not None:
        cards.add(rnd.called)  # named aloud
    if isinstance(rnd, MathersRound):
        cards.update(rnd.initial_hands[seat])
        if seat == rnd.dealer:
            cards.update(rnd.discard)
            if rnd.dog_revealed:
                cards.update(rnd.initial_dog)
        for declared in rnd.declared.values():
            for declaration in declared:
                cards.update(declaration.cards)
        for ask in [*rnd.asks, *([rnd.pending] if rnd.pending else [])]:
            if seat in (ask.asker, ask.asked):
                cards.update(c for c in (ask.given, ask.returned) if c is not None)
        return cards
    if isinstance(rnd, ChamberyRound):
        cards.update(rnd.dealt[seat])
        if seat == rnd.dealer:
            cards.update(rnd.discard)
        cards.update(rnd.demands)
        cards.update(rnd.misses)
        if PETIT in rnd.discard:
            cards.add(PETIT)
        cards.update(card for card, receiver in rnd.given if seat in (rnd.taker, receiver))
        return cards
    cards.update(rnd.initial_hands[seat])
    if rnd.dog_revealed:
        cards.update(rnd.initial_dog)
    if seat == rnd.taker:
        cards.update(rnd.discard)
    elif rnd.variant.family == "fft":
        cards.update(c for c in rnd.discard if c.is_trump)
    for _, _, shown in rnd.handfuls:
        cards.update(shown)
    return cards


def shown_cards(view: SeatView) -> set[Card]:
    """Every card the view shows (the cards named by legal demands and calls are choices, not sights)."""
    cards: set[Card] = set(view.hand)
    for pile in view.shown:
        cards.update(pile.cards)
    for trick in view.tricks:
        cards.update(trick.cards)
    for action in view.history:
        cards.update(action.cards)
    for action in view.legal:
        if action.kind not in ("demand", "call"):
            cards.update(action.cards)
    for played in view.played:
        cards.update(played)
    if view.called is not None:
        cards.add(view.called)
    return cards


def location(rnd: Round, card: Card) -> int:
    for seat in SEATS[: rnd.players]:
        if card in rnd.hands[seat]:
            return int(seat)
    return -1


def swapped(rnd: Round, a: Card, b: Card) -> Round | None:
    """The round dealt with ``a`` and ``b`` exchanged and replayed with its record so exchanged; None
    when the record no longer replays or what is said aloud about the cards changes."""

    def swap(card: Card) -> Card:
        return b if card == a else a if card == b else card

    hands = [[swap(c) for c in hand] for hand in rnd.initial_hands]
    dog = [swap(c) for c in rnd.initial_dog]
    try:
        other = rnd.variant.new_round(rnd.dealer, hands, dog)
        for action in rnd.actions:
            other.push(Action(action.seat, action.kind, action.word, tuple(swap(c) for c in action.cards)))
    except TarotError:
        return None
    if other.handfuls != rnd.handfuls or other.rule_public_notes() != rnd.rule_public_notes():
        return None
    if (other.phase, other.to_move) != (rnd.phase, rnd.to_move):
        return None  # the course of the round changed for all to see (a petit sec announced, ...)
    if isinstance(rnd, MathersRound) and isinstance(other, MathersRound) and other.declared != rnd.declared:
        return None
    return other
