"""Export the card finder for fast CPU inference (ONNX Runtime, OpenVINO)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from vision.detector import FINDER_WIDTH


def export_finder(weights: Path, out_dir: Path, formats: tuple[str, ...] = ("onnx",),
                  imgsz: tuple[int, int] = (384, FINDER_WIDTH)) -> dict[str, Path]:
    """Export ``weights`` (.pt) at the deployment input (a 1280x720 frame scaled to 640x360,
    padded to 640x384) and copy the results into ``out_dir`` as ``card_finder.<ext>``."""
    os.environ.setdefault("YOLO_OFFLINE", "1")
    from ultralytics import YOLO

    out_dir.mkdir(parents=True, exist_ok=True)
    made: dict[str, Path] = {}
    for fmt in formats:
        produced = Path(YOLO(str(weights), task="obb").export(
            format=fmt, imgsz=list(imgsz), dynamic=False, simplify=True, verbose=False))
        target = out_dir / (f"card_finder.{fmt}" if fmt == "onnx" else "card_finder_openvino_model")
        if produced.resolve() != target.resolve():
            if target.exists():
                shutil.rmtree(target) if target.is_dir() else target.unlink()
            shutil.move(str(produced), target)
        made[fmt] = target
    return made
