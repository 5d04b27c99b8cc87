"""The "would you bid with this hand?" exercises: the hand judge (:mod:`tarot_core.players.judge`)
plays the hand out over many deals, and every answer within its own uncertainty of the best is right.
"""

from __future__ import annotations

from ..actions import Action, ActionKind
from ..players.judge import CONTRACT_WORDS, Judgement, judge_bid
from .plays import _sentence
from .positions import Table
from .words import Verdict, contract_name

_JUDGEMENTS: dict[tuple[object, ...], Judgement] = {}


def hand_judgement(table: Table) -> Judgement:
    """The hand judge's verdict on the hand of the player to speak (kept, since it takes a moment)."""
    view = table.round.view(table.seat)
    key = (view.variant, view.options, view.dealer, view.seat, view.hand, view.history)
    found = _JUDGEMENTS.get(key)
    if found is None:
        found = _JUDGEMENTS[key] = judge_bid(view)
    return found


def _judge_worth(table: Table, answer: object) -> Verdict:
    rnd, seat = table.round, table.seat
    word = str(answer)
    action = Action(seat, ActionKind.PASS) if word == "pass" else Action(seat, ActionKind.BID, word)
    refusal = rnd.why_illegal(action)
    if refusal is not None:
        last = rnd.bids[-1].word if rnd.bids else None
        message = refusal.message
        if last is not None:
            message = f"a bid must be higher than the last one ({contract_name(last)})"
        return Verdict(
            False, refusal.reason.code, _sentence(f"Not {contract_name(word)}: {message}"), "bidding"
        )
    judgement = hand_judgement(table)
    why = judgement.explain()
    best = judgement.best
    said = CONTRACT_WORDS.get(word, word)
    if word == best.word:
        return Verdict(True, "best-bid", _sentence(why), "hand-judging")
    if judgement.acceptable(word):
        close = (
            f"{said.capitalize()} scores {round(judgement.gap(word))} less than "
            f"{CONTRACT_WORDS.get(best.word, best.word)}, within the judge's own uncertainty "
            f"({round(judgement.margin(word))}), so both are good answers"
        )
        return Verdict(True, "close-bid", _sentence(f"{close}. {why}"), "hand-judging")
    words = [e.word for e in judgement.estimates]
    reason = "bid-too-high" if words.index(word) > words.index(best.word) else "bid-too-low"
    return Verdict(False, reason, _sentence(f"Not {said}: {why[:1].lower()}{why[1:]}"), "hand-judging")
