"""Where the discard pile and each seat are in the image: the one question a table view asks.

Three ways to set it up, one answer (:class:`Calibration`):

- **markers**: printed ArUco markers (:mod:`vision.markers`) give the seats, and with the
  four corner markers a top-down homography (:func:`from_markers`);
- **zones by hand**: a JSON/YAML file with the discard polygon and one polygon per seat, in
  image pixels (:func:`load_zones` / :func:`save_zones`);
- **no setup**: seats as sectors around the discard pile (:func:`from_sectors`, centre given
  or estimated from the detections with :func:`sectors_from_detections`).

Seat order is clockwise as seen in the image (y down), seat 0 nearest the camera (image
bottom) by default - the geometry of :func:`vision.render.table.seat_angle`.

>>> cal = from_sectors(4, centre=(640, 360), discard_radius=80)
>>> cal.zone_of((640, 360)), cal.zone_of((640, 600)), cal.zone_of((400, 360))
('discard', 0, 1)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import supervision as sv
import yaml

from vision.detections import centres

DISCARD = "discard"
DISCARD_CODE = -1  # in zone_codes(): seats are 0..n-1, the discard -1, nowhere -2
NOWHERE_CODE = -2
MAX_SEATS = 6
REVEAL_REACH = 1.6  # a sector's reveal zone reaches this many times as far as the seat's

Zone = str | int | None  # "discard", a seat number, or None (outside every zone)


def seat_angle(seat: int, seats: int, seat_zero_deg: float = 90.0) -> float:
    """Direction (degrees, image convention: 0 = right, 90 = down) from the discard to a seat.

    The same convention as the renderer's ``vision.render.table.seat_angle`` (kept in step by
    a test): increasing angles run clockwise on screen.
    """
    return seat_zero_deg + 360.0 * seat / seats


@dataclass(frozen=True, eq=False)
class Calibration:
    """Zones as polygons in image pixels; ``homography`` maps image pixels to a top-down
    table view (millimetres) when markers gave one. ``reveal_seats``: where each seat's
    hand cards are looked for at a round's end (laid down beyond the collections, where
    the seat's zone may not reach); None: the seats' own zones."""

    discard: np.ndarray  # (K, 2)
    seats: tuple[np.ndarray, ...]  # seat k's polygon (K, 2)
    homography: np.ndarray | None = None
    method: str = "zones"  # zones | sectors | markers
    reveal_seats: tuple[np.ndarray, ...] | None = None

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def discard_centre(self) -> tuple[float, float]:
        c = np.asarray(self.discard, np.float64).mean(axis=0)
        return float(c[0]), float(c[1])

    def zone_codes(self, points: np.ndarray, reveal: bool = False) -> np.ndarray:
        """Zone of each point (N, 2): the seat number, DISCARD_CODE or NOWHERE_CODE
        (``reveal``: the seats' reveal zones).

        The discard pile wins where zones overlap (it lies in the middle of everything)."""
        pts = np.asarray(points, np.float32).reshape(-1, 2)
        out = np.full(len(pts), NOWHERE_CODE, int)
        seats = self.reveal_seats if reveal and self.reveal_seats is not None else self.seats
        polys = [(DISCARD_CODE, self.discard), *enumerate(seats)]
        for code, poly in reversed(polys):  # discard last, so it overrides
            contour = np.asarray(poly, np.float32).reshape(-1, 1, 2)
            for i, (x, y) in enumerate(pts):
                if cv2.pointPolygonTest(contour, (float(x), float(y)), False) >= 0:
                    out[i] = code
        return out

    def seats_near(self, point: Sequence[float], reach: float) -> set[int]:
        """The seats whose zone holds ``point`` or lies within ``reach`` pixels of it."""
        x, y = float(point[0]), float(point[1])
        return {k for k, poly in enumerate(self.seats)
                if cv2.pointPolygonTest(np.asarray(poly, np.float32).reshape(-1, 1, 2),
                                        (x, y), True) >= -reach}

    def zone_of(self, point: Sequence[float]) -> Zone:
        code = int(self.zone_codes(np.asarray([point]))[0])
        return DISCARD if code == DISCARD_CODE else None if code == NOWHERE_CODE else code

    def to_top_down(self, points: np.ndarray) -> np.ndarray:
        """Image pixels (N, 2) -> table millimetres; needs a homography (markers)."""
        if self.homography is None:
            raise ValueError("this calibration has no top-down homography (use corner markers)")
        p = np.asarray(points, np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(p, self.homography).reshape(-1, 2)


# -- no setup: sectors around the discard -----------------------------------------------------

def _arc(centre: np.ndarray, r: float, a0: float, a1: float, n: int) -> np.ndarray:
    a = np.radians(np.linspace(a0, a1, n))
    return centre + r * np.stack([np.cos(a), np.sin(a)], axis=1)


def from_sectors(
    players: int,
    centre: Sequence[float],
    discard_radius: float,
    seat_zero_deg: float = 90.0,
    outer_radius: float | None = None,
    angles: Sequence[float] | None = None,
) -> Calibration:
    """Seat ``k`` owns the sector around ``angles[k]`` (default: evenly spaced, clockwise from
    ``seat_zero_deg``), halfway to its neighbours, between the discard circle and
    ``outer_radius`` (default: far enough to reach any image corner). Its hand cards laid
    down at a round's end are looked for in the same sector ``REVEAL_REACH`` times as far
    out (they lie beyond the collections; hands held in play lie further still)."""
    if not 2 <= players <= MAX_SEATS:
        raise ValueError(f"Passt N1cht is for 2-{MAX_SEATS} players, not {players}")
    if discard_radius <= 0:
        raise ValueError("the discard radius must be positive")
    c = np.asarray(centre, np.float64)
    ang = (np.asarray(angles, np.float64) if angles is not None
           else np.array([seat_angle(k, players, seat_zero_deg) for k in range(players)]))
    if len(ang) != players:
        raise ValueError(f"{len(ang)} seat angles for {players} players")
    outer = outer_radius if outer_radius is not None else 1e5
    seats, reveal = [], []
    for k in range(players):
        prev, nxt = ang[k - 1], ang[(k + 1) % players]
        gap_prev = (ang[k] - prev) % 360 or 360.0
        gap_next = (nxt - ang[k]) % 360 or 360.0
        a0, a1 = ang[k] - gap_prev / 2, ang[k] + gap_next / 2
        inner = _arc(c, discard_radius, a0, a1, 16)
        seats.append(np.concatenate([inner, _arc(c, outer, a1, a0, 16)]))
        reveal.append(np.concatenate([inner, _arc(c, outer * REVEAL_REACH, a1, a0, 16)]))
    discard = _arc(c, discard_radius, 0, 360, 33)[:-1]
    return Calibration(discard, tuple(seats), method="sectors", reveal_seats=tuple(reveal))


# the cards that set the seats up are read at least this share as surely as the surest
SURE_SHARE = 0.5


def estimate_discard_centre(detections: sv.Detections,
                            frame_shape: Sequence[int] | None = None) -> tuple[float, float, float]:
    """(x, y, card size): the card nearest the middle of all cards is taken as the discard
    pile (it lies in the middle of the table); card size is the median box diagonal. Only
    cards read at least ``SURE_SHARE`` as surely as the surest in the frame's middle (see
    :func:`in_middle`) count: a cloth whose pattern
    the detector takes for cards here and there, unsurely, pulls the middle off the discard
    (16404: twelve cards, eleven of them blue "cards" of a woven cloth at 0.06-0.34, the
    yellow-4 on the discard at 0.77 - a blue-4 of the cloth was taken for the discard, and
    no move of the game was read). A card read surely away from the middle (in a hand at the
    frame's edge) does not rule out an unsure discard (16002: a green-0 of a striped printing
    at 0.1 in the middle, a blue-5 at 0.66 at the bottom edge). Without cards, the frame
    centre and a tenth of its diagonal."""
    if len(detections) == 0:
        if frame_shape is None:
            raise ValueError("no cards and no frame size to guess the discard pile from")
        h, w = frame_shape[:2]
        return w / 2, h / 2, float(np.hypot(w, h)) / 10
    if detections.confidence is not None:
        conf = np.asarray(detections.confidence, float)
        mid = _near_middle(detections, frame_shape) if frame_shape is not None else None
        surest = conf[mid].max() if mid is not None and mid.any() else conf.max()
        detections = detections[conf >= SURE_SHARE * surest]
    c = centres(detections)
    wh = detections.xyxy[:, 2:] - detections.xyxy[:, :2]
    size = float(np.median(np.hypot(wh[:, 0], wh[:, 1])))
    middle = c.mean(axis=0) if frame_shape is None else np.array(
        [frame_shape[1] / 2, frame_shape[0] / 2]) * 0.5 + c.mean(axis=0) * 0.5
    i = int(np.argmin(np.linalg.norm(c - middle, axis=1)))
    near = c[np.linalg.norm(c - c[i], axis=1) < size * 0.6]  # the pile around it
    x, y = near.mean(axis=0)
    return float(x), float(y), size


MIDDLE = 0.2  # the discard pile lies this share of the frame's diagonal or less from its centre


def in_middle(detections: sv.Detections, frame_shape: Sequence[int]) -> bool:
    """Does a card lie near the middle of the frame, where a camera over the table sees the
    discard pile? (A first frame with only a card in a hand at the edge is no table yet.)"""
    return bool(len(detections)) and bool(_near_middle(detections, frame_shape).any())


def _near_middle(detections: sv.Detections, frame_shape: Sequence[int]) -> np.ndarray:
    """Which cards lie within ``MIDDLE`` of the frame's diagonal from its centre."""
    h, w = frame_shape[:2]
    off = np.linalg.norm(centres(detections) - np.array([w / 2, h / 2]), axis=1)
    return off <= MIDDLE * float(np.hypot(w, h))


