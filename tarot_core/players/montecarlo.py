"""The Monte Carlo player: determinized play-outs, raced by successive halving.

For each card it may play, the player deals the cards it cannot see at random, consistently with its
view (each hand's size, the suits a player has shown he lacks, the cards played, a dog turned over, its
own discard, the trumps shown in a discard, a handful's trumps), rebuilds the round from each such deal
and the actions seen, plays the card, finishes the round and scores it for its own seat. A deal that
the record refuses (a player could not have played as he did with those cards) is drawn again.

**The budget** is a measure of work, not a time, so that a seeded generator gives the same decision on
any machine: ``playouts`` play-outs a card once at most 36 cards are still to be played, fewer before
(the first half of a deal at four players), where each play-out plays most of the deal out, so that
those cards take no longer than the later ones (:meth:`MonteCarloPlayer.card_budget`). A player may also
be given a time limit (``time_limit``, the play page's): on a machine too slow to spend the budget in
that time, the search stops at the limit and chooses on the deals every card still in the race was
played on (the rule-based player's card when the first deals were not all played out), so a slow
machine plays weaker but answers in time; on a quick one the limit never binds. It is spent by
*successive halving*: every card is
played out on the same few deals (common random numbers: the cards are compared on identical deals, so
the luck of the deal cancels out of their difference), the worse half is dropped, and the cards still
in contention are played out on more deals, until one or two remain. The rule-based player's card stays
in the race to the end, and wins a near-tie: when the best card beats it by less than the spread of the
difference (one standard error; half of one for a defender's card), the rule's card is played, so that
noise never overrules a principle.

**Bids** are searched the same way under the rules that deal again when everybody passes (the French
rule sets): each word the seat may say (pass or a bid) is said on the same deals, the later speakers bid
as the rule-based player does, and the whole deal is played out (``bid_playouts`` play-outs, half a
card's by default); passing is scored as what follows it, a defence or a new deal. The words weighed
are passing, the two lowest bids and the word above the rule-based player's (at five players only
those the measured bid model finds sure enough for their stakes, :data:`CAUTIOUS_TABLES`, elsewhere
none it gives less than half that chance, :data:`LONG_SHOT`); its word stands unless another beats
it by more than one standard error, and its bid is never turned into a pass
(:meth:`MonteCarloPlayer.bid_choice`).

**Inference**: each deal is weighted by how likely the other players' bids and passes were with the
hands it gives them (:func:`bid_likelihood`: the rule-based player's bid on each sampled hand, asked on
that player's view at his turn to speak): a player who passed rarely gets a hand worth a garde. Every
mean is a weighted mean. Under the French rules a discard laid face down is not drawn at random among
the cards the taker may lay away: it is the one the rule-based player lays away from the hand
the deal gives the taker (:func:`remade_discard`), so that the taker is short or void where a taker
makes himself short or void; a deal where that discard does not fit what the seat saw since counts
less.

**The play-outs** are played by the rule-based player in every seat, as the club level plays: each
seat chooses its card on what it could know at a real table (its hand, the cards played, the voids
shown), not on the sampled deal's other hands. A play-out does not build a full :class:`SeatView` for
each card: it keeps what the tricks have shown as they close (``_Table``) and hands the rule-based
player a view of just what its card choice reads (``_PlayView``), which makes a play-out about
as quick as a policy that reads the round directly. (The play-outs played the last two tricks
exactly, by a small search with every card seen, while they were played by such a policy; with the
rule-based player that made them no better, see ``docs/developers/performance.md``.)

Each estimate carries its uncertainty: the mean score of the card, the standard error of that mean and
the paired difference to the best card with its own standard error (:class:`Estimate`). The coach
(:mod:`tarot_core.players.coach`) turns them into words. Calling, discarding, handfuls, declarations
and exchanges are the rule-based player's, and so is bidding under the other rule sets. The deals come
from each rule set's own sampler (its ``knowledge``, :mod:`tarot_core.engine.knowledge`).
"""

from __future__ import annotations

