"""Chambéry Tarot's words (see :mod:`tarot_core.engine.words`): the Excuse is the Fou, a player who
plays alone is the soloist, and the dealer's extra cards come with his last packet."""

from __future__ import annotations

from typing import Final

from ...engine.words import Words
from .play import BIDS_BY_WORD

#: The solo bids as a sentence names them.
_BID_NAMES: Final = {word: bid.label.lower() for word, bid in BIDS_BY_WORD.items()}

WORDS: Final = Words(
    name="Chambéry Tarot",
    label="Chambéry Tarot",
    short="Chambéry Tarot",
    excuse="the Fou",
    taker="soloist",
    apart="The dealer’s extra cards",
    apart_lies="dealt with his last packet",
    discard="Laid away",
    passes="passes",
    bid_sentence="{who} bids: {bid}.",
    bid_names=_BID_NAMES,
    discard_sentence="{who}, the dealer, lays {card} away.",
    contracts=_BID_NAMES,
    contract_names={word: bid.label for word, bid in BIDS_BY_WORD.items()},
    unbid_contracts={
        "individual": "each plays for himself, {dealer} dealing",
        "fixed": "fixed partners: {dealer}, the dealer, plays with the player opposite",
        "call": "nobody bid a solo: {dealer}, the dealer, calls a King",
    },
    steps={
        "discard": ("The dealer lays cards away", "to lay a card away"),
        "bidding": ("Bidding a solo", "to bid or pass"),
        "demand": ("The soloist names the cards he wants", "to name a card"),
        "exchange": ("The soloist gives a card back for each one received", "to give a card back"),
        "call": ("Nobody bid: the dealer calls a King", "to call"),
        "playing": ("Playing the cards", "to play"),
        "over": ("The deal is over", ""),
    },
    attack_side=("The soloist", "soloist"),
    unbid_side=("The dealer's side", "dealer's side"),
    defence_side=("The opponents", "opponents"),
    # The dealer's extra cards join his hand at once: no pile lies apart.
    apart_pile="",
    apart_taken="",
    apart_to_take="",
    apart_left="",
    discard_title="{dealer}'s discard (it counts for the dealer at the end)",
    tally_note="The points are counted as the tricks are won.",
    discard_prompt="You are the dealer: lay your extra cards away, one at a time.",
    calling_prompt="Your turn: choose.",
)
