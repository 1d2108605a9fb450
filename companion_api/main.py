"""Builds the companion app: the API under ``/api``, the page at ``/``.

Heavy things start in the lifespan: the store (and the replay of the last unfinished game),
the detector (in a background thread; missing weights become a status, not a crash) and the
camera's frame loop. Tests swap the detector with ``app.dependency_overrides[get_detector]``.

    uvicorn --factory companion_api.main:create_app
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from companion_api.api.main import api_router, ws_router
from companion_api.camera import DetectorSlot
from companion_api.companion import Companion
from companion_api.deps import detector_name, get_detector
from companion_api.runtime import GameError
from companion_api.settings import Settings
from companion_api.store import Store

STATIC = Path(__file__).resolve().parent / "static"
log = logging.getLogger(__name__)


def create_app(settings: Settings | None = None, *, load_in_background: bool = True
               ) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        companion = Companion(settings, Store(settings.db), DetectorSlot())
        app.state.companion = companion
        override = app.dependency_overrides.get(get_detector)

        def make() -> Any:
            return override() if override is not None else get_detector(settings)

        if load_in_background and override is None:
            companion.detector.load_in_background(make, detector_name(settings))
        else:
            companion.detector.load(make, "test detector" if override else
                                    detector_name(settings))
        companion.resume_or_create()
        companion.set_source(settings.source, loop_file=settings.loop_source)
        try:
            yield
        finally:
            companion.close()

    app = FastAPI(title="Passt N1cht companion",
                  description="Referees a table of Passt N1cht through a camera: moves, "
                  "verdicts with the rule explained (English and German), questions, "
                  "scores; corrections by the players; the game log in SQLite.",
                  version="0.1.0", lifespan=lifespan)
    app.state.settings = settings

    @app.exception_handler(GameError)
    async def game_error(_: Request, exc: GameError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=exc.status)

    @app.exception_handler(ValueError)
    async def value_error(_: Request, exc: ValueError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=422)

    app.include_router(api_router, prefix="/api")
    app.include_router(ws_router, prefix="/api")
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})

    return app
