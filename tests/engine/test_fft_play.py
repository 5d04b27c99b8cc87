"""French Tarot card play: following, trumping, overtrumping, the first lead in the five-player game,
the Excuse, slams, petit au bout, handfuls, and where the dog's cards count.

Facts and sources: docs/reference/rules-decisions.md, sections decision-fft-announcements, decision-fft-play
and decision-fft-scoring (the FFT's rules and the beginner's guide, III. C and D). Positions are written
deals; the refusals are checked both through ``why_illegal`` and through ``push``, which must leave the round
untouched.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tarot_core import find_variant
from tarot_core.actions import Action
from tarot_core.cards import EXCUSE, PETIT, cards_in_words
from tarot_core.engine.round import Round
from tarot_core.engine.variant import score_request
from tarot_core.errors import Illegal, IllegalActionError
from tarot_core.seats import Seat
from tests.engine.fft_helpers import (
    P1,
    P2,
    P3,
    P4,
    P5,
    act,
    assert_accepted,
    assert_refused,
    by_seat,
    card,
    cards,
    excuse_last,
    first_card,
    highest_card,
    legal_cards,
    new_round,
    play_out,
    take,
)

# p2 (the dealer p1's right) leads. Hearts: p2 the honours, p3 the 1-5, the dog the 6-10; p4 and p1
# have no hearts. p4 holds the clubs from 5, p1 the diamonds, p3 the Excuse.
FOLLOW4 = {
    "p1": "D1 D2 D3 D4 D5 D6 D7 D8 D9 D10 DJ DC DQ DK T5 T15 T17 C4",
    "p2": "HK HQ HC HJ S1 S2 S3 S4 S5 S6 S7 S8 S9 S10 T18 T19 T20 T21",
    "p3": "H1 H2 H3 H4 H5 SJ SC SQ SK T2 T3 T4 T6 T7 C1 C2 C3 EX",
    "p4": "C5 C6 C7 C8 C9 C10 CJ CC CQ CK T8 T9 T10 T11 T12 T13 T14 T16",
}
FOLLOW4_DOG = "H6 H7 H8 H9 H10 T1"


def follow4() -> Round:
    rnd = new_round("fft-4", FOLLOW4, dog=FOLLOW4_DOG)
    take(rnd, "p2", "garde-sans")
    return rnd


def excuse_early(rnd: Round, legal: Sequence[Action]) -> Action:
    """Play the Excuse as soon as it is legal (so never to the last trick), else the first card."""
    for action in legal:
        if action.kind == "play" and action.card is EXCUSE:
            return action
    return first_card(rnd, legal)


# ------------------------------------------------------------------ following, trumping, overtrumping


def test_must_follow_suit() -> None:
    rnd = follow4()
    act(rnd, "p2 play HK")
    assert legal_cards(rnd) == ["H1", "H2", "H3", "H4", "H5", "EX"]
    assert_refused(
        rnd,
        "p3 play SJ",
        Illegal.MUST_FOLLOW_SUIT,
        "Hearts were led and you hold the Ace, 2, 3, 4 and 5 of Hearts",
    )
    assert_refused(rnd, "p3 play T7", Illegal.MUST_FOLLOW_SUIT, "you must follow suit")
    assert_refused(rnd, "p3 play HQ", Illegal.NOT_IN_HAND, "you do not hold the Queen of Hearts")
    assert_refused(rnd, "p4 play C5", Illegal.NOT_YOUR_TURN, "it is p3's turn, not p4's")
    assert_refused(rnd, "p3 bid garde", Illegal.WRONG_PHASE, "now is the time to play or handful")
    assert_accepted(rnd, "p3 play H3")


def test_must_trump_when_void() -> None:
    rnd = follow4()
    act(rnd, "p2 play HK", "p3 play H1")
    assert legal_cards(rnd) == ["T8", "T9", "T10", "T11", "T12", "T13", "T14", "T16"]
    assert_refused(
        rnd, "p4 play C5", Illegal.MUST_TRUMP, "you have no Hearts, so you must trump: you hold the 8, 9, 10"
    )
    assert_accepted(rnd, "p4 play T10")


def test_must_overtrump() -> None:
    rnd = follow4()
    act(rnd, "p2 play HK", "p3 play H1", "p4 play T10")
    assert legal_cards(rnd) == ["T15", "T17"]
    assert_refused(
        rnd,
        "p1 play T5",
        Illegal.MUST_OVERTRUMP,
        "you must overtrump: the trick holds the 10 of trumps and you hold the 15 and 17 of trumps",
    )
    assert_refused(
        rnd, "p1 play D1", Illegal.MUST_OVERTRUMP, "you have no Hearts so you must trump, and overtrump"
    )
    assert_refused(rnd, "p1 play C4", Illegal.MUST_OVERTRUMP)
    assert_accepted(rnd, "p1 play T15")
    trick = rnd.tricks[-1]
    assert trick.winner == P1 and [str(c) for c in trick.cards] == ["HK", "H1", "T10", "T15"]
    assert rnd.to_move == P1 and rnd.current is not None and rnd.current.leader == P1


def test_undertrump_when_cannot_overtrump() -> None:
    rnd = follow4()
    act(rnd, "p2 play HK", "p3 play H1", "p4 play T10", "p1 play T15", "p1 play D1", "p2 play T21")
    # p3 has no diamonds and no trump above T21: it must still trump, with any trump.
    assert legal_cards(rnd) == ["T2", "T3", "T4", "T6", "T7", "EX"]
    assert_refused(
        rnd, "p3 play C1", Illegal.MUST_TRUMP, "you have no Diamonds, so you must trump: you hold the 2, 3"
    )
    assert_accepted(rnd, "p3 play T2")
    assert legal_cards(rnd) == ["T8", "T9", "T11", "T12", "T13", "T14", "T16"]
    act(rnd, "p4 play T8")
    assert rnd.tricks[-1].winner == P2


def test_any_card_when_void_and_without_trumps() -> None:
    rnd = new_round(
        "fft-3",
        {
            "p2": "S1 S2 S3 S4 S5 S6 S7 S8 S9 S10 SJ SC SQ SK H1 H2 H3 H4 H5 H6 H7 H8 H9 H10",
            "p3": "HJ HC HQ HK D1 D2 D3 D4 D5 D6 D7 D8 D9 D10 DJ DC DQ DK C1 C2 C3 C4 C5 C6",
        },
    )
    take(rnd, "p2", "garde-contre")
    act(rnd, "p2 play S1")
    assert not any(c.is_trump or c.suit.value == "S" for c in rnd.hands[P3])
    assert legal_cards(rnd) == [str(c) for c in rnd.hands[P3]] and len(rnd.hands[P3]) == 24
    act(rnd, "p3 play DK")
    assert rnd.to_move == P1


def test_trump_lead_everyone_must_overtrump() -> None:
    rnd = follow4()
    act(rnd, "p2 play HK", "p3 play H1", "p4 play T10", "p1 play T15")
    act(rnd, "p1 play T5")
    assert legal_cards(rnd) == ["T18", "T19", "T20", "T21"]
    assert_refused(
        rnd,
        "p2 play S1",
        Illegal.MUST_FOLLOW_SUIT,
        "trumps were led: you must play a trump higher than the 5",
    )
    act(rnd, "p2 play T18")
    # Nothing above T18: p3 plays any trump, but a trump it must be (or the Excuse).
    assert legal_cards(rnd) == ["T2", "T3", "T4", "T6", "T7", "EX"]
    assert_refused(
        rnd, "p3 play C1", Illegal.MUST_FOLLOW_SUIT, "you must play a trump, and you hold the 2, 3"
    )


def test_trump_lead_partners_must_overtrump() -> None:
    rnd = new_round(
        "fft-5",
        {
            "p2": "T15 T16 T17 H1 H2 H3 H4 H5 H6 H7 H8 H9 H10 HJ HC",
            "p3": "T20 T3 SK D1 D2 D3 D4 D5 D6 D7 D8 D9 D10 DJ DC",
        },
    )
    take(rnd, "p2", "garde-sans")
    act(rnd, "p2 call SK")
    assert rnd.partner == P3
    act(rnd, "p2 play T15")
    # p3 is p2's partner, and the trick is already p2's: p3 must still go over T15.
    assert legal_cards(rnd) == ["T20"]
    assert_refused(
        rnd,
        "p3 play T3",
        Illegal.MUST_OVERTRUMP,
        "the trick holds the 15 of trumps and you hold the 20 of trumps",
    )
    assert_refused(
        rnd, "p3 play SK", Illegal.MUST_FOLLOW_SUIT, "higher than the 15, and you hold the 20 of trumps"
    )
    assert_accepted(rnd, "p3 play T20")


# ------------------------------------------------------------------ the first lead with five players

CALLED5 = {
    "p2": "S1 S2 S3 H1 H2 H3 T21 T10 T11 T12 T13 D1 D2 D3 D4",
    "p4": "SK",
}


def test_first_lead_not_in_called_suit() -> None:
    rnd = new_round("fft-5", CALLED5)
    take(rnd, "p3", "garde-sans")
    act(rnd, "p3 call SK")
    assert rnd.to_move == P2 and rnd.partner == P4
    assert legal_cards(rnd) == ["H1", "H2", "H3", "D1", "D2", "D3", "D4", "T10", "T11", "T12", "T13", "T21"]
    message = assert_refused(rnd, "p2 play S1", Illegal.CALLED_SUIT_LEAD, "(Spades)")
    assert (
        message == "the first lead may not be in the called suit (Spades) unless it is the called card, "
        "the King of Spades"
    )
    # From the second trick on, the called suit may be led.
    act(rnd, "p2 play T21")
    while rnd.current is not None and rnd.current.plays:
        play_out_one(rnd)
    assert rnd.tricks[0].winner == P2 and rnd.to_move == P2
    assert "S1" in legal_cards(rnd)
    assert_accepted(rnd, "p2 play S1")


def play_out_one(rnd: Round) -> None:
    rnd.push(first_card(rnd, rnd.legal_actions()))


def test_first_lead_may_be_the_called_card_itself() -> None:
    rnd = new_round("fft-5", {"p2": "SK S1 S2 H1 H2 H3 T21 T10 T11 T12 T13 D1 D2 D3 D4"})
    take(rnd, "p3", "garde")
    act(rnd, "p3 call SK")
    act(rnd, "p3 discard " + str(next(c for c in rnd.hands[P3] if c.suit.is_plain and not c.is_king)))
    while rnd.phase.value == "discard":
        assert rnd.to_move is not None
        rnd.push(first_card(rnd, rnd.legal_actions()))
    assert rnd.partner == P2 and rnd.to_move == P2
    assert "SK" in legal_cards(rnd) and "S1" not in legal_cards(rnd) and "S2" not in legal_cards(rnd)
    assert_refused(
        rnd, "p2 play S2", Illegal.CALLED_SUIT_LEAD, "unless it is the called card, the King of Spades"
    )
    assert_accepted(rnd, "p2 play SK")
    assert rnd.partner_revealed


def test_first_lead_only_called_suit_left_is_free() -> None:
    # A leader whose hand is only the called suit, trumps aside... here: no other plain suit and no
    # trump, so the rule cannot apply (the engine lets it lead what it has).
    rnd = new_round("fft-5", {"p2": "S1 S2 S3 S4 S5 S6 S7 S8 S9 S10 SJ SC SQ HK DK"}, dealer="p1")
    take(rnd, "p3", "garde-sans")
    act(rnd, "p3 call HK")
    assert legal_cards(rnd) == [str(c) for c in rnd.hands[P2]]


# ------------------------------------------------------------------ the Excuse


def test_excuse_playable_any_time() -> None:
    rnd = follow4()
    act(rnd, "p2 play HK")
    assert "EX" in legal_cards(rnd)  # p3 holds hearts: the Excuse instead of following
    act(rnd, "p3 play H1", "p4 play T10", "p1 play T15", "p1 play D1", "p2 play T21")
    assert "EX" in legal_cards(rnd)  # p3 must trump: the Excuse instead of trumping
    act(rnd, "p3 play T2", "p4 play T8", "p2 play T20")
    assert "EX" in legal_cards(rnd)  # trumps led
    assert_accepted(rnd, "p3 play EX")
    assert rnd.current is not None and rnd.current.plays[-1] == (P3, EXCUSE)


# Leads the Excuse to the first trick: p2 (attack, garde sans) holds it and the spades.
EXLEAD4 = {
    "p2": "EX S1 S2 S3 S4 S5 S6 S7 S8 S9 S10 SJ SC SQ SK T18 T19 T20",
    "p3": "C1 C2 H1 H2 H3 H4 H5 H6 H7 H8 H9 H10 HJ HC T2 T3 T4 T5",
    "p4": "C3 C4 C5 C6 C7 C8 C9 C10 CJ CC CQ CK T6 T7 T8 T9 T10 T11",
    "p1": "D1 D2 D3 D4 D5 D6 D7 D8 D9 D10 DJ DC DQ DK HQ HK T14 T15",
}
EXLEAD4_DOG = "T1 T12 T13 T16 T17 T21"


def exlead4() -> Round:
    rnd = new_round("fft-4", EXLEAD4, dog=EXLEAD4_DOG)
    take(rnd, "p2", "garde-sans")
    act(rnd, "p2 play EX")
    return rnd


def test_excuse_led_next_card_sets_suit() -> None:
    rnd = exlead4()
    assert legal_cards(rnd) == [str(c) for c in rnd.hands[P3]]  # nothing to follow yet
    act(rnd, "p3 play C1")
    assert legal_cards(rnd) == ["C3", "C4", "C5", "C6", "C7", "C8", "C9", "C10", "CJ", "CC", "CQ", "CK"]
    assert_refused(rnd, "p4 play T6", Illegal.MUST_FOLLOW_SUIT, "Clubs were led")
    act(rnd, "p4 play CK")
    assert legal_cards(rnd) == ["T14", "T15"]
    assert_refused(rnd, "p1 play D1", Illegal.MUST_TRUMP, "you have no Clubs")
    act(rnd, "p1 play T14")
    assert rnd.tricks[0].winner == P1  # the Excuse never wins (outside the slam case)


def test_excuse_exchange_card() -> None:
    rnd = exlead4()
    act(rnd, "p3 play C1", "p4 play CK", "p1 play T14")
    play_out(rnd)
    counting = rnd.result().counting
    assert counting is not None and counting.excuse is not None
    note = counting.excuse
    assert (note.seat, note.trick, note.kept_by) == (P2, 0, "attack")
    assert note.exchange_card is not None and note.exchange_card.half_points == 1
    assert EXCUSE in counting.attack_cards and EXCUSE not in counting.defence_cards
    assert note.exchange_card in counting.defence_cards and note.exchange_card not in counting.attack_cards
    assert f"gives {cards_in_words([note.exchange_card])} (half a point)" in note.explanation
    # The counting is the cards' points: every card once, 182 half-points in all.
    assert sorted([*counting.attack_cards, *counting.defence_cards], key=lambda c: c.index) == list(
        find_variant("fft-4").pack
    )
    assert counting.attack_half_points == sum(c.half_points for c in counting.attack_cards)
    assert counting.attack_half_points + counting.defence_half_points == 182


def test_excuse_exchange_owed_until_side_wins_trick() -> None:
    rnd = exlead4()
    act(rnd, "p3 play C1", "p4 play CK", "p1 play T14")
    play_out(rnd)
    counting = rnd.result().counting
    assert counting is not None and counting.excuse is not None
    first_won = min(t.number for t in rnd.tricks if rnd.side_of(t.winner or P1) == "attack")
    assert first_won > 0  # the attack won nothing when it played the Excuse
    note = counting.excuse
    assert note.paid_in_trick == first_won
    assert note.exchange_card in rnd.tricks[first_won].cards


def test_excuse_exchange_paid_at_once_when_the_side_already_has_a_trick() -> None:
    rnd = follow4()
    # Trick 1 goes to p1 (defence) with H1 in it; in trick 2 p3 (defence) excuses itself and p2 wins.
    act(rnd, "p2 play HK", "p3 play H1", "p4 play T10", "p1 play T15")
    act(rnd, "p1 play D1", "p2 play T21", "p3 play EX", "p4 play T8")
    assert rnd.tricks[1].winner == P2
    play_out(rnd, excuse_early)
    counting = rnd.result().counting
    assert counting is not None and counting.excuse is not None
    note = counting.excuse
    assert (note.seat, note.trick, note.kept_by, note.paid_in_trick) == (P3, 1, "defence", 1)
    assert note.exchange_card == card("H1")
    assert card("H1") in counting.attack_cards and EXCUSE in counting.defence_cards


def test_excuse_never_paid_counts_four_points() -> None:
    # p2 takes and wins every trick; p3 (defence) plays the Excuse in the first trick and never wins a
    # trick to pay for it: it keeps the Excuse as 4 points, the attack gets the other half point.
    rnd = new_round(
        "fft-4",
        {
            "p2": "T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21",
            "p3": "EX T2",
            "p1": "T1 T3",
        },
    )
    take(rnd, "p2", "garde-sans")
    play_out(
        rnd,
        by_seat(
            {
                P3: lambda r, legal: (
                    Action(P3, "play", "", (EXCUSE,)) if EXCUSE in r.hands[P3] else first_card(r, legal)
                )
            }
        ),
    )
    counting = rnd.result().counting
    assert counting is not None and counting.excuse is not None
    assert counting.excuse.trick == 0 and counting.excuse.kept_by == "defence"
    assert counting.excuse.exchange_card is None and "counts 4 points" in counting.excuse.explanation
    assert counting.tricks_won == {"attack": 18, "defence": 0} and counting.slam_by == "attack"
    assert (counting.attack_half_points, counting.defence_half_points) == (174, 8)
    assert counting.attack_bouts == 2


def test_excuse_kept_by_the_defence_in_a_taker_slam_even_at_the_last_trick() -> None:
    """The Excuse played to the last trick goes to the other side *outside a slam*, and in a taker's slam
    with the Excuse in the defence, the defence keeps the Excuse (4 points): rules decisions,
    #decision-fft-play and #decision-fft-scoring. The beginner's guide (#source-beginners-guide), after
    its Examples of Scoring: "the Defenders would get the card points for the 'Scuse if West is
    to get a Slam". Here p2 wins all 18 tricks and p3 keeps the Excuse for the last one."""
    rnd = new_round(
        "fft-4",
        {
            "p2": "T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21",
            "p3": "EX T3",
            "p1": "T1 T2",
        },
    )
    take(rnd, "p2", "garde-sans")
    play_out(rnd, excuse_last)
    assert (P3, EXCUSE) in rnd.tricks[-1].plays and rnd.tricks[-1].winner == P2
    result = rnd.result()
    counting = result.counting
    assert counting is not None and result.score is not None and counting.excuse is not None
    assert counting.tricks_won == {"attack": 18, "defence": 0} and counting.slam_by == "attack"
    assert counting.excuse.kept_by == "defence"
    assert (counting.attack_half_points, counting.defence_half_points) == (174, 8)
    assert result.score.per_defender == (25 + (87 - 41)) * 4 + 200


