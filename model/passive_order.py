"""The order of passive abilities (A-PASS-3, A-DEP-2, A-ORDER-1) and the state after them.

This is the one place the characteristics after passives are derived (A-PASS-1):
``after_passives(state)``. The view, the text report and every rule of the game
that reads a characteristic, a feature or a keyword (Dusk totals, Defender,
Eternal, Tough, Gigantic, conditions) call it explicitly; no result depends on
which modules were imported.

Every active passive starts unapplied. Direct dependencies between unapplied
passives are found by trial application on the partial state (A-DEP-1,
Decision A-DEP-3, ``model.passive_trial.trial``), only for the pairs whose channels
can interact (what [B] writes against what [A] reads). They are kept in a
small directed graph; [A] depends on [B] when [B] is reachable from [A] (the
transitive closure, A-DEP-2). [A] is free when every unapplied passive it
depends on also depends on it; the free one with the smallest timestamp is
applied next (A-ORDER-1), and only the pairs that read or write what it changed
are trial-applied again. A cycle therefore falls back to timestamp order and
is reported as an arrow path.

After an event, the previous derivation is reused when the event changed no
channel any passive reads: its order and targets stay, and only the changed
objects are recomputed (A-PASS-1 still holds: they start again from base).
The state after passives is marked ``derived`` (a field of ``GameState``), so it
is never derived twice; the reuse goes through a small bounded memo that is a
pure cache: no answer depends on earlier calls (tested with the memo disabled).
The graph is plain Python (the model imports no graph library); ``arbiter.solver.dependency.order``
draws and explains it.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from arbiter.model import passive_order_pairs
from arbiter.model import passive_trial as pt
from arbiter.model import passives as pv
from arbiter.model.passive_graph import DependencyGraph
from arbiter.model.passive_log import TrialLog
from arbiter.model.passive_rebase import Step
from arbiter.model.state import GameObject, GameState
from arbiter.model.trace import RuleStep

if TYPE_CHECKING:
    from arbiter.model.passive_rebase import Pace, Rebase


@dataclass(frozen=True, slots=True)
class Edge:
    """A direct dependency seen while ordering: [dependent] depends on [on]."""

    dependent: str
    on: str
    reasons: tuple[str, ...]
    round: int  # how many passives were applied when it was first seen
    because: tuple[RuleStep, ...] = ()


@dataclass(frozen=True, slots=True)
class Choice:
    """One step of the order and why that passive was next (A-ORDER-1)."""

    passive: str
    timestamp: int
    waiting: tuple[tuple[str, tuple[str, ...]], ...] = ()  # earlier stamps not free, and on what
    mutual: tuple[str, ...] = ()  # unapplied passives it depends on that depend on it
    ceased: tuple[str, ...] = ()  # passives that stopped existing before this step (A-DEP-1a)


@dataclass(frozen=True)
class Ordering:
    """The passives applied to a state, in order, with the explanation and the result."""

    state: GameState  # the state after every passive (what the view shows)
    order: tuple[str, ...]
    choices: tuple[Choice, ...]
    edges: tuple[Edge, ...]
    cycles: tuple[tuple[str, ...], ...]  # arrow paths, first node repeated at the end
    passives: Mapping[str, pv.Passive]
    stamps: Mapping[str, int]
    applied_to: Mapping[str, frozenset[str]] = field(default_factory=dict)
    held: frozenset[str] = frozenset()  # passives that existed, their condition held, at their turn
    trials: int = 0  # pairs compared by trial application
    applications: int = 0  # trial applications of a passive on the partial state
    reused: bool = False
    # every trial made, for re-evaluating after an event (``passive_replay``)
    log: TrialLog | None = field(default=None, compare=False, repr=False)
    # events re-evaluated from ``log`` since it was made, and the full ordering of a later
    # state being made a few steps per event meanwhile (``passive_rebase``)
    since: int = field(default=0, compare=False, repr=False)
    rebase: Rebase | None = field(default=None, compare=False, repr=False)


_B = "A-DEP-1b"
FLUSHED = 500  # objects whose deferred numbers one step of ``steps`` makes
_NO_EDGES: dict[str, pt.Dependence] = {}


class _Orderer:
    """One run of A-ORDER-1 on one state: the partial state, the graph, what is cached."""

    def __init__(self, state: GameState) -> None:
        self.base = state
        self.board = pt.Board(state)
        self.initial = self.board.indexes()  # for the trial log's index (``_index``)
        # ``pv.active_passives`` (an object without abilities passed over first), by id
        found = sorted(
            (
                p
                for o in self.board.objects.values()
                if o.abilities and pv.affected(o)
                for p in o.abilities
                if isinstance(p, pv.Passive)
            ),
            key=lambda p: p.id,
        )
        self.ps = {p.id: p for p in found}
        objects, players = self.board.objects, state.players
        self.keys = {pid: pv.order_key(p, objects, players) for pid, p in self.ps.items()}
        # the unapplied passives by timestamp (A-ORDER-1); one applied or gone is removed
        self.queue = sorted(self.ps, key=lambda pid: self.keys[pid])
        self.unapplied = set(self.ps)
        self.graph = DependencyGraph()
        self.edges: dict[tuple[str, str], Edge] = {}
        self.trials = self.applications = 0
        # The prefilter: which passives read the channels another one writes.
        wr = {pid: pv.writes(p) for pid, p in self.ps.items()}
        self.sel_rd = {pid: pv.selector_reads(p) for pid, p in self.ps.items()}
        self.ability_of = {pid: ("abilities", p.source) for pid, p in self.ps.items()}
        self.cond_rd = {pid: pv.condition_reads(p) for pid, p in self.ps.items()}
        reads = {pid: pv.reads(p) for pid, p in self.ps.items()}
        self.exact, self.by_attr = passive_order_pairs.channel_index(self.ps, reads)
        readers = passive_order_pairs.readers
        self.candidates = {b: readers(wr[b], self.exact, self.by_attr) - {b} for b in self.ps}
        # The B's that may change what A does (its condition): tried again when A's inputs change.
        self.cond_sources: dict[str, set[str]] = {}
        for b, aa in self.candidates.items():
            for a in aa:
                if pv.overlaps(wr[b], self.cond_rd[a]):
                    self.cond_sources.setdefault(a, set()).add(b)
        self.by_source: dict[str, list[str]] = {}
        for pid in self.queue:
            self.by_source.setdefault(self.ps[pid].source, []).append(pid)
        # Who reads each channel by its selector or its condition (and "*" by attribute):
        # the A's for which a delta can make a clause of A-DEP-1 b/c true (``_hits``).
        self.meet: dict[pv.Channel, set[str]] = {}
        self.meet_any: dict[str, set[str]] = {}
        for pid in self.ps:
            for ch in self.sel_rd[pid] | self.cond_rd[pid]:
                self.meet.setdefault(ch, set()).add(pid)
                if ch[1] == "*":
                    self.meet_any.setdefault(ch[0], set()).add(pid)
        # What applying B would change, kept until B reads something that changed or one of
        # the objects it applies to changes; and the channels it would really change.
        self.trial_cache: dict[str, pt.Application] = {}
        self.cached_on: dict[str, set[str]] = {}
        self.delta_cache: dict[str, pt.Delta] = {}
        self.applied_delta: pt.Delta | None = None
        self.index_of = {pid: pt.indexed_channel(p) for pid, p in self.ps.items() if p.plan.indexed}
        self.order: list[str] = []
        self.log = TrialLog(self.candidates)

    # -- trial application -----------------------------------------------------------------

    def trial_apply(self, b: str) -> pt.Application:
        got = self.trial_cache.get(b)
        if got is None:
            got = self.trial_cache[b] = pt.apply_passive(self.ps[b], self.board, again=True)
            self.applications += 1
            for oid in got.targets:
                self.cached_on.setdefault(oid, set()).add(b)
        return got

    def delta(self, b: str) -> pt.Delta:
        """What applying B would really change (``passive_trial.delta``), kept with its
        trial application."""
        got = self.delta_cache.get(b)
        if got is None:
            board = self.board
            changes = self.trial_apply(b).changes
            got = self.delta_cache[b] = pt.delta(board.objects, changes, board.channels_seen)
        return got

    def clauses(self, a: str, changed: pt.Delta) -> str:
        """Which clauses of A-DEP-1 applying B (``changed``: its delta) could make true for
        A: only those reading a channel that B really changes (the prefilter inside a
        pair)."""
        out = "a" if self.ability_of[a] in changed.channels else ""
        sel, cond = self.sel_rd[a], self.cond_rd[a]
        if sel and changed.meets(sel):
            out += "b"
        if cond and changed.meets(cond):
            out += "c"
        return out

    def _hits(self, changed: pt.Delta) -> set[str]:
        """The passives for which ``clauses`` of ``changed`` is not empty, and maybe others:
        the source of an ability changed (a), a channel read by a selector (b) or a
        condition (c)."""
        out: set[str] = set()
        meet, by_source = self.meet, self.by_source
        for ch in changed.channels:
            if ch[0] == "abilities":
                out.update(by_source.get(ch[1], ()))
            got = meet.get(ch)
            if got:
                out |= got
        if self.meet_any:
            for attr in changed.attrs:
                out |= self.meet_any.get(attr, set())
        return out

    def evaluate(self, pairs: Mapping[str, set[str]]) -> None:
        """Compare the pairs given (``passive_order_pairs.evaluate``)."""
        passive_order_pairs.evaluate(self, pairs)

    def _record(self, dep: pt.Dependence) -> None:
        key = (dep.dependent, dep.on)
        old = self.edges.get(key)
        if old is None:
            self.edges[key] = Edge(*key, dep.reasons, len(self.order), dep.because)
        elif dep.reasons != old.reasons:
            reasons = tuple(sorted(set(dep.reasons) | set(old.reasons)))
            if reasons != old.reasons:
                self.edges[key] = replace(old, reasons=reasons)

    # -- A-ORDER-1 ------------------------------------------------------------------------

    def next_free(self) -> tuple[str, tuple[tuple[str, tuple[str, ...]], ...], tuple[str, ...]]:
        """The free passive with the smallest timestamp, those before it that wait, and the
        passives it depends on that depend on it (a cycle)."""
        waiting: list[tuple[str, tuple[str, ...]]] = []
        graph = self.graph
        out_get, sinks_get, status = graph.out.get, graph.sinks.get, graph.status
        for pid in self.queue:  # (the unapplied ones only)
            if not out_get(pid):
                return pid, tuple(waiting), ()  # depends on nothing (``status``)
            sinks = sinks_get(pid)
            if sinks:  # depends on one that depends on nothing, known (``status``)
                waiting.append((pid, sinks))
                continue
            free, blocking, mutual = status(pid)
            if free:
                return pid, tuple(waiting), mutual
            waiting.append((pid, blocking))
        raise AssertionError("no free passive")  # a sink of the condensation is always free

    def apply(self, chosen: str) -> tuple[pt.Application, dict[str, GameObject]]:
        p = self.ps[chosen]
        cached = self.trial_cache.pop(chosen, None)
        if p.plan.does is pv.NUMBER:  # read by no passive: made at the end, once per object
            done = pt.apply_passive(p, self.board, defer=True)
            self.board.defer(p, done.deferred)
        else:
            done = cached or pt.apply_passive(p, self.board, again=True)
        self.board.seen.pop(chosen, None)  # never applied again
        # what it really changes, known from its trial application (the same board)
        known = self.delta_cache.pop(chosen, None)
        self.applied_delta = known if cached is not None and done is cached else None
        before = {oid: self.board.objects[oid] for oid in done.changes}
        self.board.commit(done.changes)
        self.order.append(chosen)
        self.unapplied.discard(chosen)
        self.queue.remove(chosen)
        self.graph.remove(chosen)
        return done, before

    def after(self, done: pt.Application, before: Mapping[str, GameObject]) -> list[str]:
        """Drop the passives that no longer exist (returned), and trial-apply again the
        pairs that what was applied can have changed (A-ORDER-1: re-evaluated)."""
        written: set[pv.Channel] = set()
        if self.applied_delta is not None:
            written.update(self.applied_delta.channels)
        else:
            for oid, obj in done.changes.items():
                written |= pv.changed_channels(before[oid], obj)
        lost = sorted(name for attr, name in written if attr == "abilities")
        written = {c for c in written if c[0] != "abilities"}
        touched = passive_order_pairs.readers(written, self.exact, self.by_attr) & self.unapplied
        ceased = []
        for oid in lost:
            for pid in self.by_source.get(oid, ()):
                if pid not in self.unapplied:
                    continue
                if pv.exists(self.ps[pid], self.board.objects):
                    touched.add(pid)
                    continue
                self.unapplied.discard(pid)  # A-DEP-1a: removed by what was applied
                self.queue.remove(pid)
                self.graph.remove(pid)
                touched.discard(pid)
                ceased.append(pid)
        # A pair (A, B) can change only if B's trial application is stale (B reads what
        # changed, or an object it applies to changed) or if A's condition may now flip
        # differently; otherwise A-DEP-1 a/b compare the same objects as before.
        stale = set(touched)
        cached_on = self.cached_on.pop
        for oids in (done.changes, done.deferred):
            for oid in oids:
                got = cached_on(oid, None)
                if got:
                    stale |= got
        pairs: dict[str, set[str]] = {}
        for b in stale:
            self.trial_cache.pop(b, None)
            self.delta_cache.pop(b, None)
            if b in self.unapplied and self.candidates[b]:
                pairs.setdefault(b, set()).update(self.candidates[b])
        for a in touched:
            for b in self.cond_sources.get(a, ()):
                pairs.setdefault(b, set()).add(a)
        self.evaluate(pairs)
        return ceased

    def run(self) -> Ordering:
        steps = self.steps()
        while True:
            try:
                next(steps)
            except StopIteration as stop:
                result: Ordering = stop.value
                return result

    def steps(self, chunk: int = 4, flushed: int = FLUSHED) -> Generator[Step, None, Ordering]:
        """``run``, paused before each step of work (``passive_rebase`` makes a few per
        event): it yields the kind of the step that comes next, and returns the ordering.
        The first comparisons are made ``chunk`` passives at a time, in the order
        ``evaluate`` takes them (the same comparisons, in the same order); the deferred
        numbers ``flushed`` objects at a time."""
        firsts = {b: set(aa) for b, aa in self.candidates.items() if aa}
        names = sorted(firsts)
        for at in range(0, len(names), chunk):
            yield Step.COMPARE
            self.evaluate({b: firsts[b] for b in names[at : at + chunk]})
        choices: list[Choice] = []
        cycles: dict[frozenset[str], tuple[str, ...]] = {}
        applied_to: dict[str, frozenset[str]] = {}
        held: set[str] = set()
        ceased: list[str] = []
        while self.unapplied:
            yield Step.ROUND
            chosen, waiting, mutual = self.next_free()
            if mutual and frozenset((chosen, *mutual)) not in cycles:
                cycles[frozenset((chosen, *mutual))] = self.graph.cycle(chosen, mutual)
            stamp = self.keys[chosen][0]
            choices.append(Choice(chosen, stamp, waiting, mutual, tuple(ceased)))
            done, before = self.apply(chosen)
            applied_to[chosen] = frozenset(done.targets)
            if done is not pt.NO_APPLICATION:
                held.add(chosen)
            ceased = self.after(done, before) if done.changes or done.deferred else []
        if ceased:
            choices.append(Choice("", 0, (), (), tuple(ceased)))
        while self.board.pending:
            yield Step.FLUSH
            self.board.flush(flushed)
        result = Ordering(
            state=replace(self.board.state(self.base), derived=True),
            order=tuple(self.order),
            choices=tuple(choices),
            edges=tuple(self.edges[k] for k in sorted(self.edges)),
            cycles=tuple(cycles.values()),
            passives=self.ps,
            stamps={pid: self.keys[pid][0] for pid in self.ps},
            applied_to=applied_to,
            held=frozenset(held),
            trials=self.trials,
            applications=self.applications,
            log=self.log,
        )
        log = self.log
        log.stored = self.base
        log.origin = replace(result, log=None)  # no cycle: the log is not in its origin
        # the indexes the re-evaluation after an event reads from the log (which passives
        # can select an object and each object's line, ``passive_follow``; what every
        # cone's merge reads, ``passive_cone_board.Known``), built with the ordering while
        # the collector is paused: about 13 ms of the dense board of 10,000 objects of
        # ``benchmarks/dependency.py``, which the first event after the ordering paid before
        yield Step.FOLLOW
        from arbiter.model import passive_follow as follow
        from arbiter.model.passive_cone_board import known_of

        log.follow = follow.build(log.origin, log.stored)
        yield Step.KNOWN
        known_of(log, log.origin, log.stored, self.initial)
        return result


def order_passives(state: GameState) -> Ordering:
    """Apply every active passive of ``state`` in the order of A-ORDER-1.

    The cyclic garbage collector is paused meanwhile (and restored as it was): the
    derivation allocates many short-lived frozen objects and no cycles, and the
    collector's passes over them took a fifth to a third of the time on large boards
    (docs/benchmarks.md)."""
    import gc
    import time

    was = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter()
        got = _Orderer(state).run()
        if got.log is not None:
            got.log.took = time.perf_counter() - start
        return got
    finally:
        if was:
            gc.enable()


def timestamp_order(state: GameState) -> GameState:
    """Every passive applied in timestamp order alone, ignoring dependency (for --explain)."""
    board = pt.Board(state)
    ps = sorted(
        pv.active_passives(board.objects),
        key=lambda p: pv.order_key(p, board.objects, state.players),
    )
    for p in ps:
        board.commit(pt.apply_passive(p, board).changes)
    return replace(board.state(state), derived=True)


# -- reuse after an event --------------------------------------------------------------------


def _signature(obj: GameObject) -> tuple[object, ...]:
    """Everything of an object that a passive can read, or that decides its order."""
    return (
        obj.zone,
        obj.kind,
        obj.controlled_by,
        obj.timestamp,
        obj.region,
        pv.subtypes(obj),
        frozenset(obj.features),
        obj.abilities,
        obj.protections,  # an immunity can stop a passive from changing what others read
    )


def reorder(
    previous: Ordering, old: GameState, new: GameState, pace: Pace | None = None
) -> Ordering:
    """The ordering of ``new``, reusing ``previous`` (of ``old``) when the event changed no
    channel that any passive reads; otherwise the changed objects alone when the local
    update shows the order stands; when only regions changed, the passives they can
    affect ordered again (``passive_cone``); otherwise the changed objects alone when the
    trial log shows the order stands; otherwise a full recomputation. The
    collector is paused meanwhile: a pass over the derived states of a large board costs
    more than the update itself (``order_passives``). It is paused before anything is
    allocated: a context manager's own allocation could start the collector's full pass
    over the heap that earlier work left due (289 ms in one event on the dense board of
    ``benchmarks/dependency.py``, docs/benchmarks.md), which is then made by the next
    allocation after the update, as anywhere else. An answer from the trial log also
    advances the full ordering of a recent state in steps, as ``pace`` allows
    (``passive_rebase``: it decides how long an event takes, never its answer)."""
    import gc
    import time

    from arbiter.model import passive_rebase as rb

    was = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter()
        got = _reorder(previous, old, new)
        if not got.reused:
            return got
        return rb.follow_up(previous, got, new, pace or rb.PACE, start, _steps_of)
    finally:
        if was:
            gc.enable()


def _steps_of(state: GameState) -> Generator[Step, None, Ordering]:
    return _Orderer(state).steps()


def _reorder(previous: Ordering, old: GameState, new: GameState) -> Ordering:
    rounding = new.ruleset.division_rounding
    if (
        old.players != new.players
        or old.ruleset != new.ruleset
        or len(old.objects) != len(new.objects)
        or any(k not in old.objects for k in new.objects)
    ):
        return order_passives(new)
    changed = [oid for oid, obj in new.objects.items() if obj is not old.objects[oid]]
    if any(_signature(new.objects[o]) != _signature(old.objects[o]) for o in changed):
        from arbiter.model.passive_cone import cone_update
        from arbiter.model.passive_events import local_update
        from arbiter.model.passive_replay import replay_update

        # a region's change right after a full ordering: the cone first (it answers also
        # where the order moves); after earlier events re-evaluated from the same trial
        # log, the changes since it add up and the trial log's replay costs less
        regions = all(new.objects[o].kind == pv.REGION for o in changed)
        got = local_update(previous, new, changed)
        if got is None and regions and not previous.reused:
            got = cone_update(previous, old, new, changed)
        if got is None:
            got = replay_update(previous, old, new, changed)
        if got is None and (not regions or previous.reused):
            got = cone_update(previous, old, new, changed)
        return got or order_passives(new)
    objects = dict(previous.state.objects)
    for oid in changed:
        obj = new.objects[oid]
        for pid in previous.order:
            if oid in previous.applied_to[pid]:
                obj = pv.apply_effect(previous.passives[pid], obj, previous.stamps[pid], rounding)
        objects[oid] = obj
    return replace(previous, state=replace(new, objects=objects, derived=True), reused=True)


class _Memo:
    """A bounded memo of orderings, keyed by the identity of the stored state (it holds the
    state itself, so an id is never reused while its entry lives). A pure cache: every
    answer is the one computed without it (``tests/test_passive_memo.py`` compares runs
    with the memo disabled). ``ordering`` answers only from an entry computed in full for
    that very state; ``after_passives`` may also reuse the most recent ordering after an
    event (``reorder``), which gives the same state as a full recomputation."""

    SIZE = 8

    def __init__(self) -> None:
        self.entries: list[tuple[GameState, Ordering]] = []  # most recent last
        self.enabled = True

    def find(self, state: GameState) -> Ordering | None:
        for known, result in self.entries:
            if known is state:
                return result
        return None

    def keep(self, state: GameState, result: Ordering) -> Ordering:
        if self.enabled:
            self.entries = [e for e in self.entries if e[0] is not state][-(self.SIZE - 1) :]
            self.entries.append((state, result))
        return result

    def full(self, state: GameState) -> Ordering:
        hit = self.find(state) if self.enabled else None
        if hit is not None and not hit.reused:
            return hit
        return self.keep(state, order_passives(state))

    def derived(self, state: GameState) -> GameState:
        if not self.enabled:
            return order_passives(state).state
        hit = self.find(state)
        if hit is not None:
            return hit.state
        if self.entries:
            old, previous = self.entries[-1]
            return self.keep(state, reorder(previous, old, state)).state
        return self.keep(state, order_passives(state)).state


_MEMO = _Memo()


@contextmanager
def memo_disabled() -> Iterator[None]:
    """Every ordering computed afresh while inside (to check that the memo is a pure cache)."""
    was, _MEMO.enabled = _MEMO.enabled, False
    try:
        yield
    finally:
        _MEMO.enabled = was


def ordering(state: GameState) -> Ordering:
    """The ordering of ``state``, computed in full (or the same result computed for this
    very state before)."""
    return _MEMO.full(state)


def has_passives(state: GameState) -> bool:
    return any(isinstance(a, pv.Passive) for o in state.objects.values() for a in o.abilities)


def after_passives(state: GameState) -> GameState:
    """A-PASS-1, A-PASS-2: the state whose objects have their characteristics, features and
    keywords after every passive, applied in the order of A-ORDER-1. The stored state is
    never changed. The result is marked ``derived``; given a derived state, this function
    returns it unchanged (a derivation is never applied twice), whatever was called before."""
    if state.derived or not has_passives(state):
        return state
    return _MEMO.derived(state)


derive = after_passives  # the name the view and the tests use
