"""The lessons' bridge: an exercise drawn as HTML, and the engine's verdict on an answer, JSON in and out.

Like :mod:`tutorial.bridge` (whose card pictures it uses), it runs in CPython (the Sphinx build draws
each exercise with it, the tests call it) and in the browser's worker, where the bridge is a top-level
module. It decides nothing: :mod:`tarot_core.exercises` judges every answer.

Public functions (``str -> str``):

* :func:`exercise` takes an exercise (the JSON object of its lesson file) and answers with its HTML;
* :func:`check` takes an exercise and an answer (a card code, a list of card codes, a number as typed
  or a choice) and answers with the verdict (``right`` or ``wrong``), its reason code, the engine's
  sentence, the ``stage`` the exercise is at and the HTML of the feedback, with a link to the rule.

The stages of a lesson's exercise: ``right``; ``pointer`` after a first wrong answer (the rule that
applies, named and linked, and nothing of the answer: the reader tries again); ``shown`` after a
second one (the engine's reason, its answer and why). A drill (``drill-play``, ``drill-discard``) is
``right`` when the reader chose as the computer player does, ``compared`` for another legal choice
(both end it, showing the computer player's choice and why) and ``refused`` for an answer the rules
refuse (the rule, and the reader tries again).

The last argument, ``options``, is a JSON object of display settings: ``uid`` (prefix of the HTML ids),
``rules`` (rule label, such as ``rule-must-follow-suit``, to the URL of its page), ``titles`` (rule
label to the title of its section) and ``wrong_before`` (how many wrong answers the reader has given
to this exercise already).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from markupsafe import Markup

from tarot_core.cards import Card, parse_cards, sort_hand
from tarot_core.exercises import (
    ExerciseError,
    Table,
    contract_name,
    judge,
    pile,
    right_answers,
    say,
    say_all,
    table_for,
)
from tarot_core.exercises.drills import DRILL_KINDS, OTHER_CHOICE, computer_choice
from tarot_core.exercises.positions import whole
from tarot_core.exercises.words import NAMES, seat_name
from tarot_core.messages import N_, Number, _, gettext_lazy, join_or, ngettext, ngettext_lazy
from tarot_core.records import HandRecord
from tarot_core.seats import ATTACK, DEFENCE

from . import envelope
from .common import card_button, card_html, card_noun, counted, engine_messages
from .state import get_record
from .templates import render_macro

SCHEMA: Final = 1
Json = dict[str, Any]

#: What a choice button says, by the value it sends.
CHOICE_LABELS: Final = {
    ATTACK: N_("The taker's side"),
    DEFENCE: N_("The defence"),
    "made": N_("Made"),
    "lost": N_("Lost"),
}

#: The button that sends the answer, by kind.
SUBMIT_LABELS: Final = {
    "legal": N_("Check these cards"),
    "discard": N_("Lay these cards away"),
    "discardable": N_("Check these cards"),
    "count": N_("Check"),
    "target": N_("Check"),
    "score": N_("Check"),
}

#: A bid on its button, by its code.
BID_LABELS: Final = {
    "pass": N_("Pass"),
    "prise": N_("Prise"),
    "garde": N_("Garde"),
    "garde-sans": N_("Garde sans"),
    "garde-contre": N_("Garde contre"),
}

#: The piece of an exercise's HTML each function of the template draws.
PIECES: Final = "lessons/exercise.html"


def _piece(macro: str, *args: object) -> Markup:
    return render_macro(PIECES, macro, *args)


def _records(name: str) -> HandRecord:
    return get_record(name)[1]


# Every answer goes through the bridges' one envelope (:mod:`tutorial.bridge.envelope`).
def _dump(data: Json) -> str:
    return envelope.dump(data)


def _options(text: str) -> tuple[str, Mapping[str, str]]:
    data = _settings(text)
    uid = "".join(ch for ch in str(data.get("uid") or "ex") if ch.isalnum() or ch in "-_") or "ex"
    return uid, _strings(data.get("rules"))


def _settings(text: str) -> Mapping[str, Any]:
    return envelope.mapping(envelope.load(text, "options", empty="{}"), "options")


def _strings(value: object) -> dict[str, str]:
    return {str(k): str(v) for k, v in value.items()} if isinstance(value, Mapping) else {}


def _wrong_before(data: Mapping[str, Any]) -> int:
    value = data.get("wrong_before", 0)
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def _exercise(text: str) -> Mapping[str, Any]:
    return envelope.mapping(envelope.load(text, "exercise"), "exercise")


def _guarded(work: Callable[[], Json]) -> str:
    return envelope.guarded(work)


# ====================================================================================== drawing
def _cards_row(cards: Sequence[Card], label: str) -> Markup:
    return _piece("cards_row", [card_html(card) for card in cards], label)


def _buttons(cards: Sequence[Card], label: str, uid: str, *, toggle: bool) -> Markup:
    buttons = [card_button(card, uid, pressed=False if toggle else None) for card in cards]
    return _piece("hand", buttons, label)


def _trick_html(table: Table, *, buttons: bool = False, uid: str = "", taker: bool = False) -> Markup:
    """The trick so far; with ``taker``, the taker's name says so (a drill's choice depends on it)."""
    trick = table.round.current

    def who(seat: Any) -> str:
        name = seat_name(table.name(seat))
        return _("{name} (taker)", name=name) if taker and seat == table.round.taker else name

    plays = [
        (card_button(card, uid) if buttons else card_html(card), who(seat))
        for seat, card in (trick.plays if trick is not None else ())
    ]
    label = _("The trick, in playing order") if buttons else _("The trick so far, in playing order")
    return _piece("trick", plays, uid, label)


def _choices(values: Sequence[str], labels: Mapping[str, str]) -> Markup:
    return _piece("choices", [(value, labels.get(value, value)) for value in values])


def _number_input(uid: str, label: str, kind: str) -> Markup:
    # A phone's decimal keypad has no minus sign: a score, which may be negative, takes the full keyboard.
    return _piece("number_input", uid, label, _(SUBMIT_LABELS.get(kind, N_("Check"))), kind != "score")


def _submit(kind: str) -> Markup:
    return _piece("submit", _(SUBMIT_LABELS.get(kind, N_("Check"))))


def _side(value: str) -> str:
    return _("the taker's side") if value == ATTACK else _("the defence")


def _handful(item: object) -> str:
    """A handful in the deal's facts: ``the taker's side, simple``."""
    side, colon, size = str(item).partition(":")
    if colon and side == ATTACK:
        return _("the taker's side, {size}", size=size)
    if colon and side == DEFENCE:
        return _("the defence, {size}", size=size)
    return str(item)


def _number(value: object) -> object:
    """A number of the exercise as the reader's language writes it (other values as they are)."""
    return Number(value) if isinstance(value, int | float) and not isinstance(value, bool) else value


