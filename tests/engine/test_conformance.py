"""One conformance suite for every registered rule set and player count (after OpenSpiel's random
simulation test): random rounds are played to their end, and at every step

* every card of the pack is in exactly one place: a hand, a trick, or laid aside (dog, discard, dead
  hand), and no card is in two hands or two tricks;
* once the cards are played, each seat's hand and the cards it has played add up to the same number;
* the round offers legal actions until it is over, and none after;
* each seat's view shows its own hand, the true hand sizes, and no card of another seat's hand that
  the seat may not have seen by the rules;
* an illegal action is refused with a reason, and the round is left exactly as it was;
* pushing an action and taking it back (``pop``) restores the whole state;

and the score of each round played to the end is the one the calculator gives for the same facts.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, cast

import pytest

from tarot_core.actions import Action
from tarot_core.cards import EXCUSE, FULL_PACK, PETIT, Card
from tarot_core.engine.result import points_value
from tarot_core.engine.round import Round
from tarot_core.engine.variant import Variant, all_variants, find_variant, score_request
from tarot_core.errors import IllegalActionError
from tarot_core.games.chambery import ChamberyRound
from tarot_core.games.classic.rules import ClassicRound
from tarot_core.games.mathers import MathersRound
from tarot_core.seats import SEATS, Seat
from tests.engine.rounds import snapshot
from tests.engine.view_helpers import seen_cards, shown_cards

KEYS = sorted(all_variants())
ROUNDS = 6
#: How many illegal actions are tried at each step (drawn among many candidates).
TRIES = 3


def check_places(rnd: Round) -> None:
    pack = cast(Variant, rnd.variant).pack
    held = [card for hand in rnd.hands[: rnd.players] for card in hand]
    tricks = [
        *rnd.tricks,
        *([rnd.current] if rnd.current is not None and rnd.current not in rnd.tricks else []),
    ]
    played = [card for trick in tricks for card in trick.cards]
    placed = held + played
    assert len(set(placed)) == len(placed), "a card is in two hands or tricks"
    aside = set(pack) - set(placed)
    piles = {*rnd.dog, *rnd.discard, *(getattr(rnd, "dead_hand", ()) or ())}
    assert aside <= piles, f"cards nowhere: {sorted(aside - piles)}"
    assert set(placed) <= set(pack)
    if played or rnd.is_over:
        plays: dict[Seat, int] = dict.fromkeys(SEATS[: rnd.players], 0)
        for trick in tricks:
            for seat, _ in trick.plays:
                plays[seat] += 1
        totals = {len(rnd.hands[seat]) + count for seat, count in plays.items()}
        assert len(totals) == 1, f"hands and plays do not add up: {totals}"


def check_views(rnd: Round) -> None:
    sizes = tuple(len(hand) for hand in rnd.hands[: rnd.players])
    for seat in SEATS[: rnd.players]:
        view = rnd.view(seat)
        assert sorted(view.hand) == sorted(rnd.hands[seat])
        assert view.hand_sizes == sizes
        others = {card for other in SEATS[: rnd.players] if other != seat for card in rnd.hands[other]}
        shown = shown_cards(view) & others
        assert shown <= seen_cards(rnd, seat), f"{seat} sees {sorted(shown - seen_cards(rnd, seat))}"


def candidates(rnd: Round, seat: Seat) -> list[Action]:
    """Actions a player might try: every card played, given, discarded or called, by the seat to move
    and the next one, and the words of the bidding."""
    cards = cast(Variant, rnd.variant).pack
    other = seat.next(rnd.players)
    tried = [
        Action(who, kind, "", (card,))
        for who in (seat, other)
        for kind in ("play", "discard")
        for card in cards
    ]
    tried += [Action(seat, kind, "", (card,)) for kind in ("call", "give") for card in cards]
    tried += [Action(seat, "bid", word) for word in ("prise", "garde", "small", "guard", "slam", "solo")]
    tried += [Action(seat, word) for word in ("pass", "slam", "petit-sec")]
    return tried


def check_refusals(rnd: Round, rng: random.Random) -> None:
    seat = rnd.to_move
    assert seat is not None
    legal = set(rnd.legal_actions())
    before = snapshot(rnd)
    illegal = [action for action in candidates(rnd, seat) if action not in legal]
    for action in rng.sample(illegal, TRIES):
        refusal = rnd.why_illegal(action)
        assert refusal is not None, f"{action} is not listed as legal, yet not refused"
        assert len(refusal.message) > 10
        with pytest.raises(IllegalActionError):
            rnd.push(action)
        assert snapshot(rnd) == before, f"refusing {action} changed the round"


def check_push_pop(rnd: Round, action: Action) -> None:
    before = snapshot(rnd)
    rnd.push(action)
    assert rnd.pop() == action
    assert snapshot(rnd) == before, f"pushing then popping {action} changed the round"


# ------------------------------------------------------------------ the calculator's request


def roles(rnd: Round) -> dict[Seat, str]:
    return {
        seat: "taker" if seat == rnd.taker else "partner" if seat == rnd.partner else "defender"
        for seat in SEATS[: rnd.players]
    }


def calculator_request(rnd: Round) -> dict[str, Any]:
    """The calculator's request for the facts of a round played to the end."""
    family = rnd.variant.family
    options = rnd.variant.option_overrides()
    if isinstance(rnd, MathersRound):
        hands = {
            str(seat): {
                "tricks": dict(part.tricks),
                "kings_cut": part.kings_cut,
                "fool": part.fool,
                "declarations": list(part.declarations),
            }
            for seat, part in rnd.hand_parts().items()
        }
        return {"variant": family, "players": rnd.players, "options": options, "hands": hands}
    if isinstance(rnd, ChamberyRound):
        counted = rnd.count()
        request: dict[str, Any] = {"variant": family, "players": rnd.players, "pack": rnd.layout.pack}
        if rnd.players == 3:
            request["points"] = list(counted.seat_points)
        else:
            request.update(contract=rnd.contract, points=counted.attack_points)
        return request | {"options": options}
    counting = rnd.count()
    if isinstance(rnd, ClassicRound):
        return classic_request(rnd) | {"options": options}
    request = {
        "variant": family,
        "players": rnd.players,
        "contract": rnd.contract,
        "oudlers": counting.attack_bouts,
        "points": points_value(counting.attack_half_points),
        "petit_au_bout": counting.petit_au_bout,
        "handfuls": [{"side": rnd.side_of(seat), "size": size} for seat, size, _ in rnd.handfuls],
        "slam": {"announced": rnd.slam_announced, "won_by": counting.slam_by},
        "options": options,
    }
    if rnd.players == 5:
        request["alone"] = rnd.partner is None
    return request


