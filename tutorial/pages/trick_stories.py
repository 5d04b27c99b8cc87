"""The tricks of the sample hands told in words, for the tutorial's step-by-step pages: what each play
shows (following, trumping, the Excuse, ...), a trick found by what it shows, and the story of a trick.

The hands are read through :mod:`tutorial.pages.tables` (:func:`~tutorial.pages.tables.load_hand`).
"""

from __future__ import annotations

from typing import Final

from tarot_core.cards import (
    Card,
)
from tarot_core.engine.round import Round
from tarot_core.engine.trick import Trick
from tarot_core.engine.variant import words_for
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


def card_words(card: Card, excuse: str = "the Excuse") -> str:
    """A card's name in a sentence: "the King of Spades", "the 21 of trumps", "the Petit", and the Excuse
    by ``excuse``, the rule set's name for it (:attr:`~tarot_core.engine.words.Words.excuse`)."""
    if card.is_excuse:
        return excuse
    if card.is_trump:
        return "the Petit" if card.rank == 1 else f"the {card.rank} of trumps"
    return f"the {card.name}"


def _choices(rnd: Round, trick: Trick) -> list[frozenset[Card]]:
    """The cards each player of ``trick`` was allowed to play when their turn came, as the engine says:
    the deal is played again from the start up to each of the trick's cards."""
    replay = rnd.variant.new_round(rnd.dealer, rnd.initial_hands, rnd.initial_dog)
    wanted = {id(action) for action in rnd.actions if action.kind == "play" and action.card in trick.cards}
    allowed: list[frozenset[Card]] = []
    for action in rnd.actions:
        if id(action) in wanted:
            allowed.append(frozenset(a.card for a in replay.legal_actions() if a.kind == "play"))
            if len(allowed) == len(trick.plays):
                break
        replay.push(action)
    return allowed


def play_notes(rnd: Round, trick: Trick) -> list[tuple[Seat, Card, str, str]]:
    """(seat, card, kind, sentence) for each card of a trick, saying which rule of play it shows.

    Kinds: ``lead``, ``sets-suit``, ``excuse``, ``follow``, ``higher-trump``, ``lower-trump``, ``trump``,
    ``overtrump``, ``undertrump``, ``discard``. Whether a card was forced or chosen is the engine's to
    say: the sentence follows the cards the rules allowed that player (``must trump`` only where the
    rules left nothing but trumps), so a rule set where trumping or overtrumping is free is told right.
    """
    notes: list[tuple[Seat, Card, str, str]] = []
    excuse = words_for(rnd.variant.family).excuse
    led: Card | None = None
    best = 0
    for index, ((seat, card), allowed) in enumerate(zip(trick.plays, _choices(rnd, trick), strict=True)):
        name = card_words(card, excuse)
        higher = any(other.is_trump and other.rank > best for other in allowed)
        if card.is_excuse:
            kind = "excuse"
            text = (
                f"leads {excuse}: the next card will set the suit"
                if index == 0
                else f"plays {excuse}, which may be played at any time"
            )
        elif index == 0:
            kind, text = "lead", f"leads {name}"
        elif led is None:
            kind, text = "sets-suit", f"plays {name}, which sets the suit after {excuse}"
        elif card.suit is led.suit:
            if card.is_trump:
                if card.rank > best:
                    kind, text = "higher-trump", f"plays a higher trump, {name}"
                elif higher:
                    kind, text = (
                        "lower-trump",
                        f"plays {name}, under the {best} of trumps, which these rules allow",
                    )
                else:
                    kind, text = "lower-trump", f"cannot beat the {best} of trumps and plays {name}"
            else:
                kind, text = "follow", f"follows suit with {name}"
        elif card.is_trump:
            suit = _suit_name(led)
            forced = all(other.is_trump for other in allowed if not other.is_excuse)
            if best == 0 and forced and not rnd.rule_must_trump():
                kind, text = "trump", f"has no {suit}, only trumps: {name}"
            elif best == 0:
                kind, text = (
                    ("trump", f"has no {suit}, so must trump: {name}")
                    if forced
                    else ("trump", f"has no {suit} and chooses to trump, with {name}")
                )
            elif card.rank > best:
                kind, text = "overtrump", f"has no {suit} and overtrumps the {best} with {name}"
            elif higher:
                kind, text = (
                    "undertrump",
                    f"has no {suit} and plays a lower trump, {name}, which these rules allow",
                )
            else:
                kind, text = (
                    "undertrump",
                    f"has no {suit} and no trump above the {best}, so plays a lower trump, {name}",
                )
        elif any(other.is_trump for other in allowed):
            what = f"no {_suit_name(led)}, and the rules leave trumping free"
            kind, text = "discard", f"has {what}: plays {name}"
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
    # Where nobody took (each plays for himself), a trick is won for no side.
    side = (
        ""
        if rnd.taker is None
        else ", for the attack"
        if rnd.side_of(trick.winner) == ATTACK
        else ", for the defence"
    )
    excuse = words_for(rnd.variant.family).excuse
    with_card = f" with {card_words(winning, excuse)}" if winning is not None else ""
    sentences.append(f"{hand.seat_name(trick.winner)} wins the trick{with_card}{side}.")
    # What became of the Excuse (its exchange, or where it went at the last trick) is the engine's to say.
    if any(card.is_excuse for card in trick.cards):
        try:
            note = rnd.tally().excuse
        except TarotError:  # a rule set that counts tricks, not card points, has no exchange to tell
            note = None
        if note is not None and note.trick == trick.number:
            sentences.append(note.explanation[0].upper() + note.explanation[1:] + ".")
    return sentences
