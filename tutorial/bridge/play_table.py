"""The play page's game and table: a deal in progress, read and checked, and drawn as the reader's seat
sees it (HTML). :mod:`tutorial.bridge.play` answers the page with them.

A game is its setup and the actions so far,

    {"variant": "fft", "players": 4, "seed": 7, "seat": "p2", "level": "rule", "actions": ["p2 pass", ...]}

rebuilt from the seeded deal at each call (the last round is kept, so a call that adds one action
replays nothing). What the table shows comes from the reader's :class:`~tarot_core.engine.view.SeatView`
only: the engine decides what a seat may see, never this module. The computer players are seeded by
the deal and the number of actions played, so the same moves by the reader always meet the same
answers.
"""

from __future__ import annotations

import html
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from tarot_core.actions import Action
from tarot_core.cards import Card, sort_hand
from tarot_core.engine.round import Round
from tarot_core.engine.variant import FAMILIES as REGISTRY
from tarot_core.engine.variant import Variant, family_players, variant_for, words_for
from tarot_core.engine.view import Pile, SeatView, TrickView
from tarot_core.errors import TarotError, quoted
from tarot_core.players import Player, make_player
from tarot_core.players.base import action_words, card_words
from tarot_core.records import HandRecord
from tarot_core.seats import SEATS, Seat

from .common import card_face, card_json, card_name, card_phrase, cards_html, hidden_html, name_seats
from .query import DEFAULT_RULES
from .replay import tally_html, trick_html
from .state import tally_of

SCHEMA: Final = 1
Json = dict[str, Any]

#: The rule sets a reader can play, in the registry's order, each with its name in a menu.
FAMILIES: Final = {family: words_for(family).name for family in REGISTRY}
#: The rule set of a setup that names none: the calculator's default rules.
DEFAULT_FAMILY: Final = DEFAULT_RULES
#: The computer players' levels: (name in the menu, what it means).
LEVELS: Final = {
    "random": ("Beginner", "plays any card the rules allow, at random"),
    "rule": ("Club player", "bids, discards and plays by the principles club players follow"),
    "mc": ("Strong", "plays out the possible deals of the unseen cards before each card it chooses"),
}
DEFAULT_LEVEL: Final = "mc"
#: Play-outs per card choice of the strong level in the page (see docs/developers/performance.md: the
#: number that keeps a move under 300 ms in the browser at the 95th percentile).
PAGE_PLAYOUTS: Final = 16
#: The players' names, by seat; the reader's seat is "You".
NAMES: Final = ("Alice", "Bruno", "Chloé", "David", "Émile")
MAX_SEED: Final = 999_999_999
#: The dealer of every game: the reader chooses a seat relative to him.
DEALER: Final = SEATS[0]


