"""passt dataset import: YOLO, COCO and Label Studio labels -> a checked Ultralytics dataset."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
import yaml

from companion_api.cli import main
from engine.cards import CARD_NAMES
from vision.labelling.importer import (
    DatasetError,
    import_dataset,
    ls_corners,
    ls_rectangle,
    split_samples,
)

W, H = 80, 60


def make_image(path: Path, seed: int) -> Path:
    """A tiny image with content unique to ``seed`` (so no accidental duplicates)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    img = np.random.default_rng(seed).integers(0, 255, (H, W, 3), dtype=np.uint8)
    assert cv2.imwrite(str(path), img)
    return path


def read_labels(out: Path) -> dict[str, list[list[float]]]:
    """source name -> label rows, via report.json's file map."""
    report = json.loads((out / "report.json").read_text())
    rows = {}
    for rel, source in report["files"].items():
        split, name = rel.split("/")
        txt = out / "labels" / split / (Path(name).stem + ".txt")
        rows[source] = [[float(v) for v in ln.split()] for ln in txt.read_text().splitlines()]
    return rows


def no_output(tmp_path: Path, out: Path) -> bool:
    return not out.exists() and not list(tmp_path.glob(f".{out.name}*"))


def yolo_folder(root: Path, labels: dict[str, list[str]]) -> Path:
    for k, (stem, lines) in enumerate(labels.items()):
        make_image(root / "images" / f"{stem}.png", k)
        txt = root / "labels" / f"{stem}.txt"
        txt.parent.mkdir(parents=True, exist_ok=True)
        txt.write_text("\n".join(lines) + "\n")
    return root


# ---------------------------------------------------------------------------- round trips


def test_yolo_detect_round_trip_and_split(tmp_path: Path) -> None:
    pink3, joker = CARD_NAMES.index("pink-3"), CARD_NAMES.index("joker")
    labels = {f"p{i}": [f"{pink3} 0.5 0.5 0.25 0.5", f"{joker} 0.2 0.3 0.1 0.2"]
              for i in range(5)}
    src = yolo_folder(tmp_path / "src", labels)
    out = tmp_path / "ds"
    report = import_dataset(src, out, "yolo", val=0.4, seed=3)

    data = yaml.safe_load((out / "data.yaml").read_text())
    assert list(data["names"].values()) == list(CARD_NAMES)
    assert data["label_format"] == "detect" and report["label_format"] == "detect"
    assert report["images"] == {"train": 3, "val": 2}
    assert len(list((out / "images" / "val").iterdir())) == 2
    rows = read_labels(out)
    assert set(rows) == {f"images/p{i}.png" for i in range(5)}
    for got in rows.values():
        np.testing.assert_allclose(got, [[pink3, 0.5, 0.5, 0.25, 0.5],
                                         [joker, 0.2, 0.3, 0.1, 0.2]], atol=1e-6)
    assert report["per_class"]["pink-3"] == {"train": 3, "val": 2}
    assert "red-0" in report["missing_classes"]

    import_dataset(src, tmp_path / "ds2", "yolo", val=0.4, seed=3)
    first = json.loads((out / "report.json").read_text())["files"]
    second = json.loads((tmp_path / "ds2" / "report.json").read_text())["files"]
    assert first == second  # same seed, same split


def test_yolo_data_yaml_names_are_remapped_and_obb_kept(tmp_path: Path) -> None:
    src = tmp_path / "src"
    make_image(src / "images" / "train" / "a.png", 1)
    make_image(src / "images" / "val" / "b.png", 2)
    (src / "labels" / "train").mkdir(parents=True)
    (src / "labels" / "val").mkdir(parents=True)
    (src / "labels" / "train" / "a.txt").write_text("1 0.1 0.1 0.3 0.1 0.3 0.5 0.1 0.5\n")
    (src / "labels" / "val" / "b.txt").write_text("0 0.5 0.5 0.2 0.2\n")
    (src / "data.yaml").write_text(yaml.safe_dump(
        {"path": ".", "train": "images/train", "val": "images/val",
         "names": {0: "Joker", 1: "Green_4"}}))
    out = tmp_path / "ds"
    report = import_dataset(src / "data.yaml", out, "auto", val=0.0)
    assert report["format"] == "yolo" and report["label_format"] == "obb"
    assert report["val_is_train"]
    assert yaml.safe_load((out / "data.yaml").read_text())["val"] == "images/train"
    rows = read_labels(out)
    green4, joker = CARD_NAMES.index("green-4"), CARD_NAMES.index("joker")
    np.testing.assert_allclose(rows["images/train/a.png"],
                               [[green4, 0.1, 0.1, 0.3, 0.1, 0.3, 0.5, 0.1, 0.5]], atol=1e-6)
    # an axis-aligned box in an obb dataset: its four corners
    np.testing.assert_allclose(rows["images/val/b.png"],
                               [[joker, 0.4, 0.4, 0.6, 0.4, 0.6, 0.6, 0.4, 0.6]], atol=1e-6)


