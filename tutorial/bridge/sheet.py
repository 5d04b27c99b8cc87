"""The score sheet widget's bridge: JSON text in, JSON text out, no ``js`` import (tested in CPython).

The sheet itself (players, deals, totals, dealer, files) is :mod:`tarot_core.sheet`; this module turns
the browser's input into calls to it and draws the answers as HTML. A deal is entered with the score
calculator's own form (:func:`tutorial.bridge.form.form_html`, the request's field names) plus the names of
the taker and partner. The browser keeps each session as the sheet's JSON (the documented format) and
sends it back with every call, so nothing is kept here between calls.

Every answer is ``{"schema": 1, "ok": true, ...}`` or ``{"schema": 1, "ok": false, "field": ...,
"form_field": ..., "message": ...}``. Public functions (all ``str -> str``): :func:`start`, :func:`view`,
:func:`add_deal`, :func:`edit_deal`, :func:`save_deal`, :func:`delete_deal`, :func:`undo`,
:func:`export`, :func:`import_sheet`, :func:`sessions`. The last argument, ``options``, is the
widget's display settings (``uid``, the prefix of the HTML ids).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from markupsafe import Markup

from tarot_core.engine.variant import family_players
from tarot_core.errors import Said, TarotError, quoted
from tarot_core.messages import N_, _, gettext_lazy, join_or, ngettext, ngettext_lazy
from tarot_core.records import too_deep
from tarot_core.sheet import Deal, Sheet, SheetError, load_sheet, request_form, rule_sets, rules_name

from . import common, envelope, templates
from . import form as calculator_form
from .calculator import query_of_mapping
from .query import (
    DEFAULT_RULES,
    FormErrors,
    form_fields,
    normalise_query,
    query_from_request,
    request_from_query,
)

SCHEMA: Final = 1
Json = dict[str, Any]
Query = dict[str, list[str]]
MAX_TEXT: Final = 2_000_000
#: Form controls that are not the calculator's: who held which role.
ROLE_FIELDS: Final = ("taker", "partner")


class _Refused(envelope.Refused):
    """A refusal of this bridge: the field, the sentence, and keys for the answer (the form drawn again)."""


def _dump(data: Json) -> str:
    return envelope.dump(data)


def _read(error: Exception) -> envelope.Failure | None:
    """This bridge's refusals as the envelope writes them, each with the form control at fault."""
    if isinstance(error, _Refused):
        return envelope.Failure(error.field, error.message, {"form_field": error.field, **error.extra})
    if isinstance(error, SheetError):
        message = (
            gettext_lazy("{where}: {reason}", where=error.where, reason=error.message)
            if error.where.startswith("row")
            else error.message
        )
        return envelope.Failure(error.field, message, {"form_field": _form_field(error.field)})
    return None


def _guarded(work: Callable[[], Json]) -> str:
    """Run ``work``; a bad input answers ``ok: false`` with the field and a sentence, never a traceback."""
    return envelope.guarded(work, read=_read, keys=lambda _: {"form_field": ""})


def _form_field(field: str) -> str:
    if field in ROLE_FIELDS or field in ("players", "variant", "title", "first_dealer", ""):
        return field
    if field.startswith("hands."):  # Mathers: hands.p1.tricks.queen -> the control p1.tricks
        parts = field.split("[", 1)[0].split(".")
        return ("fool" if parts[2] == "fool" else f"{parts[1]}.{parts[2]}") if len(parts) >= 3 else ""
    base = field.split("[", 1)[0].split(".", 1)[0]
    return {"handfuls": "handful", "bonuses": "bonus"}.get(base, base)


def _load(text: str, what: str) -> Any:
    limit = MAX_TEXT if what in ("sheet", "sessions") else envelope.MAX_TEXT  # sessions grow, forms do not
    try:
        return envelope.load(text, what, limit=limit)
    except envelope.Refused as error:
        raise _Refused(error.field, error.message) from None


def _deal_number(number: int | str) -> int:
    """A deal's number as the page sends it, or the refusal of one that is none."""
    try:
        return int(number)
    except (TypeError, ValueError):
        raise _Refused("deal", gettext_lazy("no deal {number}", number=quoted(number))) from None


