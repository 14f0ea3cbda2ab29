"""Passive abilities as data, and the pure functions that apply and trial-apply them.

RULES.md §2 (A-PASS, A-DEP, A-TIME). A passive has a *selector* (what it
applies to), an optional *condition* on its source ("if I am in a Forest") and
one *effect*. Passives never change the stored state: the characteristics "after
passives" are derived from the state each time (A-PASS-1) by applying every
active passive one at a time (A-PASS-2), in the order that ``arbiter.solver.dependency.order``
decides (A-ORDER-1). This module holds what needs no graph: selecting,
applying one passive, and trial application (A-DEP-1, Decision A-DEP-3), both
the fast form restricted to the objects the trial changes and the plain form
(``brute_dependence``) that recomputes everything.

An object's region (for "if I am in a Forest") is ``GameObject.region``: the id
of an object of kind ``region``. A region's type is its set characteristic
``subtypes``.
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum

from arbiter.model.ruleset import Rounding
from arbiter.model.state import Ability, GameObject, GameState
from arbiter.model.trace import RuleStep
from arbiter.model.values import characteristics as ch
from arbiter.model.values import features as ft
from arbiter.model.values.reading import Amounts, NumberReading, Op, SetOp

SUBTYPES = "subtypes"
REGION = "region"
# Zones whose objects passives affect (A-PASS-1). "adventure" holds the regions:
# the rules' own example (2.3.2.f) makes regions Forests (Decision A-PASS-4).
AFFECTED_ZONES = frozenset({"play", "expedition", "landmark", "adventure"})
# Keywords are abilities: "lose all abilities" removes them (Fleeting is a status).
KEYWORDS = frozenset({"Gigantic", "Defender", "Eternal", "Seasoned", "Tough", "Scout", "Cooldown"})

Objects = Mapping[str, GameObject]
Channel = tuple[str, str]  # (attribute, name); name "*" for every name of that attribute


class EffectKind(Enum):
    MODIFY = "modify"
    GAIN = "gain"
    LOSE = "lose"
    ADD_SUBTYPES = "add_subtypes"
    REMOVE_SUBTYPES = "remove_subtypes"
    SET_SUBTYPES = "set_subtypes"
    LOSE_ALL_ABILITIES = "lose_all_abilities"
    REGION_TYPE = "region_type"


@dataclass(frozen=True, slots=True)
class Selector:
    """What a passive applies to; every given field must hold (an empty selector: everything)."""

    kinds: frozenset[str] = frozenset()
    subtype: str | None = None
    keyword: str | None = None
    controller: str | None = None  # "you", "opponent", or a player name
    zone: str | None = None
    self_only: bool = False
    other: bool = False


@dataclass(frozen=True, slots=True)
class Condition:
    """A condition on the passive's source; every given field must hold."""

    region: str | None = None  # "if I am in a Forest": my region has that subtype
    subtype: str | None = None  # I have that subtype
    keyword: str | None = None  # I have that keyword (feature)


@dataclass(frozen=True, slots=True)
class PassiveEffect:
    kind: EffectKind
    stat: str = ""
    op: Op = Op.ADD
    amounts: Amounts = ()
    feature: str = ""
    number: int | None = None
    members: frozenset[str] = frozenset()

    def describe(self) -> str:
        k = self.kind
        if k is EffectKind.MODIFY:
            return f"{self.stat} {self.op.value} {'/'.join(str(a) for a in self.amounts)}"
        if k in (EffectKind.GAIN, EffectKind.LOSE):
            num = "" if self.number is None else f" {self.number}"
            return f"{k.value} {self.feature}{num}"
        if k is EffectKind.LOSE_ALL_ABILITIES:
            return "lose all abilities"
        return f"{k.value} {', '.join(sorted(self.members))}"


_NOTHING = PassiveEffect(EffectKind.ADD_SUBTYPES)


@dataclass(frozen=True, slots=True)
class Passive(Ability):
    """A passive ability of ``source``. Its timestamp is its source's (A-TIME-1)."""

    selector: Selector = field(default_factory=Selector)
    effect: PassiveEffect = _NOTHING
    condition: Condition | None = None
    text: str = ""

    def label(self) -> str:
        return self.text or self.effect.describe()


