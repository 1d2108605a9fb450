"""Marks of the table cloth that the detector reads as cards, learnt before the first round.

A patterned cloth can look like cards here and there: the finder finds a box in its
pattern, unsurely (mostly 0.1-0.4), frame after frame in the same place, and the face reader
gives it a face (16510: seven "pink-2"s in a pink check, two of them in seats' zones). Such
a box that rises over the table view's threshold for a few frames becomes a card collected
out of the blue, and one that sinks again a stack top hidden for the rest of the round -
every alert after it withheld, and a real twin later laid from the hand taken for it.

Before the first round starts the collections are empty (a round starts with none), so
whatever the finder reads unsurely in a seat's zone then is the cloth. Each such box is
remembered as a mark; later, a detection in the same place read as unsurely is dropped.
A detection there read surely is a real card laid on the mark: the mark is forgotten. The
discard zone is not learnt (the first discard card may lie in a shadow, read unsurely).

A mark that shows only once the round has begun (the light, the camera's exposure) is
learnt too (:meth:`ClothMarks.watch`): a box read too faintly to count as a card at all
(below ``faint``) in the same place frame after frame for ``faint_frames`` frames running,
where no card was ever read at ``faint`` or more - a card laid is read well at least a
moment where it lies, a mark never (20604 at 1.2-3.7 s: a "blue-4" in the green dots of
a cloth at 0.13-0.22 for 1.3 s, then 0.28-0.38, taken for a collect out of turn - two
phantoms, four questions, three moves and the round lost).

Like supervision's smoothers, one verb: ``update_with_detections(d) -> d``.
"""

from __future__ import annotations

import numpy as np
import supervision as sv

from vision.detections import box_iou
from vision.table_view import STATE_CONFIDENCE

# a cloth mark is read below this (16404: a blue weave's "blue-3" at up to 0.63); a card read
# at it or more on a mark is a card laid there
UNSURE = 0.7


class ClothMarks:
    def __init__(self, same_place_iou: float = 0.6, unsure: float = UNSURE,
                 faint: float = STATE_CONFIDENCE, faint_frames: int = 10) -> None:
        self.same_place_iou = same_place_iou
        self.unsure = unsure
        self.faint, self.faint_frames = faint, faint_frames
        self.marks = np.zeros((0, 4), np.float64)
        # boxes read faintly in the frames running up to now, and in how many
        self.watched = np.zeros((0, 4), np.float64)
        self.watched_frames = np.zeros(0, int)
        # where cards were read at ``faint`` or more while the round goes on
        self.carded = np.zeros((0, 4), np.float64)

    def learn(self, d: sv.Detections, where: np.ndarray) -> None:
        """Remember as marks the boxes of ``d`` read below ``unsure`` where ``where``
        (a mask: in the seats' zones, before the first round)."""
        if len(d) == 0:
            return
        low = np.asarray(where, bool) & (np.asarray(d.confidence) < self.unsure)
        boxes = self._elsewhere(np.asarray(d.xyxy, np.float64)[low], self.marks)
        self.marks = np.concatenate([self.marks, boxes])

    def _elsewhere(self, boxes: np.ndarray, known: np.ndarray) -> np.ndarray:
        """Those of ``boxes`` in none of the places of ``known``."""
        if len(boxes) == 0 or len(known) == 0:
            return boxes
        return boxes[box_iou(boxes, known).max(axis=1) < self.same_place_iou]

    def watch(self, d: sv.Detections, where: np.ndarray) -> None:
        """After the first round has begun: remember as a mark a box of ``d`` read below
        ``faint`` where ``where`` (in the seats' zones) in ``faint_frames`` frames running,
        in a place where no card was read at ``faint`` or more."""
        boxes = np.asarray(d.xyxy, np.float64).reshape(-1, 4)
        conf = np.asarray(d.confidence if d.confidence is not None else np.ones(len(d)))
        inside = np.asarray(where, bool).reshape(-1)
        # (a place once: the list stays short)
        card = self._elsewhere(boxes[inside & (conf >= self.faint)], self.carded)
        self.carded = np.concatenate([self.carded, card])
        faint = self._elsewhere(boxes[inside & (conf < self.faint)], self.carded)
        frames = np.ones(len(faint), int)
        if len(faint) and len(self.watched):  # seen so in the frame before: one more
            iou = box_iou(faint, self.watched)
            before = iou.max(axis=1) >= self.same_place_iou
            frames[before] += self.watched_frames[iou.argmax(axis=1)[before]]
        self.watched, self.watched_frames = faint, frames
        learnt = self._elsewhere(faint[frames == self.faint_frames], self.marks)
        self.marks = np.concatenate([self.marks, learnt])

    def update_with_detections(self, d: sv.Detections) -> sv.Detections:
        """``d`` without the cards read unsurely on a mark; a mark with a card read surely
        on it is forgotten."""
        if len(d) == 0 or len(self.marks) == 0:
            return d
        on = box_iou(np.asarray(d.xyxy, np.float64), self.marks) >= self.same_place_iou
        sure = np.asarray(d.confidence) >= self.unsure
        self.marks = self.marks[~(on & sure[:, None]).any(axis=0)]
        cloth = on.any(axis=1) & ~sure
        return d if not cloth.any() else d[~cloth]  # type: ignore[return-value]
