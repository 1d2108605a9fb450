"""How well the detector reads a table: mAP, per-class AP, confusions and state accuracy.

``state accuracy`` is the share of scenes whose discard top and every stack top are read
exactly right (the measure camera chess work reports for boards): each of those cards,
when the labelling policy labels it, must be matched by a detection (IoU >= 0.5) of the
right class. It needs the renderer's truth (``truth/*.jsonl``); for photo datasets only
the box metrics are computed.

mAP is taken over the whole precision-recall curve, as Ultralytics' ``val`` takes it: the
detector reports every card down to :data:`CURVE_CONF`, as sure as it is. What the
companion acts on is less: the cards above the detector's own thresholds (its operating
point). State accuracy and the confusions count those, and mAP at the operating point is
reported beside (a curve cut off at a threshold loses the recall below it).
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np
import yaml

from vision.detections import box_iou
from vision.detector import FOUND, CardDetector, acted_on

IMAGE_EXT = {".jpg", ".jpeg", ".png", ".bmp", ".webp"}
CURVE_CONF = 0.001  # the whole curve: down to this (Ultralytics' val takes 0.001 too)


@dataclass
class Sample:
    image: Path
    boxes: np.ndarray  # (M, 4) xyxy pixels
    classes: np.ndarray  # (M,)
    tops: list[tuple[np.ndarray, int]] = field(default_factory=list)  # (box, class) per top


@dataclass
class EvalReport:
    images: int
    map50: float
    map50_95: float
    per_class_ap50: dict[str, float]
    confusions: list[tuple[str, str, int]]
    state_accuracy: float | None
    scenes_with_state: int
    seconds_per_image: float
    tops: int = 0  # discard and stack tops the state accuracy checks
    tops_missed: int = 0  # no detection over it (IoU >= 0.5): the finder's miss
    tops_misread: int = 0  # found, but no detection there reads its face: the reader's miss
    # mAP of the cards the detector acts on, above its own thresholds (None: not measured)
    map50_at_point: float | None = None
    map50_95_at_point: float | None = None

    def to_dict(self) -> dict[str, object]:
        return {
            "images": self.images,
            "mAP50": round(self.map50, 4),
            "mAP50-95": round(self.map50_95, 4),
            "per_class_AP50": {k: round(v, 4) for k, v in self.per_class_ap50.items()},
            "worst_confusions": [
                {"truth": t, "read_as": p, "count": n} for t, p, n in self.confusions
            ],
            "state_accuracy": None
            if self.state_accuracy is None
            else round(self.state_accuracy, 4),
            "scenes_with_state": self.scenes_with_state,
            "tops": self.tops,
            "tops_missed": self.tops_missed,
            "tops_misread": self.tops_misread,
            "seconds_per_image": round(self.seconds_per_image, 4),
            "mAP50_at_operating_point": _rounded(self.map50_at_point),
            "mAP50-95_at_operating_point": _rounded(self.map50_95_at_point),
        }

    def summary(self) -> str:
        lines = [f"images {self.images}: mAP50 {self.map50:.4f}, mAP50-95 {self.map50_95:.4f}"]
        if self.map50_at_point is not None and self.map50_95_at_point is not None:
            lines[0] += ("; of the cards it acts on (at its operating point) "
                         f"mAP50 {self.map50_at_point:.4f}, mAP50-95 "
                         f"{self.map50_95_at_point:.4f}")
        if self.state_accuracy is not None:
            lines.append(
                f"state accuracy {self.state_accuracy:.2%} "
                f"({self.scenes_with_state} scenes: discard top and every stack top)"
            )
            lines.append(
                f"tops {self.tops}: {self.tops_missed} not found, {self.tops_misread} misread"
            )
        worst = sorted(self.per_class_ap50.items(), key=lambda kv: kv[1])[:5]
        lines.append("weakest classes (AP50): " + ", ".join(f"{k} {v:.3f}" for k, v in worst))
        if self.confusions:
            lines.append(
                "worst confusions: "
                + ", ".join(f"{t}->{p} x{n}" for t, p, n in self.confusions[:8])
            )
        lines.append(f"{self.seconds_per_image * 1000:.0f} ms per image")
        return "\n".join(lines)


def _rounded(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


def _label_box(parts: list[float], w: int, h: int) -> np.ndarray:
    if len(parts) == 4:
        cx, cy, bw, bh = parts
        return np.array(
            [(cx - bw / 2) * w, (cy - bh / 2) * h, (cx + bw / 2) * w, (cy + bh / 2) * h]
        )
    pts = np.asarray(parts, float).reshape(4, 2) * [w, h]
    return np.concatenate([pts.min(0), pts.max(0)])


def load_samples(
    data: Path, limit: int | None = None, split: str | None = None
) -> tuple[list[Sample], list[str]]:
    """Images with their labels (any split) and, for rendered sets, the top cards."""
    cfg = data / "data.yaml"
    if not cfg.exists():
        raise FileNotFoundError(f"{data} has no data.yaml (an Ultralytics dataset folder)")
    names_raw = yaml.safe_load(cfg.read_text())["names"]
    names = (
        [names_raw[i] for i in sorted(names_raw)]
        if isinstance(names_raw, dict)
        else list(names_raw)
    )
    truth: dict[str, dict] = {}
    for f in sorted((data / "truth").glob("*.jsonl")) if (data / "truth").exists() else []:
        for line in f.read_text().splitlines():
            rec = json.loads(line)
            truth[Path(rec["image"]).stem] = rec
    samples = []
    root = data / "images" / split if split else data / "images"
    if split and not root.is_dir():
        raise FileNotFoundError(f"no split {split}: {root} is not a folder")
    for img in sorted(p for p in root.rglob("*") if p.suffix.lower() in IMAGE_EXT):
        lab = data / "labels" / img.relative_to(data / "images").with_suffix(".txt")
        rows = (
            [list(map(float, ln.split())) for ln in lab.read_text().splitlines() if ln.strip()]
            if lab.exists()
            else []
        )
        rec = truth.get(img.stem)
        w, h = (rec["width"], rec["height"]) if rec else cv2.imread(str(img)).shape[1::-1]
        boxes = np.array([_label_box(r[1:], w, h) for r in rows]).reshape(-1, 4)
        classes = np.array([int(r[0]) for r in rows], int)
        tops = []
        for c in (rec or {}).get("cards", []):
            if c["labelled"] and c["role"] in ("discard-top", "stack-top"):
                pts = np.asarray(c["corners"], float)
                box = np.concatenate(
                    [np.clip(pts.min(0), 0, [w, h]), np.clip(pts.max(0), 0, [w, h])]
                )
                tops.append((box, int(c["class_id"])))
        samples.append(Sample(img, boxes, classes, tops))
        if limit and len(samples) >= limit:
            break
    if not samples:
        raise ValueError(f"no images under {data / 'images'}")
    return samples, names


IOUS = np.linspace(0.5, 0.95, 10)


def _match(iou: np.ndarray, same: np.ndarray, conf: np.ndarray) -> np.ndarray:
    """tp (P, 10): greedy matching by confidence, one truth per detection, per IoU level."""
    tp = np.zeros((iou.shape[1], len(IOUS)), bool)
    order = np.argsort(-conf)
    for k, thr in enumerate(IOUS):
        taken = np.zeros(iou.shape[0], bool)
        for j in order:
            ok = (iou[:, j] >= thr) & same[:, j] & ~taken
            if ok.any():
                i = int(np.argmax(np.where(ok, iou[:, j], -1)))
                taken[i], tp[j, k] = True, True
    return tp


def iter_detections(
    detector: CardDetector, samples: list[Sample]
) -> Iterator[tuple[Sample, np.ndarray, np.ndarray, np.ndarray, np.ndarray, float]]:
    """Each sample's detections (boxes, confidences, classes) down to :data:`CURVE_CONF`
    where the detector can give them, and which of them it acts on (its operating point)."""
    point: tuple[float, float] | None = getattr(detector, "operating_point", None)
    down_to = getattr(detector, "detect_down_to", None)
    if point is None or down_to is None or min(point) <= CURVE_CONF:
        point = down_to = None
    for s in samples:
        frame = cv2.imread(str(s.image))
        if frame is None:
            raise ValueError(f"cannot read image {s.image}")
        t0 = time.perf_counter()
        d = detector.detect(frame) if down_to is None else down_to(frame, CURVE_CONF)
        dt = time.perf_counter() - t0
        conf = np.ones(len(d), np.float32) if d.confidence is None else d.confidence
        acts = np.ones(len(d), bool)
        if point is not None and len(d):
            acts = acted_on(d.data[FOUND], conf, point)
        cls = np.zeros(len(d), int) if d.class_id is None else d.class_id
        yield s, d.xyxy, conf, cls, acts, dt


def _ap(tps: list[np.ndarray], confs: list[np.ndarray], pcls: list[np.ndarray],
        tcls: list[np.ndarray], names: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """(C, 10) AP over the IoU levels and their class ids (Ultralytics' ``ap_per_class``)."""
    from ultralytics.utils.metrics import ap_per_class

    tp = np.concatenate(tps) if tps else np.zeros((0, 10), bool)
    res = ap_per_class(tp, np.concatenate(confs), np.concatenate(pcls), np.concatenate(tcls),
                       names=dict(enumerate(names)))
    return res[5], res[6]


def evaluate(
    detector: CardDetector, data: Path, limit: int | None = None, split: str | None = None
) -> EvalReport:
    samples, names = load_samples(data, limit, split)
    tps, confs, pcls, tcls = [], [], [], []
    tps_at, confs_at, pcls_at = [], [], []
    confusion: Counter[tuple[int, int]] = Counter()
    states_ok = states = tops = missed = misread = 0
    seconds = 0.0
    for s, all_boxes, all_conf, all_cls, acts, dt in iter_detections(detector, samples):
        seconds += dt
        all_iou = box_iou(s.boxes, all_boxes)
        tps.append(_match(all_iou, s.classes[:, None] == all_cls[None, :], all_conf))
        confs.append(all_conf)
        pcls.append(all_cls)
        tcls.append(s.classes)
        boxes, conf, cls = all_boxes[acts], all_conf[acts], all_cls[acts]
        iou = all_iou[:, acts]
        tps_at.append(_match(iou, s.classes[:, None] == cls[None, :], conf))
        confs_at.append(conf)
        pcls_at.append(cls)
        # confusions: class-agnostic best match at IoU >= 0.5
        if iou.size:
            for i in range(len(s.boxes)):
                j = int(np.argmax(iou[i]))
                if iou[i, j] >= 0.5 and cls[j] != s.classes[i]:
                    confusion[(int(s.classes[i]), int(cls[j]))] += 1
        if s.tops:
            states += 1
            top_boxes = np.array([b for b, _ in s.tops])
            tiou = box_iou(top_boxes, boxes)
            over = tiou >= 0.5 if tiou.size else np.zeros((len(s.tops), 0), bool)
            found = over.any(axis=1)
            read = np.array([(over[i] & (cls == c)).any() for i, (_, c) in enumerate(s.tops)])
            tops += len(s.tops)
            missed += int((~found).sum())
            misread += int((found & ~read).sum())
            states_ok += bool(read.all())
    ap, ap_class = _ap(tps, confs, pcls, tcls, names)
    ap_at = _ap(tps_at, confs_at, pcls_at, tcls, names)[0]
    per_class = {names[int(c)]: float(ap[k, 0]) for k, c in enumerate(ap_class)}

    def rank(item: tuple[tuple[int, int], int]) -> tuple[int, int]:
        (t, p), n = item
        red_pink = {names[t].split("-")[0], names[p].split("-")[0]} == {"red", "pink"}
        return (0 if red_pink else 1, -n)

    conf_list = [(names[t], names[p], n) for (t, p), n in sorted(confusion.items(), key=rank)]
    return EvalReport(
        images=len(samples),
        map50=float(ap[:, 0].mean()) if len(ap) else 0.0,
        map50_95=float(ap.mean()) if len(ap) else 0.0,
        per_class_ap50=per_class,
        confusions=conf_list[:20],
        state_accuracy=states_ok / states if states else None,
        scenes_with_state=states,
        seconds_per_image=seconds / len(samples),
        tops=tops,
        tops_missed=missed,
        tops_misread=misread,
        map50_at_point=float(ap_at[:, 0].mean()) if len(ap_at) else 0.0,
        map50_95_at_point=float(ap_at.mean()) if len(ap_at) else 0.0,
    )