import gc
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from ..actions import PLAYS, Action
from ..cards import PETIT, Card, Suit
from ..engine.knowledge import Determinization
from ..engine.round import Round
from ..engine.variant import Variant, find_variant
from ..engine.view import SeatView, TrickView, add_voids, side_of, trick_view
from ..errors import TarotError
from ..messages import gettext_lazy
from ..seats import SEATS, Seat
from .alike import alike_dropped
from .base import legal_or_fail
from .facts import knowledge
from .rule import RulePlayer, petit_lead_safe, sure_enough

#: Attempts at a consistent deal for each one kept, before the player falls back on the rule-based play.
ATTEMPTS: Final = 12
#: The weight of a sampled deal for each bid or pass the rule-based player would not have said with it.
BID_MISS: Final = 0.15
#: The weight of a sampled deal whose face-down discard is left as the sampler drew it, because the club
#: player's own discard from the hand the deal gives the taker does not fit what the seat has seen since
#: (:func:`remade_discard`); a person may lay away other cards than the club player would.
DISCARD_MISS: Final = 0.15
#: Deals drawn in a row whose remade discard does not fit, before one is kept as drawn (at
#: :data:`DISCARD_MISS`): late in a deal few hands give a discard that fits, and the search must not
#: spend its time drawing.
REMAKE_TRIES: Final = 3
#: Standard errors by which the best card must beat the rule-based player's card to be preferred.
OVERRULE: Final = 1.0
#: The same for a defender's card: the club player's defence is where the search finds the most to
#: mend, and on smaller evidence (docs/developers/performance.md).
DEFENCE_OVERRULE: Final = 0.5
#: How much more a taker's hand makes when the strong level plays it than when the club player does (who
#: plays the bids' play-outs), in a seat's score for each opponent and each time the contract counts:
#: about 43 a prise at four players on the benchmark's deals, so 14 an opponent; 10 is counted, which
#: measured as well as 15 and raised fewer gardes to a garde sans (docs/developers/performance.md). A
#: higher contract counts that edge more times, so the strong level says it when its play-outs plus
#: the edge beat the lower bid's (:meth:`MonteCarloPlayer.raise_bid`).
TAKER_EDGE: Final = 10
#: Elsewhere the search weighs no bid that the measured bid model gives less than this share of its
#: caution, other than the club player's own word: a contract made one time in eight, played out on
#: the dozen deals a bid's budget allows, can come out ahead by chance (docs/developers/performance.md).
LONG_SHOT: Final = 0.5
#: A card's search early in a deal spends no more work than one later in the deal. A play-out plays
#: every card still to be played, and the search also draws its deal and replays the record on it:
#: measured at four players, a play-out's time is that of the cards it plays plus about
#: :data:`DEAL_WORK` cards. The play-out budget of a card (``playouts``) holds while at most
#: :data:`REFERENCE_LEFT` cards are still to play; before, it is scaled down by that work
#: (:meth:`MonteCarloPlayer.card_budget`), so that the first half of a deal, whose play-outs play most of
#: the deal out, does not make the page's slowest moves (docs/developers/performance.md).
REFERENCE_LEFT: Final = 36
#: What drawing a play-out's deal and replaying the record on it costs, in cards played out.
DEAL_WORK: Final = 37
#: The table sizes at which the search says no bid that the measured bid model gives less than its
#: caution (:func:`~tarot_core.players.bidding.caution`), other than the club player's own word, and
#: raises to none: at five players such bids were made three times in five and gained nothing
#: measurable; at four they gain (docs/developers/performance.md).
CAUTIOUS_TABLES: Final = frozenset({5})


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


# ---------------------------------------------------------------------------------------- inference
_BIDDER = RulePlayer()


def bid_likelihood(view: SeatView, deal: Determinization) -> float:
    """How likely the other players' bids and passes were with the hands ``deal`` gives them: each word
    the rule-based player would have said with that hand counts 1, any other :data:`BID_MISS` (the
    computer players bid as the rule-based player does; a person may not).

    Which words each speaker could say does not depend on the cards, so it is found once for a view
    (``_bid_turns``), and each speaker's word is then asked on just his hand
    (:meth:`~tarot_core.players.rule.RulePlayer.bid_word`): on a deal the record fits (one that
    :func:`rebuild` accepts), the same likelihood as replaying the bids and asking each speaker on his
    full view, at a third of the cost."""
    turns = _bid_turns(view, deal)
    if turns is None:
        return _replayed_likelihood(view, deal)
    likelihood = 1.0
    bidder = _Bidder(view)
    for seat, said, legal in turns:
        bidder.hand = deal.hands[seat]
        if _BIDDER.bid_word(bidder, legal) != said:
            likelihood *= BID_MISS
    return likelihood


