"""The widget bridge: what the browser widgets ask the engine, as JSON text in and JSON text out.

The same file runs in CPython (the Sphinx build renders each widget's first state with it, and the
tests call it) and in Pyodide inside a Web Worker (the widgets call it as the reader clicks). It never
imports ``js``: the browser code only forwards the reader's input and draws what comes back.

Every answer is a JSON object with ``"schema": 1`` and ``"ok"``. A refused input is never a traceback::

    {"schema": 1, "ok": false, "field": "points", "form_field": "points", "message": "..."}

Public functions (all ``str -> str``):

* :func:`score` takes a score request, the same JSON as ``python -m tarot_core score``, and answers
  with the engine's working, each player's share and the HTML of the result;
* :func:`calculate` takes the calculator's form as query parameters (``{"points": ["41"],
  "handful": ["attack:simple"]}``, the names of the page URL) and answers with the request it made,
  the score, each player's score by name, and the HTML of the form, of the result and of the result
  bar; a form it cannot score answers every entry at fault at once (``errors``) and a result that
  says there is no score;
* :func:`change_rules` takes the reader's entries and other rules, and answers as :func:`calculate`
  with the entries the new rules can use kept;
* :func:`replay` takes a sample hand (its name, such as ``fft-4-first-hand``, or the record's JSON),
  a step and a view (``all`` or a seat such as ``p2``) and answers with the state of the table;
* :func:`check_play` takes a sample hand, a step and a card and answers whether the player to move
  may play it: the new state, or the engine's refusal with its reason code, sentence and rule link.

The last argument of each, ``options``, is a JSON object of display settings only: ``uid`` (prefix of
the HTML ids), ``links`` (``calculator``: the calculator page's URL; ``rules``: rule anchor to URL).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from tarot_core.actions import Action
from tarot_core.cards import Card, Suit
from tarot_core.engine.result import points_value
from tarot_core.engine.round import Round
from tarot_core.engine.state import Phase
from tarot_core.engine.trick import Trick
from tarot_core.engine.variant import FAMILIES as REQUEST_MODULES
from tarot_core.engine.variant import score_request
from tarot_core.errors import RequestError, TarotError
from tarot_core.records import HandRecord, load_record
from tarot_core.seats import ATTACK, DEFENCE, SEATS, Seat

SCHEMA: Final = 1
HANDS_DIR: Final = Path(__file__).resolve().parent / "hands"

Json = dict[str, Any]
Query = dict[str, list[str]]


class BridgeError(TarotError):
    """Bad input to the bridge itself (not to the engine): which field, and a sentence for readers."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


# ====================================================================================== plumbing
def _dump(data: Json) -> str:
    return json.dumps({"schema": SCHEMA, **data}, ensure_ascii=False)


def _failure(field_name: str, message: str, form_field: str | None = None) -> str:
    data: Json = {"ok": False, "field": field_name, "message": message}
    data["form_field"] = form_field if form_field is not None else _form_field(field_name)
    return _dump(data)


def _guarded(work: Callable[[], Json]) -> str:
    """Run ``work``; turn every bad input into ``{"ok": false, ...}`` rather than a traceback."""
    try:
        return _dump({"ok": True, **work()})
    except RequestError as error:
        return _failure(error.field, error.message)
    except BridgeError as error:
        return _failure(error.field, error.message)
    except TarotError as error:
        return _failure("", str(error))
    except Exception as error:  # a bug must still answer in JSON
        return _failure("", f"the engine could not answer: {error}")


def _load_json(text: str, field_name: str) -> Any:
    if not isinstance(text, str):
        raise BridgeError(field_name, "expected JSON text")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise BridgeError(field_name, f"not valid JSON: {error.msg}") from None


@dataclass(frozen=True)
class Display:
    """Display settings of one widget (never rules)."""

    uid: str = "tw"
    calculator: str = ""
    rules: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str) -> Display:
        data = _load_json(text or "{}", "options")
        if not isinstance(data, Mapping):
            raise BridgeError("options", "options must be a JSON object")
        links = data.get("links") or {}
        if not isinstance(links, Mapping):
            raise BridgeError("options", "links must be an object")
        rules = links.get("rules") or {}
        uid = str(data.get("uid") or "tw")
        safe_uid = "".join(ch for ch in uid if ch.isalnum() or ch in "-_") or "tw"
        return cls(
            safe_uid,
            str(links.get("calculator") or ""),
            {str(k): str(v) for k, v in rules.items()} if isinstance(rules, Mapping) else {},
        )

    def rule_url(self, anchor: str) -> str:
        return self.rules.get(anchor, "")


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


# ====================================================================================== cards
SUIT_SYMBOL: Final = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
#: The Knight is "Kn" on a chip: "C" (the French *cavalier*) reads as Clubs to an English reader.
RANK_LABEL: Final = {11: "J", 12: "Kn", 13: "Q", 14: "K"}


def card_name(card: Card) -> str:
    """The text alternative of a card: ``King of Hearts``, ``21 of trumps (the Monde)``, ``The Excuse``."""
    name = "21 of trumps (the Monde)" if card.is_trump and card.rank == 21 else card.name
    return name[:1].upper() + name[1:]


#: What each rule set calls the Excuse in a sentence.
EXCUSE_NAMES: Final = {"mathers": "the Fool", "chambery": "the Fou"}


def card_phrase(card: Card, family: str = "") -> str:
    """A card in a sentence, with its article: ``the King of Hearts``, ``the Excuse`` (Mathers' Fool)."""
    if card.is_excuse:
        return EXCUSE_NAMES.get(family, "the Excuse")
    name = card_name(card)
    return f"the {name[4:]}" if name.startswith("The ") else f"the {name}"


def card_json(card: Card) -> Json:
    return {"code": str(card), "name": card_name(card), "points": card.half_points / 2}


def _card_face(card: Card) -> tuple[str, str]:
    """(visible label, CSS class) of a card chip."""
    if card.is_excuse:
        return "★", "tw-excuse"
    if card.is_trump:
        return str(card.rank), "tw-trump tw-bout" if card.is_bout else "tw-trump"
    colour = "tw-red" if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else "tw-black"
    return f"{RANK_LABEL.get(card.rank, str(card.rank))}{SUIT_SYMBOL[card.suit]}", colour


def card_html(card: Card, *, extra: str = "") -> str:
    label, css = _card_face(card)
    return (
        f'<span class="tw-card {css}{" " + extra if extra else ""}" role="img" '
        f'aria-label="{_e(card_name(card))}" title="{_e(card_name(card))}" data-card="{card}">'
        f'<span aria-hidden="true">{_e(label)}</span></span>'
    )


