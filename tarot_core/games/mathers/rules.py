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

The points the book leaves open are the fields of :class:`MathersOptions`, each with its default.

Score requests (:func:`score_request`) score one hand from its parts::

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
* ``options``: rule options by name (see :class:`MathersOptions`).

The answer: ``{"variant": "mathers", "players": N, "won": seat or null, "totals": {seat: points},
"breakdown": [...], "scores": {seat: what the hand scores}, "game": {...}, "game_over": bool,
"game_winner": seat or null}``. The breakdown's term codes start with the seat (``p1.tricks-queen``).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, Final, cast

from ...actions import PLAYS, Action
from ...cards import (
    EXCUSE,
    FULL_PACK,
    JACK,
    KING,
    KNIGHT,
    PLAIN_SUITS,
    QUEEN,
    Card,
    Suit,
    cards_in_words,
    format_cards,
    parse_cards,
)
from ...engine.request import required, whole_number
from ...engine.result import Score, Seated, Term
from ...engine.round import Phase, Round, RoundResult
from ...engine.trick import Trick
from ...engine.variant import Options, Variant, option, read_options, register
from ...engine.variant import options_table as variant_options_table
from ...errors import Illegal, NotationError, Refusal, RequestError, TarotError
from ...seats import SEATS, Seat

if TYPE_CHECKING:
    from ...engine.round import RoundRules
    from ...engine.view import Pile

# ---------------------------------------------------------------------------------------------- facts
HAND_SIZE: Final = 25
STOCK_SIZE: Final = 3
PACKET: Final = 5
#: What messages call the card the other rule sets call the Excuse.
FOOL: Final = "the Fool"
GREATER_TRUMPS: Final = tuple(Card(Suit.TRUMPS, r) for r in (21, 20, 19, 18, 17))
LESSER_TRUMPS: Final = tuple(Card(Suit.TRUMPS, r) for r in (1, 2, 3, 4, 5))
#: The seven Tarot Trumps: the Universe 21, the Fool 0, the Juggler 1 and the four Kings.
TAROT_TRUMPS: Final = (
    Card(Suit.TRUMPS, 21),
    EXCUSE,
    Card(Suit.TRUMPS, 1),
    *(Card(suit, KING) for suit in PLAIN_SUITS),
)
SET_VALUES: Final = {3: 5, 4: 10, 5: 15}
TRUMP_COUNT_VALUES: Final = ((13, 15), (10, 10))
TAROT_TRUMP_SET: Final = 15
ASK_UNANSWERED: Final = 5
SEQUENCE_VALUES: Final = ((10, 15), (7, 10), (4, 5))
KING_CUT: Final = 5
#: Trick categories, best first, and their values.
CATEGORIES: Final = ("tarot-trump", "queen", "knight", "knave", "plain")
CATEGORY_VALUES: Final = {"tarot-trump": 5, "queen": 4, "knight": 3, "knave": 2, "plain": 1}
CATEGORY_NAMES: Final = {
    "tarot-trump": "with a Tarot Trump",
    "queen": "with a Queen",
    "knight": "with a Knight",
    "knave": "with a Knave",
    "plain": "of plain cards only",
}
DECLARATION_VALUES: Final = {
    "greater-3": 5,
    "greater-4": 10,
    "greater-5": 15,
    "lesser-3": 5,
    "lesser-4": 10,
    "lesser-5": 15,
    "trumps-10": 10,
    "trumps-13": 15,
    "tarot-trumps-3": 15,
    "ask-unanswered": 5,
    "sequence-4": 5,
    "sequence-7": 10,
    "sequence-10": 15,
}
DECLARATION_NAMES: Final = {
    "greater-3": "three Greater Trumps",
    "greater-4": "four Greater Trumps",
    "greater-5": "all five Greater Trumps",
    "lesser-3": "three Lesser Trumps",
    "lesser-4": "four Lesser Trumps",
    "lesser-5": "all five Lesser Trumps",
    "trumps-10": "ten trumps",
    "trumps-13": "thirteen trumps",
    "tarot-trumps-3": "three Tarot Trumps",
    "ask-unanswered": "two Tarot Trumps, a third asked for and not shown",
    "sequence-4": "a sequence of four",
    "sequence-7": "a sequence of seven",
    "sequence-10": "a sequence of ten",
}
GAME: Final = 100

