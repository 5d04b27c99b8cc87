"""tarot_core: the rules of the tarot card games (French Tarot and its relatives) as a pure-Python engine."""

from __future__ import annotations

from .actions import Action
from .cards import EXCUSE, FULL_PACK, MONDE, PETIT, Card, Suit, format_cards, parse_cards
from .errors import (
    Illegal,
    IllegalActionError,
    NotationError,
    RecordError,
    Refusal,
    RequestError,
    TarotError,
)
from .round import Phase, Round, RoundResult
from .scoring import Score, Term
from .seats import Seat
from .trick import Trick
from .variant import Variant, all_variants, find_variant, score_request, variant_for

__version__ = "0.1.0"

__all__ = [
    "EXCUSE",
    "FULL_PACK",
    "MONDE",
    "PETIT",
    "Action",
    "Card",
    "Illegal",
    "IllegalActionError",
    "NotationError",
    "Phase",
    "RecordError",
    "Refusal",
    "RequestError",
    "Round",
    "RoundResult",
    "Score",
    "Seat",
    "Suit",
    "TarotError",
    "Term",
    "Trick",
    "Variant",
    "__version__",
    "all_variants",
    "find_variant",
    "format_cards",
    "parse_cards",
    "score_request",
    "variant_for",
]
