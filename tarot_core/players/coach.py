"""The coach: a hint in words, the card to play and the principle behind it, with the page that teaches it.

The coach never quotes a number of deals or a raw average. For the strong level it reads the Monte
Carlo player's estimates (:class:`~tarot_core.players.montecarlo.Estimate`, each with its standard error)
and says what they mean: the best card; two cards *about equal* when their difference is within its
margin (two standard errors, the 95 % interval); a card *about 20 points better on average* when it is
clearly better (the difference rounded as a person would say it). The reason is the rule-based player's,
which is a principle of the site's strategy pages, and comes with that page (:class:`Principle`,
returned as data: the page's path under the docs, and the link's text).

The coach does not contradict the site: where the search's best card differs from the principle's card
by less than the margin, the hint gives the principle's card; and a card that goes against a page's
advice (leading the Excuse early, the Petit thrown under an opponent who may still trump) is never
advised unless the play-outs find it clearly better.

A bid of the strong level under the French rules is searched too (each word played out over the whole
deal): the hint keeps the club player's word and reason, unless the search's word clearly does better;
then it says by about how many points, and what the usual word was and why.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..actions import Action
from ..cards import EXCUSE, PETIT, Card, Suit
from ..engine.view import SeatView
from ..messages import Message, _, gettext_lazy, ngettext
from ..seats import Seat
from . import rule as rules
from .base import Player, action_words
from .bidding import contract_words
from .facts import card_noun, knowledge
from .montecarlo import Estimate, MonteCarloPlayer, alike_dropped
from .rule import RulePlayer

#: Standard errors of a difference within which two cards are "about equal" (a 95 % interval).
MARGIN: Final = 2.0


@dataclass(frozen=True, slots=True)
class Principle:
    """A strategy or rules page of the site: its path under the docs without suffix (``strategy/petit``)
    and the link's text."""

    page: str
    text: Message

    def as_dict(self) -> dict[str, str]:
        return {"page": self.page, "text": str(self.text)}


PETIT_PAGE: Final = Principle("strategy/petit", gettext_lazy("Saving the Petit, and hunting it"))
EXCUSE_PAGE: Final = Principle("strategy/excuse", gettext_lazy("When to play the Excuse"))
DEFENCE_PAGE: Final = Principle("strategy/defence", gettext_lazy("How the defence plays together"))
ATTACK_PAGE: Final = Principle("strategy/attack", gettext_lazy("How the taker plays"))
COUNT_PAGE: Final = Principle("strategy/count", gettext_lazy("Counting a hand"))
JUDGING_PAGE: Final = Principle("strategy/judging", gettext_lazy("Is this hand worth a bid?"))
DISCARD_PAGE: Final = Principle("strategy/discard", gettext_lazy("What to put in the discard"))
CALL_PAGE: Final = Principle("strategy/five-players", gettext_lazy("Which King to call with five players"))
PLAY_PAGE: Final = Principle("rules/play", gettext_lazy("The play of the cards"))
ANNOUNCE_PAGE: Final = Principle("rules/announcements", gettext_lazy("Announcements"))

