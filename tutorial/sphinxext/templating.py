"""The HTML the build writes into pages itself, drawn from templates.

The directives' HTML (a widget's frame around its first state, the lessons, the play widget, the card
pictures, the glossary's letters, the offline head) comes from the templates under
``tutorial/bridge/templates/widgets/`` and ``pages/``, rendered by the bridge's own Jinja2 environment
(:mod:`tutorial.bridge.templates`: autoescaping, the engine's message calls), so a page's sentences are
the catalogue's.
"""

from __future__ import annotations

import html
import json

from markupsafe import Markup

from ..bridge.templates import render

__all__ = ["json_attribute", "render"]


def json_attribute(value: object, *, ascii: bool = True) -> Markup:
    """``value`` as JSON text for an attribute written between single quotes (``data-runtime='...'``),
    which a widget's script parses. It is escaped here, as the pages' scripts and tests have always read
    it (``&quot;`` for a double quote), since the templates' own escaping writes ``&#34;``."""
    return Markup(html.escape(json.dumps(value, ensure_ascii=ascii), quote=True))
