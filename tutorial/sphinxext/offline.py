"""The site offline and lighter: gzip copies of its large files, a service worker, a web app manifest.

Once the HTML build has written every page and the widgets' runtime (this extension's
``build-finished`` handler runs after the widgets' one), it writes:

* ``NAME.gz`` beside each text or WebAssembly file of more than a kilobyte that gzip makes smaller
  (the pages, scripts, stylesheets, Pyodide's ``.wasm``, ``.mjs`` and lock file): ``tutorial/tools/serve.py``
  (``nox -s serve``) sends that copy with ``Content-Encoding: gzip`` to a browser that takes it, as
  static hosts do with their own compression. Already compressed files (Python's standard library is
  a zip, the engine's wheel too, the memory snapshot is gzipped) are left as they are.
* ``sw.js``, the service worker (``tutorial/web/tarot-sw.js``), preceded by this build's list of
  files with their SHA-256 digests and a digest of that list, which names its cache: see that file
  for how a build is cached whole and replaced whole.
* ``manifest.webmanifest``: the site as an app a phone can put on its home screen, opening at the
  score sheet (``tarot_offline_start_page``; the home page while no such page exists), with the icons
  made by ``python -m tutorial.tools.make_icons``.

Every page's head links the manifest and registers the service worker, once the page has loaded and,
on a page with widgets, once the engine has started or failed to (so that the worker's downloads do
not compete with Python's; whichever widget the page holds, the play widget's game states included),
unless the browser asks to save data.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
from pathlib import Path
from typing import Any, Final

from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.typing import ExtensionMetadata

from tarot_core.messages import _

from . import runtime
from .editions import edition_folder
from .templating import render

logger = logging.getLogger(__name__)
WEB_DIR: Final = Path(__file__).resolve().parents[1] / "web"
SERVICE_WORKER: Final = "sw.js"
MANIFEST: Final = "manifest.webmanifest"
GZIP_SUFFIX: Final = ".gz"
#: The kinds of file worth a gzip copy: text, and WebAssembly (its code compresses to about a third).
COMPRESSIBLE: Final = frozenset(
    {".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".py", ".txt", ".webmanifest"}
)
MIN_BYTES: Final = 1024
#: A copy is kept only when it saves at least this share of the file.
MIN_SAVING: Final = 0.05
#: Files of the output that no page loads, kept out of the service worker's cache.
NOT_CACHED: Final = frozenset({SERVICE_WORKER, "objects.inv"})
THEME_COLOUR: Final = "#1f2a44"
BACKGROUND_COLOUR: Final = "#ffffff"
#: How long a page with widgets waits, once the engine has started, before it registers the service
#: worker: long enough for the first deal to be drawn. At the engine's start the browser is still
#: compiling its WebAssembly into faster code on threads of its own; the worker's install (every file of
#: the site fetched, checked and stored) on top of that left the main thread waiting for a core on a
#: 2-core machine, and the first drawing of a deal took 50 to 110 ms where it needs under 10. Three
#: seconds put the install on the computer's first moves instead, which it slowed
#: (docs/developers/performance.md, "The page's main thread").
SETTLE_MS: Final = 1000
ICONS: Final = (("_static/icon-192.png", 192), ("_static/icon-512.png", 512))
APPLE_ICON: Final = "_static/apple-touch-icon.png"


# ====================================================================================== files
def _site_files(outdir: Path) -> list[Path]:
    """Every file of the built site but Sphinx's own (``.doctrees``, ``.buildinfo``) and sources."""
    found = []
    for path in outdir.rglob("*"):
        parts = path.relative_to(outdir).parts
        if path.is_file() and not any(part.startswith(".") for part in parts) and parts[0] != "_sources":
            found.append(path)
    return sorted(found)


def _is_copy(path: Path) -> bool:
    """A gzip copy written beside its file (``x.wasm.gz``), not a file that is gzip itself."""
    return path.name.endswith(GZIP_SUFFIX) and path.with_name(path.name[: -len(GZIP_SUFFIX)]).is_file()


def compress(outdir: Path) -> tuple[int, int]:
    """Write the gzip copies (level 9, reproducible); remove those left without a file.

    Returns the bytes of the files that have a copy, and of their copies.
    """
    plain = packed = 0
    for path in _site_files(outdir):
        if path.name.endswith(GZIP_SUFFIX):
            original = path.with_name(path.name[: -len(GZIP_SUFFIX)])
            if original.suffix in COMPRESSIBLE and not original.is_file():
                path.unlink()  # the copy of a file that is gone
            continue
        copy = path.with_name(path.name + GZIP_SUFFIX)
        size = path.stat().st_size
        if path.suffix not in COMPRESSIBLE or size < MIN_BYTES:
            copy.unlink(missing_ok=True)
            continue
        if not (copy.is_file() and copy.stat().st_mtime >= path.stat().st_mtime):
            data = gzip.compress(path.read_bytes(), compresslevel=9, mtime=0)
            if len(data) > size * (1 - MIN_SAVING):
                copy.unlink(missing_ok=True)
                continue
            copy.write_bytes(data)
        plain += size
        packed += copy.stat().st_size
    return plain, packed


