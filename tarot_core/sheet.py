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

import importlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from .engine.request import RequestForm, Roles
from .engine.shares import seat_scores
from .engine.variant import FAMILIES, family_players, score_request, words_for
from .errors import RequestError, Said, SheetError, TarotError, quoted, said_of
from .messages import Message, _, gettext_lazy, join_or, ngettext_lazy
from .sheet_csv import (
    FORMULA_STARTS,
    SEPARATORS,
    csv_line,
    csv_score,
    guard_cell,
    read_csv,
    row_name,
    unguard_cell,
)

FORMAT: Final = "tarot-sheet"
VERSION: Final = 1

__all__ = [
    "FORMAT",
    "FORMULA_STARTS",
    "MAX_DEALS",
    "MAX_NAME",
    "SEPARATORS",
    "SESSION_FIELDS",
    "VERSION",
    "Deal",
    "ScoredDeal",
    "Sheet",
    "SheetError",
    "deal_name",
    "guard_cell",
    "load_sheet",
    "request_form",
    "roles_needed",
    "rule_sets",
    "rules_name",
    "unguard_cell",
]


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
    """The short name of the rule set ``family`` on a sheet, in the current language: "Mathers (1888)"."""
    return _(words_for(family).short)


def _form(family: str) -> RequestForm:
    form = request_form(family)
    if form is None:
        raise SheetError("", gettext_lazy("unknown rules {name}", name=quoted(family)), "variant")
    return form


MAX_NAME: Final = 30
MAX_DEALS: Final = 500
#: Request fields the sheet fills in itself from the session.
SESSION_FIELDS: Final = ("variant", "players")


