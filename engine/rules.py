"""The rules configuration: player count and the variants of RULES.md.

>>> Rules(players=4).variant_names
'W1/D1/game'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

MIN_PLAYERS = 2
MAX_PLAYERS = 6
HAND_SIZE = 5


class WishVariant(enum.Enum):
    W1 = "W1"  # the wish is the effective top; only the forced-play rule binds (default)
    W2 = "W2"  # who holds the wished colour/value anywhere must serve it


class DrawVariant(enum.Enum):
    D1 = "D1"  # reshuffle the discard pile; round ends only if still nothing to draw (default)
    D2 = "D2"  # the round ends as soon as the draw pile is used up


class ScoringVariant(enum.Enum):
    GAME = "game"  # rounds add up until someone has `target` points (default)
    S1 = "S1"  # a single round


@dataclass(frozen=True, slots=True)
class Rules:
    players: int = 4
    wish: WishVariant = WishVariant.W1
    draw: DrawVariant = DrawVariant.D1
    scoring: ScoringVariant = ScoringVariant.GAME
    target: int = 50

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"Passt N1cht is for 2-6 players, not {self.players}")
        if self.target <= 0:
            raise ValueError("the target score must be positive")

    @property
    def variant_names(self) -> str:
        return f"{self.wish.value}/{self.draw.value}/{self.scoring.value}"
