"""The older French rules' score of a deal: card points by pairs, the hand bonuses, the roles and
the working.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Final

from ...cards import Card
from ...engine.result import Term
from ...messages import Noun, _, ngettext
from .options import (
    BASE,
    CONTRACT_NAMES,
    HAND_BONUS_HOLDER,
    HAND_BONUS_SIDE,
    HAND_BONUSES,
    MULTIPLIER,
    PETIT_LAST_TRICK,
    SLAM_BID_MADE,
    SLAM_UNBID,
    TARGETS,
    ClassicOptions,
)


# ------------------------------------------------------------------------------------ pure functions
def target(oudlers: int) -> int:
    """Points the taker needs with ``oudlers`` bouts: 56, 51, 41 or 36."""
    return TARGETS[oudlers]


def pair_points(cards: Iterable[Card]) -> int:
    """The points of a pile counted by pairs, in whole points.

    A bout or court card goes with a plain card (5, 5, 4, 3, 2), the plain cards left over go in
    pairs (1), and a last odd card is left out; two court cards together count their values less
    one. That is the pile's card points rounded down.

    >>> from tarot_core.cards import parse_cards
    >>> pair_points(parse_cards("HK S2 C3"))
    5
    >>> pair_points(parse_cards("HK DQ S2 C3"))
    9
    """
    half_points = 0
    for card in cards:
        half_points += card.half_points
    return half_points // 2


def trump_thresholds(players: int, options: ClassicOptions) -> tuple[int, int, int]:
    """Trumps needed for the 20, 30 and 40 bonuses."""
    if players == 5 and options.trump_thresholds_5p == "8-10-13":
        return (8, 10, 13)
    return (10, 13, 15)


def hand_bonuses(hand: Iterable[Card], players: int, options: ClassicOptions) -> list[str]:
    """The bonus kinds a dealt hand is entitled to (at most one trump bonus).

    >>> from tarot_core.cards import parse_cards
    >>> hand_bonuses(parse_cards("S1 S2 H3"), 3, ClassicOptions())
    ['no-trumps', 'no-honours']
    """
    cards = list(hand)
    trumps = sum(1 for c in cards if c.is_trump or (c.is_excuse and options.excuse_is_trump))
    kinds: list[str] = []
    ten, thirteen, fifteen = trump_thresholds(players, options)
    if trumps >= fifteen:
        kinds.append("trumps-15")
    elif trumps >= thirteen:
        kinds.append("trumps-13")
    elif trumps >= ten:
        kinds.append("trumps-10")
    if trumps == 0:
        kinds.append("no-trumps")
    if not any(c.is_face for c in cards):
        kinds.append("no-honours")
    return kinds


def roles(players: int, alone: bool = False) -> tuple[str, ...]:
    """Role names used in score requests and answers (a taker alone faces four defenders)."""
    if players == 3:
        return ("taker", "defender-1", "defender-2")
    if alone:
        return ("taker", "defender-1", "defender-2", "defender-3", "defender-4")
    return ("taker", "partner", "defender-1", "defender-2", "defender-3")


#: The roles as sentences name them: "the taker", "the defender 1".
ROLE_NOUNS: Final = {
    "taker": Noun("taker", "role"),
    "partner": Noun("partner", "role"),
    "defender-1": Noun("defender 1", "role"),
    "defender-2": Noun("defender 2", "role"),
    "defender-3": Noun("defender 3", "role"),
    "defender-4": Noun("defender 4", "role"),
}


def side_of(role: str) -> str:
    return "attack" if role in ("taker", "partner") else "defence"


@dataclasses.dataclass(frozen=True)
class ClassicScore:
    """The scored deal: whether the taker won, the working, and every player's share."""

    won: bool
    target: int | None
    contract_score: int
    breakdown: tuple[Term, ...]
    scores: dict[str, int]

    def as_dict(self, players: int) -> dict[str, object]:
        return {
            "variant": "classic",
            "players": players,
            "won": self.won,
            "target": self.target,
            "contract_score": self.contract_score,
            "breakdown": [t.as_dict() for t in self.breakdown],
            "scores": dict(self.scores),
        }


