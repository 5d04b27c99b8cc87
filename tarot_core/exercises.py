"""Exercises of the lessons: a position the engine builds, a question, and the engine's verdict.

An exercise is data (a JSON object, one file of them per lesson): its ``kind`` names the question and
its other fields the position, written in card notation that the engine reads and checks. The answer
is never written down: :func:`judge` decides whether an answer is right with the rules themselves
(the legal cards and the refusals of :meth:`~tarot_core.engine.round.Round.why_illegal`, the card points,
the targets, the score of :func:`~tarot_core.engine.variant.score_request`, where the Excuse goes in the
count) and says why, in the rule's words, with the anchor of the rule's page.

Positions: ``hand`` and ``trick`` (you to play to a trick, see :func:`trick_table`), ``hand`` and
``dog`` (you take, see :func:`taker_table`), ``bids`` (the bidding so far, :func:`bidding_table`),
``seed`` and ``excuse_trick`` (a whole deal played out, :func:`playout_table`), ``record`` and
``step`` (a sample hand after that many actions), ``cards`` (a pile), ``bouts``, ``request`` (the
facts of a deal, as for the score calculator) and ``contract``.

Question kinds (the answer each takes):

* ``play``: play a card (a card; with ``"goal": "win"``, a card that puts you ahead in the trick);
* ``legal``: pick every card you may play (a list of cards);
* ``winner``: which card wins this trick (a card);
* ``count``: how many points in this pile (a number);
* ``target``: how many points the taker needs with these bouts (a number);
* ``made``: is the contract made with these points and bouts (``made`` or ``lost``);
* ``discard``: make a legal discard (a list of cards, as many as the dog holds);
* ``discardable``: pick every card that may go to the discard (a list of cards);
* ``bid``: which of these bids may be made now (a contract, or ``pass``);
* ``dog``: whose cards does the dog count with under this contract (``attack`` or ``defence``);
* ``score``: what does this player score (a number; ``ask`` is ``taker``, ``partner`` or ``defender``);
* ``excuse``: which side ends up with the Excuse (``attack`` or ``defence``);
* ``call``: which card may the taker call (a card).

Cards are written in the notation of :mod:`tarot_core.cards`; every sentence for learners names them
the way players read them (``10♠``, ``Knight of Hearts``, ``11 of trumps``, ``the Excuse``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from .actions import Action
from .cards import EXCUSE, Card, Suit, count_half_points, format_points, parse_cards, sort_hand
from .engine.result import bouts_text
from .engine.round import Phase, Round
from .engine.trick import Trick
from .engine.variant import find_variant, score_request
from .errors import TarotError
from .records import HandRecord
from .seats import ATTACK, DEFENCE, SEATS, Seat

KINDS: Final = (
    "play",
    "legal",
    "winner",
    "count",
    "target",
    "made",
    "discard",
    "discardable",
    "bid",
    "dog",
    "score",
    "excuse",
    "call",
)

#: The players' names at the lesson table; you always sit in the first seat.
NAMES: Final = ("You", "Bruno", "Chloé", "David", "Élodie")
#: The players of a deal you watch rather than play.
WATCHED_NAMES: Final = ("Alice", "Bruno", "Chloé", "David", "Élodie")
SIDE_NAMES: Final = {ATTACK: "the taker's side", DEFENCE: "the defence"}
CONTRACT_NAMES: Final = {
    "pass": "pass",
    "prise": "prise",
    "garde": "garde",
    "garde-sans": "garde sans",
    "garde-contre": "garde contre",
}


class ExerciseError(TarotError):
    """An exercise file that does not describe a position or a question the engine can judge."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The engine's verdict on one answer: right or wrong, a reason code, a sentence and a rule anchor."""

    right: bool
    reason: str
    message: str
    rule: str

    def as_dict(self) -> dict[str, object]:
        return {
            "verdict": "right" if self.right else "wrong",
            "reason": self.reason,
            "message": self.message,
            "rule": self.rule,
        }


