"""The full-information game, for simulation: every hand, the draw pile, the dealer's rng.

>>> g = Game(Rules(players=3), seed=7)
>>> len(g.hands), len(g.draw_pile) + len(g.discard) + sum(map(len, g.hands))
(3, 64)
>>> g.push(g.legal_moves()[0]).seat
0
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from engine.cards import Card, Colour, full_deck, parse_cards, parse_collection
from engine.judge import judge_move
from engine.moves import Move, Source
from engine.rules import HAND_SIZE, DrawVariant, Rules, ScoringVariant, WishVariant
from engine.scoring import round_scores
from engine.violations import Rule, Violation
from engine.wish import ALL_WISHES, Wish, fits


class IllegalMoveError(ValueError):
    """A move the rules forbid; the message says why."""


class RoundEnd(enum.Enum):
    HAND_EMPTY = "hand-empty"
    DRAW_PILE_EXHAUSTED = "draw-pile-exhausted"


class GameEnd(enum.Enum):
    TARGET_REACHED = "target-reached"
    SINGLE_ROUND = "single-round"


@dataclass(frozen=True)
class Outcome:
    reason: GameEnd
    winners: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass
class MoveRecord:
    """One move as it happened, with what it broke (ground truth for the referee)."""

    seat: int
    move: Move
    to_move: int
    violations: list[Violation]
    drew: Card | None = None
    reshuffled: bool = False


@dataclass
class RoundRecord:
    number: int
    starter: int
    first_discard: Card
    moves: list[MoveRecord] = field(default_factory=list)
    end: RoundEnd | None = None
    hands_at_end: list[list[Card]] = field(default_factory=list)
    deck_at_end: list[Card] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)


class Game:
    """A whole game of Passt N1cht, round after round, with full information."""

    def __init__(self, rules: Rules | None = None, seed: int | None = None, starter: int = 0):
        self.rules = rules or Rules()
        self.rng = random.Random(seed)
        self.totals = [0] * self.rules.players
        self.rounds: list[RoundRecord] = []
        self._outcome: Outcome | None = None
        self.start_round(starter)

    @classmethod
    def from_position(
        cls,
        rules: Rules,
        *,
        hands: list[str],
        discard: str,
        collections: list[str] | None = None,
        draw_pile: str = "",
        wish: str | None = None,
        to_move: int = 0,
        seed: int | None = None,
    ) -> Game:
        """A position written compactly, for tests and examples.

        ``discard`` and ``draw_pile`` list cards bottom to top; a collection lists its
        stacks separated by ``|``, each bottom to top (``"green-1 green-3 | blue-0"``).
        The cards need not add up to the deck.
        """
        game = cls(rules, seed=seed)
        n = rules.players
        if len(hands) != n or (collections is not None and len(collections) != n):
            raise ValueError(f"a position for {n} players lists {n} hands and collections")
        game.hands = [parse_cards(h) for h in hands]
        game.discard = parse_cards(discard)
        if not game.discard:
            raise ValueError("the discard pile needs a top card")
        game.draw_pile = parse_cards(draw_pile)
        game.collections = [parse_collection(c) for c in (collections or [""] * n)]
        game.wish = Wish.parse(wish) if wish else None
        game.to_move = to_move
        game.rounds[-1] = RoundRecord(1, to_move, game.discard[0])
        return game

    # -- setup ---------------------------------------------------------------
    def start_round(self, starter: int) -> None:
        n = self.rules.players
        deck = full_deck()
        self.rng.shuffle(deck)
        self.hands: list[list[Card]] = [deck[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(n)]
        self.draw_pile: list[Card] = deck[n * HAND_SIZE :]
        first = self.draw_pile.pop()
        while first.is_joker:  # a joker turned up is shuffled back
            self.draw_pile.insert(self.rng.randrange(len(self.draw_pile) + 1), first)
            first = self.draw_pile.pop()
        self.discard: list[Card] = [first]
        self.collections: list[dict[Colour, list[Card]]] = [{} for _ in range(n)]
        self.wish: Wish | None = None
        self.to_move = starter
        self.round_end: RoundEnd | None = None
        self.last_player = starter
        self.rounds.append(RoundRecord(len(self.rounds) + 1, starter, first))

    @property
    def round(self) -> RoundRecord:
        return self.rounds[-1]

    @property
    def top(self) -> Card:
        return self.discard[-1]

    def stack_tops(self, seat: int) -> list[Card]:
        return [s[-1] for s in self.collections[seat].values() if s]

    # -- legality ------------------------------------------------------------
    def _must_serve(self, seat: int) -> bool:
        """True when the player may not collect (forced-play, and W2's wish)."""
        top, wish = self.top, self.wish
        if any(fits(t, top, wish) for t in self.stack_tops(seat)):
            return True
        if self.rules.wish is WishVariant.W2 and top.is_joker and wish is not None:
            return any(wish.matches(c) for c in self.hands[seat])
        return False

    def legal_moves(self) -> list[Move]:
        if self.round_end is not None:
            return []
        seat = self.to_move
        top, wish = self.top, self.wish
        moves: list[Move] = []
        seen: set[Card] = set()
        collectable = not self._must_serve(seat)
        for card in self.hands[seat]:
            if card in seen:
                continue
            seen.add(card)
            if card.is_joker:
                moves.extend(Move(Source.HAND, card, w) for w in ALL_WISHES)
            elif fits(card, top, wish):
                moves.append(Move(Source.HAND, card))
            elif collectable:
                moves.append(Move(Source.COLLECT, card, None, card.colour))
        for colour, stack in self.collections[seat].items():
            if stack and fits(stack[-1], top, wish):
                moves.append(Move(Source.STACK, stack[-1], None, colour))
        return moves

    def violations(self, move: Move, seat: int | None = None) -> list[Violation]:
        """Every rule the move breaks, with full information (hands included)."""
        s = self.to_move if seat is None else seat
        out = judge_move(move, s, self.to_move, self.top, self.wish, self.collections[s])
        if (
            move.source is Source.COLLECT
            and self.rules.wish is WishVariant.W2
            and self.top.is_joker
            and self.wish is not None
            and any(self.wish.matches(c) for c in self.hands[s])
        ):
            out.append(Violation(Rule.WISH_UNSERVED, s, (move.card,)))
        return out

    def _possession_error(self, move: Move, seat: int) -> str | None:
        if move.source is Source.STACK:
            stack = self.collections[seat].get(move.stack) if move.stack else None
            if not stack or move.card not in stack:
                return f"seat {seat} has no {move.card} in its {move.stack} stack"
        elif move.card not in self.hands[seat]:
            return f"seat {seat} holds no {move.card}"
        if move.card.is_joker and move.source is Source.HAND and move.wish is None:
            return "a joker is played with a wish"
        return None

    def is_legal(self, move: Move) -> bool:
        if self.round_end is not None:
            return False
        return not self._possession_error(move, self.to_move) and not self.violations(move)

    def play(self, move: Move | str) -> MoveRecord:
        """Apply a move after checking it; raises :class:`IllegalMoveError` with the reason."""
        m = Move.parse(move) if isinstance(move, str) else move
        if self.round_end is not None:
            raise IllegalMoveError("the round is over")
        problem = self._possession_error(m, self.to_move)
        if problem:
            raise IllegalMoveError(problem)
        broken = self.violations(m)
        if broken:
            raise IllegalMoveError(f"{m}: {broken[0].explanation_en} ({broken[0].rule.value})")
        return self.push(m)

    # -- applying ------------------------------------------------------------
    def push(self, move: Move, seat: int | None = None) -> MoveRecord:
        """Apply ``move`` for ``seat`` (default: whose turn it is) without checking the rules.

        Illegal moves are applied as a cheater would make them; only possession is
        required (the card must be where the move takes it from).
        """
        s = self.to_move if seat is None else seat
        problem = self._possession_error(move, s)
        if problem:
            raise IllegalMoveError(problem)
        record = MoveRecord(s, move, self.to_move, self.violations(move, s))
        if move.source is Source.COLLECT:
            if move.stack is None:
                raise IllegalMoveError(f"{move}: a collected joker needs a stack to lie on")
            self.hands[s].remove(move.card)
            self.collections[s].setdefault(move.stack, []).append(move.card)
            self._draw(s, record)
        else:
            if move.source is Source.HAND:
                self.hands[s].remove(move.card)
            else:
                assert move.stack is not None
                stack = self.collections[s][move.stack]
                del stack[len(stack) - 1 - stack[::-1].index(move.card)]
                if not stack:
                    del self.collections[s][move.stack]
            self.discard.append(move.card)
            self.wish = move.wish
        self.last_player = s
        self.to_move = (s + 1) % self.rules.players
        self.round.moves.append(record)
        if self.round_end is None and not self.hands[s]:
            self.round_end = RoundEnd.HAND_EMPTY
        if self.round_end is not None:
            self._close_round()
        return record

    def _draw(self, seat: int, record: MoveRecord) -> None:
        if not self.draw_pile and self.rules.draw is DrawVariant.D1 and len(self.discard) > 1:
            rest = self.discard[:-1]
            self.discard = self.discard[-1:]
            self.rng.shuffle(rest)
            self.draw_pile = rest
            record.reshuffled = True
        if not self.draw_pile:
            self.round_end = RoundEnd.DRAW_PILE_EXHAUSTED
            return
        record.drew = self.draw_pile.pop()
        self.hands[seat].append(record.drew)
        if not self.draw_pile and self.rules.draw is DrawVariant.D2:
            self.round_end = RoundEnd.DRAW_PILE_EXHAUSTED

    def _close_round(self) -> None:
        r = self.round
        r.end = self.round_end
        r.hands_at_end = [list(h) for h in self.hands]
        r.deck_at_end = list(self.all_cards())
        r.scores = round_scores(self.collections, self.hands)
        self.totals = [t + s for t, s in zip(self.totals, r.scores, strict=True)]
        if self.rules.scoring is ScoringVariant.S1:
            self._outcome = self._decide(GameEnd.SINGLE_ROUND)
        elif max(self.totals) >= self.rules.target:
            self._outcome = self._decide(GameEnd.TARGET_REACHED)

    def _decide(self, reason: GameEnd) -> Outcome:
        best = max(self.totals)
        winners = tuple(i for i, t in enumerate(self.totals) if t == best)
        return Outcome(reason, winners, tuple(self.totals))

    def next_round(self) -> None:
        """Start the next round with the player who played the last card."""
        if self.round_end is None:
            raise IllegalMoveError("the round is still on")
        if self._outcome is not None:
            raise IllegalMoveError("the game is over")
        self.start_round(self.last_player)

    # -- the end -------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        return self._outcome

    def is_game_over(self) -> bool:
        return self._outcome is not None

    def all_cards(self) -> Iterator[Card]:
        """Every card on the table or in a hand; always the 64 of the deck."""
        yield from self.draw_pile
        yield from self.discard
        for hand in self.hands:
            yield from hand
        for coll in self.collections:
            for stack in coll.values():
                yield from stack


__all__ = ["Game", "GameEnd", "IllegalMoveError", "Outcome", "RoundEnd"]