OPTION_CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "fool_in_declarations": (False, True),
    "fool_play": ("never-wins", "lowest-trump"),
    "fool_lead": (True, False),
    "fool_to_holder": (True, False),
    "must_trump": (False, True),
    "trick_value": ("best", "sum"),
    "declarations_independent": (True, False),
    "trump_count": ("highest", "both"),
    "king_cut": ("led-suit", "any"),
    "direction": ("clockwise", "counter-clockwise"),
    "game": (100, 50, 200),
    "excess": (True, False),
}


@dataclasses.dataclass(frozen=True)
class MathersOptions(Options):
    """What Mathers leaves open. Each default is argued in the field's help text."""

    fool_in_declarations: bool = option(
        False,
        "Whether the Fool counts as a trump in the ten and thirteen trumps and as a 0 below the 1 in trump "
        "sequences. Default no: the book names it among the Tarot Trumps but plays it as a card that takes "
        "nothing, outside the trump order.",
    )
    fool_play: str = option(
        "never-wins",
        "'never-wins' (default): the Fool can be played to any trick, whatever was led, and never wins "
        "one ('can take no card'). 'lowest-trump': the Fool is trump 0, played like a trump and beaten by "
        "every other trump ('the Ace can only take the 0').",
    )
    fool_lead: bool = option(
        True,
        "Whether the Fool may be led. Default yes (the book forbids nothing); the next card then sets "
        "the suit. When false it may be led only as a player's last card.",
    )
    fool_to_holder: bool = option(
        True,
        "Default yes: the Fool's 5 points go to the player who held it ('the 0 counts to its original "
        "possessor'), and the trick it fell in is valued without it. When false it scores in that trick.",
    )
    must_trump: bool = option(
        False,
        "Default no: 'if not, you may trump', so a player who cannot follow suit may throw any card. "
        "When true he must trump if he can (never obliged to overtrump).",
    )
    trick_value: str = option(
        "best",
        "'best' (default): a trick scores the value of its best card only (Tarot Trump 5, Queen 4, "
        "Knight 3, Knave 2, else 1), as the book's table lists one value per trick. 'sum': it scores the "
        "values of all its Tarot Trumps and court cards together (1 if it holds none).",
    )
    declarations_independent: bool = option(
        True,
        "Default yes, as the book says: 'all scores are independent of other combinations', so the same "
        "trump may count in a Greater or Lesser set, in the ten or thirteen trumps and in a sequence. "
        "When false, trumps scored in a Greater or Lesser set count in nothing else.",
    )
    trump_count: str = option(
        "highest",
        "'highest' (default): thirteen trumps score 15 and not also 10 for the ten among them. 'both': "
        "they score 10 and 15.",
    )
    king_cut: str = option(
        "led-suit",
        "'led-suit' (default): a King of the suit led, in a trick won by a trump, counts 5 for the winner. "
        "'any': any King in a trick won by a trump.",
    )
    direction: str = option(
        "clockwise",
        "The way play and the deal go round with three players. 'clockwise' (default): to the left, the "
        "English custom of the book's readers; the dealer's left-hand neighbour leads, so the dealer plays "
        "last. 'counter-clockwise': to the right, as in the French games.",
    )
    game: int = option(100, "Points that win the game: 100 in the book.")
    excess: bool = option(
        True,
        "Default yes: only the excess of the best total over the next is scored each hand. When false "
        "every player scores his whole total.",
    )

    def __post_init__(self) -> None:
        for name, choices in OPTION_CHOICES.items():
            value = getattr(self, name)
            if value not in choices or type(value) is not type(choices[0]):
                allowed = ", ".join(repr(c) for c in choices)
                raise TarotError(f"the rule option {name} cannot be {value!r}: choose {allowed}")


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


