"""The round's hooks a table reads (a replay, the play page) and each rule set's words for it.

Each value is worked out here from the rules themselves (who bid, who deals, how many cards a deal has,
what a score request pays), never by asking the same hook twice.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tarot_core import find_variant
from tarot_core.cards import TOTAL_HALF_POINTS, Card
from tarot_core.engine.round import Round
from tarot_core.engine.state import Phase
from tarot_core.engine.variant import FAMILIES, family_players, score_request, words_for
from tarot_core.games.classic.rules import ClassicRound
from tarot_core.games.mathers.rules import MathersRound
from tarot_core.seats import ATTACK, DEFENCE, SEATS, Seat

from .fft_helpers import act


def new_round(key: str, seed: int = 1) -> Round:
    """A deal of ``key``, p1 dealing (so p2 speaks first)."""
    return find_variant(key).deal_round(Seat.P1, seed)


def random_round(key: str, seed: int, stop: Callable[[Round], bool] = lambda rnd: False) -> Round:
    """A deal of ``key`` played at random until ``stop`` says so or it is over."""
    rnd = find_variant(key).deal_round(Seat.P1, seed)
    rng = random.Random(seed)
    while not rnd.is_over and not stop(rnd):
        actions = rnd.legal_actions()
        rnd.push(actions[rng.randrange(len(actions))])
    return rnd


KEYS = [f"{family}-{players}" for family in FAMILIES for players in family_players(family)]


# ---------------------------------------------------------------------------------------- words
def test_the_menu_names_differ() -> None:
    names = [words_for(family).name for family in FAMILIES]
    assert len(set(names)) == len(names)


@pytest.mark.parametrize("key", KEYS)
def test_every_step_of_a_deal_has_words(key: str) -> None:
    """Whatever step a deal reaches, its rule set says what the table is doing."""
    steps = find_variant(key).words.steps
    for seed in range(6):
        rnd = find_variant(key).deal_round(Seat.P1, seed)
        rng = random.Random(seed)
        while True:
            assert rnd.rule_stage() in steps, (seed, rnd.rule_stage())
            if rnd.is_over:
                break
            actions = rnd.legal_actions()
            rnd.push(actions[rng.randrange(len(actions))])


def test_the_words_follow_each_source() -> None:
    assert words_for("mathers").passes == "declares nothing"
    assert words_for("fft").passes == "passes"
    assert words_for("chambery").attack_side == ("The soloist", "soloist")
    assert words_for("mathers").apart_pile == "stock"
    assert words_for("fft").contracts["garde"] == "Garde (guard)"
    assert (
        words_for("chambery").contract_names["solo-hand"].lower()
        == words_for("chambery").contracts["solo-hand"]
    )


# ---------------------------------------------------------------------------------------- stages
def test_the_french_stage_is_the_phase() -> None:
    rnd = new_round("fft-4")
    assert rnd.rule_stage() == "bidding"


def test_chambery_stages_follow_the_deal() -> None:
    """Chambéry with five: the dealer lays his extra cards away, then the solo bids; nobody bidding, the
    dealer calls a King."""
    rnd = find_variant("chambery-5").deal_round(Seat.P1, 3)
    assert rnd.rule_stage() == "discard"
    while rnd.phase is Phase.DISCARD:
        rnd.push(rnd.legal_actions()[0])
    assert rnd.rule_stage() == "bidding"
    while rnd.phase is Phase.BIDDING:
        rnd.push(next(a for a in rnd.legal_actions() if a.kind == "pass"))
    assert rnd.rule_stage() == "call"


# ---------------------------------------------------------------------------------------- roles
def test_french_roles_once_somebody_takes() -> None:
    rnd = new_round("fft-4")
    assert [rnd.rule_role(seat) for seat in SEATS[:4]] == ["", "", "", ""]
    act(rnd, "p2 bid garde", "p3 pass", "p4 pass", "p1 pass")
    assert [rnd.rule_role(seat) for seat in SEATS[:4]] == ["defender", "taker", "defender", "defender"]


def test_a_hidden_partner_has_no_role_for_the_others() -> None:
    """Five players: until the called card is played only its holder (and one who sees every card) knows
    who the partner is."""
    rnd = random_round("fft-5", 1, lambda r: r.phase is Phase.PLAYING and r.partner is not None)
    partner, taker = rnd.partner, rnd.taker
    if partner is None or taker is None or partner == taker:
        pytest.skip("this deal has no separate partner")
    others = [seat for seat in SEATS[:5] if seat not in (taker, partner)]
    assert rnd.rule_role(partner) == "partner"
    assert rnd.rule_role(partner, partner) == "partner"
    assert rnd.rule_role(partner, others[0]) == ""
    assert rnd.rule_role(taker, others[0]) == "taker"


@pytest.mark.parametrize("key", ["mathers-2", "mathers-3"])
def test_in_mathers_only_the_dealer_has_a_part(key: str) -> None:
    rnd = random_round(key, 2)
    players = find_variant(key).players
    assert [rnd.rule_role(seat) for seat in SEATS[:players]] == [
        "dealer" if seat == Seat.P1 else "" for seat in SEATS[:players]
    ]


def test_chambery_soloist_and_opponents() -> None:
    for seed in range(40):
        rnd = random_round("chambery-4", seed)
        if rnd.taker is not None and rnd.taker != rnd.dealer:
            break
    else:
        pytest.fail("no deal with a soloist other than the dealer")
    roles = [rnd.rule_role(seat) for seat in SEATS[:4]]
    assert roles.count("soloist") == 1 and roles.count("opponent") == 3
    assert roles[rnd.taker] == "soloist"


def test_chambery_three_players_each_for_himself() -> None:
    rnd = random_round("chambery-3", 5)
    assert [rnd.rule_role(seat) for seat in SEATS[:3]] == ["dealer", "", ""]


# ---------------------------------------------------------------------------------------- the cards apart
def test_the_taker_takes_the_dog_of_a_garde_not_of_a_garde_sans() -> None:
    rnd = new_round("fft-4")
    assert rnd.rule_apart_taker() is None
    act(rnd, "p2 bid garde", "p3 pass", "p4 pass", "p1 pass")
    assert rnd.rule_apart_taker() == Seat.P2
    rnd = new_round("fft-4")
    act(rnd, "p2 bid garde-sans", "p3 pass", "p4 pass", "p1 pass")
    assert rnd.rule_apart_taker() is None


@pytest.mark.parametrize("key", ["mathers-2", "mathers-3", "chambery-3", "chambery-5"])
def test_the_dealer_takes_the_cards_apart(key: str) -> None:
    assert find_variant(key).deal_round(Seat.P2, 1).rule_apart_taker() == Seat.P2


def test_the_dog_counts_for_nobody_after_a_bid_slam_in_the_older_rules() -> None:
    rnd = find_variant("classic-3").deal_round(Seat.P1, 1)
    first = rnd.to_move
    assert first is not None
    rnd.push(next(a for a in rnd.legal_actions() if a.word == "slam"))
    while rnd.phase is Phase.BIDDING:
        rnd.push(next(a for a in rnd.legal_actions() if a.kind == "pass"))
    assert rnd.contract == "slam"
    assert rnd.rule_dog_counts_for_nobody()
    assert not new_round("fft-4").rule_dog_counts_for_nobody()


# ---------------------------------------------------------------------------------------- talk
def test_french_rounds_have_no_table_talk() -> None:
    rnd = random_round("fft-4", 3)
    assert rnd.rule_talk(str, str) == []


def test_chambery_says_who_holds_the_called_king() -> None:
    for seed in range(20):
        rnd = random_round("chambery-5", seed, lambda r: r.phase is Phase.BIDDING)
        while rnd.phase is Phase.BIDDING:
            rnd.push(next(a for a in rnd.legal_actions() if a.kind == "pass"))
        rnd.push(rnd.legal_actions()[0])
        if rnd.contract == "call" and rnd.partner is not None and rnd.partner != rnd.dealer:
            break
    else:
        pytest.fail("no deal where the dealer called a King")
    talk = rnd.rule_talk(lambda seat: f"<{seat}>", lambda card: f"[{card}]")
    assert talk[-1] == f"<{rnd.partner}> holds [{rnd.called}] and plays with <{rnd.dealer}>."


def test_mathers_tells_each_declaration() -> None:
    for seed in range(40):
        rnd = random_round("mathers-3", seed, lambda r: r.phase is Phase.PLAYING)
        assert isinstance(rnd, MathersRound)
        declared = {seat: items for seat, items in rnd.declared.items() if items}
        if declared:
            break
    else:
        pytest.fail("no hand with a declaration")
    talk = rnd.rule_talk(lambda seat: f"<{seat}>", str)
    said = [line for line in talk if " declares " in line]
    assert [line.split(" ")[0] for line in said] == [f"<{seat}>" for seat in declared]


# ---------------------------------------------------------------------------------------- the score panel
@pytest.mark.parametrize("key", ["fft-3", "fft-4", "fft-5", "classic-3", "classic-5"])
def test_the_french_panel_holds_the_pack_once_played(key: str) -> None:
    for seed in range(10):
        rnd = random_round(key, seed)
        if rnd.outcome != "played":
            assert rnd.rule_score_panel() is None
            continue
        panel = rnd.rule_score_panel()
        assert panel is not None and panel.kind == "sides"
        assert [side for side, _ in panel.rows] == [ATTACK, DEFENCE]
        figures = [row for _, row in panel.rows]
        total = sum(float(str(row["points"])) for row in figures)
        if not rnd.rule_dog_counts_for_nobody():
            assert total * 2 == TOTAL_HALF_POINTS
        assert sum(int(str(row["bouts"])) for row in figures) <= 3
        assert sum(int(str(row["tricks"])) for row in figures) == len(rnd.tricks)
        assert ("by_pairs" in figures[0]) == key.startswith("classic")


def test_no_panel_before_the_play() -> None:
    assert new_round("fft-4").rule_score_panel() is None
    assert find_variant("mathers-2").deal_round(Seat.P1, 1).rule_score_panel() is None
    assert find_variant("chambery-3").deal_round(Seat.P1, 1).rule_score_panel() is None


@pytest.mark.parametrize("key", ["mathers-2", "mathers-3"])
def test_the_mathers_panel_adds_up_the_tricks(key: str) -> None:
    rnd = random_round(key, 4)
    panel = rnd.rule_score_panel()
    assert panel is not None and panel.kind == "seats" and panel.unit == "trick points"
    players = find_variant(key).players
    assert [key for key, _ in panel.rows] == [str(seat) for seat in SEATS[:players]]
    for seat in SEATS[:players]:
        row = dict(panel.rows)[str(seat)]
        won = [trick for trick in rnd.tricks if trick.winner == seat]
        assert row["tricks"] == len(won)
        assert row["points"] == sum(rnd.trick_value(trick) for trick in won)


def test_the_chambery_panel_by_seat_with_three() -> None:
    rnd = random_round("chambery-3", 2)
    panel = rnd.rule_score_panel()
    assert panel is not None and panel.kind == "seats"
    assert sum(int(str(row["tricks"])) for _, row in panel.rows) == len(rnd.tricks)
    request = rnd.rule_score_request()
    assert request is not None
    assert [row["points"] for _, row in panel.rows] == request["points"]


# ---------------------------------------------------------------------------------------- the score request
def _seat_scores(answer: dict[str, object], rnd: Round) -> list[int]:
    """Each seat's score from a score request's answer, by the seat's part in the deal."""
    scores = answer["scores"]
    assert isinstance(scores, dict)
    if "by_player" in scores:
        return list(scores["by_player"])
    if "p1" in scores:  # Mathers: each for himself
        return [scores[str(seat)] for seat in SEATS[: rnd.players]]
    if isinstance(rnd, ClassicRound):  # hand bonuses are personal: a score for each part of the deal
        parts = rnd.seat_roles()
        return [scores[parts[seat]] for seat in SEATS[: rnd.players]]
    taker_key = next(key for key in ("taker", "soloist", "dealer") if key in scores)
    return [
        scores[taker_key]
        if seat == rnd.taker
        else scores["partner"]
        if seat == rnd.partner and scores.get("partner") is not None
        else scores["defender"]
        for seat in SEATS[: rnd.players]
    ]


