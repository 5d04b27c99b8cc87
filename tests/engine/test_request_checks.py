"""Score requests that no real deal can produce are refused; every limit is one a real deal reaches.

The refusals are checked on requests the calculator used to score without a word. The limits are
worked out by :mod:`tarot_core.games.fft.holdings` from the pack and the contracts; the rounds at the end are
played with the engine to reach them, so that no possible deal is ever refused.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

import pytest

from tarot_core import find_variant, variant_for
from tarot_core.actions import Action
from tarot_core.cards import EXCUSE, FULL_PACK, PETIT, Card
from tarot_core.engine.round import Round
from tarot_core.engine.variant import score_request
from tarot_core.errors import RequestError
from tarot_core.games.fft import BOUTS, TOTAL, deal_shape, may_discard
from tarot_core.games.fft.holdings import _piles
from tarot_core.seats import ATTACK, DEFENCE, Seat
from tests.engine.fft_helpers import discard, new_round, play_out, take


def fft(**fields: Any) -> dict[str, Any]:
    request: dict[str, Any] = {"variant": "fft", "players": 4, "contract": "prise", **fields}
    return score_request(request)


def refused(request: dict[str, Any]) -> RequestError:
    with pytest.raises(RequestError) as caught:
        score_request(request)
    return caught.value


# ------------------------------------------------------------------ refusals: French Tarot
FFT_IMPOSSIBLE = [
    # The Petit au bout is won by the side that wins the last trick, with the Petit in it.
    ({"oudlers": 0, "points": 50, "petit_au_bout": "attack"}, "petit_au_bout", "at least 1 bout"),
    ({"oudlers": 3, "points": 60, "petit_au_bout": "defence"}, "petit_au_bout", "cannot have all 3"),
    (
        {"oudlers": 1, "points": 8, "petit_au_bout": "attack", "slam": {"won_by": "defence"}},
        "petit_au_bout",
        "the defence won every trick",
    ),
    (
        {"oudlers": 3, "points": 91, "petit_au_bout": "defence", "slam": {"won_by": "attack"}},
        "petit_au_bout",
        "the attack won every trick",
    ),
    # A slam by the defence: the taker keeps his discard (prise, garde), the dog (garde sans), nothing
    # (garde contre), and the Excuse if he had it.
    ({"oudlers": 1, "points": 50, "slam": {"won_by": "defence"}}, "points", "from 7 to 23 points"),
    ({"oudlers": 2, "points": 8, "slam": {"won_by": "defence"}}, "oudlers", "0 or 1 bouts"),
    ({"oudlers": 0, "points": 2.5, "slam": {"won_by": "defence"}}, "points", "from 3 to 19"),
    ({"oudlers": 0, "points": 3.5, "slam": {"won_by": "defence"}}, "points", "3 or 4 points"),
    (
        {"contract": "garde-contre", "oudlers": 0, "points": 2, "slam": {"won_by": "defence"}},
        "points",
        "exactly 0 points",
    ),
    (
        {"contract": "garde-contre", "oudlers": 1, "points": 4.5, "slam": {"won_by": "defence"}},
        "points",
        "exactly 4 points",
    ),
    (
        {"contract": "garde-sans", "oudlers": 0, "points": 0, "slam": {"won_by": "defence"}},
        "points",
        "from 3 to 25",
    ),
    # A slam by the attack: the defence keeps only the dog of garde contre, and the Excuse if it had it.
    ({"oudlers": 1, "points": 80, "slam": {"won_by": "attack"}}, "oudlers", "2 or 3 bouts"),
    ({"oudlers": 2, "points": 86, "slam": {"won_by": "attack"}}, "points", "exactly 87"),
    ({"oudlers": 3, "points": 90, "slam": {"announced": True, "won_by": "attack"}}, "points", "exactly 91"),
    (
        {"contract": "garde-contre", "oudlers": 3, "points": 60, "slam": {"won_by": "attack"}},
        "points",
        "from 66 to 88",
    ),
    # Without a slam each side won a trick: the taker holds 4 cards and his discard at least; the
    # defence 4 cards at least.
    ({"oudlers": 1, "points": 4}, "points", "at least 9 points"),
    ({"oudlers": 3, "points": 90}, "points", "at most 89 points"),
    ({"players": 5, "contract": "garde-contre", "oudlers": 0, "points": 80}, "points", "at most 75"),
    # Points only a slam gives, without the slam: the request says which slam is missing.
    ({"oudlers": 0, "points": 3}, "slam", '"won_by": "defence"'),
    ({"oudlers": 3, "points": 91}, "slam", '"won_by": "attack"'),
    ({"oudlers": 2, "points": 87}, "slam", "a slam by the attack"),
    # Each player shows one handful at most: the taker is alone in his side with 3 or 4 players.
    (
        {"oudlers": 1, "points": 50, "handfuls": [{"side": "attack", "size": "simple"}] * 2},
        "handfuls",
        "the attack (the taker) shows 1 at most, not 2",
    ),
    (
        {
            "players": 5,
            "oudlers": 1,
            "points": 50,
            "alone": True,
            "handfuls": [{"side": "attack", "size": "simple"}] * 2,
        },
        "handfuls",
        "shows 1 at most",
    ),
    (
        {"oudlers": 1, "points": 50, "handfuls": [{"side": "defence", "size": "simple"}] * 4},
        "handfuls",
        "the 3 defenders",
    ),
]


@pytest.mark.parametrize(("fields", "field", "fragment"), FFT_IMPOSSIBLE)
def test_impossible_french_deals_are_refused(fields: dict[str, Any], field: str, fragment: str) -> None:
    error = refused({"variant": "fft", "players": 4, "contract": "prise", **fields})
    assert error.field == field
    assert fragment in error.message


def test_the_petit_au_bout_refusal_says_why() -> None:
    error = refused({"variant": "fft", "players": 4, "contract": "garde", "oudlers": 0, "points": 40,
                     "petit_au_bout": "attack"})  # fmt: skip
    assert "the side that won the Petit au bout holds the Petit, so it has at least 1 bout" in str(error)


# Each possible deal with what each defender receives (negative: pays), worked out by hand from the
# rules (docs/reference/rules-decisions.md#decision-fft-scoring: S = ±(25 + |d|) × m + Petit au bout × m
# + slam; an unannounced slam +200 to the side that makes it; a half point goes to the side that wins the
# deal).
# The taker's side loses when S is positive for the defenders. Four players and a prise unless stated.
FFT_POSSIBLE: list[tuple[dict[str, Any], int]] = [
    # Half points with four players: the Excuse changes side at the last trick.
    # 40.5 against 41: lost, the half point to the defence, d = 1: (25 + 1) × 1 = 26.
    ({"oudlers": 2, "points": 40.5}, 26),
    # 56.5 against 51: made, d = 5.5 counts 6: −(25 + 6) − 10 (Petit au bout for the attack) = −41.
    ({"oudlers": 1, "points": 56.5, "petit_au_bout": "attack"}, -41),
    # Every limit the refusals above name is itself accepted.
    # 7 against 51: (25 + 44) + 200 (the defence's slam) = 269.
    ({"oudlers": 1, "points": 7, "slam": {"won_by": "defence"}}, 269),
    # 23 against 51: (25 + 28) + 200 = 253.
    ({"oudlers": 1, "points": 23, "slam": {"won_by": "defence"}}, 253),
    # 19 against 56: (25 + 37) + 200 = 262.
    ({"oudlers": 0, "points": 19, "slam": {"won_by": "defence"}}, 262),
    # 87 against 41: −(25 + 46) − 200 (the taker's unannounced slam) = −271.
    ({"oudlers": 2, "points": 87, "slam": {"won_by": "attack"}}, -271),
    # 9 against 51: 25 + 42 = 67.
    ({"oudlers": 1, "points": 9}, 67),
    # 89 against 36: −(25 + 53) = −78.
    ({"oudlers": 3, "points": 89}, -78),
    # Garde contre (× 6), 66 against 36: −(25 + 30) × 6 − 200 = −530.
    ({"contract": "garde-contre", "oudlers": 3, "points": 66, "slam": {"won_by": "attack"}}, -530),
    # Garde contre, 88 against 36: −(25 + 52) × 6 − 200 = −662.
    ({"contract": "garde-contre", "oudlers": 3, "points": 88, "slam": {"won_by": "attack"}}, -662),
    # Garde contre, 4 against 51: (25 + 47) × 6 + 200 = 632.
    ({"contract": "garde-contre", "oudlers": 1, "points": 4, "slam": {"won_by": "defence"}}, 632),
    # Garde sans (× 4), 25 against 36: (25 + 11) × 4 + 200 = 344.
    ({"contract": "garde-sans", "oudlers": 3, "points": 25, "slam": {"won_by": "defence"}}, 344),
    # Five players, garde contre, 75 against 56: −(25 + 19) × 6 = −264.
    ({"players": 5, "contract": "garde-contre", "oudlers": 0, "points": 75}, -264),
]


@pytest.mark.parametrize(("fields", "defender"), FFT_POSSIBLE)
def test_possible_french_deals_are_still_scored(fields: dict[str, Any], defender: int) -> None:
    answer = fft(**fields)
    assert answer["scores"]["defender"] == defender
    assert answer["won"] is (defender < 0)


# ------------------------------------------------------------------ refusals: the older French rules
CLASSIC_IMPOSSIBLE = [
    # The taker won no trick: his discard (6 cards, 3 points at least) and the Excuse, counted by pairs.
    ({"contract": "small", "oudlers": 0, "points": 0, "slam": "defence"}, "points", "from 3 to 19"),
    ({"contract": "guard", "oudlers": 2, "points": 10, "slam": "defence"}, "oudlers", "0 or 1 bouts"),
    # The opponents won no trick and kept at most the Excuse: 3 bouts and 91, or 2 and 87.
    ({"contract": "small", "oudlers": 3, "points": 50, "slam": "attack"}, "points", "exactly 91"),
    ({"contract": "guard", "oudlers": 1, "points": 60, "slam": "attack"}, "oudlers", "2 or 3 bouts"),
    # Without a slam each side won a trick.
    ({"contract": "small", "oudlers": 3, "points": 10}, "points", "at least 16"),
    ({"contract": "small", "oudlers": 0, "points": 80}, "points", "at most 77"),
    ({"contract": "small", "oudlers": 0, "points": 3}, "slam", '"slam": "defence"'),
    ({"contract": "small", "oudlers": 0, "points": 2}, "points", "at least 4"),
    ({"contract": "guard-without", "oudlers": 0, "points": 70, "slam": "attack"}, "oudlers", "2 or 3"),
    # A Petit credited to the winner of the last trick (an option) is held by that side.
    (
        {"contract": "small", "oudlers": 0, "points": 40, "petit_last_trick": "attack",
         "options": {"petit_last_trick": "winner"}},
        "petit_last_trick",
        "at least 1 bout",
    ),
    (
        {"contract": "slam", "slam": "attack", "petit_last_trick": "defence",
         "options": {"petit_last_trick": "winner"}},
        "petit_last_trick",
        "the attack won every trick",
    ),
    # Five players: once the dog is shown, the called King is in neither the taker's hand nor the dog.
    ({"players": 5, "contract": "guard", "oudlers": 1, "points": 50, "alone": True}, "alone", "partner"),
]  # fmt: skip


@pytest.mark.parametrize(("fields", "field", "fragment"), CLASSIC_IMPOSSIBLE)
def test_impossible_deals_of_the_older_rules_are_refused(
    fields: dict[str, Any], field: str, fragment: str
) -> None:
    error = refused({"variant": "classic", "players": 3, **fields})
    assert error.field == field
    assert fragment in error.message


# Each possible deal of the older rules with the contract score S from the taker's side and the taker's
# share, worked out by hand (docs/reference/rules-decisions.md#decision-classic-scoring: base 25/50/100/150
# plus the difference times 1/2/4/6; a bid slam 600 and nothing added; an unbid slam 300 in place of the
# base; the Petit on the last trick 10 to the side of the player who played it; a failed contract loses
# what it would have won; the taker's share 2 × S with three players, 4 × S alone with five). Three
# players unless stated.
CLASSIC_POSSIBLE: list[tuple[dict[str, Any], int, int]] = [
    # Credited to the side of the player who played it (the default), the Petit says nothing of
    # who won the last trick.
    # Small, 40 against 56: −(25 + 16) + 10 = −31; the taker −62.
    ({"contract": "small", "oudlers": 0, "points": 40, "petit_last_trick": "attack"}, -31, -62),
    # Slam bid and made: 600, less 10 for the opponents' Petit = 590; the taker 1180.
    ({"contract": "slam", "slam": "attack", "petit_last_trick": "defence"}, 590, 1180),
    # Small, 3 against 56: −(25 + 53) = −78; the taker −156.
    ({"contract": "small", "oudlers": 0, "points": 3, "slam": "defence"}, -78, -156),
    # Small, 87 against 41, every trick without bidding Slam: 300 + 46 = 346; the taker 692.
    ({"contract": "small", "oudlers": 2, "points": 87, "slam": "attack"}, 346, 692),
    # Five players, a bid slam made alone: 600; the taker 4 × 600 = 2400.
    ({"players": 5, "contract": "slam", "slam": "attack", "alone": True}, 600, 2400),
    # Five players, Guard alone, 50 against 51: −(50 + 1 × 2) = −52; the taker −208.
    ({"players": 5, "contract": "guard", "oudlers": 1, "points": 50, "alone": True,
      "options": {"call_timing": "before-dog"}}, -52, -208),
    # Guard without the dog, the dog set aside for nobody: it may hold all three bouts, so a taker
    # who wins every trick may have none. 70 against 56, unbid slam: 300 + 14 × 4 = 356; the taker 712.
    ({"contract": "guard-without", "oudlers": 0, "points": 70, "slam": "attack",
      "options": {"guard_without_dog": "nobody"}}, 356, 712),
]  # fmt: skip


@pytest.mark.parametrize(("fields", "contract_score", "taker"), CLASSIC_POSSIBLE)
def test_possible_deals_of_the_older_rules_are_still_scored(
    fields: dict[str, Any], contract_score: int, taker: int
) -> None:
    answer: Any = score_request({"variant": "classic", "players": 3, **fields})
    assert answer["contract_score"] == contract_score
    assert answer["scores"]["taker"] == taker


# ------------------------------------------------------------------ numbers are numbers
TEXT_NUMBERS = [
    ({"variant": "fft", "players": "4", "contract": "garde", "oudlers": 2, "points": 56}, "players"),
    ({"variant": "fft", "players": 4, "contract": "garde", "oudlers": "2", "points": 56}, "oudlers"),
    ({"variant": "fft", "players": 4, "contract": "garde", "oudlers": 2, "points": "56"}, "points"),
    ({"variant": "classic", "players": "3", "contract": "guard", "oudlers": 2, "points": 50}, "players"),
    ({"variant": "classic", "players": 3, "contract": "guard", "oudlers": "2", "points": 50}, "oudlers"),
    ({"variant": "classic", "players": 3, "contract": "guard", "oudlers": 2, "points": "50"}, "points"),
    ({"variant": "chambery", "players": "5", "contract": "call", "points": 40}, "players"),
    ({"variant": "chambery", "players": 5, "pack": "78", "contract": "call", "points": 40}, "pack"),
    ({"variant": "chambery", "players": 5, "contract": "call", "points": "40"}, "points"),
    ({"variant": "chambery", "players": 3, "points": [37, "29", 12]}, "points[1]"),
    ({"variant": "mathers", "players": "2", "hands": {}}, "players"),
    (
        {"variant": "mathers", "players": 2, "hands": {"p1": {"tricks": {"plain": "39"}}, "p2": {}}},
        "hands.p1.tricks.plain",
    ),
    (
        {"variant": "mathers", "players": 2, "hands": {"p1": {"kings_cut": "1"}, "p2": {}}},
        "hands.p1.kings_cut",
    ),
]


@pytest.mark.parametrize(("request_", "field"), TEXT_NUMBERS)
def test_a_number_given_as_text_is_refused_by_name(request_: dict[str, Any], field: str) -> None:
    error = refused(request_)
    assert error.field == field
    text = next(v for v in _leaves(request_) if isinstance(v, str) and v.isdigit())
    assert error.message.endswith(f'not the text "{text}"') and "number" in error.message


def test_points_as_text_names_the_field_and_what_it_expects() -> None:
    error = refused({"variant": "fft", "players": 4, "contract": "garde", "oudlers": 2, "points": "56"})
    assert str(error) == 'points: must be a number of card points such as 41 or 40.5, not the text "56"'


@pytest.mark.parametrize("value", [float("nan"), float("inf")])
def test_points_that_are_not_a_finite_number_are_refused_as_such(value: float) -> None:
    """JSON readers accept NaN and Infinity: they are not card points."""
    error = refused({"variant": "fft", "players": 4, "contract": "garde", "oudlers": 2, "points": value})
    assert error.field == "points" and error.message.startswith("must be a number of card points")


def _leaves(value: object) -> list[object]:
    if isinstance(value, dict):
        return [leaf for item in value.values() for leaf in _leaves(item)]
    if isinstance(value, list):
        return [leaf for item in value for leaf in _leaves(item)]
    return [value]


MISSING = [
    ({"variant": "fft", "players": 4, "oudlers": 2, "points": 56}, "contract", "prise, garde"),
    ({"variant": "fft", "contract": "garde", "oudlers": 2, "points": 56}, "players", "3, 4, 5"),
    ({"variant": "fft", "players": 4, "contract": "garde", "points": 56}, "oudlers", "0, 1, 2, 3"),
    ({"variant": "fft", "players": 4, "contract": "garde", "oudlers": 2}, "points", "such as 41"),
    ({"variant": "classic", "players": 3, "oudlers": 2, "points": 50}, "contract", "small, guard"),
    ({"variant": "classic", "players": 3, "contract": "guard", "points": 50}, "oudlers", "0 to 3"),
    ({"variant": "classic", "players": 3, "contract": "guard", "oudlers": 2}, "points", "0 to 91"),
    ({"variant": "chambery", "players": 5, "points": 40}, "contract", "call"),
    ({"variant": "chambery", "contract": "call", "points": 40}, "players", "3, 4 or 5"),
    ({"variant": "chambery", "players": 5, "contract": "call"}, "points", "0 to 68"),
    ({"variant": "chambery", "players": 3}, "points", "three players"),
    ({"variant": "mathers", "players": 2}, "hands", "p1, p2"),
]


@pytest.mark.parametrize(("request_", "field", "fragment"), MISSING)
def test_a_missing_field_says_it_is_missing(request_: dict[str, Any], field: str, fragment: str) -> None:
    error = refused(request_)
    assert error.field == field
    assert error.message.startswith("missing: ") and fragment in error.message


def test_the_contract_left_out_is_named_as_missing() -> None:
    error = refused({"variant": "fft", "players": 4, "oudlers": 2, "points": 56})
    assert str(error) == "contract: missing: choose one of prise, garde, garde-sans, garde-contre"


# ------------------------------------------------------------------ the limits come from the pack
def test_piles_match_every_choice_of_cards() -> None:
    """The sums of a few cards, worked out by groups of equal cards, are those of every choice."""
    pool = tuple(card for card in FULL_PACK if card.suit.value in "SE" or card in (PETIT,))
    for size in range(4):
        expected = {
            (sum(c.is_bout for c in cards), sum(c.half_points for c in cards))
            for cards in itertools.combinations(pool, size)
        }
        assert _piles(pool, size) == expected


def test_the_discard_rule_agrees_with_the_round() -> None:
    """What may go to the discard is what the round lets a taker with every kind of card lay away."""
    rnd = new_round("fft-4", {"p2": "S1 SK SQ HC DJ T1 T2 T21 EX C2 C3 C4 C5 C6 C7 C8 C9 C10"})
    take(rnd, "p2", "garde")
    offered = {a.card for a in rnd.legal_actions() if a.kind == "discard"}
    hand = rnd.hands[Seat.parse("p2")]
    assert offered == {card for card in hand if may_discard(card) and not card.is_trump}
    assert not any(may_discard(card) for card in hand if card.is_king or card.is_bout)


# ------------------------------------------------------------------ real rounds reach the limits
def lowest(rnd: Round, legal: Sequence[Action]) -> Action:
    """The cheapest legal card (then the lowest in the pack); never a handful nor a slam."""
    plays = [a for a in legal if a.kind == "play" and a.card is not None]
    if not plays:
        return next(a for a in legal if a.kind in ("discard", "pass", "call"))
    return min(plays, key=lambda a: (a.card.half_points if a.card else 0, a.card))


def request_of(rnd: Round) -> dict[str, Any]:
    counting = rnd.count()
    return {
        "variant": "fft",
        "players": rnd.players,
        "contract": rnd.contract,
        "oudlers": counting.attack_bouts,
        "points": counting.attack_half_points / 2,
        "petit_au_bout": counting.petit_au_bout,
        "slam": {"won_by": counting.slam_by},
    }


def beyond(request: dict[str, Any], step: float) -> dict[str, Any]:
    return {**request, "points": request["points"] + step}


@pytest.mark.parametrize(
    ("dog", "edge"),
    [("S6 S7 S8 S9 H5 H6", min), ("SQ HQ DQ CQ SC HC", max)],
)
def test_a_taker_who_wins_no_trick_keeps_his_discard_and_the_excuse(dog: str, edge: Any) -> None:
    """Four players, prise: the taker holds the lowest cards of every suit and the Excuse, and lays
    away the dog again. The defence wins every trick; the taker keeps his discard and the Excuse,
    counted 4 points (no trick to give a card from): the fewest and the most the engine allows."""
    rnd = new_round("fft-4", {"p2": "S1 S2 S3 S4 S5 H1 H2 H3 H4 D1 D2 D3 D4 C1 C2 C3 C4 EX"}, dog=dog)
    take(rnd, "p2", "prise")
    discard(rnd, dog)
    play_out(rnd, lowest)
    request = request_of(rnd)
    assert request["slam"] == {"won_by": DEFENCE} and request["oudlers"] == 1
    limits = deal_shape(4, "prise").slam_totals(DEFENCE, False)[1]
    assert request["points"] * 2 == edge(limits)
    assert "scores" in score_request(request)
    with pytest.raises(RequestError):
        score_request(beyond(request, -0.5 if edge is min else 0.5))


def test_a_defence_that_wins_no_trick_keeps_only_its_excuse() -> None:
    """Four players, prise: the taker holds the 18 highest trumps and leads them from the top; the
    defence, with the Petit and the Excuse, wins nothing and keeps the Excuse: 87 points, 2 bouts."""
    trumps = " ".join(f"T{n}" for n in range(4, 22))
    rnd = new_round("fft-4", {"p2": trumps}, dog="S1 S2 S3 S4 S5 S6")
    take(rnd, "p2", "prise")
    discard(rnd, "S1 S2 S3 S4 S5 S6")

    def policy(rnd: Round, legal: Sequence[Action]) -> Action:
        if rnd.to_move == Seat.parse("p2"):
            return max((a for a in legal if a.kind == "play"), key=lambda a: a.card or 0)
        return lowest(rnd, legal)

    play_out(rnd, policy)
    request = request_of(rnd)
    assert request["slam"] == {"won_by": ATTACK}
    assert (request["oudlers"], request["points"] * 2) == (2, TOTAL - EXCUSE.half_points + 1)
    assert deal_shape(4, "prise").slam_totals(ATTACK, False)[2] == {request["points"] * 2}
    assert "scores" in score_request(request)
    with pytest.raises(RequestError):
        score_request(beyond(request, -0.5))


def test_a_taker_who_wins_one_trick_of_low_cards_holds_the_fewest_points() -> None:
    """Four players, garde contre: the taker wins the first trick with the 10 of Spades over three
    lower spades and then nothing: 4 cards of half a point, the fewest a side that won a trick holds."""
    rnd = new_round(
        "fft-4",
        {
            "p2": "S10 H1 H2 H3 H4 H5 H6 D1 D2 D3 D4 D5 D6 C1 C2 C3 C4 C5",
            "p1": "S1 S2 S3",
            "p3": "S4 S5 S6 T1 T2",
            "p4": "S7 S8 S9",
        },
    )
    take(rnd, "p2", "garde-contre")
    play_out(rnd, lowest)
    request = request_of(rnd)
    assert request["slam"] == {"won_by": None} and request["oudlers"] == 0
    assert request["points"] * 2 == deal_shape(4, "garde-contre").open_bounds(0)[0] == 4 * 1
    assert "scores" in score_request(request)
    with pytest.raises(RequestError):
        score_request(beyond(request, -0.5))


def test_a_defence_that_wins_one_trick_with_the_three_bouts_leaves_the_most() -> None:
    """Three players, prise: the taker leads the Petit, the next player must overtrump with the 21 and
    the last throws the Excuse: the defence has the three bouts, 13.5 points, and wins nothing more.
    The taker has 77.5 points without a bout, the most the engine allows."""
    taker = " ".join(f"T{n}" for n in range(1, 21)) + " SK HK DK CK"
    rnd = new_round("fft-3", {"p2": taker, "p3": "T21", "p1": "EX"}, dog="S1 S2 S3 S4 S5 S6")
    take(rnd, "p2", "prise")
    discard(rnd, "S1 S2 S3 S4 S5 S6")

    def policy(rnd: Round, legal: Sequence[Action]) -> Action:
        plays = [a for a in legal if a.kind == "play"]
        wanted = [a for a in plays if a.card in (PETIT, EXCUSE)]  # the taker leads the Petit first
        if wanted:
            return wanted[0]
        if rnd.to_move == Seat.parse("p2"):
            return max(plays, key=lambda a: a.card or 0)
        return lowest(rnd, legal)

    play_out(rnd, policy)
    request = request_of(rnd)
    assert request["slam"] == {"won_by": None} and request["oudlers"] == 0
    assert request["points"] * 2 == deal_shape(3, "prise").open_bounds(0)[1] == TOTAL - BOUTS * 9
    assert "scores" in score_request(request)
    with pytest.raises(RequestError):
        score_request(beyond(request, 0.5))


# ------------------------------------------------------------------ played deals are never refused
@pytest.mark.parametrize("key", ["fft-3", "fft-4", "fft-5", "classic-3", "classic-5"])
def test_every_played_deal_is_accepted(key: str) -> None:
    """Rounds played at random, every contract, scored from their counting: none is refused."""
    variant = find_variant(key)
    rng = random.Random(f"request-checks:{key}")
    for number in range(150):
        rnd = variant.deal_round(Seat.parse("p1"), f"{key}:{number}")
        rnd.play_at_random(rng.random)
        if rnd.outcome != "played":
            continue
        counting = rnd.count()
        if variant.family == "fft":
            assert "scores" in score_request(request_of(rnd))
            continue
        slam = counting.slam_by
        request: dict[str, Any] = {
            "variant": "classic",
            "players": variant.players,
            "contract": rnd.contract,
            "slam": slam,
            "petit_last_trick": counting.petit_au_bout,
            "options": {"petit_last_trick": "winner"},
        }
        if rnd.contract != "slam":
            request.update(oudlers=counting.attack_bouts, points=counting.attack_half_points // 2)
        if variant.players == 5:
            request["alone"] = rnd.partner is None
        assert "scores" in score_request(request)


def test_the_deal_shapes_follow_each_variant() -> None:
    """The dog goes where the engine's variants send it, and is as large as they deal it."""
    for players in (3, 4, 5):
        variant = variant_for("fft", players)
        for contract in ("prise", "garde", "garde-sans", "garde-contre"):
            shape = deal_shape(players, contract)
            assert shape.dog_size == variant.dog_size
            rnd = variant.deal_round(Seat.parse("p1"), 1)
            assert shape.dog_side == rnd.rule_dog_side(contract)
            assert shape.discard == rnd.rule_takes_dog(contract)


