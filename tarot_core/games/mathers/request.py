"""Mathers' Tarot's score requests: the calculator's JSON read, checked and scored."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Final

from ...cards import (
    Card,
    parse_cards,
)
from ...engine.options import read_options
from ...engine.request import FieldChecks, required, whole_number
from ...errors import NotationError, RequestError
from ...messages import N_, Message, _, gettext_lazy
from ...seats import SEATS
from .options import (
    CATEGORIES,
    CATEGORY_VALUES,
    DECLARATION_VALUES,
    HAND_SIZE,
    MathersOptions,
)
from .play import trick_category, trick_points
from .scoring import HandParts, advance_game, score_hand

#: Too many tricks of a category for the pack, ``{count}`` and the pack's ``{limit}`` filled in.
_TOO_MANY_TRICKS: Final = {
    "tarot-trump": N_("there cannot be {count} tricks with a Tarot Trump: the pack has {limit}"),
    "queen": N_("there cannot be {count} tricks with a Queen: the pack has {limit}"),
    "knight": N_("there cannot be {count} tricks with a Knight: the pack has {limit}"),
    "knave": N_("there cannot be {count} tricks with a Knave: the pack has {limit}"),
}
#: A set of Trumps declared more than once.
_SET_ONCE: Final = {
    "greater": N_("declare the Greater Trumps once, at their highest"),
    "lesser": N_("declare the Lesser Trumps once, at their highest"),
}


# ------------------------------------------------------------------------------------- the request
def _parse_options(raw: object) -> MathersOptions:
    return read_options(raw, MathersOptions)


def _count(value: object, where: str, what: Message, high: int) -> int:
    number = whole_number(value, where, _("{what}, a whole number from 0 to {high}", what=what, high=high))
    if not 0 <= number <= high:
        raise RequestError(
            where,
            gettext_lazy(
                "{what} is a whole number from 0 to {high}, not {number}", what=what, high=high, number=number
            ),
        )
    return number


def _parse_tricks(
    value: object, where: str, options: MathersOptions, players: int
) -> tuple[dict[str, int], int, list[Card]]:
    if isinstance(value, Mapping):
        if options.trick_value == "sum":
            raise RequestError(
                where,
                gettext_lazy('with trick_value "sum" list the tricks themselves, like ["HQ HC", "S2 S3"]'),
            )
        counts: dict[str, int] = {}
        for key, number in value.items():
            if key not in CATEGORY_VALUES:
                raise RequestError(
                    f"{where}.{key}",
                    gettext_lazy(
                        "a trick is counted under one of {categories}", categories=", ".join(CATEGORIES)
                    ),
                )
            counts[str(key)] = _count(number, f"{where}.{key}", gettext_lazy("a number of tricks"), HAND_SIZE)
        points = sum(CATEGORY_VALUES[k] * n for k, n in counts.items())
        return counts, points, []
    if isinstance(value, list):
        counts = dict.fromkeys(CATEGORIES, 0)
        points = 0
        cards: list[Card] = []
        for number, text in enumerate(value):
            if not isinstance(text, str):
                raise RequestError(
                    f"{where}[{number}]", gettext_lazy('write a trick as its cards, like "HQ S3"')
                )
            try:
                trick = parse_cards(text)
            except NotationError as error:
                raise RequestError(f"{where}[{number}]", str(error)) from None
            if len(trick) != players:
                raise RequestError(
                    f"{where}[{number}]",
                    gettext_lazy("a trick holds one card from each player: {players} cards", players=players),
                )
            counts[trick_category(trick, options)] += 1
            points += trick_points(trick, options)
            cards.extend(trick)
        return {k: n for k, n in counts.items() if n}, points, cards
    raise RequestError(
        where, gettext_lazy('give the tricks as counts like {"queen": 2, "plain": 5} or as a list of tricks')
    )


def _seat_parts(
    data: object, where: str, options: MathersOptions, players: int
) -> tuple[HandParts, list[Card]]:
    """One seat's tricks, Kings cut, Fool and declarations, each field read on its own."""
    if not isinstance(data, Mapping):
        raise RequestError(
            where, gettext_lazy("give this player's tricks, declarations and bonuses as an object")
        )
    unknown = [k for k in data if k not in ("tricks", "kings_cut", "fool", "declarations")]
    if unknown:
        raise RequestError(
            f"{where}.{unknown[0]}", gettext_lazy("the fields are tricks, kings_cut, fool and declarations")
        )
    checks = FieldChecks()
    tricks = checks.read(lambda: _parse_tricks(data.get("tricks", {}), f"{where}.tricks", options, players))
    cut = checks.read(
        lambda: _count(
            data.get("kings_cut", 0), f"{where}.kings_cut", gettext_lazy("the number of Kings cut"), 4
        )
    )
    fool = checks.read(lambda: _fool(data.get("fool", False), where))
    codes = checks.read(lambda: _declarations(data.get("declarations", []), where))
    checks.done()
    assert tricks is not None and cut is not None and fool is not None and codes is not None
    counts, points, cards = tricks
    return HandParts(counts, points, cut, fool, tuple(codes)), cards


