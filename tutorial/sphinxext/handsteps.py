"""One step of a recorded hand, drawn from the record when the site is built.

The records are the sample hands of ``tutorial/hands/`` (read by :func:`tutorial.pages.tables.load_hand`),
so a page that walks through a hand always shows exactly what the engine replays.

``tarot-hand-step``
    ````md
    ```{tarot-hand-step} fft-4-first-hand
    :show: trick
    :trick: 2
    ```
    ````
    ``:show:`` picks what to draw:

    * ``deal``: every player's hand as dealt (``:dog:`` adds the cards dealt apart, face up);
    * ``hand``: the hand of ``:seat:`` (``p1`` ..., or ``taker``, ``partner``, ``dealer``) at
      ``:after:``: a number of actions; ``deal``, ``bidding`` (the taker's hand then includes the dog it
      picks up), ``discard``, ``trick 3`` (once the third trick is complete); or the text of an action
      of the record, such as ``p4 bid garde``, for the moment just after it;
    * ``dog``: the cards dealt apart from the hands, in each rule set's words (the dog; in Mathers'
      game the cards put aside for the dealer; in Chambéry Tarot the dealer's extra cards);
      ``discard``: the cards laid away (the taker's discard; in Mathers' game and Chambéry Tarot the
      dealer's);
    * ``handful``: the trumps shown by ``:seat:`` (by default, the first handful shown);
    * ``trick``: the cards of trick ``:trick:`` in playing order, each card told in words (which rule
      it shows) and who won it. ``:trick:`` is a number (from 1) or a kind of trick, the first trick of
      the hand that shows it (``:nth: 2`` for the second): ``follow``, ``trump``, ``overtrump``,
      ``undertrump``, ``discard``, ``trump-lead``, ``excuse``, ``petit``, ``last``, ``excuse-last``,
      ``called`` (the called card is played);
    * ``score``: the score sheet of the hand, term by term.

``tarot-hand-value``
    ``{tarot-hand-value}`fft-4-first-hand: facts["points"]``` evaluates a Python expression about the
    finished hand. Names: ``record`` (the :class:`~tarot_core.records.HandRecord`), ``final`` (the
    finished :class:`~tarot_core.engine.round.Round`), ``counting``, ``score``, ``facts`` (see
    :func:`tutorial.pages.tables.hand_facts`), ``name(seat)``, ``fmt(half_points)``, ``Card``, ``Seat``,
    ``step(n)`` (the round after ``n`` actions), ``after("p4 bid garde")`` (the round just after
    that action), ``find("excuse")`` (the number of the first trick of that kind, see above) and
    ``story(n)`` (trick ``n`` told in words).

Any failure stops the build with :class:`~tutorial.sphinxext.common.EngineCheckError`.
"""

from __future__ import annotations

import ast
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective, SphinxRole
from sphinx.util.typing import ExtensionMetadata

from tarot_core.actions import Action
from tarot_core.cards import Card, format_points, sort_hand
from tarot_core.engine.round import Round
from tarot_core.errors import TarotError
from tarot_core.messages import Number, _, gettext_lazy, ngettext, pgettext, written
from tarot_core.records import HandRecord, shown_words
from tarot_core.seats import SEATS, Seat
from tutorial.pages.tables import hand_facts, hand_path, load_hand
from tutorial.pages.trick_stories import TRICK_KINDS, find_trick, trick_story

from .cards import card_node
from .common import EngineCheckError
from .engine import estimated_height, make_table

SHOW = ("deal", "hand", "dog", "discard", "handful", "trick", "score")


def _load(name: str, location: str) -> HandRecord:
    try:
        return load_hand(name)
    except TarotError as error:
        raise EngineCheckError(f"{location}: {error}") from None


def seat_of(record: HandRecord, text: str) -> Seat:
    """A seat by notation (``p2``) or by role in the finished hand (``taker``, ``partner``, ``dealer``)."""
    word = text.strip().lower()
    final = record.final_round()
    roles = {"taker": final.taker, "partner": final.partner, "dealer": record.dealer}
    if word in roles:
        seat = roles[word]
        if seat is None:
            raise TarotError(gettext_lazy("this hand has no {role}", role=word))
        return seat
    return Seat.parse(word, record.variant.players)


#: Moments of a hand by name, for ``:after:``.
MOMENTS = ("deal", "bidding", "discard")


