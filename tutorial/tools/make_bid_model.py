"""Measure the computer players' bid model and write it to ``tarot_core/players/bid_data.py``.

    python -m tutorial.tools.make_bid_model [--deals 3:N,4:N,5:N] [--seed bidmodel]

For each rule set measured (French Tarot with 3, 4 and 5 players) it deals seeded deals and, for every
hand of every deal, plays the deal out with the rule-based player at every seat (its bids by the club
count, whatever the model says): once for each contract, the hand's holder taking it while the others
pass, and once with the holder passing and defending while the others bid. It records the hand's features
(:func:`tarot_core.players.bidding.features`), whether each contract was made, the holder's score, and
whether a taker who took the dog won every trick. It then fits, by rule set, a logistic regression of the
chance of making each contract and of winning every trick, and a linear regression of each contract's
score and of the score of passing (ridge-regularised, so that rare features stay tame), and writes the
weights with a summary of what was measured. The output is reproducible: the deals are seeded and the
fits deterministic. With the default deals it took 10 minutes, run under nice on a busy two-core machine.
"""

from __future__ import annotations

import argparse
import math
import sys
import textwrap
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tarot_core import find_variant
from tarot_core.actions import Action, ActionKind
from tarot_core.engine.round import Round
from tarot_core.players.bidding import FEATURES, features
from tarot_core.players.facts import hand_points
from tarot_core.players.montecarlo import playout
from tarot_core.players.rule import RulePlayer
from tarot_core.seats import SEATS

OUTPUT = Path(__file__).resolve().parents[2] / "tarot_core" / "players" / "bid_data.py"
CONTRACTS = ("prise", "garde", "garde-sans", "garde-contre")
DEFAULT_DEALS = {3: 1000, 4: 800, 5: 550}
#: The ridge penalty on every weight but the constant.
RIDGE = 2.0


@dataclass
class Sample:
    """What was measured on one rule set."""

    rows: list[tuple[float, ...]] = field(default_factory=list)
    made: dict[str, list[int]] = field(default_factory=lambda: {c: [] for c in CONTRACTS})
    score: dict[str, list[float]] = field(default_factory=lambda: {c: [] for c in CONTRACTS})
    defend: list[float] = field(default_factory=list)
    slam: list[int] = field(default_factory=list)


def _forced(rnd: Round, seat: int, word: str | None, rule: RulePlayer) -> Round | None:
    """Bid ``word`` from ``seat`` (or pass, when None) while the others pass (or, when ``word`` is None,
    bid as the rule-based player does), then finish the deal; None when it was dealt again."""
    while rnd.phase == "bidding" and rnd.to_move is not None:
        mover = rnd.to_move
        legal = rnd.legal_actions()
        sec = [a for a in legal if a.kind == "petit-sec"]
        if sec:
            return None
        if mover == seat:
            if word is None:
                action = Action(mover, ActionKind.PASS)
            else:
                found = [a for a in legal if a.kind == "bid" and str(a.word) == word]
                if not found:
                    return None
                action = found[0]
        elif word is None:
            action = rule.choose(rnd.view(mover))[0]
        else:
            action = Action(mover, ActionKind.PASS)
        rnd.push(action)
    playout(rnd, rule)
    return rnd


def measure(players: int, deals: int, seed: str) -> Sample:
    variant = find_variant(f"fft-{players}")
    # The others bid by the club count, so that the measure does not depend on the model it makes.
    rule = RulePlayer(measured=False)
    sample = Sample()
    for number in range(deals):
        dealer = SEATS[number % players]
        deal = variant.deal_round(dealer, f"{seed}:{players}:{number}")
        for seat in SEATS[:players]:
            hand = deal.initial_hands[seat]
            outcomes: list[tuple[int, float, int]] = []
            for word in CONTRACTS:
                rnd = _forced(
                    variant.new_round(dealer, deal.initial_hands, deal.initial_dog), seat, word, rule
                )
                if rnd is None:
                    break
                result = rnd.result()
                if result.score is None or result.counting is None:
                    break
                slam = int(result.counting.slam_by == "attack")
                outcomes.append((int(result.score.won), float(result.by_seat[seat]), slam))
            if len(outcomes) < len(CONTRACTS):
                continue
            passed = _forced(
                variant.new_round(dealer, deal.initial_hands, deal.initial_dog), seat, None, rule
            )
            if passed is None:
                continue
            sample.rows.append(features(hand, hand_points(hand)))
            for word, (won, score, _slam) in zip(CONTRACTS, outcomes, strict=True):
                sample.made[word].append(won)
                sample.score[word].append(score)
            sample.slam.append(outcomes[1][2])
            sample.defend.append(float(passed.result().by_seat[seat]))
        if (number + 1) % 100 == 0:
            print(f"  fft-{players}: {number + 1} deals", file=sys.stderr, flush=True)
    return sample


# ---------------------------------------------------------------------------------------- the fits
def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    size = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(size)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        head = rows[column][column]
        for r in range(size):
            if r != column and rows[r][column] != 0.0:
                factor = rows[r][column] / head
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[column], strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def _normal(
    rows: Sequence[Sequence[float]], weights: Sequence[float], targets: Sequence[float]
) -> list[float]:
    """Weighted ridge least squares."""
    width = len(rows[0])
    matrix = [[0.0] * width for _ in range(width)]
    vector = [0.0] * width
    for row, weight, target in zip(rows, weights, targets, strict=True):
        for i in range(width):
            wi = weight * row[i]
            vector[i] += wi * target
            line = matrix[i]
            for j in range(width):
                line[j] += wi * row[j]
    for i in range(1, width):
        matrix[i][i] += RIDGE
    return _solve(matrix, vector)


