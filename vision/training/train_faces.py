"""Train the face classifier on rectified crops, with augmentation for real webcams.

Colour is the class, so the augmentation never turns hues: it changes light, white
balance a little, focus, noise and the half turn an oriented box cannot tell.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import torch
from torch import nn

from vision.training.face_net import INPUT_SIZE, FaceNet, to_batch
from vision.training.fit import Schedule, Validation, device_of, fit


@dataclass
class FaceTraining(Schedule):
    input_size: tuple[int, int] = INPUT_SIZE  # of a new network (a fine-tuned one keeps its own)
    width: float = 1.0  # channel multiplier of a new network


def augment(x: np.ndarray, rng: np.random.Generator, turn: bool = True) -> np.ndarray:
    """uint8 (N, H, W, 3) -> augmented float32 copy in [0, 255] (``turn``: half of them
    turned by half a turn)."""
    n = len(x)
    out = x.astype(np.float32)
    flip = rng.random(n) < 0.5
    if turn:
        out[flip] = out[flip, ::-1, ::-1]  # the half turn
    gain = rng.uniform(0.6, 1.4, (n, 1, 1, 1)) * rng.uniform(0.92, 1.08, (n, 1, 1, 3))
    bias = rng.uniform(-30, 30, (n, 1, 1, 1))
    out = out * gain + bias
    noisy = rng.random(n) < 0.5
    out[noisy] += rng.normal(0, rng.uniform(2, 10), out[noisy].shape)
    blur = np.nonzero(rng.random(n) < 0.3)[0]
    for i in blur:  # a cheap defocus: average with a one-pixel shift
        out[i] = 0.5 * out[i] + 0.25 * np.roll(out[i], 1, 0) + 0.25 * np.roll(out[i], 1, 1)
    return np.clip(out, 0, 255)


def accuracy(model: FaceNet, x: np.ndarray, y: np.ndarray, batch: int = 512) -> float:
    if len(x) == 0:
        return float("nan")
    model.eval()
    hits = 0
    with torch.no_grad():
        for i in range(0, len(x), batch):
            xb = to_batch(x[i : i + batch], model.input_size).to(device_of(model))
            pred = model(xb).argmax(1).cpu().numpy()
            hits += int((pred == y[i : i + batch]).sum())
    return hits / len(x)


def train_faces(
    x: np.ndarray,
    y: np.ndarray,
    classes: int,
    cfg: FaceTraining,
    val: tuple[np.ndarray, np.ndarray] | None = None,
    init: FaceNet | None = None,
    report: Callable[[str], None] = print,
    on_best: Callable[[FaceNet], None] | None = None,
) -> FaceNet:
    """Train (or fine-tune ``init``) and return the model of the best validation epoch.

    ``on_best`` gets the model after each epoch that beats the ones before (to save it, so
    an interrupted run keeps its best epoch).
    """
    torch.set_num_threads(cfg.threads)
    torch.manual_seed(cfg.seed)
    rng = np.random.default_rng(cfg.seed)
    model = init or FaceNet(classes, cfg.input_size, cfg.width)
    loss_fn = nn.CrossEntropyLoss(label_smoothing=0.05)

    def loss_of(idx: np.ndarray) -> torch.Tensor:
        dev = device_of(model)
        xb = to_batch(augment(x[idx], rng).astype(np.uint8), model.input_size).to(dev)
        return loss_fn(model(xb), torch.from_numpy(y[idx]).long().to(dev))

    check = Validation((lambda: accuracy(model, *val)) if val is not None else None, True,
                       "val_acc", lambda v: f"val top-1 {v:.4f}")
    fit(model, len(x), cfg, rng, loss_of, check, report, on_best)
    return model
