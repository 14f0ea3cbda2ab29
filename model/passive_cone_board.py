"""The partial board of ``passive_cone``'s merge, kept lazily (A-PASS-2), and what every
merge from one trial log reads (``Known``, built once per log).

An object no passive of the cone applies to (before or after the event) and that the
event did not change is *clean*: after ``j`` passives of ``N`` (the passives outside the
cone, in their previous order) it is its version of the previous ordering at the round
of ``N``'s ``j``-th passive, read from its line (``passive_follow``: the passives applied
to it; numbers, which no passive reads, are left out, and a clean object is derived
exactly by ``exact`` when it stops being clean). The others are *dirty*: followed
explicitly, each passive of ``N`` that may select one (``FollowIndex.could_select``)
looked at in turn. The targets of a passive selecting by one subtype or keyword are
read from when each object of the pool has it (``spans``; those that have it in every
round as one set), not by reading every object. A dirty object's number modifications
are made once at the end (``settled``), as ``passive_trial.Board.flush`` makes them for a
full ordering: no passive reads a number (``passives.reads``), and a number modification
reads only the object's base, protections and modifications of that number, which no
other passive changes, so the object is the one made by applying each in its turn.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from arbiter.model import passive_follow as follow
from arbiter.model import passive_trial as pt
from arbiter.model import passives as pv
from arbiter.model.effects import algebra as fx
from arbiter.model.passive_cone_reach import ReachIndex
from arbiter.model.passive_trial import _in_first_order as in_first_order
from arbiter.model.ruleset import Rounding
from arbiter.model.state import GameObject, GameState
from arbiter.model.values.characteristics import PassiveNumber, modify_numbers_by_passives
from arbiter.model.values.reading import SetOp

if TYPE_CHECKING:
    from arbiter.model.passive_log import TrialLog
    from arbiter.model.passive_order import Ordering

MOST_DIRTY = 400  # objects followed explicitly
MOST_POOL = 3000  # objects looked at for one selector without a subtype or keyword
MOST_HAVING = 4096  # (channel, round) kept per trial log (``Known.having``)

_SELF = fx.Pick.SELF

Timeline = tuple[str, list[tuple[int, int]]]  # an object, the rounds [start, stop) it has it
# what a passive applied with ``again`` did to each object (``passive_trial.Board.seen``)
Seen = tuple[pv.Passive, int, dict[str, tuple[GameObject, GameObject]]]
MOST_SEEN = 200_000  # versions kept across merges (``Known.seen``, ``channels_seen``)


class GiveUp(Exception):
    """A case the merge does not cover: the caller recomputes everything."""


class Grow(Exception):
    """A passive of N depends on one of C in the new run: the cone grows by it."""

    def __init__(self, pid: str) -> None:
        super().__init__(pid)
        self.pid = pid


def _reaches(log: TrialLog) -> dict[str, set[str]]:
    """Who depended on each passive in some round of the log: [A] for [B] when A -> B."""
    into: dict[str, set[str]] = {}
    for (a, b), trials in log.trials.items():
        for t in trials:
            if t.present:
                into.setdefault(b, set()).add(a)
                break
    return into


class Known:
    """What every merge from one trial log reads, built once (the log's state and
    ordering never change): who depended on whom, the regions, the objects by kind and
    keyword, the passives by what they write, the order keys, the clean objects' lines
    and when each has a subtype or keyword."""

    def __init__(
        self,
        log: TrialLog,
        origin: Ordering,
        stored: GameState,
        indexes: tuple[dict[str, set[str]], dict[str, set[str]]] | None = None,
    ) -> None:
        self.log = log
        self.into = _reaches(log)
        self.by_kind: dict[str, list[str]] = {}
        self.features: dict[str, set[str]] = {}  # the objects in play by keyword, subtype
        self.subtypes: dict[str, set[str]] = {}
        if indexes is not None:  # those two, of ``stored`` (``passive_trial.Board.indexes``)
            self.subtypes, self.features = indexes
        for oid, obj in stored.objects.items():
            self.by_kind.setdefault(obj.kind, []).append(oid)
            if indexes is not None or not pv.affected(obj):
                continue
            for f in obj.features:
                self.features.setdefault(f, set()).add(oid)
            base = obj.base.get(pv.SUBTYPES)
            names = (  # (unchanged: its base)
                base
                if isinstance(base, frozenset) and pv.SUBTYPES not in obj.mods
                else pv.subtypes(obj)
            )
            for name in names:
                self.subtypes.setdefault(name, set()).add(oid)
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
        self.timelines: dict[pv.Channel, list[Timeline]] = {}
        self.splits: dict[pv.Channel, tuple[frozenset[str], list[Timeline]]] = {}
        self.having: dict[tuple[pv.Channel, int], tuple[tuple[str, ...], frozenset[str]]] = {}
        self.reach = ReachIndex(origin, stored)  # what a changed object reaches (``D``)
        # what trial applications did to each object and the channels each pair of versions
        # of an object differs in (``passive_trial.Board.seen``, ``channels_seen``): the clean
        # objects' versions are those of ``lines``, the same from one merge to the next
        self.seen: dict[Rounding, dict[str, Seen]] = {}
        self.channels_seen: pt.ChannelsSeen = {}
        self.counts = any(pv.counts_others(p) for p in origin.passives.values())


def known_of(
    log: TrialLog,
    origin: Ordering,
    stored: GameState,
    indexes: tuple[dict[str, set[str]], dict[str, set[str]]] | None = None,
) -> Known:
    """The index of ``log``, kept on it (built with the ordering, ``passive_order``, which
    gives the objects of ``stored`` by subtype and keyword: ``indexes``)."""
    if log.known is None:
        log.known = Known(log, origin, stored, indexes)
    return log.known


class BoardObjects(Mapping[str, GameObject]):
    """The partial board's objects now (``ConeBoard.version``)."""

    def __init__(self, merge: ConeBoard) -> None:
        self.merge = merge

    def __getitem__(self, oid: str) -> GameObject:
        return self.merge.version(oid)

    def __iter__(self) -> Iterator[str]:
        return iter(self.merge.new.objects)

    def __len__(self) -> int:
        return len(self.merge.new.objects)

    def __contains__(self, oid: object) -> bool:
        return oid in self.merge.new.objects


