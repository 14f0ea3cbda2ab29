"""Re-evaluating passives after a region's change by ordering again only the passives the
change can affect, the *cone* (A-DEP-1, A-DEP-2, A-ORDER-1).

``passive_replay`` keeps the previous order when it still stands; when a region's new
terrain makes a conditional passive hold in other rounds, a choice differs and it gives
up. Here the new order is computed, reading the previous ordering's trial log
(``passive_log``) and running A-ORDER-1 again for a few passives only.

**The cone.** ``D``, the passives the event reaches directly: those whose condition reads
a changed region (their source is in it), and those whose selector reads subtypes or
keywords and may select a region. ``C``, the cone: ``D`` and every passive that depends
on one of them, directly or through others (A-DEP-2), in some round of the previous
ordering. ``N``: the others.

**Why the passives of N keep their order.** A passive's freeness reads only the graph
below it (the passives it reaches; a path back to it stays among them), and the graph
among ``N`` reads only what ``N``'s passives read and write. The condition under which
that is the same as before, at each number ``j`` of ``N``'s passives applied, whatever
passives of ``C`` were applied meanwhile: **no passive of N depends on a passive of C in
any round, of the previous ordering or of the new one** (the first holds by the cone's
construction; the second is checked here at every round, giving up when it fails). Then
a passive of ``C`` never changes, by being applied earlier or later, anything a passive of
``N`` reads: had it changed it, in the run where it is applied first the other was still
unapplied then and depended on it (A-DEP-1 a, b or c; a condition that changes with no
target in common changes nothing the passive does). So every passive of ``N`` selects,
holds and applies as before, the graph among ``N`` is the same at each ``j``, and the
free passive of ``N`` with the smallest timestamp at ``j`` is the ``j``-th of the
previous order restricted to ``N``. The claim is false without the condition (a passive
of ``N`` reading a subtype a passive of ``C`` adds, in a round the previous ordering never
saw), which is why it is checked and not assumed.

**The merge.** Round by round: the next passive of ``N`` against the free passives of
``C`` with a smaller timestamp (A-ORDER-1). A passive of ``C`` is free when nothing it
reaches is in ``N`` (no path leads back from ``N``) and everything it reaches in ``C``
reaches it. Its dependencies are found by real trial applications (``passive_trial``) on
a partial board kept lazily: an object no passive of ``C`` applies to (before or after)
and the event did not change is, after ``j`` passives of ``N``, its version of the
previous ordering at the round of ``N``'s ``j``-th passive (``passive_follow.line_before``);
the others (*dirty*) are followed explicitly. A pair is compared again, as in
``passive_order``, when what it reads changed: the channels a passive of ``N`` writes
(those no tracked passive reads skip the work) or the objects a cached trial changes.

**The result.** The order; the state with the dirty objects and the objects whose
sequence of passives changed derived again (the others are those of the previous
ordering); ``applied_to`` and ``held``. The explanation (``choices``, ``edges``,
``cycles``) is the previous ordering's, ``reused`` is set: ``passive_order.ordering``
recomputes one in full for its explanation. Beyond ``MOST_CONE`` passives or
``MOST_DIRTY`` objects, or any case not covered: ``None`` (the caller recomputes all).
"""

from __future__ import annotations

import bisect
import heapq
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from arbiter.model import passive_follow as follow
from arbiter.model import passive_trial as pt
from arbiter.model import passives as pv
from arbiter.model.effects import algebra as fx
from arbiter.model.state import GameObject, GameState

if TYPE_CHECKING:
    from arbiter.model.passive_log import TrialLog
    from arbiter.model.passive_order import Ordering

MOST_CONE = 64  # passives ordered again
MOST_DIRTY = 400  # objects followed explicitly
MOST_POOL = 3000  # objects looked at for one selector without a subtype or keyword
MOST_REGIONS = 4  # regions changed since the trial log's ordering
MOST_GROWTH = 3  # merges made again with a larger cone

_SELF = fx.Pick.SELF


class _GiveUp(Exception):
    """A case the merge does not cover: the caller recomputes everything."""


class _Grow(Exception):
    """A passive of N depends on one of C in the new run: the cone grows by it."""

    def __init__(self, pid: str) -> None:
        super().__init__(pid)
        self.pid = pid


