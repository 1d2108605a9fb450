"""Cloth marks: what a patterned cloth shows as cards before the first round is left out."""

from __future__ import annotations

import numpy as np

from engine.rules import Rules
from tests.vision.table_fakes import COLOUR_SLOT, SEAT, W, at, calibration, scene, table
from tests.vision.test_tracker import Clock, feed, moves
from vision.cloth import ClothMarks
from vision.session import Session


def test_marks_drop_unsure_cards_in_their_place_and_yield_to_a_sure_one() -> None:
    cloth = ClothMarks()
    x, y = SEAT[1]
    mark = table(("pink-2", x, y, 0.2), ("blue-3", *SEAT[2], 0.3))
    cloth.learn(mark, np.array([True, False]))  # only the first lies where it is learnt
    assert len(cloth.marks) == 1
    cloth.learn(table(("pink-2", x + 3, y - 2, 0.25)), np.array([True]))  # the same place
    assert len(cloth.marks) == 1
    later = cloth.update_with_detections(table(("pink-2", x + 2, y, 0.3), ("red-1", x + 200, y)))
    assert list(later.data["class_name"]) == ["red-1"]
    assert len(cloth.update_with_detections(table(("blue-3", *SEAT[2], 0.3)))) == 1
    # a card laid on the mark and read surely is a card: the mark is forgotten
    assert len(cloth.update_with_detections(table(("pink-2", x, y, 0.8)))) == 1
    assert len(cloth.update_with_detections(table(("pink-2", x, y, 0.3)))) == 1


def test_a_cloth_card_seen_before_the_round_is_never_collected() -> None:
    """16510: a pink check read as pink-2s here and there at 0.1-0.35 from the first frame;
    two in seats' zones, rising over the table view's threshold a while, became collects -
    one then hidden for the rest of the round, every alert after it withheld, and a real
    pink-2 laid from a hand taken for it played from its "stack"."""
    x, y = at(0, COLOUR_SLOT["blue"] * (W + 20))  # where seat 0's blue stack will lie
    for before, want in ((True, []), (False, ["seat 0: collect:pink-2"])):
        s = Session(None, Rules(players=3), calibration())
        clock = Clock()
        if before:  # the table before the first card is laid
            feed(s, table(("pink-2", x, y, 0.15)), clock, frames=5)
        # (not before: first found once the round has started - no mark)
        feed(s, scene(["red-3"], extra=[("pink-2", x, y, 0.2)] if before else []), clock)
        assert s.referee.round is not None  # the round started on the red-3
        ev = feed(s, scene(["red-3"], extra=[("pink-2", x + 2, y + 1, 0.33)]), clock,
                  frames=20)
        assert moves(ev) == want
        if before:  # a card laid on the mark, read surely, is a card all the same
            ev = feed(s, scene(["red-3"], {0: {"blue": ["blue-1"]}}), clock)
            assert moves(ev) == ["seat 0: collect:blue-1"]
