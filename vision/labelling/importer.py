"""Labelled card photos (YOLO, COCO, Label Studio) -> one checked, clean Ultralytics dataset.

``import_dataset(src, out, fmt)`` (``passt dataset import``) reads the labels, checks every
file and writes::

    out/data.yaml           names = engine.cards.CARD_NAMES in order, label_format: detect|obb
    out/images/{train,val}/ the images, copied byte for byte
    out/labels/{train,val}/ one .txt per image (empty for a photo without cards)
    out/report.json         boxes per class and split, images per split, skipped files and why

Label format: ``obb`` (``c x1 y1 x2 y2 x3 y3 x4 y4``, normalized corners) when any input box
is oriented (a YOLO OBB line, a Label Studio rectangle with a rotation), else ``detect``
(``c cx cy w h``); ``label_format`` forces either. In an obb dataset an axis-aligned box is
written as its four corners, in a detect dataset an oriented one as its enclosing box.

Inputs:

- ``yolo``: a folder with ``images/`` and ``labels/`` (any depth: ``images/train/a.jpg`` ->
  ``labels/train/a.txt``; a ``.txt`` beside the image also counts), or a ``data.yaml`` whose
  train/val/test name image folders. Class ids index ``classes``, else the yaml's ``names``,
  else a ``classes.txt``, else ``CARD_NAMES``. Lines: ``c cx cy w h`` or ``c x1 y1 .. x4 y4``.
- ``coco``: an instances JSON (``bbox`` in pixels; category names must be card names) and
  the image folder (``images``, else found beside the JSON).
- ``labelstudio``: a full JSON export; ``rectanglelabels`` in percent with an optional
  rotation (degrees clockwise about the rectangle's top-left corner). Images are found by
  file name under ``images`` (default: the JSON's folder), also for ``/data/upload/3/
  1a2b3c4d-photo.jpg`` (upload prefix dropped) and ``/data/local-files/?d=...`` paths. A
  task's last non-cancelled annotation counts; a task with none falls back to its
  predictions (counted as ``from_predictions`` in the report: nobody checked those).

Class names are read loosely (``Pink_3``, ``pink 3`` -> ``pink-3``). Checks, each problem
naming the file and the reason: an image that cannot be read (or is missing), an unknown
class, a box outside the image (more than ``RANGE_SLACK`` of the image beyond an edge;
smaller overhangs are clipped), a degenerate box (a side under ``MIN_SIDE_PX`` pixels), a
malformed label, a file whose content duplicates an earlier one (the first is kept). Any
problem aborts with all of them listed and nothing written, unless ``skip_bad``: then every
file with a problem is left out whole (one bad box would teach its card as background) and
listed in ``report.json``.

Nothing is half-written: the dataset is built in a hidden folder next to ``out`` and renamed
at the end; an existing non-empty ``out`` is refused unless ``force``. The train/val split
is a shuffle of the files sorted by source name, seeded: the same input and seed give the
same split.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import re
import shutil
import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlparse

import cv2
import numpy as np
import yaml

from engine.cards import CARD_NAMES

FORMATS = ("yolo", "coco", "labelstudio")
LABEL_FORMATS = ("auto", "detect", "obb")
IMAGE_SUFFIXES = frozenset(
    {".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff", ".heic", ".heif", ".gif"})
RANGE_SLACK = 0.05  # a box may overhang an edge by this fraction of the image (then clipped)
MIN_SIDE_PX = 2.0
SPLITS = ("train", "val")
_UPLOAD_PREFIX = re.compile(r"^[0-9a-f]{8}-(.+)$")


# ---------------------------------------------------------------------------- data


@dataclass(frozen=True)
class RawBox:
    """One box as a format gives it, before the image size is known.

    ``kind``: ``norm`` (four corners, normalized), ``pixel`` (four corners in pixels) or
    ``ls`` (Label Studio: x, y, width, height in percent, rotation in degrees).
    """

    name: str
    kind: str
    values: tuple[float, ...]
    oriented: bool
    where: str  # "line 3", "annotation 17": where in the label file, for messages


@dataclass
class Entry:
    """One image and its raw boxes as read from the source, with problems found so far."""

    image: Path | None
    source: str  # the name shown to the user (relative to the source)
    boxes: list[RawBox] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    from_predictions: bool = False
    size: tuple[int, int] | None = None  # (width, height) the labels claim (COCO)


@dataclass(frozen=True)
class Label:
    name: str
    corners: np.ndarray  # (4, 2) normalized to [0, 1]


@dataclass(frozen=True)
class Sample:
    """A checked image, ready to write."""

    image: Path
    source: str
    labels: tuple[Label, ...]
    oriented: bool
    digest: str
    from_predictions: bool = False


@dataclass(frozen=True)
class Problem:
    file: str
    reason: str

    def __str__(self) -> str:
        return f"{self.file}: {self.reason}"


class DatasetError(ValueError):
    """Problems in the input; the message lists every one of them."""

    def __init__(self, problems: Sequence[Problem], source: Path | str) -> None:
        self.problems = list(problems)
        lines = "\n".join(f"  {p}" for p in self.problems)
        super().__init__(
            f"{len(self.problems)} problem(s) in {source}; nothing was written "
            f"(fix them, or pass --skip-bad to leave those files out):\n{lines}")


def card_name(text: object) -> str:
    """A class name read loosely: ``" Pink_3"`` -> ``"pink-3"`` (not checked)."""
    return re.sub(r"[\s_]+", "-", str(text).strip().lower())


# ---------------------------------------------------------------------------- geometry


def box_corners(x0: float, y0: float, x1: float, y1: float) -> tuple[float, ...]:
    """TL, TR, BR, BL of an axis-aligned box, flattened."""
    return (x0, y0, x1, y0, x1, y1, x0, y1)


def ls_corners(x: float, y: float, w: float, h: float, rotation: float, width: int,
               height: int) -> np.ndarray:
    """Pixel corners (4, 2) of a Label Studio rectangle (percent, degrees clockwise about TL)."""
    a = math.radians(rotation)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    bw, bh = w * width / 100, h * height / 100
    offsets = np.array([[0, 0], [bw, 0], [bw, bh], [0, bh]], float)
    return np.asarray(np.array([x * width / 100, y * height / 100]) + offsets @ rot.T)


def ls_rectangle(corners: np.ndarray, width: int, height: int) -> dict[str, float]:
    """The Label Studio rectangle (percent, rotation) closest to four pixel corners.

    Corners run TL, TR, BR, BL (either way round); the inverse of ``ls_corners``.
    """
    c = np.asarray(corners, float).reshape(4, 2)
    along = (c[1] - c[0]) + (c[2] - c[3])
    angle = math.atan2(along[1], along[0])
    bw = (np.linalg.norm(c[1] - c[0]) + np.linalg.norm(c[2] - c[3])) / 2
    bh = (np.linalg.norm(c[3] - c[0]) + np.linalg.norm(c[2] - c[1])) / 2
    rot = np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])
    tl = c.mean(axis=0) - rot @ np.array([bw / 2, bh / 2])
    return {"x": float(tl[0] / width * 100), "y": float(tl[1] / height * 100),
            "width": float(bw / width * 100), "height": float(bh / height * 100),
            "rotation": float(math.degrees(angle) % 360)}


def normalized_corners(box: RawBox, width: int, height: int) -> np.ndarray:
    """A raw box's corners (4, 2) normalized to the image size (not clipped)."""
    size = np.array([width, height], float)
    if box.kind == "norm":
        return np.asarray(box.values, float).reshape(4, 2)
    if box.kind == "pixel":
        return np.asarray(box.values, float).reshape(4, 2) / size  # type: ignore[no-any-return]
    if box.kind == "ls":
        x, y, w, h, rotation = box.values
        return np.asarray(ls_corners(x, y, w, h, rotation, width, height) / size)
    raise ValueError(f"unknown box kind {box.kind!r}")


