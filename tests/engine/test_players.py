"""The computer players: legal moves only, in every rule set; decisions from the view alone; seeded
decisions reproducible; every decision explained in a sentence."""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Iterator

import pytest

from tarot_core.actions import Action
from tarot_core.cards import EXCUSE, FULL_PACK, PETIT, Card, Suit
from tarot_core.engine.knowledge import Determinization, Filler, Place, trump_ceilings
from tarot_core.engine.round import Round
from tarot_core.engine.variant import find_variant
from tarot_core.engine.view import SeatView
from tarot_core.errors import TarotError
from tarot_core.exercises.positions import trick_table
from tarot_core.messages import Message
from tarot_core.players import MonteCarloPlayer, Player, PlayerError, make_player
from tarot_core.players import rule as rules
from tarot_core.players.facts import beats, hand_points, knowledge
from tarot_core.players.montecarlo import (
    DEAL_WORK,
    DEFENCE_OVERRULE,
    DISCARD_MISS,
    REFERENCE_LEFT,
    Estimate,
    _defends,
    _replayed_likelihood,
    alike_dropped,
    bid_likelihood,
    hides_a_discard,
    playout,
    rebuild,
    remade_discard,
    sample,
)
from tarot_core.players.rule import (
    EXCUSE_KEEPS_TRUMP,
    EXCUSE_TRUMP_LED,
    LEAD_DRAW_TAKER_TRUMPS,
    RulePlayer,
)
from tarot_core.seats import SEATS, Seat
from tests.engine.view_helpers import VARIANT_CASES, location, shown_cards, stopped_rounds, swapped

FRENCH = ["fft-3", "fft-4", "fft-5", "classic-3", "classic-5"]


def play_round(rnd: Round, players: list[Player], seed: int) -> list[Action]:
    """Play ``rnd`` to its end with ``players`` by seat; check every decision and its explanation."""
    rng = random.Random(seed)
    while not rnd.is_over:
        seat = rnd.to_move
        assert seat is not None
        view = rnd.view(seat)
        action = players[seat].decide(view, rng)
        assert action in rnd.legal_actions(), (rnd.variant.key, str(action), rnd.why_illegal(action))
        sentence = players[seat].explain(view, action)
        assert sentence[:1].isupper() and sentence.endswith("."), sentence
        rnd.push(action)
    rnd.result()
    return rnd.actions


@pytest.mark.heavy
@pytest.mark.parametrize(("key", "options"), VARIANT_CASES, ids=[f"{k}{o or ''}" for k, o in VARIANT_CASES])
def test_rule_and_random_players_play_only_legal_moves(key: str, options: dict[str, object]) -> None:
    variant = find_variant(key, **options)
    for number in range(24):
        rnd = variant.deal_round(SEATS[number % variant.players], f"players-{number}")
        names = ["rule"] * variant.players if number % 3 else ["rule", "random"] * 3
        play_round(rnd, [make_player(name) for name in names[: variant.players]], number)


@pytest.mark.heavy
@pytest.mark.parametrize("key", [*FRENCH, "mathers-3", "chambery-4", "chambery-5"])
def test_monte_carlo_player_plays_only_legal_moves(key: str) -> None:
    variant = find_variant(key)
    for number in range(2):
        rnd = variant.deal_round(SEATS[number], f"mc-{number}")
        players: list[Player] = [MonteCarloPlayer(playouts=4)] + [
            make_player("rule") for _ in range(variant.players - 1)
        ]
        play_round(rnd, players, number)


@pytest.mark.heavy
@pytest.mark.parametrize("name", ["random", "rule", "mc"])
def test_decisions_do_not_depend_on_hidden_cards(name: str) -> None:
    """Changing the cards a seat cannot see changes neither its view nor, with the same seed, its decision."""
    player = make_player(name, playouts=4)
    checked = 0
    for key in ["fft-4", "fft-5", "classic-3", "mathers-3", "chambery-4"]:
        for rnd in stopped_rounds(key, {}, 6, 2):
            seat = rnd.to_move
            if seat is None:
                continue
            view = rnd.view(seat)
            decision = player.decide(view, random.Random(5))
            rng = random.Random(len(rnd.actions))
            pack = [card for card in FULL_PACK if card not in shown_cards(view)]
            for _ in range(8):
                a, b = rng.sample(pack, 2)
                if location(rnd, a) == location(rnd, b):
                    continue
                other = swapped(rnd, a, b)
                if other is None:
                    continue
                assert other.view(seat) == view
                assert player.decide(other.view(seat), random.Random(5)) == decision
                checked += 1
                break
    assert checked >= 10


