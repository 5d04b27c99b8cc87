"""The Python libraries the widgets' bridge needs besides the engine, shipped to the browser's worker.

The bridge draws its HTML from Jinja2 templates (:mod:`tutorial.bridge.templates`), and Jinja2 needs
MarkupSafe. The Pyodide the site ships has no package of its own and fetches nothing from another
origin, so the build writes both libraries into ``_static/tarot-widgets/`` as one zip of their Python
files (with each one's metadata and licence), which the worker unpacks into ``site-packages`` as it does
the engine's wheel. The zip is made from the versions installed where the site is built, which
``pyproject.toml`` pins (dependency group ``widgets``): a build with other versions warns, so the
strict build fails. MarkupSafe's C speedups are left out; without them it escapes with its pure-Python
twin (``markupsafe/_native.py``), which gives the same text.

The zip's name carries a digest of what it holds, so a browser never keeps a stale copy; it is written
the same, byte for byte, from the same files (fixed dates, sorted members).
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import re
import tomllib
import zipfile
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parents[2]
#: The libraries, by their import name (each one's distribution has the same name).
LIBRARIES: Final = ("jinja2", "markupsafe")
#: The dependency group of ``pyproject.toml`` that pins them.
GROUP: Final = "widgets"
PREFIX: Final = "libraries-"
SUFFIX: Final = ".zip"
#: A member's date in the zip (the earliest a zip can hold), so that the same files give the same zip.
_DATE: Final = (1980, 1, 1, 0, 0, 0)


def _wanted(member: str) -> bool:
    """The Python files of a library's package, and its metadata and licence (no compiled code)."""
    top, _, rest = member.partition("/")
    if top.endswith(".dist-info"):
        return rest == "METADATA" or "LICENSE" in rest.upper()
    return member.endswith(".py") and "__pycache__" not in member


def library_files() -> list[tuple[str, Path]]:
    """(name in the zip, file) of every file shipped, sorted by name."""
    found: list[tuple[str, Path]] = []
    for name in LIBRARIES:
        distribution = importlib.metadata.distribution(name)
        for member in distribution.files or ():
            if _wanted(member.as_posix()):
                found.append((member.as_posix(), Path(str(distribution.locate_file(member)))))
    return sorted(found)


def digest() -> str:
    """A short digest of the shipped files' names and contents."""
    hashed = hashlib.sha256()
    for name, path in library_files():
        hashed.update(name.encode() + b"\0")
        hashed.update(path.read_bytes())
    return hashed.hexdigest()[:12]


def libraries_name() -> str:
    return f"{PREFIX}{digest()}{SUFFIX}"


def write_libraries(assets: Path, name: str) -> Path:
    """Write the zip into ``assets`` (unless it is there already) and remove older ones."""
    target = assets / name
    for old in assets.glob(f"{PREFIX}*{SUFFIX}"):
        if old.name != name:
            old.unlink(missing_ok=True)
    if target.is_file():
        return target
    partial = assets / f"{name}.part"
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for member, path in library_files():
            info = zipfile.ZipInfo(member, date_time=_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    partial.replace(target)
    return target


def pinned(pyproject: Path = ROOT / "pyproject.toml") -> dict[str, str]:
    """The versions ``pyproject.toml`` pins for the libraries (``name==version`` in the group)."""
    groups = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("dependency-groups", {})
    pins: dict[str, str] = {}
    for requirement in groups.get(GROUP, []):
        match = re.fullmatch(r"\s*([A-Za-z0-9_.-]+)\s*==\s*([^\s;]+)\s*", str(requirement))
        if match:
            pins[match.group(1).lower()] = match.group(2)
    return pins


def version_mismatches(pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    """Each library whose installed version is not the pinned one, as "name: installed X, pinned Y"."""
    pins = pinned(pyproject)
    out = []
    for name in LIBRARIES:
        installed = importlib.metadata.version(name)
        wanted = pins.get(name)
        if wanted != installed:
            out.append(f"{name}: installed {installed}, pinned {wanted or '(nothing)'}")
    return out
