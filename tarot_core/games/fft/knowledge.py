"""What French Tarot tells the computer players (see :mod:`tarot_core.engine.knowledge`)."""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter
from types import MappingProxyType
from typing import Final

from ...engine.knowledge import Knowledge
from ...engine.view import Sides
from .contracts import FftContract
from .sampling import french_sampler
from .scoring import FFT_MULTIPLIERS

#: The club count from which the rule-based player bids each contract (never a slam).
CLUB_COUNT_BIDS: Final[Mapping[str, int]] = MappingProxyType(
    {FftContract.PRISE: 41, FftContract.GARDE: 56, FftContract.GARDE_SANS: 71, FftContract.GARDE_CONTRE: 81}
)

KNOWLEDGE: Final = Knowledge(
    # The taker against the others; with five players, the holder of the called King plays with him.
    sides=Sides(partner_tables=frozenset({5})),
    # The trumps laid away are shown to the table.
    sample=french_sampler(discard_trumps_shown=True),
    card_value=attrgetter("half_points"),
    card_order=attrgetter("rank"),
    bids=CLUB_COUNT_BIDS,
    redeal_when_all_pass=True,
    excuse_lost_last=True,
    # A Knight or better (in half points).
    excuse_saves_from=5,
    # Only the bouts do more than their value and order, and no other card is worth what they are.
    plain_ranks=True,
    contract_factors=MappingProxyType(FFT_MULTIPLIERS),
)