def deal_name(number: int) -> Message:
    """A deal as a refusal names it: "deal 3"."""
    return gettext_lazy("deal {number}", number=number)


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
        contract = request.get("contract")
        said = contract.replace("-", " ") if isinstance(contract, str) else ""
        won = self.answer.get("won")
        outcome = ""
        if isinstance(won, bool):
            outcome = _("made") if won else _("lost")
        elif isinstance(won, str) and won[1:].isdigit() and 1 <= int(won[1:]) <= len(self.scores):
            outcome = _("won by {name}", name=list(self.scores)[int(won[1:]) - 1])  # p1 is the first player
        if said and outcome:
            said = _("{contract}, {outcome}", contract=said, outcome=outcome)
        else:
            said = said or outcome
        who = self.deal.taker
        if (
            who is None
            and roles_needed(str(self.answer.get("variant")), len(self.scores), request).taker_is_dealer
        ):
            who = self.dealer
        if who is not None:
            said = _("{who}: {deal}", who=who, deal=said) if said else who
        if self.deal.partner is not None:
            said = _("{deal} (with {partner})", deal=said, partner=self.deal.partner)
        return said


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
            known = ", ".join(_("{key} ({name})", key=key, name=rules_name(key)) for key in rule_sets())
            raise SheetError(
                "",
                gettext_lazy(
                    "unknown rules {name}: choose one of {known}", name=quoted(variant), known=known
                ),
                "variant",
            )
        if isinstance(players, str) or not isinstance(players, Sequence):
            raise SheetError("", gettext_lazy("give the players' names as a list"), "players")
        names: list[str] = []
        for index, raw in enumerate(players, start=1):
            if not isinstance(raw, str):
                raise SheetError(
                    "",
                    gettext_lazy(
                        "player {number}'s name must be text, not {value}", number=index, value=repr(raw)
                    ),
                    "players",
                )
            name = " ".join(raw.split())
            if not name:
                raise SheetError("", gettext_lazy("player {number} has no name", number=index), "players")
            if len(name) > MAX_NAME:
                raise SheetError(
                    "",
                    gettext_lazy(
                        "the name {name}... is longer than {most} letters",
                        name=quoted(name[:MAX_NAME]),
                        most=MAX_NAME,
                    ),
                    "players",
                )
            if name.casefold() in (n.casefold() for n in names):
                raise SheetError(
                    "",
                    gettext_lazy(
                        "two players are called {name}: give each a different name", name=quoted(name)
                    ),
                    "players",
                )
            names.append(name)
        counts = family_players(variant)
        if len(names) not in counts:
            raise SheetError(
                "",
                gettext_lazy(
                    "{rules}: a game for {counts} players, not {count}",
                    rules=rules_name(variant),
                    counts=join_or(counts),
                    count=len(names),
                ),
                "players",
            )
        dealer = names[0] if first_dealer in (None, "") else first_dealer
        if dealer not in names:
            raise SheetError(
                "",
                gettext_lazy("the first dealer {name} is not one of the players", name=repr(dealer)),
                "first_dealer",
            )
        if not isinstance(title, str):
            raise SheetError("", gettext_lazy("the title must be text"), "title")
        return cls(variant, tuple(names), dealer, (), " ".join(title.split())[:80])

    def check_deal(self, deal: Deal, number: int) -> ScoredDeal:
        """Score one deal as the ``number``-th of the sheet; refuse it with the reason if it cannot be."""
        where = deal_name(number)
        if not isinstance(deal.request, Mapping):
            raise SheetError(where, gettext_lazy("the deal's request must be an object"), "request")
        request = dict(deal.request)
        for key in SESSION_FIELDS:
            given = request.pop(key, None)
            expected: object = self.variant if key == "variant" else len(self.players)
            if given is not None and given != expected:
                raise SheetError(
                    where,
                    gettext_lazy(
                        "the session is set for {expected}, not {given}: it is chosen once",
                        expected=expected,
                        given=repr(given),
                    ),
                    key,
                )
        if len(request) > 40:
            raise SheetError(where, gettext_lazy("the request has too many fields"), "request")
        full = {"variant": self.variant, "players": len(self.players), **request}
        try:
            answer = score_request(full)
        except RequestError as error:
            refused = SheetError(where, error.said, error.field)
            refused.others = tuple(SheetError(where, other.said, other.field) for other in error.others)
            raise refused from None
        except TarotError as error:
            raise SheetError(where, said_of(error)) from None
        except (TypeError, KeyError, IndexError, AttributeError) as error:  # a value of the wrong kind
            raise SheetError(
                where,
                gettext_lazy(
                    "a field of the request has a value of the wrong kind ({error})", error=str(error)
                ),
            ) from None
        dealer = self.dealer_of(number)
        roles = roles_needed(self.variant, len(self.players), request)
        self._check_roles_wanted(deal, roles, request, dealer, where)
        taker = self._player(deal.taker, "taker", where) if roles.taker else None
        if roles.taker_is_dealer:
            taker = dealer
        partner = self._player(deal.partner, "partner", where) if roles.partner else None
        if partner is not None and partner == taker:
            if _form(self.variant).plays_alone(len(self.players)):
                said = gettext_lazy(
                    "{name} cannot be their own partner (a taker who called their own King plays alone: "
                    "tick that box)",
                    name=partner,
                )
            else:
                said = gettext_lazy("{name} cannot be their own partner", name=partner)
            raise SheetError(where, said, "partner")
        stored = Deal(request, taker if roles.taker else None, partner)
        scores = self._scores(answer, taker, partner, where)
        return ScoredDeal(number, dealer, stored, answer, scores)

    def _check_roles_wanted(
        self, deal: Deal, roles: Roles, request: Mapping[str, object], dealer: str, where: Said
    ) -> None:
        """Refuse a role the deal cannot have: it would be dropped, and its player scored as a defender."""
        form = _form(self.variant)
        count = len(self.players)

        def asks_partner(players: int) -> bool:
            return any(name == "partner" for name, _label, _help in form.sheet_roles(players))

        if deal.partner not in (None, "") and not roles.partner:
            if form.roles(count, {**request, "alone": False}).partner:
                reason = gettext_lazy(
                    "the deal says the taker plays alone, so nobody is their partner: "
                    "leave the partner out, or say the taker did not play alone"
                )
            elif not any(asks_partner(players) for players in family_players(self.variant)):
                reason = gettext_lazy(
                    "{rules} has no partner: leave the partner out", rules=rules_name(self.variant)
                )
            elif not asks_partner(count):
                reason = gettext_lazy(
                    "with {count} players nobody plays as partner: leave the partner out", count=count
                )
            else:
                reason = gettext_lazy("this contract is played without a partner: leave the partner out")
            raise SheetError(where, reason, "partner")
        if deal.taker not in (None, "") and not roles.taker:
            if roles.taker_is_dealer:
                reason = gettext_lazy(
                    "the dealer, {dealer}, plays this contract: a soloist is named only for a solo bid, "
                    "so leave it out",
                    dealer=dealer,
                )
            else:
                reason = gettext_lazy(
                    "with these rules and {count} players nobody takes: each player's own result is "
                    "entered, so leave the taker out",
                    count=count,
                )
            raise SheetError(where, reason, "taker")

    def _player(self, name: str | None, role: str, where: Said) -> str:
        if name is None or name == "":
            if role == "taker":
                raise SheetError(where, gettext_lazy("choose who took (the taker or soloist)"), role)
            raise SheetError(where, gettext_lazy("choose who was the partner"), role)
        if name not in self.players:
            raise SheetError(
                where,
                gettext_lazy(
                    "{name} is not one of the players ({players})",
                    name=repr(name),
                    players=", ".join(self.players),
                ),
                role,
            )
        return name

    def _scores(
        self, answer: Mapping[str, object], taker: str | None, partner: str | None, where: Said
    ) -> dict[str, int]:
        scores = answer.get("scores")
        if not isinstance(scores, Mapping):
            raise SheetError(where, gettext_lazy("the engine gave no scores for this deal"))
        result: dict[str, int] = {}
        # the players stand in for the seats, in order: the first player is p1 where the rules score seats
        seats = [f"p{index}" for index in range(1, len(self.players) + 1)]
        seat_of = dict(zip(self.players, seats, strict=True))
        placed = seat_scores(scores, seats, seat_of.get(taker or ""), seat_of.get(partner or ""))
        values = [row.score for row in placed] if placed is not None else [None] * len(self.players)
        for name, value in zip(self.players, values, strict=True):
            if isinstance(value, bool) or not isinstance(value, int):
                raise SheetError(
                    where, gettext_lazy("the engine gave no score for {name} in this deal", name=name)
                )
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
            raise SheetError(
                "", gettext_lazy("a sheet holds at most {most} deals: start a new session", most=MAX_DEALS)
            )
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
            raise SheetError("", gettext_lazy("there is no deal to undo"))
        return self.remove_deal(len(self.deals))

    def _check_number(self, number: int) -> None:
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(self.deals):
            raise SheetError(
                "",
                gettext_lazy(
                    "there is no deal {number}: the sheet has {count}",
                    number=repr(number),
                    count=len(self.deals),
                ),
                "deal",
            )

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
        return "".join(csv_line(row) for row in rows)


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
        raise SheetError("", gettext_lazy("a score sheet is JSON or CSV text"))
    text = source.lstrip("\ufeff").strip()
    if not text:
        raise SheetError("", gettext_lazy("the file is empty"))
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise SheetError(
                "",
                gettext_lazy("not valid JSON: {reason} at line {line}", reason=error.msg, line=error.lineno),
            ) from None
        if not isinstance(data, Mapping):
            raise SheetError("", gettext_lazy("a score sheet in JSON is an object"))
        return _from_dict(data)
    return _from_csv(text)


