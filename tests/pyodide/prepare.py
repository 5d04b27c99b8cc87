"""Prepare what the Pyodide tests need, and nothing that is already there.

Run ``python tests/pyodide/prepare.py`` (``nox -s tests`` does it): it

1. installs the pinned npm runtime (``npm ci`` in ``tutorial/``) when ``tutorial/node_modules`` is missing
   or does not match ``tutorial/package-lock.json``;
2. downloads the pure-Python wheels of ``requirements-pyodide.txt`` (pytest, hypothesis and their
   dependencies, pinned by version and hash) into ``.cache/wheels/pyodide/``;
3. builds the project's own wheel into ``.cache/wheels/project/`` when its sources changed;
4. writes ``.cache/pyodide/manifest.json``, which the Node runners of this folder read.

``python tests/pyodide/prepare.py --check`` only reports what is missing and exits 1 if anything is.
A second run with everything in place takes a fraction of a second.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parents[2]
HERE: Final = Path(__file__).resolve().parent
TUTORIAL: Final = ROOT / "tutorial"
NODE_MODULES: Final = TUTORIAL / "node_modules"
PYODIDE_DIR: Final = NODE_MODULES / "pyodide"
REQUIREMENTS: Final = HERE / "requirements-pyodide.txt"
CACHE: Final = ROOT / ".cache"
TEST_WHEELS: Final = CACHE / "wheels" / "pyodide"
PROJECT_WHEELS: Final = CACHE / "wheels" / "project"
PROJECT_STAMP: Final = PROJECT_WHEELS / "source.sha256"
MANIFEST: Final = CACHE / "pyodide" / "manifest.json"

#: Files whose content goes into the project wheel; a change to any of them rebuilds it. The sample
#: records of tutorial/hands are installed as tarot_core/hands (see pyproject.toml).
PROJECT_SOURCES: Final = ("pyproject.toml", "README.md", "LICENSE", "tarot_core", "tutorial/hands")
MIN_NODE_MAJOR: Final = 18
HOW_TO_FIX: Final = "run `python tests/pyodide/prepare.py` (the `nox -s tests` session does it for you)"


class PrepareError(RuntimeError):
    """Something the Pyodide tests need could not be found or made."""


@dataclass(frozen=True, slots=True)
class Requirement:
    """One pinned wheel of ``requirements-pyodide.txt``."""

    name: str
    version: str
    sha256: str

    @property
    def wheel_prefix(self) -> str:
        """The start of the wheel's file name (PEP 427 escapes ``-`` and ``.`` as ``_``)."""
        return f"{re.sub(r'[-_.]+', '_', self.name).lower()}-{self.version}-"


def read_requirements(path: Path = REQUIREMENTS) -> list[Requirement]:
    """Parse ``name==version --hash=sha256:...`` lines."""
    requirements: list[Requirement] = []
    pattern = re.compile(r"^([A-Za-z0-9_.-]+)==(\S+)\s+--hash=sha256:([0-9a-f]{64})$")
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        match = pattern.match(line)
        if match is None:
            raise PrepareError(f"{path.name}, line {number}: expected 'name==version --hash=sha256:...'")
        requirements.append(Requirement(*match.groups()))
    return requirements


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _run(command: list[str], cwd: Path, quiet: bool) -> None:
    if not quiet:
        print("+", " ".join(command), flush=True)
    result = subprocess.run(command, cwd=cwd, capture_output=quiet, text=True, check=False)
    if result.returncode != 0:
        output = (result.stdout or "") + (result.stderr or "")
        raise PrepareError(f"`{' '.join(command)}` failed with exit code {result.returncode}\n{output}")


# ---------------------------------------------------------------------------------------------- node, npm
def node_problems() -> list[str]:
    """Why Node cannot run the Pyodide runners, if it cannot."""
    node = shutil.which("node")
    if node is None:
        return ["`node` is not on PATH: install Node.js 18 or later (Debian: apt-get install nodejs npm)"]
    version = subprocess.run([node, "--version"], capture_output=True, text=True, check=False).stdout.strip()
    match = re.match(r"v(\d+)\.", version)
    if match is None or int(match.group(1)) < MIN_NODE_MAJOR:
        return [
            f"Node.js {version or '(unknown version)'} is too old: Pyodide needs {MIN_NODE_MAJOR} or later"
        ]
    return []


