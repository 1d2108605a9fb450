"""The one training loop of the small CNNs (face reader, corner refiner).

AdamW with a one-cycle schedule over whole epochs of shuffled batches; after each epoch the
model is validated, the best epoch kept (and handed to ``on_best``, so an interrupted run
keeps it) and a line reported; ``minutes`` stops it after the epoch that passes that time.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

import numpy as np
import torch
from torch import nn

M = TypeVar("M", bound=nn.Module)


@dataclass
class Schedule:
    epochs: int = 10
    minutes: float | None = None  # stop after this wall time (the last epoch finishes)
    batch: int = 128
    lr: float = 3e-3
    seed: int = 0
    threads: int = 2
    device: str = "cpu"  # where the network trains: "cpu", "cuda", "cuda:1", "auto"
    history: list[dict[str, float]] = field(default_factory=list)


def training_device(name: str) -> torch.device:
    """``name`` as a torch device; "auto": the first GPU if there is one, else the CPU."""
    if name == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    device = torch.device(name)
    if device.type == "cuda" and not torch.cuda.is_available():
        raise ValueError(f"device {name!r}: PyTorch sees no GPU here (use cpu or auto)")
    return device


def device_of(model: nn.Module) -> torch.device:
    return next(model.parameters()).device


@dataclass
class Validation:
    """How an epoch is judged: ``measure()`` (None: by its training loss), whether higher
    is better, its name in the history and how the report shows it."""

    measure: Callable[[], float] | None
    higher_is_better: bool
    key: str
    shown: Callable[[float], str]


def fit(model: M, size: int, cfg: Schedule, rng: np.random.Generator,
        loss_of: Callable[[np.ndarray], torch.Tensor], val: Validation,
        report: Callable[[str], None], on_best: Callable[[M], None] | None) -> None:
    """Train ``model`` on ``size`` samples (``loss_of(indices)`` is a batch's loss, on the
    model's device) on ``cfg.device`` and leave it with the weights of its best epoch, in
    eval mode, on the CPU."""
    model.to(training_device(cfg.device))
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=1e-4)
    steps = cfg.epochs * max(1, size // cfg.batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, cfg.lr, total_steps=steps + 1)
    best, best_state = -float("inf"), None
    start = time.perf_counter()
    for epoch in range(cfg.epochs):
        model.train()
        order = rng.permutation(size)
        total = 0.0
        for i in range(0, len(order) - cfg.batch + 1, cfg.batch):
            idx = order[i : i + cfg.batch]
            loss = loss_of(idx)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss.detach()) * len(idx)
        measured = val.measure() if val.measure is not None else float("nan")
        elapsed = time.perf_counter() - start
        cfg.history.append({"epoch": epoch + 1, "loss": total / size, val.key: measured,
                            "minutes": elapsed / 60})
        report(f"epoch {epoch + 1}/{cfg.epochs}: loss {total / size:.4f}, "
               f"{val.shown(measured)}, {elapsed / 60:.1f} min")
        sign = 1.0 if val.higher_is_better else -1.0
        score = -total if val.measure is None else sign * measured
        if score > best:
            best, best_state = score, {k: v.clone() for k, v in model.state_dict().items()}
            if on_best is not None:
                on_best(model)
        if cfg.minutes is not None and elapsed / 60 >= cfg.minutes:
            report("time limit reached")
            break
    if best_state is not None:
        model.load_state_dict(best_state)
    model.cpu()
    model.eval()
