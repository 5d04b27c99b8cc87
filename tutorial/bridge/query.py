"""The calculator's form as query parameters: its controls, reading and checking them, the request made."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from tarot_core.engine.request import SIDES, FieldContext, RequestField, RequestForm
from tarot_core.engine.variant import FAMILIES as REQUEST_MODULES
from tarot_core.engine.variant import family_players, words_for
from tarot_core.errors import Quoted, RequestError, quoted
from tarot_core.messages import N_, Message, _, gettext_lazy, ngettext, ngettext_lazy
from tarot_core.sheet import request_form as family_form

from .common import BridgeError, Json, Query, _form_field, _load_json, _value_text
from .envelope import Text, reader_message

# ====================================================================================== calculator
#: Which side of the table, as a list's choices (nobody, the attack, the defence).
SIDE_CHOICES: Final = SIDES


@dataclass(frozen=True)
class FormField:
    """One control of the calculator form: its query name, label, kind, choices and current values."""

    name: str
    label: str
    kind: str  # "select", "number", "checkbox"
    values: tuple[str, ...]
    choices: tuple[tuple[str, str], ...] = ()
    step: str = "1"
    help: str = ""
    repeat: int = 1
    sublabels: tuple[str, ...] = ()
    names: tuple[str, ...] = ()  # each control's own query name, when they differ (``p1.name``...)
    legend: str = ""  # the heading of repeated controls, when not the label


@dataclass(frozen=True)
class FieldError:
    """One entry of the form that cannot be used: the request field, the reason, the control showing it.

    ``index`` is which of a repeated control (the second of three card points) when it is one of them.
    """

    field: str
    message: Text
    index: int | None = None

    @property
    def form_field(self) -> str:
        return _form_field(self.field)

    def as_json(self) -> Json:
        data: Json = {
            "field": self.field,
            "form_field": self.form_field,
            "message": reader_message(self.message),
        }
        if self.index is not None:
            data["index"] = self.index
        return data


class FormErrors(BridgeError):
    """Every entry of the form that cannot be read, found at once rather than one at a time."""

    def __init__(self, errors: Sequence[FieldError]) -> None:
        super().__init__(errors[0].field, errors[0].message)
        self.errors = tuple(errors)


class _Entries:
    """Reads the form's entries field by field and keeps every refusal, so all are shown together."""

    def __init__(self, query: Query) -> None:
        self.query = query
        self.errors: list[FieldError] = []

    def refuse(self, field_name: str, message: Text, index: int | None = None) -> None:
        self.errors.append(FieldError(field_name, message, index))

    def number(
        self,
        name: str,
        default: str,
        *,
        whole: bool = True,
        field_name: str = "",
        index: int | None = None,
        what: str = "",
    ) -> int | float:
        """The number typed in ``name`` (its ``index``-th control); 0 after a refusal, which is kept."""
        values = self.query.get(name) or []
        position = index or 0
        text = values[position] if position < len(values) else default
        try:
            return parse_number(text, whole=whole, what=what)
        except NumberError as error:
            self.refuse(field_name or name, error.message, index)
            return 0

    def whole(self, name: str, default: str, **kwargs: Any) -> int:
        return int(self.number(name, default, whole=True, **kwargs))

    def check(self) -> None:
        if self.errors:
            raise FormErrors(self.errors)


def available_variants() -> list[str]:
    """Variant families whose score requests the engine can answer now."""
    import importlib.util

    found: list[str] = []
    for name, module in REQUEST_MODULES.items():
        try:
            if importlib.util.find_spec(module) is not None:
                found.append(name)
        except ModuleNotFoundError:
            continue
    return found


def _one(query: Mapping[str, Sequence[str]], name: str, default: str = "") -> str:
    values = query.get(name) or []
    return values[0].strip() if values and values[0] is not None else default


def _many(query: Mapping[str, Sequence[str]], name: str) -> list[str]:
    return [v.strip() for v in query.get(name) or [] if v and v.strip()]


def _shown(text: str) -> Quoted | Message:
    """An entry quoted in a message (as its language quotes), shortened when it is long."""
    if len(text) <= 12:
        return quoted(text)
    return ngettext_lazy(
        "{start}… ({n} character)", "{start}… ({n} characters)", len(text), start=quoted(text[:6])
    )


