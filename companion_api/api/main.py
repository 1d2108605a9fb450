"""All API routers under ``/api``; every HTTP route checks the token (when one is set)."""

from fastapi import APIRouter, Depends

from companion_api.api.routes import camera, corrections, events, export, frames, games, rounds
from companion_api.deps import require_token

api_router = APIRouter(dependencies=[Depends(require_token)])
for module in (games, corrections, rounds, frames, events, export, camera):
    api_router.include_router(module.router)

ws_router = events.ws_router
