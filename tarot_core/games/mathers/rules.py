"""The game of Tarot described by S. L. MacGregor Mathers in *The Tarot* (1888), chapter 5.

Two or three players; the whole pack of 78 cards. What the book says:

* the dealer deals three hands of 25 cards, five at a time, and puts the last three cards aside;
  he throws out his three most useless cards and takes those three in their place; with two
  players the third hand is dealt but nobody plays it; the deal goes round in turn;
* before play each player scores and shows his combinations ("declarations"): three, four or five
  of the Greater Trumps (21 to 17) or of the Lesser Trumps (1 to 5) 5, 10, 15; any ten trumps 10,
  any thirteen 15; every three Tarot Trumps held 15 (the seven Tarot Trumps are the 21, the Fool
  0, the Juggler 1 and the four Kings); a player with two Tarot Trumps may ask an opponent for a
  third: if none is shown he scores 5, otherwise the opponent must hand one over and gets a small
  card back; sequences of four, seven or ten cards of one suit or of trumps 5, 10, 15;
* the non-dealer (with three players, the dealer's left-hand neighbour) leads; follow suit if you
  can, otherwise you may trump; the Fool may be played at any time and takes nothing; a King cut
  (trumped) scores 5 for whoever cuts it;
* each trick scores by its best card: a Tarot Trump 5, a Queen 4, a Knight 3, a Knave 2, anything
  else 1; the Fool scores for the player who held it, the Juggler for whoever takes it;
* each hand, only the excess of the highest total over the next is scored, by that player; the
  first to 100 wins the game.

Mathers' Italian suits map onto the notation of :mod:`tarot_core.cards` as Swords = Spades (S),
Cups = Hearts (H), Pentacles = Diamonds (D), Sceptres = Clubs (C); his Knave is the Jack (J) and
his Fool (the Mat, 0) is the card written ``EX``.

The points the book leaves open are the fields of :class:`.MathersOptions`, each with its default.

Score requests (:func:`~tarot_core.games.mathers.request.score_request`) score one hand from its parts::

    {"variant": "mathers", "players": 2,
     "hands": {
       "p1": {"tricks": {"tarot-trump": 3, "queen": 2, "knight": 2, "knave": 1, "plain": 6},
              "kings_cut": 1, "fool": true,
              "declarations": ["greater-3", "trumps-10", "sequence-4", "ask-unanswered"]},
       "p2": {"tricks": {"tarot-trump": 3, "queen": 1, "knight": 1, "knave": 2, "plain": 4},
              "declarations": ["tarot-trumps-3"]}},
     "game": {"p1": 80, "p2": 40},
     "options": {}}

* ``hands``: one entry per seat (``p1``, ``p2`` and with three players ``p3``);
* ``tricks``: either counts of tricks by their best card (``tarot-trump``, ``queen``, ``knight``,
  ``knave``, ``plain``; the tricks of all players add up to 25), or a list of the tricks taken,
  each a string of cards such as ``"HQ S3 T4"`` (needed with ``trick_value="sum"``);
* ``kings_cut``: Kings this player cut; ``fool``: true for the player who held the Fool, when it
  scores for its holder (the default);
* ``declarations``: codes, a code once per combination: ``greater-3`` ... ``greater-5``,
  ``lesser-3`` ... ``lesser-5``, ``trumps-10``, ``trumps-13``, ``tarot-trumps-3`` (once per three
  Tarot Trumps held), ``ask-unanswered``, ``sequence-4``, ``sequence-7``, ``sequence-10``;
* ``game`` (optional): the running totals before this hand, to move the game on;
* ``options``: rule options by name (see :class:`.MathersOptions`).

The answer: ``{"variant": "mathers", "players": N, "won": seat or null, "totals": {seat: points},
"breakdown": [...], "scores": {seat: what the hand scores}, "game": {...}, "game_over": bool,
"game_winner": seat or null}``. The breakdown's term codes start with the seat (``p1.tricks-queen``).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar

from ...actions import PLAYS, Action, ActionKind
from ...cards import (
    EXCUSE,
    FULL_PACK,
    Card,
)
from ...engine.options import Options
from ...engine.result import Score, Seated
from ...engine.round import Round, RoundResult
from ...engine.state import Outcome, Phase, ScorePanel
from ...engine.trick import Trick
from ...engine.variant import Variant, register
from ...errors import Illegal, Refusal, TarotError
from ...messages import N_, Number, _, gettext_lazy, ngettext
from ...seats import SEATS, Seat
from .options import CATEGORY_TRICKS, HAND_SIZE, KING_CUT, PACKET, STOCK_SIZE, MathersOptions
from .play import (
    Declaration,
    declarations,
    kings_cut,
    led_suit,
    legal_plays,
    may_ask,
    small_cards,
    tarot_trumps_in,
    trick_category,
    trick_points,
    trick_winner_index,
)
from .refusals import card_refusal, declare_refusal, give_refusal, play_refusal, wrong_step
from .scoring import HandParts, advance_game, score_hand

if TYPE_CHECKING:
    from ...engine.view import Pile


@dataclasses.dataclass(frozen=True, slots=True)
class Ask:
    """A call for a third Tarot Trump: who asked whom, what was handed over and given back."""

    asker: Seat
    asked: Seat
    given: Card | None = None
    returned: Card | None = None

    @property
    def answered(self) -> bool:
        return self.given is not None


@dataclasses.dataclass(frozen=True, slots=True)
class MathersScore(Score):
    """The engine's score record for a Mathers hand: totals and the excess, by seat."""

    seat_scores: dict[Seat, int] = dataclasses.field(default_factory=dict)
    totals: dict[Seat, int] = dataclasses.field(default_factory=dict)
    winner: Seat | None = None

    def by_seat(self, rnd: Seated) -> dict[Seat, int]:
        return dict(self.seat_scores)

    def as_dict(self) -> dict[str, object]:
        return {
            "variant": "mathers",
            "won": None if self.winner is None else str(self.winner),
            "totals": {str(s): v for s, v in self.totals.items()},
            "breakdown": [t.as_dict() for t in self.terms],
            "scores": {str(s): v for s, v in self.seat_scores.items()},
        }


