"""A top boxed not in a card's shape: a box astride two cards of a pile, whose face reading
is often another card's (rendered games 11003, 11009)."""

from __future__ import annotations

from tests.vision.table_fakes import CENTRE, H, W, calibration, outlined, scene, table
from tests.vision.test_tracker import Clock, feed, kinds, moves, rules, started
from vision.session import Event, Session
from vision.table_view import TableView

SQUARE_BOX = (W * 1.1, W * 1.2, 0.0)  # a box astride two cards: 1.09 : 1


def test_a_top_s_box_shape_is_read_from_its_outline() -> None:
    view = TableView(calibration())
    card = view.read(outlined(scene(["red-3"]))).discard
    assert card is not None and abs(card.aspect - H / W) < 1e-3 and not card.squarish
    astride = view.read(outlined(scene(["red-3"]), {0: SQUARE_BOX})).discard
    assert astride is not None and astride.squarish
    upright = view.read(scene(["red-3"])).discard  # an upright box tells no shape
    assert upright is not None and upright.aspect is None and not upright.squarish


def test_a_box_that_turns_from_frame_to_frame_jitters() -> None:
    view = TableView(calibration())
    a = view.read(outlined(scene(["red-3"]), {0: (W, H, 10.0)})).discard
    b = view.read(outlined(scene(["red-3"]), {0: (W, H, 12.0)})).discard
    c = view.read(outlined(scene(["red-3"]), {0: (W, H, 25.0)})).discard
    assert a is not None and b is not None and c is not None
    assert not b.jitters_from(a) and c.jitters_from(b)


def _seat_0_holds_yellow_0() -> tuple[Session, Clock, dict[int, dict[str, list[str]]]]:
    """Seat 0 collects a yellow-0, seat 1 a red-4, seat 2 lays a blue-0 on the blue-5:
    seat 0 is to move, its yellow-0 fits the discard."""
    s, clock = started(top="blue-5")
    stacks: dict[int, dict[str, list[str]]] = {0: {"yellow": ["yellow-0"]}}
    assert moves(feed(s, outlined(scene(["blue-5"], stacks)), clock)) == [
        "seat 0: collect:yellow-0"]
    stacks[1] = {"red": ["red-4"]}
    assert moves(feed(s, outlined(scene(["blue-5"], stacks)), clock)) == [
        "seat 1: collect:red-4"]
    assert moves(feed(s, outlined(scene(["blue-5", "blue-0"], stacks)), clock)) == [
        "hand:blue-0"]
    assert s.referee.to_move == 0
    return s, clock, stacks


def _boxed_astride(s: Session, clock: Clock, stacks: dict[int, dict[str, list[str]]],
                   frames: int, turning: bool) -> list[Event]:
    """The blue-0 on the discard read yellow-0 (the face of seat 0's stack top), its box
    square, turning by 15 degrees every other frame or still."""
    ev: list[Event] = []
    for k in range(frames):
        turn = 15.0 * (k % 2) if turning else 0.0
        d = outlined(scene(["blue-5", "yellow-0"], stacks), {0: (*SQUARE_BOX[:2], turn)})
        ev += feed(s, d, clock, frames=1)
    return ev


def test_a_stack_top_s_face_read_in_a_jittering_square_box_on_the_discard_waits() -> None:
    """11003 at 76 s: the discard's top read for 2 s as the yellow-0 that lay on seat 2's
    stack, in a box astride the pile's cards; then that yellow-0 left its stack and landed.
    One stack play, not a hand play and an out-of-turn stack play."""
    s, clock, stacks = _seat_0_holds_yellow_0()
    assert moves(_boxed_astride(s, clock, stacks, 20, turning=True)) == []
    ev = feed(s, outlined(scene(["blue-0", "yellow-0"], {1: stacks[1]})), clock)
    assert moves(ev) == ["seat 0: stack:yellow-0"] and not kinds(ev, "question")


def test_a_twin_laid_still_on_the_discard_in_a_square_box_is_a_hand_play() -> None:
    """9905 at 134 s: the second yellow-0, from the hand onto the discard, boxed square
    but lying still: a hand play while the stack's yellow-0 stays."""
    s, clock, stacks = _seat_0_holds_yellow_0()
    ev = _boxed_astride(s, clock, stacks, 20, turning=False)
    assert moves(ev) == ["hand:yellow-0"]


