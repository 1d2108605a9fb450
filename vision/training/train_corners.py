"""Train the corner refiner (``vision.corners.CornerNet``) on rendered boxes and true corners.

Samples come from ``recipe scenes --corners-per-card N [--finder-crops F]``: the
surroundings of jittered true boxes and of the finder's own boxes, with where the card's
corners truly lie. The loss is the corners' distance in crop units; light, noise and the
half turn are augmented (a half turn moves each corner to the opposite one).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch
from torch import nn

from vision.corners import CROP_SIZE, NOMINAL, CornerNet, to_input
from vision.training.fit import Schedule, Validation, device_of, fit
from vision.training.train_faces import augment


@dataclass
class CornerTraining(Schedule):
    epochs: int = 8


def load_corner_samples(folders: list[Path]) -> tuple[np.ndarray, np.ndarray]:
    """Crops (N, H, W, 3) uint8 and true corners (N, 4, 2) in crop units."""
    xs, ys = [], []
    for folder in folders:
        for f in sorted((Path(folder) / "corners").glob("*.npz")):
            z = np.load(f)
            xs.append(z["x"])
            ys.append(z["y"])
    if not xs:
        w, h = CROP_SIZE
        return np.zeros((0, h, w, 3), np.uint8), np.zeros((0, 4, 2), np.float32)
    return np.concatenate(xs), np.concatenate(ys).astype(np.float32)


def half_turn(x: np.ndarray, y: np.ndarray, rng: np.random.Generator
              ) -> tuple[np.ndarray, np.ndarray]:
    """Turn half of the crops by half a turn, and their corners with them."""
    x, y = x.copy(), y.copy()
    turn = rng.random(len(x)) < 0.5
    x[turn] = x[turn, ::-1, ::-1]
    y[turn] = np.roll(1.0 - y[turn], 2, axis=1)
    return x, y


def pixel_error(model: CornerNet, x: np.ndarray, y: np.ndarray, batch: int = 512) -> float:
    """Mean distance of predicted to true corners, in pixels of the crop's width."""
    if len(x) == 0:
        return float("nan")
    model.eval()
    nominal = np.array(NOMINAL, np.float32)
    errs = []
    with torch.no_grad():
        for i in range(0, len(x), batch):
            out = model(to_input(x[i : i + batch]).to(device_of(model))).cpu().numpy()
            pred = nominal + out.reshape(-1, 4, 2)
            d = (pred - y[i : i + batch]) * CROP_SIZE
            errs.append(np.hypot(d[..., 0], d[..., 1]).mean(1))
    return float(np.concatenate(errs).mean())


def box_error(y: np.ndarray) -> float:
    """The same distance for the boxes as they came (before any refining)."""
    d = (np.array(NOMINAL, np.float32) - y) * CROP_SIZE
    return float(np.hypot(d[..., 0], d[..., 1]).mean())


def train_corners(x: np.ndarray, y: np.ndarray, cfg: CornerTraining,
                  val: tuple[np.ndarray, np.ndarray] | None = None,
                  report: Callable[[str], None] = print,
                  on_best: Callable[[CornerNet], None] | None = None,
                  init: CornerNet | None = None) -> CornerNet:
    """Train a corner refiner (or fine-tune ``init``, in place); returns the model of the
    best validation epoch."""
    torch.set_num_threads(cfg.threads)
    torch.manual_seed(cfg.seed)
    rng = np.random.default_rng(cfg.seed)
    model = init if init is not None else CornerNet()
    loss_fn = nn.SmoothL1Loss(beta=0.02)
    nominal = torch.tensor(NOMINAL, dtype=torch.float32).reshape(1, 8)

    def loss_of(idx: np.ndarray) -> torch.Tensor:
        xb, yb = half_turn(x[idx], y[idx], rng)
        xb = augment(xb, rng, turn=False).astype(np.uint8)
        dev = device_of(model)
        target = (torch.from_numpy(yb.reshape(-1, 8)) - nominal).to(dev)
        return loss_fn(model(to_input(xb).to(dev)), target)

    check = Validation((lambda: pixel_error(model, *val)) if val is not None else None,
                       False, "val_px",
                       lambda v: f"val corner error {v:.2f} px (of a {CROP_SIZE[0]} px wide crop)")
    fit(model, len(x), cfg, rng, loss_of, check, report, on_best)
    return model


def save_corner_net(model: CornerNet, path: Path, meta: dict) -> None:
    torch.save({"state": model.state_dict(), "meta": meta}, path)
