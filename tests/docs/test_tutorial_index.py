"""The tutorial's index lists every step its sidebar shows, in the sidebar's order, read from the sources
(no build): the lesson path's lines against the page's hidden table of contents. And the deal to watch
and the deal to play have names a reader can tell apart."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
INDEX = DOCS / "tutorial" / "index.md"
LESSONS = ROOT / "tutorial" / "lessons"


def _block(text: str, directive: str) -> list[str]:
    match = re.search(r"^```\{" + directive + r"\}\n(.*?)^```$", text, re.MULTILINE | re.DOTALL)
    assert match, directive
    return [line.strip() for line in match.group(1).splitlines() if line.strip() and not line.startswith(":")]


def _title(doc: str) -> str:
    first = (DOCS / f"{doc}.md").read_text(encoding="utf-8").splitlines()
    return next(line[2:] for line in first if line.startswith("# "))


def sidebar() -> list[str]:
    """The pages under the tutorial's index in the sidebar, in order (docnames)."""
    return [f"tutorial/{entry}" for entry in _block(INDEX.read_text(encoding="utf-8"), "toctree")]


def path() -> list[str]:
    """The pages the index's lesson path lists, in order (docnames)."""
    pages = []
    for line in _block(INDEX.read_text(encoding="utf-8"), "tarot-lesson-path"):
        if line.startswith("doc:"):
            pages.append(line[4:].partition("|")[0].strip())
        else:
            lesson = json.loads((LESSONS / f"{line}.json").read_text(encoding="utf-8"))
            pages.append(lesson["page"])
    return pages


def test_the_index_lists_every_page_of_the_sidebar_in_its_order() -> None:
    listed = path()
    shown = sidebar()
    missing = [doc for doc in shown if doc not in listed]
    assert not missing, f"the sidebar shows {missing}, which the index's list leaves out"
    assert [doc for doc in listed if doc in shown] == shown, (
        "the index lists the sidebar's pages in another order"
    )
    assert len(listed) == len(set(listed))
    for doc in listed:
        assert (DOCS / f"{doc}.md").is_file(), doc


def test_the_deal_to_watch_and_the_deal_to_play_have_names_told_apart() -> None:
    watched, played = _title("tutorial/whole-deal"), _title("play")
    assert watched != played
    assert "watch" in watched.lower() and "watch" not in played.lower()
    lines = {
        line[4:].partition("|")[0].strip(): line.partition("|")[2]
        for line in _block(INDEX.read_text(encoding="utf-8"), "tarot-lesson-path")
        if line.startswith("doc:")
    }
    assert "watch" in lines["tutorial/whole-deal"].lower()
    assert "yourself" in lines["play"].lower()
    # a link that names the watched deal in its own words says it is watched
    for page in (DOCS / "tutorial").glob("*.md"):
        for words in re.findall(
            r"\{doc\}`([^`<]+) <(?:\.\./tutorial/)?whole-deal>`", page.read_text("utf-8")
        ):
            assert "watch" in words.lower(), (page.name, words)
