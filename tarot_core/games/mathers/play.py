"""Mathers' Tarot's declarations and tricks: the sets and sequences a hand declares, the category and
points of a trick, who wins it and which cards may be played.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from ...cards import (
    EXCUSE,
    JACK,
    KNIGHT,
    PLAIN_SUITS,
    QUEEN,
    Card,
    Suit,
    format_cards,
    parse_cards,  # noqa: F401  (the doctests use it)
)
from ...errors import TarotError
from .options import (
    CATEGORIES,
    CATEGORY_VALUES,
    DECLARATION_NAMES,
    DECLARATION_VALUES,
    GREATER_TRUMPS,
    LESSER_TRUMPS,
    SEQUENCE_VALUES,
    TAROT_TRUMPS,
    TRUMP_COUNT_VALUES,
    MathersOptions,
)


# ------------------------------------------------------------------------------------ declarations
@dataclasses.dataclass(frozen=True, slots=True)
class Declaration:
    """One scoring combination shown before play."""

    code: str
    cards: tuple[Card, ...]

    @property
    def value(self) -> int:
        return DECLARATION_VALUES[self.code]

    @property
    def label(self) -> str:
        return DECLARATION_NAMES[self.code]

    def __str__(self) -> str:
        return f"{self.code} {format_cards(self.cards)}".strip()


def _set_declaration(prefix: str, wanted: Sequence[Card], hand: set[Card]) -> Declaration | None:
    held = tuple(c for c in wanted if c in hand)
    if len(held) >= 3:
        return Declaration(f"{prefix}-{len(held)}", held)
    return None


def _is_trump(card: Card, options: MathersOptions) -> bool:
    return card.is_trump or (card is EXCUSE and options.fool_in_declarations)


def _sequence_rank(card: Card) -> int:
    return 0 if card is EXCUSE else card.rank


def sequences(cards: Iterable[Card], options: MathersOptions) -> list[Declaration]:
    """Runs of four or more cards in a row, in a plain suit (1 ... 10, Knave, Knight, Queen, King)
    or in the trumps (1 ... 21, with the Fool as 0 when it counts in declarations)."""
    groups: dict[Suit, list[Card]] = {}
    for card in cards:
        if card.is_trump or (card is EXCUSE and options.fool_in_declarations):
            groups.setdefault(Suit.TRUMPS, []).append(card)
        elif card.suit in PLAIN_SUITS:
            groups.setdefault(card.suit, []).append(card)
    found: list[Declaration] = []
    for group in groups.values():
        ordered = sorted(group, key=_sequence_rank)
        run: list[Card] = []
        items: list[Card | None] = [*ordered, None]
        for item in items:
            if item is not None and run and _sequence_rank(item) == _sequence_rank(run[-1]) + 1:
                run.append(item)
                continue
            for length, _ in SEQUENCE_VALUES:
                if len(run) >= length:
                    found.append(Declaration(f"sequence-{length}", tuple(run)))
                    break
            run = [item] if item is not None else []
    return found


def declarations(hand: Iterable[Card], options: MathersOptions | None = None) -> list[Declaration]:
    """Every combination ``hand`` may declare (not the ask, which depends on the opponent).

    >>> [d.code for d in declarations(parse_cards("T21 T20 T19 T1 EX HK S1 S2 S3 S4"))]
    ['greater-3', 'tarot-trumps-3', 'sequence-4']
    """
    opts = options or MathersOptions()
    cards = sorted(hand)
    held = set(cards)
    found: list[Declaration] = []
    used: set[Card] = set()
    for prefix, wanted in (("greater", GREATER_TRUMPS), ("lesser", LESSER_TRUMPS)):
        declared = _set_declaration(prefix, wanted, held)
        if declared is not None:
            found.append(declared)
            used.update(declared.cards)
    free = cards if opts.declarations_independent else [c for c in cards if c not in used]
    trumps = tuple(c for c in free if _is_trump(c, opts))
    for count, _ in TRUMP_COUNT_VALUES:
        if len(trumps) >= count:
            found.append(Declaration(f"trumps-{count}", trumps))
            if opts.trump_count == "highest":
                break
    tarot = [c for c in TAROT_TRUMPS if c in held]
    for number in range(len(tarot) // 3):
        found.append(Declaration("tarot-trumps-3", tuple(tarot[3 * number : 3 * number + 3])))
    found.extend(sequences(free, opts))
    return found


def tarot_trumps_in(cards: Iterable[Card]) -> list[Card]:
    return [c for c in cards if c in TAROT_TRUMPS]


def may_ask(hand: Iterable[Card]) -> bool:
    """A player holding two Tarot Trumps beyond complete threes may ask for a third."""
    return len(tarot_trumps_in(hand)) % 3 == 2


def small_cards(hand: Iterable[Card]) -> list[Card]:
    """Cards 'of small value' to give back after an ask: plain cards 1 to 10, else anything but a
    Tarot Trump."""
    cards = list(hand)
    small = [c for c in cards if c.suit in PLAIN_SUITS and c.rank <= 10]
    return small or [c for c in cards if c not in TAROT_TRUMPS]


# ---------------------------------------------------------------------------------------- tricks
def category(card: Card) -> str:
    """The scoring category of one card."""
    if card in TAROT_TRUMPS:
        return "tarot-trump"
    if card.suit in PLAIN_SUITS:
        return {QUEEN: "queen", KNIGHT: "knight", JACK: "knave"}.get(card.rank, "plain")
    return "plain"


def trick_category(cards: Iterable[Card], options: MathersOptions) -> str:
    """The best category in a trick; the Fool is left out when it scores for its holder."""
    best = len(CATEGORIES) - 1
    for card in cards:
        if card is EXCUSE and options.fool_to_holder:
            continue
        best = min(best, CATEGORIES.index(category(card)))
    return CATEGORIES[best]


def trick_points(cards: Iterable[Card], options: MathersOptions) -> int:
    """What a trick scores for its winner.

    >>> trick_points(parse_cards("HQ HC"), MathersOptions())
    4
    >>> trick_points(parse_cards("HQ HC"), MathersOptions(trick_value="sum"))
    7
    """
    counted = [c for c in cards if not (c is EXCUSE and options.fool_to_holder)]
    if options.trick_value == "best":
        return CATEGORY_VALUES[trick_category(counted, options)]
    honours = [CATEGORY_VALUES[category(c)] for c in counted if category(c) != "plain"]
    return sum(honours) if honours else 1


def is_trump_in_play(card: Card, options: MathersOptions) -> bool:
    return card.is_trump or (card is EXCUSE and options.fool_play == "lowest-trump")


def led_suit(cards: Sequence[Card], options: MathersOptions) -> Suit | None:
    """The suit to follow: the first card's, passing over a Fool that is not a trump."""
    for card in cards:
        if card is EXCUSE:
            if options.fool_play == "lowest-trump":
                return Suit.TRUMPS
            continue
        return card.suit
    return None


