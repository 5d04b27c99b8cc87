"""The built site: the runtime only where a widget is, five Pyodide files, static first states."""

from __future__ import annotations

import html
import json
import re
import zipfile
from pathlib import Path

import pytest

from tarot_core.engine.variant import score_request
from tutorial import bridge
from tutorial.bridge.state import record_names
from tutorial.sphinxext import runtime

pytestmark = pytest.mark.browser


def pages(site: Path) -> list[Path]:
    return sorted(path for path in site.rglob("*.html") if "_static" not in path.parts)


def test_only_pages_with_a_widget_load_the_runtime(site: Path) -> None:
    with_widgets = 0
    for path in pages(site):
        text = path.read_text(encoding="utf-8")
        if "data-tarot-widget=" in text:
            with_widgets += 1
            # the score sheet, the lessons' exercises and the play widget start the engine from scripts of
            # their own
            assert re.search(
                r'<script type="module" src="[^"]*(tarot-widgets|score-sheet|lessons|play)\.mjs', text
            ), path
        else:
            assert "tarot-widgets" not in text, f"{path} loads widget code without a widget"
            assert "_static/pyodide-" not in text, f"{path} refers to the Pyodide runtime without a widget"
    assert with_widgets >= 2


def test_widget_ids_count_each_page_on_its_own(site: Path) -> None:
    """A page's widgets are tw1, tw2... in page order, whatever pages were written before it. That
    names the ids of their parts; the widget's own id is the same, but for the calculator that keeps
    its form in the address, whose links end with the fixed id ``calculator``."""
    seen = 0
    # A lesson's exercises are named by their lesson file (``#follow-play``), not counted.
    widget = re.compile(r'<section (?=[^>]*data-tarot-widget="(?!exercise"))[^>]*\bid="([^"]+)"[^>]*>')
    for path in pages(site):
        text = path.read_text(encoding="utf-8")
        found = list(widget.finditer(text))
        widgets_on_page = text.count("data-tarot-widget=") - text.count('data-tarot-widget="exercise"')
        assert len(found) == widgets_on_page, path
        ids, numbers, renamed = [], [], []
        for match in found:
            options = re.search(r"data-options='([^']*)'", match.group(0))
            assert options, match.group(0)
            uid = json.loads(html.unescape(options.group(1)))["uid"]
            number = re.fullmatch(r"tw(\d+)-[a-z-]+", uid)
            assert number, uid
            ids.append(match.group(1))
            numbers.append(int(number.group(1)))
            if match.group(1) != uid:
                renamed.append(match.group(1))
        if numbers:
            seen += 1
            assert numbers == list(range(1, len(numbers) + 1)), (path, numbers)
        assert renamed in ([], ["calculator"]), (path, ids)
    assert seen >= 2


def test_pyodide_is_self_hosted_in_a_versioned_folder(site: Path) -> None:
    folder = site / runtime.pyodide_folder()
    assert folder.name == f"pyodide-{runtime.pyodide_version()}"
    # The five files, and the build's gzip copies of some of them (sent by ``nox -s serve``).
    names = [p.name for p in folder.iterdir()]
    assert sorted(name for name in names if not name.endswith(".gz")) == sorted(runtime.PYODIDE_FILES)
    assert {name.removesuffix(".gz") for name in names if name.endswith(".gz")} <= set(runtime.PYODIDE_FILES)
    for name in runtime.PYODIDE_FILES:
        assert (folder / name).read_bytes() == (runtime.PYODIDE_DIR / name).read_bytes()


def test_the_engine_wheel_and_the_bridge_are_served(site: Path) -> None:
    assets = site / runtime.ASSETS
    wheel = assets / runtime.wheel_name()
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert "tarot_core/engine/round.py" in names and "tarot_core/games/chambery/rules.py" in names
    served = json.loads((assets / runtime.BRIDGE_FILE).read_text(encoding="utf-8"))
    assert served == runtime.bridge_files() and "bridge/__init__.py" in served
    hands = json.loads((assets / "hands.json").read_text(encoding="utf-8"))
    assert sorted(hands) == record_names()


def test_widgets_show_the_engine_answer_before_python_loads(site: Path) -> None:
    text = (site / "how-to" / "calculator.html").read_text(encoding="utf-8")
    assert 'data-tarot-widget="calculator" data-state="idle"' in text
    start = json.loads(bridge.calculate("{}"))["request"]
    answer = score_request(start)
    result = re.search(r'<div class="tw-result"[^>]*>', text)
    assert result is not None
    assert f'data-taker="{answer["scores"]["taker"]}"' in result.group(0)  # type: ignore[index]
    replay = (site / "how-to" / "replay.html").read_text(encoding="utf-8")
    assert 'data-tarot-widget="replay" data-state="idle"' in replay
    assert 'data-tarot-widget="play-check" data-state="idle"' in replay
    assert replay.count('class="tw-card tw-card-button') > 5
    assert "gets ready as soon as the page is shown" in replay  # the loading notice