class PlayError(TarotError):
    """A setup or a saved game that cannot be played, with the field it came from."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


@dataclass(frozen=True)
class Game:
    """A deal in progress: the setup and the actions so far (every action, every seat's)."""

    family: str
    players: int
    seed: int
    seat: Seat
    level: str
    actions: tuple[str, ...] = ()

    @property
    def variant(self) -> Variant:
        return _variant(self.family, self.players)

    def to_json(self) -> Json:
        return {
            "variant": self.family,
            "players": self.players,
            "seed": self.seed,
            "seat": str(self.seat),
            "level": self.level,
            "actions": list(self.actions),
        }

    def address(self) -> dict[str, str]:
        """The address parameters that reproduce this deal from its start."""
        return {
            "variant": self.family,
            "players": str(self.players),
            "seed": str(self.seed),
            "seat": str(self.seat),
            "level": self.level,
        }

    def name(self, seat: Seat) -> str:
        return "You" if seat == self.seat else NAMES[seat]


_VARIANTS: dict[tuple[str, int], Variant] = {}


def _variant(family: str, players: int) -> Variant:
    key = (family, players)
    if key not in _VARIANTS:
        _VARIANTS[key] = variant_for(family, players)
    return _VARIANTS[key]


# ====================================================================================== reading
def _text(data: Mapping[str, Any], name: str, default: str) -> str:
    value = data.get(name, default)
    if isinstance(value, list):  # an address parameter given twice: the first one counts
        value = value[0] if value else default
    return str(value if value is not None else default).strip().lower()


def _whole(data: Mapping[str, Any], name: str, default: str, what: str) -> int:
    text = _text(data, name, default)
    if not text.isdigit():
        raise PlayError(name, f"{what} must be a whole number, not {text!r}")
    return int(text)


def read_setup(data: Mapping[str, Any], *, seed: int | None = None) -> Game:
    """A game's setup from the form or the address: ``variant``, ``players``, ``seed``, ``seat``,
    ``level``, each checked, with the reason in words when one is wrong."""
    family = _text(data, "variant", DEFAULT_FAMILY)
    if family not in FAMILIES:
        names = ", ".join(f"{key} ({label})" for key, label in FAMILIES.items())
        raise PlayError("variant", f"there is no rule set {family!r} to play; choose {names}")
    counts = family_players(family)
    players = _whole(data, "players", str(4 if 4 in counts else counts[-1]), "the number of players")
    if players not in counts:
        shown = " or ".join(str(n) for n in counts)
        raise PlayError("players", f"{FAMILIES[family]} is played by {shown} players, not {players}")
    if seed is None:
        seed = _whole(data, "seed", "1", "the deal's number")
    if not 1 <= seed <= MAX_SEED:
        raise PlayError("seed", f"the deal's number goes from 1 to {MAX_SEED:,}, not {seed}")
    seat_text = _text(data, "seat", str(SEATS[1 % players]))
    try:
        seat = Seat.parse(seat_text, players)
    except TarotError:
        raise PlayError(
            "seat", f"your seat is the dealer's or one of the {players - 1} after it, at a table of {players}"
        ) from None
    level = _text(data, "level", DEFAULT_LEVEL)
    if level not in LEVELS:
        names = ", ".join(f"{key} ({label})" for key, (label, _) in LEVELS.items())
        raise PlayError("level", f"there is no computer level {level!r}; choose {names}")
    return Game(family, players, seed, seat, level)


def read_game(data: object) -> Game:
    """A saved game: its setup, then its actions (checked when the round is rebuilt)."""
    if not isinstance(data, Mapping):
        raise PlayError("game", "a saved game is a JSON object")
    game = read_setup(data)
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions) or len(actions) > 400:
        raise PlayError("game", "a saved game's actions are a list of actions in the notation")
    return replace(game, actions=tuple(actions))


# ====================================================================================== the round
_LAST: list[tuple[Game, Round]] = []


def round_of(game: Game) -> Round:
    """The round after the game's actions, replayed from its deal (each checked by the engine).

    The round of the last call is kept and carried on when the game goes on from it. A game refused
    on the way is never kept, even in part: the next call starts again from the deal.
    """
    rnd: Round | None = None
    done = 0
    if _LAST:
        kept, kept_round = _LAST[0]
        same = replace(kept, actions=())
        if same == replace(game, actions=()) and game.actions[: len(kept.actions)] == kept.actions:
            rnd, done = kept_round, len(kept.actions)
    forget()  # from here the kept round changes: it is kept again once the whole game is in it
    if rnd is None:
        rnd = game.variant.deal_round(DEALER, game.seed)
    for number, text in enumerate(game.actions[done:], start=done + 1):
        try:
            action = Action.parse(text, game.players)
        except TarotError as error:
            raise PlayError("game", f"this saved deal cannot go on: action {number}: {error}") from None
        refusal = rnd.why_illegal(action)
        if refusal is not None:
            raise PlayError(
                "game", f"this saved deal cannot go on: action {number} ({quoted(text)}): {refusal.message}"
            )
        rnd.push(action)
    _LAST[:] = [(game, rnd)]
    return rnd


