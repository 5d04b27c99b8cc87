"""Judging the answers about counting and scoring, the discard, the bidding and the dog, the Excuse and
the called King.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Final

from ..actions import Action, ActionKind
from ..cards import PETIT, Card, CardsInWords, count_half_points, sort_hand
from ..engine.variant import find_variant, score_request
from ..errors import Illegal, Refusal
from ..messages import Number, _, gettext_lazy, ngettext
from ..seats import ATTACK
from .plays import _card_set, _number, _one_card
from .positions import Table, _any_round, _cards, _variant_key, whole
from .words import (
    ExerciseError,
    Verdict,
    _points,
    capitalized,
    clauses,
    contract_name,
    say,
    say_all,
    sentence,
)


# ------------------------------------------------------------------ counting and targets
def pile(exercise: Mapping[str, Any]) -> list[Card]:
    return sort_hand(_cards(exercise, "cards"))


def pile_half_points(exercise: Mapping[str, Any]) -> int:
    return count_half_points(pile(exercise))


def _working(cards: Sequence[Card]) -> str:
    """The count of a pile: a clause for one card, the sum written out for more."""
    if len(cards) == 1:
        return _("{card} is worth {points}", card=say(cards[0]), points=_points(cards[0].half_points))
    # The sum is written as arithmetic: each card and its points, the total in words.
    terms = " + ".join(f"{say(card)} {Number(card.half_points / 2)}" for card in cards)
    return f"{terms} = {_points(count_half_points(cards))}"


def _judge_count(exercise: Mapping[str, Any], answer: object) -> Verdict:
    cards = pile(exercise)
    half = count_half_points(cards)
    given = _number(answer)
    if given * 2 == half:
        return Verdict(True, "counted", sentence(_working(cards)), "counting")
    said = _("Not {number}: {working}.", number=_show(given), working=_working(cards))
    return Verdict(False, "wrong-total", said, "counting")


def _show(number: Fraction) -> str:
    """A learner's number as the reader's language writes it: ``41``, ``40.5``."""
    if number.denominator == 1:
        return str(number.numerator)
    return format(Number(float(number)), "g")


def bouts_of(exercise: Mapping[str, Any]) -> int:
    if "cards" in exercise:
        return sum(1 for card in _cards(exercise, "cards") if card.is_bout)
    bouts = whole(exercise, "bouts", 0)
    if not 0 <= bouts <= 3:
        raise ExerciseError(gettext_lazy("bouts: 0 to 3"))
    return bouts


def target_of(exercise: Mapping[str, Any]) -> int:
    variant = find_variant(_variant_key(exercise))
    targets: Mapping[int, int] = getattr(variant, "targets", {})
    return targets[bouts_of(exercise)]


def _judge_target(exercise: Mapping[str, Any], answer: object) -> Verdict:
    bouts = bouts_of(exercise)
    target = target_of(exercise)
    given = _number(answer)
    if given == target:
        said = ngettext(
            "With {n} bout the taker's side needs {target} points: the more bouts, the fewer points.",
            "With {n} bouts the taker's side needs {target} points: the more bouts, the fewer points.",
            bouts,
            target=target,
        )
        return Verdict(True, "target", said, "counting")
    said = ngettext(
        "Not {number}: with {n} bout the taker's side needs {target} points: "
        "the more bouts, the fewer points.",
        "Not {number}: with {n} bouts the taker's side needs {target} points: "
        "the more bouts, the fewer points.",
        bouts,
        number=_show(given),
        target=target,
    )
    return Verdict(False, "wrong-target", said, "counting")


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
    points = request["points"]
    said = _(
        "{target}, and the taker's side has {points}: {difference}.",
        target=_detail(result, "target"),
        points=Number(points) if isinstance(points, float) and not points.is_integer() else points,
        difference=_detail(result, "difference"),
    )
    right = (answer == "made") == won
    return Verdict(right, "made" if won else "lost", capitalized(said), "counting")


# ------------------------------------------------------------------ the discard
def _judge_discard(table: Table, answer: object) -> Verdict:
    rnd = table.round.copy()
    cards = _card_set(answer)
    size = rnd.variant.dog_size
    if len(cards) != size:
        said = _(
            "The discard holds exactly {size} cards, as many as the dog; you chose {count}.",
            size=size,
            count=len(cards),
        )
        return Verdict(False, "discard-size", said, "discard")
    trumps = [card for card in cards if card.is_trump]
    for card in sort_hand(cards):
        refusal = rnd.why_illegal(Action(table.seat, ActionKind.DISCARD, "", (card,)))
        if refusal is not None:
            return Verdict(False, refusal.reason.code, _not_this(card, refusal), "discard")
        rnd.push(Action(table.seat, ActionKind.DISCARD, "", (card,)))
    if trumps:
        said = _(
            "A legal discard: no King, no bout, and trumps only because nothing else could go; "
            "the trumps you lay away ({trumps}) are shown to the others.",
            trumps=say_all(trumps),
        )
    else:
        said = _("A legal discard: no King, no bout, no trump.")
    return Verdict(True, "legal-discard", said, "discard")


def _not_this(card: Card, refusal: Refusal) -> str:
    """A card refused, said after its name: "Not King of Hearts: a King may not go in the discard."."""
    if refusal.reason is Illegal.DISCARD_KING:
        return _("Not {card}: a King may not go in the discard.", card=say(card))
    # The Petit's name holds brackets of its own, so its refusal keeps the name it closes with.
    if refusal.reason is Illegal.DISCARD_BOUT and card is not PETIT:
        return _("Not {card}: a bout may not go in the discard.", card=say(card))
    return _("Not {card}: {reason}.", card=say(card), reason=refusal.said)


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
        return Verdict(False, refusal.reason.code, _not_this(card, refusal), "discard")
    missing = sort_hand(allowed - chosen)
    if missing:
        said = _("{card} may go to the discard too: it is neither a King nor a bout.", card=say(missing[0]))
        return Verdict(False, "missed-discardable", capitalized(said), "discard")
    if any(card.is_trump for card in allowed):
        said = _(
            "Every card but the Kings and the bouts, trumps included, "
            "because there are not enough other cards."
        )
    else:
        said = _("Every card but the Kings and the bouts; trumps stay in the hand while other cards can go.")
    return Verdict(True, "all-discardable", said, "discard")


# ------------------------------------------------------------------ bidding and the dog
def _judge_bid(table: Table, answer: object) -> Verdict:
    rnd, seat = table.round, table.seat
    word = str(answer)
    action = Action(seat, ActionKind.PASS) if word == "pass" else Action(seat, ActionKind.BID, word)
    refusal = rnd.why_illegal(action)
    last = rnd.bids[-1].word if rnd.bids else None
    if refusal is not None:
        return Verdict(False, refusal.reason.code, bid_refused(word, last, refusal), "bidding")
    if word == "pass":
        return Verdict(True, "pass", _("You may always pass."), "bidding")
    if last is None:
        said = _("Nobody has bid yet, so {contract} is allowed.", contract=contract_name(word))
        return Verdict(True, "bid", said, "bidding")
    said = _(
        "{contract} is higher than {last}, the last bid, so it is allowed.",
        contract=contract_name(word),
        last=contract_name(last),
    )
    return Verdict(True, "bid", capitalized(said), "bidding")


def bid_refused(word: str, last: str | None, refusal: Refusal) -> str:
    """Why the bid ``word`` is refused after the bid ``last`` (None: nobody has bid yet)."""
    if last is not None:
        return _(
            "Not {contract}: a bid must be higher than the last one ({last}).",
            contract=contract_name(word),
            last=contract_name(last),
        )
    return _("Not {contract}: {reason}.", contract=contract_name(word), reason=refusal.said)


def dog_side(exercise: Mapping[str, Any]) -> str:
    rnd = _any_round(_variant_key(exercise))
    return rnd.rule_dog_side(str(exercise["contract"]))


def _judge_dog(exercise: Mapping[str, Any], answer: object) -> Verdict:
    rnd = _any_round(_variant_key(exercise))
    contract = str(exercise["contract"])
    side = rnd.rule_dog_side(contract)
    name = contract_name(contract)
    if rnd.rule_takes_dog(contract):
        why = _(
            "In a {contract} the taker takes the dog into the hand and lays the same number of cards away: "
            "that discard counts for the taker's side.",
            contract=name,
        )
    elif side == ATTACK:
        why = _(
            "In a {contract} nobody sees the dog; it counts for the taker's side at the end.", contract=name
        )
    else:
        why = _("In a {contract} nobody sees the dog, and it goes to the defence at the end.", contract=name)
    return Verdict(answer == side, "dog-" + side, why, "discard")


# ------------------------------------------------------------------ scoring
def score_of(exercise: Mapping[str, Any]) -> int:
    result = _score_answer(exercise["request"])
    value = result["scores"][str(exercise.get("ask", "taker"))]
    if value is None:
        raise ExerciseError(gettext_lazy("ask: nobody plays that part in this deal"))
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
    if per >= 0:
        paid = _(
            "the contract is worth {worth} = {points}, which each defender pays the taker's side",
            worth=worth,
            points=per,
        )
    else:
        paid = _(
            "the contract is worth {worth} = {points}, which the taker's side pays each defender",
            worth=worth,
            points=-per,
        )
    times = _detail(result, share).partition(" × ")[0]
    parts = [_detail(result, "target"), _detail(result, "difference"), paid]
    if times.isdigit() and times != "1":
        parts.append(_ROLE_SCORES_TIMES[ask](value, times, abs(per)))
    else:
        parts.append(_ROLE_SCORES[ask](value))
    why = clauses([part for part in parts if part])
    given = _number(answer)
    if given == value:
        return Verdict(True, "score", sentence(why), "scoring")
    reason = "wrong-sign" if given == -value else "wrong-score"
    return Verdict(False, reason, _("Not {number}: {reason}.", number=_show(given), reason=why), "scoring")


#: What each role scores, in words: "the taker scores +80".
_ROLE_SCORES: Final[dict[str, Callable[[int], str]]] = {
    "taker": lambda score: _("the taker scores {score:+d}", score=score),
    "partner": lambda score: _("the partner scores {score:+d}", score=score),
    "defender": lambda score: _("each defender scores {score:+d}", score=score),
}
#: The same with the share's working: "the taker scores +160 (2 × 80)".
_ROLE_SCORES_TIMES: Final[dict[str, Callable[[int, str, int], str]]] = {
    "taker": lambda score, times, per: _(
        "the taker scores {score:+d} ({times} × {per})", score=score, times=times, per=per
    ),
    "partner": lambda score, times, per: _(
        "the partner scores {score:+d} ({times} × {per})", score=score, times=times, per=per
    ),
    "defender": lambda score, times, per: _(
        "each defender scores {score:+d} ({times} × {per})", score=score, times=times, per=per
    ),
}


# ------------------------------------------------------------------ the Excuse
def excuse_side(table: Table) -> str:
    note = table.round.count().excuse
    if note is None:
        raise ExerciseError(gettext_lazy("the Excuse was not played in this deal"))
    return note.kept_by


def _judge_excuse(table: Table, answer: object) -> Verdict:
    note = table.round.count().excuse
    if note is None:
        raise ExerciseError(gettext_lazy("the Excuse was not played in this deal"))
    if note.exchange_card is not None:
        why = _(
            "The Excuse stays with its side, which gives {card} (worth half a point) in exchange.",
            card=CardsInWords((note.exchange_card,)),
        )
    else:
        why = sentence(note.said)
    return Verdict(answer == note.kept_by, "excuse-" + note.kept_by, why, "excuse")


# ------------------------------------------------------------------ calling a King
def _judge_call(table: Table, answer: object) -> Verdict:
    rnd, seat = table.round, table.seat
    card = _one_card(answer)
    refusal = rnd.why_illegal(Action(seat, ActionKind.CALL, "", (card,)))
    if refusal is not None:
        return Verdict(False, refusal.reason.code, _not_this(card, refusal), "five-players")
    if card in rnd.hands[seat]:
        why = _(
            "You may call {card}, but you hold it: nobody answers the call, and you play alone against four.",
            card=say(card),
        )
    elif card.rank == 14:
        why = _(
            "A King may always be called: whoever holds {card} is your partner, unknown until it is played.",
            card=say(card),
        )
    elif card.rank == 13:
        why = _("You hold all four Kings, so you may call a Queen: {card}.", card=say(card))
    else:
        why = _("You hold all four Kings, so you may call a Knight: {card}.", card=say(card))
    return Verdict(True, "call", why, "five-players")
