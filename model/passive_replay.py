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
choice differs, the order is made again from the log (``passive_rechoose``; with passives
that stopped or select again, ``passive_rechoose_sources``); if that refuses, or a
passive is involved with ``D`` in a way not followed here, the answer is ``None`` and the
caller recomputes everything. The order made again is tried first where checking here
seldom pays: regions alone changed, an earlier re-evaluation from this log already made
another order (its choices then seldom stand), or more than ``MOST_CHANGED`` objects
changed (up to ``MOST_CHANGED_RECHOSEN``, that alone is tried). Which is tried first
changes no answer: each gives the full ordering's or None. The tests compare the result
with a full recomputation.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from arbiter.model import passive_follow as follow
from arbiter.model import passives as pv
from arbiter.model.effects import algebra as fx
from arbiter.model.passive_choices import choices_stand
from arbiter.model.passive_log import changed_since
from arbiter.model.passive_replay_checks import (
    _changes_hands,
    _followed,
    _leaves,
    _part,
    _region_only,
    _same_queue,
    _seen,
    _segments,
    _selected_again,
    _steady,
)
from arbiter.model.state import GameObject, GameState

if TYPE_CHECKING:
    from arbiter.model.passive_log import TrialLog
    from arbiter.model.passive_order import Ordering

SELF = fx.Pick.SELF
# the most objects changed since the log's ordering that are followed round by round
MOST_CHANGED = 16
# and by ``passive_rechoose`` alone (about 4 ms each on the dense board of
# ``benchmarks/dependency.py``, against 0.6 s for a full ordering)
MOST_CHANGED_RECHOSEN = 32
# the most objects followed in all (with those a passive that stopped applied to)
MOST_FOLLOWED = 400

# (start round, end round, the object's part in the pair after the event) per pair
Parts = dict[tuple[str, str], list[tuple[int, int, bool]]]


