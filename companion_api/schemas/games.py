"""Games: creating one, and the state the page shows."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, field_validator


class Variants(BaseModel):
    """The rule variants of RULES.md (defaults: W1, D1, a game to 50)."""

    wish: Literal["W1", "W2"] = "W1"
    draw: Literal["D1", "D2"] = "D1"
    scoring: Literal["game", "S1"] = "game"
    target: Annotated[int, Field(ge=1, le=1000, description="points that end the game")] = 50


class GameCreate(BaseModel):
    names: list[str] = Field(..., min_length=2, max_length=6,
                             description="player names in seat order, clockwise from seat 0",
                             examples=[["Anna", "Ben", "Cem", "Dora"]])
    starter: int = Field(0, ge=0, le=5, description="the seat that plays first")
    variants: Variants = Variants()
    live: bool = Field(True, description="feed this game from the camera")

    @field_validator("names")
    @classmethod
    def _names(cls, names: list[str]) -> list[str]:
        clean = [" ".join(n.split())[:30] for n in names]
        if not all(clean):
            raise ValueError("every seat needs a name")
        return clean


class GamePublic(BaseModel):
    id: int
    names: list[str]
    players: int
    variants: Variants
    source: str
    created: float
    finished: bool
    live: bool


class SeatState(BaseModel):
    seat: int
    name: str
    stacks: dict[str, list[str]] = Field(description="colour -> cards, bottom to top")
    loose: list[str]
    hand_size: int | None
    total: int


class QuestionPublic(BaseModel):
    id: int
    text: str
    candidates: list[str]


class ObservationPublic(BaseModel):
    index: int
    text: str
    seat: int | None
    legal: bool
    rules: list[str]
    anomalies: list[str]


class GameState(BaseModel):
    """Everything the table shows now, as the referee sees it."""

    id: int
    names: list[str]
    players: int
    variants: Variants
    source: str
    round: int | None
    round_finished: bool | None
    to_move: int | None
    to_move_name: str | None
    discard_top: str | None
    discard: list[str]
    wish: str | None
    wish_needed: bool
    draw_count: int | None
    expected_end: str | None
    seats: list[SeatState]
    totals: list[int]
    round_scores: list[list[int]]
    target: int
    winners: list[int] | None
    game_over: bool
    phase: str
    resyncing: bool
    calibration: str | None
    questions: list[QuestionPublic]
    observations: list[ObservationPublic]


class Scoreboard(BaseModel):
    names: list[str]
    round_scores: list[list[int]]
    totals: list[int]
    target: int
    winners: list[int] | None
    game_over: bool


class EventsPublic(BaseModel):
    """What a call made happen: moves, verdicts (with the rule in English and German),
    questions, scores; the same messages the WebSocket sends."""

    events: list[dict[str, Any]]
