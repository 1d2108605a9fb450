"""A whole game of Passt N1cht played by the engine's policies, rendered as one continuous video.

``render_game(spec, out, truth)`` plays a game (seat 1 cheats when ``cheat_rate > 0``), then
films it with a fixed camera, one card design and one table: an arm brings every card in
from its player's seat edge (a stack play first reaches for the stack), lays it on the
discard pile or the seat's stack, goes back; still frames follow; now and then an arm passes
over the table without changing anything; at round end every seat lays its hand face up in
front of it; then the next round's table is shown (collections cleared, new first discard).

Speed: the table without arms is rendered once per state (``render_frame`` with an
undistorted camera and no effects); moving frames composite the held cards and the arm onto
that image, then apply the lens distortion and the video's fixed light; still frames reuse
the lit image with fresh sensor noise. The ground truth (see ``datasets/README.md``) holds
the engine observation and the referee's verdict of every move with its frame span.
"""

from __future__ import annotations

import json
import random
from collections import OrderedDict
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from engine.game import Game, MoveRecord
from engine.moves import Source
from engine.observations import Observation
from engine.policies import CheaterPolicy, GreedyPolicy, Policy, RandomPolicy
from engine.referee import Referee
from engine.rules import HAND_SIZE, Rules
from engine.simulation import play_round, round_observations
from vision.render.camera import Camera
from vision.render.deck import Deck, load_deck
from vision.render.design import sample_design
from vision.render.effects import _light_field
from vision.render.layout import Arm, CardPlacement, Prop, TableLayout, card_corners_mm
from vision.render.props import draw_arm
from vision.render.sampling import TEST_DESIGN_SEED
from vision.render.scene import _warp_rgba, face_bank, render_frame
from vision.render.table import SKIN, TableStyle, layout_from_state, sample_surface, seat_angle

TRUTH_FORMAT = "passt-game-video/1"
SLOT_ORDER = (0.0, 1.0, -1.0, 2.0, -2.0)  # a seat's stacks in order of appearance


class VideoWriterError(RuntimeError):
    """The MP4 writer could not be opened (no codec in this OpenCV build, bad path)."""


@dataclass(frozen=True)
class GameVideoSpec:
    players: int = 4
    seed: int = 0
    cheat_rate: float = 0.0  # seat 1 is a CheaterPolicy when > 0
    rounds: int | None = None  # stop after this many rounds (None: play the whole game)
    fps: int = 15
    width: int = 1280
    height: int = 720
    design_seed: int | None = None  # default: TEST_DESIGN_SEED + seed (a print never trained on)
    noise: float = 1.5  # sensor noise sigma in grey levels, fresh every frame
    occlusion_rate: float = 0.12  # chance of an arm passing over the table after a move
    state_every: int | None = None  # sample the visible state every N frames (default fps/2)
    discard_shown: int = 6  # cards of the discard pile drawn (older ones are hidden under)
    deck_path: str | None = None

    def __post_init__(self) -> None:
        if not 0.0 <= self.cheat_rate <= 1.0:
            raise ValueError("--cheat-rate is a probability in [0, 1]")
        if self.rounds is not None and self.rounds < 1:
            raise ValueError("--rounds must be at least 1")
        if not 1 <= self.fps <= 120:
            raise ValueError("--fps must be in 1..120")
        if self.width < 160 or self.height < 90:
            raise ValueError("the video must be at least 160x90")
        if self.width % 2 or self.height % 2:
            raise ValueError("width and height must be even (MP4)")


# -- the game ---------------------------------------------------------------------------------

def play_for_video(spec: GameVideoSpec) -> tuple[Game, list[str]]:
    """Play the game of ``spec``: greedy and random players, a cheater at seat 1 if asked."""
    rules = Rules(players=spec.players)
    seeds = random.Random(spec.seed * 7919 + 17)
    policies: list[Policy] = []
    for seat in range(spec.players):
        s = seeds.randrange(2**32)
        if seat == 1 and spec.cheat_rate > 0:
            policies.append(CheaterPolicy(GreedyPolicy(s), rate=spec.cheat_rate, seed=s + 1))
        elif seat % 2 == 0:
            policies.append(GreedyPolicy(s))
        else:
            policies.append(RandomPolicy(s))
    game = Game(rules, seed=spec.seed)
    while True:
        play_round(game, policies)
        if game.is_game_over() or (spec.rounds is not None and len(game.rounds) >= spec.rounds):
            return game, [p.name for p in policies]
        game.next_round()


# -- the table as the camera sees it ----------------------------------------------------------

