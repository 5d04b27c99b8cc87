"""Card pictures and table data, without Sphinx: every card drawn, every table adding up."""

from __future__ import annotations

import doctest
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tarot_core.cards import FULL_PACK, TOTAL_HALF_POINTS, TRUMPS, Card, format_points
from tarot_core.errors import NotationError
from tarot_core.messages import use_language
from tutorial.bridge.common import card_face
from tutorial.sphinxext import cardsvg, glossary, tables

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("card", FULL_PACK, ids=str)
def test_every_card_is_a_well_formed_svg_naming_itself(card: Card) -> None:
    root = ET.fromstring(cardsvg.card_svg(card))
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == f"0 0 {cardsvg.CARD_WIDTH} {cardsvg.CARD_HEIGHT}"
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == cardsvg.alt_text(card)
    assert root.find(f".//{SVG}text") is None, "a picture holds no text: it needs no font"
    texts = [element.get("data-text") for element in root.iter(f"{SVG}path") if element.get("data-text")]
    if card.is_trump:
        assert str(card.rank) in texts and cardsvg.roman(card.rank) in texts
    elif card.is_excuse:
        assert "EXCUSE" in texts
    elif card.is_face:
        assert {"J", "C", "Q", "K"} & set(texts)
    else:
        assert str(card.rank) in texts
        # one pip per rank (the Ace has a single large one), plus the two corner symbols
        pips = [
            group
            for group in root.iter(f"{SVG}g")
            if group.get("fill") and "scale" in group.get("transform", "")
        ]
        assert len(pips) == card.rank + 2


def _points(path: str) -> list[tuple[float, float]]:
    """The absolute points of path data written by ``cardsvg.text_path`` (relative m, l, q and z)."""
    points: list[tuple[float, float]] = []
    here = start = (0.0, 0.0)
    for letter, numbers in re.findall(r"([mlqz])([^mlqz]*)", path):
        if letter == "z":
            here = start
            continue
        values = [float(number) for number in re.findall(r"-?(?:\d+\.?\d*|\.\d+)", numbers)]
        per_command = 4 if letter == "q" else 2
        assert len(values) % per_command == 0, path
        for index in range(0, len(values), per_command):
            chunk = values[index : index + per_command]
            ends = [(here[0] + chunk[i], here[1] + chunk[i + 1]) for i in range(0, per_command, 2)]
            points.extend(ends)
            here = ends[-1]
            if letter == "m":
                start = here
    return points


@pytest.mark.parametrize(("text", "size"), [("1", 34), ("21", 17), ("XIV", 11), ("KNIGHT", 7.5)])
def test_text_outlines_sit_centred_on_their_baseline(text: str, size: float) -> None:
    points = _points(cardsvg.text_path(50, 80, text, size, spacing=0.5))
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    # Capitals and digits stand on the baseline and rise about 0.73 of the size (DejaVu Sans Bold).
    assert max(ys) == pytest.approx(80, abs=0.2)
    assert 80 - min(ys) == pytest.approx(0.73 * size, abs=0.2 + 0.03 * size)
    # Centred: the side bearings of the first and last letters differ a little, hence the margin.
    assert (min(xs) + max(xs)) / 2 == pytest.approx(50, abs=0.05 * size)
    wider = _points(cardsvg.text_path(50, 80, text, size, spacing=2.5))
    extra = (max(x for x, _ in wider) - min(x for x, _ in wider)) - (max(xs) - min(xs))
    assert extra == pytest.approx(2 * (len(text) - 1), abs=0.2)


def test_a_character_without_outline_is_refused() -> None:
    with pytest.raises(ValueError, match="no outline"):
        cardsvg.text_path(50, 80, "é", 10)


def test_pictures_differ_and_colour_by_suit() -> None:
    drawings = {cardsvg.card_svg(card) for card in FULL_PACK}
    assert len(drawings) == len(FULL_PACK)
    assert cardsvg.RED in cardsvg.card_svg(Card.parse("HK"))
    assert cardsvg.RED not in cardsvg.card_svg(Card.parse("SK"))


#: How each edition marks the court cards: on the chips and in the pictures' corners and centres, and the
#: word under a picture's letter (a French pack marks them V, C, D and R).
COURT_MARKS = {
    "en": {"J": ("J", "JACK"), "C": ("C", "KNIGHT"), "Q": ("Q", "QUEEN"), "K": ("K", "KING")},
    "fr": {"J": ("V", "VALET"), "C": ("C", "CAVALIER"), "Q": ("D", "DAME"), "K": ("R", "ROI")},
}


