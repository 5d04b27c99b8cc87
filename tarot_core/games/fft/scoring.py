"""The score of modern French Tarot (FFT): the targets, the multipliers, the bonuses and the shares.

:func:`french_score` is the FFT formula, used both at the end of a played round and by the score
calculator.
"""

from __future__ import annotations

import math
from typing import Final

from ...cards import format_points
from ...engine.result import Score, Term, points_value
from ...errors import TarotError
from ...messages import N_, Number, _, gettext_lazy, ngettext
from ...seats import ATTACK, DEFENCE
from .contracts import FftContract

FFT_TARGETS: Final = {0: 56, 1: 51, 2: 41, 3: 36}
FFT_MULTIPLIERS: Final[dict[str, int]] = {
    FftContract.PRISE: 1,
    FftContract.GARDE: 2,
    FftContract.GARDE_SANS: 4,
    FftContract.GARDE_CONTRE: 6,
}
FFT_CONTRACT_NAMES: Final[dict[str, str]] = {
    FftContract.PRISE: N_("Prise (small)"),
    FftContract.GARDE: N_("Garde (guard)"),
    FftContract.GARDE_SANS: N_("Garde sans le chien (guard without the dog)"),
    FftContract.GARDE_CONTRE: N_("Garde contre le chien (guard against the dog)"),
}
FFT_HANDFULS: Final = {
    3: {"simple": 13, "double": 15, "triple": 18},
    4: {"simple": 10, "double": 13, "triple": 15},
    5: {"simple": 8, "double": 10, "triple": 13},
}
FFT_HANDFUL_BONUS: Final = {"simple": 20, "double": 30, "triple": 40}
FFT_BASE: Final = 25
FFT_PETIT_AU_BOUT: Final = 10
FFT_SLAM_ANNOUNCED: Final = 400
FFT_SLAM_UNANNOUNCED: Final = 200
FFT_SLAM_FAILED: Final = -200
FFT_SLAM_DEFENCE: Final = 200
#: The working's line for a handful, by its size and the side that showed it.
_HANDFUL_LABELS: Final[dict[tuple[str, str], str]] = {
    ("simple", ATTACK): N_("Simple handful shown by the attack"),
    ("simple", DEFENCE): N_("Simple handful shown by the defence"),
    ("double", ATTACK): N_("Double handful shown by the attack"),
    ("double", DEFENCE): N_("Double handful shown by the defence"),
    ("triple", ATTACK): N_("Triple handful shown by the attack"),
    ("triple", DEFENCE): N_("Triple handful shown by the defence"),
}


def share_factors(players: int, alone: bool) -> tuple[int, int | None]:
    """(taker, partner) multiples of what each defender pays: 4p 3 and none; 3p 2; 5p 2 and 1, alone 4."""
    if players == 3:
        return 2, None
    if players == 4:
        return 3, None
    if players == 5:
        return (4, None) if alone else (2, 1)
    raise TarotError(
        gettext_lazy("French Tarot is played by 3, 4 or 5 players, not {players}", players=players)
    )


