"""The 78-card pack: notation, names, values and the errors bad notation raises."""

from __future__ import annotations

import copy
import pickle
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tarot_core.cards import (
    BOUTS,
    EXCUSE,
    FULL_PACK,
    KINGS,
    MONDE,
    PETIT,
    PLAIN_SUITS,
    TOTAL_HALF_POINTS,
    TRUMPS,
    Card,
    Suit,
    card_of,
    count_half_points,
    display_key,
    format_cards,
    format_points,
    pack_62,
    parse_cards,
    sort_hand,
)
from tarot_core.errors import NotationError, TarotError

RANK_LETTERS = {1: "1", 11: "J", 12: "C", 13: "Q", 14: "K"}


def expected_notation(suit: Suit, rank: int) -> str:
    if suit is Suit.EXCUSE:
        return "EX"
    if suit is Suit.TRUMPS:
        return f"T{rank}"
    return f"{suit.value}{RANK_LETTERS.get(rank, str(rank))}"


# ---------------------------------------------------------------------------------------------- the pack
def test_the_pack_holds_78_different_cards() -> None:
    assert len(FULL_PACK) == 78
    assert len(set(FULL_PACK)) == 78
    assert len({str(card) for card in FULL_PACK}) == 78


def test_the_pack_has_four_suits_of_14_cards_21_trumps_and_the_excuse() -> None:
    counts = Counter(card.suit for card in FULL_PACK)
    assert counts == {
        Suit.SPADES: 14,
        Suit.HEARTS: 14,
        Suit.DIAMONDS: 14,
        Suit.CLUBS: 14,
        Suit.TRUMPS: 21,
        Suit.EXCUSE: 1,
    }
    for suit in PLAIN_SUITS:
        assert sorted(card.rank for card in FULL_PACK if card.suit is suit) == list(range(1, 15))
    assert [card.rank for card in TRUMPS] == list(range(1, 22))
    assert all(card.is_trump and not card.is_excuse for card in TRUMPS)


def test_pack_order_is_spades_hearts_diamonds_clubs_trumps_excuse() -> None:
    order = [Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS]
    expected = [(suit, rank) for suit in order for rank in range(1, 15)]
    expected += [(Suit.TRUMPS, rank) for rank in range(1, 22)] + [(Suit.EXCUSE, 0)]
    assert [(card.suit, card.rank) for card in FULL_PACK] == expected
    assert [card.index for card in FULL_PACK] == list(range(78))
    backwards = list(FULL_PACK)
    backwards.reverse()
    assert sorted(backwards) == list(FULL_PACK)


def test_the_pack_holds_182_half_points_that_is_91_points() -> None:
    assert TOTAL_HALF_POINTS == 182
    assert sum(card.half_points for card in FULL_PACK) == 182
    assert count_half_points(FULL_PACK) == 182
    assert sum(card.points for card in FULL_PACK) == 91


@pytest.mark.parametrize(
    ("rank", "half_points"), [(14, 9), (13, 7), (12, 5), (11, 3), *[(rank, 1) for rank in range(1, 11)]]
)
@pytest.mark.parametrize("suit", PLAIN_SUITS)
def test_suit_card_values(suit: Suit, rank: int, half_points: int) -> None:
    card = card_of(suit, rank)
    assert card.half_points == half_points
    assert card.points == half_points / 2
    assert card.is_face == (rank >= 11)
    assert card.is_king == (rank == 14)
    assert card.is_low == (half_points == 1)
    assert not card.is_trump and not card.is_bout and not card.is_excuse


def test_each_suit_is_worth_17_points() -> None:
    for suit in PLAIN_SUITS:
        assert count_half_points(card for card in FULL_PACK if card.suit is suit) == 34


