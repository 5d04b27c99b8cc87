"""The older French rules' words (see :mod:`tarot_core.engine.words`): French Tarot's, with their own
name and contracts, since the table, the dog and the steps of a deal are the same."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from ...messages import N_, NC_
from ..fft.words import WORDS as FRENCH_WORDS
from .options import CONTRACT_NAMES as CONTRACTS

WORDS: Final = replace(
    FRENCH_WORDS,
    name=N_("Older French rules"),
    label=N_("Older French rules"),
    short=N_("Older French rules"),
    contracts=CONTRACTS,
    contract_names=CONTRACTS,
    contract_nouns={
        "small": NC_("contract", "small"),
        "guard": NC_("contract", "guard"),
        "guard-without": NC_("contract", "guard without the dog"),
        "guard-against": NC_("contract", "guard against the dog"),
        "slam": NC_("contract", "slam"),
    },
)

#: The bids' words as a sentence says them ("Anne bids guard against."): marked for the catalogue,
#: where each language gives its own (tarot_core.describe.bid_words).
BID_WORDS: Final = (
    NC_("contract", "small"),
    NC_("contract", "guard"),
    NC_("contract", "guard without"),
    NC_("contract", "guard against"),
    NC_("contract", "slam"),
)
