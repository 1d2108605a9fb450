"""Glyph masks from OpenCV Hershey fonts and from TrueType fonts shipped inside packages.

No font is downloaded: TrueType files come from matplotlib's ``mpl-data`` (DejaVu, STIX,
Computer Modern) when matplotlib is installed; otherwise only Hershey fonts are offered.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

HERSHEY = (
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_DUPLEX,
    cv2.FONT_HERSHEY_COMPLEX,
    cv2.FONT_HERSHEY_TRIPLEX,
    cv2.FONT_HERSHEY_SCRIPT_SIMPLEX,
    cv2.FONT_HERSHEY_PLAIN,
)
# every one draws the digits and the joker texts (DejaVuSansDisplay.ttf, once listed here,
# has no digits at all: 4 % of the printings had no centre value, 2 % no value anywhere)
_TTF_NAMES = (
    "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSerif.ttf",
    "DejaVuSerif-Bold.ttf", "DejaVuSansMono-Bold.ttf", "STIXGeneral.ttf",
    "STIXGeneralBol.ttf", "cmr10.ttf", "cmss10.ttf", "cmb10.ttf", "cmtt10.ttf",
)


@dataclass(frozen=True)
class FontSpec:
    """A Hershey font (``hershey`` id, stroke ``weight`` relative to height) or a TTF path."""

    kind: str  # "hershey" | "ttf"
    hershey: int = 0
    weight: float = 0.12
    italic: bool = False
    path: str = ""


@lru_cache(maxsize=1)
def ttf_paths() -> tuple[str, ...]:
    """TrueType fonts available without download (sorted, so choice by seed is stable)."""
    try:
        import matplotlib
    except ImportError:  # pragma: no cover - matplotlib ships with ultralytics
        return ()
    base = Path(matplotlib.__file__).parent / "mpl-data" / "fonts" / "ttf"
    return tuple(str(base / n) for n in _TTF_NAMES if (base / n).is_file())


def _crop(mask: np.ndarray) -> np.ndarray:
    ys, xs = np.nonzero(mask > 8)
    if len(ys) == 0:
        return np.zeros((1, 1), np.uint8)
    return mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]


@lru_cache(maxsize=4096)
def text_mask(text: str, font: FontSpec, height: int) -> np.ndarray:
    """A tight uint8 coverage mask of ``text`` whose ink is ``height`` pixels tall."""
    height = max(4, int(height))
    if font.kind == "ttf":
        from PIL import Image, ImageDraw, ImageFont

        size = int(height * 1.45)
        f = ImageFont.truetype(font.path, size)
        x0, y0, x1, y1 = f.getbbox(text)
        img = Image.new("L", (x1 - x0 + 8, y1 - y0 + 8), 0)
        ImageDraw.Draw(img).text((4 - x0, 4 - y0), text, fill=255, font=f)
        m = _crop(np.asarray(img))
    else:
        scale = 4.0  # draw big, then shrink: smooth strokes at any size
        face = font.hershey | (cv2.FONT_ITALIC if font.italic else 0)
        thick = max(1, int(round(font.weight * 22 * scale)))  # ~weight x glyph height
        (w, h), base = cv2.getTextSize(text, face, scale, thick)
        img = np.zeros((h + base + 4 * thick, w + 4 * thick), np.uint8)
        cv2.putText(img, text, (2 * thick, h + 2 * thick), face, scale, 255, thick, cv2.LINE_AA)
        m = _crop(img)
    if m.shape[0] != height:
        w = max(1, int(round(m.shape[1] * height / m.shape[0])))
        m = cv2.resize(m, (w, height), interpolation=cv2.INTER_AREA)
    m.setflags(write=False)
    return m
