"""Detector latency per frame at the deployment input on this machine's cores.

The same detector (finder, corner refiner when shipped, face classifier) is timed with
the finder run by plain ``YOLO("card_finder.pt").predict`` (the baseline), by ONNX
Runtime and by OpenVINO, in one run, on the same frames; each line is a ratio against the
baseline. It also checks that each runtime reads the same cards as the baseline, frame by
frame.

    .venv/bin/python bench/detector.py [--frames 30] [--pt data/finder.pt]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from vision.corners import CornerRefiner  # noqa: E402
from vision.detector import (  # noqa: E402
    DEFAULT_CORNERS,
    MODELS,
    FaceReader,
    Finder,
    TwoStageDetector,
)


def frames_from_demo(n: int) -> list[np.ndarray]:
    cap = cv2.VideoCapture(str(MODELS.parent / "datasets" / "demo" / "demo_game.mp4"))
    total = int(cap.get(cv2.CAP_PROP_FRAME_COUNT)) or n
    out = []
    for k in range(n):
        cap.set(cv2.CAP_PROP_POS_FRAMES, k * total // n)
        ok, frame = cap.read()
        if ok:
            out.append(frame)
    if not out:
        raise SystemExit("cannot read the demo video")
    return out


def timed(det: TwoStageDetector, frames: list[np.ndarray]) -> tuple[float, list[list[str]]]:
    det.detect(frames[0])  # warm up
    times, counts = [], []
    for f in frames:
        t0 = time.perf_counter()
        d = det.detect(f)
        times.append(time.perf_counter() - t0)
        counts.append(sorted(d.data["class_name"]))
    return statistics.median(times), counts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--frames", type=int, default=30)
    ap.add_argument("--pt", default=str(MODELS / "card_finder.pt"))
    args = ap.parse_args()
    import torch

    torch.set_num_threads(2)
    frames = frames_from_demo(args.frames)
    faces = FaceReader(MODELS / "card_faces.pt")
    refiner = CornerRefiner(DEFAULT_CORNERS) if DEFAULT_CORNERS.exists() else None
    runtimes = {"pytorch (YOLO.predict, baseline)": Path(args.pt),
                "onnxruntime": MODELS / "card_finder.onnx",
                "openvino": MODELS / "card_finder_openvino_model"}
    base_t, base_counts = None, None
    print(f"{len(frames)} frames {frames[0].shape[1]}x{frames[0].shape[0]}, finder input 640 px")
    for name, path in runtimes.items():
        if not path.exists():
            print(f"{name:34s} skipped: {path} not found")
            continue
        t, counts = timed(TwoStageDetector(Finder(path), faces, corners=refiner), frames)
        if base_t is None:
            base_t, base_counts = t, counts
        same = sum(a == b for a, b in zip(counts, base_counts or counts, strict=True))
        print(f"{name:34s} {t * 1000:7.1f} ms/frame  ratio {t / base_t:5.2f}  "
              f"same cards read on {same}/{len(frames)} frames")


if __name__ == "__main__":
    main()