def _is_trump_in_play(card: Card, options: MathersOptions) -> bool:
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
        if _is_trump_in_play(card, options):
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
    if not _is_trump_in_play(cards[winner], options):
        return 0
    led = led_suit(cards, options)
    if options.king_cut == "led-suit":
        return sum(1 for c in cards if c.is_king and c.suit is led)
    return sum(1 for c in cards if c.is_king)


# -------------------------------------------------------------------------------------- a hand scored
@dataclasses.dataclass(frozen=True, slots=True)
class HandParts:
    """What one player made in one hand."""

    tricks: Mapping[str, int]
    trick_points: int
    kings_cut: int = 0
    fool: bool = False
    declarations: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True, slots=True)
class HandScore:
    """A hand scored: every player's total, the working, and what each scores after the excess rule."""

    totals: dict[str, int]
    breakdown: tuple[Term, ...]
    scores: dict[str, int]
    winner: str | None


def score_hand(parts: Mapping[str, HandParts], options: MathersOptions | None = None) -> HandScore:
    """Add up each player's hand and apply the excess rule (pure function)."""
    opts = options or MathersOptions()
    terms: list[Term] = []
    totals: dict[str, int] = {}
    for seat, part in parts.items():
        total = 0
        for code in part.declarations:
            value = DECLARATION_VALUES[code]
            terms.append(Term(f"{seat}.{code}", f"{seat}: {DECLARATION_NAMES[code]}", value))
            total += value
        if opts.trick_value == "best":
            for name in CATEGORIES:
                count = part.tricks.get(name, 0)
                if count:
                    value = count * CATEGORY_VALUES[name]
                    terms.append(
                        Term(
                            f"{seat}.tricks-{name}",
                            f"{seat}: {count} trick{'s' if count != 1 else ''} {CATEGORY_NAMES[name]}",
                            value,
                            f"{count} × {CATEGORY_VALUES[name]}",
                        )
                    )
        else:
            count = sum(part.tricks.values())
            terms.append(
                Term(f"{seat}.tricks", f"{seat}: {count} tricks, honours added up", part.trick_points)
            )
        total += part.trick_points
        if part.kings_cut:
            value = part.kings_cut * KING_CUT
            terms.append(
                Term(f"{seat}.kings-cut", f"{seat}: Kings cut", value, f"{part.kings_cut} × {KING_CUT}")
            )
            total += value
        if part.fool and opts.fool_to_holder:
            terms.append(Term(f"{seat}.fool", f"{seat}: the Fool, scored by its holder", KING_CUT))
            total += KING_CUT
        terms.append(Term(f"{seat}.total", f"{seat}: total for the hand", total))
        totals[seat] = total
    ranking = sorted(totals.values(), reverse=True)
    scores = dict.fromkeys(totals, 0)
    winner: str | None = None
    if not opts.excess:
        scores = dict(totals)
        winner = max(totals, key=lambda s: totals[s]) if ranking[0] > ranking[1] else None
    elif ranking[0] > ranking[1]:
        winner = next(s for s, v in totals.items() if v == ranking[0])
        scores[winner] = ranking[0] - ranking[1]
        terms.append(
            Term(
                "excess",
                f"{winner} scores the excess over the next best",
                scores[winner],
                f"{ranking[0]} − {ranking[1]}",
            )
        )
    else:
        terms.append(Term("excess", "A tie at the top: nobody scores this hand", 0))
    return HandScore(totals, tuple(terms), scores, winner)


def advance_game(
    game: Mapping[str, int], scores: Mapping[str, int], target: int = GAME
) -> tuple[dict[str, int], str | None]:
    """Running totals after a hand, and the game's winner: the first to reach ``target`` (the
    highest if several reach it in the same hand, nobody on a tie)."""
    totals = {seat: game.get(seat, 0) + scores.get(seat, 0) for seat in scores}
    reached = {seat: v for seat, v in totals.items() if v >= target}
    if not reached:
        return totals, None
    best = max(reached.values())
    leaders = [seat for seat, v in reached.items() if v == best]
    return totals, leaders[0] if len(leaders) == 1 else None


