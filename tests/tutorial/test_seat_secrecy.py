"""A seat is never told a card that a real table hides from it, nor offered another seat's action, nor
shown a seat code.

Whole deals of every rule set and number of players in the registry are played through the play
page's bridge, from every seat, the way the page calls it (start, act, advance, hint), the reader's
moves chosen among the legal ones. Until the deal ends, nothing the bridge answers (HTML, sentences,
every JSON field) may name a card that seat does not know: the cards its hand has held, the cards
played, the cards the view shows it, and the cards named by what it may do or by what was said aloud
(a called King, a demanded card). The replay's one-seat mode is checked over the sample hands the same
way. Card mentions are found in every form the bridges use: the notation (``DQ``, ``T14``), the
cards' English names in each rule set's words, and the pictures' labels.
"""

from __future__ import annotations

import html
import json
import random
import re
from typing import Any

import pytest

from tarot_core.actions import Action
from tarot_core.cards import FULL_PACK, Card
from tarot_core.engine.round import Round
from tarot_core.engine.variant import FAMILIES, family_players
from tarot_core.records import load_sample, sample_names
from tarot_core.seats import SEATS, Seat
from tutorial import bridge
from tutorial.bridge import play as play_bridge
from tutorial.bridge import play_table
from tutorial.bridge.common import card_face, card_html, card_name, card_phrase

#: Deals per rule set, number of players and seat (seeded): enough to meet discards, handed cards and
#: handfuls, few enough for the quick lane.
DEALS = 1
SEEDS = (3, 11, 29)

CODE = re.compile(r"\b(EX|T(?:2[01]|1[0-9]|[1-9])|[SHDC](?:10|[1-9]|[JCQK]))\b")


def _names(card: Card) -> set[str]:
    """Every way a bridge writes ``card`` in words or on a picture."""
    words = {card.name, card_name(card), card_name(card).removeprefix("The ")}
    words |= {card_phrase(card, family) for family in FAMILIES}
    if not card.is_trump and not card.is_excuse:
        words.add(card_face(card)[0])
    words |= {word.partition(" (")[0] for word in words}
    return {word.removeprefix("the ").removeprefix("The ") for word in words}


NAMES: dict[str, Card] = {name: card for card in FULL_PACK for name in _names(card)}
#: Every shape those names take (a rank of a suit, a trump's number, a picture's label, a name of
#: its own), one expression: the words it finds are looked up in NAMES.
NAME = re.compile(
    r"\b\w+ of (?:Spades|Hearts|Diamonds|Clubs|trumps)(?: \(the [A-Z][a-z]+\))?"
    r"|(?:10|[1-9]|J|Kn|Q|K)[♠♥♦♣]|\b(?:Excuse|Fool|Fou)\b"
)


def _text(data: Any) -> str:
    """Every key and value of ``data``, one text: its JSON, with the escapes that could glue a word to
    the one before undone (``\\n``, ``\\"``)."""
    return json.dumps(data, ensure_ascii=False).replace("\\n", "\n").replace('\\"', '"')


def mentioned(data: Any) -> dict[Card, str]:
    """The cards ``data`` names, each with the words that name it."""
    found: dict[Card, str] = {}
    text = _text(data)
    for match in CODE.finditer(text):
        found.setdefault(Card.parse(match.group(1)), match.group(0))
    for match in NAME.finditer(text):
        words = match.group(0)
        card = NAMES.get(words) or NAMES.get(words.partition(" (")[0])
        if card is not None:  # "most of trumps" names none
            found.setdefault(card, words)
    return found


