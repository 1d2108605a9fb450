"""The card detector: a YOLO card finder plus a face classifier on upright crops.

Finding cards is easy and telling 31 faces apart is the slow part to learn (measured
before this design: a 31-class YOLO reached mAP50 0.25 after 40 CPU minutes, a one-class
finder 0.97 in 6 epochs). So the job is split: a one-class oriented-box YOLO finds each
card in the frame scaled to 640 px wide; each card is cut out of the full-resolution frame
along its oriented box, turned upright, and a small CNN reads its face (or says ``other``:
a card of another game, a reminder card, a back). Teaching a new deck retrains only the
small CNN, in minutes.

``detect(frame)`` returns the project's one detections container (``vision.detections``)
with ``data["class_probs"]``: each card's probabilities over the deck's classes, which the
tracker uses as priors for unsure reads (pink or red).

Between the two, when a corner refiner is shipped (``models/card_corners.pt``,
``vision/corners.py``), each box is moved onto the card's own corners at full resolution:
the finder's half-resolution boxes cost the reader more than its own errors.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import cv2
import numpy as np
import supervision as sv
from numpy.typing import ArrayLike

from engine.cards import CARD_NAMES
from vision.detections import (
    CLASS_NAME,
    CLASS_PROBS,
    CORNERS,
    card_detections,
    empty_detections,
)
from vision.ink import INK, inks_of
from vision.rectify import rectify

if TYPE_CHECKING:
    from vision.corners import CornerRefiner

MODELS = Path(__file__).resolve().parent.parent / "models"
# the fastest runtime that reads the same cards as PyTorch (bench/detector.py): ONNX
# Runtime (OpenVINO is a little faster but read 27/30 demo frames the same with v2)
DEFAULT_FINDER = MODELS / "card_finder.onnx"
DEFAULT_FACES = MODELS / "card_faces.pt"
DEFAULT_CORNERS = MODELS / "card_corners.pt"  # optional: without it, boxes are read as found
FINDER_WIDTH = 640
FINDER_CONF = 0.2  # the finder's own threshold (measured best: passt eval --conf)
# the finder looks at the frame as it is and moved by 6 px each way (at its 640 px scale):
# its confidence in one card jumps with a few pixels' shift (a green card on a dark cloth
# 0.014 as it lies, 0.33 moved 4 px down, 0.68 20 px), so two looks miss fewer cards
FINDER_SHIFTS: tuple[tuple[int, int], ...] = ((0, 0), (6, 6))
CLOSE_CONF = 0.005  # both thresholds of a closer look (a reveal short of its count, a discard
# pile not read); what it adds is taken only at REVEAL_CONF or read surely (vision/table_view)
FOUND = "found"  # detections' field: the finder's own confidence in each card's box
MIN_CONF = 0.05  # finder confidence x face probability a card must reach (the table
# view keeps only cards of 0.25 and more for the game state)
SAME_CARD_IOU = 0.7  # two refined boxes overlapping this much are one card found twice,
SAME_FACE_IOU = 0.5  # and this much when they read the same face: in rendered tables the
# cards labelled (40 % visible or more) overlap far less (tests/vision/test_detector.py)


class CardDetector(Protocol):
    def detect(self, frame: np.ndarray) -> sv.Detections: ...


class Finder:
    """The one-class oriented-box YOLO (.pt, .onnx or an OpenVINO folder), via Ultralytics."""

    def __init__(self, path: Path, conf: float = 0.3, imgsz: int = FINDER_WIDTH,
                 shifts: Sequence[tuple[int, int]] = ((0, 0),), same_iou: float = 0.5
                 ) -> None:
        """``shifts``: look at the frame moved by each (dx, dy) pixels and take every card
        found (one box per card: oriented-box NMS at ``same_iou``)."""
        os.environ.setdefault("YOLO_OFFLINE", "1")
        from ultralytics import YOLO

        if not Path(path).exists():
            raise FileNotFoundError(f"no card finder model at {path}")
        self.model = YOLO(str(path), task="obb")
        self.conf, self.imgsz = conf, imgsz
        self.shifts, self.same_iou = tuple(shifts), same_iou

    def find(self, small: np.ndarray, conf: float | None = None
             ) -> tuple[np.ndarray, np.ndarray]:
        """Corners (N, 4, 2) and confidences of the cards in an already-scaled frame
        (``conf``: another threshold than the finder's own)."""
        found = [self._find(shifted(small, dx, dy), conf) for dx, dy in self.shifts]
        corners = np.concatenate([f[0] - np.array(d, np.float32)
                                  for f, d in zip(found, self.shifts, strict=True)])
        scores = np.concatenate([f[1] for f in found])
        if len(self.shifts) > 1 and len(scores) > 1:
            keep = sv.oriented_box_non_max_suppression(
                np.concatenate([corners.min(1), corners.max(1), scores[:, None]], 1),
                corners, self.same_iou)
            corners, scores = corners[keep], scores[keep]
        return corners, scores

    def _find(self, small: np.ndarray, conf: float | None) -> tuple[np.ndarray, np.ndarray]:
        res = self.model.predict(small, imgsz=self.imgsz, conf=self.conf if conf is None else conf,
                                 verbose=False, device="cpu")[0]
        if res.obb is None or len(res.obb) == 0:
            return np.zeros((0, 4, 2), np.float32), np.zeros(0, np.float32)
        return (res.obb.xyxyxyxy.cpu().numpy().astype(np.float32),
                res.obb.conf.cpu().numpy().astype(np.float32))


def shifted(image: np.ndarray, dx: int, dy: int) -> np.ndarray:
    """``image`` moved right by ``dx`` and down by ``dy`` pixels (edges repeated), same size."""
    if dx == 0 and dy == 0:
        return image
    h, w = image.shape[:2]
    return cv2.copyMakeBorder(image, dy, 0, dx, 0, cv2.BORDER_REPLICATE)[:h, :w]


def find_cards(finder: Finder, frame: np.ndarray, width: int = FINDER_WIDTH,
               conf: float | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Run the finder on ``frame`` scaled to ``width`` px; corners come back in frame pixels."""
    h, w = frame.shape[:2]
    scale = width / w
    small = frame if scale >= 1 else cv2.resize(
        frame, (width, round(h * scale)), interpolation=cv2.INTER_AREA)
    corners, found = finder.find(small) if conf is None else finder.find(small, conf)
    return corners / min(scale, 1.0), found


class FaceReader:
    """The face classifier: upright crops -> probabilities over its class names."""

    def __init__(self, path: Path, half_turns: bool = True) -> None:
        import torch

        from vision.training.face_net import load_face_net

        if not Path(path).exists():
            raise FileNotFoundError(f"no face classifier at {path}")
        self.torch = torch
        self.model, self.names, self.meta = load_face_net(Path(path))
        self.half_turns = half_turns  # average the reading of the crop and its half turn

    def read(self, crops: np.ndarray) -> np.ndarray:
        from vision.training.face_net import to_batch

        if len(crops) == 0:
            return np.zeros((0, len(self.names)), np.float32)
        with self.torch.no_grad():
            x = to_batch(crops, self.model.input_size)
            probs = self.torch.softmax(self.model(x), 1)
            if self.half_turns:  # an oriented box does not know the card's top: read both
                turned = self.torch.flip(x, dims=(2, 3))
                probs = (probs + self.torch.softmax(self.model(turned), 1)) / 2
            return probs.numpy()


class TwoStageDetector:
    def __init__(self, finder: Finder, faces: FaceReader, min_conf: float = 0.25,
                 finder_width: int = FINDER_WIDTH, corners: CornerRefiner | None = None,
                 same_card_iou: float | None = SAME_CARD_IOU,
                 same_face_iou: float | None = SAME_FACE_IOU) -> None:
        self.finder, self.faces, self.corners = finder, faces, corners
        self.min_conf, self.finder_width = min_conf, finder_width
        self.same_card_iou = same_card_iou  # None: keep every box
        self.same_face_iou = same_face_iou
        self.class_names: Sequence[str] = [n for n in faces.names if n != "other"]
        unknown = set(self.class_names) - set(CARD_NAMES)
        self._deck_names = CARD_NAMES if not unknown else tuple(self.class_names)

    def find(self, frame: np.ndarray, conf: float | None = None
             ) -> tuple[np.ndarray, np.ndarray]:
        """Card corners (N, 4, 2) in frame pixels and the finder's confidences."""
        return find_cards(self.finder, frame, self.finder_width, conf)

    def detect(self, frame: np.ndarray) -> sv.Detections:
        return self._detect(frame, None, self.min_conf)

    def detect_down_to(self, frame: np.ndarray, conf: float) -> sv.Detections:
        """Every card down to ``conf`` for the finder and the card, for a precision-recall
        curve. The finder's own confidence of each is in ``data[FOUND]``: those with
        ``FOUND >= finder.conf`` and ``confidence >= min_conf`` are what :meth:`detect`
        gives: where two boxes lie on one card, one kept by :meth:`detect` is kept here too."""
        return self._detect(frame, conf, conf, acting_first=True)

    @property
    def operating_point(self) -> tuple[float, float]:
        """The finder's threshold and the card's (finder x face) that :meth:`detect` uses."""
        return self.finder.conf, self.min_conf

    def look_closer(self, frame: np.ndarray) -> sv.Detections:
        """The cards of ``frame`` down to :data:`CLOSE_CONF` for the finder and the card:
        for a round's reveal that is short of the cards the referee counted (a card laid
        face up in a row of others that the finder is unsure of)."""
        return self._detect(frame, CLOSE_CONF, CLOSE_CONF)

    def _detect(self, frame: np.ndarray, finder_conf: float | None, min_conf: float,
                acting_first: bool = False) -> sv.Detections:
        corners, found = self.find(frame, finder_conf)
        if len(corners) == 0:
            return empty_detections()
        if self.corners is not None:
            corners = self.corners.refine(frame, corners)
        crops = np.stack([rectify(frame, c) for c in corners])
        probs = self.faces.read(crops)
        best = probs.argmax(1)
        names = [self.faces.names[i] for i in best]
        conf = found * probs.max(1)
        keep = np.array([n != "other" for n in names]) & (conf >= min_conf)
        if keep.sum() > 1:
            # a box below the operating point may read surer than one above it on the same
            # card (a weaker box, a clearer crop): the one :meth:`detect` keeps goes first
            rank = conf + acted_on(found, conf, self.operating_point) if acting_first else conf
            keep[keep] = one_box_per_card(corners[keep], rank[keep], best[keep],
                                          self.same_card_iou, self.same_face_iou)
        if not keep.any():
            return empty_detections()
        deck_idx = [self.faces.names.index(n) for n in self._deck_names]
        deck_probs = probs[:, deck_idx]
        boxes = np.concatenate([corners.min(1), corners.max(1)], axis=1)
        det = card_detections(
            [n for n, k in zip(names, keep, strict=True) if k],
            boxes[keep],
            conf[keep],
            corners[keep],
            class_names=self._deck_names,
        )
        det.data[CLASS_PROBS] = deck_probs[keep].astype(np.float32)
        det.data[INK] = inks_of(crops[keep])
        det.data[FOUND] = found[keep].astype(np.float32)
        return det


def acted_on(found: ArrayLike, conf: ArrayLike, point: tuple[float, float]) -> np.ndarray:
    """Which cards a detector acts on at its operating ``point`` (finder, card): found at
    the finder's threshold or surer, and read at the card's threshold or surer."""
    return (np.asarray(found) >= point[0]) & (np.asarray(conf) >= point[1])


def one_box_per_card(corners: np.ndarray, conf: np.ndarray, faces: np.ndarray,
                     iou: float | None, same_face_iou: float | None) -> np.ndarray:
    """Which boxes to keep when the finder put two on one card: its own suppression works
    on its half-resolution boxes, which can differ in angle or size on a turned card; once
    the refiner has put both on the card's corners they overlap almost wholly (``iou``), or
    well, reading the same face (``same_face_iou``), as a box too long does that reaches
    over a neighbour. The surer reading stays. (Measured in rendered games: a hand card read
    twice counted twice in a reveal; a too-long box merged two stacks into one pile.)"""
    scores = np.concatenate([corners.min(1), corners.max(1), conf[:, None],
                             np.asarray(faces, np.float64)[:, None]], axis=1)
    keep = np.ones(len(corners), bool)
    for threshold, columns in ((same_face_iou, 6), (iou, 5)):
        if threshold is not None and keep.sum() > 1:
            idx = np.flatnonzero(keep)
            keep[idx] = sv.oriented_box_non_max_suppression(
                scores[idx, :columns], corners[idx], threshold)
    return keep


def shifts_arg(text: str | None) -> dict[str, tuple[tuple[int, int], ...]]:
    """``load_detector`` keywords from a command line's ``--finder-shifts``: ``none`` (one
    look), or moves like ``0,0;6,6`` (None: the default)."""
    if text is None:
        return {}
    if text.strip().lower() == "none":
        return {"finder_shifts": ((0, 0),)}
    try:
        moves = tuple((int(a), int(b)) for a, b in (m.split(",") for m in text.split(";")))
    except ValueError as e:
        raise ValueError(f"finder shifts are 'none' or moves like '0,0;6,6', not {text!r}") from e
    return {"finder_shifts": moves}


def iou_or_none(text: str) -> float | None:
    """A command line's ``--same-card-iou`` or ``--same-face-iou``: an IoU in (0, 1], or
    ``none`` (keep every box)."""
    if text.strip().lower() == "none":
        return None
    value = float(text)
    if not 0 < value <= 1:
        raise ValueError(f"an IoU is in (0, 1], not {value}")
    return value


def one_box_settings(same_card: str | None, same_face: str | None
                     ) -> dict[str, float | None]:
    """``load_detector`` keywords from a command line's two options (None: the default)."""
    out: dict[str, float | None] = {}
    if same_card is not None:
        out["same_card_iou"] = iou_or_none(same_card)
    if same_face is not None:
        out["same_face_iou"] = iou_or_none(same_face)
    return out


def load_detector(finder: Path | str | None = None, faces: Path | str | None = None,
                  conf: float = FINDER_CONF, min_conf: float = MIN_CONF,
                  warm_up: bool = True, half_turns: bool = True,
                  corners: Path | str | None = None,
                  same_card_iou: float | None = SAME_CARD_IOU,
                  same_face_iou: float | None = SAME_FACE_IOU,
                  finder_shifts: Sequence[tuple[int, int]] = FINDER_SHIFTS
                  ) -> TwoStageDetector:
    """The shipped detector (``models/``), or other weights for any stage (``corners``:
    a corner refiner's weights, ``"none"`` to read the finder's boxes as found).

    ``finder_shifts``: the (dx, dy) moves of the frame the finder looks at (see
    :data:`FINDER_SHIFTS`; ``((0, 0),)``: one look).

    ``warm_up`` runs it once on a blank frame: the first call of a runtime is slow (seconds),
    and a live table must not lose its first seconds (a round's start) to it.
    """
    refiner = None
    if str(corners) != "none" and (corners is not None or DEFAULT_CORNERS.exists()):
        from vision.corners import CornerRefiner

        refiner = CornerRefiner(Path(corners or DEFAULT_CORNERS))
    det = TwoStageDetector(Finder(Path(finder or DEFAULT_FINDER), conf=conf,
                                  shifts=finder_shifts),
                           FaceReader(Path(faces or DEFAULT_FACES), half_turns),
                           min_conf=min_conf, corners=refiner, same_card_iou=same_card_iou,
                           same_face_iou=same_face_iou)
    if warm_up:
        det.detect(np.zeros((720, 1280, 3), np.uint8))
    return det


__all__ = ["CLASS_NAME", "CLASS_PROBS", "CORNERS", "FOUND", "CardDetector",
           "TwoStageDetector", "load_detector"]
