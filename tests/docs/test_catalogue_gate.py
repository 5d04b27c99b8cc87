"""The strict build fails when a message of the code is missing from the catalogue's template.

The template the project commits may lag behind the code between two extractions, so these tests check
the mechanism against templates of their own: one extracted now, and the same less one message.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tests.docs.docs_testing import ROOT, sphinx_build
from tutorial.sphinxext import catalogue
from tutorial.sphinxext import extract as messages

WARNING = "message missing from the catalogue template"


def _project(tmp_path: Path, template: Path) -> Path:
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text(
        textwrap.dedent(
            f"""
            import sys
            sys.path.insert(0, {str(ROOT)!r})
            extensions = ["tutorial.sphinxext.catalogue"]
            tarot_messages_template = {str(template)!r}
            """
        ),
        encoding="utf-8",
    )
    (source / "index.rst").write_text("Title\n=====\n\nA page.\n", encoding="utf-8")
    return source


def test_a_strict_build_fails_for_each_message_the_template_lacks(tmp_path: Path) -> None:
    catalog = messages.extract()
    dropped = next(message for message in catalog if message.id)
    text = dropped.id if isinstance(dropped.id, str) else dropped.id[0]
    catalog.delete(dropped.id, context=dropped.context)
    template = tmp_path / "tarot.pot"
    template.write_bytes(messages.render(catalog))
    source = _project(tmp_path, template)

    lacking = sphinx_build(source, tmp_path / "out", extra=("-d", str(tmp_path / "doctrees")))
    assert lacking.returncode != 0, lacking.output
    assert lacking.output.count(WARNING) == 1, lacking.output
    assert repr(text) in lacking.output

    # The same template with every message: the same build passes (the answer is computed again, since
    # the template changed).
    template.write_bytes(messages.render(messages.extract()))
    complete = sphinx_build(source, tmp_path / "out", extra=("-d", str(tmp_path / "doctrees")))
    assert complete.returncode == 0, complete.output
    assert WARNING not in complete.output


def test_the_answer_is_kept_until_a_source_or_the_template_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[Path] = []

    def missing(template: Path) -> list[str]:
        calls.append(template)
        return [f"tutorial/x.py: 'a sentence {len(calls)}'"]

    monkeypatch.setattr(messages, "missing", missing)
    template = tmp_path / "tarot.pot"
    template.write_text('msgid ""\nmsgstr ""\n', encoding="utf-8")
    cache = tmp_path / "cache" / catalogue.CACHE_FILE
    first = catalogue.missing_messages(template, cache)
    assert first == ["tutorial/x.py: 'a sentence 1'"]
    assert catalogue.missing_messages(template, cache) == first
    assert len(calls) == 1
    template.write_text('msgid ""\nmsgstr ""\n\nmsgid "New"\nmsgstr ""\n', encoding="utf-8")
    assert catalogue.missing_messages(template, cache) == ["tutorial/x.py: 'a sentence 2'"]
    assert len(calls) == 2


def test_the_digest_follows_the_code_and_the_widget_templates(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A change to a module or to a template of the bridge changes the digest; a file extraction
    skips (the tools, compiled files) does not."""
    (tmp_path / "tarot_core").mkdir()
    (tmp_path / "tarot_core" / "a.py").write_text("x = 1\n", encoding="utf-8")
    templates = tmp_path / "tutorial" / "bridge" / "templates" / "pages"
    templates.mkdir(parents=True)
    (templates / "t.html").write_text("<p></p>\n", encoding="utf-8")
    (tmp_path / "tutorial" / "tools").mkdir()
    (tmp_path / "tutorial" / "tools" / "skipped.py").write_text("y = 1\n", encoding="utf-8")
    monkeypatch.setattr(messages, "ROOT", tmp_path)
    pot = tmp_path / "tarot.pot"
    before = catalogue.sources_digest(pot)
    (tmp_path / "tutorial" / "tools" / "skipped.py").write_text("y = 2\n", encoding="utf-8")
    assert catalogue.sources_digest(pot) == before
    (templates / "t.html").write_text("<p>{{ _('Hello') }}</p>\n", encoding="utf-8")
    after_template = catalogue.sources_digest(pot)
    assert after_template != before
    (tmp_path / "tarot_core" / "a.py").write_text("x = 2\n", encoding="utf-8")
    assert catalogue.sources_digest(pot) != after_template
