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

import html
from collections.abc import Callable, Mapping
from typing import Any, Final

from tarot_core.engine.variant import family_players
from tarot_core.errors import TarotError, quoted
from tarot_core.records import too_deep
from tarot_core.sheet import Deal, Sheet, SheetError, load_sheet, request_form, rule_sets, rules_name

from . import envelope
from . import form as calculator_form
from .calculator import query_of_mapping
from .query import DEFAULT_RULES, form_fields, normalise_query, query_from_request, request_from_query

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
        where = f"{error.where}: " if error.where.startswith("row") else ""
        return envelope.Failure(error.field, where + error.message, {"form_field": _form_field(error.field)})
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
        raise _Refused("deal", f"no deal {quoted(number)}") from None


def _uid(options: str) -> str:
    data = _load(options or "{}", "options")
    uid = str(data.get("uid") or "ts") if isinstance(data, Mapping) else "ts"
    return "".join(ch for ch in uid if ch.isalnum() or ch in "-_") or "ts"


def _sheet(sheet_json: str) -> Sheet:
    data = _load(sheet_json, "sheet")
    if not isinstance(data, Mapping):
        raise _Refused("sheet", "the sheet must be a JSON object")
    return load_sheet(data)


def _query(query_json: str) -> Query:
    data = _load(query_json or "{}", "query")
    if not isinstance(data, Mapping):
        raise _Refused("query", "the deal's form must be a JSON object")
    return query_of_mapping(data)


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


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


def _role_fields(sheet: Sheet, query: Query, uid: str) -> str:
    form = request_form(sheet.variant)
    fields = form.sheet_roles(len(sheet.players)) if form is not None else ()
    if not fields:
        return ""
    parts: list[str] = []
    for name, label, help_text in fields:
        ident = f"{uid}-{name}"
        chosen = (query.get(name) or [""])[0]
        options = f'<option value="">{"nobody" if name == "partner" else "choose…"}</option>' + "".join(
            f'<option value="{_e(p)}"{" selected" if p == chosen else ""}>{_e(p)}</option>'
            for p in sheet.players
        )
        help_html = f'<p class="tw-help" id="{ident}-help">{_e(help_text)}</p>' if help_text else ""
        described = f"{ident}-error" + (f" {ident}-help" if help_text else "")
        parts.append(
            f'<div class="tw-field tw-field-{name}" data-field="{name}">'
            f'<label for="{ident}">{_e(label)}</label>'
            f'<select id="{ident}" name="{name}" aria-describedby="{described}">{options}</select>{help_html}'
            f'<p class="tw-field-error" id="{ident}-error" data-error-for="{name}" '
            'aria-live="polite"></p></div>'
        )
    return "".join(parts)


def _seat_note(sheet: Sheet) -> str:
    form = request_form(sheet.variant)
    note = form.seat_note(len(sheet.players)) if form is not None else ""
    if note:
        pairs = ", ".join(note.format(n=n, name=name) for n, name in enumerate(sheet.players, start=1))
        return f'<p class="tw-sheet-note">In the form, {_e(pairs)}.</p>'
    return ""


def form_html(sheet: Sheet, query: Query, uid: str, editing: int = 0) -> str:
    """The deal form: who took, then the calculator's fields; the button adds the deal or saves an edit."""
    number = editing or len(sheet.deals) + 1
    dealer = sheet.dealer_of(number)
    legend = f"Editing deal {number}, dealt by {dealer}" if editing else f"Deal {number}, dealt by {dealer}"
    # The sheet asks for the taker and partner by name itself: the calculator's seat lists are left out.
    fields = _role_fields(sheet, query, uid) + calculator_form.form_html(
        _session_query(sheet, query), uid, with_names=False, with_roles=False
    )
    if editing:
        buttons = (
            '<button type="submit" class="tw-button tw-primary" data-action="save-deal" '
            f'data-deal="{number}">'
            f"Save deal {number}</button>"
            '<button type="button" class="tw-button" data-action="cancel-edit">Cancel</button>'
            f'<button type="button" class="tw-button" data-action="delete-deal" data-deal="{number}">'
            f"Delete deal {number}</button>"
        )
    else:
        buttons = (
            '<button type="submit" class="tw-button tw-primary" data-action="add-deal">'
            f"Add deal {number}</button>"
        )
    return (
        f'<form class="tw-form tw-sheet-form" aria-labelledby="{uid}-legend" novalidate'
        f"{f' data-editing={chr(34)}{number}{chr(34)}' if editing else ''}>"
        f'<h4 class="tw-sheet-legend" id="{uid}-legend">{_e(legend)}</h4>{_seat_note(sheet)}'
        f'<div class="tw-sheet-fields">{fields}</div>'
        f'<p class="tw-form-error" role="alert"></p>'
        f'<p class="tw-sheet-buttons">{buttons}</p></form>'
    )


# ====================================================================================== the sheet
NEXT_BADGE: Final = ' <span class="tw-badge tw-turn">deals next</span>'


