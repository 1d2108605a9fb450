"""A deck's own inks tell pink from red once the game has shown both."""

import math

import numpy as np
import pytest

from engine.cards import CARD_NAMES
from vision.detections import CLASS_NAME, CLASS_PROBS, CORNERS, card_detections
from vision.ink import INK, DeckInks, ink_of, with_inks
from vision.render.deck import load_deck
from vision.render.design import sample_design

RED, PINK = (40, 50, 215), (122, 80, 226)  # BGR, near the deck's nominal inks


def card(colour: tuple[int, int, int], value_ink: tuple[int, int, int] = (255, 255, 255)
         ) -> np.ndarray:
    crop = np.full((72, 48, 3), colour, np.uint8)
    crop[20:52, 16:32] = value_ink  # the value, in paper colour
    return crop


def reading(name: str, probs: dict[str, float], ink: tuple[float, float] | None,
            conf: float = 0.9) -> object:
    d = card_detections([name], [[100, 100, 140, 160]], [conf])
    p = np.zeros((1, len(CARD_NAMES)), np.float32)
    for k, v in probs.items():
        p[0, CARD_NAMES.index(k)] = v
    d.data[CLASS_PROBS] = p
    if ink is not None:
        d.data[INK] = np.array([ink], np.float32)
    return d


def taught(inks: DeckInks, red_ink: tuple[float, float], pink_ink: tuple[float, float],
           n: int = 50) -> None:
    rng = np.random.default_rng(0)
    for _ in range(n):
        for name, ink in (("red-2", red_ink), ("pink-3", pink_ink)):
            jitter = rng.normal(0, 1.5, 2)
            inks.update_with_detections(reading(name, {name: 0.95, "blue-0": 0.05},
                                                (ink[0] + jitter[0], ink[1] + jitter[1])))


def test_red_ink_is_yellower_than_pink_and_grey_has_none() -> None:
    red, pink = ink_of(card(RED)), ink_of(card(PINK))
    assert red[0] > pink[0] + 10
    assert all(math.isnan(x) for x in ink_of(np.full((72, 48, 3), 128, np.uint8)))


def test_every_design_of_the_deck_prints_red_yellower_than_pink() -> None:
    deck = load_deck()
    for seed in range(200):
        d = sample_design(deck, 1_000_000 + seed)
        red, pink = ink_of(card(d.colour("red"))), ink_of(card(d.colour("pink")))
        assert red[0] > pink[0], seed


def test_a_pink_card_read_red_is_read_pink_by_its_ink() -> None:
    inks = DeckInks()
    pink_ink = ink_of(card(PINK))
    before = reading("red-4", {"red-4": 0.7, "pink-4": 0.3}, pink_ink)
    assert DeckInks().update_with_detections(before).data[CLASS_NAME][0] == "red-4"  # untaught
    taught(inks, ink_of(card(RED)), pink_ink)
    out = inks.update_with_detections(before)
    assert out.data[CLASS_NAME][0] == "pink-4"
    probs = out.data[CLASS_PROBS][0]
    assert probs[CARD_NAMES.index("pink-4")] + probs[CARD_NAMES.index("red-4")] == pytest.approx(1)
    assert out.confidence[0] == pytest.approx(0.9 * probs.max() / 0.7, rel=1e-4)
    # a red card stays red, and the value is the reader's
    red = inks.update_with_detections(reading("red-4", {"red-4": 0.7, "pink-4": 0.3},
                                              ink_of(card(RED))))
    assert red.data[CLASS_NAME][0] == "red-4"


def test_a_reader_that_swaps_red_and_pink_all_game_is_set_right() -> None:
    swapped = DeckInks()
    taught(swapped, (0.0, 40.0), (30.0, 60.0))  # every red read pink, every pink red
    out = swapped.update_with_detections(
        reading("red-4", {"red-4": 0.9, "pink-4": 0.1}, (0.0, 40.0)))
    assert out.data[CLASS_NAME][0] == "pink-4"


def test_one_ink_or_two_too_close_tell_nothing() -> None:
    close = DeckInks()
    taught(close, (20.0, 50.0), (19.0, 49.0))
    assert close.model() is None
    faint = DeckInks()  # a small coloured index on a white card: too faint to trust
    taught(faint, (-12.0, 19.0), (-28.0, 18.5))
    assert faint.model() is None
    only_red = DeckInks()
    rng = np.random.default_rng(1)
    for _ in range(200):
        h, c = rng.normal((30.0, 60.0), (2.0, 3.0))
        only_red.update_with_detections(reading("red-1", {"red-1": 1.0}, (h, c)))
    assert only_red.model() is None
    far = DeckInks()  # a box over a yellow card: no red or pink ink, and not learnt from
    taught(far, ink_of(card(RED)), ink_of(card(PINK)))
    odd = reading("red-4", {"red-4": 0.6, "pink-4": 0.4}, (100.0, 60.0))
    assert far.update_with_detections(odd).data[CLASS_NAME][0] == "red-4"


def test_detections_without_inks_pass_unchanged() -> None:
    inks = DeckInks()
    taught(inks, ink_of(card(RED)), ink_of(card(PINK)))
    d = reading("red-4", {"red-4": 0.6, "pink-4": 0.4}, None)
    assert inks.update_with_detections(d) is d


def test_inks_are_cut_from_the_frame_along_the_corners() -> None:
    frame = np.full((200, 300, 3), 90, np.uint8)
    frame[40:112, 50:98] = card(PINK)
    frame[40:112, 150:198] = card(RED)
    quads = [[[50, 40], [98, 40], [98, 112], [50, 112]],
             [[150, 40], [198, 40], [198, 112], [150, 112]]]
    d = card_detections(["red-0", "red-1"], [[50, 40, 98, 112], [150, 40, 198, 112]],
                        corners=quads)
    out = with_inks(frame, d)
    assert out.data[INK].shape == (2, 2)
    assert out.data[INK][1, 0] > out.data[INK][0, 0] + 10
    assert CORNERS in out.data and INK not in d.data  # the input is left as it was



def test_a_card_that_lay_before_the_inks_were_trusted_keeps_its_reading() -> None:
    inks = DeckInks()
    pink_ink = ink_of(card(PINK))
    lying = reading("red-4", {"red-4": 0.7, "pink-4": 0.3}, pink_ink)
    lying.xyxy = np.array([[300, 300, 340, 360]], np.float32)
    assert inks.update_with_detections(lying).data[CLASS_NAME][0] == "red-4"  # not yet taught
    taught(inks, ink_of(card(RED)), pink_ink)
    # the tracker took it as red-4 while it lay there: it stays red-4 until it moves
    assert inks.update_with_detections(lying).data[CLASS_NAME][0] == "red-4"
    moved = reading("red-4", {"red-4": 0.7, "pink-4": 0.3}, pink_ink)
    moved.xyxy = np.array([[400, 300, 440, 360]], np.float32)
    assert inks.update_with_detections(moved).data[CLASS_NAME][0] == "pink-4"
