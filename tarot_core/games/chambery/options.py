"""Chambéry Tarot: the names of its cards and the rule options, each with its default and its choices."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Final, Literal, get_args

from ...cards import (
    EXCUSE,
    MONDE,
    PETIT,
)
from ...engine.variant import Options
from ...errors import RequestError

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


def helps(text: str) -> dict[str, str]:
    """Field metadata read by ``Options.describe``."""
    return {"help": text}


@dataclass(frozen=True)
class ChamberyOptions(Options):
    """The rule options of Chambéry Tarot. The defaults follow the rulebook as the seed reads it.

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

    payment: PaymentReading = field(
        default="seed",
        metadata=helps("how losers pay: the usual zero-sum reading (seed) or Dummett's"),
    )
    share_rounding: ShareRounding = field(
        default="down",
        metadata=helps("Dummett's reading only: round uneven shares down (the payer keeps the rest) or up"),
    )
    four_player: FourPlayerFormat = field(
        default="call",
        metadata=helps(
            "four players: solos and a called King (call) or fixed partners sitting opposite (fixed)"
        ),
    )
    fou_lead: bool = field(
        default=True,
        metadata=helps("whether the Fou may lead a trick (the next card then sets the suit)"),
    )
    forced_discard: ForcedDiscard = field(
        default="plain-trumps",
        metadata=helps("which tarots a dealer with too many Kings and tarots lays away"),
    )
    demand_in_discard: DemandInDiscard = field(
        default="name-again",
        metadata=helps("a demanded card found in the discard: name another (name-again) or lose it (lost)"),
    )

    def __post_init__(self) -> None:
        for item in fields(self):
            if item.name not in OPTION_CHOICES:
                continue
            value = getattr(self, item.name)
            allowed = OPTION_CHOICES[item.name]
            if isinstance(value, bool) is not isinstance(allowed[0], bool) or value not in allowed:
                shown = ", ".join(_show_choice(choice) for choice in allowed)
                raise RequestError(
                    f"options.{item.name}",
                    f"the option {item.name} can be {shown}, not {_show_choice(value)}",
                )


OPTION_CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "payment": get_args(PaymentReading),
    "share_rounding": get_args(ShareRounding),
    "four_player": get_args(FourPlayerFormat),
    "fou_lead": (True, False),
    "forced_discard": get_args(ForcedDiscard),
    "demand_in_discard": get_args(DemandInDiscard),
}


def _show_choice(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return f'"{value}"' if isinstance(value, str) else repr(value)


def options_from_mapping(data: object, prefix: str = "options") -> ChamberyOptions:
    """Read options from JSON-like data (``{"payment": "dummett"}``); unknown names are refused."""
    if data is None:
        return ChamberyOptions()
    if isinstance(data, ChamberyOptions):
        return data
    if not isinstance(data, Mapping):
        raise RequestError(prefix, 'options must be an object such as {"payment": "dummett"}')
    known = set(OPTION_CHOICES)
    for key in data:
        if key not in known:
            names = ", ".join(sorted(known))
            raise RequestError(
                f"{prefix}.{key}", f"Chambéry Tarot has no option {key!r}; its options are {names}"
            )
    return ChamberyOptions(**{str(key): value for key, value in data.items()})
