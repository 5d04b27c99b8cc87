"""The widget bridge in CPython: JSON in, JSON out, the engine's own answers, never a traceback."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tarot_core.actions import Action
from tarot_core.cards import FULL_PACK, Card
from tarot_core.engine.variant import score_request
from tarot_core.errors import RequestError
from tarot_core.games.chambery import ChamberyRound
from tarot_core.games.mathers import MathersRound, trick_points
from tarot_core.records import load_record
from tests.browser.widget_testing import MATHERS_REQUESTS
from tutorial import bridge
from tutorial.bridge.common import HANDS_DIR, BridgeError, Display, _value_text, card_html, card_name
from tutorial.bridge.envelope import SCHEMA
from tutorial.bridge.form import form_html
from tutorial.bridge.playcheck import default_play_step
from tutorial.bridge.query import (
    FormErrors,
    normalise_query,
    parse_number,
    query_from_request,
    request_from_query,
    starting_values,
)
from tutorial.bridge.replay import replay_html
from tutorial.bridge.state import get_record, record_names, state_of

REQUESTS: list[dict[str, Any]] = [
    {"variant": "fft", "players": 4, "contract": "garde", "oudlers": 2, "points": 56},
    {
        "variant": "fft",
        "players": 3,
        "contract": "prise",
        "oudlers": 1,
        "points": 50.5,
        "petit_au_bout": "defence",
    },
    {
        "variant": "fft",
        "players": 5,
        "contract": "garde-sans",
        "oudlers": 3,
        "points": 40,
        "handfuls": [{"side": "attack", "size": "double"}],
        "slam": {"announced": True, "won_by": None},
    },
    {"variant": "fft", "players": 5, "contract": "garde-contre", "oudlers": 0, "points": 20, "alone": True},
    {"variant": "classic", "players": 3, "contract": "guard", "oudlers": 2, "points": 50},
    {
        "variant": "classic",
        "players": 5,
        "contract": "small",
        "oudlers": 1,
        "points": 45,
        "bonuses": [{"kind": "no-trumps", "holder": "defender-2"}],
    },
    {"variant": "chambery", "players": 5, "contract": "call", "points": 40},
    {"variant": "chambery", "players": 4, "pack": 62, "contract": "solo-hand", "points": 30},
    {"variant": "chambery", "players": 3, "points": [30, 20, 28]},
    *MATHERS_REQUESTS,
]


def answer(text: str) -> dict[str, Any]:
    data = json.loads(text)
    assert data["schema"] == SCHEMA
    assert isinstance(data["ok"], bool)
    return data  # type: ignore[no-any-return]


@pytest.mark.parametrize("request_data", REQUESTS, ids=lambda r: f"{r['variant']}-{r['players']}")
def test_score_is_the_engine_answer(request_data: dict[str, Any]) -> None:
    data = answer(bridge.score(json.dumps(request_data)))
    assert data["ok"], data
    assert data["result"] == score_request(request_data)
    shares = data["shares"]
    assert len(shares) == request_data["players"]
    if request_data["variant"] in ("fft", "chambery"):  # zero-sum; Mathers scores only the winner
        assert sum(row["score"] for row in shares) == 0


@pytest.mark.parametrize("request_data", REQUESTS, ids=lambda r: f"{r['variant']}-{r['players']}")
def test_calculator_query_round_trip(request_data: dict[str, Any]) -> None:
    query = query_from_request(request_data)
    data = answer(bridge.calculate(json.dumps(query)))
    assert data["ok"], data
    assert {k: v for k, v in data["request"].items() if k != "pack" or "pack" in request_data} == request_data
    assert data["result"] == score_request(request_data)
    scores = data["result"]["scores"]
    attributes = data["attributes"]
    if "by_player" in scores:
        assert attributes["player-1"] == str(scores["by_player"][0])
    else:
        for role, value in scores.items():
            if value is not None:
                assert attributes[role] == str(value)
    assert 'data-error-for="players"' in data["form_html"]


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"points": ["92"]}, "points"),
        ({"oudlers": ["4"]}, "oudlers"),
        ({"handful": ["attack:triple", "defence:triple"]}, "handful"),
        ({"points": ["forty"]}, "points"),
        ({"variant": ["chambery"], "players": ["5"], "contract": ["fixed"]}, "contract"),
        ({"variant": ["classic"], "players": ["3"], "points": ["92"]}, "points"),
        ({"variant": ["mathers"], "p2.declarations": ["greater-3", "greater-4"]}, "p2.declarations"),
    ],
)
def test_impossible_input_names_the_field(query: dict[str, list[str]], field: str) -> None:
    data = answer(bridge.calculate(json.dumps(query)))
    assert data["ok"] is False
    assert data["form_field"] == field
    assert data["message"]
    assert "form_html" in data
    request = None
    try:
        request = request_from_query(normalise_query(query))
        score_request(request)
    except (RequestError, BridgeError) as error:
        assert error.message == data["message"]
    else:  # pragma: no cover - the engine must refuse it too
        pytest.fail(f"the engine accepted {request}")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "[]",
        "null",
        '"x"',
        '{"variant": 3}',
        '{"players": "many"}',
        '{"variant": "fft", "points": {}}',
    ],
)
def test_garbage_answers_json(text: str) -> None:
    for function in (bridge.score, bridge.calculate):
        data = answer(function(text))
        if not data["ok"]:
            assert set(data) >= {"field", "message"}


@pytest.mark.parametrize("name", record_names())
def test_replay_follows_the_engine(name: str) -> None:
    record = load_record(HANDS_DIR / f"{name}.json")
    last = len(record.actions)
    for step in sorted({0, 1, last // 3, last // 2, last - 1, last}):
        data = answer(bridge.replay(name, step, "all"))
        assert data["ok"], data
        rnd = record.round_at(step)
        assert data["step"] == step and data["steps"] == last
        assert data["phase"] == rnd.phase.value
        assert data["legal"] == [str(a) for a in rnd.legal_actions()]
        assert len(data["tricks"]) == len(rnd.tricks)
        for trick, played in zip(data["tricks"], rnd.tricks, strict=True):
            assert trick["winner"] == str(played.winner)
        if data["tally"] is not None and record.variant.family == "fft":
            counting = rnd.tally()
            rows = {row["key"]: row for row in data["tally"]["rows"]}
            assert rows["attack"]["points"] * 2 == counting.attack_half_points
            assert rows["defence"]["points"] * 2 == counting.defence_half_points
            assert rows["attack"]["bouts"] == sum(c.is_bout for c in counting.attack_cards)
        if step == last:
            assert data["score"]["by_seat"] == {str(s): v for s, v in rnd.result().by_seat.items()}


def test_replay_seat_view_hides_the_other_hands() -> None:
    data = answer(bridge.replay("fft-4-first-hand", 0, "p2"))
    hands = {seat["seat"]: seat["hand"] for seat in data["seats"]}
    assert hands["p2"] is not None
    assert all(hands[s] is None for s in ("p1", "p3", "p4"))
    assert data["dog"]["cards"] is None
    assert 'data-card="' not in data["html"].split('data-seat="p3"')[1].split("</section>")[0]


def test_replay_end_links_to_the_calculator() -> None:
    options = json.dumps({"links": {"calculator": "calculator.html"}})
    data = answer(bridge.replay("fft-4-first-hand", "end", "all", options))
    query = data["calculator_query"]
    request = request_from_query(normalise_query(query))
    scored: Any = score_request(request)
    assert scored["scores"]["taker"] == data["score"]["scores"]["taker"]
    assert 'href="calculator.html?variant=fft' in data["html"]


@pytest.mark.parametrize(
    ("step", "view", "field"), [(999, "all", "step"), ("x", "all", "step"), (0, "p9", "view")]
)
def test_replay_refusals(step: object, view: str, field: str) -> None:
    data = answer(bridge.replay("fft-4-first-hand", step, view))  # type: ignore[arg-type]
    assert data == {**data, "ok": False, "field": field}
    assert answer(bridge.replay("no-such-hand", 0, "all"))["field"] == "record"
    assert answer(bridge.replay("../../etc/passwd", 0, "all"))["field"] == "record"


@pytest.mark.parametrize("name", ["fft-4-first-hand", "fft-5-called-king", "fft-3-prise"])
def test_check_play_matches_why_illegal(name: str) -> None:
    record = load_record(HANDS_DIR / f"{name}.json")
    step = default_play_step(record)
    rnd = record.round_at(step)
    seat = rnd.to_move
    assert seat is not None
    refused = accepted = 0
    for card in FULL_PACK:
        data = answer(bridge.check_play(name, step, str(card)))
        assert data["ok"], data
        refusal = rnd.why_illegal(Action(seat, "play", "", (card,)))
        assert data["accepted"] is (refusal is None)
        if refusal is None:
            accepted += 1
            assert (
                data["current_trick"] is None
                or str(card) in [p["card"]["code"] for p in data["current_trick"]["plays"]]
                or data["tricks"]
            )
        else:
            refused += 1
            assert data["reason"] == refusal.reason.code
            assert data["message"] == refusal.message
            assert data["rule"] == refusal.reason.rule
    assert accepted and refused


def test_check_play_rule_link_and_bad_card() -> None:
    options = json.dumps({"links": {"rules": {"play": "../rules/play.html"}}})
    record = load_record(HANDS_DIR / "fft-4-first-hand.json")
    step = default_play_step(record)
    rnd = record.round_at(step)
    assert rnd.to_move is not None
    illegal = next(c for c in rnd.hands[rnd.to_move] if c not in rnd.legal_cards(rnd.to_move))
    data = answer(bridge.check_play("fft-4-first-hand", step, str(illegal), options))
    assert data["rule_url"] == "../rules/play.html"
    assert 'href="../rules/play.html"' in data["verdict_html"]
    assert answer(bridge.check_play("fft-4-first-hand", step, "ZZ"))["field"] == "card"
    assert answer(bridge.check_play("fft-4-first-hand", 0, "HK"))["field"] == "step"


def test_card_names_are_text_alternatives() -> None:
    assert card_name(Card.parse("HK")) == "King of Hearts"
    assert card_name(Card.parse("EX")) == "The Excuse"
    assert 'aria-label="21 of trumps (the Monde)"' in card_html(Card.parse("T21"))


def test_bridge_never_imports_js() -> None:
    modules = sorted(Path(bridge.__file__).parent.glob("*.py"))
    assert len(modules) > 3
    for module in modules:
        source = module.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(import|from)\s+(js|pyodide)\b", source, re.MULTILINE), module.name


def test_seat_view_keeps_the_partner_secret_until_the_called_card_is_played() -> None:
    record = load_record(HANDS_DIR / "fft-5-called-king.json")
    called_at = next(
        step
        for step, (action, rnd) in enumerate(record.states())
        if action is not None and action.kind == "play" and action.cards[0] == rnd.called
    )
    partner = record.final_round().partner
    assert partner is not None
    viewer = next(
        seat
        for seat in ("p1", "p2", "p3", "p4", "p5")
        if seat not in (str(partner), str(record.final_round().taker))
    )
    before = answer(bridge.replay("fft-5-called-king", called_at - 1, viewer))
    roles = {seat["seat"]: seat["role"] for seat in before["seats"]}
    assert roles[str(partner)] == ""
    assert roles[viewer] == "defender"
    assert all(role in ("", "taker") for seat, role in roles.items() if seat != viewer)
    assert before["tally"] is None and before["sides_hidden"]
    after = answer(bridge.replay("fft-5-called-king", called_at, viewer))
    assert {seat["seat"]: seat["role"] for seat in after["seats"]}[str(partner)] == "partner"
    assert after["tally"] is not None


def engine_running_points(record: Any, rnd: Any) -> dict[str, Any] | None:
    """The running score by the round's own accounting: ``{key: (points, tricks)}``, or None before play."""
    family = record.variant.family
    if family == "mathers":
        from tarot_core.games import mathers

        if rnd.phase.value not in ("playing", "over"):
            return None
        options = rnd.variant.options
        if rnd.outcome == "played":  # the engine's own parts of the finished hand
            return {
                str(seat): (part.trick_points, sum(part.tricks.values()), part.kings_cut)
                for seat, part in rnd.hand_parts().items()
            }
        running: dict[str, Any] = {f"p{n}": [0, 0, 0] for n in range(1, rnd.players + 1)}
        for trick in rnd.tricks:
            row = running[str(trick.winner)]
            row[0] += mathers.trick_points(trick.cards, options)
            row[1] += 1
            winner = next(i for i, (s, _) in enumerate(trick.plays) if s == trick.winner)
            row[2] += mathers.kings_cut(trick.cards, winner, options)
        return {key: tuple(value) for key, value in running.items()}
    if family == "chambery":
        if rnd.phase.value not in ("playing", "over"):
            return None
        counting = rnd.count() if rnd.outcome == "played" else rnd.tally()
        if rnd.players == 3:
            return {
                f"p{i + 1}": (points, counting.seat_tricks[i])
                for i, points in enumerate(counting.seat_points)
            }
        return {
            "attack": (counting.attack_points, counting.tricks_won["attack"]),
            "defence": (counting.defence_points, counting.tricks_won["defence"]),
        }
    if rnd.contract is None or rnd.phase.value in ("bidding", "calling"):
        return None
    counting = rnd.count() if rnd.outcome == "played" else rnd.tally()
    return {
        "attack": (counting.attack_half_points / 2, counting.tricks_won["attack"], counting.attack_bouts),
        "defence": (
            counting.defence_half_points / 2,
            counting.tricks_won["defence"],
            sum(c.is_bout for c in counting.defence_cards),
        ),
    }


