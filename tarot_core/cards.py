"""The 78-card tarot pack: cards, their notation, names and values.

Notation (round-trips through :meth:`Card.parse` and ``str``):

* a suit card is its suit letter then its rank: ``S`` spades, ``H`` hearts, ``D`` diamonds,
  ``C`` clubs; ranks ``1`` to ``10``, ``J`` jack, ``C`` knight (cavalier), ``Q`` queen, ``K`` king:
  ``HK`` is the King of Hearts, ``S10`` the 10 of Spades, ``DC`` the Knight of Diamonds;
* a trump is ``T`` and its number, ``T1`` (the Petit) to ``T21``;
* the Excuse is ``EX``.

Card points are integers of half-points: a bout or a King 9, a Queen 7, a Knight 5, a Jack 3,
any other card 1. The whole pack holds 182 half-points, that is 91 points.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from operator import attrgetter
from typing import ClassVar, Final

from .errors import NotationError, quoted
from .messages import NC_, Noun, Number, _, gettext_lazy, join_and, pgettext


class Suit(StrEnum):
    """The four plain suits, trumps and the Excuse's own pseudo-suit; the value is the notation letter."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"
    TRUMPS = "T"
    EXCUSE = "E"

    @property
    def english(self) -> str:
        """The suit's English name: ``Spades``."""
        return _SUIT_NOUN[self].text

    @property
    def noun(self) -> Noun:
        """The suit's name as sentences use it (context "suit"): ``{suit:bare}`` is "Spades"."""
        return _SUIT_NOUN[self]

    @property
    def french(self) -> str:
        return _SUIT_FRENCH[self]

    @property
    def is_plain(self) -> bool:
        return self in PLAIN_SUITS


PLAIN_SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

_SUIT_NOUN: Final = {
    Suit.SPADES: Noun(NC_("suit", "Spades"), "suit"),
    Suit.HEARTS: Noun(NC_("suit", "Hearts"), "suit"),
    Suit.DIAMONDS: Noun(NC_("suit", "Diamonds"), "suit"),
    Suit.CLUBS: Noun(NC_("suit", "Clubs"), "suit"),
    Suit.TRUMPS: Noun(NC_("suit", "Trumps"), "suit"),
    Suit.EXCUSE: Noun(NC_("suit", "Excuse"), "suit"),
}
_SUIT_FRENCH: Final = {
    Suit.SPADES: "pique",
    Suit.HEARTS: "cœur",
    Suit.DIAMONDS: "carreau",
    Suit.CLUBS: "trèfle",
    Suit.TRUMPS: "atout",
    Suit.EXCUSE: "excuse",
}

JACK: Final = 11
KNIGHT: Final = 12
QUEEN: Final = 13
KING: Final = 14

