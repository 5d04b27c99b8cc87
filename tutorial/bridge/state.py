"""Sample hands and the state of the table at each step of one, as JSON."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from tarot_core.actions import Action
from tarot_core.cards import Card
from tarot_core.engine.result import points_value
from tarot_core.engine.round import Round
from tarot_core.engine.state import Phase
from tarot_core.engine.trick import Trick
from tarot_core.errors import TarotError
from tarot_core.records import HandRecord, load_record
from tarot_core.seats import ATTACK, DEFENCE, SEATS, Seat

from .common import HANDS_DIR, BridgeError, Json, Query, _value_text, card_json, card_phrase
from .query import roles_asked

# ====================================================================================== records
_RECORDS: dict[str, HandRecord] = {}


def record_names() -> list[str]:
    return sorted(path.stem for path in HANDS_DIR.glob("*.json"))


def get_record(source: str) -> tuple[str, HandRecord]:
    """A sample hand by name (``fft-4-first-hand``) or a record's JSON text."""
    if not isinstance(source, str) or not source.strip():
        raise BridgeError("record", "name a sample hand, such as fft-4-first-hand")
    text = source.strip()
    if text.startswith("{"):
        return "", load_record(text)
    name = text.removesuffix(".json")
    if name in _RECORDS:
        return name, _RECORDS[name]
    if not name.replace("-", "").replace("_", "").isalnum():
        raise BridgeError("record", f"{name!r} is not the name of a sample hand")
    path = HANDS_DIR / f"{name}.json"
    if not path.is_file():
        known = ", ".join(record_names()) or "none"
        raise BridgeError("record", f"there is no sample hand called {name!r}; the sample hands are {known}")
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
            raise BridgeError("step", f"step must be a whole number from 0 to {last}, not {step!r}") from None
    if isinstance(step, bool) or not isinstance(step, int):
        raise BridgeError("step", f"step must be a whole number from 0 to {last}")
    if not 0 <= step <= last:
        raise BridgeError("step", f"step must be between 0 and {last}, not {step}")
    return step


def _view(view: object, players: int) -> Seat | None:
    text = str(view or "all").strip().lower()
    if text == "all":
        return None
    try:
        return Seat.parse(text, players)
    except TarotError:
        raise BridgeError("view", f"view is 'all' or a seat from p1 to p{players}, not {view!r}") from None


def _action_sentence(action: Action, record: HandRecord) -> str:
    who = record.seat_name(action.seat)
    kind = action.kind
    family = str(getattr(record.variant, "family", "fft"))
    first = card_phrase(action.cards[0], family) if action.cards else ""
    if kind == "pass":
        return f"{who} declares nothing." if family == "mathers" else f"{who} passes."
    if kind == "bid":
        if family == "chambery":
            from tarot_core.games.chambery import BIDS_BY_WORD

            bid = BIDS_BY_WORD.get(action.word)
            return f"{who} bids: {bid.label.lower() if bid else action.word}."
        return f"{who} bids {action.word}."
    if kind == "call":
        return f"{who} calls {first}."
    if kind == "discard":
        if family in ("mathers", "chambery"):
            return f"{who}, the dealer, lays {first} away."
        return f"{who} puts {first} in the discard."
    if kind == "play":
        return f"{who} plays {first}."
    if kind == "demand":
        return f"{who} names {first}: whoever holds it hands it over."
    if kind == "give":
        return f"{who} hands over {first}."
    if kind == "declare":
        if action.word == "all":
            return f"{who} declares every combination in his hand."
        asked = action.word.removeprefix("ask-")
        try:
            asked_name = record.seat_name(Seat.parse(asked, record.variant.players))
        except TarotError:
            asked_name = asked
        return f"{who} asks {asked_name} for a Tarot Trump."
    if kind == "handful":
        return f"{who} shows a {action.word} handful."
    if kind == "slam":
        return f"{who} announces a slam."
    if kind == "petit-sec":
        return f"{who} announces the Petit alone (petit sec): the deal is void."
    return f"{who}: {action}."


def _family(rnd: Round) -> str:
    return str(getattr(rnd.variant, "family", "fft"))


