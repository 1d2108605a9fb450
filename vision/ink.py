"""Tell pink from red by this deck's own inks, learnt while the game is played.

The face reader has seen many printings but never this one: on some it reads a pink card
as red (or the other way) surely, card after card. Under one camera and one light, though,
one printing's red ink is always yellower and more saturated than its pink (the deck's
nominal red and pink lie 17° of hue apart; a printing moves each by at most 6-8°). So the
game itself teaches which ink is which:

- :func:`ink_of` measures a card's ink from its upright crop: the mean colour (CIELAB a*, b*)
  of its most colourful pixels, as hue angle and chroma;
- :class:`DeckInks` collects the inks of the cards read as red or pink (either: the reader
  may confuse them all game) and splits them in two; the yellower half is red. Once both
  halves are far enough apart and colourful enough (a white card's small coloured index is
  too faint), it weighs every red or pink reading by how much its ink looks like the one
  or the other - as a likelihood ratio, capped, on the reader's own odds. The reader still
  decides the value, a card whose ink says little keeps its reading, and so does a card
  that lay still since before the inks were trusted.

Like supervision's smoothers, one verb: ``update_with_detections(d) -> d``. Detections
without an ``ink`` field (hand-made, the demo's truth) pass unchanged.

>>> crop = np.full((72, 48, 3), (40, 50, 220), np.uint8)  # a red card (BGR)
>>> hue, chroma = ink_of(crop)
>>> 30 < hue < 50 and chroma > 50
True
"""

from __future__ import annotations

from collections import deque
from typing import Any

import cv2
import numpy as np
import supervision as sv

from engine.cards import CARD_NAMES
from vision.detections import CLASS_NAME, CLASS_PROBS, CORNERS, box_iou
from vision.rectify import rectify

INK = "ink"  # detections' field: (N, 2) hue angle (degrees) and chroma of each card's ink
MIN_CHROMA = 15.0  # a pixel this colourful (CIELAB chroma) or more can be ink
# inks trusted only this colourful (median chroma of each): the big coloured areas of most
# printings. A white card's small coloured index measures too faint (about 18) to overrule
# the reader card by card
TRUSTED_CHROMA = 25.0
# where a red or pink ink's hue may lie under a tinted light (neutral: red near 35°, pink
# near 0°); medians outside mean the cards' colour is not what was measured (a cast, a table)
PLAUSIBLE_HUE = (-45.0, 55.0)
MIN_PIXELS = 8  # fewer ink pixels than this: the crop tells no ink (NaN)
PAPER_CHROMA = 25.0  # a card's brightest fifth less colourful than this is paper
INSET = 0.08  # each side's share of the crop left out: a box's edge may hold the table


def ink_of(crop: np.ndarray) -> tuple[float, float]:
    """Hue angle (degrees, CIELAB) and chroma of the most colourful tenth of a BGR crop's
    pixels (at least :data:`MIN_CHROMA`); NaNs when too few pixels are that colourful.

    On a card whose brightest fifth is paper (barely coloured: the light's cast) the colours
    are taken relative to that paper, so a yellowish light does not drown a small coloured
    index in the paper's own tint."""
    hue, chroma = inks_of(crop[None])[0]
    return float(hue), float(chroma)


def two_means(x: np.ndarray, rounds: int = 10) -> np.ndarray:
    """Split points (N, 2) in two by k-means, starting from the lowest and highest fifth of
    the first coordinate: which points fall in the upper half."""
    lo, hi = len(x) // 5, (4 * len(x)) // 5
    cut = np.partition(x[:, 0], (lo, hi))
    centres = np.array([x[x[:, 0] <= cut[lo]].mean(0), x[x[:, 0] >= cut[hi]].mean(0)])
    upper = np.zeros(len(x), bool)
    first, second = x[:, 0], x[:, 1]
    for _ in range(rounds):
        (a0, a1), (b0, b1) = centres
        new = (first - b0) ** 2 + (second - b1) ** 2 < (first - a0) ** 2 + (second - a1) ** 2
        if new.all() or not new.any():
            return new
        if (new == upper).all():
            break
        upper = new
        centres = np.array([x[~upper].mean(0), x[upper].mean(0)])
    return upper