# ====================================================================================== card words
_SYMBOL: Final = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_FACE: Final = {1: "Ace", 11: "Jack", 12: "Knight", 13: "Queen", 14: "King"}


def say(card: Card) -> str:
    """A card as players read it: ``10♠``, ``Knight of Hearts``, ``11 of trumps``, ``the Excuse``."""
    if card.is_excuse:
        return "the Excuse"
    if card.is_trump:
        if card.rank == 1:
            return "the Petit (1 of trumps)"
        return f"{card.rank} of trumps"
    if card.rank in _FACE:
        return f"{_FACE[card.rank]} of {card.suit.english}"
    return f"{card.rank}{_SYMBOL[card.suit]}"


def say_all(cards: Sequence[Card]) -> str:
    """``10♠, King of Hearts and the Excuse``."""
    names = [say(card) for card in cards]
    if len(names) <= 1:
        return "".join(names) or "nothing"
    return f"{', '.join(names[:-1])} and {names[-1]}"


_CODE: Final = r"(?:T(?:2[01]|1[0-9]|[1-9])|[SHDC](?:10|[1-9]|[JCQK])|EX)"
_CODES: Final = re.compile(rf"\b{_CODE}(?: {_CODE})*\b")


def readable(message: str) -> str:
    """An engine sentence with its card codes written as players read them (``S1 SK`` -> ``Ace of
    Spades and King of Spades``); a card named twice (``HK (King of Hearts)``) is named once."""
    text = _CODES.sub(lambda match: say_all(parse_cards(match.group(0))), message)
    return re.sub(r"(\b[\w♠♥♦♣ ]+?) \(\1\)", r"\1", text)


def contract_name(word: str) -> str:
    return CONTRACT_NAMES.get(word, word.replace("-", " "))


def _points(half_points: int) -> str:
    return f"{format_points(half_points)} point{'' if half_points == 2 else 's'}"


# ====================================================================================== positions
def _cards(spec: Mapping[str, Any], name: str) -> list[Card]:
    value = spec.get(name, "")
    if not isinstance(value, (str, list)):
        raise ExerciseError(f"{name}: write the cards as text, such as 'S7 SK T4'")
    cards = parse_cards(value)
    if len(set(cards)) != len(cards):
        raise ExerciseError(f"{name}: a card is written twice")
    return cards


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
            f"trick: {len(trick)} cards, but a whole trick of {players} players holds {players}"
        )
    if not complete and len(trick) >= players:
        raise ExerciseError(f"trick: {len(trick)} cards, but at most {players - 1} are played before yours")
    if len(hand) > variant.hand_size:
        raise ExerciseError(f"hand: {len(hand)} cards, more than a hand of {variant.hand_size}")
    used = [*hand, *trick]
    if len(set(used)) != len(used):
        raise ExerciseError("a card is both in the hand and in the trick")
    called = Card.parse(str(spec["called"])) if spec.get("called") else None
    outside = [card for card in used if card not in variant.pack_set]
    if outside:
        raise ExerciseError(f"{' '.join(map(str, outside))}: not in this game's pack")
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
    rnd.bids = [Action(rnd.taker, "bid", rnd.contract)]
    rnd.phase = Phase.PLAYING
    default_number = 1 if called is not None else 5
    number = int(spec.get("trick_number", default_number)) - 1
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
    raise ExerciseError("no deal without a petit sec found")  # pragma: no cover


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
            f"a hand of {variant.hand_size} cards and a dog of {variant.dog_size} are needed, "
            f"not {len(hand)} and {len(dog)}"
        )
    rest = [card for card in variant.pack if card not in set(hand) | set(dog)]
    hands: list[list[Card]] = [hand] + [[] for _ in range(players - 1)]
    for index, card in enumerate(rest):
        hands[1 + index % (players - 1)].append(card)
    dealer = SEATS[players - 1]  # the first to speak is the dealer's right-hand neighbour: you
    rnd = variant.new_round(dealer, hands, dog)
    if rnd.phase is not Phase.BIDDING:
        raise ExerciseError("this deal holds a petit sec: the deal would be void")
    rnd.push(Action(Seat.P1, "bid", str(spec.get("contract", "garde"))))
    for seat in SEATS[1:players]:
        rnd.push(Action(seat, "pass"))
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
        action = Action(seat, "pass") if word == "pass" else Action(seat, "bid", str(word))
        refusal = rnd.why_illegal(action)
        if refusal is not None:
            raise ExerciseError(f"bids: {word}: {refusal.message}")
        rnd.push(action)
    if rnd.phase is not Phase.BIDDING or rnd.to_move is None:
        raise ExerciseError("bids: the bidding is over before the question")
    # Name the seats so that you are the one to speak.
    order = [SEATS[(rnd.to_move + i) % players] for i in range(players)]
    names = [""] * players
    for seat, name in zip(order, NAMES, strict=False):
        names[seat] = name
    return Table(rnd, rnd.to_move, tuple(names))


