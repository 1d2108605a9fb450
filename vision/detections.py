"""The one container for detections everywhere after the detector: ``supervision.Detections``.

Conventions (so every stage, test and tool agrees):

- ``xyxy``: axis-aligned boxes in frame pixels; ``confidence``; ``class_id`` indexes the
  deck's class names (``engine.cards.CARD_NAMES`` for the printed deck).
- ``data["class_name"]``: the card string (``"pink-3"``, ``"joker"``).
- ``data["xyxyxyxy"]`` (optional): the card's four corners, shape (N, 4, 2), when known
  (oriented detector, rendered truth); supervision's own oriented-box field.
- ``data["class_probs"]`` (optional): each card's probabilities over the class names.

>>> d = card_detections(["pink-3"], [[10, 20, 40, 70]], [0.9])
>>> list(d.data["class_name"]), int(d.class_id[0])
(['pink-3'], 9)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import supervision as sv
from supervision.config import CLASS_NAME_DATA_FIELD, ORIENTED_BOX_COORDINATES

from engine.cards import CARD_NAMES

CLASS_NAME = CLASS_NAME_DATA_FIELD
CORNERS = ORIENTED_BOX_COORDINATES
CLASS_PROBS = "class_probs"  # (N, classes) face probabilities, when the detector gives them


def card_detections(
    names: Sequence[str],
    boxes: Sequence[Sequence[float]] | np.ndarray,
    confidence: Sequence[float] | np.ndarray | None = None,
    corners: Sequence[Sequence[Sequence[float]]] | np.ndarray | None = None,
    class_names: Sequence[str] = CARD_NAMES,
) -> sv.Detections:
    """Build detections by hand (tests, rendered truth, adapters)."""
    index = {n: i for i, n in enumerate(class_names)}
    unknown = [n for n in names if n not in index]
    if unknown:
        raise ValueError(f"unknown card class {unknown[0]!r}")
    n = len(names)
    xyxy = np.asarray(boxes, dtype=np.float32).reshape(n, 4)
    conf = np.ones(n, np.float32) if confidence is None else np.asarray(confidence, np.float32)
    data: dict[str, np.ndarray] = {CLASS_NAME: np.asarray(list(names), dtype=object)}
    if corners is not None:
        data[CORNERS] = np.asarray(corners, dtype=np.float32).reshape(n, 4, 2)
    return sv.Detections(
        xyxy=xyxy,
        confidence=conf,
        class_id=np.asarray([index[x] for x in names], dtype=int),
        data=data,
    )


def empty_detections() -> sv.Detections:
    return card_detections([], np.zeros((0, 4)))


def centres(d: sv.Detections) -> np.ndarray:
    """Card centres (N, 2): the mean of the corners when known, else the box centre."""
    if CORNERS in d.data and len(d):
        return np.asarray(d.data[CORNERS]).mean(axis=1)
    return d.get_anchors_coordinates(sv.Position.CENTER)


def box_iou(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """IoU of xyxy boxes ``a`` (N, 4) against ``b`` (M, 4) (supervision's, empty-safe)."""
    a = np.asarray(a, np.float64).reshape(-1, 4)
    b = np.asarray(b, np.float64).reshape(-1, 4)
    if len(a) == 0 or len(b) == 0:
        return np.zeros((len(a), len(b)))
    return np.asarray(sv.box_iou_batch(a, b))
