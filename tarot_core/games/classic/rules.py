"""The older French rules ("classic"): three players, or five with a called King.

The rules are those of an English-language description of the French game as it was played before
the Fédération Française de Tarot fixed its rules (described in docs/reference/rules-decisions.md,
#source-older-french). What the source says:

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

Everything else the source leaves open is a rule option of :class:`.ClassicOptions`; the docstring of
each field says what the default is and why. The main decisions:

* **Shares** (``shares="zero-sum"``): the contract score ``S`` is won from (or paid to) each
  opponent, as in the modern rules: with 3 players the taker gets ``2S`` and each opponent ``-S``;
  with 5 the taker gets ``2S``, the partner ``S`` and each of the three others ``-S``.
* **A failed contract** pays the mirror of a made one: base plus the shortfall times the multiplier.
* **Hand bonuses** belong to the player whose hand it is, who collects the bonus from every other
  player (``hand_bonuses="holder"``).

Counting by pairs equals the card points of :mod:`tarot_core.cards` rounded down: a pair of two
court cards or bouts counts its two values less one, which is what keeps the pack at 91.

Score requests (:func:`~tarot_core.games.classic.request.score_request`)::

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
* ``options``: rule options by name (see :class:`.ClassicOptions`).

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
from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar

from ...actions import Action
from ...cards import EXCUSE, JACK, KING, KNIGHT, PETIT, PLAIN_SUITS, QUEEN, Card
from ...engine.options import Options
from ...engine.result import Score, Seated
from ...engine.round import Round
from ...engine.state import Phase, ScorePanel
from ...engine.trick import Counting, Trick
from ...engine.variant import Variant, register
from ...errors import Illegal, Refusal, TarotError
from ...messages import N_, _, gettext_lazy
from ...seats import ATTACK, DEFENCE, Seat, order_from
from .contracts import ClassicContract
from .options import MULTIPLIER, TARGETS, ClassicOptions
from .scoring import hand_bonuses, score_deal

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
        raise TarotError("next_round continues a classic game only")  # a mistake in the calling code
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

    def rule_reset(self) -> None:
        super().rule_reset()
        self.passed: set[Seat] = set()

    def rule_apply_bid(self, action: Action) -> None:
        if self.variant.options.bidding == "auction":
            self._apply_auction(action)
        else:
            super().rule_apply_bid(action)
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
        super().rule_apply_bid(action)

    def rule_after_call(self) -> None:
        if self.contract == "slam":
            self.slam_announced = True
        elif self.contract == "guard-without":
            self.dog_revealed = True  # the source: "he reveals the dog but does not pick it up"
        super().rule_after_call()

    def rule_discardable(self, seat: Seat) -> list[Card]:
        """Anything but a King or a special card (bout): the source forbids nothing else."""
        return [c for c in self.hands[seat] if not c.is_king and not c.is_bout]

    # -- play: the Excuse may not be led
    def rule_legal_leads(self, seat: Seat, hand: list[Card]) -> list[Card]:
        cards = [c for c in hand if c is not EXCUSE] or list(hand)
        called = self.called
        if called is not None and not self.tricks and not self.variant.options.called_suit_lead:
            allowed = [c for c in cards if c.suit is not called.suit or c == called]
            if allowed:
                return allowed
        return cards

    def rule_refuse_play(self, action: Action) -> Refusal:
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
                gettext_lazy(
                    "the Excuse may not be led: lead another card and keep the Excuse for a trick "
                    "someone else has led"
                ),
            )
        return super().rule_refuse_play(action)

    def rule_excuse_kept_in_slam(self) -> bool:
        return str(self.variant.options.slam_excuse) != "strict"

    def rule_excuse_wins(self, trick: Trick) -> bool:
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
                at + 1,
                _(
                    "Counted by pairs, the taker's side has {points}",
                    points=result.counting.attack_half_points // 2,
                ),
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

    # ------------------------------------------------------------------ what a table shows
    def rule_dog_counts_for_nobody(self) -> bool:
        """The dog left aside counts for nobody after a bid Slam (see :meth:`dog_counts_for_nobody`)."""
        return self.dog_counts_for_nobody()

    def rule_score_panel(self) -> ScorePanel | None:
        """Each side's card points, bouts and tricks; once the deal is played, also the taker's pile
        counted by pairs in whole points, on which these rules decide the deal."""
        panel = super().rule_score_panel()
        if panel is not None and self.outcome == "played":
            panel.rows[0][1]["by_pairs"] = self.result_summary().get("taker_points")
        return panel

    def rule_score_request(self) -> dict[str, object] | None:
        """The older rules' calculator request for this deal once played: the contract, the taker's
        bouts and points counted by pairs, the Petit on the last trick, a slam, a taker playing alone and
        every hand bonus with its holder's part. The calculator scores it as
        :meth:`ClassicVariant.score_round` scores the round."""
        if self.outcome != "played" or self.contract is None:
            return None
        counting = self.count()
        request: dict[str, object] = {
            "variant": self.variant.family,
            "players": self.players,
            "contract": str(self.contract),
        }
        if self.contract != ClassicContract.SLAM:
            request["oudlers"] = counting.attack_bouts
            request["points"] = counting.attack_half_points // 2
        petit = self.petit_last_trick_side(counting)
        if petit:
            request["petit_last_trick"] = petit
        if counting.slam_by:
            request["slam"] = counting.slam_by
        if self.players == 5 and self.partner is None:
            request["alone"] = True
        roles_by_seat = self.seat_roles()
        bonuses = [
            {"kind": kind, "holder": roles_by_seat[Seat(seat)]}
            for seat, hand in enumerate(self.initial_hands)
            for kind in hand_bonuses(hand, self.players, self.variant.options)
        ]
        if bonuses:
            request["bonuses"] = bonuses
        return request


class ClassicVariant(Variant):
    """The classic rules for one table size; options in :class:`.ClassicOptions`."""

    family: ClassVar[str] = "classic"
    options_class: ClassVar[type[Options]] = ClassicOptions
    options: ClassicOptions
    contracts: ClassVar[tuple[str, ...]] = tuple(ClassicContract)
    deal_salt = "classic-deal"
    dog_taking_contracts: ClassVar[frozenset[str]] = frozenset({ClassicContract.SMALL, ClassicContract.GUARD})
    dog_to_defence_contracts: ClassVar[frozenset[str]] = frozenset({ClassicContract.GUARD_AGAINST})
    multipliers: ClassVar[Mapping[str, int]] = MULTIPLIER
    targets: ClassVar[Mapping[int, int]] = dict(enumerate(TARGETS))
    packet = 3

    def new_round(
        self,
        dealer: Seat,
        hands: list[list[Card]] | tuple[tuple[Card, ...], ...],
        dog: list[Card] | tuple[Card, ...],
    ) -> Round:
        return ClassicRound(self, dealer, hands, dog)

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
    title = N_("Classic French Tarot (older rules), 3 players")
    players = 3
    hand_size = 24
    dog_size = 6


@register
class Classic5(ClassicVariant):
    key = "classic-5"
    title = N_("Classic French Tarot (older rules), 5 players with a called King")
    players = 5
    hand_size = 15
    dog_size = 3
    contracts = tuple(c for c in ClassicContract if c is not ClassicContract.GUARD_AGAINST)
