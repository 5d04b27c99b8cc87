"""The widget bridge in CPython: JSON in, JSON out, the engine's own answers, never a traceback."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tarot_core.actions import Action
from tarot_core.cards import FULL_PACK, Card
from tarot_core.errors import RequestError
from tarot_core.records import load_record
from tarot_core.scoring import score_request
from tutorial import bridge

pytestmark: list[pytest.MarkDecorator] = []

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
    {
        "variant": "mathers",
        "players": 2,
        "hands": {
            "p1": {
                "tricks": {"tarot-trump": 3, "queen": 2, "knight": 2, "knave": 1, "plain": 6},
                "kings_cut": 1,
                "fool": True,
                "declarations": ["greater-3", "trumps-10"],
            },
            "p2": {
                "tricks": {"tarot-trump": 3, "queen": 1, "knight": 1, "knave": 2, "plain": 4},
                "declarations": ["tarot-trumps-3"],
            },
        },
    },
    {
        "variant": "mathers",
        "players": 3,
        "hands": {
            "p1": {"tricks": {"tarot-trump": 2, "queen": 1, "knight": 1, "knave": 1, "plain": 3}},
            "p2": {
                "tricks": {"tarot-trump": 3, "queen": 2, "knight": 1, "knave": 1, "plain": 3},
                "fool": True,
            },
            "p3": {"tricks": {"tarot-trump": 1, "queen": 1, "knight": 2, "knave": 2, "plain": 1}},
        },
    },
]


def answer(text: str) -> dict[str, Any]:
    data = json.loads(text)
    assert data["schema"] == bridge.SCHEMA
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
    query = bridge.query_from_request(request_data)
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
        request = bridge.request_from_query(bridge.normalise_query(query))
        score_request(request)
    except (RequestError, bridge.BridgeError) as error:
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


@pytest.mark.parametrize("name", bridge.record_names())
def test_replay_follows_the_engine(name: str) -> None:
    record = load_record(bridge.HANDS_DIR / f"{name}.json")
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
        if data["tally"] is not None:
            counting = rnd.tally()
            assert data["tally"]["attack"]["points"] * 2 == counting.attack_half_points
            assert data["tally"]["defence"]["points"] * 2 == counting.defence_half_points
            assert data["tally"]["attack"]["bouts"] == sum(c.is_bout for c in counting.attack_cards)
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
    request = bridge.request_from_query(bridge.normalise_query(query))
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
    record = load_record(bridge.HANDS_DIR / f"{name}.json")
    step = bridge.default_play_step(record)
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
    record = load_record(bridge.HANDS_DIR / "fft-4-first-hand.json")
    step = bridge.default_play_step(record)
    rnd = record.round_at(step)
    assert rnd.to_move is not None
    illegal = next(c for c in rnd.hands[rnd.to_move] if c not in rnd.legal_cards(rnd.to_move))
    data = answer(bridge.check_play("fft-4-first-hand", step, str(illegal), options))
    assert data["rule_url"] == "../rules/play.html"
    assert 'href="../rules/play.html"' in data["verdict_html"]
    assert answer(bridge.check_play("fft-4-first-hand", step, "ZZ"))["field"] == "card"
    assert answer(bridge.check_play("fft-4-first-hand", 0, "HK"))["field"] == "step"


def test_card_names_are_text_alternatives() -> None:
    assert bridge.card_name(Card.parse("HK")) == "King of Hearts"
    assert bridge.card_name(Card.parse("EX")) == "The Excuse"
    assert 'aria-label="Trump 21 (the Monde)"' in bridge.card_html(Card.parse("T21"))


def test_bridge_never_imports_js() -> None:
    source = (bridge.HANDS_DIR.parent / "bridge.py").read_text(encoding="utf-8")
    assert not re.search(r"^\s*(import|from)\s+(js|pyodide)\b", source, re.MULTILINE)


def test_seat_view_keeps_the_partner_secret_until_the_called_card_is_played() -> None:
    record = load_record(bridge.HANDS_DIR / "fft-5-called-king.json")
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
