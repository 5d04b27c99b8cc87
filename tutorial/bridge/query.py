"""The calculator's form as query parameters: reading, checking, and turning them into a request."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from tarot_core.engine.variant import FAMILIES as REQUEST_MODULES

from .common import BridgeError, Json, Query, _form_field, _load_json, _value_text

# ====================================================================================== calculator
VARIANT_LABELS: Final = {
    "fft": "French Tarot (FFT)",
    "classic": "Older French rules",
    "mathers": "Mathers (1888)",
    "chambery": "Chambéry Tarot",
}
SIDE_CHOICES: Final = (("", "nobody"), ("attack", "the attack"), ("defence", "the defence"))


@dataclass(frozen=True)
class FormField:
    """One control of the calculator form: its query name, label, kind, choices and current values."""

    name: str
    label: str
    kind: str  # "select", "number", "checkbox"
    values: tuple[str, ...]
    choices: tuple[tuple[str, str], ...] = ()
    step: str = "1"
    help: str = ""
    repeat: int = 1
    sublabels: tuple[str, ...] = ()
    names: tuple[str, ...] = ()  # each control's own query name, when they differ (``p1.name``...)


@dataclass(frozen=True)
class FieldError:
    """One entry of the form that cannot be used: the request field, the reason, the control showing it.

    ``index`` is which of a repeated control (the second of three card points) when it is one of them.
    """

    field: str
    message: str
    index: int | None = None

    @property
    def form_field(self) -> str:
        return _form_field(self.field)

    def as_json(self) -> Json:
        data: Json = {"field": self.field, "form_field": self.form_field, "message": self.message}
        if self.index is not None:
            data["index"] = self.index
        return data


class FormErrors(BridgeError):
    """Every entry of the form that cannot be read, found at once rather than one at a time."""

    def __init__(self, errors: Sequence[FieldError]) -> None:
        super().__init__(errors[0].field, errors[0].message)
        self.errors = tuple(errors)


class _Entries:
    """Reads the form's entries field by field and keeps every refusal, so all are shown together."""

    def __init__(self, query: Query) -> None:
        self.query = query
        self.errors: list[FieldError] = []

    def refuse(self, field_name: str, message: str, index: int | None = None) -> None:
        self.errors.append(FieldError(field_name, message, index))

    def number(
        self,
        name: str,
        default: str,
        *,
        whole: bool = True,
        field_name: str = "",
        index: int | None = None,
        what: str = "",
    ) -> int | float:
        """The number typed in ``name`` (its ``index``-th control); 0 after a refusal, which is kept."""
        values = self.query.get(name) or []
        position = index or 0
        text = values[position] if position < len(values) else default
        try:
            return parse_number(text, whole=whole)
        except ValueError as error:
            message = f"{what} {error}" if what else str(error)
            self.refuse(field_name or name, message, index)
            return 0

    def whole(self, name: str, default: str, **kwargs: Any) -> int:
        return int(self.number(name, default, whole=True, **kwargs))

    def check(self) -> None:
        if self.errors:
            raise FormErrors(self.errors)


def available_variants() -> list[str]:
    """Variant families whose score requests the engine can answer now."""
    import importlib.util

    found: list[str] = []
    for name, module in REQUEST_MODULES.items():
        try:
            if importlib.util.find_spec(module) is not None:
                found.append(name)
        except ModuleNotFoundError:
            continue
    return found


def _one(query: Query, name: str, default: str = "") -> str:
    values = query.get(name) or []
    return values[0].strip() if values and values[0] is not None else default


def _many(query: Query, name: str) -> list[str]:
    return [v.strip() for v in query.get(name) or [] if v and v.strip()]


def _shown(text: str) -> str:
    """An entry quoted in a message, shortened when it is long."""
    return repr(text) if len(text) <= 12 else f"{text[:6]!r}… ({len(text)} characters)"


_WHOLE: Final = re.compile(r"[+-]?[0-9]+", re.ASCII)
_DECIMAL: Final = re.compile(r"[+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)", re.ASCII)
#: Digits before the decimal point that a number field reads: no count in a deal comes near.
MAX_DIGITS: Final = 6


