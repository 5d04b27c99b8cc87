"""Chambéry Tarot's score request as a form asks for it (see
:class:`tarot_core.engine.request.RequestForm`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ...engine.request import Choices, FieldContext, RequestField, RequestForm, Roles
from ...messages import N_, _
from .play import BIDS_BY_WORD

#: The starting card points of each player at a table of three.
THREE_POINTS: Final = ("30", "20", "28")


def contract_choices(context: FieldContext) -> Choices:
    """The dealer's call, fixed partners with four, and the three solos."""
    choices = [("call", _("The dealer calls a King"))]
    if context.players == 4:
        choices.append(("fixed", _("Fixed partners (four players)")))
    choices += [(word, _(str(getattr(bid, "label", word)))) for word, bid in BIDS_BY_WORD.items()]
    return tuple(choices)


def start_step(entries: dict[str, list[str]]) -> None:
    """Three players each count their points; a table of four or five counts one side's."""
    three = (entries.get("players") or [""])[0].strip() == "3"
    count = len(entries.get("points") or [])
    if three and count != 3:
        entries["points"] = list(THREE_POINTS)
    elif not three and count > 1:
        entries["points"] = list(FIELDS.start["points"])


def roles(players: int, request: Mapping[str, object]) -> Roles:
    """The dealer and his partner for a call or fixed partners, the soloist for a solo; none with three."""
    if players == 3:
        return Roles(False, False)
    if request.get("contract") in ("call", "fixed"):
        return Roles(False, True, taker_is_dealer=True)
    return Roles(True, False)


def sheet_roles(players: int) -> tuple[tuple[str, str, str], ...]:
    if players == 3:
        return ()
    return (
        (
            "partner",
            _("The dealer's partner"),
            _("for a call, or fixed partners: the dealer plays with them"),
        ),
        ("taker", _("Soloist"), _("for a solo bid only")),
    )


FIELDS: Final = RequestForm(
    fields=(
        RequestField(
            "pack",
            N_("Pack"),
            "select",
            (("78", N_("78 cards")), ("62", N_("62 cards (tarot simplifié)"))),
            default="78",
            reads="whole",
        ),
        RequestField(
            "points",
            N_("Card points of each player"),
            "number",
            default="26",
            repeat=3,
            many=True,
            sublabels=lambda context, count: tuple(
                _("{name}'s card points", name=name) for name in context.names
            ),
            shows=lambda players: players == 3,
        ),
        RequestField(
            "contract",
            N_("Contract"),
            "select",
            contract_choices,
            default="call",
            always=True,
            shows=lambda players: players != 3,
        ),
        RequestField(
            "points",
            N_("Card points of the dealer's side or soloist"),
            "number",
            default="40",
            shows=lambda players: players != 3,
        ),
    ),
    start={"players": ("5",), "pack": ("78",), "contract": ("call",), "points": ("40",)},
    start_step=start_step,
    roles=roles,
    taker_label=N_("Soloist"),
    dealer_label=N_("Dealer (his side plays the hand)"),
    sheet_roles=sheet_roles,
    seat_note=lambda players: N_("player {n} is {name}") if players == 3 else "",
)
