"""Table view: discard top over a peeking card, fanned stacks, ignored cards, reveals."""

from __future__ import annotations

import dataclasses

import numpy as np

from engine.cards import Card, Colour
from tests.vision.table_fakes import CENTRE, SEAT, H, W, calibration, outlined, stack, table
from vision.table_view import Pile, StackPlace, TableView, VisibleState

VIEW = TableView(calibration())
C = Card.parse


def test_discard_top_not_the_card_peeking_out_below() -> None:
    x, y = CENTRE
    s = VIEW.read(table(("green-2", x + 8, y + 30, 0.55), ("green-4", x, y, 0.93)))
    assert s.discard_top == C("green-4")
    assert s.discard is not None and set(s.discard.cards) == {C("green-4"), C("green-2")}


def test_fanned_stack_top_is_the_uncovered_end() -> None:
    # blue-0, blue-3, blue-5 fanned downwards; the middle card is most covered
    s = VIEW.read(table(*stack(0, ["blue-0", "blue-3", "blue-5"], fan=20, under_conf=0.7)))
    assert s.tops(0) == (C("blue-5"),)
    assert s.seats[0][0].stack_colour is Colour.BLUE


def test_middle_of_a_fan_is_never_the_top_even_if_read_surely() -> None:
    s = VIEW.read(table(("blue-0", 640, 560, 0.6), ("blue-3", 640, 580, 0.99),
                        ("blue-5", 640, 600, 0.9)))
    assert s.tops(0) == (C("blue-5"),)


def test_stacks_side_by_side_stay_apart_and_cards_outside_zones_are_ignored() -> None:
    d = table(("red-1", 600, 580), ("yellow-2", 680, 580), ("red-3", *CENTRE),
              ("pink-4", 640, 2000),  # far outside every zone (a held hand off the table)
              ("green-5", 10, 10, 0.1))  # a low-confidence read
    s = VIEW.read(d)
    assert sorted(map(str, s.tops(0))) == ["red-1", "yellow-2"]
    assert s.tops(1) == () and s.tops(2) == ()
    assert s.discard_top == C("red-3")


def test_states_compare_by_tops_only() -> None:
    a = VIEW.read(table(("red-3", *CENTRE, 0.9), ("red-1", CENTRE[0], CENTRE[1] + H / 2, 0.5)))
    b = VIEW.read(table(("red-3", CENTRE[0] + 3, CENTRE[1], 0.8)))  # peeking card not read
    assert a == b and str(a) == "discard red-3 | 0: -; 1: -; 2: -"


def test_class_probs_become_the_tops_alternatives() -> None:
    s = VIEW.read(table(("red-3", *CENTRE, 0.55, {"red-3": 0.55, "pink-3": 0.4})))
    assert s.discard is not None
    assert [(str(c), round(p, 2)) for c, p in s.discard.alternatives] == [
        ("red-3", 0.55), ("pink-3", 0.4)]


def test_reveal_lists_hand_cards_beside_the_stacks() -> None:
    d = table(("blue-4", *SEAT[0]), ("red-2", 560, 600), ("joker", 720, 600),
              ("green-1", *SEAT[2]))
    s = VIEW.read(d, reveal=True, stack_tops=[(C("blue-4"),), (), (C("green-1"),)])
    assert s.reveals == ((C("joker"), C("red-2")), (), ())
    assert VIEW.read(d).reveals is None


def test_a_stack_top_read_as_either_face_it_may_show_is_no_hand_card_in_a_reveal() -> None:
    """Seat 0's pink-5 stack, read red-5 as it was collected (the tracker took it for
    pink-5), reads pink-5 in the reveal: still the stack, not a hand card (11310)."""
    d = table(("pink-5", *SEAT[0]), ("red-2", 560, 600))
    either = frozenset({C("red-5"), C("pink-5")})
    s = VIEW.read(d, reveal=True, stack_tops=[(either,), (), ()])
    assert s.reveals == ((C("red-2"),), (), ())
    s = VIEW.read(d, reveal=True, stack_tops=[(C("red-5"),), (), ()])
    assert s.reveals == ((C("pink-5"), C("red-2")), (), ())


def test_a_stack_top_read_as_its_kin_on_its_place_is_no_hand_card_in_a_reveal() -> None:
    """15403 at 169 s: seat 0's pink-3, read red-3 in the reveal, was counted as a hand card
    (3 points lost). Read as its kin where the stack lies, it is the stack; a red-3 off
    every stack is a hand card, and a card of another value on the stack's place is not
    taken for its top."""
    diag = float(np.hypot(W, H))
    places = [((*SEAT[0], diag),), (), ()]
    tops = [(frozenset({C("pink-3")}),), (), ()]
    d = table(("red-3", SEAT[0][0] + 5, SEAT[0][1] - 4), ("red-2", 560, 600))
    assert VIEW.read(d, reveal=True, stack_tops=tops, stacks=places).reveals == (
        (C("red-2"),), (), ())
    assert VIEW.read(d, reveal=True, stack_tops=tops).reveals == (
        (C("red-2"), C("red-3")), (), ())  # (no places known: as before)
    away = table(("red-3", 540, 600), ("red-2", 720, 600))
    assert VIEW.read(away, reveal=True, stack_tops=tops, stacks=places).reveals == (
        (C("red-2"), C("red-3")), (), ())
    other = table(("red-4", *SEAT[0]), ("red-2", 560, 600))
    assert VIEW.read(other, reveal=True, stack_tops=tops, stacks=places).reveals == (
        (C("red-2"), C("red-4")), (), ())


