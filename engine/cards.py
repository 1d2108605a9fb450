"""Cards of the printed deck: five colours, values 0-5 twice each, four jokers.

>>> Card.parse("pink-3")
Card.parse('pink-3')
>>> str(Card.parse("joker"))
'joker'
>>> len(full_deck())
64
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Colour(enum.Enum):
    RED = "red"
    PINK = "pink"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"

    # Members are singletons: identity hashing is correct and far cheaper than Enum's.
    __hash__ = object.__hash__

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> Colour:
        try:
            return cls(text.strip().lower())
        except ValueError:
            names = ", ".join(c.value for c in cls)
            raise ValueError(f"unknown colour {text!r} (expected one of {names})") from None


COLOURS: tuple[Colour, ...] = tuple(Colour)
VALUES: tuple[int, ...] = (0, 1, 2, 3, 4, 5)
COPIES_PER_NUMBER_CARD = 2
JOKER_COUNT = 4


@dataclass(frozen=True, slots=True)
class Card:
    """A number card (colour and value) or a joker (neither).

    Two physical copies of ``pink-3`` are equal: a card is its face.
    """

    colour: Colour | None
    value: int | None

    def __post_init__(self) -> None:
        if (self.colour is None) != (self.value is None):
            raise ValueError("a card has both a colour and a value, or neither (joker)")
        if self.value is not None and self.value not in VALUES:
            raise ValueError(f"card value {self.value} out of range 0-5")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``"pink-3"`` or ``"joker"`` (case and spaces ignored)."""
        name = text.strip().lower()
        if name == "joker":
            return JOKER
        colour, sep, value = name.rpartition("-")
        if not sep or not value.isdigit():
            raise ValueError(f"cannot read card {text!r}: write e.g. 'pink-3' or 'joker'")
        return _BY_NAME.get(name) or cls(Colour.parse(colour), int(value))

    @property
    def is_joker(self) -> bool:
        return self.colour is None

    @property
    def points(self) -> int:
        """What the card scores in a collection (a joker has no value)."""
        return self.value or 0

    def __str__(self) -> str:
        if self.colour is None:
            return "joker"
        return f"{self.colour.value}-{self.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


JOKER = Card(None, None)

NUMBER_CARDS: tuple[Card, ...] = tuple(Card(c, v) for c in COLOURS for v in VALUES)
# The detector's class order: the 30 number faces, then the joker.
CARD_NAMES: tuple[str, ...] = tuple(str(c) for c in NUMBER_CARDS) + ("joker",)
_BY_NAME: dict[str, Card] = {str(c): c for c in (*NUMBER_CARDS, JOKER)}


def copies_in_deck(card: Card) -> int:
    return JOKER_COUNT if card.is_joker else COPIES_PER_NUMBER_CARD


def full_deck() -> list[Card]:
    """The 64 playing cards (reminder cards are never in play)."""
    deck = [c for c in NUMBER_CARDS for _ in range(COPIES_PER_NUMBER_CARD)]
    deck.extend([JOKER] * JOKER_COUNT)
    return deck


def parse_cards(text: str) -> list[Card]:
    """Read a list written as ``"[red-2, joker]"`` or ``"red-2 joker"``."""
    body = text.strip().removeprefix("[").removesuffix("]")
    return [Card.parse(t) for t in body.replace(",", " ").split()]


def parse_collection(text: str) -> dict[Colour, list[Card]]:
    """Read stacks written bottom to top, separated by ``|``: ``"green-1 green-3 | blue-0"``.

    A stack is keyed by the colour of its bottom card.
    """
    stacks: dict[Colour, list[Card]] = {}
    for part in text.split("|"):
        cards = parse_cards(part)
        if not cards:
            continue
        key = cards[0].colour
        if key is None:
            raise ValueError("a collection stack cannot start with a joker")
        if key in stacks:
            raise ValueError(f"two {key} stacks in one collection")
        stacks[key] = cards
    return stacks
