"""``tarot sheet FILE``: a score sheet's totals from its JSON or CSV file, and bad files refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tarot_core.cli import main
from tarot_core.sheet import Deal, Sheet


def a_sheet() -> Sheet:
    sheet = Sheet.new("fft", ["Ana", "Ben", "Cléo", "Dan"], title="Friday")
    sheet = sheet.add(Deal({"contract": "garde", "oudlers": 2, "points": 56}, taker="Cléo"))
    return sheet.add(Deal({"contract": "prise", "oudlers": 1, "points": 40}, taker="Ana"))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("kind", ["json", "csv"])
def test_sheet_prints_each_players_total_and_the_next_dealer(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str
) -> None:
    sheet = a_sheet()
    path = tmp_path / f"friday.{kind}"
    path.write_text(sheet.to_json() if kind == "json" else sheet.to_csv(), encoding="utf-8")
    code, out, err = run(capsys, "sheet", str(path))
    assert code == 0 and err == ""
    lines = out.splitlines()
    title = "Friday — " if kind == "json" else ""  # CSV has no place for the title
    assert lines[0] == f"{title}French Tarot, 4 players, 2 deals"
    totals = sheet.totals()
    assert [line.split() for line in lines[1:-1]] == [[name, f"{totals[name]:+d}"] for name in sheet.players]
    assert lines[-1] == f"Next to deal: {sheet.next_dealer()}"
    code, out, err = run(capsys, "sheet", "--json", str(path))
    assert code == 0 and json.loads(out) == {"totals": totals, "next_dealer": "Cléo"}


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("", "the file is empty"),
        ("{", "not valid JSON"),
        ('{"variant": "fft", "players": ["A", "B"]}', "3, 4 or 5 players, not 2"),
        ("deal,rules\n1,fft\n", "row 1: a score sheet in CSV starts with the columns"),
        (b"\xff\xfe\x00\x00", "save it as UTF-8"),
    ],
)
def test_sheet_bad_file_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str | bytes, fragment: str
) -> None:
    path = tmp_path / "sheet.csv"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, "sheet", str(path))
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("tarot: ") and "Traceback" not in err
    assert fragment in err


def test_sheet_with_changed_scores_names_the_row(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rows = a_sheet().to_csv().splitlines()
    rows[2] = rows[2].replace("fft,Ben,Ana,,", "fft,Ben,Dan,,")  # the taker changed, the scores kept
    path = tmp_path / "sheet.csv"
    path.write_text("\n".join(rows), encoding="utf-8")
    code, out, err = run(capsys, "sheet", str(path))
    assert code == 2 and out == ""
    assert err.startswith("tarot: row 3, scores: the file gives Ana ")


def test_sheet_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "sheet", str(tmp_path / "nothing.json"))
    assert (code, out) == (2, "")
    assert err.strip() == f"tarot: cannot read {tmp_path / 'nothing.json'}: No such file or directory"


@pytest.mark.parametrize("text", ["[" * 100_000, '{"deals": ' + "[" * 5_000 + "]" * 5_000 + "}"])
def test_a_sheet_nested_too_deeply_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str
) -> None:
    path = tmp_path / "deep.json"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "sheet", str(path))
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and "nest too deeply" in err and "recursion" not in err
