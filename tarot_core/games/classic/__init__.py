"""The older French rules: three players, or five with a called King.

The package gathers the public names of its modules: ``rules``.
"""

from __future__ import annotations

from .rules import (
    BASE as BASE,
)
from .rules import (
    CONTRACT_FRENCH as CONTRACT_FRENCH,
)
from .rules import (
    CONTRACT_NAMES as CONTRACT_NAMES,
)
from .rules import (
    CONTRACTS as CONTRACTS,
)
from .rules import (
    HAND_BONUS_NAMES as HAND_BONUS_NAMES,
)
from .rules import (
    HAND_BONUSES as HAND_BONUSES,
)
from .rules import (
    MULTIPLIER as MULTIPLIER,
)
from .rules import (
    OPTION_CHOICES as OPTION_CHOICES,
)
from .rules import (
    PAIR_VALUES as PAIR_VALUES,
)
from .rules import (
    PETIT_LAST_TRICK as PETIT_LAST_TRICK,
)
from .rules import (
    SLAM_BID_MADE as SLAM_BID_MADE,
)
from .rules import (
    SLAM_UNBID as SLAM_UNBID,
)
from .rules import (
    TARGETS as TARGETS,
)
from .rules import (
    TOTAL_POINTS as TOTAL_POINTS,
)
from .rules import (
    Classic3 as Classic3,
)
from .rules import (
    Classic5 as Classic5,
)
from .rules import (
    ClassicOptions as ClassicOptions,
)
from .rules import (
    ClassicRound as ClassicRound,
)
from .rules import (
    ClassicRoundScore as ClassicRoundScore,
)
from .rules import (
    ClassicScore as ClassicScore,
)
from .rules import (
    ClassicVariant as ClassicVariant,
)
from .rules import (
    bonuses_table as bonuses_table,
)
from .rules import (
    contracts_table as contracts_table,
)
from .rules import (
    deal_classic as deal_classic,
)
from .rules import (
    deal_shape as deal_shape,
)
from .rules import (
    gathered_pack as gathered_pack,
)
from .rules import (
    hand_bonuses as hand_bonuses,
)
from .rules import (
    next_round as next_round,
)
from .rules import (
    options_table as options_table,
)
from .rules import (
    pair_points as pair_points,
)
from .rules import (
    pairs_table as pairs_table,
)
from .rules import (
    parse_options as parse_options,
)
from .rules import (
    players_contracts as players_contracts,
)
from .rules import (
    roles as roles,
)
from .rules import (
    score_deal as score_deal,
)
from .rules import (
    score_request as score_request,
)
from .rules import (
    score_table as score_table,
)
from .rules import (
    side_of as side_of,
)
from .rules import (
    target as target,
)
from .rules import (
    targets_table as targets_table,
)
from .rules import (
    trump_thresholds as trump_thresholds,
)
