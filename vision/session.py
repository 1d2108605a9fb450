"""One table being refereed: detector -> table view -> tracker -> referee, as a stream of events.

The web app and the offline referee both drive a :class:`Session` the same way::

    session = Session(detector, Rules(players=4), calibration=None)  # None: no setup
    for frame, t in source:
        for event in session.process(frame, t):
            ...  # event.kind, event.payload (JSON-ready), event.timestamp
    session.speak_wish("yellow")       # the players answer a "wish-needed" event
    session.answer(question_id, obs)   # ... or a "question" (obs None: ignore it)
    session.mark_round_over(t)         # the players end the round by hand

``session.last`` keeps what an annotator needs to draw the latest frame (detections,
calibration, flagged cards); :mod:`vision.annotate` draws it. Nothing here draws.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
import supervision as sv

from engine.cards import CARD_NAMES, Card, Colour
from engine.judge import fits_or_unknown
from engine.moves import Move, Source
from engine.observations import (
    Observation,
    Played,
    RoundOver,
    RoundStarted,
    TableSeen,
    WishSpoken,
)
from engine.referee import RESHUFFLED, PublicRound, Referee
from engine.rules import Rules
from engine.verdicts import Verdict
from engine.violations import Rule
from engine.wish import Wish
from vision.bridge import laid_between, misread_top
from vision.calibration import Calibration, in_middle, sectors_from_detections
from vision.card_memory import CardMemory
from vision.card_priors import possible
from vision.card_priors import twin as kin_of
from vision.cloth import ClothMarks
from vision.detections import centres, empty_detections
from vision.detector import CardDetector
from vision.doubt import doubt
from vision.ink import DeckInks
from vision.second_look import second_look, under_look
from vision.table_view import TableView, VisibleState, sure_faces
from vision.tracker import (
    Decoded,
    Misread,
    Phase,
    Place,
    Question,
    Recoloured,
    Resumed,
    Tracker,
    TrackerEvent,
)

CLOSER_EVERY_S = 0.5  # a closer look (it costs a detection) at most this often
CALIBRATE_WAIT_S = 3.0  # cards seen only away from the frame's middle this long: seats from them

EventKind = Literal["move", "verdict", "question", "wish-needed", "round-over", "scores",
                    "status"]


@dataclass(frozen=True)
class Event:
    kind: EventKind
    payload: dict[str, Any]
    timestamp: float

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "timestamp": round(self.timestamp, 3), **self.payload}


@dataclass
class FrameView:
    """The inputs to draw one annotated frame (see :func:`vision.annotate.annotate`)."""

    detections: sv.Detections = field(default_factory=empty_detections)
    calibration: Calibration | None = None
    state: VisibleState | None = None
    flagged: frozenset[str] = frozenset()  # card names of the last flagged verdict
    timestamp: float = 0.0


class Session:
    def __init__(
        self,
        detector: CardDetector | None,
        rules: Rules | None = None,
        calibration: Calibration | None = None,
        tracker: Tracker | None = None,
        calibrate: Callable[[sv.Detections, tuple[int, ...]], Calibration] | None = None,
        memory: CardMemory | None = None,
        look_close: float | None = 0.2,
        sure_read: float = 0.4,
        inks: DeckInks | None = None,
    ) -> None:
        """``calibration`` None: sectors around the discard pile estimated from the first
        frame with cards (``calibrate`` overrides how). ``look_close``: how likely another
        reading of a card a violation rests on must be, relative to the one taken, to be
        taken instead when it explains the moves since better (see :mod:`vision.second_look`;
        None: never). ``sure_read``: a move whose violations rest on a card read less surely
        than this (or on one taken otherwise than read, or that came while the camera had lost
        the turn order) has them told as ``unsure`` (check the table), not as alerts (see
        :mod:`vision.doubt`). ``inks``: how pink is told from red by this deck's inks (see
        :mod:`vision.ink`; learnt afresh for each session)."""
        self.detector = detector
        self.look_close = look_close
        self.sure_read = sure_read
        # moves judged on a doubtful table: why, and the rules the doubt touches (None: all)
        self._unsure: list[tuple[Observation, str, frozenset[Rule] | None]] = []
        # still cards are read from all their frames (a flicker is outvoted)
        self.memory = memory or CardMemory(CARD_NAMES)
        # what the cloth shows as cards in the seats' zones before the first round
        self.cloth = ClothMarks()
        self._round_begun = False
        self.inks = inks or DeckInks(CARD_NAMES)
        self.rules = rules or Rules()
        self.referee = Referee(self.rules)
        self.tracker = tracker or Tracker(self.rules.players)
        self.tracker.to_move = lambda: self.referee.to_move
        self.tracker.fits_discard = self._fits_discard
        self.tracker.seats_near = self._seats_near
        self.calibration = calibration
        self._calibrate = calibrate or (
            lambda d, shape: sectors_from_detections(self.rules.players, d, shape))
        self.view = TableView(calibration) if calibration is not None else None
        self.questions: dict[int, Question] = {}
        self._insert_before: dict[int, Observation] = {}  # question id -> the move it precedes
        # ... of those, the questions whose move's alerts are told all the same (no sign of
        # an unseen move)
        self._told_anyway: set[int] = set()
        # a hand play came from another seat than the one the referee had to move (a move
        # was missed, or misread, before): the turn order is in doubt until a seat is named
        self._turn_doubted = False
        # the last hand play whose hand the camera did not see, and the moves its seat's
        # turn-mate before could have made unseen first (see _blind_play)
        self._blind: tuple[Played, list[Played]] | None = None
        self._seen_for: dict[int, TableSeen] = {}  # question id -> the table it left seen
        self._last_asked: int | None = None  # the tracker's last question of a change
        self._ids = itertools.count(1)
        self.last = FrameView(calibration=calibration)
        # the table went on after the referee counted this round over: its count is off,
        # so only the players end this round
        self._count_doubted = False
        self._closer: tuple[float, sv.Detections] | None = None  # the last closer look
        self._cards_since: float | None = None  # cards first seen (none in the middle yet)

    def _fits_discard(self, card: Card) -> bool | None:
        """Does ``card`` fit the discard as the referee knows it (None: no discard yet, or
        a joker's wish not entered)?"""
        r = self.referee.round
        if r is None or not r.discard:
            return None
        return fits_or_unknown(card, r.top, r.wish)

    def _seats_near(self, point: tuple[float, float], reach: float) -> set[int]:
        """The seats whose zone lies within ``reach`` pixels of ``point``."""
        return self.calibration.seats_near(point, reach) if self.calibration else set()

    # -- frames ----------------------------------------------------------------------------
    def process(self, frame: np.ndarray, t: float) -> list[Event]:
        if self.detector is None:
            raise ValueError("this session has no detector: use process_detections")
        look = getattr(self.detector, "look_closer", None)
        return self.process_detections(self.detector.detect(frame), t, frame.shape,
                                       (lambda: look(frame)) if callable(look) else None)

    def _look_closer(self, closer: Callable[[], sv.Detections], t: float) -> sv.Detections:
        """A closer look at most every :data:`CLOSER_EVERY_S` (it costs a detection)."""
        if self._closer is None or t - self._closer[0] >= CLOSER_EVERY_S or t < self._closer[0]:
            self._closer = (t, closer())
        return self._closer[1]

    def process_detections(self, detections: sv.Detections, t: float,
                           frame_shape: tuple[int, ...] | None = None,
                           closer: Callable[[], sv.Detections] | None = None) -> list[Event]:
        """``closer``: how to look closer at this frame (lower thresholds); asked only while
        a round's reveal shows fewer cards than the referee counts in a hand, the discard
        pile is not read, a card read at a seat lately is not (:meth:`Tracker.lost_cards`),
        or (no setup) no card lies in the frame's middle yet."""
        events: list[Event] = []
        if self.calibration is not None and not self._round_begun:
            self.cloth.learn(detections, self._in_seats(detections))
        elif self.calibration is not None:
            self.cloth.watch(detections, self._in_seats(detections))
        detections = self.memory.update_with_detections(
            self.inks.update_with_detections(self.cloth.update_with_detections(detections)), t)
        if closer is not None:
            closer = self._without_cloth(closer)
        if self.view is None:
            cards = self._calibration_cards(detections, frame_shape, closer, t)
            if cards is None:
                self.last = FrameView(detections, None, None, self.last.flagged, t)
                return events
            self.calibration = self._calibrate(cards, tuple(frame_shape or ()))
            self.view = TableView(self.calibration)
            events.append(Event("status", {"message": "seats set up as sectors around the "
                                           "discard pile", "calibration":
                                           self.calibration.method}, t))
        tr = self.tracker
        state = self.view.read(detections, reveal=tr.wants_reveal,
                               stack_tops=tr.stack_faces() if tr.wants_reveal else None,
                               discard_known=tr.discard_known(), stacks=tr.stack_places(),
                               may_land=tr.may_land(hands=True), laid=tr.laid_places(),
                               before=self.last.state.seen_piles if self.last.state else ())
        if closer is not None and state.discard is None and not tr.wants_reveal:
            # a discard card in a shadow: read it again closer (at a round's start any card,
            # in play only the known top, which keeps it from counting as hidden)
            known = tr.discard_top() if tr.phase is Phase.PLAYING else None
            if known is not None or tr.phase is Phase.WAITING:
                state = self.view.with_discard(state, self._look_closer(closer, t), known,
                                               landing=tr.may_land(),
                                               any_laid=tr.discard_unread_s(t) >= tr.lost_discard_s)
        if closer is not None and (lost := tr.lost_cards(state)):
            # a card just laid at a seat, lost to the finder: read it again closer
            state = self.view.with_lost(state, self._look_closer(closer, t), lost)
        counts = tr.reveal_counts if tr.wants_reveal else None
        if closer is not None and counts is not None and state.reveals is not None and any(
                len(r) < n for r, n in zip(state.reveals, counts, strict=False)):
            state = self.view.topped_up(state, detections, self._look_closer(closer, t), counts,
                                        tr.stack_places())
        if counts is not None and state.reveals is not None:
            state = self.view.trimmed(state, detections, counts)
        was_holding = tr.holding
        for out in tr.update(state, t):
            events.extend(self._tracked(out))
        self._round_begun = self._round_begun or tr.phase is not Phase.WAITING
        if tr.holding != was_holding:
            events.append(Event("status", {"message": "cards hidden: waiting" if tr.holding
                                           else "table visible again"}, t))
        self.last = FrameView(detections, self.calibration, state, self.last.flagged, t)
        return events

    def _in_seats(self, d: sv.Detections) -> np.ndarray:
        """Which cards of ``d`` lie in a seat's zone."""
        if self.calibration is None:
            return np.zeros(len(d), bool)
        return self.calibration.zone_codes(centres(d)) >= 0

    def _without_cloth(self, closer: Callable[[], sv.Detections]
                       ) -> Callable[[], sv.Detections]:
        """A closer look that leaves the cloth's marks out too."""
        return lambda: self.cloth.update_with_detections(closer())

    def _calibration_cards(self, detections: sv.Detections,
                           frame_shape: tuple[int, ...] | None,
                           closer: Callable[[], sv.Detections] | None, t: float
                           ) -> sv.Detections | None:
        """The cards to set the seats up from (None: not yet): the first frame with a card
        in the middle of the frame, where the discard pile lies - looked at closer if no card
        read surely lies there (10104: the first discard card in a shadow, found at 0.1, and
        a card in a hand at the edge of the frame). Cards that stay away from the middle for
        :data:`CALIBRATE_WAIT_S` are taken as they are (a camera off the table's middle)."""
        if not frame_shape:
            return detections if len(detections) else None
        if in_middle(detections, frame_shape):
            return detections
        if closer is not None:
            near = self._look_closer(closer, t)
            near = near[sure_faces(near)]  # type: ignore[assignment]
            if in_middle(near, frame_shape):
                return near
        if len(detections) == 0:
            return None
        if self._cards_since is None:
            self._cards_since = t
        return detections if t - self._cards_since >= CALIBRATE_WAIT_S - 1e-9 else None

    # -- what the players say --------------------------------------------------------------
    def speak_wish(self, wish: Wish | str, t: float = 0.0) -> list[Event]:
        w = Wish.parse(wish) if isinstance(wish, str) else wish
        return self._observe(WishSpoken(w), t)

    def answer(self, question_id: int, observation: Observation | str | None,
               t: float = 0.0) -> list[Event]:
        """The players' explanation of a question (None: nothing to tell the referee)."""
        from engine.observations import parse_observation

        q = self.questions.pop(question_id, None)
        if q is None:
            raise ValueError(f"no open question {question_id}")
        later = self._insert_before.pop(question_id, None)
        seen = self._seen_for.pop(question_id, None)
        told = question_id in self._told_anyway
        self._told_anyway.discard(question_id)
        if observation is None:
            return self._release(later, t) if later is not None and not told else []
        obs = parse_observation(observation) if isinstance(observation, str) else observation
        if later is not None and self._at(later) is not None:
            return self._insert(obs, later, t)
        if seen is not None and (i := self._at(seen)) is not None:
            return self._told_before(i, obs, q, t)
        told = [Event("move", {"observation": str(obs), "notes": ["told by the players"],
                               "table": str(q.state)}, t)] if isinstance(obs, Played) else []
        return told + self._observe_told(obs, t, ["told by the players"], q.state)

    def _withdraw(self) -> int | None:
        """The change the tracker last asked about was a misread (the table went back): that
        question is no longer open, and the table the referee was left to follow for it is
        taken back while nothing came after it. The question's number, if it was open."""
        qid, self._last_asked = self._last_asked, None
        if qid is None or self.questions.pop(qid, None) is None:
            return None
        seen = self._seen_for.pop(qid, None)
        obs = self.referee.observations
        if seen is not None and obs[-2:] == [TableSeen(), seen] and obs[-1] is seen:
            self.referee.undo()
            self.referee.undo()
        return qid

    def _release(self, later: Observation, t: float) -> list[Event]:
        """The players told of no unseen move before ``later``: the alerts held for it are
        told now (as it is judged now)."""
        i = self._at(later)
        verdict = self.referee.verdicts[i] if i is not None else None
        if verdict is None or not verdict.violations:
            return []
        note = "the players told of no unseen move before it: the alerts held are told"
        return [Event("verdict", {**self.shown(verdict), "reading_notes": [note],
                                  "released": True}, t)]

    def shown(self, verdict: Verdict) -> dict[str, Any]:
        """A verdict as the players see it: the violations of a move that waits for an
        answer about an unseen move before it are held (``held``); those of a move judged on
        a table read unsurely are ``unsure`` (to check), not told as alerts."""
        out = verdict.to_dict()
        if not verdict.violations:
            return out
        if any(verdict.observation is o for q, o in self._insert_before.items()
               if q not in self._told_anyway):
            out["held"], out["violations"], out["legal"] = out["violations"], [], True
            return out
        why, rules = next(((w, r) for o, w, r in self._unsure if o is verdict.observation),
                          (None, None))
        if why is None:
            return out
        told = [v for v in verdict.violations if rules is not None and v.rule not in rules]
        out["unsure"] = [v.to_dict() for v in verdict.violations if v not in told]
        out["violations"], out["legal"] = [v.to_dict() for v in told], not told
        out["notes"] = [*verdict.notes, f"not told as an alert: {why}; check the table"]
        return out

    def _insert(self, obs: Observation, later: Observation, t: float) -> list[Event]:
        """An unseen move goes in before ``later``; the moves after it are judged again."""
        i = self._at(later)
        assert i is not None, f"{later} is not in the referee's history"
        return self._put_in(i, obs, t, unseen=True)

    def _at(self, obs: Observation) -> int | None:
        """Where this very observation (not an equal one) stands in the referee's history."""
        seen = self.referee.observations
        return next((k for k in range(len(seen) - 1, -1, -1) if seen[k] is obs), None)

    def _told_before(self, i: int, obs: Observation, q: Question, t: float) -> list[Event]:
        """The move told goes in before the table the referee was left to follow (which then
        only changes what that move does not explain)."""
        return self._put_in(i, obs, t, ["told by the players"], q.state)

    def _put_in(self, i: int, obs: Observation, t: float, notes: list[str] | None = None,
                table: VisibleState | None = None, unseen: bool = False) -> list[Event]:
        """``obs`` goes in as observation ``i``; the ones after it are judged again. Its
        verdict names the move it went in before (none after it: a move told, as it came).
        ``unseen``: a move the camera could not see, which the tracker's model lacks."""
        try:
            verdicts = self.referee.insert(i, obs)
        except Exception as exc:  # an engine fault must not stop the table
            return [Event("status", {"message": f"the referee could not take {obs}: {exc!r}",
                                     "error": True}, t)]
        after = self.referee.observations[i + 1:]
        if unseen and isinstance(obs, Played):
            laid = sum(isinstance(o, Played) and o.move.to_discard for o in after)
            self.tracker.add_unseen(obs.seat, obs.move, laid)
        later = next((o for o in after if isinstance(o, Played)), None)
        events = [Event("move", {"observation": str(obs), "notes": notes or [],
                                 "table": str(table)}, t)] \
            if isinstance(obs, Played) and later is None else []
        placed = {"before": str(later)} if later is not None else {}
        events.append(Event("verdict", {**self.shown(verdicts[i]), "reading_notes": notes or [],
                                        **placed}, t))
        events += [Event("verdict", {**self.shown(v), "reading_notes": [], "rejudged": True}, t)
                   for v in verdicts[i + 1:]]
        return events

    def mark_round_over(self, t: float = 0.0) -> list[Event]:
        """The players end the round: the next settled table is read as the reveal."""
        self.tracker.expect_reveal(self._hand_counts())
        return [Event("status", {"message": "round over: lay your hand cards face up"}, t)]

    def _hand_counts(self) -> list[int] | None:
        r = self.referee.round
        return list(r.hand_sizes) if r is not None else None

    def finish_reveal(self, t: float = 0.0) -> list[Event]:
        events: list[Event] = []
        for out in self.tracker.finish_reveal(t):
            events.extend(self._tracked(out))
        return events

    def recording_ended(self, t: float = 0.0) -> list[Event]:
        """A recorded game ends (``passt referee``) while its reveal is still awaited: a hand
        shows fewer cards than the referee counts (after a move the camera missed, its count
        is one off) and the wait for the rest outlasts the video. The hands are read as they
        last lay, as players pressing "hands are down" would; nothing if none lies face up."""
        if not self.tracker.reveal_shown:
            return []
        note = Event("status", {"message": "the recording ended while the hands were being "
                                "laid face up: read as they last lay"}, t)
        return [note, *self.finish_reveal(t)]

    def undo(self, t: float = 0.0) -> list[Event]:
        obs = self.referee.undo()
        return [Event("status", {"message": f"took back: {obs}" if obs else "nothing to undo"},
                      t)]

    def observe(self, obs: Observation, t: float = 0.0) -> list[Event]:
        """An observation the players entered by hand (a move, a reveal) goes to the referee."""
        return self._observe_told(obs, t)

    def _observe_told(self, obs: Observation, t: float, notes: list[str] | None = None,
                      table: VisibleState | None = None) -> list[Event]:
        events = self._observe(obs, t, notes)
        if isinstance(obs, RoundStarted) and events and events[0].kind == "verdict":
            # the camera follows the round from the table asked about (or as it now lies)
            self.tracker.start_told(obs.discard, table)
        return events

    def set_calibration(self, cal: Calibration | None) -> None:
        """New seats and zones (None: estimate sectors again from the next cards)."""
        self.calibration = cal
        self.view = TableView(cal) if cal is not None else None
        self.last.calibration = cal
        self.cloth = ClothMarks()  # a camera set up anew may see the cloth elsewhere

    # -- into the referee ------------------------------------------------------------------
    def _tracked(self, out: TrackerEvent) -> list[Event]:
        t = out.timestamp
        if isinstance(out, Recoloured):
            return self._recoloured(out)
        if isinstance(out, Misread) and out.taken_back is not None:
            return self._take_back(out, out.taken_back)
        if isinstance(out, Misread):
            payload: dict[str, Any] = {"message": out.text, "table": str(out.state)}
            if (qid := self._withdraw()) is not None:
                payload["message"] += ": its question is withdrawn"
                payload["withdrawn"] = qid
            return [Event("status", payload, t)]
        if isinstance(out, Resumed):
            self._count_doubted = True
            return [Event("status", {"message": f"{out.text}: end it by hand when it ends",
                                     "table": str(out.state), "round_goes_on": True}, t)]
        if isinstance(out, Question):
            qid = self._last_asked = next(self._ids)
            self.questions[qid] = out
            # moves went unseen: the referee follows the table as the tracker now takes it,
            # and whose turn it is stays unknown until a seat is named
            r = self.referee.round
            lost: list[Event] = []
            if r is not None and not r.finished:
                # first only "the turn is lost": a move the players tell goes in after it (and
                # before the table seen), so its seat is not judged against a turn order the
                # camera lost
                lost = self._observe(TableSeen(), t)
                self._seen_for[qid] = seen = self._table_seen()
                lost += self._observe(seen, t)
            return [Event("question", {"id": qid, "text": out.text,
                                       "candidates": [str(c) for c in out.candidates],
                                       "table": str(out.state)}, t), *lost]
        events: list[Event] = []
        unseen: list[Played] = []
        qid = 0
        if out.covered is not None:
            events += self._covered_earlier(*out.covered, t)
        if isinstance(out.observation, Played):
            events += self._turn_passed_before_blind(out)
            self._blind = self._blind_play(out.observation)
            events += self._twin_before_hand(out) or self._bridged(out)
            unseen = self._unseen_twins(out.observation)
            landed = self._landed_unread(out.observation) if unseen else None
            touched = self._touched(unseen, out.observation)
            k = self.referee.to_move
            held = [u for u in unseen if _place(u) is None
                    and (k, u.move.card) in self.tracker.top_in_hand]
            if landed is not None:  # the seat to move laid a card the camera reads otherwise
                events += self._landed_before(landed, out, t)
                unseen = []
            elif held:  # that seat held the discard top's twin: rather that than a stack's
                card = held[0].move.card
                events += self._unseen_before(held[0], out, note=(
                    f"a second {card} lay loose at seat {k} while it was to move (in a hand), "
                    f"and the next seat moved: read as that {card} laid squarely on the "
                    f"discard's ({held[0]})"))
                unseen = []
            elif len(touched) == 1:  # a hand was there in that seat's turn: it laid the twin
                events += self._unseen_before(touched[0], out)
                unseen = []
            skipped = self._touched_twins(out.observation)  # two seats or more
            for twin in skipped:
                events += self._unseen_before(twin, out)
            if not skipped:
                for twin in self._twin_seen_beside(out.observation):
                    events += self._unseen_before(twin, out, note=(
                        f"a second {twin.move.card} lay beside seat {twin.seat}'s "
                        f"{twin.move.card} while seat {twin.seat} was to move, and seat "
                        f"{out.observation.seat} moved: read as that {twin.move.card} laid "
                        f"squarely on it ({twin}), then this move"))
            for twin in self._twins_out_of_turn(out.observation):
                card, k = twin.move.card, self.referee.to_move
                events += self._unseen_before(twin, out, note=(
                    f"a second {card} lay beside seat {twin.seat}'s {card} (in a hand) while "
                    f"seat {k} was to move, and seat {twin.seat}'s stack shows one {card}: read "
                    f"as that {card} laid squarely on it, out of turn ({twin})"))
            payload = {"observation": str(out.observation), "notes": list(out.notes),
                       "table": str(out.state)}
            events.append(Event("move", payload, t))
        if isinstance(out.observation, RoundOver):
            events += self._last_card_unseen(out)
        told = bool(unseen) and self._no_sign_of(unseen, out.observation)
        if isinstance(out.observation, Played):
            self._follow_turn(out.observation)
        if unseen:
            # the seat before may have moved unseen: the alerts of this move wait for the
            # players' answer (see shown) - unless nothing was seen that such a move leaves
            qid = next(self._ids)
            self._insert_before[qid] = out.observation
            if told:
                self._told_anyway.add(qid)
        events.extend(self._observe(out.observation, t, list(out.notes), out.state, out.read,
                                    out.unsure, out.unsure_of))
        if unseen:
            text = (f"{out.observation} came while the player before was to move, and no "
                    "hand was seen where that player could have laid a card on its twin "
                    "(and kept to the forced-play rule): told as it is. If that player did "
                    "lay one, say which; it goes in before this move, and the alerts are "
                    "judged again." if told else
                    f"{out.observation} came while the player before was to move: did that "
                    "player lay a card exactly on its twin, which the camera cannot see? "
                    "If so, say which; it goes in before this move. If not, dismiss this: "
                    "the alerts of this move, held until then, are told.")
            self.questions[qid] = Question(text, tuple(unseen), t, out.state)
            events.append(Event("question", {"id": qid, "text": text,
                                             "candidates": [str(c) for c in unseen],
                                             "table": str(out.state),
                                             "holds": str(out.observation)}, t))
        if out.wish_needed:
            events.append(Event("wish-needed", {"message": "joker played: which colour or "
                                                "value is wished?"}, t))
        return events

    def _landed_before(self, obs: Played, later: Decoded, t: float) -> list[Event]:
        """``obs``, a card read surely landing on the discard while the seat before ``later``'s
        was to move (:meth:`_landed_unread`), laid before ``later``: read since as the card
        below it - or not read at all, the discard hidden since (19703 at 56.9 s: seat 2's
        green-5 read as it landed, then the pile unread for 5 s while seat 3 collected - taken
        as read pink-5, the card below, so the green-5 read there later was taken for a
        second one laid: a phantom play and a false out-of-turn alert)."""
        if not self.tracker.discard_unread_s(t):
            return self._unseen_before(obs, later, read_as=self.tracker.discard_top())
        return self._unseen_before(obs, later, note=(
            f"{obs.move.card} was read surely landing on the discard while seat "
            f"{self.referee.to_move} was to move, the discard unread since, and the next seat "
            f"moved: read as {obs.move.card} laid there ({obs})"))

    def _unseen_before(self, obs: Played, later: Decoded, read_as: Card | None = None,
                       note: str | None = None) -> list[Event]:
        """``later`` came out of turn, and in the turn before, the one place where the seat
        to move could have laid a twin unseen was touched (a card with its top's face showed
        over or beside it, or a hand hid it and it lay as before afterwards): that twin was
        laid, before ``later``. ``read_as``: not a twin, but a card the camera has read as
        this face since it landed on the discard (see :meth:`_landed_unread`). ``note``: why,
        when neither."""
        k = self.referee.to_move
        where = "the discard" if obs.seat is None else f"seat {k}'s {obs.move.stack} stack"
        r = self.referee.round
        if note is None and read_as is None and obs.seat is None and r is not None and (
                r.discard and obs.move.card != r.top):  # see _laid_unseen_on_top
            note = (f"a hand was at the discard while seat {k} was to move, its {r.top} read "
                    f"{obs.move.card} as it lay and so since, and the next seat moved: read as "
                    f"a {obs.move.card} laid squarely on it ({obs})")
        elif note is None and read_as is None:
            note = (f"a hand was at {where} while seat {k} was to move (a second "
                    f"{obs.move.card} showed there, or it was hidden and lay as before), and the "
                    f"next seat moved: read as the other {obs.move.card} laid squarely on it "
                    f"({obs})")
        elif note is None:  # read_as
            note = (f"{obs.move.card} was read on the discard while seat {k} was to move, the "
                    f"discard reads {read_as} since, and the next seat moved: read as "
                    f"{obs.move.card} laid there and misread ({obs})")
        self.tracker.add_unseen(obs.seat, obs.move, int(later.observation.move.to_discard)
                                if isinstance(later.observation, Played) else 0, read_as)
        t = later.timestamp
        # a table the tracker doubts (cards hidden a while) leaves this guess doubtful too
        # (11209 at 117 s: a missed play had put the turn order out; the twin seat 1 laid
        # in its turn was told out of turn)
        return [Event("move", {"observation": str(obs), "notes": [note],
                               "table": str(later.state)}, t),
                *self._observe(obs, t, [note], unsure=later.unsure, unsure_of=later.unsure_of)]

    def _last_card_unseen(self, out: Decoded) -> list[Event]:
        """The reveal (``out``) shows the seat to move holding one card fewer than the
        referee counts, every other seat as counted: that seat laid its last card on the
        discard unseen - the one card read surely coming down there since the last move
        that fits the top and has a copy left (:attr:`Tracker.landed_once`; 13410 at 134 s:
        a green-4 read 0.74 in one frame as it landed on the yellow-4, then green-1 at 0.2,
        too unsure to count), or else the top's twin, if it was seen coming down onto it
        (:attr:`Tracker.twin_landed`; 13404 at 216 s: a joker laid on the joker, boxed
        shorter than the joker under it) or read surely lying elsewhere than the top
        (:attr:`Tracker.top_moved`; 14509 at 154 s: a joker laid on the joker, never seen
        beside it, boxed larger 0.11 card diagonals off). Any was read as no move; the
        players then ended the round, and the play was lost."""
        r, k, obs = self.referee.round, self.referee.to_move, out.observation
        if (r is None or k is None or r.turn_lost or not r.discard
                or not isinstance(obs, RoundOver)):
            return []
        shown = [len(obs.reveals.get(seat, ())) for seat in range(len(r.hand_sizes))]
        if shown != [n - (seat == k) for seat, n in enumerate(r.hand_sizes)]:
            return []
        seen, tr = self.tracker.model.seen(), self.tracker
        landed = [c for c in tr.landed_once
                  if possible(c, seen) and self._fits_discard(c) is not False]
        if len(landed) == 1 and not tr.twin_landed:
            card, why = landed[0], f"{landed[0]} was read surely coming down onto the discard"
        elif not landed and tr.twin_landed and possible(r.top, seen):
            card, why = r.top, f"a second {r.top} was seen coming down onto the discard's"
        elif not landed and tr.top_moved and possible(r.top, seen):
            card, why = r.top, f"the discard's {r.top} was read surely lying elsewhere"
        else:
            return []
        return self._unseen_before(Played(None, Move.hand(card)), out, note=(
            f"seat {k} shows one hand card fewer than it held, and {why}: read as that "
            f"{card} laid there, the round's last card"))

    def _covered_earlier(self, seat: int, colour: Colour, card: Card, t: float) -> list[Event]:
        """The tracker found that ``card``, taken for a hand play, came from under the top of
        ``seat``'s ``colour`` stack: the latest such hand play this round is corrected to
        that stack play (a covered card, told now) and the verdicts since judged again."""
        found = self._latest_this_round(None, Source.HAND, card)
        if self.referee.round is None or found is None:
            return []
        now = Played(seat, Move.from_stack(card, colour))
        note = (f"{self.referee.observations[found]} was {now}: seat {seat}'s {colour.value} "
                f"stack shows no {card} now, so that {card} came from under its top")
        return self._corrected(found, now, note, t)[0]

    def _latest_this_round(self, seat: int | None, source: Source, card: Card) -> int | None:
        """Where this round's latest play of ``card`` from ``source`` by ``seat`` (None: the
        seat to move) stands in the referee's history."""
        obs = self.referee.observations
        start = max((i for i, o in enumerate(obs) if isinstance(o, RoundStarted)), default=0)
        return next((i for i in range(len(obs) - 1, start - 1, -1)
                     if isinstance(o := obs[i], Played) and o.seat == seat
                     and o.move.source is source and o.move.card == card),
                    None)

    def _recoloured(self, out: Recoloured) -> list[Event]:
        """The tracker re-read a lone stack card as its kin colour's: the collect that laid
        it is corrected (its stack is of that colour) and the verdicts since judged again."""
        found = self._latest_this_round(out.seat, Source.COLLECT, out.was)
        if found is None:
            return []
        if not out.taken:
            self.tracker.recolour(out.seat, out.was, out.now)
        now = Played(out.seat, Move.collect(out.now))
        note = out.why or (
            f"seat {out.seat}'s {out.was}, alone on its stack, read as {out.now} more "
            f"surely than as {out.was} in {out.frames} frames since it was laid: it is "
            f"{out.now} ({now})")
        return self._corrected(found, now, note, out.timestamp)[0]

    def _second_look(self, seen: VisibleState, verdict: Verdict, t: float
                     ) -> tuple[list[Event], Verdict]:
        """Before a violation is told: was a card it rests on misread? If so, correct it
        (the verdicts since are judged again) and return the new verdict of this move."""
        assert self.look_close is not None
        look = (second_look(self.referee, seen, self.look_close,
                            laid=self.tracker.discard_laid())
                or under_look(self.referee, self.tracker.kin_share, self.look_close))
        if look is None:
            return [], verdict
        if look.last is not None:  # the move just seen went onto the card re-read
            self.referee.correct(len(self.referee.observations) - 1, look.last)
        low = look.beneath
        events, verdicts = self._corrected(look.index, look.observation, look.note, t,
                                           keep_last=True, also=() if low is None else
                                           ((low.index, low.observation),))
        if look.last is not None:
            assert look.seat is not None
            self.tracker.recolour(look.seat, look.was, look.now)
        else:
            self.tracker.reread(look.seat, look.was, look.now, under=look.depth)
        if low is not None:
            self.tracker.reread(None, low.was, low.now, under=low.depth)
        return events, verdicts[-1]

    def _corrected(self, index: int, obs: Observation, note: str, t: float,
                   keep_last: bool = False, also: Sequence[tuple[int, Observation]] = ()
                   ) -> tuple[list[Event], list[Verdict]]:
        """Observation ``index`` replaced by ``obs`` (and each of ``also``'s the same way:
        read again together, ``note`` tells of all) and everything judged again: a move held
        for an answer, or judged unsure, stays so as re-read. The events: ``note``, each new
        verdict (``corrects``), every later verdict again - but the last if ``keep_last``
        (the caller tells it) - and all verdicts."""
        fixes = sorted([*also, (index, obs)], key=lambda f: f[0])
        was = {i: self.referee.observations[i] for i, _ in fixes}
        for i, o in fixes:
            verdicts = self.referee.correct(i, o)
        for i, before in was.items():
            now = self.referee.observations[i]
            for qid, later in self._insert_before.items():  # a held move re-read stays held
                if later is before:
                    self._insert_before[qid] = now
            self._unsure = [(now if o is before else o, why, r) for o, why, r in self._unsure]
        events = [Event("status", {"message": note}, t)]
        stop = len(verdicts) - 1 if keep_last else len(verdicts)
        for i in range(fixes[0][0], len(verdicts)):
            v = verdicts[i]
            if i in was:
                events.append(Event("verdict", {**self.shown(v), "reading_notes": [note],
                                                "corrects": str(was[i])}, t))
            elif i < stop:
                events.append(Event("verdict", {**self.shown(v), "reading_notes": [],
                                                "rejudged": True}, t))
        return events, verdicts

    def _table_seen(self) -> TableSeen:
        m = self.tracker.model
        return TableSeen(m.discard[-1].card if m.discard else None,
                         tuple((seat, st.colour, st.top.card)
                               for seat, stacks in enumerate(m.stacks) for st in stacks))

    def _unseen_twins(self, obs: Played) -> list[Played]:
        """Moves the seat to move could have made unseen, when the next seat moves instead:
        laying the discard top's twin, or collecting one of its stack tops' twins."""
        k, r = self.referee.to_move, self.referee.round
        if k is None or r is None or r.turn_lost or obs.seat is None or (
                obs.seat != (k + 1) % self.rules.players):
            return []
        seen = self.tracker.model.seen()
        laid = self._laid_unseen_on_top(seen, obs)
        out = [] if laid is None else [Played(None, Move.hand(laid))]
        return out + _stack_twins(r, k, seen)

    def _laid_unseen_on_top(self, seen: Counter[Card], obs: Played) -> Card | None:
        """The card the seat to move could have laid on the discard unseen (the camera
        reading no change there): the top's twin, where a copy is left - or, where the top
        was taken as another face than the camera read it as (:attr:`TrackedCard.seen_as`)
        and the discard was read firmly as that face meanwhile, never as the top's, a card of
        that face, where it fits and a copy is left: it reads as the top did (20405 at 116.6
        s: seat 2's red-1 from its stack read red-5 where it lay; seat 3's red-5 laid on it
        read as no change, and seat 0's next move was taken for seat 3's second red-1 laid
        squarely - a phantom play, the red-5 lost). ``obs``: the next seat's move, already
        applied to the tracker's table."""
        r, tr = self.referee.round, self.tracker
        assert r is not None
        pile = tr.model.discard[:-1] if obs.move.to_discard else tr.model.discard
        read = pile[-1].seen_as if pile and pile[-1].card == r.top else None
        if (read is not None and read != r.top and possible(read, seen)
                and self._fits_discard(read) is True and read in tr.discard_faces_firm
                and r.top not in tr.discard_faces):
            return read
        return r.top if possible(r.top, seen) else None

    def _no_sign_of(self, unseen: list[Played], obs: Observation) -> bool:
        """Nothing was seen that one of the ``unseen`` moves (a twin laid squarely by the
        seat to move) leaves: no hand at any place it could lie (hidden, then seen again as
        before), and the discard read as its top whenever it showed - or as this move's
        card, laid on it - never as another card surely (from a box lying as in the frame
        before: 18708 at 54.1 s, a yellow-5 coming down read yellow-0 at 0.62 from a box 11
        px on from the last, held seat 1's play out of turn) or in two frames or more (16305
        at 67.4 s: the yellow-4 under a green-4 coming down read yellow-0 at 0.26 for a frame).
        Then the next seat's move came out of turn, far more often than a twin was laid
        unseen (the 70 development games: 9 of 12 such moves, each held for an answer
        before). A hand over the discard is a sign only while a copy of its top is left to
        lay there (14808 at 53.3 s: an arm over the discard, both yellow-4s played, held
        seat 1's jump-in). Only where the camera sees hands (cards were hidden a while and
        seen again as before, or the discard pile was out of sight in a frame): a source
        without them shows no sign of any move. Not while the turn order is in doubt (see
        :meth:`_follow_turn`)."""
        tr, r = self.tracker, self.referee.round
        if r is None or not r.discard or not tr.hands_seen or self._turn_doubted:
            return False
        if any(self._hand_at(u, obs) for u in unseen):
            return False  # a hand where a twin could lie (the discard's, if a copy is left)
        tops = {r.top, *(c.seen_as for c in tr.model.discard[-2:])}
        if isinstance(obs, Played) and obs.move.to_discard:
            tops.add(obs.move.card)
        return bool(tr.discard_faces_firm) and tr.discard_faces_firm <= tops

    def _hand_at(self, twin: Played, obs: Observation | None = None) -> bool:
        """A hand was where ``twin`` would have been laid (:attr:`Tracker.touched`), and it
        could have been laid there by the rules: collecting the twin of a stack top that fits
        the discard breaks the forced-play rule (the top had to be played), so a hand at that
        stack is no sign of it (12201 at 160 s: seat 0's pink-3 hidden 0.8 s by an arm while
        it was to move, the yellow-3 on the discard; seat 1's joker played out of turn was
        read as seat 0's second pink-3 collected unseen - a phantom move, two false alerts
        and the out-of-turn alert missed). Nor is a hand at the discard when the move seen,
        ``obs``, lays a card of the twin's face there itself: its own hand hid the discard,
        and the second card showing there is its own (17110 at 41.6 s: seat 1's joker laid
        out of turn squarely on the joker was read as seat 0's joker laid unseen, then seat
        1's - a phantom move, and the out-of-turn alert lost)."""
        if (_place(twin) is None and isinstance(obs, Played) and obs.move.to_discard
                and obs.move.card == twin.move.card):
            return False
        return _place(twin) in self.tracker.touched and not (
            twin.move.source is Source.COLLECT and self._fits_discard(twin.move.card) is True)

    def _touched(self, twins: Sequence[Played], obs: Observation | None = None
                 ) -> list[Played]:
        """Of ``twins``, those where a hand was (see :meth:`_hand_at`) - only those at a
        stack where a second card with its top's face lay beside the top
        (:attr:`Tracker.twin_beside`), if any: an arm reaching for one stack hides the
        discard or the seat's other stacks too (13404 at 167 s: seat 2's green-1 laid on its
        green-1, seen beside it, while the arm hid its red-1 stack too; both were taken as
        touched, no twin was taken as laid, and seat 3's next move was held as out of
        turn)."""
        touched = [u for u in twins if self._hand_at(u, obs)]
        beside = [u for u in touched if _place(u) in self.tracker.twin_beside]
        return beside or touched

    def _follow_turn(self, obs: Played) -> None:
        """Before ``obs`` is judged: a hand play whose card was read in one seat's zone on its
        way, another seat than the one to move, puts the turn order in doubt (10902 at 112 s:
        a yellow-2 laid on the red-2 read red-2 at 0.95, unseen; the next four hand plays each
        came from the seat after the one the referee had to move, and a seat's collect in
        turn was then told out of turn). One from the seat to move clears the doubt, and so
        does a move that names its seat."""
        came, k = self.tracker.hand_from, self.referee.to_move
        if obs.seat is not None:
            self._turn_doubted = False
        elif len(came) == 1 and k is not None:
            self._turn_doubted = k not in came

    def _landed_unread(self, obs: Played) -> Played | None:
        """``obs`` came from the seat after the one to move, and meanwhile one card other than
        the discard top was read surely on the discard (in two frames or more) that fits the
        top and has a copy left: the seat to move laid it there, and the camera has read it
        as the card below since (9909 at 163 s: a red-2 laid on the red-0, read red-2 at 0.8
        as it landed, then red-0 at 0.45). Not a joker (its wish is not known), nor the card
        ``obs`` lays on the discard: that is its own card, read so as it landed (14503 at
        128.9 s: seat 3's red-5, played from its stack out of turn and read red-0 since,
        was laid a second time, from seat 2's hand - a phantom and three false alerts). The
        face the top is read as counts where it was read surely landing before ``obs``'s card
        (:attr:`Tracker.read_before_top`; 20108 at 54.7-57.6 s: seat 0's yellow-5, then
        seat 1's yellow-0 from its stack over it, taken as the yellow-0 read yellow-5)."""
        r, seen = self.referee.round, self.tracker.model.seen()
        if r is None or not r.discard:
            return None
        own = obs.move.card if obs.move.to_discard else None
        read = self.tracker.landed | self.tracker.read_before_top
        cards = [c for c in read if not c.is_joker and c != r.top
                 and c != own and self._fits_discard(c) and possible(c, seen)]
        return Played(None, Move.hand(cards[0])) if len(cards) == 1 else None

    def _blind_play(self, obs: Played) -> tuple[Played, list[Played]] | None:
        """``obs``, a hand play, before it is judged: when its hand went unseen (its card read
        in no seat's zone on its way), the moves the seat to move could have made unseen
        before it - collecting one of its stack tops' twins where a hand was (the discard
        is touched by ``obs``'s own hand). Kept for the next move (see
        :meth:`_turn_passed_before_blind`)."""
        k, r = self.referee.to_move, self.referee.round
        if (obs.seat is not None or not obs.move.to_discard or self.tracker.hand_from
                or k is None or r is None or r.turn_lost):
            return None
        twins = self._touched(_stack_twins(r, k, self.tracker.model.seen()), obs)
        return (obs, twins) if twins else None

    def _turn_passed_before_blind(self, out: Decoded) -> list[Event]:
        """A hand play read coming from the seat after the one to move, right after a hand
        play whose hand went unseen, taken for that seat's: the seat before had made a move
        unseen - the one place where it could have collected a twin squarely was touched
        (see :meth:`_blind_play`) - and the unseen hand play was the next seat's. That move
        goes in before it (20504 at 129.6 s: seat 2's green-3 collected squarely onto its
        green-3, a hand seen there; seat 3's joker was taken for seat 2's, and the three
        hand plays after each came from the seat after the one to move, until seat 3's play
        from its stack was held as out of turn - a move lost, a question and a round's
        scores wrong)."""
        obs, blind, self._blind = out.observation, self._blind, None
        k, n = self.referee.to_move, self.rules.players
        if (blind is None or k is None or not isinstance(obs, Played) or obs.seat is not None
                or self.tracker.hand_from != {(k + 1) % n} or len(blind[1]) != 1):
            return []
        played, (twin,) = blind
        i = self._at(played)
        if i is None or not all(isinstance(o, WishSpoken)  # (the joker's wish, if any)
                                for o in self.referee.observations[i + 1:]):
            return []
        note = (f"{obs} came from seat {(k + 1) % n}'s side while seat {k} was to move, and the "
                f"hand play before it, {played}, was seen from no seat while a hand was at "
                f"seat {twin.seat}'s {twin.move.stack.value if twin.move.stack else ''} stack: "
                f"read as seat {twin.seat} collecting the other {twin.move.card} squarely "
                f"there unseen ({twin}), then {played} from seat {k}")
        return self._put_in(i, twin, out.timestamp, [note], unseen=True)

    def _twin_before_hand(self, out: Decoded) -> list[Event]:
        """A card played from a hand, after a second card with the face of one stack top of
        the seat to move lay beside that top (and was never read on the discard) - or a loose
        card with the discard top's face lay at that seat: that seat laid the twin squarely,
        unseen, and the hand play is the next seat's (a hand play names no seat: it is the
        turn's). Not when both could be, nor when the twin or its kin (red and pink, the same
        value) is the card played. The next seat
        is asked the same, and so on: two seats in a row may each lay a twin on their own
        (11408 at 92-96 s: seat 1's red-1 on its red-1, seat 2's yellow-0 on its yellow-0,
        then seat 3's hand play; before, only seat 1's was seen, and seat 3's next moves
        looked out of turn)."""
        obs, tr = out.observation, self.tracker
        if not isinstance(obs, Played) or obs.seat is not None or not obs.move.to_discard:
            return []
        events: list[Event] = []
        for _ in range(self.rules.players - 1):
            k, r = self.referee.to_move, self.referee.round
            if k is None or r is None or r.turn_lost:
                break
            seen = tr.model.seen()
            twins = [u for u in _stack_twins(r, k, seen) if _place(u) in tr.twin_beside
                     and u.move.card not in tr.discard_faces]
            if (k, r.top) in tr.top_in_hand and possible(r.top, seen):  # or the top's twin
                twins.append(Played(None, Move.hand(r.top)))
            if len(twins) != 1 or obs.move.card in (twins[0].move.card, kin_of(twins[0].move.card)):
                break  # (its kin: that card read as the top's face on its way - 15405 at 39 s,
                # seat 0's pink-2 read red-2 beside its red-2 stack, then laid on the discard)
            events += self._unseen_before(twins[0], out)
        return events

    def _take_back(self, out: Misread, move: Played) -> list[Event]:
        """The tracker found its last move, a hand play or a collect, a misread: the referee
        takes it back (the last observation, as the tracker told it or as re-read since), its
        alerts with it."""
        obs = self.referee.observations
        last = obs[-1] if obs else None
        if not (isinstance(last, Played) and last.seat == move.seat
                and last.move.source is move.move.source):
            return [Event("status", {"message": out.text, "table": str(out.state)},
                          out.timestamp)]
        last = self.referee.undo()
        self._unsure = [(o, why, r) for o, why, r in self._unsure if o is not last]
        return [Event("status", {"message": f"{out.text}: taken back", "takes_back": str(move),
                                 "table": str(out.state)}, out.timestamp)]

    def _bridged(self, out: Decoded) -> list[Event]:
        """A hand card (one that fits no discard top, or fits both), or a card the next seat
        played from its stack, and a card read surely on the discard before it that bridges
        them (see :mod:`vision.bridge`): laid there unseen by the seat to move (this card is
        the next seat's), or - for a hand card - the top itself, misread (its play is
        corrected, and the verdicts since judged again)."""
        obs, r, k = out.observation, self.referee.round, self.referee.to_move
        if not isinstance(obs, Played) or not obs.move.to_discard or (
                out.paired or r is None or r.turn_lost):
            return []  # not on top of two moves read from one change: no guess on a guess
        if obs.seat is not None:  # 11008 at 120 s: a pink-2 read 0.3 s as it landed, then
            # not found for 4 s, covered by the next seat's pink-0
            next_seat = k is not None and obs.seat == (k + 1) % self.rules.players
            return self._laid_unseen(out, obs.move.card, r, "from the next seat's stack") \
                if next_seat else []
        if self._fits_discard(obs.move.card) is not False:
            # ... or it fits both: the card between them lay there a second or more before
            # it came (13505 at 90.7 s: a pink-4 read 0.65-0.68 as it landed on the pink-1,
            # then the pink-1 read 0.3 where it lay, until the next seat's pink-5 came;
            # 13510 at 74.7 s: a pink-1 read 0.7 for 2.4 s, waited out as perhaps seat 0's
            # pink-1 misread, then the pink-2 on it)
            # - but not the card under it read as it always was (13506 at 28 s: the green-2
            # under the green-1, read green-0 at 0.5 where it lay)
            under = self.tracker.model.discard[-2:-1]
            return self._laid_unseen(out, obs.move.card, r, "and fits it too",
                                     {f for c in under for f in (c.card, c.seen_as)})
        # ... read surely in one frame only as it came down, if no other card bridges them
        # (13608 at 161 s: a red-0 read 0.64 as it landed on the red-5, then 0.26, then the
        # discard hidden 1.8 s, and the next seat's pink-0 on it)
        return (self._laid_unseen(out, obs.move.card, r, f"and fits it, not {r.top}")
                or self._top_misread(out, obs.move.card, r)
                or self._laid_unseen(out, obs.move.card, r, f"and fits it, not {r.top}",
                                     one_frame=True))

    def _laid_unseen(self, out: Decoded, card: Card, r: PublicRound, how: str,
                     not_bridges: Collection[Card] = (), one_frame: bool = False
                     ) -> list[Event]:
        """``not_bridges``: faces that are no bridge (the card under ``card`` as read);
        ``one_frame``: cards read surely in a frame count (:attr:`Tracker.landed_in_a_frame`),
        not only those read so in a few (:attr:`Tracker.landed`)."""
        tr, k = self.tracker, self.referee.to_move
        # the tops of the seat to move that the table no longer shows: one may be the card
        gone = {cards[-1]: colour for colour, cards in r.stacks[k].items()
                if cards and all(p.top != cards[-1] for p in out.state.seats[k])
                } if k is not None else {}
        early = {c: tr.landed_first[c] for c in (tr.landed_in_a_frame if one_frame
                                                 else tr.landed)
                 if c in tr.landed_first and c not in not_bridges}
        laid = laid_between(card, r.top, r.wish, early,
                            tr.landed_first.get(card, out.timestamp),
                            tr.model.seen() - Counter(list(gone)))
        if laid is None:
            return []
        unseen = (Played(k, Move.from_stack(laid, gone[laid])) if laid in gone
                  else Played(None, Move.hand(laid)))
        return self._unseen_before(unseen, out, note=(
            f"{laid} was read on the discard while seat {k} was to move, {card} came on it "
            f"later {how}: read as {unseen} unseen, then this card"
            + (" (the joker's wish was not seen)" if laid.is_joker else "")))

    def _top_misread(self, out: Decoded, card: Card, r: PublicRound) -> list[Event]:
        tr = self.tracker
        found = self._latest_this_round(None, Source.HAND, r.top)
        if found is None or len(r.discard) < 2 or len(tr.model.discard) < 2 or any(
                isinstance(o, Played) and o.move.to_discard
                for o in self.referee.observations[found + 1:]):
            return []  # the top did not come from a hand, or the tracker lost it
        under = tr.model.discard[-2]  # the top, under the card just landed
        was = misread_top(card, r.top, r.discard[-2], under.glimpsed or (), tr.model.seen()) \
            if under.card == r.top else None
        if was is None:
            return []
        note = (f"{was} was read on the discard as the card now under {card} landed, and "
                f"{r.top} since: {card} fits {was}, not {r.top}: read as {was}")
        events = self._corrected(found, Played(None, Move.hand(was)), note, out.timestamp)[0]
        tr.reread(None, r.top, was, under=1)
        return events

    def _twins_out_of_turn(self, obs: Played) -> list[Played]:
        """Seats other than the one to move where a second card with the face of one stack
        top lay beside it for two frames or more since the last move, read surely off the
        stack (the twin in a hand, not a card misread; 11207 at 121 s: a red-0 read 0.5
        beside seat 0's red-0), never read on the discard: each laid that twin squarely on
        its top, out of turn (11307 at 75 s: seat 1's other green-3 brought over its green-3
        and laid on it; 10809 at 77 s: seat 1's pink-2). The referee then flags the collect
        out of turn; before, the cheat went unseen and the round's scores were wrong. The
        seat moving now counts too, at another stack than its move's and with another card
        (14102 at 101 s: seat 1's second yellow-3 laid on it, then seat 1 collected a
        green-3; the twin went unseen). A twin read as laid unseen in its seat's turn has
        spent that sight (:meth:`Tracker.add_unseen`)."""
        k, r, tr = self.referee.to_move, self.referee.round, self.tracker
        if k is None or r is None or r.turn_lost:
            return []
        seen = tr.model.seen()
        out: list[Played] = []
        for seat in range(self.rules.players):
            if seat == k:
                continue
            twins = [u for u in _stack_twins(r, seat, seen) if _place(u) in tr.twin_beside
                     and _place(u) in tr.twin_held and u.move.card not in tr.discard_faces
                     and not (seat == obs.seat and (_place(u) == _place(obs)
                                                    or u.move.card == obs.move.card))]
            if len(twins) == 1:
                out.append(twins[0])
                seen[twins[0].move.card] += 1
        return out

    def _seats_skipped(self, obs: Played) -> int:
        """How many seats ``obs`` came after the seat to move (0: in turn, or not known -
        a hand play names no seat, or the turn order is lost)."""
        k, r = self.referee.to_move, self.referee.round
        if k is None or r is None or r.turn_lost or obs.seat is None:
            return 0
        return (obs.seat - k) % self.rules.players

    def _touched_twins(self, obs: Played) -> list[Played]:
        """When ``obs`` comes two seats or more after the seat to move: if a hand was at
        exactly one stack of each seat skipped (and not at the discard), where that stack
        top's twin could still be laid, each laid that twin squarely, unseen, in turn."""
        k, r, gap = self.referee.to_move, self.referee.round, self._seats_skipped(obs)
        if k is None or r is None or gap < 2 or None in self.tracker.touched:
            return []
        seen = self.tracker.model.seen()
        out: list[Played] = []
        for seat in ((k + i) % self.rules.players for i in range(gap)):
            twins = self._touched(_stack_twins(r, seat, seen))
            if len(twins) != 1:
                return []
            out.append(twins[0])
            seen[twins[0].move.card] += 1
        return out

    def _twin_seen_beside(self, obs: Played) -> list[Played]:
        """When ``obs`` comes two seats or more after the seat to move, and not every seat
        skipped laid a twin (see :meth:`_touched_twins`): a second card with the face of one
        stack top of the seat to move, read beside it (:attr:`Tracker.twin_beside`), was
        laid squarely on it by that seat in its turn, if a copy is left; ``obs`` is still
        out of turn (13703 at 48.3 s: seat 2's second yellow-5 read coming in beside its
        yellow-5 for three frames, then on it; seat 1 moved next, out of turn - the collect
        was lost, and seat 2's later play of its top was read as a hand play)."""
        k, r = self.referee.to_move, self.referee.round
        if k is None or r is None or self._seats_skipped(obs) < 2:
            return []
        twins = [u for u in _stack_twins(r, k, self.tracker.model.seen())
                 if _place(u) in self.tracker.twin_beside]
        return twins if len(twins) == 1 else []

    def _observe(self, obs: Observation, t: float, notes: list[str] | None = None,
                 seen: VisibleState | None = None, read: float | None = None,
                 unsure: str | None = None, unsure_of: frozenset[Rule] | None = None
                 ) -> list[Event]:
        """Judge ``obs``; ``seen``: the table the camera saw it on (a move it saw itself),
        ``read``: how surely it read the card moved, ``unsure``: why the tracker doubts the
        table it is judged on (its alerts of ``unsure_of``'s rules - None: all - are then
        told as unsure; 16607 at 76.4 s: a covered card played after the discard was out of
        sight 2 s was held back with the not-fitting alert that a card laid unseen could
        undo)."""
        r = self.referee.round
        before = (r.turn_lost, r.top, r.wish) if r is not None and r.discard else None
        try:
            verdict = self.referee.observe(obs)
        except Exception as exc:  # an engine fault must not stop the table
            return [Event("status", {"message": f"the referee could not judge {obs}: {exc!r}",
                                     "error": True}, t)]
        events: list[Event] = []
        if seen is not None and self.look_close is not None and verdict.violations:
            events, verdict = self._second_look(seen, verdict, t)
        if verdict.violations:
            why, rules = unsure, unsure_of
            if why is None and seen is not None:
                why = doubt(verdict, seen, read, before, self.tracker.model, self.sure_read)
            if why is not None:
                self._unsure.append((verdict.observation, why, rules))
        shown = self.shown(verdict)
        read_as = {} if verdict.observation == obs else {"read_as": str(obs)}  # re-read since
        events.append(Event("verdict", {**shown, "reading_notes": notes or [], **read_as}, t))
        if shown["violations"] or verdict.anomalies:
            self.last.flagged = frozenset(_flagged_cards(verdict))
        if isinstance(obs, RoundStarted):
            self._count_doubted = False
        if RESHUFFLED in verdict.notes:
            self.tracker.reshuffled()
        if any(n.startswith("round over") for n in verdict.notes) and not self._count_doubted:
            self.tracker.expect_reveal(self._hand_counts(), counted=True)
            events.append(Event("status", {"message": "round over: lay your hand cards face "
                                           "up"}, t))
        if isinstance(obs, RoundOver):
            events.append(Event("round-over", {"reveals": {str(k): [str(c) for c in v]
                                                           for k, v in obs.reveals.items()}}, t))
            events.append(Event("scores", {"scores": verdict.scores, "totals": verdict.totals,
                                           "winners": list(verdict.winners)
                                           if verdict.winners is not None else None}, t))
        return events


def _stack_twins(r: PublicRound, seat: int, seen: Counter[Card]) -> list[Played]:
    """Collecting the twin of one of the seat's stack tops, where a copy is left to lay."""
    return [Played(seat, Move.collect(cards[-1], colour))
            for colour, cards in r.stacks[seat].items() if cards and possible(cards[-1], seen)]


def _place(obs: Played) -> Place:
    """Where an unseen twin would have been laid: the discard (None) or a seat's stack."""
    if obs.move.to_discard or obs.seat is None or obs.move.stack is None:
        return None
    return obs.seat, obs.move.stack


def _flagged_cards(verdict: Verdict) -> set[str]:
    cards = {str(c) for v in verdict.violations for c in v.cards}
    cards |= {str(c) for a in verdict.anomalies for c in a.cards}
    obs = verdict.observation
    if isinstance(obs, Played):
        cards.add(str(obs.move.card))
    return cards
