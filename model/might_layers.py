"""Riftbound continuous Might effects and dependency inside the arithmetic layer (Core Rules
1.3, 473-475). Pure functions of the game state.

A unit's ``might_passives`` ("other friendly units have +1 Might", "while I'm Mighty, I have
+2 Might") apply to the units on the Board while their source is there. Within the layer
they apply one at a time (471.1): the next is the earliest (475.3) among those that depend on
no effect not yet applied (474.1); an effect depends on another when applying the other
changes which units it reaches or what it gives them (473.1.b-c). A cycle falls back to
timestamps, as A-ORDER-1 does for Altered. Each applies as it stands when its turn comes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from arbiter.model import might as mt
from arbiter.model.state import JSON, Ability, GameObject, GameState
from arbiter.model.trace import RuleStep, Trace
from arbiter.model.values import characteristics as ch

REACH = ("self", "friendly", "other_friendly", "enemy", "units")


@dataclass(frozen=True, slots=True)
class MightPassive(Ability):
    """A continuous Might effect of a unit on the Board."""

    add: int = 0
    to: str = "self"  # one of REACH
    while_mighty: bool = False  # "while I'm Mighty" (708), read inside the layer
    level: int = 0  # Level N (824): only while its controller has N XP or more


Outcome = frozenset[tuple[str, int]]


def passives(state: GameState) -> list[MightPassive]:
    found = [
        a
        for o in state.objects.values()
        if o.zone in mt.BOARD  # a gear's passive too (365): its source need not have Might
        for a in o.abilities
        if isinstance(a, MightPassive)
    ]
    return sorted(found, key=lambda p: (p.timestamp, p.source, p.id))


def _reached(state: GameState, p: MightPassive) -> list[GameObject]:
    src = state.obj(p.source)
    out = []
    for o in state.objects.values():
        if not mt.has_might(o) or o.zone not in mt.BOARD:
            continue
        mine = o.controlled_by == src.controlled_by
        if (
            (p.to == "self" and o.id == src.id)
            or (p.to == "friendly" and mine)
            or (p.to == "other_friendly" and mine and o.id != src.id)
            or (p.to == "enemy" and not mine)
            or p.to == "units"
        ):
            out.append(o)
    return sorted(out, key=lambda o: o.id)


def outcome(state: GameState, p: MightPassive, deltas: Mapping[str, int]) -> Outcome:
    """What ``p`` gives, given the layer's changes so far (``deltas``)."""
    if p.level and state.counters.get(f"xp.{state.obj(p.source).controlled_by}", 0) < p.level:
        return frozenset()  # 824.1.c-d: the Level ability is inactive
    if p.while_mighty:
        src = state.obj(p.source)
        if mt.might(src) + deltas.get(src.id, 0) < mt.MIGHTY_AT:
            return frozenset()
    return frozenset((o.id, p.add) for o in _reached(state, p))


def _with(deltas: Mapping[str, int], out: Outcome) -> dict[str, int]:
    new = dict(deltas)
    for oid, n in out:
        new[oid] = new.get(oid, 0) + n
    return new


def depends(state: GameState, a: MightPassive, b: MightPassive, deltas: Mapping[str, int]) -> bool:
    """473.1: applying ``b`` now changes what ``a`` does (whom it reaches or how)."""
    return outcome(state, a, deltas) != outcome(state, a, _with(deltas, outcome(state, b, deltas)))


@dataclass(frozen=True, slots=True)
class Layer:
    deltas: Mapping[str, int]
    order: tuple[str, ...]
    because: Trace


def apply_layer(state: GameState) -> Layer:
    """The continuous Might effects, in the order of 474.1 and 475.3."""
    left = passives(state)
    deltas: dict[str, int] = {}
    order: list[str] = []
    why: list[RuleStep] = []
    while left:
        free = [
            p
            for p in left
            if not any(
                q is not p and depends(state, p, q, deltas) and not depends(state, q, p, deltas)
                for q in left
            )
        ]
        pick = (free or left)[0]
        blocked = [p for p in left if p.timestamp < pick.timestamp and p not in free]
        if blocked:
            why.append(
                RuleStep(
                    "Riftbound 474.1",
                    f"{pick.source}.{pick.id} first: "
                    + ", ".join(f"{p.source}.{p.id}" for p in blocked)
                    + " depend(s) on it",
                )
            )
        deltas = _with(deltas, outcome(state, pick, deltas))
        order.append(f"{pick.source}.{pick.id}")
        left.remove(pick)
    return Layer(deltas, tuple(order), tuple(why))


def might_in(state: GameState, obj: GameObject) -> int:
    """A unit's Might with the continuous effects of the Board (711 off the Board)."""
    base = mt.might(obj)
    if obj.zone not in mt.BOARD:
        return base
    return base + apply_layer(state).deltas.get(obj.id, 0)


def modified(obj: GameObject) -> int:
    """The foundation's modifications of ``might`` (``modify`` steps, the card language's
    changes) as one arithmetic change: their shown value minus the printed one, 0 without
    any (Decision RB-MIGHT-3)."""
    if not obj.mods.get(mt.MIGHT):
        return 0
    return ch.read_or_zero(obj, mt.MIGHT) - mt.printed(obj)


def might_now(state: GameState, obj: GameObject) -> int:
    """The Might a Riftbound rule reads: the layers above, then the foundation's
    modifications of ``might`` as one arithmetic change on top of them (Decision
    RB-MIGHT-3). Without such modifications it is ``might_in``."""
    return might_in(state, obj) + modified(obj)


def might_json(obj: GameObject, state: GameState) -> tuple[str, JSON] | None:
    """The ``might`` section of a unit in the JSON view: its layers, the continuous effects
    of the Board and the foundation's modifications; ``shown`` is ``might_now``."""
    if not mt.has_might(obj):
        return None
    out = mt.read(obj).as_json()
    extra = apply_layer(state).deltas.get(obj.id, 0) if obj.zone in mt.BOARD else 0
    if extra:
        out["continuous"] = extra
    if modified(obj):
        out["modified"] = modified(obj)
    shown = might_now(state, obj)
    out["shown"] = shown
    out["mighty"] = shown >= mt.MIGHTY_AT
    return "might", out