def card_button(card: Card, uid: str, *, legal_hint: bool = False) -> str:
    label, css = _card_face(card)
    return (
        f'<button type="button" class="tw-card tw-card-button {css}" data-card="{card}" '
        f'title="{_e(card_name(card))}"><span aria-hidden="true">{_e(label)}</span>'
        f'<span class="tw-sr">{_e(card_name(card))}</span></button>'
    )


def cards_html(cards: Sequence[Card], empty: str = "none") -> str:
    if not cards:
        return f'<span class="tw-none">{_e(empty)}</span>'
    return f'<span class="tw-cards">{"".join(card_html(c) for c in cards)}</span>'


def hidden_html(count: int, what: str) -> str:
    if count == 0:
        return '<span class="tw-none">none</span>'
    backs = '<span class="tw-card tw-back" aria-hidden="true"></span>' * min(count, 24)
    return (
        f'<span class="tw-cards" role="img" aria-label="{count} {what} face down">'
        f'{backs}</span><span class="tw-count">{count} face down</span>'
    )


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


def _form_field(request_field: str) -> str:
    """The form control that shows an error about ``request_field``."""
    if request_field.startswith("hands."):  # Mathers: hands.p1.tricks.queen, hands.p1.declarations[0]
        parts = request_field.split("[", 1)[0].split(".")
        if len(parts) >= 3:
            return "fool" if parts[2] == "fool" else f"{parts[1]}.{parts[2]}"
        return ""
    base = request_field.split("[", 1)[0].split(".", 1)[0]
    return {"handfuls": "handful", "bonuses": "bonus"}.get(base, base)


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


def form_fields(query: Query, *, with_names: bool = True, with_roles: bool = True) -> list[FormField]:
    """The controls of the calculator for the query's variant and player count.

    ``with_names`` adds a name for each player (``p1.name``...); a widget that knows its players' names
    leaves them out and passes the names in the query, where the lists of seats show them.
    ``with_roles`` adds the lists of seats that say who took (and who partnered); a widget that asks for
    the roles its own way (the score sheet, by the players' names) leaves them out.
    """
    variant = _one(query, "variant", "fft")
    players_text = _one(query, "players", "4")
    try:
        players = int(players_text)
    except ValueError:
        players = 4
    variants = available_variants()
    fields = [
        FormField(
            "variant", "Rules", "select", (variant,), tuple((v, VARIANT_LABELS.get(v, v)) for v in variants)
        ),
    ]
    if variant not in variants:  # nothing else to fill in until the rules are known
        return fields
    fields.append(
        FormField(
            "players",
            "Players",
            "select",
            (players_text,),
            tuple((str(n), f"{n} players") for n in _players_choices(variant)),
        )
    )
    seats = [f"p{number}" for number in range(1, seat_count(query) + 1)]
    names = seat_names(query)
    if with_names:
        fields.append(
            FormField(
                "names",
                "Players' names (optional)",
                "text",
                tuple(_one(query, f"{seat}.name") for seat in seats),
                repeat=len(seats),
                sublabels=tuple(f"Player {number}" for number in range(1, len(seats) + 1)),
                names=tuple(f"{seat}.name" for seat in seats),
            )
        )
    taker_label, partner = roles_asked(query) if with_roles else ("", False)
    seat_choices = tuple(zip(seats, names, strict=True))
    if taker_label:
        fields.append(FormField("taker", taker_label, "select", (_one(query, "taker", "p1"),), seat_choices))
    if partner:
        fields.append(
            FormField(
                "partner",
                "Partner (the called King's holder)",
                "select",
                (_one(query, "partner", "p2"),),
                seat_choices,
            )
        )
    if variant == "fft":
        from tarot_core.games.fft import FFT_CONTRACT_NAMES, FFT_HANDFULS

        sizes = FFT_HANDFULS.get(players, FFT_HANDFULS[4])
        handful_choices = [("", "none")]
        for side in ("attack", "defence"):
            for size, need in sizes.items():
                handful_choices.append((f"{side}:{size}", f"{side}: {size} ({need} trumps)"))
        handfuls = _many(query, "handful")
        fields += [
            FormField(
                "contract",
                "Contract",
                "select",
                (_one(query, "contract", "garde"),),
                tuple(FFT_CONTRACT_NAMES.items()),
            ),
            FormField(
                "oudlers",
                "Bouts (oudlers) in the taker's cards",
                "number",
                (_one(query, "oudlers", "2"),),
                help="0 to 3: the Petit, the 21 and the Excuse",
            ),
            FormField(
                "points",
                "Card points of the taker's side",
                "number",
                (_one(query, "points", "56"),),
                step="0.5",
                help="0 to 91, in halves",
            ),
            FormField(
                "petit_au_bout",
                "Petit au bout (the Petit in the last trick) won by",
                "select",
                (_one(query, "petit_au_bout"),),
                SIDE_CHOICES,
            ),
            FormField(
                "handful",
                "Handful",
                "select",
                tuple(handfuls),
                tuple(handful_choices),
                repeat=max(2, len(handfuls)),
            ),
            FormField(
                "slam",
                "Slam (every trick)",
                "select",
                (_one(query, "slam"),),
                (
                    ("", "no slam"),
                    ("attack", "made by the attack, not announced"),
                    ("announced:attack", "announced and made"),
                    ("announced:", "announced and not made"),
                    ("defence", "made by the defence"),
                ),
            ),
        ]
        if players == 5:
            fields.append(
                FormField(
                    "alone",
                    "The taker called his own King (plays alone)",
                    "checkbox",
                    (_one(query, "alone"),),
                )
            )
    elif variant == "classic":
        from tarot_core.games.classic import CONTRACT_NAMES, HAND_BONUSES, players_contracts, roles

        alone = _flag(query, "alone")
        holders = roles(players if players in (3, 5) else 3, alone and players == 5)
        bonus_choices = [("", "none")]
        for kind in HAND_BONUSES:
            for holder in holders:
                bonus_choices.append((f"{kind}:{holder}", f"{kind.replace('-', ' ')}, held by the {holder}"))
        bonuses = _many(query, "bonus")
        contracts = players_contracts(players) if players in (3, 5) else players_contracts(3)
        fields += [
            FormField(
                "contract",
                "Contract",
                "select",
                (_one(query, "contract", "guard"),),
                tuple((c, CONTRACT_NAMES[c]) for c in contracts),
            ),
            FormField(
                "oudlers",
                "Bouts (special cards) in the taker's cards",
                "number",
                (_one(query, "oudlers", "2"),),
                help="0 to 3 (not needed for a bid slam)",
            ),
            FormField(
                "points",
                "Taker's points, counted by pairs",
                "number",
                (_one(query, "points", "41"),),
                help="a whole number from 0 to 91",
            ),
            FormField(
                "petit_last_trick",
                "The Petit on the last trick, credited to",
                "select",
                (_one(query, "petit_last_trick"),),
                SIDE_CHOICES,
            ),
            FormField(
                "slam",
                "Slam (every trick) won by",
                "select",
                (_one(query, "slam"),),
                SIDE_CHOICES,
            ),
            FormField(
                "bonus",
                "Hand bonus",
                "select",
                tuple(bonuses),
                tuple(bonus_choices),
                repeat=max(1, len(bonuses)),
            ),
        ]
        if players == 5:
            fields.append(FormField("alone", "The taker plays alone", "checkbox", (_one(query, "alone"),)))
    elif variant == "chambery":
        from tarot_core.games.chambery import BIDS_BY_WORD

        fields.append(
            FormField(
                "pack",
                "Pack",
                "select",
                (_one(query, "pack", "78"),),
                (("78", "78 cards"), ("62", "62 cards (tarot simplifié)")),
            )
        )
        if players == 3:
            values = list(query.get("points") or [])
            values += ["26"] * (3 - len(values))
            fields.append(
                FormField(
                    "points",
                    "Card points of each player",
                    "number",
                    tuple(values[:3]),
                    repeat=3,
                    sublabels=tuple(f"{name}'s card points" for name in names),
                )
            )
        else:
            choices = [("call", "The dealer calls a King")]
            if players == 4:
                choices.append(("fixed", "Fixed partners (four players)"))
            choices += [(word, str(getattr(bid, "label", word))) for word, bid in BIDS_BY_WORD.items()]
            fields += [
                FormField(
                    "contract", "Contract", "select", (_one(query, "contract", "call"),), tuple(choices)
                ),
                FormField(
                    "points",
                    "Card points of the dealer's side or soloist",
                    "number",
                    (_one(query, "points", "40"),),
                ),
            ]
    elif variant == "mathers":
        from tarot_core.games.mathers import DECLARATION_NAMES

        seats = _mathers_seats(query)
        fields.append(
            FormField(
                "fool",
                "The Fool (the Excuse) was held by",
                "select",
                (_one(query, "fool"),),
                (("", "nobody scores it"), *zip(seats, names, strict=False)),
            )
        )
        declaration_choices = (("", "none"), *DECLARATION_NAMES.items())
        for seat, name in zip(seats, names, strict=False):
            declarations = _many(query, f"{seat}.declarations")
            fields += [
                FormField(
                    f"{seat}.tricks",
                    f"Tricks won by {name}, by their best card",
                    "number",
                    tuple(query.get(f"{seat}.tricks") or ()),
                    repeat=len(MATHERS_TRICKS),
                    sublabels=MATHERS_TRICK_LABELS,
                ),
                FormField(
                    f"{seat}.kings_cut",
                    f"Kings cut by {name}",
                    "number",
                    (_one(query, f"{seat}.kings_cut", "0"),),
                ),
                FormField(
                    f"{seat}.declarations",
                    f"Declarations of {name}",
                    "select",
                    tuple(declarations),
                    declaration_choices,
                    repeat=max(2, len(declarations)),
                    sublabels=tuple(f"Declaration {n}" for n in range(1, max(2, len(declarations)) + 1)),
                ),
            ]
    else:
        fields.append(FormField("request", "Score request (JSON)", "text", (_one(query, "request", "{}"),)))
    return fields


