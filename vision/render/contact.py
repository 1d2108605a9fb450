"""A contact sheet of rendered scenes, to see what the detector learns from.

``python -m vision.render.contact datasets/contact_sheet.png`` rewrites the committed sheet.
Labelled cards get a thin green outline with a red dot on the upright top-left corner.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import cv2
import numpy as np

from vision.render.deck import load_deck
from vision.render.sampling import SceneSpec, render_scene


def contact_sheet(seed: int = 0, n: int = 12, cols: int = 3, scale: float = 0.5,
                  outline: bool = True) -> np.ndarray:
    deck = load_deck()
    spec = SceneSpec(seed=seed, images_per_design=1)
    tiles = []
    for i in range(n):
        frame = render_scene(deck, spec, i)
        img = frame.image.copy()
        if outline:
            for t in frame.truths:
                if t.labelled:
                    c = np.round(np.array(t.corners)).astype(np.int32)
                    cv2.polylines(img, [c], True, (0, 255, 0), 1, cv2.LINE_AA)
                    cv2.circle(img, (int(c[0][0]), int(c[0][1])), 2, (0, 0, 255), -1)
        img = cv2.resize(img, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        tiles.append(img)
    while len(tiles) % cols:
        tiles.append(np.zeros_like(tiles[0]))
    rows = [np.hstack(tiles[r : r + cols]) for r in range(0, len(tiles), cols)]
    return np.vstack(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out", type=Path)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--n", type=int, default=12)
    ap.add_argument("--no-outline", action="store_true")
    a = ap.parse_args()
    sheet = contact_sheet(a.seed, a.n, outline=not a.no_outline)
    cv2.imwrite(str(a.out), sheet, [cv2.IMWRITE_PNG_COMPRESSION, 9])


if __name__ == "__main__":
    main()
