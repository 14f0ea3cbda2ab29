"""Re-evaluating passives after an event that changed what some passive reads, locally.

``passive_order.reorder`` reuses the previous derivation when an event changed no
channel any passive reads. This module covers more events: an object X whose
readable traits changed (its subtypes, keywords, zone ...) is recomputed alone,
keeping the previous order and every other object, when

- X is the source of no passive and is not a region (no condition reads it), no
  passive's condition counts objects (a count reads them all), and
- no passive that applies to X, before or after the event, writes a channel that
  any passive's selector reads (on X, only selectors read: a condition reads its
  source and the source's region), and
- no passive that ceased (A-DEP-1a: never applied, but its trial applications decided
  dependencies) may select X, before or after the event, and writes such a channel, and
- no passive with a condition selects X, before or after the event (A-DEP-1c holds
  only when the passive applies to some object both before and after the other one is
  applied: X may be that object).

Then nothing any passive reads changes anywhere but on X, and on X only by the
event: no passive writes what is read there. So what each passive selects
elsewhere, its condition, every trial application that decided the order
(A-DEP-1) and therefore the order itself (A-ORDER-1) are those of the previous
derivation; X starts again from its new base (A-PASS-1) and takes, in that order,
the passives that held and select it now. Otherwise ``None``: the caller recomputes
everything. The tests compare the result with a full recomputation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from arbiter.model import passives as pv
from arbiter.model.state import GameState

if TYPE_CHECKING:
    from arbiter.model.passive_order import Ordering


def _selected_by(previous: Ordering) -> frozenset[pv.Channel]:
    """The channels some selector reads: on X (no source, no region) only a selector
    reads anything (a condition reads its source and the source's region)."""
    out: set[pv.Channel] = set()
    for p in previous.passives.values():
        out |= pv.selector_reads(p)
    return frozenset(out)


def local_update(previous: Ordering, new: GameState, changed: Sequence[str]) -> Ordering | None:
    """The ordering of ``new`` from ``previous`` when every object of ``changed`` can be
    recomputed alone (see the module's text), else None."""
    if any(pv.counts_others(p) for p in previous.passives.values()):
        return None  # a count condition reads every object (IMP-COUNT)
    sources = {p.source for p in previous.passives.values()}
    read = _selected_by(previous)
    objects = dict(previous.state.objects)
    applied_to = dict(previous.applied_to)  # only the entries that change are rebuilt
    rounding = new.ruleset.division_rounding
    for oid in changed:
        obj = new.objects[oid]
        old = previous.state.objects[oid]
        if oid in sources or pv.passives_of(obj) or pv.REGION in (obj.kind, old.kind):
            return None
        selecting = []
        for pid in previous.order:
            p = previous.passives[pid]
            now = pid in previous.held and pv.selects(p, obj, previous.state.objects[p.source])
            if now:
                selecting.append(pid)
            if (now or oid in applied_to[pid]) and pv.overlaps(pv.writes(p), read):
                return None  # what it does to X may change what another selects
            if p.condition is not None and (
                pv.selects(p, obj, previous.state.objects[p.source])
                or pv.selects(p, old, previous.state.objects[p.source])
            ):
                return None  # X may be the one target in common of A-DEP-1c
        for pid, p in previous.passives.items():  # ceased (A-DEP-1a): never applied, but
            if pid in applied_to:  # their trial applications decided dependencies
                continue
            src = previous.state.objects[p.source]
            if (pv.selects(p, obj, src) or pv.selects(p, old, src)) and pv.overlaps(
                pv.writes(p), read
            ):
                return None
        chosen = set(selecting)
        for pid in previous.order:
            if (pid in chosen) != (oid in applied_to[pid]):
                applied_to[pid] = applied_to[pid] ^ {oid}
        for pid in selecting:
            p = previous.passives[pid]
            obj = pv.apply_effect(p, obj, previous.stamps[pid], rounding)
        objects[oid] = obj
    return replace(
        previous,
        state=replace(new, objects=objects, derived=True),  # never derived again (A-PASS-1)
        applied_to=applied_to,
        reused=True,
    )