def _polygon_area(pts: np.ndarray) -> float:
    x, y = pts[:, 0], pts[:, 1]
    return float(abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))) / 2)


def check_box(box: RawBox, width: int, height: int) -> Label | str:
    """The clipped, normalized label, or why the box is bad."""
    if box.name not in CARD_NAMES:
        return (f"{box.where}: unknown class {box.name!r} "
                f"(card names are {CARD_NAMES[0]} .. {CARD_NAMES[-2]} and joker)")
    corners = normalized_corners(box, width, height)
    if not np.isfinite(corners).all():
        return f"{box.where}: coordinates are not numbers"
    lo, hi = corners.min(axis=0), corners.max(axis=0)
    if (lo < -RANGE_SLACK).any() or (hi > 1 + RANGE_SLACK).any():
        return (f"{box.where}: box out of the image (x {lo[0]:.3f}..{hi[0]:.3f}, "
                f"y {lo[1]:.3f}..{hi[1]:.3f}; the image is 0..1)")
    corners = np.clip(corners, 0.0, 1.0)
    px = corners * np.array([width, height], float)
    side = float(np.linalg.norm(np.roll(px, -1, axis=0) - px, axis=1).min())
    if side < MIN_SIDE_PX or _polygon_area(px) < MIN_SIDE_PX**2:
        return f"{box.where}: degenerate box (a side of {side:.1f} px)"
    return Label(box.name, corners)


