"""One envelope for every widget bridge: JSON text read within bounds, every answer written alike.

Every bridge (this package's calculator, replay and play check, the play page's ``play``, the
score sheet's ``sheet`` and the lessons' ``lessons``) reads its JSON arguments with
:func:`load` and answers through :func:`guarded`, so that whatever the browser sends:

* the answer is one JSON object with ``"schema": 1`` and ``"ok"``;
* text too long, or nested too deep, is refused before it is parsed: quickly, and without recursion
  (in the browser's worker a deep parse would overflow the JavaScript stack);
* a refusal is ``{"schema": 1, "ok": false, "field": ..., "message": ...}`` with the keys the bridge
  adds (the calculator's ``form_field``, the score sheet's form), its message one line in a learner's
  words that quotes at most a few dozen characters of the input;
* an error nobody foresaw answers with a plain sentence: never a traceback, a file's path or Python's
  own words.

It imports only the engine and the standard library. In the browser's worker, where this package is
``bridge`` and the other bridges are top-level modules, it is ``bridge.envelope``.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from tarot_core.errors import TarotError, one_line, quoted
from tarot_core.messages import N_, Message, Noun, Number, gettext_lazy
from tarot_core.records import parse_json

SCHEMA: Final = 1
#: The longest JSON text a bridge reads by default (a saved game, a hand record, a form: a few
#: thousand characters; the score sheet, whose sessions grow, sets its own bound).
MAX_TEXT: Final = 200_000
#: What a refusal says when the engine failed in a way nobody foresaw: no exception's words. (Marked
#: for the catalogue here, translated where it is shown.)
UNEXPECTED: Final = N_("the engine could not answer this: check what was entered and try again")

Json = dict[str, Any]
#: A sentence for the reader: a message (translated when it is shown) or the engine's text.
Text = str | Message


class Refused(TarotError):
    """A refusal from a bridge: the ``field`` at fault, a ``message`` for the reader, and ``extra`` keys
    for the answer (the form drawn again with the reader's entries kept, for instance)."""

    def __init__(self, field: str, message: Text, extra: Mapping[str, object] | None = None) -> None:
        super().__init__(message)
        self.field = field
        #: The sentence as the reader reads it now; the message itself stays with the error.
        self.message = str(message)
        self.extra: Json = dict(extra or {})


@dataclass(frozen=True)
class Failure:
    """What a refusal answers: the field, the sentence, and the keys its bridge adds."""

    field: str
    message: Text
    extra: Mapping[str, object] = dataclasses.field(default_factory=dict)


# ====================================================================================== reading
#: What a refusal calls each argument the widgets send, by the argument's name: a noun that each
#: language translates, with its gender (a name missing here would be shown as it is, untranslated).
THINGS: Final[Mapping[str, Noun]] = {
    "answer": Noun("answer", "thing"),
    "choice": Noun("choice", "thing"),
    "exercise": Noun("exercise", "thing"),
    "exercise's request": Noun("exercise's score request", "thing"),
    "game": Noun("saved game", "thing"),
    "options": Noun("display setup", "thing"),
    "query": Noun("calculator's form", "thing"),
    "record": Noun("hand record", "thing"),
    "request": Noun("score request", "thing"),
    "session": Noun("evening's session", "thing"),
    "sessions": Noun("list of saved score sheets", "thing"),
    "setup": Noun("setup", "thing"),
    "sheet": Noun("score sheet", "thing"),
}


def thing(what: str | Noun) -> Noun:
    """What a refusal names (``"request"``, the argument's name, or a noun), as a noun: the message
    gives it its article."""
    if isinstance(what, Noun):
        return what
    return THINGS.get(what) or Noun(what, "thing")


def check_text(text: object, field: str, what: str | Noun = "", *, limit: int = MAX_TEXT) -> str:
    """``text`` itself if it is text no longer than ``limit``, else :class:`Refused`."""
    name = thing(what or field)
    if not isinstance(text, str):
        raise Refused(field, gettext_lazy("{what} must be given as text", what=name))
    if len(text) > limit:
        raise Refused(
            field,
            gettext_lazy(
                "{what} is far too long to be read: {length:,} characters, at most {limit:,}",
                what=name,
                length=Number(len(text)),
                limit=Number(limit),
            ),
        )
    return text


def load(
    text: object, field: str, what: str | Noun = "", *, limit: int = MAX_TEXT, empty: str | None = None
) -> Any:
    """The JSON ``text`` parsed, or :class:`Refused` naming ``field`` and saying why in words.

    ``what`` names the text in the message (``field`` by default); ``empty``, when given, is read in
    place of a text with nothing in it. Text longer than ``limit`` characters, nested deeper than
    :data:`tarot_core.records.MAX_JSON_DEPTH`, with ``NaN`` or numbers no game needs is refused before
    or while it is parsed.
    """
    name = thing(what or field)
    checked = check_text(text, field, name, limit=limit)
    if empty is not None and not checked.strip():
        checked = empty
    try:
        return parse_json(checked, str(name), lines=False)
    except TarotError as error:
        raise Refused(field, _said(error)) from None


def mapping(data: object, field: str, what: str | Noun = "") -> Mapping[str, Any]:
    """``data`` if it is a JSON object, else :class:`Refused`."""
    if not isinstance(data, Mapping):
        raise Refused(
            field, gettext_lazy("{what} must be a JSON object, in braces: {{...}}", what=thing(what or field))
        )
    return data


def _said(error: TarotError) -> Text:
    """The sentence of one of the engine's errors: its message when it carries one, else its text."""
    message = getattr(error, "message", None)
    return message if isinstance(message, Message) else str(error)


# ====================================================================================== answering
def dump(data: Mapping[str, object], *, compact: bool = False) -> str:
    """``data`` as the JSON text of an answer, ``"schema"`` first; a refusal's message made one short
    line (:func:`reader_message`). Messages, nouns and numbers are written in the current language."""
    payload: Json = {"schema": SCHEMA, **data}
    if payload.get("ok") is False:
        payload["message"] = reader_message(payload.get("message"))
    separators = (",", ":") if compact else None
    return json.dumps(payload, ensure_ascii=False, allow_nan=False, separators=separators, default=_words)


def _words(value: object) -> str:
    if isinstance(value, Message | Noun | Number):
        return str(value)
    raise TypeError(type(value).__name__)  # json.dumps says which value it cannot write


def reader_message(message: object) -> str:
    """A refusal's sentence as the reader sees it: one line, short quotations, never empty."""
    text = one_line(str(message)) if isinstance(message, str | Message) else ""
    return text or str(gettext_lazy(UNEXPECTED))


def failure_of(error: Exception) -> Failure:
    """The refusal an error stands for: the engine's typed errors keep their field and sentence; any
    other error is one nobody foresaw, and says :data:`UNEXPECTED`."""
    if isinstance(error, Refused):
        return Failure(error.field, error.message, error.extra)
    if isinstance(error, TarotError):
        where = getattr(error, "field", "")
        message = getattr(error, "message", None)
        return Failure(
            where if isinstance(where, str) else "",
            message if isinstance(message, str | Message) else str(error),
        )
    return Failure("", gettext_lazy(UNEXPECTED))


def refusal(failure: Failure, *, keys: Callable[[Failure], Json] | None = None, compact: bool = False) -> str:
    """The answer of a refusal: ``ok`` false, the field, the message, the bridge's ``keys`` and the
    failure's own extra keys."""
    data: Json = {"ok": False, "field": failure.field, "message": failure.message}
    if keys is not None:
        data.update(keys(failure))
    data.update(failure.extra)
    return dump(data, compact=compact)


def guarded(
    work: Callable[[], Mapping[str, object]],
    *,
    read: Callable[[Exception], Failure | None] | None = None,
    keys: Callable[[Failure], Json] | None = None,
    compact: bool = False,
    after_refusal: Callable[[], object] | None = None,
) -> str:
    """Run ``work`` and answer: ``{"ok": true, ...}`` with what it returns, or the refusal of whatever
    it raised (never the exception's text unless it is one of the engine's sentences).

    ``read`` turns a bridge's own errors into a :class:`Failure` (``None`` for the others); ``keys``
    adds the bridge's keys to a refusal; ``after_refusal`` runs after any refusal (to forget state);
    ``compact`` writes the JSON without blanks.
    """
    try:
        return dump({"ok": True, **work()}, compact=compact)
    except Exception as error:  # every error answers in JSON: a bug as much as a bad input
        failure = _read_failure(error, read)
    if after_refusal is not None:
        after_refusal()
    try:
        return refusal(failure, keys=keys, compact=compact)
    except Exception:  # the bridge's own keys could not be drawn: the sentence alone
        return dump({"ok": False, "field": failure.field, "message": failure.message}, compact=compact)


def _read_failure(error: Exception, read: Callable[[Exception], Failure | None] | None) -> Failure:
    try:
        known = read(error) if read is not None else None
    except Exception:
        known = None
    return known or failure_of(error)


__all__ = [
    "MAX_TEXT",
    "SCHEMA",
    "UNEXPECTED",
    "Failure",
    "Json",
    "Refused",
    "check_text",
    "dump",
    "failure_of",
    "guarded",
    "load",
    "mapping",
    "quoted",
    "reader_message",
    "refusal",
]