# ------------------------------------------------------------------------------------- the request
def _parse_options(raw: object) -> MathersOptions:
    return read_options(raw, MathersOptions, OPTION_CHOICES)


def _count(value: object, where: str, what: str, high: int) -> int:
    number = whole_number(value, where, f"{what}, a whole number from 0 to {high}")
    if not 0 <= number <= high:
        raise RequestError(where, f"{what} is a whole number from 0 to {high}, not {number}")
    return number


def _parse_tricks(
    value: object, where: str, options: MathersOptions, players: int
) -> tuple[dict[str, int], int, list[Card]]:
    if isinstance(value, Mapping):
        if options.trick_value == "sum":
            raise RequestError(
                where, 'with trick_value "sum" list the tricks themselves, like ["HQ HC", "S2 S3"]'
            )
        counts: dict[str, int] = {}
        for key, number in value.items():
            if key not in CATEGORY_VALUES:
                raise RequestError(
                    f"{where}.{key}", f"a trick is counted under one of {', '.join(CATEGORIES)}"
                )
            counts[str(key)] = _count(number, f"{where}.{key}", "a number of tricks", HAND_SIZE)
        points = sum(CATEGORY_VALUES[k] * n for k, n in counts.items())
        return counts, points, []
    if isinstance(value, list):
        counts = dict.fromkeys(CATEGORIES, 0)
        points = 0
        cards: list[Card] = []
        for number, text in enumerate(value):
            if not isinstance(text, str):
                raise RequestError(f"{where}[{number}]", 'write a trick as its cards, like "HQ S3"')
            try:
                trick = parse_cards(text)
            except NotationError as error:
                raise RequestError(f"{where}[{number}]", str(error)) from None
            if len(trick) != players:
                raise RequestError(
                    f"{where}[{number}]", f"a trick holds one card from each player: {players} cards"
                )
            counts[trick_category(trick, options)] += 1
            points += trick_points(trick, options)
            cards.extend(trick)
        return {k: n for k, n in counts.items() if n}, points, cards
    raise RequestError(
        where, 'give the tricks as counts like {"queen": 2, "plain": 5} or as a list of tricks'
    )


def score_request(request: Mapping[str, object]) -> dict[str, object]:
    """Score one Mathers hand from its parts (see the module docstring for the request)."""
    if not isinstance(request, Mapping):
        raise RequestError("", "a score request is an object with fields like players and hands")
    variant = request.get("variant", "mathers")
    if variant != "mathers":
        raise RequestError("variant", f"this calculator scores Mathers' game, not {variant!r}")
    players = whole_number(request.get("players", 2), "players", "the number of players, 2 or 3")
    if players not in (2, 3):
        raise RequestError("players", f"Mathers' game is for 2 or 3 players, not {players}")
    options = _parse_options(request.get("options"))
    seats = [str(s) for s in SEATS[:players]]
    hands = required(request, "hands", f"give each player's hand: an object with the keys {', '.join(seats)}")
    if not isinstance(hands, Mapping):
        raise RequestError("hands", f"give each player's hand: an object with the keys {', '.join(seats)}")
    for key in hands:
        if key not in seats:
            raise RequestError(f"hands.{key}", f"with {players} players the seats are {', '.join(seats)}")
    parts: dict[str, HandParts] = {}
    all_cards: list[Card] = []
    fools = 0
    for seat in seats:
        where = f"hands.{seat}"
        data = hands.get(seat)
        if not isinstance(data, Mapping):
            raise RequestError(where, "give this player's tricks, declarations and bonuses as an object")
        unknown = [k for k in data if k not in ("tricks", "kings_cut", "fool", "declarations")]
        if unknown:
            raise RequestError(
                f"{where}.{unknown[0]}", "the fields are tricks, kings_cut, fool and declarations"
            )
        counts, points, cards = _parse_tricks(data.get("tricks", {}), f"{where}.tricks", options, players)
        all_cards.extend(cards)
        cut = _count(data.get("kings_cut", 0), f"{where}.kings_cut", "the number of Kings cut", 4)
        fool = data.get("fool", False)
        if not isinstance(fool, bool):
            raise RequestError(f"{where}.fool", "say true if this player held the Fool, false otherwise")
        fools += fool
        raw = data.get("declarations", [])
        if not isinstance(raw, list):
            raise RequestError(
                f"{where}.declarations", 'list the declarations, like ["greater-3", "sequence-4"]'
            )
        codes: list[str] = []
        for number, code in enumerate(raw):
            if code not in DECLARATION_VALUES:
                raise RequestError(
                    f"{where}.declarations[{number}]",
                    f"a declaration is one of {', '.join(DECLARATION_VALUES)}",
                )
            codes.append(str(code))
        _check_declarations(f"{where}.declarations", codes)
        parts[seat] = HandParts(counts, points, cut, fool, tuple(codes))
    _check_hand(parts, all_cards, fools, options)
    result = score_hand(parts, options)
    answer: dict[str, object] = {
        "variant": "mathers",
        "players": players,
        "won": result.winner,
        "totals": result.totals,
        "breakdown": [t.as_dict() for t in result.breakdown],
        "scores": result.scores,
    }
    game = request.get("game")
    if game is not None:
        if not isinstance(game, Mapping) or any(k not in seats for k in game):
            raise RequestError("game", 'give the running totals by seat, like {"p1": 40, "p2": 25}')
        running = {
            seat: _count(game.get(seat, 0), f"game.{seat}", "a running total", 10_000) for seat in seats
        }
        totals, winner = advance_game(running, result.scores, options.game)
        answer["game"] = totals
        answer["game_over"] = winner is not None
        answer["game_winner"] = winner
    return answer


