"""The Monte Carlo player: determinized play-outs over the rule-based player.

For each card it may play, the player deals the cards it cannot see many times at random, consistently
with its view (each hand's size, the suits a player has shown he lacks, the cards played, a dog turned
over, its own discard, the trumps shown in a discard, a handful's trumps), rebuilds the round from each
such deal and the actions seen, plays the card, lets the rule-based player finish the round for every
seat, and keeps the card with the best mean score for its own seat. A deal that the record refuses
(a player could not have played as he did with those cards) is drawn again.

``playouts`` is the number of play-outs per decision, shared among the cards (at least two deals each).
When the cards it may play are more than ``playouts`` can try twice each (a small number, as in the
play page), it tries the rule-based player's card and, in each suit, its lowest and highest card, and
the Excuse: the cards between them rarely change a trick, and the budget stays what it was set to.
Bidding, calling, discarding, handfuls, declarations and exchanges are the rule-based player's. Each
rule set's sampler undoes what moved cards between hands: the dog and the discard (French rules), the
dealer's discard, the demanded cards and those given back (Chambéry), the dealer's exchange and the
calls for a Tarot Trump (Mathers).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from ..actions import Action, ActionKind
from ..cards import EXCUSE, PLAIN_SUITS, Card, Suit
from ..engine.round import Round
from ..engine.variant import Variant, find_variant
from ..engine.view import SeatView
from ..errors import TarotError
from ..games.mathers.options import TAROT_TRUMPS
from ..seats import Seat
from .base import action_words, legal_or_fail
from .rule import RulePlayer, order

#: Attempts at a consistent deal for each one kept, before the player falls back on the rule-based play.
ATTEMPTS = 8


@dataclass(frozen=True, slots=True)
class Estimate:
    """What the play-outs said about one action: its mean score for the seat over ``deals`` deals."""

    action: Action
    mean: float
    deals: int


@cache
def _variant(key: str, options: tuple[tuple[str, object], ...]) -> Variant:
    return find_variant(key, **dict(options))


@dataclass(slots=True)
class _Place:
    """Somewhere unseen cards go: a hand (``seat``) or a hidden pile (``seat`` None), with room for
    ``room`` more cards."""

    name: str
    seat: Seat | None
    room: int
    void: frozenset[Suit]
    no_honours: bool = False
    no_trumps: bool = False
    #: No unseen trump under this number: a handful shows its holder's lowest trumps (all of them when
    #: it needs the Excuse).
    trump_floor: int = 0

    def takes(self, card: Card) -> bool:
        if card.suit in self.void or (card.is_trump and card.rank < self.trump_floor):
            return False
        if self.no_honours and (card.is_king or card.is_bout):
            return False
        return not (self.no_trumps and card.is_trump)


@dataclass(frozen=True, slots=True)
class Determinization:
    """A deal consistent with a view, and the record to replay on it."""

    hands: tuple[tuple[Card, ...], ...]
    dog: tuple[Card, ...]
    actions: tuple[Action, ...]


def sample(view: SeatView, rng: random.Random) -> Determinization | None:
    """A deal consistent with ``view`` (French rule sets and Chambéry Tarot), or None if this draw
    failed or the rule set is not sampled."""
    if view.family in ("fft", "classic"):
        return _sample_french(view, rng)
    if view.family == "chambery":
        return _sample_chambery(view, rng)
    if view.family == "mathers":
        return _sample_mathers(view, rng)
    return None


def _sample_mathers(view: SeatView, rng: random.Random) -> Determinization | None:
    """Mathers' game: the hands now, then the deal before the dealer's exchange and the calls for a
    Tarot Trump (a card handed over unseen is drawn from what its receiver holds or played)."""
    variant = _variant(view.variant, view.options)
    me, dealer = view.seat, view.dealer
    played = view.all_played()
    my_discard = next((p.cards for p in view.shown if p.name == "discard" and p.seat == me), ())
    stock_seen = next((p.cards for p in view.shown if p.name == "stock"), ())
    known: dict[Seat, list[Card]] = {s: [] for s in view.seats}
    gave_unseen = {a.seat for a in view.history if a.kind == "give" and not a.cards}
    loose: set[Card] = set()
    for pile in view.shown:
        if pile.name == "declaration" and pile.seat is not None and pile.seat != me:
            for card in pile.cards:
                if card in played or card in view.hand:
                    continue
                if pile.seat in gave_unseen:
                    loose.add(card)  # perhaps handed over since
                elif card not in known[pile.seat]:
                    known[pile.seat].append(card)
    located = set(view.hand) | played | set(my_discard)
    for cards in known.values():
        located.update(cards)
    places = [
        _Place(str(s), s, view.hand_sizes[s] - len(known[s]), view.voids[s]) for s in view.seats if s != me
    ]
    hidden = dict(view.hidden)
    for name in ("discard", "dead"):
        if hidden.get(name):
            places.append(_Place(name, None, hidden[name], frozenset()))
    given = _fill([c for c in variant.pack if c not in located], places, rng)
    if given is None:
        return None
    current = {s: list(view.hand) if s == me else [*known[s], *given[str(s)]] for s in view.seats}
    if any(c in given.get("dead", []) or c in given.get("discard", []) for c in loose):
        return None
    hands: dict[Seat, list[Card]] = {s: [*current[s], *view.played[s]] for s in view.seats}
    # The calls for a Tarot Trump, undone from the last: each card handed over goes back to its giver.
    actions = list(view.history)
    for index in range(len(actions) - 1, -1, -1):
        action = actions[index]
        if action.kind != "give":
            continue
        first = actions[index - 1].kind == "declare"  # the asked player's Tarot Trump, else the give back
        ask = actions[index - 1] if first else actions[index - 2]
        if ask.kind != "declare" or not ask.word.startswith("ask-"):
            return None
        receiver = ask.seat if first else Seat.parse(ask.word.removeprefix("ask-"))
        if action.cards:
            card = action.card
        else:
            if first:
                pool = [c for c in hands[receiver] if c in TAROT_TRUMPS]
            else:
                pool = [c for c in hands[receiver] if c.suit in PLAIN_SUITS and c.rank <= 10]
            if not pool:
                return None
            card = pool[rng.randrange(len(pool))]
            actions[index] = Action(action.seat, ActionKind.GIVE, "", (card,))
        if card not in hands[receiver]:
            return None
        hands[receiver].remove(card)
        hands[action.seat].append(card)
    # The dealer's exchange, undone: the three cards he took go back aside, his discard to his hand.
    if stock_seen:
        stock = list(stock_seen)
    else:
        pool = list(hands[dealer])
        rng.shuffle(pool)
        stock = pool[: variant.dog_size]
    for card in stock:
        if card not in hands[dealer]:
            return None
        hands[dealer].remove(card)
    discard = list(my_discard) if me == dealer else given.get("discard", [])
    hands[dealer].extend(discard)
    pending = list(discard)
    rng.shuffle(pending)
    for index, action in enumerate(actions):
        if action.kind == "discard" and not action.cards:
            if not pending:
                return None
            actions[index] = Action(action.seat, ActionKind.DISCARD, "", (pending.pop(),))
    if any(len(hands[s]) != variant.hand_size for s in view.seats):
        return None
    dealt = tuple(tuple(sorted(hands[s])) for s in view.seats)
    return Determinization(dealt, tuple(sorted(stock)), tuple(actions))


def _fill(cards: list[Card], places: list[_Place], rng: random.Random) -> dict[str, list[Card]] | None:
    """Deal ``cards`` to ``places``, the most constrained cards first, each to a place drawn by the room
    left; None when a card finds no room."""
    rng.shuffle(cards)
    options = {card: [p for p in places if p.takes(card)] for card in cards}
    cards.sort(key=lambda c: len(options[c]))
    given: dict[str, list[Card]] = {p.name: [] for p in places}
    for card in cards:
        open_places = [p for p in options[card] if p.room > 0]
        if not open_places:
            return None
        pick = rng.randrange(sum(p.room for p in open_places))
        for place in open_places:
            pick -= place.room
            if pick < 0:
                break
        place.room -= 1
        given[place.name].append(card)
    return given


def _sample_chambery(view: SeatView, rng: random.Random) -> Determinization | None:
    """Chambéry Tarot: the hands now, then the deal before the dealer's discard and the exchanges."""
    variant = _variant(view.variant, view.options)
    me, dealer, taker = view.seat, view.dealer, view.taker
    played = view.all_played()
    piles = {name: [p for p in view.shown if p.name == name] for name in ("received", "given")}
    received = [(p.cards[0], p.seat) for p in piles["received"] if p.seat is not None]
    given_seen = {p.cards[0]: Seat.parse(p.word) for p in piles["given"]}
    in_discard = [c for p in view.shown if p.name in ("discard-found", "discard-pagat") for c in p.cards]
    my_discard = next((p.cards for p in view.shown if p.name == "discard" and p.seat == me), ())
    known: dict[Seat, list[Card]] = {s: [] for s in view.seats}
    if taker is not None:
        known[taker].extend(c for c, _ in received if c not in played)
    for card, receiver in given_seen.items():
        if card not in played and receiver != me:
            known[receiver].append(card)
    called, partner = view.called, view.partner
    if called is not None and partner is not None and partner != me and called not in played:
        known[partner].append(called)  # the holder of the called card made himself known
    located = set(view.hand) | played | set(my_discard) | set(in_discard)
    for cards in known.values():
        located.update(cards)
    places = [
        _Place(str(s), s, view.hand_sizes[s] - len(known[s]), view.voids[s]) for s in view.seats if s != me
    ]
    hidden = dict(view.hidden).get("discard", 0)
    if hidden:
        places.append(_Place("discard", None, hidden, frozenset({Suit.TRUMPS, Suit.EXCUSE}), True))
    given = _fill([c for c in variant.pack if c not in located], places, rng)
    if given is None:
        return None
    current = {s: list(view.hand) if s == me else [*known[s], *given[str(s)]] for s in view.seats}
    discard = list(my_discard) if me == dealer else [*in_discard, *given.get("discard", [])]
    # The cards the soloist gave back, in order: each went to the holder of the card received in turn.
    gives: list[Card] = []
    give_actions = [a for a in view.history if a.kind == "give"]
    for index, action in enumerate(give_actions):
        receiver = received[index][1]
        if action.cards:
            gives.append(action.card)
            continue
        pool = [
            c
            for c in [*current[receiver], *view.played[receiver]]
            if c not in gives and c not in known[receiver] and c not in {r for r, _ in received}
        ]
        if not pool:
            return None
        gives.append(pool[rng.randrange(len(pool))])
    hands: dict[Seat, list[Card]] = {s: [*current[s], *view.played[s]] for s in view.seats}
    hands[dealer].extend(discard)
    for card, holder in received:
        if taker is None or card not in hands[taker]:
            return None
        hands[taker].remove(card)
        hands[holder].append(card)
    for card, (_, receiver) in zip(gives, received, strict=False):
        if card not in hands[receiver] or taker is None:
            return None
        hands[receiver].remove(card)
        hands[taker].append(card)
    extras_count = variant.dog_size
    dealt = hands[dealer]
    rng.shuffle(dealt)
    extras, hands[dealer] = dealt[:extras_count], dealt[extras_count:]
    if any(len(hands[s]) != variant.hand_size for s in view.seats):
        return None
    hidden_discard = list(discard)
    rng.shuffle(hidden_discard)
    actions: list[Action] = []
    give_cards = iter(gives)
    for seen in view.history:
        if seen.kind == "discard" and not seen.cards:
            if not hidden_discard:
                return None
            actions.append(Action(seen.seat, ActionKind.DISCARD, "", (hidden_discard.pop(),)))
        elif seen.kind == "give":
            actions.append(Action(seen.seat, ActionKind.GIVE, "", (next(give_cards),)))
        else:
            if seen.kind == "discard" and seen.card in hidden_discard:
                hidden_discard.remove(seen.card)
            actions.append(seen)
    return Determinization(tuple(tuple(sorted(hands[s])) for s in view.seats), tuple(extras), tuple(actions))


