"""A question the camera's referee asks reaches the page with the number an answer names."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import supervision as sv

from companion_api.runtime import GameRuntime, Hub
from companion_api.store import Store
from engine.rules import Rules
from tests.vision.table_fakes import calibration, scene

START = scene(["red-3"])
TWO_AT_ONCE = scene(["red-3", "red-1"], {2: {"green": ["green-4"]}})  # no single move


def filmed(hub: Hub, tables: list[sv.Detections]) -> tuple[GameRuntime, list[dict[str, Any]]]:
    """A 3-seat game fed ``tables`` at 10 frames a second; the events it recorded."""
    game = hub.create_game(["Anna", "Ben", "Cem"], Rules(players=3))
    game.set_calibration(calibration(3))
    recorded: list[dict[str, Any]] = []
    for k, d in enumerate(tables):
        recorded += game.process_detections(d, k / 10, (720, 1280, 3))
    return game, recorded


def test_a_question_event_carries_the_number_its_answer_names(tmp_path: Path) -> None:
    # the round starts on red-3; then red-1 lies on it and seat 2 shows green-4 at once:
    # no single move explains both, so the players are asked
    game, recorded = filmed(Hub(Store(tmp_path / "games.sqlite")),
                            [START] * 10 + [TWO_AT_ONCE] * 16)
    (question,) = [e for e in recorded if e["kind"] == "question"]
    assert question["question"] in game.session.questions
    assert question["id"] != question["question"]  # the log's number, not the question's
    game.answer(question["question"], None)
    assert not game.session.questions


def test_a_withdrawn_question_s_table_is_taken_back_in_the_log_too(tmp_path: Path) -> None:
    hub = Hub(Store(tmp_path / "games.sqlite"))
    # asked about two changes at once; the table goes back (a misread), then red-1 is laid
    game, _ = filmed(hub, [START] * 10 + [TWO_AT_ONCE] * 16 + [START] * 16
                     + [scene(["red-3", "red-1"])] * 10)
    seen = [str(o) for o in game.session.referee.observations]
    assert seen == ["round starts: discard red-3", "hand:red-1"]
    row = hub.store.game(game.id)
    assert row is not None
    again = GameRuntime(row, hub.store, lambda game_id, message: None)  # a restarted server
    assert [str(o) for o in again.session.referee.observations] == seen
