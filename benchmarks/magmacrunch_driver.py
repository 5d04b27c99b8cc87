"""Random four-player Garde sans rounds played by the ``magmacrunch-tarot`` package, for comparison.

``bench_engine.py`` runs this file with the interpreter of a throw-away virtual environment where
``magmacrunch-tarot`` (PyPI; a non-commercial licence) is installed: the project never depends on it,
never copies it, and only imports its public module ``tarot.rules`` here.

The workload matches ``python -m tarot_core simulate --variant fft --players 4 --contract garde-sans``:
every round is a fresh deal drawn from one seeded generator (the same for the whole run, as the
project's simulation does), the first bidder takes a Garde sans and the others pass, a
player offered a handful shows it or not at random, and every card is drawn uniformly among the
legal ones. A dealt petit sec counts as a round, as it does in the project's simulation. The clock
runs around the whole loop, deals included. ``--warmup N`` first plays N other rounds, untimed, as
the simulate command's ``--warmup`` does. One JSON line goes to standard output.

    python magmacrunch_driver.py --games 2000 --seed 1 [--warmup 500]
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import time
from collections import Counter
from typing import Any


def play(rules: Any, games: int, seed: str) -> tuple[float, dict[str, object]]:
    """Play ``games`` rounds; return the seconds spent and what the rounds did."""
    rng = random.Random(f"magmacrunch:{seed}")
    draw = rng.random
    legal_plays, bidding, trick_play = rules.legal_plays, rules.BIDDING, rules.TRICK_PLAY
    played = made = taker_total = redeals = 0
    bouts: Counter[int] = Counter()
    start = time.perf_counter()
    for number in range(games):
        game = rules.Game(draw)
        game.dealer = number % 4
        game.deal()
        if game.phase != bidding:
            redeals += 1
            continue
        first = True
        while game.phase == bidding:
            game.bid(game.current_bidder, "GARDE_SANS" if first else "PASSE")
            first = False
        if game.poignee_offer:
            game.declare_poignee(draw() < 0.5)
        outcome: dict[str, Any] = {}
        while game.phase == trick_play:
            seat = game.current
            legal = legal_plays(game.hands[seat], game.trick)
            event = game.play(seat, legal[int(draw() * len(legal))])
            if event is not None and "round" in event:
                outcome = event["round"]
        played += 1
        made += 1 if outcome["made"] else 0
        taker_total += int(outcome["round_scores"][outcome["taker"]])
        bouts[int(outcome["oudlers"])] += 1
    seconds = time.perf_counter() - start
    stats: dict[str, object] = {
        "played": played,
        "redeals": redeals,
        "attack_made_rate": round(made / played, 4) if played else None,
        "mean_taker_score": round(taker_total / played, 2) if played else None,
        "bouts": {str(key): bouts[key] for key in sorted(bouts)},
    }
    return seconds, stats


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--warmup", type=int, default=0, help="rounds played first, not timed nor counted")
    args = parser.parse_args(argv)
    if args.games <= 0 or args.warmup < 0:
        parser.error("--games must be a positive whole number and --warmup not negative")
    try:
        rules = importlib.import_module("tarot.rules")
    except ImportError:
        print("magmacrunch-tarot is not installed in this interpreter", file=sys.stderr)
        return 2
    if args.warmup:
        play(rules, args.warmup, f"warmup:{args.seed}")
    seconds, stats = play(rules, args.games, args.seed)
    rate = args.games / seconds if seconds > 0 else 0.0
    report = {
        "engine": "magmacrunch-tarot",
        "games": args.games,
        "seconds": round(seconds, 4),
        "games_per_second": round(rate, 1),
        **({"warmup": args.warmup} if args.warmup else {}),
        "stats": stats,
    }
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
