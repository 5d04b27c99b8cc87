"""Chambéry Tarot, the rules of the Grand Café Coudurier's club (1902).

The package gathers the public names of its modules: ``contracts``, ``options``, ``play``,
``scoring``, ``request``, ``rules``, ``tables``.
"""

from __future__ import annotations

from ...engine.tables import (
    TableDescription as TableDescription,
)
from .contracts import (
    ChamberyBid as ChamberyBid,
)
from .options import (
    FOU as FOU,
)
from .options import (
    PAGAT as PAGAT,
)
from .options import (
    VARIANT_NAME as VARIANT_NAME,
)
from .options import (
    VINGT_ET_UN as VINGT_ET_UN,
)
from .options import (
    ChamberyOptions as ChamberyOptions,
)
from .options import (
    DemandInDiscard as DemandInDiscard,
)
from .options import (
    ForcedDiscard as ForcedDiscard,
)
from .options import (
    FourPlayerFormat as FourPlayerFormat,
)
from .options import (
    PackSize as PackSize,
)
from .options import (
    PaymentReading as PaymentReading,
)
from .options import (
    PlayerCount as PlayerCount,
)
from .options import (
    ShareRounding as ShareRounding,
)
from .play import (
    BIDS as BIDS,
)
from .play import (
    BIDS_BY_WORD as BIDS_BY_WORD,
)
from .play import (
    CONTRACTS as CONTRACTS,
)
from .play import (
    LAYOUTS as LAYOUTS,
)
from .play import (
    Bid as Bid,
)
from .play import (
    Layout as Layout,
)
from .play import (
    bid_refusal as bid_refusal,
)
from .play import (
    call_candidates as call_candidates,
)
from .play import (
    called_rank as called_rank,
)
from .play import (
    card_points as card_points,
)
from .play import (
    count_points as count_points,
)
from .play import (
    demand_refusal as demand_refusal,
)
from .play import (
    discard_announcements as discard_announcements,
)
from .play import (
    discard_card_refusal as discard_card_refusal,
)
from .play import (
    discard_choices as discard_choices,
)
from .play import (
    discard_refusal as discard_refusal,
)
from .play import (
    forced_trump_discards as forced_trump_discards,
)
from .play import (
    layout as layout,
)
from .play import (
    led_suit as led_suit,
)
from .play import (
    legal_plays as legal_plays,
)
from .play import (
    pack_cards as pack_cards,
)
from .play import (
    play_refusal as play_refusal,
)
from .play import (
    strength as strength,
)
from .play import (
    trick_winner as trick_winner,
)
from .request import (
    score_request as score_request,
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
    Stage as Stage,
)
from .rules import (
    deal_packets as deal_packets,
)
from .rules import (
    score_counting as score_counting,
)
from .scoring import (
    Payment as Payment,
)
from .scoring import (
    ThreePayment as ThreePayment,
)
from .scoring import (
    pay_partnership as pay_partnership,
)
from .scoring import (
    pay_three as pay_three,
)
from .tables import (
    deal_table as deal_table,
)
from .tables import (
    factors_table as factors_table,
)
from .tables import (
    options_table as options_table,
)
from .tables import (
    payments_table as payments_table,
)
from .tables import (
    points_table as points_table,
)
from .tables import (
    suit_order_table as suit_order_table,
)
