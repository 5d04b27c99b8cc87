"""Interactive widgets that run the engine in the reader's browser, through Pyodide.

Three MyST directives place a widget on a page::

    ```{tarot-calculator}
    :variant: fft
    :players: 4
    :request: {"contract": "garde-sans", "oudlers": 1, "points": 49}
    ```

    ```{tarot-replay} fft-4-first-hand
    :step: 10
    :view: p4
    ```

    ```{tarot-play-check} fft-4-first-hand
    :step: 11
    ```

* ``tarot-calculator``: the scoring calculator. Options: ``:variant:`` (``fft``, ``classic``,
  ``mathers``, ``chambery``), ``:players:``, ``:request:`` (starting values: a score request in JSON,
  or the page URL's query string such as ``contract=garde&points=51&handful=attack:simple``) and
  ``:no-url:`` (do not keep the form in the page URL; by default the first calculator of a page does).
* ``tarot-replay``: step through a sample hand of ``tutorial/hands`` (its file name without
  ``.json``). Options: ``:step:`` (where it opens, a number or ``end``), ``:view:`` (``all`` or a
  seat such as ``p2``).
* ``tarot-play-check``: "May I play this card?" at a position of a sample hand. Option ``:step:``
  (the number of actions already made; by default the first position where some cards are refused).
* ``tarot-score-sheet``: the score sheet of a whole session (:mod:`tutorial.bridge.sheet`), kept in the
  reader's browser. It runs its own script, ``score-sheet.mjs``, so it sits on a page of its own.

Each widget is drawn at build time by :mod:`tutorial.bridge` (the same code the browser runs), so the
page shows its content at once; a module script then starts Pyodide in a module Web Worker and the
widget answers the reader (the engine's runtime in the built site: ``runtime.py``).

This module is also the Sphinx extension of every widget: :data:`WIDGETS` declares each (these four,
the play widget of ``play.py`` and the lessons of ``lessons.py``) and :func:`setup` registers them
all (``registry.py``).
"""

from __future__ import annotations

import html
import json
from typing import Any, ClassVar, Final
from urllib.parse import parse_qs

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import ExtensionMetadata
from sphinx.writers.html5 import HTML5Translator

from ..bridge import calculate, position, replay
from ..bridge.query import DEFAULT_RULES, available_variants, query_from_request
from ..bridge.state import record_names
from . import lessons, play, registry
from .common import EngineCheckError
from .registry import Widget, links
from .runtime import HANDS_DIR, page_runtime

KINDS: Final = ("calculator", "replay", "play-check", "score-sheet")


# ====================================================================================== nodes
class tarot_widget(nodes.General, nodes.Element):  # type: ignore[misc]  # docutils has no types
    """A widget; ``node["kind"]`` is calculator, replay or play-check; drawn by :func:`visit_widget`."""


def _record_name(directive: SphinxDirective) -> str:
    name = str(directive.arguments[0]).strip().removesuffix(".json")
    if not (HANDS_DIR / f"{name}.json").is_file():
        known = ", ".join(record_names())
        raise EngineCheckError(
            f"{directive.get_location()}: no sample hand {name!r}; the sample hands are {known}"
        )
    directive.env.note_dependency(str(HANDS_DIR / f"{name}.json"))
    return name


def _request_query(text: str, location: str) -> dict[str, list[str]]:
    """The calculator's starting values from a JSON request or a query string."""
    text = text.strip()
    if not text:
        return {}
    if text.startswith("{"):
        try:
            request = json.loads(text)
        except json.JSONDecodeError as error:
            raise EngineCheckError(f"{location}: the request is not valid JSON: {error.msg}") from None
        if not isinstance(request, dict):
            raise EngineCheckError(f"{location}: the request must be a JSON object")
        return query_from_request(request)
    return {key: list(values) for key, values in parse_qs(text.lstrip("?"), keep_blank_values=True).items()}


class CalculatorDirective(SphinxDirective):
    """``tarot-calculator``: the scoring calculator for every variant and player count."""

    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "variant": directives.unchanged_required,
        "players": directives.positive_int,
        "request": directives.unchanged_required,
        "no-url": directives.flag,
        "class": directives.class_option,
    }

    def run(self) -> list[nodes.Node]:
        location = self.get_location()
        query = _request_query(self.options.get("request", "\n".join(self.content)), location)
        if "variant" in self.options:
            query["variant"] = [self.options["variant"]]
        if "players" in self.options:
            query["players"] = [str(self.options["players"])]
        variant = (query.get("variant") or [DEFAULT_RULES])[0]
        if variant not in available_variants():
            raise EngineCheckError(f"{location}: the engine has no calculator for {variant!r}")
        answer = json.loads(calculate(json.dumps(query)))
        if not answer["ok"]:
            raise EngineCheckError(f"{location}: the starting request is refused: {answer['message']}")
        registry.note(self, "calculator")
        node = tarot_widget(kind="calculator", query=query, url_state="no-url" not in self.options)
        node["classes"] += self.options.get("class", [])
        return [node]


