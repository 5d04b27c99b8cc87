"""Chambéry Tarot as a playable round: each rule of the Chambéry rulebook in English
(docs/reference/rules-decisions.md#source-chambery) checked on explicit deals. Random play-outs are in
``test_chambery_properties``."""

from __future__ import annotations

import random

import pytest

from tarot_core.actions import Action
from tarot_core.cards import EXCUSE, FULL_PACK, KINGS, PLAIN_SUITS, Card, parse_cards
from tarot_core.engine.state import Phase
from tarot_core.engine.variant import find_variant, variant_for
from tarot_core.errors import Illegal, IllegalActionError, TarotError
from tarot_core.games.chambery import ChamberyCounting, ChamberyRound, Stage, layout, pack_cards
from tarot_core.seats import Seat
from tests.engine.chambery_helpers import build, discard_first, everyone_passes, push, stage
from tests.engine.rounds import dealt, play_out, snapshot

P1, P2, P3, P4, P5 = Seat


def card(text: str) -> Card:
    return Card.parse(text)


def refused(rnd: object, text: str, reason: Illegal) -> str:
    from tarot_core.games.chambery import ChamberyRound

    assert isinstance(rnd, ChamberyRound)
    action = Action.parse(text, rnd.players)
    before = snapshot(rnd)
    refusal = rnd.why_illegal(action)
    assert refusal is not None, f"{text} was accepted"
    assert refusal.reason is reason, refusal
    with pytest.raises(IllegalActionError):
        rnd.push(action)
    assert snapshot(rnd) == before
    return refusal.message


# ------------------------------------------------------------------ variants and the deal


def test_variants_are_found_by_key_and_family_with_the_pack_as_an_option() -> None:
    assert find_variant("chambery-5").players == 5
    assert variant_for("chambery", 4).players == 4
    short = find_variant("chambery-3", pack=62)
    assert short.hand_size == 20 and short.dog_size == 2 and len(short.pack) == 62
    assert repr(short) == "find_variant('chambery-3', pack=62)"
    with pytest.raises(TarotError):
        find_variant("chambery-5", pack=52)
    with pytest.raises(TarotError):
        find_variant("chambery-5", colour="red")


@pytest.mark.parametrize(
    ("key", "pack"), [(k, p) for k in ("chambery-5", "chambery-4", "chambery-3") for p in (78, 62)]
)
def test_deal_by_packets_each_player_his_hand_the_dealer_his_extra_cards(key: str, pack: int) -> None:
    rnd = dealt(ChamberyRound, key, 11, dealer=P2, pack=pack)
    lay = layout(rnd.players, pack)
    sizes = [len(hand) for hand in rnd.hands]
    assert sizes[P2] == lay.hand_size + lay.dealer_extra
    assert all(size == lay.hand_size for seat, size in enumerate(sizes) if seat != P2)
    assert sorted(c for hand in rnd.hands for c in hand) == sorted(pack_cards(pack))
    assert stage(rnd) is Stage.DISCARD and rnd.phase is Phase.DISCARD and rnd.to_move == P2


def test_short_pack_has_no_two_to_five() -> None:
    rnd = dealt(ChamberyRound, "chambery-4", 3, pack=62)
    assert not [c for hand in rnd.hands for c in hand if c.suit in PLAIN_SUITS and 2 <= c.rank <= 5]


# ------------------------------------------------------------------ the dealer's discard


def test_dealer_discards_then_bidding_starts_at_his_right() -> None:
    rnd = build("chambery-5", {"extra": "S2 S3 S4"})
    push(rnd, "p1 discard S2", "p1 discard S3")
    assert stage(rnd) is Stage.DISCARD
    push(rnd, "p1 discard S4")
    assert stage(rnd) is Stage.BIDDING and rnd.to_move == P2
    assert rnd.discard == parse_cards("S2 S3 S4")


def test_no_king_21_or_fou_in_the_discard() -> None:
    rnd = build("chambery-5", {"p1": "HK T21 EX T5"})
    assert "King" in refused(rnd, "p1 discard HK", Illegal.DISCARD_KING)
    assert "21" in refused(rnd, "p1 discard T21", Illegal.DISCARD_BOUT)
    assert "Fou" in refused(rnd, "p1 discard EX", Illegal.DISCARD_BOUT)
    refused(rnd, "p1 discard T5", Illegal.DISCARD_TRUMP)
    offered = {a.card for a in rnd.legal_actions()}
    assert not [c for c in offered if c.is_king or c.is_trump or c is EXCUSE]


