"""Which rules one move breaks, judged from what the table shows.

The referee (public view) and the full game (ground truth) share this one
judgement; the full game adds only what needs the hidden hand (W2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.cards import Card, Colour
from engine.moves import Move, Source
from engine.violations import Rule, Violation
from engine.wish import Wish, fits


def fits_or_unknown(card: Card, top: Card, wish: Wish | None) -> bool | None:
    """``None`` when a joker lies on top and its wish has not been entered yet."""
    if top.is_joker and wish is None and not card.is_joker:
        return None
    return fits(card, top, wish)


def judge_move(
    move: Move,
    seat: int,
    to_move: int,
    top: Card,
    wish: Wish | None,
    stacks: Mapping[Colour, Sequence[Card]],
) -> list[Violation]:
    """Every visible rule ``move`` by ``seat`` breaks (an unknown wish gets the benefit)."""
    out: list[Violation] = []
    card = move.card
    if seat != to_move and move.source is not Source.HAND:
        out.append(Violation(Rule.OUT_OF_TURN, seat, (card,)))
    card_fits = fits_or_unknown(card, top, wish)
    if move.source is Source.COLLECT:
        if card.is_joker:
            out.append(Violation(Rule.COLLECT_JOKER, seat, (card,)))
        elif card_fits:
            out.append(Violation(Rule.COLLECT_FITTING, seat, (card, top)))
        if not card.is_joker and move.stack is not card.colour:
            out.append(Violation(Rule.WRONG_STACK, seat, (card,)))
        fitting_tops = [s[-1] for s in stacks.values() if s and fits_or_unknown(s[-1], top, wish)]
        if fitting_tops:
            out.append(Violation(Rule.FORCED_PLAY, seat, (card, *fitting_tops)))
        return out
    if move.source is Source.STACK:
        stack = stacks.get(move.stack) if move.stack is not None else None
        if stack and stack[-1] != card and card in stack:
            out.append(Violation(Rule.COVERED_CARD, seat, (card, stack[-1])))
    if card_fits is False:
        out.append(Violation(Rule.DISCARD_NOT_FITTING, seat, (card, top)))
    return out
