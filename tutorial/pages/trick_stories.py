"""The tricks of the sample hands told in words, for the tutorial's step-by-step pages: what each play
shows (following, trumping, the Excuse, ...), a trick found by what it shows, and the story of a trick.

The hands are read through :mod:`tutorial.pages.tables` (:func:`~tutorial.pages.tables.load_hand`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from tarot_core.cards import Card, Suit
from tarot_core.describe import excuse_noun
from tarot_core.engine.round import Round
from tarot_core.engine.trick import Trick
from tarot_core.engine.variant import words_for
from tarot_core.errors import TarotError
from tarot_core.messages import N_, Noun, _, gettext_lazy
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


#: The suits as a sentence names them ("has no spades"); translated where shown.
_SUIT_WORDS: Final = {
    Suit.SPADES: N_("spades"),
    Suit.HEARTS: N_("hearts"),
    Suit.DIAMONDS: N_("diamonds"),
    Suit.CLUBS: N_("clubs"),
    Suit.TRUMPS: N_("trumps"),
}


def _suit_words(card: Card) -> str:
    return _(_SUIT_WORDS[card.suit])


def card_noun(card: Card, excuse: object = None) -> object:
    """A card as a sentence names it: a :class:`~tarot_core.messages.Noun` ("the King of Spades", "the
    21 of trumps", "the Petit"), and the Excuse by ``excuse``, the rule set's name for it as a noun
    (:func:`tarot_core.describe.excuse_noun`), when given."""
    if card.is_excuse:
        return Noun("Excuse", "card") if excuse is None else excuse
    if card.is_trump:
        trump = f"{card.rank} of trumps"  # the card's own name in the catalogue (tarot_core.cards)
        return Noun("Petit", "card") if card.rank == 1 else Noun(trump, "card")
    return card.noun


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


def play_notes(
    rnd: Round, trick: Trick, name: Callable[[Seat], object] = str
) -> list[tuple[Seat, Card, str, str]]:
    """(seat, card, kind, sentence) for each card of a trick, saying which rule of play it shows; the
    sentence names the player by ``name(seat)`` (by default the seat, ``p2``).

    Kinds: ``lead``, ``sets-suit``, ``excuse``, ``follow``, ``higher-trump``, ``lower-trump``, ``trump``,
    ``overtrump``, ``undertrump``, ``discard``. Whether a card was forced or chosen is the engine's to
    say: the sentence follows the cards the rules allowed that player (``must trump`` only where the
    rules left nothing but trumps), so a rule set where trumping or overtrumping is free is told right.
    """
    notes: list[tuple[Seat, Card, str, str]] = []
    # The rule set's name for the Excuse, as a noun in the page's language ("l’Excuse", "le Fou").
    excuse = excuse_noun(words_for(rnd.variant.family))
    led: Card | None = None
    best = 0
    for index, ((seat, card), allowed) in enumerate(zip(trick.plays, _choices(rnd, trick), strict=True)):
        who = name(seat)
        noun = excuse if card.is_excuse else card_noun(card)
        higher = any(other.is_trump and other.rank > best for other in allowed)
        if card.is_excuse:
            kind = "excuse"
            if index == 0:
                text = _("{who} leads {excuse}: the next card will set the suit.", who=who, excuse=excuse)
            else:
                text = _("{who} plays {excuse}, which may be played at any time.", who=who, excuse=excuse)
        elif index == 0:
            kind, text = "lead", _("{who} leads {card}.", who=who, card=noun)
        elif led is None:
            kind = "sets-suit"
            text = _(
                "{who} plays {card}, which sets the suit after {excuse}.", who=who, card=noun, excuse=excuse
            )
        elif card.suit is led.suit:
            if card.is_trump:
                if card.rank > best:
                    kind, text = "higher-trump", _("{who} plays a higher trump, {card}.", who=who, card=noun)
                elif higher:
                    kind = "lower-trump"
                    text = _(
                        "{who} plays {card}, under the {best} of trumps, which these rules allow.",
                        who=who,
                        card=noun,
                        best=best,
                    )
                else:
                    kind = "lower-trump"
                    text = _(
                        "{who} cannot beat the {best} of trumps and plays {card}.",
                        who=who,
                        best=best,
                        card=noun,
                    )
            else:
                kind, text = "follow", _("{who} follows suit with {card}.", who=who, card=noun)
        elif card.is_trump:
            suit = _suit_words(led)
            forced = all(other.is_trump for other in allowed if not other.is_excuse)
            if best == 0 and forced and not rnd.rule_must_trump():
                kind = "trump"
                text = _("{who} has no {suit}, only trumps: {card}.", who=who, suit=suit, card=noun)
            elif best == 0 and forced:
                kind = "trump"
                text = _("{who} has no {suit}, so must trump: {card}.", who=who, suit=suit, card=noun)
            elif best == 0:
                kind = "trump"
                text = _(
                    "{who} has no {suit} and chooses to trump, with {card}.", who=who, suit=suit, card=noun
                )
            elif card.rank > best:
                kind = "overtrump"
                text = _(
                    "{who} has no {suit} and overtrumps the {best} with {card}.",
                    who=who,
                    suit=suit,
                    best=best,
                    card=noun,
                )
            elif higher:
                kind = "undertrump"
                text = _(
                    "{who} has no {suit} and plays a lower trump, {card}, which these rules allow.",
                    who=who,
                    suit=suit,
                    card=noun,
                )
            else:
                kind = "undertrump"
                text = _(
                    "{who} has no {suit} and no trump above the {best}, so plays a lower trump, {card}.",
                    who=who,
                    suit=suit,
                    best=best,
                    card=noun,
                )
        elif any(other.is_trump for other in allowed):
            kind = "discard"
            text = _(
                "{who} has no {suit}, and the rules leave trumping free: plays {card}.",
                who=who,
                suit=_suit_words(led),
                card=noun,
            )
        elif led.is_trump:
            kind = "discard"
            text = _("{who} has no trumps left, so may play any card: {card}.", who=who, card=noun)
        else:
            kind = "discard"
            text = _(
                "{who} has no {suit} and no trump, so may play any card: {card}.",
                who=who,
                suit=_suit_words(led),
                card=noun,
            )
        if not card.is_excuse and led is None:
            led = card
        if card.is_trump and card.rank > best:
            best = card.rank
        notes.append((seat, card, kind, text))
    return notes


def trick_kinds(rnd: Round, trick: Trick) -> set[str]:
    """The words of :data:`TRICK_KINDS` that describe a finished trick."""
    notes = play_notes(rnd, trick)
    kinds = {kind for _seat, _card, kind, _text in notes}
    found: set[str] = set()
    first = trick.plays[0][1]
    plain_lead = first.suit.is_plain
    if plain_lead and all(kind in ("lead", "follow") for _seat, _card, kind, _text in notes):
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
        raise TarotError(
            gettext_lazy(
                "{kind!r} is not a kind of trick; the kinds are {kinds}",
                kind=kind,
                kinds=", ".join(TRICK_KINDS),
            )
        )
    rnd = final_round(record)
    seen = 0
    for trick in rnd.tricks:
        if kind in trick_kinds(rnd, trick):
            seen += 1
            if seen == nth:
                return trick.number + 1
    raise TarotError(
        gettext_lazy(
            "the hand {record} has no trick showing {kind!r} (number {nth})",
            record=record,
            kind=kind,
            nth=nth,
        )
    )


def trick_story(record: str, number: int) -> list[str]:
    """Sentences telling trick ``number`` (from 1) of a recorded hand: each card, then the winner."""
    hand = load_hand(record)
    rnd = hand.final_round()
    if not 1 <= number <= len(rnd.tricks):
        raise TarotError(
            gettext_lazy("tricks go from 1 to {count}, not {number}", count=len(rnd.tricks), number=number)
        )
    trick = rnd.tricks[number - 1]
    sentences = [text for _seat, _card, _kind, text in play_notes(rnd, trick, hand.seat_name)]
    assert trick.winner is not None
    winning = trick.card_of(trick.winner)
    assert winning is not None
    who = hand.seat_name(trick.winner)
    card = card_noun(winning, excuse_noun(words_for(rnd.variant.family)))
    # Where nobody took (each plays for himself), a trick is won for no side.
    if rnd.taker is None:
        sentences.append(_("{who} wins the trick with {card}.", who=who, card=card))
    elif rnd.side_of(trick.winner) == ATTACK:
        sentences.append(_("{who} wins the trick with {card}, for the attack.", who=who, card=card))
    else:
        sentences.append(_("{who} wins the trick with {card}, for the defence.", who=who, card=card))
    # What became of the Excuse (its exchange, or where it went at the last trick) is the engine's to say.
    if any(card.is_excuse for card in trick.cards):
        try:
            note = rnd.tally().excuse
        except TarotError:  # a rule set that counts tricks, not card points, has no exchange to tell
            note = None
        if note is not None and note.trick == trick.number:
            sentences.append(note.explanation[0].upper() + note.explanation[1:] + ".")
    return sentences
