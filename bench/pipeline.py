"""The whole table pipeline on rendered games it has never seen: speed and accuracy.

Renders (once, cached under data/bench_games/) games of 4 players with 5 % cheating from
seeds never used in development, runs each video through detector -> table view ->
tracker -> referee as the live companion would (every frame of a 10 fps video; the wish
of a joker is entered from the truth, as the players would say it, and "round over" is
pressed when the hands are laid down unless the referee saw the end), and scores moves,
violations and round scores against the truth. Speed is a ratio against a baseline from
the same run: only decoding the same frames.

    .venv/bin/python bench/pipeline.py [--games 10] [--first-seed 9001] [--answer]
        [--detector truth] [--finder F] [--faces F] [--replay]

``--replay`` keeps each game's detections (under data/bench_games/, named by the weights'
contents) and reads them back on the next run: the tracker's figures in a minute instead
of the detector's ten, for work on the tracker. Speed is measured only in a run that
detected every game itself.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)

import cv2  # noqa: E402

from companion_api.camera import closer_look, detect  # noqa: E402
from engine.observations import Played, parse_observation  # noqa: E402
from engine.rules import Rules  # noqa: E402
from vision.detector import (  # noqa: E402
    CLOSE_CONF,
    load_detector,
    one_box_settings,
    shifts_arg,
)
from vision.game_check import GameScore, move_key, score_game  # noqa: E402
from vision.ink import with_inks  # noqa: E402
from vision.session import Session  # noqa: E402
from vision.tracker import Tracker  # noqa: E402

GAMES = Path(__file__).resolve().parent.parent / "data" / "bench_games"


def render(seed: int, rounds: int, players: int) -> tuple[Path, Path]:
    from vision.render.game_video import GameVideoSpec, render_game

    video, truth = GAMES / f"game_{seed}.mp4", GAMES / f"game_{seed}.json"
    if not (video.exists() and truth.exists()):
        GAMES.mkdir(parents=True, exist_ok=True)
        spec = GameVideoSpec(players=players, seed=seed, cheat_rate=0.05, rounds=rounds, fps=10)
        render_game(spec, video, truth, progress=False)
    return video, truth


class Replay:
    """Detections of one game, read back from an earlier run of the same weights, or
    recorded now and written at the end."""

    def __init__(self, detector: object, path: Path) -> None:
        self.detector, self.path = detector, path
        self.frames: list[object] = pickle.loads(path.read_bytes()) if path.exists() else []
        self.recording, self.i = not self.frames, 0
        # closer looks (a reveal short of cards), by frame: kept beside, made when missing
        self.closer_path = path.with_suffix(f".closer-{round(CLOSE_CONF * 1000)}")  # its thresholds
        self.closer: dict[int, object] = (pickle.loads(self.closer_path.read_bytes())
                                          if self.closer_path.exists() else {})
        self.closer_new = False

    def detect_at(self, frame: object, t: float) -> object:
        if self.recording:
            self.frames.append(detect(self.detector, frame, t))  # type: ignore[arg-type]
        self.i += 1
        # detections kept from before the detector measured inks: measured here alike
        return with_inks(frame, self.frames[self.i - 1])  # type: ignore[arg-type]

    def look_closer_at(self, frame: object, t: float) -> object:
        at = self.i - 1  # the frame detect_at gave last
        if at not in self.closer:
            self.closer[at] = self.detector.look_closer(frame)  # type: ignore[attr-defined]
            self.closer_new = True
        return self.closer[at]

    def save(self) -> None:
        if self.recording:
            self.path.write_bytes(pickle.dumps(self.frames))
        if self.closer_new:
            self.closer_path.write_bytes(pickle.dumps(self.closer))


def weights_key(*paths: Path, settings: str = "") -> str:
    h = hashlib.sha1()
    for p in paths:
        h.update(p.read_bytes())
    h.update(settings.encode())
    return h.hexdigest()[:10]


def settings_key(detector: object) -> str:
    """The detector's settings that change its detections beyond its weights (empty for
    the settings the earlier caches were made with, so they stay valid)."""
    same = getattr(detector, "same_card_iou", None), getattr(detector, "same_face_iou", None)
    key = "" if same == (None, None) else f"same_card_iou={same[0]},same_face_iou={same[1]}"
    shifts = getattr(getattr(detector, "finder", None), "shifts", ((0, 0),))
    return key if tuple(shifts) == ((0, 0),) else f"{key},finder_shifts={tuple(shifts)}"


def decode_only(video: Path) -> tuple[int, float]:
    cap = cv2.VideoCapture(str(video))
    n, t0 = 0, time.perf_counter()
    while cap.read()[0]:
        n += 1
    return n, time.perf_counter() - t0


class Players:
    """Answer the companion's questions as the players would: with the move that really
    happened, when it is among the candidates and not yet recognized."""

    def __init__(self, truth: dict) -> None:
        fps = truth["video"]["fps"]
        self.moves = [(m["release"] / fps, move_key(m["observation"])) for m in truth["moves"]]
        self.moves += [(r["start_frame"] / fps, f"round starts: discard {r['first_discard']}")
                       for r in truth["rounds"]]
        self.seats = truth["seats"]
        self.by_seat = [(m["release"] / fps, move_key(m["observation"]), m["seat"])
                        for m in truth["moves"]]
        self.recognized: Counter[str] = Counter()
        self.jokers = [(m["release"] / fps, m["wish"]) for m in truth["moves"]
                       if m["card"] == "joker" and m["destination"] == "discard"]

    def wish(self, t: float) -> str | None:
        """The wish spoken with the joker laid last before ``t`` (none was spoken with a
        joker played from a collection, against the rules)."""
        laid = [(rt, w) for rt, w in self.jokers if rt <= t]
        if not laid:
            return None
        self.jokers.remove(laid[-1])
        return laid[-1][1]

    def saw(self, event: dict) -> None:
        if event["kind"] == "verdict" and not event.get("rejudged") and not event.get(
                "released"):
            self.recognized[move_key(event["observation"])] += 1

    def answer(self, question: dict, t: float) -> str | None:
        missing = Counter(k for rt, k in self.moves if rt <= t) - self.recognized
        if any(c.startswith("round starts") for c in question["candidates"]):
            # the players know the card they turned up, among the guesses or not
            return next((k for k in missing if k.startswith("round starts")), None)
        named = next((c for c in question["candidates"] if missing[move_key(c)] > 0), None)
        if named is not None or not self.holds(question):
            return named
        # not a twin, but another move of the seat that was to move went unseen: they say it
        held = parse_observation(question["holds"])
        assert isinstance(held, Played) and held.seat is not None
        seat = (held.seat - 1) % self.seats
        return next((k for rt, k, s in reversed(self.by_seat)
                     if rt <= t and s == seat and missing[k] > 0), None)

    @staticmethod
    def holds(question: dict) -> bool:
        """A question that holds the alerts of a move seen out of turn."""
        return "holds" in question

    def dismisses(self, question: dict, t: float) -> bool:
        """A question that holds a move's alerts, when the seat before made no unseen move:
        the players dismiss it (and the alerts are told)."""
        return self.holds(question) and self.answer(question, t) is None


def referee_video(video: Path, truth: dict, detector: object, answer: bool = False,
                  tracker: dict | None = None, look: float | None = 0.2, sure: float = 0.4
                  ) -> tuple[list[dict], int, float]:
    fps = truth["video"]["fps"]
    players = Players(truth)
    # the players press "round over" when they lay their hands down (unless the referee
    # already saw the round end)
    reveals = {r["reveal"]["start"] for r in truth["rounds"] if r.get("reveal")}
    ended = False
    rules = Rules(players=truth["seats"])
    session = Session(detector, rules, tracker=Tracker(rules.players, **(tracker or {})),  # type: ignore[arg-type]
                      look_close=look, sure_read=sure)
    cap = cv2.VideoCapture(str(video))
    events: list[dict] = []
    frames, busy = 0, 0.0
    while True:
        ok, frame = cap.read()
        if not ok:
            break
        t = frames / fps
        t0 = time.perf_counter()
        out = session.process_detections(detect(detector, frame, t), t, frame.shape,
                                         closer_look(detector, frame, t))
        busy += time.perf_counter() - t0
        for ev in out:
            events.append(ev.to_dict())
            players.saw(events[-1])
            told = players.answer(events[-1], t) if answer and ev.kind == "question" else None
            if told is not None or (answer and ev.kind == "question"
                                    and players.dismisses(events[-1], t)):
                for e in session.answer(ev.payload["id"], told, t):
                    events.append(e.to_dict())
                    players.saw(events[-1])
            wish = players.wish(t) if ev.kind == "wish-needed" else None
            if wish is not None:
                events.extend(e.to_dict() for e in session.speak_wish(wish, t))
            ended = ended or (ev.kind == "status" and "round over" in ev.payload["message"])
            if ev.kind == "status" and ev.payload.get("round_goes_on"):
                ended = False  # the companion follows the round on: the players end it
            if ev.kind == "round-over":
                ended = False
        if frames in reveals and not ended:
            events.extend(e.to_dict() for e in session.mark_round_over(t))
            ended = True
        frames += 1
    # the players press "hands are down" if the reveal is still being waited for at the end
    events.extend(e.to_dict() for e in session.finish_reveal(frames / fps))
    return events, frames, busy


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--first-seed", type=int, default=9001)
    ap.add_argument("--json", default=None, help="write the figures here too")
    ap.add_argument("--unsure", type=float, default=1.2,
                    help="seconds a change no move explains must last before a question")
    ap.add_argument("--close", type=float, default=0.5,
                    help="a reading that breaks a rule gives way to one this close (ratio)")
    ap.add_argument("--look", type=float, default=0.2,
                    help="second look at a violation's cards: how close another reading must "
                    "be (0: off)")
    ap.add_argument("--sure", type=float, default=0.4,
                    help="a violation resting on a card read below this is told as unsure "
                    "(0: only a lost turn order or a bent reading make it unsure)")
    ap.add_argument("--answer", action="store_true",
                    help="the players answer the companion's questions (from the truth)")
    ap.add_argument("--detector", choices=["shipped", "truth"], default="shipped",
                    help="truth: perfect cards from the rendered truth (tracker errors only)")
    ap.add_argument("--finder", default=None,
                    help="other card finder weights (.onnx or .pt)")
    ap.add_argument("--faces", default=None, help="other face classifier weights (.pt)")
    ap.add_argument("--corners", default=None,
                    help="other corner refiner weights (.pt), or 'none'")
    ap.add_argument("--same-card-iou", default=None,
                    help="two refined boxes overlapping this much are one card (default: the "
                    "detector's own; 'none': keep every box)")
    ap.add_argument("--same-face-iou", default=None,
                    help="the same, for two boxes reading the same face")
    ap.add_argument("--finder-shifts", default=None,
                    help="moves of the frame the finder looks at, like '0,0;6,6'; 'none': one")
    ap.add_argument("--replay", action="store_true",
                    help="keep and reuse each game's detections (tracker work; no speed)")
    args = ap.parse_args()
    import torch

    torch.set_num_threads(2)
    same = one_box_settings(args.same_card_iou, args.same_face_iou)
    detector = (load_detector(finder=args.finder, faces=args.faces, corners=args.corners, **same,
                              **shifts_arg(args.finder_shifts))
                if args.detector == "shipped" else None)
    if args.replay:
        from vision.detector import DEFAULT_CORNERS, DEFAULT_FACES, DEFAULT_FINDER

        refiner = getattr(detector, "corners", None)  # none: its file stays out of the key
        key = weights_key(Path(args.finder or DEFAULT_FINDER), Path(args.faces or DEFAULT_FACES),
                          *([Path(args.corners or DEFAULT_CORNERS)] if refiner else []),
                          settings=settings_key(detector))
    total = GameScore()
    frames = 0
    busy = decode_s = 0.0
    replayed = False
    for seed in range(args.first_seed, args.first_seed + args.games):
        video, truth_path = render(seed, args.rounds, args.players)
        truth = json.loads(truth_path.read_text())
        n, dt = decode_only(video)
        if args.detector == "truth":
            from companion_api.demo import TruthDetector

            detector = TruthDetector(truth_path)
        source = detector
        if args.replay and args.detector == "shipped":
            source = Replay(detector, GAMES / f"game_{seed}.{key}.detections")
        events, done, spent = referee_video(video, truth, source, args.answer,
                                            {"unsure_s": args.unsure, "close": args.close},
                                            args.look or None, args.sure)
        if isinstance(source, Replay):
            replayed = replayed or not source.recording
            source.save()
        score = score_game(truth, events)
        total.add(score)
        frames += done
        busy += spent
        decode_s += dt
        f = score.figures()
        print(f"game {seed}: {score.exact}/{score.truth_moves} moves exact, "
              f"{score.phantom} phantom, {score.questions} questions, "
              f"violations tp {score.tp} fp {score.fp} fn {score.fn}, "
              f"rounds right {score.rounds_right}/{score.rounds}  ({done / spent:.1f} fps)",
              flush=True)
        del f
    figs = total.figures()
    per_frame = busy / frames
    lat = sorted(total.latencies)
    p95 = lat[int(0.95 * (len(lat) - 1))] if lat else float("nan")
    print(f"\n{args.games} games, {total.truth_moves} moves, {frames} frames")
    for k, v in figs.items():
        print(f"{k:22s} {v:.4f}")
    print("false alerts: " + ", ".join(f"{k} {n}" for k, n in total.false_alerts.most_common()))
    print("not told as alerts (held for an answer, unsure), by whether the truth has them: "
          + (", ".join(f"{k} {n}" for k, n in sorted(total.withheld.items())) or "none"))
    if lat:
        late = sum(x > 1.0 for x in lat)
        print(f"verdicts over 1 s after the card is let go (video time): {late} of {len(lat)}")
    if replayed:
        if lat:
            print(f"verdict latency after the card is let go (video time only): median "
                  f"{statistics.median(lat):.2f} s, p95 {p95:.2f} s")
        print("(detections read back from an earlier run: no speed figures)")
        return
    print(f"processing: {1 / per_frame:.1f} frames/s ({per_frame * 1000:.0f} ms/frame); "
          f"baseline decode only: {frames / decode_s:.0f} frames/s; "
          f"ratio {per_frame / (decode_s / frames):.0f}x the decode time")
    print(f"at 30 FPS the companion looks at every {max(1, round(30 * per_frame + 0.5))}. frame")
    if lat:
        print(f"verdict latency after the card is let go (video time + processing): median "
              f"{statistics.median(lat) + per_frame:.2f} s, p95 {p95 + per_frame:.2f} s")
    if args.json:
        Path(args.json).write_text(json.dumps({**figs, "frames_per_s": 1 / per_frame,
                                               "latency_median_s": statistics.median(lat)
                                               + per_frame if lat else None}, indent=1))


if __name__ == "__main__":
    main()