# -- reading the partially computed state --------------------------------------------------


_SUBTYPES_SEEN: dict[int, tuple[GameObject, frozenset[str]]] = {}


def subtypes(obj: GameObject) -> frozenset[str]:
    """The object's subtypes now (its set characteristic ``subtypes``; absent: none).

    Objects are frozen, so the answer is remembered per object (a bounded memo that
    holds the object itself, so an id is never reused while its entry lives)."""
    seen = _SUBTYPES_SEEN.get(id(obj))
    if seen is not None and seen[0] is obj:
        return seen[1]
    if SUBTYPES not in obj.base:
        return frozenset()
    r = ch.read(obj, SUBTYPES)
    members = r.members if r is not None and not isinstance(r, NumberReading) else frozenset()
    if len(_SUBTYPES_SEEN) > 200_000:
        _SUBTYPES_SEEN.clear()
    _SUBTYPES_SEEN[id(obj)] = (obj, members)
    return members


def affected(obj: GameObject) -> bool:
    """A-PASS-1: passives modify only objects in play (``expedition:hero`` is an expedition)."""
    return obj.zone.split(":", 1)[0] in AFFECTED_ZONES


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
    return src is not None and affected(src) and any(a.id == p.id for a in src.abilities)


def selects(p: Passive, obj: GameObject, src: GameObject) -> bool:
    """Whether ``p`` (of source ``src``, as it is now) applies to ``obj`` (A-PASS-1)."""
    s = p.selector
    if not affected(obj):
        return False
    if s.self_only and obj.id != p.source:
        return False
    if s.other and obj.id == p.source:
        return False
    if s.kinds and obj.kind not in s.kinds:
        return False
    if s.zone is not None and obj.zone != s.zone and obj.zone.split(":", 1)[0] != s.zone:
        return False
    if s.controller is not None:
        mine = obj.controlled_by == src.controlled_by
        if s.controller == "you" and not mine:
            return False
        if s.controller == "opponent" and mine:
            return False
        if s.controller not in ("you", "opponent") and obj.controlled_by != s.controller:
            return False
    if s.keyword is not None and s.keyword not in obj.features:
        return False
    return s.subtype is None or s.subtype in subtypes(obj)


def condition_holds(p: Passive, objects: Objects) -> bool:
    c = p.condition
    if c is None:
        return True
    src = objects[p.source]
    if c.subtype is not None and c.subtype not in subtypes(src):
        return False
    if c.keyword is not None and c.keyword not in src.features:
        return False
    if c.region is not None:
        region = objects.get(src.region) if src.region else None
        if region is None or c.region not in subtypes(region):
            return False
    return True


def applies_to(p: Passive, objects: Objects) -> frozenset[str]:
    """The objects ``p`` applies to (a full scan; ``Board.targets`` uses indexes)."""
    if not exists(p, objects):
        return frozenset()
    src = objects[p.source]
    return frozenset(o.id for o in objects.values() if selects(p, o, src))


def does_to(p: Passive, target: GameObject, objects: Objects) -> PassiveEffect | None:
    """What ``p`` does to one object it applies to: its effect, or nothing."""
    if not condition_holds(p, objects):
        return None
    if p.effect.kind is EffectKind.REGION_TYPE and target.kind != REGION:
        return None
    return p.effect


# -- applying one passive ------------------------------------------------------------------