_RANK_LETTER: Final = {JACK: "J", KNIGHT: "C", QUEEN: "Q", KING: "K"}
_LETTER_RANK: Final = {v: k for k, v in _RANK_LETTER.items()}
#: The names of the ranks that have one, as a group of cards of one suit says them ("the Ace and King
#: of Spades"); the other ranks are said as numbers.
_RANK_NAME: Final = {
    1: NC_("rank", "Ace"),
    JACK: NC_("rank", "Jack"),
    KNIGHT: NC_("rank", "Knight"),
    QUEEN: NC_("rank", "Queen"),
    KING: NC_("rank", "King"),
}
_RANK_FRENCH: Final = {1: "As", JACK: "Valet", KNIGHT: "Cavalier", QUEEN: "Dame", KING: "Roi"}
_FACE_HALF_POINTS: Final = {JACK: 3, KNIGHT: 5, QUEEN: 7, KING: 9}
#: Each card's name in pack order (a card is its index), the message of its :class:`Noun` (context
#: "card"): a translation gives the name without article, and the card's gender as the message
#: ``"card gender|<name>"``, so that a sentence's ``{card}`` reads "the King of Hearts" in English and
#: "le Roi de cœur" in French.
#:
#: :meta hide-value:
_CARD_NAMES: Final = (
    NC_("card", "Ace of Spades"),
    NC_("card", "2 of Spades"),
    NC_("card", "3 of Spades"),
    NC_("card", "4 of Spades"),
    NC_("card", "5 of Spades"),
    NC_("card", "6 of Spades"),
    NC_("card", "7 of Spades"),
    NC_("card", "8 of Spades"),
    NC_("card", "9 of Spades"),
    NC_("card", "10 of Spades"),
    NC_("card", "Jack of Spades"),
    NC_("card", "Knight of Spades"),
    NC_("card", "Queen of Spades"),
    NC_("card", "King of Spades"),
    NC_("card", "Ace of Hearts"),
    NC_("card", "2 of Hearts"),
    NC_("card", "3 of Hearts"),
    NC_("card", "4 of Hearts"),
    NC_("card", "5 of Hearts"),
    NC_("card", "6 of Hearts"),
    NC_("card", "7 of Hearts"),
    NC_("card", "8 of Hearts"),
    NC_("card", "9 of Hearts"),
    NC_("card", "10 of Hearts"),
    NC_("card", "Jack of Hearts"),
    NC_("card", "Knight of Hearts"),
    NC_("card", "Queen of Hearts"),
    NC_("card", "King of Hearts"),
    NC_("card", "Ace of Diamonds"),
    NC_("card", "2 of Diamonds"),
    NC_("card", "3 of Diamonds"),
    NC_("card", "4 of Diamonds"),
    NC_("card", "5 of Diamonds"),
    NC_("card", "6 of Diamonds"),
    NC_("card", "7 of Diamonds"),
    NC_("card", "8 of Diamonds"),
    NC_("card", "9 of Diamonds"),
    NC_("card", "10 of Diamonds"),
    NC_("card", "Jack of Diamonds"),
    NC_("card", "Knight of Diamonds"),
    NC_("card", "Queen of Diamonds"),
    NC_("card", "King of Diamonds"),
    NC_("card", "Ace of Clubs"),
    NC_("card", "2 of Clubs"),
    NC_("card", "3 of Clubs"),
    NC_("card", "4 of Clubs"),
    NC_("card", "5 of Clubs"),
    NC_("card", "6 of Clubs"),
    NC_("card", "7 of Clubs"),
    NC_("card", "8 of Clubs"),
    NC_("card", "9 of Clubs"),
    NC_("card", "10 of Clubs"),
    NC_("card", "Jack of Clubs"),
    NC_("card", "Knight of Clubs"),
    NC_("card", "Queen of Clubs"),
    NC_("card", "King of Clubs"),
    NC_("card", "1 of trumps (the Petit)"),
    NC_("card", "2 of trumps"),
    NC_("card", "3 of trumps"),
    NC_("card", "4 of trumps"),
    NC_("card", "5 of trumps"),
    NC_("card", "6 of trumps"),
    NC_("card", "7 of trumps"),
    NC_("card", "8 of trumps"),
    NC_("card", "9 of trumps"),
    NC_("card", "10 of trumps"),
    NC_("card", "11 of trumps"),
    NC_("card", "12 of trumps"),
    NC_("card", "13 of trumps"),
    NC_("card", "14 of trumps"),
    NC_("card", "15 of trumps"),
    NC_("card", "16 of trumps"),
    NC_("card", "17 of trumps"),
    NC_("card", "18 of trumps"),
    NC_("card", "19 of trumps"),
    NC_("card", "20 of trumps"),
    NC_("card", "21 of trumps"),
    NC_("card", "Excuse"),
)