def shown_running_points(data: dict[str, Any]) -> dict[str, Any] | None:
    tally = data["tally"]
    if tally is None:
        return None
    shown: dict[str, Any] = {}
    for row in tally["rows"]:
        values: list[Any] = [row["points"], row["tricks"]]
        if "kings_cut" in row:
            values.append(row["kings_cut"])
        if "bouts" in row:
            values.append(row["bouts"])
        shown[row["key"]] = tuple(values)
    return shown


@pytest.mark.parametrize("name", record_names())
def test_running_points_are_the_engine_accounting_at_every_step(name: str) -> None:
    """The replay's running score is the round's own count: French card points and bouts by side,
    Chambéry points by side or seat, Mathers' trick values and Kings cut by player."""
    record = load_record(HANDS_DIR / f"{name}.json")
    trick_values: list[Any] = []
    for step, (_, rnd) in enumerate(record.states()):
        state = state_of(record, rnd, step, None, name)
        html = replay_html(state, Display())
        assert shown_running_points(state) == engine_running_points(record, rnd), step
        for row in (state["tally"] or {}).get("rows", []):
            assert f'data-points="{_value_text(row["points"])}"' in html
        if isinstance(rnd, ChamberyRound):
            trick_values = [rnd.trick_points(trick) for trick in rnd.tricks]
        elif isinstance(rnd, MathersRound):
            trick_values = [trick_points(t.cards, rnd.variant.options) for t in rnd.tricks]
        else:
            trick_values = [sum(c.half_points for c in t.cards) / 2 for t in rnd.tricks]
        assert [t["points"] for t in state["tricks"]] == trick_values
    final = record.final_round()
    if final.outcome == "played":
        assert engine_running_points(record, final) is not None
        assert len(trick_values) == len(final.tricks) > 0


