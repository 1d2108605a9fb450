"""Dependencies as ``Annotated`` aliases; tests swap the heavy ones with
``app.dependency_overrides`` (``get_detector``: a fake detector, no model)."""

from __future__ import annotations

import hmac
from typing import Annotated, Any

from fastapi import Depends, HTTPException, status
from starlette.requests import HTTPConnection

from companion_api.companion import Companion
from companion_api.runtime import GameRuntime
from companion_api.settings import DEMO_TRUTH, DEMO_VIDEO, Settings


def get_settings(conn: HTTPConnection) -> Settings:
    settings: Settings = conn.app.state.settings
    return settings


SettingsDep = Annotated[Settings, Depends(get_settings)]


def get_companion(conn: HTTPConnection) -> Companion:
    companion: Companion = conn.app.state.companion
    return companion


CompanionDep = Annotated[Companion, Depends(get_companion)]


def get_detector(settings: Settings) -> Any:
    """The card detector the settings ask for (called once, in the lifespan, in a thread).

    ``model``: the trained weights (``models/`` or ``--model/--faces``); ``truth:PATH``: the
    demo's recorded truth; ``auto``: the model, or the demo's truth when there is no model
    and the source is the bundled demo video; ``none``: no detector (manual entry only).
    """
    from pathlib import Path

    from vision.detector import DEFAULT_FACES, DEFAULT_FINDER

    choice = settings.detector
    if choice == "auto":
        have_model = Path(settings.model or DEFAULT_FINDER).exists() and Path(
            settings.faces or DEFAULT_FACES).exists()
        demo = settings.source is not None and Path(settings.source).resolve() == DEMO_VIDEO
        choice = "model" if have_model or not demo else f"truth:{DEMO_TRUTH}"
    if choice == "none":
        raise LookupError("detector switched off (--detector none)")
    if choice.startswith("truth:"):
        from companion_api.demo import TruthDetector

        return TruthDetector(choice.removeprefix("truth:"))
    from vision.detector import load_detector

    return load_detector(settings.model, settings.faces, corners=settings.corners)


def detector_name(settings: Settings) -> str:
    return "card detector" if settings.detector in ("auto", "model") else settings.detector


def require_token(conn: HTTPConnection, settings: SettingsDep) -> None:
    """With a token set, every API call carries it: ``X-Token``, ``Authorization: Bearer``
    or ``?token=`` (the page and the MJPEG ``<img>`` use the query)."""
    if not token_ok(conn, settings):
        raise HTTPException(status.HTTP_401_UNAUTHORIZED,
                            "missing or wrong token: send X-Token, Authorization: Bearer "
                            "or ?token=")


def token_ok(conn: HTTPConnection, settings: Settings) -> bool:
    if settings.token is None:
        return True
    auth = conn.headers.get("authorization", "")
    given = (conn.headers.get("x-token") or (auth[7:] if auth.lower().startswith("bearer ")
                                             else None) or conn.query_params.get("token") or "")
    return hmac.compare_digest(given.encode(), settings.token.encode())


def get_game(game_id: int, companion: CompanionDep) -> GameRuntime:
    return companion.hub.get(game_id)  # GameError(404) when unknown


GameDep = Annotated[GameRuntime, Depends(get_game)]

__all__ = ["DEMO_VIDEO", "CompanionDep", "GameDep", "SettingsDep", "get_detector"]
