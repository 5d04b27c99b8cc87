"""The older French rules' score request as a form asks for it (see
:class:`tarot_core.engine.request.RequestForm`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ...engine.request import SIDES, Choices, FieldContext, RequestField, RequestForm
from ...messages import N_, _, pgettext
from ..fft.fields import roles, sheet_roles  # the same table: a taker, and a called partner with five
from .options import CONTRACT_NAMES, HAND_BONUS_HELD, HAND_BONUSES, players_contracts
from .scoring import ROLE_NOUNS
from .scoring import roles as seat_roles


def _table(players: int) -> int:
    return players if players in (3, 5) else 3


def contract_choices(context: FieldContext) -> Choices:
    """The contracts open to the table."""
    return tuple((c, _(CONTRACT_NAMES[c])) for c in players_contracts(_table(context.players)))


def bonus_choices(context: FieldContext) -> Choices:
    """Each hand bonus with who held it, written ``kind:holder``."""
    holders = seat_roles(_table(context.players), context.flag("alone") and context.players == 5)
    choices = [("", pgettext("hand bonus", "none"))]
    for kind in HAND_BONUSES:
        for holder in holders:
            choices.append((f"{kind}:{holder}", _(HAND_BONUS_HELD[kind], holder=ROLE_NOUNS[holder])))
    return tuple(choices)


def bonus(value: str) -> object:
    """``"misery:taker"`` -> ``{"kind": "misery", "holder": "taker"}``."""
    kind, _, holder = value.partition(":")
    return {"kind": kind, "holder": holder or "taker"}


def bonus_back(value: object) -> str | None:
    return f"{value.get('kind')}:{value.get('holder', 'taker')}" if isinstance(value, Mapping) else None


def _counted(request: Mapping[str, object]) -> bool:
    """A bid slam is scored without the bouts and points."""
    return request.get("contract") != "slam"


FIELDS: Final = RequestForm(
    fields=(
        RequestField("contract", N_("Contract"), "select", contract_choices, default="guard", always=True),
        RequestField(
            "oudlers",
            N_("Bouts (special cards) in the taker's cards"),
            "number",
            default="2",
            help=N_("0 to 3 (not needed for a bid slam)"),
            wanted=_counted,
        ),
        RequestField(
            "points",
            N_("Taker's points, counted by pairs"),
            "number",
            default="41",
            help=N_("a whole number from 0 to 91"),
            wanted=_counted,
        ),
        RequestField("petit_last_trick", N_("The Petit on the last trick, credited to"), "select", SIDES),
        RequestField("slam", N_("Slam (every trick) won by"), "select", SIDES),
        RequestField(
            "bonus",
            N_("Hand bonus"),
            "select",
            bonus_choices,
            many=True,
            legend=N_("Hand bonuses"),
            key="bonuses",
            item=bonus,
            back=bonus_back,
        ),
        RequestField(
            "alone",
            N_("The taker plays alone"),
            "checkbox",
            shows=lambda players: players == 5,
            every_count=True,
        ),
    ),
    start={"players": ("3",), "contract": ("guard",), "oudlers": ("2",), "points": ("50",)},
    roles=roles,
    taker_label=N_("Taker (who won the bidding)"),
    sheet_roles=sheet_roles,
    request_order=("contract", "oudlers", "points", "petit_last_trick", "slam", "alone", "bonus"),
)