def _check_declarations(where: str, codes: Sequence[str]) -> None:
    for prefix in ("greater", "lesser", "trumps"):
        found = [c for c in codes if c.startswith(prefix + "-")]
        if prefix != "trumps" and len(found) > 1:
            raise RequestError(where, f"declare the {prefix.capitalize()} Trumps once, at their highest")
        if len(found) != len(set(found)):
            raise RequestError(where, f"{found[0]} can be declared only once")
    if codes.count("tarot-trumps-3") > 2:
        raise RequestError(where, "there are only seven Tarot Trumps: at most two threes")
    if codes.count("ask-unanswered") > 1:
        raise RequestError(where, "a player asks for a Tarot Trump only once a hand")


def _check_hand(
    parts: Mapping[str, HandParts], cards: Sequence[Card], fools: int, options: MathersOptions
) -> None:
    tricks = sum(sum(p.tricks.values()) for p in parts.values())
    if tricks != HAND_SIZE:
        raise RequestError(
            "hands", f"every hand has {HAND_SIZE} tricks, one per card in a hand; these add up to {tricks}"
        )
    limits = {"tarot-trump": 7, "queen": 4, "knight": 4, "knave": 4}
    for name, limit in limits.items():
        count = sum(p.tricks.get(name, 0) for p in parts.values())
        if count > limit:
            raise RequestError(
                "hands", f"there cannot be {count} tricks {CATEGORY_NAMES[name]}: the pack has {limit}"
            )
    if fools > 1:
        raise RequestError("hands", "only one player can have held the Fool")
    if sum(p.kings_cut for p in parts.values()) > 4:
        raise RequestError("hands", "there are only four Kings to cut")
    if len(set(cards)) != len(cards):
        raise RequestError("hands", "a card appears in two tricks")
    if options.trick_value == "sum" and not cards:
        raise RequestError("hands", 'with trick_value "sum" list the tricks themselves')


