"""What the tracker tells: a move decoded, a question, a misread taken back, a round
resumed, a stack recoloured."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.cards import Card, Colour
from engine.observations import Observation, Played
from engine.violations import Rule
from vision.table_view import VisibleState


class Phase(enum.Enum):
    WAITING = "waiting"  # for a round to start
    PLAYING = "playing"
    REVEAL = "reveal"  # the round is over: waiting for the hands laid face up


# the rules a wrong discard top may undo: what fits it decides them, or (whose turn it was)
# a card laid on it unseen - not a covered card played, a joker collected, a wrong stack
BY_TOP = frozenset({Rule.FORCED_PLAY, Rule.COLLECT_FITTING, Rule.DISCARD_NOT_FITTING,
                    Rule.WISH_UNSERVED, Rule.OUT_OF_TURN})


@dataclass(frozen=True)
class Decoded:
    """One observation the table showed, with the reading notes behind it."""

    observation: Observation
    timestamp: float
    state: VisibleState
    wish_needed: bool = False
    notes: tuple[str, ...] = ()
    read: float | None = None  # how surely the moved card was read (None: not read here)
    unsure: str | None = None  # why the table it is judged on may be wrong (alerts unsure)
    unsure_of: frozenset[Rule] | None = None  # the rules that doubt touches (None: all)
    # an earlier hand play of this card came from under this move's stack top (seat, colour)
    covered: tuple[int, Colour, Card] | None = None
    paired: bool = False  # one of two moves read from one change (an inference already)


@dataclass(frozen=True)
class Question:
    """A change the tracker will not guess: the players say what happened."""

    text: str
    candidates: tuple[Observation, ...]
    timestamp: float
    state: VisibleState
    before: VisibleState | None = None


@dataclass(frozen=True)
class Misread:
    """The table went back to how it was before the last question: that change was a
    misread, and the tracker takes back what it assumed when it asked - or before the last
    move (``taken_back``: that move, a hand play that was the old top misread)."""

    text: str
    timestamp: float
    state: VisibleState
    taken_back: Played | None = None


@dataclass(frozen=True)
class Resumed:
    """A card was played after the referee's count had ended the round: the count was
    wrong (a move missed or misread), and the tracker follows the round on."""

    text: str
    timestamp: float
    state: VisibleState


@dataclass(frozen=True)
class Recoloured:
    """A lone card starting a stack, read for seconds since as its kin colour's card
    (pink for red, red for pink) far more than as what it was taken for: it is that card,
    and its stack that colour's (the session corrects the collect, and the model unless
    ``taken``)."""

    seat: int
    was: Card
    now: Card
    timestamp: float
    frames: int
    why: str | None = None  # the reason, where it is not the frames' readings
    taken: bool = False  # the tracker's model takes it so already (read as the camera reads it)


TrackerEvent = Decoded | Question | Misread | Resumed | Recoloured