def sectors_from_detections(players: int, detections: sv.Detections,
                            frame_shape: Sequence[int] | None = None,
                            seat_zero_deg: float = 90.0) -> Calibration:
    """No setup: the discard pile estimated from the cards, its zone 1.2 card sizes wide;
    seats reach 5 card sizes out (collections lie about 3 away, hands held beyond)."""
    x, y, size = estimate_discard_centre(detections, frame_shape)
    return from_sectors(players, (x, y), discard_radius=0.6 * size, seat_zero_deg=seat_zero_deg,
                        outer_radius=5.0 * size)


# -- printed markers ----------------------------------------------------------------------------

def from_markers(markers: Mapping[int, np.ndarray], players: int | None = None,
                 table_mm: tuple[float, float] = (1000.0, 1000.0),
                 marker_mm: float = 50.0) -> Calibration:
    """Seats from seat markers (ids 0..n-1, found by :func:`vision.markers.detect_markers`).

    The discard pile is the middle of the table: the centre of the corner markers when all
    four are seen, else the mean of the seat markers. The top-down homography maps the corner
    markers to a ``table_mm`` rectangle, or (no corners) seat 0's marker to a ``marker_mm``
    square. Raises ``ValueError`` when seats are missing or not in clockwise order."""
    from vision.markers import CORNER_IDS

    seat_ids = sorted(k for k in markers if k not in CORNER_IDS)
    n = players if players is not None else len(seat_ids)
    missing = [k for k in range(n) if k not in markers]
    if n < 2 or missing:
        raise ValueError(f"seat markers missing: {missing or 'need at least 2 seats'}")
    mid = {k: np.asarray(markers[k], np.float64).reshape(4, 2).mean(axis=0) for k in markers}
    if all(k in markers for k in CORNER_IDS):
        src = np.array([mid[k] for k in CORNER_IDS], np.float32)
        w, h = table_mm
        dst = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
        centre = src.mean(axis=0).astype(np.float64)
    else:
        src = np.asarray(markers[0], np.float32).reshape(4, 2)
        dst = np.array([[0, 0], [marker_mm, 0], [marker_mm, marker_mm], [0, marker_mm]],
                       np.float32)
        centre = np.mean([mid[k] for k in range(n)], axis=0)
    homography = cv2.getPerspectiveTransform(src, dst)
    vec = np.array([mid[k] - centre for k in range(n)])
    angles = np.degrees(np.arctan2(vec[:, 1], vec[:, 0]))
    steps = [(angles[(k + 1) % n] - angles[k]) % 360 for k in range(n)]
    if abs(sum(steps) - 360.0) > 1e-3:
        raise ValueError("seat markers are not in clockwise order (seat 0, 1, 2, ... going "
                         "clockwise around the table): move or swap them")
    dist = np.linalg.norm(vec, axis=1)
    cal = from_sectors(n, centre, discard_radius=0.3 * float(np.median(dist)),
                       outer_radius=1.15 * float(dist.max()), angles=angles)
    return Calibration(cal.discard, cal.seats, homography, "markers", cal.reveal_seats)


