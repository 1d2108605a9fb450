"""The referee: judges a real table from the public view only.

It never sees a hand. It knows the discard pile (every card seen to land), each
seat's stacks with their whole history, the wish, whose turn it is and, by
counting, every hand's size and the draw pile's size. It never raises on table
input: what the rules cannot produce becomes an anomaly, and it keeps going.

>>> ref = Referee(Rules(players=3))
>>> ref.observe_text("round starts: discard red-3").legal
True
>>> ref.observe_text("seat 0: collect:blue-1").legal
True
>>> v = ref.observe_text("seat 1: collect:red-4")  # red-4 fits red-3
>>> v.rule_ids
['collect-fitting']
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from engine.cards import Card, Colour, copies_in_deck, full_deck
from engine.judge import judge_move
from engine.moves import Move, Source
from engine.observations import (
    Observation,
    Played,
    RoundOver,
    RoundStarted,
    TableSeen,
    WishSpoken,
    parse_observation,
)
from engine.rules import HAND_SIZE, DrawVariant, Rules, ScoringVariant
from engine.scoring import collection_points, hand_penalty
from engine.verdicts import Anomaly, Likely, Verdict
from engine.wish import Wish

DECK_SIZE = len(full_deck())
# a verdict's note when the discard pile under its top went back into the draw pile
RESHUFFLED = "the draw pile is reshuffled from the discard pile"


@dataclass
class PublicRound:
    """One round as the table shows it."""

    number: int
    starter: int
    discard: list[Card]
    stacks: list[dict[Colour, list[Card]]]
    hand_sizes: list[int]
    draw_count: int
    wish: Wish | None = None
    to_move: int = 0
    finished: bool = False
    expected_end: str | None = None
    turn_lost: bool = False  # moves were missed: the next named seat sets the turn
    revealed: Counter[Card] = field(default_factory=Counter)
    loose: list[list[Card]] = field(default_factory=list)  # collected without a stack

    def __post_init__(self) -> None:
        if not self.loose:
            self.loose = [[] for _ in self.stacks]

    @property
    def top(self) -> Card:
        return self.discard[-1]

    def seen(self) -> Counter[Card]:
        """Cards whose copies are visible or known to be out of the draw pile."""
        count: Counter[Card] = Counter(self.discard)
        for seat in self.stacks:
            for stack in seat.values():
                count.update(stack)
        for cards in self.loose:
            count.update(cards)
        return count + self.revealed


class Referee:
    def __init__(self, rules: Rules | None = None) -> None:
        self.rules = rules or Rules()
        self.observations: list[Observation] = []
        self.verdicts: list[Verdict] = []
        self._reset()

    def _reset(self) -> None:
        self.round: PublicRound | None = None
        self.rounds_played = 0
        self.totals = [0] * self.rules.players
        self.round_scores: list[list[int]] = []
        self.last_player = 0
        self.winners: tuple[int, ...] | None = None

    # -- the public entry points ---------------------------------------------
    def observe(self, obs: Observation) -> Verdict:
        self.observations.append(obs)
        verdict = self._judge(obs)
        self.verdicts.append(verdict)
        return verdict

    def observe_text(self, text: str) -> Verdict:
        return self.observe(parse_observation(text))

    def undo(self) -> Observation | None:
        """Take back the last observation (a misread the players noticed)."""
        if not self.observations:
            return None
        last = self.observations[-1]
        self._replay(self.observations[:-1])
        return last

    def correct(self, index: int, obs: Observation) -> list[Verdict]:
        """Replace observation ``index`` (e.g. a card read as red that was pink) and re-judge."""
        if not 0 <= index < len(self.observations):
            raise IndexError(f"no observation number {index}")
        fixed = list(self.observations)
        fixed[index] = obs
        self._replay(fixed)
        return self.verdicts

    def insert(self, index: int, obs: Observation) -> list[Verdict]:
        """Put an observation the camera missed before observation ``index`` and re-judge
        (a card laid unseen on its twin, told by the players afterwards)."""
        if not 0 <= index <= len(self.observations):
            raise IndexError(f"no place {index} among {len(self.observations)} observations")
        self._replay([*self.observations[:index], obs, *self.observations[index:]])
        return self.verdicts

    def _replay(self, observations: list[Observation]) -> None:
        self.observations, self.verdicts = [], []
        self._reset()
        for o in observations:
            self.observe(o)

    @property
    def to_move(self) -> int | None:
        return self.round.to_move if self.round and not self.round.finished else None

    @property
    def game_over(self) -> bool:
        return self.winners is not None

    # -- judging -------------------------------------------------------------
    def _judge(self, obs: Observation) -> Verdict:
        if isinstance(obs, RoundStarted):
            return self._start(obs)
        if isinstance(obs, Played):
            return self._played(obs)
        if isinstance(obs, WishSpoken):
            return self._wish(obs)
        if isinstance(obs, TableSeen):
            return self._table_seen(obs)
        return self._round_over(obs)

    def _start(self, obs: RoundStarted) -> Verdict:
        v = Verdict(obs)
        n = self.rules.players
        if self.round is not None and not self.round.finished:
            v.anomalies.append(
                Anomaly(
                    "round-not-finished",
                    "a new round started before the last one ended",
                    Likely.MISREAD,
                )
            )
        if self.winners is not None:
            v.notes.append("the game was over; a new game starts")
            self._reset()
        starter = obs.starter
        if starter is None:
            starter = self.last_player if self.rounds_played else 0
        if not 0 <= starter < n:
            v.anomalies.append(
                Anomaly("no-such-seat", f"there is no seat {starter}", Likely.MISREAD)
            )
            starter = 0
        if obs.discard.is_joker:
            v.anomalies.append(
                Anomaly(
                    "joker-first-discard",
                    "a joker turned up as first discard is shuffled back",
                    Likely.MISREAD,
                    (obs.discard,),
                )
            )
        self.round = PublicRound(
            number=self.rounds_played + 1,
            starter=starter,
            discard=[obs.discard],
            stacks=[{} for _ in range(n)],
            hand_sizes=[HAND_SIZE] * n,
            draw_count=DECK_SIZE - HAND_SIZE * n - 1,
            to_move=starter,
        )
        v.seat = starter
        return v

    def _played(self, obs: Played) -> Verdict:
        r = self.round
        v = Verdict(obs)
        if r is None or r.finished:
            v.anomalies.append(
                Anomaly(
                    "no-round",
                    "a card moved while no round is on",
                    Likely.MISREAD,
                    (obs.move.card,),
                )
            )
            return v
        move = obs.move
        seat = r.to_move if obs.seat is None else obs.seat
        if not 0 <= seat < self.rules.players:
            v.anomalies.append(
                Anomaly("no-such-seat", f"there is no seat {seat}", Likely.MISREAD, (move.card,))
            )
            return v
        v.seat = seat
        if r.expected_end:
            v.anomalies.append(
                Anomaly(
                    "play-after-end",
                    f"the round should be over: {r.expected_end}",
                    Likely.MISREAD,
                    (move.card,),
                )
            )
        from_stack = move.source is Source.STACK
        stack = r.stacks[seat].get(move.stack) if from_stack and move.stack else None
        if from_stack and (not stack or move.card not in stack):
            v.anomalies.append(
                Anomaly(
                    "not-in-collection",
                    f"seat {seat} has no {move.card} in its collection to play",
                    Likely.MISREAD,
                    (move.card,),
                )
            )
            move = Move(Source.HAND, move.card, move.wish)  # it landed on the discard all the same
            stack = None
        if not from_stack or stack is None:
            self._check_new_card(r, seat, move.card, v)
        if move.card.is_joker and move.source is Source.HAND and move.wish is None:
            v.notes.append("joker played: ask the players for the wish")
        to_move = r.to_move
        if r.turn_lost and obs.seat is not None:
            to_move, r.turn_lost = seat, False
            if seat != r.to_move:
                v.notes.append(f"the turn order was lost: seat {seat} moved, and moves on")
        v.violations = judge_move(move, seat, to_move, r.top, r.wish, r.stacks[seat])
        self._apply(r, seat, move, stack, v)
        return v

    def _check_new_card(self, r: PublicRound, seat: int, card: Card, v: Verdict) -> None:
        if r.hand_sizes[seat] <= 0:
            v.anomalies.append(
                Anomaly(
                    "empty-hand", f"seat {seat} has no hand cards left", Likely.MISREAD, (card,)
                )
            )
        if r.seen()[card] + 1 > copies_in_deck(card):
            like = "" if card.is_joker else " (pink and red are easily confused)"
            v.anomalies.append(
                Anomaly(
                    "extra-copy",
                    f"a copy of {card} too many is on the table: a misread{like}, "
                    "or a card from another deck",
                    Likely.MISREAD,
                    (card,),
                )
            )

    def _apply(
        self, r: PublicRound, seat: int, move: Move, stack: list[Card] | None, v: Verdict
    ) -> None:
        if move.source is Source.COLLECT:
            if move.stack is None:  # a joker collected where no stack is seen: keep it apart
                r.loose[seat].append(move.card)
            else:
                r.stacks[seat].setdefault(move.stack, []).append(move.card)
            self._collected(r, seat, v)
        else:
            if stack is not None:
                idx = len(stack) - 1 - stack[::-1].index(move.card)
                del stack[idx]
            else:
                r.hand_sizes[seat] = max(0, r.hand_sizes[seat] - 1)
                if r.hand_sizes[seat] == 0:
                    r.expected_end = f"seat {seat} has played its last hand card"
                    v.notes.append(f"round over: seat {seat} has no hand cards left")
            r.discard.append(move.card)
            r.wish = move.wish
        r.to_move = (seat + 1) % self.rules.players
        self.last_player = seat

    def _collected(self, r: PublicRound, seat: int, v: Verdict) -> None:
        """A card went from ``seat``'s hand into its collection: one hand card fewer, and
        the seat draws one."""
        r.hand_sizes[seat] = max(0, r.hand_sizes[seat] - 1)
        self._draw(r, seat, v)

    def _draw(self, r: PublicRound, seat: int, v: Verdict) -> None:
        if r.draw_count == 0 and self.rules.draw is DrawVariant.D1 and len(r.discard) > 1:
            r.draw_count = len(r.discard) - 1
            r.discard = r.discard[-1:]
            v.notes.append(RESHUFFLED)
        if r.draw_count == 0:
            r.expected_end = "nothing is left to draw"
            v.notes.append("round over: nothing is left to draw")
            return
        r.draw_count -= 1
        r.hand_sizes[seat] += 1
        if r.draw_count == 0 and self.rules.draw is DrawVariant.D2:
            r.expected_end = "the draw pile is used up"
            v.notes.append("round over: the draw pile is used up")

    def _table_seen(self, obs: TableSeen) -> Verdict:
        """Follow the table as seen after moves went unseen: the discard top (a stack that
        showed it and shows nothing now was played from), and each seen stack top (a card
        further down means the ones above it left; any other card was collected). Hand
        counts and the turn stay unknown until the next named seat moves."""
        v = Verdict(obs)
        r = self.round
        if r is None or r.finished:
            v.anomalies.append(Anomaly("no-round", "no round is on", Likely.MISREAD))
            return v
        r.turn_lost = True
        if obs.discard is not None and obs.discard != r.top:
            # the one stack that showed the new top and shows nothing now: played from it
            listed = {(seat, colour) for seat, colour, _ in obs.stacks}
            left = [(seat, colour) for seat, stacks in enumerate(r.stacks)
                    for colour, cards in stacks.items()
                    if cards and cards[-1] == obs.discard and (seat, colour) not in listed]
            if len(left) == 1:
                seat, colour = left[0]
                r.stacks[seat][colour].pop()
                v.notes.append(f"seat {seat}'s {colour.value} stack shows no more "
                               f"{obs.discard}: played from it")
            r.discard.append(obs.discard)
            r.wish = None
            v.notes.append(f"the discard now shows {obs.discard}")
        for seat, colour, top in obs.stacks:
            if not 0 <= seat < self.rules.players:
                continue
            stack = r.stacks[seat].setdefault(colour, [])
            if stack and stack[-1] == top:
                continue
            if top in stack:
                gone = stack[len(stack) - stack[::-1].index(top):]
                del stack[len(stack) - len(gone):]
                if obs.discard is not None and obs.discard == r.top and obs.discard in gone:
                    # the top's twin left this stack: laid on it (a joker's wish is unknown)
                    r.discard.append(obs.discard)
                    r.wish = None
                    v.notes.append(f"seat {seat}'s {colour.value} stack shows no more "
                                   f"{obs.discard}: laid on its twin on the discard")
            else:
                stack.append(top)
                # collected unseen: that player drew a card (the hand's count stays), so the
                # draw pile runs out when it does at the table (12009 at 172 s: two collects
                # in a spell no move explained left the count two cards high, and the top
                # laid back after the reshuffle was taken for a joker played on it)
                self._collected(r, seat, v)
            v.notes.append(f"seat {seat}'s {colour.value} stack now shows {top}")
        return v

    def _wish(self, obs: WishSpoken) -> Verdict:
        v = Verdict(obs)
        r = self.round
        if r is None or r.finished or not r.top.is_joker:
            v.anomalies.append(
                Anomaly(
                    "wish-without-joker",
                    "a wish was entered but no joker is on top",
                    Likely.MISREAD,
                )
            )
            return v
        r.wish = obs.wish
        return v

    def _round_over(self, obs: RoundOver) -> Verdict:
        v = Verdict(obs)
        r = self.round
        if r is None or r.finished:
            v.anomalies.append(Anomaly("no-round", "no round is on to end", Likely.MISREAD))
            return v
        n = self.rules.players
        if r.expected_end is None:
            v.notes.append("the round was ended by the players before the rules end it")
        scores = []
        for seat in range(n):
            hand = obs.reveals.get(seat, ())
            if len(hand) != r.hand_sizes[seat]:
                v.anomalies.append(
                    Anomaly(
                        "reveal-count",
                        f"seat {seat} revealed {len(hand)} cards but should hold "
                        f"{r.hand_sizes[seat]}",
                        Likely.MISREAD,
                        tuple(hand),
                    )
                )
            for card in hand:
                if r.seen()[card] + 1 > copies_in_deck(card):
                    v.anomalies.append(
                        Anomaly(
                            "extra-copy",
                            f"a copy of {card} too many revealed",
                            Likely.MISREAD,
                            (card,),
                        )
                    )
                r.revealed[card] += 1
            scores.append(collection_points(r.stacks[seat]) - hand_penalty(hand))
        r.finished = True
        self.rounds_played += 1
        self.round_scores.append(scores)
        self.totals = [t + s for t, s in zip(self.totals, scores, strict=True)]
        v.scores, v.totals = scores, list(self.totals)
        if self.rules.scoring is ScoringVariant.S1 or max(self.totals) >= self.rules.target:
            best = max(self.totals)
            self.winners = tuple(i for i, t in enumerate(self.totals) if t == best)
            v.winners = self.winners
            v.notes.append("game over")
        return v
