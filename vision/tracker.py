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

from __future__ import annotations

import copy
import dataclasses
import enum
import math
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

import numpy as np

from engine.cards import Card, Colour, copies_in_deck
from engine.moves import Move, Source
from engine.observations import Observation, Played, RoundOver, RoundStarted
from engine.violations import Rule
from vision.bridge import GAP_S
from vision.card_priors import (
    beside_own_stacks,
    into_collection,
    onto_discard,
    possible,
    read_card,
    twin,
)
from vision.table_view import STATE_CONFIDENCE, SURE_FACE, Pile, VisibleState, pile_order


class Phase(enum.Enum):
    WAITING = "waiting"  # for a round to start
    PLAYING = "playing"
    REVEAL = "reveal"  # the round is over: waiting for the hands laid face up


# the rules a wrong discard top may undo: what fits it decides them, or (whose turn it was)
# a card laid on it unseen - not a covered card played, a joker collected, a wrong stack
BY_TOP = frozenset({Rule.FORCED_PLAY, Rule.COLLECT_FITTING, Rule.DISCARD_NOT_FITTING,
                    Rule.WISH_UNSERVED, Rule.OUT_OF_TURN})


@dataclass(frozen=True)
class Decoded:
    """One observation the table showed, with the reading notes behind it."""

    observation: Observation
    timestamp: float
    state: VisibleState
    wish_needed: bool = False
    notes: tuple[str, ...] = ()
    read: float | None = None  # how surely the moved card was read (None: not read here)
    unsure: str | None = None  # why the table it is judged on may be wrong (alerts unsure)
    unsure_of: frozenset[Rule] | None = None  # the rules that doubt touches (None: all)
    # an earlier hand play of this card came from under this move's stack top (seat, colour)
    covered: tuple[int, Colour, Card] | None = None
    paired: bool = False  # one of two moves read from one change (an inference already)


@dataclass(frozen=True)
class Question:
    """A change the tracker will not guess: the players say what happened."""

    text: str
    candidates: tuple[Observation, ...]
    timestamp: float
    state: VisibleState
    before: VisibleState | None = None


@dataclass(frozen=True)
class Misread:
    """The table went back to how it was before the last question: that change was a
    misread, and the tracker takes back what it assumed when it asked - or before the last
    move (``taken_back``: that move, a hand play that was the old top misread)."""

    text: str
    timestamp: float
    state: VisibleState
    taken_back: Played | None = None


@dataclass(frozen=True)
class _LastLaid:
    """A hand play onto the discard, or a collect onto a stack, and the table before it (it
    may be taken back)."""

    move: Played
    model: TableModel
    under: Pile  # the card it was laid on, as it lay (the discard top, or the stack's top)
    at: float
    played: Pile | None = None  # a hand play: the discard pile as read with it on it


@dataclass(frozen=True)
class Resumed:
    """A card was played after the referee's count had ended the round: the count was
    wrong (a move missed or misread), and the tracker follows the round on."""

    text: str
    timestamp: float
    state: VisibleState


@dataclass(frozen=True)
class Recoloured:
    """A lone card starting a stack, read for seconds since as its kin colour's card
    (pink for red, red for pink) far more than as what it was taken for: it is that card,
    and its stack that colour's (the session corrects the collect and the model)."""

    seat: int
    was: Card
    now: Card
    timestamp: float
    frames: int


TrackerEvent = Decoded | Question | Misread | Resumed | Recoloured


@dataclass
class TrackedCard:
    card: Card  # what the referee was told
    seen_as: Card  # what the camera reads (differs when a prior changed the reading)
    # on the discard: the other cards read surely there as it landed (see Tracker.landed;
    # None until the move that laid it is committed)
    glimpsed: frozenset[Card] | None = None


@dataclass
class TrackedStack:
    colour: Colour  # the referee's key for this stack
    cards: list[TrackedCard]
    centre: tuple[float, float]
    size: float

    @property
    def top(self) -> TrackedCard:
        return self.cards[-1]


Key = tuple[Card | None, tuple[tuple[str, ...], ...]]
Place = tuple[int, Colour] | None  # a seat's stack, or (None) the discard
_T = TypeVar("_T")


@dataclass
class TableModel:
    """What the tracker believes lies on the table (mirrors the referee's public round)."""

    discard: list[TrackedCard] = field(default_factory=list)
    stacks: list[list[TrackedStack]] = field(default_factory=list)

    def seen(self) -> Counter[Card]:
        count = Counter(t.card for t in self.discard)
        for seat in self.stacks:
            for st in seat:
                count.update(t.card for t in st.cards)
        return count

    def key(self) -> Key:
        top = self.discard[-1].seen_as if self.discard else None
        return top, tuple(tuple(sorted(str(s.top.seen_as) for s in seat))
                          for seat in self.stacks)

    def stack_at(self, seat: int, centre: tuple[float, float], size: float
                 ) -> TrackedStack | None:
        """The stack of ``seat`` lying under a card centred at ``centre`` (within half a card)."""
        best, best_d = None, 0.5 * size
        for st in self.stacks[seat]:
            d = _apart(st.centre, centre)
            if d <= best_d:
                best, best_d = st, d
        return best

    def stack_of(self, seat: int | None, colour: Colour | None) -> TrackedStack | None:
        """The stack of ``seat`` with that colour key, if the model holds one."""
        stacks = self.stacks[seat] if seat is not None else []
        return next((s for s in stacks if s.colour is colour), None)

    def apply(self, seat: int | None, move: Move, seen_as: Card, pile: Pile | None) -> None:
        if move.source is Source.HAND:
            self.discard.append(TrackedCard(move.card, seen_as))
        elif move.source is Source.STACK:
            st = self.stack_of(seat, move.stack)
            assert seat is not None and st is not None
            k = next((i for i in range(len(st.cards) - 1, -1, -1)  # the top, or a covered card
                      if st.cards[i].card == move.card), len(st.cards) - 1)
            self.discard.append(st.cards.pop(k))
            if not st.cards:
                self.stacks[seat].remove(st)
        else:
            assert seat is not None and move.stack is not None
            found = self.stack_of(seat, move.stack)
            centre = pile.centre if pile else (0.0, 0.0)
            if found is None:
                found = TrackedStack(move.stack, [], centre, pile.size if pile else 0.0)
                self.stacks[seat].append(found)
            found.cards.append(TrackedCard(move.card, seen_as))
            if pile is not None:
                found.centre = centre


def _faces(cards: Sequence[TrackedCard]) -> set[Card]:
    """Each card's face, as taken and as read."""
    return {c.card for c in cards} | {c.seen_as for c in cards}


def _apart(a: tuple[float, float], b: tuple[float, float]) -> float:
    """How far apart two centres lie, in pixels."""
    return float(np.hypot(a[0] - b[0], a[1] - b[1]))


def _distance_to_same(m: TableModel, seat: int, pile: Pile) -> float:
    """How far a pile is from the seat's known stack with the same top (new cards are far)."""
    same = [s for s in m.stacks[seat] if s.top.seen_as == pile.top]
    if not same:
        return float("inf")
    return min(_apart(s.centre, pile.centre) for s in same)


def _top_key(seat: int, st: TrackedStack) -> tuple[int, Colour, Card, int]:
    """A stack's top as laid: a card laid on it or played from it is a new top."""
    return seat, st.colour, st.top.seen_as, len(st.cards)


def _on(st: TrackedStack, pile: Pile) -> bool:
    """The pile lies on the stack: its centre within half a card of the stack's."""
    return _apart(pile.centre, st.centre) <= 0.5 * (st.size or pile.size or 1.0)


# the discard cards under its top that can peek out as it is hidden (see _under_top); a card
# lies where one did when its box is this close (card diagonals) and turned this little
UNDER_TOP = 2
# a top whose box's centre lies this close (card diagonals) to a card's under it covers that
# card's middle: that card is not read whole where it lay while the top is there
COVERS_MIDDLE = 0.2
# a card read surely landing in one frame counts as the card played when its box there was
# at least this share of the box read unsurely since (see Tracker._landed_instead)
ONCE_WHOLE = 0.95
SAME_PLACE = 0.05
SAME_KIN_PLACE = 0.08  # a card read as its kin here lies where it does
SAME_TURN = 5.0
# a discard face read with this share or more in every frame is read steadily (_steady)
STEADY_SHARE = 0.4


def _lies_as(a: Pile, b: Pile, apart: float = 1.0) -> bool:
    """``a``'s box lies where ``b``'s did, within ``apart`` times a still card's wander."""
    return a.shifted_from(b) <= apart * SAME_PLACE and a.turned_from(b) <= apart * SAME_TURN

# two unsure readings of the discard top in one place are one card read otherwise when their
# boxes are this alike in size (11208: 69-94 px; a part of a card boxed at two thirds of it,
# then the whole card boxed, is a card laid there: tests/vision/test_tracker.py)
FLICKER_SIZE = 0.7
# a twin coming down onto its twin on the discard is read this many card diagonals off it
# in some frames (13002 at 44 s: 0.43 and 0.17, then on it); a still top's box, < 0.05
TWIN_OFF = 0.15


def _nearest_on(stacks: Sequence[TrackedStack], pile: Pile) -> TrackedStack | None:
    """The stack the pile lies on, the nearest where it lies on two side by side."""
    on = [st for st in stacks if _on(st, pile)]
    return min(on, key=lambda st: _apart(pile.centre, st.centre), default=None)


def _off_other_stacks(piles: Sequence[Pile], stacks: Sequence[TrackedStack], face: Card
                      ) -> list[Pile]:
    """The piles not lying on a stack whose top is another face than ``face``."""
    return [p for p in piles
            if (st := _nearest_on(stacks, p)) is None or st.top.seen_as == face]


def _in_place(st: TrackedStack, pile: Pile) -> bool:
    """``pile`` shows the stack's top where the stack lies."""
    return (pile.top == st.top.seen_as
            and _apart(pile.centre, st.centre) < 0.5 * (st.size or pile.size or 1.0))


def _still_shows(st: TrackedStack, piles: Sequence[Pile], new: Pile) -> bool:
    """The stack's top still lies where the stack is, a pile of its own beside ``new``."""
    reach = 0.5 * (st.size or new.size)
    return any(p is not new and p.top == st.top.seen_as
               and _apart(p.centre, st.centre) < reach
               for p in piles)


def _in_deck(m: TableModel, before: TableModel) -> bool:
    """No card lies on the table more often than the deck has it - or than ``before`` had
    it: a copy too many from an earlier misread is not the new moves' doing (10606: a
    covered card taken for a hand play left three green-5s, and every pair of moves after
    was refused)."""
    was = before.seen()
    return all(n <= max(copies_in_deck(card), was[card]) for card, n in m.seen().items())


def _gives(pile: Pile, card: Card, share: float) -> bool:
    """The pile's reading gives ``card`` at least ``share``."""
    return _share(pile, card) >= share


def _kin(read: Card, card: Card) -> bool:
    """A reading that could be ``card`` misread in its value: the same colour."""
    return card.colour is not None and read.colour is card.colour


def _read_as_landed(c: _Candidate, landed: Sequence[Card], how: str) -> _Candidate | None:
    """``c``, a play read from a box astride two cards or round part of one, read as the one
    card of ``landed`` (None unless exactly one); ``how`` says why, ``{}`` for that card."""
    if len(landed) != 1:
        return None
    note = (f"{c.seen_as} was read ({c.pile.confidence if c.pile else 0:.2f}) from a box "
            f"astride two cards or round part of one; {how.format(landed[0])}: read as "
            f"{landed[0]}")
    return dataclasses.replace(c, seat=None, move=Move.hand(landed[0]),
                               notes=(*c.notes, note), misread=True)


def _share(pile: Pile, card: Card) -> float:
    """The share the pile's reading gives ``card`` (0 if none)."""
    return next((p for a, p in pile.alternatives if a == card), 0.0)


def _twin_stays(c: _Candidate, after: TableModel) -> bool:
    """A play from a stack whose top ``after`` it has the card's face: nothing at the stack
    shows it."""
    if c.seat is None or c.move.source is not Source.STACK:
        return False
    st = after.stack_of(c.seat, c.move.stack)
    return st is not None and bool(st.cards) and st.top.card == c.move.card


def _copies(piles: Sequence[Pile], card: Card) -> int:
    """How many cards with ``card``'s face the camera reads in ``piles`` (in each, the top
    and the cards peeking out under it; a part of a card boxed again is none)."""
    return sum(max(int(p.top == card), p.whole_cards.count(card)) for p in piles)


def _key(state: VisibleState) -> Key:
    return state.discard_top, tuple(tuple(sorted(str(c) for c in state.tops(k)))
                                    for k in range(len(state.seats)))


def _covers(full: Key, part: Key) -> bool:
    """``part`` is ``full`` with some cards hidden (an arm, a hand, a dark frame)."""
    if part[0] is not None and part[0] != full[0]:
        return False
    return all(not (Counter(p) - Counter(f)) for f, p in zip(full[1], part[1], strict=True))


@dataclass
class _Candidate:
    seat: int | None
    move: Move
    seen_as: Card
    pile: Pile | None
    notes: tuple[str, ...] = ()
    misread: bool = False  # the camera reads the card moved as another (waits unsure_s)

    @property
    def observation(self) -> Played:
        return Played(self.seat, self.move)

    @property
    def wish_needed(self) -> bool:
        return self.move.to_discard and self.move.card.is_joker

    covered: tuple[int, Colour, Card] | None = None  # see Decoded.covered

    def decoded(self, t: float, state: VisibleState, *notes: str) -> Decoded:
        return Decoded(self.observation, t, state, wish_needed=self.wish_needed,
                       notes=(*self.notes, *notes),
                       read=self.pile.confidence if self.pile is not None else None,
                       covered=self.covered)


def _top_played(seat: int, st: TrackedStack) -> _Candidate:
    """``st``'s top played to the discard, unseen there (covered by a later card)."""
    return _Candidate(seat, Move.from_stack(st.top.card, st.colour), st.top.seen_as, None)