class Card(int):
    """One card of the tarot pack. Cards are interned: ``Card(Suit.HEARTS, 14) is Card.parse("HK")``.

    Like an ``IntEnum`` member, a card is also its index in the pack (0 to 77: spades, hearts, diamonds,
    clubs, trumps, the Excuse), so equality, hashing and sorting run at C speed; use ``str(card)`` (the
    notation), never the bare number, when writing cards out.

    >>> card = Card.parse("HK")
    >>> str(card), card.name, card.french, card.half_points
    ('HK', 'King of Hearts', 'Roi de cœur', 9)
    >>> Card.parse("T1").is_bout, Card.parse("EX").name
    (True, 'the Excuse')
    """

    suit: Suit
    rank: int
    index: int
    half_points: int
    is_trump: bool
    is_bout: bool
    is_excuse: bool

    _interned: ClassVar[dict[tuple[Suit, int], Card]] = {}

    def __new__(cls, suit: Suit, rank: int) -> Card:
        try:
            return cls._interned[(suit, rank)]
        except KeyError:
            raise NotationError(
                gettext_lazy("there is no card with suit {suit} and rank {rank}", suit=str(suit), rank=rank)
            ) from None

    @classmethod
    def _make(cls, suit: Suit, rank: int, index: int) -> Card:
        card = int.__new__(cls, index)
        is_trump = suit is Suit.TRUMPS
        is_excuse = suit is Suit.EXCUSE
        is_bout = is_excuse or (is_trump and rank in (1, 21))
        if is_bout:
            half_points = 9
        elif suit in PLAIN_SUITS:
            half_points = _FACE_HALF_POINTS.get(rank, 1)
        else:
            half_points = 1
        values = {
            "suit": suit,
            "rank": rank,
            "index": index,
            "is_trump": is_trump,
            "is_excuse": is_excuse,
            "is_bout": is_bout,
            "half_points": half_points,
        }
        for name, value in values.items():
            object.__setattr__(card, name, value)
        cls._interned[(suit, rank)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Suit, int]]:
        return (Card, (self.suit, self.rank))

    def __bool__(self) -> bool:
        return True

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    # ------------------------------------------------------------------ notation
    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from its notation (case-insensitive, surrounding blanks ignored)."""
        try:
            card = _BY_NOTATION.get(text.strip().upper())
        except AttributeError:  # not text: a number, a list, nothing
            card = None
        if card is None:
            raise NotationError(
                gettext_lazy(
                    "{text} is not a card: write a suit letter S/H/D/C and a rank 1-10/J/C/Q/K (HK), "
                    "a trump T1-T21, or EX for the Excuse",
                    text=quoted(text),
                )
            )
        return card

    def __str__(self) -> str:
        return _NOTATION[self.index]

    def __repr__(self) -> str:
        return f"Card.parse({_NOTATION[self.index]!r})"

    __hash__ = int.__hash__

    # ------------------------------------------------------------------ names
    @property
    def noun(self) -> Noun:
        """The card's name as sentences say it: ``{card}`` "the King of Hearts", ``{card:bare}`` "King of
        Hearts", ``{card:a}`` "a King of Hearts" (see :class:`~tarot_core.messages.Noun`)."""
        return _NOUNS[self.index]

    @property
    def name(self) -> str:
        """The card's name in the current language, as a list of cards gives it: ``King of Hearts``,
        ``21 of trumps``, ``1 of trumps (the Petit)``, ``the Excuse`` (the one said with its article).
        In a sentence, use :attr:`noun` and choose the form: ``_("you play {card}", card=card.noun)``."""
        return format(self.noun, "the" if self.is_excuse else "bare")

    @property
    def french(self) -> str:
        """French name: ``Roi de cœur``, ``le 21 d’atout``, ``le Petit``, ``l’Excuse``."""
        if self.is_excuse:
            return "l’Excuse"
        if self.is_trump:
            if self.rank == 1:
                return "le Petit"
            return f"le {self.rank} d’atout"
        rank = _RANK_FRENCH.get(self.rank, str(self.rank))
        return f"{rank} de {self.suit.french}"

    @property
    def points(self) -> float:
        """Card points for display (4.5, 3.5, ...). Computations use :attr:`half_points`."""
        return self.half_points / 2

    @property
    def is_king(self) -> bool:
        return self.rank == KING and self.suit in PLAIN_SUITS

    @property
    def is_face(self) -> bool:
        """A court card: Jack, Knight, Queen or King."""
        return self.rank >= JACK and self.suit in PLAIN_SUITS

    @property
    def is_low(self) -> bool:
        """A card worth half a point (neither a bout nor a court card)."""
        return self.half_points == 1