def _replayed_likelihood(view: SeatView, deal: Determinization) -> float:
    """:func:`bid_likelihood` by replaying the bids on the deal and asking each speaker on his full view."""
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


class _Bidder:
    """What the rule-based player reads to say a word in the bidding: a hand, and the table's rule set."""

    __slots__ = ("family", "hand", "players", "variant")

    def __init__(self, view: SeatView) -> None:
        self.family = view.family
        self.variant = view.variant
        self.players = view.players
        self.hand: Sequence[Card] = ()


#: The other speakers' turns in the bidding of the last view asked about (``_bid_turns``).
_TURNS: list[tuple[SeatView, tuple[tuple[Seat, Action, tuple[Action, ...]], ...] | None]] = []


def _bid_turns(
    view: SeatView, deal: Determinization
) -> tuple[tuple[Seat, Action, tuple[Action, ...]], ...] | None:
    """Each other speaker's turn in the bidding ``view`` has seen: the seat, the word he said and the
    words he could say; None where they could depend on the cards (any action but a bid or a pass
    offered, or a deal that does not open on the bidding), and the replay is asked instead."""
    if _TURNS and _TURNS[0][0] is view:
        return _TURNS[0][1]
    variant = _variant(view.variant, view.options)
    turns: list[tuple[Seat, Action, tuple[Action, ...]]] = []
    other_offered = False
    try:
        rnd = variant.new_round(view.dealer, deal.hands, deal.dog)
        if rnd.phase != "bidding":
            return None  # this deal opens otherwise (a petit sec): it is not the table's, ask on the next
        for action in deal.actions:
            if action.kind not in ("bid", "pass") or rnd.phase != "bidding":
                break
            legal = rnd.legal_actions()
            if any(a.kind not in ("bid", "pass") for a in legal):
                other_offered = True
                break
            if action.seat != view.seat:
                turns.append((action.seat, action, legal))
            rnd.push(action)
    except TarotError:
        return None
    found = None if other_offered else tuple(turns)
    _TURNS[:] = [(view, found)]
    return found


class _Holding:
    """What the rule-based player reads to lay a card away: the taker's hand and the rule set."""

    __slots__ = ("family", "hand")

    def __init__(self, hand: Sequence[Card], family: str) -> None:
        self.hand = hand
        self.family = family


def hides_a_discard(view: SeatView) -> bool:
    """Whether another seat laid cards away face down that this seat has not seen."""
    return any(a.kind == "discard" and not a.cards and a.seat != view.seat for a in view.history)


def remade_discard(view: SeatView, deal: Determinization) -> Determinization | None:
    """``deal`` with the cards laid away face down (which the sampler drew at random among those the
    taker may have laid away) laid away as the rule-based player would have from the hand the deal
    gives the taker, the same cards dealt; or None if that discard does not fit what ``view`` has seen
    since (the taker played a card it lays away, or kept a card of a suit he has shown he lacks, or the
    trumps it lays away are not those shown)."""
    variant = _variant(view.variant, view.options)
    history = view.history
    first = next(i for i, a in enumerate(history) if a.kind == "discard")
    try:
        rnd = variant.new_round(view.dealer, deal.hands, deal.dog)
        for action in deal.actions[:first]:
            rnd.push(action)
        taker = rnd.taker
        if taker is None or rnd.to_move != taker:
            return None
        holding = _Holding(rnd.hands[taker], rnd.variant.family)
        laid: list[Card] = []
        while rnd.to_move == taker and rnd.phase == "discard":
            holding.hand = rnd.hands[taker]
            card = _BIDDER.lay_away(holding, rnd.rule_discardable(taker))
            rnd.rule_apply_discard(card)
            laid.append(card)
    except TarotError:
        return None
    shown = [a.cards[0] for a in history if a.kind == "discard" and a.cards]
    hidden = [c for c in laid if c not in shown]
    if len(hidden) + len(shown) != len(laid) or any(c in view.played[taker] for c in laid):
        return None
    lacks = view.voids[taker]
    if lacks and any(c.suit in lacks for c in rnd.hands[taker] if c not in view.played[taker]):
        return None
    actions = list(deal.actions)
    for index, seen in enumerate(history):
        if seen.kind == "discard" and not seen.cards:
            actions[index] = Action(seen.seat, seen.kind, "", (hidden.pop(),))
    return Determinization(deal.hands, deal.dog, tuple(actions))