_WHOLE: Final = re.compile(r"[+-]?[0-9]+", re.ASCII)
_DECIMAL: Final = re.compile(r"[+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)", re.ASCII)
#: Digits before the decimal point that a number field reads: no count in a deal comes near.
MAX_DIGITS: Final = 6


class NumberError(ValueError):
    """What a number field holds is no number of the kind it takes: ``message`` says what it expects."""

    def __init__(self, message: Message) -> None:
        super().__init__(message)
        self.message = message


#: Why an entry is no number, by the number expected (whole or not) and what is wrong; each sentence
#: also with the field's name in front of it (``what``), when the field is one of several.
_NOT_A_NUMBER: Final = {
    (True, "empty"): (
        N_("must be a whole number such as 2: the field is empty"),
        N_("{what} must be a whole number such as 2: the field is empty"),
    ),
    (True, "digits"): (
        N_("must be a whole number such as 2, written in digits, not {text}"),
        N_("{what} must be a whole number such as 2, written in digits, not {text}"),
    ),
    (True, "long"): (
        N_("must be a whole number such as 2: {count} digits are far too many"),
        N_("{what} must be a whole number such as 2: {count} digits are far too many"),
    ),
    (True, "whole"): (
        N_("must be a whole number such as 2, not {text}"),
        N_("{what} must be a whole number such as 2, not {text}"),
    ),
    (False, "empty"): (
        N_("must be a number such as 41 or 40.5: the field is empty"),
        N_("{what} must be a number such as 41 or 40.5: the field is empty"),
    ),
    (False, "digits"): (
        N_("must be a number such as 41 or 40.5, written in digits, not {text}"),
        N_("{what} must be a number such as 41 or 40.5, written in digits, not {text}"),
    ),
    (False, "long"): (
        N_("must be a number such as 41 or 40.5: {count} digits are far too many"),
        N_("{what} must be a number such as 41 or 40.5: {count} digits are far too many"),
    ),
}


def _not_a_number(whole: bool, wrong: str, what: object, **params: object) -> NumberError:
    plain, named = _NOT_A_NUMBER[whole, wrong]
    if what:
        return NumberError(gettext_lazy(named, what=what, **params))
    return NumberError(gettext_lazy(plain, **params))


def parse_number(text: str, *, whole: bool = True, what: object = "") -> int | float:
    """Read a number typed in a form field (digits, a point or a comma), or say what is expected
    (:class:`NumberError`, whose sentence starts with ``what`` the field is, when given).

    >>> parse_number("40,5", whole=False)
    40.5
    >>> parse_number("forty")
    Traceback (most recent call last):
    ...
    tutorial.bridge.query.NumberError: must be a whole number such as 2, written in digits, not 'forty'
    """
    text = text.strip()
    if not text:
        raise _not_a_number(whole, "empty", what)
    if not _DECIMAL.fullmatch(text):
        raise _not_a_number(whole, "digits", what, text=_shown(text))
    integer = text.replace(",", ".").lstrip("+-").split(".", 1)[0].lstrip("0")
    if len(integer) > MAX_DIGITS:
        raise _not_a_number(whole, "long", what, count=len(integer))
    if whole and not _WHOLE.fullmatch(text):
        raise _not_a_number(whole, "whole", what, text=_shown(text))
    value = float(text.replace(",", "."))
    return int(value) if value.is_integer() else value


def _int(query: Query, name: str, default: str = "") -> int:
    try:
        return int(parse_number(_one(query, name, default)))
    except NumberError as error:
        raise BridgeError(name, error.message) from None


def _number(text: str, name: str) -> int | float:
    try:
        return parse_number(text, whole=False)
    except NumberError as error:
        raise BridgeError(name, error.message) from None


def _flag(query: Query, name: str) -> bool:
    return _one(query, name).lower() in ("1", "true", "yes", "on")


#: The rules a form starts with when none are chosen (whose form also stands in for rules not known).
DEFAULT_RULES: Final = "fft"


def request_form(variant: str) -> RequestForm | None:
    """The fields a form asks for the score requests of ``variant`` (``None`` for rules not known)."""
    return family_form(variant) if variant in REQUEST_MODULES else None


