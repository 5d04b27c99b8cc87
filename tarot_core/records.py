"""Hand records: one deal and every action in order, as a small JSON file.

A record names its variant, seats, dealer, the deal and the actions in notation, and may carry the
expected result, checked when the record is loaded::

    {
      "format": "tarot-hand", "version": 1,
      "title": "A guard with the Petit saved to the end",
      "variant": "fft-4", "options": {},
      "players": ["Ana", "Ben", "Chloé", "Dev"],
      "dealer": "p1",
      "deal": {"p1": "S1 S4 ...", "p2": "...", "p3": "...", "p4": "...", "dog": "..."},
      "actions": ["p2 pass", "p3 bid garde", "...", "p3 play T21"],
      "expected": {"outcome": "played", "taker_points": 49, "scores": {"p1": -96, "p3": 288}}
    }

Every action is checked against the rules on load; a bad record raises :class:`RecordError` naming
the action and the rule.
"""

from __future__ import annotations

import codecs
import json
import math
import operator
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable
from itertools import accumulate
from pathlib import Path
from typing import TYPE_CHECKING, Final

from .actions import Action
from .cards import format_cards, parse_cards, sort_hand
from .engine.variant import UnknownVariantError, Variant, find_variant
from .errors import IllegalActionError, NotationError, RecordError, Said, TarotError, quoted, said_of
from .messages import NC_, Noun, gettext_lazy, ngettext_lazy, pgettext
from .seats import SEATS, Seat

if TYPE_CHECKING:
    from .cards import Card
    from .engine.round import Round

FORMAT = "tarot-hand"
VERSION = 1
FIELDS = (
    "format",
    "version",
    "title",
    "description",
    "variant",
    "options",
    "players",
    "dealer",
    "seed",
    "deal",
    "actions",
    "expected",
)


@dataclass
class HandRecord:
    """A loaded, validated hand record."""

    variant: Variant
    dealer: Seat
    hands: tuple[tuple[Card, ...], ...]
    dog: tuple[Card, ...]
    actions: list[Action]
    players: list[str]
    title: str = ""
    description: str = ""
    seed: int | str | None = None
    expected: dict[str, object] = field(default_factory=dict)

    # --------------------------------------------------------------- replay
    def new_round(self) -> Round:
        return self.variant.new_round(self.dealer, self.hands, self.dog)

    def round_at(self, step: int) -> Round:
        """The round after the first ``step`` actions (0: just dealt)."""
        if not 0 <= step <= len(self.actions):
            raise TarotError(
                gettext_lazy(
                    "step must be between 0 and {last}, not {step}", last=len(self.actions), step=step
                )
            )
        rnd = self.new_round()
        for action in self.actions[:step]:
            rnd.push(action)
        return rnd

    def states(self) -> Iterator[tuple[Action | None, Round]]:
        """(action, round after it) for every step, starting with (None, the deal). The round is shared."""
        rnd = self.new_round()
        yield None, rnd
        for action in self.actions:
            rnd.push(action)
            yield action, rnd

    def final_round(self) -> Round:
        return self.round_at(len(self.actions))

    def seat_name(self, seat: Seat) -> str:
        return self.players[seat] if seat < len(self.players) else str(seat)

    # --------------------------------------------------------------- saving
    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"format": FORMAT, "version": VERSION}
        if self.title:
            data["title"] = self.title
        if self.description:
            data["description"] = self.description
        data["variant"] = self.variant.key
        data["options"] = self.variant.option_overrides()
        data["players"] = list(self.players)
        data["dealer"] = str(self.dealer)
        if self.seed is not None:
            data["seed"] = self.seed
        deal: dict[str, str] = {
            str(SEATS[i]): format_cards(sort_hand(hand)) for i, hand in enumerate(self.hands)
        }
        deal["dog"] = format_cards(sort_hand(self.dog))
        data["deal"] = deal
        data["actions"] = [str(action) for action in self.actions]
        if self.expected:
            data["expected"] = self.expected
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False) + "\n"

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json(), encoding="utf-8")

    @classmethod
    def from_round(
        cls,
        rnd: Round,
        players: list[str] | None = None,
        title: str = "",
        description: str = "",
        seed: int | str | None = None,
        with_expected: bool = True,
    ) -> HandRecord:
        # A round is made by its rule set (``Variant.new_round``), which the record names.
        assert isinstance(rnd.variant, Variant), "a round made by a registered rule set"
        record = cls(
            variant=rnd.variant,
            dealer=rnd.dealer,
            hands=rnd.initial_hands,
            dog=rnd.initial_dog,
            actions=list(rnd.actions),
            players=players or [str(s) for s in SEATS[: rnd.players]],
            title=title,
            description=description,
            seed=seed,
        )
        if with_expected and rnd.is_over:
            record.expected = result_summary(rnd)
        return record


