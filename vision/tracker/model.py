"""What the tracker believes lies on the table, and how a pile read in a frame is matched
against it."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from engine.cards import Card, Colour, copies_in_deck
from engine.moves import Move, Source
from engine.observations import Played
from vision.table_view import Pile, VisibleState
from vision.tracker.events import Decoded


@dataclass
class TrackedCard:
    card: Card  # what the referee was told
    seen_as: Card  # what the camera reads (differs when a prior changed the reading)
    # on the discard: the other cards read surely there as it landed (see Tracker.landed;
    # None until the move that laid it is committed)
    glimpsed: frozenset[Card] | None = None
    # on the discard: laid while the pile was unread - a card the finder may not find (some
    # printings' jokers): the pile unread is no pile hidden while it is the top
    unread: bool = False


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
    return pile.share(card) >= share


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


@dataclass(frozen=True)
class _LastLaid:
    """A hand play onto the discard, or a collect onto a stack, and the table before it (it
    may be taken back)."""

    move: Played
    model: TableModel
    under: Pile  # the card it was laid on, as it lay (the discard top, or the stack's top)
    at: float
    played: Pile | None = None  # a hand play: the discard pile as read with it on it


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
    # a play from a stack: the card it bares, read now as what it was taken for, not as the
    # camera read it when it was laid (see StackReading._bared)
    bared: Card | None = None

    def decoded(self, t: float, state: VisibleState, *notes: str) -> Decoded:
        return Decoded(self.observation, t, state, wish_needed=self.wish_needed,
                       notes=(*self.notes, *notes),
                       read=self.pile.confidence if self.pile is not None else None,
                       covered=self.covered)


def _top_played(seat: int, st: TrackedStack) -> _Candidate:
    """``st``'s top played to the discard, unseen there (covered by a later card)."""
    return _Candidate(seat, Move.from_stack(st.top.card, st.colour), st.top.seen_as, None)