# ====================================================================================== what the page keeps
#: The last game sent to the page as its reader saw it, and the same game with every card: a call that
#: goes on from it restores nothing it has restored before.
_SENT: list[tuple[Game, Game]] = []


def game_json(game: Game, view: SeatView) -> Json:
    """The game as the page keeps it: until the deal ends, each action as the reader's seat saw it
    (another player's discard is ``p3 discard``, without its card), so that nothing the page holds
    names a card the reader may not know."""
    if view.phase == "over":
        return game.to_json()
    seen = replace(game, actions=tuple(str(action) for action in view.history))
    _SENT[:] = [(seen, game)]
    return seen.to_json()


def restored(game: Game) -> Game:
    """A game the page sent back, every action made whole again: an action the reader saw without
    its card is the computer player's own choice at that point, made again (the same seeded choice
    from the same view), and it must be the action the reader was shown."""
    done: tuple[str, ...] = ()
    whole: list[str] = []
    if _SENT:
        seen, full = _SENT[0]
        if replace(seen, actions=()) == replace(game, actions=()) and (
            game.actions[: len(seen.actions)] == seen.actions
        ):
            done, whole = seen.actions, list(full.actions)
    for number, text in enumerate(game.actions[len(done) :], start=len(done)):
        whole.append(_made_whole(replace(game, actions=tuple(whole)), number, text))
    return replace(game, actions=tuple(whole))


def _made_whole(before: Game, number: int, text: str) -> str:
    try:
        action = Action.parse(text, before.players)
    except TarotError:
        return text  # the round reports it
    if action.cards or action.seat == before.seat:
        return text
    rnd = round_of(before)
    if rnd.to_move != action.seat or rnd.why_illegal(action) is None:
        return text
    made = player_for(before.level).decide(rnd.view(action.seat), rng_for(before, "move"))
    if rnd.rule_seen_action(before.seat, made) != action:
        raise PlayError("game", f"this saved deal cannot go on: action {number + 1} is not what was played")
    return str(made)


def said_last(game: Game, view: SeatView) -> str:
    """The last action as the reader's seat saw it, in the table's words (never the card of another
    player's discard)."""
    return action_sentence(game, view.history[-1]) if view.history else ""


def forget() -> None:
    """Keep no round: the next call replays its game from the deal."""
    _LAST.clear()


def with_action(game: Game, rnd: Round, action: Action) -> Game:
    """The game one action on (the round, pushed, is the one kept for the next call)."""
    rnd.push(action)
    moved = replace(game, actions=(*game.actions, str(action)))
    _LAST[:] = [(moved, rnd)]
    return moved


def player_for(level: str) -> Player:
    return make_player(level, playouts=PAGE_PLAYOUTS) if level == "mc" else make_player(level)


def rng_for(game: Game, purpose: str) -> random.Random:
    """The computer's chance for one decision: the same at the same point of the same deal."""
    return random.Random(f"play:{game.family}-{game.players}:{game.seed}:{len(game.actions)}:{purpose}")


# ====================================================================================== words
def escape(value: object) -> str:
    return html.escape(str(value), quote=True)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _card(card: Card, family: str) -> str:
    return card_phrase(card, family)


#: The verbs of the engine's action words (``Plays the King of Hearts``) and their plain form.
PLAIN_VERBS: Final = {
    "Passes": "pass",
    "Plays": "play",
    "Bids": "bid",
    "Calls": "call",
    "Lays": "lay",
    "Shows": "show",
    "Announces": "announce",
    "Declares": "declare",
    "Asks": "ask",
    "Hands": "hand",
}


def plain_words(words: str) -> str:
    """``Plays the King of Hearts`` as ``play the King of Hearts``: for "you", "I would" and buttons."""
    verb, _, rest = words.partition(" ")
    return f"{PLAIN_VERBS.get(verb, verb.lower())} {rest}".strip()