class MathersRound(Round):
    """One hand of Mathers' game: the dealer's exchange, the declarations, then 25 tricks.

    The phases of :class:`~tarot_core.engine.state.Phase` are reused: ``discard`` is the dealer's exchange,
    ``calling`` the declarations (with the call for a third Tarot Trump), then ``playing``.
    Actions: ``p1 discard S3`` (the dealer, three times), ``p2 declare all`` (show and score every
    combination), ``p2 declare ask-p1`` (ask p1 for a Tarot Trump), ``p1 give HK`` (hand one over),
    ``p2 give S2`` (a small card back), ``p2 pass`` (declare nothing), ``p2 play HK``.
    """

    variant: MathersVariant

    def trick_value(self, trick: Trick) -> int:
        """What a finished trick scores for its winner (Mathers' categories)."""
        return trick_points(trick.cards, self.variant.options)

    def __init__(
        self,
        variant: MathersVariant,
        dealer: Seat,
        hands: Sequence[Iterable[Card]],
        dog: Iterable[Card],
    ) -> None:
        super().__init__(variant, dealer, hands, dog)

    # ------------------------------------------------------------------ setup
    def rule_check_deal(self) -> None:
        players = self.players
        if len(self.initial_hands) != players:
            raise TarotError(
                gettext_lazy(
                    "{variant} needs {players} hands, not {count}",
                    variant=self.variant.key,
                    players=players,
                    count=len(self.initial_hands),
                )
            )
        for seat, hand in zip(SEATS, self.initial_hands, strict=False):
            if len(hand) != HAND_SIZE:
                raise TarotError(
                    gettext_lazy(
                        "{seat} holds {count} cards; each player needs {size}",
                        seat=seat,
                        count=len(hand),
                        size=HAND_SIZE,
                    )
                )
        if len(self.initial_dog) != STOCK_SIZE:
            raise TarotError(
                gettext_lazy(
                    "the dealer's three cards are {count}; there must be {size}",
                    count=len(self.initial_dog),
                    size=STOCK_SIZE,
                )
            )
        cards = [*self.initial_dog, *(c for hand in self.initial_hands for c in hand)]
        if len(set(cards)) != len(cards):
            raise TarotError(gettext_lazy("a card is dealt twice"))

    def rule_petit_sec_seat(self) -> Seat | None:
        return None

    def rule_reset(self) -> None:
        super().rule_reset()
        dealt = {c for hand in self.initial_hands for c in hand} | set(self.initial_dog)
        #: With two players, the third hand: dealt, never played.
        self.dead_hand: tuple[Card, ...] = tuple(c for c in FULL_PACK if c not in dealt)
        self.asks: list[Ask] = []
        self.declared: dict[Seat, list[Declaration]] = {}
        self.declarers: list[Seat] = []
        self.pending: Ask | None = None
        self.fool_holder: Seat | None = None
        self.phase = Phase.DISCARD
        self.to_move = self.dealer

    # ------------------------------------------------------------------ what each seat sees
    def rule_partner_known(self, seat: Seat) -> bool:
        return True  # everyone plays for himself

    def rule_must_trump(self) -> bool:
        return bool(self.variant.options.must_trump)

    def rule_shown_piles(self, seat: Seat) -> list[Pile]:
        """The dealer sees his own discard and the three cards he took; everyone sees the declarations;
        a card handed over after a call for a Tarot Trump is seen by the two players concerned."""
        from ...engine.view import Pile

        piles: list[Pile] = []
        if seat == self.dealer:
            if self.discard:
                piles.append(Pile("discard", seat, tuple(sorted(self.discard))))
            if self.dog_revealed:
                piles.append(Pile("stock", seat, self.initial_dog))
        for who in self.declarers:
            piles.extend(Pile("declaration", who, d.cards, d.code) for d in self.declared.get(who, []))
        for ask in self._all_asks():
            if seat in (ask.asker, ask.asked):
                if ask.given is not None:
                    piles.append(Pile("given", ask.asked, (ask.given,), str(ask.asker)))
                if ask.returned is not None:
                    piles.append(Pile("given", ask.asker, (ask.returned,), str(ask.asked)))
        return piles

    def rule_hidden_piles(self, seat: Seat) -> list[tuple[str, int]]:
        """The three cards before the dealer takes them, the dealer's discard, the dead hand (2 players)."""
        hidden: list[tuple[str, int]] = []
        if not self.dog_revealed:
            hidden.append(("stock", len(self.initial_dog)))
        if self.discard and seat != self.dealer:
            hidden.append(("discard", len(self.discard)))
        if self.dead_hand:
            hidden.append(("dead", len(self.dead_hand)))
        return hidden

    def rule_seen_action(self, seat: Seat, action: Action) -> Action:
        if action.seat == seat or action.kind not in ("discard", "give"):
            return action
        if action.kind == "give":
            for ask in self._all_asks():
                if seat in (ask.asker, ask.asked) and action.card in (ask.given, ask.returned):
                    return action
        return Action(action.seat, action.kind)

    def _all_asks(self) -> list[Ask]:
        return [*self.asks, self.pending] if self.pending is not None else list(self.asks)

    # ------------------------------------------------------------------ order of play
    @property
    def first_player(self) -> Seat:
        """The non-dealer with two players; the dealer's left-hand neighbour with three."""
        if self.players == 2:
            return self.dealer.next(2)
        return self.dealer.previous(self.players)

    def after(self, seat: Seat) -> Seat:
        """Who plays after ``seat``."""
        if self.variant.options.direction == "clockwise":
            return seat.previous(self.players)
        return seat.next(self.players)

    def calling_order(self) -> list[Seat]:
        order = [self.first_player]
        while len(order) < self.players:
            order.append(self.after(order[-1]))
        return order

    # ------------------------------------------------------------------ legal actions
    def rule_actions(self) -> list[Action]:
        seat = self.to_move
        if self.phase is Phase.OVER or seat is None:
            return []
        hand = self.hands[seat]
        if self.phase is Phase.DISCARD:
            return [Action(seat, ActionKind.DISCARD, "", (c,)) for c in hand]
        if self.phase is Phase.CALLING:
            pending = self.pending
            if pending is not None and pending.given is None:
                return [Action(seat, ActionKind.GIVE, "", (c,)) for c in tarot_trumps_in(hand)]
            if pending is not None:
                return [Action(seat, ActionKind.GIVE, "", (c,)) for c in small_cards(hand)]
            actions: list[Action] = []
            if self._may_ask(seat):
                actions.extend(
                    Action(seat, ActionKind.DECLARE, f"ask-{other}") for other in self._opponents(seat)
                )
            if declarations(hand, self.variant.options):
                actions.append(Action(seat, ActionKind.DECLARE, "all"))
            actions.append(Action(seat, ActionKind.PASS))
            return actions
        if self.phase is Phase.PLAYING:
            row = PLAYS[seat]
            cards = self._legal_cards = self.legal_cards(seat)
            return [row[c.index] for c in cards]
        return []  # pragma: no cover

    def legal_cards(self, seat: Seat) -> list[Card]:
        """Cards ``seat`` may play to the current trick (see
        :func:`~tarot_core.games.mathers.play.legal_plays`)."""
        trick = self.current
        if trick is None or self.phase is not Phase.PLAYING:
            return []
        return legal_plays(self.hands[seat], trick.cards, self.variant.options)

    def _opponents(self, seat: Seat) -> list[Seat]:
        return [s for s in SEATS[: self.players] if s != seat]

    def _may_ask(self, seat: Seat) -> bool:
        return may_ask(self.hands[seat]) and not any(a.asker == seat for a in self.asks)

    # ------------------------------------------------------------------ refusals
    def rule_refusal(self, action: Action) -> Refusal:
        if self.phase is Phase.OVER:
            return Refusal(Illegal.ROUND_OVER, gettext_lazy("the hand is over: no more actions"))
        if action.seat != self.to_move:
            return Refusal(
                Illegal.NOT_YOUR_TURN,
                gettext_lazy("it is {seat}'s turn, not {other}'s", seat=self.to_move, other=action.seat),
            )
        expected = {
            Phase.DISCARD: ("discard",),
            Phase.CALLING: ("give",) if self.pending is not None else ("declare", "pass"),
            Phase.PLAYING: ("play",),
        }[self.phase]
        if action.kind not in expected:
            return wrong_step(self.phase, self.pending is not None, action.kind)
        hand = self.hands[action.seat]
        if action.kind in ("discard", "give", "play"):
            refused = card_refusal(action.kind, action.cards, hand)
            if refused is not None:
                return refused
        if action.kind == "give":
            assert self.pending is not None
            return give_refusal(hand, self.pending.given is None)
        if action.kind == "declare":
            return self._refuse_declare(action)
        if action.kind == "play":
            return self.rule_refuse_play(action)
        return Refusal(  # pragma: no cover
            Illegal.NOT_ALLOWED, gettext_lazy("{action} is not allowed now", action=action)
        )

    def _refuse_declare(self, action: Action) -> Refusal:
        seat = action.seat
        asked = any(a.asker == seat for a in self.asks)
        return declare_refusal(action.word, self.hands[seat], asked, [str(s) for s in self._opponents(seat)])

    def rule_refuse_play(self, action: Action) -> Refusal:
        trick = self.current
        assert trick is not None
        return play_refusal(self.hands[action.seat], trick.cards, self.variant.options)

    # ------------------------------------------------------------------ applying actions
    def rule_apply(self, action: Action) -> None:
        kind = action.kind
        seat = action.seat
        if kind == "discard":
            self.hands[seat].remove(action.card)
            self.discard.append(action.card)
            if len(self.discard) == STOCK_SIZE:
                self.hands[seat] = sorted([*self.hands[seat], *self.dog])
                self.dog_revealed = True
                self.phase = Phase.CALLING
                self.to_move = self.first_player
        elif kind == "declare" and action.word == "all":
            self.declared[seat] = declarations(self.hands[seat], self.variant.options)
            self._next_caller(seat)
        elif kind == "declare":
            asked = Seat.parse(action.word.removeprefix("ask-"), self.players)
            if tarot_trumps_in(self.hands[asked]):
                self.pending = Ask(seat, asked)
                self.to_move = asked
            else:
                self.asks.append(Ask(seat, asked))
        elif kind == "give":
            self._apply_give(action)
        elif kind == "pass":
            self._next_caller(seat)
        elif kind == "play":
            self.rule_apply_play(seat, action.card)
        else:  # pragma: no cover - refused earlier
            raise TarotError(f"unknown action {action}")  # a mistake in the engine: refused earlier

    def _apply_give(self, action: Action) -> None:
        pending = self.pending
        assert pending is not None
        card = action.card
        self.hands[action.seat].remove(card)
        if pending.given is None:
            self.hands[pending.asker] = sorted([*self.hands[pending.asker], card])
            self.pending = dataclasses.replace(pending, given=card)
            self.to_move = pending.asker
            return
        self.hands[pending.asked] = sorted([*self.hands[pending.asked], card])
        self.asks.append(dataclasses.replace(pending, returned=card))
        self.pending = None
        self.to_move = pending.asker

    def _next_caller(self, seat: Seat) -> None:
        self.declarers.append(seat)
        if len(self.declarers) < self.players:
            self.to_move = self.after(seat)
            return
        self.phase = Phase.PLAYING
        self.fool_holder = next((s for s in SEATS[: self.players] if EXCUSE in self.hands[s]), None)
        self.current = Trick(0, self.first_player)
        self.to_move = self.first_player

    def rule_apply_play(self, seat: Seat, card: Card) -> None:
        self.hands[seat].remove(card)
        trick = self.current
        assert trick is not None
        trick.add(seat, card)
        if len(trick.plays) < self.players:
            self.to_move = self.after(seat)
            return
        trick.winner = self.rule_trick_winner(trick)
        self.tricks.append(trick)
        if len(self.tricks) == HAND_SIZE:
            self.current = None
            self.phase = Phase.OVER
            self.outcome = Outcome.PLAYED
            self.to_move = None
            return
        self.current = Trick(len(self.tricks), trick.winner)
        self.to_move = trick.winner

    def rule_trick_winner(self, trick: Trick) -> Seat:
        cards = trick.cards
        if led_suit(cards, self.variant.options) is None:
            return trick.plays[0][0]  # only the Fool so far: nobody has taken the trick yet
        return trick.plays[trick_winner_index(cards, self.variant.options)][0]

    # ------------------------------------------------------------------ the end
    def hand_parts(self) -> dict[Seat, HandParts]:
        """What each player made: tricks by category, Kings cut, the Fool, declarations."""
        if self.outcome != "played":
            raise TarotError(gettext_lazy("the hand has not been played to the end"))
        options = self.variant.options
        seats = SEATS[: self.players]
        counts: dict[Seat, dict[str, int]] = {s: {} for s in seats}
        points = dict.fromkeys(seats, 0)
        cut = dict.fromkeys(seats, 0)
        for trick in self.tricks:
            assert trick.winner is not None
            name = trick_category(trick.cards, options)
            counts[trick.winner][name] = counts[trick.winner].get(name, 0) + 1
            points[trick.winner] += trick_points(trick.cards, options)
            winner_index = next(i for i, (s, _) in enumerate(trick.plays) if s == trick.winner)
            cut[trick.winner] += kings_cut(trick.cards, winner_index, options)
        parts: dict[Seat, HandParts] = {}
        for seat in seats:
            codes = [d.code for d in self.declared.get(seat, [])]
            codes += ["ask-unanswered" for a in self.asks if a.asker == seat and not a.answered]
            parts[seat] = HandParts(
                counts[seat], points[seat], cut[seat], self.fool_holder == seat, tuple(codes)
            )
        return parts

    # ------------------------------------------------------------------ telling the hand
    def trick_note(self, trick: Trick) -> str:
        """What a replay prints after a trick's winner: what the trick scores."""
        options = self.variant.options
        points = trick_points(trick.cards, options)
        index = next(i for i, (s, _) in enumerate(trick.plays) if s == trick.winner)
        cut = kings_cut(trick.cards, index, options)
        kind = _(CATEGORY_TRICKS[trick_category(trick.cards, options)])
        if cut:
            return ngettext(
                "for {n} point ({trick}), and {cut} for a King cut",
                "for {n} points ({trick}), and {cut} for a King cut",
                points,
                trick=kind,
                cut=cut * KING_CUT,
            )
        return ngettext("for {n} point ({trick})", "for {n} points ({trick})", points, trick=kind)

    def result_lines(self, name: Callable[[Seat], str] = str) -> list[str]:
        """The end of a replay: the working of every player's total, and the excess scored."""
        result = self.result()
        score = result.score
        assert isinstance(score, MathersScore)
        lines = [f"  {t.label}: {t.value}" for t in score.terms]
        totals = ", ".join(f"{name(s)} {v}" for s, v in score.totals.items())
        lines.append(_("Totals: {totals}", totals=totals))
        scored = ", ".join(f"{name(s)} {Number(v):+d}" for s, v in score.seat_scores.items())
        lines.append(_("Scored: {scores}", scores=scored))
        return lines

    def result_summary(self) -> dict[str, object]:
        """Short facts of a finished hand for hand records: totals, the hand's winner, the scores."""
        result = self.result()
        score = result.score
        assert isinstance(score, MathersScore)
        return {
            "outcome": result.outcome,
            "totals": {str(s): v for s, v in score.totals.items()},
            "winner": None if score.winner is None else str(score.winner),
            "scores": {str(s): v for s, v in result.by_seat.items()},
        }

    # A mistake in the calling code: these rules give no card points to count.
    def tally(self) -> object:  # type: ignore[override]
        raise TarotError("Mathers' game counts tricks, not card points: see hand_parts()")

    def count(self) -> object:  # type: ignore[override]
        raise TarotError("Mathers' game counts tricks, not card points: see hand_parts()")

    def result(self) -> RoundResult:
        if self.phase is not Phase.OVER or self.outcome is None:
            raise TarotError(gettext_lazy("the hand is not over yet"))
        parts = self.hand_parts()
        hand = score_hand({str(s): p for s, p in parts.items()}, self.variant.options)
        seat_scores = {s: hand.scores[str(s)] for s in parts}
        totals = {s: hand.totals[str(s)] for s in parts}
        winner = None if hand.winner is None else Seat.parse(hand.winner)
        score = MathersScore(
            variant="mathers",
            won=winner is not None,
            terms=hand.breakdown,
            per_defender=0,
            taker=0,
            partner=None,
            defender=0,
            seat_scores=seat_scores,
            totals=totals,
            winner=winner,
        )
        return RoundResult(self.outcome, None, score, seat_scores)

    # ------------------------------------------------------------------ what a table shows
    def rule_role(self, seat: Seat, viewer: Seat | None = None) -> str:
        """Each plays for himself: only the dealer has a part of his own ("dealer")."""
        return "dealer" if seat == self.dealer else ""

    def rule_apart_taker(self) -> Seat | None:
        """The dealer takes the three cards put aside."""
        return self.dealer

    def rule_talk(
        self, name: Callable[[Seat], str], card: Callable[[Card], str], viewer: Seat | None = None
    ) -> list[str]:
        """The declarations and the calls for a Tarot Trump, with what was handed over (the card given
        back named only to the two players who handed cards to each other)."""
        lines: list[str] = []
        for seat, items in self.declared.items():
            if items:
                shown = ", ".join(
                    _("{declaration} ({value})", declaration=_(d.label), value=d.value) for d in items
                )
                lines.append(_("{who} declares {declarations}.", who=name(seat), declarations=shown))
        for ask in self.asks:
            asker, asked = name(ask.asker), name(ask.asked)
            if ask.given is None:
                lines.append(
                    _("{asker} asks {asked} for a Tarot Trump; {asked} has none.", asker=asker, asked=asked)
                )
            elif ask.returned is None:
                lines.append(
                    _(
                        "{asker} asks {asked} for a Tarot Trump: {asked} hands one over.",
                        asker=asker,
                        asked=asked,
                    )
                )
            else:
                seen = viewer is None or viewer in (ask.asker, ask.asked)
                returned = card(ask.returned) if seen else _("a card")
                lines.append(
                    _(
                        "{asker} asks {asked} for a Tarot Trump: {asked} hands one over and gets {card} "
                        "back.",
                        asker=asker,
                        asked=asked,
                        card=returned,
                    )
                )
        return lines

    def rule_score_panel(self) -> ScorePanel | None:
        """Once the play starts, each player's trick points by Mathers' categories, his tricks, the Kings
        he cut and the value of his declarations."""
        if self.phase not in (Phase.PLAYING, Phase.OVER):
            return None
        options = self.variant.options
        seats = SEATS[: self.players]
        points = dict.fromkeys(seats, 0)
        won = dict.fromkeys(seats, 0)
        cut = dict.fromkeys(seats, 0)
        for trick in self.tricks:
            assert trick.winner is not None
            points[trick.winner] += trick_points(trick.cards, options)
            won[trick.winner] += 1
            index = next(i for i, (s, _) in enumerate(trick.plays) if s == trick.winner)
            cut[trick.winner] += kings_cut(trick.cards, index, options)
        rows: list[tuple[str, dict[str, object]]] = [
            (
                str(seat),
                {
                    "points": points[seat],
                    "tricks": won[seat],
                    "kings_cut": cut[seat],
                    "declared": sum(d.value for d in self.declared.get(seat, [])),
                },
            )
            for seat in seats
        ]
        return ScorePanel("seats", "trick points", rows)

    def rule_score_request(self) -> dict[str, object] | None:
        """Mathers' calculator request for this hand once played: each player's part of it
        (:meth:`hand_parts`): tricks by their best card, Kings cut, the Fool, the declarations. With
        tricks valued by the sum of their cards, the tricks are given card by card."""
        if self.outcome != "played":
            return None
        by_sum = self.variant.options.trick_value == "sum"
        won: dict[Seat, list[str]] = {seat: [] for seat in SEATS[: self.players]}
        for trick in self.tricks:
            assert trick.winner is not None
            won[trick.winner].append(" ".join(str(card) for card in trick.cards))
        hands: dict[str, object] = {}
        for seat, part in self.hand_parts().items():
            entry: dict[str, object] = {"tricks": won[seat] if by_sum else dict(part.tricks)}
            if part.kings_cut:
                entry["kings_cut"] = part.kings_cut
            if part.fool:
                entry["fool"] = True
            if part.declarations:
                entry["declarations"] = list(part.declarations)
            hands[str(seat)] = entry
        return {"variant": self.variant.family, "players": self.players, "hands": hands}