def test_hand_cards_laid_beyond_a_seats_zone_are_read_in_the_reveal_only() -> None:
    x, y = CENTRE
    d = table(("blue-4", *SEAT[0]), ("red-2", x, y + 500),  # beyond seat 0's 450 px reach
              ("pink-4", x, 2000))  # a card off the table: never
    play = VIEW.read(d)
    assert play.tops(0) == (C("blue-4"),)
    s = VIEW.read(d, reveal=True, stack_tops=[(C("blue-4"),), (), ()])
    assert s.reveals == ((C("red-2"),), (), ())
    assert s.tops(0) == (C("blue-4"),)  # the seats' piles stay those of the play zones


def test_a_closer_look_tops_up_a_reveal_short_of_the_count() -> None:
    # seat 0 holds two cards (the referee's count); the camera read one surely, and a closer
    # look finds the other beside it, the sure card again, and a stack's covered card
    d = table(("blue-4", *SEAT[0]), ("red-2", 560, 600), ("joker", 600, 600, 0.2))
    s = VIEW.read(d, reveal=True, stack_tops=[(C("blue-4"),), (), ()])
    assert s.reveals == ((C("red-2"),), (), ())
    closer = table(("red-2", 561, 601, 0.3), ("blue-4", SEAT[0][0], SEAT[0][1] + 20, 0.1),
                   ("joker", 605, 600, 0.2), ("pink-1", 610, 598, 0.05))
    up = VIEW.topped_up(s, d, closer, [2, 0, 0])
    assert up.reveals == ((C("joker"), C("red-2")), (), ())
    assert VIEW.topped_up(s, d, closer, [1, 0, 0]) == s  # nothing short: as read
    assert VIEW.topped_up(s, d, closer, [3, 0, 0]).reveals == (  # the pink-1 lies on the joker
        (C("joker"), C("red-2")), (), ())


def test_a_closer_look_adds_only_cards_of_the_short_seat() -> None:
    d = table(("red-2", 560, 600))
    s = VIEW.read(d, reveal=True, stack_tops=[(), (), ()])
    closer = table(("yellow-3", *SEAT[1], 0.3), ("green-1", 640, 600, 0.1))
    up = VIEW.topped_up(s, d, closer, [2, 0, 0])
    assert up.reveals == ((C("green-1"), C("red-2")), (), ())


def test_a_closer_look_takes_no_stack_top_read_too_unsurely_for_a_hand_card() -> None:
    """18401 at 123 s: seat 1's green-1 stack top, read 0.2 (below the view's threshold),
    filled the reveal of a green-0 the finder missed - counted as a hand card, the round's
    scores wrong. A card on a known stack is that stack's top, not a card of the hand."""
    d = table(("blue-4", *SEAT[0]))
    s = VIEW.read(d, reveal=True, stack_tops=[(C("blue-4"),), (), ()])
    diag = float(np.hypot(W, H))
    green = StackPlace(SEAT[0][0] + 76, SEAT[0][1], diag, Colour.GREEN)
    closer = table(("green-1", SEAT[0][0] + 78, SEAT[0][1] + 3, 0.2))
    assert VIEW.topped_up(s, d, closer, [1, 0, 0]).reveals == ((C("green-1"),), (), ())
    assert VIEW.topped_up(s, d, closer, [1, 0, 0], [[green], [], []]).reveals == ((), (), ())
    # a card laid in a row off the stack still fills the reveal
    laid = table(("green-0", SEAT[0][0] - 90, SEAT[0][1] + 3, 0.2))
    assert VIEW.topped_up(s, d, laid, [1, 0, 0], [[green], [], []]).reveals == (
        (C("green-0"),), (), ())


def test_a_closer_look_at_an_unread_discard_takes_the_known_top_or_a_joker_laid() -> None:
    """12601 at 33 s: a joker (a printing's rainbow joker, which the finder is unsure of)
    laid on the red-2 in plain sight, found at 0.07 and read joker at 0.96: the discard was
    not read for 5.6 s, and the next card seemed laid on the red-2."""
    x, y = CENTRE
    none = VIEW.read(table())
    assert none.discard is None
    joker = table(("joker", x, y, 0.07, {"joker": 0.96}))
    assert VIEW.with_discard(none, joker, C("red-2")).discard_top == C("joker")
    again = table(("red-2", x, y, 0.1, {"red-2": 0.5}))
    assert VIEW.with_discard(none, again, C("red-2")).discard_top == C("red-2")
    # any other new card found that unsurely may be a card in a hand over the pile: not
    # taken, nor a joker whose face reads unsurely
    blue = table(("blue-4", x, y, 0.07, {"blue-4": 0.96}))
    assert VIEW.with_discard(none, blue, C("red-2")).discard is None
    unsure = table(("joker", x, y, 0.07, {"joker": 0.6, "red-2": 0.3}))
    assert VIEW.with_discard(none, unsure, C("red-2")).discard is None
    # the joker already on top, found unsurely again: the known top, as before
    assert VIEW.with_discard(none, joker, C("joker")).discard_top == C("joker")


