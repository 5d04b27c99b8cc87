"""Cards that play alike: the search weighs one card of each run of them (``alike_dropped``)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ..actions import Action
from ..cards import FULL_PACK, Card, Suit
from ..engine.view import SeatView
from .facts import knowledge


def alike_dropped(view: SeatView, plays: Sequence[Action], keep: Action | None = None) -> list[Action]:
    """``plays`` with one card left of each run of cards that play alike (under rules whose cards do no
    more than their value and order say, :attr:`~tarot_core.engine.knowledge.Knowledge.plain_ranks`): two
    cards of a suit worth the same, with every card ranked between them in the seat's hand or in a closed
    trick, such as the 6 and the 8 of trumps once a trick has taken the 7. Whichever is played, the same cards
    stay out for the others, so weighing both would spend the search's budget twice on one choice. (Not
    quite always: the higher card also tells the others that it is gone, and a partner who holds every
    card above it then knows the trick is his side's; the scores of the two differed on 1 of 440
    play-outs in the tests.) The card of each run kept is ``keep`` where it is one of them, else the
    lowest."""
    known = knowledge(view)
    if not known.plain_ranks:
        return list(plays)
    # The cards of the trick under way still count: the 9 beats the 8 led where the 7 does not.
    current = view.current
    gone = (set(view.hand) | view.all_played()) - set(current.cards if current is not None else ())
    order = known.card_order
    by_suit: dict[Suit, list[Action]] = {}
    for action in plays:
        card = action.card
        if action.kind == "play" and card is not None and card.suit is not Suit.EXCUSE:
            by_suit.setdefault(card.suit, []).append(action)
    dropped: set[Action] = set()
    for suit, actions in by_suit.items():
        if len(actions) < 2:
            continue
        actions.sort(key=lambda a: order(a.card))
        live = [order(c) for c in _suit_cards(suit) if c not in gone]
        run = [actions[0]]
        for action in actions[1:]:
            low, high = run[-1].card, action.card
            assert low is not None and high is not None
            alike = known.card_value(low) == known.card_value(high) and not any(
                order(low) < rank < order(high) for rank in live
            )
            if not alike:
                dropped.update(_all_but_one(run, keep))
                run = []
            run.append(action)
        dropped.update(_all_but_one(run, keep))
    return [a for a in plays if a not in dropped]


def _all_but_one(run: Sequence[Action], keep: Action | None) -> list[Action]:
    kept = keep if keep in run else run[0]
    return [a for a in run if a != kept]


@cache
def _suit_cards(suit: Suit) -> tuple[Card, ...]:
    return tuple(c for c in FULL_PACK if c.suit is suit)


__all__ = ["alike_dropped"]