def playout_table(spec: Mapping[str, Any]) -> Table:
    """A whole deal played by the engine: dealt from ``seed``; the first to speak bids ``contract``
    (``garde``), the others pass, the taker lays away the first cards allowed; then each player plays
    the lowest card allowed, except that the Excuse's holder plays it to trick ``excuse_trick`` (counted
    from 1; without it, the Excuse is kept to the last trick)."""
    key = _variant_key(spec)
    rnd = _any_round(key, int(spec.get("seed", 0)))
    players = rnd.players
    excuse_trick = spec.get("excuse_trick")
    rnd.push(Action(rnd.to_move or Seat.P1, "bid", str(spec.get("contract", "garde"))))
    while rnd.phase is Phase.BIDDING:
        assert rnd.to_move is not None
        rnd.push(Action(rnd.to_move, "pass"))
    while rnd.phase in (Phase.CALLING, Phase.DISCARD):
        rnd.push(rnd.legal_actions()[0])
    while rnd.phase is Phase.PLAYING:
        seat = rnd.to_move
        trick = rnd.current
        assert seat is not None and trick is not None
        legal = rnd.legal_cards(seat)
        card = next((c for c in legal if c is not EXCUSE), EXCUSE)
        if EXCUSE in legal and excuse_trick is not None and trick.number == int(excuse_trick) - 1:
            card = EXCUSE
        rnd.push(Action(seat, "play", "", (card,)))
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
            raise ExerciseError("record: no sample hands to read it from")
        return record_table(records(str(exercise["record"])), int(exercise.get("step", 0)))
    if kind in ("play", "legal", "winner"):
        return trick_table(exercise)
    if kind in ("discard", "discardable", "call"):
        return taker_table(exercise)
    if kind == "bid":
        return bidding_table(exercise)
    if kind == "excuse":
        return playout_table(exercise)
    return None


# ====================================================================================== answers
def _one_card(answer: object) -> Card:
    if not isinstance(answer, str):
        raise ExerciseError("choose one card")
    return Card.parse(answer)


def _card_set(answer: object) -> list[Card]:
    if isinstance(answer, str):
        return parse_cards(answer)
    if isinstance(answer, list):
        return parse_cards([str(item) for item in answer])
    raise ExerciseError("choose some cards")


def _number(answer: object) -> Fraction:
    """A number as a learner types it: ``41``, ``40.5``, ``40,5``, ``40½``, ``-80``."""
    text = str(answer).strip().replace(",", ".").replace("½", ".5").replace("−", "-").replace(" ", "")
    if text.startswith("+"):
        text = text[1:]
    if text.startswith("."):
        text = "0" + text
    if text.endswith("..5"):
        text = text[:-3] + ".5"
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise ExerciseError("type a number, such as 41 or 40.5") from None


