"""Score a refereed video against the renderer's ground truth.

Moves are aligned in order by their observation text (a joker's wish is spoken, not
seen, so it is left out of the comparison; so is the stack of a joker laid where its seat
has no stack under it, and of that joker played again: nothing on the table names its
colour, and the simulated cheat picks one at random); a move is recognized exactly when
seat, card, source and destination all agree. Violations are compared as (move, rule) pairs over all
moves, so a phantom move's flag is a false positive and a missed move's is a false
negative.
"""

from __future__ import annotations

import difflib
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from engine.moves import Source
from engine.observations import Played, parse_observation


def move_key(observation: str) -> str:
    """An observation without a joker's wish (spoken, not seen)."""
    head, _, _ = observation.partition("=")
    return head


def lone_jokers(observations: list[str], rounds: list[int]) -> list[str]:
    """The moves' keys (``move_key``), with the stack of a joker that lies alone written
    ``?``: collected where its seat had no card of that stack, or played from such a stack
    of itself alone. ``rounds``: each move's round (stacks start empty in each)."""
    out: list[str] = []
    stacks: defaultdict[tuple[int, str], list[str]] = defaultdict(list)
    current = None
    for text, round_ in zip(observations, rounds, strict=True):
        if round_ != current:
            stacks, current = defaultdict(list), round_
        key = move_key(text)
        obs = parse_observation(key)
        if isinstance(obs, Played) and obs.seat is not None and obs.move.stack is not None:
            card, pile = str(obs.move.card), stacks[obs.seat, obs.move.stack.value]
            lone = card == "joker" and pile in ([], ["joker"])
            if obs.move.source is Source.COLLECT:
                lone = lone and not pile
                pile.append(card)
            elif card in pile:  # the top, or the last copy under it
                del pile[len(pile) - 1 - pile[::-1].index(card)]
            if lone:
                key = key.rpartition(">")[0] + ">?"
        out.append(key)
    return out


