"""French Tarot before the play: the deal, petit sec, the bidding, the five-player call and the discard.

Facts from the FFT rules and the beginner's guide (III. A. The Deal, B. Bidding), as set out in
docs/reference/rules-decisions.md, sections decision-fft-deal, decision-fft-bidding and decision-fft-five.
Every position is built from a written deal.
"""

from __future__ import annotations

import itertools
import random

import pytest

from tarot_core import find_variant
from tarot_core.actions import Action
from tarot_core.cards import EXCUSE, PETIT, Card
from tarot_core.engine.deal import deal, deal_pack
from tarot_core.engine.state import Phase
from tarot_core.errors import Illegal
from tarot_core.seats import SEATS, Seat
from tests.engine.fft_helpers import (
    P1,
    P2,
    P3,
    P4,
    act,
    assert_accepted,
    assert_refused,
    build_deal,
    cards,
    discard,
    hand,
    new_round,
    phase,
    play_out,
    take,
)

SIZES = {"fft-3": (3, 24, 6, 4), "fft-4": (4, 18, 6, 3), "fft-5": (5, 15, 3, 3)}

# ------------------------------------------------------------------ the deal


@pytest.mark.parametrize("key", ["fft-3", "fft-4", "fft-5"])
def test_deal_neither_first_nor_last_card_goes_to_dog(key: str) -> None:
    variant = find_variant(key)
    players, hand_size, dog_size, packet = SIZES[key]
    pack = list(variant.pack)
    seen: set[int] = set()
    for seed in range(300):
        _, dog = deal_pack(variant, P1, list(pack), random.Random(seed))
        positions = sorted(pack.index(c) for c in dog)
        assert len(positions) == dog_size
        assert 0 not in positions and len(pack) - 1 not in positions
        # Dog cards are put aside one at a time, each between two packets: the k-th dog card sits
        # after a whole number of packets (and the k dog cards before it).
        gaps = [(position - k) / packet for k, position in enumerate(positions)]
        assert all(g.is_integer() for g in gaps)
        assert all(b - a > packet for a, b in itertools.pairwise(positions))
        seen.update(int(g) for g in gaps)
    # Every gap between two packets is used by some deal, and no other place ever is.
    packets = players * hand_size // packet
    assert seen == set(range(1, packets))


@pytest.mark.parametrize("key", ["fft-3", "fft-4", "fft-5"])
def test_an_unsorted_deal_holds_the_same_cards_in_dealing_order(key: str) -> None:
    """``sort=False`` (the round sorts its hands itself) changes only the order within each hand and
    the dog: the same generator deals the same cards, and each hand lists them as they were dealt."""
    variant = find_variant(key)
    for seed in range(20):
        shuffled = list(variant.pack)
        random.Random(seed).shuffle(shuffled)
        hands, dog = deal_pack(variant, P2, list(shuffled), random.Random(seed))
        raw_hands, raw_dog = deal_pack(variant, P2, list(shuffled), random.Random(seed), sort=False)
        assert [sorted(held) for held in raw_hands] == hands and sorted(raw_dog) == dog
        position = {card: index for index, card in enumerate(shuffled)}
        for held in (*raw_hands, raw_dog):
            assert [position[card] for card in held] == sorted(position[card] for card in held)
        assert any(held != sorted(held) for held in raw_hands)


@pytest.mark.parametrize("key", ["fft-3", "fft-4", "fft-5"])
def test_deal_packets_go_counter_clockwise_from_the_dealers_right(key: str) -> None:
    variant = find_variant(key)
    players, hand_size, _, packet = SIZES[key]
    pack = list(variant.pack)  # in pack order, so a card's index says where it was in the pack
    hands, _ = deal_pack(variant, P3 if players > 3 else P2, pack, random.Random(1))
    dealer = P3 if players > 3 else P2
    first = dealer.next(players)
    assert set(pack[:packet]) <= set(hands[first])
    for hand_cards in hands:
        assert len(hand_cards) == hand_size
        indexes = [c.index for c in hand_cards]
        # Whole packets: each hand is made of runs of ``packet`` consecutive cards of the pack.
        runs: list[list[int]] = []
        for i in indexes:
            if runs and i == runs[-1][-1] + 1 and len(runs[-1]) < packet:
                runs[-1].append(i)
            else:
                runs.append([i])
        assert all(len(run) == packet for run in runs)