# ------------------------------------------------------------------ playing a card
def why_legal(rnd: Round, seat: Seat, card: Card) -> str:
    """Why the rules allow ``card`` now, in the words of the rule of play."""
    trick = rnd.current
    assert trick is not None
    hand = rnd.hands[seat]
    if card is EXCUSE:
        return "the Excuse may be played at any time, whatever was led"
    led = trick.led
    if led is None and trick.plays:
        return "only the Excuse has been played, and it sets no suit: any card may follow"
    if led is None:
        if rnd.called is not None and not rnd.tricks and rnd.players == 5 and trick.number == 0:
            if card.suit is rnd.called.suit:
                return f"you lead the called King itself, which is allowed in the called suit ({say(card)})"
            return (
                f"you lead the first trick: any card may be led except one of the called suit "
                f"({rnd.called.suit.english}) other than the called King"
            )
        return "you lead the trick: any card may be led"
    best = trick.best_trump
    if card.suit is led and led is not Suit.TRUMPS:
        return f"you follow suit: {led.english} were led"
    if card.is_trump:
        over = [c for c in hand if c.is_trump and c.rank > best]
        if led is Suit.TRUMPS:
            if best and card.rank > best:
                return f"trumps were led and you play a higher trump than the {best} of trumps"
            if best and not over:
                return (
                    f"trumps were led; you hold no trump higher than the {best} of trumps, "
                    "so any trump will do"
                )
            return "trumps were led and you play a trump"
        if best and card.rank > best:
            return (
                f"you have no {led.english}, so you must trump, and higher than the {best} of trumps "
                "already in the trick: you overtrump"
            )
        if best and not over:
            return (
                f"you have no {led.english}, so you must trump; you cannot beat the {best} of trumps, "
                "so any trump will do: you undertrump"
            )
        return f"you have no {led.english}, so you must trump"
    return f"you have neither {led.english} nor a trump, so you may play any card (you discard)"


def _refused(rnd: Round, seat: Seat, card: Card) -> Verdict | None:
    refusal = rnd.why_illegal(Action(seat, "play", "", (card,)))
    if refusal is None:
        return None
    return Verdict(False, refusal.reason.code, _sentence(readable(refusal.message)), refusal.reason.rule)


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _without_name(message: str) -> str:
    """An engine refusal without its closing ``(card name)``, for a sentence that names the card first."""
    return re.sub(r" \([^()]*\)\.?$", "", message)


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


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
    refused = _refused(rnd, seat, card)
    if refused is not None:
        return refused
    reason = why_legal(rnd, seat, card)
    if exercise.get("goal") == "win":
        trick = _trick_with(rnd, (seat, card))
        ahead = trick.ahead
        if ahead != seat:
            best = trick.best_card
            beaten = f" {say(Card.parse(_code(best)))} stays ahead" if best >= 0 else ""
            return Verdict(
                False,
                "not-ahead",
                _sentence(f"{say(card)} is allowed ({reason}), but it does not take the lead:{beaten}"),
                "play",
            )
        return Verdict(True, "ahead", _sentence(f"{say(card)} takes the lead: {reason}"), "play")
    return Verdict(True, "legal", _sentence(f"{say(card)} is allowed: {reason}"), "play")


def _code(index: int) -> str:
    from .cards import FULL_PACK

    return str(FULL_PACK[index])


def legal_cards(table: Table) -> list[Card]:
    return sort_hand(table.round.legal_cards(table.seat))


def _judge_legal(table: Table, answer: object) -> Verdict:
    rnd, seat = table.round, table.seat
    chosen = set(_card_set(answer))
    legal = set(rnd.legal_cards(seat))
    for card in sort_hand(chosen - legal):
        refused = _refused(rnd, seat, card)
        assert refused is not None
        return Verdict(
            False, refused.reason, _sentence(f"Not {say(card)}: {_lower(refused.message)}"), refused.rule
        )
    missing = sort_hand(legal - chosen)
    if missing:
        card = missing[0]
        more = f" ({len(missing)} allowed cards are missing)" if len(missing) > 1 else ""
        return Verdict(
            False,
            "missed-legal-card",
            _sentence(f"{say(card)} may be played too{more}: {why_legal(rnd, seat, card)}"),
            "play",
        )
    first = sort_hand(legal)[0]
    return Verdict(
        True,
        "all-legal",
        _sentence(
            f"These are every card you may play, {say_all(sort_hand(legal))}: {why_legal(rnd, seat, first)}"
        ),
        "play",
    )