# ---------------------------------------------------------------------------- files


def list_images(folder: Path, exclude: Path | None = None) -> list[Path]:
    """Image files under ``folder`` (recursive, sorted), skipping hidden folders and
    anything under ``exclude`` (the output folder)."""
    return sorted(p for p in folder.rglob("*") if p.suffix.lower() in IMAGE_SUFFIXES
                  and p.is_file() and not _skipped(p, folder, exclude))


def _skipped(path: Path, root: Path, exclude: Path | None) -> bool:
    hidden = any(part.startswith(".") for part in path.relative_to(root).parts)
    return hidden or (exclude is not None and path.resolve().is_relative_to(exclude.resolve()))


def _display(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return str(path)


def _load_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"cannot read JSON {path}: {exc}") from None


def _find_json(src: Path) -> Path:
    if src.is_file():
        return src
    found = sorted(src.glob("*.json")) or sorted(src.glob("annotations/*.json"))
    found = [p for p in found if p.name != "report.json"]
    if len(found) != 1:
        what = "no JSON file" if not found else f"{len(found)} JSON files"
        raise ValueError(f"{what} in {src}: pass the export's JSON file itself")
    return found[0]


def decode_image(path: Path) -> tuple[bytes, np.ndarray | None]:
    """The file's bytes and the decoded BGR image (None when unreadable)."""
    data = path.read_bytes()
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR) if data else None
    return data, image


# ---------------------------------------------------------------------------- YOLO


def read_yolo(src: Path, classes: Sequence[str] | None = None, labels_dir: str = "labels",
              exclude: Path | None = None) -> list[Entry]:
    """Entries of a YOLO folder or ``data.yaml`` (see the module notes)."""
    yaml_file = src if src.is_file() else _yolo_yaml(src)
    root = yaml_file.parent if yaml_file else src
    meta = _read_yaml(yaml_file) if yaml_file else {}
    names = _yolo_names(root, meta, classes)
    images = _yaml_images(yaml_file, meta) if yaml_file else list_images(src, exclude)
    entries, used = [], set()
    for image in images:
        label = _label_path(image, labels_dir)
        entry = Entry(image, _display(image, root))
        if label is not None:
            used.add(label.resolve())
            text = label.read_text(encoding="utf-8-sig", errors="replace")
            entry.boxes, entry.problems = parse_yolo(text, names)
        entries.append(entry)
    if not yaml_file:
        entries += _orphan_labels(src, labels_dir, used, exclude)
    return entries


def _yolo_yaml(folder: Path) -> Path | None:
    for name in ("data.yaml", "dataset.yaml", "data.yml"):
        if (folder / name).is_file():
            return folder / name
    return None


def _read_yaml(path: Path) -> dict[str, Any]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise ValueError(f"cannot read {path}: {exc}") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path} is not a YOLO data.yaml (expected a mapping)")
    return data


def _yolo_names(root: Path, meta: dict[str, Any], classes: Sequence[str] | None) -> list[str]:
    if classes:
        return [card_name(n) for n in classes]
    names = meta.get("names")
    if isinstance(names, dict):
        return [card_name(names[k]) for k in sorted(names, key=int)]
    if isinstance(names, list):
        return [card_name(n) for n in names]
    for txt in (root / "classes.txt", root / "labels" / "classes.txt"):
        if txt.is_file():
            return [card_name(n) for n in txt.read_text().splitlines() if n.strip()]
    return list(CARD_NAMES)


