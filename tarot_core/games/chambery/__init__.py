"""Chambéry Tarot, the rules of the Grand Café Coudurier's club (1902).

The package gathers the public names of its modules: ``rules``.
"""

from __future__ import annotations

from .rules import (
    BIDS as BIDS,
)
from .rules import (
    BIDS_BY_WORD as BIDS_BY_WORD,
)
from .rules import (
    CONTRACTS as CONTRACTS,
)
from .rules import (
    FOU as FOU,
)
from .rules import (
    PAGAT as PAGAT,
)
from .rules import (
    VARIANT_NAME as VARIANT_NAME,
)
from .rules import (
    VINGT_ET_UN as VINGT_ET_UN,
)
from .rules import (
    Bid as Bid,
)
from .rules import (
    Chambery3 as Chambery3,
)
from .rules import (
    Chambery4 as Chambery4,
)
from .rules import (
    Chambery5 as Chambery5,
)
from .rules import (
    ChamberyCounting as ChamberyCounting,
)
from .rules import (
    ChamberyOptions as ChamberyOptions,
)
from .rules import (
    ChamberyRound as ChamberyRound,
)
from .rules import (
    ChamberyScore as ChamberyScore,
)
from .rules import (
    ChamberyTableOptions as ChamberyTableOptions,
)
from .rules import (
    ChamberyVariant as ChamberyVariant,
)
from .rules import (
    DemandInDiscard as DemandInDiscard,
)
from .rules import (
    ForcedDiscard as ForcedDiscard,
)
from .rules import (
    FourPlayerFormat as FourPlayerFormat,
)
from .rules import (
    Layout as Layout,
)
from .rules import (
    PackSize as PackSize,
)
from .rules import (
    Payment as Payment,
)
from .rules import (
    PaymentReading as PaymentReading,
)
from .rules import (
    PlayerCount as PlayerCount,
)
from .rules import (
    ShareRounding as ShareRounding,
)
from .rules import (
    Stage as Stage,
)
from .rules import (
    TableDescription as TableDescription,
)
from .rules import (
    ThreePayment as ThreePayment,
)
from .rules import (
    bid_refusal as bid_refusal,
)
from .rules import (
    call_candidates as call_candidates,
)
from .rules import (
    called_rank as called_rank,
)
from .rules import (
    card_points as card_points,
)
from .rules import (
    count_points as count_points,
)
from .rules import (
    deal_packets as deal_packets,
)
from .rules import (
    deal_table as deal_table,
)
from .rules import (
    demand_refusal as demand_refusal,
)
from .rules import (
    discard_announcements as discard_announcements,
)
from .rules import (
    discard_card_refusal as discard_card_refusal,
)
from .rules import (
    discard_choices as discard_choices,
)
from .rules import (
    discard_refusal as discard_refusal,
)
from .rules import (
    factors_table as factors_table,
)
from .rules import (
    forced_trump_discards as forced_trump_discards,
)
from .rules import (
    layout as layout,
)
from .rules import (
    led_suit as led_suit,
)
from .rules import (
    legal_plays as legal_plays,
)
from .rules import (
    options_from_mapping as options_from_mapping,
)
from .rules import (
    options_table as options_table,
)
from .rules import (
    pack_cards as pack_cards,
)
from .rules import (
    pay_partnership as pay_partnership,
)
from .rules import (
    pay_three as pay_three,
)
from .rules import (
    payments_table as payments_table,
)
from .rules import (
    play_refusal as play_refusal,
)
from .rules import (
    points_table as points_table,
)
from .rules import (
    score_counting as score_counting,
)
from .rules import (
    score_request as score_request,
)
from .rules import (
    strength as strength,
)
from .rules import (
    suit_order_table as suit_order_table,
)
from .rules import (
    trick_winner as trick_winner,
)
