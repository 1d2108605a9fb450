"""Rules and card counts as priors for an unsure read of a card that just appeared.

Two readings are weighed, never a silent guess: every choice that differs from the
detector's best class comes back with a note saying why.

- **copies**: each number card exists twice (jokers four times); a read that would put one
  copy too many on the table gives way to the next-best class that is still possible
  (``class_probs`` when the detector gives them, else the pink/red twin - the pair the
  printed deck makes hard to tell apart);
- **fit** (only with ``class_probs``): when the two best classes are close (the second at
  least ``close`` times the first) and only the second fits the discard top, the card
  played onto the discard is read as the fitting one. A cheat with a clearly read card is
  still flagged.

>>> from collections import Counter
>>> from engine.cards import Card
>>> seen = Counter({Card.parse("red-3"): 2})
>>> read_card(Card.parse("red-3"), (), seen)
(Card.parse('pink-3'), ('read red-3 as pink-3: both red-3 are already on the table',))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.cards import Card, Colour, copies_in_deck
from engine.wish import fits

TWINS = {Colour.RED: Colour.PINK, Colour.PINK: Colour.RED}


def twin(card: Card) -> Card | None:
    """The card the printed deck makes easy to confuse with ``card`` (red <-> pink)."""
    if card.colour in TWINS:
        return Card(TWINS[card.colour], card.value)
    return None


def possible(card: Card, seen: Counter[Card]) -> bool:
    return seen[card] < copies_in_deck(card)


def read_card(
    best: Card,
    alternatives: Sequence[tuple[Card, float]],
    seen: Counter[Card],
    discard_top: Card | None = None,
    close: float = 0.5,
) -> tuple[Card, tuple[str, ...]]:
    """The reading to report for a newly seen card, and notes on any change of reading.

    ``alternatives``: (card, probability) best first, from ``class_probs`` (may be empty);
    ``discard_top``: the top it lands on, when it was played onto the discard pile."""
    options = list(alternatives) or [(best, 1.0)]
    if options[0][0] != best:
        options.insert(0, (best, options[0][1]))
    if not alternatives and (t := twin(best)) is not None:
        options.append((t, 0.0))
    first, p1 = options[0]
    if not possible(first, seen):
        for card, _ in options[1:]:
            if possible(card, seen):
                n = copies_in_deck(first)
                many = "both" if n == 2 else f"all {n}"
                return card, (f"read {first} as {card}: {many} {first} are already on the table",)
        return first, ()
    if alternatives and discard_top is not None and not discard_top.is_joker and len(options) > 1:
        second, p2 = options[1]
        if (p2 >= close * p1 and possible(second, seen) and not fits(first, discard_top, None)
                and fits(second, discard_top, None)):
            return second, (f"read {first} ({p1:.2f}) as {second} ({p2:.2f}): the two were "
                            f"close and only {second} fits {discard_top}",)
    return first, ()
