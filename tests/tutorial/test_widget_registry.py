"""The widget registry: every widget declares its directives, its bridge module and its browser files,
and the declarations agree with the bridge package and the files."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tutorial.sphinxext import registry, runtime, widgets

ROOT = Path(__file__).resolve().parents[2]
BY_KIND = {widget.kind: widget for widget in widgets.WIDGETS}
#: What a browser loads: scripts, styles, pictures, fonts.
BROWSER_FILE = re.compile(r"\.(css|js|mjs|png|svg|jpe?g|gif|ico|webp|woff2?)$")


def test_kinds_and_directives_are_declared_once() -> None:
    assert len(BY_KIND) == len(widgets.WIDGETS)
    names = [name for widget in widgets.WIDGETS for name in widget.directives]
    assert len(names) == len(set(names))
    expected = {"tarot-calculator", "tarot-replay", "tarot-play-check", "tarot-score-sheet"}
    assert expected | {"tarot-play", "tarot-lesson", "tarot-lesson-path", "tarot-drill"} == set(names)


@pytest.mark.parametrize("kind", sorted(BY_KIND))
def test_the_bridge_module_is_served_and_named_by_the_page_script(kind: str) -> None:
    """The worker imports the module a call names from the package it is sent (bridge.json): the module
    is there, and the widget's script names it in its calls (none: the package itself)."""
    widget = BY_KIND[kind]
    served = runtime.bridge_files()
    module = f"bridge/{widget.bridge}.py" if widget.bridge else "bridge/__init__.py"
    assert module in served
    copied = registry.web_files(widgets.WIDGETS)
    texts = [copied[f"{registry.STATIC}/{script}"].read_text("utf-8") for script in widget.scripts]
    if widget.bridge:
        assert any(f'"{widget.bridge}"' in text for text in texts), f"no script of {kind} calls {module}"


@pytest.mark.parametrize("kind", sorted(BY_KIND))
def test_what_a_page_loads_is_copied(kind: str) -> None:
    """Each style and script a page holding the widget loads is a widget's file, in tutorial/web."""
    copied = registry.web_files(widgets.WIDGETS)
    for path in (*BY_KIND[kind].styles, *BY_KIND[kind].scripts):
        assert f"{registry.STATIC}/{path}" in copied, path
    for target, source in copied.items():
        assert source.is_file(), target


def test_every_browser_file_is_in_the_web_folder() -> None:
    """The site's own styles, scripts and pictures live in one folder, tutorial/web (the templates the
    build draws pages from, such as the card picture's, are no browser files: they stay with the others)."""
    listed = subprocess.run(
        ["git", "ls-files", "docs", "tutorial"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    kept = ("tutorial/web/", "tutorial/bridge/templates/")
    outside = [path for path in listed if BROWSER_FILE.search(path) and not path.startswith(kept)]
    assert outside == []
    assert any(path.startswith("tutorial/web/theme/") for path in listed)
