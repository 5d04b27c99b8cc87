"""What each side can hold at the end of a real deal: the limits a score request is checked against.

A score request gives the taker's side's bouts and card points, the Petit au bout and the slam. Some
combinations no deal can produce; this module works out, from the pack, the dog and the contract,
which ones a deal can produce, so that a calculator refuses a mistyped deal instead of scoring it.

The reasoning, for the French family of rules (modern French Tarot and the older French rules):

* Every card is worth at least :data:`LOW` half-points and every bout :data:`BOUT` half-points.
* A side that wins at least one trick holds the cards of that trick (one per player; an Excuse the
  other side played to it comes back against a low card, which is worth the same) and, when the dog
  or the discard counts with it, those cards too: at least its bouts and ``players`` (+ dog) cards.
* A side that wins no trick holds only what the dog or the discard gives it under the contract, plus
  the Excuse if one of its players held it: that Excuse stays with its side, which has no trick to pay
  the exchange from, so it counts half a point less (4 points).
* The taker's discard holds neither a King nor a bout (:func:`may_discard`); the unseen dog of
  garde sans or garde contre may hold anything, except the Petit when the Petit was played to the
  last trick (a Petit au bout).
* The side credited with a Petit au bout won the trick the Petit was played to, so it holds the Petit.

The limits are the loosest a real deal allows: a request is refused only when no deal can produce it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Final

from ...cards import EXCUSE, FULL_PACK, PETIT, Card
from ...engine.result import bouts_text
from ...errors import RequestError
from ...seats import ATTACK, DEFENCE

#: Half-points of the cheapest card.
LOW: Final = min(card.half_points for card in FULL_PACK)
#: Half-points of a bout.
BOUT: Final = min(card.half_points for card in FULL_PACK if card.is_bout)
#: Bouts in the pack.
BOUTS: Final = sum(1 for card in FULL_PACK if card.is_bout)
#: Half-points in the pack.
TOTAL: Final = sum(card.half_points for card in FULL_PACK)
#: Cards a handful may show: the trumps and the Excuse.
TRUMPS: Final = sum(1 for card in FULL_PACK if card.is_trump or card.is_excuse)
#: An Excuse its side keeps without ever winning a trick to pay the exchange: half a point less.
EXCUSE_UNPAID: Final = EXCUSE.half_points - LOW


def may_discard(card: Card) -> bool:
    """Whether a card may ever go to the taker's discard: never a King nor a bout."""
    return not card.is_king and not card.is_bout


def other(side: str) -> str:
    """The other side: the defence for the attack, the attack for the defence."""
    return DEFENCE if side == ATTACK else ATTACK


@cache
def _piles(pool: tuple[Card, ...], size: int) -> frozenset[tuple[int, int]]:
    """Every (bouts, half-points) of ``size`` cards taken from ``pool``."""
    groups = Counter((card.is_bout, card.half_points) for card in pool)
    reach = {(0, 0, 0)}
    for (is_bout, value), count in groups.items():
        reach = {
            (n + k, b + k * is_bout, h + k * value)
            for n, b, h in reach
            for k in range(min(count, size - n) + 1)
        }
    return frozenset((b, h) for n, b, h in reach if n == size)


@dataclass(frozen=True, slots=True)
class DealShape:
    """The facts of one game the limits depend on.

    ``dog_side`` is the side whose cards the dog (or the taker's discard) counts with at the end;
    ``discard`` says that it is the taker's discard (no King, no bout) rather than the unseen dog.
    A dog set aside for nobody is, for the taker's side, as good as the defence's: give ``DEFENCE``.
    """

    players: int
    dog_size: int
    dog_side: str
    discard: bool

    @property
    def attack_word(self) -> str:
        return "the taker" if self.players < 5 else "the taker's side"

    def dog_pool(self, petit_played: bool) -> tuple[Card, ...]:
        cards = [card for card in FULL_PACK if may_discard(card)] if self.discard else list(FULL_PACK)
        if petit_played:
            cards = [card for card in cards if card is not PETIT]
        return tuple(cards)

    def dog_words(self) -> str:
        if self.discard:
            return f"the discard of {self.dog_size} cards (never a King nor a bout)"
        return f"the unseen dog of {self.dog_size} cards"

    # -------------------------------------------------------------- a side that won no trick
    def blank_side(self, side: str, petit_played: bool) -> frozenset[tuple[int, int]]:
        """Every (bouts, half-points) a side that won no trick can hold."""
        if self.dog_side == side:
            pool = self.dog_pool(petit_played)
            size = self.dog_size
        else:
            pool, size = (), 0
        without_excuse = tuple(card for card in pool if card is not EXCUSE)
        kept = {(b + 1, h + EXCUSE_UNPAID) for b, h in _piles(without_excuse, size)}
        return _piles(pool, size) | frozenset(kept)

    def blank_words(self, side: str) -> str:
        """What a side that won no trick holds, in words."""
        excuse = (
            f"the Excuse if that side had it ({EXCUSE_UNPAID / 2:g} points: with no trick, "
            "it has no card to give in exchange)"
        )
        if self.dog_side == side:
            return f"only {self.dog_words()} and {excuse}"
        return f"nothing but {excuse}"

    def least_words(self, side: str, bouts: int, show: Callable[[int], str]) -> str:
        """Why a side that won a trick holds at least ``least(side, bouts)`` half-points."""
        where = f"{self.players} from a trick"
        if self.dog_side == side:
            where += f", {self.dog_size} from the {'discard' if self.discard else 'dog'}"
        cards = f"{self.cards_of_winner(side)} cards at least ({where})"
        if bouts:
            return f"{show(BOUT)} a bout and at least {show(LOW)} each of its other cards, of {cards}"
        return f"at least {show(LOW)} for each of its {cards}"

    def slam_totals(self, slam_by: str, petit_played: bool) -> dict[int, frozenset[int]]:
        """The attack's possible half-points by its bouts when ``slam_by`` won every trick."""
        totals: dict[int, set[int]] = {}
        for bouts, half in self.blank_side(other(slam_by), petit_played):
            if slam_by == DEFENCE:
                totals.setdefault(bouts, set()).add(half)
            else:
                totals.setdefault(BOUTS - bouts, set()).add(TOTAL - half)
        return {bouts: frozenset(values) for bouts, values in sorted(totals.items())}

    # -------------------------------------------------------------- both sides won a trick
    def cards_of_winner(self, side: str) -> int:
        """Fewest cards a side that won a trick holds at the end."""
        return self.players + (self.dog_size if self.dog_side == side else 0)

    def least(self, side: str, bouts: int) -> int:
        """Fewest half-points a side that won a trick can hold with ``bouts`` bouts."""
        return bouts * BOUT + (self.cards_of_winner(side) - bouts) * LOW

    def open_bounds(self, attack_bouts: int) -> tuple[int, int]:
        """Fewest and most half-points of the attack when each side won a trick."""
        low = self.least(ATTACK, attack_bouts)
        return low, TOTAL - self.least(DEFENCE, BOUTS - attack_bouts)


