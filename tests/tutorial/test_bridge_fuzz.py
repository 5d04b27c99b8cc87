"""Every bridge function, thrown anything: it answers one JSON object, soon, and refuses in words.

The functions are found in the bridge modules (public functions whose arguments and answer are text,
see :func:`bridge_functions`), not listed by hand; each argument is named in :data:`VALID`, which
holds one good value per argument name. Each example spoils one argument of a good call: random JSON,
random text, a value of another type, or one key of its JSON object given a value of any type. The
extreme inputs (a megabyte of text, nesting 100,000 deep, numbers no game has) are tried on every
argument of every function.

The random text has no ``/``: a path in a message can then only come from the server.
"""

from __future__ import annotations

import inspect
import json
import random
import re
from collections.abc import Callable, Iterator, Mapping
from datetime import timedelta
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tarot_core.errors import MESSAGE_LENGTH, QUOTE_LENGTH
from tarot_core.messages import use_language
from tarot_core.players import make_player
from tutorial import bridge
from tutorial.bridge import lessons as lesson_bridge
from tutorial.bridge import play as play_bridge
from tutorial.bridge import play_table
from tutorial.bridge import review as review_bridge
from tutorial.bridge import sheet as sheet_bridge

MODULES: tuple[ModuleType, ...] = (bridge, play_bridge, sheet_bridge, lesson_bridge, review_bridge)

#: Public functions of the bridge modules with text arguments that are not calls from a widget: the
#: build draws with them (the name of some rules, the HTML of the sheet's setup form).
NOT_CALLS = {"rules_label", "setup_html"}

#: An argument's annotation that the browser fills with text (or a number for a step).
TEXT_ARGUMENTS = {"str", "int | str", "int | str | None"}


def bridge_functions() -> list[tuple[str, Callable[..., str]]]:
    """Each public function of a bridge module defined there, whose arguments are text and whose
    answer is text: what the browser's worker can call."""
    found: list[tuple[str, Callable[..., str]]] = []
    for module in MODULES:
        for name, function in sorted(vars(module).items()):
            if name.startswith("_") or name in NOT_CALLS or not inspect.isfunction(function):
                continue
            if not function.__module__.startswith(module.__name__):
                continue  # imported from the engine
            signature = inspect.signature(function)
            annotations = {str(p.annotation) for p in signature.parameters.values()}
            if signature.return_annotation == "str" and annotations <= TEXT_ARGUMENTS:
                found.append((f"{module.__name__.rsplit('.', 1)[-1]}.{name}", function))
    return found


FUNCTIONS = bridge_functions()


def _sheet() -> str:
    started = json.loads(
        sheet_bridge.start(json.dumps({"variant": "fft", "players": ["Ana", "Ben", "Cléo", "Dan"]}))
    )
    deal = {"contract": ["garde"], "oudlers": ["2"], "points": ["56"], "taker": ["Ana"]}
    added = json.loads(sheet_bridge.add_deal(json.dumps(started["sheet"]), json.dumps(deal)))
    assert added["ok"], added
    return json.dumps(added["sheet"])


def _game() -> str:
    answer = json.loads(play_bridge.start(json.dumps({"variant": "fft", "seed": 3, "level": "rule"})))
    for _ in range(3):
        answer = json.loads(play_bridge.advance(json.dumps(answer["game"])))
    assert answer["ok"], answer
    return json.dumps(answer["game"])


def _finished_game() -> str:
    """A game played to its end, every seat's action drawn by the engine."""
    setup = {"variant": "fft", "players": 4, "seed": 5, "seat": "p2", "level": "rule"}
    rnd = play_table.read_setup(setup).variant.deal_round(play_table.DEALER, 5)
    rnd.play_at_random(random.Random(5).random)
    return json.dumps({**setup, "actions": [str(action) for action in rnd.actions]})


