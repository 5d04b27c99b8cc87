"""The replay widget: the table at a step drawn as HTML."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tarot_core.cards import Card
from tarot_core.engine.variant import FAMILIES, words_for

from .calculator import signed
from .common import Display, Json, _e, _guarded, _value_text, card_html, cards_html, hidden_html
from .state import _step, _view, get_record, state_of


# ------------------------------------------------------------------------------ replay HTML
def cards_from(items: Sequence[Json]) -> list[Card]:
    return [Card.parse(str(item["code"])) for item in items]


def _seat_name(state: Mapping[str, Any], seat: str) -> str:
    for item in state["seats"]:
        if item["seat"] == seat:
            return str(item["name"])
    return seat


def trick_html(state: Mapping[str, Any], trick: Mapping[str, Any] | None, caption: str) -> str:
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


def _tally_note(state: Mapping[str, Any] | None) -> str:
    """What the score panel of the state's rule set says before any count when it says the same at
    every step (its ``words.tally_note``); empty where that depends on the bidding."""
    family = state.get("family") if state else None
    return words_for(family).tally_note if isinstance(family, str) and family in FAMILIES else ""


def tally_html(tally: Mapping[str, Any] | None, state: Mapping[str, Any] | None = None) -> str:
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
        note = _tally_note(state)
        if note:
            return f'<p class="tw-tally tw-none">{_e(note)}</p>'
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


def score_html(state: Mapping[str, Any], display: Display) -> str:
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
        f'<td class="tw-share">{_e(signed(value))}</td></tr>'
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
        cards_html(cards_from(cards), "none") if cards is not None else hidden_html(pile["count"], "cards")
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
            hand = cards_html(cards_from(seat["hand"]), "no cards left")
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
        current_html = trick_html(state, last, f"Trick {last['number']}, won by {last['winner_name']}")
    else:
        current_html = trick_html(state, current, trick_title)
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
        f"{cards_html(cards_from(h['cards']))}</p>"
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
        f"{tally_html(state.get('tally'), state)}"
        f'<div class="{board}"><div class="tw-seats">{"".join(seats_html)}</div>'
        f"{centre}</div>"
        f"{handfuls}{tricks_html}{score_html(state, display)}"
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
