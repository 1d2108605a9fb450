"""A scripted detector and JPEG frames for the API tests (no model, no camera)."""

from __future__ import annotations

import numpy as np
import supervision as sv

from tests.vision.table_fakes import scene


class ScriptedDetector:
    """Returns the tables of ``script`` in turn, one per frame (the last one repeats)."""

    def __init__(self, script: list[sv.Detections] | None = None) -> None:
        self.script = script or []
        self.calls = 0

    def detect(self, frame: np.ndarray) -> sv.Detections:
        i = min(self.calls, len(self.script) - 1)
        self.calls += 1
        return self.script[i] if self.script else scene()


def game_script(frames_each: int = 4) -> list[sv.Detections]:
    """Round start on red-3, seat 0 plays red-5 from the hand, then collects out of turn."""
    tables = [scene(["red-3"]), scene(["red-3", "red-5"]),
              scene(["red-3", "red-5"], {0: {"blue": ["blue-1"]}})]
    return [t for t in tables for _ in range(frames_each)]


def jpeg(shape: tuple[int, int] = (720, 1280)) -> bytes:
    import cv2

    ok, data = cv2.imencode(".jpg", np.full((*shape, 3), 90, np.uint8))
    assert ok
    return data.tobytes()
