"""The events of a game: a WebSocket for the page, and the stored log."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Query, WebSocket, WebSocketDisconnect, status

from companion_api.deps import CompanionDep, GameDep, get_companion, get_settings, token_ok
from companion_api.runtime import GameError
from companion_api.schemas.games import EventsPublic

router = APIRouter(tags=["events"])
ws_router = APIRouter(tags=["events"])  # checks the token itself (close code 1008)


@router.get("/games/{game_id}/events", response_model=EventsPublic)
def events(game: GameDep, companion: CompanionDep,
           since: int = Query(0, ge=0, description="only events after this id"),
           limit: int = Query(1000, ge=1, le=10_000)) -> EventsPublic:
    return EventsPublic(events=companion.store.events(game.id, since, limit))


async def _serve(ws: WebSocket, game_id: int | None) -> None:
    if not token_ok(ws, get_settings(ws)):
        await ws.close(code=status.WS_1008_POLICY_VIOLATION, reason="missing or wrong token")
        return
    companion = get_companion(ws)
    hub = companion.hub
    try:
        game = hub.get(game_id) if game_id is not None else hub.live
    except GameError as exc:
        await ws.close(code=status.WS_1008_POLICY_VIOLATION, reason=str(exc))
        return
    await ws.accept()
    sub = hub.subscribe(game_id)
    hello: dict[str, Any] = {"kind": "hello", "game": game.id if game else None,
                             "state": game.state() if game else None,
                             "recent": list(game.recent)[-30:] if game else [],
                             "status": companion.status()}
    async def read() -> None:  # the page only pings; this notices when it leaves
        try:
            while True:
                await ws.receive_text()
        except (WebSocketDisconnect, RuntimeError):
            pass

    reader = asyncio.create_task(read())
    try:
        await ws.send_json(hello)
        while not reader.done() and not companion.closing.is_set():
            try:
                message = await asyncio.wait_for(sub.queue.get(), 0.5)
            except TimeoutError:
                continue
            await ws.send_json(message)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        reader.cancel()
        hub.unsubscribe(sub)


@ws_router.websocket("/ws")
async def live_events(ws: WebSocket) -> None:
    """Events of whichever game the camera feeds: ``hello`` (state and recent events), then
    ``move``, ``verdict``, ``question``, ``wish-needed``, ``round-over``, ``scores``,
    ``status``, ``state`` (after each change) and ``game`` (another game went live)."""
    await _serve(ws, None)


@ws_router.websocket("/games/{game_id}/ws")
async def game_events(ws: WebSocket, game_id: int) -> None:
    await _serve(ws, game_id)
