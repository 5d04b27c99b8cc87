"""Mathers' Tarot's score of a hand: tricks, declarations, the asked and the cut, and how a game of 100
points advances.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Final

from ...engine.result import Term
from ...messages import _, ngettext
from .options import (
    CATEGORIES,
    CATEGORY_VALUES,
    DECLARATION_NAMES,
    DECLARATION_VALUES,
    GAME,
    KING_CUT,
    MathersOptions,
)

#: A player's tricks of one category in the working, ``{seat}`` and the count filled in.
_TRICKS: Final[dict[str, Callable[[str, int], str]]] = {
    "tarot-trump": lambda seat, n: ngettext(
        "{seat}: {n} trick with a Tarot Trump", "{seat}: {n} tricks with a Tarot Trump", n, seat=seat
    ),
    "queen": lambda seat, n: ngettext(
        "{seat}: {n} trick with a Queen", "{seat}: {n} tricks with a Queen", n, seat=seat
    ),
    "knight": lambda seat, n: ngettext(
        "{seat}: {n} trick with a Knight", "{seat}: {n} tricks with a Knight", n, seat=seat
    ),
    "knave": lambda seat, n: ngettext(
        "{seat}: {n} trick with a Knave", "{seat}: {n} tricks with a Knave", n, seat=seat
    ),
    "plain": lambda seat, n: ngettext(
        "{seat}: {n} trick of plain cards only", "{seat}: {n} tricks of plain cards only", n, seat=seat
    ),
}


# -------------------------------------------------------------------------------------- a hand scored
@dataclasses.dataclass(frozen=True, slots=True)
class HandParts:
    """What one player made in one hand."""

    tricks: Mapping[str, int]
    trick_points: int
    kings_cut: int = 0
    fool: bool = False
    declarations: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True, slots=True)
class HandScore:
    """A hand scored: every player's total, the working, and what each scores after the excess rule."""

    totals: dict[str, int]
    breakdown: tuple[Term, ...]
    scores: dict[str, int]
    winner: str | None


def score_hand(parts: Mapping[str, HandParts], options: MathersOptions | None = None) -> HandScore:
    """Add up each player's hand and apply the excess rule (pure function)."""
    opts = options or MathersOptions()
    terms: list[Term] = []
    totals: dict[str, int] = {}
    for seat, part in parts.items():
        total = 0
        for code in part.declarations:
            value = DECLARATION_VALUES[code]
            label = _("{seat}: {declaration}", seat=seat, declaration=_(DECLARATION_NAMES[code]))
            terms.append(Term(f"{seat}.{code}", label, value))
            total += value
        if opts.trick_value == "best":
            for name in CATEGORIES:
                count = part.tricks.get(name, 0)
                if count:
                    value = count * CATEGORY_VALUES[name]
                    terms.append(
                        Term(
                            f"{seat}.tricks-{name}",
                            _TRICKS[name](seat, count),
                            value,
                            f"{count} × {CATEGORY_VALUES[name]}",
                        )
                    )
        else:
            count = sum(part.tricks.values())
            terms.append(
                Term(
                    f"{seat}.tricks",
                    ngettext(
                        "{seat}: {n} trick, honours added up",
                        "{seat}: {n} tricks, honours added up",
                        count,
                        seat=seat,
                    ),
                    part.trick_points,
                )
            )
        total += part.trick_points
        if part.kings_cut:
            value = part.kings_cut * KING_CUT
            terms.append(
                Term(
                    f"{seat}.kings-cut",
                    _("{seat}: Kings cut", seat=seat),
                    value,
                    f"{part.kings_cut} × {KING_CUT}",
                )
            )
            total += value
        if part.fool and opts.fool_to_holder:
            terms.append(
                Term(f"{seat}.fool", _("{seat}: the Fool, scored by its holder", seat=seat), KING_CUT)
            )
            total += KING_CUT
        terms.append(Term(f"{seat}.total", _("{seat}: total for the hand", seat=seat), total))
        totals[seat] = total
    ranking = sorted(totals.values(), reverse=True)
    scores = dict.fromkeys(totals, 0)
    winner: str | None = None
    if not opts.excess:
        scores = dict(totals)
        winner = max(totals, key=lambda s: totals[s]) if ranking[0] > ranking[1] else None
    elif ranking[0] > ranking[1]:
        winner = next(s for s, v in totals.items() if v == ranking[0])
        scores[winner] = ranking[0] - ranking[1]
        terms.append(
            Term(
                "excess",
                _("{seat} scores the excess over the next best", seat=winner),
                scores[winner],
                f"{ranking[0]} − {ranking[1]}",
            )
        )
    else:
        terms.append(Term("excess", _("A tie at the top: nobody scores this hand"), 0))
    return HandScore(totals, tuple(terms), scores, winner)


def advance_game(
    game: Mapping[str, int], scores: Mapping[str, int], target: int = GAME
) -> tuple[dict[str, int], str | None]:
    """Running totals after a hand, and the game's winner: the first to reach ``target`` (the
    highest if several reach it in the same hand, nobody on a tie)."""
    totals = {seat: game.get(seat, 0) + scores.get(seat, 0) for seat in scores}
    reached = {seat: v for seat, v in totals.items() if v >= target}
    if not reached:
        return totals, None
    best = max(reached.values())
    leaders = [seat for seat, v in reached.items() if v == best]
    return totals, leaders[0] if len(leaders) == 1 else None
