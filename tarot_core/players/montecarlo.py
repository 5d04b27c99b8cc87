"""The Monte Carlo player: determinized play-outs, raced by successive halving.

For each card it may play, the player deals the cards it cannot see at random, consistently with its
view (each hand's size, the suits a player has shown he lacks, the cards played, a dog turned over, its
own discard, the trumps shown in a discard, a handful's trumps), rebuilds the round from each such deal
and the actions seen, plays the card, finishes the round and scores it for its own seat. A deal that
the record refuses (a player could not have played as he did with those cards) is drawn again.

**The budget** (``playouts``) is a number of play-outs per decision, not a time, so that a seeded
generator gives the same decision on any machine. It is spent by *successive halving*: every card is
played out on the same few deals (common random numbers: the cards are compared on identical deals, so
the luck of the deal cancels out of their difference), the worse half is dropped, and the cards still
in contention are played out on more deals, until one or two remain. The rule-based player's card stays
in the race to the end, and wins a near-tie: when the best card beats it by less than the spread of the
difference (one standard error), the rule's card is played, so that noise never overrules a principle.

**Inference**: each deal is weighted by how likely the other players' bids and passes were with the
hands it gives them (:func:`bid_likelihood`: the rule-based player's bid on each sampled hand, asked on
that player's view at his turn to speak): a player who passed rarely gets a hand worth a garde. Every
mean is a weighted mean.

**The play-outs** are played by a quick policy that reads the round directly (no seat views): the
rule-based player's principles (win cheaply, give points to a partner sure to win, save the Petit
when the trick is sure, play low, lead Kings while the suit goes round, the attack draws trumps and
leads its longest suit from the top), each
seat judging by the cards actually held in the sampled deal. When the hands are down to
:data:`EXACT_CARDS` cards each (the French rules) and the Petit or the Excuse is still in a hand, the
last tricks are played exactly: a small alpha-beta search over the cards left, the attack counting its
card points, the Petit's bout and the Petit au bout.

Each estimate carries its uncertainty: the mean score of the card, the standard error of that mean and
the paired difference to the best card with its own standard error (:class:`Estimate`). The coach
(:mod:`tarot_core.players.coach`) turns them into words. Bidding, calling, discarding, handfuls,
declarations and exchanges are the rule-based player's. The deals come from each rule set's own sampler
(its ``knowledge``, :mod:`tarot_core.engine.knowledge`).
"""

from __future__ import annotations

import gc
import math
import random
from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from ..actions import PLAYS, Action
from ..cards import EXCUSE, FIRST_TRUMP_INDEX, FULL_PACK, PETIT, Card, Suit
from ..engine.knowledge import Determinization, Knowledge
from ..engine.round import Round
from ..engine.trick import following_cards
from ..engine.variant import Variant, find_variant
from ..engine.view import SeatView
from ..errors import TarotError
from ..messages import gettext_lazy
from ..seats import SEATS
from .base import legal_or_fail
from .rule import FACES, RulePlayer, hunt_needs, knowledge

#: Attempts at a consistent deal for each one kept, before the player falls back on the rule-based play.
ATTEMPTS: Final = 12
#: Cards left in each hand from which the last tricks are played exactly (French rules).
EXACT_CARDS: Final = 2
#: The weight of a sampled deal for each bid or pass the rule-based player would not have said with it.
BID_MISS: Final = 0.15
#: Standard errors by which the best card must beat the rule-based player's card to be preferred.
OVERRULE: Final = 1.0


@dataclass(frozen=True, slots=True)
class Estimate:
    """What the play-outs said about one action: its mean score for the seat over ``deals`` deals,
    the standard error of that mean, and the paired difference to the best action (``gap``, >= 0 for
    all but the best, which has 0) with its standard error (over the deals both were played on)."""

    action: Action
    mean: float
    deals: int
    stderr: float = 0.0
    gap: float = 0.0
    gap_stderr: float = 0.0


@cache
def _variant(key: str, options: tuple[tuple[str, object], ...]) -> Variant:
    return find_variant(key, **dict(options))


def sample(view: SeatView, rng: random.Random) -> Determinization | None:
    """A deal consistent with ``view``, drawn by its rule set's sampler, or None if this draw failed."""
    return knowledge(view).sample(view, _variant(view.variant, view.options), rng)


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