def _sample_french(view: SeatView, rng: random.Random) -> Determinization | None:
    """A deal of the French rule sets consistent with ``view``, or None if this draw failed."""
    variant = _variant(view.variant, view.options)
    me = view.seat
    taker = view.taker
    played = view.all_played()
    hidden = dict(view.hidden)
    dog_shown = next((p.cards for p in view.shown if p.name == "dog"), None)
    dog_taken = dog_shown is not None and any(a.kind == "discard" for a in view.history)
    my_discard = next((p.cards for p in view.shown if p.name == "discard" and p.seat == me), ())
    shown_trumps = next((p.cards for p in view.shown if p.name == "discard-trumps"), ())
    known: dict[Seat, list[Card]] = {s: [] for s in view.seats}
    floor: dict[Seat, int] = {}
    for pile in view.shown:
        if pile.name == "handful" and pile.seat is not None and pile.seat != me:
            known[pile.seat].extend(c for c in pile.cards if c not in played)
            floor[pile.seat] = 22 if EXCUSE in pile.cards else max(c.rank for c in pile.cards)
    located = set(view.hand) | played | set(my_discard) | set(shown_trumps)
    for cards in known.values():
        located.update(cards)
    if dog_shown is not None and not dog_taken:
        located.update(dog_shown)  # turned over and left where it is
    with_taker: set[Card] = set()
    if dog_taken and dog_shown is not None and me != taker:
        with_taker = {c for c in dog_shown if c not in located}
    unknown = [c for c in variant.pack if c not in located]
    places: list[_Place] = []
    for seat in view.seats:
        if seat != me:
            room = view.hand_sizes[seat] - len(known[seat])
            places.append(_Place(str(seat), seat, room, view.voids[seat], trump_floor=floor.get(seat, 0)))
    if hidden.get("dog"):
        places.append(_Place("dog", None, hidden["dog"], frozenset()))
    if hidden.get("discard"):
        places.append(_Place("discard", None, hidden["discard"], frozenset(), True, view.family == "fft"))
    # The most constrained cards first, each to a place drawn by the room left.
    rng.shuffle(unknown)
    options = {
        card: [
            p
            for p in places
            if p.takes(card) and (card not in with_taker or p.seat == taker or p.name == "discard")
        ]
        for card in unknown
    }
    unknown.sort(key=lambda c: len(options[c]))
    given: dict[str, list[Card]] = {p.name: [] for p in places}
    for card in unknown:
        open_places = [p for p in options[card] if p.room > 0]
        if not open_places:
            return None
        pick = rng.randrange(sum(p.room for p in open_places))
        for place in open_places:
            pick -= place.room
            if pick < 0:
                break
        place.room -= 1
        given[place.name].append(card)
    hands: list[list[Card]] = []
    for seat in view.seats:
        hand = list(view.hand) if seat == me else [*known[seat], *given[str(seat)]]
        hands.append([*hand, *view.played[seat]])
    discard: list[Card] = list(my_discard) if me == taker else [*shown_trumps, *given.get("discard", [])]
    dog = list(dog_shown) if dog_shown is not None else given.get("dog", [])
    if dog_taken and taker is not None:
        hand = hands[taker]
        hand.extend(discard)
        for card in dog:
            if card not in hand:
                return None
            hand.remove(card)
    if any(len(hand) != variant.hand_size for hand in hands) or len(dog) != variant.dog_size:
        return None
    # The record, the hidden discard filled in.
    hidden_discard = [c for c in discard if c not in shown_trumps]
    actions: list[Action] = []
    for seen in view.history:
        if seen.kind == "discard" and not seen.cards:
            if not hidden_discard:
                return None
            actions.append(Action(seen.seat, ActionKind.DISCARD, "", (hidden_discard.pop(),)))
        else:
            actions.append(seen)
    return Determinization(tuple(map(tuple, hands)), tuple(dog), tuple(actions))


