"""The game log keeps what the camera's referee did, so a restarted server rebuilds it."""

from __future__ import annotations

from pathlib import Path

from companion_api.runtime import GameRuntime, Hub
from companion_api.store import Store
from engine.rules import Rules
from tests.vision.table_fakes import CENTRE, at, calibration, table

PINKISH_RED = {"pink-4": 0.6, "red-4": 0.3}  # a printing whose red looks pink


def test_a_card_re_read_by_the_second_look_is_in_the_log(tmp_path: Path) -> None:
    hub = Hub(Store(tmp_path / "games.sqlite"))
    game = hub.create_game(["Anna", "Ben", "Cem"], Rules(players=3))
    game.set_calibration(calibration(3))
    first = ("pink-4", *CENTRE, 0.9, PINKISH_RED)
    t = 0.0
    for d in [table(first)] * 6 + [table(first, ("pink-3", *at(0), 0.9, {"pink-3": 0.95}))] * 10:
        game.process_detections(d, t, (720, 1280, 3))
        t += 0.1
    seen = [str(o) for o in game.session.referee.observations]
    assert seen == ["round starts: discard red-4", "seat 0: collect:pink-3"]  # corrected
    row = hub.store.game(game.id)
    assert row is not None
    again = GameRuntime(row, hub.store, lambda game_id, message: None)
    assert [str(o) for o in again.session.referee.observations] == seen
    assert [v.legal for v in again.session.referee.verdicts] == [True, True]