def linear(rows: Sequence[Sequence[float]], targets: Sequence[float]) -> list[float]:
    return _normal(rows, [1.0] * len(rows), targets)


def logistic(rows: Sequence[Sequence[float]], labels: Sequence[int]) -> list[float]:
    """Iteratively reweighted least squares, with the same ridge."""
    beta = [0.0] * len(rows[0])
    for _ in range(25):
        weights: list[float] = []
        targets: list[float] = []
        for row, label in zip(rows, labels, strict=True):
            eta = sum(b * x for b, x in zip(beta, row, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, eta))))
            w = max(p * (1 - p), 1e-6)
            weights.append(w)
            targets.append(eta + (label - p) / w)
        new = _normal(rows, weights, targets)
        change = max(abs(a - b) for a, b in zip(new, beta, strict=True))
        beta = new
        if change < 1e-7:
            break
    return beta


def _numbers(values: Sequence[float], indent: str) -> list[str]:
    """A tuple of weights, one a line, as ``ruff format`` writes a tuple too long for one line."""
    return [f"{indent}(", *(f"{indent}    {v:.6g}," for v in values), f"{indent}),"]


Fitted = dict[str, tuple[dict[str, tuple[list[float], list[float]]], list[float], list[float]]]


def summary(players: int, sample: Sample) -> str:
    """What was measured on one rule set, in a line (before wrapping)."""
    n = len(sample.rows)
    parts = []
    for word in CONTRACTS:
        share = sum(sample.made[word]) / n
        half = 1.96 * math.sqrt(share * (1 - share) / n)
        scores = sample.score[word]
        mean = sum(scores) / n
        sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / (n - 1))
        parts.append(f"{word} {share:.0%} ±{half:.0%}, {mean:+.0f} ±{1.96 * sd / math.sqrt(n):.0f}")
    defend = sum(sample.defend) / n
    dsd = math.sqrt(sum((s - defend) ** 2 for s in sample.defend) / (n - 1))
    return (
        f"* fft-{players}: {n} hands; "
        + "; ".join(parts)
        + f"; passing {defend:+.0f} ±{1.96 * dsd / math.sqrt(n):.0f}; slams {sum(sample.slam) / n:.1%}."
    )


def fit(sample: Sample) -> tuple[dict[str, tuple[list[float], list[float]]], list[float], list[float]]:
    contracts = {
        word: (logistic(sample.rows, sample.made[word]), linear(sample.rows, sample.score[word]))
        for word in CONTRACTS
    }
    return contracts, linear(sample.rows, sample.defend), logistic(sample.rows, sample.slam)


def write(fitted: Fitted, summaries: Sequence[str], head: str) -> str:
    """The data module: ``head`` (the seed, the deals, the time) and the ``summaries`` in its
    docstring, then the weights."""
    text = (
        f"{head} The weights multiply :data:`tarot_core.players.bidding.FEATURES`, in that order. What "
        "was measured, by rule set (hands studied; for each contract the share made and the mean score, "
        "with their 95 % intervals; the mean score of passing; the share of gardes won at every trick):"
    )
    lines = [
        '"""The measured bid model\'s weights, written by ``python -m tutorial.tools.make_bid_model``.',
        "",
        *textwrap.wrap(text, 106, break_on_hyphens=False),
        "",
    ]
    for line in summaries:
        lines += textwrap.wrap(line, 106, subsequent_indent="  ", break_on_hyphens=False)
    lines += [
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Final",
        "",
        "#: The features' names the weights follow.",
        "FEATURES: Final = (",
        *(f'    "{name}",' for name in FEATURES),
        ")",
        "#: By rule set and contract: the weights of the chance of making it (logistic) and of its mean",
        "#: score (linear).",
        "CONTRACTS: Final[dict[str, dict[str, tuple[tuple[float, ...], tuple[float, ...]]]]] = {",
    ]
    for key, (contracts, _defend, _slam) in fitted.items():
        lines.append(f'    "{key}": {{')
        for word, (made, score) in contracts.items():
            lines.append(f'        "{word}": (')
            lines += _numbers(made, " " * 12)
            lines += _numbers(score, " " * 12)
            lines.append("        ),")
        lines.append("    },")
    lines.append("}")
    lines.append("#: By rule set: the weights of the mean score of passing (defending, or 0 when all pass).")
    lines.append("DEFEND: Final[dict[str, tuple[float, ...]]] = {")
    for key, (_c, defend, _s) in fitted.items():
        lines += [f'    "{key}": (', *_numbers(defend, " " * 4)[1:-1], "    ),"]
    lines.append("}")
    lines.append("#: By rule set: the weights of the chance that a garde wins every trick (logistic).")
    lines.append("SLAM: Final[dict[str, tuple[float, ...]]] = {")
    for key, (_c, _d, slam) in fitted.items():
        lines += [f'    "{key}": (', *_numbers(slam, " " * 4)[1:-1], "    ),"]
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", default=",".join(f"{p}:{n}" for p, n in DEFAULT_DEALS.items()))
    parser.add_argument("--seed", default="bidmodel")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    deals = {int(p): int(n) for p, n in (part.split(":") for part in args.deals.split(","))}
    started = time.perf_counter()
    samples = {players: measure(players, count, args.seed) for players, count in deals.items()}
    seconds = time.perf_counter() - started
    fitted: Fitted = {f"fft-{players}": fit(sample) for players, sample in samples.items()}
    summaries = [summary(players, sample) for players, sample in samples.items()]
    counts = ", ".join(f"{deals[p]} with {p} players" for p in sorted(samples))
    head = f"Seed {args.seed!r}; deals measured: {counts}; {seconds / 60:.0f} minutes of play-outs."
    args.output.write_text(write(fitted, summaries, head), encoding="utf-8")
    print(f"wrote {args.output} in {seconds:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
