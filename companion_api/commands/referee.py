"""``passt referee``: referee a recorded game offline and write a report (JSON, optional HTML).

The report lists every event of :class:`vision.session.Session` with its time in the video:
moves, verdicts, questions, wish requests, round ends and scores. The HTML page is one
self-contained file; it shows an annotated frame of every flagged move.
"""

from __future__ import annotations

import argparse
import base64
import html
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

HELP = "referee a recorded game: moves, verdicts, questions and scores as a JSON/HTML report"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("video", help="video file or folder of images")
    parser.add_argument("--calibration", default=None,
                        help="zones file (JSON/YAML), or 'markers' to find the printed "
                             "markers in the first frames; default: seats as sectors")
    parser.add_argument("--players", type=int, default=4, help="number of players (2-6)")
    parser.add_argument("--model", default=None,
                        help="card finder model (default: the shipped one in models/)")
    parser.add_argument("--faces", default=None,
                        help="card face classifier (default: the shipped one in models/)")
    parser.add_argument("--corners", default=None,
                        help="corner refiner (default: the shipped one in models/; 'none': "
                             "read the finder's boxes as found)")
    parser.add_argument("--fps", type=float, default=10.0, help="frames per second to read")
    parser.add_argument("--out", required=True, help="report JSON file")
    parser.add_argument("--html", default=None, help="also an HTML report with flagged frames")


def referee_frames(frames: Iterable[tuple[Any, float]], session: Any,
                   keep_flagged: bool = True) -> dict[str, Any]:
    """Run ``session`` over ``frames``; the report dict (and, under ``"_images"``, annotated
    JPEGs of flagged moves keyed by event index, when ``keep_flagged``)."""
    import cv2

    from vision.annotate import annotate

    events: list[dict[str, Any]] = []
    images: dict[int, bytes] = {}
    n, last = 0, 0.0
    for frame, t in frames:
        n, last = n + 1, t
        for ev in session.process(frame, t):
            events.append(ev.to_dict())
            flagged = ev.kind == "verdict" and (ev.payload["violations"]
                                                or ev.payload["anomalies"]
                                                or _to_check(ev.payload))
            if flagged and keep_flagged:
                ok, jpg = cv2.imencode(".jpg", annotate(frame, session.last),
                                       [cv2.IMWRITE_JPEG_QUALITY, 80])
                if ok:
                    images[len(events) - 1] = jpg.tobytes()
    events += [ev.to_dict() for ev in session.recording_ended(last)]
    moves, flagged = _standing(events)
    ref = session.referee
    report: dict[str, Any] = {
        "frames": n,
        "players": session.rules.players,
        "variants": session.rules.variant_names,
        "events": events,
        "moves": [events[i] for i in moves],
        "flagged": [events[i] for i in flagged],
        # moves the companion found to be misreads soon after (their alerts go with them)
        "taken_back": [e for e in events if e["kind"] == "status" and "takes_back" in e],
        # alerts held for a question, or judged on a table read unsurely: for a person to check
        "to_check": [e for e in events if e["kind"] == "verdict" and _to_check(e)],
        "questions": [e for e in events if e["kind"] == "question"],
        "round_scores": ref.round_scores,
        "totals": ref.totals,
        "winners": list(ref.winners) if ref.winners is not None else None,
    }
    report["_images"] = images
    return report


def _standing(events: list[dict[str, Any]]) -> tuple[list[int], list[int]]:
    """The indices of the move events, and of the flagged verdicts, that stand: a move
    taken back later (a ``takes_back`` status) goes, with its verdict."""
    moves: list[int] = []
    flagged: list[int] = []
    for i, e in enumerate(events):
        if e["kind"] == "move":
            moves.append(i)
        elif e["kind"] == "verdict" and (e["violations"] or e["anomalies"]):
            flagged.append(i)
        elif e["kind"] == "status" and "takes_back" in e:
            for kept in (moves, flagged):
                j = next((j for j in reversed(kept)
                          if events[j]["observation"] == e["takes_back"]), None)
                if j is not None:
                    kept.remove(j)
    return moves, flagged


def _to_check(verdict: dict[str, Any]) -> bool:
    return bool(verdict.get("held") or verdict.get("unsure"))


