"""What a camera (and the players) can tell the referee, one event at a time.

Each observation has a compact text form that round-trips:

>>> parse_observation("seat 2: hand:pink-3")
Played(seat=2, move=Move.parse('hand:pink-3'))
>>> str(parse_observation("hand:pink-3"))  # a hand play belongs to whose turn it is
'hand:pink-3'
>>> str(parse_observation("round over: seat 1 reveals [red-2, joker]"))
'round over: seat 1 reveals [red-2, joker]'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.cards import Card, Colour, parse_cards
from engine.moves import Move
from engine.wish import Wish


@dataclass(frozen=True)
class RoundStarted:
    """The first discard is turned up; ``starter`` is the seat to play first (None: the referee's
    own idea: seat 0 in round 1, later who played the last card)."""

    discard: Card
    starter: int | None = None

    def __str__(self) -> str:
        text = f"round starts: discard {self.discard}"
        return text if self.starter is None else f"{text}, seat {self.starter} starts"


@dataclass(frozen=True)
class Played:
    """A card moved: onto the discard pile or into a collection. ``seat`` is None for a
    hand play seen only at the discard pile (it belongs to whose turn it is)."""

    seat: int | None
    move: Move

    def __str__(self) -> str:
        return str(self.move) if self.seat is None else f"seat {self.seat}: {self.move}"


@dataclass(frozen=True)
class WishSpoken:
    """The players entered the wish of the joker on top."""

    wish: Wish

    def __str__(self) -> str:
        return f"wish {self.wish}"


@dataclass(frozen=True)
class RoundOver:
    """The round ended; the hand cards each seat laid face up (a missing seat: none)."""

    reveals: dict[int, tuple[Card, ...]] = field(default_factory=dict)

    def __str__(self) -> str:
        parts = [
            f"seat {s} reveals [{', '.join(map(str, cards))}]"
            for s, cards in sorted(self.reveals.items())
        ]
        return "round over" + (": " + "; ".join(parts) if parts else "")


@dataclass(frozen=True)
class TableSeen:
    """The camera saw a change it could not explain (moves it missed): the table as it now
    shows - the discard top, each seat's stack tops by colour. Whose turn it is is unknown
    until a move by a named seat, which is then not judged out of turn."""

    discard: Card | None = None
    stacks: tuple[tuple[int, Colour, Card], ...] = ()  # (seat, stack colour, top)

    def __str__(self) -> str:
        parts = [f"discard {self.discard}"] if self.discard is not None else []
        for seat in sorted({s for s, _, _ in self.stacks}):
            tops = " ".join(f"{c.value}:{card}" for s, c, card in self.stacks if s == seat)
            parts.append(f"seat {seat} {tops}")
        return "table seen" + (": " + "; ".join(parts) if parts else "")


Observation = RoundStarted | Played | WishSpoken | RoundOver | TableSeen

_SEAT = re.compile(r"^seat (\d+)\s*:\s*(.+)$")
_REVEAL = re.compile(r"^seat (\d+) reveals (\[.*\])$")
_SEAT_TOPS = re.compile(r"^seat (\d+) (.+)$")
_START = re.compile(r"^round starts: discard (\S+)(?:, seat (\d+) starts)?$")


def parse_observation(text: str) -> Observation:
    """Read the text form of any observation; raises ``ValueError`` with the reason."""
    t = " ".join(text.strip().lower().split())
    if m := _START.match(t):
        return RoundStarted(Card.parse(m[1]), int(m[2]) if m[2] else None)
    if t.startswith("wish "):
        return WishSpoken(Wish.parse(t[5:]))
    if t.startswith("table seen"):
        return _table_seen(t[len("table seen"):].lstrip(": ").strip())
    if t.startswith("round over"):
        body = t[len("round over") :].lstrip(": ").strip()
        reveals: dict[int, tuple[Card, ...]] = {}
        for part in filter(None, (p.strip() for p in body.split(";"))):
            m = _REVEAL.match(part)
            if not m:
                raise ValueError(f"cannot read reveal {part!r}: write 'seat 1 reveals [red-2]'")
            reveals[int(m[1])] = tuple(parse_cards(m[2]))
        return RoundOver(reveals)
    if m := _SEAT.match(t):
        return Played(int(m[1]), Move.parse(m[2]))
    return Played(None, Move.parse(t))


def _table_seen(body: str) -> TableSeen:
    discard: Card | None = None
    stacks: list[tuple[int, Colour, Card]] = []
    for part in filter(None, (p.strip() for p in body.split(";"))):
        if part.startswith("discard "):
            discard = Card.parse(part[len("discard "):])
        elif m := _SEAT_TOPS.match(part):
            for top in m[2].split():
                colour, _, card = top.partition(":")
                try:
                    stacks.append((int(m[1]), Colour(colour), Card.parse(card)))
                except ValueError:
                    raise ValueError(
                        f"cannot read stack top {top!r}: write 'blue:blue-4'") from None
        else:
            raise ValueError(f"cannot read {part!r}: write 'discard red-2' or 'seat 1 red:red-4'")
    return TableSeen(discard, tuple(stacks))
