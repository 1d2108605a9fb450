"""Every printing the renderer makes shows its value: fonts that lack digits are not offered."""

import numpy as np
import pytest

from vision.render.deck import load_deck
from vision.render.design import sample_design
from vision.render.faces import card_face
from vision.render.fonts import HERSHEY, FontSpec, text_mask, ttf_paths

TEXTS = ["0", "1", "2", "3", "4", "5", "J", "JOKER", "*", "JK"]


@pytest.mark.parametrize("font", [FontSpec("ttf", path=p) for p in ttf_paths()]
                         + [FontSpec("hershey", hershey=h) for h in HERSHEY],
                         ids=lambda f: f.path.rsplit("/", 1)[-1] or f"hershey{f.hershey}")
def test_every_font_draws_every_value_and_joker_text(font: FontSpec) -> None:
    for text in TEXTS:
        mask = text_mask(text, font, 40)
        assert (mask > 128).sum() > 20, f"{font} draws nothing for {text!r}"


def test_the_centre_value_of_every_printing_has_ink() -> None:
    deck = load_deck()
    for seed in range(1_000_000, 1_000_120):
        face = card_face(deck, sample_design(deck, seed), "blue-4")
        h, w = face.rgba.shape[:2]
        x0, y0, x1, y1 = face.regions.centre
        centre = face.rgba[int(y0 * h):int(y1 * h) + 1, int(x0 * w):int(x1 * w) + 1, :3]
        assert centre.size and np.ptp(centre.astype(int).sum(2)) > 120, f"design {seed}"