def _facts(request: Mapping[str, Any]) -> Markup:
    rows: list[tuple[str, object]] = [(_("Players"), request.get("players", 4))]
    rows.append((_("Contract"), contract_name(str(request.get("contract", "garde")))))
    if "oudlers" in request:
        rows.append((_("Bouts in the taker's cards"), request["oudlers"]))
    if "points" in request:
        rows.append((_("Card points of the taker's side"), _number(request["points"])))
    for key, label in (("petit_au_bout", _("Petit au bout")), ("slam", _("Slam"))):
        if request.get(key):
            rows.append((label, _side(str(request[key]))))
    for item in request.get("handfuls", []) or []:
        rows.append((_("Handful"), _handful(item)))
    return _piece("facts", [(key, str(value)) for key, value in rows])


def _bidding(table: Table) -> Markup:
    said = [(seat_name(table.name(a.seat)), contract_name(a.word or a.kind)) for a in table.round.actions]
    return _piece("bidding", said)


def _bids(data: Mapping[str, Any]) -> Markup:
    choices = [str(c) for c in data.get("choices", [])]
    labels = {c: _(BID_LABELS[c]) if c in BID_LABELS else contract_name(c).capitalize() for c in choices}
    return _choices(choices, labels)


def _choice_labels() -> dict[str, str]:
    return {value: _(label) for value, label in CHOICE_LABELS.items()}


def _your_hand(table: Table, kind: str, uid: str) -> Markup:
    """The hand asked to play: its caption says whose it is and what to choose."""
    hand = sort_hand(table.round.hands[table.seat])
    name = table.name(table.seat)
    mine = name == NAMES[0]  # you, at the lesson table; a player of a sample deal by name
    whose = _("Your hand") if mine else _("{name}'s hand", name=name)
    if kind == "play":
        caption = _("Your hand: choose a card") if mine else _("{name}'s hand: choose a card", name=name)
    elif mine:
        caption = _("Your hand: choose every card that may be played")
    else:
        caption = _("{name}'s hand: choose every card that may be played", name=name)
    return Markup("").join([_piece("caption", caption), _buttons(hand, whose, uid, toggle=kind == "legal")])