def test_a_stack_top_read_then_boxed_astride_is_one_stack_play_not_two_moves() -> None:
    """11009 at 130 s: seat 0's red-3 read on the discard for two frames, then, laid on its
    twin, boxed astride both and read red-4: no red-4 from the next seat's hand on it."""
    s, clock = started(top="green-5")
    stacks: dict[int, dict[str, list[str]]] = {0: {"red": ["red-3"]}}
    feed(s, outlined(scene(["green-5"], stacks)), clock)
    stacks[1] = {"yellow": ["yellow-2"]}
    feed(s, outlined(scene(["green-5"], stacks)), clock)
    assert moves(feed(s, outlined(scene(["green-5", "green-3"], stacks)), clock)) == [
        "hand:green-3"]
    left = {1: stacks[1]}
    ev = feed(s, outlined(scene(["green-3", "red-3"], left)), clock, frames=2)
    ev += feed(s, outlined(scene(["green-3", "red-4"], left), {0: SQUARE_BOX}), clock, frames=25)
    assert moves(ev) == ["seat 0: stack:red-3"]


def test_a_square_box_inside_the_top_just_laid_reading_another_card_is_that_top() -> None:
    """13207 at 47.1 s: 0.2 s after the red-2 laid was read, a square box 0.12 card
    diagonals inside it (the red-2 still read whole) read red-0 at 0.51 until the next card
    came: a red-0 played, then the blue-2 on it not fitting, two false alerts."""
    s, clock = started(top="blue-5")
    x, y = CENTRE
    laid = [("red-5", x, y, 0.6), ("blue-5", x + 6, y + 28, 0.5)]
    ev: list[Event] = []
    while not moves(ev):
        ev += feed(s, outlined(table(*laid)), clock, frames=1)
    assert moves(ev) == ["hand:red-5"]
    part = ("red-0", x - 4, y + 12, 0.55, {"red-0": 0.8, "red-5": 0.1})
    ev = feed(s, outlined(table(part, *laid), {0: SQUARE_BOX}), clock, frames=15)
    assert moves(ev) == [] and not kinds(ev, "question")
    ev = feed(s, outlined(table(("green-5", x + 3, y - 2, 0.9), ("red-5", x + 6, y + 28, 0.5))),
              clock)
    assert moves(ev) == ["hand:green-5"] and rules(ev) == []


def test_a_card_boxed_larger_than_a_card_read_otherwise_is_the_card_seen_landing() -> None:
    """13307 at 77 s: a blue-2 read 0.93 as it landed on the pink-2 (boxed 72 px), then
    boxed card-shaped but 94-100 px (astride it and the pink-2) and read blue-5 at 0.3 for
    as long as it lay: the blue-2 played, not a blue-5 - nor, after it, a false alert."""
    s, clock = started(top="blue-3")
    x, y = CENTRE
    ev: list[Event] = []
    for k in range(4):  # coming down from the seat's side, read surely
        ev += feed(s, outlined(table(("blue-2", x + 40 - 10 * k, y + 60 - 15 * k, 0.9),
                                     ("blue-3", x, y, 0.9))), clock, frames=1)
    big = (W * 1.35, H * 1.35, 20.0)
    misread = ("blue-5", x + 2, y + 3, 0.3, {"blue-5": 0.48, "blue-2": 0.1, "blue-1": 0.15})
    ev += feed(s, outlined(table(misread), {0: big}), clock, frames=30)
    assert moves(ev) == ["hand:blue-2"] and not kinds(ev, "question")
    ev = feed(s, outlined(table(("red-2", x + 3, y - 2, 0.9))), clock)
    assert moves(ev) == ["hand:red-2"] and rules(ev) == []


def test_a_card_whose_face_reads_unsurely_after_another_landed_is_the_card_seen_landing(
) -> None:
    """13506 at 16.8 s: a green-2 read 0.68-0.74 in three frames as it landed on a green-5,
    then boxed card-shaped at 0.9 of the old top's size and read green-0 at 0.25, its face
    0.36-0.44, for as long as it lay: the green-2 played, not a green-0."""
    s, clock = started(top="blue-3")
    x, y = CENTRE
    ev: list[Event] = []
    for k in range(3):  # coming down from the seat's side, read surely
        ev += feed(s, outlined(table(("blue-2", x + 30 - 10 * k, y, 0.7))), clock, frames=1)
    small = (W * 0.9, H * 0.9, 5.0)
    misread = ("blue-0", x + 6, y, 0.25, {"blue-0": 0.36, "blue-5": 0.18, "blue-1": 0.14,
                                          "blue-4": 0.12, "blue-2": 0.1, "green-0": 0.1})
    ev += feed(s, outlined(table(misread), {0: small}), clock, frames=30)
    assert moves(ev) == ["hand:blue-2"] and not kinds(ev, "question")
    # its face read surely, the same box is the card as read
    s, clock = started(top="blue-3")
    for k in range(3):
        feed(s, outlined(table(("blue-2", x + 30 - 10 * k, y, 0.7))), clock, frames=1)
    sure = ("blue-0", x + 6, y, 0.45, {"blue-0": 0.8, "blue-5": 0.1})
    ev = feed(s, outlined(table(sure), {0: small}), clock, frames=30)
    assert moves(ev) == ["hand:blue-0"]
