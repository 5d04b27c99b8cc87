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
  build time by :mod:`tutorial.lesson_bridge` and answered in the browser through the widgets' worker;
* ``tarot-lesson-path``: the lessons in order, with the reader's progress (kept in the browser) and
  a button that forgets it; a line ``doc: <docname>`` puts another page on the path, and
  ``doc: <docname> | <summary>`` says what that page offers.

A lesson file is a JSON object: ``title``, ``page`` (the docname of its page), ``summary`` and
``exercises``, a list of exercise objects (see :mod:`tarot_core.exercises`), each with an ``id``, its
``kind`` and position, a ``question``, an optional ``teach`` (words shown before the question) and
``wrong``, plausible wrong answers with the reason the engine gives for them (the tests check them).
"""

from __future__ import annotations

import hashlib
import html
import json
import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Final

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri
from sphinx.util.typing import ExtensionMetadata
from sphinx.writers.html5 import HTML5Translator

from .. import lesson_bridge
from . import widgets
from .common import EngineCheckError, add_widget_node

LESSONS_DIR: Final = widgets.TUTORIAL / "lessons"
LESSON_FILES: Final = ("lessons.mjs", "lessons.css")
#: The lessons' own files (the engine's runtime, worker and card styles stay in the widgets' folder).
LESSON_ASSETS: Final = "_static/tarot-lessons"
#: The lessons' bridge module, fetched by the worker when a lesson page starts it.
MODULE: Final = "lesson_bridge.py"


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


def _digest() -> str:
    digest = hashlib.sha256()
    for path in [widgets.TUTORIAL / "lesson_bridge.py", *(widgets.WEB_DIR / name for name in LESSON_FILES)]:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


class tarot_lesson(nodes.General, nodes.Element):  # type: ignore[misc]  # docutils has no types
    """A lesson's exercises (``node["lesson"]``) or the path (``node["path"]``)."""


def _docs(env: BuildEnvironment) -> dict[str, bool]:
    """The pages with a lesson (True) or the lesson path (False)."""
    store: dict[str, bool] | None = getattr(env, "tarot_lesson_pages", None)
    if store is None:
        store = {}
        env.tarot_lesson_pages = store  # type: ignore[attr-defined]
    return store


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
        _docs(self.env)[self.env.docname] = True
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
        _docs(self.env).setdefault(self.env.docname, False)
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
    builder = translator.builder
    if "path" in node.attributes:
        translator.body.append(_path_html(translator, node["path"]))
        raise nodes.SkipNode
    name = node["lesson"]
    lesson = load_lesson(name)
    runtime = json.loads(widgets._runtime(translator))
    here = builder.get_target_uri(builder.current_docname)
    runtime["modules"] = {
        "lesson_bridge": relative_uri(here, f"{LESSON_ASSETS}/{MODULE}") + f"?v={_digest()}"
    }
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


def _page_assets(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """A lesson loads the card styles and the lessons' script (which starts the engine's worker); the
    path's page only the lessons' script and styles, to show the progress."""
    lessons = _docs(app.env)
    if pagename in lessons:
        if lessons[pagename]:
            app.add_css_file("tarot-widgets/tarot-widgets.css")
        app.add_css_file("tarot-lessons/lessons.css")
        app.add_js_file("tarot-lessons/lessons.mjs", type="module")


def copy_lesson_files(outdir: Path) -> None:
    assets = outdir / LESSON_ASSETS
    assets.mkdir(parents=True, exist_ok=True)
    for name in LESSON_FILES:
        shutil.copy2(widgets.WEB_DIR / name, assets / name)
    shutil.copy2(widgets.TUTORIAL / MODULE, assets / MODULE)


def _init(app: Sphinx) -> None:
    if app.builder.format == "html":
        copy_lesson_files(Path(app.outdir))


def _finish(app: Sphinx, exception: BaseException | None) -> None:
    if exception is None and app.builder.format == "html" and _docs(app.env):
        outdir = Path(app.outdir)
        copy_lesson_files(outdir)
        if any(_docs(app.env).values()) and not widgets._has_widgets(
            app
        ):  # no other widget brought the engine's runtime
            widgets.copy_runtime(outdir, app.tarot_wheel_name)  # type: ignore[attr-defined]


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    _docs(env).pop(docname, None)


def _merge(app: Sphinx, env: BuildEnvironment, docnames: Iterable[str], other: BuildEnvironment) -> None:
    wanted = set(docnames)
    _docs(env).update((doc, value) for doc, value in _docs(other).items() if doc in wanted)


def setup(app: Sphinx) -> ExtensionMetadata:
    app.setup_extension("tutorial.sphinxext.widgets")
    add_widget_node(app, tarot_lesson, visit_lesson)
    app.add_directive("tarot-lesson", LessonDirective)
    app.add_directive("tarot-lesson-path", LessonPathDirective)
    app.connect("builder-inited", _init)
    app.connect("html-page-context", _page_assets)
    app.connect("build-finished", _finish)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
