"""A full ordering of a recent state, made a few steps per event (A-ORDER-1): the trial log
the re-evaluation after an event reads is kept recent.

After an event, ``passive_order.reorder`` answers from the trial log of the last full
ordering (``passive_replay``, ``passive_rechoose``, ``passive_cone``): they compare the new
state with the log's, so every event since the log adds to what they compare, and once
too much has changed (more than 16 passives moved in the order, more than 24 or 32
objects changed, a source that changed hands and whose selection other passives change)
they give up and the whole ordering is made again: 0.1 s on the dense board of 5,000
objects of ``benchmarks/dependency.py``, 0.3 s on 10,000, once every 16 to 40 events.

Here, once an event has been answered from a log ``Pace.after`` events old, if the log's
ordering took longer than an event may (``Pace.limit``) but not so long that it would
take many events in steps (``Pace.most``), the full ordering of that event's state starts,
in steps (``passive_order._Orderer.steps``): the
first comparisons a few passives at a time, one round (one passive applied), the deferred
numbers of a few objects, each index of the log. Each later event answered from the old
log makes steps while the event's own time and the next step's (the longest of its kind
measured) fit in ``Pace.limit``. When the last step is made, the next answer carries the
new log; the event's answer itself is the one the old log gave, and every fast path gives
the answer of a full ordering of the new state from any log of the same game (the oracles
of ``tests/test_passive_reorder_oracle.py`` and ``tests/test_passive_rebase.py``). So the
steps decide how long an event takes, never what it answers.

An ordering in steps belongs to the state it started from, so answers derived from the
same one (two continuations of one game) share it; a thread finding it busy makes no
step. ``Pace.steps`` makes a fixed number of steps per event instead of timing them (the
tests).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, replace
from enum import Enum
from typing import TYPE_CHECKING

from arbiter.model.passive_log import TrialLog
from arbiter.model.state import GameState

if TYPE_CHECKING:
    from arbiter.model.passive_order import Ordering


class Step(Enum):
    """The kind of the next step of a full ordering made in steps (``_Orderer.steps``)."""

    COMPARE = "compare"  # the first comparisons of a few passives
    ROUND = "round"  # one passive chosen and applied, the pairs it changed compared again
    FLUSH = "flush"  # the deferred number modifications of a few objects
    FOLLOW = "follow"  # the log's index of lines (``passive_follow``)
    KNOWN = "known"  # the log's index for the cone (``passive_cone_board``)


# the ordering of a state in steps (``passive_order._Orderer.steps``)
Steps = Generator[Step, None, "Ordering"]


@dataclass(frozen=True, slots=True)
class Pace:
    """How a full ordering in steps advances during the events answered from an older log."""

    # events answered from a log before the ordering of a newer state starts (None: never)
    after: int | None = 4
    limit: float = 0.040  # seconds an event may take, its steps included (perf_counter)
    # the longest full ordering (seconds) made in steps: a longer one takes so many events
    # that the log it gives is about as old as those the fast layers give up on, and the
    # steps only add to every event (measured on the dense boards, docs/benchmarks.md)
    most: float = 0.2
    steps: int | None = None  # a fixed number of steps per event, untimed (tests)


PACE = Pace()
# The first guess of a step's duration before one of its kind was measured: per object of
# the state for the steps over every object (a little more than measured on the dense
# boards: starting an ordering about 2 microseconds per object, its indexes 1 and 0.5),
# and for the small steps (a few passives compared, one round, a few objects' numbers).
_PER_OBJECT = {None: 2.5e-6, Step.FOLLOW: 1.2e-6, Step.KNOWN: 0.8e-6}
_SMALL = 2e-3
# A step that did not fit is guessed shorter by this factor at each event it waits (a step
# measured long once, by a pause of the machine, would otherwise never be made again).
_WAITED = 0.8
# The kinds of step made hundreds of times per ordering, guessed by their running mean
# (the numbers of a few objects vary too much from one step to the next: the longest).
_MANY = frozenset({Step.COMPARE, Step.ROUND})


class Rebase:
    """The full ordering of ``state`` being made in steps; ``done`` once it is made."""

    def __init__(
        self,
        state: GameState,
        steps_of: Callable[[GameState], Steps],
        costs: dict[Step | None, float] | None = None,
    ) -> None:
        self.state = state
        self.steps_of = steps_of
        self.done: Ordering | None = None
        self.made = 0  # steps made
        self.took = 0.0  # seconds they took
        self._steps: Steps | None = None
        self._next: Step | None = None  # None: the orderer is not built yet
        # the longest duration of each kind of step measured (seconds), decaying
        self.costs: dict[Step | None, float] = dict(costs or {})
        self._lock = threading.Lock()

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled (or deep-copied) as the same ordering not started yet: a generator and a
        lock cannot be, and the steps made are only time saved."""
        return (Rebase, (self.state, self.steps_of, self.costs))

    def estimate(self, kind: Step | None) -> float:
        got = self.costs.get(kind)
        if got is not None:
            return got
        return _PER_OBJECT.get(kind, 0.0) * len(self.state.objects) or _SMALL

    def advance(self, pace: Pace, start: float) -> Ordering | None:
        """Make steps as ``pace`` allows in an event that started at ``start``
        (``time.perf_counter``); the ordering once its last step is made."""
        if self.done is not None or not self._lock.acquire(blocking=False):
            return self.done
        try:
            made = 0
            while self.done is None:
                if pace.steps is not None:
                    if made >= pace.steps:
                        break
                elif time.perf_counter() - start + self.estimate(self._next) > pace.limit:
                    self.costs[self._next] = self.estimate(self._next) * _WAITED
                    break
                self._step()
                made += 1
        finally:
            self._lock.release()
        return self.done

    def _step(self) -> None:
        kind, began = self._next, time.perf_counter()
        try:
            if self._steps is None:
                self._steps = self.steps_of(self.state)
            self._next = next(self._steps)
        except StopIteration as stop:
            self.done = stop.value
            self._steps = None
        self.made += 1
        took = time.perf_counter() - began
        self.took += took
        was = self.costs.get(kind)
        if was is None:
            self.costs[kind] = took
        elif kind in _MANY:  # a running mean: one long step among hundreds is overrun once
            self.costs[kind] = was * 0.9 + took * 0.1
        else:  # the longest measured, decaying
            self.costs[kind] = max(took, was * 0.75)
        if self.done is not None and self.done.log is not None:
            self.done.log.took = self.took


