"""Tables for the French Tarot pages, computed from the engine when the site is built.

Every function returns a table description for the ``tarot-table`` directive: a mapping with
``header`` (column titles), ``rows`` (one list of cells per row) and ``caption``. String cells are read
as inline markup, so a cell may hold a card picture (``{card}`HK```) or a glossary link. Nothing here
imports Sphinx: the tables are plain data, tested like any other function.

The hand records of ``tutorial/hands/`` are read by :func:`load_hand`; the tutorial's step-by-step
pages use the same records through :mod:`tutorial.sphinxext.handsteps`.

>>> table = targets_table()
>>> table["header"][:2], table["rows"][0][:2]
(['Bouts in the taker’s cards', 'Points needed'], [0, 56])
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Final

from tarot_core.cards import (
    BOUTS,
    FULL_PACK,
    JACK,
    KNIGHT,
    QUEEN,
    TOTAL_HALF_POINTS,
    Card,
    cards_in_words,
    format_points,
)
from tarot_core.engine.options import options_table as variant_options_table
from tarot_core.engine.result import points_value
from tarot_core.engine.round import Round
from tarot_core.engine.tables import TableDescription
from tarot_core.engine.trick import Trick
from tarot_core.engine.variant import Variant, all_variants, find_variant
from tarot_core.errors import TarotError
from tarot_core.games.fft import (
    FFT_BASE,
    FFT_CONTRACT_NAMES,
    FFT_HANDFUL_BONUS,
    FFT_HANDFULS,
    FFT_MULTIPLIERS,
    FFT_PETIT_AU_BOUT,
    FFT_SLAM_ANNOUNCED,
    FFT_SLAM_DEFENCE,
    FFT_SLAM_FAILED,
    FFT_SLAM_UNANNOUNCED,
    FFT_TARGETS,
    share_factors,
)
from tarot_core.messages import N_, Number, _, gettext_lazy, ngettext, pgettext
from tarot_core.records import HandRecord, load_record
from tarot_core.seats import ATTACK, DEFENCE, SEATS, Seat

#: Where the sample hand records live.
HANDS_DIR: Final = Path(__file__).resolve().parents[1] / "hands"


# ---------------------------------------------------------------------------------------------- helpers


def card_markup(card: Card) -> str:
    """A card picture followed by its name in words, as inline markup."""
    return f"{{card}}`{card}` {cards_in_words([card])}"


def cards_markup(cards: Iterable[Card]) -> str:
    """Pictures of several cards in one cell (or a dash when there are none)."""
    items = [f"{{card}}`{card}`" for card in cards]
    return " ".join(items) if items else "—"


def _fft(players: int) -> Variant:
    return find_variant(f"fft-{players}")


def _check_players(players: int) -> int:
    if players not in (3, 4, 5):
        raise TarotError(gettext_lazy("French Tarot is played by 3, 4 or 5 players, not {n}", n=players))
    return players


#: The contracts' French names (translated where shown: "or" is English).
CONTRACT_FRENCH: Final = {
    "prise": N_("la prise (or la petite)"),
    "garde": N_("la garde"),
    "garde-sans": N_("la garde sans le chien"),
    "garde-contre": N_("la garde contre le chien"),
}


def contract_name(contract: str) -> str:
    """The name of an FFT contract in the page's language, as the score breakdown writes it: in English
    the French name with its meaning, "Garde (guard)"; in French the name alone."""
    try:
        return _(FFT_CONTRACT_NAMES[contract])
    except KeyError:
        known = ", ".join(FFT_CONTRACT_NAMES)
        raise TarotError(
            gettext_lazy(
                "unknown contract {contract!r}: the contracts are {known}", contract=contract, known=known
            )
        ) from None


# ---------------------------------------------------------------------------------------------- counting


#: Card kinds from the most valuable down, each with a test that picks its cards out of the pack.
def _is_rank(rank: int) -> Callable[[Card], bool]:
    return lambda card: card.suit.is_plain and card.rank == rank


_KINDS: Final[tuple[tuple[str, Callable[[Card], bool]], ...]] = (
    (N_("a bout or a King"), lambda card: card.is_bout or card.is_king),
    (N_("a Queen"), _is_rank(QUEEN)),
    (N_("a Knight"), _is_rank(KNIGHT)),
    (N_("a Jack"), _is_rank(JACK)),
    (N_("any other card"), lambda card: card.is_low),
)


def extra_points(card: Card) -> int:
    """What a card adds on top of the half point every card is worth (counting "by halves")."""
    return (card.half_points - 1) // 2


def whole_value(card: Card) -> int:
    """The whole-number value used when counting by pairs: 5, 4, 3, 2 or 1."""
    return (card.half_points + 1) // 2


def count_by_values(cards: Sequence[Card]) -> int:
    """Half-points of ``cards`` added card by card (4.5, 3.5, 2.5, 1.5, 0.5)."""
    return sum(card.half_points for card in cards)


def count_by_halves(cards: Sequence[Card]) -> int:
    """Half-points of ``cards`` counted as half a point a card plus each honour's extra points."""
    return len(cards) + 2 * sum(extra_points(card) for card in cards)