def test_a_closer_look_at_an_unread_discard_takes_a_stack_top_of_the_seat_to_move() -> None:
    """16503 at 132.3 s: seat 2's pink-0, seen carried off its stack and laid on the
    pink-3, was then found at 0.18 down to 0.05 (its face 0.93-0.98) for 5 s: one of the
    seat to move's stack tops (``landing``) is taken like a joker; any other card is not."""
    x, y = CENTRE
    none = VIEW.read(table())
    pink = table(("pink-0", x + 8, y - 20, 0.06, {"pink-0": 0.95}))
    landing = {C("pink-0"), C("red-4")}
    assert VIEW.with_discard(none, pink, C("pink-3"), landing=landing).discard_top == C("pink-0")
    assert VIEW.with_discard(none, pink, C("pink-3")).discard is None
    assert VIEW.with_discard(none, pink, C("pink-3"), landing={C("red-4")}).discard is None
    unsure = table(("pink-0", x, y, 0.06, {"pink-0": 0.6, "pink-3": 0.3}))
    assert VIEW.with_discard(none, unsure, C("pink-3"), landing=landing).discard is None


def test_a_box_on_the_discard_pile_s_edge_in_a_seat_s_zone_is_part_of_the_pile() -> None:
    """16506 at 103.4 s: the corner of the red-4 under the red-1 peeked out beyond the
    discard zone's edge, its box 0.36 on the red-1, read green-2 at 0.24 - taken for a
    second green stack of seat 0 (here: the seat below the pile)."""
    x, y = CENTRE
    top = ("red-1", x, y + 45, 0.7)  # the pile wandered down, the zone's radius is 90 px
    edge = ("green-2", x, y + 100, 0.26)  # outside the zone, 0.37 of it on the red-1
    s = VIEW.read(table(top, edge))
    assert s.tops(0) == () and s.discard_top == C("red-1")
    assert s.discard is not None and C("green-2") in s.discard.cards
    # a card of the seat's own off the pile stays the seat's
    s = VIEW.read(table(top, ("green-2", x, y + 140, 0.9)))
    assert s.tops(0) == (C("green-2"),) and s.discard is not None and len(s.discard.cards) == 1


def test_a_box_where_a_card_of_the_discard_pile_was_laid_is_part_of_the_pile() -> None:
    """18702 at 99.5 s: the top of the red-5 two cards down peeked out past the new top,
    its centre on the discard zone's edge, little of it under the top's outline, read
    red-4 at 0.35: in seat 2's zone it was a phantom collect of seat 2."""
    x, y = CENTRE
    top = ("yellow-0", x, y + 40, 0.84)  # the pile wandered down, the zone's radius is 90 px
    peek = ("red-4", x, y + 95, 0.35)  # beyond the zone, under a fifth of it on the yellow-0
    shapes = {1: (W, 40.0, 0.0)}  # only the part peeking out is boxed
    d = outlined(table(top, peek), shapes)
    assert VIEW.read(d).tops(0) == (C("red-4"),)  # (not knowing where the pile's cards lay)
    laid = [Pile(C("yellow-0"), centre=(x, y + 40), size=104.0),  # the top, the red-5
            Pile(C("red-5"), centre=(x, y + 105), size=104.0)]
    s = VIEW.read(d, laid=laid)
    assert s.tops(0) == () and s.discard_top == C("yellow-0")  # a card of the discard zone
    # a card collected a card's length off where the pile's cards were laid stays the seat's
    s = VIEW.read(outlined(table(top, ("red-4", x, y + 140, 0.9))), laid=laid)
    assert s.tops(0) == (C("red-4"),)


def test_a_card_read_twice_in_a_fanned_reveal_is_trimmed_to_the_count() -> None:
    """10802: seat 2 holds three cards; a fourth box astride the red-1 and the joker, read
    red-1 at 0.33, made four."""
    d = table(("blue-4", *SEAT[0]), ("red-1", 540, 640, 0.86), ("red-1", 565, 640, 0.33),
              ("joker", 590, 640, 0.5), ("green-2", 660, 640, 0.9))
    s = VIEW.read(d, reveal=True, stack_tops=[(C("blue-4"),), (), ()])
    assert s.reveals == ((C("green-2"), C("joker"), C("red-1"), C("red-1")), (), ())
    assert VIEW.trimmed(s, d, [3, 0, 0]).reveals == (
        (C("green-2"), C("joker"), C("red-1")), (), ())
    assert VIEW.trimmed(s, d, [4, 0, 0]) == s  # not too many: as read
    # too many, but every card lies apart: none is a card read twice
    apart = table(("blue-4", *SEAT[0]), ("red-1", 500, 640, 0.86), ("red-1", 560, 660, 0.55),
                  ("joker", 620, 640, 0.5))
    s = VIEW.read(apart, reveal=True, stack_tops=[(C("blue-4"),), (), ()])
    assert VIEW.trimmed(s, apart, [2, 0, 0]) == s


def test_a_reveal_with_too_many_cards_loses_those_read_unsurely() -> None:
    """17510 at 138.5 s: a patch of cloth by seat 1's stacks read yellow-4 at 0.25 since
    114 s was counted as a third card of a hand of two (4 points lost). Cards read below
    SECOND_STACK go, the least sure first, only as many as are too many."""
    d = table(("blue-4", *SEAT[0]), ("red-1", 500, 640, 0.86), ("yellow-4", 560, 660, 0.3),
              ("joker", 620, 640, 0.45))
    s = VIEW.read(d, reveal=True, stack_tops=[(C("blue-4"),), (), ()])
    assert s.reveals == ((C("joker"), C("red-1"), C("yellow-4")), (), ())
    assert VIEW.trimmed(s, d, [2, 0, 0]).reveals == ((C("joker"), C("red-1")), (), ())
    assert VIEW.trimmed(s, d, [1, 0, 0]).reveals == ((C("red-1"),), (), ())
    assert VIEW.trimmed(s, d, [3, 0, 0]) == s
    sure = table(("blue-4", *SEAT[0]), ("red-1", 500, 640, 0.86), ("yellow-4", 560, 660, 0.6))
    s = VIEW.read(sure, reveal=True, stack_tops=[(C("blue-4"),), (), ()])
    assert VIEW.trimmed(s, sure, [1, 0, 0]) == s  # every card read surely: as read


