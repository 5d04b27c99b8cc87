"""Golden outputs, the comparing half: HTML normalised, two captures compared record by record, and a
built site's pages captured and compared (see :mod:`tutorial.tools.golden`)."""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterator, Sequence
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

# ====================================================================================== normalising HTML
Token = tuple[str, ...]


class _Tokens(HTMLParser):
    """Start tags (attributes sorted), end tags, and text with whitespace runs made one space; text of
    whitespace only is dropped, text next to text joined."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tokens: list[Token] = []
        self._text: list[str] = []

    def _flush(self) -> None:
        text = re.sub(r"\s+", " ", "".join(self._text))
        self._text.clear()
        if text.strip():
            self.tokens.append(("text", text))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._flush()
        shown = " ".join(f'{name}="{value}"' if value is not None else name for name, value in sorted(attrs))
        self.tokens.append(("start", f"<{tag} {shown}>" if shown else f"<{tag}>"))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        self._flush()
        self.tokens.append(("end", f"</{tag}>"))

    def handle_data(self, data: str) -> None:
        self._text.append(data)

    def handle_comment(self, data: str) -> None:
        self._flush()
        self.tokens.append(("comment", f"<!--{data}-->"))

    def close(self) -> None:
        super().close()
        self._flush()


def html_tokens(text: str) -> list[str]:
    """The normalised HTML, one token a line."""
    parser = _Tokens()
    parser.feed(text)
    parser.close()
    return [value for _, value in parser.tokens]


_TAG = re.compile(r"<(?:[a-zA-Z][\w-]*(?:\s[^<>]*)?/?|/[a-zA-Z][\w-]*\s*)>")


def is_html(key: str, value: str) -> bool:
    return "html" in key.lower() or bool(_TAG.search(value))


# ====================================================================================== compare
def read_capture(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def differences(before: Any, after: Any, where: str = "") -> Iterator[tuple[str, list[str]]]:
    """Each differing field: its path and a short unified diff."""
    if isinstance(before, dict) and isinstance(after, dict):
        for key in sorted(set(before) | set(after), key=str):
            here = f"{where}.{key}" if where else str(key)
            if key not in before or key not in after:
                side = "only after" if key not in before else "only before"
                yield here, [f"{side}: {json.dumps((after if key not in before else before)[key])[:300]}"]
            else:
                yield from differences(before[key], after[key], here)
        return
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        for index, (one, two) in enumerate(zip(before, after, strict=True)):
            yield from differences(one, two, f"{where}[{index}]")
        return
    if isinstance(before, str) and isinstance(after, str) and before != after:
        key = where.rsplit(".", 1)[-1]
        if is_html(key, before) or is_html(key, after):
            one, two = html_tokens(before), html_tokens(after)
            if one != two:
                yield where + " (html)", _diff(one, two)
            return
        yield where, _diff(before.splitlines() or [""], after.splitlines() or [""])
        return
    if before != after or type(before) is not type(after):
        yield where, [f"- {json.dumps(before)[:300]}", f"+ {json.dumps(after)[:300]}"]


def _diff(one: list[str], two: list[str], lines: int = 12) -> list[str]:
    diff = list(difflib.unified_diff(one, two, "before", "after", n=1, lineterm=""))[2:]
    return [line[:300] for line in diff[:lines]] + (["..."] if len(diff) > lines else [])


def compare_records(
    area: str, before: list[dict[str, Any]], after: list[dict[str, Any]], shown: int = 3
) -> int:
    """Print how many records of ``area`` match and the first differences; the number that differ."""
    differing = 0
    notes: list[str] = []
    for one, two in zip(before, after, strict=False):
        if one.get("call") != two.get("call") or one.get("args") != two.get("args"):
            differing += 1
            if len(notes) < shown:
                notes.append(
                    f"  record {one.get('n')}: the corpus differs ({one.get('call')} / {two.get('call')})"
                )
            continue
        found = list(differences(one.get("answer"), two.get("answer")))
        if found:
            differing += 1
            if len(notes) < shown:
                args = json.dumps(one.get("args"), ensure_ascii=False)
                notes.append(f"  record {one.get('n')}: {one.get('call')} {args[:160]}")
                for where, diff in found[:2]:
                    notes.append(f"    {where or 'answer'}:")
                    notes.extend(f"      {line}" for line in diff)
    extra = abs(len(before) - len(after))
    matching = min(len(before), len(after)) - differing
    tail = f", {extra} records only {'before' if len(before) > len(after) else 'after'}" if extra else ""
    print(f"{area}: {matching}/{max(len(before), len(after))} match{tail}")
    for note in notes:
        print(note)
    return differing + extra


def compare(before: Path, after: Path, areas: Sequence[str]) -> int:
    bad = 0
    for area in areas:
        one, two = read_capture(before / f"{area}.jsonl"), read_capture(after / f"{area}.jsonl")
        if not one and not two:
            continue
        bad += compare_records(area, one, two)
    return bad


# ====================================================================================== a built site
#: Built files that change with every build, or hold no page: skipped.
SITE_SKIPPED = ("_static/", "_sources/", "_images/", "genindex.html", "search.html", "searchindex.js")
#: Asset names and URLs that carry a build's hash or version: made ``#``.
_HASHED = (
    re.compile(r"(?<=[?&]v=)[0-9A-Za-z]+"),
    re.compile(r"(?<=[-.])(?=[0-9a-f]*[0-9])[0-9a-f]{8,64}(?=[-.])"),
)


def _main_part(text: str) -> str:
    """The page's article (else its ``<main>``; else all of it): what the page itself says."""
    for tag in ("article", "main"):
        start, end = text.find(f"<{tag}"), text.rfind(f"</{tag}>")
        if 0 <= start < end:
            return text[start : end + len(tag) + 3]
    return text


def _unhashed(text: str) -> str:
    for pattern in _HASHED:
        text = pattern.sub("#", text)
    return text
