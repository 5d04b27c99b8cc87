"""The engine speaks through the message catalogue: errors and refusals keep their message and render
it in the language current when shown, card names and lists of cards are messages, and every sentence
of a refusal, a verdict or the command line is a whole message (in a stand-in language that writes
each message between brackets, no English word is left outside one)."""

from __future__ import annotations

import dataclasses
import gettext
import pickle
from collections.abc import Callable, Iterator

import pytest

from tarot_core import messages
from tarot_core.actions import Action
from tarot_core.cards import EXCUSE, Card, CardsInWords, cards_in_words, parse_cards
from tarot_core.cli import build_parser
from tarot_core.engine.variant import find_variant
from tarot_core.errors import (
    Illegal,
    IllegalActionError,
    NotationError,
    Refusal,
    RequestError,
    SheetError,
    TarotError,
    said_of,
)
from tarot_core.exercises import judge
from tarot_core.messages import Message, gettext_lazy, join_and, join_or, use_language
from tarot_core.players import make_player
from tarot_core.seats import Seat
from tarot_core.sheet import Sheet


class _Brackets(gettext.NullTranslations):
    """A stand-in language: every message between brackets, its placeholders kept."""

    def gettext(self, message: str) -> str:
        return f"[{message}]"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return f"[{singular if n == 1 else plural}]"

    def pgettext(self, context: str, message: str) -> str:
        return "" if context.endswith("gender") else f"[{message}]"

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.ngettext(singular, plural, n)


@pytest.fixture
def brackets() -> Iterator[None]:
    messages._catalogues["xx"] = _Brackets()
    messages.GRAMMAR["xx"] = dataclasses.replace(messages.GRAMMAR["en"], decimal_comma=True)
    yield
    del messages._catalogues["xx"], messages.GRAMMAR["xx"]


# ====================================================================================== errors
def test_an_error_keeps_its_message_and_renders_it_when_shown(brackets: None) -> None:
    said = gettext_lazy("{card} is not a card", card="ZZ")
    error = TarotError(said)
    assert str(error) == error.message == "ZZ is not a card"
    assert error.message_id == "{card} is not a card" and error.params == {"card": "ZZ"}
    assert error.said is said
    with use_language("xx"):
        assert str(error) == error.message == "[ZZ is not a card]"
    plain = NotationError("a text already written")
    assert plain.message_id == plain.message == "a text already written" and plain.params == {}


def test_the_errors_with_a_field_or_a_place_render_both_parts(brackets: None) -> None:
    request = RequestError("points", gettext_lazy("must be a number"))
    assert (str(request), request.message, request.field) == (
        "points: must be a number",
        "must be a number",
        "points",
    )
    sheet = SheetError(
        gettext_lazy("deal {number}", number=3), gettext_lazy("choose who was the partner"), "partner"
    )
    assert str(sheet) == "deal 3, partner: choose who was the partner" and sheet.where == "deal 3"
    with use_language("xx"):
        assert str(request) == "[{field}: {message}]".format(field="points", message="[must be a number]")
        assert str(sheet) == "[[deal 3], partner: [choose who was the partner]]"
        assert said_of(sheet) is sheet.args[0]


def test_a_refusal_carries_a_message_and_an_illegal_action_error_keeps_it(brackets: None) -> None:
    rnd = find_variant("fft-4").deal_round(dealer=Seat.P1, seed=7)
    refusal = rnd.why_illegal(Action.parse("p3 pass"))  # p2 speaks first
    assert refusal is not None and isinstance(refusal.said, Message)
    assert refusal.message == "it is p2's turn, not p3's"
    assert refusal == Refusal(Illegal.NOT_YOUR_TURN, "it is p2's turn, not p3's")
    with use_language("xx"):
        assert refusal.message == "[it is p2's turn, not p3's]"
    with pytest.raises(IllegalActionError) as caught:
        rnd.push(Action.parse("p3 pass"))
    assert caught.value.said == refusal.said and caught.value.reason is Illegal.NOT_YOUR_TURN
    assert pickle.loads(pickle.dumps(refusal)) == refusal


