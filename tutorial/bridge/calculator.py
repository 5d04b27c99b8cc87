"""The calculator's entry points: a score request or a form in, the score and its HTML out."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from markupsafe import Markup

from tarot_core.engine.result import role_name
from tarot_core.engine.shares import seat_scores as shares_by_seat
from tarot_core.engine.variant import score_request
from tarot_core.errors import RequestError, TarotError
from tarot_core.messages import N_, _, gettext_lazy

from . import envelope
from .common import (
    BridgeError,
    Display,
    Json,
    Query,
    _dump,
    _failure,
    _guarded,
    _load_json,
    name_seats,
    shown_value,
)
from .form import form_html, form_shape
from .query import (
    FieldError,
    FormErrors,
    _one,
    _players_choices,
    available_variants,
    form_fields,
    form_values,
    normalise_query,
    parse_number,
    request_form,
    request_from_query,
    roles_asked,
    seat_count,
    seat_names,
)
from .templates import render

#: What the shares call each role of an answer by role (its code when it is none of these).
ROLE_LABELS: Final = {
    "taker": N_("Taker"),
    "partner": N_("Partner"),
    "dealer": N_("Dealer"),
    "soloist": N_("Soloist"),
}


def _role_label(role: str) -> str:
    """The row of a share by role: ``Taker``, ``Defender 2`` (``defender-2``), ``Player 1 (p1)``."""
    if role in ROLE_LABELS:
        return _(ROLE_LABELS[role])
    kind, _dash, number = role.partition("-")
    if kind == "defender" and number.isdigit():
        return _("Defender {number}", number=number)
    if role[:1] == "p" and role[1:].isdigit():
        return _("Player {number} ({seat})", number=role[1:], seat=role)
    return role  # a role no rule set has yet: its code, as the answer writes it


def _shares(request: Mapping[str, object], answer: Mapping[str, object]) -> list[Json]:
    """Every player's share, one row per player (defenders listed one by one)."""
    scores = answer.get("scores")
    players = int(str(answer.get("players", request.get("players", 4))))
    rows: list[Json] = []
    if isinstance(scores, Mapping) and isinstance(scores.get("by_player"), list):
        for index, value in enumerate(scores["by_player"]):
            label = _("Player {number}", number=index + 1)
            rows.append({"role": f"player-{index + 1}", "label": label, "score": value})
        return rows
    if not isinstance(scores, Mapping):
        return rows
    named = {k: v for k, v in scores.items() if v is not None and k != "defender"}
    for role, value in named.items():
        rows.append({"role": role, "label": _role_label(role), "score": value})
    if "defender" in scores and scores["defender"] is not None:
        count = players - len(named)
        for index in range(count):
            label = _("Defender {number}", number=index + 1) if count > 1 else _("Defender")
            rows.append({"role": "defender", "label": label, "score": scores["defender"]})
    return rows


def signed(value: object) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:+d}".replace("-", "−")
    return shown_value(value)


def _attack_role(query: Query) -> str:
    """Which role the seat list of the attack names: the dealer (Chambéry, when the dealer's side
    plays), the soloist (Chambéry's other list), else the taker."""
    form = request_form(_one(query, "variant"))
    if form is None:
        return "taker"
    if form.roles(seat_count(query), form_values(form, query)).taker_is_dealer:
        return "dealer"
    return "soloist" if form.dealer_label else "taker"


#: The refusal of a partner who is the taker himself, by the role the taker's list names, and with the
#: hint that the taker may play alone (in the rules where a taker may call his own King).
_OWN_PARTNER: Final = {
    ("taker", False): N_("the partner must be another player than the taker"),
    ("taker", True): N_(
        "the partner must be another player than the taker: a taker who called his own King plays alone "
        "(tick that box)"
    ),
    ("dealer", False): N_("the partner must be another player than the dealer"),
    ("dealer", True): N_(
        "the partner must be another player than the dealer: a taker who called his own King plays "
        "alone (tick that box)"
    ),
    ("soloist", False): N_("the partner must be another player than the soloist"),
    ("soloist", True): N_(
        "the partner must be another player than the soloist: a taker who called his own King plays "
        "alone (tick that box)"
    ),
}


