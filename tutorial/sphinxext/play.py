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
bidding about to start) is drawn at build time by :mod:`tutorial.play_bridge`, which the browser's
worker then runs for every move.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Final

from docutils import nodes
from docutils.parsers.rst import directives
from markupsafe import Markup
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri
from sphinx.util.typing import ExtensionMetadata
from sphinx.writers.html5 import HTML5Translator

from tarot_core.messages import _

from .. import play_bridge, play_table
from . import widgets
from .common import EngineCheckError, add_widget_node
from .templating import json_attribute, render

PLAY_FILES: Final = ("play.mjs", "play.css")
#: The play widget's own files (the engine's runtime and worker stay in the widgets' folder).
PLAY_ASSETS: Final = "_static/tarot-play"
#: The play widget's bridge modules, fetched by the worker when a play page starts it.
MODULES: Final = ("play_bridge.py", "play_table.py")
SETUP_FIELDS: Final = ("variant", "players", "seed", "seat", "level")


def _digest() -> str:
    digest = hashlib.sha256()
    paths = [*(widgets.TUTORIAL / name for name in MODULES), *(widgets.WEB_DIR / name for name in PLAY_FILES)]
    for path in paths:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


class tarot_play(nodes.General, nodes.Element):  # type: ignore[misc]  # docutils has no types
    """A play widget: ``node["setup"]`` (the game's setup) and ``node["fixed"]``."""


def _docs(env: BuildEnvironment) -> set[str]:
    store: set[str] | None = getattr(env, "tarot_play_pages", None)
    if store is None:
        store = set()
        env.tarot_play_pages = store  # type: ignore[attr-defined]
    return store


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
        _docs(self.env).add(self.env.docname)
        return [tarot_play(setup=setup, fixed="fixed" in self.options)]


def visit_play(translator: HTML5Translator, node: tarot_play) -> None:
    builder = translator.builder
    # Counted with the page's other widgets (tw1, tw2, ... in page order; see widgets.visit_widget).
    counter = getattr(translator, "_tarot_widget_counter", 0) + 1
    translator._tarot_widget_counter = counter
    plays = getattr(translator, "_tarot_play_counter", 0) + 1
    translator._tarot_play_counter = plays
    uid = f"tw{counter}-play"
    options = {"uid": uid, "links": widgets._links(translator)}
    first = play_bridge.first_state(node["setup"], json.dumps(options))
    runtime: dict[str, Any] = widgets.runtime(translator)
    here = builder.get_target_uri(builder.current_docname)
    version = _digest()
    runtime["modules"] = {
        name.removesuffix(".py"): relative_uri(here, f"{PLAY_ASSETS}/{name}") + f"?v={version}"
        for name in MODULES
    }
    html = render(
        "widgets/play.html",
        uid=uid,
        label=_("Play a deal") if plays == 1 else _("Play a deal ({number})", number=plays),
        fixed=bool(node["fixed"]),
        first={
            "state": first["state"],
            "title": first["title"],
            "setup_html": Markup(first["setup_html"]),
            "html": Markup(first["html"]),
        },
        runtime=json_attribute(runtime),
        options=json_attribute(options),
        config=json_attribute({"setup": first["address"], "fixed": bool(node["fixed"])}),
    )
    translator.body.append(str(html))
    raise nodes.SkipNode


def _page_assets(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    if pagename in _docs(app.env):
        app.add_css_file("tarot-widgets/tarot-widgets.css")
        app.add_css_file("tarot-play/play.css")
        app.add_js_file("tarot-play/play.mjs", type="module")


def copy_play_files(outdir: Path) -> None:
    assets = outdir / PLAY_ASSETS
    assets.mkdir(parents=True, exist_ok=True)
    for name in PLAY_FILES:
        shutil.copy2(widgets.WEB_DIR / name, assets / name)
    for name in MODULES:
        shutil.copy2(widgets.TUTORIAL / name, assets / name)


def _init(app: Sphinx) -> None:
    if app.builder.format == "html":
        copy_play_files(Path(app.outdir))


def _finish(app: Sphinx, exception: BaseException | None) -> None:
    if exception is None and app.builder.format == "html" and _docs(app.env):
        outdir = Path(app.outdir)
        copy_play_files(outdir)
        if not widgets._has_widgets(app):  # no other widget brought the engine's runtime
            widgets.copy_runtime(outdir, app.tarot_wheel_name)  # type: ignore[attr-defined]


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    _docs(env).discard(docname)


def _merge(app: Sphinx, env: BuildEnvironment, docnames: Iterable[str], other: BuildEnvironment) -> None:
    wanted = set(docnames)
    _docs(env).update(doc for doc in _docs(other) if doc in wanted)


def setup(app: Sphinx) -> ExtensionMetadata:
    app.setup_extension("tutorial.sphinxext.widgets")
    add_widget_node(app, tarot_play, visit_play)
    app.add_directive("tarot-play", PlayDirective)
    app.connect("builder-inited", _init)
    app.connect("html-page-context", _page_assets)
    app.connect("build-finished", _finish)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
