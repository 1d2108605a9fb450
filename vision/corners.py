"""Put a found card's corners where the card's own corners are, before it is read.

The finder sees the table at half resolution, so its oriented boxes sit a few pixels and
degrees off at full resolution, and on a stack they take in some of the card below.
Measured on 2,008 fully visible cards of 200 unseen tables (``data/eval_unseen``): the
face reader reads 99.4 % of them right along their true corners, but 97.6 % along the
finder's boxes - the boxes cost more than the reader's own errors. So each box is cut out
of the full-resolution frame a quarter larger, upright, and a small CNN (``CornerNet``)
says where in that crop the card's four corners lie; the card is then read along them.

>>> q = np.array([[10, 20], [50, 20], [50, 80], [10, 80]], np.float32)
>>> h = crop_homography(q)
>>> np.round(to_image(np.array(NOMINAL), h), 1).tolist() == q.tolist()
True
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import torch
from torch import nn

from vision.rectify import canonical_corners

CROP_SIZE = (48, 72)  # width, height of the refiner's input
EXPAND = 1.25  # the crop reaches this far beyond the box (a card the box cut short)
_M = (1 - 1 / EXPAND) / 2
NOMINAL = ((_M, _M), (1 - _M, _M), (1 - _M, 1 - _M), (_M, 1 - _M))  # the box in the crop


def crop_homography(quad: np.ndarray, size: tuple[int, int] = CROP_SIZE) -> np.ndarray:
    """3x3 map from crop coordinates in [0, 1]^2 to image pixels, for a box ``quad``."""
    q = canonical_corners(quad).astype(np.float32)
    return cv2.getPerspectiveTransform(np.array(NOMINAL, np.float32), q)


def to_image(points: np.ndarray, h: np.ndarray) -> np.ndarray:
    """Crop coordinates (N, 2) in [0, 1] -> image pixels."""
    p = np.asarray(points, np.float64).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(p, h).reshape(-1, 2).astype(np.float32)


def box_crop(image: np.ndarray, quad: np.ndarray, size: tuple[int, int] = CROP_SIZE
             ) -> tuple[np.ndarray, np.ndarray]:
    """The box and its surroundings, upright, as the refiner sees it, and its homography."""
    h = crop_homography(quad, size)
    w, ht = size
    scale = np.array([[w, 0, -0.5], [0, ht, -0.5], [0, 0, 1]])  # unit square -> pixels
    warp = scale @ np.linalg.inv(h)
    crop = cv2.warpPerspective(image, warp, (w, ht), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)
    return crop, h


def corner_targets(quad: np.ndarray, truth: np.ndarray) -> np.ndarray:
    """The true corners in the crop of ``quad`` (4, 2), in the box's corner order (the
    card's own corner nearest each box corner, keeping their order around the card)."""
    h = crop_homography(quad)
    inside = to_image(np.asarray(truth, np.float32), np.linalg.inv(h))
    t = canonical_corners(inside)
    nominal = np.array(NOMINAL, np.float32)
    shifts = [np.roll(t, -k, axis=0) for k in range(4)]
    return min(shifts, key=lambda s: float(np.abs(s - nominal).sum()))


class CornerNet(nn.Module):
    """A small CNN: crop -> the four corners' offsets from the box's, in crop units."""

    def __init__(self) -> None:
        super().__init__()

        def block(cin: int, cout: int) -> nn.Sequential:
            return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False),
                                 nn.BatchNorm2d(cout), nn.ReLU(inplace=True))

        self.features = nn.Sequential(
            block(3, 16), nn.MaxPool2d(2), block(16, 32), nn.MaxPool2d(2),
            block(32, 48), nn.MaxPool2d(2), block(48, 32),  # 6x9 at 48x72: where is kept
        )
        self.head = nn.Sequential(nn.Flatten(), nn.Linear(32 * 9 * 6, 128),
                                  nn.ReLU(inplace=True), nn.Linear(128, 8))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.features(x))


def to_input(crops: np.ndarray) -> torch.Tensor:
    x = torch.from_numpy(np.ascontiguousarray(crops)).permute(0, 3, 1, 2).float()
    return x / 127.5 - 1.0


class CornerRefiner:
    """Refined corners for the finder's boxes (``refine``); weights from ``train_corners``."""

    def __init__(self, path: Path) -> None:
        if not Path(path).exists():
            raise FileNotFoundError(f"no corner refiner at {path}")
        ckpt = torch.load(path, map_location="cpu", weights_only=False)
        self.model = CornerNet()
        self.model.load_state_dict(ckpt["state"])
        self.model.eval()

    def refine(self, image: np.ndarray, quads: np.ndarray) -> np.ndarray:
        """(N, 4, 2) boxes -> (N, 4, 2) corners, both in image pixels."""
        if len(quads) == 0:
            return np.asarray(quads, np.float32)
        cut = [box_crop(image, q) for q in quads]
        with torch.no_grad():
            off = self.model(to_input(np.stack([c for c, _ in cut]))).numpy().reshape(-1, 4, 2)
        nominal = np.array(NOMINAL, np.float32)
        return np.stack([to_image(nominal + o, h) for o, (_, h) in zip(off, cut, strict=True)])