def cone_update(
    previous: Ordering, old: GameState, new: GameState, changed: Sequence[str]
) -> Ordering | None:
    """The ordering of ``new`` from the trial log of ``previous`` when the objects that
    differ from the log's state are regions whose characteristics alone changed (see the
    module's text), else None."""
    del old  # the difference is taken from the log's own state
    if any(new.objects[oid].kind != pv.REGION for oid in changed):
        return None  # (at once: not a region's change)
    log = previous.log
    if log is None or log.origin is None or log.stored is None:
        return None
    origin, stored = log.origin, log.stored
    if (
        stored.objects.keys() != new.objects.keys()
        or stored.players != new.players
        or stored.ruleset != new.ruleset
    ):
        return None
    dirty = [
        oid
        for oid, obj in new.objects.items()
        if obj is not stored.objects[oid] and obj != stored.objects[oid]
    ]
    if len(dirty) > MOST_REGIONS:
        return None
    for oid in dirty:
        was, now = stored.objects[oid], new.objects[oid]
        if was.kind != pv.REGION or pv.passives_of(was) or pv.passives_of(now):
            return None
        if replace(now, base=was.base) != was:
            return None
    if any(pv.counts_others(p) for p in origin.passives.values()):
        return None  # a count reads every object (IMP-COUNT)
    cone = _cone(log, origin, stored, new, set(dirty))
    for _ in range(MOST_GROWTH + 1):
        if cone is None:
            return None
        try:
            return _Merge(origin, log, stored, new, set(dirty), cone).run()
        except _GiveUp:
            return None
        except _Grow as grow:  # the merge again with the cone closed over it
            cone = _close(log, cone | {grow.pid})
    return None


def _reaches(log: TrialLog) -> dict[str, set[str]]:
    """Who depended on each passive in some round of the log: [A] for [B] when A -> B."""
    into: dict[str, set[str]] = {}
    for (a, b), trials in log.trials.items():
        if any(t.present for t in trials):
            into.setdefault(b, set()).add(a)
    return into


class _Known:
    """What every merge from one trial log reads, built once (the log's state and
    ordering never change): who depended on whom, the regions, the objects by kind and
    keyword, the passives by what they write, the order keys, the clean objects' lines
    and when each has a subtype or keyword."""

    def __init__(self, log: TrialLog, origin: Ordering, stored: GameState) -> None:
        self.log = log
        self.into = _reaches(log)
        self.by_kind: dict[str, list[str]] = {}
        self.features: dict[str, set[str]] = {}
        for oid, obj in stored.objects.items():
            self.by_kind.setdefault(obj.kind, []).append(oid)
            for f in obj.features:
                self.features.setdefault(f, set()).add(oid)
        self.writers: dict[pv.Channel, set[str]] = {}
        for pid, p in origin.passives.items():
            for ch in pv.writes(p):
                self.writers.setdefault(ch, set()).add(pid)
        self.key = {
            pid: pv.order_key(p, stored.objects, stored.players)
            for pid, p in origin.passives.items()
        }
        self.region_passives = [  # those that can select a region
            p
            for p in origin.passives.values()
            if p.selector.pick is not _SELF
            and (not p.selector.kinds or pv.REGION in p.selector.kinds)
        ]
        self.pools: dict[pv.Channel, set[str]] = {}
        self.writing: dict[pv.Channel, set[str]] = {}
        self.lines: dict[str, follow.Line] = {}
        self.spans: dict[tuple[str, pv.Channel], list[tuple[int, int]]] = {}
        self.timelines: dict[pv.Channel, list[tuple[str, list[tuple[int, int]]]]] = {}


_KNOWN: list[_Known] = []  # the last log's


def _known(log: TrialLog, origin: Ordering, stored: GameState) -> _Known:
    if not _KNOWN or _KNOWN[0].log is not log:
        _KNOWN[:] = [_Known(log, origin, stored)]
    return _KNOWN[0]


def _region_reach(
    known: _Known, origin: Ordering, stored: GameState, new: GameState
) -> tuple[set[str], set[str]]:
    """Every subtype and keyword a region can have in some round, before or after the
    event (a fixpoint): its own, and those written by passives that can select a region
    having only those."""
    names: set[str] = set()
    feats: set[str] = set()
    for objects in (stored.objects, new.objects, origin.state.objects):
        for oid in known.by_kind.get(pv.REGION, ()):
            obj = objects[oid]
            names |= pv.subtypes(obj)
            feats |= set(obj.features)
    ps = known.region_passives
    while True:
        before = (len(names), len(feats))
        for p in ps:
            s = p.selector
            if s.pick is _SELF or (s.kinds and pv.REGION not in s.kinds):
                continue
            if not (s.subtypes <= names and s.has <= feats):
                continue
            act = p.effect.action
            if isinstance(act, fx.ModifyStat) and act.stat in (pv.SUBTYPES, pv.REGION_TYPE):
                names |= set(act.members)
            elif isinstance(act, fx.Give):
                feats.add(act.name)
        if (len(names), len(feats)) == before:
            return names, feats


