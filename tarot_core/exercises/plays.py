"""Judging the answers about play: which card may be played and why, and who wins a trick."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Final

from ..actions import Action, ActionKind
from ..cards import EXCUSE, Card, Suit, parse_cards, sort_hand
from ..engine.round import Round
from ..engine.trick import Trick
from ..errors import Refusal, quoted
from ..messages import N_, NC_, Message, _, gettext_lazy, pgettext
from ..seats import Seat
from .positions import Table
from .words import YOU, ExerciseError, Verdict, capitalized, say, say_all, say_the, sentence


# ====================================================================================== answers
def _one_card(answer: object) -> Card:
    if not isinstance(answer, str):
        raise ExerciseError(gettext_lazy("choose one card"))
    return Card.parse(answer)


def _card_set(answer: object) -> list[Card]:
    if isinstance(answer, str):
        return parse_cards(answer)
    if isinstance(answer, list):
        return parse_cards([str(item) for item in answer])
    raise ExerciseError(gettext_lazy("choose some cards"))


#: A number as a learner types it, once tidied: digits, a decimal point, a minus sign.
_TYPED_NUMBER: Final = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)", re.ASCII)
#: Digits before the point that an answer may have: no count or score of a deal comes near.
MAX_DIGITS: Final = 7


def _number(answer: object) -> Fraction:
    """A number as a learner types it: ``41``, ``40.5``, ``40,5``, ``40½``, ``-80``.

    Only digits are read (no ``1e9``): an answer far too long for any count is refused before it is
    read, so that no answer takes long to judge.
    """
    if isinstance(answer, bool) or not isinstance(answer, (str, int, float)):
        raise ExerciseError(gettext_lazy("type a number, such as 41 or 40.5"))
    if isinstance(answer, float):
        if not math.isfinite(answer) or abs(answer) >= 10**MAX_DIGITS:
            raise ExerciseError(
                gettext_lazy(
                    "that number is far too large: no count of a deal comes near {number}",
                    number=quoted(answer, 12),
                )
            )
        return Fraction(answer)
    if isinstance(answer, int):
        answer = str(answer) if abs(answer) < 10**MAX_DIGITS else "9" * (MAX_DIGITS + 1)
    text = answer[:100].strip().replace(",", ".").replace("½", ".5").replace("−", "-").replace(" ", "")
    if text.startswith("+"):
        text = text[1:]
    if text.endswith("..5"):
        text = text[:-3] + ".5"
    if not _TYPED_NUMBER.fullmatch(text):
        raise ExerciseError(gettext_lazy("type a number in digits, such as 41 or 40.5"))
    if len(text.lstrip("-").split(".", 1)[0].lstrip("0")) > MAX_DIGITS:
        raise ExerciseError(gettext_lazy("that number is far too large: no count of a deal comes near it"))
    return Fraction(text)


# ------------------------------------------------------------------ playing a card
def why_legal(rnd: Round, seat: Seat, card: Card, name: str = "") -> str:
    """Why the rules allow ``card`` now, in the words of the rule of play (a clause). ``name`` is the
    player's when the exercise is about another seat than yours: the clause then says it of them."""
    trick = rnd.current
    assert trick is not None
    hand = rnd.hands[seat]
    if card is EXCUSE:
        return _("the Excuse may be played at any time, whatever was led")
    led = trick.led
    if led is None and trick.plays:
        return _("only the Excuse has been played, and it sets no suit: any card may follow")
    if led is None:
        if rnd.called is not None and not rnd.tricks and rnd.players == 5 and trick.number == 0:
            if card.suit is rnd.called.suit:
                if name:
                    return _(
                        "{name} leads the called King itself, which is allowed in the called suit ({card})",
                        name=name,
                        card=say(card),
                    )
                return _(
                    "you lead the called King itself, which is allowed in the called suit ({card})",
                    card=say(card),
                )
            if name:
                return _(
                    "{name} leads the first trick: any card may be led except one of the called suit "
                    "({suit:bare}) other than the called King",
                    name=name,
                    suit=rnd.called.suit.noun,
                )
            return _(
                "you lead the first trick: any card may be led except one of the called suit ({suit:bare}) "
                "other than the called King",
                suit=rnd.called.suit.noun,
            )
        if name:
            return _("{name} leads the trick: any card may be led", name=name)
        return _("you lead the trick: any card may be led")
    best = trick.best_trump
    if card.suit is led and led is not Suit.TRUMPS:
        if name:
            return _("{name} follows suit: {suit:bare} were led", name=name, suit=led.noun)
        return _("you follow suit: {suit:bare} were led", suit=led.noun)
    if card.is_trump:
        return _why_trump(card, led, best, [c for c in hand if c.is_trump and c.rank > best], name)
    if name:
        return _(
            "{name} has neither {suit:bare} nor a trump, so may play any card (a discard)",
            name=name,
            suit=led.noun,
        )
    return _(
        "you have neither {suit:bare} nor a trump, so you may play any card (you discard)", suit=led.noun
    )