def _from_dict(data: Mapping[str, object]) -> Sheet:
    kind = data.get("format", FORMAT)
    if kind != FORMAT:
        raise SheetError(
            "",
            gettext_lazy(
                'this is not a score sheet: its "format" is {kind}, not "{format}"',
                kind=repr(kind),
                format=FORMAT,
            ),
            "format",
        )
    version = data.get("version", VERSION)
    if version != VERSION:
        raise SheetError(
            "",
            gettext_lazy(
                "version {version} of the format is not known here (this reads {known})",
                version=repr(version),
                known=VERSION,
            ),
            "version",
        )
    known = {"format", "version", "title", "variant", "players", "first_dealer", "deals", "totals"}
    for key in data:
        if key not in known:
            raise SheetError("", gettext_lazy("a score sheet has no field {name}", name=repr(key)), str(key))
    players = data.get("players")
    if not isinstance(players, list):
        raise SheetError(
            "", gettext_lazy('give the players\' names as a list, such as ["Ana", "Ben", "Cléo"]'), "players"
        )
    dealer = data.get("first_dealer")
    if dealer is not None and not isinstance(dealer, str):
        raise SheetError("", gettext_lazy("the first dealer is a player's name"), "first_dealer")
    title = data.get("title", "")
    sheet = Sheet.new(str(data.get("variant")), players, dealer, title if isinstance(title, str) else "")
    deals = data.get("deals", [])
    if not isinstance(deals, list):
        raise SheetError("", gettext_lazy("the deals are a list"), "deals")
    for number, item in enumerate(deals, start=1):
        where = deal_name(number)
        if not isinstance(item, Mapping):
            raise SheetError(where, gettext_lazy("a deal is an object with its request, taker and partner"))
        for key in item:
            if key not in ("request", "taker", "partner", "scores"):
                raise SheetError(where, gettext_lazy("a deal has no field {name}", name=repr(key)), str(key))
        taker, partner = item.get("taker"), item.get("partner")
        for role, value in (("taker", taker), ("partner", partner)):
            if value is not None and not isinstance(value, str):
                raise SheetError(where, gettext_lazy("a role is held by a player, named"), role)
        request = item.get("request")
        if not isinstance(request, Mapping):
            raise SheetError(
                where, gettext_lazy("the deal has no request (the calculator's fields)"), "request"
            )
        sheet = sheet.add(
            Deal(
                dict(request),
                taker if isinstance(taker, str) else None,
                partner if isinstance(partner, str) else None,
            )
        )
        _compare(item.get("scores"), sheet.scored()[-1].scores, where)
    if "totals" in data:
        _compare(data["totals"], sheet.totals(), gettext_lazy("totals"))
    return sheet