@pytest.mark.heavy
def test_seeded_decisions_are_reproducible() -> None:
    variant = find_variant("fft-4")
    records = []
    for _ in range(2):
        rnd = variant.deal_round(Seat.P2, "again")
        players: list[Player] = [MonteCarloPlayer(playouts=6), make_player("rule"), make_player("random")]
        records.append([str(a) for a in play_round(rnd, [*players, make_player("rule")], 11)])
    assert records[0] == records[1]


def playing_views(key: str, count: int, seed: int) -> Iterator[tuple[Round, SeatView]]:
    """The rounds of :func:`stopped_rounds` stopped in the play, each with its view of the seat to move."""
    for rnd in stopped_rounds(key, {}, count, seed):
        seat = rnd.to_move
        if rnd.phase == "playing" and seat is not None:
            yield rnd, rnd.view(seat)


@pytest.mark.heavy
@pytest.mark.parametrize("key", [*FRENCH, "chambery-3", "chambery-4", "chambery-5", "mathers-2", "mathers-3"])
def test_sampled_deals_agree_with_the_view(key: str) -> None:
    """A deal drawn for the Monte Carlo player, replayed with the record seen, gives back the same view."""
    kept = 0
    for rnd, view in playing_views(key, 12, 3):
        seat = view.seat
        rng = random.Random(len(rnd.actions))
        for _ in range(4):
            deal = sample(view, rng)
            rebuilt = rebuild(view, deal) if deal is not None else None
            if rebuilt is not None:
                assert rebuilt.view(seat) == view
                kept += 1
    assert kept >= 8


@pytest.mark.parametrize("key", FRENCH)
def test_the_bids_likelihood_read_from_the_hands_is_the_replayed_one(key: str) -> None:
    """The bids' likelihood of a deal, each speaker's word asked on just his hand with the words he
    could say found once for the view, is the one found by replaying the bids on the deal and asking
    each speaker on his full view; and both weigh some deals down."""
    compared = lowered = 0
    for rnd, view in playing_views(key, 10, 11):
        rng = random.Random(len(rnd.actions))
        for _ in range(6):
            deal = sample(view, rng)
            if deal is None or rebuild(view, deal) is None:
                continue
            quick = bid_likelihood(view, deal)
            assert quick == _replayed_likelihood(view, deal), (key, view.seat)
            compared += 1
            lowered += quick < 1
    assert compared >= 30 and lowered >= 3, (compared, lowered)


def _dealt_one_by_one(
    cards: list[Card], places: list[Place], rng: random.Random
) -> dict[str, list[Card]] | None:
    """The cards dealt one at a time, the most constrained first, each to a place drawn by its room."""
    rooms = {p.name: p.room for p in places}
    rng.shuffle(cards)
    options = {c: [p for p in places if p.takes(c)] for c in cards}
    cards.sort(key=lambda c: len(options[c]))
    given: dict[str, list[Card]] = {p.name: [] for p in places}
    for card in cards:
        open_places = [p for p in options[card] if rooms[p.name] > 0]
        if not open_places:
            return None
        place = rng.choices(open_places, [rooms[p.name] for p in open_places])[0]
        rooms[place.name] -= 1
        given[place.name].append(card)
    return given


def test_the_cards_that_may_go_anywhere_are_cut_with_the_chances_of_one_by_one() -> None:
    """A draw deals the cards free to go anywhere by shuffling them and cutting them into the rooms left:
    each card lands in each place as often as when the cards are dealt one at a time by the room left."""
    cards = [c for c in FULL_PACK if c.suit in (Suit.HEARTS, Suit.TRUMPS)][:24]
    no_hearts = frozenset({Suit.HEARTS})

    def places() -> list[Place]:
        return [
            Place("west", None, 9, no_hearts),
            Place("north", None, 8, frozenset(), trump_ceiling=12),
            Place("dog", None, 7, frozenset(), no_honours=True),
        ]

    filler = Filler(cards, places())
    draws = 4000
    counts: dict[str, dict[tuple[Card, str], int]] = {"cut": {}, "one by one": {}}
    rng_a, rng_b = random.Random(3), random.Random(4)
    for _ in range(draws):
        for how, given in (
            ("cut", filler.draw(rng_a)),
            ("one by one", _dealt_one_by_one(list(cards), places(), rng_b)),
        ):
            assert given is not None
            assert [len(given[p.name]) for p in places()] == [p.room for p in places()]
            for name, dealt in given.items():
                assert all(p.takes(c) for p in places() if p.name == name for c in dealt)
                for card in dealt:
                    counts[how][card, name] = counts[how].get((card, name), 0) + 1
    for key in set(counts["cut"]) | set(counts["one by one"]):
        a, b = counts["cut"].get(key, 0) / draws, counts["one by one"].get(key, 0) / draws
        assert abs(a - b) < 0.05, (key, a, b)


