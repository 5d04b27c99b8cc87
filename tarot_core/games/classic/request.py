"""The older French rules' score requests: the calculator's JSON read, checked against what a deal
allows, and scored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...engine.options import read_options
from ...engine.request import FieldChecks, required, shown, whole_number
from ...errors import RequestError
from ...messages import Message, _, gettext_lazy
from ...seats import ATTACK, DEFENCE
from ..fft.holdings import DealShape, check_holding
from .options import (
    BASE,
    CONTRACT_FRENCH,
    CONTRACT_NAMES,
    CONTRACTS,
    HAND_BONUS_ONCE,
    HAND_BONUSES,
    MULTIPLIER,
    SLAM_BID_MADE,
    TOTAL_POINTS,
    ClassicOptions,
    players_contracts,
)
from .rules import Classic3, Classic5
from .scoring import ROLE_NOUNS, roles, score_deal


# -------------------------------------------------------------------------------------- the request
def _int_field(request: Mapping[str, object], name: str, low: int, high: int, what: Message) -> int:
    value = required(
        request, name, _("give {what}, a whole number from {low} to {high}", what=what, low=low, high=high)
    )
    if isinstance(value, float) and not value.is_integer():
        raise RequestError(
            name,
            gettext_lazy(
                "{what} must be a whole number: counting by pairs never gives a half point "
                "(a last odd card is left out)",
                what=what,
            ),
        )
    number = whole_number(
        value, name, _("{what}, a whole number from {low} to {high}", what=what, low=low, high=high)
    )
    if not low <= number <= high:
        raise RequestError(
            name,
            gettext_lazy(
                "{what} must be between {low} and {high}, not {number}",
                what=what,
                low=low,
                high=high,
                number=number,
            ),
        )
    return number


def deal_shape(players: int, contract: str, options: ClassicOptions) -> DealShape:
    """What a deal of ``contract`` gives each side from the dog; a dog set aside counts for nobody,
    which for the taker's side is as if the opponents had it."""
    variant = {cls.players: cls for cls in (Classic3, Classic5)}[players]
    nobody = contract == "slam" or (contract == "guard-without" and options.guard_without_dog == "nobody")
    return DealShape(
        players=players,
        dog_size=variant.dog_size,
        dog_side=DEFENCE if nobody or contract in variant.dog_to_defence_contracts else ATTACK,
        discard=contract in variant.dog_taking_contracts,
    )


def parse_options(raw: object) -> ClassicOptions:
    """Rule options from a request's ``options`` object."""
    return read_options(raw, ClassicOptions)


def _check_bonus(where: str, kind: str, holder: str, earlier: Sequence[tuple[str, str]]) -> None:
    who = ROLE_NOUNS[holder]
    for k, h in earlier:
        if h != holder:
            continue
        if k == kind:
            raise RequestError(where, gettext_lazy(HAND_BONUS_ONCE[kind], who=who))
        if k.startswith("trumps") and kind.startswith("trumps"):
            raise RequestError(
                where, gettext_lazy("{who} can claim only one trump bonus, the highest", who=who)
            )
        if {k, kind} in ({"no-trumps", "trumps-10"}, {"no-trumps", "trumps-13"}, {"no-trumps", "trumps-15"}):
            raise RequestError(
                where, gettext_lazy("a hand with no trumps cannot also hold 10 trumps or more")
            )


def _slam_side(slam: object) -> str | None:
    if slam not in (None, "attack", "defence"):
        raise RequestError(
            "slam",
            gettext_lazy(
                'say "attack" if the taker\'s side won every trick, "defence" if the opponents did, or null'
            ),
        )
    assert slam is None or isinstance(slam, str)
    return slam


def _petit_side(petit: object) -> str | None:
    if petit not in (None, "attack", "defence"):
        raise RequestError(
            "petit_last_trick", gettext_lazy('say "attack", "defence" or null (no Petit on the last trick)')
        )
    assert petit is None or isinstance(petit, str)
    return petit