def result_summary(rnd: Round) -> dict[str, object]:
    """The facts a record's ``expected`` block may state (the round's own summary)."""
    return rnd.result_summary()


def load_record(source: str | Path | Mapping[str, object]) -> HandRecord:
    """Load a record from a path, a JSON text or a parsed mapping, checking every action."""
    data: object
    if isinstance(source, Mapping):
        data = source
    else:
        text = source
        if isinstance(source, Path) or (isinstance(source, str) and not source.lstrip().startswith("{")):
            try:
                text = read_text(Path(source))
            except TarotError as error:
                raise RecordError(
                    gettext_lazy(
                        "cannot read the record {file}: {error}", file=str(source), error=said_of(error)
                    )
                ) from None
        try:
            data = parse_json(str(text), _RECORD)
        except TarotError as error:
            raise RecordError(said_of(error)) from None
    if not isinstance(data, Mapping):
        raise RecordError(gettext_lazy("a hand record is a JSON object"))
    return _parse(data)


#: The largest file read as a record or a request: far above any real one, so that a wrong file (a
#: device, a disc image) is refused at once instead of being read whole.
MAX_FILE_BYTES: Final = 16 * 1024 * 1024


#: What a record is called when its text is refused: "the record is not valid JSON".
_RECORD: Final = Noun(NC_("file", "record"), "file")


def read_text(source: Path) -> str:
    """The text of a record or request file: UTF-8, with or without a byte-order mark.

    Raises :class:`TarotError` with the reason alone (the caller names the file): the system's word
    for a file that cannot be opened, or what is wrong with its bytes.
    """
    try:
        with source.open("rb") as stream:
            data = stream.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise TarotError(error.strerror or str(error)) from None
    except ValueError as error:  # a path with a NUL character in it
        raise TarotError(str(error)) from None
    return decode_text(data)


#: The deepest nesting of lists and objects read in JSON text: a record, a request or a sheet needs a
#: handful of levels; refusing deeper text before parsing it keeps the parser's stack small everywhere
#: (in a browser's worker the JavaScript stack would overflow long before Python's recursion limit).
MAX_JSON_DEPTH: Final = 32

#: A string in JSON text, with its escapes; the bytes that are not brackets.
_JSON_STRING: Final = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKETS: Final = bytes(byte for byte in range(256) if byte not in b"[]{}")
#: A bracket as a step of the nesting plus one: 2 for one that opens, 0 for one that closes.
_STEPS: Final = bytes.maketrans(b"[{]}", b"\x02\x02\x00\x00")


def too_deep(text: str, depth: int = MAX_JSON_DEPTH) -> bool:
    """Whether the lists and objects of the JSON ``text`` nest deeper than ``depth`` (brackets inside
    strings do not count, brackets left open do). No recursion, and no Python loop over the characters:
    the brackets alone are kept, and the deepest level is a running sum of their steps.

    >>> too_deep('{"a": [[1, 2], "[[["]}', 3), too_deep('{"a": [[1, 2], "[[["]}', 2), too_deep("[" * 99)
    (False, True, True)
    """
    brackets = _JSON_STRING.sub("", text).encode("utf-8", "ignore").translate(None, _NOT_BRACKETS)
    if len(brackets) <= depth:
        return False
    steps = brackets.translate(_STEPS)
    # the level after the n-th bracket is the sum of the first n steps less n
    deepest: int = max(map(operator.sub, accumulate(steps), range(1, len(steps) + 1)))
    return deepest > depth