def _role(rnd: Round, seat: Seat, viewer: Seat | None) -> str:
    family = _family(rnd)
    if family == "mathers":  # each for himself: only the dealer has a part of his own
        return "dealer" if seat == rnd.dealer else ""
    if family == "chambery":
        if rnd.contract is None or rnd.contract == "individual":
            return "dealer" if seat == rnd.dealer else ""
        if seat == rnd.taker:
            return "soloist" if rnd.taker != rnd.dealer or rnd.contract not in ("call", "fixed") else "dealer"
        return "partner" if seat == rnd.partner else "opponent"
    if rnd.taker is None:
        return ""
    if seat == rnd.taker:
        return "taker"
    hidden = viewer is not None and viewer != seat and not rnd.partner_revealed and not rnd.is_over
    if hidden:  # from another seat, nobody knows yet who holds the called card
        return ""
    return "partner" if seat == rnd.partner else "defender"


def _side_labels(rnd: Round) -> dict[str, str]:
    """What the two sides are called under the round's rules."""
    if _family(rnd) == "chambery":
        from tarot_core.games.chambery import BIDS_BY_WORD

        attack = "The soloist" if rnd.contract in BIDS_BY_WORD else "The dealer's side"
        return {ATTACK: attack, DEFENCE: "The opponents"}
    return {ATTACK: "Attack (taker's side)", DEFENCE: "Defence"}


def _short_side(rnd: Round, seat: Seat) -> str:
    """The side of a trick's winner as the trick list names it (empty when each plays for himself)."""
    family = _family(rnd)
    if family == "mathers" or rnd.taker is None:
        return ""
    if family == "chambery":
        return _side_labels(rnd)[rnd.side_of(seat)].removeprefix("The ").lower()
    return rnd.side_of(seat)


def trick_value(rnd: Round, trick: Trick) -> int | float:
    """What a finished trick brings its winner, under the round's own rules (the round's hook)."""
    return rnd.trick_value(trick)


def _mathers_rows(rnd: Round, record: HandRecord) -> list[Json]:
    from tarot_core.games import mathers

    options = getattr(rnd.variant, "options")  # noqa: B009
    points = dict.fromkeys(SEATS[: rnd.players], 0)
    won = dict.fromkeys(SEATS[: rnd.players], 0)
    cut = dict.fromkeys(SEATS[: rnd.players], 0)
    for trick in rnd.tricks:
        assert trick.winner is not None
        points[trick.winner] += mathers.trick_points(trick.cards, options)
        won[trick.winner] += 1
        index = next(i for i, (s, _) in enumerate(trick.plays) if s == trick.winner)
        cut[trick.winner] += mathers.kings_cut(trick.cards, index, options)
    declared: dict[Seat, list[Any]] = getattr(rnd, "declared", {})
    return [
        {
            "key": str(seat),
            "label": record.seat_name(seat),
            "points": points[seat],
            "tricks": won[seat],
            "kings_cut": cut[seat],
            "declared": sum(d.value for d in declared.get(seat, [])),
        }
        for seat in SEATS[: rnd.players]
    ]


def _tally(rnd: Round, record: HandRecord) -> Json | None:
    """The running score from the round's own accounting: by side, or by seat where each plays alone.

    French rules (and the older rules): card points and bouts of each side (``Round.tally``, or
    ``count`` once over). Chambéry: its own card points with a point per trick, by side or by seat
    (``ChamberyRound.tally``). Mathers: the value of the tricks each player has won, by Mathers'
    categories, and the Kings cut.
    """
    family = _family(rnd)
    if family == "mathers":
        if rnd.phase not in (Phase.PLAYING, Phase.OVER):
            return None
        return {"kind": "seats", "unit": "trick points", "rows": _mathers_rows(rnd, record)}
    if family == "chambery":
        if rnd.phase not in (Phase.PLAYING, Phase.OVER):
            return None
        try:
            counting: Any = rnd.count() if rnd.outcome == "played" else rnd.tally()
        except TarotError:
            return None
        if rnd.players == 3:
            rows = [
                {
                    "key": str(seat),
                    "label": record.seat_name(seat),
                    "points": counting.seat_points[seat],
                    "tricks": counting.seat_tricks[seat],
                }
                for seat in SEATS[:3]
            ]
            return {"kind": "seats", "unit": "card points", "rows": rows}
        labels = _side_labels(rnd)
        rows = [
            {
                "key": side,
                "label": labels[side],
                "points": counting.attack_points if side == ATTACK else counting.defence_points,
                "tricks": counting.tricks_won.get(side, 0),
            }
            for side in (ATTACK, DEFENCE)
        ]
        return {"kind": "sides", "unit": "card points", "rows": rows}
    if rnd.contract is None or rnd.taker is None or rnd.phase in (Phase.BIDDING, Phase.CALLING):
        return None
    try:
        french = rnd.count() if rnd.outcome == "played" else rnd.tally()
    except TarotError:
        return None
    labels = _side_labels(rnd)
    tally: Json = {
        "kind": "sides",
        "unit": "card points",
        "rows": [
            {
                "key": side,
                "label": labels[side],
                "points": points_value(half),
                "bouts": sum(1 for c in cards if c.is_bout),
                "tricks": french.tricks_won.get(side, 0),
            }
            for side, half, cards in (
                (ATTACK, french.attack_half_points, french.attack_cards),
                (DEFENCE, french.defence_half_points, french.defence_cards),
            )
        ],
    }
    if family == "classic" and rnd.outcome == "played":
        # The older rules decide the deal on the taker's pile counted by pairs, in whole points.
        taker_points = rnd.result_summary().get("taker_points")
        tally["rows"][0]["by_pairs"] = taker_points
    return tally


