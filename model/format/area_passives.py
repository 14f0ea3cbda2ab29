"""Object and card keys for passive abilities (RULES.md §2): ``passives`` and ``region``.

```yaml
objects:
  region: {owner: ana, kind: region, base: {subtypes: [Mountain]}}
  a:
    owner: ana
    kind: character
    region: region                  # the region object it is in (declared earlier)
    passives:
      - text: If I am in a Forest, I am Gigantic
        applies_to: {self: true}     # kind, subtype, keyword, controller, zone, self, other, here
        condition: {region: Forest}  # region, subtype, keyword; count + at_least / at_most
        effect: {gain: Gigantic}
```
Effects: ``{stat, op, value}`` (a modification of the foundation), ``{gain: K}``
(``number:`` for Tough X), ``{lose: K}``, ``{add_subtypes: [...]}``,
``{remove_subtypes: [...]}``, ``{set_subtypes: [...]}``, ``{lose_all_abilities: true}``,
``{region_type: [...]}`` (sets the subtypes of the regions among the objects selected).

Each entry is read into one effect of the card language (``model.effects.algebra``,
lasting while its source is in play): ``applies_to`` is its selector, ``condition`` its
condition on the source, ``effect`` its action and amount (``model.passives``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from arbiter.model.effects import algebra as fx
from arbiter.model.format.context import ObjectKeyParser, ParseContext
from arbiter.model.format.document import Node
from arbiter.model.passives import REGION_TYPE, SUBTYPES, WHILE_IN_PLAY, Passive, unsupported
from arbiter.model.state import GameObject
from arbiter.model.steps import NUMBER_OPS

PASSIVE_KEYS = {"id", "text", "applies_to", "condition", "effect"}
SELECTOR_KEYS = {"kind", "subtype", "keyword", "controller", "zone", "self", "other", "here"}
CONDITION_KEYS = {"region", "subtype", "keyword", "count", "at_least", "at_most"}
SET_EFFECTS = {
    "add_subtypes": (SUBTYPES, fx.StatOp.ADD),
    "remove_subtypes": (SUBTYPES, fx.StatOp.REMOVE),
    "set_subtypes": (SUBTYPES, fx.StatOp.SET),
    "region_type": (REGION_TYPE, fx.StatOp.SET),
}
EFFECT_KEYS = {"stat", "op", "value", "gain", "lose", "number", "lose_all_abilities", *SET_EFFECTS}
SIDES = {"you": fx.Side.YOURS, "opponent": fx.Side.ENEMY}


def parse_selector(node: Node) -> fx.Selector:
    """``applies_to``: every given filter must hold; ``self: true`` is the source itself, a
    ``controller`` other than you / opponent names a player (``Side.NAMED``); ``here: true``
    the objects at the source's place (``model.passives.at_place``)."""
    m = node.mapping(
        SELECTOR_KEYS, what="a selector: a mapping of " + ", ".join(sorted(SELECTOR_KEYS))
    )
    side, player = fx.Side.ANY, None
    if "controller" in m:
        who = m["controller"].ident("you, opponent, or a player")
        side = SIDES.get(who, fx.Side.NAMED)
        player = who if side is fx.Side.NAMED else None
    self_only = m["self"].boolean() if "self" in m else False
    other = m["other"].boolean() if "other" in m else False
    if self_only and other:
        m["other"].fail("not both 'self: true' and 'other: true'", key=True, got=False)
    return fx.Selector(
        fx.Pick.SELF if self_only else fx.Pick.ALL,
        side=side,
        kinds=m["kind"].string_set() if "kind" in m else frozenset(),
        subtypes=frozenset({m["subtype"].ident("a subtype")}) if "subtype" in m else frozenset(),
        has=frozenset({m["keyword"].ident("a keyword")}) if "keyword" in m else frozenset(),
        other=other,
        zone=m["zone"].ident("a zone") if "zone" in m else None,
        name=player,
        here=m["here"].boolean() if "here" in m else False,
    )


def parse_condition(node: Node) -> fx.Condition:
    """On the passive's source: its region has a subtype, it has a subtype, a keyword, and
    ``count`` (a selector, read from the source) with ``at_least`` / ``at_most`` objects
    (all that are given)."""
    m = node.mapping(CONDITION_KEYS, required=(), what="a condition: region, subtype or keyword")
    if not m:
        node.fail("a condition with region, subtype or keyword")
    parts = []
    if "region" in m:
        parts.append(
            fx.Condition(fx.Test.REGION, name=m["region"].ident("a region subtype (Forest ...)"))
        )
    if "subtype" in m:
        parts.append(fx.Condition(fx.Test.SUBTYPE, name=m["subtype"].ident("a subtype")))
    if "keyword" in m:
        parts.append(fx.Condition(fx.Test.HAS, name=m["keyword"].ident("a keyword")))
    bounds = [k for k in ("at_least", "at_most") if k in m]
    if "count" in m or bounds:  # IMP-COUNT: how many objects in play match a selector
        if "count" not in m or len(bounds) != 1:
            node.fail("a count with one of at_least, at_most", got=False)
        least = bounds[0] == "at_least"
        parts.append(
            fx.Condition(
                fx.Test.COUNT,
                selector=parse_selector(m["count"]),
                compare=fx.Compare.AT_LEAST if least else fx.Compare.AT_MOST,
                bound=m[bounds[0]].integer(),
            )
        )
    return parts[0] if len(parts) == 1 else fx.Condition(fx.Test.AND, tuple(parts))