def action_sentence(game: Game, action: Action) -> str:
    """An action as the table says it: ``Bruno bids garde.``, ``You play the King of Hearts.``"""
    who = game.name(action.seat)
    words = action_text(action, game)
    if who == "You":
        return f"You {plain_words(words)}."
    return f"{who} {words[:1].lower()}{words[1:]}."


def action_text(action: Action, game: Game) -> str:
    """What an action does, in the table's words: its cards by this rule set's names, and any seat it
    names by the player's name ("Asks Alice for a Tarot Trump"; "you" for the reader)."""
    family = game.family
    words = action_words(action)
    if action.kind in ("play", "discard", "give", "call", "demand") and action.cards:
        words = words.replace(card_words(action.card), _card(action.card, family))

    return named(game, words)


def named(game: Game, text: str) -> str:
    """A sentence of the engine with each seat code as the player's name ("you" for the reader): a
    reader meets Bruno, never p2."""
    names = {str(seat): "you" if seat == game.seat else game.name(seat) for seat in SEATS[: game.players]}
    return name_seats(text, names)


# ====================================================================================== drawing
#: Each rule set's names of its contracts, by the word of the notation (the words differ between sets).
CONTRACT_NAMES: Final = {
    word: name for family in REGISTRY for word, name in words_for(family).contract_names.items()
}


def contract_name(word: str) -> str:
    """``Garde (guard)`` for ``garde``: a contract as the menus and sentences name it."""
    return CONTRACT_NAMES.get(word, _cap(word.replace("-", " ")))


STATES: Final = {
    "bidding": "bidding",
    "petit-sec": "bidding",
    "calling": "calling",
    "discard": "discarding",
    "playing": "your-turn",
}


def widget_state(view: SeatView) -> str:
    """The widget's ``data-state``: ``over``, ``thinking`` (a computer player is to move) or what the
    reader is asked to do."""
    if view.phase == "over":
        return "over"
    if not view.my_turn:
        return "thinking"
    return STATES.get(view.phase, "your-turn")


def hand_kind(view: SeatView) -> str:
    """What choosing a card of the hand does now: ``play``, ``discard``, ``give`` (or nothing)."""
    hand = set(view.hand)
    for action in view.legal:
        if action.cards and action.kind != "call" and all(card in hand for card in action.cards):
            return action.kind
    return ""


def _prompt(game: Game, view: SeatView, kind: str) -> str:
    words = game.variant.words
    if view.phase == "over":
        return "The deal is over."
    if not view.my_turn:
        assert view.to_move is not None
        return f"{game.name(view.to_move)} is thinking."
    if kind == "play":
        current = view.current
        lead = current is None or not current.plays
        return "Your lead: choose a card." if lead else "Your turn: choose a card to play."
    if kind == "discard":
        return words.discard_prompt
    if kind == "give":
        return "Choose the card to hand over."
    if view.phase == "bidding":
        return "Your turn to bid: pass or choose a contract."
    if view.phase == "calling":
        return words.calling_prompt
    return "Your turn."


def _seats_html(game: Game, view: SeatView, rnd_tricks: Sequence[TrickView]) -> str:
    won = dict.fromkeys(view.seats, 0)
    for trick in rnd_tricks:
        if trick.winner is not None:
            won[trick.winner] += 1
    items = []
    for seat in view.seats:
        roles = []
        if seat == view.dealer:
            roles.append("dealer")
        if view.taker is not None and seat == view.taker:
            roles.append(game.variant.words.taker)
        elif view.partner is not None and seat == view.partner:
            roles.append("partner")
        role = f'<span class="tp-role">{escape(", ".join(roles))}</span>' if roles else ""
        turn = " tp-to-move" if seat == view.to_move else ""
        mine = " tp-me" if seat == view.seat else ""
        cards = view.hand_sizes[seat]
        items.append(
            f'<li class="tp-seat{turn}{mine}" data-seat="{seat}">'
            f'<span class="tp-name">{escape(game.name(seat))}</span>{role}'
            f'<span class="tp-counts">{cards} card{"" if cards == 1 else "s"}</span>'
            f'<span class="tp-counts">{won[seat]} trick{"" if won[seat] == 1 else "s"}</span></li>'
        )
    style = f"--tp-players: {len(items)}"
    return f'<ul class="tp-seats" style="{style}" aria-label="The players">{"".join(items)}</ul>'


