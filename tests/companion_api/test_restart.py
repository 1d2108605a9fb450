"""Kill the server with SIGKILL mid-game and start it again: every move is kept."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(db: Path, port: int) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "companion_api.cli", "serve", "--source", "none",
           "--detector", "none", "--db", str(db), "--port", str(port),
           "--names", "Anna", "Ben", "Cem"]
    return subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})


def wait_up(base: str, proc: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            err = proc.stderr.read().decode() if proc.stderr else ""
            raise AssertionError(f"server exited: {err}")
        try:
            if httpx.get(f"{base}/api/status", timeout=1.0).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.2)
    raise AssertionError("server did not come up")


def test_kill_9_and_restart_keeps_every_move(tmp_path: Path) -> None:
    db, port = tmp_path / "games.sqlite", free_port()
    base = f"http://127.0.0.1:{port}"
    moves = ["round starts: discard red-3", "hand:red-5", "seat 1: collect:blue-1",
             "seat 2: collect:pink-0", "hand:joker"]
    proc = start(db, port)
    try:
        wait_up(base, proc)
        game = httpx.get(f"{base}/api/games/live").json()
        assert game["names"] == ["Anna", "Ben", "Cem"]
        gid = game["id"]
        for text in moves:
            r = httpx.post(f"{base}/api/games/{gid}/observations", json={"text": text})
            assert r.status_code == 200, r.text
        httpx.post(f"{base}/api/games/{gid}/wish", json={"wish": "4"})
        before = httpx.get(f"{base}/api/games/{gid}").json()
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    proc = start(db, port)
    try:
        wait_up(base, proc)
        after = httpx.get(f"{base}/api/games/live").json()
        assert after["id"] == gid
        assert [o["text"] for o in after["observations"]] == [*moves, "wish 4"]
        assert after["observations"] == before["observations"]
        assert after["wish"] == "4" and after["to_move"] == before["to_move"] == 1
        assert after["seats"] == before["seats"]
        r = httpx.post(f"{base}/api/games/{gid}/observations", json={"text": "hand:red-4"})
        assert r.status_code == 200 and r.json()["events"][0]["legal"]
        assert len(httpx.get(f"{base}/api/games/{gid}").json()["observations"]) == 7
    finally:
        proc.terminate()
        proc.wait(10)