# -- zones by hand ------------------------------------------------------------------------------

def _polygon(value: Any, what: str, where: str) -> np.ndarray:
    try:
        poly = np.asarray(value, np.float64)
    except (TypeError, ValueError):
        raise ValueError(f"{where}: {what} is not a list of [x, y] points") from None
    if poly.ndim != 2 or poly.shape[1] != 2 or not np.isfinite(poly).all():
        raise ValueError(f"{where}: {what} must be a list of [x, y] points in image pixels")
    if len(poly) < 3:
        raise ValueError(f"{where}: {what} needs at least 3 points, has {len(poly)}")
    if cv2.contourArea(poly.astype(np.float32)) <= 0:
        raise ValueError(f"{where}: {what} has no area (points on a line?)")
    return poly


def zones_from_dict(data: Any, where: str = "zones") -> Calibration:
    """``{"discard": [[x, y], ...], "seats": [[[x, y], ...], ...]}`` (seat order clockwise;
    optional ``"reveal_seats"``: where each seat's hand is laid down at a round's end)."""
    if not isinstance(data, Mapping):
        raise ValueError(f"{where}: expected a mapping with 'discard' and 'seats'")
    for key in ("discard", "seats"):
        if key not in data:
            raise ValueError(f"{where}: missing {key!r}")
    discard = _polygon(data["discard"], "the discard polygon", where)
    seats = data["seats"]
    if not isinstance(seats, list) or not 2 <= len(seats) <= MAX_SEATS:
        raise ValueError(f"{where}: 'seats' must list 2-{MAX_SEATS} seat polygons")
    polys = tuple(_polygon(p, f"seat {k}'s polygon", where) for k, p in enumerate(seats))
    h = data.get("homography")
    homography = None if h is None else np.asarray(h, np.float64).reshape(3, 3)
    reveal = data.get("reveal_seats")
    if reveal is not None and (not isinstance(reveal, list) or len(reveal) != len(polys)):
        raise ValueError(f"{where}: 'reveal_seats' must list one polygon per seat")
    reveal_polys = None if reveal is None else tuple(
        _polygon(p, f"seat {k}'s reveal polygon", where) for k, p in enumerate(reveal))
    return Calibration(discard, polys, homography, "zones", reveal_polys)


