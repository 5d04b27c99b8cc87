"""Exercises of the lessons: a position the engine builds, a question, and the engine's verdict.

An exercise is data (a JSON object, one file of them per lesson): its ``kind`` names the question and
its other fields the position, written in card notation that the engine reads and checks. The answer
is never written down: :func:`~tarot_core.exercises.judging.judge` decides whether an answer is right
with the rules themselves (the legal cards and the refusals of
:meth:`~tarot_core.engine.round.Round.why_illegal`, the card points, the targets, the score of
:func:`~tarot_core.engine.variant.score_request`, where the Excuse goes in the count) and says why, in
the rule's words, with the anchor of the rule's page.

Positions: ``hand`` and ``trick`` (you to play to a trick, see :func:`trick_table`), ``hand`` and
``dog`` (you take, see :func:`taker_table`), ``bids`` (the bidding so far, :func:`bidding_table`),
``seed`` and ``excuse_trick`` (a whole deal played out, :func:`playout_table`), ``record`` and
``step`` (a sample hand after that many actions), ``cards`` (a pile), ``bouts``, ``request`` (the
facts of a deal, as for the score calculator) and ``contract``.

Question kinds (the answer each takes):

* ``play``: play a card (a card; with ``"goal": "win"``, a card that puts you ahead in the trick);
* ``legal``: pick every card you may play (a list of cards);
* ``winner``: which card wins this trick (a card);
* ``count``: how many points in this pile (a number);
* ``target``: how many points the taker needs with these bouts (a number);
* ``made``: is the contract made with these points and bouts (``made`` or ``lost``);
* ``discard``: make a legal discard (a list of cards, as many as the dog holds);
* ``discardable``: pick every card that may go to the discard (a list of cards);
* ``bid``: which of these bids may be made now (a contract, or ``pass``);
* ``dog``: whose cards does the dog count with under this contract (``attack`` or ``defence``);
* ``score``: what does this player score (a number; ``ask`` is ``taker``, ``partner`` or ``defender``);
* ``excuse``: which side ends up with the Excuse (``attack`` or ``defence``);
* ``call``: which card may the taker call (a card);
* ``worth``: would you bid with this hand, and what (``pass`` or a contract): the hand judge
  (:mod:`tarot_core.players.judge`) plays the hand out over many deals and accepts every answer within
  its own uncertainty of the best. The position is ``hand`` (the cards listed) or ``seed`` (the hand
  of the first player to speak in that deal), with optional ``bids`` before yours. The site's build
  adds the judge's verdict to the exercise (``kept``, see :func:`~.judging.kept_work`), so that the
  reader's browser does not play the hand out again; a kept verdict of another hand is never used.

Cards are written in the notation of :mod:`tarot_core.cards`; every sentence for learners names them
the way players read them (``10♠``, ``Knight of Hearts``, ``11 of trumps``, ``the Excuse``).

The package gathers the public names of its modules: ``words``, ``positions``, ``plays``,
``counting`` and ``judging``.
"""

from __future__ import annotations

from .counting import (
    bouts_of as bouts_of,
)
from .counting import (
    discardable as discardable,
)
from .counting import (
    dog_side as dog_side,
)
from .counting import (
    excuse_side as excuse_side,
)
from .counting import (
    pile as pile,
)
from .counting import (
    pile_half_points as pile_half_points,
)
from .counting import (
    score_of as score_of,
)
from .counting import (
    target_of as target_of,
)
from .judging import (
    judge as judge,
)
from .judging import (
    kept_work as kept_work,
)
from .judging import (
    right_answers as right_answers,
)
from .plays import (
    legal_cards as legal_cards,
)
from .plays import (
    trick_winner as trick_winner,
)
from .plays import (
    why_legal as why_legal,
)
from .positions import (
    Records as Records,
)
from .positions import (
    Table as Table,
)
from .positions import (
    bidding_table as bidding_table,
)
from .positions import (
    playout_table as playout_table,
)
from .positions import (
    record_table as record_table,
)
from .positions import (
    table_for as table_for,
)
from .positions import (
    taker_table as taker_table,
)
from .positions import (
    trick_table as trick_table,
)
from .positions import (
    worth_table as worth_table,
)
from .words import (
    CONTRACT_NAMES as CONTRACT_NAMES,
)
from .words import (
    KINDS as KINDS,
)
from .words import (
    NAMES as NAMES,
)
from .words import (
    SIDE_NAMES as SIDE_NAMES,
)
from .words import (
    WATCHED_NAMES as WATCHED_NAMES,
)
from .words import (
    ExerciseError as ExerciseError,
)
from .words import (
    Verdict as Verdict,
)
from .words import (
    contract_name as contract_name,
)
from .words import (
    contract_noun as contract_noun,
)
from .words import (
    readable as readable,
)
from .words import (
    say as say,
)
from .words import (
    say_all as say_all,
)
from .worth import (
    hand_judgement as hand_judgement,
)