def _known(*cards: tuple) -> object:
    """The discard pile as the tracker last committed it (its first card is the top)."""
    pile = VIEW.read(table(*cards)).discard
    assert pile is not None
    return pile


def test_a_card_laid_on_the_discard_is_its_top_though_it_scores_a_little_lower() -> None:
    """11308 at 48 s: a pink-0 laid over half a yellow-0, both read 0.84, the yellow-0's box
    a little larger: cards are only laid on top, so the card new to the pile is the top."""
    x, y = CENTRE
    old = ("yellow-0", x, y, 0.84)
    known = _known(old)
    laid = table(old, ("pink-0", x + 10, y - 30, 0.8))
    assert VIEW.read(laid).discard_top == C("yellow-0")  # the score alone: the old top
    on_pile = {C("yellow-0"), C("green-3")}
    assert VIEW.read(laid, discard_known=(known, on_pile)).discard_top == C("pink-0")
    # not a card the pile already holds (a covered card peeking out), nor one held over it
    assert VIEW.read(laid, discard_known=(known, on_pile | {C("pink-0")})
                     ).discard_top == C("yellow-0")
    held = table(old, ("pink-0", x + 10, y - 30, 0.45))
    assert VIEW.read(held, discard_known=(known, on_pile)).discard_top == C("yellow-0")
    # a box the finder is unsure of, whose face reads surely (14004 at 20.7 s) - not a
    # card in a hand beside the top, its face 0.92 (13504 at 40.7 s)
    sure_face = table(old, ("pink-0", x + 10, y - 30, 0.37, {"pink-0": 0.985}))
    assert VIEW.read(sure_face, discard_known=(known, on_pile)).discard_top == C("pink-0")
    # ... 0.95 and up (19203 at 30.0 s: a pink-2 over the pink-1 at 0.37, its face 0.955)
    face_955 = table(old, ("pink-0", x + 10, y - 30, 0.37, {"pink-0": 0.955, "red-0": 0.03}))
    assert VIEW.read(face_955, discard_known=(known, on_pile)).discard_top == C("pink-0")
    unsure_face = table(old, ("pink-0", x + 10, y - 30, 0.66, {"pink-0": 0.92, "red-0": 0.08}))
    assert VIEW.read(unsure_face, discard_known=(known, on_pile)).discard_top == C("yellow-0")
    # nor a square box round a part of a card peeking out (13307 at 27.8 s)
    part = outlined(table(("yellow-0", x, y, 0.84, {"yellow-0": 0.84}),
                          ("pink-0", x - 20, y - 5, 0.38, {"pink-0": 0.985})),
                    {1: (0.45 * W, 0.5 * W, 0.0)})
    assert VIEW.read(part, discard_known=(known, on_pile)).discard_top == C("yellow-0")
    # nor where the old top lies elsewhere now (the pile was moved: read as it shows)
    moved = table(("yellow-0", x + 20, y, 0.84), ("pink-0", x + 10, y - 30, 0.8))
    assert VIEW.read(moved, discard_known=(known, on_pile)).discard_top == C("yellow-0")


def test_a_card_laid_over_a_corner_of_the_discard_top_is_its_top() -> None:
    """13803 at 188.3 s: a red-4 laid over a corner of the red-1 (3 % of it, too little to
    be one pile), read 0.83, the red-1 0.86: the red-1 stayed the top, the move was lost."""
    x, y = CENTRE
    old = ("red-1", x, y, 0.86)
    known = _known(old)
    on_pile = {C("red-1"), C("red-0")}
    corner = table(old, ("red-4", x - 45, y + 60, 0.83))
    assert VIEW.read(corner).discard_top == C("red-1")  # the score alone: the old top
    assert VIEW.read(corner, discard_known=(known, on_pile)).discard_top == C("red-4")
    # not one that does not touch it, nor one read unsurely, nor one the pile holds
    apart = table(old, ("red-4", x - 60, y + 60, 0.83))
    assert VIEW.read(apart, discard_known=(known, on_pile)).discard_top == C("red-1")
    held = table(old, ("red-4", x - 45, y + 60, 0.45))
    assert VIEW.read(held, discard_known=(known, on_pile)).discard_top == C("red-1")
    # ... unless its face reads surely (14004 at 20.7 s)
    sure_face = table(old, ("red-4", x - 45, y + 60, 0.37, {"red-4": 0.985}))
    assert VIEW.read(sure_face, discard_known=(known, on_pile)).discard_top == C("red-4")
    assert VIEW.read(corner, discard_known=(known, on_pile | {C("red-4")})
                     ).discard_top == C("red-1")