TAG = re.compile(r"<[^>]+>")
FRENCH_ONLY = re.compile(r"\b(bouts?|dog|oudlers?|taker|attack|defence)\b", re.IGNORECASE)


@pytest.mark.parametrize("name", [n for n in record_names() if n.startswith(("mathers-", "chambery-"))])
def test_no_french_wording_where_the_rules_have_none(name: str) -> None:
    """Mathers has no dog, no bouts and no sides; Chambéry no dog and no bouts: the replay says so."""
    record = load_record(HANDS_DIR / f"{name}.json")
    last = len(record.actions)
    for step in range(last + 1):
        for view in ("all", "p2"):
            data = answer(bridge.replay(name, step, view))
            assert data["ok"], data
            text = " ".join(
                [*re.findall(r'(?:aria-label|title)="([^"]*)"', data["html"]), TAG.sub(" ", data["html"])]
            )
            words = FRENCH_ONLY.findall(text)
            assert not words, (step, view, words)
            assert "()" not in data["html"]
    end = answer(bridge.replay(name, "end", "all"))
    assert "The score" in end["html"] and "No score" not in end["html"]


def test_mathers_replay_shows_the_stock_and_the_dealers_exchange() -> None:
    record = load_record(HANDS_DIR / "mathers-2-ask.json")
    dealer = record.seat_name(record.dealer)
    start = answer(bridge.replay("mathers-2-ask", 0, "all"))
    assert [pile["key"] for pile in start["piles"]] == ["stock"]
    assert f"{dealer}, the dealer" in start["piles"][0]["title"]
    after = answer(bridge.replay("mathers-2-ask", 3, "all"))
    assert [pile["key"] for pile in after["piles"]] == ["stock", "discard"]
    assert after["discard"]["count"] == 3
    assert all(seat["role"] in ("", "dealer") for seat in after["seats"])
    playing = answer(bridge.replay("mathers-2-ask", "end", "all"))
    assert any("Tarot Trump" in line for line in playing["talk"])


