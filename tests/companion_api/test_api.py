"""The companion API through TestClient: games, frames, corrections, events, safety."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from companion_api.deps import get_detector
from companion_api.main import create_app
from companion_api.settings import Settings
from tests.companion_api.fakes import ScriptedDetector, game_script, jpeg
from tests.vision.test_session import HELD_SCRIPT

JPEG = {"content-type": "image/jpeg"}


def observe(client: TestClient, game: int, text: str) -> list[dict[str, Any]]:
    r = client.post(f"/api/games/{game}/observations", json={"text": text})
    assert r.status_code == 200, r.text
    events: list[dict[str, Any]] = r.json()["events"]
    return events


def verdict(events: list[dict[str, Any]]) -> dict[str, Any]:
    return next(e for e in events if e["kind"] == "verdict")


def test_create_game_and_read_its_state(client: TestClient, game: int) -> None:
    s = client.get(f"/api/games/{game}").json()
    assert s["names"] == ["Anna", "Ben", "Cem"] and s["players"] == 3
    assert s["round"] is None and s["variants"]["wish"] == "W1"
    assert client.get("/api/games/live").json()["id"] == game
    assert any(g["id"] == game and g["live"] for g in client.get("/api/games").json())
    r = client.post("/api/games", json={"names": ["A", "B"], "starter": 1,
                                        "variants": {"draw": "D2", "scoring": "S1"},
                                        "live": False})
    assert r.status_code == 201 and r.json()["variants"]["draw"] == "D2"
    assert client.get("/api/games/live").json()["id"] == game  # still the live one


def test_bad_game_requests_are_4xx(client: TestClient, game: int) -> None:
    assert client.post("/api/games", json={"names": ["solo"]}).status_code == 422
    assert client.post("/api/games", json={"names": ["A", ""]}).status_code == 422
    assert client.post("/api/games", json={"names": ["A", "B"], "starter": 3}).status_code == 422
    assert client.post("/api/games", json={"names": ["A", "B"],
                                           "variants": {"wish": "W9"}}).status_code == 422
    r = client.get("/api/games/999")
    assert r.status_code == 404 and r.json()["detail"] == "no game 999"
    assert client.post("/api/games/999/frames", content=jpeg(),
                       headers=JPEG).status_code == 404
    assert client.post("/api/games/999/undo").status_code == 404


def test_uploaded_frames_are_refereed_and_flag_out_of_turn(client: TestClient, game: int,
                                                           detector: ScriptedDetector) -> None:
    kinds: list[dict[str, Any]] = []
    for i in range(len(game_script())):
        r = client.post(f"/api/games/{game}/frames?t={i * 0.2}", content=jpeg(), headers=JPEG)
        assert r.status_code == 200, r.text
        kinds += r.json()["events"]
    assert [e["observation"] for e in kinds if e["kind"] == "move"] == [
        "hand:red-5", "seat 0: collect:blue-1"]
    flagged = [e for e in kinds if e["kind"] == "verdict" and e["violations"]]
    assert flagged[0]["violations"][0]["rule"] == "out-of-turn"
    assert "nicht an der Reihe" in flagged[0]["violations"][0]["de"]
    s = client.get(f"/api/games/{game}").json()
    assert s["discard_top"] == "red-5" and s["seats"][0]["stacks"] == {"blue": ["blue-1"]}
    assert s["seats"][0]["hand_size"] == 4
    snap = client.get("/api/snapshot.jpg")
    assert snap.status_code == 200 and snap.content[:2] == b"\xff\xd8"


def test_bad_frames_are_refused_clearly(client: TestClient, game: int,
                                        settings: Settings) -> None:
    url = f"/api/games/{game}/frames"
    good = jpeg((48, 64))
    r = client.post(url, content=good[: len(good) // 2], headers=JPEG)
    assert r.status_code == 400 and "truncated JPEG" in r.json()["detail"]
    corrupt = b"\xff\xd8\xff\xe0" + bytes(range(256)) * 8 + b"\xff\xd9"
    r = client.post(url, content=corrupt, headers=JPEG)
    assert r.status_code == 400 and "corrupt" in r.json()["detail"]
    r = client.post(url, content=b"GIF89a....", headers={"content-type": "image/gif"})
    assert r.status_code == 415
    assert client.post(url, content=b"", headers=JPEG).status_code == 400
    huge = b"\xff\xd8" + b"\0" * (settings.max_upload_bytes + 10)
    r = client.post(url, content=huge, headers=JPEG)
    assert r.status_code == 413 and "limit" in r.json()["detail"]

    def chunks() -> Any:  # no content-length: the limit is enforced while reading
        for _ in range(settings.max_upload_bytes // (1 << 20) + 2):
            yield b"\0" * (1 << 20)

    assert client.post(url, content=chunks(), headers=JPEG).status_code == 413


def test_corrections_undo_and_illegal_corrections(client: TestClient, game: int) -> None:
    observe(client, game, "round starts: discard red-3")
    v = verdict(observe(client, game, "seat 0: collect:red-4"))
    assert v["violations"][0]["rule"] == "collect-fitting" and v["seat"] == 0
    r = client.post(f"/api/games/{game}/corrections",
                    json={"index": 1, "observation": "seat 0: collect:blue-4"})
    assert r.status_code == 200 and verdict(r.json()["events"])["legal"]
    s = client.get(f"/api/games/{game}").json()
    assert [o["text"] for o in s["observations"]] == ["round starts: discard red-3",
                                                      "seat 0: collect:blue-4"]
    bad = client.post(f"/api/games/{game}/corrections", json={"index": 7, "observation":
                                                              "hand:red-1"})
    assert bad.status_code == 422 and "no observation number 7" in bad.json()["detail"]
    bad = client.post(f"/api/games/{game}/corrections", json={"index": 0, "observation":
                                                              "hand:purple-9"})
    assert bad.status_code == 422 and "cannot read" in bad.json()["detail"]
    assert client.post(f"/api/games/{game}/observations",
                       json={"text": "dance:red-1"}).status_code == 422
    assert client.post(f"/api/games/{game}/wish", json={"wish": "purple"}).status_code == 422
    assert client.post(f"/api/games/{game}/questions/5/answer",
                       json={"observation": None}).status_code == 404
    assert client.post(f"/api/games/{game}/undo").status_code == 200
    assert client.post(f"/api/games/{game}/undo").status_code == 200
    r = client.post(f"/api/games/{game}/undo")
    assert r.status_code == 409 and "nothing to undo" in r.json()["detail"]


def test_joker_wish_round_end_reveal_and_scoreboard(client: TestClient, game: int) -> None:
    observe(client, game, "round starts: discard red-3")
    observe(client, game, "hand:joker")
    assert client.get(f"/api/games/{game}").json()["wish_needed"]
    r = client.post(f"/api/games/{game}/wish", json={"wish": "yellow"})
    assert verdict(r.json()["events"])["legal"]
    s = client.get(f"/api/games/{game}").json()
    assert s["wish"] == "yellow" and not s["wish_needed"] and s["to_move"] == 1
    observe(client, game, "seat 1: collect:blue-2")
    assert client.post(f"/api/games/{game}/round/reveal", json={}).status_code == 409
    assert client.post(f"/api/games/{game}/round/over").status_code == 200
    r = client.post(f"/api/games/{game}/round/reveal",
                    json={"reveals": {"0": ["green-1", "red-2", "joker", "blue-0"],
                                      "9": ["red-1"]}})
    assert r.status_code == 422 and "no seat 9" in r.json()["detail"]
    r = client.post(f"/api/games/{game}/round/reveal", json={"reveals": {
        "0": ["green-1", "red-2", "blue-5", "blue-0"],
        "1": ["pink-1", "pink-2", "pink-3", "pink-4", "pink-5"],
        "2": ["green-2", "green-3", "green-4", "green-5", "yellow-0"]}})
    kinds = [e["kind"] for e in r.json()["events"]]
    assert "round-over" in kinds and "scores" in kinds
    board = client.get(f"/api/games/{game}/scores").json()
    assert board["round_scores"] == [[-8, 2 - 15, -14]] and board["totals"] == [-8, -13, -14]


def test_websocket_sends_hello_then_events_and_state(client: TestClient, game: int) -> None:
    with client.websocket_connect("/api/ws") as ws:
        hello = ws.receive_json()
        assert hello["kind"] == "hello" and hello["game"] == game
        assert hello["state"]["names"] == ["Anna", "Ben", "Cem"]
        observe(client, game, "round starts: discard red-3")
        observe(client, game, "seat 2: collect:blue-1")
        got = [ws.receive_json() for _ in range(4)]
    kinds = [m["kind"] for m in got]
    assert kinds == ["verdict", "state", "verdict", "state"]
    assert got[2]["violations"][0]["rule"] == "out-of-turn"
    assert got[3]["state"]["seats"][2]["stacks"] == {"blue": ["blue-1"]}
    with client.websocket_connect(f"/api/games/{game}/ws") as ws:
        assert ws.receive_json()["game"] == game


def test_unknown_game_websocket_is_closed(client: TestClient) -> None:
    from starlette.websockets import WebSocketDisconnect

    try:
        with client.websocket_connect("/api/games/404/ws") as ws:
            ws.receive_json()
    except WebSocketDisconnect as exc:
        assert exc.code == 1008
    else:
        raise AssertionError("the socket should have been closed")


def test_mjpeg_stream_and_exports(client: TestClient, game: int) -> None:
    r = client.get("/api/stream.mjpg?frames=1")
    assert r.headers["content-type"].startswith("multipart/x-mixed-replace")
    assert b"--frame\r\nContent-Type: image/jpeg" in r.content and b"\xff\xd8" in r.content
    observe(client, game, "round starts: discard red-3")
    observe(client, game, "seat 1: collect:red-4")
    log = client.get(f"/api/games/{game}/export.json").json()
    assert [o["observation"] for o in log["ops"]] == ["round starts: discard red-3",
                                                      "seat 1: collect:red-4"]
    assert log["verdicts"][1]["violations"] and log["events"]
    rows = list(csv.DictReader(io.StringIO(client.get(f"/api/games/{game}/export.csv").text)))
    assert rows[1]["player"] == "Ben" and rows[1]["legal"] == "False"
    assert "out-of-turn" in rows[1]["violations"]


def test_calibration_and_marker_sheet(client: TestClient, game: int) -> None:
    from tests.vision.table_fakes import calibration
    from vision.calibration import zones_to_dict

    png = client.get("/api/markers.png?seats=3")
    assert png.status_code == 200 and png.content[:4] == b"\x89PNG"
    assert client.get("/api/markers.png?seats=9").status_code == 422
    r = client.put("/api/calibration", json={"mode": "zones",
                                             "zones": zones_to_dict(calibration(3))})
    assert r.status_code == 200 and r.json()["method"] == "zones"
    r = client.put("/api/calibration", json={"mode": "zones", "zones": {"discard": [[0, 0]]}})
    assert r.status_code == 422 and "seats" in r.json()["detail"]
    assert client.put("/api/calibration", json={"mode": "sectors"}).json()["method"] is None
    r = client.put("/api/source", json={"spec": "/no/such/video.mp4"})
    assert r.status_code == 422 and "no video" in r.json()["detail"]
    assert client.get("/openapi.json").json()["info"]["title"] == "Passt N1cht companion"


def test_token_is_required_off_loopback(tmp_path: Path) -> None:
    from starlette.websockets import WebSocketDisconnect

    settings = Settings(host="0.0.0.0", db=tmp_path / "g.sqlite").with_token()
    assert settings.token
    app = create_app(settings)
    app.dependency_overrides[get_detector] = lambda: ScriptedDetector()
    with TestClient(app) as c:
        assert c.get("/api/status").status_code == 401
        assert c.get("/api/status", headers={"X-Token": "wrong"}).status_code == 401
        assert c.get("/api/status", headers={"X-Token": settings.token}).status_code == 200
        assert c.get(f"/api/status?token={settings.token}").status_code == 200
        auth = {"Authorization": f"Bearer {settings.token}"}
        assert c.get("/api/games", headers=auth).status_code == 200
        assert c.get("/").status_code == 200  # the page itself holds no secrets
        try:
            with c.websocket_connect("/api/ws") as ws:
                ws.receive_json()
        except WebSocketDisconnect as exc:
            assert exc.code == 1008
        with c.websocket_connect(f"/api/ws?token={settings.token}") as ws:
            assert ws.receive_json()["kind"] == "hello"
    assert Settings(host="127.0.0.1").with_token().token is None


def _server(settings: Settings) -> Any:
    """A fresh app on the same database (a restarted server)."""
    a = create_app(settings)
    a.dependency_overrides[get_detector] = lambda: ScriptedDetector()
    return a


def test_a_new_server_replays_the_log(settings: Settings) -> None:
    with TestClient(_server(settings)) as c:
        game = c.post("/api/games", json={"names": ["A", "B", "C"]}).json()["id"]
        for text in ("round starts: discard red-3", "hand:red-5", "seat 1: collect:blue-1",
                     "seat 2: collect:pink-5"):
            observe(c, game, text)
        c.post(f"/api/games/{game}/corrections", json={"index": 3,
                                                      "observation": "seat 2: collect:pink-4"})
        c.post(f"/api/games/{game}/undo")
        before = c.get(f"/api/games/{game}").json()
    with TestClient(_server(settings)) as c:
        after = c.get("/api/games/live").json()
    assert after["id"] == game
    assert after["observations"] == before["observations"]
    assert after["seats"] == before["seats"] and after["to_move"] == before["to_move"] == 2


def test_a_move_told_later_is_replayed_in_its_place(settings: Settings) -> None:
    """An answer that goes in before an earlier-seen move (a twin laid unseen) is logged as an
    insert, so a new server rebuilds the same game."""
    from engine.observations import parse_observation

    with TestClient(_server(settings)) as c:
        game = c.post("/api/games", json={"names": ["A", "B", "C"]}).json()["id"]
        for text in ("round starts: discard red-3", "hand:red-5", "seat 0: collect:blue-1"):
            observe(c, game, text)
        runtime = c.app.state.companion.hub.get(game)  # type: ignore[attr-defined]
        session = runtime.session
        events = runtime._logged(lambda: session._insert(
            parse_observation("hand:red-5"), session.referee.observations[-1], 0.0), "player", 0)
        assert [e.get("before") for e in events if e["kind"] == "verdict"][0] == \
            "seat 0: collect:blue-1"
        before = c.get(f"/api/games/{game}").json()
    with TestClient(_server(settings)) as c:
        after = c.get("/api/games/live").json()
    assert after["observations"] == before["observations"]
    assert [o["text"] for o in after["observations"]][-3:] == [
        "hand:red-5", "hand:red-5", "seat 0: collect:blue-1"]


def test_the_export_lists_alerts_held_for_an_answer_as_to_check(
        client: TestClient, game: int, detector: ScriptedDetector) -> None:
    # seat 1 collects while seat 0 is to move, after a hand hid the discard and seat 0's
    # stack: held until the players answer (see tests/vision/test_session.py)
    detector.script = [d for n, d in HELD_SCRIPT for _ in range(n)]
    for i in range(len(detector.script)):
        r = client.post(f"/api/games/{game}/frames?t={i * 0.2}", content=jpeg(), headers=JPEG)
        assert r.status_code == 200, r.text
    rows = list(csv.DictReader(io.StringIO(client.get(f"/api/games/{game}/export.csv").text)))
    held = rows[-1]
    assert held["observation"] == "seat 1: collect:green-4" and held["violations"] == ""
    assert held["to check"].startswith("out-of-turn (held)") and held["legal"] == "True"
    log = client.get(f"/api/games/{game}/export.json").json()
    assert log["verdicts"][-1]["held"][0]["rule"] == "out-of-turn"
