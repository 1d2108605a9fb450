"""Frame sources: reopen a lost camera with back-off, pace and skip a file, image folders."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from vision.sources import Backoff, CaptureSource, ImageFolderSource, SourceStatus, open_source


class FakeCapture:
    """Gives ``frames`` frames (numbered by their first pixel), then fails."""

    def __init__(self, frames: int, start: int = 0, opened: bool = True, fps: float = 10.0):
        self.left, self.n, self.opened, self.fps = frames, start, opened, fps
        self.released = False

    def isOpened(self) -> bool:  # noqa: N802
        return self.opened

    def read(self) -> tuple[bool, Any]:
        if self.left <= 0:
            return False, None
        self.left -= 1
        self.n += 1
        return True, np.full((2, 2, 3), self.n - 1, np.uint8)

    def get(self, prop_id: int) -> float:
        return self.fps

    def release(self) -> None:
        self.released = True


class Clock:
    def __init__(self) -> None:
        self.now = 0.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        self.now += 0.01
        return self.now

    def sleep(self, s: float) -> None:
        self.slept.append(s)
        self.now += s


def test_lost_camera_is_reopened_with_backoff_and_reported() -> None:
    # 3 frames, the camera drops, two failed opens, back with 2 more frames, then gone for good
    caps = iter([FakeCapture(3), FakeCapture(0, opened=False), FakeCapture(0, opened=False),
                 FakeCapture(2, start=3)])

    def opener() -> FakeCapture:
        return next(caps, FakeCapture(0, opened=False))

    statuses: list[SourceStatus] = []
    clock = Clock()
    src = CaptureSource(opener, "webcam 0", live=True, backoff=Backoff(0.5, 2.0, attempts=4),
                        on_status=statuses.append, clock=clock, sleep=clock.sleep)
    frames = [int(f[0, 0, 0]) for f, _ in src]
    assert frames == [0, 1, 2, 3, 4]
    states = [s.state for s in statuses]
    assert states[:6] == ["opened", "lost", "retrying", "retrying", "opened", "lost"]
    assert states[-1] == "gave-up"
    assert clock.slept == [0.5, 1.0, 0.5, 1.0, 2.0, 2.0]  # doubling, capped at max_s


def test_an_opener_that_raises_is_retried_not_fatal() -> None:
    calls = []

    def opener() -> FakeCapture:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("driver hiccup")
        return FakeCapture(1, opened=len(calls) == 2)

    clock = Clock()
    src = CaptureSource(opener, "cam", live=True, backoff=Backoff(0.1, 1.0, attempts=1),
                        on_status=lambda s: None, clock=clock, sleep=clock.sleep)
    assert len(list(src)) == 1


def test_file_is_paced_skipped_and_stamped_by_position() -> None:
    clock = Clock()
    src = CaptureSource(lambda: FakeCapture(10, fps=10.0), "game.mp4", live=False,
                        realtime=True, target_fps=5.0, on_status=lambda s: None, clock=clock,
                        sleep=clock.sleep)
    got = [(int(f[0, 0, 0]), t) for f, t in src]
    assert got == [(0, 0.0), (2, 0.2), (4, 0.4), (6, 0.6), (8, 0.8)]
    assert sum(clock.slept) == pytest.approx(0.8, abs=0.1)  # real-time pace
    fast = CaptureSource(lambda: FakeCapture(10), "g", live=False, every_nth=3,
                         on_status=lambda s: None, sleep=clock.sleep)
    n_slept = len(clock.slept)
    assert [int(f[0, 0, 0]) for f, _ in fast] == [0, 3, 6, 9]
    assert len(clock.slept) == n_slept  # as fast as possible: no sleeping


def test_missing_file_and_bad_arguments_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="no video"):
        open_source(tmp_path / "nope.mp4")
    with pytest.raises(ValueError, match="every_nth"):
        CaptureSource(lambda: FakeCapture(1), "x", live=False, every_nth=0)
    assert open_source("rtsp://table.local/stream").live


def test_image_folder_in_name_order(tmp_path: Path) -> None:
    import cv2

    for i in (2, 0, 1):
        cv2.imwrite(str(tmp_path / f"f{i}.png"), np.full((4, 4, 3), i, np.uint8))
    (tmp_path / "notes.txt").write_text("not an image")
    src = open_source(tmp_path, target_fps=2.0)
    assert isinstance(src, ImageFolderSource)
    assert [(int(f[0, 0, 0]), t) for f, t in src] == [(0, 0.0), (1, 0.5), (2, 1.0)]
