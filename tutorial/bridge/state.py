"""Sample hands and the state of the table at each step of one, as JSON."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import Final

from tarot_core.actions import Action
from tarot_core.cards import Card
from tarot_core.describe import card_noun, describe
from tarot_core.engine.round import Round
from tarot_core.engine.trick import Trick
from tarot_core.engine.variant import words_for
from tarot_core.engine.words import Words
from tarot_core.errors import TarotError, quoted
from tarot_core.messages import _
from tarot_core.records import HandRecord, load_record, shown_words
from tarot_core.seats import ATTACK, DEFENCE, SEATS, Seat

from .common import HANDS_DIR, BridgeError, Json, Query, _load_json, card_json, name_seats
from .query import query_from_request, roles_asked

# ====================================================================================== records
_RECORDS: dict[str, HandRecord] = {}
#: The longest name of a sample hand looked for (the longest there is has fewer than 40 letters).
RECORD_NAME_LENGTH: Final = 80


def record_names() -> list[str]:
    return sorted(path.stem for path in HANDS_DIR.glob("*.json"))


def get_record(source: str) -> tuple[str, HandRecord]:
    """A sample hand by name (``fft-4-first-hand``) or a record's JSON text."""
    if not isinstance(source, str) or not source.strip():
        raise BridgeError("record", _("name a sample hand, such as {example}", example="fft-4-first-hand"))
    text = source.strip()
    if text.startswith("{"):
        return "", load_record(_load_json(text, "record"))
    name = text.removesuffix(".json")
    if name in _RECORDS:
        return name, _RECORDS[name]
    if len(name) > RECORD_NAME_LENGTH or not name.replace("-", "").replace("_", "").isalnum():
        raise BridgeError("record", _("{name} is not the name of a sample hand", name=quoted(name)))
    path = HANDS_DIR / f"{name}.json"
    if not path.is_file():
        known = ", ".join(record_names()) or _("none")
        raise BridgeError(
            "record",
            _(
                "there is no sample hand called {name}; the sample hands are {known}",
                name=quoted(name),
                known=known,
            ),
        )
    record = load_record(path)
    _RECORDS[name] = record
    return name, record


def _step(step: object, record: HandRecord) -> int:
    last = len(record.actions)
    if isinstance(step, str):
        text = step.strip().lower()
        if text in ("end", "last"):
            return last
        try:
            step = int(text)
        except ValueError:
            raise BridgeError(
                "step",
                _("the step must be a whole number from 0 to {last}, not {step}", last=last, step=repr(step)),
            ) from None
    if isinstance(step, bool) or not isinstance(step, int):
        raise BridgeError("step", _("the step must be a whole number from 0 to {last}", last=last))
    if not 0 <= step <= last:
        raise BridgeError("step", _("step must be between 0 and {last}, not {step}", last=last, step=step))
    return step


def _view(view: object, players: int) -> Seat | None:
    text = str(view or "all").strip().lower()
    if text == "all":
        return None
    try:
        return Seat.parse(text, players)
    except TarotError:
        raise BridgeError(
            "view",
            _(
                "view is 'all' or a seat from p1 to {last}, not {view}",
                last=SEATS[players - 1],
                view=repr(view),
            ),
        ) from None


def _words(rnd: Round) -> Words:
    """The round's rule set's words (its names for the cards, piles, sides and steps)."""
    return words_for(rnd.variant.family)


def _action_sentence(action: Action | None, record: HandRecord) -> str:
    """The last action as the replay tells it (:func:`~tarot_core.describe.describe`)."""
    if action is None:
        return _("The cards are dealt.")
    names = {seat: record.seat_name(seat) for seat in SEATS[: record.variant.players]}
    return str(describe(action, record.variant.words, names, style="replay"))


def _role(rnd: Round, seat: Seat, viewer: Seat | None) -> str:
    """The seat's part at the table as ``viewer`` knows it (the round's hook)."""
    return rnd.rule_role(seat, viewer)


