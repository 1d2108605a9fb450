"""Labels and crops of a rendered frame in Ultralytics formats.

``detect``: ``class cx cy w h`` (normalized) of the card's whole (amodal) box clipped to the
frame; ``obb``: ``class x1 y1 x2 y2 x3 y3 x4 y4`` (normalized, clipped to [0, 1]) of the
upright TL, TR, BR, BL corners. Crops are rectified upright faces for a classifier.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.render.truth import CardTruth

CROP_SIZE = (64, 96)  # width, height


def label_lines(truths: list[CardTruth], width: int, height: int, fmt: str) -> list[str]:
    out = []
    for t in truths:
        if not t.labelled:
            continue
        if fmt == "obb":
            pts = [f"{min(max(x / width, 0.0), 1.0):.6f} {min(max(y / height, 0.0), 1.0):.6f}"
                   for x, y in t.corners]
            out.append(f"{t.class_id} " + " ".join(pts))
        elif fmt == "detect":
            x0, y0, x1, y1 = t.box(width, height)
            out.append(f"{t.class_id} {(x0 + x1) / 2 / width:.6f} {(y0 + y1) / 2 / height:.6f} "
                       f"{(x1 - x0) / width:.6f} {(y1 - y0) / height:.6f}")
        else:
            raise ValueError(f"unknown label format {fmt!r} (expected detect or obb)")
    return out


def crop_card(image: np.ndarray, corners: list[list[float]],
              size: tuple[int, int] = CROP_SIZE) -> np.ndarray:
    """The card rectified upright to ``size`` (w, h) from its TL, TR, BR, BL image corners."""
    w, h = size
    dst = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32) - 0.5
    m = cv2.getPerspectiveTransform(np.asarray(corners, np.float32), dst)
    return cv2.warpPerspective(image, m, (w, h), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_CONSTANT)
