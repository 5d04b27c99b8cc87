"""The shape of a table for the site: what every table function of the rule sets and the tutorial
returns, and the ``tarot-table`` directive reads.

``header`` holds the column titles and ``rows`` one list of cells per row; ``caption`` may be left
out. String cells are read as inline markup, numbers are plain text.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict


class TableDescription(TypedDict):
    """A table for the site's ``tarot-table`` directive: ``header`` and ``rows``, and a ``caption``."""

    header: list[str]
    rows: list[list[object]]
    caption: NotRequired[str]