def form_html(query: Query, uid: str, *, with_names: bool = True, with_roles: bool = True) -> str:
    """The calculator's controls, with an empty message slot next to each.

    Number fields are text fields that open a phone's number keys: what is typed reaches the bridge as
    typed (a browser's number field would hand over nothing for "4O"), and the bridge says what it
    expects. ``with_names`` and ``with_roles`` as in :func:`form_fields`.
    """
    parts: list[str] = []
    for fld in form_fields(query, with_names=with_names, with_roles=with_roles):
        ident = f"{uid}-{fld.name.replace('.', '-')}"
        err = f'<p class="tw-field-error" id="{ident}-error" data-error-for="{fld.name}"></p>'
        help_html = f'<p class="tw-help" id="{ident}-help">{_e(fld.help)}</p>' if fld.help else ""
        described = f"{ident}-error" + (f" {ident}-help" if fld.help else "")
        controls: list[str] = []
        for index in range(fld.repeat):
            value = fld.values[index] if index < len(fld.values) else ""
            name = fld.names[index] if index < len(fld.names) else fld.name
            cid = ident if index == 0 else f"{ident}-{index + 1}"
            common = f'id="{cid}" name="{name}" aria-describedby="{described}"'
            if fld.kind == "select":
                options = "".join(
                    f'<option value="{_e(v)}"{" selected" if v == value else ""}>{_e(text)}</option>'
                    for v, text in fld.choices
                )
                if value and value not in {v for v, _ in fld.choices}:
                    options += f'<option value="{_e(value)}" selected>{_e(value)}</option>'
                control = f"<select {common}>{options}</select>"
            elif fld.kind == "checkbox":
                checked = " checked" if value.lower() in ("1", "true", "on", "yes") else ""
                control = f'<input type="checkbox" value="1" {common}{checked}>'
            elif fld.kind == "number":
                keys = "numeric" if fld.step == "1" else "decimal"
                control = (
                    f'<input type="text" inputmode="{keys}" autocomplete="off" value="{_e(value)}" '
                    f'data-number="{"whole" if fld.step == "1" else "decimal"}" {common}>'
                )
            elif fld.name == "names":
                control = (
                    f'<input type="text" autocomplete="off" maxlength="{NAME_LENGTH}" '
                    f'value="{_e(value)}" {common}>'
                )
            else:
                control = f'<input type="text" value="{_e(value)}" {common}>'
            if fld.repeat > 1:
                label = fld.sublabels[index] if index < len(fld.sublabels) else f"{fld.label} {index + 1}"
                sublabel = f'<label class="tw-sublabel" for="{cid}">{_e(label)}</label>'
                controls.append(f'<span class="tw-sub">{sublabel}{control}</span>')
            elif fld.kind == "checkbox":
                controls.append(f'{control}<label for="{cid}">{_e(fld.label)}</label>')
            else:
                controls.append(control)
        if fld.repeat > 1:
            legend = (
                "Handfuls shown"
                if fld.name == "handful"
                else "Hand bonuses"
                if fld.name == "bonus"
                else fld.label
            )
            wide = " tw-field-wide" if fld.sublabels or fld.repeat > 2 else ""
            parts.append(
                f'<fieldset class="tw-field{wide}" data-field="{fld.name}">'
                f'<legend>{_e(legend)}</legend><div class="tw-subs">{"".join(controls)}</div>'
                f"{help_html}{err}</fieldset>"
            )
        elif fld.kind == "checkbox":
            parts.append(
                f'<div class="tw-field tw-field-check tw-field-{fld.name}" data-field="{fld.name}">'
                f"{controls[0]}{help_html}{err}</div>"
            )
        else:
            parts.append(
                f'<div class="tw-field tw-field-{fld.name}" data-field="{fld.name}">'
                f'<label for="{ident}">{_e(fld.label)}</label>{controls[0]}{help_html}{err}</div>'
            )
    return "".join(parts)


