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

from ..bridge.query import DEFAULT_RULES

_FFT_DOG = {
    "prise": "shown, taken; the taker discards as many",
    "garde": "shown, taken; the taker discards as many",
    "garde-sans": "unseen; counts for the taker",
    "garde-contre": "unseen; counts for the defence",
}


def fft_players_table() -> TableDescription:
    """What changes with 3, 4 and 5 players: the deal, the handfuls and the shares of a deal worth S."""
    columns = (3, 4, 5)
    variants = {players: find_variant(f"fft-{players}") for players in columns}
    rows: list[list[object]] = [
        ["Cards each", *(variants[p].hand_size for p in columns)],
        ["Dog", *(variants[p].dog_size for p in columns)],
        ["Dealt in packets of", *(variants[p].packet for p in columns)],
    ]
    names = {"simple": "Single", "double": "Double", "triple": "Triple"}
    for size, bonus in FFT_HANDFUL_BONUS.items():
        label = f"{names[size]} handful (bonus {bonus}): trumps shown"
        rows.append([label, *(FFT_HANDFULS[p][size] for p in columns)])
    takers: list[object] = []
    partners: list[object] = []
    for players in columns:
        taker, partner = share_factors(players, False)
        alone, _ = share_factors(players, True) if players == 5 else (taker, None)
        takers.append(f"{taker} × S" + (f" ({alone} × S alone)" if alone != taker else ""))
        partners.append("—" if partner is None else ("S" if partner == 1 else f"{partner} × S"))
    rows.append(["Taker receives", *takers])
    rows.append(["Partner receives", *partners])
    rows.append(["Each defender pays", *("S" for _ in columns)])
    return {
        "header": ["Fact", *(f"{players} players" for players in columns)],
        "rows": rows,
        "caption": "Three, four and five players",
    }


def fft_contracts_table() -> TableDescription:
    """The four contracts, lowest first: multiplier and what becomes of the dog."""
    rows: list[list[object]] = [
        [FFT_CONTRACT_NAMES[contract], multiplier, _FFT_DOG[contract]]
        for contract, multiplier in FFT_MULTIPLIERS.items()
    ]
    return {
        "header": ["Contract, lowest first", "Multiplier", "The dog"],
        "rows": rows,
        "caption": "The contracts",
    }


def targets_row(rules: str = DEFAULT_RULES) -> TableDescription:
    """The taker's target by the number of bouts, on one row (French Tarot's, or ``rules``')."""
    targets = getattr(variant_for(rules, family_players(rules)[0]), "targets", None)
    if not isinstance(targets, Mapping):
        raise TypeError(f"the rules {rules!r} have no target by the number of bouts")
    counts = sorted(targets)
    return {
        "header": ["Bouts in the taker's cards", *(str(count) for count in counts)],
        "rows": [["Points needed", *(targets[count] for count in counts)]],
        "caption": "The target",
    }


def chambery_tables_table() -> TableDescription:
    """Each table of the Chambéry game: cards, the dealer's discard, points in all, the tie."""
    rows: list[list[object]] = []
    for pack in (78, 62):
        for players in (5, 4, 3):
            shape = chambery.layout(players, pack)
            rows.append(
                [
                    f"{players} players, {pack} cards",
                    shape.hand_size,
                    shape.dealer_extra,
                    "yes" if shape.discard_point else "no",
                    shape.total,
                    shape.par,
                    shape.double_below,
                ]
            )
    return {
        "header": [
            "Table",
            "Cards each",
            "Laid away",
            "Discard point",
            "Points in all",
            "Tie (3 players: par)",
            "Double below",
        ],
        "rows": rows,
        "caption": "Every table, full pack and short pack",
    }