def test_the_known_top_stays_on_top_of_a_card_it_covers_that_reads_a_little_surer() -> None:
    """11308 at 57 s: a green-0 laid over a yellow-0 read 0.87, the yellow-0 0.88, the two
    boxes now one pile, now two: the green-0 stays the top where it lay."""
    x, y = CENTRE
    green = ("green-0", x + 25, y, 0.87)
    known = _known(green)
    on_pile = {C("green-0"), C("yellow-0")}
    apart = table(green, ("yellow-0", x - 25, y, 0.88))  # two piles in the discard zone
    assert VIEW.read(apart).discard_top == C("yellow-0")
    assert VIEW.read(apart, discard_known=(known, on_pile)).discard_top == C("green-0")
    # one pile: only when the yellow-0 showed under the green-0 at the last look
    one = table(green, ("yellow-0", x + 5, y + 20, 0.88))
    assert VIEW.read(one, discard_known=(known, on_pile)).discard_top == C("yellow-0")
    shown = _known(green, ("yellow-0", x + 5, y + 20, 0.5))
    assert VIEW.read(one, discard_known=(shown, on_pile)).discard_top == C("green-0")
    # a card the pile never held (the other yellow-0 laid anew) is not overruled
    fresh = {C("green-0")}
    assert VIEW.read(apart, discard_known=(known, fresh)).discard_top == C("yellow-0")


def test_a_card_shaped_box_turned_well_from_a_shorter_one_lies_elsewhere() -> None:
    """11301 at 85 s: a joker laid on a joker, its box 99 px long, the one under it boxed
    short (77 px) and turned 32 degrees from it: a box that only grew (a card uncovered)
    keeps its turn; one astride two cards says nothing."""
    from vision.table_view import Pile

    under = Pile(C("joker"), centre=(633.0, 375.0), size=77.0, angle=85.0, aspect=1.36)
    laid = Pile(C("joker"), centre=(634.0, 351.0), size=99.0, angle=53.0, aspect=1.49)
    assert laid.moved_from(under)
    uncovered = Pile(C("joker"), centre=(634.0, 351.0), size=99.0, angle=80.0, aspect=1.49)
    assert not uncovered.moved_from(under)
    astride = Pile(C("joker"), centre=(634.0, 351.0), size=99.0, angle=53.0, aspect=1.1)
    assert not astride.moved_from(under)


def test_a_card_laid_level_on_its_twin_turned_lies_elsewhere_though_its_upright_box_is_smaller(
) -> None:
    """18103 at 23.6 s: a pink-2 laid level on its twin, which lay turned 26 degrees: its
    upright box 79 px across, the twin's 101 - taken for the twin partly covered (no
    change), the play lost. Their turned boxes are alike: the card lies 0.1 diagonals off."""
    x, y = CENTRE
    diagonal = float(np.hypot(W, H))
    turned = VIEW.read(outlined(table(("pink-2", x, y)), {0: (W, H, 26.0)})).discard
    level = VIEW.read(outlined(table(("pink-2", x + 10, y)), {0: (W, H, 3.0)})).discard
    assert turned is not None and level is not None
    assert level.size < 0.85 * turned.size  # the upright extents
    assert abs(level.span - diagonal) < 1.0 and abs(turned.span - diagonal) < 1.0
    assert level.moved_from(turned)
    still = VIEW.read(outlined(table(("pink-2", x + 2, y)), {0: (W, H, 3.0)})).discard
    assert still is not None and not still.moved_from(level)
    # square boxes round parts of cards: their upright sizes count (shrunk: cannot tell)
    part = VIEW.read(outlined(table(("pink-2", x + 17, y)), {0: (60.0, 58.0, 3.0)})).discard
    square = VIEW.read(outlined(table(("pink-2", x, y)), {0: (60.0, 58.0, 26.0)})).discard
    assert part is not None and square is not None and part.squarish
    assert abs(part.span - square.span) < 1.0 and part.size < 0.85 * square.size
    assert not part.moved_from(square)
    # an upright box only (no turned box given): a box that shrank says nothing
    covered = VIEW.read(table(("pink-2", x + 10, y))).discard
    assert covered is not None and covered.span == 0.0
    assert not covered.moved_from(dataclasses.replace(turned, span=0.0))


def test_a_square_box_a_quarter_turn_from_another_has_not_turned() -> None:
    """13306 at 49.9 s: two square boxes on the discard's green-3, 5 px apart, their long
    sides 89 degrees apart: the same place. Two card-shaped boxes so have turned."""
    from vision.table_view import Pile

    a = Pile(C("green-0"), centre=(636.0, 350.0), size=84.0, angle=70.0, aspect=1.1)
    b = Pile(C("green-3"), centre=(631.0, 353.0), size=85.0, angle=159.0, aspect=1.15)
    assert b.turned_from(a) == 1.0 and not b.moved_from(a)
    card_a = Pile(C("green-0"), centre=(636.0, 350.0), size=84.0, angle=70.0, aspect=1.5)
    card_b = Pile(C("green-3"), centre=(631.0, 353.0), size=85.0, angle=159.0, aspect=1.5)
    assert card_b.turned_from(card_a) == 89.0 and card_b.moved_from(card_a)
    assert b.turned_from(card_a) == 89.0  # one card-shaped box: its long side counts


def _edge_point(deg: float, radius: float = 250.0) -> tuple[float, float]:
    """A point ``deg`` degrees round from the image's x axis (clockwise on screen)."""
    import math

    a = math.radians(deg)
    return CENTRE[0] + radius * math.cos(a), CENTRE[1] + radius * math.sin(a)


