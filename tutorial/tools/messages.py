"""Write the message catalogue's template anew, or check it (``nox -s messages``): see
:mod:`tutorial.sphinxext.extract`.

    python -m tutorial.tools.messages extract
    python -m tutorial.tools.messages check
"""

from __future__ import annotations

import sys

from ..sphinxext.extract import main

if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
