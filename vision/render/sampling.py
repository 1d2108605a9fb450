"""One training scene from (seed, index): layout, camera, design - all from one rng.

Design seeds: image ``i`` uses design ``design_seed + (i // images_per_design) % designs``.
Training sets use design seeds in [0, 1_000_000), test sets [1_000_000, ...) - see
``datasets/README.md``. Neighbouring images share a design so faces are painted once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from vision.render.camera import sample_camera
from vision.render.deck import Deck
from vision.render.design import sample_design
from vision.render.layout import CardPlacement, TableLayout
from vision.render.scene import Frame, render_frame
from vision.render.table import random_layout

TEST_DESIGN_SEED = 1_000_000  # design seeds at or above this are kept for test sets


@dataclass(frozen=True)
class SceneSpec:
    seed: int
    design_seed: int = 0
    designs: int = 1_000_000
    images_per_design: int = 8
    card_width_px: tuple[float, float] = (30.0, 60.0)
    width: int = 1280
    height: int = 720
    joker_share: float = 0.0  # training data: each card off the stacks is a joker this often

    def design_of(self, index: int) -> int:
        return self.design_seed + (index // self.images_per_design) % self.designs


def render_scene(deck: Deck, spec: SceneSpec, index: int) -> Frame:
    """The ``index``-th random scene of ``spec`` (byte-identical for the same inputs)."""
    rng = np.random.default_rng([spec.seed, index])
    layout = random_layout(deck, rng)
    if spec.joker_share:
        layout = with_jokers(layout, deck, spec.joker_share,
                             np.random.default_rng([spec.seed, index, JOKER_STREAM]))
    camera = sample_camera(rng, spec.card_width_px, deck.card_mm[0], spec.width, spec.height)
    design = sample_design(deck, spec.design_of(index))
    return render_frame(layout, camera, design, rng, deck)


JOKER_STREAM = 7  # the jokers' own random stream: the scene's other draws stay as they were
OFF_THE_STACKS = ("discard-top", "discard-under", "in-hand", "held-hand", "loose")


def with_jokers(layout: TableLayout, deck: Deck, share: float,
                rng: np.random.Generator) -> TableLayout:
    """``layout`` with each deck card off the collection stacks (discard pile, hands, loose)
    turned into the joker with probability ``share``.

    A deck of 64 has 4 jokers, and each printing draws its joker in one of six styles
    (``JOKER_STYLES``): a style's jokers are about one card in 100 of a training set. The
    finder is unsure of some printings' rainbow jokers (``bench/jokers.py``); scenes with
    more jokers were tried on it (a fine-tune of finder v3, not shipped: models/MODEL_CARD.md).
    Jokers never go into a collection, so the stacks stay as the rules make them.
    """
    if not 0.0 <= share <= 1.0:
        raise ValueError(f"joker share {share} is not within 0..1")
    if not deck.jokers:
        return layout

    def turned(o: CardPlacement) -> CardPlacement:
        joker = o.kind == "face" and o.role in OFF_THE_STACKS and rng.random() < share
        return replace(o, name=deck.joker_name) if joker else o

    objects = tuple(turned(o) if isinstance(o, CardPlacement) else o for o in layout.objects)
    arms = tuple(replace(a, holding=turned(a.holding)) if a.holding else a
                 for a in layout.arms)
    return replace(layout, objects=objects, arms=arms)
