"""Making the order of passives again from the trial log when, besides the objects that
``passive_rechoose`` follows, passives stopped (their source left play) or select again
(their source changed controller and they select by side), for ``passive_replay``
(A-PASS-1, A-DEP-1, A-DEP-2, A-ORDER-1).

``passive_rechoose`` compares each round of the new order with a round ``j`` of the
previous one: a passive not *moved* is applied by the new order exactly when the previous
one had applied it by round ``j``, and only the *followed* objects may differ between the
two partial boards. Both kinds of passive fit that frame:

**A stopped passive is one the new order applied before its first round.** Its source
left play and nothing else of it changed (``passive_replay_checks._leaves``), so on the
new board it exists in no round (A-PASS-1): it is in no pair (A-DEP-1 compares existing
passives), it is never applied and it changes nothing. A moved passive applied earlier
than before is treated in ``passive_rechoose`` exactly that way once applied: it leaves
the graph with its pairs, it counts among the moved ones (so it is *displaced* until the
previous order passes its round, and the passives that waited for it in the log, kept in
``into_gone``, are looked at again, A-DEP-2), and the alignment holds for every other
passive. Applying it "before round 0" changes no object, so the objects it applied to in
the previous order differ from then on: they are followed from the start (their versions
now lack its effect; its source is followed too, being changed). It is put among ``X``
without its pairs (it has none), so that no check asks for them: a conditional passive
selecting a followed object is refused unless in ``X`` because its A-DEP-1c may have a
target in common there, which a passive that does not exist cannot have. When ``j``
reaches its round the previous order applies it and nothing happens on the new board:
``j`` passes it. It must have been applied in the previous order (one that ceased there
is refused), and it is left out of the result (its step, targets, edges, arrows).

**A passive that selects again is one whose targets alone change.** Its targets are
selected again by ``passive_replay_checks._selected_again``, which answers only for a
passive with no condition, whose writes no passive reads (no pair (A, S) in the log or
now) and whose selector reads nothing another passive writes (no pair (S, B) by A-DEP-1b;
A-DEP-1c needs a condition; A-DEP-1a reads its source, which is followed, and a
``LOSE_ALL`` able to select a followed source is refused by ``passive_rechoose``): its
targets are the same in every round, on the previous board (its targets then) and on the
new one (those ``_selected_again`` gives). Both sets are followed from the start: at its
turn it is applied to each followed object it selects with its source now, and the
objects outside both are its targets on neither board. A change of the queue of
timestamps (its source's controller breaks ties) is refused by ``passive_rechoose``.

Anything else is refused as in ``passive_rechoose``; the tests compare every answer with
a full recomputation.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from arbiter.model import passive_follow as follow
from arbiter.model import passives as pv
from arbiter.model.passive_rechoose import MOST_FOLLOWED, _Refused, _Simulation
from arbiter.model.state import GameState

if TYPE_CHECKING:
    from arbiter.model.passive_log import TrialLog
    from arbiter.model.passive_order import Ordering


def rechoose_sources(
    origin: Ordering,
    stored: GameState,
    new: GameState,
    log: TrialLog,
    index: follow.FollowIndex,
    dirty: Sequence[str],
    stopped: Collection[str],
    followed: Collection[str],
) -> Ordering | None:
    """The ordering of ``new`` made again from ``origin``'s trial log with the passives of
    ``stopped`` absent and the objects of ``followed`` (the targets of the stopped ones and
    of those that select again, before and after) followed from the start; None where
    ``passive_rechoose`` refuses (see the module's text)."""
    if any(pv.counts_others(p) for p in origin.passives.values()):
        return None
    if any(pid not in index.pos for pid in stopped):
        return None  # it ceased in the previous order: it may cease elsewhere now
    every = sorted(set(dirty) | set(followed))
    if len(every) > MOST_FOLLOWED:
        return None
    try:
        return _Absent(origin, stored, new, log, index, frozenset(stopped)).run(every)
    except _Refused:
        return None


class _Absent(_Simulation):
    """``passive_rechoose``'s simulation with the passives of ``stopped`` applied before
    the first round (they change nothing) and left out of the result."""

    def __init__(
        self,
        origin: Ordering,
        stored: GameState,
        new: GameState,
        log: TrialLog,
        index: follow.FollowIndex,
        stopped: frozenset[str],
    ) -> None:
        super().__init__(origin, stored, new, log, index)
        self.stopped = stopped
        for pid in sorted(stopped):
            self.x.add(pid)  # no pair of it is asked for (it has none)
            self.moved.add(pid)
            self.into_gone[pid] = set()  # filled from the log as rounds are read
            self.drop(pid)

    def choose(self) -> str:
        # the previous order's step of a stopped passive: nothing happens on the new board
        while self.j < self.n and self.old[self.j] in self.stopped:
            self.advance()
        return super().choose()

    def result(self) -> Ordering:
        got = super().result()
        gone = self.stopped
        if not gone:
            return got
        return replace(
            got,
            edges=tuple(e for e in got.edges if e.dependent not in gone and e.on not in gone),
            cycles=tuple(c for c in got.cycles if not gone.intersection(c)),
            passives={pid: p for pid, p in got.passives.items() if pid not in gone},
            stamps={pid: s for pid, s in got.stamps.items() if pid not in gone},
            applied_to={pid: t for pid, t in got.applied_to.items() if pid not in gone},
            held=got.held - gone,
        )
