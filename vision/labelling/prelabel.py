"""Pre-label photos with the current detector so that a person only corrects (``passt label``).

``prelabel(photos, out, detector)`` runs the detector on every image under ``photos`` and
writes (atomically, like the importer)::

    out/images/                 the photos (hard links where possible, else copies)
    out/labels/<name>.txt       YOLO detect lines ``c cx cy w h`` (ids: CARD_NAMES)
    out/labels_obb/<name>.txt   YOLO OBB lines ``c x1 y1 .. x4 y4`` (the card corners)
    out/classes.txt             the class names, one a line (LabelImg, YOLO importers)
    out/labelstudio_tasks.json  Label Studio tasks with the guesses as predictions
    out/labelstudio_config.xml  the matching labelling interface (rotatable rectangles)
    out/report.json             counts, the model version, unreadable photos

Each prediction is a ``rectanglelabels`` region in percent with the rotation taken from the
card's corners (canonical order: the rectangle's width is the card's short side), the
detection's confidence as ``score`` and ``model_version``. Tasks point at
``/data/local-files/?d=images/<name>``: start Label Studio with
``LABEL_STUDIO_LOCAL_FILES_SERVING_ENABLED=true`` and
``LABEL_STUDIO_LOCAL_FILES_DOCUMENT_ROOT=<out>``, add a Local Storage for ``<out>/images``
(or pass another ``url_prefix``). After correcting, export "JSON" and run
``passt dataset import export.json --format labelstudio --images <out>/images --out DIR``.

Unreadable photos are listed (report and return value) and skipped, never fatal.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import supervision as sv

from engine.cards import CARD_NAMES
from vision.detections import CLASS_NAME, CORNERS
from vision.labelling.importer import (
    Label,
    check_out,
    decode_image,
    label_lines,
    list_images,
    ls_rectangle,
    publish,
    unique_stems,
)
from vision.rectify import canonical_corners

FROM_NAME, TO_NAME = "label", "image"
DEFAULT_URL_PREFIX = "/data/local-files/?d="


@dataclass(frozen=True)
class Guess:
    """One detected card: its class name, pixel corners (4, 2) and confidence."""

    name: str
    corners: np.ndarray
    score: float


@dataclass
class PhotoResult:
    photo: Path
    stem: str
    width: int
    height: int
    guesses: list[Guess]


@dataclass
class PrelabelResult:
    photos: list[PhotoResult] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)
    unknown_classes: dict[str, int] = field(default_factory=dict)

    @property
    def cards(self) -> int:
        return sum(len(p.guesses) for p in self.photos)


def guesses(detections: sv.Detections, conf: float) -> tuple[list[Guess], list[str]]:
    """The detections at or above ``conf`` as guesses, and the names that are not cards."""
    names = detections.data.get(CLASS_NAME)
    corners = detections.data.get(CORNERS)
    out, unknown = [], []
    for i in range(len(detections)):
        score = float(detections.confidence[i]) if detections.confidence is not None else 1.0
        name = str(names[i]) if names is not None else _id_name(detections, i)
        if score < conf:
            continue
        if name not in CARD_NAMES:
            unknown.append(name)
            continue
        out.append(Guess(name, _corners(detections, corners, i), score))
    return out, unknown


def _id_name(detections: sv.Detections, i: int) -> str:
    ids = detections.class_id
    return CARD_NAMES[int(ids[i])] if ids is not None else "?"


def _corners(detections: sv.Detections, corners: Any, i: int) -> np.ndarray:
    if corners is not None:
        return canonical_corners(np.asarray(corners[i], np.float32)).astype(float)
    x0, y0, x1, y1 = (float(v) for v in detections.xyxy[i])
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], float)


def yolo_labels(photo: PhotoResult) -> tuple[list[str], list[str]]:
    """(detect lines, OBB lines) of one photo."""
    size = np.array([photo.width, photo.height], float)
    labels = [Label(g.name, np.clip(g.corners / size, 0.0, 1.0)) for g in photo.guesses]
    return label_lines(labels, "detect"), label_lines(labels, "obb")


def labelstudio_task(photo: PhotoResult, image_ref: str, model_version: str) -> dict[str, Any]:
    """One Label Studio task with the guesses as a prediction."""
    results = []
    for k, g in enumerate(photo.guesses):
        value: dict[str, Any] = {**ls_rectangle(g.corners, photo.width, photo.height),
                                 "rectanglelabels": [g.name]}
        results.append({"id": f"r{k}", "type": "rectanglelabels", "from_name": FROM_NAME,
                        "to_name": TO_NAME, "original_width": photo.width,
                        "original_height": photo.height, "image_rotation": 0,
                        "value": value, "score": round(g.score, 4)})
    score = float(np.mean([g.score for g in photo.guesses])) if photo.guesses else 0.0
    return {"data": {TO_NAME: image_ref},
            "predictions": [{"model_version": model_version, "score": round(score, 4),
                             "result": results}]}


def labelstudio_config(names: Sequence[str] = CARD_NAMES) -> str:
    """The labelling interface matching the tasks (paste into the project's settings)."""
    labels = "\n".join(f'    <Label value="{n}"/>' for n in names)
    return (f'<View>\n  <Image name="{TO_NAME}" value="$image" zoom="true"/>\n'
            f'  <RectangleLabels name="{FROM_NAME}" toName="{TO_NAME}" canRotate="true">\n'
            f"{labels}\n  </RectangleLabels>\n</View>\n")


def detect_photos(photos: Sequence[Path], root: Path, detector: Any,
                  conf: float) -> PrelabelResult:
    """Run the detector on each photo; unreadable ones are listed, not fatal."""
    result = PrelabelResult()
    stems = unique_stems([str(p) for p in photos], [p.stem for p in photos])
    for photo in photos:
        try:
            _, image = decode_image(photo)
        except OSError:
            image = None
        if image is None:
            result.unreadable.append(photo.relative_to(root).as_posix())
            continue
        found, unknown = guesses(detector.detect(image), conf)
        for name in unknown:
            result.unknown_classes[name] = result.unknown_classes.get(name, 0) + 1
        h, w = image.shape[:2]
        result.photos.append(PhotoResult(photo, stems[str(photo)], w, h, found))
    return result


def _link_or_copy(src: Path, dst: Path) -> None:
    try:
        os.link(src, dst)
    except OSError:
        shutil.copyfile(src, dst)


def write_prelabels(tmp: Path, result: PrelabelResult, model_version: str,
                    url_prefix: str) -> None:
    for sub in ("images", "labels", "labels_obb"):
        (tmp / sub).mkdir()
    tasks = []
    for photo in result.photos:
        name = photo.stem + photo.photo.suffix.lower()
        _link_or_copy(photo.photo, tmp / "images" / name)
        detect, obb = yolo_labels(photo)
        (tmp / "labels" / f"{photo.stem}.txt").write_text("".join(f"{x}\n" for x in detect))
        (tmp / "labels_obb" / f"{photo.stem}.txt").write_text("".join(f"{x}\n" for x in obb))
        tasks.append(labelstudio_task(photo, f"{url_prefix}images/{name}", model_version))
    (tmp / "labelstudio_tasks.json").write_text(json.dumps(tasks, indent=1) + "\n")
    (tmp / "labelstudio_config.xml").write_text(labelstudio_config())
    (tmp / "classes.txt").write_text("".join(f"{n}\n" for n in CARD_NAMES))


def prelabel(photos_dir: Path | str, out: Path | str, detector: Any, *, model_version: str,
             conf: float = 0.3, force: bool = False,
             url_prefix: str = DEFAULT_URL_PREFIX) -> dict[str, Any]:
    """Pre-label every image under ``photos_dir`` into ``out``; returns the report.

    ``detector``: anything with ``detect(frame_bgr) -> supervision.Detections``.
    """
    photos_dir, out = Path(photos_dir), Path(out)
    if not photos_dir.is_dir():
        raise FileNotFoundError(f"no such folder: {photos_dir}")
    check_out(out, force, [photos_dir])
    photos = list_images(photos_dir, exclude=out)
    if not photos:
        raise ValueError(f"no images in {photos_dir}")
    result = detect_photos(photos, photos_dir, detector, conf)
    report = {"photos": len(photos), "labelled": len(result.photos), "cards": result.cards,
              "empty": sum(not p.guesses for p in result.photos), "conf": conf,
              "model_version": model_version, "unreadable": result.unreadable,
              "unknown_classes": result.unknown_classes}

    def fill(tmp: Path) -> None:
        write_prelabels(tmp, result, model_version, url_prefix)
        (tmp / "report.json").write_text(json.dumps(report, indent=2) + "\n")

    publish(out, fill)
    return report


def model_version(*paths: Path) -> str:
    """``name@sha1[:8]`` of each model file, joined with ``+``."""
    parts = []
    for p in paths:
        digest = hashlib.sha1(p.read_bytes()).hexdigest()[:8] if p.is_file() else "?"
        parts.append(f"{p.name}@{digest}")
    return "+".join(parts)
