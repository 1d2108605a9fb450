"""Teach the detector a deck from labelled photos (a player's own printing).

Face reader: each labelled card becomes several upright crops: along its oriented box when
the labels have one, else along the oriented box the shipped finder puts on it (matched by
IoU), else along the labelled box itself. Cards the finder sees that nobody labelled are
``other``.

Corner refiner: only oriented labels say where a card's corners lie. Each labelled card
gives the surroundings of jittered boxes of it and of the finder's box on it, with its
labelled corners as the target (what ``recipe scenes --corners-per-card`` gives from
rendered truth).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.detections import box_iou
from vision.detector import FINDER_WIDTH, Finder, find_cards
from vision.evaluation import IMAGE_EXT
from vision.rectify import rectify
from vision.training.scenes import OTHER, _minrect, _quad_iou, corner_samples, jittered


@dataclass
class LabelledCard:
    class_id: int
    corners: np.ndarray  # (4, 2) pixels


def read_labels(label: Path, w: int, h: int) -> list[LabelledCard]:
    cards = []
    for line in label.read_text().splitlines() if label.exists() else []:
        parts = line.split()
        if not parts:
            continue
        vals = np.asarray(parts[1:], float)
        if len(vals) == 8:
            corners = vals.reshape(4, 2) * [w, h]
        elif len(vals) == 4:
            cx, cy, bw, bh = vals * [w, h, w, h]
            corners = np.array([[cx - bw / 2, cy - bh / 2], [cx + bw / 2, cy - bh / 2],
                                [cx + bw / 2, cy + bh / 2], [cx - bw / 2, cy + bh / 2]])
        else:
            raise ValueError(f"{label}: a label line has 5 or 9 numbers, not {len(parts)}")
        cards.append(LabelledCard(int(parts[0]), corners.astype(np.float32)))
    return cards


def _aligned(cards: list[LabelledCard]) -> bool:
    """Axis-aligned labels (from a detect dataset): their corners say nothing of the turn."""
    return all(abs(c.corners[0, 1] - c.corners[1, 1]) < 1e-3 for c in cards)


def _labelled(data: Path, split: str, img_path: Path, finder: Finder | None
              ) -> tuple[np.ndarray, list[LabelledCard], np.ndarray, np.ndarray]:
    """An image, its labelled cards (axis-aligned ones take the oriented box the finder
    puts on them), the finder's cards and their IoU with the labels."""
    image = cv2.imread(str(img_path))
    if image is None:
        raise ValueError(f"cannot read image {img_path}")
    h, w = image.shape[:2]
    label = data / "labels" / split / img_path.relative_to(
        data / "images" / split).with_suffix(".txt")
    cards = read_labels(label, w, h)
    found = np.zeros((0, 4, 2), np.float32)
    if finder is not None:
        found, _ = find_cards(finder, image)
    boxes = np.array([np.concatenate([c.corners.min(0), c.corners.max(0)]) for c in cards])
    fboxes = np.concatenate([found.min(1), found.max(1)], axis=1) if len(found) else \
        np.zeros((0, 4))
    iou = box_iou(boxes.reshape(-1, 4), fboxes)
    if cards and _aligned(cards) and len(found):
        for i, c in enumerate(cards):
            j = int(np.argmax(iou[i]))
            if iou[i, j] >= 0.5:
                c.corners = found[j]
    return image, cards, found, iou


def _images(data: Path, split: str) -> list[Path]:
    return sorted(p for p in (data / "images" / split).rglob("*") if p.suffix.lower()
                  in IMAGE_EXT)


def finder_teaching_set(data: Path, out: Path, finder: Finder | None,
                        width: int = FINDER_WIDTH) -> Path:
    """The labelled photos as a one-class oriented-box dataset for the finder, scaled to the
    finder's input width (its pixel scale at the table); returns its ``data.yaml``."""
    from vision.training.train_finder import finder_data_yaml

    for split in ("train", "val"):
        (out / split / "images").mkdir(parents=True, exist_ok=True)
        (out / split / "labels").mkdir(parents=True, exist_ok=True)
        for k, img_path in enumerate(_images(data, split)):
            image, cards, _, _ = _labelled(data, split, img_path, finder)
            h, w = image.shape[:2]
            small = cv2.resize(image, (width, round(h * width / w)), interpolation=cv2.INTER_AREA)
            cv2.imwrite(str(out / split / "images" / f"{k:05d}.jpg"), small)
            lines = [" ".join(["0", *(f"{v:.6f}" for v in
                                      np.clip(c.corners / [w, h], 0, 1).reshape(-1))])
                     for c in cards]
            (out / split / "labels" / f"{k:05d}.txt").write_text("\n".join(lines) + "\n")
    return finder_data_yaml([out / "train"], [out / "val"], out / "data.yaml")


def teaching_crops(
    data: Path,
    split: str,
    names: list[str],
    finder: Finder | None,
    crops_per_card: int = 8,
    seed: int = 0,
) -> tuple[np.ndarray, list[str]]:
    """Upright crops and their class names (deck names or ``other``) from one split."""
    rng = np.random.default_rng(seed)
    xs: list[np.ndarray] = []
    ys: list[str] = []
    for img_path in _images(data, split):
        image, cards, found, iou = _labelled(data, split, img_path, finder)
        for c in cards:
            for _ in range(crops_per_card):
                xs.append(rectify(image, _minrect(jittered(c.corners, rng, 0.04))))
                ys.append(names[c.class_id])
        for j in range(len(found)):
            if iou.shape[0] == 0 or iou[:, j].max() < 0.3:
                xs.append(rectify(image, found[j]))
                ys.append(OTHER)
    return (np.stack(xs) if xs else np.zeros((0, 72, 48, 3), np.uint8)), ys


def teaching_corner_samples(
    data: Path,
    split: str,
    finder: Finder | None,
    boxes_per_card: int = 2,
    seed: int = 0,
    match_iou: float = 0.3,
) -> tuple[np.ndarray, np.ndarray]:
    """Corner-refiner samples (crops, corners in crop units; see ``corner_samples``) from
    one split's oriented labels: ``boxes_per_card`` jittered boxes per labelled card, and
    each finder box on a labelled card (the label it overlaps most, by ``match_iou`` or
    more). Axis-aligned labels (a detect dataset) give none: they do not say where the
    corners lie."""
    from vision.corners import CROP_SIZE

    rng = np.random.default_rng(seed)
    xs: list[np.ndarray] = []
    ys: list[np.ndarray] = []
    for img_path in _images(data, split):
        image, cards, _, _ = _labelled(data, split, img_path, None)
        if not cards or _aligned(cards):
            continue
        found = find_cards(finder, image)[0] if finder is not None else []
        boxes, corners = [], []
        for c in cards:
            for _ in range(boxes_per_card):
                boxes.append(_minrect(jittered(c.corners, rng, 0.06)))
                corners.append(c.corners)
        for quad in found:
            overlap = [_quad_iou(quad, c.corners) for c in cards]
            k = int(np.argmax(overlap))
            if overlap[k] >= match_iou:
                boxes.append(quad)
                corners.append(cards[k].corners)
        if boxes:
            x, y = corner_samples(image, boxes, corners)
            xs.append(x)
            ys.append(y)
    if not xs:
        w, h = CROP_SIZE
        return np.zeros((0, h, w, 3), np.uint8), np.zeros((0, 4, 2), np.float32)
    return np.concatenate(xs), np.concatenate(ys)