def parse_number(text: str, *, whole: bool = True) -> int | float:
    """Read a number typed in a form field (digits, a point or a comma), or say what is expected.

    >>> parse_number("40,5", whole=False)
    40.5
    >>> parse_number("forty")
    Traceback (most recent call last):
    ...
    ValueError: must be a whole number such as 2, written in digits, not 'forty'
    """
    expected = "a whole number such as 2" if whole else "a number such as 41 or 40.5"
    text = text.strip()
    if not text:
        raise ValueError(f"must be {expected}: the field is empty")
    if not _DECIMAL.fullmatch(text):
        raise ValueError(f"must be {expected}, written in digits, not {_shown(text)}")
    integer = text.replace(",", ".").lstrip("+-").split(".", 1)[0].lstrip("0")
    if len(integer) > MAX_DIGITS:
        raise ValueError(f"must be {expected}: {len(integer)} digits are far too many")
    if whole and not _WHOLE.fullmatch(text):
        raise ValueError(f"must be {expected}, not {_shown(text)}")
    value = float(text.replace(",", "."))
    return int(value) if value.is_integer() else value


def _int(query: Query, name: str, default: str = "") -> int:
    try:
        return int(parse_number(_one(query, name, default)))
    except ValueError as error:
        raise BridgeError(name, str(error)) from None


def _number(text: str, name: str) -> int | float:
    try:
        return parse_number(text, whole=False)
    except ValueError as error:
        raise BridgeError(name, str(error)) from None


def _flag(query: Query, name: str) -> bool:
    return _one(query, name).lower() in ("1", "true", "yes", "on")


def _players_choices(variant: str) -> tuple[int, ...]:
    return {"classic": (3, 5), "mathers": (2, 3)}.get(variant, (3, 4, 5))


#: Mathers' tricks by their best card, the order of the calculator's five counts.
MATHERS_TRICKS: Final = ("tarot-trump", "queen", "knight", "knave", "plain")
MATHERS_TRICK_LABELS: Final = ("Tarot Trump", "Queen", "Knight", "Knave", "Plain cards only")
MATHERS_DEFAULT_TRICKS: Final = {
    2: {"p1": ["3", "2", "2", "1", "6"], "p2": ["3", "1", "1", "2", "4"]},
    3: {"p1": ["3", "1", "1", "1", "3"], "p2": ["2", "2", "1", "1", "3"], "p3": ["1", "1", "2", "2", "1"]},
}


def _mathers_seats(query: Query) -> list[str]:
    try:
        players = int(_one(query, "players", "2"))
    except ValueError:
        players = 2
    return [f"p{n}" for n in range(1, (3 if players == 3 else 2) + 1)]


#: The calculator's starting values, per rules (a made garde with two bouts, and so on).
DEFAULTS: Final[dict[str, dict[str, list[str]]]] = {
    "fft": {"players": ["4"], "contract": ["garde"], "oudlers": ["2"], "points": ["56"]},
    "classic": {"players": ["3"], "contract": ["guard"], "oudlers": ["2"], "points": ["50"]},
    "chambery": {"players": ["5"], "pack": ["78"], "contract": ["call"], "points": ["40"]},
    "mathers": {"players": ["2"], "fool": ["p1"]},
}
CHAMBERY_THREE_POINTS: Final = ["30", "20", "28"]


def normalise_query(query: Query, defaults: Mapping[str, str | list[str]] | None = None) -> Query:
    """The form's values: the query where given, else the widget's defaults, else the usual ones."""
    given: Query = {}
    for key, value in (defaults or {}).items():
        given[key] = [value] if isinstance(value, str) else [str(v) for v in value]
    for key, values in query.items():
        given[key] = [str(v) for v in values]
    # Rules the engine does not know stay as given: the form says so next to its list of rules.
    variant = _one(given, "variant") or "fft"
    merged: Query = {"variant": [variant]}
    for key, values in DEFAULTS.get(variant, {}).items():
        merged[key] = list(values)
    merged.update({k: v for k, v in given.items() if k != "variant"})
    if variant == "chambery":
        count = len(merged.get("points") or [])
        if _one(merged, "players") == "3" and count != 3:
            merged["points"] = list(CHAMBERY_THREE_POINTS)
        elif _one(merged, "players") != "3" and count > 1:
            merged["points"] = list(DEFAULTS["chambery"]["points"])
    if variant == "mathers":
        players = 3 if _one(merged, "players") == "3" else 2
        for seat, counts in MATHERS_DEFAULT_TRICKS[players].items():
            if f"{seat}.tricks" not in merged:
                merged[f"{seat}.tricks"] = list(counts)
    return merged


