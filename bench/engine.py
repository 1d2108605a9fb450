"""Engine speed: rounds per second on one core, against a baseline measured in the same run.

The baseline is the cost floor of any simulator of this game: shuffling the 64 cards
and moving each card of a round once, with no rules at all. The ratio says how many
of those rule-free rounds the engine's time buys; absolute numbers drift on these
machines, the ratio much less.

    .venv/bin/python bench/engine.py [--games 300]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

# This file is named like the package it measures: put the repository first on the path.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from engine.game import Game  # noqa: E402
from engine.policies import RandomPolicy  # noqa: E402
from engine.rules import Rules  # noqa: E402
from engine.simulation import play_game  # noqa: E402


def engine_rounds(games: int) -> tuple[int, int, float]:
    rounds = moves = 0
    start = time.perf_counter()
    for seed in range(games):
        game = play_game(
            Game(Rules(players=4), seed=seed), [RandomPolicy(seed * 10 + i) for i in range(4)]
        )
        rounds += len(game.rounds)
        moves += sum(len(r.moves) for r in game.rounds)
    return rounds, moves, time.perf_counter() - start


def baseline_rounds(rounds: int, moves: int) -> float:
    """Shuffle and deal, then move one random card per turn from a hand to a pile."""
    rng = random.Random(0)
    per_round = max(1, moves // rounds)
    start = time.perf_counter()
    for _ in range(rounds):
        deck = list(range(64))
        rng.shuffle(deck)
        hands = [deck[i * 5 : i * 5 + 5] for i in range(4)]
        pile = deck[20:]
        discard: list[int] = []
        for turn in range(per_round):
            hand = hands[turn % 4]
            discard.append(hand.pop(rng.randrange(len(hand))))
            hand.append(pile.pop() if pile else discard.pop(0))
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=300)
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})  # one core
    rounds, moves, t_engine = engine_rounds(args.games)
    t_base = baseline_rounds(rounds, moves)
    print(
        f"engine:   {rounds} rounds, {moves} moves in {t_engine:.2f} s "
        f"= {rounds / t_engine:.0f} rounds/s ({moves / t_engine:.0f} moves/s), 4 players, "
        "random policy, one core"
    )
    print(
        f"baseline: the same rounds without rules in {t_base:.3f} s "
        f"= {rounds / t_base:.0f} rounds/s"
    )
    print(f"ratio: the engine takes {t_engine / t_base:.1f}x the rule-free baseline")


if __name__ == "__main__":
    main()
