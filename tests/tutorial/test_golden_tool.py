"""The golden-output tool: HTML compared up to whitespace between tags, every other change reported."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tutorial.tools import golden, golden_compare

COMPACT = '<ul class="tw-list"><li data-card="HK" class="tw-card">The King</li><li>won&#x27;t</li></ul>'
SPREAD = """
<ul class="tw-list">
  <li class="tw-card"   data-card="HK">The   King</li>
  <li>won&#39;t</li>
</ul>
"""


def test_whitespace_between_tags_attribute_order_and_escaping_are_equal() -> None:
    assert golden_compare.html_tokens(COMPACT) == golden_compare.html_tokens(SPREAD)


@pytest.mark.parametrize(
    "changed",
    [
        COMPACT.replace("King", "Queen"),
        COMPACT.replace("tw-card", "tw-cards"),
        COMPACT.replace("</li><li>", "</li><li> "),
        COMPACT.replace("<li>won", "<li><b>won</b>"),
    ],
)
def test_a_changed_word_attribute_space_in_text_or_tag_is_different(changed: str) -> None:
    assert golden_compare.html_tokens(COMPACT) != golden_compare.html_tokens(changed)


def write(folder: Path, area: str, answers: list[Any]) -> Path:
    folder.mkdir()
    records = [
        {"area": area, "n": n, "call": "play.hint", "args": ["{}"], "answer": answer}
        for n, answer in enumerate(answers)
    ]
    (folder / f"{area}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return folder


def test_compare_reports_a_changed_sentence_and_passes_reformatted_html(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = write(tmp_path / "before", "play", [{"html": COMPACT, "said": "Bruno plays the King."}] * 2)
    after = write(
        tmp_path / "after",
        "play",
        [{"html": SPREAD, "said": "Bruno plays the King."}, {"html": SPREAD, "said": "Bruno plays a King."}],
    )
    assert golden.main(["compare", str(before), str(after), "--area", "play"]) == 1
    out = capsys.readouterr().out
    assert "play: 1/2 match" in out
    assert "record 1" in out and "said" in out
    assert "-Bruno plays the King." in out and "+Bruno plays a King." in out
    assert "record 0" not in out

    same = write(tmp_path / "same", "play", [{"html": SPREAD, "said": "Bruno plays the King."}] * 2)
    assert golden.main(["compare", str(before), str(same), "--area", "play"]) == 0
    assert "play: 2/2 match" in capsys.readouterr().out


def test_compare_reports_missing_records_and_a_changed_type(tmp_path: Path) -> None:
    before = write(tmp_path / "before", "cli", [{"status": 2}, {"status": 0}])
    fewer = write(tmp_path / "fewer", "cli", [{"status": 2}])
    retyped = write(tmp_path / "retyped", "cli", [{"status": "2"}, {"status": 0}])
    assert golden_compare.compare(before, fewer, ["cli"]) == 1
    assert golden_compare.compare(before, retyped, ["cli"]) == 1
