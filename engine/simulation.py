"""Whole games played by policies, and the public observations a camera would make of them."""

from __future__ import annotations

from collections.abc import Sequence

from engine.game import Game, MoveRecord, RoundRecord
from engine.moves import Source
from engine.observations import Observation, Played, RoundOver, RoundStarted
from engine.policies import Policy

MAX_MOVES_PER_ROUND = 10_000  # a safety net: a round never comes close


def play_round(game: Game, policies: Sequence[Policy]) -> RoundRecord:
    """Play the current round to its end; cheaters may interject out of turn."""
    n = game.rules.players
    for _ in range(MAX_MOVES_PER_ROUND):
        if game.round_end is not None:
            return game.round
        acted = False
        for seat in range(n):
            if seat != game.to_move:
                move = policies[seat].interject(game, seat)
                if move is not None:
                    game.push(move, seat)
                    acted = True
                    break
        if not acted:
            game.push(policies[game.to_move].choose(game))
    raise RuntimeError("a round did not end")  # pragma: no cover - guarded by tests


def play_game(game: Game, policies: Sequence[Policy]) -> Game:
    if len(policies) != game.rules.players:
        raise ValueError(f"{game.rules.players} players need as many policies")
    while True:
        play_round(game, policies)
        if game.is_game_over():
            return game
        game.next_round()


def observation_of(record: MoveRecord) -> Played:
    """What the camera sees of a move: a hand play only at the discard pile (no seat)."""
    seat = None if record.move.source is Source.HAND else record.seat
    return Played(seat, record.move)


def round_observations(rnd: RoundRecord) -> list[Observation]:
    out: list[Observation] = [RoundStarted(rnd.first_discard, rnd.starter)]
    out.extend(observation_of(m) for m in rnd.moves)
    if rnd.end is not None:
        out.append(RoundOver({s: tuple(h) for s, h in enumerate(rnd.hands_at_end)}))
    return out


def game_observations(game: Game) -> list[Observation]:
    return [o for rnd in game.rounds for o in round_observations(rnd)]
