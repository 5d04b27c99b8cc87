"""The message catalogue's template: every sentence the code and the widget templates hand to a
translation call, extracted with Babel (Sphinx's own dependency) into ``tarot_core/locale/tarot.pot``.

It sits with the Sphinx extensions because the strict build checks the template with it
(:mod:`tutorial.sphinxext.catalogue`); the command :mod:`tutorial.tools.messages` runs it:

    python -m tutorial.tools.messages extract   write the template anew (``nox -s messages``)
    python -m tutorial.tools.messages check     exit 1, listing them, if a message is not in it

The strict site build runs the check too (``tutorial/sphinxext``), so a sentence added to the code
without its entry in the catalogue fails the build.
"""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT: Final = Path(__file__).resolve().parents[2]
TEMPLATE: Final = ROOT / "tarot_core" / "locale" / "tarot.pot"
#: The calls that carry a message, and which of their arguments are the texts (Babel's notation:
#: ``(1, "c")`` is a context).
KEYWORDS: Final = {
    "_": None,
    "gettext": None,
    "N_": None,
    "NC_": ((1, "c"), 2),
    "Noun": (1, (2, "c")),
    "_html": None,
    "gettext_lazy": None,
    "ngettext": (1, 2),
    "ngettext_lazy": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
#: Where messages are written: the engine, the widgets' Python and templates.
SOURCES: Final = (
    ("tarot_core", [("**.py", "python")]),
    ("tutorial", [("**.py", "python"), ("**.html", "jinja2")]),
)
SKIP: Final = ("node_modules", "__pycache__", "tools")
#: The lessons' words (tutorial/lessons/*.json): each lesson's title, summary and lines of what it
#: teaches, each exercise's question and teaching, and the drills' (tutorial/drills/*.json), under the
#: context "lesson".
LESSONS: Final = ROOT / "tutorial" / "lessons"
DRILLS: Final = ROOT / "tutorial" / "drills"
LESSON_FIELDS: Final = ("title", "summary")
EXERCISE_FIELDS: Final = ("question", "teach")
#: The sample hand records' words (tutorial/hands/*.json): their titles and descriptions, under the
#: context "record".
HANDS: Final = ROOT / "tutorial" / "hands"
DOCS: Final = ROOT / "docs"
SAID: Final = re.compile(r'\bsaid\("([^"\\]+)"\)')
#: The caption a page gives an engine table (``:caption:`` among a ``tarot-table``'s options): the
#: directive draws the table in the page's language, so the engine's catalogue carries its caption
#: too, under the context "table caption".
TABLE_CAPTION: Final = re.compile(
    r"^(`{3,}|:{3,})\{tarot-table\}[^\n]*\n((?::[\w-]+:[^\n]*\n)*)", re.MULTILINE
)
CAPTION_OPTION: Final = re.compile(r"^:caption: (.+)$", re.MULTILINE)
LESSON_PATH_LINE: Final = re.compile(r"^doc:[^|\n]+\|([^\n]+)$", re.MULTILINE)
RECORD_FIELDS: Final = ("title", "description")
#: The kinds of :class:`tarot_core.messages.Noun` the code names: each of their entries has a twin under
#: the context "<kind> gender", where a translation gives the noun's gender ("m" or "f") for its articles.
GENDERED: Final = ("card", "rank", "suit", "side", "role", "file", "thing", "contract")
#: The template's date, fixed so that extracting twice writes the same file.
DATE: Final = datetime(2026, 1, 1, tzinfo=UTC)


def extract() -> Catalog:
    """Every message of the code and the templates, with where it is written."""
    catalog = Catalog(project="tarot", version="1", creation_date=DATE, charset="utf-8", fuzzy=False)
    for folder, methods in SOURCES:
        method_map = [
            (pattern, "jinja2.ext:babel_extract" if kind == "jinja2" else kind) for pattern, kind in methods
        ]
        options = {
            pattern: {"extensions": "jinja2.ext.i18n"} for pattern, kind in methods if kind == "jinja2"
        }
        found = extract_from_dir(
            str(ROOT / folder),
            method_map,
            options,
            keywords=KEYWORDS,
            comment_tags=("Translators:",),
            strip_comment_tags=True,
            directory_filter=lambda path: not any(part in SKIP for part in Path(path).parts),
        )
        for filename, lineno, message, comments, context in found:
            catalog.add(
                message, None, [(f"{folder}/{filename}", lineno)], auto_comments=comments, context=context
            )
    for path in [*sorted(LESSONS.glob("*.json")), *sorted(DRILLS.glob("*.json"))]:
        lesson = json.loads(path.read_text(encoding="utf-8"))
        where = [(path.relative_to(ROOT).as_posix(), 0)]
        texts = [lesson[name] for name in LESSON_FIELDS if name in lesson]
        texts.extend(lesson.get("learnt", []))
        for exercise in lesson.get("exercises", []):
            texts.extend(exercise[name] for name in EXERCISE_FIELDS if name in exercise)
        for text in texts:
            catalog.add(text, None, where, context="lesson")
    for path in sorted(DOCS.rglob("*.md")):
        if path.relative_to(DOCS).parts[0] in ("developers", "_build"):
            continue  # the developers' pages stay in English (and quote the calls as examples)
        # The lesson path's lines that name a page with a summary: "doc: rules/play | summary".
        text = path.read_text(encoding="utf-8")
        for summary in LESSON_PATH_LINE.findall(text):
            catalog.add(summary.strip(), None, [(path.relative_to(ROOT).as_posix(), 0)], context="lesson")
        # Words an expression of a page shows: said("made").
        for words in SAID.findall(text):
            catalog.add(words, None, [(path.relative_to(ROOT).as_posix(), 0)], context="page")
        for _fence, options in TABLE_CAPTION.findall(text):
            for caption in CAPTION_OPTION.findall(options):
                catalog.add(
                    caption.strip(), None, [(path.relative_to(ROOT).as_posix(), 0)], context="table caption"
                )
    for path in sorted(HANDS.glob("*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        for name in RECORD_FIELDS:
            if record.get(name):
                catalog.add(record[name], None, [(path.relative_to(ROOT).as_posix(), 0)], context="record")
    for entry in list(catalog):
        if entry.context in GENDERED:
            catalog.add(
                entry.id,
                None,
                entry.locations,
                auto_comments=["The noun's gender in the language: m or f."],
                context=f"{entry.context} gender",
            )
    return catalog


def render(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=110, sort_output=True, include_lineno=False)
    return out.getvalue()


def missing(template: Path = TEMPLATE) -> list[str]:
    """The messages of the code that the template lacks, each as "where: text"."""
    if not template.exists():
        return [f"{template.relative_to(ROOT)}: no template (run nox -s messages)"]
    with template.open("rb") as handle:
        # One entry per text and context: the same text may be written under several contexts.
        keys = {(_text(message.id), message.context) for message in read_po(handle)}
    return [
        f"{message.locations[0][0]}: {_text(message.id)!r}"
        for message in extract()
        if message.id and (_text(message.id), message.context) not in keys
    ]


def _text(message_id: str | Iterable[str]) -> str:
    return message_id if isinstance(message_id, str) else next(iter(message_id))


def main(argv: list[str]) -> int:
    if argv[:1] == ["extract"]:
        TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
        catalog = extract()
        TEMPLATE.write_bytes(render(catalog))
        print(f"{TEMPLATE.relative_to(ROOT)}: {len(catalog)} messages")
        return 0
    if argv[:1] == ["check"]:
        lacking = missing()
        for line in lacking:
            print(line)
        return 1 if lacking else 0
    print("usage: python -m tutorial.tools.messages extract|check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