def pair_up(cards: Sequence[Card]) -> tuple[list[tuple[Card, Card]], Card | None]:
    """Pairs the way players make them: each honour with a low card, then what is left two by two."""
    honours = sorted((c for c in cards if not c.is_low), key=lambda c: -c.half_points)
    lows = [c for c in cards if c.is_low]
    pairs: list[tuple[Card, Card]] = []
    while honours and lows:
        pairs.append((honours.pop(0), lows.pop()))
    rest = honours + lows
    while len(rest) >= 2:
        pairs.append((rest.pop(0), rest.pop(0)))
    return pairs, (rest[0] if rest else None)


def count_by_pairs(cards: Sequence[Card]) -> int:
    """Half-points of ``cards`` counted by pairs: a pair is worth its two whole values less one."""
    pairs, odd = pair_up(cards)
    total = sum(2 * (whole_value(a) + whole_value(b) - 1) for a, b in pairs)
    if odd is not None:
        total += 2 * whole_value(odd) - 1
    return total


def counting_methods_table() -> TableDescription:
    """Each kind of card under the three counting methods, which give the same totals."""
    rows: list[list[object]] = []
    low = next(card for card in FULL_PACK if card.is_low)
    for label, belongs in _KINDS:
        members = [card for card in FULL_PACK if belongs(card)]
        sample = members[0]
        values = {card.half_points for card in members}
        if len(values) != 1:
            raise TarotError(gettext_lazy("the cards of {kind!r} are not all worth the same", kind=_(label)))
        pair = "" if sample.is_low else format_points(sample.half_points + low.half_points)
        rows.append(
            [
                _(label),
                len(members),
                format_points(sample.half_points),
                f"½ + {extra_points(sample)}" if extra_points(sample) else "½",
                whole_value(sample),
                pair or _("{points} (two of them)", points=format_points(2 * low.half_points)),
            ]
        )
    return {
        "header": [
            _("Card"),
            _("How many"),
            _("Points (card by card)"),
            _("By halves: ½ a card + extra"),
            _("Whole value (pairs: less 1 a pair)"),
            _("Paired with a low card"),
        ],
        "rows": rows,
        "caption": _("One card, three ways of counting it"),
    }


def counting_agreement_table(record: str = "", side: str = ATTACK) -> TableDescription:
    """A pile counted the three ways: the whole pack, or one side's cards at the end of a recorded hand."""
    if record:
        counting = final_round(record).count()
        if side not in (ATTACK, DEFENCE):
            raise TarotError(
                gettext_lazy(
                    'side must be "{attack}" or "{defence}", not {side!r}',
                    attack=ATTACK,
                    defence=DEFENCE,
                    side=side,
                )
            )
        cards = list(counting.attack_cards if side == ATTACK else counting.defence_cards)
        target_half = counting.attack_half_points if side == ATTACK else counting.defence_half_points
        adjust = target_half - count_by_values(cards)
        if side == ATTACK:
            caption = ngettext(
                "Counting the taker’s side’s cards at the end of the hand ({n} card) three ways",
                "Counting the taker’s side’s cards at the end of the hand ({n} cards) three ways",
                len(cards),
            )
        else:
            caption = ngettext(
                "Counting the defence’s cards at the end of the hand ({n} card) three ways",
                "Counting the defence’s cards at the end of the hand ({n} cards) three ways",
                len(cards),
            )
    else:
        cards = list(FULL_PACK)
        adjust = 0
        caption = ngettext(
            "Counting the whole pack ({n} card) three ways",
            "Counting the whole pack ({n} cards) three ways",
            len(cards),
        )
    pairs, odd = pair_up(cards)
    if odd is None:
        by_pairs = ngettext(
            "By pairs: {n} pair, each worth its whole values less 1",
            "By pairs: {n} pairs, each worth its whole values less 1",
            len(pairs),
        )
    else:
        by_pairs = ngettext(
            "By pairs: {n} pair, each worth its whole values less 1, and one card left over",
            "By pairs: {n} pairs, each worth its whole values less 1, and one card left over",
            len(pairs),
        )
    methods = (
        (_("Card by card: 4.5, 3.5, 2.5, 1.5, 0.5"), count_by_values(cards)),
        (
            ngettext(
                "By halves: ½ × {n} card + the extras of the honours",
                "By halves: ½ × {n} cards + the extras of the honours",
                len(cards),
            ),
            count_by_halves(cards),
        ),
        (by_pairs, count_by_pairs(cards)),
    )
    totals = sorted({value for _label, value in methods})
    if len(totals) != 1:
        raise TarotError(
            gettext_lazy("the counting methods disagree ({what}): {totals}", what=caption, totals=totals)
        )
    rows: list[list[object]] = [[label, format_points(value + adjust)] for label, value in methods]
    if adjust:
        rows.append([_("(The Excuse exchange is already in these cards.)"), ""])
    return {
        "header": [_("Method"), _("Points")],
        "rows": rows,
        "caption": caption,
    }