def _bid(rnd: Round) -> bool:
    """Whether the round's contract was bid (not one the rules give when nobody bids)."""
    return rnd.contract in rnd.rule_contracts()


def _side_names(rnd: Round) -> dict[str, tuple[str, str]]:
    """What the two sides are called under the round's rules, in the reader's language: (heading, name
    in a trick list)."""
    words = _words(rnd)
    names = {ATTACK: words.attack_side if _bid(rnd) else words.unbid_side, DEFENCE: words.defence_side}
    return {side: (_(heading), _(short)) for side, (heading, short) in names.items()}


def _side_labels(rnd: Round) -> dict[str, str]:
    """What the two sides are called under the round's rules."""
    return {side: names[0] for side, names in _side_names(rnd).items()}


def _short_side(rnd: Round, seat: Seat) -> str:
    """The side of a trick's winner as the trick list names it (empty when each plays for himself)."""
    if rnd.taker is None:
        return ""
    return _side_names(rnd)[rnd.side_of(seat)][1]


def trick_value(rnd: Round, trick: Trick) -> int | float:
    """What a finished trick brings its winner, under the round's own rules (the round's hook)."""
    return rnd.trick_value(trick)


def tally_of(rnd: Round, record: HandRecord) -> Json | None:
    """The running score from the round's own accounting (``rule_score_panel``): by side, or by seat
    where each plays alone, each row named for the table."""
    panel = rnd.rule_score_panel()
    if panel is None:
        return None
    labels = _side_labels(rnd) if panel.kind == "sides" else {}
    rows = [
        {
            "key": key,
            "label": labels[key] if panel.kind == "sides" else record.seat_name(Seat.parse(key, rnd.players)),
            **figures,
        }
        for key, figures in panel.rows
    ]
    return {"kind": panel.kind, "unit": panel.unit, "rows": rows}


def trick_steps(record: HandRecord) -> list[int]:
    """For each trick, the step at which it is complete (its last card played)."""
    steps: list[int] = []
    done = 0
    for step, (_before, rnd) in enumerate(record.states()):
        if len(rnd.tricks) > done:
            done = len(rnd.tricks)
            steps.append(step)
    return steps


#: The trick steps of the records asked about lately, by what the records hold (never by the object's
#: identity, which Python gives again to a record made after another is gone); the oldest go first.
_TRICK_STEPS: OrderedDict[tuple[object, ...], list[int]] = OrderedDict()
#: How many records' trick steps are kept.
TRICK_STEPS_KEPT: Final = 32


def _record_key(record: HandRecord) -> tuple[object, ...]:
    """What decides a record's trick steps: its rules, its deal and its actions."""
    return (record.variant, record.dealer, record.hands, record.dog, tuple(map(str, record.actions)))


def _cached_trick_steps(record: HandRecord) -> list[int]:
    key = _record_key(record)
    steps = _TRICK_STEPS.get(key)
    if steps is None:
        steps = _TRICK_STEPS[key] = trick_steps(record)
        while len(_TRICK_STEPS) > TRICK_STEPS_KEPT:
            _TRICK_STEPS.popitem(last=False)
    else:
        _TRICK_STEPS.move_to_end(key)
    return steps


def _calculator_query(rnd: Round) -> Query | None:
    """The calculator's query parameters reproducing the score of a finished round, from the round's
    score request (none where its rules give none)."""
    request = rnd.rule_score_request()
    return None if request is None else query_from_request(request)


def _seated(query: Query | None, rnd: Round, record: HandRecord) -> Query | None:
    """The calculator's query with the hand's players: their names, who took and who was the partner,
    so the calculator's result gives each player's score under their name."""
    if query is None:
        return None
    seated = dict(query)
    for number, name in enumerate(record.players, 1):
        seated[f"p{number}.name"] = [name]
    taker_label, partner = roles_asked(seated)
    if taker_label and rnd.taker is not None:
        seated["taker"] = [str(rnd.taker)]
    if partner and rnd.partner is not None:
        seated["partner"] = [str(rnd.partner)]
    return seated