def seating_errors(query: Query) -> list[FieldError]:
    """What the seats chosen in the form cannot be: a partner who is the taker himself."""
    taker_label, partner = roles_asked(query)
    if taker_label and partner and _one(query, "partner", "p2") == _one(query, "taker", "p1"):
        form = request_form(_one(query, "variant"))
        alone = form is not None and form.plays_alone(seat_count(query))
        return [FieldError("partner", gettext_lazy(_OWN_PARTNER[_attack_role(query), alone]))]
    return []


def _role_word(query: Query) -> str:
    """The role the taker's list names: ``taker``, ``dealer`` or ``soloist``."""
    return _attack_role(query)


def seat_scores(query: Query, answer: Mapping[str, object]) -> list[Json]:
    """Each player's score in seat order, with the name typed for the seat and its role.

    ``[{"seat": "p1", "name": "Alice", "role": "taker", "score": 240}, ...]``; empty when the engine's
    answer has not one score per seat of the form.
    """
    scores = answer.get("scores")
    names = seat_names(query)
    seats = [f"p{number}" for number in range(1, len(names) + 1)]
    if not isinstance(scores, Mapping):
        return []
    placed = shares_by_seat(scores, seats, _one(query, "taker", "p1"), _one(query, "partner", "p2"))
    if placed is None or any(row.score is None for row in placed):
        return []
    return [
        {"seat": row.seat, "name": name, "role": row.role, "score": row.score}
        for row, name in zip(placed, names, strict=True)
    ]


def _headline(answer: Mapping[str, object], named: Mapping[str, str]) -> str:
    won = answer.get("won")
    if isinstance(won, list):
        return _("Each player against the par")
    if isinstance(won, str):
        if won in named:
            return _("{who} wins the hand", who=named[won])
        if won[1:].isdigit():
            return _("{who} wins the hand", who=_("Player {number} ({seat})", number=won[1:], seat=won))
        return _("{who} wins the hand", who=won)
    if won is None and _scores_by_seat(answer.get("variant")):
        return _("A tie: nobody scores")
    return _("The contract is made") if won else _("The contract is lost")


def result_html(
    request: Mapping[str, object], answer: Mapping[str, object], uid: str, seats: Sequence[Json] = ()
) -> Markup:
    """The working and the shares of a score answer, as HTML: by player with their names when
    ``seats`` (from :func:`seat_scores`) is given, else by role."""
    named = {str(row["seat"]): str(row["name"]) for row in seats}
    breakdown = answer.get("breakdown")
    terms = [
        {
            "term": term.get("term", ""),
            "label": name_seats(str(term.get("label", "")), named),
            "detail": name_seats(str(term.get("detail", "")), named) if term.get("detail") else "",
            "value": shown_value(term.get("value")),
        }
        for term in (breakdown if isinstance(breakdown, list) else [])
        if isinstance(term, Mapping)
    ]
    if seats:
        shares = [
            {
                "role": row["role"] or row["seat"],
                "seat": row["seat"],
                "name": row["name"],
                "role_word": role_name(row["role"]),
                "score": signed(row["score"]),
            }
            for row in seats
        ]
    else:
        shares = [
            {"role": s["role"], "seat": "", "name": s["label"], "role_word": "", "score": signed(s["score"])}
            for s in _shares(request, answer)
        ]
    headline = _headline(answer, named)
    return render(
        "calculator/result.html", headline=headline, won=answer.get("won"), terms=terms, shares=shares
    )


def _scores_by_seat(variant: object) -> bool:
    """Whether the rules ``variant`` score each seat on its own (a deal nobody wins is then a tie)."""
    form = request_form(variant) if isinstance(variant, str) else None
    return form is not None and form.scores_by_seat


def bar_html(seats: Sequence[Json], errors: Sequence[FieldError] = ()) -> Markup:
    """The compact result bar: each player's score on one line, or that there is none yet."""
    rows = [{"seat": row["seat"], "name": row["name"], "score": signed(row["score"])} for row in seats]
    return render("calculator/bar.html", seats=rows, errors=len(errors))


def error_labels(query: Query, errors: Sequence[FieldError], *, with_names: bool = True) -> list[str]:
    """The label of the control each error is about, as the form shows it."""
    fields = {fld.name: fld for fld in form_fields(query, with_names=with_names)}
    labels = []
    for error in errors:
        fld = fields.get(error.form_field)
        if fld is None:
            labels.append("")
        elif error.index is not None and error.index < len(fld.sublabels):
            labels.append(_("{label}: {sublabel}", label=fld.label, sublabel=fld.sublabels[error.index]))
        else:
            labels.append(fld.label)
    return labels


