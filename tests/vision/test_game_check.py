"""Scoring a refereed video against the truth: alignment, told moves, re-judged verdicts."""

from __future__ import annotations

from typing import Any

from vision.game_check import score_game


def _move(obs: str, release: int, rules: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"observation": obs, "release": release,
            "verdict": {"violations": [{"rule": r} for r in rules]}}


def _seen(obs: str, t: float, rules: tuple[str, ...] = (), **extra: Any) -> list[dict[str, Any]]:
    verdict = {"kind": "verdict", "observation": obs, "timestamp": t,
               "violations": [{"rule": r} for r in rules], **extra}
    return [verdict] if extra else [{"kind": "move", "observation": obs}, verdict]


TRUTH = {"video": {"fps": 10}, "rounds": [{"scores": [3, -2]}],
         "moves": [_move("seat 0: collect:red-1", 10), _move("hand:red-1", 30),
                   _move("seat 0: collect:blue-2", 50)]}


def test_a_missed_move_and_a_false_flag_count() -> None:
    events = [*_seen("seat 0: collect:red-1", 1.5), *_seen("seat 0: collect:blue-2", 5.5,
                                                          ("out-of-turn",))]
    s = score_game(TRUTH, events)
    assert (s.exact, s.phantom, s.fp, s.fn, s.rounds_right) == (2, 0, 1, 0, 0)


def test_a_move_told_later_goes_in_its_place_and_rejudging_clears_the_flag() -> None:
    events = [*_seen("seat 0: collect:red-1", 1.5),
              *_seen("seat 0: collect:blue-2", 5.5, ("out-of-turn",)),
              *_seen("hand:red-1", 6.0, before="seat 0: collect:blue-2"),
              *_seen("seat 0: collect:blue-2", 6.0, rejudged=True),
              {"kind": "scores", "scores": [3, -2]}]
    s = score_game(TRUTH, events)
    assert (s.exact, s.phantom, s.fp, s.fn, s.rounds_right) == (3, 0, 0, 0, 1)
    assert len(s.latencies) == 2  # a told move has no verdict latency