# ---------------------------------------------------------------------------------------- inference
_BIDDER = RulePlayer()


def bid_likelihood(view: SeatView, deal: Determinization) -> float:
    """How likely the other players' bids and passes were with the hands ``deal`` gives them: each word
    the rule-based player would have said with that hand counts 1, any other :data:`BID_MISS` (the
    computer players bid as the rule-based player does; a person may not)."""
    variant = _variant(view.variant, view.options)
    likelihood = 1.0
    try:
        rnd = variant.new_round(view.dealer, deal.hands, deal.dog)
        for action in deal.actions:
            if action.kind not in ("bid", "pass") or rnd.phase != "bidding":
                break
            if action.seat != view.seat and _BIDDER.choose(rnd.view(action.seat))[0] != action:
                likelihood *= BID_MISS
            rnd.push(action)
    except TarotError:
        return 1.0
    return likelihood


# ---------------------------------------------------------------------------------------- play-outs
class _Policy:
    """The quick play-out policy of one rule set (see the module's docstring)."""

    def __init__(self, known: Knowledge) -> None:
        self.value = known.card_value
        self.order = known.card_order
        self.lost_last = known.excuse_lost_last
        self.saves = known.excuse_saves_from
        #: The exact end is for the French card order and counting (the pack index orders a suit).
        self.exact = known.excuse_lost_last and known.card_value(PETIT) == 9

    # ------------------------------------------------------------------ one card
    def card(self, rnd: Round, seat: int, cards: list[Card]) -> Card:
        if len(cards) == 1:
            return cards[0]
        hand = rnd.hands[seat]
        trick = rnd.current
        assert trick is not None
        plays = trick.plays
        if self.lost_last and EXCUSE in cards and len(hand) <= 2:
            if plays or not _side_won_all(rnd, seat):
                return EXCUSE
            # Every trick so far is the side's: the Excuse led to the last trick wins it.
            return next(c for c in cards if c is not EXCUSE)
        led_card = trick.led_card
        attack = (rnd.taker, rnd.partner)
        mine = seat in attack
        if not plays or led_card is None:
            return self.lead(rnd, seat, [c for c in cards if c is not EXCUSE] or cards, mine, attack)
        led = led_card.suit
        value, order = self.value, self.order
        ahead = trick.ahead
        best = next((c for s, c in plays if s == ahead), None)
        done = {s for s, _ in plays}
        players = rnd.players
        after = [s for s in range(players) if s not in done and s != seat]
        opponents_after = [s for s in after if (s in attack) != mine]
        hands = rnd.hands
        partner_ahead = ahead is not None and (ahead in attack) == mine

        lo, hi = _BLOCK[led]

        def beaten(card: Card) -> bool:
            """Whether an opponent still to play holds a card that takes the trick from ``card``."""
            for other in opponents_after:
                held = hands[other]
                i = bisect_left(held, lo)
                j = bisect_left(held, hi, i)
                if card.is_trump:
                    if i == j or led is Suit.TRUMPS:
                        top = bisect_left(held, EXCUSE) - 1
                        if top >= 0 and held[top] > card:
                            return True
                elif i < j:
                    if card.suit is led and max(order(c) for c in held[i:j]) > order(card):
                        return True
                elif bisect_left(held, EXCUSE) > bisect_left(held, FIRST_TRUMP_INDEX):
                    return True
            return False

        if partner_ahead and best is not None and not beaten(best):
            following = [c for c in cards if c.suit is led and c is not EXCUSE]
            if following:
                return max(following, key=lambda c: (value(c), c.rank))
            if PETIT in cards:
                return PETIT
            trumps = [c for c in cards if c.is_trump]
            if trumps:
                return min(trumps, key=lambda c: c.rank)
            plain = [c for c in cards if c is not EXCUSE] or cards
            return max(plain, key=value)
        if PETIT in cards and not partner_ahead and _beats(PETIT, best, led, order) and not beaten(PETIT):
            # Nobody still to play can take the trick from the Petit: it comes home.
            return PETIT
        points = sum(value(c) for _, c in plays)
        winners = [c for c in cards if _beats(c, best, led, order)]
        if winners and not partner_ahead:
            if PETIT in winners and not opponents_after:
                return PETIT
            if PETIT in winners and len(winners) > 1:
                winners.remove(PETIT)
            ranked = sorted(winners, key=lambda c: (c.is_trump, order(c) if not c.is_trump else c.rank))
            sure = [c for c in ranked if not beaten(c)]
            if sure and (sure[0] is ranked[0] or points >= 5):
                return sure[0]
            cheapest = ranked[0]
            if points >= 7 or (cheapest.is_trump and points >= 5):
                return cheapest
        return self.low(rnd, seat, cards, led)

    def low(self, rnd: Round, seat: int, cards: list[Card], led: Suit) -> Card:
        value, order = self.value, self.order
        choices = (
            [c for c in cards if c is not EXCUSE and c is not PETIT]
            or [c for c in cards if c is not EXCUSE]
            or cards
        )
        following = [c for c in choices if c.suit is led]
        if following:
            card = min(following, key=lambda c: (value(c), order(c)))
        elif all(c.is_trump for c in choices):
            card = min(choices, key=lambda c: c.rank)
        else:
            hand = rnd.hands[seat]
            card = min(
                choices,
                key=lambda c: (c.is_trump, value(c), sum(1 for h in hand if h.suit is c.suit), c.rank),
            )
        saves = self.saves
        if saves is not None and EXCUSE in cards and (value(card) >= saves or card is PETIT):
            return EXCUSE
        return card

    def lead(
        self, rnd: Round, seat: int, cards: list[Card], mine: bool, attack: tuple[object, object]
    ) -> Card:
        hands = rnd.hands
        hand = hands[seat]
        opponents = [s for s in range(rnd.players) if s != seat and (s in attack) != mine]
        my_trumps = [c for c in cards if c.is_trump]
        their_trumps = sum(_count(hands[s], Suit.TRUMPS) for s in opponents)
        if my_trumps and mine and rnd.taker is not None:
            petit_out = any(PETIT in hands[s] for s in opponents)
            if (petit_out and len(my_trumps) >= hunt_needs(their_trumps)) or (
                their_trumps and len(my_trumps) > their_trumps
            ):
                return max(my_trumps, key=lambda c: c.rank)
        kings = [c for c in cards if c.is_king and all(_count(hands[s], c.suit) for s in opponents)]
        if kings:
            return min(kings, key=lambda c: _count(hand, c.suit))
        plain = [c for c in cards if not c.is_trump and c is not EXCUSE]
        if plain:
            value, order = self.value, self.order
            if not mine and rnd.taker is not None:
                taker_hand = hands[rnd.taker]
                forcing = [c for c in plain if not _count(taker_hand, c.suit)]
                if forcing:
                    return min(forcing, key=lambda c: (value(c), c.rank))
            suit = max({c.suit for c in plain}, key=lambda s: (_count(hand, s), s.value))
            if mine and rnd.taker is not None:
                honours = [c for c in plain if c.suit is suit and c.rank in FACES]
                if honours:
                    return max(honours, key=lambda c: c.rank)
            return min((c for c in plain if c.suit is suit), key=lambda c: (value(c), order(c)))
        low = [c for c in cards if c is not PETIT] or cards
        return min(low, key=lambda c: c.rank)

    # ------------------------------------------------------------------ the exact end
    def solve(self, rnd: Round) -> list[tuple[int, Card]]:
        """The rest of the play with both sides playing perfectly (all cards seen): the plays in order."""
        hands = [list(h) for h in rnd.hands]
        trick = rnd.current
        assert trick is not None and rnd.taker is not None
        attack = [s in (rnd.taker, rnd.partner) for s in range(rnd.players)]
        value = self.value
        players = rnd.players
        overtrump = rnd.variant.must_overtrump
        leads = rnd.rule_legal_leads
        line: list[tuple[int, Card]] = []

        def search(
            plays: list[tuple[int, Card]], to_move: int, alpha: float, beta: float, want_line: bool
        ) -> tuple[float, list[tuple[int, Card]]]:
            hand = hands[to_move]
            led = next((c for _, c in plays if c is not EXCUSE), None)
            if not plays:
                legal = leads(SEATS[to_move], hand)
            elif led is None:
                legal = list(hand)
            else:
                best_card = _best_of(plays, led)
                legal = following_cards(hand, led, best_card, overtrump)
            maximise = attack[to_move]
            best_value = -math.inf if maximise else math.inf
            best_line: list[tuple[int, Card]] = []
            for card in legal:
                hand.remove(card)
                now = [*plays, (to_move, card)]
                if len(now) == players:
                    gain, winner = self._close(now, hands, attack, value)
                    if hands[winner]:
                        rest, tail = search([], winner, alpha - gain, beta - gain, want_line)
                    else:
                        rest, tail = 0.0, []
                    score = gain + rest
                else:
                    score, tail = search(now, (to_move + 1) % players, alpha, beta, want_line)
                hand.insert(_place(hand, card), card)
                if (score > best_value) if maximise else (score < best_value):
                    best_value = score
                    if want_line:
                        best_line = [(to_move, card), *tail]
                if maximise:
                    alpha = max(alpha, score)
                else:
                    beta = min(beta, score)
                if alpha >= beta:
                    break
            return best_value, best_line

        to_move = rnd.to_move
        assert to_move is not None
        _, line = search([(s, c) for s, c in trick.plays], int(to_move), -math.inf, math.inf, True)
        return line

    @staticmethod
    def _close(
        plays: list[tuple[int, Card]],
        hands: list[list[Card]],
        attack: list[bool],
        value: Callable[[Card], int],
    ) -> tuple[float, int]:
        """What a complete trick brings the attack (half-points, bonuses counted), and who wins it."""
        led = next((c for _, c in plays if c is not EXCUSE), None)
        best = _best_of(plays, led) if led is not None else -1
        winner = next(s for s, c in plays if c == best) if best >= 0 else plays[0][0]
        last = not hands[winner]
        gain = 0.0
        for seat, card in plays:
            side = attack[winner]
            if card is EXCUSE and not last:
                side = attack[seat]
            if side:
                gain += value(card)
            if card is PETIT:
                if last:
                    gain += 20 if attack[winner] else -20
                if attack[seat] != attack[winner]:
                    gain += -10 if attack[seat] else 10
        return gain, winner


