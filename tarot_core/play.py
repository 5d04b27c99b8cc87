"""Play a deal in the terminal against the computer players (``python -m tarot_core play``).

The reader holds one seat; the computer players hold the others, each move printed with its reason.
On the reader's turn the hand, the trick so far and the actions allowed are shown, numbered: answer
with a number, an action in the notation (``play HK``, ``HK`` for short, ``bid garde``, ``pass``,
``call SK``, ``discard H3``), ``hint`` (what the computer would do in the reader's place, and why) or
``quit``. A refused action is answered with the rule's reason. At the end comes the score.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .actions import Action
from .cards import format_cards
from .engine.variant import Variant
from .errors import NotationError
from .players import make_player
from .players.base import action_words
from .seats import SEATS, Seat


def _read_action(text: str, seat: Seat, legal: tuple[Action, ...], players: int) -> Action:
    words = text.split()
    if len(words) == 1 and words[0].isdigit():
        number = int(words[0])
        if not 1 <= number <= len(legal):
            raise NotationError(f"choose a number from 1 to {len(legal)}")
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
    write(f"{variant.title}, seed {seed}. You are {seat}; the others are the {level} player.")
    write("Answer with a number, an action ('play HK' or just 'HK', 'bid garde', 'pass'), 'hint' or 'quit'.")
    while not rnd.is_over:
        mover = rnd.to_move
        assert mover is not None
        view = rnd.view(mover)
        tricks = len(rnd.tricks)
        if mover != seat:
            action = computer.decide(view, rng)
            write(f"{mover}: {computer.explain(view, action)}")
            rnd.push(action)
        else:
            write(f"Your hand: {format_cards(view.hand)}")
            current = view.current
            if current is not None and current.plays:
                write("Trick so far: " + ", ".join(f"{s} {c}" for s, c in current.plays))
            mine = tuple(a for a in view.legal if a.seat == seat)
            write("You may: " + "; ".join(f"{n}. {action_words(a)}" for n, a in enumerate(mine, 1)))
            line = read("> ")
            if line is None:
                write("The input ended: the deal stops here.")
                return 0
            text = line.strip()
            if text.lower() in ("quit", "q"):
                return 0
            if text.lower() in ("hint", "h"):
                hint = helper.decide(view, rng)
                write(f"Hint: {helper.explain(view, hint)}")
                continue
            try:
                action = _read_action(text, seat, mine, rnd.players)
            except NotationError as error:
                write(f"Not understood: {error}")
                continue
            refusal = rnd.why_illegal(action)
            if refusal is not None:
                write(f"Refused: {refusal.message}")
                continue
            rnd.push(action)
        if len(rnd.tricks) > tricks:
            trick = rnd.tricks[-1]
            write(
                f"Trick {trick.number + 1} to {trick.winner}: "
                + ", ".join(f"{s} {c}" for s, c in trick.plays)
            )
    for line in rnd.result_lines(str):
        write(line)
    return 0
