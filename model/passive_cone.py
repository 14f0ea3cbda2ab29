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
from typing import TYPE_CHECKING

from arbiter.model import passives as pv
from arbiter.model.passive_cone_board import GiveUp, Grow, Known, known_of
from arbiter.model.passive_cone_merge import Merge
from arbiter.model.passive_cone_reach import direct
from arbiter.model.passive_log import changed_since
from arbiter.model.state import GameState

if TYPE_CHECKING:
    from arbiter.model.passive_order import Ordering

MOST_CONE = 64  # passives ordered again
MOST_CHANGED = 4  # objects changed since the trial log's ordering
MOST_GROWTH = 3  # merges made again with a larger cone

Key = tuple[int, int, str, str]


def cone_update(
    previous: Ordering, old: GameState, new: GameState, changed: Sequence[str]
) -> Ordering | None:
    """The ordering of ``new`` from the trial log of ``previous``, for the objects that
    differ from the log's state (see the module's text), else None."""
    del old, changed  # the difference is taken from the log's own state
    since = changed_since(previous, new)
    if since is None:
        return None
    log, origin, stored, dirty = since
    if len(dirty) > MOST_CHANGED:
        return None
    known = known_of(log, origin, stored)
    if known.counts:
        return None  # a count reads every object (IMP-COUNT)
    moved = _sources(origin, stored, new, dirty)
    if moved is None:
        return None
    stopped, keys = moved
    cone = _close(known, direct(known.reach, origin, stored, new, dirty))
    for _ in range(MOST_GROWTH + 1):
        if cone is None:
            return None
        try:
            return Merge(origin, log, stored, new, set(dirty), cone, stopped, keys).run()
        except GiveUp:
            return None
        except Grow as grow:  # the merge again with the cone closed over it
            cone = _close(known, cone | {grow.pid})
    return None


def _sources(
    origin: Ordering, stored: GameState, new: GameState, dirty: Sequence[str]
) -> tuple[frozenset[str], dict[str, Key]] | None:
    """The passives that stopped (their source left play) and the order keys now of the
    passives of the changed sources still in play; None when an object's kind or
    passives changed, or a source came into play (passives the log never ordered)."""
    stopped: set[str] = set()
    keys: dict[str, Key] = {}
    for oid in dirty:
        was, now = stored.objects[oid], new.objects[oid]
        mine = pv.passives_of(now)
        if was.kind != now.kind or pv.passives_of(was) != mine:
            return None
        if not mine or not (pv.affected(was) or pv.affected(now)):
            continue
        if not pv.affected(was):
            return None
        if not pv.affected(now):
            stopped.update(p.id for p in mine)
        else:
            for p in mine:
                keys[p.id] = pv.order_key(p, new.objects, new.players)
    if any(pid not in origin.passives for pid in (*stopped, *keys)):
        return None
    return frozenset(stopped), keys


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
