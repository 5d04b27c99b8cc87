"""Plumbing shared by the bridge's modules: JSON answers, failures, display settings, card pictures."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final

from tarot_core.cards import Card, Suit
from tarot_core.describe import excuse_noun
from tarot_core.engine.result import outcome_words
from tarot_core.engine.variant import FAMILIES, words_for
from tarot_core.messages import N_, NC_, Message, Noun, _, gettext_lazy, pgettext, written

from . import envelope
from .envelope import Refused, Text
from .templates import render_macro

SCHEMA: Final = 1
HANDS_DIR: Final = Path(__file__).resolve().parents[1] / "hands"

Json = dict[str, Any]
Query = dict[str, list[str]]


class BridgeError(Refused):
    """Bad input to the bridge itself (not to the engine): which field, and a sentence for readers."""

    def __init__(self, field: str, message: Text) -> None:
        super().__init__(field, message)


# ====================================================================================== plumbing
# Every answer goes through the one envelope of the bridges (:mod:`.envelope`): its bounds on the JSON
# read, and its refusals in words. This package adds ``form_field``, the form control at fault.
def _dump(data: Json) -> str:
    return envelope.dump(data)


def _failure_keys(failure: envelope.Failure) -> Json:
    return {"form_field": _form_field(failure.field)}


def _failure(field_name: str, message: Text, form_field: str | None = None) -> str:
    keys = _failure_keys if form_field is None else (lambda _: {"form_field": form_field})
    return envelope.refusal(envelope.Failure(field_name, message), keys=keys)


def _guarded(work: Callable[[], Json]) -> str:
    """Run ``work``; turn every bad input into ``{"ok": false, ...}`` rather than a traceback."""
    return envelope.guarded(work, keys=_failure_keys)


def _load_json(text: str, field_name: str) -> Any:
    try:
        return envelope.load(text, field_name)
    except Refused as error:
        raise BridgeError(error.field, error.message) from None


@dataclass(frozen=True)
class Display:
    """Display settings of one widget (never rules)."""

    uid: str = "tw"
    calculator: str = ""
    rules: Mapping[str, str] = field(default_factory=dict)
    #: Each rule set's own page for each refusal code (``links.family_rules``), by rule set.
    family_rules: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str) -> Display:
        data = _load_json(text or "{}", "options")
        if not isinstance(data, Mapping):
            raise BridgeError("options", gettext_lazy("options must be a JSON object"))
        links = data.get("links") or {}
        if not isinstance(links, Mapping):
            raise BridgeError("options", gettext_lazy("links must be an object"))
        rules = links.get("rules") or {}
        uid = str(data.get("uid") or "tw")
        safe_uid = "".join(ch for ch in uid if ch.isalnum() or ch in "-_") or "tw"
        families = links.get("family_rules") or {}
        return cls(
            safe_uid,
            str(links.get("calculator") or ""),
            {str(k): str(v) for k, v in rules.items()} if isinstance(rules, Mapping) else {},
            {
                str(family): {str(k): str(v) for k, v in table.items()}
                for family, table in (families.items() if isinstance(families, Mapping) else ())
                if isinstance(table, Mapping)
            },
        )

    def rule_url(self, anchor: str, family: str = "") -> str:
        """The page that explains a refusal (its code, else its topic). With ``family``, the page of that
        rule set only, when the links name its pages: never another rule set's, which can say the
        opposite."""
        if family in self.family_rules:
            return self.family_rules[family].get(anchor, "")
        return self.rules.get(anchor, "")

    def refusal_url(self, code: str, topic: str, family: str = "") -> str:
        """The link of a refusal: its exact place, else its topic's page, in the rule set ``family``."""
        return self.rule_url(code, family) or self.rule_url(topic, family)


def _e(value: object) -> str:
    """``value`` escaped for HTML, for the modules whose HTML is not drawn from templates yet."""
    return html.escape(str(value), quote=True)


# ====================================================================================== cards
SUIT_SYMBOL: Final = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
#: The court cards' letters on a chip and on the cards' pictures (cardsvg.py), beside a suit's symbol,
#: never its letter. In English they are the notation's J, C (the Knight, French *Cavalier*), Q and K;
#: the French edition marks them as a French pack does, V (Valet), C (Cavalier), D (Dame) and R (Roi).
RANK_LETTER: Final = {
    11: NC_("card letter", "J"),
    12: NC_("card letter", "C"),
    13: NC_("card letter", "Q"),
    14: NC_("card letter", "K"),
}


def rank_label(rank: int) -> str:
    """A rank as a card marks it, in the current language: ``K`` (French ``R``), ``10``, ``1``."""
    letter = RANK_LETTER.get(rank)
    return str(rank) if letter is None else pgettext("card letter", letter)


#: The 21 of trumps has a name of its own, which its picture's text gives.
MONDE_NAME: Final = N_("21 of trumps (the Monde)")


def card_noun(card: Card, family: str = "") -> Noun:
    """A card as sentences name it: ``{card}`` "the King of Hearts", ``{card:bare}`` "King of Hearts".
    The Excuse is in the words of the rule set ``family`` (Mathers' Fool) when one is named."""
    if card.is_excuse:
        return excuse_noun(words_for(family)) if family in FAMILIES else Noun("Excuse", "card")
    return Noun(MONDE_NAME, "card") if card.is_trump and card.rank == 21 else card.noun


def card_name(card: Card) -> str:
    """The text alternative of a card: ``King of Hearts``, ``21 of trumps (the Monde)``, ``The Excuse``."""
    if card.is_excuse:
        return _("The Excuse")
    return format(card_noun(card), "bare")


