"""Statistics over many simulated games (for ``passt simulate`` and the benchmark)."""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field

from engine.game import Game
from engine.policies import POLICIES, CheaterPolicy, Policy
from engine.rules import Rules
from engine.simulation import play_game


@dataclass
class SimulationStats:
    games: int = 0
    rounds: int = 0
    turns_per_round: list[int] = field(default_factory=list)
    round_scores: list[int] = field(default_factory=list)
    rounds_per_game: list[int] = field(default_factory=list)
    wins: Counter[str] = field(default_factory=Counter)
    seats: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds if self.seconds else 0.0

    def report(self) -> str:
        def line(name: str, xs: list[int]) -> str:
            if not xs:
                return f"{name}: -"
            return (
                f"{name}: mean {statistics.fmean(xs):.1f}, min {min(xs)}, "
                f"median {statistics.median(xs):.0f}, max {max(xs)}"
            )

        wins = ", ".join(
            f"{p} {self.wins[p] / self.seats[p]:.1%} of its seats" for p in sorted(self.seats)
        )
        return "\n".join(
            [
                f"games {self.games}, rounds {self.rounds}",
                line("turns per round", self.turns_per_round),
                line("round score per player", self.round_scores),
                line("rounds per game", self.rounds_per_game),
                f"wins per policy: {wins}",
                f"speed: {self.rounds_per_second:.0f} rounds/s ({self.seconds:.2f} s)",
            ]
        )


def make_policies(names: list[str], players: int, seed: int, cheat_rate: float) -> list[Policy]:
    rng = random.Random(seed)
    out: list[Policy] = []
    for seat in range(players):
        name = names[seat % len(names)]
        if name == "cheater":
            out.append(CheaterPolicy(rate=cheat_rate, seed=rng.randrange(2**32)))
        elif name in POLICIES:
            policy: Policy = POLICIES[name](rng.randrange(2**32))
            out.append(policy)
        else:
            raise ValueError(f"unknown policy {name!r} (random, greedy, cheater)")
    return out


def simulate(
    rules: Rules, games: int, seed: int, policy_names: list[str], cheat_rate: float = 0.1
) -> SimulationStats:
    stats = SimulationStats()
    start = time.perf_counter()
    for i in range(games):
        policies = make_policies(policy_names, rules.players, seed * 1_000_003 + i, cheat_rate)
        game = play_game(
            Game(rules, seed=seed * 1_000_003 + i, starter=i % rules.players), policies
        )
        stats.games += 1
        stats.rounds += len(game.rounds)
        stats.rounds_per_game.append(len(game.rounds))
        for rnd in game.rounds:
            stats.turns_per_round.append(len(rnd.moves))
            stats.round_scores.extend(rnd.scores)
        outcome = game.outcome()
        assert outcome is not None
        for seat, p in enumerate(policies):
            stats.seats[p.name] += 1
            if seat in outcome.winners:
                stats.wins[p.name] += 1
    stats.seconds = time.perf_counter() - start
    return stats
