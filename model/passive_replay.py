"""Re-evaluating passives after an event from the previous ordering's trial log (A-ORDER-1).

``passive_events.local_update`` covers an event when no passive applying to the changed
objects writes what a selector reads. This module covers the rest of the events on
objects that are neither regions nor sources of passives (and gain no passive): the
changed objects ``D`` are re-derived alone, and the previous order stands when the
dependency graph of every round is the same as before.

Why that is enough: the objects outside ``D`` are the same at every round as in the
previous derivation as long as the order is (no passive's existence, condition or
source changed, so each one applies to the same of them in the same way). A direct
dependency of [A] on [B] in a round (A-DEP-1, Decision A-DEP-3) holds when A-DEP-1a or
c held then (read from their sources and regions, outside ``D``), or when applying [B]
changes whether [A] applies to some object: the trial log
(:mod:`arbiter.model.passive_log`) keeps those objects for each comparison. So in each
round the dependency holds now exactly when it held from objects outside ``D``, or one
of ``D`` changes [A]'s selection now. Each object of ``D`` is followed round by round,
before and after the event; where its part in a pair differs, the pair's value is
compared in every round both passives were unapplied. Where one differs, the choice of
those rounds is made again on the graph as it is now (``passive_choices``); if a
choice differs, or a passive is involved with ``D`` in a way not followed here, the
answer is ``None`` and the caller recomputes everything. The tests compare the result
with a full recomputation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from arbiter.model import passive_follow as follow
from arbiter.model import passives as pv
from arbiter.model.effects import algebra as fx
from arbiter.model.passive_choices import choices_stand
from arbiter.model.state import GameObject, GameState

if TYPE_CHECKING:
    from arbiter.model.passive_log import TrialLog
    from arbiter.model.passive_order import Ordering

SELF = fx.Pick.SELF
# the most objects changed since the log's ordering that are followed round by round
MOST_CHANGED = 16
# the most objects followed in all (with those a passive that stopped applied to)
MOST_FOLLOWED = 400

# (start round, end round, the object's part in the pair after the event) per pair
Parts = dict[tuple[str, str], list[tuple[int, int, bool]]]


def _segments(
    before: list[tuple[int, GameObject]], after: list[tuple[int, GameObject]], end: int
) -> list[tuple[int, int, GameObject, GameObject]]:
    """Rounds [start, stop) in which the object is the same before and after the event."""
    cuts = sorted({r for r, _ in before} | {r for r, _ in after} | {end})
    out = []
    i = j = 0
    for start, stop in zip(cuts, cuts[1:], strict=False):
        while i + 1 < len(before) and before[i + 1][0] <= start:
            i += 1
        while j + 1 < len(after) and after[j + 1][0] <= start:
            j += 1
        out.append((start, stop, before[i][1], after[j][1]))
    return out


def _followed(was: GameObject, now: GameObject, source: bool) -> bool:
    """Whether an object of ``D`` is one this module follows: gaining or losing no
    passive; a source only when its passives read nothing of it and select as before
    (a condition on its region at most; the same zone, timestamp, abilities and region;
    its controller only if they select on every side, ``_same_queue`` checks the order
    of timestamps)."""
    if was.kind != now.kind or pv.passives_of(was) != pv.passives_of(now):
        return False
    if not source:
        return not pv.passives_of(now)
    same = (was.zone, was.timestamp, was.abilities, was.region) == (
        now.zone,
        now.timestamp,
        now.abilities,
        now.region,
    )
    if was.controlled_by != now.controlled_by and any(
        p.selector.side is not fx.Side.ANY for p in pv.passives_of(now)
    ):
        return False
    return same and all(_region_only(p.condition) for p in pv.passives_of(now))


def _same_queue(origin: Ordering, stored: GameState, new: GameState) -> bool:
    """A-TIME-1: the passives in the same timestamp order (a controller may have changed)."""
    ps = list(origin.passives.values())
    players = stored.players
    before = sorted(ps, key=lambda p: pv.order_key(p, stored.objects, players))
    return before == sorted(ps, key=lambda p: pv.order_key(p, new.objects, players))


def _region_only(c: fx.Condition | None) -> bool:
    """A condition that reads only the region its source is in (or none): the same
    before and after an event on the source that keeps it in the same region."""
    if c is None:
        return True
    if c.test in (fx.Test.AND, fx.Test.OR, fx.Test.NOT):
        return all(_region_only(x) for x in c.parts)
    return c.test is fx.Test.REGION


def _steady(p: pv.Passive, dirty: frozenset[str]) -> bool:
    """Its condition has the same value in every round before and after the event: it
    reads its source and the source's region, and neither changed (or only the source,
    and it reads the region only)."""
    return p.condition is None or p.source not in dirty or _region_only(p.condition)


def _seen(obj: GameObject) -> tuple[object, ...]:
    """What a selector reads of an object (``passives.selects``)."""
    return (
        obj.id,
        obj.zone,
        obj.kind,
        obj.controlled_by,
        frozenset(obj.features),
        pv.subtypes(obj),
    )


def _part(a: pv.Passive, obj: GameObject, changed: GameObject | None, src_a: GameObject) -> bool:
    """Whether applying [B] to ``obj`` (``changed``: the result; None: [B] does not
    apply to it) changes whether [A] applies to it (A-DEP-1b)."""
    if changed is None:
        return False
    return pv.selects(a, obj, src_a) != pv.selects(a, changed, src_a)


def _leaves(was: GameObject, now: GameObject) -> bool:
    """A source that leaves play (A-PASS-1) and changes nothing else: its passives stop."""
    return pv.affected(was) and not pv.affected(now) and replace(now, zone=was.zone) == was


def replay_update(
    previous: Ordering, old: GameState, new: GameState, changed: Sequence[str]
) -> Ordering | None:
    """The ordering of ``new`` from the full ordering the trial log of ``previous`` was
    made with, when the dependency graph of every round is unchanged (see the module's
    text), else None. The objects of ``D`` are those of ``new`` that differ from that
    ordering's state (``changed``, and those of earlier events re-evaluated from it), and
    those a passive that stopped (its source left play) applied to."""
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
    if len(dirty) > MOST_CHANGED:
        return None  # each is followed through every round: recomputing is cheaper
    ps = origin.passives
    sources = {p.source for p in ps.values()}
    stopped: set[str] = set()  # passives whose source left play: absent now
    for oid in dirty:
        was, now = stored.objects[oid], new.objects[oid]
        if oid in sources and _leaves(was, now):
            stopped.update(p.id for p in pv.passives_of(was) if p.id in ps)
        elif not _followed(was, now, oid in sources):
            return None
    moved = any(stored.objects[o].controlled_by != new.objects[o].controlled_by for o in dirty)
    if moved and not _same_queue(origin, stored, new):
        return None
    followed = set(dirty)
    for pid in stopped:  # (a source it took abilities from is followed: refused below)
        followed.update(origin.applied_to.get(pid, ()))
    if len(followed) > MOST_FOLLOWED:
        return None
    if log.follow is None:
        log.follow = follow.build(origin, stored)
    index = log.follow
    gone = frozenset(followed)
    held = origin.held - stopped
    n = len(origin.order)
    last = {pid: k for k, pid in enumerate(origin.order)}  # the last round it is unapplied
    for k, c in enumerate(origin.choices):
        for pid in c.ceased:
            last[pid] = k - 1
    states = origin.state.objects
    now_objects = new.objects  # the sources' controllers, zones and regions now
    lines: dict[str, tuple[follow.Line, follow.Line]] = {}
    derived: dict[str, tuple[GameObject, list[str]]] = {}
    for oid in sorted(followed):
        before, _ = follow.line_before(origin, index, stored.objects[oid])
        after, applied = follow.line_now(origin, index, new.objects[oid], held, now_objects)
        lines[oid] = (before, after)
        derived[oid] = (after[-1][1], applied)
    # a condition reads its source and the source's region: the same rounds, or recompute
    for pid in _conditional_on(ps, stored, followed, stopped):
        p = ps[pid]
        if _holding(origin, index, stored, p, n, lines, 0) != _holding(
            origin, index, stored, p, n, lines, 1
        ):
            return None  # A-DEP-1a/c and what it does may differ in some round
    # A-DEP-1c looks for a target in common: one of D may be the only one
    watched = [
        p
        for p in ps.values()
        if p.condition is not None and p.selector.pick is not SELF and p.id not in stopped
    ]
    spans: Parts = {}
    conditions: dict[str, list[tuple[int, int]]] = {}
    flagged: set[tuple[str, str]] = set()
    for oid in sorted(followed):
        before, after = lines[oid]
        reading = [ps[pid] for pid in index.by_region.get(oid, ()) if pid not in stopped]
        for p in reading:
            if not _region_only(p.condition) and p.source in gone:
                return None
        for start, stop, was, now in _segments(before, after, n):
            if oid in sources and was.abilities != now.abilities:
                return None  # its passives exist in other rounds (A-DEP-1a)
            if _seen(was) == _seen(now):
                continue
            for p in watched:
                src = now_objects[p.source]
                if pv.selects(p, was, src) or pv.selects(p, now, src):
                    return None
            for b in sorted(index.could_select(was) | index.could_select(now)):
                readers = log.candidates.get(b)
                if not readers or b in stopped or last.get(b, -1) < start:
                    continue
                pb = ps[b]
                src_b = now_objects[pb.source]
                in_was, in_now = pv.selects(pb, was, src_b), pv.selects(pb, now, src_b)
                if not (in_was or in_now):
                    continue
                b_was = pv.apply_effect(pb, was, 0) if in_was else None
                b_now = pv.apply_effect(pb, now, 0) if in_now else None
                if not _steady(pb, gone):
                    return None  # its condition may differ in some round
                if oid in sources and pb.plan.does is pv.LOSE_ALL:
                    return None  # A-DEP-1a: it may remove the passives of an object of D
                holding = [(start, stop)]
                if pb.condition is not None:
                    got = conditions.get(b)
                    if got is None:
                        got = conditions[b] = _holding(origin, index, stored, pb, n, lines, 1)
                    holding = _within(got, start, stop)
                for a in sorted(readers):
                    if a in stopped or last.get(a, -1) < start:
                        continue
                    pa = ps[a]
                    if not _steady(pa, gone):
                        return None  # A-DEP-1c may hold in other rounds
                    src_a = now_objects[pa.source]
                    if pa in reading and _flips(
                        pa, pb, was, states[pa.source], states[pb.source]
                    ) != _flips(pa, pb, now, states[pa.source], states[pb.source]):
                        return None  # A-DEP-1c: [B] changes the region [A]'s condition reads
                    part_was = _part(pa, was, b_was, src_a)
                    part_now = _part(pa, now, b_now, src_a)
                    if not (part_was or part_now):
                        continue
                    for s0, s1 in holding:  # [B] applies only where its condition holds
                        spans.setdefault((a, b), []).append((s0, s1, part_now))
                    if part_was != part_now and holding:
                        flagged.add((a, b))
    differ: dict[tuple[str, str], list[tuple[int, int, bool]]] = {}
    for a, b in sorted(flagged):
        changed_in = _changes(log, a, b, spans[(a, b)], min(last[a], last[b]), gone)
        if changed_in:
            differ[(a, b)] = changed_in
    if (differ or stopped) and not choices_stand(origin, stored, log, last, differ, stopped):
        return None
    return _result(origin, log, new, derived, stopped)


def _conditional_on(
    ps: Mapping[str, pv.Passive], stored: GameState, followed: set[str], stopped: set[str]
) -> list[str]:
    """The conditional passives (still there) whose source or its region is followed."""
    out = []
    for pid in sorted(ps):
        p = ps[pid]
        if p.condition is None or pid in stopped:
            continue
        src = stored.objects[p.source]
        if p.source in followed or (src.region is not None and src.region in followed):
            out.append(pid)
    return out


def _result(
    origin: Ordering,
    log: TrialLog,
    new: GameState,
    derived: Mapping[str, tuple[GameObject, list[str]]],
    stopped: set[str],
) -> Ordering:
    """``origin`` with the followed objects derived again and the passives that stopped
    left out (their step of the order, their edges and their arrows)."""
    objects = dict(origin.state.objects)
    applied_to = {pid: t for pid, t in origin.applied_to.items() if pid not in stopped}
    for oid, (obj, now_applied) in derived.items():
        objects[oid] = obj
        now_set = set(now_applied)
        for pid in applied_to:
            if (pid in now_set) != (oid in applied_to[pid]):
                applied_to[pid] = applied_to[pid] ^ {oid}
    state = replace(new, objects=objects, derived=True)
    if not stopped:
        return replace(origin, state=state, applied_to=applied_to, reused=True, log=log)

    def kept(ids: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(i for i in ids if i not in stopped)

    # the other steps' explanations are those of ``origin`` (a re-evaluated ordering gives
    # the state; ``passive_order.ordering`` recomputes one in full for its explanation)
    choices = tuple(c for c in origin.choices if c.passive not in stopped)
    return replace(
        origin,
        state=state,
        order=kept(origin.order),
        choices=choices,
        edges=tuple(e for e in origin.edges if e.dependent not in stopped and e.on not in stopped),
        cycles=tuple(c for c in origin.cycles if not stopped.intersection(c)),
        passives={pid: p for pid, p in origin.passives.items() if pid not in stopped},
        stamps={pid: s for pid, s in origin.stamps.items() if pid not in stopped},
        applied_to=applied_to,
        held=origin.held - stopped,
        reused=True,
        log=log,
    )


def _flips(
    a: pv.Passive, b: pv.Passive, region: GameObject, src_a: GameObject, src_b: GameObject
) -> bool:
    """Whether applying [B] to ``region`` changes whether [A]'s condition holds."""
    objects = {a.source: src_a, region.id: region}
    if not pv.selects(b, region, src_b):
        return False
    after = {**objects, region.id: pv.apply_effect(b, region, 0)}
    return pv.condition_holds(a, objects) != pv.condition_holds(a, after)


