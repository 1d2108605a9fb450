"""A known layout renders where the camera model says, with the right class and upright crops."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("cv2")

from engine.cards import CARD_NAMES
from vision.render.camera import Camera
from vision.render.deck import load_deck
from vision.render.design import sample_design
from vision.render.export import crop_card, label_lines
from vision.render.layout import CardPlacement, Surface, TableLayout
from vision.render.scene import render_frame

DECK = load_deck()
CAM = Camera(focal_px=900.0, distance_mm=1000.0, tilt_deg=0.0)  # 0.9 px per table mm
SURFACE = Surface(kind="plain", colour=(60, 60, 60), colour2=(60, 60, 60))


def _render(*cards: CardPlacement, design_seed: int = 5):
    layout = TableLayout(surface=SURFACE, objects=cards)
    return render_frame(layout, CAM, sample_design(DECK, design_seed), np.random.default_rng(0),
                        DECK, effects=False)


def test_deck_class_names_are_the_engine_order() -> None:
    assert DECK.class_names == CARD_NAMES


def test_one_card_top_down_gives_expected_box_and_class() -> None:
    frame = _render(CardPlacement("face", "green-3", (0.0, 0.0), 0.0, "discard-top"))
    (t,) = frame.truths
    assert t.labelled and t.class_id == CARD_NAMES.index("green-3")
    w, h = 56 * 0.9, 87 * 0.9
    expected = [[640 - w / 2, 360 - h / 2], [640 + w / 2, 360 - h / 2],
                [640 + w / 2, 360 + h / 2], [640 - w / 2, 360 + h / 2]]
    assert np.allclose(t.corners, expected, atol=0.01)
    assert t.visible == pytest.approx(1.0, abs=0.03)
    (line,) = label_lines(frame.truths, 1280, 720, "detect")
    cls, cx, cy, bw, bh = line.split()
    assert int(cls) == t.class_id
    assert np.allclose([float(cx), float(cy), float(bw), float(bh)],
                       [0.5, 0.5, w / 1280, h / 720], atol=1e-4)
    # the card's pixels are really there: centre differs from the plain table
    assert np.abs(frame.image[360, 600:680].astype(int) - 60).max() > 40


def test_corners_follow_the_upright_card_when_turned() -> None:
    frame = _render(CardPlacement("face", "blue-1", (0.0, 0.0), 90.0))
    tl, tr, br, bl = np.array(frame.truths[0].corners)
    # turned 90 degrees clockwise: the card's top edge is now on the image's right side
    assert tl[0] > 640 and tr[0] > 640 and tl[1] < tr[1]
    assert br[0] < 640 and bl[0] < 640


def test_crops_come_out_upright_with_the_right_class() -> None:
    upright = _render(CardPlacement("face", "red-4", (0.0, 0.0), 0.0))
    turned = _render(CardPlacement("face", "red-4", (30.0, -20.0), 180.0 + 20.0))
    a = crop_card(upright.image, upright.truths[0].corners).astype(float)
    b = crop_card(turned.image, turned.truths[0].corners).astype(float)
    flipped = np.rot90(a, 2)
    assert np.abs(a - b).mean() < 0.5 * np.abs(flipped - b).mean()
    assert turned.truths[0].name == "red-4" and turned.truths[0].labelled


def test_covered_card_is_not_labelled_and_backs_never_are() -> None:
    frame = _render(
        CardPlacement("face", "yellow-2", (0.0, 0.0), 0.0, "discard-under"),
        CardPlacement("face", "pink-5", (2.0, 1.0), 3.0, "discard-top"),
        CardPlacement("back", "back", (200.0, 0.0), 0.0, "draw-pile"),
    )
    under, top, back = frame.truths
    assert not under.labelled and under.visible < 0.2
    assert top.labelled
    assert not back.labelled and back.class_id == -1


def test_peeking_card_is_labelled_by_visible_share() -> None:
    # the top card covers the lower 45 %: more than 40 % of the face and the index show
    frame = _render(
        CardPlacement("face", "green-0", (0.0, 0.0), 0.0, "stack-under"),
        CardPlacement("face", "green-1", (0.0, 48.0), 0.0, "stack-top"),
        design_seed=11,
    )
    under = frame.truths[0]
    assert 0.4 < under.visible < 0.7