def form_shape(query: Query, *, with_names: bool = True) -> str:
    """A short key of the form's controls and labels (not their values): the page redraws the form
    only when it changes."""
    import hashlib

    fields = form_fields(query, with_names=with_names)
    text = json.dumps([[f.name, f.label, f.kind, f.repeat, f.choices, f.sublabels] for f in fields])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _shares(request: Mapping[str, object], answer: Mapping[str, object]) -> list[Json]:
    """Every player's share, one row per player (defenders listed one by one)."""
    scores = answer.get("scores")
    players = int(str(answer.get("players", request.get("players", 4))))
    rows: list[Json] = []
    if isinstance(scores, Mapping) and isinstance(scores.get("by_player"), list):
        for index, value in enumerate(scores["by_player"]):
            rows.append({"role": f"player-{index + 1}", "label": f"Player {index + 1}", "score": value})
        return rows
    if not isinstance(scores, Mapping):
        return rows
    named = {k: v for k, v in scores.items() if v is not None and k != "defender"}
    for role, value in named.items():
        label = f"Player {role[1:]} ({role})" if role[:1] == "p" and role[1:].isdigit() else role
        label = label.replace("-", " ")
        label = label[:1].upper() + label[1:]
        rows.append({"role": role, "label": label, "score": value})
    if "defender" in scores and scores["defender"] is not None:
        count = players - len(named)
        for index in range(count):
            label = f"Defender {index + 1}" if count > 1 else "Defender"
            rows.append({"role": "defender", "label": label, "score": scores["defender"]})
    return rows


def _value_text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, int):
        return str(value)
    return str(value)


def _signed(value: object) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:+d}".replace("-", "−")
    return _value_text(value)


def seating_errors(query: Query) -> list[FieldError]:
    """What the seats chosen in the form cannot be: a partner who is the taker himself."""
    taker_label, partner = roles_asked(query)
    if taker_label and partner and _one(query, "partner", "p2") == _one(query, "taker", "p1"):
        alone = _one(query, "variant") != "chambery" and seat_count(query) == 5
        hint = ": a taker who called his own King plays alone (tick that box)" if alone else ""
        return [
            FieldError("partner", f"the partner must be another player than the {_role_word(query)}{hint}")
        ]
    return []


def _role_word(query: Query) -> str:
    label = roles_asked(query)[0]
    return label.split(" ", 1)[0].lower() if label else "taker"


#: The engine's roles as the result names them.
ROLE_WORDS: Final = {"taker": "taker", "dealer": "dealer", "soloist": "soloist", "partner": "partner"}


def seat_scores(query: Query, answer: Mapping[str, object]) -> list[Json]:
    """Each player's score in seat order, with the name typed for the seat and its role.

    ``[{"seat": "p1", "name": "Alice", "role": "taker", "score": 240}, ...]``; empty when the engine's
    answer has not one score per seat of the form.
    """
    scores = answer.get("scores")
    names = seat_names(query)
    seats = [f"p{number}" for number in range(1, len(names) + 1)]
    if not isinstance(scores, Mapping):
        return []
    values: dict[str, object] = {}
    roles: dict[str, str] = {}
    by_player = scores.get("by_player")
    if isinstance(by_player, list):
        values = dict(zip(seats, by_player, strict=False))
    elif all(key in seats for key in scores):  # Mathers: by seat
        values = {seat: scores.get(seat, 0) for seat in seats}
    else:
        attack = next((key for key in ROLE_WORDS if key != "partner" and key in scores), "")
        taker = _one(query, "taker", "p1")
        if not attack or taker not in seats:
            return []
        values[taker], roles[taker] = scores[attack], attack
        partner = _one(query, "partner", "p2")
        if scores.get("partner") is not None and partner in seats and partner != taker:
            values[partner], roles[partner] = scores["partner"], "partner"
        start = seats.index(taker)
        defenders = [seat for seat in seats[start:] + seats[:start] if seat not in values]
        for number, seat in enumerate(defenders, 1):
            values[seat] = scores.get("defender", scores.get(f"defender-{number}"))
            roles[seat] = "defender"
    if len(values) != len(seats) or any(v is None for v in values.values()):
        return []
    return [
        {"seat": seat, "name": name, "role": roles.get(seat, ""), "score": values[seat]}
        for seat, name in zip(seats, names, strict=True)
    ]


def result_html(
    request: Mapping[str, object], answer: Mapping[str, object], uid: str, seats: Sequence[Json] = ()
) -> str:
    """The working and the shares of a score answer, as HTML: by player with their names when
    ``seats`` (from :func:`seat_scores`) is given, else by role."""
    won = answer.get("won")
    named = {str(row["seat"]): str(row["name"]) for row in seats}
    if isinstance(won, list):
        headline = "Each player against the par"
    elif isinstance(won, str):
        who = named.get(won) or (f"Player {won[1:]} ({won})" if won[1:].isdigit() else won)
        headline = f"{who} wins the hand"
    elif won is None and answer.get("variant") == "mathers":
        headline = "A tie: nobody scores"
    else:
        headline = "The contract is made" if won else "The contract is lost"
    rows = []
    breakdown = answer.get("breakdown")
    for term in breakdown if isinstance(breakdown, list) else []:
        if not isinstance(term, Mapping):
            continue
        detail = f'<span class="tw-detail">{_e(term.get("detail", ""))}</span>' if term.get("detail") else ""
        rows.append(
            f'<tr data-term="{_e(term.get("term", ""))}">'
            f'<th scope="row">{_e(term.get("label", ""))}{detail}</th>'
            f"<td>{_e(_value_text(term.get('value')))}</td></tr>"
        )
    if seats:
        share_rows = ""
        for row in seats:
            role = f' <span class="tw-role-word">({_e(row["role"])})</span>' if row["role"] else ""
            share_rows += (
                f'<tr data-role="{_e(row["role"] or row["seat"])}" data-seat="{_e(row["seat"])}">'
                f'<th scope="row">{_e(row["name"])}{role}</th>'
                f'<td class="tw-share">{_e(_signed(row["score"]))}</td></tr>'
            )
    else:
        share_rows = "".join(
            f'<tr data-role="{_e(s["role"])}"><th scope="row">{_e(s["label"])}</th>'
            f'<td class="tw-share">{_e(_signed(s["score"]))}</td></tr>'
            for s in _shares(request, answer)
        )
    return (
        f'<p class="tw-headline {"tw-won" if won is True else "tw-lost" if won is False else ""}">'
        f"{_e(headline)}</p>"
        f'<div class="tw-result-tables">'
        f'<table class="tw-table tw-breakdown"><caption>The working</caption>'
        f'<thead><tr><th scope="col">Term</th><th scope="col">Value</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
        f'<table class="tw-table tw-shares"><caption>Each player\'s score</caption>'
        f'<thead><tr><th scope="col">Player</th><th scope="col">Score</th></tr></thead>'
        f"<tbody>{share_rows}</tbody></table></div>"
    )


