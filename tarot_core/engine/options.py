"""Rule options: each declared once, with its default, what it decides and the values it may take.

A rule set's options are a frozen dataclass subclassing :class:`Options`, each field made with
:func:`option`. From those declarations the engine checks every value (:class:`Options` itself), reads
the options of a score request (:func:`read_options`) and tables them for the site
(:func:`options_table`).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from ..errors import RequestError, quoted
from ..messages import _, gettext_lazy
from .tables import TableDescription


@dataclasses.dataclass(frozen=True)
class Options:
    """Rule options common to every variant (none yet); variants subclass it.

    Each option is a field made with :func:`option`, which declares its default, what it decides and
    the values it may take. Making an options object checks every value against those choices: a value
    that is not one of them, or not of their type, raises a :class:`~tarot_core.errors.RequestError`
    naming ``options.<name>``.
    """

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            _check_option(field, getattr(self, field.name))

    def describe(self) -> list[tuple[str, object, str]]:
        """(name, value, help) for every option, for docs and calculators."""
        rows = []
        for field in dataclasses.fields(self):
            rows.append((field.name, getattr(self, field.name), str(field.metadata.get("help", ""))))
        return rows


def option(default: Any, help: str, choices: Sequence[object] = ()) -> Any:
    """A documented rule option: its default, what it decides (``help``) and the values it may take.

    ``choices`` lists those values as they are shown, the default first; a yes-or-no option needs none:
    its choices are its default and the other of true and false. An option with no choices takes any
    value.
    """
    allowed = tuple(choices) or ((default, not default) if isinstance(default, bool) else ())
    if allowed and default not in allowed:
        raise TypeError(f"the default {default!r} is not one of the option's choices {allowed!r}")
    return dataclasses.field(default=default, metadata={"help": help, "choices": allowed})


def option_choices(field: dataclasses.Field[object]) -> tuple[object, ...]:
    """The values the option ``field`` may take, as :func:`option` declared them (none: any value)."""
    choices: tuple[object, ...] = field.metadata.get("choices", ())
    return choices


def _check_option(field: dataclasses.Field[object], value: object) -> None:
    """Refuse ``value`` for the option ``field`` unless it is one of its choices, of their type."""
    allowed = option_choices(field)
    if allowed and (value not in allowed or type(value) is not type(allowed[0])):
        shown = ", ".join(_json(choice) for choice in allowed)
        raise RequestError(
            f"options.{field.name}",
            gettext_lazy("this option can be {choices}, not {value}", choices=shown, value=_json(value)),
        )


def _json(value: object) -> str:
    """A value as it is written in a request or a record (JSON); its ``repr`` if JSON has no such value."""
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


OptionsT = TypeVar("OptionsT", bound=Options)
"""A rule options class (the type :func:`read_options` returns)."""


def read_options(raw: object, options_class: type[OptionsT]) -> OptionsT:
    """Rule options from a request's ``options`` object, every name and value checked.

    The values allowed are those the options class declares (:func:`option`); a wrong name or value
    raises a :class:`~tarot_core.errors.RequestError` naming ``options.<name>``.
    """
    if raw is None:
        return options_class()
    if not isinstance(raw, Mapping):
        raise RequestError("options", gettext_lazy("give the rule options as an object of name: value pairs"))
    fields = {field.name: field for field in dataclasses.fields(options_class)}
    for key, value in raw.items():
        if key not in fields:
            raise RequestError(
                f"options.{key}",
                gettext_lazy(
                    "there is no rule option {key}; the options are {names}",
                    key=quoted(key),
                    names=", ".join(fields),
                ),
            )
        _check_option(fields[key], value)
    return options_class(**{str(key): value for key, value in raw.items()})


def options_table(options: Options, caption: str = "") -> TableDescription:
    """A table of every rule option: its name, default, the other choices and what it decides.

    The choices are those each option declares (:func:`option`). The values are shown as they are
    written in a request or a record (JSON); what an option decides, in the reader's language (its
    ``help`` is the message).
    """
    rows: list[list[object]] = []
    for field in dataclasses.fields(options):
        value = getattr(options, field.name)
        help_text = _(str(field.metadata.get("help", "")))
        others = ", ".join(f"`{json.dumps(other)}`" for other in option_choices(field) if other != value)
        sentence = help_text[:1].upper() + help_text[1:]
        rows.append([f"`{field.name}`", f"`{json.dumps(value)}`", others or "—", sentence])
    table: TableDescription = {
        "header": [_("Option"), _("Default"), _("Other choices"), _("What it decides")],
        "rows": rows,
    }
    if caption:
        table["caption"] = caption
    return table