def classic_roles(rnd: Round) -> dict[Seat, str]:
    """The older rules' request names: taker, partner, then the defenders numbered in playing order
    from the taker."""
    assert rnd.taker is not None
    names = {rnd.taker: "taker"} | ({rnd.partner: "partner"} if rnd.partner is not None else {})
    seat, number = rnd.taker, 0
    for _ in range(rnd.players - 1):
        seat = seat.next(rnd.players)
        if seat not in names:
            number += 1
            names[seat] = f"defender-{number}"
    return names


def classic_hand_bonuses(hand: tuple[Card, ...]) -> list[str]:
    """The older rules' hand bonuses, read off a dealt hand (docs/reference/rules-decisions.md
    #decision-classic-scoring: the trump bonuses at 10, 13 and 15 numbered trumps, the Excuse not
    counted; no trumps; no honours, that is no King, Queen, Knight or Jack)."""
    trumps = sum(1 for card in hand if card.is_trump)
    kinds = [f"trumps-{n}" for n in (15, 13, 10) if trumps >= n][:1]
    if trumps == 0:
        kinds.append("no-trumps")
    if not any(card.is_face for card in hand):
        kinds.append("no-honours")
    return kinds


def classic_request(rnd: ClassicRound) -> dict[str, Any]:
    """The older rules' calculator request, with the hand bonuses each seat's dealt hand earns and the
    side that played the Petit to the last trick (the default reading of the source)."""
    assert rnd.variant.options.petit_last_trick == "player" and not rnd.variant.options.excuse_is_trump
    counting = rnd.count()
    request: dict[str, Any] = {"variant": "classic", "players": rnd.players, "contract": str(rnd.contract)}
    if rnd.contract != "slam":
        request |= {"oudlers": counting.attack_bouts, "points": counting.attack_half_points // 2}
    last = rnd.tricks[-1]
    if last.plays[0][1] is EXCUSE and last.winner == last.plays[0][0]:
        last = rnd.tricks[-2]  # a slam's Excuse led to the last trick: the trick before counts
    petit = [rnd.side_of(seat) for seat, card in last.plays if card is PETIT]
    if petit:
        request["petit_last_trick"] = petit[0]
    if counting.slam_by:
        request["slam"] = counting.slam_by
    if rnd.players == 5:
        request["alone"] = rnd.partner is None
    names = classic_roles(rnd)
    request["bonuses"] = [
        {"kind": kind, "holder": names[seat]}
        for seat, hand in zip(SEATS, rnd.initial_hands, strict=False)
        for kind in classic_hand_bonuses(hand)
    ]
    return request


def calculator_by_seat(rnd: Round, answer: Mapping[str, Any]) -> dict[Seat, int | float]:
    """What the calculator's answer pays each seat of the round."""
    scores = answer["scores"]
    seats = SEATS[: rnd.players]
    if "by_player" in scores:
        return dict(zip(seats, scores["by_player"], strict=True))
    if isinstance(rnd, MathersRound):
        return {seat: scores[str(seat)] for seat in seats}
    if isinstance(rnd, ChamberyRound):
        named = {"taker": "soloist"} if "soloist" in scores else {}
        return {seat: scores[named.get(role, role)] for seat, role in roles(rnd).items()}
    if isinstance(rnd, ClassicRound):
        return {seat: scores[role] for seat, role in classic_roles(rnd).items()}
    return {seat: scores[role] for seat, role in roles(rnd).items()}


def check_score(rnd: Round) -> bool:
    """Whether the round was played and scored (rather than dealt again)."""
    result = rnd.result()
    if result.outcome != "played":
        assert set(result.by_seat.values()) == {0}
        return False
    answer = score_request(calculator_request(rnd))
    assert calculator_by_seat(rnd, answer) == dict(result.by_seat)
    return True


# ------------------------------------------------------------------ the suite


@pytest.mark.heavy
@pytest.mark.parametrize("key", KEYS)
def test_random_rounds_conform(key: str) -> None:
    variant = find_variant(key)
    rng = random.Random(key)
    played = 0
    for number in range(ROUNDS):
        rnd = variant.deal_round(SEATS[number % variant.players], f"{key}-{number}")
        steps = 0
        while True:
            check_places(rnd)
            check_views(rnd)
            legal = rnd.legal_actions()
            if rnd.is_over:
                assert legal == () and rnd.to_move is None
                break
            assert legal, f"no legal action in phase {rnd.phase}"
            check_refusals(rnd, rng)
            action = legal[rng.randrange(len(legal))]
            check_push_pop(rnd, action)
            rnd.push(action)
            steps += 1
            assert steps < 400, "the round does not finish"
        played += check_score(rnd)
    assert played, "no round was played to a score"


def test_the_snapshot_sees_a_change_deep_in_the_round() -> None:
    """The snapshot compares the whole state: a card moved inside a trick is noticed."""
    rnd = find_variant("fft-4").deal_round(Seat.P1, 1)
    while not rnd.tricks:
        rnd.push(next(action for action in rnd.legal_actions() if action.kind != "pass"))
    before = snapshot(rnd)
    trick = rnd.tricks[0]
    seat, card = trick.plays[0]
    trick.plays[0] = (seat, FULL_PACK[(FULL_PACK.index(card) + 1) % len(FULL_PACK)])
    assert snapshot(rnd) != before