def _trick_state(game: Game, trick: TrickView, current: bool) -> Json:
    plays = [{"seat": str(s), "card": card_json(c)} for s, c in trick.plays]
    data: Json = {"number": trick.number + 1, "leader": str(trick.leader), "plays": plays}
    if current:
        data["winning"] = str(trick.ahead) if trick.ahead is not None else None
    else:
        data["winner"] = str(trick.winner)
    return data


def _table_html(game: Game, view: SeatView) -> str:
    """The trick on the table: the one being played, or the last one won until the next card is led."""
    names = {"seats": [{"seat": str(s), "name": game.name(s)} for s in view.seats]}
    current = view.current
    if current is not None and current.plays:
        caption = f"Trick {current.number + 1} so far"
        return trick_html(names, _trick_state(game, current, True), caption)
    done = [t for t in view.tricks if t.complete]
    if done:
        last = done[-1]
        assert last.winner is not None
        caption = f"Trick {last.number + 1}, won by {game.name(last.winner)}"
        return trick_html(names, _trick_state(game, last, False), caption)
    return ""


PILE_TITLES: Final = {
    "dog": "The dog, turned over for all to see",
    "discard": "{whose} discard",
    "discard-trumps": "Trumps in {whose} discard",
    "handful": "{who} showed a handful",
    "stock": "The stock, taken up by {who}",
    "given": "Handed over by {who}",
    "received": "Handed to {who}",
    "discard-found": "Found in {whose} discard",
    "discard-pagat": "The Pagat {who} laid away",
}


def _pile_title(game: Game, pile: Pile) -> str:
    who = game.name(pile.seat) if pile.seat is not None else "nobody"
    whose = "Your" if who == "You" else f"{who}'s"
    title = PILE_TITLES.get(pile.name, pile.name.replace("-", " ").capitalize())
    return title.format(who=who, whose=whose)


def _piles_html(game: Game, view: SeatView) -> str:
    items = []
    for pile in view.shown:
        if pile.name == "declaration":
            continue
        cards = sort_hand(list(pile.cards))
        items.append(
            f'<div class="tw-pile" data-pile="{escape(pile.name)}">'
            f'<p class="tw-pile-title">{escape(_pile_title(game, pile))}</p>'
            f"{cards_html(cards, 'none')}</div>"
        )
    for name, count in view.hidden:
        if count:
            title = {"dog": "The dog", "discard": "The discard"}.get(
                name, name.replace("-", " ").capitalize()
            )
            items.append(
                f'<div class="tw-pile" data-pile="{escape(name)}">'
                f'<p class="tw-pile-title">{escape(title)}</p>'
                f"{hidden_html(count, 'cards')}</div>"
            )
    if not items:
        return ""
    piles = f'<div class="tp-piles">{"".join(items)}</div>'
    if view.phase != "playing":
        return piles
    # In the play the trick and the hand come first: what was shown stays one tap away.
    return f'<details class="tp-shown"><summary>Cards shown at the table</summary>{piles}</details>'


def _bids_html(game: Game, view: SeatView) -> str:
    if view.phase not in ("bidding", "calling", "petit-sec") or not view.bids:
        return ""
    said = "".join(f"<li>{escape(action_sentence(game, bid))}</li>" for bid in view.bids)
    return f'<ol class="tp-bids" aria-label="The bidding so far">{said}</ol>'


