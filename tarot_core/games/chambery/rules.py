"""Chambéry Tarot's playable round: the variants for 3, 4 and 5 players, the deal in packets, the
bidding, the dealer's discard and call, the play and the counting."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar, Final

from ...actions import PLAYS, Action, ActionKind
from ...cards import (
    Card,
    sort_hand,
)
from ...engine.options import Options, option
from ...engine.result import Score, Seated
from ...engine.round import Round
from ...engine.state import Phase, ScorePanel
from ...engine.trick import Counting, ExcuseNote, Trick
from ...engine.variant import Variant, register
from ...errors import Illegal, Refusal, TarotError
from ...messages import N_, _, gettext_lazy
from ...seats import ATTACK, DEFENCE, SEATS, Seat, order_from
from . import table
from .options import FOU, PAGAT, VARIANT_NAME, ChamberyOptions
from .play import (
    BIDS,
    BIDS_BY_WORD,
    Layout,
    bid_refusal,
    call_candidates,
    call_refusal,
    card_noun,
    count_points,
    demand_refusal,
    discard_announcements,
    discard_card_refusal,
    discard_choices,
    layout,
    legal_plays,
    pack_cards,
    play_refusal,
    stage_refusal,
    trick_winner,
)
from .scoring import pay_partnership, pay_three

if TYPE_CHECKING:
    from ...engine.view import Pile

# ---------------------------------------------------------------------------------------------- the round


@dataclass(frozen=True)
class ChamberyTableOptions(ChamberyOptions):
    """The options of a playable Chambéry round: the rule options and the pack."""

    pack: int = option(
        78,
        N_("the pack: 78 cards, or 62 for the tarot simplifié (no 2 to 5 in the suits)"),
        choices=(78, 62),
    )

    def rules(self) -> ChamberyOptions:
        """The rule options alone (what the payment functions take)."""
        return ChamberyOptions(**{item.name: getattr(self, item.name) for item in fields(ChamberyOptions)})


class Stage(StrEnum):
    """The steps of a Chambéry deal. ``Round.phase`` shows the nearest common phase."""

    DISCARD = "discard"  # the dealer lays cards away (Phase.DISCARD)
    BIDDING = "bidding"  # one chance each to bid a solo (Phase.BIDDING)
    DEMAND = "demand"  # the soloist names the cards he wants (Phase.CALLING)
    EXCHANGE = "exchange"  # the soloist gives a card for each card received (Phase.DISCARD)
    CALL = "call"  # nobody bid: the dealer calls a King (Phase.CALLING)
    PLAYING = "playing"
    OVER = "over"


_STAGE_KINDS: Final = {
    Stage.DISCARD: ("discard",),
    Stage.BIDDING: ("bid", "pass"),
    Stage.DEMAND: ("demand",),
    Stage.EXCHANGE: ("give",),
    Stage.CALL: ("call",),
    Stage.PLAYING: ("play",),
}
#: The variants' titles, by the players and the pack.
_TITLES: Final = {
    (3, 78): N_("Chambéry Tarot, 3 players"),
    (4, 78): N_("Chambéry Tarot, 4 players"),
    (5, 78): N_("Chambéry Tarot, 5 players"),
    (3, 62): N_("Chambéry Tarot, 3 players, 62 cards"),
    (4, 62): N_("Chambéry Tarot, 4 players, 62 cards"),
    (5, 62): N_("Chambéry Tarot, 5 players, 62 cards"),
}


class ChamberyVariant(Variant):
    """Chambéry Tarot for one player count; the pack (78 or 62 cards) is the option ``pack``."""

    family: ClassVar[str] = VARIANT_NAME
    options_class: ClassVar[type[Options]] = ChamberyTableOptions
    options: ChamberyTableOptions
    packet: ClassVar[int] = 5
    #: The solo bids (none with three players); with four, none either under fixed partners.
    deal_salt = "chambery"

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        lay = layout(self.players, self.options.pack)
        self.layout = lay
        self.rules: ChamberyOptions = self.options.rules()
        with_bids = self.players == 5 or (self.players == 4 and self.rules.four_player == "call")
        # Facts that depend on the pack are instance values here (class-level facts elsewhere).
        vars(self).update(
            hand_size=lay.hand_size,
            dog_size=lay.dealer_extra,
            contracts=tuple(BIDS_BY_WORD) if with_bids else (),
            title=_TITLES[self.players, lay.pack],
        )

    @property
    def pack(self) -> tuple[Card, ...]:
        return pack_cards(self.layout.pack)

    def new_round(
        self,
        dealer: Seat,
        hands: list[list[Card]] | tuple[tuple[Card, ...], ...],
        dog: list[Card] | tuple[Card, ...],
    ) -> Round:
        """A round from a deal; ``dog`` holds the dealer's extra cards (dealt with his last packet)."""
        return ChamberyRound(self, dealer, hands, dog)

    def deal_round_from(self, dealer: Seat, rng: random.Random) -> Round:
        """A new round shuffled with ``rng``, dealt by fives from the dealer's right, his extras last."""
        pack = list(self.pack)
        rng.shuffle(pack)
        hands, extra = deal_packets(pack, dealer, self.layout)
        return self.new_round(dealer, hands, extra)

    def score_round(self, rnd: Round, counting: Counting) -> Score:
        assert isinstance(rnd, ChamberyRound) and isinstance(counting, ChamberyCounting)
        return score_counting(rnd, counting)