class Knowledge:
    """The cards one seat knows at the moments it has seen, from the engine's view of that seat."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self.known: set[Card] = set()

    def see(self, rnd: Round) -> None:
        view = rnd.view(self.seat)
        self.known.update(view.hand)
        self.known.update(view.all_played())
        for pile in view.shown:
            self.known.update(pile.cards)
        for action in view.legal:
            self.known.update(action.cards)
        if view.called is not None:
            self.known.add(view.called)
        for action in rnd.actions:  # a card named aloud tells nobody where it lies
            if action.kind in ("call", "demand"):
                self.known.update(action.cards)

    def check(self, data: Any, where: str) -> None:
        leaked = {card: words for card, words in mentioned(data).items() if card not in self.known}
        assert not leaked, f"{where}: seat {self.seat} is told {sorted(leaked.values())}"


SEAT_CODE = re.compile(r"\bp[1-9]\b")
TAG = re.compile(r"<[^>]+>")
READ_ALOUD = re.compile(r'(?:aria-label|title)="([^"]*)"')


def shown_text(answer: dict[str, Any]) -> str:
    """What a reader reads or hears of an answer: its sentences and its HTML's text and labels."""
    parts = []
    for key, value in answer.items():
        if key in ("game", "address", "record", "action", "to_move", "reason", "card", "rule_url"):
            continue  # kept by the page, never shown
        if isinstance(value, str):
            parts.extend([html.unescape(TAG.sub(" ", value)), *map(html.unescape, READ_ALOUD.findall(value))])
    return "\n".join(parts)


def check_offers(answer: dict[str, Any], rnd: Round, seat: Seat, where: str) -> None:
    """Every action the page offers is the reader's own and legal now; nothing shown names a seat code."""
    legal = set(rnd.view(seat).legal)
    for text in re.findall(r'data-action="([^"]*)"', answer.get("html", "")):
        action = Action.parse(html.unescape(text), rnd.players)
        assert action.seat == seat and action in legal, f"{where}: {seat} is offered {action}"
    codes = [m.group(0) for m in SEAT_CODE.finditer(shown_text(answer))]
    assert not codes, f"{where}: the reader reads seat codes {codes}"


def _round(answer: dict[str, Any]) -> Round:
    return play_table.round_of(play_table.restored(play_table.read_game(answer["game"])))


def _choice(rnd: Round, seat: Seat, rng: random.Random) -> dict[str, Any]:
    view = rnd.view(seat)
    action: Action = rng.choice(view.legal)
    kind = play_table.hand_kind(view)
    if action.cards and action.kind == kind:
        return {"card": str(action.card)}
    return {"action": str(action)}


def _call(text: str) -> dict[str, Any]:
    answer = json.loads(text)
    assert answer["ok"], answer
    return dict(answer)


def play_deal(family: str, players: int, seat: Seat, seed: int) -> int:
    """One deal from ``seat``; every answer before the end checked. Returns the answers checked."""
    rng = random.Random(f"{family}-{players}-{seat}-{seed}")
    setup = {"variant": family, "players": players, "seed": seed, "seat": str(seat), "level": "rule"}
    options = json.dumps({"uid": "t"})
    knows = Knowledge(seat)
    answer = _call(play_bridge.start(json.dumps(setup), options))
    checked = 0
    for _ in range(400):
        rnd = _round(answer)
        knows.see(rnd)
        if answer["state"] == "over":
            return checked
        where = f"{family}-{players} seed {seed} after {len(rnd.actions)} actions"
        knows.check(answer, where)
        check_offers(answer, rnd, seat, where)
        checked += 1
        game = json.dumps(answer["game"])
        if answer["waiting"]:
            answer = _call(play_bridge.advance(game, options))
            continue
        hinted = _call(play_bridge.hint(game, options))
        knows.check(hinted, f"{family}-{players} seed {seed}: hint")
        check_offers(hinted, rnd, seat, f"{family}-{players} seed {seed}: hint")
        answer = _call(play_bridge.act(game, json.dumps(_choice(rnd, seat, rng)), options))
        assert answer["accepted"], answer
    raise AssertionError("the deal did not end")


VARIANTS = [(family, players) for family in FAMILIES for players in family_players(family)]