def _totals_html(sheet: Sheet, uid: str) -> str:
    totals = sheet.totals()
    last = sheet.scored()[-1].scores if sheet.deals else {}
    following = sheet.next_dealer()
    rows = "".join(
        f'<tr data-player="{_e(name)}"><th scope="row">{_e(name)}'
        f"{NEXT_BADGE if name == following else ''}"
        f'</th><td class="tw-total">{_signed(totals[name])}</td>'
        f"<td>{_signed(last[name]) if last else '—'}</td></tr>"
        for name in sheet.players
    )
    check = ""
    if sheet.zero_sum and sheet.deals:
        total = _signed(sum(totals.values()))
        check = f'<p class="tw-sheet-check">The totals add up to {total}, as they must.</p>'
    elif sheet.deals:
        check = '<p class="tw-sheet-check">In these rules the scores need not add up to zero.</p>'
    return (
        f'<table class="tw-table tw-sheet-totals" id="{uid}-totals"><caption>Totals after '
        f"{len(sheet.deals)} deal{'' if len(sheet.deals) == 1 else 's'}</caption>"
        '<thead><tr><th scope="col">Player</th><th scope="col">Total</th>'
        '<th scope="col">Last deal</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>{check}"
    )


EDITING_BADGE: Final = '<span class="tw-badge">in the form, being changed</span>'
DEALS_HELP: Final = "Each player's score for the deal, and under it their total."