#: The rule-based player's reasons (by their names in :mod:`tarot_core.players.rule`) and their pages.
_BY_REASON: Final = {
    "EXCUSE_BEFORE_LAST": EXCUSE_PAGE,
    "EXCUSE_FOR_SLAM": EXCUSE_PAGE,
    "EXCUSE_KEEPS_TRUMP": EXCUSE_PAGE,
    "EXCUSE_TRUMP_LED": EXCUSE_PAGE,
    "SLAM_SURE": ANNOUNCE_PAGE,
    "PETIT_LAST_WINS": PETIT_PAGE,
    "PARTNER_PETIT": PETIT_PAGE,
    "LEAD_PETIT_SAFE": PETIT_PAGE,
    "PETIT_RUFF": PETIT_PAGE,
    "LEAD_HUNT_PETIT": PETIT_PAGE,
    "LEAD_DRAW_TRUMPS": PETIT_PAGE,
    "LEAD_KEEP_PETIT": PETIT_PAGE,
    "PARTNER_GIVE_POINTS": DEFENCE_PAGE,
    "PARTNER_WINNING": DEFENCE_PAGE,
    "PARTNER_MAY_LOSE": DEFENCE_PAGE,
    "PLAY_LOW": DEFENCE_PAGE,
    "CANNOT_WIN": DEFENCE_PAGE,
    "WIN_POINTS": DEFENCE_PAGE,
    "WIN_SURE": DEFENCE_PAGE,
    "WIN_SIDE_SURE": DEFENCE_PAGE,
    "WIN_RUFF": DEFENCE_PAGE,
    "WIN_OVERTRUMP": DEFENCE_PAGE,
    "WIN_TRUMP_OVER": DEFENCE_PAGE,
    "WIN_HIGH_TRUMP": DEFENCE_PAGE,
    "LEAD_FORCE_TAKER": DEFENCE_PAGE,
    "LEAD_DRAW_TAKER_TRUMPS": DEFENCE_PAGE,
    "LEAD_KING": ATTACK_PAGE,
    "CALL_HONOURS": CALL_PAGE,
    "CALL_ANY": CALL_PAGE,
    "LEAD_LONG_SUIT": DEFENCE_PAGE,
    "LEAD_LONG_SUIT_HIGH": ATTACK_PAGE,
    "PARTNER_LOW_TRUMP": PLAY_PAGE,
    "LEAD_LOWEST_TRUMP": PLAY_PAGE,
    "ONLY_CARD": PLAY_PAGE,
    "HANDFUL": ANNOUNCE_PAGE,
    "DISCARD_LEAST_USEFUL": DISCARD_PAGE,
    "DISCARD_TRUMP": DISCARD_PAGE,
    "DISCARD_POINTS": DISCARD_PAGE,
}
#: The reasons of the play of a trick that the defence's page teaches to defenders and the attack's page
#: to the taker ("When a defender leads"); with no taker, the rules of play.
_TRICK_PLAY: Final = frozenset(
    {
        "PLAY_LOW",
        "CANNOT_WIN",
        "WIN_POINTS",
        "WIN_SURE",
        "WIN_SIDE_SURE",
        "WIN_RUFF",
        "WIN_OVERTRUMP",
        "WIN_TRUMP_OVER",
        "WIN_HIGH_TRUMP",
        "LEAD_LONG_SUIT",
    }
)
#: The reasons that are not about the Petit: the Petit played for one of them is thrown away.
_NOT_PETIT: Final = (
    "WIN_POINTS",
    "WIN_SURE",
    "WIN_SIDE_SURE",
    "WIN_RUFF",
    "WIN_OVERTRUMP",
    "WIN_TRUMP_OVER",
    "WIN_HIGH_TRUMP",
    "PLAY_LOW",
    "CANNOT_WIN",
    "PARTNER_MAY_LOSE",
    "PARTNER_LOW_TRUMP",
    "PARTNER_WINNING",
    "PARTNER_GIVE_POINTS",
)

# The coach's own reasons, where the rule-based player's would mislead.
MUST_TRUMP_LOW: Final = gettext_lazy(
    "with no card of the suit led you must trump, and the lowest trump costs least"
)
KEEP_EXCUSE: Final = gettext_lazy("keep the Excuse: led, it sets no suit and the next card settles the trick")
KEEP_PETIT: Final = gettext_lazy("keep the Petit back: an opponent still to play may trump over it")


def _named(name: str) -> object:
    return getattr(rules, name, None)


