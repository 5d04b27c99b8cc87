"""What each rule set tells the computer players and the views (its ``knowledge``), found through the
registry; and the players' sentences, said in the reader's language."""

from __future__ import annotations

import gettext
import random
import re
from collections.abc import Iterator

import pytest

from tarot_core import messages
from tarot_core.cards import parse_cards
from tarot_core.engine.knowledge import Knowledge
from tarot_core.engine.variant import FAMILIES, all_variants, find_variant, knowledge_for
from tarot_core.errors import TarotError
from tarot_core.messages import use_language
from tarot_core.players import MonteCarloPlayer, RandomPlayer, RulePlayer, make_player
from tarot_core.players.facts import hand_count
from tarot_core.players.judge import judge_bid
from tarot_core.players.rule import THRESHOLDS
from tarot_core.seats import Seat


def test_every_rule_set_declares_its_knowledge() -> None:
    """Each family's ``knowledge`` module is found through the registry; each variant and each view of
    its rounds carry it."""
    assert set(FAMILIES) >= {"fft", "classic", "mathers", "chambery"}
    for family in FAMILIES:
        assert isinstance(knowledge_for(family), Knowledge)
    for key, cls in all_variants().items():
        variant = find_variant(key)
        assert variant.knowledge is knowledge_for(cls.family)
        rnd = variant.deal_round(Seat.P1, key)
        assert rnd.view(Seat.P2).sides is variant.knowledge.sides


def test_the_french_rule_sets_bid_by_the_club_count_the_strategy_pages_show() -> None:
    """The modern and the classic French rules bid by the same ladder, the one the strategy pages show
    (``THRESHOLDS``), each under its own contracts' names."""
    fft, classic = knowledge_for("fft"), knowledge_for("classic")
    assert tuple(fft.bids.values()) == tuple(classic.bids.values()) == THRESHOLDS
    assert set(fft.bids) <= set(find_variant("fft-4").contracts)
    assert set(classic.bids) <= set(find_variant("classic-3").contracts)


# ---------------------------------------------------------------------------------------- the language
class _Shout(gettext.NullTranslations):
    """A stand-in language: every message in capitals, its placeholders kept as they are."""

    @staticmethod
    def _shout(text: str) -> str:
        return "".join(
            part if part.startswith("{") else part.upper() for part in re.split(r"(\{[^}]*\})", text)
        )

    def gettext(self, message: str) -> str:
        return self._shout(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self._shout(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return "" if context.endswith("gender") else self._shout(message)


@pytest.fixture
def shouting() -> Iterator[None]:
    messages._catalogues["xx"] = _Shout()
    messages.GRAMMAR["xx"] = messages.Grammar(
        forms={"": lambda text, noun: "THE " + text, "bare": lambda text, noun: text}
    )
    try:
        with use_language("xx"):
            yield
    finally:
        del messages._catalogues["xx"], messages.GRAMMAR["xx"]


def _reason(sentence: str) -> str:
    """The part of an explanation after what the action does ("Plays the 3 of Hearts: ...")."""
    return re.split(r"[:;] ", sentence, maxsplit=1)[1]


def test_the_players_explain_in_the_reader_s_language(shouting: None) -> None:
    """Every reason, count and verdict is a message of the catalogue: in another language, the rule-based,
    random and Monte Carlo players, the club count and the hand judge say it in that language."""
    rule, mc = RulePlayer(), MonteCarloPlayer(playouts=4)
    said: set[str] = set()
    for key in ("fft-4", "fft-5", "classic-3", "mathers-3", "chambery-5"):
        variant = find_variant(key)
        for number in range(3):
            rnd = variant.deal_round(Seat.P1, f"words-{number}")
            rng = random.Random(number)
            while not rnd.is_over:
                seat = rnd.to_move
                assert seat is not None
                view = rnd.view(seat)
                action = rule.decide(view, rng)
                reason = _reason(rule.explain(view, action))
                assert reason == reason.upper() != reason.lower(), reason
                said.add(reason)
                other = view.legal[-1]
                if other != action:
                    assert _reason(rule.explain(view, other)).startswith("THE RULE-BASED PLAYER WOULD RATHER")
                rnd.push(action)
    assert len(said) >= 15
    # The first deal of these where somebody bids (the others are dealt again).
    for number in range(20):
        rnd = find_variant("fft-4").deal_round(Seat.P1, f"words-{number}" if number else "words")
        while rnd.phase != "playing" and rnd.to_move is not None:
            rnd.push(rule.decide(rnd.view(rnd.to_move), random.Random(0)))
        if rnd.to_move is not None:
            break
    assert rnd.to_move is not None
    view = rnd.view(rnd.to_move)
    action = mc.decide(view, random.Random(1))
    said_mc = mc.explain(view, action)
    # The coach's words, in the stand-in language, never a count of sampled deals.
    assert said_mc == said_mc.upper() != said_mc.lower() and " DEALS " not in said_mc, said_mc
    assert "DRAWN AT RANDOM AMONG THE" in RandomPlayer().explain(view, action)
    count = hand_count(parse_cards("T21 T1 EX T16 T2 T3 HK HQ H2 H3 H4 H5 S2"))
    assert [words for words, _ in count][:3] == [
        "5 TRUMPS, 2 EACH",
        "2 MAJOR TRUMPS (16 TO 21), 1 MORE EACH",
        "THE 21 OF TRUMPS",
    ]
    assert "KING OF HEARTS" in dict(count) and "QUEEN OF HEARTS, WITH ITS KING" in dict(count)
    bidding = find_variant("fft-4").deal_round(Seat.P4, 3)
    verdict = judge_bid(bidding.view(Seat.P1), deals=4).explain()
    assert " IS BEST: PLAYED OUT OVER 4 DEALS" in verdict, verdict


def test_the_players_refuse_in_the_reader_s_language(shouting: None) -> None:
    with pytest.raises(TarotError) as caught:
        make_player("strongest")
    assert str(caught.value) == (
        "THERE IS NO PLAYER 'strongest': CHOOSE random, rule, mc, beginner, club, strong"
    )
    rnd = find_variant("fft-4").deal_round(Seat.P1, 1)
    with pytest.raises(TarotError, match="HAS NOTHING TO DO NOW"):
        RulePlayer().decide(rnd.view(Seat.P4), random.Random(0))
    with pytest.raises(TarotError, match="THE HAND JUDGE WEIGHS THE BIDS"):
        judge_bid(find_variant("mathers-3").deal_round(Seat.P1, 1).view(Seat.P2))
    with pytest.raises(TarotError, match="AT LEAST ONE PLAY-OUT"):
        MonteCarloPlayer(playouts=0)
