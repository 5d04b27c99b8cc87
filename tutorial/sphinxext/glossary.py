"""Glossary links that explain themselves: hovering a ``{term}`` link shows the definition's first sentence.

While reading, the first sentence of every glossary definition is noted under each of its terms. After
references are resolved, every link made by the ``term`` role gets that sentence as its ``title``
attribute (the browser's tooltip, also read by screen readers) and the CSS class ``tarot-term``.
A click still goes to the glossary entry.
"""

from __future__ import annotations

import re
from collections.abc import Set
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.typing import ExtensionMetadata

ENV_KEY = "tarot_glossary"
MARK = "tarot_term"
MAX_LENGTH = 220
_SENTENCE = re.compile(r"^(.+?[.!?])(?=\s|$)")


def first_sentence(text: str) -> str:
    """The first sentence of a definition, cut to a tooltip's length.

    >>> first_sentence("The dog. It is dealt face down.")
    'The dog.'
    >>> first_sentence("No full stop here")
    'No full stop here'
    """
    flat = " ".join(text.split())
    match = _SENTENCE.match(flat)
    sentence = match.group(1) if match else flat
    if len(sentence) > MAX_LENGTH:
        sentence = sentence[: MAX_LENGTH - 1].rsplit(" ", 1)[0] + "…"
    return sentence


def _store(env: BuildEnvironment) -> dict[str, tuple[str, str]]:
    """term (lower case) -> (docname, first sentence of its definition)."""
    store: dict[str, tuple[str, str]] | None = getattr(env, ENV_KEY, None)
    if store is None:
        store = {}
        setattr(env, ENV_KEY, store)
    return store


def _collect(app: Sphinx, doctree: nodes.document) -> None:
    env = app.env
    store = _store(env)
    for glossary in doctree.findall(addnodes.glossary):
        for item in glossary.findall(nodes.definition_list_item):
            definitions = [child for child in item.children if isinstance(child, nodes.definition)]
            if not definitions:
                continue
            sentence = first_sentence(definitions[0].astext())
            for term in item.findall(nodes.term):
                store[term.astext().strip().lower()] = (env.docname, sentence)


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    store = _store(env)
    for key in [key for key, (doc, _) in store.items() if doc == docname]:
        del store[key]


def _merge(app: Sphinx, env: BuildEnvironment, docnames: Set[str], other: BuildEnvironment) -> None:
    _store(env).update(_store(other))


class MarkTermReferences(SphinxPostTransform):
    """Before references are resolved, note each term link's target on the node that survives resolution."""

    default_priority = 5  # the references resolver runs at 10

    def run(self, **kwargs: Any) -> None:
        for xref in self.document.findall(addnodes.pending_xref):
            if xref.get("refdomain") == "std" and xref.get("reftype") == "term" and xref.children:
                child = xref.children[0]
                if isinstance(child, nodes.Element):
                    child[MARK] = str(xref["reftarget"]).strip().lower()


class AddTermTitles(SphinxPostTransform):
    """After references are resolved, give each term link its definition as a tooltip."""

    default_priority = 20

    def run(self, **kwargs: Any) -> None:
        store = _store(self.env)
        for reference in self.document.findall(nodes.reference):
            for child in reference.children:
                if isinstance(child, nodes.Element) and MARK in child:
                    entry = store.get(str(child[MARK]))
                    if entry is not None:
                        reference["reftitle"] = entry[1]
                        reference["classes"].append("tarot-term")
                    del child[MARK]
                    break


def setup(app: Sphinx) -> ExtensionMetadata:
    app.connect("doctree-read", _collect)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.add_post_transform(MarkTermReferences)
    app.add_post_transform(AddTermTitles)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
