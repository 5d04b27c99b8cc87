"""``python -m tarot_core``: the command line."""

from .cli import run

run()
