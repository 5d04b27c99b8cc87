"""Chambéry Tarot's payments: the partnership game (called King, fixed partners, solos) and the three-
handed game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from ...engine.result import Term
from ...errors import RequestError
from ...messages import _, gettext_lazy
from .options import ChamberyOptions, ShareRounding
from .play import BIDS_BY_WORD, CONTRACTS, layout

# ---------------------------------------------------------------------------------------------- payments


@dataclass(frozen=True, slots=True)
class Payment:
    """The outcome of a partnership or solo deal (4 or 5 players)."""

    outcome: Literal["won", "lost", "drawn"]
    difference: int
    factor: int
    unit: int
    #: Scores of the dealer's side: {"dealer", "partner"} for a call or fixed partners, {"soloist"}.
    attack: dict[str, int]
    #: What each defender scores (every defender scores the same).
    defender: int
    defenders: int
    terms: tuple[Term, ...]

    @property
    def won(self) -> bool:
        return self.outcome == "won"

    def scores(self) -> dict[str, int]:
        return {**self.attack, "defender": self.defender}


def _ceil_half(amount: int) -> int:
    return -((-amount) // 2)


def _share(total: int, people: int, rounding: ShareRounding) -> tuple[int, int]:
    """Each of ``people`` winners' whole share of ``total`` and the amount actually paid."""
    exact = Fraction(total, people)
    each = exact.numerator // exact.denominator
    if rounding == "up" and exact.denominator != 1:
        each += 1
    return each, each * people


