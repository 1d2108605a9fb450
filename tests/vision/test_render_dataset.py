"""``passt synth``: deterministic by seed, labels in range, Ultralytics layout."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

pytest.importorskip("cv2")

from companion_api.cli import main
from engine.cards import CARD_NAMES
from vision.render.dataset import Job, write_dataset
from vision.render.sampling import SceneSpec


def _files(root: Path) -> dict[str, bytes]:
    skip = {"data.yaml"}  # holds the absolute path
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and p.name not in skip}


def test_same_seed_same_bytes_whatever_the_workers(tmp_path: Path) -> None:
    spec = SceneSpec(seed=3, images_per_design=2)
    for name, workers in (("a", 1), ("b", 2)):
        write_dataset(Job(str(tmp_path / name), None, spec, "obb", True, 0.5), 3,
                      workers=workers, progress=False)
    a, b = _files(tmp_path / "a"), _files(tmp_path / "b")
    assert a.keys() == b.keys() and a == b
    assert any(k.startswith("crops/") for k in a)


def test_cli_writes_ultralytics_layout_with_labels_in_range(tmp_path: Path) -> None:
    out = tmp_path / "ds"
    rc = main(["synth", "--out", str(out), "--images", "2", "--seed", "1", "--workers", "1",
               "--no-progress", "--val", "0.5"])
    assert rc == 0
    data = yaml.safe_load((out / "data.yaml").read_text())
    assert [data["names"][i] for i in range(len(CARD_NAMES))] == list(CARD_NAMES)
    labels = sorted((out / "labels").rglob("*.txt"))
    assert len(labels) == 2 and len(sorted((out / "images").rglob("*.jpg"))) == 2
    n = 0
    for f in labels:
        for line in f.read_text().splitlines():
            cls, *vals = line.split()
            assert 0 <= int(cls) < len(CARD_NAMES) and len(vals) == 4
            assert all(0.0 <= float(v) <= 1.0 for v in vals)
            n += 1
    assert n > 0
    rec = json.loads((out / "truth" / "train.jsonl").read_text().splitlines()[0])
    labelled = [c for c in rec["cards"] if c["labelled"]]
    assert labelled and all(len(c["corners"]) == 4 for c in rec["cards"])
    assert {c["role"] for c in rec["cards"]} & {"discard-top", "stack-top"}
