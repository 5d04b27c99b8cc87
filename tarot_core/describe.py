"""What an action does, in words: the one place that says it, for every reader of the engine.

A table's log ("Bruno plays the King of Hearts.", "You pass."), a replay's narration, the buttons of
the reader's own actions ("Announce a slam"), a hint ("I would play the King of Hearts") and a
computer player's explanation ("Plays the King of Hearts: ...") all come from :func:`describe`. It
takes the action as the seat's view gives it (a card laid away face down has no card: it is "a
card"), the rule set's words (its names for the cards, its sentences for a bid or a discard) and the
players' names, and returns a ``Message`` of ``tarot_core.messages``: the sentence is chosen whole, in
the catalogue, for each kind of action and each way of telling it, and rendered in the reader's
language when it is shown.

The ways of telling (``Style``):

* ``explain``: what a computer player says it does, without a subject: "Plays the King of Hearts";
* ``table``: a sentence of the table's log: "Bruno plays the King of Hearts.", and for the reader's
  own seat (``you``) "You play the King of Hearts."; a seat asked by another is "you";
* ``button``: the reader's own action on a button: "Announce a slam";
* ``hint``: the action the computer would choose in the reader's place: "I would play the King of
  Hearts" (the reason follows it);
* ``review``: what the reader did, told back to him in a review of the deal: "You played the King of
  Hearts";
* ``instead``: what the review found better, as the reader would have done it: "play the 9 of
  Diamonds";
* ``replay``: the replay's narration, in the rule set's own sentences where it has them ("Amélie, the
  dealer, lays the 3 of Clubs away.").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal

from .actions import Action
from .cards import Card
from .engine.words import Words
from .messages import N_, NC_, Message, Noun, gettext_lazy
from .seats import Seat

Style = Literal["explain", "table", "button", "hint", "review", "instead", "replay"]

#: Each sentence by the way of telling and what the action is: its kind, or for some kinds a finer
#: key (a card laid away unseen is ``discard-hidden``; a Mathers player asking another for a Tarot
#: Trump is ``declare-ask``, and ``declare-ask-you`` when the one asked is the reader).
SENTENCES: Final[Mapping[str, Mapping[str, str]]] = {
    "explain": {
        "discard-hidden": N_("Lays a card away, face down"),
        "give-hidden": N_("Hands over a card, face down"),
        "play": N_("Plays {card}"),
        "pass": N_("Passes"),
        "bid": N_("Bids {bid}"),
        "call": N_("Calls {card}"),
        "discard": N_("Lays away {card}"),
        "handful": N_("Shows a {size} handful"),
        "slam": N_("Announces a slam"),
        "petit-sec": N_("Announces the Petit alone (petit sec)"),
        "declare-all": N_("Declares every combination"),
        "declare-ask": N_("Asks {asked} for a Tarot Trump"),
        "declare-ask-you": N_("Asks you for a Tarot Trump"),
        "give": N_("Hands over {card}"),
        "demand": N_("Asks for {card}"),
    },
    "table": {
        "discard-hidden": N_("{who} lays a card away, face down."),
        "give-hidden": N_("{who} hands over a card, face down."),
        "play": N_("{who} plays {card}."),
        "pass": N_("{who} passes."),
        "bid": N_("{who} bids {bid}."),
        "call": N_("{who} calls {card}."),
        "discard": N_("{who} lays away {card}."),
        "handful": N_("{who} shows a {size} handful."),
        "slam": N_("{who} announces a slam."),
        "petit-sec": N_("{who} announces the Petit alone (petit sec)."),
        "declare-all": N_("{who} declares every combination."),
        "declare-ask": N_("{who} asks {asked} for a Tarot Trump."),
        "declare-ask-you": N_("{who} asks you for a Tarot Trump."),
        "give": N_("{who} hands over {card}."),
        "demand": N_("{who} asks for {card}."),
        "other": N_("{who}: {action}."),
    },
    # The table's sentences when the one who acts is the reader.
    "you": {
        "discard-hidden": N_("You lay a card away, face down."),
        "give-hidden": N_("You hand over a card, face down."),
        "play": N_("You play {card}."),
        "pass": N_("You pass."),
        "bid": N_("You bid {bid}."),
        "call": N_("You call {card}."),
        "discard": N_("You lay away {card}."),
        "handful": N_("You show a {size} handful."),
        "slam": N_("You announce a slam."),
        "petit-sec": N_("You announce the Petit alone (petit sec)."),
        "declare-all": N_("You declare every combination."),
        "declare-ask": N_("You ask {asked} for a Tarot Trump."),
        "give": N_("You hand over {card}."),
        "demand": N_("You ask for {card}."),
        "other": N_("You: {action}."),
    },
    "button": {
        "discard-hidden": N_("Lay a card away, face down"),
        "give-hidden": N_("Hand over a card, face down"),
        "play": N_("Play {card}"),
        "pass": N_("Pass"),
        "bid": N_("Bid {bid}"),
        "call": N_("Call {card}"),
        "discard": N_("Lay away {card}"),
        "handful": N_("Show a {size} handful"),
        "slam": N_("Announce a slam"),
        "petit-sec": N_("Announce the Petit alone (petit sec)"),
        "declare-all": N_("Declare every combination"),
        "declare-ask": N_("Ask {asked} for a Tarot Trump"),
        "give": N_("Hand over {card}"),
        "demand": N_("Ask for {card}"),
    },
    "hint": {
        "discard-hidden": N_("I would lay a card away, face down"),
        "give-hidden": N_("I would hand over a card, face down"),
        "play": N_("I would play {card}"),
        "pass": N_("I would pass"),
        "bid": N_("I would bid {bid}"),
        "call": N_("I would call {card}"),
        "discard": N_("I would lay away {card}"),
        "handful": N_("I would show a {size} handful"),
        "slam": N_("I would announce a slam"),
        "petit-sec": N_("I would announce the Petit alone (petit sec)"),
        "declare-all": N_("I would declare every combination"),
        "declare-ask": N_("I would ask {asked} for a Tarot Trump"),
        "give": N_("I would hand over {card}"),
        "demand": N_("I would ask for {card}"),
    },
    "review": {
        "discard-hidden": N_("You laid a card away, face down"),
        "give-hidden": N_("You handed over a card, face down"),
        "play": N_("You played {card}"),
        "pass": N_("You passed"),
        "bid": N_("You bid {bid}"),
        "call": N_("You called {card}"),
        "discard": N_("You laid away {card}"),
        "handful": N_("You showed a {size} handful"),
        "slam": N_("You announced a slam"),
        "petit-sec": N_("You announced the Petit alone (petit sec)"),
        "declare-all": N_("You declared every combination"),
        "declare-ask": N_("You asked {asked} for a Tarot Trump"),
        "give": N_("You handed over {card}"),
        "demand": N_("You asked for {card}"),
    },
    "instead": {
        "discard-hidden": N_("lay a card away, face down"),
        "give-hidden": N_("hand over a card, face down"),
        "play": N_("play {card}"),
        "pass": N_("pass"),
        "bid": N_("bid {bid}"),
        "call": N_("call {card}"),
        "discard": N_("lay away {card}"),
        "handful": N_("show a {size} handful"),
        "slam": N_("announce a slam"),
        "petit-sec": N_("announce the Petit alone (petit sec)"),
        "declare-all": N_("declare every combination"),
        "declare-ask": N_("ask {asked} for a Tarot Trump"),
        "give": N_("hand over {card}"),
        "demand": N_("ask for {card}"),
    },
    # The replay's own sentences; it says the others as the table does. A pass, a bid and a discard
    # are said in the rule set's words (:class:`~tarot_core.engine.words.Words`).
    "replay": {
        "demand": N_("{who} names {card}: whoever holds it hands it over."),
        "declare-all": N_("{who} declares every combination in his hand."),
        "petit-sec": N_("{who} announces the Petit alone (petit sec): the deal is void."),
    },
}

#: The card of a discard or a handed card that the seat did not see.
A_CARD: Final = N_("a card")
#: The 21 of trumps as the table names it (its picture and its sentences): the Monde.
MONDE: Final = Noun("21 of trumps (the Monde)", "card")
#: The Excuse when no rule set is named (each rule set's name for it is its ``words.excuse``).
EXCUSE: Final = Noun("Excuse", "card")
#: The rule sets' other names for the Excuse, as nouns (``words.excuse`` without its article): marked
#: here so that the catalogue has them, with their genders, for every language's articles.
EXCUSE_NAMES: Final = (NC_("card", "Fool"), NC_("card", "Fou"))


def bid_words(word: str, words: Words | None = None) -> Message:
    """A bid in a sentence, in the language of the moment it is shown: by the rule set's name for it
    where it has one (Chambéry's "solo with one demanded card"), else by its word ("garde sans",
    "guard against"), each a message of the catalogue (context ``contract``)."""
    named = words.bid_names.get(word) if words is not None else None
    return Message(named) if named is not None else Message(word.replace("-", " "), context="contract")


def excuse_noun(words: Words) -> Noun:
    """The Excuse by the rule set's name ("the Fool"), as a noun each language puts in its forms ("le
    Fou", "du Fou")."""
    # The rule set gives its name with the English article: the noun is the name.
    return Noun(words.excuse.removeprefix("the "), "card")


