"""The card language read on a game: which objects a selector picks, what an amount is,
whether a condition holds. Pure functions of a :class:`~arbiter.model.state.GameState`, the
object whose ability it is (``source``) and the choices made when it was played.

Players are named ``player:<name>`` (as in :mod:`arbiter.model.abilities`); "yours" means
controlled by the source's controller (A-GOLD-6 makes owner and controller agree for
zones).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from arbiter.model.ability_zones import in_play_in
from arbiter.model.effects import algebra as a
from arbiter.model.errors import IllegalAction
from arbiter.model.state import GameObject, GameState
from arbiter.model.values import characteristics as ch
from arbiter.model.values.reading import NumberReading, SetReading

PLAYER = "player:"


@dataclass(frozen=True, slots=True)
class Context:
    """Who plays the ability and what was chosen: ``chosen`` maps a chosen selector's
    position (or its ``as`` name) to object ids; ``x`` is the value of X; ``that`` the
    amount of the event an ability reacts to; ``it`` what that event was about."""

    source: str
    chosen: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    x: Mapping[str, int] = field(default_factory=dict)
    that: int = 0
    it: str | None = None


def controller(state: GameState, ctx: Context) -> str:
    src = state.objects.get(ctx.source)
    return src.controlled_by if src is not None else state.active_player


def stat_value(obj: GameObject, stat: str) -> int:
    """A characteristic's shown value (the first component of a vector; a set: its size);
    an absent characteristic reads 0 (A-CHAR-2)."""
    r = ch.read(obj, stat)
    if isinstance(r, NumberReading):
        return r.components[0].shown if r.components else 0
    if isinstance(r, SetReading):
        return len(r.members)
    return 0


def _subtypes(obj: GameObject) -> frozenset[str]:
    r = ch.read(obj, "subtypes")
    return r.members if isinstance(r, SetReading) else frozenset()


def matches(state: GameState, ctx: Context, s: a.Selector, obj: GameObject) -> bool:
    """The filters of ``s`` hold for ``obj`` (the pick aside)."""
    me = controller(state, ctx)
    src = state.objects.get(ctx.source)
    if s.side is a.Side.YOURS and obj.controlled_by != me:
        return False
    if s.side is a.Side.ENEMY and obj.controlled_by == me:
        return False
    if s.side is a.Side.NAMED and obj.controlled_by != s.name:
        return False
    if s.kinds and obj.kind not in s.kinds:
        return False
    if s.subtypes and not s.subtypes <= _subtypes(obj):
        return False
    if s.has and not all(h in obj.features or obj.counters.get(h, 0) for h in s.has):
        return False
    if s.lacks and any(  # a feature, status, kind, or subtype ("non-Recruit")
        h in obj.features or obj.counters.get(h, 0) or h == obj.kind or h in _subtypes(obj)
        for h in s.lacks
    ):
        return False
    if s.other and obj.id == ctx.source:
        return False
    if s.here and (src is None or (obj.zone, obj.region) != (src.zone, src.region)):
        return False
    if s.zone is not None and obj.zone != s.zone:
        return False
    if s.region is not None:  # Altered 7.5.7: the region it stands in has that terrain
        region = state.objects.get(obj.region) if obj.region else None
        if region is None or s.region not in _subtypes(region):
            return False
    if s.zone is None and not s.here and not in_play_in(state, obj.zone) and s.pick is a.Pick.ALL:
        return False  # "all units" are the units in play
    return all(t.compare.holds(stat_value(obj, t.stat), t.bound) for t in s.stats)


def select(state: GameState, ctx: Context, s: a.Selector, slot: str) -> tuple[str, ...]:
    """The object ids (or ``player:<name>``) ``s`` picks now. A chosen selector takes the
    objects chosen for ``slot`` (its position) or its ``as`` name; they must match its
    filters and count (A-SPELL-1, D-TIME-3)."""
    me = controller(state, ctx)
    if s.pick is a.Pick.SELF:
        return (ctx.source,) if ctx.source in state.objects else ()
    if s.pick is a.Pick.IT:
        return (ctx.it,) if ctx.it else ()
    if s.pick is a.Pick.YOU:
        return (PLAYER + me,)
    if s.pick is a.Pick.OPPONENT:
        return tuple(PLAYER + p for p in state.players if p != me)[:1]
    if s.pick is a.Pick.NAMED:
        name = s.name or ""
        if name in ctx.chosen:
            return ctx.chosen[name]
        if name in state.objects:
            return (name,)
        return tuple(sorted(o.id for o in state.objects.values() if o.card == name))
    if s.pick is a.Pick.ALL:
        return tuple(sorted(o.id for o in state.objects.values() if matches(state, ctx, s, o)))
    picked = ctx.chosen.get(s.name or "", ctx.chosen.get(slot, ()))
    n = len(picked)
    if s.count != a.ANY_NUMBER and (n > s.count or (not s.up_to and n != s.count)):
        want = f"up to {s.count}" if s.up_to else str(s.count)
        raise IllegalAction("A-SPELL-1", f"{want} targets to choose, got {n}")
    if len(set(picked)) != n:
        raise IllegalAction("A-SPELL-1", "the same object chosen twice for one target")
    for oid in picked:
        if oid not in state.objects or not matches(state, ctx, s, state.objects[oid]):
            raise IllegalAction("A-SPELL-1", f"{oid} is not a legal target")
    return picked


def amount(state: GameState, ctx: Context, x: a.Amount) -> int | tuple[int, ...]:
    """The value of an amount now (A-SPELL-4: at resolution)."""
    if isinstance(x, a.Const):
        if isinstance(x.value, int):
            return x.value
        whole = tuple(c for c in x.value if c is not None)
        if len(whole) != len(x.value):  # only a passive's modification leaves gaps
            raise IllegalAction("E-OPS-1", "a vector with gaps as an amount")
        return whole
    if isinstance(x, a.Per):
        return len(select(state, ctx, x.selector, "per")) * x.times
    if isinstance(x, a.StatOf):
        ids = select(state, ctx, x.selector, "stat")
        return stat_value(state.objects[ids[0]], x.stat) if ids else 0
    if isinstance(x, a.CountOf):
        ids = select(state, ctx, x.selector, "counter")
        return sum(counter(state, i, x.counter) for i in ids)
    if isinstance(x, a.XValue):
        if x.name not in ctx.x:
            raise IllegalAction("A-SPELL-1", f"a value for {x.name}")
        return ctx.x[x.name]
    if isinstance(x, a.That):
        return ctx.that
    if isinstance(x, a.Times):
        inner = amount(state, ctx, x.amount)
        if isinstance(inner, tuple):
            return tuple(c * x.factor for c in inner)
        return inner * x.factor
    total = 0
    for part in x.parts:
        v = amount(state, ctx, part)
        total += v if isinstance(v, int) else v[0]
    return total


def counter(state: GameState, ref: str, name: str) -> int:
    if ref.startswith(PLAYER):
        return state.counters.get(f"{name}.{ref[len(PLAYER) :]}", 0)
    obj = state.objects.get(ref)
    return obj.counters.get(name, 0) if obj is not None else 0


def holds(state: GameState, ctx: Context, c: a.Condition) -> bool:
    """One condition, now (A-SPELL-4, TRIG-4)."""
    if c.test is a.Test.AND:
        return all(holds(state, ctx, p) for p in c.parts)
    if c.test is a.Test.OR:
        return any(holds(state, ctx, p) for p in c.parts)
    if c.test is a.Test.NOT:
        return not holds(state, ctx, c.parts[0])
    if c.test is a.Test.COUNT:
        return c.compare.holds(len(select(state, ctx, c.selector, "count")), c.bound)
    if c.test is a.Test.TURN and c.name == "first":  # Altered 4.2.1.b: players[0] is first
        return controller(state, ctx) == state.players[0]
    if c.test is a.Test.TURN:
        mine = controller(state, ctx) == state.active_player
        return mine if c.name == "you" else not mine
    if c.test is a.Test.DAY:
        return c.compare.holds(state.counters.get("day", 1), c.bound)
    if c.test is a.Test.PHASE:
        return state.counters.get(f"phase.{c.name}", 0) > 0
    if c.test is a.Test.TO_VICTORY:  # Riftbound 463.1 points, 480.3 the Victory Score
        from arbiter.model.riftbound_score import VICTORY_SCORE

        players = select(state, ctx, c.selector, "if")
        return any(c.compare.holds(VICTORY_SCORE - counter(state, p, "points"), c.bound)
                   for p in players)  # fmt: skip
    if c.test is a.Test.CARDS_PLAYED:
        raise IllegalAction("Riftbound 812", "the cards played this turn are not counted yet")
    if c.test is a.Test.ROLL:
        raise IllegalAction("Altered 7.3.19", "a die's result is not modelled (no random numbers)")
    if c.test is a.Test.PAID:  # recorded by play_card (model/play_record.py, IMP-EXTRA)
        from arbiter.model.play_record import paid

        return paid(state, ctx.source)
    if c.test is a.Test.KILLED_WITH:  # Riftbound 428.5.e
        from arbiter.model.riftbound_kills import killed_with

        return ctx.it is not None and killed_with(state, ctx.it, controller(state, ctx), c.name)
    if c.test is a.Test.DONE:  # read in order by perform.resolve_effects, nowhere else
        raise IllegalAction("A-SPELL-3", "'if you do' is only read after the effect it follows")
    ids = select(state, ctx, c.selector, "if")
    objs = [state.objects[i] for i in ids if i in state.objects]
    if c.test is a.Test.COUNTER:
        return any(c.compare.holds(counter(state, i, c.name), c.bound) for i in ids)
    if c.test is a.Test.STAT:
        return any(c.compare.holds(stat_value(o, c.stat), c.bound) for o in objs)
    if c.test is a.Test.HAS:  # a status is a counter; Boosted: a boost at least (Altered 2.4.4.a)
        name = "boosts" if c.name.lower() == "boosted" else c.name
        return any(c.name in o.features or o.counters.get(name, 0) > 0 for o in objs)
    if c.test is a.Test.SUBTYPE:
        return any(c.name in _subtypes(o) for o in objs)
    if c.test is a.Test.ZONE:
        return any(o.zone == c.name for o in objs)
    if c.test is a.Test.EXPEDITION:  # Altered 7.5.2, 7.4.4.j
        from arbiter.model.gigantic import my_expedition_is

        return any(my_expedition_is(state, o.id, c.name) for o in objs)
    # REGION: the region object the object stands in has that subtype
    regions = [state.objects[o.region] for o in objs if o.region and o.region in state.objects]
    return any(c.name in _subtypes(r) for r in regions)
