"""Printed ArUco markers that tell the camera where the seats and the table corners are.

Marker ids: seat ``k`` is id ``k`` (0-5); the table corners are ids 10-13 in the order
top-left, top-right, bottom-right, bottom-left as seen from seat 0 (so seat 0 sits at the
bottom edge). Lay each seat's marker just beyond that player's collection, on their side.

>>> sheet = marker_sheet(seats=4, corners=True)
>>> sheet.shape[2], sorted(detect_markers(sheet))
(3, [0, 1, 2, 3, 10, 11, 12, 13])
"""

from __future__ import annotations

import cv2
import numpy as np

DICTIONARY = cv2.aruco.DICT_4X4_50
CORNER_IDS: tuple[int, ...] = (10, 11, 12, 13)
CORNER_NAMES: tuple[str, ...] = ("top-left", "top-right", "bottom-right", "bottom-left")
MAX_SEATS = 6


def _dictionary() -> cv2.aruco.Dictionary:
    return cv2.aruco.getPredefinedDictionary(DICTIONARY)


def marker_label(marker_id: int) -> str:
    if marker_id in CORNER_IDS:
        return f"table corner {CORNER_NAMES[CORNER_IDS.index(marker_id)]}"
    return f"seat {marker_id}"


def marker_sheet(seats: int = 4, corners: bool = False, marker_px: int = 300,
                 columns: int = 3) -> np.ndarray:
    """A white printable sheet (BGR): one labelled marker per seat, then the corner markers."""
    if not 1 <= seats <= MAX_SEATS:
        raise ValueError(f"markers are for 1-{MAX_SEATS} seats, not {seats}")
    ids = list(range(seats)) + (list(CORNER_IDS) if corners else [])
    quiet = marker_px // 4  # white border the detector needs around each marker
    cell_w, cell_h = marker_px + 2 * quiet, marker_px + 2 * quiet + 40
    rows = -(-len(ids) // columns)
    sheet = np.full((rows * cell_h + quiet, min(columns, len(ids)) * cell_w), 255, np.uint8)
    for i, marker_id in enumerate(ids):
        r, c = divmod(i, columns)
        x, y = c * cell_w + quiet, r * cell_h + quiet
        img = cv2.aruco.generateImageMarker(_dictionary(), marker_id, marker_px)
        sheet[y : y + marker_px, x : x + marker_px] = img
        cv2.putText(sheet, marker_label(marker_id), (x, y + marker_px + 35),
                    cv2.FONT_HERSHEY_SIMPLEX, 0.8, 0, 2, cv2.LINE_AA)
    return cv2.cvtColor(sheet, cv2.COLOR_GRAY2BGR)


def detect_markers(frame: np.ndarray) -> dict[int, np.ndarray]:
    """Marker id -> its four corners (4, 2) in image pixels (clockwise from the top-left of
    the printed marker); an id seen twice keeps the larger marker."""
    gray = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    detector = cv2.aruco.ArucoDetector(_dictionary(), cv2.aruco.DetectorParameters())
    corners, ids, _ = detector.detectMarkers(gray)
    found: dict[int, np.ndarray] = {}
    if ids is None:
        return found
    for quad, marker_id in zip(corners, ids.ravel(), strict=True):
        q = np.asarray(quad, np.float64).reshape(4, 2)
        k = int(marker_id)
        if k not in found or cv2.contourArea(q.astype(np.float32)) > cv2.contourArea(
                found[k].astype(np.float32)):
            found[k] = q
    return found