def parse_json(text: str, what: Said | Noun, *, lines: bool = True) -> object:
    """``text`` parsed as JSON, or :class:`TarotError` saying why ``what`` ("the record", a
    :class:`~tarot_core.messages.Noun` or a message) cannot be.

    Nesting deeper than :data:`MAX_JSON_DEPTH`, whole numbers of more than 30 digits, numbers too large
    to hold and ``NaN`` are refused. Where the text goes wrong is given by its line (``lines``, for a
    file), or else by its character.
    """
    if too_deep(text):
        raise TarotError(gettext_lazy("{what} is not valid JSON: it is nested too deeply", what=what))
    try:
        return json.loads(
            text, parse_constant=_refuse_constant, parse_int=_whole_number, parse_float=_finite_number
        )
    except json.JSONDecodeError as error:
        # The parser's own reason (``error.msg``) is Python's, in English.
        where = (
            gettext_lazy("{reason} (line {line})", reason=error.msg, line=error.lineno)
            if lines
            else gettext_lazy("it goes wrong at character {position}", position=error.pos + 1)
        )
        raise TarotError(gettext_lazy("{what} is not valid JSON: {why}", what=what, why=where)) from None
    except RecursionError:  # pragma: no cover - the nesting is checked above
        raise TarotError(
            gettext_lazy("{what} is not valid JSON: it is nested too deeply", what=what)
        ) from None
    except ValueError as error:  # NaN or Infinity, or a number too long to be one
        raise TarotError(
            gettext_lazy("{what} is not valid JSON: {why}", what=what, why=said_of(error))
        ) from None


def _refuse_constant(name: str) -> object:
    raise ValueError(gettext_lazy("{name} is not a number in JSON", name=name))


def _whole_number(digits: str) -> int:
    if len(digits.lstrip("-")) > 30:  # no count, score or seed of a game comes near
        raise ValueError(gettext_lazy("a number of {n} digits is too long", n=len(digits.lstrip("-"))))
    return int(digits)