def action_index(record: HandRecord, text: str) -> int:
    """How many actions have been applied at ``text``: a number, a moment, ``trick N`` or an action."""
    text = text.strip()
    kinds = [action.kind for action in record.actions]
    if text == "deal":
        return 0
    if text == "bidding":
        return max(i for i, kind in enumerate(kinds, start=1) if kind in ("bid", "pass", "call"))
    if text == "discard":
        if "discard" not in kinds:
            raise TarotError(gettext_lazy("nobody discards in this hand"))
        return max(i for i, kind in enumerate(kinds, start=1) if kind == "discard")
    if text.startswith("trick "):
        wanted = int(text.removeprefix("trick ").strip())
        plays = 0
        per_trick = record.variant.players
        for i, kind in enumerate(kinds, start=1):
            plays += kind == "play"
            if plays == wanted * per_trick:
                return i
        raise TarotError(gettext_lazy("the hand has no trick {number}", number=wanted))
    if text.isdigit():
        number = int(text)
        if number > len(record.actions):
            raise TarotError(
                gettext_lazy(
                    "the record has {count} actions, not {number}", count=len(record.actions), number=number
                )
            )
        return number
    players = record.variant.players
    try:
        wanted_action = Action.parse(text, players)
    except TarotError as error:
        raise TarotError(
            gettext_lazy(
                "{text!r} is neither a number of actions nor an action: {error}", text=text, error=error
            )
        ) from None
    for number, action in enumerate(record.actions, start=1):
        if action == wanted_action:
            return number
    raise TarotError(gettext_lazy("the action {text!r} is not in the record", text=text))


def round_after(record: HandRecord, text: str) -> Round:
    return record.round_at(action_index(record, text))


