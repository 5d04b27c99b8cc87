"""Command line: ``python -m tarot_core`` (also installed as ``tarot``).

* ``score [REQUEST]``: score a JSON request (argument, file, or standard input) and show the working;
* ``replay FILE``: check a hand record and show it trick by trick with the running card points;
* ``deal --players N --seed S``: a reproducible random deal;
* ``simulate --variant fft --players N --games G --seed S [--contract C] [--json] [--stats]
  [--step-by-step] [--warmup N]``;
* ``arena --variant fft --players N --deals D --seed S --seats mc,rule,rule,rule [--playouts P]
  [--json]``: the computer players on duplicate deals (:mod:`tarot_core.arena`);
* ``play --variant fft --players N --seed S --seat p1 --level rule``: play a deal in the terminal.

Bad input prints one line naming the problem and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from .cards import format_cards, sort_hand
from .errors import TarotError
from .scoring import format_breakdown
from .seats import SEATS, Seat
from .variant import find_variant, variant_for


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _read_request(source: str | None) -> object:
    if source is None or source == "-":
        text = sys.stdin.read()
    elif source.lstrip().startswith("{"):
        text = source
    else:
        try:
            text = Path(source).read_text(encoding="utf-8")
        except OSError as error:
            raise TarotError(f"cannot read {source}: {error.strerror}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise TarotError(f"the request is not valid JSON: {error.msg} at line {error.lineno}") from None


def _cmd_score(args: argparse.Namespace) -> int:
    from .scoring import score_request

    request = _read_request(args.request)
    if not isinstance(request, dict):
        raise TarotError('a score request is a JSON object such as {"variant": "fft", ...}')
    answer = score_request(request)
    if args.json:
        print(json.dumps(answer, ensure_ascii=False))
    else:
        print(format_breakdown(answer))
    return 0


def _cmd_replay(args: argparse.Namespace) -> int:
    from .records import load_record

    record = load_record(Path(args.file))
    rnd = record.new_round()
    name = record.seat_name
    print(
        f"{record.title or args.file} — {rnd.variant.title}, dealer {name(record.dealer)} ({record.dealer})"
    )
    for seat in SEATS[: rnd.players]:
        print(f"  {name(seat)} ({seat}): {format_cards(sort_hand(rnd.hands[seat]))}")
    print(f"  dog: {format_cards(rnd.dog)}")
    for action in record.actions:
        before = len(rnd.tricks)
        rnd.push(action)
        if action.kind != "play":
            words = " ".join(part for part in (action.kind, action.word, format_cards(action.cards)) if part)
            print(f"  {name(action.seat)}: {words}")
        if len(rnd.tricks) > before:
            trick = rnd.tricks[-1]
            assert trick.winner is not None
            plays = ", ".join(f"{name(s)} {c}" for s, c in trick.plays)
            note = rnd.trick_note(trick)
            print(f"Trick {trick.number + 1:>2}: {plays} -> {name(trick.winner)} {note}")
    if not rnd.is_over:
        print("The record stops before the end of the round.")
        return 0
    for line in rnd.result_lines(name):
        print(line)
    return 0


def _cmd_deal(args: argparse.Namespace) -> int:
    variant = variant_for(args.variant, args.players, **_options(args))
    dealer = Seat.parse(args.dealer, variant.players)
    rnd = variant.deal_round(dealer, args.seed)
    if args.json:
        deal = {str(seat): format_cards(sort_hand(rnd.hands[seat])) for seat in SEATS[: variant.players]}
        deal["dog"] = format_cards(sort_hand(rnd.dog))
        print(json.dumps({"variant": variant.key, "dealer": str(dealer), "seed": args.seed, "deal": deal}))
        return 0
    print(f"{variant.title}, dealer {dealer}, seed {args.seed}")
    for seat in SEATS[: variant.players]:
        print(f"{seat}: {format_cards(sort_hand(rnd.hands[seat]))}")
    if rnd.dog:
        print(f"dog: {format_cards(sort_hand(rnd.dog))}")
    return 0


def _options(args: argparse.Namespace) -> dict[str, object]:
    """Rule options given on the command line (only the pack, for now)."""
    return {"pack": args.pack} if args.pack is not None else {}


def _cmd_simulate(args: argparse.Namespace) -> int:
    from .simulate import SimulationStats, simulate

    variant = variant_for(args.variant, args.players, **_options(args))
    stats = SimulationStats() if args.stats else None
    seconds = simulate(
        variant,
        args.games,
        args.seed,
        args.contract,
        stats,
        step_by_step=args.step_by_step,
        warmup=args.warmup,
    )
    rate = args.games / seconds if seconds > 0 else 0.0
    report: dict[str, object] = {
        "variant": variant.key,
        "games": args.games,
        "seconds": round(seconds, 4),
        "games_per_second": round(rate, 1),
    }
    if args.warmup:
        report["warmup"] = args.warmup
    if stats is not None:
        report["stats"] = stats.as_dict()
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{args.games} games of {variant.title} in {seconds:.3f} s: {rate:.0f} games per second")
        if stats is not None:
            for key, value in stats.as_dict().items():
                print(f"  {key}: {value}")
    return 0


def _cmd_arena(args: argparse.Namespace) -> int:
    from .arena import run_arena

    variant = variant_for(args.variant, args.players, **_options(args))
    report = run_arena(variant, args.seats.split(","), args.deals, args.seed, playouts=args.playouts)
    if args.json:
        print(json.dumps(report.as_dict()))
    else:
        print("\n".join(report.lines(variant.title)))
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    from .play import play_in_terminal

    variant = variant_for(args.variant, args.players, **_options(args))
    seat = Seat.parse(args.seat, variant.players)

    def read(prompt: str) -> str | None:
        print(prompt, end="", flush=True)
        line = sys.stdin.readline()
        return line if line else None

    return play_in_terminal(variant, seat, args.seed, args.level, read, print)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="tarot", description="The tarot card games engine: score, replay, deal, simulate.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    score = sub.add_parser("score", help="score a JSON request and show the working")
    score.add_argument("request", nargs="?", help="JSON text, a file, or - for standard input (the default)")
    score.add_argument("--json", action="store_true", help="print the answer as JSON")
    score.set_defaults(func=_cmd_score)
    replay = sub.add_parser("replay", help="check a hand record and show it trick by trick")
    replay.add_argument("file")
    replay.set_defaults(func=_cmd_replay)
    deal = sub.add_parser("deal", help="a reproducible random deal")
    deal.add_argument("--variant", default="fft")
    deal.add_argument("--players", type=_positive, default=4)
    deal.add_argument("--seed", default="1")
    deal.add_argument("--dealer", default="p1")
    deal.add_argument("--json", action="store_true")
    deal.add_argument("--pack", type=int, choices=(78, 62), help="the 62-card pack (Chambéry Tarot only)")
    deal.set_defaults(func=_cmd_deal)
    simulate = sub.add_parser("simulate", help="play random rounds and measure the speed")
    simulate.add_argument("--variant", default="fft")
    simulate.add_argument("--players", type=_positive, default=4)
    simulate.add_argument("--games", type=_positive, default=1000)
    simulate.add_argument("--seed", default="1")
    simulate.add_argument("--contract", default=None)
    simulate.add_argument("--json", action="store_true")
    simulate.add_argument("--pack", type=int, choices=(78, 62), help="the 62-card pack (Chambéry Tarot only)")
    simulate.add_argument(
        "--step-by-step",
        action="store_true",
        help="ask legal_actions() and push() for every decision (slower; the same rounds)",
    )
    simulate.add_argument(
        "--stats", action="store_true", help="also report results: contracts made, scores, bouts"
    )
    simulate.add_argument(
        "--warmup",
        type=_positive,
        default=0,
        metavar="N",
        help="first play N other rounds, not timed and not counted (a benchmark's warm-up)",
    )
    simulate.set_defaults(func=_cmd_simulate)
    arena = sub.add_parser("arena", help="measure the computer players on duplicate deals")
    arena.add_argument("--variant", default="fft")
    arena.add_argument("--players", type=_positive, default=4)
    arena.add_argument("--deals", type=_positive, default=100)
    arena.add_argument("--seed", default="1")
    arena.add_argument(
        "--seats", default="rule,random,rule,random", help="a player per seat: random, rule, mc"
    )
    arena.add_argument("--playouts", type=_positive, default=None, help="play-outs per move of the mc player")
    arena.add_argument("--pack", type=int, choices=(78, 62), help="the 62-card pack (Chambéry Tarot only)")
    arena.add_argument("--json", action="store_true")
    arena.set_defaults(func=_cmd_arena)
    play = sub.add_parser("play", help="play a deal in the terminal against the computer players")
    play.add_argument("--variant", default="fft")
    play.add_argument("--players", type=_positive, default=4)
    play.add_argument("--seed", default="1")
    play.add_argument("--seat", default="p1")
    play.add_argument("--level", choices=("random", "rule", "mc"), default="rule")
    play.add_argument("--pack", type=int, choices=(78, 62), help="the 62-card pack (Chambéry Tarot only)")
    play.set_defaults(func=_cmd_play)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        result: int = args.func(args)
        return result
    except UsageError as error:
        print(f"tarot: {error} (see tarot --help)", file=sys.stderr)
        return 2
    except TarotError as error:
        print(f"tarot: {error}", file=sys.stderr)
        return 2
    except (BrokenPipeError, KeyboardInterrupt):
        return 1


def run() -> NoReturn:
    sys.exit(main())


if __name__ == "__main__":  # pragma: no cover
    run()

__all__ = ["build_parser", "find_variant", "main"]
