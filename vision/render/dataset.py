"""Write a ready Ultralytics dataset of rendered scenes (deterministic by seed).

Layout under ``out``::

    data.yaml                       names from the deck YAML
    images/{train,val}/NNNNNN.jpg
    labels/{train,val}/NNNNNN.txt   detect or obb labels
    truth/{train,val}.jsonl         full truth per image (every card, labelled or not)
    crops/{train,val}/<class>/NNNNNN_KK.png   with ``crops=True``

Image ``i`` goes to ``val`` when ``floor((i + 1) * val) > floor(i * val)``.
"""

from __future__ import annotations

import json
import math
import multiprocessing as mp
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import cv2
import yaml

from vision.render.deck import Deck, load_deck
from vision.render.export import crop_card, label_lines
from vision.render.sampling import SceneSpec, render_scene

JPEG_QUALITY = 92


@dataclass(frozen=True)
class Job:
    out: str
    deck_path: str | None
    spec: SceneSpec
    fmt: str
    crops: bool
    val: float


def split_of(i: int, val: float) -> str:
    return "val" if math.floor((i + 1) * val) > math.floor(i * val) else "train"


_DECKS: dict[str | None, Deck] = {}


def _render_one(job: Job, i: int) -> tuple[int, str, str]:
    deck = _DECKS.get(job.deck_path) or _DECKS.setdefault(job.deck_path, load_deck(job.deck_path))
    frame = render_scene(deck, job.spec, i)
    split = split_of(i, job.val)
    out = Path(job.out)
    stem = f"{i:06d}"
    h, w = frame.image.shape[:2]
    ok, buf = cv2.imencode(".jpg", frame.image, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
    (out / "images" / split / f"{stem}.jpg").write_bytes(buf.tobytes())
    lines = label_lines(frame.truths, w, h, job.fmt)
    (out / "labels" / split / f"{stem}.txt").write_text("".join(f"{s}\n" for s in lines))
    if job.crops:
        for k, t in enumerate(x for x in frame.truths if x.labelled):
            d = out / "crops" / split / t.name
            d.mkdir(parents=True, exist_ok=True)
            cv2.imwrite(str(d / f"{stem}_{k:02d}.png"), crop_card(frame.image, t.corners))
    record = {
        "image": f"images/{split}/{stem}.jpg", "index": i, "seed": job.spec.seed,
        "design_seed": job.spec.design_of(i), "width": w, "height": h,
        "camera": {k: (round(v, 4) if isinstance(v, float) else v)
                   for k, v in vars(frame.camera).items()},
        "cards": [t.to_dict() for t in frame.truths],
    }
    return i, split, json.dumps(record, sort_keys=True)


def _work(args: tuple[Job, int]) -> tuple[int, str, str]:
    return _render_one(*args)


def write_dataset(job: Job, images: int, workers: int = 2, progress: bool = True) -> dict[str, int]:
    """Render ``images`` scenes into ``job.out``; returns images per split."""
    deck = load_deck(job.deck_path)
    out = Path(job.out)
    for sub in ("images", "labels"):
        for split in ("train", "val"):
            (out / sub / split).mkdir(parents=True, exist_ok=True)
    (out / "truth").mkdir(parents=True, exist_ok=True)
    data = {"path": str(out.resolve()), "train": "images/train", "val": "images/val",
            "names": dict(enumerate(deck.class_names))}
    (out / "data.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    tasks = [(job, i) for i in range(images)]
    counts = {"train": 0, "val": 0}
    results: Iterator[tuple[int, str, str]]
    pool = None
    if workers > 1:
        # chunks of whole design groups: a worker paints each design's faces once
        pool = mp.get_context("spawn" if mp.get_start_method() != "fork" else "fork").Pool(workers)
        results = pool.imap(_work, tasks, chunksize=job.spec.images_per_design)
    else:
        results = map(_work, tasks)
    if progress:
        from tqdm import tqdm

        results = tqdm(results, total=images, desc="synth", unit="img")
    files = {s: (out / "truth" / f"{s}.jsonl").open("w") for s in ("train", "val")}
    try:
        for _, split, rec in results:  # imap keeps order: the jsonl is deterministic
            files[split].write(rec + "\n")
            counts[split] += 1
    finally:
        for f in files.values():
            f.close()
        if pool is not None:
            pool.close()
            pool.join()
    return counts
