"""The positions the exercises ask about, built by the engine: a trick to play to, a hand to bid or
discard from, a deal played out, a step of a hand record.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..actions import Action, ActionKind
from ..cards import EXCUSE, Card, parse_cards
from ..engine.request import shown
from ..engine.round import Round
from ..engine.state import Phase
from ..engine.trick import Trick
from ..engine.variant import find_variant
from ..errors import Refusal
from ..messages import Message, gettext_lazy
from ..records import HandRecord
from ..seats import SEATS, Seat
from .words import NAMES, WATCHED_NAMES, ExerciseError


# ====================================================================================== positions
def _cards(spec: Mapping[str, Any], name: str) -> list[Card]:
    value = spec.get(name, "")
    if not isinstance(value, (str, list)):
        raise ExerciseError(gettext_lazy("{field}: write the cards as text, such as 'S7 SK T4'", field=name))
    cards = parse_cards(value)
    if len(set(cards)) != len(cards):
        raise ExerciseError(gettext_lazy("{field}: a card is written twice", field=name))
    return cards


def whole(spec: Mapping[str, Any], name: str, default: int) -> int:
    """The whole number ``spec[name]`` (``default`` when it is left out), or an error naming the field."""
    value = spec.get(name, default)
    if isinstance(value, str) and value.strip().lstrip("-").isdigit() and len(value.strip()) <= 9:
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 10**9:
        raise ExerciseError(
            gettext_lazy(
                "{field}: a whole number, such as {default}, not {value}",
                field=name,
                default=default,
                value=shown(value),
            )
        )
    return value


def _outside(cards: list[Card]) -> Message:
    """The refusal of cards that are not in the game's pack (the 62-card pack lacks some)."""
    return gettext_lazy("{cards}: not in this game's pack", cards=" ".join(map(str, cards)))


def _bid_refused(word: str, refusal: Refusal) -> Message:
    """The refusal of an exercise's bid that the rules do not allow."""
    return gettext_lazy("bids: {word}: {reason}", word=word, reason=refusal.said)


def _variant_key(spec: Mapping[str, Any]) -> str:
    return str(spec.get("variant", "fft-4"))


@dataclass
class Table:
    """A position at the lesson table: a round, the seat asked (you), and what the exercise shows."""

    round: Round
    seat: Seat
    names: tuple[str, ...]

    def name(self, seat: Seat) -> str:
        return self.names[seat]


def trick_table(spec: Mapping[str, Any]) -> Table:
    """You (the first seat) to play to a trick: ``hand`` is your hand, ``trick`` the cards already
    played, in order, by the players before you. Options: ``variant`` (``fft-4``), ``taker`` (a seat,
    ``p2`` by default), ``contract`` (``garde``), ``called`` (a King, with five players) and
    ``trick_number`` (the trick's number counted from 1; 1 by default when a King is called, else 5).

    The engine checks the cards (each once, in the pack) and deals the rest out of sight; the round is
    then in the playing phase with that trick on the table, and every rule of play applies to it.
    """
    variant = find_variant(_variant_key(spec))
    players = variant.players
    hand = _cards(spec, "hand")
    trick = _cards(spec, "trick")
    complete = spec.get("kind") == "winner"
    if complete and len(trick) != players:
        raise ExerciseError(
            gettext_lazy(
                "trick: {count} cards, but a whole trick of {players} players holds {players}",
                count=len(trick),
                players=players,
            )
        )
    if not complete and len(trick) >= players:
        raise ExerciseError(
            gettext_lazy(
                "trick: {count} cards, but at most {most} are played before yours",
                count=len(trick),
                most=players - 1,
            )
        )
    if len(hand) > variant.hand_size:
        raise ExerciseError(
            gettext_lazy(
                "hand: {count} cards, more than a hand of {size}", count=len(hand), size=variant.hand_size
            )
        )
    used = [*hand, *trick]
    if len(set(used)) != len(used):
        raise ExerciseError(gettext_lazy("a card is both in the hand and in the trick"))
    called = Card.parse(str(spec["called"])) if spec.get("called") else None
    outside = [card for card in used if card not in variant.pack_set]
    if outside:
        raise ExerciseError(_outside(outside))
    rnd = _any_round(variant.key)
    seat = Seat.P1
    rest = [card for card in variant.pack if card not in set(used)]
    others = [s for s in SEATS[:players] if s != seat]
    rnd.hands = [[] for _ in range(players)]
    rnd.hands[seat] = sorted(hand)
    for index, card in enumerate(rest[: (players - 1) * len(hand)]):
        rnd.hands[others[index % len(others)]].append(card)
    for cards in rnd.hands:
        cards.sort()
    rnd.taker = Seat.parse(str(spec.get("taker", "p2")), players)
    rnd.contract = str(spec.get("contract", "garde"))
    rnd.called = called
    rnd.bids = [Action(rnd.taker, ActionKind.BID, rnd.contract)]
    rnd.phase = Phase.PLAYING
    default_number = 1 if called is not None else 5
    number = whole(spec, "trick_number", default_number) - 1
    leader = seat
    for _ in trick[: players - 1 if complete else len(trick)]:
        leader = leader.previous(players)
    current = Trick(number, leader)
    who = leader
    for card in trick:
        current.add(who, card)
        who = who.next(players)
    rnd.current = current
    rnd.to_move = seat
    rnd._legal = None
    return Table(rnd, seat, NAMES[:players])


