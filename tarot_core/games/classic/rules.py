"""The older French rules ("classic"): three players, or five with a called King.

The rules are those of an English-language description of the French game as it was played before
the Fédération Française de Tarot fixed its rules (the project's source 001). What the source says:

* 3 players get 24 cards each and 6 go to the dog; 5 players get 15 each and 3 go to the dog.
  The dealer deals by threes, starting on the right, and the pack is not shuffled between deals.
* Bids, lowest first: Small, Guard, Guard without the dog, Guard against the dog (its cards go to
  the opponents, 3 to each), Slam (nobody gets the dog). Five players cannot bid Guard against.
* The taker leads. Follow suit; if you cannot, you must trump; every trump must beat the trumps
  already in the trick. The Excuse may not be led; played to a trick it exempts its owner, who
  keeps it and gives the trick's winner a plain card from his tricks; on the last trick it goes to
  the other side.
* Counting by pairs: a bout or a King with a plain card 5, a Queen 4, a Knight 3, a Jack 2, two
  plain cards 1; 91 in all, a last odd card is left out.
* Target by bouts 56/51/41/36; score: base 25/50/100/150 plus (points - target) times 1/2/4/6;
  slam made without bidding it 300, bid and made 600 (nothing added).
* Bonuses: the Petit played to the last trick 10; 10/13/15 trumps in a hand 20/30/40; a hand with
  no trumps 10; a hand with no honours 10.

Everything else the source leaves open is a rule option of :class:`ClassicOptions`; the docstring of
each field says what the default is and why. The main decisions:

* **Shares** (``shares="zero-sum"``): the contract score ``S`` is won from (or paid to) each
  opponent, as in the modern rules: with 3 players the taker gets ``2S`` and each opponent ``-S``;
  with 5 the taker gets ``2S``, the partner ``S`` and each of the three others ``-S``.
* **A failed contract** pays the mirror of a made one: base plus the shortfall times the multiplier.
* **Hand bonuses** belong to the player whose hand it is, who collects the bonus from every other
  player (``hand_bonuses="holder"``).

Counting by pairs equals the card points of :mod:`tarot_core.cards` rounded down: a pair of two
court cards or bouts counts its two values less one, which is what keeps the pack at 91.

Score requests (:func:`score_request`)::

    {"variant": "classic", "players": 3, "contract": "guard", "oudlers": 2, "points": 50,
     "petit_last_trick": "attack", "slam": null,
     "bonuses": [{"kind": "trumps-10", "holder": "defender-1"}],
     "options": {"shares": "zero-sum"}}

* ``contract``: ``small``, ``guard``, ``guard-without``, ``guard-against`` (3 players only) or
  ``slam`` (a bid slam);
* ``oudlers``: the bouts (special cards) in the taker's cards, 0 to 3; ``points``: the taker's
  points counted by pairs, a whole number from 0 to 91 (not needed for a bid slam);
* ``petit_last_trick``: ``"attack"``, ``"defence"`` or ``null``: the side credited with the Petit
  on the last trick (which side that is follows the option ``petit_last_trick``);
* ``slam``: ``"attack"`` when the taker's side won every trick, ``"defence"`` when the opponents
  did, ``null`` otherwise; with ``contract: "slam"`` it says whether the bid slam was made;
* ``bonuses``: hand bonuses, each ``{"kind": K, "holder": ROLE}``, K one of ``trumps-10``,
  ``trumps-13``, ``trumps-15``, ``no-trumps``, ``no-honours``; roles are ``taker``, ``partner``
  (5 players), ``defender-1`` ... (2 with 3 players, 3 with 5);
* ``alone``: five players only, true when the called King was in the dog and the taker played
  alone (he then wins or pays ``4S``; it happens only in a Slam, where the dog stays hidden, or with
  the option ``call_timing="before-dog"``);
* ``options``: rule options by name (see :class:`ClassicOptions`).

The answer is ``{"variant": "classic", "players": N, "won": bool, "target": T, "breakdown": [...],
"scores": {role: share}}``; the shares sum to zero unless ``shares="taker-only"``.

A request no deal can produce is refused, on the field at fault: bouts and points that the dog, the
discard and the slam cannot give (see :mod:`tarot_core.games.fft.holdings`; the points are those
limits counted by pairs), a Petit on the last trick that contradicts the bouts or the slam when the option
``petit_last_trick="winner"`` credits the side that won that trick, and a taker playing alone with five
when the King is called after the dog is shown (except in a bid Slam). Numbers are JSON numbers, never
text, and a required field left out is reported as missing.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import ClassVar, Final

from ...actions import Action
from ...cards import EXCUSE, JACK, KING, KNIGHT, PETIT, PLAIN_SUITS, QUEEN, Card
from ...engine.request import required, shown, whole_number
from ...engine.result import Score, Seated, Term
from ...engine.round import Phase, Round
from ...engine.trick import Counting, Trick
from ...engine.variant import Options, option, read_options, register
from ...engine.variant import options_table as variant_options_table
from ...errors import Illegal, Refusal, RequestError, TarotError
from ...seats import ATTACK, DEFENCE, Seat, order_from
from ..fft.holdings import DealShape, check_holding
from ..fft.rules import FrenchVariant

# ---------------------------------------------------------------------------------------------- facts
CONTRACTS: Final = ("small", "guard", "guard-without", "guard-against", "slam")
CONTRACT_NAMES: Final = {
    "small": "Small",
    "guard": "Guard",
    "guard-without": "Guard without the dog",
    "guard-against": "Guard against the dog",
    "slam": "Slam",
}
CONTRACT_FRENCH: Final = {
    "small": "Petite",
    "guard": "Garde",
    "guard-without": "Garde sans le chien",
    "guard-against": "Garde contre le chien",
    "slam": "Chelem",
}
BASE: Final = {"small": 25, "guard": 50, "guard-without": 100, "guard-against": 150}
MULTIPLIER: Final = {"small": 1, "guard": 2, "guard-without": 4, "guard-against": 6}
#: Points the taker needs, by the number of bouts (special cards) in his cards.
TARGETS: Final = (56, 51, 41, 36)
SLAM_BID_MADE: Final = 600
SLAM_UNBID: Final = 300
PETIT_LAST_TRICK: Final = 10
#: Hand bonuses: kind -> points.
HAND_BONUSES: Final = {
    "trumps-10": 20,
    "trumps-13": 30,
    "trumps-15": 40,
    "no-trumps": 10,
    "no-honours": 10,
}
HAND_BONUS_NAMES: Final = {
    "trumps-10": "10 trumps in hand",
    "trumps-13": "13 trumps in hand",
    "trumps-15": "15 trumps in hand",
    "no-trumps": "no trumps in hand",
    "no-honours": "no honours in hand",
}
#: Pair values of the source's table, in points: honour or bout with a plain card, two plain cards.
PAIR_VALUES: Final = (
    ("A bout (special card) and a plain card", 5),
    ("A King and a plain card", 5),
    ("A Queen and a plain card", 4),
    ("A Knight (Cavalier) and a plain card", 3),
    ("A Jack and a plain card", 2),
    ("Two plain cards", 1),
)
TOTAL_POINTS: Final = 91


def players_contracts(players: int) -> tuple[str, ...]:
    """The contracts open to a table: five players cannot bid Guard against the dog."""
    if players == 5:
        return tuple(c for c in CONTRACTS if c != "guard-against")
    return CONTRACTS


def _check_choice(name: str, value: object, choices: Sequence[object]) -> None:
    if value not in choices:
        allowed = ", ".join(repr(c) for c in choices)
        raise TarotError(f"the rule option {name} cannot be {value!r}: choose {allowed}")


# -------------------------------------------------------------------------------------------- options
@dataclasses.dataclass(frozen=True)
class ClassicOptions(Options):
    """Rule options of the classic game: every point the source leaves open, with its default."""

    shares: str = option(
        "zero-sum",
        "Who pays whom. 'zero-sum' (default): the taker wins or pays the contract score to each "
        "opponent, as in the modern rules (3 players: taker 2S, opponents -S each; 5 players: taker "
        "2S, partner S, the three others -S each). 'taker-only': only the taker's tally moves, by S, "
        "which is the most literal reading of the source ('add it to your score').",
    )
    failed_contract: str = option(
        "mirror",
        "A contract that misses its target. 'mirror' (default): the taker loses what he would have "
        "won, base plus shortfall times the multiplier. 'nothing': a failed contract scores nothing "
        "(the source only describes what a winner scores).",
    )
    unbid_slam: str = option(
        "replaces-base",
        "A taker who wins every trick without bidding Slam. 'replaces-base' (default): 300 instead "
        "of the contract's base, the difference still added (the source waives the difference only "
        "for a bid slam). 'flat': 300 and nothing else. 'added': the contract's score plus 300.",
    )
    failed_slam: str = option(
        "mirror",
        "A bid Slam that loses a trick. 'mirror' (default): the taker pays 600, what he would have "
        "won. 'half': he pays 300, the ratio the modern rules use (400 won, 200 lost).",
    )
    defence_slam: str = option(
        "none",
        "The opponents win every trick. 'none' (default): the failed contract is scored as usual. "
        "'unbid-slam': the taker also pays 300 for the opponents' slam.",
    )
    petit_last_trick: str = option(
        "player",
        "Who gets the 10 for the Petit on the last trick. 'player' (default): the side of the player "
        "who plays it, as the source words it ('playing the 1 of trumps on the last trick'). "
        "'winner': the side that wins that last trick (the modern Petit au bout).",
    )
    hand_bonuses: str = option(
        "holder",
        "Who gets a hand bonus (10/13/15 trumps, no trumps, no honours). 'holder' (default): the "
        "player whose hand it is collects it from every other player. 'side': it is added to the "
        "contract score for the holder's side. 'winning-side': it goes to the side that wins the "
        "deal, whoever holds it (the modern handful rule).",
    )
    excuse_is_trump: bool = option(
        False,
        "Whether the Excuse counts as a trump for the trump bonuses. Default no: the source lists "
        "21 numbered trumps and the Excuse apart, so a hand whose only 'trump' is the Excuse has no "
        "trumps.",
    )
    trump_thresholds_5p: str = option(
        "10-13-15",
        "Trump bonuses with five players (15 cards each). '10-13-15' (default): the same thresholds "
        "as with three ('the rules are basically the same'). '8-10-13': the modern five-player "
        "thresholds, scaled to the shorter hands.",
    )
    guard_without_dog: str = option(
        "taker",
        "Whose cards the dog is in Guard without the dog. 'taker' (default): it counts for the taker, "
        "as the bid's name and every later rule book say. 'nobody': it is set aside.",
    )
    call_timing: str = option(
        "after-dog",
        "Five players: when the taker calls a King. 'after-dog' (default): once the dog is shown, "
        "since the source requires a King neither in the taker's hand nor in the dog. 'before-dog': "
        "before it is shown (the modern order); a King that turns out to be in the dog leaves the "
        "taker alone.",
    )
    called_suit_lead: bool = option(
        True,
        "Five players: whether the first trick may be led in the called suit. Default yes: the "
        "source does not forbid it (the modern rules do, unless the called King itself is led).",
    )
    slam_excuse: str = option(
        "wins-last-trick",
        "A side that has won every trick and leads the Excuse to the last trick. 'wins-last-trick' "
        "(default): the Excuse wins that trick, otherwise a taker holding the Excuse could never make "
        "a slam, because he leads every trick and may not lead the Excuse; and an Excuse that the "
        "slam side plays to the last trick under a partner's winning card stays with that side, as in "
        "the modern rules' 'except in a slam' (the source only says that an Excuse played to the last "
        "trick goes to the opposition). 'strict': the trick goes to the highest other card, and the "
        "Excuse to the other side in both cases.",
    )
    bidding: str = option(
        "once",
        "How long the bidding lasts. 'once' (default): each player speaks once, as in the modern rules. "
        "'auction': the source only says to bid higher or pass, so the bidding may go round again until "
        "everyone but the highest bidder has passed; a player who passes is out.",
    )
    shuffle: bool = option(
        False,
        "Whether the pack is shuffled between deals. Default no, as the source says: the tricks are "
        "gathered, the pack is cut and dealt again. Turn it on for a fresh shuffle every deal.",
    )

    def __post_init__(self) -> None:
        for name, choices in OPTION_CHOICES.items():
            _check_choice(name, getattr(self, name), choices)


OPTION_CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "shares": ("zero-sum", "taker-only"),
    "failed_contract": ("mirror", "nothing"),
    "unbid_slam": ("replaces-base", "flat", "added"),
    "failed_slam": ("mirror", "half"),
    "defence_slam": ("none", "unbid-slam"),
    "petit_last_trick": ("player", "winner"),
    "hand_bonuses": ("holder", "side", "winning-side"),
    "excuse_is_trump": (False, True),
    "trump_thresholds_5p": ("10-13-15", "8-10-13"),
    "guard_without_dog": ("taker", "nobody"),
    "call_timing": ("after-dog", "before-dog"),
    "called_suit_lead": (True, False),
    "slam_excuse": ("wins-last-trick", "strict"),
    "bidding": ("once", "auction"),
    "shuffle": (False, True),
}


# ------------------------------------------------------------------------------------ pure functions
def target(oudlers: int) -> int:
    """Points the taker needs with ``oudlers`` bouts: 56, 51, 41 or 36."""
    return TARGETS[oudlers]


def pair_points(cards: Iterable[Card]) -> int:
    """The points of a pile counted by pairs, in whole points.

    A bout or court card goes with a plain card (5, 5, 4, 3, 2), the plain cards left over go in
    pairs (1), and a last odd card is left out; two court cards together count their values less
    one. That is the pile's card points rounded down.

    >>> from tarot_core.cards import parse_cards
    >>> pair_points(parse_cards("HK S2 C3"))
    5
    >>> pair_points(parse_cards("HK DQ S2 C3"))
    9
    """
    half_points = 0
    for card in cards:
        half_points += card.half_points
    return half_points // 2


def trump_thresholds(players: int, options: ClassicOptions) -> tuple[int, int, int]:
    """Trumps needed for the 20, 30 and 40 bonuses."""
    if players == 5 and options.trump_thresholds_5p == "8-10-13":
        return (8, 10, 13)
    return (10, 13, 15)


def hand_bonuses(hand: Iterable[Card], players: int, options: ClassicOptions) -> list[str]:
    """The bonus kinds a dealt hand is entitled to (at most one trump bonus).

    >>> from tarot_core.cards import parse_cards
    >>> hand_bonuses(parse_cards("S1 S2 H3"), 3, ClassicOptions())
    ['no-trumps', 'no-honours']
    """
    cards = list(hand)
    trumps = sum(1 for c in cards if c.is_trump or (c.is_excuse and options.excuse_is_trump))
    kinds: list[str] = []
    ten, thirteen, fifteen = trump_thresholds(players, options)
    if trumps >= fifteen:
        kinds.append("trumps-15")
    elif trumps >= thirteen:
        kinds.append("trumps-13")
    elif trumps >= ten:
        kinds.append("trumps-10")
    if trumps == 0:
        kinds.append("no-trumps")
    if not any(c.is_face for c in cards):
        kinds.append("no-honours")
    return kinds


def roles(players: int, alone: bool = False) -> tuple[str, ...]:
    """Role names used in score requests and answers (a taker alone faces four defenders)."""
    if players == 3:
        return ("taker", "defender-1", "defender-2")
    if alone:
        return ("taker", "defender-1", "defender-2", "defender-3", "defender-4")
    return ("taker", "partner", "defender-1", "defender-2", "defender-3")


def side_of(role: str) -> str:
    return "attack" if role in ("taker", "partner") else "defence"


@dataclasses.dataclass(frozen=True)
class ClassicScore:
    """The scored deal: whether the taker won, the working, and every player's share."""

    won: bool
    target: int | None
    contract_score: int
    breakdown: tuple[Term, ...]
    scores: dict[str, int]

    def as_dict(self, players: int) -> dict[str, object]:
        return {
            "variant": "classic",
            "players": players,
            "won": self.won,
            "target": self.target,
            "contract_score": self.contract_score,
            "breakdown": [t.as_dict() for t in self.breakdown],
            "scores": dict(self.scores),
        }