def test_bouts_are_the_petit_the_21_and_the_excuse_worth_4_and_a_half_points_each() -> None:
    assert [str(card) for card in BOUTS] == ["T1", "T21", "EX"]
    assert (PETIT, MONDE, EXCUSE) == BOUTS
    assert [card for card in FULL_PACK if card.is_bout] == [PETIT, MONDE, EXCUSE]
    assert all(card.half_points == 9 and card.points == 4.5 for card in BOUTS)
    assert EXCUSE.is_excuse and not EXCUSE.is_trump
    assert [card.half_points for card in TRUMPS[1:20]] == [1] * 19


def test_kings() -> None:
    assert [str(card) for card in KINGS] == ["SK", "HK", "DK", "CK"]
    assert [card for card in FULL_PACK if card.is_king] == list(KINGS)


# ----------------------------------------------------------------------------------------------- notation
@pytest.mark.parametrize("card", FULL_PACK, ids=str)
def test_notation_round_trips_for_every_card(card: Card) -> None:
    text = str(card)
    assert text == expected_notation(card.suit, card.rank)
    assert Card.parse(text) is card
    assert Card.parse(text.lower()) is card
    assert Card.parse(f"  {text}\t") is card
    assert Card(card.suit, card.rank) is card
    assert card_of(card.suit, card.rank) is card
    assert eval(repr(card), {"Card": Card}) is card


