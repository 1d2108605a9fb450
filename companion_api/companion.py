"""One companion server's moving parts, built in the app's lifespan: the store, the games,
the detector, the camera's frame loop and the latest annotated frame."""

from __future__ import annotations

import logging
import threading
from typing import Any

import numpy as np

from companion_api.camera import (
    DetectorSlot,
    FrameLoop,
    LatestJpeg,
    SourceInfo,
    closer_look,
    detect,
)
from companion_api.runtime import Hub, blank_frame
from companion_api.settings import Settings
from companion_api.store import Store
from engine.rules import Rules

log = logging.getLogger(__name__)


class Companion:
    def __init__(self, settings: Settings, store: Store, detector: DetectorSlot) -> None:
        self.settings, self.store, self.detector = settings, store, detector
        self.hub = Hub(store)
        self.latest = LatestJpeg()
        self.frames: FrameLoop | None = None
        self.closing = threading.Event()
        self._source_lock = threading.Lock()

    # -- games -----------------------------------------------------------------------------
    def resume_or_create(self) -> None:
        """The last unfinished game goes on (it was replayed from the log); a game of a
        looping file source starts afresh, since the recording starts from its beginning."""
        s = self.settings
        row = self.store.latest_unfinished()
        if row is not None and not (s.loop_source and row.source == (s.source or "")):
            self.hub.set_live(row.id)
            log.info("resuming game %s", row.id)
            return
        self.new_game_like(None)

    def new_game_like(self, game_id: int | None) -> None:
        s = self.settings
        if game_id is not None:
            old = self.hub.get(game_id)
            names, rules = old.names, old.rules
        else:
            names = s.names or [f"Player {k + 1}" for k in range(s.players)]
            rules = Rules(players=len(names))
        self.hub.create_game(names, rules, source=s.source or "")

    # -- the camera ------------------------------------------------------------------------
    @property
    def source(self) -> SourceInfo:
        return self.frames.info if self.frames else SourceInfo()

    def set_source(self, spec: str | None, loop_file: bool = False) -> SourceInfo:
        with self._source_lock:
            if self.frames is not None:
                self.frames.stop()
                self.frames = None
            if spec is None:
                self.latest.put(self._encode(blank_frame("no camera: choose a source, or\n"
                                                         "upload frames from a phone")), None)
                return SourceInfo()
            self.frames = FrameLoop(spec, self.handle_frame, loop_file, on_loop=self._looped,
                                    ready=lambda: self.detector.state != "loading").start()
            return self.frames.info

    def _looped(self) -> None:
        live = self.hub.live_id
        self.new_game_like(live)

    def handle_frame(self, frame: np.ndarray, t: float, game_id: int | None = None
                     ) -> list[dict[str, Any]]:
        """Detect, referee and annotate one frame of the live game (or ``game_id``)."""
        from vision.annotate import annotate

        gid = game_id if game_id is not None else self.hub.live_id
        det = self.detector.detector
        if det is None or gid is None:
            why = self.detector.message if det is None else "no game"
            self.latest.put(self._encode(_caption(frame, why)), frame)
            return []
        game = self.hub.get(gid)
        events = game.process_detections(detect(det, frame, t), t, frame.shape,
                                         closer=closer_look(det, frame, t))
        self.latest.put(self._encode(annotate(frame, game.session.last)), frame)
        return events

    def _encode(self, img: np.ndarray) -> bytes:
        import cv2

        w = self.settings.stream_width
        if img.shape[1] > w:
            img = cv2.resize(img, (w, round(img.shape[0] * w / img.shape[1])),
                             interpolation=cv2.INTER_AREA)
        ok, jpg = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY,
                                             self.settings.jpeg_quality])
        return jpg.tobytes() if ok else b""

    def close(self) -> None:
        self.closing.set()
        with self._source_lock:
            if self.frames is not None:
                self.frames.stop()
                self.frames = None
        self.store.close()

    def status(self) -> dict[str, Any]:
        src = self.source
        return {
            "detector": {"state": self.detector.state, "message": self.detector.message},
            "source": {"spec": src.spec, "state": src.state, "message": src.message,
                       "frames_read": src.frames_read, "frames_processed": src.frames_processed,
                       "fps": round(src.fps, 1), "loops": src.loops},
            "live_game": self.hub.live_id,
            "token_required": self.settings.token is not None,
        }


def _caption(frame: np.ndarray, text: str) -> np.ndarray:
    import cv2

    img = frame.copy()
    cv2.rectangle(img, (0, 0), (img.shape[1], 34), (30, 30, 30), -1)
    cv2.putText(img, text[:110], (10, 23), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (80, 200, 255), 1,
                cv2.LINE_AA)
    return img
