"""Would an alert still stand if a card the tracker took otherwise were what the camera read?

The tracker sometimes tells the referee another card than the one the camera read: a rule
or card-count prior bent an unsure reading, or a second look re-read it. An alert resting
on such a card is only as good as that choice. :func:`holds_as_read` judges one violation
again with the camera's reading in place of the card taken.

>>> from engine.cards import Card
>>> from engine.violations import Rule, Violation
>>> red1, pink1, pink3 = (Card.parse(c) for c in ("red-1", "pink-1", "pink-3"))
>>> forced = Violation(Rule.FORCED_PLAY, 2, (Card.parse("yellow-2"), pink1))
>>> holds_as_read(forced, pink1, red1, top=pink3, wish=None, stack=None)  # red-1 fits no pink-3
False
"""

from __future__ import annotations

from engine.cards import Card, Colour
from engine.judge import fits_or_unknown
from engine.violations import Rule, Violation
from engine.wish import Wish


def holds_as_read(v: Violation, taken: Card, read: Card, top: Card, wish: Wish | None,
                  stack: Colour | None) -> bool:
    """Does ``v`` (judged on discard top ``top`` and ``wish``; a collect onto ``stack``) hold
    with ``read`` where ``taken`` was?"""
    def sub(c: Card) -> Card:
        return read if c == taken else c

    card, t = sub(v.cards[0]), sub(top)
    if v.rule is Rule.FORCED_PLAY:
        return any(fits_or_unknown(sub(c), t, wish) for c in v.cards[1:])
    if v.rule is Rule.COLLECT_FITTING:
        return bool(fits_or_unknown(card, t, wish))
    if v.rule is Rule.DISCARD_NOT_FITTING:
        return fits_or_unknown(card, t, wish) is False
    if v.rule is Rule.WRONG_STACK:
        return not card.is_joker and card.colour is not stack
    if v.rule is Rule.COLLECT_JOKER:
        return card.is_joker
    return True  # out of turn, a covered card: no card's face decides
