"""passt train: teach the detector a deck from a labelled dataset (fine-tunes by default)."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

HELP = ("fine-tune the card-face classifier (and optionally the finder and the corner refiner) "
        "on a labelled dataset, starting from the shipped weights")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--data", required=True, help="Ultralytics dataset folder (data.yaml, "
                   "images/{train,val}, labels/...), e.g. from 'passt dataset import'")
    p.add_argument("--from", dest="init", default=None,
                   help="face classifier to start from (default models/card_faces.pt); "
                        "'scratch' trains a new one")
    p.add_argument("--finder", default=None, help="card finder used to place crops "
                   "(default models/card_finder.onnx)")
    p.add_argument("--epochs", type=int, default=15)
    p.add_argument("--time", type=float, default=None, help="stop after MIN minutes")
    p.add_argument("--out", default="runs/teach/card_faces.pt",
                   help="the new face classifier (.pt; a folder: FOLDER/card_faces.pt); the "
                        "taught finder goes next to it")
    p.add_argument("--finder-epochs", type=int, default=10,
                   help="also fine-tune the card finder this many epochs on the photos' boxes "
                        "(0: keep the shipped finder)")
    p.add_argument("--finder-from", default=None,
                   help="finder weights to fine-tune (default models/card_finder.pt)")
    p.add_argument("--corner-epochs", type=int, default=20,
                   help="also fine-tune the corner refiner this many epochs on the photos' "
                        "corners (oriented labels only; 0: keep the shipped refiner)")
    p.add_argument("--corners-from", default=None,
                   help="corner refiner to fine-tune (default models/card_corners.pt)")
    p.add_argument("--crops-per-card", type=int, default=8)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--device", default="auto",
                   help="where to train: cpu, cuda, cuda:N, or auto (a GPU if PyTorch sees "
                        "one, else the CPU)")


def run(args: argparse.Namespace) -> int:
    import numpy as np
    import yaml

    from vision.detector import DEFAULT_FACES, DEFAULT_FINDER, FaceReader, Finder, load_detector
    from vision.evaluation import evaluate
    from vision.training.face_net import FaceNet, save_face_net
    from vision.training.fit import training_device
    from vision.training.scenes import OTHER
    from vision.training.teach import teaching_crops
    from vision.training.train_faces import FaceTraining, train_faces

    data = Path(args.data)
    print(f"training on {training_device(args.device)}")  # (a GPU asked for and absent: said now)
    if not (data / "data.yaml").exists():
        raise FileNotFoundError(f"{data} has no data.yaml (make one with 'passt dataset import')")
    raw = yaml.safe_load((data / "data.yaml").read_text())["names"]
    names = [raw[i] for i in sorted(raw)] if isinstance(raw, dict) else list(raw)
    finder = Finder(Path(args.finder or DEFAULT_FINDER))
    out = faces_path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    new_corners = _teach_corners(args, data, finder, out.parent) if args.corner_epochs > 0 \
        else None
    if new_corners is not None:
        print(f"saved {new_corners} after {(time.perf_counter() - t0) / 60:.1f} min")
    x, y_names = teaching_crops(data, "train", names, finder, args.crops_per_card, args.seed)
    vx, vy_names = teaching_crops(data, "val", names, finder, 1, args.seed + 1)
    if len(x) == 0:
        raise ValueError(f"no labelled cards in {data}/images/train")
    classes = (*names, OTHER)
    index = {n: i for i, n in enumerate(classes)}
    print(f"{len(x)} training crops, {len(vx)} validation crops "
          f"({time.perf_counter() - t0:.0f} s to cut)")
    init = None
    start_from = args.init or str(DEFAULT_FACES)
    if start_from != "scratch":
        reader = FaceReader(Path(start_from))
        if tuple(reader.names) != classes:
            raise ValueError(f"{start_from} reads other classes than {data}/data.yaml")
        init = reader.model
    cfg = FaceTraining(epochs=args.epochs, minutes=args.time, seed=args.seed,
                       lr=1e-3 if init is not None else 3e-3, batch=64, device=args.device)
    model: FaceNet = train_faces(
        x, np.array([index[n] for n in y_names]), len(classes), cfg,
        val=(vx, np.array([index[n] for n in vy_names])) if len(vx) else None, init=init)
    minutes = (time.perf_counter() - t0) / 60
    save_face_net(model, classes, out, {"history": cfg.history, "data": str(data),
                                        "from": start_from, "minutes": minutes})
    print(f"saved {out} after {minutes:.1f} min")
    new_finder = args.finder
    if args.finder_epochs > 0:
        new_finder = str(_teach_finder(args, data, finder, out.parent))
        minutes = (time.perf_counter() - t0) / 60
        print(f"saved {new_finder} after {minutes:.1f} min in all")
    if (data / "images" / "val").exists():
        before = evaluate(load_detector(args.finder, start_from, corners=args.corners_from),
                          data, split="val") if init is not None else None
        after = evaluate(load_detector(new_finder, out, corners=new_corners or args.corners_from),
                         data, split="val")
        for when, r in (("before", before), ("after ", after)):
            if r is not None:
                print(f"{when}: mAP50 {r.map50:.4f}, mAP50-95 {r.map50_95:.4f} "
                      f"(at the operating point {r.map50_at_point:.4f}, "
                      f"{r.map50_95_at_point:.4f})")
        (out.parent / "teach_report.json").write_text(json.dumps({
            "before": before.to_dict() if before else None, "after": after.to_dict(),
            "minutes": minutes}, indent=1))
    finder_arg = f" --model {new_finder}" if new_finder != args.finder else ""
    finder_arg += f" --corners {new_corners}" if new_corners is not None else ""
    print(f"use it with: passt serve --faces {out}{finder_arg}   "
          f"(or passt eval --faces {out}{finder_arg} --data ...)")
    return 0


def faces_path(out: str | Path) -> Path:
    """Where the taught face classifier goes: ``out`` itself when it names a .pt file,
    else ``out/card_faces.pt`` (``--out runs/my_deck`` once wrote a file named my_deck)."""
    path = Path(out)
    return path if path.suffix == ".pt" else path / "card_faces.pt"


def _teach_finder(args: argparse.Namespace, data: Path, finder: object, where: Path) -> Path:
    """Fine-tune the finder on the photos' card boxes (at its own pixel scale)."""
    from vision.detector import MODELS
    from vision.training.teach import finder_teaching_set
    from vision.training.train_finder import train_finder

    yaml_path = finder_teaching_set(data, where / "finder_data", finder)  # type: ignore[arg-type]
    start = Path(args.finder_from or MODELS / "card_finder.pt")
    print(f"fine-tuning the finder {start} for {args.finder_epochs} epochs ...")
    return train_finder(yaml_path, where / "card_finder.pt", model=str(start),
                        epochs=args.finder_epochs, imgsz=640, batch=8, project=where,
                        name="finder", device=args.device, optimizer="AdamW", lr0=5e-4,
                        warmup_epochs=0,
                        close_mosaic=max(1, args.finder_epochs // 3), fraction=1.0)


def _teach_corners(args: argparse.Namespace, data: Path, finder: object, where: Path
                   ) -> Path | None:
    """Fine-tune the corner refiner on the photos' labelled corners (None: the labels are
    axis-aligned boxes, which do not say where a card's corners lie)."""
    from vision.corners import CornerRefiner
    from vision.detector import DEFAULT_CORNERS
    from vision.training.teach import teaching_corner_samples
    from vision.training.train_corners import (
        CornerTraining,
        pixel_error,
        save_corner_net,
        train_corners,
    )

    x, y = teaching_corner_samples(data, "train", finder, seed=args.seed)  # type: ignore[arg-type]
    if len(x) == 0:
        print("no oriented labels: the corner refiner stays as it is")
        return None
    val_x, val_y = teaching_corner_samples(data, "val", finder, 0, args.seed + 1)  # type: ignore[arg-type]
    val = (val_x, val_y) if len(val_x) else None
    start = Path(args.corners_from or DEFAULT_CORNERS)
    model = CornerRefiner(start).model
    before = pixel_error(model, val_x, val_y) if val else float("nan")
    print(f"fine-tuning the corner refiner {start} for {args.corner_epochs} epochs on "
          f"{len(x)} boxes (validation corner error before: {before:.2f} px)")
    cfg = CornerTraining(epochs=args.corner_epochs, seed=args.seed, lr=1e-3, batch=64,
                         device=args.device)
    model = train_corners(x, y, cfg, val=val, init=model)
    after = pixel_error(model, val_x, val_y) if val else float("nan")
    if val and not after < before:
        print(f"the corner refiner did not get better ({after:.2f} px): it stays as it is")
        return None
    path = where / "card_corners.pt"
    save_corner_net(model, path, {"history": cfg.history, "data": str(data), "from": str(start),
                                  "val_px_before": before})
    return path
