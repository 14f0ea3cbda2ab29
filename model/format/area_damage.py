"""File format of the damage area (docs/format.md, "Damage and prevention").

Object keys: ``prevention`` (shields), ``damage_bonus``, ``damage``
(damage already marked). Steps: ``damage``, ``declare_damage``, ``resolve_damage``,
``prevent``. JSON view: per object ``prevention`` and ``counters``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from arbiter.model.damage import instructions as dm
from arbiter.model.damage import prevention as pv
from arbiter.model.damage.steps import (
    OBJECTIVES,
    ChoosingDealDamage,
    DealDamage,
    DeclareDamage,
    Prevent,
    ResolveDamage,
)
from arbiter.model.format.area_replacement import _fixed_for
from arbiter.model.format.context import ObjectKeyParser, ParseContext, StepParser
from arbiter.model.format.document import Node
from arbiter.model.state import GameObject
from arbiter.model.steps import Step

AMOUNT_LIMIT = 10**6


def _items(node: Node) -> list[Node]:
    return node.seq() if isinstance(node.value, list) else [node]


def _shield(node: Node, ctx: ParseContext, holder: GameObject, default_id: str) -> pv.Shield:
    if isinstance(node.value, int) and not isinstance(node.value, bool):
        amount, m = node.integer(0, AMOUNT_LIMIT), {}
    else:
        m = node.mapping(
            {"amount", "source", "controller", "id", "next", "from", "this_turn"},
            required=(),
        )
        if ("amount" in m) == ("next" in m):
            node.fail("'amount: N' (or 'all'), or 'next: true' (the next damage)", got=False)
        all_damage = "next" in m or m["amount"].value == "all"
        amount = 1 if all_damage else m["amount"].integer(0, AMOUNT_LIMIT)
        if "next" in m and not m["next"].boolean():
            m["next"].fail("true")
        source = m["source"].ident("a source object") if "source" in m else holder.id
        return pv.Shield(
            id=m["id"].ident("a shield id") if "id" in m else default_id,
            source=source,
            controller=ctx.player(m["controller"]) if "controller" in m else holder.controlled_by,
            remaining=amount,
            timestamp=holder.timestamp,
            source_stamp=_declared_stamp(ctx, holder, source),
            all_damage=all_damage,
            next_hit="next" in m,
            from_kinds=frozenset(k.choice(dm.ACTION_KINDS) for k in _items(m["from"]))
            if "from" in m
            else frozenset(),
            this_turn=m["this_turn"].boolean() if "this_turn" in m else False,
        )
    source = m["source"].ident("a source object") if "source" in m else holder.id
    return pv.Shield(
        id=m["id"].ident("a shield id") if "id" in m else default_id,
        source=source,
        controller=ctx.player(m["controller"]) if "controller" in m else holder.controlled_by,
        remaining=amount,
        timestamp=holder.timestamp,
        source_stamp=_declared_stamp(ctx, holder, source),
    )


def _declared_stamp(ctx: ParseContext, holder: GameObject, source: str) -> int | None:
    """P-6b: the timestamp the source object has as the scenario starts (it may be declared
    later in the file: then its own ``timestamp``, else its place in ``objects``)."""
    if source == holder.id:
        return holder.timestamp
    known = ctx.state.objects.get(source)
    if known is not None:
        return known.timestamp
    root = ctx.doc.node().value
    objects = root.get("objects") if isinstance(root, dict) else None
    if not isinstance(objects, dict) or source not in objects:
        return None  # an effect name, not an object
    given = objects[source].get("timestamp") if isinstance(objects[source], dict) else None
    if isinstance(given, int) and not isinstance(given, bool):
        return given
    return list(objects).index(source) + 1  # the default: its place in the file


def _prevention_key(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    """``prevention: 3`` or a list of ``{amount, source, controller, id}`` (P-4, P-6)."""
    items = _items(node)
    for n, item in enumerate(items, start=1):
        default = "prevention" if len(items) == 1 else f"prevention{n}"
        obj = pv.add_shield(obj, _shield(item, ctx, obj, default))
    ids = [s.id for s in pv.shields(obj)]
    if len(set(ids)) != len(ids):
        node.fail("distinct shield ids", got=False)
    return obj


def _bonus_key(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    """``damage_bonus: 1`` or ``{amount, to: [spell, ability, unit], id}`` (D-BONUS-1)."""
    added: list[dm.DamageBonus] = []
    for n, item in enumerate(_items(node), start=1):
        if isinstance(item.value, int) and not isinstance(item.value, bool):
            added.append(dm.DamageBonus(id=f"bonus{n}", source=obj.id, amount=item.integer()))
            continue
        m = item.mapping({"amount", "to", "id"}, required=("amount",))
        to = frozenset(dm.ACTION_KINDS)
        if "to" in m:
            to = frozenset(k.choice(dm.ACTION_KINDS) for k in _items(m["to"]))
        added.append(
            dm.DamageBonus(
                id=m["id"].ident() if "id" in m else f"bonus{n}",
                source=obj.id,
                amount=m["amount"].integer(-AMOUNT_LIMIT, AMOUNT_LIMIT),
                to=to,
            )
        )
    return replace(obj, abilities=(*obj.abilities, *added))


def _damage_key(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    """``damage: 2``: damage (wounds) already marked on the object."""
    counters = dict(obj.counters)
    counters[dm.DAMAGE] = node.integer(0, AMOUNT_LIMIT)
    return replace(obj, counters=counters)




# -- steps --------------------------------------------------------------------------------

INSTRUCTION_KEYS = {"id", "each", "split", "source", "controller", "bonuses", "max_targets"}
INSTRUCTION_KEYS |= {"immune"}
CHOICE_KEYS = {"allocation", "weights", "shield_order", "objective", "for"}


def _source(node: Node, ctx: ParseContext) -> dm.DamageSource:
    """``source: <object>`` or ``{spell|unit|units|ability, card, dealt_by}``.

    D-SRC-1, D-ATTR-1: who the rules make responsible for the damage.
    """
    if not isinstance(node.value, dict):
        oid = ctx.object_id(node)
        kind = ctx.state.obj(oid).kind
        return dm.DamageSource("spell" if kind == "spell" else "unit", oid)
    m = node.mapping({"spell", "unit", "units", "ability", "card", "dealt_by"})
    kinds = [k for k in ("spell", "unit", "units", "ability") if k in m]
    if len(kinds) != 1:
        node.fail("exactly one of spell, unit, units, ability", got=False)
    kind = kinds[0]
    dealt_by = tuple(ctx.object_id(n) for n in _items(m["dealt_by"])) if "dealt_by" in m else ()
    if kind == "units":
        units = tuple(ctx.object_id(n) for n in m["units"].seq("a list of unit ids"))
        if not units:
            m["units"].fail("at least one unit")
        return dm.DamageSource("unit", units[0], dealt_by=units)
    if kind == "unit":
        unit = ctx.object_id(m["unit"])
        return dm.DamageSource("unit", unit, dealt_by=(unit,))
    if kind == "spell":
        return dm.DamageSource("spell", ctx.object_id(m["spell"]), dealt_by=dealt_by)
    if "card" not in m:
        node._missing("card")
    return dm.DamageSource(
        "ability",
        ctx.object_id(m["card"]),
        ability=m["ability"].ident("an ability name"),
        dealt_by=dealt_by,
    )


def _instruction(
    m: dict[str, Node], node: Node, ctx: ParseContext, default_id: str
) -> dm.Instruction:
    if ("each" in m) == ("split" in m):
        node.fail("exactly one of 'each: N' and 'split: N'", got=False)
    mode = dm.Mode.EACH if "each" in m else dm.Mode.SPLIT
    amount = m[mode.value].integer(0, AMOUNT_LIMIT)
    if "source" not in m:
        node._missing("source")
    source = _source(m["source"], ctx)
    controller = (
        ctx.player(m["controller"])
        if "controller" in m
        else ctx.state.obj(source.card).controlled_by
    )
    bonuses: list[tuple[str, int]] = []
    if "bonuses" in m:
        for b in m["bonuses"].seq("a list of {source, amount}"):
            bm = b.mapping({"source", "amount"}, required=("source", "amount"))
            bonuses.append(
                (bm["source"].ident("a source"), bm["amount"].integer(-AMOUNT_LIMIT, AMOUNT_LIMIT))
            )
    immune = (
        frozenset(ctx.object_id(i) for i in _items(m["immune"])) if "immune" in m else frozenset()
    )
    return dm.Instruction(
        id=m["id"].ident("an instruction id") if "id" in m else default_id,
        mode=mode,
        amount=amount,
        source=source,
        controller=controller,
        bonuses=tuple(bonuses),
        max_targets=m["max_targets"].integer(0, AMOUNT_LIMIT) if "max_targets" in m else None,
        immune=immune,
    )


def _allocation(node: Node, ctx: ParseContext) -> dict[str, int]:
    out: dict[str, int] = {}
    for key, v in node.mapping(what="a mapping of target ids to damage").items():
        ctx.object_id(node.child(key, key))
        out[key] = v.integer(-AMOUNT_LIMIT, AMOUNT_LIMIT)
    return out


def _weights(node: Node, ctx: ParseContext) -> dict[str, int]:
    out: dict[str, int] = {}
    for key, v in node.mapping(what="a mapping of target ids to values").items():
        ctx.object_id(node.child(key, key))
        out[key] = v.integer(0, AMOUNT_LIMIT)
    return out


def _choices(m: dict[str, Node], ctx: ParseContext) -> dict[str, object]:
    out: dict[str, object] = {}
    if "allocation" in m:
        out["allocation"] = _allocation(m["allocation"], ctx)
    if "weights" in m:
        out["weights"] = _weights(m["weights"], ctx)
    if "shield_order" in m:
        out["shield_order"] = tuple(n.ident("a shield id") for n in m["shield_order"].seq())
    if "objective" in m:
        out["objective"] = m["objective"].choice(OBJECTIVES)
    if "for" in m:
        out["for_player"] = ctx.player(m["for"])
    return out


def _targets(node: Node, ctx: ParseContext) -> tuple[str, ...]:
    return tuple(ctx.object_id(n) for n in _items(node))


def _step_id(node: Node, prefix: str) -> str:
    """A default id from the step's index in the file (stable across runs)."""
    index = node.path[1] if len(node.path) > 1 else 0
    return f"{prefix}{index}"