def replay_update(
    previous: Ordering, old: GameState, new: GameState, changed: Sequence[str]
) -> Ordering | None:
    """The ordering of ``new`` from the full ordering the trial log of ``previous`` was
    made with, when the dependency graph of every round is unchanged (see the module's
    text), else None. The objects of ``D`` are those of ``new`` that differ from that
    ordering's state (``changed``, and those of earlier events re-evaluated from it), and
    those a passive that stopped (its source left play) applied to."""
    since = changed_since(previous, new)
    if since is None:
        return None
    log, origin, stored, dirty = since
    if len(dirty) > MOST_CHANGED_RECHOSEN:
        return None  # each is followed through every round: recomputing is cheaper
    if any(pv.counts_others(p) for p in origin.passives.values()):
        # a count condition reads every object (IMP-COUNT), but a condition is read here
        # from its source and the source's region alone (``_holding``): a region turning
        # into a Forest, or a character leaving play, flips "if I am in a Forest and
        # another object is here" unseen
        return None
    many = len(dirty) > MOST_CHANGED  # only the order made again (below) is tried
    ps = origin.passives
    sources = {p.source for p in ps.values()}
    stopped: set[str] = set()  # passives whose source left play: absent now
    sided: set[str] = set()  # passives selecting by side whose source changed controller
    for oid in dirty:
        was, now = stored.objects[oid], new.objects[oid]
        if oid in sources and _leaves(was, now):
            stopped.update(p.id for p in pv.passives_of(was) if p.id in ps)
        elif oid in sources and _changes_hands(was, now):
            sided.update(p.id for p in pv.passives_of(now) if p.selector.side is not fx.Side.ANY)
        elif not _followed(was, now, oid in sources):
            return None
    moved = any(stored.objects[o].controlled_by != new.objects[o].controlled_by for o in dirty)
    if moved and not _same_queue(origin, stored, new):
        return None
    if log.follow is None:
        log.follow = follow.build(origin, stored)
    followed = set(dirty)
    for pid in stopped:  # (a source it took abilities from is followed: refused below)
        followed.update(origin.applied_to.get(pid, ()))
    moving: list[str] = []  # selecting by side, made again (``passive_rechoose_sided``)
    for pid in sorted(sided):
        targets = _selected_again(log, ps[pid], stored, new)
        if targets is None and not _movable(log, ps[pid]):
            return None
        if targets is None:  # (its targets are derived again there)
            moving.append(pid)
            continue
        followed.update(origin.applied_to.get(pid, ()))
        followed.update(targets)
    if len(followed) > MOST_FOLLOWED:
        return None
    if moving:  # its pairs and targets differ in other rounds: the order made again
        from arbiter.model.passive_rechoose_sided import rechoose_sided

        index = log.follow
        return rechoose_sided(origin, stored, new, log, index, dirty, stopped, followed, moving)
    # regions alone changed, or an earlier re-evaluation made another order (the log's
    # choices then seldom stand): the order made again from the log (``passive_rechoose``)
    # costs less than checking it here first, and answers where the order differs as well
    tried = (
        many
        or previous.order != origin.order
        or all(stored.objects[o].kind == pv.REGION == new.objects[o].kind for o in dirty)
    )
    absent = frozenset(stopped)
    if tried:
        got = _rechosen(origin, stored, new, log, dirty, False, absent, followed)
        if got is not None or many:
            return got
    index = log.follow
    n = len(origin.order)
    last = {pid: k for k, pid in enumerate(origin.order)}  # the last round it is unapplied
    for k, c in enumerate(origin.choices):
        for pid in c.ceased:
            last[pid] = k - 1
    run = _Run(origin, stored, new, index, n, set(origin.held - stopped))
    for oid in sorted(followed):
        run.follow(oid)
    # a condition reads its source and the source's region: where it holds in other rounds
    # now, a passive that applies to its source alone is followed (it applies or not at
    # its turn, and A-DEP-1c with it is compared again); otherwise everything again
    flipped = run.conditions(ps, stored, stopped)
    if flipped is None or len(run.lines) > MOST_FOLLOWED:
        return _rechosen(origin, stored, new, log, dirty, tried, absent, followed)
    gone = frozenset(run.lines)
    states = origin.state.objects
    now_objects = new.objects  # the sources' controllers, zones and regions now
    # A-DEP-1c looks for a target in common: one of D may be the only one
    watched = [
        p
        for p in ps.values()
        if p.condition is not None and p.selector.pick is not SELF and p.id not in stopped
    ]
    spans: Parts = {}
    flagged: set[tuple[str, str]] = set()
    differs: dict[str, list[tuple[int, int]]] = {}  # rounds in which a followed object differs
    c_again: set[tuple[str, str]] = set()  # pairs whose A-DEP-1c is compared again
    for oid in sorted(gone):
        before, after = run.lines[oid]
        reading = [ps[pid] for pid in index.by_region.get(oid, ()) if pid not in stopped]
        segments = _segments(before, after, n)
        region_differs = any(was != now for _, _, was, now in segments)
        for p in reading:
            # a condition reading its region and more ("if I am in a Forest and have
            # Defender"): whether applying a passive that changes its source flips it
            # (A-DEP-1c) may differ once the region does, in rounds no pair here compares
            if not _region_only(p.condition) and (p.source in gone or region_differs):
                return None
        if oid in sources and before[-1][1].abilities != after[-1][1].abilities:
            return None  # its passives exist in other rounds (A-DEP-1a)
        for start, stop, was, now in segments:
            if oid in sources and was.abilities != now.abilities:
                return None  # its passives exist in other rounds (A-DEP-1a)
            if _seen(was) == _seen(now):
                continue
            differs.setdefault(oid, []).append((start, stop))
            for p in watched:
                src = now_objects[p.source]
                if pv.selects(p, was, src) or pv.selects(p, now, src):
                    return None
            for b in sorted(index.could_select(was) | index.could_select(now)):
                readers = log.candidates.get(b)
                if not readers or b in stopped or b in flipped or last.get(b, -1) < start:
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
                holding = _within(run.holding(pb), start, stop)
                # the readers that can select the object before or after [B], or read it
                # in a condition: the others have no part in the pair here
                near = set(index.of_source.get(oid, ())) | set(index.by_region.get(oid, ()))
                for version in (was, now, b_was, b_now):
                    if version is not None:
                        near |= index.could_select(version)
                for a in sorted(readers & near):
                    if a in stopped or last.get(a, -1) < start:
                        continue
                    pa = ps[a]
                    if not _steady(pa, gone):
                        return None  # A-DEP-1c may hold in other rounds
                    src_a = now_objects[pa.source]
                    if (
                        pa in reading
                        and not _followed_c(pa)
                        and _flips(pa, pb, was, states[pa.source], src_b)
                        != _flips(pa, pb, now, states[pa.source], src_b)
                    ):
                        return None  # A-DEP-1c: [B] changes the region [A]'s condition reads
                    part_was = _part(pa, was, b_was, src_a)
                    part_now = _part(pa, now, b_now, src_a)
                    if not (part_was or part_now):
                        continue
                    for s0, s1 in holding:  # [B] applies only where its condition holds
                        spans.setdefault((a, b), []).append((s0, s1, part_now))
                    if part_was != part_now and holding:
                        flagged.add((a, b))
        # A-DEP-1c of a passive on its source whose condition reads this region, against
        # each passive that changes the region: compared again in every round
        for pa in reading:
            if not _followed_c(pa):
                continue
            changers: set[str] = set()
            for _, version in (*before, *after):
                changers |= index.could_select(version)
            for b in sorted(changers):
                if b in stopped or pa.id not in log.candidates.get(b, ()):
                    continue
                pb = ps[b]
                src_b = now_objects[pb.source]
                c_again.add((pa.id, b))
                flagged.add((pa.id, b))
                for start, stop, _, now in segments:
                    if _flips(pa, pb, now, states[pa.source], src_b):
                        for s0, s1 in _within(run.holding(pb), start, stop):
                            spans.setdefault((pa.id, b), []).append((s0, s1, True))
    # a passive that applies at its turn now and not before, or the reverse: whether it
    # changes what each reader selects of its source, in every round
    for q in sorted(flipped):
        pq = ps[q]
        oid = pq.source
        src_q = now_objects[oid]
        for a in sorted(log.candidates.get(q, ())):
            if a in stopped:
                continue
            pa = ps[a]
            if not _steady(pa, gone):
                return None
            flagged.add((a, q))
            spans.setdefault((a, q), [])
            for start, stop, _, now in _segments(*run.lines[oid], n):
                if not pv.selects(pq, now, src_q):
                    continue
                if _part(pa, now, pv.apply_effect(pq, now, 0), now_objects[pa.source]):
                    for s0, s1 in _within(run.holding(pq), start, stop):
                        spans[(a, q)].append((s0, s1, True))
    differ: dict[tuple[str, str], list[tuple[int, int, bool]]] = {}
    for a, b in sorted(flagged):
        if a in stopped or b in stopped:
            continue
        every = gone if b in flipped else frozenset()
        changed_in = _changes(
            log,
            a,
            b,
            spans.get((a, b), []),
            min(last[a], last[b]),
            differs,
            every,
            (a, b) in c_again,
        )
        if changed_in:
            differ[(a, b)] = changed_in
    if (differ or stopped) and not choices_stand(origin, stored, log, last, differ, stopped):
        return _rechosen(origin, stored, new, log, dirty, tried, absent, followed)
    return _result(origin, log, new, run.derived, stopped, run.held)


