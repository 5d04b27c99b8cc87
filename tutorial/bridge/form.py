"""The calculator's form drawn as HTML from a query."""

from __future__ import annotations

import json

from .common import Query, _e
from .query import NAME_LENGTH, form_fields


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
