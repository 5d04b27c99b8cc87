"""Typed errors. Every error is a :class:`ValueError` whose message a learner can read."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Final, TypeAlias

from .messages import Message, gettext_lazy, grammar


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


#: What an error or a refusal says: a :class:`~tarot_core.messages.Message`, rendered in the reader's
#: language when shown, or a text already written (a message from elsewhere, passed on as it reads).
Said: TypeAlias = Message | str


def said_id(said: Said) -> str:
    """The message id of ``said``: its catalogue entry, or the text itself."""
    return said.text if isinstance(said, Message) else said


def said_params(said: Said) -> Mapping[str, object]:
    """The named parameters of ``said`` (none for a text already written)."""
    return said.params if isinstance(said, Message) else {}


def said_of(error: BaseException) -> Said:
    """All that ``error`` says (what ``str(error)`` shows), not yet rendered when it is a message: a
    :class:`TarotError`'s message with its field or place, any other error's text."""
    if len(error.args) == 1 and isinstance(error.args[0], Message | str):
        return error.args[0]
    return str(error)


class TarotError(ValueError):
    """Base class of every error the engine raises on bad input.

    It says a :data:`Said`: a :class:`~tarot_core.messages.Message` (``gettext_lazy(...)``), kept with
    its id and parameters so that whoever shows it renders it in the reader's language, or a text.
    ``str(error)`` and ``message`` render it in the current language.
    """

    def __init__(self, message: Said = "", /, *args: object) -> None:
        super().__init__(message, *args)
        self._said: Said = message

    @property
    def said(self) -> Said:
        """The reason, not yet rendered (``message`` is its text)."""
        return self._said

    @property
    def message(self) -> str:
        """The reason for readers, in the current language."""
        return str(self._said)

    @message.setter
    def message(self, value: Said) -> None:
        self._said = value

    @property
    def message_id(self) -> str:
        """The reason's message id in the catalogue (for a text given as it reads, the text)."""
        return said_id(self._said)

    @property
    def params(self) -> Mapping[str, object]:
        """The reason's named parameters."""
        return said_params(self._said)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"


class NotationError(TarotError):
    """A card, seat or action could not be read."""


class IllegalActionError(TarotError):
    """An action the rules do not allow now. The round is left exactly as it was."""

    def __init__(self, reason: Illegal, message: Said) -> None:
        super().__init__(message)
        self.reason = reason


class RecordError(TarotError):
    """A hand record is malformed or one of its actions is illegal."""


class RequestError(TarotError):
    """A score request is malformed; ``field`` names the offending field, ``message`` says why
    (``str(error)`` is the two together: ``"points: ..."``)."""

    def __init__(self, field: str, message: Said) -> None:
        shown = gettext_lazy("{field}: {message}", field=field, message=message) if field else message
        super().__init__(shown)
        self.field = field
        self.message = message
        #: The request's other fields refused with this one, each judged on its own (a number out of its
        #: range), so that a form can show every entry at fault at once (``FieldChecks`` in
        #: ``tarot_core.engine.request``); ``str(error)`` says this one's only.
        self.others: tuple[RequestError, ...] = ()

    @property
    def every(self) -> tuple[RequestError, ...]:
        """This refusal, then the others found with it."""
        return (self, *self.others)


class SheetError(TarotError):
    """A score sheet or one of its deals is refused (see ``tarot_core.sheet``).

    ``where`` names the place (``"players"``, ``"deal 3"``, ``"row 4"``; a message, read as text), ``field``
    the request field or role at fault (``"points"``, ``"taker"``; empty when none), and ``message`` the
    reason, for readers; ``str(error)`` is the three together.
    """

    def __init__(self, where: Said, message: Said, field: str = "") -> None:
        if field and where:
            shown: Said = gettext_lazy(
                "{where}, {field}: {message}", where=where, field=field, message=message
            )
        elif where:
            shown = gettext_lazy("{where}: {message}", where=where, message=message)
        elif field:
            shown = gettext_lazy("{field}: {message}", field=field, message=message)
        else:
            shown = message
        super().__init__(shown)
        self._where = where
        self.field = field
        self.message = message
        #: The deal's other fields refused with this one, each judged on its own (see
        #: ``RequestError.others``).
        self.others: tuple[SheetError, ...] = ()

    @property
    def where(self) -> str:
        """The place refused, in the current language: ``"deal 3"``, ``"row 4"``, or ``""``."""
        return str(self._where)


@dataclass(frozen=True, slots=True, eq=False)
class Refusal:
    """A reason and its learner's sentence, as returned by ``why_illegal``: :attr:`said` is the sentence
    not yet rendered (a :class:`~tarot_core.messages.Message`), ``message`` its text now. Two
    refusals are equal when their reasons are and their sentences read the same."""

    reason: Illegal
    said: Said

    @property
    def message(self) -> str:
        """The sentence for learners, in the current language."""
        return str(self.said)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Refusal):
            return NotImplemented
        return self.reason is other.reason and self.message == other.message

    def __hash__(self) -> int:
        return hash((self.reason, self.message))

    def error(self) -> IllegalActionError:
        return IllegalActionError(self.reason, self.said)