class MathersVariant(Variant):
    """Mathers' game for one table size; options in :class:`.MathersOptions`."""

    family: ClassVar[str] = "mathers"
    options_class: ClassVar[type[Options]] = MathersOptions
    options: MathersOptions
    hand_size = HAND_SIZE
    dog_size = STOCK_SIZE
    packet = PACKET
    deal_salt = "mathers-deal"

    def new_round(
        self,
        dealer: Seat,
        hands: list[list[Card]] | tuple[tuple[Card, ...], ...],
        dog: list[Card] | tuple[Card, ...],
    ) -> Round:
        return MathersRound(self, dealer, hands, dog)

    def deal_round_from(self, dealer: Seat, rng: random.Random) -> Round:
        """Shuffle with ``rng``, then deal three hands of 25 by fives and put the last three cards aside."""
        pack = list(FULL_PACK)
        rng.shuffle(pack)
        hands, _dead, stock = deal_three_hands(pack)
        order = self.deal_order(dealer)
        by_seat: list[list[Card]] = [[] for _ in range(self.players)]
        for seat, hand in zip(order, hands, strict=False):
            by_seat[seat] = hand
        return self.new_round(dealer, by_seat, stock)

    def deal_order(self, dealer: Seat) -> list[Seat]:
        """Seats in the order their hands are dealt: the first player first, the dealer last."""
        first = dealer.next(2) if self.players == 2 else dealer.previous(self.players)
        order = [first]
        while len(order) < self.players:
            last = order[-1]
            order.append(
                last.previous(self.players)
                if self.options.direction == "clockwise"
                else last.next(self.players)
            )
        return order

    def next_dealer(self, dealer: Seat) -> Seat:
        """The deal passes in turn, the same way as the play."""
        if self.options.direction == "clockwise":
            return dealer.previous(self.players)
        return dealer.next(self.players)