def bar_html(seats: Sequence[Json], errors: Sequence[FieldError] = ()) -> str:
    """The compact result bar: each player's score on one line, or that there is none yet."""
    if errors:
        count = len(errors)
        what = "the entry" if count == 1 else f"the {count} entries"
        verb = "is" if count == 1 else "are"
        return f'<p class="tw-bar-none">No score until {what} marked in red {verb} fixed</p>'
    items = "".join(
        f'<li data-seat="{_e(row["seat"])}"><span class="tw-bar-name">{_e(row["name"])}</span> '
        f'<span class="tw-bar-score">{_e(_signed(row["score"]))}</span></li>'
        for row in seats
    )
    return f'<ul class="tw-bar-scores" aria-label="Each player\'s score">{items}</ul>'


def error_labels(query: Query, errors: Sequence[FieldError], *, with_names: bool = True) -> list[str]:
    """The label of the control each error is about, as the form shows it."""
    fields = {fld.name: fld for fld in form_fields(query, with_names=with_names)}
    labels = []
    for error in errors:
        fld = fields.get(error.form_field)
        if fld is None:
            labels.append("")
        elif error.index is not None and error.index < len(fld.sublabels):
            labels.append(f"{fld.label}: {fld.sublabels[error.index]}")
        else:
            labels.append(fld.label)
    return labels


def no_score_html(query: Query, errors: Sequence[FieldError], *, with_names: bool = True) -> str:
    """The result while an entry cannot be used: no score at all, and what to fix."""
    items = []
    for error, label in zip(errors, error_labels(query, errors, with_names=with_names), strict=True):
        where = f"<strong>{_e(label)}</strong>: " if label else ""
        items.append(f'<li data-error-in="{_e(error.form_field)}">{where}{_e(error.message)}</li>')
    what = "this entry is" if len(errors) == 1 else f"these {len(errors)} entries are"
    return (
        '<p class="tw-headline tw-no-score-title">No score yet</p>'
        f"<p>There is no score until {what} fixed:</p>"
        f'<ul class="tw-no-score-list">{"".join(items)}</ul>'
    )


def result_attributes(answer: Mapping[str, object]) -> dict[str, str]:
    """``data-*`` attributes of the result region: each role's score (``data-taker="240"``)."""
    attributes: dict[str, str] = {}
    scores = answer.get("scores")
    if isinstance(scores, Mapping):
        by_player = scores.get("by_player")
        if isinstance(by_player, list):
            for index, value in enumerate(by_player):
                attributes[f"player-{index + 1}"] = str(value)
        else:
            for role, value in scores.items():
                if value is not None:
                    attributes[str(role)] = str(value)
    won = answer.get("won")
    if isinstance(won, bool):
        attributes["won"] = "true" if won else "false"
    return attributes


def query_of_mapping(data: Mapping[Any, Any]) -> Query:
    """A form's JSON object as a query: every value a list of strings, empty values left out."""
    query: Query = {}
    for key, value in data.items():
        if isinstance(value, list):
            query[str(key)] = [str(v) for v in value]
        elif value is not None:
            query[str(key)] = [str(value)]
    return query


def _query_of(data: object) -> Query:
    if not isinstance(data, Mapping):
        raise BridgeError("query", "the calculator's form must be a JSON object")
    return query_of_mapping(data)


def _score_answer(request: Json) -> Json:
    answer = score_request(request)
    return {"request": request, "result": answer, "shares": _shares(request, answer)}


def score(request_json: str, options: str = "{}") -> str:
    """Score a request (the JSON of ``python -m tarot_core score``): the working, the shares, the HTML."""

    def work() -> Json:
        display = Display.parse(options)
        request = _load_json(request_json, "request")
        if not isinstance(request, Mapping):
            raise RequestError("", 'a score request is a JSON object such as {"variant": "fft", ...}')
        data = _score_answer(dict(request))
        data["html"] = result_html(request, data["result"], display.uid)
        data["attributes"] = result_attributes(data["result"])
        return data

    return _guarded(work)


def calculate(query_json: str, options: str = "{}") -> str:
    try:
        return _calculate(query_json, options)
    except Exception as error:  # a bug must still answer in JSON, never with a traceback
        return _failure("", f"the engine could not answer: {error}")


def address_query(query: Query) -> Query:
    """What the page address keeps of a form: its own fields only (a link's other parameters are
    dropped), without empty values, except among numbers typed in a row, whose places matter."""
    kept: Query = {}
    for fld in form_fields(query):
        for name in fld.names or (fld.name,):
            values = query.get(name) or []
            if fld.kind == "number" and fld.repeat > 1:
                if any(v.strip() for v in values):
                    kept[name] = list(values)
            elif fld.names:
                kept.update({name: values[:1]} if values and values[0].strip() else {})
            elif [v for v in values if v.strip()]:
                kept[name] = [v for v in values if v.strip()]
    return kept


def form_errors(query: Query) -> list[FieldError]:
    """Every entry of the form that cannot be read or used as it stands, all at once (not the engine's
    judgement of the entries together, which comes once these are fixed)."""
    errors: list[FieldError] = []
    try:
        request_from_query(query)
    except FormErrors as refused:
        errors += refused.errors
    except BridgeError as error:
        errors.append(FieldError(error.field, error.message))
    return errors + seating_errors(query)


