"""The other editions are built beside the English one, each in its own process: what they print comes
back as the English build's warnings, and a failed English build leaves none of them running."""

from __future__ import annotations

import logging
import subprocess
import sys
import tempfile
import time
from types import SimpleNamespace

import pytest

from tutorial.sphinxext.languages import _Edition, _finish_editions


def edition(code: str, script: str) -> _Edition:
    output = tempfile.TemporaryFile()  # noqa: SIM115  # closed by _finish_editions
    process = subprocess.Popen([sys.executable, "-c", script], stdout=output, stderr=subprocess.STDOUT)
    return _Edition(code, process, output)


def test_what_an_edition_prints_becomes_a_warning_of_the_main_build(caplog: pytest.LogCaptureFixture) -> None:
    started = [
        edition("fr", "import sys, time; time.sleep(0.3); print('index.md: 2 of 9 messages not translated')"),
        edition("xx", "import sys; sys.exit(3)"),
    ]
    app = SimpleNamespace(tarot_editions_started=started)
    with caplog.at_level(logging.WARNING):
        _finish_editions(app, None)  # type: ignore[arg-type]
    said = [record.getMessage() for record in caplog.records]
    # The main build waited for the slow edition, and a silent failure is reported too.
    assert said == [
        "fr edition: index.md: 2 of 9 messages not translated",
        "xx edition: the build failed (exit 3)",
    ]
    assert all(item.output.closed for item in started)


def test_a_failed_main_build_stops_the_editions_under_way(caplog: pytest.LogCaptureFixture) -> None:
    started = [edition("fr", "import time; time.sleep(60)")]
    app = SimpleNamespace(tarot_editions_started=started)
    begun = time.monotonic()
    with caplog.at_level(logging.WARNING):
        _finish_editions(app, RuntimeError("a page failed"))  # type: ignore[arg-type]
    assert started[0].process.poll() is not None
    assert time.monotonic() - begun < 30
    assert caplog.records == []