def inks_of(crops: np.ndarray | list[np.ndarray]) -> np.ndarray:
    """(N, 2) :func:`ink_of` of each crop (all of one size), at once."""
    if len(crops) == 0:
        return np.zeros((0, 2), np.float32)
    x = np.asarray(crops)
    n, h, w = x.shape[:3]
    dy, dx = round(h * INSET), round(w * INSET)
    # every second pixel each way: the coloured areas trusted are large (and 4x faster)
    cut = x[:, dy:h - dy:2, dx:w - dx:2]
    inner = np.ascontiguousarray(cut).reshape(-1, cut.shape[2], 3)
    lab = cv2.cvtColor(inner, cv2.COLOR_BGR2LAB).astype(np.float32).reshape(n, -1, 3)
    light, a, b = lab[..., 0], lab[..., 1] - 128.0, lab[..., 2] - 128.0
    k = lab.shape[1]
    bright = light >= np.partition(light, (8 * k) // 10, axis=1)[:, (8 * k) // 10, None]
    count = bright.sum(1)
    pa, pb = (a * bright).sum(1) / count, (b * bright).sum(1) / count
    paper = (np.hypot(pa, pb) < PAPER_CHROMA)[:, None]
    a, b = a - np.where(paper, pa[:, None], 0.0), b - np.where(paper, pb[:, None], 0.0)
    chroma = np.hypot(a, b)
    top = np.partition(chroma, (9 * k) // 10, axis=1)[:, (9 * k) // 10]
    ink = chroma >= np.maximum(top, MIN_CHROMA)[:, None]
    many = ink.sum(1)
    with np.errstate(invalid="ignore", divide="ignore"):
        ma, mb = (a * ink).sum(1) / many, (b * ink).sum(1) / many
    out = np.stack([np.degrees(np.arctan2(mb, ma)), np.hypot(ma, mb)], 1)
    out[many < MIN_PIXELS] = np.nan
    return out.astype(np.float32)


def with_inks(frame: np.ndarray, detections: sv.Detections) -> sv.Detections:
    """``detections`` with the ``ink`` field, cut from ``frame`` along their corners (the
    detector does this itself; this is for detections recorded without it)."""
    if INK in detections.data or CORNERS not in detections.data:
        return detections
    out = detections[np.arange(len(detections))]
    out.data[INK] = inks_of([rectify(frame, c) for c in detections.data[CORNERS]])
    return out


class DeckInks:
    """Learns this game's red and pink inks from the cards read as either, and weighs every
    red or pink reading by its ink (see the module's text)."""

    def __init__(self, class_names: tuple[str, ...] | list[str] = CARD_NAMES,
                 samples: int = 4000, min_samples: int = 20, min_share: float = 0.1,
                 min_apart: float = 3.0, min_gap: float = 8.0, max_odds: float = 20.0,
                 within: float = 3.0, refit_every: int = 25, same_place_iou: float = 0.8,
                 forget_after: int = 200) -> None:
        """The inks of the cards read as red or pink (either: the reader may confuse them
        all game) are split in two; the yellower half is red. They are trusted once
        ``min_samples`` were seen, each half holds ``min_share`` of them, and the halves lie
        ``min_apart`` spreads and ``min_gap`` degrees of hue apart.
        ``max_odds``: the most one card's ink may shift the reader's odds; ``within``: an ink
        farther than this (in spreads) from both is no red or pink ink (a box over another
        card, a hand): it tells nothing. A card lying (box IoU ``same_place_iou``, the same
        reading) where one lay before the inks were trusted keeps its reading until it is
        gone for ``forget_after`` updates."""
        names = list(class_names)
        self.pairs = [(names.index(f"red-{v}"), names.index(f"pink-{v}"))
                      for v in range(6) if f"red-{v}" in names and f"pink-{v}" in names]
        self.class_names = names
        self.min_samples, self.min_share = min_samples, min_share
        self.min_apart, self.min_gap = min_apart, min_gap
        self.max_log_odds, self.within = float(np.log(max_odds)), within
        self.seen: deque[tuple[float, float]] = deque(maxlen=samples)
        self.refit_every = refit_every
        self._model: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
        self._new = 0
        # cards seen lately, and once the inks are trusted, those that lay there before:
        # [box, reading, updates since seen]. Those keep their reading while they lie still
        # (the tracker took them as read: a card that turned pink in place would be a change
        # no move explains)
        self.lately: list[list[Any]] = []
        self.settled: list[list[Any]] | None = None
        self.same_place_iou, self.forget_after = same_place_iou, forget_after

    # -- learning ---------------------------------------------------------------------------
    def learn(self, probs: np.ndarray, inks: np.ndarray) -> None:
        """Take the inks of the cards read as red or pink, that may be red or pink inks."""
        red_or_pink = probs[:, [i for pair in self.pairs for i in pair]].sum(1)
        lo, hi = PLAUSIBLE_HUE
        ok = (red_or_pink >= 0.5) & np.isfinite(inks).all(1)
        ok[ok] &= (inks[ok, 0] >= lo) & (inks[ok, 0] <= hi) & (inks[ok, 1] >= MIN_CHROMA)
        for i in np.flatnonzero(ok):
            self.seen.append((float(inks[i, 0]), float(inks[i, 1])))
        self._new += int(ok.sum())

    def model(self) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        """(red's ink, pink's ink, their spread) as (hue, chroma) each, or None while the
        inks tell nothing (too few seen, one ink only, or two too close)."""
        if self._new < self.refit_every and (self._model is not None or self._new == 0):
            return self._model
        self._new, self._model = 0, None
        if len(self.seen) < self.min_samples:
            return None
        x = np.array(self.seen, np.float64)
        half = two_means(x)
        if min(half.mean(), 1 - half.mean()) < self.min_share:
            return None
        a, b = np.median(x[half], 0), np.median(x[~half], 0)
        mr, mp = (a, b) if a[0] > b[0] else (b, a)  # the yellower ink is red
        # robust spread of each, pooled; never below a few degrees / chroma units
        mad = (np.median(np.abs(x[half] - a), 0) + np.median(np.abs(x[~half] - b), 0)) / 2
        spread = np.maximum(1.4826 * mad, (3.0, 4.0))
        if (float(np.hypot(*((mr - mp) / spread))) < self.min_apart
                or mr[0] - mp[0] < self.min_gap or min(mr[1], mp[1]) < TRUSTED_CHROMA):
            return None
        self._model = (mr, mp, spread)
        return self._model

    # -- weighing ---------------------------------------------------------------------------
    def log_odds(self, inks: np.ndarray) -> np.ndarray:
        """Red against pink, by ink alone, for each (hue, chroma) (0: the ink says nothing)."""
        m = self.model()
        out = np.zeros(len(inks))
        if m is None:
            return out
        mr, mp, spread = m
        x = np.asarray(inks, np.float64)
        ok = np.isfinite(x).all(1)
        d_red = (((x[ok] - mr) / spread) ** 2).sum(1)
        d_pink = (((x[ok] - mp) / spread) ** 2).sum(1)
        lo = np.clip((d_pink - d_red) / 2, -self.max_log_odds, self.max_log_odds)
        out[ok] = np.where(np.minimum(d_red, d_pink) <= self.within ** 2, lo, 0.0)
        return out

    def _lying_before(self, boxes: np.ndarray, reads: np.ndarray, trusted: bool) -> np.ndarray:
        """Which cards lie where a card with the same reading lay before the inks were
        trusted (and note the cards seen until then)."""
        if trusted and self.settled is None:
            self.settled, self.lately = self.lately, []
        cards = self.lately if self.settled is None else self.settled
        for c in cards:
            c[2] += 1
        known = np.array([c[0] for c in cards]).reshape(-1, 4)
        iou = box_iou(boxes, known)
        lying = np.zeros(len(boxes), bool)
        for i in range(len(boxes)):
            j = next((int(k) for k in np.argsort(-iou[i]) if iou[i, k] >= self.same_place_iou
                      and cards[k][1] == reads[i]), -1) if iou.shape[1] else -1
            if j >= 0:
                cards[j][0], cards[j][2] = boxes[i], 0
                lying[i] = self.settled is not None
            elif self.settled is None:
                cards.append([boxes[i], int(reads[i]), 0])
        cards[:] = [c for c in cards if c[2] <= self.forget_after]
        return lying

    def update_with_detections(self, d: sv.Detections) -> sv.Detections:
        if len(d) == 0 or INK not in d.data or CLASS_PROBS not in d.data:
            return d
        probs = np.asarray(d.data[CLASS_PROBS], np.float64)
        inks = np.asarray(d.data[INK], np.float64)
        self.learn(probs, inks)
        lo = self.log_odds(inks)
        lo[self._lying_before(np.asarray(d.xyxy, np.float64), probs.argmax(1),
                               self.model() is not None)] = 0.0
        if not lo.any():
            return d
        weighed = probs.copy()
        w_red, w_pink = np.exp(lo / 2)[:, None], np.exp(-lo / 2)[:, None]
        for r, p in self.pairs:
            both = probs[:, [r, p]]
            shifted = both * np.hstack([w_red, w_pink])
            total = shifted.sum(1, keepdims=True)
            weighed[:, [r, p]] = np.where(total > 0, shifted / np.maximum(total, 1e-12)
                                          * both.sum(1, keepdims=True), both)
        out = d[np.arange(len(d))]
        best = weighed.argmax(1)
        old = probs.max(1)
        out.class_id = best.astype(int)
        out.data[CLASS_NAME] = np.array([self.class_names[k] for k in best], dtype=object)
        out.data[CLASS_PROBS] = weighed.astype(np.float32)
        if out.confidence is not None:
            out.confidence = (np.asarray(d.confidence, np.float64) * weighed.max(1)
                              / np.maximum(old, 1e-12)).astype(np.float32)
        return out
