"""Combat in a game state: the units' combat keywords, the assignment problems of both
sides, and dealing the assigned damage simultaneously (Riftbound 1.3: 437, 460, 807,
814, 815, 826).

A unit's combat keywords come from its named features (``Tank``, ``Backline``,
``Shield N``, ``Assault N``; a flag Shield or Assault is 1, 807.1.b.3, 814.1.b.3) and
from its ``combat:`` key (``CombatProfile``): keywords granted on top (Shield and
Assault values are summed across grants, 814.2, 807.2; Tank and Backline are
redundant, 815.2, 826.5), a printed demand to be assigned first or last, "can't be
dealt damage" (460.2.c.9) and a Prevent Value of "All" (437.1.b.1.b).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

from arbiter.model import riftbound_keywords as rk
from arbiter.model.ability_zones import in_play_in
from arbiter.model.damage import combat as cb
from arbiter.model.damage import combat_resolution as cr
from arbiter.model.damage import instructions as dm
from arbiter.model.damage import prevention as pv
from arbiter.model.errors import IllegalAction, InternalError
from arbiter.model.might_layers import might_now
from arbiter.model.state import JSON, Ability, Event, GameObject, GameState
from arbiter.model.steps import Step
from arbiter.model.trace import RuleStep, Trace

MIGHT = "might"
KEYWORDS = ("Tank", "Backline", "Shield", "Assault")
IN_COMBAT = "Riftbound 460.1"


class Side(Enum):
    """The two sides of a combat; each assigns its damage among the other's units."""

    ATTACKERS = "attackers"
    DEFENDERS = "defenders"

    @property
    def other(self) -> Side:
        return Side.DEFENDERS if self is Side.ATTACKERS else Side.ATTACKERS


class Keyword(Enum):
    TANK = "Tank"
    BACKLINE = "Backline"
    SHIELD = "Shield"
    ASSAULT = "Assault"


@dataclass(frozen=True, slots=True)
class CombatProfile(Ability):
    """The ``combat:`` key of a unit: granted keywords and combat text."""

    grants: tuple[tuple[Keyword, int], ...] = ()
    first: bool = False  # "I must be assigned combat damage first."
    last: bool = False  # "I must be assigned combat damage last." (Caitlyn, Patrolling)
    takes_damage: bool = True  # False: "I don't take damage" (Kayn, Unleashed; 460.2.c.9)
    prevent_all: bool = False  # a prevent action with the Prevent Value "All" (437.1.b.1.b)


@dataclass(frozen=True, slots=True)
class Keywords:
    """A unit's combat keywords and text, summed across grants."""

    tank: bool = False
    backline: bool = False
    shield: int = 0
    assault: int = 0
    first: bool = False
    last: bool = False
    takes_damage: bool = True
    prevent_all: bool = False
    because: Trace = ()


def profile(obj: GameObject) -> CombatProfile | None:
    found = [a for a in obj.abilities if isinstance(a, CombatProfile)]
    return found[0] if found else None


def keywords(obj: GameObject) -> Keywords:
    """807.2, 814.2: Shield and Assault values summed; 815.2, 826.5: Tank, Backline once."""
    grants: list[tuple[Keyword, int]] = []
    for kw in Keyword:
        feat = obj.features.get(kw.value)
        if feat is not None:
            grants.append((kw, 1 if feat.number is None else max(0, feat.number)))
    prof = profile(obj)
    if prof is not None:
        grants.extend(prof.grants)
    shield = sum(n for k, n in grants if k is Keyword.SHIELD)
    assault = sum(n for k, n in grants if k is Keyword.ASSAULT)
    why: list[RuleStep] = []
    if sum(1 for k, _ in grants if k is Keyword.SHIELD) > 1:
        why.append(RuleStep("Riftbound 814.2", f"{obj.id}: Shield values summed: {shield}"))
    if sum(1 for k, _ in grants if k is Keyword.ASSAULT) > 1:
        why.append(RuleStep("Riftbound 807.2", f"{obj.id}: Assault values summed: {assault}"))
    return Keywords(
        tank=any(k is Keyword.TANK for k, _ in grants),
        backline=any(k is Keyword.BACKLINE for k, _ in grants),
        shield=shield,
        assault=assault,
        first=prof.first if prof else False,
        last=prof.last if prof else False,
        takes_damage=prof.takes_damage if prof else True,
        prevent_all=prof.prevent_all if prof else False,
        because=tuple(why),
    )


def _bonus(kw: Keywords, side: Side) -> int:
    return kw.assault if side is Side.ATTACKERS else kw.shield