# ---------------------------------------------------------------------------------------------- FFT facts


def targets_table() -> TableDescription:
    """Points the taker needs by the number of bouts in the taker side's cards."""
    rows: list[list[object]] = []
    bout_half = BOUTS[0].half_points
    for bouts, target in sorted(FFT_TARGETS.items()):
        own = bouts * bout_half
        rows.append([bouts, target, format_points(own), format_points(2 * target - own)])
    return {
        "header": [
            _("Bouts in the taker’s cards"),
            _("Points needed"),
            _("Points in those bouts"),
            _("Still to find in other cards"),
        ],
        "rows": rows,
        "caption": _("The taker’s target: the more bouts, the fewer points needed"),
    }


def multipliers_table() -> TableDescription:
    """The four contracts, their multiplier and what happens to the dog."""
    dog = {
        "prise": N_("the taker shows it, takes it and discards"),
        "garde": N_("the taker shows it, takes it and discards"),
        "garde-sans": N_("nobody sees it; it counts for the taker"),
        "garde-contre": N_("nobody sees it; it counts for the defence"),
    }
    rows: list[list[object]] = []
    for contract, multiplier in FFT_MULTIPLIERS.items():
        rows.append([contract_name(contract), f"`{contract}`", multiplier, _(dog[contract])])
    return {
        "header": [_("Contract"), _("Notation"), _("Multiplier"), _("The dog")],
        "rows": rows,
        "caption": _("Contracts from the lowest to the highest"),
    }


def contracts_table() -> TableDescription:
    """Contracts side by side: multiplier and the smallest win and loss they score."""
    rows: list[list[object]] = []
    for rank, (contract, multiplier) in enumerate(FFT_MULTIPLIERS.items(), start=1):
        least = FFT_BASE * multiplier
        rows.append(
            [
                rank,
                contract_name(contract),
                _(CONTRACT_FRENCH[contract]),
                multiplier,
                least,
                (FFT_BASE + 10) * multiplier,
            ]
        )
    return {
        "header": [
            _("Rank"),
            _("Contract"),
            _("French"),
            _("Multiplier"),
            _("Made exactly (each defender pays)"),
            _("Made or lost by 10"),
        ],
        "rows": rows,
        "caption": _("The contracts compared (before petit au bout, handfuls and slam)"),
    }


def handfuls_table() -> TableDescription:
    """Trumps to show for each handful, for 3, 4 and 5 players, and the bonus."""
    names = {"simple": N_("Single (simple)"), "double": N_("Double"), "triple": N_("Triple")}
    rows: list[list[object]] = []
    for size, bonus in FFT_HANDFUL_BONUS.items():
        rows.append([_(names[size]), *(FFT_HANDFULS[players][size] for players in (3, 4, 5)), bonus])
    return {
        "header": [
            _("Handful"),
            *(ngettext("{n} player", "{n} players", players) for players in (3, 4, 5)),
            _("Bonus"),
        ],
        "rows": rows,
        "caption": _("Handfuls (poignées): trumps to show and the bonus"),
    }


