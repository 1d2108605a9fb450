"""How the tracker explains a change between two commits as moves: the single moves the
change could be (:meth:`MoveReading._candidates`), two or three moves seen at once, a play
then covered, and the checks that tell a move from a misread."""

from __future__ import annotations

import copy
import dataclasses
import math
from collections import Counter
from collections.abc import Collection, Sequence

from engine.cards import Card, Colour
from engine.moves import Move, Source
from vision.bridge import GAP_S
from vision.card_priors import (
    TWINS,
    beside_own_stacks,
    into_collection,
    onto_discard,
    possible,
    read_card,
)
from vision.table_view import Pile, VisibleState
from vision.tracker.discard import DiscardReading
from vision.tracker.events import TrackerEvent
from vision.tracker.model import (
    Key,
    Place,
    TableModel,
    TrackedStack,
    _apart,
    _Candidate,
    _covers,
    _distance_to_same,
    _gives,
    _in_deck,
    _key,
    _LastLaid,
    _on,
    _still_shows,
    _top_played,
    _twin_stays,
)

# moves a table with its discard unread still shows: a collect, or a stack top played (the
# stack shows the card under it; a stack top goes nowhere but the discard)
_SHOWN = (Source.COLLECT, Source.STACK)


class MoveReading(DiscardReading):
    """Explaining a change between commits as one, two or three moves."""

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
                                        onto_discard(old_top.card if old_top else None,
                                                     None if model else self._top_kin_close()),
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
                    # or onto another card, its face read surely coming down there, the pile
                    # read as the old top still (19007 at 108.5 s: seat 2's red-3, read 0.77
                    # coming down onto the red-0, then red-0 at 0.5 - the play lost)
                    came = model is None and old_top is not None and (
                        st.top.seen_as != d.top == old_top.seen_as
                        and self._came_down_often(st.top.seen_as))
                    # (or read as the card it was taken as: 15607 at 64.1 s, a pink-5 read
                    # red-5 on its stack, pink-5 on the discard)
                    if st.top.seen_as == d.top or st.top.card == d.top or misread or came:
                        note = (f"{st.top.card} left seat {seat}'s {st.colour.value} stack "
                                f"onto its twin on the discard, read {d.top} there: the same "
                                "card",) if misread else (
                            f"{st.top.card} left seat {seat}'s {st.colour.value} stack, read "
                            f"surely coming down onto the discard, which reads {d.top} still: "
                            f"{st.top.card} misread there",) if came else ()
                        out.append(_Candidate(seat, Move.from_stack(st.top.card, st.colour),
                                              d.top, d, note, misread=misread or came,
                                              bared=self._bared(state, seat, st)))
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
                     for seat, stacks in enumerate(self.model.stacks) for st in stacks
                     if self._covered_unseen(st)]
        for c1, m1 in [*results, *((c, self._after(c)) for c in unstacked)]:
            for c2 in self._candidates(state, m1):
                m2 = self._after(c2, m1)
                if self._may_be_misread(c1, c2):
                    continue
                if blind and not all(c.move.source in _SHOWN for c in (c1, c2)):
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
                   # the wish of a joker comes before the next move: a card laid on the joker
                   # would leave it unjudged - a collect leaves the joker on top, its wish to
                   # tell (17006 at 182.7 s: seat 1's joker laid squarely on the joker, the
                   # next seat's collect 1.9 s later - asked)
                   and not (x.wish_needed and y.move.to_discard)
                   and (x is a or self._after(a, self._after(b)).key() == observed)]
        # (a card covered unseen came first: the other order gives another table - 15305
        # at 95 s, seat 2's pink-0 "played" onto the discard and covered by seat 1's yellow-1)
        return list(in_turn[0]) if len(in_turn) == 1 else []

    def _covered_unseen(self, st: TrackedStack) -> bool:
        """``st``'s top may have been played to the discard and covered there by a later
        move: it was read there since the last move, or the discard was out of sight a
        moment - a card laid on a pile in sight is read there (17701 at 164.1 s: seat 3's
        pink-4 lost to the finder for seconds, the joker on the discard read still all the
        while - taken as the pink-4 played and covered by the other joker, a phantom pair;
        at 168.6 s, with two collects, a phantom three)."""
        return self._discard_lost or bool(self._read_frames[st.top.seen_as])

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
                         if st.top.seen_as not in shown and self._covered_unseen(st)]
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
        red-4; a stack play's card is vouched for by its stack, 10407 at 93 s) - unless that
        hand card, of a colour the first card is not misread as (neither its own nor, for red
        and pink, its kin's), was seen coming down (:meth:`_seen_coming_down`; 18010 at
        78.7 s: a green-1 read 0.73, its face 0.98, as it came down on seat 3's red-1, then
        boxed astride both at 0.48 - the red-1's play, covered, was taken for that green-1
        misread: a question)."""
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
                and ((p.squarish and second.seat is None
                      and not (_other_colour(first.move.card, second.move.card)
                               and second.move.card in self._seen_coming_down()))
                     or _gives(p, first.move.card, self.left_share)
                     and not self._laid_over(first.seen_as, p)))

    def _laid_on_still(self, c: _Candidate, observed: Key) -> list[_Candidate]:
        """``c``, a hand play onto the discard, and the one other card that lay still there
        since the last move (one whole card's box, ``settle_s`` or more, read surely in it:
        not a part of the top read otherwise, 13207 at 47.1 s) and that
        ``c``'s card was read surely laid over (:meth:`_laid_over`), a copy of it left: both
        played - that card first, from a hand or a stack of the seat to move, then ``c``'s
        by the next seat, as the table shows. Arms over other places kept the table from
        standing still while it lay (18401 at 63-65.4 s: seat 0's red-0 read 0.77 lying
        still 1.5 s, then seat 1's red-5 read 0.73 and 0.53 over it and 0.48 since - taken
        for the red-0 misread astride, the red-5 lost and the next play given to the wrong
        seat; 18503 at 150-153.3 s: seat 1's pink-2 read 0.6-0.7 lying still 1.1 s, then
        seat 2's pink-0 laid on it - taken for the pink-0's twin laid on the pink-0 under
        it, the pink-2 lost and seat 3's collect told as out of turn). Empty otherwise."""
        k = self._turn()
        if k is None or c.pile is None or c.seat is not None or not c.move.to_discard:
            return []
        seen, old = self.model.seen(), self._top_at(None)
        was = self.committed.discard if self.committed is not None else None

        def whole(box: Pile) -> bool:  # a card's box, not a part of the top's (13207)
            return not box.squarish and (was is None or box.size >= self.part_of * was.size)

        def on_top(box: Pile) -> bool:  # lying as the top did, to a still card's jitter: the
            # top misread where it lies (19807 at 104.5-107.2 s: seat 1's pink-1, taken as
            # red-1, read pink-1 at 0.7-0.9 by turns; then seat 2's blue-1 on it - taken for
            # a pink-1 laid before it, a phantom and a false out-of-turn alert)
            return was is not None and box.lies_still_as(was)

        under = [y for y, (box, _) in self._still_box.items()
                 if y not in (c.move.card, c.seen_as, old) and not y.is_joker
                 and possible(y, seen) and self._still_read.get(y, 0.0) >= self.unsure_read
                 and whole(box) and not on_top(box) and self._laid_over(y, c.pile)]
        if len(under) != 1:
            return []
        y = under[0]
        note = (f"{y} lay still on the discard, then {c.seen_as} was read surely laid over "
                "it: both played")
        firsts = [_Candidate(None, Move.hand(y), y, None, (note,)),
                  *(_Candidate(k, Move.from_stack(st.top.card, st.colour), y, None, (note,))
                    for st in self.model.stacks[k] if st.top.seen_as == y)]
        found = []
        for first in firsts:
            m2 = self._after(c, self._after(first))
            if m2.key() == observed and _in_deck(m2, self.model):
                found.append([first, c])
        return found[0] if len(found) == 1 else []

    def _emptied(self, results: Sequence[tuple[_Candidate, TableModel]], observed: Key
                 ) -> list[tuple[_Candidate, TableModel]]:
        """A stack play after which the table shows that stack without the card the model
        keeps under the card played - gone (settled: the card under it may show a moment
        later, 10606) or showing the card under that one - where that card also lies in the
        discard pile, taken there for a hand play: it came from under this top (a covered
        card played, read as a hand play: 10306 at 131 s, the stack empty after; 17602 at
        113.8 s: seat 1's red-3 pulled from under its red-0, then the red-0 played, the
        stack showing the red-4 under both - a question). The one such move, with the
        earlier play to correct (:attr:`Decoded.covered`); empty otherwise."""
        out = []
        for c, m in results:
            if c.seat is None or c.move.source is not Source.STACK or c.move.stack is None:
                continue
            st = m.stack_of(c.seat, c.move.stack)
            if st is None or not st.cards:
                continue
            x = st.cards[-1]
            if not any(d.card == x.card for d in m.discard[:-1]):
                continue
            m2 = copy.deepcopy(m)
            left = m2.stack_of(c.seat, c.move.stack)
            assert left is not None
            left.cards.pop()
            if not left.cards:
                m2.stacks[c.seat] = [s for s in m2.stacks[c.seat] if s is not left]
            if m2.key() == observed:
                shows = (f"shows {left.top.card}" if left.cards else "is empty")
                note = (f"seat {c.seat}'s {st.colour.value} stack {shows} after "
                        f"{c.move.card} left it: the {x.card} the companion kept under it was "
                        "the one played earlier, from under the top (a covered card), not "
                        "from a hand")
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

    def _read_around(self, c: _Candidate, m: TableModel, state: VisibleState, observed: Key,
                     t: float, why: str = "") -> list[TrackerEvent]:
        """Take ``c`` while the cards hidden stay so (still awaited, and asked about once
        hidden ``hold_s``); its alerts are told as unsure."""
        held, asked, since = self._held_since, self._asked_hold, self._missing_since
        self.model, self._asked = m, None
        self._commit(state, seat=c.seat)
        self._held_since, self._asked_hold, self._missing_since = held, asked, since
        where = self._missing(observed)
        out = c.decoded(t, state, why or f"read while cards stayed hidden elsewhere ({where})")
        if self._top_unfound() and self._places_missing(observed) <= {None}:
            return [out]  # the discard's top lies there unfound: nothing else hidden
        return [dataclasses.replace(
            out, unsure=f"cards stay hidden ({where}): a move there may have gone unseen")]

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
            # (the discard's top, lying there unfound, is no card moved where a copy of
            # it is left: 19902 at 148.7 s, seat 1's second joker collected)
            tops = {self._top_at(p) for p in gone
                    if not (p is None and self._top_unfound()
                            and possible(c.move.card, self.model.seen()))}
            if tops & on_discard:
                continue
            if not touches & gone and c.move.card not in tops and c.seen_as not in tops:
                fits.append((c, m))
        return fits[0] if len(fits) == 1 else None

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
                        and c.pile.share(c.seen_as) < self.unsure_read
                        or c.move.card != c.seen_as)
                    and self._landed_instead(c) is not None)
                and (c.pile.confidence < self.unsure_read or 2 * self._landed_frames[c.seen_as]
                     < self._read_frames[c.seen_as]
                     or c.pile.squarish and self._landed_instead(c) is not None))

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


def _other_colour(a: Card, b: Card) -> bool:
    """``b`` is of a colour ``a`` is not read as by mistake: neither ``a``'s own (its value
    misread) nor, for red and pink, the other of the two (a joker has no colour)."""
    return (a.colour is not None and b.colour is not None and a.colour is not b.colour
            and b.colour is not TWINS.get(a.colour))
