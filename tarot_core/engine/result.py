"""Scores with their working: every term of the calculation, then each player's share.

A :class:`Score` is what every rule set's scoring gives: who won, the working as :class:`Term` lines
and each role's score; :func:`format_breakdown` prints a scored answer for readers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Protocol

from ..messages import NC_, Number, _, ngettext, pgettext, written
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
    return ngettext("{n} bout", "{n} bouts", count)


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


#: A working's value that says how a deal went (Chambéry's ``outcome``), in words: the answer's JSON
#: keeps the code.
OUTCOME_WORDS: Final = {
    "won": NC_("deal outcome", "won"),
    "lost": NC_("deal outcome", "lost"),
    "drawn": NC_("deal outcome", "drawn"),
}


def outcome_words(value: object) -> str | None:
    """``value`` in words, in the current language, when it is an outcome's code; else None."""
    word = OUTCOME_WORDS.get(value) if isinstance(value, str) else None
    return pgettext("deal outcome", word) if word is not None else None


def format_breakdown(answer: dict[str, object]) -> str:
    lines = []
    breakdown = answer.get("breakdown")
    assert isinstance(breakdown, list)
    width = max((len(str(term.get("label", ""))) for term in breakdown), default=10) + 2
    for term in breakdown:
        label = str(term.get("label", ""))
        value = term.get("value")
        detail = term.get("detail")
        signed = isinstance(value, int) and term.get("term") in _SIGNED
        text = format(Number(value), "+d") if signed else outcome_words(value) or written(value)
        line = f"  {label.ljust(width, '.')} {text}"
        if detail:
            line += f"   ({detail})"
        lines.append(line)
    won = answer.get("won")
    if isinstance(won, bool):
        lines.append(_("Result: made") if won else _("Result: lost"))
    elif isinstance(won, str):
        lines.append(_("Result: {who} wins the hand", who=won))
    elif isinstance(won, list):
        outcome = answer.get("outcome")
        if isinstance(outcome, list):
            said = [
                _("player {number} {outcome}", number=i, outcome=word) for i, word in enumerate(outcome, 1)
            ]
        else:
            said = [
                _("player {number} won", number=i) if flag else _("player {number} lost", number=i)
                for i, flag in enumerate(won, 1)
            ]
        lines.append(_("Result: {outcomes}", outcomes=", ".join(said)))
    scores = answer.get("scores")
    if isinstance(scores, dict):
        parts: list[str] = []
        for role, value in scores.items():
            if isinstance(value, list):  # one score per player, in the order given
                parts.extend(
                    _("player {number} {score:+d}", number=i, score=v) for i, v in enumerate(value, 1)
                )
            elif isinstance(value, int):
                parts.append(_("{role} {score:+d}", role=role_name(role), score=value))
            elif value is not None:
                parts.append(_("{role} {score}", role=role_name(role), score=value))
        lines.append(_("Scores: {scores}", scores=", ".join(parts)))
    return "\n".join(lines)


#: The parts a player has at the table, as a score or a seat names them (a key not here, a seat or a
#: player's name, is shown as it is): the French rules' three, and the dealer, the soloist and the
#: opponents of Chambéry Tarot and of Mathers' game.
_ROLES = {
    "taker": NC_("role", "taker"),
    "partner": NC_("role", "partner"),
    "defender": NC_("role", "defender"),
    "dealer": NC_("role", "dealer"),
    "soloist": NC_("role", "soloist"),
    "opponent": NC_("role", "opponent"),
}


def role_name(role: str) -> str:
    """The role ``role`` (a score's key or a seat's part: ``taker``, ``opponent``) in the reader's
    language."""
    name = _ROLES.get(role)
    return role if name is None else pgettext("role", name)


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