# ------------------------------------------------------------------ who wins the trick
def trick_winner(table: Table) -> Card:
    """The card that wins the trick on the table (the whole trick is written in ``trick``)."""
    trick = _trick_with(table.round)
    winner = table.round.rule_trick_winner(trick)
    card = trick.card_of(winner)
    assert card is not None
    return card


def _why_wins(trick: Trick, card: Card) -> str:
    led = trick.led
    if card.is_trump and led is not Suit.TRUMPS:
        return f"{say(card)} is the highest trump in the trick, and a trump beats every card of the suits"
    if card.is_trump:
        return f"trumps were led and {say(card)} is the highest trump"
    assert led is not None
    one = led.english.removesuffix("s")
    return f"{say(card)} is the highest {one} and nobody trumped"


def _judge_winner(table: Table, answer: object) -> Verdict:
    card = _one_card(answer)
    trick = _trick_with(table.round)
    if card not in trick.cards:
        raise ExerciseError(f"answer: {card} is not in the trick")
    winner = trick_winner(table)
    why = _why_wins(trick, winner)
    if card == winner:
        return Verdict(True, "wins", _sentence(why), "play")
    if card is EXCUSE:
        return Verdict(False, "excuse-never-wins", _sentence(f"The Excuse never wins a trick: {why}"), "play")
    if not card.is_trump and trick.led is not None and card.suit is not trick.led:
        return Verdict(
            False,
            "off-suit",
            _sentence(f"{say(card)} is not of the suit led ({trick.led.english}), so it cannot win: {why}"),
            "play",
        )
    if winner.is_trump and not card.is_trump:
        return Verdict(False, "trumped", _sentence(f"{say(card)} was trumped: {why}"), "play")
    return Verdict(False, "beaten", _sentence(f"{say(card)} is beaten: {why}"), "play")


# ------------------------------------------------------------------ counting and targets
def pile(exercise: Mapping[str, Any]) -> list[Card]:
    return sort_hand(_cards(exercise, "cards"))


def pile_half_points(exercise: Mapping[str, Any]) -> int:
    return count_half_points(pile(exercise))


def _working(cards: Sequence[Card]) -> str:
    if len(cards) == 1:
        return f"{say(cards[0])} is worth {_points(cards[0].half_points)}"
    terms = " + ".join(f"{say(card)} {format_points(card.half_points)}" for card in cards)
    return f"{terms} = {_points(count_half_points(cards))}"


def _judge_count(exercise: Mapping[str, Any], answer: object) -> Verdict:
    cards = pile(exercise)
    half = count_half_points(cards)
    given = _number(answer)
    if given * 2 == half:
        return Verdict(True, "counted", _sentence(_working(cards)), "counting")
    return Verdict(False, "wrong-total", _sentence(f"Not {_show(given)}: {_working(cards)}"), "counting")


def _show(number: Fraction) -> str:
    if number.denominator == 1:
        return str(number.numerator)
    return f"{float(number):g}"


def bouts_of(exercise: Mapping[str, Any]) -> int:
    if "cards" in exercise:
        return sum(1 for card in _cards(exercise, "cards") if card.is_bout)
    bouts = int(exercise.get("bouts", 0))
    if not 0 <= bouts <= 3:
        raise ExerciseError("bouts: 0 to 3")
    return bouts


def target_of(exercise: Mapping[str, Any]) -> int:
    variant = find_variant(_variant_key(exercise))
    targets: Mapping[int, int] = getattr(variant, "targets", {})
    return targets[bouts_of(exercise)]


def _judge_target(exercise: Mapping[str, Any], answer: object) -> Verdict:
    bouts = bouts_of(exercise)
    target = target_of(exercise)
    given = _number(answer)
    why = f"with {bouts_text(bouts)} the taker's side needs {target} points: the more bouts, the fewer points"
    if given == target:
        return Verdict(True, "target", _sentence(why), "counting")
    return Verdict(False, "wrong-target", _sentence(f"Not {_show(given)}: {why}"), "counting")