def principle_for(view: SeatView, action: Action, reason: object) -> Principle:
    """The page that teaches why ``action`` is played for ``reason`` (a reason of the rule-based player
    or of the coach)."""
    for name, page in _BY_REASON.items():
        found = _named(name)
        if found is not None and found is reason:
            if name in _TRICK_PLAY and view.seat == view.taker:
                return ATTACK_PAGE  # the taker's side of the same principle
            if name in _TRICK_PLAY and view.taker is None:
                return PLAY_PAGE  # each plays for himself: no side's page
            return page
    if reason is MUST_TRUMP_LOW:
        return PLAY_PAGE
    if reason is KEEP_EXCUSE:
        return EXCUSE_PAGE
    if reason is KEEP_PETIT:
        return PETIT_PAGE
    kind = action.kind
    if kind in ("bid", "pass") and view.phase == "bidding":
        # The rule sets the computer player has measured bid by the model of the judging page; the others
        # by the club count.
        model_for = getattr(rules, "model_for", None)
        if model_for is not None and not knowledge(view).solo_bids and model_for(view.variant) is not None:
            return JUDGING_PAGE
        return COUNT_PAGE
    if kind == "discard":
        return DISCARD_PAGE
    if kind == "call":
        return CALL_PAGE
    if kind == "play" and action.card is EXCUSE:
        return EXCUSE_PAGE
    if kind == "play" and action.card is PETIT:
        return PETIT_PAGE
    if kind in ("handful", "declare", "slam"):
        return ANNOUNCE_PAGE
    return PLAY_PAGE


# ---------------------------------------------------------------------------------------- the page's advice
def _to_play_after(view: SeatView) -> list[Seat]:
    trick = view.current
    played = {s for s, _ in trick.plays} if trick is not None else set()
    return [s for s in view.seats if s not in played and s != view.seat]


def _sure(view: SeatView, card: Card) -> bool:
    """Nobody still to play can beat ``card`` in the current trick, as far as the seat can tell."""
    seen = set(view.hand) | view.all_played()
    if card.is_trump:
        return all(Card(Suit.TRUMPS, rank) in seen for rank in range(card.rank + 1, 22))
    return False


def against_page(view: SeatView, action: Action, reason: object = None) -> Message | None:
    """Why ``action`` goes against a strategy page's advice, or None: the Excuse led with more than two
    cards in hand (:doc:`/strategy/excuse`); the Petit led while an opponent may still hold a trump, or
    played where an opponent still to play may trump over it for a reason that is not about the Petit
    (:doc:`/strategy/petit`)."""
    if action.kind != "play":
        return None
    card = action.card
    trick = view.current
    plays = trick.plays if trick is not None else ()
    if card is EXCUSE and not plays and len(view.hand) > 2:
        return KEEP_EXCUSE
    if card is PETIT and not plays and len(view.hand) > 1 and not rules.petit_lead_safe(view):
        return KEEP_PETIT
    if card is PETIT and plays:
        if reason is not None and not any(_named(name) is reason for name in _NOT_PETIT):
            return None
        ahead = trick.ahead if trick is not None else None
        best = next((c for s, c in plays if s == ahead), None)
        partner_safe = (
            ahead is not None and view.same_side(ahead) is True and best is not None and _sure(view, best)
        )
        risky = [
            s
            for s in _to_play_after(view)
            if view.same_side(s) is not True and Suit.TRUMPS not in view.voids[s]
        ]
        if risky and not partner_safe:
            return KEEP_PETIT
    return None


# ---------------------------------------------------------------------------------------- the advice
@dataclass(frozen=True, slots=True)
class Advice:
    """A hint: the action, the sentence (``"{action}: {reason}."``), the principle's page."""

    action: Action
    sentence: str
    principle: Principle


def rounded_points(gap: float) -> int:
    """A difference in points as a person rounds it: to 1 under 10, to 5 under 50, else to 10."""
    if gap < 10:
        return max(1, round(gap))
    if gap < 50:
        return 5 * round(gap / 5)
    return 10 * round(gap / 10)


def _close(estimate: Estimate) -> bool:
    """Whether ``estimate``'s difference to the best is within its margin."""
    return estimate.gap <= MARGIN * estimate.gap_stderr or estimate.gap < 1


def _rule_sentence(action: Action, reason: object) -> str:
    return _("{action}: {reason}.", action=action_words(action), reason=reason)


