"""Compact tables for the printable one-page rules, computed from the engine when the site is built.

Each function returns a table description for the ``tarot-table`` directive (``header``, ``rows``,
``caption``). The tables are laid out to fit a printed sheet: few columns, one row per fact, the
numbers of players side by side.

>>> table = fft_players_table()
>>> table["header"]
['Fact', '3 players', '4 players', '5 players']
>>> table["rows"][0]
['Cards each', 24, 18, 15]
"""

from __future__ import annotations

from collections.abc import Mapping

from tarot_core.engine.tables import TableDescription
from tarot_core.engine.variant import family_players, find_variant, variant_for
from tarot_core.games import chambery
from tarot_core.games.fft import (
    FFT_CONTRACT_NAMES,
    FFT_HANDFUL_BONUS,
    FFT_HANDFULS,
    FFT_MULTIPLIERS,
    share_factors,
)
from tarot_core.messages import N_, _, gettext_lazy, ngettext

from ..bridge.query import DEFAULT_RULES

_FFT_DOG = {
    "prise": N_("shown, taken; the taker discards as many"),
    "garde": N_("shown, taken; the taker discards as many"),
    "garde-sans": N_("unseen; counts for the taker"),
    "garde-contre": N_("unseen; counts for the defence"),
}


def fft_players_table() -> TableDescription:
    """What changes with 3, 4 and 5 players: the deal, the handfuls and the shares of a deal worth S."""
    columns = (3, 4, 5)
    variants = {players: find_variant(f"fft-{players}") for players in columns}
    rows: list[list[object]] = [
        [_("Cards each"), *(variants[p].hand_size for p in columns)],
        [_("Dog"), *(variants[p].dog_size for p in columns)],
        [_("Dealt in packets of"), *(variants[p].packet for p in columns)],
    ]
    names = {
        "simple": N_("Single handful (bonus {bonus}): trumps shown"),
        "double": N_("Double handful (bonus {bonus}): trumps shown"),
        "triple": N_("Triple handful (bonus {bonus}): trumps shown"),
    }
    for size, bonus in FFT_HANDFUL_BONUS.items():
        rows.append([_(names[size], bonus=bonus), *(FFT_HANDFULS[p][size] for p in columns)])
    takers: list[object] = []
    partners: list[object] = []
    for players in columns:
        taker, partner = share_factors(players, False)
        alone, _partner = share_factors(players, True) if players == 5 else (taker, None)
        takers.append(
            f"{taker} × S"
            if alone == taker
            else _("{taker} × S ({alone} × S alone)", taker=taker, alone=alone)
        )
        partners.append("—" if partner is None else ("S" if partner == 1 else f"{partner} × S"))
    rows.append([_("Taker receives"), *takers])
    rows.append([_("Partner receives"), *partners])
    rows.append([_("Each defender pays"), *("S" for _column in columns)])
    return {
        "header": [_("Fact"), *(ngettext("{n} player", "{n} players", players) for players in columns)],
        "rows": rows,
        "caption": _("Three, four and five players"),
    }


def fft_contracts_table() -> TableDescription:
    """The four contracts, lowest first: multiplier and what becomes of the dog."""
    rows: list[list[object]] = [
        [_(FFT_CONTRACT_NAMES[contract]), multiplier, _(_FFT_DOG[contract])]
        for contract, multiplier in FFT_MULTIPLIERS.items()
    ]
    return {
        "header": [_("Contract, lowest first"), _("Multiplier"), _("The dog")],
        "rows": rows,
        "caption": _("The contracts"),
    }


def targets_row(rules: str = DEFAULT_RULES) -> TableDescription:
    """The taker's target by the number of bouts, on one row (French Tarot's, or ``rules``')."""
    targets = getattr(variant_for(rules, family_players(rules)[0]), "targets", None)
    if not isinstance(targets, Mapping):
        raise TypeError(
            gettext_lazy("the rules {rules!r} have no target by the number of bouts", rules=rules)
        )
    counts = sorted(targets)
    return {
        "header": [_("Bouts in the taker's cards"), *(str(count) for count in counts)],
        "rows": [[_("Points needed"), *(targets[count] for count in counts)]],
        "caption": _("The target"),
    }


def chambery_tables_table() -> TableDescription:
    """Each table of the Chambéry game: cards, the dealer's discard, points in all, the tie."""
    rows: list[list[object]] = []
    for pack in (78, 62):
        for players in (5, 4, 3):
            shape = chambery.layout(players, pack)
            rows.append(
                [
                    ngettext("{n} player, {pack} cards", "{n} players, {pack} cards", players, pack=pack),
                    shape.hand_size,
                    shape.dealer_extra,
                    _("yes") if shape.discard_point else _("no"),
                    shape.total,
                    shape.par,
                    shape.double_below,
                ]
            )
    return {
        "header": [
            _("Table"),
            _("Cards each"),
            _("Laid away"),
            _("Discard point"),
            _("Points in all"),
            _("Tie (3 players: par)"),
            _("Double below"),
        ],
        "rows": rows,
        "caption": _("Every table, full pack and short pack"),
    }