def _thrown_in_game() -> str:
    """A finished game that nobody took: the same cards played again by the computer stop at the
    bidding, so the many calls of the checks stay quick."""
    rule = make_player("rule")
    for seed in range(1, 50):
        setup = {"variant": "fft", "players": 4, "seed": seed, "seat": "p2", "level": "rule"}
        rnd = play_table.read_setup(setup).variant.deal_round(play_table.DEALER, seed)
        while not rnd.is_over and rnd.phase == "bidding":
            seat = rnd.to_move
            assert seat is not None
            rnd.push(rule.decide(rnd.view(seat), random.Random(seed)))
        if rnd.is_over:
            return json.dumps({**setup, "actions": [str(action) for action in rnd.actions]})
    raise AssertionError("every deal was taken")


def _last_decision(game_json: str) -> str:
    """The reader's last decision in a finished game: judged on the last tricks alone, it is quick."""
    answer = json.loads(review_bridge.plan(game_json))
    assert answer["ok"], answer
    return str(answer["steps"][-1])


SHEET = _sheet()
GAME = _game()
FINISHED = _finished_game()
LAST_DECISION = _last_decision(FINISHED)
THROWN_IN = _thrown_in_game()
QUERY = json.dumps({"variant": ["fft"], "players": ["4"], "contract": ["garde"], "points": ["41"]})

#: A good value for each argument, by the argument's name and then by the module or the function when
#: they differ.
VALID: dict[str, str | dict[str, str]] = {
    "options": json.dumps({"uid": "fz", "links": {"calculator": "calc.html"}}),
    "request_json": json.dumps(
        {"variant": "fft", "players": 4, "contract": "garde", "oudlers": 2, "points": 56}
    ),
    "query_json": {"bridge": QUERY, "sheet": json.dumps({**json.loads(QUERY), "taker": ["Ben"]})},
    "variant": "classic",
    "record": "fft-4-first-hand",
    "step": {"play": "12", "bridge": "12", "review": LAST_DECISION},
    "view": "p2",
    "card": "HK",
    "setup_json": {
        "play": json.dumps({"variant": "fft", "players": 4, "seed": 7, "seat": "p2", "level": "rule"}),
        "sheet": json.dumps({"variant": "fft", "players": ["Ana", "Ben", "Cléo"], "title": "Friday"}),
    },
    "game_json": {"play": GAME, "replay_step": FINISHED, "review": FINISHED, "duplicate": THROWN_IN},
    "choice_json": json.dumps({"card": "HK"}),
    "sheet_json": SHEET,
    "number": "1",
    "kind": "csv",
    "text": SHEET,
    "filename": "friday.json",
    "store_json": json.dumps({"one": json.loads(SHEET)}),
    "current": "one",
    "exercise_json": json.dumps({"kind": "count", "cards": "HK T21 S3"}),
    "answer_json": json.dumps("8"),
    "session_json": json.dumps(
        {"variant": "fft", "players": 4, "seat": "p2", "deals": [{"dealer": "p1", "scores": {"p1": 30}}]}
    ),
}


def valid(label: str, argument: str) -> str:
    value = VALID[argument]
    if isinstance(value, str):
        return value
    module, name = label.split(".", 1)
    return value.get(name) or value[module]


def good_call(label: str, function: Callable[..., str]) -> list[str]:
    return [valid(label, name) for name in inspect.signature(function).parameters]


# ====================================================================================== the checks
#: What only a program's own words contain: a traceback, an exception, Python's messages.
INTERNAL = re.compile(
    r"Traceback|Error:|File \"|\bline \d+|\b[A-Z][A-Za-z]*(Error|Exception)\b|invalid literal|recursion|"
    r"Errno|NoneType|object has no attribute|not subscriptable|unsupported operand|positional argument|"
    r"set_int_max_str_digits|\.py\b"
)
#: A file's path: a slash that starts a folder's name.
PATH = re.compile(r"(?:^|[\s'\"(=])/[\w.-]+/")