def parse_effect(node: Node) -> tuple[fx.Action, fx.Amount | None]:
    """What the passive does, and its printed amount."""
    m = node.mapping(EFFECT_KEYS, what="an effect")
    kinds = [k for k in m if k in {"stat", "gain", "lose", "lose_all_abilities", *SET_EFFECTS}]
    if len(kinds) != 1:
        node.fail(
            "exactly one of: stat (with op and value), gain, lose, lose_all_abilities, "
            + ", ".join(sorted(SET_EFFECTS)),
            got=False,
        )
    kind = kinds[0]
    allowed = {"stat": {"stat", "op", "value"}, "gain": {"gain", "number"}}.get(kind, {kind})
    for key in m:
        if key not in allowed:
            m[key].fail(f"no '{key}' with '{kind}'", key=True, got=False)
    if kind == "stat":
        for key in ("op", "value"):
            if key not in m:
                node._missing(key)
        stat = m["stat"].ident("a characteristic")
        if stat == SUBTYPES:
            m["stat"].fail("a numeric characteristic (subtypes: add_subtypes, set_subtypes ...)")
        op = fx.StatOp(m["op"].choice(sorted(NUMBER_OPS)))
        v = m["value"]
        value: int | tuple[int | None, ...] = (
            tuple(None if x.value is None else x.integer() for x in v.seq())
            if isinstance(v.value, list)
            else v.integer()
        )
        return fx.ModifyStat(stat, op), fx.Const(value)
    if kind == "gain":
        number = fx.Const(m["number"].integer()) if "number" in m else None
        return fx.Give(fx.Grant.KEYWORD, m["gain"].ident("a keyword")), number
    if kind == "lose":
        return fx.Take(fx.Grant.KEYWORD, m["lose"].ident("a keyword")), None
    if kind == "lose_all_abilities":
        if not m[kind].boolean():
            m[kind].fail("true")
        return fx.Take(fx.Grant.ABILITIES), None
    stat, set_op = SET_EFFECTS[kind]
    return fx.ModifyStat(stat, set_op, members=m[kind].string_set()), None


def passive_effect(m: dict[str, Node]) -> fx.Effect:
    """One entry of ``passives:`` as an effect of the card language, lasting while its
    source is in play (A-PASS-1)."""
    action, amount = parse_effect(m["effect"])
    effect = fx.Effect(
        action,
        parse_selector(m["applies_to"]) if "applies_to" in m else fx.Selector(fx.Pick.ALL),
        amount,
        parse_condition(m["condition"]) if "condition" in m else None,
        WHILE_IN_PLAY,
    )
    problem = unsupported(effect)
    if problem is not None:  # every form read above is run; kept as a located error
        m["effect"].fail(problem, got=False)
    return effect


def parse_passives(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    found: list[Passive] = []
    seen: set[str] = set()
    for i, pnode in enumerate(node.seq("a list of passive abilities"), start=1):
        m = pnode.mapping(PASSIVE_KEYS, required=("effect",))
        name = m["id"].ident("a passive id") if "id" in m else str(i)
        if name in seen:
            m["id"].fail(f"a passive id not used twice on {obj.id}")
        seen.add(name)
        found.append(
            Passive(
                id=f"{obj.id}.{name}",
                source=obj.id,
                timestamp=obj.timestamp,
                effect=passive_effect(m),
                text=m["text"].text() if "text" in m else "",
            )
        )
    return replace(obj, abilities=(*obj.abilities, *found))


def parse_region(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    rid = node.ident("a region object id")
    region = ctx.state.objects.get(rid)
    if region is None or region.kind != "region":
        node.fail("the id of an object of kind region declared earlier under 'objects'")
    return replace(obj, region=rid)


# The JSON Schema of objects (shown by ``arbiter schema`` once the areas are loaded).
_NAME_OR_NAMES = {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}


def _applies_schema() -> dict[str, Any]:
    """A selector of ``applies_to`` or of a count (a new mapping each time)."""
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "kind": _NAME_OR_NAMES,
            "subtype": {"type": "string"},
            "keyword": {"type": "string"},
            "controller": {"type": "string"},
            "zone": {"type": "string"},
            "self": {"type": "boolean"},
            "other": {"type": "boolean"},
            "here": {"type": "boolean"},
        },
    }


_PASSIVES_SCHEMA: dict[str, Any] = {
    "type": "array",
    "items": {
        "type": "object",
        "required": ["effect"],
        "additionalProperties": False,
        "properties": {
            "id": {"type": "string"},
            "text": {"type": "string"},
            "applies_to": _applies_schema(),
            "condition": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "region": {"type": "string"},
                    "subtype": {"type": "string"},
                    "keyword": {"type": "string"},
                    "count": _applies_schema(),
                    "at_least": {"type": "integer"},
                    "at_most": {"type": "integer"},
                },
            },
            "effect": {"type": "object"},
        },
    },
}


OBJECT_KEY_PARSERS: dict[str, ObjectKeyParser] = {
    "passives": parse_passives,
    "region": parse_region,
}


SCHEMA_OBJECT_PROPERTIES: dict[str, Any] = {
    "region": {"type": "string"},
    "passives": _PASSIVES_SCHEMA,
}