def rules_label(variant: str) -> str:
    """The name of the rules ``variant`` in the calculator's list."""
    try:
        return _(words_for(variant).label)
    except (RequestError, ModuleNotFoundError):
        return variant


def _players_choices(variant: str) -> tuple[int, ...]:
    try:
        return family_players(variant)
    except RequestError:
        return family_players(DEFAULT_RULES)


def starting_values(variant: str) -> dict[str, list[str]]:
    """The calculator's starting values for the rules ``variant`` (a made contract, and so on)."""
    form = request_form(variant) or request_form(DEFAULT_RULES)
    return {key: list(values) for key, values in form.start.items()} if form else {}


def field_context(query: Query, players: int) -> FieldContext:
    """What the rules' fields depend on: ``players`` (as read from the form), the seats and names."""
    names = seat_names(query)
    return FieldContext(players, tuple(f"p{n}" for n in range(1, len(names) + 1)), tuple(names), query)


def normalise_query(query: Query, defaults: Mapping[str, str | list[str]] | None = None) -> Query:
    """The form's values: the query where given, else the widget's defaults, else the usual ones."""
    given: Query = {}
    for key, value in (defaults or {}).items():
        given[key] = [value] if isinstance(value, str) else [str(v) for v in value]
    for key, values in query.items():
        given[key] = [str(v) for v in values]
    # Rules the engine does not know stay as given: the form says so next to its list of rules.
    variant = _one(given, "variant") or DEFAULT_RULES
    form = request_form(variant)
    merged: Query = {"variant": [variant]}
    for key, start in (form.start if form else {}).items():
        merged[key] = list(start)
    merged.update({k: v for k, v in given.items() if k != "variant"})
    if form is not None and form.start_step is not None:
        form.start_step(merged)
    return merged


def request_from_query(query: Query) -> Json:
    """Turn the calculator's query parameters into a score request (what ``score_request`` reads).

    Every entry is read on its own first (a number typed in a number field, a choice among a list's
    choices): :class:`FormErrors` lists every entry that cannot be read, all at once. What the entries
    mean together (92 card points, four bouts) is the engine's to judge, on the request returned.
    """
    entries = _Entries(query)
    variant = _one(query, "variant", DEFAULT_RULES)
    if variant not in REQUEST_MODULES or variant not in available_variants():
        rules = ", ".join(rules_label(v) for v in available_variants())
        entries.refuse(
            "variant",
            gettext_lazy(
                "there are no rules called {name} here: choose one of {rules}",
                name=_shown(variant),
                rules=rules,
            ),
        )
        entries.check()
    for fld in form_fields(query):
        if fld.kind != "select":
            continue
        known = {value for value, _text in fld.choices}
        for index, value in enumerate(query.get(fld.name) or []):
            if value.strip() and value.strip() not in known:
                where = index if fld.repeat > 1 else None
                entries.refuse(
                    fld.name,
                    gettext_lazy("{value} is not one of this list's choices", value=_shown(value)),
                    where,
                )
    players = entries.whole("players", "4")
    request: Json = {"variant": variant, "players": players}
    form = request_form(variant)
    if form is None:
        text = _one(query, "request")
        try:
            data = _load_json(text or "{}", "request")
        except BridgeError as error:
            entries.refuse("request", error.message)
            data = {}
        if not isinstance(data, Mapping):
            entries.refuse("request", gettext_lazy("the request must be a JSON object"))
            data = {}
        request.update(data)
    elif form.request_step is not None:
        request.update(form.request_step(field_context(query, players), entries))
    else:
        context = field_context(query, players)
        read = [f for f in form.fields if not f.per_seat and (f.shows(players) or f.every_count)]
        order = form.request_order or tuple(field.name for field in read)
        for field in sorted(read, key=lambda field: order.index(field.name)):
            _read_field(field, context, entries, request)
    entries.check()
    return request