def no_score_html(query: Query, errors: Sequence[FieldError], *, with_names: bool = True) -> Markup:
    """The result while an entry cannot be used: no score at all, and what to fix."""
    rows = [
        {"form_field": error.form_field, "label": label, "message": error.message}
        for error, label in zip(errors, error_labels(query, errors, with_names=with_names), strict=True)
    ]
    return render("calculator/no_score.html", errors=rows)


def result_attributes(answer: Mapping[str, object]) -> dict[str, str]:
    """``data-*`` attributes of the result region: each role's score (``data-taker="240"``)."""
    attributes: dict[str, str] = {}
    scores = answer.get("scores")
    if isinstance(scores, Mapping):
        by_player = scores.get("by_player")
        if isinstance(by_player, list):
            for index, value in enumerate(by_player):
                attributes[f"player-{index + 1}"] = str(value)
        else:
            for role, value in scores.items():
                if value is not None:
                    attributes[str(role)] = str(value)
    won = answer.get("won")
    if isinstance(won, bool):
        attributes["won"] = "true" if won else "false"
    return attributes


def query_of_mapping(data: Mapping[Any, Any]) -> Query:
    """A form's JSON object as a query: every value a list of strings, empty values left out."""
    query: Query = {}
    for key, value in data.items():
        if isinstance(value, list):
            query[str(key)] = [str(v) for v in value]
        elif value is not None:
            query[str(key)] = [str(value)]
    return query


def _query_of(data: object) -> Query:
    if not isinstance(data, Mapping):
        raise BridgeError("query", gettext_lazy("the calculator's form must be a JSON object"))
    return query_of_mapping(data)


def _score_answer(request: Json) -> Json:
    answer = score_request(request)
    return {"request": request, "result": answer, "shares": _shares(request, answer)}


def score(request_json: str, options: str = "{}") -> str:
    """Score a request (the JSON of ``python -m tarot_core score``): the working, the shares, the HTML."""

    def work() -> Json:
        display = Display.parse(options)
        request = _load_json(request_json, "request")
        if not isinstance(request, Mapping):
            raise RequestError(
                "", _("a score request is a JSON object such as {example}", example='{"variant": "fft", ...}')
            )
        data = _score_answer(dict(request))
        data["html"] = result_html(request, data["result"], display.uid)
        data["attributes"] = result_attributes(data["result"])
        return data

    return _guarded(work)


def calculate(query_json: str, options: str = "{}") -> str:
    try:
        return _calculate(query_json, options)
    except Exception:  # a bug must still answer in JSON, never with a traceback or its words
        return _failure("", gettext_lazy(envelope.UNEXPECTED))


def address_query(query: Query) -> Query:
    """What the page address keeps of a form: its own fields only (a link's other parameters are
    dropped), without empty values, except among numbers typed in a row, whose places matter."""
    kept: Query = {}
    for fld in form_fields(query):
        for name in fld.names or (fld.name,):
            values = query.get(name) or []
            if fld.kind == "number" and fld.repeat > 1:
                if any(v.strip() for v in values):
                    kept[name] = list(values)
            elif fld.names:
                kept.update({name: values[:1]} if values and values[0].strip() else {})
            elif [v for v in values if v.strip()]:
                kept[name] = [v for v in values if v.strip()]
    return kept


def form_errors(query: Query) -> list[FieldError]:
    """Every entry of the form that cannot be read or used as it stands, all at once (not the engine's
    judgement of the entries together, which comes once these are fixed)."""
    errors: list[FieldError] = []
    try:
        request_from_query(query)
    except FormErrors as refused:
        errors += refused.errors
    except BridgeError as error:
        errors.append(FieldError(error.field, error.message))
    return errors + seating_errors(query)


#: A field of a list in a request (``points[1]``, ``handfuls[0].trumps``): its name and its place.
_LISTED = re.compile(r"([a-z_]+)\[(\d+)\]")


