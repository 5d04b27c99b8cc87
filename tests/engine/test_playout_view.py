"""The play-outs' quicker view: at every card choice of whole rounds of every rule set, the rule-based
player chooses the same card for the same reason on the view a play-out makes (``_Table.view``) as on
the seat's full view, and the play-outs end every round as rounds played by the rule-based player on
full views end."""

from __future__ import annotations

import pytest

from tarot_core.engine.variant import find_variant
from tarot_core.players import montecarlo
from tarot_core.players.montecarlo import _Table
from tarot_core.players.rule import RulePlayer
from tarot_core.seats import SEATS
from tests.engine.view_helpers import VARIANT_CASES


@pytest.mark.parametrize(("key", "options"), VARIANT_CASES, ids=[f"{k}{o or ''}" for k, o in VARIANT_CASES])
def test_the_rule_player_reads_the_quick_view_as_the_full_one(key: str, options: dict[str, object]) -> None:
    variant = find_variant(key, **options)
    rule = RulePlayer()
    compared = 0
    for number in range(12):
        rnd = variant.deal_round(SEATS[number % variant.players], f"quick-view:{number}")
        table: _Table | None = None
        while not rnd.is_over:
            seat = rnd.to_move
            assert seat is not None
            legal = rnd.legal_actions()
            view = rnd.view(seat)
            if legal and all(a.kind == "play" for a in legal) and len(legal) > 1:
                # A table made at any point of the round catches up with the tricks played before.
                if table is None or number % 3 == 0:
                    table = _Table(rnd)
                cards = [a.card for a in legal]
                quick = table.view(rnd, seat)
                assert rule._card(quick, cards) == rule._card(view, cards), (key, number, len(rnd.actions))
                assert sorted(quick.all_played()) == sorted(view.all_played())
                assert [set(v) for v in quick.voids] == [set(v) for v in view.voids]
                assert [list(p) for p in quick.played] == [list(p) for p in view.played]
                assert all(quick.same_side(s) == view.same_side(s) for s in view.seats)
                compared += 1
            rnd.push(rule.choose(view)[0])
    assert compared > 50


@pytest.mark.parametrize("key", ["fft-4", "fft-5", "chambery-4", "mathers-3"])
def test_a_play_out_plays_as_the_rule_player_on_full_views(key: str) -> None:
    """A play-out from any point is the round the rule-based player plays from there."""
    variant = find_variant(key)
    rule = RulePlayer()
    for number in range(10):
        rnd = variant.deal_round(SEATS[number % variant.players], f"quick-play:{number}")
        for _ in range(4 * number):
            if rnd.is_over:
                break
            seat = rnd.to_move
            assert seat is not None
            rnd.push(rule.choose(rnd.view(seat))[0])
        quick, plain = rnd.copy(), rnd.copy()
        montecarlo.playout(quick, rule)
        while not plain.is_over:
            seat = plain.to_move
            assert seat is not None
            plain.push(rule.choose(plain.view(seat))[0])
        assert quick.actions == plain.actions, (key, number)
        assert quick.result_summary() == plain.result_summary()
