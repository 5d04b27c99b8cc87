"""Mathers' words (see :mod:`tarot_core.engine.words`): his book calls the Excuse the Fool, and the
dealer throws out as many cards as he took from those put aside."""

from __future__ import annotations

from typing import Final

from ...engine.words import Words
from ...messages import N_

WORDS: Final = Words(
    name=N_("Mathers' Tarot (1888)"),
    label=N_("Mathers (1888)"),
    short=N_("Mathers (1888)"),
    excuse=N_("the Fool"),
    taker=N_("taker"),
    apart=N_("The cards put aside"),
    apart_lies=N_("face down, for the dealer"),
    discard=N_("Thrown out"),
    passes=N_("declares nothing"),
    pass_sentence=N_("{who} declares nothing."),
    bid_sentence=N_("{who} bids {bid}."),
    bid_names={},
    discard_sentence=N_("{who}, the dealer, lays {card} away."),
    contracts={},
    contract_names={},
    unbid_contracts={},
    steps={
        "discard": (
            N_("The dealer's exchange: three cards laid away for the stock"),
            N_("to lay a card away"),
        ),
        "calling": (N_("Declarations"), N_("to declare")),
        "playing": (N_("Playing the cards"), N_("to play")),
        "over": (N_("The hand is over"), ""),
    },
    # Each plays for himself: there are no sides to name.
    attack_side=("", ""),
    unbid_side=("", ""),
    defence_side=("", ""),
    apart_pile="stock",
    apart_taken=N_("The cards put aside, taken up by {taker}"),
    # The stock is always STOCK_SIZE (3) cards: the title says so in its own words.
    apart_to_take=N_("The 3 cards put aside: {taker}, the dealer, takes them for as many of his own"),
    apart_left="",
    discard_title=N_("Thrown out by {dealer}"),
    tally_note=N_("The points are counted as the tricks are won."),
    discard_prompt=N_("You are the dealer: lay a card away for each card of the stock you take up."),
    calling_prompt=N_("Your turn: choose."),
)
