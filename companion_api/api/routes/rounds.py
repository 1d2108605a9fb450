"""Round end and the hands revealed."""

from __future__ import annotations

from fastapi import APIRouter

from companion_api.deps import GameDep
from companion_api.schemas.corrections import RevealIn
from companion_api.schemas.games import EventsPublic

router = APIRouter(prefix="/games/{game_id}/round", tags=["rounds"])


@router.post("/over", response_model=EventsPublic)
def round_over(game: GameDep) -> EventsPublic:
    """The players end the round: the next settled table is read as the reveal."""
    return EventsPublic(events=game.round_over())


@router.post("/reveal", response_model=EventsPublic)
def reveal(body: RevealIn, game: GameDep) -> EventsPublic:
    """All hands are laid face up: read them from the table, or take the cards entered
    here (seats left out revealed nothing)."""
    return EventsPublic(events=game.reveal(body.reveals))
