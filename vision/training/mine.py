"""Hard tiles for the card finder: the rendered tiles where the current finder misses a card.

A finder trained on thousands of printings still misses cards of some printings it never
saw (a green card as dark as a wooden table shows its edge in hue only). Rendering more of
the same mix spends most of an epoch on tiles the finder already gets right; mining keeps
every tile with a card the finder finds below ``hard_below`` and a random share of the rest
(so it does not forget them), and fine-tunes on that.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np


@dataclass(frozen=True)
class TileCheck:
    image: Path
    cards: int  # labelled cards in the tile
    missed: int  # of those, found below the threshold (or not at all)


def read_corners(label: Path, size: tuple[int, int]) -> np.ndarray:
    """The labelled cards' corners (N, 4, 2) in pixels of a tile ``size`` = (w, h), from a
    YOLO label file (``teach.read_labels``, which the teaching reads them with)."""
    from vision.training.teach import read_labels

    if not label.exists():  # (read_labels takes a photo without one as unlabelled)
        raise FileNotFoundError(f"no label file {label} for its tile")
    cards = read_labels(label, *size)
    return np.array([c.corners for c in cards], np.float32).reshape(-1, 4, 2)


def label_of(image: Path) -> Path:
    """The label file of a tile: ``labels/x.txt`` beside ``images/x.jpg``."""
    return image.parent.parent / "labels" / f"{image.stem}.txt"


def missed_cards(truth: np.ndarray, found: np.ndarray, conf: np.ndarray,
                 hard_below: float) -> int:
    """How many true cards (N, 4, 2) have no found box (M, 4, 2) of confidence
    ``hard_below`` or more whose centre lies within a third of the card's short side of
    theirs."""
    if len(truth) == 0:
        return 0
    sure = found[conf >= hard_below]
    if len(sure) == 0:
        return len(truth)
    centres, found_centres = truth.mean(1), sure.mean(1)
    sides = np.linalg.norm(truth - np.roll(truth, -1, axis=1), axis=2)
    near = sides.min(1) / 3
    dist = np.linalg.norm(centres[:, None] - found_centres[None], axis=2)
    return int((dist.min(1) > near).sum())


def check_tiles(model: str | Path, images: Sequence[Path], hard_below: float = 0.5,
                imgsz: int = 320, batch: int = 32) -> Iterator[TileCheck]:
    """Run the finder on each tile (``images/x.jpg`` with ``labels/x.txt`` beside it)."""
    os.environ.setdefault("YOLO_OFFLINE", "1")
    from ultralytics import YOLO

    yolo = YOLO(str(model), task="obb")
    for start in range(0, len(images), batch):
        chunk = list(images[start:start + batch])
        for path, res in zip(chunk, yolo.predict([str(p) for p in chunk], imgsz=imgsz,
                                                conf=0.01, verbose=False, device="cpu"),
                             strict=True):
            h, w = res.orig_shape
            truth = read_corners(label_of(path), (w, h))
            if res.obb is None or len(res.obb) == 0:
                found, conf = np.zeros((0, 4, 2), np.float32), np.zeros(0, np.float32)
            else:
                found = res.obb.xyxyxyxy.cpu().numpy().astype(np.float32)
                conf = res.obb.conf.cpu().numpy().astype(np.float32)
            yield TileCheck(path, len(truth), missed_cards(truth, found, conf, hard_below))


def keep_tiles(checks: Sequence[TileCheck], easy_share: float,
               rng: np.random.Generator) -> list[TileCheck]:
    """Every tile with a missed card, and ``easy_share`` of the others drawn at random."""
    return [c for c in checks if c.missed or rng.random() < easy_share]


def link_tiles(tiles: Sequence[TileCheck], out: Path) -> None:
    """An ``images/`` + ``labels/`` folder of links to the kept tiles (nothing copied)."""
    for sub in ("images", "labels"):
        (out / sub).mkdir(parents=True, exist_ok=True)
    for t in tiles:
        label = label_of(t.image)
        for src, dst in ((t.image, out / "images" / t.image.name),
                         (label, out / "labels" / label.name)):
            if dst.is_symlink() or dst.exists():
                dst.unlink()
            dst.symlink_to(src.resolve())
