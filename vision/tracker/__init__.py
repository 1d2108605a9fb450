"""Visible states over time -> engine observations (or questions for the players).

The tracker **commits** a state only when it has been the same for ``stable_s`` seconds and
at least ``min_frames`` frames, so a card in mid-air or an arm over the table never counts.
Each change between commits is explained as ONE observation by trying every single move
the change could be - a hand play, a play from one of a seat's stacks, a collect at a
seat - on its own model of the table, and keeping those whose result looks exactly like
the new state:

- exactly one fits: it is the observation (a joker landing also asks for the wish);
- the new state only *lacks* cards the model expects (an arm covers a stack, the camera
  went dark): nothing is decided; the state is held until the cards come back, and after
  ``hold_s`` a :class:`Question` asks the players. Once a place has been hidden
  ``unsure_s``, a move elsewhere that explains everything else is read all the same (the
  game goes on around a cup on a stack, or a stack whose history the tracker has wrong);
  its alerts are told as unsure, as a move at the hidden place may have gone unseen;
- several fit, or none: a :class:`Question` listing the candidate explanations; the
  tracker then takes the table as it now is (the players answer through the referee).
  A stack top gone from its seat as a card lands on the discard is a play from that stack
  when the discard's reading gives that card a share (a misread of the card moved).

Two moves leave the tops' names as they were, so the tracker also watches where cards lie:

- a **lift**: a stack shows the card under its top - the top is in a hand on its way to the
  discard, so nothing is decided until it lands (if the stack stays that way ``lift_s``,
  a twin of the card below was collected onto it);
- a **twin on its twin** (a red-3 on the red-3): the top reads the same but lies elsewhere
  (moved or turned, :meth:`Pile.moved_from`) - a move, if a copy of that card is still
  unseen; a pile merely nudged otherwise. A twin laid squarely is invisible; the session
  asks about it when the next seat moves out of turn - or takes it as laid when a card with
  that top's face showed over or beside it meanwhile (:attr:`Tracker.touched`). At the
  seat to move, a twin seen carried in beside the top and gone into it is laid at once
  (:meth:`Tracker._brought_onto_twin`).

Round start: the first committed state with exactly one discard card and empty collections.
Round end: after :meth:`Tracker.expect_reveal` (the referee said the round is over), the
face-up cards laid at each seat, once settled for ``reveal_s``, are the reveal. An end the
referee only counted (no hand cards left, nothing to draw) can be wrong after a missed
move: if a new card then settles on the discard, the round goes on (:class:`Resumed`) and
that change is decoded as a move like any other.

>>> from vision.table_view import Pile, VisibleState, pile_order
>>> from engine.cards import Card
>>> tr = Tracker(players=2)
>>> s = VisibleState(Pile(Card.parse("red-3"), (Card.parse("red-3"),)), ((), ()))
>>> [str(o.observation) for t in (0.0, 0.2, 0.5) for o in tr.update(s, t)]
['round starts: discard red-3']
"""

from vision.tracker.events import (
    BY_TOP,
    Decoded,
    Misread,
    Phase,
    Question,
    Recoloured,
    Resumed,
    TrackerEvent,
)
from vision.tracker.model import Key, Place, TableModel, TrackedCard, TrackedStack
from vision.tracker.tracker import Tracker

__all__ = ["BY_TOP", "Decoded", "Key", "Misread", "Phase", "Place", "Question", "Recoloured",
           "Resumed", "TableModel", "TrackedCard", "TrackedStack", "Tracker", "TrackerEvent"]
