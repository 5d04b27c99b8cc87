"""The replay widget: the table at a step drawn as HTML (the templates ``replay/*.html``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final
from urllib.parse import urlencode

from markupsafe import Markup

from tarot_core.cards import Card
from tarot_core.describe import bid_words
from tarot_core.engine.result import role_name
from tarot_core.engine.variant import FAMILIES, words_for
from tarot_core.messages import N_, Message, Number, _, ngettext, pgettext

from .calculator import signed
from .common import Display, Json, _guarded, card_html, cards_html, hidden_html, shown_value
from .state import _step, _view, get_record, state_of
from .templates import render


# ------------------------------------------------------------------------------ replay HTML
def cards_from(items: Sequence[Json]) -> list[Card]:
    return [Card.parse(str(item["code"])) for item in items]


def _seat_name(state: Mapping[str, Any], seat: str) -> str:
    for item in state["seats"]:
        if item["seat"] == seat:
            return str(item["name"])
    return seat


def trick_html(state: Mapping[str, Any], trick: Mapping[str, Any] | None, caption: str) -> Markup:
    if trick is None:
        return Markup()
    plays = trick.get("plays") or []
    winning = trick.get("winning") or trick.get("winner")
    badge = _("winning") if "winning" in trick else _("won it")
    shown = [
        {
            "name": _seat_name(state, play["seat"]),
            "card": Markup(card_html(Card.parse(play["card"]["code"]))),
            "winning": play["seat"] == winning,
            "badge": badge if play["seat"] == winning and len(plays) > 1 else "",
        }
        for play in plays
    ]
    return render("replay/trick.html", caption=caption, plays=shown)


def _plural(count: int, word: str) -> str:
    """``3 tricks``: a count of the tally's things (``word`` is ``bout`` or ``trick``)."""
    if word == "bout":
        return ngettext("{n} bout", "{n} bouts", count)
    return ngettext("{n} trick", "{n} tricks", count)


#: The points of the tally, by the score panel's unit.
_FIGURES: Final = {"card points": N_("{points} card points"), "trick points": N_("{points} trick points")}


def _tally_note(state: Mapping[str, Any] | None) -> str:
    """What the score panel of the state's rule set says before any count when it says the same at
    every step (its ``words.tally_note``); empty where that depends on the bidding."""
    family = state.get("family") if state else None
    note = words_for(family).tally_note if isinstance(family, str) and family in FAMILIES else ""
    return _(note) if note else ""


def tally_html(tally: Mapping[str, Any] | None, state: Mapping[str, Any] | None = None) -> Markup:
    if not tally:
        return render("replay/tally.html", rows=None, note=_untallied(state))
    rows = []
    unit = str(tally.get("unit", "card points"))
    for row in tally["rows"]:
        points = shown_value(row["points"])
        details = []
        if "bouts" in row:
            details.append(_plural(int(row["bouts"]), "bout"))
        details.append(_plural(int(row["tricks"]), "trick"))
        if row.get("kings_cut"):
            details.append(ngettext("{n} King cut", "{n} Kings cut", int(row["kings_cut"])))
        if row.get("declared"):
            details.append(_("{n} declared", n=row["declared"]))
        if "by_pairs" in row:
            details.append(_("{n} counted by pairs", n=row["by_pairs"]))
        figure = _FIGURES.get(unit)
        rows.append(
            {
                "key": row["key"],
                "label": row["label"],
                "points": points,
                "tricks": row["tricks"],
                "bouts": row.get("bouts"),
                "kings_cut": row.get("kings_cut"),
                "declared": row.get("declared"),
                "by_pairs": row.get("by_pairs"),
                "figure": _(figure, points=Number(row["points"]))
                if figure
                else _("{points} {unit}", points=Number(row["points"]), unit=_(unit)),
                "details": details,
            }
        )
    label = _("Trick points won so far") if unit == "trick points" else _("Card points won so far")
    key = "side" if tally["kind"] == "sides" else "seat"
    return render("replay/tally.html", rows=rows, label=label, kind=tally["kind"], key=key)


def _untallied(state: Mapping[str, Any] | None) -> str:
    """What the tally says when it shows no points."""
    if state and state.get("sides_hidden") and state.get("taker"):
        return _(
            "From this seat the sides are not known yet: the points of each side show once the called "
            "card has been played."
        )
    if state and state.get("tricks") and not state.get("taker"):
        won: dict[str, int] = {}
        for trick in state["tricks"]:
            won[trick["winner_name"]] = won.get(trick["winner_name"], 0) + 1
        text = ", ".join(_("{who} {count}", who=name, count=count) for name, count in won.items())
        return _("Tricks won so far: {tricks}.", tricks=text)
    note = _tally_note(state)
    if note:
        return note
    if state and state.get("phase") in ("playing", "over") and not state.get("taker"):
        return _("Each player plays for themselves.")
    return _("Card points are counted once somebody has taken.")