def test_chambery_replay_tells_the_demands_and_links_to_the_calculator() -> None:
    options = json.dumps({"links": {"calculator": "calculator.html"}})
    record = load_record(HANDS_DIR / "chambery-5-solo-one-card.json")
    final = record.final_round()
    data = answer(bridge.replay("chambery-5-solo-one-card", "end", "all", options))
    assert any("demanded" in line for line in data["talk"])
    assert {seat["role"] for seat in data["seats"]} == {"soloist", "opponent"}
    request = request_from_query(normalise_query(data["calculator_query"]))
    scored: Any = score_request(request)
    assert scored["scores"] == data["score"]["scores"]
    assert final.taker is not None
    assert scored["scores"]["soloist"] == final.result().by_seat[final.taker]
    assert 'href="calculator.html?variant=chambery' in data["html"]


def test_classic_guard_against_gives_the_dog_to_the_opponents() -> None:
    record = load_record(HANDS_DIR / "classic-3-guard-against.json")
    final = record.final_round()
    data = answer(bridge.replay("classic-3-guard-against", "end", "all"))
    assert "counts for the defence" in data["dog"]["title"]
    counting = final.count()
    assert set(final.dog) <= set(counting.defence_cards)

    attack = next(row for row in data["tally"]["rows"] if row["key"] == "attack")
    assert attack["by_pairs"] == final.result_summary()["taker_points"]
    assert f'data-by-pairs="{attack["by_pairs"]}"' in data["html"]