class ReplayDirective(SphinxDirective):
    """``tarot-replay``: step through a sample hand, trick by trick."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {
        "step": directives.unchanged_required,
        "view": directives.unchanged_required,
        "class": directives.class_option,
    }

    def run(self) -> list[nodes.Node]:
        name = _record_name(self)
        step = self.options.get("step", "0")
        view = self.options.get("view", "all")
        answer = json.loads(replay(name, step, view))
        if not answer["ok"]:
            raise EngineCheckError(f"{self.get_location()}: {answer['field']}: {answer['message']}")
        registry.note(self, "replay")
        node = tarot_widget(kind="replay", record=name, step=answer["step"], view=answer["view"])
        node["classes"] += self.options.get("class", [])
        return [node]


class PlayCheckDirective(SphinxDirective):
    """``tarot-play-check``: the reader tries any card of the hand; the engine accepts or refuses it."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {
        "step": directives.nonnegative_int,
        "class": directives.class_option,
    }

    def run(self) -> list[nodes.Node]:
        name = _record_name(self)
        answer = json.loads(position(name, self.options.get("step")))
        if not answer["ok"]:
            raise EngineCheckError(f"{self.get_location()}: {answer['field']}: {answer['message']}")
        registry.note(self, "play-check")
        node = tarot_widget(kind="play-check", record=name, step=answer["step"])
        node["classes"] += self.options.get("class", [])
        return [node]


class ScoreSheetDirective(SphinxDirective):
    """``tarot-score-sheet``: keep the score of a session; the sessions live in the reader's browser."""

    option_spec: ClassVar[dict[str, Any]] = {"class": directives.class_option}

    def run(self) -> list[nodes.Node]:
        registry.note(self, "score-sheet")
        node = tarot_widget(kind="score-sheet")
        node["classes"] += self.options.get("class", [])
        return [node]


# ====================================================================================== HTML
def _attr(value: object) -> str:
    return html.escape(str(value), quote=True)


STATUS_IDLE: Final = (
    "This example works in your browser: it gets ready as soon as the page is shown, and until then "
    "it shows the answer for the values below."
)


def _label(translator: HTML5Translator, kind: str, detail: str) -> str:
    """The widget's accessible name, unique on its page (landmarks must differ)."""
    base = {
        "calculator": "Score calculator",
        "replay": "Hand replay",
        "play-check": "May I play this card?",
        "score-sheet": "Score sheet",
    }[kind]
    label = f"{base}{' ' if base.endswith('?') else ': '}{detail}" if detail else base
    builder = translator.builder
    seen: dict[str, set[str]] = getattr(builder, "_tarot_widget_labels", {})
    builder._tarot_widget_labels = seen  # type: ignore[attr-defined]
    used = seen.setdefault(builder.current_docname, set())
    unique, number = label, 1
    while unique in used:
        number += 1
        unique = f"{label} ({number})"
    used.add(unique)
    return unique


#: The id of the calculator that keeps its form in the page address (the first one of a page not marked
#: ``:no-url:``): the address it writes ends with it, so a shared link opens the page at the calculator.
URL_CALCULATOR_ID: Final = "calculator"


def _shell(
    kind: str, uid: str, node: tarot_widget, inner: str, extra: str = "", label: str = "", anchor: str = ""
) -> str:
    classes = " ".join(["tarot-widget", f"tw-{kind}", *node.get("classes", [])])
    # What the widget's script says, in the page's language (read by say() in engine.mjs).
    from ..bridge import common as bridge_common
    from ..bridge import sheet as sheet_bridge

    said = sheet_bridge.page_messages() if kind == "score-sheet" else bridge_common.widget_messages()
    extra += f" data-messages='{_attr(json.dumps(said, ensure_ascii=False))}'"
    return (
        f'<section class="{classes}" id="{anchor or uid}" data-tarot-widget="{kind}" data-state="idle" '
        f'aria-label="{_attr(label)}" {extra}>'
        f'<p class="tw-loading" role="status" aria-live="polite">'
        '<span class="tw-spinner" aria-hidden="true"></span>'
        f'<span class="tw-loading-text">{STATUS_IDLE}</span></p>'
        f"{inner}</section>"
    )