def test_a_card_s_play_outs_at_the_first_tricks_are_scaled_down_by_their_work() -> None:
    """A card's search at the first tricks spends no more work than one later in the deal: fewer
    play-outs than the budget while more than ``REFERENCE_LEFT`` cards are still to play, the play-outs
    times the work of each (the cards still to play and the deal's) about that of the budget at
    ``REFERENCE_LEFT``; the whole budget after."""
    player = MonteCarloPlayer(playouts=60)
    reference = player.playouts * (REFERENCE_LEFT + DEAL_WORK)
    early = late = 0
    for rnd, view in playing_views("fft-4", 30, 5):
        left = sum(view.hand_sizes)
        budget = player.card_budget(view)
        if left > REFERENCE_LEFT:
            assert budget < player.playouts
            assert abs(budget * (left + DEAL_WORK) - reference) <= left + DEAL_WORK
            early += len(rnd.tricks) == 0
        else:
            assert budget == player.playouts
            late += 1
    assert early and late


@pytest.mark.parametrize("key", FRENCH)
def test_a_player_who_did_not_overtrump_is_dealt_no_higher_trump(key: str) -> None:
    """A trump played under the trick's best trump shows that its player held none over it (the rules
    make him overtrump when he can): the ceiling found from the tricks holds for the real hands, the
    sampler deals no trump over it, and deals are still found where a ceiling applies."""
    checked = 0
    for rnd, view in playing_views(key, 40, 7):
        seat = view.seat
        ceilings = trump_ceilings(view)
        for other, ceiling in ceilings.items():
            assert all(c.rank <= ceiling for c in rnd.hands[other] if c.is_trump), (key, other, ceiling)
        rng = random.Random(len(rnd.actions))
        for _ in range(3):
            deal = sample(view, rng)
            if deal is None:
                continue
            rebuilt = rebuild(view, deal)
            for other, ceiling in ceilings.items():
                if other != seat:
                    assert not any(
                        c.is_trump and c.rank > ceiling and c not in view.all_played()
                        for c in deal.hands[other]
                    )
            if ceilings and rebuilt is not None:
                checked += 1
    assert checked >= 5


def test_hand_points_follow_the_club_count() -> None:
    from tarot_core.cards import parse_cards

    # The 21 (3 + 10), the Excuse 7, T16 3, T2 to T5 4 x 2; the King and Queen of Hearts 6 + 4; six
    # Hearts 5 + 2; Clubs void 6; a single Diamond 3: 57 points for 18 cards (4 Spades count nothing).
    hand = parse_cards("T21 EX T16 T2 T3 T4 T5 HK HQ H2 H3 H4 H5 S2 S3 S4 S5 D2")
    assert hand_points(hand) == 3 + 10 + 7 + 3 + 8 + 6 + 4 + 7 + 6 + 3
    # With 24 cards (three players) the count is scaled to 18 cards.
    assert hand_points([*hand, *parse_cards("C2 C3 C4 C5 C6 C7")]) < 57


def test_unknown_player_and_bad_playouts_are_refused() -> None:
    with pytest.raises(PlayerError, match="no player 'expert'"):
        make_player("expert")
    with pytest.raises(TarotError, match="at least one play-out"):
        MonteCarloPlayer(playouts=0)


def club_decisions(prefix: str) -> Iterator[tuple[SeatView, Action, Message]]:
    """Every decision of 40 deals of club players at four, five and three players: the seat's view,
    the action and its reason."""
    player = RulePlayer()
    for key in ["fft-4", "fft-5", "fft-3"]:
        variant = find_variant(key)
        for number in range(40):
            rnd = variant.deal_round(SEATS[number % variant.players], f"{prefix}-{number}")
            while not rnd.is_over:
                seat = rnd.to_move
                assert seat is not None
                view = rnd.view(seat)
                action, reason = player.choose(view)
                yield view, action, reason
                rnd.push(action)


