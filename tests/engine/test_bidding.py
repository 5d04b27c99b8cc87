"""The measured bid model and the rule-based player's bids, slams and care of the Petit."""

from __future__ import annotations

import random

import pytest

from tarot_core import find_variant
from tarot_core.cards import EXCUSE, PETIT, Suit, parse_cards
from tarot_core.engine.state import Phase
from tarot_core.engine.view import SeatView
from tarot_core.exercises.positions import trick_table
from tarot_core.messages import use_language
from tarot_core.players import bid_data
from tarot_core.players.bidding import CAUTION, FEATURES, caution, features, model_for, often
from tarot_core.players.facts import hand_points
from tarot_core.players.rule import RulePlayer
from tarot_core.seats import SEATS, Seat

STRONG = "T21 T1 EX T20 T19 T18 T17 T16 T15 T14 T12 T10 SK HK DK CK S2 H3"
WEAK = "S2 S3 S4 S5 H2 H3 H4 H7 D2 D3 D4 D6 C2 C3 C4 T2 T3 T5"
#: No bout and four trumps, with side honours and a long small suit: the club count passes it over 41.
HOPELESS = "SK SQ SC SJ HK HQ HC DK D2 D3 D4 D5 D6 D7 T2 T6 T9 T11"
#: Seven trumps with the 18, 19, 20 and 21, and the Excuse, nothing else: the club count says pass (35).
HIGH_TRUMPS = "T21 T20 T19 T18 T8 T6 T3 EX S9 S4 S2 H9 H5 H2 D8 D7 C8 C3"


def _view(hand: str, key: str = "fft-4") -> SeatView:
    """The first speaker's view with ``hand``."""
    variant = find_variant(key)
    mine = parse_cards(hand)
    rest = [card for card in variant.pack if card not in set(mine)]
    size = variant.hand_size
    hands = [mine] + [rest[i * size : (i + 1) * size] for i in range(variant.players - 1)]
    dealer = SEATS[variant.players - 1]
    rnd = variant.new_round(dealer, hands, rest[(variant.players - 1) * size :])
    assert rnd.phase is Phase.BIDDING
    return rnd.view(Seat.P1)


def test_the_features_read_the_hand() -> None:
    hand = parse_cards(STRONG)
    values = dict(zip(FEATURES, features(hand, hand_points(hand)), strict=True))
    assert values["one"] == 1
    assert values["trumps"] == 11 and values["high-trumps"] == 5
    assert values["monde"] == values["petit"] == values["excuse"] == values["petit-guarded"] == 1
    assert values["kings"] == 4 and values["queens"] == 0
    assert values["voids"] == 0 and values["singletons"] == 2
    assert values["trumps-by-bouts"] == 33
    assert values["club-count"] == hand_points(hand)


def test_every_french_table_has_a_model_and_the_others_keep_the_count() -> None:
    for key in ("fft-3", "fft-4", "fft-5"):
        model = model_for(key)
        assert model is not None, key
        assert set(model.contracts) == set(CAUTION)
        for fit in model.contracts.values():
            assert len(fit.made) == len(fit.score) == len(FEATURES)
        assert len(model.defend) == len(model.slam) == len(FEATURES)
    assert bid_data.FEATURES == FEATURES
    assert model_for("mathers-3") is None and model_for("chambery-3") is None


@pytest.mark.parametrize("key", ["fft-3", "fft-4", "fft-5"])
def test_a_stronger_hand_makes_its_contracts_more_often(key: str) -> None:
    model = model_for(key)
    assert model is not None
    size = find_variant(key).hand_size
    strong = parse_cards(STRONG)[:size] if size <= 18 else parse_cards(STRONG + " SQ SC SJ S10 S9 S8")
    weak = parse_cards(WEAK)[:size] if size <= 18 else parse_cards(WEAK + " S6 S7 H5 H6 D5 C5")
    for word, fit in model.contracts.items():
        good = fit.chance(features(strong, hand_points(strong)))
        bad = fit.chance(features(weak, hand_points(weak)))
        assert good > 0.8 and bad < 0.3, (word, good, bad)
        assert fit.mean(features(strong, hand_points(strong))) > fit.mean(features(weak, hand_points(weak)))


def test_a_chance_is_said_as_a_simple_fraction() -> None:
    with use_language("en"):
        assert str(often(0.75)) == "about 3 times in 4"
        assert str(often(0.52)) == "about 1 time in 2"
        assert str(often(0.68)) == "about 2 times in 3"
        assert str(often(0.99)) == "almost always"
        assert str(often(0.01)) == "almost never"