def trick_steps(record: HandRecord) -> list[int]:
    """For each trick, the step at which it is complete (its last card played)."""
    steps: list[int] = []
    done = 0
    for step, (_, rnd) in enumerate(record.states()):
        if len(rnd.tricks) > done:
            done = len(rnd.tricks)
            steps.append(step)
    return steps


_TRICK_STEPS: dict[int, list[int]] = {}


def _cached_trick_steps(record: HandRecord) -> list[int]:
    key = id(record)
    if key not in _TRICK_STEPS:
        _TRICK_STEPS[key] = trick_steps(record)
    return _TRICK_STEPS[key]


def _calculator_query(rnd: Round) -> Query | None:
    """The calculator's query parameters reproducing the score of a finished round (French, Chambéry)."""
    if not rnd.is_over or rnd.outcome != "played":
        return None
    if _family(rnd) == "chambery":
        counting: Any = rnd.count()
        pack = str(getattr(getattr(rnd, "layout", None), "pack", 78))
        query_c: Query = {"variant": ["chambery"], "players": [str(rnd.players)], "pack": [pack]}
        if rnd.players == 3:
            query_c["points"] = [str(points) for points in counting.seat_points]
        else:
            assert rnd.contract is not None
            query_c["contract"] = [rnd.contract]
            query_c["points"] = [str(counting.attack_points)]
        return query_c
    if rnd.variant.family != "fft":
        return None
    counting = rnd.count()
    assert rnd.contract is not None
    query: Query = {
        "variant": ["fft"],
        "players": [str(rnd.players)],
        "contract": [rnd.contract],
        "oudlers": [str(counting.attack_bouts)],
        "points": [_value_text(points_value(counting.attack_half_points))],
    }
    if counting.petit_au_bout:
        query["petit_au_bout"] = [counting.petit_au_bout]
    if rnd.handfuls:
        query["handful"] = [f"{rnd.side_of(seat)}:{size}" for seat, size, _ in rnd.handfuls]
    if rnd.slam_announced:
        query["slam"] = [f"announced:{counting.slam_by or ''}"]
    elif counting.slam_by:
        query["slam"] = [counting.slam_by]
    if rnd.players == 5 and rnd.partner is None:
        query["alone"] = ["1"]
    return query


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


PHASE_TEXT: Final = {
    "petit-sec": "Petit sec",
    "bidding": "Bidding",
    "calling": "Calling a King",
    "discard": "The taker's discard",
    "playing": "Playing the cards",
    "over": "The round is over",
}
TURN_TEXT: Final = {
    "petit-sec": "to announce",
    "bidding": "to bid",
    "calling": "to call",
    "discard": "to discard",
    "playing": "to play",
}
#: Chambéry's stages (``ChamberyRound.stage``): what the table is doing, and what the player to move does.
CHAMBERY_STAGES: Final = {
    "discard": ("The dealer lays cards away", "to lay a card away"),
    "bidding": ("Bidding a solo", "to bid or pass"),
    "demand": ("The soloist names the cards he wants", "to name a card"),
    "exchange": ("The soloist gives a card back for each one received", "to give a card back"),
    "call": ("Nobody bid: the dealer calls a King", "to call"),
    "playing": ("Playing the cards", "to play"),
    "over": ("The deal is over", ""),
}
MATHERS_PHASES: Final = {
    "discard": ("The dealer's exchange: three cards laid away for the stock", "to lay a card away"),
    "calling": ("Declarations", "to declare"),
    "playing": ("Playing the cards", "to play"),
    "over": ("The hand is over", ""),
}