def handful_row(players: int) -> TableDescription:
    """Handfuls for one player count: trumps shown and bonus."""
    _check_players(players)
    rows: list[list[object]] = [
        [size, FFT_HANDFULS[players][size], bonus] for size, bonus in FFT_HANDFUL_BONUS.items()
    ]
    return {
        "header": [_("Handful"), _("Trumps shown"), _("Bonus")],
        "rows": rows,
        "caption": ngettext("Handfuls with {n} player", "Handfuls with {n} players", players),
    }


def deal_table() -> TableDescription:
    """Cards each, dog, packets and tricks for 3, 4 and 5 players."""
    rows: list[list[object]] = []
    for players in (3, 4, 5):
        variant = _fft(players)
        dealt = players * variant.hand_size + variant.dog_size
        if dealt != len(variant.pack):
            raise TarotError(gettext_lazy("{variant} does not deal the whole pack", variant=variant.key))
        rows.append([players, variant.hand_size, variant.dog_size, variant.packet, variant.hand_size, dealt])
    return {
        "header": [_("Players"), _("Cards each"), _("Dog"), _("Packets of"), _("Tricks"), _("Cards in all")],
        "rows": rows,
        "caption": _("The deal for each number of players"),
    }


def shares_table() -> TableDescription:
    """How a deal's score S is shared: the taker, the partner and each defender, for 3, 4 and 5 players."""
    rows: list[list[object]] = []
    for players, alone in ((3, False), (4, False), (5, False), (5, True)):
        taker, partner = share_factors(players, alone)
        defenders = players - 1 - (1 if partner is not None else 0)
        if alone:
            label = ngettext("{n} player, taker alone", "{n} players, taker alone", players)
        else:
            label = ngettext("{n} player", "{n} players", players)
        total = taker + (partner or 0) - defenders
        if total != 0:
            raise TarotError(gettext_lazy("the shares for {table} do not sum to zero", table=label))
        rows.append(
            [
                label,
                f"{taker} × S",
                "—" if partner is None else f"{partner} × S",
                defenders,
                "−S",
            ]
        )
    return {
        "header": [_("Table"), _("Taker"), _("Partner"), _("Defenders"), _("Each defender")],
        "rows": rows,
        "caption": _("Shares of a deal worth S to each defender (they always add up to zero)"),
    }


def bonuses_table() -> TableDescription:
    """Petit au bout, handfuls and slams: how much, to whom, multiplied or not."""
    yes, no = _("yes"), _("no")
    rows: list[list[object]] = [
        [
            _("Petit au bout"),
            FFT_PETIT_AU_BOUT,
            _("the side that wins the last trick holding the Petit"),
            yes,
        ],
    ]
    names = {"simple": N_("Simple handful"), "double": N_("Double handful"), "triple": N_("Triple handful")}
    for size, bonus in FFT_HANDFUL_BONUS.items():
        rows.append([_(names[size]), bonus, _("the side that wins the deal"), no])
    attack, defence = _("the attack"), _("the defence")
    rows.extend(
        [
            [_("Slam announced and made"), FFT_SLAM_ANNOUNCED, attack, no],
            [_("Slam made without announcing it"), FFT_SLAM_UNANNOUNCED, attack, no],
            [_("Slam announced and not made"), abs(FFT_SLAM_FAILED), defence, no],
            [_("Slam made by the defence"), FFT_SLAM_DEFENCE, defence, no],
        ]
    )
    return {
        "header": [_("Bonus"), _("Points"), _("Goes to"), _("Multiplied by the contract")],
        "rows": rows,
        "caption": _("Bonuses added to the contract score (per defender)"),
    }


# ---------------------------------------------------------------------------------------------- variants


def variants_table() -> TableDescription:
    """Every registered rule set side by side: players, cards, dog, contracts."""
    rows: list[list[object]] = []
    for key, cls in sorted(all_variants().items(), key=lambda item: (item[1].family, item[1].players)):
        variant = cls()
        rows.append(
            [
                f"`{key}`",
                cls.title,
                cls.players,
                len(variant.pack),
                cls.hand_size,
                cls.dog_size,
                # The contracts by their notation (what a request or a record writes), as code.
                ", ".join(f"`{word}`" for word in cls.contracts) or "—",
            ]
        )
    return {
        "header": [
            _("Key"),
            _("Rule set"),
            _("Players"),
            _("Pack"),
            _("Cards each"),
            _("Dog (or cards set aside)"),
            _("Contracts"),
        ],
        "rows": rows,
        "caption": _("Every rule set the engine knows"),
    }


