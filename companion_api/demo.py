"""A stand-in detector for the bundled demo game: cards read from ``demo_truth.json``.

It lets the companion run (and be tested end to end) before any detector model is trained:
for each frame it lays out the truth's table at that moment - the discard top, each seat's
stack tops, the revealed hands - as detections near the positions the recording used.
It knows the frame only by its time in the video, so it implements ``detect_at(frame, t)``
(the frame loop prefers it over ``detect``). Nothing here judges: the tracker and the
referee see these detections exactly as they would see a model's.
"""

from __future__ import annotations

import bisect
import json
from pathlib import Path
from typing import Any

import numpy as np
import supervision as sv

from vision.detections import card_detections, empty_detections

COLOUR_SLOT = {"red": -2, "pink": -1, "yellow": 0, "green": 1, "blue": 2}


class TruthDetector:
    """Detections of the demo's recorded truth at time ``t`` (seconds into the video)."""

    def __init__(self, truth_path: str | Path, card: tuple[float, float] = (30.0, 44.0)) -> None:
        data: dict[str, Any] = json.loads(Path(truth_path).read_text(encoding="utf-8"))
        self.fps = float(data["video"]["fps"])
        self.players = int(data["seats"])
        self.states: list[dict[str, Any]] = data["states"]
        self.frames = [int(s["frame"]) for s in self.states]
        table = data["table"]
        self.discard = np.asarray(table["discard_px"], np.float64)
        self.seats = np.asarray(table["seat_px"], np.float64)
        self.w, self.h = card
        self.name = f"demo truth ({Path(truth_path).name})"

    def state_at(self, t: float) -> dict[str, Any]:
        i = bisect.bisect_right(self.frames, int(round(t * self.fps))) - 1
        return self.states[max(0, i)]

    def detect(self, frame: np.ndarray) -> sv.Detections:  # no time: the first state
        return self.detect_at(frame, 0.0)

    def detect_at(self, frame: np.ndarray, t: float) -> sv.Detections:
        state = self.state_at(t)
        cards: list[tuple[str, float, float]] = []
        if state.get("discard_top"):
            cards.append((state["discard_top"], *self.discard))
        for seat_text, by_colour in (state.get("stacks") or {}).items():
            seat = int(seat_text)
            for colour, top in by_colour.items():
                cards.append((top, *self._place(seat, 1.0, COLOUR_SLOT.get(colour, 0))))
        for seat_text, hand in (state.get("reveals") or {}).items():
            for k, name in enumerate(hand):
                cards.append((name, *self._place(int(seat_text), 1.45, k - (len(hand) - 1) / 2)))
        if not cards:
            return empty_detections()
        boxes = [[x - self.w / 2, y - self.h / 2, x + self.w / 2, y + self.h / 2]
                 for _, x, y in cards]
        return card_detections([c[0] for c in cards], boxes, [0.9] * len(cards))

    def _place(self, seat: int, reach: float, slot: float) -> tuple[float, float]:
        """A point ``reach`` times the seat's distance out, ``slot`` card widths sideways."""
        out = self.seats[seat] - self.discard
        side = np.array([-out[1], out[0]]) / (np.linalg.norm(out) or 1.0)
        p = self.discard + reach * out + side * slot * (self.w + 12)
        return float(p[0]), float(p[1])
