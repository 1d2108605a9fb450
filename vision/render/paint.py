"""Small raster helpers shared by the face, prop and table painters (numpy/cv2, BGR uint8)."""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np


def blit(img: np.ndarray, mask: np.ndarray, x: int, y: int, colour: tuple[int, ...]) -> None:
    """Paint ``colour`` through coverage ``mask`` (uint8) with its top-left at (x, y), clipped."""
    h, w = mask.shape[:2]
    x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + w, img.shape[1]), min(y + h, img.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    m = mask[y0 - y : y1 - y, x0 - x : x1 - x, None].astype(np.float32) / 255.0
    roi = img[y0:y1, x0:x1]
    roi[:] = (roi * (1.0 - m) + np.asarray(colour, np.float32)[: roi.shape[2]] * m).astype(np.uint8)


def blit_centered(img: np.ndarray, mask: np.ndarray, cx: float, cy: float,
                  colour: tuple[int, ...]) -> tuple[int, int, int, int]:
    """Like :func:`blit` centred on (cx, cy); returns the box (x, y, w, h) it covered."""
    h, w = mask.shape[:2]
    x, y = int(round(cx - w / 2)), int(round(cy - h / 2))
    blit(img, mask, x, y, colour)
    return x, y, w, h


@lru_cache(maxsize=256)
def rounded_rect_mask(w: int, h: int, r: float, inset: float = 0.0) -> np.ndarray:
    """A uint8 mask of a w x h rounded rectangle (radius r px), inset by ``inset`` px."""
    m = np.zeros((h, w), np.uint8)
    ss = 4  # supersample for smooth corners
    big = np.zeros((h * ss, w * ss), np.uint8)
    x0, y0 = int(inset * ss), int(inset * ss)
    x1, y1 = int((w - inset) * ss) - 1, int((h - inset) * ss) - 1
    rr = int(max(0.0, r - inset) * ss)
    if x1 <= x0 or y1 <= y0:
        return m
    cv2.rectangle(big, (x0 + rr, y0), (x1 - rr, y1), 255, -1)
    cv2.rectangle(big, (x0, y0 + rr), (x1, y1 - rr), 255, -1)
    for cx, cy in ((x0 + rr, y0 + rr), (x1 - rr, y0 + rr), (x1 - rr, y1 - rr), (x0 + rr, y1 - rr)):
        cv2.circle(big, (cx, cy), rr, 255, -1)
    out = cv2.resize(big, (w, h), interpolation=cv2.INTER_AREA)
    out.setflags(write=False)
    return out


@lru_cache(maxsize=64)
def pattern_field(kind: str, w: int, h: int, period: float) -> np.ndarray:
    """A float32 field in [-1, 1] of a background pattern (``solid`` is all zeros)."""
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    k = np.float32(2 * np.pi / max(period, 2.0))
    if kind == "stripes":
        return np.sign(np.sin(x * k)).astype(np.float32)
    if kind == "diagonal":
        return np.sin((x + y) * k * 0.7).astype(np.float32)
    if kind == "dots":
        return (np.cos(x * k) * np.cos(y * k) > 0.6).astype(np.float32) * 2 - 1
    if kind == "gradient":
        return (y / max(h - 1, 1) * 2 - 1).astype(np.float32)
    if kind == "checks":
        return np.sign(np.sin(x * k) * np.sin(y * k)).astype(np.float32)
    if kind == "rings":
        r = np.hypot(x - w / 2, y - h / 2)
        return np.sin(r * k).astype(np.float32)
    if kind == "waves":
        return np.sin(x * k + 2.0 * np.sin(y * k * 0.5)).astype(np.float32)
    return np.zeros((h, w), np.float32)


def shade(colour: tuple[int, ...], f: float) -> tuple[int, int, int]:
    """``colour`` scaled by ``f`` (f > 1 mixes towards white)."""
    c = np.asarray(colour[:3], np.float32)
    out = c * f if f <= 1 else c + (255 - c) * (f - 1)
    return tuple(int(v) for v in np.clip(out, 0, 255))  # type: ignore[return-value]


def luminance(colour: tuple[int, ...]) -> float:
    b, g, r = colour[:3]
    return 0.114 * b + 0.587 * g + 0.299 * r