# ---------------------------------------------------------------------------------------- play-outs
class _PlayView:
    """What the rule-based player reads of a seat's view to choose a card (the hand, the trick, the
    cards played, the voids shown, the sides), made quickly for a play-out by ``_Table``. It is
    not a :class:`SeatView`: only the card choice reads it, and a test checks that the rule-based
    player chooses the same card for the same reason on it as on the seat's full view."""

    __slots__ = (
        "_plays",
        "_sides",
        "_table",
        "contract",
        "current",
        "family",
        "hand",
        "partner",
        "partner_known",
        "players",
        "seat",
        "seats",
        "sides",
        "taker",
        "tricks",
        "voids",
    )

    def __init__(self, table: _Table, rnd: Round, seat: Seat) -> None:
        self._table = table
        self.family = table.family
        self.players = rnd.players
        self.seat = seat
        self.seats = table.seats
        self.sides = table.sides
        # The round's own list: the card choice only reads it, and the view lives for that choice.
        self.hand: Sequence[Card] = rnd.hands[seat]
        self.taker = rnd.taker
        self.contract = rnd.contract
        self.partner_known = known = rnd.rule_partner_known(seat)
        self.partner = rnd.partner if known else None
        # Who plays on this seat's side, as it knows it: the same all through a play-out until the
        # partner shows himself, so worked out once for each seat and each state of that knowledge.
        sides = table.sides_known.get((seat, known))
        if sides is None:
            sides = table.sides_known[seat, known] = tuple(side_of(self, other) for other in table.seats)
        self._sides = sides
        self.tricks = rnd.tricks
        self.voids: Sequence[set[Suit]] = table.voids
        trick = rnd.current
        self.current: TrickView | None = None
        self._plays: Sequence[tuple[Seat, Card]] = ()
        if trick is not None:
            self.current = trick_view(rnd, trick, True)
            self._plays = trick.plays
            if len(trick.plays) > 1:
                voids = [set(v) for v in table.voids]
                add_voids(voids, trick, table.must_trump)
                self.voids = voids

    @property
    def played(self) -> Sequence[Sequence[Card]]:
        if not self._plays:
            return self._table.by_seat
        by_seat = [list(cards) for cards in self._table.by_seat]
        for who, card in self._plays:
            by_seat[who].append(card)
        return by_seat

    def all_played(self) -> set[Card]:
        if not self._plays:
            return self._table.out
        return self._table.out.union(card for _, card in self._plays)

    def same_side(self, other: Seat) -> bool | None:
        return self._sides[other]


class _Table:
    """What every seat has seen of the complete tricks of one play-out, kept up to date trick by trick
    (as :func:`~tarot_core.engine.view.build_view` keeps it for the full views)."""

    def __init__(self, rnd: Round) -> None:
        self.family = rnd.variant.family
        self.seats = SEATS[: rnd.players]
        self.sides = rnd.variant.knowledge.sides
        self.must_trump = rnd.rule_must_trump()
        self.by_seat: list[list[Card]] = [[] for _ in range(rnd.players)]
        self.out: set[Card] = set()
        self.voids: list[set[Suit]] = [set() for _ in range(rnd.players)]
        self.done = 0
        #: Each seat's sides (``side_of`` every seat), by the seat and whether it knows the partner.
        self.sides_known: dict[tuple[Seat, bool], tuple[bool | None, ...]] = {}

    def view(self, rnd: Round, seat: Seat) -> _PlayView:
        tricks = rnd.tricks
        if self.done < len(tricks):
            for trick in tricks[self.done :]:
                for who, card in trick.plays:
                    self.by_seat[who].append(card)
                    self.out.add(card)
                add_voids(self.voids, trick, self.must_trump)
            self.done = len(tricks)
        return _PlayView(self, rnd, seat)


