"""passt simulate: play many games with the engine's policies and print statistics."""

from __future__ import annotations

import argparse

HELP = "simulate games with the engine's policies and print statistics"


def add_rules_arguments(p: argparse.ArgumentParser) -> None:
    """The variant flags shared by every command that needs rules."""
    p.add_argument("--players", type=int, default=4, help="2-6 (default 4)")
    p.add_argument(
        "--wish",
        choices=["W1", "W2"],
        default="W1",
        help="joker wish: W1 forced-play only (default), W2 must serve",
    )
    p.add_argument(
        "--draw",
        choices=["D1", "D2"],
        default="D1",
        help="empty draw pile: D1 reshuffle (default), D2 round ends",
    )
    p.add_argument("--single-round", action="store_true", help="variant S1: one round")
    p.add_argument("--target", type=int, default=50, help="points that end the game")


def rules_from(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    from engine.rules import DrawVariant, Rules, ScoringVariant, WishVariant

    return Rules(
        players=args.players,
        wish=WishVariant(args.wish),
        draw=DrawVariant(args.draw),
        scoring=ScoringVariant.S1 if args.single_round else ScoringVariant.GAME,
        target=args.target,
    )


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--policies",
        default="random,greedy",
        help="comma list, seat by seat, repeated: random, greedy, cheater",
    )
    p.add_argument("--cheat-rate", type=float, default=0.1)
    add_rules_arguments(p)


def run(args: argparse.Namespace) -> int:
    from engine.statistics import simulate

    if args.games < 1:
        raise ValueError("--games must be at least 1")
    rules = rules_from(args)
    stats = simulate(rules, args.games, args.seed, args.policies.split(","), args.cheat_rate)
    print(f"rules: {args.players} players, {rules.variant_names}, target {rules.target}")
    print(stats.report())
    return 0
