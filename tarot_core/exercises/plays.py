"""Judging the answers about play: which card may be played and why, and who wins a trick."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Final

from ..actions import Action, ActionKind
from ..cards import EXCUSE, Card, Suit, parse_cards, sort_hand
from ..engine.round import Round
from ..engine.trick import Trick
from ..errors import quoted
from ..seats import Seat
from .positions import Table
from .words import ExerciseError, Verdict, readable, say, say_all


# ====================================================================================== answers
def _one_card(answer: object) -> Card:
    if not isinstance(answer, str):
        raise ExerciseError("choose one card")
    return Card.parse(answer)


def _card_set(answer: object) -> list[Card]:
    if isinstance(answer, str):
        return parse_cards(answer)
    if isinstance(answer, list):
        return parse_cards([str(item) for item in answer])
    raise ExerciseError("choose some cards")


#: A number as a learner types it, once tidied: digits, a decimal point, a minus sign.
_TYPED_NUMBER: Final = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)", re.ASCII)
#: Digits before the point that an answer may have: no count or score of a deal comes near.
MAX_DIGITS: Final = 7


def _number(answer: object) -> Fraction:
    """A number as a learner types it: ``41``, ``40.5``, ``40,5``, ``40½``, ``-80``.

    Only digits are read (no ``1e9``): an answer far too long for any count is refused before it is
    read, so that no answer takes long to judge.
    """
    if isinstance(answer, bool) or not isinstance(answer, (str, int, float)):
        raise ExerciseError("type a number, such as 41 or 40.5")
    if isinstance(answer, float):
        if not math.isfinite(answer) or abs(answer) >= 10**MAX_DIGITS:
            raise ExerciseError(
                f"that number is far too large: no count of a deal comes near {quoted(answer, 12)}"
            )
        return Fraction(answer)
    if isinstance(answer, int):
        answer = str(answer) if abs(answer) < 10**MAX_DIGITS else "9" * (MAX_DIGITS + 1)
    text = answer[:100].strip().replace(",", ".").replace("½", ".5").replace("−", "-").replace(" ", "")
    if text.startswith("+"):
        text = text[1:]
    if text.endswith("..5"):
        text = text[:-3] + ".5"
    if not _TYPED_NUMBER.fullmatch(text):
        raise ExerciseError("type a number in digits, such as 41 or 40.5")
    if len(text.lstrip("-").split(".", 1)[0].lstrip("0")) > MAX_DIGITS:
        raise ExerciseError("that number is far too large: no count of a deal comes near it")
    return Fraction(text)


# ------------------------------------------------------------------ playing a card
def why_legal(rnd: Round, seat: Seat, card: Card) -> str:
    """Why the rules allow ``card`` now, in the words of the rule of play."""
    trick = rnd.current
    assert trick is not None
    hand = rnd.hands[seat]
    if card is EXCUSE:
        return "the Excuse may be played at any time, whatever was led"
    led = trick.led
    if led is None and trick.plays:
        return "only the Excuse has been played, and it sets no suit: any card may follow"
    if led is None:
        if rnd.called is not None and not rnd.tricks and rnd.players == 5 and trick.number == 0:
            if card.suit is rnd.called.suit:
                return f"you lead the called King itself, which is allowed in the called suit ({say(card)})"
            return (
                f"you lead the first trick: any card may be led except one of the called suit "
                f"({rnd.called.suit.english}) other than the called King"
            )
        return "you lead the trick: any card may be led"
    best = trick.best_trump
    if card.suit is led and led is not Suit.TRUMPS:
        return f"you follow suit: {led.english} were led"
    if card.is_trump:
        over = [c for c in hand if c.is_trump and c.rank > best]
        if led is Suit.TRUMPS:
            if best and card.rank > best:
                return f"trumps were led and you play a higher trump than the {best} of trumps"
            if best and not over:
                return (
                    f"trumps were led; you hold no trump higher than the {best} of trumps, "
                    "so any trump will do"
                )
            return "trumps were led and you play a trump"
        if best and card.rank > best:
            return (
                f"you have no {led.english}, so you must trump, and higher than the {best} of trumps "
                "already in the trick: you overtrump"
            )
        if best and not over:
            return (
                f"you have no {led.english}, so you must trump; you cannot beat the {best} of trumps, "
                "so any trump will do: you undertrump"
            )
        return f"you have no {led.english}, so you must trump"
    return f"you have neither {led.english} nor a trump, so you may play any card (you discard)"


def _refused(rnd: Round, seat: Seat, card: Card) -> Verdict | None:
    refusal = rnd.why_illegal(Action(seat, ActionKind.PLAY, "", (card,)))
    if refusal is None:
        return None
    return Verdict(False, refusal.reason.code, _sentence(readable(refusal.message)), refusal.reason.rule)


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _without_name(message: str) -> str:
    """An engine refusal without its closing ``(card name)``, for a sentence that names the card first."""
    return re.sub(r" \([^()]*\)\.?$", "", message)


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _trick_with(rnd: Round, extra: tuple[Seat, Card] | None = None) -> Trick:
    current = rnd.current
    assert current is not None
    trick = Trick(current.number, current.leader)
    for seat, card in current.plays:
        trick.add(seat, card)
    if extra is not None:
        trick.add(*extra)
    return trick


def _judge_play(exercise: Mapping[str, Any], table: Table, answer: object) -> Verdict:
    rnd, seat = table.round, table.seat
    card = _one_card(answer)
    refused = _refused(rnd, seat, card)
    if refused is not None:
        return refused
    reason = why_legal(rnd, seat, card)
    if exercise.get("goal") == "win":
        trick = _trick_with(rnd, (seat, card))
        ahead = trick.ahead
        if ahead != seat:
            best = trick.best_card
            beaten = f" {say(Card.parse(_code(best)))} stays ahead" if best >= 0 else ""
            return Verdict(
                False,
                "not-ahead",
                _sentence(f"{say(card)} is allowed ({reason}), but it does not take the lead:{beaten}"),
                "play",
            )
        return Verdict(True, "ahead", _sentence(f"{say(card)} takes the lead: {reason}"), "play")
    return Verdict(True, "legal", _sentence(f"{say(card)} is allowed: {reason}"), "play")


def _code(index: int) -> str:
    from ..cards import FULL_PACK

    return str(FULL_PACK[index])


def legal_cards(table: Table) -> list[Card]:
    return sort_hand(table.round.legal_cards(table.seat))


def _judge_legal(table: Table, answer: object) -> Verdict:
    rnd, seat = table.round, table.seat
    chosen = set(_card_set(answer))
    legal = set(rnd.legal_cards(seat))
    for card in sort_hand(chosen - legal):
        refused = _refused(rnd, seat, card)
        assert refused is not None
        return Verdict(
            False, refused.reason, _sentence(f"Not {say(card)}: {_lower(refused.message)}"), refused.rule
        )
    missing = sort_hand(legal - chosen)
    if missing:
        card = missing[0]
        more = f" ({len(missing)} allowed cards are missing)" if len(missing) > 1 else ""
        return Verdict(
            False,
            "missed-legal-card",
            _sentence(f"{say(card)} may be played too{more}: {why_legal(rnd, seat, card)}"),
            "play",
        )
    first = sort_hand(legal)[0]
    return Verdict(
        True,
        "all-legal",
        _sentence(
            f"These are every card you may play, {say_all(sort_hand(legal))}: {why_legal(rnd, seat, first)}"
        ),
        "play",
    )


# ------------------------------------------------------------------ who wins the trick
def trick_winner(table: Table) -> Card:
    """The card that wins the trick on the table (the whole trick is written in ``trick``)."""
    trick = _trick_with(table.round)
    winner = table.round.rule_trick_winner(trick)
    card = trick.card_of(winner)
    assert card is not None
    return card


def _why_wins(trick: Trick, card: Card) -> str:
    led = trick.led
    if card.is_trump and led is not Suit.TRUMPS:
        return f"{say(card)} is the highest trump in the trick, and a trump beats every card of the suits"
    if card.is_trump:
        return f"trumps were led and {say(card)} is the highest trump"
    assert led is not None
    one = led.english.removesuffix("s")
    return f"{say(card)} is the highest {one} and nobody trumped"


def _judge_winner(table: Table, answer: object) -> Verdict:
    card = _one_card(answer)
    trick = _trick_with(table.round)
    if card not in trick.cards:
        raise ExerciseError(f"answer: {card} is not in the trick")
    winner = trick_winner(table)
    why = _why_wins(trick, winner)
    if card == winner:
        return Verdict(True, "wins", _sentence(why), "play")
    if card is EXCUSE:
        return Verdict(False, "excuse-never-wins", _sentence(f"The Excuse never wins a trick: {why}"), "play")
    if not card.is_trump and trick.led is not None and card.suit is not trick.led:
        return Verdict(
            False,
            "off-suit",
            _sentence(f"{say(card)} is not of the suit led ({trick.led.english}), so it cannot win: {why}"),
            "play",
        )
    if winner.is_trump and not card.is_trump:
        return Verdict(False, "trumped", _sentence(f"{say(card)} was trumped: {why}"), "play")
    return Verdict(False, "beaten", _sentence(f"{say(card)} is beaten: {why}"), "play")
