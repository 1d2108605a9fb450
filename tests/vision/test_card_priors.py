"""Card counts and rules as priors for an unsure reading."""

from collections import Counter

from engine.cards import Card
from vision.card_priors import read_card

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
