"""The lessons' bridge: an exercise drawn as HTML, and the engine's verdict on an answer, JSON in and out.

Like :mod:`tutorial.bridge` (whose card pictures it uses), it runs in CPython (the Sphinx build draws
each exercise with it, the tests call it) and in the browser's worker, where the bridge is a top-level
module. It decides nothing: :mod:`tarot_core.exercises` judges every answer.

Public functions (``str -> str``):

* :func:`exercise` takes an exercise (the JSON object of its lesson file) and answers with its HTML;
* :func:`check` takes an exercise and an answer (a card code, a list of card codes, a number as typed
  or a choice) and answers with the verdict (``right`` or ``wrong``), its reason code, the engine's
  sentence and the HTML of the feedback, with a link to the rule.

The last argument, ``options``, is a JSON object of display settings: ``uid`` (prefix of the HTML ids)
and ``rules`` (rule label, such as ``rule-must-follow-suit``, to the URL of its page).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from tarot_core.cards import Card, sort_hand
from tarot_core.engine.result import bouts_text
from tarot_core.exercises import (
    ExerciseError,
    Table,
    contract_name,
    judge,
    pile,
    say,
    table_for,
)
from tarot_core.exercises.positions import whole
from tarot_core.records import HandRecord
from tarot_core.seats import ATTACK, DEFENCE

from . import envelope
from .common import card_button, card_html
from .state import get_record

SCHEMA: Final = 1
Json = dict[str, Any]

#: What a choice button says, by the value it sends.
CHOICE_LABELS: Final = {
    ATTACK: "The taker's side",
    DEFENCE: "The defence",
    "made": "Made",
    "lost": "Lost",
}

#: The button that sends the answer, by kind.
SUBMIT_LABELS: Final = {
    "legal": "Check these cards",
    "discard": "Lay these cards away",
    "discardable": "Check these cards",
    "count": "Check",
    "target": "Check",
    "score": "Check",
}


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _records(name: str) -> HandRecord:
    return get_record(name)[1]


# Every answer goes through the bridges' one envelope (:mod:`tutorial.bridge.envelope`).
def _dump(data: Json) -> str:
    return envelope.dump(data)


def _options(text: str) -> tuple[str, Mapping[str, str]]:
    data = envelope.mapping(envelope.load(text, "options", "display settings", empty="{}"), "options")
    uid = "".join(ch for ch in str(data.get("uid") or "ex") if ch.isalnum() or ch in "-_") or "ex"
    rules = data.get("rules") or {}
    return uid, {str(k): str(v) for k, v in rules.items()} if isinstance(rules, Mapping) else {}


def _exercise(text: str) -> Mapping[str, Any]:
    return envelope.mapping(envelope.load(text, "exercise"), "exercise")


def _guarded(work: Callable[[], Json]) -> str:
    return envelope.guarded(work)


# ====================================================================================== drawing
def _cards_row(cards: Sequence[Card], label: str) -> str:
    return (
        f'<p class="tl-caption">{_e(label)}</p><div class="tl-cards" role="group" aria-label="{_e(label)}">'
        f"{''.join(card_html(card) for card in cards)}</div>"
    )


def _buttons(cards: Sequence[Card], label: str, uid: str, *, toggle: bool) -> str:
    buttons = []
    for card in cards:
        button = card_button(card, uid)
        if toggle:
            button = button.replace("<button ", '<button aria-pressed="false" ', 1)
        buttons.append(button)
    return f'<div class="tl-hand" role="group" aria-label="{_e(label)}">{"".join(buttons)}</div>'


def _trick_html(table: Table, *, buttons: bool = False, uid: str = "") -> str:
    rnd = table.round
    trick = rnd.current
    if trick is None or not trick.plays:
        return '<p class="tl-note">You lead: the trick is empty.</p>'
    items = []
    for seat, card in trick.plays:
        picture = card_button(card, uid) if buttons else card_html(card)
        items.append(f'<li class="tl-play">{picture}<span class="tl-who">{_e(table.name(seat))}</span></li>')
    label = "The trick" if buttons else "The trick so far"
    return (
        f'<div class="tl-trick"><p class="tl-caption" id="{uid}-trick">{label}, in playing order</p>'
        f'<ol class="tl-plays" aria-labelledby="{uid}-trick">{"".join(items)}</ol></div>'
    )


def _choices(values: Sequence[str], labels: Mapping[str, str]) -> str:
    buttons = "".join(
        f'<button type="button" class="tl-choice" data-choice="{_e(v)}">{_e(labels.get(v, v))}</button>'
        for v in values
    )
    return f'<div class="tl-choices" role="group" aria-label="Your answer">{buttons}</div>'


def _number_input(uid: str, label: str, kind: str) -> str:
    # A phone's decimal keypad has no minus sign: a score, which may be negative, takes the full keyboard.
    keypad = "" if kind == "score" else ' inputmode="decimal"'
    return (
        f'<form class="tl-number" data-number="true"><label for="{uid}-answer">{_e(label)}</label> '
        f'<input id="{uid}-answer" name="answer" type="text"{keypad} autocomplete="off" '
        f'aria-describedby="{uid}-question" size="6" required> '
        f'<button type="submit" class="tl-submit">{SUBMIT_LABELS.get(kind, "Check")}</button></form>'
    )


def _submit(kind: str) -> str:
    return (
        f'<p class="tl-actions"><button type="button" class="tl-submit" data-submit="true">'
        f"{SUBMIT_LABELS.get(kind, 'Check')}</button></p>"
    )


def _facts(request: Mapping[str, Any]) -> str:
    rows = [("Players", str(request.get("players", 4)))]
    rows.append(("Contract", contract_name(str(request.get("contract", "garde")))))
    if "oudlers" in request:
        rows.append(("Bouts in the taker's cards", str(request["oudlers"])))
    if "points" in request:
        rows.append(("Card points of the taker's side", str(request["points"])))
    for key, label in (("petit_au_bout", "Petit au bout"), ("slam", "Slam")):
        if request.get(key):
            value = str(request[key])
            rows.append((label, "the taker's side" if value == ATTACK else "the defence"))
    for item in request.get("handfuls", []) or []:
        rows.append(
            (
                "Handful",
                str(item).replace("attack:", "the taker's side, ").replace("defence:", "the defence, "),
            )
        )
    body = "".join(f'<tr><th scope="row">{_e(k)}</th><td>{_e(v)}</td></tr>' for k, v in rows)
    return f'<table class="tl-facts"><caption>The deal</caption><tbody>{body}</tbody></table>'


def exercise_html(data: Mapping[str, Any], uid: str) -> str:
    """The position and the answer controls of one exercise."""
    kind = str(data.get("kind"))
    table = table_for(data, _records)
    parts: list[str] = []
    if kind in ("play", "legal"):
        assert table is not None
        hand = sort_hand(table.round.hands[table.seat])
        parts.append(_trick_html(table, uid=uid))
        if table.round.called is not None:
            parts.append(f'<p class="tl-note">The taker called the {_e(say(table.round.called))}.</p>')
        name = table.name(table.seat)
        whose = "Your hand" if name == "You" else f"{name}'s hand"
        action = "choose a card" if kind == "play" else "choose every card that may be played"
        parts.append(f'<p class="tl-caption">{_e(whose)}: {action}</p>')
        parts.append(_buttons(hand, whose, uid, toggle=kind == "legal"))
        if kind == "legal":
            parts.append(_submit(kind))
    elif kind == "winner":
        assert table is not None
        parts.append(_trick_html(table, buttons=True, uid=uid))
    elif kind in ("count", "made") or (kind == "target" and "cards" in data):
        if "cards" in data:
            parts.append(_cards_row(pile(data), "The cards"))
        if kind == "made":
            request = envelope.mapping(data.get("request", {}), "exercise", "exercise's request")
            parts.append(
                f'<p class="tl-note">The taker\'s side won {_e(bouts_text(whole(request, "oudlers", 0)))} '
                f"and {_e(request.get('points'))} card points.</p>"
            )
            parts.append(_choices(["made", "lost"], CHOICE_LABELS))
        else:
            label = "Points" if kind == "count" else "Points needed"
            parts.append(_number_input(uid, label, kind))
    elif kind == "target":
        parts.append(
            f'<p class="tl-note">The taker\'s side won {_e(bouts_text(whole(data, "bouts", 0)))}.</p>'
        )
        parts.append(_number_input(uid, "Points needed", kind))
    elif kind in ("discard", "discardable"):
        assert table is not None
        rnd = table.round
        parts.append(_cards_row(sort_hand(rnd.initial_dog), "The dog, now in your hand"))
        label = (
            f"Your hand with the dog: choose {rnd.variant.dog_size} cards to lay away"
            if kind == "discard"
            else "Your hand with the dog: choose every card that may go to the discard"
        )
        parts.append(f'<p class="tl-caption">{_e(label)}</p>')
        parts.append(_buttons(sort_hand(rnd.hands[table.seat]), "Your hand with the dog", uid, toggle=True))
        parts.append(_submit(kind))
    elif kind == "bid":
        assert table is not None
        rnd = table.round
        said = [
            f"<li>{_e(table.name(a.seat))}: {_e(contract_name(a.word or a.kind))}</li>" for a in rnd.actions
        ]
        if said:
            parts.append(
                f'<p class="tl-caption">The bidding so far</p><ol class="tl-bids">{"".join(said)}</ol>'
            )
        else:
            parts.append('<p class="tl-note">You speak first.</p>')
        choices = [str(c) for c in data.get("choices", [])]
        parts.append(_choices(choices, {c: contract_name(c).capitalize() for c in choices}))
    elif kind == "worth":
        assert table is not None
        rnd = table.round
        parts.append(_cards_row(sort_hand(rnd.hands[table.seat]), "Your hand"))
        said = [
            f"<li>{_e(table.name(a.seat))}: {_e(contract_name(a.word or a.kind))}</li>" for a in rnd.actions
        ]
        if said:
            parts.append(
                f'<p class="tl-caption">The bidding so far</p><ol class="tl-bids">{"".join(said)}</ol>'
            )
        else:
            parts.append('<p class="tl-note">You speak first.</p>')
        choices = [str(c) for c in data.get("choices", [])]
        parts.append(_choices(choices, {c: contract_name(c).capitalize() for c in choices}))
        parts.append(
            '<p class="tl-note">Checking plays your hand out over many deals: it takes a few seconds.</p>'
        )
    elif kind == "dog":
        parts.append(f'<p class="tl-note">The contract: {_e(contract_name(str(data["contract"])))}.</p>')
        parts.append(_choices([ATTACK, DEFENCE], CHOICE_LABELS))
    elif kind == "score":
        parts.append(_facts(data["request"]))
        who = {"taker": "the taker", "partner": "the partner", "defender": "each defender"}[
            str(data.get("ask", "taker"))
        ]
        parts.append(_number_input(uid, f"Score of {who}", kind))
    elif kind == "excuse":
        assert table is not None
        rnd = table.round
        note = rnd.count().excuse
        assert note is not None and rnd.taker is not None
        trick = rnd.tricks[note.trick]
        assert trick.winner is not None
        items = "".join(
            f'<li class="tl-play">{card_html(card)}<span class="tl-who">{_e(table.name(seat))}'
            f"{' (taker)' if seat == rnd.taker else ''}</span></li>"
            for seat, card in trick.plays
        )
        last = " (the last trick)" if note.trick == rnd.variant.hand_size - 1 else ""
        parts.append(
            f'<div class="tl-trick"><p class="tl-caption" id="{uid}-trick">Trick {note.trick + 1} of '
            f"{rnd.variant.hand_size}{last}</p>"
            f'<ol class="tl-plays" aria-labelledby="{uid}-trick">{items}</ol></div>'
        )
        won_before = sum(
            1
            for t in rnd.tricks[: note.trick]
            if t.winner is not None and rnd.side_of(t.winner) == rnd.side_of(note.seat)
        )
        parts.append(
            f'<p class="tl-note">{_e(table.name(rnd.taker))} is the taker, playing alone against the others. '
            f"{_e(table.name(note.seat))} plays the Excuse; {_e(table.name(trick.winner))} wins the trick. "
            f"Before this trick, {_e(table.name(note.seat))}'s side had won {won_before} "
            f"trick{'' if won_before == 1 else 's'}.</p>"
        )
        parts.append(_choices([ATTACK, DEFENCE], CHOICE_LABELS))
    elif kind == "call":
        assert table is not None
        rnd = table.round
        parts.append(_cards_row(sort_hand(rnd.hands[table.seat]), "Your hand"))
        calls = [Card.parse(str(c)) for c in data.get("choices", [])]
        parts.append('<p class="tl-caption">Call one of these cards</p>')
        parts.append(_buttons(calls, "Cards to call", uid, toggle=False))
    else:
        raise ExerciseError(f"kind: {kind!r} cannot be drawn")
    return "".join(parts)


def exercise(exercise_json: str, options: str = "{}") -> str:
    """The HTML of an exercise before any answer."""

    def work() -> Json:
        uid, _ = _options(options)
        data = _exercise(exercise_json)
        return {"html": exercise_html(data, uid), "kind": data.get("kind")}

    return _guarded(work)


#: The longest answer read: a number, a card, a list of cards or a choice is far shorter.
ANSWER_LENGTH: Final = 2_000


def _answer(text: str) -> object:
    """The answer as JSON (a card's code, a list of them, a number); else the text as typed."""
    envelope.check_text(text, "answer", limit=ANSWER_LENGTH)
    try:
        return envelope.load(text, "answer")
    except envelope.Refused:
        return text


def feedback_html(verdict: Mapping[str, Any], rules: Mapping[str, str]) -> str:
    right = verdict["verdict"] == "right"
    url = rules.get(f"rule-{verdict['reason']}") or rules.get(f"rule-{verdict['rule']}") or ""
    link = f' <a class="tl-rule" href="{_e(url)}">Read the rule</a>' if url else ""
    head = "Right!" if right else "Not quite."
    again = "" if right else ' <span class="tl-again">Try again.</span>'
    return f"<p><strong>{head}</strong> {_e(verdict['message'])}{again}{link}</p>"


def check(exercise_json: str, answer_json: str, options: str = "{}") -> str:
    """The engine's verdict on an answer: right or wrong, the reason and its sentence, with the rule."""

    def work() -> Json:
        _, rules = _options(options)
        data = _exercise(exercise_json)
        answer = _answer(answer_json)
        if data.get("kind") in ("count", "target", "score") and str(answer).strip() == "":
            raise ExerciseError("type a number first, such as 41 or 40.5")
        verdict = judge(data, answer, _records).as_dict()
        return {**verdict, "feedback_html": feedback_html(verdict, rules)}

    return _guarded(work)


__all__ = ["check", "exercise", "exercise_html", "feedback_html"]
