"""Drawing a refereed frame: the zones, every card with its name, flagged cards in red.

Drawing only; what is flagged is decided by the session (:class:`vision.session.FrameView`).
"""

from __future__ import annotations

import numpy as np
import supervision as sv

from vision.detections import CLASS_NAME
from vision.session import FrameView

ZONE = sv.Color.from_hex("#ffd43b")
DISCARD = sv.Color.from_hex("#4dabf7")
CARD = sv.Color.from_hex("#51cf66")
FLAG = sv.Color.from_hex("#ff3b3b")


def annotate(frame: np.ndarray, view: FrameView) -> np.ndarray:
    """A copy of ``frame`` (BGR) with zones, cards and flagged cards drawn."""
    scene = frame.copy()
    cal = view.calibration
    if cal is not None:
        h, w = scene.shape[:2]
        for k, poly in enumerate(cal.seats):
            p = np.clip(np.round(poly), [-w, -h], [2 * w, 2 * h]).astype(np.int64)
            scene = sv.draw_polygon(scene, p, ZONE, 2)
            x, y = np.clip(_label_point(poly, cal.discard_centre), [30, 20], [w - 60, h - 20])
            scene = sv.draw_text(scene, f"seat {k}", sv.Point(float(x), float(y)),
                                 sv.Color.BLACK, background_color=ZONE)
        scene = sv.draw_polygon(scene, np.round(cal.discard).astype(np.int64), DISCARD, 2)
    d = view.detections
    if len(d):
        names = [str(n) for n in d.data.get(CLASS_NAME, [])]
        flagged = np.array([n in view.flagged for n in names], bool)
        conf = d.confidence if d.confidence is not None else np.ones(len(d))
        labels = [f"{n} {c:.2f}" for n, c in zip(names, conf, strict=True)]
        lookup = flagged.astype(np.int64)
        palette = sv.ColorPalette([CARD, FLAG])
        scene = sv.BoxAnnotator(palette, thickness=2).annotate(
            scene, d, custom_color_lookup=lookup)
        scene = sv.LabelAnnotator(palette, text_scale=0.4).annotate(
            scene, d, labels=labels, custom_color_lookup=lookup)
    return scene


def _label_point(poly: np.ndarray, centre: tuple[float, float]) -> np.ndarray:
    """Somewhere inside a seat sector, a little beyond the discard pile."""
    c = np.asarray(centre)
    inner = poly[np.argsort(np.linalg.norm(poly - c, axis=1))[: max(3, len(poly) // 2)]]
    mid = inner.mean(axis=0)
    out: np.ndarray = c + (mid - c) * 1.8
    return out
