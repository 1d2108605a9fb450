"""Upright card faces (BGRA, alpha = rounded card outline) painted from a design.

A face also reports where its value is printed (:class:`ValueRegions`, fractions of the
card), which the labelling policy uses to decide whether a partly covered card is readable.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.render.deck import Deck
from vision.render.design import CardDesign
from vision.render.fonts import FontSpec, text_mask
from vision.render.paint import (
    blit,
    blit_centered,
    luminance,
    pattern_field,
    rounded_rect_mask,
    shade,
)

PX_PER_MM = 2.5  # face texture resolution; cards are ~30-60 px wide in a scene
Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 as fractions of width / height


@dataclass(frozen=True)
class ValueRegions:
    centre: Rect
    indices: tuple[Rect, ...] = ()


@dataclass
class Face:
    """A BGRA face at :data:`PX_PER_MM` plus a half-size copy to warp small cards from."""

    rgba: np.ndarray
    regions: ValueRegions
    levels: list[np.ndarray] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.levels:
            h, w = self.rgba.shape[:2]
            half = cv2.resize(self.rgba, (w // 2, h // 2), interpolation=cv2.INTER_AREA)
            self.levels = [self.rgba, half]

    def level_for(self, width_px: float) -> np.ndarray:
        """The texture level to warp from for a card about ``width_px`` wide on screen."""
        return self.levels[1] if width_px < self.levels[1].shape[1] * 0.9 else self.levels[0]


def _size(mm: tuple[float, float], s: float = PX_PER_MM) -> tuple[int, int]:
    return int(round(mm[0] * s)), int(round(mm[1] * s))


def _contrast(bg: tuple[int, ...], design: CardDesign) -> tuple[int, int, int]:
    return design.ink if luminance(bg) > 150 else design.paper  # type: ignore[return-value]


def _rot(mask: np.ndarray, quarter_turns: int) -> np.ndarray:
    return np.ascontiguousarray(np.rot90(mask, quarter_turns))


def _card_base(design: CardDesign, w: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    img = np.empty((h, w, 3), np.uint8)
    img[:] = design.border_colour
    r = design.corner_radius_mm * PX_PER_MM
    alpha = rounded_rect_mask(w, h, r)
    return img, alpha


def _fill_region(img: np.ndarray, mask: np.ndarray, colour: tuple[int, ...], pattern: str,
                 design: CardDesign, rng: np.random.Generator) -> None:
    h, w = mask.shape
    f = pattern_field(pattern, w, h, design.pattern_period_mm * PX_PER_MM)
    c = np.asarray(colour, np.float32)
    tex = c[None, None, :] * (1.0 + design.pattern_contrast * f[..., None] * 0.6)
    tex = np.clip(tex, 0, 255)
    m = mask[..., None].astype(np.float32) / 255.0
    img[:] = (img * (1 - m) + tex * m).astype(np.uint8)


def _number_face(deck: Deck, design: CardDesign, name: str) -> Face:
    w, h = _size(deck.card_mm)
    rng = np.random.default_rng([design.seed, deck.class_id(name), 1])
    img, alpha = _card_base(design, w, h)
    colour_name = deck.colour_of(name)
    is_joker = colour_name is None
    col = design.colour(colour_name.name) if colour_name else design.ink
    b = design.border_mm * PX_PER_MM
    r = design.corner_radius_mm * PX_PER_MM
    inner = rounded_rect_mask(w, h, r, inset=b)
    paper = np.full((h, w, 3), design.paper, np.uint8)
    m = inner[..., None].astype(np.float32) / 255.0
    img[:] = (img * (1 - m) + paper * m).astype(np.uint8)
    style = "white" if is_joker else design.face_style
    pattern = design.pattern(colour_name.name) if colour_name else "solid"
    centre_bg: tuple[int, ...] = design.paper
    if style == "full":
        _fill_region(img, inner, col, pattern, design, rng)
        centre_bg = col
    elif style == "framed":
        _fill_region(img, inner, col, pattern, design, rng)
        inner2 = rounded_rect_mask(w, h, r, inset=b + 6.5 * PX_PER_MM)
        blit(img, inner2, 0, 0, design.paper)
    elif style == "half":
        _fill_region(img, inner, col, pattern, design, rng)
        oval = np.zeros((h, w), np.uint8)
        cv2.ellipse(oval, (w // 2, h // 2), (int(w * 0.36), int(h * 0.33)), -25, 0, 360, 255, -1,
                    cv2.LINE_AA)
        blit(img, oval, 0, 0, design.paper)
    else:  # white card, coloured thin frame line
        ring = rounded_rect_mask(w, h, r, inset=b + 2) - rounded_rect_mask(w, h, r, inset=b + 4)
        blit(img, ring, 0, 0, col)
    if is_joker:
        regions = _joker_art(img, deck, design, w, h, rng)
        label = design.joker_text or "*"
        index_text = label if len(label) <= 2 else label[0]
    else:
        regions = _centre_value(img, design, str(deck.value_of(name)), col, centre_bg, w, h)
        index_text = str(deck.value_of(name))
    index_bg = col if style == "full" else design.paper
    if style == "framed":
        index_bg = col
    idx_col = _contrast(index_bg, design) if index_bg != design.paper else col
    if is_joker:
        idx_col = design.ink
    elif abs(luminance(idx_col) - luminance(index_bg)) < 60:
        idx_col = _contrast(index_bg, design)
    idx = _indices(img, design, index_text, idx_col, w, h, b)
    rgba = np.dstack([img, alpha])
    return Face(rgba, ValueRegions(regions, idx))


def _centre_value(img: np.ndarray, design: CardDesign, text: str, col: tuple[int, ...],
                  bg: tuple[int, ...], w: int, h: int) -> Rect:
    th = int(h * design.centre_scale)
    mask = text_mask(text, design.centre_font, th)
    if mask.shape[1] > w * 0.8:
        mask = cv2.resize(mask, (int(w * 0.8), th), interpolation=cv2.INTER_AREA)
    ink = {"paper": design.paper, "ink": design.ink, "colour": col}[design.centre_ink]
    if abs(luminance(ink) - luminance(bg)) < 60:
        ink = _contrast(bg, design)
    cx, cy = w / 2, h / 2 + design.centre_dy * h
    mh, mw = mask.shape
    if design.centre_style == "disc":
        disc_col = design.paper if luminance(ink) < 128 else design.ink
        if luminance(bg) > 200 and luminance(ink) < 128:
            disc_col = col
            ink = design.paper
        rad = (int(max(mw, mh) * 0.5 + 0.08 * w), int(max(mw, mh) * 0.5 + 0.08 * w))
        cv2.ellipse(img, (int(cx), int(cy)), rad, 0, 0, 360, disc_col, -1, cv2.LINE_AA)
    elif design.centre_style == "box":
        pad = int(0.06 * w)
        box_col = shade(bg, 0.8) if luminance(bg) > 100 else shade(bg, 1.4)
        cv2.rectangle(img, (int(cx - mw / 2 - pad), int(cy - mh / 2 - pad)),
                      (int(cx + mw / 2 + pad), int(cy + mh / 2 + pad)), box_col, -1, cv2.LINE_AA)
    elif design.centre_style == "outlined":
        k = max(3, int(th * 0.08) | 1)
        outline = cv2.dilate(np.pad(mask, k), np.ones((k, k), np.uint8))
        blit_centered(img, outline, cx, cy, _contrast(ink, design))
    elif design.centre_style == "shadow":
        d = max(1, int(th * 0.05))
        blit_centered(img, mask, cx + d, cy + d, shade(bg, 0.55))
    blit_centered(img, mask, cx, cy, ink)
    return ((cx - mw / 2) / w, (cy - mh / 2) / h, (cx + mw / 2) / w, (cy + mh / 2) / h)


def _indices(img: np.ndarray, design: CardDesign, text: str, col: tuple[int, ...], w: int,
             h: int, border: float) -> tuple[Rect, ...]:
    if design.index_layout == "none" or not text:
        return ()
    th = int(h * design.index_scale)
    base = text_mask(text, design.index_font, th)
    if base.shape[1] > w * 0.3:
        base = cv2.resize(base, (int(w * 0.3), max(4, int(th * w * 0.3 / base.shape[1]))))
    turn = 1 if design.index_sideways else 0
    m_up = _rot(base, turn)
    m_dn = _rot(base, turn + (2 if design.index_rotated else 0))
    pad = border + 0.05 * w
    mh, mw = m_up.shape
    spots = {
        "tl": (pad + mw / 2, pad + mh / 2, m_up),
        "tr": (w - pad - mw / 2, pad + mh / 2, m_up),
        "br": (w - pad - mw / 2, h - pad - mh / 2, m_dn),
        "bl": (pad + mw / 2, h - pad - mh / 2, m_dn),
        "ml": (pad + mh / 2, h / 2, _rot(base, 1)),
        "mr": (w - pad - mh / 2, h / 2, _rot(base, 3)),
    }
    which = {"two": ("tl", "br"), "four": ("tl", "tr", "br", "bl"), "tl": ("tl",),
             "sides": ("ml", "mr")}[design.index_layout]
    out = []
    for key in which:
        cx, cy, m = spots[key]
        x, y, mw2, mh2 = blit_centered(img, m, cx, cy, col)
        out.append((x / w, y / h, (x + mw2) / w, (y + mh2) / h))
    return tuple(out)


def _joker_art(img: np.ndarray, deck: Deck, design: CardDesign, w: int, h: int,
               rng: np.random.Generator) -> Rect:
    cols = [design.colour(c.name) for c in deck.colours]
    cx, cy = w // 2, h // 2
    rad = int(w * 0.36)
    style = design.joker_style
    if style == "rainbow":
        band = int(h * 0.5 / len(cols))
        y0 = cy - band * len(cols) // 2
        for i, c in enumerate(cols):
            pts = np.array([[int(w * 0.12), y0 + i * band + int(w * 0.2)],
                            [int(w * 0.88), y0 + i * band - int(w * 0.2)],
                            [int(w * 0.88), y0 + (i + 1) * band - int(w * 0.2)],
                            [int(w * 0.12), y0 + (i + 1) * band + int(w * 0.2)]], np.int32)
            cv2.fillConvexPoly(img, pts, c, cv2.LINE_AA)
    elif style == "star":
        n = int(rng.integers(5, 9))
        ang = np.linspace(0, 2 * np.pi, 2 * n, endpoint=False) - np.pi / 2
        rr = np.where(np.arange(2 * n) % 2 == 0, rad, rad * 0.45)
        pts = np.stack([cx + rr * np.cos(ang), cy + rr * np.sin(ang)], 1).astype(np.int32)
        cv2.fillPoly(img, [pts], cols[int(rng.integers(len(cols)))], cv2.LINE_AA)
        cv2.circle(img, (cx, cy), int(rad * 0.3), cols[int(rng.integers(len(cols)))], -1,
                   cv2.LINE_AA)
    elif style == "face":
        cv2.circle(img, (cx, cy + rad // 5), int(rad * 0.8), cols[2], -1, cv2.LINE_AA)
        for i, c in enumerate(cols[:3]):
            x = cx + (i - 1) * int(rad * 0.7)
            tri = np.array([[cx + (i - 1) * rad // 4, cy - rad // 3], [x, cy - rad * 1.3],
                            [cx + (i - 1) * rad // 4 + rad // 3, cy - rad // 3]], np.int32)
            cv2.fillConvexPoly(img, tri, c, cv2.LINE_AA)
        for dx in (-1, 1):
            cv2.circle(img, (cx + dx * rad // 3, cy), max(2, rad // 9), design.ink, -1)
        cv2.ellipse(img, (cx, cy + rad // 3), (rad // 2, rad // 4), 0, 10, 170, design.ink,
                    max(1, rad // 12), cv2.LINE_AA)
    elif style == "rings":
        for i, c in enumerate(cols):
            cv2.circle(img, (cx, cy), int(rad * (1 - i / len(cols))), c, -1, cv2.LINE_AA)
    elif style == "wedges":
        for i, c in enumerate(cols):
            a0 = i * 360 / len(cols) + float(rng.uniform(0, 10))
            cv2.ellipse(img, (cx, cy), (rad, rad), 0, a0, a0 + 360 / len(cols), c, -1,
                        cv2.LINE_AA)
    else:  # text
        m = _rot(text_mask("JOKER", design.centre_font, int(w * 0.28)), 1)
        if m.shape[0] > h * 0.8:
            m = cv2.resize(m, (m.shape[1], int(h * 0.8)))
        for i in range(2):
            blit_centered(img, m, cx + (i * 2 - 1) * 1.5, cy, cols[(i * 3) % len(cols)])
    return (0.5 - rad / w, 0.5 - rad / h, 0.5 + rad / w, 0.5 + rad / h)


def card_face(deck: Deck, design: CardDesign, name: str) -> Face:
    """The face of class ``name`` in ``design`` (deterministic)."""
    return _number_face(deck, design, name)


def card_back(deck: Deck, design: CardDesign) -> Face:
    w, h = _size(deck.card_mm)
    img, alpha = _card_base(design, w, h)
    c1, c2 = design.back_colours
    inner = rounded_rect_mask(w, h, design.corner_radius_mm * PX_PER_MM, inset=2 * PX_PER_MM)
    rng = np.random.default_rng([design.seed, 99])
    kind = {"grid": "checks", "stripes": "diagonal", "dots": "dots", "logo": "waves"}[
        design.back_style]
    img[:] = c2
    _fill_region(img, inner, c1, kind, design, rng)
    if design.back_style == "logo":
        m = _rot(text_mask("PASST N1CHT", FontSpec("hershey", weight=0.14), int(w * 0.16)), 1)
        if m.shape[0] > h * 0.85:
            m = cv2.resize(m, (m.shape[1], int(h * 0.85)))
        blit_centered(img, m, w / 2, h / 2, design.paper)
    return Face(np.dstack([img, alpha]), ValueRegions((0, 0, 0, 0)))


def reminder_face(deck: Deck, design: CardDesign, k: int) -> Face:
    """A reminder card (printed with the deck, never played): header band and text lines."""
    w, h = _size(deck.card_mm)
    rng = np.random.default_rng([design.seed, 500 + k])
    img, alpha = _card_base(design, w, h)
    img[:] = design.paper
    col = design.colours[k % len(design.colours)][1]
    cv2.rectangle(img, (0, 0), (w, int(h * rng.uniform(0.12, 0.25))), col, -1)
    font = FontSpec("hershey", weight=0.1)
    blit(img, text_mask("Passt N1cht", font, int(h * 0.05)), int(w * 0.1), int(h * 0.05),
         design.paper)
    y = int(h * 0.3)
    while y < h * 0.9:
        lw = int(w * rng.uniform(0.4, 0.8))
        cv2.line(img, (int(w * 0.1), y), (int(w * 0.1) + lw, y), shade(design.ink, 2.2), 2)
        if rng.random() < 0.3:
            cv2.circle(img, (int(w * 0.85), y), 4, design.colours[int(rng.integers(5))][1], -1)
        y += int(h * rng.uniform(0.05, 0.09))
    return Face(np.dstack([img, alpha]), ValueRegions((0, 0, 0, 0)))


def foreign_face(design_seed: int, k: int) -> tuple[Face, tuple[float, float]]:
    """A card of another game (poker-like or a colour-number card with values 6-9)."""
    rng = np.random.default_rng([design_seed, 900 + k])
    if rng.random() < 0.5:
        mm = (63.0, 88.0)
        w, h = _size(mm)
        img = np.full((h, w, 3), 245, np.uint8)
        red = rng.random() < 0.5
        col = (40, 30, 200) if red else (20, 20, 20)
        rank = str(rng.choice(["A", "K", "Q", "J", "10", "7", "8", "9"]))
        f = FontSpec("hershey", hershey=2, weight=0.1)
        blit(img, text_mask(rank, f, int(h * 0.1)), int(w * 0.07), int(h * 0.05), col)
        for _ in range(int(rng.integers(1, 7))):
            x, y = int(rng.uniform(0.25, 0.75) * w), int(rng.uniform(0.2, 0.8) * h)
            pts = np.array([[x, y - 9], [x + 7, y], [x, y + 9], [x - 7, y]], np.int32)
            cv2.fillConvexPoly(img, pts, col, cv2.LINE_AA)
    else:
        mm = (57.0, 87.0)
        w, h = _size(mm)
        img = np.empty((h, w, 3), np.uint8)
        img[:] = (int(rng.integers(0, 255)), int(rng.integers(0, 255)), int(rng.integers(0, 255)))
        cv2.ellipse(img, (w // 2, h // 2), (int(w * 0.4), int(h * 0.3)), 30, 0, 360,
                    (250, 250, 250), -1, cv2.LINE_AA)
        blit_centered(img, text_mask(str(rng.integers(6, 10)), FontSpec("hershey", weight=0.16),
                                     int(h * 0.35)), w / 2, h / 2, (30, 30, 30))
    alpha = rounded_rect_mask(w, h, 3 * PX_PER_MM)
    return Face(np.dstack([img, alpha]), ValueRegions((0, 0, 0, 0))), mm