def test_classes_option_and_background_image(tmp_path: Path) -> None:
    src = yolo_folder(tmp_path / "src", {"a": ["0 0.5 0.5 0.2 0.2"], "b": []})
    make_image(src / "images" / "empty.png", 9)  # no label file: a photo without cards
    out = tmp_path / "ds"
    report = import_dataset(src, out, "yolo", classes=["blue-5"], val=0.0)
    assert report["images_without_cards"] == 2
    rows = read_labels(out)
    assert rows["images/a.png"][0][0] == CARD_NAMES.index("blue-5")
    assert rows["images/empty.png"] == []


def coco_file(root: Path, anns: list[dict[str, Any]], names: dict[int, str],
              images: int = 3) -> Path:
    imgs = [{"id": i + 1, "file_name": f"c{i}.png", "width": W, "height": H}
            for i in range(images)]
    for i in range(images):
        make_image(root / "images" / f"c{i}.png", 10 + i)
    data = {"images": imgs, "annotations": anns,
            "categories": [{"id": k, "name": v} for k, v in names.items()]}
    path = root / "annotations" / "instances_default.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return path


def test_coco_round_trip(tmp_path: Path) -> None:
    anns = [{"id": 1, "image_id": 1, "category_id": 7, "bbox": [8, 6, 16, 30]},
            {"id": 2, "image_id": 2, "category_id": 3, "bbox": [40, 30, 40, 30]}]
    path = coco_file(tmp_path / "coco", anns, {7: "yellow-2", 3: "joker"})
    out = tmp_path / "ds"
    report = import_dataset(path, out, "coco", val=0.34, seed=0)
    assert report["format"] == "coco" and report["label_format"] == "detect"
    assert sum(report["images"].values()) == 3 and report["images"]["val"] == 1
    rows = read_labels(out)
    np.testing.assert_allclose(rows["c0.png"], [[CARD_NAMES.index("yellow-2"), 16 / W, 21 / H,
                                                 16 / W, 30 / H]], atol=1e-6)
    np.testing.assert_allclose(rows["c1.png"], [[30, 0.75, 0.75, 0.5, 0.5]], atol=1e-6)
    assert rows["c2.png"] == []


def ls_export(root: Path, regions: dict[str, list[dict[str, Any]]], ref: str = "{}") -> Path:
    tasks = []
    for k, (name, values) in enumerate(regions.items()):
        make_image(root / "photos" / name, 20 + k)
        result = [{"type": "rectanglelabels", "from_name": "label", "to_name": "image",
                   "original_width": W, "original_height": H, "value": v} for v in values]
        tasks.append({"id": k, "data": {"image": ref.format(name)},
                      "annotations": [{"result": result, "was_cancelled": False}]})
    path = root / "export.json"
    path.write_text(json.dumps(tasks))
    return path


def test_labelstudio_rotation_round_trip(tmp_path: Path) -> None:
    rect = {"x": 30, "y": 20, "width": 20, "height": 40, "rotation": 30,
            "rectanglelabels": ["Red 1"]}
    path = ls_export(tmp_path / "ls", {"a.png": [rect], "b.png": []},
                     ref="/data/upload/4/1a2b3c4d-{}")
    out = tmp_path / "ds"
    report = import_dataset(path, out, "labelstudio", images=tmp_path / "ls" / "photos",
                            val=0.5)
    assert report["label_format"] == "obb"
    rows = read_labels(out)
    want = ls_corners(30, 20, 20, 40, 30, W, H) / [W, H]
    assert rows["/data/upload/4/1a2b3c4d-a.png"][0][0] == CARD_NAMES.index("red-1")
    np.testing.assert_allclose(np.reshape(rows["/data/upload/4/1a2b3c4d-a.png"][0][1:], (4, 2)),
                               want, atol=1e-5)
    # the rotated rectangle keeps its shape in pixels: sides 16 x 24 px
    px = want * [W, H]
    assert np.linalg.norm(px[1] - px[0]) == pytest.approx(16, abs=1e-4)
    assert np.linalg.norm(px[3] - px[0]) == pytest.approx(24, abs=1e-4)


