"""The computer players' bidding and their care of the Petit, measured on duplicate deals.

    python benchmarks/bench_bidding.py [--deals 500] [--seed 1] [--players 4] [--seats rule,random,...]

Each deal is played once for every rotation of the players around the table, as the arena does
(``python -m tarot_core arena``). It reports, with 95 % intervals: each player's mean score per deal
(and the difference of two), the contracts each player took and the share it made, its mean score as
taker, the share of prises taken with no bout and fewer than six trumps (and the share of such hands
that took a contract), how often a defender led the
Petit into the taker's side (per 1,000 deals played: any lead of the Petit won by the attack, and those
where another card could have been led), and how often a taker who held the Petit at the start of the
play lost it, each by player. The figures go to standard output (``--json`` for JSON).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import defaultdict
from statistics import mean, stdev

from tarot_core import find_variant
from tarot_core.cards import PETIT
from tarot_core.players import make_player
from tarot_core.seats import SEATS

Z95 = 1.96


def _share(hits: int, total: int) -> dict[str, float]:
    share = hits / total if total else 0.0
    half = Z95 * math.sqrt(share * (1 - share) / total) if total else 0.0
    return {
        "share": round(share, 4),
        "low": round(share - half, 4),
        "high": round(share + half, 4),
        "n": total,
    }


def _interval(values: list[float]) -> dict[str, float]:
    centre = mean(values) if values else 0.0
    half = Z95 * stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return {"mean": round(centre, 2), "low": round(centre - half, 2), "high": round(centre + half, 2)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seats", default="")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    variant = find_variant(f"fft-{args.players}")
    size = variant.players
    names = args.seats.split(",") if args.seats else ["rule", "random"] * (size // 2) + ["rule"] * (size % 2)
    players = {name: make_player(name) for name in dict.fromkeys(names)}
    per_deal: dict[str, list[float]] = {name: [] for name in players}
    taken: dict[str, int] = defaultdict(int)
    made: dict[str, int] = defaultdict(int)
    taker_scores: dict[str, list[float]] = defaultdict(list)
    prises: dict[str, int] = defaultdict(int)
    hopeless: dict[str, int] = defaultdict(int)
    by_contract: dict[tuple[str, str], list[int]] = defaultdict(list)
    led_petit: dict[str, int] = defaultdict(int)
    led_petit_avoidable: dict[str, int] = defaultdict(int)
    petit_held: dict[str, int] = defaultdict(int)
    petit_lost: dict[str, int] = defaultdict(int)
    slams = 0
    weak_hands: dict[str, int] = defaultdict(int)
    weak_taken: dict[str, int] = defaultdict(int)
    rounds = 0
    for number in range(args.deals):
        dealer = SEATS[number % size]
        deal = variant.deal_round(dealer, f"arena:{args.seed}:{number}")
        scores: dict[str, list[int]] = {name: [] for name in players}
        # The same player at every seat: the rotations would replay the same deal.
        for rotation in range(size if len(players) > 1 else 1):
            at_seat = [names[(index + rotation) % size] for index in range(size)]
            rnd = variant.new_round(dealer, deal.initial_hands, deal.initial_dog)
            rng = random.Random(f"arena:{args.seed}:{number}:{rotation}")
            petit_leads: list[tuple[int, bool]] = []
            holder_at_play = None
            while not rnd.is_over:
                seat = rnd.to_move
                assert seat is not None
                view = rnd.view(seat)
                action = players[at_seat[seat]].decide(view, rng)
                if action.kind == "slam":
                    slams += 1
                if action.kind == "play":
                    if holder_at_play is None:
                        holder_at_play = next((s for s in SEATS[:size] if PETIT in rnd.hands[s]), -1)
                    if action.cards[0] is PETIT and rnd.current is not None and not rnd.current.plays:
                        cards = [a for a in view.legal if a.kind == "play"]
                        petit_leads.append((seat, len(cards) > 1))
                rnd.push(action)
            rounds += 1
            result = rnd.result()
            for index, name in enumerate(at_seat):
                scores[name].append(result.by_seat[SEATS[index]])
            taker = rnd.taker
            for index, hand in enumerate(deal.initial_hands):
                if not any(c.is_bout for c in hand) and sum(1 for c in hand if c.is_trump) < 6:
                    weak_hands[at_seat[index]] += 1
                    weak_taken[at_seat[index]] += SEATS[index] == taker
            if taker is None or result.score is None:
                continue
            attack = {taker, rnd.partner}
            name = at_seat[taker]
            contract = str(rnd.contract)
            won = int(result.score.won)
            taken[name] += 1
            made[name] += won
            by_contract[(name, contract)].append(won)
            taker_scores[name].append(result.by_seat[taker])
            hand = deal.initial_hands[taker]
            if contract == "prise":
                prises[name] += 1
                if not any(c.is_bout for c in hand) and sum(1 for c in hand if c.is_trump) < 6:
                    hopeless[name] += 1
            petit_trick = next((t for t in rnd.tricks if PETIT in t.cards), None)
            for leader, avoidable in petit_leads:
                if leader not in attack and petit_trick is not None and petit_trick.winner in attack:
                    led_petit[at_seat[leader]] += 1
                    led_petit_avoidable[at_seat[leader]] += avoidable
            if holder_at_play == taker and petit_trick is not None:
                petit_held[name] += 1
                petit_lost[name] += petit_trick.winner not in attack
        for name in players:
            per_deal[name].append(mean(scores[name]))
    report: dict[str, object] = {
        "variant": variant.key,
        "seats": names,
        "deals": args.deals,
        "seed": args.seed,
        "scores": {name: _interval(values) for name, values in per_deal.items()},
        "taken": {
            name: {
                "contracts": taken[name],
                "made": _share(made[name], taken[name]),
                "by_contract": {
                    c: _share(sum(v), len(v)) for (n, c), v in sorted(by_contract.items()) if n == name
                },
                "taker_score": _interval(taker_scores[name]),
                "hopeless_prises": _share(hopeless[name], prises[name]),
                "hopeless_hands_taken": _share(weak_taken[name], weak_hands[name]),
                "petit_lost_as_taker": _share(petit_lost[name], petit_held[name]),
                # Per 1,000 deals where this player holds a seat (each rotation a deal).
                "petit_led_into_taker_per_1000_deals": round(1000 * led_petit[name] / rounds, 2),
                "of_which_avoidable": round(1000 * led_petit_avoidable[name] / rounds, 2),
            }
            for name in players
        },
        "slams_announced": slams,
        "rounds": rounds,
    }
    if len(players) == 2:
        first, second = players
        gaps = [a - b for a, b in zip(per_deal[first], per_deal[second], strict=True)]
        report["difference"] = {"of": first, "over": second, **_interval(gaps)}
    json.dump(report, sys.stdout, indent=1 if not args.json else None)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