@pytest.mark.parametrize(("family", "players"), VARIANTS, ids=[f"{f}-{n}" for f, n in VARIANTS])
def test_the_play_page_tells_a_seat_only_what_it_may_know(family: str, players: int) -> None:
    checked = 0
    for index, seat in enumerate(SEATS[:players]):
        checked += play_deal(family, players, seat, SEEDS[index % len(SEEDS)])
    assert checked > players * 3


@pytest.mark.parametrize("name", sample_names())
def test_the_replay_seen_from_one_seat_tells_only_what_it_may_know(name: str) -> None:
    record = load_sample(name)
    for seat in SEATS[: record.variant.players]:
        knows = Knowledge(seat)
        for step, (_, rnd) in enumerate(record.states()):
            knows.see(rnd)
            if rnd.is_over:
                break
            last = rnd.actions[-1] if rnd.actions else None
            if last is not None and last.kind == "play" and rnd.current is not None and rnd.current.plays:
                continue  # a card played mid-trick is public: the table is checked at each trick's end
            answer = json.loads(bridge.replay(name, step, str(seat)))
            assert answer["ok"], answer
            knows.check(answer, f"{name} step {step}")


def test_the_detector_finds_every_form_of_a_card() -> None:
    """The check above would be empty if it found no card: each form the bridges write is read."""
    queen = Card.parse("DQ")
    assert mentioned("Chloé lays away the Queen of Diamonds.") == {queen: "Queen of Diamonds"}
    assert set(mentioned({"actions": ["p3 discard DQ"]})) == {queen}
    assert set(mentioned(card_html(queen))) == {queen}
    assert set(mentioned("I would play the 14 of trumps.")) == {Card.parse("T14")}
    assert set(mentioned("the Excuse")) == {Card.parse("EX")}
    assert set(mentioned("the 10 of trumps")) == {Card.parse("T10")}
    assert not mentioned("Bruno bids garde. p3 discard. Trick 10, 3 cards")


def test_no_message_names_a_seat_code() -> None:
    """Another seat's action sent by the page, a seat that does not exist, a refused slam: each answer
    speaks of the players by name or as "you"."""
    setup = {"variant": "fft", "players": 4, "seed": 3, "seat": "p2", "level": "rule"}
    game = json.dumps(_call(play_bridge.start(json.dumps(setup)))["game"])
    answers = [
        json.loads(play_bridge.act(game, json.dumps({"action": "p3 pass"}))),
        json.loads(play_bridge.start(json.dumps({**setup, "seat": "p7"}))),
    ]
    for answer in answers:
        assert not answer["ok"] and answer["message"], answer
        assert not SEAT_CODE.search(answer["message"]), answer["message"]


def test_a_defender_who_leads_is_not_offered_the_takers_slam() -> None:
    """The first leader, a defender, sees no "Announce a slam"; sent anyway, it is refused in words."""
    met = 0
    for seed in range(1, 40):
        setup = {"variant": "fft", "players": 4, "seed": seed, "seat": "p2", "level": "rule"}
        answer = _call(
            play_bridge.act(
                json.dumps(_call(play_bridge.start(json.dumps(setup)))["game"]), '{"action": "p2 pass"}'
            )
        )
        while answer["waiting"]:
            answer = _call(play_bridge.advance(json.dumps(answer["game"])))
        rnd = _round(answer)
        if (
            answer["state"] != "your-turn"
            or rnd.taker is None
            or rnd.tricks
            or rnd.current is None
            or rnd.current.plays
        ):
            continue
        met += 1
        assert any(a.kind == "slam" for a in rnd.legal_actions())  # the taker's, open now
        assert "slam" not in shown_text(answer).lower()
        check_offers(answer, rnd, Seat.P2, f"seed {seed}")
        refused = _call(play_bridge.act(json.dumps(answer["game"]), '{"action": "p2 slam"}'))
        assert not refused["accepted"] and not SEAT_CODE.search(refused["refusal"]), refused
        if met == 2:
            break
    assert met
