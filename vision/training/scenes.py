"""Training data cut from rendered scenes, at the deployment pixel scale.

The companion runs the card finder on the webcam frame scaled to ``FINDER_WIDTH`` px wide
and reads each found card from the full-resolution frame. So the finder learns from
320x320 tiles of scaled scenes (the same pixel scale, a quarter of the compute of whole
scaled tables), and the face classifier from rectified crops of full-resolution scenes,
with the corners jittered as a finder's boxes would be - or, given a finder
(``SceneJob.finder``), also cut along the boxes that finder itself puts on the scene: its
boxes are sloppier than any jitter (a few degrees off, a card below taken in), and the
reader must read what it is given at the table. Given a corner refiner too
(``SceneJob.refiner``), those crops are cut along its corners, as the detector cuts them.
"""

from __future__ import annotations

import json
import multiprocessing as mp
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import cv2
import numpy as np
from tqdm import tqdm

from vision.rectify import FACE_SIZE, rectify
from vision.render.deck import Deck, load_deck
from vision.render.sampling import SceneSpec, render_scene
from vision.render.truth import CardTruth

if TYPE_CHECKING:
    from vision.corners import CornerRefiner
    from vision.detector import Finder

FINDER_WIDTH = 640  # the finder's input: a 1280x720 frame scaled by one half
TILE = 320
OTHER = "other"  # faces of other games, reminder cards, backs: found, then rejected


@dataclass(frozen=True)
class SceneJob:
    out: str
    spec: SceneSpec
    deck_path: str | None
    jitter: float = 0.06
    crops_per_card: int = 2
    finder: str | None = None  # also cut one crop along each box this finder puts on a card
    corners_per_card: int = 0  # corner-refiner samples per card along jittered boxes (and
    # one along each finder box on it, given a finder)
    match_iou: float = 0.45  # a finder box is a card's when their outlines overlap this much
    refiner: str | None = None  # cut the finder's crops along this corner refiner's corners
    card_hue: float = 0.0  # finder tiles only: turn each card's hue on its own by up to this
    # fraction of the colour wheel (and darken it by up to ``card_dark``), so that card and
    # cloth colours meet in every pairing; face crops keep their colours (colour is the class)
    card_dark: float = 0.0


_DECK: dict[str | None, Deck] = {}
_FINDER: dict[str, Finder] = {}
_REFINER: dict[str, CornerRefiner] = {}


def _deck(path: str | None) -> Deck:
    return _DECK.get(path) or _DECK.setdefault(path, load_deck(path))


def _tile_labels(corners: list[np.ndarray], x0: int, y0: int) -> list[str]:
    tile = np.array([[x0, y0], [x0 + TILE, y0], [x0 + TILE, y0 + TILE], [x0, y0 + TILE]],
                    np.float32)
    lines = []
    for c in corners:
        area = cv2.contourArea(c)
        if area < 1:
            continue
        inside, _ = cv2.intersectConvexConvex(c, tile)
        if inside / area < 0.5:
            continue
        rel = np.clip((c - [x0, y0]) / TILE, 0.0, 1.0)
        lines.append("0 " + " ".join(f"{v:.6f}" for v in rel.reshape(-1)))
    return lines


def recolour_cards(img: np.ndarray, quads: list[np.ndarray], rng: np.random.Generator,
                   hue: float, dark: float) -> np.ndarray:
    """``img`` with each card's pixels turned by its own hue shift (up to ``hue`` of the
    colour wheel either way) and darkened by its own factor (down to ``1 - dark``).
    ``quads`` are the cards' outlines in drawing order: a pixel belongs to the last card
    drawn over it, so a card lying on another keeps one colour."""
    owner = np.full(img.shape[:2], -1, np.int32)
    for k, q in enumerate(quads):
        cv2.fillConvexPoly(owner, np.round(q).astype(np.int32), k)
    shift = np.round(rng.uniform(-hue, hue, len(quads)) * 180).astype(np.int32)
    value = rng.uniform(1.0 - dark, 1.0, len(quads))
    on = owner >= 0
    if not on.any():
        return img
    who = owner[on]
    hsv = cv2.cvtColor(img, cv2.COLOR_BGR2HSV)
    h = hsv[..., 0].astype(np.int32)
    v = hsv[..., 2].astype(np.float64)
    h[on] = (h[on] + shift[who]) % 180
    v[on] = v[on] * value[who]
    hsv[..., 0] = h.astype(np.uint8)
    hsv[..., 2] = np.clip(np.round(v), 0, 255).astype(np.uint8)
    out = img.copy()
    out[on] = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[on]  # the table as it was, to the bit
    return out