def _read_field(fld: RequestField, context: FieldContext, entries: _Entries, request: Json) -> None:
    """Put the field's entry in the request, as the request writes it (an entry not read is refused)."""
    query = entries.query
    if fld.wanted is not None and not fld.wanted(request):
        return
    whole = fld.step == "1"
    if fld.kind == "checkbox":
        if _flag(query, fld.name):
            request[fld.request_key] = True
    elif fld.kind == "number" and fld.many:
        sublabels = fld.sublabels_for(context, fld.repeat)
        request[fld.request_key] = [
            entries.number(
                fld.name,
                "",
                whole=whole,
                field_name=f"{fld.request_key}[{index}]",
                index=index,
                what=sublabels[index] if index < len(sublabels) else "",
            )
            for index in range(fld.repeat)
        ]
    elif fld.kind == "number":
        request[fld.request_key] = entries.number(fld.name, "0", whole=whole)
    elif fld.many:
        values = _many(query, fld.name)
        if values:
            request[fld.request_key] = [fld.item(v) if fld.item else v for v in values]
    else:
        value = _one(query, fld.name, fld.default) if fld.always else _one(query, fld.name)
        if not (value or fld.always):
            return
        if fld.reads == "whole":
            request[fld.request_key] = entries.whole(fld.name, fld.default)
        else:
            request[fld.request_key] = fld.item(value) if fld.item else value


def query_from_request(request: Mapping[str, object]) -> Query:
    """The calculator's query parameters for a score request (the inverse of :func:`request_from_query`)."""
    variant = str(request.get("variant", DEFAULT_RULES))
    query: Query = {"variant": [variant]}
    form = request_form(variant)
    if form is not None and form.from_request is not None:
        try:
            entries = form.from_request(request)
        except RequestError as error:
            raise BridgeError(error.field, error.message) from None
        if entries is not None:
            query.update(entries)
            return query
    if form is None or form.from_request is not None:  # the form shows it as its JSON text
        rest = {k: v for k, v in request.items() if k not in ("variant", "players")}
        if "players" in request:
            query["players"] = [str(request["players"])]
        query["request"] = [json.dumps(rest, ensure_ascii=False)]
        return query
    fields = {fld.request_key: fld for fld in form.fields if not fld.per_seat}
    for key, value in request.items():
        if key == "variant" or value is None:
            continue
        fld = fields.get(key)
        back = fld.back if fld is not None else None
        if fld is not None and back is not None and fld.many and isinstance(value, list):
            query[fld.name] = [text for text in (back(item) for item in value) if text is not None]
        elif fld is not None and back is not None and not fld.many and back(value) is not None:
            query[fld.name] = [str(back(value))]
        elif fld is not None and fld.kind == "checkbox":
            if value:
                query[fld.name] = ["1"]
        elif isinstance(value, list):
            query[key] = [_value_text(v) for v in value]
        elif isinstance(value, Mapping):
            raise BridgeError(key, gettext_lazy("the calculator has no control for {key}", key=quoted(key)))
        else:
            query[key] = [_value_text(value)]
    return query


#: The longest player name the calculator shows.
NAME_LENGTH: Final = 24


def seat_count(query: Query) -> int:
    """How many players the form has seats for (the rules' usual count when ``players`` is not one)."""
    variant = _one(query, "variant", DEFAULT_RULES)
    choices = _players_choices(variant)
    try:
        players = int(_one(query, "players"))
    except ValueError:
        players = 0
    return players if players in choices else int(starting_values(variant)["players"][0])


def seat_names(query: Query) -> list[str]:
    """Each seat's name in seat order: the name typed for it (``p2.name``), else ``Player 2``."""
    names = []
    for number in range(1, seat_count(query) + 1):
        typed = " ".join(_one(query, f"p{number}.name").split())[:NAME_LENGTH]
        names.append(typed or _("Player {number}", number=number))
    return names


def form_values(form: RequestForm, query: Query) -> dict[str, object]:
    """The form's single entries as a request has them: a ticked box true, a list's choice or its default."""
    values: dict[str, object] = {}
    for fld in form.fields:
        if not (fld.per_seat or fld.many):
            values[fld.request_key] = (
                _flag(query, fld.name) if fld.kind == "checkbox" else _one(query, fld.name, fld.default)
            )
    return values


def roles_asked(query: Query) -> tuple[str, bool]:
    """Which seats the form asks for: the label of the taker's list ("" for none), and the partner's.

    The engine scores roles (taker, partner, defenders); the seats that held them turn the scores into
    each player's score. The rule sets that score each seat (Mathers, Chambéry with three) need none.
    """
    form = request_form(_one(query, "variant", DEFAULT_RULES))
    if form is None:
        return "", False
    roles = form.roles(seat_count(query), form_values(form, query))
    if roles.taker_is_dealer:
        return form.dealer_label, roles.partner
    if roles.taker:
        return form.taker_label, roles.partner
    return "", False