class Tracker:
    """Feed it one :class:`VisibleState` per frame with :meth:`update`."""

    def __init__(self, players: int, stable_s: float = 0.4, min_frames: int = 3,
                 hold_s: float = 5.0, reveal_s: float = 2.0, lift_s: float = 2.5,
                 unsure_s: float = 1.2, sticky: float = 0.15,
                 reveal_wait_s: float = 8.0, start_ask_s: float = 1.0,
                 close: float = 0.5, transit_s: float = 0.9, twin_s: float = 0.8,
                 still_s: float = 1.0, back_s: float = 1.5,
                 astride_s: float = 3.0, arm_s: float = 1.2) -> None:
        self.players = players
        # a stack top gone while the discard pile, topped by its twin, lies still: an arm
        # over the stack for less than arm_s, more often than the twin laid squarely
        self.arm_s = arm_s
        # a card that fits the discard, read still at a seat: it may be on its way there in a
        # hand that paused (a collect of it breaks a rule): it must lie transit_s first
        self.transit_s = transit_s
        # a top that reads the same but lies elsewhere, still for twin_s: its twin laid on it
        self.twin_s = twin_s
        # does a card fit the discard now (None: unknown)? The session hands in its referee's
        self.fits_discard: Callable[[Card], bool | None] | None = None
        # a reading that breaks a rule gives way to one this close that keeps them
        self.close = close
        self.start_ask_s = start_ask_s
        # whose turn it is (the session hands in its referee's): orders two moves seen at once
        self.to_move: Callable[[], int | None] | None = None
        # the seats whose zone lies within so many pixels of a point (the session hands in
        # its calibration's): a new stack on the edge of the seat to move is that seat's
        self.seats_near: Callable[[tuple[float, float], float], set[int]] | None = None
        self.edge = 0.5  # ... within this many card diagonals of that seat's zone
        self.told_confidence = 0.5  # a reading this sure overrides what the players named
        # a card read surely at a seat off its stacks, then not at all, is looked for closer
        # this long after it was last read (see lost_cards)
        self.lost_s = 2.0
        self._loose_seen: list[tuple[int, Pile, float]] = []  # seat, card there, when
        # a new discard read below unsure_read that gives the old top drift_share or more
        # waits unsure_s: it may be the old card read otherwise for a moment
        self.unsure_read, self.drift_share = 0.5, 0.05
        # a box whose centre moved at most near_shift card diagonals lies where the other did
        self.near_shift = 0.08
        # ... at most still_shift: on the spot (a still card's box wanders < 3 px)
        self.still_shift = 0.04
        # a stack top boxed this much larger, lying where it lay, after its twin was read
        # beside it: the twin laid on it (see _moved)
        self.twin_grow = 1.05
        # ... or whose box is below part_of of the old top's size, turned at most part_turn
        self.part_of, self.part_turn = 0.85, 15.0
        # ... read below part_read: it may be a part of the top read otherwise (_maybe_same)
        self.part_read = 0.7
        self.part_shift = 0.1  # ... a stack top's part lies this close (card diagonals)
        # a second pile with a stack top's face counts as its twin beside it (a hand there)
        # when read this surely (see _same_face_nearby)
        self.beside_read = 0.4
        # a stack top gone from its seat as a new discard card landed whose reading gives it
        # left_share or more, or reads its colour (the top read surely before): it was
        # played from there and is misread on the discard
        self.left_share = 0.05
        self._unsure_start: tuple[float, Pile] | None = None  # since when, and where
        self._asked_start = False
        self._told: TrackedCard | None = None  # a discard top the players named
        self.reveal_wait_s = reveal_wait_s
        self._reveal_counts: list[int] | None = None
        # the latest reveal read, min_frames or more, with as many cards as the counts
        self._full_reveal: VisibleState | None = None
        self._reveal_since: float | None = None
        self._counted_end = False  # the reveal is awaited because the referee counted an end
        self._marked_at: float | None = None  # when the players ended the round by hand
        self.sticky = sticky
        self.lift_s, self.unsure_s = lift_s, unsure_s
        self.stable_s, self.min_frames, self.hold_s, self.reveal_s = (
            stable_s, min_frames, hold_s, reveal_s)
        self.phase = Phase.WAITING
        self.model = TableModel(stacks=[[] for _ in range(players)])
        self.committed: VisibleState | None = None
        self._candidate: VisibleState | None = None
        self._since = 0.0
        self._landed_at = 0.0  # when the discard top last changed (a card landed there)
        # the discard tops committed lately, as they lay then (where a card under the top lies)
        self._laid: list[Pile] = []
        # where a card under the top peeks out: read there (not where it lay when laid), the
        # top read surely in place after it - since the top was laid (see _under_top)
        self._peeks: list[Pile] = []
        self._peek_tries: list[Pile] = []  # ... read there, the top not read since
        # the discard pile as it lay just after a card landed on it (settle_s after the move
        # was committed): each place its top's face was read then (see _twin)
        self.settle_s = 1.0
        self.flicker_off = 0.25  # card diagonals between boxes of one card read two ways
        self._settled: list[Pile] = []
        self._discard_count, self._laid_at, self._now = 0, 0.0, 0.0
        self._moved_at = 0.0  # when the last move was read
        # each face the discard showed since the last card landed: its first box, and when
        self._first_box: dict[Card, tuple[Pile, float]] = {}
        self._came_in: set[Card] = set()  # ... read elsewhere on the discard since the commit
        self._read_since = 0.0
        # since when the discard's top has lain still (its box steady from frame to frame)
        self._still_since = 0.0
        self._last_discard: Pile | None = None
        # the discard pile in the frame before its top last read otherwise (None: none),
        # and in the first frame it read so
        self._read_after: Pile | None = None
        self._read_first: Pile | None = None
        self.still_s = still_s
        self._unexplained_since: float | None = None  # the table first read unexplained
        self._frames = 0
        self._top_back_frames = 0  # frames running the committed top read surely, whole
        self._wander_weight: Counter[Card] = Counter()  # the candidate's discard faces, summed
        self._held_since: float | None = None
        self._held_meanwhile = False  # ... at some time since the last move was read
        self._asked_hold = False
        self._asked: TableModel | None = None  # the model before the last question's rebase
        self._last_laid: _LastLaid | None = None  # the last move, if laid so (back_s)
        # the old top seen again where it lay within back_s of a hand play onto it: that
        # play was the old top misread
        self.back_s = back_s
        # a discard face read steadily this long is a card laid (see _steady)
        self.steady_s = 2.0
        self._steady_read: tuple[Card | None, float] = (None, 0.0)  # that face, since when
        # the discard out of sight this long before a card lands on it: what it was laid on
        # is unsure (a card the camera cannot find may lie there)
        self.blind_s = 2.5
        # a hand play read unsurely from a box astride two cards waits this long (from when
        # it was first read so) for the card itself, unless a card was seen landing
        self.astride_s = astride_s
        # the play waited out so (candidate, model after it, the table it was read on)
        self._astride_wait: tuple[_Candidate, TableModel, VisibleState] | None = None
        # a known stack top read unsurely that drops out of a frame is kept this long
        self.fill_s = 0.6
        self._unsure_tops: dict[tuple[int, Colour], tuple[float, Pile]] = {}
        self._hidden: set[Place] = set()  # places an arm hides now
        # known cards were hidden a while and then seen again as before, the discard pile
        # not seen in a frame, or a stack's top seen moved from its place and then played
        # (lifted by a hand), at least once: this camera sees the players' hands (a source
        # of true cards, with no hands, never does: its cards jump from place to place)
        self.hands_seen = False
        self._missing_since: dict[Place, float] = {}  # since when each hidden place is
        self._touched: set[Place] = set()  # places hidden, then seen again unchanged
        self._twin_frames: Counter[Place] = Counter()  # frames a twin showed near a top
        self._discard_twin_at: list[float] = []  # ... when, for the discard's top
        # a card landing on the discard moves the old top's box as it covers it: the frames
        # of a twin there this long before the new card is read are its arrival
        self.arrival_s = 0.6
        self._beside_frames: Counter[Place] = Counter()  # ... as a second pile beside it
        self._beside_at: dict[Place, float] = {}  # ... when last so
        # a twin read beside its stack top, then gone into it this long before the table
        # settled as it was: laid on it (see _brought_onto_twin)
        self.brought_s = 1.0
        self._twin_held_frames: Counter[Place] = Counter()  # ... read surely, off the stack
        # (or carried nearer the stack: how near it was read so far, and by how much more)
        self._twin_near: dict[Place, float] = {}
        self.carry_step = 0.25
        self._carried_frames: Counter[Place] = Counter()  # ... frames carried nearer so
        self._twin_last: dict[Place, float] = {}  # ... how near it was read last
        # a top taken for another face, read right at once this near it (card diagonals),
        # is that top (_read_right_at_once)
        self.right_near = 0.5
        # discard tops read since the last commit, and in how many frames
        self._discard_face_frames: Counter[Card] = Counter()
        self._discard_faces_sure: set[Card] = set()  # ... read surely (unsure_read)
        self._read_frames: Counter[Card] = Counter()  # ... frames each was read (as it lay)
        self._read_at: dict[Card, list[float]] = {}  # ... each time it was read
        self._still_box: dict[Card, tuple[Pile, float]] = {}  # ... its last box, still since
        self._still_read: dict[Card, float] = {}  # ... how surely it was read there at best
        self._discard_lost = False  # ... a frame showed no discard pile (a hand over it)
        # the referee reshuffled the discard pile under its top since the last move: the top
        # was lifted off the pile and laid back, wherever it lies now
        self._squared = False
        self._landed_frames: Counter[Card] = Counter()  # ... read surely (>= unsure_read)
        # ... its face read surely (SURE_FACE), however unsure the box, and when first so
        self._face_frames: Counter[Card] = Counter()
        self._face_first: dict[Card, float] = {}
        self._landed_first: dict[Card, float] = {}  # ... first so when
        # ... faces of those read from a box over TWIN_OFF card diagonals off the committed
        # top's: a card coming down, not the still top misread where it lies
        self._came_down: set[Card] = set()
        self._twin_landed_frames = 0  # ... the top's face read surely, moved: a twin landing
        self._top_moved_frames = 0  # ... read surely, lying elsewhere (moved or turned)
        self._loose_frames: Counter[int] = Counter()  # frames the top's twin lay at a seat
        # frames a card held under a stack's top lay there in its place (pulled out)
        self._pulled_frames: Counter[tuple[int, Colour, Card]] = Counter()
        self._first_seen: dict[tuple[int, Card], tuple[float, float]] = {}  # ... at a seat
        self._seat_reads: Counter[tuple[int, Card]] = Counter()  # ... frames read surely so
        # a lone stack card's readings since it lies there: (seat, card) -> frames, the sum
        # of its own share and of its kin colour's card's share
        self._kin_reads: dict[tuple[int, Card], tuple[int, float, float]] = {}
        self._kin_told: set[tuple[int, Card]] = set()  # ... once each
        # faces a stack's top was read as, lying still, then read as itself again (by top)
        self._misreads: dict[tuple[int, Colour, Card, int], set[Card]] = {}
        self._misread_since: dict[tuple[int, Colour, Card, int], set[Card]] = {}  # ... not yet
        # ... such a face read off that stack since the last move (a card of it in a hand)
        self._brought: set[tuple[tuple[int, Colour, Card, int], Card]] = set()
        self.kin_frames = 20  # frames of readings before the kin card can win (2 s at 10/s)
        self.kin_margin = 0.1  # ... by this much of a share, on average
        self.touch_frames = 2  # frames of a twin beside its twin that count as a hand there
        self.pull_step = 0.25  # card sizes a covered card moves beside its top: pulled out
        # a collect out of turn first read on the top's very place waits this long (a top
        # misread under a hand reads right again within it: 15907, 0.6 s)
        self.in_place_s = 0.8
        # the places touched between the last two commits (a hand there, and no move seen)
        self.touched: frozenset[Place] = frozenset()
        # of those, the stacks where a second card with the top's face lay beside the top
        self.twin_beside: frozenset[Place] = frozenset()
        # ... read surely (``held_read``), off the stack (a twin in a hand, not a misread)
        self.twin_held: frozenset[Place] = frozenset()
        self.held_read = 0.7
        self.discard_faces: frozenset[Card] = frozenset()  # read on the discard meanwhile
        # ... surely, or in touch_frames frames or more (a card coming down may misread the
        # one under it, unsurely, for a frame)
        self.discard_faces_firm: frozenset[Card] = frozenset()
        # of those, the ones read surely in touch_frames frames or more, other than the top
        self.landed: frozenset[Card] = frozenset()
        # ... and those read surely in one frame or more (a card coming down, then hidden)
        self.landed_in_a_frame: frozenset[Card] = frozenset()
        # when each card read surely on the discard meanwhile was first read so
        self.landed_first: dict[Card, float] = {}
        # the seats where the card of the last move, a hand play, was read (surely) before it
        # landed: the hand that played it (empty: not seen so, or another move)
        self.hand_from: frozenset[int] = frozenset()
        # seats where a loose card with the discard top's face lay meanwhile (in a hand)
        self.top_in_hand: frozenset[int] = frozenset()

    # -- what the session reads ------------------------------------------------------------
    @property
    def wants_reveal(self) -> bool:
        """Read states with ``reveal=True`` (the round is over)."""
        return self.phase is Phase.REVEAL

    @property
    def reveal_counts(self) -> list[int] | None:
        """How many cards each seat's reveal should show (the referee's count), if known."""
        return list(self._reveal_counts) if self._reveal_counts is not None else None

    @property
    def reveal_shown(self) -> bool:
        """The round is over and a hand card lies face up (a reveal is being laid)."""
        c = self._candidate
        return self.phase is Phase.REVEAL and c is not None and any(c.reveals or ())

    @property
    def holding(self) -> bool:
        """A stable state is being held because cards are hidden."""
        return self._held_since is not None

    def stack_faces(self) -> tuple[tuple[frozenset[Card], ...], ...]:
        """Each seat's stack tops as the faces the camera may read them as (for reading a
        reveal): as it read them, or as the tracker took them (11310 at 149 s: seat 1's
        pink-5, read red-5 as it was collected and taken for pink-5, read pink-5 in the
        reveal - and counted as a hand card, 5 points lost)."""
        return tuple(tuple(frozenset({s.top.seen_as, s.top.card}) for s in seat)
                     for seat in self.model.stacks)

    def expect_reveal(self, counts: Sequence[int] | None = None, counted: bool = False
                      ) -> None:
        """The round is over (the referee said so, or the players): read the reveal next.
        ``counts``: how many cards each seat holds (the referee counts them), so a reveal
        with a card not yet read is waited for (up to ``reveal_wait_s``). ``counted``: only
        the referee's count says so (not the players): a card then played on the discard
        means the round goes on. Said again while the reveal is awaited: ``counts`` anew
        (the last card, read after the players' end, went to the referee)."""
        self._full_reveal = None
        if self.phase is Phase.PLAYING:
            self.phase = Phase.REVEAL
            self._candidate = None
            self._reveal_counts = list(counts) if counts is not None else None
            self._reveal_since = None
            self._counted_end = counted
            self._marked_at = None if counted else self._now
        elif self.phase is Phase.REVEAL:
            if counts is not None:
                self._reveal_counts = list(counts)
            if not counted:
                self._counted_end = False  # the players confirm it

    # -- the one verb ----------------------------------------------------------------------
    def update(self, state: VisibleState, t: float) -> list[TrackerEvent]:
        recoloured = self._kin_read(state, t) if self.phase is Phase.PLAYING else []
        return [*recoloured, *self._update(state, t)]

    def _update(self, state: VisibleState, t: float) -> list[TrackerEvent]:
        self._now = t
        if self.phase is Phase.PLAYING:
            self._note_peeks(state.discard)
            if self._under_top(state.discard):
                state = dataclasses.replace(state, discard=None)  # its top hidden by a hand
        last, self._last_discard = self._last_discard, state.discard
        d = state.discard
        face = d.top if d is not None and _share(d, d.top) >= STEADY_SHARE else None
        if face is None or face != self._steady_read[0]:
            self._steady_read = (face, t)
        if state.discard is not None and (last is None or last.top != state.discard.top):
            self._read_after, self._read_first = last, state.discard
        if self.phase is Phase.PLAYING:
            self._misread_face_laid(state.discard)
            raw, state = state, self._known(self._filled(state, t))
            self._note_misreads(raw)
            near = self._same_face_nearby(state)[0]
            self._twin_frames.update(near)
            if None in near:
                self._discard_twin_at.append(t)
                self._twin_landed_frames += self._twin_landing(raw.discard)
            self._top_moved_frames += self._top_moved(raw.discard)
            # a second pile beside a top as the camera read it (not as the tracker knows it:
            # a misread card in a hand may be "known" as the top)
            beside = self._same_face_nearby(raw)[1]
            self._beside_frames.update(beside)
            self._beside_at.update(dict.fromkeys(beside, t))
            carried = self._twin_carried(raw)
            self._carried_frames.update(carried)
            self._twin_held_frames.update(self._twin_held(raw) | carried)
            piles = [s.discard for s in (raw, state) if s.discard]
            self._discard_face_frames.update({p.top for p in piles})
            self._discard_faces_sure.update(p.top for p in piles
                                            if p.confidence >= self.unsure_read)
            self._settling(raw.discard, t)
            self._top_back(raw.discard)
            if raw.discard is None or last is None or raw.discard.jitters_from(last):
                self._still_since = t
            if raw.discard is None:
                self._discard_lost = True
                self.hands_seen = self.hands_seen or bool(self.model.discard)
            else:
                self._read_frames[raw.discard.top] += 1
                if _share(raw.discard, raw.discard.top) >= SURE_FACE:
                    self._face_frames[raw.discard.top] += 1
                    self._face_first.setdefault(raw.discard.top, t)
                self._read_at.setdefault(raw.discard.top, []).append(t)
                box = self._still_box.get(raw.discard.top)
                if box is None or raw.discard.jitters_from(box[0]):
                    self._still_box[raw.discard.top] = (raw.discard, t)
                    self._still_read[raw.discard.top] = 0.0
                self._still_read[raw.discard.top] = max(self._still_read[raw.discard.top],
                                                        raw.discard.confidence)
            if (raw.discard is not None and raw.discard.confidence >= self.unsure_read
                    and not self._top_misread_in_place(raw.discard)):
                self._landed_frames[raw.discard.top] += 1
                self._landed_first.setdefault(raw.discard.top, t)
                top = self.committed.discard if self.committed is not None else None
                if top is not None and raw.discard.shifted_from(top) > TWIN_OFF:
                    self._came_down.add(raw.discard.top)
            self._loose_frames.update(self._top_in_hand(raw))
            for seat, piles in enumerate(raw.seats):
                for p in piles:
                    if p.confidence >= self.unsure_read:
                        self._first_seen.setdefault((seat, p.top), p.centre)
                        self._seat_reads[seat, p.top] += 1
            self._pulled_frames.update(self._pulled(raw))
            self._note_loose(raw, t)
        was, last = self.committed, self._candidate
        if self.phase is Phase.PLAYING and was is not None and self._wanders_from_committed(
                was, state, t):
            # the committed top read otherwise as unsurely: no new card (the seats may have
            # changed meanwhile: they are read as they are)
            state = dataclasses.replace(state, discard=was.discard)
        if last is not None and state.seats == last.seats and self._wanders(
                last.discard, state.discard) and self._top_at(None) not in (
                state.discard_top, last.discard_top):
            # the same table: its new discard card read unsurely, otherwise - not the old
            # top read again (11209 at 52 s: a green-4 read 0.73 as it landed, then read as
            # the green-1 under it at 0.28; 10808 at 113 s: the green-3 read green-0 at 0.3
            # for 0.6 s under a hand, then green-3 at 0.25) - read as the face weighed most
            # over the wandering (13003 at 134.5 s: a yellow-2 read 0.40-0.45 as it landed,
            # then pink-2 at 0.25 for three frames, a card in a hand over it)
            if self.phase is Phase.PLAYING:
                state = self._weighed(state, last)
            self._candidate = state
            self._frames += 1
        elif state != self._candidate or (self._candidate is not None
                                           and state.moved_tops(self._candidate)):
            if state != self._candidate and not self._shows_again(state):
                self._read_since = t  # the tops read otherwise (not only moved)
            self._candidate, self._since, self._frames = state, t, 1
            self._wander_weight = Counter()
            self._weighed(state, None)
        else:
            self._frames += 1
            self._weighed(state, None)
        if (self.phase is Phase.REVEAL and self._frames >= self.min_frames
                and self._reveals_counted(state)):
            self._full_reveal = state
        played = self._played_after_end(state) if self.phase is Phase.REVEAL else None
        needed = self.reveal_s if self.phase is Phase.REVEAL and not played else self.stable_s
        if self._frames < self.min_frames or t - self._since < needed - 1e-9:
            return []
        if played:
            return self._resume(played, t)
        if self.phase is Phase.REVEAL:
            return self._reveal(state, t)
        if state == self.committed and self.phase is Phase.PLAYING and (
                _key(state) != self.model.key()):
            return self._hold(state, t)  # moves were read around cards still hidden
        if state == self.committed:
            self._astride_wait = None  # what was read astride flickered back: no play
            if self._held_since is not None:  # the hidden cards are back as they were
                self._back_as_before()
            # nothing stays hidden: a card landing later was not landing unseen (13906 at
            # 62.8 s: the discard out of sight 0.6 s, then read as before for 2 s, made the
            # out-of-turn play on it "out of sight 3 s before it", not an alert)
            self._held_since, self._hidden, self._missing_since = None, set(), {}
            self._unexplained_since = None
            if self.phase is Phase.WAITING:
                return self._ask_start(state, t)
            settled = t - self._since >= self.twin_s - 1e-9  # an arm may rest on it a while
            moved = self._moved(state) if self.phase is Phase.PLAYING and settled else []
            if self.phase is Phase.PLAYING and settled and not moved:
                brought = self._brought_onto_twin(state)
                return self._twin(state, brought, t, brought=True) if brought else []
            return self._twin(state, moved, t) if moved else []
        if self.phase is Phase.WAITING:
            return self._maybe_start(state, t)
        return self._decode(state, t)

    def lost_cards(self, state: VisibleState) -> list[tuple[int, Pile]]:
        """Cards read at a seat within ``lost_s`` (see :meth:`_note_loose`) that ``state``
        shows no card near: the finder may have lost them where they lie (13302 at 48.4 s: a
        yellow-1 collected onto a yellow cloth, read 0.81 as it came down, then found at
        0.04-0.12 only - the collect was lost, and the next seat's move taken as out of
        turn). The session looks closer for them."""
        if self.phase is not Phase.PLAYING:
            return []
        return [(seat, p) for seat, p, _ in self._loose_seen
                if seat < len(state.seats) and not any(
                    _apart(q.centre, p.centre) <= 0.5 * p.size for q in state.seats[seat])]

    def _note_loose(self, raw: VisibleState, t: float) -> None:
        """Each card read surely at a seat where no stack of it lies, and each read below
        ``unsure_read`` (a closer look's) where such a card was: when, and where (for
        :meth:`lost_cards`); a card read where one of its face was is that one. Kept
        ``lost_s``; one found last by a closer look only (below the table view's threshold),
        for as long as it tops a stack there: an arm over it for 2 s lost it for good (13109
        at 104 s: seat 0's pink-1, found only by closer looks, then hidden by the arm that
        laid the other pink-1 from the hand - read as played from the stack)."""
        kept = []
        for seat, p, at in self._loose_seen:
            st = self.model.stack_at(seat, p.centre, p.size)
            if t - at <= self.lost_s + 1e-9 or p.confidence < STATE_CONFIDENCE and (
                    st is not None and st.top.seen_as == p.top):
                kept.append((seat, p, at))
        for seat, piles in enumerate(raw.seats):
            for p in piles:
                k = next((k for k, (s, q, _) in enumerate(kept) if s == seat
                          and q.top == p.top and _apart(q.centre, p.centre) <= 0.5 * p.size),
                         None)
                if p.confidence >= self.unsure_read and self.model.stack_at(
                        seat, p.centre, p.size) is None or (
                        p.confidence < self.unsure_read and k is not None):
                    entry = (seat, p, t)
                    if k is None:
                        kept.append(entry)
                    else:
                        kept[k] = entry
        self._loose_seen = kept

    def finish_reveal(self, t: float) -> list[TrackerEvent]:
        """The players say all hands are laid down: read the reveal from the latest state -
        or, if that lacks cards the referee counts (and shows no hand with more), from the
        latest that held them all
        (13701 at 157 s: seat 0's fanned yellow-1, read under its green-1 for 1.2 s, then
        not at all until the recording ended; the round was scored without it)."""
        if self.phase is not Phase.REVEAL or self._candidate is None:
            return []
        state, want = self._candidate, self._reveal_counts
        shown = [len(r) for r in state.reveals or ()]
        if (self._full_reveal is not None and want is not None and len(shown) == len(want)
                and shown != want and all(n <= w for n, w in zip(shown, want, strict=True))):
            state = self._full_reveal  # (a hand showing more than counted: the count is off)
        return self._reveal(state, t, force=True)

    def _reveals_counted(self, state: VisibleState) -> bool:
        """``state``'s reveals hold as many cards as the referee counts in each hand."""
        want = self._reveal_counts
        return (state.reveals is not None and want is not None
                and [len(r) for r in state.reveals] == want)

    # -- phases ----------------------------------------------------------------------------
    def _commit(self, state: VisibleState, moved: bool = True, moves: int = 1,
                seat: int | None = None, rebased: bool = False) -> None:
        """``moved``: ``moves`` moves were read (what showed since the last one is snapshot
        for the session and starts anew - but when they were read late, two or more at once
        or after cards were held hidden, a hand at the stacks of the seat to move after them
        is kept for its turn: see :meth:`_next_seat_s`); not after a nudge or hidden cards
        seen back as they were, which keep what showed meanwhile for the next move.
        ``seat``: the seat of the last of them, when it names one."""
        arrival = self._arrival(state) if moved else set()
        late = moves > 1 or self._held_meanwhile  # read late: the table hidden a while
        kept = self._next_seat_s(moves, seat) if moved and late else []
        if self.committed is not None and state.discard is not None and (
                self.committed.discard is None
                or state.discard.top != self.committed.discard.top):
            self._landed_at = self._since
            # the top and the cards under it - the round's first card too, once a move laid
            # a card on it (16003 at 23.6 s: the green-3 under the joker, read where it lay
            # while the joker's box was lost, was taken as the other green-3); not a top
            # taken as the table shows it after a question (it may be a misread)
            under = self._laid[-UNDER_TOP:] or ([self.committed.discard] if not rebased
                                                else [])
            self._laid = [*under, state.discard]
            self._peeks, self._peek_tries = [], []
        if moved and len(self.model.discard) > self._discard_count and state.discard:
            self._laid_at, self._settled = self._now, [state.discard]  # a card landed there
            self._first_box.clear()
        self._discard_count = len(self.model.discard)
        self.committed = state
        self._astride_wait = None
        self._held_since, self._asked_hold = None, False
        self._unexplained_since = None
        if moved:
            self._moved_at = self._now
            self._held_meanwhile = False
            self._last_laid = None
            self._squared = False
            self.hand_from = frozenset()
            self.touched = frozenset(self._touched | (self._often(self._twin_frames)
                                                      - arrival))
            self.twin_beside = self._often(self._beside_frames)
            self.twin_held = self._often(self._twin_held_frames)
            self.discard_faces = frozenset(self._discard_face_frames)
            self.discard_faces_firm = frozenset(
                self._often(self._discard_face_frames) | self._discard_faces_sure)
            kin = self._top_kin_in_place(state.discard)
            self.landed, self.landed_in_a_frame = (self._landed_since() - kin,
                                                   self.landed_once - kin)
            self.landed_first = dict(self._landed_first)
            self._landed_first.clear()
            if self.model.discard and self.model.discard[-1].glimpsed is None:
                self.model.discard[-1].glimpsed = self.landed  # a card landed on the discard
            self.top_in_hand = self._often(self._loose_frames)
            self._touched = set()
            self._twin_near.clear()
            self._twin_last.clear()
            self._beside_at.clear()
            for frames in (self._twin_frames, self._carried_frames, self._beside_frames,
                           self._twin_held_frames, self._loose_frames,
                           self._landed_frames, self._read_frames, self._pulled_frames,
                           self._face_frames):
                frames.clear()
            for frames, places in kept:
                frames.update(places)
            # ... and not told with these moves (as laid before them, out of turn)
            gone = {p for _, places in kept for p in places}
            self.touched, self.twin_beside, self.twin_held = (
                x - gone for x in (self.touched, self.twin_beside, self.twin_held))
            self._face_first.clear()
            self._discard_face_frames.clear()
            self._discard_faces_sure.clear()
            self._came_down.clear()
            self._read_at.clear()
            self._still_box.clear()
            self._still_read.clear()
            live = {_top_key(seat, st) for seat, stacks in enumerate(self.model.stacks)
                    for st in stacks}
            for misreads in (self._misreads, self._misread_since):
                for key in misreads.keys() - live:
                    del misreads[key]
            self._brought.clear()
            self._came_in.clear()
            self._discard_twin_at.clear()
            self._twin_landed_frames = self._top_moved_frames = 0
            self._discard_lost = False
            self._first_seen.clear()
            self._seat_reads.clear()
        self._hidden = set()
        self._missing_since = {}
        for seat, piles in enumerate(state.seats):  # stacks follow their cards when nudged
            self._follow(self.model.stacks[seat], piles)

    def _next_seat_s(self, moves: int, seat: int | None
                     ) -> list[tuple[Counter[Place], Counter[Place]]]:
        """Of the frames that showed a hand at a stack (its twin over or beside it), those at
        the stacks of the seat to move once ``moves`` moves are read - the seat after
        ``seat``, the last one's, or else ``moves`` seats after the seat to move now (hand
        plays name no seat) - unless that is the seat to move now (a seat jumped in: what
        its hand did goes with these moves). Moves read late (the table hidden a while) may
        be read after the next seat's hand was there already (14905 at 164.5 s: seat 3's
        second blue-0 read coming in beside its blue-0 and laid squarely on it, while seats
        1 and 2's collects waited out a hidden table; read after them, and the sight with
        them, the hand over the discard in seat 3's turn was taken for the rainbow joker's
        twin laid - a phantom play, the collect lost; 15007 at 154.6 s: seat 1's second
        pink-2 laid on its pink-2 while seat 0's blue-3, played under an arm, waited to be
        read - taken for a twin laid out of turn before it, a phantom move and a false
        alert)."""
        k = self._turn()
        if seat is None and k is None:
            return []
        nxt = (seat + 1 if seat is not None else k + moves) % self.players
        if nxt == k:
            return []  # the seat to move now: its sight goes with these moves (a jump-in)
        return [(frames, Counter({p: n for p, n in frames.items()
                                  if p is not None and p[0] == nxt}))
                for frames in (self._twin_frames, self._beside_frames)]

    @staticmethod
    def _follow(stacks: Sequence[TrackedStack], piles: Sequence[Pile]) -> None:
        """Each stack takes the place of a pile reading its top, the closest pairs first and
        each pile once: two stacks read alike (a pink-1 taken for the red-1 it read as, and a
        red-1) keep their own places (13201 at 166 s: the pink stack jumped onto the red
        one, and the pink-1 read right later lay on no stack)."""
        pairs = sorted(((_apart(st.centre, p.centre), i, j) for i, st in enumerate(stacks)
                        for j, p in enumerate(piles) if st.top.seen_as == p.top),
                       key=lambda x: x[0])
        done_stacks: set[int] = set()
        done_piles: set[int] = set()
        for _, i, j in pairs:
            if i in done_stacks or j in done_piles:
                continue
            done_stacks.add(i)
            done_piles.add(j)
            stacks[i].centre, stacks[i].size = piles[j].centre, piles[j].size or stacks[i].size

    def _maybe_start(self, state: VisibleState, t: float) -> list[TrackerEvent]:
        self.committed = state
        if state.discard is None or len(state.discard.cards) != 1:
            return self._ask_start(state, t)
        collected = state.collected
        if collected > 1:
            return self._ask_start(state, t)
        # one card collected already (the first move came before the first card was read
        # surely): the round started with the discard card, then that card was collected
        bare = dataclasses.replace(state, seats=tuple(() for _ in state.seats))
        card = state.discard.top
        self._start(TrackedCard(card, card), bare)
        started: list[TrackerEvent] = [Decoded(RoundStarted(card), t, bare)]
        return started + (self._decode(state, t) if collected else [])

    def _start(self, first: TrackedCard, state: VisibleState) -> None:
        self.model = TableModel([first], [[] for _ in range(self.players)])
        self.phase = Phase.PLAYING
        self._unsure_start, self._asked_start = None, False
        self._kin_reads.clear()
        self._kin_told.clear()
        self._misreads.clear()
        self._misread_since.clear()
        self._loose_seen.clear()
        self._commit(state)

    def _ask_start(self, state: VisibleState, t: float) -> list[TrackerEvent]:
        """A single card lies in the discard zone of a table whose collections are empty
        (or hold no more cards than there are seats: the first moves came before the card
        was read) but is read too unsurely to start the round: after ``start_ask_s`` ask the
        players which card it is (a round started on a guess would be wrong throughout)."""
        u = state.unsure_discard
        if state.discard is not None or state.collected > self.players or u is None:
            self._unsure_start, self._asked_start = None, False
            return []
        if len(u.cards) != 1:
            return []
        if self._unsure_start is None or u.moved_from(self._unsure_start[1]):
            self._unsure_start = (t, u)  # a card that moves is still in a hand
            return []
        if self._asked_start or t - self._unsure_start[0] < self.start_ask_s - 1e-9:
            return []
        self._asked_start = True
        guess = ", ".join(f"{c} {p:.0%}" for c, p in u.alternatives) or str(u.top)
        return [Question(f"a round seems to start, but the first discard card cannot be read "
                         f"for sure ({guess}): which card is it?",
                         tuple(RoundStarted(c) for c, _ in u.alternatives), t, state)]

    def start_told(self, card: Card, state: VisibleState | None = None) -> None:
        """The players say the round started with ``card`` on the discard (an answer, or
        entered by hand): follow the round from ``state`` (the table when the question was
        asked; by default as it now lies), with that card on top wherever the camera reads
        a card there, however unsurely (see :meth:`_known`)."""
        state = state or self._candidate or self.committed or VisibleState(
            None, tuple(() for _ in range(self.players)))
        first = TrackedCard(card, card)
        place = state.discard or state.unsure_discard
        told = place.read_as(card) if place else Pile(card, (card,))
        # cards collected before the round started are its first moves: seen next update
        bare = tuple(() for _ in state.seats)
        self._start(first, dataclasses.replace(state, discard=told, unsure_discard=None,
                                               seats=bare))
        self._told = first

    def _played_after_end(self, state: VisibleState) -> VisibleState | None:
        """The referee counted the round over, yet a new card lies on the discard: the table
        read as in play (or None). Not a card read unsurely just where the last top lies
        from the first frame it read so, straight after the last top (as read or as known) or
        another unsure reading was read there: that is the last top misread (11005 at 79 s:
        a blue-2 read blue-3 at 0.25 for a second, during the reveal; 11309 at 173 s: a
        square box on a red-2 read red-0, blue-0, pink-0), and taking it for a play loses the
        round's reveal. A card laid is seen landing: its first frames lie aside, or read
        surely (10603 at 81 s: a blue-0 laid on the blue-1 read 0.73 18 px off, then 0.33
        where the blue-1 lay). After the players' end, only the last card of the round, laid
        before they said so and still being read then (see :meth:`_laid_before_end`)."""
        if not self.model.discard:
            return None
        known = self._known(dataclasses.replace(state, reveals=None))
        d = known.discard
        if d is None or d.top == self.model.discard[-1].seen_as:
            return None
        if not self._counted_end and not self._laid_before_end(d):
            return None
        was = self.committed.discard if self.committed is not None else None
        now, before, first = state.discard, self._read_after, self._read_first
        if (now is not None and was is not None and first is not None and before is not None
                and (before.top in (was.top, self.model.discard[-1].card)
                     or before.confidence < self.unsure_read
                     and before.shifted_from(was) <= self.near_shift)
                and first.top == now.top
                and max(now.confidence, first.confidence) < self.unsure_read
                and max(now.shifted_from(was), first.shifted_from(was)) <= self.near_shift):
            return None  # (its box's turn and size say little: such boxes are odd shapes)
        return known

    def _laid_before_end(self, d: Pile) -> bool:
        """``d``, a new card on the discard after the players ended the round, was read
        surely there before they did, and is read surely now: the round's last card, not
        yet taken when they said so (13403 at 91 s: the last yellow-4 laid squarely on the
        yellow-5, boxed square, waited out as the yellow-5 read otherwise - the players ended
        the round 1.2 s after it was let go, and the play was lost)."""
        first = self._landed_first.get(d.top)
        return (self._marked_at is not None and first is not None
                and first <= self._marked_at and d.confidence >= self.unsure_read)

    def _resume(self, state: VisibleState, t: float) -> list[TrackerEvent]:
        if not self._counted_end and self.committed is not None and state.discard:
            # the players' end came while the round's last card was being read: that card
            # is a hand play (it emptied a hand; the referee's count then ends the round),
            # read since it landed; the cards laid face up since are no moves
            marked, counts = self._marked_at, self._reveal_counts
            last = dataclasses.replace(self.committed, discard=state.discard)
            self.phase, self._candidate = Phase.PLAYING, last
            self._read_since = min(self._read_since,
                                   self._landed_first.get(state.discard.top, math.inf))
            out = self._decode(last, t)
            if self.phase is Phase.PLAYING:  # the end stands
                self.expect_reveal(counts)
                self._marked_at = -math.inf if out else marked  # said: no second try
            return out
        self.phase, self._counted_end = Phase.PLAYING, False
        self._candidate = state
        text = (f"{state.discard_top} was played after the count said the round is over: a "
                "move was missed or misread before; the round goes on")
        return [Resumed(text, t, state), *self._decode(state, t)]

    def _reveal(self, state: VisibleState, t: float, force: bool = False) -> list[TrackerEvent]:
        reveals = state.reveals or ()
        if not force and not any(reveals):
            return []
        if self._reveal_since is None:
            self._reveal_since = t
        if (not force and self._reveal_counts is not None and not self._reveals_counted(state)
                and t - self._reveal_since < self.reveal_wait_s):
            return []  # a card of the reveal is not read yet (covered, or a misread)
        self.phase = Phase.WAITING
        self.committed = state
        obs = RoundOver({k: cards for k, cards in enumerate(reveals) if cards})
        return [Decoded(obs, t, state)]

    # -- decoding a change -----------------------------------------------------------------
    def _candidates(self, state: VisibleState, model: TableModel | None = None
                    ) -> list[_Candidate]:
        m = model or self.model
        out: list[_Candidate] = []
        d = state.discard
        old_top = m.discard[-1] if m.discard else None
        if d is not None and (old_top is None or d.top != old_top.seen_as):
            covered = self._came_from_under(state, d.top) if model is None else None
            if covered is not None:  # a covered card left a stack as it landed here
                seat, st, tc, note = covered
                out.append(_Candidate(seat, Move.from_stack(tc.card, st.colour), d.top, d,
                                      (note,)))
            else:
                card, notes = read_card(d.top, d.alternatives, m.seen(),
                                        onto_discard(old_top.card if old_top else None),
                                        self.close)
                out.append(_Candidate(None, Move.hand(card), d.top, d, notes))
                under = (self._third_copy_under(state, d.top, bent=card != d.top)
                         if model is None else None)
                if under is not None:
                    out.append(_Candidate(under[0], Move.from_stack(d.top, under[1]), d.top, d,
                                          (f"a third {d.top} would lie on the table, and seat "
                                           f"{under[0]}'s {under[1].value} stack holds one "
                                           "under its top: played from there",)))
        if d is not None:  # a stack top now on the discard (maybe onto its twin: no change)
            for seat, stacks in enumerate(m.stacks):
                for st in stacks:
                    # or onto its twin that the discard misreads, read the same way
                    misread = st.top.seen_as != d.top and old_top is not None and (
                        st.top.card == old_top.card != d.top == old_top.seen_as)
                    # (or read as the card it was taken as: 15607 at 64.1 s, a pink-5 read
                    # red-5 on its stack, pink-5 on the discard)
                    if st.top.seen_as == d.top or st.top.card == d.top or misread:
                        note = (f"{st.top.card} left seat {seat}'s {st.colour.value} stack "
                                f"onto its twin on the discard, read {d.top} there: the same "
                                "card",) if misread else ()
                        out.append(_Candidate(seat, Move.from_stack(st.top.card, st.colour),
                                              d.top, d, note, misread=misread))
        if d is not None and old_top is not None and d.top != old_top.seen_as:
            out += self._left_stack(state, d, m)
        for seat, piles in enumerate(state.seats):
            added = Counter(str(p.top) for p in piles) - Counter(
                str(s.top.seen_as) for s in m.stacks[seat])
            for name in added:
                pile = max((p for p in piles if str(p.top) == name),
                           key=lambda p: _distance_to_same(m, seat, p))
                near = under = m.stack_at(seat, pile.centre, pile.size)
                if under is not None and _still_shows(under, piles, pile):
                    under = None  # laid beside that stack, overlapping it: a new stack
                top = m.discard[-1].card if m.discard else None
                card, notes = read_card(
                    pile.top, pile.alternatives, m.seen(),
                    into_collection(top, under.colour if under else None), self.close,
                    impossible=None if near is not None else beside_own_stacks(
                        seat, (st.colour for st in m.stacks[seat])))
                kin = self._kin_brought(seat, card, under, m)
                if kin is not None:
                    card, notes = kin, (*notes, (
                        f"{pile.top} on seat {seat}'s {kin.colour} stack was read {kin} "
                        f"surely at that seat since the last move: read as {kin}"))
                if under is not None:
                    stack = under.colour
                elif card.colour is not None:
                    stack = card.colour
                else:  # a joker on no stack: name the stack its covered cards show
                    stack = pile.stack_colour or next(iter(Colour))
                out.append(_Candidate(seat, Move.collect(card, stack), pile.top, pile, notes))
        return out

    def _kin_brought(self, seat: int, card: Card, under: TrackedStack | None,
                     m: TableModel) -> Card | None:
        """``card``, read collected onto ``under`` (of the other of red and pink), was read
        surely as its kin - a card of the stack's colour - at that seat (``touch_frames``
        frames or more since the last move): it is that kin, read the other colour where it
        lies (14701 at 49 s: seat 2's red-4 read 0.75-0.89 on its way and as it landed on
        its red-5, then pink-4 at 0.75 on it - a pink-4 on the red stack, two false
        alerts). Only where a copy of the kin is left, and not the stack's top itself: its
        own readings say nothing of the card laid on it (14403 at 131.5 s: a red-0 laid on a
        pink-0 is a wrong-stack collect)."""
        kin = twin(card)
        if (under is None or kin is None or kin.colour != under.colour
                or kin in (under.top.card, under.top.seen_as)
                or self._seat_reads[seat, kin] < self.touch_frames
                or not possible(kin, m.seen())):
            return None
        return kin

    def _wanders(self, then: Pile | None, now: Pile | None) -> bool:
        """``now`` is the discard pile ``then`` read as another face, below ``unsure_read``
        in both, in one place: one card whose reading wanders between unsure faces, not a
        card laid (11208 at 107 s: seat 3's blue-4 played onto the blue-3, boxed square with
        it and read blue-5, blue-1 and blue-4 at 0.25 in turn for 5 s - never still long
        enough to be read; the next two moves piled up meanwhile and became one question)."""
        if then is None or now is None or now.top == then.top:
            return False
        big = max(now.size, then.size, 1.0)
        return (max(now.confidence, then.confidence) < self.unsure_read
                and _apart(now.centre, then.centre) <= 0.25 * big
                and min(now.size, then.size) >= FLICKER_SIZE * big)  # not a part, then whole

    def _weighed(self, state: VisibleState, last: VisibleState | None) -> VisibleState:
        """Add ``state``'s discard reading to the weight of its face over the candidate's
        readings; with ``last`` (the candidate, its top read otherwise): ``state`` with the
        discard pile of the face weighed most so far, the later one on a tie."""
        d = state.discard
        if d is not None:
            self._wander_weight[d.top] += d.confidence
        if (last is None or last.discard is None or d is None
                or self._wander_weight[last.discard.top] <= self._wander_weight[d.top]):
            return state
        return dataclasses.replace(state, discard=last.discard)

    def _wanders_from_committed(self, was: VisibleState, state: VisibleState, t: float
                                ) -> bool:
        """``state``'s discard top is the committed one (``was``) read otherwise as unsurely
        (see :meth:`_wanders`; 11208 at 108-112 s: the blue-4 once read, then blue-5 and blue-1
        at 0.25 in turn, made two hand plays) - unless the pile was out of sight a frame
        since (a hand laid a card: 10909 at 62 s, a pink-4 read red-4 at 0.25-0.39 on a
        pink-0 read red-0 at 0.3-0.4), or the reading is of a card read surely on the
        discard before or since the last move (11209 at 52 s: a green-4 read 0.73 as it
        landed on a green-1 read 0.3, then green-0 at 0.28; 10909 at 65 s: a pink-1 read
        red-1 at 0.54 as it landed, just before the move under it was read)."""
        if self._discard_lost or state.discard is None or self._steady(state.discard, t):
            return False
        return (self._wanders(was.discard, state.discard) and not self._landed_since()
                and state.discard.top not in self.landed
                and not self._left_its_stack(state.discard.top, state))

    def _left_its_stack(self, face: Card, state: VisibleState) -> bool:
        """A stack top is gone from its seat in ``state`` that ``face`` may be (as read or
        taken, or its kin: red and pink, the same value): a reading of ``face`` on the
        discard is that card played, not the old top wandering (14908 at 102.6-104.4 s:
        seat 1's pink-2, taken as red-2 when collected, read red-2 / pink-2 at 0.45 on the
        discard as it left its stack, was taken for the red-3 read otherwise)."""
        return any(face in (st.top.seen_as, st.top.card, twin(st.top.seen_as))
                   and st.top.seen_as not in state.tops(seat)
                   for seat, stacks in enumerate(self.model.stacks) for st in stacks)

    def _misread_face_laid(self, d: Pile | None) -> None:
        """The discard top was taken as another card than the camera read it as, from an
        unsure reading round part of it (below ``unsure_read``), and ``d`` reads that face
        surely from a whole card's box where it lay: a card of that face laid on it. The
        committed top, and the top as read, become the card taken, so ``d`` is a change
        (14005 at 104.5 s: a blue-2 read surely as it landed, then blue-0 at 0.25 from a
        box of 0.8 of its size, was taken as blue-2; the blue-0 laid on it, read 0.7, was
        that blue-2 read again - a move missed and two phantom plays)."""
        if self.committed is None or d is None or not self.model.discard:
            return
        was, top = self.committed.discard, self.model.discard[-1]
        if (was is None or d.top != was.top or top.seen_as != d.top or top.card == d.top
                or was.confidence >= self.unsure_read or d.confidence < self.unsure_read
                or d.size * self.part_of < was.size):
            return
        self.committed = dataclasses.replace(self.committed, discard=was.read_as(top.card))
        top.seen_as = top.card
        # its face's earlier readings were the top misread, not this card
        self._read_frames[d.top] = self._landed_frames[d.top]

    def _top_misread_in_place(self, d: Pile) -> bool:
        """``d`` reads another face than the committed discard top, both from a square box (no
        card's shape: part of a card), the boxes alike in size (within a tenth) and lying
        within ``SAME_PLACE`` card diagonals: the top's part misread, no card landed - a card
        laid on the top shows whole, or at least not exactly the top's part (14203 at
        128.4 s: the yellow-2's square box read yellow-0 at 0.5 for 0.5 s; 14205 at 218.5 s:
        the blue-2's read blue-0 at 0.62 for 1.1 s - each was then taken as a card laid
        unseen between the top and the next card, which fits both: a phantom play). A
        square box's angle tells little (these turned 7-9 degrees). Likewise the top's kin
        (red and pink, the same value) read from a whole box lying as the top's does (neither
        moved nor turned from it, :meth:`Pile.moved_from`): its colour misread in place - a
        card laid on it lies otherwise (15403 at 2-22 s: a still red-0 read pink-0 / red-0
        at 0.5-0.6 / 0.4-0.5 by turns; a twin's collect unseen meanwhile, the pink-0 was
        taken as laid there and misread since - a phantom play and a false out-of-turn
        alert)."""
        top = self.committed.discard if self.committed is not None else None
        if (top is None or d.top == top.top or d.shifted_from(top) > SAME_PLACE
                or not d.sized_like(top)):
            return False
        return (d.squarish and top.squarish
                or twin(d.top) == top.top and not d.squarish and not d.moved_from(top))

    def _top_back(self, d: Pile | None) -> None:
        """The committed top read surely, whole, ``min_frames`` frames running: what was read
        astride it meanwhile was a card in a hand over it, not a play waited out (13003 at
        133 s: a hand over the yellow-0 read pink-4 at 0.25, then the yellow-0 at 0.75 again;
        the pink-4 was taken as played once seat 3's yellow-2 came, emptying a hand). Nor did
        any other face read surely there meanwhile land: none counts as a card seen landing
        (15205 at 60 s: a hand over the blue-3 read blue-0 at 0.58-0.61 in four frames, then
        the blue-3 for 1.8 s; the green-3 laid next, boxed smaller than the blue-3, was taken
        for that blue-0 seen landing - a phantom blue-0 for the green-3)."""
        top = self.committed.discard if self.committed is not None else None
        if (d is None or top is None or d.top != top.top or d.squarish
                or d.confidence < self.unsure_read):
            self._top_back_frames = 0
            return
        self._top_back_frames += 1
        if self._top_back_frames >= self.min_frames:
            self._astride_wait = None
            for frames, first in ((self._landed_frames, self._landed_first),
                                  (self._face_frames, self._face_first)):
                for face in [f for f in frames if f != top.top]:
                    del frames[face]
                    first.pop(face, None)

    def _settling(self, d: Pile | None, t: float) -> None:
        """Keep each place the discard top's face is read within ``settle_s`` of a card
        landing: that is the pile as it lies (the card settling, a card of the same face under
        it peeking out), not a twin laid later (12806 at 71 s: a rainbow joker played onto
        another, crossing it; the camera read the top as one, then the other, by turns - two
        phantom jokers laid)."""
        if (d is None or not self.model.discard or t - self._laid_at > self.settle_s
                or d.top != self.model.discard[-1].seen_as):
            return
        if not any(_lies_as(d, p) for p in self._settled):
            self._settled.append(d)

    def _steady(self, d: Pile, t: float) -> bool:
        """The discard has read ``d``'s face, its face share ``STEADY_SHARE`` or more, in
        every frame for ``steady_s``: one face read steadily is a card laid, not one card's
        reading wandering (12604 at 99 s: a pink-2 laid on the pink-3, boxed square with it,
        read pink-2 at 0.4-0.48 (its face 0.5-0.56) for 6 s, the pink-3 read 0.39 when it
        was committed: no play, then a twin pink-3 laid unseen, and then the pink-2 again)."""
        face, since = self._steady_read
        return face == d.top and t - since >= self.steady_s - 1e-9

    def _under_top(self, d: Pile | None) -> bool:
        """``d`` is a card lying under the discard top (one of the ``UNDER_TOP`` cards below
        it), read where and as it lay when it was committed as the top, and nowhere else on
        the discard since the last commit, while the top was laid well aside of it: the top
        is hidden (a hand over it) and the card under it peeks out (12303 at 42 s: the
        green-1 on the discard hidden 1.2 s by the hand bringing a green-4, the green-5
        under it read at 0.7 meanwhile, 0.03 card diagonals and 2 degrees from where it lay
        - a phantom hand play, then an out-of-turn alert). A top laid where that card lay
        may be that card misread (see :meth:`_taken_back`); its twin laid anew is read on
        its way in (12508 at 83 s: a blue-5 read 0.23 and 0.11 card diagonals off the
        first blue-5's place, then lying 0.01 and 5 degrees from it). So too where it was read
        peeking out before (:meth:`_note_peeks`), whether or not it was read elsewhere."""
        if d is None or len(self._laid) < 2 or not self.model.discard:
            return False
        top = self._laid[-1]
        if d.top == top.top or top.top != self.model.discard[-1].seen_as:
            return False
        if d.top not in {c.seen_as for c in self.model.discard[-1 - UNDER_TOP:-1]}:
            return False
        if any(p.top == d.top and _lies_as(d, p) for p in self._peeks):
            return True
        laid = [p for p in self._laid[:-1] if p.top == d.top]
        if not any(_lies_as(d, p) for p in laid):
            self._came_in.add(d.top)
            self._peek_tries.append(d)
            return False
        # the top lies aside by its centre: a box on that card's spot, however turned, hides
        # it (15508 at 129.1 s: a hand bringing a green-3 over its twin left a box turned
        # 100 degrees, 0.09 card diagonals off, read green-0 - the green-3 read where it lay
        # again was that green-0 misread, not the card under it peeking out)
        # (15802 at 61.8 s: a hand over a pink-2 left a box of 0.7 of it, 0.16 card
        # diagonals off, read pink-0 at 0.41 - its middle is covered all the same)
        # - unless the top, a whole card read surely, was read with that card peeking out
        # under it: two cards (16003 at 23.6 s: a joker read 0.68 over the green-3, boxed its
        # size 0.19 card diagonals off it, the green-3 showing under it; the joker's box
        # lost, the green-3 read where it lay was taken as the other green-3 played - a
        # phantom and a false alert). Not a box read unsurely (15508's green-0 at 0.49)
        return d.top not in self._came_in and not any(
            top.shifted_from(p) <= COVERS_MIDDLE and not (
                d.top in top.cards[1:] and top.confidence >= self.unsure_read
                and top.size >= self.part_of * p.size)
            for p in laid)

    def _note_peeks(self, d: Pile | None) -> None:
        """The committed top read surely where it was laid: each place a card under it was
        read since (see :meth:`_under_top`) is where that card peeks out from under it -
        read there again, it is that card, not a twin laid (14802 at 95.2 s: the joker
        under the red-4 and red-3 read at 0.25-0.31 from its uncovered part, 0.3 card
        diagonals off where it lay when played, by turns with the red-3 for a second;
        then for 0.9 s while a hand brought the yellow-3 over the red-3 - a phantom joker
        played and an out-of-turn alert). A twin laid on the top lies over the top."""
        if (d is None or len(self._laid) < 2 or not self._peek_tries
                or d.top != self._laid[-1].top or d.confidence < self.unsure_read
                or not _lies_as(d, self._laid[-1])):
            return
        self._peeks.extend(self._peek_tries)
        self._peek_tries.clear()

    def _landed_since(self, least: int | None = None) -> frozenset[Card]:
        """Cards other than the committed top read surely on the discard since the last
        commit (in ``least``, by default ``touch_frames``, frames or more)."""
        top = self._top_at(None)
        return frozenset(c for c in self._often(self._landed_frames, least) if c != top)

    def _seen_coming_down(self) -> frozenset[Card]:
        """Of those, the cards seen landing: read surely in ``touch_frames`` frames, or in one
        with their face read surely (``SURE_FACE``) in as many."""
        return self._landed_since() | (self._landed_since(1) & self._often(self._face_frames))

    def _seat_on_edge(self, seat: int, pile: Pile) -> int | None:
        """The seat to move, when a card read at another seat, on no stack of it, lies within
        ``edge`` card diagonals of the seat to move's zone (None otherwise): seats are evenly
        spaced sectors, and a row of stacks can reach past its sector's edge (11210 at 113 s:
        seat 3's green-5 laid on the diagonal between seats 3 and 0). Not a card like one of
        that seat's stack tops lying near it (a twin laid on it, or that stack nudged) - one
        far from it is no twin of it (13105 at 150 s: seat 0's pink-0 collected on the
        diagonal to seat 3, 2.6 card diagonals from seat 3's pink-0 stack, was asked about).
        Nor a card first read since the last move at its own seat, off its stacks and beyond
        that reach: it came in from that seat's side (13904 at 83.5 s: seat 1's yellow-2,
        collected out of turn, carried in over seat 1's zone and laid on the edge to seat 2,
        was taken as seat 2's collect - a missed alert, a false one, and seat 2's stacks
        wrong for 3 more)."""
        k = self._turn()
        if k is None or k == seat or self.seats_near is None:
            return None
        size = pile.size or 0.0
        if any(st.top.seen_as == pile.top and _apart(st.centre, pile.centre) <= size
               for st in self.model.stacks[seat]):
            return None
        came = self._first_seen.get((seat, pile.top))
        if (came is not None and self.model.stack_at(seat, came, size) is None
                and k not in self.seats_near(came, self.edge * size)):
            return None
        return k if k in self.seats_near(pile.centre, self.edge * size) else None

    def _next_on_edge(self, state: VisibleState) -> VisibleState | None:
        """``state`` with the cards read at the seat to move, on no stack of it, within
        ``edge`` card diagonals of the next seat's zone, given to the next seat - for a pair
        of moves (:meth:`_pair`) whose second is a new stack laid on the edge between the two
        (13110 at 196 s: seat 1's green-2 played from its stack, then seat 2's blue-3 laid
        on the edge to seat 1, read in seat 1's sector: seat 1 moving twice, one question).
        None when there is no such card."""
        k = self._turn()
        if k is None or self.seats_near is None:
            return None
        nxt = (k + 1) % self.players
        edged = [p for p in state.seats[k]
                 if self.model.stack_at(k, p.centre, 0.5 * (p.size or 1.0)) is None
                 and nxt in self.seats_near(p.centre, self.edge * (p.size or 0.0))]
        if not edged:
            return None
        seats = [list(p) for p in state.seats]
        seats[k] = [p for p in seats[k] if all(p is not e for e in edged)]  # not by face
        seats[nxt] = sorted([*seats[nxt], *edged], key=pile_order)
        return dataclasses.replace(state, seats=tuple(tuple(p) for p in seats))

    def _left_stack(self, state: VisibleState, d: Pile, m: TableModel) -> list[_Candidate]:
        """Stack tops gone from their seat as a new card landed on the discard whose reading
        gives them a share: played from there, the discard misread (a blue-2 upside down read
        blue-0 at 0.39, blue-2 at 0.10, while seat 3's blue-2 stack showed the card below)."""
        out = []
        # the colour alone does not say it where a stack top reads as the discard does and
        # is gone from its seat (11704 at 130 s: seat 1's yellow-5, still there, did not
        # keep seat 3's yellow-0 from being read as the yellow card that landed at 0.25)
        colour_tells = not any(
            st.top.seen_as == d.top and d.top not in state.tops(seat)
            for seat, stacks in enumerate(m.stacks) for st in stacks)
        for seat, stacks in enumerate(m.stacks):
            shown = Counter(str(p.top) for p in state.seats[seat])
            for st in stacks:
                card = st.top.card
                if (d.top in (st.top.seen_as, card) or shown[str(st.top.seen_as)] >= sum(
                        s.top.seen_as == st.top.seen_as for s in stacks)
                        or not (_gives(d, card, self.left_share)
                                or colour_tells and _kin(d.top, card)
                                and self._read_surely(seat, st))):
                    continue
                note = (f"{card} left seat {seat}'s {st.colour.value} stack as a card landed "
                        f"on the discard read as {d.top}: read as {card}")
                out.append(_Candidate(seat, Move.from_stack(card, st.colour), d.top, d,
                                      (note,), misread=True))
        return out

    def _committed_top(self, seat: int, st: TrackedStack) -> Pile | None:
        """The pile showing the stack's top on it at the last commit (None: none)."""
        piles = self.committed.seats[seat] if self.committed is not None else ()
        return next((p for p in piles if p.top == st.top.seen_as and _on(st, p)), None)

    def _read_surely(self, seat: int, st: TrackedStack) -> bool:
        """The stack's top was read at ``unsure_read`` or more at the last commit: gone now,
        it left (a card read barely above the state's threshold drops out of a frame and
        back without moving)."""
        piles = self.committed.seats[seat] if self.committed is not None else ()
        return any(_in_place(st, p) and p.confidence >= self.unsure_read for p in piles)

    def _third_copy_under(self, state: VisibleState, card: Card, bent: bool
                          ) -> tuple[int, Colour] | None:
        """``card`` landed on the discard, but both copies lie on the table already, and
        the seat to move holds one under the top of exactly one of its stacks: it may have
        come from there (a covered card from a squared stack, where the camera cannot see
        it go: 10606 at 144 s). The candidate yields to a hand play that keeps the count.
        A stack top with that face that still shows where it lay was not played (12008 at
        145 s: the other pink-5 lay on seat 2's stack all along) - but then a reading the
        count could bend to another card (``bent``: a red-4 read where pink-4 is left) is
        that card misread, likelier than a cheat (11407 at 93 s)."""
        k = self._turn()
        if k is None or possible(card, self.model.seen()) or any(
                st.top.card == card
                and (seat == k or bent
                     or not any(_in_place(st, p) for p in state.seats[seat]))
                for seat, stacks in enumerate(self.model.stacks) for st in stacks):
            return None  # (a top with that face, gone or the mover's: a stack play)
        stacks = [st for st in self.model.stacks[k]
                  if any(c.card == card for c in st.cards[:-1])]
        return (k, stacks[0].colour) if len(stacks) == 1 else None

    def _pulled(self, raw: VisibleState) -> list[tuple[int, Colour, Card]]:
        """Cards read surely on or just beside a stack whose top does not show, that the
        stack holds under its top, and first seen (since the last move) on that stack: a
        covered card being pulled out (10709 at 114 s: a squared stack, where the card is
        not seen go from under the top, shows it in its top's place for 0.4 s; 10706 at
        56 s: there for a frame, then half a card aside). A card from a hand passing over
        the stack was seen at the seat before, on its way there (10305 at 83 s). Beside a
        top that shows, such a card counts once it has moved ``pull_step`` card sizes from
        where it was first seen: in a hand, leaving the stack (15905 at 104.3 s: a blue-2 in
        the blue-3's place for a frame, then drawn away from under it towards the discard),
        where a covered card peeking out of a fanned stack lies still."""
        out = []
        for seat, piles in enumerate(raw.seats):
            shown = {p.top for p in piles}
            for st in self.model.stacks[seat]:
                under = {c.seen_as for c in st.cards[:-1]} - {st.top.seen_as}
                if not under:
                    continue
                size = st.size or 1.0
                hidden = st.top.seen_as not in shown
                out += [(seat, st.colour, p.top) for p in piles
                        if p.top in under and p.confidence >= self.unsure_read
                        and _apart(p.centre, st.centre) <= size
                        and _apart(first := self._first_seen[seat, p.top],
                                   st.centre) <= 0.5 * size
                        and (hidden or _apart(p.centre, first) >= self.pull_step * size)]
        return out

    def _pulled_out(self, state: VisibleState, card: Card
                    ) -> tuple[int, TrackedStack, TrackedCard, str] | None:
        """The one stack that showed ``card`` (held under its top) in its top's place in
        ``touch_frames`` frames or more since the last commit and shows its top again: the
        card now on the discard was pulled out from under it (with the note saying so)."""
        found = []
        for seat, colour, c in self._often(self._pulled_frames):
            st = self.model.stack_of(seat, colour)
            if c != card or st is None:
                continue
            under = [t for t in st.cards[:-1] if t.seen_as == card]
            if not under or not any(p.top == st.top.seen_as for p in state.seats[seat]):
                continue  # (the stack may have changed since: a move read meanwhile)
            note = (f"{under[-1].card} lay on seat {seat}'s {colour.value} stack in place of "
                    "its top before it landed: pulled out from under it")
            found.append((seat, st, under[-1], note))
        return found[0] if len(found) == 1 else None

    def _came_from_under(self, state: VisibleState, card: Card
                         ) -> tuple[int, TrackedStack, TrackedCard, str] | None:
        """Where ``card``, now on the discard, came from under a stack's top: a fanned stack
        that no longer shows it (:meth:`_from_under`), or a squared one it was seen pulled
        out of (:meth:`_pulled_out`); None if neither."""
        return self._from_under(state, card) or self._pulled_out(state, card)

    def _from_under(self, state: VisibleState, card: Card
                    ) -> tuple[int, TrackedStack, TrackedCard, str] | None:
        """The one fanned stack that showed ``card`` under its top at the last commit and no
        longer does (its top unchanged): the card now on the discard came from there (with
        the note saying so)."""
        if self.committed is None:
            return None
        found = []
        for seat, (before, now) in enumerate(zip(self.committed.seats, state.seats,
                                                 strict=True)):
            for old in before:
                same = [p for p in now if p.top == old.top]
                if not same:
                    continue
                pile = min(same, key=lambda p: _apart(p.centre, old.centre))
                if Counter(old.cards[1:])[card] <= Counter(pile.cards[1:])[card]:
                    continue
                st = self.model.stack_at(seat, old.centre, old.size or 1.0)
                under = [c for c in st.cards[:-1] if c.seen_as == card] if st else []
                if st is not None and under:
                    found.append((seat, st, under[-1],
                                  f"{under[-1].card} is gone from under the top of seat "
                                  f"{seat}'s {st.colour.value} stack: played from there"))
        return found[0] if len(found) == 1 else None

    def _kin_read(self, raw: VisibleState, t: float) -> list[Recoloured]:
        """Each stack of one red or pink card, as the camera reads it in this frame: the
        shares of that card and of its kin (the same value in the other of the two colours)
        add up while it lies there. Once ``kin_frames`` frames give the kin card
        ``kin_margin`` more on average, and the seat has no stack of the kin colour and a
        copy of the kin card is left, the stack is re-read as the kin card's (10701 at 2 s:
        a pink-2 read red-2 at 0.49 to 0.45 in the 0.4 s it was committed, pink-2 at 0.55 to
        0.37 for the next 10 s)."""
        out = []
        for seat, piles in enumerate(raw.seats):
            for pile in piles:
                st = self.model.stack_at(seat, pile.centre, pile.size or 1.0)
                if st is None or len(st.cards) != 1 or st.top.seen_as != st.top.card:
                    continue
                card = st.top.card
                if (seat, card) in self._kin_told:
                    continue
                kin = twin(card)  # (None: not red or pink)
                if kin is None or kin.colour is None:
                    continue
                n, own, other = self._kin_reads.get((seat, card), (0, 0.0, 0.0))
                n, own, other = n + 1, own + _share(pile, card), other + _share(pile, kin)
                self._kin_reads[seat, card] = (n, own, other)
                if (n >= self.kin_frames and (other - own) / n >= self.kin_margin
                        and self.model.stack_of(seat, kin.colour) is None
                        and possible(kin, self.model.seen())):
                    self._kin_told.add((seat, card))
                    out.append(Recoloured(seat, card, kin, t, n))
        return out

    def kin_share(self, seat: int, card: Card) -> float | None:
        """How much of a share the camera gave the kin of ``card`` (the same value in the
        other of red and pink), against ``card``'s own, summed over the frames ``card`` lay
        alone starting a stack of ``seat`` (and over those it lay there read as that kin,
        before it was re-read). None: no such readings."""
        kin = twin(card)
        if kin is None:
            return None
        _, own, other = self._kin_reads.get((seat, card), (0, 0.0, 0.0))
        _, kin_own, kin_other = self._kin_reads.get((seat, kin), (0, 0.0, 0.0))
        total = own + kin_other
        if total <= 0:
            return None
        return (other + kin_own) / total

    def recolour(self, seat: int, was: Card, now: Card) -> None:
        """The referee was told that the ``was`` starting a stack of ``seat`` (alone there,
        or under the card just collected onto it) is ``now``, of the kin colour: so is its
        stack."""
        st = next((st for st in self.model.stacks[seat]
                   if len(st.cards) <= 2 and st.cards[0].card == was), None)
        if st is not None and now.colour is not None:
            st.colour = now.colour
            st.cards[0].card = now
            if len(st.cards) == 1:
                st.top.seen_as = now

    def _filled(self, state: VisibleState, t: float) -> VisibleState:
        """The frame with each known stack top that was read unsurely (below
        ``unsure_read``) within ``fill_s`` and shows nowhere near its place now put back as
        it was last read: a card read at 0.2-0.4 drops out of frames and back, and each
        drop would break the table's stability (11210 at 33-40 s: seat 3's yellow-0 came
        and went while three seats collected, and the three became one question). Not
        while the discard shows its face (it may have been played there)."""
        seats = [list(p) for p in state.seats]
        for seat, stacks in enumerate(self.model.stacks):
            for st in stacks:
                key = (seat, st.colour)
                near = [p for p in state.seats[seat] if _on(st, p)]
                here = [p for p in near if p.top == st.top.seen_as]
                if here:
                    best = max(here, key=lambda p: p.confidence)
                    if best.confidence < self.unsure_read:
                        self._unsure_tops[key] = (t, best)
                    else:
                        self._unsure_tops.pop(key, None)
                    continue
                last = self._unsure_tops.get(key)
                if last is None or t - last[0] > self.fill_s + 1e-9:
                    self._unsure_tops.pop(key, None)
                    continue
                if near or (state.discard is not None and state.discard.top == st.top.seen_as):
                    continue
                seats[seat].append(last[1])
        if all(len(a) == len(b) for a, b in zip(seats, state.seats, strict=True)):
            return state
        return dataclasses.replace(
            state, seats=tuple(tuple(sorted(p, key=pile_order)) for p in seats))

    def _came_down_as(self, face: Card) -> bool:
        """``face`` was read surely on the discard since the last move (in ``touch_frames``
        frames or more), once at least from a box off the committed top's: a card of it came
        down there."""
        return face in self._came_down and face in self._landed_since()

    def _known(self, state: VisibleState) -> VisibleState:
        """A card that still lies where a known top lay, and could be that card (its reading
        gives it ``sticky`` or more), is that card: a misread that flickers between two
        classes for seconds does not become a move. Not on the discard when its face was
        read surely there as a card came down since the last move, off the top's place
        (14402 at 108 s: seat 2's green-4, over its twin, read 0.77 coming down 0.23 card
        diagonals off the green-1, then boxed square at 0.25, its face 0.4 and green-1's
        0.15 - taken for the green-1, the play lost). Read surely where the top lies, it
        is the top misread still (14108 at 53.5 s: a red-4 taken as pink-4, read red-4 at
        0.5-0.7 in place for 0.7 s - a phantom play)."""
        def could_be(pile: Pile, card: Card) -> bool:
            return pile.top != card and _gives(pile, card, self.sticky)

        discard = state.discard
        old = self.committed.discard if self.committed else None
        if discard is not None:
            first = self._first_box.setdefault(discard.top, (discard, self._now))
            if discard.shifted_from(first[0]) > self.still_shift:
                self._first_box[discard.top] = (first[0], float("inf"))  # it moved
        # ... or the card known to lie there, taken for a misread of it, now read right
        right = (discard is not None and old is not None and bool(self.model.discard)
                 and discard.top == self.model.discard[-1].card != old.top)
        if (discard is not None and old is not None and self.model.discard
                and (could_be(discard, old.top) and not self._came_down_as(discard.top)
                     or right) and not discard.moved_from(old)):
            discard = discard.read_as(old.top)
        elif right and old is not None and self._read_right_at_once(discard, old):
            discard = old  # boxed otherwise too: the pile lies as it was
        elif discard is not None and old is not None and self._part_of_top(discard, old):
            discard = old  # part of the top laid last, misread: the pile lies as it was
        told = self._told is not None and bool(self.model.discard) and (
            self.model.discard[-1] is self._told)
        if told and old is not None:  # the players named it: any unsure reading there is it
            here = discard if discard is not None else state.unsure_discard
            if (here is not None and here.confidence < self.told_confidence
                    and not here.moved_from(old)):
                discard = here.read_as(old.top)
        seats: list[list[Pile]] = [[] for _ in state.seats]
        for seat, piles in enumerate(state.seats):
            for pile in piles:
                st = self.model.stack_at(seat, pile.centre, 0.5 * (pile.size or 1.0))
                if st is not None and (could_be(pile, st.top.seen_as)
                                       or self._kin_in_place(seat, pile, st)
                                       or self._misread_in_place(seat, pile, st)):
                    pile = pile.read_as(st.top.seen_as)
                by = self._seat_on_edge(seat, pile) if st is None else None
                seats[seat if by is None else by].append(pile)
        return dataclasses.replace(state, discard=discard,
                                   seats=tuple(tuple(sorted(p, key=pile_order)) for p in seats))

    def _read_right_at_once(self, d: Pile, old: Pile) -> bool:
        """``d``, read surely as the card the committed top ``old`` was taken as, within
        ``right_near`` card diagonals of it, came at once: in the frame before, the top lay
        as committed and read as then (no hand over it, no card on its way) - the top boxed
        and read right at last, not its twin laid, however its box turned (15610 at 62.1 s:
        the blue-4 taken for blue-3 from a box astride the pile, at 0.3 for 9 s, then boxed on its
        own 27 degrees turned and read blue-4 at 0.84 - a phantom hand play)."""
        before = self._read_after
        return (before is not None and before.top == old.top and not before.jitters_from(old)
                and d.confidence >= self.unsure_read and d.shifted_from(old) <= self.right_near)

    def _part_of_top(self, d: Pile, old: Pile) -> bool:
        """``d`` reads another card than ``old``, the top laid last, from a box round part of
        it (square, or below ``part_of`` of its size) whose centre lies within a quarter of a
        card of ``old``'s, while ``old``'s face is still read under it; first read so within
        ``settle_s`` of that top landing and lying still there since, no other card read
        surely there meanwhile: part of the top misread, not a card laid on it (13207 at
        47.1 s: a square box 0.12 card diagonals inside the red-2 laid 0.2 s before, the
        red-2 still read, read red-0 at 0.51 until the next card came: a phantom play, two
        false alerts)."""
        # when it was first read (_known records it; inf once it has moved since)
        first = self._first_box.get(d.top, (d, float("inf")))[1]
        return (d.top != old.top and old.top in d.cards[1:]
                and (d.squarish or d.size < self.part_of * old.size)
                and d.shifted_from(old) <= 0.25 and first - self._laid_at <= self.settle_s
                and not self._landed_since() - {d.top})

    def _back_as_before(self) -> None:
        """The places hidden meanwhile show again as they were: touched (a hand was there),
        and this camera sees hands."""
        self._touched |= self._hidden
        self.hands_seen = self.hands_seen or bool(self._hidden)

    def _kin_in_place(self, seat: int, pile: Pile, st: TrackedStack) -> bool:
        """``pile`` reads the kin of stack ``st``'s top (its value in the other of red and
        pink) and lies exactly as that top did at the last commit: the top read otherwise,
        no card laid on it - the kin card on that stack breaks the rules, and a card laid
        by hand seldom falls on the pixel (11504 at 6 s: seat 0's pink-5, read pink-5 at
        0.5-0.7 for 4 s, then red-5 at 0.8 unmoved, became a red-5 collected onto it). Not
        where a card of that face was read surely at the seat off that stack since the last
        move (:meth:`_note_misreads`): brought in from a hand, it was laid there squarely
        (14403 at 131.5 s: a red-0 read 0.95 coming in, then lying as seat 1's pink-0 had -
        the collect onto the pink stack and its wrong-stack alert lost)."""
        top = st.top.seen_as
        if (self.committed is None or pile.top != twin(top)
                or (_top_key(seat, st), pile.top) in self._brought):
            return False
        return self._lies_as_committed(seat, pile, top)

    def _lies_as_committed(self, seat: int, pile: Pile, top: Card) -> bool:
        """``pile``, read as ``top``, lies exactly as a ``top`` of ``seat`` did at the last
        commit (its box within a still card's jitter of that one's)."""
        assert self.committed is not None
        return any(p.top == top and not pile.read_as(top).jitters_from(p)
                   for p in self.committed.seats[seat])

    def _misread_in_place(self, seat: int, pile: Pile, st: TrackedStack) -> bool:
        """``pile``, on stack ``st``, reads a face its top has been misread as since it lay
        there (:meth:`_note_misreads`), lying as that top did at the last commit, and no
        card of that face was read surely at the seat off that stack since the last move (in
        a hand, brought in: each of 141 collects onto a stack in 15 replayed games was first
        read 1.5 card diagonals or more from it) - the still top misread again (14109 at
        88.8 s: seat 2's blue-5, unmoved, read blue-0 for 0.1-0.3 s six times in 7 s, then
        for 0.7 s: a blue-0 collected - a phantom move, a question and four false alerts)."""
        top, key = st.top.seen_as, _top_key(seat, st)
        if (self.committed is None or pile.top not in self._misreads.get(key, ())
                or (key, pile.top) in self._brought):
            return False
        return self._lies_as_committed(seat, pile, top)

    def _note_misreads(self, raw: VisibleState) -> None:
        """Faces read on a stack's top, lying as it did at the last commit (none of the
        cards under it), and then that top's own face again there: misreads of that top.
        And such a face, or the top's kin (:meth:`_kin_in_place`), read surely at the seat
        off that stack since the last move: a card of it brought in."""
        if self.committed is None:
            return
        for seat, piles in enumerate(raw.seats):
            for st in self.model.stacks[seat]:
                top, key = st.top.seen_as, _top_key(seat, st)
                self._brought.update((key, p.top) for p in piles
                                     if (p.top in self._misreads.get(key, ())
                                         or p.top == twin(top))
                                     and p.confidence >= self.unsure_read and not _on(st, p))
                was = self._committed_top(seat, st)
                if was is None:
                    continue
                under = {c.seen_as for c in st.cards[:-1]}
                for p in piles:
                    if p.read_as(top).jitters_from(was):
                        continue
                    if p.top == top:
                        self._misreads.setdefault(key, set()).update(
                            self._misread_since.pop(key, set()))
                    elif p.top not in under:
                        self._misread_since.setdefault(key, set()).add(p.top)

    def _moved(self, state: VisibleState) -> list[tuple[int | None, Pile]]:
        """Tops that lie elsewhere than at the last commit, in the first frame of this stable
        state and in this one (one odd frame - an arm's shadow, a jittery box - is not enough);
        or, in both, boxed ``twin_grow`` times larger where they lay after their twin was
        read beside them."""
        assert self.committed is not None and self._candidate is not None
        first = {(seat, p.top) for seat, p in self._candidate.moved_tops(self.committed)}
        out = [(seat, p) for seat, p in state.moved_tops(self.committed) if (seat, p.top) in first]
        was, d, d0 = self.committed.discard, state.discard, self._candidate.discard
        if (self._twin_landed_frames and was is not None and d is not None and d0 is not None
                and all(x.top == was.top and x.moved_from(was, shift=self.still_shift)
                        for x in (d, d0))
                and not any(seat is None for seat, _ in out)):
            # its twin was seen coming down (:meth:`_twin_landing`) and the top lies off its
            # place, if by less than a nudge shows: the twin laid almost squarely on it
            # (13604 at 107.8 s: a blue-0 read 0.82 coming down 0.31 card diagonals off the
            # blue-0, then lying 6 px - 0.07 card diagonals - off it)
            out.append((None, d))
        return out + self._grown_on_twin(state, {(seat, p.top) for seat, p in out})

    def _grown_on_twin(self, state: VisibleState, moved: set[tuple[int | None, Card]]
                       ) -> list[tuple[int | None, Pile]]:
        """Stack tops (not ``moved``) boxed ``twin_grow`` times larger where they lay at the
        last commit, in the first frame of this stable state and in this one, after a second
        card of their face was read beside them: the twin laid almost squarely on the top -
        no hand over part of a top grows its box (14810 at 89.5 s: seat 1's second blue-4
        read coming in beside its blue-4, 0.64-0.91, then the stack boxed 75 px, not 69, 2 px
        and 4 degrees off - the collect was lost, the seat's next collect read in turn, and
        the round's scores wrong)."""
        assert self.committed is not None and self._candidate is not None
        beside = self._often(self._beside_frames)
        out: list[tuple[int | None, Pile]] = []
        for seat, (now, first, then) in enumerate(zip(state.seats, self._candidate.seats,
                                                      self.committed.seats, strict=True)):
            for pile in then:
                if (seat, pile.top) in moved or not any(
                        (seat, st.colour) in beside for st in self.model.stacks[seat]
                        if st.top.seen_as == pile.top and _on(st, pile)):
                    continue
                grown = [[p for p in x if p.top == pile.top and _lies_as(p, pile, apart=2.0)
                          and p.size >= self.twin_grow * pile.size] for x in (now, first)]
                if all(grown):
                    out.append((seat, grown[0][0]))
        return out

    def _brought_onto_twin(self, state: VisibleState) -> list[tuple[int | None, Pile]]:
        """The stack tops of the seat to move where a second card of the top's face was read
        beside the top (both at once, ``touch_frames`` frames or more), carried nearer it
        (:meth:`_twin_carried`) and nearest it when last read off it, and went into it within
        ``brought_s`` before the table settled as it was: that card laid squarely on its
        twin, in turn (16006 at 22.1 s: seat 2's second yellow-3 read coming in beside its
        yellow-3, then laid on it; the collect was told only with the next move, 6 s late).
        A twin lying still beside it, then gone, was taken away again. Each with the pile
        the top shows now."""
        k = self._turn()
        if k is None or k >= len(state.seats):
            return []
        came = self._often(self._beside_frames) & self._often(self._carried_frames, 1)
        out: list[tuple[int | None, Pile]] = []
        for st in self.model.stacks[k]:
            place = (k, st.colour)
            at, near, last = (self._beside_at.get(place), self._twin_near.get(place),
                              self._twin_last.get(place))
            if (place not in came or at is None or near is None or last is None
                    or self._since - at > self.brought_s + 1e-9
                    or last > near + 1e-9):
                continue
            pile = next((p for p in state.seats[k] if p.top == st.top.seen_as and _on(st, p)),
                        None)
            if pile is not None:
                out.append((k, pile))
        return out

    def _twin(self, state: VisibleState, moved: Sequence[tuple[int | None, Pile]], t: float,
              brought: bool = False) -> list[TrackerEvent]:
        """Tops that read the same but lie elsewhere: a second copy was laid on the first
        (a red-3 on the red-3), unless every copy is already on the table (a nudge).
        ``brought``: tops a second copy was seen brought onto (:meth:`_brought_onto_twin`)."""
        seen = self.model.seen()
        cands: list[_Candidate] = []
        for seat, pile in moved:
            if seat is None and self._since - self._landed_at < self.twin_s:
                continue  # the card landed there just now: it settles (9806 at 79 s)
            # (its twin seen coming down: only where a still card's box wanders)
            apart = 1.0 if self._twin_landed_frames else 2.0
            if seat is None and any(p.top == pile.top and _lies_as(pile, p, apart=apart)
                                    for p in self._settled):
                continue  # it lay so as the last card landed: a card of the pile (_settling)
            if seat is None and self._squared:
                continue  # laid back after a reshuffle (11506 at 197 s: the joker moved as
                # the pile under it went to the draw pile, read as the other joker laid;
                # that seat's hand then counted empty and the round's last 10 moves lost)
            card = self.model.discard[-1].card if seat is None else None
            if seat is not None and (k := self._turn()) is not None and seat != k:
                continue  # not this seat's turn: its card settling after its move, no second
            if seat is not None:
                st = min((s for s in self.model.stacks[seat] if s.top.seen_as == pile.top),
                         key=lambda s: _apart(s.centre, pile.centre), default=None)
                if st is None:
                    continue
                card = st.top.card
            assert card is not None
            note = (f"the {card} on {'the discard' if seat is None else f'seat {seat}'} moved: "
                    f"read as the other {card} laid on it") if not brought else (
                    f"a second {card} was read coming in beside seat {seat}'s {card}, then "
                    f"went into it: read as that {card} laid squarely on it")
            if (seat is None and card != pile.top and pile.confidence >= self.unsure_read
                    and possible(pile.top, seen)):
                # the top is a card the camera read as another face, and that face is read
                # surely now: a card of it laid there, not the top's twin (14405 at 116 s: a
                # pink-2 read red-2 / pink-2 at 0.50 / 0.49 went in as pink-2; the red-2 laid
                # on it, read red-2 at 0.96, was taken for the other pink-2)
                note = f"a {pile.top} laid on the {card} read as {pile.top}"
                card = pile.top
            move = Move.hand(card) if seat is None else Move.collect(card, st.colour)
            twin = _Candidate(seat, move, pile.top, pile, (note,))
            unsure = pile.confidence < self.unsure_read  # (a card seen landing once counts)
            landed = (self._landed_instead(twin, once=unsure)
                      if seat is None and (pile.squarish or unsure) else None)
            if landed is not None:
                # another card read surely as it landed, then boxed astride it and the top
                # (13002 at 74 s: a yellow-3 read 0.6-0.8 landing, then a square box read
                # yellow-0, the top's face, at 0.35 - read as the other yellow-0 laid)
                cands.append(dataclasses.replace(landed, notes=landed.notes[1:]))
                continue
            if not possible(card, seen):
                continue  # no copy left to lay there: the pile was only nudged
            cands.append(twin)
        if len(cands) > 1:
            return self._ask("several cards moved at once: which move was it?", cands, state, t,
                             self.committed)
        if cands:
            self.model = self._after(cands[0])
        self._commit(state, moved=bool(cands), seat=cands[0].seat if cands else None)
        if not cands:
            return []
        return [cands[0].decoded(t, state)]

    def _turn(self) -> int | None:
        """The seat to move, when the session tells (None: unknown, any seat may)."""
        return self.to_move() if self.to_move is not None else None

    def _after(self, c: _Candidate, model: TableModel | None = None) -> TableModel:
        m = copy.deepcopy(model or self.model)
        m.apply(c.seat, c.move, c.seen_as, c.pile)
        if c.misread or c.move.source is Source.STACK and c.move.card == c.seen_as:
            # the card keeps the camera's reading of it on the discard (a stack top read
            # otherwise on its stack, read as itself there: 15607 at 64.1 s)
            m.discard[-1].seen_as = c.seen_as
        return m

    def _pair(self, state: VisibleState, observed: Key,
              results: Sequence[tuple[_Candidate, TableModel]]) -> list[_Candidate]:
        """Two moves that together, and only together, give the table now (the second came
        while an arm still hid the first), in the one order the turns allow: the first by
        the seat to move (:attr:`to_move`), the second by the next seat. Empty otherwise."""
        k = self._turn()
        if k is None:
            return []
        # the discard unread (a hand over it, a joker the camera cannot find): two collects
        # still give the stacks as they show (12806 at 63 s: seats 2 and 3 collected under
        # arms, the rainbow joker on the discard unread - asked as a question)
        blind = observed[0] is None
        found: dict[frozenset[str], list[_Candidate]] = {}
        # a stack top played to the discard and covered there by the second move leaves no
        # trace on the discard: try every stack top as a first move too
        unstacked = [_top_played(seat, st)
                     for seat, stacks in enumerate(self.model.stacks) for st in stacks]
        for c1, m1 in [*results, *((c, self._after(c)) for c in unstacked)]:
            for c2 in self._candidates(state, m1):
                m2 = self._after(c2, m1)
                if self._may_be_misread(c1, c2):
                    continue
                if blind and not (c1.move.source is c2.move.source is Source.COLLECT):
                    continue
                shows = m2.key() == observed or blind and m2.key()[1] == observed[1]
                if shows and _in_deck(m2, self.model):  # no third copy
                    found.setdefault(frozenset((str(c1.observation), str(c2.observation))),
                                     [c1, c2])
        if len(found) > 1:  # a top covered unseen, never read on the discard, yields to
            # moves the table shows (10505: red-4 collected onto the red-5, then green-0 from a
            # hand - or the red-5 played from the stack, unseen, and covered by the green-0)
            seen = {k: v for k, v in found.items()
                    if v[0].pile is not None or self._read_frames[v[0].seen_as]}
            found = seen or found
        if len(found) == 2:
            play = self._onto_twin_not_collect([v[0] for v in found.values()])
            if play is not None:
                found = {k: [play, v[1]] for k, v in found.items()
                         if v[0].observation == play.observation}
        if len(found) != 1:
            return []
        a, b = self._play_onto_twin(next(iter(found.values())), observed)
        nxt = (k + 1) % self.players
        in_turn = [(x, y) for x, y in ((a, b), (b, a))
                   if x.seat in (None, k) and y.seat in (None, nxt)
                   and not x.wish_needed  # the wish of a joker comes before the next move
                   and (x is a or self._after(a, self._after(b)).key() == observed)]
        # (a card covered unseen came first: the other order gives another table - 15305
        # at 95 s, seat 2's pink-0 "played" onto the discard and covered by seat 1's yellow-1)
        return list(in_turn[0]) if len(in_turn) == 1 else []

    def _three(self, state: VisibleState, observed: Key,
               results: Sequence[tuple[_Candidate, TableModel]], laid: Collection[Card] = ()
               ) -> list[_Candidate]:
        """Three moves that together give the table now, by the seat to move and the two
        after it in turn (arms hid the table while they came one after another: 13604 at
        69-74 s, a stack top played, then two collects, the table never still between
        them). A card covered on the discard by a later one must have left a stack that no
        longer shows it (a hand card covered leaves no trace) - or be one of ``laid``, cards
        read surely on the discard meanwhile (see :meth:`_read_between`) - and no later card
        may be it misread (:meth:`_may_be_misread`). Empty unless exactly one such reading
        is found."""
        k = self._turn()
        if k is None or observed[0] is None:
            return []
        seats = [(k + i) % self.players for i in range(3)]
        hands = [_Candidate(None, Move.hand(card), card, None) for card in laid]
        found: dict[tuple[str, ...], list[_Candidate]] = {}

        def extend(chain: list[_Candidate], m: TableModel) -> None:
            i = len(chain)
            if i == 3:
                if m.key() == observed and _in_deck(m, self.model):
                    found.setdefault(tuple(f"{seats[j]}:{c.observation}"
                                           for j, c in enumerate(chain)), list(chain))
                return
            seat = seats[i]
            shown = {p.top for p in state.seats[seat]}
            unstacked = [_top_played(seat, st) for st in m.stacks[seat]
                         if st.top.seen_as not in shown]
            nexts = [*(results if i == 0 else ((c, self._after(c, m))
                                               for c in self._candidates(state, m))),
                     *((c, self._after(c, m)) for c in (*unstacked, *hands))]
            covered_hand = any(x.seat is None and x.move.to_discard and x.move.card not in laid
                               for x in chain)
            for c, after in nexts:
                if c.seat not in (None, seat) or (c.wish_needed and i < 2) or (
                        covered_hand and c.move.to_discard) or any(
                        self._may_be_misread(x, c) for x in chain):
                    continue
                extend([*chain, c], after)

        extend([], self.model)
        if len(found) == 2:
            # the first move the top laid squarely on its twin, or a twin of the card under it
            # collected: the play (16504 at 168-174 s: seat 0's yellow-2 laid on its twin,
            # then seat 1's collect and seat 2's joker, the table never still 1.2 s between)
            a, b = found.values()
            if a[1:] == b[1:] and (play := self._onto_twin_not_collect([a[0], b[0]])):
                return [play, *a[1:]]
        return next(iter(found.values())) if len(found) == 1 else []

    def _read_between(self, pair: Sequence[_Candidate]) -> frozenset[Card]:
        """Cards read surely on the discard (in ``touch_frames`` frames or more) since the
        last commit, first read ``GAP_S`` or more before the pair's card on the discard was,
        that the pair does not lay there, with a copy left."""
        played = [c.move.card for c in pair if c.move.to_discard]
        if len(played) != 1:
            return frozenset()
        came = self._landed_first.get(played[0], self._now)
        seen = self.model.seen()
        return frozenset(c for c in self._landed_since() if c not in played
                         and self._landed_first.get(c, math.inf) <= came - GAP_S
                         and possible(c, seen))

    def _play_onto_twin(self, pair: list[_Candidate], observed: Key) -> list[_Candidate]:
        """``pair`` with its collect that the camera cannot tell from the stack's top laid on
        its twin on the discard (see :meth:`_onto_twin_not_collect`) read as that play, when
        the play gives the table too - the play may have been passed over as the second
        move's card misread (:meth:`_may_be_misread`; 12606 at 111 s: seat 3's blue-1 laid
        on seat 2's, then a pink-1 from a hand boxed astride it, was read as a blue-5
        collected onto the blue-1 - the blue-5 under it showing - with two false alerts)."""
        for i, c in enumerate(pair):
            st = self.model.stack_of(c.seat, c.move.stack)
            if c.move.source is not Source.COLLECT or st is None:
                continue
            lifted = _Candidate(c.seat, Move.from_stack(st.top.card, st.colour),
                                st.top.seen_as, None)
            play = self._onto_twin_not_collect([lifted, c])
            if play is None:
                continue
            out = [play, pair[1 - i]]  # its card covered by the other move's
            if self._after(out[1], self._after(out[0])).key() == observed:
                return out
        return pair

    def _onto_twin_not_collect(self, cands: Sequence[_Candidate]) -> _Candidate | None:
        """Of two moves the camera cannot tell apart - a stack's top laid squarely on its twin
        on the discard, or a twin of the card under that top collected onto it (either way
        the stack shows that card, the discard its old top) - the play: the collect would
        break the forced-play rule (that top, the discard top's twin, fits it). The play,
        or None when ``cands`` are not those two (12007 at 107 s: a blue-1 laid on its twin
        and the next seat's collect, asked about together)."""
        if len(cands) != 2 or not self.model.discard:
            return None
        top = self.model.discard[-1].card
        for play, other in (cands, cands[::-1]):
            if (play.seat is None or play.move.source is not Source.STACK
                    or play.move.card != top or other.seat != play.seat
                    or other.move.source is not Source.COLLECT
                    or other.move.stack is not play.move.stack):
                continue
            st = self.model.stack_of(play.seat, play.move.stack)
            if (st is not None and len(st.cards) >= 2 and st.top.card == top
                    and other.move.card == st.cards[-2].card):
                return dataclasses.replace(play, notes=(*play.notes, (
                    f"or a second {other.move.card} collected onto seat {play.seat}'s "
                    f"{top} - the camera cannot tell; that collect would break the "
                    f"forced-play rule ({top} fits its twin on the discard): read as the "
                    "play")))
        return None

    def _may_be_misread(self, first: _Candidate, second: _Candidate) -> bool:
        """Both moves lay a card on the discard, and the reading of the card on top now
        gives the first card ``left_share`` or more, with nothing of the first showing under
        it (as the camera reads it): the "second" may be the first card misread (9905 at
        167 s: a green-4 played from a stack, read as green-5 or green-0 on the discard, made
        a phantom hand play; 10103: a pink-5 read as red-5 after two frames) - or the second
        is a hand play whose card is boxed not in a card's shape (:attr:`Pile.squarish`:
        11009 at 130 s, a red-3 laid squarely on its twin, boxed astride both and read as
        red-4; a stack play's card is vouched for by its stack, 10407 at 93 s)."""
        p = second.pile
        if second.move.card == first.move.card and all(
                c.move.source is Source.STACK and (st := self.model.stack_of(
                    c.seat, c.move.stack)) is not None and len(st.cards) > 1
                for c in (first, second)):
            return False  # twins from two stacks that each show the card under now: both
            # played (15609 at 201-204 s: seat 2's yellow-1 read unsurely for 2.5 s, then
            # seat 3's laid on it - asked about)
        return (first.move.to_discard and second.move.to_discard and p is not None
                and first.seen_as not in p.cards[1:]
                and ((p.squarish and second.seat is None)
                     or _gives(p, first.move.card, self.left_share)
                     and not self._laid_over(first.seen_as, p)))

    def _read_span(self, face: Card) -> tuple[float, float] | None:
        """When ``face`` was first and last read on the discard since the last move (None:
        not read)."""
        times = self._read_at.get(face)
        return (times[0], times[-1]) if times else None

    def _first_read(self, face: Card) -> float:
        """When ``face`` was first read on the discard since the last move (inf: not read)."""
        return (self._read_span(face) or (math.inf, math.inf))[0]

    def _laid_over(self, face: Card, p: Pile) -> bool:
        """``face`` was read lying still on the discard (one box, ``settle_s`` or more), and
        ``p``, a card read surely (``touch_frames`` frames), lies otherwise than that box: a
        card laid over it, not it misread (15405 at 34.4-36.8 s: seat 2's red-5, read red-5
        / pink-5 at 0.5 / 0.45 for 1.8 s, then seat 3's pink-5 laid on it, boxed 11 %
        smaller 0.09 card diagonals off, read 0.83 - taken for the red-5 misread, the play
        lost)."""
        still = self._still_box.get(face)
        if still is None or self._landed_frames[p.top] < self.touch_frames:
            return False
        box, since = still
        last = (self._read_span(face) or (since, since))[1]
        return last - since >= self.settle_s - 1e-9 and p.jitters_from(box.read_as(p.top))

    def _emptied(self, results: Sequence[tuple[_Candidate, TableModel]], observed: Key
                 ) -> list[tuple[_Candidate, TableModel]]:
        """A stack play after which the table shows that stack gone (settled: the card
        under it may show a moment later, 10606), where the model keeps one card under the
        card played - a card that also lies in the discard pile, taken
        there for a hand play: it came from under this top (a covered card played, read as
        a hand play: 10306 at 131 s), and the stack is empty now. The one such move, with
        the earlier play to correct (:attr:`Decoded.covered`); empty otherwise."""
        out = []
        for c, m in results:
            if c.seat is None or c.move.source is not Source.STACK or c.move.stack is None:
                continue
            st = m.stack_of(c.seat, c.move.stack)
            if st is None or len(st.cards) != 1:
                continue
            x = st.cards[0]
            if not any(d.card == x.card for d in m.discard[:-1]):
                continue
            m2 = copy.deepcopy(m)
            m2.stacks[c.seat] = [s for s in m2.stacks[c.seat] if s.colour is not st.colour]
            if m2.key() == observed:
                note = (f"seat {c.seat}'s {st.colour.value} stack is empty after {c.move.card} "
                        f"left it: the {x.card} the companion kept under it was the one played "
                        "earlier, from under the top (a covered card), not from a hand")
                out.append((dataclasses.replace(c, notes=(*c.notes, note),
                                                covered=(c.seat, c.move.stack, x.card)), m2))
        return out if len(out) == 1 else []

    def _played_then_covered(self, state: VisibleState, observed: Key) -> list[_Candidate]:
        """A stack top gone from its seat that was read on the discard since the last move
        (in ``touch_frames`` frames or more, however unsurely), covered there now by the
        next move: it was played from its stack, and covered before its reading settled
        (10407 at 96 s: a pink-1 read on the discard in two frames, covered by a red-1 2 s
        later; the game went on around a stack "hidden" for good) - unless the card on top
        now could be that card misread, with nothing of it showing under the top (10103: a
        pink-5 read as red-5 after two frames), or was read first as that card settled
        (:meth:`_read_on_settling`). Both moves, in that
        order, when exactly one such pair gives the table now (of several, the one the
        turns allow: the seat to move, then the next seat). Empty otherwise."""
        read = self._often(self._read_frames) - {state.discard_top}  # now covered
        if not read:
            return []
        found: dict[str, list[_Candidate]] = {}
        for seat, stacks in enumerate(self.model.stacks):
            for st in stacks:
                if st.top.seen_as not in read:
                    continue
                note = (f"{st.top.card} was read on the discard and seat {seat}'s "
                        f"{st.colour.value} stack no longer shows it: played from there, then "
                        "covered by the next move")
                c1 = _Candidate(seat, Move.from_stack(st.top.card, st.colour), st.top.seen_as,
                                None, (note,))
                m1 = self._after(c1)
                for c2 in self._candidates(state, m1):
                    if c2.pile is None or self._may_be_misread(c1, c2):
                        continue  # the card now on top may be that card misread (pink/red)
                    if self._read_on_settling(c1, c2):
                        continue
                    m2 = self._after(c2, m1)
                    if m2.key() == observed and _in_deck(m2, self.model) and not c1.wish_needed:
                        found.setdefault(f"{c1.observation}|{c2.observation}", [c1, c2])
        pairs = list(found.values())
        k = self._turn()
        if len(pairs) > 1 and k is not None:
            pairs = [(a, b) for a, b in pairs
                     if a.seat == k and b.seat in (None, (k + 1) % self.players)]
        return list(pairs[0]) if len(pairs) == 1 else []

    def _twin_top_played_after(self, c: _Candidate, state: VisibleState, observed: Key,
                               results: Sequence[tuple[_Candidate, TableModel]]
                               ) -> list[_Candidate]:
        """``c``, a stack top gone as a card landed on the discard read otherwise, and the
        discard read surely as the top of a stack of the next seat that shows the same top
        after it (its twin under it): ``c``'s card was covered by that top, played in turn,
        not misread (15609 at 175-178 s: the discard hidden while seat 1 played its red-1
        and seat 2 the red-0 over the other red-0 on its stack, read red-0 at 0.75 since -
        taken for the red-1 misread, the red-0's play lost)."""
        d = state.discard
        if d is None or d.confidence < self.unsure_read:
            return []
        pair = self._pair(state, observed, results)
        if (len(pair) != 2 or pair[0].observation != c.observation
                or pair[1].move.source is not Source.STACK or pair[1].move.card != d.top):
            return []
        return pair

    def _read_on_settling(self, first: _Candidate, second: _Candidate) -> bool:
        """``second`` lays a card from a hand whose face was never read surely on the
        discard since the last move, first read there within ``settle_s`` of ``first``'s
        card's last reading: ``first``'s card read otherwise as it settled - no hand lays
        a card on another a moment after it came down (14503 at 74 s: a yellow-2 read 0.63-
        0.66 in two frames as it came down, then yellow-3 at 0.34-0.49 from the next frame
        on, was taken for the yellow-2 covered at once by a yellow-3 from a hand)."""
        was = self._read_span(first.seen_as)
        now = self._read_span(second.seen_as)
        return (second.seat is None and second.move.source is Source.HAND
                and was is not None and now is not None
                and not self._landed_frames[second.seen_as]
                and now[0] - was[1] < self.settle_s)

    def _decode(self, state: VisibleState, t: float) -> list[TrackerEvent]:
        observed = _key(state)
        if self._asked is not None and self._asked.key() == observed:
            self.model = self._asked
            self._asked = None
            self._commit(state)
            return [Misread("the table is back as it was before the last question: that "
                            "change was a misread", t, state)]
        if observed == self.model.key():  # cards hidden while moves were read are back
            self._back_as_before()
            self._commit(state, moved=False)
            return []
        back = self._taken_back(state, observed, t) or self._read_again(state, t)
        if back:
            return back
        waited = self._astride_wait
        if waited is not None and self._played_on(waited, state):
            self._astride_wait = None
            return [*self._take(*waited, t), *self._decode(state, t)]
        cands = self._candidates(state)
        results = [(c, self._after(c)) for c in cands]
        exact = [(c, m) for c, m in results if m.key() == observed]
        as_read = [(c, m) for c, m in exact if c.move.card == c.seen_as]
        if len(exact) > 1 and len(as_read) == 1:
            exact = as_read  # the one move that takes the camera at its word
        in_deck = [(c, m) for c, m in exact if _in_deck(m, self.model)]
        if len(exact) > 1 and in_deck:
            exact = in_deck  # not a third copy of a card: both lie on the table already
        lifted = self._lifted(observed)
        if lifted:
            # a stack shows the card under its top: the top is in a hand on its way to the
            # discard - unless it lies still that way for lift_s: then either the top was
            # laid squarely on its twin on the discard, or a twin of the card below was
            # collected onto the stack (if a copy of it is left to collect)
            waited = self._held_since is not None and t - self._held_since >= self.lift_s
            c = exact[0][0] if len(exact) == 1 else self._onto_twin_not_collect(
                [c for c, _ in exact])
            if c is not None and len(exact) > 1:
                exact = [(c, self._after(c))]
            collect = c is not None and c.move.source is Source.COLLECT
            landed = c is not None and not collect and self._twin_laid_on_top(state)
            if c is None or not (waited or landed) or (
                    collect and not possible(c.move.card, self.model.seen())):
                exact = []
            else:
                note = (f"{c.move.card} lay on the stack for {self.lift_s:g} s where the top "
                        "was only lifted: read as a second one collected" if collect else
                        f"the stack showed the card under its top, and the discard's "
                        f"{c.move.card} lies elsewhere: that top was laid on its twin there"
                        if landed else
                        f"the stack showed the card under its top for {self.lift_s:g} s: its "
                        f"top {c.move.card} was laid squarely on its twin on the discard")
                exact = [(dataclasses.replace(c, notes=(*c.notes, note)), exact[0][1])]
        if self._unexplained_since is None:
            self._unexplained_since = t
        # a misread flickers back within unsure_s; a reading that flickers for hold_s
        # between explanations is no longer waited out: the players are asked (not silent)
        settled = (t - self._read_since >= self.unsure_s - 1e-9
                   or t - self._unexplained_since >= self.hold_s - 1e-9)
        if not exact and not lifted and settled:  # a stack shown empty a while
            exact = self._emptied(results, observed)
        # a stack top read on the discard, then covered: two moves, not one misread
        covered = self._played_then_covered(state, observed) if settled and not lifted and all(
            c.misread for c, _ in exact) else []
        if not covered and settled and not lifted and len(exact) == 1 and exact[0][0].misread:
            covered = self._twin_top_played_after(exact[0][0], state, observed, results)
        if covered:
            exact = []
        if len(exact) == 1 and not settled and (exact[0][0].misread
                                                and not self._seen_landing(exact[0][0])
                                                or self._maybe_same(exact[0][0])
                                                or self._part_of_stack_top(exact[0][0])
                                                or self._flickers(exact[0][0])):
            return []  # an unsure new reading of the discard that could be the old card, or
            # a stack top read otherwise there (an arm may hide that stack for a moment): wait
        if (len(exact) == 1 and t - self._read_since < self.in_place_s - 1e-9
                and self._appeared_in_place(exact[0][0])):
            return []  # perhaps a top misread under a hand: a moment for it to read right
        if len(exact) == 1 and (over := self._once_over_part(exact[0][0])) is not None:
            exact = [(over, self._after(over))]
        if len(exact) == 1 and (off := self._top_off_its_twin(exact[0][0])) is not None:
            exact = [(off, self._after(off))]
        if len(exact) == 1 and self._astride(*exact[0]):
            c = exact[0][0]
            # a play from a stack that shows its twin after: the discard is all there is of
            # it - read below unsure_read in most frames, not only now, is unsure (15906 at
            # 130.5 s: a red-3 read 0.52 as it came down, then red-0 at 0.39-0.50 - taken as
            # seat 2's red-0 played off the other red-0, a phantom)
            unsure = c.pile is not None and (
                c.pile.confidence < self.unsure_read or _twin_stays(c, exact[0][1])
                and 2 * self._landed_frames[c.seen_as] < self._read_frames[c.seen_as])
            landed = self._landed_instead(c) or self._face_landed(c) or (
                self._landed_instead(c, once=True) if unsure else None)
            if landed is not None:
                exact = [(landed, self._after(landed))]
            elif (t - self._read_since < self.astride_s - 1e-9 and c.pile is not None
                  and (not c.pile.alternatives
                       or _share(c.pile, c.seen_as) < self.unsure_read)):
                # a box astride two cards read unsurely: wait for the card itself
                self._astride_wait = (*exact[0], state)
                return []
        if len(exact) == 1 and self._in_transit(exact[0][0], t):
            return []
        if len(exact) == 1 and self._twin_at_seat(exact[0][0], self._turn(), state, t):
            return []
        if len(exact) == 1 and self._under_an_arm(exact[0][0], state, t):
            return []
        if len(exact) == 1 and (lost := self._lost_not_played(exact[0][0], results, observed)):
            where = self._missing(observed)
            return self._read_around(*lost, state, observed, t, (
                f"{lost[0].move.card} landed from a hand: seat {exact[0][0].seat} was not to "
                f"move, and its {lost[0].move.card} has been unread since before the last "
                f"move ({where})"))
        if len(exact) == 1:
            return self._take(*exact[0], state, t)
        pair = self._pair(state, observed, results) if not exact and not lifted and settled \
            else []
        if not pair and not exact and not lifted and settled:
            pair = self._three(state, observed, results)
        elif pair and (between := self._read_between(pair)):
            # a card read surely on the discard before the pair's card covered it: three
            # moves, that card the first (13704 at 78.9 s: a red-1 read 0.7 in a few frames
            # between arms, then the next seat's collect and a red-0 on the red-1, read as the
            # red-0 played by the seat to move)
            pair = self._three(state, observed, results, between) or pair
        edged = self._next_on_edge(state) if not (pair or exact or lifted) and settled else None
        if edged is not None:
            pair = self._pair(edged, _key(edged),
                              [(c, self._after(c)) for c in self._candidates(edged)])
            if pair:
                state, mover, nxt = edged, self._turn(), pair[1].seat
                pair = [pair[0], dataclasses.replace(pair[1], notes=(*pair[1].notes, (
                    f"its card lay on the edge of seat {mover}'s sector, within "
                    f"{self.edge:g} card diagonals of seat {nxt}'s: read as seat {nxt}'s")))]
        k = self._turn()
        if pair and k is not None and any(self._twin_at_seat(c, (k + i) % self.players, state, t)
                                          for i, c in enumerate(pair)):
            return []
        if pair or covered:
            out: list[TrackerEvent] = []
            why = (f"{'two' if len(pair) == 2 else 'three'} moves seen at once, in turn "
                   "order",) if pair else ()
            blind = ("the discard was not read: a card laid there may have gone unseen"
                     if pair and state.discard is None else None)
            for c in pair or covered:
                self.model = self._after(c)
                out.append(dataclasses.replace(c.decoded(t, state, *why), paired=True,
                                               unsure=blind, unsure_of=BY_TOP))
            self._asked = None
            self._commit(state, moves=len(pair or covered), seat=(pair or covered)[-1].seat)
            # a top played from its stack lay beside it in a hand on its way: no twin laid
            # there (12007 at 107 s: seat 1's blue-1, then seat 2's collect, read as seat 1's
            # second blue-2 laid out of turn too)
            left = {(c.seat, c.move.stack) for c in pair or covered
                    if c.seat is not None and c.move.source is Source.STACK}
            self.twin_beside, self.twin_held = self.twin_beside - left, self.twin_held - left
            return out
        before = self.committed
        partial = [c for c, m in results if _covers(m.key(), observed)]
        hidden = bool(partial) or _covers(self.model.key(), observed) or lifted
        if not hidden and not settled:
            return []  # no move explains it (yet): a misread flickers back within a second
        if len(exact) > 1:
            return self._ask(f"the table changed in a way {len(exact)} moves explain: which "
                             "one was it?", [c for c, _ in exact], state, t, before)
        if hidden:
            # the game goes on around cards hidden a while - but a lifted top is awaited,
            # and a new reading must have settled (it may be a misread flickering)
            around = None if lifted else self._around_hidden(results, observed, t, settled)
            if around is not None:
                return self._read_around(*around, state, observed, t)
            return self._hold(state, t, partial, before)
        return self._ask("the table changed in a way no single move explains (two moves at "
                         "once, or a misread): what happened?", cands, state, t, before)

    def _read_around(self, c: _Candidate, m: TableModel, state: VisibleState, observed: Key,
                     t: float, why: str = "") -> list[TrackerEvent]:
        """Take ``c`` while the cards hidden stay so (still awaited, and asked about once
        hidden ``hold_s``); its alerts are told as unsure."""
        held, asked, since = self._held_since, self._asked_hold, self._missing_since
        self.model, self._asked = m, None
        self._commit(state, seat=c.seat)
        self._held_since, self._asked_hold, self._missing_since = held, asked, since
        where = self._missing(observed)
        return [dataclasses.replace(
            c.decoded(t, state, why or f"read while cards stayed hidden elsewhere ({where})"),
            unsure=f"cards stay hidden ({where}): a move there may have gone unseen")]

    def _lost_not_played(self, c: _Candidate, results: Sequence[tuple[_Candidate, TableModel]],
                         observed: Key) -> tuple[_Candidate, TableModel] | None:
        """For ``c``, a stack top played by a seat not to move (and not onto its twin): the
        hand play of the same card, when that top has been missing since before the last
        move was read around it - a card the camera lost, not one in a hand on its way for
        seconds while other seats moved (15101 at 133.5 s: seat 2's red-1 unread from
        126.3 s on, two seats' plays read around it, then seat 1's red-1 from its hand was
        taken as seat 2's, out of turn; seat 2 played its own 4 s later). The top stays
        awaited."""
        k = self._turn()
        if (c.seat is None or c.move.source is not Source.STACK or k is None or c.seat == k
                or c.move.stack is None):
            return None
        if self.model.discard and self.model.discard[-1].card == c.move.card:
            return None  # onto its twin: a jump-in, in or out of turn
        place: Place = (c.seat, c.move.stack)
        since = self._missing_since.get(place)
        if since is None or since >= self._moved_at:
            return None
        return next(((h, m) for h, m in results
                     if h.seat is None and h.move.source is Source.HAND
                     and h.move.card == c.move.card and _covers(m.key(), observed)
                     and self._places_missing(observed, m) == {place}), None)

    def _hold(self, state: VisibleState, t: float, partial: Sequence[_Candidate] = (),
              before: VisibleState | None = None) -> list[TrackerEvent]:
        """Cards the model holds are hidden (an arm over the table): wait for them to show
        again, and ask the players once they have been gone ``hold_s``."""
        observed = _key(state)
        if self._held_since is None:
            self._held_since = t
            self._held_meanwhile = True
        missing = self._places_missing(observed)
        self._hidden |= missing
        self._missing_since = {p: self._missing_since.get(p, t) for p in missing}
        if t - self._held_since >= self.hold_s and not self._asked_hold:
            self._asked_hold = True
            return [Question(f"cards are hidden or gone for {t - self._held_since:.0f} s "
                             f"({self._missing(observed)}): what happened?",
                             tuple(c.observation for c in partial), t, state,
                             before or self.committed)]
        return []

    def _around_hidden(self, results: Sequence[tuple[_Candidate, TableModel]], observed: Key,
                       t: float, settled: bool) -> tuple[_Candidate, TableModel] | None:
        """The one move that explains the table but for places hidden ``unsure_s`` or more
        already (a stack an arm or a cup has covered a while, or a stack whose history the
        tracker has wrong): the game goes on around them. Not a move from or onto a place
        that stays hidden, nor of a card a hidden top shows (the hidden top may be the card
        moved). Nor, before the new reading has settled, while a top that stays hidden was
        read on the discard since the last move: it may have been played there and covered
        by this move (:meth:`_played_then_covered`; 12210 at 95 s: seat 0's last pink-3,
        read on the discard in two frames, covered by seat 1's green-3 0.1 s after the
        second: the green-3 was read around a pink stack "hidden" for good, and 5 s later
        that became a question)."""
        long = {p for p, since in self._missing_since.items() if t - since >= self.unsure_s}
        if not long:
            return None
        # tops read on the discard since the last move, while the reading is new
        on_discard = set() if settled else self._often(self._read_frames) - {observed[0]}
        fits = []
        for c, m in results:
            gone = self._places_missing(observed, m)  # what stays hidden after the move
            if not gone or not gone <= long or not _covers(m.key(), observed):
                continue
            if not settled and (c.misread or c.pile is None
                                or c.pile.confidence < self.unsure_read):
                continue  # an unsure reading: it may be a misread flickering
            touches: set[Place] = {None} if c.move.to_discard else set()
            if c.seat is not None and c.move.stack is not None:
                touches.add((c.seat, c.move.stack))
            tops = {self._top_at(p) for p in gone}
            if tops & on_discard:
                continue
            if not touches & gone and c.move.card not in tops and c.seen_as not in tops:
                fits.append((c, m))
        return fits[0] if len(fits) == 1 else None

    def stack_places(self) -> tuple[tuple[tuple[float, float, float], ...], ...]:
        """Where each seat's known stacks lie: (x, y, card diagonal) each."""
        return tuple(tuple((*st.centre, st.size) for st in seat) for seat in self.model.stacks)

    def discard_known(self) -> tuple[Pile, frozenset[Card]] | None:
        """In play: the discard pile as last committed, and every card known to lie in it
        (as taken and as read) - what the table view needs to tell a card laid on it. Also
        while the hands are read: the pile lies on (13803 at 188.8 s: the round's last card
        laid over a corner of the red-1, its top again once the round ended, was the red-1
        played after the end)."""
        if self.phase not in (Phase.PLAYING, Phase.REVEAL) or self.committed is None:
            return None
        if self.committed.discard is None or not self.model.discard:
            return None
        return self.committed.discard, frozenset(_faces(self.model.discard))

    def may_land(self) -> frozenset[Card]:
        """The seat to move's stack tops, but faces of the discard's top two cards: where
        no seat shows one, a card read surely in the pile that is it may be that top just
        laid - not its twin (if one lies in the pile, it lies under two cards or more)
        peeking out (see :meth:`TableView.read`)."""
        k = self._turn()
        if k is None or self.phase is not Phase.PLAYING:
            return frozenset()
        near = _faces(self.model.discard[-2:])
        return frozenset({st.top.card for st in self.model.stacks[k]} - near)

    def discard_under(self) -> Pile | None:
        """The discard pile as committed before its top changed last: the card now under
        the top, as last read before it was covered (None: none yet)."""
        return self._laid[-2] if len(self._laid) >= 2 else None

    def discard_top(self) -> Card | None:
        """The discard top as the camera reads it."""
        return self._top_at(None)

    def _top_at(self, place: Place) -> Card | None:
        """The card the model shows at a place (the discard top, or a seat's stack top)."""
        if place is None:
            return self.model.discard[-1].seen_as if self.model.discard else None
        st = self.model.stack_of(*place)
        return st.top.seen_as if st is not None else None

    def _take(self, c: _Candidate, m: TableModel, state: VisibleState, t: float
              ) -> list[TrackerEvent]:
        """Commit ``state`` as the move ``c`` (``m``: the model after it)."""
        last = self._laid_on(c, state, t)
        came = frozenset(seat for seat, card in self._first_seen
                         if card in (c.seen_as, c.move.card)) if (
            c.seat is None and c.move.to_discard) else frozenset()
        blind = self._blind(c, t)
        self.hands_seen = self.hands_seen or self._carried(c, m) or self._held_first(c, came)
        self.model, self._asked = m, None
        self._commit(state, seat=c.seat)
        self._last_laid = last
        self.hand_from = came
        out = c.decoded(t, state)
        return [dataclasses.replace(out, unsure=blind, unsure_of=BY_TOP) if blind else out]

    def _carried(self, c: _Candidate, m: TableModel) -> bool:
        """``c`` is a stack play whose card was seen moved off its place before it landed,
        and the stack shows no card of its face after it (its twin under it would show so
        as the card was lifted; 12508 at 90 s, true cards: seat 2's pink-3 off the pink-3 it
        was laid on, askew): a hand carried it (12508 at 64 s: no card hidden nor the
        discard lost for a minute, stack tops carried off by hands now and then - an
        out-of-turn alert held, then missed)."""
        return (c.seat is not None and c.move.source is Source.STACK
                and (c.seat, c.move.stack) in self._often(self._twin_frames)
                and not _twin_stays(c, m))

    def _held_first(self, c: _Candidate, came: frozenset[int]) -> bool:
        """``c`` is a hand play whose card was read at a seat (``came``) before it landed,
        more than a card's size from each of that seat's stacks: a hand held it there (14605
        at 26 s: the first four hand plays each read at their seats on the way, nothing hidden
        nor a stack top carried yet; the next seat's collect out of turn was held for an
        answer and its alert missed) - or a collect whose card was read at its seat more
        than a card's size from where it comes to lie and from the seat's stacks (14804 at
        16 s: four collects, no hand play yet, and the jump-in after them held). A source of
        true cards shows a card only where it lies."""
        def off_stacks(seat: int, at: tuple[float, float] | None) -> bool:
            return at is not None and all(_apart(at, st.centre) > (st.size or 1.0)
                                          for st in self.model.stacks[seat])

        if c.seat is not None and c.move.source is Source.COLLECT and c.pile is not None:
            # a collect: its card first read at the seat away from where it lies now
            at = self._first_seen.get((c.seat, c.seen_as))
            return (at is not None and _apart(at, c.pile.centre) > (c.pile.size or 1.0)
                    and off_stacks(c.seat, at))
        return any(off_stacks(seat, self._first_seen.get((seat, c.seen_as))
                              or self._first_seen.get((seat, c.move.card))) for seat in came)

    def _blind(self, c: _Candidate, t: float) -> str | None:
        """Why a card read landing on the discard may not lie on the top the model has: the
        pile was out of sight ``blind_s`` or more just before (12601 at 29-34 s: a joker
        laid on the red-2, never found in 5.6 s, then a green-0 on it told as not fitting
        the red-2) - or None."""
        since = self._missing_since.get(None)
        if not c.move.to_discard or since is None or t - since < self.blind_s - 1e-9:
            return None
        return (f"the discard was out of sight {t - since:.0f} s before it: a card may have "
                "landed there unseen")

    def _played_on(self, waited: tuple[_Candidate, TableModel, VisibleState],
                   state: VisibleState) -> bool:
        """While a play read astride two cards was waited out (see :meth:`_astride`), the
        table went on: another card lies on the discard away from that box, or a stack
        changed. The play is taken as it was read (10909 at 62 s: a pink-4 read red-4 from
        a square box, waited out, then seat 0 played from its stack onto it - missing the
        play put the turn order out and made two false alerts)."""
        c, _, before = waited
        now = state.discard
        if now is None or c.pile is None:
            return False
        elsewhere = now.top != c.seen_as and now.shifted_from(c.pile) > 2 * self.near_shift
        return elsewhere or _key(state)[1] != _key(before)[1]

    def _astride(self, c: _Candidate, after: TableModel) -> bool:
        """A hand play read unsurely from a box astride two cards (:attr:`Pile.squarish`)
        or round a part of a card (below ``part_of`` of the old top's box), the box read
        below ``unsure_read`` (now, or in most frames since it read so): such readings are
        wrong far more often than not. It is the card seen landing, if one was (11308 at
        72 s: a red-3 read 0.66 as it landed, then boxed 38 x 53 and read red-0 at 0.4-0.5,
        its face 0.6, was one play); else, its face also read below ``unsure_read``, it
        waits for the card itself (11203 at 22 s: a joker on a red-3 boxed square at
        0.25-0.48, its face read joker at 0.7, is the joker). So is a play from a stack
        that shows the same top after it (the card's twin under it): the discard's reading
        is all there is of that move (12408 at 96 s: a red-0 read 0.97 as it landed, then
        boxed square with the green-0 under it and read red-5 at 0.3, taken as seat 1's
        red-5 played from its two red-5s, out of turn). A card-shaped box over 1 /
        ``part_of`` of the old top's is astride too, but only when another card was seen
        landing (13307 at 77 s: a blue-2 read 0.93 as it landed on a pink-2 boxed 72 px,
        then boxed 94-100 px and read blue-5 at 0.3); a card laid on a pile is often boxed
        1.2 times the old top, and read unsurely is still itself (13306 at 46 s: a green-1
        boxed 86 px on a green-5 boxed 71, read 0.25). So is any box whose face too reads
        below ``unsure_read`` when another card was seen landing (13506 at 16.8 s: a green-2
        read 0.68-0.74 in three frames as it landed on a green-5, then boxed card-shaped at
        0.9 of the old top and read green-0 at 0.25, its face 0.36-0.44 - a phantom). So is
        a box read as a face the counts or rules overrule (no copy of it left) when another
        card was seen landing (15509 at 115.3 s: the other green-5 read 0.75 coming down on
        the green-5, then both boxed as one, 1.07 times the top and 1.3 long to wide, read
        green-0 at 0.32-0.49 with both green-0s on the table - taken as a green-2, a phantom
        and two false alerts)."""
        was = self.committed.discard if self.committed is not None else None
        return ((c.seat is None and c.move.source is Source.HAND or _twin_stays(c, after))
                and not c.misread
                and c.pile is not None and (
                    c.pile.squarish or was is not None and c.pile.size < self.part_of * was.size
                    or (was is not None and self.part_of * c.pile.size > was.size
                        or bool(c.pile.alternatives)
                        and _share(c.pile, c.seen_as) < self.unsure_read
                        or c.move.card != c.seen_as)
                    and self._landed_instead(c) is not None)
                and (c.pile.confidence < self.unsure_read or 2 * self._landed_frames[c.seen_as]
                     < self._read_frames[c.seen_as]
                     or c.pile.squarish and self._landed_instead(c) is not None))

    def _twin_laid_on_top(self, state: VisibleState) -> bool:
        """The discard's top, read with its face surely, lies elsewhere than at the last
        commit now, and did so in ``touch_frames`` frames or more (:meth:`_top_moved`): a
        card of that face laid on it - with a stack showing the card under its top, that
        top, at once, not after ``lift_s`` (16010 at 153.9 s: seat 2's pink-1 laid on the
        pink-1, the pile then boxed 0.11 card diagonals off and a little larger, its pink
        stack showing the pink-4 under it - told with the next move, 3.2 s late)."""
        return (self._top_moved_frames >= self.touch_frames
                and self._top_moved(state.discard))

    def _top_moved(self, d: Pile | None) -> bool:
        """``d`` reads the committed top's face surely (``unsure_read``) and lies elsewhere
        than it (moved or turned, :meth:`Pile.moved_from`; or boxed larger, its centre moved
        as far - no hand over part of the top grows its box): that top nudged, or its twin
        laid on it (14509 at 154 s: a joker laid on the joker, boxed 90 px 0.11 card
        diagonals off the old joker's 74 px box, read 0.6 for 0.7 s)."""
        was = self.committed.discard if self.committed is not None else None
        return (d is not None and was is not None and d.top == was.top
                and d.confidence >= self.unsure_read
                and (d.moved_from(was)
                     or d.size > was.size and d.shifted_from(was) > self.near_shift))

    def _face_landed(self, c: _Candidate) -> _Candidate | None:
        """The one card, other than the old top and the unsure reading ``c``, whose face was
        read surely (``SURE_FACE``) on the discard in ``touch_frames`` frames or more since
        the last commit, first so before ``c``'s card was first read there, that may lie on
        the table: it is the card played, its box read unsurely all along and its face
        misread once it lay astride the card under it (14606 at 105 s: a blue-2 laid on a
        blue-3, its box read 0.25-0.48, its face blue-2 at 0.91 and 0.95 as it came down,
        then blue-0 and blue-1 at 0.25-0.3 - taken as blue-0 when the next move covered it,
        a phantom)."""
        seen, top = self.model.seen(), self._top_at(None)
        mine = self._first_read(c.seen_as)
        landed = [k for k in self._often(self._face_frames)
                  if k not in (top, c.seen_as) and possible(k, seen)
                  and self._face_first[k] < mine]
        return self._from_a_stack(
            _read_as_landed(c, landed, "the face of {} was read surely as it came down"))

    def _twin_landing(self, d: Pile | None) -> bool:
        """``d``, the discard read with the committed top's face, is that card's twin coming
        down: read surely, well off the top's place (not the top nudged) - boxed square too
        (13008 at 112 s: a red-0 coming down across its twin read 0.71 from a square box
        0.26 card diagonals off it, in one frame)."""
        was = self.committed.discard if self.committed is not None else None
        return (d is not None and was is not None and d.top == was.top
                and d.confidence >= self.unsure_read and d.shifted_from(was) > TWIN_OFF)

    def _landed_instead(self, c: _Candidate, once: bool = False) -> _Candidate | None:
        """The one card read surely on the discard as it landed (in ``touch_frames`` frames
        or more since the last commit), other than the old top and the unsure reading, that
        may lie on the table: it is the card played, read unsurely once it lay astride the
        card under it (11309 at 170 s: a red-2 read 0.8 as it landed on a joker, then boxed
        square with it and read red-0 at 0.27 for 2 s). The old top's face counts when its
        twin was seen coming down (:meth:`_twin_landing`, in a frame or more). Not a card
        first read surely after the unsure reading was: the card as it lies was read so
        first, as it came down, and the other is that card misread in motion (13403 at
        23 s: a green-5 read 0.63-0.70 coming down, green-0 at 0.76 in the next two frames,
        then boxed square and read green-5 at 0.82 for as long as it lay). ``once``: a card
        read so in one frame counts, from a box no smaller than ``ONCE_WHOLE`` of the one read
        now - for a box read below ``unsure_read``, round the card played or astride it
        (15205 at 48.9 s: a blue-2 read 0.73, its face 0.97, in the one frame it came down on
        the red-2, then boxed at 0.77 of the red-2 and read 0.25 as blue-5, blue-0 or blue-3
        for 3 s - a blue-2 taken as laid unseen before a blue-5, a phantom; 15010 at 69.1 s:
        a yellow-2 read 0.58, its face 0.98, as it came down on the yellow-0, then read 0.25
        as yellow-0 - taken for the yellow-0's twin, a false alert). A card coming down is
        boxed whole: one read from a smaller box is the card in motion, misread (15109 at
        57.2 s: a pink-2 read pink-0 at 0.69 from a box of 74 px in one frame as it came
        down, then pink-2 at 0.32-0.68 from 80-85 px, is the pink-2)."""
        seen = self.model.seen()
        top = self._top_at(None)
        twin = {top} if top is not None and self._twin_landed_frames else set()
        # (the old top's face was read before any card came: no sign of the card laid)
        mine = self._landed_first.get(c.seen_as, math.inf) if c.seen_as != top else math.inf
        since = set(self._landed_since())
        if once:  # ... from a whole card's box: no smaller than the one read now
            size = c.pile.size if c.pile is not None else 0.0
            since |= {k for k in self._landed_since(1) if k in self._first_box
                      and self._first_box[k][0].size >= ONCE_WHOLE * size}
        landed = [k for k in since | twin
                  if k != c.seen_as and possible(k, seen)
                  and self._landed_first.get(k, -math.inf) < mine]
        return self._from_a_stack(_read_as_landed(c, landed, "{} was read surely as it landed"))

    def _from_a_stack(self, c: _Candidate | None) -> _Candidate | None:
        """``c``, a hand play of the card read as it landed (read otherwise where it lies),
        as a play from under a stack's top where that card came from there, as
        :meth:`_candidates` reads a card that lands as itself (16305 at 115.0 s: a blue-2
        pulled out from under seat 1's blue-1, read surely as it landed, then blue-0 at
        0.35 where it lay - told as a hand play, the covered-card alert lost)."""
        state = self._candidate
        if c is None or c.seat is not None or state is None:
            return c
        covered = self._came_from_under(state, c.move.card)
        if covered is None:
            return c
        seat, st, tc, note = covered
        return dataclasses.replace(c, seat=seat, move=Move.from_stack(tc.card, st.colour),
                                   notes=(*c.notes, note))

    def _once_over_part(self, c: _Candidate) -> _Candidate | None:
        """A hand play read from a box round a part of a card (below ``part_of`` of the old
        top's) that does not fit the discard, where the one card read surely in a frame or
        more as it came down, from a whole card's box (see :meth:`_landed_instead`), fits
        it: that card, its value misread from the part - the rules are the prior for a
        reading of part of a card (15009 at 166 s: a yellow-5 read 0.65, its face 0.96, in
        the frame it came down on the blue-5, then boxed at 0.7 of the blue-5, square, and
        read yellow-0 at 0.65 - a false not-fitting alert; 15504 at 107.9 s: a pink-3 read
        0.6 in two frames coming down on the red-3, then pink-0 at 0.53 from a box of 0.78
        of it, 1.31 long to wide)."""
        was = self.committed.discard if self.committed is not None else None
        if (was is None or c.pile is None or self.fits_discard is None
                or c.seat is not None or c.move.source is not Source.HAND
                or c.pile.size >= self.part_of * was.size
                or self.fits_discard(c.move.card) is not False):
            return None
        landed = self._landed_instead(c, once=True)
        if landed is None or self.fits_discard(landed.move.card) is not True:
            return None
        return landed

    def _top_off_its_twin(self, c: _Candidate) -> _Candidate | None:
        """A hand play that does not fit the discard, where a card read surely as it landed
        (in ``touch_frames`` frames or more, or in one with its face read surely in as many;
        first read before ``c``'s card, and only coming down) fits it but has no copy left
        in the hands: both lie on one stack of the seat to move, its top and the card under
        it. That top was played (its stack shows the twin after, as before) and is misread
        where it lies (15906 at 40.4 s: seat 0's pink-4 read 0.66, its face 0.9-0.95, in the
        three frames it came down on a joker wished 4, then pink-2 at 0.46-0.57 for as long
        as it lay - taken as a pink-2 from a hand, a false not-fitting alert)."""
        k = self._turn()
        if (k is None or self.fits_discard is None or c.seat is not None or c.pile is None
                or c.move.source is not Source.HAND or self.fits_discard(c.move.card) is not False):
            return None
        seen, pile = self.model.seen(), c.pile
        since = self._seen_coming_down()
        mine = self._first_read(c.seen_as)
        found = [st for st in self.model.stacks[k]
                 if len(st.cards) > 1 and st.cards[-2].seen_as == st.top.seen_as
                 and self._only_coming_down(st.top.seen_as, pile)
                 and st.top.seen_as in since and st.top.seen_as != c.seen_as
                 and self._first_read(st.top.seen_as) < mine
                 and not possible(st.top.card, seen)
                 and self.fits_discard(st.top.card) is True]
        if len(found) != 1:
            return None
        st = found[0]
        note = (f"{st.top.card} was read surely as it landed, and no copy of it is left in "
                f"the hands: seat {k}'s {st.colour.value} stack holds both, its top and the "
                f"card under it - its top was played, read {c.seen_as} where it lies")
        return dataclasses.replace(c, seat=k, move=Move.from_stack(st.top.card, st.colour),
                                   notes=(*c.notes, note), misread=True)

    def _in_transit(self, c: _Candidate, t: float) -> bool:
        """A collect of a card that fits the discard, read still for less than
        ``transit_s``: more often a hand play that paused over the seat's own zone on its way
        (9907 at 75 s: 0.6 s) than a collect that breaks a rule."""
        if c.move.source is not Source.COLLECT or self.fits_discard is None:
            return False
        return t - self._read_since < self.transit_s - 1e-9 and (
            self.fits_discard(c.move.card) is not False)

    def _laid_on(self, c: _Candidate, state: VisibleState, t: float) -> _LastLaid | None:
        """``c`` as a move that may be taken back (see :meth:`_taken_back`): a hand play onto
        the discard (no joker: its wish is asked), or a collect read unsurely onto a stack
        read at the last commit."""
        was = self.committed
        if was is None:
            return None
        if c.seat is None and c.move.source is Source.HAND and not c.wish_needed:
            return _LastLaid(c.observation, self.model, was.discard, t,
                             state.discard) if was.discard is not None else None
        st = self.model.stack_of(c.seat, c.move.stack)
        if (c.move.source is not Source.COLLECT or c.seat is None or st is None
                or c.pile is None or c.pile.confidence >= self.unsure_read):
            return None  # a card read surely collected and lifted again: in a hand
        under = next((p for p in was.seats[c.seat] if p.top == st.top.seen_as and _on(st, p)),
                     None)
        return _LastLaid(c.observation, self.model, under, t) if under is not None else None

    def _taken_back(self, state: VisibleState, observed: Key, t: float
                    ) -> list[TrackerEvent]:
        """The table as it was before the last move, a hand play onto the discard or a
        collect, within ``back_s`` of it - the old top read surely where it lay, not moved
        (a card laid anew never lands where the card under it lies): that move was the old
        top misread for a moment (11006 at 144 s: a yellow-4 under an arm read yellow-2 for
        0.5 s; the yellow-4 seen again was taken for its twin, a third copy, and a false
        round end; 12303 at 52 s: seat 0's pink-4 read pink-2 at 0.28 for 0.6 s under the
        arm that came to play it, a phantom collect, and its play read from the hand)."""
        last = self._last_laid
        if last is None or t - last.at > self.back_s + 1e-9 or observed != last.model.key():
            return []
        seat = last.move.seat
        now = next((p for p in (state.seats[seat] if seat is not None else (state.discard,))
                    if p is not None and p.top == last.under.top), None)
        if now is None or now.confidence < self.unsure_read or now.jitters_from(last.under):
            return []
        self.model, self._last_laid = last.model, None
        self._commit(state, moved=False)
        where = "the discard" if seat is None else f"seat {seat}'s stack"
        return [Misread(f"{where} shows {now.top} again, where it lay: "
                        f"{last.move} was {now.top} misread for a moment", t, state,
                        taken_back=last.move)]

    def _read_again(self, state: VisibleState, t: float) -> list[TrackerEvent]:
        """Within ``back_s`` of a hand play read from a box astride two cards
        (:attr:`Pile.squarish`), a card-shaped box where that one lay reads another card
        surely, read so straight after that box (no frame between without it, or with
        another reading: a card laid on it comes under an arm): the play was that card
        misread. It is taken back, and the table decoded again from before it (10807 at
        90 s: a yellow-5 laid on a red-4, boxed square and read yellow-0 at 0.6 for a
        second, then boxed as a card and read yellow-5 at 0.7, made two plays; 10305 at
        147 s: a joker laid on a blue-0 boxed square came after frames without the pile)."""
        last, now, before = self._last_laid, state.discard, self._read_after
        played = last.played if last is not None else None
        if (last is None or played is None or t - last.at > self.back_s + 1e-9
                or not played.squarish or now is None or now.squarish
                or now.top == played.top or now.confidence < self.unsure_read
                or now.shifted_from(played) > self.near_shift
                or before is None or before.top != played.top or not before.squarish):
            return []
        self.model, self._last_laid = last.model, None
        return [Misread(f"the discard shows {now.top}, boxed as a card, where {played.top} "
                        f"was read astride two cards: {last.move} was {now.top} misread",
                        t, state, taken_back=last.move), *self._decode(state, t)]

    def _twin_at_seat(self, c: _Candidate, seat: int | None, state: VisibleState, t: float
                      ) -> bool:
        """A hand play by ``seat`` (the seat to move) of a card that lies, still, on top of
        one of that seat's stacks, boxed not in a card's shape (:attr:`Pile.squarish`) and
        read so for less than ``lift_s``, its box not still for ``still_s``: more often a
        misread than the twin from the hand (11003 at 76 s: the discard's yellow-3, boxed
        astride the pile's cards, its box turning by 5 to 20 degrees from frame to frame,
        read for 2 s as the yellow-0 that seat 2 then played from its stack; 11003 at 41 s:
        a blue-4 from the hand onto seat 1's blue-4, boxed as a card, is the twin)."""
        if (seat is None or c.seat is not None or c.move.source is not Source.HAND
                or c.pile is None or not c.pile.squarish):
            return False
        if t - self._still_since >= self.still_s - 1e-9:
            return False  # its box lies still: a card (9905 at 134 s: the twin, boxed square)
        return t - self._read_since < self.lift_s - 1e-9 and any(
            p.top == c.move.card for p in state.seats[seat])

    def _under_an_arm(self, c: _Candidate, state: VisibleState, t: float) -> bool:
        """A stack play onto its twin on the discard, gone for less than ``arm_s``, while the
        discard pile's box lies as it was (:meth:`Pile.jitters_from` not): more often an arm
        over the stack than the twin laid squarely (11602 at 41 s: a yellow-5 played onto the
        discard from over its twin, that twin hidden 0.5 s by the next seat's arm, was taken
        for a second play out of turn). A card laid on the discard moves, turns or resizes
        the box nearly always (11305 at 185 s: the twin laid turned 13 degrees, boxed
        smaller)."""
        if c.seat is None or c.move.source is not Source.STACK or not self.model.discard:
            return False
        if self.model.discard[-1].card != c.move.card or self.committed is None:
            return False
        was, now = self.committed.discard, state.discard
        if was is None or now is None or now.jitters_from(was):
            return False
        return t - self._read_since < self.arm_s - 1e-9

    def _maybe_same(self, c: _Candidate) -> bool:
        """A hand play read unsurely, whose reading gives the old discard top a share too,
        or read below ``part_read`` from a box that is a part of the old top's (smaller: an
        arm over the card): perhaps the old card read otherwise for a moment (a drifting
        misread). 10704 at 151 s: a pink-3 half hidden, boxed at two thirds of its size,
        read surely as pink-4; 14909 at 49.3 s: a hand over the blue-2 left a box of 0.81
        of its size, read blue-0 at 0.55-0.61 for 0.5 s - a phantom hand play. Also a
        box not shaped like a card on the very spot of the old top's, however sure its
        reading: the old card boxed otherwise (12108 at 81 s: the yellow-3 boxed across,
        1.16 long to wide, read yellow-0 at 0.55 for 0.6 s - a phantom hand play). A part
        of no card's shape may be boxed across the card: its sides still lie along the
        card's (13805 at 19.3 s: a hand over the blue-4 left a box 1.2 long to wide at 0.8
        of its size, long side across the card's, read blue-2 at 0.32 for 0.5 s - a phantom
        hand play, two false alerts)."""
        if c.seat is not None or c.pile is None or not self.model.discard:
            return False
        was = self.committed.discard if self.committed is not None else None
        if (was is not None and c.pile.squarish
                and c.pile.shifted_from(was) <= self.still_shift):
            return True
        old = self.model.discard[-1]  # as read, or as taken (a stack top it left, a prior)
        if c.pile.confidence < self.unsure_read and any(
                _gives(c.pile, card, self.drift_share) for card in {old.seen_as, old.card}):
            return True
        if (was is None or c.pile.size >= self.part_of * was.size
                or c.pile.confidence >= self.part_read):
            return False
        # a part keeps the card's edges; a card laid anew lies turned (10408)
        turn = c.pile.turned_from(was)
        if c.pile.squarish:
            turn = min(turn, 90.0 - turn)  # (turned_from is at most 90)
        return turn <= self.part_turn

    def _flickers(self, c: _Candidate) -> bool:
        """``c`` lays a card on the discard whose face the camera has read by turns with
        another face, none of them the committed top, since the last move: that other face
        read there in ``touch_frames`` frames after ``c``'s was first read, from a box as
        large (within a tenth) and within ``flicker_off`` card diagonals of ``c``'s - one card
        read two ways, not two cards laid (the next card comes seconds later): wait for one
        reading to settle (15308 at 81.2-82.7 s: a pink-2 read pink-2 at 0.49-0.51 and pink-0
        at 0.55-0.59, a square box 0.13 card diagonals off, by turns, 5 frames each; the
        pink-0 was taken as played - a phantom and two false alerts). Not its kin (red and
        pink, the same value): a coin toss the second look settles, while waiting loses the
        move when the next card comes (14405 at 113.5-115.6 s: a pink-2 read pink-2 / red-2 at
        0.5 / 0.5 by turns for 2 s). Not a smaller box: part of the card under an arm (15104
        at 113.2 s: a green-2 boxed at 0.7-0.85 and read green-0 under the next hand; waited
        for, the play was lost when that hand's card came). Nor a card read otherwise only as
        it came down, or in one frame since (15408 at 103.9 s: a pink-1 read pink-5 at 0.39
        once)."""
        if c.pile is None or not c.move.to_discard:
            return False
        top = self._top_at(None)
        mine = self._read_span(c.seen_as)
        if mine is None:
            return False
        for face, times in self._read_at.items():
            if (face in (c.seen_as, top, twin(c.seen_as))
                    or sum(x > mine[0] for x in times) < self.touch_frames):
                continue
            box = self._still_box.get(face)
            if (box is not None and box[0].shifted_from(c.pile) <= self.flicker_off
                    and box[0].sized_like(c.pile)):
                return True
        return False

    def _part_of_stack_top(self, c: _Candidate) -> bool:
        """A collect read below ``part_read`` from a smaller box than the stack top's it
        would cover, on that top's place and not turned from it: perhaps a part of that top
        (an arm over it) read otherwise for a moment. 15003 at 33.3 s: an arm over seat 1's
        pink-5 left a box of 0.9 its size, 0.07 card diagonals off, read pink-0 at 0.44-0.52
        for 0.6 s - a phantom collect, a false alert and a question. A part lies off the
        top's centre by as much as it is smaller (16305 at 41.6 s: an arm passing over seat
        0's blue-5 left a box of 0.75 its size, 0.23 card diagonals off, read blue-3 at 0.53
        for 0.6 s - a phantom collect in turn, then the blue-5 read again taken as collected
        out of turn)."""
        if c.pile is None or c.pile.confidence >= self.part_read:
            return False
        was = self._top_in_place(c, whole=False)
        return was is not None and c.pile.size < was.size

    def _top_in_place(self, c: _Candidate, whole: bool = True) -> Pile | None:
        """For a collect, the committed top it would cover, when its card lies on that
        top's place (``part_shift``; ``whole`` False: a part of that top, off its centre by
        as much more as its box is smaller) and not turned from it (``part_turn``); else
        None."""
        if (c.seat is None or c.move.source is not Source.COLLECT or c.pile is None
                or self.committed is None):
            return None
        st = self.model.stack_at(c.seat, c.pile.centre, c.pile.size or 1.0)
        was = self._committed_top(c.seat, st) if st is not None else None
        if was is None:
            return None
        lacks = 0.0 if whole or not was.size else max(0.0, 1.0 - c.pile.size / was.size)
        if (c.pile.shifted_from(was) > self.part_shift + lacks
                or c.pile.turned_from(was) > self.part_turn):
            return None
        return was

    def _seen_landing(self, c: _Candidate) -> bool:
        """``c``, a stack top taken for a card the discard reads otherwise, was read surely
        as it landed there (in ``touch_frames`` frames or more), first: no flicker of the
        old card to wait out, and the next move may come within the wait (15908 at 91.0 s:
        seat 0's pink-4, read pink-3 once down, was waited for, lost to seat 1's collect
        1.9 s later, then taken as the card after it, a pink-0) - or read surely in one
        frame, its face read surely (``SURE_FACE``) in ``touch_frames`` (16103 at 134.0 s:
        seat 1's yellow-1, read 0.37 and 0.61 coming down, its face 0.99 and 0.98, then
        yellow-5 / yellow-2 at 0.25-0.32 where it lay: waited for until seat 2's yellow-0
        came on it, then asked about with two moves more). Not where a card may lie
        over it (see :meth:`_played_then_covered`): the reading now sure (``SURE_FACE``), the
        card peeking out under it, or read lying still where the reading lies (14701 at
        137.0 s: a red-0 laid on a red-2 read 2 s where it lay)."""
        card = c.move.card
        return (c.misread and c.seat is not None and c.move.source is Source.STACK
                and c.pile is not None and _share(c.pile, c.seen_as) < SURE_FACE
                and card not in c.pile.cards[1:]
                and self._only_coming_down(card, c.pile)
                and card in self._seen_coming_down() and self._landed_first[card]
                < self._landed_first.get(c.seen_as, math.inf))

    def _only_coming_down(self, face: Card, pile: Pile) -> bool:
        """``face`` was never read surely (``unsure_read``) on the discard lying still where
        ``pile`` lies now (its last still box more than ``near_shift`` card diagonals off):
        read surely only in motion, as it came down - the card now read otherwise there may
        be it, not one laid over it. Read there only unsurely, it was that card read by
        turns as it lay (16009 at 78.5 s: seat 1's yellow-5 read 0.80-0.85 coming down, then
        0.39 where it came to lie, then yellow-0 / yellow-5 at 0.25-0.37 by turns - waited
        for until the next seat's collect, 2.4 s late)."""
        box = self._still_box.get(face)
        return (box is None or box[0].shifted_from(pile) > self.near_shift
                or self._still_read.get(face, 0.0) < self.unsure_read)

    def _appeared_in_place(self, c: _Candidate) -> bool:
        """A collect out of turn whose card was first read (since the last move) on the very
        place of the stack top it would cover, lying as that top did at the last commit:
        never seen brought in (each of 141 collects onto a stack in 15 replayed games was
        first read 1.5 card diagonals or more from it) - perhaps that top read otherwise
        under a hand that leaves its box whole (15907 at 13.9 s: a hand over seat 3's
        green-4 left a box of its size, 0.04 card diagonals off, read green-1 at 0.75-0.78
        for 0.5 s - a phantom collect out of turn, a false alert and a question). Only out
        of turn, and only for ``in_place_s``: a cheat is rare, and its alert waits no more
        than that."""
        if c.seat is None or c.seat == self._turn():
            return False
        was = self._top_in_place(c)
        first = self._first_seen.get((c.seat, c.seen_as))
        return (was is not None and first is not None
                and _apart(first, was.centre) <= self.part_shift * (was.size or 1.0))

    def _lifted(self, observed: Key) -> bool:
        """Some stack's top is off the table (in a hand), the rest as before or hidden. Not
        when a card with the face under the top was seen at that seat, off the stack, since
        the last move: a twin of it brought from a hand and collected (11502 at 69 s: seat
        1's yellow-4 collected onto its yellow-3, which lay on the other yellow-4, looked
        like the yellow-3 lifted; three moves later it became a question)."""
        for seat, stacks in enumerate(self.model.stacks):
            for k, st in enumerate(stacks):
                if len(st.cards) < 2 or st.cards[-2].seen_as == st.top.seen_as:
                    continue  # an emptied stack is just hidden cards (see _covers); a twin
                    # lifted off its twin would show nothing new
                came = self._first_seen.get((seat, st.cards[-2].seen_as))
                if came is not None and _apart(came, st.centre) > (st.size or 1.0):
                    continue
                m = copy.copy(self.model)
                m.stacks = list(self.model.stacks)
                lifted = copy.copy(st)
                lifted.cards = st.cards[:-1]
                m.stacks[seat] = [*stacks[:k], lifted, *stacks[k + 1:]]
                if _covers(m.key(), observed) and m.key()[1][seat] == observed[1][seat]:
                    return True
        return False

    def _shows_again(self, state: VisibleState) -> bool:
        """``state`` is the last reading with only cards the tracker holds there shown
        again (an arm lifted off a stack): no new reading to wait out (12007 at 96 s: seat
        2's yellow stack, hidden by the arm that played its blue-5, showing again restarted
        the wait of the two moves read meanwhile; seat 3 collected before it was over and
        three moves became a question)."""
        last = self._candidate
        if last is None or self.phase is not Phase.PLAYING:
            return False
        now, before, held = _key(state), _key(last), self.model.key()
        if now[0] != before[0] or not _covers(now, before):
            return False
        return all(not (Counter(n) - (Counter(b) | Counter(h)))
                   for n, b, h in zip(now[1], before[1], held[1], strict=True))

    def _arrival(self, state: VisibleState) -> set[Place]:
        """{None} when the frames that showed the discard's top moved (a twin over it) all
        came just before ``state``'s new discard card was first read surely: that card
        covering the old top as it landed, no hand of the seat before laying a twin (12001
        at 36 s: seat 1's yellow-4, out of turn, shifted the yellow-0's box for 0.2 s as it
        landed; taken for seat 0's twin laid squarely, the alert was lost)."""
        old, new = self.committed, state.discard
        if old is None or new is None or old.discard is None or new.top == old.discard.top:
            return set()
        landed = self._landed_first.get(new.top, self._since)
        before = [x for x in self._discard_twin_at if x < landed - self.arrival_s]
        return {None} if len(before) < self.touch_frames else set()

    def _often(self, frames: Counter[_T], least: int | None = None) -> frozenset[_T]:
        """What showed in ``least`` (by default ``touch_frames``) frames or more since the
        last commit."""
        least = self.touch_frames if least is None else least
        return frozenset(k for k, n in frames.items() if n >= least)

    def _top_in_hand(self, state: VisibleState) -> set[int]:
        """Seats where, in this frame, a card with the discard top's face lies in the seat's
        zone, none of its stack tops and not where a stack lies (a top misread), its face
        read surely (:meth:`_face_sure`): the top's twin in a hand, on its way. 11004 at
        87 s: a blue-3 on its way, its face read green-3 at 0.31 and 0.60 (blue-3 0.30),
        made its play the next seat's. The top's face is the card it was taken as: a top taken
        for another card than it read as has no twin of its reading (14005 at 104 s: a blue-2
        read blue-0 at 0.25 and taken as blue-2; the blue-0 in the next seat's hand, on its
        way to be played on it, made that seat lay a blue-2 unseen)."""
        if not self.model.discard:
            return set()
        top = self.model.discard[-1].card
        return {seat for seat, piles in enumerate(state.seats)
                if all(st.top.seen_as != top for st in self.model.stacks[seat])
                and any(p.top == top and self._face_sure(p)
                        and self.model.stack_at(seat, p.centre, p.size) is None
                        for p in piles)}

    @staticmethod
    def _face_sure(p: Pile) -> bool:
        """The reader gives the top's face - or its red/pink kin's - ``SURE_FACE`` or more
        (the finder may be unsure of a card in a hand; 10909 at 105 s: a red-3 in a hand
        read red-3 at 0.75, pink-3 at 0.2). Without the reader's shares: sure."""
        kin = twin(p.top)
        return not p.alternatives or (
            _share(p, p.top) + (_share(p, kin) if kin is not None else 0.0) >= SURE_FACE)

    def _same_face_nearby(self, state: VisibleState) -> tuple[set[Place], set[Place]]:
        """Places where, in this frame, a card with the face of the top lies elsewhere than
        the top did at the last commit, or beside it: a twin in a hand over its twin; and of
        those, the stacks where it lies beside it (a second pile with the top's face, or a
        second card with it in the top's pile: the twin over its twin, both read). A pile on
        another of the seat's stacks is that stack read otherwise, no twin (11310 at 110 s:
        seat 2's pink-1 stack read red-1 at 0.5 beside its red-1, now and then, made a red-1
        collected unseen)."""
        old = self.committed
        if old is None:
            return set(), set()
        out: set[Place] = set()
        beside: set[Place] = set()
        if (state.discard is not None and old.discard is not None
                and state.discard.top == old.discard.top
                and state.discard.moved_from(old.discard)):
            out.add(None)
        for seat, (now, then) in enumerate(zip(state.seats, old.seats, strict=True)):
            sure = [p for p in now if p.confidence >= self.beside_read]
            for pile in then:
                same = [p for p in now if p.top == pile.top]
                stacks = self.model.stacks[seat]
                two = (_copies(_off_other_stacks(sure, stacks, pile.top), pile.top)
                       > _copies(_off_other_stacks(then, stacks, pile.top), pile.top))
                if two or (len(same) == 1 and same[0].moved_from(pile)):
                    places = {(seat, st.colour) for st in self.model.stacks[seat]
                              if st.top.seen_as == pile.top}
                    out |= places
                    if two:
                        beside |= places
        return out, beside

    def _twin_held(self, state: VisibleState) -> set[Place]:
        """Stacks with a second card of their top's face read surely (``held_read``) at
        the seat, off the stack (more than half a card from it): a twin in a hand."""
        out: set[Place] = set()
        for seat, stacks in enumerate(self.model.stacks):
            for st in stacks:
                if any(p.top == st.top.seen_as and p.confidence >= self.held_read
                       and not _on(st, p) for p in state.seats[seat]):
                    out.add((seat, st.colour))
        return out

    def _twin_carried(self, state: VisibleState) -> set[Place]:
        """Stacks with a second card of their top's face read less surely (``beside_read``)
        at the seat, off the stack, ``carry_step`` card diagonals or more nearer it than any
        reading of it before since the last move: a card carried to the stack, no misread
        lying still, so a twin in a hand too (15604 at 8.0-8.8 s: seat 1's second yellow-1
        read 0.53-0.77 on its way in, 235 px to 59 px from its yellow-1, then laid squarely
        on it out of turn - the cheat went unseen, and seat 1's later play of the top was
        read as a hand play). Keeps how near each was read (call it once a frame)."""
        out: set[Place] = set()
        for seat, stacks in enumerate(self.model.stacks):
            for st in stacks:
                off = [p for p in state.seats[seat] if p.top == st.top.seen_as
                       and p.confidence >= self.beside_read and not _on(st, p)]
                if not off:
                    continue
                place = (seat, st.colour)
                near = min(_apart(p.centre, st.centre) for p in off)
                last = self._twin_near.get(place)
                if last is not None and near <= last - self.carry_step * (st.size or 1.0):
                    out.add(place)
                self._twin_near[place] = min(near, last) if last is not None else near
                self._twin_last[place] = near
        return out

    def _gone(self, observed: Key, model: TableModel | None = None
              ) -> tuple[Card | None, list[Counter[str]]]:
        """What the model shows and ``observed`` lacks: the discard top, each seat's tops."""
        want = (model or self.model).key()
        top = want[0] if observed[0] is None else None
        return top, [Counter(w) - Counter(o) for w, o in zip(want[1], observed[1], strict=True)]

    def _places_missing(self, observed: Key, model: TableModel | None = None) -> set[Place]:
        m = model or self.model
        top, gone = self._gone(observed, m)
        out: set[Place] = {None} if top is not None else set()
        for seat, g in enumerate(gone):
            out |= {(seat, st.colour) for st in m.stacks[seat] if g[str(st.top.seen_as)]}
        return out

    def _missing(self, observed: Key) -> str:
        top, gone = self._gone(observed)
        parts = [f"discard top {top}"] if top is not None else []
        parts += [f"seat {seat}: {', '.join(sorted(g.elements()))}"
                  for seat, g in enumerate(gone) if g]
        return "; ".join(parts) or "nothing"

    def _ask(self, text: str, cands: Sequence[_Candidate], state: VisibleState, t: float,
             before: VisibleState | None) -> list[TrackerEvent]:
        self._asked = copy.deepcopy(self.model)
        self._rebase(state)
        seen: list[Observation] = []
        for c in cands:
            if c.observation not in seen:
                seen.append(c.observation)
        return [Question(text, tuple(seen), t, state, before)]

    def reread(self, seat: int | None, was: Card, now: Card, under: int = 0) -> None:
        """The referee was told that the discard top (``seat`` None; ``under``: the card that
        many below it) or a stack top of ``seat`` read as ``was`` is ``now`` (the camera's
        reading stays what it is)."""
        if seat is None:
            d = self.model.discard
            tops = d[-1 - under:len(d) - under]
        else:
            tops = [st.top for st in self.model.stacks[seat]]
        for top in tops:
            if top.card == was:
                top.card = now
                return

    @property
    def twin_landed(self) -> bool:
        """Since the last move, the discard top's face was read surely coming down well off
        the top (a twin landing, :meth:`_twin_landing`), in a frame or more."""
        return self._twin_landed_frames > 0

    @property
    def top_moved(self) -> bool:
        """Since the last move, the discard top's face was read surely lying elsewhere than
        the committed top (:meth:`_top_moved`), in ``touch_frames`` frames or more."""
        return self._top_moved_frames >= self.touch_frames

    def _top_kin_in_place(self, top: Pile | None) -> frozenset[Card]:
        """The kin of the discard top being committed (red and pink, the same value), when
        it was read from a box where the top lies (``SAME_KIN_PLACE`` card diagonals, alike in
        size): the top's colour misread as it settled, not a card landed under it (15302 at
        21.5-23.3 s: seat 1's pink-5 read red-5 at 0.61 and 0.51 coming down, then red-5 /
        pink-5 at 0.5 / 0.45 where it lay - the red-5 was taken for a card laid unseen
        before it, a phantom)."""
        kin = twin(top.top) if top is not None else None
        box = self._still_box.get(kin) if kin is not None else None
        if top is None or kin is None or box is None:
            return frozenset()
        b = box[0]
        return frozenset({kin}) if b.sized_like(top) and b.shifted_from(top) <= SAME_KIN_PLACE \
            else frozenset()

    @property
    def landed_once(self) -> frozenset[Card]:
        """Cards other than the discard top read surely on the discard since the last move,
        in a frame or more (a card coming down may be read so in one frame only, then
        misread where it lies)."""
        return self._landed_since(least=1)

    def add_unseen(self, seat: int | None, move: Move, laid_since: int = 0,
                   read_as: Card | None = None) -> None:
        """A move that happened unseen (a twin laid on its twin) joins the model;
        ``laid_since``: cards laid on the discard after it (it lies under them); ``read_as``:
        how the camera reads the card (a card misread as the one below it). A card
        played from a stack the model does not hold (the players told of a move the camera
        took otherwise) leaves the model as the table shows it."""
        if move.source is Source.STACK:
            st = self.model.stack_of(seat, move.stack)
            if st is None or all(c.card != move.card for c in st.cards):
                return
        self.model.apply(seat, move, read_as or move.card, None)
        if move.source is Source.COLLECT and seat is not None and move.stack is not None:
            # the twin seen beside that stack is spent: it was this card, no second one
            # laid out of turn too (12407 at 103 s: seat 1's second joker, read as laid in its
            # turn, then again out of turn - jokers have copies enough for both: a phantom
            # collect that ended the round's count early)
            spent = {(seat, move.stack)}
            self.twin_beside, self.twin_held = self.twin_beside - spent, self.twin_held - spent
        if move.to_discard and laid_since:
            self.model.discard.insert(-1 - laid_since, self.model.discard.pop())

    def reshuffled(self) -> None:
        """The discard pile under its top went back into the draw pile (the referee
        reshuffled it): those cards can come up again, so they no longer count as seen."""
        del self.model.discard[:-1]
        self._squared = True

    def resume(self, state: VisibleState) -> None:
        """Pick up a round in progress (after a restart): take the table as it is, ask nothing."""
        self.phase = Phase.PLAYING
        self._rebase(state)

    def end_reveal(self) -> None:
        """The reveal was entered by hand: stop waiting for it on the table."""
        self.phase = Phase.WAITING

    def _rebase(self, state: VisibleState) -> None:
        """Take the table as it now is (after a question): keep histories where stacks match."""
        m = self.model
        d = state.discard
        if d is not None and (not m.discard or m.discard[-1].seen_as != d.top):
            m.discard.append(TrackedCard(d.top, d.top))
        for seat, piles in enumerate(state.seats):
            kept: list[TrackedStack] = []
            for pile in piles:
                st = m.stack_at(seat, pile.centre, pile.size or 1.0)
                if st is None or st in kept:
                    colour = pile.stack_colour or pile.top.colour or next(iter(Colour))
                    st = TrackedStack(colour, [], pile.centre, pile.size)
                if not st.cards or st.top.seen_as != pile.top:
                    st.cards.append(TrackedCard(pile.top, pile.top))
                kept.append(st)
            m.stacks[seat] = kept
        self._commit(state, rebased=True)
