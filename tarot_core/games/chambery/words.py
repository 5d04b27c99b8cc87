"""Chambéry Tarot's words (see :mod:`tarot_core.engine.words`): the Excuse is the Fou, a player who
plays alone is the soloist, and the dealer's extra cards come with his last packet."""

from __future__ import annotations

from typing import Final

from ...engine.words import Words

WORDS: Final = Words(
    name="Chambéry Tarot",
    label="Chambéry Tarot",
    short="Chambéry Tarot",
    excuse="the Fou",
    taker="soloist",
    apart="The dealer’s extra cards",
    apart_lies="dealt with his last packet",
    discard="Laid away",
)