def _unused(outdir: Path, path: Path) -> bool:
    """Pyodide's own standard library, when the widgets load their trimmed copy of it instead."""
    return (
        path.name == "python_stdlib.zip"
        and path.parent.name.startswith("pyodide-")
        and any((outdir / runtime.ASSETS).glob(f"{runtime.STDLIB_PREFIX}*.zip"))
    )


def precache_list(outdir: Path) -> list[tuple[str, str]]:
    """Every file a page can load, as (path from the root, ``sha256-...`` integrity), sorted."""
    listed = []
    for path in _site_files(outdir):
        relative = path.relative_to(outdir).as_posix()
        if relative in NOT_CACHED or _is_copy(path) or _unused(outdir, path):
            continue
        digest = base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()
        listed.append((relative, f"sha256-{digest}"))
    return listed


def write_service_worker(outdir: Path) -> str:
    """Write ``sw.js`` for the site as it is now; returns the build's digest (its cache's name)."""
    files = precache_list(outdir)
    text = json.dumps(files, separators=(",", ":"))
    build = hashlib.sha256(text.encode()).hexdigest()[:16]
    template = (WEB_DIR / "tarot-sw.js").read_text(encoding="utf-8")
    head = f'const BUILD = "{build}";\nconst FILES = {text};\n'
    target = outdir / SERVICE_WORKER
    target.write_text(head + template, encoding="utf-8")
    (outdir / (SERVICE_WORKER + GZIP_SUFFIX)).write_bytes(
        gzip.compress(target.read_bytes(), compresslevel=9, mtime=0)
    )
    return build


def manifest(title: str, start_url: str) -> dict[str, Any]:
    """The web app manifest; its addresses are relative to the manifest, at the site's root."""
    return {
        "name": title,
        "short_name": "Tarot",
        "description": _(
            "Rules, worked examples, a score calculator and a score sheet for tarot card games."
        ),
        "start_url": start_url,
        "scope": "./",
        "display": "standalone",
        "background_color": BACKGROUND_COLOUR,
        "theme_color": THEME_COLOUR,
        "icons": [
            {"src": src, "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any"}
            for src, size in ICONS
        ],
    }


# ====================================================================================== pages
def _head(root: str) -> str:
    """The manifest's link, the theme colour, and the script that registers the service worker."""
    head = render(
        "pages/offline-head.html",
        root=root,
        manifest=MANIFEST,
        worker=SERVICE_WORKER,
        icon=APPLE_ICON,
        colour=THEME_COLOUR,
        settle=SETTLE_MS,
    )
    return str(head)


def _page_head(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    if app.builder.format != "html":
        return
    # An edition in another language registers the main build's worker, which keeps every edition.
    root = "../" * pagename.count("/") + "../" * edition_folder(app.config.language).count("/")
    context["metatags"] = f"{context.get('metatags') or ''}\n    {_head(root)}"


def _start_url(app: Sphinx) -> str:
    page = str(app.config.tarot_offline_start_page)
    if page in app.env.found_docs:
        return str(app.builder.get_target_uri(page))
    logger.info("tarot offline: no page %r yet, so the home-screen app opens at the home page", page)
    return str(app.builder.get_target_uri(app.config.root_doc))


def _finish(app: Sphinx, exception: BaseException | None) -> None:
    if exception is not None or app.builder.format != "html" or app.builder.name != "html":
        return
    if app.config.tarot_shared_runtime:
        return  # an edition in another language: the main build compresses and lists its files
    outdir = Path(app.outdir)
    title = str(app.config.html_title or app.config.project)
    (outdir / MANIFEST).write_text(
        json.dumps(manifest(title, _start_url(app)), indent=1, ensure_ascii=False), encoding="utf-8"
    )
    plain, packed = compress(outdir)
    build = write_service_worker(outdir)
    logger.info(
        "tarot offline: gzip copies of %.1f MB of files take %.1f MB; service worker for build %s",
        plain / 1e6,
        packed / 1e6,
        build,
    )


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_config_value("tarot_offline_start_page", "how-to/score-sheet", "html", types=frozenset({str}))
    app.connect("html-page-context", _page_head)
    # After the widgets' handler (priority 500), which writes the runtime and the snapshot.
    app.connect("build-finished", _finish, priority=900)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
