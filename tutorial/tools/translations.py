"""Check the translation catalogues and update them after an English change: see
:mod:`tutorial.sphinxext.translations`.

    python -m tutorial.tools.translations check [PO ...]
    python -m tutorial.tools.translations update
"""

from __future__ import annotations

import sys

from ..sphinxext.translations import main

if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
