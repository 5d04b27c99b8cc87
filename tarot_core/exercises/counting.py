"""Judging the answers about counting and scoring, the discard, the bidding and the dog, the Excuse and
the called King.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from ..actions import Action, ActionKind
from ..cards import Card, count_half_points, format_points, sort_hand
from ..engine.result import bouts_text
from ..engine.variant import find_variant, score_request
from ..seats import ATTACK
from .plays import _card_set, _number, _one_card, _sentence, _without_name
from .positions import Table, _any_round, _cards, _variant_key, whole
from .words import ExerciseError, Verdict, _points, contract_name, readable, say, say_all


# ------------------------------------------------------------------ counting and targets
def pile(exercise: Mapping[str, Any]) -> list[Card]:
    return sort_hand(_cards(exercise, "cards"))


def pile_half_points(exercise: Mapping[str, Any]) -> int:
    return count_half_points(pile(exercise))


def _working(cards: Sequence[Card]) -> str:
    if len(cards) == 1:
        return f"{say(cards[0])} is worth {_points(cards[0].half_points)}"
    terms = " + ".join(f"{say(card)} {format_points(card.half_points)}" for card in cards)
    return f"{terms} = {_points(count_half_points(cards))}"


def _judge_count(exercise: Mapping[str, Any], answer: object) -> Verdict:
    cards = pile(exercise)
    half = count_half_points(cards)
    given = _number(answer)
    if given * 2 == half:
        return Verdict(True, "counted", _sentence(_working(cards)), "counting")
    return Verdict(False, "wrong-total", _sentence(f"Not {_show(given)}: {_working(cards)}"), "counting")


def _show(number: Fraction) -> str:
    if number.denominator == 1:
        return str(number.numerator)
    return f"{float(number):g}"


def bouts_of(exercise: Mapping[str, Any]) -> int:
    if "cards" in exercise:
        return sum(1 for card in _cards(exercise, "cards") if card.is_bout)
    bouts = whole(exercise, "bouts", 0)
    if not 0 <= bouts <= 3:
        raise ExerciseError("bouts: 0 to 3")
    return bouts


def target_of(exercise: Mapping[str, Any]) -> int:
    variant = find_variant(_variant_key(exercise))
    targets: Mapping[int, int] = getattr(variant, "targets", {})
    return targets[bouts_of(exercise)]


def _judge_target(exercise: Mapping[str, Any], answer: object) -> Verdict:
    bouts = bouts_of(exercise)
    target = target_of(exercise)
    given = _number(answer)
    why = f"with {bouts_text(bouts)} the taker's side needs {target} points: the more bouts, the fewer points"
    if given == target:
        return Verdict(True, "target", _sentence(why), "counting")
    return Verdict(False, "wrong-target", _sentence(f"Not {_show(given)}: {why}"), "counting")


def _score_answer(request: Mapping[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = score_request(request)
    return answer


def _detail(answer: Mapping[str, Any], term: str) -> str:
    for row in answer["breakdown"]:
        if row["term"] == term:
            return str(row.get("detail") or row["value"])
    return ""


def _judge_made(exercise: Mapping[str, Any], answer: object) -> Verdict:
    request = {"variant": "fft", "players": 4, "contract": "garde", **dict(exercise.get("request", {}))}
    result = _score_answer(request)
    won = bool(result["won"])
    has = f"the taker's side has {request['points']}"
    why = f"{_detail(result, 'target')}, and {has}: {_detail(result, 'difference')}"
    right = (answer == "made") == won
    return Verdict(right, "made" if won else "lost", _sentence(why), "counting")


# ------------------------------------------------------------------ the discard
def _judge_discard(table: Table, answer: object) -> Verdict:
    rnd = table.round.copy()
    cards = _card_set(answer)
    size = rnd.variant.dog_size
    if len(cards) != size:
        return Verdict(
            False,
            "discard-size",
            _sentence(f"The discard holds exactly {size} cards, as many as the dog; you chose {len(cards)}"),
            "discard",
        )
    trumps = [card for card in cards if card.is_trump]
    for card in sort_hand(cards):
        refusal = rnd.why_illegal(Action(table.seat, ActionKind.DISCARD, "", (card,)))
        if refusal is not None:
            return Verdict(
                False,
                refusal.reason.code,
                _sentence(f"Not {say(card)}: {readable(_without_name(refusal.message))}"),
                "discard",
            )
        rnd.push(Action(table.seat, ActionKind.DISCARD, "", (card,)))
    shown = f"; the trumps you lay away ({say_all(trumps)}) are shown to the others" if trumps else ""
    return Verdict(
        True,
        "legal-discard",
        _sentence(
            "A legal discard: no King, no bout"
            + (", and trumps only because nothing else could go" if trumps else ", no trump")
            + shown
        ),
        "discard",
    )


def discardable(table: Table) -> list[Card]:
    rnd = table.round
    return sort_hand({action.card for action in rnd.legal_actions() if action.kind == "discard"})


def _judge_discardable(table: Table, answer: object) -> Verdict:
    rnd, seat = table.round, table.seat
    chosen = set(_card_set(answer))
    allowed = set(discardable(table))
    for card in sort_hand(chosen - allowed):
        refusal = rnd.why_illegal(Action(seat, ActionKind.DISCARD, "", (card,)))
        assert refusal is not None
        return Verdict(
            False,
            refusal.reason.code,
            _sentence(f"Not {say(card)}: {readable(_without_name(refusal.message))}"),
            "discard",
        )
    missing = sort_hand(allowed - chosen)
    if missing:
        return Verdict(
            False,
            "missed-discardable",
            _sentence(f"{say(missing[0])} may go to the discard too: it is neither a King nor a bout"),
            "discard",
        )
    trumps = any(card.is_trump for card in allowed)
    why = "every card but the Kings and the bouts" + (
        ", trumps included, because there are not enough other cards"
        if trumps
        else "; trumps stay in the hand while other cards can go"
    )
    return Verdict(True, "all-discardable", _sentence(why[:1].upper() + why[1:]), "discard")


# ------------------------------------------------------------------ bidding and the dog
def _judge_bid(table: Table, answer: object) -> Verdict:
    rnd, seat = table.round, table.seat
    word = str(answer)
    action = Action(seat, ActionKind.PASS) if word == "pass" else Action(seat, ActionKind.BID, word)
    refusal = rnd.why_illegal(action)
    last = rnd.bids[-1].word if rnd.bids else None
    if refusal is not None:
        message = refusal.message
        if last is not None:
            message = f"a bid must be higher than the last one ({contract_name(last)})"
        return Verdict(
            False, refusal.reason.code, _sentence(f"Not {contract_name(word)}: {message}"), "bidding"
        )
    if word == "pass":
        return Verdict(True, "pass", "You may always pass.", "bidding")
    if last is None:
        return Verdict(
            True, "bid", _sentence(f"Nobody has bid yet, so {contract_name(word)} is allowed"), "bidding"
        )
    return Verdict(
        True,
        "bid",
        _sentence(
            f"{contract_name(word)} is higher than {contract_name(last)}, the last bid, so it is allowed"
        ),
        "bidding",
    )


def dog_side(exercise: Mapping[str, Any]) -> str:
    rnd = _any_round(_variant_key(exercise))
    return rnd.rule_dog_side(str(exercise["contract"]))


def _judge_dog(exercise: Mapping[str, Any], answer: object) -> Verdict:
    rnd = _any_round(_variant_key(exercise))
    contract = str(exercise["contract"])
    side = rnd.rule_dog_side(contract)
    if rnd.rule_takes_dog(contract):
        why = (
            f"in a {contract_name(contract)} the taker takes the dog into the hand and lays the same number "
            "of cards away: that discard counts for the taker's side"
        )
    elif side == ATTACK:
        why = f"in a {contract_name(contract)} nobody sees the dog; it counts for the taker's side at the end"
    else:
        why = f"in a {contract_name(contract)} nobody sees the dog, and it goes to the defence at the end"
    return Verdict(answer == side, "dog-" + side, _sentence(why), "discard")


# ------------------------------------------------------------------ scoring
def score_of(exercise: Mapping[str, Any]) -> int:
    result = _score_answer(exercise["request"])
    value = result["scores"][str(exercise.get("ask", "taker"))]
    if value is None:
        raise ExerciseError("ask: nobody plays that part in this deal")
    return int(value)


def _unsigned(working: str) -> str:
    """The contract's working without the sign the calculator writes: ``(+(25 + 15)) × 2`` ->
    ``(25 + 15) × 2``, ``(−(25 + 3) +10) × 1`` -> ``((25 + 3) + 10) × 1``."""
    text = working.replace("(+(", "((").replace("(−(", "((")
    text = re.sub(r"^\(\(([^()]*)\)\)", r"(\1)", text)
    return re.sub(r" ([+−-])(\d)", r" \1 \2", text)


def _judge_score(exercise: Mapping[str, Any], answer: object) -> Verdict:
    result = _score_answer(exercise["request"])
    ask = str(exercise.get("ask", "taker"))
    value = score_of(exercise)
    share = {"taker": "taker_share", "partner": "partner_share", "defender": "defender_share"}[ask]
    per = int(result["per_defender"])
    worth = _unsigned(_detail(result, "contract_score"))
    paid = (
        f"the contract is worth {worth} = {per}, which each defender pays the taker's side"
        if per >= 0
        else f"the contract is worth {worth} = {-per}, which the taker's side pays each defender"
    )
    parts = [_detail(result, "target"), _detail(result, "difference"), paid]
    times = _detail(result, share).partition(" × ")[0]
    role = {"taker": "the taker", "partner": "the partner", "defender": "each defender"}[ask]
    count = f" ({times} × {abs(per)})" if times.isdigit() and times != "1" else ""
    parts.append(f"{role} scores {value:+d}{count}")
    why = "; ".join(p for p in parts if p)
    given = _number(answer)
    if given == value:
        return Verdict(True, "score", _sentence(why), "scoring")
    reason = "wrong-sign" if given == -value else "wrong-score"
    return Verdict(False, reason, _sentence(f"Not {_show(given)}: {why}"), "scoring")


# ------------------------------------------------------------------ the Excuse
def excuse_side(table: Table) -> str:
    note = table.round.count().excuse
    if note is None:
        raise ExerciseError("the Excuse was not played in this deal")
    return note.kept_by


def _judge_excuse(table: Table, answer: object) -> Verdict:
    note = table.round.count().excuse
    if note is None:
        raise ExerciseError("the Excuse was not played in this deal")
    why = readable(note.explanation)
    if note.exchange_card is not None:
        why = why.replace("(half a point)", "(worth half a point)")
    return Verdict(answer == note.kept_by, "excuse-" + note.kept_by, _sentence(why), "excuse")


# ------------------------------------------------------------------ calling a King
def _judge_call(table: Table, answer: object) -> Verdict:
    rnd, seat = table.round, table.seat
    card = _one_card(answer)
    refusal = rnd.why_illegal(Action(seat, ActionKind.CALL, "", (card,)))
    if refusal is not None:
        return Verdict(
            False,
            refusal.reason.code,
            _sentence(f"Not {say(card)}: {readable(_without_name(refusal.message))}"),
            "five-players",
        )
    if card in rnd.hands[seat]:
        why = (
            f"you may call {say(card)}, but you hold it: nobody answers the call, "
            "and you play alone against four"
        )
    elif card.rank == 14:
        why = (
            f"a King may always be called: whoever holds {say(card)} is your partner, "
            "unknown until it is played"
        )
    else:
        rank = "Queen" if card.rank == 13 else "Knight"
        why = f"you hold all four Kings, so you may call a {rank}: {say(card)}"
    return Verdict(True, "call", _sentence(why), "five-players")