def apply_effect(
    p: Passive, obj: GameObject, timestamp: int, rounding: Rounding = Rounding.DOWN
) -> GameObject:
    """The object after ``p``'s effect (A-PASS-2); impossible parts do nothing (A-CHAR-2)."""
    e = p.effect
    k = e.kind
    if k is EffectKind.MODIFY:
        return ch.modify_number(
            obj,
            e.stat,
            e.op,
            e.amounts,
            source=p.id,
            timestamp=timestamp,
            rounding=rounding,
            label=e.op.value,
            by_passive=True,  # A-ORDER-1: folded in the order passives are applied
        ).obj
    if k is EffectKind.GAIN:
        change = ft.gain(obj.features, e.feature, e.number)
        if not change.applied:
            return obj
        feats = dict(change.features)
        feats[e.feature] = feats[e.feature].explain("A-PASS-2", f"from passive {p.id}")
        return replace(obj, features=feats)
    if k is EffectKind.LOSE:
        return replace(obj, features=ft.lose(obj.features, e.feature).features)
    if k is EffectKind.LOSE_ALL_ABILITIES:
        feats = {n: f for n, f in obj.features.items() if n not in KEYWORDS}
        return replace(obj, abilities=(), features=feats)
    op = {
        EffectKind.ADD_SUBTYPES: SetOp.ADD,
        EffectKind.REMOVE_SUBTYPES: SetOp.REMOVE,
        EffectKind.SET_SUBTYPES: SetOp.SET,
        EffectKind.REGION_TYPE: SetOp.SET,
    }[k]
    if k is EffectKind.REGION_TYPE and obj.kind != REGION:
        return obj
    return ch.modify_set(obj, SUBTYPES, op, e.members, source=p.id, timestamp=timestamp).obj


@dataclass(frozen=True, slots=True)
class Application:
    """One passive applied to the partial state: the objects it acted on, those it changed."""

    targets: tuple[str, ...]
    changes: Mapping[str, GameObject]


NO_APPLICATION = Application((), {})


def apply_passive(p: Passive, board: Board) -> Application:
    """What applying ``p`` on the partial state does (pure: the board is not changed)."""
    objects = board.objects
    if not exists(p, objects) or not condition_holds(p, objects):
        return NO_APPLICATION
    ts = objects[p.source].timestamp
    targets = board.targets(p)
    out: dict[str, GameObject] = {}
    for oid in targets:
        obj = objects[oid]
        new = apply_effect(p, obj, ts, board.rounding)
        if new is not obj:
            out[oid] = new
    return Application(tuple(targets), out)


# -- what each passive reads and writes (the prefilter of trial application) ---------------


def selector_reads(p: Passive) -> frozenset[Channel]:
    """The channels the selector reads (what it applies to, A-DEP-1b)."""
    s = p.selector
    out: set[Channel] = set()
    if s.subtype is not None:
        out.add(("subtype", s.subtype))
    if s.keyword is not None:
        out.add(("feature", s.keyword))
    return frozenset(out)


def reads(p: Passive) -> frozenset[Channel]:
    """Channels whose values can change p's existence, what it applies to, or what it does."""
    return frozenset({("abilities", "*")}) | selector_reads(p) | condition_reads(p)


def condition_reads(p: Passive) -> frozenset[Channel]:
    """The channels only the condition reads (what it does, A-DEP-1c)."""
    c = p.condition
    if c is None:
        return frozenset()
    out = {("subtype", n) for n in (c.region, c.subtype) if n is not None}
    if c.keyword is not None:
        out.add(("feature", c.keyword))
    return frozenset(out)


def writes(p: Passive) -> frozenset[Channel]:
    e = p.effect
    k = e.kind
    if k is EffectKind.MODIFY:
        return frozenset({("stat", e.stat)})
    if k in (EffectKind.GAIN, EffectKind.LOSE):
        return frozenset({("feature", e.feature)})
    if k is EffectKind.LOSE_ALL_ABILITIES:
        return frozenset({("abilities", "*"), ("feature", "*")})
    if k in (EffectKind.SET_SUBTYPES, EffectKind.REGION_TYPE):
        return frozenset({("subtype", "*")})
    return frozenset(("subtype", m) for m in e.members)


def changed_channels(old: GameObject, new: GameObject) -> set[Channel]:
    """The channels whose value actually differs between two versions of one object
    (subtype and feature names gained or lost, abilities lost)."""
    out: set[Channel] = {("subtype", n) for n in subtypes(old) ^ subtypes(new)}
    out |= {("feature", n) for n in set(old.features) ^ set(new.features)}
    if old.abilities != new.abilities:
        out.add(("abilities", old.id))
    return out