def in_combat(state: GameState, obj: GameObject, side: Side) -> GameObject:
    """The unit with the keywords it has while Mighty in combat (471, Decision RB-471):
    its Might there counts Assault or Shield, so a keyword may make it Mighty."""
    if not any(isinstance(a, rk.KeywordPassive) for a in obj.abilities):
        return obj
    out, _ = rk.passive_grants(
        obj,
        lambda o: might_now(state, o) + _bonus(keywords(o), side),
        state.ruleset.numbered_gain,
        state.counters.get(f"xp.{obj.controlled_by}", 0),  # Level (824)
    )
    return out


def might_in_combat(state: GameState, obj: GameObject, side: Side) -> int:
    """460.2: the current Might (through the layers, Decision RB-MIGHT-3), with Assault
    while attacking (807.1.c) and Shield while defending (814.1.c); below 0 it counts as
    0 (Decision CMB-MIGHT)."""
    obj = in_combat(state, obj, side)
    return max(0, might_now(state, obj) + _bonus(keywords(obj), side))


def receiver(state: GameState, oid: str, side: Side, weights: Mapping[str, int]) -> cb.Receiver:
    """A unit of ``side`` as a receiver of the other side's damage (437.5, 460.2.c.9)."""
    obj = in_combat(state, state.obj(oid), side)
    kw = keywords(obj)
    might = might_in_combat(state, obj, side)
    prevent = pv.total(obj, state)
    exempt = None
    if not kw.takes_damage:
        exempt = cb.CANNOT_BE_DEALT
    elif kw.prevent_all:
        exempt = cb.PREVENT_ALL
    left = might - obj.counters.get(dm.DAMAGE, 0)
    lethal = None if exempt else max(1, left) + prevent
    first = cb.TANK if kw.tank else cb.PRIORITY if kw.first else None
    last = cb.BACKLINE if kw.backline else cb.PRIORITY if kw.last else None
    return cb.Receiver(
        oid,
        lethal,
        first=first,
        last=last,
        prevent=prevent,
        exempt=exempt,
        weight=weights.get(oid, might),
    )


@dataclass(frozen=True, kw_only=True)
class Combat(Step):
    """The combat damage step (460.2) between ``attackers`` and ``defenders``.

    ``assign[side]`` is the damage ``side`` assigns among the other side's units, or
    None when it is left open (the solver chooses it for ``objective``).
    """

    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    assign: Mapping[Side, Mapping[str, int] | None] = field(default_factory=dict)
    objective: cb.Objective = cb.Objective.KILLS
    for_player: str | None = None
    weights: Mapping[str, int] = field(default_factory=dict)
    resolution: bool = False  # go on with the Resolution Step (461, combat_resolution)

    def target_ids(self) -> tuple[str, ...]:
        return self.attackers + self.defenders

    def units(self, side: Side) -> tuple[str, ...]:
        return self.attackers if side is Side.ATTACKERS else self.defenders

    @property
    def open_sides(self) -> tuple[Side, ...]:
        return tuple(s for s in Side if self.assign.get(s) is None)

    def resolve(self, state: GameState) -> GameState:
        if self.open_sides:
            raise InternalError("an open combat assignment is chosen by the solver")
        fixed = {s: dict(self.assign[s] or {}) for s in Side}
        return deal(state, self, fixed, {})


def controller_of(state: GameState, units: Sequence[str]) -> str:
    return state.obj(units[0]).controlled_by


def maximises(state: GameState, step: Combat, side: Side) -> bool:
    """``for: PLAYER``: that player's assignment maximises, the other's minimises; by
    default each side assigns for itself."""
    if step.for_player is None:
        return True
    return controller_of(state, step.units(side)) == step.for_player


def problem_for(
    state: GameState,
    step: Combat,
    side: Side,
    objective: cb.Objective | None = None,
    maximise: bool | None = None,
) -> cb.AssignmentProblem:
    """460.2.a/b: ``side`` assigns its summed Might among the other side's units."""
    for oid in step.attackers + step.defenders:
        if not in_play_in(state, state.obj(oid).zone):
            raise IllegalAction(IN_COMBAT, f"{oid} is not in play: it takes no part in combat")
    total = sum(might_in_combat(state, state.obj(u), side) for u in step.units(side))
    other = side.other
    receivers = tuple(receiver(state, u, other, step.weights) for u in sorted(step.units(other)))
    return cb.AssignmentProblem(
        total,
        receivers,
        objective or step.objective,
        maximises(state, step, side) if maximise is None else maximise,
    )


