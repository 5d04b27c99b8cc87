"""Chambéry Tarot, rule facts: cards, deal, discard, bids, call and play.

Source of every fact: the English rules of Chambéry Tarot (docs/reference/rules-decisions.md#source-chambery,
after the Club des Taroteurs of the Grand Café Coudurier, 1902); the points the rulebook leaves open follow
ChamberyOptions.
"""

from __future__ import annotations

import pytest

from tarot_core.cards import FULL_PACK, KINGS, PLAIN_SUITS, Card, pack_62, parse_cards
from tarot_core.engine.options import read_options
from tarot_core.errors import Illegal, RequestError
from tarot_core.games import chambery as ch


def cards(text: str) -> list[Card]:
    return parse_cards(text)


# ------------------------------------------------------------------ card points


def test_card_values_fou_21_pagat_and_kings_are_four_queens_three_cavaliers_two_jacks_one() -> None:
    assert [ch.card_points(c) for c in cards("EX T21 T1 HK HQ HC HJ H1 H10 T20")] == [
        4,
        4,
        4,
        4,
        3,
        2,
        1,
        0,
        0,
        0,
    ]


def test_counting_cards_total_52_in_both_packs() -> None:
    assert ch.count_points(FULL_PACK) == 52
    assert ch.count_points(pack_62()) == 52


@pytest.mark.parametrize(
    ("players", "pack", "total", "par", "double_below"),
    [
        (5, 78, 68, 34, 17),  # seed: 52 + 15 tricks + 1 discard = 68, tie 34-34, doubled under 17
        (4, 78, 72, 36, 18),  # seed: 52 + 19 + 1 = 72, tie 36, doubled under 18
        (3, 78, 78, 26, 13),  # seed: 52 + 25 + 1 = 78, pay under 26, double under 13
        (4, 62, 68, 34, 17),  # seed, tarot simplifié: 52 + 15 + 1 = 68, tie 34, doubled under 17
        (3, 62, 72, 24, 12),  # seed, tarot simplifié: 52 + 20 = 72 (no discard point), 24, double under 12
        (5, 62, 64, 32, 16),  # engine's extension: 52 + 12 tricks, no discard point, like 3 players
    ],
)
def test_total_card_points_tie_and_double_threshold(
    players: int, pack: int, total: int, par: int, double_below: int
) -> None:
    lay = ch.layout(players, pack)
    assert (lay.total, lay.par, lay.double_below) == (total, par, double_below)
    assert lay.total == lay.counting_cards + lay.tricks + (1 if lay.discard_point else 0)


@pytest.mark.parametrize(
    ("players", "pack", "hand", "extra"),
    [(5, 78, 15, 3), (4, 78, 19, 2), (3, 78, 25, 3), (4, 62, 15, 2), (3, 62, 20, 2), (5, 62, 12, 2)],
)
def test_deal_sizes_and_dealer_extra_cards(players: int, pack: int, hand: int, extra: int) -> None:
    lay = ch.layout(players, pack)
    assert (lay.hand_size, lay.dealer_extra, lay.discard_size, lay.tricks) == (hand, extra, extra, hand)
    assert lay.hand_size * players + lay.dealer_extra == pack
    assert sum(lay.packets) == hand


def test_deal_packets_of_five_in_the_full_pack() -> None:
    assert ch.layout(5, 78).packets == (5, 5, 5)
    assert ch.layout(4, 78).packets == (5, 5, 5, 4)
    assert ch.layout(3, 78).packets == (5, 5, 5, 5, 5)
    assert ch.layout(4, 62).packets == (5, 5, 5)
    assert ch.layout(3, 62).packets == (5, 5, 5, 5)


def test_discard_point_dropped_only_for_three_players_with_the_short_pack() -> None:
    assert not ch.layout(3, 62).discard_point
    assert ch.layout(3, 78).discard_point and ch.layout(4, 62).discard_point


def test_suit_cards_rank_king_queen_cavalier_jack_ace_then_ten_down_to_two_in_every_suit() -> None:
    for suit in "SHDC":
        order = cards(" ".join(f"{suit}{r}" for r in ("K", "Q", "C", "J", "1", "10", "9", "2")))
        assert sorted(order, key=ch.strength, reverse=True) == order


def test_sixty_two_card_pack_removes_two_to_five() -> None:
    short = ch.pack_cards(62)
    assert len(short) == 62
    assert not [c for c in short if c.suit in PLAIN_SUITS and 2 <= c.rank <= 5]


# ------------------------------------------------------------------ discard

FIVE_HAND = "HK SK T21 EX T1 T2 H1 H10 H9 S1 S7 D8 DQ DC C1 C2 C3 C4"


def test_discard_plain_cards_is_allowed() -> None:
    hand = cards(FIVE_HAND)
    assert ch.discard_refusal(hand, cards("C2 C3 C4"), 3) is None
    assert ch.discard_refusal(hand, cards("DQ DC S1"), 3) is None