def _uid(options: str) -> str:
    data = _load(options or "{}", "options")
    uid = str(data.get("uid") or "ts") if isinstance(data, Mapping) else "ts"
    return "".join(ch for ch in uid if ch.isalnum() or ch in "-_") or "ts"


def _sheet(sheet_json: str) -> Sheet:
    data = _load(sheet_json, "sheet")
    if not isinstance(data, Mapping):
        raise _Refused("sheet", gettext_lazy("the sheet must be a JSON object"))
    return load_sheet(data)


def _query(query_json: str) -> Query:
    data = _load(query_json or "{}", "query")
    if not isinstance(data, Mapping):
        raise _Refused("query", gettext_lazy("the deal's form must be a JSON object"))
    return query_of_mapping(data)


def _signed(value: int) -> str:
    return f"{value:+d}".replace("-", "−") if value else "0"


# ====================================================================================== the deal form
def _session_query(sheet: Sheet, query: Query) -> Query:
    """The calculator's query for this session: the rules and players fixed, the rest as given."""
    given = {k: v for k, v in query.items() if k not in ("variant", "players", *ROLE_FIELDS)}
    given["variant"] = [sheet.variant]
    given["players"] = [str(len(sheet.players))]
    return normalise_query(given)


def _deal_from_query(sheet: Sheet, query: Query) -> Deal:
    full = _session_query(sheet, query)
    try:
        request = request_from_query(full)
    except FormErrors as unread:
        first, *others = unread.errors
        refused = SheetError("", first.message, first.field)
        refused.others = tuple(SheetError("", other.message, other.field) for other in others)
        raise refused from None
    except TarotError as error:
        field = str(getattr(error, "field", ""))
        raise SheetError("", str(getattr(error, "message", error)), field) from None
    request = {k: v for k, v in request.items() if k not in ("variant", "players")}
    taker = (query.get("taker") or [""])[0].strip() or None
    partner = (query.get("partner") or [""])[0].strip() or None
    return Deal(request, taker, partner)


def _query_from_deal(sheet: Sheet, deal: Deal) -> Query:
    request = {"variant": sheet.variant, "players": len(sheet.players), **deal.request}
    query = query_from_request(request)
    if deal.taker:
        query["taker"] = [deal.taker]
    if deal.partner:
        query["partner"] = [deal.partner]
    return query


def _role_fields(sheet: Sheet, query: Query, uid: str) -> Markup:
    form = request_form(sheet.variant)
    fields = form.sheet_roles(len(sheet.players)) if form is not None else ()
    chosen = {name: (query.get(name) or [""])[0] for name, _label, _help in fields}
    return templates.render("sheet/roles.html", roles=fields, players=sheet.players, chosen=chosen, uid=uid)


def _seat_note(sheet: Sheet) -> str:
    """Which seat of the form is which player (``p1 is Ana, ...``), where the rules' form names seats."""
    form = request_form(sheet.variant)
    note = form.seat_note(len(sheet.players)) if form is not None else ""
    if not note:
        return ""
    return ", ".join(_(note, n=n, name=name) for n, name in enumerate(sheet.players, start=1))


def form_html(sheet: Sheet, query: Query, uid: str, editing: int = 0) -> Markup:
    """The deal form: who took, then the calculator's fields; the button adds the deal or saves an edit."""
    number = editing or len(sheet.deals) + 1
    # The sheet asks for the taker and partner by name itself: the calculator's seat lists are left out.
    fields = calculator_form.form_html(_session_query(sheet, query), uid, with_names=False, with_roles=False)
    return templates.render(
        "sheet/form.html",
        uid=uid,
        number=number,
        editing=editing,
        dealer=sheet.dealer_of(number),
        seat_note=_seat_note(sheet),
        roles=_role_fields(sheet, query, uid),
        fields=fields,
    )


# ====================================================================================== the sheet
def _totals_html(sheet: Sheet, uid: str) -> Markup:
    totals = sheet.totals()
    last = sheet.scored()[-1].scores if sheet.deals else {}
    following = sheet.next_dealer()
    rows = [
        {
            "name": name,
            "next": name == following,
            "total": _signed(totals[name]),
            "last": _signed(last[name]) if last else "—",
        }
        for name in sheet.players
    ]
    check = ("zero" if sheet.zero_sum else "free") if sheet.deals else ""
    total = _signed(sum(totals.values()))
    return templates.render(
        "sheet/totals.html", uid=uid, rows=rows, deals=len(sheet.deals), check=check, total=total
    )


