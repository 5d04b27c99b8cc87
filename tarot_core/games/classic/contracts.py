"""The older French rules' contracts, from the lowest bid to the highest, by their notation."""

from __future__ import annotations

from enum import StrEnum


class ClassicContract(StrEnum):
    """A contract of the older French rules: ``ClassicContract.GUARD == "guard"``, in bids, records and
    JSON alike."""

    SMALL = "small"
    GUARD = "guard"
    GUARD_WITHOUT = "guard-without"
    GUARD_AGAINST = "guard-against"
    SLAM = "slam"
