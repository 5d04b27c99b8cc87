"""The working of a replayed or played deal names the players, never their seat codes."""

from __future__ import annotations

import json
import re

import pytest

from tarot_core.records import load_sample, sample_names
from tutorial import bridge

SEAT_CODE = re.compile(r"\bp[1-5]\b")


@pytest.mark.parametrize("name", sample_names())
def test_the_working_at_the_end_names_the_players(name: str) -> None:
    record = load_sample(name)
    state = json.loads(bridge.replay(name, len(record.actions)))
    breakdown = (state.get("score") or {}).get("breakdown") or []
    for term in breakdown:
        text = f"{term['label']} {term.get('detail', '')}"
        assert not SEAT_CODE.search(text), (name, text)


def test_a_mathers_hand_part_is_headed_by_its_players_name() -> None:
    record = load_sample("mathers-2-ask")
    state = json.loads(bridge.replay("mathers-2-ask", len(record.actions)))
    labels = [term["label"] for term in state["score"]["breakdown"]]
    for player in record.players:
        assert any(label.startswith(f"{player}: ") for label in labels), (player, labels)


def test_the_calculator_names_the_players_in_the_working_when_it_knows_them() -> None:
    """A replay's link carries the players' names: the calculator's working then speaks of them."""
    name = "mathers-2-ask"
    record = load_sample(name)
    query = json.loads(bridge.replay(name, len(record.actions)))["calculator_query"]
    assert query is not None
    named = json.loads(bridge.calculate(json.dumps(query)))
    assert named["ok"], named
    rows = re.findall(r'<th scope="row">([^<]*)', named["html"])
    assert any(row.startswith(f"{record.players[0]}: ") for row in rows), rows
    assert not any(SEAT_CODE.search(row) for row in rows), rows
    # Without names, the working uses the names the shares table gives (Player 1, ...), never the codes.
    anonymous = json.loads(bridge.calculate(json.dumps({k: v for k, v in query.items() if ".name" not in k})))
    rows = re.findall(r'<th scope="row">([^<]*)', anonymous["html"])
    assert not any(SEAT_CODE.search(row) for row in rows), rows
    assert any(row.startswith("Player 1: ") for row in rows), rows
