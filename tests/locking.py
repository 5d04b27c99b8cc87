"""One lock per run, shared by the pytest-xdist workers: what one worker makes once, the others reuse."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from filelock import FileLock


@contextmanager
def run_lock(tmp_path_factory: pytest.TempPathFactory, name: str) -> Iterator[Path]:
    """A folder shared by every pytest-xdist worker of this run (the run's own one without xdist),
    held by one worker at a time: what the first worker makes there, the others find made."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    with FileLock(shared / f"{name}.lock"):
        yield shared / name
