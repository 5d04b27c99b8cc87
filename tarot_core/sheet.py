"""A score sheet for an evening of play: named players, one rule set, the deals in order.

Each deal is a score request (the calculator's, see :func:`tarot_core.engine.variant.score_request`) plus who
held which role: the engine scores the request by role (taker, partner, defenders), and the sheet gives
each role's score to the player who held it. The totals are the sums of every deal's scores, so they are
recomputed from the deals each time: undoing or editing a deal can never leave a stale total.

The players are listed in the order the deal goes round (the direction of play): each deal is dealt by
the player after the previous dealer.

>>> sheet = Sheet.new("fft", ["Ana", "Ben", "Cléo", "Dan"])
>>> sheet = sheet.add(Deal({"contract": "garde", "oudlers": 2, "points": 56}, taker="Cléo"))
>>> sheet.totals()
{'Ana': -80, 'Ben': -80, 'Cléo': 240, 'Dan': -80}
>>> sheet.next_dealer()
'Ben'

A sheet is written as JSON (:meth:`Sheet.to_json`) or CSV (:meth:`Sheet.to_csv`) and read back by
:func:`load_sheet`, which refuses a bad file with a :class:`SheetError` naming the place and the reason.
"""

from __future__ import annotations

import csv
import importlib
import io
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from .engine.request import RequestForm, Roles
from .engine.shares import seat_scores
from .engine.variant import FAMILIES, family_players, score_request, words_for
from .errors import RequestError, TarotError

FORMAT: Final = "tarot-sheet"
VERSION: Final = 1


def request_form(family: str) -> RequestForm | None:
    """The fields of the rule set ``family``'s score requests, as its ``fields`` module declares them
    (``None`` for a family the registry does not know or whose module is not installed)."""
    module = FAMILIES.get(family)
    if module is None:
        return None
    try:
        form: RequestForm = importlib.import_module(f"{module}.fields").FIELDS
    except ModuleNotFoundError as error:
        if error.name is None or not f"{module}.fields".startswith(error.name):
            raise
        return None
    return form


def rule_sets() -> list[str]:
    """The rule sets a sheet may keep, in the order a list shows them: those whose deals sum to zero
    over the table first, each group in the registry's order."""
    known = [family for family in FAMILIES if request_form(family) is not None]
    return sorted(known, key=lambda family: not _form(family).zero_sum)


def rules_name(family: str) -> str:
    """The short name of the rule set ``family`` on a sheet: "Mathers (1888)"."""
    return words_for(family).short


def _form(family: str) -> RequestForm:
    form = request_form(family)
    if form is None:
        raise SheetError("", f"unknown rules {family!r}", "variant")
    return form


MAX_NAME: Final = 30
MAX_DEALS: Final = 500
#: Request fields the sheet fills in itself from the session.
SESSION_FIELDS: Final = ("variant", "players")


class SheetError(TarotError):
    """A score sheet or one of its deals is refused.

    ``where`` names the place (``"players"``, ``"deal 3"``, ``"row 4"``), ``field`` the request field or
    role at fault (``"points"``, ``"taker"``; empty when none), and ``message`` the reason, for readers.
    """

    def __init__(self, where: str, message: str, field: str = "") -> None:
        text = f"{where}: {message}" if where else message
        if field and where:
            text = f"{where}, {field}: {message}"
        elif field:
            text = f"{field}: {message}"
        super().__init__(text)
        self.where = where
        self.field = field
        self.message = message


# ---------------------------------------------------------------------------------------------- roles
def roles_needed(variant: str, players: int, request: Mapping[str, object]) -> Roles:
    """The roles the sheet must know for this deal to give each player their score.

    >>> roles_needed("fft", 5, {"alone": False})
    Roles(taker=True, partner=True, taker_is_dealer=False)
    >>> roles_needed("chambery", 5, {"contract": "call"})
    Roles(taker=False, partner=True, taker_is_dealer=True)
    """
    form = request_form(variant)
    return form.roles(players, request) if form is not None else Roles(False, False)


# ---------------------------------------------------------------------------------------------- deals
@dataclass(frozen=True, slots=True)
class Deal:
    """One deal: its score request (without ``variant`` and ``players``, which the session gives) and
    the names of the taker (or soloist) and partner, where the rule set has them."""

    request: Mapping[str, object]
    taker: str | None = None
    partner: str | None = None

    def as_dict(self) -> dict[str, object]:
        data: dict[str, object] = {}
        if self.taker is not None:
            data["taker"] = self.taker
        if self.partner is not None:
            data["partner"] = self.partner
        data["request"] = dict(self.request)
        return data