def check_answer(answer: object, spoiled: str = "") -> dict[str, Any]:
    """The answer is one JSON object with the schema and ``ok``; a refusal says why in a short line of
    words, and repeats no more than a short quotation of ``spoiled`` (the text put in)."""
    assert isinstance(answer, str)
    data = json.loads(answer, parse_constant=lambda name: pytest.fail(f"{name} in an answer"))
    assert isinstance(data, dict)
    assert data["schema"] == 1 and isinstance(data["ok"], bool)
    if not data["ok"]:
        message = data["message"]
        assert isinstance(message, str) and message.strip(), data
        assert isinstance(data["field"], str)
        assert "\n" not in message and len(message) <= MESSAGE_LENGTH, message
        # A quotation of what was put in ('.py' as a record's name) is the reader's words, not a leak;
        # a long one is cut short with an ellipsis ('[null, ".py", 1.0000000000000002e+…').
        own_words = re.sub(
            r"'([^']+)'",
            lambda quoted: "" if _theirs(quoted.group(1), spoiled) else quoted.group(0),
            message,
        )
        # What is left may still hold the reader's words in another form (a list's repr: "not ['.py']"):
        # a match found in the text put in is theirs, not the program's.
        for found in INTERNAL.finditer(own_words):
            assert _theirs(found.group(0), spoiled), message
        assert not PATH.search(own_words), message
        assert not echoes(message, spoiled), message
    return data


def _theirs(quotation: str, spoiled: str) -> bool:
    """Whether ``quotation`` quotes ``spoiled``: cut short with an ellipsis, and with its backslashes
    doubled as Python quotes a text (``'["\\u001f"]'`` for ``["\u001f"]``)."""
    quotation = quotation.removesuffix("…")
    return quotation in spoiled or quotation.replace("\\\\", "\\") in spoiled


def echoes(message: str, spoiled: str) -> bool:
    """Whether ``message`` repeats more than a quotation (with its marks and the blanks and commas around
    it) of ``spoiled`` in one piece. Long texts put in repeat one pattern: their start holds them."""
    spoiled = spoiled[:2_000]
    width = QUOTE_LENGTH + 6
    return len(spoiled) >= width and any(
        message[start : start + width] in spoiled for start in range(len(message) - width + 1)
    )


# ====================================================================================== the inputs
SAFE_TEXT = st.text(st.characters(blacklist_characters="/", blacklist_categories=["Cs"]), max_size=60)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | SAFE_TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(SAFE_TEXT, inner, max_size=4),
    max_leaves=12,
)


def _with_key(good: str, data: st.DataObject) -> str:
    """The good JSON object with one key given any value (or left out, or one key added)."""
    parsed = json.loads(good)
    if not isinstance(parsed, dict) or not parsed:
        return json.dumps(data.draw(JSON_VALUES))
    key = data.draw(st.sampled_from([*parsed, "extra"]))
    if data.draw(st.booleans()) and key in parsed:
        del parsed[key]
    else:
        parsed[key] = data.draw(JSON_VALUES)
    return json.dumps(parsed)


def spoil(good: str, data: st.DataObject) -> object:
    """Another value for an argument whose good value is ``good``."""
    how = data.draw(st.sampled_from(["json", "text", "type", "key"]))
    if how == "json":
        return json.dumps(data.draw(JSON_VALUES))
    if how == "text":
        return data.draw(SAFE_TEXT)
    if how == "type":
        return data.draw(JSON_VALUES.filter(lambda value: not isinstance(value, str)))
    try:
        json.loads(good)
    except ValueError:  # an argument that is not JSON (a step, a card): any text
        return data.draw(SAFE_TEXT)
    return _with_key(good, data)