def _any_round(key: str, seed: int = 0) -> Round:
    """A freshly dealt round of ``key`` in its bidding phase (a deal without a petit sec)."""
    variant = find_variant(key)
    for attempt in range(seed, seed + 50):
        rnd = variant.deal_round(SEATS[variant.players - 1], attempt)
        if rnd.phase is Phase.BIDDING:
            return rnd
    raise ExerciseError(gettext_lazy("no deal without a petit sec found"))  # pragma: no cover


def taker_table(spec: Mapping[str, Any]) -> Table:
    """You take: ``hand`` is your hand as dealt, ``dog`` the dog. You speak first and bid
    ``contract`` (``garde``), the others pass; the round waits for your call (five players) or your
    discard. The engine checks the deal (every card once) and deals the rest to the others."""
    variant = find_variant(_variant_key(spec))
    players = variant.players
    hand = _cards(spec, "hand")
    dog = _cards(spec, "dog")
    if len(hand) != variant.hand_size or len(dog) != variant.dog_size:
        raise ExerciseError(
            gettext_lazy(
                "a hand of {size} cards and a dog of {dog} are needed, not {count} and {dog_count}",
                size=variant.hand_size,
                dog=variant.dog_size,
                count=len(hand),
                dog_count=len(dog),
            )
        )
    rest = [card for card in variant.pack if card not in set(hand) | set(dog)]
    hands: list[list[Card]] = [hand] + [[] for _ in range(players - 1)]
    for index, card in enumerate(rest):
        hands[1 + index % (players - 1)].append(card)
    dealer = SEATS[players - 1]  # the first to speak is the dealer's right-hand neighbour: you
    rnd = variant.new_round(dealer, hands, dog)
    if rnd.phase is not Phase.BIDDING:
        raise ExerciseError(gettext_lazy("this deal holds a petit sec: the deal would be void"))
    rnd.push(Action(Seat.P1, ActionKind.BID, str(spec.get("contract", "garde"))))
    for seat in SEATS[1:players]:
        rnd.push(Action(seat, ActionKind.PASS))
    return Table(rnd, Seat.P1, NAMES[:players])


def bidding_table(spec: Mapping[str, Any]) -> Table:
    """The bidding so far: ``bids`` lists what each player said in turn (``pass`` or a contract),
    starting with the dealer's right-hand neighbour; the next player to speak is asked."""
    key = _variant_key(spec)
    rnd = _any_round(key)
    players = rnd.players
    for word in spec.get("bids", []):
        seat = rnd.to_move
        assert seat is not None
        action = Action(seat, ActionKind.PASS) if word == "pass" else Action(seat, ActionKind.BID, str(word))
        refusal = rnd.why_illegal(action)
        if refusal is not None:
            raise ExerciseError(_bid_refused(word, refusal))
        rnd.push(action)
    if rnd.phase is not Phase.BIDDING or rnd.to_move is None:
        raise ExerciseError(gettext_lazy("bids: the bidding is over before the question"))
    # Name the seats so that you are the one to speak.
    order = [SEATS[(rnd.to_move + i) % players] for i in range(players)]
    names = [""] * players
    for seat, name in zip(order, NAMES, strict=False):
        names[seat] = name
    return Table(rnd, rnd.to_move, tuple(names))


