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
from collections.abc import Callable, Iterator
from dataclasses import dataclass

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

    @property
    def note(self) -> str:
        if self.seat is None:
            where = "the card under the discard top" if self.depth else "the discard top"
        elif self.last is not None:
            where = f"the card under seat {self.seat}'s stack top"
        else:
            where = f"seat {self.seat}'s stack top"
        return (f"{where} re-read as {self.now} (was {self.was}): with {self.was} "
                f"{self.violations_before} move(s) since broke a rule, with {self.now} "
                f"{self.violations_after}")


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


def _options(ref: Referee, state: VisibleState, floor: float, under: Pile | None = None
             ) -> Iterator[tuple[int, Card, Card, int | None, int, float]]:
    """(observation index, card read, other reading, seat, how deep in the discard, the
    other's share of the read card's probability) to try: those with a share of ``floor``
    or more. ``under``: the discard top as last read before the move just seen covered it
    (that move laid a card on it)."""
    r = ref.round
    verdict = ref.verdicts[-1]
    last = len(ref.observations) - 1
    if r is None:
        return
    places: list[tuple[int | None, Pile, int | None, int]] = []
    if state.discard is not None and r.discard:
        places.append((None, state.discard, _laid_discard(ref.observations, r.top), 0))
    moved = ref.observations[last]
    if (under is not None and len(r.discard) >= 2 and isinstance(moved, Played)
            and moved.move.to_discard):
        places.append((None, under, _laid_discard(ref.observations[:last], r.discard[-2]), 1))
    seat = verdict.seat
    if seat is not None and seat < len(state.seats):
        for pile in state.seats[seat]:
            places.append((seat, pile, _laid_stack_top(ref.observations, seat, pile.top), 0))
    seen = r.seen()
    for where, pile, index, depth in places:
        if index is None or index >= last or not pile.alternatives:
            continue
        laid = ref.observations[index]
        card = laid.discard if isinstance(laid, RoundStarted) else laid.move.card  # type: ignore[union-attr]
        if card != pile.top or card.is_joker:
            continue  # read otherwise since, or told by the players: not this camera's reading
        p_read = pile.share(card)
        for other, p in pile.alternatives:
            if other == card or other.is_joker or p < floor * p_read or not possible(other, seen):
                continue
            yield index, card, other, where, depth, p / p_read if p_read > 0 else float("inf")


def _violations(verdicts: list[Verdict], start: int) -> int:
    return sum(len(v.violations) for v in verdicts[start:])


def second_look(ref: Referee, state: VisibleState, close: float,
                max_breaks: int = 3, under: Pile | None = None) -> Rereading | None:
    """The re-reading that most lowers the violations since its card was laid (None: none
    lowers them enough for how unlikely the detector finds it: ``close`` to the power of the
    violations it takes away, counting at most ``max_breaks``). ``ref``'s last verdict is
    the move just judged; ``ref`` is not changed. ``under``: the discard top as last read
    before the move just judged covered it - the card it was laid on is read again too
    (14908 at 91.4 s: a red-0, read red-0 at 0.98 as it landed, then pink-0 at 0.54-0.71
    with red-0 at 0.28-0.45, was taken as pink-0; the red-3 laid on it was a false
    discard-not-fitting alert)."""
    if not ref.verdicts or not ref.verdicts[-1].violations:
        return None
    best: Rereading | None = None
    for index, card, other, where, depth, share in _options(ref, state, close ** max_breaks,
                                                            under):
        trial = copy.deepcopy(ref)
        try:
            verdicts = trial.correct(index, _as(ref.observations[index], other))
        except Exception:  # the other reading does not make a game the engine can follow
            continue
        before, after = _violations(ref.verdicts, index), _violations(verdicts, index)
        if after >= before or share < close ** min(before - after, max_breaks):
            continue
        if best is None or after < best.violations_after:
            best = Rereading(index, trial.observations[index], where, card, other, before,
                             after, depth=depth)
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