def test_a_card_by_a_neighbours_stack_across_its_sectors_edge_is_that_seats() -> None:
    """11210 at 110 s: seat 2's green-3 laid 51 px from its pink-4, in seat 3's sector (the
    sectors are evenly spaced guesses; a seat's row of stacks can cross its edge)."""
    card = ("blue-1", *_edge_point(155.0))  # seat 1's sector, 5 degrees past seat 0's edge
    assert VIEW.calibration.zone_of(card[1:3]) == 1
    diag = 103.0
    seat0 = (*_edge_point(145.0), diag)  # seat 0's known stack, 0.4 diagonals away
    assert VIEW.read(table(card)).tops(1) == (C("blue-1"),)
    assert VIEW.read(table(card), stacks=((seat0,), (), ())).tops(0) == (C("blue-1"),)
    # not when seat 1 has a stack nearer, nor when seat 0's is over a card diagonal away
    seat1 = (*_edge_point(158.0), diag)
    assert VIEW.read(table(card), stacks=((seat0,), (seat1,), ())).tops(1) == (C("blue-1"),)
    far = (*_edge_point(120.0), diag)
    assert VIEW.read(table(card), stacks=((far,), (), ())).tops(1) == (C("blue-1"),)
    # at the round's end that stack top is not read as a card of seat 1's hand (11210: seat
    # 3's reveal read seat 2's green-3 as its own hand card)
    tops = ((C("blue-1"),), (), ())
    shown = VIEW.read(table(card), reveal=True, stack_tops=tops, stacks=((seat0,), (), ()))
    assert shown.reveals == ((), (), ())
    assert VIEW.read(table(card), reveal=True, stack_tops=tops).reveals == ((), (C("blue-1"),), ())


def test_a_card_by_a_neighbours_stack_is_not_given_to_a_seat_collecting_its_colour_apart(
        ) -> None:
    """17510 at 114.3 s: seat 1's blue-5 laid 0.99 diagonals from seat 0's yellow-5 was
    given to seat 0, whose blue-3 lay far off - a second blue stack there, the collect lost.
    A collection has one stack per colour; a card on that stack is still the neighbour's."""
    card = ("blue-1", *_edge_point(155.0))  # seat 1's sector, 5 degrees past seat 0's edge
    diag = 103.0
    yellow = StackPlace(*_edge_point(145.0), diag, Colour.YELLOW)  # 0.4 diagonals away
    blue_far = StackPlace(*_edge_point(100.0), diag, Colour.BLUE)
    assert VIEW.read(table(card), stacks=((yellow,), (), ())).tops(0) == (C("blue-1"),)
    assert VIEW.read(table(card), stacks=((yellow, blue_far), (), ())).tops(1) == (
        C("blue-1"),)
    blue_under = StackPlace(*_edge_point(153.0), diag, Colour.BLUE)  # the card lies on it
    assert VIEW.read(table(card), stacks=((blue_under,), (), ())).tops(0) == (C("blue-1"),)


def test_an_unsure_second_pile_of_a_colour_a_seat_collects_is_set_aside() -> None:
    """17510 at 114.3 s: a patch of yellow cloth between seat 1's yellow-2 and its new
    blue-5, boxed 0.75 of a card and read yellow-4 at 0.22-0.32, became a second yellow
    stack of seat 1 (17204 at 80.9 s: one boxed whole, lying still for 11 s). It stays read
    surely (a card laid beside its stack), boxed whole and moving (17106 at 29.6 s: a pink-2
    carried to its pink-3, read 0.26-0.44), where the seat's yellow stack is not read,
    where it is no colour the seat collects, as the stack top's face (a twin), and with no
    stack known."""
    x, y = SEAT[0]
    stacks = ((StackPlace(x, y, 103.0, Colour.YELLOW),), (), ())

    def read(second: str = "yellow-4", conf: float = 0.3, scale: float = 0.7,
             stack: bool = True, known: bool = True, dx: float = 80.0,
             before: float | None = None) -> list[Card]:
        def look(at: float, last: VisibleState | None = None) -> VisibleState:
            cards = [(second, x + at, y, conf)] + ([("yellow-2", x, y, 0.9)] if stack else [])
            d = outlined(table(*cards), {0: (scale * W, scale * H, 0.0)})
            return VIEW.read(d, stacks=stacks if known else None,
                             before=last.seen_piles if last else ())
        return sorted(look(dx, None if before is None else look(before)).tops(0), key=str)

    both = [C("yellow-2"), C("yellow-4")]
    assert read() == [C("yellow-2")]
    assert read(conf=0.6) == both
    assert read(scale=0.9) == both
    assert read(scale=0.9, before=80.0) == [C("yellow-2")]  # still: set aside
    assert read(scale=0.9, before=110.0) == both  # moving
    assert read(stack=False) == [C("yellow-4")]
    assert read("blue-4") == [C("blue-4"), C("yellow-2")]
    assert read(known=False) == both
    # a twin beside its twin read 0.4 or more is the tracker's to judge (a hand laying it
    # squarely: 15205); read less, it is set aside (17204 at 94.8 s: that cloth read pink-1
    # at 0.25 once seat 1's pink-1 topped the stack beside it)
    assert read("yellow-2", conf=0.45, scale=0.9, before=80.0) == [C("yellow-2")] * 2
    assert read("yellow-2", scale=0.9, before=80.0) == [C("yellow-2")]


