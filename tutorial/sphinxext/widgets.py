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
* ``tarot-score-sheet``: the score sheet of a whole session (:mod:`tutorial.sheet_bridge`), kept in the
  reader's browser. It runs its own script, ``score-sheet.mjs``, so it sits on a page of its own.

Each widget is drawn at build time by :mod:`tutorial.bridge` (the same code the browser runs), so the
page shows its content at once; a module script then starts Pyodide in a module Web Worker and the
widget answers the reader. Only pages with a widget load that script. The build copies the five
runtime files of the pinned npm package ``pyodide`` (``tutorial/node_modules/pyodide``) into
``_static/pyodide-<version>/``, and the engine's wheel, the bridge (its modules and HTML templates),
the libraries it imports (Jinja2 and MarkupSafe, see ``libraries.py``), the sample hands, the browser
code (``tutorial/web``) and a trimmed copy of Python's standard library (``STDLIB_LEFT_OUT``), which the
pages load instead of Pyodide's, into ``_static/tarot-widgets/``: nothing is fetched from another origin.
When Node is installed, the build also makes a Pyodide memory snapshot there, which the worker
restores instead of starting Python (see ``snapshot.py`` next to this file).

Configuration (``conf.py``): ``tarot_widgets_calculator_page`` (docname of the page the replay's
final score links to; by default the first page holding a calculator) and ``tarot_rule_pages``
(rule anchor, as in :class:`tarot_core.errors.Illegal`, to ``docname`` or ``docname#anchor``).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any, ClassVar, Final
from urllib.parse import parse_qs

from docutils import nodes
from docutils.parsers.rst import directives
from markupsafe import Markup
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri
from sphinx.util.typing import ExtensionMetadata
from sphinx.writers.html5 import HTML5Translator

from tarot_core.messages import _

from .. import bridge
from . import libraries, rule_links, snapshot
from .common import EngineCheckError
from .templating import json_attribute, render

logger = logging.getLogger(__name__)
ROOT: Final = Path(__file__).resolve().parents[2]
TUTORIAL: Final = ROOT / "tutorial"
WEB_DIR: Final = TUTORIAL / "web"
HANDS_DIR: Final = TUTORIAL / "hands"
#: The bridge package (``tutorial/bridge/``), which the worker imports as ``bridge``.
BRIDGE_DIR: Final = TUTORIAL / "bridge"
#: The package's files the worker needs: its modules and its HTML templates (``templates/**.html``).
BRIDGE_PATTERNS: Final = ("*.py", "templates/**/*.html")
#: The bridge package's files in one JSON object, path (under the worker's home) to text.
BRIDGE_FILE: Final = "bridge.json"
PYODIDE_DIR: Final = TUTORIAL / "node_modules" / "pyodide"
#: The sizes of the runtime's files, which the worker reads to show its loading progress in bytes.
SIZES_FILE: Final = "sizes.json"
#: The only files of the npm package the browser needs.
PYODIDE_FILES: Final = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
ASSETS: Final = "_static/tarot-widgets"
#: Python's standard library as the widgets load it: Pyodide's ``python_stdlib.zip`` (2.5 MB, already
#: compressed) less what neither the engine, the bridge nor Pyodide's own start can use in a browser
#: worker: debuggers, profilers, test runners, the interactive console, servers and mail, XML, SQLite,
#: and the codecs of legacy and East Asian character sets (Python's text is Unicode; the browser
#: decodes what it fetches). Written beside the widget files under a name that carries its digest.
STDLIB_LEFT_OUT: Final = frozenset(
    {
        *("__hello__.py", "__phello__", "_pyrepl", "antigravity.py", "this.py", "webbrowser.py"),
        *("bdb.py", "pdb.py", "cProfile.py", "profile.py", "pstats.py", "trace.py", "tracemalloc.py"),
        *("doctest.py", "unittest", "pydoc.py", "pyclbr.py", "tabnanny.py", "timeit.py", "compileall.py"),
        *("pickletools.py", "shelve.py", "zipapp.py", "wave.py", "pty.py", "tty.py", "multiprocessing"),
        *("http", "socketserver.py", "wsgiref", "xmlrpc", "ftplib.py", "imaplib.py", "poplib.py"),
        *("smtplib.py", "mailbox.py", "netrc.py", "xml", "sqlite3"),
    }
)
STDLIB_CODECS_LEFT_OUT: Final = re.compile(
    r"encodings/(big5\w*|cp(?!437\b|1252\b)\d+|euc_\w+|gb\w+|hz|iso2022_\w+|iso8859_\d+|johab|koi8_\w"
    r"|kz1048|mac_\w+|mbcs|oem|palmos|ptcp154|shift_jis\w*|tis_620|hp_roman8|_win_cp_codecs)\.py"
)
STDLIB_PREFIX: Final = "python_stdlib-"
WEB_FILES: Final = (
    "engine.mjs",
    "tarot-widgets.mjs",
    "tarot-worker.mjs",
    "tarot-widgets.css",
    "score-sheet.mjs",
    "score-sheet.css",
)
KINDS: Final = ("calculator", "replay", "play-check", "score-sheet")
#: Bridge modules besides the bridge package, loaded by the worker when a page names them.
EXTRA_BRIDGES: Final = ("sheet_bridge.py",)


def pyodide_version() -> str:
    package = PYODIDE_DIR / "package.json"
    try:
        return str(json.loads(package.read_text(encoding="utf-8"))["version"])
    except (OSError, KeyError, ValueError) as error:
        raise EngineCheckError(
            _(
                "the Pyodide runtime is missing ({file}): run `npm ci` in tutorial/ ({error})",
                file=package,
                error=error,
            )
        ) from None


def pyodide_folder() -> str:
    return f"_static/pyodide-{pyodide_version()}"


def stdlib_name() -> str:
    """The file name of the trimmed standard library: a digest of Pyodide's zip and of what is left out."""
    digest = hashlib.sha256((PYODIDE_DIR / "python_stdlib.zip").read_bytes())
    digest.update(repr(sorted(STDLIB_LEFT_OUT)).encode())
    digest.update(STDLIB_CODECS_LEFT_OUT.pattern.encode())
    return f"{STDLIB_PREFIX}{digest.hexdigest()[:12]}.zip"


def stdlib_kept(member: str) -> bool:
    top = member.split("/", maxsplit=1)[0]
    return top not in STDLIB_LEFT_OUT and not STDLIB_CODECS_LEFT_OUT.fullmatch(member)


def write_stdlib(assets: Path, name: str) -> Path:
    """Write the trimmed standard library into ``assets`` (unless it is there), remove older ones."""
    target = assets / name
    for old in assets.glob(f"{STDLIB_PREFIX}*.zip"):
        if old.name != name:
            old.unlink(missing_ok=True)
    if target.is_file():
        return target
    partial = assets / f"{name}.part"
    with (
        zipfile.ZipFile(PYODIDE_DIR / "python_stdlib.zip") as source,
        zipfile.ZipFile(partial, "w") as trimmed,
    ):
        for member in source.infolist():
            if stdlib_kept(member.filename):
                trimmed.writestr(member, source.read(member), compress_type=member.compress_type)
    partial.replace(target)
    return target


def _sources_digest() -> str:
    """A short digest of everything the worker loads, to make cached copies stale when it changes."""
    digest = hashlib.sha256()
    paths = [*sorted((ROOT / "tarot_core").rglob("*.py")), *_bridge_paths()]
    paths += [TUTORIAL / name for name in EXTRA_BRIDGES]
    paths += [*sorted(HANDS_DIR.glob("*.json")), *(WEB_DIR / name for name in WEB_FILES)]
    for path in paths:
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(path.read_bytes())
    # The libraries the bridge imports (Jinja2, MarkupSafe): the snapshot holds them imported.
    digest.update(libraries.digest().encode())
    return digest.hexdigest()[:12]


# ====================================================================================== nodes
class tarot_widget(nodes.General, nodes.Element):  # type: ignore[misc]  # docutils has no types
    """A widget; ``node["kind"]`` is calculator, replay or play-check; drawn by :func:`visit_widget`."""


def _widget_docs(env: BuildEnvironment) -> dict[str, set[str]]:
    store: dict[str, set[str]] | None = getattr(env, "tarot_widget_docs", None)
    if store is None:
        store = {}
        env.tarot_widget_docs = store  # type: ignore[attr-defined]
    return store


def _note(directive: SphinxDirective, kind: str) -> None:
    _widget_docs(directive.env).setdefault(directive.env.docname, set()).add(kind)


def _record_name(directive: SphinxDirective) -> str:
    name = str(directive.arguments[0]).strip().removesuffix(".json")
    if not (HANDS_DIR / f"{name}.json").is_file():
        known = ", ".join(bridge.record_names())
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
        return bridge.query_from_request(request)
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
        variant = (query.get("variant") or [bridge.DEFAULT_RULES])[0]
        if variant not in bridge.available_variants():
            raise EngineCheckError(
                _(
                    "{location}: the engine has no calculator for {variant!r}",
                    location=location,
                    variant=variant,
                )
            )
        answer = json.loads(bridge.calculate(json.dumps(query)))
        if not answer["ok"]:
            raise EngineCheckError(
                _(
                    "{location}: the starting request is refused: {reason}",
                    location=location,
                    reason=answer["message"],
                )
            )
        _note(self, "calculator")
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
        answer = json.loads(bridge.replay(name, step, view))
        if not answer["ok"]:
            raise EngineCheckError(f"{self.get_location()}: {answer['field']}: {answer['message']}")
        _note(self, "replay")
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
        answer = json.loads(bridge.position(name, self.options.get("step")))
        if not answer["ok"]:
            raise EngineCheckError(f"{self.get_location()}: {answer['field']}: {answer['message']}")
        _note(self, "play-check")
        node = tarot_widget(kind="play-check", record=name, step=answer["step"])
        node["classes"] += self.options.get("class", [])
        return [node]


class ScoreSheetDirective(SphinxDirective):
    """``tarot-score-sheet``: keep the score of a session; the sessions live in the reader's browser."""

    option_spec: ClassVar[dict[str, Any]] = {"class": directives.class_option}

    def run(self) -> list[nodes.Node]:
        _note(self, "score-sheet")
        node = tarot_widget(kind="score-sheet")
        node["classes"] += self.options.get("class", [])
        return [node]


# ====================================================================================== HTML
def _links(translator: HTML5Translator) -> dict[str, Any]:
    """Relative URLs of the calculator page and of each rule's page, from the page being written."""
    builder = translator.builder
    env = builder.env
    here = builder.get_target_uri(builder.current_docname)
    config = builder.config
    calculator = config.tarot_widgets_calculator_page
    docs = _widget_docs(env)
    if not calculator or calculator not in env.found_docs:
        calculator = next((doc for doc in sorted(docs) if "calculator" in docs[doc]), "")
    pages: dict[str, str] = dict(config.tarot_rule_pages)
    found = set(env.found_docs)
    labels = {name: (doc, anchor) for name, (doc, anchor, _title) in env.domaindata["std"]["labels"].items()}

    def uri(doc: str, fragment: str) -> str:
        return relative_uri(here, builder.get_target_uri(doc)) + (f"#{fragment}" if fragment else "")

    rules = rule_links.default_rules(labels, found, pages, uri)
    return {
        "calculator": relative_uri(here, builder.get_target_uri(calculator)) if calculator else "",
        "rules": rules,
        # Each rule set's own page for each refusal: a refusal links to the rules being played.
        "family_rules": rule_links.family_rules(labels, found, pages, uri),
    }


def runtime(translator: HTML5Translator) -> dict[str, str]:
    """The worker's files, as URLs relative to the page being written (``data-runtime``)."""
    builder = translator.builder
    here = builder.get_target_uri(builder.current_docname)
    app = builder.app
    version = app.tarot_widgets_digest  # type: ignore[attr-defined]

    def rel(path: str) -> str:
        return relative_uri(here, path)

    found = {
        "pyodide": rel(f"{pyodide_folder()}/"),
        "wheel": rel(f"{ASSETS}/{app.tarot_wheel_name}") + f"?v={version}",  # type: ignore[attr-defined]
        "bridge": rel(f"{ASSETS}/{BRIDGE_FILE}") + f"?v={version}",
        "libs": rel(f"{ASSETS}/{app.tarot_libraries_name}"),  # type: ignore[attr-defined]
        "hands": rel(f"{ASSETS}/hands.json") + f"?v={version}",
        "sizes": rel(f"{ASSETS}/{SIZES_FILE}"),
    }
    stdlib = getattr(app, "tarot_stdlib_name", None)
    if stdlib:
        found["stdlib"] = rel(f"{ASSETS}/{stdlib}")
    snapshot_name = getattr(app, "tarot_snapshot_name", None)
    if snapshot_name:  # absent when the build made none: the worker then starts Pyodide plainly
        found["snapshot"] = rel(f"{ASSETS}/{snapshot_name}")
    return found


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
    options = {"uid": uid, "links": _links(translator)}
    frame: dict[str, Any] = {
        "kind": kind,
        "id": uid,
        "classes": ["tarot-widget", f"tw-{kind}", *node.get("classes", [])],
        "runtime": runtime(translator),
        "options": options,
        "data": {},
        "json_data": {},
    }
    if kind == "calculator":
        answer = json.loads(bridge.calculate(json.dumps(node["query"]), json.dumps(options)))
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
        answer = json.loads(bridge.replay(node["record"], node["step"], node["view"], json.dumps(options)))
        inner = render("widgets/replay.html", uid=uid, state={**answer, "html": Markup(answer["html"])})
        frame["label"] = _unique(translator, _("Hand replay: {title}", title=answer["title"]))
        frame["data"] = {
            "record": node["record"],
            "step": answer["step"],
            "steps": answer["steps"],
            "view": answer["view"],
        }
    else:
        answer = json.loads(bridge.position(node["record"], node["step"], json.dumps(options)))
        inner = render("widgets/play-check.html", answer={"html": Markup(answer["html"])})
        label = _("May I play this card? {title}, step {step}", title=answer["title"], step=answer["step"])
        frame["label"] = _unique(translator, label)
        frame["data"] = {"record": node["record"], "step": answer["step"]}
    frame["runtime"] = json_attribute(frame["runtime"])
    frame["options"] = json_attribute(frame["options"])
    frame["json_data"] = {name: json_attribute(value) for name, value in frame["json_data"].items()}
    translator.body.append(str(render("widgets/widget.html", inner=inner, **frame)))
    raise nodes.SkipNode


def _score_sheet(translator: HTML5Translator, frame: dict[str, Any], uid: str) -> Markup:
    """The score sheet as a first visit shows it: no session open, the form that starts one."""
    from .. import sheet_bridge

    builder = translator.builder
    here = builder.get_target_uri(builder.current_docname)
    version = builder.app.tarot_widgets_digest  # type: ignore[attr-defined]
    frame["runtime"]["modules"] = {
        "sheet_bridge": relative_uri(here, f"{ASSETS}/sheet_bridge.py") + f"?v={version}"
    }
    frame["json_data"]["totals"] = {}
    frame["label"] = _unique(translator, _("Score sheet"))
    return render(
        "widgets/score-sheet.html",
        uid=uid,
        setup=Markup(sheet_bridge.setup_html(uid)),
        sessions=Markup(json.loads(sheet_bridge.sessions("{}"))["html"]),
    )


def _skip(translator: nodes.NodeVisitor, node: tarot_widget) -> None:
    raise nodes.SkipNode


# ====================================================================================== assets
def _has_widgets(app: Sphinx) -> bool:
    return any(_widget_docs(app.env).values())


def _page_assets(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """Only pages holding a widget load the widget code (and so Pyodide)."""
    if not _widget_docs(app.env).get(pagename):
        return
    # The files are in place since builder-inited, so Sphinx adds its own ``?v=`` checksum to each URL.
    kinds = _widget_docs(app.env)[pagename]
    app.add_css_file("tarot-widgets/tarot-widgets.css")
    if kinds - {"score-sheet"}:
        app.add_js_file("tarot-widgets/tarot-widgets.mjs", type="module")
    if "score-sheet" in kinds:
        app.add_css_file("tarot-widgets/score-sheet.css")
        app.add_js_file("tarot-widgets/score-sheet.mjs", type="module")


def install_runtime() -> None:
    """Install the pinned npm runtime (``npm ci`` in tutorial/) when it is missing."""
    if (PYODIDE_DIR / "package.json").is_file():
        return
    npm = shutil.which("npm")
    if npm is None:
        raise EngineCheckError(
            _("the Pyodide runtime is missing and npm is not installed: run `npm ci` in tutorial/")
        )
    logger.info("tarot widgets: installing the pinned Pyodide runtime (npm ci in tutorial/)")
    done = subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund"], cwd=TUTORIAL, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise EngineCheckError(_("npm ci in tutorial/ failed:\n{output}", output=done.stderr.strip()))


def _init(app: Sphinx) -> None:
    app.tarot_widgets_digest = _sources_digest()  # type: ignore[attr-defined]
    app.tarot_wheel_name = wheel_name()  # type: ignore[attr-defined]
    app.tarot_libraries_name = libraries.libraries_name()  # type: ignore[attr-defined]
    if app.builder.format == "html":
        install_runtime()
        # fail early, with the fix, when the runtime is not installed; then name the snapshot (or none),
        # which depends on the standard library it was made with
        app.tarot_stdlib_name = stdlib_name()  # type: ignore[attr-defined]
        version = f"{pyodide_version()} {app.tarot_stdlib_name}"  # type: ignore[attr-defined]
        snapshot.plan(app, app.tarot_widgets_digest, version)  # type: ignore[attr-defined]
        write_stdlib(copy_web_files(Path(app.outdir)), app.tarot_stdlib_name)  # type: ignore[attr-defined]
        for mismatch in libraries.version_mismatches():
            # The worker would draw with other versions than the pinned ones (nox installs the pins).
            logger.warning("tarot widgets: %s", mismatch, type="tarot", subtype="libraries")


def wheel_name() -> str:
    """The file name ``pip wheel`` gives the engine's wheel (from the version in pyproject.toml)."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    name = str(project["name"]).replace("-", "_")
    return f"{name}-{project['version']}-py3-none-any.whl"


def build_wheel(directory: Path) -> Path:
    """Build the engine's pure-Python wheel (``pip wheel --no-deps``) from a clean copy of the sources."""
    with tempfile.TemporaryDirectory(prefix="tarot-wheel-") as tmp:
        source = Path(tmp) / "src"
        source.mkdir()
        for name in ("pyproject.toml", "README.md", "LICENSE"):
            shutil.copy2(ROOT / name, source / name)
        # tutorial/hands is installed as tarot_core/hands (see pyproject.toml).
        for folder in ("tarot_core", "tutorial/hands"):
            shutil.copytree(ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__"))
        out = Path(tmp) / "dist"
        base = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", str(source), "-w", str(out)]
        done = subprocess.run([*base, "--no-build-isolation"], capture_output=True, text=True, check=False)
        if done.returncode != 0:
            done = subprocess.run(base, capture_output=True, text=True, check=False)
        wheels = sorted(out.glob("tarot_core-*-py3-none-any.whl"))
        if done.returncode != 0 or not wheels:
            raise EngineCheckError(
                _("building the engine's wheel failed:\n{output}", output=done.stderr.strip())
            )
        directory.mkdir(parents=True, exist_ok=True)
        target = directory / wheels[0].name
        shutil.copy2(wheels[0], target)
        return target


def _bridge_paths() -> list[Path]:
    return sorted({path for pattern in BRIDGE_PATTERNS for path in BRIDGE_DIR.glob(pattern)})


def bridge_files() -> dict[str, str]:
    """The bridge package's files as the worker writes them: ``bridge/<module>.py`` and
    ``bridge/templates/<area>/<name>.html`` to their text."""
    return {
        f"bridge/{path.relative_to(BRIDGE_DIR).as_posix()}": path.read_text(encoding="utf-8")
        for path in _bridge_paths()
    }


def copy_web_files(outdir: Path) -> Path:
    """The browser code, the bridge and the sample hands (small files, written before the pages)."""
    assets = outdir / ASSETS
    assets.mkdir(parents=True, exist_ok=True)
    for name in WEB_FILES:
        shutil.copy2(WEB_DIR / name, assets / name)
    (assets / BRIDGE_FILE).write_text(json.dumps(bridge_files(), ensure_ascii=False), encoding="utf-8")
    for name in EXTRA_BRIDGES:
        shutil.copy2(TUTORIAL / name, assets / name)
    hands = {path.stem: path.read_text(encoding="utf-8") for path in sorted(HANDS_DIR.glob("*.json"))}
    (assets / "hands.json").write_text(json.dumps(hands, ensure_ascii=False), encoding="utf-8")
    return assets


def copy_runtime(outdir: Path, wheel_name: str) -> None:
    """Write the runtime into the built site: Pyodide's five files and the widget assets (the
    engine's wheel and the libraries the bridge imports among them)."""
    pyodide_target = outdir / pyodide_folder()
    pyodide_target.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        source = PYODIDE_DIR / name
        target = pyodide_target / name
        if not target.exists() or target.stat().st_size != source.stat().st_size:
            shutil.copy2(source, target)
    assets = copy_web_files(outdir)
    wheel = build_wheel(assets / "build")
    shutil.move(wheel, assets / wheel_name)
    shutil.rmtree(assets / "build", ignore_errors=True)
    libraries.write_libraries(assets, libraries.libraries_name())
    write_sizes(outdir)


def _gzip_copy(path: Path) -> bool:
    """A gzip copy the build wrote beside its file (the snapshot is gzip itself, and listed)."""
    return path.name.endswith(".gz") and path.with_name(path.name.removesuffix(".gz")).is_file()


def write_sizes(outdir: Path) -> None:
    """List the bytes of every file the worker may fetch (Pyodide's and the widgets' own), by path
    relative to the list: the loading notice counts them as they come."""
    assets = outdir / ASSETS
    files = [*sorted((outdir / pyodide_folder()).iterdir()), *sorted(assets.iterdir())]
    listed = {
        Path(os.path.relpath(path, assets)).as_posix(): path.stat().st_size
        for path in files
        if path.is_file() and not _gzip_copy(path) and path.name != SIZES_FILE
    }
    (assets / SIZES_FILE).write_text(json.dumps(listed, indent=0, sort_keys=True), encoding="utf-8")


def _finish(app: Sphinx, exception: BaseException | None) -> None:
    if exception is None and app.builder.format == "html" and _has_widgets(app):
        copy_runtime(Path(app.outdir), app.tarot_wheel_name)  # type: ignore[attr-defined]
        snapshot_name = getattr(app, "tarot_snapshot_name", None)
        if snapshot_name:
            outdir = Path(app.outdir)
            wheel = outdir / ASSETS / app.tarot_wheel_name  # type: ignore[attr-defined]
            stdlib = outdir / ASSETS / app.tarot_stdlib_name  # type: ignore[attr-defined]
            libs = outdir / ASSETS / app.tarot_libraries_name  # type: ignore[attr-defined]
            snapshot.make(outdir / ASSETS, outdir / pyodide_folder(), wheel, snapshot_name, stdlib, libs)
            write_sizes(outdir)


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    _widget_docs(env).pop(docname, None)


def _merge(app: Sphinx, env: BuildEnvironment, docnames: Iterable[str], other: BuildEnvironment) -> None:
    ours = _widget_docs(env)
    for doc, kinds in _widget_docs(other).items():
        if doc in docnames:
            ours.setdefault(doc, set()).update(kinds)


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_config_value("tarot_widgets_calculator_page", "", "html", types=frozenset({str}))
    app.add_config_value("tarot_rule_pages", {}, "html", types=frozenset({dict}))
    app.add_node(
        tarot_widget,
        html=(visit_widget, None),
        latex=(_skip, None),
        text=(_skip, None),
        man=(_skip, None),
        texinfo=(_skip, None),
    )
    app.add_directive("tarot-calculator", CalculatorDirective)
    app.add_directive("tarot-replay", ReplayDirective)
    app.add_directive("tarot-play-check", PlayCheckDirective)
    app.add_directive("tarot-score-sheet", ScoreSheetDirective)
    app.connect("builder-inited", _init)
    app.connect("html-page-context", _page_assets)
    app.connect("build-finished", _finish)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