# ============================================================================== playable rounds
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
        trumps = [c for c in hand if _is_trump_in_play(c, options)]
        if trumps:
            return [*trumps, EXCUSE] if loose_fool and EXCUSE not in trumps else trumps
    return list(hand)


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

    The phases of :class:`~tarot_core.engine.round.Phase` are reused: ``discard`` is the dealer's exchange,
    ``calling`` the declarations (with the call for a third Tarot Trump), then ``playing``.
    Actions: ``p1 discard S3`` (the dealer, three times), ``p2 declare all`` (show and score every
    combination), ``p2 declare ask-p1`` (ask p1 for a Tarot Trump), ``p1 give HK`` (hand one over),
    ``p2 give S2`` (a small card back), ``p2 pass`` (declare nothing), ``p2 play HK``.
    """

    variant: MathersVariant  # type: ignore[assignment]

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
        super().__init__(cast("RoundRules", variant), dealer, hands, dog)

    # ------------------------------------------------------------------ setup
    def _check_deal(self) -> None:
        players = self.players
        if len(self.initial_hands) != players:
            raise TarotError(f"{self.variant.key} needs {players} hands, not {len(self.initial_hands)}")
        for seat, hand in zip(SEATS, self.initial_hands, strict=False):
            if len(hand) != HAND_SIZE:
                raise TarotError(f"{seat} holds {len(hand)} cards; each player needs {HAND_SIZE}")
        if len(self.initial_dog) != STOCK_SIZE:
            raise TarotError(
                f"the dealer's three cards are {len(self.initial_dog)}; there must be {STOCK_SIZE}"
            )
        cards = [*self.initial_dog, *(c for hand in self.initial_hands for c in hand)]
        if len(set(cards)) != len(cards):
            raise TarotError("a card is dealt twice")

    def rule_petit_sec_seat(self) -> Seat | None:
        return None

    def _reset(self) -> None:
        super()._reset()
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
    def _generate(self) -> list[Action]:
        seat = self.to_move
        if self.phase is Phase.OVER or seat is None:
            return []
        hand = self.hands[seat]
        if self.phase is Phase.DISCARD:
            return [Action(seat, "discard", "", (c,)) for c in hand]
        if self.phase is Phase.CALLING:
            pending = self.pending
            if pending is not None and pending.given is None:
                return [Action(seat, "give", "", (c,)) for c in tarot_trumps_in(hand)]
            if pending is not None:
                return [Action(seat, "give", "", (c,)) for c in small_cards(hand)]
            actions: list[Action] = []
            if self._may_ask(seat):
                actions.extend(Action(seat, "declare", f"ask-{other}") for other in self._opponents(seat))
            if declarations(hand, self.variant.options):
                actions.append(Action(seat, "declare", "all"))
            actions.append(Action(seat, "pass"))
            return actions
        if self.phase is Phase.PLAYING:
            row = PLAYS[seat]
            cards = self._legal_cards = self.legal_cards(seat)
            return [row[c.index] for c in cards]
        return []  # pragma: no cover

    def legal_cards(self, seat: Seat) -> list[Card]:
        """Cards ``seat`` may play to the current trick (see :func:`legal_plays`)."""
        trick = self.current
        if trick is None or self.phase is not Phase.PLAYING:
            return []
        return legal_plays(self.hands[seat], trick.cards, self.variant.options)

    def _opponents(self, seat: Seat) -> list[Seat]:
        return [s for s in SEATS[: self.players] if s != seat]

    def _may_ask(self, seat: Seat) -> bool:
        return may_ask(self.hands[seat]) and not any(a.asker == seat for a in self.asks)

    # ------------------------------------------------------------------ refusals
    def _refusal(self, action: Action) -> Refusal:
        if self.phase is Phase.OVER:
            return Refusal(Illegal.ROUND_OVER, "the hand is over: no more actions")
        if action.seat != self.to_move:
            return Refusal(Illegal.NOT_YOUR_TURN, f"it is {self.to_move}'s turn, not {action.seat}'s")
        expected = {
            Phase.DISCARD: ("discard",),
            Phase.CALLING: ("give",) if self.pending is not None else ("declare", "pass"),
            Phase.PLAYING: ("play",),
        }[self.phase]
        if action.kind not in expected:
            doing = {
                Phase.DISCARD: "the dealer to throw out three cards, one at a time ('discard S3')",
                Phase.CALLING: (
                    "to hand over a card ('give ...')"
                    if self.pending is not None
                    else "to declare ('declare all', 'declare ask-p2') or pass"
                ),
                Phase.PLAYING: "to play a card ('play HK')",
            }[self.phase]
            return Refusal(Illegal.WRONG_PHASE, f"now is the time for {doing}, not to {action.kind}")
        hand = self.hands[action.seat]
        if action.kind in ("discard", "give", "play"):
            if len(action.cards) != 1:
                return Refusal(
                    Illegal.NOT_ALLOWED, f"{action.kind} exactly one card, like '{action.kind} S3'"
                )
            if action.card not in hand:
                return Refusal(Illegal.NOT_IN_HAND, f"you do not hold {cards_in_words([action.card], FOOL)}")
        if action.kind == "give":
            assert self.pending is not None
            if self.pending.given is None:
                return Refusal(
                    Illegal.NOT_ALLOWED,
                    "you were asked for a Tarot Trump: hand over one of "
                    f"{cards_in_words(tarot_trumps_in(hand), FOOL)}",
                )
            return Refusal(
                Illegal.NOT_ALLOWED,
                "give back a card of small value, a plain card from 1 to 10: "
                f"{cards_in_words(small_cards(hand), FOOL)}",
            )
        if action.kind == "declare":
            return self._refuse_declare(action)
        if action.kind == "play":
            return self._refuse_play(action)
        return Refusal(Illegal.NOT_ALLOWED, f"{action} is not allowed now")  # pragma: no cover

    def _refuse_declare(self, action: Action) -> Refusal:
        seat = action.seat
        word = action.word
        if word == "all":
            return Refusal(Illegal.DECLARATION_NOT_ALLOWED, "you have nothing to declare: pass")
        if word.startswith("ask-"):
            if any(a.asker == seat for a in self.asks):
                return Refusal(Illegal.DECLARATION_NOT_ALLOWED, "you may ask for a Tarot Trump only once")
            if not may_ask(self.hands[seat]):
                held = len(tarot_trumps_in(self.hands[seat]))
                return Refusal(
                    Illegal.DECLARATION_NOT_ALLOWED,
                    "you may ask for a third Tarot Trump only when you hold two (beyond any "
                    f"complete three); you hold {held}",
                )
            return Refusal(
                Illegal.DECLARATION_NOT_ALLOWED,
                f"ask one of your opponents: {', '.join('ask-' + str(s) for s in self._opponents(seat))}",
            )
        return Refusal(Illegal.DECLARATION_NOT_ALLOWED, "declare 'all', ask with 'ask-p2', or pass")

    def _refuse_play(self, action: Action) -> Refusal:
        trick = self.current
        assert trick is not None
        hand = self.hands[action.seat]
        options = self.variant.options
        if not trick.plays:
            return Refusal(
                Illegal.EXCUSE_LEAD,
                "under this rule the Fool may not be led, except as your last card: lead another card",
            )
        led = led_suit(trick.cards, options)
        assert led is not None
        follow = [c for c in hand if c is not EXCUSE and c.suit is led]
        if led is Suit.TRUMPS and options.fool_play == "lowest-trump" and EXCUSE in hand:
            follow.append(EXCUSE)
        if follow:
            what = "trumps" if led is Suit.TRUMPS else led.english
            return Refusal(
                Illegal.MUST_FOLLOW_SUIT,
                f"you must follow suit: {what} were led and you hold {cards_in_words(follow, FOOL)}",
            )
        trumps = [c for c in hand if _is_trump_in_play(c, options)]
        return Refusal(
            Illegal.MUST_TRUMP,
            f"you have no {led.english}, and under this rule you must trump: "
            f"you hold {cards_in_words(trumps, FOOL)}",
        )

    # ------------------------------------------------------------------ applying actions
    def _apply(self, action: Action) -> None:
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
            self._apply_play(seat, action.card)
        else:  # pragma: no cover - refused earlier
            raise TarotError(f"unknown action {action}")

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

    def _apply_play(self, seat: Seat, card: Card) -> None:
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
            self.outcome = "played"
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
            raise TarotError("the hand has not been played to the end")
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
        kind = CATEGORY_NAMES[trick_category(trick.cards, options)]
        extra = f", and {cut * KING_CUT} for a King cut" if cut else ""
        return f"for {points} point{'s' if points != 1 else ''} (a trick {kind}){extra}"

    def result_lines(self, name: Callable[[Seat], str] = str) -> list[str]:
        """The end of a replay: the working of every player's total, and the excess scored."""
        result = self.result()
        score = result.score
        assert isinstance(score, MathersScore)
        lines = [f"  {t.label}: {t.value}" for t in score.terms]
        lines.append("Totals: " + ", ".join(f"{name(s)} {v}" for s, v in score.totals.items()))
        lines.append("Scored: " + ", ".join(f"{name(s)} {v:+d}" for s, v in score.seat_scores.items()))
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

    def tally(self) -> object:  # type: ignore[override]
        raise TarotError("Mathers' game counts tricks, not card points: see hand_parts()")

    def count(self) -> object:  # type: ignore[override]
        raise TarotError("Mathers' game counts tricks, not card points: see hand_parts()")

    def result(self) -> RoundResult:
        if self.phase is not Phase.OVER or self.outcome is None:
            raise TarotError("the hand is not over yet")
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


