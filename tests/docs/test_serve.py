"""``nox -s serve -- PORT``: a port that is taken or not a port stops it at once, before any build.

The session runs with ``--no-venv`` (the check comes first, so nothing is installed): one message
line, a non-zero exit, and no Sphinx run.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOX = shutil.which("nox")

pytestmark = pytest.mark.skipif(NOX is None, reason="nox is not on PATH (pip install nox)")


def serve(*argv: str) -> tuple[subprocess.CompletedProcess[str], float]:
    assert NOX is not None
    start = time.perf_counter()
    done = subprocess.run(
        [NOX, "--no-venv", "--no-color", "-f", str(ROOT / "noxfile.py"), "-s", "serve", "--", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return done, time.perf_counter() - start


@pytest.fixture
def busy_port() -> Iterator[int]:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        yield server.getsockname()[1]


def aborted(done: subprocess.CompletedProcess[str]) -> str:
    """The one line saying why the session stopped; checks that nothing was installed or built."""
    output = done.stdout + done.stderr
    assert done.returncode != 0, output
    assert "sphinx-build" not in output and "pip install" not in output, output
    lines = [line for line in output.splitlines() if "Session serve aborted" in line]
    assert len(lines) == 1, output
    return lines[0]


def test_a_port_in_use_stops_serve_before_the_build(busy_port: int) -> None:
    done, seconds = serve(str(busy_port))
    assert f"port {busy_port} is already in use" in aborted(done)
    assert seconds < 30


@pytest.mark.parametrize("argv", [["http"], ["0"], ["65536"], ["-1"], ["8080", "8081"]])
def test_serve_refuses_what_is_not_one_port_number(argv: list[str]) -> None:
    done, _ = serve(*argv)
    line = aborted(done)
    assert "is not a port number" in line or "takes one port number" in line