def request_from_query(query: Query) -> Json:
    """Turn the calculator's query parameters into a score request (what ``score_request`` reads).

    Every entry is read on its own first (a number typed in a number field, a choice among a list's
    choices): :class:`FormErrors` lists every entry that cannot be read, all at once. What the entries
    mean together (92 card points, four bouts) is the engine's to judge, on the request returned.
    """
    entries = _Entries(query)
    variant = _one(query, "variant", "fft")
    if variant not in REQUEST_MODULES or variant not in available_variants():
        rules = ", ".join(VARIANT_LABELS.get(v, v) for v in available_variants())
        entries.refuse("variant", f"there are no rules called {_shown(variant)} here: choose one of {rules}")
        entries.check()
    from .form import form_fields  # the form is drawn from a query: it imports this module

    for fld in form_fields(query):
        if fld.kind != "select":
            continue
        known = {value for value, _ in fld.choices}
        for index, value in enumerate(query.get(fld.name) or []):
            if value.strip() and value.strip() not in known:
                where = index if fld.repeat > 1 else None
                entries.refuse(fld.name, f"{_shown(value)} is not one of this list's choices", where)
    players = entries.whole("players", "4")
    request: Json = {"variant": variant, "players": players}
    if variant == "fft":
        request["contract"] = _one(query, "contract", "garde")
        request["oudlers"] = entries.whole("oudlers", "0")
        request["points"] = entries.number("points", "0", whole=False)
        petit = _one(query, "petit_au_bout")
        if petit:
            request["petit_au_bout"] = petit
        handfuls: list[Json] = []
        for item in _many(query, "handful"):
            side, _, size = item.partition(":")
            handfuls.append({"side": side, "size": size})
        if handfuls:
            request["handfuls"] = handfuls
        slam = _one(query, "slam")
        if slam:
            announced, _, won_by = slam.rpartition(":") if ":" in slam else ("", "", slam)
            request["slam"] = {"announced": announced == "announced", "won_by": won_by or None}
        if _flag(query, "alone"):
            request["alone"] = True
    elif variant == "classic":
        request["contract"] = _one(query, "contract", "guard")
        if request["contract"] != "slam":
            request["oudlers"] = entries.whole("oudlers", "0")
            request["points"] = entries.whole("points", "0")
        petit = _one(query, "petit_last_trick")
        if petit:
            request["petit_last_trick"] = petit
        slam = _one(query, "slam")
        if slam:
            request["slam"] = slam
        if _flag(query, "alone"):
            request["alone"] = True
        bonuses: list[Json] = []
        for item in _many(query, "bonus"):
            kind, _, holder = item.partition(":")
            bonuses.append({"kind": kind, "holder": holder or "taker"})
        if bonuses:
            request["bonuses"] = bonuses
    elif variant == "chambery":
        if _one(query, "pack"):
            request["pack"] = entries.whole("pack", "78")
        if players == 3:
            names = seat_names(query)
            request["points"] = [
                entries.whole(
                    "points",
                    "",
                    field_name=f"points[{index}]",
                    index=index,
                    what=f"{names[index]}'s card points",
                )
                for index in range(3)
            ]
        else:
            request["contract"] = _one(query, "contract", "call")
            request["points"] = entries.whole("points", "0")
    elif variant == "mathers":
        hands: dict[str, Json] = {}
        fool = _one(query, "fool")
        for seat in _mathers_seats(query):
            values = query.get(f"{seat}.tricks") or []
            counts: dict[str, int] = {}
            for index, (kind, label) in enumerate(zip(MATHERS_TRICKS, MATHERS_TRICK_LABELS, strict=True)):
                blank = index >= len(values) or not values[index].strip()
                counts[kind] = (
                    0
                    if blank
                    else entries.whole(
                        f"{seat}.tricks",
                        "0",
                        field_name=f"hands.{seat}.tricks.{kind}",
                        index=index,
                        what=f"the count of “{label}” tricks",
                    )
                )
            hand: Json = {"tricks": counts}
            if _one(query, f"{seat}.kings_cut"):
                hand["kings_cut"] = entries.whole(
                    f"{seat}.kings_cut", "0", field_name=f"hands.{seat}.kings_cut"
                )
            if fool == seat:
                hand["fool"] = True
            declarations = _many(query, f"{seat}.declarations")
            if declarations:
                hand["declarations"] = declarations
            hands[seat] = hand
        request["hands"] = hands
    else:
        text = _one(query, "request")
        try:
            data = _load_json(text or "{}", "request")
        except BridgeError as error:
            entries.refuse("request", error.message)
            data = {}
        if not isinstance(data, Mapping):
            entries.refuse("request", "the request must be a JSON object")
            data = {}
        request.update(data)
    entries.check()
    return request


