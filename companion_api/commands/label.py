"""``passt label``: pre-label photos with the current detector, for a person to correct."""

from __future__ import annotations

import argparse
from pathlib import Path

HELP = ("pre-label photos with the current card detector: YOLO labels and a Label Studio "
        "import file, so a person only corrects")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("photos", type=Path, help="folder of photos (searched recursively)")
    parser.add_argument("--out", type=Path,
                        help="folder to write (default: PHOTOS-labels beside the photos)")
    parser.add_argument("--model-finder", type=Path,
                        help="card finder weights (default: models/card_finder.onnx)")
    parser.add_argument("--model-faces", type=Path,
                        help="face classifier weights (default: models/card_faces.pt)")
    parser.add_argument("--model-corners", type=Path,
                        help="corner refiner weights (default: models/card_corners.pt)")
    parser.add_argument("--conf", type=float, default=0.3, help="lowest confidence kept")
    parser.add_argument("--url-prefix", default="/data/local-files/?d=",
                        help="prefix of the image paths in the Label Studio tasks")
    parser.add_argument("--force", action="store_true", help="replace a non-empty --out")


def default_out(photos: Path) -> Path:
    photos = photos.resolve()
    return photos.parent / f"{photos.name}-labels"


def run(args: argparse.Namespace) -> int:
    from vision.detector import DEFAULT_CORNERS, DEFAULT_FACES, DEFAULT_FINDER, load_detector
    from vision.labelling.prelabel import model_version, prelabel

    if not args.photos.is_dir():
        raise FileNotFoundError(f"no such folder: {args.photos}")
    finder = args.model_finder or DEFAULT_FINDER
    faces = args.model_faces or DEFAULT_FACES
    corners = args.model_corners or DEFAULT_CORNERS
    detector = load_detector(finder, faces, conf=args.conf, corners=corners)
    out = args.out or default_out(args.photos)
    report = prelabel(args.photos, out, detector,
                      model_version=model_version(finder, faces, corners),
                      conf=args.conf, force=args.force, url_prefix=args.url_prefix)
    print(f"wrote {out}: {report['cards']} cards on {report['labelled']} photos "
          f"({report['empty']} without cards)")
    for name in report["unreadable"]:
        print(f"skipped unreadable image: {name}")
    print(f"next: import {out / 'labelstudio_tasks.json'} into Label Studio (labelling "
          f"interface: {out / 'labelstudio_config.xml'}), correct, export JSON, then "
          "passt dataset import EXPORT.json --format labelstudio "
          f"--images {out / 'images'} --out DATASET")
    return 0