def _excuse_played(name: str) -> bool:
    record = load_record(HANDS_DIR / f"{name}.json")
    return any(action.cards and action.cards[0].is_excuse for action in record.actions)


#: Every sample hand where the Excuse is played (in Mathers' two-handed game it may lie in the dead hand).
EXCUSE_HANDS = [name for name in record_names() if _excuse_played(name)]


def test_the_excuse_is_played_in_most_sample_hands() -> None:
    assert len(EXCUSE_HANDS) >= len(record_names()) - 1


@pytest.mark.parametrize("name", EXCUSE_HANDS)
def test_the_excuse_is_named_as_each_rule_set_names_it(name: str) -> None:
    record = load_record(HANDS_DIR / f"{name}.json")
    step = next(
        i + 1 for i, action in enumerate(record.actions) if action.cards and action.cards[0].is_excuse
    )
    text = answer(bridge.replay(name, step, "all"))["last_action_text"]
    expected = {"mathers": "the Fool", "chambery": "the Fou"}.get(record.variant.family, "the Excuse")
    assert text.endswith(f"plays {expected}."), text


# ------------------------------------------------------------------ the calculator's form, entry by entry
FFT_4 = {"variant": "fft", "players": 4, "contract": "garde", "oudlers": 2, "points": 56}


@pytest.mark.parametrize(
    ("text", "whole", "expected"),
    [("56", True, 56), (" 40.5 ", False, 40.5), ("40,5", False, 40.5), ("41.0", False, 41), ("0", True, 0)],
)
def test_numbers_are_read_as_typed(text: str, whole: bool, expected: float) -> None:
    assert parse_number(text, whole=whole) == expected


