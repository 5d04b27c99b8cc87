"""The "would you bid with this hand?" exercises: the hand judge (:mod:`tarot_core.players.judge`)
plays the hand out over many deals, and every answer within its own uncertainty of the best is right.
"""

from __future__ import annotations

from ..actions import Action, ActionKind
from ..errors import TarotError
from ..messages import _
from ..players.bidding import contract_words, often
from ..players.judge import Judgement, judge_bid, judgement_from_json, judgement_json
from .counting import bid_refused
from .positions import Table
from .words import Verdict, capitalized, sentence

_JUDGEMENTS: dict[tuple[object, ...], Judgement] = {}


def _key(table: Table) -> str:
    """What a judgement is the judgement of: the rule set, the seat, its hand and what was said."""
    view = table.round.view(table.seat)
    history = "; ".join(str(action) for action in view.history)
    hand = " ".join(str(card) for card in view.hand)
    return f"{view.variant} {sorted(view.options)} {view.dealer} {view.seat} | {hand} | {history}"


def hand_judgement(table: Table, kept: object = None) -> Judgement:
    """The hand judge's verdict on the hand of the player to speak (kept, since it takes a moment).

    ``kept`` is the judgement the site's build worked out for the exercise (:func:`prepared`), which
    the reader's browser then need not work out again (over ten seconds on a phone): it is used when it
    is the judgement of this very hand and reads back whole; anything else is set aside and the hand
    judged afresh, so a kept judgement can never give another hand's verdict."""
    view = table.round.view(table.seat)
    key = (view.variant, view.options, view.dealer, view.seat, view.hand, view.history)
    found = _JUDGEMENTS.get(key)
    if found is not None:
        return found
    if isinstance(kept, dict) and kept.get("of") == _key(table):
        try:
            found = judgement_from_json(kept.get("judgement"), view)
        except TarotError:
            found = None
    if found is None:
        found = judge_bid(view)
    _JUDGEMENTS[key] = found
    return found


def prepared(table: Table) -> dict[str, object]:
    """The judgement of the exercise's hand, worked out now, as the exercise keeps it (its ``kept``
    key): what the hand is, and the judgement."""
    return {"of": _key(table), "judgement": judgement_json(hand_judgement(table))}


def _judge_worth(table: Table, answer: object, kept: object = None) -> Verdict:
    rnd, seat = table.round, table.seat
    word = str(answer)
    action = Action(seat, ActionKind.PASS) if word == "pass" else Action(seat, ActionKind.BID, word)
    refusal = rnd.why_illegal(action)
    if refusal is not None:
        last = rnd.bids[-1].word if rnd.bids else None
        return Verdict(False, refusal.reason.code, bid_refused(word, last, refusal), "bidding")
    judgement = hand_judgement(table, kept)
    why = judgement.explain()
    best = judgement.best
    said = contract_words(word)
    if word == best.word:
        return Verdict(True, "best-bid", sentence(why), "hand-judging")
    if judgement.acceptable(word) and judgement.gap(word) < 0:
        estimate = judgement.estimate(word)
        close = _(
            "{bid} scores {gap} more than {best} on average, but it is made {often}, so close to too "
            "seldom for its stakes that the judge cannot tell the two apart: both are good answers. {why}",
            bid=said,
            gap=round(-judgement.gap(word)),
            best=contract_words(best.word),
            often=often(estimate.made or 0.0),
            why=why,
        )
        return Verdict(True, "close-bid", sentence(close), "hand-judging")
    if judgement.acceptable(word):
        close = _(
            "{bid} scores {gap} less than {best}, within the judge's own uncertainty ({margin}), "
            "so both are good answers. {why}",
            bid=said,
            gap=round(judgement.gap(word)),
            best=contract_words(best.word),
            margin=round(judgement.margin(word)),
            why=why,
        )
        return Verdict(True, "close-bid", sentence(close), "hand-judging")
    words = [e.word for e in judgement.estimates]
    reason = "bid-too-high" if words.index(word) > words.index(best.word) else "bid-too-low"
    # The judge's sentence follows a colon here: its first letter is a small one.
    refused = _("Not {bid}: {why}.", bid=said, why=why[:1].lower() + why[1:])
    return Verdict(False, reason, capitalized(refused), "hand-judging")