@pytest.mark.heavy
def test_rule_player_follows_the_club_principles() -> None:
    """Over rounds played by the rule-based player, every decision in a textbook position is the textbook
    one: last to play behind a partner who wins, give the most points; never keep the Excuse to the last
    trick; last to play, win with the Petit when it wins; never lay away a King (nor is one offered)."""
    seen = {"points": 0, "excuse": 0, "petit": 0}
    for view, action, _reason in club_decisions("principles"):
        plays = [a.card for a in view.legal if a.kind == "play"]
        current = view.current
        last = action.kind == "play" and current is not None and len(current.plays) == view.players - 1
        if action.kind == "play" and EXCUSE in plays and len(view.hand) == 2:
            assert action.card is EXCUSE
            seen["excuse"] += 1
        elif last and current is not None and current.ahead is not None and len(plays) > 1:
            led = next(c.suit for _, c in current.plays if c is not EXCUSE)
            following = [c for c in plays if c.suit is led]
            if view.same_side(current.ahead) is True and following and led is not Suit.TRUMPS:
                assert action.card.half_points == max(c.half_points for c in following)
                seen["points"] += 1
            elif PETIT in plays and view.same_side(current.ahead) is False:
                best = next(c for s, c in current.plays if s == current.ahead)
                if not best.is_trump:
                    assert action.card is PETIT
                    seen["petit"] += 1
        if action.kind == "discard":
            assert not action.card.is_king and not action.card.is_bout
    assert all(count >= 3 for count in seen.values()), seen


def test_the_reasons_about_winning_a_trick_say_what_holds() -> None:
    """A card said to win the trick for sure wins it whatever the players after it hold, or nobody plays
    after it; where only partners play after it, a partner may still beat it, and the reason says that
    the trick is the side's instead. A low card played because no card can win the trick is played
    where none can; one played because the trick holds too little, where one could. A trump that wins
    for sure is named for what it does: it trumps a plain suit's trick where no trump is in it yet, it
    overtrumps where one is, and on a trump lead it beats the trumps played."""
    seen = {"sure": 0, "side": 0, "cannot": 0, "poor": 0, "ruff": 0, "overtrump": 0, "over": 0}
    trump_reasons = {rules.WIN_RUFF: "ruff", rules.WIN_OVERTRUMP: "overtrump", rules.WIN_TRUMP_OVER: "over"}
    for view, action, reason in club_decisions("sure"):
        seat = view.seat
        named = next((name for known, name in trump_reasons.items() if known is reason), None)
        if named is not None:
            assert view.current is not None and action.card.is_trump
            cards = [c for _, c in view.current.plays if c is not EXCUSE]
            trumped = any(c.is_trump for c in cards)
            expected = "over" if cards[0].is_trump else "overtrump" if trumped else "ruff"
            assert named == expected, (named, cards, action.card)
            seen[named] += 1
        if reason is rules.WIN_SURE or reason is rules.WIN_SIDE_SURE:
            assert view.current is not None
            played = {s for s, _ in view.current.plays}
            after = [s for s in view.seats if s not in played and s != seat]
            if reason is rules.WIN_SIDE_SURE:
                assert after and all(view.same_side(s) is True for s in after)
                seen["side"] += 1
            else:
                assert not after or any(view.same_side(s) is not True for s in after)
                seen["sure"] += 1
        if reason is rules.CANNOT_WIN or reason is rules.PLAY_LOW:
            current = view.current
            assert current is not None and current.ahead is not None
            best = next(c for s, c in current.plays if s == current.ahead)
            led = next(c.suit for _, c in current.plays if c is not EXCUSE)
            plays = [a.card for a in view.legal if a.kind == "play"]
            can_win = any(beats(view, c, best, led) for c in plays)
            assert can_win is (reason is rules.PLAY_LOW)
            seen["poor" if can_win else "cannot"] += 1
    assert all(count >= 3 for count in seen.values()), seen


def test_the_page_levels_are_players_by_name() -> None:
    """The play page's levels by name: the Beginner (random cards, the club player's bids), the club player,
    the strong one with the page's budget."""
    from tarot_core.players import STRONG_PLAYOUTS, BeginnerPlayer, RulePlayer

    assert isinstance(make_player("beginner"), BeginnerPlayer)
    assert isinstance(make_player("Club"), RulePlayer)
    strong = make_player("strong", playouts=3)
    assert isinstance(strong, MonteCarloPlayer) and strong.playouts == STRONG_PLAYOUTS