def test_a_part_of_a_card_boxed_again_with_its_face_is_marked_a_part() -> None:
    """A box half a card's size inside a card's box, read as the same face, is that card
    boxed again (an arm over it); a twin laid offset on its twin is boxed whole: two cards."""
    x, y = SEAT[0]
    part = outlined(table(("blue-2", x, y, 0.8), ("blue-2", x - 6, y + 8, 0.25)),
                    {1: (0.7 * W, 0.7 * H, 0.0)})
    pile = VIEW.read(part).seats[0][0]
    assert pile.cards == (C("blue-2"), C("blue-2")) and pile.parts == (False, True)
    twin = outlined(table(("blue-2", x, y, 0.8), ("blue-2", x - 6, y + 8, 0.25)))
    assert VIEW.read(twin).seats[0][0].parts == (False, False)
    other = outlined(table(("blue-2", x, y, 0.8), ("blue-4", x - 6, y + 8, 0.25)),
                     {1: (0.7 * W, 0.7 * H, 0.0)})
    assert VIEW.read(other).seats[0][0].parts == (False, False)


def test_a_closer_look_finds_a_card_lost_at_a_seat_where_it_lay() -> None:
    """13302 at 48 s: a yellow-1 collected onto a yellow cloth, read 0.81 as it came down,
    then found at 0.04-0.12 only (its face read 0.95). Only that face, read surely, within
    half a card of where it lay, is taken back."""
    from vision.table_view import Pile

    x, y = SEAT[1]
    none = VIEW.read(table(("blue-3", *CENTRE)))
    lost = [(1, Pile(C("yellow-1"), centre=(x, y), size=float(np.hypot(W, H))))]
    found = VIEW.with_lost(none, table(("yellow-1", x + 10, y, 0.11, {"yellow-1": 0.95})), lost)
    assert found.tops(1) == (C("yellow-1"),) and found.discard_top == C("blue-3")
    for other in (("yellow-4", x + 10, y, 0.11, {"yellow-4": 0.95}),  # another card
                  ("yellow-1", x + 10, y, 0.11, {"yellow-1": 0.6, "yellow-4": 0.3}),  # unsure
                  ("yellow-1", x + 80, y, 0.11, {"yellow-1": 0.95})):  # elsewhere
        assert VIEW.with_lost(none, table(other), lost).tops(1) == ()


def test_a_card_lost_at_a_seat_is_not_found_again_on_the_discard() -> None:
    """13802 at 108.6 s: seat 2's blue-0, read in the hand that played it as it crossed the
    seat's zone by the discard, then found on the discard at 0.08 by a closer look, became
    a card at seat 2 - a question, then a phantom stack play."""
    from vision.table_view import Pile

    x, y = CENTRE[0] + 70, CENTRE[1] - 70  # seat 2's zone, by the discard's edge
    none = VIEW.read(table(("blue-3", *CENTRE)))
    cal = calibration()
    assert cal.zone_of((x, y)) == 2 and cal.zone_of((x - 20, y + 30)) == "discard"
    lost = [(2, Pile(C("blue-0"), centre=(x, y), size=float(np.hypot(W, H))))]
    on_discard = ("blue-0", x - 20, y + 30, 0.08, {"blue-0": 0.95})
    assert VIEW.with_lost(none, table(on_discard), lost).tops(2) == ()
    at_seat = ("blue-0", x + 10, y - 10, 0.08, {"blue-0": 0.95})
    assert VIEW.with_lost(none, table(at_seat), lost).tops(2) == (C("blue-0"),)


def _laid_at(name: str, x: float, y: float, turn: float) -> Pile:
    """A card of the discard pile as read where it was laid (when it was the top)."""
    pile = VIEW.read(outlined(table((name, x, y, 0.9)), {0: (W, H, turn)})).discard
    assert pile is not None
    return pile


def test_a_card_laid_on_the_pile_is_its_top_though_its_twin_lies_under_the_top() -> None:
    """19309 at 81.8 s: a green-4 laid on the green-2, which lay on the other green-4,
    boxed at 0.65 (the green-2 0.78), turned 58 degrees and 0.25 card diagonals off where
    that one lay: a card known to lie in the pile, it was taken for that one peeking out -
    the play lost, the next move read out of turn."""
    x, y = CENTRE
    laid = [_laid_at("green-4", x - 5, y - 10, 88.0), _laid_at("green-2", x + 10, y, 162.0)]
    known = laid[-1]
    on_pile = {C("green-2"), C("green-4"), C("green-0")}
    new = outlined(table(("green-2", x + 10, y, 0.78), ("green-4", x - 20, y - 15, 0.65)),
                   {0: (W, H, 162.0), 1: (W, H, 146.0)})
    assert VIEW.read(new, discard_known=(known, on_pile)).discard_top == C("green-2")
    assert VIEW.read(new, discard_known=(known, on_pile), laid=laid
                     ).discard_top == C("green-4")
    # the green-4 under the top read where and as it was laid peeks out
    peeking = outlined(table(("green-2", x + 10, y, 0.78), ("green-4", x - 5, y - 10, 0.65)),
                       {0: (W, H, 162.0), 1: (W, H, 88.0)})
    assert VIEW.read(peeking, discard_known=(known, on_pile), laid=laid
                     ).discard_top == C("green-2")
    # ... so does a part of it, however turned (a strip along its short side)
    part = outlined(table(("green-2", x + 10, y, 0.78), ("green-4", x - 20, y - 15, 0.65)),
                    {0: (W, H, 162.0), 1: (0.4 * W, 0.8 * W, 146.0)})
    assert VIEW.read(part, discard_known=(known, on_pile), laid=laid
                     ).discard_top == C("green-2")


