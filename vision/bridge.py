"""A hand play that fits no discard top, bridged by a card read on the discard before it.

A card played from a hand onto a top it does not fit breaks a rule - or the camera missed
the card between them. Two ways it misses one, both seen in rendered games:

- **laid unseen**: the seat to move laid a card that was read surely on the discard for a
  few frames, but an arm hid the pile before it lay still, or the card read as the old top
  again; then the next seat's card landed on it (10908 at 94 s: a pink-5 on the pink-0,
  read 0.3 s, hidden 2 s, then a yellow-5 on it). :func:`laid_between` finds that card.
- **the top misread**: the card that landed last was read as another for a few frames as it
  landed, and then steadily otherwise (10707 at 75 s: a red-2 on the red-1, read red-2 for
  0.3 s, then red-5). :func:`misread_top` finds what it was.

Either way the bridge must fit the card before it (by the rules, not a second fault), the
new card must fit the bridge, and a copy of it must be left: the rules are the prior that
picks between a cheat and a missed card. A glimpse read at the very time the new card
came is no bridge - it is the new card misread on its way (``gap``).

>>> from collections import Counter
>>> pink0, pink5, yellow5 = (Card.parse(c) for c in ("pink-0", "pink-5", "yellow-5"))
>>> laid_between(yellow5, pink0, None, {pink5: 93.8, yellow5: 96.2}, 96.2, Counter())
Card.parse('pink-5')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from engine.cards import Card
from engine.judge import fits_or_unknown
from engine.wish import Wish
from vision.card_priors import possible

GAP_S = 1.0  # a bridge was first read this long before the new card (not it, misread)


def _bridges(card: Card, top: Card, wish: Wish | None, glimpsed: Iterable[Card],
             seen: Counter[Card], joker: bool = False) -> list[Card]:
    """The cards read on the discard that fit ``top`` and that ``card`` fits, a copy left
    (``joker``: a joker too, whose wish ``card`` gets the benefit of)."""
    return [g for g in glimpsed if (joker or not g.is_joker) and g not in (card, top)
            and fits_or_unknown(g, top, wish) is True
            and fits_or_unknown(card, g, None) is not False and possible(g, seen)]


def laid_between(card: Card, top: Card, wish: Wish | None, first_read: Mapping[Card, float],
                 came: float, seen: Counter[Card], gap: float = GAP_S) -> Card | None:
    """The one card read surely on the discard since the last move (first at
    ``first_read``), ``gap`` before ``card`` came, that bridges ``top`` (and ``wish``) and
    ``card`` - laid there by the seat to move, unseen - or None. A joker bridges any card
    (10604 at 186 s: a joker read 2.5 s, its box too jittery to lie still, then a red-1
    on it)."""
    early = [g for g, at in first_read.items() if at <= came - gap]
    found = _bridges(card, top, wish, early, seen, joker=True)
    return found[0] if len(found) == 1 else None


def misread_top(card: Card, top: Card, below: Card, glimpsed: Iterable[Card],
                seen: Counter[Card]) -> Card | None:
    """The one card read surely as ``top`` landed on ``below`` (``glimpsed``) that fits
    ``below`` and that ``card`` fits: what ``top`` was - or None. Not over a joker (its
    wish then is not known here)."""
    if below.is_joker:
        return None
    found = _bridges(card, below, None, glimpsed, seen - Counter([top]))
    return found[0] if len(found) == 1 else None