def visit_widget(translator: HTML5Translator, node: tarot_widget) -> None:
    # One translator writes one page: the ids count the page's own widgets, so a page's HTML does not
    # depend on which pages were written before it (or whether the build was incremental).
    counter = getattr(translator, "_tarot_widget_counter", 0) + 1
    translator._tarot_widget_counter = counter
    kind = node["kind"]
    uid = f"tw{counter}-{kind}"
    options = json.dumps({"uid": uid, "links": links(translator)})
    common = f"data-runtime='{_attr(page_runtime(translator))}' data-options='{_attr(options)}'"
    if kind == "calculator":
        answer = json.loads(calculate(json.dumps(node["query"]), options))
        attributes = " ".join(f'data-{k}="{_attr(v)}"' for k, v in answer.get("attributes", {}).items())
        config = json.dumps({"query": node["query"], "url_state": bool(node["url_state"])})
        inner = (
            f'<form class="tw-form" data-form-key="{_attr(answer.get("form_key", ""))}" '
            f'data-form-shape="{_attr(answer.get("form_shape", ""))}" '
            f'aria-label="Deal to score" novalidate>{answer["form_html"]}</form>'
            f'<p class="tw-form-error" role="alert"></p>'
            # Each player's score in one line, kept at the bottom of a phone's view while the form is
            # edited (the full result comes after the form, out of view there).
            f'<div class="tw-result-bar" data-result-bar>{answer.get("bar_html", "")}</div>'
            f'<div class="tw-result" aria-live="polite" aria-label="Score" {attributes}>'
            f"{answer.get('html', '')}</div>"
        )
        label = _label(translator, kind, "")
        # The page's first calculator with its state in the address is the one the page script lets
        # write it, and it takes the fixed id its links end with.
        anchor = ""
        if node["url_state"] and not getattr(translator, "_tarot_url_calculator", False):
            translator._tarot_url_calculator = True
            anchor = URL_CALCULATOR_ID
        html = _shell(kind, uid, node, inner, f"{common} data-config='{_attr(config)}'", label, anchor)
    elif kind == "score-sheet":
        html = _score_sheet_html(translator, node, uid, options)
    elif kind == "replay":
        answer = json.loads(replay(node["record"], node["step"], node["view"], options))
        inner = _replay_controls(uid, answer) + f'<div class="tw-stage">{answer["html"]}</div>'
        extra = (
            f'{common} data-record="{_attr(node["record"])}" data-step="{answer["step"]}" '
            f'data-steps="{answer["steps"]}" data-view="{_attr(answer["view"])}"'
        )
        html = _shell(kind, uid, node, inner, extra, _label(translator, kind, answer["title"]))
    else:
        answer = json.loads(position(node["record"], node["step"], options))
        inner = (
            '<p class="tw-intro">Choose a card: the engine plays it if the rules allow it, '
            "or says why not.</p>"
            f'<div class="tw-stage">{answer["html"]}</div>'
            f'<div class="tw-verdict-region" aria-live="polite"></div>'
            f'<p class="tw-actions"><button type="button" class="tw-button tw-reset" hidden>'
            f"Try another card</button></p>"
        )
        extra = f'{common} data-record="{_attr(node["record"])}" data-step="{answer["step"]}"'
        label = _label(translator, kind, f"{answer['title']}, step {answer['step']}")
        html = _shell(kind, uid, node, inner, extra, label)
    translator.body.append(html)
    raise nodes.SkipNode


def _score_sheet_html(translator: HTML5Translator, node: tarot_widget, uid: str, options: str) -> str:
    """The score sheet as a first visit shows it: no session open, the form that starts one."""
    from ..bridge import sheet as sheet_bridge

    runtime = json.loads(page_runtime(translator))
    inner = (
        '<p class="tw-sheet-status" role="status" aria-live="polite"></p>'
        '<div class="tw-sheet-current" hidden></div>'
        f"{sheet_bridge.setup_html(uid)}"
        f'<div class="tw-sheet-sessions">'
        f'<h3 id="{uid}-saved" tabindex="-1">Sessions kept in this browser</h3>'
        f'<div class="tw-sheet-list">{json.loads(sheet_bridge.sessions("{}"))["html"]}</div>'
        f'<p class="tw-sheet-import"><label for="{uid}-import">Open a saved file (CSV or JSON)</label>'
        f'<input type="file" id="{uid}-import" accept=".csv,.json,text/csv,application/json" '
        f'data-action="import"></p><p class="tw-import-error" role="alert"></p></div>'
    )
    extra = f"data-runtime='{_attr(json.dumps(runtime))}' data-options='{_attr(options)}' data-totals='{{}}'"
    return _shell("score-sheet", uid, node, inner, extra, _label(translator, "score-sheet", ""))