def test_tarots_may_go_only_if_the_dealer_keeps_none_and_the_pagat_is_announced() -> None:
    # Dealer p1 holds two tarots, the Pagat and the 2, no 21: both may go, then one more card.
    rnd = build("chambery-5", {"p1": "T1 T2 EX SK HK DK CK", "extra": "C8 C9 C10"})
    offered = {a.card for a in rnd.legal_actions()}
    assert card("T1") in offered and card("T2") in offered
    push(rnd, "p1 discard T1")
    # Once a tarot is out, every tarot must go: the remaining places are for T2 and one suit card.
    push(rnd, "p1 discard S1")
    assert [a.card for a in rnd.legal_actions()] == [card("T2")]
    push(rnd, "p1 discard T2")
    assert any("Baga" in line for line in rnd.announcements)


def test_forced_discard_lays_away_as_few_plain_tarots_as_needed() -> None:
    hand = "HK SK DK CK EX T21 T20 T19 T18 T17 T16 T15 T14 T13 T1"
    rnd = build("chambery-5", {"p1": hand, "extra": "T11 T12 H2"})
    offered = [a.card for a in rnd.legal_actions()]
    assert card("H2") in offered and card("T1") not in offered
    push(rnd, "p1 discard T11", "p1 discard T12")
    assert [a.card for a in rnd.legal_actions()] == [card("H2")]
    push(rnd, "p1 discard H2")
    assert any("2 tarot" in line for line in rnd.announcements)
    loose = build("chambery-5", {"p1": hand, "extra": "T11 T12 H2"}, forced_discard="any-trumps")
    assert card("T1") in [a.card for a in loose.legal_actions()]


# ------------------------------------------------------------------ bidding


def test_each_player_speaks_once_and_a_later_solo_demands_fewer_cards() -> None:
    rnd = build("chambery-5", {})
    discard_first(rnd)
    assert [a.word for a in rnd.legal_actions()] == ["", "solo-two-cards", "solo-one-card", "solo-hand"]
    push(rnd, "p2 bid solo-one-card")
    assert [a.word for a in rnd.legal_actions() if a.kind == "bid"] == ["solo-hand"]
    refused(rnd, "p3 bid solo-two-cards", Illegal.BID_TOO_LOW)
    refused(rnd, "p3 bid solo-one-card", Illegal.BID_TOO_LOW)
    refused(rnd, "p3 bid garde", Illegal.BID_NOT_ALLOWED)
    refused(rnd, "p4 pass", Illegal.NOT_YOUR_TURN)
    push(rnd, "p3 bid solo-hand", "p4 pass", "p5 pass")
    assert [str(a) for a in rnd.legal_actions()] == ["p1 pass"]
    push(rnd, "p1 pass")
    assert rnd.taker == P3 and rnd.contract == "solo-hand" and stage(rnd) is Stage.PLAYING


def test_all_pass_the_dealer_calls_a_king_and_its_holder_is_his_partner_at_once() -> None:
    rnd = build("chambery-5", {"p4": "SK"})
    discard_first(rnd)
    everyone_passes(rnd)
    assert stage(rnd) is Stage.CALL and rnd.to_move == P1 and rnd.contract == "call"
    assert all(a.card.is_king for a in rnd.legal_actions())
    push(rnd, "p1 call SK")
    assert rnd.partner == P4 and rnd.partner_revealed
    assert any("p4" in line and "King of Spades" in line for line in rnd.announcements)
    assert stage(rnd) is Stage.PLAYING and rnd.to_move == P2


def test_dealer_holding_four_kings_calls_a_queen_not_his_own_nor_a_discarded_one() -> None:
    rnd = build("chambery-5", {"p1": "SK HK DK CK SQ", "extra": "HQ H2 H3"})
    push(rnd, "p1 discard HQ", "p1 discard H2", "p1 discard H3")
    everyone_passes(rnd)
    assert [str(a.card) for a in rnd.legal_actions()] == ["DQ", "CQ"]
    assert "yourself" in refused(rnd, "p1 call SQ", Illegal.CALL_NOT_ALLOWED)
    assert "laid" in refused(rnd, "p1 call HQ", Illegal.CALL_NOT_ALLOWED)
    assert "Queen" in refused(rnd, "p1 call DC", Illegal.CALL_NOT_ALLOWED)


def test_three_players_have_no_bidding_and_four_fixed_partners_sit_opposite() -> None:
    three = build("chambery-3", {})
    discard_first(three)
    assert stage(three) is Stage.PLAYING and three.contract == "individual"
    fixed = build("chambery-4", {}, P2, four_player="fixed")
    discard_first(fixed)
    assert stage(fixed) is Stage.PLAYING and fixed.taker == P2 and fixed.partner == P4
    assert fixed.side_of(P3) == "defence" and fixed.side_of(P1) == "defence"