def check_holding(
    shape: DealShape,
    *,
    bouts: int,
    value: int,
    slam_by: str | None,
    petit: str | None,
    petit_field: str = "petit_au_bout",
    slam_hint: Mapping[str, str] | None = None,
    show: Callable[[int], str] | None = None,
    scale: Callable[[int], int] | None = None,
) -> None:
    """Refuse an attack holding that no deal produces, with a :class:`~tarot_core.errors.RequestError`
    on the field concerned.

    ``petit`` is the side that won the Petit au bout (``None`` for none, or when the rule set credits
    the player who played it rather than the trick's winner). ``scale`` turns half-points into the
    request's unit, in which ``value`` is given (the older rules count whole points by pairs), and
    ``show`` writes that unit.
    ``slam_hint`` gives, by side, how to write a slam by that side in the request.
    """
    shown = show or points
    unit = scale or (lambda amount: amount)
    taker = shape.attack_word
    if petit is not None:
        if slam_by is not None and petit != slam_by:
            raise RequestError(
                petit_field,
                f"the {_side_word(slam_by)} won every trick, the last one too, so the Petit au bout "
                f"cannot be the {_side_word(petit)}'s",
            )
        if petit == ATTACK and bouts == 0:
            raise RequestError(
                petit_field,
                f"the side that won the Petit au bout holds the Petit, so it has at least 1 bout, "
                f"and {taker} has 0 (oudlers)",
            )
        if petit == DEFENCE and bouts == BOUTS:
            raise RequestError(
                petit_field,
                f"the side that won the Petit au bout holds the Petit, so the defence has at least 1 bout "
                f"and {taker} cannot have all {BOUTS} (oudlers)",
            )
    played = petit is not None
    if slam_by is not None:
        totals = shape.slam_totals(slam_by, played)
        holder = "the defence" if slam_by == ATTACK else taker
        holds = shape.blank_words(other(slam_by))
        because = f"the {_side_word(slam_by)} won every trick, so {holder} holds {holds}"
        if bouts not in totals:
            possible = " or ".join(str(b) for b in totals)
            raise RequestError("oudlers", f"{because}: {taker} then has {possible} bouts, not {bouts}")
        values = sorted({unit(half) for half in totals[bouts]})
        if value not in values:
            with_bouts = f"with {bouts_text(bouts)} {taker} then has"
            if value < values[0] or value > values[-1]:
                span = (
                    f"exactly {shown(values[0])}"
                    if len(values) == 1
                    else f"from {shown(values[0])} to {shown(values[-1])}"
                )
                raise RequestError("points", f"{because}: {with_bouts} {span} points, not {shown(value)}")
            below = max(v for v in values if v < value)
            above = min(v for v in values if v > value)
            raise RequestError(
                "points",
                f"{because}: {with_bouts} {shown(below)} or {shown(above)} points, not {shown(value)}",
            )
        return
    low, high = shape.open_bounds(bouts)
    if unit(low) <= value <= unit(high):
        return
    side = DEFENCE if value < unit(low) else ATTACK
    totals = shape.slam_totals(side, played)
    if value in {unit(h) for h in totals.get(bouts, ())}:
        hint = (slam_hint or {}).get(side, "")
        raise RequestError(
            "slam",
            f"{shown(value)} points with {bouts_text(bouts)} means that "
            f"{'the defence' if side == ATTACK else taker} won no trick: a slam by the "
            f"{_side_word(side)}{f'; say so with {hint}' if hint else ''}",
        )

    def half(amount: int) -> str:
        return shown(unit(amount))

    if value < unit(low):
        raise RequestError(
            "points",
            f"with {bouts_text(bouts)}, {taker} holds at least {half(low)} points, not {shown(value)}: "
            f"a side that won a trick counts {shape.least_words(ATTACK, bouts, points)}",
        )
    defence_bouts = BOUTS - bouts
    raise RequestError(
        "points",
        f"with {bouts_text(bouts)}, {taker} holds at most {half(high)} points, not {shown(value)}: "
        f"the defence, which won a trick, holds at least {half(TOTAL - high)}"
        f"{f' with its {bouts_text(defence_bouts)}' if defence_bouts else ''}: "
        f"{shape.least_words(DEFENCE, defence_bouts, points)}",
    )


def points(half_points: int) -> str:
    """Half-points in points: ``9`` -> ``4.5``."""
    return f"{half_points / 2:g}"


def _side_word(side: str) -> str:
    return "attack" if side == ATTACK else "defence"
