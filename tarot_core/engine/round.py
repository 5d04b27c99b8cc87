# API: stable
"""A round of the French family of games as a state machine.

``legal_actions()`` lists what may be done now, ``why_illegal(action)`` says why an action is refused
(a reason code and a sentence for learners), ``push`` applies an action or raises
:class:`~tarot_core.errors.IllegalActionError` leaving the round untouched, ``pop`` takes the last
action back. The rules of modern French Tarot (FFT) are the default behaviour; other rule sets
override the hooks (methods whose name starts with ``rule_``) in a subclass.

>>> from tarot_core import find_variant
>>> rnd = find_variant("fft-4").deal_round(dealer=Seat.P1, seed=7)
>>> rnd.phase, str(rnd.to_move)
(<Phase.BIDDING: 'bidding'>, 'p2')
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import chain
from math import floor
from typing import Any, Final, Protocol

from ..actions import PLAYS, Action, simple
from ..cards import (
    BOUTS,
    EXCUSE,
    FIRST_TRUMP_INDEX,
    FULL_PACK,
    KING,
    KNIGHT,
    PETIT,
    PLAIN_SUITS,
    QUEEN,
    Card,
    Suit,
    cards_in_words,
    count_half_points,
    format_cards,
    format_points,
    sort_hand,
)
from ..errors import Illegal, IllegalActionError, Refusal, TarotError
from ..seats import ATTACK, DEFENCE, NEXT_SEAT, SEATS, Seat
from .result import Score, bouts_text, format_breakdown, points_value
from .trick import LED_END, Counting, ExcuseNote, Trick, following_cards, following_span
from .view import Pile, SeatView, build_view


class RoundRules(Protocol):
    """What a round reads of its rule set: the sizes of the deal, the options, and the French facts
    (contracts, handfuls, slams) that the default hooks of :class:`Round` follow."""

    @property
    def key(self) -> str: ...
    @property
    def family(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def hand_size(self) -> int: ...
    @property
    def dog_size(self) -> int: ...
    @property
    def pack_set(self) -> frozenset[Card]: ...
    @property
    def options(self) -> Any: ...
    @property
    def contracts(self) -> tuple[str, ...]: ...
    @property
    def dog_taking_contracts(self) -> frozenset[str]: ...
    @property
    def dog_to_defence_contracts(self) -> frozenset[str]: ...
    @property
    def handfuls(self) -> Mapping[str, int]: ...
    @property
    def slam_announcement(self) -> bool: ...
    def new_round(
        self,
        dealer: Seat,
        hands: list[list[Card]] | tuple[tuple[Card, ...], ...],
        dog: list[Card] | tuple[Card, ...],
    ) -> Round: ...
    def score_round(self, rnd: Round, counting: Counting) -> Score: ...
    def option_overrides(self) -> dict[str, object]: ...


#: The Excuse's pack index as a plain int, and the next seat as plain ints (``_PLAIN_NEXT[players][s]``).
_EXCUSE_INDEX: Final = int(EXCUSE)
_PLAIN_NEXT: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(int(s) for s in row) for row in NEXT_SEAT)
_BOUT_SET: Final = frozenset(BOUTS)


@cache
def _speaking_actions(seat: Seat, contracts: tuple[str, ...]) -> tuple[Action, ...]:
    """Passing, then bidding each of ``contracts``: the same interned actions for the same question."""
    return (simple(seat, "pass"), *(simple(seat, "bid", contract) for contract in contracts))


def trump_count(hand: list[Card]) -> int:
    """How many trumps a hand in pack order holds (the Excuse is not a trump)."""
    return bisect_left(hand, EXCUSE) - bisect_left(hand, FIRST_TRUMP_INDEX)


class Phase(StrEnum):
    PETIT_SEC = "petit-sec"
    BIDDING = "bidding"
    CALLING = "calling"
    DISCARD = "discard"
    PLAYING = "playing"
    OVER = "over"


# Enum members read through their class cost a Python-level descriptor call in CPython 3.11, so the
# hot paths use these module constants.
_PLAYING: Final = Phase.PLAYING
_BIDDING: Final = Phase.BIDDING
_PETIT_SEC: Final = Phase.PETIT_SEC
_OVER: Final = Phase.OVER
_CALLING: Final = Phase.CALLING
_DISCARD: Final = Phase.DISCARD
_TRUMPS: Final = Suit.TRUMPS


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a finished round ended: a redeal, or the counting and the score."""

    outcome: str  # "played", "redeal-all-passed", "redeal-petit-sec"
    counting: Counting | None
    score: Score | None
    by_seat: dict[Seat, int]


