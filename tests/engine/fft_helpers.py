"""Helpers shared by the French Tarot tests: explicit deals, scripted actions, refusals, play-out policies.

The ``test_fft_*`` modules, ``test_records``, ``test_cli`` and others import from here;
``test_fft_support`` checks the helpers themselves, so that a mistake in a helper cannot make a rule
test pass for the wrong reason.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import pytest

from tarot_core import find_variant
from tarot_core.actions import Action
from tarot_core.cards import EXCUSE, FULL_PACK, Card, parse_cards
from tarot_core.engine.round import Round
from tarot_core.engine.state import Phase
from tarot_core.errors import Illegal, IllegalActionError
from tarot_core.seats import SEATS, Seat
from tests.engine.rounds import snapshot

P1, P2, P3, P4, P5 = SEATS


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def card(text: str) -> Card:
    return Card.parse(text)


def build_deal(
    key: str, hands: Mapping[str, str], dog: str | None = None
) -> tuple[list[list[Card]], list[Card]]:
    """Hands and dog from the cards written for each seat; unwritten places are filled in pack order.

    Seats are topped up in seat order (p1 first) with the cards nobody was given, lowest pack index
    first (spades, hearts, diamonds, clubs, trumps, the Excuse); what is left over is the dog.
    """
    variant = find_variant(key)
    fixed: dict[int, list[Card]] = {Seat.parse(name).value: cards(text) for name, text in hands.items()}
    dog_cards = cards(dog) if dog is not None else None
    used = [c for hand in fixed.values() for c in hand] + (dog_cards or [])
    if len(set(used)) != len(used):
        raise AssertionError("a card is written twice in the test deal")
    rest = [c for c in FULL_PACK if c not in set(used)]
    result: list[list[Card]] = []
    for seat in range(variant.players):
        hand = list(fixed.get(seat, []))
        while len(hand) < variant.hand_size:
            hand.append(rest.pop(0))
        result.append(sorted(hand))
    if dog_cards is None:
        dog_cards = rest
    elif rest:
        raise AssertionError(f"cards left over with an explicit dog: {' '.join(map(str, rest))}")
    return result, sorted(dog_cards)


def new_round(
    key: str, hands: Mapping[str, str], dog: str | None = None, dealer: str = "p1", **options: object
) -> Round:
    """A round of ``key`` (fft-3, fft-4, fft-5) from a written deal."""
    variant = find_variant(key, **options)
    dealt, dog_cards = build_deal(key, hands, dog)
    return variant.new_round(Seat.parse(dealer), dealt, dog_cards)


def act(rnd: Round, *texts: str) -> None:
    """Push actions written in notation ("p2 bid garde", "p1 play HK")."""
    for text in texts:
        rnd.push(Action.parse(text, rnd.players))


def take(rnd: Round, taker: str, contract: str) -> None:
    """Bidding where ``taker`` bids ``contract`` and everyone else passes."""
    seat = Seat.parse(taker)
    while rnd.phase is Phase.BIDDING:
        mover = rnd.to_move
        assert mover is not None
        rnd.push(Action(mover, "bid", contract) if mover == seat else Action(mover, "pass"))


def discard(rnd: Round, text: str) -> None:
    """Put aside the written cards one at a time (the engine's discard is one card per action)."""
    assert rnd.to_move is not None
    for c in cards(text):
        rnd.push(Action(rnd.to_move, "discard", "", (c,)))


def hand(rnd: Round, seat: str) -> str:
    return " ".join(str(c) for c in rnd.hands[Seat.parse(seat)])


def phase(rnd: Round) -> Phase:
    """The round's phase (a call, so that type checkers do not keep an earlier narrowing)."""
    return rnd.phase


def legal_cards(rnd: Round) -> list[str]:
    """The cards the player to move may play now, in notation."""
    return [str(a.card) for a in rnd.legal_actions() if a.kind == "play"]


def assert_refused(rnd: Round, action: str | Action, reason: Illegal, *fragments: str) -> str:
    """``action`` is refused for ``reason`` by both ``why_illegal`` and ``push``, with the same sentence
    (containing every fragment), and the refused push leaves the round exactly as it was."""
    if isinstance(action, str):
        action = Action.parse(action, rnd.players)
    before = snapshot(rnd)
    assert action not in rnd.legal_actions()
    refusal = rnd.why_illegal(action)
    assert refusal is not None, f"{action} was accepted"
    assert refusal.reason is reason, f"{action}: {refusal.reason} ({refusal.message})"
    with pytest.raises(IllegalActionError) as caught:
        rnd.push(action)
    assert caught.value.reason is reason
    assert caught.value.message == refusal.message
    assert str(caught.value) == refusal.message
    for fragment in fragments:
        assert fragment in refusal.message, f"{fragment!r} not in {refusal.message!r}"
    assert snapshot(rnd) == before
    return refusal.message


def assert_accepted(rnd: Round, action: str | Action) -> None:
    """``action`` is legal now: listed, not refused, and push applies it."""
    if isinstance(action, str):
        action = Action.parse(action, rnd.players)
    assert rnd.why_illegal(action) is None, rnd.why_illegal(action)
    assert action in rnd.legal_actions()
    rnd.push(action)
    assert rnd.actions[-1] == action


Policy = Callable[[Round, Sequence[Action]], Action]


def first_card(rnd: Round, legal: Sequence[Action]) -> Action:
    """Play the first legal card (never a handful or a slam): a deterministic play-out."""
    return next(a for a in legal if a.kind in ("play", "discard", "pass", "call"))


def excuse_last(rnd: Round, legal: Sequence[Action]) -> Action:
    """Like :func:`first_card`, but keep the Excuse until nothing else is left."""
    plays = [a for a in legal if a.kind in ("play", "discard", "pass", "call")]
    others = [a for a in plays if not (a.kind == "play" and a.card is EXCUSE)]
    return (others or plays)[0]


def highest_card(rnd: Round, legal: Sequence[Action]) -> Action:
    """Play the legal card with the highest pack index (trumps before suit cards, the Excuse last)."""
    plays = [a for a in legal if a.kind == "play" and a.card is not EXCUSE]
    if not plays:
        return first_card(rnd, legal)
    return max(plays, key=lambda a: a.card.index)


def by_seat(policies: dict[Seat, Policy], default: Policy = first_card) -> Policy:
    """A policy that asks ``policies`` for the seats it names and ``default`` for the others."""

    def policy(rnd: Round, legal: Sequence[Action]) -> Action:
        assert rnd.to_move is not None
        return policies.get(rnd.to_move, default)(rnd, legal)

    return policy


def play_out(rnd: Round, policy: Policy = first_card) -> Round:
    """Finish the round, choosing every action with ``policy``."""
    guard = 0
    while not rnd.is_over:
        rnd.push(policy(rnd, rnd.legal_actions()))
        guard += 1
        assert guard < 200, "the round does not finish"
    return rnd
