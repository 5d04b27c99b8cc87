"""French Tarot's words (see :mod:`tarot_core.engine.words`)."""

from __future__ import annotations

from typing import Final

from ...engine.words import Words

WORDS: Final = Words(
    name="French Tarot",
    label="French Tarot (FFT)",
    short="French Tarot",
    excuse="the Excuse",
    taker="taker",
    apart="The dog",
    apart_lies="face down",
    discard="The discard",
)
