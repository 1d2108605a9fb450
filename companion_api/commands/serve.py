"""``passt serve``: the companion server - live view, referee, corrections, scoreboard.

With no ``--source`` it uses webcam 0 if one opens, else the bundled demo game (looping, at
its real pace). It listens on 127.0.0.1; on any other address it requires a token
(``--token``, or one is made up and printed).
"""

from __future__ import annotations

import argparse

HELP = "run the companion: web page, API and live referee (default http://127.0.0.1:8000)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--source", default=None,
                        help="0 (webcam) | video file | rtsp://... or http://... | image "
                             "folder | none; default: webcam 0, else the bundled demo video")
    parser.add_argument("--players", type=int, default=4, help="players of a new game (2-6)")
    parser.add_argument("--names", nargs="+", default=None,
                        help="player names of a new game in seat order (sets --players)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (other than 127.0.0.1: a token is required)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--token", default=None, help="API token (default: none on "
                        "127.0.0.1, else a random one, printed)")
    parser.add_argument("--db", default=None,
                        help="SQLite game log (default data/companion.sqlite)")
    parser.add_argument("--model", default=None, help="card finder weights (default: models/)")
    parser.add_argument("--faces", default=None, help="card face classifier (default: models/)")
    parser.add_argument("--corners", default=None,
                        help="corner refiner (default: models/; 'none': read the finder's boxes)")
    parser.add_argument("--detector", default="auto",
                        help="auto | model | none | truth:PATH (the demo's recorded truth; "
                             "auto uses it for the demo video when no model is trained)")
    parser.add_argument("--loop", action="store_true",
                        help="start a video file over at its end (always for the demo)")


def settings_from_args(args: argparse.Namespace) -> object:
    from pathlib import Path

    from companion_api.camera import webcam_opens
    from companion_api.settings import DEMO_VIDEO, Settings

    source, loop = args.source, args.loop
    if source is None:
        if webcam_opens(0):
            source = "0"
        elif DEMO_VIDEO.is_file():
            source, loop = str(DEMO_VIDEO), True
            print(f"no webcam: playing the demo game {DEMO_VIDEO.name} (looping)")
    elif source.lower() == "none":
        source = None
    elif Path(source).resolve() == DEMO_VIDEO:
        loop = True
    names = args.names
    if names is not None and not 2 <= len(names) <= 6:
        raise ValueError(f"--names lists {len(names)} players; Passt N1cht is for 2-6")
    players = len(names) if names else args.players
    if not 2 <= players <= 6:
        raise ValueError(f"Passt N1cht is for 2-6 players, not {players}")
    extra = {"db": args.db} if args.db else {}
    return Settings(host=args.host, port=args.port, token=args.token, source=source,
                    loop_source=loop, players=players, names=names, model=args.model,
                    faces=args.faces, corners=args.corners,
                    detector=args.detector, **extra).with_token()


def run(args: argparse.Namespace) -> int:
    import logging

    import uvicorn

    from companion_api.main import create_app
    from companion_api.settings import Settings

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    settings = settings_from_args(args)
    assert isinstance(settings, Settings)
    host = f"[{settings.host}]" if ":" in settings.host else settings.host
    query = f"?token={settings.token}" if settings.token else ""
    print(f"Passt N1cht companion: http://{host}:{settings.port}/{query}", flush=True)
    if settings.token and not args.token:
        print(f"token (send as X-Token or ?token=): {settings.token}", flush=True)
    print(f"API docs: http://{host}:{settings.port}/docs   game log: {settings.db}", flush=True)
    uvicorn.run(create_app(settings), host=settings.host, port=settings.port,
                log_level="warning", timeout_graceful_shutdown=2)
    return 0
