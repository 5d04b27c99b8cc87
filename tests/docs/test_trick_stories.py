"""The tricks told in words follow each rule set's own rules of play, as the rulebooks state them."""

from __future__ import annotations

import re

from tarot_core.records import sample_names
from tutorial.pages.tables import final_round
from tutorial.pages.trick_stories import play_notes, trick_story


def _stories(prefix: str) -> list[tuple[str, int, str]]:
    found = []
    for name in sample_names():
        if name.startswith(prefix):
            for number in range(1, len(final_round(name).tricks) + 1):
                found.append((name, number, " ".join(trick_story(name, number))))
    return found


def test_in_french_tarot_a_player_without_the_suit_must_trump() -> None:
    """FFT: a player who cannot follow must trump if he can, and must go over a trump already played."""
    kinds = set()
    for name in sample_names():
        if not name.startswith("fft-"):
            continue
        rnd = final_round(name)
        for trick in rnd.tricks:
            for _, _, kind, text in play_notes(rnd, trick):
                kinds.add(kind)
                assert not any(free in text for free in ("rules allow", "chooses", "leave trumping free"))
                if kind == "trump":
                    assert "so must trump" in text, text
    assert {"trump", "overtrump", "discard"} <= kinds


def test_in_mathers_game_trumping_is_free_and_the_excuse_is_the_fool() -> None:
    """Mathers: 'if not, you may trump'; the book's name for the Excuse is the Fool."""
    stories = _stories("mathers-")
    text = " ".join(story for _, _, story in stories)
    assert "must trump" not in text
    assert "chooses to trump" in text
    assert "the Fool" in text and "Excuse" not in text


def test_where_each_plays_for_himself_no_trick_is_won_for_a_side() -> None:
    for name, number, story in _stories("chambery-3-") + _stories("mathers-"):
        won = re.search(r"wins the trick[^.]*\.", story)
        assert won is not None, (name, number, story)
        assert "for the attack" not in won.group(0) and "for the defence" not in won.group(0), (name, number)


def test_the_excuse_sentence_is_the_engines() -> None:
    """After a trick holding the Excuse, the story ends with the engine's own account of it."""
    rnd = final_round("fft-4-first-hand")
    note = rnd.tally().excuse
    assert note is not None
    story = trick_story("fft-4-first-hand", note.trick + 1)
    assert story[-1] == note.explanation[0].upper() + note.explanation[1:] + "."
    assert "Ace of Clubs" in story[-1]
