"""The rule-based player: what a decent club player does, written as rules.

**Bidding**, in French Tarot with 3, 4 or 5 players, follows the measured bid model
(:mod:`tarot_core.players.bidding`): from the hand's trumps, bouts, high trumps, Kings, Queens, short and
long suits and club count, the chance of making each contract and its mean score, and the mean score of
passing, all measured by playing hands out. It bids the contract with the best mean among those made at
least as often as their stakes ask at the table (:func:`~tarot_core.players.bidding.caution`) and
scoring more than passing; otherwise it passes. As taker it announces a slam when the model gives
winning every trick a chance of one in two or more (:data:`~tarot_core.players.bidding.SLAM_CHANCE`;
the engine asks the taker only when he is the first to play). The other rule sets, and the player
made with ``measured=False``, bid by the usual club count (points for 18 cards; a hand of another size
is scaled to 18 cards):

* each trump 2, and 1 more for each major trump (16 to 21); the 21 10 more, the Petit 8 more when
  guarded by four other trumps (5 otherwise), the Excuse 7;
* a King 6, a Queen 3 (4 with its King), a Knight 2, a Jack 1;
* a long suit: 5 cards 5, each card more 2; a void 6 and a singleton 3 when the hand holds 4 trumps.

Under 41 it passes; 41 a prise (Small), 56 a garde (Guard), 71 a garde sans (without the dog), 81 a
garde contre (against the dog); never a slam. In Chambéry Tarot a solo needs 75, 85, 95 points. Each
rule set declares these counts in its knowledge (:mod:`tarot_core.engine.knowledge`), with everything
else in which the rule sets differ: the cards' values and order, who plays with whom, the discard, the
Excuse.

**Calling**: the King of the suit where the taker holds the Queen and the Knight, then the most cards.
**Discarding**: the shortest suits without their King first, so as to make voids, their best cards
first (the discard counts for the taker, so the points stay with him); a trump only when nothing else
may go (the engine never offers a King or a bout). **Handfuls** are shown by the taker's side only.

**Play** follows the common principles: the attack leads a King while no opponent has shown a void in
its suit, trumps to hunt the Petit when it holds three quarters of those out, and otherwise the highest
face card of its longest suit; the defence keeps its Kings, makes the taker trump and leads low in its
longest suit; give points to a partner sure to win the trick (save the Petit there); the Petit trumps a
plain suit the players still to play very likely follow, and is led only when no opponent can hold a
trump; win a trick cheaply (the lowest card or trump that wins) when it is sure or worth it; otherwise
play low, and the Excuse instead of a valuable card, never kept to the last trick where the rules lose
it; late in the deal the attack plays the Excuse rather than a trump to a poor trick.
The rule sets whose scoring differs (Mathers, Chambéry) use the same principles with their own card
order and values.

The player is deterministic: the generator it is given is not used.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ..actions import Action
from ..cards import EXCUSE, JACK, KING, KNIGHT, MONDE, PETIT, PLAIN_SUITS, QUEEN, Card, Suit
from ..engine.view import SeatView
from ..messages import Message, _, gettext_lazy, ngettext_lazy
from ..seats import Seat
from .base import action_words, legal_or_fail
from .bidding import SLAM_CHANCE, BidModel, Offer, caution, contract_words, features, model_for, often, signed
from .facts import (
    ALL_TRUMPS,
    Bidder,
    Holding,
    TableView,
    beats,
    card_noun,
    hand_points,
    knowledge,
    order,
    suit_cards,
    suit_length,
    suit_lengths,
    suit_noun,
    trumps_above,
    value,
)

#: The club count's lines for the four contracts of the French rules, from the prise (small) to the
#: garde contre (guard against), for 18 cards. Each rule set declares its own in its knowledge.
THRESHOLDS: Final = (41, 56, 71, 81)
HANDFUL_ORDER: Final = ("triple", "double", "simple")


# ---------------------------------------------------------------------------------------- the reasons
# Each decision comes with its reason, a clause that follows what the action does ("Plays the King of
# Hearts: ..."). They are made once: the play-outs ask for thousands of decisions and read none.

# Any step.
ONLY_ACTION: Final = gettext_lazy("it is the only action allowed now")
REQUIRED: Final = gettext_lazy("the rules require it")
FIRST_ACTION: Final = gettext_lazy("it is the first action allowed")
NO_BID_LEFT: Final = gettext_lazy("no contract left to bid is worth taking")

# Before the play.
CALL_HONOURS: Final = gettext_lazy("its holder will make the honours held in that suit good")
CALL_ANY: Final = gettext_lazy("no suit is better")
DISCARD_LEAST_USEFUL: Final = gettext_lazy("it is one of the least useful cards: a low card of a short suit")
DISCARD_TRUMP: Final = gettext_lazy("only trumps are left to lay away, and this is the lowest")
DISCARD_POINTS: Final = gettext_lazy("a short suit, and the points laid away count for the taker")
HANDFUL: Final = gettext_lazy("the taker's side shows its trumps for the bonus")
DECLARE_ASK: Final = gettext_lazy("with two Tarot Trumps, asking for a third scores 5 or brings the card")
DECLARE_ALL: Final = gettext_lazy("the combinations score points before the play")
DECLARE_NOTHING: Final = gettext_lazy("there is nothing to declare")
GIVE_CHEAPEST: Final = gettext_lazy("it is the card whose loss costs least")
DEMAND_STRONGEST: Final = gettext_lazy("it is the strongest card the hand lacks")

# Following.
ONLY_CARD: Final = gettext_lazy("it is the only card allowed")
EXCUSE_BEFORE_LAST: Final = gettext_lazy(
    "the Excuse must not be kept to the last trick, where it would be lost"
)
EXCUSE_KEEPS_TRUMP: Final = gettext_lazy(
    "late in the deal, the Excuse spares a trump for a trick worth more than this one"
)
EXCUSE_TRUMP_LED: Final = gettext_lazy(
    "an opponent led a trump: the Excuse keeps yours for a trick worth winning"
)
EXCUSE_FOR_SLAM: Final = gettext_lazy(
    "the side has won every trick so far: the Excuse, kept for the last trick, wins it and makes the slam"
)
SLAM_SURE: Final = gettext_lazy(
    "the hand wins every trick whoever holds the other cards: its top trumps draw all the others and each "
    "of its suits is led from the top"
)
PETIT_LAST_WINS: Final = gettext_lazy("last to play, the Petit wins the trick: the Petit is saved")
WIN_RUFF: Final = gettext_lazy("it trumps the trick as cheaply as possible")
WIN_OVERTRUMP: Final = gettext_lazy("it overtrumps as cheaply as possible")
WIN_TRUMP_OVER: Final = gettext_lazy("it beats the trumps played as cheaply as possible")
WIN_SURE: Final = gettext_lazy("it wins the trick for sure")
WIN_SIDE_SURE: Final = gettext_lazy(
    "only partners play after this card: the trick is the side's, and its cheapest winner will do"
)
WIN_POINTS: Final = gettext_lazy(
    "the trick holds points worth taking, and this is the cheapest card that wins it"
)
WIN_HIGH_TRUMP: Final = gettext_lazy("only a high trump makes sure of the points in this trick")
PARTNER_GIVE_POINTS: Final = gettext_lazy("the partner is winning the trick, so put points in it")
PARTNER_WINNING: Final = gettext_lazy("the partner is winning the trick")
PARTNER_PETIT: Final = gettext_lazy("the partner is sure to win the trick: the Petit is saved")
PETIT_RUFF: Final = gettext_lazy(
    "the players still to play have shown no void in this suit and many of its cards are still out: "
    "they very likely follow suit, and then the Petit wins the trick"
)
PARTNER_LOW_TRUMP: Final = gettext_lazy("the partner is winning; a low trump is enough")
PARTNER_MAY_LOSE: Final = gettext_lazy("the partner is ahead but may still be beaten: play low")
PLAY_LOW: Final = gettext_lazy("the trick holds too little to spend a better card on it: play low")
CANNOT_WIN: Final = gettext_lazy("no card allowed can win this trick: play the cheapest")

# Leading.
LEAD_PETIT_SAFE: Final = gettext_lazy("no opponent can hold a trump any more: the Petit wins the trick")
LEAD_HUNT_PETIT: Final = gettext_lazy("with many trumps, lead them to hunt the Petit")
LEAD_DRAW_TRUMPS: Final = gettext_lazy("the attack holds most trumps left: draw them")
LEAD_KING: Final = gettext_lazy("no opponent has shown a void in this suit yet, so the King should win")
LEAD_FORCE_TAKER: Final = gettext_lazy("the taker has none of this suit: make him use a trump")
LEAD_LONG_SUIT: Final = gettext_lazy("a low card of the longest suit gives little away")
LEAD_LONG_SUIT_HIGH: Final = gettext_lazy(
    "the highest card of the longest suit draws its King out early, and the suit's next cards can win"
)
LEAD_KEEP_PETIT: Final = gettext_lazy("only trumps are left: lead the lowest and keep the Petit")
LEAD_LOWEST_TRUMP: Final = gettext_lazy("only trumps are left: lead the lowest")
LEAD_DRAW_TAKER_TRUMPS: Final = gettext_lazy(
    "with only two defenders, a low trump led makes the taker spend one of his"
)


# ---------------------------------------------------------------------------------------- the player
class RulePlayer:
    """The rule-based player (see the module's docstring for its rules)."""

    name = "rule"

    def __init__(self, *, measured: bool = True) -> None:
        #: Whether it bids by the measured model (:mod:`tarot_core.players.bidding`) where there is one;
        #: otherwise by the club count.
        self.measured = measured

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        return self.choose(view)[0]

    def explain(self, view: SeatView, action: Action) -> str:
        chosen, reason = self.choose(view)
        if chosen == action:
            return _("{action}: {reason}.", action=action_words(action), reason=reason)
        return _(
            "{action}; the rule-based player would rather: {choice}, {reason}.",
            action=action_words(action),
            choice=action_words(chosen),
            reason=reason,
        )

    def choose(self, view: SeatView) -> tuple[Action, Message]:
        """The action and the reason for it."""
        legal = legal_or_fail(view)
        if len(legal) == 1:
            return legal[0], ONLY_ACTION
        kinds = {action.kind for action in legal}
        if "petit-sec" in kinds:
            return next(a for a in legal if a.kind == "petit-sec"), REQUIRED
        if "slam" in kinds and self.measured:
            slam = _slam(view, legal)
            if slam is not None:
                return slam
        if "handful" in kinds:
            handful = self._handful(view, legal)
            if handful is not None:
                return handful
        if "play" in kinds:
            return self._play(view, [a for a in legal if a.kind == "play"])
        if "bid" in kinds or ("pass" in kinds and view.phase == "bidding"):
            return self._bid(view, legal)
        if "call" in kinds:
            return self._call(view, legal)
        if "discard" in kinds:
            return self._discard(view, legal)
        if "declare" in kinds or "pass" in kinds:
            return self._declare(view, legal)
        if "give" in kinds:
            return self._give(view, legal)
        if "demand" in kinds:
            return self._demand(view, legal)
        return legal[0], FIRST_ACTION

    # ------------------------------------------------------------------ before the play
    def bid_word(self, view: Bidder, legal: Sequence[Action]) -> Action:
        """The word it says among ``legal`` (bids and a pass, in the bidding), without the reason: the
        same word as :meth:`choose` on the seat's full view, read from just the hand, the table's size
        and the rule set (the search asks it on every deal it draws)."""
        if len(legal) == 1:
            return legal[0]
        known = knowledge(view)
        model = model_for(view.variant) if self.measured and not known.solo_bids else None
        if model is None:
            return self._club_bid(view, legal)[0]
        bids, _offers, _defend, best = _model_offers(view.hand, view.players, legal, model)
        return bids[best.word] if best is not None else next(a for a in legal if a.kind == "pass")

    def _bid(self, view: SeatView, legal: Sequence[Action]) -> tuple[Action, Message]:
        known = knowledge(view)
        model = model_for(view.variant) if self.measured and not known.solo_bids else None
        if model is not None:
            return _model_bid(view, legal, model)
        return self._club_bid(view, legal)

    def _club_bid(self, view: Bidder, legal: Sequence[Action]) -> tuple[Action, Message]:
        points = hand_points(view.hand)
        passing = next(a for a in legal if a.kind == "pass")
        known = knowledge(view)
        counts = known.bids
        fit = [a for a in legal if a.kind == "bid" and a.word in counts and points >= counts[a.word]]
        count = int(points)
        # The English says "1 points" for one: kept as it was written.
        if known.solo_bids:
            if fit:
                return fit[-1], ngettext_lazy(
                    "the hand counts {n} points, enough to play alone",
                    "the hand counts {n} points, enough to play alone",
                    count,
                )
            return passing, ngettext_lazy(
                "the hand counts {n} points, not enough to play alone",
                "the hand counts {n} points, not enough to play alone",
                count,
            )
        if fit:
            return fit[-1], ngettext_lazy(
                "the hand counts {n} points by the club count (bouts, trumps, kings, long suits)",
                "the hand counts {n} points by the club count (bouts, trumps, kings, long suits)",
                count,
            )
        lowest = min(counts.values(), default=0)
        if points >= lowest:
            return passing, ngettext_lazy(
                "the hand counts {n} points, not enough to bid over the last bid",
                "the hand counts {n} points, not enough to bid over the last bid",
                count,
            )
        return passing, ngettext_lazy(
            "the hand counts only {n} points by the club count; {lowest} are needed",
            "the hand counts only {n} points by the club count; {lowest} are needed",
            count,
            lowest=lowest,
        )

    def _call(self, view: SeatView, legal: Sequence[Action]) -> tuple[Action, Message]:
        hand = view.hand

        def help_of(action: Action) -> tuple[int, int]:
            suit = action.card.suit
            ranks = {c.rank for c in hand if c.suit is suit}
            return 3 * (QUEEN in ranks) + 2 * (KNIGHT in ranks), suit_length(hand, suit)

        best = max(legal, key=help_of)
        guards, count = help_of(best)
        if guards:
            why = CALL_HONOURS
        elif count:
            why = gettext_lazy("it is the suit where the hand holds most cards ({count})", count=count)
        else:
            why = CALL_ANY
        return best, why

    def _discard(self, view: SeatView, legal: Sequence[Action]) -> tuple[Action, Message]:
        by_card = {a.card: a for a in legal}
        card, reason = self._lay_away(view, list(by_card))
        return by_card[card], reason

    def lay_away(self, view: Holding, cards: Sequence[Card]) -> Card:
        """The card it lays away among ``cards`` (those the rules let the taker lay away now), without
        the reason; it reads only the view's hand and rule set."""
        return self._lay_away(view, cards)[0]

    def _lay_away(self, view: Holding, cards: Sequence[Card]) -> tuple[Card, Message]:
        hand = view.hand
        known = knowledge(view)
        if not known.discard_scores:
            keeps = known.discard_keeps
            best = min(
                cards,
                key=lambda c: (
                    c.is_trump or c is EXCUSE or c in keeps,
                    value(view, c),
                    suit_length(hand, c.suit),
                    c.rank,
                ),
            )
            return best, DISCARD_LEAST_USEFUL

        lengths: dict[Suit, int] = {}
        kings: set[Suit] = set()
        for held in hand:
            lengths[held.suit] = lengths.get(held.suit, 0) + 1
            if held.is_king:
                kings.add(held.suit)

        def key(card: Card) -> tuple[int, int, int, int]:
            if card.is_trump or card is EXCUSE:
                return (2, card.rank, 0, 0)
            suit = card.suit
            return (1 if suit in kings else 0, lengths[suit], -value(view, card), -card.rank)

        card = min(cards, key=key)
        if card.is_trump:
            return card, DISCARD_TRUMP
        if key(card)[0] == 0:
            return (
                card,
                gettext_lazy(
                    "{suit} are short and without their King: laying them away makes a void",
                    suit=suit_noun(card.suit),
                ),
            )
        return card, DISCARD_POINTS

    def _handful(self, view: SeatView, legal: Sequence[Action]) -> tuple[Action, Message] | None:
        if view.taker is None or view.same_side(view.taker) is not True:
            return None
        for size in HANDFUL_ORDER:
            for action in legal:
                if action.kind == "handful" and action.word == size:
                    return action, HANDFUL
        return None

    def _declare(self, view: SeatView, legal: Sequence[Action]) -> tuple[Action, Message]:
        asks = [a for a in legal if a.kind == "declare" and a.word.startswith("ask-")]
        if asks:
            return asks[0], DECLARE_ASK
        every = [a for a in legal if a.kind == "declare" and a.word == "all"]
        if every:
            return every[0], DECLARE_ALL
        return next(a for a in legal if a.kind == "pass"), DECLARE_NOTHING

    def _give(self, view: SeatView, legal: Sequence[Action]) -> tuple[Action, Message]:
        hand = view.hand

        def key(action: Action) -> tuple[int, int, int, int]:
            card = action.card
            special = card is EXCUSE or card in (MONDE, PETIT) or card.is_trump
            return (int(special), value(view, card), suit_length(hand, card.suit), card.rank)

        best = min(legal, key=key)
        return best, GIVE_CHEAPEST

    def _demand(self, view: SeatView, legal: Sequence[Action]) -> tuple[Action, Message]:
        hand = view.hand

        def key(action: Action) -> tuple[int, int]:
            card = action.card
            if card is MONDE:
                return (0, 0)
            if card is EXCUSE:
                return (1, 0)
            if card is PETIT:
                return (2, 0)
            if card.is_king:
                return (3, -suit_length(hand, card.suit))
            if card.is_trump:
                return (4, -card.rank)
            return (5, -value(view, card))

        best = min(legal, key=key)
        return best, DEMAND_STRONGEST

    # ------------------------------------------------------------------ the play
    def _play(self, view: SeatView, plays: Sequence[Action]) -> tuple[Action, Message]:
        cards = [a.card for a in plays]
        by_card = {a.card: a for a in plays}
        card, reason = self._card(view, cards)
        return by_card[card], reason

    def card(self, view: TableView, cards: list[Card]) -> Card:
        """The card it plays among ``cards`` (at least one), without the reason."""
        return self._card(view, cards)[0]

    def _card(self, view: TableView, cards: list[Card]) -> tuple[Card, Message]:
        card, reason = self._principled_card(view, cards)
        if card.is_trump and card is not PETIT and EXCUSE in cards:
            if reason not in (WIN_RUFF, WIN_OVERTRUMP, WIN_TRUMP_OVER) and excuse_answers_trump_lead(view):
                return EXCUSE, EXCUSE_TRUMP_LED
            if excuse_keeps_trump(view):
                return EXCUSE, EXCUSE_KEEPS_TRUMP
        return card, reason

    def _principled_card(self, view: TableView, cards: list[Card]) -> tuple[Card, Message]:
        if len(cards) == 1:
            return cards[0], ONLY_CARD
        if knowledge(view).excuse_lost_last and EXCUSE in cards and len(view.hand) <= 2:
            leading = view.current is None or not view.current.plays
            if not (leading and side_won_every_trick(view)):
                return EXCUSE, EXCUSE_BEFORE_LAST
            # Every trick so far is the side's: the Excuse led to the last trick wins it.
            return next(c for c in cards if c is not EXCUSE), EXCUSE_FOR_SLAM
        trick = view.current
        plays = trick.plays if trick is not None else ()
        if not plays:
            return self._lead(view, cards)
        led = next((c.suit for _, c in plays if c is not EXCUSE), None)
        if led is None:
            return self._lead(view, [c for c in cards if c is not EXCUSE] or cards)
        ahead = trick.ahead if trick is not None else None
        best = next((c for s, c in plays if s == ahead), None)
        played_seats = {s for s, _ in plays}
        after = [s for s in view.seats if s not in played_seats and s != view.seat]
        opponents_after = [s for s in after if view.same_side(s) is not True]
        points = sum(value(view, c) for _, c in plays)
        partner_ahead = ahead is not None and view.same_side(ahead) is True
        known: list[set[Card]] = []  # the cards this seat has seen, once asked for

        def seen_cards() -> set[Card]:
            if not known:
                known.append(set(view.hand) | view.all_played())
            return known[0]

        def sure(card: Card | None) -> bool:
            """Nobody left to play can beat ``card`` (as far as this seat can tell)."""
            if card is None:
                return False
            if not opponents_after:
                return True
            seen = seen_cards()
            if card.is_trump:
                return all(t in seen for t in trumps_above(card)) or all(
                    Suit.TRUMPS in view.voids[s] for s in opponents_after
                )
            rank = order(view, card)
            if any(c not in seen for c in suit_cards(card.suit) if order(view, c) > rank):
                return False
            return not any(
                card.suit in view.voids[s] and Suit.TRUMPS not in view.voids[s] for s in opponents_after
            )

        if partner_ahead and sure(best):
            return self._give_points(view, cards, led)
        if (
            PETIT in cards
            and led is not Suit.TRUMPS
            and (best is None or not best.is_trump)
            and opponents_after
            and _suit_still_out(view, led, seen_cards(), opponents_after)
        ):
            return PETIT, PETIT_RUFF
        winners = [c for c in cards if beats(view, c, best, led)]
        if PETIT in winners and opponents_after and len(winners) > 1:
            winners.remove(PETIT)
        if winners and not partner_ahead:
            cheapest = min(winners, key=lambda c: (c.is_trump, order(view, c) if not c.is_trump else c.rank))
            if PETIT in winners and not opponents_after:
                return PETIT, PETIT_LAST_WINS
            if sure(cheapest) and not cheapest.is_trump:
                return cheapest, WIN_SIDE_SURE if after and not opponents_after else WIN_SURE
            if sure(cheapest):  # a trump: it trumps, overtrumps, or beats the trumps led
                over = WIN_OVERTRUMP if best is not None and best.is_trump else WIN_RUFF
                return cheapest, WIN_TRUMP_OVER if led is Suit.TRUMPS else over
            if points >= 7 or (cheapest.is_trump and points >= 5):
                return cheapest, WIN_POINTS
            best_high = max(winners, key=lambda c: (c.is_trump, c.rank))
            if best_high.is_trump and sure(best_high) and points >= 5:
                return best_high, WIN_HIGH_TRUMP
        return self._play_low(view, cards, led, partner_ahead, bool(winners))

    def _give_points(self, view: TableView, cards: list[Card], led: Suit) -> tuple[Card, Message]:
        following = [c for c in cards if c.suit is led]
        if following:
            card = max(following, key=lambda c: (value(view, c), c.rank))
            if value(view, card) > 1:
                return card, PARTNER_GIVE_POINTS
            return card, PARTNER_WINNING
        if PETIT in cards:
            return PETIT, PARTNER_PETIT
        trumps = [c for c in cards if c.is_trump]
        if trumps:
            return min(trumps, key=lambda c: c.rank), PARTNER_LOW_TRUMP
        plain = [c for c in cards if c is not EXCUSE] or cards
        card = max(plain, key=lambda c: (value(view, c), -suit_length(view.hand, c.suit)))
        return card, PARTNER_GIVE_POINTS

    def _play_low(
        self, view: TableView, cards: list[Card], led: Suit, partner_ahead: bool, can_win: bool
    ) -> tuple[Card, Message]:
        choices = (
            [c for c in cards if c not in (EXCUSE, PETIT)] or [c for c in cards if c is not EXCUSE] or cards
        )
        following = [c for c in choices if c.suit is led]
        if following:
            card = min(following, key=lambda c: (value(view, c), order(view, c)))
        elif all(c.is_trump for c in choices):
            card = min(choices, key=lambda c: c.rank)
        else:
            # Between suits, a tie goes by the suit and not the rank, so that two cards of a suit with
            # none between them are thrown alike (the search weighs one of them, ``alike_dropped``).
            lengths = suit_lengths(view.hand)
            card = min(
                choices,
                key=lambda c: (c.is_trump, value(view, c), lengths[c.suit], c.suit.value, c.rank),
            )
        saves = knowledge(view).excuse_saves_from
        if saves is not None and EXCUSE in cards and (value(view, card) >= saves or card is PETIT):
            return EXCUSE, gettext_lazy(
                "the Excuse saves {card}, which would be lost in this trick", card=card_noun(card)
            )
        if partner_ahead:
            return card, PARTNER_MAY_LOSE
        return card, PLAY_LOW if can_win else CANNOT_WIN

    def _lead(self, view: TableView, cards: list[Card]) -> tuple[Card, Message]:
        hand = view.hand
        choices = [c for c in cards if c is not EXCUSE] or cards
        opponents = [s for s in view.seats if s != view.seat and view.same_side(s) is not True]
        my_trumps = [c for c in choices if c.is_trump]
        attack = view.taker is not None and view.same_side(view.taker) is True
        if PETIT in choices and petit_lead_safe(view):
            return PETIT, LEAD_PETIT_SAFE
        if my_trumps and attack:
            seen = set(hand) | view.all_played()
            out_trumps = [t for t in ALL_TRUMPS if t not in seen]
            if PETIT not in seen and len(my_trumps) >= hunt_needs(len(out_trumps)):
                card = max(my_trumps, key=lambda c: c.rank)
                return card, LEAD_HUNT_PETIT
            if len(my_trumps) > len(out_trumps) and out_trumps:
                card = max(my_trumps, key=lambda c: c.rank)
                return card, LEAD_DRAW_TRUMPS
        # A defender keeps his Kings for the tricks the taker leads: the taker laid his short suits away,
        # and a King a defender leads is trumped or gives the taker's side a cheap trick to follow
        # (docs/strategy/defence.md).
        defends = view.taker is not None and not attack
        drawing = [c for c in my_trumps if c is not PETIT]
        if drawing and defends and draws_taker_trumps(view):
            return min(drawing, key=lambda c: c.rank), LEAD_DRAW_TAKER_TRUMPS
        kings = [
            c
            for c in choices
            if c.is_king and not defends and not any(c.suit in view.voids[s] for s in opponents)
        ]
        if kings:
            card = min(kings, key=lambda c: suit_length(hand, c.suit))
            return card, LEAD_KING
        plain = [c for c in choices if not c.is_trump]
        if plain:
            if not attack and view.taker is not None and view.taker in opponents:
                forcing = [c for c in plain if c.suit in view.voids[view.taker]]
                if forcing:
                    card = min(forcing, key=lambda c: (value(view, c), c.suit.value, c.rank))
                    return card, LEAD_FORCE_TAKER
            lengths = suit_lengths(hand)
            suit = max({c.suit for c in plain}, key=lambda s: (lengths[s], s.value))
            honours = [c for c in plain if c.suit is suit and c.rank in FACES]
            if attack and honours:
                return max(honours, key=lambda c: c.rank), LEAD_LONG_SUIT_HIGH
            card = min((c for c in plain if c.suit is suit), key=lambda c: (value(view, c), order(view, c)))
            return card, LEAD_LONG_SUIT
        low = [c for c in choices if c is not PETIT] or choices
        card = min(low, key=lambda c: c.rank)
        if PETIT in hand and card is not PETIT:
            return card, LEAD_KEEP_PETIT
        return card, LEAD_LOWEST_TRUMP


#: How many cards the attack may hold at most when it plays the Excuse to spare a trump
#: (:func:`excuse_keeps_trump`): measured on duplicate deals with three, four and five players, the
#: taker's side gained about 1 point a deal (9 a contract) so; from twelve cards it gained less, and at
#: any time in the deal nothing measurable (docs/developers/performance.md).
KEEP_TRUMP_CARDS: Final = 8


def excuse_keeps_trump(view: TableView) -> bool:
    """Whether the seat, on the attack and with at most :data:`KEEP_TRUMP_CARDS` cards, plays the
    Excuse rather than a trump to the trick under way (under rules that lose the Excuse at the last
    trick): the trick is worth less than a card the Excuse would save
    (:attr:`~tarot_core.engine.knowledge.Knowledge.excuse_saves_from`), and the side has not won every
    trick so far (a trick given away would cost it the slam). The trump, won or lost here for
    little, takes a richer trick later."""
    known = knowledge(view)
    saves = known.excuse_saves_from
    if not known.excuse_lost_last or saves is None or len(view.hand) > KEEP_TRUMP_CARDS:
        return False
    trick = view.current
    if trick is None or not trick.plays or view.taker is None or view.same_side(view.taker) is not True:
        return False
    if side_won_every_trick(view):
        return False
    return sum(value(view, c) for _, c in trick.plays) < saves


def excuse_answers_trump_lead(view: TableView) -> bool:
    """Whether the seat, on the attack, plays the Excuse rather than a trump to a trick an opponent led
    with a trump (French rules): that trump would win a richer trick later. Asked only when the trump
    would not win for sure (a sure win buys the lead). Measured on duplicate deals against defenders
    who lead trumps: about +10 a deal at three players, +3 at four (docs/developers/performance.md)."""
    known = knowledge(view)
    if not known.excuse_lost_last or known.excuse_saves_from is None:
        return False
    trick = view.current
    if trick is None or not trick.plays or view.taker is None or view.same_side(view.taker) is not True:
        return False
    leader, first = trick.plays[0]
    return first.is_trump and first is not PETIT and view.same_side(leader) is not True


#: The table sizes at which a defender leads his trumps (:func:`draws_taker_trumps`): measured on
#: duplicate deals, at three players the defence gained about 10 points a deal by it; at four and five
#: it lost about 1 and 2, once the taker answers a trump lead with the Excuse
#: (docs/developers/performance.md).
DRAW_TRUMPS_TABLES: Final = frozenset({3})


def draws_taker_trumps(view: TableView) -> bool:
    """Whether the seat, a defender at a table of :data:`DRAW_TRUMPS_TABLES` under the French rules,
    leads a trump to draw the taker's: with only two defenders, every trump the taker must spend to
    overtrump is one fewer to cut their suits and win the last tricks. Not once the taker has shown he
    has no trump left."""
    if len(view.seats) not in DRAW_TRUMPS_TABLES or not knowledge(view).excuse_lost_last:
        return False
    taker = view.taker
    if taker is None or view.same_side(taker) is not False:
        return False
    return Suit.TRUMPS not in view.voids[taker]


def sure_enough(view: SeatView, action: Action, share: float = 1.0) -> bool:
    """Whether the measured bid model gives the seat's hand at least the chance of making ``action``'s
    contract that its stakes ask at this table (:func:`~tarot_core.players.bidding.caution`), or
    ``share`` of it; True for a pass and wherever no model was measured."""
    model = model_for(view.variant)
    word = str(action.word)
    if action.kind != "bid" or model is None or word not in model.contracts:
        return True
    chance = model.contracts[word].chance(features(view.hand, hand_points(view.hand)))
    return chance >= share * caution(view.players).get(word, 1.0)


def _model_offers(
    hand: Sequence[Card], players: int, legal: Sequence[Action], model: BidModel
) -> tuple[dict[str, Action], list[Offer], float, Offer | None]:
    """The bids the model knows among ``legal`` by word, each one's offer (chance and mean score), the
    mean score of passing, and the best offer the hand makes often enough for its stakes and that scores
    more than passing (None if there is none)."""
    values = features(hand, hand_points(hand))
    defend = model.defence(values)
    bids = {str(a.word): a for a in legal if a.kind == "bid" and str(a.word) in model.contracts}
    offers = [
        Offer(word, model.contracts[word].chance(values), model.contracts[word].mean(values)) for word in bids
    ]
    needed = caution(players)
    fit = [o for o in offers if o.chance >= needed.get(o.word, 1.0) and o.mean > defend]
    return bids, offers, defend, max(fit, key=lambda o: o.mean, default=None)


def _model_bid(view: SeatView, legal: Sequence[Action], model: BidModel) -> tuple[Action, Message]:
    """The contract with the best expected score among those the hand makes often enough for its stakes
    (:func:`~tarot_core.players.bidding.caution`), if it scores more than passing; else a pass."""
    passing = next(a for a in legal if a.kind == "pass")
    bids, offers, defend, best = _model_offers(view.hand, view.players, legal, model)
    if best is not None:
        return bids[best.word], gettext_lazy(
            "over hands like this one, {contract} is made {often} and scores {score} on average, "
            "against {defend} by passing",
            contract=contract_words(best.word),
            often=often(best.chance),
            score=signed(best.mean),
            defend=signed(defend),
        )
    if not offers:
        return passing, NO_BID_LEFT
    best = max(offers, key=lambda o: o.mean)
    if best.mean <= defend:
        return passing, gettext_lazy(
            "over hands like this one, even {contract} scores {score} on average, "
            "against {defend} by passing",
            contract=contract_words(best.word),
            score=signed(best.mean),
            defend=signed(defend),
        )
    safest = max(offers, key=lambda o: o.chance)
    return passing, gettext_lazy(
        "over hands like this one, {contract} is made only {often}, too seldom for its stakes; "
        "passing scores {defend} on average",
        contract=contract_words(safest.word),
        often=often(safest.chance),
        defend=signed(defend),
    )


def sure_slam(hand: Sequence[Card]) -> bool:
    """Whether ``hand``, leading every trick under the French rules, wins them all whoever holds the
    other cards: its unbroken run of trumps from the 21 down is at least as long as all the trumps it
    lacks (so leading them from the top draws every other trump, however they lie), and in each plain
    suit it holds the highest cards with no gap (each then wins when led, from the top, once no one has
    a trump left). The Excuse, kept to the last trick, wins it."""
    trumps = {c.rank for c in hand if c.is_trump and c is not EXCUSE}
    run = 0
    while 21 - run in trumps:
        run += 1
    if run < 21 - len(trumps):
        return False
    for suit in PLAIN_SUITS:
        ranks = sorted((c.rank for c in hand if c.suit is suit), reverse=True)
        if ranks != list(range(KING, KING - len(ranks), -1)):
            return False
    return True


def petit_lead_safe(view: TableView) -> bool:
    """Whether the Petit led now would win the trick whatever the others hold, as far as the seat can
    tell: every other trump has been seen, or every opponent has shown he has none left (a partner
    the seat does not know yet counts as an opponent)."""
    seen = set(view.hand) | view.all_played()
    if all(t in seen for t in ALL_TRUMPS):
        return True
    opponents = [s for s in view.seats if s != view.seat and view.same_side(s) is not True]
    return all(Suit.TRUMPS in view.voids[s] for s in opponents)


def side_won_every_trick(view: TableView) -> bool:
    """Whether the seat's side has won every trick finished so far (at least one)."""
    done = [t.winner for t in view.tricks if t.winner is not None]
    return bool(done) and all(w == view.seat or view.same_side(w) is True for w in done)


def _slam(view: SeatView, legal: Sequence[Action]) -> tuple[Action, Message] | None:
    """Announce a slam when the hand wins every trick for sure (:func:`sure_slam`), or when the model
    gives it a good enough chance of doing so."""
    announce = next((a for a in legal if a.kind == "slam" and a.seat == view.seat), None)
    if announce is None or view.taker != view.seat:
        return None
    if knowledge(view).excuse_lost_last and sure_slam(view.hand):
        return announce, SLAM_SURE
    model = model_for(view.variant)
    if model is None:
        return None
    chance = model.slam_chance(features(view.hand, hand_points(view.hand)))
    if chance < SLAM_CHANCE:
        return None
    return announce, gettext_lazy(
        "over hands like this one, the taker wins every trick {often}: an announced slam scores 400 more "
        "when made and costs 200 when not",
        often=often(chance),
    )


#: The face cards under the King, which the attack leads from its longest suit.
FACES: Final = frozenset({JACK, KNIGHT, QUEEN})


def hunt_needs(trumps_out: int) -> int:
    """How many trumps the attack must hold to lead them and hunt the Petit, with ``trumps_out`` trumps
    it has not seen: three quarters of them, and at least five. Measured on duplicate deals, one seat
    beside three club players: with only half, the taker spent his high trumps too early and made fewer
    contracts; three quarters gained on two thirds about 0.8 a deal at four players and 2.3 at three,
    and as much as never hunting (docs/developers/performance.md)."""
    return max(5, 3 * trumps_out // 4)


#: How many cards of the suit led must still be out, for each player still to play, before a Petit that
#: trumps the trick is played: with so many, each of them very likely follows suit.
RUFF_CARDS_EACH: Final = 3


def _suit_still_out(view: TableView, suit: Suit, seen: set[Card], after: Sequence[Seat]) -> bool:
    """Whether the players still to play, none of whom has shown a void in ``suit``, very likely hold
    some of it (see :data:`RUFF_CARDS_EACH`)."""
    if any(suit in view.voids[s] for s in after):
        return False
    out = sum(1 for card in suit_cards(suit) if card not in seen)
    return out >= RUFF_CARDS_EACH * len(after)
