"""Following objects round by round through an earlier ordering of passives (A-PASS-2),
for ``passive_replay``: which passives could select an object, and the object's version
after each passive applied to it, before and after an event.

``FollowIndex`` is built once per trial log (``passive_log.TrialLog.follow``): the round of
each passive, the passives by the one subtype or keyword their selector names first (a
superset filter: ``passives.selects`` decides), by source for those that select their
source, and the rest. Looking an object up gives the few passives that can select it
instead of every passive.
"""

from __future__ import annotations

import heapq
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from arbiter.model import passives as pv
from arbiter.model.effects import algebra as fx
from arbiter.model.passive_rechoose_memo import Memo
from arbiter.model.state import GameObject, GameState

if TYPE_CHECKING:
    from arbiter.model.passive_order import Ordering

Line = list[tuple[int, GameObject]]  # (round from which it holds, version)


@dataclass(frozen=True)
class FollowIndex:
    pos: Mapping[str, int]  # the round each applied passive was applied in
    by_subtype: Mapping[str, tuple[str, ...]]
    by_feature: Mapping[str, tuple[str, ...]]
    by_self: Mapping[str, tuple[str, ...]]
    rest: tuple[str, ...]
    by_region: Mapping[str, tuple[str, ...]]  # conditional passives by their source's region
    applied_by: Mapping[str, tuple[str, ...]]  # per object, the passives applied to it, in order
    of_source: Mapping[str, tuple[str, ...]]  # the passives of each source
    # ``line_before`` of the objects asked for so far (from their base, kept with it): the
    # same for every event replayed from this log, which follow the same objects again
    before: dict[str, tuple[GameObject, Line, list[str]]] = field(
        default_factory=dict, compare=False, repr=False
    )
    # what ``passive_rechoose`` keeps from one event to the next (``passive_rechoose_memo``)
    memo: Memo = field(default_factory=Memo, compare=False, repr=False)

    def could_select(self, obj: GameObject) -> set[str]:
        """The passives whose selector may select ``obj`` (a superset)."""
        out = set(self.rest)
        out.update(self.by_self.get(obj.id, ()))
        for name in pv.subtypes(obj):
            out.update(self.by_subtype.get(name, ()))
        for name in obj.features:
            out.update(self.by_feature.get(name, ()))
        return out

    def newly_selectable(self, was: GameObject, now: GameObject) -> set[str]:
        """Passives that may select ``now`` and were not looked up for ``was``."""
        out: set[str] = set()
        for name in pv.subtypes(now) - pv.subtypes(was):
            out.update(self.by_subtype.get(name, ()))
        for name in now.features.keys() - was.features.keys():
            out.update(self.by_feature.get(name, ()))
        return out


def build(origin: Ordering, stored: GameState) -> FollowIndex:
    by_subtype: dict[str, list[str]] = {}
    by_feature: dict[str, list[str]] = {}
    by_self: dict[str, list[str]] = {}
    by_region: dict[str, list[str]] = {}
    rest: list[str] = []
    for pid in sorted(origin.passives):
        p = origin.passives[pid]
        s = p.selector
        if s.pick is fx.Pick.SELF:
            by_self.setdefault(p.source, []).append(pid)
        elif s.subtypes:
            by_subtype.setdefault(min(s.subtypes), []).append(pid)
        elif s.has:
            by_feature.setdefault(min(s.has), []).append(pid)
        else:
            rest.append(pid)
        region = stored.objects[p.source].region
        if p.condition is not None and region is not None:
            by_region.setdefault(region, []).append(pid)
    of_source: dict[str, list[str]] = {}
    for pid in sorted(origin.passives):
        of_source.setdefault(origin.passives[pid].source, []).append(pid)
    applied_by: dict[str, list[str]] = {}
    get, applied_to = applied_by.get, origin.applied_to
    for pid in origin.order:
        for oid in applied_to[pid]:
            got = get(oid)
            if got is None:
                applied_by[oid] = [pid]
            else:
                got.append(pid)
    return FollowIndex(
        pos={pid: k for k, pid in enumerate(origin.order)},
        by_subtype={k: tuple(v) for k, v in by_subtype.items()},
        by_feature={k: tuple(v) for k, v in by_feature.items()},
        by_self={k: tuple(v) for k, v in by_self.items()},
        rest=tuple(rest),
        by_region={k: tuple(v) for k, v in by_region.items()},
        applied_by={k: tuple(v) for k, v in applied_by.items()},
        of_source={k: tuple(v) for k, v in of_source.items()},
    )


def line_before(origin: Ordering, index: FollowIndex, obj: GameObject) -> tuple[Line, list[str]]:
    """The object round by round in ``origin`` (from its base ``obj``): (round from which
    it holds, version), and the passives applied to it (kept in ``index`` for that very
    base object: the callers do not change them)."""
    kept = index.before.get(obj.id)
    if kept is not None and kept[0] is obj:
        return kept[1], kept[2]
    line, applied = _line_before(origin, index, obj)
    index.before[obj.id] = (obj, line, applied)
    return line, applied


def _line_before(origin: Ordering, index: FollowIndex, obj: GameObject) -> tuple[Line, list[str]]:
    out = [(0, obj)]
    rounding = origin.state.ruleset.division_rounding
    applied = list(index.applied_by.get(obj.id, ()))
    for pid in applied:
        obj = pv.apply_effect(origin.passives[pid], obj, origin.stamps[pid], rounding)
        out.append((index.pos[pid] + 1, obj))
    return out, applied


def line_now(
    origin: Ordering,
    index: FollowIndex,
    obj: GameObject,
    held: Collection[str],
    sources: Mapping[str, GameObject],
) -> tuple[Line, list[str]]:
    """The object round by round in ``origin``'s order after an event: applied to by each
    passive of ``held`` (those that exist and whose condition holds at their turn) that
    selects it then, ``sources`` being the passives' sources now."""
    out = [(0, obj)]
    applied: list[str] = []
    rounding = origin.state.ruleset.division_rounding
    pos = index.pos
    todo = [(pos[pid], pid) for pid in index.could_select(obj) if pid in pos]
    heapq.heapify(todo)
    seen: set[str] = set()
    while todo:
        k, pid = heapq.heappop(todo)
        if pid in seen:
            continue
        seen.add(pid)
        p = origin.passives[pid]
        if pid not in held or not pv.selects(p, obj, sources[p.source]):
            continue
        new = pv.apply_effect(p, obj, origin.stamps[pid], rounding)
        if new is not obj:
            for q in index.newly_selectable(obj, new):
                if q in pos and pos[q] > k and q not in seen:
                    heapq.heappush(todo, (pos[q], q))
        obj = new
        out.append((k + 1, obj))
        applied.append(pid)
    return out, applied


def at(line: Line, k: int) -> GameObject:
    """The version of a line at the start of round ``k`` (after ``k`` passives applied)."""
    got = line[0][1]
    for r, v in line:
        if r > k:
            break
        got = v
    return got


def cuts(lines: Iterable[Line], end: int) -> list[int]:
    return sorted({r for line in lines for r, _ in line if r < end} | {0, end})
