"""passt label: the detector's guesses as YOLO labels and a Label Studio file (fake detector)."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest
import supervision as sv

from companion_api.cli import main
from engine.cards import CARD_NAMES
from vision.detections import card_detections
from vision.labelling.importer import import_dataset
from vision.labelling.prelabel import labelstudio_config, prelabel
from vision.rectify import canonical_corners

W, H = 96, 64


def rotated_card(cx: float, cy: float, w: float, h: float, deg: float) -> np.ndarray:
    """Corners (4, 2) of a w x h card centred at (cx, cy), turned ``deg`` degrees."""
    a = np.radians(deg)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    half = np.array([[-w, -h], [w, -h], [w, h], [-w, h]]) / 2
    return half @ rot.T + [cx, cy]


CARDS = {
    "pink-3": (rotated_card(30, 30, 16, 24, 25), 0.9),
    "joker": (rotated_card(70, 32, 14, 20, 0), 0.8),
    "blue-1": (rotated_card(50, 50, 10, 12, 0), 0.1),  # under --conf: dropped
}


class FakeDetector:
    """Always sees the same cards, in a deliberately shuffled corner order."""

    def __init__(self) -> None:
        self.calls = 0

    def detect(self, frame: np.ndarray) -> sv.Detections:
        self.calls += 1
        assert frame.shape == (H, W, 3)
        names = list(CARDS)
        corners = np.stack([np.roll(CARDS[n][0], 2, axis=0) for n in names])
        boxes = np.concatenate([corners.min(1), corners.max(1)], axis=1)
        return card_detections(names, boxes, [CARDS[n][1] for n in names], corners)


def photos(folder: Path, n: int = 3) -> Path:
    folder.mkdir(parents=True)
    for i in range(n):
        img = np.random.default_rng(i).integers(0, 255, (H, W, 3), dtype=np.uint8)
        assert cv2.imwrite(str(folder / f"photo{i}.jpg"), img)
    (folder / "broken.jpg").write_bytes(b"\xff\xd8 truncated")
    return folder


def same_corners(a: np.ndarray, b: np.ndarray) -> bool:
    return np.allclose(canonical_corners(a), canonical_corners(b), atol=1e-3)


def test_prelabel_writes_yolo_labelstudio_and_lists_unreadable(tmp_path: Path) -> None:
    src, out = photos(tmp_path / "shots"), tmp_path / "shots-labels"
    det = FakeDetector()
    report = prelabel(src, out, det, model_version="fake@1", conf=0.3)
    assert det.calls == 3
    assert report["unreadable"] == ["broken.jpg"]
    assert report["labelled"] == 3 and report["cards"] == 6
    assert sorted(p.name for p in (out / "images").iterdir()) == [
        "photo0.jpg", "photo1.jpg", "photo2.jpg"]

    detect = [ln.split() for ln in (out / "labels" / "photo0.txt").read_text().splitlines()]
    assert [int(r[0]) for r in detect] == [CARD_NAMES.index("pink-3"), CARD_NAMES.index("joker")]
    np.testing.assert_allclose([float(v) for v in detect[1][1:]],
                               [70 / W, 32 / H, 14 / W, 20 / H], atol=1e-5)
    obb = [ln.split() for ln in (out / "labels_obb" / "photo0.txt").read_text().splitlines()]
    pink = np.reshape([float(v) for v in obb[0][1:]], (4, 2)) * [W, H]
    assert same_corners(pink, CARDS["pink-3"][0])

    tasks = json.loads((out / "labelstudio_tasks.json").read_text())
    assert len(tasks) == 3
    pred = tasks[0]["predictions"][0]
    assert pred["model_version"] == "fake@1" and pred["score"] == pytest.approx(0.85)
    region = pred["result"][0]
    assert region["type"] == "rectanglelabels" and region["score"] == pytest.approx(0.9)
    assert region["value"]["rectanglelabels"] == ["pink-3"]
    # the rectangle's width is the card's short side (16 px), turned by the card's 25 degrees
    assert region["value"]["width"] == pytest.approx(16 / W * 100, abs=1e-3)
    assert region["value"]["rotation"] % 180 == pytest.approx(25, abs=1e-3)
    assert tasks[0]["data"]["image"] == "/data/local-files/?d=images/photo0.jpg"
    assert 'canRotate="true"' in (out / "labelstudio_config.xml").read_text()
    assert json.loads((out / "report.json").read_text())["unreadable"] == ["broken.jpg"]


def test_labelstudio_file_reimports_to_the_same_boxes(tmp_path: Path) -> None:
    src, out = photos(tmp_path / "shots"), tmp_path / "pre"
    prelabel(src, out, FakeDetector(), model_version="fake@1")
    ds = tmp_path / "ds"
    report = import_dataset(out / "labelstudio_tasks.json", ds, "labelstudio",
                            images=out / "images", val=0.34)
    assert report["label_format"] == "obb"
    assert report["from_predictions"] == 3 and sum(report["images"].values()) == 3
    assert report["files"] == json.loads((ds / "report.json").read_text())["files"]
    for rel in report["files"]:
        split, name = rel.split("/")
        rows = [ln.split() for ln in (ds / "labels" / split / f"{Path(name).stem}.txt")
                .read_text().splitlines()]
        assert [CARD_NAMES[int(r[0])] for r in rows] == ["pink-3", "joker"]
        for row, name_ in zip(rows, ["pink-3", "joker"], strict=True):
            got = np.reshape([float(v) for v in row[1:]], (4, 2)) * [W, H]
            assert same_corners(got, CARDS[name_][0])


def test_yolo_output_reimports_too(tmp_path: Path) -> None:
    src, out = photos(tmp_path / "shots"), tmp_path / "pre"
    prelabel(src, out, FakeDetector(), model_version="v")
    det = import_dataset(out, tmp_path / "det", "yolo", val=0.0)
    assert det["label_format"] == "detect" and det["boxes"]["train"] == 6
    obb = import_dataset(out, tmp_path / "obb", "yolo", val=0.0, labels_dir="labels_obb")
    assert obb["label_format"] == "obb" and obb["boxes"]["train"] == 6


def test_prelabel_refuses_non_empty_out_and_empty_folder(tmp_path: Path) -> None:
    src = photos(tmp_path / "shots")
    out = tmp_path / "pre"
    out.mkdir()
    (out / "x").write_text("x")
    with pytest.raises(ValueError, match="not empty"):
        prelabel(src, out, FakeDetector(), model_version="v")
    (tmp_path / "none").mkdir()
    with pytest.raises(ValueError, match="no images"):
        prelabel(tmp_path / "none", tmp_path / "o2", FakeDetector(), model_version="v")


def test_label_config_lists_every_card() -> None:
    config = labelstudio_config()
    assert all(f'<Label value="{n}"/>' in config for n in CARD_NAMES)


def test_cli_label_with_injected_detector(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    import vision.detector

    seen = {}

    def fake_load(finder: Path, faces: Path, conf: float, corners: Path) -> FakeDetector:
        seen.update(finder=finder, faces=faces, conf=conf, corners=corners)
        return FakeDetector()

    monkeypatch.setattr(vision.detector, "load_detector", fake_load)
    src = photos(tmp_path / "shots")
    assert main(["label", str(src), "--model-finder", str(tmp_path / "f.onnx"),
                 "--model-faces", str(tmp_path / "m.pt"), "--model-corners",
                 str(tmp_path / "c.pt"), "--conf", "0.5"]) == 0
    text = capsys.readouterr().out
    assert "skipped unreadable image: broken.jpg" in text
    out = tmp_path / "shots-labels"
    tasks = json.loads((out / "labelstudio_tasks.json").read_text())
    assert tasks[0]["predictions"][0]["model_version"] == "f.onnx@?+m.pt@?+c.pt@?"
    assert [r["value"]["rectanglelabels"] for r in tasks[0]["predictions"][0]["result"]] == [
        ["pink-3"], ["joker"]]
    assert seen["conf"] == 0.5 and seen["corners"] == tmp_path / "c.pt"
    assert main(["label", str(tmp_path / "missing")]) == 2
    assert "no such folder" in capsys.readouterr().err