def _build() -> tuple[tuple[Card, ...], dict[str, Card], list[str]]:
    cards: list[Card] = []
    notation: list[str] = []
    for suit in PLAIN_SUITS:
        for rank in range(1, 15):
            cards.append(Card._make(suit, rank, len(cards)))
            notation.append(f"{suit.value}{_RANK_LETTER.get(rank, str(rank))}")
    for rank in range(1, 22):
        cards.append(Card._make(Suit.TRUMPS, rank, len(cards)))
        notation.append(f"T{rank}")
    cards.append(Card._make(Suit.EXCUSE, 0, len(cards)))
    notation.append("EX")
    by_notation = dict(zip(notation, cards, strict=True))
    return tuple(cards), by_notation, notation


#: Each card's :class:`~tarot_core.messages.Noun`, by pack index.
_NOUNS: Final = tuple(Noun(name, "card") for name in _CARD_NAMES)
_BUILT = _build()
FULL_PACK: Final[tuple[Card, ...]] = _BUILT[0]
_BY_NOTATION: Final[dict[str, Card]] = _BUILT[1]
_NOTATION: Final[list[str]] = _BUILT[2]

EXCUSE: Final = FULL_PACK[77]
PETIT: Final = FULL_PACK[56]
MONDE: Final = FULL_PACK[76]
BOUTS: Final = (PETIT, MONDE, EXCUSE)
TRUMPS: Final = FULL_PACK[56:77]
KINGS: Final = tuple(card for card in FULL_PACK if card.is_king)
TOTAL_HALF_POINTS: Final = 182

#: Display order of the suits in a sorted hand: colours alternate, then trumps, then the Excuse.
DISPLAY_SUIT_ORDER: Final = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.TRUMPS, Suit.EXCUSE)
_DISPLAY_RANK: Final = {suit: i for i, suit in enumerate(DISPLAY_SUIT_ORDER)}


#: Per-card facts as tuples indexed by the card itself (a card is its pack index): the engine's hot
#: loops read ``SUIT_OF[card]`` rather than ``card.suit``.
#:
#: :meta hide-value:
SUIT_OF: Final[tuple[Suit, ...]] = tuple(card.suit for card in FULL_PACK)
#: Each card's value in half points, indexed by the card: ``HALF_POINTS_OF[card] == card.half_points``.
#:
#: :meta hide-value:
HALF_POINTS_OF: Final[tuple[int, ...]] = tuple(card.half_points for card in FULL_PACK)
#: A trump ``T<n>`` is the card ``FIRST_TRUMP_INDEX + n - 1``, so trump ranks compare as cards do.
FIRST_TRUMP_INDEX: Final = 56
#: The first pack index of each plain suit (a suit holds 14 consecutive indexes).
SUIT_START: Final[dict[Suit, int]] = {suit: 14 * i for i, suit in enumerate(PLAIN_SUITS)}

#: Sort key in pack order (fast: a C attribute getter).
BY_INDEX: Final = attrgetter("index")


def card_of(suit: Suit, rank: int) -> Card:
    """The card of that suit and rank."""
    return Card(suit, rank)


def display_key(card: Card) -> tuple[int, int]:
    """Sort key that groups a hand the way players hold it."""
    return (_DISPLAY_RANK[card.suit], card.rank)


#: Each card's place in a hand sorted by :func:`display_key`, indexed by the card (its pack index).
_DISPLAY_POSITION: Final[tuple[int, ...]] = tuple(map(sorted(FULL_PACK, key=display_key).index, FULL_PACK))


