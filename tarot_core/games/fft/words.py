"""French Tarot's words (see :mod:`tarot_core.engine.words`)."""

from __future__ import annotations

from typing import Final

from ...engine.words import Words
from ...messages import N_, NC_
from .scoring import FFT_CONTRACT_NAMES as CONTRACTS

WORDS: Final = Words(
    name=N_("French Tarot"),
    label=N_("French Tarot (FFT)"),
    short=N_("French Tarot"),
    excuse=N_("the Excuse"),
    taker=N_("taker"),
    apart=N_("The dog"),
    apart_lies=N_("face down"),
    discard=N_("The discard"),
    passes=N_("passes"),
    bid_sentence=N_("{who} bids {bid}."),
    bid_names={},
    discard_sentence=N_("{who} puts {card} in the discard."),
    contracts=CONTRACTS,
    contract_names=CONTRACTS,
    contract_nouns={
        "prise": NC_("contract", "prise (small)"),
        "garde": NC_("contract", "garde (guard)"),
        "garde-sans": NC_("contract", "garde sans le chien (guard without the dog)"),
        "garde-contre": NC_("contract", "garde contre le chien (guard against the dog)"),
    },
    unbid_contracts={},
    steps={
        "petit-sec": (N_("Petit sec"), N_("to announce")),
        "bidding": (N_("Bidding"), N_("to bid")),
        "calling": (N_("Calling a King"), N_("to call")),
        "discard": (N_("The taker's discard"), N_("to discard")),
        "playing": (N_("Playing the cards"), N_("to play")),
        "over": (N_("The round is over"), N_("to play")),
    },
    attack_side=(N_("Attack (taker's side)"), N_("attack")),
    unbid_side=(N_("Attack (taker's side)"), N_("attack")),
    defence_side=(N_("Defence"), N_("defence")),
    apart_pile="dog",
    apart_taken=N_("The dog, shown and taken up by {taker}"),
    apart_to_take=N_("The dog, face down until {taker} turns it over"),
    apart_left=N_("The dog, {shown}: it counts for {whose} at the end"),
    discard_title=N_("The discard"),
    tally_note="",
    discard_prompt=N_("You took the dog: lay cards away, one at a time, to make your discard."),
    calling_prompt=N_("Call a King: choose its suit."),
)
