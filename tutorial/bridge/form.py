"""The calculator's form drawn as HTML from a query."""

from __future__ import annotations

import json

from markupsafe import Markup

from .common import Query
from .query import NAME_LENGTH, form_fields
from .templates import render


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
