"""What Chambéry Tarot tells the computer players (see :mod:`tarot_core.engine.knowledge`)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from ...engine.knowledge import Knowledge
from ...engine.view import Sides
from .contracts import ChamberyBid
from .play import card_points, strength
from .sampling import sample_chambery

#: The club count from which the rule-based player bids each solo.
CLUB_COUNT_BIDS: Final[Mapping[str, int]] = MappingProxyType(
    {ChamberyBid.SOLO_TWO_CARDS: 75, ChamberyBid.SOLO_ONE_CARD: 85, ChamberyBid.SOLO_HAND: 95}
)

KNOWLEDGE: Final = Knowledge(
    # Three players: each for himself. A soloist against the others; when nobody bids, the dealer with
    # the holder of the King he calls; four players may play fixed partners, sitting opposite.
    sides=Sides(alone_contracts=frozenset({"individual"}), partner_contracts=frozenset({"call", "fixed"})),
    sample=sample_chambery,
    card_value=card_points,
    card_order=strength,
    bids=CLUB_COUNT_BIDS,
    solo_bids=True,
    # When nobody bids, the dealer calls a King: the deal is played all the same.
    redeal_when_all_pass=False,
    # The dealer's discard counts for him; the Fou is shown once and kept, in the last trick too.
    discard_scores=True,
)