def _cone(
    log: TrialLog, origin: Ordering, stored: GameState, new: GameState, regions: set[str]
) -> set[str] | None:
    """The cone of the changed ``regions`` (the module's text), or None beyond
    ``MOST_CONE``."""
    known = _known(log, origin, stored)
    names, feats = _region_reach(known, origin, stored, new)
    direct: set[str] = set()
    for pid, p in origin.passives.items():
        src = stored.objects[p.source]
        if p.condition is not None and src.region in regions:
            direct.add(pid)
        s = p.selector
        if (
            s.pick is not _SELF
            and (s.subtypes or s.has)
            and (not s.kinds or pv.REGION in s.kinds)
            and s.subtypes <= names
            and s.has <= feats
        ):
            direct.add(pid)
    return _close(log, direct)


def _close(log: TrialLog, direct: set[str]) -> set[str] | None:
    """``direct`` and every passive that depended on one of them, directly or through
    others, in some round of the log; None beyond ``MOST_CONE``."""
    assert _KNOWN and _KNOWN[0].log is log
    into = _KNOWN[0].into
    cone = set(direct)
    todo = list(direct)
    while todo:
        for a in into.get(todo.pop(), ()):
            if a not in cone:
                cone.add(a)
                todo.append(a)
                if len(cone) > MOST_CONE:
                    return None
    return cone if len(cone) <= MOST_CONE else None


class _Objects(Mapping[str, GameObject]):
    """The partial board's objects now (``_Merge.version``)."""

    def __init__(self, merge: _Merge) -> None:
        self.merge = merge

    def __getitem__(self, oid: str) -> GameObject:
        return self.merge.version(oid)

    def __iter__(self) -> Iterator[str]:
        return iter(self.merge.new.objects)

    def __len__(self) -> int:
        return len(self.merge.new.objects)

    def __contains__(self, oid: object) -> bool:
        return oid in self.merge.new.objects


class _Board(pt.Board):
    """The partial board as ``passive_trial`` reads it: objects, targets, rounding."""

    def __init__(self, merge: _Merge) -> None:  # (the indexes of ``pt.Board`` are not built)
        self.merge = merge
        self.objects = _Objects(merge)  # type: ignore[assignment]
        self.players = merge.new.players
        self.rounding = merge.new.ruleset.division_rounding

    def targets(self, p: pv.Passive) -> list[str]:
        return self.merge.targets(p)


class _Dirty:
    """An object followed explicitly: its version, the passives of N that may select it
    (by their place in N), those applied to it, and how many of N it has seen."""

    __slots__ = ("applied", "heap", "seen", "version")

    def __init__(self, version: GameObject, seen: int, applied: list[str]) -> None:
        self.version = version
        self.seen = seen
        self.applied = applied
        self.heap: list[tuple[int, str]] = []


