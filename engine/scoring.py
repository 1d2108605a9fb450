"""Round scores: every collection card counts plus, every hand card minus (joker -10)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from engine.cards import Card, Colour

JOKER_IN_HAND = 10


def hand_penalty(hand: Iterable[Card]) -> int:
    return sum(JOKER_IN_HAND if c.is_joker else c.points for c in hand)


def collection_points(stacks: Mapping[Colour, Sequence[Card]]) -> int:
    return sum(c.points for stack in stacks.values() for c in stack)


def round_scores(
    collections: Sequence[Mapping[Colour, Sequence[Card]]], hands: Sequence[Iterable[Card]]
) -> list[int]:
    return [
        collection_points(coll) - hand_penalty(hand)
        for coll, hand in zip(collections, hands, strict=True)
    ]
