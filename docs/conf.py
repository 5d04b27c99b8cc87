"""Sphinx configuration of the tarot card games site.

Build: ``nox -s docs`` (HTML with ``-n -W --keep-going``, then the doctest builder), or
``sphinx-build -n -W -b html docs docs/_build/html``. Nothing is fetched from the network, at build
time or when a page is read: no intersphinx, no web fonts, no CDN scripts.
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.nodes import Element
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.transforms.post_transforms import SphinxPostTransform

ROOT = Path(__file__).resolve().parents[1]
# The engine (tarot_core) and the Sphinx extensions (tutorial.sphinxext) are imported from the checkout.
sys.path.insert(0, str(ROOT))

project = "Tarot card games"
author = "The tarot-core authors"
copyright = "2026, the tarot-core authors"
language = "en"

# -- Languages -------------------------------------------------------------------------------------
# The English pages are the source; the French edition is built from the same sources with
# ``-D language=fr`` into fr/ (tutorial/sphinxext/languages.py), its text from one catalogue a page in
# locale/fr/LC_MESSAGES (``gettext_compact = False``), kept up to date with sphinx-intl.
locale_dirs = ["locale/"]
gettext_compact = False
# The index entries (the rules' "must trump", ...) are translated too: the search finds them.
gettext_additional_targets = ["index"]
gettext_uuid = False
gettext_location = False
gettext_allow_fuzzy_translations = False

extensions = [
    "myst_parser",
    "sphinx_design",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    # The project's own extensions: numbers and tables from the engine, card pictures, glossary tooltips.
    "tutorial.sphinxext.engine",
    "tutorial.sphinxext.cards",
    "tutorial.sphinxext.glossary",
    # Steps of the sample hand records (tutorial/hands), drawn from the records themselves.
    "tutorial.sphinxext.handsteps",
    # Interactive widgets running the engine through Pyodide: the calculator, the hand replay, the play
    # check, the score sheet, the lessons (tutorial/lessons) and the play page, all in one registry.
    "tutorial.sphinxext.widgets",
    # Gzip copies of the large files, a service worker (the site offline) and a web app manifest.
    "tutorial.sphinxext.offline",
    # A sentence of the code missing from the message catalogue's template fails the strict build.
    "tutorial.sphinxext.catalogue",
    # The French edition, built into fr/ after the English pages, and the links between the two.
    "tutorial.sphinxext.languages",
    "tutorial.sphinxext.theme_words",
    # The theme's navigation tree worked out once a build, each page's copy marked as Sphinx marks it.
    "tutorial.sphinxext.navigation",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store", "README.md"]
templates_path = ["_templates"]

# -- MyST ------------------------------------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist", "substitution", "attrs_inline"]
myst_heading_anchors = 3

# -- Strictness ------------------------------------------------------------------------------------
nitpicky = True
# Without intersphinx, standard-library names in signatures cannot be linked; say so rather than warn.
nitpick_ignore_regex = [
    (
        r"py:(class|obj|data|exc)",
        r"(typing|collections\.abc|enum|dataclasses|pathlib|abc|random|argparse|json|os|gettext|fractions)\..*",
    ),
    (r"py:(class|obj|data|exc)", r"(int|str|bool|float|bytes|object|dict|list|tuple|set|frozenset|type)"),
    (r"py:(class|obj|data|exc)", r"(None|Any|Final|ClassVar|Self|Iterable|Iterator|Mapping|Sequence)"),
    (r"py:(class|obj|data|exc)", r"(ValueError|TypeError|KeyError|Exception|Enum|IntEnum|StrEnum)"),
]

# -- API reference ---------------------------------------------------------------------------------
autodoc_member_order = "bysource"
# Types go in the description: dataclass signatures with "<factory>" defaults cannot be parsed otherwise.
autodoc_typehints = "description"
autodoc_default_options = {
    "members": True,
    "undoc-members": True,
    "show-inheritance": True,
    # Document every public name, not only those in __all__, so that signatures can link to them.
    "ignore-module-all": True,
}

# -- Doctest ---------------------------------------------------------------------------------------
doctest_global_setup = "import tarot_core\nfrom tarot_core.cards import *\n"
# Only the pages' own {doctest} blocks: the engine's docstring examples need their module's names and
# are run by the engine's tests.
doctest_test_doctest_blocks = ""

# -- HTML ------------------------------------------------------------------------------------------
# Furo: a responsive layout that reads well on a phone (collapsible navigation, no horizontal
# scrolling for prose), light and dark modes, system fonts only, and it styles sphinx-design.
html_theme = "furo"
html_title = "Tarot card games"
# The site's own styles, scripts and icons, with every other browser file, are in tutorial/web.
html_static_path = ["../tutorial/web/theme"]
# The search lists a learner's pages before the developers' reference (the order is explained in the file).
html_search_scorer = str(ROOT / "tutorial" / "web" / "search-scorer.js")
# A card with a star, drawn in a few lines of SVG: without an icon of its own, every first visit also
# asks the server for /favicon.ico, which a static site does not have.
html_favicon = "../tutorial/web/theme/favicon.svg"
html_css_files = ["tarot.css"]
# On paper only: the page's text, black on white, without the theme's sidebars and buttons.
html_css_files.append(("print.css", {"media": "print"}))
# The theme's own script runs unchanged; this one adds the site's keyboard access to its drawers and
# wide boxes, and lands links on their section.
html_js_files = [("tarot-theme.js", {"defer": "defer"})]
html_copy_source = False
html_show_sourcelink = False
html_theme_options = {
    "navigation_with_keys": True,
    "top_of_page_buttons": [],
}


class _EmptySectionFilter(logging.Filter):
    """Section indexes gather their pages with ``:glob:`` toctrees, and a section may be empty while it
    is being written. Sphinx logs that case without a warning type, so ``suppress_warnings`` cannot
    silence it; this filter drops exactly that message and nothing else."""

    def filter(self, record: logging.LogRecord) -> bool:
        return getattr(record, "subtype", None) != "empty_glob"


#: The last table of objects indexed by :func:`_short_names`: the table itself, its size and the index.
_SHORT_NAMES: list[tuple[Mapping[str, object], int, dict[str, list[str]]]] = []


def _short_names(objects: Mapping[str, object]) -> dict[str, list[str]]:
    """The engine's full names by their last part, worked out once per table of objects (a build
    resolves thousands of references against the same table)."""
    if not _SHORT_NAMES or _SHORT_NAMES[0][0] is not objects or _SHORT_NAMES[0][1] != len(objects):
        index: dict[str, list[str]] = {}
        for name in objects:
            index.setdefault(name.rsplit(".", 1)[-1], []).append(name)
        _SHORT_NAMES[:] = [(objects, len(objects), index)]
    return _SHORT_NAMES[0][2]


def _resolve_short_python_names(
    app: Sphinx, env: BuildEnvironment, node: addnodes.pending_xref, contnode: Element
) -> Element | None:
    """Let a docstring say :class:`RecordError` for a name defined once anywhere in the engine."""
    if node.get("refdomain") != "py" or "." in node["reftarget"]:
        return None
    python = env.domains.python_domain
    matches = _short_names(python.objects).get(node["reftarget"], [])
    if len(matches) != 1:
        return None
    return python.resolve_xref(env, node["refdoc"], app.builder, node["reftype"], matches[0], node, contnode)


# The theme marks the page ``no-js`` and its script, at the end of the body, removes the mark once the
# page is parsed. Changing a class on the root element then makes the browser restyle every element of
# the page (the theme's stylesheet has rules with ``:not(.class)`` that it cannot narrow down), inside
# the task that ends the parsing. Removed from the head instead, before the body exists, it costs
# nothing; the theme's own removal then finds nothing left to do.
_SCRIPTS_RUN = '<script>document.documentElement.classList.remove("no-js")</script>'


# In a new tab, Chromium on Linux asks its browser process, and waits for the answer, for each font
# family it tries and then for the rendering settings of each size and weight it draws: dozens of
# round trips, most of them in the page's first layout, which they often take past 50 ms. While the
# stylesheets are still loading, the main thread has little else to do; a script in the head spends
# that time setting up the fonts most pages draw first, one per task, by measuring two letters on a
# canvas in each (a canvas shares the page's font cache). The first layout then finds them ready. The
# tasks are posted with the scheduler's highest priority: while a page loads, Chromium runs the
# parser's tasks before those of a message channel, so tasks posted that way (the fallback where the
# scheduler is missing) often ran only after the first layout. The list is the theme's families at the
# sizes and weights that the first layout of most pages draws; a browser test reads it back from the
# pages and checks it against the fonts of every page of the built site.
_SANS = (
    '-apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, sans-serif, "Apple Color Emoji", '
    '"Segoe UI Emoji"'
)
_MONO = 'SFMono-Regular, Menlo, Consolas, Monaco, "Liberation Mono", "Lucida Console", monospace'
_FIRST_FONTS: tuple[str, ...] = (
    *(
        f"{shape} {_SANS}"
        for shape in (
            "400 16px",  # the text
            "400 14px",  # the navigation
            "400 12.25px",  # the links to the next and previous pages, the footer
            "400 24px",  # the site's name
            "700 11.375px",  # the navigation's captions
            "700 40px",  # the page's title
            "700 14px",  # the current page in the navigation
            "700 16px",  # strong text, tab labels
            "400 10px",  # the title of the page's contents
            "italic 400 16px",  # emphasis
            "700 32px",  # the sections' titles
            "400 12px",  # the page's contents
        )
    ),
    f"400 13px {_MONO}",  # code and card names in the text
)
_SET_UP_FONTS = (
    "<script>(function(fonts){var context,channel,post;"
    "function measure(i){"
    'context=context||document.createElement("canvas").getContext("2d");'
    'if(context){context.font=fonts[i];context.measureText("Ag")}}'
    "if(self.scheduler&&scheduler.postTask){post=function(i){scheduler.postTask(function(){measure(i)},"
    '{priority:"user-blocking"})}}'
    "else{channel=new MessageChannel();channel.port1.onmessage=function(event){measure(event.data);"
    "if(event.data===fonts.length-1)channel.port1.close()};"
    "post=function(i){channel.port2.postMessage(i)}}"
    "for(var i=0;i<fonts.length;i++)post(i)"
    f"}})({json.dumps(_FIRST_FONTS)})</script>"
)


def _mark_scripts_running(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, object], doctree: object
) -> None:
    """Put the removal of ``no-js`` and the fonts' set-up in the page's head (the theme writes
    ``metatags`` there, before its stylesheets)."""
    context["metatags"] = f"{context.get('metatags') or ''}\n    {_SCRIPTS_RUN}{_SET_UP_FONTS}"


def _name_navigation_captions(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, object], doctree: object
) -> None:
    """The navigation's captions ("Tutorials", "Reference"...) are headings (Sphinx marks them
    ``role="heading"``) without a level, which a heading must have: they are level 2, under the
    page's title."""
    tree = context.get("furo_navigation_tree")
    if isinstance(tree, str):
        context["furo_navigation_tree"] = tree.replace(
            '<p class="caption" role="heading">', '<p class="caption" role="heading" aria-level="2">'
        )


