"""The recipe that made the shipped weights, step by step (resumable: each step writes files).

    python -m vision.training.recipe scenes --out data/scenes_train --images 3000 --seed 100
    python -m vision.training.recipe scenes --out data/scenes_test --images 300 --seed 9000 \\
        --design-seed 1000000
    python -m vision.training.recipe finder --train data/scenes_train --val data/scenes_test \\
        --hours 0.9 --fraction 0.5
    python -m vision.training.recipe faces --train data/scenes_train --val data/scenes_test \\
        --epochs 6 --threads 1
    python -m vision.training.recipe export

``finder`` resumes an interrupted run with ``--resume``. Weights land in ``data/`` and are
copied to ``models/`` only by ``export`` (commit them only when they beat the shipped ones
on ``passt eval``). CPU cost on 2 cores: scenes ~7 min, finder 0.9 h, faces 21 min.
"""

from __future__ import annotations

import argparse
import shutil
import time
from pathlib import Path

import numpy as np

MODELS = Path(__file__).resolve().parents[2] / "models"


def scenes(args: argparse.Namespace) -> None:
    from vision.render.sampling import SceneSpec
    from vision.training.scenes import SceneJob, write_training_scenes

    spec = SceneSpec(seed=args.seed, design_seed=args.design_seed,
                     images_per_design=args.images_per_design, joker_share=args.joker_share)
    job = SceneJob(args.out, spec, None, crops_per_card=args.crops_per_card,
                   finder=args.finder_crops, corners_per_card=args.corners_per_card,
                   refiner=args.refined_by, card_hue=args.card_hue,
                   card_dark=args.card_dark)
    n = write_training_scenes(job, args.images, workers=args.workers)
    print(f"{args.images} scenes, {n} face crops in {args.out}")


def finder(args: argparse.Namespace) -> None:
    from vision.training.train_finder import finder_data_yaml, train_finder

    data = finder_data_yaml([Path(t) / "finder" for t in args.train],
                            [Path(args.val) / "finder"], Path("data/finder.yaml"))
    model = args.start or str(Path(__file__).with_name("card_finder-obb.yaml"))
    extra: dict[str, object] = {}
    if args.resume:
        model, extra = f"runs/finder/{args.name}/weights/last.pt", {"resume": True}
    elif args.start:  # fine-tune: gentler steps, no warm-up
        extra = {"optimizer": "AdamW", "lr0": args.lr0, "warmup_epochs": 0}
    if not args.resume:
        extra["hsv_h"] = args.hue
    out = train_finder(data, Path("data/finder.pt"), model=model, epochs=args.epochs,
                       hours=args.hours, threads=args.threads, cache=True,
                       fraction=args.fraction, name=args.name, device=args.device, **extra)
    print(f"finder weights: {out}")


def faces(args: argparse.Namespace) -> None:
    from engine.cards import CARD_NAMES
    from vision.training.face_net import FaceNet, load_face_net, save_face_net, widen
    from vision.training.scenes import OTHER, load_faces
    from vision.training.train_faces import FaceTraining, train_faces

    parts = [load_faces(Path(t), CARD_NAMES) for t in args.train]
    x = np.concatenate([p[0] for p in parts])
    y = np.concatenate([p[1] for p in parts])
    val = load_faces(Path(args.val), CARD_NAMES)
    cfg = FaceTraining(epochs=args.epochs, threads=args.threads, seed=args.seed,
                       width=args.width or 1.0, lr=args.lr, minutes=args.minutes,
                       device=args.device)
    if args.input_size:
        w, h = (int(v) for v in args.input_size.split("x"))
        cfg.input_size = (w, h)
    init = load_face_net(Path(args.start))[0] if args.start else None
    if init is not None and args.width and args.width != init.width:
        init = widen(init, args.width)  # reads as before, with room to learn more
    if init is not None and args.input_size:
        init.input_size = cfg.input_size  # all convolutions: the same weights read any size
    t0 = time.perf_counter()
    out = Path("data/face_net.pt")

    def save(model: FaceNet) -> None:
        save_face_net(model, (*CARD_NAMES, OTHER), out,
                      {"history": cfg.history, "train_crops": len(x),
                       "minutes": (time.perf_counter() - t0) / 60})

    model = train_faces(x, y, len(CARD_NAMES) + 1, cfg, val=val, init=init, on_best=save)
    save(model)
    print(f"face classifier weights: {out}")


def corners(args: argparse.Namespace) -> None:
    from vision.corners import CornerNet
    from vision.training.train_corners import (
        CornerTraining,
        box_error,
        load_corner_samples,
        save_corner_net,
        train_corners,
    )

    x, y = load_corner_samples([Path(t) for t in args.train])
    val = load_corner_samples([Path(args.val)])
    print(f"{len(x)} training samples; validation boxes as found: "
          f"{box_error(val[1]):.2f} px off")
    cfg = CornerTraining(epochs=args.epochs, threads=args.threads, lr=args.lr,
                         minutes=args.minutes, device=args.device)
    out = Path("data/corner_net.pt")
    t0 = time.perf_counter()

    def save(model: CornerNet) -> None:
        save_corner_net(model, out, {"history": cfg.history, "train_samples": len(x),
                                     "minutes": (time.perf_counter() - t0) / 60})

    save(train_corners(x, y, cfg, val=val, on_best=save))
    print(f"corner refiner weights: {out}")


