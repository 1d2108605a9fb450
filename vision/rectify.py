"""Cut one card out of a frame, upright, from its four corners (rendered truth or an OBB).

An oriented box does not know which short side is the card's top, so the crop is upright
up to a half turn; the face classifier is trained to read both.
"""

from __future__ import annotations

import cv2
import numpy as np

FACE_SIZE = (48, 72)  # width, height of a rectified card for the classifier


def canonical_corners(corners: np.ndarray) -> np.ndarray:
    """Reorder four corners (any order around the box) so that 0->1 is a short side.

    The result runs TL, TR, BR, BL of a portrait card (up to a half turn).
    """
    pts = np.asarray(corners, np.float32).reshape(4, 2)
    centre = pts.mean(axis=0)
    ang = np.arctan2(pts[:, 1] - centre[1], pts[:, 0] - centre[0])
    pts = pts[np.argsort(ang)]  # clockwise in image coordinates (y down)
    if np.linalg.norm(pts[1] - pts[0]) > np.linalg.norm(pts[2] - pts[1]):
        pts = np.roll(pts, -1, axis=0)
    return pts


def rectify(image: np.ndarray, corners: np.ndarray, size: tuple[int, int] = FACE_SIZE,
            canonical: bool = True) -> np.ndarray:
    """The card warped upright to ``size`` (w, h)."""
    src = canonical_corners(corners) if canonical else np.asarray(corners, np.float32)
    w, h = size
    dst = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32) - 0.5
    m = cv2.getPerspectiveTransform(src.astype(np.float32), dst)
    return cv2.warpPerspective(image, m, (w, h), flags=cv2.INTER_AREA,
                               borderMode=cv2.BORDER_REPLICATE)
