"""Rules and card counts as priors for an unsure read of a card that just appeared.

Two readings are weighed, never a silent guess: every choice that differs from the
detector's best class comes back with a note saying why.

- **copies**: each number card exists twice (jokers four times); a read that would put one
  copy too many on the table gives way to the next-best class that is still possible and
  that the detector finds at least a tenth as likely (``class_probs`` when the detector
  gives them, else the pink/red twin - the pair the printed deck makes hard to tell apart);
- **rules** (only with ``class_probs``): players cheat rarely, so a reading that would
  break a rule gives way to a reading that keeps them when the detector finds it nearly as
  likely (at least ``close`` times the best): a card played onto the discard is read as
  one that fits it, a collected card as one that may be collected there. A cheat with a
  clearly read card is still flagged.

>>> from collections import Counter
>>> from engine.cards import Card
>>> seen = Counter({Card.parse("red-3"): 2})
>>> read_card(Card.parse("red-3"), (), seen)
(Card.parse('pink-3'), ('read red-3 as pink-3: both red-3 are already on the table',))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence

from engine.cards import Card, Colour, copies_in_deck
from engine.wish import fits

# why a reading would break a rule (None: it keeps them)
Objection = Callable[[Card], str | None]

TWINS = {Colour.RED: Colour.PINK, Colour.PINK: Colour.RED}


def twin(card: Card) -> Card | None:
    """The card the printed deck makes easy to confuse with ``card`` (red <-> pink)."""
    if card.colour in TWINS:
        return Card(TWINS[card.colour], card.value)
    return None


def possible(card: Card, seen: Counter[Card]) -> bool:
    return seen[card] < copies_in_deck(card)


def onto_discard(top: Card | None, kin: Card | None = None) -> Objection | None:
    """A card played onto ``top`` must fit it (a joker's wish is spoken later: not judged).
    ``kin``: the top's kin (red for pink, pink for red), which the camera's reading of the
    top makes nearly as likely - a card fitting it is no objection either: the top may be
    misread, and the rule break the card makes on it has the session look at the top again
    (how it read as it came down, :mod:`vision.second_look`)."""
    if top is None or top.is_joker:
        return None
    return lambda card: (None if fits(card, top, None) or kin is not None and fits(card, kin, None)
                         else f"does not fit {top}")


def into_collection(top: Card | None, stack: Colour | None) -> Objection:
    """A collected card: no joker, none that fits the discard ``top``, on its own colour's
    stack (``stack`` None: a new stack)."""
    def objection(card: Card) -> str | None:
        if card.colour is None:
            return "is a joker"
        if top is not None and not top.is_joker and fits(card, top, None):
            return f"fits {top}"
        if stack is not None and card.colour is not stack:
            return f"is not {stack.value}"
        return None
    return objection


def beside_own_stacks(seat: int, colours: Iterable[Colour]) -> Objection:
    """A card collected onto a new stack of ``seat``, clear of its stacks, cannot have the
    colour of one of them (one stack per colour: it would lie on that one)."""
    taken = frozenset(colours)
    return lambda card: (f"seat {seat} has a {card.colour.value} stack elsewhere"
                         if card.colour in taken else None)


def read_card(
    best: Card,
    alternatives: Sequence[tuple[Card, float]],
    seen: Counter[Card],
    objection: Objection | None = None,
    close: float = 0.5,
    contender: float = 0.1,
    impossible: Objection | None = None,
) -> tuple[Card, tuple[str, ...]]:
    """The reading to report for a newly seen card, and notes on any change of reading.

    ``alternatives``: (card, probability) best first, from ``class_probs`` (may be empty);
    ``objection``: what rule the move would break with a given reading (see
    :func:`onto_discard`, :func:`into_collection`). A card read with one copy too many is
    read as the next class only when the detector gives it at least ``contender`` times
    the best: a clear reading (green-0 at 0.9, red-0 at 0.01) outweighs the count, which
    an earlier misread may have put off. ``impossible``: what else rules a reading out, not
    a cheat but a table no play makes (:func:`beside_own_stacks`); weighed as the count is.
    (11401 at 84 s: a pink-4 collected onto a new stack beside seat 1's yellow-0 read
    yellow-4 at 0.83, pink-4 at 0.12.)"""
    options = list(alternatives) or [(best, 1.0)]
    if options[0][0] != best:
        options.insert(0, (best, options[0][1]))
    if not alternatives and (t := twin(best)) is not None:
        options.append((t, 0.0))

    def ruled_out(card: Card) -> str | None:
        if not possible(card, seen):
            n = copies_in_deck(card)
            return f"{'both' if n == 2 else f'all {n}'} {card} are already on the table"
        return impossible(card) if impossible is not None else None

    first, p1 = options[0]
    if (why_not := ruled_out(first)) is not None:
        for card, p in options[1:]:
            if ruled_out(card) is None and (not alternatives or p >= contender * p1):
                return card, (f"read {first} as {card}: {why_not}",)
        return first, ()
    if alternatives and objection is not None and (why := objection(first)) is not None:
        for card, p in options[1:]:
            if p >= close * p1 and possible(card, seen) and objection(card) is None:
                return card, (f"read {first} ({p1:.2f}) as {card} ({p:.2f}): the two were "
                              f"close and {first} {why}",)
    return first, ()