def mine(args: argparse.Namespace) -> None:
    from vision.training.mine import check_tiles, keep_tiles, link_tiles

    images = sorted((Path(args.scenes) / "finder" / "images").glob("*.jpg"))
    checks = list(check_tiles(args.model, images, hard_below=args.hard_below))
    kept = keep_tiles(checks, args.easy_share, np.random.default_rng(args.seed))
    link_tiles(kept, Path(args.out) / "finder")
    cards = sum(c.cards for c in checks)
    missed = sum(c.missed for c in checks)
    hard = sum(1 for c in checks if c.missed)
    print(f"{len(checks)} tiles, {cards} cards: {missed} found below {args.hard_below} "
          f"({missed / max(cards, 1):.1%}) in {hard} tiles; kept {len(kept)} tiles "
          f"(all hard, {args.easy_share:.0%} of the rest) in {args.out}")


def export(args: argparse.Namespace) -> None:
    from ultralytics.utils.torch_utils import strip_optimizer

    from vision.training.export import export_finder

    shutil.copy("data/finder.pt", MODELS / "card_finder.pt")
    strip_optimizer(str(MODELS / "card_finder.pt"))  # a run stopped by hand keeps it: 4x size
    shutil.copy("data/face_net.pt", MODELS / "card_faces.pt")
    print(export_finder(MODELS / "card_finder.pt", MODELS, ("onnx", "openvino")))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="step", required=True)
    s = sub.add_parser("scenes")
    s.add_argument("--out", required=True)
    s.add_argument("--images", type=int, default=3000)
    s.add_argument("--seed", type=int, default=100)
    s.add_argument("--design-seed", type=int, default=0)
    s.add_argument("--images-per-design", type=int, default=8,
                   help="scenes per card design (fewer = more designs)")
    s.add_argument("--workers", type=int, default=2)
    s.add_argument("--crops-per-card", type=int, default=2,
                   help="crops per card along its jittered true corners")
    s.add_argument("--finder-crops", metavar="FINDER",
                   help="also one crop along each box this finder (.pt/.onnx) puts on a card")
    s.add_argument("--refined-by", metavar="REFINER",
                   help="cut the --finder-crops along this corner refiner's corners (.pt), as "
                   "the detector reads them")
    s.add_argument("--corners-per-card", type=int, default=0,
                   help="corner-refiner samples per card (jittered boxes, and the finder's)")
    s.add_argument("--card-hue", type=float, default=0.0,
                   help="finder tiles: turn each card's hue on its own by up to this fraction "
                   "of the colour wheel (0.5: any hue), so card and cloth colours meet in "
                   "every pairing; face crops are never recoloured")
    s.add_argument("--joker-share", type=float, default=0.0,
                   help="each card off the stacks (discard pile, hands) is a joker this often "
                   "(a deck's jokers are rare: the finder sees few of each printing style)")
    s.add_argument("--card-dark", type=float, default=0.0,
                   help="finder tiles: darken each card by its own factor down to 1 - this")
    scenes_in = argparse.ArgumentParser(add_help=False)  # what both trainings read
    scenes_in.add_argument("--train", nargs="+", default=["data/scenes_train"])
    scenes_in.add_argument("--val", default="data/scenes_test")
    scenes_in.add_argument("--device", default="auto",
                           help="cpu, cuda, cuda:N, or auto (a GPU if PyTorch sees one)")
    f = sub.add_parser("finder", parents=[scenes_in])
    f.add_argument("--epochs", type=int, default=30)
    f.add_argument("--hours", type=float, default=0.9)
    f.add_argument("--fraction", type=float, default=0.5)
    f.add_argument("--threads", type=int, default=2)
    f.add_argument("--resume", action="store_true")
    f.add_argument("--from", dest="start", help="fine-tune these weights (.pt) instead")
    f.add_argument("--lr0", type=float, default=0.001, help="learning rate when fine-tuning")
    f.add_argument("--name", default="train", help="run folder under runs/finder")
    f.add_argument("--hue", type=float, default=0.01,
                   help="hue shift augmentation, a fraction of the colour wheel (the finder "
                   "knows one class, so any hue may be shifted to any other: 0.5)")
    c = sub.add_parser("faces", parents=[scenes_in])
    c.add_argument("--epochs", type=int, default=6)
    c.add_argument("--threads", type=int, default=1)
    c.add_argument("--seed", type=int, default=0)
    c.add_argument("--input-size", help="WxH the net reads (a new net: 32x48; a --from net: "
                   "its own unless given)")
    c.add_argument("--from", dest="start", help="continue from these weights")
    c.add_argument("--lr", type=float, default=3e-3, help="peak of the one-cycle schedule")
    c.add_argument("--width", type=float,
                   help="channel multiplier (a --from net is widened to it, keeping its reading)")
    c.add_argument("--minutes", type=float, help="stop after the epoch that passes this time")
    k = sub.add_parser("corners", parents=[scenes_in])
    k.add_argument("--epochs", type=int, default=8)
    k.add_argument("--threads", type=int, default=2)
    k.add_argument("--lr", type=float, default=3e-3)
    k.add_argument("--minutes", type=float)
    m = sub.add_parser("mine", help="keep the tiles where a finder misses a card")
    m.add_argument("--scenes", required=True, help="a `scenes` output folder")
    m.add_argument("--out", required=True, help="a folder of links to the kept tiles")
    m.add_argument("--model", default=str(MODELS / "card_finder.pt"))
    m.add_argument("--hard-below", type=float, default=0.5,
                   help="a card found less surely than this is a miss")
    m.add_argument("--easy-share", type=float, default=0.3,
                   help="share of the tiles without a miss kept too")
    m.add_argument("--seed", type=int, default=0)
    sub.add_parser("export")
    args = ap.parse_args()
    {"scenes": scenes, "finder": finder, "faces": faces, "corners": corners,
     "mine": mine, "export": export}[args.step](args)


if __name__ == "__main__":
    main()