@pytest.mark.parametrize("code", sorted(COURT_MARKS))
def test_court_cards_are_marked_in_the_editions_language(code: str) -> None:
    for suit, symbol in zip("SHDC", "♠♥♦♣", strict=True):
        for rank, (letter, word) in COURT_MARKS[code].items():
            card = Card.parse(suit + rank)
            with use_language(code):
                chip = card_face(card)[0]
                root = ET.fromstring(cardsvg.card_svg(card))
            paths = {element.get("data-text"): element for element in root.iter(f"{SVG}path")}
            texts = [element.get("data-text") for element in root.iter(f"{SVG}path")]
            assert chip == letter + symbol
            # the two corners and the centre carry the letter; the word sits under the centre's
            assert texts.count(letter) == 3 and word in texts, texts
            # inside the frame around the centre (x from 24 to 76), with a margin
            xs = [x for x, _ in _points(paths[word].get("d", ""))]
            assert min(xs) >= 26 and max(xs) <= 74, (word, min(xs), max(xs))


#: The word under a trump's numbers in each edition; the Petit and the Monde are named in both.
TRUMP_WORDS = {"en": "TRUMP", "fr": "ATOUT"}


@pytest.mark.parametrize("code", sorted(TRUMP_WORDS))
def test_trumps_are_marked_in_the_editions_language(code: str) -> None:
    for card in TRUMPS:
        with use_language(code):
            root = ET.fromstring(cardsvg.card_svg(card))
        texts = [element.get("data-text") for element in root.iter(f"{SVG}path")]
        word = {1: "PETIT", 21: "MONDE"}.get(card.rank, TRUMP_WORDS[code])
        assert word in texts, (card, texts)
        assert not ({"TRUMP", "ATOUT"} - {word}) & set(texts), (card, texts)


def test_write_card_files(tmp_path: Path) -> None:
    paths = cardsvg.write_card_files(tmp_path / "cards")
    assert sorted(path.name for path in paths) == sorted(f"{card}.svg" for card in FULL_PACK)
    before = paths[0].stat().st_mtime_ns
    cardsvg.write_card_files(tmp_path / "cards")
    assert paths[0].stat().st_mtime_ns == before, "unchanged pictures are not rewritten"


def test_roman_numerals() -> None:
    assert [cardsvg.roman(card.rank) for card in TRUMPS][:5] == ["I", "II", "III", "IV", "V"]
    assert cardsvg.roman(19) == "XIX"
    with pytest.raises(ValueError, match="trump numbers"):
        cardsvg.roman(0)


def test_card_points_table_adds_up_to_the_pack() -> None:
    table = tables.card_points_table()
    rows = table["rows"]
    assert sum(int(str(row[1])) for row in rows[:-1]) == len(FULL_PACK)
    assert rows[-1][1] == len(FULL_PACK)
    assert rows[-1][3] == f"**{format_points(TOTAL_HALF_POINTS)}**"
    for row in rows[:-1]:
        assert float(str(row[2])) * int(str(row[1])) == float(str(row[3]))


@pytest.mark.parametrize("suit", ["S", "H", "D", "C"])
def test_suit_tables_list_fourteen_cards_in_order(suit: str) -> None:
    table = tables.suit_table(suit)
    assert len(table["rows"]) == len([card for card in FULL_PACK if card.suit.value == suit])
    assert [row[4] for row in table["rows"]] == list(range(1, len(table["rows"]) + 1))
    assert all(len(row) == len(table["header"]) for row in table["rows"])


def test_trump_and_bout_tables() -> None:
    assert len(tables.trumps_table()["rows"]) == len(TRUMPS)
    assert [row[1] for row in tables.bouts_table()["rows"]] == ["`T1`", "`T21`", "`EX`"]


@pytest.mark.parametrize("letter", ["T", "X", ""])
def test_a_wrong_suit_letter_is_explained(letter: str) -> None:
    with pytest.raises(NotationError, match="suit"):
        tables.suit_table(letter)


def test_module_doctests() -> None:
    for module in (cardsvg, tables, glossary):
        failures, tried = doctest.testmod(module)
        assert tried > 0 and failures == 0, module.__name__