def trick_winner_index(cards: Sequence[Card], options: MathersOptions) -> int:
    """Index of the card that wins: the highest trump, else the highest card of the suit led.
    By default the Fool never wins; under ``fool_play="lowest-trump"`` it is trump 0, which beats
    plain cards and loses to every other trump."""
    led = led_suit(cards, options)
    best = -1
    best_key = (-1, -1)
    for index, card in enumerate(cards):
        if is_trump_in_play(card, options):
            key = (1, _sequence_rank(card))
        elif card is not EXCUSE and card.suit is led:
            key = (0, card.rank)
        else:
            continue
        if key > best_key:
            best, best_key = index, key
    if best < 0:  # pragma: no cover - a trick always holds a card of the suit led
        raise TarotError("no card can win this trick")
    return best


def kings_cut(cards: Sequence[Card], winner: int, options: MathersOptions) -> int:
    """Kings cut in a trick: Kings (of the suit led, by default) in a trick won by a trump."""
    if not is_trump_in_play(cards[winner], options):
        return 0
    led = led_suit(cards, options)
    if options.king_cut == "led-suit":
        return sum(1 for c in cards if c.is_king and c.suit is led)
    return sum(1 for c in cards if c.is_king)


# ---------------------------------------------------------------------------------------- legal plays
def legal_plays(hand: Sequence[Card], trick: Sequence[Card], options: MathersOptions) -> list[Card]:
    """The cards a player may play to a trick (empty ``trick``: a lead)."""
    if not trick:
        if options.fool_lead or len(hand) == 1:
            return list(hand)
        return [c for c in hand if c is not EXCUSE]
    led = led_suit(trick, options)
    if led is None:
        return list(hand)
    loose_fool = options.fool_play == "never-wins" and EXCUSE in hand
    follow = [
        c
        for c in hand
        if (c is not EXCUSE and c.suit is led) or (c is EXCUSE and led is Suit.TRUMPS and not loose_fool)
    ]
    if follow:
        return [*follow, EXCUSE] if loose_fool else follow
    if options.must_trump:
        trumps = [c for c in hand if is_trump_in_play(c, options)]
        if trumps:
            return [*trumps, EXCUSE] if loose_fool and EXCUSE not in trumps else trumps
    return list(hand)
