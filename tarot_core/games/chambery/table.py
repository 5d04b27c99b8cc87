"""What a Chambéry table shows besides the cards: each seat's role, what was said, the running count and
the score request of a played deal (the round's ``rule_role``, ``rule_talk``, ``rule_score_panel`` and
``rule_score_request`` hooks)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from ...cards import Card
from ...engine.state import Phase, ScorePanel
from ...errors import TarotError
from ...seats import ATTACK, DEFENCE, SEATS, Seat


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
    def count(self) -> TableCounting: ...
    def tally(self) -> TableCounting: ...
    def rule_partner_known(self, seat: Seat) -> bool: ...


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
        lines.append(f"{name(holder)} hands {card(wanted)}, demanded, to {taker}.")
    for back, receiver in rnd.given:
        seen = viewer is None or viewer in (receiver, rnd.taker)
        lines.append(f"{name(receiver)} gets {card(back) if seen else 'a card'} back in exchange.")
    for text in rnd.announcements:
        if " hands the " in text or " holds the " in text:
            continue  # told above, or by the called card
        lines.append(str(text))
    known = viewer is None or rnd.rule_partner_known(viewer)
    if rnd.called is not None and rnd.partner is not None and known:
        lines.append(f"{name(rnd.partner)} holds {card(rnd.called)} and plays with {name(rnd.dealer)}.")
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
