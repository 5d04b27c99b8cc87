"""The baseline player: any legal action, uniformly at random."""

from __future__ import annotations

import random

from ..actions import Action
from ..engine.view import SeatView
from ..messages import ngettext
from .base import action_words, legal_or_fail


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
