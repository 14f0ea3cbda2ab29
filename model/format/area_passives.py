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
        applies_to: {self: true}     # kind, subtype, keyword, controller, zone, self, other
        condition: {region: Forest}  # region, subtype, keyword (of the passive's source)
        effect: {gain: Gigantic}
```
Effects: ``{stat, op, value}`` (a modification of the foundation), ``{gain: K}``
(``number:`` for Tough X), ``{lose: K}``, ``{add_subtypes: [...]}``,
``{remove_subtypes: [...]}``, ``{set_subtypes: [...]}``, ``{lose_all_abilities: true}``,
``{region_type: [...]}`` (sets the subtypes of the regions among the objects selected).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from arbiter.model.format.context import ObjectKeyParser, ParseContext
from arbiter.model.format.document import Node
from arbiter.model.passives import Condition, EffectKind, Passive, PassiveEffect, Selector
from arbiter.model.state import GameObject
from arbiter.model.steps import NUMBER_OPS

PASSIVE_KEYS = {"id", "text", "applies_to", "condition", "effect"}
SELECTOR_KEYS = {"kind", "subtype", "keyword", "controller", "zone", "self", "other"}
CONDITION_KEYS = {"region", "subtype", "keyword"}
SET_EFFECTS = {
    "add_subtypes": EffectKind.ADD_SUBTYPES,
    "remove_subtypes": EffectKind.REMOVE_SUBTYPES,
    "set_subtypes": EffectKind.SET_SUBTYPES,
    "region_type": EffectKind.REGION_TYPE,
}
EFFECT_KEYS = {"stat", "op", "value", "gain", "lose", "number", "lose_all_abilities", *SET_EFFECTS}


def parse_selector(node: Node) -> Selector:
    m = node.mapping(
        SELECTOR_KEYS, what="a selector: a mapping of " + ", ".join(sorted(SELECTOR_KEYS))
    )
    kinds = m["kind"].string_set() if "kind" in m else frozenset()
    controller = None
    if "controller" in m:
        controller = m["controller"].ident("you, opponent, or a player")
    sel = Selector(
        kinds=kinds,
        subtype=m["subtype"].ident("a subtype") if "subtype" in m else None,
        keyword=m["keyword"].ident("a keyword") if "keyword" in m else None,
        controller=controller,
        zone=m["zone"].ident("a zone") if "zone" in m else None,
        self_only=m["self"].boolean() if "self" in m else False,
        other=m["other"].boolean() if "other" in m else False,
    )
    if sel.self_only and sel.other:
        m["other"].fail("not both 'self: true' and 'other: true'", key=True, got=False)
    return sel


def parse_condition(node: Node) -> Condition:
    m = node.mapping(CONDITION_KEYS, required=(), what="a condition: region, subtype or keyword")
    if not m:
        node.fail("a condition with region, subtype or keyword")
    return Condition(
        region=m["region"].ident("a region subtype (Forest ...)") if "region" in m else None,
        subtype=m["subtype"].ident("a subtype") if "subtype" in m else None,
        keyword=m["keyword"].ident("a keyword") if "keyword" in m else None,
    )


def parse_effect(node: Node) -> PassiveEffect:
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
        op = NUMBER_OPS[m["op"].choice(sorted(NUMBER_OPS))]
        v = m["value"]
        amounts = (
            tuple(None if x.value is None else x.integer() for x in v.seq())
            if isinstance(v.value, list)
            else (v.integer(),)
        )
        return PassiveEffect(
            EffectKind.MODIFY, stat=m["stat"].ident("a characteristic"), op=op, amounts=amounts
        )
    if kind == "gain":
        number = m["number"].integer() if "number" in m else None
        return PassiveEffect(EffectKind.GAIN, feature=m["gain"].ident("a keyword"), number=number)
    if kind == "lose":
        return PassiveEffect(EffectKind.LOSE, feature=m["lose"].ident("a keyword"))
    if kind == "lose_all_abilities":
        if not m[kind].boolean():
            m[kind].fail("true")
        return PassiveEffect(EffectKind.LOSE_ALL_ABILITIES)
    return PassiveEffect(SET_EFFECTS[kind], members=m[kind].string_set())


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
                selector=parse_selector(m["applies_to"]) if "applies_to" in m else Selector(),
                effect=parse_effect(m["effect"]),
                condition=parse_condition(m["condition"]) if "condition" in m else None,
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
_PASSIVES_SCHEMA: dict[str, Any] = {
    "type": "array",
    "items": {
        "type": "object",
        "required": ["effect"],
        "additionalProperties": False,
        "properties": {
            "id": {"type": "string"},
            "text": {"type": "string"},
            "applies_to": {
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
                },
            },
            "condition": {
                "type": "object",
                "additionalProperties": False,
                "properties": {k: {"type": "string"} for k in sorted(CONDITION_KEYS)},
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
