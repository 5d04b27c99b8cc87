"""The tricks of the sample hands told in words, for the tutorial's step-by-step pages: what each play
shows (following, trumping, the Excuse, ...), a trick found by what it shows, and the story of a trick.

The hands are read through :mod:`tutorial.tables` (:func:`~tutorial.tables.load_hand`).
"""

from __future__ import annotations

from typing import Final

from tarot_core.cards import (
    Card,
)
from tarot_core.engine.round import Round
from tarot_core.engine.trick import Trick
from tarot_core.errors import TarotError
from tarot_core.seats import ATTACK, Seat

from .tables import final_round, load_hand

#: What a single play in a trick can show; :func:`find_trick` looks tricks up by these words.
TRICK_KINDS: Final = (
    "follow",
    "trump",
    "overtrump",
    "undertrump",
    "discard",
    "trump-lead",
    "excuse",
    "petit",
    "last",
    "excuse-last",
    "called",
)


def _suit_name(card: Card) -> str:
    return "trumps" if card.is_trump else card.suit.english.lower()


def card_words(card: Card) -> str:
    """A card's name in a sentence: "the King of Spades", "the 21 of trumps", "the Petit", "the Excuse"."""
    if card.is_excuse:
        return "the Excuse"
    if card.is_trump:
        return "the Petit" if card.rank == 1 else f"the {card.rank} of trumps"
    return f"the {card.name}"


def play_notes(rnd: Round, trick: Trick) -> list[tuple[Seat, Card, str, str]]:
    """(seat, card, kind, sentence) for each card of a trick, saying which rule of play it shows.

    Kinds: ``lead``, ``sets-suit``, ``excuse``, ``follow``, ``higher-trump``, ``lower-trump``, ``trump``,
    ``overtrump``, ``undertrump``, ``discard``.
    """
    notes: list[tuple[Seat, Card, str, str]] = []
    led: Card | None = None
    best = 0
    for index, (seat, card) in enumerate(trick.plays):
        name = card_words(card)
        if card.is_excuse:
            kind = "excuse"
            text = (
                "leads the Excuse: the next card will set the suit"
                if index == 0
                else "plays the Excuse, which may be played at any time"
            )
        elif index == 0:
            kind, text = "lead", f"leads {name}"
        elif led is None:
            kind, text = "sets-suit", f"plays {name}, which sets the suit after the Excuse"
        elif card.suit is led.suit:
            if card.is_trump:
                if card.rank > best:
                    kind, text = "higher-trump", f"plays a higher trump, {name}"
                else:
                    kind, text = "lower-trump", f"cannot beat the {best} of trumps and plays {name}"
            else:
                kind, text = "follow", f"follows suit with {name}"
        elif card.is_trump:
            suit = _suit_name(led)
            if best == 0:
                kind, text = "trump", f"has no {suit}, so must trump: {name}"
            elif card.rank > best:
                kind, text = "overtrump", f"has no {suit} and overtrumps the {best} with {name}"
            else:
                kind, text = (
                    "undertrump",
                    f"has no {suit} and no trump above the {best}, so plays a lower trump, {name}",
                )
        else:
            what = "no trumps left" if led.is_trump else f"no {_suit_name(led)} and no trump"
            kind, text = "discard", f"has {what}, so may play any card: {name}"
        if not card.is_excuse and led is None:
            led = card
        if card.is_trump and card.rank > best:
            best = card.rank
        notes.append((seat, card, kind, text))
    return notes


def trick_kinds(rnd: Round, trick: Trick) -> set[str]:
    """The words of :data:`TRICK_KINDS` that describe a finished trick."""
    notes = play_notes(rnd, trick)
    kinds = {kind for _, _, kind, _ in notes}
    found: set[str] = set()
    first = trick.plays[0][1]
    plain_lead = first.suit.is_plain
    if plain_lead and all(kind in ("lead", "follow") for _, _, kind, _ in notes):
        found.add("follow")
    if plain_lead and "trump" in kinds:
        found.add("trump")
    if kinds & {"overtrump", "higher-trump"}:
        found.add("overtrump")
    if kinds & {"undertrump", "lower-trump"}:
        found.add("undertrump")
    if "discard" in kinds:
        found.add("discard")
    if first.is_trump:
        found.add("trump-lead")
    if "excuse" in kinds:
        found.add("excuse")
    if any(card.is_trump and card.rank == 1 for card in trick.cards):
        found.add("petit")
    if rnd.called is not None and rnd.called in trick.cards:
        found.add("called")
    if trick.number == rnd.variant.hand_size - 1:
        found.add("last")
        if "excuse" in kinds:
            found.add("excuse-last")
    return found


def find_trick(record: str, kind: str, nth: int = 1) -> int:
    """The number (from 1) of the ``nth`` trick of a recorded hand that shows ``kind``."""
    if kind not in TRICK_KINDS:
        raise TarotError(f"{kind!r} is not a kind of trick; the kinds are {', '.join(TRICK_KINDS)}")
    rnd = final_round(record)
    seen = 0
    for trick in rnd.tricks:
        if kind in trick_kinds(rnd, trick):
            seen += 1
            if seen == nth:
                return trick.number + 1
    raise TarotError(f"the hand {record} has no trick showing {kind!r} (number {nth})")


def trick_story(record: str, number: int) -> list[str]:
    """Sentences telling trick ``number`` (from 1) of a recorded hand: each card, then the winner."""
    hand = load_hand(record)
    rnd = hand.final_round()
    if not 1 <= number <= len(rnd.tricks):
        raise TarotError(f"tricks go from 1 to {len(rnd.tricks)}, not {number}")
    trick = rnd.tricks[number - 1]
    sentences = [f"{hand.seat_name(seat)} {text}." for seat, _, _, text in play_notes(rnd, trick)]
    assert trick.winner is not None
    winning = trick.card_of(trick.winner)
    side = "the attack" if rnd.side_of(trick.winner) == ATTACK else "the defence"
    with_card = f" with {card_words(winning)}" if winning is not None else ""
    sentences.append(f"{hand.seat_name(trick.winner)} wins the trick{with_card}, for {side}.")
    for seat, card in trick.plays:
        if not card.is_excuse or seat == trick.winner:
            continue
        own = rnd.side_of(seat)
        own_name = "the attack" if own == ATTACK else "the defence"
        if trick.number == rnd.variant.hand_size - 1:
            # What became of it is the engine's to say (it may stay with a side making a slam).
            note = rnd.tally().excuse
            assert note is not None and note.trick == trick.number
            sentences.append(note.explanation[0].upper() + note.explanation[1:] + ".")
        elif own == rnd.side_of(trick.winner):
            sentences.append(f"The Excuse stays with {own_name}, which also wins the trick: no exchange.")
        else:
            sentences.append(
                f"The Excuse goes back to {own_name}, which owes the winners a half-point card in exchange."
            )
    return sentences