def _yaml_images(yaml_file: Path, meta: dict[str, Any]) -> list[Path]:
    base = Path(meta.get("path") or yaml_file.parent)
    if not base.is_absolute():
        base = yaml_file.parent / base
    found: dict[Path, None] = {}
    for key in ("train", "val", "test"):
        value = meta.get(key)
        for item in [value] if isinstance(value, str) else (value or []):
            path = base / str(item)
            if path.is_dir():
                found.update(dict.fromkeys(list_images(path)))
            elif path.is_file() and path.suffix == ".txt":
                lines = [ln.strip() for ln in path.read_text().splitlines() if ln.strip()]
                found.update(dict.fromkeys(path.parent / ln for ln in lines))
            else:
                raise FileNotFoundError(f"{yaml_file}: {key} folder {path} not found")
    return sorted(found)


def _label_path(image: Path, labels_dir: str) -> Path | None:
    """Ultralytics' rule (last ``images`` folder -> ``labels``), else a .txt beside it."""
    parts = image.parts
    if "images" in parts:
        i = len(parts) - 1 - parts[::-1].index("images")
        label = Path(*parts[:i], labels_dir, *parts[i + 1:]).with_suffix(".txt")
        if label.is_file():
            return label
    beside = image.with_suffix(".txt")
    return beside if beside.is_file() else None


def _orphan_labels(src: Path, labels_dir: str, used: set[Path],
                   exclude: Path | None) -> list[Entry]:
    orphans = []
    for txt in sorted(src.rglob("*.txt")):
        rel = txt.relative_to(src)
        if (txt.name != "classes.txt" and labels_dir in rel.parts
                and not _skipped(txt, src, exclude) and txt.resolve() not in used):
            orphans.append(Entry(None, rel.as_posix(), problems=["label file with no image"]))
    return orphans


def parse_yolo(text: str, names: Sequence[str]) -> tuple[list[RawBox], list[str]]:
    """Boxes and problems of one YOLO label file (detect or OBB lines, mixed allowed)."""
    boxes, problems = [], []
    for n, line in enumerate(text.splitlines(), start=1):
        fields = line.split()
        if not fields:
            continue
        box = _yolo_line(fields, names, f"line {n}")
        if isinstance(box, str):
            problems.append(box)
        else:
            boxes.append(box)
    return boxes, problems


def _yolo_line(fields: list[str], names: Sequence[str], where: str) -> RawBox | str:
    if len(fields) not in (5, 9):
        return (f"{where}: expected 5 numbers (class cx cy w h) or 9 (class x1 y1 .. x4 y4), "
                f"got {len(fields)}")
    try:
        cls, nums = float(fields[0]), [float(v) for v in fields[1:]]
    except ValueError:
        return f"{where}: not numbers: {' '.join(fields)!r}"
    if cls != int(cls) or not 0 <= cls < len(names):
        return (f"{where}: unknown class id {fields[0]} "
                f"(the names have {len(names)} classes, ids 0..{len(names) - 1})")
    name = names[int(cls)]
    if len(nums) == 8:
        return RawBox(name, "norm", tuple(nums), True, where)
    cx, cy, w, h = nums
    return RawBox(name, "norm", box_corners(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2),
                  False, where)


# ---------------------------------------------------------------------------- COCO


def read_coco(src: Path, images: Path | None = None) -> list[Entry]:
    """Entries of a COCO instances JSON; ``bbox`` only (segmentations are ignored)."""
    path = _find_json(src)
    data = _load_json(path)
    if not isinstance(data, dict) or not isinstance(data.get("images"), list):
        raise ValueError(f"{path} is not a COCO instances file (no 'images' list)")
    categories = {c.get("id"): card_name(c.get("name", "")) for c in data.get("categories", [])}
    roots = [images] if images else [path.parent, path.parent / "images",
                                     path.parent.parent / "images", path.parent.parent]
    by_id: dict[Any, Entry] = {}
    for img in data["images"]:
        name = str(img.get("file_name", ""))
        entry = Entry(_resolve_file(name, roots), name)
        if entry.image is None:
            entry.problems.append(f"image file not found (looked in {_roots_text(roots)})")
        if img.get("width") and img.get("height"):
            entry.size = (int(img["width"]), int(img["height"]))
        by_id[img.get("id")] = entry
    loose = _coco_annotations(data.get("annotations", []), categories, by_id)
    return list(by_id.values()) + ([Entry(None, path.name, problems=loose)] if loose else [])


