"""A declarative table layout: what lies where on the table, in table millimetres.

A layout says nothing about pixels; :func:`vision.render.scene.render_frame` turns
(layout, camera, design, rng) into a frame and its truth. A game-video renderer builds one
layout per frame from the game state (see :func:`vision.render.table.layout_from_state`).

Angles: a card's ``angle_deg`` turns its "up" direction clockwise as seen from above
(image y down); 0 means the card reads upright for a player at the near edge (seat 0 in the
default seat geometry), i.e. its top points to image-up in an unrotated top-down view.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

BGR = tuple[int, int, int]


@dataclass(frozen=True)
class CardPlacement:
    """One card lying on the table (or held flat just above it)."""

    kind: str  # "face" (a deck face, labelled by policy) | "back" | "reminder" | "foreign"
    name: str  # class name for "face"; "back"; "reminder-<k>"; "foreign-<k>"
    xy_mm: tuple[float, float]
    angle_deg: float = 0.0
    role: str = "loose"  # discard-top, discard-under, stack-top, stack-under, draw-pile,
    # in-hand (being played), held-hand, distractor, loose
    seat: int | None = None
    stack: str | None = None  # colour name of the collection stack
    lift_mm: float = 0.0  # height above the table (a card in a hand); scales it up a bit


@dataclass(frozen=True)
class Prop:
    """A non-card object lying on the table: ``phone``, ``cup``, ``coaster``, ``pen``."""

    kind: str
    xy_mm: tuple[float, float]
    angle_deg: float = 0.0
    colour: BGR = (40, 40, 40)
    seed: int = 0


@dataclass(frozen=True)
class Arm:
    """An arm reaching in from ``shoulder_mm`` (usually off the table) to ``hand_mm``."""

    shoulder_mm: tuple[float, float]
    hand_mm: tuple[float, float]
    width_mm: float = 80.0
    skin: BGR = (120, 150, 200)
    sleeve: BGR = (80, 60, 50)
    holding: CardPlacement | None = None  # a card under the fingers
    seed: int = 0


@dataclass(frozen=True)
class Surface:
    """The table top: ``wood``, ``cloth``, ``plain``, ``pattern``; beyond ``half_size_mm`` the
    floor shows (round table when ``round``)."""

    kind: str = "wood"
    colour: BGR = (60, 100, 150)
    colour2: BGR = (40, 70, 110)
    half_size_mm: tuple[float, float] = (700.0, 550.0)
    round: bool = False
    floor: BGR = (70, 70, 75)
    scale_mm: float = 40.0
    seed: int = 0


@dataclass(frozen=True)
class TableLayout:
    """Everything on the table; ``objects`` in drawing order (bottom first), arms on top."""

    surface: Surface
    objects: tuple[CardPlacement | Prop, ...] = ()
    arms: tuple[Arm, ...] = ()
    seats: int = 4
    meta: dict[str, object] = field(default_factory=dict, compare=False, hash=False)


def card_corners_mm(p: CardPlacement, size_mm: tuple[float, float]) -> np.ndarray:
    """The 4 table corners (TL, TR, BR, BL of the upright card) of a placement, (4, 2) mm."""
    w, h = size_mm
    a = np.radians(p.angle_deg)
    right = np.array([np.cos(a), np.sin(a)])
    down = np.array([-np.sin(a), np.cos(a)])
    c = np.asarray(p.xy_mm, float)
    local = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    return c + local[:, :1] * right + local[:, 1:] * down
