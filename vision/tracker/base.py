"""What the tracker keeps between frames: its model of the table, the committed state, the
counts of what each frame read, and the two acts every reading ends in - committing a state,
or asking the players.

The layers of the tracker build on one another, each calling only the ones below it:
:class:`TrackerBase` (this module) -> :class:`~vision.tracker.stacks.StackReading` ->
:class:`~vision.tracker.discard.DiscardReading` -> :class:`~vision.tracker.moves.MoveReading`
-> :class:`~vision.tracker.tracker.Tracker`."""

from __future__ import annotations

import copy
import math
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TypeVar

from engine.cards import Card, Colour
from engine.moves import Source
from engine.observations import Observation
from vision.card_priors import twin
from vision.table_view import BESIDE_READ, Pile, VisibleState
from vision.tracker.events import Phase, Question, TrackerEvent
from vision.tracker.model import (
    SAME_KIN_PLACE,
    UNDER_TOP,
    Key,
    Place,
    TableModel,
    TrackedCard,
    TrackedStack,
    _apart,
    _Candidate,
    _LastLaid,
    _lies_as,
    _on,
    _top_key,
)

_T = TypeVar("_T")


class TrackerBase:
    """The tracker's memory and its commits (see the module's docstring for the layers)."""

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
        # ... and so is a known stack top unread this long while the tracker holds
        self.lost_top_s = 0.6
        # a closer look at a discard pile held unread this long takes any card read surely by
        # its face (see Tracker.discard_unread_s)
        self.lost_discard_s = 1.0
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
        self.beside_read = BESIDE_READ
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
        # every discard top committed this round, as it lay then (where each card of the
        # pile was laid)
        self._laid_round: list[Pile] = []
        # where a card under the top peeks out: read there (not where it lay when laid), the
        # top read surely in place after it - since the top was laid (see _under_top)
        self._peeks: list[Pile] = []
        self._peek_tries: list[Pile] = []  # ... read there, the top not read since
        # the discard pile as it lay just after a card landed on it (settle_s after the move
        # was committed): each place its top's face was read then (see _twin)
        self.settle_s = 1.0
        self.flicker_off = 0.25  # card diagonals between boxes of one card read two ways
        self._settled: list[Pile] = []
        # each place the top's face was read on the discard since it landed (in how many
        # frames), and of those, the ones read in touch_frames frames or more before the
        # last move was read: the pile as it lies, not a twin laid since (see _twin)
        self._pile_places: list[tuple[Pile, int]] = []
        self._pile_read: list[Pile] = []
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
        self._twin_back_frames = 0  # ... and where it lay, since its twin was seen landing
        self._wander_weight: Counter[Card] = Counter()  # the candidate's discard faces, summed
        self._held_since: float | None = None
        self._held_meanwhile = False  # ... at some time since the last move was read
        self._asked_hold = False
        self._asked: TableModel | None = None  # the model before the last question's rebase
        self._last_laid: _LastLaid | None = None  # the last move, if laid so (back_s)
        # the old top seen again where it lay within back_s of a hand play onto it: that
        # play was the old top misread
        self.back_s = back_s
        self._back_frames = 0  # ... frames it was read so since that play (see _seen_back)
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
        self._best_read: dict[Card, float] = {}  # ... how surely it was read at best
        self._discard_lost = False  # ... a frame showed no discard pile (a hand over it)
        # the referee reshuffled the discard pile under its top since the last move: the top
        # was lifted off the pile and laid back, wherever it lies now
        self._squared = False
        self._landed_frames: Counter[Card] = Counter()  # ... read surely (>= unsure_read)
        # ... of those, read from a part of a card by the committed top (see _part_by)
        self._part_frames: Counter[Card] = Counter()
        # ... its face read surely (SURE_FACE), however unsure the box, and when first so
        self._face_frames: Counter[Card] = Counter()
        self._face_first: dict[Card, float] = {}
        self._landed_first: dict[Card, float] = {}  # ... first so when
        # ... faces of those read from a box over TWIN_OFF card diagonals off the committed
        # top's (in how many frames): a card coming down, not the still top misread where
        # it lies
        self._came_down: Counter[Card] = Counter()
        self._twin_landed_frames = 0  # ... the top's face read surely, moved: a twin landing
        self._top_moved_frames = 0  # ... read surely, lying elsewhere (moved or turned)
        # frames the top's twin lay at a seat (the seat, and the top's face then)
        self._loose_frames: Counter[tuple[int, Card]] = Counter()
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
        # ... and the face the new top is read as, read surely landing before it (see
        # _read_before_top)
        self.read_before_top: frozenset[Card] = frozenset()
        # ... and those read surely in one frame or more (a card coming down, then hidden)
        self.landed_in_a_frame: frozenset[Card] = frozenset()
        # when each card read surely on the discard meanwhile was first read so
        self.landed_first: dict[Card, float] = {}
        # the seats where the card of the last move, a hand play, was read (surely) before it
        # landed: the hand that played it (empty: not seen so, or another move)
        self.hand_from: frozenset[int] = frozenset()
        # seats where a loose card with the discard top's face lay meanwhile (in a hand),
        # with that face: the top then (moves read at once change it between)
        self.top_in_hand: frozenset[tuple[int, Card]] = frozenset()

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
                or state.discard.top != self.committed.discard.top) and not (
                self._laid and state.discard.top == self._laid[-1].top
                and _lies_as(state.discard, self._laid[-1])):
            # (not the last card laid read again where it lay, after it was hidden or
            # another card read there for a while: 20304 at 32.1-37.1 s, a red-3 laid half
            # over the pink-3 and read by turns with it, was laid three times over - the
            # pink-3 no longer among the cards under it, its part read there at 38 s was
            # taken for the other pink-3 laid)
            self._landed_at = self._since
            # the top and the cards under it - the round's first card too, once a move laid
            # a card on it (16003 at 23.6 s: the green-3 under the joker, read where it lay
            # while the joker's box was lost, was taken as the other green-3); not a top
            # taken as the table shows it after a question (it may be a misread)
            was = self.committed.discard
            under = self._laid[-UNDER_TOP:] or ([was] if was is not None and not rebased
                                                else [])
            self._laid = [*under, state.discard]
            self._laid_round.append(state.discard)
            self._peeks, self._peek_tries = [], []
        if moved and len(self.model.discard) > self._discard_count and state.discard:
            self._laid_at, self._settled = self._now, [state.discard]  # a card landed there
            self._first_box.clear()
            self._pile_places = []
        self._discard_count = len(self.model.discard)
        self.committed = state
        self._astride_wait = None
        self._held_since, self._asked_hold = None, False
        self._unexplained_since = None
        if moved:
            self._moved_at = self._now
            self._pile_read = [p for p, n in self._pile_places if n >= self.touch_frames]
            self._held_meanwhile = False
            self._last_laid, self._back_frames = None, 0
            self._squared = False
            self.hand_from = frozenset()
            self.touched = frozenset(self._touched | (self._often(self._twin_frames)
                                                      - arrival))
            self.twin_beside = self._often(self._beside_frames)
            self.twin_held = self._often(self._twin_held_frames)
            self.discard_faces = frozenset(self._discard_face_frames)
            self.discard_faces_firm = frozenset(
                self._often(self._discard_face_frames) | self._discard_faces_sure)
            # (a face read only from a part box by the top is the pile peeking out, 18607)
            kin = self._top_kin_in_place(state.discard) | frozenset(
                f for f, n in self._landed_frames.items() if n <= self._part_frames[f])
            self.landed, self.landed_in_a_frame = (self._landed_since() - kin,
                                                   self.landed_once - kin)
            self.landed_first = dict(self._landed_first)
            self.read_before_top = self._read_before_top()
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
                           self._face_frames, self._part_frames):
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
            self._best_read.clear()
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

    def _landed_since(self, least: int | None = None) -> frozenset[Card]:
        """Cards other than the committed top read surely on the discard since the last
        commit (in ``least``, by default ``touch_frames``, frames or more)."""
        top = self._top_at(None)
        return frozenset(c for c in self._often(self._landed_frames, least) if c != top)

    def _committed_top(self, seat: int, st: TrackedStack) -> Pile | None:
        """The pile showing the stack's top on it at the last commit (None: none)."""
        piles = self.committed.seats[seat] if self.committed is not None else ()
        return next((p for p in piles if p.top == st.top.seen_as and _on(st, p)), None)

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
        st = m.stack_of(c.seat, c.move.stack) if c.bared is not None else None
        if st is not None:
            st.top.seen_as = c.bared
        return m

    def _read_span(self, face: Card) -> tuple[float, float] | None:
        """When ``face`` was first and last read on the discard since the last move (None:
        not read)."""
        times = self._read_at.get(face)
        return (times[0], times[-1]) if times else None

    def _first_read(self, face: Card) -> float:
        """When ``face`` was first read on the discard since the last move (inf: not read)."""
        return (self._read_span(face) or (math.inf, math.inf))[0]

    def _top_at(self, place: Place) -> Card | None:
        """The card the model shows at a place (the discard top, or a seat's stack top)."""
        if place is None:
            return self.model.discard[-1].seen_as if self.model.discard else None
        st = self.model.stack_of(*place)
        return st.top.seen_as if st is not None else None

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

    def _top_unfound(self) -> bool:
        """The discard's top was laid while the pile was unread: a card the finder may not
        find (some printings' jokers) - the pile unread is the table as known, not a pile
        hidden (a card laid on it shows, and is read)."""
        return bool(self.model.discard) and self.model.discard[-1].unread

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

    def _read_before_top(self) -> frozenset[Card]:
        """The face the discard top now committed is read as, where that is not the card
        taken, nor its kin, and was read surely landing (in ``touch_frames`` frames) before
        that card was first read so: perhaps another card, laid before it (20108 at
        54.1-57.2 s: seat 0's yellow-5 read 0.93 coming down, the pile unread, then seat 1's
        yellow-0 read 0.98 coming down onto it and the pile read yellow-5 at 0.3 since -
        taken as the yellow-0 misread). Not where that card was never read surely: then the
        other face is more likely that card misread (19906 at 98.2 s: a pink-2 read red-2 at
        0.57 all along, taken as pink-2 to fit the pink-1)."""
        top = self.model.discard[-1] if self.model.discard else None
        if top is None or top.seen_as in (top.card, twin(top.card)):
            return frozenset()  # (red read pink, or pink red: the commonest misread)
        first = self._landed_first.get(top.seen_as, math.inf)
        return frozenset({top.seen_as}) if (
            self._landed_frames[top.seen_as] >= self.touch_frames
            and first < self._landed_first.get(top.card, math.inf) < math.inf) else frozenset()

    @property
    def landed_once(self) -> frozenset[Card]:
        """Cards other than the discard top read surely on the discard since the last move,
        in a frame or more (a card coming down may be read so in one frame only, then
        misread where it lies)."""
        return self._landed_since(least=1)

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