def jittered(corners: np.ndarray, rng: np.random.Generator, amount: float) -> np.ndarray:
    """Corners moved as a finder's oriented box might place them (shift, scale, turn)."""
    c = corners.mean(axis=0)
    size = float(np.linalg.norm(corners[1] - corners[0]))
    turn = np.radians(rng.normal(0, 4))
    rot = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]], np.float32)
    scale = 1 + rng.normal(0, amount)
    shift = rng.normal(0, amount * size, 2)
    return ((corners - c) @ rot.T * scale + c + shift).astype(np.float32)


def _minrect(corners: np.ndarray) -> np.ndarray:
    """What an oriented-box detector can give: the minimum-area rectangle."""
    return cv2.boxPoints(cv2.minAreaRect(corners.astype(np.float32))).astype(np.float32)


def crop_name(t: CardTruth) -> str | None:
    """What a crop of ``t`` teaches: its face when it is a label, ``other`` for another
    game's card, a reminder or a back, nothing for a card too covered to be a label (the
    labelling policy does not say what it is)."""
    if t.labelled:
        return t.name
    if t.kind in ("foreign", "reminder", "back") and t.visible >= 0.5:
        return OTHER
    return None


def _quad_iou(a: np.ndarray, b: np.ndarray) -> float:
    a, b = cv2.convexHull(a.astype(np.float32)), cv2.convexHull(b.astype(np.float32))
    inter, _ = cv2.intersectConvexConvex(a, b)
    union = cv2.contourArea(a) + cv2.contourArea(b) - inter
    return float(inter / union) if union > 0 else 0.0


def match_boxes(found: np.ndarray, truths: list[CardTruth], iou: float
                ) -> list[CardTruth | None]:
    """The card each of the finder's boxes ``found`` (N, 4, 2) sits on: of the truths it
    overlaps by ``iou`` or more, the most visible one (the top of a stack, not a card
    peeking out below), else None."""
    out: list[CardTruth | None] = []
    for quad in found:
        best: CardTruth | None = None
        score = 0.0
        for t in truths:
            o = _quad_iou(quad, np.asarray(t.corners, np.float32))
            if o >= iou and o * t.visible > score:
                best, score = t, o * t.visible
        out.append(best)
    return out


def finder_crops(img: np.ndarray, found: np.ndarray, truths: list[CardTruth], iou: float
                 ) -> tuple[list[np.ndarray], list[str]]:
    """Crops along the finder's boxes ``found`` (N, 4, 2), each named (``crop_name``) after
    the card it sits on (``match_boxes``)."""
    return _named_crops(img, found, match_boxes(found, truths, iou))


def _named_crops(img: np.ndarray, found: np.ndarray, on: list[CardTruth | None]
                 ) -> tuple[list[np.ndarray], list[str]]:
    crops: list[np.ndarray] = []
    names: list[str] = []
    for quad, t in zip(found, on, strict=True):
        name = crop_name(t) if t is not None else None
        if name is not None:
            crops.append(rectify(img, quad))
            names.append(name)
    return crops, names


def corner_samples(img: np.ndarray, boxes: list[np.ndarray], corners: list[np.ndarray]
                   ) -> tuple[np.ndarray, np.ndarray]:
    """What the corner refiner learns from: each box's surroundings, upright, and where the
    card's true ``corners`` (one (4, 2) array per box) lie in that crop."""
    from vision.corners import box_crop, corner_targets

    xs = [box_crop(img, b)[0] for b in boxes]
    ys = [corner_targets(b, np.asarray(c, np.float32)) for b, c in
          zip(boxes, corners, strict=True)]
    return np.stack(xs), np.stack(ys).astype(np.float32)


def _finder(path: str) -> Finder:
    if path not in _FINDER:
        from vision.detector import FINDER_CONF, Finder

        _FINDER[path] = Finder(Path(path), conf=FINDER_CONF)
    return _FINDER[path]


def _refiner(path: str) -> CornerRefiner:
    if path not in _REFINER:
        from vision.corners import CornerRefiner

        _REFINER[path] = CornerRefiner(Path(path))
    return _REFINER[path]