def npm_problems() -> list[str]:
    """Packages of ``tutorial/package-lock.json`` missing from, or of another version in, node_modules."""
    lock = json.loads((TUTORIAL / "package-lock.json").read_text(encoding="utf-8"))
    problems: list[str] = []
    for key, entry in sorted(lock.get("packages", {}).items()):
        if not key.startswith("node_modules/"):
            continue
        manifest = TUTORIAL / key / "package.json"
        if not manifest.is_file():
            problems.append(f"npm package {key.removeprefix('node_modules/')} is not installed in tutorial/")
            continue
        installed = json.loads(manifest.read_text(encoding="utf-8")).get("version")
        if installed != entry.get("version"):
            problems.append(
                f"npm package {key.removeprefix('node_modules/')} is {installed} in tutorial/node_modules, "
                f"the lock file pins {entry.get('version')}"
            )
    return problems


def ensure_npm(quiet: bool = False) -> None:
    if not npm_problems():
        return
    npm = shutil.which("npm")
    if npm is None:
        raise PrepareError(
            "`npm` is not on PATH: install Node.js and npm (Debian: apt-get install nodejs npm)"
        )
    _run([npm, "ci", "--no-audit", "--no-fund"], cwd=TUTORIAL, quiet=quiet)
    if problems := npm_problems():
        raise PrepareError("npm ci did not install the pinned runtime:\n" + "\n".join(problems))


# ------------------------------------------------------------------------------------- test-tool wheels
def find_wheel(requirement: Requirement) -> Path | None:
    """The downloaded wheel of that requirement, if present and of the pinned hash."""
    if not TEST_WHEELS.is_dir():
        return None
    for path in sorted(TEST_WHEELS.glob("*.whl")):
        if path.name.lower().startswith(requirement.wheel_prefix) and _sha256(path) == requirement.sha256:
            return path
    return None


def wheel_problems() -> list[str]:
    return [
        f"wheel {req.name}=={req.version} is missing from {TEST_WHEELS.relative_to(ROOT)}"
        for req in read_requirements()
        if find_wheel(req) is None
    ]


def ensure_test_wheels(quiet: bool = False) -> list[Path]:
    if wheel_problems():
        TEST_WHEELS.mkdir(parents=True, exist_ok=True)
        command = [sys.executable, "-m", "pip", "download", "--disable-pip-version-check"]
        command += ["--only-binary=:all:", "--no-deps", "--require-hashes"]
        # Resolve for Pyodide's interpreter, not the one running this script.
        command += [
            "--python-version",
            "3.14",
            "--implementation",
            "py",
            "--abi",
            "none",
            "--platform",
            "any",
        ]
        command += ["-r", str(REQUIREMENTS), "-d", str(TEST_WHEELS)]
        _run(command, cwd=ROOT, quiet=quiet)
    wheels: list[Path] = []
    for requirement in read_requirements():
        wheel = find_wheel(requirement)
        if wheel is None:
            raise PrepareError(f"pip did not download {requirement.name}=={requirement.version}")
        wheels.append(wheel)
    return wheels


# ---------------------------------------------------------------------------------------- project wheel
def _project_files() -> list[Path]:
    files: list[Path] = []
    for name in PROJECT_SOURCES:
        path = ROOT / name
        if path.is_file():
            files.append(path)
        elif path.is_dir():
            files += [
                item
                for item in path.rglob("*")
                if item.is_file() and "__pycache__" not in item.parts and item.suffix != ".pyc"
            ]
    return sorted(files)


def source_digest() -> str:
    """One hash of every file that goes into the project wheel."""
    digest = hashlib.sha256()
    for path in _project_files():
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def project_wheel() -> Path | None:
    """The built project wheel, if it is there and was built from the current sources."""
    wheels = sorted(PROJECT_WHEELS.glob("*.whl")) if PROJECT_WHEELS.is_dir() else []
    if len(wheels) != 1 or not PROJECT_STAMP.is_file():
        return None
    if PROJECT_STAMP.read_text(encoding="utf-8").strip() != source_digest():
        return None
    return wheels[0]