class ConeBoardView(pt.Board):
    """The partial board as ``passive_trial`` reads it: objects, targets, rounding."""

    def __init__(self, merge: ConeBoard) -> None:  # (the indexes of ``pt.Board`` are not built)
        self.merge = merge
        self.objects = BoardObjects(merge)  # type: ignore[assignment]
        self.players = merge.new.players
        self.rounding = merge.new.ruleset.division_rounding
        # kept across the merges from one trial log (``Known``): a pure cache, as in a full
        # ordering (``apply_passive`` with ``again``, ``delta`` with ``channels_seen``)
        known = merge.known
        seen = known.seen.get(self.rounding)
        if seen is None or sum(len(k[2]) for k in seen.values()) > MOST_SEEN:
            seen = known.seen[self.rounding] = {}
        self.seen = seen
        if len(known.channels_seen) > MOST_SEEN:
            known.channels_seen.clear()
        self.channels_seen = known.channels_seen

    def targets(self, p: pv.Passive) -> list[str]:
        return self.merge.targets(p)


class Dirty:
    """An object followed explicitly: its version, the passives of N that may select it
    (by their place in N), those applied to it, and how many of N it has seen. Its version
    leaves out the number modifications made since it became dirty (``pending``, which no
    passive reads), made at the end as ``passive_trial.Board.flush`` makes them: ``marks``
    records when other passives first modified another characteristic meanwhile."""

    __slots__ = ("applied", "heap", "marks", "pending", "seen", "version")

    def __init__(self, version: GameObject, seen: int, applied: list[str]) -> None:
        self.version = version
        self.seen = seen
        self.applied = applied
        self.heap: list[tuple[int, str]] = []
        self.pending: list[PassiveNumber] = []
        self.marks: list[tuple[int, tuple[str, ...]]] = []

    def change(self, now: GameObject) -> None:
        """A change other than a number (``passive_trial.Board.commit``'s marks)."""
        was = self.version
        if self.pending and len(now.mods) != len(was.mods):
            self.marks.append((len(self.pending), tuple(k for k in now.mods if k not in was.mods)))
        self.version = now