class Round:
    """One deal of a French-family game, from the bidding to the score."""

    variant: RoundRules
    #: Whether plays follow the French rules of this class (``legal_cards`` and ``_generate`` not
    #: overridden), so that ``legal_actions`` may answer them on its fast path. Set for each subclass.
    _french_plays: bool = True
    #: Whether ``play_at_random`` may take its quick loop (plays are French and applied by this class).
    _quick_playout: bool = True
    #: Whether any card may be led once the first trick is over (``_legal_leads`` not overridden).
    _free_later_leads: bool = True

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls._free_later_leads = cls._legal_leads is Round._legal_leads
        cls._french_plays = cls.legal_cards is Round.legal_cards and cls._generate is Round._generate
        cls._quick_playout = (
            cls._french_plays
            and cls.legal_actions is Round.legal_actions
            and cls.push is Round.push
            and cls._apply_play is Round._apply_play
        )

    def __init__(
        self,
        variant: RoundRules,
        dealer: Seat,
        hands: Sequence[Iterable[Card]],
        dog: Iterable[Card],
    ) -> None:
        self.variant = variant
        self.players = variant.players
        self._overtrump: bool = getattr(variant, "must_overtrump", True)
        self._next_seat = NEXT_SEAT[self.players]
        self.dealer = SEATS[dealer]  # a Seat, also when given a plain index
        if self.dealer >= self.players:
            raise TarotError(f"the dealer must be one of p1 to p{self.players}")
        # Cards are their pack indexes, so a plain sort puts them in pack order.
        self.initial_hands = tuple(map(tuple, map(sorted, hands)))
        self.initial_dog = tuple(sorted(dog))
        self._check_deal()
        self._reset()

    # ------------------------------------------------------------------ setup
    def _check_deal(self) -> None:
        variant = self.variant
        if len(self.initial_hands) != self.players:
            raise TarotError(f"{variant.key} needs {self.players} hands, not {len(self.initial_hands)}")
        for seat, hand in zip(SEATS, self.initial_hands, strict=False):
            if len(hand) != variant.hand_size:
                raise TarotError(f"{seat} holds {len(hand)} cards; each player needs {variant.hand_size}")
        if len(self.initial_dog) != variant.dog_size:
            raise TarotError(f"the dog holds {len(self.initial_dog)} cards; it needs {variant.dog_size}")
        unique = set(self.initial_dog).union(*self.initial_hands)
        if len(unique) != variant.dog_size + self.players * variant.hand_size:
            dealt = list(chain(self.initial_dog, *self.initial_hands))
            twice = sorted({c for c in dealt if dealt.count(c) > 1})
            raise TarotError(f"{format_cards(twice)} dealt twice")
        if unique != variant.pack_set:
            missing = variant.pack_set - unique
            raise TarotError(f"the deal does not use the pack: {format_cards(sort_hand(missing))} missing")

    def _reset(self) -> None:
        self.hands: list[list[Card]] = [list(hand) for hand in self.initial_hands]
        self.dog: list[Card] = list(self.initial_dog)
        self.actions: list[Action] = []
        self.bids: list[Action] = []
        self.spoken = 0
        self.taker: Seat | None = None
        self.contract: str | None = None
        self.called: Card | None = None
        self.partner: Seat | None = None
        self.dog_revealed = False
        self.discard: list[Card] = []
        self.handfuls: list[tuple[Seat, str, tuple[Card, ...]]] = []
        self.slam_announced = False
        self.tricks: list[Trick] = []
        self.current: Trick | None = None
        self.outcome: str | None = None
        self._legal: tuple[Action, ...] | None = None
        #: The cards among the legal actions (set with them in the playing phase), read by ``push``.
        self._legal_cards: list[Card] = []
        self.to_move: Seat | None
        sec = self.rule_petit_sec_seat()
        if sec is not None:
            self.phase = _PETIT_SEC
            self.to_move = sec
        else:
            self.phase = _BIDDING
            self.to_move = NEXT_SEAT[self.players][self.dealer]

    # ------------------------------------------------------------------ queries
    @property
    def is_over(self) -> bool:
        return self.phase is _OVER

    @property
    def attack(self) -> frozenset[Seat]:
        """The taker and the partner (known to the engine from the call, even while hidden at the table)."""
        seats = {s for s in (self.taker, self.partner) if s is not None}
        return frozenset(seats)

    def side_of(self, seat: Seat) -> str:
        return ATTACK if seat in (self.taker, self.partner) else DEFENCE

    @property
    def partner_revealed(self) -> bool:
        """In the five-player game the partner is known once the called card has been played."""
        if self.called is None:
            return True
        return any(card == self.called for trick in self._all_tricks() for card in trick.cards)

    @property
    def cards_played(self) -> list[int]:
        """How many cards each seat has played so far (indexed by seat)."""
        played = [len(self.tricks)] * self.players
        if self.current is not None:
            for seat, _ in self.current.plays:
                played[seat] += 1
        return played

    def _has_played(self, seat: Seat) -> bool:
        return bool(self.tricks) or (
            self.current is not None and any(who == seat for who, _ in self.current.plays)
        )

    def _all_tricks(self) -> list[Trick]:
        return [*self.tricks, self.current] if self.current is not None else list(self.tricks)

    def holder_of(self, card: Card) -> Seat | None:
        """Who was dealt ``card`` (None if it was in the dog)."""
        for seat, hand in zip(SEATS, self.initial_hands, strict=False):
            if card in hand:
                return seat
        return None

    # ------------------------------------------------------------------ rule hooks
    def rule_petit_sec_seat(self) -> Seat | None:
        """First player (in speaking order) whose only trump is the Petit, without the Excuse."""
        hands, next_seat = self.hands, self._next_seat
        seat = next_seat[self.dealer]
        for _ in range(self.players):
            # In pack order the Petit is the lowest trump and the Excuse comes last: the hand ends with
            # the Petit exactly when it holds the Petit and no other trump nor the Excuse.
            hand = hands[seat]
            if hand and hand[-1] is PETIT:
                return seat
            seat = next_seat[seat]
        return None

    def rule_contracts(self) -> tuple[str, ...]:
        return self.variant.contracts

    def rule_takes_dog(self, contract: str) -> bool:
        """Whether the taker picks up the dog and discards (prise and garde)."""
        return contract in self.variant.dog_taking_contracts

    def rule_dog_side(self, contract: str) -> str:
        """Whose cards the dog (or the discard) counts with at the end."""
        return DEFENCE if contract in self.variant.dog_to_defence_contracts else ATTACK

    def rule_first_leader(self) -> Seat:
        if self.slam_announced and self.taker is not None:
            return self.taker
        return self._next_seat[self.dealer]

    def rule_callable(self, taker: Seat) -> list[Card]:
        """Cards the taker may call: a King; a Queen with all four Kings; a Knight with all Queens too."""
        hand = self.hands[taker]
        ranks = [KING]
        if sum(1 for c in hand if c.is_king) == 4:
            ranks.append(QUEEN)
            if sum(1 for c in hand if c.rank == QUEEN and c.suit in PLAIN_SUITS) == 4:
                ranks.append(KNIGHT)
        return [Card(suit, rank) for rank in ranks for suit in PLAIN_SUITS]

    # ------------------------------------------------------------------ what each seat sees
    def view(self, seat: Seat) -> SeatView:
        """What ``seat`` knows now (see :mod:`tarot_core.engine.view`)."""

        return build_view(self, seat)

    def rule_partner_known(self, seat: Seat) -> bool:
        """Whether ``seat`` knows who the taker's partner is, or that there is none: always without a
        called card; with one, the partner knows himself, everyone knows once the called card is played
        or when it turned up in the dog, and a taker who called his own card knows he plays alone."""
        called = self.called
        if called is None or self.partner_revealed or seat == self.partner:
            return True
        if self.dog_revealed and called in self.initial_dog:
            return True
        return seat == self.taker and called in self.initial_hands[seat]

    def rule_discard_trumps_shown(self) -> bool:
        """Whether trumps laid away in the discard are shown to the table (the FFT rule)."""
        return True

    def rule_shown_piles(self, seat: Seat) -> list[Pile]:
        """The piles shown to ``seat``: the dog once turned over, its own discard (the trumps in another
        player's discard when the rules show them), the handfuls."""

        piles: list[Pile] = []
        if self.dog_revealed:
            piles.append(Pile("dog", None, self.initial_dog))
        if self.discard and self.taker is not None:
            if seat == self.taker:
                piles.append(Pile("discard", self.taker, tuple(sorted(self.discard))))
            elif self.rule_discard_trumps_shown():
                trumps = tuple(sorted(c for c in self.discard if c.is_trump))
                if trumps:
                    piles.append(Pile("discard-trumps", self.taker, trumps))
        piles.extend(Pile("handful", who, cards, size) for who, size, cards in self.handfuls)
        return piles

    def rule_hidden_piles(self, seat: Seat) -> list[tuple[str, int]]:
        """Piles in no hand that ``seat`` has not seen, with their sizes: the dog not turned over (until
        the end), another player's discard (less any trumps shown)."""
        hidden: list[tuple[str, int]] = []
        if not self.dog_revealed and self.dog:
            hidden.append(("dog", len(self.dog)))
        if self.discard and seat != self.taker:
            shown = self.rule_discard_trumps_shown()
            count = sum(1 for c in self.discard if not (shown and c.is_trump))
            if count:
                hidden.append(("discard", count))
        return hidden

    def rule_seen_action(self, seat: Seat, action: Action) -> Action:
        """``action`` as ``seat`` saw it: another player's discard without its card (unless it is a trump
        the rules show)."""
        if action.kind == "discard" and action.seat != seat:
            if self.rule_discard_trumps_shown() and all(c.is_trump for c in action.cards):
                return action
            return Action(action.seat, "discard")
        return action

    def rule_public_notes(self) -> list[str]:
        """What was said aloud that the actions do not tell (none in the French rules)."""
        return []

    def rule_must_trump(self) -> bool:
        """Whether a player who cannot follow suit must trump (so that not trumping shows a void)."""
        return True

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> tuple[Action, ...]:
        """Every action accepted now, in a stable order."""
        legal = self._legal
        if legal is not None:
            return legal
        if self.phase is not _PLAYING or not self._french_plays:
            legal = self._legal = tuple(self._generate())
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
            cards = self._legal_leads(seat, hand)
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
            extras.append(Action(self.taker, "slam"))
        return tuple(extras)

    def _generate(self) -> list[Action]:
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
            return [Action(seat, "call", "", (card,)) for card in self.rule_callable(seat)]
        if phase is _DISCARD:
            return [Action(seat, "discard", "", (card,)) for card in self._discardable(seat)]
        if phase is _PETIT_SEC:
            return [Action(seat, "petit-sec")]
        return []  # pragma: no cover

    def _highest_bid(self) -> str | None:
        return self.bids[-1].word if self.bids else None

    def _biddable(self) -> list[str]:
        ladder = self.rule_contracts()
        highest = self._highest_bid()
        start = ladder.index(highest) + 1 if highest is not None else 0
        return list(ladder[start:])

    def _discardable(self, seat: Seat) -> list[Card]:
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
        return [simple(seat, "handful", size) for size, need in sizes if count >= need]

    def _trump_count_for_handful(self, seat: Seat) -> int:
        hand = self.hands[seat]
        return trump_count(hand) + (1 if EXCUSE in hand else 0)

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
                return self._legal_leads(seat, hand)
            return list(hand)
        return following_cards(hand, led, trick.best_card, self._overtrump)

    def _legal_leads(self, seat: Seat, hand: list[Card]) -> list[Card]:
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
        return self._refusal(action)

    def _refusal(self, action: Action) -> Refusal:
        if self.phase is _OVER:
            return Refusal(Illegal.ROUND_OVER, "the round is over: no more actions")
        if action.kind == "slam":
            if action.seat != self.taker:
                return Refusal(Illegal.SLAM_NOT_ALLOWED, "only the taker may announce a slam")
            return Refusal(
                Illegal.SLAM_NOT_ALLOWED, "a slam must be announced before the first card is played"
            )
        if self.phase is _PETIT_SEC:
            assert self.to_move is not None
            if action.seat == self.to_move:
                return Refusal(
                    Illegal.PETIT_SEC_MUST_ANNOUNCE,
                    f"{self.to_move} holds the Petit as its only trump, without the Excuse: "
                    "the deal must be announced void (petit sec) before anything else",
                )
            return Refusal(
                Illegal.PETIT_SEC_MUST_ANNOUNCE,
                f"{self.to_move} holds the Petit alone (petit sec) and must announce it first",
            )
        if action.kind == "petit-sec":
            return Refusal(
                Illegal.PETIT_SEC_FALSE,
                "petit sec is announced only by a player whose only trump is the Petit, without the Excuse",
            )
        if action.seat != self.to_move and not (action.kind == "handful" and self.phase is _PLAYING):
            return Refusal(Illegal.NOT_YOUR_TURN, f"it is {self.to_move}'s turn, not {action.seat}'s")
        kind = action.kind
        expected = {
            _BIDDING: ("bid", "pass"),
            _CALLING: ("call",),
            _DISCARD: ("discard",),
            _PLAYING: ("play", "handful"),
        }[self.phase]
        if kind not in expected:
            words = " or ".join(expected)
            return Refusal(Illegal.WRONG_PHASE, f"now is the time to {words}, not to {kind}")
        if kind == "bid":
            return self._refuse_bid(action)
        if kind == "call":
            return self._refuse_call(action)
        if kind == "discard":
            return self._refuse_discard(action)
        if kind == "handful":
            return self._refuse_handful(action)
        if kind == "play":
            return self._refuse_play(action)
        return Refusal(Illegal.NOT_ALLOWED, f"{action} is not allowed now")  # pragma: no cover

    def _refuse_bid(self, action: Action) -> Refusal:
        ladder = self.rule_contracts()
        if action.word not in ladder:
            names = ", ".join(ladder)
            return Refusal(
                Illegal.BID_NOT_ALLOWED, f"{action.word!r} is not a contract here: bid {names} or pass"
            )
        highest = self._highest_bid()
        return Refusal(
            Illegal.BID_TOO_LOW,
            f"a bid must be higher than the last one ({highest}): bid higher than {highest} or pass",
        )

    def _refuse_call(self, action: Action) -> Refusal:
        if len(action.cards) != 1:
            return Refusal(Illegal.CALL_NOT_ALLOWED, "call exactly one card, a King such as 'call SK'")
        if action.card.rank == QUEEN and action.card.suit in PLAIN_SUITS:
            reason = "you may call a Queen only when you hold all four Kings"
        elif action.card.rank == KNIGHT and action.card.suit in PLAIN_SUITS:
            reason = "you may call a Knight only when you hold all four Kings and all four Queens"
        else:
            reason = f"{action.card.name} cannot be called: call a King"
        return Refusal(Illegal.CALL_NOT_ALLOWED, reason)

    def _refuse_discard(self, action: Action) -> Refusal:
        if len(action.cards) != 1:
            return Refusal(Illegal.DISCARD_SIZE, "put aside one card at a time, like 'discard H3'")
        card = action.card
        assert self.to_move is not None
        if card not in self.hands[self.to_move]:
            return Refusal(Illegal.NOT_IN_HAND, f"you do not hold {cards_in_words([card])}")
        if card.is_king:
            return Refusal(Illegal.DISCARD_KING, f"a King may not go in the discard ({card.name})")
        if card.is_bout:
            return Refusal(Illegal.DISCARD_BOUT, f"a bout may not go in the discard ({card.name})")
        plain = [c for c in self.hands[self.to_move] if c.suit in PLAIN_SUITS and not c.is_king]
        return Refusal(
            Illegal.DISCARD_TRUMP,
            "a trump may go in the discard only when nothing else can: "
            f"you still hold {cards_in_words(plain)}",
        )

    def _refuse_handful(self, action: Action) -> Refusal:
        seat = action.seat
        if action.word not in self.variant.handfuls:
            sizes = ", ".join(self.variant.handfuls)
            return Refusal(Illegal.HANDFUL_TOO_SMALL, f"{action.word!r} is not a handful: say {sizes}")
        if any(who == seat for who, _, _ in self.handfuls):
            return Refusal(Illegal.HANDFUL_ALREADY, "you have already shown a handful")
        if seat != self.to_move or self._has_played(seat):
            return Refusal(
                Illegal.HANDFUL_TOO_LATE, "a handful is shown just before its holder plays their first card"
            )
        need = self.variant.handfuls[action.word]
        have = self._trump_count_for_handful(seat)
        return Refusal(
            Illegal.HANDFUL_TOO_SMALL,
            f"a {action.word} handful needs {need} trumps (the Excuse may count as one) and you hold {have}",
        )

    def _refuse_play(self, action: Action) -> Refusal:
        seat = action.seat
        if len(action.cards) != 1:
            return Refusal(Illegal.NOT_ALLOWED, "play exactly one card, like 'play HK'")
        card = action.card
        hand = self.hands[seat]
        if card not in hand:
            return Refusal(Illegal.NOT_IN_HAND, f"you do not hold {cards_in_words([card])}")
        trick = self.current
        assert trick is not None
        led = trick.led
        if not trick.plays and self.called is not None:
            return Refusal(
                Illegal.CALLED_SUIT_LEAD,
                f"the first lead may not be in the called suit ({self.called.suit.english}) "
                f"unless it is the called card, {cards_in_words([self.called])}",
            )
        assert led is not None
        if led is not _TRUMPS:
            follow = [c for c in hand if c.suit is led]
            if follow:
                return Refusal(
                    Illegal.MUST_FOLLOW_SUIT,
                    f"you must follow suit: {led.english} were led and you hold {cards_in_words(follow)}",
                )
        trumps = [c for c in hand if c.is_trump]
        best = trick.best_trump
        over = [c for c in trumps if c.rank > best]
        if card.is_trump and over and best:
            return Refusal(
                Illegal.MUST_OVERTRUMP,
                f"you must overtrump: the trick holds the {best} of trumps "
                f"and you hold {cards_in_words(over)}",
            )
        if led is _TRUMPS:
            return Refusal(
                Illegal.MUST_FOLLOW_SUIT,
                f"trumps were led: you must play a trump{f' higher than the {best}' if over else ''}, "
                f"and you hold {cards_in_words(over or trumps)}",
            )
        if best and over:
            return Refusal(
                Illegal.MUST_OVERTRUMP,
                f"you have no {led.english} so you must trump, and overtrump: the trick holds the {best} of "
                f"trumps and you hold {cards_in_words(over)}",
            )
        return Refusal(
            Illegal.MUST_TRUMP,
            f"you have no {led.english}, so you must trump: you hold {cards_in_words(trumps)}",
        )

    # ------------------------------------------------------------------ push / pop
    def push(self, action: Action) -> None:
        """Apply ``action``; raise :class:`IllegalActionError` (round unchanged) if it is not allowed."""
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if action.kind == "play" and self.phase is _PLAYING and len(action.cards) == 1:
            # The commonest action, checked against the legal cards (a C test on integers; ``in legal``
            # would call ``Action.__eq__`` for each action before the one played).
            if action.seat is not self.to_move or action.cards[0] not in self._legal_cards:
                refusal = self._refusal(action)
                raise IllegalActionError(refusal.reason, refusal.message)
            self._apply_play(action.seat, action.cards[0])
        elif action in legal:
            self._apply(action)
        else:
            refusal = self._refusal(action)
            raise IllegalActionError(refusal.reason, refusal.message)
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
        # is drawn among ``legal_cards`` (as ``legal_actions`` does) and applied as ``_apply_play`` does,
        # with ``Trick.add`` written out; a complete trick goes through the same ``_close_trick``.
        # Seats and cards are plain ints inside the loop (``int`` subclasses such as ``Seat`` and
        # ``Card`` miss the interpreter's specialised integer instructions): each hand has a copy of
        # plain pack indexes, kept in step with it, and the objects are looked up only for the record.
        hands, record, plays_of, players = self.hands, self.actions, PLAYS, self.players
        numbers = [[*map(int, hand)] for hand in hands]
        following = _PLAIN_NEXT[players]
        overtrump, leads, close, span = self._overtrump, self._legal_leads, self._close_trick, following_span
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
            raise TarotError("no action to take back")
        actions = self.actions[:-1]
        last = self.actions[-1]
        self._reset()
        for action in actions:
            self._apply(action)
            self.actions.append(action)
        self._legal = None
        return last

    def copy(self) -> Round:
        clone = type(self)(self.variant, self.dealer, self.initial_hands, self.initial_dog)
        for action in self.actions:
            clone._apply(action)
            clone.actions.append(action)
        return clone

    def _apply(self, action: Action) -> None:
        kind = action.kind
        if kind == "play":
            self._apply_play(action.seat, action.cards[0])
        elif kind in ("bid", "pass"):
            self._apply_bid(action)
        elif kind == "call":
            self._apply_call(action.cards[0])
        elif kind == "discard":
            self._apply_discard(action.cards[0])
        elif kind == "handful":
            self._apply_handful(action.seat, action.word)
        elif kind == "slam":
            self.slam_announced = True
            assert self.current is not None
            self.current.leader = self.rule_first_leader()
            self.to_move = self.current.leader
        elif kind == "petit-sec":
            self.outcome = "redeal-petit-sec"
            self.phase = _OVER
            self.to_move = None
        else:  # pragma: no cover - refused earlier
            raise TarotError(f"unknown action {action}")

    def _apply_bid(self, action: Action) -> None:
        if action.kind == "bid":
            self.bids.append(action)
        self.spoken += 1
        assert self.to_move is not None
        if self.spoken < self.players:
            self.to_move = self._next_seat[self.to_move]
            return
        if not self.bids:
            self.outcome = "redeal-all-passed"
            self.phase = _OVER
            self.to_move = None
            return
        self.taker = self.bids[-1].seat
        self.contract = self.bids[-1].word
        if self.variant.players == 5:
            self.phase = _CALLING
            self.to_move = self.taker
        else:
            self._after_call()

    def _apply_call(self, card: Card) -> None:
        self.called = card
        holder = self.holder_of(card)
        self.partner = None if holder is None or holder == self.taker else holder
        self._after_call()

    def _after_call(self) -> None:
        assert self.taker is not None and self.contract is not None
        if self.rule_takes_dog(self.contract):
            self.dog_revealed = True
            self.hands[self.taker] = sorted([*self.hands[self.taker], *self.dog])
            self.phase = _DISCARD
            self.to_move = self.taker
        else:
            self._start_play()

    def _apply_discard(self, card: Card) -> None:
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

    def _apply_play(self, seat: Seat, card: Card) -> None:
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
            self.outcome = "played"
            self.to_move = None
            return
        self.current = Trick(len(tricks), winner)
        self.to_move = winner

    def rule_excuse_kept_in_slam(self) -> bool:
        """Whether an Excuse played to the last trick stays with its side when that side wins every
        trick (the FFT's "except in a slam"); otherwise it goes over to the other side like any Excuse
        played to the last trick. A side that wins no trick keeps its Excuse there in every rule set."""
        return True

    def rule_trick_winner(self, trick: Trick) -> Seat:
        """The highest trump, or else the highest card of the suit led; the Excuse wins only a slam's
        last trick. Before any other card, the Excuse's player holds the trick for now."""
        plays = trick.plays
        if plays[0][1] is EXCUSE and self._excuse_wins(trick):
            return plays[0][0]
        ahead = trick.ahead
        return ahead if ahead is not None else plays[0][0]

    def current_winner(self) -> Seat | None:
        """Who would win the current trick if it stopped now (None before its first card)."""
        trick = self.current
        if trick is None or not trick.plays:
            return None
        if len(trick.plays) == self.players:
            return trick.winner
        return self.rule_trick_winner(trick)

    def _excuse_wins(self, trick: Trick) -> bool:
        """The Excuse wins only when led to the last trick by a side that has won every trick."""
        if trick.number != self.variant.hand_size - 1:
            return False
        seat = trick.plays[0][0]
        if not self.slam_announced and not self.variant.options.excuse_wins_unannounced_slam:
            return False
        side = self.side_of(seat)
        return all(self.side_of(t.winner) == side for t in self.tricks if t.winner is not None)

    # ------------------------------------------------------------------ end of round
    def count(self) -> Counting:
        """Card points of each side at the end, with the Excuse and the dog handled."""
        if self.outcome != "played":
            raise TarotError("the round has not been played to the end")
        return self.tally()

    def tally(self) -> Counting:
        """Card points of each side so far: the completed tricks, with the Excuse as known now.

        The dog (or discard) joins its side's cards and an unpaid Excuse exchange is settled only once
        the round is over.
        """
        if self.contract is None:
            raise TarotError("nobody has taken yet: there is nothing to count")
        finished = self.outcome == "played"
        piles: dict[str, list[Card]] = {ATTACK: [], DEFENCE: []}
        won = {ATTACK: 0, DEFENCE: 0}
        last_number = self.variant.hand_size - 1
        excuse: ExcuseNote | None = None
        debt: tuple[str, Seat, int] | None = None  # (debtor side, seat, trick number)
        exchange: tuple[Card, int] | None = None
        excuse_won_last = False
        for trick in self.tricks:
            assert trick.winner is not None
            winner_side = self.side_of(trick.winner)
            won[winner_side] += 1
            for seat, card in trick.plays:
                if card is not EXCUSE:
                    piles[winner_side].append(card)
                    continue
                own = self.side_of(seat)
                other = DEFENCE if own == ATTACK else ATTACK
                if trick.winner == seat:
                    excuse_won_last = True
                    piles[own].append(card)
                    excuse = ExcuseNote(
                        seat,
                        trick.number,
                        own,
                        None,
                        None,
                        "led to the last trick by a side that won every trick, the Excuse wins it",
                    )
                elif trick.number == last_number and won[other] == 0 and self.rule_excuse_kept_in_slam():
                    # A slam by the Excuse's own side: the last trick was theirs too, and the Excuse
                    # stays with them (the rule's "except in a slam").
                    piles[own].append(card)
                    excuse = ExcuseNote(
                        seat,
                        trick.number,
                        own,
                        None,
                        None,
                        "played to the last trick of its side's slam, the Excuse stays with that side",
                    )
                elif trick.number == last_number and won[own] > 0:
                    piles[other].append(card)
                    excuse = ExcuseNote(
                        seat,
                        trick.number,
                        other,
                        None,
                        None,
                        "played to the last trick, the Excuse goes over to the other side",
                    )
                else:
                    # The Excuse stays with its side; at the last trick that happens only when its side has
                    # won nothing (a slam against it), and then the exchange can never be paid.
                    piles[own].append(card)
                    if own != winner_side:
                        debt = (own, seat, trick.number)
                    else:
                        excuse = ExcuseNote(
                            seat,
                            trick.number,
                            own,
                            None,
                            None,
                            "the Excuse stays with its side, which also won the trick: no exchange",
                        )
            if debt is not None and exchange is None:
                debtor = debt[0]
                low = next((c for c in piles[debtor] if c.half_points == 1 and c is not EXCUSE), None)
                if low is not None:
                    piles[debtor].remove(low)
                    piles[DEFENCE if debtor == ATTACK else ATTACK].append(low)
                    exchange = (low, trick.number)
        adjust = 0
        if debt is not None and not finished and exchange is None:
            excuse = ExcuseNote(
                debt[1],
                debt[2],
                debt[0],
                None,
                None,
                "the Excuse stays with its side, which owes half a point until it wins a trick",
            )
        elif debt is not None:
            debtor, seat, number = debt
            if exchange is not None:
                excuse = ExcuseNote(
                    seat,
                    number,
                    debtor,
                    exchange[0],
                    exchange[1],
                    "the Excuse stays with its side, which gives "
                    f"{cards_in_words([exchange[0]])} (half a point) in exchange",
                )
            else:
                excuse = ExcuseNote(
                    seat,
                    number,
                    debtor,
                    None,
                    None,
                    "the Excuse stays with its side, which never had a card to give in exchange: "
                    "it counts 4 points and the other side gets the half point",
                )
                adjust = 1 if debtor == DEFENCE else -1
        dog_side = self.rule_dog_side(self.contract)
        if finished:
            dog_cards = self.discard if self.rule_takes_dog(self.contract) else self.dog
            piles[dog_side].extend(dog_cards)
        attack_half = count_half_points(piles[ATTACK]) + adjust
        defence_half = count_half_points(piles[DEFENCE]) - adjust
        petit_side = self._petit_au_bout(excuse_won_last) if finished else None
        slam_by = None
        if finished:
            slam_by = ATTACK if won[DEFENCE] == 0 else DEFENCE if won[ATTACK] == 0 else None
        return Counting(
            attack_cards=tuple(sort_hand(piles[ATTACK])),
            defence_cards=tuple(sort_hand(piles[DEFENCE])),
            attack_half_points=attack_half,
            defence_half_points=defence_half,
            attack_bouts=len(_BOUT_SET.intersection(piles[ATTACK])),
            tricks_won=won,
            excuse=excuse,
            dog_to=dog_side,
            petit_au_bout=petit_side,
            slam_by=slam_by,
        )

    def _petit_au_bout(self, excuse_won_last: bool) -> str | None:
        candidates = [self.tricks[-1]]
        if excuse_won_last and len(self.tricks) >= 2:
            candidates = [self.tricks[-2], self.tricks[-1]]
        for trick in candidates:
            if any(card is PETIT for card in trick.cards):
                assert trick.winner is not None
                return self.side_of(trick.winner)
        return None

    def result(self) -> RoundResult:
        """The outcome; for a played round, the counting, the score breakdown and every seat's score."""
        if self.phase is not _OVER or self.outcome is None:
            raise TarotError("the round is not over yet")
        if self.outcome != "played":
            return RoundResult(self.outcome, None, None, dict.fromkeys(SEATS[: self.players], 0))
        counting = self.count()
        score = self.variant.score_round(self, counting)
        return RoundResult(self.outcome, counting, score, score.by_seat(self))

    # ------------------------------------------------------------------ reports (replays, command line)
    def trick_value(self, trick: Trick) -> int | float:
        """What a finished trick is worth to its winner under these rules: here its card points."""

        return points_value(sum(card.half_points for card in trick.cards))

    def trick_note(self, trick: Trick) -> str:
        """What a replay prints after a trick's winner: ``(attack); card points so far: ...``."""

        assert trick.winner is not None
        tally = self.tally()
        return (
            f"({self.side_of(trick.winner)}); card points so far: "
            f"attack {format_points(tally.attack_half_points)}, "
            f"defence {format_points(tally.defence_half_points)}"
        )

    def result_lines(self, name: Callable[[Seat], str]) -> list[str]:
        """How a finished round ended, in lines for readers: the counting, the working and each score."""

        result = self.result()
        if result.outcome != "played":
            return [f"No score: {result.outcome.replace('-', ' ')}."]
        assert result.counting is not None and result.score is not None
        counting = result.counting
        lines = []
        if counting.excuse is not None:
            lines.append(f"Excuse: {counting.excuse.explanation}.")
        lines.append(
            f"Counted: attack {format_points(counting.attack_half_points)} "
            f"with {bouts_text(counting.attack_bouts)}, "
            f"defence {format_points(counting.defence_half_points)} "
            f"(the dog or the discard counts for the {counting.dog_to})"
        )
        lines.extend(format_breakdown(result.score.as_dict()).splitlines())
        lines.append(
            "By seat: " + ", ".join(f"{name(seat)} {score:+d}" for seat, score in result.by_seat.items())
        )
        return lines

    def result_summary(self) -> dict[str, object]:
        """Short facts of a finished round, as stated in hand records' ``expected`` block."""

        result = self.result()
        summary: dict[str, object] = {"outcome": result.outcome}
        if result.counting is not None:
            summary["taker"] = str(self.taker)
            summary["contract"] = self.contract
            summary["taker_points"] = points_value(result.counting.attack_half_points)
            summary["bouts"] = result.counting.attack_bouts
        summary["scores"] = {str(seat): score for seat, score in result.by_seat.items()}
        return summary

    def __repr__(self) -> str:
        return (
            f"<Round {self.variant.key} dealer={self.dealer} phase={self.phase.value} "
            f"actions={len(self.actions)}>"
        )
