"""Modern French Tarot, the rules of the Fédération Française de Tarot, for 3, 4 and 5 players."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ...engine.options import Options, option
from ...engine.request import FieldChecks, int_choice, missing, number, required, shown
from ...engine.result import Score
from ...engine.round import Round
from ...engine.trick import Counting
from ...engine.variant import Variant, register
from ...errors import RequestError
from ...messages import N_, Number, _, gettext_lazy
from ...seats import ATTACK, DEFENCE
from .contracts import FftContract
from .holdings import BOUTS, TOTAL, TRUMPS, DealShape, check_holding, points
from .scoring import FFT_HANDFUL_BONUS, FFT_HANDFULS, FFT_MULTIPLIERS, FFT_TARGETS, french_score

if TYPE_CHECKING:
    from ...cards import Card
    from ...seats import Seat


@dataclass(frozen=True)
class FrenchOptions(Options):
    """Points where the sources differ; the defaults follow the FFT rules."""

    excuse_wins_unannounced_slam: bool = option(
        True,
        N_(
            "a side that has won every trick may lead the Excuse to the last trick and win it even when no "
            "slam was announced (when false, only after an announced slam)"
        ),
    )
    failed_slam: str = option(
        "always",
        N_(
            "an announced slam that fails costs 200 'always', or only 'when-won' (taken from a winning score)"
        ),
        choices=("always", "when-won"),
    )


class FrenchVariant(Variant):
    """French Tarot: class variables hold the FFT facts for one player count."""

    family: ClassVar[str] = "fft"
    options_class: ClassVar[type[Options]] = FrenchOptions
    options: FrenchOptions
    contracts: ClassVar[tuple[str, ...]] = tuple(FftContract)
    dog_taking_contracts: ClassVar[frozenset[str]] = frozenset({FftContract.PRISE, FftContract.GARDE})
    dog_to_defence_contracts: ClassVar[frozenset[str]] = frozenset({FftContract.GARDE_CONTRE})
    multipliers: ClassVar[Mapping[str, int]] = FFT_MULTIPLIERS
    targets: ClassVar[Mapping[int, int]] = FFT_TARGETS
    handfuls: ClassVar[Mapping[str, int]] = FFT_HANDFULS[4]
    handful_bonus: ClassVar[Mapping[str, int]] = FFT_HANDFUL_BONUS
    slam_announcement: ClassVar[bool] = True
    round_class: ClassVar[type[Round]] = Round

    @property
    def excuse_wins_unannounced_slam(self) -> bool:
        """The option of the same name (:class:`FrenchOptions`)."""
        return self.options.excuse_wins_unannounced_slam

    def new_round(
        self,
        dealer: Seat,
        hands: list[list[Card]] | tuple[tuple[Card, ...], ...],
        dog: list[Card] | tuple[Card, ...],
    ) -> Round:
        return self.round_class(self, dealer, hands, dog)

    def score_round(self, rnd: Round, counting: Counting) -> Score:
        assert rnd.contract is not None
        handfuls = tuple((rnd.side_of(seat), size) for seat, size, _ in rnd.handfuls)
        return french_score(
            players=self.players,
            contract=rnd.contract,
            bouts=counting.attack_bouts,
            half_points=counting.attack_half_points,
            petit_au_bout=counting.petit_au_bout,
            handfuls=handfuls,
            slam_announced=rnd.slam_announced,
            slam_by=counting.slam_by,
            alone=self.players == 5 and rnd.partner is None,
            failed_slam=self.options.failed_slam,
        )


@register
class French3(FrenchVariant):
    key = "fft-3"
    title = N_("French Tarot, 3 players")
    players = 3
    hand_size = 24
    dog_size = 6
    packet = 4
    handfuls = FFT_HANDFULS[3]


@register
class French4(FrenchVariant):
    key = "fft-4"
    title = N_("French Tarot, 4 players")
    players = 4
    hand_size = 18
    dog_size = 6
    packet = 3
    handfuls = FFT_HANDFULS[4]


@register
class French5(FrenchVariant):
    key = "fft-5"
    title = N_("French Tarot, 5 players (called King)")
    players = 5
    hand_size = 15
    dog_size = 3
    packet = 3
    handfuls = FFT_HANDFULS[5]


# ---------------------------------------------------------------------- score requests
REQUEST_FIELDS = (
    "variant",
    "players",
    "contract",
    "oudlers",
    "points",
    "petit_au_bout",
    "handfuls",
    "slam",
    "alone",
    "options",
)
SIDES = (ATTACK, DEFENCE)


def _side(value: object, name: str) -> str | None:
    if value is None:
        return None
    if value not in SIDES:
        raise RequestError(
            name, gettext_lazy('must be "attack", "defence" or null, not {value}', value=shown(value))
        )
    return str(value)


def parse_points(value: object, players: int) -> int:
    """Card points as half-points, checked: 0 to 91 in steps of 0.5."""
    if value is None:
        raise missing("points", _("give the card points of the taker's side, such as 41 or 40.5"))
    number_value = number(value, "points", _("a number of card points such as 41 or 40.5"))
    if not math.isfinite(number_value):
        raise RequestError(
            "points",
            gettext_lazy(
                "must be a number of card points such as 41 or 40.5, not {value}", value=shown(value)
            ),
        )
    if not 0 <= number_value <= TOTAL / 2:  # first: a number too large to double is out of range too
        raise RequestError(
            "points",
            gettext_lazy(
                "must be between 0 and {total:g}: the whole pack holds {total:g} points, not {value:g}",
                total=Number(TOTAL / 2),
                value=Number(number_value),
            ),
        )
    half = number_value * 2
    if not float(half).is_integer():
        raise RequestError(
            "points",
            gettext_lazy("card points go by halves (41 or 40.5), not {value}", value=Number(number_value)),
        )
    return int(half)


def deal_shape(players: int, contract: str) -> DealShape:
    """What a deal of ``contract`` with ``players`` players gives each side from the dog."""
    variant = {cls.players: cls for cls in (French3, French4, French5)}[players]
    return DealShape(
        players=players,
        dog_size=variant.dog_size,
        dog_side=DEFENCE if contract in variant.dog_to_defence_contracts else ATTACK,
        discard=contract in variant.dog_taking_contracts,
    )


SLAM_HINTS: dict[str, str] = {
    ATTACK: '"slam": {"won_by": "attack"}',
    DEFENCE: '"slam": {"won_by": "defence"}',
}


def _contract(request: Mapping[str, object]) -> str:
    contracts = ", ".join(FFT_MULTIPLIERS)
    contract = required(request, "contract", _("choose one of {contracts}", contracts=contracts))
    if not isinstance(contract, str) or contract not in FFT_MULTIPLIERS:
        raise RequestError(
            "contract",
            gettext_lazy(
                "must be one of {contracts}, not {value}", contracts=contracts, value=shown(contract)
            ),
        )
    return contract


def _alone(alone: object, players: int) -> bool:
    if not isinstance(alone, bool):
        raise RequestError("alone", gettext_lazy("must be true or false, not {value}", value=shown(alone)))
    if alone and players != 5:
        raise RequestError("alone", gettext_lazy("only the five-player game has a partner to play without"))
    return alone


def score_request(request: Mapping[str, object]) -> dict[str, object]:
    """Score a French Tarot request (see the reference page of the score request format)."""
    unknown = [key for key in request if key not in REQUEST_FIELDS]
    if unknown:
        raise RequestError(
            unknown[0],
            gettext_lazy("unknown field; the fields are {fields}", fields=", ".join(REQUEST_FIELDS)),
        )
    players = int_choice(request, "players", (3, 4, 5), _("the number of players"))
    # Each field on its own first, every refusal kept; then the fields weighed together.
    checks = FieldChecks()
    contract = checks.read(lambda: _contract(request))
    oudlers = checks.read(
        lambda: int_choice(request, "oudlers", range(BOUTS + 1), _("the bouts (oudlers) of the taker's side"))
    )
    half_points = checks.read(lambda: parse_points(request.get("points"), players))
    petit = checks.read(lambda: _side(request.get("petit_au_bout"), "petit_au_bout"))
    alone = checks.read(lambda: _alone(request.get("alone", False), players))
    handfuls = checks.read(lambda: _handfuls(request.get("handfuls"), players, bool(alone)))
    slam = checks.read(lambda: _slam(request.get("slam")))
    checks.done()
    assert contract is not None and oudlers is not None and half_points is not None
    assert alone is not None and handfuls is not None and slam is not None
    slam_announced, slam_by = slam
    check_holding(
        deal_shape(players, contract),
        bouts=oudlers,
        value=half_points,
        slam_by=slam_by,
        petit=petit,
        slam_hint=SLAM_HINTS,
        show=points,
    )
    options = request.get("options") or {}
    if not isinstance(options, Mapping):
        raise RequestError("options", gettext_lazy("must be an object of rule options"))
    failed_slam = options.get("failed_slam", "always")
    if failed_slam not in ("always", "when-won") or set(options) - {"failed_slam"}:
        raise RequestError(
            "options", gettext_lazy('the only scoring option is failed_slam: "always" or "when-won"')
        )
    score = french_score(
        players=players,
        contract=contract,
        bouts=oudlers,
        half_points=half_points,
        petit_au_bout=petit,
        handfuls=handfuls,
        slam_announced=slam_announced,
        slam_by=slam_by,
        alone=alone,
        failed_slam=str(failed_slam),
    )
    answer = score.as_dict()
    answer["players"] = players
    return answer


def _handfuls(value: object, players: int, alone: bool) -> tuple[tuple[str, str], ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise RequestError(
            "handfuls", gettext_lazy('must be a list such as [{"side": "attack", "size": "simple"}]')
        )
    thresholds = FFT_HANDFULS[players]
    result: list[tuple[str, str]] = []
    trumps = 0
    for item in value:
        if not isinstance(item, Mapping) or set(item) - {"side", "size"}:
            raise RequestError(
                "handfuls", gettext_lazy('each handful is {"side": "attack"|"defence", "size": ...}')
            )
        side = _side(item.get("side"), "handfuls")
        if side is None:
            raise RequestError("handfuls", gettext_lazy('each handful needs a side: "attack" or "defence"'))
        size = item.get("size")
        if size not in thresholds:
            raise RequestError(
                "handfuls",
                gettext_lazy("size must be simple, double or triple, not {value}", value=shown(size)),
            )
        assert isinstance(size, str)
        trumps += thresholds[size]
        result.append((side, size))
    if len(result) > players:
        raise RequestError(
            "handfuls",
            gettext_lazy("each player shows at most one handful: {players} at most", players=players),
        )
    attackers = 2 if players == 5 and not alone else 1
    too_many = {
        ATTACK: N_(
            "each player shows at most one handful, so the attack (the taker) shows {seats} at most, "
            "not {count}"
        )
        if attackers == 1
        else N_(
            "each player shows at most one handful, so the attack (the taker and the partner) shows "
            "{seats} at most, not {count}"
        ),
        DEFENCE: N_(
            "each player shows at most one handful, so the defence (the {seats} defenders) shows {seats} "
            "at most, not {count}"
        ),
    }
    for side, seats in ((ATTACK, attackers), (DEFENCE, players - attackers)):
        count = sum(1 for shown_by, _ in result if shown_by == side)
        if count > seats:
            raise RequestError("handfuls", gettext_lazy(too_many[side], seats=seats, count=count))
    if trumps > TRUMPS:
        raise RequestError(
            "handfuls",
            gettext_lazy(
                "these handfuls need {trumps} trumps but the pack has only 21 trumps and the Excuse",
                trumps=trumps,
            ),
        )
    return tuple(result)


def _slam(value: object) -> tuple[bool, str | None]:
    if value is None:
        return False, None
    if not isinstance(value, Mapping) or set(value) - {"announced", "won_by"}:
        raise RequestError(
            "slam", gettext_lazy('must be {"announced": true|false, "won_by": "attack"|"defence"|null}')
        )
    announced = value.get("announced", False)
    if not isinstance(announced, bool):
        raise RequestError(
            "slam", gettext_lazy("announced must be true or false, not {value}", value=shown(announced))
        )
    return announced, _side(value.get("won_by"), "slam")