#: Where each suit lies in the pack (a hand is kept in pack order): ``hand[bisect(lo):bisect(hi)]``.
_BLOCK: Final = {
    **{FULL_PACK[14 * k].suit: (14 * k, 14 * k + 14) for k in range(4)},
    Suit.TRUMPS: (FIRST_TRUMP_INDEX, int(EXCUSE)),
}


def _bout_out(hands: Sequence[list[Card]]) -> bool:
    """Whether the Petit or the Excuse is still in a hand (the last tricks then need exact play)."""
    return any(hand and (hand[-1] is EXCUSE or PETIT in hand) for hand in hands)


def _side_won_all(rnd: Round, seat: int) -> bool:
    """Whether ``seat``'s side has won every trick finished so far (at least one)."""
    attack = (rnd.taker, rnd.partner)
    mine = seat in attack
    done = [t.winner for t in rnd.tricks if t.winner is not None]
    return bool(done) and all((w in attack) == mine for w in done)


def _count(hand: list[Card], suit: Suit) -> int:
    """How many cards of ``suit`` the pack-ordered ``hand`` holds (the Excuse is of no suit)."""
    lo, hi = _BLOCK[suit]
    i = bisect_left(hand, lo)
    return bisect_left(hand, hi, i) - i


def _best_of(plays: Sequence[tuple[int, Card]], led: Card) -> int:
    """The card ahead in a trick of the French rules (pack indexes order each suit and the trumps)."""
    best = -1
    for _, card in plays:
        if card is EXCUSE:
            continue
        if best < 0:
            best = card
        elif card >= FIRST_TRUMP_INDEX:
            best = max(best, card)
        elif best < FIRST_TRUMP_INDEX and card.suit is led.suit and card > best:
            best = card
    return best


