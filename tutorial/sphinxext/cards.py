"""Card pictures in the pages: the ``card`` role and the ``cards`` directive.

``{card}`HK``` shows the King of Hearts as a small picture in the line of text. A row of larger
pictures::

    ```{cards} HK T21 EX
    :caption: A King and two bouts
    :labels:
    ```

The notation is the engine's (:func:`tarot_core.cards.parse_cards`): a suit letter S/H/D/C and a rank
1-10/J/C/Q/K, T1-T21 for trumps, EX for the Excuse. The notation may also be the directive's body.

Every picture is one SVG file, ``_static/cards/<notation>.svg``, drawn by
:mod:`tutorial.sphinxext.cardsvg` and written when an HTML build finishes; each ``<img>`` carries the
card's name as ``alt`` text and its English and French names as a tooltip. Other builders (text, LaTeX,
doctest) get the card's name as plain text.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.osutil import relative_uri
from sphinx.util.typing import ExtensionMetadata
from sphinx.writers.html5 import HTML5Translator

from tarot_core.cards import Card, parse_cards
from tarot_core.errors import NotationError
from tarot_core.messages import _

from .cardsvg import CARD_HEIGHT, CARD_WIDTH, alt_text, card_filename, write_card_files
from .common import EngineCheckError, EngineDirective, EngineRole
from .templating import render

CARDS_DIR = "_static/cards"
SIZES = ("small", "medium", "large")


class tarot_card(nodes.Inline, nodes.Element):  # type: ignore[misc]  # docutils has no types
    """One card picture; ``node["card"]`` is the notation."""


def card_node(card: Card, *, labelled: bool = False) -> tarot_card:
    """The node of one card; ``labelled`` adds the notation under the picture."""
    return tarot_card("", card=str(card), alt=alt_text(card), french=card.french, labelled=labelled)


def _tooltip(node: tarot_card) -> str:
    return f"{node['alt']} · {node['french']} · {node['card']}"


def visit_card_html(translator: HTML5Translator, node: tarot_card) -> None:
    builder = translator.builder
    here = builder.get_target_uri(builder.current_docname)
    src = relative_uri(here, f"{CARDS_DIR}/{card_filename(Card.parse(node['card']))}")
    image = render(
        "pages/card-image.html",
        classes=" ".join(["tarot-card", *node.get("classes", [])]),
        src=src,
        alt=node["alt"],
        title=_tooltip(node),
        width=CARD_WIDTH,
        height=CARD_HEIGHT,
        label=node["card"] if node.get("labelled") else "",
    )
    translator.body.append(str(image))
    raise nodes.SkipNode


def _parse(text: str) -> list[Card]:
    try:
        cards = parse_cards(text)
    except NotationError as error:
        raise EngineCheckError(f"{error}") from None
    if not cards:
        raise EngineCheckError(_("name at least one card, for example HK or T21 or EX"))
    return cards


class CardRole(EngineRole):
    """``card``: one card's picture inside a line of text."""

    def run_engine(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        cards = _parse(self.text)
        if len(cards) != 1:
            raise EngineCheckError(_("the card role shows one card; use the cards directive for a row"))
        node = card_node(cards[0])
        node["classes"].append("tarot-card-inline")
        return [node], []


class CardsDirective(EngineDirective):
    """``cards``: a row of card pictures, with an optional caption."""

    optional_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "caption": directives.unchanged,
        "labels": directives.flag,
        "size": lambda text: directives.choice(text, SIZES),
        "name": directives.unchanged,
        "class": directives.class_option,
    }

    def run_engine(self) -> list[nodes.Node]:
        text = " ".join([*self.arguments, *self.content])
        cards = _parse(text)
        size = self.options.get("size", "medium")
        container = nodes.container(
            classes=["tarot-cards", f"tarot-cards-{size}", *self.options.get("class", [])]
        )
        self.add_name(container)
        row = nodes.paragraph(classes=["tarot-cards-row"])
        for index, card in enumerate(cards):
            if index:
                row += nodes.Text(" ")
            row += card_node(card, labelled="labels" in self.options)
        container += row
        caption = self.options.get("caption")
        if caption:
            caption_nodes, messages = self.state.inline_text(caption, self.lineno)
            paragraph = nodes.paragraph(caption, "", *caption_nodes, classes=["tarot-cards-caption"])
            # With its place in the source, the caption is one of the page's messages to translate.
            paragraph.source, paragraph.line = self.get_source_info()
            container += paragraph
            container.extend(messages)
        return [container]


def _text_for_other_builders(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Builders that do not write HTML get the card's name instead of its picture."""
    if app.builder.format == "html":
        return
    for node in list(doctree.findall(tarot_card)):
        node.replace_self(nodes.inline("", node["alt"], classes=node["classes"]))


def _write_pictures(app: Sphinx, exception: Exception | None) -> None:
    if exception is None and app.builder.format == "html":
        write_card_files(Path(app.outdir) / CARDS_DIR)


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_node(tarot_card, html=(visit_card_html, None))
    app.add_role("card", CardRole())
    app.add_directive("cards", CardsDirective)
    app.connect("doctree-resolved", _text_for_other_builders)
    app.connect("build-finished", _write_pictures)
    app.setup_extension("tutorial.sphinxext.common")
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