def deal_packets(pack: Sequence[Card], dealer: Seat, lay: Layout) -> tuple[list[list[Card]], list[Card]]:
    """Deal a shuffled pack: packets in turn from the dealer's right, the dealer's extra cards last."""
    players = lay.players
    order = order_from(dealer.next(players), players)
    hands: list[list[Card]] = [[] for _ in range(players)]
    position = 0
    for size in lay.packets:
        for seat in order:
            hands[seat].extend(pack[position : position + size])
            position += size
    extra = list(pack[position:])
    assert len(extra) == lay.dealer_extra
    return [sorted(hand) for hand in hands], sorted(extra)


@register
class Chambery5(ChamberyVariant):
    key = "chambery-5"
    title = N_("Chambéry Tarot, 5 players")
    players = 5
    hand_size = layout(5, 78).hand_size
    dog_size = layout(5, 78).dealer_extra
    contracts = tuple(BIDS_BY_WORD)


@register
class Chambery4(ChamberyVariant):
    key = "chambery-4"
    title = N_("Chambéry Tarot, 4 players")
    players = 4
    hand_size = layout(4, 78).hand_size
    dog_size = layout(4, 78).dealer_extra
    contracts = tuple(BIDS_BY_WORD)


@register
class Chambery3(ChamberyVariant):
    key = "chambery-3"
    title = N_("Chambéry Tarot, 3 players")
    players = 3
    hand_size = layout(3, 78).hand_size
    dog_size = layout(3, 78).dealer_extra
    contracts = ()


@dataclass(frozen=True, slots=True)
class ChamberyCounting(Counting):
    """The counting of a Chambéry deal: card points in whole points, per seat and per side.

    The inherited ``*_half_points`` fields hold twice the Chambéry points, so that generic displays
    of half-points show the right number. With three players the "attack" is the dealer.
    """

    seat_points: tuple[int, ...] = ()
    seat_tricks: tuple[int, ...] = ()
    attack_points: int = 0
    defence_points: int = 0
    discard_points: int = 0


@dataclass(frozen=True, slots=True)
class ChamberyScore(Score):
    """A scored Chambéry deal: the payment's working and every seat's score."""

    seat_scores: tuple[int, ...] = ()
    roles: tuple[tuple[str, int], ...] = ()

    def by_seat(self, rnd: Seated) -> dict[Seat, int]:
        return dict(zip(SEATS[: rnd.players], self.seat_scores, strict=True))

    def as_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "variant": self.variant,
            "won": self.won,
            "breakdown": [term.as_dict() for term in self.terms],
            "scores": dict(self.roles),
            "by_seat": {str(SEATS[i]): score for i, score in enumerate(self.seat_scores)},
        }
        data.update(self.extra)
        return data