def playout(rnd: Round, rule: RulePlayer) -> None:
    """Play ``rnd`` to its end, every seat by the rule-based player, its cards chosen on a
    ``_PlayView``."""
    plays_of = PLAYS
    quick = type(rnd)._quick_playout
    table = _Table(rnd)
    choose = rule.card
    while not rnd.is_over:
        seat = rnd.to_move
        assert seat is not None
        if quick and rnd.tricks:
            # The French rules after the first trick: only cards, the legal ones straight from the
            # hand, applied as ``push`` applies a legal play (the round's state and record are the same).
            cards = rnd.legal_cards(seat)
            card = cards[0] if len(cards) == 1 else choose(table.view(rnd, seat), cards)
            rnd.rule_apply_play(seat, card)
            rnd.actions.append(plays_of[seat][card])
            rnd._legal = None
            continue
        legal = rnd.legal_actions()
        if not all(a.kind == "play" for a in legal):
            rnd.push(rule.choose(rnd.view(seat))[0])
            continue
        cards = [a.card for a in legal]
        card = cards[0] if len(cards) == 1 else choose(table.view(rnd, seat), cards)
        rnd.push(plays_of[seat][card])


def _defends(view: SeatView) -> bool:
    """Whether the seat knows it plays against the taker."""
    return view.taker is not None and side_of(view, view.taker) is False


def _leading(view: SeatView) -> bool:
    """Whether the seat is to lead a trick (no card played to it yet)."""
    trick = view.current
    return trick is None or not trick.plays


