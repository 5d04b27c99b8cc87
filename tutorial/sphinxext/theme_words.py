"""The theme's own words in an edition's language.

The theme (Furo) writes some of its words into every page as they are, in English, where no message
catalogue reaches: the buttons' names for a screen reader ("Toggle site navigation sidebar"), its icons'
titles ("Light mode"), the footer ("Made with Sphinx and @pradyunsg's Furo"), and a few that go through
Sphinx's catalogue, which has no translation of them ("Back to top", "On this page"). When an edition in
another language has been written, each of its pages has those words put in its language, from the
engine's catalogue (the sentences below are marked for it). Only whole texts the theme writes are
replaced: a text between two tags, or an attribute's whole value, equal to one of them.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from sphinx.application import Sphinx
from sphinx.util.typing import ExtensionMetadata

from tarot_core import messages
from tarot_core.messages import N_

from .editions import ENGLISH_ONLY, SOURCE

#: The theme's words that a page shows or says whole (as a text between tags or an attribute's value).
THEME_WORDS: Final = (
    N_("Auto light/dark, in dark mode"),
    N_("Auto light/dark, in light mode"),
    N_("Back to top"),
    N_("Contents"),
    N_("Dark mode"),
    N_("Edit this page"),
    N_("Expand"),
    N_("Light mode"),
    N_("Menu"),
    N_("Next"),
    N_("On this page"),
    N_("Previous"),
    N_("Skip to content"),
    N_("Toggle Light / Dark / Auto color theme"),
    N_("Toggle site navigation sidebar"),
    N_("Toggle table of contents sidebar"),
)
#: The theme's words inside a page's text: the search page's word to a reader without JavaScript.
IN_ARTICLE: Final = (N_("Please activate JavaScript to enable the search functionality."),)
#: The button that opens a part of the navigation, ``{title}`` the part's title.
TOGGLE_PART: Final = N_("Open or close the navigation of {title}")
#: The footer's line; ``{sphinx}``, ``{author}`` and ``{furo}`` are the links.
MADE_WITH: Final = N_("Made with {sphinx} and {author}’s {furo}")
#: The footer's copyright line; ``{notice}`` is the project's (``copyright`` in ``docs/conf.py``).
COPYRIGHT: Final = N_("Copyright © {notice}")
#: The project's copyright notice, as ``docs/conf.py`` gives it.
NOTICE: Final = N_("2026, the tarot-core authors")

_TEXT: Final = re.compile(r">(\s*)([^<>]+?)(\s*)<")
_ATTRIBUTE: Final = re.compile(r'((?:aria-label|title|placeholder|alt)=")([^"]*)(")')
_TOGGLE: Final = re.compile(r'aria-label="Toggle navigation of ([^"]*)"')
_MADE_WITH: Final = re.compile(
    r"Made with (<a [^>]*>Sphinx</a>) and (<a [^>]*>@pradyunsg</a>)'s\s*(<a [^>]*>Furo</a>)"
)
_COPYRIGHT: Final = re.compile(r"Copyright &#169; ([^<]+?)(\s*)<")


def translated_page(text: str, translate: Callable[..., str]) -> str:
    """``text`` (a page's HTML) with the theme's words said by ``translate`` (``messages._`` in the
    edition's language)."""
    words = {word: translate(word) for word in THEME_WORDS}
    theirs = {word: translate(word) for word in IN_ARTICLE}

    def in_text(match: re.Match[str]) -> str:
        found = words.get(html.unescape(match.group(2)))
        return match.group(0) if found is None else f">{match.group(1)}{html.escape(found)}{match.group(3)}<"

    def in_attribute(match: re.Match[str]) -> str:
        found = words.get(html.unescape(match.group(2)))
        return match.group(0) if found is None else f"{match.group(1)}{html.escape(found)}{match.group(3)}"

    def toggle(match: re.Match[str]) -> str:
        title = html.unescape(match.group(1))
        return f'aria-label="{html.escape(translate(TOGGLE_PART, title=title))}"'

    def copyright_line(match: re.Match[str]) -> str:
        notice = html.unescape(match.group(1).strip())
        said = translate(NOTICE) if notice == NOTICE else notice
        return f"{html.escape(translate(COPYRIGHT, notice=said))}{match.group(2)}<"

    def chrome(part: str) -> str:
        part = _TOGGLE.sub(toggle, part)
        part = _MADE_WITH.sub(
            lambda match: translate(
                MADE_WITH, sphinx=match.group(1), author=match.group(2), furo=match.group(3)
            ),
            part,
        )
        part = _COPYRIGHT.sub(copyright_line, part)
        part = _ATTRIBUTE.sub(in_attribute, part)
        return _TEXT.sub(in_text, part)

    def in_article(match: re.Match[str]) -> str:
        found = theirs.get(html.unescape(match.group(2)))
        return match.group(0) if found is None else f">{match.group(1)}{html.escape(found)}{match.group(3)}<"

    # The page's own text (between <article> and </article>) is the page catalogue's: left as it is,
    # but for the few words the theme writes there.
    start, end = text.find("<article"), text.rfind("</article>")
    if 0 <= start < end:
        return chrome(text[:start]) + _TEXT.sub(in_article, text[start:end]) + chrome(text[end:])
    return chrome(text)


def _search_words(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """The search page's mark of a result from the developers' pages, in the page's language."""
    if pagename == "search":
        context["tarot_developers_mark"] = messages._("for developers")


def _translate_pages(app: Sphinx, exception: BaseException | None) -> None:
    language = app.config.language or SOURCE
    if exception is not None or app.builder.format != "html" or language == SOURCE:
        return
    with messages.use_language(language):
        for page in Path(app.outdir).rglob("*.html"):
            if page.relative_to(app.outdir).as_posix().startswith(ENGLISH_ONLY):
                continue  # a page that stays in English, and says so (lang="en"), keeps the theme's words
            text = page.read_text(encoding="utf-8")
            changed = translated_page(text, messages._)
            if changed != text:
                page.write_text(changed, encoding="utf-8")


def setup(app: Sphinx) -> ExtensionMetadata:
    # After the pages are written, before anything lists or hashes them.
    app.connect("html-page-context", _search_words)
    app.connect("build-finished", _translate_pages, priority=300)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
