"""Mathers' score request as a form asks for it (see :class:`tarot_core.engine.request.RequestForm`).

Each seat scores on its own: the form asks, seat by seat, the tricks won (counted by their best card),
the Kings cut and the declarations; the request is its ``hands``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ...engine.request import EntryReader, FieldContext, RequestField, RequestForm
from ...errors import RequestError
from ...messages import N_, _, gettext_lazy, pgettext
from .options import DECLARATION_NAMES

#: The tricks by their best card, in the order of the form's five counts, and their labels.
TRICKS: Final = ("tarot-trump", "queen", "knight", "knave", "plain")
TRICK_LABELS: Final = (N_("Tarot Trump"), N_("Queen"), N_("Knight"), N_("Knave"), N_("Plain cards only"))
#: The starting tricks of each seat, by the number of players.
DEFAULT_TRICKS: Final = {
    2: {"p1": ("3", "2", "2", "1", "6"), "p2": ("3", "1", "1", "2", "4")},
    3: {"p1": ("3", "1", "1", "1", "3"), "p2": ("2", "2", "1", "1", "3"), "p3": ("1", "1", "2", "2", "1")},
}


def start_step(entries: dict[str, list[str]]) -> None:
    """Each seat's tricks, where none are entered."""
    players = 3 if (entries.get("players") or [""])[0].strip() == "3" else 2
    for seat, counts in DEFAULT_TRICKS[players].items():
        if f"{seat}.tricks" not in entries:
            entries[f"{seat}.tricks"] = list(counts)


def hands_request(context: FieldContext, read: EntryReader) -> dict[str, object]:
    """The request's ``hands``, seat by seat: a blank count of tricks is none."""
    hands: dict[str, object] = {}
    fool = context.first("fool")
    for seat in context.seats:
        values = context.entries.get(f"{seat}.tricks") or []
        counts: dict[str, int] = {}
        for index, (kind, label) in enumerate(zip(TRICKS, TRICK_LABELS, strict=True)):
            blank = index >= len(values) or not values[index].strip()
            counts[kind] = (
                0
                if blank
                else read.whole(
                    f"{seat}.tricks",
                    "0",
                    field_name=f"hands.{seat}.tricks.{kind}",
                    index=index,
                    what=_("the count of “{label}” tricks", label=_(label)),
                )
            )
        hand: dict[str, object] = {"tricks": counts}
        if context.first(f"{seat}.kings_cut"):
            hand["kings_cut"] = read.whole(f"{seat}.kings_cut", "0", field_name=f"hands.{seat}.kings_cut")
        if fool == seat:
            hand["fool"] = True
        declarations = [
            v.strip() for v in context.entries.get(f"{seat}.declarations") or [] if v and v.strip()
        ]
        if declarations:
            hand["declarations"] = declarations
        hands[seat] = hand
    return {"hands": hands}


def entries_of_request(request: Mapping[str, object]) -> dict[str, list[str]] | None:
    """The form's entries for a request of hands counted by tricks (``None`` for another request)."""
    hands = request.get("hands")
    if not isinstance(hands, Mapping) or not set(request) <= {"variant", "players", "hands"}:
        return None
    entries: dict[str, list[str]] = {"players": [str(request.get("players", 2))], "fool": [""]}
    for seat, hand in hands.items():
        tricks = hand.get("tricks") if isinstance(hand, Mapping) else None
        if not isinstance(hand, Mapping) or not isinstance(tricks, Mapping):
            raise RequestError("hands", gettext_lazy("the calculator counts tricks by their best card"))
        entries[f"{seat}.tricks"] = [str(tricks.get(kind, 0)) for kind in TRICKS]
        if hand.get("kings_cut"):
            entries[f"{seat}.kings_cut"] = [str(hand["kings_cut"])]
        if hand.get("fool"):
            entries["fool"] = [str(seat)]
        codes = hand.get("declarations")
        if isinstance(codes, list) and codes:
            entries[f"{seat}.declarations"] = [str(code) for code in codes]
    return entries


FIELDS: Final = RequestForm(
    fields=(
        RequestField(
            "fool",
            N_("The Fool (the Excuse) was held by"),
            "select",
            lambda context: (("", _("nobody scores it")), *zip(context.seats, context.names, strict=False)),
        ),
        RequestField(
            "tricks",
            N_("Tricks won by {name}, by their best card"),
            "number",
            repeat=len(TRICKS),
            many=True,
            sublabels=TRICK_LABELS,
            per_seat=True,
        ),
        RequestField("kings_cut", N_("Kings cut by {name}"), "number", default="0", per_seat=True),
        RequestField(
            "declarations",
            N_("Declarations of {name}"),
            "select",
            lambda context: (("", pgettext("declaration", "none")), *DECLARATION_NAMES.items()),
            repeat=2,
            many=True,
            sublabels=lambda context, count: tuple(_("Declaration {n}", n=n) for n in range(1, count + 1)),
            per_seat=True,
        ),
    ),
    start={"players": ("2",), "fool": ("p1",)},
    start_step=start_step,
    request_step=hands_request,
    from_request=entries_of_request,
    zero_sum=False,
    scores_by_seat=True,
    seat_note=lambda players: N_("p{n} is {name}"),
)
