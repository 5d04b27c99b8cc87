"""What Mathers' game tells the computer players (see :mod:`tarot_core.engine.knowledge`)."""

from __future__ import annotations

from operator import attrgetter
from typing import Final

from ...cards import Card
from ...engine.knowledge import Knowledge
from ...engine.view import Sides
from .options import CATEGORY_VALUES, TAROT_TRUMPS
from .play import category
from .sampling import sample_mathers


def card_value(card: Card) -> int:
    """What a card is worth to the player who takes it: the value of its scoring category."""
    return CATEGORY_VALUES[category(card)]


KNOWLEDGE: Final = Knowledge(
    sides=Sides(each_for_himself=True),
    sample=sample_mathers,
    card_value=card_value,
    card_order=attrgetter("rank"),
    # No bidding: each player declares what he holds.
    # The cards the dealer throws out count for nobody; the Tarot Trumps score in declarations.
    discard_scores=False,
    discard_keeps=frozenset(TAROT_TRUMPS),
)
