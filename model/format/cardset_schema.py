"""The JSON Schema of card-set files (``arbiter schema --cardset``), for editors.

Built from the scenario schema's pieces: cards are objects without an owner,
plus ``name``, ``text``, ``keywords``, ``roles`` and ``effect`` (scenario steps).
Keys other areas register in ``OBJECT_KEY_PARSERS`` are allowed as any value.
"""

from __future__ import annotations

from typing import Any

from arbiter.model.cardset import SIDES
from arbiter.model.format.schema import _ID, FEATURES, OBJECT_PROPERTIES, _step_schema
from arbiter.model.ruleset import POLICY_ENUMS, RULESETS

_NAMES = {"oneOf": [_ID, {"type": "array", "items": _ID}]}

ROLE = {
    "oneOf": [
        _NAMES,
        {
            "type": "object",
            "properties": {"kind": _NAMES, "side": {"enum": list(SIDES)}, "card": _ID},
            "additionalProperties": False,
        },
    ]
}


def build_cardset_schema(area_keys: list[str] | None = None) -> dict[str, Any]:
    card_props: dict[str, Any] = {
        k: v
        for k, v in OBJECT_PROPERTIES.items()
        if k in {"kind", "base", "features", "protections", "counters"}
    }
    card_props.update(
        {
            "name": {"type": "string"},
            "text": {"type": "string"},
            "keywords": FEATURES,
            "roles": {"type": "object", "additionalProperties": ROLE},
            "effect": {"type": "array", "items": _step_schema()},
            "suppress": {
                "type": "object",
                "additionalProperties": {"type": "string", "minLength": 1},
            },
        }
    )
    for key in area_keys or []:
        card_props.setdefault(key, {})
    # format 2: the card language (model.effects.keys), a description on every key
    from arbiter.model.effects.keys import ABILITY_DOC, json_schema

    ability: dict[str, Any] = {
        "description": "an ability",
        "type": "object",
        "additionalProperties": False,
        "properties": {k: {"description": d} for k, d in ABILITY_DOC.items()},
    }
    ability["properties"]["do"] = {"description": ABILITY_DOC["do"], "$ref": "#/$defs/effects"}
    ability["properties"]["when"] = {"description": ABILITY_DOC["when"], "$ref": "#/$defs/when"}
    card_props["do"] = {
        "description": "format 2: what the card does once (one effect or a list)",
        "$ref": "#/$defs/effects",
    }
    for key in ("triggers", "quick_actions"):
        card_props[key] = {
            "description": f"format 2: the card's {key.replace('_', ' ')}",
            "anyOf": [{"type": "array", "items": ability}, {}],
        }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "arbiter card set (format 2; format 1 is read too)",
        "$defs": json_schema(),
        "type": "object",
        "required": ["ruleset"],
        "additionalProperties": False,
        "properties": {
            "ruleset": {"enum": sorted(RULESETS)},
            "format": {
                "description": "the file format: 2 (the card language); absent: 1",
                "enum": [1, 2],
            },
            "title": {"type": "string"},
            "description": {"type": "string"},
            "policies": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    **{k: {"enum": [m.value for m in e]} for k, e in POLICY_ENUMS.items()},
                    "quick_action_cap": {"type": "integer", "minimum": 0},
                    "reaction_cap": {"type": "integer", "minimum": 0},
                },
            },
            "include": {"type": "array", "items": {"type": "string", "pattern": "^[^/\\\\]"}},
            "include_only": {"oneOf": [{"const": True}, {"type": "string", "minLength": 1}]},
            "cards": {
                "type": "object",
                "propertyNames": {"pattern": r"^[^.\s]{1,100}$"},
                "additionalProperties": {
                    "type": "object",
                    "required": ["kind"],
                    "properties": card_props,
                    "additionalProperties": False,
                },
            },
        },
    }
