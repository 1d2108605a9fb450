"""A webcam over the table: pinhole camera looking at the table plane, plus lens distortion.

Table coordinates are millimetres on the table plane: origin at the table centre, x to the
right of seat 0's camera view, y towards the near edge (image down), z into the table, so
the frame is right-handed and a top-down view is not mirrored.

>>> cam = Camera(width=1280, height=720, focal_px=900.0, distance_mm=1000.0, tilt_deg=0.0)
>>> np.round(cam.project(np.array([[0.0, 0.0], [100.0, 0.0]])), 1).tolist()
[[640.0, 360.0], [730.0, 360.0]]
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Camera:
    width: int = 1280
    height: int = 720
    focal_px: float = 900.0
    distance_mm: float = 1200.0  # from the camera to the aim point on the table
    tilt_deg: float = 0.0  # 0 = straight down; the camera leans back towards the near edge
    yaw_deg: float = 0.0  # rotation of the view about the table normal
    roll_deg: float = 0.0
    target_mm: tuple[float, float] = (0.0, 0.0)  # aim point on the table
    k1: float = 0.0  # radial distortion (normalized coords); > 0 = barrel (webcams)

    def homography(self) -> np.ndarray:
        """3x3 map from table mm (x, y, 1) to undistorted image pixels."""
        t, yaw, roll = np.radians([self.tilt_deg, self.yaw_deg, self.roll_deg])
        near = np.array([-np.sin(yaw), np.cos(yaw), 0.0])  # table direction of image-down
        target = np.array([*self.target_mm, 0.0])
        centre = target + self.distance_mm * (np.sin(t) * near + np.array([0, 0, -np.cos(t)]))
        z = (target - centre) / np.linalg.norm(target - centre)
        y = near - near.dot(z) * z
        y /= np.linalg.norm(y)
        x = np.cross(y, z)
        c, s = np.cos(roll), np.sin(roll)
        x, y = c * x + s * y, -s * x + c * y
        rot = np.stack([x, y, z])
        k = np.array([[self.focal_px, 0, self.width / 2], [0, self.focal_px, self.height / 2],
                      [0, 0, 1]])
        h = k @ np.column_stack([rot[:, 0], rot[:, 1], -rot @ centre])
        return h / h[2, 2]

    def project(self, pts_mm: np.ndarray) -> np.ndarray:
        """Table points (N, 2) in mm -> distorted image pixels (N, 2)."""
        p = cv2.perspectiveTransform(pts_mm.reshape(-1, 1, 2).astype(np.float64),
                                     self.homography()).reshape(-1, 2)
        return self.distort_points(p)

    def px_per_mm_at(self, xy_mm: tuple[float, float]) -> float:
        """Local image scale (pixels per table mm) around a table point."""
        p = np.array([xy_mm, (xy_mm[0] + 10.0, xy_mm[1]), (xy_mm[0], xy_mm[1] + 10.0)])
        q = cv2.perspectiveTransform(p.reshape(-1, 1, 2), self.homography()).reshape(-1, 2)
        a, b = q[1] - q[0], q[2] - q[0]
        return float(np.sqrt(abs(a[0] * b[1] - a[1] * b[0])) / 10.0)

    # -- lens distortion: r_u = r_d * (1 + k1 * r_d^2) in focal-normalized coordinates --------
    def _norm(self, p: np.ndarray) -> np.ndarray:
        return (p - np.array([self.width / 2, self.height / 2])) / self.focal_px

    def _denorm(self, n: np.ndarray) -> np.ndarray:
        return n * self.focal_px + np.array([self.width / 2, self.height / 2])

    def distort_points(self, p: np.ndarray) -> np.ndarray:
        """Undistorted pixels -> where they land in the distorted frame."""
        if self.k1 == 0.0:
            return p
        u = self._norm(p)
        d = u.copy()
        for _ in range(8):  # fixed point: d = u / (1 + k1 |d|^2)
            d = u / (1.0 + self.k1 * (d**2).sum(1, keepdims=True))
        return self._denorm(d)

    def distortion_maps(self) -> tuple[np.ndarray, np.ndarray] | None:
        """cv2.remap maps that turn an undistorted render into the distorted frame."""
        if self.k1 == 0.0:
            return None
        cx, cy, f = self.width / 2, self.height / 2, np.float32(self.focal_px)
        nx = (np.arange(self.width, dtype=np.float32) - cx) / f
        ny = (np.arange(self.height, dtype=np.float32) - cy) / f
        g = 1.0 + np.float32(self.k1) * (nx[None, :] ** 2 + ny[:, None] ** 2)
        return ((g * (nx * f)[None, :] + cx).astype(np.float32),
                (g * (ny * f)[:, None] + cy).astype(np.float32))


def sample_camera(rng: np.random.Generator, card_width_px: tuple[float, float] = (30.0, 60.0),
                  card_mm: float = 56.0, width: int = 1280, height: int = 720) -> Camera:
    """A plausible webcam pose whose cards at the table centre are ``card_width_px`` wide."""
    hfov = np.radians(rng.uniform(60.0, 82.0))
    f = width / 2 / np.tan(hfov / 2)
    target_w = rng.uniform(*card_width_px)
    dist = f * card_mm / target_w
    return Camera(
        width=width, height=height, focal_px=float(f), distance_mm=float(dist),
        tilt_deg=float(rng.uniform(0.0, 35.0) if rng.random() < 0.8 else rng.uniform(0, 5)),
        yaw_deg=float(rng.uniform(-180, 180) if rng.random() < 0.3 else rng.uniform(-12, 12)),
        roll_deg=float(rng.uniform(-4, 4)),
        target_mm=(float(rng.normal(0, 40)), float(rng.normal(0, 40))),
        k1=float(rng.uniform(-0.02, 0.08)),
    )
