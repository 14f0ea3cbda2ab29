"""Passive abilities in the card language, and the pure functions that select and apply them.

RULES.md §2 (A-PASS, A-DEP, A-TIME). A passive is one effect of the card language
(:mod:`arbiter.model.effects.algebra`) that lasts while its source is in play: its
*selector* says what it applies to, its *condition* is a condition on its source ("if I
am in a Forest") and its *action* what it does. Passives never change the stored state:
the characteristics "after passives" are derived from the state each time (A-PASS-1) by
applying every active passive one at a time (A-PASS-2), in the order that
``arbiter.solver.dependency.order`` decides (A-ORDER-1). This module reads one passive:
what it selects, whether its condition holds, what applying it does to one object, and
the channels it reads and writes (the prefilter of trial application,
:mod:`arbiter.model.passive_trial`).

What the passive engine runs (``unsupported`` names anything else):

- selector: pick ALL (every object in play) or SELF (its source); filters ``side``
  (yours, enemy, or a player named: ``Side.NAMED``), ``kinds``, ``subtypes``, ``has``
  (keywords: features), ``other``, ``zone`` (``expedition`` also holds ``expedition:hero``),
  ``here`` (at the source's place: ``at_place``, Decision EFF-EVAL / IMP-HERE);
- condition, on the source: Test.REGION (its region has a subtype), Test.SUBTYPE,
  Test.HAS (a keyword), Test.COUNT (how many objects the condition's selector picks,
  read from the source: "unless you control two or more other Plants", IMP-COUNT),
  combined with AND / OR / NOT;
- action: ModifyStat of a number by a printed amount (add, set, multiply, divide; a
  vector may leave components unchanged), of ``subtypes`` by members (add, remove,
  set), of ``REGION_TYPE`` (sets the subtypes of the regions among the objects
  selected); Give / Take of a keyword or feature; Take of every ability.

An object's region (for "if I am in a Forest") is ``GameObject.region``: the id of an
object of kind ``region``. A region's type is its set characteristic ``subtypes``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum

from arbiter.model.effects import algebra as a
from arbiter.model.ruleset import Rounding
from arbiter.model.state import Ability, GameObject
from arbiter.model.trace import RuleStep
from arbiter.model.values import characteristics as ch
from arbiter.model.values import features as ft
from arbiter.model.values.copies import with_features
from arbiter.model.values.reading import Amounts, NumberReading, Op, SetOp

SUBTYPES = "subtypes"
REGION = "region"
# ModifyStat of this "characteristic" sets the subtypes of the regions among the objects
# selected (Altered 2.3.2.f: "all regions are Forests"); other objects are left alone.
REGION_TYPE = "region type"
# Zones whose objects passives affect (A-PASS-1). "adventure" holds the regions:
# the rules' own example (2.3.2.f) makes regions Forests (Decision A-PASS-4).
AFFECTED_ZONES = frozenset({"play", "expedition", "landmark", "adventure"})
# Keywords are abilities: "lose all abilities" removes them (Fleeting is a status).
KEYWORDS = frozenset({"Gigantic", "Defender", "Eternal", "Seasoned", "Tough", "Scout", "Cooldown"})

Objects = Mapping[str, GameObject]
Channel = tuple[str, str]  # (attribute, name); name "*" for every name of that attribute

WHILE_IN_PLAY = a.Duration(a.Lasts.WHILE_IN_PLAY)
EVERYTHING = a.Selector(a.Pick.ALL)
_NUMBER_OPS = {
    a.StatOp.ADD: Op.ADD,
    a.StatOp.SET: Op.SET,
    a.StatOp.MULTIPLY: Op.MULTIPLY,
    a.StatOp.DIVIDE: Op.DIVIDE,
}
_SET_OPS = {a.StatOp.ADD: SetOp.ADD, a.StatOp.REMOVE: SetOp.REMOVE, a.StatOp.SET: SetOp.SET}
_FEATURES = (a.Grant.KEYWORD, a.Grant.FEATURE)
_CONDITION_TESTS = (a.Test.REGION, a.Test.SUBTYPE, a.Test.HAS, a.Test.COUNT)
_SET_WORDS = {
    a.StatOp.ADD: "add_subtypes",
    a.StatOp.REMOVE: "remove_subtypes",
    a.StatOp.SET: "set_subtypes",
}

# Enum members bound once: the selection below runs for every object and passive.
_SELF, _ANY, _YOURS, _ENEMY = a.Pick.SELF, a.Side.ANY, a.Side.YOURS, a.Side.ENEMY
_SET_ADD, _SET_REMOVE = SetOp.ADD, SetOp.REMOVE

NOTHING = a.Effect(a.ModifyStat(SUBTYPES), EVERYTHING, duration=WHILE_IN_PLAY)


def unsupported(e: a.Effect) -> str | None:
    """What of ``e`` the passive engine does not run, or None (see the module's text)."""
    s, act = e.selector, e.action
    if s.pick not in (a.Pick.ALL, a.Pick.SELF) or s.stats or s.lacks or s.region:
        return "a passive selects every object in play matching filters, or its source"
    if s.side is a.Side.NAMED and not s.name:
        return "a player's name for the side"
    if e.condition is not None and _condition_problem(e.condition):
        return "a condition on the source: region, subtype, keyword, a count, and / or / not"
    if e.optional or e.costs or e.duration != WHILE_IN_PLAY:
        return "a passive lasts while its source is in play, with no choice and no cost"
    if isinstance(act, a.ModifyStat) and act.other is None and act.rounding is None:
        if act.component is not None:
            return "a modification of every component (a vector leaves gaps: null)"
        if act.stat in (SUBTYPES, REGION_TYPE):
            ok = act.op in _SET_OPS and (act.stat == SUBTYPES or act.op is a.StatOp.SET)
            return None if ok and e.amount is None else "subtypes added, removed or set"
        if act.op in _NUMBER_OPS and not act.members and isinstance(e.amount, a.Const):
            return None
        return "a number modified by a printed amount"
    if isinstance(act, a.Give) and act.grant in _FEATURES:
        ok = e.amount is None or (isinstance(e.amount, a.Const) and type(e.amount.value) is int)
        return None if ok else "a keyword's number that is printed"
    if isinstance(act, a.Take) and (act.grant in _FEATURES or act.grant is a.Grant.ABILITIES):
        return None
    return "a passive modifies a characteristic, gives or takes a keyword, or takes abilities"


def _condition_problem(c: a.Condition) -> bool:
    if c.test in (a.Test.AND, a.Test.OR, a.Test.NOT):
        return not c.parts or any(_condition_problem(p) for p in c.parts)
    if c.test is a.Test.COUNT:  # every object matching filters (counted, not chosen)
        s = c.selector
        return (
            s.pick is not a.Pick.ALL
            or bool(s.stats or s.lacks or s.region)
            or s.side is a.Side.NAMED
        )
    return c.test not in _CONDITION_TESTS or c.selector != a.SELF or not c.name


class _Does(Enum):
    NUMBER = "number"
    SUBTYPES = "subtypes"
    REGION_TYPE = "region type"
    GAIN = "gain"
    LOSE = "lose"
    LOSE_ALL = "lose all abilities"


@dataclass(frozen=True, slots=True)
class _Plan:
    """What a passive's action does, read once from the algebra (``apply_effect`` runs for
    every object a passive applies to, at every trial)."""

    does: _Does
    name: str  # the characteristic or feature
    op: Op | SetOp = Op.ADD
    label: str = ""  # the op's word, for the trace
    amounts: Amounts = ()
    number: int | None = None
    members: frozenset[str] = frozenset()
    # the channels it reads and writes (the prefilter of trial application), read once
    selector_reads: frozenset[Channel] = frozenset()
    condition_reads: frozenset[Channel] = frozenset()
    writes: frozenset[Channel] = frozenset()
    # the selector is one subtype or one keyword and nothing else (every object in play
    # with it): what ``Board.targets`` reads from its index alone
    indexed: bool = False


def _indexed(s: a.Selector) -> bool:
    return (
        s.pick is a.Pick.ALL
        and s.side is a.Side.ANY
        and len(s.subtypes) + len(s.has) == 1
        and not (s.kinds or s.other or s.zone or s.here or s.stats or s.lacks or s.region)
    )


def _plan_of(e: a.Effect) -> _Plan:
    act = e.action
    if isinstance(act, a.ModifyStat):
        if act.stat in (SUBTYPES, REGION_TYPE):
            does = _Does.SUBTYPES if act.stat == SUBTYPES else _Does.REGION_TYPE
            return _Plan(does, SUBTYPES, _SET_OPS[act.op], members=act.members)
        op = _NUMBER_OPS[act.op]
        return _Plan(_Does.NUMBER, act.stat, op, op.value, amounts(e))
    if isinstance(act, a.Give):
        number = e.amount.value if isinstance(e.amount, a.Const) else None
        assert not isinstance(number, tuple)
        return _Plan(_Does.GAIN, act.name, number=number)
    assert isinstance(act, a.Take)
    return _Plan(_Does.LOSE_ALL if act.grant is a.Grant.ABILITIES else _Does.LOSE, act.name)


# Enum members bound once (a member read through its class costs a descriptor call).
NUMBER = _NUMBER = _Does.NUMBER  # a number modification (``passive_trial`` defers it)
LOSE_ALL = _LOSE_ALL = _Does.LOSE_ALL  # every ability taken (``passive_replay`` reads it)
_GAIN, _LOSE = _Does.GAIN, _Does.LOSE
GAIN, LOSE = _GAIN, _LOSE  # a feature gained, lost (``passive_cone_board`` reads them)
SETS_REGION_TYPE = _SETS_REGION_TYPE = _Does.REGION_TYPE
_AND, _OR, _NOT = a.Test.AND, a.Test.OR, a.Test.NOT
_IS_SUBTYPE, _HAS, _COUNT = a.Test.SUBTYPE, a.Test.HAS, a.Test.COUNT


@dataclass(frozen=True, slots=True)
class Passive(Ability):
    """A passive ability of ``source``: one effect of the card language (A-PASS-1). Its
    timestamp is its source's (A-TIME-1)."""

    effect: a.Effect = NOTHING
    text: str = ""
    plan: _Plan = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        problem = unsupported(self.effect)
        if problem is not None:
            raise ValueError(f"passive {self.id}: {problem}")
        e = self.effect
        plan = replace(
            _plan_of(e),
            selector_reads=_selector_reads_of(e.selector),
            condition_reads=frozenset()
            if e.condition is None
            else _condition_reads_of(e.condition),
            writes=_writes_of(e),
            indexed=_indexed(e.selector),
        )
        object.__setattr__(self, "plan", plan)

    @property
    def selector(self) -> a.Selector:
        return self.effect.selector

    @property
    def condition(self) -> a.Condition | None:
        return self.effect.condition

    def label(self) -> str:
        return self.text or describe(self.effect)


def passive(
    pid: str,
    source: str,
    action: a.Action,
    selector: a.Selector = EVERYTHING,
    amount: a.Amount | None = None,
    condition: a.Condition | None = None,
    *,
    timestamp: int = 0,
    text: str = "",
) -> Passive:
    """A passive of ``source`` doing ``action`` to what ``selector`` selects, if
    ``condition`` holds of its source, while the source is in play."""
    effect = a.Effect(action, selector, amount, condition, WHILE_IN_PLAY)
    return Passive(pid, source, timestamp, effect, text)


def amounts(e: a.Effect) -> Amounts:
    """The printed amount of a number modification, one entry per component (or one)."""
    assert isinstance(e.amount, a.Const)
    v = e.amount.value
    return v if isinstance(v, tuple) else (v,)


def describe(e: a.Effect) -> str:
    """A short label of what a passive does ("power add 1", "gain Tough 1")."""
    act = e.action
    if isinstance(act, a.ModifyStat):
        if act.stat == REGION_TYPE:
            return f"region_type {', '.join(sorted(act.members))}"
        if act.stat == SUBTYPES:
            return f"{_SET_WORDS[act.op]} {', '.join(sorted(act.members))}"
        return f"{act.stat} {act.op.value} {'/'.join(str(x) for x in amounts(e))}"
    if isinstance(act, a.Give):
        num = "" if not isinstance(e.amount, a.Const) else f" {e.amount.value}"
        return f"gain {act.name}{num}"
    assert isinstance(act, a.Take)
    return "lose all abilities" if act.grant is a.Grant.ABILITIES else f"lose {act.name}"


# -- reading the partially computed state --------------------------------------------------


_SUBTYPES_SEEN: dict[int, tuple[GameObject, frozenset[str]]] = {}


def subtypes(obj: GameObject) -> frozenset[str]:
    """The object's subtypes now (its set characteristic ``subtypes``; absent: none).

    Objects are frozen, so the answer is remembered per object (a bounded memo that
    holds the object itself, so an id is never reused while its entry lives)."""
    base = obj.base.get(SUBTYPES)
    if base is None:
        return frozenset()
    if SUBTYPES not in obj.mods and type(base) is frozenset:
        return base  # never modified: its base (what ``read`` gives)
    seen = _SUBTYPES_SEEN.get(id(obj))
    if seen is not None and seen[0] is obj:
        return seen[1]
    r = ch.read(obj, SUBTYPES)
    members = r.members if r is not None and not isinstance(r, NumberReading) else frozenset()
    _remember(obj, members)
    return members


def _remember(obj: GameObject, members: frozenset[str]) -> None:
    if len(_SUBTYPES_SEEN) > 200_000:
        _SUBTYPES_SEEN.clear()
    _SUBTYPES_SEEN[id(obj)] = (obj, members)


def _same_subtypes(old: GameObject, new: GameObject) -> GameObject:
    """``new``, a copy of ``old`` with the same subtypes: known for it if known for ``old``."""
    if SUBTYPES in old.mods:
        seen = _SUBTYPES_SEEN.get(id(old))
        if seen is not None and seen[0] is old:
            _remember(new, seen[1])
    return new


def affected(obj: GameObject) -> bool:
    """A-PASS-1: passives modify only objects in play (``expedition:hero`` is an expedition)."""
    zone = obj.zone
    return zone in AFFECTED_ZONES or (":" in zone and zone.split(":", 1)[0] in AFFECTED_ZONES)


def passives_of(obj: GameObject) -> tuple[Passive, ...]:
    return tuple(a for a in obj.abilities if isinstance(a, Passive))


def order_key(p: Passive, objects: Objects, players: tuple[str, ...]) -> tuple[int, int, str, str]:
    """A-TIME-1: the source's timestamp; equal stamps follow initiative order, then ids."""
    src = objects[p.source]
    who = src.controlled_by
    rank = players.index(who) if who in players else len(players)
    return (src.timestamp, rank, p.source, p.id)


def exists(p: Passive, objects: Objects) -> bool:
    """The passive is active: its source is in play and still has it (A-DEP-1a)."""
    src = objects.get(p.source)
    if src is None or not affected(src):
        return False
    pid = p.id
    for ability in src.abilities:  # noqa: SIM110 (``any`` costs a generator)
        if ability.id == pid:
            return True
    return False


def selects(p: Passive, obj: GameObject, src: GameObject) -> bool:
    """Whether ``p`` (of source ``src``, as it is now) applies to ``obj`` (A-PASS-1): every
    filter of its selector holds (A-GOLD-6: "yours" is controlled by the source's
    controller)."""
    s = p.effect.selector
    zone = obj.zone
    if zone not in AFFECTED_ZONES and zone.split(":", 1)[0] not in AFFECTED_ZONES:
        return False  # A-PASS-1 (``affected``)
    if s.pick is _SELF and obj.id != p.source:
        return False
    if s.other and obj.id == p.source:
        return False
    if s.kinds and obj.kind not in s.kinds:
        return False
    if s.zone is not None and zone != s.zone and zone.split(":", 1)[0] != s.zone:
        return False
    if s.here and not at_place(obj, src):
        return False
    side = s.side
    if side is not _ANY:
        if side is _YOURS:
            if obj.controlled_by != src.controlled_by:
                return False
        elif side is _ENEMY:
            if obj.controlled_by == src.controlled_by:
                return False
        elif obj.controlled_by != s.name:
            return False
    if s.has:
        feats = obj.features
        for name in s.has:
            if name not in feats:
                return False
    return not s.subtypes or s.subtypes <= subtypes(obj)


def at_place(obj: GameObject, src: GameObject) -> bool:
    """``obj`` is "here" for ``src``: at the source's zone and region (Decision EFF-EVAL),
    or, when the source is itself a place (a battlefield or a region object), in it
    (Decision IMP-HERE: "units here" on a battlefield are the units at it)."""
    if obj.region is not None and obj.region == src.id:
        return True
    return (obj.zone, obj.region) == (src.zone, src.region)


def _holds(c: a.Condition, src: GameObject, objects: Objects) -> bool:
    t = c.test
    if t is _AND:
        return all(_holds(x, src, objects) for x in c.parts)
    if t is _OR:
        return any(_holds(x, src, objects) for x in c.parts)
    if t is _NOT:
        return not _holds(c.parts[0], src, objects)
    if t is _IS_SUBTYPE:
        return c.name in subtypes(src)
    if t is _HAS:
        return c.name in src.features
    if t is _COUNT:
        n = sum(1 for o in objects.values() if counted(c.selector, o, src))
        return c.compare.holds(n, c.bound)
    region = objects.get(src.region) if src.region else None  # Test.REGION
    return region is not None and c.name in subtypes(region)


def counted(s: a.Selector, obj: GameObject, src: GameObject) -> bool:
    """``obj`` is one of the objects a count condition of ``src`` counts: in play (or in
    the zone the selector names: "Mana Orbs" are in the Mana zone), matching every filter,
    "yours" being the source's controller's (A-GOLD-6)."""
    zone = obj.zone.split(":", 1)[0]
    if (zone != s.zone) if s.zone is not None else not affected(obj):
        return False
    if (s.other and obj.id == src.id) or (s.here and not at_place(obj, src)):
        return False
    if s.kinds and obj.kind not in s.kinds:
        return False
    if s.side is _YOURS and obj.controlled_by != src.controlled_by:
        return False
    if s.side is _ENEMY and obj.controlled_by == src.controlled_by:
        return False
    if any(name not in obj.features for name in s.has):
        return False
    return not s.subtypes or s.subtypes <= subtypes(obj)


def counts_others(p: Passive) -> bool:
    """``p``'s condition counts objects (it reads objects other than its source)."""

    def has_count(c: a.Condition) -> bool:
        return c.test is _COUNT or any(has_count(x) for x in c.parts)

    return p.effect.condition is not None and has_count(p.effect.condition)


def condition_holds(p: Passive, objects: Objects) -> bool:
    c = p.effect.condition
    return c is None or _holds(c, objects[p.source], objects)


def applies_to(p: Passive, objects: Objects) -> frozenset[str]:
    """The objects ``p`` applies to (a full scan; ``Board.targets`` uses indexes)."""
    if not exists(p, objects):
        return frozenset()
    src = objects[p.source]
    return frozenset(o.id for o in objects.values() if selects(p, o, src))


def sets_region_type(p: Passive) -> bool:
    return p.plan.does is _SETS_REGION_TYPE


def does_to(p: Passive, target: GameObject, objects: Objects) -> a.Effect | None:
    """What ``p`` does to one object it applies to: its effect, or nothing."""
    if not condition_holds(p, objects):
        return None
    if target.kind != REGION and sets_region_type(p):
        return None
    return p.effect


# -- applying one passive ------------------------------------------------------------------


def apply_effect(
    p: Passive, obj: GameObject, timestamp: int, rounding: Rounding = Rounding.DOWN
) -> GameObject:
    """The object after ``p``'s effect (A-PASS-2); impossible parts do nothing (A-CHAR-2)."""
    plan = p.plan
    does = plan.does
    if does is _NUMBER:
        assert isinstance(plan.op, Op)
        return ch.modify_number(
            obj,
            plan.name,
            plan.op,
            plan.amounts,
            source=p.id,
            timestamp=timestamp,
            rounding=rounding,
            label=plan.label,
            by_passive=True,  # A-ORDER-1: folded in the order passives are applied
        ).obj
    if does is _GAIN:
        name = plan.name
        if name not in obj.features:  # gained (``features.gain``), from this passive
            feats = dict(obj.features)
            label = name if plan.number is None else f"{name} {plan.number}"
            why = (
                RuleStep("B-NAMED-1", f"gains {label}"),
                RuleStep("A-PASS-2", f"from passive {p.id}"),
            )
            feats[name] = ft.Feature(name, plan.number, (), why)
            return _same_subtypes(obj, with_features(obj, feats))
        change = ft.gain(obj.features, name, plan.number)
        if not change.applied:
            return obj
        feats = dict(change.features)
        feats[name] = feats[name].explain("A-PASS-2", f"from passive {p.id}")
        return _same_subtypes(obj, with_features(obj, feats))
    if does is _LOSE:
        return _same_subtypes(obj, with_features(obj, ft.lose(obj.features, plan.name).features))
    if does is _LOSE_ALL:
        feats = {n: f for n, f in obj.features.items() if n not in KEYWORDS}
        return replace(obj, abilities=(), features=feats)
    if does is _SETS_REGION_TYPE and obj.kind != REGION:
        return obj
    op = plan.op
    assert isinstance(op, SetOp)
    members = plan.members
    new = ch.set_modified(obj, SUBTYPES, op, members, source=p.id, timestamp=timestamp)
    if new is not obj:  # its subtypes, one step from ``obj``'s (what ``ch.read`` folds)
        if op is _SET_ADD:
            _remember(new, subtypes(obj) | members)
        elif op is _SET_REMOVE:
            _remember(new, subtypes(obj) - members)
        else:
            _remember(new, members)
    return new


# -- what each passive reads and writes (the prefilter of trial application) ---------------


def selector_reads(p: Passive) -> frozenset[Channel]:
    """The channels the selector reads (what it applies to, A-DEP-1b)."""
    return p.plan.selector_reads


def _selector_reads_of(s: a.Selector) -> frozenset[Channel]:
    out: set[Channel] = {("subtype", n) for n in s.subtypes}
    out |= {("feature", n) for n in s.has}
    return frozenset(out)


def reads(p: Passive) -> frozenset[Channel]:
    """Channels whose values can change p's existence, what it applies to, or what it does."""
    return frozenset({("abilities", "*")}) | selector_reads(p) | condition_reads(p)


def _condition_reads(c: a.Condition) -> Iterable[Channel]:
    if c.test in (a.Test.AND, a.Test.OR, a.Test.NOT):
        for x in c.parts:
            yield from _condition_reads(x)
    elif c.test is a.Test.HAS:
        yield ("feature", c.name)
    elif c.test is a.Test.COUNT:  # what passives change of the objects counted
        yield from _selector_reads_of(c.selector)
    else:  # REGION reads the subtypes of the source's region, SUBTYPE its own
        yield ("subtype", c.name)


def condition_reads(p: Passive) -> frozenset[Channel]:
    """The channels only the condition reads (what it does, A-DEP-1c)."""
    return p.plan.condition_reads


def _condition_reads_of(c: a.Condition) -> frozenset[Channel]:
    return frozenset(_condition_reads(c))


def writes(p: Passive) -> frozenset[Channel]:
    """The channels applying ``p`` can change."""
    return p.plan.writes


def _writes_of(e: a.Effect) -> frozenset[Channel]:
    act = e.action
    if isinstance(act, a.ModifyStat):
        if act.stat == REGION_TYPE or (act.stat == SUBTYPES and act.op is a.StatOp.SET):
            return frozenset({("subtype", "*")})
        if act.stat == SUBTYPES:
            return frozenset(("subtype", m) for m in act.members)
        return frozenset({("stat", act.stat)})
    if isinstance(act, a.Take) and act.grant is a.Grant.ABILITIES:
        return frozenset({("abilities", "*"), ("feature", "*")})
    assert isinstance(act, a.Give | a.Take)
    return frozenset({("feature", act.name)})


def changed_channels(old: GameObject, new: GameObject) -> set[Channel]:
    """The channels whose value actually differs between two versions of one object
    (subtype and feature names gained or lost, abilities lost)."""
    out: set[Channel] = {("subtype", n) for n in subtypes(old) ^ subtypes(new)}
    out |= {("feature", n) for n in set(old.features) ^ set(new.features)}
    if old.abilities != new.abilities:
        out.add(("abilities", old.id))
    return out


def overlaps(written: Iterable[Channel], read: Iterable[Channel]) -> bool:
    read_set = read if isinstance(read, frozenset | set) else set(read)
    if not read_set:
        return False
    for attr, name in written:
        if (attr, name) in read_set or (attr, "*") in read_set:
            return True
        if name == "*" and any(a == attr for a, _ in read_set):
            return True
    return False


def active_passives(objects: Objects) -> list[Passive]:
    return [p for o in objects.values() if affected(o) for p in passives_of(o)]
