"""The camera side of the server: the detector (loaded in the background), the frame loop
(a reader thread and a worker thread that always takes the newest frame, so a slow detector
skips frames instead of falling behind) and the latest annotated JPEG for the MJPEG stream.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import supervision as sv

log = logging.getLogger(__name__)


class Detector(Protocol):
    def detect(self, frame: np.ndarray) -> sv.Detections: ...


def detect(detector: Any, frame: np.ndarray, t: float) -> sv.Detections:
    """A detector that knows frames only by their time (the demo's truth) has ``detect_at``."""
    at = getattr(detector, "detect_at", None)
    return at(frame, t) if callable(at) else detector.detect(frame)  # type: ignore[no-any-return]


def closer_look(detector: Any, frame: np.ndarray, t: float
                ) -> Callable[[], sv.Detections] | None:
    """How to look closer at this frame (lower thresholds), for a detector that can: the
    session asks only while a round's reveal is short of cards, the discard pile is not read,
    or no card lies in the middle yet to set up the seats (``look_closer_at`` for one that
    knows frames by their time)."""
    at = getattr(detector, "look_closer_at", None)
    if callable(at):
        return lambda: at(frame, t)  # type: ignore[no-any-return]
    look = getattr(detector, "look_closer", None)
    return (lambda: look(frame)) if callable(look) else None  # type: ignore[no-any-return]


@dataclass
class DetectorSlot:
    """The card detector, or why there is none (yet)."""

    detector: Any = None
    state: str = "none"  # loading | ready | missing | none
    message: str = "no card detector"
    name: str = ""

    def load(self, make: Callable[[], Any], name: str) -> None:
        self.state, self.message, self.name = "loading", f"loading {name}", name
        try:
            det = make()
        except Exception as exc:  # missing weights, a broken install: say so, keep serving
            self.state = "missing"
            self.message = (f"no card detector ({exc}); train one (passt train) or run the "
                            "demo with --detector truth")
            log.warning("%s", self.message)
            return
        name = str(getattr(det, "name", "") or name)
        self.detector, self.state, self.message, self.name = det, "ready", f"{name} ready", name

    def load_in_background(self, make: Callable[[], Any], name: str) -> threading.Thread:
        self.state, self.message, self.name = "loading", f"loading {name}", name
        th = threading.Thread(target=self.load, args=(make, name), name="detector-load",
                              daemon=True)
        th.start()
        return th


@dataclass
class LatestJpeg:
    """The newest annotated frame as JPEG, with a sequence number readers wait on."""

    jpeg: bytes = b""
    seq: int = 0
    raw: np.ndarray | None = None  # the newest camera frame (for marker calibration)
    cond: threading.Condition = field(default_factory=threading.Condition)

    def put(self, jpeg: bytes, raw: np.ndarray | None) -> None:
        with self.cond:
            self.jpeg, self.raw, self.seq = jpeg, raw, self.seq + 1
            self.cond.notify_all()


@dataclass
class SourceInfo:
    spec: str | None = None
    state: str = "none"  # none | opening | opened | lost | retrying | gave-up | ended | error
    message: str = "no camera source"
    frames_read: int = 0
    frames_processed: int = 0
    fps: float = 0.0
    loops: int = 0


class FrameLoop:
    """Read ``spec`` in one thread, process the newest frame in another.

    ``handle(frame, t)`` does the work (detect, referee, annotate); ``on_loop()`` is called
    when a looping file source starts over.
    """

    def __init__(self, spec: str, handle: Callable[[np.ndarray, float], object],
                 loop_file: bool = False, on_loop: Callable[[], None] | None = None,
                 ready: Callable[[], bool] | None = None) -> None:
        self.spec, self.handle, self.loop_file, self.on_loop = spec, handle, loop_file, on_loop
        # a recording waits for the detector, so the game is seen from its first frame
        self.ready = ready
        self.info = SourceInfo(spec, "opening", f"opening {spec}")
        self._stop = threading.Event()
        self._cond = threading.Condition()
        self._latest: tuple[np.ndarray, float] | None = None
        self._seq = 0
        self._threads: list[threading.Thread] = []

    def start(self) -> FrameLoop:
        for target, name in ((self._read, "frame-reader"), (self._work, "frame-worker")):
            th = threading.Thread(target=target, name=name, daemon=True)
            th.start()
            self._threads.append(th)
        return self

    def stop(self, timeout: float = 3.0) -> None:
        self._stop.set()
        with self._cond:
            self._cond.notify_all()
        for th in self._threads:
            th.join(timeout)

    def _status(self, status: Any) -> None:
        self.info.state, self.info.message = status.state, str(status)

    def _read(self) -> None:
        from vision.sources import Backoff, ImageFolderSource, open_source

        live = str(self.spec).isdigit() or "://" in str(self.spec)
        while not live and self.ready is not None and not self.ready():
            if self._stop.wait(0.1):
                return
        while not self._stop.is_set():
            try:
                source = open_source(self.spec, realtime=not live, on_status=self._status,
                                     backoff=Backoff(max_s=5.0))
                for frame, t in source:
                    if self._stop.is_set():
                        return
                    with self._cond:
                        self._latest, self._seq = (frame, t), self._seq + 1
                        self.info.frames_read += 1
                        self._cond.notify_all()
                    if isinstance(source, ImageFolderSource):
                        time.sleep(1.0 / source.fps)  # a folder is read at its own pace
            except Exception as exc:  # a bad path or a dead stream: report, never crash
                self.info.state, self.info.message = "error", f"{self.spec}: {exc}"
                log.warning("frame source %s: %s", self.spec, exc)
                return
            if not self.loop_file or self._stop.is_set():
                return
            self.info.loops += 1
            if self.on_loop is not None:
                self.on_loop()

    def _work(self) -> None:
        seen = 0
        last = time.monotonic()
        while not self._stop.is_set():
            with self._cond:
                while self._seq == seen and not self._stop.is_set():
                    self._cond.wait(0.5)
                if self._stop.is_set() or self._latest is None:
                    return
                frame, t = self._latest
                seen = self._seq  # anything older than this is skipped
            try:
                self.handle(frame, t)
            except Exception:  # one bad frame must not end the game
                log.exception("processing a frame of %s failed", self.spec)
            self.info.frames_processed += 1
            now = time.monotonic()
            self.info.fps = 0.8 * self.info.fps + 0.2 / max(now - last, 1e-3)
            last = now


def webcam_opens(index: int = 0) -> bool:
    """True when webcam ``index`` opens and gives a frame (checked before choosing it)."""
    import sys

    if sys.platform.startswith("linux") and not Path(f"/dev/video{index}").exists():
        return False  # no device: skip OpenCV's noisy probing
    try:
        import cv2

        cap = cv2.VideoCapture(index)
        try:
            return bool(cap.isOpened() and cap.read()[0])
        finally:
            cap.release()
    except Exception:
        return False


def is_file_source(spec: str | None) -> bool:
    return spec is not None and Path(spec).is_file()
