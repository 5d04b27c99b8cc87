"""Mathers' words (see :mod:`tarot_core.engine.words`): his book calls the Excuse the Fool, and the
dealer throws out as many cards as he took from those put aside."""

from __future__ import annotations

from typing import Final

from ...engine.words import Words
from .options import STOCK_SIZE

WORDS: Final = Words(
    name="Mathers' Tarot (1888)",
    label="Mathers (1888)",
    short="Mathers (1888)",
    excuse="the Fool",
    taker="taker",
    apart="The cards put aside",
    apart_lies="face down, for the dealer",
    discard="Thrown out",
    passes="declares nothing",
    pass_sentence="{who} declares nothing.",
    bid_sentence="{who} bids {bid}.",
    bid_names={},
    discard_sentence="{who}, the dealer, lays {card} away.",
    contracts={},
    contract_names={},
    unbid_contracts={},
    steps={
        "discard": ("The dealer's exchange: three cards laid away for the stock", "to lay a card away"),
        "calling": ("Declarations", "to declare"),
        "playing": ("Playing the cards", "to play"),
        "over": ("The hand is over", ""),
    },
    # Each plays for himself: there are no sides to name.
    attack_side=("", ""),
    unbid_side=("", ""),
    defence_side=("", ""),
    apart_pile="stock",
    apart_taken="The cards put aside, taken up by {taker}",
    apart_to_take=(
        f"The {STOCK_SIZE} cards put aside: {{taker}}, the dealer, takes them for as many of his own"
    ),
    apart_left="",
    discard_title="Thrown out by {dealer}",
    tally_note="The points are counted as the tricks are won.",
    discard_prompt="You are the dealer: lay a card away for each card of the stock you take up.",
    calling_prompt="Your turn: choose.",
)
