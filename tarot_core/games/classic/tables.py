"""The older French rules' tables for the site: the contracts, the pairs, the targets, the bonuses and
the options.
"""

from __future__ import annotations

from ...engine.options import options_table as variant_options_table
from ...engine.tables import TableDescription
from .options import (
    BASE,
    CONTRACT_FRENCH,
    CONTRACT_NAMES,
    HAND_BONUSES,
    MULTIPLIER,
    PAIR_VALUES,
    PETIT_LAST_TRICK,
    SLAM_BID_MADE,
    SLAM_UNBID,
    TARGETS,
    ClassicOptions,
    players_contracts,
)
from .scoring import trump_thresholds

# ================================================================================== tables for pages
# Each returns {"header": [...], "rows": [[...], ...]}: the shape of the site's ``tarot-table``.


def contracts_table(players: int = 3) -> TableDescription:
    """The bids in order, their French names, base scores, multipliers and what happens to the dog."""
    dog = {
        "small": "taken by the taker, who discards as many cards",
        "guard": "taken by the taker, who discards as many cards",
        "guard-without": "shown, not taken; counts for the taker",
        "guard-against": "shared between the opponents, three each",
        "slam": "nobody's: set aside",
    }
    rows: list[list[object]] = []
    for contract in players_contracts(players):
        if contract == "slam":
            rows.append(
                [CONTRACT_NAMES[contract], CONTRACT_FRENCH[contract], SLAM_BID_MADE, "none", dog[contract]]
            )
        else:
            rows.append(
                [
                    CONTRACT_NAMES[contract],
                    CONTRACT_FRENCH[contract],
                    BASE[contract],
                    MULTIPLIER[contract],
                    dog[contract],
                ]
            )
    return {"header": ["Bid", "French name", "Base", "Difference ×", "The dog"], "rows": rows}


def pairs_table() -> TableDescription:
    """Counting by pairs."""
    rows: list[list[object]] = [[name, points] for name, points in PAIR_VALUES]
    return {"header": ["Pair", "Points"], "rows": rows}


def targets_table() -> TableDescription:
    rows: list[list[object]] = [[bouts, TARGETS[bouts]] for bouts in (3, 2, 1, 0)]
    return {"header": ["Special cards in the taker's cards", "Points needed"], "rows": rows}


def bonuses_table(players: int = 3) -> TableDescription:
    """Slam scores and the bonuses, with the default thresholds for ``players``."""
    opts = ClassicOptions()
    ten, thirteen, fifteen = trump_thresholds(players, opts)
    rows: list[list[object]] = [
        ["Slam made without bidding it", SLAM_UNBID],
        ["Slam bid and made (no difference added)", SLAM_BID_MADE],
        ["The Petit played to the last trick", PETIT_LAST_TRICK],
        [f"{ten} trumps in one hand", HAND_BONUSES["trumps-10"]],
        [f"{thirteen} trumps in one hand", HAND_BONUSES["trumps-13"]],
        [f"{fifteen} trumps in one hand", HAND_BONUSES["trumps-15"]],
        ["No trumps in one hand", HAND_BONUSES["no-trumps"]],
        ["No honours (court cards) in one hand", HAND_BONUSES["no-honours"]],
    ]
    return {"header": ["What", "Points"], "rows": rows}


def options_table() -> TableDescription:
    """Every rule option: name, default, the other choices, what it decides."""
    return variant_options_table(ClassicOptions())
