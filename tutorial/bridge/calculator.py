"""The calculator's entry points: a score request or a form in, the score and its HTML out."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Final

from tarot_core.engine.variant import score_request
from tarot_core.errors import RequestError, TarotError

from . import envelope
from .common import (
    BridgeError,
    Display,
    Json,
    Query,
    _dump,
    _e,
    _failure,
    _guarded,
    _load_json,
    _value_text,
    name_seats,
)
from .form import form_html, form_shape
from .query import (
    FieldError,
    FormErrors,
    _one,
    _players_choices,
    available_variants,
    form_fields,
    normalise_query,
    parse_number,
    request_form,
    request_from_query,
    roles_asked,
    seat_count,
    seat_names,
)


def _shares(request: Mapping[str, object], answer: Mapping[str, object]) -> list[Json]:
    """Every player's share, one row per player (defenders listed one by one)."""
    scores = answer.get("scores")
    players = int(str(answer.get("players", request.get("players", 4))))
    rows: list[Json] = []
    if isinstance(scores, Mapping) and isinstance(scores.get("by_player"), list):
        for index, value in enumerate(scores["by_player"]):
            rows.append({"role": f"player-{index + 1}", "label": f"Player {index + 1}", "score": value})
        return rows
    if not isinstance(scores, Mapping):
        return rows
    named = {k: v for k, v in scores.items() if v is not None and k != "defender"}
    for role, value in named.items():
        label = f"Player {role[1:]} ({role})" if role[:1] == "p" and role[1:].isdigit() else role
        label = label.replace("-", " ")
        label = label[:1].upper() + label[1:]
        rows.append({"role": role, "label": label, "score": value})
    if "defender" in scores and scores["defender"] is not None:
        count = players - len(named)
        for index in range(count):
            label = f"Defender {index + 1}" if count > 1 else "Defender"
            rows.append({"role": "defender", "label": label, "score": scores["defender"]})
    return rows


def signed(value: object) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:+d}".replace("-", "−")
    return _value_text(value)


def seating_errors(query: Query) -> list[FieldError]:
    """What the seats chosen in the form cannot be: a partner who is the taker himself."""
    taker_label, partner = roles_asked(query)
    if taker_label and partner and _one(query, "partner", "p2") == _one(query, "taker", "p1"):
        form = request_form(_one(query, "variant"))
        alone = form is not None and form.plays_alone(seat_count(query))
        hint = ": a taker who called his own King plays alone (tick that box)" if alone else ""
        return [
            FieldError("partner", f"the partner must be another player than the {_role_word(query)}{hint}")
        ]
    return []


def _role_word(query: Query) -> str:
    label = roles_asked(query)[0]
    return label.split(" ", 1)[0].lower() if label else "taker"


#: The engine's roles as the result names them.
ROLE_WORDS: Final = {"taker": "taker", "dealer": "dealer", "soloist": "soloist", "partner": "partner"}


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
    values: dict[str, object] = {}
    roles: dict[str, str] = {}
    by_player = scores.get("by_player")
    if isinstance(by_player, list):
        values = dict(zip(seats, by_player, strict=False))
    elif all(key in seats for key in scores):  # Mathers: by seat
        values = {seat: scores.get(seat, 0) for seat in seats}
    else:
        attack = next((key for key in ROLE_WORDS if key != "partner" and key in scores), "")
        taker = _one(query, "taker", "p1")
        if not attack or taker not in seats:
            return []
        values[taker], roles[taker] = scores[attack], attack
        partner = _one(query, "partner", "p2")
        if scores.get("partner") is not None and partner in seats and partner != taker:
            values[partner], roles[partner] = scores["partner"], "partner"
        start = seats.index(taker)
        defenders = [seat for seat in seats[start:] + seats[:start] if seat not in values]
        for number, seat in enumerate(defenders, 1):
            values[seat] = scores.get("defender", scores.get(f"defender-{number}"))
            roles[seat] = "defender"
    if len(values) != len(seats) or any(v is None for v in values.values()):
        return []
    return [
        {"seat": seat, "name": name, "role": roles.get(seat, ""), "score": values[seat]}
        for seat, name in zip(seats, names, strict=True)
    ]