def test_a_card_deep_in_the_pile_read_where_it_was_laid_is_no_twin_laid() -> None:
    """19309 at 93.0 and 97.4 s: the green-2 three and four cards down, half of it
    uncovered, read 0.73-0.8 where it was laid 17 s before, the top beside it 0.78-0.84:
    its twin unseen (a hand may hold it), it was taken for that one laid - a phantom play
    and a false alert. Read lying otherwise, it is that twin."""
    x, y = CENTRE
    deep = _laid_at("green-2", x + 25, y, 162.0)
    laid = [deep, _laid_at("green-4", x - 5, y - 10, 146.0), _laid_at("green-0", x - 15, y - 5,
                                                                     111.0)]
    on_pile = {C("green-2"), C("green-4"), C("green-0"), C("green-3")}
    # the top read a little surer than the green-2 peeking out (a newcomer, were it new)
    green3 = _laid_at("green-3", x - 20, y + 5, 104.0)
    seen = outlined(table(("green-3", x - 20, y + 5, 0.84), ("green-2", x + 25, y, 0.73)),
                    {0: (W, H, 104.0), 1: (W, H, 162.0)})
    may_land = {C("green-2")}
    assert VIEW.read(seen, discard_known=(green3, on_pile), may_land=may_land
                     ).discard_top == C("green-2")
    assert VIEW.read(seen, discard_known=(green3, on_pile), may_land=may_land,
                     laid=[*laid, green3]).discard_top == C("green-3")
    # the green-2 read above the top
    pink3 = _laid_at("pink-3", x - 15, y + 5, 121.0)
    above = outlined(table(("pink-3", x - 15, y + 5, 0.78), ("green-2", x + 25, y, 0.8)),
                     {0: (W, H, 121.0), 1: (W, H, 162.0)})
    on_pile |= {C("pink-3")}
    assert VIEW.read(above, discard_known=(pink3, on_pile), may_land=may_land
                     ).discard_top == C("green-2")
    assert VIEW.read(above, discard_known=(pink3, on_pile), may_land=may_land,
                     laid=[*laid, pink3]).discard_top == C("pink-3")
    # its twin laid elsewhere is the top
    twin = outlined(table(("pink-3", x - 15, y + 5, 0.78), ("green-2", x + 40, y + 10, 0.8)),
                    {0: (W, H, 121.0), 1: (W, H, 120.0)})
    assert VIEW.read(twin, discard_known=(pink3, on_pile), may_land=may_land,
                     laid=[*laid, pink3]).discard_top == C("green-2")



def test_a_card_deep_in_the_pile_boxed_turned_on_the_spot_it_was_laid_is_no_twin_laid() -> None:
    """19306 at 61.7 s: the yellow-0 two cards down, under the yellow-5 and the yellow-4,
    read 0.65-0.74 by turns with the yellow-4 from a box 0.03 card diagonals from where it
    was laid, turned 63 degrees (a part of it uncovered): its twin unseen, it was taken for
    that one laid - a phantom play, a false alert. Laid anew off that spot, it is the top."""
    x, y = CENTRE
    laid = [_laid_at("yellow-0", x, y, 78.0), _laid_at("yellow-5", x, y - 1, 84.0),
            _laid_at("yellow-4", x + 8, y - 22, 29.0)]
    known = laid[-1]
    on_pile = {C("yellow-4"), C("yellow-5"), C("yellow-0"), C("yellow-3")}
    may_land = {C("yellow-0")}

    def top(y0: float, y4: float, dx: float = 0.0) -> Card:
        d = outlined(table(("yellow-4", x + 8, y - 22, y4), ("yellow-0", x + dx, y + 3, y0)),
                     {0: (W, H, 29.0), 1: (0.7 * H, H, 15.0)})
        s = VIEW.read(d, discard_known=(known, on_pile), may_land=may_land, laid=laid)
        assert s.discard is not None
        return s.discard.top

    assert top(0.7, 0.81) == C("yellow-4")  # read below the top
    assert top(0.8, 0.7) == C("yellow-4")  # ... and above it
    assert top(0.7, 0.81, dx=-25.0) == C("yellow-0")  # off that spot: its twin


def test_a_closer_look_at_a_discard_unread_a_while_takes_any_card_its_face_reads_surely() -> None:
    """19510 at 12.2 s: seat 3's pink-1 laid on the pink-5 from its hand, the whole pile
    lost to the finder for 5 s, the pink-1 found by closer looks at 0.14-0.21, its face
    0.98: the play lost, two questions and the round. Once the pile has been unread a
    while (``any_laid``), a card whose face reads ``LAID_FACE`` or more is taken."""
    x, y = CENTRE
    none = VIEW.read(table())
    pink = table(("pink-1", x - 10, y - 5, 0.2, {"pink-1": 0.98}))
    assert VIEW.with_discard(none, pink, C("pink-5")).discard is None  # at once: not yet
    assert VIEW.with_discard(none, pink, C("pink-5"), any_laid=True).discard_top == C("pink-1")
    unsure = table(("pink-1", x - 10, y - 5, 0.2, {"pink-1": 0.92, "pink-5": 0.05}))
    assert VIEW.with_discard(none, unsure, C("pink-5"), any_laid=True).discard is None