def test_excuse_last_trick_changes_side() -> None:
    rnd = follow4()
    play_out(rnd, excuse_last)
    counting = rnd.result().counting
    assert counting is not None and counting.excuse is not None
    last = rnd.tricks[-1]
    assert (P3, EXCUSE) in last.plays and last.winner != P3
    assert counting.excuse.trick == 17 and counting.excuse.kept_by == "attack"
    assert "goes over to the other side" in counting.excuse.explanation
    assert EXCUSE in counting.attack_cards and EXCUSE not in counting.defence_cards
    assert counting.attack_half_points + counting.defence_half_points == 182


# ------------------------------------------------------------------ slams and petit au bout

# p2 holds 17 trumps from T5 and the Excuse: leading trumps it wins every trick, then leads the Excuse.
SLAM4 = {
    "p2": "T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 EX",
    "p1": "T1 T2",
    "p3": "T3",
    "p4": "T4",
}
# The same with the Petit kept by p2 for the seventeenth trick: T1 T6-T21 and the Excuse.
SLAM4_PETIT = {
    "p2": "T1 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 EX",
    "p1": "T2 T3",
    "p3": "T4",
    "p4": "T5",
}


def test_excuse_wins_last_trick_in_slam() -> None:
    rnd = new_round("fft-4", SLAM4)
    take(rnd, "p2", "garde-sans")
    act(rnd, "p2 slam")
    play_out(rnd)
    last = rnd.tricks[-1]
    assert last.plays[0] == (P2, EXCUSE) and last.winner == P2
    result = rnd.result()
    counting = result.counting
    assert counting is not None and result.score is not None
    assert counting.tricks_won == {"attack": 18, "defence": 0} and counting.slam_by == "attack"
    assert counting.excuse is not None and counting.excuse.kept_by == "attack"
    assert counting.attack_half_points == 182 and counting.attack_bouts == 3
    terms = {t.term: t.value for t in result.score.terms}
    assert terms["slam"] == 400 and "petit_au_bout" not in terms
    assert result.score.per_defender == (25 + 55) * 4 + 400


