"""What the strong level's card choices cost, measured against the truth of each position.

    python benchmarks/bench_regret.py [--deals 100] [--seed r1] [--roles D] [--playouts 60]
        [--know deal|hand|voids|trumps|petit] [--club-only]

Positions come from deals of French Tarot for four players played by four club players. At each card
choice with more than one card allowed (once a contract is taken), every card the seat may play is
played on the real deal and the rest of the deal played out by club players, as the search's own
play-outs are: that card's true worth, if everyone then plays as the club player does. The strong
level's search (``--playouts`` a decision) and the club player each choose a card on the seat's view;
a choice's regret is the best card's worth minus the chosen card's. The mean regret, by role
(``T`` taker, ``P`` partner, ``D`` defender) and for leads and the other cards, tells where the
search's choices cost most, and a change to the search can be judged on the same positions with much
less noise than by whole deals: more play-outs take off what comes from their number, the rest comes
from the deals the search draws. ``--know`` adds a third chooser: the same search told the real
deal, or one thing about the taker's hand as it really is (all of it, with the other hidden cards
dealt afresh between the other players; the suits he lacks; his number of trumps; whether he holds
the Petit), each deal it draws kept only where it agrees (up to forty draws a deal): what reading
that part of his hand better could bring. ``--club-only`` leaves the search out (quick) and files the
club player's regret by the reason it gives for its card: which of its principles cost the most. The
figures go to standard output and to ``.cache/bench/regret.json``.
"""

from __future__ import annotations

import argparse
import itertools
import random
from dataclasses import asdict, dataclass
from statistics import mean

from benchlib import load_average, log, machine, run_main, table, write_results

from tarot_core import find_variant
from tarot_core.cards import Card
from tarot_core.engine.round import Round
from tarot_core.engine.view import SeatView, revealed_voids
from tarot_core.players import STRONG_PLAYOUTS, make_player
from tarot_core.players import rule as rules
from tarot_core.players.montecarlo import MonteCarloPlayer, playout
from tarot_core.players.rule import RulePlayer
from tarot_core.seats import SEATS, Seat

#: What ``--know`` may tell the search about the taker's hand.
KNOWN = ("deal", "hand", "voids", "trumps", "petit")


@dataclass(frozen=True)
class Choice:
    """One card choice: its deal and trick, the seat's role, whether it leads, and each level's regret."""

    deal: int
    trick: int
    role: str
    lead: bool
    club: int
    strong: int | None
    knowing: int | None = None
    #: The club player's reason for its card, by its name in :mod:`tarot_core.players.rule`.
    reason: str = ""


def _feature(known: str, hand: list[Card]) -> object:
    """What ``known`` says of a hand."""
    if known == "voids":
        return frozenset(c.suit for c in hand if not c.is_trump and not c.is_excuse)
    if known == "trumps":
        return sum(1 for c in hand if c.is_trump)
    return any(c.is_trump and c.rank == 1 for c in hand)


class KnowingPlayer(MonteCarloPlayer):
    """The search told one thing about the taker's hand as it is (``known``, one of :data:`KNOWN`)."""

    def __init__(self, known: str, playouts: int) -> None:
        super().__init__(playouts=playouts)
        self.known = known
        self.table: Round | None = None

    def deals(self, view: SeatView, rng: random.Random, count: int) -> list[tuple[Round, float]]:
        assert self.table is not None and self.table.taker is not None
        if self.known == "deal":
            return [(self.table.copy(), 1.0) for _ in range(count)]
        if self.known == "hand":
            return [(self._reshuffled(view.seat, rng), 1.0) for _ in range(count)]
        want = _feature(self.known, self.table.hands[self.table.taker])
        kept: list[tuple[Round, float]] = []
        for _ in range(40):
            drawn = super().deals(view, rng, count)
            kept += [
                (r, w)
                for r, w in drawn
                if r.taker is not None and _feature(self.known, r.hands[r.taker]) == want
            ]
            if not drawn or len(kept) >= count:
                break
        return kept[:count] or super().deals(view, rng, count)

    def _reshuffled(self, seat: Seat, rng: random.Random) -> Round:
        """The real deal, the cards still held by the players other than ``seat`` and the taker swapped
        between them at random where the suits they have shown they lack allow: a round dealt so, with
        the same record (a search plays its deals out from copies, which are dealt again from the
        round's first hands, so the swaps are made there)."""
        assert self.table is not None
        real = self.table
        voids = revealed_voids(real)
        hands = [list(hand) for hand in real.hands]
        others = [s for s in SEATS[: len(hands)] if s not in (seat, real.taker)]
        for first, second in itertools.pairwise(others):
            one, two = hands[first], hands[second]
            for _ in range(4 * (len(one) + len(two))):
                if not one or not two:
                    break
                i, j = rng.randrange(len(one)), rng.randrange(len(two))
                if one[i].suit not in voids[second] and two[j].suit not in voids[first]:
                    one[i], two[j] = two[j], one[i]
        dealt = [
            [*(c for c in real.initial_hands[s] if c not in real.hands[s]), *hands[s]]
            if s in others
            else list(real.initial_hands[s])
            for s in SEATS[: len(hands)]
        ]
        rnd = type(real)(real.variant, real.dealer, dealt, real.initial_dog)
        for action in real.actions:
            rnd.rule_apply(action)
            rnd.actions.append(action)
        return rnd


