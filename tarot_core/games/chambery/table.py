"""What a Chambéry table shows besides the cards: each seat's role, what was said, the running count and
the score request of a played deal (the round's ``rule_role``, ``rule_talk``, ``rule_score_panel`` and
``rule_score_request`` hooks), and how a replay tells the deal (``trick_note``, ``result_lines``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence, Set
from typing import Protocol

from ...cards import Card
from ...engine.round import RoundResult
from ...engine.state import Phase, ScorePanel
from ...engine.trick import ExcuseNote, Trick
from ...errors import TarotError
from ...messages import Number, _
from ...seats import ATTACK, DEFENCE, SEATS, Seat
from .play import BIDS_BY_WORD


class TableCounting(Protocol):
    """What the table reads of a Chambéry counting."""

    @property
    def seat_points(self) -> Sequence[int]: ...
    @property
    def seat_tricks(self) -> Sequence[int]: ...
    @property
    def attack_points(self) -> int: ...
    @property
    def defence_points(self) -> int: ...
    @property
    def tricks_won(self) -> Mapping[str, int]: ...
    @property
    def excuse(self) -> ExcuseNote | None: ...
    @property
    def discard_points(self) -> int: ...


class TableVariant(Protocol):
    """The variant as the score request names it."""

    @property
    def family(self) -> str: ...


class TableLayout(Protocol):
    """The layout as the score request reads it: the size of the pack."""

    @property
    def pack(self) -> int: ...


class TableRound(Protocol):
    """What the table reads of a Chambéry round."""

    @property
    def variant(self) -> TableVariant: ...
    @property
    def layout(self) -> TableLayout: ...
    @property
    def players(self) -> int: ...
    @property
    def dealer(self) -> Seat: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def outcome(self) -> str | None: ...
    @property
    def contract(self) -> str | None: ...
    @property
    def taker(self) -> Seat | None: ...
    @property
    def partner(self) -> Seat | None: ...
    @property
    def called(self) -> Card | None: ...
    @property
    def received(self) -> Sequence[tuple[Card, Seat]]: ...
    @property
    def given(self) -> Sequence[tuple[Card, Seat]]: ...
    @property
    def announcements(self) -> Sequence[str]: ...
    @property
    def retold(self) -> Set[int]: ...
    def count(self) -> TableCounting: ...
    def tally(self) -> TableCounting: ...
    def rule_partner_known(self, seat: Seat) -> bool: ...
    def side_of(self, seat: Seat) -> str: ...
    def trick_points(self, trick: Trick) -> int: ...
    def result(self) -> RoundResult: ...


def role(rnd: TableRound, seat: Seat) -> str:
    """The dealer while each plays for himself (or before the bids); then the soloist ("dealer" when the
    dealer's side plays without a bid), his partner and the opponents, known to all."""
    if rnd.contract is None or rnd.contract == "individual":
        return "dealer" if seat == rnd.dealer else ""
    if seat == rnd.taker:
        return "soloist" if rnd.taker != rnd.dealer or rnd.contract not in ("call", "fixed") else "dealer"
    return "partner" if seat == rnd.partner else "opponent"


def talk(
    rnd: TableRound, name: Callable[[Seat], str], card: Callable[[Card], str], viewer: Seat | None = None
) -> list[str]:
    """The demanded cards handed to the soloist and those he gave back, what was said aloud (the Pagat
    laid away, ...) and who holds the called King, as ``viewer`` knows them: a card given back is seen
    by the soloist and the player who gets it, and the called King's holder shows when the view
    says so."""
    lines: list[str] = []
    for wanted, holder in rnd.received:
        taker = name(rnd.taker) if rnd.taker is not None else ""
        lines.append(
            _(
                "{holder} hands {card}, demanded, to {taker}.",
                holder=name(holder),
                card=card(wanted),
                taker=taker,
            )
        )
    for back, receiver in rnd.given:
        seen = viewer is None or viewer in (receiver, rnd.taker)
        shown = card(back) if seen else _("a card")
        lines.append(_("{receiver} gets {card} back in exchange.", receiver=name(receiver), card=shown))
    for number, text in enumerate(rnd.announcements):
        if number in rnd.retold:
            continue  # told above, or by the called card
        lines.append(str(text))
    known = viewer is None or rnd.rule_partner_known(viewer)
    if rnd.called is not None and rnd.partner is not None and known:
        lines.append(
            _(
                "{partner} holds {card} and plays with {dealer}.",
                partner=name(rnd.partner),
                card=card(rnd.called),
                dealer=name(rnd.dealer),
            )
        )
    return lines


def score_panel(rnd: TableRound) -> ScorePanel | None:
    """Once the play starts, the card points (a point per trick) and tricks of each player with three,
    of each side otherwise; the discard joins the dealer's at the end."""
    if rnd.phase not in (Phase.PLAYING, Phase.OVER):
        return None
    try:
        counting = rnd.count() if rnd.outcome == "played" else rnd.tally()
    except TarotError:
        return None
    if rnd.players == 3:
        rows: list[tuple[str, dict[str, object]]] = [
            (str(seat), {"points": counting.seat_points[seat], "tricks": counting.seat_tricks[seat]})
            for seat in SEATS[:3]
        ]
        return ScorePanel("seats", "card points", rows)
    rows = [
        (
            side,
            {
                "points": counting.attack_points if side == ATTACK else counting.defence_points,
                "tricks": counting.tricks_won.get(side, 0),
            },
        )
        for side in (ATTACK, DEFENCE)
    ]
    return ScorePanel("sides", "card points", rows)


def score_request(rnd: TableRound) -> dict[str, object] | None:
    """The players, the pack and the card points of a played deal: each player's with three, else the
    contract and the points of the soloist or the dealer's side."""
    if rnd.outcome != "played":
        return None
    counting = rnd.count()
    request: dict[str, object] = {
        "variant": rnd.variant.family,
        "players": rnd.players,
        "pack": rnd.layout.pack,
    }
    if rnd.players == 3:
        request["points"] = list(counting.seat_points)
    else:
        assert rnd.contract is not None
        request["contract"] = rnd.contract
        request["points"] = counting.attack_points
    return request


def _side_names(rnd: TableRound) -> tuple[str, str]:
    """The two sides as a running count names them: the soloist's or the dealer's, and the opponents."""
    if rnd.contract in BIDS_BY_WORD:
        return _("soloist"), _("opponents")
    return _("dealer's side"), _("opponents")


def trick_note(rnd: TableRound, trick: Trick) -> str:
    """What a replay prints after a trick's winner: his side (or, with three, himself) and the card points
    so far."""
    assert trick.winner is not None
    tally = rnd.tally()
    if rnd.players == 3:
        so_far = ", ".join(f"{SEATS[i]} {points}" for i, points in enumerate(tally.seat_points))
        return _(
            "({seat} takes {points}); card points so far: {so_far}",
            seat=trick.winner,
            points=rnd.trick_points(trick),
            so_far=so_far,
        )
    attack, defence = _side_names(rnd)
    side = attack if rnd.side_of(trick.winner) == ATTACK else defence
    return _(
        "({side}, {points}); card points so far: {attack} {attack_points}, {defence} {defence_points}",
        side=side,
        points=rnd.trick_points(trick),
        attack=attack,
        attack_points=tally.attack_points,
        defence=defence,
        defence_points=tally.defence_points,
    )


def result_lines(rnd: TableRound, name: Callable[[Seat], str]) -> list[str]:
    """The end of a replay: what was announced, the counting, the working and every score."""
    result = rnd.result()
    counting = rnd.count()
    score = result.score
    assert score is not None
    lines = [_("Said aloud: {said}", said=line) for line in rnd.announcements]
    if counting.excuse is not None:
        lines.append(_("Fou: {explanation}.", explanation=counting.excuse.explanation))
    counted = ", ".join(f"{name(SEATS[i])} {points}" for i, points in enumerate(counting.seat_points))
    lines.append(
        _(
            "Card points: {points} (the discard brings the dealer {discard})",
            points=counted,
            discard=counting.discard_points,
        )
    )
    if rnd.players > 3:
        attack, defence = _side_names(rnd)
        lines.append(
            _(
                "Counted: {attack} {attack_points}, {defence} {defence_points}",
                attack=attack,
                attack_points=counting.attack_points,
                defence=defence,
                defence_points=counting.defence_points,
            )
        )
    width = max(len(term.label) for term in score.terms) + 2
    lines.extend(f"  {term.label.ljust(width, '.')} {term.value}" for term in score.terms)
    scores = ", ".join(f"{name(seat)} {Number(value):+d}" for seat, value in result.by_seat.items())
    lines.append(_("By seat: {scores}", scores=scores))
    return lines
