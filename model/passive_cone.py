"""Re-evaluating passives after events by ordering again only the passives they can
affect, the *cone* (A-DEP-1, A-DEP-2, A-ORDER-1, A-TIME-1).

The events: a region's terrain; a character's subtypes, keywords, zone, controller or
region; a source leaving play (its passives stop, A-PASS-1) or changing controller (its
passives select by side from another player, A-GOLD-6, and its place in timestamp order
may move, A-TIME-1). Several of them add up: ``X``, the objects that differ from the
state of the previous full ordering, whose trial log (``passive_log``) is read here.
``passive_order`` layers this module with ``passive_events`` and ``passive_replay``.

**The cone.** ``D``, the passives ``X`` reaches directly (``passive_cone_reach``), for each
object ``o`` of ``X``: (1) the passives of ``o``, before or after; (2) the conditional
passives whose source is in ``o`` (a condition reads its source and the source's region);
(3) either every passive whose selector names subtypes or keywords ``o`` can have in some
round of either run (its *readers*), or every passive that can select ``o`` in some round
and writes a channel some selector reads (its *writers*), whichever gives the smaller
cone; (4) the conditional passives that can select ``o``: its conditional readers, and
when ``o``'s zone, controller or region changed, those naming no subtype or keyword.
``C``, the cone: ``D`` and every passive that depended on one of them, directly or
through others (A-DEP-2), in some round of the previous ordering. ``N``: the others. A
passive that stopped is in ``C`` and is never applied in the new run.

**Why the passives of N keep their order, and when.** A passive's freeness reads only
the graph below it (the passives it reaches; a path back to it stays among them). The
claim: at each number ``j`` of ``N``'s passives applied, the graph among ``N`` is what it
was, whatever passives of ``C`` were applied meanwhile. It holds under this condition:
**no passive of N depends on a passive of C in any round, of the previous ordering or of
the new one.** The first holds by the cone's construction; the second is checked at every
round of the merge (``passive_cone_merge``). Under it, two kinds of objects can differ
between the runs at ``j``: those of ``X``, and those a passive of ``C`` applies to.

*What C applies.* A passive of ``C`` never changes, by being applied earlier, later or
(one that stopped) not at all, anything a passive of ``N`` reads: had it changed it, then
in the run where it is applied first the other was still unapplied then and depended on
it (A-DEP-1 a, b or c). A condition that changes with no target in common changes nothing
the passive does to objects, but whether it held at its turn (its ``held`` and
``applied_to``): the merge checks each conditional passive of ``N`` at its turn, and one
that holds now and not before, or the reverse, joins the cone (``Grow``).

*The objects of X.* Take ``A`` and ``B`` of ``N``. Their sources are not in ``X`` (rule 1),
nor the regions of their sources when they have a condition (rule 2): each exists and
its condition holds as before, and selects as before by what no passive writes (zone,
kind, controller, region). Whether ``A`` depends on ``B`` reads, of an object ``o`` of
``X``: (a) nothing (``o`` is not ``A``'s source); (b) whether applying ``B`` changes whether
``A`` selects ``o``: then ``B`` selects ``o`` (it changes only what it applies to) and
writes a subtype or keyword ``A``'s selector names, so ``A`` is one of ``o``'s readers and
``B`` one of its writers, and rule 3 put one of them in ``D``; (c) whether ``o`` is a
target in common: only if ``A`` has a condition and selects ``o``, and then rule 4 put it
in ``D``, unless its selector names nothing and ``o``'s zone, controller and region are
as before: then ``A`` selects ``o`` in the same rounds of both runs. So every pair of ``N``
has the same value at each ``j``.

The reach of rule 3 is a superset: every subtype and keyword ``o`` has in some round of
either run is in it (by induction on the rounds: its versions' own, and those written by
a passive applying to it, which selects it then and so was counted), so every passive that
selects ``o`` in some round is counted.

Every passive of ``N`` then selects, holds and applies as before on the objects outside
those two kinds (which the merge follows explicitly), the graph among ``N`` is the same at
each ``j``, and the free passive of ``N`` with the smallest order key at ``j`` is the
``j``-th of the previous order restricted to ``N`` (their sources are not in ``X``: their
keys are the log's; those of ``C`` are read from the new state). Without the condition the
claim is false: a passive of ``N`` may read a keyword a passive of ``C`` gives only in the
new run (a condition that now holds: "all Gigantic get +1 power" against "if I am in a
Forest, I gain Gigantic", which gave nothing before), a dependency the previous log
never saw. Then the cone grows by that passive (closed again over the log) and the merge
is made again (``MOST_GROWTH`` times at most).

**The merge** (``passive_cone_merge``): round by round, the next passive of ``N`` against
the free passives of ``C`` with a smaller order key (A-ORDER-1), their dependencies found
by trial applications (``passive_trial``) on a partial board kept lazily
(``passive_cone_board``).

**The result.** The order; the state with the objects followed explicitly and the objects
whose sequence of passives changed derived again (the others are those of the previous
ordering); ``applied_to``, ``held``, ``passives`` and ``stamps`` as a full ordering of the
new state gives them (the passives that stopped left out). The explanation (``choices``,
``edges``, ``cycles``) is the previous ordering's without the passives that stopped, and
``reused`` is set: ``passive_order.ordering`` recomputes one in full for its explanation.
Beyond ``MOST_CONE`` passives, ``MOST_DIRTY`` objects followed or ``MOST_CHANGED``
objects changed since the log's ordering, with a count condition (IMP-COUNT), when an
object's kind or passives changed or a source came into play (passives the log never
ordered): ``None``, the caller goes on.
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
MOST_CHANGED = 24  # objects changed since the log's ordering (the cone's size decides the time)
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
    cone = _choose(known, *direct(known.reach, origin, stored, new, dirty))
    multi = _multi_readers(origin)
    for _ in range(MOST_GROWTH + 1):
        cone = _enabled(known, origin, multi, cone)
        if cone is None:
            return None
        try:
            return Merge(origin, log, stored, new, set(dirty), cone, stopped, keys).run()
        except GiveUp:
            return None
        except Grow as grow:  # the merge again with the cone closed over it
            cone = _close(known, cone | {grow.pid})
    return None


def _multi_readers(origin: Ordering) -> dict[str, frozenset[pv.Channel]]:
    """The passives whose selector reads two subtypes or keywords or more, by them."""
    out = {}
    for pid, p in origin.passives.items():
        read = pv.selector_reads(p)
        if len(read) >= 2:
            out[pid] = read
    return out


def _enabled(
    known: Known,
    origin: Ordering,
    multi: dict[str, frozenset[pv.Channel]],
    cone: set[str] | None,
) -> set[str] | None:
    """The cone with every passive whose selector reads two names or more, one of them
    written by a passive of the cone (a fixpoint; None beyond ``MOST_CONE``).

    The claim of the module's text needs it: a passive ``W`` of the cone giving an
    object one name (Gigantic) need not change what a passive ``A`` reading two (Gigantic
    Forests) selects when it is applied (the object is no Forest yet), so ``A`` never
    depended on ``W``; yet whether ``W`` applied, or applies at all now, decides whether
    another passive making the object a Forest changes what ``A`` selects: a dependency
    among the passives outside the cone that the log's cannot show (a source leaving play
    whose passive gave the name, ``tests/test_passive_reorder_oracle.py``). With one name
    read, ``W`` changing it changes what ``A`` selects, so ``A`` depended on ``W``
    wherever ``W`` was applied first, and the closure has it."""
    while cone is not None:
        written: set[pv.Channel] = set()
        for c in cone:
            p = origin.passives[c]
            if p.plan.does is not pv.NUMBER:
                written |= pv.writes(p)
        extra = {
            pid for pid, read in multi.items() if pid not in cone and pv.overlaps(written, read)
        }
        if not extra:
            return cone
        cone = _close(known, cone | extra)
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
        if pv.affected(was) and not pv.affected(now):
            stopped.update(p.id for p in mine)
        else:
            for p in mine:
                keys[p.id] = pv.order_key(p, new.objects, new.players)
    if any(pid not in origin.passives for pid in keys):
        return None  # (a source that came into play)
    return frozenset(stopped), keys


def _choose(
    known: Known, base: set[str], choices: list[tuple[set[str], set[str]]]
) -> set[str] | None:
    """The cone of ``base`` and, for each changed object, its readers or its writers,
    whichever makes the smaller cone with those chosen so far (None beyond
    ``MOST_CONE``)."""
    cone = _close(known, base)
    for readers, writers in choices:
        if cone is None:
            return None
        best = None
        for pick in (readers, writers):
            got = _close(known, cone | pick) if pick - cone else cone
            if got is not None and (best is None or len(got) < len(best)):
                best = got
        cone = best
    return cone


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