def test_labelstudio_without_rotation_writes_detect(tmp_path: Path) -> None:
    rect = {"x": 10, "y": 10, "width": 20, "height": 40, "rectanglelabels": ["green-0"]}
    path = ls_export(tmp_path / "ls", {"a.png": [rect]}, ref="/data/local-files/?d=photos/{}")
    report = import_dataset(path, tmp_path / "ds", "auto", val=0.0)
    assert report["format"] == "labelstudio" and report["label_format"] == "detect"
    rows = read_labels(tmp_path / "ds")
    np.testing.assert_allclose(list(rows.values())[0],
                               [[CARD_NAMES.index("green-0"), 0.2, 0.3, 0.2, 0.4]], atol=1e-6)


@pytest.mark.parametrize("angle", [0.0, 17.0, 90.0, 200.0, 333.0])
def test_ls_rectangle_inverts_ls_corners(angle: float) -> None:
    corners = ls_corners(12.5, 30, 20, 35, angle, 640, 480)
    back = ls_rectangle(corners, 640, 480)
    assert back["x"] == pytest.approx(12.5) and back["y"] == pytest.approx(30)
    assert back["width"] == pytest.approx(20) and back["height"] == pytest.approx(35)
    assert back["rotation"] == pytest.approx(angle % 360, abs=1e-6)


def test_split_is_seeded_and_keeps_one_val() -> None:
    from vision.labelling.importer import Sample

    samples = [Sample(Path(f"{i}.png"), f"{i}.png", (), False, str(i)) for i in range(10)]
    a, b = split_samples(samples, 0.2, 1), split_samples(samples[::-1], 0.2, 1)
    assert a == b and len(a["val"]) == 2
    assert len(split_samples(samples[:2], 0.01, 0)["val"]) == 1
    assert split_samples(samples[:1], 0.5, 0)["val"] == []


# ---------------------------------------------------------------------------- bad inputs


def _bad_yolo(src: Path, kind: str) -> str:
    """Make a YOLO folder with one problem of ``kind``; return the expected message part."""
    yolo_folder(src, {"good": ["0 0.5 0.5 0.2 0.2"], "bad": ["0 0.5 0.5 0.2 0.2"]})
    bad = src / "labels" / "bad.txt"
    if kind == "unreadable":
        (src / "images" / "bad.png").write_bytes(b"not an image at all")
        return "images/bad.png: unreadable image"
    if kind == "class-id":
        bad.write_text("40 0.5 0.5 0.2 0.2\n")
        return "images/bad.png: line 1: unknown class id 40"
    if kind == "out-of-range":
        bad.write_text("0 0.5 0.5 0.2 0.2\n0 40 30 10 12\n")
        return "images/bad.png: line 2: box out of the image"
    if kind == "degenerate":
        bad.write_text("0 0.5 0.5 0.0 0.2\n")
        return "images/bad.png: line 1: degenerate box"
    if kind == "malformed":
        bad.write_text("0 0.5 0.5 0.2\n")
        return "images/bad.png: line 1: expected 5 numbers"
    if kind == "duplicate":
        (src / "images" / "bad.png").write_bytes((src / "images" / "good.png").read_bytes())
        return "images/good.png: duplicate of images/bad.png"
    if kind == "orphan":
        (src / "labels" / "lost.txt").write_text("0 0.5 0.5 0.2 0.2\n")
        return "labels/lost.txt: label file with no image"
    raise AssertionError(kind)


@pytest.mark.parametrize("kind", ["unreadable", "class-id", "out-of-range", "degenerate",
                                  "malformed", "duplicate", "orphan"])
def test_bad_yolo_input_is_refused_and_nothing_written(tmp_path: Path, kind: str) -> None:
    expected = _bad_yolo(tmp_path / "src", kind)
    out = tmp_path / "ds"
    with pytest.raises(DatasetError) as err:
        import_dataset(tmp_path / "src", out, "yolo")
    assert expected in str(err.value)
    assert "--skip-bad" in str(err.value)
    assert no_output(tmp_path, out)


