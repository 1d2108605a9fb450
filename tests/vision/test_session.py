"""Session with a fake detector, the annotator, and the ``passt referee``/``markers`` commands."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
import supervision as sv

from companion_api.cli import main
from engine.rules import Rules
from tests.vision.table_fakes import calibration, scene, table
from vision.annotate import annotate
from vision.calibration import save_zones
from vision.session import Session

# a game script: (frames, table); frame i's first pixel says which frame it is
SCRIPT = [
    (6, scene(["red-3"])),
    (6, scene(["red-3", "red-5"])),  # seat 0: hand
    # seat 0 collects again while seat 1 is to move: out of turn (a jump by the next seat, 2,
    # would wait for the players: seat 1 may have laid a card unseen)
    (6, scene(["red-3", "red-5"], {0: {"blue": ["blue-1"]}})),
]
TABLES = [d for n, d in SCRIPT for _ in range(n)]


class ScriptDetector:
    """Frame i's first pixel says which table of the script it shows."""

    def __init__(self, tables: list[sv.Detections]) -> None:
        self.tables = tables

    def detect(self, frame: np.ndarray) -> sv.Detections:
        return self.tables[min(int(frame[0, 0, 0]), len(self.tables) - 1)]


def frames(shape: tuple[int, int] = (720, 1280)) -> list[tuple[np.ndarray, float]]:
    return [(np.full((*shape, 3), i, np.uint8), i / 10) for i in range(len(TABLES))]


def test_session_turns_frames_into_events_and_annotates_flags() -> None:
    s = Session(ScriptDetector(TABLES), Rules(players=3), calibration())
    events = [e for f, t in frames() for e in s.process(f, t)]
    assert [e.payload["observation"] for e in events if e.kind == "move"] == [
        "hand:red-5", "seat 0: collect:blue-1"]
    verdicts = [e.to_dict() for e in events if e.kind == "verdict"]
    assert verdicts[-1]["violations"][0]["rule"] == "out-of-turn"
    assert verdicts[-1]["kind"] == "verdict" and "timestamp" in verdicts[-1]
    json.dumps([e.to_dict() for e in events])  # JSON-ready for the web app
    img = annotate(frames()[-1][0], s.last)
    assert img.shape == (720, 1280, 3) and img.any()
    assert "blue-1" in s.last.flagged


def test_no_setup_session_calibrates_from_the_first_cards() -> None:
    s = Session(ScriptDetector(TABLES), Rules(players=3), calibration=None)
    events = [e for f, t in frames() for e in s.process(f, t)]
    assert events[0].kind == "status" and s.calibration is not None
    assert [e.payload["observation"] for e in events if e.kind == "move"][0] == "hand:red-5"


def test_no_setup_waits_for_a_card_in_the_middle_and_looks_closer_for_it() -> None:
    """The first discard card lies in a shadow (the finder: 0.09, its face read surely), and
    only a card in a hand at the frame's corner is read surely: the seats are set up around
    the card in the middle, and the round starts with it."""
    hand = ("green-5", 40.0, 700.0, 0.6)
    shadow = ("blue-4", 640.0, 360.0, 0.09, {"blue-4": 0.94})
    s = Session(None, Rules(players=3), calibration=None)
    events = []
    for i in range(8):
        events += s.process_detections(table(hand), i / 10, (720, 1280, 3),
                                       closer=lambda: table(hand, shadow))
    assert s.calibration is not None
    assert np.hypot(*(np.asarray(s.calibration.discard_centre) - (640, 360))) < 5
    assert [e.payload["observation"] for e in events if e.kind == "verdict"] == [
        "round starts: discard blue-4"]


def test_no_setup_without_a_closer_look_waits_a_while_for_the_middle() -> None:
    s = Session(None, Rules(players=3), calibration=None)
    for i in range(29):
        s.process_detections(table(("green-5", 40.0, 700.0, 0.6)), i / 10, (720, 1280, 3))
    assert s.calibration is None
    s.process_detections(table(("green-5", 40.0, 700.0, 0.6)), 3.0, (720, 1280, 3))
    assert s.calibration is not None


def referee_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                   tables: list[sv.Detections]) -> tuple[dict, str]:
    """``passt referee`` on a folder of frames showing ``tables``: the JSON and HTML report."""
    import cv2

    import vision.detector

    folder = tmp_path / "game"
    folder.mkdir()
    for i in range(len(tables)):
        cv2.imwrite(str(folder / f"{i:03d}.png"), np.full((48, 64, 3), i, np.uint8))
    zones = tmp_path / "zones.yaml"
    save_zones(calibration(), zones)
    monkeypatch.setattr(vision.detector, "load_detector", lambda *a, **k: ScriptDetector(tables))
    out, page = tmp_path / "report.json", tmp_path / "report.html"
    assert main(["referee", str(folder), "--calibration", str(zones), "--players", "3",
                 "--fps", "10", "--out", str(out), "--html", str(page)]) == 0
    return json.loads(out.read_text()), page.read_text()