def test_monte_carlo_estimates_carry_their_uncertainty() -> None:
    """Successive halving: every card is tried, the last ones in the race on the most deals, all on the
    same deals; each estimate has a standard error, and the differences to the best are not negative."""
    variant = find_variant("fft-4")
    rule = make_player("rule")
    for number in range(20):
        rnd = variant.deal_round(SEATS[number % 4], f"halving-{number}")
        while not rnd.is_over and rnd.phase != "playing":
            seat = rnd.to_move
            assert seat is not None
            rnd.push(rule.decide(rnd.view(seat), random.Random(0)))
        for _ in range(9):
            if rnd.is_over:
                break
            seat = rnd.to_move
            assert seat is not None
            rnd.push(rule.decide(rnd.view(seat), random.Random(0)))
        if rnd.is_over:
            continue
        seat = rnd.to_move
        assert seat is not None
        view = rnd.view(seat)
        plays = [a for a in view.legal if a.kind == "play"]
        if len(plays) < 4:
            continue
        player = MonteCarloPlayer(playouts=40)
        estimates = player.estimate(view, plays, random.Random(number), budget=player.playouts)
        assert {e.action for e in estimates} == set(plays)
        deals = [e.deals for e in estimates]
        assert deals == sorted(deals, reverse=True) and deals[0] > deals[-1] >= 2
        best = estimates[0]
        assert best.gap == 0 and all(e.gap >= 0 or e.deals < best.deals for e in estimates)
        assert all(e.stderr >= 0 and e.gap_stderr >= 0 for e in estimates)
        assert player.playouts_run <= 40 + 2 * len(plays)
        return
    raise AssertionError("no position with four cards or more to choose from")


def _choice_of_four(seed: str) -> SeatView:
    """A seat with four cards or more to choose from, a few tricks into a deal of four club players."""
    variant = find_variant("fft-4")
    rule = make_player("rule")
    for number in range(40):
        rnd = variant.deal_round(SEATS[number % 4], f"{seed}-{number}")
        while not rnd.is_over and (len(rnd.tricks) < 3 or len(rnd.legal_actions()) < 4):
            seat = rnd.to_move
            assert seat is not None
            rnd.push(rule.decide(rnd.view(seat), random.Random(0)))
        if not rnd.is_over:
            assert rnd.to_move is not None
            return rnd.view(rnd.to_move)
    raise AssertionError("no position with four cards or more to choose from")


class _Ticks:
    """A clock that moves on by ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_the_search_stops_at_its_time_limit() -> None:
    """A search given a time limit stops there: the cards still in the race keep the deals they were all
    played on; stopped before the first deals were all played out, it plays the club player's card. With
    no limit it spends its whole budget, as before."""
    view = _choice_of_four("time-limit")
    plays = [a for a in view.legal if a.kind == "play"]
    ruled = make_player("rule").decide(view, random.Random(0))
    unbounded = MonteCarloPlayer(playouts=40)
    full = unbounded.estimate(view, plays, random.Random(1), ruled, budget=40)
    assert unbounded.stopped_early == 0 and unbounded.playouts_run >= 40
    # The clock is read once when the search starts and once before each play-out: a limit of 1.5
    # ticks leaves time for one play-out only, before every card was tried.
    hurried = MonteCarloPlayer(playouts=40, time_limit=1.5, clock=_Ticks(1.0))
    assert hurried.estimate(view, plays, random.Random(1), ruled, budget=40) == ()
    assert hurried.stopped_early == 1 and hurried.playouts_run == 1
    assert hurried.decide(view, random.Random(1)) == ruled
    # Enough for the first round and a little more: every card on the same first deals, no card further.
    share = max(2, 40 // (len(plays) * math.ceil(math.log2(len(plays)))))
    first_round = share * len(plays)
    later = MonteCarloPlayer(playouts=40, time_limit=first_round + 3.5, clock=_Ticks(1.0))
    estimates = later.estimate(view, plays, random.Random(1), ruled, budget=40)
    assert later.stopped_early == 1 and first_round < later.playouts_run < unbounded.playouts_run
    assert {e.action for e in estimates} == set(plays) and {e.deals for e in estimates} == {share}
    assert max(e.deals for e in full) > share
    assert later.decide(view, random.Random(1)) in view.legal


def test_a_defender_overrules_the_club_card_on_less_evidence() -> None:
    """The club player's card stands unless the best card beats it by more than one standard error of
    their difference, or half of one for a defender's card; a card worse by no more than that stays."""
    best = Action.parse("p2 play H10")
    ruled = Action.parse("p2 play H3")
    estimates = (
        Estimate(best, 12.0, 30, 4.0, 0.0, 0.0),
        Estimate(ruled, 9.0, 30, 4.0, 3.0, 4.0),  # behind by three quarters of a standard error
    )
    assert MonteCarloPlayer.pick(estimates, ruled) == ruled
    assert MonteCarloPlayer.pick(estimates, ruled, DEFENCE_OVERRULE) == best
    near = (estimates[0], Estimate(ruled, 10.0, 30, 4.0, 1.0, 4.0))  # a quarter of one
    assert MonteCarloPlayer.pick(near, ruled, DEFENCE_OVERRULE) == ruled
    # A card tried on fewer deals (dropped from the race) never keeps the rule's place.
    dropped = (estimates[0], Estimate(ruled, 11.0, 10, 4.0, 1.0, 4.0))
    assert MonteCarloPlayer.pick(dropped, ruled, DEFENCE_OVERRULE) == best


