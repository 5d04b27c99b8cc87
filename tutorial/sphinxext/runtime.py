"""The engine's runtime in the built site: Pyodide, the engine's wheel, the bridge and the worker.

Every widget runs the engine in the reader's browser. The build copies the five runtime files of the
pinned npm package ``pyodide`` (``tutorial/node_modules/pyodide``, installed with ``npm ci`` when it is
missing) into ``_static/pyodide-<version>/``, and writes into ``_static/tarot-widgets/`` the engine's
wheel, the bridge package (:mod:`tutorial.bridge`, every widget's bridge, as one JSON object of its
modules and HTML templates), the libraries it imports (Jinja2 and MarkupSafe, see ``libraries.py``), the
sample hands, the worker (``tutorial/web``) and a trimmed copy of Python's standard library
(``STDLIB_LEFT_OUT``), which the pages load instead of Pyodide's: nothing is fetched from another
origin. When Node is installed, the build also makes a Pyodide memory snapshot there, which the worker
restores instead of starting Python (see ``snapshot.py`` next to this file). The widget registry
(``registry.py``) calls :func:`prepare` when the build starts and :func:`finish` when it ends.
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
from typing import Final

from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.osutil import relative_uri
from sphinx.writers.html5 import HTML5Translator

from tarot_core.messages import _

from . import libraries, snapshot
from .common import EngineCheckError
from .editions import edition_folder

logger = logging.getLogger(__name__)
ROOT: Final = Path(__file__).resolve().parents[2]
TUTORIAL: Final = ROOT / "tutorial"
WEB_DIR: Final = TUTORIAL / "web"
HANDS_DIR: Final = TUTORIAL / "hands"
#: The bridge package (``tutorial/bridge/``, every widget's bridge), which the worker imports as ``bridge``.
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
#: The engine's side of every widget page (``tutorial/web``): the page's connection to the worker, and
#: the worker.
WORKER_FILES: Final = ("engine.mjs", "tarot-worker.mjs")


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


def sources_digest(web_files: Iterable[Path]) -> str:
    """A short digest of everything the worker loads and of the widgets' files, to make cached copies
    stale when it changes."""
    digest = hashlib.sha256()
    paths = [*sorted((ROOT / "tarot_core").rglob("*.py")), *_bridge_paths()]
    paths += [*sorted(HANDS_DIR.glob("*.json")), *(WEB_DIR / name for name in WORKER_FILES), *web_files]
    for path in paths:
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(path.read_bytes())
    # The libraries the bridge imports (Jinja2, MarkupSafe): the snapshot holds them imported.
    digest.update(libraries.digest().encode())
    return digest.hexdigest()[:12]


def page_runtime(translator: HTML5Translator) -> dict[str, str]:
    """The runtime's URLs for the page being written (a widget's ``data-runtime``)."""
    builder = translator.builder
    return runtime_urls(builder.app, builder.get_target_uri(builder.current_docname))


def runtime_urls(app: Sphinx, here: str) -> dict[str, str]:
    """The runtime's URLs relative to the page written at ``here``. In an edition of the site in
    another language (``tarot_shared_runtime``), those of the main build, which the edition shares."""
    shared = getattr(app, "tarot_shared_urls", None)
    if shared is not None:
        up = "../" * here.count("/") + "../" * edition_folder(app.config.language).count("/")
        return {name: up + url for name, url in shared.items()}
    version = app.tarot_widgets_digest  # type: ignore[attr-defined]

    def rel(path: str) -> str:
        return relative_uri(here, path)

    runtime = {
        "pyodide": rel(f"{pyodide_folder()}/"),
        "wheel": rel(f"{ASSETS}/{app.tarot_wheel_name}") + f"?v={version}",  # type: ignore[attr-defined]
        "bridge": rel(f"{ASSETS}/{BRIDGE_FILE}") + f"?v={version}",
        "libs": rel(f"{ASSETS}/{app.tarot_libraries_name}"),  # type: ignore[attr-defined]
        "hands": rel(f"{ASSETS}/hands.json") + f"?v={version}",
        "sizes": rel(f"{ASSETS}/{SIZES_FILE}"),
    }
    stdlib = getattr(app, "tarot_stdlib_name", None)
    if stdlib:
        runtime["stdlib"] = rel(f"{ASSETS}/{stdlib}")
    snapshot_name = getattr(app, "tarot_snapshot_name", None)
    if snapshot_name:  # absent when the build made none: the worker then starts Pyodide plainly
        runtime["snapshot"] = rel(f"{ASSETS}/{snapshot_name}")
    return runtime


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


def copy_worker_files(outdir: Path) -> Path:
    """The scripts that start and run the worker, into the widgets' folder, which it returns."""
    assets = outdir / ASSETS
    assets.mkdir(parents=True, exist_ok=True)
    for name in WORKER_FILES:
        shutil.copy2(WEB_DIR / name, assets / name)
    return assets