@dataclass(frozen=True, slots=True)
class ScoredDeal:
    """A deal with the dealer, the engine's answer and each player's score."""

    number: int
    dealer: str
    deal: Deal
    answer: Mapping[str, object]
    scores: dict[str, int]

    @property
    def summary(self) -> str:
        """A short line for the deal list: ``Cléo: garde, made``."""
        request = self.deal.request
        parts: list[str] = []
        contract = request.get("contract")
        if isinstance(contract, str):
            parts.append(contract.replace("-", " "))
        won = self.answer.get("won")
        if isinstance(won, bool):
            parts.append("made" if won else "lost")
        elif isinstance(won, str) and won[1:].isdigit() and 1 <= int(won[1:]) <= len(self.scores):
            parts.append(f"won by {list(self.scores)[int(won[1:]) - 1]}")  # p1 is the first player
        who = self.deal.taker
        if (
            who is None
            and roles_needed(str(self.answer.get("variant")), len(self.scores), request).taker_is_dealer
        ):
            who = self.dealer
        text = ", ".join(parts)
        if who is not None:
            text = f"{who}: {text}" if text else who
        if self.deal.partner is not None:
            text += f" (with {self.deal.partner})"
        return text


@dataclass(frozen=True, slots=True)
class Sheet:
    """A session: the rule set, the players in the order the deal goes round, the first dealer, the deals.

    A sheet never changes: :meth:`add`, :meth:`replace_deal` and :meth:`undo` return a new one, each
    deal checked by the engine on the way in.
    """

    variant: str
    players: tuple[str, ...]
    first_dealer: str = ""
    deals: tuple[Deal, ...] = ()
    title: str = ""
    _scored: tuple[ScoredDeal, ...] = field(default=(), compare=False, repr=False)

    # ------------------------------------------------------------------ building
    @classmethod
    def new(
        cls, variant: str, players: Sequence[str], first_dealer: str | None = None, title: str = ""
    ) -> Sheet:
        """A session with no deals yet; refuses unknown rules, bad names or a wrong number of players."""
        if not isinstance(variant, str) or variant not in rule_sets():
            known = ", ".join(f"{key} ({rules_name(key)})" for key in rule_sets())
            raise SheetError("", f"unknown rules {variant!r}: choose one of {known}", "variant")
        if isinstance(players, str) or not isinstance(players, Sequence):
            raise SheetError("", "give the players' names as a list", "players")
        names: list[str] = []
        for index, raw in enumerate(players, start=1):
            if not isinstance(raw, str):
                raise SheetError("", f"player {index}'s name must be text, not {raw!r}", "players")
            name = " ".join(raw.split())
            if not name:
                raise SheetError("", f"player {index} has no name", "players")
            if len(name) > MAX_NAME:
                raise SheetError(
                    "", f"the name {name[:MAX_NAME]!r}... is longer than {MAX_NAME} letters", "players"
                )
            if name.casefold() in (n.casefold() for n in names):
                raise SheetError(
                    "", f"two players are called {name!r}: give each a different name", "players"
                )
            names.append(name)
        counts = family_players(variant)
        if len(names) not in counts:
            allowed = " or ".join(", ".join(map(str, counts)).rsplit(", ", 1))
            raise SheetError(
                "", f"{rules_name(variant)} is played by {allowed} players, not {len(names)}", "players"
            )
        dealer = names[0] if first_dealer in (None, "") else first_dealer
        if dealer not in names:
            raise SheetError("", f"the first dealer {dealer!r} is not one of the players", "first_dealer")
        if not isinstance(title, str):
            raise SheetError("", "the title must be text", "title")
        return cls(variant, tuple(names), dealer, (), " ".join(title.split())[:80])

    def check_deal(self, deal: Deal, number: int) -> ScoredDeal:
        """Score one deal as the ``number``-th of the sheet; refuse it with the reason if it cannot be."""
        where = f"deal {number}"
        if not isinstance(deal.request, Mapping):
            raise SheetError(where, "the deal's request must be an object", "request")
        request = dict(deal.request)
        for key in SESSION_FIELDS:
            given = request.pop(key, None)
            expected: object = self.variant if key == "variant" else len(self.players)
            if given is not None and given != expected:
                raise SheetError(
                    where, f"the session is set for {expected}, not {given!r}: it is chosen once", key
                )
        if len(request) > 40:
            raise SheetError(where, "the request has too many fields", "request")
        full = {"variant": self.variant, "players": len(self.players), **request}
        try:
            answer = score_request(full)
        except RequestError as error:
            raise SheetError(where, error.message, error.field) from None
        except TarotError as error:
            raise SheetError(where, str(error)) from None
        except (TypeError, KeyError, IndexError, AttributeError) as error:  # a value of the wrong kind
            raise SheetError(
                where, f"a field of the request has a value of the wrong kind ({error})"
            ) from None
        dealer = self.dealer_of(number)
        roles = roles_needed(self.variant, len(self.players), request)
        self._check_roles_wanted(deal, roles, request, dealer, where)
        taker = self._player(deal.taker, "taker", where) if roles.taker else None
        if roles.taker_is_dealer:
            taker = dealer
        partner = self._player(deal.partner, "partner", where) if roles.partner else None
        if partner is not None and partner == taker:
            hint = (
                " (a taker who called their own King plays alone: tick that box)"
                if _form(self.variant).plays_alone(len(self.players))
                else ""
            )
            raise SheetError(where, f"{partner} cannot be their own partner{hint}", "partner")
        stored = Deal(request, taker if roles.taker else None, partner)
        scores = self._scores(answer, taker, partner, where)
        return ScoredDeal(number, dealer, stored, answer, scores)

    def _check_roles_wanted(
        self, deal: Deal, roles: Roles, request: Mapping[str, object], dealer: str, where: str
    ) -> None:
        """Refuse a role the deal cannot have: it would be dropped, and its player scored as a defender."""
        form = _form(self.variant)
        count = len(self.players)

        def asks_partner(players: int) -> bool:
            return any(name == "partner" for name, _, _ in form.sheet_roles(players))

        if deal.partner not in (None, "") and not roles.partner:
            if form.roles(count, {**request, "alone": False}).partner:
                reason = (
                    "the deal says the taker plays alone, so nobody is their partner: "
                    "leave the partner out, or say the taker did not play alone"
                )
            elif not any(asks_partner(players) for players in family_players(self.variant)):
                reason = f"{rules_name(self.variant)} has no partner: leave the partner out"
            elif not asks_partner(count):
                reason = f"with {count} players nobody plays as partner: leave the partner out"
            else:
                reason = "this contract is played without a partner: leave the partner out"
            raise SheetError(where, reason, "partner")
        if deal.taker not in (None, "") and not roles.taker:
            if roles.taker_is_dealer:
                reason = (
                    f"the dealer, {dealer}, plays this contract: a soloist is named only for a solo bid, "
                    "so leave it out"
                )
            else:
                reason = (
                    f"with these rules and {count} players nobody takes: each player's own result is "
                    "entered, so leave the taker out"
                )
            raise SheetError(where, reason, "taker")

    def _player(self, name: str | None, role: str, where: str) -> str:
        what = {"taker": "who took (the taker or soloist)", "partner": "who was the partner"}[role]
        if name is None or name == "":
            raise SheetError(where, f"choose {what}", role)
        if name not in self.players:
            raise SheetError(where, f"{name!r} is not one of the players ({', '.join(self.players)})", role)
        return name

    def _scores(
        self, answer: Mapping[str, object], taker: str | None, partner: str | None, where: str
    ) -> dict[str, int]:
        scores = answer.get("scores")
        if not isinstance(scores, Mapping):
            raise SheetError(where, "the engine gave no scores for this deal")
        result: dict[str, int] = {}
        # the players stand in for the seats, in order: the first player is p1 where the rules score seats
        seats = [f"p{index}" for index in range(1, len(self.players) + 1)]
        seat_of = dict(zip(self.players, seats, strict=True))
        placed = seat_scores(scores, seats, seat_of.get(taker or ""), seat_of.get(partner or ""))
        values = [row.score for row in placed] if placed is not None else [None] * len(self.players)
        for name, value in zip(self.players, values, strict=True):
            if isinstance(value, bool) or not isinstance(value, int):
                raise SheetError(where, f"the engine gave no score for {name} in this deal")
            result[name] = value
        return result

    # ------------------------------------------------------------------ changing
    def scored(self) -> tuple[ScoredDeal, ...]:
        """Every deal with its dealer and scores (computed once per sheet)."""
        if len(self._scored) != len(self.deals):
            scored = tuple(self.check_deal(deal, number) for number, deal in enumerate(self.deals, start=1))
            object.__setattr__(self, "_scored", scored)
        return self._scored

    def add(self, deal: Deal) -> Sheet:
        """The sheet with one more deal; the deal is refused (SheetError) if the engine cannot score it."""
        if len(self.deals) >= MAX_DEALS:
            raise SheetError("", f"a sheet holds at most {MAX_DEALS} deals: start a new session")
        done = self.check_deal(deal, len(self.deals) + 1)
        return replace(self, deals=(*self.deals, done.deal), _scored=(*self.scored(), done))

    def replace_deal(self, number: int, deal: Deal) -> Sheet:
        """The sheet with deal ``number`` (counted from 1) replaced; later totals follow."""
        self._check_number(number)
        done = self.check_deal(deal, number)
        deals = list(self.deals)
        deals[number - 1] = done.deal
        scored = list(self.scored())
        scored[number - 1] = done
        return replace(self, deals=tuple(deals), _scored=tuple(scored))

    def remove_deal(self, number: int) -> Sheet:
        """The sheet without deal ``number``: the later deals move up, and so do their dealers."""
        self._check_number(number)
        deals = self.deals[: number - 1] + self.deals[number:]
        if number == len(self.deals):
            return replace(self, deals=deals, _scored=self.scored()[:-1])
        return replace(self, deals=deals, _scored=())

    def undo(self) -> Sheet:
        """The sheet without its last deal."""
        if not self.deals:
            raise SheetError("", "there is no deal to undo")
        return self.remove_deal(len(self.deals))

    def _check_number(self, number: int) -> None:
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(self.deals):
            raise SheetError("", f"there is no deal {number!r}: the sheet has {len(self.deals)}", "deal")

    # ------------------------------------------------------------------ reading
    def dealer_of(self, number: int) -> str:
        """Who deals deal ``number`` (1 is the first dealer; then each next player in turn)."""
        start = self.players.index(self.first_dealer) if self.first_dealer in self.players else 0
        return self.players[(start + number - 1) % len(self.players)]

    def next_dealer(self) -> str:
        return self.dealer_of(len(self.deals) + 1)

    def totals(self) -> dict[str, int]:
        """Each player's running total after the last deal."""
        totals = dict.fromkeys(self.players, 0)
        for done in self.scored():
            for name, value in done.scores.items():
                totals[name] += value
        return totals

    def running(self) -> list[dict[str, int]]:
        """Each player's total after each deal, in order."""
        totals = dict.fromkeys(self.players, 0)
        rows: list[dict[str, int]] = []
        for done in self.scored():
            for name, value in done.scores.items():
                totals[name] += value
            rows.append(dict(totals))
        return rows

    @property
    def zero_sum(self) -> bool:
        """Whether this rule set's deals always sum to zero (Mathers' scores do not)."""
        return _form(self.variant).zero_sum

    @property
    def rules_name(self) -> str:
        return rules_name(self.variant)

    # ------------------------------------------------------------------ writing
    def to_dict(self, *, scores: bool = True) -> dict[str, object]:
        """The JSON form (see the formats page); ``scores`` adds each deal's scores and the totals."""
        data: dict[str, object] = {"format": FORMAT, "version": VERSION}
        if self.title:
            data["title"] = self.title
        data.update(
            {"variant": self.variant, "players": list(self.players), "first_dealer": self.first_dealer}
        )
        deals: list[dict[str, object]] = []
        for done in self.scored() if scores else ():
            item = done.deal.as_dict()
            item["scores"] = dict(done.scores)
            deals.append(item)
        data["deals"] = deals if scores else [deal.as_dict() for deal in self.deals]
        if scores:
            data["totals"] = self.totals()
        return data

    def to_json(self, *, scores: bool = True) -> str:
        return json.dumps(self.to_dict(scores=scores), ensure_ascii=False, indent=1)

    def to_csv(self) -> str:
        """One row per deal: number, dealer, taker, partner, each player's score, then the request as
        JSON; a last row ``total`` holds the totals and the next dealer, and a first row ``title`` the
        session's name when it has one. Opens in any spreadsheet; a name a spreadsheet would take for a
        formula is written as quoted text after an apostrophe (see :func:`guard_cell`)."""
        header = ["deal", "rules", "dealer", "taker", "partner", *self.players, "request"]
        rows: list[list[str | int]] = []
        if self.title:
            rows.append(["title", self.title, *[""] * (len(header) - 2)])
        rows.append(list(header))
        for done in self.scored():
            request = json.dumps(dict(done.deal.request), ensure_ascii=False, separators=(",", ":"))
            rows.append(
                [
                    done.number,
                    self.variant,
                    done.dealer,
                    done.deal.taker or "",
                    done.deal.partner or "",
                    *(done.scores[name] for name in self.players),
                    request,
                ]
            )
        totals = self.totals()
        rows.append(
            ["total", self.variant, self.next_dealer(), "", "", *(totals[n] for n in self.players), ""]
        )
        return "".join(_csv_line(row) for row in rows)


