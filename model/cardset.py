"""Card sets: cards as data, and what each card's abilities read and write.

A card set (``docs/format.md``, "Card sets") holds cards: a kind, base
characteristics, named features (keywords are features), protections, the keys
other areas register (passives, triggers, prevention ...; kept on ``template``),
and an optional one-shot ``effect`` written with the scenario step syntax, where
*roles* (``self``, ``target`` ...) stand for objects.

``footprint`` summarises a card for the consistency checker: the
characteristics and features it has, and those its effect writes, on which
roles. The checker prunes its search of pairs and triples with it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from arbiter.model.damage import prevention
from arbiter.model.effects import algebra as a
from arbiter.model.effects.algebra import CardAbility, StatOp
from arbiter.model.effects.perform import Perform
from arbiter.model.errors import Location
from arbiter.model.ruleset import Ruleset
from arbiter.model.state import JSON, GameObject, GameState, Guard, Protection
from arbiter.model.steps import (
    BoostFeature,
    GainFeature,
    GainStat,
    LoseFeature,
    Modify,
    Move,
    Protect,
    Step,
)

SIDES = ("any", "ally", "enemy")


@dataclass(frozen=True, slots=True)
class Role:
    """An object a card's effect acts on: ``self``, or one chosen among the cards of
    some kinds (any kind when ``kinds`` is empty), of a side, or one named card. A role of
    a ``perform`` step keeps its ``selector`` (card language): the cards it can stand for
    are those the selector's filters admit, and "any number of" stands for any subset of
    them (Decision CHECK-ALGEBRA)."""

    name: str
    kinds: frozenset[str] = frozenset()
    side: str = "any"
    card: str | None = None
    where: Location | None = None
    selector: a.Selector | None = None

    @property
    def is_self(self) -> bool:
        return self.name == "self"


@dataclass(frozen=True, slots=True)
class Reference:
    """A name a card uses that must exist elsewhere: a card id or a zone."""

    kind: str  # "card" | "zone"
    name: str
    where: Location | None


@dataclass(frozen=True, slots=True)
class Card:
    """One card of a set. ``template`` is the object the card makes (owner ``you``)."""

    id: str
    name: str
    kind: str
    text: str
    template: GameObject
    roles: tuple[Role, ...] = ()
    effect: tuple[Step, ...] = ()
    refs: tuple[Reference, ...] = ()
    keys: frozenset[str] = frozenset()
    where: Location | None = None
    area_keys: Mapping[str, JSON] = field(default_factory=dict)  # as written, for witnesses
    abilities: tuple[CardAbility, ...] = ()  # every ability in the card language
    unmodelled: tuple[str, ...] = ()  # keys the card language does not read (yet)
    described_only: tuple[str, ...] = ()  # abilities the engine does not run (yet)
    written: tuple[str, ...] = ()  # triggers / quick actions the engine runs as written
    suppress: Mapping[str, str] = field(default_factory=dict)  # diagnostic code -> reason

    def role(self, name: str) -> Role:
        if name == "self":
            return Role("self", frozenset({self.kind}), "ally", self.id)
        for r in self.roles:
            if r.name == name:
                return r
        raise KeyError(name)


@dataclass(frozen=True, slots=True)
class CardSet:
    """Cards in file order (included files first, in the order they are included)."""

    source: str
    ruleset: Ruleset
    cards: Mapping[str, Card] = field(default_factory=dict)
    files: tuple[str, ...] = ()
    upgraded: tuple[str, ...] = ()  # files of format 1, upgraded in memory

    @property
    def zones(self) -> frozenset[str]:
        return self.ruleset.zones


# -- footprints: what a card reads and writes -------------------------------------------


@dataclass(frozen=True, slots=True)
class StatWrite:
    """A step of the effect that modifies, protects or gives a characteristic."""

    step: int
    role: str
    stat: str
    op: str  # add, set, multiply, divide, copy, swap, swap-bonus, remove, protect, gain
    value: int | tuple[int | None, ...] | frozenset[str] | None = None  # None: computed
    rounding: str | None = None
    guard: Guard | None = None  # for op == "protect"
    limit: int | None = None
    where: Location | None = None
    component: int | None = None


@dataclass(frozen=True, slots=True)
class FeatureWrite:
    """A step of the effect that gains, boosts or loses a named feature."""

    step: int
    role: str
    feature: str
    op: str  # gain, boost, lose
    number: int | None = None  # gain: the number (None: a flag); boost: the amount
    where: Location | None = None
    computed: bool = False  # the number is computed from the game when it resolves


@dataclass(frozen=True, slots=True)
class Footprint:
    card: str
    kind: str
    has_stats: frozenset[str]
    features: Mapping[str, int | None]
    guards: tuple[Protection, ...]  # protections the card has itself
    stat_writes: tuple[StatWrite, ...]
    feature_writes: tuple[FeatureWrite, ...]
    moves: tuple[tuple[str, str], ...]  # (role, zone)

    @property
    def writes_stats(self) -> frozenset[str]:
        return frozenset(w.stat for w in self.stat_writes)


def footprint(card: Card) -> Footprint:
    """What the card has (its reads) and what its one-shot effect writes, per role."""
    stat_writes: list[StatWrite] = []
    feature_writes: list[FeatureWrite] = []
    moves: list[tuple[str, str]] = []
    for i, step in enumerate(card.effect):
        where = step.where
        if isinstance(step, Modify):
            op = step.word
            stat_writes.append(
                StatWrite(
                    i,
                    step.target,
                    step.stat,
                    op,
                    step.value,
                    step.rounding,
                    None,
                    None,
                    where,
                    step.component,
                )
            )
            if step.other is not None and step.op is not StatOp.COPY:
                stat_writes.append(
                    StatWrite(i, step.other, step.stat, op, None, None, None, None, where)
                )
        elif isinstance(step, Protect):
            p = step.protection
            for stat in sorted(p.stats):
                stat_writes.append(
                    StatWrite(i, step.target, stat, "protect", None, None, p.guard, p.limit, where)
                )
        elif isinstance(step, GainStat):
            stat_writes.append(
                StatWrite(i, step.target, step.stat, "gain", step.value, where=where)
            )
        elif isinstance(step, GainFeature):
            feature_writes.append(
                FeatureWrite(i, step.target, step.feature, "gain", step.number, where)
            )
        elif isinstance(step, BoostFeature):
            feature_writes.append(
                FeatureWrite(i, step.target, step.feature, "boost", step.amount, where)
            )
        elif isinstance(step, LoseFeature):
            feature_writes.append(FeatureWrite(i, step.target, step.feature, "lose", None, where))
        elif isinstance(step, Move):
            moves.append((step.target, step.zone))
        elif isinstance(step, Perform):
            s, f, m = _performed(card, i, step)
            stat_writes += s
            feature_writes += f
            moves += m
    t = card.template
    return Footprint(
        card=card.id,
        kind=card.kind,
        has_stats=frozenset(t.base),
        features={name: f.number for name, f in t.features.items()},
        guards=t.protections,
        stat_writes=tuple(stat_writes),
        feature_writes=tuple(feature_writes),
        moves=tuple(moves),
    )


def candidates(cardset: CardSet, card: Card, role_name: str) -> tuple[Card, ...]:
    """The cards of the set that can be the object a role stands for (Decision CHECK-SET:
    every card of a set can be in play with every other; sides are not restricted by
    ownership, since a player may face a copy of any card). A role of the card language
    admits the cards its selector's filters admit (Decision CHECK-ALGEBRA)."""
    role = card.role(role_name)
    if role.is_self:
        return (card,)
    if role.card is not None:
        other = cardset.cards.get(role.card)
        return (other,) if other is not None else ()
    return tuple(
        c
        for c in cardset.cards.values()
        if (not role.kinds or c.kind in role.kinds)
        and (role.selector is None or admits(role.selector, card, c))
    )


