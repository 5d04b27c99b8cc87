"""Why an action is refused: the reason and the sentence a learner reads, for a round of the French
family of games.

:class:`RoundRefusals` is the part of :class:`~tarot_core.engine.round.Round` that answers the
question once the action is known not to be allowed (``why_illegal`` and ``push`` ask it): each refusal
is an :class:`~tarot_core.errors.Illegal` reason and a message rendered in the reader's language when
shown. Other rule sets override ``rule_refusal`` and ``rule_refuse_play``.
"""

from __future__ import annotations

from ..actions import Action, ActionKind
from ..cards import EXCUSE, KNIGHT, PLAIN_SUITS, QUEEN, Card, CardsInWords, Suit
from ..errors import Illegal, IllegalActionError, Refusal, quoted
from ..messages import gettext_lazy, join_or
from ..seats import Seat
from .state import Phase, RoundState, trump_count


def not_an_action(value: object) -> IllegalActionError:
    """The refusal of something pushed that is not an action (the round is left as it was)."""
    if isinstance(value, str):
        why = gettext_lazy(
            "{value} is text, not an action: read it with Action.parse, or push it with push_text",
            value=quoted(value),
        )
    elif value is None:
        why = gettext_lazy("no action was given: push one, such as Action.parse('p3 pass')")
    else:
        why = gettext_lazy(
            "{value} is not an action: push one, such as Action.parse('p3 pass')", value=quoted(value)
        )
    return IllegalActionError(Illegal.NOT_ALLOWED, why)


def _not_held(card: Card) -> Refusal:
    """The refusal of a card the player does not hold."""
    return Refusal(Illegal.NOT_IN_HAND, gettext_lazy("you do not hold {cards}", cards=CardsInWords((card,))))


