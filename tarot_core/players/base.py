"""What every computer player is, and the words its explanations share."""

from __future__ import annotations

import random
from typing import Protocol

from ..actions import Action
from ..cards import Card
from ..describe import card_noun, describe
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
    """``the King of Hearts``, ``the Excuse``: a card as a sentence names it
    (``tarot_core.describe.card_noun``)."""
    return str(card_noun(card))


def action_words(action: Action) -> str:
    """What an action does, as the start of a sentence: ``Plays the King of Hearts``
    (``tarot_core.describe.describe``). An action as another seat saw it may have lost its card (a
    discard, a card handed over face down): it says "a card"."""
    return str(describe(action))


def legal_or_fail(view: SeatView) -> tuple[Action, ...]:
    if not view.legal:
        raise PlayerError(gettext_lazy("{seat} has nothing to do now: it is not its turn", seat=view.seat))
    return view.legal
