"""The calculator's form drawn as HTML from a query."""

from __future__ import annotations

import json

from tarot_core.engine.request import FieldContext, RequestField

from .common import Query, _e
from .query import (
    DEFAULT_RULES,
    NAME_LENGTH,
    FormField,
    _many,
    _one,
    _players_choices,
    available_variants,
    request_form,
    roles_asked,
    rules_label,
    seat_count,
    seat_names,
)


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
        FormField("variant", "Rules", "select", (variant,), tuple((v, rules_label(v)) for v in variants)),
    ]
    if variant not in variants:  # nothing else to fill in until the rules are known
        return fields
    fields.append(
        FormField(
            "players",
            "Players",
            "select",
            (players_text,),
            tuple((str(n), f"{n} players") for n in _players_choices(variant)),
        )
    )
    seats = [f"p{number}" for number in range(1, seat_count(query) + 1)]
    names = seat_names(query)
    if with_names:
        fields.append(
            FormField(
                "names",
                "Players' names (optional)",
                "text",
                tuple(_one(query, f"{seat}.name") for seat in seats),
                repeat=len(seats),
                sublabels=tuple(f"Player {number}" for number in range(1, len(seats) + 1)),
                names=tuple(f"{seat}.name" for seat in seats),
            )
        )
    taker_label, partner = roles_asked(query) if with_roles else ("", False)
    seat_choices = tuple(zip(seats, names, strict=True))
    if taker_label:
        fields.append(FormField("taker", taker_label, "select", (_one(query, "taker", "p1"),), seat_choices))
    if partner:
        fields.append(
            FormField(
                "partner",
                "Partner (the called King's holder)",
                "select",
                (_one(query, "partner", "p2"),),
                seat_choices,
            )
        )
    form = request_form(variant)
    if form is None:
        fields.append(FormField("request", "Score request (JSON)", "text", (_one(query, "request", "{}"),)))
        return fields
    context = FieldContext(players, tuple(seats), tuple(names), query)
    by_seat = [fld for fld in form.shown(players) if fld.per_seat]
    for fld in form.shown(players):
        if not fld.per_seat:
            fields.append(_control(fld, context, fld.name, fld.label))
        elif fld is by_seat[0]:  # the fields asked for each seat, seat after seat
            for seat, name in zip(seats, names, strict=False):
                fields += [
                    _control(each, context, f"{seat}.{each.name}", each.label.format(name=name))
                    for each in by_seat
                ]
    return fields


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
        fld.choices_for(context),
        step=fld.step,
        help=fld.help,
        repeat=repeat,
        sublabels=fld.sublabels_for(context, repeat),
        legend=fld.legend,
    )


def form_html(query: Query, uid: str, *, with_names: bool = True, with_roles: bool = True) -> str:
    """The calculator's controls, with an empty message slot next to each.

    Number fields are text fields that open a phone's number keys: what is typed reaches the bridge as
    typed (a browser's number field would hand over nothing for "4O"), and the bridge says what it
    expects. ``with_names`` and ``with_roles`` as in :func:`form_fields`.
    """
    parts: list[str] = []
    for fld in form_fields(query, with_names=with_names, with_roles=with_roles):
        ident = f"{uid}-{fld.name.replace('.', '-')}"
        err = f'<p class="tw-field-error" id="{ident}-error" data-error-for="{fld.name}"></p>'
        help_html = f'<p class="tw-help" id="{ident}-help">{_e(fld.help)}</p>' if fld.help else ""
        described = f"{ident}-error" + (f" {ident}-help" if fld.help else "")
        controls: list[str] = []
        for index in range(fld.repeat):
            value = fld.values[index] if index < len(fld.values) else ""
            name = fld.names[index] if index < len(fld.names) else fld.name
            cid = ident if index == 0 else f"{ident}-{index + 1}"
            common = f'id="{cid}" name="{name}" aria-describedby="{described}"'
            if fld.kind == "select":
                options = "".join(
                    f'<option value="{_e(v)}"{" selected" if v == value else ""}>{_e(text)}</option>'
                    for v, text in fld.choices
                )
                if value and value not in {v for v, _ in fld.choices}:
                    options += f'<option value="{_e(value)}" selected>{_e(value)}</option>'
                control = f"<select {common}>{options}</select>"
            elif fld.kind == "checkbox":
                checked = " checked" if value.lower() in ("1", "true", "on", "yes") else ""
                control = f'<input type="checkbox" value="1" {common}{checked}>'
            elif fld.kind == "number":
                keys = "numeric" if fld.step == "1" else "decimal"
                control = (
                    f'<input type="text" inputmode="{keys}" autocomplete="off" value="{_e(value)}" '
                    f'data-number="{"whole" if fld.step == "1" else "decimal"}" {common}>'
                )
            elif fld.name == "names":
                control = (
                    f'<input type="text" autocomplete="off" maxlength="{NAME_LENGTH}" '
                    f'value="{_e(value)}" {common}>'
                )
            else:
                control = f'<input type="text" value="{_e(value)}" {common}>'
            if fld.repeat > 1:
                label = fld.sublabels[index] if index < len(fld.sublabels) else f"{fld.label} {index + 1}"
                sublabel = f'<label class="tw-sublabel" for="{cid}">{_e(label)}</label>'
                controls.append(f'<span class="tw-sub">{sublabel}{control}</span>')
            elif fld.kind == "checkbox":
                controls.append(f'{control}<label for="{cid}">{_e(fld.label)}</label>')
            else:
                controls.append(control)
        if fld.repeat > 1:
            legend = fld.legend or fld.label
            wide = " tw-field-wide" if fld.sublabels or fld.repeat > 2 else ""
            parts.append(
                f'<fieldset class="tw-field{wide}" data-field="{fld.name}">'
                f'<legend>{_e(legend)}</legend><div class="tw-subs">{"".join(controls)}</div>'
                f"{help_html}{err}</fieldset>"
            )
        elif fld.kind == "checkbox":
            parts.append(
                f'<div class="tw-field tw-field-check tw-field-{fld.name}" data-field="{fld.name}">'
                f"{controls[0]}{help_html}{err}</div>"
            )
        else:
            parts.append(
                f'<div class="tw-field tw-field-{fld.name}" data-field="{fld.name}">'
                f'<label for="{ident}">{_e(fld.label)}</label>{controls[0]}{help_html}{err}</div>'
            )
    return "".join(parts)


def form_shape(query: Query, *, with_names: bool = True) -> str:
    """A short key of the form's controls and labels (not their values): the page redraws the form
    only when it changes."""
    import hashlib

    fields = form_fields(query, with_names=with_names)
    text = json.dumps([[f.name, f.label, f.kind, f.repeat, f.choices, f.sublabels] for f in fields])
    return hashlib.sha256(text.encode()).hexdigest()[:16]