def _rechosen(
    origin: Ordering,
    stored: GameState,
    new: GameState,
    log: TrialLog,
    dirty: Sequence[str],
    skip: bool,
    stopped: frozenset[str] = frozenset(),
    followed: Collection[str] = (),
) -> Ordering | None:
    """The order made again from the log where a choice differs (``passive_rechoose``;
    ``skip``: tried already). With passives that stopped or select again, the objects of
    ``followed`` (``dirty`` and their targets, before and after) are followed from the
    start and the stopped ones are absent (``passive_rechoose_sources``)."""
    from arbiter.model.passive_rechoose import rechoose

    if skip or log.follow is None:
        return None
    if stopped or set(followed) != set(dirty):
        from arbiter.model.passive_rechoose_sources import rechoose_sources

        return rechoose_sources(origin, stored, new, log, log.follow, dirty, stopped, followed)
    return rechoose(origin, stored, new, log, log.follow, dirty)


def _movable(log: TrialLog, p: pv.Passive) -> bool:
    from arbiter.model.passive_rechoose_sided import movable

    return movable(log, p)


def _followed_c(p: pv.Passive) -> bool:
    """A passive whose A-DEP-1c is compared again from its region round by round: it
    applies to its source alone and its condition reads the region only."""
    return p.selector.pick is SELF and _region_only(p.condition) and not pv.sets_region_type(p)


