"""The play page's log: what the table says after each action of the deal, as the reader's seat saw it
(the action, what it showed the table, and who won each trick and what it was worth)."""

from __future__ import annotations

from typing import Final

from tarot_core.cards import Card, sort_hand
from tarot_core.describe import card_noun
from tarot_core.engine.round import Round
from tarot_core.engine.view import SeatView
from tarot_core.messages import Number, _, join_and, ngettext
from tarot_core.seats import Seat

from .play_table import Game, action_sentence

#: The kinds of action of the auction: the dog, when it is shown, is turned over after the last of them.
AUCTION_KINDS: Final = frozenset({"pass", "bid", "call", "petit-sec"})


def trick_sentence(game: Game, rnd: Round, number: int) -> str:
    """Who won trick ``number`` (0 is the first) and what it was worth under the rules being played:
    ``Bruno wins trick 3, worth 9.5 points.``"""
    trick = rnd.tricks[number]
    assert trick.winner is not None
    value = rnd.trick_value(trick)
    points = Number(value)
    if trick.winner == game.seat:
        return ngettext(
            "You win trick {number}, worth {points} point.",
            "You win trick {number}, worth {points} points.",
            int(value),
            number=number + 1,
            points=points,
        )
    return ngettext(
        "{who} wins trick {number}, worth {points} point.",
        "{who} wins trick {number}, worth {points} points.",
        int(value),
        who=game.name(trick.winner),
        number=number + 1,
        points=points,
    )


def log_lines(game: Game, rnd: Round, view: SeatView, start: int = 0) -> list[list[str]]:
    """What the table's log says after each action of the deal so far, as the reader's seat saw it:
    the action, then what it showed the table (the dog turned over, a handful's trumps) and, for the
    card that completes a trick, who won it and what it was worth. From action ``start`` on (the
    actions before it are left out: a move needs only its own lines)."""
    words = game.variant.words
    shown = {(pile.name, pile.seat): pile.cards for pile in view.shown}
    auction = [i for i, action in enumerate(view.history) if action.kind in AUCTION_KINDS]
    last_auction = auction[-1] if auction else -1
    # the card that completes each trick: its seat and card, in the order of play
    ends: dict[tuple[Seat, Card], int] = {}
    for number, trick in enumerate(rnd.tricks):
        if trick.winner is not None and trick.plays:
            ends[trick.plays[-1]] = number
    done: set[int] = set()
    lines: list[list[str]] = []
    for index, action in enumerate(view.history):
        if index < start:
            continue
        said = [action_sentence(game, action)]
        if index == last_auction and ("dog", None) in shown:
            cards = join_and(card_noun(card, words) for card in sort_hand(list(shown["dog", None])))
            said.append(_("The dog is turned over: {cards}.", cards=cards))
        if action.kind == "handful" and ("handful", action.seat) in shown:
            cards = join_and(
                card_noun(card, words) for card in sort_hand(list(shown["handful", action.seat]))
            )
            said.append(_("The handful shown: {cards}.", cards=cards))
        if action.kind == "play" and action.cards:
            won = ends.get((action.seat, action.card))
            if won is not None and won not in done:
                done.add(won)
                said.append(trick_sentence(game, rnd, won))
        lines.append(said)
    return lines