@pytest.mark.parametrize(
    ("typed", "english", "french"),
    [
        ("genius", "'genius'", "«\u00a0genius\u00a0»"),
        ("it's", '"it\'s"', "«\u00a0it's\u00a0»"),
        ("a\nb", "'a\\nb'", "«\u00a0a\\nb\u00a0»"),
        ("x" * 100, "'" + "x" * 40 + "…'", "«\u00a0" + "x" * 40 + "…\u00a0»"),
    ],
)
def test_a_reader_s_words_are_quoted_as_the_language_of_the_message_quotes(
    typed: str, english: str, french: str
) -> None:
    """The words a reader typed, repeated in a refusal, are quoted when the message is shown: between
    Python's quotes in English, between « and » with no-break spaces in French; in both, cut to 40
    characters and with what cannot be printed escaped, so the message stays on one line."""
    with pytest.raises(NotationError) as raised:
        Card.parse(typed)
    error = raised.value
    with use_language("en"):
        assert str(error).startswith(english + " is not a card")
    with use_language("fr"):
        assert str(error).startswith(french + " n’est pas une carte")
        assert "'" + typed[:5] not in str(error)


def _sheet_names(name: str) -> None:
    Sheet.new("fft", ["Anne", "Bruno", "Chloé", name])


@pytest.mark.parametrize(
    ("refused", "english", "french"),
    [
        (
            lambda: _sheet_names("anne"),
            "two players are called 'anne'",
            "deux joueurs s’appellent «\u00a0anne\u00a0»",
        ),
        (
            lambda: make_player("genius"),
            "there is no player 'genius'",
            "il n’y a pas de joueur «\u00a0genius\u00a0»",
        ),
        (lambda: find_variant("fft-9"), "'fft-9'", "«\u00a0fft-9\u00a0»"),
    ],
)
def test_the_refusals_that_name_a_reader_s_words_quote_them_in_the_message_s_language(
    refused: Callable[[], object], english: str, french: str
) -> None:
    with pytest.raises(TarotError) as raised:
        refused()
    with use_language("en"):
        assert english in str(raised.value)
    with use_language("fr"):
        assert french in str(raised.value)


# ====================================================================================== cards
def test_card_names_are_nouns_whose_forms_give_the_english_names(brackets: None) -> None:
    queen, petit = Card.parse("HQ"), Card.parse("T1")
    assert (queen.name, f"{queen.noun}", f"{queen.noun:a}") == (
        "Queen of Hearts",
        "the Queen of Hearts",
        "a Queen of Hearts",
    )
    assert (petit.name, EXCUSE.name, f"{EXCUSE.noun:bare}") == (
        "1 of trumps (the Petit)",
        "the Excuse",
        "Excuse",
    )
    assert queen.suit.noun.text == queen.suit.english == "Hearts"
    with use_language("xx"):
        assert (queen.name, EXCUSE.name) == ("[Queen of Hearts]", "the [Excuse]")


def test_cards_in_words_is_built_from_messages_only(brackets: None) -> None:
    cards = parse_cards("S1 SK T1 T15 EX")
    assert cards_in_words(cards) == "the Ace and King of Spades, the 1 and 15 of trumps and the Excuse"
    said = CardsInWords(tuple(cards))
    with use_language("xx"):
        assert str(said) == (
            "[{first}, {rest}]".format(
                # each rank through its own message in a list (French gives each its article)
                first="[the [[[Ace]] and [[King]]] of [Spades]]",
                rest="[[the [[[1]] and [[15]]] of trumps] and the [Excuse]]",
            )
        )
        assert cards_in_words([]) == "[no card]"
    assert str(join_and(["a", "b", "c"])) == "a, b and c" and str(join_or([3, 4, 5])) == "3, 4 or 5"


# ====================================================================================== sentences
def test_an_exercise_verdict_is_whole_messages_with_numbers_as_the_language_writes_them(
    brackets: None,
) -> None:
    exercise = {"kind": "count", "cards": "HK"}
    assert judge(exercise, "4.5").message == "King of Hearts is worth 4.5 points."
    with use_language("xx"):
        assert judge(exercise, "4.5").message == "[[[King of Hearts] is worth [4,5 points]].]"
        assert judge(exercise, "3").message == "[Not 3: [[King of Hearts] is worth [4,5 points]].]"


def test_the_command_line_help_goes_through_the_catalogue(brackets: None) -> None:
    with use_language("xx"):
        text = build_parser().format_help()
    assert "[The tarot card games engine: score, replay, deal, simulate.]" in text
    assert "[score a JSON request and show the working]" in text
