"""Mathers' words (see :mod:`tarot_core.engine.words`): his book calls the Excuse the Fool, and the
dealer throws out as many cards as he took from those put aside."""

from __future__ import annotations

from typing import Final

from ...engine.words import Words

WORDS: Final = Words(
    name="Mathers' Tarot (1888)",
    label="Mathers (1888)",
    short="Mathers (1888)",
    excuse="the Fool",
    taker="taker",
    apart="The cards put aside",
    apart_lies="face down, for the dealer",
    discard="Thrown out",
)