def _coco_annotations(annotations: Iterable[dict[str, Any]], categories: dict[Any, str],
                      by_id: dict[Any, Entry]) -> list[str]:
    loose = []
    for n, ann in enumerate(annotations):
        where = f"annotation {ann.get('id', n)}"
        entry = by_id.get(ann.get("image_id"))
        if entry is None:
            loose.append(f"{where}: image id {ann.get('image_id')} is not in 'images'")
            continue
        box = _coco_box(ann, categories, where)
        if isinstance(box, str):
            entry.problems.append(box)
        else:
            entry.boxes.append(box)
    return loose


def _coco_box(ann: dict[str, Any], categories: dict[Any, str], where: str) -> RawBox | str:
    cat = ann.get("category_id")
    if cat not in categories:
        return f"{where}: category id {cat} is not in 'categories'"
    bbox = ann.get("bbox")
    if not isinstance(bbox, list) or len(bbox) != 4:
        return f"{where}: bbox must be [x, y, width, height], got {bbox!r}"
    try:
        x, y, w, h = (float(v) for v in bbox)
    except (TypeError, ValueError):
        return f"{where}: bbox is not numbers: {bbox!r}"
    return RawBox(categories[cat], "pixel", box_corners(x, y, x + w, y + h), False, where)


def _resolve_file(name: str, roots: Sequence[Path]) -> Path | None:
    for root in roots:
        for candidate in (root / name, root / Path(name).name):
            if candidate.is_file():
                return candidate
    return None


def _roots_text(roots: Sequence[Path]) -> str:
    return ", ".join(str(r) for r in roots)


# ---------------------------------------------------------------------------- Label Studio


def read_labelstudio(src: Path, images: Path | None = None) -> list[Entry]:
    """Entries of a Label Studio JSON export (list of tasks)."""
    path = _find_json(src)
    tasks = _load_json(path)
    tasks = [tasks] if isinstance(tasks, dict) else tasks
    if not isinstance(tasks, list):
        raise ValueError(f"{path} is not a Label Studio export (expected a list of tasks)")
    root = images or path.parent
    index = _name_index(root)
    return [_ls_task(task, n, root, index) for n, task in enumerate(tasks)]


def _name_index(root: Path) -> dict[str, list[Path]]:
    index: dict[str, list[Path]] = {}
    for p in list_images(root) if root.is_dir() else []:
        index.setdefault(p.name, []).append(p)
    return index


def _ls_task(task: Any, n: int, root: Path, index: dict[str, list[Path]]) -> Entry:
    data = task.get("data", {}) if isinstance(task, dict) else {}
    ref = str(data.get("image") or next(iter(data.values()), "")) if data else ""
    if not ref:
        return Entry(None, f"task {n}", problems=["task has no data.image"])
    image, problem = _ls_image(ref, root, index)
    entry = Entry(image, ref, problems=[problem] if problem else [])
    results, entry.from_predictions = _ls_results(task)
    for k, result in enumerate(results):
        box = _ls_box(result, f"result {k}")
        if isinstance(box, str):
            entry.problems.append(box)
        elif box is not None:
            entry.boxes.append(box)
    return entry


def ls_file_name(ref: str) -> str:
    """The relative path in a Label Studio image reference (upload, local-files, URL)."""
    url = urlparse(ref)
    query = parse_qs(url.query)
    return unquote(query["d"][0] if "d" in query else url.path).lstrip("/")


def _ls_image(ref: str, root: Path, index: dict[str, list[Path]]) -> tuple[Path | None, str]:
    rel = ls_file_name(ref)
    if (root / rel).is_file():
        return root / rel, ""
    name = Path(rel).name
    upload = _UPLOAD_PREFIX.match(name)
    for key in (name, upload.group(1) if upload else None):
        hits = index.get(key or "", [])
        if len(hits) == 1:
            return hits[0], ""
        if len(hits) > 1:
            return None, f"ambiguous: {len(hits)} files named {key} under {root}"
    shown = f"{upload.group(1)} (uploaded as {name})" if upload else name
    return None, f"image file {shown} not found under {root} (pass --images FOLDER)"


