"""Tables for the "Playing well" pages, for the ``tarot-table`` directive: the computer players' own
judgement of a position, computed while the site is built.

* :func:`count_table`: a hand's club count, part by part (:func:`tarot_core.players.rule.hand_count`);
* :func:`thresholds_table`: the counts at which the rule-based player bids each contract;
* :func:`bid_table`: every bid of a hand played out by the hand judge (:mod:`tarot_core.players.judge`);
* :func:`play_table`, :func:`discard_table`, :func:`call_table`: what the rule-based player does in a
  position, with the one sentence that explains it.

Positions are written as in the lessons' exercises (:mod:`tarot_core.exercises`). Nothing here decides
anything: every number and every sentence comes from the engine. This module never imports Sphinx.

>>> table = thresholds_table()
>>> [row[0] for row in table["rows"]]
['Prise', 'Garde', 'Garde sans', 'Garde contre']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tarot_core.actions import Action
from tarot_core.cards import Card, parse_cards
from tarot_core.engine.tables import TableDescription
from tarot_core.errors import TarotError
from tarot_core.exercises import (
    Table,
    contract_name,
    contract_noun,
    hand_judgement,
    readable,
    say,
    taker_table,
    trick_table,
    worth_table,
)
from tarot_core.messages import _, gettext_lazy, ngettext
from tarot_core.players.bidding import often, signed
from tarot_core.players.facts import hand_count, hand_points
from tarot_core.players.rule import THRESHOLDS, RulePlayer

from .tables import card_markup, cards_markup

CONTRACTS = ("prise", "garde", "garde-sans", "garde-contre")


def _card_cell(card: Card) -> str:
    """A card's picture and its name; the Excuse's picture alone, since its name is its picture's
    alternative text word for word (a screen reader would say it twice)."""
    return f"{{card}}`{card}`" if card.is_excuse else card_markup(card)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def count_table(hand: str) -> TableDescription:
    """The club count of ``hand``, part by part, and the contract it points to."""
    cards = parse_cards(hand)
    parts = hand_count(cards)
    rows: list[list[object]] = [[_capital(words), points] for words, points in parts]
    total = hand_points(cards)
    level = sum(1 for threshold in THRESHOLDS if total >= threshold)
    # (the words are looked up apart from their bold marks, so that the catalogue finds them)
    label = _("The count")
    count = f"**{label}**"
    if len(cards) != 18:
        count = _("{count} (scaled to 18 cards from {n})", count=count, n=len(cards))
    rows.append([count, f"**{int(total)}**"])
    if level:
        caption = ngettext(
            "The club count of this hand: {n} point, enough for {contract:a}",
            "The club count of this hand: {n} points, enough for {contract:a}",
            int(total),
            contract=contract_noun(CONTRACTS[level - 1]),
        )
    else:
        caption = ngettext(
            "The club count of this hand: {n} point, not enough to bid",
            "The club count of this hand: {n} points, not enough to bid",
            int(total),
        )
    return {"header": [_("Part of the hand"), _("Points")], "rows": rows, "caption": caption}


def thresholds_table() -> TableDescription:
    """The count at which the rule-based player bids each contract."""
    rows: list[list[object]] = [
        [contract_name(word).capitalize(), _("{n} or more", n=threshold)]
        for word, threshold in zip(CONTRACTS, THRESHOLDS, strict=True)
    ]
    return {
        "header": [_("Contract"), _("Club count")],
        "rows": rows,
        "caption": _("Where the club count draws the line (the computer player bids by it)"),
    }


def _worth(hand: str | None, seed: int | None, bids: Sequence[str], variant: str) -> Table:
    spec: dict[str, Any] = {"kind": "worth", "variant": variant, "bids": list(bids)}
    if hand is not None:
        spec["hand"] = hand
    if seed is not None:
        spec["seed"] = seed
    return worth_table(spec)


def bid_table(
    hand: str | None = None, seed: int | None = None, bids: Sequence[str] = (), variant: str = "fft-4"
) -> TableDescription:
    """Every bid of a hand played out by the hand judge: the averages, the margins, the verdict."""
    table = _worth(hand, seed, bids, variant)
    judgement = hand_judgement(table)
    best = judgement.best
    rows: list[list[object]] = []
    for estimate in sorted(judgement.estimates, key=lambda e: -e.mean):
        word = estimate.word
        if word == best.word:
            verdict = _("best")
        elif judgement.acceptable(word):
            verdict = _("as good: too close to tell")
        elif estimate.mean > best.mean:
            verdict = _("made too seldom for its stakes")
        else:
            verdict = _("worse")
        margin = "" if word == best.word else f"±{round(judgement.margin(word))}"
        rows.append(
            [
                contract_name(word).capitalize(),
                signed(estimate.mean),
                _("{low} to {high}", low=signed(estimate.low), high=signed(estimate.high)),
                "—" if estimate.made is None else str(often(estimate.made)),
                margin or "—",
                verdict,
            ]
        )
    return {
        "header": [
            _("Your bid"),
            _("Average score"),
            _("Four deals in five"),
            _("Made"),
            _("Judge's margin"),
            _("Verdict"),
        ],
        "rows": rows,
        "caption": judgement.explain(),
    }


def _why(table: Table, action: Action) -> str:
    view = table.round.view(table.seat)
    return readable(RulePlayer().explain(view, action))


def play_table(
    hand: str,
    trick: str = "",
    taker: str = "p2",
    contract: str = "garde",
    called: str | None = None,
    trick_number: int | None = None,
    variant: str = "fft-4",
) -> TableDescription:
    """You to play to a trick (as in the lessons' trick exercises): the computer player's card and why."""
    spec: dict[str, Any] = {"kind": "play", "hand": hand, "trick": trick, "taker": taker}
    spec |= {"contract": contract, "variant": variant}
    if called:
        spec["called"] = called
    if trick_number is not None:
        spec["trick_number"] = trick_number
    table = trick_table(spec)
    rnd = table.round
    view = rnd.view(table.seat)
    action, _reason = RulePlayer().choose(view)
    names = table.names
    current = rnd.current
    rows: list[list[object]] = []
    if current is not None:
        for seat, card in current.plays:
            who = _("{name} (taker)", name=names[seat]) if seat == rnd.taker else names[seat]
            rows.append([who, _card_cell(card)])
    you = _("You play")
    rows.append([f"**{you}**", _card_cell(action.card)])
    return {"header": [_("Player"), _("Card")], "rows": rows, "caption": _why(table, action)}


def discard_table(hand: str, dog: str, contract: str = "garde", variant: str = "fft-4") -> TableDescription:
    """You took the dog: the cards the computer player lays away, one by one, each with its reason."""
    table = taker_table({"hand": hand, "dog": dog, "contract": contract, "variant": variant})
    rnd = table.round
    player = RulePlayer()
    if rnd.phase == "calling":
        rnd.push(player.choose(rnd.view(table.seat))[0])
    rows: list[list[object]] = []
    while rnd.phase == "discard":
        view = rnd.view(table.seat)
        action, _reason = player.choose(view)
        rows.append([_card_cell(action.card), readable(player.explain(view, action))])
        rnd.push(action)
    if not rows:
        raise TarotError(gettext_lazy("this position has no discard to make"))
    dog = ", ".join(say(c) for c in sorted(rnd.initial_dog))
    return {
        "header": [_("Laid away"), _("Why")],
        "rows": rows,
        "caption": _("The dog ({cards}) taken, the discard made", cards=dog),
    }


def call_table(hand: str, dog: str, contract: str = "garde") -> TableDescription:
    """Five players, you take: the King the computer player calls, and why."""
    table = taker_table({"hand": hand, "dog": dog, "contract": contract, "variant": "fft-5"})
    view = table.round.view(table.seat)
    action, _reason = RulePlayer().choose(view)
    if action.kind != "call":
        raise TarotError(gettext_lazy("this position has no card to call"))
    calls = [a.card for a in view.legal if a.kind == "call"]
    return {
        "header": [_("Cards you may call"), _("The computer player calls")],
        "rows": [[cards_markup(calls), _card_cell(action.card)]],
        "caption": _why(table, action),
    }


__all__ = [
    "bid_table",
    "call_table",
    "count_table",
    "discard_table",
    "play_table",
    "thresholds_table",
]
