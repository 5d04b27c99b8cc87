"""What the strong level's card choices cost, measured against the truth of each position.

    python benchmarks/bench_regret.py [--deals 100] [--seed r1] [--roles D] [--playouts 60]

Positions come from deals of French Tarot for four players played by four club players. At each card
choice with more than one card allowed (once a contract is taken), every card the seat may play is
played on the real deal and the rest of the deal played out by club players, as the search's own
play-outs are: that card's true worth, if everyone then plays as the club player does. The strong
level's search (``--playouts`` a decision) and the club player each choose a card on the seat's view;
a choice's regret is the best card's worth minus the chosen card's. The mean regret, by role
(``T`` taker, ``P`` partner, ``D`` defender) and for leads and the other cards, tells where the
search's choices cost most, and a change to the search can be judged on the same positions with much
less noise than by whole deals: more play-outs take off what comes from their number, the rest comes
from the deals the search draws. The figures go to standard output and to
``.cache/bench/regret.json``.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import asdict, dataclass
from statistics import mean

from benchlib import load_average, log, machine, run_main, table, write_results

from tarot_core import find_variant
from tarot_core.players import STRONG_PLAYOUTS, make_player
from tarot_core.players.montecarlo import MonteCarloPlayer, playout
from tarot_core.players.rule import RulePlayer
from tarot_core.seats import SEATS


@dataclass(frozen=True)
class Choice:
    """One card choice: its deal and trick, the seat's role, whether it leads, and each level's regret."""

    deal: int
    trick: int
    role: str
    lead: bool
    club: int
    strong: int


def _regrets(deals: int, seed: str, roles: str, playouts: int) -> list[Choice]:
    variant = find_variant("fft-4")
    club = make_player("club")
    rule = RulePlayer()
    search = MonteCarloPlayer(playouts=playouts)
    rows: list[Choice] = []
    for number in range(deals):
        dealer = SEATS[number % variant.players]
        deal = variant.deal_round(dealer, f"arena:{seed}:{number}")
        rnd = variant.new_round(dealer, deal.initial_hands, deal.initial_dog)
        rng = random.Random(f"{seed}:{number}:club")
        while not rnd.is_over:
            seat = rnd.to_move
            assert seat is not None
            view = rnd.view(seat)
            plays = [a for a in view.legal if a.kind == "play"]
            role = "T" if seat == rnd.taker else "P" if seat == rnd.partner else "D"
            if rnd.taker is not None and len(plays) > 1 and len(plays) == len(view.legal) and role in roles:
                worth = {}
                for action in plays:
                    played = rnd.copy()
                    played.push(action)
                    playout(played, rule)
                    worth[action] = played.result().by_seat[seat]
                best = max(worth.values())
                if best > min(worth.values()):
                    ruled = club.decide(view, random.Random(1))
                    chosen = search.decide(view, random.Random(f"{seed}:{number}:{len(rnd.actions)}"))
                    leading = rnd.current is None or not rnd.current.plays
                    rows.append(
                        Choice(
                            number, len(rnd.tricks), role, leading, best - worth[ruled], best - worth[chosen]
                        )
                    )
            rnd.push(club.decide(view, rng))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", default="r1")
    parser.add_argument("--roles", default="TPD")
    parser.add_argument("--playouts", type=int, default=STRONG_PLAYOUTS)
    args = parser.parse_args()
    log(f"regret of the card choices over {args.deals} deals of fft-4 played by club players")
    rows = _regrets(args.deals, args.seed, args.roles, args.playouts)
    out = []
    for role in "TPD":
        for lead, what in ((True, "leads"), (False, "other cards"), (None, "every card")):
            chosen = [r for r in rows if r.role == role and (lead is None or r.lead is lead)]
            if chosen:
                out.append(
                    [
                        role,
                        what,
                        str(len(chosen)),
                        f"{mean(r.club for r in chosen):.2f}",
                        f"{mean(r.strong for r in chosen):.2f}",
                    ]
                )
    print(table(["role", "choices", "positions", "club's regret", "strong's regret"], out))
    path = write_results(
        "regret",
        {
            "machine": machine(),
            "load_average": load_average(),
            "deals": args.deals,
            "seed": args.seed,
            "playouts": args.playouts,
            "rows": [asdict(row) for row in rows],
        },
    )
    log(f"results in {path}")
    return 0


if __name__ == "__main__":
    run_main(main)
