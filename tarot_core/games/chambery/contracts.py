"""Chambéry Tarot's solo bids, from the highest demand to the lowest, by their notation."""

from __future__ import annotations

from enum import StrEnum


class ChamberyBid(StrEnum):
    """A solo bid of Chambéry Tarot: ``ChamberyBid.SOLO_HAND == "solo-hand"``, in bids, records and
    JSON alike."""

    SOLO_TWO_CARDS = "solo-two-cards"
    SOLO_ONE_CARD = "solo-one-card"
    SOLO_HAND = "solo-hand"
