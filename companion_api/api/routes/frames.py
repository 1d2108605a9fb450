"""Frames: the annotated live view (MJPEG, snapshot) and frame upload from a phone."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import numpy as np
from fastapi import APIRouter, HTTPException, Query, Request, status
from fastapi.responses import Response, StreamingResponse

from companion_api.deps import CompanionDep, GameDep, SettingsDep
from companion_api.schemas.games import EventsPublic

router = APIRouter(tags=["frames"])
BOUNDARY = "frame"
JPEG_SOI, JPEG_EOI, PNG_MAGIC = b"\xff\xd8", b"\xff\xd9", b"\x89PNG\r\n\x1a\n"


@router.get("/stream.mjpg", response_class=StreamingResponse,
            responses={200: {"content": {f"multipart/x-mixed-replace; boundary={BOUNDARY}": {}},
                             "description": "annotated frames as they are refereed"}})
async def stream(request: Request, companion: CompanionDep,
                 frames: int = Query(0, ge=0, description="stop after this many (0: never)")
                 ) -> StreamingResponse:
    """The live view: every refereed frame with zones, cards and flagged cards drawn."""

    async def parts() -> AsyncIterator[bytes]:
        seq, sent, last_check = -1, 0, time.monotonic()
        while not companion.closing.is_set():
            latest = companion.latest
            if latest.seq != seq and latest.jpeg:
                seq, jpeg = latest.seq, latest.jpeg
                yield (f"--{BOUNDARY}\r\nContent-Type: image/jpeg\r\nContent-Length: "
                       f"{len(jpeg)}\r\n\r\n").encode() + jpeg + b"\r\n"
                sent += 1
                if frames and sent >= frames:
                    return
            await asyncio.sleep(0.04)
            if time.monotonic() - last_check > 1.0:
                last_check = time.monotonic()
                if await request.is_disconnected():
                    return

    return StreamingResponse(parts(), media_type=f"multipart/x-mixed-replace; boundary={BOUNDARY}",
                             headers={"Cache-Control": "no-store"})


@router.get("/snapshot.jpg", response_class=Response,
            responses={200: {"content": {"image/jpeg": {}}}, 404: {"description": "no frame"}})
def snapshot(companion: CompanionDep) -> Response:
    """The latest annotated frame."""
    if not companion.latest.jpeg:
        raise HTTPException(status.HTTP_404_NOT_FOUND, "no frame yet")
    return Response(companion.latest.jpeg, media_type="image/jpeg",
                    headers={"Cache-Control": "no-store"})


async def read_limited(request: Request, limit: int) -> bytes:
    """The request body, refused with 413 as soon as it passes ``limit`` bytes."""
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > limit:
        raise HTTPException(status.HTTP_413_CONTENT_TOO_LARGE,
                            f"frame of {int(declared)} bytes is over the {limit}-byte limit")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise HTTPException(status.HTTP_413_CONTENT_TOO_LARGE,
                                f"frame is over the {limit}-byte limit")
    return bytes(body)


def decode_image(data: bytes) -> np.ndarray:
    """A BGR image from JPEG or PNG bytes; 400 with the reason otherwise."""
    import cv2

    if not data:
        raise HTTPException(status.HTTP_400_BAD_REQUEST, "empty body: send the JPEG bytes")
    if data.startswith(JPEG_SOI):
        if JPEG_EOI not in data[-64:]:
            raise HTTPException(status.HTTP_400_BAD_REQUEST,
                                "truncated JPEG: no end-of-image marker")
    elif not data.startswith(PNG_MAGIC):
        raise HTTPException(status.HTTP_415_UNSUPPORTED_MEDIA_TYPE,
                            "not a JPEG or PNG image (send image/jpeg bytes)")
    img = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if img is None or img.size == 0:
        raise HTTPException(status.HTTP_400_BAD_REQUEST, "corrupt image: cannot decode it")
    return img


@router.post("/games/{game_id}/frames", response_model=EventsPublic,
             openapi_extra={"requestBody": {"required": True, "content": {
                 "image/jpeg": {"schema": {"type": "string", "format": "binary"}},
                 "image/png": {"schema": {"type": "string", "format": "binary"}}}}})
async def upload_frame(request: Request, game: GameDep, companion: CompanionDep,
                       settings: SettingsDep,
                       t: float | None = Query(None, description="seconds (default: now)")
                       ) -> EventsPublic:
    """One camera frame from a phone (the raw JPEG as the body, at most 8 MB): detected,
    refereed and shown in the live view."""
    frame = decode_image(await read_limited(request, settings.max_upload_bytes))
    if companion.detector.detector is None:
        raise HTTPException(status.HTTP_503_SERVICE_UNAVAILABLE, companion.detector.message)
    stamp = time.monotonic() if t is None else t
    events = await asyncio.to_thread(companion.handle_frame, frame, stamp, game.id)
    return EventsPublic(events=events)
