"""The lesson path: short lessons of exercises that the engine judges in the reader's browser.

Two MyST directives::

    ```{tarot-lesson} cards
    ```

    ```{tarot-lesson-path}
    cards
    following
    doc: tutorial/first-hand
    ```

* ``tarot-lesson``: every exercise of a lesson file (``tutorial/lessons/<name>.json``), each drawn at
  build time by :mod:`tutorial.bridge.lessons` and answered in the browser through the widgets' worker;
* ``tarot-lesson-path``: the lessons in order, with the reader's progress (kept in the browser) and
  a button that forgets it; a line ``doc: <docname>`` puts another page on the path, and
  ``doc: <docname> | <summary>`` says what that page offers.

A lesson file is a JSON object: ``title``, ``page`` (the docname of its page), ``summary`` and
``exercises``, a list of exercise objects (see :mod:`tarot_core.exercises`), each with an ``id``, its
``kind`` and position, a ``question``, an optional ``teach`` (words shown before the question) and
``wrong``, plausible wrong answers with the reason the engine gives for them (the tests check them).
"""

from __future__ import annotations

import html
import json
from typing import Any, Final

from docutils import nodes
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri
from sphinx.writers.html5 import HTML5Translator

from ..bridge import lessons as lesson_bridge
from . import registry
from .common import EngineCheckError
from .registry import Widget
from .runtime import TUTORIAL, page_runtime

LESSONS_DIR: Final = TUTORIAL / "lessons"


def lesson_names() -> list[str]:
    return sorted(path.stem for path in LESSONS_DIR.glob("*.json"))


def load_lesson(name: str) -> dict[str, Any]:
    path = LESSONS_DIR / f"{name}.json"
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise EngineCheckError(
            f"lesson {name!r}: {error}; the lessons are {', '.join(lesson_names())}"
        ) from None
    return data


class tarot_lesson(nodes.General, nodes.Element):  # type: ignore[misc]  # docutils has no types
    """A lesson's exercises (``node["lesson"]``) or the path (``node["path"]``)."""


class LessonDirective(SphinxDirective):
    """``tarot-lesson``: the exercises of one lesson file, checked against the engine at build time."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        name = str(self.arguments[0]).strip()
        lesson = load_lesson(name)
        self.env.note_dependency(str(LESSONS_DIR / f"{name}.json"))
        for number, item in enumerate(lesson["exercises"], start=1):
            answer = json.loads(lesson_bridge.exercise(json.dumps(item)))
            if not answer["ok"]:
                raise EngineCheckError(f"{self.get_location()}: exercise {number}: {answer['message']}")
        registry.note(self, "lesson")
        return [tarot_lesson(lesson=name)]


class LessonPathDirective(SphinxDirective):
    """``tarot-lesson-path``: the lessons in order, each with the reader's progress."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        entries: list[dict[str, Any]] = []
        for raw in self.content:
            line = raw.strip()
            if not line:
                continue
            if line.startswith("doc:"):
                doc, _, summary = line[4:].partition("|")
                entries.append({"doc": doc.strip(), "summary": summary.strip()})
                continue
            lesson = load_lesson(line)
            self.env.note_dependency(str(LESSONS_DIR / f"{line}.json"))
            entries.append(
                {
                    "lesson": line,
                    "doc": lesson["page"],
                    "title": lesson["title"],
                    "summary": lesson.get("summary", ""),
                    "total": len(lesson["exercises"]),
                }
            )
        registry.note(self, "lesson-path")
        return [tarot_lesson(path=entries)]


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _messages() -> str:
    """What the lessons' script says, in the page's language: the JSON of ``data-messages``."""
    return _e(json.dumps(lesson_bridge.page_messages(), ensure_ascii=False))


def _rule_links(translator: HTML5Translator) -> dict[str, str]:
    builder = translator.builder
    env = builder.env
    here = builder.get_target_uri(builder.current_docname)
    labels: dict[str, tuple[str, str, str]] = env.domaindata["std"]["labels"]
    links: dict[str, str] = {}
    for label, (doc, anchor, _) in labels.items():
        if label.startswith("rule-") and doc in env.found_docs:
            links[label] = relative_uri(here, builder.get_target_uri(doc)) + f"#{anchor}"
    return links


#: What a page of the path that is not a lesson offers, unless its line says (``doc: name | words``).
WATCH: Final = "Watch a whole deal, step by step: nothing to answer."
STARTING: Final = "The cards are being dealt: your answers will be checked in a moment."