def _deals_html(sheet: Sheet, uid: str, editing: int = 0) -> str:
    if not sheet.deals:
        return '<p class="tw-sheet-empty">No deal yet: enter the first one above.</p>'
    running = sheet.running()
    head = "".join(f'<th scope="col">{_e(name)}</th>' for name in sheet.players)
    rows: list[str] = []
    for done, totals in zip(reversed(sheet.scored()), reversed(running), strict=True):
        cells = "".join(
            f'<td><span class="tw-deal-score">{_signed(done.scores[name])}</span>'
            f'<span class="tw-running"><span class="tw-sr">, total </span>'
            f"{_signed(totals[name])}</span></td>"
            for name in sheet.players
        )
        rows.append(
            f'<tr data-deal="{done.number}"><th scope="row">{done.number}</th>'
            f'<td>{_e(done.summary)}<span class="tw-dealt">dealt by {_e(done.dealer)}</span>'
            f"{EDITING_BADGE if done.number == editing else ''}"
            # the button stands in the first columns, in view on a phone without scrolling sideways
            '<button type="button" class="tw-button tw-small tw-edit" data-action="edit" '
            f'data-deal="{done.number}" aria-label="Edit deal {done.number}">Edit</button></td>{cells}</tr>'
        )
    return (
        f'<h4 class="tw-sheet-deals-title" id="{uid}-deals-caption">Every deal, the latest first</h4>'
        f'<p class="tw-help" id="{uid}-deals-help">{_e(DEALS_HELP)}'
        " The table scrolls sideways when the players do not fit.</p>"
        f'<div class="tw-scroll" role="region" aria-labelledby="{uid}-deals-caption" '
        f'aria-describedby="{uid}-deals-help" tabindex="0">'
        f'<table class="tw-table tw-sheet-deals" aria-labelledby="{uid}-deals-caption">'
        f'<thead><tr><th scope="col">Deal</th><th scope="col">Contract</th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def sheet_html(sheet: Sheet, uid: str, query: Query | None = None, editing: int = 0) -> str:
    """The open session: the totals, whose deal it is, the deal form, every deal, undo and export."""
    title = sheet.title or "Score sheet"
    players = ", ".join(sheet.players)
    return (
        f'<h3 class="tw-sheet-title" id="{uid}-title" tabindex="-1">{_e(title)}</h3>'
        f'<p class="tw-sheet-rules">{_e(sheet.rules_name)}: {_e(players)}.</p>'
        f'<p class="tw-sheet-next" data-next-dealer="{_e(sheet.next_dealer())}"><strong>Next to deal: '
        f"{_e(sheet.next_dealer())}</strong></p>"
        f"{_totals_html(sheet, uid)}"
        f"{form_html(sheet, query or {}, uid, editing)}"
        f'<p class="tw-sheet-buttons"><button type="button" class="tw-button" data-action="undo"'
        f"{' disabled' if not sheet.deals else ''}>Undo the last deal</button></p>"
        f"{_deals_html(sheet, uid, editing)}"
        '<p class="tw-sheet-buttons tw-sheet-export">'
        '<button type="button" class="tw-button" data-action="export-csv">Download as CSV</button>'
        '<button type="button" class="tw-button" data-action="export-json">Download as JSON</button></p>'
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
    labels.update({"taker": "Taker", "partner": "Partner", **{name: label for name, label, _ in roles}})
    label = labels.get(form_field, "")
    message = f"{label}: {error.message}" if label else error.message
    extra = {"html": sheet_html(sheet, uid, query, editing), "form_field": form_field}
    return _Refused(error.field, message, extra)


# ====================================================================================== entry points
def start(setup_json: str, options: str = "{}") -> str:
    """A new session from ``{"variant": ..., "players": [names], "first_dealer": name, "title": text}``."""

    def work() -> Json:
        uid = _uid(options)
        data = _load(setup_json, "setup")
        if not isinstance(data, Mapping):
            raise _Refused("setup", "the new session's settings must be a JSON object")
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
        return _dump({"ok": False, "field": "deal", "form_field": "", "message": f"no deal {quoted(number)}"})
    return _with_deal(sheet_json, query_json, options, count)


def edit_deal(sheet_json: str, number: int | str, options: str = "{}") -> str:
    """The sheet with deal ``number``'s values in the form, to change them."""

    def work() -> Json:
        sheet = _sheet(sheet_json)
        count = _deal_number(number)
        if not 1 <= count <= len(sheet.deals):
            raise _Refused("deal", f"there is no deal {count}")
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
            raise _Refused("deal", "there is no deal to undo")
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
        raise _Refused("kind", f"export as csv or json, not {quoted(kind)}")

    return _guarded(work)


def import_sheet(text: str, options: str = "{}", filename: str = "") -> str:
    """A session from a file's text (the sheet's JSON or CSV); a bad file is refused with the reason."""

    def work() -> Json:
        if not isinstance(text, str) or len(text) > MAX_TEXT or too_deep(text):
            raise _Refused("file", "the file is not a score sheet (too long, too deeply nested or not text)")
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
        data = _load(store_json or "{}", "sessions")
        if not isinstance(data, Mapping):
            raise _Refused("sessions", "the saved sessions must be a JSON object")
        items: list[str] = []
        for ident, entry in data.items():
            try:
                sheet = load_sheet(entry) if isinstance(entry, Mapping) else None
            except TarotError:
                sheet = None
            key = _e(ident)
            if sheet is None:
                label, detail = "A damaged session", "it cannot be read"
            else:
                label = sheet.title or "Score sheet"
                count = len(sheet.deals)
                detail = (
                    f"{sheet.rules_name}, {', '.join(sheet.players)}; {count} deal{'' if count == 1 else 's'}"
                )
            mark = ' <span class="tw-badge">open now</span>' if ident == current else ""
            items.append(
                f'<li data-session="{key}"><span class="tw-session-name">{_e(label)}</span>{mark}'
                f'<span class="tw-session-detail">{_e(detail)}</span>'
                f'<span class="tw-session-buttons">'
                '<button type="button" class="tw-button tw-small" data-action="open-session" '
                f'data-session="{key}"'
                f' aria-label="Open {_e(label)}"{" disabled" if sheet is None else ""}>Open</button>'
                f'<button type="button" class="tw-button tw-small" data-action="delete-session" '
                f'data-session="{key}" aria-label="Delete {_e(label)}">Delete</button></span></li>'
            )
        html_text = (
            f'<ul class="tw-sessions">{"".join(items)}</ul>'
            if items
            else '<p class="tw-sheet-empty">No session saved in this browser yet.</p>'
        )
        return {"html": html_text, "count": len(items)}

    return _guarded(work)


def setup_html(uid: str) -> str:
    """The form that starts a session: its name, the rules, the players in the order the deal goes round."""
    first = DEFAULT_RULES
    rules = "".join(
        f'<option value="{key}"{" selected" if key == first else ""}>{_e(rules_name(key))} '
        f"({' or '.join(', '.join(map(str, family_players(key))).rsplit(', ', 1))} players)</option>"
        for key in rule_sets()
    )
    names = "".join(
        f'<span class="tw-sub"><label class="tw-sublabel" for="{uid}-name-{n}">'
        f"Player {n}</label>"
        f'<input type="text" id="{uid}-name-{n}" name="player" autocomplete="off" maxlength="30"'
        f' aria-describedby="{uid}-names-help"></span>'
        for n in range(1, 6)
    )
    return (
        f'<details class="tw-sheet-new" open><summary id="{uid}-setup-title">Start a new session</summary>'
        f'<form class="tw-form tw-sheet-setup" aria-labelledby="{uid}-setup-title" novalidate>'
        f'<div class="tw-field"><label for="{uid}-session-title">Name of the session</label>'
        f'<input type="text" id="{uid}-session-title" name="title" maxlength="80" autocomplete="off" '
        f'placeholder="Friday at Cléo\'s"></div>'
        f'<div class="tw-field"><label for="{uid}-rules">Rules</label>'
        f'<select id="{uid}-rules" name="variant">{rules}</select></div>'
        f'<fieldset class="tw-field tw-field-wide"><legend>Players</legend><div class="tw-subs">{names}</div>'
        f'<p class="tw-help" id="{uid}-names-help">Player 1 deals first. Then the deal goes round in this '
        "order, the direction of play: each player's right-hand neighbour next. Leave the last boxes empty "
        "when fewer play.</p></fieldset>"
        f'<p class="tw-form-error" role="alert"></p>'
        '<p class="tw-sheet-buttons"><button type="submit" class="tw-button tw-primary" '
        'data-action="new-session">Start the session</button></p></form></details>'
    )
