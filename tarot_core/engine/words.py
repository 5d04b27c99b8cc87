"""Each rule set's own words: its name in a menu, and its names for the cards, piles, roles and steps.

A page, a widget or the command line that speaks of a deal asks the rule set for its words rather than
testing which rule set it is: the Excuse is "the Fool" in Mathers' book and "the Fou" in Chambéry, the
cards the taker lays away are the discard in French Tarot and "thrown out" in Mathers. Each game's
``words`` module declares one :class:`Words`; :func:`~tarot_core.engine.variant.words_for` finds it
through the registry, and every variant has its family's as ``variant.words``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..messages import Noun


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
    #: What a player who says nothing does, in a sentence: "passes", "declares nothing" (Mathers).
    passes: str
    #: A bid in a sentence, ``{who}`` and ``{bid}`` filled in: "{who} bids {bid}.".
    bid_sentence: str
    #: The bids a sentence names in words, by the notation's word (the others are said by that word):
    #: ``{"solo-one-card": "solo with one card"}``.
    bid_names: Mapping[str, str]
    #: A card laid away, in a sentence, ``{who}`` and ``{card}`` filled in: "{who} puts {card} in the
    #: discard.", "{who}, the dealer, lays {card} away.".
    discard_sentence: str
    #: The contracts as the status line names them, by the notation's word: ``{"garde": "Garde (guard)"}``.
    contracts: Mapping[str, str]
    #: The contracts as a menu or a button names them, by the notation's word: ``{"solo-hand": "Hand solo,
    #: no card demanded"}``.
    contract_names: Mapping[str, str]
    #: The status line for a contract nobody bid, ``{dealer}`` filled in: ``{"call": "nobody bid a solo:
    #: {dealer}, the dealer, calls a King"}``.
    unbid_contracts: Mapping[str, str]
    #: What the table is doing and what the player to move does, by the step of the deal (the round's
    #: ``rule_stage``): ``{"bidding": ("Bidding", "to bid")}``.
    steps: Mapping[str, tuple[str, str]]
    #: The side of the player who bid to play against the others: (its heading, its name in a trick list).
    attack_side: tuple[str, str]
    #: That side when nobody bid it (Chambéry's dealer and his partner): (heading, name in a trick list).
    unbid_side: tuple[str, str]
    #: The other side: (its heading, its name in a trick list).
    defence_side: tuple[str, str]
    #: The name of the pile of cards dealt apart, as the view names it: "dog", "stock".
    apart_pile: str
    #: That pile's title once taken up, ``{taker}`` filled in with the player who takes it.
    apart_taken: str
    #: That pile's title before it is taken up, ``{taker}`` filled in with the player who will take it.
    apart_to_take: str
    #: That pile's title when nobody takes it up, ``{shown}`` (whether it was shown) and ``{whose}``
    #: (whom it counts for) filled in; empty where the rules always give it to a player.
    apart_left: str
    #: The discard's title on the table, ``{dealer}`` filled in: "The discard", "Thrown out by {dealer}".
    discard_title: str
    #: What the score panel says before there is anything to count, when it is the same at every step
    #: ("The points are counted as the tricks are won."); empty where it depends on the bidding.
    tally_note: str
    #: What the player asked to lay cards away is told: "You took the dog: lay cards away, ...".
    discard_prompt: str
    #: What the player asked to call (or declare) is told: "Call a King: choose its suit.".
    calling_prompt: str
    #: A pass in a sentence, ``{who}`` filled in: "{who} passes.", "{who} declares nothing." (Mathers).
    pass_sentence: str = "{who} passes."
    #: The contracts as a sentence names them after an article, by the notation's word, each a noun of
    #: the catalogue (context ``contract``, whose translation gives its gender): ``{"garde": "garde
    #: (guard)"}`` ("You play a garde (guard).", "Vous jouez une garde.").
    contract_nouns: Mapping[str, str] = field(default_factory=dict)

    def contract_noun(self, word: str) -> Noun:
        """The contract ``word`` as a sentence names it after an article (:attr:`contract_nouns`; a word
        not named there, as the notation writes it): ``{contract:a}`` is "a garde (guard)", "une garde"."""
        return Noun(self.contract_nouns.get(word, word.replace("-", " ")), "contract")