@dataclass
class TableState:
    """What lies on the table (hands are off it): discard bottom first, stacks bottom first."""

    discard: list[str]
    draw: int
    stacks: list[dict[str, list[str]]]
    slots: list[dict[str, float]]
    wish: str | None = None
    reveals: list[list[str]] | None = None

    @classmethod
    def start(cls, first: str, seats: int) -> TableState:
        return cls([first], 64 - HAND_SIZE * seats - 1, [{} for _ in range(seats)],
                   [{} for _ in range(seats)])

    def copy(self) -> TableState:
        return TableState(list(self.discard), self.draw,
                          [{c: list(s) for c, s in st.items()} for st in self.stacks],
                          [dict(s) for s in self.slots], self.wish,
                          None if self.reveals is None else [list(r) for r in self.reveals])

    def key(self) -> str:
        return json.dumps([self.discard[-8:], len(self.discard), min(self.draw, 9), self.stacks,
                           self.slots, self.reveals], separators=(",", ":"))

    def take_from_stack(self, seat: int, colour: str, card: str) -> None:
        stack = self.stacks[seat][colour]
        del stack[len(stack) - 1 - stack[::-1].index(card)]
        if not stack:
            del self.stacks[seat][colour]

    def put_on_stack(self, seat: int, colour: str, card: str) -> None:
        if colour not in self.slots[seat]:
            used = set(self.slots[seat].values())
            self.slots[seat][colour] = next(s for s in SLOT_ORDER if s not in used)
        self.stacks[seat].setdefault(colour, []).append(card)

    def visible(self) -> dict[str, Any]:
        return {
            "discard_top": self.discard[-1],
            "wish": self.wish,
            "stacks": {str(s): {c: st[-1] for c, st in sorted(coll.items())}
                       for s, coll in enumerate(self.stacks)},
            "draw_pile": self.draw,
            "reveals": None if self.reveals is None else {
                str(s): list(r) for s, r in enumerate(self.reveals) if r},
        }


@dataclass
class _Base:
    clean: np.ndarray  # undistorted render without arms or effects
    layout: TableLayout
    keys: list[tuple[str, np.ndarray]]  # (label, int polygon) of the discard top, stack tops
    key_mask: np.ndarray
    lit: np.ndarray | None = None  # distorted and lit (uint8), without sensor noise


@dataclass
class _Pose:
    xy: np.ndarray
    angle: float
    lift: float

    def to(self, other: _Pose, t: float) -> _Pose:
        da = (other.angle - self.angle + 180.0) % 360.0 - 180.0
        return _Pose(self.xy + (other.xy - self.xy) * t, self.angle + da * t,
                     self.lift + (other.lift - self.lift) * t)


def _ease(t: float) -> float:
    return t * t * (3 - 2 * t)


def _dir(deg: float) -> np.ndarray:
    return np.array([np.cos(np.radians(deg)), np.sin(np.radians(deg))])


@dataclass
class _Seat:
    angle: float
    out: np.ndarray
    along: np.ndarray
    skin: tuple[int, int, int]
    sleeve: tuple[int, int, int]
    width_mm: float
    arm_seed: int


@dataclass
class _Held:
    """One arm in one frame: its shoulder, the reference pose and the cards it holds."""

    seat: int
    shoulder: np.ndarray
    pose: _Pose
    cards: list[tuple[str, str, float, float]] = field(default_factory=list)
    # (kind, name, offset from pose along the seat row in mm, extra angle)


