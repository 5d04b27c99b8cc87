"""The messages module: translation calls, placeholders filled in after translation, lazy messages,
nouns with their grammatical forms, numbers per language, and the catalogue template kept up to date."""

from __future__ import annotations

import gettext
from fractions import Fraction

import pytest

from tarot_core import messages
from tarot_core.messages import Message, Noun, Number, _, gettext_lazy, ngettext, pgettext, use_language


class _Upper(gettext.NullTranslations):
    """A stand-in language: every message in capitals, placeholders kept."""

    def gettext(self, message: str) -> str:
        return message.upper().replace("{CARD}", "{card}").replace("{WHO}", "{who}")

    def pgettext(self, context: str, message: str) -> str:
        if context.endswith("gender"):
            return "f"
        return message.upper()


@pytest.fixture
def upper() -> object:
    messages._catalogues["xx"] = _Upper()
    messages.GRAMMAR["xx"] = messages.Grammar(forms={"": lambda text, noun: f"LA {text}"}, decimal_comma=True)
    yield
    del messages._catalogues["xx"], messages.GRAMMAR["xx"]


def test_english_is_the_code_s_own_text() -> None:
    assert _("{who} plays {card}", who="Chloé", card="HK") == "Chloé plays HK"
    assert ngettext("{n} point", "{n} points", 1) == "1 point"
    assert ngettext("{n} point", "{n} points", 3) == "3 points"
    assert pgettext("suit", "Trumps") == "Trumps"


def test_a_text_with_braces_and_no_parameters_is_left_alone() -> None:
    assert _("write {a} like this") == "write {a} like this"


def test_placeholders_are_filled_in_after_translation(upper: object) -> None:
    with use_language("xx"):
        assert _("{who} plays {card}", who="Chloé", card="HK") == "Chloé PLAYS HK"
    assert messages.language() == "en"


def test_a_lazy_message_is_rendered_in_the_language_it_is_shown_in(upper: object) -> None:
    said = gettext_lazy("{who} passes", who="Chloé")
    assert str(said) == "Chloé passes"
    assert said.render("xx") == "Chloé PASSES"
    assert said == Message("{who} passes", params={"who": "Chloé"})
    assert said.key == ("{who} passes", (("who", "Chloé"),))


def test_a_noun_takes_its_form_from_the_format_spec(upper: object) -> None:
    queen = Noun("Queen of Hearts", "card")
    assert _("{who} plays {card}", who="Chloé", card=queen) == "Chloé plays the Queen of Hearts"
    assert f"{queen:bare}|{queen:a}|{queen:of}" == "Queen of Hearts|a Queen of Hearts|of the Queen of Hearts"
    assert f"{Noun('Excuse', 'card'):a}" == "an Excuse"
    assert f"{Noun('8 of Spades', 'card'):a}" == "an 8 of Spades"
    assert f"{Noun('Mathers', proper=True)}" == "Mathers"
    with use_language("xx"):
        assert _("{who} plays {card}", who="Chloé", card=queen) == "Chloé PLAYS LA QUEEN OF HEARTS"
        assert queen.gender == "f"
        assert f"{queen:of}" == "LA QUEEN OF HEARTS"  # a form the language lacks: the noun with its article


def test_numbers_are_written_as_the_language_writes_them(upper: object) -> None:
    assert str(Number(40.5)) == "40.5"
    assert str(Number(Fraction(81, 2))) == "40.5"
    assert str(Number(41.0)) == "41"
    with use_language("xx"):
        assert str(Number(40.5)) == "40,5"


def test_an_unknown_or_malformed_language_renders_in_english() -> None:
    with use_language("../../etc"):
        assert messages.language() == "en"
    with use_language("fr-FR"):
        assert messages.language() == "fr"
        assert _("{who} passes", who="Chloé") == "Chloé passes"  # no French catalogue: English


def test_a_translation_naming_a_missing_placeholder_shows_it_rather_than_failing() -> None:
    class Slip(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return "{whom} passe"

    messages._catalogues["yy"] = Slip()
    try:
        with use_language("yy"):
            assert _("{who} passes", who="Chloé") == "{whom} passe"
    finally:
        del messages._catalogues["yy"]
