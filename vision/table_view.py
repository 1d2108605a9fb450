"""One frame's detections + the calibration -> what the table shows: :class:`VisibleState`.

Cards are grouped into **piles** (cards that overlap by more than a quarter of the smaller
one: a discard pile, a collection stack, a fanned stack). Each pile's **top** is chosen by
this heuristic, strongest clue first:

1. in a pile of three or more, only the two cards at the ends of the pile's long axis can
   be on top (a fan is built from one end; the middle cards are covered on both sides);
2. a card's score is ``confidence x visible share``, the visible share being its box area
   over the largest box area in the pile (a detector that boxes only the visible part
   shrinks covered cards; with whole-card boxes all shares are 1);
3. ``class_probs`` (when the detector gives them) are kept as the top's alternatives.

A card peeking out under the discard top is less visible, so it loses on confidence;
the tracker adds the strongest clue of all: the new top of a pile is the card that was not
there before. Cards outside every zone (held hands, the draw pile, other objects) are
ignored. Comparing two states compares only the discard top and each seat's multiset of
stack tops, so a flickering covered card does not make a table "change".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

import cv2
import numpy as np
import supervision as sv

from engine.cards import CARD_NAMES, Card, Colour
from vision.calibration import DISCARD_CODE, Calibration
from vision.card_priors import twin
from vision.detections import CLASS_NAME, CLASS_PROBS, CORNERS, centres

OVERLAP = 0.25  # share of the smaller card that must be covered for two cards to be one pile
# a box of at most PART_AREA of another's reading the same face, PART of it inside that one:
# a part of that card, boxed again (a twin laid on its twin is boxed whole)
PART, PART_AREA = 0.7, 0.75
ON_PILE = 0.3  # a seat's card that lies this much on a discard card is part of that pile
# a seat's card whose centre lies within LAID_PLACE card diagonals of where a card of the
# discard pile was laid is that card peeking out (see :func:`on_laid_places`)
LAID_PLACE = 0.3
# ... and one read as that card's face with its centre this near (card diagonals) is it,
# however its box turned (a twin laid on the pile lands there by chance only: see
# :func:`lies_as_laid`)
ON_SPOT = 0.05
STATE_CONFIDENCE = 0.25  # a card counts for the game state from this confidence on
REVEAL_CONF = 0.02  # a closer look's card fills a short reveal from this confidence on
SURE_FACE = 0.9  # a closer look's card the finder is unsure of counts if its face reads so
# a seat's second pile of a colour it collects, boxed smaller than that stack's card by
# SECOND_SIZE or lying still, counts from SECOND_STACK on (a card in a hand moves, whole)
SECOND_STACK, SECOND_SIZE = 0.5, 0.8
# ... unless it shows that stack top's face read so surely: its twin in a hand beside it
BESIDE_READ = 0.4
# a card new to the discard pile is its top, however unsure the finder is of its box, if
# its face reads so (14004: a green-1 laid over half the blue-1 at 0.985; 19203 at 30.0 s:
# a pink-2 laid over the pink-1 boxed at 0.37, its face 0.95-0.97, the pink-1 0.64 - the
# play lost, two false alerts; a green-0 in a hand beside the top read 0.90-0.92 in 13504,
# one peeking out under the top 0.91 in 13307)
LAID_FACE = 0.95
# a card's outline is 1.55 times as long as wide (1.4 to 1.7 seen under a camera tilted up
# to 25 degrees); a top boxed squarer than this may lie astride two cards of its pile: such
# discard tops read wrong 37 times as often as card-shaped ones (bench/box_shape.py)
SQUARE = 1.3
# ... and an outline squarer than this is no card's seen whole (the least seen, see above)
CARD_SHAPE = 1.4


@dataclass(frozen=True)
class Pile:
    """Overlapping cards in one place; only ``top`` takes part in comparisons."""

    top: Card
    cards: tuple[Card, ...] = field(default=(), compare=False)  # every card read, top first
    centre: tuple[float, float] = field(default=(0.0, 0.0), compare=False)
    size: float = field(default=0.0, compare=False)  # card diagonal in pixels
    confidence: float = field(default=1.0, compare=False)
    alternatives: tuple[tuple[Card, float], ...] = field(default=(), compare=False)
    indices: tuple[int, ...] = field(default=(), compare=False)  # rows in the detections
    angle: float = field(default=0.0, compare=False)  # the top's long side, degrees in [0, 180)
    aspect: float | None = field(default=None, compare=False)  # its box: long side / short
    # the top's turned box's diagonal in pixels (``size`` is its upright extent's, which
    # grows as a card turns; 0: no turned box given)
    span: float = field(default=0.0, compare=False)
    # in ``cards``' order: the box lies within a larger one of the pile reading the same
    # face - a part of that card boxed again, no second copy (none given: no part)
    parts: tuple[bool, ...] = field(default=(), compare=False)

    @property
    def whole_cards(self) -> tuple[Card, ...]:
        """Every card read, top first, but the parts of a card boxed again."""
        return tuple(c for k, c in enumerate(self.cards)
                     if not (k < len(self.parts) and self.parts[k]))

    def share(self, card: Card) -> float:
        """The share the pile's reading gives ``card`` (0 if none)."""
        return next((p for a, p in self.alternatives if a == card), 0.0)

    @property
    def squarish(self) -> bool:
        """The top's box is not a card's shape (it may lie astride two cards)."""
        return self.aspect is not None and self.aspect < SQUARE

    def moved_from(self, other: Pile, shift: float = 0.08, turn: float = 10.0) -> bool:
        """The top lies elsewhere than ``other``'s: its centre moved more than ``shift`` card
        diagonals or it turned more than ``turn`` degrees (a twin laid on the card). A still
        card's box wanders < 3 px and < 8 degrees in the shipped detector (rendered games)."""
        # the turned boxes' diagonals where both are card-shaped: a card laid turned
        # otherwise than its twin has a smaller upright extent, uncovered (18103 at 23.6 s:
        # a pink-2 laid level on its twin, turned 23 degrees, boxed 79 px upright, not 101 -
        # the play lost, a false out-of-turn alert). Square boxes round parts of cards say
        # nothing by their turned size (18010 at 82.9 s: two, 0.17 card diagonals apart)
        shaped = bool(self.span and other.span) and not (self.squarish or other.squarish)
        a, b = (self.span, other.span) if shaped else (self.size, other.size)
        if min(a, b) < 0.85 * max(a, b, 1e-9):
            # a box that shrank or grew is a card partly covered: cannot tell - unless both
            # are card-shaped and lie turned well apart, which covering does not do (11301
            # at 85 s: a joker laid on a joker boxed short, turned 32 degrees from it)
            return (not self.squarish and not other.squarish and self.aspect is not None
                    and other.aspect is not None and self.turned_from(other) > 2.5 * turn)
        return self.shifted_from(other) > shift or self.turned_from(other) > turn

    def shifted_from(self, other: Pile) -> float:
        """How far its centre lies from ``other``'s, in card diagonals (the larger box's)."""
        size = max(self.size, other.size, 1e-9)
        return float(np.hypot(self.centre[0] - other.centre[0],
                              self.centre[1] - other.centre[1])) / size

    def jitters_from(self, other: Pile, shift: float = 0.03, turn: float = 5.0,
                     grow: float = 0.05) -> bool:
        """Its box is not where ``other``'s was a frame before, as a card lying still would
        be: another top, or moved more than ``shift`` card diagonals, turned more than
        ``turn`` degrees, or grown or shrunk by more than ``grow``."""
        size = max(self.size, other.size, 1e-9)
        return (self.top != other.top or self.shifted_from(other) > shift
                or self.turned_from(other) > turn
                or min(self.size, other.size) < (1.0 - grow) * size)

    def turned_from(self, other: Pile) -> float:
        """How many degrees the top's long side lies turned from ``other``'s (0 to 90); 0 to
        45 between two boxes of no card's shape, whose sides are alike: a quarter turn of a
        square box is the same box (13306 at 49.9 s: two square boxes on the discard's
        green-3, 0.07 card diagonals apart, read green-0 and green-3 by turns with long sides
        89 degrees apart, made the card read right a second green-3 laid)."""
        fold = 90.0 if self.squarish and other.squarish else 180.0
        dt = abs(self.angle - other.angle) % fold
        return min(dt, fold - dt)

    def sized_like(self, other: Pile, within: float = 0.1) -> bool:
        """Its box and ``other``'s are alike in size: the smaller within ``within`` of the
        larger."""
        return min(self.size, other.size) >= (1.0 - within) * max(self.size, other.size)

    def lies_still_as(self, other: Pile) -> bool:
        """Its box is where ``other``'s was, as a still card's would be (within
        :meth:`jitters_from`'s bounds), whatever either reads."""
        return not self.read_as(other.top).jitters_from(other)

    def read_as(self, card: Card) -> Pile:
        """This pile with ``card`` as its top (what the tracker knows lies there)."""
        return dataclasses.replace(self, top=card, cards=(card, *self.cards[1:]))

    @property
    def stack_colour(self) -> Colour | None:
        """The colour most covered cards show (the stack's own colour), else the top's."""
        under = [c.colour for c in self.cards[1:] if c.colour is not None]
        if under:
            return max(set(under), key=under.count)
        return self.top.colour