def score_request(request: Mapping[str, object]) -> dict[str, object]:
    """Score a classic deal described by a JSON-like request (see the module docstring)."""
    if not isinstance(request, Mapping):
        raise RequestError(
            "", gettext_lazy("a score request is an object with fields like players, contract and points")
        )
    variant = request.get("variant", "classic")
    if variant != "classic":
        raise RequestError(
            "variant",
            gettext_lazy("this calculator scores the classic rules, not {variant}", variant=repr(variant)),
        )
    players = whole_number(request.get("players", 3), "players", _("the number of players, 3 or 5"))
    if players not in (3, 5):
        raise RequestError(
            "players",
            gettext_lazy("the classic rules are for 3 or 5 players, not {players}", players=players),
        )
    allowed = players_contracts(players)
    contracts = ", ".join(allowed)
    contract = required(request, "contract", _("choose a contract among {contracts}", contracts=contracts))
    if contract not in allowed:
        if contract == "guard-against":
            raise RequestError(
                "contract",
                gettext_lazy(
                    "five players cannot bid Guard against the dog: 3 dog cards do not share among 4"
                ),
            )
        raise RequestError(
            "contract",
            gettext_lazy(
                "choose a contract among {contracts}, not {value}", contracts=contracts, value=shown(contract)
            ),
        )
    assert isinstance(contract, str)
    options = parse_options(request.get("options"))
    # Each field on its own first, every refusal kept; then the fields weighed together.
    checks = FieldChecks()
    slam = checks.read(lambda: _slam_side(request.get("slam")))
    petit = checks.read(lambda: _petit_side(request.get("petit_last_trick")))
    oudlers: int | None = 0
    points: int | None = None
    if contract != "slam":
        oudlers = checks.read(
            lambda: _int_field(
                request, "oudlers", 0, 3, gettext_lazy("the number of special cards (bouts) the taker has")
            )
        )
        points = checks.read(
            lambda: _int_field(request, "points", 0, TOTAL_POINTS, gettext_lazy("the taker's points"))
        )
    checks.done()
    assert oudlers is not None
    # Credited to the side of the player who played it, the Petit tells nothing of who won the trick.
    petit_won = petit if options.petit_last_trick == "winner" else None
    if contract != "slam":
        assert points is not None
        check_holding(
            deal_shape(players, contract, options),
            bouts=oudlers,
            value=points,
            slam_by=slam,
            petit=petit_won,
            petit_field="petit_last_trick",
            slam_hint={"attack": '"slam": "attack"', "defence": '"slam": "defence"'},
            show=str,
            scale=lambda half: half // 2,
        )
    elif petit_won is not None and slam is not None and petit_won != slam:
        raise RequestError(
            "petit_last_trick",
            gettext_lazy(
                "the attack won every trick, the last one too, so the Petit on the last trick (to the side "
                "that wins that trick, under the option petit_last_trick) is theirs"
            )
            if slam == "attack"
            else gettext_lazy(
                "the defence won every trick, the last one too, so the Petit on the last trick (to the side "
                "that wins that trick, under the option petit_last_trick) is theirs"
            ),
        )
    alone = request.get("alone", False)
    if not isinstance(alone, bool):
        raise RequestError(
            "alone", gettext_lazy("say true if the taker played without a partner, false otherwise")
        )
    if alone and players != 5:
        raise RequestError("alone", gettext_lazy("only the five-player game has a partner to play without"))
    if alone and contract != "slam" and options.call_timing == "after-dog":
        raise RequestError(
            "alone",
            gettext_lazy(
                "the taker calls a King once the dog is shown, one neither in his hand nor in the dog, so he "
                'always has a partner: he plays alone only in a bid Slam or with call_timing "before-dog"'
            ),
        )
    raw_bonuses = request.get("bonuses", [])
    if not isinstance(raw_bonuses, list | tuple):
        raise RequestError(
            "bonuses",
            gettext_lazy('give the hand bonuses as a list like [{"kind": "no-trumps", "holder": "taker"}]'),
        )
    names = roles(players, alone)
    bonuses: list[tuple[str, str]] = []
    for i, item in enumerate(raw_bonuses):
        where = f"bonuses[{i}]"
        if not isinstance(item, Mapping):
            raise RequestError(
                where, gettext_lazy('each bonus is an object like {"kind": "no-trumps", "holder": "taker"}')
            )
        kind = item.get("kind")
        if kind not in HAND_BONUSES:
            raise RequestError(
                f"{where}.kind", gettext_lazy("a hand bonus is one of {kinds}", kinds=", ".join(HAND_BONUSES))
            )
        holder = item.get("holder", "taker")
        if holder not in names:
            raise RequestError(
                f"{where}.holder",
                gettext_lazy(
                    "with {players} players the holder is one of {roles}",
                    players=players,
                    roles=", ".join(names),
                ),
            )
        assert isinstance(kind, str) and isinstance(holder, str)
        _check_bonus(where, kind, holder, bonuses)
        bonuses.append((kind, holder))
    result = score_deal(
        alone=alone,
        players=players,
        contract=contract,
        oudlers=oudlers,
        points=points,
        petit_last_trick=petit,
        slam=slam,
        bonuses=bonuses,
        options=options,
    )
    return result.as_dict(players)


def score_table() -> list[dict[str, object]]:
    """Base, multiplier and slam scores, one row per contract (for docs and calculators)."""
    rows: list[dict[str, object]] = []
    for contract in CONTRACTS:
        if contract == "slam":
            rows.append(
                {
                    "contract": _(CONTRACT_NAMES[contract]),
                    "french": CONTRACT_FRENCH[contract],
                    "base": SLAM_BID_MADE,
                    "multiplier": 0,
                }
            )
        else:
            rows.append(
                {
                    "contract": _(CONTRACT_NAMES[contract]),
                    "french": CONTRACT_FRENCH[contract],
                    "base": BASE[contract],
                    "multiplier": MULTIPLIER[contract],
                }
            )
    return rows
