"""What the referee answers for each observation: legal, or every rule broken and why."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from engine.cards import Card
from engine.observations import Observation
from engine.violations import Violation


class Likely(enum.Enum):
    MISREAD = "misread"
    CHEAT = "cheat"


@dataclass(frozen=True)
class Anomaly:
    """Something the rules cannot produce: a misread or a cheat, and which is likelier."""

    kind: str
    message: str
    likely: Likely
    cards: tuple[Card, ...] = ()

    def to_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "message": self.message,
            "likely": self.likely.value,
            "cards": [str(c) for c in self.cards],
        }


@dataclass
class Verdict:
    observation: Observation
    seat: int | None = None
    violations: list[Violation] = field(default_factory=list)
    anomalies: list[Anomaly] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    scores: list[int] | None = None
    totals: list[int] | None = None
    winners: tuple[int, ...] | None = None

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def rule_ids(self) -> list[str]:
        return [v.rule.value for v in self.violations]

    def to_dict(self) -> dict[str, object]:
        return {
            "observation": str(self.observation),
            "seat": self.seat,
            "legal": self.legal,
            "violations": [v.to_dict() for v in self.violations],
            "anomalies": [a.to_dict() for a in self.anomalies],
            "notes": list(self.notes),
            "scores": self.scores,
            "totals": self.totals,
            "winners": list(self.winners) if self.winners is not None else None,
        }
