"""The README's command-line examples print what they say.

Each example is a ``$ python -m tarot_core ...`` line followed by the lines it prints. ``...`` alone
stands for any number of lines, ``...`` inside a line for any text; ``[exit status N]`` gives the
expected exit status (0 otherwise).
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXIT = re.compile(r"\[exit status (\d+)\]")


def examples() -> list[tuple[str, list[str]]]:
    found: list[tuple[str, list[str]]] = []
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines):
        text = line.strip()
        if not text.startswith("$ python -m tarot_core "):
            continue
        expected: list[str] = []
        for after in lines[number + 1 :]:
            if not after.startswith("    ") or not after.strip():
                break
            expected.append(after[4:])
        found.append((text[2:], expected))
    return found


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` fits the pattern lines (``...`` alone skips lines, ``...`` inside is any text)."""
    if not expected:
        return not actual
    head, rest = expected[0], expected[1:]
    if head == "...":
        return any(matches(rest, actual[start:]) for start in range(len(actual) + 1))
    if not actual:
        return False
    pattern = ".*".join(re.escape(piece) for piece in head.split("..."))
    return re.fullmatch(pattern, actual[0]) is not None and matches(rest, actual[1:])


CASES = examples()


def test_the_readme_has_command_line_examples() -> None:
    assert len(CASES) >= 5


@pytest.mark.parametrize(("command", "expected"), CASES, ids=[c for c, _ in CASES])
def test_readme_example(command: str, expected: list[str]) -> None:
    status = 0
    lines = []
    for line in expected:
        found = EXIT.fullmatch(line.strip())
        if found:
            status = int(found.group(1))
        else:
            lines.append(line)
    argv = [sys.executable, *shlex.split(command)[1:]]
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == status, done.stderr
    printed = (done.stdout + done.stderr).splitlines()
    assert matches(lines, printed), "\n".join(printed)


def setup_section() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## Set up")
    return text[start : text.index("\n## ", start + 1)]


def test_the_set_up_has_exactly_two_commands() -> None:
    commands = [line.strip() for line in setup_section().splitlines() if line.startswith("    ")]
    assert commands == [
        "python3 -m pip install nox && nox -s serve",
        "python3 -m pip install nox && nox -s lint tests",
    ]


def test_the_set_up_names_what_the_commands_need_and_how_long_they_take() -> None:
    import tomllib

    section = " ".join(setup_section().split())
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    python = project["requires-python"].removeprefix(">=")
    assert f"Python {python} or newer" in section
    prepare = (ROOT / "tests" / "pyodide" / "prepare.py").read_text(encoding="utf-8")
    node = re.search(r"MIN_NODE_MAJOR: Final = (\d+)", prepare)
    assert node is not None and f"Node.js {node.group(1)} or newer and npm" in section
    assert "`chromium`" in section and "root" in section
    assert "`nox -s serve -- PORT` picks the port" in section
    # each command says how long it takes (the figures themselves are measured, not tested)
    assert re.search(r"first run installs and builds in about [a-z ]+ \(\d+ s ", section)
    assert re.search(r"later run serves in about [a-z ]+ \(\d+ s\)", section)
    assert re.search(r"took \d+ (to \d+ )?minutes", section)