def render_one(job: SceneJob, index: int) -> tuple[str, int]:
    deck = _deck(job.deck_path)
    frame = render_scene(deck, job.spec, index)
    rng = np.random.default_rng([job.spec.seed, index, 7])
    img = frame.image
    h, w = img.shape[:2]
    scale = FINDER_WIDTH / w
    small = cv2.resize(img, (FINDER_WIDTH, round(h * scale)), interpolation=cv2.INTER_AREA)
    out = Path(job.out)
    labelled = [np.asarray(t.corners, np.float32) * scale for t in frame.truths if t.labelled]
    if job.card_hue or job.card_dark:
        order = sorted(frame.truths, key=lambda t: t.obj)
        small = recolour_cards(small, [np.asarray(t.corners, np.float32) * scale for t in order],
                               np.random.default_rng([job.spec.seed, index, 11]),
                               job.card_hue, job.card_dark)
    sh = small.shape[0]
    for k, x0 in enumerate((0, FINDER_WIDTH - TILE)):
        y0 = int(rng.integers(0, max(1, sh - TILE + 1)))
        tile = small[y0 : y0 + TILE, x0 : x0 + TILE]
        stem = f"{index:06d}_{k}"
        ok, buf = cv2.imencode(".jpg", tile, [cv2.IMWRITE_JPEG_QUALITY, 90])
        (out / "finder" / "images" / f"{stem}.jpg").write_bytes(buf.tobytes())
        lines = _tile_labels(labelled, x0, y0)
        (out / "finder" / "labels" / f"{stem}.txt").write_text("".join(f"{x}\n" for x in lines))
    crops, names = [], []
    for t in frame.truths:
        name = crop_name(t)
        if name is None:
            continue
        corners = np.asarray(t.corners, np.float32)
        if not (0 <= corners[:, 0].mean() < w and 0 <= corners[:, 1].mean() < h):
            continue
        for _ in range(job.crops_per_card):
            crops.append(rectify(img, _minrect(jittered(corners, rng, job.jitter))))
            names.append(name)
    found = np.zeros((0, 4, 2), np.float32)
    on: list[CardTruth | None] = []
    if job.finder:
        from vision.detector import find_cards

        found = find_cards(_finder(job.finder), img)[0]
        on = match_boxes(found, frame.truths, job.match_iou)
        cut = _refiner(job.refiner).refine(img, found) if job.refiner else found
        more = _named_crops(img, cut, on)
        crops += more[0]
        names += more[1]
    if job.corners_per_card:
        boxes, cards = [], []
        for t in frame.truths:
            if crop_name(t) is not None:
                for _ in range(job.corners_per_card):
                    boxes.append(_minrect(jittered(np.asarray(t.corners, np.float32), rng,
                                                   job.jitter * 1.5)))
                    cards.append(t)
        for quad, t in zip(found, on, strict=True):
            if t is not None and crop_name(t) is not None:
                boxes.append(quad)
                cards.append(t)
        if boxes:
            (out / "corners").mkdir(exist_ok=True)
            cx, cy = corner_samples(img, boxes, [t.corners for t in cards])
            np.savez_compressed(out / "corners" / f"{index:06d}.npz", x=cx, y=cy)
    if crops:
        np.savez_compressed(out / "faces" / f"{index:06d}.npz", x=np.stack(crops),
                            names=np.asarray(names))
    return "ok", len(crops)


def _work(args: tuple[SceneJob, int]) -> tuple[str, int]:
    return render_one(*args)


def write_training_scenes(job: SceneJob, images: int, workers: int = 2,
                          progress: bool = True) -> int:
    """Render ``images`` scenes into finder tiles and face crops; returns the crop count."""
    out = Path(job.out)
    for sub in ("finder/images", "finder/labels", "faces"):
        (out / sub).mkdir(parents=True, exist_ok=True)
    (out / "spec.json").write_text(json.dumps(job.spec.__dict__ | {"images": images}))
    tasks = [(job, i) for i in range(images)]
    total = 0
    with mp.get_context("fork").Pool(workers) as pool:
        it = pool.imap_unordered(_work, tasks, chunksize=4)
        for _, n in tqdm(it, total=images, disable=not progress, desc="scenes"):
            total += n
    return total


def load_faces(folder: Path, class_names: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray]:
    """All face crops of a scene folder as (N, H, W, 3) uint8 and class ids (``other`` last)."""
    names = (*class_names, OTHER)
    index = {n: i for i, n in enumerate(names)}
    xs, ys = [], []
    for f in sorted((folder / "faces").glob("*.npz")):
        z = np.load(f)
        xs.append(z["x"])
        ys.append(np.array([index[str(n)] for n in z["names"]]))
    if not xs:
        w, h = FACE_SIZE
        return np.zeros((0, h, w, 3), np.uint8), np.zeros(0, int)
    return np.concatenate(xs), np.concatenate(ys)
