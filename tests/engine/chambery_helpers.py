"""Helpers of the Chambéry round tests: explicit deals, scripted bidding and snapshots."""

from __future__ import annotations

from collections.abc import Mapping

from tarot_core.actions import Action
from tarot_core.cards import Card, parse_cards
from tarot_core.engine.variant import find_variant
from tarot_core.games.chambery import ChamberyRound, ChamberyVariant, Stage
from tarot_core.seats import SEATS, Seat


def variant(key: str, **options: object) -> ChamberyVariant:
    found = find_variant(key, **options)
    assert isinstance(found, ChamberyVariant)
    return found


def build(key: str, written: Mapping[str, str], dealer: Seat = Seat.P1, **options: object) -> ChamberyRound:
    """A round whose seats hold the written cards ("p1": "HK T21", "extra": the dealer's extra cards);
    the other places are filled in pack order, seats first (p1, p2, ...), then the dealer's extras."""
    game = variant(key, **options)
    lay = game.layout
    wanted = {name: parse_cards(text) for name, text in written.items()}
    used = [card for cards in wanted.values() for card in cards]
    assert len(set(used)) == len(used), "a card is written twice"
    spare = iter(card for card in game.pack if card not in used)
    hands: list[list[Card]] = []
    for seat in SEATS[: lay.players]:
        hand = list(wanted.get(str(seat), []))
        while len(hand) < lay.hand_size:
            hand.append(next(spare))
        hands.append(hand)
    extra = list(wanted.get("extra", []))
    while len(extra) < lay.dealer_extra:
        extra.append(next(spare))
    assert next(spare, None) is None
    rnd = game.new_round(dealer, hands, extra)
    assert isinstance(rnd, ChamberyRound)
    return rnd


def stage(rnd: ChamberyRound) -> Stage:
    """The round's stage (a call, so that type checkers do not narrow it between two actions)."""
    return rnd.stage


def push(rnd: ChamberyRound, *texts: str) -> None:
    for text in texts:
        rnd.push(Action.parse(text, rnd.players))


def discard_first(rnd: ChamberyRound) -> None:
    """The dealer lays away the first cards offered."""
    while rnd.stage is Stage.DISCARD:
        rnd.push(rnd.legal_actions()[0])


def everyone_passes(rnd: ChamberyRound) -> None:
    while rnd.stage is Stage.BIDDING:
        seat = rnd.to_move
        assert seat is not None
        rnd.push(Action(seat, "pass"))
