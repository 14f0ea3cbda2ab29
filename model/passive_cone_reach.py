"""The passives an object changed since the trial log's ordering reaches directly: the set
``D`` of ``passive_cone`` (A-DEP-1, A-PASS-1). Why these are enough is in that module's
text; this module computes them.

For one changed object ``o`` (its version in the log's state, its version now, and its
version after the previous ordering's passives):

1. the passives of ``o`` if it is a source (before or after: they stop, start to select
   other objects, or take another place in timestamp order);
2. the passives whose condition reads ``o``: those of ``o`` (rule 1) and the conditional
   passives whose source is in ``o`` when it is a region;
3. the passives whose selector names subtypes or keywords that ``o`` can have in some
   round, of either run (``reach``): only those can select ``o`` differently because
   another passive was applied (A-DEP-1b), the other filters reading what no passive
   changes (zone, kind, controller, region);
4. when ``o``'s zone, controller or region changed (what a selector naming no subtype or
   keyword reads of it), the conditional passives that can select it: ``o`` may be the
   only target in common of A-DEP-1c (the named ones are those of rule 3).

``reach`` is a fixpoint: the subtypes and keywords of ``o``'s versions, and those
written by every passive (of either run) that can select an object having only those
(a superset: ``passives.selects`` decides the rest).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from arbiter.model import passives as pv
from arbiter.model.effects import algebra as fx
from arbiter.model.state import GameObject, GameState

if TYPE_CHECKING:
    from arbiter.model.passive_order import Ordering

_SELF = fx.Pick.SELF


class ReachIndex:
    """The passives of one ordering by what their selectors name, built once per trial
    log (``passive_cone_board.Known``)."""

    def __init__(self, origin: Ordering, stored: GameState) -> None:
        self.by_name: dict[pv.Channel, list[pv.Passive]] = {}  # by each name it names
        self.unnamed: list[pv.Passive] = []  # selecting others, naming nothing
        self.self_of: dict[str, list[pv.Passive]] = {}  # selecting their source, by source
        self.of_source: dict[str, list[str]] = {}
        self.by_region: dict[str, list[str]] = {}  # conditional, by their source's region
        for pid in sorted(origin.passives):
            p = origin.passives[pid]
            s = p.selector
            self.of_source.setdefault(p.source, []).append(pid)
            if s.pick is _SELF:
                self.self_of.setdefault(p.source, []).append(p)
            elif s.subtypes or s.has:
                for ch in pv.selector_reads(p):
                    self.by_name.setdefault(ch, []).append(p)
            else:
                self.unnamed.append(p)
            region = stored.objects[p.source].region
            if p.condition is not None and region is not None:
                self.by_region.setdefault(region, []).append(pid)


def _written(p: pv.Passive, kind: str) -> Iterable[pv.Channel]:
    """The subtypes and keywords applying ``p`` can give an object of ``kind``."""
    act = p.effect.action
    if isinstance(act, fx.ModifyStat):
        named = act.stat == pv.SUBTYPES or (act.stat == pv.REGION_TYPE and kind == pv.REGION)
        if named and act.op is not fx.StatOp.REMOVE:
            return [("subtype", m) for m in act.members]
    elif isinstance(act, fx.Give):
        return [("feature", act.name)]
    return []


def _fits(p: pv.Passive, kind: str) -> bool:
    kinds = p.selector.kinds
    return not kinds or kind in kinds


def reach(index: ReachIndex, versions: Sequence[GameObject]) -> set[str]:
    """The passives naming subtypes or keywords whose selector can select an object of
    ``versions`` in some round (rule 3), by the fixpoint of the module's text."""
    kind = versions[0].kind
    has: set[pv.Channel] = set()
    for obj in versions:
        has.update(("subtype", n) for n in pv.subtypes(obj))
        has.update(("feature", n) for n in obj.features)
    todo = list(has)
    fired: set[str] = set()

    def fire(p: pv.Passive) -> None:
        for ch in _written(p, kind):
            if ch not in has:
                has.add(ch)
                todo.append(ch)

    for p in index.unnamed:
        if _fits(p, kind):
            fire(p)
    for p in index.self_of.get(versions[0].id, ()):
        fire(p)
    while todo:
        for p in index.by_name.get(todo.pop(), ()):
            if p.id not in fired and _fits(p, kind) and pv.selector_reads(p) <= has:
                fired.add(p.id)
                fire(p)
    return fired


def _static(obj: GameObject) -> tuple[object, ...]:
    """What a selector naming no subtype or keyword reads of an object."""
    return (pv.affected(obj), obj.zone, obj.controlled_by, obj.region)


def direct(
    index: ReachIndex,
    origin: Ordering,
    stored: GameState,
    new: GameState,
    dirty: Iterable[str],
) -> set[str]:
    """``D`` for the objects ``dirty`` (rules 1 to 4 of the module's text)."""
    out: set[str] = set()
    final = origin.state.objects
    for oid in dirty:
        was, now = stored.objects[oid], new.objects[oid]
        out.update(index.of_source.get(oid, ()))  # 1
        out.update(index.by_region.get(oid, ()))  # 2
        if not (pv.affected(was) or pv.affected(now)):
            continue  # selected by nothing, before or after
        out |= reach(index, [was, now, final[oid]])  # 3
        if _static(was) != _static(now):  # 4
            kind = now.kind
            out.update(p.id for p in index.unnamed if p.condition is not None and _fits(p, kind))
    return out