def _phase_texts(rnd: Round) -> tuple[str, str]:
    """(what the table is doing, what the player to move does), in the words of the round's rules."""
    family = _family(rnd)
    phase = rnd.phase.value
    if family == "chambery":
        stage = str(getattr(rnd, "stage", phase))
        return CHAMBERY_STAGES.get(stage, (PHASE_TEXT.get(phase, phase), "to play"))
    if family == "mathers":
        return MATHERS_PHASES.get(phase, (PHASE_TEXT.get(phase, phase), "to play"))
    return PHASE_TEXT.get(phase, phase), TURN_TEXT.get(phase, "to play")


def _contract_text(rnd: Round, record: HandRecord) -> str:
    """The contract in the status line: ``Amélie plays a garde``, ``nobody bid: Amélie calls a King``."""
    family = _family(rnd)
    contract = rnd.contract
    if family == "mathers" or contract is None:
        return ""
    if family == "chambery":
        from tarot_core.games.chambery import BIDS_BY_WORD

        dealer = record.seat_name(rnd.dealer)
        if contract == "individual":
            return f"each plays for himself, {dealer} dealing"
        if contract == "fixed":
            return f"fixed partners: {dealer}, the dealer, plays with the player opposite"
        if contract == "call":
            return f"nobody bid a solo: {dealer}, the dealer, calls a King"
        bid = BIDS_BY_WORD.get(contract)
        taker = record.seat_name(rnd.taker) if rnd.taker is not None else "somebody"
        return f"{taker} plays a {bid.label.lower() if bid else contract}"
    names: Mapping[str, str] = {}
    if family == "classic":
        from tarot_core.games.classic import CONTRACT_NAMES

        names = CONTRACT_NAMES
    else:
        from tarot_core.games.fft import FFT_CONTRACT_NAMES

        names = FFT_CONTRACT_NAMES
    word = names.get(contract, contract)
    if rnd.taker is None:
        return f"contract: {word}"
    return f"{record.seat_name(rnd.taker)} plays a {word}"


def _piles(rnd: Round, record: HandRecord, viewer: Seat | None) -> list[Json]:
    """Cards out of the hands and the tricks: the dog, the discard, Mathers' stock, in each rules' words."""
    family = _family(rnd)
    over = rnd.is_over
    dealer = record.seat_name(rnd.dealer)
    piles: list[Json] = []

    def pile(key: str, title: str, cards: Sequence[Card], visible: bool) -> None:
        piles.append(
            {
                "key": key,
                "title": title,
                "count": len(cards),
                "cards": [card_json(c) for c in cards] if visible else None,
            }
        )

    if family == "mathers":
        # The cards put aside at the deal: the dealer takes them once he has thrown out as many of his own.
        from tarot_core.games.mathers import STOCK_SIZE

        taken = rnd.dog_revealed
        title = (
            f"The cards put aside, taken up by {dealer}"
            if taken
            else f"The {STOCK_SIZE} cards put aside: {dealer}, the dealer, takes them for as many of his own"
        )
        pile("stock", title, rnd.dog, viewer is None or over or (taken and viewer == rnd.dealer))
        if rnd.discard:
            pile(
                "discard",
                f"Thrown out by {dealer}",
                rnd.discard,
                viewer is None or over or viewer == rnd.dealer,
            )
        return piles
    if family == "chambery":
        # The dealer's extra cards join his hand at once: there is no dog, only his discard.
        if rnd.discard:
            pile(
                "discard",
                f"{dealer}'s discard (it counts for the dealer at the end)",
                rnd.discard,
                viewer is None or over or viewer == rnd.dealer,
            )
        return piles
    contract = rnd.contract
    if contract is None:
        title = "The dog"
    elif rnd.taker is not None and rnd.rule_takes_dog(contract):
        taker = record.seat_name(rnd.taker)
        title = (
            f"The dog, shown and taken up by {taker}"
            if rnd.dog_revealed
            else f"The dog, face down until {taker} turns it over"
        )
    else:
        side = rnd.rule_dog_side(contract)
        nobody = bool(getattr(rnd, "dog_counts_for_nobody", lambda: False)())
        whose = "nobody" if nobody else "the defence" if side == DEFENCE else "the taker's side"
        shown = "shown, then set aside" if rnd.dog_revealed else "set aside unseen"
        title = f"The dog, {shown}: it counts for {whose} at the end"
    pile("dog", title, rnd.dog, viewer is None or rnd.dog_revealed or over)
    if rnd.discard:
        pile("discard", "The discard", rnd.discard, viewer is None or viewer == rnd.taker or over)
    return piles