def html_report(report: dict[str, Any], title: str) -> str:
    esc = html.escape
    images: dict[int, bytes] = report.get("_images", {})
    rows = []
    for i, e in enumerate(report["events"]):
        if e["kind"] == "status" and "takes_back" not in e:
            continue
        what = e.get("observation") or e.get("text") or e.get("message") or ""
        detail = ""
        if e["kind"] == "verdict":
            bits = [f"<b>{esc(v['rule'])}</b> (seat {v['seat']}): {esc(v['en'])}"
                    for v in e["violations"]]
            bits += [f"<b>{esc(v['rule'])}?</b> (seat {v['seat']}, {kind}): {esc(v['en'])}"
                     for kind in ("held", "unsure") for v in e.get(kind, [])]
            bits += [f"<i>{esc(a['kind'])}</i>: {esc(a['message'])} ({esc(a['likely'])})"
                     for a in e["anomalies"]]
            bits += [esc(n) for n in e["notes"] + e.get("reading_notes", [])]
            detail = "<br>".join(bits)
        elif e["kind"] == "question":
            detail = "candidates: " + esc(", ".join(e["candidates"]) or "none")
        elif e["kind"] == "scores":
            detail = f"scores {e['scores']}, totals {e['totals']}"
        img = ""
        if i in images:
            b64 = base64.b64encode(images[i]).decode()
            img = f'<br><img src="data:image/jpeg;base64,{b64}" width="640">'
        cls = "flag" if i in images else e["kind"]
        rows.append(f'<tr class="{cls}"><td>{e["timestamp"]:.1f} s</td><td>{esc(e["kind"])}'
                    f"</td><td>{esc(str(what))}</td><td>{detail}{img}</td></tr>")
    winners = report["winners"]
    summary = (f"{report['frames']} frames, {len(report['moves'])} moves, "
               f"{len(report['flagged'])} flagged, {len(report['questions'])} questions; "
               f"totals {report['totals']}"
               + (f", winners {winners}" if winners is not None else ""))
    return f"""<!doctype html><html><head><meta charset="utf-8"><title>{esc(title)}</title>
<style>body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse}}
td{{border-bottom:1px solid #ddd;padding:4px 8px;vertical-align:top}}
tr.flag{{background:#ffe3e3}}tr.question{{background:#fff3bf}}tr.scores{{background:#d3f9d8}}
</style></head><body><h1>{esc(title)}</h1><p>{esc(summary)}</p>
<table><tr><th>time</th><th>event</th><th>what</th><th>details</th></tr>
{''.join(rows)}</table></body></html>
"""


def _calibration(spec: str | None, video: str, players: int) -> Any:
    if spec is None:
        return None
    if spec != "markers":
        from vision.calibration import load_zones

        return load_zones(spec)
    from itertools import islice

    from vision.calibration import from_markers
    from vision.markers import detect_markers
    from vision.sources import open_source

    for frame, _ in islice(open_source(video, target_fps=2.0), 20):
        found = detect_markers(frame)
        if all(k in found for k in range(players)):
            return from_markers(found, players)
    raise ValueError(f"no complete set of {players} seat markers in the first 10 s of {video}")


def run(args: argparse.Namespace) -> int:
    from engine.rules import Rules
    from vision.session import Session
    from vision.sources import open_source

    rules = Rules(players=args.players)
    calibration = _calibration(args.calibration, args.video, args.players)
    try:
        from vision.detector import load_detector  # type: ignore[import-not-found,unused-ignore]
    except ImportError as exc:
        raise ValueError(f"no card detector available yet ({exc})") from None
    detector = load_detector(args.model, args.faces, corners=args.corners)
    session = Session(detector, rules, calibration)
    report = referee_frames(open_source(args.video, target_fps=args.fps), session,
                            keep_flagged=args.html is not None)
    images = report.pop("_images")
    Path(args.out).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    if args.html:
        report["_images"] = images
        Path(args.html).write_text(html_report(report, f"Passt N1cht referee: {args.video}"),
                                   encoding="utf-8")
    print(f"{report['frames']} frames: {len(report['moves'])} moves, {len(report['flagged'])} "
          f"flagged, {len(report['questions'])} questions -> {args.out}")
    return 0
