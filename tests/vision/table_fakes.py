"""Hand-made tables for the vision tests: cards by name and centre, a 3-seat layout."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import supervision as sv

from engine.cards import CARD_NAMES
from vision.calibration import Calibration, from_sectors
from vision.detections import CORNERS, card_detections, empty_detections
from vision.table_view import CLASS_PROBS

W, H = 56.0, 87.0  # a card in pixels, upright
CENTRE = (640.0, 360.0)
# 3 players: seat 0 at the bottom, seat 1 up-left, seat 2 up-right (clockwise on screen)
SEAT = {0: (640.0, 580.0), 1: (450.0, 250.0), 2: (830.0, 250.0)}


def calibration(players: int = 3) -> Calibration:
    return from_sectors(players, CENTRE, discard_radius=90.0, outer_radius=450.0)


Card = tuple  # (name, x, y) or (name, x, y, conf) or (name, x, y, conf, {name: prob})


def table(*cards: Card) -> sv.Detections:
    """Detections of cards given as (name, x, y[, confidence[, class probabilities]])."""
    if not cards:
        return empty_detections()
    names = [c[0] for c in cards]
    boxes = [[c[1] - W / 2, c[2] - H / 2, c[1] + W / 2, c[2] + H / 2] for c in cards]
    conf = [c[3] if len(c) > 3 else 0.9 for c in cards]
    d = card_detections(names, boxes, conf)
    if any(len(c) > 4 for c in cards):
        probs = np.zeros((len(cards), len(CARD_NAMES)), np.float32)
        for i, c in enumerate(cards):
            given: dict[str, float] = c[4] if len(c) > 4 else {c[0]: c[3] if len(c) > 3 else 0.9}
            for name, p in given.items():
                probs[i, CARD_NAMES.index(name)] = p
        d.data[CLASS_PROBS] = probs
    return d


def outlined(d: sv.Detections, shapes: dict[int, tuple[float, float, float]] | None = None
             ) -> sv.Detections:
    """``d`` with oriented outlines, as the detector gives them: each card W x H upright
    around its box's centre, or ``shapes[row]`` = (width, height, degrees turned)."""
    quads = []
    for i, (x0, y0, x1, y1) in enumerate(d.xyxy):
        w, h, turn = (shapes or {}).get(i, (W, H, 0.0))
        a = np.radians(turn)
        rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
        corners = np.array([[-w, -h], [w, -h], [w, h], [-w, h]]) / 2 @ rot.T
        quads.append(corners + [(x0 + x1) / 2, (y0 + y1) / 2])
    d.data[CORNERS] = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    return d


def at(seat: int, dx: float = 0.0, dy: float = 0.0) -> tuple[float, float]:
    x, y = SEAT[seat]
    return x + dx, y + dy


def stack(seat: int, names: Sequence[str], slot: float = 0.0, fan: float = 0.0,
          under_conf: float = 0.6) -> list[Card]:
    """A stack bottom first; ``fan`` pixels between cards (0: squared, only the top seen)."""
    x, y = at(seat, slot * (W + 20))
    if not fan:
        return [(names[-1], x, y, 0.9)]
    return [(n, x, y + i * fan, 0.9 if i == len(names) - 1 else under_conf)
            for i, n in enumerate(names)]


COLOUR_SLOT = {"red": -2, "pink": -1, "yellow": 0, "green": 1, "blue": 2}


def scene(discard: Sequence[str] = (), stacks: dict[int, dict[str, Sequence[str]]] | None = None,
          extra: Sequence[Card] = ()) -> sv.Detections:
    """A table: the discard pile bottom first (the cards under the top peek out, read less
    surely), each seat's stacks by colour (squared: only the top shows) at a fixed slot."""
    cards: list[Card] = []
    x, y = CENTRE
    for i, name in enumerate(discard[-2:][::-1]):  # the top and the one card peeking out
        cards.append((name, x + 6 * i, y + 28 * i, 0.93 - 0.4 * i))
    for seat, by_colour in (stacks or {}).items():
        for colour, names in by_colour.items():
            if names:
                sx, sy = at(seat, COLOUR_SLOT[colour] * (W + 20))
                cards.append((names[-1], sx, sy, 0.9))
    return table(*cards, *extra)
