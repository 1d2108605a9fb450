"""The second look: a violation that rests on an unsure reading corrects that reading."""

from __future__ import annotations

from engine.rules import Rules
from tests.vision.table_fakes import CENTRE, at, calibration, table
from tests.vision.test_tracker import Clock, feed, kinds, moves, rules
from vision.session import Session

PINKISH_RED = {"pink-4": 0.6, "red-4": 0.3}  # a printing whose red looks pink


def _start(probs: dict[str, float], look: float | None = 0.2) -> tuple[Session, Clock]:
    s = Session(None, Rules(players=3), calibration(3), look_close=look)
    clock = Clock()
    first = ("pink-4", *CENTRE, 0.9, probs)
    assert [e.payload["observation"] for e in kinds(feed(s, table(first), clock), "verdict")
            ] == ["round starts: discard pink-4"]
    return s, clock


def _collect_pink3(s: Session, clock: Clock, probs: dict[str, float]) -> list:
    first = ("pink-4", *CENTRE, 0.9, probs)
    return feed(s, table(first, ("pink-3", *at(0), 0.9, {"pink-3": 0.95})), clock)


def test_a_violation_on_an_unsure_discard_top_re_reads_it() -> None:
    s, clock = _start(PINKISH_RED)
    ev = _collect_pink3(s, clock, PINKISH_RED)
    assert moves(ev) == ["seat 0: collect:pink-3"]
    assert rules(ev) == []  # pink-3 may be collected onto red-4's discard
    corrected = [e for e in kinds(ev, "verdict") if "corrects" in e.payload]
    assert [e.payload["observation"] for e in corrected] == ["round starts: discard red-4"]
    assert corrected[0].payload["corrects"] == "round starts: discard pink-4"
    assert any("re-read as red-4" in e.payload["message"] for e in kinds(ev, "status"))
    assert str(s.referee.round.top) == "red-4"  # type: ignore[union-attr]
    assert s.tracker.model.discard[-1].card.value == 4


def test_a_sure_reading_stays_and_the_violation_is_told() -> None:
    sure = {"pink-4": 0.9, "red-4": 0.05}
    s, clock = _start(sure)
    assert rules(_collect_pink3(s, clock, sure)) == ["collect-fitting"]


def test_no_second_look_when_switched_off() -> None:
    s, clock = _start(PINKISH_RED, look=None)
    assert rules(_collect_pink3(s, clock, PINKISH_RED)) == ["collect-fitting"]
