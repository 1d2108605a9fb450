"""What the players say: a move entered by hand, undo, fix a card, the wish, an answer."""

from __future__ import annotations

from fastapi import APIRouter

from companion_api.deps import GameDep
from companion_api.schemas.corrections import AnswerIn, CorrectionIn, ObservationIn, WishIn
from companion_api.schemas.games import EventsPublic

router = APIRouter(prefix="/games/{game_id}", tags=["corrections"])


@router.post("/observations", response_model=EventsPublic)
def add_observation(body: ObservationIn, game: GameDep) -> EventsPublic:
    """Tell the referee something the camera missed (any observation, judged as usual)."""
    return EventsPublic(events=game.observe(body.text))


@router.post("/undo", response_model=EventsPublic)
def undo(game: GameDep) -> EventsPublic:
    """Take back the last observation (a misread the players noticed)."""
    return EventsPublic(events=game.undo())


@router.post("/corrections", response_model=EventsPublic)
def correct(body: CorrectionIn, game: GameDep) -> EventsPublic:
    """Replace observation ``index`` (e.g. a card read as red that was pink); everything
    after it is judged again."""
    return EventsPublic(events=game.correct(body.index, body.observation))


@router.post("/wish", response_model=EventsPublic)
def wish(body: WishIn, game: GameDep) -> EventsPublic:
    """The wish spoken with the joker on top."""
    return EventsPublic(events=game.speak_wish(body.wish))


@router.post("/questions/{question_id}/answer", response_model=EventsPublic)
def answer(question_id: int, body: AnswerIn, game: GameDep) -> EventsPublic:
    """The players' answer to a question about an unsure move."""
    return EventsPublic(events=game.answer(question_id, body.observation))
