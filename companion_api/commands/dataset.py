"""``passt dataset``: build training datasets from labelled photos.

``passt dataset import SRC --format yolo|coco|labelstudio --out DIR`` checks YOLO, COCO or
Label Studio labels and writes a clean Ultralytics dataset (see
``vision.labelling.importer``).
"""

from __future__ import annotations

import argparse
from pathlib import Path

HELP = "build a clean training dataset from labelled photos (passt dataset import ...)"
IMPORT_HELP = ("check YOLO, COCO or Label Studio labels and write a clean Ultralytics "
               "dataset (names = the card names, images/labels split into train/val)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="dataset_command", metavar="ACTION", required=True)
    imp = sub.add_parser("import", help=IMPORT_HELP, description=IMPORT_HELP)
    imp.add_argument("src", type=Path,
                     help="YOLO folder or data.yaml, COCO JSON, or Label Studio JSON export")
    imp.add_argument("--format", choices=("auto", "yolo", "coco", "labelstudio"),
                     default="auto", help="input format (default: guess)")
    imp.add_argument("--out", type=Path, required=True, help="dataset folder to write")
    imp.add_argument("--images", type=Path,
                     help="image folder (COCO, Label Studio; found by file name)")
    imp.add_argument("--val", type=float, default=0.2, help="fraction for validation")
    imp.add_argument("--seed", type=int, default=0, help="seed of the train/val split")
    imp.add_argument("--classes", nargs="+", metavar="NAME",
                     help="YOLO class names by id (default: data.yaml, classes.txt or the "
                          "card names); put it after SRC")
    imp.add_argument("--labels-dir", default="labels",
                     help="YOLO: the label folder beside images/ (e.g. labels_obb)")
    imp.add_argument("--label-format", choices=("auto", "detect", "obb"), default="auto",
                     help="labels to write (auto: obb when any input box is oriented)")
    imp.add_argument("--skip-bad", action="store_true",
                     help="leave files with problems out (listed in report.json) "
                          "instead of stopping")
    imp.add_argument("--force", action="store_true", help="replace a non-empty --out")


def run(args: argparse.Namespace) -> int:
    if args.dataset_command == "import":
        return _import(args)
    raise ValueError(f"unknown action {args.dataset_command!r}")


def _import(args: argparse.Namespace) -> int:
    from vision.labelling.importer import import_dataset

    report = import_dataset(
        args.src, args.out, args.format, val=args.val, seed=args.seed, classes=args.classes,
        images=args.images, skip_bad=args.skip_bad, force=args.force,
        label_format=args.label_format, labels_dir=args.labels_dir)
    images, boxes = report["images"], report["boxes"]
    print(f"wrote {args.out}: {images['train']} train / {images['val']} val images, "
          f"{boxes['train'] + boxes['val']} cards, {report['label_format']} labels "
          f"({report['label_format_why']})")
    if report["skipped"]:
        print(f"skipped {len(report['skipped'])} problem(s), see {args.out / 'report.json'}")
    if report["from_predictions"]:
        print(f"note: {report['from_predictions']} image(s) had only model predictions, "
              "no reviewed annotation")
    if report["missing_classes"]:
        print(f"no examples yet of: {', '.join(report['missing_classes'])}")
    return 0