def test_excuse_wins_last_trick_in_unannounced_slam_by_default() -> None:
    rnd = new_round("fft-4", SLAM4)
    take(rnd, "p2", "garde-sans")
    play_out(rnd)
    result = rnd.result()
    assert rnd.tricks[-1].winner == P2 and result.counting is not None and result.score is not None
    assert result.counting.slam_by == "attack"
    assert {t.term: t.value for t in result.score.terms}["slam"] == 200
    assert result.score.per_defender == (25 + 55) * 4 + 200


def test_excuse_does_not_win_unannounced_slam_with_the_option_off() -> None:
    rnd = new_round("fft-4", SLAM4, excuse_wins_unannounced_slam=False)
    take(rnd, "p2", "garde-sans")
    play_out(rnd)
    result = rnd.result()
    assert result.counting is not None and result.score is not None
    last = rnd.tricks[-1]
    assert last.plays[0] == (P2, EXCUSE) and last.winner != P2
    assert result.counting.slam_by is None and result.counting.tricks_won == {"attack": 17, "defence": 1}
    assert result.counting.excuse is not None and result.counting.excuse.kept_by == "defence"
    assert "slam" not in {t.term for t in result.score.terms}
    # Announced, the option does not matter: the Excuse wins the last trick.
    rnd = new_round("fft-4", SLAM4, excuse_wins_unannounced_slam=False)
    take(rnd, "p2", "garde-sans")
    act(rnd, "p2 slam")
    play_out(rnd)
    assert rnd.tricks[-1].winner == P2 and rnd.result().counting is not None


