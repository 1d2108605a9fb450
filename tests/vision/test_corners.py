"""The corner refiner: crop geometry, its training samples, and how the detector uses it."""

from pathlib import Path

import numpy as np
import pytest
import torch

from engine.cards import CARD_NAMES
from vision.corners import NOMINAL, CornerNet, CornerRefiner, box_crop, corner_targets
from vision.detections import CORNERS
from vision.detector import TwoStageDetector
from vision.training.train_corners import (
    CornerTraining,
    box_error,
    half_turn,
    pixel_error,
    save_corner_net,
    train_corners,
)

BOX = np.array([[10, 20], [50, 20], [50, 80], [10, 80]], np.float32)


def test_targets_are_the_true_corners_in_the_box_crop_in_the_box_order() -> None:
    shifted = BOX + [4, 0]  # 4 px of a 40 px box that spans 0.8 of the crop: 0.08
    for order in ([0, 1, 2, 3], [2, 3, 0, 1], [3, 2, 1, 0]):  # however the card is turned
        t = corner_targets(BOX, shifted[order])
        assert t == pytest.approx(np.array(NOMINAL) + [0.08, 0.0], abs=1e-4)


def test_the_crop_shows_the_box_and_a_margin_around_it() -> None:
    image = np.zeros((120, 120, 3), np.uint8)
    image[20:80, 10:50] = 255
    crop, _ = box_crop(image, BOX)
    white = np.nonzero(crop[:, :, 0].mean(0) > 128)[0]
    assert crop.shape == (72, 48, 3)
    assert white.min() == pytest.approx(0.1 * 48, abs=1.5)
    assert white.max() == pytest.approx(0.9 * 48, abs=1.5)


def test_a_half_turn_moves_each_corner_to_the_opposite_one() -> None:
    y = np.array([[[0.1, 0.1], [0.5, 0.1], [0.5, 0.9], [0.1, 0.9]]], np.float32)
    x = np.zeros((1, 72, 48, 3), np.uint8)
    x[0, :, :24] = 255  # the card on the left half of the crop
    for _ in range(20):  # half of them are turned
        tx, ty = half_turn(x, y, np.random.default_rng(_))
        if tx[0, 0, 0, 0] == 0:  # turned: the card is now on the right
            assert ty[0] == pytest.approx(np.array([[.5, .1], [.9, .1], [.9, .9], [.5, .9]]))
            return
    pytest.fail("never turned")


def refiner_saying(offset: tuple[float, float], tmp_path: Path) -> CornerRefiner:
    net = CornerNet()
    last = net.head[-1]
    with torch.no_grad():
        last.weight.zero_()
        last.bias.copy_(torch.tensor(offset * 4))
    save_corner_net(net, tmp_path / "c.pt", {})
    return CornerRefiner(tmp_path / "c.pt")


def test_the_refiner_moves_the_box_by_what_it_says(tmp_path: Path) -> None:
    still = refiner_saying((0.0, 0.0), tmp_path).refine(np.zeros((120, 120, 3), np.uint8),
                                                        BOX[None])
    assert sorted(map(tuple, still[0].round(3))) == sorted(map(tuple, BOX))
    moved = refiner_saying((0.08, 0.0), tmp_path).refine(np.zeros((120, 120, 3), np.uint8),
                                                         BOX[None])
    assert moved[0].mean(0) == pytest.approx(BOX.mean(0) + [4, 0], abs=1e-3)


class OneCard:
    def find(self, small: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return BOX[None] / 2, np.array([0.9], np.float32)  # found at half resolution


class Faces:
    names = (*CARD_NAMES, "other")

    def read(self, crops: np.ndarray) -> np.ndarray:
        p = np.zeros((len(crops), 32), np.float32)
        p[:, 0] = 1.0
        return p


def test_the_detector_reads_and_reports_the_refined_corners(tmp_path: Path) -> None:
    frame = np.zeros((120, 240, 3), np.uint8)  # 240 wide: the finder sees it at 640
    det = TwoStageDetector(OneCard(), Faces(), min_conf=0.05,  # type: ignore[arg-type]
                           corners=refiner_saying((0.08, 0.0), tmp_path)).detect(frame)
    assert np.asarray(det.data[CORNERS])[0].mean(0) == pytest.approx(
        BOX.mean(0) / 2 + [2, 0], abs=1e-3)


def test_the_refiner_learns(tmp_path: Path) -> None:
    """Boxes that all sit 0.05 of the crop left of their card: it learns the shift."""
    rng = np.random.default_rng(0)
    x = rng.integers(0, 255, (256, 72, 48, 3)).astype(np.uint8)
    x[:, 7:65, 7:46] = 255  # the card, drawn where the target says
    y = np.repeat((np.array(NOMINAL, np.float32) + [0.05, 0.0])[None], 256, axis=0)
    as_found = box_error(y)  # 0.05 of 48 px: 2.4 px
    cfg = CornerTraining(epochs=8, batch=16, lr=3e-3, threads=1)
    model = train_corners(x, y, cfg, val=(x[:64], y[:64]), report=lambda s: None)
    assert as_found == pytest.approx(2.4, abs=1e-3)
    assert pixel_error(model, x[:64], y[:64]) < 0.5 * as_found
