"""Would a violation stand with the camera's reading in place of the card taken?"""

from __future__ import annotations

import pytest

from engine.cards import Card, Colour
from engine.moves import Move
from engine.observations import Played
from engine.verdicts import Verdict
from engine.violations import Rule, Violation
from engine.wish import Wish
from vision.doubt import doubt, holds_as_read
from vision.table_view import Pile, VisibleState
from vision.tracker import TableModel, TrackedCard, TrackedStack


def c(name: str) -> Card:
    return Card.parse(name)


@pytest.mark.parametrize(("rule", "cards", "taken", "read", "top", "stack", "holds"), [
    # a fitting stack top (pink-1 on pink-3) that the camera read as red-1: no forced play
    (Rule.FORCED_PLAY, ("yellow-2", "pink-1"), "pink-1", "red-1", "pink-3", None, False),
    # another fitting top is left: the forced play stands
    (Rule.FORCED_PLAY, ("yellow-2", "pink-1", "green-3"), "pink-1", "red-1", "pink-3", None,
     True),
    # the discard top taken as blue-5, read as blue-2: a yellow-5 collected fits no more
    (Rule.COLLECT_FITTING, ("yellow-5", "blue-5"), "blue-5", "blue-2", "blue-5", None, False),
    (Rule.COLLECT_FITTING, ("blue-4", "blue-5"), "blue-5", "blue-2", "blue-5", None, True),
    # a hand card taken as pink-4, read as red-4, on red-2: it fits as read
    (Rule.DISCARD_NOT_FITTING, ("pink-4", "red-2"), "pink-4", "red-4", "red-2", None, False),
    (Rule.DISCARD_NOT_FITTING, ("pink-4", "red-2"), "pink-4", "green-4", "red-2", None, True),
    # a pink-4 onto the red stack, read as red-4: the right stack after all
    (Rule.WRONG_STACK, ("pink-4",), "pink-4", "red-4", "blue-1", Colour.RED, False),
    (Rule.WRONG_STACK, ("pink-4",), "pink-4", "yellow-4", "blue-1", Colour.RED, True),
    (Rule.COLLECT_JOKER, ("joker",), "joker", "red-2", "blue-1", Colour.RED, False),
    # whose turn it was does not rest on a card's face
    (Rule.OUT_OF_TURN, ("pink-4",), "pink-4", "red-4", "blue-1", None, True),
])
def test_a_violation_is_judged_again_with_the_reading(
        rule: Rule, cards: tuple[str, ...], taken: str, read: str, top: str,
        stack: Colour | None, holds: bool) -> None:
    v = Violation(rule, 1, tuple(c(x) for x in cards))
    assert holds_as_read(v, c(taken), c(read), c(top), None, stack) is holds


def test_a_wish_on_a_joker_decides_as_it_did() -> None:
    v = Violation(Rule.COLLECT_FITTING, 1, (c("green-2"), c("joker")))
    green = Wish.parse("green")
    assert holds_as_read(v, c("green-2"), c("green-3"), c("joker"), green, None)
    assert not holds_as_read(v, c("green-2"), c("blue-2"), c("joker"), green, None)


@pytest.mark.parametrize(("rule", "doubted"), [
    (Rule.COLLECT_FITTING, True),  # what fits the top decides it
    (Rule.FORCED_PLAY, True),
    (Rule.COLLECT_JOKER, False),  # the card collected decides it (read surely)
    (Rule.WRONG_STACK, False),
    (Rule.OUT_OF_TURN, True),  # a card may have been laid on the discard unseen (12704 at 59 s)
])
def test_a_discard_top_read_unsurely_doubts_only_the_rules_it_decides(
        rule: Rule, doubted: bool) -> None:
    """12806 at 58 s: a rainbow joker on the discard read at 0.25 held back a joker
    collected as unsure."""
    top, card = c("joker"), c("joker") if rule is Rule.COLLECT_JOKER else c("pink-3")
    model = TableModel(discard=[TrackedCard(c("red-1"), c("red-1")), TrackedCard(top, top)],
                       stacks=[[], [TrackedStack(Colour.BLUE, [TrackedCard(card, card)],
                                                 (100.0, 100.0), 90.0)]])
    seen = VisibleState(Pile(top, (top,), (300.0, 300.0), 90.0, confidence=0.25),
                        ((), (Pile(card, (card,), (100.0, 100.0), 90.0, confidence=0.9),)))
    verdict = Verdict(Played(1, Move.collect(card, Colour.BLUE)), 1,
                      [Violation(rule, 1, (card,))])
    why = doubt(verdict, seen, 0.9, (False, top, Wish.parse("blue")), model, 0.4)
    assert (why == "the discard top was read unsurely (0.25)") is doubted
    assert doubted or why is None


