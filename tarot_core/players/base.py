"""What every computer player is, and the words its explanations share."""

from __future__ import annotations

import random
from typing import Protocol

from ..actions import Action
from ..cards import Card
from ..engine.view import SeatView
from ..errors import TarotError
from ..messages import gettext_lazy


class PlayerError(TarotError):
    """A player asked for something it cannot do (an unknown player, a view with no legal action)."""


class Player(Protocol):
    """A policy: a decision from a seat's view, and one sentence saying why."""

    name: str

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        """One of ``view.legal``."""
        ...

    def explain(self, view: SeatView, action: Action) -> str:
        """One sentence a learner understands, saying what ``action`` does and why."""
        ...


def card_words(card: Card) -> str:
    """``the King of Hearts``, ``the Excuse``: a card as a sentence names it."""
    name = card.name
    return name if name.startswith("the ") else f"the {name}"


def action_words(action: Action) -> str:
    """What an action does, as the start of a sentence: ``Plays the King of Hearts``. An action as another
    seat saw it may have lost its card (a discard, a card handed over face down): it says "a card"."""
    kind = action.kind
    if kind in ("discard", "give") and not action.cards:
        return "Lays a card away, face down" if kind == "discard" else "Hands over a card, face down"
    if kind == "play":
        return f"Plays {card_words(action.card)}"
    if kind == "pass":
        return "Passes"
    if kind == "bid":
        return f"Bids {action.word.replace('-', ' ')}"
    if kind == "call":
        return f"Calls {card_words(action.card)}"
    if kind == "discard":
        return f"Lays away {card_words(action.card)}"
    if kind == "handful":
        return f"Shows a {action.word} handful"
    if kind == "slam":
        return "Announces a slam"
    if kind == "petit-sec":
        return "Announces the Petit alone (petit sec)"
    if kind == "declare":
        if action.word == "all":
            return "Declares every combination"
        return f"Asks {action.word.removeprefix('ask-')} for a Tarot Trump"
    if kind == "give":
        return f"Hands over {card_words(action.card)}"
    if kind == "demand":
        return f"Asks for {card_words(action.card)}"
    return str(action)


def legal_or_fail(view: SeatView) -> tuple[Action, ...]:
    if not view.legal:
        raise PlayerError(gettext_lazy("{seat} has nothing to do now: it is not its turn", seat=view.seat))
    return view.legal
