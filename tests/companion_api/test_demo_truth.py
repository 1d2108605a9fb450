"""The truth detector lays each card a little off the last, as real cards lie."""

import json
from pathlib import Path

import numpy as np

from companion_api.demo import TruthDetector
from vision.detections import CORNERS


def _truth(tmp_path: Path) -> Path:
    def move(index: int, placed: int, source: str, card: str, dest: str, seat: int) -> dict:
        obs = {"hand": f"hand:{card}", "stack": f"seat {seat}: stack:{card}",
               "collect": f"seat {seat}: collect:{card}"}[source]
        return {"index": index, "round": 1, "seat": seat, "placed": placed, "release": placed,
                "source": source, "card": card, "destination": dest, "observation": obs}

    def state(frame: int, top: str, stacks: dict) -> dict:
        return {"frame": frame, "round": 1, "discard_top": top, "stacks": stacks}

    data = {
        "video": {"fps": 10}, "seats": 2,
        "table": {"discard_px": [640, 360], "seat_px": [[640, 560], [640, 160]]},
        "moves": [move(0, 10, "collect", "red-3", "red", 0),
                  move(1, 20, "hand", "red-3", "discard", 1),
                  move(2, 30, "stack", "red-3", "discard", 0)],
        "states": [state(0, "blue-3", {}), state(10, "blue-3", {"0": {"red": "red-3"}}),
                   state(20, "red-3", {"0": {"red": "red-3"}}), state(30, "red-3", {})],
    }
    path = tmp_path / "truth.json"
    path.write_text(json.dumps(data))
    return path


def _discard_corners(det: TruthDetector, t: float) -> np.ndarray:
    d = det.detect_at(np.zeros((720, 1280, 3), np.uint8), t)
    near = np.linalg.norm(d.data[CORNERS].mean(1) - [640, 360], axis=1).argmin()
    return np.asarray(d.data[CORNERS][near])


def test_a_twin_laid_on_its_twin_lies_elsewhere_and_squarely_without_jitter(
        tmp_path: Path) -> None:
    det = TruthDetector(_truth(tmp_path))
    # 2.5 s: seat 1's red-3 on the discard; 3.5 s: seat 0 plays its red-3 from the stack on it
    first, twin = _discard_corners(det, 2.5), _discard_corners(det, 3.5)
    assert np.abs(first - twin).max() > 0.5  # the second red-3 lies a little elsewhere
    square = TruthDetector(_truth(tmp_path), jitter=0.0)
    assert np.allclose(_discard_corners(square, 2.5), _discard_corners(square, 3.5))
