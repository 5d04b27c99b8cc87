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
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Final

from ...cards import EXCUSE, FULL_PACK, PETIT, Card
from ...errors import RequestError
from ...messages import Message, Noun, Number, gettext_lazy, ngettext_lazy
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

#: The taker's side as the limits' sentences name it: the taker, or with five players his side.
_TAKER: Final = Noun("taker", "role")
_TAKERS_SIDE: Final = Noun("taker's side", "side")


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
    def attack_word(self) -> Noun:
        """The taker's side as a sentence names it: the taker, or with five the taker's side."""
        return _TAKER if self.players < 5 else _TAKERS_SIDE

    def dog_pool(self, petit_played: bool) -> tuple[Card, ...]:
        cards = [card for card in FULL_PACK if may_discard(card)] if self.discard else list(FULL_PACK)
        if petit_played:
            cards = [card for card in cards if card is not PETIT]
        return tuple(cards)

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

    def blank_words(self, side: str) -> Message:
        """What a side that won no trick holds, in words."""
        excuse = Number(EXCUSE_UNPAID / 2)
        if self.dog_side != side:
            return gettext_lazy(
                "nothing but the Excuse if that side had it ({excuse} points: with no trick, it has no card "
                "to give in exchange)",
                excuse=excuse,
            )
        if self.discard:
            return ngettext_lazy(
                "only the discard of {n} card (never a King nor a bout) and the Excuse if that side had it "
                "({excuse} points: with no trick, it has no card to give in exchange)",
                "only the discard of {n} cards (never a King nor a bout) and the Excuse if that side had it "
                "({excuse} points: with no trick, it has no card to give in exchange)",
                self.dog_size,
                excuse=excuse,
            )
        return ngettext_lazy(
            "only the unseen dog of {n} card and the Excuse if that side had it ({excuse} points: with no "
            "trick, it has no card to give in exchange)",
            "only the unseen dog of {n} cards and the Excuse if that side had it ({excuse} points: with no "
            "trick, it has no card to give in exchange)",
            self.dog_size,
            excuse=excuse,
        )

    def least_words(self, side: str, bouts: int, show: Callable[[int], str]) -> Message:
        """Why a side that won a trick holds at least ``least(side, bouts)`` half-points."""
        facts = {
            "bout": show(BOUT),
            "low": show(LOW),
            "count": self.cards_of_winner(side),
            "players": self.players,
            "dog": self.dog_size,
        }
        if self.dog_side != side:
            if bouts:
                return gettext_lazy(
                    "{bout} a bout and at least {low} each of its other cards, of {count} cards at least "
                    "({players} from a trick)",
                    **facts,
                )
            return gettext_lazy(
                "at least {low} for each of its {count} cards at least ({players} from a trick)", **facts
            )
        if self.discard:
            if bouts:
                return gettext_lazy(
                    "{bout} a bout and at least {low} each of its other cards, of {count} cards at least "
                    "({players} from a trick, {dog} from the discard)",
                    **facts,
                )
            return gettext_lazy(
                "at least {low} for each of its {count} cards at least ({players} from a trick, {dog} from "
                "the discard)",
                **facts,
            )
        if bouts:
            return gettext_lazy(
                "{bout} a bout and at least {low} each of its other cards, of {count} cards at least "
                "({players} from a trick, {dog} from the dog)",
                **facts,
            )
        return gettext_lazy(
            "at least {low} for each of its {count} cards at least ({players} from a trick, {dog} from "
            "the dog)",
            **facts,
        )

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
                gettext_lazy(
                    "the attack won every trick, the last one too, so the Petit au bout cannot be the "
                    "defence's"
                )
                if slam_by == ATTACK
                else gettext_lazy(
                    "the defence won every trick, the last one too, so the Petit au bout cannot be the "
                    "attack's"
                ),
            )
        if petit == ATTACK and bouts == 0:
            raise RequestError(
                petit_field,
                gettext_lazy(
                    "the side that won the Petit au bout holds the Petit, so it has at least 1 bout, and "
                    "{taker} has 0 (oudlers)",
                    taker=taker,
                ),
            )
        if petit == DEFENCE and bouts == BOUTS:
            raise RequestError(
                petit_field,
                gettext_lazy(
                    "the side that won the Petit au bout holds the Petit, so the defence has at least 1 bout "
                    "and {taker} cannot have all {bouts} (oudlers)",
                    taker=taker,
                    bouts=BOUTS,
                ),
            )
    played = petit is not None
    if slam_by is not None:
        totals = shape.slam_totals(slam_by, played)
        holds = shape.blank_words(other(slam_by))
        because = (
            gettext_lazy("the attack won every trick, so the defence holds {holds}", holds=holds)
            if slam_by == ATTACK
            else gettext_lazy(
                "the defence won every trick, so {taker} holds {holds}", taker=taker, holds=holds
            )
        )
        if bouts not in totals:
            raise RequestError(
                "oudlers",
                gettext_lazy(
                    "{because}: {taker} then has {possible} bouts, not {bouts}",
                    because=because,
                    taker=taker,
                    possible=_either(totals),
                    bouts=bouts,
                ),
            )
        values = sorted({unit(half) for half in totals[bouts]})
        if value not in values:
            facts: dict[str, object] = {"because": because, "taker": taker, "value": shown(value)}
            if value < values[0] or value > values[-1]:
                if len(values) == 1:
                    raise RequestError(
                        "points",
                        ngettext_lazy(
                            "{because}: with {n} bout {taker} then has exactly {points} points, not {value}",
                            "{because}: with {n} bouts {taker} then has exactly {points} points, not {value}",
                            bouts,
                            points=shown(values[0]),
                            **facts,
                        ),
                    )
                raise RequestError(
                    "points",
                    ngettext_lazy(
                        "{because}: with {n} bout {taker} then has from {low} to {high} points, not {value}",
                        "{because}: with {n} bouts {taker} then has from {low} to {high} points, not {value}",
                        bouts,
                        low=shown(values[0]),
                        high=shown(values[-1]),
                        **facts,
                    ),
                )
            below = max(v for v in values if v < value)
            above = min(v for v in values if v > value)
            raise RequestError(
                "points",
                ngettext_lazy(
                    "{because}: with {n} bout {taker} then has {below} or {above} points, not {value}",
                    "{because}: with {n} bouts {taker} then has {below} or {above} points, not {value}",
                    bouts,
                    below=shown(below),
                    above=shown(above),
                    **facts,
                ),
            )
        return
    low, high = shape.open_bounds(bouts)
    if unit(low) <= value <= unit(high):
        return
    side = DEFENCE if value < unit(low) else ATTACK
    totals = shape.slam_totals(side, played)
    if value in {unit(h) for h in totals.get(bouts, ())}:
        raise RequestError(
            "slam", _slam_meant(side, bouts, taker, shown(value), (slam_hint or {}).get(side, ""))
        )

    def half(amount: int) -> str:
        return shown(unit(amount))

    if value < unit(low):
        raise RequestError(
            "points",
            ngettext_lazy(
                "with {n} bout, {taker} holds at least {low} points, not {value}: a side that won a trick "
                "counts {least}",
                "with {n} bouts, {taker} holds at least {low} points, not {value}: a side that won a trick "
                "counts {least}",
                bouts,
                taker=taker,
                low=half(low),
                value=shown(value),
                least=shape.least_words(ATTACK, bouts, points),
            ),
        )
    defence_bouts = BOUTS - bouts
    facts = {
        "taker": taker,
        "high": half(high),
        "value": shown(value),
        "rest": half(TOTAL - high),
        "least": shape.least_words(DEFENCE, defence_bouts, points),
    }
    if defence_bouts:
        raise RequestError(
            "points",
            ngettext_lazy(
                "with {n} bout, {taker} holds at most {high} points, not {value}: the defence, which won a "
                "trick, holds at least {rest} with its {defence_bouts}: {least}",
                "with {n} bouts, {taker} holds at most {high} points, not {value}: the defence, which won a "
                "trick, holds at least {rest} with its {defence_bouts}: {least}",
                bouts,
                defence_bouts=ngettext_lazy("{n} bout", "{n} bouts", defence_bouts),
                **facts,
            ),
        )
    raise RequestError(
        "points",
        ngettext_lazy(
            "with {n} bout, {taker} holds at most {high} points, not {value}: the defence, which won a "
            "trick, holds at least {rest}: {least}",
            "with {n} bouts, {taker} holds at most {high} points, not {value}: the defence, which won a "
            "trick, holds at least {rest}: {least}",
            bouts,
            **facts,
        ),
    )