def _finite_number(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(gettext_lazy("the number {text} is too large", text=quoted(text, 12)))
    return value


def decode_text(data: bytes) -> str:
    """``data`` as UTF-8 text (a byte-order mark is dropped), or :class:`TarotError` saying why not."""
    if len(data) > MAX_FILE_BYTES:
        raise TarotError(
            gettext_lazy("larger than {size} MB, so not a tarot file", size=MAX_FILE_BYTES // (1024 * 1024))
        )
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise TarotError(gettext_lazy("it is UTF-16 text: save it as UTF-8"))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        byte = f"0x{data[error.start]:02x}"
        raise TarotError(
            gettext_lazy(
                "not UTF-8 text (byte {byte} at position {position}): save it as UTF-8 if it is text",
                byte=byte,
                position=error.start,
            )
        ) from None


# ------------------------------------------------------------------ sample records


def _samples_folder() -> Traversable | None:
    """The sample records: ``tarot_core/hands`` once installed, ``tutorial/hands`` in a checkout."""
    installed = resources.files(__package__ or "tarot_core") / "hands"
    if installed.is_dir():
        return installed
    checkout = Path(__file__).resolve().parent.parent / "tutorial" / "hands"
    return checkout if checkout.is_dir() else None


def sample_names() -> list[str]:
    """The names of the sample hand records (their file names without ``.json``), sorted."""
    folder = _samples_folder()
    if folder is None:
        return []
    return sorted(item.name[: -len(".json")] for item in folder.iterdir() if item.name.endswith(".json"))


def sample_title(name: str) -> str:
    """A sample record's title in the current language, read without replaying it (empty if none)."""
    data = json.loads(decode_text(_sample_file(name).read_bytes()))
    title = data.get("title", "") if isinstance(data, dict) else ""
    return shown_words(str(title))


def shown_words(text: str) -> str:
    """A sample record's title or description in the current language (the catalogue holds them under
    the context "record"); a record of the reader's own is shown as written."""
    return pgettext("record", text) if text else text


def _sample_file(name: str) -> Traversable:
    folder = _samples_folder()
    if folder is None or name not in sample_names():
        raise RecordError(gettext_lazy("{name} is not the name of a sample record", name=quoted(name)))
    return folder / f"{name}.json"


def load_sample(name: str) -> HandRecord:
    """The sample record called ``name`` ("fft-4-first-hand"), checked like any record."""
    return load_record(decode_text(_sample_file(name).read_bytes()))


def _parse(data: Mapping[str, object]) -> HandRecord:
    unknown = [key for key in data if key not in FIELDS]
    if unknown:
        raise RecordError(
            gettext_lazy(
                "unknown field {name} in the record; fields are {fields}",
                name=quoted(unknown[0]),
                fields=", ".join(FIELDS),
            )
        )
    if data.get("format", FORMAT) != FORMAT or data.get("version", VERSION) != VERSION:
        raise RecordError(
            gettext_lazy("not a {format} record of version {version}", format=FORMAT, version=VERSION)
        )
    options = data.get("options") or {}
    if not isinstance(options, Mapping):
        raise RecordError(gettext_lazy("options must be an object"))
    key = data.get("variant")
    if not isinstance(key, str):
        raise RecordError(gettext_lazy('the record must name its variant, such as "fft-4"'))
    try:
        variant = find_variant(key, **{str(k): v for k, v in options.items()})
        players_count = variant.players
        dealer = Seat.parse(str(data.get("dealer", "")), players_count)
        deal = data.get("deal")
        if not isinstance(deal, Mapping):
            raise RecordError(
                gettext_lazy('the record needs a deal: {"p1": "cards...", ..., "dog": "cards..."}')
            )
        # Stored in pack order, as the round keeps them, whatever order the file lists them in.
        hands = tuple(
            tuple(sorted(parse_cards(str(deal.get(str(seat), ""))))) for seat in SEATS[:players_count]
        )
        dog = tuple(sorted(parse_cards(str(deal.get("dog", "")))))
    except RecordError:
        raise
    except UnknownVariantError as error:  # the same sentence as every command's
        raise RecordError(error.said) from None
    except TarotError as error:
        raise RecordError(gettext_lazy("bad record: {error}", error=said_of(error))) from None
    names = data.get("players") or [str(s) for s in SEATS[:players_count]]
    if not isinstance(names, list) or len(names) != players_count:
        raise RecordError(
            ngettext_lazy(
                "players must list {n} name, one per seat",
                "players must list {n} names, one per seat",
                players_count,
            )
        )
    actions_data = data.get("actions") or []
    if not isinstance(actions_data, list):
        raise RecordError(gettext_lazy('actions must be a list of strings like "p1 play HK"'))
    seed = data.get("seed")
    record = HandRecord(
        variant=variant,
        dealer=dealer,
        hands=hands,
        dog=dog,
        actions=[],
        players=[str(n) for n in names],
        title=str(data.get("title", "")),
        description=str(data.get("description", "")),
        seed=seed if isinstance(seed, (int, str)) else None,
    )
    try:
        rnd = record.new_round()
    except TarotError as error:
        raise RecordError(gettext_lazy("bad deal: {error}", error=said_of(error))) from None
    for number, text in enumerate(actions_data, start=1):
        try:
            action = Action.parse(str(text), players_count)
            rnd.push(action)
        except IllegalActionError as error:
            raise RecordError(
                gettext_lazy(
                    'action {number} "{text}" is illegal: {error} (rule: {rule})',
                    number=number,
                    text=text,
                    error=error.said,
                    rule=error.reason.code,
                )
            ) from None
        except NotationError as error:
            raise RecordError(
                gettext_lazy(
                    'action {number} "{text}" cannot be read: {error}',
                    number=number,
                    text=text,
                    error=error.said,
                )
            ) from None
        record.actions.append(action)
    expected = data.get("expected")
    if expected is not None:
        if not isinstance(expected, Mapping):
            raise RecordError(gettext_lazy("expected must be an object"))
        record.expected = dict(expected)
        if not rnd.is_over:
            raise RecordError(
                gettext_lazy("the record states an expected result but its round is not finished")
            )
        actual = result_summary(rnd)
        for name, value in expected.items():
            if name not in actual:
                raise RecordError(
                    gettext_lazy(
                        "expected {name} is not a result field; fields are {fields}",
                        name=repr(name),
                        fields=", ".join(actual),
                    )
                )
            if actual[name] != value:
                raise RecordError(
                    gettext_lazy(
                        "expected {name} {value} but the engine finds {found}",
                        name=name,
                        value=repr(value),
                        found=repr(actual[name]),
                    )
                )
    return record