def _ls_results(task: dict[str, Any]) -> tuple[list[Any], bool]:
    """The last non-cancelled annotation's results, else the last prediction's."""
    done = [a for a in task.get("annotations", []) or [] if not a.get("was_cancelled")]
    if done:
        return list(done[-1].get("result", [])), False
    predictions = task.get("predictions", []) or []
    if predictions:
        return list(predictions[-1].get("result", [])), True
    return [], False


def _ls_box(result: Any, where: str) -> RawBox | str | None:
    kind = result.get("type", "") if isinstance(result, dict) else ""
    if kind != "rectanglelabels":
        return (f"{where}: {kind} regions are not supported (draw rectangles)"
                if kind.endswith("labels") else None)
    value = result.get("value", {})
    labels = value.get("rectanglelabels") or []
    if not labels:
        return f"{where}: rectangle without a label"
    try:
        nums = tuple(float(value.get(k, 0.0)) for k in ("x", "y", "width", "height", "rotation"))
    except (TypeError, ValueError):
        return f"{where}: rectangle coordinates are not numbers"
    oriented = abs((nums[4] + 180) % 360 - 180) > 1e-6
    return RawBox(card_name(labels[0]), "ls", nums, oriented, where)


# ---------------------------------------------------------------------------- checking


def check_entries(entries: Sequence[Entry]) -> tuple[list[Sample], list[Problem]]:
    """Checked samples and every problem, in source order; duplicates keep the first."""
    samples: list[Sample] = []
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    for entry in sorted(entries, key=lambda e: e.source):
        result = _check_entry(entry, seen)
        if isinstance(result, Sample):
            samples.append(result)
        else:
            problems += [Problem(entry.source, reason) for reason in result]
    return samples, problems


def _check_entry(entry: Entry, seen: dict[str, str]) -> Sample | list[str]:
    if entry.image is None:
        return entry.problems
    try:
        data, image = decode_image(entry.image)
    except OSError as exc:
        return [*entry.problems, f"cannot read image: {exc.strerror or exc}"]
    if image is None:
        return [*entry.problems, "unreadable image (not a JPEG/PNG/BMP/WebP/TIFF OpenCV "
                "can decode; convert it)"]
    reasons = list(entry.problems)
    height, width = image.shape[:2]
    if entry.size and entry.size != (width, height):
        reasons.append(f"labels are for {entry.size[0]}x{entry.size[1]} but the image is "
                       f"{width}x{height} (rotated by EXIF?)")
    labels = [check_box(b, width, height) for b in entry.boxes]
    reasons += [r for r in labels if isinstance(r, str)]
    digest = hashlib.sha1(data).hexdigest()
    if not reasons and digest in seen:
        reasons.append(f"duplicate of {seen[digest]} (same content)")
    if reasons:
        return reasons
    seen[digest] = entry.source
    return Sample(entry.image, entry.source, tuple(x for x in labels if isinstance(x, Label)),
                  any(b.oriented for b in entry.boxes), digest, entry.from_predictions)


# ---------------------------------------------------------------------------- writing


def split_samples(samples: Sequence[Sample], val: float, seed: int) -> dict[str, list[Sample]]:
    """Train/val by a seeded shuffle of the samples sorted by source name.

    At least one val image when ``val > 0`` and there are two or more images.
    """
    if not 0 <= val < 1:
        raise ValueError(f"--val must be in [0, 1), got {val}")
    order = sorted(samples, key=lambda s: s.source)
    random.Random(seed).shuffle(order)
    n = len(order)
    n_val = 0 if val == 0 or n < 2 else min(n - 1, max(1, round(val * n)))
    return {"train": sorted(order[n_val:], key=lambda s: s.source),
            "val": sorted(order[:n_val], key=lambda s: s.source)}


