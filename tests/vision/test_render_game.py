"""``passt render-game``: a short game video whose truth replays through the referee."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("cv2")

import cv2

from companion_api.cli import main
from vision.render.deck import load_deck
from vision.render.game_video import GameVideoSpec, render_game, replay_verdicts
from vision.render.layout import CardPlacement, Surface
from vision.render.table import TableStyle, layout_from_state

# seed 10, 2 players: one short round (19 moves) in which the cheater at seat 1 is caught
ARGS = ["--players", "2", "--seed", "10", "--rounds", "1", "--cheat-rate", "0.3",
        "--fps", "10", "--width", "640", "--height", "360", "--no-progress"]


@pytest.fixture(scope="module")
def clip(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    d = tmp_path_factory.mktemp("game")
    video, truth = d / "game.mp4", d / "truth.json"
    assert main(["render-game", *ARGS, "--out", str(video), "--truth", str(truth)]) == 0
    return video, json.loads(truth.read_text())


def test_same_seed_same_truth(clip: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    _, truth = clip
    spec = GameVideoSpec(players=2, seed=10, rounds=1, cheat_rate=0.3, fps=10, width=640,
                         height=360)
    again = render_game(spec, tmp_path / "game.mp4")
    assert json.loads(json.dumps(again)) == truth


def test_observations_replay_to_the_stored_verdicts(clip: tuple[Path, dict[str, Any]]) -> None:
    _, truth = clip
    stored = [o["verdict"] for o in truth["observations"]]
    assert replay_verdicts(truth) == stored
    kinds = [o["kind"] for o in truth["observations"]]
    assert kinds[0] == "round-start" and kinds[-1] == "round-over"
    assert kinds.count("move") == len(truth["moves"])
    for m in truth["moves"]:  # each move carries the observation it was judged by
        o = truth["observations"][m["observation_index"]]
        assert o["observation"] == m["observation"] and o["verdict"] == m["verdict"]
        assert m["source"] in ("hand", "stack", "collect")
        assert m["destination"] == "discard" or m["source"] == "collect"


def test_cheating_is_caught(clip: tuple[Path, dict[str, Any]]) -> None:
    _, truth = clip
    illegal = [m for m in truth["moves"] if m["verdict"]["violations"]]
    assert illegal and all(m["seat"] == 1 for m in illegal)
    assert all(m["engine_violations"] for m in illegal)


def test_frame_spans_ordered_and_inside_the_video(clip: tuple[Path, dict[str, Any]]) -> None:
    _, truth = clip
    frames = truth["video"]["frames"]
    last = -1
    for m in truth["moves"]:
        assert last < m["arm_start"] <= m["start"] < m["placed"] <= m["release"] <= m["arm_end"]
        assert m["arm_end"] < frames
        if "draw_end" in m:
            assert m["arm_end"] < m["draw_start"] < m["draw_end"] < frames
            last = m["draw_end"]
        else:
            last = m["arm_end"]
    for r in truth["rounds"]:
        rv = r["reveal"]
        assert r["start_frame"] <= rv["start"] < rv["placed"] <= rv["release"] <= r["end_frame"]
        assert r["end_frame"] < frames
    seen = [s["frame"] for s in truth["states"]]
    assert seen == sorted(seen) and seen[-1] < frames
    # between moves the state is stable and the referee's view matches the engine's
    moves = truth["moves"]
    for a, b in zip(moves, moves[1:], strict=False):
        still = [s for s in truth["states"] if a["arm_end"] < s["frame"] < b["arm_start"]
                 and not s["arms"]]
        if still and a["destination"] == "discard":
            assert still[0]["discard_top"] == a["card"]


def test_video_opens_with_the_stated_frame_count(clip: tuple[Path, dict[str, Any]]) -> None:
    video, truth = clip
    cap = cv2.VideoCapture(str(video))
    assert cap.isOpened()
    assert int(cap.get(cv2.CAP_PROP_FRAME_COUNT)) == truth["video"]["frames"]
    assert int(cap.get(cv2.CAP_PROP_FRAME_WIDTH)) == 640
    assert int(cap.get(cv2.CAP_PROP_FRAME_HEIGHT)) == 360
    ok, img = cap.read()
    assert ok and img.shape == (360, 640, 3)
    cap.release()


def test_fixed_slots_keep_stacks_in_place() -> None:
    deck = load_deck()
    surface = Surface()
    style = TableStyle(fanned=1.0)
    slots = [{"red": 0.0, "blue": 1.0, "green": -1.0}, {}]

    def stacks(coll: dict[str, list[str]]) -> dict[tuple[str, str], tuple[float, float]]:
        lay = layout_from_state(deck, 2, ["pink-1"], 10, [coll, {}], surface, mess_seed=3,
                                style=style, stack_slots=slots)
        return {(o.stack, o.name): o.xy_mm for o in lay.objects
                if isinstance(o, CardPlacement) and o.stack}

    a = stacks({"red": ["red-1", "red-2"]})
    b = stacks({"red": ["red-1", "red-2", "red-3"], "blue": ["blue-0"], "green": ["green-4"]})
    assert all(b[k] == v for k, v in a.items())  # nothing lying moved
    old = layout_from_state(deck, 2, [f"red-{i}" for i in range(5)] * 4, 10, [{}, {}], surface,
                            discard_shown=6)
    assert sum(1 for o in old.objects if isinstance(o, CardPlacement)
               and o.role.startswith("discard")) == 6
