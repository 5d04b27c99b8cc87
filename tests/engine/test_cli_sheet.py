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
    assert lines[0] == "Friday — French Tarot, 4 players, 2 deals"  # the title kept in both forms
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
    assert rows[0].startswith("title,Friday,")  # row 1: the title; row 2: the header
    rows[3] = rows[3].replace("fft,Ben,Ana,,", "fft,Ben,Dan,,")  # the taker changed, the scores kept
    path = tmp_path / "sheet.csv"
    path.write_text("\n".join(rows), encoding="utf-8")
    code, out, err = run(capsys, "sheet", str(path))
    assert code == 2 and out == ""
    assert err.startswith("tarot: row 4, scores: the file gives Ana ")


def test_sheet_with_the_wrong_next_dealer_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rows = a_sheet().to_csv().splitlines()
    assert rows[-1].startswith("total,fft,Cléo,")
    rows[-1] = rows[-1].replace("total,fft,Cléo,", "total,fft,Dan,")
    path = tmp_path / "sheet.csv"
    path.write_text("\n".join(rows), encoding="utf-8")
    code, out, err = run(capsys, "sheet", str(path))
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert err.startswith(
        "tarot: row 5, dealer: the total row names Dan as the next dealer, but after 2 deals"
    )
    assert "Cléo deals next" in err


def test_sheet_reads_a_french_spreadsheets_csv(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Semicolons between cells, a decimal comma in the numbers, CRLF line ends, a byte-order mark."""
    sheet = a_sheet()
    totals = sheet.totals()
    lines = [
        "title;Vendredi, chez Cléo;;;;;;;;",
        "deal;rules;dealer;taker;partner;Ana;Ben;Cléo;Dan;request",
    ]
    for done in sheet.scored():
        request = json.dumps(dict(done.deal.request)).replace('"', '""')
        scores = ";".join(f"{done.scores[name]},0" for name in sheet.players)
        lines.append(f'{done.number};fft;{done.dealer};{done.deal.taker};;{scores};"{request}"')
    lines.append(f"total;fft;Cléo;;;{';'.join(str(totals[name]) for name in sheet.players)};")
    path = tmp_path / "vendredi.csv"
    path.write_bytes(b"\xef\xbb\xbf" + "\r\n".join(lines).encode("utf-8") + b"\r\n")
    code, out, err = run(capsys, "sheet", str(path))
    assert code == 0 and err == ""
    assert out.splitlines()[0] == "Vendredi, chez Cléo — French Tarot, 4 players, 2 deals"
    code, out, err = run(capsys, "sheet", "--json", str(path))
    assert code == 0 and json.loads(out) == {"totals": totals, "next_dealer": "Cléo"}


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