# ---------------------------------------------------------------------------------------------- CSV cells
#: What a spreadsheet takes for the start of a formula in a cell (OWASP's list for CSV injection).
FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")


def _guarded(text: str) -> bool:
    """Whether the text cell ``text`` is written after an apostrophe: it starts like a formula, or it
    starts with an apostrophe that reading would otherwise take away."""
    return text.startswith(FORMULA_STARTS) or (
        text.startswith("'") and text[1:].startswith((*FORMULA_STARTS, "'"))
    )


def guard_cell(text: str) -> str:
    """A text cell as the CSV writes it: ``=1+2`` becomes ``'=1+2``, which a spreadsheet shows as text
    instead of running it; :func:`unguard_cell` gives the text back.

    >>> guard_cell("=1+2"), guard_cell("-Ana"), guard_cell("Ana"), guard_cell("'=x")
    ("'=1+2", "'-Ana", 'Ana', "''=x")
    >>> all(unguard_cell(guard_cell(t)) == t for t in ("=1+2", "'=x", "''", "'Ana", "Ana", ""))
    True
    """
    return "'" + text if _guarded(text) else text


def unguard_cell(text: str) -> str:
    """A text cell as read: the apostrophe :func:`guard_cell` added is taken away."""
    return text[1:] if text[:1] == "'" and _guarded(text[1:]) else text