def _calculate(query_json: str, options: str) -> str:
    """The calculator: form values (query parameters) in; the request, the score and the HTML out.

    A refused input answers ``ok: false`` with every entry at fault in ``errors`` (the first one also
    as ``field``, ``form_field`` and ``message``), the form's HTML, and as ``html`` a result that
    says there is no score and what to fix: never the last score.
    """
    try:
        display = Display.parse(options)
        query = normalise_query(_query_of(_load_json(query_json, "query")))
        form = form_html(query, display.uid)
    except BridgeError as error:
        return _failure(error.field, error.message)
    common: Json = {
        "query": query,
        "address": address_query(query),
        "form_html": form,
        "form_key": f"{_one(query, 'variant')}-{_one(query, 'players')}",
        "form_shape": form_shape(query),
    }
    errors = form_errors(query)
    request: Json = {}
    if not errors:
        try:
            request = request_from_query(query)
            data = _score_answer(request)
        except RequestError as error:
            errors = [FieldError(error.field, error.message)]
        except TarotError as error:
            errors = [FieldError("", str(error))]
    if errors:
        first = errors[0]
        return _dump(
            {
                "ok": False,
                "field": first.field,
                "form_field": first.form_field,
                "message": first.message,
                "errors": [error.as_json() for error in errors],
                "html": no_score_html(query, errors),
                "bar_html": bar_html((), errors),
                **common,
            }
        )
    seats = seat_scores(query, data["result"])
    attributes = result_attributes(data["result"])
    if seats:
        attributes["seat-scores"] = json.dumps({row["seat"]: row["score"] for row in seats})
    data.update(
        {
            "seats": seats,
            "html": result_html(request, data["result"], display.uid, seats),
            "bar_html": bar_html(seats),
            "attributes": attributes,
            **common,
        }
    )
    return _dump({"ok": True, **data})


def change_rules(query_json: str, variant: str, options: str = "{}") -> str:
    """The calculator after the reader picks other rules: the entries the new rules can use are kept.

    ``query_json`` holds the reader's entries (also those made under other rules, so a list walked
    through with the arrow keys gives them back on the way); an entry is kept when the new form has
    that field and it reads there (a choice of its list, a number of the kind it takes, as many as its
    controls). The answer is :func:`calculate`'s.
    """
    try:
        entries = _query_of(_load_json(query_json, "query"))
    except BridgeError as error:
        return _failure(error.field, error.message)
    query = keep_for_rules(entries, str(variant))
    return calculate(json.dumps(query), options)


def keep_for_rules(entries: Query, variant: str) -> Query:
    """The entries the form of ``variant`` can use (see :func:`change_rules`)."""
    query: Query = {"variant": [variant]}
    if variant not in available_variants():
        return query
    players = _one(entries, "players")
    if players in {str(n) for n in _players_choices(variant)}:
        query["players"] = [players]
    for key, values in entries.items():  # the names and seats are kept whatever the rules
        if key.endswith(".name") or key in ("taker", "partner"):
            query[key] = list(values)
    for _ in range(2):  # the form's fields depend on the entries kept (the partner on "alone")
        fields = form_fields(normalise_query(query))
        for fld in fields:
            if fld.name in ("variant", "players", "names") or fld.name not in entries:
                continue
            values = [v.strip() for v in entries[fld.name]]
            if fld.kind == "select":
                known = {value for value, _ in fld.choices}
                usable = [v for v in values if v in known]
                if usable:
                    query[fld.name] = usable
            elif fld.kind == "number":
                if len(values) != fld.repeat:
                    continue
                try:
                    for value in values:
                        parse_number(value, whole=fld.step == "1")
                except ValueError:
                    continue
                query[fld.name] = values
            else:
                query[fld.name] = values
    for key in ("taker", "partner"):  # a seat the new count of players has not
        seats = {f"p{n}" for n in range(1, seat_count(normalise_query(query)) + 1)}
        if _one(query, key) and _one(query, key) not in seats:
            del query[key]
    return query


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


# ------------------------------------------------------------------------------ replay HTML
def _cards_from(items: Sequence[Json]) -> list[Card]:
    return [Card.parse(str(item["code"])) for item in items]


def _seat_name(state: Mapping[str, Any], seat: str) -> str:
    for item in state["seats"]:
        if item["seat"] == seat:
            return str(item["name"])
    return seat


def _trick_html(state: Mapping[str, Any], trick: Mapping[str, Any] | None, caption: str) -> str:
    if trick is None:
        return ""
    plays = trick.get("plays") or []
    winning = trick.get("winning") or trick.get("winner")
    items = []
    for play in plays:
        mark = ' class="tw-winning"' if play["seat"] == winning else ""
        badge = "winning" if "winning" in trick else "won it"
        note = f' <span class="tw-badge">{badge}</span>' if play["seat"] == winning and len(plays) > 1 else ""
        items.append(
            f'<li{mark}><span class="tw-who">{_e(_seat_name(state, play["seat"]))}</span>'
            f"{card_html(Card.parse(play['card']['code']))}{note}</li>"
        )
    body = "".join(items) or '<li class="tw-none">No card played yet.</li>'
    return (
        f'<div class="tw-trick" aria-label="{_e(caption)}"><p class="tw-trick-title">{_e(caption)}</p>'
        f'<ol class="tw-trick-plays">{body}</ol></div>'
    )


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _tally_html(tally: Mapping[str, Any] | None, state: Mapping[str, Any] | None = None) -> str:
    if not tally and state and state.get("sides_hidden") and state.get("taker"):
        return (
            '<p class="tw-tally tw-none">From this seat the sides are not known yet: the points of each '
            "side show once the called card has been played.</p>"
        )
    if not tally:
        if state and state.get("tricks") and not state.get("taker"):
            won: dict[str, int] = {}
            for trick in state["tricks"]:
                won[trick["winner_name"]] = won.get(trick["winner_name"], 0) + 1
            text = ", ".join(f"{name} {count}" for name, count in won.items())
            return f'<p class="tw-tally tw-none">Tricks won so far: {_e(text)}.</p>'
        if state and state.get("family") in ("mathers", "chambery"):
            return '<p class="tw-tally tw-none">The points are counted as the tricks are won.</p>'
        if state and state.get("phase") in ("playing", "over") and not state.get("taker"):
            return '<p class="tw-tally tw-none">Each player plays for themselves.</p>'
        return '<p class="tw-tally tw-none">Card points are counted once somebody has taken.</p>'
    cells = []
    unit = str(tally.get("unit", "card points"))
    for row in tally["rows"]:
        points = _value_text(row["points"])
        details = []
        attributes = f'data-points="{_e(points)}" data-tricks="{row["tricks"]}"'
        if "bouts" in row:
            details.append(_plural(int(row["bouts"]), "bout"))
            attributes += f' data-bouts="{row["bouts"]}"'
        if "kings_cut" in row:
            attributes += f' data-kings-cut="{row["kings_cut"]}" data-declared="{row["declared"]}"'
        details.append(_plural(int(row["tricks"]), "trick"))
        if row.get("kings_cut"):
            details.append(f"{_plural(int(row['kings_cut']), 'King')} cut")
        if row.get("declared"):
            details.append(f"{row['declared']} declared")
        if "by_pairs" in row:
            details.append(f"{row['by_pairs']} counted by pairs")
            attributes += f' data-by-pairs="{row["by_pairs"]}"'
        key = "side" if tally["kind"] == "sides" else "seat"
        cells.append(
            f'<div class="tw-tally-side tw-{_e(row["key"])}" data-{key}="{_e(row["key"])}" {attributes}>'
            f'<span class="tw-tally-label">{_e(row["label"])}</span>'
            f'<span class="tw-tally-points">{_e(points)} {_e(unit)}</span>'
            f'<span class="tw-tally-bouts">{_e(" · ".join(details))}</span></div>'
        )
    what = "Trick points won so far" if unit == "trick points" else "Card points won so far"
    return f'<div class="tw-tally" aria-label="{what}" data-kind="{tally["kind"]}">{"".join(cells)}</div>'


