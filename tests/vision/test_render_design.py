"""The design sampler: every printing it draws can be read."""

from vision.render.deck import load_deck
from vision.render.design import sample_design


def test_every_design_shows_its_colour_beyond_a_frame_line() -> None:
    # a white card with a dark value and no index printed its colour only in a frame line
    # under a pixel wide in a scene (1.8 % of designs): colour was unreadable
    deck = load_deck()
    for seed in range(2000):
        d = sample_design(deck, seed)
        assert not (d.face_style == "white" and d.centre_ink == "ink"
                    and d.index_layout == "none"), seed