def pay_partnership(
    players: int,
    contract: str,
    points: int,
    pack: int = 78,
    options: ChamberyOptions | None = None,
) -> Payment:
    """Payments of a 4- or 5-player deal from the card points of the dealer's side or the soloist.

    >>> pay_partnership(5, "call", 44).scores()
    {'dealer': 15, 'partner': 15, 'defender': -10}
    >>> pay_partnership(5, "solo-hand", 40).scores()
    {'soloist': 96, 'defender': -24}
    """
    options = options or ChamberyOptions()
    lay = layout(players, pack)
    if players == 3:
        raise RequestError(
            "players", gettext_lazy("with three players each plays alone: give each player's card points")
        )
    solo = contract in BIDS_BY_WORD
    if contract == "fixed" and players != 4:
        raise RequestError("contract", gettext_lazy("fixed partnerships are a four-player game"))
    if contract not in CONTRACTS:
        raise RequestError(
            "contract",
            gettext_lazy("the contract must be one of {contracts}", contracts=", ".join(CONTRACTS)),
        )
    defenders = players - 1 if solo else players - 2
    if not 0 <= points <= lay.total:
        raise RequestError(
            "points",
            gettext_lazy(
                "card points go from 0 to {total} with {players} players and {pack} cards",
                total=lay.total,
                players=players,
                pack=pack,
            ),
        )

    against = lay.total - points
    terms = [
        Term(
            "total",
            _("Card points in the deal ({players} players, {pack} cards)", players=players, pack=pack),
            lay.total,
        ),
        Term("par", _("A tie: each side has half"), lay.par),
        Term(
            "points",
            _("Card points of the soloist") if solo else _("Card points of the dealer's side"),
            points,
        ),
        Term("opponents-points", _("Card points of the opponents"), against),
    ]
    difference = abs(points - lay.par)
    if difference == 0:
        terms.append(Term("outcome", _("A tie: nobody pays"), "drawn"))
        attack = {"soloist": 0} if solo else {"dealer": 0, "partner": 0}
        return Payment("drawn", 0, 1, 0, attack, 0, defenders, tuple(terms))

    won = points > lay.par
    sign = 1 if won else -1
    losers_points = min(points, against)
    if solo:
        outcome = _("The soloist won") if won else _("The soloist lost")
    else:
        outcome = _("The dealer's side won") if won else _("The dealer's side lost")
    terms.append(Term("outcome", outcome, "won" if won else "lost"))
    terms.append(Term("difference", _("Difference from the tie of {par}", par=lay.par), difference))
    low = 2 if losers_points < lay.double_below else 1
    if low == 2:
        low_label = _("The losers took fewer than {points}: doubled", points=lay.double_below)
    else:
        low_label = _("The losers took {points} or more: not doubled", points=lay.double_below)
    terms.append(Term("low-score", low_label, low))
    contract_factor = BIDS_BY_WORD[contract].factor if solo else 1
    if players == 4 and contract == "fixed":
        contract_label = _("Fixed partners: no contract factor")
    elif solo:
        contract_label = _("{contract}: factor", contract=_(BIDS_BY_WORD[contract].label))
    else:
        contract_label = _("A called partner: no contract factor")
    terms.append(Term("contract-factor", contract_label, contract_factor))
    factor = low * contract_factor
    unit = difference * factor
    terms.append(Term("unit", _("Difference times the factors"), unit))

    dummett = options.payment == "dummett"
    if solo:
        if won or not dummett:
            defender = -sign * unit
            soloist = sign * unit * defenders
            terms.append(Term("defender", _each_pays(won, defenders, unit), defender))
            label = (
                _("The soloist receives {defenders} × {unit}", defenders=defenders, unit=unit)
                if won
                else _("The soloist pays {defenders} × {unit}", defenders=defenders, unit=unit)
            )
            terms.append(Term("soloist", label, soloist))
        else:
            each, paid = _share(unit, defenders, options.share_rounding)
            defender = each
            soloist = -paid
            terms.append(
                Term(
                    "soloist", _("Dummett: the losing soloist pays the simple unit {unit}", unit=unit), -unit
                )
            )
            terms.append(
                Term("defender", _shared(defenders, each, paid != unit, options.share_rounding), defender)
            )
            if paid != unit:
                terms.append(Term("rounding", _("The soloist's payment after rounding the shares"), soloist))
        return Payment(
            "won" if won else "lost",
            difference,
            factor,
            unit,
            {"soloist": soloist},
            defender,
            defenders,
            tuple(terms),
        )

    if won or not dummett or defenders == 2:
        defender = -sign * unit
        side_total = sign * unit * defenders
        terms.append(Term("defender", _each_pays(won, defenders, unit), defender))
    else:
        each, paid = _share(2 * unit, defenders, options.share_rounding)
        defender = each
        side_total = -paid
        terms.append(
            Term(
                "side",
                _("Dummett: the dealer and his partner each pay the simple unit {unit}", unit=unit),
                -2 * unit,
            )
        )
        terms.append(
            Term("defender", _shared(defenders, each, paid != 2 * unit, options.share_rounding), defender)
        )
    big = _ceil_half(abs(side_total))
    dealer = big if side_total > 0 else -big
    partner = side_total - dealer
    terms.append(
        Term(
            "side-total",
            _("The dealer's side receives in all") if won else _("The dealer's side pays in all"),
            side_total,
        )
    )
    if abs(side_total) % 2:
        odd = (
            _("The amount is odd: the dealer takes the extra point")
            if won
            else _("The amount is odd: the dealer pays the extra point")
        )
        terms.append(Term("odd-point", odd, sign))
    terms.append(Term("dealer", _("The dealer receives") if won else _("The dealer pays"), dealer))
    terms.append(Term("partner", _("His partner receives") if won else _("His partner pays"), partner))
    return Payment(
        "won" if won else "lost",
        difference,
        factor,
        unit,
        {"dealer": dealer, "partner": partner},
        defender,
        defenders,
        tuple(terms),
    )


def _each_pays(won: bool, defenders: int, unit: int) -> str:
    """What each opponent pays (the side won) or receives."""
    if won:
        return _("Each of the {defenders} opponents pays {unit}", defenders=defenders, unit=unit)
    return _("Each of the {defenders} opponents receives {unit}", defenders=defenders, unit=unit)


