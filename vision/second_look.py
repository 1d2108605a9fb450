"""A second look when a move the camera saw breaks a rule: was a card it rests on misread?

Players cheat rarely; a printing whose red looks pink makes the reader err on every red
card. When a move is judged a violation, the cards that judgement rests on - the discard
top, and the stack tops of the seat that moved - are read again from all the frames they
have lain in since (the card memory's summed evidence, in the table view's alternatives).
If another reading makes fewer of the moves since that card was laid break a rule, and the
detector finds it likely enough, the card was misread: the observation that laid it is
corrected and every move since is judged again, with a note that says so. Likely enough is
``close`` times the reading the tracker has for one rule break fewer, and ``close`` times
less for each further one: each is a cheat more that the reading asks to believe, and
players cheat rarely (11401: the first discard, a pink-2 of a printing whose pink shows as a
thin dashed edge, read yellow-2 with pink-2 at 0.15 of it; three seats then collected a
yellow card onto it - three false alerts, where pink-2 makes none). A cheat on a table read
surely is still flagged, and only cards the camera read are re-read (never one the players
named, nor the move just seen: the tracker's own priors weighed that one already).

>>> from engine.referee import Referee
>>> from engine.rules import Rules
>>> from vision.table_view import Pile, VisibleState
>>> ref = Referee(Rules(players=3))
>>> for text in ("round starts: discard pink-4", "seat 0: collect:pink-3"):
...     _ = ref.observe_text(text)
>>> red = (Card.parse("pink-4"), 0.6), (Card.parse("red-4"), 0.3)
>>> top = Pile(Card.parse("pink-4"), alternatives=red)
>>> look = second_look(ref, VisibleState(top, ((), (), ())), 0.2)
>>> str(look.observation), look.violations_before, look.violations_after
('round starts: discard red-4', 1, 0)
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from engine.cards import Card
from engine.moves import Move, Source
from engine.observations import Observation, Played, RoundStarted
from engine.referee import Referee
from engine.verdicts import Verdict
from vision.card_priors import possible, twin
from vision.table_view import Pile, VisibleState


@dataclass(frozen=True)
class Rereading:
    index: int  # the observation (in the referee's history) that laid the card
    observation: Observation  # what it becomes
    seat: int | None  # where the card lies: None for the discard, else this seat's stack
    was: Card
    now: Card
    violations_before: int  # over the moves since the card was laid
    violations_after: int
    last: Observation | None = None  # the move just seen, as re-read with it (if changed)
    depth: int = 0  # on the discard: 1 for the card under its top
    # the discard card under this one, re-read along with it (its own fields; its
    # violation counts are the pair's)
    beneath: Rereading | None = None

    @property
    def note(self) -> str:
        if self.seat is None:
            where = _DEPTHS[min(self.depth, len(_DEPTHS) - 1)]
        elif self.last is not None:
            where = f"the card under seat {self.seat}'s stack top"
        else:
            where = f"seat {self.seat}'s stack top"
        if self.beneath is not None:
            b = self.beneath
            return (f"{where} re-read as {self.now} (was {self.was}) and the card under it as "
                    f"{b.now} (was {b.was}): as read {self.violations_before} move(s) since "
                    f"broke a rule, as re-read {self.violations_after}")
        return (f"{where} re-read as {self.now} (was {self.was}): with {self.was} "
                f"{self.violations_before} move(s) since broke a rule, with {self.now} "
                f"{self.violations_after}")


_DEPTHS = ("the discard top", "the card under the discard top",
           "the second card under the discard top")


def _laid_discard(obs: list[Observation], card: Card) -> int | None:
    """The observation that laid the discard top ``card`` from the camera's reading."""
    for i in range(len(obs) - 1, -1, -1):
        o = obs[i]
        if isinstance(o, RoundStarted):
            return i if o.discard == card else None
        if isinstance(o, Played) and o.move.source is not Source.COLLECT:
            hand = o.move.source is Source.HAND and o.move.card == card
            return i if hand else None  # from a stack: read when it was collected
    return None


def _laid_stack_top(obs: list[Observation], seat: int, card: Card) -> int | None:
    for i in range(len(obs) - 1, -1, -1):
        o = obs[i]
        if isinstance(o, RoundStarted):
            return None
        if isinstance(o, Played) and o.seat == seat and o.move.stack is not None:
            if o.move.source is Source.COLLECT and o.move.card == card:
                return i
            if o.move.source is Source.STACK:
                return None  # a top played from this seat's stacks: keep it simple
    return None


