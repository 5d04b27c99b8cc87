"""Play a deal in the terminal against the computer players (``python -m tarot_core play``).

The reader holds one seat; the computer players hold the others, each move printed with its reason.
On the reader's turn the hand, the trick so far and the actions allowed are shown, numbered: answer
with a number, an action in the notation (``play HK``, ``HK`` for short, ``bid garde``, ``pass``,
``call SK``, ``discard H3``), ``hint`` (what the computer would do in the reader's place, and why) or
``quit``. A refused action is answered with the rule's reason. At the end comes the score.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .actions import Action
from .cards import Card, format_cards
from .engine.variant import Variant
from .errors import NotationError
from .messages import _, gettext_lazy
from .players import make_player
from .players.base import action_words
from .seats import SEATS, Seat


def _plays(plays: Sequence[tuple[Seat, Card]]) -> str:
    """The cards of a trick in notation, each after its seat: ``p1 HK, p2 H3``."""
    return ", ".join(f"{seat} {card}" for seat, card in plays)


def _read_action(text: str, seat: Seat, legal: tuple[Action, ...], players: int) -> Action:
    words = text.split()
    if len(words) == 1 and words[0].isdigit():
        number = int(words[0])
        if not 1 <= number <= len(legal):
            raise NotationError(gettext_lazy("choose a number from 1 to {last}", last=len(legal)))
        return legal[number - 1]
    if len(words) == 1 and words[0].lower() not in ("pass", "slam", "petit-sec"):
        text = f"play {text}"
    return Action.parse(f"{seat} {text}", players)


def play_in_terminal(
    variant: Variant,
    seat: Seat,
    seed: int | str,
    level: str,
    read: Callable[[str], str | None],
    write: Callable[[str], None],
) -> int:
    """Play one deal; ``read`` returns the reader's next line (None when the input ends)."""
    dealer = SEATS[(variant.players - 1 + seat) % variant.players]  # the reader speaks first
    rnd = variant.deal_round(dealer, seed)
    computer = make_player(level)
    helper = make_player("rule") if level == "random" else computer
    rng = random.Random(f"play:{variant.key}:{seed}")
    write(
        _(
            "{title}, seed {seed}. You are {seat}; the others are the {level} player.",
            title=variant.title,
            seed=seed,
            seat=seat,
            level=level,
        )
    )
    write(
        _("Answer with a number, an action ('play HK' or just 'HK', 'bid garde', 'pass'), 'hint' or 'quit'.")
    )
    while not rnd.is_over:
        mover = rnd.to_move
        assert mover is not None
        view = rnd.view(mover)
        tricks = len(rnd.tricks)
        if mover != seat:
            action = computer.decide(view, rng)
            write(_("{seat}: {why}", seat=mover, why=computer.explain(view, action)))
            rnd.push(action)
        else:
            write(_("Your hand: {cards}", cards=format_cards(view.hand)))
            current = view.current
            if current is not None and current.plays:
                write(_("Trick so far: {plays}", plays=_plays(current.plays)))
            mine = tuple(a for a in view.legal if a.seat == seat)
            choices = "; ".join(
                _("{number}. {action}", number=n, action=action_words(a)) for n, a in enumerate(mine, 1)
            )
            write(_("You may: {choices}", choices=choices))
            line = read("> ")
            if line is None:
                write(_("The input ended: the deal stops here."))
                return 0
            text = line.strip()
            if text.lower() in ("quit", "q"):
                return 0
            if text.lower() in ("hint", "h"):
                hint = helper.decide(view, rng)
                write(_("Hint: {why}", why=helper.explain(view, hint)))
                continue
            try:
                action = _read_action(text, seat, mine, rnd.players)
            except NotationError as error:
                write(_("Not understood: {error}", error=error.message))
                continue
            refusal = rnd.why_illegal(action)
            if refusal is not None:
                write(_("Refused: {why}", why=refusal.message))
                continue
            rnd.push(action)
        if len(rnd.tricks) > tricks:
            trick = rnd.tricks[-1]
            write(
                _(
                    "Trick {number} to {winner}: {plays}",
                    number=trick.number + 1,
                    winner=trick.winner,
                    plays=_plays(trick.plays),
                )
            )
    for line in rnd.result_lines(str):
        write(line)
    return 0