def test_an_excuse_kept_by_a_side_that_won_no_trick_counts_half_a_point_less() -> None:
    blank = deal_shape(4, "garde-contre").blank_side(ATTACK, False)
    assert blank == {(0, 0), (1, EXCUSE.half_points - min(c.half_points for c in FULL_PACK))}


def test_cards_are_what_the_limits_say() -> None:
    pack: tuple[Card, ...] = FULL_PACK
    assert sum(card.half_points for card in pack) == TOTAL
    assert sum(card.is_bout for card in pack) == BOUTS


def _lopsided_round(key: str, contract: str, strong: bool, rng: random.Random) -> Round | None:
    """A deal whose taker holds the best cards (or the worst) and a play-out where one side presses:
    rounds where a side wins every trick, with the dog and the Excuse anywhere."""
    variant = find_variant(key)
    pack = list(FULL_PACK)
    rng.shuffle(pack)

    def strength(card: Card) -> tuple[int, int]:
        return (-card.index, 0) if card.is_trump else (-card.rank, card.index)

    ordered = sorted(pack, key=strength) if strong else sorted(pack, key=lambda c: (c.half_points, c.index))
    taker_cards = ordered[: variant.hand_size]
    rest = [card for card in pack if card not in taker_cards]
    dog, rest = rest[: variant.dog_size], rest[variant.dog_size :]
    hands: list[list[Card]] = []
    for seat in range(variant.players):
        if seat == 1:
            hands.append(sorted(taker_cards))
        else:
            hands.append(sorted(rest[: variant.hand_size]))
            rest = rest[variant.hand_size :]
    rnd = variant.new_round(Seat.parse("p1"), hands, dog)
    taker = Seat.parse("p2")
    for _ in range(400):
        if rnd.is_over:
            return rnd
        legal = rnd.legal_actions()
        bids = [a for a in legal if a.kind == "bid" and a.word == contract and a.seat == taker]
        plays = [a for a in legal if a.kind == "play"]
        if bids:
            action = bids[0]
        elif plays:
            pressing = (rnd.side_of(plays[0].seat) == ATTACK) == strong
            if rng.random() < 0.2:
                action = rng.choice(plays)
            elif pressing:
                action = max(plays, key=lambda a: a.card or 0)
            else:
                action = min(plays, key=lambda a: (a.card.half_points, a.card) if a.card else (0, 0))
        else:
            quiet = [a for a in legal if a.kind in ("pass", "discard", "call")]
            if not quiet:
                return None
            action = rng.choice(quiet)
        rnd.push(action)
    return None


