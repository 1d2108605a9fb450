"""The card-face classifier: a small CNN that reads an upright card crop.

It answers one of the deck's classes or ``other`` (a card of another game, a reminder card,
a back, or no card at all), so the card finder may be generous. Small on purpose: it reads
a few dozen crops per frame on a laptop CPU and trains in minutes on two cores.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import torch
from torch import nn

INPUT_SIZE = (32, 48)  # width, height fed to the network (stored with the weights)
CHANNELS = (24, 48, 64, 64, 128)  # of the five conv blocks at width 1.0


def _block(cin: int, cout: int) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True)
    )


class FaceNet(nn.Module):
    def __init__(self, classes: int, input_size: tuple[int, int] = INPUT_SIZE,
                 width: float = 1.0) -> None:
        super().__init__()
        self.input_size, self.width = input_size, width
        c = [round(n * width) for n in CHANNELS]
        self.features = nn.Sequential(
            _block(3, c[0]), nn.MaxPool2d(2),  # 24x16 at 32x48
            _block(c[0], c[1]), nn.MaxPool2d(2),  # 12x8
            _block(c[1], c[2]), _block(c[2], c[3]), nn.MaxPool2d(2),  # 6x4
            _block(c[3], c[4]),
        )
        self.head = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dropout(0.2),
                                  nn.Linear(c[4], classes))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.features(x))


def widen(model: FaceNet, width: float) -> FaceNet:
    """A wider copy that reads exactly as ``model`` until it is trained (Net2Net-style).

    The old channels keep their weights; each new channel gets fresh weights from its
    inputs but a zero weight into the next layer, so it adds nothing at first and learns
    from the first step on. More capacity without losing what the narrow net learned.
    """
    wide = FaceNet(model.head[-1].out_features, model.input_size, width)
    old, new = model.state_dict(), wide.state_dict()
    for key, value in old.items():
        target = new[key]
        if value.ndim == 0:  # BatchNorm's batch counter
            target.copy_(value)
            continue
        if key.endswith("weight") and value.ndim >= 2:
            target[:, value.shape[1]:] = 0  # new inputs of an old or new channel: off
        target[tuple(slice(0, n) for n in value.shape)] = value
    wide.load_state_dict(new)
    return wide


def save_face_net(model: FaceNet, names: tuple[str, ...], path: Path, meta: dict) -> None:
    torch.save({"state": model.state_dict(), "names": list(names), "meta": meta,
                "input_size": list(model.input_size), "width": model.width}, path)


def load_face_net(path: Path) -> tuple[FaceNet, tuple[str, ...], dict]:
    ckpt = torch.load(path, map_location="cpu", weights_only=False)
    names = tuple(ckpt["names"])
    model = FaceNet(len(names), tuple(ckpt.get("input_size", INPUT_SIZE)),
                    float(ckpt.get("width", 1.0)))
    model.load_state_dict(ckpt["state"])
    model.eval()
    return model, names, ckpt.get("meta", {})


def to_batch(crops: np.ndarray, size: tuple[int, int] = INPUT_SIZE) -> torch.Tensor:
    """uint8 BGR crops (N, H, W, 3) of any size -> the network's normalized input."""
    w, h = size
    if crops.shape[1:3] != (h, w):
        crops = np.stack([cv2.resize(c, (w, h), interpolation=cv2.INTER_AREA) for c in crops])
    x = torch.from_numpy(np.ascontiguousarray(crops)).permute(0, 3, 1, 2).float()
    return x / 127.5 - 1.0
