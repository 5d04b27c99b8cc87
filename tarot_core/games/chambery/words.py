"""Chambéry Tarot's words (see :mod:`tarot_core.engine.words`): the Excuse is the Fou, a player who
plays alone is the soloist, and the dealer's extra cards come with his last packet."""

from __future__ import annotations

from typing import Final

from ...engine.words import Words
from ...messages import N_, NC_
from .play import BID_NAMES as _BID_NAMES
from .play import BIDS_BY_WORD

WORDS: Final = Words(
    name=N_("Chambéry Tarot"),
    label=N_("Chambéry Tarot"),
    short=N_("Chambéry Tarot"),
    excuse=N_("the Fou"),
    taker=N_("soloist"),
    apart=N_("The dealer’s extra cards"),
    apart_lies=N_("dealt with his last packet"),
    discard=N_("Laid away"),
    passes=N_("passes"),
    bid_sentence=N_("{who} bids: {bid}."),
    bid_names=_BID_NAMES,
    discard_sentence=N_("{who}, the dealer, lays {card} away."),
    contracts=_BID_NAMES,
    contract_names={word: bid.label for word, bid in BIDS_BY_WORD.items()},
    contract_nouns={
        "solo-two-cards": NC_("contract", "solo with two demanded cards"),
        "solo-one-card": NC_("contract", "solo with one demanded card"),
        "solo-hand": NC_("contract", "hand solo, no card demanded"),
    },
    unbid_contracts={
        "individual": N_("each plays for himself, {dealer} dealing"),
        "fixed": N_("fixed partners: {dealer}, the dealer, plays with the player opposite"),
        "call": N_("nobody bid a solo: {dealer}, the dealer, calls a King"),
    },
    steps={
        "discard": (N_("The dealer lays cards away"), N_("to lay a card away")),
        "bidding": (N_("Bidding a solo"), N_("to bid or pass")),
        "demand": (N_("The soloist names the cards he wants"), N_("to name a card")),
        "exchange": (N_("The soloist gives a card back for each one received"), N_("to give a card back")),
        "call": (N_("Nobody bid: the dealer calls a King"), N_("to call")),
        "playing": (N_("Playing the cards"), N_("to play")),
        "over": (N_("The deal is over"), ""),
    },
    attack_side=(N_("The soloist"), N_("soloist")),
    unbid_side=(N_("The dealer's side"), N_("dealer's side")),
    defence_side=(N_("The opponents"), N_("opponents")),
    # The dealer's extra cards join his hand at once: no pile lies apart.
    apart_pile="",
    apart_taken="",
    apart_to_take="",
    apart_left="",
    discard_title=N_("{dealer}'s discard (it counts for the dealer at the end)"),
    tally_note=N_("The points are counted as the tricks are won."),
    discard_prompt=N_("You are the dealer: lay your extra cards away, one at a time."),
    calling_prompt=N_("Your turn: choose."),
)
