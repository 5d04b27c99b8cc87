"""Golden outputs: capture what every widget bridge and the command line answer to a fixed corpus, and
compare two captures, to prove that a restructuring changed no output.

    python -m tutorial.tools.golden capture DIR            # one JSON-lines file per area in DIR
    python -m tutorial.tools.golden compare BEFORE AFTER   # AFTER: a captured DIR, or - (capture now)
    python -m tutorial.tools.golden capture-site SITE OUT.jsonl    # a built site's pages
    python -m tutorial.tools.golden compare-site BEFORE.jsonl AFTER  # AFTER: a built site or a .jsonl

The file also runs on its own from any checkout (``python path/to/golden.py compare BEFORE -``): the
current directory comes first on ``sys.path``, so the checkout's own code is the one captured.

Each record is ``{"area", "n", "call", "args", "answer"}`` (the answer parsed when it is JSON). The
comparison takes records in order; strings holding HTML are compared after normalising (start tags
with their attributes sorted, end tags, text with each run of whitespace made one space, whitespace
alone between tags dropped), every other field exactly. It exits 1 when anything differs.

Where each bridge function lives is the one table :data:`CALLS` below: a change of modules only
changes the table.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import json
import os
import random
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

try:
    from .golden_compare import (
        SITE_SKIPPED,
        _main_part,
        _unhashed,
        compare,
        compare_records,
        read_capture,
    )
except ImportError:  # run as a file from another checkout (golden_compare.py lies beside it)
    from golden_compare import (  # type: ignore[import-not-found,no-redef]
        SITE_SKIPPED,
        _main_part,
        _unhashed,
        compare,
        compare_records,
        read_capture,
    )

# ====================================================================================== where things are
#: Call name -> (module, function). The names are the ones the pages call (``tutorial/web/*.mjs``);
#: ``helper.*`` are what the corpus itself needs (never recorded).
CALLS: dict[str, tuple[str, str]] = {
    # the play page (play.mjs, module "play_bridge")
    "play.start": ("tutorial.bridge.play", "start"),
    "play.show": ("tutorial.bridge.play", "show"),
    "play.act": ("tutorial.bridge.play", "act"),
    "play.advance": ("tutorial.bridge.play", "advance"),
    "play.hint": ("tutorial.bridge.play", "hint"),
    "play.replay_step": ("tutorial.bridge.play", "replay_step"),
    # the replay widget and the play-check widget (tarot-widgets.mjs, the bridge package)
    "replay.replay": ("tutorial.bridge", "replay"),
    "playcheck.position": ("tutorial.bridge", "position"),
    "playcheck.check_play": ("tutorial.bridge", "check_play"),
    "playcheck.catalogue": ("tutorial.bridge.playcheck", "catalogue"),
    # the calculator (tarot-widgets.mjs) and the score request
    "calculator.score": ("tutorial.bridge", "score"),
    "calculator.calculate": ("tutorial.bridge", "calculate"),
    "calculator.change_rules": ("tutorial.bridge", "change_rules"),
    # the score sheet (score-sheet.mjs, module "sheet_bridge")
    "sheet.start": ("tutorial.bridge.sheet", "start"),
    "sheet.view": ("tutorial.bridge.sheet", "view"),
    "sheet.add_deal": ("tutorial.bridge.sheet", "add_deal"),
    "sheet.save_deal": ("tutorial.bridge.sheet", "save_deal"),
    "sheet.edit_deal": ("tutorial.bridge.sheet", "edit_deal"),
    "sheet.delete_deal": ("tutorial.bridge.sheet", "delete_deal"),
    "sheet.undo": ("tutorial.bridge.sheet", "undo"),
    "sheet.export": ("tutorial.bridge.sheet", "export"),
    "sheet.import_sheet": ("tutorial.bridge.sheet", "import_sheet"),
    "sheet.sessions": ("tutorial.bridge.sheet", "sessions"),
    # the lessons (lessons.mjs, module "lesson_bridge")
    "lessons.exercise": ("tutorial.bridge.lessons", "exercise"),
    "lessons.check": ("tutorial.bridge.lessons", "check"),
    # the command line
    "cli.main": ("tarot_core.cli", "main"),
    # what the corpus needs: a saved game read back into the engine's round, the sample hands, the
    # calculator's form for a request, the lessons' sample hands
    "helper.read_game": ("tutorial.bridge.play_table", "read_game"),
    "helper.restored": ("tutorial.bridge.play_table", "restored"),
    "helper.round_of": ("tutorial.bridge.play_table", "round_of"),
    "helper.record_names": ("tutorial.bridge.state", "record_names"),
    "helper.query_from_request": ("tutorial.bridge.query", "query_from_request"),
    "helper.starting_values": ("tutorial.bridge.query", "starting_values"),
    "helper.lesson_records": ("tutorial.bridge.lessons", "_records"),
}

AREAS = ("play", "replay", "playcheck", "calculator", "sheet", "lessons", "cli")


def function(call: str) -> Callable[..., Any]:
    module, name = CALLS[call]
    return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]


# ====================================================================================== recording
class Recorder:
    """The records of one area, in order."""

    def __init__(self, area: str) -> None:
        self.area = area
        self.records: list[dict[str, Any]] = []

    def call(self, call: str, *args: Any) -> Any:
        """Call a bridge function, record the call and its answer, return the answer parsed."""
        try:
            raw = function(call)(*args)
        except Exception as error:  # a crash is an output too: it must stay the same
            raw = f"{type(error).__name__}: {error}"
        answer = parse(raw)
        self.add(call, list(args), answer)
        return answer

    def add(self, call: str, args: list[Any], answer: Any) -> None:
        self.records.append(
            {"area": self.area, "n": len(self.records), "call": call, "args": args, "answer": answer}
        )

    def write(self, folder: Path) -> int:
        path = folder / f"{self.area}.jsonl"
        with path.open("w", encoding="utf-8", newline="\n") as out:
            for record in self.records:
                out.write(json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n")
        return len(self.records)


def parse(raw: Any) -> Any:
    if isinstance(raw, str):
        try:
            return json.loads(raw)
        except ValueError:
            return raw
    return raw


def dumps(data: object) -> str:
    return json.dumps(data, ensure_ascii=False)


def _rule_links() -> dict[str, str]:
    from tarot_core.errors import Illegal

    links: dict[str, str] = {}
    for reason in Illegal:
        code, topic = reason.value
        links[code] = f"rules/{topic}.html#rule-{code}"
        links.setdefault(topic, f"rules/{topic}.html")
    return dict(sorted(links.items()))


def widget_options(uid: str) -> str:
    """Display settings as a built page gives them: ids' prefix, the calculator's page, the rules' pages
    (the older French rules with their own pages for their topics only)."""
    rules = _rule_links()
    classic = {key: "variants/classic/" + url for key, url in rules.items() if "#" not in url}
    links = {"calculator": "../how-to/calculator.html", "rules": rules, "family_rules": {"classic": classic}}
    return dumps({"uid": uid, "links": links})


def lesson_options(uid: str) -> str:
    return dumps({"uid": uid, "rules": {f"rule-{key}": url for key, url in _rule_links().items()}})


# ====================================================================================== the play page
def tables() -> list[tuple[str, int]]:
    """Every registered rule set with each number of players it is played by, in the registry's order."""
    from tarot_core.engine.variant import FAMILIES, family_players

    return [(family, players) for family in FAMILIES for players in family_players(family)]


