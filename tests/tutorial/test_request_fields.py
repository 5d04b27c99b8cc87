"""Each rule set's declared request fields (``tarot_core/games/<family>/fields.py``) against its engine.

From the starting values, the form of every rule set makes a request the engine scores, at every
number of players; every choice a list offers is one the engine takes; the sheet's facts come from the
same declarations.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import tarot_core  # noqa: F401  (registers the families)
from tarot_core.engine.request import FieldContext, RequestField, RequestForm
from tarot_core.engine.variant import FAMILIES, family_players, score_request
from tarot_core.errors import RequestError
from tarot_core.sheet import request_form
from tutorial.bridge.query import (
    FormErrors,
    normalise_query,
    query_from_request,
    request_from_query,
    seat_names,
)

TABLES = [(family, players) for family in FAMILIES for players in family_players(family)]


def form(family: str) -> RequestForm:
    found = request_form(family)
    assert found is not None, f"{family} declares no request fields"
    return found


def starting_query(family: str, players: int) -> dict[str, list[str]]:
    return normalise_query({"variant": [family], "players": [str(players)]})


def test_every_family_declares_its_fields() -> None:
    for family in FAMILIES:
        declared = form(family)
        assert declared.fields, family
        assert declared.start["players"][0] in {str(n) for n in family_players(family)}, family
        for fld in declared.fields:
            assert fld.kind in ("select", "number", "checkbox"), (family, fld.name)
            assert fld.reads in ("", "whole"), (family, fld.name)


@pytest.mark.parametrize(("family", "players"), TABLES)
def test_the_starting_values_make_a_request_the_engine_scores(family: str, players: int) -> None:
    request = request_from_query(starting_query(family, players))
    assert request["variant"] == family and request["players"] == players
    answer = score_request(request)
    assert answer["scores"], request


@pytest.mark.parametrize("family", list(FAMILIES))
def test_the_request_reads_back_as_the_same_request(family: str) -> None:
    players = int(form(family).start["players"][0])
    request = request_from_query(starting_query(family, players))
    again = request_from_query(normalise_query(query_from_request(request)))
    assert again == request


def choices(family: str, players: int) -> Iterator[tuple[RequestField, str, str]]:
    """Every field's every choice (not the empty one), with the form name it is entered under."""
    query = starting_query(family, players)
    names = tuple(seat_names(query))
    seats = tuple(f"p{n}" for n in range(1, len(names) + 1))
    context = FieldContext(players, seats, names, query)
    for fld in form(family).shown(players):
        for value, _ in fld.choices_for(context):
            if value:
                yield fld, (f"{seats[0]}.{fld.name}" if fld.per_seat else fld.name), value


@pytest.mark.parametrize(("family", "players"), TABLES)
def test_every_choice_is_one_the_engine_takes(family: str, players: int) -> None:
    seen = 0
    for fld, name, value in choices(family, players):
        query = starting_query(family, players) | {name: [value]}
        request = request_from_query(query)
        try:
            score_request(request)
        except RequestError as error:
            # Another field may have to change with this choice (a solo's points); this one is taken.
            assert not error.field.startswith(fld.request_key), (family, players, name, value, error)
            assert fld.request_key not in error.message, (family, players, name, value, error)
        seen += 1
    assert seen, (family, players)


def test_a_list_offers_only_what_its_declaration_says() -> None:
    query = starting_query("fft", 4) | {"handful": ["attack:simple"]}
    assert request_from_query(query)["handfuls"] == [{"side": "attack", "size": "simple"}]
    with pytest.raises(FormErrors):
        request_from_query(query | {"handful": ["attack:none"]})


@pytest.mark.parametrize("family", list(FAMILIES))
def test_the_sheet_facts_come_from_the_declarations(family: str) -> None:
    declared = form(family)
    for players in family_players(family):
        roles = declared.roles(players, {})
        named = {name for name, _, _ in declared.sheet_roles(players)}
        assert named <= {"taker", "partner"}
        if roles.partner or roles.taker:
            assert named, (family, players)
        assert bool(declared.seat_note(players)) == (not named), (family, players)
    assert declared.zero_sum != declared.scores_by_seat
