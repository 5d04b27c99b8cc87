"""Shared set-up of the engine tests.

The French Tarot tests share their helpers through ``test_fft_support`` (explicit deals, refusals,
snapshots, play-out policies). Its folder is put on ``sys.path`` here, so that the import works
whatever pytest import mode runs the suite (CPython or Pyodide).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
