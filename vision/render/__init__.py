"""Synthetic renderer of Passt N1cht tables (issue 3).

The core is a pure function: ``render_frame(layout, camera, design, rng, deck) -> Frame``.
``table.layout_from_state`` builds a layout from a game state (for game videos);
``sampling.render_scene`` draws random training scenes; ``dataset.write_dataset`` writes
an Ultralytics dataset (``passt synth``).
"""

from vision.render.camera import Camera, sample_camera
from vision.render.deck import Deck, load_deck
from vision.render.design import CardDesign, sample_design
from vision.render.layout import Arm, CardPlacement, Prop, Surface, TableLayout
from vision.render.scene import Frame, render_frame
from vision.render.table import layout_from_state, random_layout
from vision.render.truth import DEFAULT_POLICY, CardTruth, LabelPolicy

__all__ = [
    "DEFAULT_POLICY", "Arm", "Camera", "CardDesign", "CardPlacement", "CardTruth", "Deck",
    "Frame", "LabelPolicy", "Prop", "Surface", "TableLayout", "layout_from_state", "load_deck",
    "random_layout", "render_frame", "sample_camera", "sample_design",
]