def follow_up(
    previous: Ordering,
    got: Ordering,
    new: GameState,
    pace: Pace,
    start: float,
    steps_of: Callable[[GameState], Steps],
) -> Ordering:
    """``got``, answered for ``new`` from the trial log of ``previous``, with the ordering in
    steps advanced (started when the log is ``pace.after`` events old) and, once it is made,
    its log in place of the old one. A finished ordering in steps stays on the answers that
    carry its log: the next one starts with the durations it measured."""
    if got.log is not previous.log or got.log is None:
        return got
    since = previous.since + 1
    rebase = previous.rebase
    if rebase is None or (rebase.done is not None and rebase.done.log is got.log):
        took = got.log.took
        if (
            pace.after is None
            or since < pace.after
            or (pace.steps is None and took is not None and not pace.limit < took <= pace.most)
        ):  # (a full ordering fits an event, or would take too many in steps)
            return replace(got, since=since, rebase=rebase)
        rebase = Rebase(new, steps_of, rebase.costs if rebase is not None else None)
    done = rebase.advance(pace, start)
    if done is None:
        return replace(got, since=since, rebase=rebase)
    _carry(got.log, done.log)
    return replace(got, log=done.log, since=0, rebase=rebase)


def _carry(old: TrialLog, new: TrialLog | None) -> None:
    """The versions of objects the old log's re-evaluations made (``passive_rechoose_memo``:
    a function of the passive, the object, the timestamp and the rounding, whatever the
    log), shared with the new log: the same objects are re-derived at the next events."""
    if (
        old.follow is not None
        and new is not None
        and new.follow is not None
        and not new.follow.memo.versions
    ):
        new.follow.memo.versions = old.follow.memo.versions
