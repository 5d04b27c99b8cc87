"""The browser's worker draws the widgets' HTML with what the site ships: Jinja2 and MarkupSafe (a zip
the build writes from the pinned versions) and the bridge's templates (in the site's ``bridge.json``).

A template is rendered inside Pyodide from those files alone, and must give the HTML CPython gives.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from tests.pyodide.pyodide_support import NodeRunner, show
from tutorial.bridge.templates import render
from tutorial.sphinxext import libraries, runtime

pytestmark = pytest.mark.pyodide

TEMPLATE = "pages/glossary-letters.html"
CONTEXT = {"letters": [["A", "term-atout"], ["É", "term-<écart>"], ["#", "term-1-of-trumps"]]}


def test_the_zip_holds_the_libraries_python_files_and_no_compiled_code(tmp_path: Path) -> None:
    shipped = libraries.write_libraries(tmp_path, libraries.libraries_name())
    with zipfile.ZipFile(shipped) as archive:
        names = archive.namelist()
    assert {"jinja2/__init__.py", "jinja2/ext.py", "markupsafe/__init__.py", "markupsafe/_native.py"} <= set(
        names
    )
    assert all(name.endswith(".py") or ".dist-info/" in name for name in names), names
    assert any(name.startswith("jinja2-") and "LICENSE" in name for name in names)
    # Written twice from the same files, the zip is the same, byte for byte (its name is its digest).
    again = tmp_path / "again"
    again.mkdir()
    assert libraries.write_libraries(again, shipped.name).read_bytes() == shipped.read_bytes()


def test_the_bridge_sent_to_the_worker_holds_every_template() -> None:
    files = runtime.bridge_files()
    shipped = {path.removeprefix("bridge/templates/") for path in files if path.endswith(".html")}
    assert TEMPLATE in shipped
    on_disk = {
        path.relative_to(runtime.BRIDGE_DIR / "templates").as_posix()
        for path in (runtime.BRIDGE_DIR / "templates").rglob("*.html")
    }
    assert shipped == on_disk


def test_the_worker_renders_a_template_as_cpython_does(run_node: NodeRunner, tmp_path: Path) -> None:
    shipped = libraries.write_libraries(tmp_path, libraries.libraries_name())
    bridge = tmp_path / "bridge.json"
    bridge.write_text(json.dumps(runtime.bridge_files(), ensure_ascii=False), encoding="utf-8")
    context = tmp_path / "context.json"
    context.write_text(json.dumps(CONTEXT, ensure_ascii=False), encoding="utf-8")
    result = run_node("render_template.mjs", str(shipped), str(bridge), TEMPLATE, str(context))
    assert result.returncode == 0, show(result)
    answer = json.loads(result.stdout.splitlines()[-1])
    assert answer["html"] == str(render(TEMPLATE, **CONTEXT))
    assert "&lt;écart&gt;" in answer["html"]  # autoescaped in the worker too
    # Everything came from what the site ships: the libraries from site-packages, without MarkupSafe's
    # C speedups, and the bridge from the worker's home.
    assert "/site-packages/jinja2/" in answer["jinja2"]
    assert answer["escape"] == "markupsafe._native"
    assert answer["templates"] == "/home/pyodide/tarot/bridge/templates.py"
