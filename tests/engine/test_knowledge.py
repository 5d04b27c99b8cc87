"""What each rule set tells the computer players and the views (its ``knowledge``), found through the
registry."""

from __future__ import annotations

from tarot_core.engine.knowledge import Knowledge
from tarot_core.engine.variant import FAMILIES, all_variants, find_variant, knowledge_for
from tarot_core.players.rule import THRESHOLDS
from tarot_core.seats import Seat


def test_every_rule_set_declares_its_knowledge() -> None:
    """Each family's ``knowledge`` module is found through the registry; each variant and each view of
    its rounds carry it."""
    assert set(FAMILIES) >= {"fft", "classic", "mathers", "chambery"}
    for family in FAMILIES:
        assert isinstance(knowledge_for(family), Knowledge)
    for key, cls in all_variants().items():
        variant = find_variant(key)
        assert variant.knowledge is knowledge_for(cls.family)
        rnd = variant.deal_round(Seat.P1, key)
        assert rnd.view(Seat.P2).sides is variant.knowledge.sides


def test_the_french_rule_sets_bid_by_the_club_count_the_strategy_pages_show() -> None:
    """The modern and the classic French rules bid by the same ladder, the one the strategy pages show
    (``THRESHOLDS``), each under its own contracts' names."""
    fft, classic = knowledge_for("fft"), knowledge_for("classic")
    assert tuple(fft.bids.values()) == tuple(classic.bids.values()) == THRESHOLDS
    assert set(fft.bids) <= set(find_variant("fft-4").contracts)
    assert set(classic.bids) <= set(find_variant("classic-3").contracts)