def _as(o: Observation, card: Card) -> Observation:
    if isinstance(o, RoundStarted):
        return RoundStarted(card, o.starter)
    assert isinstance(o, Played)
    m = o.move
    move = Move.hand(card) if m.source is Source.HAND else Move.collect(card, m.stack)
    return Played(o.seat, move)


class _Option(NamedTuple):
    index: int  # the observation that laid the card
    card: Card  # as read
    other: Card  # the other reading
    where: int | None  # None: the discard, else the seat whose stack it tops
    depth: int  # how deep in the discard
    share: float  # the other's share of the read card's probability


def _rest_depth(ref: Referee) -> int:
    """How deep in the discard lies the card the last verdict rests on: 1 when the move just
    seen laid a card on it, else 0."""
    moved = ref.observations[-1]
    return int(isinstance(moved, Played) and moved.move.to_discard)


def _discard_index(ref: Referee, depth: int) -> int | None:
    """The observation that laid the discard card ``depth`` below the top from the camera's
    reading (None: none, or laid from a stack)."""
    r, obs = ref.round, ref.observations
    if r is None or depth >= len(r.discard):
        return None
    end = len(obs)
    for _ in range(depth):  # past the observations that laid the cards above it
        end = next((i for i in range(end - 1, -1, -1) if isinstance(obs[i], RoundStarted)
                    or isinstance(obs[i], Played) and obs[i].move.to_discard), -1)  # type: ignore[union-attr]
        if end < 0:
            return None
    return _laid_discard(obs[:end], r.discard[-1 - depth])


def _read(ref: Referee, where: int | None, pile: Pile, index: int | None, depth: int,
          floor: float) -> Iterator[_Option]:
    """The other readings of ``pile``, the card laid by observation ``index``, whose share
    is ``floor`` or more (none if the card is read otherwise since, or was told by the
    players - not this camera's reading)."""
    r = ref.round
    if r is None or index is None or index >= len(ref.observations) - 1 or not pile.alternatives:
        return
    laid = ref.observations[index]
    card = laid.discard if isinstance(laid, RoundStarted) else laid.move.card  # type: ignore[union-attr]
    if card != pile.top or card.is_joker:
        return
    p_read, seen = pile.share(card), r.seen()
    for other, p in pile.alternatives:
        if other == card or other.is_joker or p < floor * p_read or not possible(other, seen):
            continue
        yield _Option(index, card, other, where, depth, p / p_read if p_read > 0 else math.inf)


def _options(ref: Referee, state: VisibleState, floor: float, under: Pile | None = None
             ) -> Iterator[_Option]:
    """The readings to try: those with a share of ``floor`` or more. ``under``: the discard
    top as last read before the move just seen covered it (given only when that move laid a
    card on it)."""
    r = ref.round
    if r is None:
        return
    if state.discard is not None and r.discard:
        yield from _read(ref, None, state.discard, _discard_index(ref, 0), 0, floor)
    if under is not None:
        yield from _read(ref, None, under, _discard_index(ref, 1), 1, floor)
    seat = ref.verdicts[-1].seat
    if seat is not None and seat < len(state.seats):
        for pile in state.seats[seat]:
            yield from _read(ref, seat, pile, _laid_stack_top(ref.observations, seat, pile.top),
                             0, floor)


def _violations(verdicts: list[Verdict], start: int) -> int:
    return sum(len(v.violations) for v in verdicts[start:])


def _trial(ref: Referee, options: tuple[_Option, ...]) -> tuple[Referee, list[Verdict]] | None:
    """``ref`` copied with each option's card re-read, deepest first (None: the engine
    cannot follow the game so)."""
    trial = copy.deepcopy(ref)
    verdicts = trial.verdicts
    try:
        for o in sorted(options, key=lambda o: o.index):
            verdicts = trial.correct(o.index, _as(ref.observations[o.index], o.other))
    except Exception:  # the other reading does not make a game the engine can follow
        return None
    return trial, verdicts


