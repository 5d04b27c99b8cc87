"""The play page's words come from the engine's catalogue: the script's own sentences from the page
(``play_bridge.page_messages``, rendered at build time), the HTML it shows from the bridge's templates."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tarot_core.messages import use_language
from tutorial.bridge import play as play_bridge

SCRIPT = Path(__file__).resolve().parents[2] / "tutorial" / "web" / "play.mjs"
#: The script of the review of a finished deal, which the play script imports.
REVIEW_SCRIPT = SCRIPT.with_name("play-review.mjs")
#: A string literal of the script: between double or single quotes, or a template literal.
LITERAL = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`")
#: A word of a sentence: letters, maybe followed by punctuation (a CSS class or a selector is none).
WORD = re.compile(r"[A-Za-z’']+[,.:;…!?]*")
#: A call for one of the page's sentences: ``fill(messages, "step", { step: 3, steps })``.
FILL = re.compile(r"(?:fill|say)\(messages(?:\[\w+\])?, \"(\w+)\"(?:, \{([^}]*)\})?\)")


def sentences(script: str) -> list[str]:
    """The string literals of ``script`` that read as a sentence (three words or more, once its tags and
    ``${...}`` are left out)."""
    code = re.sub(r"^\s*//.*$", "", script, flags=re.MULTILINE)
    found = []
    for literal in LITERAL.findall(code):
        text = re.sub(r"<[^>]*>|\$\{[^}]*\}", " ", literal[1:-1])
        if sum(1 for token in text.split() if WORD.fullmatch(token)) >= 3:
            found.append(literal)
    return found


def test_the_script_writes_no_sentence_of_its_own() -> None:
    assert sentences("const a = `The deal could not start: ${error.message}`;") != []
    for path in (SCRIPT, REVIEW_SCRIPT):
        assert sentences(path.read_text(encoding="utf-8")) == [], path.name


def test_each_sentence_the_script_asks_for_is_on_the_page() -> None:
    """Each sentence the script fills in is one the page carries, with the placeholders it fills."""
    messages = play_bridge.page_messages()
    asked = [
        found for path in (SCRIPT, REVIEW_SCRIPT) for found in FILL.findall(path.read_text(encoding="utf-8"))
    ]
    assert {name for name, _params in asked} == set(messages)
    for name, params in asked:
        given = {part.split(":")[0].strip() for part in params.split(",") if part.strip()}
        assert set(re.findall(r"\{(\w+)\}", messages[name])) == given, name
    first = play_bridge.first_state({"variant": "fft", "seed": "3"})
    assert first["messages"] == messages


def test_the_sentences_are_the_catalogue_s(monkeypatch: object) -> None:
    with use_language("en"):
        assert play_bridge.page_messages()["step"] == "Step {step} of {steps}"


def test_a_refusal_comes_with_its_html_escaped_and_its_rule_linked() -> None:
    setup = {"variant": "fft", "seed": 3, "seat": "p2", "level": "rule"}
    answer = json.loads(play_bridge.start(json.dumps(setup)))
    assert answer["state"] == "bidding"
    options = json.dumps({"links": {"rules": {"play": 'rules.html?a=1&b="2"'}}})
    refused = json.loads(play_bridge.act(json.dumps(answer["game"]), '{"action": "p2 play HK"}', options))
    assert refused["ok"] and not refused["accepted"] and refused["refusal"]
    assert refused["refusal_html"] == (
        f"<strong>Not allowed:</strong> <span>{refused['refusal']}</span>"
        ' <a class="tw-link" href="rules.html?a=1&amp;b=&#34;2&#34;">Read the rule</a>'
    )


def test_a_finished_deal_comes_with_its_replay_controls() -> None:
    setup = {"variant": "fft", "players": 3, "seed": 5, "seat": "p1", "level": "random"}
    answer = json.loads(play_bridge.start(json.dumps(setup)))
    for _turn in range(200):
        if answer["state"] == "over":
            break
        game = json.dumps(answer["game"])
        if answer["waiting"]:
            answer = json.loads(play_bridge.advance(game))
        else:
            action = json.loads(play_bridge.hint(game))["action"]
            answer = json.loads(play_bridge.act(game, json.dumps({"action": action})))
    assert answer["state"] == "over"
    html = answer["replay_html"]
    assert f'<output class="tw-step" aria-live="off">Step 0 of {answer["steps"]}</output>' in html
    assert html.count('data-step="') == 4
