"""Making the order of passives again from the trial log when a source whose passive
selects by side changed controller and what its selector reads is written by other
passives (A-GOLD-6, A-DEP-1, A-DEP-2, A-ORDER-1), for ``passive_replay``.

``passive_replay_checks._selected_again`` answers for such a passive ``S`` only when no
passive writes what its selector reads: its targets are then the same in every round.
On the dense boards of ``benchmarks/dependency.py`` some passive almost always writes it
("all Elementals you control get +1 power" against "all Spirits are Elementals", or
"all regions are Forests", which writes every subtype of regions): ``S`` may then depend
on other passives in other rounds with its new controller, wait for others, or stop
waiting, and select other objects at its turn. This module makes it a *moved* passive of
``passive_rechoose`` (through ``passive_rechoose_sources``, which adds the stopped
passives and those selected again), its pairs computed directly, when it is a *sink*:

- nothing reads what it writes (``TrialLog.candidates`` has no reader of it, and the
  passives of the new board are the log's): no pair (A, S) in any round of either
  order, so no passive depends on it (A-DEP-1) and it is reached from none (A-DEP-2).
  Its own status then reads only its direct dependencies: it is free exactly when it
  depends on no unapplied passive (nothing it reaches can reach it back). And applying
  it, earlier, later or to other objects, changes nothing a selector or a condition
  reads: the partial boards of the re-choice differ, besides the followed objects, only
  in what no passive reads, on its targets before and after (derived again at the end);
- it has no condition (no A-DEP-1c) and picks all objects its filters accept.

**Its pairs (S, B), each round, on the new board** (A-DEP-1 as ``passive_trial.trial``
finds them), for each passive [B] whose writes a reader of ``S`` reads
(``TrialLog.candidates``). A-DEP-1a: [B] takes abilities and selects ``S``'s source,
which differs (its controller): ``passive_rechoose`` refuses such a [B] whenever it can
select that source. A-DEP-1b: [B] exists, its condition holds, and for some object ``o``
[B] selects (its version now) applying [B] changes whether ``S`` selects ``o`` (with
``S``'s source now: its new controller). Only a [B] whose writes meet what ``S``'s
selector reads can change that.

**The objects looked at** (a *pool* per selector, per log, ``Memo.pools``). [B] selects
an object only if its version has what [B]'s selector names: the first subtype (or
keyword) it names, or one of its kinds, or anything. An object not followed by the
re-choice has, at each round of the new order, its version of the aligned round of the
previous order (``passive_rechoose``) but for what no passive reads, which has that
subtype only if its base has it or a passive writing it applied to it in the previous
order: the pool is the objects of the log's state with it and the targets of those
passives (kinds: the objects of those kinds; passives change no kind). A followed object
is looked at by the passives that can select its version now (``Followed.could``). The
pools are kept per log; beyond ``MOST_POOL`` objects the answer is None. Each object
changed on either board (``notify``) is looked at again: which [B] it witnesses now;
(S, B) holds while [B] has a witness and holds.

**Its targets.** At its turn, it applies to the followed objects it selects
(``passive_rechoose``), and the others of its own pool it selects are noted. At the end,
each object it applied to in the previous order or now and that is not followed is
derived again: the passives the previous order applied to it but the sinks (what they
select of it is the same on both boards), and the sinks that apply to it now, in the new
order. An object it applied to on one board and not yet on the other is never followed
from the middle (refused). Its place in timestamp order is its source's (A-TIME-1): a
queue that changes is refused by ``passive_rechoose``.

**The end.** The rest of the previous order is taken as it is (``settled``) only once
every such passive is applied: until then its pairs differ from the log's.

Everything else is refused as in ``passive_rechoose``; the tests compare every answer with
a full recomputation (``tests/test_passive_replay_sided.py``).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from arbiter.model import passive_follow as follow
from arbiter.model import passives as pv
from arbiter.model.effects import algebra as fx
from arbiter.model.passive_rechoose import MOST_FOLLOWED, MOST_MOVED, _Refused
from arbiter.model.passive_rechoose_sources import _Absent
from arbiter.model.state import GameObject, GameState

if TYPE_CHECKING:
    from arbiter.model.passive_log import TrialLog
    from arbiter.model.passive_order import Ordering

MOST_POOL = 600  # objects looked at for the pairs and targets of the moved sided passives
Key = tuple[object, ...]


def movable(log: TrialLog, p: pv.Passive) -> bool:
    """A passive selecting by side that this module can move (see the module's text)."""
    return (
        p.condition is None
        and p.selector.pick is fx.Pick.ALL
        and p.selector.side is not fx.Side.ANY
        and not log.candidates.get(p.id)
    )


def rechoose_sided(
    origin: Ordering,
    stored: GameState,
    new: GameState,
    log: TrialLog,
    index: follow.FollowIndex,
    dirty: Sequence[str],
    stopped: Collection[str],
    followed: Collection[str],
    sinks: Collection[str],
) -> Ordering | None:
    """The ordering of ``new`` made again from ``origin``'s trial log with the passives of
    ``sinks`` (``movable``) moved where their pairs now put them, those of ``stopped``
    absent and the objects of ``followed`` followed from the start; None where this module
    or ``passive_rechoose`` refuses (see the module's text)."""
    if any(pv.counts_others(p) for p in origin.passives.values()):
        return None
    if any(pid not in index.pos for pid in (*stopped, *sinks)):
        return None  # it ceased in the previous order: it may cease elsewhere now
    every = sorted(set(dirty) | set(followed))
    if len(every) > MOST_FOLLOWED:
        return None
    try:
        sim = _Sided(origin, stored, new, log, index, frozenset(stopped), sorted(sinks))
        return sim.run(every)
    except _Refused:
        return None


@dataclass
class _Sink:
    """One moved sided passive: what it reads and who writes it, the objects looked at,
    and the witnesses of each pair now."""

    pid: str
    p: pv.Passive
    src: GameObject  # its source now (its new controller)
    writers: list[str]  # the [B] of its pairs (S, B)
    pools: dict[str, frozenset[str]]  # per [B] whose writes meet what it reads
    targets: frozenset[str]  # its own pool
    by_object: dict[str, set[str]] = field(default_factory=dict)  # object -> [B] of its pool
    witnessed: dict[str, set[str]] = field(default_factory=dict)  # object -> [B] it witnesses
    count: dict[str, int] = field(default_factory=dict)  # [B] -> its witnesses now
    holding: dict[str, list[str]] = field(default_factory=dict)  # object -> [B] it decides
    now: set[str] = field(default_factory=set)  # what it applied to and is not followed


class _Sided(_Absent):
    """``passive_rechoose_sources``' simulation with the passives of ``sinks`` moved."""

    def __init__(
        self,
        origin: Ordering,
        stored: GameState,
        new: GameState,
        log: TrialLog,
        index: follow.FollowIndex,
        stopped: frozenset[str],
        sinks: list[str],
    ) -> None:
        super().__init__(origin, stored, new, log, index, stopped)
        self.sinks = {pid: self.sink(pid) for pid in sinks}
        self.pending: set[str] = set()  # objects changed since the sinks' pairs were made

    # -- what is looked at ---------------------------------------------------------------------

    def pool(self, s: fx.Selector, source: str) -> frozenset[str]:
        """The objects a passive with selector ``s`` can select in some round of the new
        order but for followed ones (see the module's text), kept per log."""
        if s.pick is fx.Pick.SELF:
            return frozenset({source})
        key: Key
        if s.subtypes:
            key = ("subtype", min(s.subtypes))
        elif s.has:
            key = ("feature", min(s.has))
        elif s.kinds:
            key = ("kind", *sorted(s.kinds))
        else:
            key = ("all",)
        pools = self.memo.pools
        got = pools.get(key)
        if got is None:
            got = pools[key] = _pool(key, self.origin, self.stored, self.log)
        if len(got) > MOST_POOL:
            raise _Refused
        return got

    def sink(self, pid: str) -> _Sink:
        p = self.ps[pid]
        reads = pv.selector_reads(p)
        writers = sorted(b for b, readers in self.log.candidates.items() if pid in readers)
        pools: dict[str, frozenset[str]] = {}
        for b in writers:
            pb = self.ps[b]
            if pv.overlaps(pv.writes(pb), reads):
                pools[b] = self.pool(pb.selector, pb.source)
        got = _Sink(pid, p, self.new.objects[p.source], writers, pools, frozenset())
        got.targets = self.pool(p.selector, p.source)
        for b, oids in pools.items():
            for oid in oids:
                got.by_object.setdefault(oid, set()).add(b)
        if sum(map(len, pools.values())) + len(got.targets) > MOST_POOL:
            raise _Refused
        return got

    # -- the simulation's steps ------------------------------------------------------------------

    def start(self) -> None:
        super().start()
        watched: set[str] = set()
        for s in self.sinks.values():
            self.x.add(s.pid)  # its pairs are computed here (``pairs_of_x``)
            watched.update(s.by_object)
            watched.add(s.p.source)
            for b in s.writers:  # what decides whether [B] exists and holds
                bsrc = self.new.objects[self.ps[b].source]
                for oid in (bsrc.id, bsrc.region):
                    if oid is not None and oid in self.new.objects:
                        watched.add(oid)
                        s.holding.setdefault(oid, []).append(b)
        for oid in sorted(watched):
            self.line(oid)  # (its changes on the previous board are notified)
        self.pending = watched
        self.sink_pairs(every=True)

    def notify(self, oids: Collection[str]) -> None:
        if not oids:
            return
        self.pending.update(oids)
        super().notify(oids)
        self.sink_pairs()

    def pairs_of_x(self, pid: str) -> None:
        if pid in self.sinks:
            self.sink_pairs(every=True)
            return
        super().pairs_of_x(pid)  # (it puts (S, pid) absent: set again)
        for s in self.sinks.values():
            if pid in s.writers and s.pid not in self.applied:
                self.put((s.pid, pid), self.value(s, pid))

    def choose(self) -> str:
        got = super().choose()
        aligned = self.j < self.n and got == self.old[self.j]
        if got in self.sinks and got not in self.moved and not aligned:
            self.moved.add(got)  # applied out of its previous place
            self.into_gone[got] = set()  # (no passive depends on it)
            if len(self.moved) > MOST_MOVED:
                raise _Refused
        return got

    def follow(self, oid: str) -> None:
        if oid not in self.followed and self.order and self.retargeted(oid):
            raise _Refused  # (its version now: the previous one at ``j`` is not it)
        super().follow(oid)

    def retargeted(self, oid: str) -> bool:
        """Whether a sink applied to ``oid`` on one board by now and not on the other: one
        not followed is derived again at the end (``result``)."""
        pos = self.index.pos
        for s in self.sinks.values():
            if oid in s.now:
                return True
            if pos[s.pid] < self.j and oid in self.origin.applied_to.get(s.pid, ()):
                return True
        return False

    def apply(self, chosen: str) -> None:
        s = self.sinks.get(chosen)
        if s is not None and self.holds(s.p):  # what it selects, not followed: at the end
            for oid in sorted(s.targets):
                if oid not in self.followed and pv.selects(s.p, self.version(oid), s.src):
                    s.now.add(oid)
        super().apply(chosen)

    def result(self) -> Ordering:
        """The ordering made, the targets of the sinks that are not followed derived again:
        before and after, the passives that apply to such an object are those the previous
        order applied to it but the sinks, and the sinks that select it now, in the new
        order (what selectors read of it is the same on both boards: only the numbers the
        sinks change differ, which no passive reads)."""
        got = super().result()
        ps, applied_by = self.ps, self.index.applied_by
        place = {pid: k for k, pid in enumerate(got.order)}
        objects = dict(got.state.objects)
        applied_to = dict(got.applied_to)
        again: set[str] = set()
        for s in self.sinks.values():
            before = {
                oid for oid in self.origin.applied_to.get(s.pid, ()) if oid not in self.followed
            }
            again |= before | s.now
            applied_to[s.pid] = (applied_to[s.pid] - before) | s.now
        for oid in sorted(again):
            seq = [pid for pid in applied_by.get(oid, ()) if pid not in self.sinks]
            seq += [pid for pid, s in self.sinks.items() if oid in s.now]
            obj = self.new.objects[oid]
            if any(pid not in place for pid in seq):
                raise _Refused  # (one that ceased now: not derived here)
            for pid in sorted(seq, key=place.__getitem__):
                obj = self.memo.effect(ps[pid], obj, self.origin.stamps[pid], self.rounding)
            objects[oid] = obj
        return replace(got, state=replace(got.state, objects=objects), applied_to=applied_to)

    def settled(self) -> bool:
        return all(pid in self.applied for pid in self.sinks) and super().settled()

    # -- the pairs of the sinks ------------------------------------------------------------------

    def sink_pairs(self, every: bool = False) -> None:
        """Each sink's pairs on the boards now, the objects changed since looked at again:
        those whose witnesses or whose existence and condition can have changed (``every``:
        all of them)."""
        changed, self.pending = sorted(self.pending), set()
        for s in self.sinks.values():
            if s.pid in self.applied:
                continue
            touched: set[str] = set(s.writers) if every else set()
            for oid in changed:
                touched |= self.witness(s, oid)
                touched.update(s.holding.get(oid, ()))
            for b in sorted(touched):
                if b not in self.applied:
                    self.put((s.pid, b), self.value(s, b))

    def witness(self, s: _Sink, oid: str) -> set[str]:
        """Which [B] ``oid`` witnesses for ``S`` now (A-DEP-1b); those it no longer
        witnesses or now does."""
        was = s.witnessed.pop(oid, set())
        bs = s.by_object.get(oid, set())
        f = self.followed.get(oid)
        if f is not None:
            bs = bs | (f.could & s.pools.keys())
        now: set[str] = set()
        if bs:
            v = self.version(oid)
            for b in bs:
                if b in self.applied:
                    continue
                pb = self.ps[b]
                if not pv.selects(pb, v, self.new.objects[pb.source]):
                    continue
                after = self.memo.effect(pb, v, self.origin.stamps[b], self.rounding)
                if after is not v and pv.selects(s.p, v, s.src) != pv.selects(s.p, after, s.src):
                    now.add(b)
        if now:
            s.witnessed[oid] = now
        for b in was - now:
            s.count[b] -= 1
        for b in now - was:
            s.count[b] = s.count.get(b, 0) + 1
        return was ^ now

    def value(self, s: _Sink, b: str) -> bool:
        """Whether ``S`` depends on [B] now: A-DEP-1b (no condition: no 1c; 1a: its source
        differs, and ``passive_rechoose`` refuses a passive taking abilities that can select
        a followed source that differs)."""
        pb = self.ps[b]
        return s.count.get(b, 0) > 0 and self.holds(pb)


def _pool(key: Key, origin: Ordering, stored: GameState, log: TrialLog) -> frozenset[str]:
    """The objects of the log's state with what ``key`` names, and the targets in the
    previous order of every passive that writes it (see the module's text)."""
    objects = stored.objects
    if key[0] == "all":
        return frozenset(objects)
    if key[0] == "kind":
        kinds = set(key[1:])
        return frozenset(oid for oid, obj in objects.items() if obj.kind in kinds)
    attr, name = key
    assert isinstance(name, str) and isinstance(attr, str)
    out: set[str] = set()
    if attr == "subtype":
        out |= log.holding(name, stored) or set()
    else:
        out |= {oid for oid, obj in objects.items() if name in obj.features}
    channel = frozenset({(attr, name)})
    for pid, p in origin.passives.items():
        if pv.overlaps(pv.writes(p), channel):
            out |= origin.applied_to.get(pid, frozenset())
    return frozenset(out)
