"""Command line: ``python -m tarot_core`` (also installed as ``tarot``).

* ``score [REQUEST]``: score a JSON request (argument, file, or standard input) and show the working;
* ``replay FILE``: check a hand record and show it trick by trick with the running card points;
* ``sheet FILE``: read a score sheet (JSON or CSV, see ``tarot_core.sheet``) and print the totals;
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
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Final, NoReturn

from .cards import format_cards, sort_hand
from .engine.result import format_breakdown
from .engine.variant import UnknownVariantError, family_players, find_variant, variant_for
from .errors import TarotError, one_line, quoted, said_of
from .messages import LANGUAGES, NC_, SOURCE_LANGUAGE, Message, Noun, _, gettext_lazy, ngettext, use_language
from .seats import SEATS, Seat


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


OBJECT_HINT = gettext_lazy('the request must be a JSON object, such as {"variant": "fft", ...}')
#: What a request is called when its text is refused: "the request is not valid JSON".
_REQUEST = Noun(NC_("file", "request"), "file")


def _read_request(source: str | None) -> dict[str, object]:
    """The request as parsed JSON: from standard input, the argument itself, or the file it names.

    An argument that starts with ``{`` or ``[`` is JSON text; any other is a file name, unless no such
    file exists and the argument is JSON all the same (``42``), which is then refused as not an object.
    """
    where: object
    if source is None or source == "-":
        text = _read_stdin()
        where = gettext_lazy("standard input")
    elif source.lstrip().startswith(("{", "[")):
        text = source
        where = gettext_lazy("the argument")
    elif not source.strip():
        raise TarotError(gettext_lazy("the request is empty: {hint}", hint=OBJECT_HINT))
    else:
        from .records import read_text

        try:
            text = read_text(Path(source))
            where = source
        except TarotError as error:
            if not _is_json(source):
                raise TarotError(_cannot_read(source, error)) from None
            text = source
            where = gettext_lazy("the argument")
    if not text.strip():
        raise TarotError(
            gettext_lazy("the request is empty ({where}): {hint}", where=where, hint=OBJECT_HINT)
        )
    from .records import parse_json

    request = parse_json(text, _REQUEST)
    if not isinstance(request, dict):
        raise TarotError(gettext_lazy("{hint}, not {kind}", hint=OBJECT_HINT, kind=_json_kind(request)))
    return request


def _cannot_read(name: str, error: TarotError) -> Message:
    """The refusal of a file that cannot be read: its name, and the system's reason."""
    return gettext_lazy("cannot read {file}: {error}", file=name, error=said_of(error))


def _read_stdin() -> str:
    from .records import decode_text

    stream = sys.stdin
    if stream is None:
        raise TarotError(gettext_lazy("standard input is closed: give the request as an argument or a file"))
    buffer = getattr(stream, "buffer", None)
    try:
        if buffer is not None:  # bytes, decoded here: a byte-order mark or bad bytes are ours to handle
            return decode_text(buffer.read())
        text: str = stream.read()
    except (OSError, ValueError) as error:  # closed or unreadable
        raise TarotError(gettext_lazy("cannot read standard input: {error}", error=str(error))) from None
    return text.removeprefix("\ufeff")


def _is_json(text: str) -> bool:
    from .records import parse_json

    try:
        parse_json(text, "")
    except TarotError:
        return False
    return True


def _json_kind(value: object) -> object:
    """What a JSON value is, in words: "a list", "a number", ..."""
    if isinstance(value, list):
        return gettext_lazy("a list")
    if isinstance(value, str):
        return gettext_lazy("a string")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return gettext_lazy("a number")
    return "null"


def _cmd_score(args: argparse.Namespace) -> int:
    from .engine.variant import score_request

    request = _read_request(args.request)
    answer = score_request(request)
    if args.json:
        print(json.dumps(answer, ensure_ascii=False))
    else:
        print(format_breakdown(answer))
    return 0


def _cmd_replay(args: argparse.Namespace) -> int:
    from .records import load_record, load_sample, sample_names, sample_title, shown_words

    if args.list:
        if args.record is not None:
            raise UsageError(_("replay --list takes no record"))
        names = sample_names()
        width = max((len(sample) for sample in names), default=0)
        for sample in names:
            print(f"{sample:<{width}}  {sample_title(sample)}".rstrip())
        return 0
    if args.record is None:
        raise UsageError(_("replay needs a record: a file, or a sample's name (tarot replay --list)"))
    path = Path(args.record)
    if _exists(path) or not _could_be_a_name(args.record):
        record = load_record(path)
    elif args.record in sample_names():
        record = load_sample(args.record)
    else:
        raise TarotError(
            gettext_lazy(
                "{name} is neither a file nor the name of a sample record (tarot replay --list)",
                name=quoted(args.record),
            )
        )
    rnd = record.new_round()
    name = record.seat_name
    print(
        _(
            "{title} — {variant}, dealer {name} ({seat})",
            title=shown_words(record.title) or args.record,
            variant=rnd.variant.title,
            name=name(record.dealer),
            seat=record.dealer,
        )
    )
    for seat in SEATS[: rnd.players]:
        print(
            _(
                "  {name} ({seat}): {cards}",
                name=name(seat),
                seat=seat,
                cards=format_cards(sort_hand(rnd.hands[seat])),
            )
        )
    print(_("  dog: {cards}", cards=format_cards(rnd.dog)))
    for action in record.actions:
        before = len(rnd.tricks)
        rnd.push(action)
        if action.kind != "play":
            words = " ".join(part for part in (action.kind, action.word, format_cards(action.cards)) if part)
            print(_("  {name}: {action}", name=name(action.seat), action=words))
        if len(rnd.tricks) > before:
            trick = rnd.tricks[-1]
            assert trick.winner is not None
            plays = ", ".join(f"{name(s)} {c}" for s, c in trick.plays)
            note = rnd.trick_note(trick)
            print(
                _(
                    "Trick {number:>2}: {plays} -> {winner} {note}",
                    number=trick.number + 1,
                    plays=plays,
                    winner=name(trick.winner),
                    note=note,
                )
            )
    if not rnd.is_over:
        print(_("The record stops before the end of the round."))
        return 0
    for line in rnd.result_lines(name):
        print(line)
    return 0


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):  # a name too long for the system, or with a NUL in it
        return False


def _could_be_a_name(text: str) -> bool:
    """Whether ``text`` may be a sample's name: no folder and no ``.json`` (then it is a path)."""
    return "/" not in text and "\\" not in text and not text.endswith(".json")


def _players(args: argparse.Namespace) -> int:
    """``--players``, or when it is left out 4 if the family is played by four, else its smallest table."""
    if args.players is not None:
        players: int = args.players
        return players
    counts = family_players(args.variant)
    return 4 if 4 in counts else counts[0]


def _cmd_sheet(args: argparse.Namespace) -> int:
    from .records import read_text, too_deep
    from .sheet import load_sheet

    try:
        text = read_text(Path(args.file))
    except TarotError as error:
        raise TarotError(_cannot_read(args.file, error)) from None
    if too_deep(text):
        raise TarotError(
            gettext_lazy("{file} is not a score sheet: its lists and objects nest too deeply", file=args.file)
        )
    sheet = load_sheet(text)
    totals = sheet.totals()
    if args.json:
        print(json.dumps({"totals": totals, "next_dealer": sheet.next_dealer()}, ensure_ascii=False))
        return 0
    deals = ngettext("{n} deal", "{n} deals", len(sheet.deals))
    if sheet.title:
        heading = _(
            "{title} — {rules}, {players} players, {deals}",
            title=sheet.title,
            rules=sheet.rules_name,
            players=len(sheet.players),
            deals=deals,
        )
    else:
        heading = _(
            "{rules}, {players} players, {deals}",
            rules=sheet.rules_name,
            players=len(sheet.players),
            deals=deals,
        )
    print(heading)
    width = max(len(name) for name in sheet.players)
    for name in sheet.players:
        print(f"  {name.ljust(width)}  {totals[name]:+d}")
    print(_("Next to deal: {name}", name=sheet.next_dealer()))
    return 0


def _cmd_deal(args: argparse.Namespace) -> int:
    variant = variant_for(args.variant, _players(args), **_options(args))
    dealer = Seat.parse(args.dealer, variant.players)
    rnd = variant.deal_round(dealer, args.seed)
    if args.json:
        deal = {str(seat): format_cards(sort_hand(rnd.hands[seat])) for seat in SEATS[: variant.players]}
        deal["dog"] = format_cards(sort_hand(rnd.dog))
        print(json.dumps({"variant": variant.key, "dealer": str(dealer), "seed": args.seed, "deal": deal}))
        return 0
    print(_("{variant}, dealer {dealer}, seed {seed}", variant=variant.title, dealer=dealer, seed=args.seed))
    for seat in SEATS[: variant.players]:
        print(f"{seat}: {format_cards(sort_hand(rnd.hands[seat]))}")
    if rnd.dog:
        print(_("dog: {cards}", cards=format_cards(sort_hand(rnd.dog))))
    return 0


def _options(args: argparse.Namespace) -> dict[str, object]:
    """Rule options given on the command line (only the pack, for now)."""
    return {"pack": args.pack} if args.pack is not None else {}


def _cmd_simulate(args: argparse.Namespace) -> int:
    from .simulate import SimulationStats, simulate

    variant = variant_for(args.variant, _players(args), **_options(args))
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
        print(
            ngettext(
                # The English says "games" for one game too (a plural form for the languages that need one).
                "{n} games of {variant} in {seconds:.3f} s: {rate:.0f} games per second",
                "{n} games of {variant} in {seconds:.3f} s: {rate:.0f} games per second",
                args.games,
                variant=variant.title,
                seconds=seconds,
                rate=rate,
            )
        )
        if stats is not None:
            for key, value in stats.as_dict().items():
                print(f"  {key}: {_in_words(value)}")
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


def _in_words(value: object) -> str:
    """A statistic for the table: a count per name as "garde 12, prise 3", an empty one as "none"."""
    if isinstance(value, dict):
        if all(str(key).isdigit() for key in value):  # counts by a number of bouts
            return ", ".join(
                _("{count} with {bouts}", count=item, bouts=key) for key, item in value.items()
            ) or _("none")
        return ", ".join(f"{key} {item}" for key, item in value.items()) or _("none")
    return str(value)


def _count(text: str, least: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text} is not a whole number", text=quoted(text))) from None
    if value < least:
        raise argparse.ArgumentTypeError(
            _("{value} is negative", value=str(value))
            if value < 0
            else _("must be at least {least}", least=least)
        )
    if value > sys.maxsize:
        raise argparse.ArgumentTypeError(
            _("{value} is too large (at most {most})", value=value, most=sys.maxsize)
        )
    return value


def _positive(text: str) -> int:
    """A whole number, 0 or more."""
    return _count(text, 0)


def _at_least_one(text: str) -> int:
    """A whole number, 1 or more."""
    return _count(text, 1)


def _seed(text: str) -> str:
    """A seed: any text that is not empty (the same text gives the same deals)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(_("a seed cannot be empty: give a number or a word"))
    return text


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="tarot", description=_("The tarot card games engine: score, replay, deal, simulate.")
    )
    parser.add_argument(
        "--lang",
        metavar="CODE",
        help=_("the language of the answers: en or fr (else the environment's, LANGUAGE or LANG)"),
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    score = sub.add_parser("score", help=_("score a JSON request and show the working"))
    score.add_argument(
        "request", nargs="?", help=_("JSON text, a file, or - for standard input (the default)")
    )
    score.add_argument("--json", action="store_true", help=_("print the answer as JSON"))
    score.set_defaults(func=_cmd_score)
    replay = sub.add_parser("replay", help=_("check a hand record and show it trick by trick"))
    replay.add_argument("record", nargs="?", help=_("a record file, or a sample record's name"))
    replay.add_argument("--list", action="store_true", help=_("list the sample records by name"))
    replay.set_defaults(func=_cmd_replay)
    sheet = sub.add_parser("sheet", help=_("read a score sheet (JSON or CSV) and print the totals"))
    sheet.add_argument("file")
    sheet.add_argument("--json", action="store_true", help=_("print the totals as JSON"))
    sheet.set_defaults(func=_cmd_sheet)
    deal = sub.add_parser("deal", help=_("a reproducible random deal"))
    deal.add_argument("--variant", default="fft")
    deal.add_argument("--players", type=_positive, default=None, help=_("4 when the game is played by four"))
    deal.add_argument("--seed", type=_seed, default="1")
    deal.add_argument("--dealer", default="p1")
    deal.add_argument("--json", action="store_true")
    deal.add_argument("--pack", type=int, choices=(78, 62), help=_("the 62-card pack (Chambéry Tarot only)"))
    deal.set_defaults(func=_cmd_deal)
    simulate = sub.add_parser("simulate", help=_("play random rounds and measure the speed"))
    simulate.add_argument("--variant", default="fft")
    simulate.add_argument(
        "--players", type=_positive, default=None, help=_("4 when the game is played by four")
    )
    simulate.add_argument("--games", type=_at_least_one, default=1000)
    simulate.add_argument("--seed", type=_seed, default="1")
    simulate.add_argument("--contract", default=None)
    simulate.add_argument("--json", action="store_true")
    simulate.add_argument(
        "--pack", type=int, choices=(78, 62), help=_("the 62-card pack (Chambéry Tarot only)")
    )
    simulate.add_argument(
        "--step-by-step",
        action="store_true",
        help=_("ask legal_actions() and push() for every decision (slower; the same rounds)"),
    )
    simulate.add_argument(
        "--stats", action="store_true", help=_("also report results: contracts made, scores, bouts")
    )
    simulate.add_argument(
        "--warmup",
        type=_positive,
        default=0,
        metavar="N",
        help=_("first play N other rounds, not timed and not counted (a benchmark's warm-up)"),
    )
    simulate.set_defaults(func=_cmd_simulate)
    arena = sub.add_parser("arena", help=_("measure the computer players on duplicate deals"))
    arena.add_argument("--variant", default="fft")
    arena.add_argument("--players", type=_positive, default=4)
    arena.add_argument("--deals", type=_positive, default=100)
    arena.add_argument("--seed", type=_seed, default="1")
    arena.add_argument(
        "--seats", default="rule,random,rule,random", help=_("a player per seat: random, rule, mc")
    )
    arena.add_argument(
        "--playouts", type=_positive, default=None, help=_("play-outs per move of the mc player")
    )
    arena.add_argument("--pack", type=int, choices=(78, 62), help=_("the 62-card pack (Chambéry Tarot only)"))
    arena.add_argument("--json", action="store_true")
    arena.set_defaults(func=_cmd_arena)
    play = sub.add_parser("play", help=_("play a deal in the terminal against the computer players"))
    play.add_argument("--variant", default="fft")
    play.add_argument("--players", type=_positive, default=4)
    play.add_argument("--seed", type=_seed, default="1")
    play.add_argument("--seat", default="p1")
    play.add_argument("--level", choices=("random", "rule", "mc"), default="rule")
    play.add_argument("--pack", type=int, choices=(78, 62), help=_("the 62-card pack (Chambéry Tarot only)"))
    play.set_defaults(func=_cmd_play)
    return parser


#: The environment's variables that name the reader's language, first found first (GNU gettext's order).
LANGUAGE_VARIABLES: Final = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def chosen_language(argv: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language the command speaks: ``--lang CODE`` (before the command), else the environment's
    (``LANGUAGE=fr``, ``LANG=fr_FR.UTF-8``), else English; a language the site lacks is English."""
    for index, arg in enumerate(argv):
        if arg == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
        if not arg.startswith("-"):
            break
    for name in LANGUAGE_VARIABLES:
        value = environ.get(name, "").split(":")[0]
        if value:
            return value
    return SOURCE_LANGUAGE


def main(argv: Sequence[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    code = chosen_language(arguments, os.environ)
    with use_language(code if code.split("_")[0].split("-")[0].lower() in LANGUAGES else SOURCE_LANGUAGE):
        return _main(arguments)


def _main(argv: Sequence[str]) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if sys.stdout is None:  # started with its output closed: nothing it printed would be seen
            raise TarotError(gettext_lazy("standard output is closed: nothing to print the answer to"))
        result: int = args.func(args)
        return result
    except UsageError as error:
        print(_("tarot: {error} (see tarot --help)", error=one_line(str(error))), file=sys.stderr)
        return 2
    except UnknownVariantError as error:  # the same sentence, whichever command named the variant
        print(_("tarot: {error}", error=one_line(error.message)), file=sys.stderr)
        return 2
    except TarotError as error:
        print(_("tarot: {error}", error=one_line(str(error))), file=sys.stderr)
        return 2
    except UnicodeEncodeError as error:  # names and French words on an output that cannot show them
        print(
            _(
                "tarot: the output is in {encoding}, which cannot show {character}: "
                "set PYTHONIOENCODING=utf-8",
                encoding=error.encoding,
                character=repr(error.object[error.start]),
            ),
            file=sys.stderr,
        )
        return 2
    except (BrokenPipeError, KeyboardInterrupt):
        return 1


def run() -> NoReturn:
    sys.exit(main())


if __name__ == "__main__":  # pragma: no cover
    run()

__all__ = ["build_parser", "find_variant", "main"]
