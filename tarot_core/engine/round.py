# API: stable
"""A round of the French family of games as a state machine.

``legal_actions()`` lists what may be done now, ``why_illegal(action)`` says why an action is refused
(a reason code and a sentence for learners), ``push`` applies an action or raises
:class:`~tarot_core.errors.IllegalActionError` leaving the round untouched, ``pop`` takes the last
action back. The rules of modern French Tarot (FFT) are the default behaviour; other rule sets
override the hooks (methods whose name starts with ``rule_``) in a subclass, and never a private
method of the engine.

In CPython the commonest questions take shorter paths written for speed: ``legal_actions`` answers
French plays without ``rule_actions``, ``push`` checks a played card against the legal cards alone,
and ``play_at_random`` plays the tricks after the first in a loop of its own. They give exactly what
the plain paths give. :func:`use_fast_paths` turns them all off (``use_fast_paths(False)``) and on
again, for every rule set, so that the plain paths can be tested, timed or read on their own.

>>> from tarot_core import find_variant
>>> rnd = find_variant("fft-4").deal_round(dealer=Seat.P1, seed=7)
>>> rnd.phase, str(rnd.to_move)
(<Phase.BIDDING: 'bidding'>, 'p2')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from math import floor
from typing import Final, Protocol

from ..actions import PLAYS, Action, ActionKind, simple
from ..cards import (
    EXCUSE,
    FIRST_TRUMP_INDEX,
    FULL_PACK,
    Card,
    Suit,
)
from ..errors import IllegalActionError, Refusal, TarotError
from ..messages import Number, _, gettext_lazy, ngettext
from ..seats import SEATS, Seat, side_noun
from .refusals import RoundRefusals, not_an_action
from .result import Score, format_breakdown, points_value
from .state import _PLAIN_NEXT, Outcome, Phase, RoundFacts
from .trick import LED_END, Counting, Trick, following_cards, following_span
from .view import SeatView, build_view


class RoundRules(RoundFacts, Protocol):
    """What a round reads of its rule set: the facts of :class:`~tarot_core.engine.state.RoundFacts`,
    how to make another round of the same rules, and how to score a finished one. Every
    :class:`~tarot_core.engine.variant.Variant` is one, as it stands."""

    def new_round(
        self,
        dealer: Seat,
        hands: list[list[Card]] | tuple[tuple[Card, ...], ...],
        dog: list[Card] | tuple[Card, ...],
    ) -> Round: ...
    def score_round(self, rnd: Round, counting: Counting) -> Score: ...


#: Whether the speed paths may be taken (see :func:`use_fast_paths`); ``push`` reads it.
_fast_paths = True

#: The Excuse's pack index as a plain int (the next seat as plain ints is the state's ``_PLAIN_NEXT``).
_EXCUSE_INDEX: Final = int(EXCUSE)


@cache
def _speaking_actions(seat: Seat, contracts: tuple[str, ...]) -> tuple[Action, ...]:
    """Passing, then bidding each of ``contracts``: the same interned actions for the same question."""
    return (
        simple(seat, ActionKind.PASS),
        *(simple(seat, ActionKind.BID, contract) for contract in contracts),
    )


# Enum members read through their class cost a Python-level descriptor call in CPython 3.11, so the
# hot paths use these module constants.
_PLAYING: Final = Phase.PLAYING
_BIDDING: Final = Phase.BIDDING
_PETIT_SEC: Final = Phase.PETIT_SEC
_OVER: Final = Phase.OVER
_CALLING: Final = Phase.CALLING
_DISCARD: Final = Phase.DISCARD
_TRUMPS: Final = Suit.TRUMPS
_PASS_KIND: Final = ActionKind.PASS
_BID_KIND: Final = ActionKind.BID
_CALL_KIND: Final = ActionKind.CALL
_DISCARD_KIND: Final = ActionKind.DISCARD
_HANDFUL_KIND: Final = ActionKind.HANDFUL
_SLAM_KIND: Final = ActionKind.SLAM
_PETIT_SEC_KIND: Final = ActionKind.PETIT_SEC
_PLAY_KIND: Final = ActionKind.PLAY


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a finished round ended: a redeal, or the counting and the score."""

    outcome: Outcome
    counting: Counting | None
    score: Score | None
    by_seat: dict[Seat, int]