def label_lines(labels: Iterable[Label], fmt: str) -> list[str]:
    """Ultralytics label lines with ``CARD_NAMES`` ids."""
    out = []
    for label in labels:
        cls = CARD_NAMES.index(label.name)
        c = label.corners
        if fmt == "obb":
            out.append(f"{cls} " + " ".join(f"{v:.6f}" for v in c.reshape(-1)))
        else:
            (x0, y0), (x1, y1) = c.min(axis=0), c.max(axis=0)
            out.append(f"{cls} {(x0 + x1) / 2:.6f} {(y0 + y1) / 2:.6f} {x1 - x0:.6f} "
                       f"{y1 - y0:.6f}")
    return out


def unique_stems(sources: Sequence[str], stems: Sequence[str]) -> dict[str, str]:
    """source -> a file-system safe stem, unique over all (``a``, ``a_2``, ...)."""
    taken: set[str] = set()
    out = {}
    for source, stem in zip(sources, stems, strict=True):
        base = re.sub(r"[^A-Za-z0-9._-]+", "_", stem).strip("._") or "image"
        name, k = base, 1
        while name.lower() in taken:
            k += 1
            name = f"{base}_{k}"
        taken.add(name.lower())
        out[source] = name
    return out


def check_out(out: Path, force: bool, sources: Sequence[Path] = ()) -> None:
    """Refuse a file, a non-empty folder (unless ``force``) or a folder holding the input."""
    if out.exists() and not out.is_dir():
        raise ValueError(f"{out} exists and is not a folder")
    for src in sources:
        if src.resolve().is_relative_to(out.resolve()):
            raise ValueError(f"refusing to write {out}: the input {src} is inside it")
    if out.is_dir() and any(out.iterdir()) and not force:
        raise ValueError(f"{out} exists and is not empty (pass --force to replace it)")


