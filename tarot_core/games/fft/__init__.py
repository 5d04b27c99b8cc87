"""Modern French Tarot, the rules of the Fédération Française de Tarot, for 3, 4 and 5 players.

The package gathers the public names of its modules: ``contracts``, ``holdings``, ``scoring``, ``rules``.
"""

from __future__ import annotations

from .contracts import (
    FftContract as FftContract,
)
from .holdings import (
    BOUT as BOUT,
)
from .holdings import (
    BOUTS as BOUTS,
)
from .holdings import (
    EXCUSE_UNPAID as EXCUSE_UNPAID,
)
from .holdings import (
    LOW as LOW,
)
from .holdings import (
    TOTAL as TOTAL,
)
from .holdings import (
    TRUMPS as TRUMPS,
)
from .holdings import (
    DealShape as DealShape,
)
from .holdings import (
    check_holding as check_holding,
)
from .holdings import (
    may_discard as may_discard,
)
from .holdings import (
    other as other,
)
from .holdings import (
    points as points,
)
from .rules import (
    REQUEST_FIELDS as REQUEST_FIELDS,
)
from .rules import (
    SIDES as SIDES,
)
from .rules import (
    SLAM_HINTS as SLAM_HINTS,
)
from .rules import (
    French3 as French3,
)
from .rules import (
    French4 as French4,
)
from .rules import (
    French5 as French5,
)
from .rules import (
    FrenchOptions as FrenchOptions,
)
from .rules import (
    FrenchVariant as FrenchVariant,
)
from .rules import (
    deal_shape as deal_shape,
)
from .rules import (
    parse_points as parse_points,
)
from .rules import (
    score_request as score_request,
)
from .scoring import (
    FFT_BASE as FFT_BASE,
)
from .scoring import (
    FFT_CONTRACT_NAMES as FFT_CONTRACT_NAMES,
)
from .scoring import (
    FFT_HANDFUL_BONUS as FFT_HANDFUL_BONUS,
)
from .scoring import (
    FFT_HANDFULS as FFT_HANDFULS,
)
from .scoring import (
    FFT_MULTIPLIERS as FFT_MULTIPLIERS,
)
from .scoring import (
    FFT_PETIT_AU_BOUT as FFT_PETIT_AU_BOUT,
)
from .scoring import (
    FFT_SLAM_ANNOUNCED as FFT_SLAM_ANNOUNCED,
)
from .scoring import (
    FFT_SLAM_DEFENCE as FFT_SLAM_DEFENCE,
)
from .scoring import (
    FFT_SLAM_FAILED as FFT_SLAM_FAILED,
)
from .scoring import (
    FFT_SLAM_UNANNOUNCED as FFT_SLAM_UNANNOUNCED,
)
from .scoring import (
    FFT_TARGETS as FFT_TARGETS,
)
from .scoring import (
    french_score as french_score,
)
from .scoring import (
    share_factors as share_factors,
)