def _shared(defenders: int, each: int, rounded: bool, rounding: ShareRounding) -> str:
    """Dummett's reading: how the opponents share what the losers pay, and how the shares were rounded."""
    if not rounded:
        return _("The {defenders} opponents share it: {each} each", defenders=defenders, each=each)
    if rounding == "up":
        return _(
            "The {defenders} opponents share it: {each} each, rounded up", defenders=defenders, each=each
        )
    return _("The {defenders} opponents share it: {each} each, rounded down", defenders=defenders, each=each)


@dataclass(frozen=True, slots=True)
class ThreePayment:
    """The outcome of a three-player deal, each player for himself."""

    points: tuple[int, ...]
    differences: tuple[int, ...]
    scores: tuple[int, ...]
    terms: tuple[Term, ...]

    @property
    def outcomes(self) -> tuple[str, ...]:
        return tuple("won" if d > 0 else "lost" if d < 0 else "level" for d in self.differences)


def check_player_points(value: int, index: int, total: int) -> None:
    """Refuse one player's card points in a three-player deal unless they are from 0 to ``total``."""
    if not 0 <= value <= total:
        raise RequestError(
            f"points[{index}]",
            gettext_lazy("card points go from 0 to {total} with three players", total=total),
        )


def pay_three(points: Sequence[int], pack: int = 78, names: Sequence[str] | None = None) -> ThreePayment:
    """Payments of a three-player deal from each player's card points.

    Below the par (a third of the total) a player pays the difference, twice over below half the
    par; the players above the par share everything paid in proportion to their differences. Shares
    are exact whole numbers: all points add up to three times the par, so the winners' differences
    add up to the losers' and each share is a difference times 1 or 2.

    >>> pay_three([37, 29, 12]).scores
    (22, 6, -28)
    """
    lay = layout(3, pack)
    names = list(names) if names is not None else [_("Player {n}", n=i + 1) for i in range(3)]
    if len(points) != 3:
        raise RequestError("points", gettext_lazy("give the card points of the three players, in order"))
    for index, value in enumerate(points):
        check_player_points(value, index, lay.total)
    if sum(points) != lay.total:
        raise RequestError(
            "points",
            gettext_lazy(
                "the three players' card points must add up to {total} with {pack} cards, not {sum}",
                total=lay.total,
                pack=pack,
                sum=sum(points),
            ),
        )
    terms = [
        Term("total", _("Card points in the deal (3 players, {pack} cards)", pack=pack), lay.total),
        Term("par", _("The par: a third of the points"), lay.par),
    ]
    diffs = tuple(value - lay.par for value in points)
    paid = [
        -diff * (2 if value < lay.double_below else 1) if diff < 0 else 0
        for value, diff in zip(points, diffs, strict=True)
    ]
    pot = sum(paid)
    gains = sum(diff for diff in diffs if diff > 0)
    scores: list[int] = []
    for index, (name, value, diff, out) in enumerate(zip(names, points, diffs, paid, strict=True)):
        if diff > 0:
            share = Fraction(pot * diff, gains)
            if share.denominator != 1:  # impossible: see the docstring
                raise AssertionError("three-player shares are whole numbers")
            score = int(share)
            label = _(
                "{name} took {value}, {diff} above the par: receives {diff}/{gains} of the {pot} paid",
                name=name,
                value=value,
                diff=diff,
                gains=gains,
                pot=pot,
            )
        elif diff < 0:
            score = -out
            if out != -diff:
                label = _(
                    "{name} took {value}, {diff} under the par: pays {diff}, twice as under {low}",
                    name=name,
                    value=value,
                    diff=-diff,
                    low=lay.double_below,
                )
            else:
                label = _(
                    "{name} took {value}, {diff} under the par: pays {diff}",
                    name=name,
                    value=value,
                    diff=-diff,
                )
        else:
            score = 0
            label = _("{name} took exactly {par}: neither pays nor receives", name=name, par=lay.par)
        scores.append(score)
        terms.append(Term(f"player-{index + 1}", label, score))
    terms.insert(2, Term("paid", _("Paid in all by the players under the par"), pot))
    return ThreePayment(tuple(points), diffs, tuple(scores), tuple(terms))
