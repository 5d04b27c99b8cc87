"""What an action does, in words: one function for the table's log, the replay, the buttons, the hint and
the computer players' explanations, each sentence one whole message of the catalogue."""

from __future__ import annotations

import gettext
from collections.abc import Iterator

import pytest

from tarot_core import messages
from tarot_core.actions import Action, ActionKind
from tarot_core.cards import Card
from tarot_core.describe import SENTENCES, card_noun, describe
from tarot_core.engine.variant import words_for
from tarot_core.messages import Message, use_language
from tarot_core.players.base import action_words, card_words
from tarot_core.records import load_sample, sample_names
from tarot_core.seats import SEATS, Seat

NAMES = dict(zip(SEATS, ("Alice", "Bruno", "Chloé", "David", "Émile"), strict=True))


def act(text: str) -> Action:
    return Action.parse(text, 5)


#: Actions of Bruno's (p2), each told as a computer player explains it, as the table tells it (by name
#: and to the reader), on the reader's button and in a hint.
TOLD = {
    "p2 play HK": (
        "Plays the King of Hearts",
        "Bruno plays the King of Hearts.",
        "You play the King of Hearts.",
        "Play the King of Hearts",
        "I would play the King of Hearts",
    ),
    "p2 pass": ("Passes", "Bruno passes.", "You pass.", "Pass", "I would pass"),
    "p2 bid garde-sans": (
        "Bids garde sans",
        "Bruno bids garde sans.",
        "You bid garde sans.",
        "Bid garde sans",
        "I would bid garde sans",
    ),
    "p2 discard": (
        "Lays a card away, face down",
        "Bruno lays a card away, face down.",
        "You lay a card away, face down.",
        "Lay a card away, face down",
        "I would lay a card away, face down",
    ),
    "p2 handful double": (
        "Shows a double handful",
        "Bruno shows a double handful.",
        "You show a double handful.",
        "Show a double handful",
        "I would show a double handful",
    ),
    "p2 declare ask-p3": (
        "Asks p3 for a Tarot Trump",
        "Bruno asks Chloé for a Tarot Trump.",
        "You ask Chloé for a Tarot Trump.",
        "Ask Chloé for a Tarot Trump",
        "I would ask Chloé for a Tarot Trump",
    ),
    "p2 demand T21": (
        "Asks for the 21 of trumps",
        "Bruno asks for the 21 of trumps (the Monde).",
        "You ask for the 21 of trumps (the Monde).",
        "Ask for the 21 of trumps (the Monde)",
        "I would ask for the 21 of trumps (the Monde)",
    ),
}


@pytest.mark.parametrize("text", TOLD)
def test_one_action_told_each_way(text: str) -> None:
    """The computer players speak of no rule set (the engine's card names, seats by code); the table
    names the players, and tells the reader's own actions in the second person."""
    explain, table, mine, button, hint = TOLD[text]
    action, words = act(text), words_for("fft")
    assert str(describe(action)) == action_words(action) == explain
    assert str(describe(action, words, NAMES, style="table")) == table
    assert str(describe(action, words, NAMES, you=Seat.P2, style="table")) == mine
    assert str(describe(action, words, NAMES, you=Seat.P2, style="button")) == button
    assert str(describe(action, words, NAMES, you=Seat.P2, style="hint")) == hint


def test_the_reader_asked_is_you() -> None:
    said = describe(act("p3 declare ask-p2"), words_for("mathers"), NAMES, you=Seat.P2, style="table")
    assert str(said) == "Chloé asks you for a Tarot Trump."


def test_the_replay_says_a_pass_a_bid_and_a_discard_in_the_rule_set_s_words() -> None:
    def replay(text: str, family: str) -> str:
        return str(describe(act(text), words_for(family), NAMES, style="replay"))

    assert replay("p1 pass", "fft") == "Alice passes."
    assert replay("p1 pass", "mathers") == "Alice declares nothing."
    assert replay("p1 bid garde-sans", "fft") == "Alice bids garde sans."
    assert replay("p1 bid solo-one-card", "chambery") == "Alice bids: solo with one demanded card."
    assert replay("p1 discard D3", "fft") == "Alice puts the 3 of Diamonds in the discard."
    assert replay("p1 discard", "chambery") == "Alice, the dealer, lays a card away."
    assert replay("p1 play EX", "mathers") == "Alice plays the Fool."
    assert (
        replay("p1 demand DK", "chambery")
        == "Alice names the King of Diamonds: whoever holds it hands it over."
    )
    assert replay("p1 petit-sec", "fft") == "Alice announces the Petit alone (petit sec): the deal is void."


def test_cards_by_the_engine_s_names_or_the_table_s() -> None:
    excuse, monde = Card.parse("EX"), Card.parse("T21")
    assert card_words(excuse) == "the Excuse" and card_words(monde) == "the 21 of trumps"
    assert str(card_noun(excuse, words_for("chambery"))) == "the Fou"
    assert str(card_noun(monde, words_for("fft"))) == "the 21 of trumps (the Monde)"
    assert format(card_noun(Card.parse("HK"), words_for("fft")), "a") == "a King of Hearts"


class _Marked(gettext.NullTranslations):
    """A stand-in language that marks each whole message it translates, and each card name."""

    def gettext(self, message: str) -> str:
        return f"<{message}>"

    def pgettext(self, context: str, message: str) -> str:
        return message if context.endswith("gender") else f"[{message}]"


@pytest.fixture
def marked() -> Iterator[None]:
    messages._catalogues["xx"] = _Marked()
    yield
    del messages._catalogues["xx"]


def every_action() -> Iterator[tuple[str, Action]]:
    """Each action of the sample hands, as every seat saw it."""
    for name in sample_names():
        record = load_sample(name)
        rnd = record.round_at(len(record.actions))
        for seat in SEATS[: record.variant.players]:
            for action in rnd.view(seat).history:
                yield record.variant.family, action


def one_message(text: str) -> bool:
    """Whether ``text`` is one message of :class:`_Marked` (which may hold others in its placeholders:
    "a card" in "{who} lays {card} away.")."""
    depth = 0
    for index, char in enumerate(text):
        depth += {"<": 1, ">": -1}.get(char, 0)
        if depth == 0 and index < len(text) - 1:
            return False
    return text.startswith("<") and depth == 0


def test_every_sentence_is_one_message_of_the_catalogue(marked: None) -> None:
    """Whatever the action and the way of telling it, the sentence is one message translated whole
    (never pieces of sentences put together), its card a noun the language names."""
    seen = set()
    for family, action in every_action():
        seen.add(str(action.kind))
        for style in ("explain", "table", "button", "hint", "replay"):
            said = describe(action, words_for(family), NAMES, you=Seat.P1, style=style)
            assert isinstance(said, Message)
            with use_language("xx"):
                text = str(said)
            assert one_message(text), (action, style, text)
            if action.cards and "{card" in said.text:
                assert "[" in text, (action, style, text)
    assert {"play", "pass", "bid", "discard", "call", "give", "demand", "declare"} <= seen


def test_every_kind_has_a_sentence_each_way() -> None:
    kinds = {kind.value for kind in ActionKind} - {"choose", "discard", "give", "declare"}
    keys = kinds | {"discard", "discard-hidden", "give", "give-hidden", "declare-all", "declare-ask"}
    for style in ("explain", "table", "you", "button", "hint"):
        assert keys <= set(SENTENCES[style]), style