def publish(out: Path, fill: Callable[[Path], None]) -> None:
    """Build in a hidden folder next to ``out`` with ``fill``, then rename it to ``out``."""
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.partial-", dir=out.parent))
    try:
        fill(tmp)
        _replace(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _replace(new: Path, out: Path) -> None:
    if not out.exists():
        new.rename(out)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
    old.rmdir()
    out.rename(old)
    try:
        new.rename(out)
    except BaseException:
        old.rename(out)
        raise
    shutil.rmtree(old, ignore_errors=True)


def choose_label_format(samples: Sequence[Sample], wanted: str) -> tuple[str, str]:
    """(format, why)."""
    if wanted not in LABEL_FORMATS:
        raise ValueError(f"unknown label format {wanted!r} (expected one of {LABEL_FORMATS})")
    if wanted != "auto":
        return wanted, "asked for"
    n = sum(s.oriented for s in samples)
    if n:
        return "obb", f"{n} image(s) have oriented boxes (OBB lines or rotated rectangles)"
    return "detect", "no input box is oriented"


def _data_yaml(fmt: str, has_val: bool) -> str:
    data = {"train": "images/train", "val": "images/val" if has_val else "images/train",
            "names": dict(enumerate(CARD_NAMES)), "label_format": fmt}
    head = (f"# written by passt dataset import; labels are Ultralytics {fmt} lines "
            f"({'class x1 y1 x2 y2 x3 y3 x4 y4' if fmt == 'obb' else 'class cx cy w h'})\n")
    return head + yaml.safe_dump(data, sort_keys=False)


def _write_split(tmp: Path, split: str, samples: Sequence[Sample], stems: dict[str, str],
                 fmt: str) -> dict[str, str]:
    images, labels = tmp / "images" / split, tmp / "labels" / split
    images.mkdir(parents=True)
    labels.mkdir(parents=True)
    files = {}
    for s in samples:
        name = stems[s.source] + s.image.suffix.lower()
        shutil.copyfile(s.image, images / name)
        lines = label_lines(s.labels, fmt)
        (labels / f"{stems[s.source]}.txt").write_text("\n".join(lines) + ("\n" if lines else ""))
        files[f"{split}/{name}"] = s.source
    return files


def build_report(split: dict[str, list[Sample]], fmt: str, why: str,
                 skipped: Sequence[Problem]) -> dict[str, Any]:
    per_class = {n: dict.fromkeys(SPLITS, 0) for n in CARD_NAMES}
    for name, samples in split.items():
        for s in samples:
            for label in s.labels:
                per_class[label.name][name] += 1
    everything = [s for samples in split.values() for s in samples]
    return {
        "label_format": fmt,
        "label_format_why": why,
        "images": {k: len(v) for k, v in split.items()},
        "images_without_cards": sum(not s.labels for s in everything),
        "boxes": {k: sum(len(s.labels) for s in v) for k, v in split.items()},
        "per_class": per_class,
        "missing_classes": [n for n, c in per_class.items() if not sum(c.values())],
        "from_predictions": sum(s.from_predictions for s in everything),
        "val_is_train": not split["val"],
        "skipped": [{"file": p.file, "reason": p.reason} for p in skipped],
    }


def write_dataset(out: Path, split: dict[str, list[Sample]], fmt: str,
                  report: dict[str, Any]) -> dict[str, Any]:
    """Write the Ultralytics dataset atomically (see ``publish``); returns the report with
    ``files`` (written ``split/name`` -> source name)."""
    everything = [s for samples in split.values() for s in samples]
    stems = unique_stems([s.source for s in everything], [s.image.stem for s in everything])
    full = {**report, "files": {}}

    def fill(tmp: Path) -> None:
        for name in SPLITS:
            full["files"] |= _write_split(tmp, name, split[name], stems, fmt)
        (tmp / "data.yaml").write_text(_data_yaml(fmt, bool(split["val"])))
        (tmp / "report.json").write_text(json.dumps(full, indent=2) + "\n")

    publish(out, fill)
    return full


# ---------------------------------------------------------------------------- entry point


def detect_format(src: Path) -> str:
    """Guess ``yolo``, ``coco`` or ``labelstudio`` from the source."""
    if src.suffix.lower() in (".yaml", ".yml") or (src.is_dir() and (
            _yolo_yaml(src) or (src / "labels").is_dir() or (src / "images").is_dir())):
        return "yolo"
    data = _load_json(_find_json(src))
    if isinstance(data, dict) and "images" in data and "annotations" in data:
        return "coco"
    if isinstance(data, list) or (isinstance(data, dict) and "data" in data):
        return "labelstudio"
    raise ValueError(f"cannot tell the format of {src}: pass --format yolo|coco|labelstudio")


def read_entries(src: Path, fmt: str, classes: Sequence[str] | None = None,
                 images: Path | None = None, labels_dir: str = "labels",
                 exclude: Path | None = None) -> list[Entry]:
    if classes and fmt != "yolo":
        raise ValueError("--classes only applies to --format yolo (COCO and Label Studio "
                         "name their classes)")
    if fmt == "yolo":
        return read_yolo(src, classes, labels_dir, exclude)
    if fmt == "coco":
        return read_coco(src, images)
    if fmt == "labelstudio":
        return read_labelstudio(src, images)
    raise ValueError(f"unknown format {fmt!r} (expected one of {', '.join(FORMATS)})")


def import_dataset(src: Path | str, out: Path | str, fmt: str = "auto", *, val: float = 0.2,
                   seed: int = 0, classes: Sequence[str] | None = None,
                   images: Path | str | None = None, skip_bad: bool = False,
                   force: bool = False, label_format: str = "auto",
                   labels_dir: str = "labels") -> dict[str, Any]:
    """Check ``src`` and write the clean dataset to ``out``; returns the report.

    Raises ``DatasetError`` (a ``ValueError``) listing every problem unless ``skip_bad``.
    """
    src, out = Path(src), Path(out)
    images = Path(images) if images else None
    if not src.exists():
        raise FileNotFoundError(f"no such file or folder: {src}")
    if images is not None and not images.is_dir():
        raise FileNotFoundError(f"no such image folder: {images}")
    check_out(out, force, [p for p in (src, images) if p is not None])
    fmt = detect_format(src) if fmt == "auto" else fmt
    entries = read_entries(src, fmt, classes, images, labels_dir, exclude=out)
    samples, problems = check_entries(entries)
    if problems and not skip_bad:
        raise DatasetError(problems, src)
    if not samples:
        raise ValueError(f"no usable images in {src}" + (f" ({len(problems)} skipped)"
                                                           if problems else ""))
    split = split_samples(samples, val, seed)
    label_fmt, why = choose_label_format(samples, label_format)
    report = {"source": str(src), "format": fmt, "seed": seed, "val_fraction": val,
              **build_report(split, label_fmt, why, problems)}
    return write_dataset(out, split, label_fmt, report)