def _engine_fault(refused: RequestError) -> FieldError:
    """An entry the engine refused, beside its control: one of a row of controls (the second player's
    card points) by its place in the row."""
    listed = _LISTED.match(refused.field)
    return FieldError(refused.field, refused.message, int(listed[2]) if listed else None)


def _calculate(query_json: str, options: str) -> str:
    """The calculator: form values (query parameters) in; the request, the score and the HTML out.

    A refused input answers ``ok: false`` with every entry at fault in ``errors`` (the first one also
    as ``field``, ``form_field`` and ``message``), the form's HTML, and as ``html`` a result that
    says there is no score and what to fix: never the last score.
    """
    try:
        display = Display.parse(options)
        query = normalise_query(_query_of(_load_json(query_json, "query")))
        form = form_html(query, display.uid)
    except BridgeError as error:
        return _failure(error.field, error.message)
    common: Json = {
        "query": query,
        "address": address_query(query),
        "form_html": form,
        "form_key": f"{_one(query, 'variant')}-{_one(query, 'players')}",
        "form_shape": form_shape(query),
    }
    errors = form_errors(query)
    request: Json = {}
    if not errors:
        try:
            request = request_from_query(query)
            data = _score_answer(request)
        except RequestError as error:
            # Every field the engine refused on its own, each beside its entry.
            errors = [_engine_fault(refused) for refused in error.every]
        except TarotError as error:
            errors = [FieldError("", envelope.failure_of(error).message)]
    if errors:
        first = errors[0]
        return _dump(
            {
                "ok": False,
                "field": first.field,
                "form_field": first.form_field,
                "message": first.message,
                "errors": [error.as_json() for error in errors],
                "html": no_score_html(query, errors),
                "bar_html": bar_html((), errors),
                **common,
            }
        )
    seats = seat_scores(query, data["result"])
    attributes = result_attributes(data["result"])
    if seats:
        attributes["seat-scores"] = json.dumps({row["seat"]: row["score"] for row in seats})
    data.update(
        {
            "seats": seats,
            "html": result_html(request, data["result"], display.uid, seats),
            "bar_html": bar_html(seats),
            "attributes": attributes,
            **common,
        }
    )
    return _dump({"ok": True, **data})


def change_rules(query_json: str, variant: str, options: str = "{}") -> str:
    """The calculator after the reader picks other rules: the entries the new rules can use are kept.

    ``query_json`` holds the reader's entries (also those made under other rules, so a list walked
    through with the arrow keys gives them back on the way); an entry is kept when the new form has
    that field and it reads there (a choice of its list, a number of the kind it takes, as many as its
    controls). The answer is :func:`calculate`'s.
    """
    try:
        entries = _query_of(_load_json(query_json, "query"))
    except BridgeError as error:
        return _failure(error.field, error.message)
    query = keep_for_rules(entries, str(variant))
    return calculate(json.dumps(query), options)


def keep_for_rules(entries: Query, variant: str) -> Query:
    """The entries the form of ``variant`` can use (see :func:`change_rules`)."""
    query: Query = {"variant": [variant]}
    if variant not in available_variants():
        return query
    players = _one(entries, "players")
    if players in {str(n) for n in _players_choices(variant)}:
        query["players"] = [players]
    for key, values in entries.items():  # the names and seats are kept whatever the rules
        if key.endswith(".name") or key in ("taker", "partner"):
            query[key] = list(values)
    for _round in range(2):  # the form's fields depend on the entries kept (the partner on "alone")
        fields = form_fields(normalise_query(query))
        for fld in fields:
            if fld.name in ("variant", "players", "names") or fld.name not in entries:
                continue
            values = [v.strip() for v in entries[fld.name]]
            if fld.kind == "select":
                known = {value for value, _text in fld.choices}
                usable = [v for v in values if v in known]
                if usable:
                    query[fld.name] = usable
            elif fld.kind == "number":
                if len(values) != fld.repeat:
                    continue
                try:
                    for value in values:
                        parse_number(value, whole=fld.step == "1")
                except ValueError:
                    continue
                query[fld.name] = values
            else:
                query[fld.name] = values
    for key in ("taker", "partner"):  # a seat the new count of players has not
        seats = {f"p{n}" for n in range(1, seat_count(normalise_query(query)) + 1)}
        if _one(query, key) and _one(query, key) not in seats:
            del query[key]
    return query
