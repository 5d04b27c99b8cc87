"""Widget HTML, drawn from Jinja2 templates (``tutorial/bridge/templates/*.html``).

The same templates are rendered by the Sphinx build (each widget's first state, in the page) and by the
worker in the browser (each answer after that). Autoescaping is on: every value a template shows is
escaped unless it is already :class:`markupsafe.Markup` (the HTML of another template). The i18n
extension is installed with the engine's own calls (:mod:`tarot_core.messages`), so a template writes
``{{ _("{who} passes", who=name) }}`` with the same named placeholders as the code, and the catalogue
template is extracted from both (``nox -s messages``).

A bridge answers with data and the HTML drawn from it; tests assert on the data.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from tarot_core import messages

FOLDER: Final = Path(__file__).with_name("templates")


def _environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(FOLDER)),
        autoescape=True,
        undefined=StrictUndefined,
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,
    )
    env.install_gettext_callables(  # type: ignore[attr-defined]
        messages.gettext,
        messages.ngettext,
        newstyle=False,
        pgettext=messages.pgettext,
        npgettext=messages.npgettext,
    )
    env.globals["_html"] = markup
    return env


def markup(message: str, /, **params: object) -> Markup:
    """A translated sentence whose placeholders may hold HTML (a card's picture in a sentence): the
    sentence and every plain value are escaped, values that are :class:`Markup` are kept as they are.
    Templates call it ``_html("{who} plays {card}", who=name, card=picture)``."""
    text = str(Markup.escape(messages.gettext(message)))
    if not params:
        return Markup(text)
    return Markup(text.format_map(_Escaped(params)))


class _Escaped(dict[str, object]):
    def __init__(self, params: dict[str, object]) -> None:
        super().__init__({name: _EscapedValue(value) for name, value in params.items()})

    def __missing__(self, name: str) -> str:
        return "{" + name + "}"


class _EscapedValue:
    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __format__(self, spec: str) -> str:
        if isinstance(self.value, Markup):
            return str(self.value)
        value = self.value.render() if isinstance(self.value, messages.Message) else self.value
        return str(Markup.escape(format(value, spec)))


ENV: Final = _environment()


def render(name: str, /, **context: object) -> Markup:
    """The HTML of template ``name`` (``"play/table.html"``) drawn from ``context``."""
    return Markup(ENV.get_template(name).render(**context))


def render_macro(name: str, macro: str, /, *args: object, **kwargs: object) -> Markup:
    """The HTML of one macro of a template (a small piece several templates share)."""
    module = ENV.get_template(name).module
    return Markup(getattr(module, macro)(*args, **kwargs))