@pytest.mark.parametrize("key", ["fft-3", "fft-4", "fft-5"])
def test_deal_is_reproducible_from_its_seed(key: str) -> None:
    variant = find_variant(key)
    players, hand_size, dog_size, _ = SIZES[key]
    hands, dog = deal(variant, P1, 2024)
    assert (hands, dog) == deal(variant, P1, 2024)
    assert (hands, dog) != deal(variant, P1, 2025)
    assert [len(h) for h in hands] == [hand_size] * players and len(dog) == dog_size
    assert sorted([*dog, *(c for h in hands for c in h)], key=lambda c: c.index) == list(variant.pack)
    rnd = variant.deal_round(P1, 2024)
    assert [list(h) for h in rnd.initial_hands] == hands and list(rnd.initial_dog) == dog


# ------------------------------------------------------------------ petit sec


def test_petit_sec_voids_the_deal() -> None:
    rnd = new_round("fft-4", {"p3": "T1 H1 H2 H3 H4 H5 H6 H7 H8 H9 H10 HJ HC HQ HK D1 D2 D3"})
    assert EXCUSE not in rnd.hands[P3] and [c for c in rnd.hands[P3] if c.is_trump] == [PETIT]
    # p2 speaks first, but p3 must announce the petit sec before anything else happens.
    assert rnd.phase is Phase.PETIT_SEC and rnd.to_move == P3
    assert [str(a) for a in rnd.legal_actions()] == ["p3 petit-sec"]
    assert_refused(rnd, "p2 pass", Illegal.PETIT_SEC_MUST_ANNOUNCE, "p3 holds the Petit alone")
    assert_refused(rnd, "p3 bid garde", Illegal.PETIT_SEC_MUST_ANNOUNCE, "announced void (petit sec)")
    assert_refused(rnd, "p3 play H1", Illegal.PETIT_SEC_MUST_ANNOUNCE)
    assert_accepted(rnd, "p3 petit-sec")
    assert rnd.is_over and rnd.to_move is None and rnd.legal_actions() == ()
    result = rnd.result()
    assert result.outcome == "redeal-petit-sec" and result.counting is None and result.score is None
    assert result.by_seat == {P1: 0, P2: 0, P3: 0, P4: 0}
    assert_refused(rnd, "p3 petit-sec", Illegal.ROUND_OVER, "the round is over")


@pytest.mark.parametrize(
    "p3_hand",
    [
        "T1 EX H1 H2 H3 H4 H5 H6 H7 H8 H9 H10 HJ HC HQ HK D1 D2",  # the Excuse keeps the Petit company
        "T1 T2 H1 H2 H3 H4 H5 H6 H7 H8 H9 H10 HJ HC HQ HK D1 D2",  # a second trump
    ],
)
def test_petit_with_the_excuse_or_another_trump_is_not_petit_sec(p3_hand: str) -> None:
    rnd = new_round("fft-4", {"p3": p3_hand})
    assert rnd.phase is Phase.BIDDING and rnd.to_move == P2
    assert_refused(rnd, "p2 petit-sec", Illegal.PETIT_SEC_FALSE, "only trump is the Petit")
    assert_refused(rnd, "p3 petit-sec", Illegal.PETIT_SEC_FALSE)


@pytest.mark.parametrize("key", ["fft-3", "fft-5"])
def test_petit_sec_in_three_and_five_player_games(key: str) -> None:
    players, hand_size, _, _ = SIZES[key]
    plain = [c for c in find_variant(key).pack if c.suit.is_plain][: hand_size - 1]
    rnd = new_round(key, {"p2": "T1 " + " ".join(map(str, plain))}, dealer="p2")
    assert rnd.phase is Phase.PETIT_SEC and rnd.to_move == P2
    act(rnd, "p2 petit-sec")
    assert rnd.result().outcome == "redeal-petit-sec"
    assert set(rnd.result().by_seat.values()) == {0} and len(rnd.result().by_seat) == players


# ------------------------------------------------------------------ bidding