class TarotHandStep(SphinxDirective):
    """``tarot-hand-step``: cards of one moment of a recorded hand."""

    required_arguments = 1
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        "show": lambda text: directives.choice(text, SHOW),
        "seat": directives.unchanged_required,
        "after": directives.unchanged_required,
        "trick": directives.unchanged_required,
        "nth": directives.positive_int,
        "dog": directives.flag,
        "caption": directives.unchanged,
        "name": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        location = self.get_location()
        record = _load(self.arguments[0], location)
        self.env.note_dependency(str(hand_path(self.arguments[0])))
        show = self.options.get("show", "deal")
        try:
            body = getattr(self, f"_show_{show}")(record)
        except TarotError as error:
            raise EngineCheckError(f"{location}: {error}") from None
        container = nodes.container(classes=["tarot-hand-step", f"tarot-hand-step-{show}"])
        self.add_name(container)
        container.extend(body)
        caption = self.options.get("caption")
        if caption:
            caption_nodes, messages = self.state.inline_text(caption, self.lineno)
            paragraph = nodes.paragraph(caption, "", *caption_nodes, classes=["tarot-cards-caption"])
            # With its place in the source, the caption is one of the page's messages to translate.
            paragraph.source, paragraph.line = self.get_source_info()
            container += paragraph
            container.extend(messages)
        if body and all(isinstance(node, nodes.table) for node in body):
            # A step made of tables (the score sheet) is as tall as they are: its estimated height, for
            # the time it is not laid out, is theirs (a step of cards has the usual one, in tarot.css).
            tables = sum(estimated_height(node) for node in body)
            container["style"] = f"--tarot-estimate: {tables + (2 if caption else 0):.4g}rem"
        return [container]

    # ------------------------------------------------------------------ pieces
    def _row(self, label: str, cards: list[Card] | tuple[Card, ...], note: str = "") -> nodes.Element:
        """A titled row of card pictures (no notation under them: the pictures and their names say it)."""
        block = nodes.container(classes=["tarot-cards", "tarot-cards-small"])
        title = nodes.paragraph(classes=["tarot-hand-label"])
        title += nodes.strong("", label)
        if note:
            title += nodes.Text(f" {note}")
        block += title
        row = nodes.paragraph(classes=["tarot-cards-row"])
        for index, card in enumerate(cards):
            if index:
                row += nodes.Text(" ")
            row += card_node(card)
        block += row
        return block

    def _seat(self, record: HandRecord) -> Seat:
        text = str(self.options.get("seat", "")).strip()
        if not text:
            raise TarotError(
                gettext_lazy("say whose cards to show with :seat: (p1, p2, ..., taker, partner or dealer)")
            )
        return seat_of(record, text)

    def _round(self, record: HandRecord) -> Round:
        return round_after(record, str(self.options.get("after", "0")))

    def _show_deal(self, record: HandRecord) -> list[nodes.Node]:
        rows: list[nodes.Node] = []
        players = record.variant.players
        for seat in SEATS[:players]:
            hand = sort_hand(record.hands[seat])
            if seat == record.dealer:
                note = ngettext(
                    "({seat}, the dealer, {n} card)", "({seat}, the dealer, {n} cards)", len(hand), seat=seat
                )
            else:
                note = ngettext("({seat}, {n} card)", "({seat}, {n} cards)", len(hand), seat=seat)
            rows.append(self._row(record.seat_name(seat), hand, note))
        if "dog" in self.options:
            words = record.variant.words
            note = ngettext(
                "({n} card, {lies})", "({n} cards, {lies})", len(record.dog), lies=words.apart_lies
            )
            rows.append(self._row(words.apart, sort_hand(record.dog), note))
        return rows

    def _show_hand(self, record: HandRecord) -> list[nodes.Node]:
        seat = self._seat(record)
        rnd = self._round(record)
        hand = sort_hand(rnd.hands[seat])
        note = ngettext("({seat}, {n} card)", "({seat}, {n} cards)", len(hand), seat=seat)
        return [self._row(record.seat_name(seat), hand, note)]

    def _show_dog(self, record: HandRecord) -> list[nodes.Node]:
        note = ngettext("({n} card)", "({n} cards)", len(record.dog))
        return [self._row(record.variant.words.apart, sort_hand(record.dog), note)]

    def _show_discard(self, record: HandRecord) -> list[nodes.Node]:
        rnd = record.final_round()
        who = next((action.seat for action in rnd.actions if action.kind == "discard"), None)
        if not rnd.discard or who is None:
            raise TarotError(gettext_lazy("nobody discarded in this hand"))
        note = ngettext(
            "({name}’s {n} card, face down)",
            "({name}’s {n} cards, face down)",
            len(rnd.discard),
            name=record.seat_name(who),
        )
        return [self._row(record.variant.words.discard, sort_hand(rnd.discard), note)]

    def _show_handful(self, record: HandRecord) -> list[nodes.Node]:
        rnd = record.final_round()
        seat = self._seat(record) if "seat" in self.options else None
        for who, size, shown in rnd.handfuls:
            if seat is None or who == seat:
                trumps = sum(1 for card in shown if card.is_trump)
                note = _handful_note(who == rnd.taker, any(card.is_excuse for card in shown), trumps, size)
                return [self._row(record.seat_name(who), list(shown), note)]
        if seat is None:
            raise TarotError(gettext_lazy("nobody shows a handful in this hand"))
        raise TarotError(gettext_lazy("{seat} shows no handful in this hand", seat=seat))

    def _trickwritten(self, record: HandRecord, name: str) -> int:
        text = str(self.options.get("trick", "")).strip()
        if not text:
            raise TarotError(
                gettext_lazy(
                    "say which trick with :trick: (a number, or one of {kinds})", kinds=", ".join(TRICK_KINDS)
                )
            )
        if text.isdigit():
            return int(text)
        return find_trick(name, text, self.options.get("nth", 1))

    def _show_trick(self, record: HandRecord) -> list[nodes.Node]:
        name = self.arguments[0]
        number = self._trickwritten(record, name)
        rnd = record.final_round()
        if not 1 <= number <= len(rnd.tricks):
            raise TarotError(
                gettext_lazy(
                    "tricks go from 1 to {count}, not {number}", count=len(rnd.tricks), number=number
                )
            )
        trick = rnd.tricks[number - 1]
        block = nodes.container(classes=["tarot-cards", "tarot-cards-medium", "tarot-trick"])
        title = nodes.paragraph(classes=["tarot-hand-label"])
        # Pages show tricks of several sample hands: each says which deal it comes from. The trick's
        # number is in bold: the sentence is translated whole, and its placeholder is the bold part.
        line = _("{trick} of the deal “{title}”", title=shown_words(record.title))
        before, _mark, after = line.partition("{trick}")
        if before:
            title += nodes.Text(before)
        title += nodes.strong("", _("Trick {number} of {count}", number=number, count=len(rnd.tricks)))
        title += nodes.Text(after)
        block += title
        row = nodes.paragraph(classes=["tarot-cards-row"])
        for index, (seat, card) in enumerate(trick.plays):
            # Each card with its player's name above it; the arrow from the card before goes with it, so
            # that a row that wraps on a phone never ends on an arrow.
            step = nodes.inline(classes=["tarot-trick-step"])
            if index:
                step += nodes.inline("", " → ", classes=["tarot-trick-arrow"])
            wins = seat == trick.winner
            piece = nodes.inline(classes=["tarot-trick-play", *(["tarot-trick-winner"] if wins else [])])
            piece += nodes.strong("", record.seat_name(seat))
            piece += nodes.Text(" ")
            piece += card_node(card)
            if wins:
                piece += nodes.inline(
                    "",
                    " " + pgettext("the player whose card wins the trick", "wins"),
                    classes=["tarot-trick-wins"],
                )
            step += piece
            row += step
        block += row
        story = nodes.paragraph(classes=["tarot-trick-story"])
        story += nodes.Text(" ".join(trick_story(name, number)))
        block += story
        return [block]

    def _show_score(self, record: HandRecord) -> list[nodes.Node]:
        result = record.final_round().result()
        if result.score is None:
            raise TarotError(gettext_lazy("this hand ends without a score"))
        data = result.score.as_dict()
        rows: list[list[object]] = []
        for entry in data["breakdown"]:  # type: ignore[attr-defined]
            rows.append(
                [
                    _Plain(str(entry["label"])),
                    _Plain(written(entry["value"])),
                    _Plain(entry.get("detail", "")),
                ]
            )
        table = make_table(
            self, [_("Step"), _("Value"), _("How")], rows, caption=_("The score sheet of this hand")
        )
        shares = [
            [_Plain(f"{record.seat_name(seat)} ({seat})"), _Plain(f"{Number(amount):+d}" if amount else "0")]
            for seat, amount in result.by_seat.items()
        ]
        return [table, make_table(self, [_("Player"), _("Score")], shares, caption=_("Each player’s score"))]


