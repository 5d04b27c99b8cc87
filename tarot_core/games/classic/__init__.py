"""The older French rules: three players, or five with a called King.

The package gathers the public names of its modules: ``contracts``, ``options``, ``scoring``,
``request``, ``rules``, ``tables``.
"""

from __future__ import annotations

from .contracts import (
    ClassicContract as ClassicContract,
)
from .options import (
    BASE as BASE,
)
from .options import (
    CONTRACT_FRENCH as CONTRACT_FRENCH,
)
from .options import (
    CONTRACT_NAMES as CONTRACT_NAMES,
)
from .options import (
    CONTRACTS as CONTRACTS,
)
from .options import (
    HAND_BONUS_NAMES as HAND_BONUS_NAMES,
)
from .options import (
    HAND_BONUSES as HAND_BONUSES,
)
from .options import (
    MULTIPLIER as MULTIPLIER,
)
from .options import (
    PAIR_VALUES as PAIR_VALUES,
)
from .options import (
    PETIT_LAST_TRICK as PETIT_LAST_TRICK,
)
from .options import (
    SLAM_BID_MADE as SLAM_BID_MADE,
)
from .options import (
    SLAM_UNBID as SLAM_UNBID,
)
from .options import (
    TARGETS as TARGETS,
)
from .options import (
    TOTAL_POINTS as TOTAL_POINTS,
)
from .options import (
    ClassicOptions as ClassicOptions,
)
from .options import (
    players_contracts as players_contracts,
)
from .request import (
    deal_shape as deal_shape,
)
from .request import (
    parse_options as parse_options,
)
from .request import (
    score_request as score_request,
)
from .request import (
    score_table as score_table,
)
from .rules import (
    Classic3 as Classic3,
)
from .rules import (
    Classic5 as Classic5,
)
from .rules import (
    ClassicRound as ClassicRound,
)
from .rules import (
    ClassicRoundScore as ClassicRoundScore,
)
from .rules import (
    ClassicVariant as ClassicVariant,
)
from .rules import (
    deal_classic as deal_classic,
)
from .rules import (
    gathered_pack as gathered_pack,
)
from .rules import (
    next_round as next_round,
)
from .scoring import (
    ClassicScore as ClassicScore,
)
from .scoring import (
    hand_bonuses as hand_bonuses,
)
from .scoring import (
    pair_points as pair_points,
)
from .scoring import (
    roles as roles,
)
from .scoring import (
    score_deal as score_deal,
)
from .scoring import (
    side_of as side_of,
)
from .scoring import (
    target as target,
)
from .scoring import (
    trump_thresholds as trump_thresholds,
)
from .tables import (
    bonuses_table as bonuses_table,
)
from .tables import (
    contracts_table as contracts_table,
)
from .tables import (
    options_table as options_table,
)
from .tables import (
    pairs_table as pairs_table,
)
from .tables import (
    targets_table as targets_table,
)