class Round(RoundRefusals):
    """One deal of a French-family game, from the bidding to the score."""

    variant: RoundRules
    #: Whether plays follow the French rules of this class (``legal_cards`` and ``rule_actions`` not
    #: overridden), so that ``legal_actions`` may answer them on its fast path. Set for each subclass.
    _french_plays: bool = True
    #: Whether ``play_at_random`` may take its quick loop (plays are French and applied by this class).
    _quick_playout: bool = True
    #: Whether any card may be led once the first trick is over (``rule_legal_leads`` not overridden).
    _free_later_leads: bool = True

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls._choose_paths()

    @classmethod
    def _choose_paths(cls) -> None:
        """Set the class's speed-path flags from the hooks it overrides, all off if the paths are."""
        cls._free_later_leads = _fast_paths and cls.rule_legal_leads is Round.rule_legal_leads
        cls._french_plays = (
            _fast_paths and cls.legal_cards is Round.legal_cards and cls.rule_actions is Round.rule_actions
        )
        cls._quick_playout = (
            cls._french_plays
            and cls.legal_actions is Round.legal_actions
            and cls.push is Round.push
            and cls.rule_apply_play is Round.rule_apply_play
        )

    def __init__(
        self,
        variant: RoundRules,
        dealer: Seat,
        hands: Sequence[Iterable[Card]],
        dog: Iterable[Card],
    ) -> None:
        super().__init__(variant, dealer, hands, dog)

    # ------------------------------------------------------------------ what each seat sees
    def view(self, seat: Seat) -> SeatView:
        """What ``seat`` knows now (see :mod:`tarot_core.engine.view`)."""

        return build_view(self, seat)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> tuple[Action, ...]:
        """Every action accepted now, in a stable order."""
        legal = self._legal
        if legal is not None:
            return legal
        if self.phase is not _PLAYING or not self._french_plays:
            legal = self._legal = tuple(self.rule_actions())
            return legal
        # The commonest question of all, answered here without further calls: the cards that may be
        # played, as the interned play actions (a card is its pack index in ``PLAYS[seat]``).
        seat = self.to_move
        assert seat is not None
        trick = self.current
        assert trick is not None
        hand = self.hands[seat]
        led = trick.led_card
        if led is not None:
            cards = following_cards(hand, led, trick.best_card, self._overtrump)
        elif trick.plays:  # only the Excuse so far: anything goes
            cards = hand
        else:
            cards = self.rule_legal_leads(seat, hand)
        self._legal_cards = cards
        row = PLAYS[seat]
        legal = tuple([row[card] for card in cards])
        if trick.number == 0:  # before a player's first card: handfuls, and the slam before the first
            legal += self._first_card_extras(seat)
        self._legal = legal
        return legal

    def _first_card_extras(self, seat: Seat) -> tuple[Action, ...]:
        extras = self._handful_actions(seat)
        if self._slam_open():
            assert self.taker is not None
            extras.append(Action(self.taker, _SLAM_KIND))
        return tuple(extras)

    def rule_actions(self) -> list[Action]:
        """Every action allowed now, in a fixed order (``legal_actions`` keeps them until the next move)."""
        phase = self.phase
        seat = self.to_move
        if phase is _PLAYING:
            assert seat is not None
            row = PLAYS[seat]
            cards = self._legal_cards = self.legal_cards(seat)
            actions = [row[card] for card in cards]  # a card is its pack index
            if not self._has_played(seat):
                actions.extend(self._first_card_extras(seat))
            return actions
        if phase is _OVER or seat is None:
            return []
        if phase is _BIDDING:
            return list(_speaking_actions(seat, tuple(self._biddable())))
        if phase is _CALLING:
            return [Action(seat, _CALL_KIND, "", (card,)) for card in self.rule_callable(seat)]
        if phase is _DISCARD:
            return [Action(seat, _DISCARD_KIND, "", (card,)) for card in self.rule_discardable(seat)]
        if phase is _PETIT_SEC:
            return [Action(seat, _PETIT_SEC_KIND)]
        return []  # pragma: no cover

    def _biddable(self) -> list[str]:
        ladder = self.rule_contracts()
        highest = self._highest_bid()
        start = ladder.index(highest) + 1 if highest is not None else 0
        return list(ladder[start:])

    def rule_discardable(self, seat: Seat) -> list[Card]:
        """The cards ``seat`` may lay away now."""
        hand = self.hands[seat]
        plain = [c for c in hand if not c.is_trump and not c.is_excuse and not c.is_king]
        remaining = self.variant.dog_size - len(self.discard)
        if len(plain) >= remaining:
            return plain
        trumps = [c for c in hand if c.is_trump and not c.is_bout]
        return plain + trumps

    def _handful_actions(self, seat: Seat) -> list[Action]:
        if self.handfuls and any(who == seat for who, _, _ in self.handfuls):
            return []
        count = self._trump_count_for_handful(seat)
        sizes = self.variant.handfuls.items()
        return [simple(seat, _HANDFUL_KIND, size) for size, need in sizes if count >= need]

    def _slam_open(self) -> bool:
        return (
            self.variant.slam_announcement
            and not self.slam_announced
            and self.taker is not None
            and not self.tricks
            and self.current is not None
            and not self.current.plays
        )

    def legal_cards(self, seat: Seat) -> list[Card]:
        """Cards ``seat`` may play to the current trick."""
        hand = self.hands[seat]
        trick = self.current
        if trick is None:
            return []
        led = trick.led_card
        if led is None:
            if not trick.plays:
                return self.rule_legal_leads(seat, hand)
            return list(hand)
        return following_cards(hand, led, trick.best_card, self._overtrump)

    def rule_legal_leads(self, seat: Seat, hand: list[Card]) -> list[Card]:
        """The cards ``seat`` may lead from ``hand`` (any card, except where the rules say otherwise)."""
        called = self.called
        if called is not None and not self.tricks and self.variant.players == 5:
            allowed = [c for c in hand if c.suit is not called.suit or c == called]
            if allowed:
                return allowed
        return list(hand)

    # ------------------------------------------------------------------ refusals
    def why_illegal(self, action: Action) -> Refusal | None:
        """None if ``action`` is accepted now, else the reason and a sentence for learners."""
        if action in self.legal_actions():
            return None
        return self.rule_refusal(action)

    # ------------------------------------------------------------------ push / pop
    def push(self, action: Action) -> None:
        """Apply ``action``; raise :class:`IllegalActionError` (round unchanged) if it is not allowed."""
        try:
            kind = action.kind
        except AttributeError:  # text, None: not an action at all
            raise not_an_action(action) from None
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if kind is _PLAY_KIND and _fast_paths and self.phase is _PLAYING and len(action.cards) == 1:
            # The commonest action, checked against the legal cards (a C test on integers; ``in legal``
            # would call ``Action.__eq__`` for each action before the one played). A play whose kind is
            # the plain string "play" rather than the member takes the general path below, to the same end.
            if action.seat is not self.to_move or action.cards[0] not in self._legal_cards:
                refusal = self.rule_refusal(action)
                raise IllegalActionError(refusal.reason, refusal.said)
            self.rule_apply_play(action.seat, action.cards[0])
        elif action in legal:
            self.rule_apply(action)
        else:
            refusal = self.rule_refusal(action)
            raise IllegalActionError(refusal.reason, refusal.said)
        self.actions.append(action)
        self._legal = None

    def play_at_random(self, draw: Callable[[], float]) -> None:
        """Play the round to its end, every decision drawn uniformly among the legal actions.

        ``draw`` returns a number in [0, 1), like ``random.Random().random``: the action taken is
        ``legal_actions()[int(draw() * len(legal_actions()))]``. The round ends exactly as if those
        actions had been pushed one by one (its record, tricks and result are the same).

        Under the French rules only cards can be played once the first trick is over, and the legal cards
        come in the order of the legal actions, so from then on a card is drawn straight from the legal
        cards (found by position in the hand, see :func:`following_span`) and applied as ``push`` would:
        the round's state and record are the same, the per-card bookkeeping of the actions offered and
        refused does not run.
        """
        legal_actions, push = self.legal_actions, self.push
        actions = legal_actions()
        while actions and not (self._quick_playout and self.tricks):
            push(actions[floor(draw() * len(actions))])
            actions = legal_actions()
        if not actions:
            return
        # The quick loop: the phase is play, and it stays so until the last trick is complete. Each card
        # is drawn among ``legal_cards`` (as ``legal_actions`` does) and applied as ``rule_apply_play`` does,
        # with ``Trick.add`` written out; a complete trick goes through the same ``_close_trick``.
        # Seats and cards are plain ints inside the loop (``int`` subclasses such as ``Seat`` and
        # ``Card`` miss the interpreter's specialised integer instructions): each hand has a copy of
        # plain pack indexes, kept in step with it, and the objects are looked up only for the record.
        hands, record, plays_of, players = self.hands, self.actions, PLAYS, self.players
        numbers = [[*map(int, hand)] for hand in hands]
        following = _PLAIN_NEXT[players]
        overtrump, leads, close, span = (
            self._overtrump,
            self.rule_legal_leads,
            self._close_trick,
            following_span,
        )
        free_leads = self._free_later_leads
        seat = self.to_move
        trick = self.current
        while trick is not None and seat is not None:
            # The trick's running facts are kept in locals while it is played, and written back before
            # it is closed.
            plays = trick.plays
            led = -1 if trick.led_card is None else int(trick.led_card)
            best = int(trick.best_card)
            ahead = -1 if trick.ahead is None else int(trick.ahead)
            s = int(seat)
            left = players - len(plays)
            while True:
                hand = hands[s]
                ints = numbers[s]
                if led >= 0:
                    # The legal cards are ints[i:j], then the Excuse if held apart: pick by position.
                    i, j = span(ints, led, best, overtrump)
                    count = j - i
                    if ints[-1] == _EXCUSE_INDEX and j < len(ints):
                        pick = floor(draw() * (count + 1))
                        index = i + pick if pick < count else len(ints) - 1
                    else:
                        index = i + floor(draw() * count)
                elif plays or free_leads:  # after the Excuse alone, or a lead after the first trick
                    index = floor(draw() * len(ints))
                else:
                    cards = leads(SEATS[s], hand)
                    index = ints.index(int(cards[floor(draw() * len(cards))]))
                card = ints[index]
                del ints[index]
                del hand[index]
                record.append(plays_of[s][card])
                plays.append((SEATS[s], FULL_PACK[card]))
                if card != _EXCUSE_INDEX:
                    if best < 0:
                        led = card
                        best = card
                        ahead = s
                    elif card > best and (card >= FIRST_TRUMP_INDEX or card < LED_END[best]):
                        best = card
                        ahead = s
                left -= 1
                if not left:
                    break
                s = following[s]
            trick.led_card = None if led < 0 else FULL_PACK[led]
            trick.best_card = -1 if best < 0 else FULL_PACK[best]
            trick.ahead = None if ahead < 0 else SEATS[ahead]
            close(trick)
            seat = self.to_move
            trick = self.current
        self._legal = None

    def push_text(self, text: str) -> Action:
        action = Action.parse(text, self.players)
        self.push(action)
        return action

    def pop(self) -> Action:
        """Take back the last action (the round is replayed from its deal)."""
        if not self.actions:
            raise TarotError(gettext_lazy("no action to take back"))
        actions = self.actions[:-1]
        last = self.actions[-1]
        self.rule_reset()
        for action in actions:
            self.rule_apply(action)
            self.actions.append(action)
        self._legal = None
        return last

    def copy(self) -> Round:
        clone = type(self)(self.variant, self.dealer, self.initial_hands, self.initial_dog)
        for action in self.actions:
            clone.rule_apply(action)
            clone.actions.append(action)
        return clone

    def rule_apply(self, action: Action) -> None:
        """Apply an allowed ``action`` to the round (``push`` has checked it)."""
        kind = action.kind
        if kind == _PLAY_KIND:
            self.rule_apply_play(action.seat, action.cards[0])
        elif kind in (_BID_KIND, _PASS_KIND):
            self.rule_apply_bid(action)
        elif kind == _CALL_KIND:
            self.rule_apply_call(action.cards[0])
        elif kind == _DISCARD_KIND:
            self.rule_apply_discard(action.cards[0])
        elif kind == _HANDFUL_KIND:
            self._apply_handful(action.seat, action.word)
        elif kind == _SLAM_KIND:
            self.slam_announced = True
            assert self.current is not None
            self.current.leader = self.rule_first_leader()
            self.to_move = self.current.leader
        elif kind == _PETIT_SEC_KIND:
            self.outcome = Outcome.REDEAL_PETIT_SEC
            self.phase = _OVER
            self.to_move = None
        else:  # pragma: no cover - refused earlier
            raise TarotError(gettext_lazy("unknown action {action}", action=str(action)))

    def rule_apply_bid(self, action: Action) -> None:
        """Apply a bid or a pass; once the bidding is over, go on to the call, the dog or the play."""
        if action.kind == _BID_KIND:
            self.bids.append(action)
        self.spoken += 1
        assert self.to_move is not None
        if self.spoken < self.players:
            self.to_move = self._next_seat[self.to_move]
            return
        if not self.bids:
            self.outcome = Outcome.REDEAL_ALL_PASSED
            self.phase = _OVER
            self.to_move = None
            return
        self.taker = self.bids[-1].seat
        self.contract = self.bids[-1].word
        if self.variant.players == 5:
            self.phase = _CALLING
            self.to_move = self.taker
        else:
            self.rule_after_call()

    def rule_apply_call(self, card: Card) -> None:
        """Apply the taker's call of ``card``: the partner is its holder."""
        self.called = card
        holder = self.holder_of(card)
        self.partner = None if holder is None or holder == self.taker else holder
        self.rule_after_call()

    def rule_after_call(self) -> None:
        """What follows the call: the dog turned over and taken, or the play at once."""
        assert self.taker is not None and self.contract is not None
        if self.rule_takes_dog(self.contract):
            self.dog_revealed = True
            self.hands[self.taker] = sorted([*self.hands[self.taker], *self.dog])
            self.phase = _DISCARD
            self.to_move = self.taker
        else:
            self._start_play()

    def rule_apply_discard(self, card: Card) -> None:
        """Lay ``card`` away from the taker's hand; once the discard is complete, start the play."""
        assert self.taker is not None
        self.hands[self.taker].remove(card)
        self.discard.append(card)
        if len(self.discard) == self.variant.dog_size:
            self._start_play()

    def _start_play(self) -> None:
        self.phase = _PLAYING
        leader = self.rule_first_leader()
        self.current = Trick(0, leader)
        self.to_move = leader

    def _apply_handful(self, seat: Seat, size: str) -> None:
        need = self.variant.handfuls[size]
        hand = self.hands[seat]
        trumps = [c for c in hand if c.is_trump]
        shown = tuple(trumps[:need]) if len(trumps) >= need else (*trumps, EXCUSE)
        self.handfuls.append((seat, size, shown))

    def rule_apply_play(self, seat: Seat, card: Card) -> None:
        """Play ``card`` from ``seat``'s hand to the current trick, closing the trick when it is full."""
        self.hands[seat].remove(card)
        trick = self.current
        assert trick is not None
        trick.add(seat, card)
        if len(trick.plays) < self.players:
            self.to_move = self._next_seat[seat]
        else:
            self._close_trick(trick)

    def _close_trick(self, trick: Trick) -> None:
        """A complete trick goes to its winner, who leads the next one, unless it was the last."""
        winner = trick.winner = self.rule_trick_winner(trick)
        tricks = self.tricks
        tricks.append(trick)
        if len(tricks) == self.variant.hand_size:
            self.current = None
            self.phase = _OVER
            self.outcome = Outcome.PLAYED
            self.to_move = None
            return
        self.current = Trick(len(tricks), winner)
        self.to_move = winner

    def result(self) -> RoundResult:
        """The outcome; for a played round, the counting, the score breakdown and every seat's score."""
        if self.phase is not _OVER or self.outcome is None:
            raise TarotError(gettext_lazy("the round is not over yet"))
        if self.outcome != "played":
            return RoundResult(self.outcome, None, None, dict.fromkeys(SEATS[: self.players], 0))
        counting = self.count()
        score = self.variant.score_round(self, counting)
        return RoundResult(self.outcome, counting, score, score.by_seat(self))

    def result_lines(self, name: Callable[[Seat], str]) -> list[str]:
        """How a finished round ended, in lines for readers: the counting, the working and each score."""

        result = self.result()
        if result.outcome == Outcome.REDEAL_ALL_PASSED:
            return [_("No score: redeal all passed.")]
        if result.outcome == Outcome.REDEAL_PETIT_SEC:
            return [_("No score: redeal petit sec.")]
        assert result.counting is not None and result.score is not None
        counting = result.counting
        lines = []
        if counting.excuse is not None:
            lines.append(_("Excuse: {explanation}.", explanation=counting.excuse.said))
        lines.append(
            ngettext(
                "Counted: attack {attack} with {n} bout, defence {defence} "
                "(the dog or the discard counts for {side})",
                "Counted: attack {attack} with {n} bouts, defence {defence} "
                "(the dog or the discard counts for {side})",
                counting.attack_bouts,
                attack=Number(counting.attack_half_points / 2),
                defence=Number(counting.defence_half_points / 2),
                side=side_noun(counting.dog_to),
            )
        )
        lines.extend(format_breakdown(result.score.as_dict()).splitlines())
        scores = ", ".join(
            _("{who} {score:+d}", who=name(seat), score=score) for seat, score in result.by_seat.items()
        )
        lines.append(_("By seat: {scores}", scores=scores))
        return lines

    def result_summary(self) -> dict[str, object]:
        """Short facts of a finished round, as stated in hand records' ``expected`` block."""

        result = self.result()
        summary: dict[str, object] = {"outcome": result.outcome.value}
        if result.counting is not None:
            summary["taker"] = str(self.taker)
            summary["contract"] = self.contract
            summary["taker_points"] = points_value(result.counting.attack_half_points)
            summary["bouts"] = result.counting.attack_bouts
        summary["scores"] = {str(seat): score for seat, score in result.by_seat.items()}
        return summary


def use_fast_paths(enabled: bool) -> None:
    """Let the rounds of every rule set take their speed paths (the default), or only the plain ones.

    Off, ``legal_actions`` always asks ``rule_actions``, ``push`` checks every action against the
    legal actions and applies it through ``rule_apply``, and ``play_at_random`` pushes each action it
    draws. The answers, the records and the scores are the same either way; only the time differs.
    The switch holds for the whole process, rounds already dealt included.
    """
    global _fast_paths  # noqa: PLW0603  # one switch for the process, which push reads as a module global
    _fast_paths = enabled
    classes: list[type[Round]] = [Round]
    while classes:
        cls = classes.pop()
        cls._choose_paths()
        classes.extend(cls.__subclasses__())