def worth_table(spec: Mapping[str, Any]) -> Table:
    """A hand to judge in the bidding: ``hand`` (the cards listed, dealt to the player to speak; the
    rest of the pack goes to the others and the dog, out of sight) or ``seed`` (the hand the first
    player to speak holds in that deal), then ``bids``, what the players before you said (``pass`` or a
    contract, starting with the dealer's right-hand neighbour)."""
    variant = find_variant(_variant_key(spec))
    if variant.family not in ("fft", "classic"):
        raise ExerciseError(gettext_lazy("variant: the hand judge weighs the bids of French Tarot only"))
    players = variant.players
    bids = [str(word) for word in spec.get("bids", [])]
    if len(bids) >= players:
        raise ExerciseError(gettext_lazy("bids: at most {most} players speak before you", most=players - 1))
    dealer = SEATS[players - 1]
    you = SEATS[len(bids)]  # the dealer's right-hand neighbour speaks first
    if "hand" in spec:
        hand = _cards(spec, "hand")
        if len(hand) != variant.hand_size:
            raise ExerciseError(
                gettext_lazy(
                    "hand: a hand of {size} cards is needed, not {count}",
                    size=variant.hand_size,
                    count=len(hand),
                )
            )
        outside = [card for card in hand if card not in variant.pack_set]
        if outside:
            raise ExerciseError(_outside(outside))
        rest = [card for card in variant.pack if card not in set(hand)]
        rnd = None
        for shift in range(len(rest)):  # out of sight; a deal without another player's petit sec
            order = rest[shift:] + rest[:shift]
            hands: list[list[Card]] = [[] for _ in range(players)]
            hands[you] = list(hand)
            others = [s for s in SEATS[:players] if s != you]
            for index, card in enumerate(order[: (players - 1) * variant.hand_size]):
                hands[others[index % len(others)]].append(card)
            dog = order[(players - 1) * variant.hand_size :]
            candidate = variant.new_round(dealer, hands, dog)
            if candidate.phase is Phase.BIDDING:
                rnd = candidate
                break
        if rnd is None:
            raise ExerciseError(
                gettext_lazy("hand: this hand holds the Petit alone (petit sec): the deal would be void")
            )
    elif "seed" in spec:
        rnd = _any_round(variant.key, whole(spec, "seed", 0))
        if bids:
            raise ExerciseError(
                gettext_lazy("bids: a hand chosen by seed is the first to speak; list the hand instead")
            )
    else:
        raise ExerciseError(gettext_lazy("a hand to judge needs its cards (hand) or a deal (seed)"))
    for word in bids:
        seat = rnd.to_move
        assert seat is not None
        action = Action(seat, ActionKind.PASS) if word == "pass" else Action(seat, ActionKind.BID, word)
        refusal = rnd.why_illegal(action)
        if refusal is not None:
            raise ExerciseError(_bid_refused(word, refusal))
        rnd.push(action)
    seat = rnd.to_move
    assert seat is not None
    names = [""] * players
    for offset, name in enumerate(NAMES[:players]):
        names[SEATS[(seat + offset) % players]] = name
    return Table(rnd, seat, tuple(names))


def playout_table(spec: Mapping[str, Any]) -> Table:
    """A whole deal played by the engine: dealt from ``seed``; the first to speak bids ``contract``
    (``garde``), the others pass, the taker lays away the first cards allowed; then each player plays
    the lowest card allowed, except that the Excuse's holder plays it to trick ``excuse_trick`` (counted
    from 1; without it, the Excuse is kept to the last trick)."""
    key = _variant_key(spec)
    rnd = _any_round(key, whole(spec, "seed", 0))
    players = rnd.players
    excuse_trick = whole(spec, "excuse_trick", 0) if spec.get("excuse_trick") is not None else None
    rnd.push(Action(rnd.to_move or Seat.P1, ActionKind.BID, str(spec.get("contract", "garde"))))
    while rnd.phase is Phase.BIDDING:
        assert rnd.to_move is not None
        rnd.push(Action(rnd.to_move, ActionKind.PASS))
    while rnd.phase in (Phase.CALLING, Phase.DISCARD):
        rnd.push(rnd.legal_actions()[0])
    while rnd.phase is Phase.PLAYING:
        seat = rnd.to_move
        trick = rnd.current
        assert seat is not None and trick is not None
        legal = rnd.legal_cards(seat)
        card = next((c for c in legal if c is not EXCUSE), EXCUSE)
        if EXCUSE in legal and excuse_trick is not None and trick.number == excuse_trick - 1:
            card = EXCUSE
        rnd.push(Action(seat, ActionKind.PLAY, "", (card,)))
    return Table(rnd, Seat.P1, WATCHED_NAMES[:players])


def record_table(record: HandRecord, step: int) -> Table:
    """A position of a sample hand: the round after ``step`` actions, asked of the player to move."""
    rnd = record.round_at(step)
    seat = rnd.to_move if rnd.to_move is not None else Seat.P1
    return Table(rnd, seat, tuple(record.seat_name(s) for s in SEATS[: rnd.players]))


Records = Callable[[str], HandRecord]


def table_for(exercise: Mapping[str, Any], records: Records | None = None) -> Table | None:
    """The position an exercise is asked at (None for the questions that need no table)."""
    kind = exercise.get("kind")
    if "record" in exercise:
        if records is None:
            raise ExerciseError(gettext_lazy("record: no sample hands to read it from"))
        return record_table(records(str(exercise["record"])), whole(exercise, "step", 0))
    if kind in ("play", "legal", "winner", "drill-play"):
        return trick_table(exercise)
    if kind in ("discard", "discardable", "call", "drill-discard"):
        return taker_table(exercise)
    if kind == "bid":
        return bidding_table(exercise)
    if kind == "worth":
        return worth_table(exercise)
    if kind == "excuse":
        return playout_table(exercise)
    return None
