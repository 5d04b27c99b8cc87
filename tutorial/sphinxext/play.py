"""The play widget: a whole deal against the computer players, in the reader's browser.

One MyST directive::

    ```{tarot-play}
    :variant: fft
    :players: 4
    :seed: 1
    :seat: p2
    :level: rule
    :fixed:
    ```

Every option may be left out (French Tarot, 4 players, deal 1, the seat after the dealer, the default
level). On the play page the widget has the form that chooses the game, keeps the deal in the page's
address and the deal in progress in the browser; with ``:fixed:`` it plays only the deal it names (for
an example in another page), without the form or the address. The first state (the reader's hand, the
bidding about to start) is drawn at build time by :mod:`tutorial.bridge.play`, which the browser's
worker then runs for every move.
"""

from __future__ import annotations

import json
from typing import Final

from docutils import nodes
from docutils.parsers.rst import directives
from markupsafe import Markup
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri
from sphinx.writers.html5 import HTML5Translator

from tarot_core.messages import _

from ..bridge import play as play_bridge
from ..bridge import play_table
from ..bridge.common import engine_messages
from . import registry
from .common import EngineCheckError
from .registry import Widget
from .runtime import page_runtime
from .templating import json_attribute, render

SETUP_FIELDS: Final = ("variant", "players", "seed", "seat", "level")


class tarot_play(nodes.General, nodes.Element):  # type: ignore[misc]  # docutils has no types
    """A play widget: ``node["setup"]`` (the game's setup) and ``node["fixed"]``."""


class PlayDirective(SphinxDirective):
    """``tarot-play``: a deal to play against the computer, checked against the engine at build time."""

    option_spec = {  # noqa: RUF012  # docutils reads a class attribute
        "variant": directives.unchanged,
        "players": directives.positive_int,
        "seed": directives.positive_int,
        "seat": directives.unchanged,
        "level": directives.unchanged,
        "fixed": directives.flag,
    }

    def run(self) -> list[nodes.Node]:
        setup = {key: str(self.options[key]) for key in SETUP_FIELDS if key in self.options}
        try:
            play_table.read_setup(setup)
        except play_table.PlayError as error:
            raise EngineCheckError(f"{self.get_location()}: {error.field}: {error.message}") from None
        registry.note(self, "play")
        return [tarot_play(setup=setup, fixed="fixed" in self.options)]


def _page_links(translator: HTML5Translator) -> dict[str, str]:
    """Where the page's script sends the reader, relative to the page being written: the score sheet's
    page (``sheet``, "" without one) and the site's root (``root``, which a hint's page of strategy,
    named from the root without suffix, is found under; ``suffix`` is the pages' suffix)."""
    builder = translator.builder
    here = builder.get_target_uri(builder.current_docname)
    sheets = sorted(doc for doc, kinds in registry.pages(builder.env).items() if "score-sheet" in kinds)
    root = relative_uri(here, builder.get_target_uri(builder.config.root_doc))
    root = root[: root.rfind("/") + 1] if "/" in root else ""
    return {
        "sheet": relative_uri(here, builder.get_target_uri(sheets[0])) if sheets else "",
        "root": root,
        "suffix": builder.out_suffix if hasattr(builder, "out_suffix") else ".html",
    }


def visit_play(translator: HTML5Translator, node: tarot_play) -> None:
    # Counted with the page's other widgets (tw1, tw2, ... in page order; see widgets.visit_widget).
    counter = getattr(translator, "_tarot_widget_counter", 0) + 1
    translator._tarot_widget_counter = counter
    plays = getattr(translator, "_tarot_play_counter", 0) + 1
    translator._tarot_play_counter = plays
    uid = f"tw{counter}-play"
    fixed = bool(node["fixed"])
    # the page holds a complete discard until the reader confirms it
    options = {"uid": uid, "links": registry.links(translator), "confirm_discard": True}
    first = play_bridge.first_state(node["setup"], json.dumps(options))
    config = {
        "setup": first["address"],
        "fixed": fixed,
        "messages": first["messages"],
        **_page_links(translator),
    }
    html = render(
        "widgets/play.html",
        uid=uid,
        label=_("Play a deal") if plays == 1 else _("Play a deal ({number})", number=plays),
        fixed=fixed,
        first={
            "state": first["state"],
            "title": first["title"],
            "setup_html": Markup(first["setup_html"]),
            "html": Markup(first["html"]),
            "dealer": first["dealers"]["this"],
        },
        runtime=json_attribute(page_runtime(translator)),
        options=json_attribute(options),
        config=json_attribute(config),
        # what the engine's loader says while it loads (engine.mjs reads the nearest data-messages)
        messages=json_attribute(engine_messages()),
    )
    translator.body.append(str(html))
    raise nodes.SkipNode


WIDGETS: Final = (
    Widget(
        "play",
        {"tarot-play": PlayDirective},
        tarot_play,
        visit_play,
        bridge="play",
        # its own files; the engine's runtime and worker, and the card styles, are the widgets' folder's
        folder="tarot-play",
        files=("play.mjs", "play-review.mjs", "play.css"),
        styles=("tarot-widgets/tarot-widgets.css", "tarot-play/play.css"),
        scripts=("tarot-play/play.mjs",),
    ),
)
