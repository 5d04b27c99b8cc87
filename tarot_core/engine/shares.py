"""Each seat's score from a score request's answer, whatever shape the rule set gives its scores in.

A rule set's answer scores roles (``taker``, ``partner``, ``defender``; the Chambéry ``dealer`` or
``soloist``; the older French rules' ``defender-1``... one by one, counted from the taker's left),
seats (Mathers: ``p1``...), or players in order (``by_player``). The request names no seat, so the
seats that held the roles turn the first kind into each seat's score: :func:`seat_scores` is the one
place that does it, for the calculator and the score sheet alike.

>>> [(s.seat, s.role, s.score) for s in seat_scores({"taker": 75, "partner": None, "defender": -25},
...                                                  ["p1", "p2", "p3", "p4"], taker="p3")]
[('p1', 'defender', -25), ('p2', 'defender', -25), ('p3', 'taker', 75), ('p4', 'defender', -25)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

#: The roles that lead the attack, as an answer may name them (one of them per deal).
ATTACK_ROLES: Final = ("taker", "dealer", "soloist")


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One seat's score: ``role`` is its part in the deal (``""`` where the rules score each seat on its
    own), ``score`` what the answer gives it (``None`` when it gives none)."""

    seat: str
    role: str
    score: object


def seat_scores(
    scores: Mapping[str, object], seats: Sequence[str], taker: str | None = None, partner: str | None = None
) -> tuple[SeatScore, ...] | None:
    """Each of ``seats``' score, in their order, from an answer's ``scores``; ``taker`` and ``partner``
    are the seats that held those roles (the partner counts only when the answer scores one).

    ``None`` when the scores are by role and ``taker`` is not one of the seats.
    """
    by_player = scores.get("by_player")
    if isinstance(by_player, list):  # Chambéry with three: in the players' order
        return tuple(
            SeatScore(seat, "", by_player[index] if index < len(by_player) else None)
            for index, seat in enumerate(seats)
        )
    if all(key in seats for key in scores):  # Mathers: by seat
        return tuple(SeatScore(seat, "", scores.get(seat, 0)) for seat in seats)
    attack = next((role for role in ATTACK_ROLES if role in scores), "")
    if not attack or taker is None or taker not in seats:
        return None
    placed: dict[str, SeatScore] = {taker: SeatScore(taker, attack, scores[attack])}
    if partner is not None and partner in seats and partner != taker and scores.get("partner") is not None:
        placed[partner] = SeatScore(partner, "partner", scores["partner"])
    start = seats.index(taker)
    defenders = [seat for seat in [*seats[start:], *seats[:start]] if seat not in placed]
    for number, seat in enumerate(defenders, start=1):
        score = scores["defender"] if "defender" in scores else scores.get(f"defender-{number}")
        placed[seat] = SeatScore(seat, "defender", score)
    return tuple(placed[seat] for seat in seats)
