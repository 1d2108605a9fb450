"""How the tracker reads the seats' stacks: a top lifted or pulled out from under, a lone
card read as its kin colour, a top misread in place, a twin laid or carried onto its twin,
a card on a stack's edge."""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter

from engine.cards import Card, Colour
from engine.moves import Move, Source
from vision.card_priors import possible, twin
from vision.table_view import SURE_FACE, Pile, VisibleState, pile_order
from vision.tracker.base import TrackerBase
from vision.tracker.events import Phase, Recoloured
from vision.tracker.model import (
    FLICKER_SIZE,
    Key,
    Place,
    TableModel,
    TrackedCard,
    TrackedStack,
    _apart,
    _Candidate,
    _copies,
    _covers,
    _gives,
    _in_deck,
    _in_place,
    _key,
    _kin,
    _lies_as,
    _off_other_stacks,
    _on,
    _still_shows,
    _top_key,
)

# a stack top re-read unsurely as another value within this many card diagonals of where it
# lay at the last commit is the top misread (a still card's box round part of it wanders
# 0.09 on a green cloth: 19005 at 13.7 s)
IN_PLACE = 0.15


class StackReading(TrackerBase):
    """Reading the seats' stacks from the frames since the last commit."""

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

    def _left_its_stack(self, face: Card, state: VisibleState) -> bool:
        """A stack top is gone from its seat in ``state`` that ``face`` may be (as read or
        taken, or its kin: red and pink, the same value): a reading of ``face`` on the
        discard is that card played, not the old top wandering (14908 at 102.6-104.4 s:
        seat 1's pink-2, taken as red-2 when collected, read red-2 / pink-2 at 0.45 on the
        discard as it left its stack, was taken for the red-3 read otherwise)."""
        return any(face in (st.top.seen_as, st.top.card, twin(st.top.seen_as))
                   and st.top.seen_as not in state.tops(seat)
                   for seat, stacks in enumerate(self.model.stacks) for st in stacks)

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
                                      (note,), misread=True,
                                      bared=self._bared(state, seat, st)))
        return out

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
                n, own, other = n + 1, own + pile.share(card), other + pile.share(kin)
                self._kin_reads[seat, card] = (n, own, other)
                if (n >= self.kin_frames and (other - own) / n >= self.kin_margin
                        and self.model.stack_of(seat, kin.colour) is None
                        and possible(kin, self.model.seen())):
                    self._kin_told.add((seat, card))
                    out.append(Recoloured(seat, card, kin, t, n))
        return out

    def _unsure_out_of_turn(self, c: _Candidate) -> bool:
        """A collect out of turn whose card was never read surely (``unsure_read``) at that
        seat since the last move: perhaps no card at all - the face-down draw pile's edge,
        a patch of cloth - read as one a moment (18801 at 50.9-51.3 s: the draw pile in
        seat 3's sector read green-4 at 0.22-0.28 while seat 3's arm drew from it, taken
        for a collect out of turn - a phantom, 4 points on seat 3's score, and a question
        when it was gone again). Waited for ``unsure_s``: a card collected lies on, one read
        a moment is gone. A cheat is rare, and its alert is withheld as unsure anyway."""
        return (c.seat is not None and c.move.source is Source.COLLECT
                and c.seat != self._turn() and (c.seat, c.seen_as) not in self._first_seen)

    def _unsure_copy_too_many(self, c: _Candidate, m: TableModel) -> bool:
        """``c``'s card, read unsurely (below ``unsure_read``), would lie on the table more
        often than the deck has it (:func:`_in_deck`, ``m`` the table after it): perhaps no
        card at all - a hand read as one a moment (19404 at 147.7 s: seat 0's hand over its
        zone read green-1 at 0.27-0.29 for 0.5 s, both green-1s lying at seats 1 and 3 - a
        phantom collect, seat 0's play next told out of turn, the round's scores off).
        Waited for ``unsure_s``: a card laid lies on, one read a moment is gone."""
        return (c.pile is not None and c.pile.confidence < self.unsure_read
                and not _in_deck(m, self.model))

    def _kin_back(self, state: VisibleState, t: float) -> Recoloured | None:
        """A card read surely at a seat, clear of its stacks, of the colour of a stack there
        whose lone card was re-read as its kin (see :meth:`_kin_read`) from what it was
        first taken for: a collection has one stack per colour, so that card was of its
        first colour after all. The model takes it so (read as the camera reads it) and the
        event tells the session (18704 at 25.2 s: seat 2's pink-3, read red-3 more than
        pink-3 for 2 s and re-read so, then seat 2's red-2 collected beside it - asked as
        no single move, and the pink stack's next card lost too). Only where the seat has
        no stack of that first colour and a copy of the card is left."""
        for seat, piles in enumerate(state.seats):
            for pile in piles:
                colour = pile.top.colour
                if (pile.confidence < self.unsure_read or colour is None
                        or (kin := twin(pile.top)) is None
                        or pile.share(kin) > pile.share(pile.top)):
                    continue
                st = self.model.stack_of(seat, colour)
                if (st is None or len(st.cards) != 1 or pile.top == st.top.seen_as
                        or not _still_shows(st, piles, pile)
                        or self.model.stack_at(seat, pile.centre, pile.size) not in (None, st)):
                    continue  # (beside that stack, overlapping it or not, and no other)
                was = st.top.card
                first = twin(was)
                if (first is None or first.colour is None or (seat, first) not in self._kin_told
                        or self.model.stack_of(seat, first.colour) is not None):
                    continue
                seen = self.model.seen()
                seen[was] -= 1
                if not possible(first, seen):
                    continue
                st.colour, st.cards[0].card = first.colour, first
                return Recoloured(seat, was, first, t, 0, why=(
                    f"seat {seat}'s {was}, re-read from {first} as it lay alone, has a "
                    f"{pile.top} collected beside it: a collection has one {colour.value} "
                    f"stack, so it is {first} after all"), taken=True)
        return None

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

    def _carried_onto(self, seat: int, pile: Pile, st: TrackedStack) -> bool:
        """``pile``, on stack ``st``, reads a face that was read surely (``unsure_read``) at
        the seat in ``touch_frames`` frames or more since the last move, first more than
        ``IN_PLACE`` card diagonals off the stack's place, and of which a copy is left: a card
        of it carried onto the stack, not the top read otherwise - however much its reading
        gives that top (19503 at 61.7 s: seat 1's pink-3 read 0.64 coming in 0.24 card
        diagonals off its pink-5, then lying on it, read pink-3 at 0.42-0.76 for 2.5 s with
        pink-5 at 0.28-0.44 - taken for the pink-5 all along: the collect lost, the next
        seat's play a false out-of-turn alert, a question and the round)."""
        first = self._first_seen.get((seat, pile.top))
        return (first is not None and pile.top != st.top.seen_as
                and self._seat_reads[seat, pile.top] >= self.touch_frames
                and _apart(first, st.centre) > IN_PLACE * (st.size or pile.size or 1.0)
                and possible(pile.top, self.model.seen()))

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
        return any(p.top == top and pile.lies_still_as(p)
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

    def _unsure_in_place(self, seat: int, pile: Pile, st: TrackedStack) -> bool:
        """``pile``, on stack ``st``, reads another value of the top's colour (not a card
        under it), and no card of that face was read surely
        (``unsure_read``) at the seat since the last move, while its box lies within
        ``IN_PLACE`` card diagonals of where that top lay at the last commit: the still top
        misread, not a card collected out of turn (19005 at 13.7 s: seat 2's green-4 on a
        green cloth, read 0.3-0.6 from a box round part of it, then green-1 at 0.3-0.4 from
        the same place for good - taken with the play beside it as two moves no single one
        explains: a question, and the collects after it lost; at 21.0 s again, the seat to
        move). A card collected onto its stack is read surely on its way in."""
        top = st.top.seen_as
        was = self._committed_top(seat, st)
        return (was is not None and top.colour is not None
                and pile.top != top and pile.top.colour is top.colour
                and pile.top not in {c.seen_as for c in st.cards[:-1]}
                and pile.confidence < self.unsure_read
                and (seat, pile.top) not in self._first_seen
                and pile.shifted_from(was) <= IN_PLACE)

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
                    if not p.lies_still_as(was):
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
        card of their face was read beside them, in one frame or more: the twin laid almost
        squarely on the top - no hand over part of a top grows its box (14810 at 89.5 s:
        seat 1's second blue-4 read coming in beside its blue-4, 0.64-0.91, then the stack
        boxed 75 px, not 69, 2 px and 4 degrees off - the collect was lost, the seat's next
        collect read in turn, and the round's scores wrong. 19604 at 84.1 s: seat 2's second
        pink-1 read beside its pink-1 in one frame, 0.46, then at 0.27-0.37 as it came down
        on it, the stack then boxed 89 px, not 81, 0.07 card diagonals off - lost alike)."""
        assert self.committed is not None and self._candidate is not None
        beside = self._often(self._beside_frames, 1)
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

    @staticmethod
    def _bared(state: VisibleState, seat: int, st: TrackedStack) -> Card | None:
        """The card under ``st``'s top, when it was taken for another than the camera read
        it as it was laid (a close reading the rules decided) and ``state`` shows it as
        what it was taken for on that stack now, and not as it was read: played from the
        stack, its top bares that card so (16808 at 87 s: seat 1's red-2, read pink-2 0.62
        / red-2 0.37 as it was collected onto pink-5 and taken for red-2, then covered by
        a red-0; the red-0 played, the red-2 read red-2 - the play was a question). None
        otherwise: the card is expected as it was read."""
        if len(st.cards) < 2 or (under := st.cards[-2]).card == under.seen_as:
            return None
        on = [p.top for p in state.seats[seat] if _on(st, p)]
        return under.card if under.card in on and under.seen_as not in on else None

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

    def _top_in_hand(self, state: VisibleState) -> set[tuple[int, Card]]:
        """Seats where, in this frame, a card with the discard top's face lies in the seat's
        zone, none of its stack tops and not where a stack lies (a top misread), its face
        read surely (:meth:`_face_sure`): the top's twin in a hand, on its way. 11004 at
        87 s: a blue-3 on its way, its face read green-3 at 0.31 and 0.60 (blue-3 0.30),
        made its play the next seat's. The top's face is the card it was taken as: a top taken
        for another card than it read as has no twin of its reading (14005 at 104 s: a blue-2
        read blue-0 at 0.25 and taken as blue-2; the blue-0 in the next seat's hand, on its
        way to be played on it, made that seat lay a blue-2 unseen). Each seat with that
        face: the top may change before these frames are used, two moves read at once
        (19108 at 179.2 s: seat 1's blue-5 in its hand, the top's twin then; read with
        seat 0's blue-2 played before it, it made seat 1 lay a blue-2 unseen)."""
        if not self.model.discard:
            return set()
        top = self.model.discard[-1].card
        return {(seat, top) for seat, piles in enumerate(state.seats)
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
            p.share(p.top) + (p.share(kin) if kin is not None else 0.0) >= SURE_FACE)

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
