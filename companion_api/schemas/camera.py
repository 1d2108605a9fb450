"""The camera: its source and the calibration of seats and zones."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field


class SourceIn(BaseModel):
    spec: str | None = Field(..., max_length=1000, description="0 (webcam), a video file, "
                             "rtsp://... or http://..., a folder of images; null: no camera",
                             examples=["0", "datasets/demo/demo_game.mp4"])
    loop: bool = Field(False, description="start a file over at its end")


class SourcePublic(BaseModel):
    spec: str | None
    state: str
    message: str
    frames_read: int = 0
    frames_processed: int = 0
    fps: float = 0.0
    loops: int = 0


class CalibrationIn(BaseModel):
    mode: Literal["sectors", "markers", "zones"] = Field(
        ..., description="sectors: estimated from the cards; markers: find the printed "
        "markers in the current frame; zones: the polygons given")
    zones: dict[str, Any] | None = Field(None, description='{"discard": [[x, y], ...], '
                                         '"seats": [[[x, y], ...], ...]} in image pixels')


class CalibrationPublic(BaseModel):
    method: str | None
    zones: dict[str, Any] | None


class Status(BaseModel):
    detector: dict[str, str]
    source: SourcePublic
    live_game: int | None
    token_required: bool