class ChamberyRound(Round):
    """A Chambéry deal: the dealer's discard, the solo bids, demands and exchanges or the dealer's call,
    then the play, where the Fou is shown once and kept and nobody has to overtrump.

    The dealer's extra cards are the round's ``dog`` as dealt; they join his hand at once.
    """

    def __init__(
        self,
        variant: ChamberyVariant,
        dealer: Seat,
        hands: Sequence[Iterable[Card]],
        dog: Iterable[Card],
    ) -> None:
        self.game = variant
        self.layout = variant.layout
        self.rules = variant.rules
        super().__init__(variant, dealer, hands, dog)

    # ------------------------------------------------------------------ state
    def rule_reset(self) -> None:
        super().rule_reset()
        dealer = self.dealer
        self.hands[dealer] = sorted([*self.hands[dealer], *self.dog])
        self.dealt: tuple[tuple[Card, ...], ...] = tuple(tuple(hand) for hand in self.hands)
        self.dog = []
        self.phase = Phase.DISCARD
        self.to_move = dealer
        #: Cards the soloist named that are handed over, in order; and those found in the discard.
        self.demands: list[Card] = []
        self.misses: list[Card] = []
        #: (card, from whom) handed to the soloist; (card, to whom) he gave back.
        self.received: list[tuple[Card, Seat]] = []
        self.given: list[tuple[Card, Seat]] = []
        #: What was said aloud: the Pagat in the discard, a partner making himself known, ...
        self.announcements: list[str] = []
        #: Which of them the table talk tells in its own words (a demanded card handed over, the called
        #: card's holder), by their place in ``announcements``.
        self.retold: set[int] = set()

    def rule_petit_sec_seat(self) -> Seat | None:
        return None  # Chambéry Tarot has no petit sec

    @property
    def stage(self) -> Stage:
        phase = self.phase
        if phase is Phase.DISCARD:
            return Stage.DISCARD if self.contract is None else Stage.EXCHANGE
        if phase is Phase.CALLING:
            return Stage.DEMAND if self.contract in BIDS_BY_WORD else Stage.CALL
        if phase is Phase.BIDDING:
            return Stage.BIDDING
        return Stage.PLAYING if phase is Phase.PLAYING else Stage.OVER

    @property
    def partner_revealed(self) -> bool:
        return True  # the holder of the called card makes himself known at once

    def side_of(self, seat: Seat) -> str:
        if self.players == 3:
            return ATTACK if seat == self.dealer else DEFENCE
        return super().side_of(seat)

    def seat_holding(self, card: Card) -> Seat | None:
        for seat in SEATS[: self.players]:
            if card in self.hands[seat]:
                return seat
        return None

    # ------------------------------------------------------------------ what each seat sees
    def rule_partner_known(self, seat: Seat) -> bool:
        return True  # the holder of the called card makes himself known at once

    def rule_shown_piles(self, seat: Seat) -> list[Pile]:
        """The dealer sees his discard; everyone sees the demanded cards handed to the soloist and those
        found in the discard; a card the soloist gives back is seen by him and its receiver."""
        from ...engine.view import Pile

        piles: list[Pile] = []
        if seat == self.dealer and self.discard:
            piles.append(Pile("discard", seat, tuple(sorted(self.discard))))
        if self.misses:
            piles.append(Pile("discard-found", self.dealer, tuple(self.misses)))
        if seat != self.dealer and PAGAT in self.discard:
            piles.append(Pile("discard-pagat", self.dealer, (PAGAT,)))  # "Baga à l'écart", said aloud
        piles.extend(Pile("received", holder, (card,), str(self.taker)) for card, holder in self.received)
        for card, receiver in self.given:
            if seat in (self.taker, receiver):
                piles.append(Pile("given", self.taker, (card,), str(receiver)))
        return piles

    def rule_hidden_piles(self, seat: Seat) -> list[tuple[str, int]]:
        """The dealer's discard, for everyone else (less the demanded cards found in it and the Pagat,
        which the dealer announces)."""
        if not self.discard or seat == self.dealer:
            return []
        count = len(set(self.discard) - {*self.misses, PAGAT})
        return [("discard", count)] if count else []

    def rule_seen_action(self, seat: Seat, action: Action) -> Action:
        if action.seat == seat or action.kind not in ("discard", "give"):
            return action
        if action.kind == "give" and any(
            card == action.card and seat == receiver for card, receiver in self.given
        ):
            return action
        return Action(action.seat, action.kind)

    def rule_public_notes(self) -> list[str]:
        return list(self.announcements)

    @property
    def demands_left(self) -> int:
        if self.contract not in BIDS_BY_WORD:
            return 0
        spent = len(self.demands) + (len(self.misses) if self.rules.demand_in_discard == "lost" else 0)
        return BIDS_BY_WORD[self.contract].demanded - spent

    # ------------------------------------------------------------------ legal actions
    def rule_actions(self) -> list[Action]:
        seat = self.to_move
        stage = self.stage
        if seat is None or stage is Stage.OVER:
            return []
        if stage is Stage.PLAYING:
            row = PLAYS[seat]
            # The base round's fast path for plays reads ``_legal_cards``.
            cards = self._legal_cards = self.legal_cards(seat)
            return [row[card.index] for card in cards]
        if stage is Stage.DISCARD:
            full = [*self.hands[seat], *self.discard]
            choices = discard_choices(sorted(full), self.discard, self.layout.discard_size, self.rules)
            return [Action(seat, ActionKind.DISCARD, "", (card,)) for card in choices]
        if stage is Stage.BIDDING:
            best = self._highest_bid()
            words = [bid.word for bid in BIDS if bid_refusal(bid.word, best) is None]
            return [Action(seat, ActionKind.PASS), *(Action(seat, ActionKind.BID, word) for word in words)]
        if stage is Stage.DEMAND:
            return [
                Action(seat, ActionKind.DEMAND, "", (card,))
                for card in self.pack_cards()
                if self._demand_ok(card)
            ]
        if stage is Stage.EXCHANGE:
            return [Action(seat, ActionKind.GIVE, "", (card,)) for card in self._givable()]
        return [Action(seat, ActionKind.CALL, "", (card,)) for card in self._callable()]

    def pack_cards(self) -> tuple[Card, ...]:
        return pack_cards(self.layout.pack)

    def legal_cards(self, seat: Seat) -> list[Card]:
        trick = self.current
        if trick is None:
            return []
        return legal_plays(self.hands[seat], trick.cards, self.rules)

    def _demand_refusal(self, card: Card) -> Refusal | None:
        assert self.taker is not None
        discard = self.discard if self.taker == self.dealer else ()
        refusal = demand_refusal(self.hands[self.taker], [card], "solo-one-card", soloist_discard=discard)
        if refusal is not None:
            return refusal
        if card not in self.pack_cards():
            return Refusal(
                Illegal.DEMAND_NOT_ALLOWED,
                gettext_lazy("The {card:bare} is not in this pack.", card=card_noun(card)),
            )
        if card in self.demands:
            return Refusal(
                Illegal.DEMAND_NOT_ALLOWED,
                gettext_lazy("You have already asked for {card}.", card=card_noun(card)),
            )
        if card in self.misses:
            return Refusal(
                Illegal.DEMAND_NOT_ALLOWED,
                gettext_lazy(
                    "The {card:bare} is in the discard: ask for another card.", card=card_noun(card)
                ),
            )
        return None

    def _demand_ok(self, card: Card) -> bool:
        return self._demand_refusal(card) is None

    def _givable(self) -> list[Card]:
        assert self.taker is not None
        received = {card for card, _ in self.received}
        return [card for card in self.hands[self.taker] if card not in received]

    def _callable(self) -> list[Card]:
        return call_candidates([*self.hands[self.dealer], *self.discard])

    # ------------------------------------------------------------------ refusals
    def rule_refusal(self, action: Action) -> Refusal:
        stage = self.stage
        if stage is Stage.OVER:
            return Refusal(Illegal.ROUND_OVER, gettext_lazy("The deal is over: no more actions."))
        if action.seat != self.to_move:
            return Refusal(
                Illegal.NOT_YOUR_TURN,
                gettext_lazy("It is {seat}'s turn, not {other}'s.", seat=self.to_move, other=action.seat),
            )
        kind = action.kind
        if kind not in _STAGE_KINDS[stage]:
            return stage_refusal(stage)
        if kind in ("bid", "pass"):
            if kind == "pass" and (action.word or action.cards):
                return Refusal(Illegal.NOT_ALLOWED, gettext_lazy("Just say 'pass'."))
            if action.cards:
                return Refusal(
                    Illegal.NOT_ALLOWED,
                    gettext_lazy("A bid names no card: the demanded cards come after the bidding."),
                )
            refusal = bid_refusal(action.word, self._highest_bid())
            return refusal or _not_now(action)
        if len(action.cards) != 1 or action.word:
            example = f"{kind} {_EXAMPLE[kind]}"
            return Refusal(
                Illegal.NOT_ALLOWED, gettext_lazy("Name exactly one card, like '{example}'.", example=example)
            )
        card = action.card
        seat = action.seat
        if kind == "discard":
            full = sorted([*self.hands[seat], *self.discard])
            refusal = discard_card_refusal(full, self.discard, card, self.layout.discard_size, self.rules)
        elif kind == "demand":
            refusal = self._demand_refusal(card)
        elif kind == "give":
            if card not in self.hands[seat]:
                refusal = Refusal(
                    Illegal.NOT_IN_HAND, gettext_lazy("You do not hold {card}.", card=card_noun(card))
                )
            else:
                refusal = Refusal(
                    Illegal.DEMAND_NOT_ALLOWED,
                    gettext_lazy("You have just received {card}: give another card.", card=card_noun(card)),
                )
        elif kind == "call":
            refusal = call_refusal(self.hands[self.dealer], self.discard, card)
        else:
            assert self.current is not None
            refusal = play_refusal(self.hands[seat], self.current.cards, card, self.rules)
        return refusal or _not_now(action)

    # ------------------------------------------------------------------ applying actions
    def rule_apply(self, action: Action) -> None:
        kind = action.kind
        if kind == "play":
            self.rule_apply_play(action.seat, action.cards[0])
        elif kind == "discard":
            self.rule_apply_discard(action.cards[0])
        elif kind in ("bid", "pass"):
            self.rule_apply_bid(action)
        elif kind == "demand":
            self._apply_demand(action.cards[0])
        elif kind == "give":
            self._apply_give(action.cards[0])
        elif kind == "call":
            self.rule_apply_call(action.cards[0])
        else:  # pragma: no cover - refused earlier
            raise TarotError(f"unknown action {action}")  # a mistake in the engine: refused earlier

    def rule_apply_discard(self, card: Card) -> None:
        dealer = self.dealer
        self.hands[dealer].remove(card)
        self.discard.append(card)
        if len(self.discard) < self.layout.discard_size:
            return
        self.announcements.extend(discard_announcements(self.dealt[dealer], self.discard))
        if self.players == 3:
            self.contract = "individual"
            self._start_play()
        elif self.players == 4 and self.rules.four_player == "fixed":
            self.contract = "fixed"
            self.taker = dealer
            self.partner = dealer.next(4).next(4)
            self._start_play()
        else:
            self.phase = Phase.BIDDING
            self.to_move = dealer.next(self.players)

    def rule_apply_bid(self, action: Action) -> None:
        if action.kind == "bid":
            self.bids.append(action)
        spoken = sum(1 for a in self.actions if a.kind in ("bid", "pass")) + 1
        assert self.to_move is not None
        if spoken < self.players:
            self.to_move = self.to_move.next(self.players)
            return
        if self.bids:
            self.taker = self.bids[-1].seat
            self.contract = self.bids[-1].word
            if BIDS_BY_WORD[self.contract].demanded:
                self.phase = Phase.CALLING
                self.to_move = self.taker
            else:
                self._start_play()
        else:
            self.taker = self.dealer
            self.contract = "call"
            self.phase = Phase.CALLING
            self.to_move = self.dealer

    def _apply_demand(self, card: Card) -> None:
        if card in self.discard:
            self.misses.append(card)
            if self.rules.demand_in_discard == "lost":
                said = _("The {card:bare} is in the discard: that demand is lost.", card=card_noun(card))
            else:
                said = _("The {card:bare} is in the discard: name another card.", card=card_noun(card))
            self.announcements.append(said)
        else:
            self.demands.append(card)
        if self.demands_left:
            return
        taker = self.taker
        assert taker is not None
        for wanted in self.demands:
            holder = self.seat_holding(wanted)
            assert holder is not None
            self.hands[holder].remove(wanted)
            self.hands[taker] = sorted([*self.hands[taker], wanted])
            self.received.append((wanted, holder))
            self.retold.add(len(self.announcements))
            self.announcements.append(
                _("{holder} hands {card} to {taker}.", holder=holder, card=card_noun(wanted), taker=taker)
            )
        if self.received:
            self.phase = Phase.DISCARD
        else:
            self._start_play()

    def _apply_give(self, card: Card) -> None:
        taker = self.taker
        assert taker is not None
        receiver = self.received[len(self.given)][1]
        self.hands[taker].remove(card)
        self.hands[receiver] = sorted([*self.hands[receiver], card])
        self.given.append((card, receiver))
        if len(self.given) == len(self.received):
            self._start_play()

    def rule_apply_call(self, card: Card) -> None:
        self.called = card
        self.partner = self.seat_holding(card)
        self.retold.add(len(self.announcements))
        self.announcements.append(
            _(
                "{partner} holds {card} and plays with the dealer {dealer}.",
                partner=self.partner,
                card=card_noun(card),
                dealer=self.dealer,
            )
        )
        self._start_play()

    def rule_trick_winner(self, trick: Trick) -> Seat:
        return trick.plays[trick_winner(trick.cards)][0]

    def points_of(self, cards: Iterable[Card]) -> int:
        """Chambéry card points of some cards (whole points; tricks and discard not included)."""
        return count_points(cards)

    def trick_points(self, trick: Trick) -> int:
        """What a finished trick brings its winner: its cards but the Fou, and one point for the trick."""
        return count_points(card for card in trick.cards if card is not FOU) + 1

    def trick_value(self, trick: Trick) -> int:
        return self.trick_points(trick)

    def current_winner(self) -> Seat | None:
        trick = self.current
        if trick is not None and all(card is FOU for card in trick.cards):
            return None  # the Fou alone wins nothing
        return super().current_winner()

    # ------------------------------------------------------------------ counting
    def count(self) -> ChamberyCounting:
        """Card points at the end: the cards of the tricks each seat won, one point per trick, the Fou
        to the seat that showed it, the discard (and its point) to the dealer."""
        if self.outcome != "played":
            raise TarotError(gettext_lazy("the round has not been played to the end"))
        return self.tally()

    def tally(self) -> ChamberyCounting:
        """Card points so far (completed tricks); the discard joins the dealer's side at the end."""
        if self.stage in (Stage.DISCARD, Stage.BIDDING):
            raise TarotError(gettext_lazy("the play has not started: there is nothing to count"))
        finished = self.outcome == "played"
        piles: list[list[Card]] = [[] for _ in range(self.players)]
        tricks = [0] * self.players
        fou: ExcuseNote | None = None
        for trick in self.tricks:
            assert trick.winner is not None
            tricks[trick.winner] += 1
            for seat, card in trick.plays:
                if card is FOU:
                    piles[seat].append(card)
                    fou = ExcuseNote(
                        seat,
                        trick.number,
                        self.side_of(seat),
                        None,
                        None,
                        _(
                            "the Fou was shown in trick {n} and stays with the player who showed it",
                            n=trick.number + 1,
                        )
                        if self.players == 3
                        else _(
                            "the Fou was shown in trick {n} and stays with the side of the player who "
                            "showed it",
                            n=trick.number + 1,
                        ),
                    )
                else:
                    piles[trick.winner].append(card)
        discard_points = 0
        if finished:
            piles[self.dealer].extend(self.discard)
            discard_points = count_points(self.discard) + (1 if self.layout.discard_point else 0)
        seat_points = [count_points(pile) + won for pile, won in zip(piles, tricks, strict=True)]
        if finished and self.layout.discard_point:
            seat_points[self.dealer] += 1
        attack = [seat for seat in SEATS[: self.players] if self.side_of(seat) == ATTACK]
        attack_cards = [card for seat in attack for card in piles[seat]]
        defence_cards = [card for seat in SEATS[: self.players] if seat not in attack for card in piles[seat]]
        attack_points = sum(seat_points[seat] for seat in attack)
        defence_points = sum(seat_points) - attack_points
        attack_tricks = sum(tricks[seat] for seat in attack)
        defence_tricks = len(self.tricks) - attack_tricks
        return ChamberyCounting(
            attack_cards=tuple(sort_hand(attack_cards)),
            defence_cards=tuple(sort_hand(defence_cards)),
            attack_half_points=2 * attack_points,
            defence_half_points=2 * defence_points,
            attack_bouts=sum(1 for card in attack_cards if card.is_bout),
            tricks_won={ATTACK: attack_tricks, DEFENCE: defence_tricks},
            excuse=fou,
            dog_to=self.side_of(self.dealer),
            petit_au_bout=None,
            slam_by=None
            if not finished
            else ATTACK
            if defence_tricks == 0
            else DEFENCE
            if attack_tricks == 0
            else None,
            seat_points=tuple(seat_points),
            seat_tricks=tuple(tricks),
            attack_points=attack_points,
            defence_points=defence_points,
            discard_points=discard_points,
        )

    # ------------------------------------------------------------------ telling the deal (see .table)
    def trick_note(self, trick: Trick) -> str:
        """What a replay prints after a trick's winner: his side and the card points so far."""
        return table.trick_note(self, trick)

    def result_lines(self, name: Callable[[Seat], str] = str) -> list[str]:
        """The end of a replay: what was announced, the counting, the working and every score."""
        return table.result_lines(self, name)

    def result_summary(self) -> dict[str, object]:
        """Facts of a finished deal, as stated in a hand record's ``expected`` block."""
        result = self.result()
        counting = result.counting
        assert isinstance(counting, ChamberyCounting)
        summary: dict[str, object] = {"outcome": result.outcome.value, "contract": self.contract}
        summary["taker"] = None if self.taker is None else str(self.taker)
        summary["partner"] = None if self.partner is None else str(self.partner)
        summary["points"] = {str(SEATS[i]): points for i, points in enumerate(counting.seat_points)}
        if self.players > 3:
            summary["attack_points"] = counting.attack_points
        summary["scores"] = {str(seat): score for seat, score in result.by_seat.items()}
        return summary

    # ------------------------------------------------------------------ what a table shows (see .table)
    def rule_stage(self) -> str:
        """The step of the deal (:class:`Stage`): the demands and the exchange have their own."""
        return self.stage.value

    def rule_role(self, seat: Seat, viewer: Seat | None = None) -> str:
        """The dealer, the soloist, his partner and the opponents (:func:`.table.role`)."""
        return table.role(self, seat)

    def rule_apart_taker(self) -> Seat | None:
        """The dealer: his extra cards join his hand as they are dealt."""
        return self.dealer

    def rule_talk(
        self, name: Callable[[Seat], str], card: Callable[[Card], str], viewer: Seat | None = None
    ) -> list[str]:
        """Demands, exchanges, announcements and the called King (:func:`.table.talk`)."""
        return table.talk(self, name, card, viewer)

    def rule_score_panel(self) -> ScorePanel | None:
        """Card points and tricks by seat or by side (:func:`.table.score_panel`)."""
        return table.score_panel(self)

    def rule_score_request(self) -> dict[str, object] | None:
        """The players, the pack and the card points (:func:`.table.score_request`)."""
        return table.score_request(self)


