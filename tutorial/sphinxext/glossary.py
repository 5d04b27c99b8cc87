"""Glossary links that explain themselves, a glossary with an A to Z list, and terms the search finds.

While reading, the first sentence of every glossary definition is noted under each of its terms. After
references are resolved, every link made by the ``term`` role gets that sentence as its ``title``
attribute and the CSS class ``tarot-term``. In HTML pages, ``tarot-glossary.js`` turns that title into
a popover that opens on hover, focus and tap (a second tap follows the link to the entry); without the
script the title is still the browser's tooltip.

Every glossary gets a list of its first letters, each a link to the first entry under that letter.

Sphinx keeps glossary terms out of its search results (the standard domain gives them a search
priority of -1), so "handful" would only be found as the word "hand" in running text. The standard
domain is replaced by one that differs only there: every name of every entry, French and English, is a
search result of its own, listed before the pages that merely mention it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Set
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.domains import ObjType
from sphinx.domains.std import StandardDomain
from sphinx.environment import BuildEnvironment
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.typing import ExtensionMetadata

from ..bridge.templates import render

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


def _letter(term: str) -> str:
    """The letter a term is filed under: its first letter without accents, in capitals.

    >>> _letter("écart"), _letter("atout"), _letter("1 of trumps")
    ('E', 'A', '#')
    """
    first = unicodedata.normalize("NFD", term.strip())[:1].upper()
    return first if "A" <= first <= "Z" else "#"


def _add_letters(app: Sphinx, doctree: nodes.document) -> None:
    """Put before each glossary the list of its first letters, each linking to its first entry."""
    for glossary in list(doctree.findall(addnodes.glossary)):
        firsts: dict[str, str] = {}
        for item in glossary.findall(nodes.definition_list_item):
            terms = [term for term in item.findall(nodes.term) if term["ids"]]
            if terms:
                firsts.setdefault(_letter(terms[0].astext()), terms[0]["ids"][0])
        if len(firsts) < 2:
            continue
        nav = str(render("pages/glossary-letters.html", letters=list(firsts.items())))
        glossary.parent.insert(glossary.parent.index(glossary), nodes.raw("", nav, format="html"))


class SearchableTermsDomain(StandardDomain):
    """The standard domain, with glossary terms among the search results (priority 1, not -1)."""

    object_types: ClassVar[dict[str, ObjType]] = {
        **StandardDomain.object_types,
        "term": ObjType("glossary term", "term", searchprio=1),
    }


STATIC = Path(__file__).resolve().parents[1] / "web" / "glossary"


def _add_static(app: Sphinx) -> None:
    if app.builder.format == "html":
        app.config.html_static_path.append(str(STATIC))


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_domain(SearchableTermsDomain, override=True)
    app.connect("builder-inited", _add_static)
    app.add_css_file("tarot-glossary.css")
    app.add_js_file("tarot-glossary.js", loading_method="defer")
    app.connect("doctree-read", _add_letters)
    app.connect("doctree-read", _collect)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.add_post_transform(MarkTermReferences)
    app.add_post_transform(AddTermTitles)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