def rule_advice(view: SeatView, player: RulePlayer) -> tuple[Action, object]:
    action, reason = player.choose(view)
    if reason is _named("PARTNER_LOW_TRUMP") and any(
        view.same_side(s) is not True for s in _to_play_after(view)
    ):
        reason = MUST_TRUMP_LOW
    return action, reason


def advise(view: SeatView, player: Player, rng: random.Random) -> Advice:
    """What ``player``'s level advises the seat to do now, in words, with its page. The strong level
    (a :class:`MonteCarloPlayer`) searches; the others give the rule-based player's card and reason."""
    rule = RulePlayer()
    ruled, reason = rule_advice(view, rule)
    estimates: tuple[Estimate, ...] = ()
    plays = [a for a in view.legal if a.kind == "play"]
    search: MonteCarloPlayer | None = player if isinstance(player, MonteCarloPlayer) else None
    objection = against_page(view, ruled, reason)
    bids = search.bids(view, view.legal, ruled) if search is not None else []
    if search is not None and bids:
        estimates = search.estimate(view, bids, rng, ruled, search.bid_playouts)
        choice = search.bid_choice(view, estimates, ruled)
        return _bid_words(view, ruled, reason, estimates, choice)
    if ruled.kind == "play" and (search is not None or objection is not None):
        # One card of each run that plays alike: "the 6 and the 8 are about equal" teaches nothing.
        plays = alike_dropped(view, plays, ruled)
        if len(plays) >= 2:
            searcher = search if search is not None else MonteCarloPlayer(playouts=48)
            estimates = searcher.estimate(view, plays, rng, ruled)
    if not estimates:
        return Advice(ruled, _rule_sentence(ruled, reason), principle_for(view, ruled, reason))
    return _words(view, ruled, reason, estimates, objection)


def _words(
    view: SeatView,
    ruled: Action,
    reason: object,
    estimates: Sequence[Estimate],
    objection: Message | None,
) -> Advice:
    most = estimates[0].deals
    final = [e for e in estimates if e.deals == most]
    allowed = [e for e in final if against_page(view, e.action) is None] or final
    best = allowed[0]
    mine = next((e for e in final if e.action == ruled), None)
    if objection is None and mine is not None and (mine is best or _close(_relative(mine, best))):
        # The principle's card is the best or within the margin of it: the page's advice stands.
        others = [e for e in allowed if e.action != ruled]
        text = str(reason)
        if others and _close(_relative(others[0], mine)) and against_page(view, others[0].action) is None:
            text = _(
                "{card} and {other} are about equal here; {reason}",
                card=card_noun(ruled.card),
                other=card_noun(others[0].action.card),
                reason=reason,
            )
        elif others:
            gap = _relative(others[0], mine).gap
            text = ngettext(
                "{reason}; it is about {n} point better on average than {other}",
                "{reason}; it is about {n} points better on average than {other}",
                rounded_points(gap),
                reason=reason,
                other=card_noun(others[0].action.card),
            )
        return Advice(
            ruled,
            _("{action}: {words}.", action=action_words(ruled), words=text),
            principle_for(view, ruled, reason),
        )
    # The search's card is clearly better than the principle's (or the principle's card goes against a
    # page): say by how much, and name the principle it weighs against.
    versus = mine if mine is not None and mine.action != best.action else None
    page = principle_for(view, ruled, reason)
    if objection is not None and mine is not None and best.action != ruled:
        text = str(objection)
        page = principle_for(view, ruled, objection)
        if versus is not None and not _close(_relative(versus, best)):
            text = ngettext(
                "{reason}; played out over the possible deals, this card does about {n} point better on "
                "average",
                "{reason}; played out over the possible deals, this card does about {n} points better on "
                "average",
                rounded_points(_relative(versus, best).gap),
                reason=objection,
            )
    elif versus is not None:
        text = ngettext(
            "played out over the possible deals, it does about {n} point better on average than {other}, "
            "the usual choice ({reason})",
            "played out over the possible deals, it does about {n} points better on average than {other}, "
            "the usual choice ({reason})",
            rounded_points(_relative(versus, best).gap),
            other=card_noun(ruled.card),
            reason=reason,
        )
    else:
        text = _("played out over the possible deals, it does best")
    return Advice(best.action, _("{action}: {words}.", action=action_words(best.action), words=text), page)