def french_score(
    *,
    players: int,
    contract: str,
    bouts: int,
    half_points: int,
    petit_au_bout: str | None = None,
    handfuls: tuple[tuple[str, str], ...] = (),
    slam_announced: bool = False,
    slam_by: str | None = None,
    alone: bool = False,
    failed_slam: str = "always",
) -> Score:
    """The FFT score of a deal from the taker side's bouts and card points (in half-points).

    ``handfuls`` are (side that showed it, size); the bonus goes to the side that wins the deal.
    ``slam_by`` is the side that won every trick, if any.

    >>> score = french_score(players=4, contract="garde", bouts=2, half_points=112)
    >>> score.won, score.per_defender, score.taker
    (True, 80, 240)
    """
    multiplier = FFT_MULTIPLIERS[contract]
    target = FFT_TARGETS[bouts]
    terms: list[Term] = []
    terms.append(Term("contract", _("Contract"), _(FFT_CONTRACT_NAMES[contract])))
    terms.append(Term("bouts", _("Bouts (oudlers) in the taker's cards"), bouts))
    terms.append(
        Term(
            "target",
            _("Points needed with that many bouts"),
            target,
            ngettext(
                "with {n} bout: {target} points", "with {n} bouts: {target} points", bouts, target=target
            ),
        )
    )
    terms.append(Term("points", _("Card points won by the taker's side"), points_value(half_points)))
    diff_half = half_points - 2 * target
    won = diff_half >= 0
    difference = math.ceil(abs(diff_half) / 2)
    sign = 1 if won else -1
    shown = format_points(half_points)
    if diff_half % 2:
        counted = target + difference if won else target - difference
        terms.append(
            Term(
                "rounding",
                _("Half point"),
                _("{points} counts as {counted}", points=shown, counted=counted),
                _("the half point goes to the side that wins the deal (taker)")
                if won
                else _("the half point goes to the side that wins the deal (defence)"),
            )
        )
    terms.append(
        Term(
            "difference",
            _("Difference from the target"),
            difference,
            _("{points} ≥ {target}: made by {difference}", points=shown, target=target, difference=difference)
            if won
            else _(
                "{points} < {target}: lost by {difference}",
                points=shown,
                target=target,
                difference=difference,
            ),
        )
    )
    terms.append(Term("base", _("Base value of the deal"), FFT_BASE))
    pab = 0
    if petit_au_bout is not None:
        pab = FFT_PETIT_AU_BOUT if petit_au_bout == ATTACK else -FFT_PETIT_AU_BOUT
        terms.append(
            Term(
                "petit_au_bout",
                _("Petit au bout"),
                pab,
                _("won in the last trick by the attack (multiplied with the contract)")
                if pab > 0
                else _("won in the last trick by the defence (multiplied with the contract)"),
            )
        )
    terms.append(
        Term(
            "multiplier",
            _("Contract multiplier"),
            multiplier,
            _("×{multiplier} for {contract}", multiplier=multiplier, contract=contract),
        )
    )
    contract_score = sign * (FFT_BASE + difference) * multiplier + pab * multiplier
    working = _working(won, difference, pab, multiplier)
    terms.append(Term("contract_score", _("Contract score"), contract_score, working))
    handful_total = 0
    for shown_by, size in handfuls:
        bonus = FFT_HANDFUL_BONUS[size] * sign
        handful_total += bonus
        terms.append(
            Term(
                "handful",
                _(_HANDFUL_LABELS[size, shown_by]),
                bonus,
                _("goes to the side that wins the deal; never multiplied"),
            )
        )
    slam_total = 0
    never = _("never multiplied")
    if slam_announced:
        if slam_by == ATTACK:
            slam_total += FFT_SLAM_ANNOUNCED
            terms.append(Term("slam", _("Slam announced and made"), FFT_SLAM_ANNOUNCED, never))
        elif failed_slam == "always" or won:
            slam_total += FFT_SLAM_FAILED
            terms.append(Term("slam", _("Slam announced and not made"), FFT_SLAM_FAILED, never))
    elif slam_by == ATTACK:
        slam_total += FFT_SLAM_UNANNOUNCED
        terms.append(Term("slam", _("Slam made without announcing it"), FFT_SLAM_UNANNOUNCED, never))
    if slam_by == DEFENCE:
        slam_total -= FFT_SLAM_DEFENCE
        terms.append(Term("slam_defence", _("Slam made by the defence"), -FFT_SLAM_DEFENCE, never))
    per_defender = contract_score + handful_total + slam_total
    terms.append(
        Term(
            "per_defender",
            _("Each defender pays the taker") if per_defender >= 0 else _("The taker pays each defender"),
            abs(per_defender),
        )
    )
    taker_factor, partner_factor = share_factors(players, alone)
    taker = taker_factor * per_defender
    partner = None if partner_factor is None else partner_factor * per_defender
    defender = -per_defender
    terms.append(Term("taker_share", _("Taker's score"), taker, f"{taker_factor} × {Number(per_defender)}"))
    if partner is not None:
        terms.append(Term("partner_share", _("Partner's score"), partner, f"1 × {Number(per_defender)}"))
    terms.append(Term("defender_share", _("Each defender's score"), defender))
    return Score("fft", won, tuple(terms), per_defender, taker, partner, defender)


def _working(won: bool, difference: int, petit_au_bout: int, multiplier: int) -> str:
    """How the contract score is made, as a reader works it out: ``(25 + 6) × 2``, ``(25 + 6 + 10) × 2``
    when made; ``−(25 + 15) × 2``, ``(−(25 + 15) + 10) × 2`` when it fails."""
    base = f"{FFT_BASE} + {difference}"
    petit = f" {'+' if petit_au_bout > 0 else '−'} {abs(petit_au_bout)}" if petit_au_bout else ""
    if won:
        return f"({base}{petit}) × {multiplier}"
    if petit:
        return f"(−({base}){petit}) × {multiplier}"
    return f"−({base}) × {multiplier}"
