"""Training scenes with more jokers (``SceneSpec.joker_share``, ``with_jokers``)."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from vision.render.deck import load_deck
from vision.render.layout import CardPlacement, TableLayout
from vision.render.sampling import SceneSpec, render_scene, with_jokers
from vision.render.table import random_layout

DECK = load_deck()


def cards(layout: TableLayout) -> list[CardPlacement]:
    held = [a.holding for a in layout.arms if a.holding is not None]
    return [o for o in layout.objects if isinstance(o, CardPlacement)] + held


def test_every_card_off_the_stacks_becomes_a_joker_at_share_one() -> None:
    layout = random_layout(DECK, np.random.default_rng(3), seats=4)
    turned = with_jokers(layout, DECK, 1.0, np.random.default_rng(0))
    before, after = cards(layout), cards(turned)
    assert len(before) == len(after)
    roles = Counter()
    for b, a in zip(before, after, strict=True):
        assert (a.kind, a.role, a.xy_mm, a.angle_deg) == (b.kind, b.role, b.xy_mm, b.angle_deg)
        if b.kind == "face" and b.role.startswith("stack"):
            assert a.name == b.name  # a joker never goes into a collection
        elif b.kind == "face":
            assert a.name == "joker"
            roles[b.role] += 1
        else:
            assert a.name == b.name  # backs, reminders and foreign cards stay
    assert roles["discard-top"] == 1 and roles["discard-under"] >= 1


def test_share_zero_leaves_the_scene_as_it_was() -> None:
    spec = SceneSpec(seed=21, images_per_design=1)
    plain = render_scene(DECK, spec, 0)
    again = render_scene(DECK, SceneSpec(seed=21, images_per_design=1, joker_share=0.0), 0)
    assert (plain.image == again.image).all()


def test_a_share_turns_some_discard_cards_only() -> None:
    spec = SceneSpec(seed=22, images_per_design=1, joker_share=0.5)
    names = Counter()
    for i in range(8):
        for t in render_scene(DECK, spec, i).truths:
            if t.kind == "face":
                names[(t.role.startswith("stack"), t.name == "joker")] += 1
    plain = Counter()
    for i in range(8):
        for t in render_scene(DECK, SceneSpec(seed=22, images_per_design=1), i).truths:
            if t.kind == "face":
                plain[(t.role.startswith("stack"), t.name == "joker")] += 1
    off = names[(False, True)] / (names[(False, True)] + names[(False, False)])
    assert 0.3 < off < 0.7
    # the stacks are drawn as before: the same cards (jokers among them only as sampled)
    assert names[(True, True)] == plain[(True, True)]
    assert names[(True, False)] == plain[(True, False)]


def test_a_share_outside_zero_to_one_is_refused() -> None:
    layout = random_layout(DECK, np.random.default_rng(3), seats=3)
    with pytest.raises(ValueError, match="joker share"):
        with_jokers(layout, DECK, 1.5, np.random.default_rng(0))
