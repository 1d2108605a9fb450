"""Frame sources: a webcam, a video file, a network stream or a folder of images.

Every source is an iterable of ``(frame, timestamp_s)``; it knows nothing of cards.
A live source (webcam, stream) that loses its camera is reopened with growing back-off and
each change is reported to ``on_status`` (and logged) - it never raises mid-game. A file
source ends at its last frame; it can be paced like the recording (``realtime=True``) or
read as fast as possible, and can skip frames (``every_nth`` or ``target_fps``).

>>> src = open_source("0")  # webcam 0 (opened lazily, on iteration)
>>> src.live
True
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

log = logging.getLogger(__name__)

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff")
CAP_PROP_FPS = 5  # cv2.CAP_PROP_FPS, kept here so importing this module needs no OpenCV

Item = tuple[np.ndarray, float]


class Capture(Protocol):
    """What we use of ``cv2.VideoCapture`` (tests pass fakes)."""

    def isOpened(self) -> bool: ...  # noqa: N802 - OpenCV's name
    def read(self) -> tuple[bool, Any]: ...
    def get(self, prop_id: int) -> float: ...
    def release(self) -> None: ...


@dataclass(frozen=True)
class SourceStatus:
    """A change in a source's health: ``state`` is opened | lost | retrying | gave-up | ended."""

    state: str
    source: str
    attempt: int = 0
    wait_s: float = 0.0
    message: str = ""

    def __str__(self) -> str:
        extra = f" (attempt {self.attempt}, next in {self.wait_s:.1f} s)" if self.attempt else ""
        return f"{self.source}: {self.state}{extra}{': ' + self.message if self.message else ''}"


@dataclass(frozen=True)
class Backoff:
    """Waits between reopen attempts: ``first_s`` doubling up to ``max_s``; ``attempts`` None
    retries forever (a table camera should come back when it is plugged in again)."""

    first_s: float = 0.5
    max_s: float = 10.0
    attempts: int | None = None

    def wait(self, attempt: int) -> float:
        return float(min(self.max_s, self.first_s * 2 ** max(0, attempt - 1)))


def _log_status(status: SourceStatus) -> None:
    log.warning("%s", status) if status.state in ("lost", "gave-up") else log.info("%s", status)