@pytest.mark.parametrize("key", ["fft-3", "fft-4", "fft-5"])
def test_the_seats_that_defend_are_those_that_know_it(key: str) -> None:
    """A defender is a seat that knows it plays against the taker: every seat but the taker and the
    called partner, from the first card on (a seat without the called card knows that it defends, even
    while the partner is hidden)."""
    checked = 0
    for rnd in stopped_rounds(key, {}, 60, 5):
        if rnd.taker is None or rnd.phase != "playing":
            continue
        attack = {rnd.taker, rnd.partner}
        for seat in SEATS[: rnd.players]:
            assert _defends(rnd.view(seat)) == (seat not in attack), (key, str(seat), str(rnd.taker))
            checked += 1
    assert checked > 100


def _alike(view: SeatView, a: Action, b: Action) -> bool:
    """Whether two cards play alike, pair by pair: the same suit, the same value, and no card ranked
    between them that is neither in the seat's hand nor in a closed trick."""
    known = knowledge(view)
    assert a.card is not None and b.card is not None
    low, high = sorted((a.card, b.card), key=known.card_order)
    gone = set(view.hand) | {c for trick in view.tricks if trick.complete for c in trick.cards}
    return (
        low.suit is high.suit
        and low.suit is not Suit.EXCUSE
        and known.card_value(low) == known.card_value(high)
        and not any(
            c.suit is low.suit and known.card_order(low) < known.card_order(c) < known.card_order(high)
            for c in FULL_PACK
            if c not in gone
        )
    )


@pytest.mark.parametrize("key", ["fft-3", "fft-4", "fft-5", "classic-3"])
def test_cards_that_play_alike_are_weighed_once(key: str) -> None:
    """The search weighs one card of each run that plays alike (the 6 and the 8 of trumps once the 7 is
    out): every card it leaves out has one it keeps that plays alike, no two it keeps do, the club
    player's card is kept, and the card left out scores exactly as the one kept, played out on the same
    deals, but for a rare deal (one in a hundred at most): the higher card also tells the others that it
    is gone, and a partner who holds every card above it then knows the trick is his side's."""
    rule = RulePlayer()
    dropped_seen = 0
    same = differ = 0
    for rnd, view in playing_views(key, 40, 8):
        plays = [a for a in view.legal if a.kind == "play"]
        ruled = rule.choose(view)[0]
        kept = alike_dropped(view, plays, ruled)
        assert ruled in kept and set(kept) <= set(plays)
        assert not any(_alike(view, a, b) for a in kept for b in kept if a != b)
        rng = random.Random(len(rnd.actions))
        bases = MonteCarloPlayer().deals(view, rng, 3)
        for left in set(plays) - set(kept):
            (twin,) = [a for a in kept if _alike(view, a, left)]
            dropped_seen += 1
            for base, _weight in bases:
                scores = []
                for action in (left, twin):
                    played = base.copy()
                    played.push(action)
                    playout(played, rule)
                    scores.append(played.result().by_seat[view.seat])
                same += scores[0] == scores[1]
                differ += scores[0] != scores[1]
    assert dropped_seen >= 10
    assert differ * 100 <= same + differ, (key, differ, same)


@pytest.mark.parametrize("key", ["mathers-3", "chambery-4"])
def test_rules_with_cards_that_do_more_keep_every_card(key: str) -> None:
    """Where a card may do more than its value and order say (Kings that cut, other scorings), every
    legal card is weighed."""
    for _rnd, view in playing_views(key, 10, 8):
        plays = [a for a in view.legal if a.kind == "play"]
        assert alike_dropped(view, plays) == plays


def _club_discard(view: SeatView, deal: Determinization) -> list[Card]:
    """What the club player lays away, on full views, from the hands ``deal`` gives."""
    rnd = find_variant(view.variant, **dict(view.options)).new_round(view.dealer, deal.hands, deal.dog)
    first = next(i for i, a in enumerate(view.history) if a.kind == "discard")
    for action in deal.actions[:first]:
        rnd.push(action)
    laid = []
    while rnd.phase == "discard":
        assert rnd.to_move is not None
        action = RulePlayer().choose(rnd.view(rnd.to_move))[0]
        laid.append(action.card)
        rnd.push(action)
    return laid