@pytest.mark.parametrize("text", ["", "abc", "4O", "9" * 10_000, "1e400", "inf", "nan", "٣", "40.5"])
def test_an_unreadable_number_says_what_is_expected(text: str) -> None:
    with pytest.raises(ValueError) as refused:
        parse_number(text, whole=True)
    message = str(refused.value)
    assert message.startswith("must be a whole number such as 2")
    assert "''" not in message and "inf" not in message.replace("inf", "", text.count("inf"))
    assert len(message) < 120


def test_every_unreadable_entry_is_refused_at_once() -> None:
    query = query_from_request(FFT_4) | {"oudlers": ["two"], "points": ["9" * 10_000]}
    data = answer(bridge.calculate(json.dumps(query)))
    assert data["ok"] is False
    assert [error["form_field"] for error in data["errors"]] == ["oudlers", "points"]
    for error in data["errors"]:
        assert "number" in error["message"] and "''" not in error["message"] and "inf" not in error["message"]
    with pytest.raises(FormErrors) as refused:
        request_from_query(normalise_query(query))
    assert [error.form_field for error in refused.value.errors] == ["oudlers", "points"]


def test_chambery_three_refusals_name_each_players_control() -> None:
    query = {"variant": ["chambery"], "players": ["3"], "points": ["x", "20", ""]}
    data = answer(bridge.calculate(json.dumps(query)))
    assert [(e["form_field"], e.get("index")) for e in data["errors"]] == [("points", 0), ("points", 2)]


@pytest.mark.parametrize(
    ("query", "faults"),
    [
        (
            {
                "variant": ["fft"],
                "players": ["4"],
                "contract": ["garde"],
                "oudlers": ["4"],
                "points": ["120"],
            },
            [("oudlers", None, "0, 1, 2, 3"), ("points", None, "between 0 and 91")],
        ),
        (
            {
                "variant": ["classic"],
                "players": ["3"],
                "contract": ["guard"],
                "oudlers": ["5"],
                "points": ["100"],
            },
            [("oudlers", None, "between 0 and 3"), ("points", None, "between 0 and 91")],
        ),
        (
            {"variant": ["chambery"], "players": ["3"], "points": ["100", "20", "200"]},
            [("points", 0, "from 0 to 78"), ("points", 2, "from 0 to 78")],
        ),
    ],
)
def test_the_engine_judges_each_number_on_its_own_and_every_fault_shows_at_once(
    query: dict[str, list[str]], faults: list[tuple[str, int | None, str]]
) -> None:
    """A score-keeper who typed four bouts and 120 points sees both mistakes at once, each beside its
    entry, not the second only once the first is mended; the engine judges the entries together (the
    bouts against the points) once each reads on its own."""
    data = answer(bridge.calculate(json.dumps(query)))
    assert data["ok"] is False
    found = [(error["form_field"], error.get("index"), error["message"]) for error in data["errors"]]
    assert [(field, index) for field, index, _ in found] == [(field, index) for field, index, _ in faults]
    for (_, _, message), (_, _, wanted) in zip(found, faults, strict=True):
        assert wanted in message