#: What the table of deals shows, said under its title.
DEALS_HELP: Final = N_("Each player's score for the deal, and under it their total.")


def _deals_html(sheet: Sheet, uid: str, editing: int = 0) -> Markup:
    rows = [
        {
            "number": done.number,
            "summary": done.summary,
            "dealer": done.dealer,
            "editing": done.number == editing,
            "cells": [(_signed(done.scores[name]), _signed(totals[name])) for name in sheet.players],
        }
        for done, totals in zip(reversed(sheet.scored()), reversed(sheet.running()), strict=True)
    ]
    return templates.render("sheet/deals.html", uid=uid, rows=rows, players=sheet.players, help=DEALS_HELP)


def sheet_html(sheet: Sheet, uid: str, query: Query | None = None, editing: int = 0) -> Markup:
    """The open session: the totals, whose deal it is, the deal form, every deal, undo and export."""
    return templates.render(
        "sheet/sheet.html",
        uid=uid,
        title=sheet.title,
        rules=sheet.rules_name,
        players=", ".join(sheet.players),
        next_dealer=sheet.next_dealer(),
        totals=_totals_html(sheet, uid),
        form=form_html(sheet, query or {}, uid, editing),
        deals=len(sheet.deals),
        deal_rows=_deals_html(sheet, uid, editing),
    )


def _answer(sheet: Sheet, uid: str, query: Query | None = None, editing: int = 0) -> Json:
    return {
        "sheet": sheet.to_dict(scores=False),
        "totals": sheet.totals(),
        "deals": len(sheet.deals),
        "next_dealer": sheet.next_dealer(),
        "editing": editing,
        "html": sheet_html(sheet, uid, query, editing),
    }


def _refuse_deal(sheet: Sheet, query: Query, uid: str, editing: int, error: SheetError) -> _Refused:
    """A refused deal keeps its values in the form, with the reason next to the field."""
    form_field = _form_field(error.field)
    labels = {f.name: f.label for f in form_fields(_session_query(sheet, query))}
    form = request_form(sheet.variant)
    roles = form.sheet_roles(len(sheet.players)) if form is not None else ()
    labels.update(
        {"taker": _("Taker"), "partner": _("Partner"), **{name: label for name, label, _h in roles}}
    )

    def labelled(refused: SheetError) -> Said:
        label = labels.get(_form_field(refused.field), "")
        return gettext_lazy("{label}: {reason}", label=label, reason=refused.said) if label else refused.said

    # Every entry at fault, each beside its control; the form's line says them all, in the form's order.
    every = (error, *error.others)
    message = labelled(error)
    for other in error.others:
        message = gettext_lazy("{earlier}; {later}", earlier=message, later=labelled(other))
    faults = [{"form_field": _form_field(refused.field), "message": refused.message} for refused in every]
    extra = {"html": sheet_html(sheet, uid, query, editing), "form_field": form_field, "errors": faults}
    return _Refused(error.field, message, extra)


# ====================================================================================== entry points
def start(setup_json: str, options: str = "{}") -> str:
    """A new session from ``{"variant": ..., "players": [names], "first_dealer": name, "title": text}``."""

    def work() -> Json:
        uid = _uid(options)
        data = _load(setup_json, "setup")
        if not isinstance(data, Mapping):
            raise _Refused("setup", gettext_lazy("the new session's settings must be a JSON object"))
        names = data.get("players")
        if isinstance(names, list):
            names = [n for n in names if not (isinstance(n, str) and not n.strip())]
        first = data.get("first_dealer")
        title = data.get("title", "")
        sheet = Sheet.new(
            str(data.get("variant", "")),
            names if isinstance(names, list) else [],
            first if isinstance(first, str) else None,
            title if isinstance(title, str) else "",
        )
        return _answer(sheet, uid)

    return _guarded(work)


def view(sheet_json: str, options: str = "{}") -> str:
    """Draw a saved session (the sheet's JSON)."""
    return _guarded(lambda: _answer(_sheet(sheet_json), _uid(options)))