# ------------------------------------------------------------------ demands and exchanges


def test_two_card_solo_demands_two_cards_and_gives_one_back_for_each() -> None:
    rnd = build("chambery-5", {"p3": "T21 EX", "p4": "HK"})
    discard_first(rnd)
    push(rnd, "p2 bid solo-two-cards", "p3 pass", "p4 pass", "p5 pass", "p1 pass")
    assert stage(rnd) is Stage.DEMAND and rnd.to_move == P2
    assert "Fou" in refused(rnd, "p2 demand EX", Illegal.DEMAND_NOT_ALLOWED)
    own = str(rnd.hands[P2][0])
    assert "already hold" in refused(rnd, f"p2 demand {own}", Illegal.DEMAND_NOT_ALLOWED)
    push(rnd, "p2 demand T21")
    assert "already asked" in refused(rnd, "p2 demand T21", Illegal.DEMAND_NOT_ALLOWED)
    push(rnd, "p2 demand HK")
    assert stage(rnd) is Stage.EXCHANGE and rnd.phase is Phase.DISCARD
    assert card("T21") in rnd.hands[P2] and card("HK") in rnd.hands[P2]
    assert rnd.received == [(card("T21"), P3), (card("HK"), P4)]
    assert "just received" in refused(rnd, "p2 give T21", Illegal.DEMAND_NOT_ALLOWED)
    first, second = (a.card for a in rnd.legal_actions()[:2])
    push(rnd, f"p2 give {first}")
    assert first in rnd.hands[P3]
    push(rnd, f"p2 give {second}")
    assert second in rnd.hands[P4]
    assert [len(hand) for hand in rnd.hands] == [15] * 5
    assert stage(rnd) is Stage.PLAYING and rnd.to_move == P2


def test_a_demand_of_a_discarded_card_names_another_or_is_lost_by_option() -> None:
    written = {"extra": "SQ S2 S3"}
    for option, expect_stage in (("name-again", Stage.DEMAND), ("lost", Stage.PLAYING)):
        rnd = build("chambery-5", written, demand_in_discard=option)
        push(rnd, "p1 discard SQ", "p1 discard S2", "p1 discard S3")
        push(rnd, "p2 bid solo-one-card", "p3 pass", "p4 pass", "p5 pass", "p1 pass")
        push(rnd, "p2 demand SQ")
        assert rnd.misses == [card("SQ")] and rnd.stage is expect_stage
        assert any("discard" in line for line in rnd.announcements)
        if option == "name-again":
            assert "discard" in refused(rnd, "p2 demand SQ", Illegal.DEMAND_NOT_ALLOWED)
            push(rnd, "p2 demand T21")
            assert stage(rnd) is Stage.EXCHANGE


def test_a_dealer_soloist_cannot_demand_a_card_he_laid_away() -> None:
    rnd = build("chambery-5", {"extra": "SQ S2 S3"})
    push(rnd, "p1 discard SQ", "p1 discard S2", "p1 discard S3")
    push(rnd, "p2 pass", "p3 pass", "p4 pass", "p5 pass", "p1 bid solo-one-card")
    assert "laid" in refused(rnd, "p1 demand SQ", Illegal.DEMAND_NOT_ALLOWED)


def test_hand_solo_demands_nothing() -> None:
    rnd = build("chambery-4", {})
    discard_first(rnd)
    push(rnd, "p2 bid solo-hand", "p3 pass", "p4 pass", "p1 pass")
    assert stage(rnd) is Stage.PLAYING and not rnd.received


# ------------------------------------------------------------------ play


def test_no_obligation_to_overtrump_but_a_void_player_must_trump() -> None:
    rnd = build("chambery-4", {"p2": "S10 H7", "p3": "T20 H8", "p4": "T2 T19 H9"})
    discard_first(rnd)
    everyone_passes(rnd)
    rnd.push(rnd.legal_actions()[0])
    push(rnd, "p2 play S10")
    assert "tarot" in refused(rnd, "p3 play H8", Illegal.MUST_TRUMP)
    push(rnd, "p3 play T20")
    offered = [a.card for a in rnd.legal_actions()]
    # p4 has no spade: he must play a tarot, and the T2, lower than the T20 on the table, will do.
    assert card("T2") in offered and card("T19") in offered and card("H9") not in offered
    push(rnd, "p4 play T2")