def test_the_fields_are_weighed_together_once_each_is_right() -> None:
    query = {"variant": ["fft"], "players": ["4"], "contract": ["garde"], "oudlers": ["0"], "points": ["2"]}
    data = answer(bridge.calculate(json.dumps(query)))
    assert data["ok"] is False and len(data["errors"]) == 1
    assert data["errors"][0]["message"].startswith("with 0 bouts")


def test_an_invalid_entry_shows_no_score() -> None:
    good = answer(bridge.calculate(json.dumps(query_from_request(FFT_4))))
    assert "+240" in good["html"] and "+240" in good["bar_html"]
    query = query_from_request(FFT_4) | {"points": ["92"]}
    data = answer(bridge.calculate(json.dumps(query)))
    assert data["ok"] is False
    for html in (data["html"], data["bar_html"]):
        assert "No score" in html
        assert not re.search(r"[+−-]\d", html), html
    assert "tw-shares" not in data["html"]
    assert "Card points of the taker" in data["html"]


@pytest.mark.parametrize("variant", ["french", "tarok", "__proto__", ""])
def test_unknown_rules_are_refused_not_taken_for_french_tarot(variant: str) -> None:
    data = answer(bridge.calculate(json.dumps({"variant": [variant], "points": ["41"]})))
    if not variant:  # no rules given: the usual French Tarot
        assert data["ok"] and data["request"]["variant"] == "fft"
        return
    assert data["ok"] is False
    assert data["form_field"] == "variant"
    assert "no rules called" in data["message"]
    assert 'name="points"' not in data["form_html"]


def test_unknown_parameters_are_ignored() -> None:
    query = query_from_request(FFT_4)
    odd = query | {"constructor": ["1"], "__proto__": ["1"], "toString": ["1"], "hasOwnProperty": ["x"]}
    data = answer(bridge.calculate(json.dumps(odd)))
    assert data["ok"], data
    assert data["result"] == score_request(FFT_4)
    assert set(data["address"]) <= {"variant", "players", "contract", "oudlers", "points", "taker"}


@pytest.mark.parametrize(
    ("change", "field"),
    [({"contract": ["guard"]}, "contract"), ({"players": ["7"]}, "players"), ({"slam": ["maybe"]}, "slam")],
)
def test_an_unknown_value_gets_its_fields_message(change: dict[str, list[str]], field: str) -> None:
    data = answer(bridge.calculate(json.dumps(query_from_request(FFT_4) | change)))
    assert data["ok"] is False
    assert data["form_field"] == field
    assert "not one of this list's choices" in data["message"]


ENTRIES = {
    "variant": ["fft"],
    "players": ["5"],
    "contract": ["garde-sans"],
    "oudlers": ["3"],
    "points": ["61"],
    "p1.name": ["Alice"],
    "p4.name": ["Dora"],
    "taker": ["p4"],
    "partner": ["p1"],
}


@pytest.mark.parametrize(
    ("variant", "kept", "not_kept"),
    [
        ("classic", {"players": ["5"], "oudlers": ["3"], "points": ["61"], "taker": ["p4"]}, ["contract"]),
        ("chambery", {"players": ["5"], "points": ["61"], "taker": ["p4"], "partner": ["p1"]}, ["oudlers"]),
        ("mathers", {"p1.name": ["Alice"]}, ["players", "points", "taker"]),
    ],
)
def test_changing_rules_keeps_the_entries_they_can_use(
    variant: str, kept: dict[str, list[str]], not_kept: list[str]
) -> None:
    data = answer(bridge.change_rules(json.dumps(ENTRIES), variant))
    query = data["query"]
    assert query["variant"] == [variant]
    for key, values in kept.items():
        assert query[key] == values, key
    defaults = normalise_query({"variant": [variant]})
    for key in not_kept:
        assert query.get(key) == defaults.get(key), key
    assert query["p1.name"] == ["Alice"]


