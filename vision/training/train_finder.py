"""Train the card finder: a one-class oriented-box YOLO at the deployment pixel scale.

Ultralytics does the training; this module only writes its dataset file, keeps it
offline, gives it both cores and copies the best weights out.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import yaml

FINDER_CLASSES = ["card"]


def finder_data_yaml(train_dirs: list[Path], val_dirs: list[Path], out: Path) -> Path:
    """An Ultralytics ``data.yaml`` over folders of ``images/`` with sibling ``labels/``."""
    out.parent.mkdir(parents=True, exist_ok=True)
    data = {
        "path": str(out.parent.resolve()),
        "train": [str((d / "images").resolve()) for d in train_dirs],
        "val": [str((d / "images").resolve()) for d in val_dirs],
        "names": dict(enumerate(FINDER_CLASSES)),
    }
    out.write_text(yaml.safe_dump(data, sort_keys=False))
    return out


def train_finder(
    data: Path,
    out: Path,
    model: str = "yolo11n-obb.yaml",
    epochs: int = 10,
    hours: float | None = None,
    imgsz: int = 320,
    batch: int = 32,
    threads: int = 2,
    project: Path = Path("runs/finder"),
    name: str = "train",
    device: str = "cpu",
    **overrides: Any,
) -> Path:
    """Train (or fine-tune, when ``model`` is a ``.pt``) on ``device`` ("cpu", "cuda",
    "cuda:N" or "auto", see :func:`training_device`) and copy ``best.pt`` to ``out``."""
    os.environ.setdefault("YOLO_OFFLINE", "1")
    import torch
    from ultralytics import YOLO

    from vision.training.fit import training_device

    where = training_device(device)

    def more_threads(trainer: object) -> None:  # Ultralytics caps CPU training at cores - 1
        torch.set_num_threads(threads)

    yolo = YOLO(model, task="obb")
    yolo.add_callback("on_train_start", more_threads)
    args: dict[str, Any] = dict(
        data=str(data), epochs=epochs, imgsz=imgsz, batch=batch, workers=2,
        device="cpu" if where.type == "cpu" else where.index or 0,
        plots=False, amp=False, project=str(project.resolve()), name=name, exist_ok=True,
        scale=0.25, mosaic=1.0, degrees=0.0, fliplr=0.5, flipud=0.0, hsv_h=0.01,
        close_mosaic=2, patience=100, verbose=False,
        # False would throw a .pt's weights away (Ultralytics >= 8.4): keep them to fine-tune
        pretrained=str(model).endswith(".pt"),
    )
    if hours is not None:
        args["time"] = hours
    args.update(overrides)
    yolo.train(**args)
    best = project / name / "weights" / "best.pt"
    out.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(best, out)
    return out