def result_html(
    request: Mapping[str, object], answer: Mapping[str, object], uid: str, seats: Sequence[Json] = ()
) -> str:
    """The working and the shares of a score answer, as HTML: by player with their names when
    ``seats`` (from :func:`seat_scores`) is given, else by role."""
    won = answer.get("won")
    named = {str(row["seat"]): str(row["name"]) for row in seats}
    if isinstance(won, list):
        headline = "Each player against the par"
    elif isinstance(won, str):
        who = named.get(won) or (f"Player {won[1:]} ({won})" if won[1:].isdigit() else won)
        headline = f"{who} wins the hand"
    elif won is None and _scores_by_seat(answer.get("variant")):
        headline = "A tie: nobody scores"
    else:
        headline = "The contract is made" if won else "The contract is lost"
    rows = []
    breakdown = answer.get("breakdown")
    for term in breakdown if isinstance(breakdown, list) else []:
        if not isinstance(term, Mapping):
            continue
        detail = (
            f'<span class="tw-detail">{_e(name_seats(str(term.get("detail", "")), named))}</span>'
            if term.get("detail")
            else ""
        )
        rows.append(
            f'<tr data-term="{_e(term.get("term", ""))}">'
            f'<th scope="row">{_e(name_seats(str(term.get("label", "")), named))}{detail}</th>'
            f"<td>{_e(_value_text(term.get('value')))}</td></tr>"
        )
    if seats:
        share_rows = ""
        for row in seats:
            role = f' <span class="tw-role-word">({_e(row["role"])})</span>' if row["role"] else ""
            share_rows += (
                f'<tr data-role="{_e(row["role"] or row["seat"])}" data-seat="{_e(row["seat"])}">'
                f'<th scope="row">{_e(row["name"])}{role}</th>'
                f'<td class="tw-share">{_e(signed(row["score"]))}</td></tr>'
            )
    else:
        share_rows = "".join(
            f'<tr data-role="{_e(s["role"])}"><th scope="row">{_e(s["label"])}</th>'
            f'<td class="tw-share">{_e(signed(s["score"]))}</td></tr>'
            for s in _shares(request, answer)
        )
    return (
        f'<p class="tw-headline {"tw-won" if won is True else "tw-lost" if won is False else ""}">'
        f"{_e(headline)}</p>"
        f'<div class="tw-result-tables">'
        f'<table class="tw-table tw-breakdown"><caption>The working</caption>'
        f'<thead><tr><th scope="col">Term</th><th scope="col">Value</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
        f'<table class="tw-table tw-shares"><caption>Each player\'s score</caption>'
        f'<thead><tr><th scope="col">Player</th><th scope="col">Score</th></tr></thead>'
        f"<tbody>{share_rows}</tbody></table></div>"
    )


def _scores_by_seat(variant: object) -> bool:
    """Whether the rules ``variant`` score each seat on its own (a deal nobody wins is then a tie)."""
    form = request_form(variant) if isinstance(variant, str) else None
    return form is not None and form.scores_by_seat


def bar_html(seats: Sequence[Json], errors: Sequence[FieldError] = ()) -> str:
    """The compact result bar: each player's score on one line, or that there is none yet."""
    if errors:
        count = len(errors)
        what = "the entry" if count == 1 else f"the {count} entries"
        verb = "is" if count == 1 else "are"
        return f'<p class="tw-bar-none">No score until {what} marked in red {verb} fixed</p>'
    items = "".join(
        f'<li data-seat="{_e(row["seat"])}"><span class="tw-bar-name">{_e(row["name"])}</span> '
        f'<span class="tw-bar-score">{_e(signed(row["score"]))}</span></li>'
        for row in seats
    )
    return f'<ul class="tw-bar-scores" aria-label="Each player\'s score">{items}</ul>'


def error_labels(query: Query, errors: Sequence[FieldError], *, with_names: bool = True) -> list[str]:
    """The label of the control each error is about, as the form shows it."""
    fields = {fld.name: fld for fld in form_fields(query, with_names=with_names)}
    labels = []
    for error in errors:
        fld = fields.get(error.form_field)
        if fld is None:
            labels.append("")
        elif error.index is not None and error.index < len(fld.sublabels):
            labels.append(f"{fld.label}: {fld.sublabels[error.index]}")
        else:
            labels.append(fld.label)
    return labels


def no_score_html(query: Query, errors: Sequence[FieldError], *, with_names: bool = True) -> str:
    """The result while an entry cannot be used: no score at all, and what to fix."""
    items = []
    for error, label in zip(errors, error_labels(query, errors, with_names=with_names), strict=True):
        where = f"<strong>{_e(label)}</strong>: " if label else ""
        items.append(f'<li data-error-in="{_e(error.form_field)}">{where}{_e(error.message)}</li>')
    what = "this entry is" if len(errors) == 1 else f"these {len(errors)} entries are"
    return (
        '<p class="tw-headline tw-no-score-title">No score yet</p>'
        f"<p>There is no score until {what} fixed:</p>"
        f'<ul class="tw-no-score-list">{"".join(items)}</ul>'
    )


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
        raise BridgeError("query", "the calculator's form must be a JSON object")
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
            raise RequestError("", 'a score request is a JSON object such as {"variant": "fft", ...}')
        data = _score_answer(dict(request))
        data["html"] = result_html(request, data["result"], display.uid)
        data["attributes"] = result_attributes(data["result"])
        return data

    return _guarded(work)


def calculate(query_json: str, options: str = "{}") -> str:
    try:
        return _calculate(query_json, options)
    except Exception:  # a bug must still answer in JSON, never with a traceback or its words
        return _failure("", envelope.UNEXPECTED)


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
            errors = [FieldError(error.field, error.message)]
        except TarotError as error:
            errors = [FieldError("", str(error))]
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
    for _ in range(2):  # the form's fields depend on the entries kept (the partner on "alone")
        fields = form_fields(normalise_query(query))
        for fld in fields:
            if fld.name in ("variant", "players", "names") or fld.name not in entries:
                continue
            values = [v.strip() for v in entries[fld.name]]
            if fld.kind == "select":
                known = {value for value, _ in fld.choices}
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