def _assignment_event(
    state: GameState,
    step: Combat,
    side: Side,
    problem: cb.AssignmentProblem,
    assignment: Mapping[str, int],
    why: Trace,
    report: Mapping[str, JSON],
) -> Event:
    s = cb.score(problem, assignment)
    fields: list[tuple[str, JSON]] = [
        ("by", side.value),
        ("player", controller_of(state, step.units(side))),
        ("total", problem.total),
        ("assignment", {k: v for k, v in sorted(assignment.items()) if v > 0}),
        ("lethal", {r.id: r.lethal for r in problem.receivers}),
        ("destroyed", sorted(s.destroyed)),
    ]
    fields.extend((k, v) for k, v in report.items())
    rule = "Riftbound 460.2.a" if side is Side.ATTACKERS else "Riftbound 460.2.b"
    rules = tuple(dict.fromkeys([rule, *(w.rule for w in why)]))
    return Event("combat_assignment", tuple(fields), rules, why)


def _damage_event(state: GameState, r: cb.Receiver, amount: int, sources: Sequence[str]) -> Event:
    """460.2.d: the damage one unit is dealt, after prevention (437.2)."""
    obj = state.obj(r.id)
    why: list[RuleStep] = [RuleStep("D-SRC-1", "combat damage comes from the other side's units")]
    uses: tuple[pv.ShieldUse, ...] = ()
    if r.exempt == cb.CANNOT_BE_DEALT:
        dealt, prevented = 0, 0
        why.append(RuleStep(cb.CANNOT_BE_DEALT, f"{r.id} cannot be dealt damage"))
    elif r.exempt == cb.PREVENT_ALL:
        dealt, prevented = 0, amount
        why.append(RuleStep("Riftbound 437.3.c", f"{r.id} prevents All: it stays All"))
    else:
        out = pv.prevent(obj, state, amount)
        dealt, prevented, uses = out.dealt, out.prevented, out.uses
        why.extend(out.because)
    if prevented and not dealt:
        why.append(RuleStep("D-PREV-2", f"all the damage to {r.id} is prevented"))
    fields: tuple[tuple[str, JSON], ...] = (
        ("target", r.id),
        ("amount", dealt),
        ("prevented", prevented),
        ("sources", list(sources)),
        ("damaged", dealt > 0),
        ("base", amount),
        ("bonus", 0),
        ("bonus_from", []),
        ("instruction", "combat"),
        ("shields", [u.as_json() for u in uses]),
    )
    rules = tuple(dict.fromkeys(["Riftbound 460.2.d", *(w.rule for w in why)]))
    return Event("damage", fields, rules, tuple(why))


def deal(
    state: GameState,
    step: Combat,
    chosen: Mapping[Side, Mapping[str, int]],
    reports: Mapping[Side, Mapping[str, JSON]],
) -> GameState:
    """Check both assignments (attacker first, 460.2.c), then deal all the damage at once
    (460.2.c.1.a): every event is computed in the state before any damage is marked."""
    events: list[Event] = []
    damage: list[Event] = []
    mights: dict[str, int] = {}
    for side in Side:
        problem = problem_for(state, step, side)
        assignment = chosen[side]
        why = cb.check(problem, assignment)
        events.append(
            _assignment_event(state, step, side, problem, assignment, why, reports.get(side, {}))
        )
        sources = sorted(step.units(side))
        for r in problem.receivers:
            amount = assignment.get(r.id, 0)
            if amount > 0:
                damage.append(_damage_event(state, r, amount, sources))
                mights[r.id] = might_in_combat(state, state.obj(r.id), side.other)
    for event in events:
        state = state.with_event(event)
    state = dm.carry_out_damage(state, damage)
    for event in damage:
        target = str(event.get("target"))
        marked = state.obj(target).counters.get(dm.DAMAGE, 0)
        if event.get("damaged") and marked >= mights[target]:
            fields = (("target", target), ("damage", marked), ("might", mights[target]))
            state = state.with_event(Event("lethal", fields, ("Riftbound 460.2.c.2",)))
    if not step.resolution:
        return state
    now = {u: might_in_combat(state, state.obj(u), side) for side in Side for u in step.units(side)}
    killers = {
        str(e.get("target")): tuple(str(s) for s in _strings(e.get("sources")))
        for e in damage
        if e.get("damaged")
    }
    return cr.resolve(state, step.attackers, step.defenders, now, killers)


def _strings(value: JSON) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else []
