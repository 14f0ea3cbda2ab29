"""Making the order of passives again from the trial log where an event makes a choice
differ (A-ORDER-1, A-DEP-1, A-DEP-2), for ``passive_replay``: an online simulation of
A-ORDER-1 comparing each round of the new order with one round ``j`` of the previous one.

**Alignment.** The new order is the previous one with a few passives *moved*: a passive
not moved is applied by the new order exactly when the previous one had applied it by
round ``j``. Only a passive *on its source alone* may move (selector SELF without
filters, a condition on its region at most, taking no abilities, setting no region's
type, its source not a region), so the two partial boards differ only on *followed*
objects: the event's, and the sources of ``X`` (the moved passives and every conditional
passive on its source alone whose source or region is followed), each derived round by
round in the new order against its previous versions (``passive_follow.line_before``).

**The graph of each round.** The pairs of a passive [x] of ``X`` are computed directly
when what they read changes: [A] depends on [x] when [x] holds and applying it makes [A]
select its source or not (A-DEP-1b); [x] depends on [B] when [B] holds, selects [x]'s
region and flips [x]'s condition (A-DEP-1c, the source being the target in common).
Every other pair takes the log's value at round ``j``, corrected for the followed objects
that differ (their part compared again, a witness among them set aside), as the replay
does. The choice is the free passive with the smallest order key: the previous choice
while the graph is the log's, else looked for among the passives a difference can reach;
once nothing differs, the rest of the previous order is taken as it is.

Everything else returns None (the caller recomputes everything): a passive on others
that would move, a passive that ceased moving or whose source is followed, a count
condition, a conditional passive not on its source alone reading or able to select a
followed object, a passive taking abilities able to select a followed source, another
queue of timestamps, more than ``MOST_MOVED`` moved, ``MOST_DISPLACED`` displaced at once
or ``MOST_FOLLOWED`` followed objects. The tests compare every answer with a full
recomputation.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from arbiter.model import passive_follow as follow
from arbiter.model import passives as pv
from arbiter.model.effects import algebra as fx
from arbiter.model.passive_followed import Followed, last_part
from arbiter.model.passive_rechoose_result import rechosen
from arbiter.model.passive_replay_checks import _part, _region_only, _seen
from arbiter.model.passive_touched import Gone, Graph, Pairs, Reach
from arbiter.model.passive_trial import Dependence
from arbiter.model.state import GameObject, GameState

if TYPE_CHECKING:
    from arbiter.model.passive_log import TrialLog
    from arbiter.model.passive_order import Ordering

MOST_MOVED = 16  # passives applied out of their previous place
MOST_DISPLACED = 8  # of those, applied by one order and not by the other at one round
MOST_FOLLOWED = 128  # objects followed round by round (the targets of passives that stopped)

_DEP = Dependence("", "", ())  # the graph's edges need no reasons here
Pair = tuple[str, str]


class _Refused(Exception):
    """The event is not one this module covers: the caller recomputes everything."""


def on_source_alone(p: pv.Passive, source: GameObject) -> bool:
    """A passive that may move: it applies to its source alone, whatever the board, and
    what it does changes no ability and no region."""
    return (
        p.selector == fx.SELF
        and _region_only(p.condition)
        and p.plan.does is not pv.LOSE_ALL
        and not pv.sets_region_type(p)
        and source.kind != pv.REGION
    )


def rechoose(
    origin: Ordering,
    stored: GameState,
    new: GameState,
    log: TrialLog,
    index: follow.FollowIndex,
    dirty: Sequence[str],
) -> Ordering | None:
    """The ordering of ``new``, re-chosen from ``origin``'s trial log (see the module's
    text), or None."""
    if any(pv.counts_others(p) for p in origin.passives.values()):
        return None
    try:
        return _Simulation(origin, stored, new, log, index).run(dirty)
    except _Refused:
        return None


class _Simulation:
    def __init__(
        self,
        origin: Ordering,
        stored: GameState,
        new: GameState,
        log: TrialLog,
        index: follow.FollowIndex,
    ) -> None:
        self.origin, self.stored, self.new, self.log, self.index = origin, stored, new, log, index
        self.ps = origin.passives
        self.old = origin.order
        self.n = len(self.old)
        self.rounding = origin.state.ruleset.division_rounding
        self.memo = index.memo
        self.queue, self.rank = self.memo.queue(self.ps, stored.objects, new.players)  # A-TIME-1
        if not self.memo.same_queue(self.ps, stored.objects, new.objects, new.players):
            raise _Refused  # A-TIME-1: the log's choices were made in another queue
        self.head = 0
        self.j = 0  # the round of the previous order compared with the new one
        self.reading = self.memo.reading(log.flat)
        self.i = 0  # the changes of the log read (``reading.changes``, by round)
        self.read_to = -1  # the last round of the log read
        self.order: list[str] = []
        self.applied: set[str] = set()
        self.moved: set[str] = set()
        self.x: set[str] = set()  # passives whose pairs are computed directly
        self.held_x: dict[str, bool] = {}  # whether each of X held at its turn
        self.followed: dict[str, Followed] = {}
        self.differing: set[str] = set()  # the followed objects that differ (``differs``)
        self.lines: dict[str, follow.Line] = {}  # previous versions of other objects read
        self.by_passive: dict[str, set[str]] = {}  # followed objects each passive may select
        self.changes_at: dict[int, set[str]] = {}  # rounds a previous version changes
        self.watch: dict[str, set[str]] = {}  # object -> passives of X reading it
        self.reach = Reach()  # the passives ``touched`` found, kept while it cannot grow
        self.graph = Graph(self.reach)
        self.logval: dict[Pair, bool] = {}
        self.overlay: dict[Pair, bool] = {}
        self.by_node: dict[str, set[Pair]] = {}
        self.diff = Pairs(self.reach)  # pairs whose value is not the log's
        self.into_gone = Gone(self.reach)  # the log's edges into passives applied earlier
        self.corrected: dict[Pair, int] = {}  # pairs corrected for some followed object
        self.writers: dict[str, list[str]] = {}
        # the passives that ceased (A-DEP-1a) once the previous order had applied ``k``
        self.ceased_at = {k: c.ceased for k, c in enumerate(origin.choices) if c.ceased}

    # -- versions ---------------------------------------------------------------------------

    def line(self, oid: str) -> follow.Line:
        got = self.lines.get(oid)
        if got is None:
            got, by = follow.line_before(self.origin, self.index, self.stored.objects[oid])
            self.lines[oid] = got
            for (r, _), pid in zip(got[1:], by, strict=True):  # (a number: read by none)
                if self.ps[pid].plan.does is not pv.NUMBER:
                    self.changes_at.setdefault(r, set()).add(oid)
        return got

    def version(self, oid: str) -> GameObject:
        f = self.followed.get(oid)
        return f.now if f is not None else follow.at(self.line(oid), self.j)

    def previous(self, oid: str) -> GameObject:
        return follow.at(self.line(oid), self.j)

    def holds(self, p: pv.Passive) -> bool:
        """Whether ``p`` exists and its condition holds on the new board now."""
        ids = [p.source]
        src = self.new.objects[p.source]
        if src.region is not None and src.region in self.new.objects:
            ids.append(src.region)
        objects = {oid: self.version(oid) for oid in ids}
        return pv.exists(p, objects) and pv.condition_holds(p, objects)

    # -- following objects --------------------------------------------------------------------

    def follow(self, oid: str) -> None:
        """Follow ``oid`` from now on: until now it is the same on both boards (or it is
        an object of the event, followed from the start)."""
        if oid in self.followed:
            return
        if len(self.followed) >= MOST_FOLLOWED:
            raise _Refused
        before = self.line(oid)
        now = self.new.objects[oid] if not self.order else follow.at(before, self.j)
        f = Followed(before, now, self.index.could_select(now))
        if self.order:  # what the previous order applied to it so far, the same now
            pos = self.index.pos
            f.applied = [q for q in self.index.applied_by.get(oid, ()) if pos[q] < self.j]
        self.followed[oid] = f
        for pid in f.could:
            self.by_passive.setdefault(pid, set()).add(oid)
        # a condition reading it: on its source alone, its pairs computed directly
        for pid in self.index.by_region.get(oid, ()):
            self.join(pid)
        for pid in self.index.of_source.get(oid, ()):
            if self.ps[pid].condition is not None:
                self.join(pid)

    def join(self, pid: str) -> None:
        """``pid``'s pairs are computed directly from now on (it may be applied out of its
        previous place)."""
        if pid in self.x:
            return
        p = self.ps[pid]
        if pid not in self.index.pos or not on_source_alone(p, self.new.objects[p.source]):
            raise _Refused  # (one that ceased before: it may cease elsewhere now)
        self.x.add(pid)
        self.follow(p.source)
        src = self.new.objects[p.source]
        self.watch.setdefault(p.source, set()).add(pid)
        if src.region is not None and src.region in self.new.objects:
            self.watch.setdefault(src.region, set()).add(pid)
            self.line(src.region)
        writers = [b for b, readers in self.log.candidates.items() if pid in readers]
        self.writers[pid] = writers
        for b in writers:  # what decides whether [B] holds
            pb = self.ps[b]
            if pb.condition is not None:
                bsrc = self.new.objects[pb.source]
                for oid in (pb.source, bsrc.region):
                    if oid is not None and oid in self.new.objects:
                        self.watch.setdefault(oid, set()).add(pid)
                        self.line(oid)
        self.pairs_of_x(pid)

    def notify(self, oids: Collection[str]) -> None:
        """These objects' versions changed (on one board or the other)."""
        if not oids:  # (most rounds)
            return
        xs: set[str] = set()
        for oid in sorted(set(oids)):
            f = self.followed.get(oid)
            if f is not None:
                self.check_followed(oid, f)
            xs |= self.watch.get(oid, set())
        for pid in sorted(xs):
            self.pairs_of_x(pid)

    def check_followed(self, oid: str, f: Followed) -> None:
        was = self.previous(oid)
        # what selectors read of both versions (and whether they keep their abilities, and
        # which passives may select it) as at the last check: its pairs are those found then
        seen = (_seen(was), _seen(f.now), f.now.abilities == was.abilities, len(f.could))
        if seen == f.seen:
            return
        f.seen = seen
        f.differs = seen[0] != seen[1]
        (self.differing.add if f.differs else self.differing.discard)(oid)
        if f.differs:  # (``passive_followed``)
            boards = (self.stored.objects, self.new.objects)
            f.until = last_part(self.index, self.ps, boards, oid, (was, f.now), self.n)
        if f.differs or f.now.abilities != was.abilities:
            if f.now.abilities != was.abilities:
                raise _Refused  # its passives exist in other rounds (A-DEP-1a)
            for b in sorted(f.could | self.index.could_select(was)):
                pb = self.ps[b]
                if pb.condition is not None and b not in self.x:
                    raise _Refused  # A-DEP-1c: the target in common may be this one
                if pb.plan.does is pv.LOSE_ALL and self.index.of_source.get(oid):
                    raise _Refused  # A-DEP-1a: it may take a followed source's passives
        pairs = self.pairs_of(oid, f, was) if f.differs else set()
        for pair in sorted(f.pairs | pairs):
            self.correct(pair)
        for pair in f.pairs - pairs:
            left = self.corrected[pair] - 1
            if left:
                self.corrected[pair] = left
            else:
                del self.corrected[pair]
        for pair in pairs - f.pairs:
            self.corrected[pair] = self.corrected.get(pair, 0) + 1
        f.pairs = pairs

    def pairs_of(self, oid: str, f: Followed, was: GameObject) -> set[Pair]:
        """The pairs (A, B) outside X where ``oid`` may be a witness: [B] may select it
        and [A] reads what [B] writes and may select it before or after [B]."""
        out: set[Pair] = set()
        cands = self.log.candidates
        for b in sorted(f.could | self.index.could_select(was)):
            readers = cands.get(b)
            if not readers or b in self.x or b in self.applied:
                continue
            pb = self.ps[b]
            src = self.new.objects[pb.source]
            near = f.could | self.index.could_select(was)
            for version in (was, f.now):
                if pv.selects(pb, version, src):
                    near = near | self.index.could_select(pv.apply_effect(pb, version, 0))
            for a in readers & near:
                if a not in self.x and a not in self.applied:
                    out.add((a, b))
        return out

    # -- the graph ----------------------------------------------------------------------------

    def put(self, pair: Pair, value: bool | None) -> None:
        """Set a pair's value in the graph (None: the log's)."""
        a, b = pair
        if a in self.applied or b in self.applied:
            return
        if value is not None and self.overlay.get(pair) == value:
            return  # (the graph and the differing pairs have it already)
        logged = self.logval.get(pair, False)
        self.overlay.pop(pair, None)
        self.diff.discard(pair)
        if value is not None:
            self.overlay[pair] = value
            self.by_node.setdefault(a, set()).add(pair)
            self.by_node.setdefault(b, set()).add(pair)
            if value != logged:
                self.diff.add(pair)
        now = logged if value is None else value
        self.graph.set(a, b, _DEP if now else None)

    def correct(self, pair: Pair) -> None:
        """A pair outside X: the log's value at round ``j`` corrected for the followed
        objects that differ between the two boards."""
        a, b = pair
        if a in self.applied or b in self.applied or a in self.x or b in self.x:
            return
        t = self.log.at(a, b, self.j)
        value = False
        if t is not None and t.present:
            value = t.other or any(w not in self.differing for w in t.witnesses)
        if not value:
            pa, pb = self.ps[a], self.ps[b]
            src_a, src_b = self.new.objects[pa.source], self.new.objects[pb.source]
            for oid in sorted(self.differing.intersection(self.by_passive.get(b, ()))):
                f = self.followed[oid]
                if not pv.selects(pb, f.now, src_b):
                    continue
                if pb.condition is not None:
                    raise _Refused  # (a conditional one selecting it is in X)
                after = self.memo.effect(pb, f.now, self.origin.stamps[b], self.rounding)
                if _part(pa, f.now, after, src_a):
                    value = True
                    break
        self.put(pair, value if value != self.logval.get(pair, False) else None)

    def pairs_of_x(self, pid: str) -> None:
        """Every pair of a passive of X, computed from the boards now."""
        if pid in self.applied:
            return
        p = self.ps[pid]
        src = self.version(p.source)
        held = self.holds(p)
        after = self.memo.effect(p, src, self.origin.stamps[pid], self.rounding) if held else src
        for a in sorted(self.log.candidates.get(pid, ())):
            if a in self.applied:
                continue
            value = False
            if a not in self.x and after is not src:
                pa = self.ps[a]
                value = _part(pa, src, after, self.new.objects[pa.source])
            self.put((a, pid), value)
        region_id = self.new.objects[p.source].region
        region = (
            self.version(region_id)
            if region_id is not None and region_id in self.new.objects
            else None
        )
        for b in self.writers[pid]:
            if b in self.applied:
                continue
            pb = self.ps[b]
            src_b = self.new.objects[pb.source]
            if pb.plan.does is pv.LOSE_ALL and pv.selects(pb, src, src_b):
                raise _Refused  # A-DEP-1a: it would take this passive away
            value = False
            if (
                b not in self.x
                and p.condition is not None
                and region is not None
                and pv.selects(pb, region, src_b)
                and self.holds(pb)
            ):
                changed = self.memo.effect(pb, region, self.origin.stamps[b], self.rounding)
                objects = {p.source: src, region.id: region}
                value = pv.condition_holds(p, objects) != pv.condition_holds(
                    p, {**objects, region.id: changed}
                )
            self.put((pid, b), value)

    def read_log(self) -> None:
        """The log's comparisons made by round ``j``: its changes of value, and a corrected
        pair compared again is corrected again (``passive_rechoose_memo``)."""
        changes, i, j = self.reading.changes, self.i, self.j
        end = len(changes)
        logval, applied, overlay, x = self.logval, self.applied, self.overlay, self.x
        corrected, gone_map, put_edge = self.corrected, self.into_gone, self.graph.set
        while i < end:
            r, a, b, present = changes[i]
            if r > j:
                break
            i += 1
            pair = (a, b)
            logval[pair] = present
            if b in gone_map and a not in applied:
                (gone_map[b].add if present else gone_map[b].discard)(a)
            if a in applied or b in applied:
                continue
            got = overlay.get(pair)
            if got is not None:
                (self.diff.add if got != present else self.diff.discard)(pair)
            if a in x or b in x:
                continue
            if pair in corrected:
                self.i = i
                self.correct(pair)
            elif got is None:
                put_edge(a, b, _DEP if present else None)
        self.i = i
        again, done = self.reading.again, self.read_to
        self.read_to = j
        if corrected:
            for r in range(done + 1, j + 1):
                for a, b in again.get(r, ()):
                    if (a, b) in corrected:  # (``correct`` passes over applied and X)
                        self.correct((a, b))

    # -- the rounds ---------------------------------------------------------------------------

    def displaced(self) -> list[str]:
        """The moved passives applied by one order and not the other now."""
        pos = self.index.pos
        return [m for m in sorted(self.moved) if (m in self.applied) != (pos[m] < self.j)]

    def touched(self, displaced: list[str]) -> set[str]:
        """The passives that reach, on the graph now or on the log's, a pair whose value
        differs or a displaced passive: only their status (free or not) can differ from
        the log's (A-DEP-2: the others reach the same passives by the same edges); a
        superset kept from round to round (``passive_touched``)."""
        graph = self.graph
        return self.reach.touched(displaced, self.diff, self.logval, graph.into, self.into_gone)

    def choose(self) -> str:
        """The free passive with the smallest order key (A-ORDER-1). Where the graph is
        the log's but for a few pairs and displaced passives, the previous choice stands
        unless a passive they can change is free with a smaller key."""
        displaced = self.displaced()
        if self.j < self.n:
            nxt = self.old[self.j]
            if not self.diff and not displaced:
                return nxt  # the graph is the log's: its choice
            touched = self.touched(displaced)
            if nxt not in touched:  # free, and every passive before it not free, but ...
                rank, applied, free = self.rank, self.applied, self.graph.free
                top = rank[nxt]
                for pid in self.reach.ranked(touched, rank):
                    if rank[pid] >= top:
                        break
                    if pid not in applied and free(pid):
                        return pid
                return nxt
        queue = self.queue
        while queue[self.head] in self.applied:
            self.head += 1
        for pid in queue[self.head :]:
            if pid not in self.applied and self.graph.free(pid):
                return pid
        raise AssertionError("no free passive")  # a sink of the condensation is free

    def advance(self) -> None:
        """The previous order applies its passive of round ``j``; the passives that its
        application removed (A-DEP-1a) cease on both boards (their sources are not
        followed: the same passive removes them at the same place of both orders)."""
        self.j += 1
        for pid in self.ceased_at.get(self.j, ()):
            if pid in self.x or self.ps[pid].source in self.followed:
                raise _Refused
            self.drop(pid)
        self.notify(self.changes_at.get(self.j, ()))
        self.read_log()

    def drop(self, pid: str) -> None:
        """``pid`` leaves the graph: applied, or ceased."""
        self.applied.add(pid)
        self.graph.remove(pid)
        for pair in self.by_node.pop(pid, set()):
            self.overlay.pop(pair, None)
            self.diff.discard(pair)

    def apply(self, chosen: str) -> None:
        if chosen in self.x:
            held = self.holds(self.ps[chosen])
            self.held_x[chosen] = held
        else:
            held = chosen in self.origin.held
        self.order.append(chosen)
        self.drop(chosen)
        self.notify(self.apply_to_followed(chosen, held))

    def apply_to_followed(self, chosen: str, held: bool) -> list[str]:
        """The followed objects ``chosen`` changes now (applied to their new versions), but
        for a number, which no passive reads (``passives.unsupported``): nothing to look at."""
        p = self.ps[chosen]
        changed: list[str] = []
        number = p.plan.does is pv.NUMBER
        src = self.new.objects[p.source]
        for oid in sorted(self.by_passive.get(chosen, ())):
            f = self.followed[oid]
            if held and pv.selects(p, f.now, src):
                f.now = self.memo.effect(p, f.now, self.origin.stamps[chosen], self.rounding)
                f.applied.append(chosen)
                if number:
                    continue
                could = self.index.could_select(f.now)
                for pid in could - f.could:
                    self.by_passive.setdefault(pid, set()).add(oid)
                f.could |= could
                changed.append(oid)
        return changed

    def settled(self) -> bool:
        """Whether the rest of the previous order stands as it is: the graph is the log's
        (no pair differs, no passive displaced) and every followed object reads the same
        on both boards (the same passives then apply to the same objects in the same way,
        and each round's graph is the log's)."""
        if self.diff or self.j >= self.n or self.displaced():
            return False
        j = self.j  # (one that differs but that nothing left can read: ``passive_followed``)
        return not any(f.differs and f.until >= j for f in self.followed.values())

    def finish(self) -> None:
        """The rest of the previous order, applied to the followed objects."""
        for k in range(self.j, self.n):
            pid = self.old[k]
            held = pid in self.origin.held
            if pid in self.x:
                self.held_x[pid] = held
            self.order.append(pid)
            self.applied.add(pid)
            self.apply_to_followed(pid, held)

    def start(self) -> None:
        """The log's comparisons of round 0 read at once (the stopped passives in none)."""
        reading, applied, graph = self.reading, self.applied, self.graph
        assert not self.logval and not self.overlay and self.i == 0 and self.x <= applied
        self.logval.update(reading.start)
        for a, row in reading.rows.items():
            if a in applied:
                continue
            got = graph.out[a] = {b: _DEP for b in row if b not in applied}
            for b in got:
                graph.into.setdefault(b, {})[a] = None
        for b, into in self.into_gone.items():  # the log's edges into a stopped passive
            for a in reading.cols.get(b, ()):
                if a not in applied:
                    into.add(a)
        self.i = reading.first

    def run(self, dirty: Sequence[str]) -> Ordering:
        self.start()
        for oid in sorted(dirty):
            self.follow(oid)
        self.read_log()
        self.notify(list(self.followed))
        for pid in sorted(self.x):
            self.pairs_of_x(pid)
        while len(self.applied) < len(self.ps):
            chosen = self.choose()
            aligned = self.j < self.n and chosen == self.old[self.j]
            if not aligned and chosen not in self.moved:
                source = self.new.objects[self.ps[chosen].source]
                if on_source_alone(self.ps[chosen], source):
                    self.join(chosen)  # applied earlier than before
                    self.moved.add(chosen)
                    readers = self.log.candidates.get(chosen, ())
                    self.into_gone[chosen] = {
                        a for a in readers if self.logval.get((a, chosen), False)
                    }
                else:  # those before it in the previous order are applied later
                    while self.j < self.n and self.old[self.j] != chosen:
                        late = self.old[self.j]
                        if late not in self.applied and late not in self.moved:
                            self.join(late)
                            self.moved.add(late)
                        self.advance()
                    aligned = True
                if len(self.moved) > MOST_MOVED:
                    raise _Refused
            self.apply(chosen)
            if aligned:
                self.advance()
                while self.j < self.n and (
                    self.old[self.j] in self.applied or self.old[self.j] in self.moved
                ):
                    self.advance()
            if len(self.displaced()) > MOST_DISPLACED:
                raise _Refused
            if self.settled():
                self.finish()
                break
        return self.result()

    def result(self) -> Ordering:
        return rechosen(
            self.origin,
            self.new,
            self.log,
            self.order,
            self.followed,
            self.index.applied_by,
            self.held_x,
        )