def _excuse(table: Table, uid: str) -> list[Markup]:
    rnd = table.round
    note = rnd.count().excuse
    assert note is not None and rnd.taker is not None
    trick = rnd.tricks[note.trick]
    assert trick.winner is not None
    plays = [
        (
            card_html(card),
            _("{name} (taker)", name=table.name(seat)) if seat == rnd.taker else table.name(seat),
        )
        for seat, card in trick.plays
    ]
    number, total = note.trick + 1, rnd.variant.hand_size
    label = (
        _("Trick {number} of {total} (the last trick)", number=number, total=total)
        if note.trick == total - 1
        else _("Trick {number} of {total}", number=number, total=total)
    )
    won_before = sum(
        1
        for t in rnd.tricks[: note.trick]
        if t.winner is not None and rnd.side_of(t.winner) == rnd.side_of(note.seat)
    )
    story = ngettext(
        "{taker} is the taker, playing alone against the others. {player} plays the Excuse; {winner} wins "
        "the trick. Before this trick, {player}'s side had won {n} trick.",
        "{taker} is the taker, playing alone against the others. {player} plays the Excuse; {winner} wins "
        "the trick. Before this trick, {player}'s side had won {n} tricks.",
        won_before,
        taker=table.name(rnd.taker),
        player=table.name(note.seat),
        winner=table.name(trick.winner),
    )
    return [
        _piece("trick", plays, uid, label),
        _piece("note", story),
        _choices([ATTACK, DEFENCE], _choice_labels()),
    ]


def exercise_html(data: Mapping[str, Any], uid: str) -> Markup:
    """The position and the answer controls of one exercise."""
    kind = str(data.get("kind"))
    table = table_for(data, _records)
    parts: list[Markup] = []
    if kind in ("play", "legal", "drill-play"):
        assert table is not None
        parts.append(_trick_html(table, uid=uid, taker=kind == "drill-play"))
        if table.round.called is not None:
            parts.append(_piece("note", _("The taker called {card}.", card=card_noun(table.round.called))))
        parts.append(_your_hand(table, "play" if kind == "drill-play" else kind, uid))
        if kind == "legal":
            parts.append(_submit(kind))
    elif kind == "winner":
        assert table is not None
        parts.append(_trick_html(table, buttons=True, uid=uid))
    elif kind in ("count", "made") or (kind == "target" and "cards" in data):
        if "cards" in data:
            parts.append(_cards_row(pile(data), _("The cards")))
        if kind == "made":
            request = envelope.mapping(data.get("request", {}), "exercise", "exercise's request")
            won = ngettext(
                "The taker's side won {n} bout and {points} card points.",
                "The taker's side won {n} bouts and {points} card points.",
                whole(request, "oudlers", 0),
                points=_number(request.get("points")),
            )
            parts.append(_piece("note", won))
            parts.append(_choices(["made", "lost"], _choice_labels()))
        else:
            label = _("Points") if kind == "count" else _("Points needed")
            parts.append(_number_input(uid, label, kind))
    elif kind == "target":
        bouts = whole(data, "bouts", 0)
        parts.append(
            _piece(
                "note", ngettext("The taker's side won {n} bout.", "The taker's side won {n} bouts.", bouts)
            )
        )
        parts.append(_number_input(uid, _("Points needed"), kind))
    elif kind in ("discard", "discardable", "drill-discard"):
        assert table is not None
        rnd = table.round
        parts.append(_cards_row(sort_hand(rnd.initial_dog), _("The dog, now in your hand")))
        size = rnd.variant.dog_size
        caption = (
            ngettext(
                "Your hand with the dog: choose {n} card to lay away",
                "Your hand with the dog: choose {n} cards to lay away",
                size,
            )
            if kind in ("discard", "drill-discard")
            else _("Your hand with the dog: choose every card that may go to the discard")
        )
        parts.append(_piece("caption", caption))
        hand = sort_hand(rnd.hands[table.seat])
        parts.append(_buttons(hand, _("Your hand with the dog"), uid, toggle=True))
        parts.append(_submit("discard" if kind == "drill-discard" else kind))
    elif kind == "bid":
        assert table is not None
        parts += [_bidding(table), _bids(data)]
    elif kind == "worth":
        assert table is not None
        parts.append(_cards_row(sort_hand(table.round.hands[table.seat]), _("Your hand")))
        parts += [_bidding(table), _bids(data)]
        parts.append(
            _piece(
                "note",
                _(
                    "The engine has played this hand out over many deals of the other cards to mark "
                    "your answer."
                ),
            )
        )
    elif kind == "dog":
        parts.append(
            _piece("note", _("The contract: {contract}.", contract=contract_name(str(data["contract"]))))
        )
        parts.append(_choices([ATTACK, DEFENCE], _choice_labels()))
    elif kind == "score":
        parts.append(_facts(data["request"]))
        ask = str(data.get("ask", "taker"))
        label = {
            "taker": _("Score of the taker"),
            "partner": _("Score of the partner"),
            "defender": _("Score of each defender"),
        }[ask]
        parts.append(_number_input(uid, label, kind))
    elif kind == "excuse":
        assert table is not None
        parts += _excuse(table, uid)
    elif kind == "call":
        assert table is not None
        parts.append(_cards_row(sort_hand(table.round.hands[table.seat]), _("Your hand")))
        calls = [Card.parse(str(c)) for c in data.get("choices", [])]
        parts.append(_piece("caption", _("Call one of these cards")))
        parts.append(_buttons(calls, _("Cards to call"), uid, toggle=False))
    else:
        raise ExerciseError(gettext_lazy("kind: {kind} cannot be drawn", kind=repr(kind)))
    return Markup("").join(parts)