def test_bidding_each_player_speaks_once() -> None:
    rnd = new_round("fft-4", {"p2": "T2 T3", "p4": "T4 T5"})
    order = []
    assert rnd.to_move == P2  # the dealer (p1)'s right speaks first
    assert [str(a) for a in rnd.legal_actions()] == [
        "p2 pass",
        "p2 bid prise",
        "p2 bid garde",
        "p2 bid garde-sans",
        "p2 bid garde-contre",
    ]
    assert_refused(rnd, "p3 pass", Illegal.NOT_YOUR_TURN, "it is p2's turn, not p3's")
    assert_refused(rnd, "p2 bid chelem", Illegal.BID_NOT_ALLOWED, "'chelem' is not a contract here")
    assert_refused(rnd, "p2 play S1", Illegal.WRONG_PHASE, "now is the time to bid or pass, not to play")
    assert_refused(rnd, "p2 discard S1", Illegal.WRONG_PHASE)
    order.append(rnd.to_move)
    act(rnd, "p2 bid prise")
    order.append(rnd.to_move)
    assert_refused(rnd, "p3 bid prise", Illegal.BID_TOO_LOW, "higher than the last one (prise)")
    assert [str(a) for a in rnd.legal_actions()] == [
        "p3 pass",
        "p3 bid garde",
        "p3 bid garde-sans",
        "p3 bid garde-contre",
    ]
    act(rnd, "p3 pass")
    order.append(rnd.to_move)
    act(rnd, "p4 bid garde-sans")
    order.append(rnd.to_move)
    assert_refused(rnd, "p1 bid garde", Illegal.BID_TOO_LOW, "(garde-sans)")
    assert [str(a) for a in rnd.legal_actions()] == ["p1 pass", "p1 bid garde-contre"]
    act(rnd, "p1 pass")
    assert order == [P2, P3, P4, P1]
    # Four players have spoken once each: p2 does not get a second turn although p4 overbid it.
    assert rnd.phase is Phase.PLAYING and rnd.taker == P4 and rnd.contract == "garde-sans"
    assert [str(a) for a in rnd.bids] == ["p2 bid prise", "p4 bid garde-sans"]
    assert_refused(rnd, "p2 bid garde-contre", Illegal.WRONG_PHASE, "not to bid")


@pytest.mark.parametrize("key", ["fft-3", "fft-4", "fft-5"])
def test_all_pass_redeal(key: str) -> None:
    players = SIZES[key][0]
    rnd = new_round(key, {"p1": "T2 T3", "p2": "T4 T5"}, dealer="p2")
    speakers = []
    while rnd.phase is Phase.BIDDING:
        assert rnd.to_move is not None
        speakers.append(rnd.to_move)
        act(rnd, f"{rnd.to_move} pass")
    assert speakers == [SEATS[(2 + i) % players] for i in range(players)]
    assert rnd.is_over and rnd.taker is None and rnd.legal_actions() == ()
    result = rnd.result()
    assert result.outcome == "redeal-all-passed" and result.score is None
    assert list(result.by_seat.values()) == [0] * players
    assert rnd.result_summary() == {
        "outcome": "redeal-all-passed",
        "scores": {str(s): 0 for s in SEATS[:players]},
    }
    assert_refused(rnd, f"{speakers[0]} bid prise", Illegal.ROUND_OVER, "no more actions")


def test_bidding_ladder_garde_contre_ends_the_auction_for_higher_bids() -> None:
    rnd = new_round("fft-3", {"p1": "T2 T3"})
    act(rnd, "p2 bid garde-contre")
    assert [str(a) for a in rnd.legal_actions()] == ["p3 pass"]
    assert_refused(rnd, "p3 bid garde-contre", Illegal.BID_TOO_LOW)
    act(rnd, "p3 pass", "p1 pass")
    assert rnd.taker == P2 and rnd.phase is Phase.PLAYING


# ------------------------------------------------------------------ the five-player call

FIVE_KINGS = "SK HK DK CK S1 S2 S3 H1 H2 T10 T11 T12 T13 T14 T15"


