"""The site in English and in French, from one source.

The English pages are the source and are built at the root of the output folder. As soon as that build
has named its runtime, it starts each other edition's build (French), in a process of its own beside it,
from the same sources with ``-D language=fr`` into ``fr/`` of the same folder (and waits for it when it
ends), the page texts from ``docs/locale/fr/LC_MESSAGES`` (one catalogue a page) and the engine's
sentences from its own catalogue (``tarot_core/locale/fr``). So ``sphinx-build docs OUT`` (and with it
``nox -s docs``, ``nox -s serve`` and the tests' site) writes both editions, with the same flags.

An edition shares the main build's engine runtime (Pyodide, the engine's wheel, the bridge, the memory
snapshot) and its service worker, which keeps the files of both editions: the edition's pages point at
them (``tarot_shared_runtime``) instead of writing copies. Every page links to its twin in the other
language (a switcher at the top of the page and ``hreflang`` links in its head).

Strictness: in an edition, a page written for learners whose text is not wholly translated (a message
missing, or fuzzy: Sphinx counts both as untranslated, see ``translation_progress``) is a warning, and so
is an entry of the engine's catalogue that is not translated or not compiled: with ``-W`` the build
fails. The developers' pages (``developers/``) stay in English in every edition.
"""

from __future__ import annotations

import atexit
import html
import json
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Final

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.util import logging
from sphinx.util.typing import ExtensionMetadata

from tarot_core import messages
from tarot_core.errors import BLANKS

from .editions import EDITIONS, ENGLISH_ONLY, SOURCE, edition_folder
from .runtime import runtime_urls

logger = logging.getLogger(__name__)
ROOT: Final = Path(__file__).resolve().parents[2]


def twin_links(docname: str, target_uri: str, language: str) -> list[dict[str, Any]]:
    """Each edition's copy of the page ``docname`` (written at ``target_uri`` within its edition),
    as URLs relative to this page: ``[{"code", "name", "url", "current"}, ...]``."""
    up_to_edition = "../" * target_uri.count("/")
    up_to_site = up_to_edition + "../" * edition_folder(language).count("/")
    return [
        {
            "code": code,
            "name": name,
            "url": f"{up_to_site}{folder}{target_uri}",
            "current": code == language,
        }
        for code, (name, folder) in EDITIONS.items()
    ]


class EngineWords(SphinxTransform):
    """The tables the engine draws (``tarot-table``) are written in the page's language by the engine's
    own catalogue: no page catalogue holds their words, so they are not the page's messages."""

    # Before Sphinx's Locale transform (20), which translates a page's messages.
    default_priority = 19

    def apply(self, **kwargs: Any) -> None:
        for table in self.document.findall(nodes.table):
            if "tarot-table" in table["classes"]:
                for node in table.findall(nodes.TextElement):
                    node["translatable"] = False


#: The site's name as ``docs/conf.py`` gives it (``project``, ``html_title``), said in each edition.
SITE_TITLE: Final = messages.N_("Tarot card games")


def _set_language(app: Sphinx, config: Any) -> None:
    """The engine speaks the page's language for everything the build draws (tables, widgets), and
    the site's name (in every page's title and header) is said in it."""
    messages.set_language(config.language or SOURCE)
    for name in ("project", "html_title"):
        if config[name] == SITE_TITLE:
            config[name] = messages._(SITE_TITLE)