def _csv_line(cells: Sequence[str | int]) -> str:
    """One CSV line: numbers bare, text quoted where the csv module would quote it, and a guarded cell
    always quoted (a spreadsheet then reads it as text whatever its settings)."""
    parts: list[str] = []
    for cell in cells:
        if isinstance(cell, int):
            parts.append(str(cell))
            continue
        written = guard_cell(cell)
        if written != cell or any(ch in written for ch in ',"\r\n'):
            parts.append('"' + written.replace('"', '""') + '"')
        else:
            parts.append(written)
    return ",".join(parts) + "\n"


# ---------------------------------------------------------------------------------------------- reading files
def load_sheet(source: str | Mapping[str, object]) -> Sheet:
    """Read a sheet from its JSON (text or parsed) or CSV text; every deal is scored again by the engine.

    Scores and totals found in the file are compared with the engine's: a file edited by hand with a
    changed request but the old scores is refused, with the deal and the player named. Leave them out
    (or empty, in CSV) to have them computed.
    """
    if isinstance(source, Mapping):
        return _from_dict(source)
    if not isinstance(source, str):
        raise SheetError("", "a score sheet is JSON or CSV text")
    text = source.lstrip("\ufeff").strip()
    if not text:
        raise SheetError("", "the file is empty")
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise SheetError("", f"not valid JSON: {error.msg} at line {error.lineno}") from None
        if not isinstance(data, Mapping):
            raise SheetError("", "a score sheet in JSON is an object")
        return _from_dict(data)
    return _from_csv(text)


