"""Who plays in a simulation: random legal, greedy, and a cheater with a known rate.

A policy chooses a move for the seat whose turn it is. A cheater may also
``interject``: change its collection when it is not its turn (out-of-turn).
"""

from __future__ import annotations

import random
from typing import Protocol

from engine.cards import COLOURS
from engine.game import Game
from engine.moves import Move, Source
from engine.violations import Rule
from engine.wish import fits


class Policy(Protocol):
    name: str

    def choose(self, game: Game) -> Move: ...

    def interject(self, game: Game, seat: int) -> Move | None: ...


class RandomPolicy:
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Move:
        return self.rng.choice(game.legal_moves())

    def interject(self, game: Game, seat: int) -> Move | None:
        return None


class GreedyPolicy:
    """Collect the most valuable card it may, else shed the most valuable hand card,
    else give up the cheapest stack top; a joker last, wishing its best colour."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Move:
        moves = game.legal_moves()
        collects = [m for m in moves if m.source is Source.COLLECT]
        if collects:
            return max(collects, key=lambda m: m.card.points)
        plain = [m for m in moves if m.source is Source.HAND and not m.card.is_joker]
        if plain:
            return max(plain, key=lambda m: m.card.points)
        stack = [m for m in moves if m.source is Source.STACK]
        if stack:
            return min(stack, key=lambda m: m.card.points)
        hand = game.hands[game.to_move]
        counts = {c: sum(1 for h in hand if h.colour is c) for c in COLOURS}
        best = max(COLOURS, key=lambda c: counts[c])
        return next(m for m in moves if m.wish is not None and m.wish.colour is best)

    def interject(self, game: Game, seat: int) -> Move | None:
        return None


CHEATABLE: tuple[Rule, ...] = (
    Rule.FORCED_PLAY,
    Rule.COLLECT_FITTING,
    Rule.COLLECT_JOKER,
    Rule.DISCARD_NOT_FITTING,
    Rule.WRONG_STACK,
    Rule.COVERED_CARD,
    Rule.OUT_OF_TURN,
)


class CheaterPolicy:
    """Plays like ``base`` but, at ``rate``, breaks one of ``rules`` when it can."""

    name = "cheater"

    def __init__(
        self,
        base: Policy | None = None,
        rate: float = 0.1,
        rules: tuple[Rule, ...] = CHEATABLE,
        seed: int | None = None,
    ) -> None:
        if not 0.0 <= rate <= 1.0:
            raise ValueError("the cheat rate is a probability between 0 and 1")
        unknown = set(rules) - set(CHEATABLE)
        if unknown:
            raise ValueError(f"cannot cheat on {sorted(r.value for r in unknown)}")
        self.rng = random.Random(seed)
        self.base = base or RandomPolicy(self.rng.randrange(2**32))
        self.rate = rate
        self.rules = rules

    def choose(self, game: Game) -> Move:
        if self.rng.random() < self.rate:
            for rule in self.rng.sample(self.rules, len(self.rules)):
                move = self.cheat(game, game.to_move, rule)
                if move is not None:
                    return move
        return self.base.choose(game)

    def interject(self, game: Game, seat: int) -> Move | None:
        if Rule.OUT_OF_TURN in self.rules and self.rng.random() < self.rate / 4:
            return self.cheat(game, seat, Rule.OUT_OF_TURN)
        return None

    def cheat(self, game: Game, seat: int, rule: Rule) -> Move | None:
        """A move by ``seat`` that breaks ``rule`` (or None when the cards don't allow one)."""
        top, wish = game.top, game.wish
        hand = game.hands[seat]
        stacks = game.collections[seat]
        tops = game.stack_tops(seat)
        numbers = [c for c in hand if not c.is_joker]
        fitting = [c for c in numbers if fits(c, top, wish)]
        loose = [c for c in numbers if not fits(c, top, wish)]
        pick = self.rng.choice
        if rule is Rule.FORCED_PLAY and loose and any(fits(t, top, wish) for t in tops):
            return Move.collect(pick(loose))
        if rule is Rule.COLLECT_FITTING and fitting:
            return Move.collect(pick(fitting))
        if rule is Rule.COLLECT_JOKER and any(c.is_joker for c in hand):
            joker = next(c for c in hand if c.is_joker)
            return Move.collect(joker, pick(list(stacks) or list(COLOURS)))
        if rule is Rule.DISCARD_NOT_FITTING and loose:
            return Move.hand(pick(loose))
        if rule is Rule.WRONG_STACK and loose:
            # onto a stack of another colour that lies there (RULES.md); a card that starts
            # a stack of its own is no stack of another colour, at the table or on camera
            card = pick(loose)
            others = [c for c, s in stacks.items() if s and c is not card.colour]
            if others:
                return Move.collect(card, pick(others))
        if rule is Rule.COVERED_CARD:
            covered = [(colour, c) for colour, s in stacks.items() for c in s[:-1] if c != s[-1]]
            if covered:
                colour, card = pick(covered)
                return Move.from_stack(card, colour)
        if rule is Rule.OUT_OF_TURN and seat != game.to_move:
            honest: list[Move] = [Move.collect(c) for c in loose if not _forced(game, seat)]
            honest += [
                Move.from_stack(s[-1], c) for c, s in stacks.items() if fits(s[-1], top, wish)
            ]
            return pick(honest) if honest else None
        return None


def _forced(game: Game, seat: int) -> bool:
    return any(fits(t, game.top, game.wish) for t in game.stack_tops(seat))


POLICIES: dict[str, type[RandomPolicy] | type[GreedyPolicy]] = {
    "random": RandomPolicy,
    "greedy": GreedyPolicy,
}