def _table_talk(rnd: Round, record: HandRecord) -> list[str]:
    """What was said at the table besides the bids: Chambéry's demands and announcements, Mathers'
    declarations and calls for a Tarot Trump."""
    family = _family(rnd)
    lines: list[str] = []
    if family == "chambery":
        for card, holder in getattr(rnd, "received", []):
            taker = record.seat_name(rnd.taker) if rnd.taker is not None else ""
            lines.append(
                f"{record.seat_name(holder)} hands {card_phrase(card, family)}, demanded, to {taker}."
            )
        for card, receiver in getattr(rnd, "given", []):
            lines.append(f"{record.seat_name(receiver)} gets {card_phrase(card, family)} back in exchange.")
        for text in getattr(rnd, "announcements", []):
            if " hands the " in text or " holds the " in text:
                continue  # told above, or by the called card
            lines.append(str(text))
        if rnd.called is not None and rnd.partner is not None:
            lines.append(
                f"{record.seat_name(rnd.partner)} holds {card_phrase(rnd.called, family)} "
                f"and plays with {record.seat_name(rnd.dealer)}."
            )
    elif family == "mathers":
        declared: Mapping[Seat, Sequence[Any]] = getattr(rnd, "declared", {})
        for seat, items in declared.items():
            if items:
                shown = ", ".join(f"{d.label} ({d.value})" for d in items)
                lines.append(f"{record.seat_name(seat)} declares {shown}.")
        for ask in getattr(rnd, "asks", []):
            asker, asked = record.seat_name(ask.asker), record.seat_name(ask.asked)
            if ask.given is None:
                lines.append(f"{asker} asks {asked} for a Tarot Trump; {asked} has none.")
            else:
                back = (
                    f" and gets {card_phrase(ask.returned, family)} back" if ask.returned is not None else ""
                )
                lines.append(f"{asker} asks {asked} for a Tarot Trump: {asked} hands one over{back}.")
    return lines


def state_of(record: HandRecord, rnd: Round, step: int, viewer: Seat | None, name: str = "") -> Json:
    """The table after ``step`` actions, as the widgets draw it (hidden cards left out in a seat's view)."""
    from tarot_core.cards import sort_hand

    over = rnd.is_over
    family = _family(rnd)
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
    last = rnd.actions[-1] if rnd.actions else None
    score_data: Json | None = None
    if over:
        result = rnd.result()
        score_data = {}
        if result.score is not None:
            score_data.update(result.score.as_dict())
        score_data["outcome"] = result.outcome  # after the score: Chambéry's holds its own "outcome"
        score_data["by_seat"] = {str(seat): value for seat, value in result.by_seat.items()}
    legal = [str(a) for a in rnd.legal_actions()] if viewer is None or viewer == rnd.to_move else []
    phase_text, turn_text = _phase_texts(rnd)
    bids = [] if family == "mathers" else [str(a) for a in rnd.actions if a.kind in ("bid", "pass")]
    bid_words: dict[str, str] = {}
    if family == "chambery":
        from tarot_core.games.chambery import BIDS_BY_WORD

        bid_words = {word: bid.label.lower() for word, bid in BIDS_BY_WORD.items()}
    return {
        "record": name,
        "title": record.title,
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
        "last_action_text": _action_sentence(last, record) if last is not None else "The cards are dealt.",
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
        "talk": _table_talk(rnd, record),
        "handfuls": [
            {"seat": str(s), "size": size, "cards": [card_json(c) for c in shown]}
            for s, size, shown in rnd.handfuls
        ],
        "current_trick": current,
        "tricks": tricks,
        "trick_steps": steps,
        "tally": None if sides_hidden else _tally(rnd, record),
        "sides_hidden": sides_hidden,
        "legal": legal,
        "score": score_data,
        "calculator_query": _seated(_calculator_query(rnd), rnd, record),
    }
