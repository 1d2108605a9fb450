"""The camera: its source, the server status, the calibration and the marker sheet."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Query, status
from fastapi.responses import Response

from companion_api.deps import CompanionDep
from companion_api.runtime import GameError
from companion_api.schemas.camera import (
    CalibrationIn,
    CalibrationPublic,
    SourceIn,
    SourcePublic,
    Status,
)

router = APIRouter(tags=["camera"])


@router.get("/status", response_model=Status)
def server_status(companion: CompanionDep) -> Status:
    """Is the detector loaded (or why not), is the camera delivering, which game is live."""
    return Status(**companion.status())


@router.get("/source", response_model=SourcePublic)
def get_source(companion: CompanionDep) -> SourcePublic:
    return SourcePublic(**companion.status()["source"])


@router.put("/source", response_model=SourcePublic)
def set_source(body: SourceIn, companion: CompanionDep) -> SourcePublic:
    """Choose the camera: a webcam index, a video file, a stream URL, a folder; null: none."""
    from pathlib import Path

    spec = body.spec.strip() if body.spec else None
    if spec and not (spec.isdigit() or "://" in spec or Path(spec).exists()):
        raise HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT,
                            f"no video, folder or camera {spec!r}")
    companion.set_source(spec, loop_file=body.loop)
    return SourcePublic(**companion.status()["source"])


@router.get("/calibration", response_model=CalibrationPublic)
def get_calibration(companion: CompanionDep) -> CalibrationPublic:
    from vision.calibration import zones_to_dict

    live = companion.hub.live
    cal = live.session.calibration if live else None
    return CalibrationPublic(method=cal.method if cal else None,
                             zones=zones_to_dict(cal) if cal else None)


@router.put("/calibration", response_model=CalibrationPublic)
def set_calibration(body: CalibrationIn, companion: CompanionDep) -> CalibrationPublic:
    """Set up the seats of the live game: sectors around the discard pile (estimated from the
    next cards), the printed markers in the current frame, or polygons drawn by hand."""
    from vision.calibration import from_markers, zones_from_dict
    from vision.markers import detect_markers

    live = companion.hub.live
    if live is None:
        raise GameError("no live game: create one", 404)
    cal = None
    if body.mode == "zones":
        cal = zones_from_dict(body.zones)  # ValueError -> 422 with the fault
        if cal.players != live.rules.players:
            raise GameError(f"zones for {cal.players} seats, the game has "
                            f"{live.rules.players}")
    elif body.mode == "markers":
        frame = companion.latest.raw
        if frame is None:
            raise GameError("no camera frame to find the markers in", 409)
        cal = from_markers(detect_markers(frame), live.rules.players)
    live.set_calibration(cal)
    return get_calibration(companion)


@router.get("/markers.png", response_class=Response,
            responses={200: {"content": {"image/png": {}}}})
def marker_sheet(seats: int = Query(4, ge=2, le=6), corners: bool = True) -> Response:
    """A printable sheet of the seat (and corner) markers."""
    import cv2

    from vision.markers import marker_sheet as sheet

    ok, png = cv2.imencode(".png", sheet(seats=seats, corners=corners))
    return Response(png.tobytes(), media_type="image/png", headers={
        "Content-Disposition": f'inline; filename="passt-markers-{seats}.png"'})