def test_petit_au_bout_in_slam_next_to_last_trick() -> None:
    rnd = new_round("fft-4", SLAM4_PETIT)
    take(rnd, "p2", "garde-sans")
    play_out(rnd, by_seat({P2: highest_card}))
    assert PETIT in rnd.tricks[-2].cards and rnd.tricks[-2].winner == P2
    assert rnd.tricks[-1].plays[0] == (P2, EXCUSE) and rnd.tricks[-1].winner == P2
    result = rnd.result()
    assert result.counting is not None and result.score is not None
    assert result.counting.petit_au_bout == "attack" and result.counting.slam_by == "attack"
    terms = {t.term: t.value for t in result.score.terms}
    assert terms["petit_au_bout"] == 10 and terms["slam"] == 200
    assert result.score.per_defender == (25 + 55 + 10) * 4 + 200


def test_petit_in_next_to_last_trick_is_not_au_bout_without_the_slam() -> None:
    rnd = new_round("fft-4", SLAM4_PETIT, excuse_wins_unannounced_slam=False)
    take(rnd, "p2", "garde-sans")
    play_out(rnd, by_seat({P2: highest_card}))
    assert PETIT in rnd.tricks[-2].cards and rnd.tricks[-1].winner != P2
    counting = rnd.result().counting
    assert counting is not None and counting.petit_au_bout is None and counting.slam_by is None


