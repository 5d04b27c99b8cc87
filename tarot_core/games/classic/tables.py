"""The older French rules' tables for the site: the contracts, the pairs, the targets, the bonuses and
the options.
"""

from __future__ import annotations

from ...engine.options import options_table as variant_options_table
from ...engine.tables import TableDescription
from ...messages import N_, _, ngettext
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
        "small": N_("taken by the taker, who discards as many cards"),
        "guard": N_("taken by the taker, who discards as many cards"),
        "guard-without": N_("shown, not taken; counts for the taker"),
        "guard-against": N_("shared between the opponents, three each"),
        "slam": N_("nobody's: set aside"),
    }
    rows: list[list[object]] = []
    for contract in players_contracts(players):
        if contract == "slam":
            rows.append(
                [
                    _(CONTRACT_NAMES[contract]),
                    CONTRACT_FRENCH[contract],
                    SLAM_BID_MADE,
                    _("none"),
                    _(dog[contract]),
                ]
            )
        else:
            rows.append(
                [
                    _(CONTRACT_NAMES[contract]),
                    CONTRACT_FRENCH[contract],
                    BASE[contract],
                    MULTIPLIER[contract],
                    _(dog[contract]),
                ]
            )
    return {"header": [_("Bid"), _("French name"), _("Base"), _("Difference ×"), _("The dog")], "rows": rows}


def pairs_table() -> TableDescription:
    """Counting by pairs."""
    rows: list[list[object]] = [[_(name), points] for name, points in PAIR_VALUES]
    return {"header": [_("Pair"), _("Points")], "rows": rows}


def targets_table() -> TableDescription:
    rows: list[list[object]] = [[bouts, TARGETS[bouts]] for bouts in (3, 2, 1, 0)]
    return {"header": [_("Special cards in the taker's cards"), _("Points needed")], "rows": rows}


def bonuses_table(players: int = 3) -> TableDescription:
    """Slam scores and the bonuses, with the default thresholds for ``players``."""
    opts = ClassicOptions()
    ten, thirteen, fifteen = trump_thresholds(players, opts)
    rows: list[list[object]] = [
        [_("Slam made without bidding it"), SLAM_UNBID],
        [_("Slam bid and made (no difference added)"), SLAM_BID_MADE],
        [_("The Petit played to the last trick"), PETIT_LAST_TRICK],
        [ngettext("{n} trump in one hand", "{n} trumps in one hand", ten), HAND_BONUSES["trumps-10"]],
        [ngettext("{n} trump in one hand", "{n} trumps in one hand", thirteen), HAND_BONUSES["trumps-13"]],
        [ngettext("{n} trump in one hand", "{n} trumps in one hand", fifteen), HAND_BONUSES["trumps-15"]],
        [_("No trumps in one hand"), HAND_BONUSES["no-trumps"]],
        [_("No honours (court cards) in one hand"), HAND_BONUSES["no-honours"]],
    ]
    return {"header": [_("What"), _("Points")], "rows": rows}


def options_table() -> TableDescription:
    """Every rule option: name, default, the other choices, what it decides."""
    return variant_options_table(ClassicOptions())