def options_table(variant: str = "fft-4") -> TableDescription:
    """The rule options of a variant: name, default, the other choices and what each decides."""
    chosen = find_variant(variant)
    return variant_options_table(chosen.options, _("Rule options of {title}", title=chosen.title))


# ---------------------------------------------------------------------------------------------- records


@functools.cache
def _load(path: Path, mtime: float) -> HandRecord:
    return load_record(path)


def hand_path(name: str) -> Path:
    """The file of a sample hand record, by name (``fft-4-first-hand``) or file name."""
    stem = name.strip().removesuffix(".json")
    if not stem or "/" in stem or "\\" in stem or stem.startswith("."):
        raise TarotError(
            gettext_lazy("{name!r} is not the name of a hand record in tutorial/hands", name=name)
        )
    path = HANDS_DIR / f"{stem}.json"
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in HANDS_DIR.glob("*.json")))
        raise TarotError(
            gettext_lazy("there is no hand record {name!r}; the records are {known}", name=stem, known=known)
        )
    return path


def load_hand(name: str) -> HandRecord:
    """A sample hand record, loaded and checked once (reloaded when the file changes)."""
    path = hand_path(name)
    return _load(path, path.stat().st_mtime)


def final_round(name: str) -> Round:
    return load_hand(name).final_round()


def seat_label(record: HandRecord, seat: Seat) -> str:
    return f"{record.seat_name(seat)} ({seat})"


def _trick_row(record: HandRecord, rnd: Round, trick: Trick, running: tuple[int, int]) -> list[object]:
    cells: list[object] = [trick.number + 1, record.seat_name(trick.leader)]
    for seat in SEATS[: rnd.players]:
        card = trick.card_of(seat)
        cells.append("" if card is None else f"{{card}}`{card}`")
    assert trick.winner is not None
    name = record.seat_name(trick.winner)
    if rnd.side_of(trick.winner) != ATTACK:
        cells.append(_("{name} (defence)", name=name))
    elif trick.winner == rnd.taker:
        cells.append(_("{name} (taker)", name=name))
    else:
        cells.append(_("{name} (attack)", name=name))
    cells.append(format_points(running[0]))
    cells.append(format_points(running[1]))
    return cells


def tricks_table(record: str, first: int = 1, last: int = 0) -> TableDescription:
    """Tricks ``first`` to ``last`` (from 1; ``last`` 0 means the end) with the running card points."""
    hand = load_hand(record)
    final = hand.final_round()
    count = len(final.tricks)
    last = last or count
    if not 1 <= first <= last <= count:
        raise TarotError(
            gettext_lazy(
                "tricks go from 1 to {count}: cannot show {first} to {last}",
                count=count,
                first=first,
                last=last,
            )
        )
    rows: list[list[object]] = []
    done = 0
    for _action, rnd in hand.states():
        if len(rnd.tricks) == done:
            continue
        done = len(rnd.tricks)
        if first <= done <= last:
            tally = rnd.tally()
            running = (tally.attack_half_points, tally.defence_half_points)
            rows.append(_trick_row(hand, final, final.tricks[done - 1], running))
    names = [hand.seat_name(seat) for seat in SEATS[: final.players]]
    return {
        "header": [_("Trick"), _("Led by"), *names, _("Won by"), _("Attack so far"), _("Defence so far")],
        "rows": rows,
        "caption": _(
            "Tricks {first} to {last}, with the card points each side has won so far", first=first, last=last
        ),
    }


def bidding_table(record: str) -> TableDescription:
    """What each player said in the bidding of a recorded hand, in speaking order."""
    hand = load_hand(record)
    rows: list[list[object]] = []
    for action in hand.actions:
        if action.kind == "pass":
            rows.append([seat_label(hand, action.seat), pgettext("bidding", "passes")])
        elif action.kind == "bid":
            rows.append(
                [seat_label(hand, action.seat), _("bids {contract}", contract=contract_name(action.word))]
            )
        elif action.kind == "call":
            rows.append([seat_label(hand, action.seat), _("calls {card}", card=card_markup(action.card))])
    if not rows:
        raise TarotError(gettext_lazy("the record {record} has no bidding", record=record))
    return {"header": [_("Player"), _("Says")], "rows": rows, "caption": _("The bidding, in speaking order")}


