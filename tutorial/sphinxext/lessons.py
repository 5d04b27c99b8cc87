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
  ``doc: <docname> | <summary>`` says what that page offers;
* ``tarot-drill``: one drill of a "Playing well" page, ``{tarot-drill} <file> <id>``: the exercise
  ``id`` of ``tutorial/drills/<file>.json``, answered by the reader before the computer player's own
  choice is shown (:mod:`tarot_core.exercises.drills`).

A lesson file is a JSON object: ``title``, ``page`` (the docname of its page), ``summary``, ``learnt``
(what the lesson teaches, one short line each, listed at its end) and ``exercises``, a list of exercise
objects (see :mod:`tarot_core.exercises`), each with an ``id``, its ``kind`` and position, its ``rule``
(the label of the rule's section, such as ``rule-must-follow-suit``: a first wrong answer points to
it), a ``question``, an optional ``teach`` (words shown before the question) and ``wrong``, plausible
wrong answers with the reason the engine gives for them (the tests check them). A drill file holds
``exercises`` only, of the kinds ``drill-play`` and ``drill-discard``.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any, Final

from docutils import nodes
from markupsafe import Markup
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri
from sphinx.writers.html5 import HTML5Translator

from tarot_core.exercises import kept_work, right_answers
from tarot_core.messages import _, pgettext

from ..bridge import lessons as lesson_bridge
from . import registry
from .common import EngineCheckError
from .registry import Widget
from .runtime import ROOT, TUTORIAL, page_runtime
from .templating import json_attribute, render

LESSONS_DIR: Final = TUTORIAL / "lessons"
DRILLS_DIR: Final = TUTORIAL / "drills"


#: The file, in the main build's doctrees folder, that keeps what the engine worked out for the
#: exercises (:func:`tarot_core.exercises.kept_work`), so that the other editions, built beside it in
#: their own processes, do not work it out again (the hand judge: seconds an exercise).
KEPT_FILE: Final = "tarot-kept-work.json"


@cache
def _engine_digest() -> str:
    """A digest of the engine's code: what is kept is worth keeping for this engine only."""
    digest = hashlib.sha256()
    for path in sorted((ROOT / "tarot_core").rglob("*.py")):
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _kept_path(translator: HTML5Translator) -> Path:
    config = translator.builder.config
    if config.tarot_shared_runtime:  # an edition: the main build's doctrees hold the file
        return Path(config.tarot_shared_runtime).parent / KEPT_FILE
    return Path(translator.builder.doctreedir) / KEPT_FILE


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold ``path``'s lock file (on POSIX): the editions, built side by side, take turns with the kept
    file, so that the second reads what the first worked out instead of working it out again."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:  # no such lock here: each edition may work the same thing out
        yield
        return
    with path.with_name(path.name + ".lock").open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def kept_for(translator: HTML5Translator, item: dict[str, Any]) -> dict[str, object]:
    """What the engine works out for ``item`` ahead of the reader (:func:`kept_work`), from the file
    of an earlier build of this very engine when it holds it (the file forgets other engines' work)."""
    engine = _engine_digest()
    key = hashlib.sha256(json.dumps(item, sort_keys=True).encode()).hexdigest()
    path = _kept_path(translator)
    with _locked(path):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = None
        kept: dict[str, Any] = {}
        if isinstance(data, dict) and data.get("engine") == engine and isinstance(data.get("work"), dict):
            kept = data["work"]
        found = kept.get(key)
        if isinstance(found, dict):
            return found
        work = kept_work(item)
        if work:
            kept[key] = work
            path.write_text(json.dumps({"engine": engine, "work": kept}, sort_keys=True), encoding="utf-8")
        return work


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


def drill_names() -> list[str]:
    return sorted(path.stem for path in DRILLS_DIR.glob("*.json"))


def load_drill(name: str, exercise_id: str) -> dict[str, Any]:
    """One drill: the exercise ``exercise_id`` of ``tutorial/drills/<name>.json``."""
    path = DRILLS_DIR / f"{name}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        found: dict[str, Any] = next(item for item in data["exercises"] if item["id"] == exercise_id)
    except (OSError, ValueError, KeyError, StopIteration) as error:
        raise EngineCheckError(
            _(
                "drill {name!r} {id!r}: {error}; the drill files are {known}",
                name=name,
                id=exercise_id,
                error=error or "no such drill",
                known=", ".join(drill_names()),
            )
        ) from None
    return found


def lesson_words(text: str) -> str:
    """A lesson's words in the page's language (the catalogue holds them under the context "lesson")."""
    return pgettext("lesson", text) if text else text


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