def _place(hand: list[Card], card: Card) -> int:
    for index, held in enumerate(hand):
        if held > card:
            return index
    return len(hand)


def _beats(card: Card, best: Card | None, led: Suit, order: Callable[[Card], int]) -> bool:
    if card is EXCUSE:
        return False
    if best is None:
        return True
    if card.is_trump:
        return not best.is_trump or card.rank > best.rank
    if best.is_trump:
        return False
    return card.suit is led and order(card) > order(best)


_POLICIES: dict[str, _Policy] = {}


def playout(rnd: Round, family: str, rule: RulePlayer) -> None:
    """Play ``rnd`` to its end by the quick policy of ``family`` (the rule-based player for anything but
    a card, and the exact search for the last tricks)."""
    policy = _POLICIES.get(family)
    if policy is None:
        from ..engine.variant import knowledge_for

        policy = _POLICIES[family] = _Policy(knowledge_for(family))
    plays_of = PLAYS
    quick = type(rnd)._quick_playout
    while not rnd.is_over:
        seat = rnd.to_move
        assert seat is not None
        if quick and rnd.tricks:
            # The French rules after the first trick: only cards, the legal ones straight from the
            # hand, applied as ``push`` applies a legal play (the round's state and record are the same).
            # (Not in a slam under way: the search does not know that the Excuse led last wins then.)
            if (
                policy.exact
                and len(rnd.hands[seat]) <= EXACT_CARDS
                and _bout_out(rnd.hands)
                and not _side_won_all(rnd, int(seat))
            ):
                for who, card in policy.solve(rnd):
                    rnd.push(plays_of[who][card])
                continue
            card = policy.card(rnd, int(seat), rnd.legal_cards(seat))
            rnd.rule_apply_play(seat, card)
            rnd.actions.append(plays_of[seat][card])
            rnd._legal = None
            continue
        legal = rnd.legal_actions()
        if not all(a.kind == "play" for a in legal):
            rnd.push(rule.choose(rnd.view(seat))[0])
            continue
        card = policy.card(rnd, int(seat), [a.card for a in legal])
        rnd.push(plays_of[seat][card])