def _compare(given: object, computed: Mapping[str, int], where: Said) -> None:
    if given is None:
        return
    if not isinstance(given, Mapping):
        raise SheetError(where, gettext_lazy("the scores are an object, player name to score"), "scores")
    for name, value in given.items():
        if name not in computed:
            raise SheetError(
                where, gettext_lazy("{name} is not one of the players", name=repr(name)), "scores"
            )
        if value in ("", None):
            continue
        if value != computed[name]:
            raise SheetError(
                where,
                gettext_lazy(
                    "the file gives {name} {given} but the engine scores {computed}: "
                    "correct the deal, or remove the scores to have them computed",
                    name=name,
                    given=_signed(value),
                    computed=_signed(computed[name]),
                ),
                "scores",
            )


def _signed(value: object) -> str:
    return f"{value:+d}" if isinstance(value, int) and not isinstance(value, bool) else repr(value)


def _from_csv(text: str) -> Sheet:
    table = read_csv(text)
    rows = table.rows
    first = rows[0][1]
    variant = first[1].strip() if len(first) > 1 else ""
    first_dealer = unguard_cell(first[2].strip()) if len(first) > 2 else ""
    # the first deal's dealer, or for a sheet with no deal the total row's next dealer: the first one
    sheet = Sheet.new(variant, table.players, first_dealer or None, table.title)
    width = len(table.header)
    players = table.players
    for index, row in rows:
        where = row_name(index)
        if len(row) != width:
            raise SheetError(
                where, gettext_lazy("has {count} cells, the header has {width}", count=len(row), width=width)
            )
        cells = [cell.strip() for cell in row]
        if cells[1] != sheet.variant:
            raise SheetError(
                where,
                gettext_lazy(
                    "the rules are {rules} for the whole sheet, not {given}",
                    rules=repr(sheet.variant),
                    given=repr(cells[1]),
                ),
                "rules",
            )
        scores = {
            name: csv_score(value, where, name) for name, value in zip(players, cells[5:-1], strict=True)
        }
        dealer = unguard_cell(cells[2])
        if cells[0].lower() == "total":
            _check_next_dealer(sheet, dealer, where)
            _compare(scores, sheet.totals(), where)
            continue
        if cells[0] != str(len(sheet.deals) + 1):
            raise SheetError(
                where,
                gettext_lazy(
                    "deals are numbered in order: expected {number}, not {given}",
                    number=len(sheet.deals) + 1,
                    given=repr(cells[0]),
                ),
                "deal",
            )
        if dealer and dealer != sheet.dealer_of(len(sheet.deals) + 1):
            raise SheetError(
                where,
                gettext_lazy(
                    "{expected} deals deal {number} (the deal goes round in the players' order), not {given}",
                    expected=sheet.dealer_of(len(sheet.deals) + 1),
                    number=cells[0],
                    given=dealer,
                ),
                "dealer",
            )
        try:
            request = json.loads(cells[-1] or "{}")
        except json.JSONDecodeError as error:
            raise SheetError(
                where, gettext_lazy("the request is not valid JSON: {reason}", reason=error.msg), "request"
            ) from None
        if not isinstance(request, Mapping):
            raise SheetError(where, gettext_lazy("the request is a JSON object"), "request")
        taker, partner = unguard_cell(cells[3]), unguard_cell(cells[4])
        try:
            sheet = sheet.add(Deal(request, taker or None, partner or None))
        except SheetError as error:
            raise SheetError(where, error.said, error.field) from None
        _compare(scores, sheet.scored()[-1].scores, where)
    return sheet


def _check_next_dealer(sheet: Sheet, given: str, where: Said) -> None:
    """A total row's dealer cell, when filled, must name the player the engine says deals next."""
    if not given or given == sheet.next_dealer():
        return
    count = len(sheet.deals)
    if count:
        said = ngettext_lazy(
            "the total row names {given} as the next dealer, but after {n} deal, with {first} dealing first "
            "and the deal going round in the players' order, {next} deals next: correct the cell or leave it "
            "empty",
            "the total row names {given} as the next dealer, but after {n} deals, with {first} dealing first "
            "and the deal going round in the players' order, {next} deals next: correct the cell or leave it "
            "empty",
            count,
            given=given,
            first=sheet.first_dealer,
            next=sheet.next_dealer(),
        )
    else:
        said = gettext_lazy(
            "the total row names {given} as the next dealer, but before the first deal, with {first} dealing "
            "first and the deal going round in the players' order, {next} deals next: correct the cell or "
            "leave it empty",
            given=given,
            first=sheet.first_dealer,
            next=sheet.next_dealer(),
        )
    raise SheetError(where, said, "dealer")