def main_pile(piles: Sequence[Pile]) -> Pile | None:
    """Of several piles in the discard zone: the one with most cards, then the most certain."""
    return max(piles, key=lambda p: (len(p.cards), p.confidence), default=None)


def pile_order(p: Pile) -> tuple[str, float, float]:
    """How a seat's piles are listed: by top, then place."""
    return (str(p.top), p.centre[0], p.centre[1])


@dataclass(frozen=True)
class VisibleState:
    """What one frame shows: the discard pile, each seat's piles (sorted), and - when asked
    for at a round's end - each seat's revealed hand cards."""

    discard: Pile | None
    seats: tuple[tuple[Pile, ...], ...]
    reveals: tuple[tuple[Card, ...], ...] | None = None
    # with no discard pile read: cards found in the discard zone but read below the state's
    # confidence (a round's first card on a hard printing) - the tracker may ask about them
    unsure_discard: Pile | None = field(default=None, compare=False)
    # seats' piles read too unsurely to be a second stack of a colour the seat collects,
    # left out of ``seats`` (see :func:`second_stacks`)
    set_aside: tuple[Pile, ...] = field(default=(), compare=False)

    @property
    def seen_piles(self) -> tuple[Pile, ...]:
        """Every seat's piles, and those set aside."""
        return (*(p for ps in self.seats for p in ps), *self.set_aside)

    @property
    def discard_top(self) -> Card | None:
        return self.discard.top if self.discard else None

    def tops(self, seat: int) -> tuple[Card, ...]:
        return tuple(p.top for p in self.seats[seat])

    @property
    def collected(self) -> int:
        """How many cards the seats' piles show (tops and the cards read under them)."""
        return sum(len(p.cards) for piles in self.seats for p in piles)

    def moved_tops(self, other: VisibleState) -> list[tuple[int | None, Pile]]:
        """Piles showing the same top as in ``other`` (an equal state) that lie elsewhere:
        ``(None, discard)`` or ``(seat, pile)``."""
        out: list[tuple[int | None, Pile]] = []
        if self.discard and other.discard and self.discard.moved_from(other.discard):
            out.append((None, self.discard))
        for seat, (mine, theirs) in enumerate(zip(self.seats, other.seats, strict=True)):
            for pile in mine:
                same = [p for p in theirs if p.top == pile.top]
                if same and all(pile.moved_from(p) for p in same):
                    out.append((seat, pile))
        return out

    def __str__(self) -> str:
        seats = "; ".join(f"{k}: {' '.join(map(str, self.tops(k))) or '-'}"
                          for k in range(len(self.seats)))
        return f"discard {self.discard_top or '-'} | {seats}"


def _quads(d: sv.Detections) -> np.ndarray:
    if CORNERS in d.data and len(d):
        return np.asarray(d.data[CORNERS], np.float32).reshape(-1, 4, 2)
    x0, y0, x1, y1 = (d.xyxy[:, i].astype(np.float32) for i in range(4))
    return np.stack([np.stack([x0, y0], 1), np.stack([x1, y0], 1), np.stack([x1, y1], 1),
                     np.stack([x0, y1], 1)], axis=1)


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    """Intersection area over the smaller card's area."""
    a, b = _convex(a), _convex(b)
    area, _ = cv2.intersectConvexConvex(a, b)
    small = min(cv2.contourArea(a), cv2.contourArea(b))
    return float(area) / small if small > 0 else 0.0