def test_five_players_call_a_king_they_do_not_hold() -> None:
    rnd = new_round("fft-5", {"p2": "HK S1 S2 T10 T11 T12 T13 T14 T15 T16 T17 D1 D2 D3 D4", "p4": "SK"})
    take(rnd, "p2", "garde")
    assert rnd.phase is Phase.CALLING and rnd.to_move == P2
    assert rnd.hands[P2] == sorted(rnd.hands[P2], key=lambda c: c.index) and len(rnd.hands[P2]) == 15
    assert [str(a) for a in rnd.legal_actions()] == ["p2 call SK", "p2 call HK", "p2 call DK", "p2 call CK"]
    assert_refused(rnd, "p2 call SQ", Illegal.CALL_NOT_ALLOWED, "a Queen only when you hold all four Kings")
    assert_refused(rnd, "p2 call SC", Illegal.CALL_NOT_ALLOWED, "all four Kings and all four Queens")
    assert_refused(rnd, "p2 call T21", Illegal.CALL_NOT_ALLOWED, "21 of trumps cannot be called: call a King")
    assert_refused(rnd, "p2 call S5", Illegal.CALL_NOT_ALLOWED, "5 of Spades cannot be called")
    assert_refused(rnd, "p2 call SK HK", Illegal.CALL_NOT_ALLOWED, "call exactly one card")
    assert_refused(rnd, "p3 call SK", Illegal.NOT_YOUR_TURN)
    assert_refused(rnd, "p2 discard S1", Illegal.WRONG_PHASE, "now is the time to call")
    # The dog is turned only after the call.
    assert not rnd.dog_revealed
    act(rnd, "p2 call SK")
    assert rnd.called == Card.parse("SK") and rnd.partner == P4
    assert rnd.attack == frozenset({P2, P4}) and rnd.side_of(P4) == "attack" and rnd.side_of(P3) == "defence"
    assert rnd.dog_revealed and rnd.phase is Phase.DISCARD and len(rnd.hands[P2]) == 18


def test_five_players_call_queen_when_holding_four_kings() -> None:
    rnd = new_round("fft-5", {"p2": FIVE_KINGS, "p5": "HQ"})
    take(rnd, "p2", "prise")
    calls = [str(a.card) for a in rnd.legal_actions()]
    assert calls == ["SK", "HK", "DK", "CK", "SQ", "HQ", "DQ", "CQ"]
    assert_refused(rnd, "p2 call DC", Illegal.CALL_NOT_ALLOWED, "all four Kings and all four Queens")
    act(rnd, "p2 call HQ")
    assert rnd.partner == Seat.P5 and rnd.attack == frozenset({P2, Seat.P5})


def test_five_players_call_knight_when_holding_four_kings_and_four_queens() -> None:
    rnd = new_round("fft-5", {"p2": "SK HK DK CK SQ HQ DQ CQ T10 T11 T12 T13 T14 T15 T16", "p3": "DC"})
    take(rnd, "p2", "garde")
    calls = [str(a.card) for a in rnd.legal_actions()]
    assert calls == ["SK", "HK", "DK", "CK", "SQ", "HQ", "DQ", "CQ", "SC", "HC", "DC", "CC"]
    act(rnd, "p2 call DC")
    assert rnd.partner == P3


def test_called_card_in_dog_taker_plays_alone() -> None:
    rnd = new_round("fft-5", {"p2": "S1 S2 T10 T11 T12 T13 T14 T15 T16 T17 T18 D1 D2 D3 D4"}, dog="HK T20 EX")
    take(rnd, "p2", "garde")
    act(rnd, "p2 call HK")
    assert rnd.called == Card.parse("HK") and rnd.holder_of(Card.parse("HK")) is None
    assert rnd.partner is None and rnd.attack == frozenset({P2})
    assert Card.parse("HK") in rnd.hands[P2]  # the dog went to the taker, called King included
    play_out(rnd)
    result = rnd.result()
    assert result.score is not None
    s = result.score.per_defender
    assert result.score.partner is None
    assert result.by_seat == {P1: -s, P2: 4 * s, P3: -s, P4: -s, Seat.P5: -s}
    assert any(
        t.term == "taker_share" and t.detail == f"4 × {s}".replace("-", "\u2212") for t in result.score.terms
    )


def test_taker_calling_own_king_plays_alone() -> None:
    rnd = new_round("fft-5", {"p2": "SK S1 S2 T10 T11 T12 T13 T14 T15 T16 T17 T18 D1 D2 D3"})
    take(rnd, "p2", "garde-sans")
    assert_accepted(rnd, "p2 call SK")
    assert rnd.partner is None and rnd.phase is Phase.PLAYING
    play_out(rnd)
    result = rnd.result()
    assert result.score is not None
    s = result.score.per_defender
    assert result.by_seat[P2] == 4 * s and sum(result.by_seat.values()) == 0