@pytest.mark.parametrize(("seed", "taker", "side"), [(100, "p2", "attack"), (78, "p3", "defence")])
def test_petit_au_bout_goes_to_the_side_winning_the_last_trick(seed: int, taker: str, side: str) -> None:
    rnd = find_variant("fft-4").deal_round(P1, seed)
    take(rnd, taker, "garde")
    play_out(rnd)
    last = rnd.tricks[-1]
    assert PETIT in last.cards and last.winner is not None and rnd.side_of(last.winner) == side
    result = rnd.result()
    assert result.counting is not None and result.score is not None
    assert result.counting.petit_au_bout == side
    pab = {t.term: t.value for t in result.score.terms}["petit_au_bout"]
    assert pab == (10 if side == "attack" else -10)
    # Multiplied with the garde: the contract score includes 2 × ±10.
    contract_score = {t.term: t.value for t in result.score.terms}["contract_score"]
    difference = {t.term: t.value for t in result.score.terms}["difference"]
    assert isinstance(difference, int)
    sign = 1 if result.score.won else -1
    assert contract_score == (sign * (25 + difference) + pab) * 2


def test_slam_announcer_leads() -> None:
    rnd = new_round("fft-4", SLAM4, dealer="p4")
    take(rnd, "p2", "garde-sans")
    assert rnd.to_move == P1  # the dealer p4's right leads ...
    assert Action(P2, "slam") in rnd.legal_actions()
    assert_refused(rnd, "p1 slam", Illegal.SLAM_NOT_ALLOWED, "only the taker may announce a slam")
    assert_accepted(rnd, "p2 slam")
    assert rnd.slam_announced and rnd.to_move == P2  # ... unless the taker announces a slam
    assert rnd.current is not None and rnd.current.leader == P2
    assert Action(P2, "slam") not in rnd.legal_actions()
    assert_refused(rnd, "p2 slam", Illegal.SLAM_NOT_ALLOWED, "before the first card is played")
    act(rnd, "p2 play T21")
    assert rnd.to_move == P3


def test_slam_too_late_after_the_first_card() -> None:
    rnd = new_round("fft-4", SLAM4)
    take(rnd, "p2", "garde-sans")
    act(rnd, "p2 play T21")
    assert_refused(rnd, "p2 slam", Illegal.SLAM_NOT_ALLOWED, "a slam must be announced before the first card")