def _score_html(state: Mapping[str, Any], display: Display) -> str:
    data = state.get("score")
    if not data:
        return ""
    if data.get("outcome") != "played":
        return (
            '<section class="tw-final"><p class="tw-final-title">No score</p>'
            "<p>The deal is void and dealt again.</p></section>"
        )
    rows = []
    for term in data.get("breakdown") or []:
        detail = f'<span class="tw-detail">{_e(term.get("detail", ""))}</span>' if term.get("detail") else ""
        rows.append(
            f'<tr><th scope="row">{_e(term["label"])}{detail}</th>'
            f"<td>{_e(_value_text(term['value']))}</td></tr>"
        )
    roles = {item["seat"]: item["role"] for item in state["seats"]}
    seats = "".join(
        f'<tr data-seat="{_e(seat)}"><th scope="row">{_e(_seat_name(state, seat))}'
        f"{f' ({roles[seat]})' if roles.get(seat) else ''}</th>"
        f'<td class="tw-share">{_e(_signed(value))}</td></tr>'
        for seat, value in data.get("by_seat", {}).items()
    )
    link = ""
    query = state.get("calculator_query")
    if display.calculator and query:
        from urllib.parse import urlencode

        href = f"{display.calculator}?{urlencode(query, doseq=True)}"
        link = f'<p><a class="tw-link" href="{_e(href)}">Check this score in the calculator</a></p>'
    return (
        '<section class="tw-final"><p class="tw-final-title">The score</p>'
        f'<div class="tw-result-tables"><table class="tw-table tw-breakdown"><caption>The working</caption>'
        f"<tbody>{''.join(rows)}</tbody></table>"
        '<table class="tw-table tw-shares"><caption>Each player\'s score</caption>'
        f"<tbody>{seats}</tbody></table>"
        f"</div>{link}</section>"
    )


def _pile_html(pile: Mapping[str, Any]) -> str:
    cards = pile["cards"]
    inner = (
        cards_html(_cards_from(cards), "none") if cards is not None else hidden_html(pile["count"], "cards")
    )
    return (
        f'<div class="tw-pile" data-pile="{_e(pile["key"])}"><p class="tw-pile-title">{_e(pile["title"])}</p>'
        f"{inner}</div>"
    )


def replay_html(state: Mapping[str, Any], display: Display) -> str:
    """The table of a replay state: status, hands, piles set aside, the trick, the tricks won, the tally."""
    status_bits = [f"Step {state['step']} of {state['steps']}", state.get("phase_text") or state["phase"]]
    if state.get("contract_text"):
        status_bits.append(state["contract_text"])
    if state.get("called"):
        status_bits.append(f"called: {state['called']['name']}")
    seats_html = []
    for seat in state["seats"]:
        role = seat["role"]
        badge = f'<span class="tw-badge tw-role-{role}">{_e(role)}</span>' if role else ""
        doing = state.get("turn_text") or "to play"
        turn = f'<span class="tw-badge tw-turn">{_e(doing)}</span>' if seat["to_move"] else ""
        if seat["hand"] is not None:
            hand = cards_html(_cards_from(seat["hand"]), "no cards left")
        else:
            hand = hidden_html(seat["count"], "cards")
        seats_html.append(
            f'<section class="tw-seat{" tw-active" if seat["to_move"] else ""}" data-seat="{seat["seat"]}">'
            f'<p class="tw-seat-name">{_e(seat["name"])} <span class="tw-seat-id">({seat["seat"]})</span>'
            f" {badge}{turn}</p>{hand}</section>"
        )
    piles_html = "".join(_pile_html(pile) for pile in state.get("piles") or [])
    current = state.get("current_trick")
    trick_title = f"Trick {current['number']}" if current else ""
    if (current is None or not current["plays"]) and state["tricks"]:
        last = state["tricks"][-1]
        current_html = _trick_html(state, last, f"Trick {last['number']}, won by {last['winner_name']}")
    else:
        current_html = _trick_html(state, current, trick_title)
    won_items = "".join(
        f'<li data-trick="{t["number"]}" data-points="{_e(_value_text(t["points"]))}">'
        f'<span class="tw-trick-n">{t["number"]}.</span> '
        f"{''.join(card_html(Card.parse(p['card']['code'])) for p in t['plays'])} "
        f'<span class="tw-trick-won">{_e(t["winner_name"])}'
        f"{' (' + _e(t['winner_side']) + ')' if t['winner_side'] else ''}, "
        f"{_e(_value_text(t['points']))} pts</span></li>"
        for t in state["tricks"]
    )
    tricks_html = (
        f'<details class="tw-tricks"><summary>Tricks played ({len(state["tricks"])})</summary>'
        f'<ol class="tw-trick-list">{won_items}</ol></details>'
        if state["tricks"]
        else ""
    )
    handfuls = "".join(
        f'<p class="tw-handful">{_e(_seat_name(state, h["seat"]))} showed a {_e(h["size"])} handful: '
        f"{cards_html(_cards_from(h['cards']))}</p>"
        for h in state.get("handfuls") or []
    )
    talk = ""
    if state.get("talk"):
        talk = '<ul class="tw-talk">' + "".join(f"<li>{_e(line)}</li>" for line in state["talk"]) + "</ul>"
    bidding = ""
    if state.get("bids"):
        said = []
        for text in state["bids"]:
            seat, _, rest = str(text).partition(" ")
            word = rest.removeprefix("bid ").strip()
            word = (state.get("bid_words") or {}).get(word, word)
            said.append(f"{_seat_name(state, seat)}: {word}")
        bidding = f'<p class="tw-bids">Bidding: {_e(", ".join(said))}</p>'
    # The trick comes right after the last action, above the hands: on a phone, where the hands stand
    # one under the other, it stays next to the buttons that step through it.
    centre = f'<div class="tw-centre">{piles_html}</div>' if piles_html else ""
    board = "tw-board" if centre else "tw-board tw-board-single"
    return (
        f'<p class="tw-status">{_e(" · ".join(status_bits))}</p>'
        f'<p class="tw-last" aria-live="polite">{_e(state["last_action_text"])}</p>{current_html}'
        f"{bidding}{talk}"
        f"{_tally_html(state.get('tally'), state)}"
        f'<div class="{board}"><div class="tw-seats">{"".join(seats_html)}</div>'
        f"{centre}</div>"
        f"{handfuls}{tricks_html}{_score_html(state, display)}"
    )


