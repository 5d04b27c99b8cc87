"""What the older French rules tell the computer players (see :mod:`tarot_core.engine.knowledge`): French
Tarot's, but for the contracts' names and the discard, whose trumps stay hidden."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Final

from ...engine.knowledge import Knowledge
from ..fft.knowledge import CLUB_COUNT_BIDS as FRENCH_BIDS
from ..fft.knowledge import KNOWLEDGE as FRENCH
from ..fft.sampling import french_sampler
from .contracts import ClassicContract
from .options import MULTIPLIER

#: The club count from which the rule-based player bids each contract: French Tarot's, the same ladder
#: under other names (never a slam).
CLUB_COUNT_BIDS: Final[Mapping[str, int]] = MappingProxyType(
    {
        ClassicContract.SMALL: FRENCH_BIDS["prise"],
        ClassicContract.GUARD: FRENCH_BIDS["garde"],
        ClassicContract.GUARD_WITHOUT: FRENCH_BIDS["garde-sans"],
        ClassicContract.GUARD_AGAINST: FRENCH_BIDS["garde-contre"],
    }
)

KNOWLEDGE: Final[Knowledge] = replace(
    FRENCH,
    sample=french_sampler(discard_trumps_shown=False),
    bids=CLUB_COUNT_BIDS,
    contract_factors=MappingProxyType(MULTIPLIER),
)
