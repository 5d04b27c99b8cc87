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
from markupsafe import escape
from sphinx.util.docutils import SphinxDirective
from sphinx.writers.html5 import HTML5Translator

from ..bridge import play as play_bridge
from ..bridge import play_table
from . import registry
from .common import EngineCheckError
from .registry import Widget
from .runtime import page_runtime

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


def _e(value: object) -> str:
    return str(escape(value))


def _controls(uid: str, fixed: bool) -> str:
    again = '<button type="button" class="tw-button" data-control="again">Deal again</button>'
    new = "" if fixed else '<button type="button" class="tw-button" data-control="new">New deal</button>'
    link = (
        "" if fixed else f'<a class="tw-link tp-permalink" data-permalink href="#{uid}">Link to this deal</a>'
    )
    return (
        f'<div class="tp-controls" role="group" aria-label="Deal controls">'
        f'<button type="button" class="tw-button" data-control="hint" disabled>Hint</button>'
        f'<label class="tp-speed-label" for="{uid}-speed">Pace</label>'
        f'<select id="{uid}-speed" class="tp-speed" data-speed>'
        '<option value="slow">Slow</option><option value="normal" selected>Normal</option>'
        '<option value="fast">Fast</option></select>'
        f"{again}{new}{link}</div>"
    )


def visit_play(translator: HTML5Translator, node: tarot_play) -> None:
    # Counted with the page's other widgets (tw1, tw2, ... in page order; see widgets.visit_widget).
    counter = getattr(translator, "_tarot_widget_counter", 0) + 1
    translator._tarot_widget_counter = counter
    plays = getattr(translator, "_tarot_play_counter", 0) + 1
    translator._tarot_play_counter = plays
    uid = f"tw{counter}-play"
    fixed = bool(node["fixed"])
    options = json.dumps({"uid": uid, "links": registry.links(translator)})
    first = play_bridge.first_state(node["setup"], options)
    runtime = json.loads(page_runtime(translator))
    config = {"setup": first["address"], "fixed": fixed, "messages": first["messages"]}
    setup = (
        ""
        if fixed
        else (
            '<details class="tp-setup-box">'
            "<summary>Choose the game: rules, players, computer, seat</summary>"
            f"{first['setup_html']}</details>"
        )
    )
    label = "Play a deal" if plays == 1 else f"Play a deal ({plays})"
    translator.body.append(
        f'<section class="tarot-widget tw-play" id="{uid}" data-tarot-widget="play" '
        f'data-state="idle" data-game-state="{_e(first["state"])}" aria-label="{_e(label)}" '
        f"data-runtime='{_e(json.dumps(runtime))}' data-options='{_e(options)}' "
        f"data-config='{_e(json.dumps(config))}'>"
        f'<p class="tw-loading" role="status" aria-live="polite"><span class="tw-spinner" aria-hidden="true">'
        f'</span><span class="tw-loading-text">{_e(STARTING)}</span></p>'
        f'<p class="tp-title" data-title>{_e(first["title"])}</p>'
        f"{setup}"
        f'<div class="tp-stage" data-stage>{first["html"]}</div>'
        f'<p class="tp-refusal" data-refusal role="alert"></p>'
        f'<p class="tp-hint" data-hint aria-live="polite"></p>'
        f'<div class="tp-log-box"><p class="tp-log-title" id="{uid}-log-title">At the table</p>'
        f'<ol class="tp-log" data-log tabindex="0" aria-live="polite" aria-labelledby="{uid}-log-title">'
        "</ol></div>"
        f'<div class="tp-end" data-end hidden></div>'
        f"{_controls(uid, fixed)}"
        f'<div class="tp-replay" data-replay hidden></div>'
        f"</section>"
    )
    raise nodes.SkipNode


STARTING: Final = "The computer players are sitting down: the deal starts in a few seconds."


WIDGETS: Final = (
    Widget(
        "play",
        {"tarot-play": PlayDirective},
        tarot_play,
        visit_play,
        bridge="play",
        # its own files; the engine's runtime and worker, and the card styles, are the widgets' folder's
        folder="tarot-play",
        files=("play.mjs", "play.css"),
        styles=("tarot-widgets/tarot-widgets.css", "tarot-play/play.css"),
        scripts=("tarot-play/play.mjs",),
    ),
)