# ---------------------------------------------------------------------------------------- the player
class MonteCarloPlayer:
    """Determinized Monte Carlo raced by successive halving (see the module's docstring)."""

    name = "mc"

    def __init__(
        self,
        playouts: int = 60,
        bid_playouts: int | None = None,
        *,
        time_limit: float | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if playouts < 1 or (bid_playouts is not None and bid_playouts < 1):
            raise TarotError(gettext_lazy("the Monte Carlo player needs at least one play-out per move"))
        #: The seconds a search may take at most (None: no limit, the budget alone decides), and the
        #: clock that measures them.
        self.time_limit = time_limit
        self.clock = clock
        #: Searches stopped by the time limit before their budget was spent (for measuring how often the
        #: limit binds).
        self.stopped_early = 0
        #: The play-out budget of one decision.
        self.playouts = playouts
        #: The play-out budget of a bid: half a card's by default (each play-out is a whole deal, about
        #: twice as long as a card's on average).
        self.bid_playouts = max(1, playouts // 2) if bid_playouts is None else bid_playouts
        self.rule = RulePlayer()
        #: Play-outs run so far (for measuring their speed).
        self.playouts_run = 0
        self._last: tuple[SeatView, Action, tuple[Estimate, ...]] | None = None

    def card_budget(self, view: SeatView) -> int:
        """The play-outs of a card decision in ``view``: ``playouts`` while at most
        :data:`REFERENCE_LEFT` cards are still to play; with more, scaled down by the work of each
        play-out (the cards still to play plus :data:`DEAL_WORK`) against the work at
        :data:`REFERENCE_LEFT` (at least 2)."""
        left = sum(view.hand_sizes)
        scaled = self.playouts * (REFERENCE_LEFT + DEAL_WORK) / (left + DEAL_WORK)
        return max(2, min(self.playouts, round(scaled)))

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        legal = legal_or_fail(view)
        ruled = self.rule.choose(view)[0]
        bids = self.bids(view, legal, ruled)
        if bids:
            estimates = self.estimate(view, bids, rng, ruled, self.bid_playouts)
            choice = self.bid_choice(view, estimates, ruled)
            self._last = (view, choice, estimates)
            return choice
        plays = [a for a in legal if a.kind == "play"]
        if len(plays) > 1 and PETIT in view.hand and _leading(view) and not petit_lead_safe(view):
            # The Petit led while an opponent may hold a higher trump is all but lost: however a few
            # sampled deals fell, the search does not lead it (the club player never does).
            plays = [a for a in plays if a.card is not PETIT]
        if ruled.kind != "play":
            return ruled
        plays = alike_dropped(view, plays, ruled)
        if len(plays) < 2:
            return ruled
        estimates = self.estimate(view, plays, rng, ruled)
        choice = self.pick(estimates, ruled, DEFENCE_OVERRULE if _defends(view) else OVERRULE)
        self._last = (view, choice, estimates)
        return choice

    @staticmethod
    def bids(view: SeatView, legal: Sequence[Action], ruled: Action) -> list[Action]:
        """The words the search weighs when the seat is to bid under rules that deal again when all
        pass (the French rule sets: passing then means defending or a new deal, which the play-outs
        score), or none (the rule-based player's word is said)."""
        if ruled.kind not in ("bid", "pass") or not knowledge(view).redeal_when_all_pass:
            return []
        bids = [a for a in legal if a.kind in ("bid", "pass")]
        if ruled not in bids:
            return []
        # Passing, the two lowest bids, and the word above the club player's (the higher contracts are
        # for hands the club player already bids high with).
        bids = bids[: max(bids.index(ruled) + 2, 3)]
        share = 1.0 if view.players in CAUTIOUS_TABLES else LONG_SHOT
        bids = [a for a in bids if a == ruled or sure_enough(view, a, share)]
        return bids if len(bids) > 1 else []

    @classmethod
    def bid_choice(cls, view: SeatView, estimates: Sequence[Estimate], ruled: Action) -> Action:
        """The word said after the bids' search: the best (:meth:`pick`), raised where the strong
        level's own play of the hand is worth it (:meth:`raise_bid`); but never a pass where the
        rule-based player bids. The play-outs play the taker's hand as the club player does, and the
        strong level plays it better (:data:`TAKER_EDGE`), so a pass that merely beats the bid in the
        play-outs does not beat it at the table: over 600 duplicate deals the seven such passes cost
        94 points a hand on average (docs/developers/performance.md)."""
        choice = cls.raise_bid(view, estimates, cls.pick(estimates, ruled))
        return ruled if choice.kind == "pass" and ruled.kind == "bid" else choice

    @staticmethod
    def pick(estimates: Sequence[Estimate], ruled: Action, overrule: float = OVERRULE) -> Action:
        """The best estimate's action, unless the rule-based player's card is within ``overrule``
        standard errors of it (then the rule's)."""
        if not estimates:
            return ruled
        best = estimates[0]
        rule = next((e for e in estimates if e.action == ruled), None)
        if rule is not None and rule.deals == best.deals and rule.gap <= overrule * rule.gap_stderr:
            return ruled
        return best.action

    @staticmethod
    def raise_bid(view: SeatView, estimates: Sequence[Estimate], choice: Action) -> Action:
        """``choice``, or a higher bid where its play-outs plus what the strong level's own play of the
        hand adds (:data:`TAKER_EDGE`, counted as many times as the contract counts the score) beat
        ``choice``'s: the play-outs play the hand as the club player does, and a garde doubles what a
        better player gains over a prise. Only a bid that stayed in the race to its end, on as many
        deals as ``choice``, is weighed; a pass is never turned into a bid."""
        factors = knowledge(view).contract_factors
        if choice.kind != "bid" or choice.word not in factors:
            return choice
        chosen = next((e for e in estimates if e.action == choice), None)
        if chosen is None:
            return choice
        sides = view.sides
        opponents = 2 if view.players in sides.partner_tables else view.players - 1
        edge = TAKER_EDGE * opponents

        def worth(estimate: Estimate) -> float:
            return estimate.mean + edge * factors[estimate.action.word]

        higher = [
            e
            for e in estimates
            if e.action.kind == "bid"
            and e.action.word in factors
            and factors[e.action.word] > factors[choice.word]
            and e.deals == chosen.deals
            and (view.players not in CAUTIOUS_TABLES or sure_enough(view, e.action))
        ]
        best = max(higher, key=worth, default=None)
        return best.action if best is not None and worth(best) > worth(chosen) else choice

    def estimates_for(self, view: SeatView) -> tuple[Action, tuple[Estimate, ...]] | None:
        """The choice and the estimates of the last decision, if it was about ``view``."""
        last = self._last
        if last is not None and last[0] is view:
            return last[1], last[2]
        return None

    def deals(self, view: SeatView, rng: random.Random, count: int) -> list[tuple[Round, float]]:
        """Up to ``count`` rounds rebuilt from deals consistent with ``view``, each with its weight: how
        likely the other players' bids make it (:func:`bid_likelihood`). Under the French rules, where
        the taker laid cards away face down, each deal's discard is the one the club player would have
        laid away from the hand the deal gives the taker (:func:`remade_discard`); after
        :data:`REMAKE_TRIES` deals in a row where that does not fit, a deal is kept with its discard as
        drawn, at :data:`DISCARD_MISS` of its weight."""
        found: list[tuple[Round, float]] = []
        remake = hides_a_discard(view) and knowledge(view).redeal_when_all_pass
        misses = 0
        for _ in range(count * ATTEMPTS):
            if len(found) == count:
                break
            deal = sample(view, rng)
            if deal is None:
                continue
            weight = 1.0
            if remake:
                remade = remade_discard(view, deal)
                base = rebuild(view, remade) if remade is not None else None
                if base is not None:
                    found.append((base, bid_likelihood(view, deal)))
                    misses = 0
                    continue
                misses += 1
                if misses < REMAKE_TRIES:
                    continue
                misses = 0
                weight = DISCARD_MISS
            base = rebuild(view, deal)
            if base is not None:
                found.append((base, weight * bid_likelihood(view, deal)))
        return found

    def estimate(
        self,
        view: SeatView,
        plays: Sequence[Action],
        rng: random.Random,
        ruled: Action | None = None,
        budget: int | None = None,
    ) -> tuple[Estimate, ...]:
        """Each play's estimate by successive halving within the budget (by default the card's,
        :meth:`card_budget`) and the time limit (empty when the limit came before every play was played
        out on the first deals), best first (the plays still in
        the race at the end first); the plays dropped early keep the estimate of the deals they were
        played on. Every play is played on the same deals, in the same order.

        The cycle collector is paused during the search: the play-outs make many short-lived objects
        and no lasting cycle, and its passes cost a fifth of a decision in CPython and more in the
        browser; what the search leaves is collected when it resumes."""
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            return self._estimate(
                view, plays, rng, ruled, self.card_budget(view) if budget is None else budget
            )
        finally:
            if was_enabled:
                gc.enable()

    def _estimate(
        self, view: SeatView, plays: Sequence[Action], rng: random.Random, ruled: Action | None, budget: int
    ) -> tuple[Estimate, ...]:
        rounds = max(1, math.ceil(math.log2(len(plays))))
        alive = list(plays)
        scores: dict[Action, list[int]] = {a: [] for a in plays}
        bases: list[tuple[Round, float]] = []
        spent = 0
        seat = view.seat
        clock = self.clock
        deadline = None if self.time_limit is None else clock() + self.time_limit
        while True:
            share = max(2, (budget - spent) // max(1, len(alive) * rounds))
            wanted = len(scores[alive[0]]) + share
            late = deadline is not None and bool(scores[alive[0]]) and clock() > deadline
            if len(bases) < wanted and not late:
                bases.extend(self.deals(view, rng, wanted - len(bases)))
            if not late and len(bases) <= len(scores[alive[0]]):
                break
            for action in alive:
                if late:
                    break
                got = scores[action]
                for base, _weight in bases[len(got) : wanted]:
                    if deadline is not None and clock() > deadline:
                        late = True
                        break
                    rnd = base.copy()
                    rnd.push(action)
                    playout(rnd, self.rule)
                    got.append(rnd.result().by_seat[seat])
                    spent += 1
                    self.playouts_run += 1
            if late:
                # Out of time: the cards still in the race keep the deals they were all played on.
                self.stopped_early += 1
                kept = min(len(scores[a]) for a in alive)
                if kept == 0:
                    return ()  # the first deals were not all played out: the rule-based player's card
                for action in alive:
                    del scores[action][kept:]
                break
            rounds = max(1, rounds - 1)
            if len(alive) <= 2 or spent >= budget:
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
    "alike_dropped",
    "bid_likelihood",
    "playout",
    "rebuild",
    "sample",
]