# ====================================================================================== the form's controls
def form_fields(query: Query, *, with_names: bool = True, with_roles: bool = True) -> list[FormField]:
    """The controls of the calculator for the query's variant and player count.

    ``with_names`` adds a name for each player (``p1.name``...); a widget that knows its players' names
    leaves them out and passes the names in the query, where the lists of seats show them.
    ``with_roles`` adds the lists of seats that say who took (and who partnered); a widget that asks for
    the roles its own way (the score sheet, by the players' names) leaves them out.
    """
    variant = _one(query, "variant", DEFAULT_RULES)
    players_text = _one(query, "players", "4")
    try:
        players = int(players_text)
    except ValueError:
        players = 4
    variants = available_variants()
    fields = [
        FormField("variant", _("Rules"), "select", (variant,), tuple((v, rules_label(v)) for v in variants)),
    ]
    if variant not in variants:  # nothing else to fill in until the rules are known
        return fields
    fields.append(
        FormField(
            "players",
            _("Players"),
            "select",
            (players_text,),
            tuple((str(n), ngettext("{n} player", "{n} players", n)) for n in _players_choices(variant)),
        )
    )
    seats = [f"p{number}" for number in range(1, seat_count(query) + 1)]
    names = seat_names(query)
    if with_names:
        fields.append(
            FormField(
                "names",
                _("Players' names (optional)"),
                "text",
                tuple(_one(query, f"{seat}.name") for seat in seats),
                repeat=len(seats),
                sublabels=tuple(_("Player {number}", number=number) for number in range(1, len(seats) + 1)),
                names=tuple(f"{seat}.name" for seat in seats),
            )
        )
    taker_label, partner = roles_asked(query) if with_roles else ("", False)
    seat_choices = tuple(zip(seats, names, strict=True))
    if taker_label:
        fields.append(
            FormField("taker", _(taker_label), "select", (_one(query, "taker", "p1"),), seat_choices)
        )
    if partner:
        fields.append(
            FormField(
                "partner",
                _("Partner (the called King's holder)"),
                "select",
                (_one(query, "partner", "p2"),),
                seat_choices,
            )
        )
    form = request_form(variant)
    if form is None:
        fields.append(
            FormField("request", _("Score request (JSON)"), "text", (_one(query, "request", "{}"),))
        )
        return fields
    context = FieldContext(players, tuple(seats), tuple(names), query)
    by_seat = [fld for fld in form.shown(players) if fld.per_seat]
    for fld in form.shown(players):
        if not fld.per_seat:
            fields.append(_control(fld, context, fld.name, _(fld.label)))
        elif fld is by_seat[0]:  # the fields asked for each seat, seat after seat
            for seat, name in zip(seats, names, strict=False):
                fields += [
                    _control(each, context, f"{seat}.{each.name}", _(each.label, name=name))
                    for each in by_seat
                ]
    return fields


def _said(text: str) -> str:
    """A text of a rule set's form declaration (marked ``N_`` where declared, or already translated by a
    function of the rule set) in the current language; an empty text stays empty."""
    return _(text) if text else text


def _control(fld: RequestField, context: FieldContext, name: str, label: str) -> FormField:
    """The control of a field of the rules' request, with the query's values (else the field's default)."""
    query = context.entries
    repeat = fld.repeat
    if fld.kind == "number" and fld.many:
        typed = list(query.get(name) or [])  # as typed; with a default, one for each control
        values = tuple((typed + [fld.default] * repeat)[:repeat] if fld.default else typed)
    elif fld.many:
        values = tuple(_many(query, name))
        repeat = max(fld.repeat, len(values))
    else:
        values = (_one(query, name, fld.default),)
    return FormField(
        name,
        label,
        fld.kind,
        values,
        tuple((value, _said(text)) for value, text in fld.choices_for(context)),
        step=fld.step,
        help=_said(fld.help),
        repeat=repeat,
        sublabels=tuple(_said(text) for text in fld.sublabels_for(context, repeat)),
        legend=_said(fld.legend),
    )
