"""The game log in SQLite: every game, every observation and correction the referee was given
(in order), and every event shown (moves, verdicts, questions, scores).

The referee's state is never stored: it is rebuilt by replaying a game's operations
(``observe``, ``undo``, ``correct``) into a fresh :class:`engine.referee.Referee`, so a server
killed mid-game resumes with nothing lost. Each write is its own committed transaction.

>>> s = Store(":memory:")
>>> g = s.create_game(["Ann", "Ben"], {"players": 2}, starter=0, source="test")
>>> _ = s.add_op(g, "observe", "round starts: discard red-3")
>>> [op.text for op in s.ops(g)]
['round starts: discard red-3']
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

OpKind = Literal["observe", "undo", "correct", "insert"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created REAL NOT NULL,
    names TEXT NOT NULL,          -- JSON list, seat order (clockwise from seat 0)
    rules TEXT NOT NULL,          -- JSON: players, wish, draw, scoring, target
    starter INTEGER NOT NULL DEFAULT 0,
    source TEXT NOT NULL DEFAULT '',
    calibration TEXT,             -- JSON zones (vision.calibration.zones_to_dict) or NULL
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS ops (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL REFERENCES games(id),
    kind TEXT NOT NULL,           -- observe | undo | correct | insert
    text TEXT,                    -- the observation's text form (engine.observations)
    idx INTEGER,                  -- correct: which observation was replaced
    origin TEXT NOT NULL,         -- camera | player | upload
    t REAL NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL REFERENCES games(id),
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,        -- JSON (vision.session.Event.to_dict)
    created REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS ops_game ON ops(game_id, id);
CREATE INDEX IF NOT EXISTS events_game ON events(game_id, id);
"""


@dataclass(frozen=True)
class GameRow:
    id: int
    created: float
    names: list[str]
    rules: dict[str, Any]
    starter: int
    source: str
    calibration: dict[str, Any] | None
    finished: bool


@dataclass(frozen=True)
class Op:
    id: int
    kind: OpKind
    text: str | None
    idx: int | None
    origin: str
    t: float
    created: float


class Store:
    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()  # the frame thread and the request threads share it
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _write(self, sql: str, args: tuple[Any, ...]) -> int:
        with self._lock:
            cur = self._db.execute(sql, args)
            return int(cur.lastrowid or 0)

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            return list(self._db.execute(sql, args).fetchall())

    # -- games -----------------------------------------------------------------------------
    def create_game(self, names: list[str], rules: dict[str, Any], starter: int = 0,
                    source: str = "") -> int:
        return self._write(
            "INSERT INTO games (created, names, rules, starter, source) VALUES (?, ?, ?, ?, ?)",
            (time.time(), json.dumps(names), json.dumps(rules), starter, source))

    def game(self, game_id: int) -> GameRow | None:
        rows = self._read("SELECT * FROM games WHERE id = ?", (game_id,))
        return _game(rows[0]) if rows else None

    def games(self) -> list[GameRow]:
        return [_game(r) for r in self._read("SELECT * FROM games ORDER BY id")]

    def latest_unfinished(self) -> GameRow | None:
        rows = self._read("SELECT * FROM games WHERE finished = 0 ORDER BY id DESC LIMIT 1")
        return _game(rows[0]) if rows else None

    def set_finished(self, game_id: int, finished: bool = True) -> None:
        self._write("UPDATE games SET finished = ? WHERE id = ?", (int(finished), game_id))

    def set_calibration(self, game_id: int, zones: dict[str, Any] | None) -> None:
        self._write("UPDATE games SET calibration = ? WHERE id = ?",
                    (None if zones is None else json.dumps(zones), game_id))

    # -- the referee's input ---------------------------------------------------------------
    def add_op(self, game_id: int, kind: OpKind, text: str | None = None,
               idx: int | None = None, origin: str = "player", t: float = 0.0) -> int:
        return self._write(
            "INSERT INTO ops (game_id, kind, text, idx, origin, t, created) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)", (game_id, kind, text, idx, origin, t, time.time()))

    def ops(self, game_id: int) -> list[Op]:
        rows = self._read("SELECT id, kind, text, idx, origin, t, created FROM ops "
                          "WHERE game_id = ? ORDER BY id", (game_id,))
        return [Op(*r) for r in rows]

    # -- what was shown --------------------------------------------------------------------
    def add_event(self, game_id: int, event: dict[str, Any]) -> int:
        return self._write("INSERT INTO events (game_id, kind, payload, created) "
                           "VALUES (?, ?, ?, ?)",
                           (game_id, str(event.get("kind", "")), json.dumps(event), time.time()))

    def events(self, game_id: int, since: int = 0, limit: int = 10_000) -> list[dict[str, Any]]:
        rows = self._read("SELECT id, payload FROM events WHERE game_id = ? AND id > ? "
                          "ORDER BY id LIMIT ?", (game_id, since, limit))
        return [{"id": i, **json.loads(p)} for i, p in rows]


def _game(r: tuple[Any, ...]) -> GameRow:
    return GameRow(r[0], r[1], json.loads(r[2]), json.loads(r[3]), r[4], r[5],
                   json.loads(r[6]) if r[6] else None, bool(r[7]))
