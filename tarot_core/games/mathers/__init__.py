"""The game described by S. L. MacGregor Mathers in *The Tarot* (1888).

The package gathers the public names of its modules: ``rules``.
"""

from __future__ import annotations

from .rules import (
    ASK_UNANSWERED as ASK_UNANSWERED,
)
from .rules import (
    CATEGORIES as CATEGORIES,
)
from .rules import (
    CATEGORY_NAMES as CATEGORY_NAMES,
)
from .rules import (
    CATEGORY_VALUES as CATEGORY_VALUES,
)
from .rules import (
    DECLARATION_NAMES as DECLARATION_NAMES,
)
from .rules import (
    DECLARATION_VALUES as DECLARATION_VALUES,
)
from .rules import (
    FOOL as FOOL,
)
from .rules import (
    GAME as GAME,
)
from .rules import (
    GREATER_TRUMPS as GREATER_TRUMPS,
)
from .rules import (
    HAND_SIZE as HAND_SIZE,
)
from .rules import (
    KING_CUT as KING_CUT,
)
from .rules import (
    LESSER_TRUMPS as LESSER_TRUMPS,
)
from .rules import (
    OPTION_CHOICES as OPTION_CHOICES,
)
from .rules import (
    PACKET as PACKET,
)
from .rules import (
    SEQUENCE_VALUES as SEQUENCE_VALUES,
)
from .rules import (
    SET_VALUES as SET_VALUES,
)
from .rules import (
    STOCK_SIZE as STOCK_SIZE,
)
from .rules import (
    TAROT_TRUMP_SET as TAROT_TRUMP_SET,
)
from .rules import (
    TAROT_TRUMPS as TAROT_TRUMPS,
)
from .rules import (
    TRUMP_COUNT_VALUES as TRUMP_COUNT_VALUES,
)
from .rules import (
    Ask as Ask,
)
from .rules import (
    Declaration as Declaration,
)
from .rules import (
    HandParts as HandParts,
)
from .rules import (
    HandScore as HandScore,
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
    MathersOptions as MathersOptions,
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
    advance_game as advance_game,
)
from .rules import (
    category as category,
)
from .rules import (
    deal_three_hands as deal_three_hands,
)
from .rules import (
    declarations as declarations,
)
from .rules import (
    declarations_table as declarations_table,
)
from .rules import (
    kings_cut as kings_cut,
)
from .rules import (
    led_suit as led_suit,
)
from .rules import (
    legal_plays as legal_plays,
)
from .rules import (
    may_ask as may_ask,
)
from .rules import (
    options_table as options_table,
)
from .rules import (
    score_hand as score_hand,
)
from .rules import (
    score_request as score_request,
)
from .rules import (
    sequences as sequences,
)
from .rules import (
    small_cards as small_cards,
)
from .rules import (
    tarot_trumps_in as tarot_trumps_in,
)
from .rules import (
    tarot_trumps_table as tarot_trumps_table,
)
from .rules import (
    trick_category as trick_category,
)
from .rules import (
    trick_points as trick_points,
)
from .rules import (
    trick_winner_index as trick_winner_index,
)
from .rules import (
    tricks_table as tricks_table,
)