def _damage(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping(INSTRUCTION_KEYS | CHOICE_KEYS | {"targets", "candidates"})
    instr = _instruction(m, node, ctx, _step_id(node, "damage"))
    if "targets" not in m:  # an open split is said, never assumed (docs/format.md)
        node.fail("'targets: [ids]', or 'targets: open' for a split the solver makes", got=False)
    targets = None
    if "targets" in m and m["targets"].value != "open":
        targets = _targets(m["targets"], ctx)
    if targets is None and instr.mode is dm.Mode.EACH:
        node.fail("'targets: [ids]' for an instruction dealing damage to each target", got=False)
    if targets is None and "allocation" in m:
        m["allocation"].fail("no allocation when the targets are open", key=True, got=False)
    if instr.mode is dm.Mode.EACH and "allocation" in m:
        m["allocation"].fail("an allocation only for 'split'", key=True, got=False)
    candidates = _targets(m["candidates"], ctx) if "candidates" in m else None
    if targets is not None and (instr.mode is dm.Mode.EACH or "allocation" in m):
        # known targets and split: replacement decisions are choice points (R-5)
        fixed = _fixed_for(ctx, instr.id)
        kw = _choices(m, ctx)
        return ChoosingDealDamage(instruction=instr, targets=targets, fixed=fixed, **kw)  # type: ignore[arg-type]
    return DealDamage(instruction=instr, targets=targets, candidates=candidates, **_choices(m, ctx))  # type: ignore[arg-type]


def _declare(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping(INSTRUCTION_KEYS | {"targets"}, required=("targets", "id"))
    instr = _instruction(m, node, ctx, "")
    return DeclareDamage(instruction=instr, targets=_targets(m["targets"], ctx))


def _resolve(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping(CHOICE_KEYS | {"id"}, required=("id",))
    return ResolveDamage(instruction_id=m["id"].ident("an instruction id"), **_choices(m, ctx))  # type: ignore[arg-type]


def _prevent(node: Node, ctx: ParseContext) -> Step:
    """``prevent: {target, amount, source, controller, id}``: a new shield (P-5)."""
    m = node.mapping(
        {"target", "amount", "source", "controller", "id", "next", "from", "this_turn"},
        required=("target",),
    )
    target = ctx.object_id(m["target"])
    holder = ctx.state.obj(target)
    rest = {k: n.value for k, n in m.items() if k != "target"}
    shield = _shield(Node(node.doc, node.path, rest), ctx, holder, _step_id(node, "shield_step"))
    return Prevent(target=target, shield=shield)


# The JSON Schema of this area's keys and step kinds (``arbiter schema``).
_INTEGER = {"type": "integer"}
_IDENT = {"type": ["string", "integer"]}
_ONE_OR_LIST: dict[str, Any] = {
    "oneOf": [_INTEGER, {"type": "object"}, {"type": "array"}, {"type": "string"}]
}
_INSTRUCTION: dict[str, Any] = {"type": "object"}
SCHEMA_OBJECT_PROPERTIES: dict[str, Any] = {
    "prevention": _ONE_OR_LIST,
    "damage_bonus": _ONE_OR_LIST,
    "damage": {"type": "integer", "minimum": 0},
}
SCHEMA_STEPS: dict[str, Any] = {
    "damage": _INSTRUCTION,
    "declare_damage": _INSTRUCTION,
    "resolve_damage": {"type": "object", "required": ["id"]},
    "prevent": {
        "type": "object",
        "required": ["target"],
        "properties": {
            "target": _IDENT,
            "amount": {"oneOf": [_INTEGER, {"const": "all"}]},
            "source": _IDENT,
            "id": _IDENT,
            "next": {"type": "boolean"},
            "from": {},
            "this_turn": {"type": "boolean"},
        },
    },
}


STEPS: dict[str, StepParser] = {
    "damage": _damage,
    "declare_damage": _declare,
    "resolve_damage": _resolve,
    "prevent": _prevent,
}


OBJECT_KEY_PARSERS: dict[str, ObjectKeyParser] = {
    "prevention": _prevention_key,
    "damage_bonus": _bonus_key,
    "damage": _damage_key,
}
