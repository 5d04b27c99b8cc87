"""The theme's navigation tree, worked out once a build instead of once a page.

Furo puts the whole site's table of contents in every page's sidebar: for each page it asks Sphinx for
the global toctree (``toctree(collapse=False, titles_only=True, maxdepth=-1, includehidden=True)``),
and Sphinx copies every page's whole section tree, the API pages' hundreds of entries with it, only to
keep each page's title. That was about a fifth of a build. The tree is the same on every page but for
two things: the classes that mark the page and its ancestors as current, and the links, made relative
to the page. So the entries are resolved once a build, and each page gets a copy marked and linked as
Sphinx marks and links its own (``_resolve_toctree`` in ``sphinx.environment.adapters.toctree``, whose
steps this follows, with Sphinx pinned in pyproject.toml). Any other call of ``toctree`` in a template
goes to Sphinx unchanged. ``tests/docs/test_docs_extensions.py`` checks that every page's tree is the
one Sphinx makes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment.adapters import toctree as sphinx_toctree
from sphinx.util import url_re
from sphinx.util.matching import Matcher
from sphinx.util.typing import ExtensionMetadata

#: The one call the theme makes for its sidebar (furo's ``_compute_navigation_tree``).
COLLAPSE: Final = False
TITLES_ONLY: Final = True
MAXDEPTH: Final = -1
INCLUDE_HIDDEN: Final = True
THEME_CALL: Final = {
    "collapse": COLLAPSE,
    "titles_only": TITLES_ONLY,
    "maxdepth": MAXDEPTH,
    "includehidden": INCLUDE_HIDDEN,
}

#: The entries of each toctree of the root document, resolved once for the build under way (emptied
#: when a build has read its pages, so that no build writes with another's tree).
_ENTRIES: list[list[addnodes.compact_paragraph]] = []


def _entries(app: Sphinx) -> list[addnodes.compact_paragraph]:
    """The root document's toctrees resolved for the theme's call, before any page marks them current
    (what ``_resolve_toctree`` builds up to its ``_toctree_add_classes``), once a build."""
    if not _ENTRIES:
        env = app.env
        builder = app.builder
        included = Matcher(env.config.include_patterns)
        excluded = Matcher(env.config.exclude_patterns)
        found = []
        for toctree in env.master_doctree.findall(addnodes.toctree):
            entries = sphinx_toctree._entries_from_toctree(
                env,
                True,
                TITLES_ONLY,
                COLLAPSE,
                INCLUDE_HIDDEN,
                builder.tags,
                # The ancestors of the page only spare Sphinx a pruning copy that titles_only undoes.
                frozenset(),
                included,
                excluded,
                toctree,
                [],
            )
            if not entries:
                continue
            tree = addnodes.compact_paragraph("", "")
            if caption := toctree.attributes.get("caption"):
                title = nodes.title(caption, "", nodes.Text(caption))
                title.line = toctree.line
                title.source = toctree.source
                title.rawsource = toctree["rawcaption"]
                tree.append(title)
            tree.extend(entries)
            tree["toctree"] = True
            found.append(tree)
        _ENTRIES.append(found)
    return _ENTRIES[0]


def _forget(app: Sphinx, env: Any) -> None:
    _ENTRIES.clear()


def page_tree(app: Sphinx, pagename: str) -> nodes.Element | None:
    """The theme's navigation tree for ``pagename``, as ``global_toctree_for_doc`` gives it."""
    trees = []
    for cached in _entries(app):
        tree = cached.deepcopy()
        sphinx_toctree._toctree_add_classes(tree, 1, pagename)
        tree = sphinx_toctree._toctree_copy(tree, 1, MAXDEPTH, COLLAPSE, app.builder.tags)
        if isinstance(tree[-1], nodes.Element) and len(tree[-1]) == 0:
            continue
        for reference in tree.findall(nodes.reference):
            if url_re.match(reference["refuri"]) is None:
                relative = app.builder.get_relative_uri(pagename, reference["refuri"])
                reference["refuri"] = relative + reference["anchorname"]
        trees.append(tree)
    if not trees:
        return None
    result = trees[0]
    for tree in trees[1:]:
        result.extend(tree.children)
    return result


def _page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    sphinx_call: Callable[..., str] | None = context.get("toctree")
    if sphinx_call is None:
        return

    def toctree(**kwargs: Any) -> str:
        if kwargs != THEME_CALL:
            return sphinx_call(**kwargs)
        tree = page_tree(app, pagename)
        return "" if tree is None else str(app.builder.render_partial(tree)["fragment"])  # type: ignore[attr-defined]

    context["toctree"] = toctree


def setup(app: Sphinx) -> ExtensionMetadata:
    # Before the theme's own handler (priority 500), which calls ``toctree``.
    app.connect("env-updated", _forget)
    app.connect("html-page-context", _page_context, priority=400)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
