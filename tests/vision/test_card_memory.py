"""The card memory: a card lying still is read from all its frames; a new card is new."""

import numpy as np

from engine.cards import CARD_NAMES
from vision.card_memory import CLASS_PROBS, CardMemory
from vision.detections import CLASS_NAME, card_detections


def reading(name: str, box: list[float], probs: dict[str, float], conf: float = 0.9) -> object:
    d = card_detections([name], [box], [conf])
    p = np.zeros((1, len(CARD_NAMES)), np.float32)
    for k, v in probs.items():
        p[0, CARD_NAMES.index(k)] = v
    d.data[CLASS_PROBS] = p
    return d


def test_a_flicker_on_a_still_card_is_outvoted() -> None:
    mem = CardMemory(CARD_NAMES)
    box = [100, 100, 140, 160]
    for k in range(5):  # 10 frames a second
        mem.update_with_detections(reading("blue-5", box, {"blue-5": 0.9, "blue-0": 0.1}), k / 10)
    out = mem.update_with_detections(
        reading("blue-0", [101, 100, 141, 161], {"blue-5": 0.3, "blue-0": 0.7}), 0.5)
    assert list(out.data[CLASS_NAME]) == ["blue-5"]
    assert out.data[CLASS_PROBS].shape == (1, len(CARD_NAMES))


def test_a_card_in_a_new_place_is_read_afresh() -> None:
    mem = CardMemory(CARD_NAMES)
    for t in range(5):
        mem.update_with_detections(reading("blue-5", [100, 100, 140, 160], {"blue-5": 1.0}), t)
    # a new card lands on the pile, turned and shifted: another box
    out = mem.update_with_detections(
        reading("red-5", [110, 95, 160, 150], {"red-5": 0.8, "blue-5": 0.2}), 6)
    assert list(out.data[CLASS_NAME]) == ["red-5"]


def test_forgotten_after_a_while_and_empty_input() -> None:
    mem = CardMemory(CARD_NAMES, forget_after_s=2)
    mem.update_with_detections(reading("blue-5", [0, 0, 40, 60], {"blue-5": 1.0}), 0)
    empty = card_detections([], np.zeros((0, 4)))
    assert len(mem.update_with_detections(empty, 5)) == 0
    assert mem.cards == []


def test_a_still_card_read_near_the_threshold_does_not_come_and_go() -> None:
    mem = CardMemory(CARD_NAMES, enter=0.25, leave=0.12)
    box = [100, 100, 140, 160]
    seen = [float(mem.update_with_detections(reading("yellow-3", box, {"yellow-3": 1.0}, c),
                                             k / 10).confidence[0])
            for k, c in enumerate([0.26, 0.23, 0.24, 0.22, 0.25, 0.23])]
    assert min(seen) >= 0.25  # kept for the game state while it lies there
    # a junk detection that never reaches the threshold stays as weak as it is
    junk = mem.update_with_detections(reading("red-1", [400, 400, 440, 460], {"red-1": 1.0},
                                              0.1), 0.7)
    assert abs(float(junk.confidence[0]) - 0.1) < 1e-6
    # a card whose confidence fades for good drops out
    for k in range(8, 30):
        out = mem.update_with_detections(reading("yellow-3", box, {"yellow-3": 1.0}, 0.05),
                                         k / 10)
    assert abs(float(out.confidence[0]) - 0.05) < 1e-6


def test_a_clearly_other_card_landing_squarely_is_read_at_once() -> None:
    mem = CardMemory(CARD_NAMES)
    box = [100, 100, 140, 160]
    for k in range(10):
        mem.update_with_detections(reading("blue-3", box, {"blue-3": 0.9, "pink-3": 0.1}), k / 10)
    out = mem.update_with_detections(reading("green-2", box, {"green-2": 0.97, "blue-3": 0.01}),
                                     1.0)
    assert list(out.data[CLASS_NAME]) == ["green-2"]
    assert out.data[CLASS_PROBS][0, CARD_NAMES.index("blue-3")] < 0.05