def _why_trump(card: Card, led: Suit, best: int, over: list[Card], name: str) -> str:
    """Why a trump may be played: trumps were led, or the suit led is missing."""
    if led is Suit.TRUMPS:
        if best and card.rank > best:
            if name:
                return _(
                    "trumps were led and {name} plays a higher trump than the {best} of trumps",
                    name=name,
                    best=best,
                )
            return _("trumps were led and you play a higher trump than the {best} of trumps", best=best)
        if best and not over:
            if name:
                return _(
                    "trumps were led; {name} holds no trump higher than the {best} of trumps, "
                    "so any trump will do",
                    name=name,
                    best=best,
                )
            return _(
                "trumps were led; you hold no trump higher than the {best} of trumps, so any trump will do",
                best=best,
            )
        if name:
            return _("trumps were led and {name} plays a trump", name=name)
        return _("trumps were led and you play a trump")
    if best and card.rank > best:
        if name:
            return _(
                "{name} has no {suit:bare}, so must trump, and higher than the {best} of trumps "
                "already in the trick: an overtrump",
                name=name,
                suit=led.noun,
                best=best,
            )
        return _(
            "you have no {suit:bare}, so you must trump, and higher than the {best} of trumps "
            "already in the trick: you overtrump",
            suit=led.noun,
            best=best,
        )
    if best and not over:
        if name:
            return _(
                "{name} has no {suit:bare}, so must trump; the {best} of trumps cannot be beaten, "
                "so any trump will do: an undertrump",
                name=name,
                suit=led.noun,
                best=best,
            )
        return _(
            "you have no {suit:bare}, so you must trump; you cannot beat the {best} of trumps, "
            "so any trump will do: you undertrump",
            suit=led.noun,
            best=best,
        )
    if name:
        return _("{name} has no {suit:bare}, so must trump", name=name, suit=led.noun)
    return _("you have no {suit:bare}, so you must trump", suit=led.noun)


#: The engine's refusals of a card, said of another player than you (by the id of the engine's
#: sentence, whose parameters they take, with the player's ``name``).
_NAMED_REFUSALS: Final = {
    "you must follow suit: {suit:bare} were led and you hold {cards}": N_(
        "{name} must follow suit: {suit:bare} were led and {name} holds {cards}"
    ),
    "you must overtrump: the trick holds the {best} of trumps and you hold {cards}": N_(
        "{name} must overtrump: the trick holds the {best} of trumps and {name} holds {cards}"
    ),
    "trumps were led: you must play a trump higher than the {best}, and you hold {cards}": N_(
        "trumps were led: {name} must play a trump higher than the {best}, and holds {cards}"
    ),
    "trumps were led: you must play a trump, and you hold {cards}": N_(
        "trumps were led: {name} must play a trump, and holds {cards}"
    ),
    "you have no {suit:bare} so you must trump, and overtrump: the trick holds the {best} of "
    "trumps and you hold {cards}": N_(
        "{name} has no {suit:bare}, so must trump, and overtrump: the trick holds the {best} of "
        "trumps and {name} holds {cards}"
    ),
    "you have no {suit:bare}, so you must trump: you hold {cards}": N_(
        "{name} has no {suit:bare}, so must trump, and holds {cards}"
    ),
}


def refusal_said(refusal: Refusal, name: str = "") -> object:
    """A refusal's sentence, said of ``name`` when the exercise is about another player than you."""
    said = refusal.said
    if name and isinstance(said, Message) and said.text in _NAMED_REFUSALS:
        return _(_NAMED_REFUSALS[said.text], name=name, **said.params)
    return said


def seat_named(table: Table) -> str:
    """The name of the player an exercise is about, when it is not you ("" for you)."""
    name = table.name(table.seat)
    return "" if name == YOU else name


def _refusal(rnd: Round, seat: Seat, card: Card) -> Refusal | None:
    return rnd.why_illegal(Action(seat, ActionKind.PLAY, "", (card,)))


def _refused(refusal: Refusal, name: str = "") -> Verdict:
    return Verdict(False, refusal.reason.code, sentence(refusal_said(refusal, name)), refusal.reason.rule)


def _trick_with(rnd: Round, extra: tuple[Seat, Card] | None = None) -> Trick:
    current = rnd.current
    assert current is not None
    trick = Trick(current.number, current.leader)
    for seat, card in current.plays:
        trick.add(seat, card)
    if extra is not None:
        trick.add(*extra)
    return trick