def admits(s: a.Selector, card: Card, other: Card) -> bool:
    """What a selector says of a card of the set, before any game: its kind, subtypes,
    features and printed characteristics; ``other``: not the card itself. Sides, places
    and what changes in play are left open (any card may be on either side, anywhere)."""
    t = other.template
    if s.other and other.id == card.id:
        return False
    if s.kinds and other.kind not in s.kinds:
        return False
    subtypes = t.base.get("subtypes")
    if s.subtypes and not (isinstance(subtypes, frozenset) and s.subtypes <= subtypes):
        return False
    if s.has and not s.has <= set(t.features) | set(t.counters):
        return False
    if any(h in t.features or h == other.kind for h in s.lacks):
        return False
    for test in s.stats:
        v = t.base.get(test.stat, 0)
        shown = v[0] if isinstance(v, tuple) else v
        if isinstance(shown, int) and not test.compare.holds(shown, test.bound):
            return False
    return True


_WRITE_OPS = {
    a.StatOp.ADD: "add",
    a.StatOp.SET: "set",
    a.StatOp.MULTIPLY: "multiply",
    a.StatOp.DIVIDE: "divide",
    a.StatOp.COPY: "copy",
    a.StatOp.SWAP: "swap",
    a.StatOp.SWAP_BONUS: "swap-bonus",
    a.StatOp.REMOVE: "remove",
}