@pytest.mark.parametrize("key", FRENCH)
def test_a_discard_laid_face_down_is_remade_as_the_club_player_lays_away(key: str) -> None:
    """In the deals drawn for a seat that did not see the taker's discard, the cards laid away are those
    the club player would have laid away from the hand the deal gives the taker: on the real deal of a
    club taker, his own discard; on a drawn deal, the club player's discard from that hand, or nothing
    where that discard does not fit what the seat has seen since."""
    variant = find_variant(key)
    club = RulePlayer()
    real = drawn = refused = 0
    for number in range(40):
        rnd = variant.deal_round(SEATS[number % variant.players], f"remade-{number}")
        rng = random.Random(number)
        stop = rng.randrange(1, 3 * variant.players * 4)
        plays = 0
        while not rnd.is_over and plays < stop:
            assert rnd.to_move is not None
            action = club.choose(rnd.view(rnd.to_move))[0]
            plays += action.kind == "play"
            rnd.push(action)
        seat = next((s for s in SEATS[: variant.players] if hides_a_discard(rnd.view(s))), None)
        if seat is None or rnd.is_over:
            continue
        view = rnd.view(seat)
        truth = Determinization(
            tuple(map(tuple, rnd.initial_hands)), tuple(rnd.initial_dog), tuple(rnd.actions)
        )
        again = remade_discard(view, truth)
        assert again is not None
        assert sorted(a.card for a in again.actions if a.kind == "discard") == sorted(rnd.discard)
        real += 1
        for _ in range(4):
            deal = sample(view, rng)
            if deal is None or rebuild(view, deal) is None:
                continue
            remade = remade_discard(view, deal)
            laid = _club_discard(view, deal)
            if remade is not None:
                assert sorted(a.card for a in remade.actions if a.kind == "discard") == sorted(laid)
                rebuilt = rebuild(view, remade)
                if rebuilt is not None:
                    assert rebuilt.view(seat) == view
                    drawn += 1
            else:
                # The club player's discard from that hand cannot have led to what the seat saw.
                cards = iter(laid)
                naive = [
                    Action(a.seat, a.kind, "", (next(cards),)) if a.kind == "discard" else a
                    for a in deal.actions
                ]
                assert rebuild(view, Determinization(deal.hands, deal.dog, tuple(naive))) is None
                refused += 1
    assert real >= 5 and drawn >= 5 and refused >= 1, (real, drawn, refused)


def test_the_search_draws_its_deals_with_the_discard_a_taker_makes() -> None:
    """Most deals a defender's search plays out give the taker the discard the club player would have
    made from the hand each deal gives him; a deal kept with its discard as drawn counts less."""
    variant = find_variant("fft-4")
    club, searcher = RulePlayer(), MonteCarloPlayer(playouts=8)
    remade = kept = 0
    for number in range(12):
        rnd = variant.deal_round(SEATS[number % 4], f"discard-made-{number}")
        while not rnd.is_over and len(rnd.tricks) < 3:
            assert rnd.to_move is not None
            rnd.push(club.choose(rnd.view(rnd.to_move))[0])
        seat = next((s for s in SEATS[:4] if hides_a_discard(rnd.view(s))), None)
        if seat is None or rnd.is_over:
            continue
        view = rnd.view(seat)
        for base, weight in searcher.deals(view, random.Random(number), 20):
            deal = Determinization(
                tuple(map(tuple, base.initial_hands)), tuple(base.initial_dog), tuple(base.actions)
            )
            if sorted(base.discard) == sorted(_club_discard(view, deal)):
                remade += 1
            else:
                assert weight <= DISCARD_MISS
                kept += 1
    assert remade > kept > 0, (remade, kept)


def _club_card(spec: dict[str, object], voids: dict[int, Suit] | None = None) -> tuple[Card, Message]:
    """The club player's card and reason in a drill's position, with ``voids`` shown (seat: suit)."""
    table = trick_table(spec)
    view = table.round.view(table.seat)
    if voids:
        shown = [set(v) for v in view.voids]
        for seat, suit in voids.items():
            shown[seat].add(suit)
        view = dataclasses.replace(view, voids=tuple(frozenset(v) for v in shown))
    return RulePlayer()._card(view, [a.card for a in view.legal if a.kind == "play"])