def _reason_name(reason: object) -> str:
    """The name of a reason of the rule-based player (its constant's), else the reason in words."""
    named = (name for name, value in vars(rules).items() if name.isupper() and value is reason)
    return next(named, str(getattr(reason, "text", reason)))


def _regrets(
    deals: int, seed: str, roles: str, playouts: int, known: str | None, club_only: bool = False
) -> list[Choice]:
    variant = find_variant("fft-4")
    club = make_player("club")
    rule = RulePlayer()
    search = MonteCarloPlayer(playouts=playouts)
    knowing = KnowingPlayer(known, playouts) if known else None
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
                    ruled, reason = rule.choose(view)
                    key = f"{seed}:{number}:{len(rnd.actions)}"
                    chosen = None if club_only else search.decide(view, random.Random(key))
                    told = None
                    if knowing is not None:
                        knowing.table = rnd
                        told = best - worth[knowing.decide(view, random.Random(key))]
                    leading = rnd.current is None or not rnd.current.plays
                    rows.append(
                        Choice(
                            number,
                            len(rnd.tricks),
                            role,
                            leading,
                            best - worth[ruled],
                            None if chosen is None else best - worth[chosen],
                            told,
                            _reason_name(reason),
                        )
                    )
            rnd.push(club.decide(view, rng))
    return rows


def _by_reason(rows: list[Choice], shown: int = 15) -> list[list[str]]:
    """The club player's regret by role and reason, the costliest ``shown`` first."""
    groups: dict[tuple[str, str], list[int]] = {}
    for row in rows:
        groups.setdefault((row.role, row.reason), []).append(row.club)
    total = sum(row.club for row in rows) or 1
    costliest = sorted(groups.items(), key=lambda item: -sum(item[1]))[:shown]
    return [
        [role, reason, str(len(regrets)), f"{mean(regrets):.2f}", f"{sum(regrets) / total:.1%}"]
        for (role, reason), regrets in costliest
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", default="r1")
    parser.add_argument("--roles", default="TPD")
    parser.add_argument("--playouts", type=int, default=STRONG_PLAYOUTS)
    parser.add_argument("--know", choices=KNOWN, default=None)
    parser.add_argument("--club-only", action="store_true")
    args = parser.parse_args()
    log(f"regret of the card choices over {args.deals} deals of fft-4 played by club players")
    rows = _regrets(args.deals, args.seed, args.roles, args.playouts, args.know, args.club_only)
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
                        "" if args.club_only else f"{mean(r.strong or 0 for r in chosen):.2f}",
                        *([f"{mean(r.knowing or 0 for r in chosen):.2f}"] if args.know else []),
                    ]
                )
    told = (
        []
        if not args.know
        else ["knowing every card" if args.know == "deal" else f"knowing the taker's {args.know}"]
    )
    print(table(["role", "choices", "positions", "club's regret", "strong's regret", *told], out))
    if args.club_only:
        headers = ["role", "the club player's reason", "positions", "regret", "share of all"]
        print(table(headers, _by_reason(rows)))
    path = write_results(
        "regret",
        {
            "machine": machine(),
            "load_average": load_average(),
            "deals": args.deals,
            "seed": args.seed,
            "playouts": args.playouts,
            "know": args.know,
            "rows": [asdict(row) for row in rows],
        },
    )
    log(f"results in {path}")
    return 0


if __name__ == "__main__":
    run_main(main)
