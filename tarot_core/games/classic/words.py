"""The older French rules' words (see :mod:`tarot_core.engine.words`)."""

from __future__ import annotations

from typing import Final

from ...engine.words import Words

WORDS: Final = Words(
    name="Older French rules",
    label="Older French rules",
    short="Older French rules",
    excuse="the Excuse",
    taker="taker",
    apart="The dog",
    apart_lies="face down",
    discard="The discard",
)