def test_changing_rules_drops_a_number_the_new_rules_do_not_take() -> None:
    entries = ENTRIES | {"points": ["40.5"]}
    assert answer(bridge.change_rules(json.dumps(entries), "fft"))["query"]["points"] == ["40.5"]
    classic = answer(bridge.change_rules(json.dumps(entries), "classic"))
    assert classic["ok"], classic
    assert classic["query"]["points"] == starting_values("classic")["points"]


def test_names_show_in_the_result_and_the_address() -> None:
    query = query_from_request(FFT_4) | {"p1.name": ["Alice"], "p3.name": ["Chloé"], "taker": ["p3"]}
    data = answer(bridge.calculate(json.dumps(query)))
    assert data["ok"], data
    assert [(row["name"], row["role"], row["score"]) for row in data["seats"]] == [
        ("Alice", "defender", -80),
        ("Player 2", "defender", -80),
        ("Chloé", "taker", 240),
        ("Player 4", "defender", -80),
    ]
    assert json.loads(data["attributes"]["seat-scores"]) == {"p1": -80, "p2": -80, "p3": 240, "p4": -80}
    assert "Chloé" in data["html"] and "Chloé" in data["bar_html"]
    assert data["address"]["p1.name"] == ["Alice"] and "p2.name" not in data["address"]


@pytest.mark.parametrize("request_data", REQUESTS, ids=lambda r: f"{r['variant']}-{r['players']}")
def test_each_seat_gets_the_engine_score_of_its_role(request_data: dict[str, Any]) -> None:
    query = query_from_request(request_data)
    data = answer(bridge.calculate(json.dumps(query)))
    seats = data["seats"]
    assert len(seats) == request_data["players"]
    scores = data["result"]["scores"]
    if request_data["variant"] in ("fft", "chambery"):
        assert sum(row["score"] for row in seats) == 0
    if "taker" in scores:
        assert seats[0]["score"] == scores["taker"]


def test_the_partner_is_not_the_taker() -> None:
    query = query_from_request(REQUESTS[2]) | {"taker": ["p2"], "partner": ["p2"]}
    data = answer(bridge.calculate(json.dumps(query)))
    assert data["ok"] is False
    assert data["form_field"] == "partner"
    alone = answer(bridge.calculate(json.dumps(query | {"alone": ["1"]})))
    assert alone["ok"], alone
    assert 'name="partner"' not in alone["form_html"]


def test_another_widget_can_reuse_the_form_without_names() -> None:
    query = normalise_query({"variant": ["fft"], "players": ["5"], "p2.name": ["Bruno"]})
    html = form_html(query, "sheet", with_names=False)
    assert 'name="p1.name"' not in html
    assert ">Bruno</option>" in html
    assert request_from_query(query)["players"] == 5


@pytest.mark.parametrize("name", record_names())
def test_the_replays_calculator_link_scores_each_player_by_name(name: str) -> None:
    """The link from a replay's end carries the hand's players and who took: the calculator then gives
    each of them, by name, the score the replay gives by seat."""
    steps = answer(bridge.replay(name, 0))["steps"]
    data = answer(bridge.replay(name, steps))
    query = data["calculator_query"]
    if query is None:
        pytest.skip("no calculator link for this hand")
    _, record = get_record(name)
    calculated = answer(bridge.calculate(json.dumps(query)))
    assert calculated["ok"], calculated
    by_name = {row["name"]: row["score"] for row in calculated["seats"]}
    by_seat = data["score"]["by_seat"]
    assert by_name == {record.players[int(seat[1:]) - 1]: value for seat, value in by_seat.items()}
