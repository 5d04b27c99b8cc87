"""Computer players: policies that decide from a seat's view alone.

A player is an object with ``decide(view, rng) -> Action`` and ``explain(view, action) -> str``. It
reads only the :class:`~tarot_core.engine.view.SeatView` it is given, never the round, so it cannot use a
hidden card; ``rng`` (a :class:`random.Random`) is its only source of chance, so a seeded generator
makes its decisions reproducible. Three players:

* ``random``: any legal action, uniformly (a baseline);
* ``rule``: a rule-based club player (:mod:`tarot_core.players.rule`);
* ``mc``: determinized Monte Carlo over the rule-based player (:mod:`tarot_core.players.montecarlo`).

The play page's levels are these players by other names, played exactly as the page plays them:
``beginner`` (``random``), ``club`` (``rule``) and ``strong`` (``mc`` with the page's budget,
:data:`STRONG_PLAYOUTS` play-outs a decision). The coach (:mod:`tarot_core.players.coach`) words the
hints.

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

from ..errors import quoted
from ..messages import gettext_lazy
from .base import Player, PlayerError, card_words
from .baseline import BeginnerPlayer, RandomPlayer
from .coach import CoachedPlayer
from .montecarlo import MonteCarloPlayer
from .rule import RulePlayer

#: The players by name, as the command line and the arena write them: the three players, then the play
#: page's levels.
PLAYER_NAMES: tuple[str, ...] = ("random", "rule", "mc", "beginner", "club", "strong")
#: The play page's levels and the players they are.
LEVELS: dict[str, str] = {"beginner": "random", "club": "rule", "strong": "mc"}
#: The play-out budget of a decision of the strong level (the page's; see
#: ``docs/developers/performance.md``: it keeps a move under 300 ms in the browser at the 95th percentile).
STRONG_PLAYOUTS = 60


def make_player(name: str, *, playouts: int | None = None, time_limit: float | None = None) -> Player:
    """The player called ``name`` (``random``, ``rule`` or ``mc``, or a level of the play page:
    ``beginner``, ``club``, ``strong``; ``playouts`` sets the Monte Carlo player's budget per move,
    except the ``strong`` level's, which is the page's; ``time_limit`` the seconds its search may take
    at most, none by default)."""
    key = name.strip().lower()
    if key == "strong":
        return CoachedPlayer(playouts=STRONG_PLAYOUTS, time_limit=time_limit)
    if key == "beginner":
        return BeginnerPlayer()
    key = LEVELS.get(key, key)
    if key == "random":
        return RandomPlayer()
    if key == "rule":
        return RulePlayer()
    if key == "mc":
        return CoachedPlayer(
            playouts=STRONG_PLAYOUTS if playouts is None else playouts, time_limit=time_limit
        )
    raise PlayerError(
        gettext_lazy(
            "there is no player {name}: choose {names}", name=quoted(name), names=", ".join(PLAYER_NAMES)
        )
    )


__all__ = [
    "LEVELS",
    "PLAYER_NAMES",
    "STRONG_PLAYOUTS",
    "BeginnerPlayer",
    "CoachedPlayer",
    "MonteCarloPlayer",
    "Player",
    "PlayerError",
    "RandomPlayer",
    "RulePlayer",
    "card_words",
    "make_player",
]
