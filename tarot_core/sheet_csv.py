"""A score sheet as CSV: the cells written so that any spreadsheet opens them safely, and a file's rows
read back as a spreadsheet saved them.

The layout (one row per deal: number, rules, dealer, taker, partner, each player's score, the request
as JSON; a ``total`` row; a ``title`` row first when the session has a name) is the sheet's own, in
:mod:`tarot_core.sheet`: this module knows the cells, the separators and the header's fixed columns.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .errors import SheetError
from .messages import Message, gettext_lazy

#: The columns every sheet's CSV starts with; one column per player follows, then ``request``.
COLUMNS: Final = ("deal", "rules", "dealer", "taker", "partner")

# ---------------------------------------------------------------------------------------------- cells
#: What a spreadsheet takes for the start of a formula in a cell (OWASP's list for CSV injection).
FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")


def _guarded(text: str) -> bool:
    """Whether the text cell ``text`` is written after an apostrophe: it starts like a formula, or it
    starts with an apostrophe that reading would otherwise take away."""
    return text.startswith(FORMULA_STARTS) or (
        text.startswith("'") and text[1:].startswith((*FORMULA_STARTS, "'"))
    )


def guard_cell(text: str) -> str:
    """A text cell as the CSV writes it: ``=1+2`` becomes ``'=1+2``, which a spreadsheet shows as text
    instead of running it; :func:`unguard_cell` gives the text back.

    >>> guard_cell("=1+2"), guard_cell("-Ana"), guard_cell("Ana"), guard_cell("'=x")
    ("'=1+2", "'-Ana", 'Ana', "''=x")
    >>> all(unguard_cell(guard_cell(t)) == t for t in ("=1+2", "'=x", "''", "'Ana", "Ana", ""))
    True
    """
    return "'" + text if _guarded(text) else text


def unguard_cell(text: str) -> str:
    """A text cell as read: the apostrophe :func:`guard_cell` added is taken away."""
    return text[1:] if text[:1] == "'" and _guarded(text[1:]) else text


def csv_line(cells: Sequence[str | int]) -> str:
    """One CSV line: numbers bare, text quoted where the csv module would quote it, and a guarded cell
    always quoted (a spreadsheet then reads it as text whatever its settings)."""
    parts: list[str] = []
    for cell in cells:
        if isinstance(cell, int):
            parts.append(str(cell))
            continue
        written = guard_cell(cell)
        if written != cell or any(ch in written for ch in ',"\r\n'):
            parts.append('"' + written.replace('"', '""') + '"')
        else:
            parts.append(written)
    return ",".join(parts) + "\n"


# ---------------------------------------------------------------------------------------------- reading
#: The separators a spreadsheet saves CSV with: the comma, or the semicolon where the comma is the
#: decimal mark (a French spreadsheet).
SEPARATORS: Final = (",", ";")


def row_name(number: int) -> Message:
    """A row as a refusal names it, by the number a spreadsheet shows: "row 4"."""
    return gettext_lazy("row {number}", number=number)


def _separator(text: str) -> tuple[str, str]:
    """The file's separator, read from its first line (``deal`` or ``title``, then the separator), and
    the text without a spreadsheet's ``sep=;`` line."""
    first, _newline, rest = text.partition("\n")
    first = first.rstrip("\r")
    if first.lower().startswith("sep=") and first[4:] in SEPARATORS:
        return first[4:], rest
    word = first.lstrip('"').lower()
    for start in ("deal", "title"):
        if word.startswith(start):
            after = word[len(start) :].lstrip('"')[:1]
            return (after if after in SEPARATORS else ","), text
    return ",", text


@dataclass(frozen=True, slots=True)
class CsvTable:
    """A sheet's CSV file as read: the session's title, the players named in the header, and the rows
    after the header (blank rows left out), each with the number a spreadsheet shows for it."""

    title: str
    players: list[str]
    header: list[str]
    header_row: int
    rows: list[tuple[int, list[str]]]


def read_csv(text: str) -> CsvTable:
    """The rows of a sheet's CSV ``text``, its header checked; :class:`SheetError` if it is not one."""
    delimiter, text = _separator(text)
    try:
        read = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    except csv.Error as error:
        raise SheetError("", gettext_lazy("not valid CSV: {error}", error=str(error))) from None
    # each row with its number as a spreadsheet shows it, blank rows left out
    rows = [(index, row) for index, row in enumerate(read, start=1) if any(cell.strip() for cell in row)]
    if not rows:
        raise SheetError("", gettext_lazy("the file holds no cells"))
    title = ""
    head_row = rows[0][0]
    if rows[0][1][0].strip().lower() == "title":
        title = unguard_cell(rows[0][1][1].strip()) if len(rows[0][1]) > 1 else ""
        rows = rows[1:]
        head_row = rows[0][0] if rows else head_row + 1
    header = [cell.strip() for cell in rows[0][1]] if rows else []
    if tuple(header[: len(COLUMNS)]) != COLUMNS or header[-1:] != ["request"]:
        raise SheetError(
            row_name(head_row),
            gettext_lazy(
                "a score sheet in CSV starts with the columns deal, rules, dealer, taker, partner, "
                "then one per player, then request"
            ),
        )
    players = [unguard_cell(name) for name in header[len(COLUMNS) : -1]]
    if len(rows) < 2:
        raise SheetError(
            row_name(head_row + 1),
            gettext_lazy("the sheet has no deal and no total row: nothing says which rules it uses"),
        )
    return CsvTable(title, players, header, head_row, rows[1:])


#: A score as a spreadsheet may write it: a sign, digits, and a decimal part after a point or a comma.
_NUMBER: Final = re.compile(r"([+-]?)(\d{1,12})(?:[.,](\d{1,12}))?")
#: The spaces a spreadsheet may put between thousands (1 240).
_THOUSANDS: Final = str.maketrans("", "", " \u00a0\u202f")


def csv_score(text: str, where: Message | str, name: str) -> int | str:
    """A score cell: empty (computed), or a whole number, with a decimal comma or point if the
    spreadsheet wrote one (``-80,0``); a part after the mark other than zeros is refused."""
    if text == "":
        return ""
    found = _NUMBER.fullmatch(text.replace("−", "-").translate(_THOUSANDS))
    if found is None or (found.group(3) and found.group(3).strip("0")):
        shown = text if len(text) <= 20 else text[:20] + "…"
        raise SheetError(
            where,
            gettext_lazy("{name}'s score must be a whole number, not {value}", name=name, value=repr(shown)),
            "scores",
        )
    sign, whole = found.group(1), int(found.group(2))
    return -whole if sign == "-" else whole
