"""passt eval: measure a detector on a labelled dataset (rendered or photos)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

HELP = "measure the card detector: mAP50, mAP50-95, per-class AP, confusions, state accuracy"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--model", default=None,
                   help="card finder weights (.pt, .onnx or an OpenVINO folder); "
                        "default models/card_finder.onnx")
    p.add_argument("--faces", default=None,
                   help="face classifier (.pt); default models/card_faces.pt")
    p.add_argument("--corners", default=None,
                   help="corner refiner (.pt); default models/card_corners.pt when shipped; "
                        "'none': read the finder's boxes as found")
    p.add_argument("--data", required=True, help="Ultralytics dataset folder (with data.yaml)")
    p.add_argument("--limit", type=int, default=None, help="only the first N images")
    p.add_argument("--split", default=None,
                   help="only images/SPLIT (like val: the photos a teaching run held out)")
    p.add_argument("--conf", type=float, default=None, help="finder confidence threshold")
    p.add_argument("--min-conf", type=float, default=None,
                   help="finder confidence x face probability a card must reach")
    p.add_argument("--same-card-iou", default=None,
                   help="two refined boxes overlapping this much are one card found twice "
                   "(default: the detector's own; 'none': keep every box)")
    p.add_argument("--same-face-iou", default=None,
                   help="the same, for two boxes reading the same face")
    p.add_argument("--finder-shifts", default=None,
                   help="moves of the frame the finder looks at, like '0,0;6,6' (default: the "
                   "detector's own); 'none': one look")
    p.add_argument("--json", default=None, help="also write the full report here")
    p.add_argument("--one-turn", action="store_true",
                   help="read each card once (default: average it with its half turn)")


def run(args: argparse.Namespace) -> int:
    from vision.detector import load_detector
    from vision.evaluation import evaluate

    data = Path(args.data)
    if not data.is_dir():
        raise FileNotFoundError(f"no dataset folder {data}")
    from vision.detector import FINDER_CONF, MIN_CONF, one_box_settings, shifts_arg

    detector = load_detector(args.model, args.faces,
                             conf=FINDER_CONF if args.conf is None else args.conf,
                             min_conf=MIN_CONF if args.min_conf is None else args.min_conf,
                             half_turns=not args.one_turn, corners=args.corners,
                             **one_box_settings(args.same_card_iou, args.same_face_iou),
                             **shifts_arg(args.finder_shifts))
    report = evaluate(detector, data, args.limit, split=args.split)
    print(report.summary())
    if args.json:
        Path(args.json).write_text(json.dumps(report.to_dict(), indent=1) + "\n")
    return 0