def _from_dict(data: Mapping[str, object]) -> Sheet:
    kind = data.get("format", FORMAT)
    if kind != FORMAT:
        raise SheetError("", f'this is not a score sheet: its "format" is {kind!r}, not "{FORMAT}"', "format")
    version = data.get("version", VERSION)
    if version != VERSION:
        raise SheetError(
            "", f"version {version!r} of the format is not known here (this reads {VERSION})", "version"
        )
    known = {"format", "version", "title", "variant", "players", "first_dealer", "deals", "totals"}
    for key in data:
        if key not in known:
            raise SheetError("", f"a score sheet has no field {key!r}", str(key))
    players = data.get("players")
    if not isinstance(players, list):
        raise SheetError("", 'give the players\' names as a list, such as ["Ana", "Ben", "Cléo"]', "players")
    dealer = data.get("first_dealer")
    if dealer is not None and not isinstance(dealer, str):
        raise SheetError("", "the first dealer is a player's name", "first_dealer")
    title = data.get("title", "")
    sheet = Sheet.new(str(data.get("variant")), players, dealer, title if isinstance(title, str) else "")
    deals = data.get("deals", [])
    if not isinstance(deals, list):
        raise SheetError("", "the deals are a list", "deals")
    for number, item in enumerate(deals, start=1):
        where = f"deal {number}"
        if not isinstance(item, Mapping):
            raise SheetError(where, "a deal is an object with its request, taker and partner")
        for key in item:
            if key not in ("request", "taker", "partner", "scores"):
                raise SheetError(where, f"a deal has no field {key!r}", str(key))
        taker, partner = item.get("taker"), item.get("partner")
        for role, value in (("taker", taker), ("partner", partner)):
            if value is not None and not isinstance(value, str):
                raise SheetError(where, "a role is held by a player, named", role)
        request = item.get("request")
        if not isinstance(request, Mapping):
            raise SheetError(where, "the deal has no request (the calculator's fields)", "request")
        sheet = sheet.add(
            Deal(
                dict(request),
                taker if isinstance(taker, str) else None,
                partner if isinstance(partner, str) else None,
            )
        )
        _compare(item.get("scores"), sheet.scored()[-1].scores, where)
    if "totals" in data:
        _compare(data["totals"], sheet.totals(), "totals")
    return sheet


