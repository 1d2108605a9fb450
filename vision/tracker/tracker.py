"""The tracker: one :class:`~vision.table_view.VisibleState` per frame in, stable states
committed, each change decoded into observations or questions, round start and end (see the
package's docstring)."""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Sequence

from engine.cards import Card
from engine.moves import Move, Source
from engine.observations import RoundOver, RoundStarted
from vision.card_priors import possible, twin
from vision.table_view import STATE_CONFIDENCE, SURE_FACE, Pile, StackPlace, VisibleState
from vision.tracker.events import BY_TOP, Decoded, Misread, Phase, Question, Resumed, TrackerEvent
from vision.tracker.model import (
    STEADY_SHARE,
    TWIN_OFF,
    Key,
    TableModel,
    TrackedCard,
    _apart,
    _Candidate,
    _covers,
    _faces,
    _in_deck,
    _key,
    _LastLaid,
    _lies_as,
    _twin_stays,
)
from vision.tracker.moves import MoveReading


class Tracker(MoveReading):
    """Feed it one :class:`VisibleState` per frame with :meth:`update`."""

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
        face = d.top if d is not None and d.share(d.top) >= STEADY_SHARE else None
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
            # (not a face read once from a box that moved since the frame before: a card on
            # its way down, 18708 at 54.1 s - see Session._no_sign_of)
            self._discard_faces_sure.update(p.top for p in piles
                                            if p.confidence >= self.unsure_read
                                            and (last is None or _lies_as(p, last)))
            self._settling(raw.discard, t)
            self._top_back(raw.discard)
            self._twin_not_landed(raw.discard)
            if raw.discard is None or last is None or raw.discard.jitters_from(last):
                self._still_since = t
            if raw.discard is None:
                self._discard_lost = True
                self.hands_seen = self.hands_seen or bool(self.model.discard)
            else:
                self._read_frames[raw.discard.top] += 1
                if raw.discard.share(raw.discard.top) >= SURE_FACE:
                    self._face_frames[raw.discard.top] += 1
                    self._face_first.setdefault(raw.discard.top, t)
                self._read_at.setdefault(raw.discard.top, []).append(t)
                self._best_read[raw.discard.top] = max(
                    self._best_read.get(raw.discard.top, 0.0), raw.discard.confidence)
                box = self._still_box.get(raw.discard.top)
                if box is None or raw.discard.jitters_from(box[0]):
                    self._still_box[raw.discard.top] = (raw.discard, t)
                    self._still_read[raw.discard.top] = 0.0
                self._still_read[raw.discard.top] = max(self._still_read[raw.discard.top],
                                                        raw.discard.confidence)
            self._back_frames += self._old_top_back(raw.discard)
            if (raw.discard is not None and raw.discard.confidence >= self.unsure_read
                    and not self._top_misread_in_place(raw.discard)):
                self._landed_frames[raw.discard.top] += 1
                self._landed_first.setdefault(raw.discard.top, t)
                top = self.committed.discard if self.committed is not None else None
                if top is not None and self._part_by(raw.discard, top):
                    self._part_frames[raw.discard.top] += 1
                if top is not None and raw.discard.shifted_from(top) > TWIN_OFF:
                    self._came_down[raw.discard.top] += 1
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
        turn). So are the known stack tops unread ``lost_top_s`` or more while the tracker
        holds (19403 at 39.2 s: seat 0's red-4, read 0.82 beside the green-5, was found at
        0.02-0.05 only (its face 0.98) once the green-5 was played off its own stack - held
        6 s as hidden, the play and the two moves after it became a question). The session
        looks closer for them."""
        if self.phase is not Phase.PLAYING:
            return []
        lost = [(seat, p) for seat, p, _ in self._loose_seen]
        if self._held_since is not None:
            for place, since in self._missing_since.items():
                st = self.model.stack_of(*place) if place is not None else None
                if st is None or self._now - since < self.lost_top_s - 1e-9:
                    continue
                top = Pile(st.top.seen_as, centre=st.centre, size=st.size)
                if not any(seat == place[0] and p.top == top.top  # (not found closer already)
                           and _apart(p.centre, top.centre) <= 0.5 * top.size
                           for seat, p in lost):
                    lost.append((place[0], top))
        return [(seat, p) for seat, p in lost
                if seat < len(state.seats) and not any(
                    _apart(q.centre, p.centre) <= 0.5 * p.size for q in state.seats[seat])]

    def _note_loose(self, raw: VisibleState, t: float) -> None:
        """Each card read surely at a seat where no stack of it lies, and each read below
        ``unsure_read`` (a closer look's) where such a card was: when, and where (for
        :meth:`lost_cards`); a card read where one of its face was is that one. Kept
        ``lost_s``; one found last by a closer look only (below the table view's threshold),
        for as long as it tops a stack there: an arm over it for 2 s lost it for good (13109
        at 104 s: seat 0's pink-1, found only by closer looks, then hidden by the arm that
        laid the other pink-1 from the hand - read as played from the stack). So is a known
        stack top found by a closer look (see :meth:`lost_cards`)."""
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
                st = self.model.stack_at(seat, p.centre, p.size)
                if p.confidence >= self.unsure_read and st is None or (
                        p.confidence < self.unsure_read and k is not None) or (
                        p.confidence < STATE_CONFIDENCE and st is not None
                        and st.top.seen_as == p.top):  # a stack top found closer
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
        self._laid_round = [state.discard] if state.discard is not None else []

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

    def _back_as_before(self) -> None:
        """The places hidden meanwhile show again as they were: touched (a hand was there),
        and this camera sees hands."""
        self._touched |= self._hidden
        self.hands_seen = self.hands_seen or bool(self._hidden)

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
            if seat is None and (any(p.top == pile.top and _lies_as(pile, p, apart=apart)
                                     for p in self._settled)
                                 or any(p.top == pile.top and _lies_as(pile, p)
                                        for p in self._pile_read)):
                continue  # it lay so as the last card landed, or was read so before the
                # last move: a card of the pile (_settling)
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
        if cands and (two := self._laid_on_still(cands[0], _key(state))):
            return self._take_moves(two, state, t, at_once=True)
        if cands:
            self.model = self._after(cands[0])
        self._commit(state, moved=bool(cands), seat=cands[0].seat if cands else None)
        if not cands:
            return []
        return [cands[0].decoded(t, state)]

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
        back = (self._taken_back(state, observed, t) or self._read_again(state, t)
                or self._seen_back(state, t))
        if back:
            return back
        waited = self._astride_wait
        if waited is not None and self._played_on(waited, state):
            self._astride_wait = None
            return [*self._take(*waited, t), *self._decode(state, t)]
        cands = self._candidates(state)
        results = [(c, self._after(c)) for c in cands]
        two: list[_Candidate] = []
        exact = [(c, m) for c, m in results if m.key() == observed]
        as_read = [(c, m) for c, m in exact
                   if c.move.card == c.seen_as or self._came_down_misread(c)]
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
            # a top read surely coming down onto the discard: played, misread there
            came = [c for c, _ in exact if self._came_down_misread(c)]
            c = exact[0][0] if len(exact) == 1 else came[0] if len(came) == 1 else (
                self._onto_twin_not_collect([c for c, _ in exact]))
            if c is not None and len(exact) > 1:
                exact = [(c, self._after(c))]
            collect = c is not None and c.move.source is Source.COLLECT
            landed = c is not None and not collect and self._twin_laid_on_top(state)
            if c is None or not (waited or landed or c in came) or (
                    collect and not possible(c.move.card, self.model.seen())):
                exact = []
            elif c not in came:  # (its note tells why)
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
                                                and not self._left_surely(exact[0][0], state)
                                                or self._maybe_same(exact[0][0])
                                                or self._part_of_stack_top(exact[0][0])
                                                or self._flickers(exact[0][0])):
            return []  # an unsure new reading of the discard that could be the old card, or
            # a stack top read otherwise there (an arm may hide that stack for a moment): wait
        if (len(exact) == 1 and t - self._read_since < self.in_place_s - 1e-9
                and self._appeared_in_place(exact[0][0])):
            return []  # perhaps a top misread under a hand: a moment for it to read right
        if len(exact) == 1 and not settled and (self._unsure_out_of_turn(exact[0][0])
                                                or self._unsure_copy_too_many(*exact[0])):
            return []  # perhaps no card at all, read a moment: it lies on, or is gone
        if len(exact) == 1 and (over := self._once_over_part(exact[0][0])) is not None:
            exact = [(over, self._after(over))]
        if len(exact) == 1 and (off := self._top_off_its_twin(exact[0][0])) is not None:
            exact = [(off, self._after(off))]
        if len(exact) == 1 and (two := self._laid_on_still(exact[0][0], observed)):
            exact = []  # a card that lay still covered by this one: both, taken as a pair
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
                       or c.pile.share(c.seen_as) < self.unsure_read)):
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
        pair = two or (self._pair(state, observed, results) if not exact and not lifted
                       and settled else [])
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
        read = self._discard_as_read(state) if not (pair or exact or lifted) and settled \
            else None
        if read is not None:
            found = [(c, self._after(c)) for c in self._candidates(read)]
            shown = _key(read)
            # (one move that fits is left to the waiting for the hidden discard, and a move
            # not seen at all is not inferred on a discard not seen now: 16607 at 104 s)
            if not any(m.key() == shown for _, m in found):
                pair = self._pair(read, shown, found) or self._three(read, shown, found)
            if any(c.pile is None for c in pair):
                pair = []
            if pair:
                state = read
                pair = [dataclasses.replace(pair[0], notes=(*pair[0].notes, (
                    f"the discard was not read now: as {read.discard_top}, the one card read "
                    "surely there since the last move and the last read there"))), *pair[1:]]
        k = self._turn()
        if pair and k is not None and any(self._twin_at_seat(c, (k + i) % self.players, state, t)
                                          for i, c in enumerate(pair)):
            return []
        if pair or covered:
            return self._take_moves(pair or covered, state, t, at_once=bool(pair))
        if settled and not exact and (back := self._kin_back(state, t)) is not None:
            return [back, *self._decode(state, t)]  # a stack's card of its first colour
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

    def _take_moves(self, moves: Sequence[_Candidate], state: VisibleState, t: float,
                    at_once: bool) -> list[TrackerEvent]:
        """Commit ``state`` as ``moves``, in order (``at_once``: seen at once, in turn)."""
        out: list[TrackerEvent] = []
        why = (f"{'two' if len(moves) == 2 else 'three'} moves seen at once, in turn "
               "order",) if at_once else ()
        blind = ("the discard was not read: a card laid there may have gone unseen"
                 if at_once and state.discard is None else None)
        for c in moves:
            self.model = self._after(c)
            out.append(dataclasses.replace(c.decoded(t, state, *why), paired=True,
                                           unsure=blind, unsure_of=BY_TOP))
        self._asked = None
        if blind and any(c.move.to_discard for c in moves):
            self.model.discard[-1].unread = True
        self._commit(state, moves=len(moves), seat=moves[-1].seat)
        # a top played from its stack lay beside it in a hand on its way: no twin laid
        # there (12007 at 107 s: seat 1's blue-1, then seat 2's collect, read as seat 1's
        # second blue-2 laid out of turn too)
        left = {(c.seat, c.move.stack) for c in moves
                if c.seat is not None and c.move.source is Source.STACK}
        self.twin_beside, self.twin_held = self.twin_beside - left, self.twin_held - left
        return out

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
        # the discard's top laid while the pile was unread may lie there unfound: only the
        # other places count (19902 at 92.8-160 s: seat 1's joker played from its stack,
        # never found by the finder - a question every 5 s while the seats collected)
        since = self._held_since
        if self._top_unfound():
            others = [self._missing_since[p] for p in missing if p is not None]
            if not others:
                return []
            since = min(others)
        if t - since >= self.hold_s and not self._asked_hold:
            self._asked_hold = True
            return [Question(f"cards are hidden or gone for {t - since:.0f} s "
                             f"({self._missing(observed)}): what happened?",
                             tuple(c.observation for c in partial), t, state,
                             before or self.committed)]
        return []

    def stack_places(self) -> tuple[tuple[StackPlace, ...], ...]:
        """Where each seat's known stacks lie, and their colours."""
        return tuple(tuple(StackPlace(*st.centre, st.size, st.colour) for st in seat)
                     for seat in self.model.stacks)

    def laid_places(self) -> tuple[Pile, ...]:
        """In play: each card of the discard pile, as read where it was laid (when it was
        the top)."""
        if self.phase is not Phase.PLAYING:
            return ()
        return tuple(self._laid_round)

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

    def may_land(self, hands: bool = False) -> frozenset[Card]:
        """The seat to move's stack tops, but faces of the discard's top two cards: where
        no seat shows one, a card read surely in the pile that is it may be that top just
        laid - not its twin (if one lies in the pile, it lies under two cards or more)
        peeking out (see :meth:`TableView.read`). ``hands``: also the faces lying under two
        cards or more of which a copy is unseen (a hand may hold it: 17602 at 191.3 s, seat
        0's green-3 laid over the green-1 from its hand, the other green-3 two cards down,
        was taken for that one peeking out for 4 s - the next seat's collect told out of
        turn, and the round ended a move early). A twin laid on its twin covers no more than
        one card does (16605 at 25.1 s: the round's first red-1 peeking out from under two
        red-5s, taken for its twin laid - a phantom play)."""
        k = self._turn()
        if k is None or self.phase is not Phase.PLAYING:
            return frozenset()
        pile = self.model.discard
        near = _faces(pile[-2:])
        out = {st.top.card for st in self.model.stacks[k]}
        if hands:
            seen = self.model.seen()
            out |= {c for c in _faces(_under_two(pile)) if possible(c, seen)}
        return frozenset(out - near)

    def discard_laid(self) -> tuple[Pile, ...]:
        """The discard's last cards (up to ``UNDER_TOP`` under the top), each as last read
        before it was covered, the top last as it was committed when it came."""
        return tuple(self._laid)

    def discard_top(self) -> Card | None:
        """The discard top as the camera reads it."""
        return self._top_at(None)

    def discard_unread_s(self, t: float) -> float:
        """How long the discard pile has been held unread (0 if it is read)."""
        since = self._missing_since.get(None) if self._held_since is not None else None
        return 0.0 if since is None else t - since

    def _take(self, c: _Candidate, m: TableModel, state: VisibleState, t: float
              ) -> list[TrackerEvent]:
        """Commit ``state`` as the move ``c`` (``m``: the model after it)."""
        last = self._laid_on(c, state, t)
        came = frozenset(seat for (seat, card), at in self._first_seen.items()
                         if card in (c.seen_as, c.move.card)
                         and not self._top_there(seat, card, at)) if (
            c.seat is None and c.move.to_discard) else frozenset()
        blind = self._blind(c, t)
        self.hands_seen = self.hands_seen or self._carried(c, m) or self._held_first(c, came)
        self.model, self._asked = m, None
        self._commit(state, seat=c.seat)
        self._last_laid = last
        self.hand_from = came
        out = c.decoded(t, state)
        return [dataclasses.replace(out, unsure=blind, unsure_of=BY_TOP) if blind else out]

    def _top_there(self, seat: int, card: Card, at: tuple[float, float]) -> bool:
        """``card`` was read at ``seat``, at ``at``, on a stack of that seat whose top it is:
        that top, not a card in a hand (17110 at 38.7 s: seat 3's joker played from its
        hand, seat 1's joker lying on its red stack all the while; the play was taken as
        held in seat 1's hand, the turn order doubted, and seat 1's joker laid out of turn
        next held for an answer)."""
        return any(st.top.card == card and _apart(at, st.centre) <= (st.size or 1.0)
                   for st in self.model.stacks[seat])

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

    def _old_top_back(self, d: Pile | None) -> bool:
        """``d`` reads, surely, the card the last hand play was laid on, its box lying as it
        lay then (:meth:`Pile.jitters_from`; a card laid on it would hide it), within
        ``back_s`` of that play or of the last reading of its face since."""
        last = self._last_laid
        if (d is None or last is None or last.move.seat is not None or last.played is None
                or last.played.confidence >= self.part_read):
            return False  # (only an unsure hand play may be taken back so: _seen_back)
        read = max(self._read_at.get(last.played.top, [last.at]))
        return (self._now - max(last.at, read) <= self.back_s + 1e-9
                and d.top == last.under.top and d.confidence >= self.unsure_read
                and not d.jitters_from(last.under))

    def _seen_back(self, state: VisibleState, t: float) -> list[TrackerEvent]:
        """The last move, a hand play read below ``part_read``, and the card it was laid on
        read surely since, as it lay, in ``min_frames`` frames within ``back_s`` of the
        play's face last read (:meth:`_old_top_back`) - too few, or too unsteadily, for that
        table to be committed before the next move came (:meth:`_taken_back`): the play was
        the old top misread. It is taken back, and the table decoded again from
        before it (17705 at 102.0 s: the still blue-5 boxed square, read blue-0 at 0.51-0.57
        for 0.5 s, then blue-5 again in four frames before seat 0's blue-3 came - a phantom
        hand play, and seat 0's play out of turn; 17905 at 94.0 s: the pink-1 read pink-2 at
        0.5-0.59 under a hand for 1.4 s, then pink-1 where it lay, its box unsteady, until
        seat 3's collect came at 96.0 s - a phantom play and a question)."""
        last = self._last_laid  # (frames count only after an unsure hand play)
        if last is None or last.played is None or self._back_frames < self.min_frames:
            return []
        face = last.played.top  # its readings since were the old top's: no card landing
        for frames, first in ((self._landed_frames, self._landed_first),
                              (self._face_frames, self._face_first)):
            frames.pop(face, None)
            first.pop(face, None)
        return self._decode_before(last, state, t, (
            f"the discard showed {last.under.top} again where it lay: "
            f"{last.move} was {last.under.top} misread for a moment"))

    def _decode_before(self, last: _LastLaid, state: VisibleState, t: float, why: str
                       ) -> list[TrackerEvent]:
        """``last`` was a misread (``why``): the model goes back to before it, and ``state``
        is decoded again from there."""
        self.model, self._last_laid, self._back_frames = last.model, None, 0
        return [Misread(why, t, state, taken_back=last.move), *self._decode(state, t)]

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
        return self._decode_before(last, state, t, (
            f"the discard shows {now.top}, boxed as a card, where {played.top} was read "
            f"astride two cards: {last.move} was {now.top} misread"))

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


def _under_two(pile: Sequence[TrackedCard]) -> Sequence[TrackedCard]:
    """The cards of a discard ``pile`` (bottom first) under two cards or more of other faces
    than each other: a twin laid on its twin covers what that twin covered."""
    layers, k = 0, len(pile)
    while k > 0 and layers < 2:
        k -= 1
        if k == len(pile) - 1 or pile[k].card != pile[k + 1].card:
            layers += 1
    return pile[:k] if layers == 2 else []
