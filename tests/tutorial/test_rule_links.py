"""A refusal's "Read the rule" links to the rules being played, never to another rule set's page.

The link table is built as the site build builds it (:mod:`tutorial.sphinxext.rule_links`), over the
labels written in the pages of ``docs/``; then the play page's and the play-check widget's bridges are
asked for a refusal in each rule set with that table.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from tarot_core.actions import Action
from tarot_core.engine.variant import FAMILIES
from tarot_core.errors import Illegal
from tarot_core.records import load_sample, sample_names
from tutorial import bridge
from tutorial.bridge import play as play_bridge
from tutorial.bridge import play_table
from tutorial.bridge.common import Display
from tutorial.sphinxext import rule_links

from .test_seat_secrecy import _call, _round

DOCS = Path(__file__).resolve().parents[2] / "docs"
LABEL = re.compile(r"^\(([A-Za-z0-9_-]+)\)=\s*$", re.MULTILINE)


def _labels() -> dict[str, tuple[str, str]]:
    """Every label written in the pages, with its page (as Sphinx names it) and the label as anchor."""
    labels: dict[str, tuple[str, str]] = {}
    for path in sorted(DOCS.rglob("*.md")):
        if "_build" in path.parts:
            continue
        doc = path.relative_to(DOCS).with_suffix("").as_posix()
        for name in LABEL.findall(path.read_text(encoding="utf-8")):
            labels[name] = (doc, name)
    return labels


def _pages() -> dict[str, str]:
    tree = ast.parse((DOCS / "conf.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "tarot_rule_pages" for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            assert isinstance(value, dict)
            return {str(k): str(v) for k, v in value.items()}
    return {}


LABELS = _labels()
FOUND = {path.relative_to(DOCS).with_suffix("").as_posix() for path in DOCS.rglob("*.md")}


def _uri(doc: str, fragment: str) -> str:
    return f"{doc}.html" + (f"#{fragment}" if fragment else "")


DEFAULT = rule_links.default_rules(LABELS, FOUND, _pages(), _uri)
TABLE = rule_links.family_rules(LABELS, FOUND, _pages(), _uri)
OPTIONS = json.dumps({"links": {"rules": DEFAULT, "family_rules": TABLE}})


@pytest.mark.parametrize("family", list(FAMILIES))
def test_every_refusal_links_to_a_page_of_its_own_rule_set(family: str) -> None:
    folder = rule_links.home(family, LABELS)
    assert folder, f"no page carries the label variant-{family}"
    for reason in Illegal:
        url = TABLE[family].get(reason.code, "")
        assert url.startswith(folder), (family, reason.code, url)
        doc = url.partition("#")[0]
        assert doc.removesuffix(".html") in FOUND, url
    others = {rule_links.home(other, LABELS) for other in FAMILIES if other != family}
    assert folder not in others


def test_a_rule_set_without_pages_of_its_own_gets_no_link_rather_than_anothers() -> None:
    labels = {name: place for name, place in LABELS.items() if not name.startswith("classic-")}
    table = rule_links.family_rules(labels, FOUND, _pages(), _uri)
    assert table["classic"] == {}
    display = Display.parse(json.dumps({"links": {"rules": DEFAULT, "family_rules": table}}))
    assert display.refusal_url("excuse-lead", "play", "classic") == ""
    assert display.refusal_url("excuse-lead", "play") == DEFAULT["excuse-lead"]


def _refused_on_the_play_page(family: str, players: int) -> dict[str, object] | None:
    """Play a deal from the first seat after the dealer until the reader could play a forbidden card,
    and play it."""
    for seed in range(1, 30):
        setup = {"variant": family, "players": players, "seed": seed, "seat": "p2", "level": "rule"}
        answer = _call(play_bridge.start(json.dumps(setup), OPTIONS))
        for _ in range(300):
            if answer["state"] == "over":
                break
            game = json.dumps(answer["game"])
            if answer["waiting"]:
                answer = _call(play_bridge.advance(game, OPTIONS))
                continue
            rnd = _round(answer)
            view = rnd.view(rnd.to_move) if rnd.to_move is not None else None
            assert view is not None
            forbidden = [c for c in view.hand if Action(view.seat, "play", "", (c,)) not in view.legal]
            if view.phase == "playing" and forbidden:
                return _call(play_bridge.act(game, json.dumps({"card": str(forbidden[0])}), OPTIONS))
            hint = _call(play_bridge.hint(game, OPTIONS))
            choice = {"card": hint["card"]} if "card" in hint else {"action": hint["action"]}
            answer = _call(play_bridge.act(game, json.dumps(choice), OPTIONS))
    return None


@pytest.mark.parametrize("family", list(FAMILIES))
def test_the_play_page_links_a_refusal_to_the_rules_being_played(family: str) -> None:
    players = play_table.read_setup({"variant": family}).players
    refused = _refused_on_the_play_page(family, players)
    assert refused is not None and refused["accepted"] is False, refused
    url = str(refused["rule_url"])
    assert url == TABLE[family][str(refused["reason"])]
    assert url.startswith(rule_links.home(family, LABELS))


@pytest.mark.parametrize("name", sample_names())
def test_the_play_check_links_a_refusal_to_the_rules_of_its_hand(name: str) -> None:
    record = load_sample(name)
    checked = json.loads(bridge.position(name, None, OPTIONS))
    if not checked["ok"]:
        pytest.skip(f"{name} has no position to ask about")
    hand = next(s["hand"] for s in checked["seats"] if s["seat"] == checked["to_move"])
    verdicts = [json.loads(bridge.check_play(name, checked["step"], c["code"], OPTIONS)) for c in hand]
    refused = [v for v in verdicts if v["ok"] and not v["accepted"]]
    if not refused:
        pytest.skip(f"every card of {name}'s position is allowed")
    family = record.variant.family
    for verdict in refused:
        assert verdict["rule_url"] == TABLE[family][verdict["reason"]], verdict["rule_url"]
        assert _in_folder(verdict["rule_url"], family)


def _in_folder(url: str, family: str) -> bool:
    return url.startswith(rule_links.home(family, LABELS))