def deal_three_hands(pack: Sequence[Card]) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """Three hands of 25 dealt five at a time, and the three cards left. With two players the
    second hand dealt is the one nobody plays (returned also as the dead hand)."""
    hands: list[list[Card]] = [[], [], []]
    for number in range(15):
        hands[number % 3].extend(pack[number * PACKET : number * PACKET + PACKET])
    stock = list(pack[75:78])
    sorted_hands = [sorted(h) for h in hands]
    return [sorted_hands[0], sorted_hands[2], sorted_hands[1]], sorted_hands[1], sorted(stock)


@register
class Mathers2(MathersVariant):
    key = "mathers-2"
    title = N_("Mathers' Tarot (1888), 2 players")
    players = 2


@register
class Mathers3(MathersVariant):
    key = "mathers-3"
    title = N_("Mathers' Tarot (1888), 3 players")
    players = 3


# ---------------------------------------------------------------------------------------- the game
@dataclasses.dataclass
class MathersGame:
    """A game to 100 (the option ``game``) across several hands; the deal goes round in turn."""

    variant: MathersVariant
    dealer: Seat = Seat.P1
    totals: dict[Seat, int] = dataclasses.field(default_factory=dict)
    hands: list[dict[Seat, int]] = dataclasses.field(default_factory=list)
    winner: Seat | None = None

    def __post_init__(self) -> None:
        if not self.totals:
            self.totals = dict.fromkeys(SEATS[: self.variant.players], 0)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def deal(self, seed: int | str) -> MathersRound:
        if self.is_over:
            raise TarotError(
                gettext_lazy(
                    "the game is over: {seat} has reached {game}",
                    seat=self.winner,
                    game=self.variant.options.game,
                )
            )
        rnd = self.variant.deal_round(self.dealer, seed)
        assert isinstance(rnd, MathersRound)
        return rnd

    def add(self, rnd: Round) -> dict[Seat, int]:
        """Score a finished hand into the game and pass the deal on."""
        if self.is_over:
            raise TarotError(gettext_lazy("the game is already over"))
        scores = rnd.result().by_seat
        running, winner = advance_game(
            {str(s): v for s, v in self.totals.items()},
            {str(s): v for s, v in scores.items()},
            self.variant.options.game,
        )
        self.totals = {Seat.parse(k): v for k, v in running.items()}
        self.hands.append(scores)
        self.winner = None if winner is None else Seat.parse(winner)
        self.dealer = self.variant.next_dealer(self.dealer)
        return scores
