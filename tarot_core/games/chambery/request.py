"""Chambéry Tarot's score requests: the calculator's JSON read, checked and paid."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Final

from ...engine.options import read_options
from ...engine.request import FieldChecks, int_field, required, shown, whole_number
from ...errors import RequestError
from ...messages import _, gettext_lazy
from .options import VARIANT_NAME, ChamberyOptions
from .play import CONTRACTS, layout
from .scoring import check_player_points, pay_partnership, pay_three

# ---------------------------------------------------------------------------------------------- requests

_REQUEST_FIELDS: Final = ("variant", "players", "pack", "contract", "points", "options")


def _player_points(value: object, index: int, total: int) -> int:
    """One player's card points in a three-player deal: a whole number from 0 to ``total``."""
    points = whole_number(value, f"points[{index}]", _("a player's card points, a whole number"))
    check_player_points(points, index, total)
    return points


def score_request(request: Mapping[str, object]) -> dict[str, object]:
    """Answer a Chambéry score request (JSON-like mapping); raise RequestError on bad input.

    >>> score_request({"variant": "chambery", "players": 5, "contract": "call", "points": 40})["scores"]
    {'dealer': 9, 'partner': 9, 'defender': -6}
    """
    if not isinstance(request, Mapping):
        raise RequestError(
            "", gettext_lazy("a score request is an object with variant, players, contract and points")
        )
    for key in request:
        if key not in _REQUEST_FIELDS:
            raise RequestError(
                str(key),
                gettext_lazy(
                    "a Chambéry score request has no field {key}; use {fields}",
                    key=repr(key),
                    fields=", ".join(_REQUEST_FIELDS),
                ),
            )
    if request.get("variant") != VARIANT_NAME:
        raise RequestError(
            "variant",
            gettext_lazy(
                'this calculator scores "chambery", not {variant}', variant=repr(request.get("variant"))
            ),
        )
    players = int_field(request, "players", _("the number of players"), _("3, 4 or 5"))
    if players not in (3, 4, 5):
        raise RequestError(
            "players", gettext_lazy("Chambéry Tarot is for 3, 4 or 5 players, not {players}", players=players)
        )
    pack = int_field(request, "pack", _("the cards in the pack"), _("78 or 62")) if "pack" in request else 78
    if pack not in (78, 62):
        raise RequestError(
            "pack",
            gettext_lazy("the pack has 78 cards or, for the tarot simplifié, 62; not {pack}", pack=pack),
        )
    options = read_options(request.get("options"), ChamberyOptions)
    lay = layout(players, pack)
    answer: dict[str, object] = {"variant": VARIANT_NAME, "players": players, "pack": pack}

    if players == 3:
        contract = request.get("contract", "individual")
        if contract != "individual":
            raise RequestError(
                "contract",
                gettext_lazy(
                    'three players each play for themselves, with no solo and no call: leave "contract" out '
                    'or write "individual"'
                ),
            )
        raw = required(
            request, "points", _("give a list of the three players' card points, such as [37, 29, 12]")
        )
        if not isinstance(raw, list | tuple) or len(raw) != 3:
            raise RequestError(
                "points", gettext_lazy("with three players, give a list of the three players' card points")
            )
        # Each player's points on their own, every refusal kept.
        checks = FieldChecks()
        read = [
            checks.read(partial(_player_points, value, index, lay.total)) for index, value in enumerate(raw)
        ]
        checks.done()
        values = [value for value in read if value is not None]
        three = pay_three(values, pack)
        answer["won"] = [outcome == "won" for outcome in three.outcomes]
        answer["outcome"] = list(three.outcomes)
        answer["breakdown"] = [term.as_dict() for term in three.terms]
        answer["scores"] = {"by_player": list(three.scores)}
        return answer

    contracts = ", ".join(CONTRACTS)
    contract = required(request, "contract", _("choose one of {contracts}", contracts=contracts))
    if not isinstance(contract, str) or contract not in CONTRACTS:
        raise RequestError(
            "contract",
            gettext_lazy(
                "the contract must be one of {contracts}, not {value}",
                contracts=contracts,
                value=shown(contract),
            ),
        )
    if contract == "fixed" and players != 4:
        raise RequestError("contract", gettext_lazy("fixed partnerships exist only in the four-player game"))
    if players == 4 and options.four_player == "fixed" and contract != "fixed":
        raise RequestError(
            "contract", gettext_lazy('with fixed partners (four_player "fixed") the contract is "fixed"')
        )
    points = int_field(
        request,
        "points",
        _("the card points of the dealer's side or the soloist"),
        _("0 to {total}", total=lay.total),
    )
    if not 0 <= points <= lay.total:
        raise RequestError(
            "points",
            gettext_lazy(
                "the card points go from 0 to {total} with {players} players and {pack} cards, not {points}",
                total=lay.total,
                players=players,
                pack=pack,
                points=points,
            ),
        )
    if contract in ("call", "fixed") and lay.discard_point and points < 1:
        raise RequestError(
            "points", gettext_lazy("the dealer's side always has at least the point of its discard")
        )
    payment = pay_partnership(players, contract, points, pack, options)
    answer["contract"] = contract
    answer["won"] = payment.won
    answer["outcome"] = payment.outcome
    answer["breakdown"] = [term.as_dict() for term in payment.terms]
    answer["scores"] = payment.scores()
    return answer
