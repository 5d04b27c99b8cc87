"""Chambéry Tarot: the names of its cards and the rule options, each with its default and its choices."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, get_args

from ...cards import (
    EXCUSE,
    MONDE,
    PETIT,
)
from ...engine.options import Options, option
from ...messages import N_

VARIANT_NAME: Final = "chambery"

#: The Fou is the card the rest of the project calls the Excuse; the Pagat (*baga*) is trump 1.
FOU: Final = EXCUSE
PAGAT: Final = PETIT
VINGT_ET_UN: Final = MONDE

PlayerCount = Literal[3, 4, 5]
PackSize = Literal[78, 62]

# ---------------------------------------------------------------------------------------------- options

PaymentReading = Literal["seed", "dummett"]
ShareRounding = Literal["down", "up"]
FourPlayerFormat = Literal["call", "fixed"]
ForcedDiscard = Literal["plain-trumps", "any-trumps"]
DemandInDiscard = Literal["name-again", "lost"]


@dataclass(frozen=True)
class ChamberyOptions(Options):
    """The rule options of Chambéry Tarot. The defaults follow the rulebook as its English
    rules read it (docs/reference/rules-decisions.md#decision-chambery-payments).

    ``payment``
        ``"seed"`` (default): each player of the side that did not reach the tie pays, or each
        opponent of the dealer's side or of the soloist pays, the difference times the game factor,
        and the other side shares the total (zero-sum, the usual tarot way). ``"dummett"``: a loser
        always pays the simple difference times the game factor and the winners share it, so a
        soloist gains four times what he would lose by the same margin.
    ``share_rounding``
        Only with Dummett's reading: when an amount cannot be shared equally among three or four
        winners, ``"down"`` (default) rounds each share down and the payer keeps the remainder;
        ``"up"`` rounds each share up and the payer pays the difference. (The rulebook's own odd-point
        rule, the dealer takes or pays the extra point, needs no option.)
    ``four_player``
        ``"call"`` (default): the four-player game has solos and the dealer's called King, like the
        five-player game. ``"fixed"``: fixed partnerships of players sitting opposite, no solo.
    ``fou_lead``
        ``True`` (default): the Fou may be led; the next card then sets the suit to follow.
        ``False``: the Fou may not lead a trick.
    ``forced_discard``
        When the dealer holds too many Kings and tarots to discard legally: ``"plain-trumps"``
        (default) lets him lay away tarots other than the Pagat and the 21, as few as he must;
        ``"any-trumps"`` also allows the Pagat (announced).
    ``demand_in_discard``
        When a soloist demands a card that lies in the dealer's discard: ``"name-again"`` (default):
        he is told so and names another card; ``"lost"``: that demand is spent and he gets nothing.
    """

    payment: PaymentReading = option(
        "seed",
        N_("how losers pay: the usual zero-sum reading (seed) or Dummett's"),
        choices=get_args(PaymentReading),
    )
    share_rounding: ShareRounding = option(
        "down",
        N_("Dummett's reading only: round uneven shares down (the payer keeps the rest) or up"),
        choices=get_args(ShareRounding),
    )
    four_player: FourPlayerFormat = option(
        "call",
        N_("four players: solos and a called King (call) or fixed partners sitting opposite (fixed)"),
        choices=get_args(FourPlayerFormat),
    )
    fou_lead: bool = option(True, N_("whether the Fou may lead a trick (the next card then sets the suit)"))
    forced_discard: ForcedDiscard = option(
        "plain-trumps",
        N_("which tarots a dealer with too many Kings and tarots lays away"),
        choices=get_args(ForcedDiscard),
    )
    demand_in_discard: DemandInDiscard = option(
        "name-again",
        N_("a demanded card found in the discard: name another (name-again) or lose it (lost)"),
        choices=get_args(DemandInDiscard),
    )
