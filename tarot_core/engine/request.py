"""Reading the fields of a score request: one rule for every rule set.

A number is a JSON number, never text: ``"points": "56"`` is refused like ``"players": "4"``, with a
message that names the field and says what it expects. A required field that is left out says that it
is missing and what to give.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Protocol, TypeVar

from ..errors import QUOTE_LENGTH, RequestError, Said
from ..messages import N_, gettext_lazy


def shown(value: object) -> Said:
    """A request value as the person who typed it would recognise it: ``the text "56"``, ``true`` (a
    message, for text: "the text" is said in the reader's language)."""
    if isinstance(value, str):
        return gettext_lazy("the text {text}", text=_short(json.dumps(value, ensure_ascii=False)))
    try:
        return _short(json.dumps(value, ensure_ascii=False))
    except (TypeError, ValueError, RecursionError):
        return _short(repr(value))


def _short(text: str) -> str:
    """A quotation of at most :data:`~tarot_core.errors.QUOTE_LENGTH` characters, its end kept."""
    if len(text) <= QUOTE_LENGTH:
        return text
    closing = text[-1] if text[-1] in '"]}' else ""
    return f"{text[:QUOTE_LENGTH]}…{closing}"


#: The value a field is read as, which :meth:`FieldChecks.read` gives back.
FieldValue = TypeVar("FieldValue")


class FieldChecks:
    """A request's fields read one by one, each on its own: :meth:`read` gives a field's value, or None
    when it is refused and keeps the refusal; :meth:`done` then raises the first refusal with the others
    attached (``RequestError.others``), so that a form shows every entry at fault at once. The checks
    that weigh fields together (the bouts against the points) come after :meth:`done`.

    >>> checks = FieldChecks()
    >>> checks.read(lambda: whole_number("3", "oudlers", "a number")), checks.read(lambda: 56)
    (None, 56)
    >>> checks.refused[0].field
    'oudlers'
    """

    def __init__(self) -> None:
        self.refused: list[RequestError] = []

    def read(self, reader: Callable[[], FieldValue]) -> FieldValue | None:
        try:
            return reader()
        except RequestError as error:
            self.refused.extend(error.every)
            return None

    def done(self) -> None:
        """Raise the first refusal, the others attached, if any field was refused."""
        if self.refused:
            first, *others = self.refused
            first.others = tuple(others)
            raise first


def missing(name: str, what: Said) -> RequestError:
    """The error of a required field left out: ``contract: missing: choose one of ...``."""
    return RequestError(name, gettext_lazy("missing: {what}", what=what))


def required(request: Mapping[str, object], name: str, what: Said) -> object:
    """The value of a required field (``null`` counts as left out); ``what`` says what to give."""
    value = request.get(name)
    if value is None:
        raise missing(name, what)
    return value


def whole_number(value: object, name: str, expected: Said) -> int:
    """A whole number (``4`` or ``4.0``); anything else is refused with a
    :class:`~tarot_core.errors.RequestError` saying ``must be {expected}``."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    raise RequestError(name, _must_be(expected, value))


def _must_be(expected: Said, value: object) -> Said:
    return gettext_lazy("must be {expected}, not {value}", expected=expected, value=shown(value))


def number(value: object, name: str, expected: Said) -> int | float:
    """A JSON number, whole or not (never text nor true/false)."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    raise RequestError(name, _must_be(expected, value))


def int_field(request: Mapping[str, object], name: str, what: Said, choices: str) -> int:
    """A required whole number: left out, ``give {what}: {choices}``; not a whole number,
    ``must be {what} as a whole number ({choices})``. ``choices`` says the values in words."""
    value = required(request, name, gettext_lazy("give {what}: {choices}", what=what, choices=choices))
    return whole_number(
        value, name, gettext_lazy("{what} as a whole number ({choices})", what=what, choices=choices)
    )


def int_choice(request: Mapping[str, object], name: str, allowed: range | tuple[int, ...], what: Said) -> int:
    """A required whole number among ``allowed`` (read as :func:`int_field`); another number is refused
    with ``must be one of ...``."""
    choices = ", ".join(str(v) for v in allowed)
    value = int_field(request, name, what, choices)
    if value not in allowed:
        raise RequestError(
            name, gettext_lazy("must be one of {choices}, not {value}", choices=choices, value=value)
        )
    return value


# ============================================================================ the fields of a form
#: A list's choices: (the value a form sends, the words it shows), in the order shown.
Choices = tuple[tuple[str, str], ...]
#: Form entries: each control's name and the texts typed or chosen in it (a page address's query).
Entries = Mapping[str, Sequence[str]]

#: Which side of the table: nobody, the attack (the taker's side) or the defence.
SIDES: Final[Choices] = (("", N_("nobody")), ("attack", N_("the attack")), ("defence", N_("the defence")))


def _every_count(players: int) -> bool:
    return True


@dataclass(frozen=True)
class FieldContext:
    """What a field's choices and labels may depend on: the number of players (as typed: it may be none
    of the rule set's counts), the seats with the names shown for them, and the form's entries."""

    players: int
    seats: tuple[str, ...]
    names: tuple[str, ...]
    entries: Entries

    def first(self, name: str, default: str = "") -> str:
        """The first entry of ``name``, trimmed; ``default`` when there is none."""
        values = self.entries.get(name) or []
        return values[0].strip() if values and values[0] is not None else default

    def flag(self, name: str) -> bool:
        """Whether the box ``name`` is ticked."""
        return self.first(name).lower() in ("1", "true", "yes", "on")


@dataclass(frozen=True)
class RequestField:
    """One field of a rule set's score request as a form asks for it, declared once by the game.

    ``name`` is the form's (a page address's) name, ``key`` the request's when it differs (the form's
    ``handful`` lists are the request's ``handfuls``). ``kind`` is ``select``, ``number`` or
    ``checkbox``. ``choices`` are a list's values and their words, or a function of the
    :class:`FieldContext` when they depend on the players or the entries. ``default`` is what the form
    shows when nothing is entered; ``repeat`` how many controls it has. A ``many`` field takes several
    values, the request a list of them: a list shows at least ``repeat`` controls and one for each
    value chosen, a number one for each of its ``repeat`` values. ``shows`` says whether it is asked
    for a number of players; an ``every_count`` field is read into a request whatever the number (the
    engine then says why it does not apply: a taker alone with four players).

    In the request a number is read as typed (``0`` when left out), and is left out where ``wanted``,
    given the request so far, says it is not needed; a list's value is the request's as chosen (left
    out when empty, unless ``always``), or what ``item`` makes of it (``"attack:simple"`` ->
    ``{"side": "attack", "size": "simple"}``); ``back`` turns a request's value into the form's again
    (``None`` when it cannot). ``reads="whole"`` reads a list's choice as a whole number.
    A ``per_seat`` field is asked once for each seat, its name after the seat's (``p1.tricks``) and its
    label saying the seat's player (``{name}``).
    """

    name: str
    label: str
    kind: str
    choices: Choices | Callable[[FieldContext], Choices] = ()
    default: str = ""
    repeat: int = 1
    help: str = ""
    step: str = "1"
    sublabels: tuple[str, ...] | Callable[[FieldContext, int], tuple[str, ...]] = ()
    legend: str = ""
    shows: Callable[[int], bool] = _every_count
    every_count: bool = False
    key: str = ""
    reads: str = ""
    always: bool = False
    wanted: Callable[[Mapping[str, object]], bool] | None = None
    item: Callable[[str], object] | None = None
    back: Callable[[object], str | None] | None = None
    many: bool = False
    per_seat: bool = False

    @property
    def request_key(self) -> str:
        """The request's name for this field."""
        return self.key or self.name

    def choices_for(self, context: FieldContext) -> Choices:
        """This list's choices for the players and entries of ``context``."""
        return self.choices(context) if callable(self.choices) else self.choices

    def sublabels_for(self, context: FieldContext, count: int) -> tuple[str, ...]:
        """The label of each of ``count`` controls."""
        return self.sublabels(context, count) if callable(self.sublabels) else self.sublabels


@dataclass(frozen=True, slots=True)
class Roles:
    """Which roles a deal needs named: the taker (or soloist) and the partner."""

    taker: bool
    partner: bool
    taker_is_dealer: bool = False


def no_roles(players: int, request: Mapping[str, object]) -> Roles:
    """The roles of a rule set that scores each seat on its own: none to name."""
    return Roles(False, False)


class EntryReader(Protocol):
    """Reads a number typed in a form, keeping a refusal for the reader rather than raising."""

    def whole(
        self, name: str, default: str, *, field_name: str = "", index: int | None = None, what: str = ""
    ) -> int: ...


@dataclass(frozen=True)
class RequestForm:
    """A rule set's score request as a form asks for it: every field, once, and what goes with them.

    ``start`` holds the form's starting values (a deal that scores: a made contract, and so on), which
    ``start_step`` may complete from the entries (a value for each seat). ``roles`` says which seats a
    deal must name, given the number of players and the request's (or the form's) values;
    ``taker_label`` and ``dealer_label`` are the calculator's words for them, ``sheet_roles`` a score
    sheet's (name, label, help) for each player count. ``request_step`` is the rule set's own part of a
    request that the fields do not say one by one (Mathers' hands, seat by seat), ``from_request`` its
    inverse (``None`` where the form cannot show that request). ``request_order`` lists the request's
    fields in order where it is not the form's. ``zero_sum`` says whether every deal sums to zero
    over the table; ``scores_by_seat`` whether the engine scores each seat (``p1``...), not each role;
    ``seat_note`` says which seat is which player, ``{n}`` and ``{name}`` filled in (empty: no note).
    """

    fields: tuple[RequestField, ...]
    start: Mapping[str, tuple[str, ...]]
    start_step: Callable[[dict[str, list[str]]], None] | None = None
    roles: Callable[[int, Mapping[str, object]], Roles] = no_roles
    taker_label: str = ""
    dealer_label: str = ""
    sheet_roles: Callable[[int], tuple[tuple[str, str, str], ...]] = lambda players: ()
    request_step: Callable[[FieldContext, EntryReader], dict[str, object]] | None = None
    from_request: Callable[[Mapping[str, object]], dict[str, list[str]] | None] | None = None
    request_order: tuple[str, ...] = ()
    zero_sum: bool = True
    scores_by_seat: bool = False
    seat_note: Callable[[int], str] = lambda players: ""

    def shown(self, players: int) -> tuple[RequestField, ...]:
        """The fields asked for ``players`` players, in the form's order."""
        return tuple(fld for fld in self.fields if fld.shows(players))

    def plays_alone(self, players: int) -> bool:
        """Whether a taker may play alone with ``players`` players (a box says so)."""
        return any(fld.request_key == "alone" for fld in self.shown(players))
