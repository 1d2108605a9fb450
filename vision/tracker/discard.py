"""How the tracker reads the discard pile as cards land on it: a card coming down, settling,
read once whole or only in part, the cards peeking out under the top, a top read back as it
was, a twin laid on its twin."""

from __future__ import annotations

import dataclasses
import math

from engine.cards import Card, copies_in_deck
from engine.moves import Move, Source
from vision.card_priors import possible, twin
from vision.table_view import CARD_SHAPE, SURE_FACE, Pile, VisibleState, pile_order
from vision.tracker.model import (
    COVERS_MIDDLE,
    ONCE_WHOLE,
    SAME_PLACE,
    TWIN_OFF,
    UNDER_TOP,
    _apart,
    _Candidate,
    _gives,
    _lies_as,
    _on,
    _read_as_landed,
)
from vision.tracker.stacks import StackReading

# a box reading the face of a card of the pile lies up to this many card diagonals off that
# card's where it is the part of it peeking out from under the top (19903: 0.18)
PEEK_OFF = 0.25


class DiscardReading(StackReading):
    """Reading the discard pile from the frames since the last commit."""

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
        return ((self._wanders(was.discard, state.discard) or self._top_reboxed(state.discard))
                and not self._landed_since()
                and state.discard.top not in self.landed
                and not self._left_its_stack(state.discard.top, state))

    def _misread_face_laid(self, d: Pile | None) -> None:
        """The discard top was taken as another card than the camera read it as, from an
        unsure reading round part of it (below ``unsure_read``), and ``d`` reads that face
        surely from a whole card's box where it lay: a card of that face laid on it. The
        committed top, and the top as read, become the card taken, so ``d`` is a change
        (14005 at 104.5 s: a blue-2 read surely as it landed, then blue-0 at 0.25 from a
        box of 0.8 of its size, was taken as blue-2; the blue-0 laid on it, read 0.7, was
        that blue-2 read again - a move missed and two phantom plays). Read surely at the
        top too, when a card of that face was read surely coming down off the top's place
        since the last move (19007 at 84.6 s: seat 0's yellow-3 played from its stack,
        read yellow-0 at 0.5-0.6 on the discard, was taken as the yellow-3; seat 1's
        yellow-0 laid on it, read 0.9 coming down 0.6 card diagonals off, was that top read
        again - the play missed, and the next seat's collect a question)."""
        if self.committed is None or d is None or not self.model.discard:
            return
        was, top = self.committed.discard, self.model.discard[-1]
        if (was is None or d.top != was.top or top.seen_as != d.top or top.card == d.top
                or d.confidence < self.unsure_read):
            return
        whole = was.confidence < self.unsure_read and d.size * self.part_of >= was.size
        # (a kin laid on it - red on pink - lies elsewhere: see Tracker._twin)
        if not (whole or d.top in self._came_down and twin(d.top) != top.card):
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
        if self._top_reboxed(d):
            return True
        if (top is None or d.top == top.top or d.shifted_from(top) > SAME_PLACE
                or not d.sized_like(top)):
            return False
        return (d.squarish and top.squarish
                or twin(d.top) == top.top and not d.squarish and not d.moved_from(top))

    def _top_reboxed(self, d: Pile) -> bool:
        """``d`` reads another face than the committed discard top, not surely (its face
        below ``SURE_FACE``), from a box of no card's outline (squarer than ``CARD_SHAPE``)
        on the very spot of the top's card-shaped one (within ``near_shift`` card diagonals,
        alike in size within a tenth), and no card was read coming down off that spot since
        the last move: the still top boxed otherwise and misread, no card laid - a card
        laid there shows its own outline once down (20210 at 286.8 s: the still pink-2,
        boxed 1.57 long to wide, was boxed 1.30 a quarter turn otherwise, 0.06 card
        diagonals off, and read pink-0 at 0.60 for 1.2 s - a phantom hand play, a false
        out-of-turn alert and a false discard-not-fitting alert on the next seat's play).
        Not once a card came down (15509 at 115.1 s: the other green-5 read coming down on
        the green-5, then both boxed as one, 1.3 long to wide, read green-0)."""
        top = self.committed.discard if self.committed is not None else None
        return (top is not None and d.top != top.top and d.aspect is not None
                and d.aspect < CARD_SHAPE and top.aspect is not None
                and top.aspect >= CARD_SHAPE and d.share(d.top) < SURE_FACE
                and d.shifted_from(top) <= self.near_shift and d.sized_like(top)
                and not self._came_down and not self._twin_landed_frames)

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

    def _twin_not_landed(self, d: Pile | None) -> None:
        """The committed top read surely, whole, where and as it lay (within ``still_shift``
        card diagonals, not turned, alike in size within a tenth) ``min_frames`` frames
        running after its face was read as a twin coming down (:meth:`_twin_landing`): that
        was the top itself, boxed off its place under a hand, not a twin laid - a twin lies
        on it elsewhere, if only 0.07 card diagonals off (13604), or boxed otherwise (13404:
        squarely on it, boxed shorter); the sign is dropped (20305 at 138.9 s: the pink-4
        read 0.22 card diagonals off in one frame, then where it lay for 2 s; the pink-5
        laid next, boxed astride and read 0.65, was taken for that pink-4's twin - a move
        lost)."""
        top = self.committed.discard if self.committed is not None else None
        if (not self._twin_landed_frames or d is None or top is None or d.top != top.top
                or d.squarish or d.confidence < self.unsure_read
                or d.moved_from(top, shift=self.still_shift) or not d.sized_like(top)):
            self._twin_back_frames = 0
            return
        self._twin_back_frames += 1
        if self._twin_back_frames >= self.min_frames:
            self._twin_landed_frames = self._twin_back_frames = 0

    def _settling(self, d: Pile | None, t: float) -> None:
        """Keep each place the discard top's face is read within ``settle_s`` of a card
        landing: that is the pile as it lies (the card settling, a card of the same face under
        it peeking out), not a twin laid later (12806 at 71 s: a rainbow joker played onto
        another, crossing it; the camera read the top as one, then the other, by turns - two
        phantom jokers laid). And count each place it is read at since, for the places read
        so before the last move (19109 at 48.3 s: a joker laid across a blue-5, read from
        its own box and, now and then since 28.6 s, from one round both cards 0.1 card
        diagonals off it, turned 90 degrees - read so for 0.8 s as the next seat collected,
        it was taken for the other joker laid on it: a phantom, and the next seat's collect
        a false out-of-turn alert)."""
        if d is None or not self.model.discard or d.top != self.model.discard[-1].seen_as:
            return
        at = next((i for i, (p, _) in enumerate(self._pile_places) if _lies_as(d, p)), None)
        if at is None:
            self._pile_places.append((d, 1))
        else:
            self._pile_places[at] = (self._pile_places[at][0], self._pile_places[at][1] + 1)
        if t - self._laid_at <= self.settle_s and not any(_lies_as(d, p) for p in self._settled):
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
        peeking out before (:meth:`_note_peeks`), whether or not it was read elsewhere - and
        so is any card read from a part box on the top, or as a card of the pile the top was
        laid on, where one was read so before (see :meth:`_peeks_from_pile`)."""
        if d is None or len(self._laid) < 2 or not self.model.discard:
            return False
        top = self._laid[-1]
        if d.top == top.top or top.top != self.model.discard[-1].seen_as:
            return False
        under = d.top in {c.seen_as for c in self.model.discard[-1 - UNDER_TOP:-1]}
        if not under and not self._peeks_from_pile(d, top):
            return False
        if any(p.top == d.top and _lies_as(d, p) for p in self._peeks):
            return True
        if not under:  # part of a card on the pile: peeking out if the top reads again
            self._peek_tries.append(d)
            return False
        laid = [p for p in self._laid[:-1] if p.top == d.top]
        if not any(_lies_as(d, p) or self._part_where_laid(d, p) for p in laid):
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

    def _part_where_laid(self, d: Pile, p: Pile) -> bool:
        """``d`` is boxed no larger than the card ``p`` was when it lay as the top, its
        centre on ``p``'s spot (within ``SAME_PLACE`` card diagonals), however turned: the
        uncovered part of that card, boxed otherwise than the whole (20304 at 29.4 s: the
        pink-3 under the red-3 just laid half over it, boxed at 0.87 of its size, turned 14
        degrees, 0.04 card diagonals off, read 0.49-0.52 for 2.7 s - taken for the other
        pink-3 laid: a phantom, and the red-3 read again later a second one)."""
        return d.size <= p.size and d.shifted_from(p) <= SAME_PLACE

    def _peeks_from_pile(self, d: Pile, top: Pile) -> bool:
        """``d`` may be a part of the pile under the committed ``top`` (as read when it was
        laid): boxed round a part of a card (below ``part_of`` of the top's box), its centre
        on the top's card, or read as a face the pile showed under the top as it was laid.
        Were it read there, then the top where it lay, then it there again, it is the pile
        peeking out, whatever it reads - a card laid on the top covers it for good (17106 at
        32.4 s: the red-5 on the discard, its box lost for 2.3 s and then 0.5 s, a box of
        0.63 of it 0.26 card diagonals off read red-0 at 0.37, its face 0.98, each time; the
        second time taken as a red-0 played, a phantom. 17307 at 72.1 s: seat 2's pink-2
        laid on its twin and the pink-3, a card of the pile read pink-0 at 0.56-0.6, its
        face 0.9, 0.41 card diagonals off, by turns with the pink-2 for 1.4 s, then alone -
        a phantom pink-0)."""
        return self._part_by(d, top) or d.top in top.cards[1:]

    def _part_by(self, d: Pile, top: Pile) -> bool:
        """``d`` is boxed round a part of a card (below ``part_of`` of ``top``'s box) within
        half a card diagonal of the discard's ``top``: a card of the pile peeking out from
        under it, or the top's own part - as a card laid there is, a moment, only as it
        comes down (18607 at 58.2-59.7 s: the yellow-5 under the yellow-1 read yellow-0 at
        0.61 from a box of 0.74 of it, 0.43 card diagonals off, for 1.5 s - then taken for a
        yellow-0 laid unseen between the yellow-1 and the yellow-3 that came next: a phantom
        play, a false out-of-turn alert)."""
        return d.size < self.part_of * top.size and d.shifted_from(top) <= 0.5

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

    def _seen_coming_down(self) -> frozenset[Card]:
        """Of those, the cards seen landing: read surely in ``touch_frames`` frames, or in one
        with their face read surely (``SURE_FACE``) in as many."""
        return self._landed_since() | (self._landed_since(1) & self._often(self._face_frames))

    def _came_down_as(self, face: Card) -> bool:
        """``face`` was read surely on the discard since the last move (in ``touch_frames``
        frames or more), once at least from a box off the committed top's: a card of it came
        down there."""
        return face in self._came_down and face in self._landed_since()

    def _came_down_often(self, face: Card) -> bool:
        """``face`` was read surely coming down onto the discard, off the old top's place,
        in ``touch_frames`` frames or more since the last move (kept when the old top reads
        surely again after: that is the card laid, misread, not a hand gone from over it,
        :meth:`_top_back`)."""
        return self._came_down[face] >= self.touch_frames

    def _came_down_misread(self, c: _Candidate) -> bool:
        """``c`` plays a stack's top onto the discard, which reads the old top's face still,
        and that top's face came down there (:meth:`_came_down_often`)."""
        return (c.misread and c.move.source is Source.STACK
                and self._came_down_often(c.move.card))

    def _known(self, state: VisibleState) -> VisibleState:
        """A card that still lies where a known top lay, and could be that card (its reading
        gives it ``sticky`` or more), is that card: a misread that flickers between two
        classes for seconds does not become a move. Not on the discard when its face was
        read surely there as a card came down since the last move, off the top's place
        (14402 at 108 s: seat 2's green-4, over its twin, read 0.77 coming down 0.23 card
        diagonals off the green-1, then boxed square at 0.25, its face 0.4 and green-1's
        0.15 - taken for the green-1, the play lost). Read surely where the top lies, it
        is the top misread still (14108 at 53.5 s: a red-4 taken as pink-4, read red-4 at
        0.5-0.7 in place for 0.7 s - a phantom play). The card known to lie there, read
        right at last, is that card however it was boxed, where no copy of it is left to lay
        (19408 at 76.1 s: a red-4 taken for the top, read red-5 at 0.25-0.3 from a box
        astride the pile for 4 s, then red-4 at 0.72 nudged 0.04 card diagonals by seat
        0's arm as it collected - the other red-4 on seat 2's stack: two moves, a
        question). The card under the top read unsurely where the top lies is the top,
        boxed astride the two (19907 at 127.1 s: seat 0's red-4, taken as laid on the red-3
        though read red-3 at 0.26-0.44, was then taken for that red-3's twin laid on it)."""
        def could_be(pile: Pile, card: Card) -> bool:
            return pile.top != card and _gives(pile, card, self.sticky)

        discard = state.discard
        old = self.committed.discard if self.committed else None
        if discard is not None:
            first = self._first_box.setdefault(discard.top, (discard, self._now))
            if discard.shifted_from(first[0]) > self.still_shift:
                self._first_box[discard.top] = (first[0], float("inf"))  # it moved
        # a card of its face came down off the top's place since the last move
        came_down = discard is not None and self._came_down_as(discard.top)
        # ... or the card known to lie there, taken for a misread of it, now read right -
        # not once one of its face came down: its twin laid
        right = (discard is not None and old is not None and bool(self.model.discard)
                 and discard.top == self.model.discard[-1].card != old.top and not came_down)
        # ... or the top's kin (red <-> pink) read where the top lies, to a still card's
        # jitter: a card laid by hand seldom falls on the pixel (19807 at 100.8 s: seat 1's
        # pink-1, read by turns pink-1 and red-1 at 0.88 as it lay, taken as red-1, then
        # pink-1 at 0.89 for a second - a pink-1 laid on it, a phantom; see _kin_in_place)
        kin = (discard is not None and old is not None and not came_down
               and discard.top == twin(old.top)
               and discard.lies_still_as(old))
        # ... or the card under the top read unsurely where the top lies: the top boxed
        # astride the card it was laid on (see _laid_astride_top)
        under = (discard is not None and len(self.model.discard) > 1 and not came_down
                 and discard.top == self.model.discard[-2].card
                 and discard.confidence < self.unsure_read)
        if (discard is not None and old is not None and self.model.discard
                and (could_be(discard, old.top) and not came_down or right or kin or under)
                and not discard.moved_from(old)):
            discard = discard.read_as(old.top)
        elif right and old is not None and (self._read_right_at_once(discard, old)
                                            or not possible(discard.top, self.model.seen())):
            discard = old  # boxed otherwise too: the pile lies as it was
        elif discard is not None and old is not None and self._part_of_top(discard, old):
            discard = old  # part of the top laid last, misread: the pile lies as it was
        elif (discard is not None and old is not None
              and self._misread_where_laid(discard, old, state)):
            discard = old  # a card of the pile misread where it lies: no card laid
        elif (discard is not None and old is not None
              and (laid := self._laid_astride_top(discard, old, state)) is not None):
            discard = discard.read_as(laid)  # the card laid, boxed astride the top
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
                                       and not self._carried_onto(seat, pile, st)
                                       or self._kin_in_place(seat, pile, st)
                                       or self._misread_in_place(seat, pile, st)
                                       or self._unsure_in_place(seat, pile, st)):
                    pile = pile.read_as(st.top.seen_as)
                by = self._seat_on_edge(seat, pile) if st is None else None
                seats[seat if by is None else by].append(pile)
        return dataclasses.replace(state, discard=discard,
                                   seats=tuple(tuple(sorted(p, key=pile_order)) for p in seats))

    def _misread_where_laid(self, d: Pile, old: Pile, state: VisibleState) -> bool:
        """``d`` reads a face of which no copy is left to lay, from a box lying as a card of
        the pile was laid this round (neither moved nor turned from it): that card, or the
        pile round it, misread where it lies - no card was laid (19509 at 169.3 s: seat 3's
        yellow-2 laid across its twin, the two boxed as one where the lower one lay and read
        yellow-0 at 0.4-0.56, yellow-4 at 0.16 - one yellow-0 in the pile, the other still
        read on seat 0's stack, it was taken for a yellow-4 from a hand: a phantom play, the
        next seat's play a false out-of-turn alert). No copy is left where each lies in the
        pile, or tops a stack and is read there still, not over its twin - a top played off
        its twin leaves its stack reading as before (19504 at 115.6 s), and a card under a
        top may be pulled out (18707 at 98.3 s: a covered-card cheat). Not while a stack top
        is gone from its seat: that card played, misread where it lies (19108 at 117.6 s:
        seat 0's red-1 off its red-3, read red-4 at 0.25-0.45 where a red-4 had lain) - nor
        once another card, or the top's twin, was read surely coming down since the last
        move: that card, read astride where it landed (see :meth:`_landed_instead`). A box
        reading the very face of a card of the pile laid this round may lie up to
        ``PEEK_OFF`` card diagonals off that card's: the part of it that peeks out from under
        the top, boxed (19903 at 27.6 s: seat 0's yellow-3 played onto the yellow-5s, then
        the yellow-5 under it boxed 0.18 card diagonals off where it had been laid, read 0.97
        - a third yellow-5 from a hand, a phantom and a false out-of-turn alert)."""
        face = d.top
        if (face == old.top or d.aspect is None  # (no turned box: its turn is unknown)
                or self._landed_since(1) - {face} or self._twin_landed_frames
                or not any(p.aspect is not None
                           and not (d.moved_from(p, PEEK_OFF) if p.top == face
                                    else d.moved_from(p))
                           for p in self._laid_round)):
            return False
        stacks = [(st, state.tops(seat)) for seat, sts in enumerate(self.model.stacks)
                  for st in sts]  # each stack with the tops its seat reads
        if any(st.top.seen_as not in read for st, read in stacks):
            return False
        held = sum(t.card == face for t in self.model.discard)
        for st, read in stacks:
            under = st.cards[-2] if len(st.cards) > 1 else None
            held += (st.top.card == face and st.top.seen_as in read
                     and (under is None or face not in (under.card, under.seen_as)))
        return held >= copies_in_deck(face)

    def _laid_astride_top(self, d: Pile, old: Pile, state: VisibleState) -> Card | None:
        """The one card read surely coming down since the last move, where ``d`` reads the
        top it was laid on unsurely (below ``unsure_read``) from a box off that top's (moved
        or turned from it): the card laid, boxed astride the top under it and read as that
        top (19907 at 125.3-127.4 s: seat 0's red-4 read 0.94 coming down on the red-3, then
        boxed between the two and read red-3 at 0.26-0.44, red-2 close behind, for 4 s -
        taken for the red-4 played and the other red-3 laid on it from a hand: a phantom,
        seat 1's play next a false out-of-turn alert). Not where the top's twin was read
        coming down (then a twin may lie there); the card must have a copy left to lay, or
        top a stack whose seat no longer shows it (played from there)."""
        if (d.top != old.top or d.confidence >= self.unsure_read or not d.moved_from(old)
                or self._twin_landed_frames):
            return None
        landed = self._landed_since() - {old.top}
        if len(landed) != 1:
            return None
        card = next(iter(landed))
        left = possible(card, self.model.seen()) or any(
            st.top.seen_as == card and card not in state.tops(seat)
            for seat, sts in enumerate(self.model.stacks) for st in sts)
        return card if left else None

    def _top_kin_close(self) -> Card | None:
        """The kin (red <-> pink) of the discard top's card, where the pile as last committed
        gives it ``close`` times the top's own share or more, and a copy is left: the top may
        be that card misread - a card laid on it that fits only the kin is read as the
        camera reads it, not bent to fit the top (19704 at 105.8 s: seat 1's pink-0, read
        0.85 as it came down, then red-0 at 0.6, pink-0 0.4, was taken as red-0, and pink-0
        at 0.52-0.55 since; seat 2's pink-1 on it, read pink-1 at 0.6, red-1 0.4, was bent
        to red-1 to fit - two plays misread; read as read, the rule break the pink-1 makes
        on red-0 has the session look at the top again: read pink-0 as it came down)."""
        pile = self.committed.discard if self.committed is not None else None
        top = self.model.discard[-1].card if self.model.discard else None
        kin = twin(top) if top is not None else None
        if pile is None or kin is None or not possible(kin, self.model.seen()):
            return None
        own = pile.share(top)
        return kin if own > 0 and pile.share(kin) >= self.close * own else None

    def _other_came_down(self) -> bool:
        """A card of a face that may lie on the table, read surely coming down off the top's
        place since the last move (:meth:`_came_down_as`): a card was laid - an unsure
        reading where the top lay, giving that top a share, is no sign that the top lies
        there still (19601 at 50.1 s: seat 2's pink-2 read 0.66-0.71 coming down on the
        pink-0, then boxed square where the pink-0 lay and read pink-3 at 0.25-0.3, pink-0
        0.11-0.16 - waited for as the pink-0 misread (:meth:`_maybe_same`) until the next
        seat's collect came, then read with it as a pink-5 from a hand, both pink-3 lying
        at seats: a phantom and a false alert)."""
        seen = self.model.seen()
        return any(self._came_down_as(face) and possible(face, seen)
                   for face in self._landed_since())

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

    def _read_on_settling(self, first: _Candidate, second: _Candidate) -> bool:
        """``second`` lays a card from a hand whose face was never read surely on the
        discard since the last move, first read there within ``settle_s`` of ``first``'s
        card's last reading: ``first``'s card read otherwise as it settled - no hand lays
        a card on another a moment after it came down (14503 at 74 s: a yellow-2 read 0.63-
        0.66 in two frames as it came down, then yellow-3 at 0.34-0.49 from the next frame
        on, was taken for the yellow-2 covered at once by a yellow-3 from a hand). Read
        barely surely (below ``part_read``), too, where ``first``'s card was never read
        lying still (in two frames from one box): it was read only coming down (17804 at
        125.7 s: a blue-2 read 0.68 and 0.48 coming down, then blue-0 and blue-5 by turns,
        blue-5 at 0.51-0.57 for 1.6 s - taken for the blue-2 covered by a blue-0 from a
        hand, a phantom and two false alerts; 14701 at 135 s: a red-2 read 2 s where it lay,
        then a red-0 laid squarely on it, read 0.6 - two moves)."""
        was = self._read_span(first.seen_as)
        now = self._read_span(second.seen_as)
        if (second.seat is not None or second.move.source is not Source.HAND
                or was is None or now is None or now[0] - was[1] >= self.settle_s):
            return False
        if not self._landed_frames[second.seen_as]:
            return True
        still = self._still_box.get(first.seen_as)
        lay_still = still is not None and was[1] > still[1]
        return self._best_read.get(second.seen_as, 0.0) < self.part_read and not lay_still

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

    def _discard_as_read(self, state: VisibleState) -> VisibleState | None:
        """``state``, its discard unread now, with the discard as it was last read there -
        when that card is the one read surely there since the last commit (in
        ``touch_frames`` frames or more): a hand or a box astride the pile hides it now,
        and moves read at the seats meanwhile are read on it (16910 at 55-63 s: seat 3's
        blue-1 read 0.7-0.8 as it landed on the joker, then 0.6-0.7 between blue-4 and blue-3
        at 0.25 and frames of nothing, never still 1.2 s while seats 0 and 1 collected; the
        three moves were a question once an arm hid the discard). None otherwise."""
        if state.discard is not None or not self._read_at:
            return None
        landed = self._landed_since()
        last = max(self._read_at, key=lambda face: self._read_at[face][-1])
        box = self._still_box.get(last)
        if landed != {last} or box is None:
            return None
        return dataclasses.replace(state, discard=box[0])

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
        twin was seen coming down (:meth:`_twin_landing`, in a frame or more; in ``touch_frames``
        where the card lying is read as the top's kin - 16808 at 91.3 s: a pink-1 coming down
        on the red-1 read red-1 0.81 in one frame, then pink-1 over the red-1 for a second,
        taken for the red-1's twin; the real red-1, played next, was read pink-1). Not a card
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
        # read as the top's kin now, the card may be that kin misread as it came down (the
        # commonest confusion): its twin counts once read so in touch_frames frames
        least = self.touch_frames if top is not None and twin(top) == c.seen_as else 1
        twins = {top} if top is not None and self._twin_landed_frames >= least else set()
        # (the old top's face was read before any card came: no sign of the card laid)
        mine = self._landed_first.get(c.seen_as, math.inf) if c.seen_as != top else math.inf
        since = set(self._landed_since())
        if once:  # ... from a whole card's box: no smaller than the one read now
            size = c.pile.size if c.pile is not None else 0.0
            since |= {k for k in self._landed_since(1) if k in self._first_box
                      and self._first_box[k][0].size >= ONCE_WHOLE * size}
        landed = [k for k in since | twins
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
        if c.pile.confidence < self.unsure_read and self._other_came_down():
            return False  # another card came down: what reads unsurely there may be it
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
        once). Nor once the other face has not been read for ``unsure_s``: the reading has
        settled, however often a hand over a seat changed the table meanwhile (17407 at
        91.6-93.2 s: seat 0's pink-1, read pink-5 in two frames as it landed, then pink-1
        at 0.7 for 1.6 s while seat 1's hand brought its pink-4 - never taken, and read with
        that pink-4 as one play)."""
        if c.pile is None or not c.move.to_discard:
            return False
        top = self._top_at(None)
        mine = self._read_span(c.seen_as)
        if mine is None:
            return False
        for face, times in self._read_at.items():
            if (face in (c.seen_as, top, twin(c.seen_as))
                    or sum(x > mine[0] for x in times) < self.touch_frames
                    or self._now - times[-1] >= self.unsure_s - 1e-9):
                continue  # (not read for unsure_s since: the reading has settled)
            box = self._still_box.get(face)
            if (box is not None and box[0].shifted_from(c.pile) <= self.flicker_off
                    and box[0].sized_like(c.pile)):
                return True
        return False

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
                and c.pile is not None and c.pile.share(c.seen_as) < SURE_FACE
                and card not in c.pile.cards[1:]
                and self._only_coming_down(card, c.pile)
                and card in self._seen_coming_down() and self._landed_first[card]
                < self._landed_first.get(c.seen_as, math.inf))

    def _left_surely(self, c: _Candidate, state: VisibleState) -> bool:
        """``c``, a stack top taken for a card the discard reads otherwise (unsurely, below
        ``unsure_read``), left its stack for sure - the card that lay under it reads surely
        where it lay - the discard's reading gives the old top less than ``drift_share``,
        and no stack top shows the face read (played from there too, over ``c``'s card, see
        :meth:`_twin_top_played_after`): no flicker of the old card, nor an arm over the
        stack, nor a second play to wait out (19108 at 117.6 s: seat 0's red-1, played off
        its red-3, read red-4 at 0.25-0.45 (red-1 0.12-0.16) on the red-5, was waited for
        1.2 s - seat 1's red-1 laid on it 1.3 s after it landed, the two read as one play:
        a move lost, the turn order out, a question)."""
        if (c.seat is None or c.move.source is not Source.STACK or c.pile is None
                or c.pile.confidence >= self.unsure_read or not self.model.discard):
            return False  # (a face read surely is another card, laid over it: wait)
        old = self.model.discard[-1]
        st = self.model.stack_of(c.seat, c.move.stack)
        if (st is None or len(st.cards) < 2 or any(
                _gives(c.pile, card, self.drift_share) for card in {old.seen_as, old.card})
                or any(t.top.seen_as == c.seen_as for tops in self.model.stacks for t in tops)):
            return False
        under = st.cards[-2].seen_as
        return any(p.top == under and p.confidence >= self.unsure_read and _on(st, p)
                   for p in state.seats[c.seat])

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
