"""Table layouts from a game state (for game videos) and random game-like tables (for data).

:func:`layout_from_state` places the discard pile, the draw pile and every seat's collection
stacks; each card's mess (offset, turn) is drawn from ``(mess_seed, where, index)`` so adding
a card on top never moves the cards under it - consecutive video frames stay consistent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from vision.render.deck import Deck
from vision.render.layout import Arm, CardPlacement, Prop, Surface, TableLayout

SKIN = ((95, 125, 175), (120, 150, 200), (140, 175, 225), (60, 85, 125), (80, 110, 160),
        (160, 190, 230))


@dataclass(frozen=True)
class TableStyle:
    """How tidy this table's players are and where things lie (sampled per scene)."""

    seat_radius_mm: float = 330.0  # table centre -> middle of a seat's collection row
    stack_gap_mm: float = 14.0
    fanned: float = 0.4  # probability that a stack is fanned
    fan_mm: float = 14.0
    discard_spread_mm: float = 16.0
    discard_turn_deg: float = 35.0
    draw_offset_mm: tuple[float, float] = (-140.0, 0.0)


def seat_angle(seat: int, seats: int) -> float:
    """Direction (degrees, image convention) from the table centre to a seat; seat 0 near."""
    return 90.0 + 360.0 * seat / seats


def _dir(deg: float) -> np.ndarray:
    return np.array([np.cos(np.radians(deg)), np.sin(np.radians(deg))])


def layout_from_state(
    deck: Deck,
    seats: int,
    discard: list[str],
    draw_pile: int,
    collections: list[dict[str, list[str]]],
    surface: Surface,
    mess_seed: int = 0,
    style: TableStyle | None = None,
    arms: tuple[Arm, ...] = (),
    props: tuple[Prop, ...] = (),
    extras: tuple[CardPlacement, ...] = (),
    stack_slots: Sequence[Mapping[str, float]] | None = None,
    discard_shown: int | None = None,
) -> TableLayout:
    """A layout of a game state: ``discard`` bottom first, ``collections[seat][colour]`` a
    stack bottom first. ``extras`` (distractor cards) and ``props`` lie under the game cards.

    For videos (consecutive states must not move cards already lying):

    * ``stack_slots[seat][colour]`` fixes where each stack lies (in stack widths along the
      seat's row, 0 = the middle), so a new stack never shifts the others; a fanned stack then
      grows from its bottom card towards the player (at most 5 steps) instead of re-centring.
      Without it, a seat's stacks are centred by their number (stacks move as one is added).
    * ``discard_shown`` draws only the top cards of the discard pile (each card keeps the
      offset of its position in the whole pile), so the pile does not grow without bound.
    """
    st = style or TableStyle()
    objs: list[CardPlacement | Prop] = [*props, *extras]
    cw, ch = deck.card_mm

    def mess(*key: object) -> np.random.Generator:
        return np.random.default_rng([mess_seed, *(hash_key(k) for k in key)])

    base = float(mess("discard-base").uniform(-180, 180))
    first_shown = 0 if discard_shown is None else max(0, len(discard) - max(1, discard_shown))
    for i, name in enumerate(discard):
        if i < first_shown:
            continue
        r = mess("discard", i)
        xy = r.normal(0, st.discard_spread_mm, 2)
        top = i == len(discard) - 1
        objs.append(CardPlacement("face", name, (float(xy[0]), float(xy[1])),
                                  base + float(r.normal(0, st.discard_turn_deg)),
                                  "discard-top" if top else "discard-under"))
    dx, dy = st.draw_offset_mm
    for i in range(min(draw_pile, 8)):
        r = mess("draw", i)
        j = r.normal(0, 1.2, 2)
        objs.append(CardPlacement("back", "back", (dx + j[0] - i * 0.3, dy + j[1] - i * 0.3),
                                  float(mess("draw-base").uniform(-30, 30) + r.normal(0, 2)),
                                  "draw-pile"))
    for seat, coll in enumerate(collections):
        ang = seat_angle(seat, seats)
        out, along = _dir(ang), _dir(ang + 90)
        card_angle = ang - 90.0
        colours = [c for c in coll if coll[c]]
        n = len(colours)
        fixed = stack_slots[seat] if stack_slots is not None else None
        for k, colour in enumerate(colours):
            r = mess("stack", seat, colour)
            slot = fixed[colour] if fixed is not None and colour in fixed else k - (n - 1) / 2
            centre = out * st.seat_radius_mm + along * slot * (cw + st.stack_gap_mm)
            centre = centre + r.normal(0, 4, 2)
            fanned = r.random() < st.fanned
            fan_dir = (out if r.random() < 0.7 else along) * (1 if r.random() < 0.8 else -1)
            if fixed is not None:
                fan_dir = out  # towards the player, never into the neighbouring stack
            turn = float(r.normal(0, 4))
            stack = coll[colour]
            for i, name in enumerate(stack):
                rc = mess("stack-card", seat, colour, i)
                top = i == len(stack) - 1
                if fixed is not None:  # anchored at the bottom card: nothing under moves
                    off = fan_dir * st.fan_mm * min(i, 5) if fanned else 0
                    xy = centre + off + rc.normal(0, 1.5, 2)
                    objs.append(CardPlacement(
                        "face", name, (float(xy[0]), float(xy[1])),
                        card_angle + turn + float(rc.normal(0, 2.5 if fanned else 1.5)),
                        "stack-top" if top else "stack-under", seat=seat, stack=colour))
                    continue
                off = fan_dir * st.fan_mm * i if fanned else rc.normal(0, 1.5, 2)
                xy = centre + off - (fan_dir * st.fan_mm * (len(stack) - 1) / 2 if fanned else 0)
                objs.append(CardPlacement(
                    "face", name, (float(xy[0]), float(xy[1])),
                    card_angle + turn + float(rc.normal(0, 2.5 if fanned else 1.5)),
                    "stack-top" if top else "stack-under", seat=seat, stack=colour))
    return TableLayout(surface=surface, objects=tuple(objs), arms=arms, seats=seats)


def hash_key(k: object) -> int:
    """A stable small int for an rng key (str hashing is salted per process, so no hash())."""
    if isinstance(k, int):
        return k & 0xFFFFFFFF
    return int.from_bytes(str(k).encode()[:16].ljust(16, b"\0")[:8], "little") ^ len(str(k))


# -- random game-like tables ----------------------------------------------------------------

def sample_surface(rng: np.random.Generator, seats: int) -> Surface:
    kind = str(rng.choice(["wood", "cloth", "plain", "pattern"], p=[0.4, 0.2, 0.25, 0.15]))
    if kind == "wood":
        c1 = (int(rng.integers(30, 90)), int(rng.integers(60, 120)), int(rng.integers(100, 180)))
        c2 = tuple(int(v * rng.uniform(0.55, 0.8)) for v in c1)
    elif kind == "cloth":
        c1 = tuple(int(v) for v in rng.choice([[40, 110, 30], [110, 60, 20], [40, 40, 130],
                                               [60, 60, 60], [30, 30, 30]]))
        c1 = tuple(int(np.clip(v + rng.integers(-20, 20), 0, 255)) for v in c1)
        c2 = tuple(int(v * 0.8) for v in c1)
    else:
        c1 = tuple(int(v) for v in rng.integers(40, 250, 3))
        c2 = tuple(int(v) for v in rng.integers(40, 250, 3)) if kind == "pattern" else tuple(
            int(v * 0.92) for v in c1)
    half = 450 + 60 * seats + rng.uniform(0, 250)
    return Surface(kind=kind, colour=c1, colour2=c2,  # type: ignore[arg-type]
                   half_size_mm=(float(half * rng.uniform(1.0, 1.5)), float(half)),
                   round=bool(rng.random() < 0.25),
                   floor=tuple(int(v) for v in rng.integers(30, 160, 3)),  # type: ignore[arg-type]
                   scale_mm=float(rng.uniform(15, 60)), seed=int(rng.integers(1 << 31)))


def sample_style(rng: np.random.Generator, seats: int, deck: Deck) -> TableStyle:
    r = (deck.card_mm[1] * 1.6 + rng.uniform(60, 200)) * (1 + 0.1 * max(0, seats - 4))
    return TableStyle(
        seat_radius_mm=float(r), stack_gap_mm=float(rng.uniform(4, 35)),
        fanned=float(rng.uniform(0.0, 0.8)), fan_mm=float(rng.uniform(8, 22)),
        discard_spread_mm=float(rng.uniform(5, 28)), discard_turn_deg=float(rng.uniform(5, 60)),
        draw_offset_mm=tuple(float(v) for v in _dir(rng.uniform(0, 360)) * rng.uniform(110, 180)),
    )


def sample_state(deck: Deck, seats: int, rng: np.random.Generator) -> tuple[
        list[str], int, list[dict[str, list[str]]]]:
    """A plausible mid-game: discard pile, draw pile size, per-seat colour stacks."""
    cards = deck.faces_in_play()
    rng.shuffle(cards)
    colours = [c.name for c in deck.colours]
    collections: list[dict[str, list[str]]] = [{} for _ in range(seats)]
    stage = rng.uniform(0, 1)
    for seat in range(seats):
        n_stacks = int(rng.binomial(len(colours), 0.25 + 0.6 * stage))
        for colour in rng.permutation(colours)[:n_stacks]:
            mine = [c for c in cards if c.startswith(f"{colour}-")][: int(rng.integers(1, 5))]
            if rng.random() < 0.1 and deck.joker_name in cards:
                mine.insert(int(rng.integers(0, len(mine) + 1)), deck.joker_name)
            for c in mine:
                cards.remove(c)
            collections[seat][str(colour)] = mine
    n_discard = int(rng.integers(1, max(2, min(22, len(cards)))))  # >= 1 card even when few remain
    discard = cards[:n_discard]
    draw = int(rng.integers(0, 30))
    return discard, draw, collections


def _sample_arms(deck: Deck, seats: int, st: TableStyle, rng: np.random.Generator,
                 holding_pool: list[str]) -> tuple[Arm, ...]:
    arms = []
    for _ in range(int(rng.choice([0, 1, 2, 3], p=[0.35, 0.4, 0.18, 0.07]))):
        seat = int(rng.integers(seats))
        ang = seat_angle(seat, seats) + rng.normal(0, 12)
        shoulder = _dir(ang) * (st.seat_radius_mm + rng.uniform(250, 450))
        target = rng.choice(["discard", "own", "anywhere"])
        if target == "discard":
            hand = rng.normal(0, 60, 2)
        elif target == "own":
            hand = _dir(ang) * st.seat_radius_mm * rng.uniform(0.7, 1.1) + rng.normal(0, 50, 2)
        else:
            hand = rng.uniform(-300, 300, 2)
        holding = None
        if holding_pool and rng.random() < 0.45:
            d = hand - shoulder
            u = d / (np.linalg.norm(d) + 1e-9)
            reach = deck.card_mm[1] * 0.5 + rng.uniform(0.2, 0.45) * 80.0
            cpos = hand + u * reach
            holding = CardPlacement(
                "face", str(rng.choice(holding_pool)), (float(cpos[0]), float(cpos[1])),
                float(np.degrees(np.arctan2(u[1], u[0])) + 90 + rng.normal(0, 25)), "in-hand",
                seat=seat, lift_mm=float(rng.uniform(10, 80)))
        skin = SKIN[int(rng.integers(len(SKIN)))]
        arms.append(Arm(
            shoulder_mm=(float(shoulder[0]), float(shoulder[1])),
            hand_mm=(float(hand[0]), float(hand[1])), width_mm=float(rng.uniform(65, 95)),
            skin=tuple(int(np.clip(v + rng.integers(-15, 15), 0, 255)) for v in skin),  # type: ignore[arg-type]
            sleeve=tuple(int(v) for v in rng.integers(10, 220, 3)),  # type: ignore[arg-type]
            holding=holding, seed=int(rng.integers(1 << 31))))
    return tuple(arms)


def _sample_distractors(deck: Deck, seats: int, st: TableStyle, rng: np.random.Generator
                        ) -> tuple[tuple[Prop, ...], tuple[CardPlacement, ...]]:
    props = []
    for kind, p in (("phone", 0.35), ("cup", 0.35), ("coaster", 0.15), ("pen", 0.2)):
        if rng.random() < p:
            pos = _dir(rng.uniform(0, 360)) * rng.uniform(200, st.seat_radius_mm + 250)
            col = tuple(int(v) for v in rng.integers(10, 240, 3))
            if kind == "phone":
                col = tuple(int(v) for v in rng.integers(10, 60, 3))
            props.append(Prop(kind, (float(pos[0]), float(pos[1])), float(rng.uniform(0, 360)),
                              col, int(rng.integers(1 << 31))))  # type: ignore[arg-type]
    extras = []
    for _ in range(int(rng.integers(0, 4))):  # reminder cards, often as seat markers
        seat = int(rng.integers(seats))
        pos = _dir(seat_angle(seat, seats)) * (st.seat_radius_mm + rng.uniform(60, 160))
        pos = pos + rng.normal(0, 60, 2)
        which = int(rng.integers(deck.reminder_cards or 1))
        extras.append(CardPlacement("reminder", f"reminder-{which}",
                                    (float(pos[0]), float(pos[1])),
                                    seat_angle(seat, seats) - 90 + float(rng.normal(0, 20)),
                                    "distractor", seat=seat))
    for _ in range(int(rng.choice([0, 0, 1, 2, 3]))):  # cards of other games
        pos = _dir(rng.uniform(0, 360)) * rng.uniform(150, st.seat_radius_mm + 200)
        extras.append(CardPlacement("foreign", f"foreign-{int(rng.integers(8))}",
                                    (float(pos[0]), float(pos[1])), float(rng.uniform(0, 360)),
                                    "distractor"))
    # a face-down hand lying at a seat (a player put their cards down)
    if rng.random() < 0.3:
        seat = int(rng.integers(seats))
        base = _dir(seat_angle(seat, seats)) * (st.seat_radius_mm + rng.uniform(90, 160))
        a = seat_angle(seat, seats) - 90 + float(rng.normal(0, 15))
        for i in range(int(rng.integers(2, 7))):
            off = _dir(a) * (i * rng.uniform(6, 14))
            extras.append(CardPlacement("back", "back", (float(base[0] + off[0]),
                                                         float(base[1] + off[1])),
                                        a + float(rng.normal(0, 6)), "held-hand", seat=seat))
    return tuple(props), tuple(extras)


def random_layout(deck: Deck, rng: np.random.Generator, seats: int | None = None) -> TableLayout:
    """A random mid-game table with 2-6 seats, arms and distractors."""
    n = int(seats if seats is not None else rng.choice([2, 3, 4, 4, 5, 6]))
    st = sample_style(rng, n, deck)
    discard, draw, collections = sample_state(deck, n, rng)
    arms = _sample_arms(deck, n, st, rng, deck.faces_in_play())
    props, extras = _sample_distractors(deck, n, st, rng)
    layout = layout_from_state(deck, n, discard, draw, collections, sample_surface(rng, n),
                               mess_seed=int(rng.integers(1 << 31)), style=st, arms=arms,
                               props=props, extras=extras)
    return layout