def test_a_discard_top_whose_face_reads_surely_is_no_doubt() -> None:
    """17002 at 126 s: a yellow-0 on the discard boxed at 0.25-0.32, its face read 0.95-0.98
    for 2 s, held back a true forced-play alert (seat 1's yellow-4 fitted it)."""
    top, card, fits = c("yellow-0"), c("blue-4"), c("yellow-4")
    model = TableModel(discard=[TrackedCard(top, top)], stacks=[[], [
        TrackedStack(Colour.YELLOW, [TrackedCard(fits, fits)], (100.0, 100.0), 90.0),
        TrackedStack(Colour.BLUE, [TrackedCard(card, card)], (200.0, 100.0), 90.0)]])
    verdict = Verdict(Played(1, Move.collect(card, Colour.BLUE)), 1,
                      [Violation(Rule.FORCED_PLAY, 1, (card, fits))])
    stacks = ((), (Pile(fits, (fits,), (100.0, 100.0), 90.0, confidence=0.9),
                   Pile(card, (card,), (200.0, 100.0), 90.0, confidence=0.9)))
    for face, doubted in ((0.95, False), (0.6, True)):
        seen = VisibleState(Pile(top, (top,), (300.0, 300.0), 90.0, confidence=0.28,
                                 alternatives=((top, face), (c("yellow-3"), 0.01))), stacks)
        why = doubt(verdict, seen, 0.9, (False, top, None), model, 0.4)
        assert (why == "the discard top was read unsurely (0.28)") is doubted


@pytest.mark.parametrize(("rule", "doubted"), [
    (Rule.OUT_OF_TURN, False),  # a card was laid: which of red and pink decides no turn
    (Rule.COLLECT_FITTING, True),  # red-0 or pink-0 decides what fits it
])
def test_a_discard_top_read_between_red_and_pink_doubts_only_what_its_colour_decides(
        rule: Rule, doubted: bool) -> None:
    """19704 at 107.7 s: a pink-0 on the discard read red-0 0.48 / pink-0 0.52 (boxed at
    0.35-0.45) held back a true out-of-turn alert: seat 1 collected after its own play."""
    top, card = c("red-0"), c("blue-1")
    model = TableModel(discard=[TrackedCard(c("green-0"), c("green-0")), TrackedCard(top, top)],
                       stacks=[[], [TrackedStack(Colour.BLUE, [TrackedCard(card, card)],
                                                 (100.0, 100.0), 90.0)]])
    seen = VisibleState(Pile(top, (top,), (300.0, 300.0), 90.0, confidence=0.35,
                             alternatives=((c("pink-0"), 0.52), (top, 0.48))),
                        ((), (Pile(card, (card,), (100.0, 100.0), 90.0, confidence=0.9),)))
    verdict = Verdict(Played(1, Move.collect(card, Colour.BLUE)), 1,
                      [Violation(rule, 1, (card,))])
    why = doubt(verdict, seen, 0.9, (False, top, None), model, 0.4)
    assert (why == "the discard top was read unsurely (0.35)") is doubted
    assert doubted or why is None


@pytest.mark.parametrize(("kin_share", "rule", "doubted"), [
    (0.47, Rule.DISCARD_NOT_FITTING, True),  # a coin toss, and as pink-1 it fits the pink-4
    (0.20, Rule.DISCARD_NOT_FITTING, False),  # read red-1 more than twice as surely
    (0.47, Rule.OUT_OF_TURN, False),  # its colour decides no turn
])
def test_a_card_laid_read_as_it_or_its_kin_by_a_coin_toss_doubts_what_its_colour_decides(
        kin_share: float, rule: Rule, doubted: bool) -> None:
    """20310 at 119.4 s: a pink-1 laid on the pink-4 read red-1 / pink-1 at 0.51 / 0.47 was
    taken as red-1 and told as not fitting - read as its kin, the same card fits."""
    top, card = c("pink-4"), c("red-1")
    model = TableModel(discard=[TrackedCard(top, top), TrackedCard(card, card)], stacks=[[]])
    seen = VisibleState(Pile(card, (card, top), (300.0, 300.0), 90.0, confidence=0.5,
                             alternatives=((card, 0.51), (c("pink-1"), kin_share))), ((),))
    verdict = Verdict(Played(None, Move.hand(card)), 1,
                      [Violation(rule, 1, (card, top) if rule is not Rule.OUT_OF_TURN
                                 else (card,))])
    why = doubt(verdict, seen, 0.5, (False, top, None), model, 0.4)
    assert (why == "red-1 was read red-1 / pink-1 at 0.51 / 0.47: as pink-1 it would break "
                   "no rule") is doubted
    assert doubted or why is None
