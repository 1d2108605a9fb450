"""Training smoke tests: the recipes run end to end on tiny rendered data (one short epoch).

They prove the pipeline works (data -> Ultralytics -> weights -> detector), not accuracy.
"""

from pathlib import Path

import numpy as np
import pytest

from engine.cards import CARD_NAMES
from vision.render.sampling import SceneSpec
from vision.training.face_net import load_face_net, save_face_net
from vision.training.scenes import OTHER, SceneJob, load_faces, write_training_scenes
from vision.training.train_faces import FaceTraining, train_faces


@pytest.fixture(scope="module")
def scenes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("scenes")
    write_training_scenes(SceneJob(str(out), SceneSpec(seed=5), None), 4, workers=1,
                          progress=False)
    return out


def test_scene_data_layout(scenes: Path) -> None:
    assert len(list((scenes / "finder" / "images").glob("*.jpg"))) == 8
    labels = list((scenes / "finder" / "labels").glob("*.txt"))
    rows = [ln.split() for f in labels for ln in f.read_text().splitlines()]
    assert rows and all(r[0] == "0" and len(r) == 9 for r in rows)
    assert all(0.0 <= float(v) <= 1.0 for r in rows for v in r[1:])
    x, y = load_faces(scenes, CARD_NAMES)
    assert x.shape[1:] == (72, 48, 3) and len(x) == len(y) > 20
    assert set(y) <= set(range(len(CARD_NAMES) + 1))


def test_face_classifier_trains_and_round_trips(scenes: Path, tmp_path: Path) -> None:
    x, y = load_faces(scenes, CARD_NAMES)
    cfg = FaceTraining(epochs=1, batch=16)
    saved: list[object] = []
    model = train_faces(x, y, len(CARD_NAMES) + 1, cfg, val=(x[:16], y[:16]),
                        report=lambda s: None, on_best=saved.append)
    assert len(cfg.history) == 1 and np.isfinite(cfg.history[0]["loss"])
    assert saved == [model]  # the first epoch is the best so far: handed out to be saved
    save_face_net(model, (*CARD_NAMES, OTHER), tmp_path / "f.pt", {"smoke": True})
    again, names, meta = load_face_net(tmp_path / "f.pt")
    assert names[-1] == OTHER and meta == {"smoke": True}


@pytest.mark.slow
def test_finder_trains_one_tiny_epoch(scenes: Path, tmp_path: Path) -> None:
    from vision.training.train_finder import finder_data_yaml, train_finder

    data = finder_data_yaml([scenes / "finder"], [scenes / "finder"], tmp_path / "d.yaml")
    out = train_finder(data, tmp_path / "finder.pt", model="vision/training/card_finder-obb.yaml",
                       epochs=1, imgsz=160, batch=4, project=tmp_path / "runs", workers=0,
                       val=False)
    assert out.exists() and out.stat().st_size > 100_000


@pytest.mark.slow
def test_teaching_the_finder_starts_from_the_shipped_weights(tmp_path: Path) -> None:
    """Photos' boxes -> a finder dataset at the finder's scale -> fine-tuning that keeps the
    weights it starts from (a tiny learning rate leaves them almost as they were)."""
    import shutil

    import cv2
    import torch

    from vision.training.teach import finder_teaching_set
    from vision.training.train_finder import train_finder

    committed = Path(__file__).parent.parent / "data" / "frames"
    data = tmp_path / "photos"
    frames = sorted((committed / "images").glob("*.jpg"))[:2]
    assert frames, "committed test frames are missing"
    for split, frame in zip(("train", "val"), frames, strict=False):
        (data / "images" / split).mkdir(parents=True)
        (data / "labels" / split).mkdir(parents=True)
        shutil.copy(frame, data / "images" / split / frame.name)
        shutil.copy(committed / "labels" / f"{frame.stem}.txt", data / "labels" / split)
    yaml_path = finder_teaching_set(data, tmp_path / "set", finder=None)
    small = cv2.imread(str(tmp_path / "set" / "train" / "images" / "00000.jpg"))
    assert small.shape[1] == 640
    rows = [r.split() for r in (tmp_path / "set" / "train" / "labels" / "00000.txt")
            .read_text().splitlines()]
    assert rows and all(r[0] == "0" and len(r) == 9 for r in rows)
    start = Path("models/card_finder.pt")
    out = train_finder(yaml_path, tmp_path / "f.pt", model=str(start), epochs=1, imgsz=160,
                       batch=2, project=tmp_path / "runs", workers=0, val=False,
                       optimizer="AdamW", lr0=1e-9, warmup_epochs=0)

    def weights(p: Path) -> torch.Tensor:
        ckpt = torch.load(p, map_location="cpu", weights_only=False)
        model = ckpt.get("ema") or ckpt["model"]
        return torch.cat([v.float().flatten() for k, v in model.state_dict().items()
                          if k.endswith("conv.weight")])

    a, b = weights(start), weights(out)
    assert torch.allclose(a, b, atol=1e-2), "fine-tuning threw the starting weights away"