def count_table(record: str) -> TableDescription:
    """The counting at the end of a recorded hand: each side's cards, bouts and points."""
    rnd = final_round(record)
    counting = rnd.count()
    rows: list[list[object]] = []
    for side, cards, half in (
        (_("Attack (the taker’s side)"), counting.attack_cards, counting.attack_half_points),
        (_("Defence"), counting.defence_cards, counting.defence_half_points),
    ):
        bouts = [card for card in cards if card.is_bout]
        rows.append([side, len(cards), cards_markup(bouts), format_points(half)])
    if counting.attack_half_points + counting.defence_half_points != TOTAL_HALF_POINTS:
        raise TarotError(gettext_lazy("the two sides' points do not add up to the pack"))
    return {
        "header": [_("Side"), _("Cards"), _("Bouts"), _("Points")],
        "rows": rows,
        "caption": _("The count at the end of the hand"),
    }


def hand_facts(record: str) -> Mapping[str, object]:
    """Short facts of a finished recorded hand, for prose: names, contract, points, target and shares."""
    hand = load_hand(record)
    rnd = hand.final_round()
    result = rnd.result()
    counting = result.counting
    score = result.score
    if counting is None or score is None or rnd.taker is None or rnd.contract is None:
        raise TarotError(
            gettext_lazy("the record {record} ends without a played, scored deal", record=record)
        )
    return {
        "taker": hand.seat_name(rnd.taker),
        "contract": rnd.contract,
        "bouts": counting.attack_bouts,
        "points": points_value(counting.attack_half_points),
        "defence_points": points_value(counting.defence_half_points),
        "target": FFT_TARGETS[counting.attack_bouts],
        "won": score.won,
        "per_defender": score.per_defender,
        "taker_score": score.taker,
    }


# ------------------------------------------------------------------------------------------ running scores


def running_scores_table(players: list[str], deals: list[Mapping[str, object]]) -> TableDescription:
    """A score pad: each deal (``{"taker": name, "request": score request}``) scored by the engine.

    Four players only (the taker against everybody else), with each player's running total.
    """
    from tarot_core.engine.variant import score_request

    if len(players) != 4 or len(set(players)) != 4:
        raise TarotError(gettext_lazy("a score pad needs the four players' names, all different"))
    totals = dict.fromkeys(players, 0)
    rows: list[list[object]] = []
    for number, deal in enumerate(deals, start=1):
        taker = deal.get("taker")
        request = deal.get("request")
        if taker not in totals or not isinstance(request, Mapping):
            raise TarotError(
                gettext_lazy("deal {number}: give the taker's name and a score request", number=number)
            )
        if request.get("players") != 4:
            raise TarotError(gettext_lazy("deal {number}: the score pad is for four players", number=number))
        answer = score_request(request)
        scores = answer["scores"]
        assert isinstance(scores, Mapping)
        for name in players:
            totals[name] += int(scores["taker"] if name == taker else scores["defender"])
        if sum(totals.values()) != 0:
            raise TarotError(gettext_lazy("deal {number}: the scores do not add up to zero", number=number))
        rows.append(
            [number, taker, *(f"{Number(totals[name]):+d}" if totals[name] else "0" for name in players)]
        )
    return {
        "header": [_("Deal"), _("Taker"), *players],
        "rows": rows,
        "caption": _("Running totals after each deal"),
    }


# ------------------------------------------------------------------------------------------ score requests

#: Requests that, between them, make the French Tarot scorer write every term of its breakdown.
_TERM_REQUESTS: Final[tuple[Mapping[str, object], ...]] = (
    {
        "players": 5,
        "contract": "garde",
        "oudlers": 2,
        "points": 60.5,
        "petit_au_bout": "attack",
        "handfuls": [{"side": "defence", "size": "simple"}],
        "slam": {"announced": True, "won_by": None},
    },
    {"players": 4, "contract": "prise", "oudlers": 0, "points": 3, "slam": {"won_by": "defence"}},
)


def score_terms_table() -> TableDescription:
    """Every term of a French Tarot score breakdown with its label, in the order the scorer writes them."""
    from tarot_core.games.fft import score_request

    seen: dict[str, str] = {}
    for request in _TERM_REQUESTS:
        answer = score_request(request)
        breakdown = answer["breakdown"]
        assert isinstance(breakdown, list)
        for entry in breakdown:
            seen.setdefault(str(entry["term"]), str(entry["label"]))
    rows: list[list[object]] = [[f"`{term}`", label] for term, label in seen.items()]
    return {
        "header": [_("Term"), _("Label (an example)")],
        "rows": rows,
        "caption": _("The terms of a French Tarot score breakdown"),
    }