def performed_role(card: Card, step: Perform, s: a.Selector, slot: str) -> str | None:
    """The role a selector of a ``perform`` step of the card stands for (None: a player,
    or no object of the set)."""
    if s.pick is a.Pick.SELF:
        return "self"
    if s.pick is a.Pick.CHOOSE:
        picked = step.chosen.get(s.name or "", step.chosen.get(slot, ()))
        return picked[0] if picked else None
    for r in card.roles:
        if r.selector is not None and r.selector == s and r.selector.pick is a.Pick.ALL:
            return r.name
    return None


def _const(x: a.Amount | None) -> int | tuple[int | None, ...] | None:
    if isinstance(x, a.Const):
        return x.value
    return None  # computed from the game at resolution (A-SPELL-4): not known here


def _performed(
    card: Card, i: int, step: Perform
) -> tuple[list[StatWrite], list[FeatureWrite], list[tuple[str, str]]]:
    """What the effects of a ``perform`` step write, per role (as for the other steps)."""
    stats: list[StatWrite] = []
    feats: list[FeatureWrite] = []
    moves: list[tuple[str, str]] = []
    where = step.where
    for j, e in enumerate(step.effects):
        role = performed_role(card, step, e.selector, str(j))
        act = e.action
        if role is None:
            continue
        if isinstance(act, a.ModifyStat):
            value = act.members if act.members else _const(e.amount)
            op = _WRITE_OPS[act.op]
            stats.append(StatWrite(i, role, act.stat, op, value, act.rounding, None, None, where))
            stats[-1] = replace(stats[-1], component=act.component)
            if act.other is not None and act.op is not a.StatOp.COPY:
                other = performed_role(card, step, act.other, f"{j}.other")
                if other is not None:
                    stats.append(StatWrite(i, other, act.stat, op, None, None, None, None, where))
        elif isinstance(act, a.Protect):
            guard = None if act.guard is None else Guard(act.guard.value)
            for stat in sorted(act.stats):
                stats.append(
                    StatWrite(i, role, stat, "protect", None, None, guard, act.limit, where)
                )
        elif isinstance(act, a.Give) and act.grant in (a.Grant.FEATURE, a.Grant.KEYWORD):
            number = _const(e.amount)
            n = number if isinstance(number, int) else None
            computed = e.amount is not None and n is None
            feats.append(FeatureWrite(i, role, act.name, "gain", n, where, computed))
        elif isinstance(act, a.Take) and act.grant is a.Grant.FEATURE:
            feats.append(FeatureWrite(i, role, act.name, "lose", None, where))
        elif isinstance(act, a.Boost):
            by = _const(e.amount)
            feats.append(
                FeatureWrite(
                    i, role, act.feature, "boost", by if isinstance(by, int) else None, where
                )
            )
        elif isinstance(act, a.MoveTo) and act.move is a.ZoneMove.TO_ZONE:
            moves.append((role, act.zone))
    return stats, feats, moves


def performed_refs(steps: tuple[Step, ...]) -> tuple[Reference, ...]:
    """Zones and cards the effects of ``perform`` steps name, for the checker."""
    out: list[Reference] = []
    for step in steps:
        if not isinstance(step, Perform):
            continue
        for e in step.effects:
            act = e.action  # a move to a battlefield (``to``) names no zone
            if isinstance(act, a.MoveTo) and act.move is a.ZoneMove.TO_ZONE and act.zone:
                out.append(Reference("zone", act.zone, step.where))
            if e.selector.pick is a.Pick.NAMED and e.selector.name:
                out.append(Reference("card", e.selector.name, step.where))
    return tuple(out)


def game_state(
    cardset: CardSet, placed: Mapping[str, str], players: tuple[str, ...] = ("you", "opponent")
) -> GameState:
    """A state with one object per card of ``placed`` (card id -> owner), in play, object
    ids = card ids, timestamps in the order given (A-TIME-1): what a diagnostic that needs a
    game (dependency, loops, replacement) starts from."""
    objects: dict[str, GameObject] = {}
    for i, (cid, owner) in enumerate(placed.items(), start=1):
        template = cardset.cards[cid].template
        objects[cid] = replace(template, owner=owner, timestamp=i)
    state = GameState(cardset.ruleset, players, objects, clock=len(objects))
    return prevention.bound_to_sources(state)  # P-6b: the shields of these new objects