def card_noun(card: Card, words: Words | None = None) -> Noun:
    """A card as a sentence names it, a ``Noun`` of ``tarot_core.messages`` (``{card}`` is "the King of
    Hearts"). With a rule set's words, the table's name: the Excuse by that rule set's name (the Fool,
    the Fou), the 21 of trumps as the Monde. Without, the engine's plain name, which the computer
    players use (they speak of no rule set)."""
    if card.is_excuse:
        return EXCUSE if words is None else excuse_noun(words)
    if words is not None and card.is_trump and card.rank == 21:
        return MONDE
    return card.noun


def describe(
    action: Action,
    words: Words | None = None,
    names: Mapping[Seat, str] | None = None,
    *,
    you: Seat | None = None,
    style: Style = "explain",
) -> Message:
    """What ``action`` does, told in ``style`` (see the module's documentation).

    ``words`` are the rule set's (its card names, and the replay's sentences); without them cards have
    the engine's plain names. ``names`` name the players by seat (a seat left out is said by its code,
    as the engine's own explanations do); ``you`` is the reader's seat, which the table tells in the
    second person. The action is told as given: one seen without its card says "a card".
    """
    key = _key(action, you)
    params: dict[str, object] = {"who": _name(action.seat, names)}
    if action.cards:
        params["card"] = card_noun(action.card, words)
    if action.kind == "bid":
        params["bid"] = bid_words(action.word, words)
    elif action.kind == "handful":
        params["size"] = Message(action.word, context="handful")
    elif key.startswith("declare-ask"):
        asked = action.word.removeprefix("ask-")
        if key == "declare-ask-you":
            params["asked"] = gettext_lazy("you")
        else:
            params["asked"] = next(
                (name for seat, name in (names or {}).items() if str(seat) == asked), asked
            )
    if style == "replay" and words is not None:
        told = _in_rule_set_words(action, key, words, params)
        if told is not None:
            return told
    told_as: str = style
    if style == "table" and you is not None and action.seat == you:
        told_as = "you"
    elif style == "replay":  # the replay's own sentences, else the table's
        told_as = "table"
    sentences = SENTENCES[told_as]
    text = SENTENCES["replay"].get(key) if style == "replay" else None
    text = text or sentences.get(key) or sentences.get(key.removesuffix("-you"))
    if text is None:  # a kind no rule set uses yet: its notation
        text = sentences.get("other")
        if text is None:
            return Message(str(action))
        params["action"] = str(action)
    return Message(text, params=params)


def _key(action: Action, you: Seat | None) -> str:
    kind = str(action.kind)
    if kind in ("discard", "give") and not action.cards:
        return f"{kind}-hidden"
    if kind == "declare":
        if action.word == "all":
            return "declare-all"
        if you is not None and action.word == f"ask-{you}":
            return "declare-ask-you"
        return "declare-ask"
    return kind


def _name(seat: Seat, names: Mapping[Seat, str] | None) -> str:
    return names.get(seat, str(seat)) if names is not None else str(seat)


def _in_rule_set_words(action: Action, key: str, words: Words, params: dict[str, object]) -> Message | None:
    """A pass, a bid or a card laid away, in the rule set's own sentence (the replay's)."""
    if key == "pass":
        return Message(words.pass_sentence, params={"who": params["who"]})
    if key == "bid":
        return Message(
            words.bid_sentence, params={"who": params["who"], "bid": bid_words(action.word, words)}
        )
    if key in ("discard", "discard-hidden"):
        card = params.get("card") or gettext_lazy(A_CARD)
        return Message(words.discard_sentence, params={"who": params["who"], "card": card})
    return None