class _Run:
    """The objects followed round by round, before and after the event, and the
    passives' conditions read from them."""

    def __init__(
        self,
        origin: Ordering,
        stored: GameState,
        new: GameState,
        index: follow.FollowIndex,
        end: int,
        held: set[str],
    ) -> None:
        self.origin, self.stored, self.new, self.index, self.end = origin, stored, new, index, end
        self.held = held  # the passives that apply at their turn after the event
        self.lines: dict[str, tuple[follow.Line, follow.Line]] = {}
        self.derived: dict[str, tuple[GameObject, list[str]]] = {}
        self.spans: dict[str, list[tuple[int, int]]] = {}

    def follow(self, oid: str) -> None:
        origin, index = self.origin, self.index
        before, _ = follow.line_before(origin, index, self.stored.objects[oid])
        obj = self.new.objects[oid]
        after, applied = follow.line_now(origin, index, obj, self.held, self.new.objects)
        self.lines[oid] = (before, after)
        self.derived[oid] = (after[-1][1], applied)
        self.spans.clear()

    def holding(self, p: pv.Passive) -> list[tuple[int, int]]:
        """The rounds in which ``p``'s condition holds after the event (all: none)."""
        if p.condition is None:
            return [(0, self.end)]
        got = self.spans.get(p.id)
        if got is None:
            got = self.spans[p.id] = _holding(
                self.origin, self.index, self.stored, p, self.end, self.lines, 1
            )
        return got

    def conditions(
        self, ps: Mapping[str, pv.Passive], stored: GameState, stopped: set[str]
    ) -> set[str] | None:
        """The passives whose condition holds in other rounds after the event (each applies
        to its source alone, now followed), or None when one does not."""
        flipped: set[str] = set()
        for _ in range(len(ps) + 1):
            again = False
            for pid in _conditional_on(ps, stored, set(self.lines), stopped):
                p = ps[pid]
                old = _holding(self.origin, self.index, stored, p, self.end, self.lines, 0)
                if old == self.holding(p):
                    continue
                if not _followed_c(p) or pid not in self.index.pos:
                    return None
                flipped.add(pid)
                k = self.index.pos[pid]
                now = any(s <= k < e for s, e in self.holding(p))
                if now != (pid in self.held) or p.source not in self.lines:
                    if now != (pid in self.held):
                        self.held ^= {pid}
                    self.follow(p.source)
                    again = True
            if not again:
                return flipped
        return None


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
    held: set[str],
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
        return replace(
            origin,
            state=state,
            applied_to=applied_to,
            held=frozenset(held),
            reused=True,
            log=log,
        )

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
        held=frozenset(held),
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
    differs: Mapping[str, list[tuple[int, int]]],
    every: frozenset[str],
    c_again: bool,
) -> list[tuple[int, int, bool]]:
    """The rounds [start, stop) of 0 to ``live`` (both unapplied) in which whether [A]
    depends on [B] differs from before, and its value now: in each round, the previous
    value against: A-DEP-1a/c as before (1a only when ``c_again``: 1c is in ``spans``),
    or a witness that is the same then (outside ``every`` and not in a round where it
    ``differs``), or an object whose part is now a change (``spans``). Both are constant
    between the rounds the pair was compared and those a span or a difference starts or
    stops."""
    trials = log.trials.get((a, b), ())
    cuts = {s for s, _, _ in spans} | {e for _, e, _ in spans} | {0}
    cuts |= {t.round for t in trials}
    for w in {w for t in trials for w in t.witnesses}:
        for s, e in differs.get(w, ()):
            cuts |= {s, e}
    rounds = sorted(r for r in cuts if r <= live)
    out: list[tuple[int, int, bool]] = []
    for k, stop in zip(rounds, [*rounds[1:], live + 1], strict=True):
        t = log.at(a, b, k)
        was = t is not None and t.present
        kept = False
        if t is not None and t.present:
            kept = (t.other and not (c_again and t.c)) or any(
                w not in every and not any(s <= k < e for s, e in differs.get(w, ()))
                for w in t.witnesses
            )
        now = kept or any(s <= k < e and part for s, e, part in spans)
        if was != now:
            if out and out[-1][1] == k and out[-1][2] == now:
                out[-1] = (out[-1][0], stop, now)
            else:
                out.append((k, stop, now))
    return out