def _fool(fool: object, where: str) -> bool:
    if not isinstance(fool, bool):
        raise RequestError(
            f"{where}.fool", gettext_lazy("say true if this player held the Fool, false otherwise")
        )
    return fool


def _declarations(raw: object, where: str) -> list[str]:
    if not isinstance(raw, list):
        raise RequestError(
            f"{where}.declarations", gettext_lazy('list the declarations, like ["greater-3", "sequence-4"]')
        )
    codes: list[str] = []
    for number, code in enumerate(raw):
        if code not in DECLARATION_VALUES:
            raise RequestError(
                f"{where}.declarations[{number}]",
                gettext_lazy("a declaration is one of {codes}", codes=", ".join(DECLARATION_VALUES)),
            )
        codes.append(str(code))
    _check_declarations(f"{where}.declarations", codes)
    return codes


def score_request(request: Mapping[str, object]) -> dict[str, object]:
    """Score one Mathers hand from its parts (see the module docstring for the request)."""
    if not isinstance(request, Mapping):
        raise RequestError(
            "", gettext_lazy("a score request is an object with fields like players and hands")
        )
    variant = request.get("variant", "mathers")
    if variant != "mathers":
        raise RequestError(
            "variant",
            gettext_lazy("this calculator scores Mathers' game, not {variant}", variant=repr(variant)),
        )
    players = whole_number(request.get("players", 2), "players", _("the number of players, 2 or 3"))
    if players not in (2, 3):
        raise RequestError(
            "players", gettext_lazy("Mathers' game is for 2 or 3 players, not {players}", players=players)
        )
    options = _parse_options(request.get("options"))
    seats = [str(s) for s in SEATS[:players]]
    keys = ", ".join(seats)
    hands = required(
        request, "hands", _("give each player's hand: an object with the keys {keys}", keys=keys)
    )
    if not isinstance(hands, Mapping):
        raise RequestError(
            "hands", gettext_lazy("give each player's hand: an object with the keys {keys}", keys=keys)
        )
    for key in hands:
        if key not in seats:
            raise RequestError(
                f"hands.{key}",
                gettext_lazy("with {players} players the seats are {seats}", players=players, seats=keys),
            )
    # Each seat's fields on their own, every refusal kept; then the hands weighed together.
    checks = FieldChecks()
    read = {
        seat: checks.read(partial(_seat_parts, hands.get(seat), f"hands.{seat}", options, players))
        for seat in seats
    }
    checks.done()
    parts: dict[str, HandParts] = {}
    all_cards: list[Card] = []
    fools = 0
    for seat, found in read.items():
        assert found is not None
        parts[seat], cards = found
        all_cards.extend(cards)
        fools += parts[seat].fool
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
            raise RequestError(
                "game", gettext_lazy('give the running totals by seat, like {"p1": 40, "p2": 25}')
            )
        running = {
            seat: _count(game.get(seat, 0), f"game.{seat}", gettext_lazy("a running total"), 10_000)
            for seat in seats
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
            raise RequestError(where, gettext_lazy(_SET_ONCE[prefix]))
        if len(found) != len(set(found)):
            raise RequestError(where, gettext_lazy("{code} can be declared only once", code=found[0]))
    if codes.count("tarot-trumps-3") > 2:
        raise RequestError(where, gettext_lazy("there are only seven Tarot Trumps: at most two threes"))
    if codes.count("ask-unanswered") > 1:
        raise RequestError(where, gettext_lazy("a player asks for a Tarot Trump only once a hand"))


def _check_hand(
    parts: Mapping[str, HandParts], cards: Sequence[Card], fools: int, options: MathersOptions
) -> None:
    tricks = sum(sum(p.tricks.values()) for p in parts.values())
    if tricks != HAND_SIZE:
        raise RequestError(
            "hands",
            gettext_lazy(
                "every hand has {size} tricks, one per card in a hand; these add up to {tricks}",
                size=HAND_SIZE,
                tricks=tricks,
            ),
        )
    limits = {"tarot-trump": 7, "queen": 4, "knight": 4, "knave": 4}
    for name, limit in limits.items():
        count = sum(p.tricks.get(name, 0) for p in parts.values())
        if count > limit:
            raise RequestError("hands", gettext_lazy(_TOO_MANY_TRICKS[name], count=count, limit=limit))
    if fools > 1:
        raise RequestError("hands", gettext_lazy("only one player can have held the Fool"))
    if sum(p.kings_cut for p in parts.values()) > 4:
        raise RequestError("hands", gettext_lazy("there are only four Kings to cut"))
    if len(set(cards)) != len(cards):
        raise RequestError("hands", gettext_lazy("a card appears in two tricks"))
    if options.trick_value == "sum" and not cards:
        raise RequestError("hands", gettext_lazy('with trick_value "sum" list the tricks themselves'))
