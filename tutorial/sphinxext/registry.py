"""The widget registry: what every widget declares, and the one setup that registers them all.

A widget is one kind of interactive block of a page (the calculator, the hand replay, the play check,
the score sheet, a lesson, the lesson path, the play widget). Each declares, as a :class:`Widget`:

* the directives that place it on a page, the docutils node they leave and the function that draws
  that node in HTML (other outputs leave it out);
* the module of the bridge package (:mod:`tutorial.bridge`) its page script calls, ``""`` for the
  package itself: the worker imports that module at its first call;
* its browser files (``tutorial/web``), copied into its folder under ``_static``, and the stylesheets
  and module scripts a page holding it loads (paths under ``_static``);
* whether it runs the engine: then the build writes the engine's runtime (:mod:`.runtime`).

:func:`register` adds them all to Sphinx with one set of event handlers: a directive notes its kind
on its page (:func:`note`), and only the pages holding a widget load the widgets' files (and so
Pyodide). Configuration (``conf.py``): ``tarot_widgets_calculator_page`` (docname of the page the
replay's final score links to; by default the first page holding a calculator) and
``tarot_rule_pages`` (rule anchor, as in :class:`tarot_core.errors.Illegal`, to ``docname`` or
``docname#anchor``).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri
from sphinx.writers.html5 import HTML5Translator

from . import rule_links, runtime
from .common import add_widget_node

#: Where the widgets' files go, under the built site's ``_static``.
STATIC: Final = "_static"


@dataclass(frozen=True)
class Widget:
    """One kind of widget, as the build places, draws and serves it."""

    kind: str
    directives: Mapping[str, type[SphinxDirective]]
    node: type[nodes.Element]
    visit: Callable[[HTML5Translator, Any], None]
    #: The module of :mod:`tutorial.bridge` its page script calls (``""``: the package itself).
    bridge: str
    #: Its folder under ``_static``, and its own files of ``tutorial/web`` copied there.
    folder: str
    files: tuple[str, ...]
    #: What a page holding it loads, paths under ``_static``.
    styles: tuple[str, ...]
    scripts: tuple[str, ...]
    #: Whether it runs the engine in the browser (the build then writes the runtime).
    engine: bool = True


def web_files(widgets: Iterable[Widget]) -> dict[str, Path]:
    """Every widget's files: path in the built site to the file of ``tutorial/web``."""
    return {
        f"{STATIC}/{widget.folder}/{name}": runtime.WEB_DIR / name
        for widget in widgets
        for name in widget.files
    }


# ====================================================================================== pages
def pages(env: BuildEnvironment) -> dict[str, set[str]]:
    """The pages holding a widget: docname to the kinds of widget it holds."""
    store: dict[str, set[str]] | None = getattr(env, "tarot_widget_docs", None)
    if store is None:
        store = {}
        env.tarot_widget_docs = store  # type: ignore[attr-defined]
    return store


def note(directive: SphinxDirective, kind: str) -> None:
    """Note that the directive's page holds a widget of this kind."""
    pages(directive.env).setdefault(directive.env.docname, set()).add(kind)


def links(translator: HTML5Translator) -> dict[str, Any]:
    """Relative URLs of the calculator page and of each rule's page, from the page being written."""
    builder = translator.builder
    env = builder.env
    here = builder.get_target_uri(builder.current_docname)
    config = builder.config
    calculator = config.tarot_widgets_calculator_page
    docs = pages(env)
    if not calculator or calculator not in env.found_docs:
        calculator = next((doc for doc in sorted(docs) if "calculator" in docs[doc]), "")
    rule_pages: dict[str, str] = dict(config.tarot_rule_pages)
    found = set(env.found_docs)
    labels = {name: (doc, anchor) for name, (doc, anchor, _) in env.domaindata["std"]["labels"].items()}

    def uri(doc: str, fragment: str) -> str:
        return relative_uri(here, builder.get_target_uri(doc)) + (f"#{fragment}" if fragment else "")

    rules = rule_links.default_rules(labels, found, rule_pages, uri)
    return {
        "calculator": relative_uri(here, builder.get_target_uri(calculator)) if calculator else "",
        "rules": rules,
        # Each rule set's own page for each refusal: a refusal links to the rules being played.
        "family_rules": rule_links.family_rules(labels, found, rule_pages, uri),
    }


# ====================================================================================== setup
def register(app: Sphinx, widgets: Sequence[Widget]) -> None:
    """Add every widget to Sphinx: its node, its directives, and the handlers that serve its files."""
    app.add_config_value("tarot_widgets_calculator_page", "", "html", types=frozenset({str}))
    app.add_config_value("tarot_rule_pages", {}, "html", types=frozenset({dict}))
    by_kind = {widget.kind: widget for widget in widgets}
    drawn: set[type[nodes.Element]] = set()
    for widget in widgets:
        if widget.node not in drawn:
            add_widget_node(app, widget.node, widget.visit)
            drawn.add(widget.node)
        for name, directive in widget.directives.items():
            app.add_directive(name, directive)

    def copy_files(outdir: Path) -> None:
        for target, source in web_files(widgets).items():
            (outdir / target).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, outdir / target)

    def init(app: Sphinx) -> None:
        runtime.prepare(app, web_files(widgets).values())
        if app.builder.format == "html":
            copy_files(Path(app.outdir))

    def page_assets(
        app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
    ) -> None:
        # The files are in place since builder-inited, so Sphinx adds its own ``?v=`` checksum to each URL.
        kinds = pages(app.env).get(pagename, set())
        for widget in widgets:
            if widget.kind in kinds:
                for style in widget.styles:
                    app.add_css_file(style)
                for script in widget.scripts:
                    app.add_js_file(script, type="module")

    def finish(app: Sphinx, exception: BaseException | None) -> None:
        if exception is not None or app.builder.format != "html":
            return
        used = {kind for kinds in pages(app.env).values() for kind in kinds}
        if used:
            copy_files(Path(app.outdir))
        if any(by_kind[kind].engine for kind in used if kind in by_kind):
            runtime.finish(app)

    app.connect("builder-inited", init)
    app.connect("html-page-context", page_assets)
    app.connect("build-finished", finish)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    pages(env).pop(docname, None)


def _merge(app: Sphinx, env: BuildEnvironment, docnames: Iterable[str], other: BuildEnvironment) -> None:
    ours = pages(env)
    for doc, kinds in pages(other).items():
        if doc in docnames:
            ours.setdefault(doc, set()).update(kinds)