class MathersVariant(Variant):
    """Mathers' game for one table size; options in :class:`MathersOptions`."""

    family: ClassVar[str] = "mathers"
    options_class: ClassVar[type[Options]] = MathersOptions
    hand_size = HAND_SIZE
    dog_size = STOCK_SIZE
    packet = PACKET
    contracts: ClassVar[tuple[str, ...]] = ()
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
    title = "Mathers' Tarot (1888), 2 players"
    players = 2


@register
class Mathers3(MathersVariant):
    key = "mathers-3"
    title = "Mathers' Tarot (1888), 3 players"
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
            raise TarotError(f"the game is over: {self.winner} has reached {self.variant.options.game}")
        rnd = self.variant.deal_round(self.dealer, seed)
        assert isinstance(rnd, MathersRound)
        return rnd

    def add(self, rnd: Round) -> dict[Seat, int]:
        """Score a finished hand into the game and pass the deal on."""
        if self.is_over:
            raise TarotError("the game is already over")
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


# ================================================================================== tables for pages
# Each returns {"header": [...], "rows": [[...], ...]}: the shape of the site's ``tarot-table``.

_TAROT_TRUMP_NAMES: Final = {
    "T21": "the Universe (21)",
    "EX": "the Mat, or Foolish Man (0): the Fool",
    "T1": "the Pagad, Juggler or Magician (1)",
}


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def declarations_table() -> dict[str, object]:
    """What each declaration scores, in the book's order."""
    order = (
        "greater-3",
        "greater-4",
        "greater-5",
        "lesser-3",
        "lesser-4",
        "lesser-5",
        "trumps-10",
        "trumps-13",
        "ask-unanswered",
        "tarot-trumps-3",
        "sequence-4",
        "sequence-7",
        "sequence-10",
    )
    rows: list[list[object]] = [
        [_upper_first(DECLARATION_NAMES[code]), DECLARATION_VALUES[code]] for code in order
    ]
    return {"header": ["Shown before play", "Points"], "rows": rows}


def tricks_table() -> dict[str, object]:
    rows: list[list[object]] = [
        [f"A trick {CATEGORY_NAMES[name]}", CATEGORY_VALUES[name]] for name in CATEGORIES
    ]
    rows.append(["A King cut (trumped), to whoever cuts it", KING_CUT])
    return {"header": ["Scored in play", "Points"], "rows": rows}


def tarot_trumps_table() -> dict[str, object]:
    rows: list[list[object]] = []
    for card in TAROT_TRUMPS:
        name = _TAROT_TRUMP_NAMES.get(str(card), card.name)
        rows.append([f"{{card}}`{card}`", name])
    return {"header": ["Card", "Name"], "rows": rows}


def options_table() -> dict[str, object]:
    """Every rule option: name, default, the other choices, what it decides."""
    return variant_options_table(MathersOptions(), OPTION_CHOICES)