def score_deal(
    *,
    players: int,
    contract: str,
    oudlers: int,
    points: int | None,
    petit_last_trick: str | None = None,
    slam: str | None = None,
    bonuses: Sequence[tuple[str, str]] = (),
    options: ClassicOptions | None = None,
    alone: bool = False,
) -> ClassicScore:
    """Score one deal. Arguments are already valid (see
    :func:`~tarot_core.games.classic.request.score_request` for checking).

    ``S`` is the contract score signed from the taker's side: positive when the taker won.
    """
    opts = options or ClassicOptions()
    terms: list[Term] = []
    name = _(CONTRACT_NAMES[contract])
    tgt: int | None = None
    if contract == "slam":
        won = slam == "attack"
        if won:
            s = SLAM_BID_MADE
            terms.append(Term("slam-bid", _("Slam bid and made (nothing added)"), s))
        else:
            s = -(SLAM_BID_MADE if opts.failed_slam == "mirror" else SLAM_BID_MADE // 2)
            terms.append(Term("slam-failed", _("Slam bid and not made"), s))
    else:
        assert points is not None
        tgt = target(oudlers)
        won = points >= tgt
        terms.append(
            Term(
                "target",
                ngettext("Target with {n} special card", "Target with {n} special cards", oudlers),
                tgt,
            )
        )
        terms.append(Term("points", _("Taker's points, counted by pairs"), points))
        mult = MULTIPLIER[contract]
        diff = abs(points - tgt)
        base = BASE[contract]
        if won and slam == "attack" and opts.unbid_slam != "added":
            if opts.unbid_slam == "flat":
                s = SLAM_UNBID
                terms.append(Term("slam-unbid", _("Slam made without bidding it (nothing added)"), s))
            else:
                terms.append(
                    Term("slam-unbid", _("Slam made without bidding it, in place of the base"), SLAM_UNBID)
                )
                terms.append(Term("difference", _difference(diff, mult, name), diff * mult))
                s = SLAM_UNBID + diff * mult
        elif won:
            terms.append(Term("base", _("{contract}: base", contract=name), base))
            terms.append(Term("difference", _difference(diff, mult, name), diff * mult))
            s = base + diff * mult
            if slam == "attack":
                terms.append(Term("slam-unbid", _("Slam made without bidding it"), SLAM_UNBID))
                s += SLAM_UNBID
        elif opts.failed_contract == "nothing":
            terms.append(
                Term("failed", _("{contract} not made: scores nothing under this option", contract=name), 0)
            )
            s = 0
        else:
            terms.append(Term("base", _("{contract} not made: base", contract=name), -base))
            terms.append(
                Term(
                    "difference",
                    _("Shortfall {diff} × {mult} ({contract})", diff=diff, mult=mult, contract=name),
                    -diff * mult,
                )
            )
            s = -(base + diff * mult)
        if slam == "defence" and opts.defence_slam == "unbid-slam":
            terms.append(Term("slam-defence", _("The opponents won every trick"), -SLAM_UNBID))
            s -= SLAM_UNBID
    if petit_last_trick is not None:
        value = PETIT_LAST_TRICK if petit_last_trick == "attack" else -PETIT_LAST_TRICK
        label = (
            _("Petit on the last trick, for the taker's side")
            if petit_last_trick == "attack"
            else _("Petit on the last trick, for the opponents")
        )
        terms.append(Term("petit-last-trick", label, value))
        s += value
    # Hand bonuses that count inside the contract score.
    personal: list[tuple[str, str]] = []
    for kind, holder in bonuses:
        value = HAND_BONUSES[kind]
        if opts.hand_bonuses == "holder":
            personal.append((kind, holder))
            continue
        winner = side_of(holder) == "attack" if opts.hand_bonuses == "side" else won
        sign = 1 if winner else -1
        terms.append(Term(f"bonus-{kind}", _(HAND_BONUS_SIDE[kind], holder=ROLE_NOUNS[holder]), sign * value))
        s += sign * value
    terms.append(Term("contract-score", _("Contract score S, from the taker's side"), s))
    names = roles(players, alone)
    scores = dict.fromkeys(names, 0)
    if opts.shares == "taker-only":
        scores["taker"] = s
    elif players == 3:
        scores["taker"] = 2 * s
        scores["defender-1"] = scores["defender-2"] = -s
    else:
        for role in names:
            scores[role] = {"taker": 4 * s if alone else 2 * s, "partner": s}.get(role, -s)
    for kind, holder in personal:
        value = HAND_BONUSES[kind]
        terms.append(Term(f"bonus-{kind}", _(HAND_BONUS_HOLDER[kind], holder=ROLE_NOUNS[holder]), value))
        if opts.shares == "taker-only":
            if holder == "taker":
                scores["taker"] += value
            continue
        for role in names:
            scores[role] += value * (players - 1) if role == holder else -value
    for role in names:
        terms.append(Term(f"share-{role}", _("Share {role:of}", role=ROLE_NOUNS[role]), scores[role]))
    return ClassicScore(won, tgt, s, tuple(terms), scores)


def _difference(diff: int, mult: int, contract: str) -> str:
    """The working's line for the difference times the contract's multiplier."""
    return _("Difference {diff} × {mult} ({contract})", diff=diff, mult=mult, contract=contract)