def test_unknown_coco_class_and_missing_image(tmp_path: Path) -> None:
    anns = [{"id": 5, "image_id": 1, "category_id": 1, "bbox": [1, 1, 10, 10]}]
    path = coco_file(tmp_path / "coco", anns, {1: "purple-9"}, images=2)
    (tmp_path / "coco" / "images" / "c1.png").unlink()
    out = tmp_path / "ds"
    with pytest.raises(DatasetError) as err:
        import_dataset(path, out, "coco")
    msg = str(err.value)
    assert "2 problem(s)" in msg
    assert "c0.png: annotation 5: unknown class 'purple-9'" in msg
    assert "c1.png: image file not found" in msg
    assert no_output(tmp_path, out)


def test_labelstudio_missing_image_and_no_label(tmp_path: Path) -> None:
    path = ls_export(tmp_path / "ls", {"a.png": [{"x": 1, "y": 1, "width": 5, "height": 5,
                                                  "rectanglelabels": []}]})
    tasks = json.loads(path.read_text())
    tasks.append({"data": {"image": "/data/upload/1/deadbeef-gone.jpg"}, "annotations": []})
    path.write_text(json.dumps(tasks))
    with pytest.raises(DatasetError) as err:
        import_dataset(path, tmp_path / "ds", "labelstudio")
    assert "a.png: result 0: rectangle without a label" in str(err.value)
    assert "image file gone.jpg (uploaded as deadbeef-gone.jpg) not found" in str(err.value)


def test_skip_bad_leaves_bad_files_out_and_reports_them(tmp_path: Path) -> None:
    _bad_yolo(tmp_path / "src", "class-id")
    out = tmp_path / "ds"
    report = import_dataset(tmp_path / "src", out, "yolo", skip_bad=True, val=0.0)
    assert report["images"] == {"train": 1, "val": 0}
    assert report["skipped"] == [{"file": "images/bad.png",
                                  "reason": report["skipped"][0]["reason"]}]
    assert "unknown class id 40" in report["skipped"][0]["reason"]
    on_disk = json.loads((out / "report.json").read_text())
    assert on_disk["skipped"] == report["skipped"]
    assert [p.name for p in (out / "images" / "train").iterdir()] == ["good.png"]


def test_existing_output_is_refused_unless_force(tmp_path: Path) -> None:
    src = yolo_folder(tmp_path / "src", {"a": ["0 0.5 0.5 0.2 0.2"]})
    out = tmp_path / "ds"
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    with pytest.raises(ValueError, match="not empty"):
        import_dataset(src, out, "yolo")
    assert (out / "keep.txt").exists()
    import_dataset(src, out, "yolo", force=True)
    assert not (out / "keep.txt").exists() and (out / "data.yaml").exists()
    assert not list(tmp_path.glob(".ds*"))
    with pytest.raises(ValueError, match="inside it"):
        import_dataset(src, tmp_path, "yolo", force=True)


def test_output_inside_the_source_is_not_read_back(tmp_path: Path) -> None:
    src = yolo_folder(tmp_path / "src", {"a": ["0 0.5 0.5 0.2 0.2"], "b": []})
    out = src / "clean"
    first = import_dataset(src, out, "yolo", val=0.0)
    again = import_dataset(src, out, "yolo", val=0.0, force=True)
    assert first["files"] == again["files"] == {"train/a.png": "images/a.png",
                                                "train/b.png": "images/b.png"}


# ---------------------------------------------------------------------------- command line


def test_cli_import_and_clean_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = yolo_folder(tmp_path / "src", {"a": ["0 0.5 0.5 0.2 0.2"], "b": ["3 0.5 0.5 0.2 0.2"]})
    out = tmp_path / "ds"
    assert main(["dataset", "import", str(src), "--format", "yolo", "--out", str(out),
                 "--val", "0.5", "--seed", "1"]) == 0
    assert "1 train / 1 val images" in capsys.readouterr().out
    (src / "labels" / "b.txt").write_text("99 0.5 0.5 0.2 0.2\n")
    assert main(["dataset", "import", str(src), "--out", str(tmp_path / "ds2")]) == 2
    err = capsys.readouterr().err
    assert "passt dataset: error:" in err and "images/b.png: line 1: unknown class id 99" in err
    assert not (tmp_path / "ds2").exists()
