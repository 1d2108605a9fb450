"""Why an alert may rest on a table the camera did not read surely.

A violation is only as good as the cards it was judged on. :func:`doubt` names the reason
to hold it back as *unsure* (shown to check, not sounded): the camera had lost the turn
order; a card it rests on (the card moved, the discard top, a stack top of the seat) was
read below a confidence, or would be a copy too many on the table (a misread, far more
often than a card of another deck); or such a card was taken otherwise than read - a rule or
card-count prior bent an unsure reading, or a second look re-read it - and the camera's own
reading would clear the move (:func:`holds_as_read` judges the violation again with it).

>>> from engine.cards import Card
>>> from engine.violations import Rule, Violation
>>> red1, pink1, pink3 = (Card.parse(c) for c in ("red-1", "pink-1", "pink-3"))
>>> forced = Violation(Rule.FORCED_PLAY, 2, (Card.parse("yellow-2"), pink1))
>>> holds_as_read(forced, pink1, red1, top=pink3, wish=None, stack=None)  # red-1 fits no pink-3
False
"""

from __future__ import annotations

from engine.cards import Card, Colour, copies_in_deck
from engine.judge import fits_or_unknown
from engine.observations import Played
from engine.verdicts import Verdict
from engine.violations import Rule, Violation
from engine.wish import Wish
from vision.card_priors import twin
from vision.table_view import SURE_FACE, Pile, VisibleState
from vision.tracker import BY_TOP, TableModel, TrackedCard

# the rules a card's face decides (whose turn it was, or where a card came from, it does not)
BY_FACE = frozenset({Rule.FORCED_PLAY, Rule.COLLECT_FITTING, Rule.DISCARD_NOT_FITTING,
                     Rule.WRONG_STACK, Rule.COLLECT_JOKER})
# a card read as one colour whose kin (red and pink) the reading gives this share of its own
# or more is a coin toss between the two
KIN_TOSS = 0.8


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


def doubt(verdict: Verdict, seen: VisibleState, read: float | None,
          before: tuple[bool, Card, Wish | None] | None, model: TableModel, sure: float
          ) -> str | None:
    """Why ``verdict``, of a move the camera saw on ``seen`` (its card read ``read`` surely),
    may rest on a wrong table - or None. ``before``: the referee's turn order lost, discard
    top and wish before the move; ``model``: the tracker's table after it."""
    if before is None:
        return None
    lost, top, wish = before
    if lost:
        return "the camera had lost the turn order (moves went unseen)"
    reads = [("the card moved", read)]
    # a discard top read unsurely may undo only the rules it decides (not a joker collected:
    # 12806 at 58 s, the rainbow joker on the discard read at 0.25 held a true alert back)
    # - unless its face reads surely: the finder unsure of its box is not unsure of the card
    # (17002 at 126 s: a yellow-0 read 0.25-0.32, its face 0.95-0.98 for 2 s, held back a
    # true forced-play alert)
    # - nor, where the top decides only whose turn it was (a card was laid: out of turn),
    # unsure only which of red and pink it is (19704 at 107.7 s: a pink-0 read red-0 0.6 /
    # pink-0 0.4 held back a true out-of-turn alert)
    d = seen.discard
    obs, seat = verdict.observation, verdict.seat
    stack = obs.move.stack if isinstance(obs, Played) else None
    # a card laid on the discard read as it or its kin (red and pink, the same value) by a
    # coin toss, and as the kin the move would break none of these rules (20310 at 119.4 s:
    # a pink-1 laid on the pink-4 read red-1 / pink-1 at 0.51 / 0.47 - told as not fitting)
    if isinstance(obs, Played) and obs.move.to_discard and d is not None and (
            kin_read := twin(obs.move.card)) is not None and (
            0.0 < d.share(obs.move.card) <= d.share(kin_read) / KIN_TOSS) and not all(
            holds_as_read(v, obs.move.card, kin_read, top, wish, stack)
            for v in verdict.violations):
        return (f"{obs.move.card} was read {obs.move.card} / {kin_read} at "
                f"{d.share(obs.move.card):.2f} / {d.share(kin_read):.2f}: as {kin_read} "
                "it would break no rule")
    by_top = [v.rule for v in verdict.violations if v.rule in BY_TOP]
    kin = twin(d.top) if d is not None and set(by_top) == {Rule.OUT_OF_TURN} else None
    if (d is not None and by_top
            and d.share(d.top) + (d.share(kin) if kin is not None else 0.0) < SURE_FACE):
        reads.append(("the discard top", d.confidence))
    cards = {c for v in verdict.violations for c in v.cards}
    # the discard's top and the card under it (their reading is the discard top's, above)
    places: list[tuple[str, TrackedCard, Pile | None]] = [
        ("the discard", tc, None) for tc in model.discard[-2:]]
    if seat is not None and seat < len(model.stacks):
        for st in model.stacks[seat]:
            pile = next((p for p in seen.seats[seat] if p.top == st.top.seen_as), None)
            places.append((f"seat {seat}'s {st.colour.value} stack", st.top, pile))
    on_table = model.seen()
    too_many = [(where, tc.card) for where, tc, _ in places
                if on_table[tc.card] > copies_in_deck(tc.card)]
    extra = {c for _, c in too_many}
    if extra and verdict.violations and all(v.rule in BY_FACE and extra & set(v.cards)
                                            for v in verdict.violations):
        # 12208 at 120 s: a pink-5 read pink-0, a third pink-0; the yellow-5 laid on it was
        # told as not fitting. Only rules a face decides (12205 at 207 s: a covered card
        # played from under a top counted as a copy too many after an earlier misread)
        where, card = next((w, c) for w, c in too_many if c in cards)
        return f"{card} on {where} would be a copy too many: most likely a misread"
    for where, tc, pile in places:
        if tc.card not in cards:
            continue
        if tc.seen_as != tc.card and not all(
                holds_as_read(v, tc.card, tc.seen_as, top, wish, stack)
                for v in verdict.violations):
            return f"{tc.card} on {where} was read as {tc.seen_as}"
        if pile is not None:
            reads.append((f"{tc.card} on {where}", pile.confidence))
    low = [(what, c) for what, c in reads if c is not None and c < sure]
    if not low:
        return None
    what, c = min(low, key=lambda x: x[1])
    return f"{what} was read unsurely ({c:.2f})"