# ---------------------------------------------------------------------------------------- the player
class MonteCarloPlayer:
    """Determinized Monte Carlo raced by successive halving (see the module's docstring)."""

    name = "mc"

    def __init__(self, playouts: int = 60) -> None:
        if playouts < 1:
            raise TarotError(gettext_lazy("the Monte Carlo player needs at least one play-out per move"))
        #: The play-out budget of one decision.
        self.playouts = playouts
        self.rule = RulePlayer()
        #: Play-outs run so far (for measuring their speed).
        self.playouts_run = 0
        self._last: tuple[SeatView, Action, tuple[Estimate, ...]] | None = None

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        legal = legal_or_fail(view)
        ruled = self.rule.choose(view)[0]
        plays = [a for a in legal if a.kind == "play"]
        if ruled.kind != "play" or len(plays) < 2:
            return ruled
        estimates = self.estimate(view, plays, rng, ruled)
        choice = self.pick(estimates, ruled)
        self._last = (view, choice, estimates)
        return choice

    @staticmethod
    def pick(estimates: Sequence[Estimate], ruled: Action) -> Action:
        """The best estimate's action, unless the rule-based player's card is within one standard error
        of it (then the rule's)."""
        if not estimates:
            return ruled
        best = estimates[0]
        rule = next((e for e in estimates if e.action == ruled), None)
        if rule is not None and rule.deals == best.deals and rule.gap <= OVERRULE * rule.gap_stderr:
            return ruled
        return best.action

    def estimates_for(self, view: SeatView) -> tuple[Action, tuple[Estimate, ...]] | None:
        """The choice and the estimates of the last decision, if it was about ``view``."""
        last = self._last
        if last is not None and last[0] is view:
            return last[1], last[2]
        return None

    def deals(self, view: SeatView, rng: random.Random, count: int) -> list[tuple[Round, float]]:
        """Up to ``count`` rounds rebuilt from deals consistent with ``view``, each with its weight: how
        likely the other players' bids make it (:func:`bid_likelihood`)."""
        found: list[tuple[Round, float]] = []
        for _ in range(count * ATTEMPTS):
            if len(found) == count:
                break
            deal = sample(view, rng)
            if deal is None:
                continue
            base = rebuild(view, deal)
            if base is not None:
                found.append((base, bid_likelihood(view, deal)))
        return found

    def estimate(
        self, view: SeatView, plays: Sequence[Action], rng: random.Random, ruled: Action | None = None
    ) -> tuple[Estimate, ...]:
        """Each play's estimate by successive halving within the budget, best first (the plays still in
        the race at the end first); the plays dropped early keep the estimate of the deals they were
        played on. Every play is played on the same deals, in the same order.

        The cycle collector is paused during the search: the play-outs make many short-lived objects
        and no lasting cycle, and its passes cost a fifth of a decision in CPython and more in the
        browser; what the search leaves is collected when it resumes."""
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            return self._estimate(view, plays, rng, ruled)
        finally:
            if was_enabled:
                gc.enable()

    def _estimate(
        self, view: SeatView, plays: Sequence[Action], rng: random.Random, ruled: Action | None
    ) -> tuple[Estimate, ...]:
        rounds = max(1, math.ceil(math.log2(len(plays))))
        alive = list(plays)
        scores: dict[Action, list[int]] = {a: [] for a in plays}
        bases: list[tuple[Round, float]] = []
        spent = 0
        family = view.family
        seat = view.seat
        while True:
            share = max(2, (self.playouts - spent) // max(1, len(alive) * rounds))
            wanted = len(scores[alive[0]]) + share
            if len(bases) < wanted:
                bases.extend(self.deals(view, rng, wanted - len(bases)))
            if len(bases) <= len(scores[alive[0]]):
                break
            for action in alive:
                got = scores[action]
                for base, _weight in bases[len(got) : wanted]:
                    rnd = base.copy()
                    rnd.push(action)
                    playout(rnd, family, self.rule)
                    got.append(rnd.result().by_seat[seat])
                    spent += 1
                    self.playouts_run += 1
            rounds = max(1, rounds - 1)
            if len(alive) <= 2 or spent >= self.playouts:
                break
            weights = [w for _, w in bases]
            ranked = sorted(alive, key=lambda a: -_weighted(scores[a], weights)[0])
            keep = ranked[: (len(alive) + 1) // 2]
            if ruled is not None and ruled in alive and ruled not in keep:
                keep.append(ruled)
            alive = keep
        return _summarise(plays, scores, [w for _, w in bases])

    def explain(self, view: SeatView, action: Action) -> str:
        """The rule-based player's reason. The coach's player, which
        :func:`~tarot_core.players.make_player` gives (:class:`tarot_core.players.coach.CoachedPlayer`),
        words the search's estimates instead."""
        return self.rule.explain(view, action)


def _weighted(values: Sequence[float], weights: Sequence[float]) -> tuple[float, float]:
    """The weighted mean of ``values`` (their first ``len(values)`` weights) and its standard error
    (by the effective number of deals; infinite under two)."""
    used = weights[: len(values)]
    total = sum(used)
    if not values or total <= 0:
        return -math.inf, math.inf
    centre = sum(w * v for w, v in zip(used, values, strict=True)) / total
    effective = total * total / sum(w * w for w in used)
    if effective < 2 - 1e-9 or len(values) < 2:
        return centre, math.inf
    spread = sum(w * (v - centre) ** 2 for w, v in zip(used, values, strict=True)) / total
    return centre, math.sqrt(spread / (effective - 1))


def _summarise(
    plays: Sequence[Action], scores: dict[Action, list[int]], weights: Sequence[float]
) -> tuple[Estimate, ...]:
    played = [a for a in plays if scores[a]]
    if not played:
        return ()
    most = max(len(scores[a]) for a in played)
    best = max((a for a in played if len(scores[a]) == most), key=lambda a: _weighted(scores[a], weights)[0])
    top = scores[best]
    out = []
    for action in played:
        got = scores[action]
        mean, stderr = _weighted(got, weights)
        diffs = [t - g for t, g in zip(top, got, strict=False)]
        gap, gap_stderr = _weighted(diffs, weights)
        out.append(Estimate(action, mean, len(got), stderr, gap, gap_stderr if action != best else 0.0))
    out.sort(key=lambda e: (-e.deals, -e.mean))
    return tuple(out)


__all__ = [
    "Determinization",
    "Estimate",
    "MonteCarloPlayer",
    "bid_likelihood",
    "playout",
    "rebuild",
    "sample",
]
