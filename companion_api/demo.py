"""A stand-in detector for the bundled demo game: cards read from ``demo_truth.json``.

It lets the companion run (and be tested end to end) before any detector model is trained:
for each frame it lays out the truth's table at that moment - the discard top, each seat's
stack tops, the revealed hands - as detections near the positions the recording used.
It knows the frame only by its time in the video, so it implements ``detect_at(frame, t)``
(the frame loop prefers it over ``detect``). Nothing here judges: the tracker and the
referee see these detections exactly as they would see a model's.

Each card laid lies a little differently (a few pixels, a few degrees, drawn from the
move's number), as real cards do: a twin laid on its twin then shows where it lies, as it
does to the real detector (``jitter=0`` lays every card squarely on the last).
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

    def __init__(self, truth_path: str | Path, card: tuple[float, float] = (30.0, 44.0),
                 jitter: float = 1.0) -> None:
        data: dict[str, Any] = json.loads(Path(truth_path).read_text(encoding="utf-8"))
        self.jitter = jitter
        # (frame the card lies there, pile, move number): which laying shows on each pile
        self.lays = sorted((int(m.get("placed", m["release"])), _pile_of(m), int(m["index"]))
                           for m in data.get("moves", []))
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
        lay = self._lays_at(int(state["frame"]))
        rnd = int(state.get("round") or 1)
        cards: list[tuple[str, float, float, int]] = []
        if state.get("discard_top"):
            cards.append((state["discard_top"], *self.discard, lay.get(("discard", rnd), -1)))
        for seat_text, by_colour in (state.get("stacks") or {}).items():
            seat = int(seat_text)
            for colour, top in by_colour.items():
                cards.append((top, *self._place(seat, 1.0, COLOUR_SLOT.get(colour, 0)),
                              lay.get(("stack", rnd, seat, colour), -1)))
        for seat_text, hand in (state.get("reveals") or {}).items():
            for k, name in enumerate(hand):
                cards.append((name, *self._place(int(seat_text), 1.45, k - (len(hand) - 1) / 2),
                              -1))
        if not cards:
            return empty_detections()
        quads = np.array([self._quad(x, y, k) for _, x, y, k in cards])
        boxes = np.concatenate([quads.min(1), quads.max(1)], axis=1)
        return card_detections([c[0] for c in cards], boxes, [0.9] * len(cards), quads)

    def _lays_at(self, frame: int) -> dict[tuple[Any, ...], int]:
        """The move that laid the card now showing on each pile (stacks give back the one
        below when their top is played)."""
        piles: dict[tuple[Any, ...], list[int]] = {}
        for placed, pile, index in self.lays:
            if placed > frame:
                break
            if pile[0] == "unstack":  # the stack's top went to the discard
                stack = piles.get(("stack", *pile[1:]), [])
                if stack:
                    stack.pop()
                piles.setdefault(("discard", pile[1]), []).append(index)
            else:
                piles.setdefault(pile, []).append(index)
        return {k: v[-1] for k, v in piles.items() if v}

    def _quad(self, x: float, y: float, lay: int) -> np.ndarray:
        """The card's four corners, shifted and turned a little by the move that laid it."""
        dx, dy, turn = (np.random.default_rng([lay, 17]).normal(0, (3.0, 3.0, 6.0))
                        * self.jitter if lay >= 0 else (0.0, 0.0, 0.0))
        a = np.radians(turn)
        rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
        half = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * [self.w / 2, self.h / 2]
        return half @ rot.T + [x + dx, y + dy]

    def _place(self, seat: int, reach: float, slot: float) -> tuple[float, float]:
        """A point ``reach`` times the seat's distance out, ``slot`` card widths sideways."""
        out = self.seats[seat] - self.discard
        side = np.array([-out[1], out[0]]) / (np.linalg.norm(out) or 1.0)
        p = self.discard + reach * out + side * slot * (self.w + 12)
        return float(p[0]), float(p[1])


def _pile_of(move: dict[str, Any]) -> tuple[Any, ...]:
    """Where a truth move lays its card: the discard, a seat's colour stack, or the discard
    from a stack (``unstack``: the stack shows its card below again)."""
    rnd = int(move.get("round", 1))
    if move["source"] == "collect":
        return ("stack", rnd, int(move["seat"]), str(move["destination"]))
    if move["source"] == "stack":
        named = str(move["observation"]).partition("=")[0].partition(">")[2]
        colour = named or str(move["card"]).split("-")[0]
        return ("unstack", rnd, int(move["seat"]), colour)
    return ("discard", rnd)
