"""Crops cut along a finder's boxes are named after the card each box sits on."""

import numpy as np

from vision.render.truth import CardTruth
from vision.training.scenes import OTHER, finder_crops


def card(obj: int, name: str, x: float, visible: float, labelled: bool,
         kind: str = "face") -> CardTruth:
    corners = [[x, 100.0], [x + 40, 100.0], [x + 40, 160.0], [x, 160.0]]
    return CardTruth(obj, kind, name, 3 if kind == "face" else -1, "stack", 0, None,
                     corners, visible, visible, visible, labelled)


def box(x: float, turn: float = 0.0) -> np.ndarray:
    c = np.array([x + 20, 130.0])
    q = np.array([[-20, -30], [20, -30], [20, 30], [-20, 30]], np.float64)
    a = np.radians(turn)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    return (q @ rot.T + c).astype(np.float32)


IMAGE = np.full((300, 400, 3), 90, np.uint8)


def test_a_sloppy_box_on_a_stack_is_read_as_its_top_card() -> None:
    under = card(0, "red-3", 100, 0.3, False)  # peeks out below: not a label
    top = card(1, "red-4", 108, 1.0, True)
    crops, names = finder_crops(IMAGE, np.stack([box(104, 4)]), [under, top], 0.45)
    assert names == ["red-4"] and crops[0].shape == (72, 48, 3)


def test_boxes_on_other_things_and_on_nothing() -> None:
    foreign = card(0, "foreign-2", 10, 0.9, False, kind="foreign")
    covered = card(1, "blue-1", 200, 0.45, False)  # too covered to be a label
    found = np.stack([box(12), box(200), box(320)])  # the last one lies on bare table
    crops, names = finder_crops(IMAGE, found, [foreign, covered], 0.45)
    assert names == [OTHER] and len(crops) == 1


def test_a_box_that_barely_overlaps_a_card_is_not_its() -> None:
    crops, names = finder_crops(IMAGE, np.stack([box(130)]), [card(0, "red-4", 100, 1.0, True)],
                                0.45)
    assert names == [] and crops == []


def test_finder_crops_are_cut_along_the_refiners_corners_when_given_one(tmp_path) -> None:
    from vision.detector import DEFAULT_CORNERS, DEFAULT_FINDER
    from vision.render.sampling import SceneSpec
    from vision.training.scenes import SceneJob, render_one

    def crops(refiner: str | None, out: str) -> tuple[np.ndarray, list[str]]:
        (tmp_path / out / "finder" / "images").mkdir(parents=True)
        (tmp_path / out / "finder" / "labels").mkdir(parents=True)
        (tmp_path / out / "faces").mkdir()
        job = SceneJob(str(tmp_path / out), SceneSpec(seed=11), None, crops_per_card=0,
                       finder=str(DEFAULT_FINDER), refiner=refiner)
        render_one(job, 0)
        z = np.load(tmp_path / out / "faces" / "000000.npz")
        return z["x"], [str(n) for n in z["names"]]

    boxes, names = crops(None, "boxes")
    refined, refined_names = crops(str(DEFAULT_CORNERS), "refined")
    assert refined_names == names and len(names) > 5  # the same boxes, named alike
    moved = np.abs(refined.astype(int) - boxes.astype(int)).mean(axis=(1, 2, 3))
    assert (moved > 1.0).mean() > 0.5  # most cut elsewhere
