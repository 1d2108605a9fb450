"""A randomized print design of a deck: fonts, layout of values, borders, patterns, shades.

No photo set of the real deck exists, so every scene is rendered with a design drawn from
a *design seed*. Training uses one range of design seeds and a test set a disjoint range
(see ``datasets/README.md``), so a model is scored on prints it never saw.

>>> from vision.render.deck import load_deck
>>> d = sample_design(load_deck(), 3)
>>> d == sample_design(load_deck(), 3), sorted(dict(d.colours))
(True, ['blue', 'green', 'pink', 'red', 'yellow'])
"""

from __future__ import annotations

import colorsys
from dataclasses import dataclass, replace

import numpy as np

from vision.render.deck import Deck
from vision.render.fonts import HERSHEY, FontSpec, ttf_paths

BGR = tuple[int, int, int]

FACE_STYLES = ("full", "white", "framed", "half")
PATTERNS = ("solid", "stripes", "dots", "gradient", "diagonal", "checks", "rings", "waves")
CENTRE_STYLES = ("plain", "outlined", "disc", "shadow", "box")
INDEX_LAYOUTS = ("none", "two", "four", "tl", "sides")
JOKER_STYLES = ("rainbow", "star", "face", "rings", "text", "wedges")
BACK_STYLES = ("grid", "stripes", "logo", "dots")


@dataclass(frozen=True)
class CardDesign:
    """Everything that makes one imagined print of the deck (hashable: used as cache key)."""

    seed: int
    colours: tuple[tuple[str, BGR], ...]  # colour name -> sampled shade (BGR)
    patterns: tuple[tuple[str, str], ...]  # colour name -> background pattern
    face_style: str
    paper: BGR  # the card stock colour (white-ish)
    ink: BGR  # dark ink for text on light areas
    border_mm: float
    border_colour: BGR
    corner_radius_mm: float
    centre_font: FontSpec
    centre_scale: float  # centre value height / card height
    centre_style: str
    centre_ink: str  # "paper" | "ink" | "colour"
    centre_dy: float  # vertical offset of the centre value (fraction of height)
    index_font: FontSpec
    index_layout: str
    index_scale: float
    index_rotated: bool  # bottom indices turned 180 degrees
    index_sideways: bool  # indices turned 90 degrees
    pattern_contrast: float
    pattern_period_mm: float
    joker_style: str
    joker_text: str
    back_style: str
    back_colours: tuple[BGR, BGR]

    def colour(self, name: str) -> BGR:
        return dict(self.colours)[name]

    def pattern(self, name: str) -> str:
        return dict(self.patterns)[name]


def _shade(rgb: tuple[int, int, int], hue_deg: float, sat: tuple[float, float],
           val: tuple[float, float], rng: np.random.Generator) -> BGR:
    h, s, v = colorsys.rgb_to_hsv(*(c / 255.0 for c in rgb))
    h = (h + rng.uniform(-hue_deg, hue_deg) / 360.0) % 1.0
    s = min(1.0, s * rng.uniform(*sat))
    v = min(1.0, v * rng.uniform(*val))
    r, g, b = colorsys.hsv_to_rgb(h, s, v)
    return int(b * 255), int(g * 255), int(r * 255)


def _font(rng: np.random.Generator, bold: bool) -> FontSpec:
    ttfs = ttf_paths()
    if ttfs and rng.random() < 0.6:
        return FontSpec("ttf", path=str(ttfs[int(rng.integers(len(ttfs)))]))
    hershey = HERSHEY[int(rng.integers(len(HERSHEY)))]
    lo, hi = (0.10, 0.18) if bold else (0.06, 0.12)
    return FontSpec("hershey", hershey=hershey, weight=float(rng.uniform(lo, hi)),
                    italic=bool(rng.random() < 0.15))


def _pick(rng: np.random.Generator, options: tuple[str, ...], p: list[float] | None = None) -> str:
    return str(options[int(rng.choice(len(options), p=p))])


def sample_design(deck: Deck, design_seed: int) -> CardDesign:
    """The design of ``design_seed`` (a pure function of deck and seed)."""
    rng = np.random.default_rng([int(design_seed), 0x5EED])
    colours = tuple(
        (c.name, _shade(c.rgb, c.hue_deg, c.sat, c.val, rng)) for c in deck.colours
    )
    same_pattern = rng.random() < 0.5
    p0 = _pick(rng, PATTERNS)
    patterns = tuple((c.name, p0 if same_pattern else _pick(rng, PATTERNS)) for c in deck.colours)
    paper_v = int(rng.integers(225, 256))
    paper = (paper_v - int(rng.integers(0, 18)), paper_v - int(rng.integers(0, 8)), paper_v)
    ink_v = int(rng.integers(0, 60))
    face_style = _pick(rng, FACE_STYLES, [0.4, 0.25, 0.2, 0.15])
    centre_ink = _pick(rng, ("paper", "ink", "colour"))
    if face_style == "full" and centre_ink == "colour":
        centre_ink = "paper"
    if face_style in ("white",) and centre_ink == "paper":
        centre_ink = "colour"
    b1 = (int(rng.integers(0, 256)), int(rng.integers(0, 256)), int(rng.integers(0, 256)))
    b2 = tuple(int(x) for x in (np.array(b1) * rng.uniform(0.3, 0.7)).astype(int))
    design = CardDesign(
        seed=int(design_seed),
        colours=colours,
        patterns=patterns,
        face_style=face_style,
        paper=paper,
        ink=(ink_v, ink_v, ink_v),
        border_mm=float(rng.choice([0.0, rng.uniform(1.0, 4.5)], p=[0.3, 0.7])),
        border_colour=paper if rng.random() < 0.8 else (ink_v, ink_v, ink_v),
        corner_radius_mm=float(rng.uniform(*deck.corner_radius_mm)),
        centre_font=_font(rng, bold=True),
        centre_scale=float(rng.uniform(0.32, 0.6)),
        centre_style=_pick(rng, CENTRE_STYLES, [0.35, 0.2, 0.2, 0.15, 0.1]),
        centre_ink=centre_ink,
        centre_dy=float(rng.uniform(-0.04, 0.04)),
        index_font=_font(rng, bold=False),
        index_layout=_pick(rng, INDEX_LAYOUTS, [0.2, 0.4, 0.15, 0.15, 0.1]),
        index_scale=float(rng.uniform(0.09, 0.16)),
        index_rotated=bool(rng.random() < 0.7),
        index_sideways=bool(rng.random() < 0.15),
        pattern_contrast=float(rng.uniform(0.08, 0.3)),
        pattern_period_mm=float(rng.uniform(3.0, 12.0)),
        joker_style=_pick(rng, JOKER_STYLES),
        joker_text=_pick(rng, ("J", "JOKER", "", "*", "JK")),
        back_style=_pick(rng, BACK_STYLES),
        back_colours=(b1, b2),  # type: ignore[arg-type]
    )
    if design.face_style == "white" and design.centre_ink == "ink" and \
            design.index_layout == "none":
        # a white card with a dark value and no index shows its colour only in a frame line
        # under a pixel wide in a scene: no camera can tell its colour. Indices carry it
        # (drawn after every random choice, so every other design stays as it was)
        design = replace(design, index_layout="two")
    return design