def test_five_players_partner_scores_once_and_taker_twice() -> None:
    rnd = new_round("fft-5", {"p2": "S1 S2 T10 T11 T12 T13 T14 T15 T16 T17 T18 D1 D2 D3 D4", "p5": "CK"})
    take(rnd, "p2", "garde-contre")
    act(rnd, "p2 call CK")
    play_out(rnd)
    result = rnd.result()
    assert result.score is not None and result.counting is not None
    s = result.score.per_defender
    assert result.by_seat == {P1: -s, P2: 2 * s, P3: -s, P4: -s, Seat.P5: s}
    assert result.score.partner == s and result.counting.dog_to == "defence"


# ------------------------------------------------------------------ the discard

DISCARD_DEAL = {
    # p2 takes: after the dog it holds 4 Kings, 3 bouts and plenty of plain cards.
    "p2": "SK HK S1 S2 S3 S4 H1 H2 H3 T1 T21 T5 T6 T7 T8 T9 T10 T11",
}
DISCARD_DOG = "DK CK EX D1 D2 T12"


def test_discard_no_king_no_bout() -> None:
    rnd = new_round("fft-4", DISCARD_DEAL, dog=DISCARD_DOG)
    take(rnd, "p2", "garde")
    assert rnd.phase is Phase.DISCARD and rnd.dog_revealed and len(rnd.hands[P2]) == 24
    legal = {str(a.card) for a in rnd.legal_actions()}
    assert legal == {"S1", "S2", "S3", "S4", "H1", "H2", "H3", "D1", "D2"}
    assert_refused(
        rnd, "p2 discard SK", Illegal.DISCARD_KING, "a King may not go in the discard (King of Spades)"
    )
    assert_refused(rnd, "p2 discard DK", Illegal.DISCARD_KING)
    assert_refused(
        rnd, "p2 discard T21", Illegal.DISCARD_BOUT, "a bout may not go in the discard (21 of trumps)"
    )
    assert_refused(rnd, "p2 discard T1", Illegal.DISCARD_BOUT, "(1 of trumps (the Petit))")
    assert_refused(rnd, "p2 discard EX", Illegal.DISCARD_BOUT, "(the Excuse)")
    assert_refused(rnd, "p2 discard T12", Illegal.DISCARD_TRUMP, "only when nothing else can")
    assert_refused(rnd, "p2 discard H4", Illegal.NOT_IN_HAND, "you do not hold the 4 of Hearts")
    assert_refused(rnd, "p2 discard S1 S2", Illegal.DISCARD_SIZE, "one card at a time")
    assert_refused(rnd, "p3 discard S5", Illegal.NOT_YOUR_TURN)
    assert_refused(rnd, "p2 play S1", Illegal.WRONG_PHASE, "now is the time to discard")
    discard(rnd, "S1 S2 S3 S4 D1")
    assert phase(rnd) is Phase.DISCARD
    assert_accepted(rnd, "p2 discard D2")
    assert phase(rnd) is Phase.PLAYING and rnd.discard == cards("S1 S2 S3 S4 D1 D2")
    assert len(rnd.hands[P2]) == 18 and hand(rnd, "p2").count("K") == 4
    play_out(rnd)
    counting = rnd.result().counting
    assert counting is not None and counting.dog_to == "attack"
    assert set(cards("S1 S2 S3 S4 D1 D2")) <= set(counting.attack_cards)


def test_discard_trump_only_when_forced() -> None:
    # After the dog p2 holds 4 Kings, 3 bouts, 3 other plain cards and 14 other trumps: 6 cards must
    # go, and only 3 of them can be plain, so 3 trumps (never a bout) go too.
    rnd = new_round(
        "fft-4",
        {"p2": "SK HK DK CK S1 S2 T1 T21 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11"},
        dog="EX H1 T12 T13 T14 T15",
    )
    take(rnd, "p2", "prise")
    legal = {str(a.card) for a in rnd.legal_actions()}
    assert legal == {"S1", "S2", "H1", *(f"T{n}" for n in range(2, 16))}
    act(rnd, "p2 discard T2", "p2 discard T3", "p2 discard T4")
    # Three to go and three plain cards left: trumps are no longer allowed.
    assert {str(a.card) for a in rnd.legal_actions()} == {"S1", "S2", "H1"}
    assert_refused(
        rnd,
        "p2 discard T5",
        Illegal.DISCARD_TRUMP,
        "you still hold the Ace and 2 of Spades and the Ace of Hearts",
    )
    discard(rnd, "S1 S2 H1")
    assert rnd.phase is Phase.PLAYING and sorted(rnd.discard, key=lambda c: c.index) == cards(
        "S1 S2 H1 T2 T3 T4"
    )


