"""Re-evaluating passives after a region's change (or a character's subtypes or keywords)
by ordering again only the passives the change can affect, the *cone* (A-DEP-1, A-DEP-2,
A-ORDER-1).

``passive_replay`` keeps the previous order when it still stands; when a region's new
terrain makes a conditional passive hold in other rounds, a choice differs and it gives
up. Here the new order is computed from the previous full ordering and its trial log
(``passive_log``), running A-ORDER-1 again for a few passives only. ``passive_order``
asks this module first when only regions changed (then the replay, then everything),
and after the replay otherwise.

**The cone.** ``D``, the passives the event reaches directly: those whose condition reads
a changed region (their source is in it), and those whose selector reads subtypes or
keywords a region can have in some round (``_region_reach``: its own, before and after
the event, and those written by passives that can select such a region) and that may
select a region; for a changed object that is no region (a source of nothing whose base
characteristics or keywords alone changed), the passives whose selector reads subtypes or
keywords it can have in some round (``_readers_of``). ``C``, the cone: ``D`` and every
passive that depended on one of them, directly or through others (A-DEP-2), in some
round of the previous ordering. ``N``: the others. A passive selecting a region by its
kind alone selects it in every round; what it does to the region is read only by
passives of ``D``.

**Why the passives of N keep their order, and when.** A passive's freeness reads only
the graph below it (the passives it reaches; a path back to it stays among them). The
claim: at each number ``j`` of ``N``'s passives applied, the graph among ``N`` is what it
was, whatever passives of ``C`` were applied meanwhile. It holds under this condition:
**no passive of N depends on a passive of C in any round, of the previous ordering or of
the new one.** The first holds by the cone's construction; the second is checked at every
round of the merge (``passive_cone_merge``). Under it, a passive of ``C`` never changes,
by being applied earlier or later, anything a passive of ``N`` reads: had it changed it,
then in the run where it is applied first the other was still unapplied then and
depended on it (A-DEP-1 a, b or c; a condition that changes with no target in common
changes nothing the passive does). So every passive of ``N`` selects, holds and applies
as before, the graph among ``N`` is the same at each ``j``, and the free passive of ``N``
with the smallest timestamp at ``j`` is the ``j``-th of the previous order restricted to
``N``. Without the condition the claim is false: a passive of ``N`` may read a keyword a
passive of ``C`` gives only in the new run (a condition that now holds: "all Gigantic
get +1 power" against "if I am in a Forest, I gain Gigantic", which gave nothing
before), a dependency the previous log never saw. Then the cone grows by that passive
(closed again over the log) and the merge is made again (``MOST_GROWTH`` times at most).

**The merge** (``passive_cone_merge``): round by round, the next passive of ``N`` against
the free passives of ``C`` with a smaller timestamp (A-ORDER-1), their dependencies found
by trial applications (``passive_trial``) on a partial board kept lazily
(``passive_cone_board``).

**The result.** The order; the state with the objects followed explicitly and the objects
whose sequence of passives changed derived again (the others are those of the previous
ordering); ``applied_to`` and ``held``. The explanation (``choices``, ``edges``,
``cycles``) is the previous ordering's and ``reused`` is set: ``passive_order.ordering``
recomputes one in full for its explanation. Beyond ``MOST_CONE`` passives, ``MOST_DIRTY``
objects followed or ``MOST_CHANGED`` objects changed since the log's ordering, with a
count condition, or when a changed object is a source, or its zone, controller, region
or protections changed: ``None``, the caller goes on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from arbiter.model import passives as pv
from arbiter.model.effects import algebra as fx
from arbiter.model.passive_cone_board import GiveUp, Grow, Known, known_of
from arbiter.model.passive_cone_merge import Merge
from arbiter.model.passive_log import changed_since
from arbiter.model.state import GameState

if TYPE_CHECKING:
    from arbiter.model.passive_log import TrialLog
    from arbiter.model.passive_order import Ordering

MOST_CONE = 64  # passives ordered again
MOST_CHANGED = 4  # objects changed since the trial log's ordering
MOST_GROWTH = 3  # merges made again with a larger cone

_SELF = fx.Pick.SELF


def cone_update(
    previous: Ordering, old: GameState, new: GameState, changed: Sequence[str]
) -> Ordering | None:
    """The ordering of ``new`` from the trial log of ``previous`` when the objects that
    differ from the log's state are sources of no passive whose characteristics or
    keywords alone changed (regions, characters: see the module's text), else None."""
    del old  # the difference is taken from the log's own state
    if any(pv.passives_of(new.objects[oid]) for oid in changed):
        return None  # (at once: a source)
    since = changed_since(previous, new)
    if since is None:
        return None
    log, origin, stored, dirty = since
    if len(dirty) > MOST_CHANGED:
        return None
    for oid in dirty:
        was, now = stored.objects[oid], new.objects[oid]
        if pv.passives_of(was) or pv.passives_of(now):
            return None
        if replace(now, base=was.base, features=was.features) != was:
            return None  # (its zone, controller, region, protections: not followed)
    if any(pv.counts_others(p) for p in origin.passives.values()):
        return None  # a count reads every object (IMP-COUNT)
    cone = _cone(log, origin, stored, new, set(dirty))
    for _ in range(MOST_GROWTH + 1):
        if cone is None:
            return None
        try:
            return Merge(origin, log, stored, new, set(dirty), cone).run()
        except GiveUp:
            return None
        except Grow as grow:  # the merge again with the cone closed over it
            cone = _close(known_of(log, origin, stored), cone | {grow.pid})
    return None


def _region_reach(
    known: Known, origin: Ordering, stored: GameState, new: GameState
) -> tuple[set[str], set[str]]:
    """Every subtype and keyword a region can have in some round, before or after the
    event (a fixpoint): its own, and those written by passives that can select a region
    having only those."""
    names: set[str] = set()
    feats: set[str] = set()
    for objects in (stored.objects, new.objects, origin.state.objects):
        for oid in known.by_kind.get(pv.REGION, ()):
            obj = objects[oid]
            names |= pv.subtypes(obj)
            feats |= set(obj.features)
    ps = known.region_passives
    while True:
        before = (len(names), len(feats))
        for p in ps:
            s = p.selector
            if s.pick is _SELF or (s.kinds and pv.REGION not in s.kinds):
                continue
            if not (s.subtypes <= names and s.has <= feats):
                continue
            act = p.effect.action
            if isinstance(act, fx.ModifyStat) and act.stat in (pv.SUBTYPES, pv.REGION_TYPE):
                names |= set(act.members)
            elif isinstance(act, fx.Give):
                feats.add(act.name)
        if (len(names), len(feats)) == before:
            return names, feats


def _cone(
    log: TrialLog, origin: Ordering, stored: GameState, new: GameState, regions: set[str]
) -> set[str] | None:
    """The cone of the changed ``regions`` (the module's text), or None beyond
    ``MOST_CONE``."""
    index = known_of(log, origin, stored)
    names, feats = _region_reach(index, origin, stored, new)
    others = {oid for oid in regions if stored.objects[oid].kind != pv.REGION}
    regions = regions - others
    direct = _readers_of(origin, stored, new, others) if others else set()
    for pid, p in origin.passives.items():
        src = stored.objects[p.source]
        if p.condition is not None and src.region in regions:
            direct.add(pid)
        s = p.selector
        if (
            s.pick is not _SELF
            and (s.subtypes or s.has)
            and (not s.kinds or pv.REGION in s.kinds)
            and s.subtypes <= names
            and s.has <= feats
        ):
            direct.add(pid)
    return _close(index, direct)


def _readers_of(origin: Ordering, stored: GameState, new: GameState, ids: set[str]) -> set[str]:
    """The passives whose selector reads a subtype or keyword that one of ``ids`` (changed
    objects that are no regions) can have in some round (a fixpoint, as ``_region_reach``):
    only those can select it differently. (Its zone, controller and region did not
    change: a selector without subtypes or keywords selects it as before.)"""
    names: set[str] = set()
    feats: set[str] = set()
    kinds = set()
    for objects in (stored.objects, new.objects, origin.state.objects):
        for oid in ids:
            names |= pv.subtypes(objects[oid])
            feats |= set(objects[oid].features)
            kinds.add(objects[oid].kind)
    ps = [
        p
        for p in origin.passives.values()
        if p.selector.pick is not _SELF and (not p.selector.kinds or p.selector.kinds & kinds)
    ]
    while True:
        before = (len(names), len(feats))
        for p in ps:
            s = p.selector
            if s.subtypes <= names and s.has <= feats:
                act = p.effect.action
                if isinstance(act, fx.ModifyStat) and act.stat == pv.SUBTYPES:
                    names |= set(act.members)
                elif isinstance(act, fx.Give):
                    feats.add(act.name)
        if (len(names), len(feats)) == before:
            break
    return {
        p.id
        for p in ps
        if (p.selector.subtypes or p.selector.has)
        and p.selector.subtypes <= names
        and p.selector.has <= feats
    }


def _close(index: Known, direct: set[str]) -> set[str] | None:
    """``direct`` and every passive that depended on one of them, directly or through
    others, in some round of the log; None beyond ``MOST_CONE``."""
    into = index.into
    cone = set(direct)
    todo = list(direct)
    while todo:
        for a in into.get(todo.pop(), ()):
            if a not in cone:
                cone.add(a)
                todo.append(a)
                if len(cone) > MOST_CONE:
                    return None
    return cone if len(cone) <= MOST_CONE else None