@pytest.mark.parametrize(
    ("discard", "reason"),
    [
        ("HK C2 C3", Illegal.DISCARD_KING),
        ("T21 C2 C3", Illegal.DISCARD_BOUT),
        ("EX C2 C3", Illegal.DISCARD_BOUT),
        ("T2 C2 C3", Illegal.DISCARD_TRUMP),
        ("C2 C3", Illegal.DISCARD_SIZE),
        ("C2 C2 C3", Illegal.DISCARD_SIZE),
        ("D2 C2 C3", Illegal.NOT_IN_HAND),
    ],
)
def test_discard_never_kings_21_or_fou_and_tarots_only_if_none_kept(discard: str, reason: Illegal) -> None:
    refusal = ch.discard_refusal(cards(FIVE_HAND), cards(discard), 3)
    assert refusal is not None and refusal.reason is reason
    assert refusal.message.endswith(".")


def test_discard_every_tarot_allowed_and_fou_does_not_count_as_a_tarot() -> None:
    hand = cards("HK SK EX T1 T2 H1 H10 H9 S1 S7 D8 DQ DC C1 C2 C3 C4 C5")
    assert ch.discard_refusal(hand, cards("T1 T2 C2"), 3) is None
    assert ch.discard_refusal(hand, cards("T2 C2 C3"), 3) is not None


def test_discarding_the_pagat_is_announced_baga_a_l_ecart() -> None:
    hand = cards("HK SK EX T1 T2 H1 H10 H9 S1 S7 D8 DQ DC C1 C2 C3 C4 C5")
    said = ch.discard_announcements(hand, cards("T1 T2 C2"))
    assert any("Baga" in line for line in said)


def test_holding_the_21_forbids_any_tarot_in_the_discard() -> None:
    hand = cards(FIVE_HAND)
    assert ch.forced_trump_discards(hand, 3) == 0
    refusal = ch.discard_refusal(hand, cards("T1 T2 C2"), 3)
    assert refusal is not None


def test_forced_discard_of_plain_tarots_when_kings_and_tarots_leave_no_choice() -> None:
    # 18 cards: four Kings, the Fou and 13 tarots with the 21, one plain card.
    hand = cards("HK SK DK CK EX T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T1 H2")
    assert ch.forced_trump_discards(hand, 3) == 2
    assert ch.discard_refusal(hand, cards("H2 T11 T12"), 3) is None
    too_many = ch.discard_refusal(hand, cards("T13 T11 T12"), 3)
    assert too_many is not None and too_many.reason is Illegal.DISCARD_TRUMP
    pagat = ch.discard_refusal(hand, cards("H2 T1 T12"), 3)
    assert pagat is not None and pagat.reason is Illegal.DISCARD_BOUT
    loose = ch.ChamberyOptions(forced_discard="any-trumps")
    assert ch.discard_refusal(hand, cards("H2 T1 T12"), 3, loose) is None
    assert any("2 tarot" in line for line in ch.discard_announcements(hand, cards("H2 T11 T12")))


# ------------------------------------------------------------------ bids, demands, call


def test_three_solo_levels_demand_two_one_or_no_card_with_factors_one_two_four() -> None:
    assert [(b.word, b.demanded, b.factor) for b in ch.BIDS] == [
        ("solo-two-cards", 2, 1),
        ("solo-one-card", 1, 2),
        ("solo-hand", 0, 4),
    ]


def test_a_later_solo_must_demand_fewer_cards() -> None:
    assert ch.bid_refusal("solo-two-cards", None) is None
    assert ch.bid_refusal("solo-one-card", "solo-two-cards") is None
    refused = ch.bid_refusal("solo-two-cards", "solo-one-card")
    assert refused is not None and refused.reason is Illegal.BID_TOO_LOW
    same = ch.bid_refusal("solo-hand", "solo-hand")
    assert same is not None and same.reason is Illegal.BID_TOO_LOW
    unknown = ch.bid_refusal("garde", None)
    assert unknown is not None and unknown.reason is Illegal.BID_NOT_ALLOWED


def test_nobody_may_demand_the_fou() -> None:
    refusal = ch.demand_refusal(cards("HK"), cards("EX"), "solo-one-card")
    assert refusal is not None and "Fou" in refusal.message


def test_demand_counts_and_own_cards() -> None:
    hand = cards("HK T20")
    assert ch.demand_refusal(hand, cards("T21 SK"), "solo-two-cards") is None
    assert ch.demand_refusal(hand, cards("T21"), "solo-two-cards") is not None
    assert ch.demand_refusal(hand, cards("HK"), "solo-one-card") is not None
    assert ch.demand_refusal(hand, cards("SQ"), "solo-one-card", soloist_discard=cards("SQ")) is not None
    assert ch.demand_refusal(hand, [], "solo-hand") is None