def _with_deal(sheet_json: str, query_json: str, options: str, number: int) -> str:
    def work() -> Json:
        uid = _uid(options)
        sheet = _sheet(sheet_json)
        query = _query(query_json)
        try:
            deal = _deal_from_query(sheet, query)
            changed = sheet.replace_deal(number, deal) if number else sheet.add(deal)
        except SheetError as error:
            raise _refuse_deal(sheet, query, uid, number, error) from None
        kept = {k: v for k, v in query.items() if k not in ROLE_FIELDS}  # the next deal starts from these
        return _answer(changed, uid, kept if not number else None)

    return _guarded(work)


def add_deal(sheet_json: str, query_json: str, options: str = "{}") -> str:
    """Add a deal from the form (the calculator's fields, ``taker`` and ``partner``); the totals follow."""
    return _with_deal(sheet_json, query_json, options, 0)


def save_deal(sheet_json: str, number: int | str, query_json: str, options: str = "{}") -> str:
    """Replace deal ``number`` with the form's values; every later total is recomputed."""
    try:
        count = _deal_number(number)
    except _Refused as error:
        return _dump({"ok": False, "field": "deal", "form_field": "", "message": error.message})
    if count < 1:
        message = gettext_lazy("no deal {number}", number=quoted(number))
        return _dump({"ok": False, "field": "deal", "form_field": "", "message": message})
    return _with_deal(sheet_json, query_json, options, count)


def edit_deal(sheet_json: str, number: int | str, options: str = "{}") -> str:
    """The sheet with deal ``number``'s values in the form, to change them."""

    def work() -> Json:
        sheet = _sheet(sheet_json)
        count = _deal_number(number)
        if not 1 <= count <= len(sheet.deals):
            raise _Refused("deal", gettext_lazy("there is no deal {number}", number=count))
        return _answer(sheet, _uid(options), _query_from_deal(sheet, sheet.deals[count - 1]), count)

    return _guarded(work)


def delete_deal(sheet_json: str, number: int | str, options: str = "{}") -> str:
    """The sheet without deal ``number``: the later deals move up, and so does the deal."""

    def work() -> Json:
        return _answer(_sheet(sheet_json).remove_deal(_deal_number(number)), _uid(options))

    return _guarded(work)


def undo(sheet_json: str, options: str = "{}") -> str:
    """The sheet without its last deal; the form holds that deal's values, to enter it again if need be."""

    def work() -> Json:
        sheet = _sheet(sheet_json)
        if not sheet.deals:
            raise _Refused("deal", gettext_lazy("there is no deal to undo"))
        removed = sheet.deals[-1]
        smaller = sheet.undo()
        return {
            **_answer(smaller, _uid(options), _query_from_deal(sheet, removed)),
            "undone": len(sheet.deals),
        }

    return _guarded(work)


def export(sheet_json: str, kind: str = "json") -> str:
    """The file to download: ``{"text": ..., "filename": ..., "mime": ...}`` in CSV or JSON."""

    def work() -> Json:
        sheet = _sheet(sheet_json)
        base = "".join(ch if ch.isalnum() else "-" for ch in (sheet.title or "score-sheet").lower()).strip(
            "-"
        )
        base = "-".join(part for part in base.split("-") if part) or "score-sheet"
        if kind == "csv":
            return {"text": sheet.to_csv(), "filename": f"{base}.csv", "mime": "text/csv"}
        if kind == "json":
            return {"text": sheet.to_json() + "\n", "filename": f"{base}.json", "mime": "application/json"}
        raise _Refused("kind", gettext_lazy("export as csv or json, not {kind}", kind=quoted(kind)))

    return _guarded(work)


def import_sheet(text: str, options: str = "{}", filename: str = "") -> str:
    """A session from a file's text (the sheet's JSON or CSV); a bad file is refused with the reason."""

    def work() -> Json:
        if not isinstance(text, str) or len(text) > MAX_TEXT or too_deep(text):
            raise _Refused(
                "file",
                gettext_lazy("the file is not a score sheet (too long, too deeply nested or not text)"),
            )
        sheet = load_sheet(text)
        if not sheet.title and filename:
            stem = filename.rsplit("/", 1)[-1].rsplit(".", 1)[0]
            sheet = Sheet(
                sheet.variant, sheet.players, sheet.first_dealer, sheet.deals, " ".join(stem.split())[:80]
            )
        return _answer(sheet, _uid(options))

    return _guarded(work)


