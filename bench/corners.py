"""How much the finder's boxes cost the face reader, and how much of it the refiner wins back.

On a rendered test set with its truth (``passt synth`` writes ``truth/*.jsonl``), every
labelled card at least ``--visible`` visible that the finder finds (a box centred within
10 px of it) is read three ways, by the same reader: along the finder's box, along that
box refined (``vision/corners.py``), and along the card's true corners (the baseline: what
perfect boxes would give). It prints the share read right each way and how far the boxes'
worst corner lies from the true one.

    .venv/bin/python bench/corners.py --data data/eval_unseen [--corners F] [--faces F]
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from vision.corners import CornerRefiner  # noqa: E402
from vision.detector import (  # noqa: E402
    DEFAULT_CORNERS,
    DEFAULT_FACES,
    DEFAULT_FINDER,
    FaceReader,
    Finder,
    find_cards,
)
from vision.rectify import rectify  # noqa: E402


def worst_corner(quad: np.ndarray, truth: np.ndarray) -> float:
    """The largest corner distance (px, per axis) over the ways the corners can pair up."""
    orders = [np.roll(q, k, 0) for q in (quad, quad[::-1]) for k in range(4)]
    return min(float(np.abs(o - truth).max()) for o in orders)


def cards_found(data: Path, finder: Finder, visible: float
                ) -> Iterator[tuple[np.ndarray, str, np.ndarray, np.ndarray]]:
    """(image, name, true corners, finder box) of each labelled card the finder finds."""
    for path in sorted((data / "truth").glob("*.jsonl")):
        for line in path.read_text().splitlines():
            rec = json.loads(line)
            image = cv2.imread(str(data / rec["image"]))
            cards = rec["cards"]
            cards = ast.literal_eval(cards) if isinstance(cards, str) else cards
            boxes, _ = find_cards(finder, image)
            if not len(boxes):
                continue
            centres = boxes.mean(1)
            for c in cards:
                if not c["labelled"] or c["visible"] < visible:
                    continue
                true = np.asarray(c["corners"], np.float32)
                d = np.linalg.norm(centres - true.mean(0), axis=1)
                if d.min() <= 10:
                    yield image, c["name"], true, boxes[int(d.argmin())]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True, help="a passt synth folder with truth/")
    ap.add_argument("--corners", default=str(DEFAULT_CORNERS))
    ap.add_argument("--faces", default=str(DEFAULT_FACES))
    ap.add_argument("--visible", type=float, default=0.9)
    args = ap.parse_args()
    finder, reader = Finder(DEFAULT_FINDER, conf=0.2), FaceReader(Path(args.faces))
    refiner = CornerRefiner(Path(args.corners))
    names: list[int] = []
    cuts: dict[str, list[np.ndarray]] = {"finder": [], "refined": [], "true": []}
    errors: dict[str, list[float]] = {"finder": [], "refined": []}
    for image, name, true, box in cards_found(Path(args.data), finder, args.visible):
        better = refiner.refine(image, box[None])[0]
        names.append(reader.names.index(name))
        for way, quad in (("finder", box), ("refined", better), ("true", true)):
            cuts[way].append(rectify(image, quad))
        errors["finder"].append(worst_corner(box, true))
        errors["refined"].append(worst_corner(better, true))
    truth = np.array(names)
    print(f"{len(truth)} cards at least {args.visible:.0%} visible, found by the finder")
    for way, crops in cuts.items():
        right = float((reader.read(np.stack(crops)).argmax(1) == truth).mean())
        line = f"read along the {way:7s} corners: {right:.2%} right"
        if way in errors:
            e = np.array(errors[way])
            line += (f"; worst corner {np.median(e):.2f} px off (median), "
                     f"{int((e > 8).sum())} more than 8 px")
        print(line + ("  (baseline)" if way == "true" else ""))


if __name__ == "__main__":
    main()