def _phase_texts(rnd: Round) -> tuple[str, str]:
    """(what the table is doing, what the player to move does), in the words of the round's rules."""
    phase = rnd.phase.value
    found = _words(rnd).steps.get(rnd.rule_stage())
    if found is None:
        return phase, _("to play")
    doing, turn = found
    return _(doing), _(turn) if turn else ""


def _contract_text(rnd: Round, record: HandRecord) -> str:
    """The contract in the status line: ``Amélie plays a garde``, ``nobody bid: Amélie calls a King``."""
    words = _words(rnd)
    contract = rnd.contract
    if contract is None:
        return ""
    unbid = words.unbid_contracts.get(contract)
    if unbid is not None:
        return _(unbid, dealer=record.seat_name(rnd.dealer))
    word = words.contracts.get(contract)
    name = _(word) if word is not None else contract
    if rnd.taker is None:
        return _("contract: {contract}", contract=name)
    return _(
        "{who} plays {contract:a}", who=record.seat_name(rnd.taker), contract=words.contract_noun(contract)
    )


def _piles(rnd: Round, record: HandRecord, viewer: Seat | None) -> list[Json]:
    """Cards out of the hands and the tricks: the dog (Mathers' stock), the discard, in each rules' words;
    a seat's view shows what the round shows that seat, and everything once the round is over."""
    words = _words(rnd)
    over = rnd.is_over
    dealer = record.seat_name(rnd.dealer)
    seen = {pile.name for pile in rnd.view(viewer).shown} if viewer is not None else set()
    piles: list[Json] = []

    def pile(key: str, title: str, cards: Sequence[Card]) -> None:
        visible = viewer is None or over or key in seen
        piles.append(
            {
                "key": key,
                "title": title,
                "count": len(cards),
                "cards": [card_json(c) for c in cards] if visible else None,
            }
        )

    if rnd.dog:
        taker = rnd.rule_apart_taker()
        contract = rnd.contract
        if taker is not None:
            taken = words.apart_taken if rnd.dog_revealed else words.apart_to_take
            title = _(taken, taker=record.seat_name(taker))
        elif contract is None:
            title = _(words.apart)
        else:
            side = rnd.rule_dog_side(contract)
            nobody = rnd.rule_dog_counts_for_nobody()
            whose = _("nobody") if nobody else _("the defence") if side == DEFENCE else _("the taker's side")
            shown = _("shown, then set aside") if rnd.dog_revealed else _("set aside unseen")
            title = _(words.apart_left, shown=shown, whose=whose)
        pile(words.apart_pile, title, rnd.dog)
    if rnd.discard:
        pile("discard", _(words.discard_title, dealer=dealer), rnd.discard)
    return piles


def _table_talk(rnd: Round, record: HandRecord, viewer: Seat | None) -> list[str]:
    """What was said at the table besides the bids (the round's hook): Chambéry's demands and
    announcements, Mathers' declarations and calls for a Tarot Trump."""
    words = _words(rnd)
    return rnd.rule_talk(
        record.seat_name, lambda card: str(card_noun(card, words)), None if rnd.is_over else viewer
    )


