"""The widgets' Pyodide memory snapshot, made during the HTML build.

A memory snapshot is a Python that has already started and imported the engine, the bridge and the
libraries the bridge draws its HTML with (Jinja2 and MarkupSafe), with the bridge's templates compiled.
The worker restores it instead of starting Python from scratch, which brings the widget's first answer
much sooner. The snapshot is made by ``tutorial/web/make-snapshot.mjs`` under Node, from the runtime,
the wheel, the libraries and the bridge of the built site, and written gzip-compressed into
``_static/tarot-widgets/`` under a name that carries a digest of everything it holds: the engine's
sources, the bridge and the libraries (the digest of the other widget files), the Pyodide version and
the script itself. A change to any of them
gives a new name, so a new snapshot, and a stale file is removed.

The snapshot is an optimisation only: a build without Node writes pages without it (and says so in a
note); the worker falls back to a plain start when the file is missing or cannot be restored.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path
from typing import Final

from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)
SCRIPT: Final = Path(__file__).resolve().parents[1] / "web" / "make-snapshot.mjs"
PREFIX: Final = "engine-"
SUFFIX: Final = ".snapshot.gz"
#: Making a snapshot takes about 5 s; a stuck Node process must not hold the build forever.
TIMEOUT_SECONDS: Final = 300


def snapshot_name(sources_digest: str, pyodide_version: str) -> str:
    """The snapshot's file name: the widgets' digest, then a digest of the runtime and of the script."""
    runtime = hashlib.sha256()
    runtime.update(pyodide_version.encode())
    runtime.update(SCRIPT.read_bytes())
    return f"{PREFIX}{sources_digest}-{runtime.hexdigest()[:8]}{SUFFIX}"


def node_executable() -> str | None:
    return shutil.which("node")


def plan(app: Sphinx, sources_digest: str, pyodide_version: str) -> str | None:
    """The snapshot's name when this build can make one (Node is installed), else ``None``.

    Set on ``app.tarot_snapshot_name`` before any page is written, since each page's widget
    configuration names the snapshot.
    """
    name: str | None = None
    if node_executable() is None:
        logger.info("tarot widgets: Node is not installed, so the pages start Pyodide without a snapshot")
    else:
        name = snapshot_name(sources_digest, pyodide_version)
    app.tarot_snapshot_name = name  # type: ignore[attr-defined]
    return name


def make(
    assets: Path,
    runtime: Path,
    wheel: Path,
    name: str,
    stdlib: Path | None = None,
    libs: Path | None = None,
) -> Path | None:
    """Write ``assets/name`` unless it is already there; remove older snapshots. ``None`` on failure.

    ``stdlib`` is the standard library the pages load, when not the runtime's own: the snapshot must be
    made with the very file it is restored with (Python keeps the zip's table of contents in memory).
    ``libs`` is the zip of the libraries the bridge imports (``libraries.py``), imported in the snapshot.

    A failure is logged as a note, not a warning: the pages work without the snapshot.
    """
    target = assets / name
    for old in assets.glob(f"{PREFIX}*{SUFFIX}"):
        if old.name != name:
            old.unlink(missing_ok=True)
    for partial in assets.glob(f"{PREFIX}*{SUFFIX}.part-*"):
        partial.unlink(missing_ok=True)
    if target.is_file():
        return target
    node = node_executable()
    if node is None:
        logger.info("tarot widgets: Node is not installed, so no Pyodide snapshot was made")
        return None
    command = [
        node,
        str(SCRIPT),
        "--pyodide",
        str(runtime),
        "--wheel",
        str(wheel),
        "--bridge",
        str(assets / "bridge.json"),
        "--out",
        str(target),
    ]
    if stdlib is not None:
        command += ["--stdlib", str(stdlib)]
    if libs is not None:
        command += ["--libs", str(libs)]
    logger.info("tarot widgets: making the Pyodide memory snapshot %s", name)
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT_SECONDS, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        logger.info("tarot widgets: no Pyodide snapshot (%s); the pages start Pyodide without it", error)
        return None
    if done.returncode != 0 or not target.is_file():
        detail = done.stderr.strip().splitlines()[-1:] or [f"exit status {done.returncode}"]
        logger.info("tarot widgets: no Pyodide snapshot (%s); the pages start Pyodide without it", detail[0])
        target.unlink(missing_ok=True)
        return None
    try:
        sizes = json.loads(done.stdout.strip().splitlines()[-1])
        logger.info(
            "tarot widgets: snapshot %s: %.1f MB, %.1f MB compressed",
            name,
            sizes["bytes"] / 1e6,
            sizes["gzip_bytes"] / 1e6,
        )
    except (ValueError, KeyError, IndexError):
        pass
    return target