#: The Excuse in a sentence that names no rule set (a rule set's own name is its ``words.excuse``).
PLAIN_EXCUSE: Final = card_noun(Card.parse("EX"))


#: A seat in the engine's notation, as a sentence of the engine may name one ("p1 took 38").
SEAT_CODE: Final = re.compile(r"\bp[1-9]\b")


def name_seats(text: str, names: Mapping[str, str]) -> str:
    """``text`` with each seat code that ``names`` knows replaced by that player's name: a reader meets
    Amélie, not p1. Codes it does not know stay as they are.

    The engine's working names seats in its own sentences, already written when they reach the bridge;
    a sentence of the bridge's own names a player by a placeholder instead."""
    return SEAT_CODE.sub(lambda match: names.get(match.group(0), match.group(0)), text)


def card_phrase(card: Card, family: str = "") -> str:
    """A card in a sentence, with its article: ``the King of Hearts``, ``the Excuse`` (in the words of
    the rule set ``family``: Mathers' Fool). Sentences take :func:`card_noun`, which a language puts in
    each grammatical form."""
    return str(card_noun(card, family))


def card_json(card: Card) -> Json:
    return {"code": str(card), "name": card_name(card), "points": card.half_points / 2}


def card_face(card: Card) -> tuple[str, str]:
    """(visible label, CSS class) of a card chip."""
    if card.is_excuse:
        return "★", "tw-excuse"
    if card.is_trump:
        return str(card.rank), "tw-trump tw-bout" if card.is_bout else "tw-trump"
    colour = "tw-red" if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else "tw-black"
    return f"{rank_label(card.rank)}{SUIT_SYMBOL[card.suit]}", colour


CARDS: Final = "common/cards.html"
# The pictures are Markup (a template shows them as they are), typed as the text modules that are not
# drawn from templates yet put into theirs.


def card_html(card: Card, *, extra: str = "") -> str:
    """A card's picture (a chip with its rank and suit), named for screen readers."""
    label, css = card_face(card)
    return render_macro(CARDS, "card", str(card), card_name(card), label, css, extra)


def card_button(card: Card, uid: str, *, legal_hint: bool = False, pressed: bool | None = None) -> str:
    """A card's picture as a button that plays or picks it; ``pressed`` makes it a toggle (picked or not)."""
    label, css = card_face(card)
    return render_macro(CARDS, "button", str(card), card_name(card), label, css, pressed)


def cards_html(cards: Sequence[Card], empty: str | Message | None = None) -> str:
    """A row of card pictures; ``empty`` says there is none ("none" when not given)."""
    chips = [card_html(card) for card in cards]
    return render_macro(CARDS, "row", chips, pgettext("cards", "none") if empty is None else empty)


#: The most backs drawn for cards face down (the count says how many there are).
MAX_BACKS: Final = 24


def hidden_html(count: int, what: str = "cards") -> str:
    """``count`` cards face down: their backs, and how many there are (``what`` they are is cards)."""
    return render_macro(CARDS, "hidden", count, min(count, MAX_BACKS))


def _form_field(request_field: str) -> str:
    """The form control that shows an error about ``request_field``."""
    if request_field.startswith("hands."):  # Mathers: hands.p1.tricks.queen, hands.p1.declarations[0]
        parts = request_field.split("[", 1)[0].split(".")
        if len(parts) >= 3:
            return "fool" if parts[2] == "fool" else f"{parts[1]}.{parts[2]}"
        return ""
    base = request_field.split("[", 1)[0].split(".", 1)[0]
    return {"handfuls": "handful", "bonuses": "bonus"}.get(base, base)


def shown_value(value: object) -> str:
    """A value of a score's working as the reader reads it: yes or no in words, a number as the current
    language writes it (``41,5`` in French, ``−72`` with the minus sign)."""
    if isinstance(value, bool):
        return pgettext("value", "yes") if value else pgettext("value", "no")
    if isinstance(value, int | float):
        return written(value)
    return outcome_words(value) or _value_text(value)


def _value_text(value: object) -> str:
    """A value as the form and the page address write it (``yes``, ``2``, ``41.5``): notation, not words."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, int):
        return str(value)
    return str(value)


# ====================================================================================== the pages' scripts
# What the widgets' scripts say (a notice, an announcement, a question) is written in the page through the
# catalogue, as the JSON of the widget's ``data-messages``: each key a sentence whose ``{placeholders}`` the
# script fills in, or for a count its forms ``{"one": ..., "other": ...}``, chosen by the page's language.
def counted(message: Message) -> dict[str, str]:
    """A counted sentence for a script: its form for one and for more, ``{n}`` left for the script."""
    return {
        form: replace(message, n=count, params={**message.params, "n": "{n}"}).render()
        for form, count in (("one", 1), ("other", 2))
    }


def engine_messages() -> dict[str, object]:
    """What the engine's loader (``engine.mjs``) says while the engine loads, or when it cannot."""
    return {
        "engine-loading": _("Loading the game engine"),
        "engine-progress": _("Loading the game engine: {done} of {total} MB"),
        "engine-failed": _("the worker failed to start"),
    }


def widget_messages() -> dict[str, object]:
    """What the script of the calculator, the replay and the play check (``tarot-widgets.mjs``) says."""
    return {
        **engine_messages(),
        "loading": _("Getting ready (a few seconds): this example will then answer as you use it."),
        "failed": _(
            "This example could not start in this browser, so it shows its first state only. ({reason})"
        ),
        "field-error": _("{field}: {message}"),
        "link-loading": _("Getting ready: the score for the values in this link comes in a few seconds."),
        "link-pending": _("The score for the values in this link comes in a moment."),
        "step": _("Step {step} of {steps}"),
        "card-queued": _("Still getting ready: your card will be checked in a moment."),
    }