def _contract_line(game: Game, view: SeatView) -> str:
    parts = []
    if view.contract is not None and view.taker is not None and view.phase != "bidding":
        taker = game.name(view.taker)
        contract = contract_name(view.contract).lower()
        verb = "play" if taker == "You" else "plays"
        parts.append(f"{taker} {verb} a {contract}.")
    if view.called is not None:
        called = _card(view.called, game.family)
        if view.partner_known and view.partner is not None:
            partner = game.name(view.partner)
            holds = "hold" if partner == "You" else "holds"
            parts.append(f"The called card is {called}: {partner} {holds} it.")
        else:
            parts.append(f"The called card is {called}; who holds it shows when it is played.")
    if not parts:
        return ""
    return f'<p class="tp-contract">{escape(" ".join(parts))}</p>'


def _hand_html(game: Game, view: SeatView, kind: str, uid: str) -> str:
    hand = sort_hand(list(view.hand))
    if not hand:
        return '<p class="tp-hand-title">Your hand is empty.</p>'
    if not (kind and view.my_turn):
        return (
            f'<p class="tp-hand-title" id="{uid}-hand">Your hand</p>'
            f'<div class="tp-hand tp-hand-idle" aria-labelledby="{uid}-hand">{cards_html(hand)}</div>'
        )
    legal = {a.card for a in view.legal if a.kind == kind and a.cards}
    active = True
    buttons = []
    first = next((c for c in hand if c in legal), hand[0])
    for card in hand:
        ok = active and card in legal
        name = card_name(card)
        label, css = card_face(card)
        note = "" if ok or not active else '<span class="tw-sr"> (not allowed now)</span>'
        state = f' data-legal="{"true" if ok else "false"}"' if active else ""
        tab = "0" if card == first else "-1"
        buttons.append(
            f'<button type="button" class="tw-card tw-card-button {css}{" tp-legal" if ok else ""}" '
            f'data-card="{card}"{state} tabindex="{tab}" title="{escape(name)}"'
            f"{'' if active else ' disabled'}>"
            f'<span aria-hidden="true">{escape(label)}</span>'
            f'<span class="tw-sr">{escape(name)}</span>{note}</button>'
        )
    what = {"play": "choose a card to play", "discard": "choose a card to lay away", "give": "choose a card"}
    title = f"Your hand: {what[kind]}" if active and kind in what else "Your hand"
    keys = (
        '<p class="tp-keys">Arrow keys move along the hand; Enter or Space chooses the card.</p>'
        if active
        else ""
    )
    return (
        f'<p class="tp-hand-title" id="{uid}-hand">{escape(title)}</p>'
        f'<div class="tp-hand" role="toolbar" aria-labelledby="{uid}-hand" data-kind="{escape(kind)}">'
        f"{''.join(buttons)}</div>{keys}"
    )


def _bid_label(game: Game, action: Action) -> str:
    if action.kind == "pass":
        return "Pass"
    return contract_name(action.word)


def _actions_html(game: Game, view: SeatView, kind: str) -> str:
    """Buttons for the reader's actions that are not a card of the hand: bids, calls, announcements."""
    if not view.my_turn:
        return ""
    buttons = []
    for action in view.legal:
        if kind and action.kind == kind and action.cards:
            continue
        if action.kind in ("bid", "pass"):
            word = "pass" if action.kind == "pass" else action.word
            buttons.append(
                f'<button type="button" class="tw-button tp-bid" data-bid="{escape(word)}" '
                f'data-action="{escape(action)}">{escape(_bid_label(game, action))}</button>'
            )
            continue
        label = _cap(plain_words(action_text(action, game)))
        if action.kind == "call" and action.cards:
            label = f"Call {_card(action.card, game.family)}"
        buttons.append(
            f'<button type="button" class="tw-button tp-act" data-action="{escape(action)}">'
            f"{escape(label)}</button>"
        )
    if not buttons:
        return ""
    what = "Your bid" if view.phase == "bidding" else "Your choice"
    return f'<div class="tp-actions" role="group" aria-label="{what}">{"".join(buttons)}</div>'