def score_html(state: Mapping[str, Any], display: Display) -> Markup:
    data = state.get("score")
    if not data:
        return Markup()
    if data.get("outcome") != "played":
        return render("replay/score.html", played=False)
    terms = [
        {"label": term["label"], "detail": term.get("detail", ""), "value": shown_value(term["value"])}
        for term in data.get("breakdown") or []
    ]
    roles = {item["seat"]: item["role"] for item in state["seats"]}
    seats = [
        {
            "seat": seat,
            "label": _("{who} ({role})", who=_seat_name(state, seat), role=role_name(roles[seat]))
            if roles.get(seat)
            else _seat_name(state, seat),
            "score": signed(value),
        }
        for seat, value in data.get("by_seat", {}).items()
    ]
    query = state.get("calculator_query")
    href = f"{display.calculator}?{urlencode(query, doseq=True)}" if display.calculator and query else ""
    return render("replay/score.html", played=True, terms=terms, seats=seats, href=href)


def _pile_html(pile: Mapping[str, Any]) -> Markup:
    cards = pile["cards"]
    none = pgettext("cards", "none")
    inner = cards_html(cards_from(cards), none) if cards is not None else hidden_html(pile["count"], "cards")
    return render("replay/pile.html", key=pile["key"], title=pile["title"], cards=Markup(inner))


def trick_caption(trick: Mapping[str, Any], *, won: bool) -> str:
    if won:
        return _("Trick {number}, won by {who}", number=trick["number"], who=trick["winner_name"])
    return _("Trick {number}", number=trick["number"])


def _trick_won(who: str, side: str, points: float) -> str:
    """Who won a trick of the list, and its points: ``Alice (attack), 4.5 pts``, ``Arthur, 1 pt``."""
    if points != int(points):
        # Translators: a trick's winner and its card points with a half (4.5), abbreviated.
        if side:
            return _("{who} ({side}), {points} pts", who=who, side=side, points=Number(points))
        return _("{who}, {points} pts", who=who, points=Number(points))
    if side:
        # Translators: a trick's winner and its points, abbreviated.
        return ngettext("{who} ({side}), {n} pt", "{who} ({side}), {n} pts", int(points), who=who, side=side)
    return ngettext("{who}, {n} pt", "{who}, {n} pts", int(points), who=who)


def replay_html(state: Mapping[str, Any], display: Display) -> Markup:
    """The table of a replay state: status, hands, piles set aside, the trick, the tricks won, the tally."""
    # The step is said once, beside the buttons that move it (the controls' output); the table carries
    # it as data, for the page and its tests to know which step it shows.
    status = [state.get("phase_text") or state["phase"]]
    if state.get("contract_text"):
        status.append(state["contract_text"])
    if state.get("called"):
        status.append(_("called: {card}", card=state["called"]["name"]))
    seats = []
    for seat in state["seats"]:
        if seat["hand"] is not None:
            hand = cards_html(cards_from(seat["hand"]), _("no cards left"))
        else:
            hand = hidden_html(seat["count"], "cards")
        seats.append(
            {
                "seat": seat["seat"],
                "name": seat["name"],
                "role": seat["role"],
                "role_text": role_name(seat["role"]) if seat["role"] else "",
                "to_move": seat["to_move"],
                "doing": state.get("turn_text") or _("to play"),
                "hand": Markup(hand),
            }
        )
    current = state.get("current_trick")
    if (current is None or not current["plays"]) and state["tricks"]:
        trick = trick_html(state, state["tricks"][-1], trick_caption(state["tricks"][-1], won=True))
    else:
        trick = trick_html(state, current, trick_caption(current, won=False) if current else "")
    tricks = [
        {
            "number": t["number"],
            "points": shown_value(t["points"]),
            "cards": Markup("".join(card_html(Card.parse(p["card"]["code"])) for p in t["plays"])),
            "won": _trick_won(str(t["winner_name"]), str(t["winner_side"] or ""), t["points"]),
        }
        for t in state["tricks"]
    ]
    handfuls = [
        {
            "who": _seat_name(state, h["seat"]),
            "size": Message(str(h["size"]), context="handful"),
            "cards": Markup(cards_html(cards_from(h["cards"]))),
        }
        for h in state.get("handfuls") or []
    ]
    bids = []
    for text in state.get("bids") or []:
        seat, _blank, rest = str(text).partition(" ")
        word = rest.removeprefix("bid ").strip()
        # As the engine says a bid (the rule set's name for it, else its word), "pass" as a contract.
        family = str(state.get("family"))
        bid = bid_words(word, words_for(family) if family in FAMILIES else None)
        bids.append(_("{who}: {bid}", who=_seat_name(state, seat), bid=bid))
    # The trick comes right after the last action, above the hands: on a phone, where the hands stand
    # one under the other, it stays next to the buttons that step through it.
    return render(
        "replay/table.html",
        step=state["step"],
        status=status,
        last=state["last_action_text"],
        trick=trick,
        bids=bids,
        talk=state.get("talk") or [],
        tally=tally_html(state.get("tally"), state),
        seats=seats,
        piles=[_pile_html(pile) for pile in state.get("piles") or []],
        handfuls=handfuls,
        tricks=tricks,
        score=score_html(state, display),
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
