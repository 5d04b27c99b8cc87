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

import json
from typing import Any, ClassVar, Final
from urllib.parse import parse_qs

from docutils import nodes
from docutils.parsers.rst import directives
from markupsafe import Markup
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import ExtensionMetadata
from sphinx.writers.html5 import HTML5Translator

from tarot_core.messages import _

from ..bridge import calculate, position, replay
from ..bridge.query import DEFAULT_RULES, available_variants, query_from_request
from ..bridge.state import record_names
from . import lessons, play, registry
from .common import EngineCheckError
from .registry import Widget, links
from .runtime import HANDS_DIR, page_runtime
from .templating import json_attribute, render

KINDS: Final = ("calculator", "replay", "play-check", "score-sheet")


# ====================================================================================== nodes
class tarot_widget(nodes.General, nodes.Element):  # type: ignore[misc]  # docutils has no types
    """A widget; ``node["kind"]`` is calculator, replay or play-check; drawn by :func:`visit_widget`."""


def _record_name(directive: SphinxDirective) -> str:
    name = str(directive.arguments[0]).strip().removesuffix(".json")
    if not (HANDS_DIR / f"{name}.json").is_file():
        known = ", ".join(record_names())
        raise EngineCheckError(
            _(
                "{location}: no sample hand {name!r}; the sample hands are {known}",
                location=directive.get_location(),
                name=name,
                known=known,
            )
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
            raise EngineCheckError(
                _("{location}: the request is not valid JSON: {error}", location=location, error=error.msg)
            ) from None
        if not isinstance(request, dict):
            raise EngineCheckError(_("{location}: the request must be a JSON object", location=location))
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
            raise EngineCheckError(
                _(
                    "{location}: the engine has no calculator for {variant!r}",
                    location=location,
                    variant=variant,
                )
            )
        answer = json.loads(calculate(json.dumps(query)))
        if not answer["ok"]:
            raise EngineCheckError(
                _(
                    "{location}: the starting request is refused: {reason}",
                    location=location,
                    reason=answer["message"],
                )
            )
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
def _unique(translator: HTML5Translator, label: str) -> str:
    """The widget's accessible name, unique on its page (landmarks must differ)."""
    builder = translator.builder
    seen: dict[str, set[str]] = getattr(builder, "_tarot_widget_labels", {})
    builder._tarot_widget_labels = seen  # type: ignore[attr-defined]
    used = seen.setdefault(builder.current_docname, set())
    unique, number = label, 1
    while unique in used:
        number += 1
        unique = _("{label} ({number})", label=label, number=number)
    used.add(unique)
    return unique


#: The id of the calculator that keeps its form in the page address (the first one of a page not marked
#: ``:no-url:``): the address it writes ends with it, so a shared link opens the page at the calculator.
URL_CALCULATOR_ID: Final = "calculator"


def visit_widget(translator: HTML5Translator, node: tarot_widget) -> None:
    # One translator writes one page: the ids count the page's own widgets, so a page's HTML does not
    # depend on which pages were written before it (or whether the build was incremental).
    counter = getattr(translator, "_tarot_widget_counter", 0) + 1
    translator._tarot_widget_counter = counter
    kind = node["kind"]
    uid = f"tw{counter}-{kind}"
    options = {"uid": uid, "links": links(translator)}
    frame: dict[str, Any] = {
        "kind": kind,
        "id": uid,
        "classes": ["tarot-widget", f"tw-{kind}", *node.get("classes", [])],
        "runtime": page_runtime(translator),
        "options": options,
        "data": {},
        "json_data": {},
    }
    if kind == "calculator":
        answer = json.loads(calculate(json.dumps(node["query"]), json.dumps(options)))
        inner = render(
            "widgets/calculator.html",
            answer={
                "form_key": answer.get("form_key", ""),
                "form_shape": answer.get("form_shape", ""),
                "form_html": Markup(answer["form_html"]),
                "bar_html": Markup(answer.get("bar_html", "")),
                "attributes": answer.get("attributes", {}),
                "html": Markup(answer.get("html", "")),
            },
        )
        frame["label"] = _unique(translator, _("Score calculator"))
        frame["json_data"]["config"] = {"query": node["query"], "url_state": bool(node["url_state"])}
        # The page's first calculator with its state in the address is the one the page script lets
        # write it, and it takes the fixed id its links end with.
        if node["url_state"] and not getattr(translator, "_tarot_url_calculator", False):
            translator._tarot_url_calculator = True
            frame["id"] = URL_CALCULATOR_ID
    elif kind == "score-sheet":
        inner = _score_sheet(translator, frame, uid)
    elif kind == "replay":
        answer = json.loads(replay(node["record"], node["step"], node["view"], json.dumps(options)))
        inner = render("widgets/replay.html", uid=uid, state={**answer, "html": Markup(answer["html"])})
        frame["label"] = _unique(translator, _("Hand replay: {title}", title=answer["title"]))
        frame["data"] = {
            "record": node["record"],
            "step": answer["step"],
            "steps": answer["steps"],
            "view": answer["view"],
        }
    else:
        answer = json.loads(position(node["record"], node["step"], json.dumps(options)))
        inner = render("widgets/play-check.html", answer={"html": Markup(answer["html"])})
        label = _("May I play this card? {title}, step {step}", title=answer["title"], step=answer["step"])
        frame["label"] = _unique(translator, label)
        frame["data"] = {"record": node["record"], "step": answer["step"]}
    frame["runtime"] = json_attribute(frame["runtime"])
    frame["options"] = json_attribute(frame["options"])
    frame["json_data"] = {name: json_attribute(value) for name, value in frame["json_data"].items()}
    # What the widget's script says, in the page's language (read by say() in engine.mjs).
    frame["json_data"]["messages"] = json_attribute(_script_messages(kind), ascii=False)
    translator.body.append(str(render("widgets/widget.html", inner=inner, **frame)))
    raise nodes.SkipNode


def _script_messages(kind: str) -> dict[str, Any]:
    from ..bridge import common as bridge_common
    from ..bridge import sheet as sheet_bridge

    said: dict[str, Any] = (
        sheet_bridge.page_messages() if kind == "score-sheet" else bridge_common.widget_messages()
    )
    return said


def _score_sheet(translator: HTML5Translator, frame: dict[str, Any], uid: str) -> Markup:
    """The score sheet as a first visit shows it: no session open, the form that starts one."""
    from ..bridge import sheet as sheet_bridge

    frame["json_data"]["totals"] = {}
    frame["label"] = _unique(translator, _("Score sheet"))
    return render(
        "widgets/score-sheet.html",
        uid=uid,
        setup=Markup(sheet_bridge.setup_html(uid)),
        sessions=Markup(json.loads(sheet_bridge.sessions("{}"))["html"]),
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
