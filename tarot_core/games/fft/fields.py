"""French Tarot's score request as a form asks for it (see :class:`tarot_core.engine.request.RequestForm`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ...engine.request import SIDES, Choices, FieldContext, RequestField, RequestForm, Roles
from ...messages import N_, _, pgettext
from .scoring import FFT_CONTRACT_NAMES, FFT_HANDFULS

#: The slam as one choice: who won every trick, and whether it was announced ("announced:attack").
SLAM_CHOICES: Final[Choices] = (
    ("", N_("no slam")),
    ("attack", N_("made by the attack, not announced")),
    ("announced:attack", N_("announced and made")),
    ("announced:", N_("announced and not made")),
    ("defence", N_("made by the defence")),
)
#: A handful as a list names it, by the side that shows it and its size.
_HANDFUL_CHOICES: Final = {
    ("attack", "simple"): N_("attack: simple ({need} trumps)"),
    ("attack", "double"): N_("attack: double ({need} trumps)"),
    ("attack", "triple"): N_("attack: triple ({need} trumps)"),
    ("defence", "simple"): N_("defence: simple ({need} trumps)"),
    ("defence", "double"): N_("defence: double ({need} trumps)"),
    ("defence", "triple"): N_("defence: triple ({need} trumps)"),
}


def handful_choices(context: FieldContext) -> Choices:
    """Each side's handfuls for the number of players, written ``side:size``."""
    sizes = FFT_HANDFULS.get(context.players, FFT_HANDFULS[4])
    choices = [("", pgettext("handful", "none"))]
    for side in ("attack", "defence"):
        for size, need in sizes.items():
            choices.append((f"{side}:{size}", _(_HANDFUL_CHOICES[side, size], need=need)))
    return tuple(choices)


def handful(value: str) -> object:
    """``"attack:simple"`` -> ``{"side": "attack", "size": "simple"}``."""
    side, _, size = value.partition(":")
    return {"side": side, "size": size}


def handful_back(value: object) -> str | None:
    return f"{value.get('side')}:{value.get('size')}" if isinstance(value, Mapping) else None


def slam(value: str) -> object:
    """``"announced:attack"`` -> ``{"announced": true, "won_by": "attack"}``; ``"defence"``, not announced."""
    announced, _, won_by = value.rpartition(":") if ":" in value else ("", "", value)
    return {"announced": announced == "announced", "won_by": won_by or None}


def slam_back(value: object) -> str | None:
    if not isinstance(value, Mapping):
        return None
    won_by = value.get("won_by") or ""
    return f"announced:{won_by}" if value.get("announced") else str(won_by)


def roles(players: int, request: Mapping[str, object]) -> Roles:
    """The taker always; with five, the called King's holder unless the taker plays alone."""
    return Roles(True, players == 5 and not request.get("alone"))


def sheet_roles(players: int) -> tuple[tuple[str, str, str], ...]:
    taker = ("taker", _("Taker"), "")
    if players != 5:
        return (taker,)
    return (taker, ("partner", _("Partner (the called King)"), _("leave it out when the taker plays alone")))


FIELDS: Final = RequestForm(
    fields=(
        RequestField(
            "contract",
            N_("Contract"),
            "select",
            tuple(FFT_CONTRACT_NAMES.items()),
            default="garde",
            always=True,
        ),
        RequestField(
            "oudlers",
            N_("Bouts (oudlers) in the taker's cards"),
            "number",
            default="2",
            help=N_("0 to 3: the Petit, the 21 and the Excuse"),
        ),
        RequestField(
            "points",
            N_("Card points of the taker's side"),
            "number",
            default="56",
            step="0.5",
            help=N_("0 to 91, in halves"),
        ),
        RequestField(
            "petit_au_bout", N_("Petit au bout (the Petit in the last trick) won by"), "select", SIDES
        ),
        RequestField(
            "handful",
            N_("Handful"),
            "select",
            handful_choices,
            repeat=2,
            many=True,
            legend=N_("Handfuls shown"),
            key="handfuls",
            item=handful,
            back=handful_back,
        ),
        RequestField("slam", N_("Slam (every trick)"), "select", SLAM_CHOICES, item=slam, back=slam_back),
        RequestField(
            "alone",
            N_("The taker called his own King (plays alone)"),
            "checkbox",
            shows=lambda players: players == 5,
            every_count=True,
        ),
    ),
    start={"players": ("4",), "contract": ("garde",), "oudlers": ("2",), "points": ("56",)},
    roles=roles,
    taker_label=N_("Taker (who won the bidding)"),
    sheet_roles=sheet_roles,
)