def test_dealer_calls_a_king_or_a_queen_when_he_holds_all_four_kings() -> None:
    assert [str(c) for c in ch.call_candidates(cards("HK SK H2"))] == ["DK", "CK"]
    assert [str(c) for c in ch.call_candidates([*KINGS, *cards("HQ")])] == ["SQ", "DQ", "CQ"]
    all_queens = [*KINGS, *cards("SQ HQ DQ CQ")]
    assert ch.called_rank(all_queens) == 12  # a Cavalier, the engine's extension


# ------------------------------------------------------------------ play


def test_follow_suit_if_possible() -> None:
    assert [str(c) for c in ch.legal_plays(cards("HK H2 T5 S3"), cards("H10"))] == ["HK", "H2"]


def test_void_in_the_suit_led_must_play_a_tarot_but_need_not_overtrump() -> None:
    hand = cards("T2 T5 S3")
    assert [str(c) for c in ch.legal_plays(hand, cards("H10 T20"))] == ["T2", "T5"]


def test_tarot_led_must_play_tarots_without_overtaking() -> None:
    assert [str(c) for c in ch.legal_plays(cards("T2 T21 S3"), cards("T10"))] == ["T2", "T21"]


def test_no_suit_and_no_tarot_play_any_card() -> None:
    assert [str(c) for c in ch.legal_plays(cards("S3 DK"), cards("H10 T3"))] == ["S3", "DK"]


def test_fou_may_be_shown_instead_of_following_suit() -> None:
    assert Card.parse("EX") in ch.legal_plays(cards("HK EX"), cards("H10"))
    refusal = ch.play_refusal(cards("HK EX T3"), cards("H10"), Card.parse("T3"))
    assert refusal is not None and refusal.reason is Illegal.MUST_FOLLOW_SUIT


def test_fou_never_wins_the_trick() -> None:
    assert ch.trick_winner(cards("H2 EX H3")) == 2
    assert ch.trick_winner(cards("EX S1 S10 SJ")) == 3


def test_fou_led_the_second_card_sets_the_suit() -> None:
    assert ch.legal_plays(cards("EX HK"), []) == cards("EX HK")
    assert [str(c) for c in ch.legal_plays(cards("SK H3"), cards("EX H2"))] == ["H3"]
    no_lead = ch.ChamberyOptions(fou_lead=False)
    assert ch.legal_plays(cards("EX HK"), [], no_lead) == cards("HK")
    assert ch.legal_plays(cards("EX"), [], no_lead) == cards("EX")


def test_highest_tarot_wins_else_highest_card_of_the_suit_led() -> None:
    assert ch.trick_winner(cards("H1 H10 T2 HK")) == 2
    assert ch.trick_winner(cards("H10 H1 SK HJ")) == 3
    assert ch.trick_winner(cards("H10 H1 SK H9")) == 1
    assert ch.trick_winner(cards("T3 T21 T2")) == 1


# ------------------------------------------------------------------ options


def test_options_refuse_unknown_names_and_values() -> None:
    with pytest.raises(RequestError) as info:
        read_options({"payment": "double"}, ch.ChamberyOptions)
    assert info.value.field == "options.payment"
    with pytest.raises(RequestError) as info:
        read_options({"colour": "red"}, ch.ChamberyOptions)
    assert info.value.field == "options.colour"
    with pytest.raises(RequestError):
        read_options({"fou_lead": "yes"}, ch.ChamberyOptions)
    with pytest.raises(RequestError):
        read_options(["payment"], ch.ChamberyOptions)
    assert read_options({"payment": "dummett"}, ch.ChamberyOptions).payment == "dummett"
    assert read_options(None, ch.ChamberyOptions) == ch.ChamberyOptions()


def test_legal_plays_agrees_with_asking_every_card() -> None:
    """The quick legal_plays gives exactly the cards that play_refusal lets through, for every kind of
    hand and trick (random hands, tricks led by each suit, by the Fou, and empty), with both Fou-lead
    options."""
    import random as _random

    from tarot_core.cards import FULL_PACK
    from tarot_core.games.chambery import ChamberyOptions, legal_plays, play_refusal

    rng = _random.Random(5)
    pack = list(FULL_PACK)
    checked = 0
    for _ in range(3000):
        rng.shuffle(pack)
        size = rng.randint(1, 18)
        hand = pack[:size]
        trick = pack[size : size + rng.randint(0, 4)]
        for lead in (True, False):
            options = ChamberyOptions(fou_lead=lead)
            slow = [card for card in hand if play_refusal(hand, trick, card, options) is None]
            assert legal_plays(hand, trick, options) == slow, (hand, trick, lead)
            checked += 1
    assert checked == 6000