class GameFilm:
    """One video's fixed world (table, camera, design, light) and its frame writer."""

    def __init__(self, spec: GameVideoSpec, deck: Deck) -> None:
        self.spec, self.deck = spec, deck
        n = spec.players
        rng = np.random.default_rng([spec.seed, 1])
        self.rng = np.random.default_rng([spec.seed, 2])  # timing and arms
        self.noise_rng = np.random.default_rng([spec.seed, 3])
        self.design_seed = (TEST_DESIGN_SEED + spec.seed if spec.design_seed is None
                            else spec.design_seed)
        self.design = sample_design(deck, self.design_seed)
        self.surface = sample_surface(rng, n)
        cw, ch = deck.card_mm
        r = (ch * 1.6 + rng.uniform(60, 110)) * (1 + 0.12 * max(0, n - 4))
        between = seat_angle(0, n) - 180.0 / n
        self.style = TableStyle(
            seat_radius_mm=float(r), stack_gap_mm=float(rng.uniform(6, 20)),
            fanned=float(rng.uniform(0.0, 0.5)), fan_mm=float(rng.uniform(6, 10)),
            discard_spread_mm=float(rng.uniform(4, 12)),
            discard_turn_deg=float(rng.uniform(5, 40)),
            draw_offset_mm=tuple(float(v) for v in _dir(between) * 125.0))  # type: ignore[arg-type]
        self.reveal_radius = float(r + ch + 6 * self.style.fan_mm + 12)
        self.edge_radius = self.reveal_radius + ch * 0.5 + 90
        self.mess_seed = int(rng.integers(1 << 31))
        self.seats = []
        for s in range(n):
            ang = seat_angle(s, n)
            skin = SKIN[int(rng.integers(len(SKIN)))]
            self.seats.append(_Seat(
                ang, _dir(ang), _dir(ang + 90),
                tuple(int(np.clip(v + rng.integers(-15, 15), 0, 255)) for v in skin),  # type: ignore[arg-type]
                tuple(int(v) for v in rng.integers(10, 220, 3)),  # type: ignore[arg-type]
                float(rng.uniform(65, 90)), int(rng.integers(1 << 31))))
        self.props = self._props(rng)
        self.camera = self._fit_camera(rng)
        self.cam0 = replace(self.camera, k1=0.0)
        self.hom = self.cam0.homography()
        self.maps = self.camera.distortion_maps()
        self.map_shift = 0
        if self.maps is not None:
            gx, gy = np.meshgrid(np.arange(spec.width), np.arange(spec.height))
            self.map_shift = int(np.ceil(max(np.abs(self.maps[0] - gx).max(),
                                             np.abs(self.maps[1] - gy).max()))) + 2
        lr = np.random.default_rng([spec.seed, 5])  # render_frame draws its light from this
        light = lr.uniform(-1, 1, 2)
        self.light = light / (np.linalg.norm(light) + 1e-9)
        self.shadow = float(lr.uniform(0.15, 0.45))
        w, h = spec.width, spec.height
        gain = _light_field(rng, w, h)
        wb = np.array([rng.uniform(0.85, 1.1), rng.uniform(0.93, 1.05), rng.uniform(0.87, 1.12)],
                      np.float32) * np.float32(rng.uniform(0.85, 1.1))
        self.gain = cv2.merge([gain * wb[0], gain * wb[1], gain * wb[2]])
        self.blur = float(rng.uniform(0.4, 0.9)) if rng.random() < 0.5 else 0.0
        noise = self.noise_rng.standard_normal((h + 16, w + 16, 3)) * spec.noise
        self.noise_up = np.clip(np.round(noise), 0, 255).astype(np.uint8)
        self.noise_down = np.clip(np.round(-noise), 0, 255).astype(np.uint8)
        self._bases: OrderedDict[str, _Base] = OrderedDict()
        self.frame = 0
        self.writer: cv2.VideoWriter | None = None
        self.state_every = spec.state_every or max(1, spec.fps // 2)
        self.states: list[dict[str, Any]] = []
        self.round_no = 0

    # -- the world ---------------------------------------------------------------------------
    def _props(self, rng: np.random.Generator) -> tuple[Prop, ...]:
        n = self.spec.players
        out = []
        for k in rng.permutation(n)[: int(rng.integers(0, 3))]:
            ang = seat_angle(int(k), n) + 180.0 / n
            pos = _dir(ang) * (self.style.seat_radius_mm + 170 + rng.uniform(0, 40))
            kind = str(rng.choice(["cup", "phone", "coaster", "pen"]))
            col = tuple(int(v) for v in rng.integers(10, 240 if kind != "phone" else 60, 3))
            out.append(Prop(kind, (float(pos[0]), float(pos[1])), float(rng.uniform(0, 360)),
                            col, int(rng.integers(1 << 31))))  # type: ignore[arg-type]
        return tuple(out)

    def _fit_camera(self, rng: np.random.Generator) -> Camera:
        """A fixed webcam that sees every seat's stacks and reveal row, cards ~30-60 px wide
        (at 1280 px; scaled with the width)."""
        w, h = self.spec.width, self.spec.height
        cw, ch = self.deck.card_mm
        half_row = 2 * (cw + self.style.stack_gap_mm) + cw * 0.6
        pts = []
        for seat in self.seats:
            for rad in (self.style.seat_radius_mm - ch * 0.6, self.reveal_radius + ch * 0.6):
                for a in (-half_row, 0.0, half_row):
                    pts.append(seat.out * rad + seat.along * a)
        pts_mm = np.array(pts)
        hfov = np.radians(rng.uniform(60.0, 78.0))
        f = w / 2 / np.tan(hfov / 2)
        base = Camera(width=w, height=h, focal_px=float(f), distance_mm=1000.0,
                      tilt_deg=float(rng.uniform(0.0, 25.0)),
                      yaw_deg=float(rng.uniform(-8, 8)), roll_deg=float(rng.uniform(-3, 3)),
                      target_mm=(float(rng.normal(0, 12)), float(rng.normal(0, 12))),
                      k1=float(rng.uniform(0.0, 0.05)))
        margin = float(rng.uniform(0.02, 0.06))

        def fits(d: float) -> bool:
            p = replace(base, distance_mm=d).project(pts_mm)
            return bool((p[:, 0] >= margin * w).all() and (p[:, 0] <= (1 - margin) * w).all()
                        and (p[:, 1] >= margin * h).all() and (p[:, 1] <= (1 - margin) * h).all())

        lo, hi = 200.0, 20000.0
        for _ in range(40):
            mid = (lo + hi) / 2
            lo, hi = (lo, mid) if fits(mid) else (mid, hi)
        cam = replace(base, distance_mm=hi)
        scale = w / 1280.0
        card_px = cam.px_per_mm_at((0.0, 0.0)) * cw
        wanted = float(rng.uniform(48.0, 60.0)) * scale
        if card_px > wanted:  # a small table: not closer than ~60 px cards
            cam = replace(cam, distance_mm=hi * card_px / wanted)
        return cam

    def layout(self, st: TableState) -> TableLayout:
        extras: list[CardPlacement] = []
        if st.reveals is not None:
            for s, cards in enumerate(st.reveals):
                extras.extend(self.reveal_placements(s, cards))
        return layout_from_state(
            self.deck, self.spec.players, st.discard, st.draw, st.stacks, self.surface,
            mess_seed=self.mess_seed, style=self.style, props=self.props, extras=tuple(extras),
            stack_slots=st.slots, discard_shown=self.spec.discard_shown)

    def reveal_placements(self, seat: int, cards: list[str]) -> list[CardPlacement]:
        s = self.seats[seat]
        r = np.random.default_rng([self.mess_seed, 991, seat])
        centre = s.out * self.reveal_radius + s.along * r.normal(0, 10)
        step = self.deck.card_mm[0] * float(r.uniform(0.75, 1.0))  # indices readable
        out = []
        for i, name in enumerate(cards):
            xy = centre + s.along * step * (i - (len(cards) - 1) / 2) + r.normal(0, 2, 2)
            out.append(CardPlacement("face", name, (float(xy[0]), float(xy[1])),
                                     s.angle - 90 + float(r.normal(0, 3)), "revealed",
                                     seat=seat))
        return out

    def base(self, st: TableState) -> _Base:
        key = st.key()
        hit = self._bases.get(key)
        if hit is not None:
            self._bases.move_to_end(key)
            return hit
        layout = self.layout(st)
        light_rng = np.random.default_rng([self.spec.seed, 5])  # the same light every state
        fr = render_frame(layout, self.cam0, self.design, light_rng, self.deck, effects=False)
        keys = []
        mask = np.zeros((self.spec.height, self.spec.width), np.uint8)
        for t in fr.truths:
            if t.role == "discard-top":
                label = "discard"
            elif t.role == "stack-top":
                label = f"seat {t.seat} {t.stack}"
            elif t.role == "revealed":
                label = f"seat {t.seat} reveal"
            else:
                continue
            poly = np.round(np.array(t.corners)).astype(np.int32)
            keys.append((label, poly))
            cv2.fillConvexPoly(mask, poly, 1)
        b = _Base(fr.image, layout, keys, mask)
        self._bases[key] = b
        while len(self._bases) > 6:
            self._bases.popitem(last=False)
        return b

    def placement(self, st: TableState, where: str, seat: int | None = None,
                  colour: str | None = None) -> CardPlacement:
        """The lying pose of the discard top, a stack top or the draw pile's top in ``st``."""
        objs = self.layout(st).objects
        for o in reversed(objs):
            if not isinstance(o, CardPlacement):
                continue
            if where == "discard" and o.role == "discard-top":
                return o
            if where == "stack" and o.role == "stack-top" and o.seat == seat and o.stack == colour:
                return o
            if where == "draw" and o.role == "draw-pile":
                return o
        raise KeyError(f"no {where} card in the layout")  # pragma: no cover

    # -- frames ------------------------------------------------------------------------------
    def open(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        fourcc = cv2.VideoWriter.fourcc(*"mp4v")
        self.writer = cv2.VideoWriter(str(path), fourcc, float(self.spec.fps),
                                      (self.spec.width, self.spec.height))
        if not self.writer.isOpened():
            raise VideoWriterError(
                f"cannot open an MP4 writer ('mp4v') for {path}: this OpenCV build has no "
                "MPEG-4 encoder (FFmpeg backend) or the path is not writable")

    def close(self) -> None:
        if self.writer is not None:
            self.writer.release()
            self.writer = None

    def _light(self, clean: np.ndarray, roi: tuple[int, int, int, int] | None = None
               ) -> np.ndarray:
        """Lens distortion, blur and the video's light of ``clean`` (only the destination
        rectangle ``roi`` = x0, y0, x1, y1 when given)."""
        x0, y0, x1, y1 = roi or (0, 0, self.spec.width, self.spec.height)
        if self.maps is not None:
            img = cv2.remap(clean, self.maps[0][y0:y1, x0:x1], self.maps[1][y0:y1, x0:x1],
                            cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
        else:
            img = clean[y0:y1, x0:x1]
        if self.blur:
            img = cv2.GaussianBlur(img, (0, 0), self.blur)
        return cv2.multiply(img, self.gain[y0:y1, x0:x1], dtype=cv2.CV_8U)

    def _emit(self, img: np.ndarray) -> None:
        assert self.writer is not None
        if self.spec.noise > 0:
            oy, ox = (int(v) for v in self.noise_rng.integers(0, 16, 2))
            h, w = img.shape[:2]
            img = cv2.subtract(cv2.add(img, self.noise_up[oy : oy + h, ox : ox + w]),
                               self.noise_down[oy : oy + h, ox : ox + w])
        self.writer.write(img)
        self.frame += 1

    def _sample(self, st: TableState, arm_mask: np.ndarray | None, in_flight: list[str],
                arms: int, base: _Base) -> None:
        if self.frame % self.state_every:
            return
        occluded = []
        if arm_mask is not None:
            for label, poly in base.keys:
                x, y, bw, bh = cv2.boundingRect(poly)
                x0, y0 = max(x, 0), max(y, 0)
                sub = arm_mask[y0 : y + bh, x0 : x + bw]
                if sub.size == 0 or not sub.any():
                    continue
                m = np.zeros((bh, bw), np.uint8)
                cv2.fillConvexPoly(m, poly - [x, y], 1)
                if (sub & m[y0 - y : y0 - y + sub.shape[0], x0 - x : x0 - x + sub.shape[1]]).any():
                    occluded.append(label)
        self.states.append({"frame": self.frame, "round": self.round_no, **st.visible(),
                            "in_flight": in_flight, "arms": arms, "occluded": occluded})

    def still(self, st: TableState, n: int) -> None:
        b = self.base(st)
        if b.lit is None:
            b.lit = self._light(b.clean)
        for _ in range(n):
            self._sample(st, None, [], 0, b)
            self._emit(b.lit)

    def moving(self, st: TableState, helds: list[_Held]) -> bool:
        """One frame of ``st`` with arms (and their cards) over it; True when no arm covers a
        card that shows the state (the discard top, a stack top, a revealed card)."""
        b = self.base(st)
        img = b.clean.copy()
        ids = np.zeros(img.shape[:2], np.uint8)
        flying = []
        for held in helds:
            for kind, name, off, dang in held.cards:
                xy = held.pose.xy + self.seats[held.seat].along * off
                p = CardPlacement(kind, name, (float(xy[0]), float(xy[1])),
                                  held.pose.angle + dang, "in-hand", lift_mm=held.pose.lift)
                self._draw_card(img, ids, p)
                if kind == "face":
                    flying.append(name)
            u = held.pose.xy - held.shoulder
            u = u / (np.linalg.norm(u) + 1e-9)
            s = self.seats[held.seat]
            # the fingertips (up to ~1.1 arm widths ahead of the palm) hold the near edge
            hand = held.pose.xy - u * (self.deck.card_mm[1] * 0.5 + s.width_mm * 0.9)
            arm = Arm((float(held.shoulder[0]), float(held.shoulder[1])),
                      (float(hand[0]), float(hand[1])), s.width_mm, s.skin, s.sleeve, None,
                      s.arm_seed)
            ends = cv2.perspectiveTransform(
                np.array([[arm.shoulder_mm, arm.hand_mm]], np.float64), self.hom).reshape(-1, 2)
            width_px = arm.width_mm * self.cam0.px_per_mm_at(arm.hand_mm) * 1.15
            draw_arm(img, ids, 2, ends[0], ends[1], width_px, arm)
        if b.lit is None:
            b.lit = self._light(b.clean)
        x, y, bw, bh = cv2.boundingRect(ids)
        out = b.lit.copy()
        clear = True
        if bw and bh:
            arm_mask = (ids == 2).view(np.uint8)
            sl = np.s_[y : y + bh, x : x + bw]
            clear = not bool((arm_mask[sl] & b.key_mask[sl]).any())
            pad = 14 + self.map_shift + (4 if self.blur else 0)
            h, w = self.spec.height, self.spec.width
            x0, y0 = max(x - pad, 0), max(y - pad, 0)
            x1, y1 = min(x + bw + pad, w), min(y + bh + pad, h)
            out[y0:y1, x0:x1] = self._light(img, (x0, y0, x1, y1))
            self._sample(st, arm_mask, flying, len(helds), b)
        else:
            self._sample(st, None, flying, len(helds), b)
        self._emit(out)
        return clear

    def _draw_card(self, img: np.ndarray, ids: np.ndarray, p: CardPlacement) -> None:
        face, mm = face_bank(self.deck, self.design).get(p.kind, p.name)
        scale = 1.0 + p.lift_mm / self.cam0.distance_mm
        c_mm = card_corners_mm(p, (mm[0] * scale, mm[1] * scale))
        c_img = cv2.perspectiveTransform(c_mm.reshape(-1, 1, 2), self.hom).reshape(-1, 2)
        wpx = float(np.linalg.norm(c_img[1] - c_img[0]))
        sh = self.light * (1.5 + 0.02 * wpx
                           + p.lift_mm * self.cam0.focal_px / self.cam0.distance_mm * 0.3)
        _warp_rgba(img, ids, 1, face.level_for(wpx), c_img, sh, self.shadow)

    # -- motions -----------------------------------------------------------------------------
    def n(self, lo: float, hi: float) -> int:
        return max(2, int(round(float(self.rng.uniform(lo, hi)) * self.spec.fps)))

    def shoulder(self, seat: int) -> np.ndarray:
        s = self.seats[seat]
        return s.out * (self.edge_radius + 330.0) + s.along * float(self.rng.uniform(-110, 110))

    def edge_pose(self, seat: int, lift: float = 60.0) -> _Pose:
        s = self.seats[seat]
        xy = s.out * (self.edge_radius + float(self.rng.uniform(0, 40))) + s.along * float(
            self.rng.uniform(-60, 60))
        return _Pose(xy, s.angle - 90 + float(self.rng.normal(0, 12)), lift)


def _pose_of(p: CardPlacement, lift: float = 0.0) -> _Pose:
    return _Pose(np.array(p.xy_mm, float), p.angle_deg, lift)


def _travel(a: _Pose, b: _Pose, n: int) -> list[_Pose]:
    return [a.to(b, _ease((i + 1) / n)) for i in range(n)]


# -- the film of a game ------------------------------------------------------------------------

def _move_dest(rec: MoveRecord) -> str:
    if rec.move.source is Source.COLLECT:
        assert rec.move.stack is not None
        return rec.move.stack.value
    return "discard"


def _film_move(film: GameFilm, st: TableState, rec: MoveRecord) -> tuple[
        TableState, dict[str, Any]]:
    """Film one move from ``st``; returns the state after it and the move's frame spans."""
    move, seat = rec.move, rec.seat
    card = str(move.card)
    shoulder = film.shoulder(seat)
    edge = film.edge_pose(seat)
    spans: dict[str, Any] = {"arm_start": film.frame}
    mid = st.copy()
    after = st.copy()
    if move.source is Source.STACK:
        assert move.stack is not None
        colour = move.stack.value
        src = film.placement(st, "stack", seat, colour)
        reach = _Pose(np.array(src.xy_mm, float), src.angle_deg, 0.0)
        for pose in _travel(replace(edge, lift=0.0), reach, film.n(0.45, 0.7)):
            film.moving(st, [_Held(seat, shoulder, pose)])
        mid.take_from_stack(seat, colour, card)
        after.take_from_stack(seat, colour, card)
        start_pose = _pose_of(src)
    else:
        start_pose = edge
    if move.source is Source.COLLECT:
        assert move.stack is not None
        after.put_on_stack(seat, move.stack.value, card)
        dest = film.placement(after, "stack", seat, move.stack.value)
    else:
        after.discard.append(card)
        after.wish = str(move.wish) if move.wish is not None else None
        dest = film.placement(after, "discard")
    spans["start"] = film.frame
    above = _pose_of(dest, 25.0)
    above.xy = above.xy + np.asarray(shoulder - above.xy) * 0.04  # a bit short of the spot
    carry = _travel(start_pose, above, film.n(0.5, 0.8))
    place = _travel(above, _pose_of(dest, 0.0), film.n(0.12, 0.25))
    for pose in carry + place:
        film.moving(mid, [_Held(seat, shoulder, pose, [("face", card, 0.0, 0.0)])])
    spans["placed"] = film.frame
    back = _travel(_pose_of(dest, 0.0), replace(edge, lift=0.0), film.n(0.4, 0.6))
    released = None
    for pose in back:
        if film.moving(after, [_Held(seat, shoulder, pose)]) and released is None:
            released = film.frame - 1
    spans["release"] = film.frame if released is None else released
    spans["arm_end"] = film.frame - 1
    if rec.reshuffled:  # the discard pile goes under the draw pile; a cut, no animation
        spans["reshuffle"] = film.frame
        after.draw = len(after.discard) - 1
        after.discard = after.discard[-1:]
    film.still(after, film.n(0.15, 0.3))
    if rec.drew is not None:  # "Passt nicht!": the player draws a card
        spans["draw_start"] = film.frame
        pile = film.placement(after, "draw")
        edge2 = film.edge_pose(seat, 40.0)
        for pose in _travel(replace(edge2, lift=0.0), _pose_of(pile), film.n(0.35, 0.55)):
            film.moving(after, [_Held(seat, shoulder, pose)])
        after.draw -= 1
        for pose in _travel(_pose_of(pile, 5.0), edge2, film.n(0.35, 0.55)):
            film.moving(after, [_Held(seat, shoulder, pose, [("back", "back", 0.0, 0.0)])])
        spans["draw_end"] = film.frame - 1
    return after, spans


def _film_occlusion(film: GameFilm, st: TableState) -> dict[str, Any]:
    """An arm passes over the table and changes nothing."""
    seat = int(film.rng.integers(film.spec.players))
    shoulder = film.shoulder(seat)
    edge = film.edge_pose(seat, 0.0)
    if film.rng.random() < 0.5:
        target = film.rng.normal(0, 60, 2)  # over the discard pile
    else:
        other = film.seats[int(film.rng.integers(film.spec.players))]
        target = other.out * film.style.seat_radius_mm * film.rng.uniform(0.3, 1.0) + \
            other.along * film.rng.normal(0, 60)
    tgt = _Pose(np.asarray(target, float), edge.angle, 0.0)
    start = film.frame
    path = (_travel(edge, tgt, film.n(0.4, 0.7)) + [tgt] * film.n(0.1, 0.5)
            + _travel(tgt, edge, film.n(0.4, 0.6)))
    for pose in path:
        film.moving(st, [_Held(seat, shoulder, pose)])
    return {"start": start, "end": film.frame - 1, "seat": seat}


def _film_reveal(film: GameFilm, st: TableState, hands: list[list[str]]) -> tuple[
        TableState, dict[str, Any]]:
    """Every seat lays its hand face up in front of it, all at once."""
    after = st.copy()
    after.reveals = [list(h) for h in hands]
    spans: dict[str, Any] = {"start": film.frame}
    plans = []
    n_carry, n_place, n_back = film.n(0.6, 0.9), film.n(0.15, 0.25), film.n(0.45, 0.6)
    for seat, hand in enumerate(hands):
        if not hand:
            continue
        lay = film.reveal_placements(seat, hand)
        centre = np.mean([p.xy_mm for p in lay], axis=0)
        s = film.seats[seat]
        offs = [float(np.dot(np.array(p.xy_mm) - centre, s.along)) for p in lay]
        dangs = [p.angle_deg - (s.angle - 90) for p in lay]
        target = _Pose(centre, s.angle - 90, 0.0)
        edge = film.edge_pose(seat, 50.0)
        cards = [("face", c, o, d) for c, o, d in zip(hand, offs, dangs, strict=True)]
        fan = [(k, c, o * 0.6, d) for k, c, o, d in cards]  # held closer together
        plans.append((seat, film.shoulder(seat), edge, target, cards, fan))
    for i in range(n_carry + n_place):
        helds = []
        for seat, shoulder, edge, target, cards, fan in plans:
            if i < n_carry:
                pose = edge.to(replace(target, lift=20.0), _ease((i + 1) / n_carry))
                helds.append(_Held(seat, shoulder, pose, fan))
            else:
                t = _ease((i - n_carry + 1) / n_place)
                pose = replace(target, lift=20.0).to(target, t)
                helds.append(_Held(seat, shoulder, pose, [
                    (k, c, fo + (o - fo) * t, d) for (k, c, o, d), (_, _, fo, _) in
                    zip(cards, fan, strict=True)]))
        film.moving(st, helds)
    spans["placed"] = film.frame
    released = None
    for i in range(n_back):
        helds = [_Held(seat, shoulder, target.to(replace(edge, lift=0.0), _ease((i + 1) / n_back)))
                 for seat, shoulder, edge, target, _, _ in plans]
        if film.moving(after, helds) and released is None:
            released = film.frame - 1
    spans["release"] = film.frame if released is None else released
    spans["end"] = film.frame - 1
    return after, spans


def render_game(spec: GameVideoSpec, out: str | Path, truth_path: str | Path | None = None,
                progress: bool = False) -> dict[str, Any]:
    """Play and film a game; writes the MP4 and (if given) the truth JSON; returns the truth."""
    deck = load_deck(spec.deck_path)
    game, policy_names = play_for_video(spec)
    film = GameFilm(spec, deck)
    out = Path(out)
    film.open(out)
    referee = Referee(game.rules)
    observations: list[dict[str, Any]] = []
    moves: list[dict[str, Any]] = []
    rounds: list[dict[str, Any]] = []
    occlusions: list[dict[str, Any]] = []
    n = spec.players

    def judge(obs: Observation, frame: int, kind: str) -> dict[str, Any]:
        verdict = referee.observe(obs).to_dict()
        entry = {"index": len(observations), "kind": kind, "frame": frame,
                 "observation": str(obs), "verdict": verdict}
        observations.append(entry)
        return entry

    bar = None
    if progress:
        from tqdm import tqdm  # type: ignore[import-untyped]
        bar = tqdm(total=sum(len(r.moves) for r in game.rounds), unit="move")
    try:
        for rnd in game.rounds:
            film.round_no = rnd.number
            obs = round_observations(rnd)
            st = TableState.start(str(rnd.first_discard), n)
            start_frame = film.frame
            judge(obs[0], start_frame, "round-start")
            film.still(st, film.n(1.0, 1.4))
            for k, rec in enumerate(rnd.moves):
                after, spans = _film_move(film, st, rec)
                entry = judge(obs[1 + k], spans["release"], "move")
                moves.append({
                    "index": len(moves), "round": rnd.number, "seat": rec.seat,
                    "to_move": rec.to_move, "card": str(rec.move.card),
                    "source": rec.move.source.value, "destination": _move_dest(rec),
                    "wish": str(rec.move.wish) if rec.move.wish is not None else None,
                    "drew": rec.drew is not None, "reshuffled": rec.reshuffled,
                    "engine_violations": [v.rule.value for v in rec.violations],
                    **spans,
                    "observation": entry["observation"], "verdict": entry["verdict"],
                    "observation_index": entry["index"],
                })
                st = after
                film.still(st, film.n(0.5, 1.0))
                if film.rng.random() < spec.occlusion_rate:
                    occlusions.append(_film_occlusion(film, st))
                    film.still(st, film.n(0.3, 0.6))
                if bar is not None:
                    bar.update(1)
            hands = [[str(c) for c in h] for h in rnd.hands_at_end]
            st, spans = _film_reveal(film, st, hands)
            over = judge(obs[-1], spans["release"], "round-over")
            film.still(st, film.n(1.5, 2.0))
            rounds.append({
                "number": rnd.number, "starter": rnd.starter,
                "first_discard": str(rnd.first_discard), "start_frame": start_frame,
                "end_frame": film.frame - 1, "end": rnd.end.value if rnd.end else None,
                "scores": list(rnd.scores), "hands_at_end": hands,
                "reveal": {**spans, "observation": over["observation"],
                           "verdict": over["verdict"]},
            })
    finally:
        film.close()
        if bar is not None:
            bar.close()
    outcome = game.outcome()
    rules = game.rules

    def px(xy: np.ndarray) -> list[float]:
        p = film.camera.project(np.asarray(xy, float).reshape(1, 2))[0]
        return [round(float(p[0]), 1), round(float(p[1]), 1)]

    truth: dict[str, Any] = {
        "format": TRUTH_FORMAT,
        "seed": spec.seed, "cheat_rate": spec.cheat_rate, "rounds_asked": spec.rounds,
        "rules": {"players": rules.players, "wish": rules.wish.value, "draw": rules.draw.value,
                  "scoring": rules.scoring.value, "target": rules.target,
                  "variant_names": rules.variant_names},
        "seats": n, "policies": policy_names,
        "video": {"file": out.name, "fps": spec.fps, "width": spec.width,
                  "height": spec.height, "frames": film.frame,
                  "seconds": round(film.frame / spec.fps, 2)},
        "camera": asdict(film.camera),
        "design_seed": film.design_seed, "deck": deck.name,
        "table": {
            "seat_angle_deg": [s.angle for s in film.seats],
            "seat_radius_mm": film.style.seat_radius_mm,
            "reveal_radius_mm": film.reveal_radius,
            "discard_px": px(np.zeros(2)),
            "draw_pile_px": px(np.array(film.style.draw_offset_mm)),
            "seat_px": [px(s.out * film.style.seat_radius_mm) for s in film.seats],
            "reveal_px": [px(s.out * film.reveal_radius) for s in film.seats],
            "card_px_at_centre": round(film.camera.px_per_mm_at((0.0, 0.0)) * deck.card_mm[0],
                                       1),
        },
        "observations": observations,
        "moves": moves,
        "rounds": rounds,
        "occlusions": occlusions,
        "state_every": film.state_every,
        "states": film.states,
        "totals": list(game.totals),
        "outcome": None if outcome is None else {
            "reason": outcome.reason.value, "winners": list(outcome.winners),
            "totals": list(outcome.totals)},
    }
    if truth_path is not None:
        tp = Path(truth_path)
        tp.parent.mkdir(parents=True, exist_ok=True)
        tp.write_text(json.dumps(truth, indent=None, separators=(",", ":")) + "\n")
    return truth


def replay_verdicts(truth: dict[str, Any]) -> list[dict[str, Any]]:
    """The verdicts a fresh referee gives the truth's observations (should equal the stored)."""
    from engine.observations import parse_observation
    from engine.rules import DrawVariant, ScoringVariant, WishVariant

    r = truth["rules"]
    rules = Rules(players=r["players"], wish=WishVariant(r["wish"]), draw=DrawVariant(r["draw"]),
                  scoring=ScoringVariant(r["scoring"]), target=r["target"])
    ref = Referee(rules)
    return [ref.observe(parse_observation(o["observation"])).to_dict()
            for o in truth["observations"]]