def _choice(action: Any) -> dict[str, Any]:
    """What the page sends for an action: a card it shows as a button, else the action's notation."""
    if action.kind == "play" and action.cards:
        return {"card": str(action.card)}
    return {"action": str(action)}


def _round(game: Mapping[str, Any]) -> Any:
    return function("helper.round_of")(function("helper.restored")(function("helper.read_game")(game)))


def play_deal(rec: Recorder, family: str, players: int, seed: int, seat: str, level: str, limit: int) -> None:
    """One deal from the start to the end (or ``limit`` calls), the reader's actions chosen among the
    engine's legal ones by a seeded chance; on the way a hint, a refused card, a saved game drawn again,
    an action for another seat; at the end the replay of the deal."""
    options = widget_options("gp")
    setup = {"variant": family, "players": str(players), "seed": str(seed), "seat": seat, "level": level}
    answer = rec.call("play.start", dumps(setup), options)
    chance = random.Random(f"golden:{family}-{players}:{seed}:{seat}:{level}")
    turns = calls = 0
    refused = undone = other = False
    while isinstance(answer, dict) and answer.get("ok") and answer.get("state") != "over" and calls < limit:
        calls += 1
        game = answer["game"]
        if answer.get("to_move") != seat:
            answer = rec.call("play.advance", dumps(game), options)
            continue
        turns += 1
        rnd = _round(game)
        legal = list(rnd.legal_actions())
        view = rnd.view(rnd.to_move)
        if turns % 4 == 1:
            rec.call("play.hint", dumps(game), options)
        if turns == 3:
            rec.call("play.show", dumps(game), options)
        if not other:
            other = True
            someone = next(s for s in (f"p{i}" for i in range(1, players + 1)) if s != seat)
            rec.call("play.act", dumps(game), dumps({"action": f"{someone} pass"}), options)
        if not refused and view.phase == "playing":
            wrong = [card for card in view.hand if str(card) not in {str(a.card) for a in legal if a.cards}]
            if wrong:
                refused = True
                rec.call("play.act", dumps(game), dumps({"card": str(wrong[0])}), options)
        action = legal[chance.randrange(len(legal))]
        answer = rec.call("play.act", dumps(game), dumps(_choice(action)), options)
        if not undone and action.kind == "discard" and isinstance(answer, dict) and answer.get("ok"):
            undone = True
            rec.call("play.act", dumps(answer["game"]), dumps({"undo": True}), options)
    if isinstance(answer, dict) and answer.get("state") == "over":
        game = answer["game"]
        steps = int(answer.get("steps", 0))
        for step in sorted({0, 1, steps // 2, steps}):
            rec.call("play.replay_step", dumps(game), step, options)
        rec.call("play.replay_step", dumps(game), "x", options)
        rec.call("play.hint", dumps(game), options)
        rec.call("play.act", dumps(game), dumps({"card": "HK"}), options)
        rec.call("play.show", dumps(game), "{}")


def capture_play(rec: Recorder) -> None:
    for family, players in tables():
        seats = [f"p{2 if players > 1 else 1}", "p1", f"p{players}"]
        for number, seat in enumerate(seats):
            level = "random" if number == 1 else "rule"
            play_deal(rec, family, players, 101 + 37 * number + players, seat, level, 400)
    play_deal(rec, "fft", 4, 7, "p2", "mc", 40)  # the strong level: the first moves only (it is slow)
    options = widget_options("gp")
    address = {"variant": ["chambery"], "players": ["5"], "seed": ["12"], "seat": ["p3"], "level": ["random"]}
    rec.call("play.start", dumps(address), options)
    for bad in (
        {"variant": "whist"}, {"variant": "fft", "players": "7"}, {"players": "four"}, {"seed": "0"},
        {"seed": "9999999999"}, {"seat": "p9"}, {"level": "expert"}, {"variant": "mathers", "players": "4"},
    ):  # fmt: skip
        rec.call("play.start", dumps(bad), options)
    for text in ("", "[1, 2]", "{not json", '"fft"', "null"):
        rec.call("play.start", text, options)
        rec.call("play.show", text, options)
    base = {"variant": "fft", "players": 4, "seed": 5, "seat": "p2", "level": "rule"}
    rec.call("play.show", dumps({**base, "actions": ["p2 bid garde"]}), options)
    rec.call("play.show", dumps({**base, "actions": ["p3 fly"]}), options)
    rec.call("play.show", dumps({**base, "actions": "p2 pass"}), options)
    rec.call("play.act", dumps({**base, "actions": []}), dumps({"card": "ZZ"}), options)
    rec.call("play.act", dumps({**base, "actions": []}), dumps({"action": "bid garde"}), options)
    rec.call("play.act", dumps({**base, "actions": []}), "[]", options)
    rec.call("play.act", dumps({**base, "actions": []}), dumps({"undo": True}), options)
    rec.call("play.advance", dumps({**base, "actions": []}), "{bad options")
    rec.call("play.hint", dumps({**base, "seat": "p1", "actions": []}), options)
    rec.call("play.replay_step", dumps({**base, "actions": []}), 0, options)


# ====================================================================================== sample hands
def capture_replay(rec: Recorder) -> None:
    options = widget_options("gr")
    for name in function("helper.record_names")():
        first = rec.call("replay.replay", name, 0, "all", options)
        steps = int(first.get("steps", 0)) if isinstance(first, dict) else 0
        players = len(first.get("seats", [])) if isinstance(first, dict) else 0
        views = [f"p{i}" for i in range(1, players + 1)]
        for step in range(steps + 1):  # every step seen by all; each seat's view every other step
            for view in ["all", *views] if step % 2 == 0 or step == steps else ["all"]:
                if step or view != "all":
                    rec.call("replay.replay", name, step, view, options)
    name = function("helper.record_names")()[0]
    hands = Path("tutorial/hands")
    rec.call("replay.replay", (hands / f"{name}.json").read_text(encoding="utf-8"), 3, "all", "{}")
    bad_steps: tuple[tuple[int | str, str], ...] = (
        (-1, "all"),
        ("x", "all"),
        (10_000, "all"),
        (2, "p9"),
        (2, "everybody"),
        ("", "all"),
    )
    for bad_step, view in bad_steps:
        rec.call("replay.replay", name, bad_step, view, options)
    rec.call("replay.replay", "no-such-hand", 0, "all", options)
    rec.call("replay.replay", "{broken", 0, "all", options)
    rec.call("replay.replay", name, 0, "all", "[]")


def capture_playcheck(rec: Recorder) -> None:
    from tarot_core.cards import FULL_PACK

    options = widget_options("gc")
    rec.call("playcheck.catalogue")
    cards = [str(card) for card in FULL_PACK]
    for name in function("helper.record_names")():
        start = rec.call("playcheck.position", name, None, options)
        step = start.get("step") if isinstance(start, dict) else None
        for card in [*cards, "ZZ", ""]:
            rec.call("playcheck.check_play", name, None, card, options)
        if isinstance(step, int):
            for later in (step + 1, step + 5):
                rec.call("playcheck.position", name, later, options)
                for card in cards[::6]:
                    rec.call("playcheck.check_play", name, later, card, options)
        rec.call("playcheck.position", name, 0, options)
        rec.call("playcheck.check_play", name, 0, "HK", options)
    rec.call("playcheck.position", "no-such-hand", None, options)
    rec.call("playcheck.check_play", "no-such-hand", None, "HK", options)


# ====================================================================================== the calculator
#: Score requests of the tests (tests/tutorial/test_bridge.py, tests/browser/widget_testing.py) and of
#: the pages' calculators (docs/**/*.md).
REQUESTS: list[dict[str, Any]] = [
    {"variant": "fft", "players": 4, "contract": "garde", "oudlers": 2, "points": 56},
    {"variant": "fft", "players": 3, "contract": "prise", "oudlers": 1, "points": 50.5,
     "petit_au_bout": "defence"},
    {
        "variant": "fft", "players": 5, "contract": "garde-sans", "oudlers": 3, "points": 40,
        "handfuls": [{"side": "attack", "size": "double"}], "slam": {"announced": True, "won_by": None},
    },
    {"variant": "fft", "players": 5, "contract": "garde-contre", "oudlers": 0, "points": 20, "alone": True},
    {"variant": "classic", "players": 3, "contract": "guard", "oudlers": 2, "points": 50},
    {
        "variant": "classic", "players": 5, "contract": "small", "oudlers": 1, "points": 45,
        "bonuses": [{"kind": "no-trumps", "holder": "defender-2"}],
    },
    {"variant": "chambery", "players": 5, "contract": "call", "points": 40},
    {"variant": "chambery", "players": 4, "pack": 62, "contract": "solo-hand", "points": 30},
    {"variant": "chambery", "players": 3, "points": [30, 20, 28]},
    {
        "variant": "mathers", "players": 2,
        "hands": {
            "p1": {
                "tricks": {"tarot-trump": 3, "queen": 2, "knight": 2, "knave": 1, "plain": 6},
                "kings_cut": 1, "fool": True, "declarations": ["greater-3", "trumps-10"],
            },
            "p2": {
                "tricks": {"tarot-trump": 3, "queen": 1, "knight": 1, "knave": 2, "plain": 4},
                "declarations": ["tarot-trumps-3"],
            },
        },
    },
    {
        "variant": "mathers", "players": 3,
        "hands": {
            "p1": {"tricks": {"tarot-trump": 2, "queen": 1, "knight": 1, "knave": 1, "plain": 3}},
            "p2": {"tricks": {"tarot-trump": 3, "queen": 2, "knight": 1, "knave": 1, "plain": 3},
                   "fool": True},
            "p3": {"tricks": {"tarot-trump": 1, "queen": 1, "knight": 2, "knave": 2, "plain": 1}},
        },
    },
    {"variant": "classic", "players": 3, "contract": "guard", "oudlers": 2, "points": 45},
    {"variant": "chambery", "players": 5, "contract": "call", "points": 39},
    {
        "variant": "mathers", "players": 2,
        "hands": {
            "p1": {"tricks": {"tarot-trump": 4, "queen": 2, "plain": 7}, "declarations": ["greater-3"]},
            "p2": {"tricks": {"tarot-trump": 2, "knight": 3, "plain": 7}},
        },
    },
    {"variant": "fft", "players": 3, "contract": "garde", "oudlers": 2, "points": 48.5},
    {"variant": "fft", "players": 4, "contract": "garde", "oudlers": 2, "points": 49},
    {"variant": "fft", "players": 5, "contract": "garde", "oudlers": 2, "points": 48.5},
    {"variant": "fft", "players": 4, "contract": "prise", "oudlers": 3, "points": 36,
     "petit_au_bout": "attack"},
]  # fmt: skip

#: Forms no rules can score, each as the page's address parameters.
BAD_QUERIES: list[dict[str, list[str]]] = [
    {"variant": ["fft"], "players": ["4"], "contract": ["garde"], "oudlers": ["two"], "points": ["9" * 40]},
    {"variant": ["fft"], "players": ["4"], "contract": ["garde"], "oudlers": ["2"], "points": ["92"]},
    {"variant": ["chambery"], "players": ["3"], "points": ["x", "20", ""]},
    {"variant": ["french"], "points": ["41"]},
    {"variant": ["__proto__"], "points": ["41"]},
    {"variant": [""], "points": ["41"]},
    {"variant": ["fft"], "players": ["7"], "contract": ["garde"]},
    {"variant": ["fft"], "players": ["4"], "contract": ["guard"], "oudlers": ["1"], "points": ["50"]},
    {"variant": ["fft"], "players": ["4"], "contract": ["garde"], "slam": ["maybe"], "points": ["50"]},
    {"variant": ["fft"], "players": ["4"], "contract": ["garde"], "oudlers": ["1"], "points": ["40.3"]},
    {"variant": ["fft"], "players": ["4"], "contract": ["garde"], "points": ["-3"], "constructor": ["1"]},
    {"variant": ["classic"], "players": ["5"], "contract": ["small"], "oudlers": ["4"], "points": ["45"]},
    {"variant": ["mathers"], "players": ["2"], "p1_plain": ["lots"]},
]


def capture_calculator(rec: Recorder) -> None:
    options = widget_options("gk")
    variants = list(dict.fromkeys(family for family, _ in tables()))
    for request in REQUESTS:
        rec.call("calculator.score", dumps(request))
        rec.call("calculator.score", dumps(request), options)
        query = function("helper.query_from_request")(request)
        rec.call("calculator.calculate", dumps(query), options)
        for other in variants:
            rec.call("calculator.change_rules", dumps(query), other, options)
    for variant in variants:
        rec.call("calculator.calculate", dumps(function("helper.starting_values")(variant)), options)
        rec.call("calculator.calculate", dumps({"variant": [variant]}), "{}")
    for query in BAD_QUERIES:
        rec.call("calculator.calculate", dumps(query), options)
        rec.call("calculator.change_rules", dumps(query), "classic", options)
    for text in ("", "{", "[]", '"points"', dumps({"variant": "fft", "players": 4}), "x" * 5000):
        rec.call("calculator.score", text)
        rec.call("calculator.calculate", text, options)
    rec.call("calculator.change_rules", dumps(REQUESTS[0]), "whist", options)
    rec.call("calculator.calculate", dumps({"variant": ["fft"]}), '{"links": 3}')


# ====================================================================================== the score sheet
SHEET_NAMES = ["Ana", "Ben", "Cléo", "Dan", "Eve"]


def _sheet_deals(variant: str, players: int) -> list[dict[str, list[str]]]:
    """An evening of deals: the calculator's requests of these rules, each with a taker and partner."""
    deals = []
    for number, request in enumerate(r for r in REQUESTS if r["variant"] == variant):
        query = {
            k: v for k, v in function("helper.query_from_request")(request).items() if k not in ("players",)
        }
        query.pop("variant", None)
        if variant in ("fft", "classic"):
            query["taker"] = [SHEET_NAMES[number % players]]
            if players == 5:
                query["partner"] = [SHEET_NAMES[(number + 2) % players]]
        deals.append(query)
    return deals


def capture_sheet(rec: Recorder) -> None:
    options = dumps({"uid": "gs"})
    store: dict[str, Any] = {}
    exported: list[str] = []
    for variant, players in tables():
        setup = {"variant": variant, "players": SHEET_NAMES[:players], "first_dealer": SHEET_NAMES[1],
                 "title": f"Friday {variant} {players}"}  # fmt: skip
        state = rec.call("sheet.start", dumps(setup), options)
        if not isinstance(state, dict) or not state.get("ok"):
            continue
        for query in _sheet_deals(variant, players) * 2:
            after = rec.call("sheet.add_deal", dumps(state["sheet"]), dumps(query), options)
            if isinstance(after, dict) and after.get("ok"):
                state = after
        sheet = dumps(state["sheet"])
        rec.call(
            "sheet.add_deal",
            sheet,
            dumps({"contract": ["garde"], "points": ["lots"], "taker": ["Nobody"]}),
            options,
        )
        rec.call("sheet.add_deal", sheet, dumps({"points": ["=1+2"], "taker": ["=1+2"]}), options)
        rec.call("sheet.view", sheet, options)
        rec.call("sheet.edit_deal", sheet, 1, options)
        rec.call("sheet.edit_deal", sheet, 99, options)
        deals = _sheet_deals(variant, players)
        if deals:
            rec.call("sheet.save_deal", sheet, 1, dumps(deals[-1]), options)
            rec.call("sheet.save_deal", sheet, "x", dumps(deals[-1]), options)
            rec.call("sheet.save_deal", sheet, 0, dumps(deals[-1]), options)
        rec.call("sheet.delete_deal", sheet, 2, options)
        rec.call("sheet.delete_deal", sheet, "two", options)
        rec.call("sheet.undo", sheet, options)
        for kind in ("csv", "json", "pdf"):
            out = rec.call("sheet.export", sheet, kind)
            if isinstance(out, dict) and out.get("ok") and kind != "pdf":
                exported.append(out["text"])
                rec.call("sheet.import_sheet", out["text"], options, f"friday.{kind}")
        store[f"s-{variant}-{players}"] = state["sheet"]
    empty = rec.call("sheet.start", dumps({"variant": "fft", "players": SHEET_NAMES[:4]}), options)
    if isinstance(empty, dict) and empty.get("ok"):
        rec.call("sheet.undo", dumps(empty["sheet"]), options)
        rec.call("sheet.export", dumps(empty["sheet"]), "csv")
    bad_setups: list[object] = [
        {"variant": "fft", "players": ["Ana", "Ben"]},
        {"variant": "fft", "players": ["Ana", "ana", "Ben"]},
        {"variant": "whist", "players": ["A", "B", "C"]},
        {"variant": "fft", "players": "Ana, Ben, Cléo"},
        [1, 2],
    ]
    for bad in bad_setups:
        rec.call("sheet.start", dumps(bad), options)
    for text in ("", "{", "[]", "not,a,sheet\n1,2,3\n", '{"variant": "fft"}', "{" * 5000):
        rec.call("sheet.view", text, options)
        rec.call("sheet.import_sheet", text, options, "bad.csv")
    rec.call("sheet.sessions", dumps({**store, "broken": {"variant": "nope"}}), "s-fft-4", options)
    rec.call("sheet.sessions", "{}", "", options)
    rec.call("sheet.sessions", "[]", "", options)
    _SHEET_FILES[:] = exported


#: The sheets the score sheet exported (CSV, JSON), for the command line's ``sheet``.
_SHEET_FILES: list[str] = []


# ====================================================================================== the lessons
def capture_lessons(rec: Recorder) -> None:
    from tarot_core.exercises.judging import right_answers

    options = lesson_options("gl")
    records = function("helper.lesson_records")
    for path in sorted(Path("tutorial/lessons").glob("*.json")):
        lesson = json.loads(path.read_text(encoding="utf-8"))
        for exercise in lesson.get("exercises", []):
            text = dumps(exercise)
            rec.call("lessons.exercise", text, options)
            answers: list[object] = list(exercise.get("choices", []))  # every choice, right or wrong
            if not answers:  # the engine's right answers (two at most), then the lesson's wrong ones
                try:
                    answers = list(right_answers(exercise, records))[:2]
                except Exception as error:  # the engine's answer key is an output too
                    answers = [f"{type(error).__name__}: {error}"]
                answers += [wrong.get("answer") for wrong in exercise.get("wrong", [])]
            for answer in answers:
                rec.call("lessons.check", text, dumps(answer), options)
            rec.call("lessons.check", text, dumps("ZZ"), options)
            rec.call("lessons.check", text, "", "{}")
    rec.call("lessons.exercise", dumps({"kind": "juggle"}), "{}")
    rec.call("lessons.exercise", "{", "{}")
    rec.call("lessons.check", dumps({"kind": "count", "cards": "HK"}), "x" * 3000, "{}")


# ====================================================================================== the command line
_TIMING = re.compile(r"\d[\d,.]*(?= ?(?:ms|s\b|seconds?\b|games per second|rounds per second|per second))")


_TIMING_JSON = re.compile(r'("[a-z_]*(?:seconds|per_second|_ms)": )-?[0-9.eE+-]+')


def _timeless(text: str) -> str:
    """Measured times and speeds (the only output that changes from run to run) made ``#``."""
    return _TIMING_JSON.sub(r'\1"#"', _TIMING.sub("#", text))


def _run_cli(rec: Recorder, argv: list[str], stdin: str = "") -> None:
    out, err = io.StringIO(), io.StringIO()
    stream = io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8")), encoding="utf-8")
    old_in = sys.stdin
    sys.stdin = stream
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = function("cli.main")(argv)
            except SystemExit as leaving:
                code = leaving.code if isinstance(leaving.code, int) else 1
            except Exception as error:
                code = f"{type(error).__name__}: {error}"
    finally:
        sys.stdin = old_in
    answer = {"status": code, "stdout": _timeless(out.getvalue()), "stderr": _timeless(err.getvalue())}
    rec.add("cli.main", argv if not stdin else [*argv, {"stdin": stdin}], answer)


def capture_cli(rec: Recorder) -> None:
    root = Path.cwd()
    if not _SHEET_FILES:  # the sheets come from the score sheet's exports
        capture_sheet(Recorder("sheet"))
    names = function("helper.record_names")()
    with tempfile.TemporaryDirectory(prefix="golden-cli-") as folder:
        here = Path(folder)
        for name in names:
            shutil.copy(root / "tutorial" / "hands" / f"{name}.json", here / f"{name}.json")
        for number, text in enumerate(_SHEET_FILES):
            suffix = "json" if text.lstrip().startswith("{") else "csv"
            (here / f"sheet-{number}.{suffix}").write_text(text, encoding="utf-8")
        (here / "request.json").write_text(dumps(REQUESTS[0]), encoding="utf-8")
        (here / "broken.json").write_text("{not json", encoding="utf-8")
        old_columns = os.environ.get("COLUMNS")
        os.environ["COLUMNS"] = "100"
        previous = Path.cwd()
        os.chdir(here)
        try:
            _cli_corpus(rec, names)
        finally:
            os.chdir(previous)
            if old_columns is None:
                del os.environ["COLUMNS"]
            else:
                os.environ["COLUMNS"] = old_columns


def _cli_corpus(rec: Recorder, names: Sequence[str]) -> None:
    for command in ([], ["score"], ["replay"], ["sheet"], ["deal"], ["simulate"], ["arena"], ["play"]):
        _run_cli(rec, [*command, "--help"])
    for request in REQUESTS:
        _run_cli(rec, ["score", dumps(request)])
        _run_cli(rec, ["score", "--json", dumps(request)])
    _run_cli(rec, ["score", "request.json"])
    _run_cli(rec, ["score", "-"], stdin=dumps(REQUESTS[1]))
    for name in names:
        _run_cli(rec, ["replay", f"{name}.json"])
    _run_cli(rec, ["replay", names[0]])
    _run_cli(rec, ["replay", "--list"])
    for path in sorted(Path.cwd().glob("sheet-*")):
        _run_cli(rec, ["sheet", path.name])
        _run_cli(rec, ["sheet", "--json", path.name])
    for variant, players in (("fft", 5), ("fft", 3), ("classic", 5), ("mathers", 2), ("chambery", 4)):
        _run_cli(rec, ["deal", "--variant", variant, "--players", str(players), "--seed", "42"])
        _run_cli(rec, ["deal", "--variant", variant, "--players", str(players), "--seed", "9", "--json"])
        _run_cli(
            rec,
            [
                "simulate",
                "--variant",
                variant,
                "--players",
                str(players),
                "--games",
                "3",
                "--seed",
                "5",
                "--stats",
            ],
        )
    _run_cli(rec, ["simulate", "--games", "4", "--contract", "garde-contre", "--json", "--stats"])
    _run_cli(rec, ["arena", "--deals", "2", "--seed", "3", "--seats", "rule,random,random,random"])
    script = "hint\n" + "1\n" * 120 + "quit\n"
    _run_cli(rec, ["play", "--seed", "3", "--level", "random"], stdin=script)
    _run_cli(
        rec,
        ["play", "--variant", "mathers", "--players", "2", "--seed", "4", "--level", "rule"],
        stdin="help\n1\nT21\nquit\n",
    )
    for argv in (["juggle"], ["score"], ["score", "--json", "42"], ["score", "nothing.json"],
                 ["score", "broken.json"], ["score", "x" * 5000], ["simulate", "--games", "many"],
                 ["simulate", "--games", "-3"],
                 ["deal", "--players", "6"], ["deal", "--dealer", "p5"], ["deal", "--seed", "-5"],
                 ["replay", "broken.json"], ["replay", "no-such-hand"], ["sheet", "broken.json"],
                 ["deal", "--variant", "whist"],
                 ["play", "--variant", "mathers", "--players", "5"]):  # fmt: skip
        _run_cli(rec, argv)
    _run_cli(rec, ["score", "-"], stdin="[1, 2")


# ====================================================================================== capture
CAPTURES: dict[str, Callable[[Recorder], None]] = {
    "play": capture_play,
    "replay": capture_replay,
    "playcheck": capture_playcheck,
    "calculator": capture_calculator,
    "sheet": capture_sheet,
    "lessons": capture_lessons,
    "cli": capture_cli,
}


def capture(folder: Path, areas: Sequence[str] = AREAS) -> dict[str, int]:
    folder.mkdir(parents=True, exist_ok=True)
    sizes = {}
    for area in areas:
        began, cpu = time.perf_counter(), time.process_time()
        rec = Recorder(area)
        CAPTURES[area](rec)
        sizes[area] = rec.write(folder)
        spent = f"{time.perf_counter() - began:.1f} s ({time.process_time() - cpu:.1f} s of processor)"
        print(f"{area}: {sizes[area]} records in {spent}", file=sys.stderr)
    return sizes


def capture_site(site: Path, out: Path) -> int:
    rec = Recorder("site")
    for path in sorted(site.rglob("*.html")):
        name = path.relative_to(site).as_posix()
        if any(name.startswith(skip) or name == skip for skip in SITE_SKIPPED):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        rec.add("page", [name], {"html": _unhashed(_main_part(text))})
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8", newline="\n") as lines:
        for record in rec.records:
            lines.write(json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n")
    return len(rec.records)


def compare_site(before: Path, after: Path) -> int:
    if after.is_dir():
        with tempfile.TemporaryDirectory(prefix="golden-site-") as folder:
            captured = Path(folder) / "site.jsonl"
            capture_site(after, captured)
            return compare_records("site", read_capture(before), read_capture(captured))
    return compare_records("site", read_capture(before), read_capture(after))


# ====================================================================================== command line
def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="golden", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    one = commands.add_parser("capture")
    one.add_argument("dir", type=Path)
    two = commands.add_parser("compare")
    two.add_argument("before", type=Path)
    two.add_argument("after")
    for command in (one, two):  # only some areas
        command.add_argument("--area", action="append", choices=AREAS)
    three = commands.add_parser("capture-site")
    three.add_argument("site", type=Path)
    three.add_argument("out", type=Path)
    four = commands.add_parser("compare-site")
    four.add_argument("before", type=Path)
    four.add_argument("after", type=Path)
    args = parser.parse_args(argv)
    if args.command == "capture":
        began = time.perf_counter()
        capture(args.dir, args.area or AREAS)
        print(f"captured in {time.perf_counter() - began:.1f} s", file=sys.stderr)
        return 0
    if args.command == "capture-site":
        print(f"site: {capture_site(args.site, args.out)} pages", file=sys.stderr)
        return 0
    if args.command == "compare-site":
        return 1 if compare_site(args.before, args.after) else 0
    areas = args.area or AREAS
    if args.after == "-":
        with tempfile.TemporaryDirectory(prefix="golden-") as folder:
            capture(Path(folder), areas)
            bad = compare(args.before, Path(folder), areas)
    else:
        bad = compare(args.before, Path(args.after), areas)
    print("no difference" if not bad else f"{bad} records differ", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.path.insert(0, os.getcwd())  # the checkout run from, never the one this file lies in
    sys.exit(main())
