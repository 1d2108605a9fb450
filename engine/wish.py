"""The wish spoken with a joker: a colour or a value, and what fits it.

>>> Wish.parse("yellow"), str(Wish.parse("3"))
(Wish.parse('yellow'), '3')
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import COLOURS, VALUES, Card, Colour


@dataclass(frozen=True, slots=True)
class Wish:
    colour: Colour | None = None
    value: int | None = None

    def __post_init__(self) -> None:
        if (self.colour is None) == (self.value is None):
            raise ValueError("a wish names exactly one colour or one value")
        if self.value is not None and self.value not in VALUES:
            raise ValueError(f"wished value {self.value} out of range 0-5")

    @classmethod
    def parse(cls, text: str) -> Wish:
        t = text.strip().lower()
        if t.isdigit():
            return cls(value=int(t))
        return cls(colour=Colour.parse(t))

    def matches(self, card: Card) -> bool:
        """True when the card has the wished colour or value (jokers never do)."""
        if self.colour is not None:
            return card.colour is self.colour
        return card.value is not None and card.value == self.value

    def __str__(self) -> str:
        return str(self.colour) if self.colour is not None else str(self.value)

    def __repr__(self) -> str:
        return f"Wish.parse({str(self)!r})"


ALL_WISHES: tuple[Wish, ...] = tuple(Wish(colour=c) for c in COLOURS) + tuple(
    Wish(value=v) for v in VALUES
)


def fits(card: Card, top: Card, wish: Wish | None) -> bool:
    """Does ``card`` fit the effective top (the top, or the wish on a joker)?"""
    if card.colour is None:
        return True
    if top.colour is None:
        return wish is not None and wish.matches(card)
    return card.colour is top.colour or card.value == top.value
