"""Reading the fields of a score request: one rule for every rule set.

A number is a JSON number, never text: ``"points": "56"`` is refused like ``"players": "4"``, with a
message that names the field and says what it expects. A required field that is left out says that it
is missing and what to give.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from ..errors import RequestError


def shown(value: object) -> str:
    """A request value as the person who typed it would recognise it: ``the text "56"``, ``true``."""
    if isinstance(value, str):
        return f"the text {json.dumps(value, ensure_ascii=False)}"
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def missing(name: str, what: str) -> RequestError:
    """The error of a required field left out: ``contract: missing: choose one of ...``."""
    return RequestError(name, f"missing: {what}")


def required(request: Mapping[str, object], name: str, what: str) -> object:
    """The value of a required field (``null`` counts as left out); ``what`` says what to give."""
    value = request.get(name)
    if value is None:
        raise missing(name, what)
    return value


def whole_number(value: object, name: str, expected: str) -> int:
    """A whole number (``4`` or ``4.0``); anything else is refused with a
    :class:`~tarot_core.errors.RequestError` saying ``must be {expected}``."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    raise RequestError(name, f"must be {expected}, not {shown(value)}")


def number(value: object, name: str, expected: str) -> int | float:
    """A JSON number, whole or not (never text nor true/false)."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    raise RequestError(name, f"must be {expected}, not {shown(value)}")


def int_field(request: Mapping[str, object], name: str, what: str, choices: str) -> int:
    """A required whole number: left out, ``give {what}: {choices}``; not a whole number,
    ``must be {what} as a whole number ({choices})``. ``choices`` says the values in words."""
    value = required(request, name, f"give {what}: {choices}")
    return whole_number(value, name, f"{what} as a whole number ({choices})")


def int_choice(request: Mapping[str, object], name: str, allowed: range | tuple[int, ...], what: str) -> int:
    """A required whole number among ``allowed`` (read as :func:`int_field`); another number is refused
    with ``must be one of ...``."""
    choices = ", ".join(str(v) for v in allowed)
    value = int_field(request, name, what, choices)
    if value not in allowed:
        raise RequestError(name, f"must be one of {choices}, not {value}")
    return value
