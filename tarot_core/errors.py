"""Typed errors. Every error is a :class:`ValueError` whose message a learner can read."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Illegal(Enum):
    """Why an action is refused. ``value`` is (code, rule page anchor)."""

    NOT_YOUR_TURN = ("not-your-turn", "play")
    WRONG_PHASE = ("wrong-phase", "play")
    ROUND_OVER = ("round-over", "play")
    NOT_IN_HAND = ("not-in-hand", "play")
    MUST_FOLLOW_SUIT = ("must-follow-suit", "play")
    MUST_TRUMP = ("must-trump", "play")
    MUST_OVERTRUMP = ("must-overtrump", "play")
    CALLED_SUIT_LEAD = ("called-suit-lead", "five-players")
    BID_TOO_LOW = ("bid-too-low", "bidding")
    BID_NOT_ALLOWED = ("bid-not-allowed", "bidding")
    CALL_NOT_ALLOWED = ("call-not-allowed", "five-players")
    DISCARD_SIZE = ("discard-size", "discard")
    DISCARD_KING = ("discard-king", "discard")
    DISCARD_BOUT = ("discard-bout", "discard")
    DISCARD_TRUMP = ("discard-trump", "discard")
    HANDFUL_TOO_SMALL = ("handful-too-small", "announcements")
    HANDFUL_ALREADY = ("handful-already", "announcements")
    HANDFUL_TOO_LATE = ("handful-too-late", "announcements")
    SLAM_NOT_ALLOWED = ("slam-not-allowed", "announcements")
    PETIT_SEC_FALSE = ("petit-sec-false", "deal")
    PETIT_SEC_MUST_ANNOUNCE = ("petit-sec-must-announce", "deal")
    EXCUSE_LEAD = ("excuse-lead", "play")
    NOT_ALLOWED = ("not-allowed", "play")
    DEMAND_NOT_ALLOWED = ("demand-not-allowed", "bidding")
    DECLARATION_NOT_ALLOWED = ("declaration-not-allowed", "announcements")

    @property
    def code(self) -> str:
        return self.value[0]

    @property
    def rule(self) -> str:
        """Anchor of the rules page that explains this reason."""
        return self.value[1]


class TarotError(ValueError):
    """Base class of every error the engine raises on bad input."""


class NotationError(TarotError):
    """A card, seat or action could not be read."""


class IllegalActionError(TarotError):
    """An action the rules do not allow now. The round is left exactly as it was."""

    def __init__(self, reason: Illegal, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message


class RecordError(TarotError):
    """A hand record is malformed or one of its actions is illegal."""


class RequestError(TarotError):
    """A score request is malformed; ``field`` names the offending field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message


@dataclass(frozen=True, slots=True)
class Refusal:
    """A reason and its learner's sentence, as returned by ``why_illegal``."""

    reason: Illegal
    message: str

    def error(self) -> IllegalActionError:
        return IllegalActionError(self.reason, self.message)
