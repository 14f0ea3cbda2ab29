"""What the trial-log replay asks of one object or passive across an event
(``passive_replay``): whether an object is followed, changes hands, is selected again,
whether a region, a queue or a condition stays the same."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from arbiter.model import passives as pv
from arbiter.model.effects import algebra as fx
from arbiter.model.state import GameObject, GameState

if TYPE_CHECKING:
    from arbiter.model.passive_log import TrialLog
    from arbiter.model.passive_order import Ordering


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


def _changes_hands(was: GameObject, now: GameObject) -> bool:
    """A source whose controller alone changes, with a passive that selects by side, and
    conditions on its region at most."""
    ps = pv.passives_of(now)
    return (
        was.controlled_by != now.controlled_by
        and replace(now, controller=was.controller) == was
        and any(p.selector.side is not fx.Side.ANY for p in ps)
        and all(_region_only(p.condition) for p in ps)
    )


def _selected_again(
    log: TrialLog, p: pv.Passive, stored: GameState, new: GameState
) -> set[str] | None:
    """What ``p``, selecting by side, selects now that its source changed controller, when
    that is the same in every round: what its selector reads (subtypes, keywords) no
    passive writes, it has no condition, and no passive reads what it writes (it is in no
    pair: its place in the order stands, ``_same_queue`` checking the timestamps). None
    otherwise, or when its selector names no subtype or keyword (too many to look at)."""
    s = p.selector
    if p.condition is not None or log.candidates.get(p.id) or not (s.subtypes or s.has):
        return None
    reads = pv.selector_reads(p)
    for b, readers in log.candidates.items():
        pb = log.passive(b)
        if p.id not in readers or not pv.overlaps(pv.writes(pb), reads):
            continue
        if not (pv.sets_region_type(pb) and _no_region_has(log, reads, stored)):
            return None  # (a passive setting regions' types changes only regions)
    src = new.objects[p.source]
    pool = log.holding(next(iter(sorted(s.subtypes))) if s.subtypes else None, stored)
    if pool is None:
        pool = set(stored.objects)
    return {o for o in pool if pv.selects(p, new.objects[o], src)}


def _no_region_has(log: TrialLog, reads: frozenset[pv.Channel], stored: GameState) -> bool:
    """No region has one of the subtypes ``reads`` names in any round of the log's
    ordering, nor in a trial application: not before, not after, and no passive giving
    one can select a region (one that never applied, having ceased or its condition not
    holding at its turn, was still tried in earlier rounds: a region it made an Elemental
    there is a witness of A-DEP-1b in the log)."""
    assert log.origin is not None
    names = {name for attr, name in reads if attr == "subtype"}
    if any(attr != "subtype" for attr, _ in reads):
        return False
    regions = log.regions
    if regions is None:  # the regions' subtypes before and after, once per log
        regions = log.regions = set()
        for objects in (stored.objects, log.origin.state.objects):
            for obj in objects.values():
                if obj.kind == pv.REGION:
                    regions |= pv.subtypes(obj)
    if names & regions:
        return False
    for p in log.origin.passives.values():
        members = p.effect.action.members if isinstance(p.effect.action, fx.ModifyStat) else ()
        if names & set(members) and _selects_regions(p, stored):
            return False
    return True


def _selects_regions(p: pv.Passive, stored: GameState) -> bool:
    """Whether ``p``'s selector can select a region (in some round)."""
    s = p.selector
    if s.pick is fx.Pick.SELF:
        return stored.objects[p.source].kind == pv.REGION
    return not s.kinds or pv.REGION in s.kinds


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
    """What a selector reads of an object (``passives.selects``): its region too, which
    "here" reads (``passives.at_place``); and its immunities, which decide what applying
    a passive changes on it, and so whether that changes what another selects (A-DEP-1b:
    an object immune to changes of its subtypes is no witness of "become Elemental")."""
    return (
        obj.id,
        obj.zone,
        obj.region,
        obj.kind,
        obj.controlled_by,
        frozenset(obj.features),
        pv.subtypes(obj),
        obj.protections,
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
