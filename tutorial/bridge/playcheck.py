"""The "may I play this card?" widget, and the catalogue of hands and rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tarot_core.actions import Action
from tarot_core.cards import Card
from tarot_core.engine.round import Round
from tarot_core.engine.state import Phase
from tarot_core.errors import TarotError
from tarot_core.records import HandRecord

from .common import (
    BridgeError,
    Display,
    Json,
    _dump,
    _e,
    _guarded,
    card_button,
    card_name,
    card_phrase,
    cards_html,
)
from .query import available_variants
from .replay import cards_from, trick_html
from .state import _step, get_record, record_names, state_of


# ------------------------------------------------------------------------------ may I play this card?
def default_play_step(record: HandRecord) -> int:
    """A position worth asking about: the first play where the player to move has cards they may not play."""
    fallback: int | None = None
    for step, (_, rnd) in enumerate(record.states()):
        if rnd.phase is Phase.PLAYING and rnd.to_move is not None:
            if fallback is None:
                fallback = step
            current = rnd.current
            if current is not None and current.plays:
                hand = rnd.hands[rnd.to_move]
                if len(rnd.legal_cards(rnd.to_move)) < len(hand):
                    return step
    if fallback is None:
        raise BridgeError("step", "this hand has no card play to ask about")
    return fallback


def _play_round(record: HandRecord, step: object) -> tuple[int, Round]:
    number = default_play_step(record) if step in (None, "", "auto") else _step(step, record)
    rnd = record.round_at(number)
    if rnd.phase is not Phase.PLAYING or rnd.to_move is None:
        raise BridgeError(
            "step", f"at step {number} nobody is playing a card (the phase is {rnd.phase.value})"
        )
    return number, rnd


def play_html(state: Mapping[str, Any], display: Display, verdict: Mapping[str, Any] | None = None) -> str:
    """The position: the trick so far and the hand of the player to move, each card a button."""
    seat = state.get("asked_seat") or state.get("to_move")
    entry = next((s for s in state["seats"] if s["seat"] == seat), None)
    name = entry["name"] if entry else str(seat)
    current = state.get("current_trick")
    trick = trick_html(state, current, f"Trick {current['number']} so far" if current else "The trick")
    if (current is None or not current["plays"]) and state["tricks"]:  # a trick just completed
        last = state["tricks"][-1]
        trick = trick_html(state, last, f"Trick {last['number']}, won by {last['winner_name']}")
    hand_cards = cards_from(entry["hand"] or []) if entry else []
    played = verdict.get("card") if verdict and verdict.get("accepted") else None
    if played:
        hand_html = cards_html(hand_cards, "no cards left")
        prompt = f"{name}'s hand after playing"
    else:
        hand_html = (
            f'<div class="tw-hand-buttons" role="group" aria-label="{_e(name)}\'s hand">'
            f"{''.join(card_button(c, display.uid) for c in hand_cards)}</div>"
        )
        prompt = f"{name}'s hand: choose a card to play"
    role = entry["role"] if entry else ""
    side = (
        f", the {role}" if role in ("dealer", "soloist", "partner", "opponent") else f", on the {role}'s side"
    )
    context = f"{name} ({seat}) is to play" + (side if role else "") + "."
    if state.get("contract_text"):
        text = str(state["contract_text"])
        context += f" {text[:1].upper()}{text[1:]}."
    if state.get("called"):
        context += f" The called card is the {state['called']['name']}."
    return (
        f'<p class="tw-status">{_e(context)}</p>{trick}'
        f'<p class="tw-hand-title" id="{display.uid}-hand">{_e(prompt)}</p>{hand_html}'
    )


def _verdict_html(verdict: Mapping[str, Any]) -> str:
    if verdict.get("accepted"):
        return (
            f'<p class="tw-verdict tw-accepted"><strong>Accepted.</strong> '
            f"{_e(verdict['who'])} plays {_e(verdict['card_phrase'])}.</p>"
        )
    link = ""
    if verdict.get("rule_url"):
        link = f' <a class="tw-link" href="{_e(verdict["rule_url"])}">Read the rule</a>'
    return f'<p class="tw-verdict tw-refused"><strong>Refused:</strong> {_e(verdict["message"])}.{link}</p>'


def position(record: str, step: int | str | None = None, options: str = "{}") -> str:
    """The position of the play-check widget before any card is tried."""

    def work() -> Json:
        display = Display.parse(options)
        name, rec = get_record(record)
        number, rnd = _play_round(rec, step)
        state = state_of(rec, rnd, number, None, name)
        state["asked_seat"] = str(rnd.to_move)
        state["html"] = play_html(state, display)
        return state

    return _guarded(work)


def check_play(record: str, step: int | str | None, card: str, options: str = "{}") -> str:
    """May the player to move at ``step`` play ``card``? The new state, or the refusal and its rule."""

    def work() -> Json:
        display = Display.parse(options)
        name, rec = get_record(record)
        number, rnd = _play_round(rec, step)
        seat = rnd.to_move
        assert seat is not None
        try:
            chosen = Card.parse(str(card))
        except TarotError as error:
            raise BridgeError("card", str(error)) from None
        action = Action(seat, "play", "", (chosen,))
        refusal = rnd.why_illegal(action)
        verdict: Json = {
            "card": str(chosen),
            "card_name": card_name(chosen),
            "card_phrase": card_phrase(chosen, rec.variant.family),
            "seat": str(seat),
            "who": rec.seat_name(seat),
            "accepted": refusal is None,
        }
        if refusal is not None:
            verdict.update(
                {
                    "reason": refusal.reason.code,
                    "message": refusal.message,
                    "rule": refusal.reason.rule,
                    "rule_url": display.refusal_url(
                        refusal.reason.code, refusal.reason.rule, rec.variant.family
                    ),
                }
            )
        else:
            rnd.push(action)
        state = state_of(rec, rnd, number, None, name)
        state["asked_seat"] = str(seat)
        state["step"] = number
        state["html"] = play_html(state, display, verdict)
        return {**state, **verdict, "verdict_html": _verdict_html(verdict)}

    return _guarded(work)


def catalogue() -> str:
    """The sample hands and the calculator's rules, for the widgets' menus."""
    return _dump({"ok": True, "records": record_names(), "variants": available_variants()})
