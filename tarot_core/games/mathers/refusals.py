"""Why an action is refused in Mathers' game, in the players' words: the checks the round's
``rule_refusal`` hook makes of a hand, each answering a :class:`~tarot_core.errors.Refusal`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...cards import EXCUSE, Card, Suit, cards_in_words
from ...engine.state import Phase
from ...errors import Illegal, Refusal
from ...messages import N_, Noun, _, gettext_lazy
from .options import FOOL, MathersOptions
from .play import is_trump_in_play, led_suit, may_ask, small_cards, tarot_trumps_in

#: What the table is doing when a seat tries an action of another kind, by the phase (the English
#: "time for to ..." is as the refusals have always read).
_NOW_DOING: Final = {
    Phase.DISCARD: N_(
        "now is the time for the dealer to throw out three cards, one at a time ('discard S3'), not to {kind}"
    ),
    Phase.PLAYING: N_("now is the time for to play a card ('play HK'), not to {kind}"),
}
_NOW_GIVING: Final = N_("now is the time for to hand over a card ('give ...'), not to {kind}")
_NOW_DECLARING: Final = N_(
    "now is the time for to declare ('declare all', 'declare ask-p2') or pass, not to {kind}"
)
#: An action that names more or fewer cards than one, by its kind.
_ONE_CARD: Final = {
    "discard": N_("discard exactly one card, like 'discard S3'"),
    "give": N_("give exactly one card, like 'give S3'"),
    "play": N_("play exactly one card, like 'play S3'"),
}
#: The trumps as a refusal names them, in lower case as the book's players say them.
_TRUMPS: Final = Noun("trumps", "suit")


def _suit(suit: Suit) -> Noun:
    """A suit as a sentence names it ("Hearts")."""
    return Noun(suit.english, "suit")


def _held(cards: Sequence[Card]) -> str:
    """Cards as a refusal lists them, the Excuse being the Fool."""
    return cards_in_words(cards, _(FOOL))


def wrong_step(phase: Phase, giving: bool, kind: str) -> Refusal:
    """An action of the wrong kind for the ``phase`` (``giving``: a card is to be handed over)."""
    if phase is not Phase.CALLING:
        return Refusal(Illegal.WRONG_PHASE, gettext_lazy(_NOW_DOING[phase], kind=kind))
    return Refusal(Illegal.WRONG_PHASE, gettext_lazy(_NOW_GIVING if giving else _NOW_DECLARING, kind=kind))


def card_refusal(kind: str, cards: Sequence[Card], hand: Sequence[Card]) -> Refusal | None:
    """A discard, give or play names exactly one card, from the player's ``hand``."""
    if len(cards) != 1:
        return Refusal(Illegal.NOT_ALLOWED, gettext_lazy(_ONE_CARD[kind]))
    if cards[0] not in hand:
        return Refusal(Illegal.NOT_IN_HAND, gettext_lazy("you do not hold {cards}", cards=_held(cards)))
    return None


def give_refusal(hand: Sequence[Card], asked_for: bool) -> Refusal:
    """A card that may not be handed over: one of the Tarot Trumps when ``asked_for`` one, else a card
    of small value given back."""
    if asked_for:
        return Refusal(
            Illegal.NOT_ALLOWED,
            gettext_lazy(
                "you were asked for a Tarot Trump: hand over one of {cards}",
                cards=_held(tarot_trumps_in(hand)),
            ),
        )
    return Refusal(
        Illegal.NOT_ALLOWED,
        gettext_lazy(
            "give back a card of small value, a plain card from 1 to 10: {cards}",
            cards=_held(small_cards(hand)),
        ),
    )


def declare_refusal(word: str, hand: Sequence[Card], asked: bool, opponents: Sequence[str]) -> Refusal:
    """A declaration that may not be made: ``all`` with nothing to declare, or an ask (``asked``: the
    player has asked already) the hand does not allow or of a seat that is not an opponent's."""
    if word == "all":
        return Refusal(Illegal.DECLARATION_NOT_ALLOWED, gettext_lazy("you have nothing to declare: pass"))
    if word.startswith("ask-"):
        if asked:
            return Refusal(
                Illegal.DECLARATION_NOT_ALLOWED, gettext_lazy("you may ask for a Tarot Trump only once")
            )
        if not may_ask(hand):
            return Refusal(
                Illegal.DECLARATION_NOT_ALLOWED,
                gettext_lazy(
                    "you may ask for a third Tarot Trump only when you hold two (beyond any complete "
                    "three); you hold {held}",
                    held=len(tarot_trumps_in(hand)),
                ),
            )
        return Refusal(
            Illegal.DECLARATION_NOT_ALLOWED,
            gettext_lazy(
                "ask one of your opponents: {choices}", choices=", ".join("ask-" + seat for seat in opponents)
            ),
        )
    return Refusal(Illegal.DECLARATION_NOT_ALLOWED, gettext_lazy("declare 'all', ask with 'ask-p2', or pass"))


def play_refusal(hand: Sequence[Card], trick: Sequence[Card], options: MathersOptions) -> Refusal:
    """Why a card of ``hand`` that :func:`~tarot_core.games.mathers.play.legal_plays` leaves out may not
    go to ``trick`` (the cards played to it; none for a lead)."""
    if not trick:
        return Refusal(
            Illegal.EXCUSE_LEAD,
            gettext_lazy(
                "under this rule the Fool may not be led, except as your last card: lead another card"
            ),
        )
    led = led_suit(trick, options)
    assert led is not None
    follow = [c for c in hand if c is not EXCUSE and c.suit is led]
    if led is Suit.TRUMPS and options.fool_play == "lowest-trump" and EXCUSE in hand:
        follow.append(EXCUSE)
    if follow:
        return Refusal(
            Illegal.MUST_FOLLOW_SUIT,
            gettext_lazy(
                "you must follow suit: {suit:bare} were led and you hold {cards}",
                suit=_TRUMPS if led is Suit.TRUMPS else _suit(led),
                cards=_held(follow),
            ),
        )
    trumps = [c for c in hand if is_trump_in_play(c, options)]
    return Refusal(
        Illegal.MUST_TRUMP,
        gettext_lazy(
            "you have no {suit:bare}, and under this rule you must trump: you hold {cards}",
            suit=_suit(led),
            cards=_held(trumps),
        ),
    )
