"""Computer players: policies that decide from a seat's view alone.

A player is an object with ``decide(view, rng) -> Action`` and ``explain(view, action) -> str``. It
reads only the :class:`~tarot_core.engine.view.SeatView` it is given, never the round, so it cannot use a
hidden card; ``rng`` (a :class:`random.Random`) is its only source of chance, so a seeded generator
makes its decisions reproducible. Three levels:

* ``random``: any legal action, uniformly (a baseline);
* ``rule``: a rule-based club player (:mod:`tarot_core.players.rule`);
* ``mc``: determinized Monte Carlo over the rule-based player (:mod:`tarot_core.players.montecarlo`).

>>> from tarot_core import find_variant
>>> from tarot_core.seats import Seat
>>> import random
>>> rnd = find_variant("fft-4").deal_round(dealer=Seat.P1, seed=7)
>>> player = make_player("rule")
>>> action = player.decide(rnd.view(rnd.to_move), random.Random(1))
>>> action in rnd.legal_actions()
True
"""

from __future__ import annotations

from ..messages import gettext_lazy
from .base import Player, PlayerError, card_words
from .baseline import RandomPlayer
from .montecarlo import MonteCarloPlayer
from .rule import RulePlayer

#: The players by name, as the command line and the arena write them.
PLAYER_NAMES: tuple[str, ...] = ("random", "rule", "mc")


def make_player(name: str, *, playouts: int | None = None) -> Player:
    """The player called ``name`` (``random``, ``rule`` or ``mc``; ``playouts`` sets the Monte Carlo
    player's playouts per move)."""
    key = name.strip().lower()
    if key == "random":
        return RandomPlayer()
    if key == "rule":
        return RulePlayer()
    if key == "mc":
        return MonteCarloPlayer() if playouts is None else MonteCarloPlayer(playouts=playouts)
    raise PlayerError(
        gettext_lazy("there is no player {name!r}: choose {names}", name=name, names=", ".join(PLAYER_NAMES))
    )


__all__ = [
    "PLAYER_NAMES",
    "MonteCarloPlayer",
    "Player",
    "PlayerError",
    "RandomPlayer",
    "RulePlayer",
    "card_words",
    "make_player",
]