def query_from_request(request: Mapping[str, object]) -> Query:
    """The calculator's query parameters for a score request (the inverse of :func:`request_from_query`)."""
    variant = str(request.get("variant", "fft"))
    query: Query = {"variant": [variant]}
    hands = request.get("hands")
    if (
        variant == "mathers"
        and isinstance(hands, Mapping)
        and set(request) <= {"variant", "players", "hands"}
    ):
        query["players"] = [str(request.get("players", 2))]
        query["fool"] = [""]
        for seat, hand in hands.items():
            tricks = hand.get("tricks") if isinstance(hand, Mapping) else None
            if not isinstance(hand, Mapping) or not isinstance(tricks, Mapping):
                raise BridgeError("hands", "the calculator counts tricks by their best card")
            query[f"{seat}.tricks"] = [str(tricks.get(kind, 0)) for kind in MATHERS_TRICKS]
            if hand.get("kings_cut"):
                query[f"{seat}.kings_cut"] = [str(hand["kings_cut"])]
            if hand.get("fool"):
                query["fool"] = [str(seat)]
            codes = hand.get("declarations")
            if isinstance(codes, list) and codes:
                query[f"{seat}.declarations"] = [str(code) for code in codes]
        return query
    if variant not in ("fft", "classic", "chambery"):
        rest = {k: v for k, v in request.items() if k not in ("variant", "players")}
        if "players" in request:
            query["players"] = [str(request["players"])]
        query["request"] = [json.dumps(rest, ensure_ascii=False)]
        return query
    for key, value in request.items():
        if key == "variant" or value is None:
            continue
        if key == "handfuls" and isinstance(value, list):
            query["handful"] = [f"{h.get('side')}:{h.get('size')}" for h in value if isinstance(h, Mapping)]
        elif key == "bonuses" and isinstance(value, list):
            query["bonus"] = [
                f"{b.get('kind')}:{b.get('holder', 'taker')}" for b in value if isinstance(b, Mapping)
            ]
        elif key == "slam" and isinstance(value, Mapping):
            won_by = value.get("won_by") or ""
            query["slam"] = [f"announced:{won_by}" if value.get("announced") else str(won_by)]
        elif key == "alone":
            if value:
                query["alone"] = ["1"]
        elif isinstance(value, list):
            query[key] = [_value_text(v) for v in value]
        elif isinstance(value, Mapping):
            raise BridgeError(key, f"the calculator has no control for {key!r}")
        else:
            query[key] = [_value_text(value)]
    return query


#: The longest player name the calculator shows.
NAME_LENGTH: Final = 24


def seat_count(query: Query) -> int:
    """How many players the form has seats for (the rules' usual count when ``players`` is not one)."""
    variant = _one(query, "variant", "fft")
    choices = _players_choices(variant)
    try:
        players = int(_one(query, "players"))
    except ValueError:
        players = 0
    if variant == "mathers":
        return 3 if players == 3 else 2
    return players if players in choices else int(DEFAULTS.get(variant, DEFAULTS["fft"])["players"][0])


def seat_names(query: Query) -> list[str]:
    """Each seat's name in seat order: the name typed for it (``p2.name``), else ``Player 2``."""
    names = []
    for number in range(1, seat_count(query) + 1):
        typed = " ".join(_one(query, f"p{number}.name").split())[:NAME_LENGTH]
        names.append(typed or f"Player {number}")
    return names


def roles_asked(query: Query) -> tuple[str, bool]:
    """Which seats the form asks for: the label of the taker's list ("" for none), and the partner's.

    The engine scores roles (taker, partner, defenders); the seats that held them turn the scores into
    each player's score. The rule sets that score each seat (Mathers, Chambéry with three) need none.
    """
    variant = _one(query, "variant", "fft")
    players = seat_count(query)
    if variant in ("fft", "classic"):
        return "Taker (who won the bidding)", players == 5 and not _flag(query, "alone")
    if variant == "chambery" and players != 3:
        if _one(query, "contract", "call") in ("call", "fixed"):
            return "Dealer (his side plays the hand)", True
        return "Soloist", False
    return "", False
