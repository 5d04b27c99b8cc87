"""The engine's verdict on any answer to an exercise, and the right answers themselves."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import format_points
from ..messages import gettext_lazy
from .counting import (
    _judge_bid,
    _judge_call,
    _judge_count,
    _judge_discard,
    _judge_discardable,
    _judge_dog,
    _judge_excuse,
    _judge_made,
    _judge_score,
    _judge_target,
    _score_answer,
    discardable,
    dog_side,
    excuse_side,
    pile_half_points,
    score_of,
    target_of,
)
from .drills import DRILL_KINDS, drill_answers, judge_drill
from .plays import _judge_legal, _judge_play, _judge_winner, _trick_with, legal_cards, trick_winner
from .positions import Records, table_for
from .words import KINDS, ExerciseError, Verdict
from .worth import _judge_worth, prepared


# ====================================================================================== judging
def judge(exercise: Mapping[str, Any], answer: object, records: Records | None = None) -> Verdict:
    """The engine's verdict on ``answer`` to ``exercise``."""
    kind = exercise.get("kind")
    if kind not in KINDS:
        raise ExerciseError(
            gettext_lazy(
                "kind: {kind} is not a question kind ({kinds})", kind=repr(kind), kinds=", ".join(KINDS)
            )
        )
    table = table_for(exercise, records)
    if kind == "count":
        return _judge_count(exercise, answer)
    if kind == "target":
        return _judge_target(exercise, answer)
    if kind == "made":
        return _judge_made(exercise, answer)
    if kind == "dog":
        return _judge_dog(exercise, answer)
    if kind == "score":
        return _judge_score(exercise, answer)
    assert table is not None
    if kind in DRILL_KINDS:
        return judge_drill(exercise, table, answer)
    if kind == "play":
        return _judge_play(exercise, table, answer)
    if kind == "legal":
        return _judge_legal(table, answer)
    if kind == "winner":
        return _judge_winner(table, answer)
    if kind == "discard":
        return _judge_discard(table, answer)
    if kind == "discardable":
        return _judge_discardable(table, answer)
    if kind == "bid":
        return _judge_bid(table, answer)
    if kind == "excuse":
        return _judge_excuse(table, answer)
    if kind == "worth":
        return _judge_worth(table, answer, exercise.get("kept"))
    return _judge_call(table, answer)


def kept_work(exercise: Mapping[str, Any], records: Records | None = None) -> dict[str, object]:
    """What the site's build works out for ``exercise`` so that the reader's browser need not, as keys
    to add to the exercise: for a ``worth`` hand, the hand judge's verdict (``kept``: over ten seconds
    in a phone's browser, instant once kept); nothing for the other kinds."""
    if exercise.get("kind") != "worth":
        return {}
    table = table_for(exercise, records)
    assert table is not None
    return {"kept": prepared(table)}


def right_answers(exercise: Mapping[str, Any], records: Records | None = None) -> list[object]:
    """Every answer the engine accepts, derived from the rules (for tests and for checking a lesson):
    one entry per accepted answer for single answers, one list for a set of cards."""
    kind = exercise.get("kind")
    table = table_for(exercise, records)
    if kind == "count":
        return [format_points(pile_half_points(exercise))]
    if kind == "target":
        return [str(target_of(exercise))]
    if kind == "made":
        request = {"variant": "fft", "players": 4, "contract": "garde", **dict(exercise.get("request", {}))}
        return ["made" if _score_answer(request)["won"] else "lost"]
    if kind == "dog":
        return [dog_side(exercise)]
    if kind == "score":
        return [str(score_of(exercise))]
    assert table is not None
    if kind in DRILL_KINDS:
        return drill_answers(str(kind), table)
    if kind == "play":
        cards = legal_cards(table)
        if exercise.get("goal") == "win":
            cards = [c for c in cards if _trick_with(table.round, (table.seat, c)).ahead == table.seat]
        return [str(card) for card in cards]
    if kind == "legal":
        return [[str(card) for card in legal_cards(table)]]
    if kind == "winner":
        return [str(trick_winner(table))]
    if kind == "discardable":
        return [[str(card) for card in discardable(table)]]
    if kind == "discard":
        return [[str(card) for card in discardable(table)[: table.round.variant.dog_size]]]
    if kind == "bid":
        return [c for c in exercise.get("choices", []) if judge(exercise, c, records).right]
    if kind == "excuse":
        return [excuse_side(table)]
    if kind in ("call", "worth"):
        return [c for c in exercise.get("choices", []) if judge(exercise, c, records).right]
    raise ExerciseError(gettext_lazy("kind: {kind}", kind=repr(kind)))  # pragma: no cover
