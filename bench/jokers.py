"""How surely the detector finds the joker, by the printing's joker style
(``vision.render.design.JOKER_STYLES``).

Two measures, each by style and for the other cards beside:

- ``--scenes N``: N rendered tables of printings never trained on (scene seed 9500, design
  seeds from 1,600,000, one table each), half of the cards off the stacks turned into
  jokers (``SceneSpec.joker_share``): the share of labelled cards at least 80 % visible that
  the detector finds (a box at IoU 0.5 or more) and reads right at its operating point;
- ``--games``: every rendered game under ``data/bench_games`` (``bench/pipeline.py``
  renders them): at each frame the truth lists (every 5th) with a joker on top of the
  discard, no arm over the table and no card in flight, the finder's confidence in the
  surest box read joker (0: none, down to 0.005). The finder acts on boxes from 0.2; a
  closer look (a discard not read) goes down to 0.005.

    .venv/bin/python bench/jokers.py --scenes 400 --games [--finder F] [--faces R]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from bench.pipeline import GAMES  # noqa: E402
from vision.detections import CLASS_NAME, box_iou  # noqa: E402
from vision.detector import CLOSE_CONF, FINDER_CONF, FOUND, CardDetector, load_detector  # noqa: E402
from vision.render.deck import load_deck  # noqa: E402
from vision.render.design import sample_design  # noqa: E402
from vision.render.sampling import SceneSpec, render_scene  # noqa: E402

VISIBLE = 0.8
CLOSER_AT = 0.05  # a share also given from here: a closer look finds such a card surely


def on_scenes(detector: CardDetector, n: int) -> None:
    deck = load_deck()
    spec = SceneSpec(seed=9500, design_seed=1_600_000, images_per_design=1, joker_share=0.5)
    cards, found, right = Counter[str](), Counter[str](), Counter[str]()
    for i in range(n):
        frame = render_scene(deck, spec, i)
        style = sample_design(deck, spec.design_of(i)).joker_style
        d = detector.detect(frame.image)
        names = list(d.data[CLASS_NAME]) if len(d) else []
        for t in frame.truths:
            if not t.labelled or t.visible < VISIBLE:
                continue
            key = f"joker, {style}" if t.name == deck.joker_name else "other cards"
            pts = np.asarray(t.corners, float)
            cards[key] += 1
            if len(d):
                o = box_iou(np.r_[pts.min(0), pts.max(0)][None], d.xyxy)[0]
                j = int(o.argmax())
                found[key] += bool(o[j] >= 0.5)
                right[key] += bool(o[j] >= 0.5 and names[j] == t.name)
    print(f"{n} rendered tables of unseen printings, cards at least {VISIBLE:.0%} visible:")
    for k in sorted(cards):
        print(f"  {k:16s} {cards[k]:5d} cards: found {found[k] / cards[k]:.3f}, "
              f"read right {right[k] / cards[k]:.3f}")


def on_games(detector: CardDetector) -> None:
    deck = load_deck()
    looks: dict[str, list[float]] = defaultdict(list)
    games: dict[str, list[str]] = defaultdict(list)
    for path in sorted(GAMES.glob("game_*.json")):
        truth = json.loads(path.read_text())
        frames = [s["frame"] for s in truth["states"] if s["discard_top"] == deck.joker_name
                  and s["arms"] == 0 and not s["in_flight"]]
        video = path.with_suffix(".mp4")
        if not frames or not video.exists():
            continue
        style = sample_design(deck, truth["design_seed"]).joker_style
        cap = cv2.VideoCapture(str(video))
        seen: list[float] = []
        for f in frames:
            cap.set(cv2.CAP_PROP_POS_FRAMES, f)
            ok, image = cap.read()
            if not ok:
                continue
            d = detector.detect_down_to(image, CLOSE_CONF)  # type: ignore[attr-defined]
            conf = [float(c) for n, c in zip(d.data[CLASS_NAME], d.data[FOUND], strict=True)
                    if n == deck.joker_name] if len(d) else []
            seen.append(max(conf, default=0.0))
        if not seen:
            continue
        looks[style] += seen
        games[style].append(f"{path.stem.removeprefix('game_')} {np.median(seen):.2f}")
    print("rendered games: the finder's confidence in the joker on top of the discard")
    for style in sorted(looks):
        v = np.array(looks[style])
        print(f"  {style:8s} {len(games[style]):2d} games, {len(v):4d} looks: "
              f"from {FINDER_CONF} {np.mean(v >= FINDER_CONF):.2f}, "
              f"from {CLOSER_AT} {np.mean(v >= CLOSER_AT):.2f}; median by game: "
              + ", ".join(games[style]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scenes", type=int, default=0, help="rendered tables to measure on")
    ap.add_argument("--games", action="store_true", help="measure on the rendered games")
    ap.add_argument("--finder", help="other card finder weights (.onnx or .pt)")
    ap.add_argument("--faces", help="other face classifier weights (.pt)")
    args = ap.parse_args()
    if not args.scenes and not args.games:
        ap.error("nothing to measure: give --scenes N and/or --games")
    detector = load_detector(finder=args.finder, faces=args.faces)
    if args.scenes:
        on_scenes(detector, args.scenes)
    if args.games:
        on_games(detector)


if __name__ == "__main__":
    main()
