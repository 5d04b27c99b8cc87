"""The calculator's form drawn as HTML from a query."""

from __future__ import annotations

import json

from markupsafe import Markup

from tarot_core.engine.request import FieldContext, RequestField
from tarot_core.messages import _, ngettext

from .common import Query
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
from .templates import render


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
        fields.append(FormField("taker", taker_label, "select", (_one(query, "taker", "p1"),), seat_choices))
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
            fields.append(_control(fld, context, fld.name, fld.label))
        elif fld is by_seat[0]:  # the fields asked for each seat, seat after seat
            for seat, name in zip(seats, names, strict=False):
                fields += [
                    _control(each, context, f"{seat}.{each.name}", str(each.label).format(name=name))
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


def form_html(query: Query, uid: str, *, with_names: bool = True, with_roles: bool = True) -> Markup:
    """The calculator's controls, with an empty message slot next to each.

    Number fields are text fields that open a phone's number keys: what is typed reaches the bridge as
    typed (a browser's number field would hand over nothing for "4O"), and the bridge says what it
    expects. ``with_names`` and ``with_roles`` as in :func:`form_fields`.
    """
    fields = form_fields(query, with_names=with_names, with_roles=with_roles)
    return render("calculator/form.html", fields=fields, uid=uid, name_length=NAME_LENGTH)


def form_shape(query: Query, *, with_names: bool = True) -> str:
    """A short key of the form's controls and labels (not their values): the page redraws the form
    only when it changes."""
    import hashlib

    fields = form_fields(query, with_names=with_names)
    text = json.dumps([[f.name, f.label, f.kind, f.repeat, f.choices, f.sublabels] for f in fields])
    return hashlib.sha256(text.encode()).hexdigest()[:16]
