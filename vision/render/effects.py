"""Webcam look: uneven light, cast shadows, glare, white balance, blur, noise, JPEG.

Everything is drawn from the given rng, so a frame is a pure function of its inputs.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np


@lru_cache(maxsize=1)
def _noise_bank() -> np.ndarray:
    """A fixed bank of unit Gaussian noise to crop from: fast and deterministic."""
    return np.random.default_rng(12345).standard_normal((1024, 1536, 3), dtype=np.float32)


def _low(rng: np.random.Generator, w: int, h: int, cells: tuple[int, int]) -> np.ndarray:
    small = rng.standard_normal((cells[1], cells[0])).astype(np.float32)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)


def _light_field(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    """Multiplicative light (uneven lamp, vignette, soft cast shadows), at low resolution."""
    lw, lh = 160, 90
    yy, xx = np.mgrid[0:lh, 0:lw].astype(np.float32)
    lx, ly = rng.uniform(-0.3, 1.3) * lw, rng.uniform(-0.3, 1.3) * lh
    d = np.hypot(xx - lx, yy - ly) / lw
    gain = 1.0 + rng.uniform(0.1, 0.45) * (0.5 - d) + _low(rng, lw, lh, (4, 3)) * 0.06
    vign = 1.0 - rng.uniform(0.0, 0.35) * (((xx / lw - 0.5) ** 2 + (yy / lh - 0.5) ** 2) * 2)
    gain *= vign
    for _ in range(int(rng.integers(0, 3))):  # soft shadows of heads, arms, lamps
        m = np.zeros((lh, lw), np.uint8)
        c = rng.uniform([0, 0], [lw, lh])
        pts = c + rng.normal(0, rng.uniform(8, 30), (6, 2))
        cv2.fillPoly(m, [cv2.convexHull(pts.astype(np.int32))], 255)
        m = cv2.GaussianBlur(m, (0, 0), rng.uniform(2, 6)).astype(np.float32) / 255
        gain *= 1.0 - rng.uniform(0.15, 0.45) * m
    return cv2.resize(gain, (w, h), interpolation=cv2.INTER_LINEAR)


def _glare(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    lw, lh = 160, 90
    yy, xx = np.mgrid[0:lh, 0:lw].astype(np.float32)
    g = np.zeros((lh, lw), np.float32)
    for _ in range(int(rng.integers(1, 3))):
        cx, cy = rng.uniform(0, lw), rng.uniform(0, lh)
        sx, sy = rng.uniform(2, 14), rng.uniform(2, 10)
        a = rng.uniform(0, np.pi)
        u = (xx - cx) * np.cos(a) + (yy - cy) * np.sin(a)
        v = -(xx - cx) * np.sin(a) + (yy - cy) * np.cos(a)
        g += rng.uniform(60, 170) * np.exp(-0.5 * ((u / sx) ** 2 + (v / sy) ** 2))
    return cv2.resize(g, (w, h), interpolation=cv2.INTER_LINEAR)


def _motion_kernel(rng: np.random.Generator) -> np.ndarray:
    n = int(rng.integers(3, 10)) | 1
    k = np.zeros((n, n), np.float32)
    a = rng.uniform(0, np.pi)
    c = n // 2
    dx, dy = np.cos(a) * c, np.sin(a) * c
    cv2.line(k, (int(round(c - dx)), int(round(c - dy))), (int(round(c + dx)), int(round(c + dy))),
             1.0, 1, cv2.LINE_AA)
    return k / k.sum()


def apply_effects(img: np.ndarray, rng: np.random.Generator, strength: float = 1.0) -> np.ndarray:
    """The camera's view of a clean render (BGR uint8 in, BGR uint8 out)."""
    h, w = img.shape[:2]
    gain = _light_field(rng, w, h)
    wb = np.array([rng.uniform(0.82, 1.12), rng.uniform(0.92, 1.06), rng.uniform(0.85, 1.15)],
                  np.float32) * np.float32(rng.uniform(0.75, 1.15))
    f = cv2.multiply(img, cv2.merge([gain * wb[0], gain * wb[1], gain * wb[2]]),
                     dtype=cv2.CV_32F)
    if rng.random() < 0.35 * strength:
        f += _glare(rng, w, h)[..., None]
    if rng.random() < 0.3 * strength:
        f = cv2.filter2D(f, -1, _motion_kernel(rng))
    elif rng.random() < 0.4:
        f = cv2.GaussianBlur(f, (0, 0), rng.uniform(0.4, 1.1))
    bank = _noise_bank()
    oy = int(rng.integers(0, bank.shape[0] - h + 1))
    ox = int(rng.integers(0, bank.shape[1] - w + 1))
    sigma = rng.uniform(1.0, 6.0) * strength
    out = cv2.convertScaleAbs(cv2.scaleAdd(bank[oy : oy + h, ox : ox + w], sigma, f))
    q = int(rng.integers(35, 92))
    ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, q])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR) if ok else out
