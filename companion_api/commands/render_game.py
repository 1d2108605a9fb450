"""``passt render-game``: play a game with the engine's policies and film it as an MP4 video."""

from __future__ import annotations

import argparse

HELP = "play a game with the engine's policies and render it as a video with ground truth"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=4, help="seats at the table (2-6)")
    parser.add_argument("--seed", type=int, default=0,
                        help="game, table, camera and card-design seed")
    parser.add_argument("--out", required=True, help="output video (.mp4)")
    parser.add_argument("--truth", default=None,
                        help="ground-truth JSON (default: the video path with .json)")
    parser.add_argument("--cheat-rate", type=float, default=0.0,
                        help="seat 1 cheats with this probability per move (0: honest table)")
    parser.add_argument("--rounds", type=int, default=None,
                        help="stop after this many rounds (default: the whole game)")
    parser.add_argument("--fps", type=int, default=15)
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=720)
    parser.add_argument("--design-seed", type=int, default=None,
                        help="card design (default 1000000 + seed: a test-range print)")
    parser.add_argument("--noise", type=float, default=1.5,
                        help="sensor noise sigma in grey levels (bigger files)")
    parser.add_argument("--occlusion-rate", type=float, default=0.12,
                        help="chance of an arm passing over the table after a move")
    parser.add_argument("--deck", default=None, help="deck YAML (default passt_n1cht.yaml)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    import sys
    import time
    from pathlib import Path

    from vision.render.game_video import GameVideoSpec, VideoWriterError, render_game

    spec = GameVideoSpec(players=args.players, seed=args.seed, cheat_rate=args.cheat_rate,
                         rounds=args.rounds, fps=args.fps, width=args.width, height=args.height,
                         design_seed=args.design_seed, noise=args.noise,
                         occlusion_rate=args.occlusion_rate, deck_path=args.deck)
    truth_path = args.truth or str(Path(args.out).with_suffix(".json"))
    t0 = time.perf_counter()
    try:
        truth = render_game(spec, args.out, truth_path, progress=not args.no_progress)
    except VideoWriterError as exc:
        print(f"passt render-game: error: {exc}", file=sys.stderr)
        return 2
    dt = time.perf_counter() - t0
    v = truth["video"]
    alerts = sum(1 for m in truth["moves"] if not m["verdict"]["legal"])
    print(f"wrote {args.out} ({v['frames']} frames, {v['seconds']:.1f} s at {v['fps']} fps, "
          f"{len(truth['moves'])} moves in {len(truth['rounds'])} rounds, {alerts} illegal) "
          f"and {truth_path} in {dt:.1f} s ({v['frames'] / dt:.1f} frames/s)")
    return 0
