"""Mathers' Tarot: the facts of the game (hand and stock sizes, the values of sets, sequences and trick
categories) and its rule options.
"""

from __future__ import annotations

import dataclasses
from typing import Final

from ...cards import (
    EXCUSE,
    KING,
    PLAIN_SUITS,
    Card,
    Suit,
)
from ...engine.options import Options, option
from ...messages import N_

# ---------------------------------------------------------------------------------------------- facts
HAND_SIZE: Final = 25
STOCK_SIZE: Final = 3
PACKET: Final = 5
#: What messages call the card the other rule sets call the Excuse.
FOOL: Final = N_("the Fool")
GREATER_TRUMPS: Final = tuple(Card(Suit.TRUMPS, r) for r in (21, 20, 19, 18, 17))
LESSER_TRUMPS: Final = tuple(Card(Suit.TRUMPS, r) for r in (1, 2, 3, 4, 5))
#: The seven Tarot Trumps: the Universe 21, the Fool 0, the Juggler 1 and the four Kings.
TAROT_TRUMPS: Final = (
    Card(Suit.TRUMPS, 21),
    EXCUSE,
    Card(Suit.TRUMPS, 1),
    *(Card(suit, KING) for suit in PLAIN_SUITS),
)
SET_VALUES: Final = {3: 5, 4: 10, 5: 15}
TRUMP_COUNT_VALUES: Final = ((13, 15), (10, 10))
TAROT_TRUMP_SET: Final = 15
ASK_UNANSWERED: Final = 5
SEQUENCE_VALUES: Final = ((10, 15), (7, 10), (4, 5))
KING_CUT: Final = 5
#: Trick categories, best first, and their values.
CATEGORIES: Final = ("tarot-trump", "queen", "knight", "knave", "plain")
CATEGORY_VALUES: Final = {"tarot-trump": 5, "queen": 4, "knight": 3, "knave": 2, "plain": 1}
CATEGORY_NAMES: Final = {
    "tarot-trump": N_("with a Tarot Trump"),
    "queen": N_("with a Queen"),
    "knight": N_("with a Knight"),
    "knave": N_("with a Knave"),
    "plain": N_("of plain cards only"),
}
#: A trick of each category, as a sentence names it.
CATEGORY_TRICKS: Final = {
    "tarot-trump": N_("a trick with a Tarot Trump"),
    "queen": N_("a trick with a Queen"),
    "knight": N_("a trick with a Knight"),
    "knave": N_("a trick with a Knave"),
    "plain": N_("a trick of plain cards only"),
}
DECLARATION_VALUES: Final = {
    "greater-3": 5,
    "greater-4": 10,
    "greater-5": 15,
    "lesser-3": 5,
    "lesser-4": 10,
    "lesser-5": 15,
    "trumps-10": 10,
    "trumps-13": 15,
    "tarot-trumps-3": 15,
    "ask-unanswered": 5,
    "sequence-4": 5,
    "sequence-7": 10,
    "sequence-10": 15,
}
DECLARATION_NAMES: Final = {
    "greater-3": N_("three Greater Trumps"),
    "greater-4": N_("four Greater Trumps"),
    "greater-5": N_("all five Greater Trumps"),
    "lesser-3": N_("three Lesser Trumps"),
    "lesser-4": N_("four Lesser Trumps"),
    "lesser-5": N_("all five Lesser Trumps"),
    "trumps-10": N_("ten trumps"),
    "trumps-13": N_("thirteen trumps"),
    "tarot-trumps-3": N_("three Tarot Trumps"),
    "ask-unanswered": N_("two Tarot Trumps, a third asked for and not shown"),
    "sequence-4": N_("a sequence of four"),
    "sequence-7": N_("a sequence of seven"),
    "sequence-10": N_("a sequence of ten"),
}
GAME: Final = 100


@dataclasses.dataclass(frozen=True)
class MathersOptions(Options):
    """What Mathers leaves open. Each default is argued in the field's help text."""

    fool_in_declarations: bool = option(
        False,
        N_(
            "Whether the Fool counts as a trump in the ten and thirteen trumps and as a 0 below the 1 in "
            "trump sequences. Default no: the book names it among the Tarot Trumps but plays it as a card "
            "that takes nothing, outside the trump order."
        ),
    )
    fool_play: str = option(
        "never-wins",
        N_(
            "'never-wins' (default): the Fool can be played to any trick, whatever was led, and never wins "
            "one ('can take no card'). 'lowest-trump': the Fool is trump 0, played like a trump and beaten "
            "by every other trump ('the Ace can only take the 0')."
        ),
        choices=("never-wins", "lowest-trump"),
    )
    fool_lead: bool = option(
        True,
        N_(
            "Whether the Fool may be led. Default yes (the book forbids nothing); the next card then sets "
            "the suit. When false it may be led only as a player's last card."
        ),
    )
    fool_to_holder: bool = option(
        True,
        N_(
            "Default yes: the Fool's 5 points go to the player who held it ('the 0 counts to its original "
            "possessor'), and the trick it fell in is valued without it. When false it scores in that trick."
        ),
    )
    must_trump: bool = option(
        False,
        N_(
            "Default no: 'if not, you may trump', so a player who cannot follow suit may throw any card. "
            "When true he must trump if he can (never obliged to overtrump)."
        ),
    )
    trick_value: str = option(
        "best",
        N_(
            "'best' (default): a trick scores the value of its best card only (Tarot Trump 5, Queen 4, "
            "Knight 3, Knave 2, else 1), as the book's table lists one value per trick. 'sum': it scores the "
            "values of all its Tarot Trumps and court cards together (1 if it holds none)."
        ),
        choices=("best", "sum"),
    )
    declarations_independent: bool = option(
        True,
        N_(
            "Default yes, as the book says: 'all scores are independent of other combinations', so the same "
            "trump may count in a Greater or Lesser set, in the ten or thirteen trumps and in a sequence. "
            "When false, trumps scored in a Greater or Lesser set count in nothing else."
        ),
    )
    trump_count: str = option(
        "highest",
        N_(
            "'highest' (default): thirteen trumps score 15 and not also 10 for the ten among them. 'both': "
            "they score 10 and 15."
        ),
        choices=("highest", "both"),
    )
    king_cut: str = option(
        "led-suit",
        N_(
            "'led-suit' (default): a King of the suit led, in a trick won by a trump, counts 5 for the "
            "winner. 'any': any King in a trick won by a trump."
        ),
        choices=("led-suit", "any"),
    )
    direction: str = option(
        "clockwise",
        N_(
            "The way play and the deal go round with three players. 'clockwise' (default): to the left, the "
            "English custom of the book's readers; the dealer's left-hand neighbour leads, so the dealer "
            "plays last. 'counter-clockwise': to the right, as in the French games."
        ),
        choices=("clockwise", "counter-clockwise"),
    )
    game: int = option(100, N_("Points that win the game: 100 in the book."), choices=(100, 50, 200))
    excess: bool = option(
        True,
        N_(
            "Default yes: only the excess of the best total over the next is scored each hand. When false "
            "every player scores his whole total."
        ),
    )
