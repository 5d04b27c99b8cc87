"""Rule sets as small classes, found through one registry.

A variant describes a game for one player count: class variables for the fixed facts (players, hand
and dog sizes, contracts, multipliers, handful thresholds) and an ``options`` object for the points
where sources differ. ``find_variant("fft-4")`` returns an instance; ``find_variant("fft-3",
packets=3)`` changes an option.
"""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

from ..cards import FULL_PACK, Card
from ..errors import RequestError, TarotError, quoted, said_of
from ..messages import Listed, _, gettext_lazy, join_and, join_or
from .deal import deal_from
from .knowledge import Knowledge
from .options import Options
from .words import Words

if TYPE_CHECKING:
    from ..seats import Seat
    from .result import Score
    from .round import Round
    from .trick import Counting


class ShownTitle:
    """A class attribute written as an English message id and read in the current language. A variant
    whose title depends on its options (Chambéry's pack) writes its own message id into the instance;
    it is read in the current language too."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __get__(self, instance: object, owner: type | None = None) -> str:
        text = self.text if instance is None else vars(instance).get("title", self.text)
        return _(text) if text else ""

    def __set__(self, instance: object, value: str) -> None:
        vars(instance)["title"] = value


class Variant(ABC):
    """Base class of every rule set. Subclasses set the class variables and override hooks.

    Every variant is what a round reads of its rules (:class:`~tarot_core.engine.round.RoundRules`):
    the sizes of the deal, the options, the facts of the French rules that the engine's default round
    hooks follow, and how to make and score a round.
    """

    key: ClassVar[str] = ""
    family: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        written = cls.__dict__.get("title")
        if isinstance(written, str):
            cls.title = ShownTitle(written)  # type: ignore[assignment]

    #: The rule set's name as readers read it: a subclass writes it in English (marked ``N_``), and it is
    #: read in the current language (see :class:`ShownTitle`).
    title: ClassVar[str] = ""
    players: ClassVar[int] = 4
    hand_size: ClassVar[int] = 18
    dog_size: ClassVar[int] = 6
    packet: ClassVar[int] = 3
    options_class: ClassVar[type[Options]] = Options
    #: The rule options in force, an instance of ``options_class`` (each rule set narrows the type).
    options: Options

    # The facts of the French rules that the engine's default round hooks read (the contracts to bid,
    # what happens to the dog, the handfuls, the slam). The defaults are neutral: no bidding, no
    # handfuls, no slam announcement. A rule set whose round overrides those hooks may leave them so.
    #: The contracts a player may bid, lowest first (none: nobody bids).
    contracts: ClassVar[tuple[str, ...]] = ()
    #: The contracts whose taker takes the dog into his hand and lays cards away.
    dog_taking_contracts: ClassVar[frozenset[str]] = frozenset()
    #: The contracts whose dog counts for the defence.
    dog_to_defence_contracts: ClassVar[frozenset[str]] = frozenset()
    #: The handfuls a player may show, by name, with the trumps each needs (none: no handfuls).
    handfuls: ClassVar[Mapping[str, int]] = MappingProxyType({})
    #: Whether a slam may be announced before the first trick.
    slam_announcement: ClassVar[bool] = False
    #: Whether a player who cannot follow and trumps must go over a trump already in the trick when he
    #: can (the French rules; the engine's following rule reads it).
    must_overtrump: ClassVar[bool] = True

    def __init__(self, **options: object) -> None:
        known = [f.name for f in dataclasses.fields(self.options_class)]
        unknown = [name for name in options if name not in known]
        if unknown:
            if known:
                said = gettext_lazy(
                    "{variant} has no rule option {name}; its options are: {names}",
                    variant=self.key,
                    name=quoted(unknown[0]),
                    names=", ".join(known),
                )
            else:
                said = gettext_lazy(
                    "{variant} has no rule option {name}; its options are: none",
                    variant=self.key,
                    name=quoted(unknown[0]),
                )
            raise TarotError(said)
        try:
            self.options = self.options_class(**options)
        except (TypeError, ValueError) as error:
            raise TarotError(
                gettext_lazy("bad rule option for {variant}: {error}", variant=self.key, error=said_of(error))
            ) from None

    # ----------------------------------------------------------------- facts
    @property
    def pack(self) -> tuple[Card, ...]:
        return FULL_PACK

    @property
    def pack_set(self) -> frozenset[Card]:
        """The pack as a set (computed once per variant object)."""
        cached: frozenset[Card] | None = self.__dict__.get("_pack_set")
        if cached is None:
            cached = self.__dict__["_pack_set"] = frozenset(self.pack)
        return cached

    @abstractmethod
    def new_round(
        self,
        dealer: Seat,
        hands: list[list[Card]] | tuple[tuple[Card, ...], ...],
        dog: list[Card] | tuple[Card, ...],
    ) -> Round:
        """A round from a deal (each rule set makes its own kind of round)."""

    def score_round(self, rnd: Round, counting: Counting) -> Score:
        """The score of a played round from its counting, which the engine's round asks for when the
        round is over. A rule set whose round scores itself (its own ``result``) need not define it."""
        raise NotImplementedError(f"{self.key} rounds are scored by the round itself")

    @property
    def excuse_wins_unannounced_slam(self) -> bool:
        """Whether a side that has won every other trick wins the last one by leading the Excuse when no
        slam was announced (read by the engine's default hook; an option in French Tarot)."""
        return True

    #: Written before the seed to make a rule set's random generator: a seed gives each rule set its
    #: own deal.
    deal_salt: str = "tarot-deal"

    def deal_round(self, dealer: Seat, seed: int | str) -> Round:
        """A new round from a seeded, reproducible shuffle and deal."""
        return self.deal_round_from(dealer, random.Random(f"{self.deal_salt}:{seed}"))

    def deal_round_from(self, dealer: Seat, rng: random.Random) -> Round:
        """A new round shuffled and dealt with ``rng`` (a run of deals can share one generator)."""
        # The round sorts the hands itself, so the deal leaves them in dealing order.
        hands, dog = deal_from(self, dealer, rng, sort=False)
        return self.new_round(dealer, hands, dog)

    def option_overrides(self) -> dict[str, object]:
        """Options that differ from the defaults (what a record must store)."""
        default = self.options_class()
        return {
            field.name: getattr(self.options, field.name)
            for field in dataclasses.fields(self.options)
            if getattr(self.options, field.name) != getattr(default, field.name)
        }

    @property
    def words(self) -> Words:
        """This rule set's names for its cards, piles, roles and steps (:mod:`tarot_core.engine.words`)."""
        return words_for(self.family)

    @property
    def knowledge(self) -> Knowledge:
        """What this rule set tells the players and the views (:mod:`tarot_core.engine.knowledge`)."""
        return knowledge_for(self.family)

    def __repr__(self) -> str:
        extra = "".join(f", {k}={v!r}" for k, v in self.option_overrides().items())
        return f"find_variant({self.key!r}{extra})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Variant) and other.key == self.key and other.options == self.options

    def __hash__(self) -> int:
        return hash((self.key, self.options))


VARIANTS: dict[str, type[Variant]] = {}

#: The one registry of rule-set families: family name -> the module of its rules, in the order the
#: families are listed. That module registers the family's variants when it is imported and answers
#: its score requests (its ``score_request``); it is imported when first needed, so that ``import
#: tarot_core`` stays fast. The engine names no family: the package adds them (:func:`add_family`).
FAMILIES: dict[str, str] = {}


def add_family(family: str, module: str) -> None:
    """Make the family ``family`` known, its rules in the module named ``module`` (loaded lazily)."""
    FAMILIES[family] = module


def register(cls: type[Variant]) -> type[Variant]:
    """Class decorator adding a variant to the registry."""
    VARIANTS[cls.key] = cls
    return cls


def _load_providers() -> None:
    import importlib

    for module in FAMILIES.values():
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as error:
            if error.name != module:
                raise


def all_variants() -> dict[str, type[Variant]]:
    _load_providers()
    return dict(VARIANTS)


class UnknownVariantError(RequestError):
    """A variant name the registry does not know: one sentence, whichever command or file gave the name.

    A :class:`RequestError` on the field ``variant``, so a calculator can point at that field; its
    ``message`` is the sentence (``unknown variant 'foo': the variants are fft (3, 4 or 5 players),
    ...``), which the command line prints alone.
    """

    def __init__(self, name: object) -> None:
        super().__init__(
            "variant",
            gettext_lazy(
                "unknown variant {name}: the variants are {variants}", name=quoted(name), variants=_families()
            ),
        )


def _families() -> Listed:
    """Every family with its player counts, in the registry's order: "fft (3, 4 or 5 players), ..."."""
    counts: dict[str, list[int]] = {}
    for cls in all_variants().values():
        counts.setdefault(cls.family, []).append(cls.players)
    order = {name: index for index, name in enumerate(FAMILIES)}
    return join_and(
        gettext_lazy("{family} ({counts} players)", family=family, counts=join_or(sorted(players)))
        for family, players in sorted(counts.items(), key=lambda item: order.get(item[0], len(order)))
    )


def family_players(family: str) -> tuple[int, ...]:
    """The player counts ``family`` is played by, smallest first; :class:`UnknownVariantError` if none."""
    counts = sorted(cls.players for cls in all_variants().values() if cls.family == family)
    if not counts:
        raise UnknownVariantError(family)
    return tuple(counts)


def words_for(family: str) -> Words:
    """The words of the rule set ``family`` ("fft", "mathers", ...), from its package's ``words`` module."""
    import importlib

    module = FAMILIES.get(family)
    if module is None:
        raise UnknownVariantError(family)
    words: Words = importlib.import_module(f"{module}.words").WORDS
    return words


def knowledge_for(family: str) -> Knowledge:
    """What the rule set ``family`` tells the computer players, from its package's ``knowledge`` module."""
    import importlib

    module = FAMILIES.get(family)
    if module is None:
        raise UnknownVariantError(family)
    knowledge: Knowledge = importlib.import_module(f"{module}.knowledge").KNOWLEDGE
    return knowledge


def find_variant(key: str, **options: object) -> Variant:
    """The variant registered under ``key`` ("fft-4", "fft-5", ...), with rule options applied."""
    variants = all_variants()
    cls = variants.get(key.strip().lower())
    if cls is None:
        raise UnknownVariantError(key)
    return cls(**options)


def variant_for(family: str, players: int, **options: object) -> Variant:
    """The variant of ``family`` ("fft", "classic", ...) for ``players`` players."""
    counts = family_players(family)
    matches = {cls.players: cls for cls in all_variants().values() if cls.family == family}
    cls = matches.get(players)
    if cls is None:
        raise TarotError(
            gettext_lazy(
                "{rules}: a game for {counts} players, not {players}",
                rules=_(words_for(family).short),
                counts=join_or(counts),
                players=players,
            )
        )
    return cls(**options)


RequestHandler = Callable[[Mapping[str, object]], dict[str, object]]


def score_request(request: Mapping[str, object]) -> dict[str, object]:
    """Score a JSON request for any variant and answer with the working and every share.

    >>> request = {"variant": "fft", "players": 4, "contract": "prise", "oudlers": 3, "points": 36}
    >>> answer = score_request(request)
    >>> answer["won"], answer["scores"]
    (True, {'taker': 75, 'partner': None, 'defender': -25})
    """
    if not isinstance(request, Mapping):
        raise RequestError(
            "", gettext_lazy('a score request is a JSON object such as {"variant": "fft", ...}')
        )
    # A request that names no rule set is about the first one listed.
    variant = request.get("variant", next(iter(FAMILIES), ""))
    if not isinstance(variant, str) or variant not in FAMILIES:
        raise UnknownVariantError(variant)
    import importlib

    try:
        module = importlib.import_module(FAMILIES[variant])
    except ModuleNotFoundError:
        raise RequestError(
            "variant", gettext_lazy("the {variant} calculator is not available yet", variant=variant)
        ) from None
    handler: RequestHandler = module.score_request
    return handler(request)