def sessions(store_json: str, current: str = "", options: str = "{}") -> str:
    """The list of saved sessions (``{id: sheet JSON}``, newest first as given), each to open or delete."""

    def work() -> Json:
        _uid(options)  # nothing is drawn with it, but the settings are checked as every call's
        data = _load(store_json or "{}", "sessions")
        if not isinstance(data, Mapping):
            raise _Refused("sessions", gettext_lazy("the saved sessions must be a JSON object"))
        items: list[Json] = []
        for ident, entry in data.items():
            try:
                sheet = load_sheet(entry) if isinstance(entry, Mapping) else None
            except TarotError:
                sheet = None
            if sheet is None:
                label, detail = _("A damaged session"), _("it cannot be read")
            else:
                label = sheet.title or _("Score sheet")
                detail = ngettext(
                    "{rules}, {players}; {n} deal",
                    "{rules}, {players}; {n} deals",
                    len(sheet.deals),
                    rules=sheet.rules_name,
                    players=", ".join(sheet.players),
                )
            items.append(
                {
                    "key": ident,
                    "label": label,
                    "detail": detail,
                    "damaged": sheet is None,
                    "open": ident == current,
                }
            )
        return {"html": templates.render("sheet/sessions.html", sessions=items), "count": len(items)}

    return _guarded(work)


#: The most players a session has: as many name boxes as that.
MAX_SEATS: Final = 5


def setup_html(uid: str) -> Markup:
    """The form that starts a session: its name, the rules, the players in the order the deal goes round."""
    first = DEFAULT_RULES
    rules = [
        {
            "key": key,
            "label": rules_name(key),
            "players": str(join_or(family_players(key))),
            "chosen": key == first,
        }
        for key in rule_sets()
    ]
    return templates.render("sheet/setup.html", uid=uid, rules=rules, seats=MAX_SEATS)


def page_messages() -> dict[str, object]:
    """What the score sheet's script (``score-sheet.mjs``) says: its notices, announcements and
    questions, in the page's language (see :func:`tutorial.bridge.common.counted`)."""
    return {
        **common.engine_messages(),
        "loading": _("The score sheet is getting ready (a few seconds): then it scores each deal you enter."),
        "failed": _(
            "The score sheet could not start in this browser, so it cannot score deals here. ({reason})"
        ),
        "storage": _("This browser did not let the page save the sheet: download it to keep it."),
        "with-warning": _("{said} {warning}"),
        "not-entered": _("Not entered: {reason}"),
        "opened": _("Opened {title}. Next to deal: {dealer}."),
        "opened-untitled": _("Opened the score sheet. Next to deal: {dealer}."),
        "unreadable": _("This session cannot be read: {reason}"),
        "session-of": _("Session of {day}"),
        "not-started": _("Not started: {reason}"),
        "started": _("Session started. {dealer} deals first."),
        "deal-added": _("Deal {number} added. Totals: {totals}. Next to deal: {dealer}."),
        "deal-saved": _("Deal {number} saved. Totals: {totals}. Next to deal: {dealer}."),
        "total": _("{name} {score}"),
        "too-large": _("{file} is too large to be a score sheet."),
        "not-opened": _("{file} was not opened: {reason}"),
        "file-opened": common.counted(
            ngettext_lazy(
                "Opened {file}: {n} deal. Totals: {totals}.", "Opened {file}: {n} deals. Totals: {totals}.", 0
            )
        ),
        "undone": _("Deal {number} removed; its values are back in the form. Totals: {totals}."),
        "editing": _("Deal {number} is in the form: change it, then save it."),
        "edit-cancelled": _("Edit cancelled."),
        "delete-deal": _("Delete deal {number}? The later deals move up, each with the next dealer."),
        "deal-deleted": _("Deal {number} deleted. Totals: {totals}."),
        "downloaded": _("Downloaded {file}."),
        "delete-session": _("Delete {name} from this browser? Download it first to keep a copy."),
        "delete-untitled": _("Delete this session from this browser? Download it first to keep a copy."),
        "session-deleted": _("{name} deleted."),
        "untitled-deleted": _("this session deleted."),
        "went-wrong": _("Something went wrong: {reason}"),
        "other-tab": _("Updated from another tab."),
    }