def _icon(path: str) -> str:
    return (
        '<svg width="16" height="16" viewBox="0 0 16 16" fill="currentColor" focusable="false">'
        f'<path d="{path}"/></svg>'
    )


#: Button pictures drawn inline (no icon font, nothing fetched).
ICONS: Final = {
    "first": _icon("M2 2h2v12H2zM14 2v12L5 8z"),
    "back": _icon("M12 2v12L3 8z"),
    "forward": _icon("M4 2v12l9-6z"),
    "last": _icon("M12 2h2v12h-2zM2 2v12l9-6z"),
}


def _replay_controls(uid: str, state: dict[str, Any]) -> str:
    tricks = "".join(
        f'<option value="{step}">Trick {number} (step {step})</option>'
        for number, step in enumerate(state["trick_steps"], start=1)
    )
    views = '<option value="all">All hands face up</option>' + "".join(
        f'<option value="{s["seat"]}"{" selected" if state["view"] == s["seat"] else ""}>'
        f"{_attr(s['name'])}'s view ({s['seat']})</option>"
        for s in state["seats"]
    )
    buttons = (
        ("first", ICONS["first"], "Back to the deal"),
        ("back", ICONS["back"], "Step back"),
        ("forward", ICONS["forward"], "Step forward"),
        ("last", ICONS["last"], "Go to the end"),
    )
    button_html = "".join(
        f'<button type="button" class="tw-button" data-action="{action}" '
        f'aria-label="{label}" title="{label}">'
        f'<span aria-hidden="true">{symbol}</span></button>'
        for action, symbol, label in buttons
    )
    return (
        f'<div class="tw-controls" role="group" aria-label="Replay controls">'
        f'<div class="tw-buttons">{button_html}'
        f'<output class="tw-step" id="{uid}-step" aria-live="off">'
        f"Step {state['step']} of {state['steps']}</output>"
        f"</div>"
        f'<div class="tw-selects"><label for="{uid}-jump">Jump to</label>'
        f'<select id="{uid}-jump" class="tw-jump"><option value="">a trick…</option>'
        f'<option value="0">The deal (step 0)</option>{tricks}'
        f'<option value="{state["steps"]}">The end (step {state["steps"]})</option></select>'
        f'<label for="{uid}-view">Show</label><select id="{uid}-view" class="tw-view">{views}</select></div>'
        '<p class="tw-keys">Keys: ← and → step back and forward, '
        "Home and End go to the deal and the end.</p>"
        f"</div>"
    )


# ====================================================================================== registry
#: The page script of the calculator, the replay and the play check, and their card styles (which the
#: other widgets' pages load too).
SCRIPT: Final = "tarot-widgets/tarot-widgets.mjs"
STYLES: Final = "tarot-widgets/tarot-widgets.css"
WIDGETS: Final = (
    Widget(
        "calculator",
        {"tarot-calculator": CalculatorDirective},
        tarot_widget,
        visit_widget,
        bridge="",
        folder="tarot-widgets",
        files=("tarot-widgets.mjs", "tarot-widgets.css"),
        styles=(STYLES,),
        scripts=(SCRIPT,),
    ),
    Widget(
        "replay",
        {"tarot-replay": ReplayDirective},
        tarot_widget,
        visit_widget,
        bridge="",
        folder="tarot-widgets",
        files=(),
        styles=(STYLES,),
        scripts=(SCRIPT,),
    ),
    Widget(
        "play-check",
        {"tarot-play-check": PlayCheckDirective},
        tarot_widget,
        visit_widget,
        bridge="",
        folder="tarot-widgets",
        files=(),
        styles=(STYLES,),
        scripts=(SCRIPT,),
    ),
    Widget(
        "score-sheet",
        {"tarot-score-sheet": ScoreSheetDirective},
        tarot_widget,
        visit_widget,
        bridge="sheet",
        folder="tarot-widgets",
        files=("score-sheet.mjs", "score-sheet.css"),
        styles=(STYLES, "tarot-widgets/score-sheet.css"),
        scripts=("tarot-widgets/score-sheet.mjs",),
    ),
    *lessons.WIDGETS,
    *play.WIDGETS,
)


def setup(app: Sphinx) -> ExtensionMetadata:
    registry.register(app, WIDGETS)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