def _holding(
    origin: Ordering,
    index: follow.FollowIndex,
    stored: GameState,
    p: pv.Passive,
    end: int,
    lines: Mapping[str, tuple[follow.Line, follow.Line]],
    side: int,
) -> list[tuple[int, int]]:
    """The rounds [start, stop) in which ``p``'s condition holds, from its source and the
    source's region round by round: before the event (``side`` 0) or after it (1), the
    followed objects' ``lines`` giving their versions."""
    src = stored.objects[p.source]
    ids = [p.source] + ([src.region] if src.region and src.region in stored.objects else [])
    got: dict[str, follow.Line] = {}
    for oid in ids:
        if oid in lines:
            got[oid] = lines[oid][side]
        else:
            got[oid] = follow.line_before(origin, index, stored.objects[oid])[0]
    out: list[tuple[int, int]] = []
    cuts = follow.cuts(got.values(), end)
    for start, stop in zip(cuts, cuts[1:], strict=False):
        objects = {oid: follow.at(line, start) for oid, line in got.items()}
        if pv.condition_holds(p, objects):
            if out and out[-1][1] == start:
                out[-1] = (out[-1][0], stop)
            else:
                out.append((start, stop))
    return out


def _within(spans: list[tuple[int, int]], start: int, stop: int) -> list[tuple[int, int]]:
    return [(max(a, start), min(b, stop)) for a, b in spans if a < stop and b > start]


def _changes(
    log: TrialLog,
    a: str,
    b: str,
    spans: list[tuple[int, int, bool]],
    live: int,
    dirty: frozenset[str],
) -> list[tuple[int, int, bool]]:
    """The rounds [start, stop) of 0 to ``live`` (both unapplied) in which whether [A]
    depends on [B] differs from before, and its value now: in each round, the previous
    value against: A-DEP-1a/c as before, or a witness outside ``D``, or an object of
    ``D`` whose part is now a change (``spans``). Both are constant between the rounds the
    pair was compared and those a span starts or stops."""
    cuts = {s for s, _, _ in spans} | {e for _, e, _ in spans}
    cuts |= {t.round for t in log.trials.get((a, b), ())}
    rounds = sorted(r for r in cuts if r <= live)
    out: list[tuple[int, int, bool]] = []
    for k, stop in zip(rounds, [*rounds[1:], live + 1], strict=True):
        t = log.at(a, b, k)
        was = t is not None and t.present
        kept = t is not None and t.present and (t.other or bool(t.witnesses - dirty))
        now = kept or any(s <= k < e and part for s, e, part in spans)
        if was != now:
            out.append((k, stop, now))
    return out