@dataclass
class GameScore:
    truth_moves: int = 0
    seen_moves: int = 0
    exact: int = 0
    phantom: int = 0
    questions: int = 0
    tp: int = 0
    fn: int = 0
    rounds: int = 0
    rounds_right: int = 0
    latencies: list[float] = field(default_factory=list)
    # false alerts by rule and by the move they came with: one recognized exactly (the
    # table around it was misread) or one that did not happen as seen (misread, phantom)
    false_alerts: Counter[str] = field(default_factory=Counter)
    # violations the companion judged but did not tell as alerts (``held`` for an answer,
    # ``unsure``), by kind: "true" where the truth has that violation on that move
    withheld: Counter[str] = field(default_factory=Counter)

    @property
    def fp(self) -> int:
        return sum(self.false_alerts.values())

    def add(self, other: GameScore) -> None:
        for name in ("truth_moves", "seen_moves", "exact", "phantom", "questions", "tp", "fn",
                     "rounds", "rounds_right"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.latencies += other.latencies
        self.false_alerts += other.false_alerts
        self.withheld += other.withheld

    def figures(self) -> dict[str, float]:
        return {
            "moves_exact": self.exact / self.truth_moves if self.truth_moves else 0.0,
            "phantom_rate": self.phantom / self.seen_moves if self.seen_moves else 0.0,
            "violation_precision": self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0,
            "violation_recall": self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0,
            "round_scores_exact": self.rounds_right / self.rounds if self.rounds else 0.0,
        }


Seen = list[tuple[str, list[str], float | None, dict[str, list[str]], int]]


def _withheld(ev: dict[str, Any]) -> dict[str, list[str]]:
    return {k: [v["rule"] for v in ev[k]] for k in ("held", "unsure") if ev.get(k)}


def _last(seen: Seen, observation: str) -> int | None:
    return next((j for j in range(len(seen) - 1, -1, -1) if seen[j][0] == observation), None)


def _told_later(seen: Seen, ev: dict[str, Any]) -> None:
    rules, kept = [v["rule"] for v in ev["violations"]], _withheld(ev)
    if "corrects" in ev:  # a card re-read: the move it came with is now this one
        j = _last(seen, ev["corrects"])
        if j is not None:
            seen[j] = (ev["observation"], rules, seen[j][2], kept, seen[j][4])
        return
    if "before" in ev:
        j = _last(seen, ev["before"])
        if j is not None:  # no latency: the players told
            seen.insert(j, (ev["observation"], rules, None, kept, seen[j][4]))
        return
    j = _last(seen, ev["observation"])
    if j is not None:  # judged again after an insertion, or alerts held until an answer
        seen[j] = (seen[j][0], rules, seen[j][2], kept, seen[j][4])


def score_game(truth: dict[str, Any], events: list[dict[str, Any]]) -> GameScore:
    """``events``: the session's events (``Event.to_dict()``), in order."""
    fps = float(truth["video"]["fps"])
    moves = truth["moves"]
    seen: Seen = []  # observation, rules, verdict time, rules withheld, round
    round_ = 0
    pending: str | None = None
    scores: list[list[int]] = []
    out = GameScore(truth_moves=len(moves))
    for ev in events:
        if ev["kind"] == "verdict" and ("before" in ev or "corrects" in ev or ev.get("rejudged")
                                        or ev.get("released")):
            _told_later(seen, ev)  # the players told of an unseen move: it goes in its place
        elif ev["kind"] == "verdict" and ev["observation"].startswith("round starts"):
            round_ += 1
        elif ev["kind"] == "move":
            pending = ev["observation"]
        elif ev["kind"] == "verdict" and pending is not None and pending in (
                ev["observation"], ev.get("read_as")):  # (re-read as it was judged)
            seen.append((ev["observation"], [v["rule"] for v in ev["violations"]], ev["timestamp"],
                         _withheld(ev), round_))
            pending = None
        elif ev["kind"] == "status" and "takes_back" in ev:  # a misread move taken back
            j = _last(seen, ev["takes_back"])
            if j is not None:
                del seen[j]
        elif ev["kind"] == "question":
            out.questions += 1
        elif ev["kind"] == "scores" and ev.get("scores") is not None:
            scores.append(ev["scores"])
    out.seen_moves = len(seen)
    a = lone_jokers([m["observation"] for m in moves], [m["round"] for m in moves])
    b = lone_jokers([s[0] for s in seen], [s[4] for s in seen])
    matched_truth: set[int] = set()
    matched_seen: set[int] = set()
    for block in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_matching_blocks():
        for k in range(block.size):
            i, j = block.a + k, block.b + k
            matched_truth.add(i)
            matched_seen.add(j)
            truth_rules = {v["rule"] for v in moves[i]["verdict"]["violations"]}
            seen_rules = set(seen[j][1])
            out.tp += len(truth_rules & seen_rules)
            out.false_alerts.update(f"{r} (exact move)" for r in seen_rules - truth_rules)
            for kind, kept in seen[j][3].items():
                out.withheld.update(f"{kind} {'true' if r in truth_rules else 'false'}"
                                    for r in kept)
            out.fn += len(truth_rules - seen_rules)
            told = seen[j][2]
            if told is not None:
                out.latencies.append(told - moves[i]["release"] / fps)
    out.exact = len(matched_truth)
    out.phantom = len(seen) - len(matched_seen)
    for j, s in enumerate(seen):
        if j not in matched_seen:
            out.false_alerts.update(f"{r} (move not as seen)" for r in s[1])
            out.withheld.update(f"{kind} false" for kind, kept in s[3].items() for _ in kept)
    for i, m in enumerate(moves):
        if i not in matched_truth:
            out.fn += len(m["verdict"]["violations"])
    rounds = truth["rounds"]
    out.rounds = len(rounds)
    out.rounds_right = sum(1 for r, s in zip(rounds, scores, strict=False) if r["scores"] == s)
    return out
