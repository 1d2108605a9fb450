"""passt eval's state figures on a hand-made scene: which tops were missed, which misread."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest
import supervision as sv

from vision.evaluation import evaluate

TOPS = [(10, 10, 30, 40), (40, 10, 60, 40), (70, 10, 90, 40)]  # xyxy, classes 0, 1, 0


def _scene(root: Path) -> Path:
    (root / "images").mkdir(parents=True)
    (root / "labels").mkdir()
    (root / "truth").mkdir()
    (root / "data.yaml").write_text("names: [red-0, red-1]\n")
    cv2.imwrite(str(root / "images" / "s.png"), np.zeros((50, 100, 3), np.uint8))
    cards, rows = [], []
    for k, (x0, y0, x1, y1) in enumerate(TOPS):
        corners = [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]
        role = "discard-top" if k == 0 else "stack-top"
        cards.append({"labelled": True, "role": role, "corners": corners, "class_id": k % 2})
        rows.append(f"{k % 2} {(x0 + x1) / 200} {(y0 + y1) / 100} {(x1 - x0) / 100} "
                    f"{(y1 - y0) / 50}")
    (root / "labels" / "s.txt").write_text("\n".join(rows) + "\n")
    rec = {"image": "s.png", "width": 100, "height": 50, "cards": cards}
    (root / "truth" / "val.jsonl").write_text(json.dumps(rec) + "\n")
    return root


class Reads:
    """Finds the first top right, the second as the wrong face, the third not at all."""

    def detect(self, frame: np.ndarray) -> sv.Detections:
        return sv.Detections(xyxy=np.array(TOPS[:2], float), confidence=np.array([0.9, 0.8]),
                             class_id=np.array([0, 0]))


def test_a_missed_and_a_misread_top_are_told_apart(tmp_path: Path) -> None:
    report = evaluate(Reads(), _scene(tmp_path))  # type: ignore[arg-type]
    assert (report.tops, report.tops_missed, report.tops_misread) == (3, 1, 1)
    assert report.state_accuracy == 0.0
    assert "3: 1 not found, 1 misread" in report.summary()


class ReadsDownTo(Reads):
    """As :class:`Reads`, and below its operating point it also finds the third top."""

    operating_point = (0.2, 0.05)

    def detect_down_to(self, frame: np.ndarray, conf: float) -> sv.Detections:
        return sv.Detections(xyxy=np.array(TOPS, float),
                             confidence=np.array([0.9, 0.8, 0.03]),
                             class_id=np.array([0, 0, 0]),
                             data={"found": np.array([0.95, 0.9, 0.1])})


def test_map_takes_the_whole_curve_and_the_state_only_what_the_detector_acts_on(
        tmp_path: Path) -> None:
    report = evaluate(ReadsDownTo(), _scene(tmp_path))  # type: ignore[arg-type]
    # the state counts the cards above the operating point only: the third top is missed
    assert (report.tops, report.tops_missed, report.tops_misread) == (3, 1, 1)
    assert report.state_accuracy == 0.0
    # the whole curve reaches the third top (a red-0 read right, at 0.03)
    assert report.map50_at_point is not None
    assert report.map50 > report.map50_at_point
    plain = evaluate(Reads(), _scene(tmp_path / "plain"))  # type: ignore[arg-type]
    assert plain.map50 == plain.map50_at_point == report.map50_at_point
    assert "at its operating point" in report.summary()


def test_passt_eval_measures_one_split_and_names_a_missing_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import vision.detector as detector
    from companion_api.cli import main

    root = _scene(tmp_path / "d")
    (root / "images" / "val").mkdir()
    (root / "images" / "s.png").rename(root / "images" / "val" / "s.png")
    (root / "labels" / "val").mkdir()
    (root / "labels" / "s.txt").rename(root / "labels" / "val" / "s.txt")
    monkeypatch.setattr(detector, "load_detector", lambda *a, **k: ReadsDownTo())
    assert main(["eval", "--data", str(root), "--split", "val"]) == 0
    assert "images 1: mAP50" in capsys.readouterr().out
    assert main(["eval", "--data", str(root), "--split", "test"]) == 2
    assert "no split test" in capsys.readouterr().err
