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
import json
import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Final

from docutils import nodes
from markupsafe import Markup
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri
from sphinx.util.typing import ExtensionMetadata
from sphinx.writers.html5 import HTML5Translator

from tarot_core.messages import _

from .. import lesson_bridge
from . import widgets
from .common import EngineCheckError, add_widget_node
from .templating import json_attribute, render

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
            _(
                "lesson {name!r}: {error}; the lessons are {known}",
                name=name,
                error=error,
                known=", ".join(lesson_names()),
            )
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
                doc, _bar, summary = line[4:].partition("|")
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


def _rule_links(translator: HTML5Translator) -> dict[str, str]:
    builder = translator.builder
    env = builder.env
    here = builder.get_target_uri(builder.current_docname)
    labels: dict[str, tuple[str, str, str]] = env.domaindata["std"]["labels"]
    links: dict[str, str] = {}
    for label, (doc, anchor, _title) in labels.items():
        if label.startswith("rule-") and doc in env.found_docs:
            links[label] = relative_uri(here, builder.get_target_uri(doc)) + f"#{anchor}"
    return links


def visit_lesson(translator: HTML5Translator, node: tarot_lesson) -> None:
    builder = translator.builder
    if "path" in node.attributes:
        translator.body.append(str(_path_html(translator, node["path"])))
        raise nodes.SkipNode
    name = node["lesson"]
    lesson = load_lesson(name)
    runtime: dict[str, Any] = widgets.runtime(translator)
    here = builder.get_target_uri(builder.current_docname)
    runtime["modules"] = {
        "lesson_bridge": relative_uri(here, f"{LESSON_ASSETS}/{MODULE}") + f"?v={_digest()}"
    }
    rules = _rule_links(translator)
    exercises = []
    for number, item in enumerate(lesson["exercises"], start=1):
        uid = f"ex{number}"
        options = json.dumps({"uid": uid, "rules": rules})
        answer = json.loads(lesson_bridge.exercise(json.dumps(item), options))
        exercises.append(
            {
                "id": item["id"],
                "kind": item["kind"],
                "uid": uid,
                "public": json_attribute(
                    {k: v for k, v in item.items() if k not in ("wrong", "teach", "question")}, ascii=False
                ),
                "teach": item.get("teach", ""),
                "question": item["question"],
                "html": Markup(answer["html"]),
            }
        )
    html = render(
        "widgets/lesson.html",
        name=name,
        exercises=exercises,
        runtime=json_attribute(runtime),
        options=json_attribute({"rules": rules}),
    )
    translator.body.append(str(html))
    raise nodes.SkipNode


def _path_html(translator: HTML5Translator, entries: list[dict[str, Any]]) -> Markup:
    builder = translator.builder
    env = builder.env
    here = builder.current_docname
    shown = []
    for entry in entries:
        doc = entry["doc"]
        if doc not in env.found_docs:
            raise EngineCheckError(
                _("{location}: the lesson path names {doc!r}, which is not a page", location=here, doc=doc)
            )
        url = builder.get_relative_uri(here, doc)
        if "lesson" in entry:
            shown.append({**entry, "url": url})
        else:
            title = env.titles[doc].astext() if doc in env.titles else doc
            shown.append({"url": url, "title": title, "summary": entry.get("summary", "")})
    return render("widgets/lesson-path.html", entries=shown)


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
