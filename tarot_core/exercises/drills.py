"""Drills of the "Playing well" pages: a position, the reader's choice, then the computer player's.

A drill is an exercise whose answer is a good play rather than a legal one, so nobody writes it down:
the rule-based computer player (:class:`tarot_core.players.rule.RulePlayer`) makes its own choice in
the same position and says why. Any legal answer ends the drill; a refused one is answered with the
rule, as in the lessons.

* ``drill-play``: play a card to a trick, or lead one (the position of a ``play`` exercise: ``hand``,
  ``trick``, ``taker``, ``contract``, ``called``, ``trick_number``, ``variant``);
* ``drill-discard``: lay cards away after taking the dog (the position of a ``discard`` exercise:
  ``hand``, ``dog``, ``contract``, ``variant``).

The verdict is right when the reader's choice is the computer player's, with the reason ``same-choice``;
``other-choice`` when it is another legal one (the drill is over all the same).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..actions import ActionKind
from ..cards import Card, sort_hand
from ..messages import _, ngettext
from ..players.rule import RulePlayer
from .counting import _judge_discard
from .plays import _card_set, _judge_play, _one_card
from .positions import Table
from .words import Verdict, capitalized, readable, say_all, sentence

#: The drills' kinds, and the kind of lesson exercise whose refusals each shares.
DRILL_KINDS = ("drill-play", "drill-discard")
#: The reason of a legal answer that is not the computer player's.
OTHER_CHOICE = "other-choice"
#: The reason of an answer that is the computer player's.
SAME_CHOICE = "same-choice"


@dataclass(frozen=True, slots=True)
class Choice:
    """The computer player's choice in a drill's position: the cards, and one sentence for each."""

    cards: tuple[Card, ...]
    reasons: tuple[str, ...]


def computer_choice(kind: str, table: Table) -> Choice:
    """What the computer player does in the drill's position, and why, card by card."""
    player = RulePlayer()
    cards: list[Card] = []
    reasons: list[str] = []
    if kind == "drill-play":
        view = table.round.view(table.seat)
        action, reason = player.choose(view)
        return Choice((action.card,), (readable(sentence(reason)),))
    rnd = table.round.copy()  # the discard is laid away on a copy: the drill's position stays as it is
    if rnd.phase == "calling":
        rnd.push(player.choose(rnd.view(table.seat))[0])
    while rnd.phase == "discard":
        view = rnd.view(table.seat)
        action, reason = player.choose(view)
        assert action.kind is ActionKind.DISCARD
        cards.append(action.card)
        reasons.append(readable(sentence(reason)))
        rnd.push(action)
    return Choice(tuple(cards), tuple(reasons))


def _judge_drill_play(exercise: Mapping[str, Any], table: Table, answer: object) -> Verdict:
    legal = _judge_play({**exercise, "goal": None}, table, answer)
    if not legal.right:
        return legal
    card = _one_card(answer)
    choice = computer_choice("drill-play", table)
    best = choice.cards[0]
    if card == best:
        said = _("The computer player plays {card} too. {why}", card=best.noun, why=choice.reasons[0])
        return Verdict(True, SAME_CHOICE, said, "play")
    said = _(
        "You played {yours}; the computer player plays {card}. {why}",
        yours=card.noun,
        card=best.noun,
        why=choice.reasons[0],
    )
    return Verdict(False, OTHER_CHOICE, capitalized(said), "play")


def _judge_drill_discard(table: Table, answer: object) -> Verdict:
    legal = _judge_discard(table, answer)
    if not legal.right:
        return legal
    chosen = set(_card_set(answer))
    choice = computer_choice("drill-discard", table)
    theirs = set(choice.cards)
    cards = say_all(sort_hand(theirs))
    if chosen == theirs:
        said = _("The computer player lays away the same cards: {cards}.", cards=cards)
        return Verdict(True, SAME_CHOICE, said, "discard")
    same = len(chosen & theirs)
    said = ngettext(
        "The computer player lays away {cards}: {n} card is the same as yours.",
        "The computer player lays away {cards}: {n} cards are the same as yours.",
        same,
        cards=cards,
    )
    return Verdict(False, OTHER_CHOICE, said, "discard")


def judge_drill(exercise: Mapping[str, Any], table: Table, answer: object) -> Verdict:
    """The verdict on a drill's answer: refused by a rule, or compared with the computer player's."""
    if exercise.get("kind") == "drill-play":
        return _judge_drill_play(exercise, table, answer)
    return _judge_drill_discard(table, answer)


def drill_answers(kind: str, table: Table) -> list[object]:
    """The computer player's answer, as a drill takes it (a card, or a list of cards)."""
    choice = computer_choice(kind, table)
    if kind == "drill-play":
        return [str(choice.cards[0])]
    return [[str(card) for card in sort_hand(choice.cards)]]
