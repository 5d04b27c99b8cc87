"""The play page's review of a finished deal, and the same cards played by the computer in the reader's seat.

The review runs in the page's worker one decision at a time, so the page shows its progress and stays
free: :func:`plan` lists the reader's decisions (their places in the deal's record), :func:`judge` judges
one (:mod:`tarot_core.review`: from the reader's view at that moment, never from the cards the end of
the deal showed). :func:`duplicate` plays the same deal again with the strong computer player in the
reader's seat and the same opponents, and answers both scores, as duplicate bridge compares a table's
result with another's on the same cards.

Each answer is JSON (``"schema": 1``, ``"ok"``); a game that is not over, or not a game, is refused in
words like every bridge's input.
"""

from __future__ import annotations

from dataclasses import replace

from tarot_core.engine.round import Round
from tarot_core.messages import _, gettext_lazy
from tarot_core.review import decisions
from tarot_core.review import judge as judge_decision

from . import envelope, play_table
from .play_table import Game, Json


def _over(game_json: str, options: str) -> tuple[Game, Round]:
    """The finished game, after the display settings are checked (nothing is drawn with them)."""
    try:
        envelope.mapping(envelope.load(options, "options", empty="{}"), "options")
        data = envelope.load(game_json, "game")
    except envelope.Refused as error:
        raise play_table.PlayError(error.field, error.message) from None
    game = play_table.restored(play_table.read_game(data))
    rnd = play_table.round_of(game)
    if not rnd.is_over:
        raise play_table.PlayError("game", gettext_lazy("a deal is reviewed once it is over"))
    return game, rnd


def _notation(actions: tuple[object, ...]) -> str:
    return "; ".join(str(action) for action in actions)


def plan(game_json: str, options: str = "{}") -> str:
    """The reader's decisions in the finished deal: ``{"steps": [...]}``, each the index in the deal's
    record of the decision's first action."""

    def work() -> Json:
        game, rnd = _over(game_json, options)
        return {"steps": [decision.step for decision in decisions(rnd, game.seat)]}

    return envelope.guarded(work, compact=True, after_refusal=play_table.forget)


def judge(game_json: str, step: str, options: str = "{}") -> str:
    """The verdict on the reader's decision at ``step`` (an index :func:`plan` gave): ``{"step", "cost",
    "margin", "costly", "only_good", "played", "better", "text", "principle"}``. ``played`` and ``better``
    are in the engine's notation (a discard's cards joined by "; "); ``cost`` in points, > 0 when the
    choice was costly; ``principle`` the page that teaches the better choice."""

    def work() -> Json:
        game, rnd = _over(game_json, options)
        try:
            wanted = int(step)
        except ValueError:
            raise play_table.PlayError("step", gettext_lazy("a step is a whole number")) from None
        found = next((d for d in decisions(rnd, game.seat) if d.step == wanted), None)
        if found is None:
            raise play_table.PlayError("step", gettext_lazy("the reader made no decision at this step"))
        base = game.variant.deal_round(game.dealer, game.seed)
        for action in rnd.actions[:wanted]:
            base.push(action)
        rng = play_table.rng_for(replace(game, actions=game.actions[:wanted]), "review")
        verdict = judge_decision(base, game.seat, found, rng, names=game.names())
        return {
            "step": verdict.step,
            "cost": round(verdict.cost, 1) if verdict.costly else 0,
            "margin": round(verdict.margin, 1),
            "costly": verdict.costly,
            "only_good": verdict.only_good,
            "played": _notation(found.actions),
            "better": _notation(verdict.better) if verdict.better is not None else "",
            "text": str(verdict.words),
            "principle": verdict.principle.as_dict(),
        }

    return envelope.guarded(work, compact=True, after_refusal=play_table.forget)


def duplicate(game_json: str, options: str = "{}") -> str:
    """The same deal with the strong computer player in the reader's seat and the same opponents:
    ``{"your_score", "computer_score", "text"}`` (the reader's seat's scores)."""

    def work() -> Json:
        game, rnd = _over(game_json, options)
        yours = rnd.result().by_seat[game.seat]
        again = replace(game, actions=())
        table = game.variant.deal_round(game.dealer, game.seed)
        strong = play_table.player_for("mc")
        others = play_table.player_for(game.level)
        while not table.is_over:
            mover = table.to_move
            assert mover is not None
            player = strong if mover == game.seat else others
            action = player.decide(table.view(mover), play_table.rng_for(again, "move"))
            table.push(action)
            again = replace(again, actions=(*again.actions, str(action)))
        computer = table.result().by_seat[game.seat]
        if computer == yours:
            text = _("On the same cards, the computer in your seat scored the same: {score}.", score=computer)
        else:
            text = _(
                "On the same cards, the computer in your seat scored {computer}; you scored {yours}.",
                computer=computer,
                yours=yours,
            )
        return {"your_score": yours, "computer_score": computer, "text": text}

    return envelope.guarded(work, compact=True, after_refusal=play_table.forget)


__all__ = ["duplicate", "judge", "plan"]
