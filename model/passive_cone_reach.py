"""The passives an object changed since the trial log's ordering reaches directly: the set
``D`` of ``passive_cone`` (A-DEP-1, A-PASS-1). Why these are enough is in that module's
text; this module computes them.

For one changed object ``o`` (its version in the log's state, its version now, and its
version after the previous ordering's passives):

1. the passives of ``o`` if it is a source (before or after: they stop, start to select
   other objects, or take another place in timestamp order);
2. the passives whose condition reads ``o``: those of ``o`` (rule 1) and the conditional
   passives whose source is in ``o`` when it is a region;
3. either its *readers*, the passives whose selector names subtypes or keywords ``o`` can
   have in some round of either run (``reach``), or its *writers*, the passives that can
   select ``o`` in some round and write a channel some selector reads: whichever makes the
   smaller cone (``passive_cone._choose``). Applying ``B`` changes whether ``A`` selects
   ``o`` only if ``A`` is a reader and ``B`` a writer of ``o`` (the other filters read
   what no passive changes: zone, kind, controller, region);
4. the conditional passives that can select ``o``: ``o`` may be the only target in common
   of A-DEP-1c. Those naming subtypes or keywords are readers; those naming none only
   when ``o``'s zone, controller or region changed (otherwise they select it in every
   round of both runs alike).

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
        self.conditional = {pid for pid, p in origin.passives.items() if p.condition is not None}
        read: set[pv.Channel] = set()  # the channels some selector reads
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
            read |= pv.selector_reads(p)
        self.read = frozenset(read)


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


def reach(index: ReachIndex, versions: Sequence[GameObject]) -> tuple[set[str], set[str]]:
    """The passives that can select an object of ``versions`` in some round, by the
    fixpoint of the module's text: those whose selector names subtypes or keywords
    (the readers, rule 3), and those of them or naming nothing that write a channel some
    selector reads (the writers, rule 3')."""
    obj = versions[0]
    kind = obj.kind
    has: set[pv.Channel] = set()
    for version in versions:
        has.update(("subtype", n) for n in pv.subtypes(version))
        has.update(("feature", n) for n in version.features)
    todo = list(has)
    readers: set[str] = set()
    writers: set[str] = set()
    read = index.read

    def fire(p: pv.Passive) -> None:
        if pv.overlaps(pv.writes(p), read):
            writers.add(p.id)
        for ch in _written(p, kind):
            if ch not in has:
                has.add(ch)
                todo.append(ch)

    for p in index.unnamed:
        if _fits(p, kind):
            fire(p)
    for p in index.self_of.get(obj.id, ()):
        fire(p)
    while todo:
        for p in index.by_name.get(todo.pop(), ()):
            if p.id not in readers and _fits(p, kind) and pv.selector_reads(p) <= has:
                readers.add(p.id)
                fire(p)
    return readers, writers


def _static(obj: GameObject) -> tuple[object, ...]:
    """What a selector naming no subtype or keyword reads of an object."""
    return (pv.affected(obj), obj.zone, obj.controlled_by, obj.region)


def direct(
    index: ReachIndex,
    origin: Ordering,
    stored: GameState,
    new: GameState,
    dirty: Iterable[str],
) -> tuple[set[str], list[tuple[set[str], set[str]]]]:
    """``D`` for the objects ``dirty``: the passives of rules 1, 2 and 4 of the module's
    text, and for each object selected by some passive before or after, its readers and
    its writers (rules 3 and 3': either is enough)."""
    out: set[str] = set()
    choices: list[tuple[set[str], set[str]]] = []
    final = origin.state.objects
    for oid in dirty:
        was, now = stored.objects[oid], new.objects[oid]
        out.update(index.of_source.get(oid, ()))  # 1
        out.update(index.by_region.get(oid, ()))  # 2
        if not (pv.affected(was) or pv.affected(now)):
            continue  # selected by nothing, before or after
        readers, writers = reach(index, [was, now, final[oid]])
        choices.append((readers, writers))  # 3
        out |= readers & index.conditional  # 4
        if _static(was) != _static(now):
            kind = now.kind
            out.update(p.id for p in index.unnamed if p.condition is not None and _fits(p, kind))
    return out, choices