def exercise(exercise_json: str, options: str = "{}") -> str:
    """The HTML of an exercise before any answer."""

    def work() -> Json:
        uid, _ = _options(options)
        data = _exercise(exercise_json)
        return {"html": exercise_html(data, uid), "kind": data.get("kind")}

    return _guarded(work)


#: The longest answer read: a number, a card, a list of cards or a choice is far shorter.
ANSWER_LENGTH: Final = 2_000


def _answer(text: str) -> object:
    """The answer as JSON (a card's code, a list of them, a number); else the text as typed."""
    envelope.check_text(text, "answer", limit=ANSWER_LENGTH)
    try:
        return envelope.load(text, "answer")
    except envelope.Refused:
        return text


def _rule_label(
    verdict: Mapping[str, Any], data: Mapping[str, Any], rules: Mapping[str, str]
) -> tuple[str, str]:
    """The label of the rule a verdict points to, and its URL: the exercise's own rule, else the rule its
    reason names, else the rule of the verdict."""
    for label in (str(data.get("rule") or ""), f"rule-{verdict['reason']}", f"rule-{verdict['rule']}"):
        if label and label in rules:
            return label, rules[label]
    return "", ""


def _said_answer(data: Mapping[str, Any], answer: object) -> str:
    """One right answer as the reader reads it: cards by name, a choice by its button's words."""
    kind = str(data.get("kind"))
    if isinstance(answer, list):
        return say_all(parse_cards(" ".join(str(card) for card in answer)))
    text = str(answer)
    if kind in ("play", "winner", "call", "drill-play"):
        return say(Card.parse(text))
    if kind in ("made", "dog", "excuse"):
        return _choice_labels().get(text, text)
    if kind in ("bid", "worth"):
        return _(BID_LABELS[text]) if text in BID_LABELS else contract_name(text)
    if kind in ("count", "target", "score"):
        return str(_number(float(text) if "." in text else int(text)))
    return text


def _shown(data: Mapping[str, Any]) -> tuple[str, str]:
    """The engine's answer to an exercise, and its reason for it."""
    answers = right_answers(data, _records)
    said = [_said_answer(data, answer) for answer in answers]
    if data.get("kind") == "discard":
        answer = _("One legal discard: {cards}.", cards=said[0])
    elif len(said) == 1:
        answer = _("The answer: {answer}.", answer=said[0])
    else:
        answer = _("The right answers: {answers}.", answers=join_or(said))
    return answer, judge(data, answers[0], _records).message


