"""Procedural table tops (wood, cloth, plain, patterned) seen through the camera homography."""

from __future__ import annotations

import cv2
import numpy as np

from vision.render.layout import Surface

TEX = 320  # texture side in texels
SPAN_MM = 3200.0  # the texture covers [-SPAN/2, SPAN/2] mm in x and y


def _smooth_noise(rng: np.random.Generator, n: int, cells: int) -> np.ndarray:
    small = rng.standard_normal((cells, cells)).astype(np.float32)
    return cv2.resize(small, (n, n), interpolation=cv2.INTER_CUBIC)


def surface_texture(s: Surface) -> np.ndarray:
    """A TEX x TEX BGR texture of the table top and the floor around it (deterministic)."""
    rng = np.random.default_rng([s.seed, 77])
    n = TEX
    mm = SPAN_MM / n
    y, x = np.mgrid[0:n, 0:n].astype(np.float32)
    xm, ym = (x - n / 2) * mm, (y - n / 2) * mm
    c1 = np.asarray(s.colour, np.float32)
    c2 = np.asarray(s.colour2, np.float32)
    k = np.float32(2 * np.pi / max(s.scale_mm, 5.0))
    if s.kind == "wood":
        warp = _smooth_noise(rng, n, 8) * 25 + _smooth_noise(rng, n, 30) * 4
        ang = rng.uniform(0, np.pi)
        u = xm * np.cos(ang) + ym * np.sin(ang)
        v = -xm * np.sin(ang) + ym * np.cos(ang)
        grain = (np.sin((v + warp) * k * 1.5 + 0.002 * u) * 0.5 + 0.5) ** 2
        plank_w = rng.uniform(90, 220)
        plank = np.floor(v / plank_w)
        planks = (plank * 0.37 % 1.0).astype(np.float32) * 0.35
        seams = (np.abs(v / plank_w - np.round(v / plank_w)) * plank_w < 1.5) * 0.6
        t = grain * 0.3 + planks + seams + _smooth_noise(rng, n, 60) * 0.05
        t = np.clip(t, 0, 1)[..., None]
    elif s.kind == "cloth":
        t = (0.5 + _smooth_noise(rng, n, 8) * 0.12 + _smooth_noise(rng, n, 200) * 0.05)[..., None]
    elif s.kind == "pattern":
        style = int(rng.integers(3))
        if style == 0:  # plaid
            f = (np.sin(xm * k) > 0.3).astype(np.float32) + (np.sin(ym * k) > 0.3)
            t = (f / 2)[..., None]
        elif style == 1:  # checks
            t = ((np.sin(xm * k) * np.sin(ym * k)) > 0)[..., None].astype(np.float32)
        else:  # flowers-ish dots
            t = (np.cos(xm * k) * np.cos(ym * k) > 0.7)[..., None].astype(np.float32)
        t = np.clip(t + _smooth_noise(rng, n, 20)[..., None] * 0.05, 0, 1)
    else:  # plain (laminate, painted)
        t = (0.5 + _smooth_noise(rng, n, 5) * 0.08 + _smooth_noise(rng, n, 120) * 0.02)[..., None]
    tex = c1 * (1 - t) + c2 * t
    hx, hy = s.half_size_mm
    if s.round:
        inside = (xm / hx) ** 2 + (ym / hy) ** 2 <= 1
    else:
        inside = (np.abs(xm) <= hx) & (np.abs(ym) <= hy)
    floor = np.asarray(s.floor, np.float32) * (1 + _smooth_noise(rng, n, 10)[..., None] * 0.1)
    tex = np.where(inside[..., None], tex, floor)
    return np.clip(tex, 0, 255).astype(np.uint8)


def render_surface(s: Surface, homography: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """The table as the camera sees it (undistorted), ``size`` = (width, height)."""
    tex = surface_texture(s)
    mm = SPAN_MM / TEX
    tex_to_mm = np.array([[mm, 0, -SPAN_MM / 2], [0, mm, -SPAN_MM / 2], [0, 0, 1]])
    return cv2.warpPerspective(tex, homography @ tex_to_mm, size, flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)
