"""Random play-outs: whole rounds where every decision is drawn uniformly among the legal actions."""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field

from .errors import TarotError
from .round import Phase
from .seats import SEATS
from .variant import Variant


@dataclass
class SimulationStats:
    """What a batch of random rounds did: how often the attack made it, scores, bouts."""

    played: int = 0
    redeals: Counter[str] = field(default_factory=Counter)
    made: int = 0
    taker_score_total: int = 0
    bouts: Counter[int] = field(default_factory=Counter)
    contracts: Counter[str] = field(default_factory=Counter)

    def as_dict(self) -> dict[str, object]:
        played = self.played
        return {
            "played": played,
            "redeals": dict(sorted(self.redeals.items())),
            "contracts": dict(sorted(self.contracts.items())),
            "attack_made_rate": round(self.made / played, 4) if played else None,
            "mean_taker_score": round(self.taker_score_total / played, 2) if played else None,
            "bouts": {str(k): self.bouts[k] for k in sorted(self.bouts)},
        }


def simulate(
    variant: Variant,
    games: int,
    seed: int | str,
    contract: str | None = None,
    stats: SimulationStats | None = None,
) -> float:
    """Play ``games`` random rounds; return the seconds spent. With ``contract`` the first bidder takes it."""
    if games < 0:
        raise TarotError("the number of games cannot be negative")
    contracts: tuple[str, ...] = getattr(variant, "contracts", ())
    if contract is not None and contract not in contracts:
        known = ", ".join(contracts) or "none"
        raise TarotError(f"{contract!r} is not a contract of {variant.key}: choose one of {known}")
    rng = random.Random(f"simulate:{seed}")
    players = variant.players
    start = time.perf_counter()
    dealer = SEATS[0]
    for number in range(games):
        rnd = variant.deal_round(dealer, f"{seed}:{number}")
        if contract is not None:
            _force_contract(rnd, contract)
        legal_actions, push, draw = rnd.legal_actions, rnd.push, rng.random
        while not rnd.is_over:
            actions = legal_actions()
            push(actions[int(draw() * len(actions))])
        if stats is not None:
            _record(rnd, stats)
        dealer = dealer.next(players)
    return time.perf_counter() - start


def _force_contract(rnd: object, contract: str) -> None:
    from .actions import Action
    from .round import Round

    assert isinstance(rnd, Round)
    first = True
    while rnd.phase is Phase.BIDDING:
        seat = rnd.to_move
        assert seat is not None
        rnd.push(Action(seat, "bid", contract) if first else Action(seat, "pass"))
        first = False


def _record(rnd: object, stats: SimulationStats) -> None:
    from .round import Round

    assert isinstance(rnd, Round)
    result = rnd.result()
    if result.outcome != "played":
        stats.redeals[result.outcome] += 1
        return
    stats.played += 1
    if rnd.contract is not None:
        stats.contracts[rnd.contract] += 1
    if result.score is not None:
        stats.made += 1 if result.score.won else 0
        stats.taker_score_total += result.score.taker
    if result.counting is not None:
        stats.bouts[result.counting.attack_bouts] += 1
