"""The baseline players: any legal action, uniformly at random; and the play page's Beginner, who plays
its cards so but bids, calls, discards and announces as the rule-based player does."""

from __future__ import annotations

import random

from ..actions import Action
from ..engine.view import SeatView
from ..messages import ngettext
from .base import Player, action_words, legal_or_fail
from .rule import RulePlayer


class RandomPlayer:
    """Chooses uniformly among the legal actions (what the rule-based player is measured against)."""

    name = "random"

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        legal = legal_or_fail(view)
        return legal[rng.randrange(len(legal))]

    def explain(self, view: SeatView, action: Action) -> str:
        # The English says "among the 1 actions allowed" when there is one: kept as it was written.
        return ngettext(
            "{action}, drawn at random among the {n} actions allowed.",
            "{action}, drawn at random among the {n} actions allowed.",
            len(view.legal),
            action=action_words(action),
        )


class BeginnerPlayer:
    """The play page's Beginner level: it bids, calls, discards and announces as the rule-based player
    does (so it never takes a garde contre on a hand it cannot win), and plays its cards at random among
    those the rules allow."""

    name = "beginner"

    def __init__(self) -> None:
        self.cards: Player = RandomPlayer()
        self.rest: Player = RulePlayer()

    def _for(self, view: SeatView) -> Player:
        return self.cards if view.phase == "playing" else self.rest

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        return self._for(view).decide(view, rng)

    def explain(self, view: SeatView, action: Action) -> str:
        return self._for(view).explain(view, action)