def _inside(point: np.ndarray, quad: np.ndarray) -> bool:
    """The point lies on the card outlined by ``quad``."""
    return cv2.pointPolygonTest(_convex(quad), (float(point[0]), float(point[1])), False) >= 0


def _convex(q: np.ndarray) -> np.ndarray:
    return cv2.convexHull(np.asarray(q, np.float32).reshape(-1, 1, 2))


def group_piles(quads: np.ndarray) -> list[list[int]]:
    """Indices of overlapping cards, grouped (union-find over pairwise overlaps)."""
    n = len(quads)
    parent = list(range(n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i in range(n):
        for j in range(i + 1, n):
            if _overlap(quads[i], quads[j]) > OVERLAP:
                parent[find(i)] = find(j)
    groups: dict[int, list[int]] = {}
    for i in range(n):
        groups.setdefault(find(i), []).append(i)
    return list(groups.values())


def _alternatives(d: sv.Detections, i: int, class_names: Sequence[str]) -> tuple[
        tuple[Card, float], ...]:
    if CLASS_PROBS not in d.data:
        return ()
    probs = np.asarray(d.data[CLASS_PROBS][i], np.float64)
    order = np.argsort(-probs)[:3]
    return tuple((Card.parse(class_names[k]), float(probs[k])) for k in order if probs[k] > 0)


def confidences(d: sv.Detections) -> np.ndarray:
    """Each detection's confidence (ones when the detector gives none)."""
    return (np.asarray(d.confidence, np.float64) if d.confidence is not None
            else np.ones(len(d)))


def make_pile(d: sv.Detections, idx: Sequence[int], quads: np.ndarray, pts: np.ndarray,
              class_names: Sequence[str] = CARD_NAMES, top: int | None = None) -> Pile:
    """``top``: the row of ``d`` known to lie on top (else the heuristic above picks it)."""
    idx = list(idx)
    areas = np.array([cv2.contourArea(_convex(quads[i])) for i in idx])
    conf = confidences(d)[idx]
    candidates = list(range(len(idx)))
    if len(idx) >= 3:  # only the ends of the pile's long axis can be on top
        p = pts[idx] - pts[idx].mean(axis=0)
        axis = np.linalg.svd(p, full_matrices=False)[2][0]
        proj = p @ axis
        candidates = [int(np.argmin(proj)), int(np.argmax(proj))]
    share = areas / max(float(areas.max()), 1e-9)
    score = conf * np.minimum(1.0, share)
    best = idx.index(top) if top in idx else max(candidates, key=lambda k: score[k])
    order = [best] + sorted((k for k in range(len(idx)) if k != best), key=lambda k: -score[k])
    names = d.data[CLASS_NAME]
    cards_at = [str(names[i]) for i in idx]
    cards = tuple(Card.parse(cards_at[k]) for k in order)
    top_i = idx[best]
    wh = quads[top_i].max(axis=0) - quads[top_i].min(axis=0)
    q = quads[top_i]
    sides = (q[1] - q[0], q[2] - q[1])
    edge = max(sides, key=lambda e: float(np.hypot(*e)))
    return Pile(
        top=cards[0], cards=cards,
        centre=(float(pts[top_i][0]), float(pts[top_i][1])),
        size=float(np.hypot(*wh)), confidence=float(conf[best]),
        alternatives=_alternatives(d, top_i, class_names),
        indices=tuple(idx[k] for k in order),
        angle=float(np.degrees(np.arctan2(edge[1], edge[0])) % 180.0),
        aspect=outline_aspect(q) if CORNERS in d.data else None,  # an upright box: no shape
        span=float(np.hypot(*(np.hypot(*e) for e in sides))) if CORNERS in d.data else 0.0,
        parts=tuple(_part_of_another(k, idx, areas, cards_at, quads) for k in order),
    )


def _part_of_another(k: int, idx: Sequence[int], areas: np.ndarray, names: Sequence[str],
                     quads: np.ndarray) -> bool:
    """The ``k``-th card's box is much smaller than another box of the pile that reads the
    same face and lies mostly inside it (``PART_AREA``, ``PART``): the finder boxed a part of
    that card again (10901 at 77 s: an arm over seat 1's blue-2 left a box on half the card,
    0.73 of it inside the whole card's, read blue-2 at 0.25 - taken for its twin in a
    hand). A twin laid on its twin is boxed whole; one peeking out under it shows outside."""
    return any(j != k and names[j] == names[k] and areas[k] <= PART_AREA * areas[j]
               and _overlap(quads[idx[k]], quads[idx[j]]) >= PART
               for j in range(len(idx)))


def _colours(d: sv.Detections) -> list[Colour | None]:
    """The colour each card of ``d`` reads as (None: a joker, or not a card of the deck)."""
    names = d.data.get(CLASS_NAME, ())
    return [Card.parse(str(n)).colour if str(n) in CARD_NAMES else None for n in names]


class StackPlace(NamedTuple):
    """Where a seat's known collection stack lies: its centre, its card's diagonal and
    (where known) its colour."""

    x: float
    y: float
    size: float
    colour: Colour | None = None

    def covers(self, point: Sequence[float] | np.ndarray, reach: float = 0.5) -> bool:
        """``point`` lies on this stack: within ``reach`` (half a) card diagonal of its
        centre."""
        return float(np.hypot(point[0] - self.x, point[1] - self.y)) <= reach * self.size


def by_stacks(codes: np.ndarray, pts: np.ndarray, stacks: Sequence[Sequence[StackPlace]],
              near: float = 1.0, colours: Sequence[Colour | None] = ()) -> np.ndarray:
    """Zone codes with each card in a seat's sector that lies within ``near`` card diagonals
    of a neighbouring seat's known stack, and nearer to it than to any stack of its own
    seat, given to that neighbour. Sectors are evenly spaced guesses; players lay their
    stacks in a row in front of them, so the row's far end can cross into the next sector
    (11210 at 110 s: seat 2's green-3 laid 51 px from its pink-4, in seat 3's sector).
    Not to a neighbour with a stack of the card's colour (``colours``, one per card) that
    the card does not lie on: a collection has one stack per colour (17510 at 114.3 s: seat
    1's blue-5 laid 0.99 diagonals from seat 0's yellow-5, seat 0's blue-3 far off, taken
    for a second blue stack of seat 0 - the collect was lost, and the next one with it)."""
    out = codes.copy()
    n = len(stacks)

    def nearest(seat: int, p: np.ndarray) -> float:
        return min((float(np.hypot(*(p - (s.x, s.y)))) / max(s.size, 1e-9)
                    for s in stacks[seat]), default=np.inf)

    def other_stack(seat: int, i: int) -> bool:
        """``seat`` collects card ``i``'s colour in a stack the card does not lie on."""
        colour = colours[i] if i < len(colours) else None
        return colour is not None and any(s.colour == colour and not s.covers(pts[i])
                                          for s in stacks[seat])

    for i, code in enumerate(codes):
        if not 0 <= code < n:
            continue
        own = nearest(int(code), pts[i])
        for seat in {(int(code) - 1) % n, (int(code) + 1) % n} - {int(code)}:
            other = nearest(seat, pts[i])
            if other <= near and other < own and not other_stack(seat, i):
                out[i], own = seat, other
    return out


def second_stacks(piles: Sequence[Pile], places: Sequence[StackPlace],
                  before: Sequence[Pile] = (), below: float = SECOND_STACK,
                  small: float = SECOND_SIZE, twin: float = BESIDE_READ) -> list[Pile]:
    """Those of a seat's ``piles`` that are no stack: read below ``below``, of a colour the
    seat collects in a known stack (``places``) they do not lie on, that stack still read
    where it lies and not as their face read ``twin`` or more (a twin in a hand beside its
    twin, a sign the tracker reads), and boxed smaller than ``small`` of that stack's card or
    lying still since the last look (a pile of ``before`` with that face, not moved). A
    collection has one stack per colour, a card laid beside its stack is read surely, and a
    card carried to its stack is boxed whole and moves (17510 at 114.3 s: a patch of yellow
    cloth between seat 1's yellow-2 and its new blue-5, boxed 0.75 of a card and read
    yellow-4 at 0.22-0.32 for 4 s, a second yellow stack - the collect and the next one
    became one question; 17204 at 80.9 s: dotted red cloth between seat 1's green-5 and
    pink-2, boxed whole and read pink-1 at 0.25-0.28 for 11 s; 17106 at 29.6 s: seat 2's
    pink-2 on its way to the pink-3, read 0.26-0.44, is that collect coming)."""
    def still(pile: Pile) -> bool:
        return any(q.top == pile.top and not pile.moved_from(q) for q in before)

    def second(pile: Pile) -> bool:
        colour = pile.top.colour
        return pile.confidence < below and colour is not None and any(
            s.colour == colour and not s.covers(pile.centre)
            and (pile.size < small * s.size or still(pile))
            and any(q is not pile and q.top.colour == colour and s.covers(q.centre)
                    and (q.top != pile.top or pile.confidence < twin) for q in piles)
            for s in places)

    return [p for p in piles if second(p)]


def on_the_discard(codes: np.ndarray, quads: np.ndarray, least: float = ON_PILE
                   ) -> np.ndarray:
    """Zone codes with each card in a seat's zone that overlaps a card of the discard zone
    by ``least`` of the smaller one's area or more given to the discard: the pile wanders off the
    zone's middle as cards are laid, and a box on its edge is part of it, not a card
    collected (16506 at 103.4 s: the corner of the red-4 under the red-1, its box 45 px off
    the zone's centre and 0.36 of it on the red-1, read green-2 at 0.22-0.26 in seat 2's
    zone, became a second green stack there - and a question)."""
    out = codes.copy()
    pile = [quads[j] for j in np.flatnonzero(codes == DISCARD_CODE)]
    for i in np.flatnonzero(codes >= 0):
        if any(_overlap(quads[i], q) >= least for q in pile):
            out[i] = DISCARD_CODE
    return out


def on_laid_places(codes: np.ndarray, pts: np.ndarray, laid: Sequence[Pile],
                   reach: float = LAID_PLACE) -> np.ndarray:
    """Zone codes with each card in a seat's zone whose centre lies within ``reach`` card
    diagonals of where a card of the discard pile was laid (``laid``: the top and the
    cards under it, as read when each was the top) given to the discard: cards are never
    taken off the pile, so a card there is one of its own peeking out from under the top,
    however little of it lies under the top's outline (18702 at 99.5 s: the top of the red-5
    two cards down, boxed 11 px from where the red-5 lay and read red-4 at 0.35-0.5, its
    centre on the discard zone's edge - in the zone one frame, in seat 2's the next: a
    phantom collect of seat 2, 4 points off the round's scores)."""
    out = codes.copy()
    places = [StackPlace(*p.centre, p.size) for p in laid]
    for i in np.flatnonzero(codes >= 0):
        if any(s.covers(pts[i], reach) for s in places):
            out[i] = DISCARD_CODE
    return out


def lies_anew(card: Pile, laid: Sequence[Pile], whole: float = 0.85) -> bool:
    """``card``, one card's box whose face was laid on the discard pile (``laid``: where
    each card of the pile was laid), lies otherwise than every card of that face was laid
    (:meth:`Pile.moved_from`), from a card-shaped box of a whole card's size (``whole`` of
    it or more): not that card peeking out from under the top - a card in the pile neither
    moves nor turns, and a part of it boxes smaller - but its twin, laid now (19309 at
    81.8 s: a green-4 laid on the green-2, which lay on the other green-4, boxed at 0.65,
    turned 58 degrees and 0.25 card diagonals off where that one lay - a card known to lie
    in the pile, the play was lost and the next move read out of turn)."""
    where = [p for p in laid if p.top == card.top]
    return (bool(where) and card.aspect is not None and not card.squarish
            and all(p.aspect is not None and not p.squarish and card.span >= whole * p.span
                    and card.moved_from(p) for p in where))


def lies_as_laid(card: Pile, laid: Sequence[Pile], spot: float = ON_SPOT) -> bool:
    """``card``, one card's box, lies as a card of its face was laid on the discard pile
    (``laid``), neither moved nor turned from it (:meth:`Pile.moved_from`), or with its
    centre on that card's very spot (``spot`` card diagonals), however turned - a part of
    it uncovered boxes turned: that card peeking out, however deep it lies - not its twin
    laid now (19309 at 93.0 s: the green-2 three cards down, half of it uncovered, read
    0.73 where it was laid 17 s before as the green-3 came - its twin unseen, it was taken
    for that one laid: a phantom play, a false alert; 19306 at 61.7 s: the yellow-0 two
    cards down read 0.65-0.74 by turns with the top, 0.03 card diagonals from where it was
    laid, turned 63 degrees - the same)."""
    return any(p.top == card.top and (not card.moved_from(p) or card.shifted_from(p) <= spot)
               for p in laid)


def _new_to_pile(card: Pile, known: Pile, on_pile: Collection[Card], laid: Sequence[Pile]
                 ) -> bool:
    """``card``, one card's box in the discard zone, may be a card laid now: none of the
    cards known to lie in the pile (``on_pile``) unless it lies anew (:func:`lies_anew`),
    nor lying as one of its face was laid (:func:`lies_as_laid`)."""
    if card.top not in on_pile:
        return not lies_as_laid(card, laid)
    return card.top != known.top and lies_anew(card, laid)


def _laid_surely(i: int, top: int, conf: np.ndarray, face: np.ndarray, card_shaped: bool,
                 sure: float, close: float) -> bool:
    """Row ``i`` reads as surely as a card laid on row ``top`` must: ``sure`` and ``close``
    of the top's score - or its face ``LAID_FACE`` or more (``face``) from a card-shaped box."""
    return conf[i] >= sure and conf[i] >= close * conf[top] or bool(face[i]) and card_shaped


def newcomer(d: sv.Detections, pile: Pile, known: Pile, on_pile: Collection[Card],
             quads: np.ndarray, sure: float = 0.5, close: float = 0.8,
             laid: Sequence[Pile] = ()) -> int | None:
    """The row of a card laid on the discard pile that reads below the old top it covers
    (or None). Cards are only ever laid on top: a card read surely (``sure``) in the pile
    that is none of the cards known to lie in it (``on_pile``), nor lies as one of its face
    was laid there (:func:`lies_as_laid`, ``laid``), is the new top, while an old
    card (the old top, read as before where it lay, or a card it covered at the last look)
    reads on top - when it scores at least ``close`` of that card (a card held over the
    pile scores far below it) - or when its face reads ``LAID_FACE`` or more from a
    card-shaped box (not a part of a card peeking out: 13307 at 27.8 s, a green-0 boxed
    square at 0.38 beside the green-3 on it, its face 0.91), however unsure the finder is of
    that box. A card of a face known to lie in the pile counts when it lies anew
    (:func:`lies_anew`, ``laid``). 11308 at 48 s: a pink-0 laid over half a yellow-0, both
    read 0.84, the yellow-0's box a little larger; at 53 s a green-0 laid on the pink-0.
    14004 at 20.7 s: a green-1 laid over the upper half of the blue-1, boxed at 0.37, its
    face read 0.985, the blue-1 0.78 - unseen for 4 s, the next two moves told as breaking
    rules."""
    old = pile.top in known.cards[1:] or pile.top == known.top and not pile.moved_from(known)
    if not old or len(pile.indices) < 2:
        return None
    conf = confidences(d)
    face = sure_faces(d, LAID_FACE)
    pts = centres(d)
    top = pile.indices[0]
    found = [i for i in pile.indices[1:]
             if _laid_surely(i, top, conf, face, outline_aspect(quads[i]) >= SQUARE, sure,
                             close)
             and _new_to_pile(make_pile(d, [i], quads, pts), known, on_pile, laid)]
    return found[0] if len(found) == 1 else None


def laid_beside(d: sv.Detections, piles: Sequence[Pile], pile: Pile, known: Pile,
                on_pile: Collection[Card], quads: np.ndarray, sure: float = 0.5,
                close: float = 0.8, laid: Sequence[Pile] = ()) -> Pile | None:
    """The one other pile of the discard zone whose top is a card laid on the discard
    pile's edge (or None): ``pile`` is the known top lying as it did, and that card touches
    it, reads surely (``sure``, and ``close`` of the known top's score) and is none of the
    cards known to lie in the pile (``on_pile``; or lies anew, see :func:`lies_anew`) -
    overlapping it too little to be one pile
    with it (see ``OVERLAP``); or whose face reads ``LAID_FACE`` or more (see
    :func:`newcomer`). 13803 at 188.3 s: a red-4 laid over a corner of the red-1 (3 % of
    it), read 0.83, the red-1 0.86: the red-1 stayed the top, the round's last move was
    lost. 14004 at 20.7 s: a green-1 laid over the upper half of the blue-1, boxed at 0.37
    (its face 0.985), the blue-1 boxed round its lower half, beside it."""
    if pile.top != known.top or pile.moved_from(known):
        return None
    conf = confidences(d)
    face = sure_faces(d, LAID_FACE)
    top = pile.indices[0]
    found = [p for p in piles if p is not pile and _new_to_pile(p, known, on_pile, laid)
             and _laid_surely(p.indices[0], top, conf, face, not p.squarish, sure, close)
             and _overlap(quads[p.indices[0]], quads[top]) > 0.0]
    return found[0] if len(found) == 1 else None


def outline_aspect(q: np.ndarray) -> float:
    """The outline's long sides over its short sides."""
    a = float(np.hypot(*(q[1] - q[0])) + np.hypot(*(q[3] - q[2])))
    b = float(np.hypot(*(q[2] - q[1])) + np.hypot(*(q[0] - q[3])))
    return max(a, b) / max(min(a, b), 1e-9)


def sure_faces(detections: sv.Detections, at: float = SURE_FACE) -> np.ndarray:
    """Which cards' faces read at ``at`` or more (their boxes may be unsure: a closer look)."""
    if CLASS_PROBS not in detections.data or len(detections) == 0:
        return np.zeros(len(detections), bool)
    return np.asarray(detections.data[CLASS_PROBS]).max(axis=1) >= at


class TableView:
    """Reads :class:`VisibleState` from detections with one calibration."""

    def __init__(self, calibration: Calibration, class_names: Sequence[str] = CARD_NAMES,
                 min_confidence: float = STATE_CONFIDENCE) -> None:
        self.calibration = calibration
        self.class_names = class_names
        self.min_confidence = min_confidence

    def read(self, detections: sv.Detections, reveal: bool = False,
             stack_tops: Sequence[Sequence[Card | frozenset[Card]]] | None = None,
             discard_known: tuple[Pile, Collection[Card]] | None = None,
             stacks: Sequence[Sequence[StackPlace]] | None = None,
             may_land: Collection[Card] = (), before: Sequence[Pile] = (),
             laid: Sequence[Pile] = ()) -> VisibleState:
        """``reveal``: also list each seat's revealed hand cards - every card of the seat's
        piles except one pile per known collection stack top in ``stack_tops[seat]`` (a face,
        or the faces that top may read as).
        ``discard_known``: the discard pile as last known, and the cards known to lie in it
        (see :func:`newcomer`). ``stacks``: each seat's known collection stacks
        (:class:`StackPlace`): a card by a neighbour's stack is that seat's (see
        :func:`by_stacks`).
        ``may_land``: cards known to lie deep in the discard pile whose twin, a stack top of
        the seat to move, may be laid on it now: where no seat shows that card, a reading of
        it in the pile may be the newcomer (15305 at 94 s: seat 1's yellow-1 laid half over
        the yellow-0, read 0.7 under its larger box; the other yellow-1 lay eight cards down
        - the move was lost and the next seat's collect read as two moves).
        ``before``: the seats' piles at the last look, those set aside too (see
        :func:`second_stacks`). ``laid``: the discard pile's top and the cards under it as
        read where each was laid (see :func:`on_laid_places`, :func:`lies_anew`)."""
        deck = self._deck(detections)
        keep = deck.copy()
        if detections.confidence is not None and len(detections):
            keep &= np.asarray(detections.confidence) >= self.min_confidence
        d: sv.Detections = detections[keep] if len(detections) else detections  # type: ignore[assignment]
        n_seats = self.calibration.players
        if len(d) == 0:
            empty: tuple[tuple[Pile, ...], ...] = tuple(() for _ in range(n_seats))
            return VisibleState(None, empty, tuple(() for _ in range(n_seats)) if reveal else None,
                                self._unsure_discard(detections, deck & ~keep))
        pts = centres(d)
        quads = _quads(d)
        codes = self.calibration.zone_codes(pts)
        colours: list[Colour | None] = []
        if stacks is not None:  # (x, y, size) tuples too: as places
            stacks = [[StackPlace(*s) for s in seat] for seat in stacks]
            colours = _colours(d)
            codes = by_stacks(codes, pts, stacks, colours=colours)
        codes = on_laid_places(on_the_discard(codes, quads), pts, laid)
        discard_piles, seat_piles = self._piles(d, quads, pts, codes)
        discard = main_pile(discard_piles)
        if discard is not None and discard_known is not None:
            known, on_pile = discard_known
            shown = {p.top for ps in seat_piles for p in ps}
            on_pile = set(on_pile) - (set(may_land) - shown)
            discard = self._known_top(d, discard_piles, discard, quads, pts, known, on_pile,
                                      laid)
        aside: list[Pile] = []
        if stacks is not None and not reveal:
            for k, ps in enumerate(seat_piles[:len(stacks)]):
                seconds = second_stacks(ps, stacks[k], before)
                seat_piles[k] = [p for p in ps if all(p is not q for q in seconds)]
                aside.extend(seconds)
        seats = tuple(tuple(sorted(ps, key=pile_order)) for ps in seat_piles)
        reveals = None
        if reveal:
            if self.calibration.reveal_seats is None:
                laid = seat_piles
            else:
                far = self.calibration.zone_codes(pts, reveal=True)
                laid = self._piles(d, quads, pts, far if stacks is None
                                   else by_stacks(far, pts, stacks, colours=colours))[1]
            reveals = tuple(self._reveal(laid[k], stack_tops[k] if stack_tops else (),
                                         stacks[k] if stacks else ())
                            for k in range(n_seats))
        unsure = None if discard else self._unsure_discard(detections, deck & ~keep)
        return VisibleState(discard, seats, reveals, unsure, tuple(aside))

    def _known_top(self, d: sv.Detections, piles: Sequence[Pile], pile: Pile,
                   quads: np.ndarray, pts: np.ndarray, known: Pile, on_pile: Collection[Card],
                   laid: Sequence[Pile] = (), close: float = 0.8) -> Pile:
        """The discard pile with the card laid last on top: a newcomer (see
        :func:`newcomer`); or, when a card known to lie in the pile reads on top, the known
        top still read where it lay, scoring at least ``close`` of that card - in another
        pile of the discard zone (not covering the known top), or in this one when that
        card showed under the known top at the last look (11308 at 57 s: a yellow-0 half
        covered by a green-0 read 0.88, the green-0 0.87, the two boxes now one pile, now
        two) or lies as it was laid (:func:`lies_as_laid`; 19309 at 97.4 s: the green-2
        four cards down, half of it uncovered, read 0.8 where it was laid, the pink-3 on
        top 0.78 - its twin unseen, it was taken for that one laid: a phantom play and a
        false alert)."""
        new = newcomer(d, pile, known, on_pile, quads, close=close, laid=laid)
        if new is not None:
            return make_pile(d, pile.indices, quads, pts, self.class_names, top=new)
        beside = laid_beside(d, piles, pile, known, on_pile, quads, close=close, laid=laid)
        if beside is not None:
            return beside
        # a card of the pile lying as it was laid reads on top: it peeks out
        peeking = lies_as_laid(pile, laid)
        if (pile.top == known.top or pile.top not in on_pile and not peeking
                or d.confidence is None):
            return pile
        conf = confidences(d)
        names = d.data[CLASS_NAME]
        for p in piles:
            if p is pile and pile.top not in known.cards[1:] and not peeking:
                continue
            rows = [i for i in p.indices if str(names[i]) == str(known.top)
                    and conf[i] >= close * conf[pile.indices[0]]]
            if len(rows) != 1:
                continue
            kept = make_pile(d, p.indices, quads, pts, self.class_names, top=rows[0])
            if not kept.moved_from(known):
                return kept
        return pile

    def _deck(self, detections: sv.Detections) -> np.ndarray:
        """Which detections are cards of this deck."""
        names = detections.data.get(CLASS_NAME, np.asarray([], dtype=object))
        return np.array([str(n) in self.class_names for n in names], bool)

    def _piles(self, d: sv.Detections, quads: np.ndarray, pts: np.ndarray, codes: np.ndarray
               ) -> tuple[list[Pile], list[list[Pile]]]:
        """The piles of the discard zone and of each seat's zone (``codes``)."""
        discard_piles: list[Pile] = []
        seat_piles: list[list[Pile]] = [[] for _ in range(self.calibration.players)]
        for code in set(codes.tolist()):
            if code < DISCARD_CODE:
                continue
            members = np.flatnonzero(codes == code)
            for group in group_piles(quads[members]):
                pile = make_pile(d, [int(members[g]) for g in group], quads, pts,
                                 self.class_names)
                (discard_piles if code == DISCARD_CODE else seat_piles[code]).append(pile)
        return discard_piles, seat_piles

    def _unsure_discard(self, detections: sv.Detections, low: np.ndarray) -> Pile | None:
        """The most certain pile of the cards read too unsurely to count, in the discard zone."""
        if not low.any():
            return None
        d: sv.Detections = detections[low]  # type: ignore[assignment]
        pts, quads = centres(d), _quads(d)
        members = np.flatnonzero(self.calibration.zone_codes(pts) == DISCARD_CODE)
        piles = [make_pile(d, [int(members[g]) for g in group], quads, pts, self.class_names)
                 for group in group_piles(quads[members])]
        return main_pile(piles)

    def with_discard(self, state: VisibleState, closer: sv.Detections, known: Card | None,
                     sure_face: float = SURE_FACE, landing: Collection[Card] = (),
                     any_laid: bool = False) -> VisibleState:
        """``state`` with the discard pile of a closer look (``closer``: lower thresholds)
        where it read none. ``known``: the discard top as the game knows it - only that card
        read again is taken (a new card there may be an arm or a hand's shadow), or a new
        one whose face reads at ``sure_face`` or more if it is a joker or one of ``landing``
        (the stack tops of the seat to move: 16503 at 132.3 s, seat 2's pink-0 laid on the
        pink-3, its face read at 0.93-0.98, the finder unsure of it from 0.18 down to 0.05
        for 5 s - the play was lost) - or any card whose face reads ``LAID_FACE`` or more,
        where ``any_laid`` (the pile unread a while: 19510 at 12.2 s, seat 3's pink-1 laid
        on the pink-5 from its hand, the whole pile lost to the finder for 5 s, the pink-1
        read 0.14-0.21 by closer looks, its face 0.98 - the play lost, two questions and the
        round); None (a round's start): a card whose face reads at
        ``sure_face`` or more, else it is offered as the unsure discard (a card in a shadow
        that the finder is unsure of, 10104)."""
        if state.discard is not None or len(closer) == 0:
            return state
        low = closer
        if closer.confidence is not None:
            low = closer[np.asarray(closer.confidence) < self.min_confidence]  # type: ignore[assignment]
        deck = self._deck(low)
        near = self._unsure_discard(low, deck)
        if near is None:
            return state
        if known is not None and near.top == known:
            return dataclasses.replace(state, discard=near)
        first = self._unsure_discard(low, deck & sure_faces(low, sure_face))
        if known is not None:
            laid = first is not None and first.top != known and (
                first.top.is_joker or first.top in landing
                or any_laid and first.share(first.top) >= LAID_FACE)
            return dataclasses.replace(state, discard=first) if laid else state
        if first is not None and len(first.cards) == 1:
            return dataclasses.replace(state, discard=first, unsure_discard=None)
        return dataclasses.replace(state, unsure_discard=state.unsure_discard or near)

    def with_lost(self, state: VisibleState, closer: sv.Detections,
                  lost: Sequence[tuple[int, Pile]], sure_face: float = SURE_FACE
                  ) -> VisibleState:
        """``state`` with each card of ``lost`` (a seat, and a card read there lately that
        ``state`` shows nothing near) that a closer look (``closer``: lower thresholds)
        finds again where it lay: the same face, read at ``sure_face`` or more, its centre
        within half a card of where it lay, and not in the discard zone (13802 at 108.6 s:
        seat 2's blue-0, read in the hand that played it as it crossed the seat's zone,
        found on the discard at 0.08, became a card at seat 2). A card on a cloth of its
        own colour is found surely as it comes down, then at 0.04-0.12 once it lies there
        (13302 at 48 s)."""
        if not lost or len(closer) == 0:
            return state
        low = self._deck(closer) & sure_faces(closer, sure_face)
        if closer.confidence is not None:
            low &= np.asarray(closer.confidence) < self.min_confidence  # the rest: in state
        if not low.any():
            return state
        d: sv.Detections = closer[low]  # type: ignore[assignment]
        pts, quads, conf = centres(d), _quads(d), confidences(d)
        names = [str(n) for n in d.data[CLASS_NAME]]
        on_discard = self.calibration.zone_codes(pts) == DISCARD_CODE
        seats = [list(piles) for piles in state.seats]
        for seat, was in lost:
            rows = [i for i in range(len(d)) if names[i] == str(was.top)
                    and not on_discard[i] and float(
                np.hypot(*(pts[i] - np.asarray(was.centre)))) <= 0.5 * was.size]
            if rows and seat < len(seats):
                best = max(rows, key=lambda i: conf[i])
                seats[seat].append(make_pile(d, [best], quads, pts, self.class_names))
        return dataclasses.replace(
            state, seats=tuple(tuple(sorted(ps, key=pile_order)) for ps in seats))

    def topped_up(self, state: VisibleState, detections: sv.Detections,
                  closer: sv.Detections, counts: Sequence[int],
                  stacks: Sequence[Sequence[StackPlace]] = ()) -> VisibleState:
        """``state``'s reveals with the cards of a closer look (``closer``: lower thresholds)
        a seat's reveal lacks, where the referee counts more cards in that hand (``counts``):
        the surest first, only as many as are missing, and only cards that lie in the seat's
        reveal zone and not under a card read surely (in ``detections``: a stack's covered
        card, or a revealed card read twice), nor on a known collection stack (``stacks``:
        its top read too unsurely to count - 18401 at 123 s: seat 1's green-1 read 0.2 on
        its stack filled the reveal of a green-0 the finder missed; a hand card counted
        that was none, the round's scores wrong). A card laid face up in a row is not
        covered."""
        if state.reveals is None:
            return state
        short = {k: n - len(state.reveals[k]) for k, n in enumerate(counts)
                 if k < len(state.reveals) and n > len(state.reveals[k])}
        if closer.confidence is not None and len(closer):
            closer = closer[np.asarray(closer.confidence) >= REVEAL_CONF]  # type: ignore[assignment]
        if not short or len(closer) == 0:
            return state
        sure = self._sure_quads(detections)
        names, conf, pts, quads, codes = self._in_reveal_zones(closer)
        taken: list[np.ndarray] = []
        added: dict[int, list[Card]] = {k: [] for k in short}
        for i in np.argsort(-conf, kind="stable"):
            k, name = int(codes[i]), str(names[i])
            if k not in short or len(added[k]) >= short[k] or name not in self.class_names:
                continue
            if any(_inside(pts[i], q) for q in [*sure, *taken]) or any(
                    place.covers(pts[i]) for places in stacks for place in places):
                continue
            taken.append(quads[i])
            added[k].append(Card.parse(name))
        if not any(added.values()):
            return state
        reveals = tuple(tuple(sorted([*r, *added.get(k, [])], key=str))
                        for k, r in enumerate(state.reveals))
        return dataclasses.replace(state, reveals=reveals)

    def trimmed(self, state: VisibleState, detections: sv.Detections,
                counts: Sequence[int]) -> VisibleState:
        """``state``'s reveals without the cards read twice, where a seat's reveal holds more
        cards than the referee counts in that hand (``counts``): the least sure first, only
        as many as are too many, and only cards whose centre lies on another card of that
        reveal read more surely - a box astride two cards of a fanned hand (10802: a red-1
        and a joker, 15 px apart, and a third box between them read red-1 at 0.33) - then,
        where still too many, cards read below ``SECOND_STACK`` (17510 at 138.5 s: a patch
        of yellow cloth by seat 1's stacks read yellow-4 at 0.25 since 114 s, counted as a
        third card of a hand of two: 4 points lost)."""
        if state.reveals is None or len(detections) == 0:
            return state
        extra = {k: len(state.reveals[k]) - n for k, n in enumerate(counts)
                 if k < len(state.reveals) and len(state.reveals[k]) > n}
        if not extra:
            return state
        names, conf, pts, quads, codes = self._in_reveal_zones(detections)
        reveals = [list(r) for r in state.reveals]
        for k in extra:
            mine = [i for i in np.argsort(conf, kind="stable") if int(codes[i]) == k
                    and conf[i] >= self.min_confidence and str(names[i]) in self.class_names]
            for n, i in enumerate(mine):
                card = Card.parse(str(names[i]))
                if extra[k] == 0 or card not in reveals[k]:
                    continue
                if any(_inside(pts[i], quads[j]) for j in mine[n + 1:]):
                    reveals[k].remove(card)
                    extra[k] -= 1
            for i in mine:
                card = Card.parse(str(names[i]))
                if extra[k] > 0 and conf[i] < SECOND_STACK and card in reveals[k]:
                    reveals[k].remove(card)
                    extra[k] -= 1
        return dataclasses.replace(state, reveals=tuple(tuple(r) for r in reveals))

    def _in_reveal_zones(self, d: sv.Detections) -> tuple[np.ndarray, ...]:
        """Each card's name, confidence, centre, outline and the seat whose reveal zone it
        lies in (a zone code)."""
        names = d.data.get(CLASS_NAME, np.asarray([], dtype=object))
        conf = confidences(d)
        pts = centres(d)
        codes = self.calibration.zone_codes(pts, reveal=self.calibration.reveal_seats
                                            is not None)
        return names, conf, pts, _quads(d), codes

    def _sure_quads(self, detections: sv.Detections) -> list[np.ndarray]:
        """The outlines of the cards read surely enough to count."""
        if len(detections) == 0:
            return []
        names = detections.data.get(CLASS_NAME, np.asarray([], dtype=object))
        keep = np.array([str(n) in self.class_names for n in names], bool)
        if detections.confidence is not None:
            keep &= np.asarray(detections.confidence) >= self.min_confidence
        return list(_quads(detections)[keep])

    @staticmethod
    def _reveal(piles: Sequence[Pile], stack_tops: Sequence[Card | frozenset[Card]],
                places: Sequence[StackPlace] = ()) -> tuple[Card, ...]:
        """The cards of ``piles`` that are no known stack top: one pile per top read as one
        of its faces - or, where none does, read as the kin of one (red and pink, the same
        value) lying on that stack's place (``places``, aligned with ``stack_tops``: within
        half a card diagonal): its colour misread (15403 at 169 s: seat 0's pink-3 read red-3
        in the reveal was counted as a hand card, 3 points lost)."""
        tops = [t if isinstance(t, frozenset) else frozenset({t}) for t in stack_tops]
        left = list(range(len(tops)))
        out: list[Pile] = []
        for pile in piles:
            hit = next((k for k in left if pile.top in tops[k]), None)
            if hit is not None:
                left.remove(hit)
            else:
                out.append(pile)
        cards: list[Card] = []
        for pile in out:
            hit = next((k for k in left if k < len(places)
                        and any(twin(f) == pile.top for f in tops[k])
                        and places[k].covers(pile.centre)), None)
            if hit is not None:
                left.remove(hit)
            else:
                cards.extend(pile.cards)
        return tuple(sorted(cards, key=str))