def _discard_reasons(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The computer player's discard in a drill, each card with its reason."""
    table = table_for(data, _records)
    assert table is not None
    choice = computer_choice("drill-discard", table)
    return [(say(card), why) for card, why in zip(choice.cards, choice.reasons, strict=True)]


def stage_of(data: Mapping[str, Any], verdict: Mapping[str, Any], wrong_before: int) -> str:
    """Where an answer leaves the exercise (see the module's docstring)."""
    right = verdict["verdict"] == "right"
    if data.get("kind") in DRILL_KINDS:
        return "right" if right else "compared" if verdict["reason"] == OTHER_CHOICE else "refused"
    return "right" if right else "pointer" if wrong_before == 0 else "shown"


def feedback_html(
    verdict: Mapping[str, Any],
    rules: Mapping[str, str],
    data: Mapping[str, Any] | None = None,
    stage: str = "",
    titles: Mapping[str, str] | None = None,
) -> Markup:
    """The feedback on an answer at its stage: praise or a pointer to the rule, the answer once shown."""
    exercise = data or {}
    label, url = _rule_label(verdict, exercise, rules)
    if exercise.get("kind") in DRILL_KINDS and stage != "refused":
        url = ""  # a drill's advice is no rule: only a refused card links to one
    stage = stage or ("right" if verdict["verdict"] == "right" else "refused")
    title = (titles or {}).get(label, "")
    answer = why = ""
    reasons: list[tuple[str, str]] = []
    if stage == "shown":
        answer, why = _shown(exercise)
        if why in verdict["message"]:
            why = ""  # the reason for the wrong answer already says it
    if stage in ("right", "compared") and exercise.get("kind") == "drill-discard":
        reasons = _discard_reasons(exercise)
    return _piece("feedback", stage, verdict["message"], url, title, answer, why, reasons)


def check(exercise_json: str, answer_json: str, options: str = "{}") -> str:
    """The engine's verdict on an answer: right or wrong, the reason and its sentence, the stage the
    exercise is at, and the feedback for that stage."""

    def work() -> Json:
        settings = _settings(options)
        rules, titles = _strings(settings.get("rules")), _strings(settings.get("titles"))
        data = _exercise(exercise_json)
        answer = _answer(answer_json)
        if data.get("kind") in ("count", "target", "score") and str(answer).strip() == "":
            raise ExerciseError(gettext_lazy("type a number first, such as 41 or 40.5"))
        verdict = judge(data, answer, _records).as_dict()
        stage = stage_of(data, verdict, _wrong_before(settings))
        html = feedback_html(verdict, rules, data, stage, titles)
        return {**verdict, "stage": stage, "feedback_html": html}

    return _guarded(work)


def page_messages() -> dict[str, object]:
    """What the lessons' script (``lessons.mjs``) says: the reader's progress, the questions before it is
    forgotten, the notices while an answer is checked, in the page's language."""
    return {
        **engine_messages(),
        "exercises": counted(ngettext_lazy("{n} exercise", "{n} exercises", 0)),
        "done": counted(ngettext_lazy("{done} of {n} exercise done", "{done} of {n} exercises done", 0)),
        "all-done": counted(ngettext_lazy("The only exercise done", "All {n} exercises done", 0)),
        "stars": counted(ngettext_lazy("{n} star of 3", "{n} stars of 3", 0)),
        "forget-all": _(
            "Forget your progress in every lesson (exercises done, stars and best scores)? This cannot be "
            "undone."
        ),
        "forget-nothing": _("No lesson has any progress yet. Start again anyway?"),
        "forget-all-yes": _("Forget all my progress"),
        "forget-all-no": _("Keep my progress"),
        "nothing-forgotten": _("Nothing was forgotten."),
        "all-forgotten": _("Your progress is forgotten: every lesson starts afresh."),
        "forget-lesson": _(
            "Forget your answers to this lesson and do it again? The other lessons keep theirs."
        ),
        "forget-lesson-yes": _("Do it again"),
        "forget-lesson-no": _("Keep my answers"),
        "answers-kept": _("Your answers are kept."),
        "lesson-forgotten": _("This lesson starts afresh: your answers to it are forgotten."),
        "score-first": counted(ngettext_lazy("{n} right at the first try", "{n} right at the first try", 0)),
        "score-pointer": counted(
            ngettext_lazy("{n} right after a pointer to the rule", "{n} right after a pointer to the rule", 0)
        ),
        "score-shown": counted(ngettext_lazy("{n} answer shown", "{n} answers shown", 0)),
        "best": counted(
            ngettext_lazy(
                "Your best: {first} of {n} right at the first try, {pointer} after a pointer.",
                "Your best: {first} of {n} right at the first try, {pointer} after a pointer.",
                0,
                first="{first}",
                pointer="{pointer}",
            )
        ),
        "queued": _("One moment: the cards are still being dealt, your answer will be checked then."),
        "checking": _("Checking your answer…"),
        "failed": _(
            "The cards could not be dealt in this browser, so the answers cannot be checked here ({reason})."
        ),
    }


__all__ = ["check", "exercise", "exercise_html", "feedback_html", "page_messages", "stage_of"]