def ensure_project_wheel(quiet: bool = False) -> Path:
    """Build ``tarot_core`` as a ``py3-none-any`` wheel when its sources changed since the last build.

    The build runs on a copy of the sources, so no ``build/`` or ``*.egg-info`` lands in the work tree.
    """
    existing = project_wheel()
    if existing is not None:
        return existing
    digest = source_digest()
    with tempfile.TemporaryDirectory(prefix="tarot-wheel-") as temp:
        source = Path(temp) / "src"
        source.mkdir()
        for path in _project_files():
            target = source / path.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
        if not (source / "README.md").exists():
            # pyproject.toml names README.md as the long description; the wheel only needs some text.
            (source / "README.md").write_text("# tarot-core\n", encoding="utf-8")
        out = Path(temp) / "out"
        command = [sys.executable, "-m", "pip", "wheel", "--disable-pip-version-check", "--no-deps"]
        command += ["--no-cache-dir", "-w", str(out), str(source)]
        _run(command, cwd=Path(temp), quiet=quiet)
        built = sorted(out.glob("tarot_core-*-py3-none-any.whl"))
        if len(built) != 1:
            raise PrepareError(
                f"expected one pure-Python tarot_core wheel, pip built {[p.name for p in built]}"
            )
        if PROJECT_WHEELS.exists():
            shutil.rmtree(PROJECT_WHEELS)
        PROJECT_WHEELS.mkdir(parents=True)
        wheel = PROJECT_WHEELS / built[0].name
        shutil.copy2(built[0], wheel)
    PROJECT_STAMP.write_text(digest + "\n", encoding="utf-8")
    return wheel


# --------------------------------------------------------------------------------------------- manifest
def write_manifest(test_wheels: list[Path], wheel: Path) -> None:
    """Tell the Node runners where the runtime and the wheels are (absolute paths)."""
    manifest = {
        "pyodide": str(PYODIDE_DIR),
        "pyodideVersion": json.loads((PYODIDE_DIR / "package.json").read_text(encoding="utf-8"))["version"],
        "projectWheel": str(wheel),
        "testWheels": [str(path) for path in test_wheels],
        "repository": str(ROOT),
    }
    text = json.dumps(manifest, indent=2) + "\n"
    if MANIFEST.is_file() and MANIFEST.read_text(encoding="utf-8") == text:
        return
    MANIFEST.parent.mkdir(parents=True, exist_ok=True)
    temp = MANIFEST.with_suffix(f".{os.getpid()}.tmp")
    temp.write_text(text, encoding="utf-8")
    temp.replace(MANIFEST)


def problems() -> list[str]:
    """Everything missing or stale, without changing anything."""
    found = node_problems() + npm_problems() + wheel_problems()
    if project_wheel() is None:
        found.append("the project wheel in .cache/wheels/project is missing or older than tarot_core/")
    if not MANIFEST.is_file():
        found.append(f"{MANIFEST.relative_to(ROOT)} is missing")
    return found


def prepare(quiet: bool = False) -> None:
    """Make everything ready; fast when it already is."""
    if found := node_problems():
        raise PrepareError("\n".join(found))
    ensure_npm(quiet)
    test_wheels = ensure_test_wheels(quiet)
    wheel = ensure_project_wheel(quiet)
    write_manifest(test_wheels, wheel)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="only report what is missing or stale")
    parser.add_argument("--quiet", action="store_true", help="print only errors")
    args = parser.parse_args(argv)
    if args.check:
        found = problems()
        for problem in found:
            print(problem)
        if found:
            print(f"To fix: {HOW_TO_FIX}")
        return 1 if found else 0
    try:
        prepare(quiet=args.quiet)
    except PrepareError as error:
        print(f"prepare: {error}", file=sys.stderr)
        return 1
    if not args.quiet:
        print(f"Pyodide tests ready: {MANIFEST.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
