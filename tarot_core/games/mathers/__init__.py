"""The game described by S. L. MacGregor Mathers in *The Tarot* (1888).

The package gathers the public names of its modules: ``options``, ``play``, ``scoring``,
``request``, ``rules``, ``tables``.
"""

from __future__ import annotations

from .options import (
    ASK_UNANSWERED as ASK_UNANSWERED,
)
from .options import (
    CATEGORIES as CATEGORIES,
)
from .options import (
    CATEGORY_NAMES as CATEGORY_NAMES,
)
from .options import (
    CATEGORY_VALUES as CATEGORY_VALUES,
)
from .options import (
    DECLARATION_NAMES as DECLARATION_NAMES,
)
from .options import (
    DECLARATION_VALUES as DECLARATION_VALUES,
)
from .options import (
    FOOL as FOOL,
)
from .options import (
    GAME as GAME,
)
from .options import (
    GREATER_TRUMPS as GREATER_TRUMPS,
)
from .options import (
    HAND_SIZE as HAND_SIZE,
)
from .options import (
    KING_CUT as KING_CUT,
)
from .options import (
    LESSER_TRUMPS as LESSER_TRUMPS,
)
from .options import (
    PACKET as PACKET,
)
from .options import (
    SEQUENCE_VALUES as SEQUENCE_VALUES,
)
from .options import (
    SET_VALUES as SET_VALUES,
)
from .options import (
    STOCK_SIZE as STOCK_SIZE,
)
from .options import (
    TAROT_TRUMP_SET as TAROT_TRUMP_SET,
)
from .options import (
    TAROT_TRUMPS as TAROT_TRUMPS,
)
from .options import (
    TRUMP_COUNT_VALUES as TRUMP_COUNT_VALUES,
)
from .options import (
    MathersOptions as MathersOptions,
)
from .play import (
    Declaration as Declaration,
)
from .play import (
    category as category,
)
from .play import (
    declarations as declarations,
)
from .play import (
    is_trump_in_play as is_trump_in_play,
)
from .play import (
    kings_cut as kings_cut,
)
from .play import (
    led_suit as led_suit,
)
from .play import (
    legal_plays as legal_plays,
)
from .play import (
    may_ask as may_ask,
)
from .play import (
    sequences as sequences,
)
from .play import (
    small_cards as small_cards,
)
from .play import (
    tarot_trumps_in as tarot_trumps_in,
)
from .play import (
    trick_category as trick_category,
)
from .play import (
    trick_points as trick_points,
)
from .play import (
    trick_winner_index as trick_winner_index,
)
from .request import (
    score_request as score_request,
)
from .rules import (
    Ask as Ask,
)
from .rules import (
    Mathers2 as Mathers2,
)
from .rules import (
    Mathers3 as Mathers3,
)
from .rules import (
    MathersGame as MathersGame,
)
from .rules import (
    MathersRound as MathersRound,
)
from .rules import (
    MathersScore as MathersScore,
)
from .rules import (
    MathersVariant as MathersVariant,
)
from .rules import (
    deal_three_hands as deal_three_hands,
)
from .scoring import (
    HandParts as HandParts,
)
from .scoring import (
    HandScore as HandScore,
)
from .scoring import (
    advance_game as advance_game,
)
from .scoring import (
    score_hand as score_hand,
)
from .tables import (
    declarations_table as declarations_table,
)
from .tables import (
    options_table as options_table,
)
from .tables import (
    tarot_trumps_table as tarot_trumps_table,
)
from .tables import (
    tricks_table as tricks_table,
)
