"""The widgets' scripts take every sentence from the page: each one they ask for is written there, with
the placeholders they fill in."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

import pytest

from tutorial.bridge import common
from tutorial.bridge import lessons as lesson_bridge
from tutorial.bridge import play as play_bridge
from tutorial.bridge import sheet as sheet_bridge

WEB = common.HANDS_DIR.parent / "web"
#: say(element, "key") or say(element, "key", { name, other: value })
CALL = re.compile(r'say\(\s*[\w.]+\s*,\s*"([\w-]+)"\s*(?:,\s*\{([^}]*)\})?\s*\)')
PLACEHOLDER = re.compile(r"\{(\w+)\}")

SCRIPTS: dict[str, Callable[[], Mapping[str, object]]] = {
    "engine.mjs": common.engine_messages,
    "tarot-widgets.mjs": common.widget_messages,
    "score-sheet.mjs": sheet_bridge.page_messages,
    "lessons.mjs": lesson_bridge.page_messages,
    "play-review.mjs": play_bridge.page_messages,
}


def calls(script: str) -> list[tuple[str, set[str]]]:
    """Each sentence a script asks for, and the names of the values it gives it."""
    found = []
    for key, params in CALL.findall((WEB / script).read_text(encoding="utf-8")):
        names = {part.split(":")[0].strip() for part in params.split(",") if part.strip()}
        found.append((key, names))
    return found


@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_every_sentence_a_script_shows_is_written_in_the_page(script: str) -> None:
    said = SCRIPTS[script]()
    asked = calls(script)
    assert asked, f"{script} asks the page for no sentence"
    for key, names in asked:
        assert key in said, f"{script}: no sentence {key!r} in the page's messages"
        entry = said[key]
        forms = entry.values() if isinstance(entry, Mapping) else [entry]
        for text in forms:
            assert isinstance(text, str)
            missing = set(PLACEHOLDER.findall(text)) - names
            assert not missing, f"{script}: {key!r} needs {missing}, the script gives {names}"
        if isinstance(entry, Mapping):
            assert set(entry) == {"one", "other"} and "n" in names, key


#: A word of a sentence: letters, not part of a class name, selector or key (``tw-result``, ``a.b``).
WORD = re.compile(r"(?<![\w.#-])[A-Za-z]{2,}(?![\w-])")


@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_a_script_writes_no_sentence_of_its_own(script: str) -> None:
    """No text of three words or more between quotes or backticks, outside the comments, the selectors
    (``querySelector("button, input")``) and the HTML."""
    code = (WEB / script).read_text(encoding="utf-8")
    code = re.sub(r"^\s*//.*$", "", code, flags=re.MULTILINE)
    code = re.sub(r"(?:querySelector(?:All)?|closest)\(\s*(\"[^\"]*\"|`[^`]*`|'[^']*')", "", code)
    literals = re.findall(r'"([^"\n]*)"|`([^`]*)`', code)
    sentences = [
        text
        for pair in literals
        for text in pair
        if "<" not in text and len(WORD.findall(re.sub(r"\$\{[^}]*\}", "", text))) >= 3
    ]
    assert not sentences, sentences