class DrillDirective(SphinxDirective):
    """``tarot-drill``: one drill, checked against the engine at build time (its position is drawn and
    the computer player makes its choice in it)."""

    required_arguments = 2

    def run(self) -> list[nodes.Node]:
        name, exercise_id = (str(argument).strip() for argument in self.arguments)
        item = load_drill(name, exercise_id)
        self.env.note_dependency(str(DRILLS_DIR / f"{name}.json"))
        answer = json.loads(lesson_bridge.exercise(json.dumps(item)))
        if not answer["ok"]:
            raise EngineCheckError(f"{self.get_location()}: drill {exercise_id}: {answer['message']}")
        right_answers(item)
        registry.note(self, "drill")
        return [tarot_lesson(drill=(name, exercise_id))]


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
                entries.append({"doc": doc.strip(), "summary": lesson_words(summary.strip())})
                continue
            lesson = load_lesson(line)
            self.env.note_dependency(str(LESSONS_DIR / f"{line}.json"))
            entries.append(
                {
                    "lesson": line,
                    "doc": lesson["page"],
                    "title": lesson_words(lesson["title"]),
                    "summary": lesson_words(lesson.get("summary", "")),
                    "total": len(lesson["exercises"]),
                }
            )
        registry.note(self, "lesson-path")
        return [tarot_lesson(path=entries)]


def _messages() -> Markup:
    """What the lessons' script says, in the page's language: the JSON of ``data-messages``."""
    return json_attribute(lesson_bridge.page_messages(), ascii=False)


def _rule_links(translator: HTML5Translator) -> tuple[dict[str, str], dict[str, str]]:
    """Each rule label's URL from the page being written, and its title: its section's, else its
    page's (a label put before a paragraph names no section)."""
    builder = translator.builder
    env = builder.env
    here = builder.get_target_uri(builder.current_docname)
    std = env.domaindata["std"]
    labels: dict[str, tuple[str, str, str]] = std["labels"]
    anchors: dict[str, tuple[str, str]] = std["anonlabels"]
    links: dict[str, str] = {}
    titles: dict[str, str] = {}
    for label, (doc, anchor) in anchors.items():
        if label.startswith("rule-") and doc in env.found_docs:
            links[label] = relative_uri(here, builder.get_target_uri(doc)) + f"#{anchor}"
            title = labels[label][2] if label in labels else ""
            titles[label] = title or (env.titles[doc].astext() if doc in env.titles else "")
    return links, titles


def visit_lesson(translator: HTML5Translator, node: tarot_lesson) -> None:
    if "path" in node.attributes:
        translator.body.append(str(_path_html(translator, node["path"])))
        raise nodes.SkipNode
    drill = "drill" in node.attributes
    if drill:
        file, exercise_id = node["drill"]
        name = f"drill-{file}-{exercise_id}"
        lesson: dict[str, Any] = {"exercises": [load_drill(file, exercise_id)]}
    else:
        name = node["lesson"]
        lesson = load_lesson(name)
    rules, titles = _rule_links(translator)
    exercises = []
    for number, item in enumerate(lesson["exercises"], start=1):
        uid = item["id"] if drill else f"ex{number}"
        options = json.dumps({"uid": uid, "rules": rules})
        answer = json.loads(lesson_bridge.exercise(json.dumps(item), options))
        exercises.append(
            {
                "id": item["id"],
                "kind": item["kind"],
                "uid": uid,
                # What the browser sends back with each answer, with what the build worked out for it
                # (the hand judge's verdict on a "would you bid?" hand).
                "public": json_attribute(
                    {
                        **{k: v for k, v in item.items() if k not in ("wrong", "teach", "question")},
                        **kept_for(translator, item),
                    },
                    ascii=False,
                ),
                "teach": lesson_words(item.get("teach", "")),
                "question": lesson_words(item["question"]),
                "html": Markup(answer["html"]),
            }
        )
    html = render(
        "widgets/lesson.html",
        name=name,
        exercises=exercises,
        learnt=[lesson_words(line) for line in lesson.get("learnt", [])],
        drill=drill,
        runtime=json_attribute(page_runtime(translator)),
        options=json_attribute({"rules": rules, "titles": titles}),
        messages=_messages(),
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
    return render("widgets/lesson-path.html", entries=shown, messages=_messages())


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
        "drill",
        {"tarot-drill": DrillDirective},
        tarot_lesson,
        visit_lesson,
        bridge="lessons",
        folder="tarot-lessons",
        files=(),
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
