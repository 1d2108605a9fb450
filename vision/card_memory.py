"""Remember each card that lies still, and read it from all the frames it was seen in.

A card on the table does not change while it lies in one place, but a single frame's
reading of it can flicker (glare, blur, a hand's shadow: blue-5 read as blue-0 for a
moment). The memory matches each detection to a remembered card by its box (a card
that has not moved keeps its box), sums the face probabilities over the frames, and
reports the card as the best class of that sum. A card that lands, moves or is picked
up has another box and starts a fresh memory, so real changes come through at once; the
evidence also fades (by half every ``half_life_s`` seconds, whatever the frame rate), so a
card put down exactly where the last one lay is read as itself within about that time - at
once when this frame gives the remembered card less than ``fresh`` and its own best class
0.5 or more (another card landed squarely on it; a flicker keeps some of both).

Its confidence is smoothed the same way, with hysteresis: a still card that has reached
``enter`` (the table view's threshold) keeps at least that confidence while its smoothed
confidence stays above ``leave`` - a card read at 0.22-0.29 frame after frame is one card
lying there, not a card that comes and goes.

Like supervision's smoothers, one verb: ``update_with_detections(d) -> d``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import supervision as sv

from vision.detections import CLASS_NAME, CLASS_PROBS, box_iou
from vision.table_view import STATE_CONFIDENCE


@dataclass
class _Remembered:
    box: np.ndarray
    evidence: np.ndarray  # summed, confidence-weighted class probabilities
    last_seen: float
    confidence: float  # smoothed over the frames
    shown: bool = False  # has reached ``enter``


class CardMemory:
    def __init__(
        self,
        class_names: tuple[str, ...] | list[str],
        same_place_iou: float = 0.8,
        forget_after_s: float = 20.0,
        half_life_s: float = 0.5,
        enter: float = STATE_CONFIDENCE,
        leave: float = 0.12,
        fresh: float = 0.05,
    ) -> None:
        self.class_names = list(class_names)
        self.same_place_iou = same_place_iou
        self.forget_after_s = forget_after_s
        self.half_life_s = half_life_s
        self.enter, self.leave = enter, leave
        self.fresh = fresh
        self.cards: list[_Remembered] = []

    def update_with_detections(self, d: sv.Detections, t: float) -> sv.Detections:
        self.cards = [c for c in self.cards if t - c.last_seen <= self.forget_after_s]
        if len(d) == 0 or CLASS_PROBS not in d.data:
            return d
        probs = np.asarray(d.data[CLASS_PROBS], np.float64)
        boxes = np.asarray(d.xyxy, np.float64)
        known = np.array([c.box for c in self.cards]).reshape(-1, 4)
        iou = box_iou(boxes, known)
        taken: set[int] = set()
        smoothed = np.empty_like(probs)
        conf = np.asarray(d.confidence, np.float64).copy()
        for i in np.argsort(-d.confidence):
            j = -1
            if iou.shape[1]:
                order = np.argsort(-iou[i])
                j = next(
                    (
                        int(k)
                        for k in order
                        if int(k) not in taken and iou[i, k] >= self.same_place_iou
                    ),
                    -1,
                )
            weight = float(d.confidence[i])
            if j < 0:
                self.cards.append(_Remembered(boxes[i], probs[i] * weight, t, weight))
                card = self.cards[-1]
            else:
                taken.add(j)
                card = self.cards[j]
                keep = 0.5 ** (max(t - card.last_seen, 0.0) / self.half_life_s)
                if probs[i, card.evidence.argmax()] < self.fresh and probs[i].max() >= 0.5:
                    keep = 0.0  # a clearly other card landed squarely on it: read it afresh
                card.evidence = card.evidence * keep + probs[i] * weight
                card.confidence = card.confidence * keep + weight * (1 - keep)
                card.box, card.last_seen = boxes[i], t
            card.shown = card.confidence >= self.leave and (
                card.shown or card.confidence >= self.enter or weight >= self.enter)
            smoothed[i] = card.evidence / card.evidence.sum()
            conf[i] = max(weight, self.enter) if card.shown else weight
        out = d[np.arange(len(d))]  # a copy
        best = smoothed.argmax(1)
        out.class_id = best.astype(int)
        out.data[CLASS_NAME] = np.array([self.class_names[k] for k in best], dtype=object)
        out.data[CLASS_PROBS] = smoothed.astype(np.float32)
        out.confidence = conf.astype(np.float32)
        return out
