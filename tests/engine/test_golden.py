"""Golden scenarios: the referee's verdicts on fixed observation sequences, pinned in JSON.

After an intended change of the referee, rewrite the file and review its diff:
    PASST_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/engine/test_golden.py
"""

import json
import os
from pathlib import Path

import pytest

from engine.game import Game
from engine.policies import CheaterPolicy, RandomPolicy
from engine.referee import Referee
from engine.rules import DrawVariant, Rules, ScoringVariant, WishVariant
from engine.simulation import game_observations, play_game

GOLDEN = Path(__file__).parent / "golden" / "referee_scenarios.json"

HAND_WRITTEN: dict[str, list[str]] = {
    "honest opening": [
        "round starts: discard red-3",
        "hand:red-1",
        "seat 1: collect:blue-2",
        "hand:blue-1",
    ],
    "every violation once": [
        "round starts: discard red-3",
        "seat 0: collect:red-4",  # collect-fitting
        "hand:pink-2",  # discard-not-fitting (seat 1)
        "seat 2: collect:joker>green",  # collect-joker
        "seat 0: collect:blue-3",  # legal: the top is pink-2
        "seat 1: collect:yellow-1>blue",  # wrong-stack
        "seat 0: collect:green-5",  # out-of-turn
        "hand:pink-5",  # seat 1
        "seat 2: collect:pink-0",  # collect-fitting, and its joker stack fits: forced-play
        "hand:pink-1",  # seat 0
        "seat 1: collect:blue-4",  # forced-play: yellow-1 on seat 1 fits pink-1
        "hand:pink-3",  # seat 2
        "seat 0: stack:red-4",  # the top of its red stack, but red-4 does not fit pink-3
    ],
    "joker and wishes": [
        "round starts: discard green-2",
        "hand:joker",
        "wish 4",
        "hand:blue-4",
        "hand:joker=pink",
        "seat 0: collect:blue-1",
        "hand:yellow-1",
        "wish blue",
    ],
    "anomalies": [
        "hand:red-1",
        "round starts: discard red-3",
        "hand:red-3",
        "hand:red-3",
        "seat 1: stack:green-2",
        "seat 9: collect:blue-1",
        "round over: seat 0 reveals [joker]",
        "round over",
    ],
}


def simulated(seed: int, players: int, rules: Rules) -> list[str]:
    policies = [
        CheaterPolicy(rate=0.3, seed=seed + s) if s == 1 else RandomPolicy(seed + s)
        for s in range(players)
    ]
    game = play_game(Game(rules, seed=seed), policies)
    return [str(o) for o in game_observations(game)]


def scenarios() -> dict[str, tuple[Rules, list[str]]]:
    out = {name: (Rules(players=3), obs) for name, obs in HAND_WRITTEN.items()}
    out["cheater game, 4 players, W1/D1/game"] = (Rules(players=4), simulated(11, 4, Rules(4)))
    r2 = Rules(3, WishVariant.W2, DrawVariant.D2, ScoringVariant.S1)
    out["cheater game, 3 players, W2/D2/S1"] = (r2, simulated(12, 3, r2))
    return out


def verdict_lines(rules: Rules, observations: list[str]) -> list[dict[str, object]]:
    ref = Referee(rules)
    return [ref.observe_text(o).to_dict() for o in observations]


def test_golden_scenarios() -> None:
    current = {
        name: {
            "rules": rules.variant_names,
            "players": rules.players,
            "verdicts": verdict_lines(rules, obs),
        }
        for name, (rules, obs) in scenarios().items()
    }
    if os.environ.get("PASST_UPDATE_GOLDEN"):
        GOLDEN.write_text(json.dumps(current, indent=1, ensure_ascii=False) + "\n")
        pytest.skip("golden file rewritten")
    pinned = json.loads(GOLDEN.read_text())
    assert pinned.keys() == current.keys()
    for name in pinned:
        for i, (want, got) in enumerate(
            zip(pinned[name]["verdicts"], current[name]["verdicts"], strict=True)
        ):
            assert got == want, f"{name}, observation {i}: {want['observation']}"


def test_golden_file_has_every_rule() -> None:
    pinned = json.loads(GOLDEN.read_text())
    seen = {v["rule"] for s in pinned.values() for vd in s["verdicts"] for v in vd["violations"]}
    assert seen >= {
        "forced-play",
        "collect-fitting",
        "collect-joker",
        "discard-not-fitting",
        "wrong-stack",
        "covered-card",
        "out-of-turn",
    }