def _score_answer(request: Mapping[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = score_request(request)
    return answer


def _detail(answer: Mapping[str, Any], term: str) -> str:
    for row in answer["breakdown"]:
        if row["term"] == term:
            return str(row.get("detail") or row["value"])
    return ""


def _judge_made(exercise: Mapping[str, Any], answer: object) -> Verdict:
    request = {"variant": "fft", "players": 4, "contract": "garde", **dict(exercise.get("request", {}))}
    result = _score_answer(request)
    won = bool(result["won"])
    has = f"the taker's side has {request['points']}"
    why = f"{_detail(result, 'target')}, and {has}: {_detail(result, 'difference')}"
    right = (answer == "made") == won
    return Verdict(right, "made" if won else "lost", _sentence(why), "counting")


# ------------------------------------------------------------------ the discard
def _judge_discard(table: Table, answer: object) -> Verdict:
    rnd = table.round.copy()
    cards = _card_set(answer)
    size = rnd.variant.dog_size
    if len(cards) != size:
        return Verdict(
            False,
            "discard-size",
            _sentence(f"The discard holds exactly {size} cards, as many as the dog; you chose {len(cards)}"),
            "discard",
        )
    trumps = [card for card in cards if card.is_trump]
    for card in sort_hand(cards):
        refusal = rnd.why_illegal(Action(table.seat, "discard", "", (card,)))
        if refusal is not None:
            return Verdict(
                False,
                refusal.reason.code,
                _sentence(f"Not {say(card)}: {readable(_without_name(refusal.message))}"),
                "discard",
            )
        rnd.push(Action(table.seat, "discard", "", (card,)))
    shown = f"; the trumps you lay away ({say_all(trumps)}) are shown to the others" if trumps else ""
    return Verdict(
        True,
        "legal-discard",
        _sentence(
            "A legal discard: no King, no bout"
            + (", and trumps only because nothing else could go" if trumps else ", no trump")
            + shown
        ),
        "discard",
    )


def discardable(table: Table) -> list[Card]:
    rnd = table.round
    return sort_hand({action.card for action in rnd.legal_actions() if action.kind == "discard"})


def _judge_discardable(table: Table, answer: object) -> Verdict:
    rnd, seat = table.round, table.seat
    chosen = set(_card_set(answer))
    allowed = set(discardable(table))
    for card in sort_hand(chosen - allowed):
        refusal = rnd.why_illegal(Action(seat, "discard", "", (card,)))
        assert refusal is not None
        return Verdict(
            False,
            refusal.reason.code,
            _sentence(f"Not {say(card)}: {readable(_without_name(refusal.message))}"),
            "discard",
        )
    missing = sort_hand(allowed - chosen)
    if missing:
        return Verdict(
            False,
            "missed-discardable",
            _sentence(f"{say(missing[0])} may go to the discard too: it is neither a King nor a bout"),
            "discard",
        )
    trumps = any(card.is_trump for card in allowed)
    why = "every card but the Kings and the bouts" + (
        ", trumps included, because there are not enough other cards"
        if trumps
        else "; trumps stay in the hand while other cards can go"
    )
    return Verdict(True, "all-discardable", _sentence(why[:1].upper() + why[1:]), "discard")


# ------------------------------------------------------------------ bidding and the dog
def _judge_bid(table: Table, answer: object) -> Verdict:
    rnd, seat = table.round, table.seat
    word = str(answer)
    action = Action(seat, "pass") if word == "pass" else Action(seat, "bid", word)
    refusal = rnd.why_illegal(action)
    last = rnd.bids[-1].word if rnd.bids else None
    if refusal is not None:
        message = refusal.message
        if last is not None:
            message = f"a bid must be higher than the last one ({contract_name(last)})"
        return Verdict(
            False, refusal.reason.code, _sentence(f"Not {contract_name(word)}: {message}"), "bidding"
        )
    if word == "pass":
        return Verdict(True, "pass", "You may always pass.", "bidding")
    if last is None:
        return Verdict(
            True, "bid", _sentence(f"Nobody has bid yet, so {contract_name(word)} is allowed"), "bidding"
        )
    return Verdict(
        True,
        "bid",
        _sentence(
            f"{contract_name(word)} is higher than {contract_name(last)}, the last bid, so it is allowed"
        ),
        "bidding",
    )


def dog_side(exercise: Mapping[str, Any]) -> str:
    rnd = _any_round(_variant_key(exercise))
    return rnd.rule_dog_side(str(exercise["contract"]))


def _judge_dog(exercise: Mapping[str, Any], answer: object) -> Verdict:
    rnd = _any_round(_variant_key(exercise))
    contract = str(exercise["contract"])
    side = rnd.rule_dog_side(contract)
    if rnd.rule_takes_dog(contract):
        why = (
            f"in a {contract_name(contract)} the taker takes the dog into the hand and lays the same number "
            "of cards away: that discard counts for the taker's side"
        )
    elif side == ATTACK:
        why = f"in a {contract_name(contract)} nobody sees the dog; it counts for the taker's side at the end"
    else:
        why = f"in a {contract_name(contract)} nobody sees the dog, and it goes to the defence at the end"
    return Verdict(answer == side, "dog-" + side, _sentence(why), "discard")


# ------------------------------------------------------------------ scoring
def score_of(exercise: Mapping[str, Any]) -> int:
    result = _score_answer(exercise["request"])
    value = result["scores"][str(exercise.get("ask", "taker"))]
    if value is None:
        raise ExerciseError("ask: nobody plays that part in this deal")
    return int(value)


def _unsigned(working: str) -> str:
    """The contract's working without the sign the calculator writes: ``(+(25 + 15)) × 2`` ->
    ``(25 + 15) × 2``, ``(−(25 + 3) +10) × 1`` -> ``((25 + 3) + 10) × 1``."""
    text = working.replace("(+(", "((").replace("(−(", "((")
    text = re.sub(r"^\(\(([^()]*)\)\)", r"(\1)", text)
    return re.sub(r" ([+−-])(\d)", r" \1 \2", text)


def _judge_score(exercise: Mapping[str, Any], answer: object) -> Verdict:
    result = _score_answer(exercise["request"])
    ask = str(exercise.get("ask", "taker"))
    value = score_of(exercise)
    share = {"taker": "taker_share", "partner": "partner_share", "defender": "defender_share"}[ask]
    per = int(result["per_defender"])
    worth = _unsigned(_detail(result, "contract_score"))
    paid = (
        f"the contract is worth {worth} = {per}, which each defender pays the taker's side"
        if per >= 0
        else f"the contract is worth {worth} = {-per}, which the taker's side pays each defender"
    )
    parts = [_detail(result, "target"), _detail(result, "difference"), paid]
    times = _detail(result, share).partition(" × ")[0]
    role = {"taker": "the taker", "partner": "the partner", "defender": "each defender"}[ask]
    count = f" ({times} × {abs(per)})" if times.isdigit() and times != "1" else ""
    parts.append(f"{role} scores {value:+d}{count}")
    why = "; ".join(p for p in parts if p)
    given = _number(answer)
    if given == value:
        return Verdict(True, "score", _sentence(why), "scoring")
    reason = "wrong-sign" if given == -value else "wrong-score"
    return Verdict(False, reason, _sentence(f"Not {_show(given)}: {why}"), "scoring")


# ------------------------------------------------------------------ the Excuse
def excuse_side(table: Table) -> str:
    note = table.round.count().excuse
    if note is None:
        raise ExerciseError("the Excuse was not played in this deal")
    return note.kept_by


def _judge_excuse(table: Table, answer: object) -> Verdict:
    note = table.round.count().excuse
    if note is None:
        raise ExerciseError("the Excuse was not played in this deal")
    why = readable(note.explanation)
    if note.exchange_card is not None:
        why = why.replace("(half a point)", "(worth half a point)")
    return Verdict(answer == note.kept_by, "excuse-" + note.kept_by, _sentence(why), "excuse")


# ------------------------------------------------------------------ calling a King
def _judge_call(table: Table, answer: object) -> Verdict:
    rnd, seat = table.round, table.seat
    card = _one_card(answer)
    refusal = rnd.why_illegal(Action(seat, "call", "", (card,)))
    if refusal is not None:
        return Verdict(
            False,
            refusal.reason.code,
            _sentence(f"Not {say(card)}: {readable(_without_name(refusal.message))}"),
            "five-players",
        )
    if card in rnd.hands[seat]:
        why = (
            f"you may call {say(card)}, but you hold it: nobody answers the call, "
            "and you play alone against four"
        )
    elif card.rank == 14:
        why = (
            f"a King may always be called: whoever holds {say(card)} is your partner, "
            "unknown until it is played"
        )
    else:
        rank = "Queen" if card.rank == 13 else "Knight"
        why = f"you hold all four Kings, so you may call a {rank}: {say(card)}"
    return Verdict(True, "call", _sentence(why), "five-players")


# ====================================================================================== judging
def judge(exercise: Mapping[str, Any], answer: object, records: Records | None = None) -> Verdict:
    """The engine's verdict on ``answer`` to ``exercise``."""
    kind = exercise.get("kind")
    if kind not in KINDS:
        raise ExerciseError(f"kind: {kind!r} is not a question kind ({', '.join(KINDS)})")
    table = table_for(exercise, records)
    if kind == "count":
        return _judge_count(exercise, answer)
    if kind == "target":
        return _judge_target(exercise, answer)
    if kind == "made":
        return _judge_made(exercise, answer)
    if kind == "dog":
        return _judge_dog(exercise, answer)
    if kind == "score":
        return _judge_score(exercise, answer)
    assert table is not None
    if kind == "play":
        return _judge_play(exercise, table, answer)
    if kind == "legal":
        return _judge_legal(table, answer)
    if kind == "winner":
        return _judge_winner(table, answer)
    if kind == "discard":
        return _judge_discard(table, answer)
    if kind == "discardable":
        return _judge_discardable(table, answer)
    if kind == "bid":
        return _judge_bid(table, answer)
    if kind == "excuse":
        return _judge_excuse(table, answer)
    return _judge_call(table, answer)


def right_answers(exercise: Mapping[str, Any], records: Records | None = None) -> list[object]:
    """Every answer the engine accepts, derived from the rules (for tests and for checking a lesson):
    one entry per accepted answer for single answers, one list for a set of cards."""
    kind = exercise.get("kind")
    table = table_for(exercise, records)
    if kind == "count":
        return [format_points(pile_half_points(exercise))]
    if kind == "target":
        return [str(target_of(exercise))]
    if kind == "made":
        request = {"variant": "fft", "players": 4, "contract": "garde", **dict(exercise.get("request", {}))}
        return ["made" if _score_answer(request)["won"] else "lost"]
    if kind == "dog":
        return [dog_side(exercise)]
    if kind == "score":
        return [str(score_of(exercise))]
    assert table is not None
    if kind == "play":
        cards = legal_cards(table)
        if exercise.get("goal") == "win":
            cards = [c for c in cards if _trick_with(table.round, (table.seat, c)).ahead == table.seat]
        return [str(card) for card in cards]
    if kind == "legal":
        return [[str(card) for card in legal_cards(table)]]
    if kind == "winner":
        return [str(trick_winner(table))]
    if kind == "discardable":
        return [[str(card) for card in discardable(table)]]
    if kind == "discard":
        return [[str(card) for card in discardable(table)[: table.round.variant.dog_size]]]
    if kind == "bid":
        return [c for c in exercise.get("choices", []) if judge(exercise, c, records).right]
    if kind == "excuse":
        return [excuse_side(table)]
    if kind == "call":
        return [c for c in exercise.get("choices", []) if judge(exercise, c, records).right]
    raise ExerciseError(f"kind: {kind!r}")  # pragma: no cover


__all__ = [
    "KINDS",
    "ExerciseError",
    "Table",
    "Verdict",
    "judge",
    "readable",
    "right_answers",
    "say",
    "say_all",
    "table_for",
    "why_legal",
]
