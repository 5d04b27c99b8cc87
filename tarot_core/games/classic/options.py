"""The older French rules' facts (contracts, targets, bonuses, the pairs' values) and rule options."""

from __future__ import annotations

import dataclasses
from typing import Final

from ...engine.options import Options, option
from ...messages import N_
from .contracts import ClassicContract

# ---------------------------------------------------------------------------------------------- facts
CONTRACTS: Final = tuple(ClassicContract)
CONTRACT_NAMES: Final = {
    "small": N_("Small"),
    "guard": N_("Guard"),
    "guard-without": N_("Guard without the dog"),
    "guard-against": N_("Guard against the dog"),
    "slam": N_("Slam"),
}
#: The bids' French names: the same in every language the site speaks, so not translated.
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
    "trumps-10": N_("10 trumps in hand"),
    "trumps-13": N_("13 trumps in hand"),
    "trumps-15": N_("15 trumps in hand"),
    "no-trumps": N_("no trumps in hand"),
    "no-honours": N_("no honours in hand"),
}
#: A hand bonus claimed twice by the same player, ``{who}`` the holder (a noun).
HAND_BONUS_ONCE: Final = {
    "trumps-10": N_("{who} can claim the 10 trumps in hand bonus only once"),
    "trumps-13": N_("{who} can claim the 13 trumps in hand bonus only once"),
    "trumps-15": N_("{who} can claim the 15 trumps in hand bonus only once"),
    "no-trumps": N_("{who} can claim the no trumps in hand bonus only once"),
    "no-honours": N_("{who} can claim the no honours in hand bonus only once"),
}
#: A hand bonus's line in the working when it counts in the contract score, ``{holder}`` its role.
HAND_BONUS_SIDE: Final = {
    "trumps-10": N_("10 trumps in hand ({holder:bare})"),
    "trumps-13": N_("13 trumps in hand ({holder:bare})"),
    "trumps-15": N_("15 trumps in hand ({holder:bare})"),
    "no-trumps": N_("No trumps in hand ({holder:bare})"),
    "no-honours": N_("No honours in hand ({holder:bare})"),
}
#: A hand bonus's line in the working when its holder collects it, ``{holder}`` its role.
HAND_BONUS_HOLDER: Final = {
    "trumps-10": N_("10 trumps in hand: {holder:bare} collects from each player"),
    "trumps-13": N_("13 trumps in hand: {holder:bare} collects from each player"),
    "trumps-15": N_("15 trumps in hand: {holder:bare} collects from each player"),
    "no-trumps": N_("No trumps in hand: {holder:bare} collects from each player"),
    "no-honours": N_("No honours in hand: {holder:bare} collects from each player"),
}
#: A hand bonus in a form's list, ``{holder}`` the player who held it (a noun).
HAND_BONUS_HELD: Final = {
    "trumps-10": N_("trumps 10, held by {holder}"),
    "trumps-13": N_("trumps 13, held by {holder}"),
    "trumps-15": N_("trumps 15, held by {holder}"),
    "no-trumps": N_("no trumps, held by {holder}"),
    "no-honours": N_("no honours, held by {holder}"),
}
#: Pair values of the source's table, in points: honour or bout with a plain card, two plain cards.
PAIR_VALUES: Final = (
    (N_("A bout (special card) and a plain card"), 5),
    (N_("A King and a plain card"), 5),
    (N_("A Queen and a plain card"), 4),
    (N_("A Knight (Cavalier) and a plain card"), 3),
    (N_("A Jack and a plain card"), 2),
    (N_("Two plain cards"), 1),
)
TOTAL_POINTS: Final = 91


def players_contracts(players: int) -> tuple[str, ...]:
    """The contracts open to a table: five players cannot bid Guard against the dog."""
    if players == 5:
        return tuple(c for c in CONTRACTS if c != "guard-against")
    return CONTRACTS