class _Merge:
    """One merge: the passives of N in their previous order, those of C by A-ORDER-1."""

    def __init__(
        self,
        origin: Ordering,
        log: TrialLog,
        stored: GameState,
        new: GameState,
        regions: set[str],
        cone: set[str],
    ) -> None:
        self.origin, self.log, self.stored, self.new = origin, log, stored, new
        if log.follow is None:
            log.follow = follow.build(origin, stored)
        self.index = log.follow
        self.ps = origin.passives
        self.cone = cone
        self.rounding = new.ruleset.division_rounding
        self.known = _known(log, origin, stored)
        self.key = self.known.key  # (a region's change moves no source)
        self.seq = [pid for pid in origin.order if pid not in cone]  # N, in order
        self.at_n = {pid: k for k, pid in enumerate(self.seq)}
        self.end = len(origin.order)
        self.rounds = [self.index.pos[pid] for pid in self.seq] + [self.end]
        self.j = 0
        # the passives of N that ceased, by how many of N were applied then
        self.ceasing: dict[int, list[str]] = {}
        applied_n = 0
        for step in origin.choices:
            for pid in step.ceased:
                if pid not in cone:
                    self.ceasing.setdefault(applied_n, []).append(pid)
            if step.passive and step.passive not in cone:
                applied_n += 1
        self.live_n = set(self.seq) | {p for ps in self.ceasing.values() for p in ps}
        self.live_c = set(cone)
        self.queue_c = sorted(cone, key=self.key.__getitem__)
        self.queue_keys = [self.key[c] for c in self.queue_c]
        self.queued = 0
        self.board = _Board(self)
        self.lines = self.known.lines
        self.dirty: dict[str, _Dirty] = {}
        self.watch: dict[str, set[str]] = {}  # passive of N -> dirty objects it may select
        self.order: list[str] = []
        self.cone_to: dict[str, frozenset[str]] = {}
        first = set(regions)
        for c in cone:
            if self.ps[c].plan.does is not pv.NUMBER:  # (numbers: derived again at the end)
                first.update(origin.applied_to.get(c, ()))
        for oid in sorted(first):
            self._make_dirty(oid, new.objects[oid], [])
        self._pairs()

    # -- the partial board ---------------------------------------------------------------

    def _make_dirty(self, oid: str, version: GameObject, applied: list[str]) -> None:
        d = self.dirty[oid] = _Dirty(version, self.j, applied)
        self._push(oid, d, self.index.could_select(version))
        if len(self.dirty) > MOST_DIRTY:
            raise _GiveUp

    def _push(self, oid: str, d: _Dirty, pids: set[str]) -> None:
        for pid in pids:
            k = self.at_n.get(pid)
            if k is not None and k >= d.seen:
                heapq.heappush(d.heap, (k, pid))
                self.watch.setdefault(pid, set()).add(oid)

    def _advance(self, oid: str, d: _Dirty) -> None:
        """Apply to a dirty object the passives of N applied since it was last read."""
        held = self.origin.held
        while d.heap and d.heap[0][0] < self.j:
            k, pid = heapq.heappop(d.heap)
            if k < d.seen:
                continue  # seen already (pushed twice)
            d.seen = k + 1
            p = self.ps[pid]
            obj = d.version
            if pid in held and pv.selects(p, obj, self.new.objects[p.source]):
                now = pv.apply_effect(p, obj, self.origin.stamps[pid], self.rounding)
                d.applied.append(pid)
                if now is not obj:
                    d.version = now
                    self._push(oid, d, self.index.newly_selectable(obj, now))
        d.seen = max(d.seen, self.j)

    def version(self, oid: str) -> GameObject:
        d = self.dirty.get(oid)
        if d is not None:
            self._advance(oid, d)
            return d.version
        line = self.lines.get(oid)
        if line is None:
            line = self.lines[oid] = self._line(oid)
        return follow.at(line, self.rounds[self.j])

    def _writing(self, channel: pv.Channel) -> set[str]:
        """The passives that write ``channel`` (or every name of its kind)."""
        got = self.known.writing.get(channel)
        if got is None:
            writers = self.known.writers
            got = writers.get(channel, set()) | writers.get((channel[0], "*"), set())
            self.known.writing[channel] = got
        return got

    def _feature_spans(self, oid: str, name: str) -> list[tuple[int, int]]:
        """``_spans`` of a keyword or feature, read from the passives that write it
        (gained, lost, or lost with every ability: ``passives.apply_effect``; no guard
        stops a feature's change)."""
        has = name in self.stored.objects[oid].features
        start = 0
        out: list[tuple[int, int]] = []
        writing = self._writing(("feature", name))
        for pid in self.index.applied_by.get(oid, ()):
            if pid not in writing:
                continue
            p = self.ps[pid]
            does = p.plan.does
            now = has
            if does is pv.GAIN:
                now = True
            elif does is pv.LOSE or (does is pv.LOSE_ALL and name in pv.KEYWORDS):
                now = False
            if now != has:
                r = self.index.pos[pid] + 1
                if has:
                    out.append((start, r))
                start, has = r, now
        if has:
            out.append((start, self.end + 1))
        return out

    def _line(self, oid: str, only: set[pv.Channel] | None = None) -> follow.Line:
        """A clean object round by round in the previous ordering, as the passives that
        are not numbers left it: what a selector, a condition or a trial reads (numbers
        are read by no passive; a clean object is derived exactly by ``_exact``). With
        ``only``: by the passives that write one of those channels alone (each channel's
        value follows from its own writes: a subtype set, keywords, abilities)."""
        obj = self.stored.objects[oid]
        out = [(0, obj)]
        pos = self.index.pos
        writing = set().union(*(self._writing(ch) for ch in only)) if only else set()
        for pid in self.index.applied_by.get(oid, ()):
            p = self.ps[pid]
            if only is not None and pid not in writing:
                continue
            if p.plan.does is not pv.NUMBER:
                obj = pv.apply_effect(p, obj, self.origin.stamps[pid], self.rounding)
                out.append((pos[pid] + 1, obj))
        return out

    def _pool(self, channel: pv.Channel) -> set[str]:
        """Every clean object that has ``channel`` in some round (a superset)."""
        known = self.known
        got = known.pools.get(channel)
        if got is None:
            attr, name = channel
            if attr == "subtype":
                got = set(self.log.holding(name, self.stored) or ())
            else:
                got = set(known.features.get(name, ()))
            for pid in self._writing(channel):
                got |= self.origin.applied_to.get(pid, frozenset())
            got = {o for o in got if pv.affected(self.stored.objects[o])}
            known.pools[channel] = got
        return got

    def _timeline(self, channel: pv.Channel) -> list[tuple[str, list[tuple[int, int]]]]:
        """The objects of ``channel``'s pool with the rounds each has it (as clean)."""
        got = self.known.timelines.get(channel)
        if got is None:
            got = self.known.timelines[channel] = [
                (o, self._spans(o, channel)) for o in sorted(self._pool(channel))
            ]
        return got

    def _spans(self, oid: str, channel: pv.Channel) -> list[tuple[int, int]]:
        """The rounds [start, stop) in which a clean object has ``channel``."""
        got = self.known.spans.get((oid, channel))
        if got is None and channel[0] == "feature":
            got = self.known.spans[(oid, channel)] = self._feature_spans(oid, channel[1])
        if got is None:
            line = self.lines.get(oid) or self._line(oid, {channel})
            attr, name = channel
            got = []
            ends = [r for r, _ in line[1:]] + [self.end + 1]
            for (r, obj), stop in zip(line, ends, strict=True):
                has = name in (pv.subtypes(obj) if attr == "subtype" else obj.features)
                if has and got and got[-1][1] == r:
                    got[-1] = (got[-1][0], stop)
                elif has:
                    got.append((r, stop))
            self.known.spans[(oid, channel)] = got
        return got

    def targets(self, p: pv.Passive) -> list[str]:
        s = p.effect.selector
        if p.plan.indexed:  # every object in play with one subtype or keyword
            r = self.rounds[self.j]
            dirty = self.dirty
            got = []
            for o, spans in self._timeline(pt.indexed_channel(p)):
                if o not in dirty:
                    for a, b in spans:
                        if a <= r < b:
                            got.append(o)
                            break
            src = self.version(p.source)
            got += [o for o in self.dirty if pv.selects(p, self.version(o), src)]
            return sorted(got)
        if s.pick is _SELF:
            pool: set[str] = {p.source}
        elif s.subtypes:
            pool = self._pool(("subtype", min(s.subtypes))) | set(self.dirty)
        elif s.has:
            pool = self._pool(("feature", min(s.has))) | set(self.dirty)
        elif s.kinds:
            pool = {o for k in s.kinds for o in self.known.by_kind.get(k, ())}
            if len(pool) > MOST_POOL:
                raise _GiveUp
        else:
            raise _GiveUp
        objects = self.board.objects
        src = objects[p.source]
        return sorted(o for o in pool if pv.selects(p, objects[o], src))

    # -- the pairs compared ---------------------------------------------------------------

    def _pairs(self) -> None:
        """The pairs (A, B) whose value the merge needs: A in C, or B in C (a passive of
        N depending on one of C: given up)."""
        cands = self.log.candidates
        cone = self.cone
        self.readers: dict[str, set[str]] = {}
        for b, aa in cands.items():
            if b in cone:
                if aa:
                    self.readers[b] = set(aa)
            elif aa & cone:
                self.readers[b] = aa & cone
        tracked = set(self.readers) | {a for aa in self.readers.values() for a in aa}
        self.tracked = tracked
        read: set[pv.Channel] = set()
        for pid in tracked:
            read |= pv.reads(self.ps[pid])
        self.read = frozenset(read)
        self.by_read: dict[pv.Channel, set[str]] = {}
        self.by_attr: dict[str, set[str]] = {}
        for pid in tracked:
            for ch in pv.reads(self.ps[pid]):
                self.by_read.setdefault(ch, set()).add(pid)
                self.by_attr.setdefault(ch[0], set()).add(pid)
        self.cond_sources: dict[str, set[str]] = {}
        for b, aa in self.readers.items():
            for a in aa:
                if pv.overlaps(pv.writes(self.ps[b]), pv.condition_reads(self.ps[a])):
                    self.cond_sources.setdefault(a, set()).add(b)
        self.out: dict[str, set[str]] = {a: set() for a in cone}  # edges A -> B present, A in C
        self.pending: dict[str, set[str]] = {a: set() for a in cone}  # (A in C, B in N): again
        self.block: dict[str, str] = {}  # the last passive of N found that A depends on
        self.epoch = 0  # counts the changes of the graph (``_next_cone``)
        self.asked = (-1, 0)
        self.relied: set[str] = set()
        self.trials: dict[str, tuple[pt.Application, pt.Delta]] = {}
        self.cached_on: dict[str, set[str]] = {}

    def _live(self, pid: str) -> bool:
        return pid in self.live_c or pid in self.live_n

    def _trial(self, b: str) -> tuple[pt.Application, pt.Delta]:
        got = self.trials.get(b)
        if got is None:
            app = pt.apply_passive(self.ps[b], self.board)
            objects = self.board.objects
            got = self.trials[b] = (app, pt.delta(objects, app.changes))
            for oid in app.targets:
                self.cached_on.setdefault(oid, set()).add(b)
        return got

    def _clauses(self, a: str, changed: pt.Delta) -> str:
        p = self.ps[a]
        out = "a" if ("abilities", p.source) in changed.channels else ""
        sel, cond = pv.selector_reads(p), pv.condition_reads(p)
        if sel and changed.meets(sel):
            out += "b"
        if cond and changed.meets(cond):
            out += "c"
        return out

    def evaluate(self, pairs: Mapping[str, set[str]]) -> None:
        """Compare the pairs: at once when [B] is in C (a passive of N depending on it
        ends the merge); when [B] is in N, when a freeness asks (``_n_edge``)."""
        for b in sorted(pairs):
            if not self._live(b):
                continue
            if b not in self.cone:
                live, pending, out = self.live_c, self.pending, self.out
                for a in pairs[b]:
                    if a in live:
                        pending[a].add(b)
                        out[a].discard(b)
                        self.epoch += 1
                continue
            self._compare(b, pairs[b])

    def _compare(self, b: str, readers: set[str]) -> None:
        """Trial-apply [B] on the partial board and compare each reader (A-DEP-1, as
        ``passive_order`` does, with the same prefilter)."""
        app, changed = self._trial(b)
        for a in sorted(readers):
            if not self._live(a):
                continue
            which = self._clauses(a, changed)
            if which:
                pa = self.ps[a]
                moved = changed.channels.get(pt.indexed_channel(pa)) if pa.plan.indexed else None
                if moved is not None and "b" in which and pv.exists(pa, self.board.objects):
                    present = True  # its selection changes (``trial`` with ``moved``)
                else:
                    dep = pt.trial(pa, self.ps[b], self.board, app.changes, which, moved)
                    present = dep is not None
            else:
                present = False
            if not present:
                row = self.out.get(a)
                if row is not None and b in row:
                    row.discard(b)
                    self.epoch += 1
            elif a not in self.cone:
                raise _Grow(a)  # a passive of N depends on one of C: the merge fails
            else:
                row = self.out.setdefault(a, set())
                if b not in row:
                    row.add(b)
                    self.epoch += 1

    def _stale(self, written: set[pv.Channel], objects: set[str], lost: set[str]) -> None:
        """Compare again the pairs what was applied can have changed (``passive_order``)."""
        touched: set[str] = set()
        for attr, name in written:
            if name == "*":
                touched |= self.by_attr.get(attr, set())
            else:
                touched |= self.by_read.get((attr, name), set())
                touched |= self.by_read.get((attr, "*"), set())
        for oid in lost:
            for pid in self.index.of_source.get(oid, ()):
                if pid in self.live_c and not pv.exists(self.ps[pid], self.board.objects):
                    self.live_c.discard(pid)  # A-DEP-1a: removed by what was applied
                    self.epoch += 1
                    self.out.pop(pid, None)
                elif pid in self.live_n and not pv.exists(self.ps[pid], self.board.objects):
                    raise _GiveUp  # a passive of N stops earlier than before
                touched.add(pid)
        stale = touched & set(self.readers)
        for oid in objects:
            stale |= self.cached_on.pop(oid, set())
        pairs: dict[str, set[str]] = {}
        for b in stale:
            self.trials.pop(b, None)
            if self._live(b) and b in self.readers:
                pairs.setdefault(b, set()).update(self.readers[b])
        for a in touched:
            for b in self.cond_sources.get(a, ()):
                pairs.setdefault(b, set()).add(a)
        self.evaluate(pairs)

    # -- A-ORDER-1 -------------------------------------------------------------------------

    def _n_edge(self, a: str) -> bool:
        """Whether ``a`` (of C) depends on an unapplied passive of N now: the edges known,
        then the pairs not compared since they may have changed, until one is found."""
        out, live = self.out[a], self.live_n
        b = self.block.get(a)
        if b is not None and b in live and b in out:
            self.relied.add(b)
            return True  # (the one found last time still holds)
        for b in out:
            if b in live:
                self.block[a] = b
                self.relied.add(b)
                return True
        pending = self.pending[a]
        while pending:
            b = min(pending)
            pending.discard(b)
            if b in live:
                self._compare(b, {a})
                if b in out:
                    self.block[a] = b
                    self.relied.add(b)
                    return True
        return False

    def _free(self, c: str) -> bool:
        """Nothing ``c`` reaches is in N, and everything it reaches reaches it."""
        if self._n_edge(c):
            return False  # (the usual answer, without a search)
        below = self._reach(c)
        for x in below:  # (live, by ``_reach``)
            if x not in self.cone:
                self.relied.add(x)
                return False
            if self._n_edge(x):
                return False
        return all(c in self._reach(x) for x in below if x != c)

    def _reach(self, start: str) -> set[str]:
        seen: set[str] = set()
        todo = [start]
        while todo:
            for m in self.out.get(todo.pop(), ()):
                if m not in seen and self._live(m):
                    seen.add(m)
                    if m in self.cone:
                        todo.append(m)
        return seen

    def _next_cone(self, bound: tuple[int, int, str, str] | None) -> str | None:
        """The free passive of C with the smallest timestamp below ``bound``. When no edge
        changed, no blocking passive was applied and no passive came below the bound
        since the last answer was None, it is None again."""
        if self.queued != self.epoch:  # (a passive of C applied or ceased: a new epoch)
            self.queue_c = [c for c in self.queue_c if c in self.live_c]
            self.queue_keys = [self.key[c] for c in self.queue_c]
            self.queued = self.epoch
        n = len(self.queue_c) if bound is None else bisect.bisect_left(self.queue_keys, bound)
        if (self.epoch, n) == self.asked:
            return None
        eligible = self.queue_c[:n]
        self.relied = set()  # the passives of N the answer reads as unapplied
        for c in eligible:
            if self._free(c):
                return c
        self.asked = (self.epoch, n)
        return None

    def _apply_n(self) -> None:
        pid = self.seq[self.j]
        self.j += 1
        self.live_n.discard(pid)
        self.trials.pop(pid, None)
        for gone in self.ceasing.get(self.j, ()):
            self.live_n.discard(gone)
            if gone in self.relied:
                self.epoch += 1
        if pid in self.relied:  # a passive of C was waiting for it
            self.epoch += 1
        p = self.ps[pid]
        if pid not in self.origin.held or not pv.overlaps(pv.writes(p), self.read):
            return
        objects: set[str] = {o for o in self.origin.applied_to.get(pid, ()) if o not in self.dirty}
        for oid in sorted(self.watch.get(pid, ())):
            d = self.dirty[oid]
            was = d.version
            self._advance(oid, d)
            if d.version is not was:
                objects.add(oid)
        written = set(pv.writes(p))
        lost = objects if p.plan.does is pv.LOSE_ALL else set()
        self._stale(written, objects, lost)

    def _exact(self, oid: str) -> tuple[GameObject, list[str]]:
        """A clean object now, derived from its base in the order of the merge so far (its
        line also holds the numbers of C's passives where the previous ordering put them)."""
        cut = self.rounds[self.j]
        seq = [
            q
            for q in self.index.applied_by.get(oid, ())
            if q not in self.cone and self.index.pos[q] < cut
        ]
        seq += [c for c in self.cone_to if oid in self.cone_to[c]]
        at = {pid: k for k, pid in enumerate(self.order)}  # all of them were applied
        seq.sort(key=at.__getitem__)
        obj = self.new.objects[oid]
        for q in seq:
            obj = pv.apply_effect(self.ps[q], obj, self.origin.stamps[q], self.rounding)
        return obj, [q for q in seq if q not in self.cone]

    def _apply_c(self, cid: str, held: set[str]) -> None:
        p = self.ps[cid]
        self.epoch += 1
        self.live_c.discard(cid)
        self.out.pop(cid, None)
        self.trials.pop(cid, None)
        if p.plan.does is pv.NUMBER:  # numbers: the dirty objects now, the others at the end
            objects = self.board.objects
            if not (pv.exists(p, objects) and pv.condition_holds(p, objects)):
                self.cone_to[cid] = frozenset()
                return
            held.add(cid)
            targets = self.targets(p)
            for oid in targets:
                d = self.dirty.get(oid)
                if d is not None:
                    self._advance(oid, d)
                    d.version = pv.apply_effect(
                        p, d.version, self.origin.stamps[cid], self.rounding
                    )
                    d.applied.append(cid)
            self.cone_to[cid] = frozenset(targets)
            return
        done = pt.apply_passive(p, self.board)
        if done is not pt.NO_APPLICATION:
            held.add(cid)
        written: set[pv.Channel] = set()
        lost: set[str] = set()
        for oid, now in done.changes.items():
            d = self.dirty.get(oid)
            if d is None:
                exact, applied = self._exact(oid)
                self._make_dirty(oid, exact, applied)
                d = self.dirty[oid]
                now = pv.apply_effect(p, exact, self.origin.stamps[cid], self.rounding)
            else:
                self._advance(oid, d)
            was = d.version
            chans = pv.changed_channels(was, now)
            written |= chans
            if ("abilities", oid) in chans:
                lost.add(oid)
            d.version = now
            d.applied.append(cid)
            self._push(oid, d, self.index.newly_selectable(was, now))
        self.cone_to[cid] = frozenset(done.targets)
        written = {c for c in written if c[0] != "abilities"}
        if done.changes:
            self._stale(written, set(done.changes), lost)

    def run(self) -> Ordering:
        self.evaluate({b: set(aa) for b, aa in self.readers.items()})
        order = self.order
        held: set[str] = set()
        while True:
            nxt = self.seq[self.j] if self.j < len(self.seq) else None
            c = self._next_cone(self.key[nxt] if nxt is not None else None)
            if c is not None:
                order.append(c)
                self._apply_c(c, held)
            elif nxt is not None:
                order.append(nxt)
                self._apply_n()
            elif self.live_c:
                raise _GiveUp  # (a sink of the condensation is always free)
            else:
                break
        return self._result(order, held, self.cone_to)

    # -- the result --------------------------------------------------------------------------

    def _moved(self, order: list[str], applied_to: Mapping[str, frozenset[str]]) -> set[str]:
        """The objects whose sequence of passives may differ: those of the passives of C
        that changed place among N's (or among C's: all of them) or targets."""
        old = self.origin
        places: list[dict[str, int]] = []
        for seq in (old.order, order):
            n = 0
            place: dict[str, int] = {}
            for pid in seq:
                if pid in self.cone:
                    place[pid] = n
                else:
                    n += 1
            places.append(place)
        same_c = [p for p in old.order if p in self.cone] == [p for p in order if p in self.cone]
        out: set[str] = set()
        for c in self.cone:
            was, now = old.applied_to.get(c, frozenset()), applied_to.get(c, frozenset())
            if not same_c or places[0].get(c) != places[1].get(c):
                out |= was | now
            elif was != now:
                out |= was ^ now
        return out

    def _result(
        self, order: list[str], held: set[str], cone_to: dict[str, frozenset[str]]
    ) -> Ordering:
        origin = self.origin
        pos = {pid: k for k, pid in enumerate(order)}
        objects = dict(origin.state.objects)
        applied_to = {pid: t for pid, t in origin.applied_to.items() if pid not in self.cone}
        applied_to.update(cone_to)  # (a passive that ceased has none)
        for oid, d in self.dirty.items():
            self._advance(oid, d)
            objects[oid] = d.version
            now = set(d.applied)
            for pid in self.index.applied_by.get(oid, ()):
                if pid not in self.cone and pid not in now:
                    applied_to[pid] = applied_to[pid] - {oid}
            for pid in now:
                if pid not in self.cone and oid not in applied_to[pid]:
                    applied_to[pid] = applied_to[pid] | {oid}
        # the clean objects a passive of C applies to (numbers): derived again when the
        # sequence of passives applied to them changed
        by_cone: dict[str, list[str]] = {}
        for c in self.cone:
            for o in applied_to.get(c, ()):
                by_cone.setdefault(o, []).append(c)
        touched = self._moved(order, applied_to)
        for oid in sorted(touched - set(self.dirty)):
            old_seq = list(self.index.applied_by.get(oid, ()))
            now_seq = [q for q in old_seq if q not in self.cone]
            now_seq += by_cone.get(oid, [])
            now_seq.sort(key=pos.__getitem__)
            if now_seq == old_seq:
                continue
            obj = self.new.objects[oid]
            for q in now_seq:
                obj = pv.apply_effect(self.ps[q], obj, origin.stamps[q], self.rounding)
            objects[oid] = obj
        state = replace(self.new, objects=objects, derived=True)
        return replace(
            origin,
            state=state,
            order=tuple(order),
            applied_to=applied_to,
            held=frozenset((origin.held - self.cone) | held),
            reused=True,
            log=self.log,
        )
