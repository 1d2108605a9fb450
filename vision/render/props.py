"""Distractor objects as flat BGRA textures (1 texel per 0.5 mm) and arms drawn in the image."""

from __future__ import annotations

import cv2
import numpy as np

from vision.render.layout import Arm, Prop
from vision.render.paint import rounded_rect_mask, shade

PROP_PX_PER_MM = 2.0
PROP_SIZES_MM: dict[str, tuple[float, float]] = {
    "phone": (72.0, 150.0), "cup": (95.0, 95.0), "coaster": (100.0, 100.0), "pen": (10.0, 140.0),
}


def prop_texture(p: Prop) -> np.ndarray:
    """BGRA texture of a prop, upright, at :data:`PROP_PX_PER_MM`."""
    wmm, hmm = PROP_SIZES_MM[p.kind]
    w, h = int(wmm * PROP_PX_PER_MM), int(hmm * PROP_PX_PER_MM)
    rng = np.random.default_rng([p.seed, 3])
    img = np.empty((h, w, 3), np.uint8)
    img[:] = p.colour
    if p.kind == "phone":
        alpha = rounded_rect_mask(w, h, 10 * PROP_PX_PER_MM)
        scr = rounded_rect_mask(w, h, 6 * PROP_PX_PER_MM, inset=4 * PROP_PX_PER_MM)
        g = np.linspace(0, 1, h, dtype=np.float32)[:, None, None]
        lit = rng.random() < 0.4
        base = np.array(shade((60, 50, 40), 1.0) if not lit else (200, 160, 120), np.float32)
        screen = base * (0.6 + 0.4 * g) + 20
        m = scr[..., None] / 255.0
        img[:] = (img * (1 - m) + screen * m).astype(np.uint8)
    elif p.kind in ("cup", "coaster"):
        alpha = np.zeros((h, w), np.uint8)
        cv2.circle(alpha, (w // 2, h // 2), w // 2 - 2, 255, -1, cv2.LINE_AA)
        if p.kind == "cup":
            cv2.circle(img, (w // 2, h // 2), int(w * 0.4), shade(p.colour, 0.8), -1, cv2.LINE_AA)
            drink = (30, 50, 80) if rng.random() < 0.6 else (200, 210, 215)
            cv2.circle(img, (w // 2, h // 2), int(w * 0.36), drink, -1, cv2.LINE_AA)
            cv2.circle(img, (int(w * 0.4), int(h * 0.4)), int(w * 0.06), shade(drink, 1.5), -1,
                       cv2.LINE_AA)
        else:
            cv2.circle(img, (w // 2, h // 2), int(w * 0.42), shade(p.colour, 1.3), 2, cv2.LINE_AA)
    else:  # pen
        alpha = np.full((h, w), 255, np.uint8)
        img[: int(h * 0.15)] = shade(p.colour, 0.5)
    return np.dstack([img, alpha])


def draw_arm(img: np.ndarray, ids: np.ndarray, obj_id: int, shoulder: np.ndarray,
             hand: np.ndarray, width_px: float, arm: Arm) -> None:
    """Paint a skin-coloured arm and hand (sleeve near the shoulder) in image space."""
    rng = np.random.default_rng([arm.seed, 11])
    h, w = ids.shape
    # work in the arm's bounding box only
    pad = width_px * 2.5
    bx0 = int(max(min(shoulder[0], hand[0]) - pad, 0))
    by0 = int(max(min(shoulder[1], hand[1]) - pad, 0))
    bx1 = int(min(max(shoulder[0], hand[0]) + pad, w))
    by1 = int(min(max(shoulder[1], hand[1]) + pad, h))
    if bx1 - bx0 < 2 or by1 - by0 < 2:
        return
    off = np.array([bx0, by0], float)
    shoulder, hand = shoulder - off, hand - off
    mask = np.zeros((by1 - by0, bx1 - bx0), np.uint8)
    sleeve = np.zeros_like(mask)
    d = hand - shoulder
    length = float(np.hypot(*d)) + 1e-6
    u = d / length
    n = np.array([-u[1], u[0]])
    wrist = hand - u * width_px * 0.7
    elbow_frac = rng.uniform(0.3, 0.6)
    t = max(2, int(width_px * 0.7))
    cv2.line(mask, _pt(shoulder), _pt(wrist), 255, t, cv2.LINE_AA)
    cv2.line(sleeve, _pt(shoulder), _pt(shoulder + d * elbow_frac), 255, int(t * 1.25),
             cv2.LINE_AA)
    palm = (max(2, int(width_px * 0.55)), max(2, int(width_px * 0.45)))
    ang = float(np.degrees(np.arctan2(u[1], u[0])))
    cv2.ellipse(mask, _pt(hand), palm, ang, 0, 360, 255, -1, cv2.LINE_AA)
    ft = max(2, int(width_px * 0.17))
    curl = rng.uniform(0.5, 1.0)
    for i, off in enumerate(np.linspace(-0.35, 0.35, 4)):
        base = hand + u * width_px * 0.4 + n * off * width_px
        tip = base + u * width_px * (0.55 + 0.15 * (1 - abs(i - 1.5) / 1.5)) * curl
        cv2.line(mask, _pt(base), _pt(tip), 255, ft, cv2.LINE_AA)
    side = 1 if rng.random() < 0.5 else -1
    thumb0 = hand + n * side * width_px * 0.4
    cv2.line(mask, _pt(thumb0), _pt(thumb0 + (u * 0.4 + n * side * 0.35) * width_px), 255,
             int(ft * 1.2), cv2.LINE_AA)
    x0, y0, bw, bh = cv2.boundingRect(cv2.max(mask, sleeve))
    if bw == 0 or bh == 0:
        return
    sl = np.s_[by0 + y0 : by0 + y0 + bh, bx0 + x0 : bx0 + x0 + bw]
    m = mask[y0 : y0 + bh, x0 : x0 + bw].astype(np.float32) / 255.0
    sm = sleeve[y0 : y0 + bh, x0 : x0 + bw].astype(np.float32) / 255.0
    yy = np.linspace(-1, 1, bh, dtype=np.float32)[:, None]
    xx = np.linspace(-1, 1, bw, dtype=np.float32)[None, :]
    tone = 1.0 + 0.12 * (xx * n[0] + yy * n[1])
    tone8 = [cv2.convertScaleAbs(tone, alpha=float(c)) for c in arm.skin]
    cloth8 = [cv2.convertScaleAbs(tone, alpha=float(c)) for c in arm.sleeve]
    roi = cv2.blendLinear(cv2.merge(tone8), img[sl], m, 1.0 - m)
    img[sl] = cv2.blendLinear(cv2.merge(cloth8), roi, sm, 1.0 - sm)
    ids[sl][(m > 0.5) | (sm > 0.5)] = obj_id


def _pt(p: np.ndarray) -> tuple[int, int]:
    return int(round(float(p[0]))), int(round(float(p[1])))
