"""How often the discard top is misread, by the shape of its box: squarer than a card
(``vision.table_view.SQUARE``) against card-shaped.

Reads the detections that ``bench/pipeline.py --replay`` keeps for rendered games and, at
each frame the renderer's truth lists (every 5th) with a card on the discard and none in
flight, compares the surest card found near the discard with the truth's discard top. A
box astride two cards of a pile is squarer than a card; the tracker waits on such tops
(see ``Pile.squarish``). Prints the share misread in each group and their ratio.

    .venv/bin/python bench/box_shape.py --first-seed 11001 [--games 10] [--finder F]
        [--finder-shifts none]
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from collections import Counter
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)

import numpy as np  # noqa: E402

from bench.pipeline import GAMES, settings_key, weights_key  # noqa: E402
from vision.detections import CLASS_NAME, CORNERS  # noqa: E402
from vision.detector import load_detector, shifts_arg  # noqa: E402
from vision.table_view import SQUARE, outline_aspect  # noqa: E402


def count(frames: list, truth: dict) -> Counter[tuple[bool, bool]]:
    """(squarish, read right) for the discard top at each truth state."""
    out: Counter[tuple[bool, bool]] = Counter()
    dx, dy = truth["table"]["discard_px"]
    near_px = truth["table"]["card_px_at_centre"]
    for s in truth["states"]:
        d = frames[s["frame"]] if s["frame"] < len(frames) else None
        if not s["discard_top"] or s["in_flight"] or d is None or not len(d):
            continue
        quads = np.asarray(d.data[CORNERS], np.float64).reshape(-1, 4, 2)
        centre = quads.mean(axis=1)
        near = np.hypot(centre[:, 0] - dx, centre[:, 1] - dy) < near_px
        if not near.any():
            continue
        i = int(np.flatnonzero(near)[np.argmax(np.asarray(d.confidence)[near])])
        square = outline_aspect(quads[i]) < SQUARE
        out[(square, str(d.data[CLASS_NAME][i]) == s["discard_top"])] += 1
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--first-seed", type=int, default=11001)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--finder", default=None, help="the finder whose detections were kept")
    ap.add_argument("--finder-shifts", default=None, help="as for bench/pipeline.py")
    args = ap.parse_args()
    from vision.detector import DEFAULT_CORNERS, DEFAULT_FACES, DEFAULT_FINDER

    detector = load_detector(finder=args.finder, **shifts_arg(args.finder_shifts))
    key = weights_key(Path(args.finder or DEFAULT_FINDER), DEFAULT_FACES, DEFAULT_CORNERS,
                      settings=settings_key(detector))
    total: Counter[tuple[bool, bool]] = Counter()
    for seed in range(args.first_seed, args.first_seed + args.games):
        kept = GAMES / f"game_{seed}.{key}.detections"
        if not kept.exists():
            print(f"game {seed}: no kept detections (run bench/pipeline.py --replay first)")
            continue
        truth = json.loads((GAMES / f"game_{seed}.json").read_text())
        total += count(pickle.loads(kept.read_bytes()), truth)
    shares = {}
    for square, name in ((False, "card-shaped"), (True, f"squarer than {SQUARE:g}")):
        n = total[(square, True)] + total[(square, False)]
        shares[square] = total[(square, False)] / n if n else float("nan")
        print(f"{name:>18}: {n:5d} discard tops, {total[(square, False)]:4d} misread "
              f"({100 * shares[square]:.1f} %)")
    print(f"misread {shares[True] / shares[False]:.0f}x as often when squarer"
          if shares[False] else "no card-shaped top misread")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
