"""The merge of ``passive_cone`` (A-DEP-1, A-DEP-2, A-ORDER-1): the passives outside the
cone (``N``) in their previous order, those of the cone (``C``) ordered by a real run of
A-ORDER-1 on the lazy partial board (``passive_cone_board``), interleaved with them.

Round by round, the next passive of ``N`` against the free passives of ``C`` with a
smaller timestamp. A passive of ``C`` is free when nothing it reaches is in ``N`` (no
path leads back from ``N``: a passive of ``N`` depending on one of ``C`` ends the merge,
``Grow``) and everything it reaches in ``C`` reaches it. A pair is compared again, as in
``passive_order``, when what it reads changed: the channels an applied passive writes
(a passive of ``N`` writing nothing a tracked passive reads skips the work) or the
objects a cached trial application changes. A pair of a passive of ``C`` with one of
``N`` is compared when a freeness asks: it is enough to know one passive of ``N`` it
depends on (``block``), kept while it holds. The explanation of the result is the
previous ordering's (see ``passive_cone``).
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from arbiter.model import passive_trial as pt
from arbiter.model import passives as pv
from arbiter.model.passive_cone_board import ConeBoard, GiveUp, Grow
from arbiter.model.state import GameObject, GameState

if TYPE_CHECKING:
    from arbiter.model.passive_log import TrialLog
    from arbiter.model.passive_order import Ordering


class Merge(ConeBoard):
    """One merge: the passives of N in their previous order, those of C by A-ORDER-1."""

    def __init__(
        self,
        origin: Ordering,
        log: TrialLog,
        stored: GameState,
        new: GameState,
        changed: set[str],
        cone: set[str],
        stopped: frozenset[str] = frozenset(),
        keys: Mapping[str, tuple[int, int, str, str]] | None = None,
    ) -> None:
        super().__init__(origin, log, stored, new, changed, cone, stopped, keys)
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
        self.live_c = set(cone) - stopped  # (a passive that stopped is never applied)
        self.queue_c = sorted(self.live_c, key=self.key.__getitem__)
        self.queue_keys = [self.key[c] for c in self.queue_c]
        self.queued = 0
        self._pairs()

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
        held = self.origin.held
        self.quiet = {  # the passives of N whose ``_apply_n`` returns early
            pid
            for pid in self.seq
            if self.ps[pid].condition is None
            and (pid not in held or not pv.overlaps(pv.writes(self.ps[pid]), self.read))
        }
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
            board = self.board
            app = pt.apply_passive(self.ps[b], board, again=True)
            got = self.trials[b] = (app, pt.delta(board.objects, app.changes, board.channels_seen))
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
                        if b in out[a]:  # (a pair not yet found only blocks more: no news)
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
                raise Grow(a)  # a passive of N depends on one of C: the merge fails
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
                    raise GiveUp  # a passive of N stops earlier than before
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
        out.difference_update([b for b in out if b not in self.cone])  # (all applied)
        pending = self.pending[a]
        for b in sorted(pending):
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
        if self.epoch == self.asked[0] and n <= self.asked[1]:
            return None  # (a prefix of those found not free, nothing changed since)
        eligible = self.queue_c[:n]
        self.relied = set()  # the passives of N the answer reads as unapplied
        for c in eligible:
            if self._free(c):
                return c
        self.asked = (self.epoch, n)
        return None

    def _apply_n(self) -> None:
        pid = self.seq[self.j]
        p = self.ps[pid]
        if p.condition is not None:  # (a flip with no target in common is no A-DEP-1c)
            now = self.board.objects
            if (pv.exists(p, now) and pv.condition_holds(p, now)) != (
                pid in self.origin.held
            ):
                raise Grow(pid)  # it holds now and not before, or the reverse
        self.j += 1
        self.live_n.discard(pid)
        self.trials.pop(pid, None)
        for gone in self.ceasing.get(self.j, ()):
            self.live_n.discard(gone)
            if gone in self.relied:
                self.epoch += 1
        if pid in self.relied:  # a passive of C was waiting for it
            self.epoch += 1
        if pid not in self.origin.held or not pv.overlaps(pv.writes(p), self.read):
            return
        writes = pv.writes(p)
        objects, written = self._changed_by(pid, writes)
        for oid in sorted(self.watch.get(pid, ())):
            d = self.dirty[oid]
            was = d.version
            self._advance(oid, d)
            if d.version is not was:
                objects.add(oid)
                written |= writes
        lost = objects if p.plan.does is pv.LOSE_ALL else set()
        self._stale(written, objects, lost)

    def _skip(self) -> None:
        """Apply at once the next passives of N after which ``_next_cone``'s answer stays
        None: each changes nothing a tracked passive reads (``_apply_n`` would return
        early), has no condition, no passive of C was found waiting for it, none of N
        ceases after it, and no passive of C not yet found unfree comes below it."""
        epoch, n = self.asked
        if epoch != self.epoch:
            return
        keys = self.queue_keys
        limit = keys[n] if n < len(keys) else None
        seq, key, quiet, relied, ceasing = self.seq, self.key, self.quiet, self.relied, self.ceasing
        start = j = self.j
        while j < len(seq):
            pid = seq[j]
            if pid not in quiet or pid in relied or j + 1 in ceasing:
                break
            if limit is not None and key[pid] > limit:
                break
            j += 1
        if j == start:
            return
        done = seq[start:j]
        self.order.extend(done)
        self.live_n.difference_update(done)
        for pid in done:
            self.trials.pop(pid, None)
        self.j = j

    def _changed_by(
        self, pid: str, writes: frozenset[pv.Channel]
    ) -> tuple[set[str], set[pv.Channel]]:
        """The clean objects whose subtypes or keywords a passive of N changed in its
        round, and those channels (read from when each object has them, ``spans``, as
        ``passive_order`` reads them from what the application changed); all of its
        objects and channels when it writes every name of a kind or abilities."""
        clean = [o for o in self.origin.applied_to.get(pid, ()) if o not in self.dirty]
        if any(name == "*" or attr not in ("subtype", "feature") for attr, name in writes):
            return set(clean), set(writes)
        at = self.index.pos[pid] + 1
        objects: set[str] = set()
        written: set[pv.Channel] = set()
        for oid in clean:
            for ch in writes:
                if any(a == at or b == at for a, b in self.spans(oid, ch)):
                    objects.add(oid)
                    written.add(ch)
        return objects, written

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
            targets, chosen = self.number_targets(p)
            for oid in chosen:
                d = self.dirty[oid]
                self._advance(oid, d)
                self.number(d, p, self.stamps[cid])
                d.applied.append(cid)
            self.cone_to[cid] = targets
            return
        done = pt.apply_passive(p, self.board, again=True)
        if done is not pt.NO_APPLICATION:
            held.add(cid)
        written: set[pv.Channel] = set()
        lost: set[str] = set()
        for oid, now in done.changes.items():
            if oid not in self.dirty:
                exact, applied = self.exact(oid)
                self._make_dirty(oid, exact, applied)
                d = self.dirty[oid]
                now = pv.apply_effect(p, exact, self.stamps[cid], self.rounding)
            else:
                d = self.dirty[oid]
                self._advance(oid, d)
            was = d.version
            chans = pv.changed_channels(was, now)
            written |= chans
            if ("abilities", oid) in chans:
                lost.add(oid)
            d.change(now)
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
                self._skip()
            elif self.live_c:
                raise GiveUp  # (a sink of the condensation is always free)
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
        kept = [p for p in old.order if p in self.cone and p not in self.stopped]
        same_c = kept == [p for p in order if p in self.cone]
        out: set[str] = set()
        for c in self.cone:
            was, now = old.applied_to.get(c, frozenset()), applied_to.get(c, frozenset())
            if not same_c or places[0].get(c) != places[1].get(c):
                out.update(was, now)
            elif was != now:
                out |= was ^ now
        return out

    def _derive_moved(
        self,
        order: list[str],
        pos: Mapping[str, int],
        applied_to: Mapping[str, frozenset[str]],
        objects: dict[str, GameObject],
    ) -> None:
        """Derive again the clean objects whose sequence of passives changed (of those
        ``_moved`` gives): the passives of N applied to it in their order, those of C
        applied to it now, in the order of the merge. An object the same passives of C
        apply to as before keeps its sequence exactly when that sequence is in the order
        of the merge already (the same passives sorted alike; many objects have the same
        sequence: answered once for each); else it is that sequence in the merge's order.
        Only the objects whose passives of C changed are looked at in full."""
        index, cone, ps, stamps = self.index, self.cone, self.ps, self.stamps
        rounding = self.rounding
        before = self.origin.applied_to
        none: frozenset[str] = frozenset()
        other: set[str] = set()  # those a passive of C applies to now and not before, or back
        for c in cone:
            was = before.get(c, none) if c in index.pos else none
            now = applied_to.get(c, none)
            if was != now:
                other |= was ^ now
        cone_now: dict[str, list[str]] = {}  # for those, the passives of C applied now
        for c in cone:
            for oid in applied_to.get(c, none) & other:
                cone_now.setdefault(oid, []).append(c)
        applied_by, dirty = index.applied_by, self.dirty
        # the numbers made once per object; the same objects derived again from one event
        # to the next with the same passives are those made then (``passive_derive``)
        derive = index.memo.derived.derive
        sorted_seq: dict[tuple[str, ...], tuple[str, ...] | None] = {}  # by previous sequence
        for oid in self._moved(order, applied_to):
            if oid in dirty:
                continue
            old_seq = applied_by.get(oid, ())
            if oid not in other:
                if old_seq in sorted_seq:
                    got = sorted_seq[old_seq]
                else:
                    got = sorted_seq[old_seq] = _in_order(old_seq, pos)
                if got is None:
                    continue  # (the same passives, already in the merge's order)
                if got:
                    objects[oid] = derive(self.new.objects[oid], got, ps, stamps, rounding)
                    continue
            now_seq = [q for q in old_seq if q not in cone]
            now_seq += cone_now.get(oid, ())
            now_seq.sort(key=pos.__getitem__)
            if now_seq == list(old_seq):
                continue
            objects[oid] = derive(self.new.objects[oid], tuple(now_seq), ps, stamps, rounding)

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
            objects[oid] = self.settled(d)
            now = set(d.applied)
            for pid in self.index.applied_by.get(oid, ()):
                if pid not in self.cone and pid not in now:
                    applied_to[pid] = applied_to[pid] - {oid}
            for pid in now:
                if pid not in self.cone and oid not in applied_to[pid]:
                    applied_to[pid] = applied_to[pid] | {oid}
        # the clean objects a passive of C applies to (numbers): derived again when the
        # sequence of passives applied to them changed
        self._derive_moved(order, pos, applied_to, objects)
        state = replace(self.new, objects=objects, derived=True)
        gone = self.stopped
        # the explanation is the previous ordering's, without the passives that stopped
        return replace(
            origin,
            state=state,
            order=tuple(order),
            choices=tuple(c for c in origin.choices if c.passive not in gone)
            if gone
            else origin.choices,
            edges=tuple(e for e in origin.edges if e.dependent not in gone and e.on not in gone)
            if gone
            else origin.edges,
            cycles=tuple(c for c in origin.cycles if not gone.intersection(c))
            if gone
            else origin.cycles,
            passives={pid: p for pid, p in origin.passives.items() if pid not in gone}
            if gone
            else origin.passives,
            stamps={pid: s for pid, s in self.stamps.items() if pid not in gone}
            if gone
            else self.stamps,
            applied_to=applied_to,
            held=frozenset((origin.held - self.cone) | held),
            reused=True,
            log=self.log,
        )


def _in_order(seq: tuple[str, ...], pos: Mapping[str, int]) -> tuple[str, ...] | None:
    """None when the passives of ``seq`` are in the order of ``pos`` already; else ``seq``
    sorted by it, or () when one of them is not in it."""
    last = -1
    for q in seq:
        k = pos.get(q)
        if k is None:
            return ()
        if k < last:
            return tuple(sorted(seq, key=pos.__getitem__))
        last = k
    return None