def test_announced_slam_failed_costs_200() -> None:
    rnd = follow4()
    act(rnd, "p2 slam")
    play_out(rnd)
    result = rnd.result()
    assert result.counting is not None and result.score is not None
    assert result.counting.slam_by is None
    assert {t.term: t.value for t in result.score.terms}["slam"] == -200


def test_slam_by_the_defence() -> None:
    # p2 takes with no trump at all; p1 holds every trump: the defence wins every trick.
    rnd = new_round("fft-4", NO_TRUMP_TAKER, dealer="p4")
    take(rnd, "p2", "prise")
    act(rnd, *(f"p2 discard {c}" for c in ["S1", "S2", "S3", "S4", "S5", "S6"]))
    play_out(rnd, by_seat({P1: highest_card}))
    result = rnd.result()
    assert result.counting is not None and result.score is not None
    assert result.counting.tricks_won["attack"] == 0 and result.counting.slam_by == "defence"
    terms = {t.term: t.value for t in result.score.terms}
    assert terms["slam_defence"] == -200 and not result.score.won


# ------------------------------------------------------------------ handfuls

HANDFUL_CASES = [
    # (variant, trumps held, with the Excuse, handfuls allowed)
    ("fft-4", 9, False, []),
    ("fft-4", 10, False, ["simple"]),
    ("fft-4", 12, False, ["simple"]),
    ("fft-4", 13, False, ["simple", "double"]),
    ("fft-4", 14, False, ["simple", "double"]),
    ("fft-4", 15, False, ["simple", "double", "triple"]),
    ("fft-3", 12, False, []),
    ("fft-3", 13, False, ["simple"]),
    ("fft-3", 15, False, ["simple", "double"]),
    ("fft-3", 17, False, ["simple", "double"]),
    ("fft-3", 18, False, ["simple", "double", "triple"]),
    ("fft-5", 7, False, []),
    ("fft-5", 8, False, ["simple"]),
    ("fft-5", 10, False, ["simple", "double"]),
    ("fft-5", 12, False, ["simple", "double"]),
    ("fft-5", 13, False, ["simple", "double", "triple"]),
    ("fft-4", 9, True, ["simple"]),
    ("fft-4", 14, True, ["simple", "double", "triple"]),
    ("fft-3", 17, True, ["simple", "double", "triple"]),
    ("fft-5", 7, True, ["simple"]),
]
THRESHOLDS = {
    "fft-3": {"simple": 13, "double": 15, "triple": 18},
    "fft-4": {"simple": 10, "double": 13, "triple": 15},
    "fft-5": {"simple": 8, "double": 10, "triple": 13},
}


def handful_round(key: str, trumps: int, excuse: bool) -> Round:
    """p2 (first to lead) holds the ``trumps`` highest trumps, and the Excuse if asked."""
    held = [f"T{n}" for n in range(21, 21 - trumps, -1)] + (["EX"] if excuse else [])
    # The Petit and another low trump go to p1, so that nobody holds the Petit alone.
    rnd = new_round(key, {"p2": " ".join(held), "p1": "T1 T2"}, dog=None, dealer="p1")
    take(rnd, "p3", "garde-sans")
    if key == "fft-5":
        act(rnd, "p3 call SK" if card("SK") not in rnd.hands[P3] else "p3 call HK")
    return rnd


@pytest.mark.parametrize(("key", "trumps", "excuse", "allowed"), HANDFUL_CASES)
def test_handful_thresholds_3_4_5_players(key: str, trumps: int, excuse: bool, allowed: list[str]) -> None:
    rnd = handful_round(key, trumps, excuse)
    assert rnd.to_move == P2
    assert [a.word for a in rnd.legal_actions() if a.kind == "handful"] == allowed
    have = trumps + (1 if excuse else 0)
    for size, need in THRESHOLDS[key].items():
        if size in allowed:
            continue
        assert_refused(
            rnd,
            f"p2 handful {size}",
            Illegal.HANDFUL_TOO_SMALL,
            f"a {size} handful needs {need} trumps (the Excuse may count as one) and you hold {have}",
        )
    if allowed:
        size = allowed[-1]
        assert_accepted(rnd, f"p2 handful {size}")
        seat, shown_size, shown = rnd.handfuls[-1]
        assert (seat, shown_size) == (P2, size)
        assert len(shown) == THRESHOLDS[key][size]  # exactly the threshold is shown
        assert set(shown) <= set(rnd.hands[P2]) and all(c.is_trump or c is EXCUSE for c in shown)
        assert rnd.to_move == P2  # the handful is not a card: p2 still has to lead


@pytest.mark.parametrize(
    ("trumps", "size", "shows_excuse"),
    [(9, "simple", True), (10, "simple", False), (12, "simple", False), (12, "double", True)],
)
def test_handful_excuse_counts_only_if_no_other_trump(trumps: int, size: str, shows_excuse: bool) -> None:
    """The engine shows the Excuse only when the trumps alone fall short, and then shows every trump."""
    rnd = handful_round("fft-4", trumps, True)
    act(rnd, f"p2 handful {size}")
    _, _, shown = rnd.handfuls[-1]
    need = THRESHOLDS["fft-4"][size]
    assert len(shown) == need
    assert (EXCUSE in shown) is shows_excuse
    if shows_excuse:
        held_trumps = {c for c in rnd.hands[P2] if c.is_trump}
        assert held_trumps <= set(shown)  # no other trump is left hidden


