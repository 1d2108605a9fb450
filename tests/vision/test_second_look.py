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


FAINT_RED = {"pink-4": 0.8, "red-4": 0.1}  # red read pink, the red only 0.125 of it


def _two_pink_collects(probs: dict[str, float]) -> tuple[Session, list]:
    """Seat 0 collects a pink-3 onto the first discard read 'pink-4' with ``probs`` (told as
    collect-fitting: one rule break), then seat 1 a pink-1: the events of the second."""
    s, clock = _start(probs)
    assert rules(_collect_pink3(s, clock, probs)) == ["collect-fitting"]
    first = ("pink-4", *CENTRE, 0.9, probs)
    pink3 = ("pink-3", *at(0), 0.9, {"pink-3": 0.95})
    return s, feed(s, table(first, pink3, ("pink-1", *at(1), 0.9, {"pink-1": 0.95})), clock)


def test_one_rule_break_does_not_re_read_a_faint_alternative() -> None:
    s, clock = _start(FAINT_RED)
    assert rules(_collect_pink3(s, clock, FAINT_RED)) == ["collect-fitting"]


def test_two_rule_breaks_re_read_a_fainter_alternative() -> None:
    """Each rule break a reading asks to believe counts: a second seat collecting a pink
    card onto 'pink-4' makes red-4 at 0.125 of it the better reading."""
    s, ev = _two_pink_collects(FAINT_RED)
    assert moves(ev) == ["seat 1: collect:pink-1"]
    corrected = [e for e in kinds(ev, "verdict") if "corrects" in e.payload]
    assert [e.payload["observation"] for e in corrected] == ["round starts: discard red-4"]
    assert rules(ev) == []  # both collects judged again: neither breaks a rule on red-4
    assert str(s.referee.round.top) == "red-4"  # type: ignore[union-attr]


def test_two_rule_breaks_keep_a_reading_the_detector_is_sure_of() -> None:
    _, ev = _two_pink_collects({"pink-4": 0.95, "red-4": 0.02})
    assert rules(ev) == ["collect-fitting"]


def _red_1_on_a_play_read(probs: dict[str, float]) -> tuple[Session, list]:
    """Round starts on blue-4; seat 0 plays a card read with ``probs`` (pink-4 first), then
    seat 1 lays a red-1 on it: the events of the red-1."""
    s = Session(None, Rules(players=3), calibration(3))
    clock = Clock()
    feed(s, table(("blue-4", *CENTRE, 0.9, {"blue-4": 0.95})), clock)
    played = ("pink-4", CENTRE[0] + 8, CENTRE[1] + 4, 0.9, probs)
    assert moves(feed(s, table(played), clock)) == ["hand:pink-4"]
    red_1 = ("red-1", CENTRE[0] + 16, CENTRE[1] + 10, 0.9, {"red-1": 0.95})
    return s, feed(s, table(red_1), clock)


def test_a_violation_on_the_card_under_a_play_re_reads_that_card() -> None:
    """14908 at 91.4 s: a red-0 read red-0 at 0.98 as it landed, then pink-0 at 0.54-0.71
    (red-0 at 0.28-0.45), was taken as pink-0; the red-3 laid on it was told as not fitting.
    The card under the play is read again: red-0, and nothing broke a rule."""
    s, ev = _red_1_on_a_play_read(PINKISH_RED)
    assert moves(ev) == ["hand:red-1"] and rules(ev) == []
    corrected = [e for e in kinds(ev, "verdict") if "corrects" in e.payload]
    assert [e.payload["observation"] for e in corrected] == ["hand:red-4"]
    assert any("under the discard top re-read as red-4" in e.payload["message"]
               for e in kinds(ev, "status"))
    assert [str(c.card) for c in s.tracker.model.discard[-2:]] == ["red-4", "red-1"]


def test_a_violation_on_a_card_read_surely_under_a_play_is_told() -> None:
    _, ev = _red_1_on_a_play_read({"pink-4": 0.95, "red-4": 0.02})
    assert rules(ev) == ["discard-not-fitting"]


def _pink_2_collected_on_two_plays_read(first: dict[str, float]) -> tuple[Session, list]:
    """Round starts on a card read with ``first`` (pink-4 first); seat 0 plays a card read
    pink-1 (red-1 at 0.58 of it) onto it, then seat 1 collects a pink-2: its events."""
    s = Session(None, Rules(players=3), calibration(3))
    clock = Clock()
    feed(s, table(("pink-4", *CENTRE, 0.9, first)), clock)
    played = ("pink-1", CENTRE[0] + 8, CENTRE[1] + 4, 0.9, {"pink-1": 0.6, "red-1": 0.35})
    assert moves(feed(s, table(played), clock)) == ["hand:pink-1"]
    return s, feed(s, table(played, ("pink-2", *at(1), 0.9, {"pink-2": 0.95})), clock)


def test_a_card_re_read_with_the_card_under_it_when_alone_its_play_would_not_fit() -> None:
    """20506 at 19.7 s: the first discard, a red-1, read pink-1 (red-1 at 0.8 of it), and the
    red-5 laid on it read pink-5 (red-5 at 0.59): seat 0's pink-2 collected was told as
    fitting. Red-5 alone would not fit pink-1 - one rule break for another; both re-read
    make none."""
    s, ev = _pink_2_collected_on_two_plays_read(PINKISH_RED)
    assert moves(ev) == ["seat 1: collect:pink-2"] and rules(ev) == []
    corrected = [e for e in kinds(ev, "verdict") if "corrects" in e.payload]
    assert [e.payload["observation"] for e in corrected] == ["round starts: discard red-4",
                                                             "hand:red-1"]
    assert any("re-read as red-1 (was pink-1) and the card under it as red-4" in
               e.payload["message"] for e in kinds(ev, "status"))
    assert [str(c.card) for c in s.tracker.model.discard] == ["red-4", "red-1"]
    assert str(s.referee.round.top) == "red-1"  # type: ignore[union-attr]


def test_a_card_under_read_surely_is_not_re_read_along() -> None:
    _, ev = _pink_2_collected_on_two_plays_read({"pink-4": 0.95, "red-4": 0.02})
    assert rules(ev) == ["collect-fitting"]
