"""French Tarot's score request as a form asks for it (see :class:`tarot_core.engine.request.RequestForm`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ...engine.request import SIDES, Choices, FieldContext, RequestField, RequestForm, Roles
from .scoring import FFT_CONTRACT_NAMES, FFT_HANDFULS

#: The slam as one choice: who won every trick, and whether it was announced ("announced:attack").
SLAM_CHOICES: Final[Choices] = (
    ("", "no slam"),
    ("attack", "made by the attack, not announced"),
    ("announced:attack", "announced and made"),
    ("announced:", "announced and not made"),
    ("defence", "made by the defence"),
)


def handful_choices(context: FieldContext) -> Choices:
    """Each side's handfuls for the number of players, written ``side:size``."""
    sizes = FFT_HANDFULS.get(context.players, FFT_HANDFULS[4])
    choices = [("", "none")]
    for side in ("attack", "defence"):
        for size, need in sizes.items():
            choices.append((f"{side}:{size}", f"{side}: {size} ({need} trumps)"))
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
    taker = ("taker", "Taker", "")
    if players != 5:
        return (taker,)
    return (taker, ("partner", "Partner (the called King)", "leave it out when the taker plays alone"))


FIELDS: Final = RequestForm(
    fields=(
        RequestField(
            "contract", "Contract", "select", tuple(FFT_CONTRACT_NAMES.items()), default="garde", always=True
        ),
        RequestField(
            "oudlers",
            "Bouts (oudlers) in the taker's cards",
            "number",
            default="2",
            help="0 to 3: the Petit, the 21 and the Excuse",
        ),
        RequestField(
            "points",
            "Card points of the taker's side",
            "number",
            default="56",
            step="0.5",
            help="0 to 91, in halves",
        ),
        RequestField("petit_au_bout", "Petit au bout (the Petit in the last trick) won by", "select", SIDES),
        RequestField(
            "handful",
            "Handful",
            "select",
            handful_choices,
            repeat=2,
            many=True,
            legend="Handfuls shown",
            key="handfuls",
            item=handful,
            back=handful_back,
        ),
        RequestField("slam", "Slam (every trick)", "select", SLAM_CHOICES, item=slam, back=slam_back),
        RequestField(
            "alone",
            "The taker called his own King (plays alone)",
            "checkbox",
            shows=lambda players: players == 5,
            every_count=True,
        ),
    ),
    start={"players": ("4",), "contract": ("garde",), "oudlers": ("2",), "points": ("56",)},
    roles=roles,
    taker_label="Taker (who won the bidding)",
    sheet_roles=sheet_roles,
)
