"""The state of a round of the French family of games and the rule hooks that read it.

:class:`RoundState` holds a deal as it stands (hands, bids, tricks, who is to move) and answers the
questions every rule set asks of it: who attacks, which side a seat plays for, what each seat is
shown, who wins a trick and what each side has won. The moves themselves (legal actions, refusals,
``push`` and ``pop``) are those of :class:`~tarot_core.engine.round.Round`, built on this class.
"""

from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import chain
from typing import Final, Protocol

from ..actions import Action, ActionKind
from ..cards import (
    BOUTS,
    EXCUSE,
    FIRST_TRUMP_INDEX,
    KING,
    KNIGHT,
    PETIT,
    PLAIN_SUITS,
    QUEEN,
    Card,
    CardsInWords,
    Suit,
    count_half_points,
    format_cards,
    sort_hand,
)
from ..errors import TarotError
from ..messages import Number, _, gettext_lazy
from ..seats import ATTACK, DEFENCE, NEXT_SEAT, SEATS, Seat, side_noun
from .options import Options
from .result import points_value
from .trick import Counting, ExcuseNote, Trick
from .view import Declared, Pile


class RoundFacts(Protocol):
    """What a round's state reads of its rule set: the sizes of the deal, the options, and the French
    facts (contracts, handfuls, slams) that the default hooks follow.

    Every :class:`~tarot_core.engine.variant.Variant` has them all: the base class gives the French facts
    neutral values (no contracts, no handfuls, no slam announcement) for the rule sets that do not use
    the default hooks."""

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
    def options(self) -> Options: ...
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
    @property
    def excuse_wins_unannounced_slam(self) -> bool: ...
    @property
    def must_overtrump(self) -> bool: ...
    @property
    def knowledge(self) -> Declared: ...
    def option_overrides(self) -> dict[str, object]: ...


#: The next seat as plain ints (``_PLAIN_NEXT[players][s]``), and the bouts as a set.
_PLAIN_NEXT: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(int(s) for s in row) for row in NEXT_SEAT)
_BOUT_SET: Final = frozenset(BOUTS)


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


class Outcome(StrEnum):
    """How a round ended, by its notation in records and answers: played to the end, or dealt again
    because everybody passed or a player held the Petit alone."""

    PLAYED = "played"
    REDEAL_ALL_PASSED = "redeal-all-passed"
    REDEAL_PETIT_SEC = "redeal-petit-sec"


# Enum members read through their class cost a Python-level descriptor call in CPython 3.11, so the
# hot paths use these module constants.
_PLAYING: Final = Phase.PLAYING
_BIDDING: Final = Phase.BIDDING
_PETIT_SEC: Final = Phase.PETIT_SEC
_OVER: Final = Phase.OVER
_CALLING: Final = Phase.CALLING
_DISCARD: Final = Phase.DISCARD
_TRUMPS: Final = Suit.TRUMPS