class CaptureSource:
    """Frames from an OpenCV-like capture made by ``opener`` (so it can be made again).

    ``live`` sources stamp frames with the clock and are reopened when lost; file sources
    stamp frames with their position in the recording and end at the last frame.
    """

    def __init__(
        self,
        opener: Callable[[], Capture],
        name: str,
        live: bool,
        *,
        realtime: bool = False,
        every_nth: int = 1,
        target_fps: float | None = None,
        backoff: Backoff | None = None,
        on_status: Callable[[SourceStatus], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        fallback_fps: float = 30.0,
    ) -> None:
        if every_nth < 1:
            raise ValueError("every_nth must be at least 1")
        if target_fps is not None and target_fps <= 0:
            raise ValueError("target_fps must be positive")
        self.opener, self.name, self.live = opener, name, live
        self.realtime, self.every_nth, self.target_fps = realtime, every_nth, target_fps
        self.backoff = backoff or Backoff()
        self.on_status = on_status or _log_status
        self.clock, self.sleep, self.fallback_fps = clock, sleep, fallback_fps
        self.status: SourceStatus | None = None

    def _report(self, status: SourceStatus) -> None:
        self.status = status
        self.on_status(status)

    def _open(self) -> Capture | None:
        """Open (or reopen) the capture; None when a file cannot be opened or retries ran out."""
        attempt = 0
        while True:
            try:
                cap: Capture | None = self.opener()
            except Exception as exc:  # a broken driver must not end the game
                cap, err = None, str(exc)
            else:
                err = "cannot open"
            if cap is not None and cap.isOpened():
                self._report(SourceStatus("opened", self.name, attempt))
                return cap
            if cap is not None:
                cap.release()
            if not self.live:
                raise FileNotFoundError(f"cannot open video {self.name!r}")
            attempt += 1
            if self.backoff.attempts is not None and attempt > self.backoff.attempts:
                self._report(SourceStatus("gave-up", self.name, attempt - 1, message=err))
                return None
            wait = self.backoff.wait(attempt)
            self._report(SourceStatus("retrying", self.name, attempt, wait, err))
            self.sleep(wait)

    def _fps(self, cap: Capture) -> float:
        fps = float(cap.get(CAP_PROP_FPS) or 0.0)
        return fps if 0.5 < fps < 1000 else self.fallback_fps

    def __iter__(self) -> Iterator[Item]:
        cap = self._open()
        if cap is None:
            return
        start = self.clock()
        fps = self._fps(cap)
        step = self.every_nth
        if self.target_fps is not None and not self.live:
            step = max(step, round(fps / self.target_fps))
        index, last_t = -1, -np.inf
        try:
            while True:
                ok, frame = cap.read()
                if not ok or frame is None:
                    if not self.live:
                        self._report(SourceStatus("ended", self.name))
                        return
                    self._report(SourceStatus("lost", self.name, message="no frame"))
                    cap.release()
                    reopened = self._open()
                    if reopened is None:
                        return
                    cap = reopened
                    continue
                index += 1
                if index % step:
                    continue
                t = self.clock() - start if self.live else index / fps
                if self.live and self.target_fps is not None:
                    if t - last_t < 1.0 / self.target_fps:
                        continue
                    last_t = t
                if self.realtime and not self.live:
                    ahead = t - (self.clock() - start)
                    if ahead > 0:
                        self.sleep(ahead)
                yield frame, float(t)
        finally:
            cap.release()


class ImageFolderSource:
    """The images of a folder in name order, stamped ``index / fps``."""

    live = False

    def __init__(self, folder: str | Path, fps: float = 1.0, every_nth: int = 1) -> None:
        self.folder = Path(folder)
        if not self.folder.is_dir():
            raise FileNotFoundError(f"no image folder {str(folder)!r}")
        if fps <= 0 or every_nth < 1:
            raise ValueError("fps must be positive and every_nth at least 1")
        self.fps, self.every_nth = fps, every_nth
        self.paths = sorted(p for p in self.folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)

    def __iter__(self) -> Iterator[Item]:
        import cv2

        for i, path in enumerate(self.paths):
            if i % self.every_nth:
                continue
            frame = cv2.imread(str(path))
            if frame is None:
                log.warning("skipping unreadable image %s", path)
                continue
            yield frame, i / self.fps


FrameSource = CaptureSource | ImageFolderSource


def open_source(
    spec: str | int,
    *,
    realtime: bool = False,
    every_nth: int = 1,
    target_fps: float | None = None,
    backoff: Backoff | None = None,
    on_status: Callable[[SourceStatus], None] | None = None,
) -> FrameSource:
    """``0``/``"0"`` a webcam index, ``"rtsp://…"``/``"http://…"`` a stream, a folder of
    images, else a video file. Nothing is opened until the source is iterated."""
    text = str(spec)
    common: dict[str, Any] = dict(every_nth=every_nth, target_fps=target_fps, backoff=backoff,
                                  on_status=on_status)

    def capture(arg: str | int) -> Callable[[], Capture]:
        def opener() -> Capture:
            import cv2

            return cv2.VideoCapture(arg)

        return opener

    if text.isdigit():
        return CaptureSource(capture(int(text)), f"webcam {text}", True, **common)
    if "://" in text:
        return CaptureSource(capture(text), text, True, **common)
    path = Path(text)
    if path.is_dir():
        return ImageFolderSource(path, fps=target_fps or 1.0, every_nth=every_nth)
    if not path.is_file():
        raise FileNotFoundError(f"no video, folder or camera {text!r}")
    return CaptureSource(capture(text), text, False, realtime=realtime, **common)
