"""What one seat knows at one moment of a round: the per-seat view.

``rnd.view(seat)`` returns a :class:`SeatView`, a small frozen value built only from what that seat may
see under its rule set: its own hand, the public actions, the cards played, the piles shown to it (the
dog when it is turned over, its own discard, handfuls, declarations, ...), how many cards every other
hand holds, and its own legal actions when it is its turn. A widget that draws one player's table and a
computer player that decides for it both read the view and nothing else, so neither can use a hidden
card by mistake.

Each rule set says what it shows through public hooks of the round (``rule_shown_piles``,
``rule_hidden_piles``, ``rule_seen_action``, ``rule_partner_known``, ``rule_public_notes``,
``rule_must_trump``); this module only gathers their answers.

>>> from tarot_core import find_variant
>>> from tarot_core.seats import Seat
>>> rnd = find_variant("fft-4").deal_round(dealer=Seat.P1, seed=7)
>>> view = rnd.view(Seat.P2)
>>> view.phase, view.to_move == Seat.P2, len(view.hand), view.hand_sizes
('bidding', True, 18, (18, 18, 18, 18))
>>> [str(action) for action in view.legal]
['p2 pass', 'p2 bid prise', 'p2 bid garde', 'p2 bid garde-sans', 'p2 bid garde-contre']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol
from weakref import WeakKeyDictionary

from ..actions import Action
from ..cards import EXCUSE, Card, Suit
from ..seats import SEATS, Seat
from .trick import Trick


@dataclass(frozen=True, slots=True)
class Sides:
    """Who plays with whom, as a rule set declares it (in its ``knowledge`` module): the taker against
    the others, unless the contract or the size of the table gives him a partner, or every player plays
    for himself. When a partner is known is the round's to say (``rule_partner_known``)."""

    #: Every player plays for himself, whatever happens in the bidding.
    each_for_himself: bool = False
    #: The contracts under which every player plays for himself.
    alone_contracts: frozenset[str] = frozenset()
    #: The contracts the taker plays with a partner (a called King, partners sitting opposite).
    partner_contracts: frozenset[str] = frozenset()
    #: The sizes of table at which the taker always plays with a partner (a called King).
    partner_tables: frozenset[int] = frozenset()


class Declared(Protocol):
    """What a view reads of a rule set's declarations (:class:`~tarot_core.engine.knowledge.Knowledge`)."""

    @property
    def sides(self) -> Sides: ...


class Described(Protocol):
    """A rule set as a view names it: its key, its family, the options that differ from the defaults
    and its declarations."""

    @property
    def key(self) -> str: ...
    @property
    def family(self) -> str: ...
    @property
    def knowledge(self) -> Declared: ...
    def option_overrides(self) -> dict[str, object]: ...


class Viewed(Protocol):
    """What a view reads of a round (every :class:`~tarot_core.engine.round.Round` has it): the public state,
    the seat's own hand and the rule set's answers to what each seat may see."""

    @property
    def variant(self) -> Described: ...
    @property
    def players(self) -> int: ...
    @property
    def dealer(self) -> Seat: ...
    @property
    def phase(self) -> str: ...
    @property
    def to_move(self) -> Seat | None: ...
    @property
    def hands(self) -> Sequence[Sequence[Card]]: ...
    @property
    def actions(self) -> list[Action]: ...
    @property
    def bids(self) -> Sequence[Action]: ...
    @property
    def taker(self) -> Seat | None: ...
    @property
    def contract(self) -> str | None: ...
    @property
    def called(self) -> Card | None: ...
    @property
    def partner(self) -> Seat | None: ...
    @property
    def tricks(self) -> list[Trick]: ...
    @property
    def current(self) -> Trick | None: ...
    def current_winner(self) -> Seat | None: ...
    def legal_actions(self) -> tuple[Action, ...]: ...
    def rule_must_trump(self) -> bool: ...
    def rule_partner_known(self, seat: Seat) -> bool: ...
    def rule_seen_action(self, seat: Seat, action: Action) -> Action: ...
    def rule_shown_piles(self, seat: Seat) -> list[Pile]: ...
    def rule_hidden_piles(self, seat: Seat) -> list[tuple[str, int]]: ...
    def rule_public_notes(self) -> list[str]: ...


@dataclass(frozen=True, slots=True)
class Pile:
    """Cards shown to the seat: what they are (``name``), whose they are, and the cards.

    Names used by the rule sets: ``dog`` (turned over for everyone), ``discard`` (the cards a player
    laid away, shown to him), ``discard-trumps`` (trumps laid away, which the rules make the taker
    show), ``handful`` (``word`` is its size), ``declaration`` (Mathers: ``word`` is its code),
    ``stock`` (Mathers: the dealer's three cards, seen by him once taken), ``given`` (a card handed
    from ``seat`` to the seat named in ``word``, seen by the two of them), ``received`` (Chambéry: the
    demanded cards handed to the soloist, seen by all), ``discard-found`` (Chambéry: demanded cards
    that turned out to be in the discard; ``discard-pagat``, the Pagat the dealer says he laid away).
    """

    name: str
    seat: Seat | None
    cards: tuple[Card, ...]
    word: str = ""