def _undo_html(game: Game, view: SeatView) -> str:
    if undoable(game, view):
        return (
            '<p class="tp-undo-row"><button type="button" class="tw-button tp-undo" data-undo="">'
            "Take back the last card laid away</button></p>"
        )
    return ""


def undoable(game: Game, view: SeatView) -> bool:
    if not game.actions or not view.my_turn or view.phase != "discard":
        return False
    last = Action.parse(game.actions[-1], game.players)
    return last.seat == game.seat and last.kind == "discard"


def _tally_html(game: Game, view: SeatView, rnd: Round) -> str:
    """The card points and bouts of each side so far, when the reader knows the sides."""
    if not view.tricks or not any(t.complete for t in view.tricks):
        return ""
    names = [game.name(seat) for seat in SEATS[: game.players]]
    record = HandRecord.from_round(rnd, players=names, with_expected=False)
    sides_hidden = view.same_side(view.seats[(view.seat + 1) % game.players]) is None or any(
        view.same_side(s) is None for s in view.seats
    )
    state: Json = {"sides_hidden": sides_hidden, "taker": view.taker, "tricks": [], "family": game.family}
    tally = None if sides_hidden else tally_of(rnd, record)
    return tally_html(tally, state)


def table_html(game: Game, rnd: Round, uid: str) -> str:
    """The reader's side of the table now: everything comes from the reader's view."""
    view = rnd.view(game.seat)
    kind = hand_kind(view) if view.my_turn else ""
    status = _prompt(game, view, kind)
    head = f'<p class="tp-status" data-status>{escape(status)}</p>'
    trick = _table_html(game, view)
    if view.phase == "over":  # the score and the open replay follow: the last trick is enough here
        return f'{head}<div class="tp-table">{trick}</div>'
    piles = _piles_html(game, view)
    playing = view.phase == "playing"
    parts = [
        head,
        _contract_line(game, view),
        _seats_html(game, view, view.tricks),
        _tally_html(game, view, rnd),
        f'<div class="tp-table">{trick}{"" if playing else piles}</div>',
        _bids_html(game, view),
        _actions_html(game, view, kind),
        _hand_html(game, view, kind, uid),
        _undo_html(game, view),
        piles if playing else "",
    ]
    return "".join(part for part in parts if part)


# ====================================================================================== build time
def setup_html(uid: str, game: Game) -> str:
    """The form that starts a deal: the rule set, the number of players, the computer's level, your seat."""
    families = "".join(
        f'<option value="{key}"{" selected" if key == game.family else ""}>{escape(label)}</option>'
        for key, label in FAMILIES.items()
    )
    counts = sorted({n for family in FAMILIES for n in family_players(family)})
    players = "".join(
        f'<option value="{n}"{" selected" if n == game.players else ""}>{n} players</option>' for n in counts
    )
    levels = "".join(
        f'<option value="{key}"{" selected" if key == game.level else ""}>'
        f"{escape(label)}: {escape(what)}</option>"
        for key, (label, what) in LEVELS.items()
    )
    seats = "".join(
        f'<option value="p{n}"{" selected" if n - 1 == game.seat else ""}>'
        f"{'the dealer' if n == 1 else f'{n - 1} after the dealer'}</option>"
        for n in range(1, 6)
    )
    fields = "".join(
        f'<p><label for="{uid}-{name}">{label}</label>'
        f'<select id="{uid}-{name}" name="{name}">{choices}</select></p>'
        for name, label, choices in (
            ("variant", "Rules", families),
            ("players", "Players", players),
            ("level", "Computer", levels),
            ("seat", "Your seat", seats),
        )
    )
    return (
        f'<form class="tp-setup" data-setup novalidate aria-label="Choose the game">{fields}'
        f'<p class="tp-setup-error" data-field-error role="alert"></p>'
        f'<p><button type="submit" class="tw-button tw-primary">Deal these cards</button></p></form>'
    )