@pytest.mark.parametrize("key", KEYS)
def test_the_score_request_pays_as_the_round_does(key: str) -> None:
    """The calculator, given the round's request, pays every seat what the round's own result pays."""
    for seed in range(8):
        rnd = random_round(key, seed)
        request = rnd.rule_score_request()
        if rnd.outcome != "played":
            assert request is None
            continue
        assert request is not None and request["players"] == rnd.players
        by_seat = rnd.result().by_seat
        assert _seat_scores(score_request(request), rnd) == [by_seat[seat] for seat in SEATS[: rnd.players]]


def test_a_mathers_request_with_tricks_valued_by_their_cards_lists_them() -> None:
    """Under ``trick_value="sum"`` the calculator needs the tricks themselves, and pays as the round."""
    for seed in range(4):
        rnd = find_variant("mathers-3", trick_value="sum").deal_round(Seat.P1, seed)
        rng = random.Random(seed)
        while not rnd.is_over:
            actions = rnd.legal_actions()
            rnd.push(actions[rng.randrange(len(actions))])
        request = rnd.rule_score_request()
        if rnd.outcome != "played":
            continue
        assert request is not None
        hands = request["hands"]
        assert isinstance(hands, dict)
        assert all(isinstance(hand["tricks"], list) for hand in hands.values())
        answer = score_request({**request, "options": {"trick_value": "sum"}})
        assert _seat_scores(answer, rnd) == [rnd.result().by_seat[seat] for seat in SEATS[:3]]


def test_words_name_cards_in_sentences() -> None:
    """The Excuse's name differs by source; it is the only card that does."""
    excuse = Card.parse("EX")
    assert excuse.is_excuse
    assert {family: words_for(family).excuse for family in FAMILIES} == {
        "fft": "the Excuse",
        "classic": "the Excuse",
        "mathers": "the Fool",
        "chambery": "the Fou",
    }
