"""The play page's review bridge: the reader's decisions of a finished deal, each judged in words with
its page, and the same cards played by the computer in the reader's seat."""

from __future__ import annotations

import json
import random

from tarot_core.describe import bid_words
from tarot_core.engine.variant import words_for
from tarot_core.messages import use_language
from tarot_core.seats import Seat
from tutorial.bridge import play_table, review


def finished(seed: int, seat: str = "p2", variant: str = "fft", players: int = 4) -> str:
    setup = {"variant": variant, "players": players, "seed": seed, "seat": seat, "level": "rule"}
    rnd = play_table.read_setup(setup).variant.deal_round(play_table.DEALER, seed)
    rnd.play_at_random(random.Random(seed).random)
    return json.dumps({**setup, "actions": [str(action) for action in rnd.actions]})


def test_a_deal_in_progress_is_not_reviewed() -> None:
    game = json.loads(finished(5))
    game["actions"] = game["actions"][:10]
    for answer in (review.plan(json.dumps(game)), review.duplicate(json.dumps(game))):
        refused = json.loads(answer)
        assert refused["ok"] is False and "over" in refused["message"]


def test_each_decision_is_judged_in_words_with_its_page() -> None:
    game = finished(5)
    steps = json.loads(review.plan(game))["steps"]
    assert steps == sorted(steps) and len(steps) >= 5
    actions = json.loads(game)["actions"]
    assert all(actions[step].startswith("p2 ") for step in steps)
    # The last decisions are judged on the last tricks alone: quick.
    for step in steps[-2:]:
        item = json.loads(review.judge(game, str(step)))
        assert item["ok"] and item["step"] == step and item["played"] == actions[step]
        assert item["principle"]["page"] and item["text"].startswith("You played ")
        if item["costly"]:
            assert item["cost"] > item["margin"] and item["better"] and item["better"] != item["played"]
        else:
            assert item["cost"] == 0
    refused = json.loads(review.judge(game, str(steps[0] + 1 if steps[0] + 1 not in steps else 10_000)))
    assert refused["ok"] is False and refused["field"] == "step"


def test_the_computer_plays_the_readers_seat_on_the_same_cards() -> None:
    game = finished(8, seat="p1")
    yours = play_table.round_of(play_table.read_game(json.loads(game))).result().by_seat[Seat.P1]
    with use_language("fr"):
        answer = json.loads(review.duplicate(game))
    assert answer["ok"] and isinstance(answer["computer_score"], int)
    assert answer["your_score"] == yours and "mêmes cartes" in answer["text"]


def test_a_verdict_names_bids_and_players_as_the_table_does() -> None:
    """A Chambéry solo is said by the rule set's name for it and a Mathers player asked for a Tarot
    Trump by his name, in French too (the review once said "Annonce solo hand" and "Demande ... à p1")."""
    said: list[str] = []
    for variant, players, kind in (("chambery", 4, "bid"), ("mathers", 2, "declare")):
        for seed in range(1, 6):
            game = finished(seed, variant=variant, players=players)
            actions = json.loads(game)["actions"]
            steps = [s for s in json.loads(review.plan(game))["steps"] if actions[s].split()[1] == kind]
            if not steps or (kind == "declare" and "ask" not in actions[steps[0]]):
                continue
            with use_language("fr"):
                text = json.loads(review.judge(game, str(steps[0])))["text"]
            word = actions[steps[0]].split()[2]
            if kind == "bid":
                with use_language("fr"):
                    name = str(bid_words(word, words_for(variant)))
                assert text.startswith(f"Vous avez annoncé {name}"), text
            else:
                asked = play_table.read_game(json.loads(game)).name(Seat.parse(word.removeprefix("ask-")))
                assert f"à {asked}" in text and " p1" not in text, text
            said.append(variant)
            break
    assert said == ["chambery", "mathers"]
