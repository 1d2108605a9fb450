"""Scoring a refereed video against the truth: alignment, told moves, re-judged verdicts."""

from __future__ import annotations

from typing import Any

from vision.game_check import lone_jokers, score_game


def _move(obs: str, release: int, rules: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"observation": obs, "release": release, "round": 1,
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
    assert s.false_alerts == {"out-of-turn (exact move)": 1}


def test_a_phantom_moves_flag_is_a_false_alert_of_a_move_not_as_seen() -> None:
    events = [*_seen("seat 0: collect:red-1", 1.5), *_seen("hand:red-1", 3.5),
              *_seen("seat 1: collect:red-2", 4.0, ("forced-play",)),
              *_seen("seat 0: collect:blue-2", 5.5)]
    s = score_game(TRUTH, events)
    assert (s.exact, s.phantom, s.fp) == (3, 1, 1)
    assert s.false_alerts == {"forced-play (move not as seen)": 1}


def test_a_move_told_later_goes_in_its_place_and_rejudging_clears_the_flag() -> None:
    events = [*_seen("seat 0: collect:red-1", 1.5),
              *_seen("seat 0: collect:blue-2", 5.5, ("out-of-turn",)),
              *_seen("hand:red-1", 6.0, before="seat 0: collect:blue-2"),
              *_seen("seat 0: collect:blue-2", 6.0, rejudged=True),
              {"kind": "scores", "scores": [3, -2]}]
    s = score_game(TRUTH, events)
    assert (s.exact, s.phantom, s.fp, s.fn, s.rounds_right) == (3, 0, 0, 0, 1)
    assert len(s.latencies) == 2  # a told move has no verdict latency


def test_a_re_read_card_corrects_the_move_it_came_with() -> None:
    # as the session tells it: the move, the correction of the earlier one, then its verdict
    move, verdict = _seen("hand:red-1", 3.5)
    events = [*_seen("seat 0: collect:pink-1", 1.5), move,
              *_seen("seat 0: collect:red-1", 3.5, corrects="seat 0: collect:pink-1"),
              verdict, *_seen("seat 0: collect:blue-2", 5.5)]
    s = score_game(TRUTH, events)
    assert (s.exact, s.phantom, s.fp) == (3, 0, 0)


def test_a_move_re_read_with_the_card_under_it_counts_as_judged() -> None:
    # the move as first read ('>red': onto the stack then taken for red), its verdict re-read
    events = [*_seen("seat 0: collect:pink-1", 1.5), *_seen("hand:red-1", 3.5),
              {"kind": "move", "observation": "seat 0: collect:blue-2>green"},
              {"kind": "verdict", "observation": "seat 0: collect:blue-2", "timestamp": 5.5,
               "violations": [], "read_as": "seat 0: collect:blue-2>green"}]
    s = score_game(TRUTH, events)
    assert (s.exact, s.phantom, s.fp, s.seen_moves) == (2, 1, 0, 3)


def test_a_move_taken_back_as_a_misread_is_no_move() -> None:
    events = [*_seen("seat 0: collect:red-1", 1.5), *_seen("hand:red-3", 2.5,
                                                          ("discard-not-fitting",)),
              {"kind": "status", "takes_back": "hand:red-3"},
              *_seen("hand:red-1", 3.5), *_seen("seat 0: collect:blue-2", 5.5)]
    s = score_game(TRUTH, events)
    assert (s.exact, s.phantom, s.fp) == (3, 0, 0)


def test_alerts_held_or_unsure_are_no_alerts_but_are_counted_apart() -> None:
    truth = {**TRUTH, "moves": [_move("seat 0: collect:red-1", 10, ("forced-play",)),
                                _move("hand:red-1", 30),
                                _move("seat 0: collect:blue-2", 50)]}
    held = [{"rule": "out-of-turn"}]
    events = [{"kind": "move", "observation": "seat 0: collect:red-1"},
              {"kind": "verdict", "observation": "seat 0: collect:red-1", "timestamp": 1.5,
               "violations": [], "unsure": [{"rule": "forced-play"}]},
              *_seen("hand:red-1", 3.5),
              {"kind": "move", "observation": "seat 0: collect:blue-2"},
              {"kind": "verdict", "observation": "seat 0: collect:blue-2", "timestamp": 5.5,
               "violations": [], "held": held}]
    s = score_game(truth, events)
    assert (s.tp, s.fp, s.fn) == (0, 0, 1)
    assert s.withheld == {"unsure true": 1, "held false": 1}
    # the players answer "nothing unseen": the held alert is told, and counts as an alert
    s = score_game(truth, [*events, *_seen("seat 0: collect:blue-2", 6.0, ("out-of-turn",),
                                           released=True)])
    assert (s.tp, s.fp, s.fn) == (0, 1, 1) and s.withheld == {"unsure true": 1}


def test_the_stack_of_a_joker_lying_alone_is_not_compared() -> None:
    """12004: seat 1, with no stack yet, collects a joker (the simulated cheat names it the
    blue stack at random) and later plays it; the tracker names that stack red."""
    keys = lone_jokers(["seat 1: collect:joker>blue", "seat 2: collect:red-1",
                        "seat 1: stack:joker>blue"], [1, 1, 1])
    assert keys == ["seat 1: collect:joker>?", "seat 2: collect:red-1", "seat 1: stack:joker>?"]
    # a joker laid on a stack of its seat's (the yellow-2 under it shows which) keeps it
    on = ["seat 1: collect:yellow-2", "seat 1: collect:joker>yellow", "seat 1: stack:joker>yellow"]
    assert lone_jokers(on, [1, 1, 1]) == on
    # stacks start empty in each round; a card laid on the joker names the stack
    assert lone_jokers(["seat 1: collect:blue-2", "seat 1: collect:joker>blue",
                        "seat 1: collect:blue-3", "seat 1: stack:joker>blue"], [1, 2, 2, 2]
                       ) == ["seat 1: collect:blue-2", "seat 1: collect:joker>?",
                             "seat 1: collect:blue-3", "seat 1: stack:joker>blue"]
    truth = {"video": {"fps": 10}, "rounds": [{"scores": [0, 0]}],
             "moves": [_move("seat 0: collect:joker>blue", 10, ("collect-joker",))]}
    s = score_game(truth, _seen("seat 0: collect:joker>red", 1.5, ("collect-joker",)))
    assert (s.exact, s.phantom, s.tp, s.fp, s.fn) == (1, 0, 1, 0, 0)
    s = score_game(truth, _seen("seat 0: collect:red-1", 1.5, ("collect-joker",)))
    assert (s.exact, s.phantom, s.tp, s.fp, s.fn) == (0, 1, 0, 1, 1)
