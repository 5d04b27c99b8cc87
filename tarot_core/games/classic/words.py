"""The older French rules' words (see :mod:`tarot_core.engine.words`)."""

from __future__ import annotations

from typing import Final

from ...engine.words import Words
from .options import CONTRACT_NAMES as CONTRACTS

WORDS: Final = Words(
    name="Older French rules",
    label="Older French rules",
    short="Older French rules",
    excuse="the Excuse",
    taker="taker",
    apart="The dog",
    apart_lies="face down",
    discard="The discard",
    passes="passes",
    bid_sentence="{who} bids {bid}.",
    bid_names={},
    discard_sentence="{who} puts {card} in the discard.",
    contracts=CONTRACTS,
    contract_names=CONTRACTS,
    unbid_contracts={},
    steps={
        "petit-sec": ("Petit sec", "to announce"),
        "bidding": ("Bidding", "to bid"),
        "calling": ("Calling a King", "to call"),
        "discard": ("The taker's discard", "to discard"),
        "playing": ("Playing the cards", "to play"),
        "over": ("The round is over", "to play"),
    },
    attack_side=("Attack (taker's side)", "attack"),
    unbid_side=("Attack (taker's side)", "attack"),
    defence_side=("Defence", "defence"),
    apart_pile="dog",
    apart_taken="The dog, shown and taken up by {taker}",
    apart_to_take="The dog, face down until {taker} turns it over",
    apart_left="The dog, {shown}: it counts for {whose} at the end",
    discard_title="The discard",
    tally_note="",
    discard_prompt="You took the dog: lay cards away, one at a time, to make your discard.",
    calling_prompt="Call a King: choose its suit.",
)
