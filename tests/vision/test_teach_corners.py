"""Teaching the corner refiner from labelled photos: oriented labels give samples whose
targets are the labelled corners; axis-aligned labels give none."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("cv2")

import vision.training.teach as teach
from vision.corners import NOMINAL, CornerNet, crop_homography, to_image
from vision.render.dataset import Job, write_dataset
from vision.render.sampling import SceneSpec
from vision.training.teach import read_labels, teaching_corner_samples
from vision.training.train_corners import CornerTraining, train_corners


@pytest.fixture(scope="module")
def photos(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("photos")
    write_dataset(Job(str(out), None, SceneSpec(seed=7), "obb", False, 0.0), 1, workers=1,
                  progress=False)
    return out


def _labels(photos: Path) -> list[np.ndarray]:
    label = next((photos / "labels" / "train").glob("*.txt"))
    return [c.corners for c in read_labels(label, 1280, 720)]


def _aims_at(box: np.ndarray, target: np.ndarray, corners: np.ndarray) -> bool:
    """A sample's target (crop units) lies on ``corners`` in the image, in their order or
    half a turn from it (a box does not know the card's top)."""
    back = to_image(target, crop_homography(box))
    return any(np.allclose(back, np.roll(corners, k, axis=0), atol=0.5) for k in (0, 2))


def test_jittered_boxes_aim_at_the_labelled_corners(photos: Path) -> None:
    labels = _labels(photos)
    boxes: list[np.ndarray] = []
    real = teach.corner_samples

    def keep_boxes(img, bs, corners):  # type: ignore[no-untyped-def]
        boxes.extend(bs)
        return real(img, bs, corners)

    teach.corner_samples = keep_boxes
    try:
        x, y = teaching_corner_samples(photos, "train", None, boxes_per_card=2)
    finally:
        teach.corner_samples = real
    assert len(labels) > 3 and x.shape == (2 * len(labels), 72, 48, 3) and y.shape[1:] == (4, 2)
    for k, corners in enumerate(labels):
        for j in (2 * k, 2 * k + 1):
            assert _aims_at(boxes[j], y[j], corners)
    off = np.abs(y - np.array(NOMINAL)).max(axis=(1, 2))
    assert (off > 1e-3).all() and (off < 0.3).all(), "jittered, yet near the box"


def test_a_finder_box_on_a_card_is_a_sample_one_elsewhere_is_not(
        photos: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    labels = _labels(photos)
    on_card = labels[0] + np.float32(3.0)
    nowhere = np.array([[5, 5], [25, 5], [25, 35], [5, 35]], np.float32)
    monkeypatch.setattr(teach, "find_cards",
                        lambda finder, image: (np.stack([on_card, nowhere]), np.ones(2)))
    x, y = teaching_corner_samples(photos, "train", object(), boxes_per_card=0)  # type: ignore[arg-type]
    assert len(x) == 1
    assert _aims_at(on_card, y[0], labels[0])


def test_axis_aligned_labels_give_no_samples(tmp_path: Path) -> None:
    committed = Path(__file__).parent.parent / "data" / "frames"
    frame = sorted((committed / "images").glob("*.jpg"))[0]
    (tmp_path / "images" / "train").mkdir(parents=True)
    (tmp_path / "labels" / "train").mkdir(parents=True)
    shutil.copy(frame, tmp_path / "images" / "train")
    shutil.copy(committed / "labels" / f"{frame.stem}.txt", tmp_path / "labels" / "train")
    x, y = teaching_corner_samples(tmp_path, "train", None)
    assert x.shape == (0, 72, 48, 3) and y.shape == (0, 4, 2)


def test_fine_tuning_starts_from_the_given_refiner(photos: Path) -> None:
    x, y = teaching_corner_samples(photos, "train", None, boxes_per_card=1)
    start = CornerNet()
    model = train_corners(x, y, CornerTraining(epochs=1, batch=4, lr=1e-9, threads=1),
                          init=start, report=lambda _: None)
    assert model is start


@pytest.mark.slow
def test_passt_train_teaches_the_refiner_and_says_how_to_use_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from companion_api.cli import main

    data = tmp_path / "deck"
    write_dataset(Job(str(data), None, SceneSpec(seed=8), "obb", False, 0.5), 2, workers=1,
                  progress=False)
    out = tmp_path / "taught"
    rc = main(["train", "--data", str(data), "--out", str(out), "--epochs", "1",
               "--finder-epochs", "0", "--corner-epochs", "1", "--crops-per-card", "1"])
    assert rc == 0
    said = capsys.readouterr().out
    assert "fine-tuning the corner refiner" in said
    taught = out / "card_corners.pt"
    if taught.exists():  # one epoch on one photo may not beat the shipped refiner
        assert f"--corners {taught}" in said
    else:
        assert "did not get better" in said and "--corners" not in said
    assert (out / "card_faces.pt").exists() and (out / "teach_report.json").exists()