def replay(record: str, step: int | str = 0, view: str = "all", options: str = "{}") -> str:
    """The state of a sample hand after ``step`` actions, seen by everybody (``all``) or by one seat."""

    def work() -> Json:
        display = Display.parse(options)
        name, rec = get_record(record)
        number = _step(step, rec)
        viewer = _view(view, rec.variant.players)
        rnd = rec.round_at(number)
        state = state_of(rec, rnd, number, viewer, name)
        state["html"] = replay_html(state, display)
        return state

    return _guarded(work)


# ------------------------------------------------------------------------------ may I play this card?
def default_play_step(record: HandRecord) -> int:
    """A position worth asking about: the first play where the player to move has cards they may not play."""
    fallback: int | None = None
    for step, (_, rnd) in enumerate(record.states()):
        if rnd.phase is Phase.PLAYING and rnd.to_move is not None:
            if fallback is None:
                fallback = step
            current = rnd.current
            if current is not None and current.plays:
                hand = rnd.hands[rnd.to_move]
                if len(rnd.legal_cards(rnd.to_move)) < len(hand):
                    return step
    if fallback is None:
        raise BridgeError("step", "this hand has no card play to ask about")
    return fallback


def _play_round(record: HandRecord, step: object) -> tuple[int, Round]:
    number = default_play_step(record) if step in (None, "", "auto") else _step(step, record)
    rnd = record.round_at(number)
    if rnd.phase is not Phase.PLAYING or rnd.to_move is None:
        raise BridgeError(
            "step", f"at step {number} nobody is playing a card (the phase is {rnd.phase.value})"
        )
    return number, rnd


def play_html(state: Mapping[str, Any], display: Display, verdict: Mapping[str, Any] | None = None) -> str:
    """The position: the trick so far and the hand of the player to move, each card a button."""
    seat = state.get("asked_seat") or state.get("to_move")
    entry = next((s for s in state["seats"] if s["seat"] == seat), None)
    name = entry["name"] if entry else str(seat)
    current = state.get("current_trick")
    trick = _trick_html(state, current, f"Trick {current['number']} so far" if current else "The trick")
    if (current is None or not current["plays"]) and state["tricks"]:  # a trick just completed
        last = state["tricks"][-1]
        trick = _trick_html(state, last, f"Trick {last['number']}, won by {last['winner_name']}")
    hand_cards = _cards_from(entry["hand"] or []) if entry else []
    played = verdict.get("card") if verdict and verdict.get("accepted") else None
    if played:
        hand_html = cards_html(hand_cards, "no cards left")
        prompt = f"{name}'s hand after playing"
    else:
        hand_html = (
            f'<div class="tw-hand-buttons" role="group" aria-label="{_e(name)}\'s hand">'
            f"{''.join(card_button(c, display.uid) for c in hand_cards)}</div>"
        )
        prompt = f"{name}'s hand: choose a card to play"
    role = entry["role"] if entry else ""
    side = (
        f", the {role}" if role in ("dealer", "soloist", "partner", "opponent") else f", on the {role}'s side"
    )
    context = f"{name} ({seat}) is to play" + (side if role else "") + "."
    if state.get("contract_text"):
        text = str(state["contract_text"])
        context += f" {text[:1].upper()}{text[1:]}."
    if state.get("called"):
        context += f" The called card is the {state['called']['name']}."
    return (
        f'<p class="tw-status">{_e(context)}</p>{trick}'
        f'<p class="tw-hand-title" id="{display.uid}-hand">{_e(prompt)}</p>{hand_html}'
    )


def _verdict_html(verdict: Mapping[str, Any]) -> str:
    if verdict.get("accepted"):
        return (
            f'<p class="tw-verdict tw-accepted"><strong>Accepted.</strong> '
            f"{_e(verdict['who'])} plays {_e(verdict['card_phrase'])}.</p>"
        )
    link = ""
    if verdict.get("rule_url"):
        link = f' <a class="tw-link" href="{_e(verdict["rule_url"])}">Read the rule</a>'
    return f'<p class="tw-verdict tw-refused"><strong>Refused:</strong> {_e(verdict["message"])}.{link}</p>'


def position(record: str, step: int | str | None = None, options: str = "{}") -> str:
    """The position of the play-check widget before any card is tried."""

    def work() -> Json:
        display = Display.parse(options)
        name, rec = get_record(record)
        number, rnd = _play_round(rec, step)
        state = state_of(rec, rnd, number, None, name)
        state["asked_seat"] = str(rnd.to_move)
        state["html"] = play_html(state, display)
        return state

    return _guarded(work)


def check_play(record: str, step: int | str | None, card: str, options: str = "{}") -> str:
    """May the player to move at ``step`` play ``card``? The new state, or the refusal and its rule."""

    def work() -> Json:
        display = Display.parse(options)
        name, rec = get_record(record)
        number, rnd = _play_round(rec, step)
        seat = rnd.to_move
        assert seat is not None
        try:
            chosen = Card.parse(str(card))
        except TarotError as error:
            raise BridgeError("card", str(error)) from None
        action = Action(seat, "play", "", (chosen,))
        refusal = rnd.why_illegal(action)
        verdict: Json = {
            "card": str(chosen),
            "card_name": card_name(chosen),
            "card_phrase": card_phrase(chosen, str(getattr(rec.variant, "family", ""))),
            "seat": str(seat),
            "who": rec.seat_name(seat),
            "accepted": refusal is None,
        }
        if refusal is not None:
            verdict.update(
                {
                    "reason": refusal.reason.code,
                    "message": refusal.message,
                    "rule": refusal.reason.rule,
                    "rule_url": display.rule_url(refusal.reason.code)
                    or display.rule_url(refusal.reason.rule),
                }
            )
        else:
            rnd.push(action)
        state = state_of(rec, rnd, number, None, name)
        state["asked_seat"] = str(seat)
        state["step"] = number
        state["html"] = play_html(state, display, verdict)
        return {**state, **verdict, "verdict_html": _verdict_html(verdict)}

    return _guarded(work)


def catalogue() -> str:
    """The sample hands and the calculator's rules, for the widgets' menus."""
    return _dump({"ok": True, "records": record_names(), "variants": available_variants()})
