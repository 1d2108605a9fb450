"""Finder tiles may turn each card's colour on its own; the table and the face crops keep theirs."""

from pathlib import Path

import cv2
import numpy as np

from vision.render.sampling import SceneSpec
from vision.training.scenes import SceneJob, recolour_cards, render_one


def quad(x: float, y: float) -> np.ndarray:
    return np.array([[x, y], [x + 40, y], [x + 40, y + 60], [x, y + 60]], np.float32)


def hue(img: np.ndarray, x: int, y: int) -> int:
    return int(cv2.cvtColor(img[y : y + 1, x : x + 1], cv2.COLOR_BGR2HSV)[0, 0, 0])


def two_cards() -> np.ndarray:
    img = np.full((200, 200, 3), (40, 90, 160), np.uint8)  # a warm brown table
    img[50:110, 50:90] = (40, 160, 40)  # a green card below
    img[70:130, 70:110] = (40, 160, 40)  # and another on it
    return img


def test_each_card_keeps_one_colour_and_the_table_keeps_its_own() -> None:
    img = two_cards()
    cards = [quad(50, 50), quad(70, 70)]
    for seed in range(20):
        out = recolour_cards(img, cards, np.random.default_rng(seed), 0.5, 0.0)
        assert (out[:40] == img[:40]).all() and (out[150:] == img[150:]).all()
        below, top = hue(out, 55, 55), hue(out, 100, 120)
        assert hue(out, 75, 75) == top  # where the top card covers the one below
        assert abs(hue(out, 85, 55) - below) <= 1
    turned = {hue(recolour_cards(img, cards, np.random.default_rng(s), 0.5, 0.0), 100, 120)
              for s in range(20)}
    assert len(turned) > 10  # any hue, not a few


def test_no_turn_and_no_darkening_leaves_the_image_as_it_was() -> None:
    img = two_cards()
    out = recolour_cards(img, [quad(50, 50), quad(70, 70)], np.random.default_rng(0), 0.0, 0.0)
    assert np.abs(out.astype(int) - img).max() <= 2  # HSV round trip
    dark = recolour_cards(img, [quad(50, 50)], np.random.default_rng(0), 0.0, 0.5)
    assert dark[60, 60].max() < img[60, 60].max() and (dark[150:] == img[150:]).all()


def test_only_the_finder_tiles_are_recoloured(tmp_path: Path) -> None:
    spec = SceneSpec(seed=5, design_seed=1000, images_per_design=1)
    outs = []
    for name, h in (("plain", 0.0), ("turned", 0.5)):
        out = tmp_path / name
        for sub in ("finder/images", "finder/labels", "faces"):
            (out / sub).mkdir(parents=True)
        render_one(SceneJob(str(out), spec, None, crops_per_card=1, card_hue=h), 0)
        outs.append(out)
    plain, turned = outs
    assert (np.load(plain / "faces/000000.npz")["x"] ==
            np.load(turned / "faces/000000.npz")["x"]).all()
    for k in (0, 1):
        assert (plain / f"finder/labels/000000_{k}.txt").read_text() == \
            (turned / f"finder/labels/000000_{k}.txt").read_text()
    tiles = [cv2.imread(str(o / "finder/images/000000_0.jpg")) for o in outs]
    assert np.abs(tiles[0].astype(int) - tiles[1]).max() > 40
