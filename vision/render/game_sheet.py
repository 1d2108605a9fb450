"""A contact sheet of a rendered game video: a card in flight, an occlusion, the reveal.

``python -m vision.render.game_sheet VIDEO TRUTH OUT.png`` picks 4 frames from the truth
(the first illegal move half-way through its flight, an arm passing over the table, the
round-end reveal while the hands come in, and the still table after it) and captions them
with the frame number and the move's observation and verdict.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import cv2
import numpy as np


def pick_frames(truth: dict[str, Any]) -> list[tuple[int, str]]:
    moves = truth["moves"]
    illegal = [m for m in moves if not m["verdict"]["legal"]] or moves
    m = illegal[0]
    rules = ",".join(v["rule"] for v in m["verdict"]["violations"]) or "legal"
    out = [((m["start"] + m["placed"]) // 2, f"{m['observation']}  -> {rules}")]
    if truth["occlusions"]:
        o = truth["occlusions"][0]
        out.append(((o["start"] + o["end"]) // 2, f"occlusion by seat {o['seat']} (no change)"))
    else:
        m2 = moves[len(moves) // 2]
        out.append((m2["release"], f"{m2['observation']} released"))
    r = truth["rounds"][0]
    rv = r["reveal"]
    out.append(((rv["start"] + rv["placed"]) // 2, "round over: hands come in"))
    out.append((rv["release"] + 2, f"reveal laid, scores {r['scores']}"))
    return out


def game_sheet(video: str | Path, truth: dict[str, Any], scale: float = 0.5) -> np.ndarray:
    cap = cv2.VideoCapture(str(video))
    if not cap.isOpened():
        raise FileNotFoundError(f"cannot open {video}")
    tiles = []
    for frame, caption in pick_frames(truth):
        cap.set(cv2.CAP_PROP_POS_FRAMES, frame)
        ok, img = cap.read()
        if not ok:
            raise ValueError(f"{video} has no frame {frame}")
        img = cv2.resize(img, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        text = f"#{frame}  {caption}"
        cv2.rectangle(img, (0, 0), (img.shape[1], 22), (0, 0, 0), -1)
        cv2.putText(img, text, (6, 16), cv2.FONT_HERSHEY_SIMPLEX, 0.45, (255, 255, 255), 1,
                    cv2.LINE_AA)
        tiles.append(img)
    cap.release()
    while len(tiles) % 2:
        tiles.append(np.zeros_like(tiles[0]))
    return np.vstack([np.hstack(tiles[i : i + 2]) for i in range(0, len(tiles), 2)])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("video", type=Path)
    ap.add_argument("truth", type=Path)
    ap.add_argument("out", type=Path)
    a = ap.parse_args()
    sheet = game_sheet(a.video, json.loads(a.truth.read_text()))
    cv2.imwrite(str(a.out), sheet, [cv2.IMWRITE_PNG_COMPRESSION, 9])


if __name__ == "__main__":
    main()
