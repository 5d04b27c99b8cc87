"""Playable rounds of the classic rules: rule checks from the source
(docs/reference/rules-decisions.md#decision-classic-deal) and random play-outs."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tarot_core.actions import Action
from tarot_core.cards import EXCUSE, FULL_PACK, PETIT
from tarot_core.engine.round import Round
from tarot_core.engine.state import Phase
from tarot_core.engine.variant import find_variant, variant_for
from tarot_core.errors import Illegal, IllegalActionError, TarotError
from tarot_core.games.classic import ClassicRound, gathered_pack, next_round
from tarot_core.records import load_record
from tarot_core.seats import Seat
from tests.engine.rounds import dealt, find, play_out, snapshot

SEEDS = range(40)


def bid_first(rnd: Round, contract: str) -> Seat:
    """The first speaker bids ``contract`` and everyone else passes; returns the taker."""
    taker = rnd.to_move
    assert taker is not None
    rnd.push(Action(taker, "bid", contract))
    while rnd.phase is Phase.BIDDING:
        seat = rnd.to_move
        assert seat is not None
        rnd.push(Action(seat, "pass"))
    return taker


def to_play(rnd: Round) -> None:
    """Make the call and the discard with the first legal choices."""
    while rnd.phase in (Phase.CALLING, Phase.DISCARD):
        rnd.push(rnd.legal_actions()[0])


def play_out_keeping_the_excuse(rnd: Round, rng: random.Random) -> None:
    """Random play that plays the Excuse only when nothing else is allowed."""
    while not rnd.is_over:
        actions = rnd.legal_actions()
        others = [a for a in actions if a.cards != (EXCUSE,)] or actions
        rnd.push(others[rng.randrange(len(others))])


# ------------------------------------------------------------------------------------- the deal
@pytest.mark.parametrize(("key", "hand", "dog"), [("classic-3", 24, 6), ("classic-5", 15, 3)])
def test_source_deal_sizes(key: str, hand: int, dog: int) -> None:
    """Source: 24 cards each and a dog of 6 with 3 players; a dog of 3 with 5."""
    rnd = dealt(ClassicRound, key, 1)
    assert all(len(h) == hand for h in rnd.hands)
    assert len(rnd.dog) == dog
    assert sorted([*rnd.dog, *(c for h in rnd.hands for c in h)]) == sorted(FULL_PACK)


def test_source_bidding_starts_at_the_dealers_right() -> None:
    rnd = dealt(ClassicRound, "classic-3", 2, dealer=Seat.P2)
    assert rnd.phase is Phase.BIDDING and rnd.to_move == Seat.P3


def test_source_contract_ladder() -> None:
    """Source: Small, Guard, Guard without the dog, Guard against the dog, Slam, in that order."""
    rnd = dealt(ClassicRound, "classic-3", 3)
    words = [a.word for a in rnd.legal_actions() if a.kind == "bid"]
    assert words == ["small", "guard", "guard-without", "guard-against", "slam"]
    rnd.push(Action(rnd.to_move or Seat.P1, "bid", "guard"))
    assert [a.word for a in rnd.legal_actions() if a.kind == "bid"] == [
        "guard-without",
        "guard-against",
        "slam",
    ]
    refusal = rnd.why_illegal(Action(rnd.to_move or Seat.P1, "bid", "small"))
    assert refusal is not None and refusal.reason is Illegal.BID_TOO_LOW


def test_source_five_players_cannot_bid_guard_against() -> None:
    rnd = dealt(ClassicRound, "classic-5", 3)
    seat = rnd.to_move
    assert seat is not None
    assert Action(seat, "bid", "guard-against") not in rnd.legal_actions()
    refusal = rnd.why_illegal(Action(seat, "bid", "guard-against"))
    assert refusal is not None and refusal.reason is Illegal.BID_NOT_ALLOWED


def test_all_pass_is_a_redeal() -> None:
    rnd = dealt(ClassicRound, "classic-3", 4)
    while not rnd.is_over:
        rnd.push(Action(rnd.to_move or Seat.P1, "pass"))
    assert rnd.result().outcome == "redeal-all-passed"


# ------------------------------------------------------------------------------------ the dog
def test_source_no_king_or_special_card_in_the_discard_but_trumps_may_go() -> None:
    rnd = find(ClassicRound, "classic-3", lambda r: any(c.is_trump and not c.is_bout for c in r.hands[1]))
    taker = bid_first(rnd, "small")
    assert taker == Seat.P2 and rnd.phase is Phase.DISCARD
    offered = {a.card for a in rnd.legal_actions()}
    hand = rnd.hands[taker]
    assert all(not c.is_king and not c.is_bout for c in offered)
    assert any(c.is_trump for c in offered)
    king_or_bout = [c for c in hand if c.is_king or c.is_bout]
    for card in king_or_bout:
        refusal = rnd.why_illegal(Action(taker, "discard", "", (card,)))
        assert refusal is not None and refusal.reason in (Illegal.DISCARD_KING, Illegal.DISCARD_BOUT)


def test_source_guard_against_gives_the_dog_to_the_opponents() -> None:
    rnd = dealt(ClassicRound, "classic-3", 5)
    bid_first(rnd, "guard-against")
    play_out(rnd, random.Random(5))
    counting = rnd.count()
    assert set(rnd.initial_dog) <= set(counting.defence_cards)


def test_source_slam_bid_nobody_gets_the_dog() -> None:
    rnd = dealt(ClassicRound, "classic-3", 6)
    bid_first(rnd, "slam")
    assert rnd.phase is Phase.PLAYING
    play_out(rnd, random.Random(6))
    counting = rnd.count()
    assert counting.dog_to == "nobody"
    dog = set(rnd.initial_dog)
    assert not dog & set(counting.attack_cards) and not dog & set(counting.defence_cards)


def test_guard_without_shows_the_dog_which_counts_for_the_taker() -> None:
    rnd = dealt(ClassicRound, "classic-3", 7)
    bid_first(rnd, "guard-without")
    assert rnd.dog_revealed and rnd.phase is Phase.PLAYING
    play_out(rnd, random.Random(7))
    assert set(rnd.initial_dog) <= set(rnd.count().attack_cards)


# ----------------------------------------------------------------------------------- the call
def test_source_the_called_king_is_neither_in_hand_nor_in_the_dog() -> None:
    rnd = find(
        ClassicRound,
        "classic-5",
        lambda r: any(c.is_king for c in r.dog) and any(c.is_king for c in r.hands[1]),
    )
    taker = bid_first(rnd, "guard")
    assert rnd.phase is Phase.CALLING and rnd.dog_revealed
    called = {a.card for a in rnd.legal_actions()}
    assert called and all(c.is_king for c in called)
    assert not called & set(rnd.hands[taker]) and not called & set(rnd.dog)
    own = next(c for c in rnd.hands[taker] if c.is_king)
    refusal = rnd.why_illegal(Action(taker, "call", "", (own,)))
    assert refusal is not None and refusal.reason is Illegal.CALL_NOT_ALLOWED
    rnd.push(rnd.legal_actions()[0])
    assert rnd.partner is not None and rnd.partner != taker


# ------------------------------------------------------------------------------------ the play
def test_source_the_taker_leads() -> None:
    rnd = dealt(ClassicRound, "classic-3", 8)
    taker = bid_first(rnd, "guard")
    to_play(rnd)
    assert rnd.phase is Phase.PLAYING and rnd.to_move == taker


def test_source_the_excuse_may_not_be_led() -> None:
    rnd = find(ClassicRound, "classic-3", lambda r: EXCUSE in r.hands[1])
    taker = bid_first(rnd, "guard-without")
    assert rnd.to_move == taker
    assert Action(taker, "play", "", (EXCUSE,)) not in rnd.legal_actions()
    before = snapshot(rnd)
    with pytest.raises(IllegalActionError) as error:
        rnd.push(Action(taker, "play", "", (EXCUSE,)))
    assert error.value.reason is Illegal.EXCUSE_LEAD
    assert snapshot(rnd) == before


def test_source_must_trump_and_must_overtrump() -> None:
    """Source: 'If you can trump, you must' and 'always play a higher trump than any already played'."""
    seen_trump = seen_over = False
    for seed in SEEDS:
        rnd = dealt(ClassicRound, "classic-3", seed)
        bid_first(rnd, "guard-without")
        rng = random.Random(seed)
        while not rnd.is_over:
            trick = rnd.current
            seat = rnd.to_move
            assert trick is not None and seat is not None
            legal = {a.card for a in rnd.legal_actions()}
            hand = rnd.hands[seat]
            led = next((c.suit for c in trick.cards if c is not EXCUSE), None)
            if led is not None and led.is_plain and not any(c.suit is led for c in hand):
                trumps = [c for c in hand if c.is_trump]
                if trumps:
                    seen_trump = True
                    assert all(c.is_trump or c is EXCUSE for c in legal)
                    best = max((c.rank for c in trick.cards if c.is_trump), default=0)
                    higher = {c for c in trumps if c.rank > best}
                    if best and higher:
                        seen_over = True
                        assert legal - {EXCUSE} == higher
            actions = rnd.legal_actions()
            rnd.push(actions[rng.randrange(len(actions))])
    assert seen_trump and seen_over


def test_source_excuse_on_the_last_trick_goes_to_the_opposition() -> None:
    for seed in range(300):
        rnd = dealt(ClassicRound, "classic-3", seed)
        bid_first(rnd, "guard-without")
        play_out_keeping_the_excuse(rnd, random.Random(seed))
        last = rnd.tricks[-1]
        player = next((s for s, c in last.plays if c is EXCUSE), None)
        if player is None or last.plays[0][1] is EXCUSE:
            continue
        counting = rnd.count()
        pile = counting.defence_cards if rnd.side_of(player) == "attack" else counting.attack_cards
        assert EXCUSE in pile
        return
    pytest.fail("no deal put the Excuse in the last trick")  # pragma: no cover


def test_excuse_played_earlier_stays_with_its_side() -> None:
    for seed in range(100):
        rnd = dealt(ClassicRound, "classic-3", seed)
        bid_first(rnd, "guard-without")
        play_out(rnd, random.Random(seed))
        trick = next((t for t in rnd.tricks[:-1] if EXCUSE in t.cards), None)
        if trick is None:
            continue
        player = next(s for s, c in trick.plays if c is EXCUSE)
        counting = rnd.count()
        pile = counting.attack_cards if rnd.side_of(player) == "attack" else counting.defence_cards
        assert EXCUSE in pile
        return
    pytest.fail("no deal played the Excuse early")  # pragma: no cover


# ----------------------------------------------------------------------------------- scoring
def test_hand_bonuses_and_petit_last_trick_reach_the_score() -> None:
    """A deal with a trump bonus and the Petit on the last trick, each worked out from the cards.

    Source: 10, 13 or 15 trumps in a hand are worth 20, 30 or 40, which the holder collects from
    every other player; the Petit on the last trick is worth 10 to the side of the player who plays it
    (the classic defaults). The test counts each hand's trumps and finds who played the Petit itself,
    then checks the engine's terms and every player's score: the contract's shares (the taker 2S, each
    opponent -S) plus the bonuses.
    """
    for seed in range(400):
        rnd = dealt(ClassicRound, "classic-3", seed)
        bid_first(rnd, "small")
        to_play(rnd)
        play_out(rnd, random.Random(seed))
        result = rnd.result()
        score = result.score
        assert score is not None
        terms = {t.term: t.value for t in score.terms}
        bonus_terms = {code for code in terms if code.startswith("bonus-")}
        if "petit-last-trick" not in terms or not bonus_terms:
            continue
        if not bonus_terms <= {"bonus-trumps-10", "bonus-trumps-13", "bonus-trumps-15"}:
            continue  # the trump bonuses are the ones worked out here
        last = rnd.tricks[-1]
        assert PETIT in last.cards
        player = next(seat for seat, card in last.plays if card is PETIT)
        assert terms["petit-last-trick"] == (10 if rnd.side_of(player) == "attack" else -10)
        contract = terms["contract-score"]
        assert isinstance(contract, int)
        expected = {seat: (2 * contract if seat == rnd.taker else -contract) for seat in result.by_seat}
        for seat, hand in enumerate(rnd.initial_hands):
            trumps = sum(1 for card in hand if card.is_trump)
            bonus = 40 if trumps >= 15 else 30 if trumps >= 13 else 20 if trumps >= 10 else 0
            for other in expected:
                expected[other] += 2 * bonus if other == seat else -bonus
        assert result.by_seat == expected
        return
    pytest.fail("no deal had both bonuses")  # pragma: no cover


# -------------------------------------------------------------------------- a game without shuffle
def test_source_next_deal_is_not_shuffled_and_passes_to_the_right() -> None:
    rnd = dealt(ClassicRound, "classic-3", 9)
    bid_first(rnd, "guard")
    to_play(rnd)
    play_out(rnd, random.Random(9))
    pack = gathered_pack(rnd)
    assert sorted(pack) == sorted(FULL_PACK)
    following = next_round(rnd, 9)
    assert following.dealer == Seat.P2
    # The new deal is the gathered pack cut once and dealt by threes: some cut makes every packet
    # of three consecutive cards land together in one hand or in the dog.
    places = [*following.hands, following.dog]

    def packets_stay_together(cut: int) -> bool:
        cards = pack[cut:] + pack[:cut]
        return all(any(set(cards[i : i + 3]) <= set(p) for p in places) for i in range(0, len(cards), 3))

    assert any(packets_stay_together(cut) for cut in range(len(pack)))
    shuffled = find_variant("classic-3", shuffle=True).deal_round(Seat.P1, 9)
    assert not any(
        all(
            any(set((pack[cut:] + pack[:cut])[i : i + 3]) <= set(p) for p in (*shuffled.hands, shuffled.dog))
            for i in range(0, 78, 3)
        )
        for cut in range(78)
    )


def test_next_round_refuses_other_variants() -> None:
    rnd = find_variant("fft-4").deal_round(Seat.P1, 1)
    with pytest.raises(TarotError):
        next_round(rnd, 1)


# ------------------------------------------------------------------------ random play-out properties
@pytest.mark.parametrize("key", ["classic-3", "classic-5"])
@pytest.mark.parametrize("seed", range(25))
def test_random_playouts_finish_conserve_points_and_are_zero_sum(key: str, seed: int) -> None:
    rng = random.Random(seed)
    rnd = dealt(ClassicRound, key, seed)
    play_out(rnd, rng)
    result = rnd.result()
    if result.outcome != "played":
        assert set(result.by_seat.values()) == {0}
        return
    counting = result.counting
    assert counting is not None
    nobody = sum(c.half_points for c in rnd.dog) if counting.dog_to == "nobody" else 0
    assert counting.attack_half_points + counting.defence_half_points + nobody == 182
    cards = [*counting.attack_cards, *counting.defence_cards]
    if counting.dog_to == "nobody":
        cards.extend(rnd.dog)
    assert sorted(cards) == sorted(FULL_PACK)
    assert sum(result.by_seat.values()) == 0


@pytest.mark.parametrize("players", [3, 5])
def test_variant_for_and_find_variant_agree(players: int) -> None:
    assert variant_for("classic", players) == find_variant(f"classic-{players}")


HANDS = sorted((Path(__file__).resolve().parents[2] / "tutorial" / "hands").glob("classic-*.json"))


def test_there_are_sample_hands_for_both_table_sizes() -> None:
    keys = {load_record(path).variant.key for path in HANDS}
    assert keys == {"classic-3", "classic-5"} and len(HANDS) >= 2


@pytest.mark.parametrize("path", HANDS, ids=lambda p: p.name)
def test_sample_hands_replay_to_their_stated_result(path: Path) -> None:
    record = load_record(path)
    rnd = record.final_round()
    assert rnd.is_over and record.expected
    assert rnd.result_summary() == record.expected
    assert sum(rnd.result().by_seat.values()) == 0


def test_auction_option_lets_the_bidding_go_round_until_all_others_pass() -> None:
    rnd = dealt(ClassicRound, "classic-3", 12, bidding="auction")
    for text in ("p2 bid small", "p3 bid guard", "p1 pass", "p2 bid guard-without"):
        rnd.push(Action.parse(text))
    assert rnd.phase is Phase.BIDDING and rnd.to_move == Seat.P3
    rnd.push(Action.parse("p3 pass"))
    assert rnd.taker == Seat.P2 and rnd.contract == "guard-without"


def test_each_player_speaks_once_by_default() -> None:
    rnd = dealt(ClassicRound, "classic-3", 12)
    for text in ("p2 bid small", "p3 bid guard", "p1 pass"):
        rnd.push(Action.parse(text))
    assert rnd.taker == Seat.P3 and rnd.contract == "guard"


@pytest.mark.parametrize("seed", range(10))
def test_auction_playouts_finish_and_are_zero_sum(seed: int) -> None:
    rnd = dealt(ClassicRound, "classic-5", seed, bidding="auction")
    play_out(rnd, random.Random(seed))
    assert sum(rnd.result().by_seat.values()) == 0