def score_deal(
    *,
    players: int,
    contract: str,
    oudlers: int,
    points: int | None,
    petit_last_trick: str | None = None,
    slam: str | None = None,
    bonuses: Sequence[tuple[str, str]] = (),
    options: ClassicOptions | None = None,
    alone: bool = False,
) -> ClassicScore:
    """Score one deal. Arguments are already valid (see :func:`score_request` for checking).

    ``S`` is the contract score signed from the taker's side: positive when the taker won.
    """
    opts = options or ClassicOptions()
    terms: list[Term] = []
    name = CONTRACT_NAMES[contract]
    tgt: int | None = None
    if contract == "slam":
        won = slam == "attack"
        if won:
            s = SLAM_BID_MADE
            terms.append(Term("slam-bid", "Slam bid and made (nothing added)", s))
        else:
            s = -(SLAM_BID_MADE if opts.failed_slam == "mirror" else SLAM_BID_MADE // 2)
            terms.append(Term("slam-failed", "Slam bid and not made", s))
    else:
        assert points is not None
        tgt = target(oudlers)
        won = points >= tgt
        terms.append(Term("target", f"Target with {oudlers} special card{'s' if oudlers != 1 else ''}", tgt))
        terms.append(Term("points", "Taker's points, counted by pairs", points))
        mult = MULTIPLIER[contract]
        diff = abs(points - tgt)
        base = BASE[contract]
        if won and slam == "attack" and opts.unbid_slam != "added":
            if opts.unbid_slam == "flat":
                s = SLAM_UNBID
                terms.append(Term("slam-unbid", "Slam made without bidding it (nothing added)", s))
            else:
                terms.append(
                    Term("slam-unbid", "Slam made without bidding it, in place of the base", SLAM_UNBID)
                )
                terms.append(Term("difference", f"Difference {diff} × {mult} ({name})", diff * mult))
                s = SLAM_UNBID + diff * mult
        elif won:
            terms.append(Term("base", f"{name}: base", base))
            terms.append(Term("difference", f"Difference {diff} × {mult} ({name})", diff * mult))
            s = base + diff * mult
            if slam == "attack":
                terms.append(Term("slam-unbid", "Slam made without bidding it", SLAM_UNBID))
                s += SLAM_UNBID
        elif opts.failed_contract == "nothing":
            terms.append(Term("failed", f"{name} not made: scores nothing under this option", 0))
            s = 0
        else:
            terms.append(Term("base", f"{name} not made: base", -base))
            terms.append(Term("difference", f"Shortfall {diff} × {mult} ({name})", -diff * mult))
            s = -(base + diff * mult)
        if slam == "defence" and opts.defence_slam == "unbid-slam":
            terms.append(Term("slam-defence", "The opponents won every trick", -SLAM_UNBID))
            s -= SLAM_UNBID
    if petit_last_trick is not None:
        value = PETIT_LAST_TRICK if petit_last_trick == "attack" else -PETIT_LAST_TRICK
        who = "the taker's side" if petit_last_trick == "attack" else "the opponents"
        terms.append(Term("petit-last-trick", f"Petit on the last trick, for {who}", value))
        s += value
    # Hand bonuses that count inside the contract score.
    personal: list[tuple[str, str]] = []
    for kind, holder in bonuses:
        value = HAND_BONUSES[kind]
        if opts.hand_bonuses == "holder":
            personal.append((kind, holder))
            continue
        winner = side_of(holder) == "attack" if opts.hand_bonuses == "side" else won
        sign = 1 if winner else -1
        terms.append(Term(f"bonus-{kind}", f"{HAND_BONUS_NAMES[kind].capitalize()} ({holder})", sign * value))
        s += sign * value
    terms.append(Term("contract-score", "Contract score S, from the taker's side", s))
    names = roles(players, alone)
    scores = dict.fromkeys(names, 0)
    if opts.shares == "taker-only":
        scores["taker"] = s
    elif players == 3:
        scores["taker"] = 2 * s
        scores["defender-1"] = scores["defender-2"] = -s
    else:
        for role in names:
            scores[role] = {"taker": 4 * s if alone else 2 * s, "partner": s}.get(role, -s)
    for kind, holder in personal:
        value = HAND_BONUSES[kind]
        terms.append(
            Term(
                f"bonus-{kind}",
                f"{HAND_BONUS_NAMES[kind].capitalize()}: {holder} collects from each player",
                value,
            )
        )
        if opts.shares == "taker-only":
            if holder == "taker":
                scores["taker"] += value
            continue
        for role in names:
            scores[role] += value * (players - 1) if role == holder else -value
    for role in names:
        terms.append(Term(f"share-{role}", f"Share of the {role.replace('-', ' ')}", scores[role]))
    return ClassicScore(won, tgt, s, tuple(terms), scores)


# -------------------------------------------------------------------------------------- the request
def _int_field(request: Mapping[str, object], name: str, low: int, high: int, what: str) -> int:
    value = required(request, name, f"give {what}, a whole number from {low} to {high}")
    if isinstance(value, float) and not value.is_integer():
        raise RequestError(
            name,
            f"{what} must be a whole number: counting by pairs never gives a half point "
            "(a last odd card is left out)",
        )
    number = whole_number(value, name, f"{what}, a whole number from {low} to {high}")
    if not low <= number <= high:
        raise RequestError(name, f"{what} must be between {low} and {high}, not {number}")
    return number


def deal_shape(players: int, contract: str, options: ClassicOptions) -> DealShape:
    """What a deal of ``contract`` gives each side from the dog; a dog set aside counts for nobody,
    which for the taker's side is as if the opponents had it."""
    variant = {cls.players: cls for cls in (Classic3, Classic5)}[players]
    nobody = contract == "slam" or (contract == "guard-without" and options.guard_without_dog == "nobody")
    return DealShape(
        players=players,
        dog_size=variant.dog_size,
        dog_side=DEFENCE if nobody or contract in variant.dog_to_defence_contracts else ATTACK,
        discard=contract in variant.dog_taking_contracts,
    )


def parse_options(raw: object) -> ClassicOptions:
    """Rule options from a request's ``options`` object."""
    return read_options(raw, ClassicOptions, OPTION_CHOICES)


def _check_bonus(where: str, kind: str, holder: str, earlier: Sequence[tuple[str, str]]) -> None:
    who = holder.replace("-", " ")
    for k, h in earlier:
        if h != holder:
            continue
        if k == kind:
            raise RequestError(where, f"the {who} can claim the {HAND_BONUS_NAMES[kind]} bonus only once")
        if k.startswith("trumps") and kind.startswith("trumps"):
            raise RequestError(where, f"the {who} can claim only one trump bonus, the highest")
        if {k, kind} in ({"no-trumps", "trumps-10"}, {"no-trumps", "trumps-13"}, {"no-trumps", "trumps-15"}):
            raise RequestError(where, "a hand with no trumps cannot also hold 10 trumps or more")


def score_request(request: Mapping[str, object]) -> dict[str, object]:
    """Score a classic deal described by a JSON-like request (see the module docstring)."""
    if not isinstance(request, Mapping):
        raise RequestError("", "a score request is an object with fields like players, contract and points")
    variant = request.get("variant", "classic")
    if variant != "classic":
        raise RequestError("variant", f"this calculator scores the classic rules, not {variant!r}")
    players = whole_number(request.get("players", 3), "players", "the number of players, 3 or 5")
    if players not in (3, 5):
        raise RequestError("players", f"the classic rules are for 3 or 5 players, not {players}")
    allowed = players_contracts(players)
    contract = required(request, "contract", f"choose a contract among {', '.join(allowed)}")
    if contract not in allowed:
        if contract == "guard-against":
            raise RequestError(
                "contract", "five players cannot bid Guard against the dog: 3 dog cards do not share among 4"
            )
        raise RequestError("contract", f"choose a contract among {', '.join(allowed)}, not {shown(contract)}")
    assert isinstance(contract, str)
    options = parse_options(request.get("options"))
    slam = request.get("slam")
    if slam not in (None, "attack", "defence"):
        raise RequestError(
            "slam",
            'say "attack" if the taker\'s side won every trick, "defence" if the opponents did, or null',
        )
    assert slam is None or isinstance(slam, str)
    petit = request.get("petit_last_trick")
    if petit not in (None, "attack", "defence"):
        raise RequestError("petit_last_trick", 'say "attack", "defence" or null (no Petit on the last trick)')
    assert petit is None or isinstance(petit, str)
    # Credited to the side of the player who played it, the Petit tells nothing of who won the trick.
    petit_won = petit if options.petit_last_trick == "winner" else None
    oudlers = 0
    points: int | None = None
    if contract != "slam":
        oudlers = _int_field(request, "oudlers", 0, 3, "the number of special cards (bouts) the taker has")
        points = _int_field(request, "points", 0, TOTAL_POINTS, "the taker's points")
        check_holding(
            deal_shape(players, contract, options),
            bouts=oudlers,
            value=points,
            slam_by=slam,
            petit=petit_won,
            petit_field="petit_last_trick",
            slam_hint={"attack": '"slam": "attack"', "defence": '"slam": "defence"'},
            show=str,
            scale=lambda half: half // 2,
        )
    elif petit_won is not None and slam is not None and petit_won != slam:
        raise RequestError(
            "petit_last_trick",
            f"the {slam} won every trick, the last one too, so the Petit on the last trick "
            f"(to the side that wins that trick, under the option petit_last_trick) is theirs",
        )
    alone = request.get("alone", False)
    if not isinstance(alone, bool):
        raise RequestError("alone", "say true if the taker played without a partner, false otherwise")
    if alone and players != 5:
        raise RequestError("alone", "only the five-player game has a partner to play without")
    if alone and contract != "slam" and options.call_timing == "after-dog":
        raise RequestError(
            "alone",
            "the taker calls a King once the dog is shown, one neither in his hand nor in the dog, so he "
            'always has a partner: he plays alone only in a bid Slam or with call_timing "before-dog"',
        )
    raw_bonuses = request.get("bonuses", [])
    if not isinstance(raw_bonuses, list | tuple):
        raise RequestError(
            "bonuses", 'give the hand bonuses as a list like [{"kind": "no-trumps", "holder": "taker"}]'
        )
    names = roles(players, alone)
    bonuses: list[tuple[str, str]] = []
    for i, item in enumerate(raw_bonuses):
        where = f"bonuses[{i}]"
        if not isinstance(item, Mapping):
            raise RequestError(where, 'each bonus is an object like {"kind": "no-trumps", "holder": "taker"}')
        kind = item.get("kind")
        if kind not in HAND_BONUSES:
            raise RequestError(f"{where}.kind", f"a hand bonus is one of {', '.join(HAND_BONUSES)}")
        holder = item.get("holder", "taker")
        if holder not in names:
            raise RequestError(
                f"{where}.holder", f"with {players} players the holder is one of {', '.join(names)}"
            )
        assert isinstance(kind, str) and isinstance(holder, str)
        _check_bonus(where, kind, holder, bonuses)
        bonuses.append((kind, holder))
    result = score_deal(
        alone=alone,
        players=players,
        contract=contract,
        oudlers=oudlers,
        points=points,
        petit_last_trick=petit,
        slam=slam,
        bonuses=bonuses,
        options=options,
    )
    return result.as_dict(players)


def score_table() -> list[dict[str, object]]:
    """Base, multiplier and slam scores, one row per contract (for docs and calculators)."""
    rows: list[dict[str, object]] = []
    for contract in CONTRACTS:
        if contract == "slam":
            rows.append(
                {
                    "contract": CONTRACT_NAMES[contract],
                    "french": CONTRACT_FRENCH[contract],
                    "base": SLAM_BID_MADE,
                    "multiplier": 0,
                }
            )
        else:
            rows.append(
                {
                    "contract": CONTRACT_NAMES[contract],
                    "french": CONTRACT_FRENCH[contract],
                    "base": BASE[contract],
                    "multiplier": MULTIPLIER[contract],
                }
            )
    return rows


# ============================================================================== playable rounds
# The round reuses the French round engine of :mod:`tarot_core.engine.round`; only the rules that differ
# are overridden below (python-chess style: a small subclass with hooks).


def deal_classic(
    players: int, dealer: Seat, pack: Sequence[Card], rng: random.Random
) -> tuple[list[list[Card]], list[Card]]:
    """Deal ``pack`` by threes from the dealer's right, counter-clockwise; the dog goes aside in packets
    of three "at random points during the dealing" (two packets with 3 players, one with 5), never as
    the first or the last packet of the pack."""
    hand_size = 24 if players == 3 else 15
    dog_packets = 2 if players == 3 else 1
    player_packets = players * hand_size // 3
    total = player_packets + dog_packets
    slots = sorted(rng.sample(range(1, total - 1), dog_packets))
    order = order_from(dealer.next(players), players)
    hands: list[list[Card]] = [[] for _ in range(players)]
    dog: list[Card] = []
    given = 0
    for number in range(total):
        packet = list(pack[number * 3 : number * 3 + 3])
        if number in slots:
            dog.extend(packet)
        else:
            hands[order[given % players]].extend(packet)
            given += 1
    return [sorted(hand) for hand in hands], sorted(dog)


def gathered_pack(rnd: Round) -> list[Card]:
    """The pack as gathered after a deal, without shuffling: the dog (or discard) first, then every
    trick in the order it was played (a redeal gathers the hands one after the other)."""
    if rnd.outcome != "played":
        cards = [c for hand in rnd.initial_hands for c in hand]
        return [*cards, *rnd.initial_dog]
    pack: list[Card] = list(rnd.discard if rnd.discard else rnd.dog)
    for trick in rnd.tricks:
        pack.extend(trick.cards)
    return pack


def next_round(rnd: Round, seed: int | str) -> Round:
    """The next deal of a game: the player on the dealer's right deals the gathered pack, cut once at
    a point drawn from ``seed`` (or shuffled when the option ``shuffle`` is on)."""
    variant = rnd.variant
    if not isinstance(variant, ClassicVariant):
        raise TarotError("next_round continues a classic game only")
    dealer = rnd.dealer.next(variant.players)
    if variant.options.shuffle:
        return variant.deal_round(dealer, seed)
    rng = random.Random(f"classic-cut:{seed}")
    pack = gathered_pack(rnd)
    cut = rng.randrange(6, len(pack) - 6)
    pack = pack[cut:] + pack[:cut]
    hands, dog = deal_classic(variant.players, dealer, pack, rng)
    return variant.new_round(dealer, hands, dog)


@dataclasses.dataclass(frozen=True, slots=True)
class ClassicRoundScore(Score):
    """The FFT-shaped score record with every seat's own share (hand bonuses are personal)."""

    seat_scores: dict[Seat, int] = dataclasses.field(default_factory=dict)

    def by_seat(self, rnd: Seated) -> dict[Seat, int]:
        return dict(self.seat_scores)

    def as_dict(self) -> dict[str, object]:
        data = Score.as_dict(self)
        data["scores"] = {str(seat): value for seat, value in self.seat_scores.items()}
        return data


class ClassicRound(Round):
    """A deal under the classic rules: the French round with the source's differences."""

    variant: ClassicVariant

    # -- no petit sec in the source, the taker leads, the dog is shown before the call
    def rule_petit_sec_seat(self) -> Seat | None:
        return None

    def rule_first_leader(self) -> Seat:
        assert self.taker is not None
        return self.taker

    def rule_dog_side(self, contract: str) -> str:
        return DEFENCE if contract == "guard-against" else ATTACK

    def dog_counts_for_nobody(self) -> bool:
        """A bid Slam: nobody gets the dog; Guard without under ``guard_without_dog="nobody"``."""
        return self.contract == "slam" or (
            self.contract == "guard-without" and self.variant.options.guard_without_dog == "nobody"
        )

    def rule_discard_trumps_shown(self) -> bool:
        """The source does not make the taker show trumps he lays away."""
        return False

    def rule_callable(self, taker: Seat) -> list[Card]:
        """A King neither in the taker's hand nor (once shown) in the dog; if none, a Queen, and so on."""
        excluded = set(self.hands[taker])
        if self.dog_revealed:
            excluded.update(self.dog)
        for rank in (KING, QUEEN, KNIGHT, JACK):
            cards = [Card(suit, rank) for suit in PLAIN_SUITS if Card(suit, rank) not in excluded]
            if cards:
                return cards
        return []  # pragma: no cover - 16 court cards cannot all be in 15 + 3 cards with a King free

    def _reset(self) -> None:
        super()._reset()
        self.passed: set[Seat] = set()

    def _apply_bid(self, action: Action) -> None:
        if self.variant.options.bidding == "auction":
            self._apply_auction(action)
        else:
            super()._apply_bid(action)
        if (
            self.phase is Phase.CALLING
            and self.variant.options.call_timing == "after-dog"
            and self.contract != "slam"
        ):
            self.dog_revealed = True

    def _apply_auction(self, action: Action) -> None:
        """Bidding under ``bidding="auction"``: round and round until all but the highest bidder pass."""
        assert self.to_move is not None
        if action.kind == "pass":
            self.passed.add(action.seat)
        active = [
            seat
            for seat in order_from(self.dealer.next(self.players), self.players)
            if seat not in self.passed
        ]
        highest = self.bids[-1].seat if self.bids else None
        if action.kind == "bid":
            highest = action.seat
        if active and active != [highest] and not (action.kind == "bid" and action.word == "slam"):
            if action.kind == "bid":
                self.bids.append(action)
            self.spoken += 1
            seat = self.to_move.next(self.players)
            while seat in self.passed:
                seat = seat.next(self.players)
            self.to_move = seat
            return
        # The bidding is over: let the French round close it as after a last speaker.
        self.spoken = self.players - 1
        super()._apply_bid(action)

    def _after_call(self) -> None:
        if self.contract == "slam":
            self.slam_announced = True
        elif self.contract == "guard-without":
            self.dog_revealed = True  # the source: "he reveals the dog but does not pick it up"
        super()._after_call()

    def _discardable(self, seat: Seat) -> list[Card]:
        """Anything but a King or a special card (bout): the source forbids nothing else."""
        return [c for c in self.hands[seat] if not c.is_king and not c.is_bout]

    # -- play: the Excuse may not be led
    def _legal_leads(self, seat: Seat, hand: list[Card]) -> list[Card]:
        cards = [c for c in hand if c is not EXCUSE] or list(hand)
        called = self.called
        if called is not None and not self.tricks and not self.variant.options.called_suit_lead:
            allowed = [c for c in cards if c.suit is not called.suit or c == called]
            if allowed:
                return allowed
        return cards

    def _refuse_play(self, action: Action) -> Refusal:
        trick = self.current
        if (
            len(action.cards) == 1
            and action.card is EXCUSE
            and trick is not None
            and not trick.plays
            and EXCUSE in self.hands[action.seat]
        ):
            return Refusal(
                Illegal.EXCUSE_LEAD,
                "the Excuse may not be led: lead another card and keep the Excuse for a trick "
                "someone else has led",
            )
        return super()._refuse_play(action)

    def rule_excuse_kept_in_slam(self) -> bool:
        return str(self.variant.options.slam_excuse) != "strict"

    def _excuse_wins(self, trick: Trick) -> bool:
        if self.variant.options.slam_excuse == "strict" or trick.number != self.variant.hand_size - 1:
            return False
        side = self.side_of(trick.plays[0][0])
        return all(self.side_of(t.winner) == side for t in self.tricks if t.winner is not None)

    # -- the end
    def count(self) -> Counting:
        counting = super().count()
        if not self.dog_counts_for_nobody():
            return counting
        dog = set(self.dog)
        attack = tuple(c for c in counting.attack_cards if c not in dog)
        removed = sum(c.half_points for c in counting.attack_cards if c in dog)
        return dataclasses.replace(
            counting,
            attack_cards=attack,
            attack_half_points=counting.attack_half_points - removed,
            attack_bouts=sum(1 for c in attack if c.is_bout),
            dog_to="nobody",
        )

    def result_summary(self) -> dict[str, object]:
        """As for the French round, with the taker's points counted by pairs (whole points)."""
        summary = super().result_summary()
        result = self.result()
        if result.counting is not None:
            summary["taker_points"] = result.counting.attack_half_points // 2
        return summary

    def result_lines(self, name: Callable[[Seat], str]) -> list[str]:
        """As for the French round, with the count by pairs that decides the deal."""
        lines = super().result_lines(name)
        result = self.result()
        if result.counting is not None:
            at = next((i for i, line in enumerate(lines) if line.startswith("Counted:")), len(lines) - 1)
            lines.insert(
                at + 1, f"Counted by pairs, the taker's side has {result.counting.attack_half_points // 2}"
            )
        return lines

    def petit_last_trick_side(self, counting: Counting) -> str | None:
        """The side credited with the Petit on the last trick, by the option ``petit_last_trick``."""
        if self.variant.options.petit_last_trick == "winner":
            return counting.petit_au_bout
        last = self.tricks[-1]
        if last.plays[0][1] is EXCUSE and last.winner == last.plays[0][0] and len(self.tricks) > 1:
            last = self.tricks[-2]
        for seat, card in last.plays:
            if card is PETIT:
                return self.side_of(seat)
        return None

    def seat_roles(self) -> dict[Seat, str]:
        """Role names of the score request for every seat: taker, partner, defender-1 ..."""
        assert self.taker is not None
        names: dict[Seat, str] = {self.taker: "taker"}
        if self.partner is not None:
            names[self.partner] = "partner"
        number = 0
        for seat in order_from(self.taker, self.players):
            if seat not in names:
                number += 1
                names[seat] = f"defender-{number}"
        return names


class ClassicVariant(FrenchVariant):
    """The classic rules for one table size; options in :class:`ClassicOptions`."""

    family: ClassVar[str] = "classic"
    options_class: ClassVar[type[Options]] = ClassicOptions
    contracts: ClassVar[tuple[str, ...]] = CONTRACTS
    deal_salt = "classic-deal"
    dog_taking_contracts: ClassVar[frozenset[str]] = frozenset({"small", "guard"})
    dog_to_defence_contracts: ClassVar[frozenset[str]] = frozenset({"guard-against"})
    multipliers: ClassVar[Mapping[str, int]] = MULTIPLIER
    targets: ClassVar[Mapping[int, int]] = dict(enumerate(TARGETS))
    handfuls: ClassVar[Mapping[str, int]] = {}
    must_overtrump: ClassVar[bool] = True
    slam_announcement: ClassVar[bool] = False
    round_class: ClassVar[type[Round]] = ClassicRound
    packet = 3

    def deal_round_from(self, dealer: Seat, rng: random.Random) -> Round:
        """A deal with the pack shuffled once (a game then goes on unshuffled, see :func:`next_round`)."""
        pack = list(self.pack)
        rng.shuffle(pack)
        hands, dog = deal_classic(self.players, dealer, pack, rng)
        return self.new_round(dealer, hands, dog)

    def score_round(self, rnd: Round, counting: Counting) -> Score:
        assert isinstance(rnd, ClassicRound) and rnd.contract is not None
        opts = self.options
        roles_by_seat = rnd.seat_roles()
        bonuses: list[tuple[str, str]] = []
        for seat, hand in enumerate(rnd.initial_hands):
            for kind in hand_bonuses(hand, self.players, opts):
                bonuses.append((kind, roles_by_seat[Seat(seat)]))
        alone = self.players == 5 and rnd.partner is None
        result = score_deal(
            players=self.players,
            contract=rnd.contract,
            oudlers=counting.attack_bouts,
            points=counting.attack_half_points // 2,
            petit_last_trick=rnd.petit_last_trick_side(counting),
            slam=counting.slam_by,
            bonuses=bonuses,
            options=opts,
            alone=alone,
        )
        seat_scores = {seat: result.scores[role] for seat, role in sorted(roles_by_seat.items())}
        s = result.contract_score
        taker_factor = 4 if alone else 2
        return ClassicRoundScore(
            variant="classic",
            won=result.won,
            terms=result.breakdown,
            per_defender=s,
            taker=seat_scores[rnd.taker] if rnd.taker is not None else taker_factor * s,
            partner=None if rnd.partner is None else seat_scores[rnd.partner],
            defender=-s,
            extra={"target": result.target, "contract_score": s},
            seat_scores=seat_scores,
        )


@register
class Classic3(ClassicVariant):
    key = "classic-3"
    title = "Classic French Tarot (older rules), 3 players"
    players = 3
    hand_size = 24
    dog_size = 6


@register
class Classic5(ClassicVariant):
    key = "classic-5"
    title = "Classic French Tarot (older rules), 5 players with a called King"
    players = 5
    hand_size = 15
    dog_size = 3
    contracts = tuple(c for c in CONTRACTS if c != "guard-against")


# ================================================================================== tables for pages
# Each returns {"header": [...], "rows": [[...], ...]}: the shape of the site's ``tarot-table``.


def contracts_table(players: int = 3) -> dict[str, object]:
    """The bids in order, their French names, base scores, multipliers and what happens to the dog."""
    dog = {
        "small": "taken by the taker, who discards as many cards",
        "guard": "taken by the taker, who discards as many cards",
        "guard-without": "shown, not taken; counts for the taker",
        "guard-against": "shared between the opponents, three each",
        "slam": "nobody's: set aside",
    }
    rows: list[list[object]] = []
    for contract in players_contracts(players):
        if contract == "slam":
            rows.append(
                [CONTRACT_NAMES[contract], CONTRACT_FRENCH[contract], SLAM_BID_MADE, "none", dog[contract]]
            )
        else:
            rows.append(
                [
                    CONTRACT_NAMES[contract],
                    CONTRACT_FRENCH[contract],
                    BASE[contract],
                    MULTIPLIER[contract],
                    dog[contract],
                ]
            )
    return {"header": ["Bid", "French name", "Base", "Difference ×", "The dog"], "rows": rows}


def pairs_table() -> dict[str, object]:
    """Counting by pairs."""
    rows: list[list[object]] = [[name, points] for name, points in PAIR_VALUES]
    return {"header": ["Pair", "Points"], "rows": rows}


def targets_table() -> dict[str, object]:
    rows: list[list[object]] = [[bouts, TARGETS[bouts]] for bouts in (3, 2, 1, 0)]
    return {"header": ["Special cards in the taker's cards", "Points needed"], "rows": rows}


def bonuses_table(players: int = 3) -> dict[str, object]:
    """Slam scores and the bonuses, with the default thresholds for ``players``."""
    opts = ClassicOptions()
    ten, thirteen, fifteen = trump_thresholds(players, opts)
    rows: list[list[object]] = [
        ["Slam made without bidding it", SLAM_UNBID],
        ["Slam bid and made (no difference added)", SLAM_BID_MADE],
        ["The Petit played to the last trick", PETIT_LAST_TRICK],
        [f"{ten} trumps in one hand", HAND_BONUSES["trumps-10"]],
        [f"{thirteen} trumps in one hand", HAND_BONUSES["trumps-13"]],
        [f"{fifteen} trumps in one hand", HAND_BONUSES["trumps-15"]],
        ["No trumps in one hand", HAND_BONUSES["no-trumps"]],
        ["No honours (court cards) in one hand", HAND_BONUSES["no-honours"]],
    ]
    return {"header": ["What", "Points"], "rows": rows}


def options_table() -> dict[str, object]:
    """Every rule option: name, default, the other choices, what it decides."""
    return variant_options_table(ClassicOptions(), OPTION_CHOICES)
