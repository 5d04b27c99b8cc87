"""Draw the 78 tarot cards as small, self-contained SVG pictures.

The pictures are made from the engine's card data (:mod:`tarot_core.cards`), never from downloaded
images: suit symbols are drawn as paths, and so are the indices, trump numbers and words, with the
letter outlines of :mod:`tutorial.sphinxext.card_glyphs`; the three bouts carry a gold star. A picture
holds no text, so it looks the same on every machine and the browser needs no font to draw it. This
module works out what goes where; the template ``pages/card.svg`` writes the SVG.

>>> svg = card_svg(Card.parse("HK"))
>>> svg.startswith("<svg") and "King of Hearts" in svg
True
>>> card_filename(Card.parse("T21"))
'T21.svg'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Any, Final

from tarot_core.cards import FULL_PACK, JACK, KING, KNIGHT, QUEEN, Card, Suit
from tarot_core.messages import NC_, _, gettext_lazy, pgettext

from ..bridge.common import rank_label
from .card_glyphs import GLYPHS, UNITS_PER_EM
from .templating import render

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "alt_text",
    "card_filename",
    "card_svg",
    "roman",
    "text_path",
    "write_card_files",
]

#: The picture's own coordinate system; pages scale it with CSS.
CARD_WIDTH: Final = 100
CARD_HEIGHT: Final = 150

RED: Final = "#b3141f"
BLACK: Final = "#1d1d1f"
TRUMP_INK: Final = "#243b6b"
GOLD: Final = "#c99a06"
PAPER: Final = "#ffffff"
TRUMP_PAPER: Final = "#f6f1e3"
EDGE: Final = "#6b6b6b"

# Where the pips of a numbered card go, in card coordinates (the 1 has one large pip).
_L, _C, _R = 33.0, 50.0, 67.0
_ROWS4 = (38.0, 62.7, 87.3, 112.0)
_PIP_LAYOUT: Final[dict[int, tuple[tuple[float, float], ...]]] = {
    2: ((_C, 38), (_C, 112)),
    3: ((_C, 38), (_C, 75), (_C, 112)),
    4: ((_L, 38), (_R, 38), (_L, 112), (_R, 112)),
    5: ((_L, 38), (_R, 38), (_C, 75), (_L, 112), (_R, 112)),
    6: ((_L, 38), (_R, 38), (_L, 75), (_R, 75), (_L, 112), (_R, 112)),
    7: ((_L, 38), (_R, 38), (_C, 56.5), (_L, 75), (_R, 75), (_L, 112), (_R, 112)),
    8: ((_L, 38), (_R, 38), (_C, 56.5), (_L, 75), (_R, 75), (_C, 93.5), (_L, 112), (_R, 112)),
    9: (*((x, y) for y in _ROWS4 for x in (_L, _R)), (_C, 75)),
    10: (*((x, y) for y in _ROWS4 for x in (_L, _R)), (_C, 50), (_C, 100)),
}
PIP_SIZE: Final = 16

#: The word under a court card's letter, in capitals, in the edition's language (the letter is the
#: chips', :func:`tutorial.bridge.common.rank_label`).
_FACE_WORD: Final = {
    JACK: NC_("card word", "JACK"),
    KNIGHT: NC_("card word", "KNIGHT"),
    QUEEN: NC_("card word", "QUEEN"),
    KING: NC_("card word", "KING"),
}
#: The word under a trump's numbers, in the edition's language (the Petit and the Monde keep their names).
_TRUMP_WORD: Final = NC_("card word", "TRUMP")
#: The widest a face card's word may be, inside its frame.
_FACE_WORD_WIDTH: Final = 46.0

_ROMAN: Final = (
    (10, "X"),
    (9, "IX"),
    (5, "V"),
    (4, "IV"),
    (1, "I"),
)


def roman(number: int) -> str:
    """Roman numeral of a trump number (1 to 21), as printed on many tarot packs.

    >>> roman(21), roman(14), roman(1)
    ('XXI', 'XIV', 'I')
    """
    if not 1 <= number <= 39:
        raise ValueError(gettext_lazy("trump numbers run from 1 to 21, not {number}", number=number))
    out: list[str] = []
    for value, letters in _ROMAN:
        while number >= value:
            out.append(letters)
            number -= value
    return "".join(out)


def alt_text(card: Card) -> str:
    """What a screen reader says for the card's picture: its English name, capitalised.

    >>> alt_text(Card.parse("EX")), alt_text(Card.parse("T1")), alt_text(Card.parse("DC"))
    ('The Excuse', '1 of trumps (the Petit)', 'Knight of Diamonds')
    >>> alt_text(Card.parse("T21"))
    '21 of trumps (the Monde)'
    """
    name = card.name
    if card.is_trump and card.rank == 21:
        name = _("21 of trumps (the Monde)")
    return name[:1].upper() + name[1:]


def card_filename(card: Card) -> str:
    """File name of the card's picture: its notation and ``.svg``."""
    return f"{card}.svg"


