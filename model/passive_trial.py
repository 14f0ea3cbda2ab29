"""Trial application of passives on the partially computed state (A-DEP-1, Decision A-DEP-3).

``Board`` holds the characteristics being computed during one derivation (A-PASS-2),
with indexes of the objects in play by kind, subtype and feature; ``apply_passive``
applies one passive to it without changing it; ``trial`` compares a passive [A] on the
board and after applying another [B], looking only at the objects [B] changes, and
``brute_dependence`` is its plain twin that recomputes everything (the tests compare
the two). What one passive selects, does, reads and writes is :mod:`arbiter.model.passives`.
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import islice

from arbiter.model.effects import algebra as fx
from arbiter.model.passives import (
    NUMBER,
    REGION,
    Channel,
    Objects,
    Passive,
    affected,
    applies_to,
    apply_effect,
    condition_holds,
    does_to,
    exists,
    selects,
    sets_region_type,
    subtypes,
)
from arbiter.model.state import GameObject, GameState
from arbiter.model.trace import RuleStep
from arbiter.model.values.characteristics import (
    PassiveNumber,
    modify_number,
    modify_numbers_by_passives,
    would_modify_number,
)
from arbiter.model.values.reading import Modification, Op, SetModification

_SELF = fx.Pick.SELF  # bound once: a member read through its class costs a descriptor call


@dataclass(frozen=True, slots=True)
class Application:
    """One passive applied to the partial state: the objects it acted on, those it changed."""

    targets: tuple[str, ...]
    changes: Mapping[str, GameObject]
    # a number modification left for ``Board.defer``: the targets it changes
    deferred: tuple[str, ...] = ()


NO_APPLICATION = Application((), {})
_NONE: frozenset[str] = frozenset()


def apply_passive(
    p: Passive, board: Board, *, defer: bool = False, again: bool = False
) -> Application:
    """What applying ``p`` on the partial state does (pure: the board is not changed).

    ``defer``: a number modification (which no passive reads: ``passives.reads``) is not
    made; the objects it would change are listed in ``deferred``, for ``Board.defer``.
    ``again``: ``p`` may be applied again on this board: what it does to each object is
    kept (``Board.seen``), and an object not changed since is not applied to again
    (``apply_effect`` is a function of the passive, the object, the source's timestamp
    and the rounding)."""
    objects = board.objects
    if not exists(p, objects) or not condition_holds(p, objects):
        return NO_APPLICATION
    ts = objects[p.source].timestamp
    targets = board.targets(p)
    plan = p.plan
    if defer and plan.does is NUMBER:
        assert isinstance(plan.op, Op)
        op, amounts, stat = plan.op, plan.amounts, plan.name
        simple = len(amounts) == 1 and (op is not Op.DIVIDE or amounts[0] != 0)
        plain = board.plain_numbers(stat) if simple else _NONE
        # (in ``plain``: what ``would_modify_number`` answers, without the call)
        will = [
            oid
            for oid in targets
            if oid in plain or would_modify_number(objects[oid], stat, op, amounts)
        ]
        return Application(tuple(targets), {}, tuple(will))
    out: dict[str, GameObject] = {}
    rounding = board.rounding
    if not again:
        for oid in targets:
            obj = objects[oid]
            new = apply_effect(p, obj, ts, rounding)
            if new is not obj:
                out[oid] = new
        return Application(tuple(targets), out)
    kept = board.seen.get(p.id)
    if kept is None or kept[0] is not p or kept[1] != ts:
        kept = board.seen[p.id] = (p, ts, {})
    done = kept[2]
    for oid in targets:
        obj = objects[oid]
        was = done.get(oid)
        if was is not None and was[0] is obj:
            new = was[1]
        else:
            new = apply_effect(p, obj, ts, rounding)
            done[oid] = (obj, new)
        if new is not obj:
            out[oid] = new
    return Application(tuple(targets), out)


# -- the partially computed state ----------------------------------------------------------


class Board:
    """The characteristics being computed during one derivation (A-PASS-2).

    It is private working memory of ``derive``: indexes of the objects in play by
    kind, subtype and feature, kept in step with the objects as passives apply.
    """

    def __init__(self, state: GameState) -> None:
        self.players = state.players
        self.rounding = state.ruleset.division_rounding  # E-DIV for "divide" effects
        self.objects: dict[str, GameObject] = dict(state.objects)
        self.in_play: set[str] = set()
        self.by_kind: dict[str, set[str]] = {}
        self.by_subtype: dict[str, set[str]] = {}
        self.by_feature: dict[str, set[str]] = {}
        # number modifications deferred (``defer``), per object in the order applied; and
        # the characteristics other passives modified first meanwhile (how many were
        # deferred then, and their names), for the order of the object's modifications
        self.pending: dict[str, list[PassiveNumber]] = {}
        self.marks: dict[str, list[tuple[int, tuple[str, ...]]]] = {}
        # what a passive applied with ``again`` did to each object (``apply_passive``),
        # by passive id: the passive, its source's timestamp, and per object (then, after)
        self.seen: dict[str, tuple[Passive, int, dict[str, tuple[GameObject, GameObject]]]] = {}
        self.channels_seen: ChannelsSeen = {}  # for ``delta``
        self.plain: dict[str, set[str]] = {}  # ``plain_numbers``, by characteristic
        self.shared: dict[tuple[PassiveNumber, int], Modification] = {}  # for ``flush``
        self.keyed = True  # every object is under its own id
        # the members of an index in id order, by (of subtypes, name): dropped by ``commit``
        # when that index changes (``targets`` of an indexed selector)
        self.in_order: dict[tuple[bool, str], tuple[str, ...]] = {}
        in_play, by_kind = self.in_play, self.by_kind
        by_subtype, by_feature = self.by_subtype, self.by_feature
        for key, obj in self.objects.items():
            oid = obj.id
            if key != oid:
                self.keyed = False
            if not affected(obj):
                continue
            in_play.add(oid)
            bucket = by_kind.get(obj.kind)
            if bucket is None:
                by_kind[obj.kind] = {oid}
            else:
                bucket.add(oid)
            for name in subtypes(obj):
                bucket = by_subtype.get(name)
                if bucket is None:
                    by_subtype[name] = {oid}
                else:
                    bucket.add(oid)
            for name in obj.features:
                bucket = by_feature.get(name)
                if bucket is None:
                    by_feature[name] = {oid}
                else:
                    bucket.add(oid)

    def indexes(self) -> tuple[dict[str, set[str]], dict[str, set[str]]] | None:
        """A copy of the objects in play by subtype and by keyword, when every object is
        under its own id (``passive_cone_board.Known`` reads the same of the stored state:
        copied before anything is applied, it need not be built again); else None."""
        if not self.keyed:
            return None
        return (
            {k: set(v) for k, v in self.by_subtype.items()},
            {k: set(v) for k, v in self.by_feature.items()},
        )

    def commit(self, changed: Mapping[str, GameObject]) -> None:
        for oid, new in changed.items():
            old = self.objects[oid]
            if oid in self.in_play:
                s0, s1 = subtypes(old), subtypes(new)
                in_order = self.in_order
                if s0 is not s1:
                    for name in s0 - s1:
                        self.by_subtype[name].discard(oid)
                        in_order.pop((True, name), None)
                    for name in s1 - s0:
                        self.by_subtype.setdefault(name, set()).add(oid)
                        in_order.pop((True, name), None)
                if old.features.keys() != new.features.keys():
                    for name in old.features.keys() - new.features.keys():
                        self.by_feature[name].discard(oid)
                        in_order.pop((False, name), None)
                    for name in new.features.keys() - old.features.keys():
                        self.by_feature.setdefault(name, set()).add(oid)
                        in_order.pop((False, name), None)
            if len(new.mods) != len(old.mods) and oid in self.pending:
                first = tuple(k for k in new.mods if k not in old.mods)
                self.marks.setdefault(oid, []).append((len(self.pending[oid]), first))
            self.objects[oid] = new

    def plain_numbers(self, stat: str) -> set[str]:
        """The objects without protections whose characteristic ``stat`` is a scalar (an
        ``int`` base): a number modification of one amount, not a division by 0, changes
        them (``would_modify_number``). Passives change neither protections nor the base
        of a number (they add modifications), so this holds for the whole derivation."""
        got = self.plain.get(stat)
        if got is None:
            got = self.plain[stat] = {
                oid
                for oid, obj in self.objects.items()
                if not obj.protections and type(obj.base.get(stat)) is int
            }
        return got

    def defer(self, p: Passive, oids: Iterable[str]) -> None:
        """Record ``p``'s number modification of ``oids``, made by ``flush``: nothing a
        passive reads depends on it (a number), and each object is then copied once."""
        plan = p.plan
        assert isinstance(plan.op, Op)
        stat = plan.name
        ts = self.objects[p.source].timestamp
        todo = (stat, plan.op, plan.amounts, p.id, ts, self.rounding, plan.label)
        pending = self.pending
        for oid in oids:
            todo_of = pending.get(oid)
            if todo_of is None:
                pending[oid] = [todo]
            else:
                todo_of.append(todo)

    def flush(self, most: int | None = None) -> None:
        """Make the deferred number modifications (``modify_numbers_by_passives``), keeping
        the order in which each object's characteristics were first modified: of every
        object, or of the first ``most`` left (a full ordering made in steps)."""
        shared = self.shared
        pending, marks_of = self.pending, self.marks
        todo_list = list(pending.items()) if most is None else list(islice(pending.items(), most))
        for oid, todo in todo_list:
            obj = self.objects[oid]
            new = modify_numbers_by_passives(obj, todo, shared)
            marks = marks_of.get(oid)
            if marks and len(new.mods) > len(obj.mods):
                new = replace(new, mods=_in_first_order(obj, new, todo, marks))
            self.objects[oid] = new
        if most is None or len(todo_list) == len(pending):
            pending.clear()
            marks_of.clear()
            shared.clear()
        else:
            for oid, _ in todo_list:
                del pending[oid]
                marks_of.pop(oid, None)

    def targets(self, p: Passive) -> Sequence[str]:
        """The objects ``p`` applies to now, in id order (the indexed form of ``applies_to``)."""
        s = p.effect.selector
        if p.plan.indexed:  # one subtype or one keyword, nothing else: the index is the answer
            name = next(iter(s.subtypes or s.has))
            key = (bool(s.subtypes), name)
            got = self.in_order.get(key)
            if got is None:
                index = self.by_subtype if s.subtypes else self.by_feature
                got = self.in_order[key] = tuple(sorted(index.get(name, ())))
            return got
        src = self.objects[p.source]
        pools: list[Iterable[str]] = []
        if s.pick is _SELF:
            pools.append([p.source])
        for name in s.subtypes:
            pools.append(self.by_subtype.get(name, ()))
        for name in s.has:
            pools.append(self.by_feature.get(name, ()))
        if s.kinds:
            pools.append([o for k in s.kinds for o in self.by_kind.get(k, ())])
        pool = min(pools, key=_size) if pools else self.in_play
        return sorted(o for o in pool if selects(p, self.objects[o], src))

    def state(self, base: GameState) -> GameState:
        self.flush()
        return replace(base, objects=dict(self.objects))


def _in_first_order(
    obj: GameObject,
    new: GameObject,
    todo: list[PassiveNumber],
    marks: list[tuple[int, tuple[str, ...]]],
) -> dict[str, tuple[Modification | SetModification, ...]]:
    """``new``'s modifications with the characteristics in the order each was first
    modified: ``obj``'s own first, then those deferred and those ``marks`` says other
    passives added, in the order it happened (``marks``: how many were deferred then)."""
    later = {k for _, ks in marks for k in ks}
    order = [k for k in obj.mods if k not in later]
    placed = set(order)
    at = 0
    for i, item in enumerate(todo):
        while at < len(marks) and marks[at][0] <= i:
            order.extend(k for k in marks[at][1] if k not in placed)
            placed.update(marks[at][1])
            at += 1
        if item[0] not in placed and item[0] in new.mods and _modifies(obj, item):
            order.append(item[0])
            placed.add(item[0])
    for _, ks in marks[at:]:
        order.extend(k for k in ks if k not in placed)
        placed.update(ks)
    return {k: new.mods[k] for k in order}


def _modifies(obj: GameObject, item: PassiveNumber) -> bool:
    """Whether the number modification ``item`` changes ``obj`` at its turn: what
    ``modify_number`` decides reads only the object's base and protections, which no
    passive changes, and the modification itself (a part screened, a division by 0, no
    component left: nothing recorded, so that characteristic is not first modified then)."""
    stat, op, amounts, source, timestamp, rounding, label = item
    return modify_number(
        obj,
        stat,
        op,
        amounts,
        source=source,
        timestamp=timestamp,
        rounding=rounding,
        label=label,
        by_passive=True,
    ).applied


def _size(pool: Iterable[str]) -> int:
    return len(pool) if isinstance(pool, set | list | tuple | frozenset) else 0


# -- trial application (A-DEP-1, Decision A-DEP-3) -----------------------------------------

REASONS = {"a": "A-DEP-1a", "b": "A-DEP-1b", "c": "A-DEP-1c"}
_NOBODY: tuple[list[str], list[str]] = ([], [])


@dataclass(frozen=True, slots=True)
class Delta:
    """What one trial application really changes: per channel (``passives.changed_channels``)
    the objects that gain it and those that lose it, in id order."""

    channels: Mapping[Channel, tuple[list[str], list[str]]]
    attrs: frozenset[str]

    def meets(self, read: frozenset[Channel]) -> bool:
        """Whether a channel of ``read`` changes (``passives.overlaps`` of the changed
        channels, which name no "*", against ``read``)."""
        channels = self.channels
        for r in read:  # noqa: SIM110 (one or two channels: ``any`` costs a generator)
            if r in channels or (r[1] == "*" and r[0] in self.attrs):
                return True
        return False


def delta(
    objects: Objects, changes: Mapping[str, GameObject], seen: ChannelsSeen | None = None
) -> Delta:
    """The channels ``changes`` really changes from ``objects``, and on which objects.
    ``seen``: what each pair of versions of an object changed (``changed_of``), kept by
    the identity of the new version (the entry holds both)."""
    out: dict[Channel, tuple[list[str], list[str]]] = {}
    for oid in sorted(changes):
        old, new = objects[oid], changes[oid]
        if seen is None:
            got = changed_of(oid, old, new)
        else:
            kept = seen.get(id(new))
            if kept is None or kept[0] is not old or kept[1] is not new:
                kept = seen[id(new)] = (old, new, changed_of(oid, old, new))
            got = kept[2]
        for channel, which in got:
            if which == 2:
                out[channel] = _NOBODY
            else:
                lists = out.get(channel)
                if lists is None:
                    lists = out[channel] = ([], [])
                lists[which].append(oid)
    return Delta(out, frozenset(attr for attr, _ in out))


# What one object's change changes: (channel, 0) gained, (channel, 1) lost, (channel, 2)
# its abilities, in the order ``delta`` lists them.
Changed = tuple[tuple[Channel, int], ...]
ChannelsSeen = dict[int, tuple[GameObject, GameObject, Changed]]


def changed_of(oid: str, old: GameObject, new: GameObject) -> Changed:
    """The channels whose value differs between two versions of object ``oid``."""
    out: list[tuple[Channel, int]] = []
    s0, s1 = subtypes(old), subtypes(new)
    if s0 is not s1 and s0 != s1:
        out.extend((("subtype", name), 0) for name in s1 - s0)
        out.extend((("subtype", name), 1) for name in s0 - s1)
    f0, f1 = old.features.keys(), new.features.keys()
    if f0 != f1:
        out.extend((("feature", name), 0) for name in f1 - f0)
        out.extend((("feature", name), 1) for name in f0 - f1)
    if old.abilities != new.abilities:
        out.append((("abilities", oid), 2))
    return tuple(out)


def indexed_channel(p: Passive) -> Channel:
    """The one channel an indexed selector reads (``passives._Plan.indexed``)."""
    s = p.effect.selector
    return ("subtype", next(iter(s.subtypes))) if s.subtypes else ("feature", next(iter(s.has)))


@dataclass(frozen=True, slots=True)
class Dependence:
    """[A] depends directly on [B], and why: which of A-DEP-1 a/b/c holds."""

    dependent: str
    on: str
    reasons: tuple[str, ...]  # ("A-DEP-1a", ...) in a, b, c order
    because: tuple[RuleStep, ...] = ()
    # the objects whose selection by [A] applying [B] changes (A-DEP-1b), for the trial log
    witnesses: frozenset[str] = field(default=frozenset(), compare=False)


_AFTER: Objects = {}  # (``trial``: not built yet)


def trial(
    a: Passive,
    b: Passive,
    board: Board,
    b_changes: Mapping[str, GameObject],
    clauses: str = "abc",
    moved: tuple[list[str], list[str]] | None = None,
) -> Dependence | None:
    """Compare [A] on the partial state and after applying [B] (``b_changes``), looking only
    at the objects [B] changes: nothing else differs between the two states. ``moved``:
    for an indexed [A], the objects that gain and lose the channel it selects by (its
    selection's change, from ``delta``)."""
    before: Objects = board.objects
    if not b_changes or not exists(a, before):
        return None
    # the state after [B], built when a clause reads it (not for A-DEP-1b given ``moved``)
    after: Objects = _AFTER
    why: list[RuleStep] = []
    letters: list[str] = []
    if "a" in clauses:
        after = ChainMap(b_changes, before)  # type: ignore[arg-type]
        if not exists(a, after):
            letters.append("a")
            why.append(RuleStep("A-DEP-1a", f"applying {b.id} removes {a.id}"))
            return Dependence(a.id, b.id, ("A-DEP-1a",), tuple(why))
    gained: list[str] = []
    lost: list[str] = []
    if "b" in clauses:
        if moved is not None:
            gained, lost = moved
        else:
            if after is _AFTER:
                after = ChainMap(b_changes, before)  # type: ignore[arg-type]
            src0, src1 = before[a.source], after[a.source]
            gained, lost = _selection_change(a, board, before, after, b_changes, src0, src1)
    if gained or lost:
        letters.append("b")
        parts = ([f"+{', '.join(gained)}"] if gained else []) + (
            [f"-{', '.join(lost)}"] if lost else []
        )
        why.append(
            RuleStep(
                "A-DEP-1b", f"applying {b.id} changes what {a.id} applies to ({' '.join(parts)})"
            )
        )
    if "c" in clauses and after is _AFTER:
        after = ChainMap(b_changes, before)  # type: ignore[arg-type]
    if "c" in clauses and condition_holds(a, before) != condition_holds(a, after):
        common = _some_common_target(a, board, after, b_changes)
        if common is not None:
            letters.append("c")
            why.append(
                RuleStep("A-DEP-1c", f"applying {b.id} changes what {a.id} does to {common}")
            )
    if not letters:
        return None
    reasons = tuple(REASONS[x] for x in letters)
    return Dependence(a.id, b.id, reasons, tuple(why), frozenset(gained) | frozenset(lost))


def _selection_change(
    a: Passive,
    board: Board,
    before: Objects,
    after: Objects,
    b_changes: Mapping[str, GameObject],
    src0: GameObject,
    src1: GameObject,
) -> tuple[list[str], list[str]]:
    """The objects [B] adds to and removes from what [A] applies to."""
    gained: list[str] = []
    lost: list[str] = []
    for o in sorted(b_changes):
        was = selects(a, before[o], src0)
        now = selects(a, after[o], src1)
        if now and not was:
            gained.append(o)
        elif was and not now:
            lost.append(o)
    return gained, lost


def _some_common_target(
    a: Passive, board: Board, after: Objects, b_changes: Mapping[str, GameObject]
) -> str | None:
    """An object [A] applies to both before and after [B] whose effect is not void."""
    src1 = after[a.source]
    for oid in board.targets(a):
        if oid in b_changes and not selects(a, after[oid], src1):
            continue
        if board.objects[oid].kind != REGION and sets_region_type(a):
            continue
        return oid
    return None


def brute_dependence(a: Passive, b: Passive, state: GameState) -> tuple[str, ...]:
    """A-DEP-1 from the definitions, recomputing everything: the reasons ([] if none).

    Used by the tests as the twin of ``trial`` on small random states.
    """
    before = dict(state.objects)
    board = Board(state)
    after = dict(before)
    after.update(apply_passive(b, board).changes)
    out: list[str] = []
    if exists(a, before) and not exists(a, after):
        return ("A-DEP-1a",)
    set0 = applies_to(a, before)
    set1 = applies_to(a, after)
    if set0 != set1:
        out.append("A-DEP-1b")
    if any(does_to(a, before[o], before) != does_to(a, after[o], after) for o in set0 & set1):
        out.append("A-DEP-1c")
    return tuple(out)
