"""The play page's bridge: one deal against the computer players, JSON text in, JSON text out.

The reader holds one seat; the computer players (:mod:`tarot_core.players`) hold the others. Nothing is
kept here between calls: the page sends the game (its setup and the actions so far, see
:mod:`tutorial.bridge.play_table`) with each call and keeps it in the browser, so a reload goes on where it
was.

Public functions (``str -> str``, the last argument ``options`` a JSON object of display settings, as
for :mod:`tutorial.bridge`):

* :func:`start`: a new game from a setup (address parameters or the form), drawn as HTML;
* :func:`show`: a game drawn again (after a reload);
* :func:`act`: the reader's action (a card, a bid, a call, an announcement), accepted or refused with
  the engine's reason and a link to the rule;
* :func:`advance`: the next computer move, one at a time, so the page can show them at a reader's pace;
* :func:`hint`: what the computer would do in the reader's place, and why, in one sentence;
* :func:`replay_step`: the finished deal, all hands face up, at one step (the replay widget's view);
* :func:`session`: an evening's deals at one table: each player's total, and the session as a score
  sheet;
* :func:`warm_up`: a short search of the strong level on a deal of its own, its answer thrown away,
  run while the reader reads (see its docstring).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, Final

from markupsafe import Markup

from tarot_core.actions import Action
from tarot_core.cards import Card
from tarot_core.engine.round import Round
from tarot_core.engine.view import SeatView
from tarot_core.errors import TarotError
from tarot_core.messages import N_, _, gettext_lazy
from tarot_core.players import make_player
from tarot_core.players.coach import advise
from tarot_core.players.montecarlo import MonteCarloPlayer
from tarot_core.records import HandRecord
from tarot_core.seats import SEATS, Seat
from tarot_core.sheet import SESSION_FIELDS, Deal, Sheet, request_form

from . import calculator, envelope, play_log, play_setup, play_table, templates
from .common import Display
from .play_table import Game, Json
from .replay import replay, score_html, tally_html
from .state import state_of


# ====================================================================================== the end
def record_of(game: Game, rnd: Round) -> HandRecord:
    names = [game.name(seat) for seat in SEATS[: game.players]]
    title = _("Your deal of {rules}, number {seed}", rules=game.variant.title, seed=game.seed)
    return HandRecord.from_round(rnd, players=names, title=title, seed=game.seed)


def end_html(game: Game, rnd: Round, options: str) -> tuple[Markup, Json]:
    """The score with every term, and the scores by seat (for ``data-scores``)."""
    result = rnd.result()
    scores = {str(seat): value for seat, value in result.by_seat.items()}
    record = record_of(game, rnd)
    state = state_of(record, rnd, len(record.actions), None)
    display = Display.parse(options)
    if result.outcome != "played":
        who = game.next_dealer()
        if "passed" in str(result.outcome):
            if who == game.seat:
                void = _("Nobody took: the cards are thrown in, and you deal the next deal.")
            else:
                void = _(
                    "Nobody took: the cards are thrown in, and {who} deals the next deal.", who=game.name(who)
                )
        elif who == game.seat:
            void = _("This deal is void: you deal the next deal.")
        else:
            void = _("This deal is void: {who} deals the next deal.", who=game.name(who))
        return templates.render("play/end.html", void=void), scores
    html = templates.render(
        "play/end.html",
        void="",
        verdict=verdict_words(game, result.by_seat),
        tally=tally_html(state.get("tally"), state),
        score=score_html(state, display),
    )
    return html, scores


def _all_of(names: list[str]) -> str:
    """``Alice and Bruno``: the names, each but the first after "and"."""
    said = names[0] if names else ""
    for name in names[1:]:
        said = _("{names} and {name}", names=said, name=name)
    return said


def verdict_words(game: Game, by_seat: Mapping[Seat, int]) -> str:
    """How the deal went for the reader. Scores that add up to nothing (the French rules) are won or
    lost by their sign; scores that only add (Mathers' game points) by who scored most."""
    mine = by_seat.get(game.seat, 0)
    signed = calculator.signed(mine)
    if any(value < 0 for value in by_seat.values()):
        if mine > 0:
            return _("You win this deal: {score} for you.", score=signed)
        if mine < 0:
            return _("You lose this deal: {score} for you.", score=signed)
        return _("You neither win nor lose: 0.")
    best = max(by_seat.values())
    leaders = [seat for seat, value in by_seat.items() if value == best]
    if mine == best:
        if len(leaders) == 1:
            return _("You score {score}: the best score at the table.", score=signed)
        return _("You score {score}: the best score at the table, shared.", score=signed)
    names = _all_of([game.name(seat) for seat in leaders])
    return _(
        "You score {score}; {names} did best, with {best}.",
        score=signed,
        names=names,
        best=calculator.signed(best),
    )


# ====================================================================================== answers
# Every answer goes through the bridges' one envelope (:mod:`tutorial.bridge.envelope`), compact.
def _dump(data: Json) -> str:
    return envelope.dump(data, compact=True)


def _guarded(work: Callable[[], Json]) -> str:
    """Run ``work``; any refusal answers ``ok: false`` in words, and the round kept for the next call is
    forgotten: the next call replays its game from the deal."""
    return envelope.guarded(work, compact=True, after_refusal=play_table.forget)


def _load(text: str, what: str) -> object:
    try:
        return envelope.load(text, what)
    except envelope.Refused as error:
        raise play_table.PlayError(error.field, error.message) from None


def _uid(options: str) -> str:
    return Display.parse(options).uid


def holds_discard(options: str) -> bool:
    """Whether the page holds a complete discard for the reader's confirmation (the display option
    ``confirm_discard``; a caller without it sees the discard end with its last card)."""
    data = json.loads(options or "{}")
    return isinstance(data, Mapping) and data.get("confirm_discard") is True


def answer_for(game: Game, rnd: Round, options: str, moved: bool = False, confirmed: bool = False) -> Json:
    """What the page draws: the table, the state, the address, and at the end the score; after a move
    (``moved``), the sentence that tells it and the log's lines for it (``told``: the move, then what it
    showed the table and, for the last card of a trick, who won it), else the log of the whole deal
    (``log``). When the page holds the discard (:func:`holds_discard`), a discard the reader has
    completed waits for the reader's confirmation (the state stays ``discarding``, ``discard_pending``)
    unless it is ``confirmed``. Everything comes from the reader's view."""
    view = rnd.view(game.seat)
    state = play_table.widget_state(view)
    hold = holds_discard(options) and not confirmed
    pending = hold and play_table.discard_pending(game, view)
    if pending:
        state = "discarding"
    said = play_table.said_last(game, view) if moved else ""
    data: Json = {
        "game": play_table.game_json(game, view),
        "address": game.address(),
        "state": state,
        "phase": view.phase,
        "waiting": state == "thinking",
        "to_move": str(view.to_move) if view.to_move is not None else None,
        # who deals this deal, and the next one (seat codes the page keeps, never shows)
        "dealers": {"this": str(game.dealer), "next": str(game.next_dealer())},
        "tricks": sum(1 for t in view.tricks if t.complete),
        "html": play_table.table_html(game, rnd, _uid(options), hold=hold),
        "said": said,
        "title": _("{rules}: deal number {seed}", rules=game.variant.title, seed=game.seed),
        "discard_pending": pending,
    }
    if moved:
        told = play_log.log_lines(game, rnd, view, max(0, len(view.history) - 1))
        data["told"] = told[-1] if told else []
    else:
        dealer = _("You deal.") if game.dealer == game.seat else _("{who} deals.", who=game.name(game.dealer))
        data["log"] = [dealer, *(line for lines in play_log.log_lines(game, rnd, view) for line in lines)]
    if state == "over":
        end, scores = end_html(game, rnd, options)
        data["end_html"] = end
        data["scores"] = scores
        data["replay_html"] = templates.render("play/replay.html", steps=len(rnd.actions))
        data["record"] = record_of(game, rnd).to_json()
        data["steps"] = len(rnd.actions)
        data["passed"] = rnd.result().outcome != "played"
        data["deal"] = session_deal(game, rnd)
    return data


# ====================================================================================== the session
def session_deal(game: Game, rnd: Round) -> Json:
    """A finished deal as the session keeps it: the deal's number and dealer, each seat's score, and
    the deal as a score sheet writes it (its score request and who took, with whom), or None where the
    sheet cannot keep it (a deal thrown in, rules the sheet does not know)."""
    result = rnd.result()
    sheet: Json | None = None
    request = rnd.rule_score_request() if result.outcome == "played" else None
    if request is not None and request_form(game.family) is not None:
        request = {k: v for k, v in request.items() if k not in SESSION_FIELDS}
        taker = game.name(rnd.taker) if rnd.taker is not None else None
        partner = game.name(rnd.partner) if rnd.partner is not None and rnd.partner != rnd.taker else None
        sheet = Deal(request, taker, partner).as_dict()
    return {
        "seed": game.seed,
        "dealer": str(game.dealer),
        "scores": {str(seat): value for seat, value in result.by_seat.items()},
        "sheet": sheet,
    }


def _session_game(data: Mapping[str, Any]) -> Game:
    """The table of a session: its rules, players and the reader's seat (the deal's number and the
    level do not matter)."""
    return play_table.read_setup({**data, "seed": "1"})


def _session_names(game: Game) -> dict[str, str]:
    return {str(seat): name for seat, name in game.names().items()}


def _session_sheet(game: Game, deals: list[Mapping[str, Any]]) -> Sheet | None:
    """The session as a score sheet: the deals it can keep, the first dealer that of the first of
    them. None when the sheet cannot keep a deal of it or scores one otherwise than the table did."""
    names = _session_names(game)
    kept = [deal for deal in deals if deal.get("sheet")]
    if not kept or len(kept) != len(deals) or request_form(game.family) is None:
        return None
    try:
        sheet = Sheet.new(
            game.family,
            list(names.values()),
            names.get(str(kept[0].get("dealer")), None),
            _("Deals played against the computer"),
        )
        for deal in kept:
            item = deal["sheet"]
            sheet = sheet.add(Deal(dict(item.get("request", {})), item.get("taker"), item.get("partner")))
    except TarotError:
        return None
    expected = dict.fromkeys(names.values(), 0)
    for deal in kept:
        for seat, value in dict(deal.get("scores", {})).items():
            if seat in names:
                expected[names[seat]] += int(value)
    return sheet if sheet.totals() == expected else None


def session(session_json: str, options: str = "{}") -> str:
    """An evening's deals at one table (``{"variant", "players", "seat", "deals": [...]}``, each deal as
    :func:`session_deal` gives it): each player's total, drawn as a small table, and the session as a
    score sheet (``sheet``: its JSON, or None when the sheet cannot keep every deal of it)."""

    def work() -> Json:
        Display.parse(options)
        data = _mapping(_load(session_json, "session"), "session")
        game = _session_game(data)
        deals = data.get("deals", [])
        if not isinstance(deals, list) or not all(isinstance(d, Mapping) for d in deals):
            raise play_table.PlayError("session", gettext_lazy("a session's deals are a list of deals"))
        names = _session_names(game)
        totals = dict.fromkeys(names, 0)
        for deal in deals:
            scores = deal.get("scores", {})
            if not isinstance(scores, Mapping):
                raise play_table.PlayError("session", gettext_lazy("a session's deals are a list of deals"))
            for seat, value in scores.items():
                if seat in totals and isinstance(value, int) and not isinstance(value, bool):
                    totals[seat] += value
        by_name = {names[seat]: total for seat, total in totals.items()}
        sheet = _session_sheet(game, deals)
        html = templates.render(
            "play/session.html",
            deals=len(deals),
            rows=[
                {
                    "name": names[seat],
                    "total": calculator.signed(total) if total else "0",
                    "me": seat == str(game.seat),
                }
                for seat, total in totals.items()
            ],
        )
        return {
            "totals": by_name,
            "deals": len(deals),
            "html": html,
            "sheet": sheet.to_dict(scores=False) if sheet is not None else None,
        }

    return _guarded(work)


def start(setup_json: str, options: str = "{}") -> str:
    """A new game from a setup (``variant``, ``players``, ``seed``, ``seat``, ``level``)."""

    def work() -> Json:
        game = play_table.read_setup(_mapping(_load(setup_json, "setup"), "setup"))
        rnd = play_table.round_of(game)
        return answer_for(game, rnd, options)

    return _guarded(work)


#: What a bridge says when a JSON argument is not an object, by the argument.
NOT_AN_OBJECT: Final = {
    "setup": N_("the setup is a JSON object"),
    "choice": N_("the choice is a JSON object"),
    "session": N_("the session is a JSON object"),
}


def _mapping(data: object, what: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise play_table.PlayError(what, gettext_lazy(NOT_AN_OBJECT[what]))
    return data


def show(game_json: str, options: str = "{}") -> str:
    """A saved game drawn again."""

    def work() -> Json:
        game = play_table.restored(play_table.read_game(_load(game_json, "game")))
        return answer_for(game, play_table.round_of(game), options)

    return _guarded(work)


def _reader_action(game: Game, view: SeatView, choice: Mapping[str, Any]) -> Action:
    if "card" in choice:
        text = str(choice["card"])
        try:
            card = Card.parse(text)
        except TarotError as error:
            raise play_table.PlayError("card", str(error)) from None
        kind = play_table.hand_kind(view) or ("discard" if view.phase == "discard" else "play")
        return Action(game.seat, kind, "", (card,))
    text = str(choice.get("action", ""))
    try:
        action = Action.parse(text, game.players)
    except TarotError as error:
        raise play_table.PlayError("action", str(error)) from None
    if action.seat != game.seat:
        raise play_table.PlayError(
            "action", gettext_lazy("that is for {who} to do, not you", who=game.name(action.seat))
        )
    return action


def act(game_json: str, choice_json: str, options: str = "{}") -> str:
    """The reader's action: ``{"card": "HK"}`` (play, discard or hand over the card, as the moment asks),
    ``{"action": "p2 bid garde"}``, ``{"undo": true}`` (take back the last card laid away) or
    ``{"confirm": true}`` (confirm a complete discard)."""

    def work() -> Json:
        game = play_table.restored(play_table.read_game(_load(game_json, "game")))
        choice = _mapping(_load(choice_json, "choice"), "choice")
        rnd = play_table.round_of(game)
        view = rnd.view(game.seat)
        if choice.get("confirm"):
            if not (holds_discard(options) and play_table.discard_pending(game, view)):
                raise play_table.PlayError("confirm", gettext_lazy("there is no discard to confirm now"))
            return {**answer_for(game, rnd, options, confirmed=True), "accepted": True}
        if choice.get("undo"):
            if not play_table.undoable(game, view, hold=holds_discard(options)):
                raise play_table.PlayError(
                    "undo", gettext_lazy("there is no card of your discard to take back now")
                )
            back = replace(game, actions=game.actions[:-1])
            return {**answer_for(back, play_table.round_of(back), options), "accepted": True}
        if view.phase == "over":
            raise play_table.PlayError(
                "action", gettext_lazy("the deal is over: deal again or start a new deal")
            )
        if not view.my_turn:
            assert view.to_move is not None
            raise play_table.PlayError(
                "action", gettext_lazy("it is {who}'s turn, not yours", who=game.name(view.to_move))
            )
        action = _reader_action(game, view, choice)
        refusal = rnd.why_illegal(action)
        if refusal is not None:
            display = Display.parse(options)
            url = display.refusal_url(refusal.reason.code, refusal.reason.rule, game.family)
            # The engine's reason begins the sentence the page shows.
            said = play_table.named(game, refusal.message[:1].upper() + refusal.message[1:])
            return {
                **answer_for(game, rnd, options),
                "accepted": False,
                "refusal": said,
                "refusal_html": templates.render("play/refusal.html", reason=said, rule_url=url),
                "reason": refusal.reason.code,
                "rule_url": url,
                "card": str(action.card) if action.cards else "",
            }
        moved = play_table.with_action(game, rnd, action)
        return {
            **answer_for(moved, rnd, options, moved=True),
            "accepted": True,
        }

    return _guarded(work)


def advance(game_json: str, options: str = "{}") -> str:
    """The next computer move (one action), with the sentence that announces it."""

    def work() -> Json:
        game = play_table.restored(play_table.read_game(_load(game_json, "game")))
        rnd = play_table.round_of(game)
        mover = rnd.to_move
        if mover is None or mover == game.seat:
            return answer_for(game, rnd, options)
        player = play_table.player_for(game.level)
        action = player.decide(rnd.view(mover), play_table.rng_for(game, "move"))
        moved = play_table.with_action(game, rnd, action)
        answer = answer_for(moved, rnd, options, moved=True)
        # How many deals the player played out to choose, and whether its time ran out first (the Monte
        # Carlo level; for the benchmark).
        answer["playouts"] = getattr(player, "playouts_run", 0)
        answer["stopped_early"] = bool(getattr(player, "stopped_early", 0))
        return answer

    return _guarded(work)


def hint(game_json: str, options: str = "{}") -> str:
    """What the computer would do in the reader's place, and why, in one sentence, with the page that
    teaches the principle: ``{"hint": ..., "action": ..., "card": ..., "principle": {"page":
    "strategy/petit", "text": "Saving the Petit, and hunting it"}}`` (the page's path under the docs,
    without suffix; the page draws the link). The strong level's hint comes from its search, worded by
    the coach (:mod:`tarot_core.players.coach`); the other levels' from the rule-based player."""

    def work() -> Json:
        Display.parse(options)  # the hint draws nothing, but its settings are checked as every call's
        game = play_table.restored(play_table.read_game(_load(game_json, "game")))
        rnd = play_table.round_of(game)
        view = rnd.view(game.seat)
        if not view.my_turn:
            raise play_table.PlayError("hint", gettext_lazy("a hint comes on your turn"))
        player = play_table.player_for(game.level) if game.level == "mc" else make_player("rule")
        advice = advise(view, player, play_table.rng_for(game, "hint"))
        text = _hint_words(game, advice.sentence, advice.action)
        data: Json = {
            "hint": text,
            "action": str(advice.action),
            "principle": advice.principle.as_dict(),
        }
        if advice.action.cards and advice.action.kind != "call":
            data["card"] = str(advice.action.card)
        return data

    return _guarded(work)


def _hint_words(game: Game, sentence: str, action: Action) -> str:
    """The player's sentence in the first person: ``I would play the King of Hearts: ...``"""
    _said, _colon, reason = sentence.partition(": ")
    advice = play_table.advice(game, action)
    if reason:
        return _("{advice}: {reason}", advice=advice, reason=reason)
    return _("{advice}.", advice=advice)


# ====================================================================================== warming up
#: The play-outs of one warm-up call: about a fifth of a second in a fresh page of a slow machine.
WARM_UP_PLAYOUTS: Final = 12
#: The warm-up positions: a deal taken by the club players, after this many cards (so that the first
#: trick and the later ones both run), each built once.
WARM_UP_CARDS: Final = (6, 21, 35)
_WARM_UP: dict[int, Round] = {}
_WARM_UPS = [0]


def _warm_up_round(cards: int) -> Round:
    """A round of the page's default rule set for four that the club players took, after ``cards``
    cards played or a few more, at a player with three cards to choose from at least."""
    kept = _WARM_UP.get(cards)
    if kept is not None:
        return kept
    variant = play_table.read_setup({"players": 4, "seed": 1}).variant
    rule = make_player("rule")
    seed = 0
    while True:  # about every other deal is taken
        seed += 1
        rnd = variant.deal_round(play_table.DEALER, seed)
        # ... and on, to a player with a choice of three cards at least.
        while not rnd.is_over and (
            sum(a.kind == "play" for a in rnd.actions) < cards or len(rnd.legal_actions()) < 3
        ):
            seat = rnd.to_move
            assert seat is not None
            rnd.push(rule.decide(rnd.view(seat), random.Random(seed)))
        if not rnd.is_over:
            _WARM_UP[cards] = rnd
            return rnd


def warm_up(options: str = "{}") -> str:
    """One card choice of the strong level, on a deal of its own (not the reader's), at a small budget;
    the answer says only that it ran.

    The first searches in a fresh page run several times slower than the later ones (in Chromium the
    browser compiles the interpreter's hottest code better only once it has run a while): the first
    card plays of a page's first deal took over a second each, the later ones about a quarter of one.
    The play page calls this a few times while the reader reads the deal, at the strong level only,
    and stops as soon as the reader acts; nothing of the reader's game is touched (the round kept
    for the next call stays as it was)."""

    def work() -> Json:
        Display.parse(options)
        turn = _WARM_UPS[0]
        _WARM_UPS[0] = turn + 1
        rnd = _warm_up_round(WARM_UP_CARDS[turn % len(WARM_UP_CARDS)])
        seat = rnd.to_move
        assert seat is not None
        view = rnd.view(seat)
        MonteCarloPlayer(playouts=WARM_UP_PLAYOUTS).decide(view, random.Random(turn))
        return {}

    return _guarded(work)


def replay_step(game_json: str, step: int | str, options: str = "{}") -> str:
    """The finished deal at ``step``, all hands face up, drawn as the replay widget draws it."""

    def work() -> Json:
        game = play_table.restored(play_table.read_game(_load(game_json, "game")))
        rnd = play_table.round_of(game)
        if not rnd.is_over:
            raise play_table.PlayError("step", gettext_lazy("the deal is not over yet"))
        answer = json.loads(replay(record_of(game, rnd).to_json(), step, "all", options))
        if not answer.get("ok"):
            raise play_table.PlayError("step", str(answer.get("message", "")))
        return {"html": answer["html"], "step": answer["step"], "steps": answer["steps"]}

    return _guarded(work)


def page_messages() -> dict[str, str]:
    """The sentences the page's script writes itself, in the page's language, by name (the questions
    it asks before it leaves a deal in progress or clears the session, with their answers); the script
    fills in their placeholders (``{step}``, ``{steps}``, ``{hint}``, ``{error}``)."""
    return {
        "resumed": _("The deal goes on where you left it."),
        "thinking": _("Thinking about your best move…"),
        "hint": _("Hint: {hint}"),
        "step": _("Step {step} of {steps}"),
        "failed": _("The deal could not start: {error}"),
        "no_engine": _("The computer players could not start in this browser ({error})."),
        "leave": _("A deal is in progress: leave it? It does not count in the session's totals."),
        "leave_yes": _("Leave the deal"),
        "leave_no": _("Go on playing"),
        "link": _("You opened a link to another deal while one is in progress here: open the linked deal?"),
        "link_yes": _("Open the linked deal"),
        "link_no": _("Go on with this one"),
        "link_refused": _(
            "This link could not be followed as it is: {reason}. The page dealt with its own choice instead."
        ),
        "new_session": _("Start a new session? The totals so far are cleared."),
        "new_session_yes": _("Clear the totals"),
        "new_session_no": _("Keep them"),
        "no_sheet": _("The score sheet cannot keep this session's deals."),
        # The review of a finished deal (play-review.mjs).
        "review_start": _("Review this deal"),
        "review_note": _(
            "Each of your decisions is judged from what you could see at that moment; then the computer "
            "plays your seat on the same cards."
        ),
        "review_progress": _("Reviewing your decisions: {done} of {total} done…"),
        "review_found": _("Decisions that cost points: {n}. The costliest comes first."),
        "review_clean": _("No decision of yours cost points that the review could be sure of."),
        "review_praise": _("The only good choice, and you found it:"),
        "try_again": _("Try again from here"),
        "duplicate_wait": _("The computer now plays your seat on the same cards…"),
    }


def first_state(setup: Mapping[str, Any], options: str = "{}") -> Json:
    """The widget as the page is built: the deal of the setup, before anybody has moved, the setup's
    form, and the sentences of the page's script (``messages``)."""
    game = play_table.read_setup(setup)
    data = answer_for(game, play_table.round_of(game), options)
    data["setup_html"] = play_setup.setup_html(_uid(options), game)
    data["messages"] = page_messages()
    return data