def _judge_play(exercise: Mapping[str, Any], table: Table, answer: object) -> Verdict:
    rnd, seat = table.round, table.seat
    card = _one_card(answer)
    refusal = _refusal(rnd, seat, card)
    if refusal is not None:
        return _refused(refusal, seat_named(table))
    reason = why_legal(rnd, seat, card, seat_named(table))
    if exercise.get("goal") == "win":
        trick = _trick_with(rnd, (seat, card))
        ahead = trick.ahead
        if ahead != seat:
            best = trick.best_card
            assert best >= 0  # another card is ahead
            said = _(
                "{card} is allowed ({reason}), but it does not take the lead: {best} stays ahead.",
                card=say(card),
                reason=reason,
                best=say(Card.parse(_code(best))),
            )
            return Verdict(False, "not-ahead", capitalized(said), "play")
        said = _("{card} takes the lead: {reason}.", card=say(card), reason=reason)
        return Verdict(True, "ahead", capitalized(said), "play")
    return Verdict(
        True, "legal", capitalized(_("{card} is allowed: {reason}.", card=say(card), reason=reason)), "play"
    )


def _code(index: int) -> str:
    from ..cards import FULL_PACK

    return str(FULL_PACK[index])


def legal_cards(table: Table) -> list[Card]:
    return sort_hand(table.round.legal_cards(table.seat))


def _judge_legal(table: Table, answer: object) -> Verdict:
    rnd, seat = table.round, table.seat
    name = seat_named(table)
    chosen = set(_card_set(answer))
    legal = set(rnd.legal_cards(seat))
    for card in sort_hand(chosen - legal):
        refusal = _refusal(rnd, seat, card)
        assert refusal is not None
        said = _("Not {card}: {reason}.", card=say(card), reason=refusal_said(refusal, name))
        return Verdict(False, refusal.reason.code, said, refusal.reason.rule)
    missing = sort_hand(legal - chosen)
    if missing:
        card = missing[0]
        why = why_legal(rnd, seat, card, name)
        if len(missing) > 1:
            said = _(
                "{card} may be played too ({count} allowed cards are missing): {reason}.",
                card=say(card),
                count=len(missing),
                reason=why,
            )
        else:
            said = _("{card} may be played too: {reason}.", card=say(card), reason=why)
        return Verdict(False, "missed-legal-card", capitalized(said), "play")
    first = sort_hand(legal)[0]
    if name:
        said = _(
            "These are every card {name} may play, {cards}: {reason}.",
            name=name,
            cards=say_all(sort_hand(legal)),
            reason=why_legal(rnd, seat, first, name),
        )
    else:
        said = _(
            "These are every card you may play, {cards}: {reason}.",
            cards=say_all(sort_hand(legal)),
            reason=why_legal(rnd, seat, first),
        )
    return Verdict(True, "all-legal", said, "play")


# ------------------------------------------------------------------ who wins the trick
def trick_winner(table: Table) -> Card:
    """The card that wins the trick on the table (the whole trick is written in ``trick``)."""
    trick = _trick_with(table.round)
    winner = table.round.rule_trick_winner(trick)
    card = trick.card_of(winner)
    assert card is not None
    return card


#: A card of each plain suit, in "the highest Heart" (the context "suit singular").
_ONE_OF: Final = {
    Suit.SPADES: NC_("suit singular", "Spade"),
    Suit.HEARTS: NC_("suit singular", "Heart"),
    Suit.DIAMONDS: NC_("suit singular", "Diamond"),
    Suit.CLUBS: NC_("suit singular", "Club"),
}


def _why_wins(trick: Trick, card: Card) -> str:
    led = trick.led
    if card.is_trump and led is not Suit.TRUMPS:
        return _(
            "{card} is the highest trump in the trick, and a trump beats every card of the suits",
            card=say_the(card),
        )
    if card.is_trump:
        return _("trumps were led and {card} is the highest trump", card=say_the(card))
    assert led is not None
    one = pgettext("suit singular", _ONE_OF[led])
    return _("{card} is the highest {suit} and nobody trumped", card=say_the(card), suit=one)


def _judge_winner(table: Table, answer: object) -> Verdict:
    card = _one_card(answer)
    trick = _trick_with(table.round)
    if card not in trick.cards:
        raise ExerciseError(gettext_lazy("answer: {card} is not in the trick", card=str(card)))
    winner = trick_winner(table)
    why = _why_wins(trick, winner)
    if card == winner:
        return Verdict(True, "wins", sentence(why), "play")
    if card is EXCUSE:
        return Verdict(
            False, "excuse-never-wins", _("The Excuse never wins a trick: {reason}.", reason=why), "play"
        )
    if not card.is_trump and trick.led is not None and card.suit is not trick.led:
        said = _(
            "{card} is not of the suit led ({suit:bare}), so it cannot win: {reason}.",
            card=say(card),
            suit=trick.led.noun,
            reason=why,
        )
        return Verdict(False, "off-suit", capitalized(said), "play")
    if winner.is_trump and not card.is_trump:
        return Verdict(
            False,
            "trumped",
            capitalized(_("{card} was trumped: {reason}.", card=say(card), reason=why)),
            "play",
        )
    return Verdict(
        False, "beaten", capitalized(_("{card} is beaten: {reason}.", card=say(card), reason=why)), "play"
    )
