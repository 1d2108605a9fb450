"""Games: create one (names, seat order, variants), list them, read the state, go live."""

from __future__ import annotations

from fastapi import APIRouter, status

from companion_api.deps import CompanionDep, GameDep
from companion_api.runtime import GameRuntime, rules_from_dict
from companion_api.schemas.games import (
    GameCreate,
    GamePublic,
    GameState,
    Scoreboard,
    Variants,
)

router = APIRouter(prefix="/games", tags=["games"])


def _public(game: GameRuntime, live_id: int | None) -> GamePublic:
    return GamePublic(id=game.id, names=game.names, players=game.rules.players,
                      variants=Variants(wish=game.rules.wish.value,
                                        draw=game.rules.draw.value,
                                        scoring=game.rules.scoring.value,
                                        target=game.rules.target),
                      source=game.source, created=game.created,
                      finished=game.session.referee.game_over, live=game.id == live_id)


@router.post("", status_code=status.HTTP_201_CREATED, response_model=GamePublic)
def create_game(body: GameCreate, companion: CompanionDep) -> GamePublic:
    """A new game; with ``live`` (default) the camera feeds it from now on."""
    rules = rules_from_dict({"players": len(body.names), **body.variants.model_dump()})
    game = companion.hub.create_game(body.names, rules, body.starter,
                                     source=companion.settings.source or "", live=body.live)
    return _public(game, companion.hub.live_id)


@router.get("", response_model=list[GamePublic])
def list_games(companion: CompanionDep) -> list[GamePublic]:
    return [_public(companion.hub.get(row.id), companion.hub.live_id)
            for row in companion.store.games()]


@router.get("/live", response_model=GameState)
def live_state(companion: CompanionDep) -> GameState:
    """The state of the game the camera feeds."""
    from companion_api.runtime import GameError

    live = companion.hub.live
    if live is None:
        raise GameError("no live game: create one", 404)
    return GameState(**live.state())


@router.get("/{game_id}", response_model=GameState)
def game_state(game: GameDep) -> GameState:
    """Whose turn, the discard top and wish, each seat's stacks and hand size, the scores,
    open questions and every observation with its verdict."""
    return GameState(**game.state())


@router.post("/{game_id}/live", response_model=GamePublic)
def make_live(game: GameDep, companion: CompanionDep) -> GamePublic:
    """Feed this game from the camera (e.g. to go on with an older game)."""
    companion.hub.set_live(game.id)
    return _public(game, companion.hub.live_id)


@router.get("/{game_id}/scores", response_model=Scoreboard)
def scoreboard(game: GameDep) -> Scoreboard:
    s = game.state()
    return Scoreboard(names=s["names"], round_scores=s["round_scores"], totals=s["totals"],
                      target=s["target"], winners=s["winners"], game_over=s["game_over"])
