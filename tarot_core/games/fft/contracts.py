"""French Tarot's contracts, from the lowest bid to the highest, by their notation."""

from __future__ import annotations

from enum import StrEnum


class FftContract(StrEnum):
    """A contract of French Tarot: ``FftContract.GARDE == "garde"``, in bids, records and JSON alike."""

    PRISE = "prise"
    GARDE = "garde"
    GARDE_SANS = "garde-sans"
    GARDE_CONTRE = "garde-contre"