# ====================================================================================== quoting input
#: The most of a reader's input a message repeats: enough to recognise it, never a whole file.
QUOTE_LENGTH: Final = 40
#: The longest message shown to a reader (a widget's sentence, one line of the command line).
MESSAGE_LENGTH: Final = 300


def quoted(value: object, limit: int = QUOTE_LENGTH) -> Quoted:
    """``value`` as a message quotes it: between the quotes of the language the message is shown in,
    on one line, and at most ``limit`` characters of it (an ellipsis says the rest is left out).

    >>> str(quoted("p1 play HK"))
    "'p1 play HK'"
    >>> str(quoted("x" * 100, 8))
    "'xxxxxxxx…'"
    """
    return Quoted(value if isinstance(value, str) else str(value), limit)


@dataclass(frozen=True, slots=True)
class Quoted:
    """A reader's words quoted in a message (:func:`quoted`), written when the message is: in English
    between Python's quotes, which escape what cannot be printed (``'p1 play HK'``), in French between
    « and » with the unprintable characters escaped the same way (``« p1 play HK »``)."""

    text: str
    limit: int = QUOTE_LENGTH

    def __str__(self) -> str:
        text = self.text[: self.limit]
        more = "…" if len(self.text) > self.limit else ""
        quotes = grammar().quotes
        if quotes is None:
            written = repr(text)
            return f"{written[:-1]}{more}{written[-1]}"
        shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
        return f"{quotes[0]}{shown}{more}{quotes[1]}"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


#: A quotation in a message: between single quotes that no letter touches from outside (the taker's
#: apostrophe is none), or between double quotes; a backslash escapes a quote; one cut short may end
#: without its closing quote. (A reader's words quoted between French quotes come from :class:`Quoted`,
#: already cut to length; the translations' own « and » are left whole.)
_QUOTATION: Final = re.compile(
    r"(?<![^\W\d_])'(?:[^'\\]|\\.)*(?:'(?![^\W\d_])|$)|\"(?:[^\"\\]|\\.)*(?:\"|$)", re.DOTALL
)


#: Line breaks, tabs and runs of spaces, which a line shown to a reader makes one space: not the
#: no-break spaces, which French puts before its colons, inside its quotes and between the thousands
#: of a number (a page's title keeps them too: ``tutorial/sphinxext/languages.py``).
BLANKS: Final = re.compile(r"[^\S\u00a0\u202f\u2007]+")


def one_line(message: str, limit: int = MESSAGE_LENGTH) -> str:
    """``message`` on one line (its line breaks and runs of blanks made single spaces), each quotation
    in it cut to :data:`QUOTE_LENGTH` characters, and the whole no longer than ``limit`` characters
    (each cut marked with an ellipsis): a safeguard for messages that quote a reader's input.

    >>> one_line("not valid:" + chr(10) + "   a card")
    'not valid: a card'
    >>> one_line(f"the taker's side said {'x' * 50!r}")
    "the taker's side said 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'"
    >>> one_line(f"its format is {list(range(30))}, not a text")
    'its format is [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, …], not a text'
    """
    text = _cut_lists(_QUOTATION.sub(_shorten, BLANKS.sub(" ", message[: limit * 4]).strip(" ")))
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _cut_lists(text: str) -> str:
    """``text`` with each list or object written in it (``[1, 2]``, ``{'a': 1}``, a value shown as
    Python shows it) cut to :data:`QUOTE_LENGTH` characters."""
    if "[" not in text and "{" not in text:
        return text
    parts: list[str] = []
    depth = start = done = 0
    for index, char in enumerate(text):
        if char in "[{":
            if depth == 0:
                start = index
            depth += 1
        elif char in "]}" and depth:
            depth -= 1
            if depth == 0 and index + 1 - start > QUOTE_LENGTH:
                parts += [text[done:start], text[start : start + QUOTE_LENGTH - 1], "…", char]
                done = index + 1
    # One left open to the end, unless a quotation already cut it short (its ellipsis follows): then
    # the bracket is only the start of the reader's words, and what follows it is the message's.
    if depth and len(text) - start > QUOTE_LENGTH and "…" not in text[start:]:
        parts += [text[done:start], text[start : start + QUOTE_LENGTH - 1], "…"]
        done = len(text)
    return "".join([*parts, text[done:]])


def _shorten(match: re.Match[str]) -> str:
    quotation = match.group()
    if len(quotation) <= QUOTE_LENGTH + 2:
        return quotation
    closing = quotation[-1] if len(quotation) > 1 and quotation[-1] == quotation[0] else ""
    return f"{quotation[: QUOTE_LENGTH + 1]}…{closing}"
