"""Mining hard tiles for the finder: which cards count as missed, which tiles are kept."""

from pathlib import Path

import numpy as np

from vision.training.mine import TileCheck, keep_tiles, link_tiles, missed_cards, read_corners


def _card(cx: float, cy: float, w: float = 20, h: float = 30) -> np.ndarray:
    return np.array([[cx - w / 2, cy - h / 2], [cx + w / 2, cy - h / 2],
                     [cx + w / 2, cy + h / 2], [cx - w / 2, cy + h / 2]], np.float32)


def test_a_card_found_surely_near_its_centre_is_not_missed() -> None:
    truth = np.stack([_card(50, 50), _card(150, 50)])
    found = np.stack([_card(52, 51), _card(150, 50)])
    assert missed_cards(truth, found, np.array([0.9, 0.9]), 0.5) == 0


def test_unsure_far_or_absent_finds_are_misses() -> None:
    truth = np.stack([_card(50, 50), _card(150, 50), _card(250, 50)])
    found = np.stack([_card(50, 50), _card(150 + 12, 50)])  # 12 px off a 20 px wide card
    assert missed_cards(truth, found, np.array([0.3, 0.9]), 0.5) == 3
    assert missed_cards(truth, found, np.array([0.9, 0.9]), 0.5) == 2
    assert missed_cards(truth, np.zeros((0, 4, 2), np.float32), np.zeros(0), 0.5) == 3
    assert missed_cards(np.zeros((0, 4, 2), np.float32), found, np.ones(2), 0.5) == 0


def test_labels_are_read_in_tile_pixels(tmp_path: Path) -> None:
    label = tmp_path / "a.txt"
    label.write_text("0 0.1 0.2 0.3 0.2 0.3 0.6 0.1 0.6\n")
    corners = read_corners(label, (320, 160))
    np.testing.assert_allclose(corners[0], [[32, 32], [96, 32], [96, 96], [32, 96]])
    label.write_text("")
    assert read_corners(label, (320, 160)).shape == (0, 4, 2)


def test_every_hard_tile_and_a_share_of_the_easy_ones_are_kept(tmp_path: Path) -> None:
    checks = [TileCheck(Path(f"{i}.jpg"), 3, int(i % 10 == 0)) for i in range(1000)]
    kept = keep_tiles(checks, 0.3, np.random.default_rng(0))
    assert all(c in kept for c in checks if c.missed)
    easy = sum(1 for c in kept if not c.missed)
    assert 230 < easy < 310  # 30 % of 900
    assert keep_tiles(checks, 0.0, np.random.default_rng(0)) == [c for c in checks if c.missed]


def test_kept_tiles_are_linked_with_their_labels(tmp_path: Path) -> None:
    src = tmp_path / "scenes" / "finder"
    (src / "images").mkdir(parents=True)
    (src / "labels").mkdir()
    (src / "images" / "t.jpg").write_bytes(b"jpg")
    (src / "labels" / "t.txt").write_text("0 0 0 1 0 1 1 0 1\n")
    out = tmp_path / "hard" / "finder"
    for _ in range(2):  # a second run replaces its links
        link_tiles([TileCheck(src / "images" / "t.jpg", 1, 1)], out)
    assert (out / "images" / "t.jpg").read_bytes() == b"jpg"
    assert (out / "labels" / "t.txt").read_text().startswith("0 0 0")