def rebuild(view: SeatView, deal: Determinization) -> Round | None:
    """The round of ``deal`` with its record replayed, or None if the record does not fit the deal."""
    variant = _variant(view.variant, view.options)
    try:
        rnd = variant.new_round(view.dealer, deal.hands, deal.dog)
        for action in deal.actions:
            rnd.push(action)
    except TarotError:
        return None
    # What was said aloud about the cards (a handful's trumps, a declaration, ...) must come out the same.
    return rnd if rnd.view(view.seat) == view else None


def finish(rnd: Round, player: RulePlayer) -> None:
    """Play ``rnd`` to its end, every seat by ``player``."""
    while not rnd.is_over:
        seat = rnd.to_move
        assert seat is not None
        rnd.push(player.choose(rnd.view(seat))[0])


class MonteCarloPlayer:
    """Determinized Monte Carlo over the rule-based player (see the module's docstring)."""

    name = "mc"

    def __init__(self, playouts: int = 60) -> None:
        if playouts < 1:
            raise TarotError("the Monte Carlo player needs at least one play-out per move")
        self.playouts = playouts
        self.rule = RulePlayer()
        #: Play-outs run so far (for measuring their speed).
        self.playouts_run = 0
        self._last: tuple[SeatView, tuple[Estimate, ...]] | None = None

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        legal = legal_or_fail(view)
        ruled = self.rule.choose(view)[0]
        plays = [a for a in legal if a.kind == "play"]
        if ruled.kind != "play" or len(plays) < 2:
            return ruled
        estimates = self.estimate(view, self.candidates(view, plays, ruled), rng)
        self._last = (view, estimates)
        if not estimates:
            return ruled
        best = max(estimates, key=lambda e: (e.mean, e.action == ruled))
        return best.action

    def candidates(self, view: SeatView, plays: Sequence[Action], ruled: Action) -> list[Action]:
        """The plays worth trying within the budget: all of them when each can have two deals; else the
        rule-based choice, the Excuse and the lowest and highest card of each suit, at most half the
        budget of them (in that order: the rule's card, then the suits' ends)."""
        if len(plays) * 2 <= self.playouts:
            return list(plays)
        chosen = [ruled]
        by_suit: dict[Suit, list[Action]] = {}
        for action in plays:
            if action.card is EXCUSE:
                chosen.append(action)
            else:
                by_suit.setdefault(action.card.suit, []).append(action)
        for actions in by_suit.values():
            ranked = sorted(actions, key=lambda a: order(view, a.card))
            chosen.extend((ranked[0], ranked[-1]))
        unique = list(dict.fromkeys(chosen))
        return unique[: max(1, self.playouts // 2)]

    def estimate(self, view: SeatView, plays: Sequence[Action], rng: random.Random) -> tuple[Estimate, ...]:
        """Mean score for the seat of each play, over determinized play-outs."""
        deals = max(2, -(-self.playouts // len(plays)))
        totals = [0] * len(plays)
        kept = 0
        for _ in range(deals * ATTEMPTS):
            if kept == deals:
                break
            deal = sample(view, rng)
            base = rebuild(view, deal) if deal is not None else None
            if base is None:
                continue
            kept += 1
            for index, action in enumerate(plays):
                rnd = base.copy()
                rnd.push(action)
                finish(rnd, self.rule)
                self.playouts_run += 1
                totals[index] += rnd.result().by_seat[view.seat]
        if not kept:
            return ()
        return tuple(Estimate(a, total / kept, kept) for a, total in zip(plays, totals, strict=True))

    def explain(self, view: SeatView, action: Action) -> str:
        last = self._last
        if last is not None and last[0] is view:
            estimates = sorted(last[1], key=lambda e: -e.mean)
            mine = next((e for e in estimates if e.action == action), None)
            if mine is not None:
                others = [e for e in estimates if e.action != action]
                runner = (
                    f"; next best {action_words(others[0].action).removeprefix('Plays ')} "
                    f"at {others[0].mean:+.0f}"
                    if others
                    else ""
                )
                return (
                    f"{action_words(action)}: over {mine.deals} deals of the unseen cards played out, "
                    f"it scored {mine.mean:+.0f} on average{runner}."
                )
        return self.rule.explain(view, action)


__all__ = ["Estimate", "MonteCarloPlayer", "rebuild", "sample"]