def overlaps(written: Iterable[Channel], read: Iterable[Channel]) -> bool:
    read_set = set(read)
    for attr, name in written:
        if (attr, name) in read_set or (attr, "*") in read_set:
            return True
        if name == "*" and any(a == attr for a, _ in read_set):
            return True
    return False


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
        for obj in self.objects.values():
            if affected(obj):
                self.in_play.add(obj.id)
                self.by_kind.setdefault(obj.kind, set()).add(obj.id)
                self._index(obj, add=True)

    def _index(self, obj: GameObject, *, add: bool) -> None:
        for name in subtypes(obj):
            bucket = self.by_subtype.setdefault(name, set())
            (bucket.add if add else bucket.discard)(obj.id)
        for name in obj.features:
            bucket = self.by_feature.setdefault(name, set())
            (bucket.add if add else bucket.discard)(obj.id)

    def commit(self, changed: Mapping[str, GameObject]) -> None:
        for oid, new in changed.items():
            old = self.objects[oid]
            if oid in self.in_play:
                s0, s1 = subtypes(old), subtypes(new)
                for name in s0 - s1:
                    self.by_subtype[name].discard(oid)
                for name in s1 - s0:
                    self.by_subtype.setdefault(name, set()).add(oid)
                if old.features.keys() != new.features.keys():
                    for name in old.features.keys() - new.features.keys():
                        self.by_feature[name].discard(oid)
                    for name in new.features.keys() - old.features.keys():
                        self.by_feature.setdefault(name, set()).add(oid)
            self.objects[oid] = new

    def targets(self, p: Passive) -> list[str]:
        """The objects ``p`` applies to now, in id order (the indexed form of ``applies_to``)."""
        s = p.selector
        src = self.objects[p.source]
        pools: list[Iterable[str]] = []
        if s.self_only:
            pools.append([p.source])
        if s.subtype is not None:
            pools.append(self.by_subtype.get(s.subtype, ()))
        if s.keyword is not None:
            pools.append(self.by_feature.get(s.keyword, ()))
        if s.kinds:
            pools.append([o for k in s.kinds for o in self.by_kind.get(k, ())])
        pool = min(pools, key=_size) if pools else self.in_play
        return sorted(o for o in pool if selects(p, self.objects[o], src))

    def state(self, base: GameState) -> GameState:
        return replace(base, objects=dict(self.objects))


def _size(pool: Iterable[str]) -> int:
    return len(pool) if isinstance(pool, set | list | tuple | frozenset) else 0


# -- trial application (A-DEP-1, Decision A-DEP-3) -----------------------------------------

REASONS = {"a": "A-DEP-1a", "b": "A-DEP-1b", "c": "A-DEP-1c"}


@dataclass(frozen=True, slots=True)
class Dependence:
    """[A] depends directly on [B], and why: which of A-DEP-1 a/b/c holds."""

    dependent: str
    on: str
    reasons: tuple[str, ...]  # ("A-DEP-1a", ...) in a, b, c order
    because: tuple[RuleStep, ...] = ()


def trial(
    a: Passive,
    b: Passive,
    board: Board,
    b_changes: Mapping[str, GameObject],
    clauses: str = "abc",
) -> Dependence | None:
    """Compare [A] on the partial state and after applying [B] (``b_changes``), looking only
    at the objects [B] changes: nothing else differs between the two states."""
    before: Objects = board.objects
    if not b_changes or not exists(a, before):
        return None
    after: Objects = ChainMap(dict(b_changes), board.objects)
    why: list[RuleStep] = []
    letters: list[str] = []
    if "a" in clauses and not exists(a, after):
        letters.append("a")
        why.append(RuleStep("A-DEP-1a", f"applying {b.id} removes {a.id}"))
        return Dependence(a.id, b.id, ("A-DEP-1a",), tuple(why))
    src0, src1 = before[a.source], after[a.source]
    gained: list[str] = []
    lost: list[str] = []
    if "b" in clauses:
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
    if "c" in clauses and condition_holds(a, before) != condition_holds(a, after):
        common = _some_common_target(a, board, after, b_changes)
        if common is not None:
            letters.append("c")
            why.append(
                RuleStep("A-DEP-1c", f"applying {b.id} changes what {a.id} does to {common}")
            )
    if not letters:
        return None
    return Dependence(a.id, b.id, tuple(REASONS[x] for x in letters), tuple(why))


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
        if a.effect.kind is EffectKind.REGION_TYPE and board.objects[oid].kind != REGION:
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


def active_passives(objects: Objects) -> list[Passive]:
    return [p for o in objects.values() if affected(o) for p in passives_of(o)]