def _drop_empty_field_lists(app: Sphinx, domain: str, objtype: str, content: Element) -> None:
    """Remove the field lists that Sphinx empties when it takes out ``:meta ...:`` fields (the tables
    whose values are hidden): they would be written as empty ``<dl>`` elements that only add space."""
    for node in list(content):
        if isinstance(node, nodes.field_list) and not node.children:
            content.remove(node)


class _OneIdPerTable(SphinxPostTransform):
    """The theme wraps each table in a container (a table too wide for a phone scrolls sideways inside
    it) and gives the container the table's ids, which the table keeps too: every table's id was in
    the page twice. The table keeps them, since its caption's link points to them."""

    default_priority = 600  # after the theme's wrapping (500)
    formats = ("html",)

    def run(self, **kwargs: Any) -> None:
        for wrapper in self.document.findall(nodes.container):
            if "table-wrapper" in wrapper["classes"] and wrapper.children:
                inner = wrapper.children[0]
                if isinstance(inner, nodes.table):
                    wrapper["ids"] = [name for name in wrapper["ids"] if name not in inner["ids"]]


def setup(app: Sphinx) -> None:
    logging.getLogger("sphinx.sphinx.directives.other").addFilter(_EmptySectionFilter())
    app.connect("missing-reference", _resolve_short_python_names)
    app.connect("html-page-context", _mark_scripts_running)
    # After the theme's handler (priority 500, connected later), which writes the navigation tree.
    app.connect("html-page-context", _name_navigation_captions, priority=900)
    # After Sphinx's own handler, which takes out the meta fields (priority 500).
    app.connect("object-description-transform", _drop_empty_field_lists, priority=600)
    app.add_post_transform(_OneIdPerTable)


# -- Widgets ---------------------------------------------------------------------------------------
# Refused cards link to the rule that refuses them: a ``(rule-<code>)=`` label where a page has one,
# else the topic page named here (the five-player rules live with the three-player ones).
tarot_rule_pages = {"five-players": "rules/three-and-five#rule-five-players"}
