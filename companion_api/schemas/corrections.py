"""What the players tell the referee: a move by hand, a fix, the wish, an answer."""

from __future__ import annotations

from pydantic import BaseModel, Field


class ObservationIn(BaseModel):
    text: str = Field(..., max_length=500, description="an observation in the engine's text "
                      "form", examples=["seat 1: collect:red-5", "hand:joker=yellow",
                                        "round starts: discard red-3"])


class CorrectionIn(BaseModel):
    index: int = Field(..., description="which observation (0 = the first) to replace")
    observation: str = Field(..., max_length=500, examples=["hand:pink-3"])


class WishIn(BaseModel):
    wish: str = Field(..., max_length=20, description="a colour or a value 0-5",
                      examples=["yellow", "3"])


class AnswerIn(BaseModel):
    observation: str | None = Field(None, max_length=500,
                                    description="what happened; null: nothing to tell")


class RevealIn(BaseModel):
    reveals: dict[int, list[str]] | None = Field(
        None, description="seat -> the hand cards laid face up; null: read them from the table",
        examples=[{"0": ["red-2", "joker"], "1": []}])
