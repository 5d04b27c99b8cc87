"""Scores with their working: every term of the calculation, then each player's share.

A :class:`Score` is what every rule set's scoring gives: who won, the working as :class:`Term` lines
and each role's score; :func:`format_breakdown` prints a scored answer for readers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from ..seats import SEATS, Seat


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
