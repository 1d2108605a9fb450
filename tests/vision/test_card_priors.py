"""Card counts and rules as priors for an unsure reading."""

from collections import Counter

from engine.cards import Card, Colour
from vision.card_priors import beside_own_stacks, read_card

C = Card.parse


def test_a_third_copy_is_read_as_a_contender_the_detector_offers() -> None:
    seen = Counter({C("red-3"): 2})
    card, notes = read_card(C("red-3"), ((C("red-3"), 0.6), (C("pink-3"), 0.3)), seen)
    assert card == C("pink-3") and "both red-3 are already on the table" in notes[0]


def test_a_clear_reading_outweighs_a_count_an_earlier_misread_may_have_put_off() -> None:
    # two green-0 counted (one was a green-4 misread): the third, read at 0.9, is no red-0
    seen = Counter({C("green-0"): 2})
    alternatives = ((C("green-0"), 0.9), (C("red-0"), 0.01), (C("blue-0"), 0.01))
    assert read_card(C("green-0"), alternatives, seen) == (C("green-0"), ())


def test_a_new_stack_cannot_have_the_colour_of_another_stack_of_its_seat() -> None:
    beside = beside_own_stacks(1, [Colour.YELLOW, Colour.GREEN])
    alternatives = ((C("yellow-4"), 0.83), (C("pink-4"), 0.12), (C("red-4"), 0.03))
    card, notes = read_card(C("yellow-4"), alternatives, Counter(), impossible=beside)
    assert card == C("pink-4") and "seat 1 has a yellow stack elsewhere" in notes[0]
    # too faint a contender (below a tenth of the reading): the reading stays
    faint = ((C("yellow-4"), 0.95), (C("pink-4"), 0.04))
    assert read_card(C("yellow-4"), faint, Counter(), impossible=beside) == (C("yellow-4"), ())