def _ink(card: Card) -> str:
    if card.suit in (Suit.HEARTS, Suit.DIAMONDS):
        return RED
    if card.suit in (Suit.SPADES, Suit.CLUBS):
        return BLACK
    return TRUMP_INK


#: A shape of the picture, as the template draws it (see ``pages/card.svg``).
Shape = dict[str, Any]


def _symbol(suit: Suit, x: float, y: float, size: float, fill: str, *, flip: bool = False) -> Shape:
    """A suit symbol (drawn in a 100 x 100 box; the Excuse's is a star) centred on (x, y), ``size``
    units wide."""
    scale = size / 100
    steps = [f"rotate(180 {x:g} {y:g})"] if flip else []
    steps.append(f"translate({x - size / 2:g} {y - size / 2:g}) scale({scale:g})")
    return {"kind": "symbol", "suit": suit.value, "fill": fill, "transform": " ".join(steps)}


@cache
def _glyph(character: str) -> tuple[int, tuple[tuple[str, tuple[float, ...]], ...]]:
    """A character's advance and outline commands (font units, y upwards), parsed once."""
    try:
        advance, path = GLYPHS[character]
    except KeyError:
        raise ValueError(
            gettext_lazy("the cards have no outline for {character!r}", character=character)
        ) from None
    commands = tuple(
        (letter, tuple(float(number) for number in numbers.split()))
        for letter, numbers in re.findall(r"([MLQZ])([^MLQZ]*)", path)
    )
    return advance, commands


def _number(tenths: int) -> str:
    """A length given in tenths of a unit, as short as path data allows (``-.5``, ``12``, ``3.5``)."""
    text = f"{tenths / 10:g}"
    return text.replace("0.", ".", 1) if text.lstrip("-").startswith("0.") else text


def text_width(text: str, size: float, *, spacing: float = 0.0) -> float:
    """How wide :func:`text_path` writes ``text`` at ``size``, in card units."""
    advances = [_glyph(character)[0] for character in text]
    return sum(advances) * size / UNITS_PER_EM + spacing * (len(advances) - 1)


def text_path(x: float, y: float, text: str, size: float, *, spacing: float = 0.0) -> str:
    """Path data that writes ``text`` centred on ``x``, on the baseline ``y``, ``size`` units high.

    ``spacing`` is added between letters. Points are rounded to a tenth of a unit and written relative
    to the one before (the rounding does not add up: each is rounded in place, then subtracted).
    """
    scale = size / UNITS_PER_EM
    glyphs = [_glyph(character) for character in text]
    origin = x - text_width(text, size, spacing=spacing) / 2
    out: list[str] = []
    here = start = (0, 0)  # the pen and the start of the current outline, in tenths
    previous = ""
    for advance, commands in glyphs:
        for letter, numbers in commands:
            if letter == "Z":
                out.append("z")
                here, previous = start, "z"
                continue
            # Every point of a command (a curve's control point too) is relative to where it starts.
            points = [
                (round((origin + numbers[i] * scale) * 10), round((y - numbers[i + 1] * scale) * 10))
                for i in range(0, len(numbers), 2)
            ]
            steps = [f"{_number(px - here[0])} {_number(py - here[1])}" for px, py in points]
            here = points[-1]
            if letter == "M":
                start = here
            command = letter.lower()
            # A command repeated needs no letter again, only a space before its numbers.
            out.append((" " if command == previous and command != "m" else command) + " ".join(steps))
            previous = command
        origin += advance * scale + spacing
    # A number needs no space before its minus sign.
    return "".join(out).replace(" -", "-")


def _text(x: float, y: float, text: str, size: float, fill: str, *, spacing: float = 0.0) -> Shape:
    """``text`` drawn as outlines; ``data-text`` keeps what it says (the picture's title names the card)."""
    return {"kind": "text", "fill": fill, "text": text, "d": text_path(x, y, text, size, spacing=spacing)}


def _rect(*attributes: tuple[str, object]) -> Shape:
    return {"kind": "rect", "attributes": attributes}


def _corner_label(card: Card) -> str:
    if card.is_excuse:
        return ""
    if card.is_trump:
        return str(card.rank)
    return rank_label(card.rank)