def test_handful_with_eleven_trumps_and_the_excuse_is_not_double() -> None:
    rnd = handful_round("fft-4", 11, True)
    assert [a.word for a in rnd.legal_actions() if a.kind == "handful"] == ["simple"]
    assert_refused(rnd, "p2 handful double", Illegal.HANDFUL_TOO_SMALL, "needs 13 trumps")


def test_handful_only_once_and_before_the_first_card() -> None:
    rnd = handful_round("fft-4", 13, False)
    act(rnd, "p2 handful simple")
    assert [a for a in rnd.legal_actions() if a.kind == "handful"] == []
    assert_refused(rnd, "p2 handful double", Illegal.HANDFUL_ALREADY, "you have already shown a handful")
    assert_refused(rnd, "p2 handful quadruple", Illegal.HANDFUL_TOO_SMALL, "'quadruple' is not a handful")
    rnd = handful_round("fft-4", 13, False)
    act(rnd, f"p2 play {rnd.hands[P2][0]}")
    rnd.push(first_card(rnd, rnd.legal_actions()))
    rnd.push(first_card(rnd, rnd.legal_actions()))
    rnd.push(first_card(rnd, rnd.legal_actions()))
    assert rnd.to_move is not None and rnd.cards_played[P2] == 1
    assert_refused(
        rnd, "p2 handful simple", Illegal.HANDFUL_TOO_LATE, "before its holder plays their first card"
    )


def test_handful_is_shown_on_its_holders_turn() -> None:
    rnd = new_round("fft-4", {"p3": "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12"}, dog=None)
    take(rnd, "p3", "garde-sans")
    assert rnd.to_move == P2
    assert_refused(rnd, "p3 handful simple", Illegal.HANDFUL_TOO_LATE)
    rnd.push(first_card(rnd, rnd.legal_actions()))
    assert rnd.to_move == P3
    assert_accepted(rnd, "p3 handful simple")


@pytest.mark.parametrize("shown_by", [P2, P3])
def test_handful_bonus_goes_to_winner(shown_by: Seat) -> None:
    # p2 (defence) or p3 (the taker) shows a simple handful; the bonus sign follows the result.
    trumps = " ".join(f"T{n}" for n in range(21, 11, -1))
    rnd = new_round("fft-4", {str(shown_by): trumps}, dog=None)
    take(rnd, "p3", "garde-contre")
    if shown_by == P3:
        rnd.push(first_card(rnd, rnd.legal_actions()))
    act(rnd, f"{shown_by} handful simple")
    play_out(rnd)
    score = rnd.result().score
    assert score is not None
    handful = [t for t in score.terms if t.term == "handful"]
    assert len(handful) == 1
    assert handful[0].value == (20 if score.won else -20)
    assert f"shown by the {rnd.side_of(shown_by)}" in handful[0].label
    assert "never multiplied" in handful[0].detail


# ------------------------------------------------------------------ where the dog counts


def test_garde_sans_dog_counts_for_taker() -> None:
    rnd = new_round("fft-4", {"p2": "T2 T3 T4 T5 T6 T7", "p3": "T8 T9 T10"}, dog="T21 EX HK SK DQ C1")
    take(rnd, "p2", "garde-sans")
    assert not rnd.dog_revealed and rnd.hands[P2] == sorted(rnd.initial_hands[P2], key=lambda c: c.index)
    play_out(rnd)
    counting = rnd.result().counting
    assert counting is not None and counting.dog_to == "attack"
    assert set(cards("T21 EX HK SK DQ C1")) <= set(counting.attack_cards)
    # The dog's two bouts are the taker's.
    assert counting.attack_bouts >= 2


def test_garde_contre_dog_counts_for_defence() -> None:
    rnd = new_round("fft-4", {"p2": "T2 T3 T4 T5 T6 T7", "p3": "T8 T9 T10"}, dog="T21 EX HK SK DQ C1")
    take(rnd, "p2", "garde-contre")
    assert not rnd.dog_revealed
    play_out(rnd)
    counting = rnd.result().counting
    assert counting is not None and counting.dog_to == "defence"
    assert set(cards("T21 EX HK SK DQ C1")) <= set(counting.defence_cards)
    assert not set(cards("T21 EX")) & set(counting.attack_cards)


@pytest.mark.parametrize(
    ("contract", "multiplier"), [("prise", 1), ("garde", 2), ("garde-sans", 4), ("garde-contre", 6)]
)
def test_played_round_score_uses_the_contract_multiplier(contract: str, multiplier: int) -> None:
    rnd = new_round("fft-4", FOLLOW4, dog=FOLLOW4_DOG)
    take(rnd, "p2", contract)
    play_out(rnd, excuse_early)
    assert rnd.result().counting is not None
    result = rnd.result()
    assert result.score is not None and result.counting is not None
    terms = {t.term: t.value for t in result.score.terms}
    assert terms["multiplier"] == multiplier
    # The played round and the calculator agree on the score.
    request: dict[str, object] = {
        "variant": "fft",
        "players": 4,
        "contract": contract,
        "oudlers": result.counting.attack_bouts,
        "points": result.counting.attack_half_points / 2,
        "petit_au_bout": result.counting.petit_au_bout,
    }
    answer = score_request(request)
    assert answer["per_defender"] == result.score.per_defender
    assert result.by_seat == {
        P1: -result.score.per_defender,
        P2: 3 * result.score.per_defender,
        P3: -result.score.per_defender,
        P4: -result.score.per_defender,
    }