class ConeBoard:
    """The partial board of one merge: the passives of ``N`` (outside the cone) in their
    previous order, ``j`` of them applied, the passives of the cone applied so far
    (``order``, ``cone_to``), the objects as they are now (``version``)."""

    def __init__(
        self,
        origin: Ordering,
        log: TrialLog,
        stored: GameState,
        new: GameState,
        changed: set[str],  # the objects that differ from the log's state
        cone: set[str],
        stopped: frozenset[str] = frozenset(),
        keys: Mapping[str, tuple[int, int, str, str]] | None = None,
    ) -> None:
        self.origin, self.log, self.stored, self.new = origin, log, stored, new
        if log.follow is None:
            log.follow = follow.build(origin, stored)
        self.index = log.follow
        self.ps = origin.passives
        self.cone = cone
        self.rounding = new.ruleset.division_rounding
        self.known = known_of(log, origin, stored)
        # the order keys and timestamps now: those of the changed sources' passives (all
        # of the cone) may differ; those of N are the log's
        self.key: Mapping[str, tuple[int, int, str, str]] = self.known.key
        self.stamps: Mapping[str, int] = origin.stamps
        if keys:
            self.key = {**self.known.key, **keys}
            self.stamps = {**origin.stamps, **{pid: k[0] for pid, k in keys.items()}}
        self.stopped = stopped  # passives of the cone whose source left play: never applied
        self.seq = [pid for pid in origin.order if pid not in cone]  # N, in order
        self.at_n = {pid: k for k, pid in enumerate(self.seq)}
        self.end = len(origin.order)
        self.rounds = [self.index.pos[pid] for pid in self.seq] + [self.end]
        self.j = 0
        self.board = ConeBoardView(self)
        self.lines = self.known.lines
        self.dirty: dict[str, Dirty] = {}
        self.watch: dict[str, set[str]] = {}  # passive of N -> dirty objects it may select
        self.order: list[str] = []
        self.at_order: dict[str, int] = {}  # the place of each in ``order`` (``exact``)
        self.cone_to: dict[str, frozenset[str]] = {}
        # each passive's number modification as one tuple, and those nothing screened, kept
        # per trial log (``passive_derive.Derivations``: every object shares them)
        self.numbers = self.index.memo.derived
        first = set(changed)
        for c in cone:
            if self.ps[c].plan.does is not pv.NUMBER:  # (numbers: derived again at the end)
                first.update(origin.applied_to.get(c, ()))
        for oid in sorted(first):
            self._make_dirty(oid, new.objects[oid], [])

    def _make_dirty(self, oid: str, version: GameObject, applied: list[str]) -> None:
        d = self.dirty[oid] = Dirty(version, self.j, applied)
        self._push(oid, d, self.index.could_select(version))
        if len(self.dirty) > MOST_DIRTY:
            raise GiveUp

    def _push(self, oid: str, d: Dirty, pids: set[str]) -> None:
        for pid in pids:
            k = self.at_n.get(pid)
            if k is not None and k >= d.seen:
                heapq.heappush(d.heap, (k, pid))
                self.watch.setdefault(pid, set()).add(oid)

    def _advance(self, oid: str, d: Dirty) -> None:
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
                d.applied.append(pid)
                if p.plan.does is pv.NUMBER:
                    self.number(d, p, self.origin.stamps[pid])
                    continue
                now = pv.apply_effect(p, obj, self.origin.stamps[pid], self.rounding)
                if now is not obj:
                    d.change(now)
                    self._push(oid, d, self.index.newly_selectable(obj, now))
        d.seen = max(d.seen, self.j)

    def number(self, d: Dirty, p: pv.Passive, stamp: int) -> None:
        """``p``'s number modification of a dirty object, made by ``settled``."""
        d.pending.append(self.numbers.item(p, stamp, self.rounding))

    def settled(self, d: Dirty) -> GameObject:
        """A dirty object with its pending number modifications made, one copy for all of
        them, the characteristics in the order each was first modified (as
        ``passive_trial.Board.flush``: the same object as making each in its turn)."""
        obj = d.version
        if not d.pending:
            return obj
        new = modify_numbers_by_passives(obj, d.pending, self.numbers.shared)
        if d.marks and len(new.mods) > len(obj.mods):
            new = replace(new, mods=in_first_order(obj, new, d.pending, d.marks))
        return new

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

    def _read_spans(self, oid: str, channel: pv.Channel) -> list[tuple[int, int]] | None:
        """``spans`` read from the passives that write the channel, without applying them:
        a keyword is gained, lost, or lost with every ability; a subtype added, removed,
        set, or set by a region's type on a region (``passives.apply_effect``). None for
        a subtype of an object with a protection (a guard may stop the change) or whose
        subtypes are not a set: its line says."""
        obj = self.stored.objects[oid]
        attr, name = channel
        if attr == "subtype":
            base = obj.base.get(pv.SUBTYPES)
            if obj.protections or not (base is None or isinstance(base, frozenset)):
                return None
            has = name in pv.subtypes(obj)
        else:
            has = name in obj.features
        start = 0
        out: list[tuple[int, int]] = []
        writing = self._writing(channel)
        for pid in self.index.applied_by.get(oid, ()):
            if pid not in writing:
                continue
            plan = self.ps[pid].plan
            does = plan.does
            now = has
            if attr == "feature":
                if does is pv.GAIN:
                    now = True
                elif does is pv.LOSE or (does is pv.LOSE_ALL and name in pv.KEYWORDS):
                    now = False
            elif does is pv.SETS_REGION_TYPE:
                if obj.kind == pv.REGION:
                    now = name in plan.members
            elif plan.op is SetOp.ADD:
                now = has or name in plan.members
            elif plan.op is SetOp.REMOVE:
                now = has and name not in plan.members
            elif plan.op is SetOp.SET:
                now = name in plan.members
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
            got = set((known.subtypes if attr == "subtype" else known.features).get(name, ()))
            for pid in self._writing(channel):
                got |= self.origin.applied_to.get(pid, frozenset())  # (passives: in play)
            known.pools[channel] = got
        return got

    def _timeline(self, channel: pv.Channel) -> list[Timeline]:
        """The objects of ``channel``'s pool with the rounds each has it (as clean)."""
        got = self.known.timelines.get(channel)
        if got is None:
            got = self.known.timelines[channel] = [
                (o, self.spans(o, channel)) for o in sorted(self._pool(channel))
            ]
        return got

    def spans(self, oid: str, channel: pv.Channel) -> list[tuple[int, int]]:
        """The rounds [start, stop) in which a clean object has ``channel``."""
        got = self.known.spans.get((oid, channel))
        if got is None:
            got = self._read_spans(oid, channel)
            if got is not None:
                self.known.spans[(oid, channel)] = got
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

    def _split(self, channel: pv.Channel) -> tuple[frozenset[str], list[Timeline]]:
        """``channel``'s timeline split: the objects that have it in every round, and the
        others with their rounds (most objects keep a keyword or subtype throughout)."""
        got = self.known.splits.get(channel)
        if got is None:
            whole = [(0, self.end + 1)]
            timeline = self._timeline(channel)
            always = frozenset(o for o, spans in timeline if spans == whole)
            got = (always, [(o, spans) for o, spans in timeline if o not in always])
            self.known.splits[channel] = got
        return got

    def _having(self, channel: pv.Channel, r: int) -> tuple[tuple[str, ...], frozenset[str]]:
        """The objects of ``channel``'s pool that have it at round ``r`` as clean objects
        (``spans``), in id order and as a set (kept per trial log: several passives select
        by one channel, and one merge after another reaches the same rounds)."""
        key = (channel, r)
        got = self.known.having.get(key)
        if got is None:
            always, varying = self._split(channel)
            whole = always.union([o for o, spans in varying if any(a <= r < b for a, b in spans)])
            got = (tuple(sorted(whole)), whole)
            if len(self.known.having) >= MOST_HAVING:
                self.known.having.clear()
            self.known.having[key] = got
        return got

    def targets(self, p: pv.Passive) -> list[str]:
        s = p.effect.selector
        if p.plan.indexed:  # every object in play with one subtype or keyword
            dirty = self.dirty
            ordered = self._having(pt.indexed_channel(p), self.rounds[self.j])[0]
            got = [o for o in ordered if o not in dirty]
            chosen = self._dirty_selected(p)
            if chosen:
                got += chosen
                got.sort()  # (two runs, merged)
            return got
        if s.pick is _SELF:
            pool: set[str] = {p.source}
        elif s.subtypes or s.has:
            name = ("subtype", min(s.subtypes)) if s.subtypes else ("feature", min(s.has))
            pool = self._pool(name).difference(self.dirty)
            objects = self.board.objects
            src = objects[p.source]
            got = [o for o in pool if pv.selects(p, objects[o], src)]
            return sorted(got + self._dirty_selected(p))
        elif s.kinds:
            pool = {o for k in s.kinds for o in self.known.by_kind.get(k, ())}
            if len(pool) > MOST_POOL:
                raise GiveUp
        else:
            raise GiveUp
        objects = self.board.objects
        src = objects[p.source]
        return sorted(o for o in pool if pv.selects(p, objects[o], src))

    def number_targets(self, p: pv.Passive) -> tuple[frozenset[str], list[str]]:
        """``targets`` as a set, and the dirty ones (a passive of C changing numbers)."""
        if p.plan.indexed:
            whole = self._having(pt.indexed_channel(p), self.rounds[self.j])[1]
            chosen = self._dirty_selected(p)
            return whole.difference(self.dirty).union(chosen), chosen
        got = self.targets(p)
        return frozenset(got), [o for o in got if o in self.dirty]

    def _dirty_selected(self, p: pv.Passive) -> list[str]:
        """The dirty objects ``p`` selects now (``version`` of each, inlined: every dirty
        object is read for every passive that may select one). Every dirty object is first
        brought to this round: then a passive of N not yet applied that may select one is
        watching it (``_push``), and only those are looked at."""
        src = self.version(p.source)
        j, selects, advance = self.j, pv.selects, self._advance
        dirty = self.dirty
        for o, d in dirty.items():
            if d.heap and d.heap[0][0] < j:
                advance(o, d)
            elif d.seen < j:
                d.seen = j  # (what ``_advance`` does when nothing is due)
        k = self.at_n.get(p.id)
        if k is not None and k >= j:
            return [o for o in self.watch.get(p.id, ()) if selects(p, dirty[o].version, src)]
        return [o for o, d in dirty.items() if selects(p, d.version, src)]

    def exact(self, oid: str) -> tuple[GameObject, list[str]]:
        """A clean object now, derived from its base in the order of the merge so far (its
        line also holds the numbers of C's passives where the previous ordering put them)."""
        cut = self.rounds[self.j]
        seq = [
            q
            for q in self.index.applied_by.get(oid, ())
            if q not in self.cone and self.index.pos[q] < cut
        ]
        seq += [c for c in self.cone_to if oid in self.cone_to[c]]
        at, order = self.at_order, self.order  # (all of them were applied)
        for k in range(len(at), len(order)):  # (the order only grows)
            at[order[k]] = k
        seq.sort(key=at.__getitem__)
        # its number modifications made at once (``passive_derive``)
        derive = self.numbers.derive
        obj = derive(self.new.objects[oid], tuple(seq), self.ps, self.stamps, self.rounding)
        return obj, [q for q in seq if q not in self.cone]
