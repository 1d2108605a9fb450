"""One training scene from (seed, index): layout, camera, design - all from one rng.

Design seeds: image ``i`` uses design ``design_seed + (i // images_per_design) % designs``.
Training sets use design seeds in [0, 1_000_000), test sets [1_000_000, ...) - see
``datasets/README.md``. Neighbouring images share a design so faces are painted once.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.render.camera import sample_camera
from vision.render.deck import Deck
from vision.render.design import sample_design
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

    def design_of(self, index: int) -> int:
        return self.design_seed + (index // self.images_per_design) % self.designs


def render_scene(deck: Deck, spec: SceneSpec, index: int) -> Frame:
    """The ``index``-th random scene of ``spec`` (byte-identical for the same inputs)."""
    rng = np.random.default_rng([spec.seed, index])
    layout = random_layout(deck, rng)
    camera = sample_camera(rng, spec.card_width_px, deck.card_mm[0], spec.width, spec.height)
    design = sample_design(deck, spec.design_of(index))
    return render_frame(layout, camera, design, rng, deck)