def _handful_note(taker: bool, excuse: bool, trumps: int, size: str) -> str:
    """What a handful's row says after the player's name: who shows it, its size, what it holds."""
    if taker and excuse:
        return ngettext(
            "(the taker) shows a {size} handful: {n} trump and the Excuse",
            "(the taker) shows a {size} handful: {n} trumps and the Excuse",
            trumps,
            size=size,
        )
    if taker:
        return ngettext(
            "(the taker) shows a {size} handful: {n} trump",
            "(the taker) shows a {size} handful: {n} trumps",
            trumps,
            size=size,
        )
    if excuse:
        return ngettext(
            "(a defender) shows a {size} handful: {n} trump and the Excuse",
            "(a defender) shows a {size} handful: {n} trumps and the Excuse",
            trumps,
            size=size,
        )
    return ngettext(
        "(a defender) shows a {size} handful: {n} trump",
        "(a defender) shows a {size} handful: {n} trumps",
        trumps,
        size=size,
    )


class _Plain:
    """A table cell shown as plain text (not parsed as markup)."""

    __slots__ = ("text",)

    def __init__(self, text: object) -> None:
        self.text = str(text)

    def __str__(self) -> str:
        return self.text


# ---------------------------------------------------------------------------------------------- role


def hand_namespace(record: HandRecord, name: str) -> dict[str, object]:
    final = record.final_round()
    result = final.result()
    return {
        "record": record,
        "final": final,
        "counting": result.counting,
        "score": result.score,
        "facts": hand_facts(name),
        "name": record.seat_name,
        "fmt": format_points,
        "Card": Card,
        "Seat": Seat,
        "step": record.round_at,
        "after": lambda text: round_after(record, text),
        "find": lambda kind, nth=1: find_trick(name, kind, nth),
        "story": lambda number: " ".join(trick_story(name, number)),
        # Words a page's expression shows, in the page's language: ``said("made")`` (the catalogue
        # holds every ``said("...")`` of the pages under the context "page").
        "said": lambda text: pgettext("page", text),
    }


class TarotHandValue(SphinxRole):
    """``tarot-hand-value``: a value about a recorded hand, as text."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        location = self.get_location()
        name, sep, expression = self.text.partition(":")
        if not sep or not expression.strip():
            raise EngineCheckError(
                _("{location}: write the record's name, a colon and an expression", location=location)
            )
        record = _load(name.strip(), location)
        try:
            tree = ast.parse(expression.strip(), mode="eval")
        except SyntaxError as error:
            raise EngineCheckError(
                _(
                    "{location}: {expression!r} is not an expression: {error}",
                    location=location,
                    expression=expression,
                    error=error.msg,
                )
            ) from None
        try:
            value = eval(compile(tree, "<tarot-hand-value>", "eval"), hand_namespace(record, name.strip()))
        except Exception as error:
            raise EngineCheckError(
                _(
                    "{location}: {expression!r} failed: {kind}: {error}",
                    location=location,
                    expression=expression,
                    kind=type(error).__name__,
                    error=error,
                )
            ) from error
        text = _("yes") if value is True else _("no") if value is False else written(value)
        return [nodes.inline(self.rawtext, text, classes=["tarot-value"])], []


def setup(app: Sphinx) -> ExtensionMetadata:
    app.setup_extension("tutorial.sphinxext.cards")
    app.setup_extension("tutorial.sphinxext.engine")
    app.add_directive("tarot-hand-step", TarotHandStep)
    app.add_role("tarot-hand-value", TarotHandValue())
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