@dataclass(frozen=True, slots=True)
class TrickView:
    """A trick as everyone saw it: who led, the cards in playing order, who is ahead, who won it."""

    number: int
    leader: Seat
    plays: tuple[tuple[Seat, Card], ...]
    #: Who would win the trick if it stopped now (None before its first card or with only the Excuse).
    ahead: Seat | None
    #: Who won it, once complete.
    winner: Seat | None

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for _, card in self.plays)

    @property
    def complete(self) -> bool:
        return self.winner is not None


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything ``seat`` knows now; nothing it does not.

    ``partner`` is the partner when ``partner_known`` (the partner knows himself; everyone knows once
    the called card is played); before that it is None whatever the truth. ``history`` is every action
    so far as this seat saw it: cards hidden from it are left out (another player's discard is a
    ``discard`` action without its card). ``hidden`` names the piles of cards that are in no hand and
    that this seat has not seen, with their sizes (the dog before it is turned over, another player's
    discard, Mathers' dead hand).
    """

    variant: str
    family: str
    #: The rule options that differ from the defaults, as (name, value) pairs: public, like the rules.
    options: tuple[tuple[str, object], ...]
    players: int
    seat: Seat
    dealer: Seat
    phase: str
    to_move: Seat | None
    hand: tuple[Card, ...]
    history: tuple[Action, ...]
    bids: tuple[Action, ...]
    taker: Seat | None
    contract: str | None
    called: Card | None
    partner: Seat | None
    partner_known: bool
    shown: tuple[Pile, ...]
    notes: tuple[str, ...]
    tricks: tuple[TrickView, ...]
    played: tuple[tuple[Card, ...], ...]
    voids: tuple[frozenset[Suit], ...]
    legal: tuple[Action, ...]
    hand_sizes: tuple[int, ...]
    hidden: tuple[tuple[str, int], ...]
    #: Who plays with whom under the rule set (public, like the rules).
    sides: Sides

    # ------------------------------------------------------------------ small readings
    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat

    @property
    def current(self) -> TrickView | None:
        """The trick being played (None between the last complete trick and the end, or before play)."""
        if self.tricks and not self.tricks[-1].complete:
            return self.tricks[-1]
        return None

    @property
    def seats(self) -> tuple[Seat, ...]:
        return SEATS[: self.players]

    def piles(self, name: str) -> tuple[Pile, ...]:
        return tuple(pile for pile in self.shown if pile.name == name)

    def all_played(self) -> frozenset[Card]:
        return frozenset(card for cards in self.played for card in cards)

    def same_side(self, other: Seat) -> bool | None:
        """Whether ``other`` plays on this seat's side: True, False, or None while this seat cannot know
        (a hidden partner)."""
        return side_of(self, other)


class Seated(Protocol):
    """What :func:`side_of` reads of a seat's view."""

    @property
    def seat(self) -> Seat: ...
    @property
    def players(self) -> int: ...
    @property
    def sides(self) -> Sides: ...
    @property
    def contract(self) -> str | None: ...
    @property
    def taker(self) -> Seat | None: ...
    @property
    def partner(self) -> Seat | None: ...
    @property
    def partner_known(self) -> bool: ...


def side_of(view: Seated, other: Seat) -> bool | None:
    """Whether ``other`` plays on the side of ``view``'s seat, as that seat knows it: True, False, or
    None while it cannot know (a hidden partner)."""
    if other == view.seat:
        return True
    sides = view.sides
    if sides.each_for_himself or view.contract in sides.alone_contracts:
        return False
    if view.taker is None:
        return None
    partnership = view.contract in sides.partner_contracts or view.players in sides.partner_tables
    if not partnership:
        return (view.seat == view.taker) == (other == view.taker)
    if view.partner_known:
        attack = {view.taker, view.partner}
        return (view.seat in attack) == (other in attack)
    if view.seat == view.taker:
        return None
    # A player who does not hold the called card knows he defends; only the partner is unknown.
    return False if other == view.taker else None


def trick_view(rnd: Viewed, trick: Trick, current: bool) -> TrickView:
    """A trick as a seat sees it: its cards, and who is ahead (the trick under way, ``current``) or won."""
    ahead = rnd.current_winner() if current else trick.winner
    return TrickView(trick.number, trick.leader, tuple(trick.plays), ahead, trick.winner)


def add_voids(voids: list[set[Suit]], trick: Trick, must_trump: bool) -> None:
    """Adds to ``voids`` (one set for each seat) the suits ``trick`` shows each player lacks: the suit
    led, by not following it, and the trumps too, by neither following nor trumping where the rules say
    to trump."""
    led: Suit | None = None
    for seat, card in trick.plays:
        if card is EXCUSE:
            continue
        if led is None:
            led = card.suit
            continue
        if card.suit is led:
            continue
        voids[seat].add(led)
        if led is Suit.TRUMPS or (must_trump and not card.is_trump):
            voids[seat].add(Suit.TRUMPS)


def revealed_voids(rnd: Viewed) -> tuple[frozenset[Suit], ...]:
    """The suits each seat has shown it lacks by its plays: a seat that did not follow the suit led is
    void in it; one that then did not trump, when the rules say it must, is void in trumps too."""
    must_trump = rnd.rule_must_trump()
    voids: list[set[Suit]] = [set() for _ in range(rnd.players)]
    tricks = [*rnd.tricks, rnd.current] if rnd.current is not None else rnd.tricks
    for trick in tricks:
        add_voids(voids, trick, must_trump)
    return tuple(frozenset(v) for v in voids)


class _Public:
    """What every seat sees of the complete tricks, and each seat's record, kept from one view to the
    next of the same round (a round only adds actions until it is reset, which makes new lists)."""

    def __init__(self, rnd: Viewed) -> None:
        self.tricks = rnd.tricks
        self.actions = rnd.actions
        self.views: list[TrickView] = []
        self.played: list[list[Card]] = [[] for _ in range(rnd.players)]
        self.voids: list[set[Suit]] = [set() for _ in range(rnd.players)]
        self.seen: dict[Seat, list[Action]] = {}

    def update(self, rnd: Viewed) -> None:
        must_trump = rnd.rule_must_trump()
        for trick in rnd.tricks[len(self.views) :]:
            self.views.append(trick_view(rnd, trick, False))
            for who, card in trick.plays:
                self.played[who].append(card)
            add_voids(self.voids, trick, must_trump)

    def history(self, rnd: Viewed, seat: Seat) -> tuple[Action, ...]:
        seen = self.seen.setdefault(seat, [])
        if len(seen) < len(rnd.actions):
            mask = rnd.rule_seen_action
            seen.extend(mask(seat, action) for action in rnd.actions[len(seen) :])
        return tuple(seen)


_PUBLIC: WeakKeyDictionary[Viewed, _Public] = WeakKeyDictionary()


def _public(rnd: Viewed) -> _Public:
    public = _PUBLIC.get(rnd)
    if public is None or public.tricks is not rnd.tricks or public.actions is not rnd.actions:
        public = _PUBLIC[rnd] = _Public(rnd)
    public.update(rnd)
    return public


_DESCRIBED: dict[int, tuple[Described, tuple[tuple[str, object], ...], Sides]] = {}


def _described(variant: Described) -> tuple[Described, tuple[tuple[str, object], ...], Sides]:
    """The variant, its options that differ from the defaults and its sides (computed once per variant
    object)."""
    found = _DESCRIBED.get(id(variant))
    if found is None or found[0] is not variant:
        overrides = tuple(sorted(variant.option_overrides().items()))
        found = _DESCRIBED[id(variant)] = (variant, overrides, variant.knowledge.sides)
    return found


def build_view(rnd: Viewed, seat: Seat) -> SeatView:
    """The view of ``seat`` (see :meth:`tarot_core.engine.round.Round.view`)."""
    players = rnd.players
    seat = SEATS[seat]
    public = _public(rnd)
    tricks = list(public.views)
    played = [list(cards) for cards in public.played]
    voids = public.voids
    current = rnd.current
    if current is not None and (current.plays or rnd.phase == "playing"):
        tricks.append(trick_view(rnd, current, True))
        for who, card in current.plays:
            played[who].append(card)
        if len(current.plays) > 1:
            voids = [set(v) for v in voids]
            add_voids(voids, current, rnd.rule_must_trump())
    known = rnd.rule_partner_known(seat)
    # Only this seat's own actions: the taker's slam, open while the first leader is to move, is not
    # the leader's to announce.
    legal = tuple(a for a in rnd.legal_actions() if a.seat == seat) if rnd.to_move == seat else ()
    _, overrides, sides = _described(rnd.variant)
    return SeatView(
        variant=rnd.variant.key,
        family=rnd.variant.family,
        options=overrides,
        players=players,
        seat=seat,
        dealer=rnd.dealer,
        phase=str(rnd.phase),
        to_move=rnd.to_move,
        hand=tuple(rnd.hands[seat]),
        history=public.history(rnd, seat),
        bids=tuple(rnd.bids),
        taker=rnd.taker,
        contract=rnd.contract,
        called=rnd.called,
        partner=rnd.partner if known else None,
        partner_known=known,
        shown=tuple(rnd.rule_shown_piles(seat)),
        notes=tuple(rnd.rule_public_notes()),
        tricks=tuple(tricks),
        played=tuple(tuple(cards) for cards in played),
        voids=tuple(frozenset(v) for v in voids),
        legal=legal,
        hand_sizes=tuple(len(hand) for hand in rnd.hands[:players]),
        hidden=tuple(rnd.rule_hidden_piles(seat)),
        sides=sides,
    )