@pytest.mark.heavy
@pytest.mark.parametrize("key", ["fft-3", "fft-4", "fft-5"])
def test_every_slam_a_round_makes_is_within_the_limits(key: str) -> None:
    """Rounds where one side wins every trick, under every contract: the counted bouts and points are
    among those the limits allow, and the request is scored."""
    rng = random.Random(f"slams:{key}")
    slams = 0
    for number in range(240):
        contract = ("prise", "garde", "garde-sans", "garde-contre")[number % 4]
        rnd = _lopsided_round(key, contract, number % 8 < 4, rng)
        if rnd is None or rnd.outcome != "played":
            continue
        counting = rnd.count()
        if counting.slam_by is None:
            continue
        slams += 1
        shape = deal_shape(rnd.players, contract)
        allowed = shape.slam_totals(counting.slam_by, counting.petit_au_bout is not None)
        assert counting.attack_half_points in allowed[counting.attack_bouts]
        assert "scores" in score_request(request_of(rnd))
    assert slams >= 60


@pytest.mark.parametrize(
    ("request_", "fields"),
    [
        (
            {"variant": "fft", "players": 4, "contract": "prise", "oudlers": 4, "points": 120},
            ["oudlers", "points"],
        ),
        (
            {
                "variant": "fft",
                "players": 4,
                "contract": "bid",
                "oudlers": 1,
                "points": 30,
                "petit_au_bout": "x",
            },
            ["contract", "petit_au_bout"],
        ),
        (
            {
                "variant": "classic",
                "players": 3,
                "contract": "guard",
                "oudlers": -1,
                "points": 92,
                "slam": "x",
            },
            ["slam", "oudlers", "points"],
        ),
        ({"variant": "chambery", "players": 3, "points": [100, 20, -4]}, ["points[0]", "points[2]"]),
        (
            {
                "variant": "mathers",
                "players": 2,
                "hands": {"p1": {"kings_cut": 9, "fool": "yes"}, "p2": {"kings_cut": 7}},
            },
            ["hands.p1.kings_cut", "hands.p1.fool", "hands.p2.kings_cut"],
        ),
    ],
)
def test_each_field_is_judged_on_its_own_and_every_refusal_is_kept(
    request_: dict[str, Any], fields: list[str]
) -> None:
    """Every field wrong on its own is refused at once (the first raised, the others in ``others``), so
    that a form shows them all; the message of the error itself names the first alone."""
    with pytest.raises(RequestError) as refused:
        score_request(request_)
    assert [error.field for error in refused.value.every] == fields
    assert str(refused.value).startswith(fields[0] + ":")
    assert all(error.others == () for error in refused.value.others)