class RoundState:
    """A deal of a French-family game as it stands, with the rule hooks that read it."""

    variant: RoundFacts

    def __init__(
        self,
        variant: RoundFacts,
        dealer: Seat,
        hands: Sequence[Iterable[Card]],
        dog: Iterable[Card],
    ) -> None:
        self.variant = variant
        self.players = variant.players
        self._overtrump: bool = variant.must_overtrump
        self._next_seat = NEXT_SEAT[self.players]
        self.dealer = SEATS[dealer]  # a Seat, also when given a plain index
        if self.dealer >= self.players:
            raise TarotError(gettext_lazy("the dealer must be one of p1 to p{last}", last=self.players))
        # Cards are their pack indexes, so a plain sort puts them in pack order.
        self.initial_hands = tuple(map(tuple, map(sorted, hands)))
        self.initial_dog = tuple(sorted(dog))
        self.rule_check_deal()
        self.rule_reset()

    # ------------------------------------------------------------------ setup
    def rule_check_deal(self) -> None:
        """Refuse a deal these rules cannot play (the sizes of the hands and the dog, the pack)."""
        variant = self.variant
        if len(self.initial_hands) != self.players:
            raise TarotError(
                gettext_lazy(
                    "{variant} needs {players} hands, not {count}",
                    variant=variant.key,
                    players=self.players,
                    count=len(self.initial_hands),
                )
            )
        for seat, hand in zip(SEATS, self.initial_hands, strict=False):
            if len(hand) != variant.hand_size:
                raise TarotError(
                    gettext_lazy(
                        "{seat} holds {count} cards; each player needs {size}",
                        seat=seat,
                        count=len(hand),
                        size=variant.hand_size,
                    )
                )
        if len(self.initial_dog) != variant.dog_size:
            raise TarotError(
                gettext_lazy(
                    "the dog holds {count} cards; it needs {size}",
                    count=len(self.initial_dog),
                    size=variant.dog_size,
                )
            )
        unique = set(self.initial_dog).union(*self.initial_hands)
        if len(unique) != variant.dog_size + self.players * variant.hand_size:
            dealt = list(chain(self.initial_dog, *self.initial_hands))
            twice = sorted({c for c in dealt if dealt.count(c) > 1})
            raise TarotError(gettext_lazy("{cards} dealt twice", cards=format_cards(twice)))
        if unique != variant.pack_set:
            missing = variant.pack_set - unique
            raise TarotError(
                gettext_lazy(
                    "the deal does not use the pack: {cards} missing", cards=format_cards(sort_hand(missing))
                )
            )

    def rule_reset(self) -> None:
        """Set the round to its start: the hands as dealt, no action yet, the first player to move."""
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
        self.outcome: Outcome | None = None
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
        for _turn in range(self.players):
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
            return Action(action.seat, ActionKind.DISCARD)
        return action

    def rule_public_notes(self) -> list[str]:
        """What was said aloud that the actions do not tell (none in the French rules)."""
        return []

    def rule_must_trump(self) -> bool:
        """Whether a player who cannot follow suit must trump (so that not trumping shows a void)."""
        return True

    def rule_excuse_kept_in_slam(self) -> bool:
        """Whether an Excuse played to the last trick stays with its side when that side wins every
        trick (the FFT's "except in a slam"); otherwise it goes over to the other side like any Excuse
        played to the last trick. A side that wins no trick keeps its Excuse there in every rule set."""
        return True

    def rule_trick_winner(self, trick: Trick) -> Seat:
        """The highest trump, or else the highest card of the suit led; the Excuse wins only a slam's
        last trick. Before any other card, the Excuse's player holds the trick for now."""
        plays = trick.plays
        if plays[0][1] is EXCUSE and self.rule_excuse_wins(trick):
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

    def rule_excuse_wins(self, trick: Trick) -> bool:
        """The Excuse wins only when led to the last trick by a side that has won every trick."""
        if trick.number != self.variant.hand_size - 1:
            return False
        seat = trick.plays[0][0]
        if not self.slam_announced and not self.variant.excuse_wins_unannounced_slam:
            return False
        side = self.side_of(seat)
        return all(self.side_of(t.winner) == side for t in self.tricks if t.winner is not None)

    # ------------------------------------------------------------------ end of round
    def count(self) -> Counting:
        """Card points of each side at the end, with the Excuse and the dog handled."""
        if self.outcome != "played":
            raise TarotError(gettext_lazy("the round has not been played to the end"))
        return self.tally()

    def tally(self) -> Counting:
        """Card points of each side so far: the completed tricks, with the Excuse as known now.

        The dog (or discard) joins its side's cards and an unpaid Excuse exchange is settled only once
        the round is over.
        """
        if self.contract is None:
            raise TarotError(gettext_lazy("nobody has taken yet: there is nothing to count"))
        finished = self.outcome == "played"
        piles: dict[str, list[Card]] = {ATTACK: [], DEFENCE: []}
        won: dict[str, int] = {ATTACK: 0, DEFENCE: 0}
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
                        gettext_lazy(
                            "led to the last trick by a side that won every trick, the Excuse wins it"
                        ),
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
                        gettext_lazy(
                            "played to the last trick of its side's slam, the Excuse stays with that side"
                        ),
                    )
                elif trick.number == last_number and won[own] > 0:
                    piles[other].append(card)
                    excuse = ExcuseNote(
                        seat,
                        trick.number,
                        other,
                        None,
                        None,
                        gettext_lazy("played to the last trick, the Excuse goes over to the other side"),
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
                            gettext_lazy(
                                "the Excuse stays with its side, which also won the trick: no exchange"
                            ),
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
                gettext_lazy("the Excuse stays with its side, which owes half a point until it wins a trick"),
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
                    gettext_lazy(
                        "the Excuse stays with its side, which gives {card} (half a point) in exchange",
                        card=CardsInWords((exchange[0],)),
                    ),
                )
            else:
                excuse = ExcuseNote(
                    seat,
                    number,
                    debtor,
                    None,
                    None,
                    gettext_lazy(
                        "the Excuse stays with its side, which never had a card to give in exchange: "
                        "it counts 4 points and the other side gets the half point"
                    ),
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

    # ------------------------------------------------------------------ reports (replays, command line)
    def trick_value(self, trick: Trick) -> int | float:
        """What a finished trick is worth to its winner under these rules: here its card points."""

        return points_value(sum(card.half_points for card in trick.cards))

    def trick_note(self, trick: Trick) -> str:
        """What a replay prints after a trick's winner: ``(attack); card points so far: ...``."""

        assert trick.winner is not None
        tally = self.tally()
        return _(
            "({side:bare}); card points so far: attack {attack}, defence {defence}",
            side=side_noun(self.side_of(trick.winner)),
            attack=Number(tally.attack_half_points / 2),
            defence=Number(tally.defence_half_points / 2),
        )

    # ------------------------------------------------------------------ what a table shows (pages, widgets)
    def rule_stage(self) -> str:
        """The step the deal is at, in these rules' own terms (the key of a rule set's ``words.steps``):
        here the phase."""
        return self.phase.value

    def rule_role(self, seat: Seat, viewer: Seat | None = None) -> str:
        """What ``seat`` is at the table as ``viewer`` knows it (None: one who sees every card): "taker",
        "partner" or "defender" once somebody has taken; "" before, and for a seat whose side ``viewer``
        cannot know yet (while the called card is unplayed)."""
        if self.taker is None:
            return ""
        if seat == self.taker:
            return "taker"
        if viewer is not None and viewer != seat and not self.partner_revealed and not self.is_over:
            return ""
        return "partner" if seat == self.partner else "defender"

    def rule_apart_taker(self) -> Seat | None:
        """Who takes the cards dealt apart into his hand: the taker of a contract with the dog; None while
        nobody has taken, or when the contract leaves the dog aside."""
        if self.taker is None or self.contract is None or not self.rule_takes_dog(self.contract):
            return None
        return self.taker

    def rule_dog_counts_for_nobody(self) -> bool:
        """Whether the dog, left aside, counts for neither side at the end (never under these rules)."""
        return False

    def rule_talk(
        self, name: Callable[[Seat], str], card: Callable[[Card], str], viewer: Seat | None = None
    ) -> list[str]:
        """What was said at the table besides the bids, as sentences naming each seat with ``name`` and
        each card with ``card``, as ``viewer`` heard it (a card handed over face down is "a card"
        for the others); everything with no viewer (nothing under these rules)."""
        return []

    def rule_score_panel(self) -> "ScorePanel | None":
        """The count so far as a score panel shows it: here each side's card points, bouts and tricks,
        once somebody has taken and the play is under way (the discard counted at the end)."""
        if self.contract is None or self.taker is None or self.phase in (_BIDDING, _CALLING):
            return None
        try:
            counting = self.count() if self.outcome == "played" else self.tally()
        except TarotError:
            return None
        rows: list[tuple[str, dict[str, object]]] = [
            (
                side,
                {
                    "points": points_value(half),
                    "bouts": sum(1 for c in cards if c.is_bout),
                    "tricks": counting.tricks_won.get(side, 0),
                },
            )
            for side, half, cards in (
                (ATTACK, counting.attack_half_points, counting.attack_cards),
                (DEFENCE, counting.defence_half_points, counting.defence_cards),
            )
        ]
        return ScorePanel("sides", "card points", rows)

    def rule_score_request(self) -> dict[str, object] | None:
        """The score request (as ``python -m tarot_core score`` reads it, without the rule options) that
        scores this round once played to the end; None before, or where these rules give none."""
        if self.outcome != "played" or self.contract is None:
            return None
        counting = self.count()
        request: dict[str, object] = {
            "variant": self.variant.family,
            "players": self.players,
            "contract": self.contract,
            "oudlers": counting.attack_bouts,
            "points": points_value(counting.attack_half_points),
        }
        if counting.petit_au_bout:
            request["petit_au_bout"] = counting.petit_au_bout
        if self.handfuls:
            request["handfuls"] = [
                {"side": self.side_of(seat), "size": size} for seat, size, _ in self.handfuls
            ]
        if self.slam_announced or counting.slam_by:
            request["slam"] = {"announced": self.slam_announced, "won_by": counting.slam_by}
        if self.players == 5 and self.partner is None:
            request["alone"] = True
        return request

    def __repr__(self) -> str:
        return (
            f"<Round {self.variant.key} dealer={self.dealer} phase={self.phase.value} "
            f"actions={len(self.actions)}>"
        )


@dataclass(frozen=True, slots=True)
class ScorePanel:
    """A round's count so far, as a score panel shows it (:meth:`RoundState.rule_score_panel`)."""

    #: "sides" (a row for the attack, then the defence) or "seats" (a row for each seat, "p1" first).
    kind: str
    #: What the points are: "card points", "trick points".
    unit: str
    #: For each side or seat, its name ("attack", "p1") and its figures ("points", "tricks", ...).
    rows: list[tuple[str, dict[str, object]]]