@pytest.mark.parametrize(
    ("spec", "reason"),
    [
        # The taker, eight cards left, no Clubs: the Excuse rather than a trump to two low Clubs.
        (
            {"hand": "S4 S9 D6 T6 T12 T17 T19 EX", "trick": "C3 C7", "taker": "p1", "trick_number": 11},
            EXCUSE_KEEPS_TRUMP,
        ),
        # Nine cards left: too early in the deal, the trump.
        (
            {"hand": "S2 S4 S9 D6 T6 T12 T17 T19 EX", "trick": "C3 C7", "taker": "p1", "trick_number": 10},
            None,
        ),
        # A Knight in the trick: worth taking with the trump.
        ({"hand": "S4 S9 D6 T6 T12 T17 T19 EX", "trick": "C3 CC", "taker": "p1", "trick_number": 11}, None),
        # A defender keeps the Excuse and trumps.
        ({"hand": "S4 S9 D6 T6 T12 T17 T19 EX", "trick": "C3 C7", "taker": "p3", "trick_number": 11}, None),
        # The taker, twelve cards left: a defender led the 5 of trumps, the Excuse rather than the 12.
        (
            {
                "hand": "S4 S9 D6 D10 H3 H7 HK T6 T12 T17 T19 EX",
                "trick": "T5 T9",
                "taker": "p1",
                "trick_number": 7,
            },
            EXCUSE_TRUMP_LED,
        ),
        # The same at three players, the trick led by the defender before the taker.
        (
            {
                "hand": "S4 S9 D6 D10 H3 H7 HK T6 T12 T17 T19 EX",
                "trick": "T5",
                "taker": "p1",
                "trick_number": 13,
                "variant": "fft-3",
            },
            EXCUSE_TRUMP_LED,
        ),
        # Last to play at three players: a small trump wins for sure, and the lead with it.
        (
            {
                "hand": "S4 S9 D6 D10 H3 H7 HK T6 T12 T17 T19 EX",
                "trick": "T5 T9",
                "taker": "p1",
                "trick_number": 13,
                "variant": "fft-3",
            },
            None,
        ),
        # The Petit led: the attack takes it with a trump.
        ({"hand": "S4 S9 D6 D10 H3 H7 HK T6 T12 T17 T19 EX", "trick": "T1", "taker": "p1"}, None),
        # A suit led and early in the deal: the trump, as before.
        ({"hand": "S4 S9 D6 D10 H3 H7 T6 T12 T17 T19 EX", "trick": "C3 C7", "taker": "p1"}, None),
        # A defender keeps the Excuse and overtrumps.
        ({"hand": "S4 S9 D6 D10 H3 H7 HK T6 T12 T17 T19 EX", "trick": "T5 T9", "taker": "p3"}, None),
    ],
)
def test_the_attack_spares_a_trump_with_the_excuse(spec: dict[str, object], reason: Message | None) -> None:
    """Late in the deal to a poor trick, or at any time to a trump an opponent led: the Excuse."""
    card, said = _club_card(spec)
    assert (card is EXCUSE) is (reason is not None), (card, str(said))
    if reason is None:
        assert card.is_trump and said not in (EXCUSE_KEEPS_TRUMP, EXCUSE_TRUMP_LED)
    else:
        assert said is reason


THREE_DEFENDER = "T1 T3 T8 T15 HK H4 H8 H10 S2 S7 D2 C3"


@pytest.mark.parametrize(
    ("variant", "hand", "trump"),
    [
        # Three players: the lowest trump but the Petit, before any suit.
        ("fft-3", THREE_DEFENDER, "T3"),
        # The Petit as the only trump: kept, and a suit led.
        ("fft-3", "T1 HK H4 H8 H10 S2 S7 D2 C3 C5 D5 D7", None),
        # Four players: the defence leads its long suit low, as before.
        ("fft-4", "T1 T3 T8 HK H4 H8 H10 S2 S7", None),
    ],
)
def test_a_defender_draws_the_taker_s_trumps_at_three_players(
    variant: str, hand: str, trump: str | None
) -> None:
    card, reason = _club_card({"hand": hand, "trick": "", "variant": variant, "trick_number": 8})
    if trump is None:
        assert not card.is_trump and reason is not LEAD_DRAW_TAKER_TRUMPS, (card, str(reason))
    else:
        assert str(card) == trump and reason is LEAD_DRAW_TAKER_TRUMPS, (card, str(reason))


def test_the_defence_stops_drawing_trumps_once_the_taker_has_none() -> None:
    """Once the taker has shown he has no trump left, the defence leads its suits again."""
    hand = "T3 T8 T15 HK H4 H8 H10 S2 S7 D2 C3 C5"
    spec = {"hand": hand, "trick": "", "variant": "fft-3", "trick_number": 8}
    card, reason = _club_card(spec, {1: Suit.TRUMPS})  # the taker, Bruno (p2), has shown no trump
    assert not card.is_trump and reason is not LEAD_DRAW_TAKER_TRUMPS, (card, str(reason))
