"""The "may I play this card?" widget, and the catalogue of hands and rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from markupsafe import Markup

from tarot_core.actions import Action
from tarot_core.cards import Card
from tarot_core.describe import card_noun
from tarot_core.engine.round import Round
from tarot_core.engine.state import Phase
from tarot_core.engine.variant import words_for
from tarot_core.errors import TarotError
from tarot_core.messages import N_, Noun, _
from tarot_core.records import HandRecord

from .common import BridgeError, Display, Json, _dump, _guarded, card_button, card_name, cards_html
from .query import available_variants
from .replay import cards_from, trick_caption, trick_html
from .state import _step, get_record, record_names, state_of
from .templates import render

#: Who is to play, by his part at the table (a whole sentence each, so that a language says each part
#: its own way: "an opponent", "in defence").
TO_PLAY: Final = {
    "": N_("{who} ({seat}) is to play."),
    "taker": N_("{who} ({seat}) is to play, the taker."),
    "partner": N_("{who} ({seat}) is to play, the partner."),
    "defender": N_("{who} ({seat}) is to play, in defence."),
    "dealer": N_("{who} ({seat}) is to play, the dealer."),
    "soloist": N_("{who} ({seat}) is to play, the soloist."),
    "opponent": N_("{who} ({seat}) is to play, an opponent."),
}


# ------------------------------------------------------------------------------ may I play this card?
def default_play_step(record: HandRecord) -> int:
    """A position worth asking about: the first play where the player to move has cards they may not play."""
    fallback: int | None = None
    for step, (_before, rnd) in enumerate(record.states()):
        if rnd.phase is Phase.PLAYING and rnd.to_move is not None:
            if fallback is None:
                fallback = step
            current = rnd.current
            if current is not None and current.plays:
                hand = rnd.hands[rnd.to_move]
                if len(rnd.legal_cards(rnd.to_move)) < len(hand):
                    return step
    if fallback is None:
        raise BridgeError("step", _("this hand has no card play to ask about"))
    return fallback


def _play_round(record: HandRecord, step: object) -> tuple[int, Round]:
    number = default_play_step(record) if step in (None, "", "auto") else _step(step, record)
    rnd = record.round_at(number)
    if rnd.phase is not Phase.PLAYING or rnd.to_move is None:
        raise BridgeError(
            "step",
            _(
                "at step {step} nobody is playing a card (the phase is {phase})",
                step=number,
                phase=rnd.phase.value,
            ),
        )
    return number, rnd


def play_html(state: Mapping[str, Any], display: Display, verdict: Mapping[str, Any] | None = None) -> Markup:
    """The position: the trick so far and the hand of the player to move, each card a button."""
    seat = state.get("asked_seat") or state.get("to_move")
    entry = next((s for s in state["seats"] if s["seat"] == seat), None)
    name = entry["name"] if entry else str(seat)
    current = state.get("current_trick")
    caption = _("Trick {number} so far", number=current["number"]) if current else _("The trick")
    trick = trick_html(state, current, caption)
    if (current is None or not current["plays"]) and state["tricks"]:  # a trick just completed
        last = state["tricks"][-1]
        trick = trick_html(state, last, trick_caption(last, won=True))
    hand_cards = cards_from(entry["hand"] or []) if entry else []
    played = verdict.get("card") if verdict and verdict.get("accepted") else None
    cards: Markup | None = None
    buttons: list[Markup] | None = None
    if played:
        cards = Markup(cards_html(hand_cards, _("no cards left")))
        prompt = _("{who}'s hand after playing", who=name)
    else:
        buttons = [Markup(card_button(c, display.uid)) for c in hand_cards]
        prompt = _("{who}'s hand: choose a card to play", who=name)
    return render(
        "replay/playcheck-position.html",
        context=_context(state, name, str(seat), entry["role"] if entry else ""),
        trick=trick,
        uid=display.uid,
        prompt=prompt,
        name=name,
        cards=cards,
        buttons=buttons,
    )


def _context(state: Mapping[str, Any], name: str, seat: str, role: str) -> str:
    """Who is to play, with the contract and the called card: ``Bruno (p2) is to play, the partner. ...``"""
    said = [_(TO_PLAY.get(role, TO_PLAY[""]), who=name, seat=seat)]
    if state.get("contract_text"):
        text = str(state["contract_text"])
        # The contract's clause begins a sentence here.
        said.append(_("{contract}.", contract=text[:1].upper() + text[1:]))
    if state.get("called"):
        words = words_for(str(state["family"]))
        said.append(
            _("The called card is {card}.", card=card_noun(Card.parse(state["called"]["code"]), words))
        )
    return " ".join(said)


def _verdict_html(verdict: Mapping[str, Any], card: Noun | None = None) -> Markup:
    """The engine's answer to the card tried (``card``: its name in a sentence, else the verdict's
    ``card_phrase``)."""
    return render(
        "replay/playcheck-verdict.html",
        accepted=bool(verdict.get("accepted")),
        who=verdict.get("who", ""),
        card=card if card is not None else verdict.get("card_phrase", ""),
        message=verdict.get("message", ""),
        rule_url=verdict.get("rule_url", ""),
    )


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
        noun = card_noun(chosen, rec.variant.words)
        refusal = rnd.why_illegal(action)
        verdict: Json = {
            "card": str(chosen),
            "card_name": card_name(chosen),
            "card_phrase": str(noun),
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
        return {**state, **verdict, "verdict_html": _verdict_html(verdict, noun)}

    return _guarded(work)


def catalogue() -> str:
    """The sample hands and the calculator's rules, for the widgets' menus."""
    return _dump({"ok": True, "records": record_names(), "variants": available_variants()})
