"""A move: which card goes where, written as a compact string that round-trips.

>>> Move.parse("hand:joker=yellow")
Move.parse('hand:joker=yellow')
>>> str(Move.parse("collect:blue-0"))
'collect:blue-0'
>>> Move.parse("collect:blue-0>green").stack
<Colour.GREEN: 'green'>
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.cards import Card, Colour
from engine.wish import Wish


class Source(enum.Enum):
    HAND = "hand"  # a hand card onto the discard pile ("Passt!")
    STACK = "stack"  # a card of one's own collection onto the discard pile ("Passt!")
    COLLECT = "collect"  # a hand card into one's collection ("Passt nicht!")


@dataclass(frozen=True, slots=True)
class Move:
    """``stack`` names the collection stack (by its colour) played from or collected onto.

    It defaults to the card's own colour; another colour only appears in illegal
    moves (a card put onto a stack of another colour, a joker collected).
    """

    source: Source
    card: Card
    wish: Wish | None = None
    stack: Colour | None = None

    def __post_init__(self) -> None:
        if self.stack is None and self.source is not Source.HAND and self.card.colour:
            object.__setattr__(self, "stack", self.card.colour)
        if self.wish is not None and not self.card.is_joker:
            raise ValueError("only a joker carries a wish")

    @classmethod
    def hand(cls, card: Card | str, wish: Wish | str | None = None) -> Move:
        c = Card.parse(card) if isinstance(card, str) else card
        w = Wish.parse(wish) if isinstance(wish, str) else wish
        return cls(Source.HAND, c, w)

    @classmethod
    def from_stack(cls, card: Card | str, stack: Colour | None = None) -> Move:
        c = Card.parse(card) if isinstance(card, str) else card
        return cls(Source.STACK, c, None, stack)

    @classmethod
    def collect(cls, card: Card | str, stack: Colour | None = None) -> Move:
        c = Card.parse(card) if isinstance(card, str) else card
        return cls(Source.COLLECT, c, None, stack)

    @classmethod
    def parse(cls, text: str) -> Move:
        src, sep, rest = text.strip().lower().partition(":")
        if not sep:
            raise ValueError(f"cannot read move {text!r}: write e.g. 'hand:pink-3'")
        try:
            source = Source(src)
        except ValueError:
            raise ValueError(f"unknown move source {src!r} in {text!r}") from None
        rest, _, stack = rest.partition(">")
        card, _, wish = rest.partition("=")
        return cls(
            source,
            Card.parse(card),
            Wish.parse(wish) if wish else None,
            Colour.parse(stack) if stack else None,
        )

    @property
    def to_discard(self) -> bool:
        return self.source is not Source.COLLECT

    def __str__(self) -> str:
        text = f"{self.source.value}:{self.card}"
        if self.wish is not None:
            text += f"={self.wish}"
        if self.stack is not None and self.stack is not self.card.colour:
            text += f">{self.stack}"
        return text

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"
