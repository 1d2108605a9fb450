"""The game log for keeping: JSON (everything) and CSV (one row per observation)."""

from __future__ import annotations

import csv
import io
from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response

from companion_api.deps import CompanionDep, GameDep

router = APIRouter(prefix="/games/{game_id}/export", tags=["export"])


@router.get(".json")
def export_json(game: GameDep, companion: CompanionDep) -> dict[str, Any]:
    """The game, its state, every op given to the referee (observations, undos,
    corrections, in order) and every event shown."""
    ops = [{"id": o.id, "kind": o.kind, "observation": o.text, "index": o.idx,
            "origin": o.origin, "t": o.t, "created": o.created}
           for o in companion.store.ops(game.id)]
    return {"format": "passt-companion-log/1", "game": game.state(), "ops": ops,
            "verdicts": [game.session.shown(v) for v in game.session.referee.verdicts],
            "events": companion.store.events(game.id)}


@router.get(".csv", response_class=Response,
            responses={200: {"content": {"text/csv": {}}}})
def export_csv(game: GameDep) -> Response:
    """One row per observation the referee holds now, with its verdict."""
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["index", "observation", "seat", "player", "legal", "violations", "to check",
                "anomalies", "notes", "scores", "totals"])
    ref = game.session.referee
    for i, v in enumerate(ref.verdicts):
        shown = game.session.shown(v)  # alerts held for an answer or unsure are to check
        w.writerow([i, str(v.observation), "" if v.seat is None else v.seat,
                    "" if v.seat is None else game.names[v.seat], shown["legal"],
                    "; ".join(f"{x['rule']}: {x['en']}" for x in shown["violations"]),
                    "; ".join(f"{x['rule']} ({k}): {x['en']}" for k in ("held", "unsure")
                              for x in shown.get(k, [])),
                    "; ".join(f"{a.kind}: {a.message}" for a in v.anomalies),
                    "; ".join(shown["notes"]), v.scores or "", v.totals or ""])
    return Response(out.getvalue(), media_type="text/csv", headers={
        "Content-Disposition": f'attachment; filename="passt-game-{game.id}.csv"'})