def test_four_player_round_with_excuse_lost_at_the_last_trick_scores_like_the_calculator() -> None:
    """A four-player round (seeded deal 1, p2 takes a garde, first legal card every time) where p3 of
    the defence plays the Excuse to the last trick and p1 of the defence wins that trick: the Excuse
    alone changes sides, so each side ends with a half point (37.5 for the attack). The played
    round's score and the calculator's score of the same counted facts must agree."""
    rnd = find_variant("fft-4").deal_round(P1, 1)
    take(rnd, "p2", "garde")
    play_out(rnd)
    result = rnd.result()
    counting = result.counting
    assert counting is not None and result.score is not None and counting.excuse is not None
    assert counting.excuse.trick == 17 and counting.excuse.seat == P3 and rnd.tricks[-1].winner == P1
    assert counting.attack_half_points == 75
    request: dict[str, object] = {
        "variant": "fft",
        "players": 4,
        "contract": "garde",
        "oudlers": counting.attack_bouts,
        "points": counting.attack_half_points / 2,
        "petit_au_bout": counting.petit_au_bout,
    }
    answer = score_request(request)
    assert answer["per_defender"] == result.score.per_defender


def test_five_player_round_partner_revealed_when_called_card_played() -> None:
    rnd = new_round("fft-5", CALLED5)
    take(rnd, "p3", "garde-sans")
    act(rnd, "p3 call SK")
    assert not rnd.partner_revealed
    while card("SK") not in [c for t in rnd.tricks for c in t.cards] and not rnd.is_over:
        play_out_one(rnd)
    assert rnd.partner_revealed and rnd.partner == P4 and P5 not in rnd.attack


NO_TRUMP_TAKER = {
    "p1": "T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21",
    "p2": "S1 S2 S3 S4 S5 S6 S7 S8 S9 S10 SJ SC SQ SK H1 H2 H3 H4",
    "p3": "T1 T2 T3",
}


@pytest.mark.parametrize("option", ["always", "when-won"])
@pytest.mark.parametrize("strong", [True, False])
def test_failed_slam_option_in_a_played_round(option: str, strong: bool) -> None:
    if strong:  # p2 makes its garde sans but not the slam
        rnd = new_round("fft-4", FOLLOW4, dog=FOLLOW4_DOG, failed_slam=option)
        take(rnd, "p2", "garde-sans")
    else:  # p2 has no trump: it loses everything
        rnd = new_round("fft-4", NO_TRUMP_TAKER, dealer="p4", failed_slam=option)
        take(rnd, "p2", "garde-sans")
    act(rnd, "p2 slam")
    play_out(rnd, by_seat({P1: highest_card}))
    score = rnd.result().score
    assert score is not None and score.won is strong
    slam = [t.value for t in score.terms if t.term == "slam"]
    assert slam == ([-200] if option == "always" or strong else [])


# ------------------------------------------------------------------ during the play


def test_current_winner_during_a_trick() -> None:
    rnd = follow4()
    assert rnd.current_winner() is None
    act(rnd, "p2 play HK")
    assert rnd.current_winner() == P2
    act(rnd, "p3 play H1")
    assert rnd.current_winner() == P2
    act(rnd, "p4 play T10")
    assert rnd.current_winner() == P4
    act(rnd, "p1 play T15")
    assert rnd.current_winner() is None and rnd.tricks[-1].winner == P1  # a new trick has begun
    rnd = exlead4()
    assert rnd.current_winner() == P2  # only the Excuse so far
    act(rnd, "p3 play C1")
    assert rnd.current_winner() == P3  # the first real card sets the suit and holds the trick


def test_tally_runs_with_the_tricks_and_ends_as_the_counting() -> None:
    rnd = new_round("fft-4", FOLLOW4, dog=FOLLOW4_DOG)
    with pytest.raises(ValueError, match="nobody has taken yet"):
        rnd.tally()
    take(rnd, "p2", "garde-sans")
    act(rnd, "p2 play HK", "p3 play H1", "p4 play T10", "p1 play T15")
    tally = rnd.tally()
    # The first trick (HK, H1, T10, T15: 9 + 1 + 1 + 1 half-points) is the defence's; no dog yet.
    assert (tally.attack_half_points, tally.defence_half_points) == (0, 12)
    assert tally.tricks_won == {"attack": 0, "defence": 1}
    play_out(rnd, excuse_early)
    final, counting = rnd.tally(), rnd.result().counting
    assert counting is not None
    assert (final.attack_half_points, final.defence_half_points) == (
        counting.attack_half_points,
        counting.defence_half_points,
    )


@pytest.mark.parametrize("pushed", ["p3 pass", None, 7])
def test_pushing_what_is_no_action_is_refused_and_changes_nothing(pushed: object) -> None:
    rnd = find_variant("fft-4").deal_round(dealer=Seat.P1, seed=7)
    before = rnd.copy()
    with pytest.raises(IllegalActionError) as refused:
        rnd.push(pushed)  # type: ignore[arg-type]
    assert refused.value.reason is Illegal.NOT_ALLOWED
    assert "Action.parse" in refused.value.message and "AttributeError" not in refused.value.message
    assert rnd.actions == before.actions and rnd.hands == before.hands and rnd.to_move == before.to_move
