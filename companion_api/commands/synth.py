"""``passt synth``: render a synthetic Ultralytics dataset of Passt N1cht tables."""

from __future__ import annotations

import argparse

HELP = "render a synthetic detector dataset (Ultralytics layout) of card tables"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", required=True, help="output folder (created)")
    parser.add_argument("--images", type=int, default=1000, help="number of images")
    parser.add_argument("--seed", type=int, default=0, help="scene seed (layouts, cameras)")
    parser.add_argument("--format", choices=("detect", "obb"), default="detect",
                        help="label format: axis-aligned boxes or oriented boxes")
    parser.add_argument("--crops", action="store_true",
                        help="also write upright 64x96 card crops for a classifier")
    parser.add_argument("--design-seed", type=int, default=0,
                        help="first card-design seed; training uses [0, 1000000), "
                             "test sets 1000000 and up (unseen prints)")
    parser.add_argument("--designs", type=int, default=1_000_000,
                        help="number of design seeds to cycle through")
    parser.add_argument("--images-per-design", type=int, default=8,
                        help="neighbouring images sharing one design")
    parser.add_argument("--deck", default=None, help="deck YAML (default passt_n1cht.yaml)")
    parser.add_argument("--val", type=float, default=0.1, help="share of images for val")
    parser.add_argument("--workers", type=int, default=2, help="render processes")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    import time

    from vision.render.dataset import Job, write_dataset
    from vision.render.sampling import SceneSpec

    if args.images < 1:
        raise ValueError("--images must be at least 1")
    if not 0.0 <= args.val < 1.0:
        raise ValueError("--val must be in [0, 1)")
    spec = SceneSpec(seed=args.seed, design_seed=args.design_seed, designs=max(1, args.designs),
                     images_per_design=max(1, args.images_per_design))
    job = Job(out=args.out, deck_path=args.deck, spec=spec, fmt=args.format, crops=args.crops,
              val=args.val)
    t0 = time.perf_counter()
    counts = write_dataset(job, args.images, workers=max(1, args.workers),
                           progress=not args.no_progress)
    dt = time.perf_counter() - t0
    print(f"wrote {counts['train']} train + {counts['val']} val images to {args.out} "
          f"in {dt:.1f} s ({args.images / dt:.1f} images/s)")
    return 0