def _corners(card: Card, ink: str) -> Iterator[Shape]:
    """Index in the top-left corner and, upside down, in the bottom-right one."""
    label = _corner_label(card)
    for flip in (False, True):
        group: list[Shape] = []
        if card.is_excuse:
            group.append(_symbol(Suit.EXCUSE, 14, 15, 16, GOLD))
        else:
            size = 20 if len(label) < 2 else 17
            group.append(_text(14, 22, label, size, ink))
            if card.suit.is_plain:
                group.append(_symbol(card.suit, 14, 34, 13, ink))
            elif card.is_bout:
                group.append(_symbol(Suit.EXCUSE, 14, 33, 12, GOLD))
        transform = f"rotate(180 {CARD_WIDTH / 2:g} {CARD_HEIGHT / 2:g})" if flip else ""
        yield {"kind": "group", "transform": transform, "children": group}


def _pips(card: Card, ink: str) -> Iterator[Shape]:
    if card.rank == 1:
        yield _symbol(card.suit, 50, 75, 44, ink)
        return
    for x, y in _PIP_LAYOUT[card.rank]:
        yield _symbol(card.suit, x, y, PIP_SIZE, ink, flip=y > 75)


def _face(card: Card, ink: str) -> Iterator[Shape]:
    yield _rect(
        ("x", 24),
        ("y", 34),
        ("width", 52),
        ("height", 82),
        ("rx", 5),
        ("fill", "none"),
        ("stroke", ink),
        ("stroke-width", 1.5),
        ("stroke-opacity", 0.55),
    )
    yield _text(50, 78, rank_label(card.rank), 38, ink)
    yield _symbol(card.suit, 50, 96, 16, ink)
    word = pgettext("card word", _FACE_WORD[card.rank])
    # A longer word (the French CAVALIER) is written smaller, to stay inside the frame.
    size = min(7.5, 7.5 * _FACE_WORD_WIDTH / text_width(word, 7.5, spacing=0.5))
    yield _text(50, 111, word, size, ink, spacing=0.5)


def _trump(card: Card) -> Iterator[Shape]:
    yield _rect(
        ("x", 20),
        ("y", 30),
        ("width", 60),
        ("height", 90),
        ("rx", 6),
        ("fill", PAPER),
        ("stroke", TRUMP_INK),
        ("stroke-width", 1.2),
        ("stroke-opacity", 0.6),
    )
    yield _text(50, 80, str(card.rank), 34 if card.rank < 10 else 30, TRUMP_INK)
    yield _text(50, 97, roman(card.rank), 11, TRUMP_INK)
    label = pgettext("card word", _TRUMP_WORD)
    if card.rank == 1:
        label = "PETIT"
    elif card.rank == 21:
        label = "MONDE"
    yield _text(50, 112, label, 7.5, TRUMP_INK, spacing=0.5)
    if card.is_bout:
        yield _symbol(Suit.EXCUSE, 50, 44, 14, GOLD)


def _excuse() -> Iterator[Shape]:
    yield _rect(
        ("x", 20),
        ("y", 30),
        ("width", 60),
        ("height", 90),
        ("rx", 6),
        ("fill", PAPER),
        ("stroke", GOLD),
        ("stroke-width", 1.5),
    )
    yield _symbol(Suit.EXCUSE, 50, 66, 34, GOLD)
    yield _text(50, 100, "EXCUSE", 10, TRUMP_INK, spacing=0.5)
    yield _text(50, 112, "BOUT", 7.5, GOLD, spacing=0.5)


def card_svg(card: Card) -> str:
    """The complete SVG document of one card, with a ``<title>`` naming it for screen readers."""
    ink = _ink(card)
    shapes = list(_corners(card, ink))
    if card.is_excuse:
        shapes.extend(_excuse())
    elif card.is_trump:
        shapes.extend(_trump(card))
    elif card.is_face:
        shapes.extend(_face(card, ink))
    else:
        shapes.extend(_pips(card, ink))
    svg = render(
        "pages/card.svg",
        name=alt_text(card),
        width=CARD_WIDTH,
        height=CARD_HEIGHT,
        paper=PAPER if card.suit.is_plain else TRUMP_PAPER,
        edge=EDGE,
        shapes=shapes,
    )
    return f"{svg}\n"


def write_card_files(directory: Path, cards: Iterable[Card] = FULL_PACK) -> list[Path]:
    """Write one ``<notation>.svg`` per card into ``directory`` (created if needed); return the paths.

    A file whose content is already right is left untouched, so rebuilds keep their timestamps.
    """
    directory.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for card in cards:
        path = directory / card_filename(card)
        text = card_svg(card)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