def _page_links(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    if app.builder.format != "html" or (app.config.language == SOURCE and not app.config.tarot_editions):
        return
    links = twin_links(pagename, app.builder.get_target_uri(pagename), app.config.language)
    for link in links:
        # Said in the link's own language: the home page may suggest it to a reader of that language.
        with messages.use_language(link["code"]):
            # Translators: the name of the language is that of this translation ("en français").
            link["suggestion"] = messages.pgettext("this translation", "This site is also in English.")
    context["tarot_languages"] = links
    if pagename.startswith(ENGLISH_ONLY):
        # The developers' pages stay in English in every edition, and say so to a screen reader.
        context["language"] = SOURCE
    context["tarot_languages_label"] = messages._("This page in another language")
    alternates = "".join(
        f'\n    <link rel="alternate" hreflang="{link["code"]}" href="{link["url"]}">' for link in links
    )
    context["metatags"] = f"{context.get('metatags') or ''}{alternates}"


def _check_page(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """In an edition, a learner's page that is not wholly translated is a warning."""
    if app.config.language == SOURCE or docname.startswith(ENGLISH_ONLY):
        return
    # Sphinx's own count (``translation_progress``), less the toctrees: Sphinx translates a toctree's
    # caption without marking the toctree translated.
    marked = [
        node
        for node in doctree.findall(nodes.Element)
        if "translated" in node and not isinstance(node, addnodes.toctree)
    ]
    total, translated = len(marked), sum(1 for node in marked if node["translated"])
    if translated < total:
        logger.warning(
            "%s: %d of %d messages not translated into %r (update and translate docs/locale/%s)",
            docname,
            total - translated,
            total,
            app.config.language,
            app.config.language,
            type="tarot",
            subtype="translation",
            location=docname,
        )


def _check_engine_catalogue(app: Sphinx) -> None:
    """In an edition, the engine's catalogue of its language is wholly translated and compiled."""
    if app.config.language == SOURCE:
        return
    from . import translations

    for line in translations.engine_problems(app.config.language):
        logger.warning("%s", line, type="tarot", subtype="translation")


@dataclass
class _Edition:
    """An edition's build under way in its own process, and the file that gathers what it prints."""

    code: str
    process: subprocess.Popen[bytes]
    output: IO[bytes]


def _start_editions(app: Sphinx) -> None:
    """Start each other edition's build, with the same strictness, as soon as this one has named its
    runtime (``builder-inited``): the editions are built side by side, each in its own process, and
    this build waits for them when it ends (:func:`_finish_editions`)."""
    if app.builder.name != "html" or app.config.language != SOURCE or not app.config.tarot_editions:
        return
    outdir = Path(app.outdir)
    shared = Path(app.doctreedir) / "tarot-shared-runtime.json"
    shared.parent.mkdir(parents=True, exist_ok=True)
    shared.write_text(json.dumps(runtime_urls(app, "index.html")), encoding="utf-8")
    started: list[_Edition] = []
    for code, (_name, folder) in EDITIONS.items():
        if code == SOURCE:
            continue
        command = [
            sys.executable,
            "-m",
            "sphinx",
            "-q",
            "-b",
            "html",
            *(["-W", "--keep-going"] if app._fail_on_warnings else []),
            *(["-E"] if app.fresh_env_used else []),
            "-d",
            str(Path(app.doctreedir) / code),
            "-D",
            f"language={code}",
            "-D",
            f"tarot_shared_runtime={shared}",
            str(app.srcdir),
            str(outdir / folder),
        ]
        logger.info("tarot languages: building the %s edition into %s", code, folder)
        output = tempfile.TemporaryFile()  # noqa: SIM115  # closed when the edition is done
        process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, cwd=ROOT)
        started.append(_Edition(code, process, output))
    app.tarot_editions_started = started  # type: ignore[attr-defined]
    # An interrupted build (Ctrl-C: no build-finished) leaves no edition running behind it.
    atexit.register(_stop_editions, started)


def _stop_editions(started: list[_Edition]) -> None:
    for edition in started:
        if edition.process.poll() is None:
            edition.process.terminate()
            edition.process.wait()
        edition.output.close()


def _finish_editions(app: Sphinx, exception: BaseException | None) -> None:
    """Wait for the other editions (started by :func:`_start_editions`) and report what they printed as
    this build's warnings: with -W they fail it too. If this build failed, they are stopped."""
    started: list[_Edition] = getattr(app, "tarot_editions_started", [])
    if exception is not None:
        _stop_editions(started)
        return
    for edition in started:
        returncode = edition.process.wait()
        edition.output.seek(0)
        output = edition.output.read().decode("utf-8", "replace").strip()
        edition.output.close()
        if output:
            # The edition's warnings, each once, as this build's own.
            for line in output.splitlines():
                logger.warning("%s edition: %s", edition.code, line, type="tarot", subtype="edition")
        if returncode != 0 and not output:
            logger.warning("%s edition: the build failed (exit %d)", edition.code, returncode, type="tarot")


#: The tags of a title as the theme is given it (a term, a span of code).
_TAGS: Final = re.compile(r"<[^>]*>")


def plain_title(title: str) -> str:
    """A page's title as a browser's tab, a bookmark and a search result show it: its tags left out, its
    entities read, its blanks made single spaces, but its no-break spaces kept (French puts one before a
    colon); Jinja's ``striptags``, which the theme uses, makes every blank an ordinary space.

    >>> plain_title("Exemples comment\u00e9s\u00a0: <em>quatre</em>  joueurs")
    'Exemples comment\u00e9s\xa0: quatre joueurs'
    """
    return BLANKS.sub(" ", html.unescape(_TAGS.sub("", title))).strip(" ")


def _add_filters(app: Sphinx) -> None:
    templates = getattr(app.builder, "templates", None)
    environment = getattr(templates, "environment", None)
    if environment is not None:
        environment.filters["plain_title"] = plain_title


def setup(app: Sphinx) -> ExtensionMetadata:
    # Build the other editions after this one (off for quick builds of the English pages alone).
    app.add_config_value("tarot_editions", True, "env", types=frozenset({bool}))
    # In an edition: the main build's runtime URLs, relative to the site's root (a JSON file).
    app.add_config_value("tarot_shared_runtime", "", "env", types=frozenset({str}))
    app.add_transform(EngineWords)
    app.connect("config-inited", _set_language)
    app.connect("builder-inited", _check_engine_catalogue)
    app.connect("builder-inited", _add_filters)
    app.connect("html-page-context", _page_links)
    app.connect("doctree-resolved", _check_page)
    # After the widgets' handler (500), which names the runtime.
    app.connect("builder-inited", _start_editions, priority=800)
    # Before the offline handler (900), which lists every file of every edition for the service worker.
    app.connect("build-finished", _finish_editions, priority=800)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
