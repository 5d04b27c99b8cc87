"""The engine's account of the Excuse is read by learners: it names no seat by its code (``p2``)."""

from __future__ import annotations

import re

import pytest

from tarot_core.records import load_sample, sample_names

SEAT_CODE = re.compile(r"\bp[1-5]\b")


#: Mathers' game counts tricks, not card points: its rounds have no tally, so no Excuse note.
COUNTED = [name for name in sample_names() if not name.startswith("mathers-")]


@pytest.mark.parametrize("name", COUNTED)
def test_the_excuse_note_names_no_seat_code(name: str) -> None:
    note = load_sample(name).final_round().tally().excuse
    assert note is not None
    assert not SEAT_CODE.search(note.explanation), note.explanation


def test_a_chambery_fou_stays_with_the_player_or_side_that_showed_it() -> None:
    three = load_sample("chambery-3-each-for-himself").final_round().tally().excuse
    five = load_sample("chambery-5-called-king").final_round().tally().excuse
    assert three is not None and five is not None
    assert three.explanation.endswith("stays with the player who showed it")
    assert five.explanation.endswith("stays with the side of the player who showed it")
