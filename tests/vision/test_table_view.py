"""Table view: discard top over a peeking card, fanned stacks, ignored cards, reveals."""

from __future__ import annotations

from engine.cards import Card, Colour
from tests.vision.table_fakes import CENTRE, SEAT, H, calibration, stack, table
from vision.table_view import TableView

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
    apart = table(("blue-4", *SEAT[0]), ("red-1", 500, 640, 0.86), ("red-1", 560, 660, 0.33),
                  ("joker", 620, 640, 0.5))
    s = VIEW.read(apart, reveal=True, stack_tops=[(C("blue-4"),), (), ()])
    assert VIEW.trimmed(s, apart, [2, 0, 0]) == s