def test_discard_no_trump_while_plain_cards_suffice() -> None:
    rnd = new_round("fft-4", DISCARD_DEAL, dog=DISCARD_DOG)
    take(rnd, "p2", "prise")
    discard(rnd, "S1 S2 S3")
    assert_refused(rnd, "p2 discard T5", Illegal.DISCARD_TRUMP, "you still hold")
    discard(rnd, "S4 H1 H2")
    assert rnd.phase is Phase.PLAYING


@pytest.mark.parametrize(("contract", "dog_side"), [("garde-sans", "attack"), ("garde-contre", "defence")])
def test_no_discard_and_dog_unseen_without_the_dog(contract: str, dog_side: str) -> None:
    rnd = new_round("fft-4", DISCARD_DEAL, dog=DISCARD_DOG)
    take(rnd, "p2", contract)
    assert rnd.phase is Phase.PLAYING and not rnd.dog_revealed and len(rnd.hands[P2]) == 18
    assert rnd.to_move == P2 and rnd.current is not None and rnd.current.leader == P2
    assert_refused(rnd, "p2 discard S1", Illegal.WRONG_PHASE)
    play_out(rnd)
    counting = rnd.result().counting
    assert counting is not None and counting.dog_to == dog_side
    pile = counting.attack_cards if dog_side == "attack" else counting.defence_cards
    assert set(cards(DISCARD_DOG)) <= set(pile)


def test_five_player_discard_is_three_cards() -> None:
    rnd = new_round("fft-5", {"p2": "S1 S2 S3 T10 T11 T12 T13 T14 T15 T16 T17 T18 D1 D2 D3", "p4": "SK"})
    take(rnd, "p2", "prise")
    act(rnd, "p2 call SK")
    assert len(rnd.hands[P2]) == 18
    discard(rnd, "S1 S2")
    assert phase(rnd) is Phase.DISCARD
    discard(rnd, "S3")
    assert phase(rnd) is Phase.PLAYING and len(rnd.hands[P2]) == 15


def test_explicit_deals_are_checked() -> None:
    hands, dog = build_deal("fft-4", {})
    variant = find_variant("fft-4")
    with pytest.raises(ValueError, match="needs 4 hands"):
        variant.new_round(P1, hands[:3], dog)
    with pytest.raises(ValueError, match="the dog holds 5 cards"):
        variant.new_round(P1, hands, dog[:5])
    with pytest.raises(ValueError, match="dealer must be one of p1 to p4"):
        variant.new_round(Seat.P5, hands, dog)
    assert Action(P4, "pass") != Action(P3, "pass")


# ------------------------------------------------------------------ seats and the round's own errors


def test_play_goes_counter_clockwise_to_the_next_seat() -> None:
    assert [str(Seat.P1.next(n)) for n in (3, 4, 5)] == ["p2", "p2", "p2"]
    assert [str(SEATS[n - 1].next(n)) for n in (3, 4, 5)] == ["p1", "p1", "p1"]
    assert Seat.P2.previous(4) == P1 and Seat.P1.previous(5) == Seat.P5
    assert str(Seat.parse(" P3 ")) == "p3"
    with pytest.raises(ValueError, match="write p1 to p4"):
        Seat.parse("p5", 4)


def test_round_refuses_to_count_or_undo_too_early() -> None:
    rnd = new_round("fft-4", {"p2": "T2 T3"})
    with pytest.raises(ValueError, match="no action to take back"):
        rnd.pop()
    with pytest.raises(ValueError, match="the round is not over yet"):
        rnd.result()
    act(rnd, "p2 bid prise")
    assert rnd.pop() == Action(P2, "bid", "prise")
    assert rnd.phase is Phase.BIDDING and rnd.to_move == P2 and rnd.bids == []
    take(rnd, "p2", "garde-sans")
    with pytest.raises(ValueError, match="the round has not been played to the end"):
        rnd.count()


def test_push_text_reads_the_notation() -> None:
    rnd = new_round("fft-4", {"p2": "T2 T3"})
    assert rnd.push_text("p2 bid garde") == Action(P2, "bid", "garde")
    assert str(rnd.actions[-1]) == "p2 bid garde"
    with pytest.raises(ValueError, match="is not a card"):
        rnd.push_text("p3 play X1")
    assert len(rnd.actions) == 1
