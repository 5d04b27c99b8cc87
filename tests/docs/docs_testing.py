"""Helpers of the docs tests: build a Sphinx project strictly in a fresh process, read built pages."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


@dataclass(frozen=True)
class Build:
    """One finished ``sphinx-build`` run: its exit code, everything it printed, and where it wrote."""

    returncode: int
    output: str
    outdir: Path


def sphinx_build(
    srcdir: Path, outdir: Path, *, builder: str = "html", extra: tuple[str, ...] = (), fresh: bool = True
) -> Build:
    """Run ``sphinx-build -n -W --keep-going`` in a fresh process and collect what it printed.

    ``fresh`` (``-E``) reads every page again; without it a saved environment (``-d DIR`` in ``extra``)
    is used, pages whose sources did not change are not read again."""
    command = [
        sys.executable,
        "-m",
        "sphinx",
        "-n",
        "-W",
        "--keep-going",
        "-q",
        *(["-E"] if fresh else []),
        "-b",
        builder,
        *extra,
        str(srcdir),
        str(outdir),
    ]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=1800, check=False)
    return Build(done.returncode, done.stdout + done.stderr, outdir)


class PageParser(HTMLParser):
    """Collects the tags of one HTML page as (tag, attributes) pairs, and inline styles."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.styles: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {name: value or "" for name, value in attrs}))
        self._in_style = tag == "style"

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {name: value or "" for name, value in attrs}))

    def handle_endtag(self, tag: str) -> None:
        if tag == "style":
            self._in_style = False

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.styles.append(data)


def parse_page(path: Path) -> PageParser:
    parser = PageParser()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser
