"""Ground truth of one rendered card and the labelling policy that decides if it is a label.

The policy is written out for people in ``datasets/README.md``; keep the two in step.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class LabelPolicy:
    """When a card is a detector label (see ``datasets/README.md``, "Labelling policy")."""

    min_visible: float = 0.40  # share of the card face visible (not covered, inside the frame)
    min_centre_visible: float = 0.60  # share of the big centre value (or joker art) visible
    min_index_visible: float = 0.90  # ... or one corner index this visible
    min_box_px: float = 8.0  # smaller boxes are dropped
    label_backs: bool = False  # no "back" class (yet): face-down cards are never labels


DEFAULT_POLICY = LabelPolicy()


@dataclass
class CardTruth:
    """One card in a rendered frame. ``corners`` are image pixels (distorted frame) of the
    card's upright TL, TR, BR, BL corners; they may lie outside the frame."""

    obj: int  # object index in the layout (drawing order)
    kind: str  # face | back | reminder | foreign
    name: str
    class_id: int  # -1 unless kind == "face"
    role: str
    seat: int | None
    stack: str | None
    corners: list[list[float]]
    visible: float
    centre_visible: float
    index_visible: float
    labelled: bool = False

    def box(self, width: int, height: int) -> tuple[float, float, float, float]:
        """Axis-aligned box of the whole card (amodal), clipped to the frame."""
        xs = [min(max(c[0], 0.0), width) for c in self.corners]
        ys = [min(max(c[1], 0.0), height) for c in self.corners]
        return min(xs), min(ys), max(xs), max(ys)

    def to_dict(self) -> dict[str, object]:
        d = asdict(self)
        d["corners"] = [[round(x, 2), round(y, 2)] for x, y in self.corners]
        for k in ("visible", "centre_visible", "index_visible"):
            d[k] = round(float(d[k]), 4)
        return d


def apply_policy(t: CardTruth, width: int, height: int,
                 policy: LabelPolicy = DEFAULT_POLICY) -> bool:
    """True when ``t`` is a detector label under ``policy`` (also stored in ``t.labelled``)."""
    if t.kind != "face" or t.class_id < 0:
        ok = False
    else:
        x0, y0, x1, y1 = t.box(width, height)
        readable = (t.centre_visible >= policy.min_centre_visible
                    or t.index_visible >= policy.min_index_visible)
        ok = (t.visible >= policy.min_visible and readable
              and min(x1 - x0, y1 - y0) >= policy.min_box_px)
    t.labelled = bool(ok)
    return t.labelled