# -------------------------------------------------------------------------------------------- options
@dataclasses.dataclass(frozen=True)
class ClassicOptions(Options):
    """Rule options of the classic game: every point the source leaves open, with its default."""

    shares: str = option(
        "zero-sum",
        N_(
            "Who pays whom. 'zero-sum' (default): the taker wins or pays the contract score to each "
            "opponent, as in the modern rules (3 players: taker 2S, opponents -S each; 5 players: taker "
            "2S, partner S, the three others -S each). 'taker-only': only the taker's tally moves, by S, "
            "which is the most literal reading of the source ('add it to your score')."
        ),
        choices=("zero-sum", "taker-only"),
    )
    failed_contract: str = option(
        "mirror",
        N_(
            "A contract that misses its target. 'mirror' (default): the taker loses what he would have "
            "won, base plus shortfall times the multiplier. 'nothing': a failed contract scores nothing "
            "(the source only describes what a winner scores)."
        ),
        choices=("mirror", "nothing"),
    )
    unbid_slam: str = option(
        "replaces-base",
        N_(
            "A taker who wins every trick without bidding Slam. 'replaces-base' (default): 300 instead "
            "of the contract's base, the difference still added (the source waives the difference only "
            "for a bid slam). 'flat': 300 and nothing else. 'added': the contract's score plus 300."
        ),
        choices=("replaces-base", "flat", "added"),
    )
    failed_slam: str = option(
        "mirror",
        N_(
            "A bid Slam that loses a trick. 'mirror' (default): the taker pays 600, what he would have "
            "won. 'half': he pays 300, the ratio the modern rules use (400 won, 200 lost)."
        ),
        choices=("mirror", "half"),
    )
    defence_slam: str = option(
        "none",
        N_(
            "The opponents win every trick. 'none' (default): the failed contract is scored as usual. "
            "'unbid-slam': the taker also pays 300 for the opponents' slam."
        ),
        choices=("none", "unbid-slam"),
    )
    petit_last_trick: str = option(
        "player",
        N_(
            "Who gets the 10 for the Petit on the last trick. 'player' (default): the side of the player "
            "who plays it, as the source words it ('playing the 1 of trumps on the last trick'). "
            "'winner': the side that wins that last trick (the modern Petit au bout)."
        ),
        choices=("player", "winner"),
    )
    hand_bonuses: str = option(
        "holder",
        N_(
            "Who gets a hand bonus (10/13/15 trumps, no trumps, no honours). 'holder' (default): the "
            "player whose hand it is collects it from every other player. 'side': it is added to the "
            "contract score for the holder's side. 'winning-side': it goes to the side that wins the "
            "deal, whoever holds it (the modern handful rule)."
        ),
        choices=("holder", "side", "winning-side"),
    )
    excuse_is_trump: bool = option(
        False,
        N_(
            "Whether the Excuse counts as a trump for the trump bonuses. Default no: the source lists "
            "21 numbered trumps and the Excuse apart, so a hand whose only 'trump' is the Excuse has no "
            "trumps."
        ),
    )
    trump_thresholds_5p: str = option(
        "10-13-15",
        N_(
            "Trump bonuses with five players (15 cards each). '10-13-15' (default): the same thresholds "
            "as with three ('the rules are basically the same'). '8-10-13': the modern five-player "
            "thresholds, scaled to the shorter hands."
        ),
        choices=("10-13-15", "8-10-13"),
    )
    guard_without_dog: str = option(
        "taker",
        N_(
            "Whose cards the dog is in Guard without the dog. 'taker' (default): it counts for the taker, "
            "as the bid's name and every later rule book say. 'nobody': it is set aside."
        ),
        choices=("taker", "nobody"),
    )
    call_timing: str = option(
        "after-dog",
        N_(
            "Five players: when the taker calls a King. 'after-dog' (default): once the dog is shown, "
            "since the source requires a King neither in the taker's hand nor in the dog. 'before-dog': "
            "before it is shown (the modern order); a King that turns out to be in the dog leaves the "
            "taker alone."
        ),
        choices=("after-dog", "before-dog"),
    )
    called_suit_lead: bool = option(
        True,
        N_(
            "Five players: whether the first trick may be led in the called suit. Default yes: the "
            "source does not forbid it (the modern rules do, unless the called King itself is led)."
        ),
    )
    slam_excuse: str = option(
        "wins-last-trick",
        N_(
            "A side that has won every trick and leads the Excuse to the last trick. 'wins-last-trick' "
            "(default): the Excuse wins that trick, otherwise a taker holding the Excuse could never make "
            "a slam, because he leads every trick and may not lead the Excuse; and an Excuse that the "
            "slam side plays to the last trick under a partner's winning card stays with that side, as in "
            "the modern rules' 'except in a slam' (the source only says that an Excuse played to the last "
            "trick goes to the opposition). 'strict': the trick goes to the highest other card, and the "
            "Excuse to the other side in both cases."
        ),
        choices=("wins-last-trick", "strict"),
    )
    bidding: str = option(
        "once",
        N_(
            "How long the bidding lasts. 'once' (default): each player speaks once, as in the modern rules. "
            "'auction': the source only says to bid higher or pass, so the bidding may go round again until "
            "everyone but the highest bidder has passed; a player who passes is out."
        ),
        choices=("once", "auction"),
    )
    shuffle: bool = option(
        False,
        N_(
            "Whether the pack is shuffled between deals. Default no, as the source says: the tricks are "
            "gathered, the pack is cut and dealt again. Turn it on for a fresh shuffle every deal."
        ),
    )