def test_the_rule_player_bids_by_the_model_and_says_why_in_words() -> None:
    player = RulePlayer()
    with use_language("en"):
        action, reason = player.choose(_view(STRONG))
        assert action.kind == "bid" and action.word in ("garde", "garde-sans", "garde-contre")
        said = str(reason)
        assert "on average" in said and ("times in" in said or "almost always" in said)
        assert player.choose(_view(WEAK))[0].kind == "pass"
        # Side honours and a long small suit without a bout: the count bid it, the model passes.
        assert hand_points(parse_cards(HOPELESS)) >= 41
        assert player.choose(_view(HOPELESS))[0].kind == "pass"
        # Long high trumps and the Excuse: the count passed it, the model takes it.
        assert hand_points(parse_cards(HIGH_TRUMPS)) < 41
        assert player.choose(_view(HIGH_TRUMPS))[0].kind == "bid"
        # The club count stays for the rule sets without a model, and on demand.
        counted = RulePlayer(measured=False).choose(_view(HOPELESS))
        assert counted[0].kind == "bid" and "club count" in str(counted[1])


def test_with_three_and_five_players_too_the_model_bids() -> None:
    player = RulePlayer()
    assert player.choose(_view(STRONG + " SQ SC SJ S10 S9 S8", "fft-3"))[0].kind == "bid"
    assert player.choose(_view(" ".join(STRONG.split()[:15]), "fft-5"))[0].kind == "bid"
    assert player.choose(_view(" ".join(WEAK.split()[:15]), "fft-5"))[0].kind == "pass"


def test_at_five_players_a_prise_asks_a_surer_hand() -> None:
    """At five players the prises the four-player line let through were made about one time in two, so
    a prise asks more there; the other contracts ask the same at every table."""
    assert caution(3) == caution(4) == CAUTION
    five = caution(5)
    assert five["prise"] > CAUTION["prise"]
    assert {w: c for w, c in five.items() if w != "prise"} == {
        w: c for w, c in CAUTION.items() if w != "prise"
    }
    variant, model, player = find_variant("fft-5"), model_for("fft-5"), RulePlayer()
    assert model is not None
    passed_between = 0
    for number in range(300):
        rnd = variant.deal_round(SEATS[0], f"five:{number}")
        assert rnd.to_move is not None
        view = rnd.view(rnd.to_move)
        values = features(view.hand, hand_points(view.hand))
        action = player.choose(view)[0]
        if action.kind == "bid":
            assert model.contracts[str(action.word)].chance(values) >= five[str(action.word)]
        prise = model.contracts["prise"]
        if (
            CAUTION["prise"] <= prise.chance(values) < five["prise"]
            and prise.mean(values) > model.defence(values)
            and model.contracts["garde"].chance(values) < five["garde"]
        ):
            # Sure enough for a prise at four players, and better than passing: passed at five.
            assert action.kind == "pass"
            passed_between += 1
    assert passed_between > 0


def test_a_defender_trumps_with_the_petit_while_the_others_still_follow_suit() -> None:
    """The first round of a suit, nobody void yet: the Petit trumps it and comes home."""
    spec = {
        "kind": "play",
        "hand": "T1 T7 T12 D3 D7 C2 C5 H4",
        "trick": "S5",
        "taker": "p4",
        "trick_number": 3,
    }
    table = trick_table(spec)
    view = table.round.view(table.seat)
    action, _reason = RulePlayer().choose(view)
    assert action.card is PETIT


def test_the_rule_player_never_leads_the_petit_when_it_can_be_helped() -> None:
    """Over seeded deals played by the rule-based player, a player leads the Petit only when he has
    nothing else to lead, or when no opponent can beat it."""
    player = RulePlayer()
    for number in range(30):
        variant = find_variant("fft-4")
        rnd = variant.deal_round(SEATS[number % 4], f"petit-{number}")
        while not rnd.is_over:
            seat = rnd.to_move
            assert seat is not None
            view = rnd.view(seat)
            action = player.decide(view, random.Random(0))
            current = rnd.current
            if action.kind == "play" and action.card is PETIT and current is not None and not current.plays:
                others = [a for a in view.legal if a.kind == "play" and a.card not in (PETIT, EXCUSE)]
                opponents = [s for s in view.seats if view.same_side(s) is False]
                unseen_trumps = [
                    c
                    for c in variant.pack
                    if c.is_trump and c is not PETIT and c not in view.hand and c not in view.all_played()
                ]
                safe = not unseen_trumps or all(Suit.TRUMPS in view.voids[s] for s in opponents)
                assert not others or safe, (number, [str(c) for c in view.hand])
            rnd.push(action)


def test_a_hopeless_hand_passes_and_says_what_passing_scores_instead() -> None:
    """The pass of a hand whose best contract scores less than defending gives both figures, in words
    a learner compares ("scores −98 on average, against −9 by passing"; it once said "no more than
    passing" of a contract worth ninety points less)."""
    action, reason = RulePlayer().choose(_view(WEAK))
    said = str(reason)
    assert action.kind == "pass" and "by passing" in said and "no more than" not in said, said
    with use_language("fr"):
        assert "en passant" in str(reason), str(reason)
