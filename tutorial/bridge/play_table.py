"""The play page's game and table: a deal in progress, read and checked, and drawn as the reader's seat
sees it (HTML). :mod:`tutorial.play` answers the page with them.

A game is its setup and the actions so far,

    {"variant": "fft", "players": 4, "seed": 7, "seat": "p2", "level": "rule", "dealer": "p1",
     "actions": ["p2 pass", ...]}

rebuilt from the seeded deal at each call (the last round is kept, so a call that adds one action
replays nothing). What the table shows comes from the reader's :class:`~tarot_core.engine.view.SeatView`
only: the engine decides what a seat may see, never this module. The computer players are seeded by
the deal and the number of actions played, so the same moves by the reader always meet the same
answers.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from markupsafe import Markup

from tarot_core.actions import Action
from tarot_core.cards import sort_hand
from tarot_core.describe import card_noun, describe
from tarot_core.engine.round import Round
from tarot_core.engine.variant import FAMILIES as REGISTRY
from tarot_core.engine.variant import Variant, family_players, variant_for, words_for
from tarot_core.engine.view import Pile, SeatView, TrickView
from tarot_core.errors import TarotError, quoted
from tarot_core.messages import N_, Message, _, gettext_lazy, join_or, ngettext, pgettext
from tarot_core.players import STRONG_PLAYOUTS, Player, make_player
from tarot_core.records import HandRecord
from tarot_core.seats import SEATS, Seat

from . import templates
from .common import card_face, card_json, card_name, cards_html, hidden_html, name_seats
from .query import DEFAULT_RULES
from .replay import tally_html, trick_html
from .state import tally_of

SCHEMA: Final = 1
Json = dict[str, Any]

#: The rule sets a reader can play, in the registry's order, each with its name in a menu.
FAMILIES: Final = {family: words_for(family).name for family in REGISTRY}
#: The rule set of a setup that names none: the calculator's default rules.
DEFAULT_FAMILY: Final = DEFAULT_RULES
#: The computer players' levels: (name in the menu, what it means), each translated where it is shown.
LEVELS: Final = {
    "random": (
        N_("Beginner"),
        N_("bids like the club player, then plays any card the rules allow, at random"),
    ),
    "rule": (N_("Club player"), N_("bids, discards and plays by the principles club players follow")),
    "mc": (N_("Strong"), N_("plays out the possible deals of the unseen cards before each card it chooses")),
}
DEFAULT_LEVEL: Final = "mc"
#: The levels by the names the arena and the developers' pages give them, taken in an address too.
LEVEL_NAMES: Final = {"beginner": "random", "club": "rule", "strong": "mc"}
#: The play-out budget of a card choice of the strong level in the page (see
#: docs/developers/performance.md: the budget that keeps a move under 300 ms in the browser at the 95th
#: percentile); the arena's ``strong`` level plays with the same.
PAGE_PLAYOUTS: Final = STRONG_PLAYOUTS
#: The seconds the strong level's search may take at most in the page: on a machine too slow to spend
#: its budget in that time (a phone), it chooses on what it has played out by then, so that a move stays
#: under 300 ms with the table's drawing; on this project's machine the limit binds on few moves
#: (docs/developers/performance.md). The arena plays without it, so that its games are the same on any
#: machine.
PAGE_TIME_LIMIT: Final = 0.2
#: The players' names, by seat; the reader's seat is "You".
NAMES: Final = ("Alice", "Bruno", "Chloé", "David", "Émile")
MAX_SEED: Final = 999_999_999
#: The first dealer of an evening (a game that names none): the reader chooses a seat relative to him;
#: each next deal passes the deal on (:meth:`Game.next_dealer`).
DEALER: Final = SEATS[0]


class PlayError(TarotError):
    """A setup or a saved game that cannot be played, with the field it came from, and why: a
    :class:`~tarot_core.messages.Message` (``message`` is its text in the language of the moment)."""

    def __init__(self, field: str, message: Message | str) -> None:
        super().__init__(message)
        self.field = field
        self.message = str(message)


@dataclass(frozen=True)
class Game:
    """A deal in progress: the setup and the actions so far (every action, every seat's)."""

    family: str
    players: int
    seed: int
    seat: Seat
    level: str
    actions: tuple[str, ...] = ()
    dealer: Seat = DEALER

    @property
    def variant(self) -> Variant:
        return _variant(self.family, self.players)

    def next_dealer(self) -> Seat:
        """Who deals the next deal: the player after this deal's dealer, in the order of play."""
        return self.dealer.next(self.players)

    def to_json(self) -> Json:
        return {
            "variant": self.family,
            "players": self.players,
            "seed": self.seed,
            "seat": str(self.seat),
            "level": self.level,
            "dealer": str(self.dealer),
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
            "dealer": str(self.dealer),
        }

    def name(self, seat: Seat) -> str:
        return _("You") if seat == self.seat else NAMES[seat]

    def names(self) -> dict[Seat, str]:
        """Every player's name by seat (the reader's is "You")."""
        return {seat: self.name(seat) for seat in SEATS[: self.players]}


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


def _whole(data: Mapping[str, Any], name: str, default: str, refusal: str) -> int:
    """A whole number of the setup; ``refusal`` is the message when it is not one (``{text}`` filled in)."""
    text = _text(data, name, default)
    if not text.isdigit():
        raise PlayError(name, gettext_lazy(refusal, text=repr(text)))
    return int(text)


def _choose_from(choices: Mapping[str, object]) -> str:
    """``fft (French Tarot), classic (...)``: the keys a reader may write, each with its name."""
    return ", ".join(_("{key} ({name})", key=key, name=name) for key, name in choices.items())


def read_setup(data: Mapping[str, Any], *, seed: int | None = None) -> Game:
    """A game's setup from the form or the address: ``variant``, ``players``, ``seed``, ``seat``,
    ``level``, each checked, with the reason in words when one is wrong."""
    family = _text(data, "variant", DEFAULT_FAMILY)
    if family not in FAMILIES:
        names = _choose_from({key: _(label) for key, label in FAMILIES.items()})
        raise PlayError(
            "variant",
            gettext_lazy(
                "there is no rule set {family} to play; choose {names}", family=repr(family), names=names
            ),
        )
    counts = family_players(family)
    players = _whole(
        data,
        "players",
        str(4 if 4 in counts else counts[-1]),
        N_("the number of players must be a whole number, not {text}"),
    )
    if players not in counts:
        raise PlayError(
            "players",
            gettext_lazy(
                "{rules}: a game for {counts} players, not {players}",
                rules=_(FAMILIES[family]),
                counts=join_or(counts),
                players=players,
            ),
        )
    if seed is None:
        seed = _whole(data, "seed", "1", N_("the deal's number must be a whole number, not {text}"))
    if not 1 <= seed <= MAX_SEED:
        raise PlayError(
            "seed",
            gettext_lazy("the deal's number goes from 1 to {most:,}, not {seed}", most=MAX_SEED, seed=seed),
        )
    seat_text = _text(data, "seat", str(SEATS[1 % players]))
    try:
        seat = Seat.parse(seat_text, players)
    except TarotError:
        raise PlayError(
            "seat",
            gettext_lazy(
                "your seat is the dealer's or one of the {others} after it, at a table of {players}",
                others=players - 1,
                players=players,
            ),
        ) from None
    dealer_text = _text(data, "dealer", str(DEALER))
    try:
        dealer = Seat.parse(dealer_text, players)
    except TarotError:
        raise PlayError(
            "dealer",
            gettext_lazy(
                "the dealer is one of the {players} players, p1 to p{players}, not {text}",
                players=players,
                text=repr(dealer_text),
            ),
        ) from None
    level = _text(data, "level", DEFAULT_LEVEL)
    level = LEVEL_NAMES.get(level, level)
    if level not in LEVELS:
        # By the names a reader would write (the page's own links write the shorter codes).
        names = _choose_from({name: _(LEVELS[code][0]) for name, code in LEVEL_NAMES.items()})
        raise PlayError(
            "level",
            gettext_lazy(
                "there is no computer level {level}; choose {names}", level=quoted(level), names=names
            ),
        )
    return Game(family, players, seed, seat, level, dealer=dealer)


def read_game(data: object) -> Game:
    """A saved game: its setup, then its actions (checked when the round is rebuilt)."""
    if not isinstance(data, Mapping):
        raise PlayError("game", gettext_lazy("a saved game is a JSON object"))
    game = read_setup(data)
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions) or len(actions) > 400:
        raise PlayError("game", gettext_lazy("a saved game's actions are a list of actions in the notation"))
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
        rnd = game.variant.deal_round(game.dealer, game.seed)
    for number, text in enumerate(game.actions[done:], start=done + 1):
        try:
            action = Action.parse(text, game.players)
        except TarotError as error:
            raise PlayError(
                "game",
                gettext_lazy(
                    "this saved deal cannot go on: action {number}: {error}", number=number, error=error
                ),
            ) from None
        refusal = rnd.why_illegal(action)
        if refusal is not None:
            raise PlayError(
                "game",
                gettext_lazy(
                    "this saved deal cannot go on: action {number} ({action}): {refusal}",
                    number=number,
                    action=quoted(text),
                    refusal=refusal.message,
                ),
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
        raise PlayError(
            "game",
            gettext_lazy(
                "this saved deal cannot go on: action {number} is not what was played", number=number + 1
            ),
        )
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
    """The computer player of a level of the page (the strong level with the page's budget)."""
    levels = {"mc": "strong", "random": "beginner"}
    return make_player(levels.get(level, level), time_limit=PAGE_TIME_LIMIT)


def rng_for(game: Game, purpose: str) -> random.Random:
    """The computer's chance for one decision: the same at the same point of the same deal."""
    return random.Random(f"play:{game.family}-{game.players}:{game.seed}:{len(game.actions)}:{purpose}")


# ====================================================================================== words
# Every action is told by :func:`tarot_core.describe.describe`, in the rule set's words, each player by
# name and the reader as "you".
def action_sentence(game: Game, action: Action) -> str:
    """An action as the table says it: ``Bruno bids garde.``, ``You play the King of Hearts.``"""
    return str(describe(action, game.variant.words, game.names(), you=game.seat, style="table"))


def action_label(game: Game, action: Action) -> str:
    """One of the reader's actions on its button: ``Announce a slam``, ``Call the King of Hearts``."""
    return str(describe(action, game.variant.words, game.names(), you=game.seat, style="button"))


def advice(game: Game, action: Action) -> str:
    """The action the computer would choose in the reader's place: ``I would play the King of Hearts``."""
    return str(describe(action, game.variant.words, game.names(), you=game.seat, style="hint"))


def named(game: Game, text: str) -> str:
    """A sentence of the engine with each seat code as the player's name ("you" for the reader): a
    reader meets Bruno, never p2."""
    names = {str(seat): _("you") if seat == game.seat else game.name(seat) for seat in SEATS[: game.players]}
    return name_seats(text, names)


# ====================================================================================== drawing
#: Each rule set's names of its contracts, by the word of the notation (the words differ between sets).
CONTRACT_NAMES: Final = {
    word: name for family in REGISTRY for word, name in words_for(family).contract_names.items()
}


def contract_name(word: str) -> str:
    """``Garde (guard)`` for ``garde``: a contract as the menus and sentences name it."""
    name = CONTRACT_NAMES.get(word)
    if name is not None:
        return _(name)
    text = word.replace("-", " ")  # a word no rule set names: the notation's
    return text[:1].upper() + text[1:]


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
        return _("The deal is over.")
    if not view.my_turn:
        assert view.to_move is not None
        return _("{who} is thinking.", who=game.name(view.to_move))
    if kind == "play":
        current = view.current
        lead = current is None or not current.plays
        return _("Your lead: choose a card.") if lead else _("Your turn: choose a card to play.")
    if kind == "discard":
        return _(words.discard_prompt)
    if kind == "give":
        return _("Choose the card to hand over.")
    if view.phase == "bidding":
        return _("Your turn to bid: pass or choose a contract.")
    if view.phase == "calling":
        return _(words.calling_prompt)
    return _("Your turn.")


def _seats(game: Game, view: SeatView, tricks: Sequence[TrickView]) -> list[Json]:
    """The players round the table: name, part (dealer, taker, partner), cards in hand and tricks won."""
    won = dict.fromkeys(view.seats, 0)
    for trick in tricks:
        if trick.winner is not None:
            won[trick.winner] += 1
    seats = []
    for seat in view.seats:
        roles = []
        if seat == view.dealer:
            roles.append(_("dealer"))
        if view.taker is not None and seat == view.taker:
            roles.append(_(game.variant.words.taker))
        elif view.partner is not None and seat == view.partner:
            roles.append(_("partner"))
        seats.append(
            {
                "seat": str(seat),
                "name": game.name(seat),
                "roles": roles,
                "to_move": seat == view.to_move,
                "me": seat == view.seat,
                "cards": view.hand_sizes[seat],
                "tricks": won[seat],
            }
        )
    return seats


def _trick_state(game: Game, trick: TrickView, current: bool) -> Json:
    plays = [{"seat": str(s), "card": card_json(c)} for s, c in trick.plays]
    data: Json = {"number": trick.number + 1, "leader": str(trick.leader), "plays": plays}
    if current:
        data["winning"] = str(trick.ahead) if trick.ahead is not None else None
    else:
        data["winner"] = str(trick.winner)
    return data


def _table_html(game: Game, view: SeatView) -> Markup:
    """The trick on the table: the one being played, or the last one won until the next card is led."""
    names = {"seats": [{"seat": str(s), "name": game.name(s)} for s in view.seats]}
    current = view.current
    if current is not None and current.plays:
        caption = _("Trick {number} so far", number=current.number + 1)
        return trick_html(names, _trick_state(game, current, True), caption)
    done = [t for t in view.tricks if t.complete]
    if done:
        last = done[-1]
        assert last.winner is not None
        caption = _("Trick {number}, won by {who}", number=last.number + 1, who=game.name(last.winner))
        return trick_html(names, _trick_state(game, last, False), caption)
    return Markup()


#: The title of each pile shown at the table, by the view's name for it: (the reader's, another
#: player's). ``{who}`` is the player (the reader's name is "You").
PILE_TITLES: Final = {
    "dog": (N_("The dog, turned over for all to see"), N_("The dog, turned over for all to see")),
    "discard": (N_("Your discard"), N_("{who}'s discard")),
    "discard-trumps": (N_("Trumps in Your discard"), N_("Trumps in {who}'s discard")),
    "handful": (N_("You showed a handful"), N_("{who} showed a handful")),
    "stock": (N_("The stock, taken up by {who}"), N_("The stock, taken up by {who}")),
    "given": (N_("Handed over by {who}"), N_("Handed over by {who}")),
    "received": (N_("Handed to {who}"), N_("Handed to {who}")),
    "discard-found": (N_("Found in Your discard"), N_("Found in {who}'s discard")),
    "discard-pagat": (N_("The Pagat {who} laid away"), N_("The Pagat {who} laid away")),
}
#: The title of each pile the reader may not see, by the view's name for it.
HIDDEN_TITLES: Final = {"dog": N_("The dog"), "discard": N_("The discard")}


def _pile_title(game: Game, pile: Pile) -> str:
    titles = PILE_TITLES.get(pile.name)
    if titles is None:  # a pile no title names: the view's name for it
        return pile.name.replace("-", " ").capitalize()
    yours, theirs = titles
    if pile.seat == game.seat:
        return _(yours, who=game.name(pile.seat))
    return _(theirs, who=game.name(pile.seat) if pile.seat is not None else _("nobody"))


def _piles_html(game: Game, view: SeatView) -> Markup:
    items = []
    for pile in view.shown:
        if pile.name == "declaration":
            continue
        cards = Markup(cards_html(sort_hand(list(pile.cards)), pgettext("cards", "none")))
        items.append(
            templates.render("replay/pile.html", key=pile.name, title=_pile_title(game, pile), cards=cards)
        )
    for name, count in view.hidden:
        if count:
            title = HIDDEN_TITLES.get(name)
            shown = _(title) if title is not None else name.replace("-", " ").capitalize()
            cards = Markup(hidden_html(count, "cards"))
            items.append(templates.render("replay/pile.html", key=name, title=shown, cards=cards))
    if not items:
        return Markup()
    # In the play the trick and the hand come first: what was shown stays one tap away.
    return templates.render("play/piles.html", piles=items, folded=view.phase == "playing")


def _bids(game: Game, view: SeatView) -> list[str]:
    if view.phase not in ("bidding", "calling", "petit-sec") or not view.bids:
        return []
    return [action_sentence(game, bid) for bid in view.bids]


def _contract_line(game: Game, view: SeatView) -> list[str]:
    """The contract and the called card, as sentences."""
    parts = []
    words = game.variant.words
    unbid = words.unbid_contracts.get(view.contract) if view.contract is not None else None
    if unbid is not None and view.phase != "bidding":
        # Nobody bid (Chambéry Tarot): the rule set's own sentence, "nobody bid a solo: Alice, the
        # dealer, calls a King".
        said = _(unbid, dealer=game.name(view.dealer))
        parts.append(_("{contract}.", contract=said[:1].upper() + said[1:]))
    elif view.contract is not None and view.taker is not None and view.phase != "bidding":
        contract = words.contract_noun(view.contract)
        if view.taker == game.seat:
            parts.append(_("You play {contract:a}.", contract=contract))
        else:
            parts.append(_("{who} plays {contract:a}.", who=game.name(view.taker), contract=contract))
    if view.called is not None:
        called = card_noun(view.called, game.variant.words)
        if view.partner_known and view.partner is not None:
            if view.partner == game.seat:
                parts.append(_("The called card is {card}: You hold it.", card=called))
            else:
                who = game.name(view.partner)
                parts.append(_("The called card is {card}: {who} holds it.", card=called, who=who))
        else:
            parts.append(_("The called card is {card}; who holds it shows when it is played.", card=called))
    return parts


#: What the hand's title asks for, by what choosing a card does.
HAND_TITLES: Final = {
    "play": N_("Your hand: choose a card to play"),
    "discard": N_("Your hand: choose a card to lay away"),
    "give": N_("Your hand: choose a card"),
}


def _hand_html(game: Game, view: SeatView, kind: str, uid: str) -> Markup:
    hand = sort_hand(list(view.hand))
    if not hand:
        return templates.render("play/hand.html", empty=True)
    if not (kind and view.my_turn):
        cards = Markup(cards_html(hand))
        return templates.render("play/hand.html", empty=False, buttons=None, uid=uid, cards=cards)
    legal = {a.card for a in view.legal if a.kind == kind and a.cards}
    first = next((c for c in hand if c in legal), hand[0])
    buttons = []
    for card in hand:
        label, css = card_face(card)
        buttons.append(
            {
                "code": str(card),
                "css": css,
                "legal": card in legal,
                "first": card == first,
                "name": card_name(card),
                "label": label,
            }
        )
    title = _(HAND_TITLES[kind]) if kind in HAND_TITLES else _("Your hand")
    return templates.render("play/hand.html", empty=False, buttons=buttons, uid=uid, title=title, kind=kind)


def _bid_label(game: Game, action: Action) -> str:
    if action.kind == "pass":
        return _("Pass")
    return contract_name(action.word)


def _actions(game: Game, view: SeatView, kind: str) -> list[Json]:
    """Buttons for the reader's actions that are not a card of the hand: bids, calls, announcements."""
    if not view.my_turn:
        return []
    buttons = []
    for action in view.legal:
        if kind and action.kind == kind and action.cards:
            continue
        if action.kind in ("bid", "pass"):
            word = "pass" if action.kind == "pass" else action.word
            buttons.append({"bid": word, "action": str(action), "label": _bid_label(game, action)})
        else:
            label = action_label(game, action)
            if action.kind == "call" and action.cards and action.card in view.hand:
                # Calling a card of one's own hand: nobody is the partner.
                label = _("{action} (your own: you play alone)", action=label)
            buttons.append({"bid": "", "action": str(action), "label": label})
    return buttons


def _last_is_my_discard(game: Game) -> bool:
    if not game.actions:
        return False
    last = Action.parse(game.actions[-1], game.players)
    return last.seat == game.seat and last.kind == "discard"


def undoable(game: Game, view: SeatView, *, hold: bool = False) -> bool:
    """Whether the reader may take back the last card laid away: nothing has happened since and the
    discard is still going on, or (when the page ``hold``s a complete discard for its confirmation) it
    is complete and not yet confirmed."""
    if not _last_is_my_discard(game):
        return False
    return (view.my_turn and view.phase == "discard") or (hold and discard_pending(game, view))


def discard_pending(game: Game, view: SeatView) -> bool:
    """Whether the reader has laid away the last card of the discard and nothing has happened since:
    the discard waits for the reader's confirmation (a card can still be taken back)."""
    return view.phase not in ("discard", "over") and _last_is_my_discard(game)


def discard_count(game: Game, view: SeatView) -> tuple[int, int]:
    """(cards the reader has laid away, cards the discard holds when complete)."""
    laid = sum(1 for action in view.history if action.seat == game.seat and action.kind == "discard")
    others = [view.hand_sizes[seat] for seat in view.seats if seat != game.seat]
    keep = max(others) if others else len(view.hand)
    return laid, laid + max(0, len(view.hand) - keep)


def _last_trick_html(game: Game, view: SeatView) -> Markup:
    """The last trick won, to look at again: its cards and who played them."""
    done = [t for t in view.tricks if t.complete]
    if not done:
        return Markup()
    last = done[-1]
    assert last.winner is not None
    names = {"seats": [{"seat": str(s), "name": game.name(s)} for s in view.seats]}
    caption = _("Trick {number}, won by {who}", number=last.number + 1, who=game.name(last.winner))
    return trick_html(names, _trick_state(game, last, False), caption)


def _tally_html(game: Game, view: SeatView, rnd: Round) -> Markup:
    """The card points and bouts of each side so far, when the reader knows the sides."""
    if not view.tricks or not any(t.complete for t in view.tricks):
        return Markup()
    names = [game.name(seat) for seat in SEATS[: game.players]]
    record = HandRecord.from_round(rnd, players=names, with_expected=False)
    sides_hidden = view.same_side(view.seats[(view.seat + 1) % game.players]) is None or any(
        view.same_side(s) is None for s in view.seats
    )
    state: Json = {"sides_hidden": sides_hidden, "taker": view.taker, "tricks": [], "family": game.family}
    tally = None if sides_hidden else tally_of(rnd, record)
    return tally_html(tally, state)


def table_html(game: Game, rnd: Round, uid: str, *, hold: bool = False) -> Markup:
    """The reader's side of the table now: everything comes from the reader's view. With ``hold``, a
    discard the reader has completed waits for the reader's confirmation."""
    view = rnd.view(game.seat)
    pending = hold and discard_pending(game, view)
    kind = hand_kind(view) if view.my_turn and not pending else ""
    status = _prompt(game, view, kind)
    if pending:
        status = _("Your discard is complete: confirm it, or take back a card.")
    trick = _table_html(game, view)
    if view.phase == "over":  # the score and the open replay follow: the last trick is enough here
        return templates.render("play/table.html", status=status, over=True, trick=trick)
    counted = ""
    if kind == "discard" or pending:
        laid, total = discard_count(game, view)
        counted = ngettext("{laid} of {n} card laid away", "{laid} of {n} cards laid away", total, laid=laid)
    return templates.render(
        "play/table.html",
        status=status,
        over=False,
        trick=trick,
        contract=_contract_line(game, view),
        seats=_seats(game, view, view.tricks),
        tally=_tally_html(game, view, rnd),
        playing=view.phase == "playing",
        piles=_piles_html(game, view),
        bids=_bids(game, view),
        actions=[] if pending else _actions(game, view, kind),
        actions_label=_("Your bid") if view.phase == "bidding" else _("Your choice"),
        hand=_hand_html(game, view, kind, uid),
        undo=undoable(game, view, hold=hold),
        discard_count=counted,
        confirm=pending,
        last_trick=_last_trick_html(game, view) if view.phase == "playing" else Markup(),
    )