@pytest.mark.parametrize(
    ("text", "suit", "rank"),
    [
        ("HK", Suit.HEARTS, 14),
        ("S10", Suit.SPADES, 10),
        ("DC", Suit.DIAMONDS, 12),
        ("CQ", Suit.CLUBS, 13),
        ("HJ", Suit.HEARTS, 11),
        ("C1", Suit.CLUBS, 1),
        ("CC", Suit.CLUBS, 12),
        ("T1", Suit.TRUMPS, 1),
        ("T21", Suit.TRUMPS, 21),
        ("ex", Suit.EXCUSE, 0),
    ],
)
def test_notation_examples(text: str, suit: Suit, rank: int) -> None:
    card = Card.parse(text)
    assert (card.suit, card.rank) == (suit, rank)


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "X1",
        "H0",
        "H11",
        "H15",
        "HA",
        "K",
        "KH",
        "T0",
        "T22",
        "T",
        "E",
        "EXX",
        "EXCUSE",
        "HKK",
        "H K",
        "1H",
    ],
)
def test_bad_notation_raises_a_notation_error_that_says_how_to_write_a_card(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        Card.parse(text)
    assert isinstance(caught.value, TarotError)
    assert isinstance(caught.value, ValueError)
    message = str(caught.value)
    assert repr(text) in message
    assert "T1-T21" in message and "EX" in message


@pytest.mark.parametrize(
    ("suit", "rank"), [(Suit.HEARTS, 0), (Suit.HEARTS, 15), (Suit.TRUMPS, 22), (Suit.EXCUSE, 1)]
)
def test_no_card_of_that_suit_and_rank(suit: Suit, rank: int) -> None:
    with pytest.raises(NotationError, match="no card"):
        Card(suit, rank)


def test_parse_cards_reads_blanks_commas_and_lists() -> None:
    assert [str(card) for card in parse_cards("HK, T21 EX\ns1")] == ["HK", "T21", "EX", "S1"]
    assert parse_cards(["hk", "T21"]) == [Card.parse("HK"), Card.parse("T21")]
    assert parse_cards("") == []
    assert parse_cards(" , ") == []
    with pytest.raises(NotationError, match="'HZ' is not a card"):
        parse_cards("HK HZ")


def test_format_cards_round_trips_the_whole_pack() -> None:
    text = format_cards(FULL_PACK)
    assert text.split() == [str(card) for card in FULL_PACK]
    assert tuple(parse_cards(text)) == FULL_PACK


@given(st.lists(st.sampled_from(FULL_PACK), max_size=30))
def test_format_then_parse_gives_the_same_cards(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == cards


@given(st.text(alphabet="SHDCTEXQKJ0123456789 x", max_size=4))
def test_parse_either_reads_a_card_or_raises_a_notation_error(text: str) -> None:
    try:
        card = Card.parse(text)
    except NotationError:
        assert text.strip().upper() not in {str(card) for card in FULL_PACK}
    else:
        assert str(card) == text.strip().upper()


# -------------------------------------------------------------------------------------------------- names
@pytest.mark.parametrize(
    ("text", "english", "french"),
    [
        ("HK", "King of Hearts", "Roi de cœur"),
        ("SQ", "Queen of Spades", "Dame de pique"),
        ("DC", "Knight of Diamonds", "Cavalier de carreau"),
        ("CJ", "Jack of Clubs", "Valet de trèfle"),
        ("S1", "Ace of Spades", "As de pique"),
        ("H10", "10 of Hearts", "10 de cœur"),
        ("C7", "7 of Clubs", "7 de trèfle"),
        ("T1", "1 of trumps (the Petit)", "le Petit"),
        ("T2", "2 of trumps", "le 2 d’atout"),
        ("T21", "21 of trumps", "le 21 d’atout"),
        ("EX", "the Excuse", "l’Excuse"),
    ],
)
def test_names(text: str, english: str, french: str) -> None:
    card = Card.parse(text)
    assert card.name == english
    assert card.french == french


def test_every_card_has_its_own_english_and_french_name() -> None:
    assert len({card.name for card in FULL_PACK}) == 78
    assert len({card.french for card in FULL_PACK}) == 78
    for card in FULL_PACK:
        if card.suit.is_plain:
            assert card.name.endswith(f" of {card.suit.english}")
            assert card.french.endswith(f" de {card.suit.french}")


def test_suit_names() -> None:
    assert [suit.english for suit in PLAIN_SUITS] == ["Spades", "Hearts", "Diamonds", "Clubs"]
    assert [suit.french for suit in PLAIN_SUITS] == ["pique", "cœur", "carreau", "trèfle"]
    assert [suit.is_plain for suit in Suit] == [True, True, True, True, False, False]


# ------------------------------------------------------------------------------------- helpers and values
@pytest.mark.parametrize(
    ("half_points", "text"), [(0, "0"), (1, "0.5"), (82, "41"), (83, "41.5"), (182, "91")]
)
def test_format_points(half_points: int, text: str) -> None:
    assert format_points(half_points) == text


def test_pack_62_drops_the_2_to_5_of_each_suit() -> None:
    pack = pack_62()
    assert len(pack) == 62
    assert len(set(pack)) == 62
    dropped = set(FULL_PACK) - set(pack)
    assert {(card.suit, card.rank) for card in dropped} == {
        (suit, rank) for suit in PLAIN_SUITS for rank in range(2, 6)
    }
    assert count_half_points(pack) == 182 - 16
    assert all(card in pack for card in (*BOUTS, *KINGS, *TRUMPS))


def test_sort_hand_groups_suits_with_alternating_colours_then_trumps_then_the_excuse() -> None:
    hand = parse_cards("EX T3 D1 CK H10 SQ T21 H2 S1")
    assert format_cards(sort_hand(hand)) == "S1 SQ H2 H10 CK D1 T3 T21 EX"
    assert sorted(parse_cards("T10 T2 T21 T1")) == parse_cards("T1 T2 T10 T21")


@given(st.lists(st.sampled_from(FULL_PACK), unique=True))
def test_sort_hand_and_count_half_points_agree_with_the_cards_own_facts(cards: list[Card]) -> None:
    # Both read tables indexed by the card; the readable key and the cards' attributes must agree.
    assert sort_hand(cards) == sorted(cards, key=display_key)
    assert count_half_points(cards) == sum(card.half_points for card in cards)


def test_cards_are_immutable_and_interned() -> None:
    card = Card.parse("HK")
    with pytest.raises(AttributeError):
        card.rank = 13
    assert card.rank == 14
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert {card: 1}[Card.parse("hk")] == 1
    assert Card.parse("HK") == Card.parse("hk")
    assert Card.parse("HK") != Card.parse("HQ")