def _bid_words(
    view: SeatView, ruled: Action, reason: object, estimates: Sequence[Estimate], choice: Action
) -> Advice:
    """The strong level's bid in words: the rule-based player's word and reason when the search keeps
    it; else how much better the search's word does, played out, than the usual one."""
    page = principle_for(view, ruled, reason)
    if choice == ruled:
        return Advice(ruled, _rule_sentence(ruled, reason), page)
    best = next(e for e in estimates if e.action == choice)
    mine = next(e for e in estimates if e.action == ruled)
    other = contract_words(ruled.word if ruled.kind == "bid" else "pass")
    ahead = _relative(mine, best).gap
    if ahead >= 0.5:
        text = ngettext(
            "played out over the possible deals, it does about {n} point better on average than {other}, "
            "the usual choice ({reason})",
            "played out over the possible deals, it does about {n} points better on average than {other}, "
            "the usual choice ({reason})",
            rounded_points(ahead),
            other=other,
            reason=reason,
        )
    # Otherwise a higher contract chosen for the strong level's own play of the hand
    # (MonteCarloPlayer.raise_bid): the play-outs, played as a club player plays, put it a little behind
    # the usual word or level with it, and the contract counts the better play of the hand more times.
    elif ahead <= -0.5:
        text = ngettext(
            "played out over the possible deals by club players, it does about {n} point less on "
            "average than {other}, the usual choice ({reason}); played with care, a higher contract "
            "gains more than that",
            "played out over the possible deals by club players, it does about {n} points less on "
            "average than {other}, the usual choice ({reason}); played with care, a higher contract "
            "gains more than that",
            rounded_points(-ahead),
            other=other,
            reason=reason,
        )
    else:
        text = _(
            "played out over the possible deals by club players, it does about as well as {other}, the "
            "usual choice ({reason}); played with care, a higher contract gains more",
            other=other,
            reason=reason,
        )
    return Advice(choice, _("{action}: {words}.", action=action_words(choice), words=text), page)


def _relative(estimate: Estimate, best: Estimate) -> Estimate:
    """``estimate`` with its difference taken to ``best`` (the estimates carry it to the search's best;
    to another card it is the difference of the two, with the larger of their errors)."""
    if best.gap == 0:
        return estimate
    from dataclasses import replace

    return replace(
        estimate,
        gap=estimate.gap - best.gap,
        gap_stderr=max(estimate.gap_stderr, best.gap_stderr),
    )


def coach_words(player: MonteCarloPlayer, view: SeatView, action: Action) -> str:
    """The strong player's sentence for ``action`` (its last decision's estimates, if about ``view``)."""
    last = player.estimates_for(view)
    rule = RulePlayer()
    ruled, reason = rule_advice(view, rule)
    if last is None or action != last[0] or not last[1]:
        return rule.explain(view, action)
    if action.kind in ("bid", "pass"):
        advice = _bid_words(view, ruled, reason, last[1], action)
    else:
        advice = _words(view, ruled, reason, last[1], against_page(view, ruled, reason))
    if advice.action == action:
        return advice.sentence
    return rule.explain(view, action)


class CoachedPlayer(MonteCarloPlayer):
    """The Monte Carlo player whose explanations are the coach's words (:func:`coach_words`): the strong
    level as the play page and the arena play it."""

    def explain(self, view: SeatView, action: Action) -> str:
        return coach_words(self, view, action)


__all__ = [
    "Advice",
    "CoachedPlayer",
    "Principle",
    "advise",
    "against_page",
    "coach_words",
    "principle_for",
    "rounded_points",
    "rule_advice",
]
