"""Plumbing shared by the bridge's modules: JSON answers, failures, display settings, card pictures."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from tarot_core.cards import Card, Suit
from tarot_core.engine.variant import FAMILIES, words_for

from . import envelope
from .envelope import Refused

SCHEMA: Final = 1
HANDS_DIR: Final = Path(__file__).resolve().parents[1] / "hands"

Json = dict[str, Any]
Query = dict[str, list[str]]


class BridgeError(Refused):
    """Bad input to the bridge itself (not to the engine): which field, and a sentence for readers."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(field, message)


# ====================================================================================== plumbing
# Every answer goes through the one envelope of the bridges (:mod:`.envelope`): its bounds on the JSON
# read, and its refusals in words. This package adds ``form_field``, the form control at fault.
def _dump(data: Json) -> str:
    return envelope.dump(data)


def _failure_keys(failure: envelope.Failure) -> Json:
    return {"form_field": _form_field(failure.field)}


def _failure(field_name: str, message: str, form_field: str | None = None) -> str:
    keys = _failure_keys if form_field is None else (lambda _: {"form_field": form_field})
    return envelope.refusal(envelope.Failure(field_name, message), keys=keys)


def _guarded(work: Callable[[], Json]) -> str:
    """Run ``work``; turn every bad input into ``{"ok": false, ...}`` rather than a traceback."""
    return envelope.guarded(work, keys=_failure_keys)


#: What the messages call each JSON argument.
_WHAT: Final = {"query": "calculator's form", "options": "display settings", "request": "score request"}


def _load_json(text: str, field_name: str) -> Any:
    try:
        return envelope.load(text, field_name, _WHAT.get(field_name, field_name))
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
            raise BridgeError("options", "options must be a JSON object")
        links = data.get("links") or {}
        if not isinstance(links, Mapping):
            raise BridgeError("options", "links must be an object")
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
    return html.escape(str(value), quote=True)


# ====================================================================================== cards
SUIT_SYMBOL: Final = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
#: The Knight is "Kn" on a chip: "C" (the French *cavalier*) reads as Clubs to an English reader.
RANK_LABEL: Final = {11: "J", 12: "Kn", 13: "Q", 14: "K"}


def card_name(card: Card) -> str:
    """The text alternative of a card: ``King of Hearts``, ``21 of trumps (the Monde)``, ``The Excuse``."""
    name = "21 of trumps (the Monde)" if card.is_trump and card.rank == 21 else card.name
    return name[:1].upper() + name[1:]


#: The Excuse in a sentence that names no rule set (a rule set's own name is its ``words.excuse``).
PLAIN_EXCUSE: Final = "the Excuse"


#: A seat in the engine's notation, as a sentence of the engine may name one ("p1 took 38").
SEAT_CODE: Final = re.compile(r"\bp[1-9]\b")


def name_seats(text: str, names: Mapping[str, str]) -> str:
    """``text`` with each seat code that ``names`` knows replaced by that player's name: a reader meets
    Amélie, not p1. Codes it does not know stay as they are."""
    return SEAT_CODE.sub(lambda match: names.get(match.group(0), match.group(0)), text)


def card_phrase(card: Card, family: str = "") -> str:
    """A card in a sentence, with its article: ``the King of Hearts``, ``the Excuse`` (in the words of
    the rule set ``family``: Mathers' Fool)."""
    if card.is_excuse:
        return words_for(family).excuse if family in FAMILIES else PLAIN_EXCUSE
    name = card_name(card)
    return f"the {name[4:]}" if name.startswith("The ") else f"the {name}"


def card_json(card: Card) -> Json:
    return {"code": str(card), "name": card_name(card), "points": card.half_points / 2}


def card_face(card: Card) -> tuple[str, str]:
    """(visible label, CSS class) of a card chip."""
    if card.is_excuse:
        return "★", "tw-excuse"
    if card.is_trump:
        return str(card.rank), "tw-trump tw-bout" if card.is_bout else "tw-trump"
    colour = "tw-red" if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else "tw-black"
    return f"{RANK_LABEL.get(card.rank, str(card.rank))}{SUIT_SYMBOL[card.suit]}", colour


def card_html(card: Card, *, extra: str = "") -> str:
    label, css = card_face(card)
    return (
        f'<span class="tw-card {css}{" " + extra if extra else ""}" role="img" '
        f'aria-label="{_e(card_name(card))}" title="{_e(card_name(card))}" data-card="{card}">'
        f'<span aria-hidden="true">{_e(label)}</span></span>'
    )


def card_button(card: Card, uid: str, *, legal_hint: bool = False) -> str:
    label, css = card_face(card)
    return (
        f'<button type="button" class="tw-card tw-card-button {css}" data-card="{card}" '
        f'title="{_e(card_name(card))}"><span aria-hidden="true">{_e(label)}</span>'
        f'<span class="tw-sr">{_e(card_name(card))}</span></button>'
    )


def cards_html(cards: Sequence[Card], empty: str = "none") -> str:
    if not cards:
        return f'<span class="tw-none">{_e(empty)}</span>'
    return f'<span class="tw-cards">{"".join(card_html(c) for c in cards)}</span>'


def hidden_html(count: int, what: str) -> str:
    if count == 0:
        return '<span class="tw-none">none</span>'
    backs = '<span class="tw-card tw-back" aria-hidden="true"></span>' * min(count, 24)
    return (
        f'<span class="tw-cards" role="img" aria-label="{count} {what} face down">'
        f'{backs}</span><span class="tw-count">{count} face down</span>'
    )


def _form_field(request_field: str) -> str:
    """The form control that shows an error about ``request_field``."""
    if request_field.startswith("hands."):  # Mathers: hands.p1.tricks.queen, hands.p1.declarations[0]
        parts = request_field.split("[", 1)[0].split(".")
        if len(parts) >= 3:
            return "fool" if parts[2] == "fool" else f"{parts[1]}.{parts[2]}"
        return ""
    base = request_field.split("[", 1)[0].split(".", 1)[0]
    return {"handfuls": "handful", "bonuses": "bonus"}.get(base, base)


def _value_text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, int):
        return str(value)
    return str(value)
