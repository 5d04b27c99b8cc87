"""The play table's evening: the deal passes round, a deal thrown in is dealt again, the log says who
won each trick, the discard waits for its confirmation, the session adds up the deals and goes to the
score sheet, the form offers only what each rule set allows, the Beginner bids like the club player."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from tarot_core.actions import Action
from tarot_core.engine.variant import family_players, variant_for
from tarot_core.messages import Number
from tarot_core.players import MonteCarloPlayer, make_player
from tarot_core.seats import SEATS, Seat
from tarot_core.sheet import load_sheet
from tutorial.bridge import play as play_bridge
from tutorial.bridge import play_table

CARD = re.compile(r'data-card="([A-Z0-9]+)" data-legal="true"')
#: The play page's options: it holds a complete discard for the reader's confirmation.
HOLD = json.dumps({"uid": "t", "confirm_discard": True})


def _answer(text: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(text)
    assert data["ok"], data
    return data


def _on(answer: dict[str, Any], choose: Any = None) -> dict[str, Any]:
    """One step of the deal: the computer's move, the confirmation of a complete discard, or the
    reader's choice (``choose(answer)``, by default the hint's)."""
    game = json.dumps(answer["game"])
    if answer["discard_pending"]:
        return _answer(play_bridge.act(game, '{"confirm": true}', HOLD))
    if answer["waiting"]:
        return _answer(play_bridge.advance(game, HOLD))
    choice = choose(answer) if choose is not None else None
    if choice is None:
        hint = _answer(play_bridge.hint(game, HOLD))
        choice = {"card": hint["card"]} if "card" in hint else {"action": hint["action"]}
    return _answer(play_bridge.act(game, json.dumps(choice), HOLD))


def _to_the_end(answer: dict[str, Any], choose: Any = None) -> list[dict[str, Any]]:
    answers = [answer]
    while answers[-1]["state"] != "over":
        answers.append(_on(answers[-1], choose))
        assert len(answers) < 400
    return answers


def _engine_round(game: dict[str, Any]) -> Any:
    players = int(game["players"])
    rnd = variant_for(game["variant"], players).deal_round(
        Seat.parse(game["dealer"], players), int(game["seed"])
    )
    for text in play_table.restored(play_table.read_game(game)).actions:
        rnd.push(Action.parse(text, players))
    return rnd


# ------------------------------------------------------------------ the deal passes round
def test_each_deal_is_dealt_by_the_player_after_the_last_dealer() -> None:
    setup = {"variant": "fft", "players": 4, "seed": 3, "seat": "p2", "level": "rule"}
    dealer = "p1"
    seen = []
    for _deal in range(5):
        answer = _answer(play_bridge.start(json.dumps({**setup, "dealer": dealer}), HOLD))
        assert answer["dealers"]["this"] == dealer and answer["game"]["dealer"] == dealer
        assert answer["address"]["dealer"] == dealer
        assert answer["log"][0] == (
            "You deal." if dealer == "p2" else f"{play_table.NAMES[int(dealer[1]) - 1]} deals."
        )
        # the player after the dealer speaks first, and the engine dealt from that dealer
        rnd = variant_for("fft", 4).deal_round(Seat.parse(dealer, 4), 3)
        assert rnd.dealer == Seat.parse(dealer, 4)
        speaker = Seat.parse(dealer, 4).next(4)
        assert answer["to_move"] == str(speaker)
        assert f'data-seat="{dealer}"><span class="tp-name">' in answer["html"]
        seen.append(dealer)
        dealer = answer["dealers"]["next"]
    assert seen == ["p1", "p2", "p3", "p4", "p1"]
    refused = json.loads(play_bridge.start(json.dumps({**setup, "dealer": "p5"})))
    assert not refused["ok"] and refused["field"] == "dealer"


def test_a_deal_nobody_takes_is_dealt_again_by_the_next_dealer() -> None:
    for seed in range(1, 80):
        setup = {"variant": "fft", "players": 4, "seed": seed, "seat": "p2", "level": "rule", "dealer": "p3"}
        answer = _answer(play_bridge.start(json.dumps(setup), HOLD))
        while answer["phase"] == "bidding" and answer["state"] != "over":
            answer = _on(answer, lambda a: {"action": "p2 pass"})
        if answer["state"] == "over":
            break
    else:
        pytest.fail("nobody passed out in 80 deals")
    assert answer["passed"] and answer["dealers"]["next"] == "p4"
    assert "Nobody took: the cards are thrown in, and David deals the next deal." in answer["end_html"]
    assert answer["deal"]["sheet"] is None and set(answer["deal"]["scores"].values()) == {0}
    following = _answer(play_bridge.start(json.dumps({**setup, "seed": seed + 1, "dealer": "p4"})))
    assert following["dealers"]["this"] == "p4" and following["to_move"] == "p1"


# ------------------------------------------------------------------ the log
def test_the_log_says_who_won_each_trick_and_what_it_was_worth() -> None:
    setup = {"variant": "fft", "players": 4, "seed": 21, "seat": "p2", "level": "rule"}
    answers = _to_the_end(_answer(play_bridge.start(json.dumps(setup), HOLD)))
    told = [line for answer in answers[1:] for line in answer.get("told", [])]
    rnd = _engine_round(answers[-1]["game"])
    expected = []
    for trick in rnd.tricks:
        who = "You win" if trick.winner == SEATS[1] else f"{play_table.NAMES[trick.winner]} wins"
        value = rnd.trick_value(trick)
        unit = "point" if int(value) == 1 else "points"
        expected.append(f"{who} trick {trick.number + 1}, worth {Number(value)} {unit}.")
    assert [line for line in told if " trick " in line and "worth" in line] == expected
    # each trick's sentence comes right after the card that completed it
    for trick, sentence in zip(rnd.tricks, expected, strict=True):
        last = trick.plays[-1][0]
        name = "You" if last == SEATS[1] else play_table.NAMES[last]
        assert told[told.index(sentence) - 1].startswith(f"{name} play")
    # the whole deal's log, drawn again after a reload, says the same
    again = _answer(play_bridge.show(json.dumps(answers[-1]["game"])))
    assert again["log"] == ["Alice deals.", *told]
    assert [line for line in again["log"] if "worth" in line] == expected
    if any(pile.name == "dog" for pile in rnd.view(SEATS[1]).shown):
        assert any(line.startswith("The dog is turned over: ") for line in told)


# ------------------------------------------------------------------ the discard
def _at_my_discard() -> dict[str, Any]:
    for seed in range(1, 60):
        setup = {"variant": "fft", "players": 4, "seed": seed, "seat": "p2", "level": "rule"}
        answer = _answer(
            play_bridge.act(
                json.dumps(_answer(play_bridge.start(json.dumps(setup), HOLD))["game"]),
                '{"action": "p2 bid garde"}',
                HOLD,
            )
        )
        while answer["waiting"]:
            answer = _on(answer)
        if answer["state"] == "discarding":
            return answer
    pytest.fail("no garde was left to the reader in 60 deals")


def _count(answer: dict[str, Any]) -> str:
    found = re.findall(r"data-discard-count[^>]*>([^<]*)<", answer["html"])
    return found[0] if found else ""


def test_the_discard_counts_its_cards_and_waits_for_its_confirmation() -> None:
    answer = _at_my_discard()
    assert _count(answer) == "0 of 6 cards laid away" and "data-discard-confirm" not in answer["html"]
    for laid in range(1, 7):
        card = CARD.findall(answer["html"])[0]
        answer = _answer(play_bridge.act(json.dumps(answer["game"]), json.dumps({"card": card}), HOLD))
        assert answer["accepted"] and _count(answer) == f"{laid} of 6 cards laid away"
    # the sixth card does not end the discard: it waits, and a card can be taken back
    assert answer["state"] == "discarding" and answer["discard_pending"] and not answer["waiting"]
    assert "data-discard-confirm" in answer["html"] and "data-undo" in answer["html"]
    assert 'role="toolbar"' not in answer["html"]  # no card of the hand to choose meanwhile
    back = _answer(play_bridge.act(json.dumps(answer["game"]), '{"undo": true}', HOLD))
    assert _count(back) == "5 of 6 cards laid away" and not back["discard_pending"]
    assert back["game"]["actions"] == answer["game"]["actions"][:-1]
    confirmed = _answer(play_bridge.act(json.dumps(answer["game"]), '{"confirm": true}', HOLD))
    assert confirmed["accepted"] and not confirmed["discard_pending"]
    assert confirmed["game"] == answer["game"] and confirmed["state"] in ("thinking", "your-turn")
    assert "data-discard-confirm" not in confirmed["html"] and "data-undo" not in confirmed["html"]
    refused = json.loads(play_bridge.act(json.dumps(back["game"]), '{"confirm": true}', HOLD))
    assert not refused["ok"] and refused["field"] == "confirm"
    # a caller that does not hold the discard (no confirm_discard option) sees it end with its last card
    unheld = _answer(play_bridge.show(json.dumps(answer["game"])))
    assert not unheld["discard_pending"] and "data-discard-confirm" not in unheld["html"]
    assert "data-undo" not in unheld["html"] and unheld["state"] != "discarding"


# ------------------------------------------------------------------ calling one's own King
def test_calling_a_king_of_ones_own_hand_says_it_means_playing_alone() -> None:
    for seed in range(1, 80):
        setup = {"variant": "fft", "players": 5, "seed": seed, "seat": "p2", "level": "rule"}
        answer = _answer(
            play_bridge.act(
                json.dumps(_answer(play_bridge.start(json.dumps(setup), HOLD))["game"]),
                '{"action": "p2 bid garde"}',
                HOLD,
            )
        )
        while answer["waiting"]:
            answer = _on(answer)
        if answer["state"] != "calling":
            continue
        hand = set(re.findall(r'data-card="([A-Z0-9]+)"', answer["html"]))
        calls = re.findall(r'data-action="p2 call ([A-Z0-9]+)">([^<]*)<', answer["html"])
        own = [(card, label) for card, label in calls if card in hand]
        if not own:
            continue
        for card, label in calls:
            assert label.endswith("(your own: you play alone)") == (card in hand), label
        return
    pytest.fail("no call of one's own King came up in 80 deals")


# ------------------------------------------------------------------ the session
def test_the_session_adds_up_its_deals_and_goes_to_the_score_sheet() -> None:
    deals = []
    seeds = iter(range(5, 40))
    for dealer in ("p1", "p2"):
        while True:  # the next deal somebody took
            setup = {"variant": "fft", "players": 4, "seed": next(seeds), "seat": "p2", "level": "rule"}
            end = _to_the_end(_answer(play_bridge.start(json.dumps({**setup, "dealer": dealer}), HOLD)))[-1]
            if not end["passed"]:
                break
        assert end["deal"]["dealer"] == dealer and end["deal"]["scores"] == end["scores"]
        assert end["deal"]["sheet"] is not None
        deals.append(end["deal"])
    session = {"variant": "fft", "players": 4, "seat": "p2", "deals": deals}
    answer = _answer(play_bridge.session(json.dumps(session)))
    names = {"p1": "Alice", "p2": "You", "p3": "Chloé", "p4": "David"}
    expected = {names[seat]: deals[0]["scores"][seat] + deals[1]["scores"][seat] for seat in names}
    assert answer["totals"] == expected and answer["deals"] == 2
    assert "Totals after 2 deals" in answer["html"]
    sheet = load_sheet(answer["sheet"])
    assert sheet.totals() == expected and sheet.first_dealer == "Alice" and len(sheet.deals) == 2
    # a session the sheet cannot keep whole is not sent to it
    thrown_in = {**deals[0], "sheet": None, "scores": dict.fromkeys(names, 0)}
    partial = _answer(play_bridge.session(json.dumps({**session, "deals": [*deals, thrown_in]})))
    assert partial["totals"] == expected and partial["sheet"] is None
    bad = json.loads(play_bridge.session(json.dumps({**session, "deals": "many"})))
    assert not bad["ok"]


# ------------------------------------------------------------------ the form
def test_the_form_offers_only_what_each_rule_set_allows() -> None:
    html = str(play_bridge.first_state({"variant": "fft", "seed": "3"})["setup_html"])
    players = dict(re.findall(r'<option value="(\d)" data-families="([^"]*)"', html))
    for count, families in players.items():
        assert families.split() == [f for f in play_table.FAMILIES if int(count) in family_players(f)]
    assert set(players) == {str(n) for f in play_table.FAMILIES for n in family_players(f)}
    seats = dict(re.findall(r'<option value="(p\d)" data-players="(\d)"', html))
    assert all(int(seats[f"p{n}"]) >= n for n in range(1, len(seats) + 1))
    assert seats["p5"] == "5" and int(seats["p2"]) <= 2


# ------------------------------------------------------------------ the Beginner
def test_the_beginner_bids_like_the_club_player_and_plays_at_random() -> None:
    beginner = play_table.player_for("random")
    rule, chance = make_player("rule"), make_player("random")
    bids = plays = 0
    for seed in range(1, 13):
        rnd = variant_for("fft", 4).deal_round(SEATS[0], seed)
        while not rnd.is_over:
            assert rnd.to_move is not None
            view = rnd.view(rnd.to_move)
            mine = beginner.decide(view, random.Random(seed))
            like = (chance if view.phase == "playing" else rule).decide(view, random.Random(seed))
            assert mine == like
            bids += view.phase == "bidding"
            plays += view.phase == "playing"
            rnd.push(mine)
    assert bids and plays


def test_the_warm_up_searches_a_deal_of_its_own_and_leaves_the_readers_game_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The strong level's warm-up (called by the page while the reader reads) answers that it ran,
    refuses bad settings in words, and changes nothing of the game in progress: the computer's next
    moves are the same with or without it, and the round kept for the next call is the same object.
    (Without the page's time limit, which on a busy machine may stop a search at another point.)"""
    monkeypatch.setattr(play_table, "PAGE_TIME_LIMIT", None)

    def moves(seed: int, warm: bool) -> list[str]:
        setup = {"variant": "fft", "players": 4, "seed": seed, "seat": "p2", "level": "mc"}
        play_table.forget()
        answer = json.loads(play_bridge.start(json.dumps(setup)))
        said = []
        for _ in range(20):
            kept = list(play_table._LAST)
            if warm:
                assert json.loads(play_bridge.warm_up()) == {"schema": 1, "ok": True}
                after = list(play_table._LAST)
                assert len(after) == len(kept) and all(a[1] is b[1] for a, b in zip(kept, after, strict=True))
            if answer["state"] in ("bidding", "calling", "discarding", "your-turn"):
                view_answer = json.loads(play_bridge.hint(json.dumps(answer["game"])))
                choice = {"action": view_answer["action"]}
                answer = json.loads(play_bridge.act(json.dumps(answer["game"]), json.dumps(choice)))
            else:
                answer = json.loads(play_bridge.advance(json.dumps(answer["game"])))
            assert answer["ok"], answer
            said.append(answer.get("said", ""))
        return said

    # A deal that somebody takes, so that the computer's card plays are compared too.
    seed = next(seed for seed in range(1, 40) if sum(" plays " in s for s in moves(seed, warm=False)) >= 4)
    assert moves(seed, warm=True) == moves(seed, warm=False)
    refused = json.loads(play_bridge.warm_up("[1"))
    assert refused["ok"] is False and refused["field"] == "options"


@pytest.mark.parametrize(("name", "code"), [("beginner", "random"), ("Club", "rule"), ("strong", "mc")])
def test_a_level_is_taken_by_its_name_too(name: str, code: str) -> None:
    """An address may name a level as the arena and the developers' pages do (``level=club``)."""
    setup = {"variant": "fft", "players": 4, "seed": 3, "seat": "p2", "level": name}
    assert play_table.read_setup(setup).level == code
    with pytest.raises(play_table.PlayError) as refused:
        play_table.read_setup({**setup, "level": "expert"})
    assert refused.value.field == "level"
    # The refusal names the levels as a reader writes them, not by the codes the page's links use.
    assert refused.value.message == (
        "there is no computer level 'expert'; choose beginner (Beginner), club (Club player), strong (Strong)"
    )


def test_only_the_page_limits_the_strong_level_s_time() -> None:
    """The play page's strong level has a time limit, the arena's has none: its games are the same on
    any machine."""
    page = play_table.player_for("mc")
    assert isinstance(page, MonteCarloPlayer) and page.time_limit == play_table.PAGE_TIME_LIMIT
    arena = make_player("strong")
    assert isinstance(arena, MonteCarloPlayer) and arena.time_limit is None
