"""Scores with their working: every term of the calculation, then each player's share.

:func:`french_score` is the FFT formula, used both at the end of a played round and by the score
calculator; :func:`tarot_core.variant.score_request` reads the calculator's JSON request for any variant.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Final, Protocol

from .cards import format_points
from .errors import TarotError
from .seats import ATTACK, DEFENCE, SEATS, Seat


class Seated(Protocol):
    """Who sits where in a round: the player count, the taker and the partner (if any)."""

    @property
    def players(self) -> int: ...
    @property
    def taker(self) -> Seat | None: ...
    @property
    def partner(self) -> Seat | None: ...


def bouts_text(count: int) -> str:
    """``0 bouts``, ``1 bout``, ``2 bouts``."""
    return f"{count} bout" if count == 1 else f"{count} bouts"


def points_value(half_points: int) -> int | float:
    """Half-points as a JSON number: 83 -> 41.5, 82 -> 41."""
    return half_points // 2 if half_points % 2 == 0 else half_points / 2


@dataclass(frozen=True, slots=True)
class Term:
    """One line of the working: a code, a label for readers, a value and how it was obtained."""

    term: str
    label: str
    value: int | float | str
    detail: str = ""

    def as_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"term": self.term, "label": self.label, "value": self.value}
        if self.detail:
            data["detail"] = self.detail
        return data


@dataclass(frozen=True, slots=True)
class Score:
    """A scored deal: who won, the working, and each role's score (zero-sum).

    ``per_defender`` is what each defender pays the attack (negative when the attack pays).
    """

    variant: str
    won: bool
    terms: tuple[Term, ...]
    per_defender: int
    taker: int
    partner: int | None
    defender: int
    extra: dict[str, object] = field(default_factory=dict)

    def by_seat(self, rnd: Seated) -> dict[Seat, int]:
        scores: dict[Seat, int] = {}
        for seat in SEATS[: rnd.players]:
            if seat == rnd.taker:
                scores[seat] = self.taker
            elif seat == rnd.partner and self.partner is not None:
                scores[seat] = self.partner
            else:
                scores[seat] = self.defender
        return scores

    def as_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "variant": self.variant,
            "won": self.won,
            "breakdown": [term.as_dict() for term in self.terms],
            "per_defender": self.per_defender,
            "scores": {"taker": self.taker, "partner": self.partner, "defender": self.defender},
        }
        data.update(self.extra)
        return data


# ---------------------------------------------------------------------- French Tarot (FFT)
FFT_TARGETS: Final = {0: 56, 1: 51, 2: 41, 3: 36}
FFT_MULTIPLIERS: Final = {"prise": 1, "garde": 2, "garde-sans": 4, "garde-contre": 6}
FFT_CONTRACT_NAMES: Final = {
    "prise": "Prise (small)",
    "garde": "Garde (guard)",
    "garde-sans": "Garde sans le chien (guard without the dog)",
    "garde-contre": "Garde contre le chien (guard against the dog)",
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


def share_factors(players: int, alone: bool) -> tuple[int, int | None]:
    """(taker, partner) multiples of what each defender pays: 4p 3 and none; 3p 2; 5p 2 and 1, alone 4."""
    if players == 3:
        return 2, None
    if players == 4:
        return 3, None
    if players == 5:
        return (4, None) if alone else (2, 1)
    raise TarotError(f"French Tarot is played by 3, 4 or 5 players, not {players}")


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
    terms.append(Term("contract", "Contract", FFT_CONTRACT_NAMES[contract]))
    terms.append(Term("bouts", "Bouts (oudlers) in the taker's cards", bouts))
    terms.append(
        Term(
            "target",
            "Points needed with that many bouts",
            target,
            f"with {bouts_text(bouts)}: {target} points",
        )
    )
    terms.append(Term("points", "Card points won by the taker's side", points_value(half_points)))
    diff_half = half_points - 2 * target
    won = diff_half >= 0
    difference = math.ceil(abs(diff_half) / 2)
    sign = 1 if won else -1
    if diff_half % 2:
        favoured = "taker" if won else "defence"
        counted = target + difference if won else target - difference
        terms.append(
            Term(
                "rounding",
                "Half point",
                f"{format_points(half_points)} counts as {counted}",
                f"the half point goes to the side that wins the deal ({favoured})",
            )
        )
    terms.append(
        Term(
            "difference",
            "Difference from the target",
            difference,
            f"{format_points(half_points)} {'≥' if won else '<'} {target}: "
            f"{'made' if won else 'lost'} by {difference}",
        )
    )
    terms.append(Term("base", "Base value of the deal", FFT_BASE))
    pab = 0
    if petit_au_bout is not None:
        pab = FFT_PETIT_AU_BOUT if petit_au_bout == ATTACK else -FFT_PETIT_AU_BOUT
        terms.append(
            Term(
                "petit_au_bout",
                "Petit au bout",
                pab,
                f"won in the last trick by the {'attack' if pab > 0 else 'defence'} "
                "(multiplied with the contract)",
            )
        )
    terms.append(Term("multiplier", "Contract multiplier", multiplier, f"×{multiplier} for {contract}"))
    contract_score = sign * (FFT_BASE + difference) * multiplier + pab * multiplier
    terms.append(
        Term(
            "contract_score",
            "Contract score",
            contract_score,
            f"({'+' if won else '−'}(25 + {difference}){' ' + f'{pab:+d}' if pab else ''}) × {multiplier}",
        )
    )
    handful_total = 0
    for shown_by, size in handfuls:
        bonus = FFT_HANDFUL_BONUS[size] * sign
        handful_total += bonus
        terms.append(
            Term(
                "handful",
                f"{size.capitalize()} handful shown by the {shown_by}",
                bonus,
                "goes to the side that wins the deal; never multiplied",
            )
        )
    slam_total = 0
    if slam_announced:
        if slam_by == ATTACK:
            slam_total += FFT_SLAM_ANNOUNCED
            terms.append(Term("slam", "Slam announced and made", FFT_SLAM_ANNOUNCED, "never multiplied"))
        elif failed_slam == "always" or won:
            slam_total += FFT_SLAM_FAILED
            terms.append(Term("slam", "Slam announced and not made", FFT_SLAM_FAILED, "never multiplied"))
    elif slam_by == ATTACK:
        slam_total += FFT_SLAM_UNANNOUNCED
        terms.append(
            Term("slam", "Slam made without announcing it", FFT_SLAM_UNANNOUNCED, "never multiplied")
        )
    if slam_by == DEFENCE:
        slam_total -= FFT_SLAM_DEFENCE
        terms.append(Term("slam_defence", "Slam made by the defence", -FFT_SLAM_DEFENCE, "never multiplied"))
    per_defender = contract_score + handful_total + slam_total
    terms.append(
        Term(
            "per_defender",
            "Each defender pays the taker" if per_defender >= 0 else "The taker pays each defender",
            abs(per_defender),
        )
    )
    taker_factor, partner_factor = share_factors(players, alone)
    taker = taker_factor * per_defender
    partner = None if partner_factor is None else partner_factor * per_defender
    defender = -per_defender
    terms.append(Term("taker_share", "Taker's score", taker, f"{taker_factor} × {per_defender}"))
    if partner is not None:
        terms.append(Term("partner_share", "Partner's score", partner, f"1 × {per_defender}"))
    terms.append(Term("defender_share", "Each defender's score", defender))
    return Score("fft", won, tuple(terms), per_defender, taker, partner, defender)


def format_breakdown(answer: dict[str, object]) -> str:
    lines = []
    breakdown = answer.get("breakdown")
    assert isinstance(breakdown, list)
    width = max((len(str(term.get("label", ""))) for term in breakdown), default=10) + 2
    for term in breakdown:
        label = str(term.get("label", ""))
        value = term.get("value")
        detail = term.get("detail")
        text = f"{value:+d}" if isinstance(value, int) and term.get("term") in _SIGNED else str(value)
        line = f"  {label.ljust(width, '.')} {text}"
        if detail:
            line += f"   ({detail})"
        lines.append(line)
    won = answer.get("won")
    if isinstance(won, bool):
        lines.append(f"Result: {'made' if won else 'lost'}")
    elif isinstance(won, str):
        lines.append(f"Result: {won} wins the hand")
    elif isinstance(won, list):
        outcome = answer.get("outcome")
        words = outcome if isinstance(outcome, list) else ["won" if flag else "lost" for flag in won]
        lines.append("Result: " + ", ".join(f"player {i} {word}" for i, word in enumerate(words, start=1)))
    scores = answer.get("scores")
    if isinstance(scores, dict):
        parts: list[str] = []
        for role, value in scores.items():
            if isinstance(value, list):  # one score per player, in the order given
                parts.extend(f"player {i} {v:+d}" for i, v in enumerate(value, start=1))
            elif isinstance(value, int):
                parts.append(f"{role} {value:+d}")
            elif value is not None:
                parts.append(f"{role} {value}")
        lines.append("Scores: " + ", ".join(parts))
    return "\n".join(lines)


_SIGNED = {
    "petit_au_bout",
    "contract_score",
    "handful",
    "slam",
    "slam_defence",
    "taker_share",
    "partner_share",
    "defender_share",
}