def _compare(given: object, computed: Mapping[str, int], where: str) -> None:
    if given is None:
        return
    if not isinstance(given, Mapping):
        raise SheetError(where, "the scores are an object, player name to score", "scores")
    for name, value in given.items():
        if name not in computed:
            raise SheetError(where, f"{name!r} is not one of the players", "scores")
        if value in ("", None):
            continue
        if value != computed[name]:
            raise SheetError(
                where,
                f"the file gives {name} {_signed(value)} but the engine scores {_signed(computed[name])}: "
                "correct the deal, or remove the scores to have them computed",
                "scores",
            )


def _signed(value: object) -> str:
    return f"{value:+d}" if isinstance(value, int) and not isinstance(value, bool) else repr(value)


#: The separators a spreadsheet saves CSV with: the comma, or the semicolon where the comma is the
#: decimal mark (a French spreadsheet).
SEPARATORS: Final = (",", ";")


def _separator(text: str) -> tuple[str, str]:
    """The file's separator, read from its first line (``deal`` or ``title``, then the separator), and
    the text without a spreadsheet's ``sep=;`` line."""
    first, _, rest = text.partition("\n")
    first = first.rstrip("\r")
    if first.lower().startswith("sep=") and first[4:] in SEPARATORS:
        return first[4:], rest
    word = first.lstrip('"').lower()
    for start in ("deal", "title"):
        if word.startswith(start):
            after = word[len(start) :].lstrip('"')[:1]
            return (after if after in SEPARATORS else ","), text
    return ",", text


