"""tarot_core: the rules of the tarot card games (French Tarot and its relatives) as a pure-Python engine."""

from __future__ import annotations

from .actions import Action
from .cards import EXCUSE, FULL_PACK, MONDE, PETIT, Card, Suit, format_cards, parse_cards
from .engine.result import Score, Term
from .engine.round import Round, RoundResult
from .engine.state import Phase
from .engine.trick import Trick
from .engine.variant import Variant, add_family, all_variants, find_variant, score_request, variant_for
from .errors import (
    Illegal,
    IllegalActionError,
    NotationError,
    RecordError,
    Refusal,
    RequestError,
    TarotError,
)
from .seats import Seat

# The rule sets, in the order they are listed; each is imported when first needed.
for _family in ("fft", "classic", "mathers", "chambery"):
    add_family(_family, f"{__name__}.games.{_family}")
del _family

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