def sort_hand(cards: Iterable[Card]) -> list[Card]:
    """The cards in the order players hold them (:func:`display_key`); the key is a C lookup."""
    return sorted(cards, key=_DISPLAY_POSITION.__getitem__)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read cards separated by blanks or commas, or an iterable of notations.

    >>> [str(c) for c in parse_cards("HK, T21 EX")]
    ['HK', 'T21', 'EX']
    """
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(item) for item in items]


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


@dataclass(frozen=True, slots=True)
class CardsInWords:
    """Cards the way players say them, suit by suit in pack order, for messages to learners; rendered
    when shown (``str()`` or a placeholder's value), in the language of that moment.

    ``excuse`` is what the rule set calls the Excuse, said with its article (Mathers' Fool, Chambéry's
    Fou); None for the Excuse's own name.

    >>> str(CardsInWords(tuple(parse_cards("S1 SK"))))
    'the Ace and King of Spades'
    """

    cards: tuple[Card, ...]
    excuse: object = None

    def __str__(self) -> str:
        groups: dict[Suit, list[str]] = {}
        for card in sorted(self.cards):
            if card.is_trump:
                groups.setdefault(card.suit, []).append(_rank_in_list(str(card.rank)))
            elif not card.is_excuse:
                groups.setdefault(card.suit, []).append(
                    _rank_in_list(_RANK_NAME.get(card.rank, str(card.rank)))
                )
            else:
                groups.setdefault(card.suit, [])
        parts: list[str] = []
        for suit, ranks in groups.items():
            if suit is Suit.EXCUSE:
                parts.append(str(EXCUSE.noun if self.excuse is None else self.excuse))
            elif suit is Suit.TRUMPS:
                parts.append(_("the {ranks} of trumps", ranks=join_and(ranks)))
            else:
                parts.append(_("the {ranks} of {suit:bare}", ranks=join_and(ranks), suit=suit.noun))
        return str(join_and(parts)) if parts else _("no card")

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


#: A rank in a list of one suit's ranks ("the Ace and King of Spades"): English says the list's article
#: once, before it; French gives each rank its own ("l’As et le Roi de Pique").
_RANK_IN_LIST: Final = NC_("rank in a list", "{rank:bare}")


def _rank_in_list(rank: str) -> str:
    """``rank`` (its English name, or its number) as a list of ranks says it in the current language."""
    return pgettext("rank in a list", _RANK_IN_LIST, rank=Noun(rank, "rank"))


def cards_in_words(cards: Iterable[Card], excuse: object = None) -> str:
    """Cards the way players say them, suit by suit in pack order, for messages to learners (see
    :class:`CardsInWords`, which says them when shown: the one a lazy message takes).

    >>> cards_in_words(parse_cards("S1 SK"))
    'the Ace and King of Spades'
    >>> cards_in_words(parse_cards("T14"))
    'the 14 of trumps'
    >>> cards_in_words(parse_cards("H3 T1 T15 EX"))
    'the 3 of Hearts, the 1 and 15 of trumps and the Excuse'
    >>> cards_in_words(parse_cards("EX"), "the Fool")
    'the Fool'
    """
    return str(CardsInWords(tuple(cards), excuse))


def count_half_points(cards: Iterable[Card]) -> int:
    return sum(map(HALF_POINTS_OF.__getitem__, cards))


def format_points(half_points: int) -> str:
    """``83`` -> ``'41.5'``, ``82`` -> ``'41'``, as the current language writes a number (``'41,5'``
    in French)."""
    whole, half = divmod(half_points, 2)
    return format(Number(whole + 0.5)) if half else str(whole)


def pack_62() -> tuple[Card, ...]:
    """The 62-card pack (*tarot simplifié*): the 2 to 5 of each suit removed."""
    return tuple(card for card in FULL_PACK if not (card.suit in PLAIN_SUITS and 2 <= card.rank <= 5))