def second_look(ref: Referee, state: VisibleState, close: float,
                max_breaks: int = 3, laid: Sequence[Pile] = ()) -> Rereading | None:
    """The re-reading that most lowers the violations since its card was laid (None: none
    lowers them enough for how unlikely the detector finds it: ``close`` to the power of the
    violations it takes away, counting at most ``max_breaks``). ``ref``'s last verdict is
    the move just judged; ``ref`` is not changed. ``laid``: the discard's last cards, each as
    last read before it was covered, the top last (:meth:`Tracker.discard_laid`). When the
    move just judged laid a card on the discard, the card it was laid on is read again too
    (14908 at 91.4 s: a red-0, read red-0 at 0.98 as it landed, then pink-0 at 0.54-0.71
    with red-0 at 0.28-0.45, was taken as pink-0; the red-3 laid on it was a false
    discard-not-fitting alert). And where re-reading the card the judgement rests on (the
    top, or the card under it) makes the move that laid it break a rule, it is read again
    with the card under it - the likelihoods multiplied (20506 at
    19.7 s: the first discard, a red-1, read pink-1 with red-1 at 0.8 of it, and the red-5
    laid on it read pink-5 at 0.59; seat 0's pink-2 collected was told as fitting, and red-5
    alone would not fit pink-1)."""
    if not ref.verdicts or not ref.verdicts[-1].violations:
        return None
    floor = close ** max_breaks
    best: Rereading | None = None
    depth = _rest_depth(ref)
    under = laid[-2] if depth == 1 and len(laid) >= 2 else None
    below = (list(_read(ref, None, laid[-2 - depth], _discard_index(ref, depth + 1),
                        depth + 1, floor)) if len(laid) >= 2 + depth else [])
    tries = [(o,) for o in _options(ref, state, floor, under)]
    for options in tries:  # (pairs join the list as it is walked)
        tried = _trial(ref, options)
        if tried is None:
            continue
        trial, verdicts = tried
        o = options[0]
        if (len(options) == 1 and o.where is None and o.depth == depth
                and verdicts[o.index].violations and not ref.verdicts[o.index].violations):
            tries += [(o, b) for b in below]  # re-read, the move that laid it breaks a rule
        index = min(o.index for o in options)
        before, after = _violations(ref.verdicts, index), _violations(verdicts, index)
        share = math.prod(o.share for o in options)
        if after >= before or share < close ** min(before - after, max_breaks):
            continue
        if best is None or after < best.violations_after:
            low = None if len(options) == 1 else Rereading(
                options[1].index, trial.observations[options[1].index], None, options[1].card,
                options[1].other, before, after, depth=options[1].depth)
            best = Rereading(o.index, trial.observations[o.index], o.where, o.card, o.other,
                             before, after, depth=o.depth, beneath=low)
    return best


def under_look(ref: Referee, kin_share: Callable[[int, Card], float | None],
               close: float) -> Rereading | None:
    """A second look under a card collected onto the stack of the other of red and pink
    (a pink-3 onto a lone red-4 - wrong stack): was that lone card its kin, of the new
    card's colour (a pink-4)? ``kin_share`` tells how much of a share the camera gave the
    kin, against the card's own, while it lay alone; ``close`` or more, and the re-reading
    makes fewer moves break a rule, it was the kin, and the card just collected went onto
    it (15104 at 21 s: seat 1's pink-4 read red-4 at 0.56 to 0.42 for 7 s, pink-3 collected
    onto it - a false wrong-stack alert, and two questions as the seat then began its red
    stack). ``ref``'s last verdict is the move just judged; ``ref`` is not changed."""
    r, last = ref.round, len(ref.observations) - 1
    if r is None or not ref.verdicts or not ref.verdicts[-1].violations:
        return None
    obs = ref.observations[last]
    if not isinstance(obs, Played) or obs.move.source is not Source.COLLECT:
        return None
    seat, card, colour = obs.seat, obs.move.card, obs.move.stack
    stack = r.stacks[seat].get(colour) if colour is not None else None
    if stack is None or len(stack) != 2 or card.colour is None or colour is card.colour:
        return None
    under, kin = stack[0], twin(stack[0])
    if kin is None or kin.colour is not card.colour or card.colour in r.stacks[seat]:
        return None
    index = _laid_stack_top(ref.observations[:last], seat, under)
    share = kin_share(seat, under)
    if index is None or share is None or share < close or not possible(kin, r.seen()):
        return None
    trial = copy.deepcopy(ref)
    try:
        trial.correct(last, Played(seat, Move.collect(card)))
        verdicts = trial.correct(index, Played(seat, Move.collect(kin)))
    except Exception:  # the other reading does not make a game the engine can follow
        return None
    before, after = _violations(ref.verdicts, index), _violations(verdicts, index)
    if after >= before:
        return None
    return Rereading(index, trial.observations[index], seat, under, kin, before, after,
                     trial.observations[last])