class RoundRefusals(RoundState):
    """The refusals of a round: why an action that is not allowed now is refused."""

    def rule_refusal(self, action: Action) -> Refusal:
        """Why ``action``, which is not allowed now, is refused: the reason and a sentence for learners."""
        if self.phase is Phase.OVER:
            return Refusal(Illegal.ROUND_OVER, gettext_lazy("the round is over: no more actions"))
        if action.kind == ActionKind.SLAM:
            if action.seat != self.taker:
                return Refusal(Illegal.SLAM_NOT_ALLOWED, gettext_lazy("only the taker may announce a slam"))
            return Refusal(
                Illegal.SLAM_NOT_ALLOWED,
                gettext_lazy("a slam must be announced before the first card is played"),
            )
        if self.phase is Phase.PETIT_SEC:
            assert self.to_move is not None
            if action.seat == self.to_move:
                return Refusal(
                    Illegal.PETIT_SEC_MUST_ANNOUNCE,
                    gettext_lazy(
                        "you hold the Petit as your only trump, without the Excuse: the deal must be "
                        "announced void (petit sec) before anything else"
                    ),
                )
            return Refusal(
                Illegal.PETIT_SEC_MUST_ANNOUNCE,
                gettext_lazy(
                    "{seat} holds the Petit alone (petit sec) and must announce it first", seat=self.to_move
                ),
            )
        if action.kind == ActionKind.PETIT_SEC:
            return Refusal(
                Illegal.PETIT_SEC_FALSE,
                gettext_lazy(
                    "petit sec is announced only by a player whose only trump is the Petit, "
                    "without the Excuse"
                ),
            )
        if action.seat != self.to_move and not (
            action.kind == ActionKind.HANDFUL and self.phase is Phase.PLAYING
        ):
            return Refusal(
                Illegal.NOT_YOUR_TURN,
                gettext_lazy("it is {seat}'s turn, not {other}'s", seat=self.to_move, other=action.seat),
            )
        kind = action.kind
        expected = {
            Phase.BIDDING: (ActionKind.BID, ActionKind.PASS),
            Phase.CALLING: (ActionKind.CALL,),
            Phase.DISCARD: (ActionKind.DISCARD,),
            Phase.PLAYING: (ActionKind.PLAY, ActionKind.HANDFUL),
        }[self.phase]
        if kind not in expected:
            return Refusal(
                Illegal.WRONG_PHASE,
                gettext_lazy("now is the time to {kinds}, not to {kind}", kinds=join_or(expected), kind=kind),
            )
        if kind == ActionKind.BID:
            return self._refuse_bid(action)
        if kind == ActionKind.CALL:
            return self._refuse_call(action)
        if kind == ActionKind.DISCARD:
            return self._refuse_discard(action)
        if kind == ActionKind.HANDFUL:
            return self._refuse_handful(action)
        if kind == ActionKind.PLAY:
            return self.rule_refuse_play(action)
        return Refusal(
            Illegal.NOT_ALLOWED, gettext_lazy("{action} is not allowed now", action=str(action))
        )  # pragma: no cover

    def _refuse_bid(self, action: Action) -> Refusal:
        ladder = self.rule_contracts()
        if action.word not in ladder:
            return Refusal(
                Illegal.BID_NOT_ALLOWED,
                gettext_lazy(
                    "{word} is not a contract here: bid {contracts} or pass",
                    word=quoted(action.word),
                    contracts=", ".join(ladder),
                ),
            )
        highest = self._highest_bid()
        return Refusal(
            Illegal.BID_TOO_LOW,
            gettext_lazy(
                "a bid must be higher than the last one ({highest}): bid higher than {highest} or pass",
                highest=highest,
            ),
        )

    def _refuse_call(self, action: Action) -> Refusal:
        if len(action.cards) != 1:
            return Refusal(
                Illegal.CALL_NOT_ALLOWED, gettext_lazy("call exactly one card, a King such as 'call SK'")
            )
        if action.card.rank == QUEEN and action.card.suit in PLAIN_SUITS:
            reason = gettext_lazy("you may call a Queen only when you hold all four Kings")
        elif action.card.rank == KNIGHT and action.card.suit in PLAIN_SUITS:
            reason = gettext_lazy(
                "you may call a Knight only when you hold all four Kings and all four Queens"
            )
        elif action.card.is_excuse:
            reason = gettext_lazy("{card:the} cannot be called: call a King", card=action.card.noun)
        else:
            reason = gettext_lazy("{card:bare} cannot be called: call a King", card=action.card.noun)
        return Refusal(Illegal.CALL_NOT_ALLOWED, reason)

    def _refuse_discard(self, action: Action) -> Refusal:
        if len(action.cards) != 1:
            return Refusal(
                Illegal.DISCARD_SIZE, gettext_lazy("put aside one card at a time, like 'discard H3'")
            )
        card = action.card
        assert self.to_move is not None
        if card not in self.hands[self.to_move]:
            return _not_held(card)
        if card.is_king:
            return Refusal(
                Illegal.DISCARD_KING,
                gettext_lazy("a King may not go in the discard ({card:bare})", card=card.noun),
            )
        if card.is_bout:
            # The Excuse's name is said with its article, the trumps' without.
            said = (
                gettext_lazy("a bout may not go in the discard ({card:the})", card=card.noun)
                if card.is_excuse
                else gettext_lazy("a bout may not go in the discard ({card:bare})", card=card.noun)
            )
            return Refusal(Illegal.DISCARD_BOUT, said)
        plain = [c for c in self.hands[self.to_move] if c.suit in PLAIN_SUITS and not c.is_king]
        return Refusal(
            Illegal.DISCARD_TRUMP,
            gettext_lazy(
                "a trump may go in the discard only when nothing else can: you still hold {cards}",
                cards=CardsInWords(tuple(plain)),
            ),
        )

    def _refuse_handful(self, action: Action) -> Refusal:
        seat = action.seat
        if action.word not in self.variant.handfuls:
            return Refusal(
                Illegal.HANDFUL_TOO_SMALL,
                gettext_lazy(
                    "{word} is not a handful: say {sizes}",
                    word=quoted(action.word),
                    sizes=", ".join(self.variant.handfuls),
                ),
            )
        if any(who == seat for who, _size, _shown in self.handfuls):
            return Refusal(Illegal.HANDFUL_ALREADY, gettext_lazy("you have already shown a handful"))
        if seat != self.to_move or self._has_played(seat):
            return Refusal(
                Illegal.HANDFUL_TOO_LATE,
                gettext_lazy("a handful is shown just before its holder plays their first card"),
            )
        need = self.variant.handfuls[action.word]
        have = self._trump_count_for_handful(seat)
        return Refusal(
            Illegal.HANDFUL_TOO_SMALL,
            gettext_lazy(
                "a {size} handful needs {need} trumps (the Excuse may count as one) and you hold {have}",
                size=action.word,
                need=need,
                have=have,
            ),
        )

    def rule_refuse_play(self, action: Action) -> Refusal:
        """Why the card of ``action`` may not be played now."""
        seat = action.seat
        if len(action.cards) != 1:
            return Refusal(Illegal.NOT_ALLOWED, gettext_lazy("play exactly one card, like 'play HK'"))
        card = action.card
        hand = self.hands[seat]
        if card not in hand:
            return _not_held(card)
        trick = self.current
        assert trick is not None
        led = trick.led
        if not trick.plays and self.called is not None:
            return Refusal(
                Illegal.CALLED_SUIT_LEAD,
                gettext_lazy(
                    "the first lead may not be in the called suit ({suit:bare}) "
                    "unless it is the called card, {card}",
                    suit=self.called.suit.noun,
                    card=CardsInWords((self.called,)),
                ),
            )
        assert led is not None
        if led is not Suit.TRUMPS:
            follow = [c for c in hand if c.suit is led]
            if follow:
                return Refusal(
                    Illegal.MUST_FOLLOW_SUIT,
                    gettext_lazy(
                        "you must follow suit: {suit:bare} were led and you hold {cards}",
                        suit=led.noun,
                        cards=CardsInWords(tuple(follow)),
                    ),
                )
        trumps = [c for c in hand if c.is_trump]
        best = trick.best_trump
        over = [c for c in trumps if c.rank > best]
        if card.is_trump and over and best:
            return Refusal(
                Illegal.MUST_OVERTRUMP,
                gettext_lazy(
                    "you must overtrump: the trick holds the {best} of trumps and you hold {cards}",
                    best=best,
                    cards=CardsInWords(tuple(over)),
                ),
            )
        if led is Suit.TRUMPS:
            return Refusal(
                Illegal.MUST_FOLLOW_SUIT,
                gettext_lazy(
                    "trumps were led: you must play a trump higher than the {best}, and you hold {cards}",
                    best=best,
                    cards=CardsInWords(tuple(over)),
                )
                if over
                else gettext_lazy(
                    "trumps were led: you must play a trump, and you hold {cards}",
                    cards=CardsInWords(tuple(trumps)),
                ),
            )
        if best and over:
            return Refusal(
                Illegal.MUST_OVERTRUMP,
                gettext_lazy(
                    "you have no {suit:bare} so you must trump, and overtrump: the trick holds the {best} of "
                    "trumps and you hold {cards}",
                    suit=led.noun,
                    best=best,
                    cards=CardsInWords(tuple(over)),
                ),
            )
        return Refusal(
            Illegal.MUST_TRUMP,
            gettext_lazy(
                "you have no {suit:bare}, so you must trump: you hold {cards}",
                suit=led.noun,
                cards=CardsInWords(tuple(trumps)),
            ),
        )

    def _highest_bid(self) -> str | None:
        return self.bids[-1].word if self.bids else None

    def _trump_count_for_handful(self, seat: Seat) -> int:
        hand = self.hands[seat]
        return trump_count(hand) + (1 if EXCUSE in hand else 0)