def test_fou_is_shown_instead_of_following_and_kept_by_its_side() -> None:
    rnd = build("chambery-5", {"p3": "EX H1", "p2": "H2"})
    discard_first(rnd)
    everyone_passes(rnd)
    push(rnd, f"p1 call {rnd.legal_actions()[0].card}")
    push(rnd, "p2 play H2")
    assert card("EX") in [a.card for a in rnd.legal_actions()]
    push(rnd, "p3 play EX")
    play_out(rnd, random.Random(1))
    counting = rnd.count()
    assert isinstance(counting, ChamberyCounting)
    assert counting.excuse is not None and counting.excuse.seat == P3
    side = rnd.side_of(P3)
    assert EXCUSE in (counting.attack_cards if side == "attack" else counting.defence_cards)
    assert rnd.tricks[0].winner is not None and rnd.tricks[0].card_of(rnd.tricks[0].winner) is not EXCUSE


def test_fou_lead_option() -> None:
    rnd = build("chambery-3", {"p2": "EX"}, fou_lead=False)
    discard_first(rnd)
    assert rnd.to_move == P2
    assert "lead" in refused(rnd, "p2 play EX", Illegal.EXCUSE_LEAD)
    allowed = build("chambery-3", {"p2": "EX"})
    discard_first(allowed)
    push(allowed, "p2 play EX")
    # The next card sets the suit: p3 may lead anything.
    assert len(allowed.legal_actions()) == len(allowed.hands[P3])


def test_card_points_per_seat_tricks_and_discard_add_up_to_the_total() -> None:
    rnd = dealt(ChamberyRound, "chambery-5", 21)
    play_out(rnd, random.Random(21))
    counting = rnd.count()
    lay = layout(5, 78)
    assert sum(counting.seat_tricks) == lay.tricks
    assert sum(counting.seat_points) == lay.total
    assert counting.discard_points >= 1
    assert counting.attack_points + counting.defence_points == lay.total
    cards_won = sorted([*counting.attack_cards, *counting.defence_cards])
    assert cards_won == sorted(FULL_PACK)


def test_round_score_follows_the_payment_rules_and_summary() -> None:
    from tarot_core.games.chambery import pay_partnership

    rnd = dealt(ChamberyRound, "chambery-5", 5)
    discard_first(rnd)
    everyone_passes(rnd)
    play_out(rnd, random.Random(5))
    result = rnd.result()
    counting = result.counting
    assert isinstance(counting, ChamberyCounting)
    pay = pay_partnership(5, "call", counting.attack_points)
    assert result.by_seat[P1] == pay.attack["dealer"]
    assert rnd.partner is not None and result.by_seat[rnd.partner] == pay.attack["partner"]
    assert sum(result.by_seat.values()) == 0
    summary = rnd.result_summary()
    assert summary["contract"] == "call" and summary["attack_points"] == counting.attack_points
    assert result.score is not None and result.score.as_dict()["scores"] == pay.scores()


def test_kings_are_never_in_the_discard_so_a_called_king_always_has_a_holder() -> None:
    for seed in range(30):
        rnd = dealt(ChamberyRound, "chambery-5", seed)
        discard_first(rnd)
        assert not set(KINGS) & set(rnd.discard)


def test_running_tally_counts_finished_tricks_and_the_discard_only_at_the_end() -> None:
    rnd = dealt(ChamberyRound, "chambery-5", 8)
    discard_first(rnd)
    everyone_passes(rnd)
    rnd.push(rnd.legal_actions()[0])
    rng = random.Random(8)
    while not rnd.is_over:
        rnd.push(rnd.legal_actions()[rng.randrange(len(rnd.legal_actions()))])
        if rnd.current is not None and not rnd.current.plays:
            tally = rnd.tally()
            assert isinstance(tally, ChamberyCounting)
            assert sum(tally.seat_tricks) == len(rnd.tricks)
            assert tally.discard_points == 0
    final = rnd.count()
    assert final.discard_points >= 1 and sum(final.seat_points) == 68


def test_a_trick_led_by_the_fou_has_no_winner_until_a_card_is_played() -> None:
    rnd = build("chambery-3", {"p2": "EX"})
    discard_first(rnd)
    push(rnd, "p2 play EX")
    assert rnd.current_winner() is None
    rnd.push(rnd.legal_actions()[0])
    assert rnd.current_winner() == P3


def test_trick_points_are_the_cards_but_the_fou_and_one_for_the_trick() -> None:
    rnd = dealt(ChamberyRound, "chambery-5", 9)
    discard_first(rnd)
    everyone_passes(rnd)
    play_out(rnd, random.Random(9))
    counting = rnd.count()
    from_tricks = sum(rnd.trick_points(trick) for trick in rnd.tricks)
    fou = rnd.points_of([EXCUSE])
    discard = counting.discard_points
    assert from_tricks + fou + discard == layout(5, 78).total
