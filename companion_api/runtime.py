"""The games being refereed, in memory: one :class:`vision.session.Session` per game, fed by
the frame loop, the phone uploads and the players' corrections, and written to the store.

Every call that changes a game runs under the game's lock and follows the same path:
session call -> new referee observations logged as ops -> events logged -> events and the
new state published to the WebSocket subscribers. A game loaded from the store is rebuilt by
replaying its ops into a fresh referee (:meth:`GameRuntime.replay`).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
import supervision as sv

from companion_api.store import GameRow, Op, Store
from engine.cards import Card, parse_cards
from engine.observations import Observation, RoundOver, parse_observation
from engine.rules import DrawVariant, Rules, ScoringVariant, WishVariant
from vision.calibration import Calibration, zones_from_dict, zones_to_dict
from vision.session import Event, Session
from vision.table_view import VisibleState
from vision.tracker import Phase

log = logging.getLogger(__name__)
Publish = Callable[[int, dict[str, Any]], None]
RESYNC_FRAMES = 3  # identical states needed before a resumed game adopts the table


class GameError(ValueError):
    """A request the game cannot take (the message says why); the API answers 4xx."""

    def __init__(self, message: str, status: int = 422) -> None:
        super().__init__(message)
        self.status = status


def rules_from_dict(d: dict[str, Any]) -> Rules:
    return Rules(players=int(d.get("players", 4)), wish=WishVariant(d.get("wish", "W1")),
                 draw=DrawVariant(d.get("draw", "D1")),
                 scoring=ScoringVariant(d.get("scoring", "game")),
                 target=int(d.get("target", 50)))


def rules_to_dict(r: Rules) -> dict[str, Any]:
    return {"players": r.players, "wish": r.wish.value, "draw": r.draw.value,
            "scoring": r.scoring.value, "target": r.target}


def _parse(text: str) -> Observation:
    try:
        return parse_observation(text)
    except ValueError as exc:
        raise GameError(f"cannot read observation {text!r}: {exc}") from None


class GameRuntime:
    def __init__(self, row: GameRow, store: Store, publish: Publish) -> None:
        self.id, self.names, self.source, self.created = row.id, row.names, row.source, row.created
        self.rules = rules_from_dict(row.rules)
        self.starter = row.starter
        self.store, self._publish = store, publish
        cal = zones_from_dict(row.calibration) if row.calibration else None
        # the detector is the hub's (it may load later): frames come in as detections
        self.session = Session(None, self.rules, cal)
        self.lock = threading.RLock()
        self.recent: deque[dict[str, Any]] = deque(maxlen=200)
        self._resync: list[VisibleState] | None = None
        self.replay(store.ops(row.id))

    # -- rebuilding from the log -----------------------------------------------------------
    def replay(self, ops: Iterable[Op]) -> None:
        ref = self.session.referee
        for op in ops:
            try:
                if op.kind == "observe" and op.text:
                    ref.observe(parse_observation(op.text))
                elif op.kind == "undo":
                    ref.undo()
                elif op.kind == "correct" and op.text is not None and op.idx is not None:
                    ref.correct(op.idx, parse_observation(op.text))
                elif op.kind == "insert" and op.text is not None and op.idx is not None:
                    ref.insert(op.idx, parse_observation(op.text))
            except Exception:  # a log written by an older engine must not stop the server
                log.exception("game %s: cannot replay op %s", self.id, op)
        self._resume_tracker()
        self.recent.extend(self.store.events(self.id)[-200:])

    def _resume_tracker(self) -> None:
        """After a replay the tracker knows nothing of the table: a round in progress is
        picked up from the next settled frame, a finished one waits for the reveal."""
        r = self.session.referee.round
        tr = self.session.tracker
        if r is None or r.finished:
            return
        if r.expected_end:
            tr.phase = Phase.PLAYING
            tr.expect_reveal(r.hand_sizes)
        else:
            self._resync = []

    def _adopt(self, detections: sv.Detections, frame_shape: tuple[int, ...]) -> bool:
        """While resuming: True once the table has been taken as it is (no move read)."""
        s = self.session
        if s.view is None:
            return False  # the session calibrates itself from the first cards first
        state = s.view.read(detections)
        seen = self._resync if self._resync is not None else []
        if seen and seen[-1] != state:
            seen.clear()
        seen.append(state)
        if len(seen) < RESYNC_FRAMES:
            return False
        s.tracker.resume(state)
        self._resync = None
        return True

    # -- what changes the game -------------------------------------------------------------
    def process_detections(self, detections: sv.Detections, t: float,
                           frame_shape: tuple[int, ...], origin: str = "camera",
                           closer: Callable[[], sv.Detections] | None = None
                           ) -> list[dict[str, Any]]:
        with self.lock:
            s = self.session
            if self._resync is not None and s.view is not None:
                if not self._adopt(detections, frame_shape):
                    return []
                return self._record([Event("status", {"message": "game resumed: the table "
                                                      "was taken as it is"}, t)])
            had_calibration = s.calibration is not None
            events = self._logged(
                lambda: s.process_detections(detections, t, frame_shape, closer), origin, t)
            if not had_calibration and s.calibration is not None:
                self.store.set_calibration(self.id, zones_to_dict(s.calibration))
            return events

    def observe(self, text: str, origin: str = "player", t: float = 0.0
                ) -> list[dict[str, Any]]:
        obs = _parse(text)
        with self.lock:
            s = self.session
            return self._logged(lambda: s.observe(obs, t), origin, t)

    def speak_wish(self, wish: str, t: float = 0.0) -> list[dict[str, Any]]:
        with self.lock:
            try:
                return self._logged(lambda: self.session.speak_wish(wish, t), "player", t)
            except ValueError as exc:
                raise GameError(f"cannot read wish {wish!r}: {exc}") from None

    def answer(self, question_id: int, text: str | None, t: float = 0.0
               ) -> list[dict[str, Any]]:
        obs = None if text is None else _parse(text)
        with self.lock:
            if question_id not in self.session.questions:
                raise GameError(f"no open question {question_id} in game {self.id}", 404)
            return self._logged(lambda: self.session.answer(question_id, obs, t), "player", t)

    def undo(self, t: float = 0.0) -> list[dict[str, Any]]:
        with self.lock:
            if not self.session.referee.observations:
                raise GameError("nothing to undo: the referee has no observations", 409)
            events = self.session.undo(t)
            self.store.add_op(self.id, "undo", origin="player", t=t)
            return self._record(events)

    def correct(self, index: int, text: str, t: float = 0.0) -> list[dict[str, Any]]:
        obs = _parse(text)
        with self.lock:
            ref = self.session.referee
            if not 0 <= index < len(ref.observations):
                raise GameError(f"no observation number {index}: game {self.id} has "
                                f"{len(ref.observations)} (0-{len(ref.observations) - 1})")
            old = ref.observations[index]
            verdicts = ref.correct(index, obs)
            self.store.add_op(self.id, "correct", str(obs), index, "player", t)
            v = verdicts[index]
            event = Event("verdict", {**v.to_dict(), "reading_notes": [],
                                      "correction": {"index": index, "was": str(old)}}, t)
            return self._record([Event("status", {"message": f"corrected #{index}: {old} -> "
                                                  f"{obs}"}, t), event])

    def round_over(self, t: float = 0.0) -> list[dict[str, Any]]:
        with self.lock:
            r = self.session.referee.round
            if r is None or r.finished:
                raise GameError("no round is on to end", 409)
            if self.session.tracker.phase is not Phase.PLAYING:
                self.session.tracker.phase = Phase.PLAYING  # a round entered by hand
            return self._record(self.session.mark_round_over(t))

    def reveal(self, reveals: dict[int, list[str]] | None, t: float = 0.0
               ) -> list[dict[str, Any]]:
        """The hands laid face up: read from the table (None) or entered by hand."""
        with self.lock:
            if reveals is None:
                events = self._logged(lambda: self.session.finish_reveal(t), "camera", t)
                if not any(e["kind"] == "round-over" for e in events):
                    raise GameError("no reveal to read: end the round first, or enter the "
                                    "revealed cards by hand", 409)
                return events
            hands: dict[int, tuple[Card, ...]] = {}
            for seat, cards in reveals.items():
                if not 0 <= seat < self.rules.players:
                    raise GameError(f"there is no seat {seat} in a {self.rules.players}-player "
                                    "game")
                try:
                    hands[seat] = tuple(parse_cards(" ".join(cards)))
                except ValueError as exc:
                    raise GameError(f"seat {seat}: {exc}") from None
            self.session.tracker.end_reveal()  # the reveal is done by hand
            return self._logged(lambda: self.session.observe(RoundOver(hands), t),
                                "player", t)

    def set_calibration(self, cal: Calibration | None) -> None:
        with self.lock:
            self.session.set_calibration(cal)
            self.store.set_calibration(self.id, zones_to_dict(cal) if cal else None)

    # -- logging and publishing ------------------------------------------------------------
    def _logged(self, call: Callable[[], list[Event]], origin: str, t: float
                ) -> list[dict[str, Any]]:
        ref = self.session.referee
        before = list(ref.observations)
        events = call()
        after = ref.observations
        i = next((k for k, (a, b) in enumerate(zip(before, after, strict=False)) if a != b),
                 min(len(before), len(after)))
        if i < len(before) and after[:i] + after[i + 1:] == before:  # one went in before others
            self.store.add_op(self.id, "insert", str(after[i]), i, origin, t)
        elif len(after) < len(before):  # taken back (a question withdrawn), maybe more after
            for _ in range(len(before) - i):
                self.store.add_op(self.id, "undo", origin=origin, t=t)
            for obs in after[i:]:
                self.store.add_op(self.id, "observe", str(obs), origin=origin, t=t)
        else:
            for k in range(i, min(len(before), len(after))):  # re-read (the second look)
                if after[k] != before[k]:
                    self.store.add_op(self.id, "correct", str(after[k]), k, origin, t)
            for obs in after[len(before):]:
                self.store.add_op(self.id, "observe", str(obs), origin=origin, t=t)
        return self._record(events)

    def _record(self, events: list[Event]) -> list[dict[str, Any]]:
        out = []
        for ev in events:
            d = ev.to_dict()
            if ev.kind == "question":  # its own number, which an answer names, stays readable
                d["question"] = d["id"]
            d["id"] = self.store.add_event(self.id, d)
            d["game"] = self.id
            out.append(d)
            self.recent.append(d)
            self._publish(self.id, d)
        if out:
            if self.session.referee.game_over:
                self.store.set_finished(self.id)
            self._publish(self.id, {"kind": "state", "game": self.id, "state": self.state()})
        return out

    # -- what the page shows ---------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        with self.lock:
            ref = self.session.referee
            r = ref.round
            seats = []
            for k, name in enumerate(self.names):
                seats.append({
                    "seat": k, "name": name,
                    "stacks": {str(c): [str(x) for x in cards]
                               for c, cards in (r.stacks[k].items() if r else ())},
                    "loose": [str(c) for c in r.loose[k]] if r else [],
                    "hand_size": r.hand_sizes[k] if r else None,
                    "total": ref.totals[k],
                })
            top = r.top if r else None
            to_move = ref.to_move
            return {
                "id": self.id, "names": self.names, "players": self.rules.players,
                "variants": rules_to_dict(self.rules), "source": self.source,
                "round": r.number if r else None,
                "round_finished": bool(r.finished) if r else None,
                "to_move": to_move,
                "to_move_name": self.names[to_move] if to_move is not None else None,
                "discard_top": str(top) if top else None,
                "discard": [str(c) for c in r.discard[-4:]] if r else [],
                "wish": str(r.wish) if r and r.wish else None,
                "wish_needed": bool(top is not None and top.is_joker and r and not r.wish
                                    and not r.finished),
                "draw_count": r.draw_count if r else None,
                "expected_end": r.expected_end if r else None,
                "seats": seats,
                "totals": list(ref.totals), "round_scores": ref.round_scores,
                "target": self.rules.target,
                "winners": list(ref.winners) if ref.winners is not None else None,
                "game_over": ref.game_over,
                "phase": self.session.tracker.phase.value,
                "resyncing": self._resync is not None,
                "calibration": self.session.calibration.method
                if self.session.calibration else None,
                "questions": [{"id": qid, "text": q.text,
                               "candidates": [str(c) for c in q.candidates]}
                              for qid, q in self.session.questions.items()],
                "observations": [{"index": i, "text": str(o), "seat": v.seat,
                                  "legal": v.legal, "rules": v.rule_ids,
                                  "anomalies": [a.kind for a in v.anomalies]}
                                 for i, (o, v) in enumerate(zip(ref.observations,
                                                                ref.verdicts, strict=False))],
            }


@dataclass
class Subscriber:
    loop: asyncio.AbstractEventLoop
    queue: asyncio.Queue[dict[str, Any]]
    game_id: int | None  # None: whichever game is live


class Hub:
    """All loaded games, the live one (the camera feeds it), and the event subscribers."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.games: dict[int, GameRuntime] = {}
        self.live_id: int | None = None
        self._subs: list[Subscriber] = []
        self._lock = threading.RLock()

    def get(self, game_id: int) -> GameRuntime:
        with self._lock:
            if game_id not in self.games:
                row = self.store.game(game_id)
                if row is None:
                    raise GameError(f"no game {game_id}", 404)
                self.games[game_id] = GameRuntime(row, self.store, self.publish)
            return self.games[game_id]

    @property
    def live(self) -> GameRuntime | None:
        return self.get(self.live_id) if self.live_id is not None else None

    def create_game(self, names: list[str], rules: Rules, starter: int = 0,
                    source: str = "", live: bool = True) -> GameRuntime:
        if len(names) != rules.players:
            raise GameError(f"{len(names)} names for {rules.players} players")
        if not 0 <= starter < rules.players:
            raise GameError(f"there is no seat {starter} to start")
        game_id = self.store.create_game(names, rules_to_dict(rules), starter, source)
        game = self.get(game_id)
        if live:
            self.set_live(game_id)
        return game

    def set_live(self, game_id: int) -> None:
        game = self.get(game_id)
        with self._lock:
            self.live_id = game_id
        self.publish(game_id, {"kind": "game", "game": game_id, "state": game.state()})

    # -- subscribers (WebSockets live in the event loop; publishers are threads) -----------
    def subscribe(self, game_id: int | None) -> Subscriber:
        sub = Subscriber(asyncio.get_running_loop(), asyncio.Queue(maxsize=1000), game_id)
        with self._lock:
            self._subs.append(sub)
        return sub

    def unsubscribe(self, sub: Subscriber) -> None:
        with self._lock:
            if sub in self._subs:
                self._subs.remove(sub)

    def publish(self, game_id: int, message: dict[str, Any]) -> None:
        with self._lock:
            subs = [s for s in self._subs if s.game_id == game_id
                    or (s.game_id is None and game_id == self.live_id)]
        for s in subs:
            try:
                s.loop.call_soon_threadsafe(_put, s.queue, message)
            except RuntimeError:  # its loop is closed: the socket is gone
                self.unsubscribe(s)


def _put(queue: asyncio.Queue[dict[str, Any]], message: dict[str, Any]) -> None:
    if queue.full():  # a page that stopped reading loses the oldest messages, not the server
        queue.get_nowait()
    queue.put_nowait(message)


def blank_frame(text: str, shape: tuple[int, int] = (360, 640)) -> np.ndarray:
    import cv2

    img = np.full((*shape, 3), 40, np.uint8)
    for i, line in enumerate(text.split("\n")):
        cv2.putText(img, line, (20, 40 + 30 * i), cv2.FONT_HERSHEY_SIMPLEX, 0.7,
                    (230, 230, 230), 2, cv2.LINE_AA)
    return img
