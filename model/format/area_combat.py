"""File format of combat (docs/format.md, "Combat damage assignment"): the ``combat:``
object key (granted keywords and combat text) and the ``combat`` step."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from arbiter.model.damage import combat as cb
from arbiter.model.damage import combat_state as cs
from arbiter.model.format.context import ObjectKeyParser, ParseContext, StepParser
from arbiter.model.format.document import Node
from arbiter.model.ruleset import TurnStates
from arbiter.model.state import GameObject
from arbiter.model.steps import Step

AMOUNT_LIMIT = 10**6
PROFILE_KEYS = {"keywords", "assigned", "takes_damage", "prevent"}
STEP_KEYS = {"attackers", "defenders", "assign", "objective", "for", "weights", "resolution"}


def _grant(node: Node) -> tuple[cs.Keyword, int]:
    """``Tank``, ``Shield`` (1), ``Shield 3`` or ``{Shield: 3}``."""
    names = [k.value for k in cs.Keyword]
    if isinstance(node.value, dict):
        m = node.mapping(set(names))
        if len(m) != 1:
            node.fail("one keyword: {Shield: N} or {Assault: N}", got=False)
        name, value = next(iter(m.items()))
        kw = cs.Keyword(name)
        if kw in (cs.Keyword.TANK, cs.Keyword.BACKLINE):
            value.fail(f"no value for {name}", key=True, got=False)
        return kw, value.integer(0, AMOUNT_LIMIT)
    text = node.text("a keyword (Tank, Backline, Shield N, Assault N)")
    parts = text.split()
    if not parts or parts[0] not in names or len(parts) > 2:
        node.fail("a keyword: " + ", ".join(names) + " (Shield and Assault may take a number)")
    kw = cs.Keyword(parts[0])
    if len(parts) == 1:
        return kw, 1  # 807.1.b.3, 814.1.b.3: an omitted X is 1
    if kw in (cs.Keyword.TANK, cs.Keyword.BACKLINE) or not parts[1].isdigit():
        node.fail(f"{parts[0]} alone, or Shield N / Assault N with a whole number")
    return kw, min(int(parts[1]), AMOUNT_LIMIT)


def _profile_key(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    """``combat: {keywords: [...], assigned: first|last, takes_damage: false, prevent: all}``."""
    m = node.mapping(PROFILE_KEYS)
    grants = tuple(_grant(n) for n in m["keywords"].seq()) if "keywords" in m else ()
    assigned = m["assigned"].choice(["first", "last"]) if "assigned" in m else None
    if "prevent" in m and m["prevent"].value != "all":
        m["prevent"].fail("all (a Prevent Value of All; amounts are written as 'prevention')")
    profile = cs.CombatProfile(
        id="combat",
        source=obj.id,
        grants=grants,
        first=assigned == "first",
        last=assigned == "last",
        takes_damage=m["takes_damage"].boolean() if "takes_damage" in m else True,
        prevent_all="prevent" in m,
    )
    return replace(obj, abilities=(*obj.abilities, profile))


def _units(node: Node, ctx: ParseContext, what: str) -> tuple[str, ...]:
    items = node.seq(f"a list of {what}")
    if not items:
        node.fail(f"at least one of the {what} (460.1: combat damage needs both sides)")
    out = []
    for n in items:
        oid = ctx.object_id(n)
        if cs.MIGHT not in ctx.state.obj(oid).base:
            n.fail(f"a unit with might (base: {{might: N}}); {oid} has none", got=False)
        if oid in out:
            n.fail(f"each unit once; {oid} is listed twice", got=False)
        out.append(oid)
    return tuple(out)


def _assignment(node: Node, ctx: ParseContext) -> dict[str, int] | None:
    if node.value == "open":
        return None
    out: dict[str, int] = {}
    for key, v in node.mapping(what="'open' or a mapping of unit ids to damage").items():
        ctx.object_id(node.child(key, key))
        out[key] = v.integer(0, AMOUNT_LIMIT)
    return out


def _combat(node: Node, ctx: ParseContext) -> Step:
    if ctx.state.ruleset.turn_states is TurnStates.TRACKED and not (
        isinstance(node.value, dict) and {"attackers", "defenders"} & set(node.value)
    ):  # the designated units of the combat in progress (Decision RB-STATES)
        return _staged_combat(node, ctx)
    m = node.mapping(STEP_KEYS, required=("attackers", "defenders"))
    attackers = _units(m["attackers"], ctx, "attackers")
    defenders = _units(m["defenders"], ctx, "defenders")
    both = sorted(set(attackers) & set(defenders))
    if both:
        m["defenders"].fail(f"units that do not attack; {', '.join(both)} attacks", got=False)
    for name, units in (("attackers", attackers), ("defenders", defenders)):
        owners = {ctx.state.obj(u).controlled_by for u in units}
        if len(owners) > 1:
            m[name].fail(f"{name} of one player; they have {', '.join(sorted(owners))}", got=False)
    if ctx.state.obj(attackers[0]).controlled_by == ctx.state.obj(defenders[0]).controlled_by:
        m["defenders"].fail("units of another player than the attackers'", got=False)
    return _combat_options(m, ctx, attackers, defenders)


def _combat_options(
    m: dict[str, Node], ctx: ParseContext, attackers: tuple[str, ...], defenders: tuple[str, ...]
) -> cs.Combat:
    """The keys of a ``combat`` step besides its units."""
    assign: dict[cs.Side, dict[str, int] | None] = {s: None for s in cs.Side}
    if "assign" in m:
        sides = m["assign"].mapping({s.value for s in cs.Side})
        for key, v in sides.items():
            assign[cs.Side(key)] = _assignment(v, ctx)
    weights: dict[str, int] = {}
    if "weights" in m:
        for key, v in m["weights"].mapping(what="a mapping of unit ids to values").items():
            ctx.object_id(m["weights"].child(key, key))
            weights[key] = v.integer(0, AMOUNT_LIMIT)
    objective = cb.Objective.KILLS
    if "objective" in m:
        objective = cb.Objective(m["objective"].choice([o.value for o in cb.Objective]))
    return cs.Combat(
        attackers=attackers,
        defenders=defenders,
        assign=assign,
        objective=objective,
        for_player=ctx.player(m["for"]) if "for" in m else None,
        weights=weights,
        resolution=m["resolution"].boolean() if "resolution" in m else False,
    )


def _staged_combat(node: Node, ctx: ParseContext) -> Step:
    """``combat: {assign, objective, for, weights, resolution}`` under ``turn_states:
    tracked``: the attackers and defenders are the units designated when it resolves."""
    return _combat_options(node.mapping(STEP_KEYS - {"attackers", "defenders"}), ctx, (), ())


_ID = {"type": ["string", "integer"]}
_AMOUNTS = {
    "oneOf": [
        {"const": "open"},
        {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
    ]
}
_PROFILE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "keywords": {"type": "array", "items": {"type": ["string", "object"]}},
        "assigned": {"enum": ["first", "last"]},
        "takes_damage": {"type": "boolean"},
        "prevent": {"const": "all"},
    },
}
_STEP_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    # both sides, or neither under `turn_states: tracked` (the designated units, RB-STATES)
    "dependencies": {"attackers": ["defenders"], "defenders": ["attackers"]},
    "properties": {
        "attackers": {"type": "array", "items": _ID, "minItems": 1},
        "defenders": {"type": "array", "items": _ID, "minItems": 1},
        "assign": {
            "type": "object",
            "additionalProperties": False,
            "properties": {"attackers": _AMOUNTS, "defenders": _AMOUNTS},
        },
        "objective": {"enum": [o.value for o in cb.Objective]},
        "for": _ID,
        "weights": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
        "resolution": {"type": "boolean"},
    },
}


STEPS: dict[str, StepParser] = {"combat": _combat}
OBJECT_KEY_PARSERS: dict[str, ObjectKeyParser] = {"combat": _profile_key}
SCHEMA_OBJECT_PROPERTIES: dict[str, Any] = {"combat": _PROFILE_SCHEMA}
SCHEMA_STEPS: dict[str, Any] = {"combat": _STEP_SCHEMA}