def copy_engine_files(outdir: Path) -> Path:
    """The worker, the bridge and the sample hands (small files, written before the pages)."""
    assets = copy_worker_files(outdir)
    (assets / BRIDGE_FILE).write_text(json.dumps(bridge_files(), ensure_ascii=False), encoding="utf-8")
    hands = {path.stem: path.read_text(encoding="utf-8") for path in sorted(HANDS_DIR.glob("*.json"))}
    (assets / "hands.json").write_text(json.dumps(hands, ensure_ascii=False), encoding="utf-8")
    return assets


def copy_runtime(outdir: Path, wheel_name: str) -> None:
    """Write the runtime into the built site: Pyodide's five files, the worker, the bridge, the wheel and
    the libraries the bridge imports."""
    pyodide_target = outdir / pyodide_folder()
    pyodide_target.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        source = PYODIDE_DIR / name
        target = pyodide_target / name
        if not target.exists() or target.stat().st_size != source.stat().st_size:
            shutil.copy2(source, target)
    assets = copy_engine_files(outdir)
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


def prepare(app: Sphinx, web_files: Iterable[Path]) -> None:
    """Name what this build writes (the digest of the sources, the wheel, the standard library, the
    snapshot) and write the runtime's small files, before any page is written."""
    app.tarot_widgets_digest = sources_digest(web_files)  # type: ignore[attr-defined]
    shared = str(app.config.tarot_shared_runtime)
    if shared:
        # An edition in another language: the main build's runtime, written there, serves its pages.
        app.tarot_shared_urls = json.loads(Path(shared).read_text(encoding="utf-8"))  # type: ignore[attr-defined]
        if app.builder.format == "html":
            # The scripts that start the worker, beside the edition's widget scripts that import them.
            copy_worker_files(Path(app.outdir))
        return
    app.tarot_wheel_name = wheel_name()  # type: ignore[attr-defined]
    app.tarot_libraries_name = libraries.libraries_name()  # type: ignore[attr-defined]
    if app.builder.format == "html":
        install_runtime()
        # fail early, with the fix, when the runtime is not installed; then name the snapshot (or none),
        # which depends on the standard library it was made with
        app.tarot_stdlib_name = stdlib_name()  # type: ignore[attr-defined]
        runtime = f"{pyodide_version()} {app.tarot_stdlib_name}"  # type: ignore[attr-defined]
        snapshot.plan(app, app.tarot_widgets_digest, runtime)  # type: ignore[attr-defined]
        write_stdlib(copy_engine_files(Path(app.outdir)), app.tarot_stdlib_name)  # type: ignore[attr-defined]
        for mismatch in libraries.version_mismatches():
            # The worker would draw with other versions than the pinned ones (nox installs the pins).
            logger.warning("tarot widgets: %s", mismatch, type="tarot", subtype="libraries")


def finish(app: Sphinx) -> None:
    """Write the whole runtime, then the snapshot when this build makes one (the widgets' own files are
    in place: their sizes are listed too). An edition in another language writes none: it shares the
    main build's."""
    if getattr(app, "tarot_shared_urls", None) is not None:
        return
    copy_runtime(Path(app.outdir), app.tarot_wheel_name)  # type: ignore[attr-defined]
    snapshot_name = getattr(app, "tarot_snapshot_name", None)
    if snapshot_name:
        outdir = Path(app.outdir)
        wheel = outdir / ASSETS / app.tarot_wheel_name  # type: ignore[attr-defined]
        stdlib = outdir / ASSETS / app.tarot_stdlib_name  # type: ignore[attr-defined]
        libs = outdir / ASSETS / app.tarot_libraries_name  # type: ignore[attr-defined]
        snapshot.make(outdir / ASSETS, outdir / pyodide_folder(), wheel, snapshot_name, stdlib, libs)
        write_sizes(outdir)
