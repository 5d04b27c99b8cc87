"""The project installed, not only checked out: ``pip install .`` into a fresh virtual environment.

The build runs on a copy of the files that go into the package (as ``tests/pyodide/prepare.py`` does
for the Pyodide wheel), so nothing lands in the work tree, and the commands then run from another
folder, where no checkout can help them. About 20 s: the environment, pip's isolated build, the install.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: What pyproject.toml puts in the package (tutorial/hands becomes tarot_core/hands).
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "tarot_core", "tutorial/hands")

pytestmark = [
    pytest.mark.install,
    pytest.mark.skipif(sys.platform == "emscripten", reason="no processes under Emscripten"),
]


def copy_sources(target: Path) -> Path:
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A fresh virtual environment with the project installed by ``pip install -v .``, and pip's log."""
    base = tmp_path_factory.mktemp("install")
    source = copy_sources(base / "source")
    env_dir = base / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / ("Scripts" if sys.platform == "win32" else "bin") / "python"
    done = subprocess.run(
        [str(python), "-m", "pip", "install", "-v", "--disable-pip-version-check", "."],
        cwd=source,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return env_dir, done.stdout + done.stderr


def tarot(env_dir: Path, cwd: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    command = env_dir / ("Scripts" if sys.platform == "win32" else "bin") / "tarot"
    return subprocess.run(
        [str(command), *argv], cwd=cwd, capture_output=True, text=True, timeout=60, check=False
    )


def test_the_build_prints_no_deprecation_or_licence_warning(installed: tuple[Path, str]) -> None:
    _, log = installed
    assert "Successfully installed tarot-core" in log or "Successfully installed tarot_core" in log
    for word in ("SetuptoolsDeprecationWarning", "DeprecationWarning", "license"):
        lines = [line for line in log.splitlines() if word in line and "Warning" in line]
        assert not lines, "\n".join(lines)


def test_the_installed_metadata_declares_the_licence(installed: tuple[Path, str]) -> None:
    env_dir, _ = installed
    python = env_dir / ("Scripts" if sys.platform == "win32" else "bin") / "python"
    script = (
        "import importlib.metadata as m, json; d = m.distribution('tarot-core'); "
        "print(json.dumps([d.metadata['License-Expression'], d.metadata.get_all('License-File'), "
        "[str(f) for f in d.files if f.name == 'LICENSE']]))"
    )
    # Isolated (-I): the checkout's own tarot_core.egg-info, left by an in-tree build, must not be found.
    done = subprocess.run(
        [str(python), "-I", "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    expression, files, shipped = json.loads(done.stdout)
    assert expression == "MIT" and files == ["LICENSE"] and len(shipped) == 1
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def test_replay_a_sample_by_name_from_any_folder(installed: tuple[Path, str], tmp_path: Path) -> None:
    env_dir, _ = installed
    done = tarot(env_dir, tmp_path, "replay", "fft-4-first-hand")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Your first hand: a garde with four players — French Tarot, 4 players")
    assert lines[-1] == "By seat: Alice +408, Bruno −136, Chloé −136, David −136"  # the minus sign
    # A path still works, and gives the same replay.
    path = tmp_path / "mine.json"
    shutil.copy2(ROOT / "tutorial" / "hands" / "fft-4-first-hand.json", path)
    by_path = tarot(env_dir, tmp_path, "replay", str(path))
    assert by_path.returncode == 0 and by_path.stdout == done.stdout


def test_replay_list_names_the_installed_samples(installed: tuple[Path, str], tmp_path: Path) -> None:
    env_dir, _ = installed
    done = tarot(env_dir, tmp_path, "replay", "--list")
    assert done.returncode == 0, done.stderr
    names = [line.split()[0] for line in done.stdout.splitlines()]
    assert names == sorted(path.stem for path in (ROOT / "tutorial" / "hands").glob("*.json"))


def test_the_pyodide_wheel_carries_the_samples(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``tests/pyodide/prepare.py`` builds the wheel Pyodide installs from its own copy of the sources."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("prepare", ROOT / "tests" / "pyodide" / "prepare.py")
    assert spec is not None and spec.loader is not None
    prepare = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "prepare", prepare)  # its dataclasses look their module up there
    spec.loader.exec_module(prepare)
    monkeypatch.setattr(prepare, "PROJECT_WHEELS", tmp_path / "project")
    monkeypatch.setattr(prepare, "PROJECT_STAMP", tmp_path / "project" / "source.sha256")
    wheel = prepare.ensure_project_wheel(quiet=True)
    names = wheel_names(wheel)
    samples = sorted(name for name in names if name.startswith("tarot_core/hands/"))
    expected = sorted(f"tarot_core/hands/{p.name}" for p in (ROOT / "tutorial" / "hands").glob("*.json"))
    assert samples == expected
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)


def wheel_names(wheel: Path) -> list[str]:
    import zipfile

    with zipfile.ZipFile(wheel) as archive:
        return archive.namelist()


def test_the_site_wheel_carries_the_samples(tmp_path: Path) -> None:
    """The docs build makes the wheel its widgets install in the browser from its own copy of the sources."""
    pytest.importorskip("sphinx")
    from tutorial.sphinxext.runtime import build_wheel

    names = wheel_names(build_wheel(tmp_path))
    samples = sorted(name for name in names if name.startswith("tarot_core/hands/"))
    expected = sorted(f"tarot_core/hands/{p.name}" for p in (ROOT / "tutorial" / "hands").glob("*.json"))
    assert samples == expected
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)