_EXAMPLE: Final = {"discard": "H3", "demand": "T21", "give": "H3", "call": "SK", "play": "HK"}


def _not_now(action: Action) -> Refusal:
    return Refusal(Illegal.NOT_ALLOWED, gettext_lazy("{action} is not allowed now.", action=action))


def score_counting(rnd: ChamberyRound, counting: ChamberyCounting) -> ChamberyScore:
    """The payments of a played deal, from its counting."""
    lay = rnd.layout
    players = lay.players
    seats = SEATS[:players]
    if players == 3:
        three = pay_three(counting.seat_points, lay.pack, names=[str(seat) for seat in seats])
        dealer_score = three.scores[rnd.dealer]
        return ChamberyScore(
            variant=VARIANT_NAME,
            won=three.outcomes[rnd.dealer] == "won",
            terms=three.terms,
            per_defender=0,
            taker=dealer_score,
            partner=None,
            defender=0,
            extra={"outcome": list(three.outcomes)},
            seat_scores=three.scores,
            roles=(("by_player", list(three.scores)),),  # type: ignore[arg-type]
        )
    assert rnd.contract is not None and rnd.taker is not None
    pay = pay_partnership(players, rnd.contract, counting.attack_points, lay.pack, rnd.rules)
    scores = pay.scores()
    taker_score = scores.get("soloist", scores.get("dealer", 0))
    partner_score = scores.get("partner")
    seat_scores = tuple(
        taker_score
        if seat == rnd.taker
        else partner_score
        if seat == rnd.partner and partner_score is not None
        else pay.defender
        for seat in seats
    )
    return ChamberyScore(
        variant=VARIANT_NAME,
        won=pay.won,
        terms=pay.terms,
        per_defender=-pay.defender,
        taker=taker_score,
        partner=partner_score,
        defender=pay.defender,
        extra={"outcome": pay.outcome, "contract": rnd.contract},
        seat_scores=seat_scores,
        roles=tuple(scores.items()),
    )