def test_passt_referee_writes_json_and_html(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    report, text = referee_report(tmp_path, monkeypatch, TABLES)
    assert [m["observation"] for m in report["moves"]] == ["hand:red-5", "seat 0: collect:blue-1"]
    assert report["flagged"][0]["violations"][0]["rule"] == "out-of-turn"
    assert "data:image/jpeg;base64," in text and "out-of-turn" in text


def test_a_move_taken_back_leaves_the_report_s_moves_and_flags() -> None:
    from companion_api.commands.referee import _standing

    def verdict(obs: str, rules: list[str]) -> dict[str, object]:
        return {"kind": "verdict", "observation": obs, "anomalies": [],
                "violations": [{"rule": r} for r in rules]}

    events = [{"kind": "move", "observation": "hand:red-2"}, verdict("hand:red-2", []),
              {"kind": "move", "observation": "hand:red-4"}, verdict("hand:red-4", ["x"]),
              {"kind": "status", "takes_back": "hand:red-4"},
              {"kind": "move", "observation": "hand:red-3"}, verdict("hand:red-3", ["y"])]
    assert _standing(events) == ([0, 5], [6])


def test_passt_markers_writes_a_sheet(tmp_path: Path) -> None:
    import cv2

    from vision.markers import detect_markers

    out = tmp_path / "sheet.png"
    assert main(["markers", "--out", str(out), "--seats", "3", "--corners"]) == 0
    assert sorted(detect_markers(cv2.imread(str(out)))) == [0, 1, 2, 10, 11, 12, 13]
    assert main(["markers", "--out", str(out), "--seats", "9"]) == 2


# seats 0, 1, 2 collect a card each; in seat 0's turn a hand hides the discard and seat 0's
# stack a while (both show as before); then seat 1 collects: seat 0 may have laid a twin
# unseen at either place, so the out-of-turn alert waits for an answer
HELD = {0: {"blue": ["blue-1"]}, 1: {"yellow": ["yellow-2"]}, 2: {"pink": ["pink-4"]}}
HELD_SCRIPT = [
    (6, scene(["red-3"])), (6, scene(["red-3"], {0: HELD[0]})),
    (6, scene(["red-3"], {0: HELD[0], 1: HELD[1]})), (6, scene(["red-3"], HELD)),
    (8, scene([], {1: HELD[1], 2: HELD[2]})), (6, scene(["red-3"], HELD)),
    (6, scene(["red-3"], {**HELD, 1: {"yellow": ["yellow-2"], "green": ["green-4"]}})),
]


def test_passt_referee_lists_held_alerts_to_check(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # no one answers a recording: the held alert is listed to check
    tables = [d for n, d in HELD_SCRIPT for _ in range(n)]
    report, text = referee_report(tmp_path, monkeypatch, tables)
    assert report["flagged"] == []
    assert [(v["observation"], [h["rule"] for h in v["held"]]) for v in report["to_check"]] == [
        ("seat 1: collect:green-4", ["out-of-turn"])]
    assert "came while the player before" in report["questions"][0]["text"]
    assert "out-of-turn?</b>" in text


def test_a_recording_that_ends_while_the_reveal_is_awaited_reads_it_as_it_lay() -> None:
    from companion_api.commands.referee import referee_frames

    cal = calibration(2)
    hands = [("red-2", 560.0, 640.0), ("yellow-4", 720.0, 640.0)]
    tables = [*[scene(["green-3"])] * 10, *[scene(["green-3"], {0: {"blue": ["blue-1"]}})] * 10,
              *[scene(["green-3"], {0: {"blue": ["blue-1"]}}, hands)] * 30]
    s = Session(ScriptDetector(tables), Rules(players=2), cal)

    def recording(end: int) -> Iterator[tuple[np.ndarray, float]]:
        for i in range(end):
            if i == 20:  # the players end the round; the referee counts 5 cards in each hand
                s.mark_round_over(i / 10)
            yield np.full((720, 1280, 3), i, np.uint8), i / 10

    # 3 s of two cards shown, less than the 8 s the tracker waits for the counted rest
    report = referee_frames(recording(50), s, keep_flagged=False)
    kinds = [e["kind"] for e in report["events"]]
    assert kinds[-3:] == ["verdict", "round-over", "scores"]
    assert "recording ended" in report["events"][-4]["message"]
    assert report["events"][-2]["reveals"] == {"0": ["red-2", "yellow-4"]}
    assert report["round_scores"] == [[1 - 6, 0]]


def test_a_recording_that_ends_before_any_hand_is_laid_reads_no_reveal() -> None:
    from companion_api.commands.referee import referee_frames

    tables = [*[scene(["green-3"])] * 10, *[scene(["green-3"], {0: {"blue": ["blue-1"]}})] * 20]
    s = Session(ScriptDetector(tables), Rules(players=2), calibration(2))

    def recording() -> Iterator[tuple[np.ndarray, float]]:
        for i in range(30):
            if i == 20:
                s.mark_round_over(i / 10)
            yield np.full((720, 1280, 3), i, np.uint8), i / 10

    report = referee_frames(recording(), s, keep_flagged=False)
    assert report["round_scores"] == [] and "round-over" not in [
        e["kind"] for e in report["events"]]