def _from_csv(text: str) -> Sheet:
    delimiter, text = _separator(text)
    try:
        read = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    except csv.Error as error:
        raise SheetError("", f"not valid CSV: {error}") from None
    # each row with its number as a spreadsheet shows it, blank rows left out
    rows = [(index, row) for index, row in enumerate(read, start=1) if any(cell.strip() for cell in row)]
    if not rows:
        raise SheetError("", "the file holds no cells")
    title = ""
    head_row = rows[0][0]
    if rows[0][1][0].strip().lower() == "title":
        title = unguard_cell(rows[0][1][1].strip()) if len(rows[0][1]) > 1 else ""
        rows = rows[1:]
        head_row = rows[0][0] if rows else head_row + 1
    header = [cell.strip() for cell in rows[0][1]] if rows else []
    fixed = ["deal", "rules", "dealer", "taker", "partner"]
    if header[: len(fixed)] != fixed or header[-1:] != ["request"]:
        raise SheetError(
            f"row {head_row}",
            "a score sheet in CSV starts with the columns deal, rules, dealer, taker, partner, "
            "then one per player, then request",
        )
    players = [unguard_cell(name) for name in header[len(fixed) : -1]]
    if len(rows) < 2:
        raise SheetError(
            f"row {head_row + 1}", "the sheet has no deal and no total row: nothing says which rules it uses"
        )
    first = rows[1][1]
    variant = first[1].strip() if len(first) > 1 else ""
    first_dealer = unguard_cell(first[2].strip()) if len(first) > 2 else ""
    # the first deal's dealer, or for a sheet with no deal the total row's next dealer: the first one
    sheet = Sheet.new(variant, players, first_dealer or None, title)
    width = len(header)
    for index, row in rows[1:]:
        where = f"row {index}"
        if len(row) != width:
            raise SheetError(where, f"has {len(row)} cells, the header has {width}")
        cells = [cell.strip() for cell in row]
        if cells[1] != sheet.variant:
            raise SheetError(
                where, f"the rules are {sheet.variant!r} for the whole sheet, not {cells[1]!r}", "rules"
            )
        scores = {
            name: _csv_int(value, where, name) for name, value in zip(players, cells[5:-1], strict=True)
        }
        dealer = unguard_cell(cells[2])
        if cells[0].lower() == "total":
            _check_next_dealer(sheet, dealer, where)
            _compare(scores, sheet.totals(), where)
            continue
        if cells[0] != str(len(sheet.deals) + 1):
            raise SheetError(
                where,
                f"deals are numbered in order: expected {len(sheet.deals) + 1}, not {cells[0]!r}",
                "deal",
            )
        if dealer and dealer != sheet.dealer_of(len(sheet.deals) + 1):
            raise SheetError(
                where,
                f"{sheet.dealer_of(len(sheet.deals) + 1)} deals deal {cells[0]} (the deal goes round in the "
                f"players' order), not {dealer}",
                "dealer",
            )
        try:
            request = json.loads(cells[-1] or "{}")
        except json.JSONDecodeError as error:
            raise SheetError(where, f"the request is not valid JSON: {error.msg}", "request") from None
        if not isinstance(request, Mapping):
            raise SheetError(where, "the request is a JSON object", "request")
        taker, partner = unguard_cell(cells[3]), unguard_cell(cells[4])
        try:
            sheet = sheet.add(Deal(request, taker or None, partner or None))
        except SheetError as error:
            raise SheetError(where, error.message, error.field) from None
        _compare(scores, sheet.scored()[-1].scores, where)
    return sheet


def _check_next_dealer(sheet: Sheet, given: str, where: str) -> None:
    """A total row's dealer cell, when filled, must name the player the engine says deals next."""
    if not given or given == sheet.next_dealer():
        return
    count = len(sheet.deals)
    done = f"after {count} deal{'' if count == 1 else 's'}" if count else "before the first deal"
    raise SheetError(
        where,
        f"the total row names {given} as the next dealer, but {done}, with {sheet.first_dealer} dealing "
        f"first and the deal going round in the players' order, {sheet.next_dealer()} deals next: "
        "correct the cell or leave it empty",
        "dealer",
    )


#: A score as a spreadsheet may write it: a sign, digits, and a decimal part after a point or a comma.
_NUMBER: Final = re.compile(r"([+-]?)(\d{1,12})(?:[.,](\d{1,12}))?")
#: The spaces a spreadsheet may put between thousands (1 240).
_THOUSANDS: Final = str.maketrans("", "", " \u00a0\u202f")


def _csv_int(text: str, where: str, name: str) -> int | str:
    """A score cell: empty (computed), or a whole number, with a decimal comma or point if the
    spreadsheet wrote one (``-80,0``); a part after the mark other than zeros is refused."""
    if text == "":
        return ""
    found = _NUMBER.fullmatch(text.replace("−", "-").translate(_THOUSANDS))
    if found is None or (found.group(3) and found.group(3).strip("0")):
        shown = text if len(text) <= 20 else text[:20] + "…"
        raise SheetError(where, f"{name}'s score must be a whole number, not {shown!r}", "scores")
    sign, whole = found.group(1), int(found.group(2))
    return -whole if sign == "-" else whole
