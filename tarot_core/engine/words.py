"""Each rule set's own words: its name in a menu, and its names for the cards, piles, roles and steps.

A page, a widget or the command line that speaks of a deal asks the rule set for its words rather than
testing which rule set it is: the Excuse is "the Fool" in Mathers' book and "the Fou" in Chambéry, the
cards the taker lays away are the discard in French Tarot and "thrown out" in Mathers. Each game's
``words`` module declares one :class:`Words`; :func:`~tarot_core.engine.variant.words_for` finds it
through the registry, and every variant has its family's as ``variant.words``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Words:
    """The names one rule set gives to things (every text is lower case unless it starts a title)."""

    #: The name in a menu of rule sets: "French Tarot", "Chambéry Tarot".
    name: str
    #: The name in the calculator's list, where the source is worth saying: "French Tarot (FFT)".
    label: str
    #: The short name on a score sheet: "Mathers (1888)".
    short: str
    #: The Excuse, with its article: "the Excuse", "the Fool", "the Fou".
    excuse: str
    #: The player who plays against the others: "taker" or "soloist".
    taker: str
    #: The cards dealt apart, as a heading: "The dog", "The cards put aside".
    apart: str
    #: How they lie until shown: "face down", "dealt with his last packet".
    apart_lies: str
    #: The cards laid away, as a heading: "The discard", "Thrown out".
    discard: str