@pytest.mark.parametrize(("label", "function"), FUNCTIONS, ids=[label for label, _ in FUNCTIONS])
@settings(
    max_examples=12,
    deadline=timedelta(seconds=5),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_any_argument_answers_json_in_words(
    label: str, function: Callable[..., str], data: st.DataObject
) -> None:
    arguments: list[object] = list(good_call(label, function))
    if arguments:
        where = data.draw(st.integers(0, len(arguments) - 1))
        arguments[where] = spoil(str(arguments[where]), data)
        spoiled = arguments[where]
        check_answer(function(*arguments), spoiled if isinstance(spoiled, str) else "")
    else:
        check_answer(function())


# ====================================================================================== the extremes
MEGABYTE = 1_000_000
EXTREMES: dict[str, str] = {
    "deep list": "[" * 100_000,
    "deep object": '{"a":' * 100_000,
    "deep and closed": "[" * 50_000 + "]" * 50_000,
    "megabyte of text": "x" * MEGABYTE,
    "megabyte string": json.dumps("p1 play " + "x" * MEGABYTE),
    "long whole number": "9" * 5_000,
    "huge exponent": "1e100000000",
    "big exponent": "1e1000000",
    "largest float": "1e308",
    "not a number": "NaN",
    "empty": "",
}


def extreme_calls(text: str) -> Iterator[tuple[Callable[..., str], list[str]]]:
    """Every function called with ``text`` in place of one argument, each argument in turn."""
    for label, function in FUNCTIONS:
        good = good_call(label, function)
        for where in range(len(good)):
            yield function, [*good[:where], text, *good[where + 1 :]]


@pytest.mark.parametrize("name", sorted(EXTREMES), ids=sorted(EXTREMES))
def test_extreme_input_to_every_argument(name: str) -> None:
    for function, arguments in extreme_calls(EXTREMES[name]):
        check_answer(function(*arguments), EXTREMES[name])


def test_the_readers_words_are_not_taken_for_a_leak_but_the_programs_are() -> None:
    """A refusal quoting what the reader sent, in whatever form (a list's repr, a text's), passes the
    leak check; the same words the reader did not send fail it."""
    request = json.loads(VALID["request_json"])  # type: ignore[arg-type]
    for spoiled in (".py", [".py"], {"line 5": 1}, [None, "ValueError"]):
        sent = json.dumps({**request, "players": spoiled})
        answer = bridge.score(sent)
        assert not json.loads(answer)["ok"]
        check_answer(answer, sent)
        with pytest.raises(AssertionError):
            check_answer(answer, json.dumps(request))


def test_a_long_value_at_any_key_is_quoted_short() -> None:
    found = {label.split(".", 1)[0] for label, _ in FUNCTIONS}  # every bridge has calls found
    assert found == {module.__name__.rsplit(".", 1)[-1] for module in MODULES}
    for label, function in FUNCTIONS:  # and a good call for each, which the examples spoil
        assert check_answer(function(*good_call(label, function)))["ok"], label
    huge = "x" * 5_000
    for label, function in FUNCTIONS:
        good = good_call(label, function)
        for where, text in enumerate(good):
            try:
                parsed = json.loads(text)
            except ValueError:
                continue
            if not isinstance(parsed, Mapping):
                continue
            for key in parsed:
                arguments = list(good)
                arguments[where] = json.dumps({**parsed, key: huge[:5_000]})
                check_answer(function(*arguments), huge)


# ====================================================================================== in French
#: Two articles in a row, as a noun translated with its article and given another would read.
DOUBLED_ARTICLE = re.compile(r"\b(le|la|les|l’|un|une)\s+(le|la|les|l’)\b", re.IGNORECASE)


def test_every_refusal_of_a_json_argument_names_it_in_french() -> None:
    """Each JSON argument, spoiled, is refused in French with its French name and one article (not
    "le game", "le le formulaire"), and the thousands of a length are spaced the French way."""
    names = {argument.removesuffix("_json") for argument in VALID} | {"game", "record", "sessions"}
    english = {name for name in names if name not in ("options",)}  # "options" is French too
    seen = 0
    with use_language("fr"):
        for label, function in FUNCTIONS:
            good = good_call(label, function)
            parameters = list(inspect.signature(function).parameters)
            for where, text in enumerate(good):
                try:
                    json.loads(text)
                except ValueError:
                    continue
                if parameters[where] == "text":
                    continue  # a file's content: its refusal names the file's own columns
                for spoiled in ("[1", "x" * 300_000):
                    arguments = [*good[:where], spoiled, *good[where + 1 :]]
                    data = check_answer(function(*arguments), spoiled)
                    assert not data["ok"], (label, where)
                    message = data["message"]
                    assert not DOUBLED_ARTICLE.search(message), (label, message)
                    assert not {w for w in english if re.search(rf"\b{w}\b", message)}, (label, message)
                    assert "300,000" not in message, message
                    seen += 1
    assert seen >= 40