def load_zones(path: str | Path) -> Calibration:
    """Read a zones file (``.json``, ``.yaml``/``.yml``); errors name the file and the fault."""
    p = Path(path)
    if not p.is_file():
        raise FileNotFoundError(f"no zones file {str(p)!r}")
    text = p.read_text(encoding="utf-8")
    try:
        data = json.loads(text) if p.suffix.lower() == ".json" else yaml.safe_load(text)
    except (json.JSONDecodeError, yaml.YAMLError) as exc:
        raise ValueError(f"{p}: not valid {p.suffix.lstrip('.') or 'YAML'}: {exc}") from None
    return zones_from_dict(data, str(p))


def zones_to_dict(cal: Calibration) -> dict[str, Any]:
    out: dict[str, Any] = {
        "discard": np.round(cal.discard, 2).tolist(),
        "seats": [np.round(s, 2).tolist() for s in cal.seats],
    }
    if cal.homography is not None:
        out["homography"] = cal.homography.tolist()
    if cal.reveal_seats is not None:
        out["reveal_seats"] = [np.round(s, 2).tolist() for s in cal.reveal_seats]
    return out


def save_zones(cal: Calibration, path: str | Path) -> None:
    """Write any calibration as a zones file (JSON or YAML by suffix) to edit by hand."""
    p = Path(path)
    data = zones_to_dict(cal)
    if p.suffix.lower() == ".json":
        p.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    else:
        p.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