def _slam_meant(side: str, bouts: int, taker: Noun, value: str, hint: str) -> Message:
    """Why a holding that only a slam by ``side`` gives is refused, with how to say that slam (``hint``)."""
    if side == ATTACK:
        if hint:
            return ngettext_lazy(
                "{value} points with {n} bout means that the defence won no trick: a slam by the attack; "
                "say so with {hint}",
                "{value} points with {n} bouts means that the defence won no trick: a slam by the attack; "
                "say so with {hint}",
                bouts,
                value=value,
                hint=hint,
            )
        return ngettext_lazy(
            "{value} points with {n} bout means that the defence won no trick: a slam by the attack",
            "{value} points with {n} bouts means that the defence won no trick: a slam by the attack",
            bouts,
            value=value,
        )
    if hint:
        return ngettext_lazy(
            "{value} points with {n} bout means that {taker} won no trick: a slam by the defence; say so "
            "with {hint}",
            "{value} points with {n} bouts means that {taker} won no trick: a slam by the defence; say so "
            "with {hint}",
            bouts,
            value=value,
            taker=taker,
            hint=hint,
        )
    return ngettext_lazy(
        "{value} points with {n} bout means that {taker} won no trick: a slam by the defence",
        "{value} points with {n} bouts means that {taker} won no trick: a slam by the defence",
        bouts,
        value=value,
        taker=taker,
    )


def _either(values: Iterable[object]) -> object:
    """Values as a sentence offers them: ``0 or 1 or 2``."""
    items = list(values)
    found: object = items[0] if items else ""
    for value in items[1:]:
        found = gettext_lazy("{either} or {other}", either=found, other=value)
    return found


def points(half_points: int) -> str:
    """Half-points in points: ``9`` -> ``4.5`` (with a decimal comma in a language that writes one)."""
    return format(Number(half_points / 2), "g")