def visit_lesson(translator: HTML5Translator, node: tarot_lesson) -> None:
    if "path" in node.attributes:
        translator.body.append(_path_html(translator, node["path"]))
        raise nodes.SkipNode
    name = node["lesson"]
    lesson = load_lesson(name)
    runtime = json.loads(page_runtime(translator))
    exercises = lesson["exercises"]
    rules = _rule_links(translator)
    items = []
    for number, item in enumerate(exercises, start=1):
        uid = f"ex{number}"
        options = json.dumps({"uid": uid, "rules": rules})
        answer = json.loads(lesson_bridge.exercise(json.dumps(item), options))
        public = {k: v for k, v in item.items() if k not in ("wrong", "teach", "question")}
        teach = f'<p class="tl-teach">{_e(item["teach"])}</p>' if item.get("teach") else ""
        items.append(
            f'<li><section class="tl-exercise" id="{_e(item["id"])}" data-tarot-widget="exercise" '
            f'data-state="idle" data-exercise-id="{_e(item["id"])}" data-kind="{_e(item["kind"])}" '
            f"data-exercise='{_e(json.dumps(public, ensure_ascii=False))}' "
            f'aria-labelledby="{uid}-title">'
            f'<h2 class="tl-title" id="{uid}-title">Exercise {number} of {len(exercises)}'
            f'<span class="tl-done-mark" hidden> · done</span></h2>'
            f'{teach}<p class="tl-question" id="{uid}-question">{_e(item["question"])}</p>'
            f'<div class="tl-stage">{answer["html"]}</div>'
            f'<div class="tl-feedback" data-feedback="" aria-live="polite" role="status"></div>'
            f"</section></li>"
        )
    translator.body.append(
        f'<div class="tarot-lesson" data-lesson="{_e(name)}" data-total="{len(exercises)}" '
        f"data-runtime='{_e(json.dumps(runtime))}' data-options='{_e(json.dumps({'rules': rules}))}' "
        f"data-messages='{_messages()}'>"
        f'<p class="tl-progress" data-progress-for="{_e(name)}" data-total="{len(exercises)}">'
        f"{len(exercises)} exercises</p>"
        '<div class="tl-reset-row tl-again-row">'
        '<button type="button" class="tl-reset" data-again="lesson" hidden>Do this lesson again</button>'
        '<span class="tl-reset-note" role="status"></span></div>'
        f'<p class="tl-status tw-loading" role="status" aria-live="polite" hidden>'
        f'<span class="tw-loading-text">{STARTING}</span></p>'
        f'<ol class="tl-exercises">{"".join(items)}</ol></div>'
    )
    raise nodes.SkipNode


def _path_html(translator: HTML5Translator, entries: list[dict[str, Any]]) -> str:
    builder = translator.builder
    env = builder.env
    here = builder.current_docname
    items = []
    for entry in entries:
        doc = entry["doc"]
        if doc not in env.found_docs:
            raise EngineCheckError(f"{here}: the lesson path names {doc!r}, which is not a page")
        url = builder.get_relative_uri(here, doc)
        if "lesson" in entry:
            items.append(
                f'<li class="tl-step" data-lesson="{_e(entry["lesson"])}">'
                f'<a class="tl-step-link" href="{_e(url)}">{_e(entry["title"])}</a>'
                f'<span class="tl-summary">{_e(entry["summary"])}</span>'
                f'<span class="tl-progress" data-progress-for="{_e(entry["lesson"])}" '
                f'data-total="{entry["total"]}">{entry["total"]} exercises</span></li>'
            )
        else:
            title = env.titles[doc].astext() if doc in env.titles else doc
            items.append(
                f'<li class="tl-step tl-watch"><a class="tl-step-link" href="{_e(url)}">{_e(title)}</a>'
                f'<span class="tl-summary">{_e(entry.get("summary") or WATCH)}</span></li>'
            )
    return (
        f"<div class=\"tarot-lesson-path\" data-messages='{_messages()}'>"
        f'<ol class="tl-path">{"".join(items)}</ol>'
        '<div class="tl-reset-row"><button type="button" class="tl-reset" data-again="all">'
        "Start again: forget my progress</button>"
        '<span class="tl-reset-note" role="status"></span></div></div>'
    )


#: The lessons' own files (the engine's runtime and worker, and the card styles, are the widgets'
#: folder's); the path's page loads the script only to show the reader's progress.
LESSON_STYLES: Final = "tarot-lessons/lessons.css"
LESSON_SCRIPT: Final = "tarot-lessons/lessons.mjs"
WIDGETS: Final = (
    Widget(
        "lesson",
        {"tarot-lesson": LessonDirective},
        tarot_lesson,
        visit_lesson,
        bridge="lessons",
        folder="tarot-lessons",
        files=("lessons.mjs", "lessons.css"),
        styles=("tarot-widgets/tarot-widgets.css", LESSON_STYLES),
        scripts=(LESSON_SCRIPT,),
    ),
    Widget(
        "lesson-path",
        {"tarot-lesson-path": LessonPathDirective},
        tarot_lesson,
        visit_lesson,
        bridge="lessons",
        folder="tarot-lessons",
        files=(),
        styles=(LESSON_STYLES,),
        scripts=(LESSON_SCRIPT,),
        engine=False,
    ),
)