def state_of(record: HandRecord, rnd: Round, step: int, viewer: Seat | None, name: str = "") -> Json:
    """The table after ``step`` actions, as the widgets draw it (hidden cards left out in a seat's view)."""
    from tarot_core.cards import sort_hand

    over = rnd.is_over
    family = rnd.variant.family
    seats: list[Json] = []
    for seat in SEATS[: rnd.players]:
        hand = list(rnd.hands[seat])
        visible = viewer is None or viewer == seat
        seats.append(
            {
                "seat": str(seat),
                "name": record.seat_name(seat),
                "role": _role(rnd, seat, viewer),
                "count": len(hand),
                "hand": [card_json(c) for c in sort_hand(hand)] if visible else None,
                "to_move": rnd.to_move == seat,
            }
        )
    piles = _piles(rnd, record, viewer)
    dog = next((p for p in piles if p["key"] in ("dog", "stock")), None)
    discard = next((p for p in piles if p["key"] == "discard"), None)
    # From one seat, the sides (and so their points) are unknown until the called card is played.
    sides_hidden = viewer is not None and not rnd.partner_revealed and not over
    tricks: list[Json] = []
    steps = _cached_trick_steps(record)
    for trick in rnd.tricks:
        assert trick.winner is not None
        tricks.append(
            {
                "number": trick.number + 1,
                "leader": str(trick.leader),
                "plays": [{"seat": str(s), "card": card_json(c)} for s, c in trick.plays],
                "winner": str(trick.winner),
                "winner_name": record.seat_name(trick.winner),
                "winner_side": _short_side(rnd, trick.winner),
                "points": trick_value(rnd, trick),
                "step": steps[trick.number] if trick.number < len(steps) else None,
            }
        )
    current: Json | None = None
    if rnd.current is not None:
        winning = rnd.current_winner()
        current = {
            "number": rnd.current.number + 1,
            "leader": str(rnd.current.leader),
            "plays": [{"seat": str(s), "card": card_json(c)} for s, c in rnd.current.plays],
            "winning": str(winning) if winning is not None else None,
        }
    # The last action as the viewer saw it: another player's discard is "a card".
    last = (rnd.actions[-1] if viewer is None else rnd.view(viewer).history[-1]) if rnd.actions else None
    score_data: Json | None = None
    if over:
        result = rnd.result()
        score_data = {}
        if result.score is not None:
            score_data.update(result.score.as_dict())
            # The working names the players, not their seat codes.
            names = {str(seat): record.seat_name(seat) for seat in SEATS[: rnd.players]}
            for term in score_data.get("breakdown") or []:
                for key in ("label", "detail"):
                    if isinstance(term.get(key), str):
                        term[key] = name_seats(term[key], names)
        score_data["outcome"] = result.outcome  # after the score: Chambéry's holds its own "outcome"
        score_data["by_seat"] = {str(seat): value for seat, value in result.by_seat.items()}
    legal = [str(a) for a in rnd.legal_actions()] if viewer is None or viewer == rnd.to_move else []
    phase_text, turn_text = _phase_texts(rnd)
    # The passes and bids of an auction: none where the rules have no contract to bid (a Mathers player
    # who passes declares nothing).
    bids = [str(a) for a in rnd.actions if a.kind in ("bid", "pass")] if rnd.rule_contracts() else []
    bid_words = dict(_words(rnd).bid_names)
    return {
        "record": name,
        "title": shown_words(record.title),
        "variant": rnd.variant.key,
        "family": family,
        "players": rnd.players,
        "step": step,
        "steps": len(record.actions),
        "view": "all" if viewer is None else str(viewer),
        "phase": rnd.phase.value,
        "phase_text": phase_text,
        "turn_text": turn_text,
        "to_move": str(rnd.to_move) if rnd.to_move is not None else None,
        "last_action": str(last) if last is not None else None,
        "last_action_text": _action_sentence(last, record),
        "bids": bids,
        "bid_words": bid_words,
        "taker": str(rnd.taker) if rnd.taker is not None else None,
        "dealer": str(rnd.dealer),
        "contract": rnd.contract,
        "contract_text": _contract_text(rnd, record),
        "called": card_json(rnd.called) if rnd.called is not None else None,
        "seats": seats,
        "piles": piles,
        "dog": dog,
        "discard": discard,
        "talk": _table_talk(rnd, record, viewer),
        "handfuls": [
            {"seat": str(s), "size": size, "cards": [card_json(c) for c in shown]}
            for s, size, shown in rnd.handfuls
        ],
        "current_trick": current,
        "tricks": tricks,
        "trick_steps": steps,
        "tally": None if sides_hidden else tally_of(rnd, record),
        "sides_hidden": sides_hidden,
        "legal": legal,
        "score": score_data,
        "calculator_query": _seated(_calculator_query(rnd), rnd, record),
    }
