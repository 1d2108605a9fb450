"""Render one frame: a pure function of (layout, camera, design, rng).

``render_frame`` draws the table, then every object of the layout in order (each card
through its own table->image homography), then the arms, measures what is visible of every
card from an object-id buffer, applies lens distortion and camera effects, and returns the
image with one :class:`CardTruth` per card. A game-video renderer calls it once per frame.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from vision.render.camera import Camera
from vision.render.deck import Deck
from vision.render.design import CardDesign
from vision.render.effects import apply_effects
from vision.render.faces import Face, card_back, card_face, foreign_face, reminder_face
from vision.render.layout import CardPlacement, Prop, TableLayout, card_corners_mm
from vision.render.props import PROP_SIZES_MM, draw_arm, prop_texture
from vision.render.surface import render_surface
from vision.render.truth import DEFAULT_POLICY, CardTruth, LabelPolicy, apply_policy


@dataclass
class Frame:
    image: np.ndarray  # BGR uint8, camera.height x camera.width
    truths: list[CardTruth]
    camera: Camera


class FaceBank:
    """Faces of one design, painted on first use."""

    def __init__(self, deck: Deck, design: CardDesign) -> None:
        self.deck, self.design = deck, design
        self._faces: dict[str, tuple[Face, tuple[float, float]]] = {}

    def get(self, kind: str, name: str) -> tuple[Face, tuple[float, float]]:
        key = f"{kind}:{name}"
        if key not in self._faces:
            mm = self.deck.card_mm
            if kind == "face":
                face = card_face(self.deck, self.design, name)
            elif kind == "back":
                face = card_back(self.deck, self.design)
            elif kind == "reminder":
                face = reminder_face(self.deck, self.design, int(name.rpartition("-")[2] or 0))
            else:
                face, mm = foreign_face(self.design.seed, int(name.rpartition("-")[2] or 0))
            self._faces[key] = (face, mm)
        return self._faces[key]


@lru_cache(maxsize=6)
def face_bank(deck: Deck, design: CardDesign) -> FaceBank:
    return FaceBank(deck, design)


def _warp_rgba(frame: np.ndarray, ids: np.ndarray, obj_id: int, tex: np.ndarray,
               corners: np.ndarray, shadow: np.ndarray, shadow_strength: float) -> None:
    """Composite texture ``tex`` (BGRA) onto ``frame`` so its corners land on ``corners``."""
    h, w = ids.shape
    th, tw = tex.shape[:2]
    pts = np.vstack([corners, corners + shadow])
    x0 = max(int(np.floor(pts[:, 0].min())) - 3, 0)
    y0 = max(int(np.floor(pts[:, 1].min())) - 3, 0)
    x1 = min(int(np.ceil(pts[:, 0].max())) + 3, w)
    y1 = min(int(np.ceil(pts[:, 1].max())) + 3, h)
    if x1 - x0 < 2 or y1 - y0 < 2:
        return
    src = np.array([[0, 0], [tw, 0], [tw, th], [0, th]], np.float32) - 0.5
    m = cv2.getPerspectiveTransform(src, (corners - [x0, y0]).astype(np.float32))
    size = (x1 - x0, y1 - y0)
    roi = frame[y0:y1, x0:x1]
    warped = cv2.warpPerspective(tex, m, size, flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    alpha = warped[..., 3]
    sx, sy = int(round(shadow[0])), int(round(shadow[1]))
    hh, ww = alpha.shape
    if shadow_strength > 0 and abs(sx) < ww and abs(sy) < hh:
        sm = np.zeros_like(alpha)
        sm[max(sy, 0) : hh + min(sy, 0), max(sx, 0) : ww + min(sx, 0)] = alpha[
            max(-sy, 0) : hh - max(sy, 0), max(-sx, 0) : ww - max(sx, 0)]
        keep = 1.0 - cv2.blur(sm, (3, 3)).astype(np.float32) * (shadow_strength / 255.0)
        roi[:] = cv2.multiply(roi, cv2.merge([keep, keep, keep]), dtype=cv2.CV_8U)
    a = alpha.astype(np.float32) / 255.0
    roi[:] = cv2.blendLinear(warped[..., :3], roi, a, 1.0 - a)
    ids[y0:y1, x0:x1][warped[..., 3] > 127] = obj_id


def _area(c: np.ndarray) -> float:
    x, y = c[:, 0], c[:, 1]
    return 0.5 * abs(float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))))


def _region_points(rects: tuple[tuple[float, float, float, float], ...], n: int = 5) -> list[
        np.ndarray]:
    g = (np.arange(n) + 0.5) / n
    out = []
    for x0, y0, x1, y1 in rects:
        xs, ys = np.meshgrid(x0 + (x1 - x0) * g, y0 + (y1 - y0) * g)
        out.append(np.stack([xs.ravel(), ys.ravel()], 1))
    return out


def _visible_share(ids: np.ndarray, obj_id: int, h_card: np.ndarray, pts: np.ndarray) -> float:
    """Share of card-fraction points ``pts`` that show object ``obj_id`` in the id buffer."""
    p = cv2.perspectiveTransform(pts.reshape(-1, 1, 2).astype(np.float64), h_card).reshape(-1, 2)
    x, y = np.round(p[:, 0]).astype(int), np.round(p[:, 1]).astype(int)
    inside = (x >= 0) & (y >= 0) & (x < ids.shape[1]) & (y < ids.shape[0])
    hit = np.zeros(len(p), bool)
    hit[inside] = ids[y[inside], x[inside]] == obj_id
    return float(hit.mean()) if len(p) else 0.0


def render_frame(layout: TableLayout, camera: Camera, design: CardDesign,
                 rng: np.random.Generator, deck: Deck, *, effects: bool = True,
                 policy: LabelPolicy = DEFAULT_POLICY) -> Frame:
    """Render ``layout`` as ``camera`` sees it, cards printed in ``design``.

    ``rng`` drives only the shadows and camera effects; the geometry comes from the layout.
    """
    w, h = camera.width, camera.height
    hom = camera.homography()
    frame = render_surface(layout.surface, hom, (w, h))
    ids = np.zeros((h, w), np.int32)
    bank = face_bank(deck, design)
    light = rng.uniform(-1, 1, 2)
    light = light / (np.linalg.norm(light) + 1e-9)
    shadow_strength = float(rng.uniform(0.15, 0.45))
    cards: list[tuple[int, CardPlacement, Face, np.ndarray, np.ndarray]] = []

    def draw_card(obj_id: int, p: CardPlacement) -> None:
        face, mm = bank.get(p.kind, p.name)
        scale = 1.0 + p.lift_mm / camera.distance_mm
        c_mm = card_corners_mm(p, (mm[0] * scale, mm[1] * scale))
        c_img = cv2.perspectiveTransform(c_mm.reshape(-1, 1, 2), hom).reshape(-1, 2)
        wpx = float(np.linalg.norm(c_img[1] - c_img[0]))
        sh = light * (1.5 + 0.02 * wpx + p.lift_mm * camera.focal_px / camera.distance_mm * 0.3)
        _warp_rgba(frame, ids, obj_id, face.level_for(wpx), c_img, sh, shadow_strength)
        unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
        h_card = cv2.getPerspectiveTransform(unit, c_img.astype(np.float32))
        cards.append((obj_id, p, face, c_img, h_card))

    obj_id = 0
    for o in layout.objects:
        obj_id += 1
        if isinstance(o, CardPlacement):
            draw_card(obj_id, o)
        elif isinstance(o, Prop):
            tex = prop_texture(o)
            pw, ph = PROP_SIZES_MM[o.kind]
            c_mm = card_corners_mm(CardPlacement("prop", o.kind, o.xy_mm, o.angle_deg), (pw, ph))
            c_img = cv2.perspectiveTransform(c_mm.reshape(-1, 1, 2), hom).reshape(-1, 2)
            _warp_rgba(frame, ids, obj_id, tex, c_img, light * (4 if o.kind != "cup" else 25),
                       shadow_strength * 1.3)
    for arm in layout.arms:
        if arm.holding is not None:
            obj_id += 1
            draw_card(obj_id, arm.holding)
        obj_id += 1
        ends = cv2.perspectiveTransform(
            np.array([[arm.shoulder_mm, arm.hand_mm]], np.float64), hom).reshape(-1, 2)
        width_px = arm.width_mm * camera.px_per_mm_at(arm.hand_mm) * 1.15
        draw_arm(frame, ids, obj_id, ends[0], ends[1], width_px, arm)

    counts = np.bincount(ids.ravel(), minlength=obj_id + 1)
    truths: list[CardTruth] = []
    for oid, p, face, c_img, h_card in cards:
        _, mm = bank.get(p.kind, p.name)
        r = design.corner_radius_mm
        fill = 1.0 - (4 - np.pi) * r * r / (mm[0] * mm[1])
        visible = min(1.0, counts[oid] / max(_area(c_img) * fill, 1e-6))
        regions = face.regions
        centre = _visible_share(ids, oid, h_card, _region_points((regions.centre,))[0])
        idx = max((_visible_share(ids, oid, h_card, q) for q in _region_points(regions.indices)),
                  default=0.0)
        corners = camera.distort_points(c_img)
        t = CardTruth(
            obj=oid, kind=p.kind, name=p.name,
            class_id=deck.class_id(p.name) if p.kind == "face" else -1,
            role=p.role, seat=p.seat, stack=p.stack,
            corners=[[float(x), float(y)] for x, y in corners],
            visible=visible, centre_visible=centre, index_visible=idx,
        )
        apply_policy(t, w, h, policy)
        truths.append(t)
    maps = camera.distortion_maps()
    if maps is not None:
        frame = cv2.remap(frame, maps[0], maps[1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    if effects:
        frame = apply_effects(frame, rng)
    return Frame(frame, truths, camera)
